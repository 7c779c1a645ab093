/*
 * table.h - read an RFC 4180 file (a results CSV) into memory: a header
 * row of column names, then rows of text cells. Quoted fields may hold
 * commas, doubled quotes and line breaks; CRLF and LF line ends both work.
 *
 * The rows come through the store's one scanner (csvscan.h), as resume
 * and merge read them; the table holds the cells' text once and an
 * offset per cell; reading is linear in the file's size. Free it with
 * nq_table_free(). The digest chain (chain.h) is checked as the rows
 * are read: nq_tamper_tell_table (tamper.h) says what it found, so a
 * file is read once.
 *
 * Damage an interrupted run or a crash leaves is not fatal: a last row
 * that is half written (fewer fields than the header, or ending inside a
 * quoted field that holds no line break, or NUL bytes without a line
 * end) is dropped with a warning naming the file and line. A file that
 * is not a table at all (no header, a row in the middle with another
 * number of fields, a quote never closed over several lines, text after
 * a closing quote, a NUL byte, a carriage return that ends no line) is
 * an error.
 *
 * Warnings go to stderr as "FILE:LINE: warning: ..." (nq_table_warn_to()
 * sends them elsewhere).
 */
#ifndef NQ_CSVREAD_H
#define NQ_CSVREAD_H

#include <stddef.h>
#include <stdio.h>
#include "error.h"

typedef struct nq_table nq_table;

/* Read `path`. -1 with err set (file, line) when it cannot be read or is
 * malformed (see above) or larger than NQ_TABLE_MAX_BYTES. */
int nq_table_read(const char *path, nq_table **out, nq_error *err);
/* nq_table_read refuses a file larger than this (bytes). */
#define NQ_TABLE_MAX_BYTES (512u << 20)
/* Parse text held in memory; `name` is used in messages. */
int nq_table_parse(const char *text, size_t len, const char *name,
		   nq_table **out, nq_error *err);
void nq_table_free(nq_table *t);

size_t nq_table_nrows(const nq_table *t);
size_t nq_table_ncols(const nq_table *t);
const char *nq_table_colname(const nq_table *t, size_t col);
/* The column named `name`, or -1. */
int nq_table_col(const nq_table *t, const char *name);
/* The cell at (row, col); "" when col < 0 (a column the file lacks). */
const char *nq_table_cell(const nq_table *t, size_t row, int col);
/* The file's line where row `row` starts (1-based; the header is line 1). */
size_t nq_table_line(const nq_table *t, size_t row);
/* The name the table was read under (its path). */
const char *nq_table_name(const nq_table *t);

/* Parse a whole cell as a number; 0 on success, -1 if empty or not one
 * (nan and inf are not numbers here). */
int nq_table_number(const char *cell, double *v);
/* A column is numeric when it has numbers and at most as many non-empty
 * cells that are not numbers as cells that are. */
int nq_table_col_numeric(const nq_table *t, int col);
/* Column `col` as numbers, one per row: NAN where the cell is empty or
 * not a number; NULL if col < 0 or there is no memory. Computed once per
 * column and kept with the table. The first call for a numeric column
 * warns about each cell that is not a number (the first few by line, then
 * how many more): such a cell is skipped, the rest of the file is used. */
const double *nq_table_numbers(const nq_table *t, int col);
/* Column `col` as counts (steps, restarts): nq_table_numbers with a
 * negative number NAN too, each warned about once per table (the first
 * few by line, then how many more), as a cell that is not a number. */
const double *nq_table_counts(const nq_table *t, int col);

/* The digest chain as checked while the table was read (chain.h). */
struct nq_chain_check;
const struct nq_chain_check *nq_table_chain(const nq_table *t);

/* Where warnings go: `f`, or stderr when NULL. */
void nq_table_warn_to(FILE *f);
/* Print a warning "FILE:LINE: warning: ..." (LINE left out when 0). */
void nq_table_warn(const char *file, size_t line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* How many non-number cells of one column are named one by one before
 * the rest are only counted. */
#define NQ_TABLE_WARN_CELLS 5

#endif
