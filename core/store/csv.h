/*
 * csv.h - the results file: RFC 4180, one header, one row per run,
 * flushed as each run ends.
 *
 * Tamper evidence: the last cell of every row, `digest`, is the first 16
 * hex digits of the SHA-256 of the previous row's digest cell as written
 * (the first row: the header's digest, nq_csv_chain_start) followed by
 * the row's other cells, each as written and followed by a comma. So
 * the row and its digest go out in one write (a harness killed
 * mid-write leaves a cut last row, nothing worse), an edited cell shows
 * in its own row, and a row taken out, put in or moved shows in the row
 * after it (chain.c checks it as any reader reads, tamper.c tells).
 */
#ifndef NQ_CSV_H
#define NQ_CSV_H

#include <stdio.h>
#include "experiment.h"
#include "status.h"
#include "sha256.h"

/* Write one field: escaped as outside text (names.h: valid UTF-8, no
 * control character, so no line end), then quoted when it holds a comma
 * or a quote. */
void nq_csv_field(FILE *f, const char *s);

/* The column names, in order, NULL-terminated: the table's
 * (columns.h; readers of old files map their columns onto these by
 * name: core/store/rows.c). */
const char *const *nq_csv_columns(void);

/* The header line (the design's columns first). */
void nq_csv_header(FILE *f);

/* This machine's name (uname's nodename), for the `host` column: runs
 * of one experiment may come from several machines (shards, merge). */
const char *nq_csv_host(void);

/* The digest chain of one file being written: the last digest cell. */
#define NQ_CSV_DIGEST_LEN 16
typedef struct nq_csv_chain {
	char prev[NQ_CSV_DIGEST_LEN + 1];
} nq_csv_chain;

/* The cell a row gets in place of its digest when it is written again
 * (rewrite, merge --force) after its check failed: the mark stays. */
#define NQ_CSV_CHANGED "changed"

/* Start the chain of a file whose header is nq_csv_header's. */
void nq_csv_chain_start(nq_csv_chain *ch);
/* The digest of a header line, whatever its columns: `line` its cells
 * joined by commas, without the line end. */
void nq_csv_header_digest(const char *line, size_t len,
			  char out[NQ_CSV_DIGEST_LEN + 1]);
/* Write one row: `cells` its cells but the digest, each followed by a
 * comma (len bytes), then the digest (or NQ_CSV_CHANGED when `changed`)
 * and the line end, in one fwrite. The chain moves on. -1 when the write
 * fails (errno set). */
int nq_csv_put(FILE *f, nq_csv_chain *ch, const char *cells, size_t len,
		int changed);
/* The digest of a row whose other cells (each followed by a comma) were
 * fed to s after nq_csv_digest_begin(s, prev). */
void nq_csv_digest_begin(nq_sha256 *s, const char *prev);
void nq_csv_digest_end(nq_sha256 *s, char out[NQ_CSV_DIGEST_LEN + 1]);

/* One row, its digest from the chain. -1 when the write fails (errno
 * set; the chain has moved on all the same: the caller that goes on
 * keeps the digest it had). */
int nq_csv_row(FILE *f, nq_csv_chain *ch, const nq_experiment *exp,
		const nq_instance_spec *spec, const nq_approach *a,
		int repeat, const nq_run *run);

#endif
