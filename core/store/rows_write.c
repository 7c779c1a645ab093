/*
 * rows_write.c - a results file's rows written out again (rows.h:
 * nq_rows_open, nq_rows_emit, nq_rows_emit_at, nq_rows_write), each read
 * again where it lies, in the current column set, with the ledger's
 * verdicts and a fresh digest chain.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "columns.h"
#include "csv.h"
#include "names.h"
#include "rows.h"
#include "csvscan.h"

/* The note a row is written with: nq_verdict_row_note of the verdict and
 * the solver's remark, read off the file's note: where the row was
 * written `ok` and checked, the note is the remark; `ok` with checked
 * `none`, the remark before the old verdict's text; else none (it was
 * the old verdict's, and says what no longer holds: a shard's "nothing
 * checked this answer" beside the merge's agrees:1). */
static const char *note_of(const nq_verdict *v, const struct nq_oldrow *o,
			   const char *file_note, char *buf, size_t len)
{
	char rbuf[1024];
	const char *remark = "";

	if (o->status == NQ_ST_OK)
		remark = o->checked_hash != nq_rows_hash("none") ? file_note :
			 nq_verdict_remark_of(file_note, rbuf, sizeof rbuf);
	nq_verdict_row_note(v, remark, buf, len);
	return buf;
}

struct nq_rows_cursor {
	const nq_rowfile *f;
	int map[NQ_COL__COUNT];   /* each column of the table (columns.h)
				     -> the file's, or -1 */
	size_t next;
	char *line;               /* the row as written, one fwrite */
	size_t len, cap;
	struct rd r;
};

void nq_rows_close(nq_rows_cursor *c)
{
	if (!c)
		return;
	free(c->line);
	nq_rd_close(&c->r);
	free(c);
}

int nq_rows_open(const nq_rowfile *f, nq_rows_cursor **out, nq_error *err)
{
	nq_rows_cursor *c = calloc(1, sizeof *c);
	size_t ncols;

	*out = NULL;
	if (!c)
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	c->f = f;
	if (nq_rd_open(&c->r, f->path, err) < 0) {
		free(c);
		return -1;
	}
	if (nq_rows_header(&c->r, f->path, c->map, &ncols, err) < 0)
		goto fail;
	if (ncols != f->ncols) {
		nq_error_set(err, f->path, 1, 0, "the file changed while it "
			     "was being merged");
		goto fail;
	}
	*out = c;
	return 0;
fail:
	nq_rows_close(c);
	return -1;
}

/* Room for n more bytes of the row being written. */
static int line_room(nq_rows_cursor *c, size_t n)
{
	while (c->len + n > c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 4096;
		char *p = realloc(c->line, cap);

		if (!p)
			return -1;
		c->line = p;
		c->cap = cap;
	}
	return 0;
}

/* One cell, escaped and quoted as nq_csv_field does it (a row from an
 * older file with raw bytes in a note is written again as text; its
 * digest is of what is written). */
static int line_field(nq_rows_cursor *c, const char *s)
{
	size_t n = strlen(s), plain = strcspn(s, ",\"\r\n"), k;
	char buf[8];
	const char *e;
	int quote;

	if (plain == n && nq_text_plain(s)) {
		if (line_room(c, n))
			return -1;
		memcpy(c->line + c->len, s, n);
		c->len += n;
		return 0;
	}
	/* at most 4 bytes for one (\xNN, "\u0085" for two, "\u2028" for
	 * three), and the quotes */
	if (line_room(c, 4 * n + 3))
		return -1;
	quote = strpbrk(s, ",\"") != NULL;
	if (quote)
		c->line[c->len++] = '"';
	for (; *s; s += k) {
		if ((e = nq_text_escape(s, &k, buf))) {
			memcpy(c->line + c->len, e, strlen(e));
			c->len += strlen(e);
			continue;
		}
		if (*s == '"')
			c->line[c->len++] = '"';
		memcpy(c->line + c->len, s, k);
		c->len += k;
	}
	if (quote)
		c->line[c->len++] = '"';
	return 0;
}

int nq_rows_emit(nq_rows_cursor *c, FILE *out, const nq_ledger *l,
		 const char *host, nq_csv_chain *ch, nq_error *err)
{
	if (c->next >= c->f->nrows)
		return nq_error_set(err, c->f->path, 0, 0, "no row left");
	return nq_rows_emit_at(c, c->next++, out, l, host, ch, err);
}

int nq_rows_emit_at(nq_rows_cursor *c, size_t i, FILE *out,
		    const nq_ledger *l, const char *host, nq_csv_chain *ch,
		    nq_error *err)
{
	const struct nq_oldrow *o;
	const nq_verdict *v = NULL;
	struct rd *r = &c->r;
	char note[1024];
	size_t k;
	int got;

	if (i >= c->f->nrows)
		return nq_error_set(err, c->f->path, 0, 0, "no row %zu", i);
	o = &c->f->rows[i];
	if (nq_rd_seek(r, (long long)o->off, o->line) < 0)
		return nq_error_set(err, c->f->path, (int)o->line, 0,
				    "cannot read again: %s", strerror(errno));
	do
		got = nq_rd_row(r);
	while (got == ROW_OK && blank(r));
	if (got != ROW_OK || r->ncell != c->f->ncols || r->row_line != o->line)
		return nq_error_set(err, c->f->path, (int)r->row_line, 0,
				    "the file changed while it was being "
				    "merged");
	if (o->claim >= 0 && l)
		v = nq_ledger_verdict(l, o->claim);
	/* every cell but the digest, each with its comma, then the digest
	 * of what is written now (csv.h: the digest column is the last) */
	c->len = 0;
	for (k = 0; k < NQ_COL__COUNT; k++) {
		const char *s = cell(r, c->map[k]);

		if (k == NQ_COL_DIGEST)
			continue;
		if (v && k == NQ_COL_STATUS)
			s = nq_status_name(v->status);
		else if (v && k == NQ_COL_CHECKED)
			s = v->checked;
		else if (v && k == NQ_COL_NOTE)
			s = note_of(v, o, s, note, sizeof note);
		else if (host && !*s && k == NQ_COL_HOST)
			s = host;
		if (line_field(c, s) || line_room(c, 1))
			goto nomem;
		c->line[c->len++] = ',';
	}
	if (nq_csv_put(out, ch, c->line, c->len, o->changed) < 0)
		return nq_error_set(err, NULL, 0, 0, "write failed: %s",
				    strerror(errno));
	return 0;
nomem:
	return nq_error_set(err, NULL, 0, 0, "out of memory");
}

int nq_rows_write(FILE *out, const nq_rowfile *f, const nq_ledger *l,
		  const char *host, nq_csv_chain *ch, nq_error *err)
{
	nq_rows_cursor *c;
	size_t i;
	int rc = 0;

	if (nq_rows_open(f, &c, err) < 0)
		return -1;
	for (i = 0; i < f->nrows && rc == 0; i++)
		rc = nq_rows_emit(c, out, l, host, ch, err);
	nq_rows_close(c);
	return rc;
}
