/*
 * tamper.h - whether a results file is as the harness wrote it: every
 * row's digest (csv.h; chain.c checks them as the file is read, by
 * rows.c or table.c) and what FILE.meta
 * records of the last writer's end (digest_rows, digest). Resume and
 * merge refuse a changed file unless --force; report and plot warn.
 */
#ifndef NQ_TAMPER_H
#define NQ_TAMPER_H

#include <stddef.h>
#include "rows.h"
#include "table.h"

/* Say on stderr what changed in f (read by nq_rows_read) since the
 * harness wrote it, against its digests and `meta` (its .meta, which
 * may not exist): each row changed ("FILE:LINE: row N changed after the
 * run wrote it", the first NQ_TAMPER_SHOWN, then how many more), the
 * header, the digest column taken out, rows added past the end the
 * .meta records; worded as warnings when `warn`. Rows gone from the end
 * are a warning only (resume makes them again, merge names them
 * missing); a file with no digests gets one note. Returns the number of
 * changes found, 0 when none. */
size_t nq_tamper_tell(const nq_rowfile *f, const char *meta, int warn);
/* The same of a table read by nq_table_read (report, plot, compare). */
size_t nq_tamper_tell_table(const nq_table *t, const char *meta, int warn);

#endif
