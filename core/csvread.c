/* csvread.c - see csvread.h. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include "csvread.h"

struct nq_table {
	char **cells;     /* row-major, header first: (nrows + 1) * ncols */
	size_t ncols, nrows;
	size_t ncells, cap;
};

/* A growing byte buffer for the field being read. */
struct buf {
	char *p;
	size_t len, cap;
};

static int buf_put(struct buf *b, char c)
{
	if (b->len + 1 >= b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 64;
		char *p = realloc(b->p, cap);

		if (!p)
			return -1;
		b->p = p;
		b->cap = cap;
	}
	b->p[b->len++] = c;
	b->p[b->len] = '\0';
	return 0;
}

static int push_cell(nq_table *t, struct buf *b)
{
	char *s;

	if (t->ncells == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 256;
		char **p = realloc(t->cells, cap * sizeof *p);

		if (!p)
			return -1;
		t->cells = p;
		t->cap = cap;
	}
	s = malloc(b->len + 1);
	if (!s)
		return -1;
	memcpy(s, b->len ? b->p : "", b->len + 1);
	t->cells[t->ncells++] = s;
	b->len = 0;
	if (b->p)
		b->p[0] = '\0';
	return 0;
}

void nq_table_free(nq_table *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->ncells; i++)
		free(t->cells[i]);
	free(t->cells);
	free(t);
}

int nq_table_parse(const char *text, size_t len, const char *name,
		   nq_table **out, nq_error *err)
{
	nq_table *t = calloc(1, sizeof *t);
	struct buf b = { NULL, 0, 0 };
	size_t i = 0, fields = 0, row_start_line = 1;
	int line = 1, rc = -1;

	*out = NULL;
	if (!t)
		return nq_error_set(err, name, 0, 0, "out of memory");
	/* a UTF-8 byte order mark is not part of the first name */
	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
		i = 3;
	if (i >= len) {
		nq_error_set(err, name, 0, 0, "empty file: expected a header "
			     "row of column names");
		goto out;
	}
	while (i < len) {
		/* one field */
		if (text[i] == '"') {
			size_t qline = (size_t)line;

			i++;
			for (;;) {
				if (i >= len) {
					nq_error_set(err, name, (int)qline, 0,
						     "a quoted field is never closed");
					goto out;
				}
				if (text[i] == '"') {
					if (i + 1 < len && text[i + 1] == '"') {
						if (buf_put(&b, '"') < 0)
							goto oom;
						i += 2;
						continue;
					}
					i++;
					break;
				}
				if (text[i] == '\n')
					line++;
				if (buf_put(&b, text[i++]) < 0)
					goto oom;
			}
			if (i < len && text[i] != ',' && text[i] != '\r' &&
			    text[i] != '\n') {
				nq_error_set(err, name, line, 0, "text after a "
					     "closing quote (a quote inside a "
					     "field is written as \"\")");
				goto out;
			}
		} else {
			while (i < len && text[i] != ',' && text[i] != '\r' &&
			       text[i] != '\n')
				if (buf_put(&b, text[i++]) < 0)
					goto oom;
		}
		if (push_cell(t, &b) < 0)
			goto oom;
		fields++;
		if (i < len && text[i] == ',') {
			i++;
			if (i == len) { /* "a,b," at the very end: an empty last field */
				if (push_cell(t, &b) < 0)
					goto oom;
				fields++;
			} else {
				continue;
			}
		}
		/* end of a record */
		if (i < len && text[i] == '\r')
			i++;
		if (i < len && text[i] == '\n')
			i++;
		if (t->ncols == 0) {
			t->ncols = fields;
		} else if (fields == 1 && t->cells[t->ncells - 1][0] == '\0') {
			/* a blank line: not a record */
			free(t->cells[--t->ncells]);
		} else if (fields != t->ncols) {
			nq_error_set(err, name, (int)row_start_line, 0,
				     "%zu fields where the header has %zu",
				     fields, t->ncols);
			goto out;
		} else {
			t->nrows++;
		}
		fields = 0;
		line++;
		row_start_line = (size_t)line;
	}
	*out = t;
	t = NULL;
	rc = 0;
	goto out;
oom:
	nq_error_set(err, name, 0, 0, "out of memory");
out:
	free(b.p);
	nq_table_free(t);
	return rc;
}

int nq_table_read(const char *path, nq_table **out, nq_error *err)
{
	FILE *f;
	char *text = NULL;
	size_t len = 0, cap = 0, got;
	struct stat st;
	int rc;

	*out = NULL;
	f = fopen(path, "rb");
	if (!f)
		return nq_error_set(err, path, 0, 0, "cannot read: %s",
				    strerror(errno));
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
	    (uint64_t)st.st_size > NQ_TABLE_MAX_BYTES) {
		fclose(f);
		return nq_error_set(err, path, 0, 0, "the file is larger "
				    "than %u MiB, the limit for a results CSV",
				    NQ_TABLE_MAX_BYTES >> 20);
	}
	for (;;) {
		if (cap - len < 65536) {
			char *p = realloc(text, cap + 65536 + 1);

			if (!p) {
				fclose(f);
				free(text);
				return nq_error_set(err, path, 0, 0,
						    "out of memory");
			}
			text = p;
			cap += 65536;
		}
		got = fread(text + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
		if (len > NQ_TABLE_MAX_BYTES) {
			fclose(f);
			free(text);
			return nq_error_set(err, path, 0, 0, "the file is "
					    "larger than %u MiB, the limit "
					    "for a results CSV",
					    NQ_TABLE_MAX_BYTES >> 20);
		}
	}
	if (ferror(f)) {
		fclose(f);
		free(text);
		return nq_error_set(err, path, 0, 0, "read failed");
	}
	fclose(f);
	rc = nq_table_parse(text, len, path, out, err);
	free(text);
	return rc;
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
	return col < t->ncols ? t->cells[col] : "";
}

int nq_table_col(const nq_table *t, const char *name)
{
	size_t i;

	for (i = 0; i < t->ncols; i++)
		if (!strcmp(t->cells[i], name))
			return (int)i;
	return -1;
}

const char *nq_table_cell(const nq_table *t, size_t row, int col)
{
	if (col < 0 || (size_t)col >= t->ncols || row >= t->nrows)
		return "";
	return t->cells[(row + 1) * t->ncols + (size_t)col];
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

int nq_table_col_numeric(const nq_table *t, int col)
{
	size_t r;
	int any = 0;
	double v;

	if (col < 0)
		return 0;
	for (r = 0; r < t->nrows; r++) {
		const char *c = nq_table_cell(t, r, col);

		if (!c[0])
			continue;
		if (nq_table_number(c, &v) < 0)
			return 0;
		any = 1;
	}
	return any;
}
