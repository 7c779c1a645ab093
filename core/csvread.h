/*
 * csvread.h - read an RFC 4180 file (a results CSV) into memory: a header
 * row of column names, then rows of text cells. Quoted fields may hold
 * commas, doubled quotes and line breaks; CRLF and LF line ends both work.
 *
 * The table owns every string in it; free it with nq_table_free().
 */
#ifndef NQ_CSVREAD_H
#define NQ_CSVREAD_H

#include <stddef.h>
#include "error.h"

typedef struct nq_table nq_table;

/* Read `path`. -1 with err set (file, line) when it cannot be read or is
 * malformed (no header, a row with a different number of fields, an
 * unclosed quote) or larger than NQ_TABLE_MAX_BYTES. */
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

/* Parse a whole cell as a number; 0 on success, -1 if empty or not one. */
int nq_table_number(const char *cell, double *v);
/* A column is numeric when it has a value and every value is a number. */
int nq_table_col_numeric(const nq_table *t, int col);

#endif
