/*
 * tamper.c - see tamper.h.
 *
 * The row digests find an edited, inserted, deleted or moved row
 * anywhere but at the end (csv.h). The end is what the .meta records:
 * the rows the last writer wrote and the last one's digest, written at
 * a run's start (the rows found, on resume) and end, and by merge. A
 * run still going, or killed, left its start's record: then the file
 * may hold more rows, and a rewrite at the end may have changed the
 * digests before the record was written again, so only fewer rows say
 * anything. This is evidence, not a seal: whoever recomputes the
 * digests (the algorithm is in README) can forge them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "meta.h"
#include "tamper.h"

/* The end FILE.meta records; 0 when it records none. */
static int recorded_end(const char *meta, size_t *rows, char *digest,
			size_t len, int *final)
{
	char n[32], outcome[64];

	if (nq_meta_read(meta, "digest", digest, len) < 0 ||
	    nq_meta_read(meta, "digest_rows", n, sizeof n) < 0)
		return 0;
	*rows = (size_t)strtoull(n, NULL, 10);
	/* "running": the start's record, the run went on (or was killed) */
	*final = nq_meta_read(meta, "outcome", outcome, sizeof outcome) == 0 &&
		 strcmp(outcome, "running");
	return 1;
}

/* What is told of a file, whichever reader read it: its name, its
 * chain, how many whole rows it has and the line each starts on. */
struct told {
	const char *path;
	const nq_chain_check *c;
	size_t nrows;
	size_t (*line_of)(const void *src, size_t row);
	const void *src;
};

/* The end against the record: changes found (0 or 1). */
static size_t tell_end(const struct told *f, const char *meta,
		       const char *w)
{
	char digest[64];
	size_t rows;
	int final;

	if (!recorded_end(meta, &rows, digest, sizeof digest, &final))
		return 0;
	if (f->nrows < rows) {
		fprintf(stderr, "%s: warning: %s says the run wrote %zu "
			"row%s; the file has %zu: the last %zu %s gone\n",
			f->path, meta, rows, rows == 1 ? "" : "s", f->nrows,
			rows - f->nrows, rows - f->nrows == 1 ? "is" : "are");
		return 0;
	}
	if (!final)
		return 0;
	if (f->nrows > rows) {
		fprintf(stderr, "%s:%zu: %srow %zu and after were added after "
			"the run wrote the file (%s says it wrote %zu)\n",
			f->path, f->line_of(f->src, rows), w, rows + 1, meta,
			rows);
		return 1;
	}
	if (strcmp(digest, f->c->last)) {
		fprintf(stderr, "%s: %sits rows are not the ones the run "
			"wrote: the last row's digest is %s, %s says %s\n",
			f->path, w, f->c->last, meta, digest);
		return 1;
	}
	return 0;
}

static size_t tell(const struct told *f, const char *meta, int warn)
{
	const char *w = warn ? "warning: " : "";
	char digest[64];
	size_t i, rows, told = 0, found = 0;
	int final;

	if (f->c->dcol < 0) {
		if (recorded_end(meta, &rows, digest, sizeof digest, &final)) {
			fprintf(stderr, "%s:1: %sthe digest column was taken "
				"out: %s records the digests of what the run "
				"wrote\n", f->path, w, meta);
			return 1;
		}
		fprintf(stderr, "%s: note: no digest in %s (written by an "
			"older version): edits cannot be detected\n", f->path,
			meta);
		return 0;
	}
	if (f->c->header_changed) {
		fprintf(stderr, "%s:1: %sthe header changed after the run "
			"wrote it\n", f->path, w);
		found++;
	}
	told = f->c->nchanged;
	for (i = 0; i < told && i < NQ_TAMPER_SHOWN; i++)
		fprintf(stderr, "%s:%zu: %srow %zu changed after the run "
			"wrote it\n", f->path, f->line_of(f->src,
			f->c->shown[i]), w, f->c->shown[i] + 1);
	if (told > NQ_TAMPER_SHOWN)
		fprintf(stderr, "%s: %sand %zu more row%s changed\n", f->path,
			w, told - NQ_TAMPER_SHOWN,
			told - NQ_TAMPER_SHOWN == 1 ? "" : "s");
	if (told)
		fprintf(stderr, "%s: (a row taken out, put in or moved shows "
			"as a change to the row after it)\n", f->path);
	return found + told + tell_end(f, meta, w);
}

static size_t rowfile_line(const void *src, size_t row)
{
	return ((const nq_rowfile *)src)->rows[row].line;
}

size_t nq_tamper_tell(const nq_rowfile *f, const char *meta, int warn)
{
	struct told t = { f->path, &f->chain, f->nrows, rowfile_line, f };

	return tell(&t, meta, warn);
}

static size_t table_line(const void *src, size_t row)
{
	return nq_table_line(src, row);
}

size_t nq_tamper_tell_table(const nq_table *tb, const char *meta, int warn)
{
	struct told t = { nq_table_name(tb), nq_table_chain(tb),
			  nq_table_nrows(tb), table_line, tb };

	return tell(&t, meta, warn);
}
