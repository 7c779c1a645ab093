/* table.c - see table.h. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include "table.h"

struct nq_table {
	char *text;           /* the file's text; fields unquoted in place */
	const char **cells;   /* row-major, header first: (nrows + 1) * ncols */
	size_t *lines;        /* the line each row starts on */
	size_t ncols, nrows;
	size_t ncells, cap, linecap;
	char *name;
	/* filled on demand by nq_table_numbers() */
	double **nums;
	size_t *good, *bad;   /* per column: cells that are / are not numbers */
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

static int push_cell(nq_table *t, const char *s)
{
	if (t->ncells == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 256;
		const char **p = realloc(t->cells, cap * sizeof *p);

		if (!p)
			return -1;
		t->cells = p;
		t->cap = cap;
	}
	t->cells[t->ncells++] = s;
	return 0;
}

static int push_line(nq_table *t, size_t line)
{
	if (t->nrows == t->linecap) {
		size_t cap = t->linecap ? 2 * t->linecap : 256;
		size_t *p = realloc(t->lines, cap * sizeof *p);

		if (!p)
			return -1;
		t->lines = p;
		t->linecap = cap;
	}
	t->lines[t->nrows++] = line;
	return 0;
}

/* Room for the rows to come, from the line breaks left in the text: one
 * allocation for the cell pointers instead of a doubling series. */
static int reserve(nq_table *t, const char *text, size_t from, size_t len)
{
	size_t nl = 0, rows;
	const char *p = text + from, *end = text + len;
	const char **c;
	size_t *l;

	while (p < end && (p = memchr(p, '\n', (size_t)(end - p)))) {
		nl++;
		p++;
	}
	rows = nl + 1;
	if (rows > ((size_t)-1 / sizeof *c) / (t->ncols + 1) - 1)
		return 0; /* absurd: let the doubling find out */
	c = realloc(t->cells, (rows + 1) * t->ncols * sizeof *c);
	if (!c)
		return -1;
	t->cells = c;
	t->cap = (rows + 1) * t->ncols;
	l = realloc(t->lines, rows * sizeof *l);
	if (!l)
		return -1;
	t->lines = l;
	t->linecap = rows;
	return 0;
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
	free(t->cells);
	free(t->lines);
	free(t->text);
	free(t->name);
	free(t);
}

/* Only blanks and line breaks in text[i..len)? */
static int rest_is_blank(const char *text, size_t i, size_t len)
{
	for (; i < len; i++)
		if (text[i] != ' ' && text[i] != '\t' && text[i] != '\r' &&
		    text[i] != '\n')
			return 0;
	return 1;
}

/* parse_owned's place in the text. */
struct parser {
	nq_table *t;
	char *text;
	size_t len;
	size_t i;               /* the next byte to read */
	size_t w;               /* where unquoted text goes: never past i */
	size_t fields;          /* of the record so far */
	size_t line, row_line;  /* the line at i; the record's first */
	const char *name;
	nq_error *err;
};

/* The quoted field at p->i (its opening quote), unquoted to p->w. 0; 1
 * when it is the half-written last row (dropped: the table ends there);
 * -1 with err set. */
static int quoted_field(struct parser *p)
{
	char *text = p->text;
	size_t len = p->len, i = p->i + 1, w = p->w, line = p->line;
	size_t qline = line;

	for (;;) {
		if (i >= len) {
			/* a half-written last row: a quoted field cut off on
			 * its own line */
			size_t nl = line - qline;

			if (p->t->ncols && (nl == 0 || (nl == 1 &&
			    text[len - 1] == '\n'))) {
				nq_table_warn(p->name, p->row_line, "the last row "
					      "is half written (it ends inside a "
					      "quoted field): dropped");
				p->t->ncells -= p->fields;
				return 1;
			}
			return nq_error_set(p->err, p->name, (int)qline, 0,
					    "a quoted field is never closed");
		}
		if (text[i] == '"') {
			if (i + 1 < len && text[i + 1] == '"') {
				text[w++] = '"';
				i += 2;
				continue;
			}
			i++;
			break;
		}
		if (text[i] == '\n')
			line++;
		text[w++] = text[i++];
	}
	p->i = i;
	p->w = w;
	p->line = line;
	if (i < len && text[i] != ',' && text[i] != '\r' && text[i] != '\n')
		return nq_error_set(p->err, p->name, (int)line, 0, "text after "
				    "a closing quote (a quote inside a field "
				    "is written as \"\")");
	return 0;
}

/* The unquoted field at p->i, moved to p->w. */
static void plain_field(struct parser *p)
{
	char *text = p->text;
	size_t i = p->i, j = i, len = p->len;

	while (j < len && text[j] != ',' && text[j] != '\r' && text[j] != '\n')
		j++;
	if (p->w != i)
		memmove(text + p->w, text + i, j - i);
	p->w += j - i;
	p->i = j;
}

/* The end of a record: the header, a blank line, or a row checked against
 * the header. 0; 1 when it is the cut-off last row (dropped: the table
 * ends there); -1 with err set. */
static int end_record(struct parser *p)
{
	nq_table *t = p->t;

	if (t->ncols == 0) {
		t->ncols = p->fields;
		if (reserve(t, p->text, p->i, p->len) < 0)
			return nq_error_set(p->err, p->name, 0, 0,
					    "out of memory");
	} else if (p->fields == 1 && !t->cells[t->ncells - 1][0]) {
		/* a blank line: not a record */
		t->ncells--;
	} else if (p->fields < t->ncols && rest_is_blank(p->text, p->i, p->len)) {
		/* the last row, cut off: what an interrupted run leaves */
		nq_table_warn(p->name, p->row_line, "the last row is half "
			      "written (%zu of %zu fields): dropped",
			      p->fields, t->ncols);
		t->ncells -= p->fields;
		return 1;
	} else if (p->fields != t->ncols) {
		return nq_error_set(p->err, p->name, (int)p->row_line, 0,
				    "%zu fields where the header has %zu",
				    p->fields, t->ncols);
	} else if (push_line(t, p->row_line) < 0) {
		return nq_error_set(p->err, p->name, 0, 0, "out of memory");
	}
	return 0;
}

/* Parse `text` (len bytes, with room for one more) in place. The table
 * owns `text` from here on, whatever happens. */
static int parse_owned(char *text, size_t len, const char *name,
		       nq_table **out, nq_error *err)
{
	nq_table *t = calloc(1, sizeof *t);
	struct parser p;
	int rc = -1, r;

	*out = NULL;
	if (!t || !(t->name = strdup(name ? name : ""))) {
		free(text);
		if (t)
			free(t);
		return nq_error_set(err, name, 0, 0, "out of memory");
	}
	t->text = text;
	text[len] = '\0';
	memset(&p, 0, sizeof p);
	p.t = t;
	p.text = text;
	p.line = p.row_line = 1;
	p.name = name;
	p.err = err;
	/* a NUL byte is no text (the cell would end there): damage, but in
	 * a last line without its line end (a cut row, the zeros a crash
	 * can leave at a file's end), which is dropped */
	if (memchr(text, '\0', len)) {
		size_t at = (size_t)((char *)memchr(text, '\0', len) - text);
		size_t line = 1, i, start = 0;

		for (i = 0; i < at; i++)
			if (text[i] == '\n') {
				line++;
				start = i + 1;
			}
		if (memchr(text + at, '\n', len - at) || !start) {
			nq_error_set(err, name, (int)line, 0, "a NUL byte (a "
				     "cell is text: no NUL bytes)");
			goto out;
		}
		nq_table_warn(name, line, "the last row is half written (NUL "
			      "bytes, no line end): dropped");
		len = start;
		text[len] = '\0';
	}
	p.len = len;
	/* a UTF-8 byte order mark is not part of the first name */
	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
		p.i = 3;
	if (p.i >= len) {
		nq_error_set(err, name, 0, 0, "empty file: expected a header "
			     "row of column names");
		goto out;
	}
	p.w = p.i;
	while (p.i < len) {
		char *s = text + p.w, sep;

		/* one field */
		if (text[p.i] == '"') {
			if ((r = quoted_field(&p)) < 0)
				goto out;
			if (r > 0)
				break;
		} else {
			plain_field(&p);
		}
		sep = p.i < len ? text[p.i] : '\0';
		text[p.w++] = '\0'; /* may overwrite text[i]: sep keeps it */
		if (push_cell(t, s) < 0)
			goto oom;
		p.fields++;
		if (sep == ',') {
			p.i++;
			if (p.i < len)
				continue;
			/* "a,b," at the very end: an empty last field */
			if (push_cell(t, "") < 0)
				goto oom;
			p.fields++;
		} else if (sep == '\r') {
			p.i++;
			if (p.i < len && text[p.i] == '\n')
				p.i++;
		} else if (sep == '\n') {
			p.i++;
		}
		/* end of a record */
		if ((r = end_record(&p)) < 0)
			goto out;
		if (r > 0)
			break;
		p.fields = 0;
		p.line++;
		p.row_line = p.line;
	}
	*out = t;
	t = NULL;
	rc = 0;
	goto out;
oom:
	nq_error_set(err, name, 0, 0, "out of memory");
out:
	nq_table_free(t);
	return rc;
}

int nq_table_parse(const char *text, size_t len, const char *name,
		   nq_table **out, nq_error *err)
{
	char *copy = malloc(len + 1);

	*out = NULL;
	if (!copy)
		return nq_error_set(err, name, 0, 0, "out of memory");
	memcpy(copy, text, len);
	return parse_owned(copy, len, name, out, err);
}

int nq_table_read(const char *path, nq_table **out, nq_error *err)
{
	FILE *f;
	struct stat st;
	char *text = NULL;
	size_t len = 0, cap, got;

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
	/* the whole file at once: its size when it has one (a pipe has
	 * none), doubling if it grows meanwhile */
	cap = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
	      st.st_size > 0 ? (size_t)st.st_size + 1 : 65536;
	for (;;) {
		if (!text || len == cap) {
			char *p;

			if (text)
				cap *= 2;
			p = realloc(text, cap + 1);
			if (!p) {
				fclose(f);
				free(text);
				return nq_error_set(err, path, 0, 0,
						    "out of memory");
			}
			text = p;
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
	return parse_owned(text, len, path, out, err);
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
				      t->cells[col]);
			told++;
		}
	}
	if (bad > told)
		nq_table_warn(t->name, 0, "%zu more cells in column '%s' are "
			      "not numbers: skipped", bad - told, t->cells[col]);
	return v;
}
