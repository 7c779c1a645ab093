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

/* The end against the record: changes found (0 or 1). */
static size_t tell_end(const nq_rowfile *f, const char *meta,
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
		fprintf(stderr, "%s:%u: %srow %zu and after were added after "
			"the run wrote the file (%s says it wrote %zu)\n",
			f->path, f->rows[rows].line, w, rows + 1, meta, rows);
		return 1;
	}
	if (strcmp(digest, f->last_digest)) {
		fprintf(stderr, "%s: %sits rows are not the ones the run "
			"wrote: the last row's digest is %s, %s says %s\n",
			f->path, w, f->last_digest, meta, digest);
		return 1;
	}
	return 0;
}

size_t nq_tamper_tell(const nq_rowfile *f, const char *meta, int warn)
{
	const char *w = warn ? "warning: " : "";
	char digest[64];
	size_t i, rows, told = 0, found = 0;
	int final;

	if (!f->has_digest) {
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
	if (f->header_changed) {
		fprintf(stderr, "%s:1: %sthe header changed after the run "
			"wrote it\n", f->path, w);
		found++;
	}
	for (i = 0; i < f->nrows; i++) {
		if (!f->rows[i].changed || told++ >= NQ_TAMPER_SHOWN)
			continue;
		fprintf(stderr, "%s:%u: %srow %zu changed after the run "
			"wrote it\n", f->path, f->rows[i].line, w, i + 1);
	}
	if (told > NQ_TAMPER_SHOWN)
		fprintf(stderr, "%s: %sand %zu more row%s changed\n", f->path,
			w, told - NQ_TAMPER_SHOWN,
			told - NQ_TAMPER_SHOWN == 1 ? "" : "s");
	if (told)
		fprintf(stderr, "%s: (a row taken out, put in or moved shows "
			"as a change to the row after it)\n", f->path);
	return found + told + tell_end(f, meta, w);
}
