/*
 * csvscan.h - the one CSV scanner of the store (csvscan.c): RFC 4180,
 * a row at a time, which every reader of a results file goes through:
 * the rows read back (rows.c) and written out again (rows_write.c), the
 * whole file read into memory (table.c). Not a header outside
 * core/store/.
 */
#ifndef NQ_CSVSCAN_H
#define NQ_CSVSCAN_H

#include <stdio.h>
#include "columns.h"
#include "error.h"

/* What nq_rd_row found. */
enum { ROW_OK, ROW_EOF, ROW_CUT, ROW_BAD, ROW_NOMEM };

/* ROW_BAD: which damage (each reader may word it for its users; `why`
 * is the scanner's own wording). */
enum { RD_BAD_QUOTE = 1, RD_BAD_AFTER_QUOTE, RD_BAD_CR, RD_BAD_NUL };

/* 1 (the default): a row whole in the buffer with no quote, NUL byte or
 * stray carriage return is cut at its commas in one pass; 0: every row
 * through the state machine. The two must give the same rows: the fuzz
 * target and test_csv read each input both ways and compare. */
extern int nq_rd_fast;

struct rd {
	FILE *fp;               /* NULL: the text is in memory (buf) */
	unsigned char *buf;     /* own, or the text in memory */
	unsigned char own[1 << 16];
	size_t pos, len;
	long long off;          /* bytes consumed */
	size_t line;            /* the line the next byte is on */
	size_t row_line;        /* where the row just read starts */
	long long row_off;      /* ... and its first byte */
	char *text;             /* the row's cells, each NUL-terminated */
	size_t tlen, tcap;
	size_t *cell;           /* where each cell starts in text */
	size_t ncell, capcell;
	size_t nul;             /* the row's first cell with a NUL byte, + 1 */
	int quoted;             /* a cell of the row was quoted (only such a
				   cell can hold a comma, quote or line end) */
	int cut_in_quote;       /* ROW_CUT inside a quoted cell */
	int bad;                /* ROW_BAD: RD_BAD_* */
	size_t quote_line;      /* RD_BAD_QUOTE: where the quote opened */
	const char *why;        /* ROW_BAD: what is wrong */
	char whybuf[120];
};

/* The scanner: open `path` (err set when it cannot be read), or `len`
 * bytes of `text` in memory (kept by the caller while it reads), close;
 * one row into r's cells (ROW_*; ROW_BAD: r->why says what is wrong),
 * the error for a row that is not ROW_OK (-1), whether the file ends
 * here, and a seek to byte `off` on line `line` (only when the row is
 * not the next one anyway; -1 when it fails). A UTF-8 byte order mark
 * at the start is skipped by nq_rd_skip_bom, called before the first
 * row (the table's readers allow one; resume and merge read only what
 * the harness wrote). */
int nq_rd_open(struct rd *r, const char *path, nq_error *err);
void nq_rd_open_mem(struct rd *r, const char *text, size_t len);
void nq_rd_skip_bom(struct rd *r);
void nq_rd_close(struct rd *r);
int nq_rd_row(struct rd *r);
int nq_rd_fail(const struct rd *r, const char *path, int rc, nq_error *err);
int nq_rd_at_eof(struct rd *r);
int nq_rd_seek(struct rd *r, long long off, size_t line);

/* Cell `col` of the row just read ("" past its end or for -1). */
static inline const char *cell(const struct rd *r, int col)
{
	return col < 0 || (size_t)col >= r->ncell ? "" : r->text + r->cell[col];
}

/* The row is a blank line. */
static inline int blank(const struct rd *r)
{
	return r->ncell == 1 && !r->text[0];
}

/* The header row of a results file: col[NQ_COL_*] (columns.h) the
 * index of each column of the table in the file (-1: none), *ncols its
 * cells; -1 with err set when it is no results file's header. */
int nq_rows_header(struct rd *r, const char *path, int *col, size_t *ncols,
		   nq_error *err);

#endif
