/*
 * table.c - see table.h. The rows come from the store's one scanner
 * (csvscan.c), a row at a time; their cells are copied into one text
 * that grows with the file (each cell an offset into it), and the digest
 * chain is checked as each row is taken (chain.c), so report, plot and
 * compare read a file once.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include "chain.h"
#include "csvscan.h"
#include "table.h"

struct nq_table {
	char *text;           /* every cell, each NUL-terminated */
	size_t tlen, tcap;
	size_t *cells;        /* row-major, header first: where each cell
				 starts in text, (nrows + 1) * ncols */
	size_t *lines;        /* the line each row starts on */
	size_t ncols, nrows;
	size_t ncells, cap, linecap;
	char *name;
	nq_chain_check chain; /* the digests, checked as the rows came */
	/* filled on demand by nq_table_numbers() */
	double **nums;
	size_t *good, *bad;   /* per column: cells that are / are not numbers */
	unsigned char *counts; /* per column: its negatives made NAN
				  (nq_table_counts) */
};

static FILE *warn_file;

void nq_table_warn_to(FILE *f)
{
	warn_file = f;
}

void nq_table_warn(const char *file, size_t line, const char *fmt, ...)
{
	FILE *f = warn_file ? warn_file : stderr;
	va_list ap;

	if (line)
		fprintf(f, "%s:%zu: warning: ", file, line);
	else
		fprintf(f, "%s: warning: ", file);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputc('\n', f);
}

void nq_table_free(nq_table *t)
{
	size_t i;

	if (!t)
		return;
	if (t->nums)
		for (i = 0; i < t->ncols; i++)
			free(t->nums[i]);
	free(t->nums);
	free(t->good);
	free(t->bad);
	free(t->counts);
	free(t->cells);
	free(t->lines);
	free(t->text);
	free(t->name);
	free(t);
}

/* The cells of the row just scanned into the table (and its line, but
 * for the header). -1 when out of memory. */
static int take(nq_table *t, const struct rd *r, int header)
{
	size_t i, base = t->tlen;

	if (t->tlen + r->tlen > t->tcap) {
		size_t cap = t->tcap ? t->tcap : 65536;
		char *p;

		while (cap < t->tlen + r->tlen)
			cap *= 2;
		if (!(p = realloc(t->text, cap)))
			return -1;
		t->text = p;
		t->tcap = cap;
	}
	memcpy(t->text + t->tlen, r->text, r->tlen);
	t->tlen += r->tlen;
	if (t->ncells + r->ncell > t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 1024;
		size_t *p;

		while (cap < t->ncells + r->ncell)
			cap *= 2;
		if (!(p = realloc(t->cells, cap * sizeof *p)))
			return -1;
		t->cells = p;
		t->cap = cap;
	}
	for (i = 0; i < r->ncell; i++)
		t->cells[t->ncells++] = base + r->cell[i];
	if (header)
		return 0;
	if (t->nrows == t->linecap) {
		size_t cap = t->linecap ? 2 * t->linecap : 256;
		size_t *p = realloc(t->lines, cap * sizeof *p);

		if (!p)
			return -1;
		t->lines = p;
		t->linecap = cap;
	}
	t->lines[t->nrows++] = r->row_line;
	return 0;
}

/* The row is one cell of blanks (or none). */
static int blank_line(const struct rd *r)
{
	const char *c = r->text;

	if (r->ncell != 1)
		return 0;
	while (*c == ' ' || *c == '\t')
		c++;
	return !*c;
}

/* A row that is no row: the error naming its line. The scanner's own
 * words, but for a quote never closed, worded as report has always
 * worded it. */
static int bad_row(const struct rd *r, const char *name, int rc,
		   nq_error *err)
{
	if (rc == ROW_NOMEM)
		return nq_error_set(err, name, 0, 0, "out of memory");
	if (r->fp && ferror(r->fp))
		return nq_error_set(err, name, 0, 0, "read failed");
	if (r->bad == RD_BAD_QUOTE)
		return nq_error_set(err, name, (int)r->quote_line, 0,
				    "a quoted field is never closed");
	return nq_error_set(err, name, (int)r->row_line, 0, "%s", r->why);
}

/* What to add to a row's error when the header is no results file's
 * (a .meta, an experiment file, another program's CSV given by
 * mistake): the rows would not fit it, and saying so alone misleads. */
static const char *not_results(const nq_table *t)
{
	return nq_table_col(t, "experiment") < 0 && nq_table_col(t, "n") < 0 ?
	       ": is this a harness results file? Its first line, the "
	       "header, names no column 'experiment' or 'n'" : "";
}

static int too_many(const nq_table *t, const struct rd *r, const char *name,
		    nq_error *err)
{
	return nq_error_set(err, name, (int)r->row_line, 0, "%zu fields "
			    "where the header has %zu%s", r->ncell, t->ncols,
			    not_results(t));
}

/* A row with fewer cells than the header, and a line end: the last row,
 * cut off (what an interrupted run leaves), when only blank lines come
 * after it; else damage. 0 (dropped, with a warning), or -1. */
static int short_row(const nq_table *t, struct rd *r, const char *name,
		     nq_error *err)
{
	size_t line = r->row_line, n = r->ncell;
	int rc;

	while ((rc = nq_rd_row(r)) == ROW_OK || rc == ROW_CUT) {
		if (!blank_line(r))
			break;
	}
	if (rc == ROW_EOF) {
		nq_table_warn(name, line, "the last row is half written (%zu "
			      "of %zu fields): dropped", n, t->ncols);
		return 0;
	}
	if (rc == ROW_NOMEM)
		return bad_row(r, name, rc, err);
	return nq_error_set(err, name, (int)line, 0, "%zu fields where the "
			    "header has %zu%s", n, t->ncols, not_results(t));
}

/* The file's rows into t, the digests checked as they come. */
static int scan(nq_table *t, struct rd *r, const char *name, int limit,
		nq_error *err)
{
	size_t i;
	int rc, dcol = -1;

	nq_rd_skip_bom(r);
	rc = nq_rd_row(r);
	if (rc == ROW_EOF)
		return nq_error_set(err, name, 0, 0, "empty file: expected a "
				    "header row of column names");
	if (rc == ROW_CUT && r->cut_in_quote)
		return nq_error_set(err, name, (int)r->quote_line, 0,
				    "a quoted field is never closed");
	if (rc != ROW_OK && rc != ROW_CUT)
		return bad_row(r, name, rc, err);
	if (rc == ROW_CUT && r->nul) {
		r->why = "a NUL byte in the header (a cell is text: no NUL "
			 "bytes)";
		return bad_row(r, name, ROW_BAD, err);
	}
	t->ncols = r->ncell;
	if (take(t, r, 1) < 0)
		return bad_row(r, name, ROW_NOMEM, err);
	for (i = 0; i < r->ncell; i++)
		if (!strcmp(cell(r, (int)i), "digest"))
			dcol = (int)i;
	nq_chain_header(&t->chain, r, dcol);
	while (rc == ROW_OK) {
		rc = nq_rd_row(r);
		if (limit && r->off > (long long)NQ_TABLE_MAX_BYTES)
			return nq_error_set(err, name, 0, 0, "the file is "
					    "larger than %u MiB, the limit "
					    "for a results CSV",
					    NQ_TABLE_MAX_BYTES >> 20);
		if (rc == ROW_EOF)
			break;
		if (rc == ROW_CUT) {
			/* the last line, without its line end */
			const char *how = r->cut_in_quote ? "it ends inside "
					  "a quoted field" : r->nul ? "NUL "
					  "bytes, no line end" : NULL;

			/* the harness ends every row with its line end, the
			 * digest last: a row of its file without one may
			 * have lost the digest's end (and resume drops it,
			 * rows.c). A file made elsewhere may just lack the
			 * last line end. */
			if (!how && dcol >= 0 && !blank_line(r))
				how = "no line end";

			if (how) {
				nq_table_warn(name, r->row_line, "the last row "
					      "is half written (%s): dropped",
					      how);
				break;
			}
			if (blank_line(r))
				break;
			if (r->ncell < t->ncols) {
				nq_table_warn(name, r->row_line, "the last row "
					      "is half written (%zu of %zu "
					      "fields): dropped", r->ncell,
					      t->ncols);
				break;
			}
		} else if (rc != ROW_OK) {
			return bad_row(r, name, rc, err);
		} else if (r->ncell == 1 && !r->text[0]) {
			continue; /* a blank line: not a row */
		} else if (r->ncell < t->ncols) {
			return short_row(t, r, name, err);
		}
		if (r->ncell != t->ncols)
			return too_many(t, r, name, err);
		if (take(t, r, 0) < 0)
			return bad_row(r, name, ROW_NOMEM, err);
		nq_chain_row(&t->chain, r);
	}
	if (r->fp && ferror(r->fp))
		return nq_error_set(err, name, 0, 0, "read failed");
	return 0;
}

/* A table read from r (opened): 0, or -1 with err set. */
static int read_table(struct rd *r, const char *name, int limit,
		      nq_table **out, nq_error *err)
{
	nq_table *t = calloc(1, sizeof *t);

	*out = NULL;
	if (!t || !(t->name = strdup(name ? name : ""))) {
		free(t);
		return nq_error_set(err, name, 0, 0, "out of memory");
	}
	if (scan(t, r, t->name, limit, err) < 0) {
		nq_table_free(t);
		return -1;
	}
	*out = t;
	return 0;
}

int nq_table_parse(const char *text, size_t len, const char *name,
		   nq_table **out, nq_error *err)
{
	struct rd *r = malloc(sizeof *r);
	int rc;

	*out = NULL;
	if (!r)
		return nq_error_set(err, name, 0, 0, "out of memory");
	nq_rd_open_mem(r, text, len);
	rc = read_table(r, name, 0, out, err);
	nq_rd_close(r);
	free(r);
	return rc;
}

int nq_table_read(const char *path, nq_table **out, nq_error *err)
{
	struct rd *r = malloc(sizeof *r);
	struct stat st;
	int rc;

	*out = NULL;
	if (!r)
		return nq_error_set(err, path, 0, 0, "out of memory");
	if (nq_rd_open(r, path, err) < 0) {
		free(r);
		return -1;
	}
	if (fstat(fileno(r->fp), &st) == 0 && S_ISREG(st.st_mode) &&
	    (uint64_t)st.st_size > NQ_TABLE_MAX_BYTES) {
		nq_rd_close(r);
		free(r);
		return nq_error_set(err, path, 0, 0, "the file is larger "
				    "than %u MiB, the limit for a results CSV",
				    NQ_TABLE_MAX_BYTES >> 20);
	}
	rc = read_table(r, path, 1, out, err);
	nq_rd_close(r);
	free(r);
	return rc;
}

const struct nq_chain_check *nq_table_chain(const nq_table *t)
{
	return &t->chain;
}

size_t nq_table_nrows(const nq_table *t)
{
	return t->nrows;
}

size_t nq_table_ncols(const nq_table *t)
{
	return t->ncols;
}

const char *nq_table_colname(const nq_table *t, size_t col)
{
	return col < t->ncols ? t->text + t->cells[col] : "";
}

const char *nq_table_name(const nq_table *t)
{
	return t->name;
}

size_t nq_table_line(const nq_table *t, size_t row)
{
	return row < t->nrows ? t->lines[row] : 0;
}

int nq_table_col(const nq_table *t, const char *name)
{
	size_t i;

	for (i = 0; i < t->ncols; i++)
		if (!strcmp(t->text + t->cells[i], name))
			return (int)i;
	return -1;
}

const char *nq_table_cell(const nq_table *t, size_t row, int col)
{
	if (col < 0 || (size_t)col >= t->ncols || row >= t->nrows)
		return "";
	return t->text + t->cells[(row + 1) * t->ncols + (size_t)col];
}

int nq_table_number(const char *cell, double *v)
{
	char *end;

	if (!cell[0])
		return -1;
	errno = 0;
	*v = strtod(cell, &end);
	if (*end || errno == ERANGE || end == cell || !isfinite(*v))
		return -1;
	return 0;
}

static int numeric(size_t good, size_t bad)
{
	return good > 0 && bad <= good;
}

int nq_table_col_numeric(const nq_table *t, int col)
{
	size_t r, good = 0, bad = 0;
	double v;

	if (col < 0 || (size_t)col >= t->ncols)
		return 0;
	if (t->nums && t->nums[col])
		return numeric(t->good[col], t->bad[col]);
	for (r = 0; r < t->nrows; r++) {
		const char *c = nq_table_cell(t, r, col);

		if (!c[0])
			continue;
		if (nq_table_number(c, &v) < 0)
			bad++;
		else
			good++;
	}
	return numeric(good, bad);
}

const double *nq_table_numbers(const nq_table *ct, int col)
{
	nq_table *t = (nq_table *)ct; /* a cache: the cells stay as they are */
	size_t r, good = 0, bad = 0, told = 0;
	double *v;

	if (col < 0 || (size_t)col >= t->ncols)
		return NULL;
	if (!t->nums) {
		t->nums = calloc(t->ncols, sizeof *t->nums);
		t->good = calloc(t->ncols, sizeof *t->good);
		t->bad = calloc(t->ncols, sizeof *t->bad);
		if (!t->nums || !t->good || !t->bad) {
			free(t->nums);
			free(t->good);
			free(t->bad);
			t->nums = NULL;
			t->good = t->bad = NULL;
			return NULL;
		}
	}
	if (t->nums[col])
		return t->nums[col];
	if (!(v = malloc((t->nrows ? t->nrows : 1) * sizeof *v)))
		return NULL;
	for (r = 0; r < t->nrows; r++) {
		const char *c = nq_table_cell(t, r, col);

		if (!c[0])
			v[r] = NAN;
		else if (nq_table_number(c, &v[r]) == 0)
			good++;
		else {
			v[r] = NAN;
			bad++;
		}
	}
	t->nums[col] = v;
	t->good[col] = good;
	t->bad[col] = bad;
	if (!bad || !numeric(good, bad))
		return v;
	for (r = 0; r < t->nrows && told < NQ_TABLE_WARN_CELLS; r++) {
		const char *c = nq_table_cell(t, r, col);

		if (c[0] && isnan(v[r])) {
			nq_table_warn(t->name, t->lines[r], "'%.40s%s' in column "
				      "'%s' is not a number: skipped", c,
				      strlen(c) > 40 ? "..." : "",
				      nq_table_colname(t, (size_t)col));
			told++;
		}
	}
	if (bad > told)
		nq_table_warn(t->name, 0, "%zu more cells in column '%s' are "
			      "not numbers: skipped", bad - told,
			      nq_table_colname(t, (size_t)col));
	return v;
}

const double *nq_table_counts(const nq_table *ct, int col)
{
	nq_table *t = (nq_table *)ct; /* a cache, as nq_table_numbers' */
	double *v = (double *)nq_table_numbers(ct, col);
	size_t r, neg = 0;

	if (!v)
		return NULL;
	if (!t->counts && !(t->counts = calloc(t->ncols, 1)))
		return NULL;
	if (t->counts[col])
		return v;
	t->counts[col] = 1;
	for (r = 0; r < t->nrows; r++) {
		if (!(v[r] < 0))
			continue;
		if (neg++ < NQ_TABLE_WARN_CELLS)
			nq_table_warn(t->name, t->lines[r], "'%.40s' in column "
				      "'%s' is negative, not a count: skipped",
				      nq_table_cell(t, r, col),
				      nq_table_colname(t, (size_t)col));
		v[r] = NAN;
	}
	if (neg > NQ_TABLE_WARN_CELLS)
		nq_table_warn(t->name, 0, "%zu more cells in column '%s' are "
			      "negative: skipped", neg - NQ_TABLE_WARN_CELLS,
			      nq_table_colname(t, (size_t)col));
	return v;
}
