/*
 * csvscan.c - the CSV scanner (csvscan.h): a small RFC 4180
 * state machine over a 64 KiB buffer, one row's cells at a time in a
 * buffer reused for every row, so memory does not grow with the file.
 * Reading a file back (rows.c) and writing its rows out again
 * (rows_write.c) share it, so a file is cut into rows the same way both
 * times.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "csvscan.h"

/* The buffer refilled: 0, or EOF at the end. Apart from rd_getc, so
 * that its common case (a byte in the buffer) is inlined where a row
 * is scanned. */
static int rd_fill(struct rd *r)
{
	if (!r->fp)
		return EOF; /* in memory: all of it is in buf */
	r->len = fread(r->buf, 1, sizeof r->own, r->fp);
	r->pos = 0;
	return r->len ? 0 : EOF;
}

static inline int rd_getc(struct rd *r)
{
	if (r->pos == r->len && rd_fill(r) == EOF)
		return EOF;
	r->off++;
	return r->buf[r->pos++];
}

/* Only right after a rd_getc that returned a byte. */
static void rd_unget(struct rd *r)
{
	r->pos--;
	r->off--;
}

static int put(struct rd *r, int c)
{
	if (r->tlen == r->tcap) {
		size_t cap = r->tcap ? 2 * r->tcap : 1024;
		char *p = realloc(r->text, cap);

		if (!p)
			return -1;
		r->text = p;
		r->tcap = cap;
	}
	r->text[r->tlen++] = (char)c;
	return 0;
}

/* A byte of a cell: a NUL byte is no text (a reader in C would stop
 * there), so its row is damaged, unless cut short at the end. */
static int put_byte(struct rd *r, int c)
{
	if (!c && !r->nul)
		r->nul = r->ncell;
	return put(r, c);
}

static int new_cell(struct rd *r)
{
	if (r->ncell == r->capcell) {
		size_t cap = r->capcell ? 2 * r->capcell : 64;
		size_t *p = realloc(r->cell, cap * sizeof *p);

		if (!p)
			return -1;
		r->cell = p;
		r->capcell = cap;
	}
	r->cell[r->ncell++] = r->tlen;
	return 0;
}

/* Copy the bytes up to the next delimiter that are already in the buffer
 * into the row's text. */
static int scan_plain(struct rd *r)
{
	const unsigned char *p = r->buf + r->pos, *end = r->buf + r->len;
	size_t n;

	/* a NUL byte stops it too: put_byte notes it when it comes next */
	while (p < end && *p != ',' && *p != '\r' && *p != '\n' &&
	       *p != '"' && *p)
		p++;
	n = (size_t)(p - (r->buf + r->pos));
	if (!n)
		return 0;
	while (r->tlen + n > r->tcap) {
		size_t cap = r->tcap ? 2 * r->tcap : 1024;
		char *t = realloc(r->text, cap);

		if (!t)
			return -1;
		r->text = t;
		r->tcap = cap;
	}
	memcpy(r->text + r->tlen, r->buf + r->pos, n);
	r->tlen += n;
	r->pos += n;
	r->off += (long long)n;
	return 0;
}

/* One row. ROW_CUT: the file ended inside it (no line end, or a quote
 * never closed on the row's last line: what a harness stopped mid-write
 * leaves). A quote never closed across a line end is damage (ROW_BAD):
 * the rows after it would be taken for one cell. So is a NUL byte in a
 * row that ends. */
int nq_rd_fast = 1;

/* The common row, whole in the buffer with no quote, no NUL byte and
 * no carriage return but the one before its line end: its cells are
 * the line cut at its commas, with no state machine. 1 when it took
 * the row (ROW_OK), 0 to leave it to the scanner, -1 out of memory. */
static int fast_row(struct rd *r)
{
	const unsigned char *p = r->buf + r->pos, *end = r->buf + r->len;
	const unsigned char *nl = memchr(p, '\n', (size_t)(end - p));
	size_t n, i;
	char *t;

	if (!nl)
		return 0;
	n = (size_t)(nl - p);
	if (n && p[n - 1] == '\r')
		n--;
	if (memchr(p, '"', n) || memchr(p, '\r', n) || memchr(p, '\0', n))
		return 0;
	while (r->tlen + n + 1 > r->tcap) {
		size_t cap = r->tcap ? 2 * r->tcap : 1024;

		if (!(t = realloc(r->text, cap)))
			return -1;
		r->text = t;
		r->tcap = cap;
	}
	t = r->text;
	memcpy(t, p, n);
	t[n] = '\0';
	if (new_cell(r))
		return -1;
	for (i = 0; i < n; i++)
		if (t[i] == ',') {
			t[i] = '\0';
			r->tlen = i + 1;
			if (new_cell(r))
				return -1;
		}
	r->tlen = n + 1;
	r->off += (long long)(nl + 1 - p);
	r->pos += (size_t)(nl + 1 - p);
	r->line++;
	return 1;
}

int nq_rd_row(struct rd *r)
{
	int c;

	r->tlen = r->ncell = r->nul = 0;
	r->cut_in_quote = r->bad = r->quoted = 0;
	r->row_line = r->line;
	r->row_off = r->off;
	switch (nq_rd_fast ? fast_row(r) : 0) {
	case 1:
		return ROW_OK;
	case -1:
		return ROW_NOMEM;
	}
	if ((c = rd_getc(r)) == EOF)
		return ROW_EOF;
	if (new_cell(r))
		return ROW_NOMEM;
	for (;;) {
		if (c == '"' && r->tlen == r->cell[r->ncell - 1]) {
			size_t nl = 0;
			int last = 0;

			r->quote_line = r->line;
			r->quoted = 1;

			for (;;) {
				if ((c = rd_getc(r)) == EOF) {
					/* cut on its own line (or just after
					 * its line end, as the table reader had it) */
					if (nl == 0 || (nl == 1 && last == '\n')) {
						r->cut_in_quote = 1;
						return ROW_CUT;
					}
					r->bad = RD_BAD_QUOTE;
					r->why = "a quote opened in this row is "
						 "never closed (the rows after "
						 "it would be one cell)";
					return ROW_BAD;
				}
				last = c;
				if (c == '"') {
					c = rd_getc(r);
					if (c != '"')
						break;
				} else if (c == '\n') {
					r->line++;
					nl++;
				}
				if (put_byte(r, c))
					return ROW_NOMEM;
			}
			if (c != ',' && c != '\r' && c != '\n' && c != EOF) {
				r->bad = RD_BAD_AFTER_QUOTE;
				r->why = "text after a closing quote (a quote "
					 "inside a cell is written as \"\")";
				return ROW_BAD;
			}
		} else {
			while (c != ',' && c != '\r' && c != '\n' && c != EOF) {
				if (put_byte(r, c))
					return ROW_NOMEM;
				/* the rest of the cell in the buffer at once */
				if (scan_plain(r) < 0)
					return ROW_NOMEM;
				c = rd_getc(r);
			}
		}
		if (put(r, '\0'))
			return ROW_NOMEM;
		if (c == ',') {
			if (new_cell(r))
				return ROW_NOMEM;
			c = rd_getc(r);
			continue;
		}
		if (c == EOF)
			return ROW_CUT;
		if (c == '\r') {
			c = rd_getc(r);
			if (c == EOF)
				return ROW_CUT;
			if (c != '\n') {
				r->bad = RD_BAD_CR;
				r->why = "a carriage return outside quotes "
					 "that ends no line";
				return ROW_BAD;
			}
		}
		r->line++;
		if (r->nul) {
			r->bad = RD_BAD_NUL;
			snprintf(r->whybuf, sizeof r->whybuf, "a NUL byte in "
				 "cell %zu (a cell is text: no NUL bytes)",
				 r->nul);
			r->why = r->whybuf;
			return ROW_BAD;
		}
		return ROW_OK;
	}
}

int nq_rd_at_eof(struct rd *r)
{
	if (rd_getc(r) == EOF)
		return 1;
	rd_unget(r);
	return 0;
}

int nq_rd_open(struct rd *r, const char *path, nq_error *err)
{
	memset(r, 0, sizeof *r);
	r->line = 1;
	r->buf = r->own;
	if (!(r->fp = fopen(path, "rb")))
		return nq_error_set(err, path, 0, 0, "cannot read: %s",
				    strerror(errno));
	return 0;
}

void nq_rd_open_mem(struct rd *r, const char *text, size_t len)
{
	memset(r, 0, sizeof *r);
	r->line = 1;
	/* the scanner only reads buf: the text itself, not a copy */
	r->buf = (unsigned char *)(uintptr_t)text;
	r->len = len;
}

void nq_rd_skip_bom(struct rd *r)
{
	int i;

	for (i = 0; i < 3; i++)
		if (rd_getc(r) != (unsigned char)"\xEF\xBB\xBF"[i])
			break;
	if (i < 3) /* not one: back to the start */
		nq_rd_seek(r, 0, 1);
}

void nq_rd_close(struct rd *r)
{
	if (r->fp)
		fclose(r->fp);
	free(r->text);
	free(r->cell);
}

int nq_rd_fail(const struct rd *r, const char *path, int rc,
		   nq_error *err)
{
	if (rc == ROW_NOMEM)
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	if (r->fp && ferror(r->fp))
		return nq_error_set(err, path, 0, 0, "read error");
	return nq_error_set(err, path, (int)r->row_line, 0, "%s", r->why);
}

/* The reader at byte `off`, on line `line`: a seek only when the row
 * is not the next one anyway. */
int nq_rd_seek(struct rd *r, long long off, size_t line)
{
	if (r->off == off)
		return 0;
	if (!r->fp) {
		if (off < 0 || (unsigned long long)off > r->len)
			return -1;
		r->pos = (size_t)off;
		r->off = off;
		r->line = line;
		return 0;
	}
	if (fseeko(r->fp, (off_t)off, SEEK_SET) < 0)
		return -1;
	r->pos = r->len = 0;
	r->off = off;
	r->line = line;
	return 0;
}
