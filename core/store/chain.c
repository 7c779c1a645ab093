/*
 * chain.c - see chain.h. A row's digest is made again from its cells
 * quoted as the harness writes them (nq_csv_field), not from the bytes
 * read, so a file whose only change is needless quotes or bare line
 * ends holds as written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chain.h"

/* Feed the cells of the row just read but `skip`, each as the harness
 * writes it and followed by a comma: what its digest covers (csv.h).
 * The row is written into a buffer first and hashed in one piece (a
 * hash call per cell, and a look for quotes per cell, were a fifth of
 * a resume's time). */
static void feed_cells(nq_sha256 *s, const struct rd *r, long skip)
{
	char buf[4096];
	size_t i, used = 0, len;

	for (i = 0; i < r->ncell; i++) {
		const char *c = cell(r, (int)i), *p;
		int quote = 0;

		if ((long)i == skip)
			continue;
		if (!r->quoted) {
			/* no cell was quoted, so none holds what needs
			 * quotes: its length is where the next one starts */
			len = (i + 1 < r->ncell ? r->cell[i + 1] : r->tlen) -
			      r->cell[i] - 1;
		} else {
			for (p = c; *p; p++)
				if (*p == ',' || *p == '"' || *p == '\r' ||
				    *p == '\n')
					quote = 1;
			len = (size_t)(p - c);
		}
		if (used + len + 1 > sizeof buf || quote) {
			nq_sha256_update(s, buf, used);
			used = 0;
		}
		if (quote) {
			nq_sha256_update(s, "\"", 1);
			for (; (p = strchr(c, '"')); c = p + 1) {
				/* up to the quote, and the quote again */
				nq_sha256_update(s, c, (size_t)(p - c) + 1);
				nq_sha256_update(s, "\"", 1);
			}
			nq_sha256_update(s, c, strlen(c));
			nq_sha256_update(s, "\",", 2);
		} else if (len + 1 > sizeof buf) {
			nq_sha256_update(s, c, len);
			nq_sha256_update(s, ",", 1);
		} else {
			memcpy(buf + used, c, len);
			used += len;
			buf[used++] = ',';
		}
	}
	nq_sha256_update(s, buf, used);
}

static void row_digest(const struct rd *r, long dcol, const char *prev,
		       char out[NQ_CSV_DIGEST_LEN + 1])
{
	nq_sha256 s;

	nq_csv_digest_begin(&s, prev);
	feed_cells(&s, r, dcol);
	nq_csv_digest_end(&s, out);
}

void nq_chain_header(nq_chain_check *c, const struct rd *r, int dcol)
{
	char *line = NULL;
	size_t i, len = 0;
	FILE *m;

	memset(c, 0, sizeof *c);
	c->dcol = dcol;
	if (dcol < 0 || !(m = open_memstream(&line, &len)))
		return; /* no memory: the first row's check fails */
	for (i = 0; i < r->ncell; i++) {
		if (i)
			fputc(',', m);
		nq_csv_field(m, cell(r, (int)i));
	}
	if (fclose(m) == 0)
		nq_csv_header_digest(line, len, c->last);
	free(line);
	memcpy(c->calc, c->last, sizeof c->last);
}

/* Whether the row's digest holds: after the previous row's cell as
 * written, or, when that cell alone was edited, after what it should
 * have been (so one edited cell names one row). The first row may hold
 * after the header this harness writes instead of the file's: then the
 * header was changed. */
int nq_chain_row(nq_chain_check *c, const struct rd *r)
{
	char want[NQ_CSV_DIGEST_LEN + 1], alt[NQ_CSV_DIGEST_LEN + 1];
	const char *got;
	int ok;

	if (c->dcol < 0)
		return 0;
	got = cell(r, c->dcol);
	c->nrows++;
	row_digest(r, c->dcol, c->last, want);
	ok = !strcmp(want, got);
	if (!ok && strcmp(c->calc, c->last)) {
		row_digest(r, c->dcol, c->calc, alt);
		ok = !strcmp(alt, got);
	}
	if (!ok && c->nrows == 1) {
		nq_csv_chain ch;

		nq_csv_chain_start(&ch);
		row_digest(r, c->dcol, ch.prev, alt);
		if (!strcmp(alt, got))
			ok = c->header_changed = 1;
	}
	if (!ok && c->nchanged < NQ_TAMPER_SHOWN)
		c->shown[c->nchanged] = c->nrows - 1;
	c->nchanged += !ok;
	snprintf(c->last, sizeof c->last, "%s", got);
	memcpy(c->calc, want, sizeof want);
	return !ok;
}
