/*
 * meta.h - the record of the machine beside every results file: CPU,
 * cores, memory, kernel, compiler and flags, the git commit, the library
 * versions, the experiment file's SHA-256, the command line, start and
 * end times, the harness's version, the external programs the approaches
 * run (path, SHA-256, version), the backends they drive (minizinc's: id,
 * version) and the plugins loaded (path, SHA-256), and
 * warnings that make timings doubtful. "key: value" lines
 * (YAML), written at the start and rewritten at the end, each time to a
 * temp file renamed into place.
 */
#ifndef NQ_META_H
#define NQ_META_H

#include <stddef.h>
#include <time.h>
#include "experiment.h"
#include "host.h"

#define NQ_META_MAX_WARNINGS 8
/* How long `PROGRAM --version` may take before it is killed (ms). */
#define NQ_META_VERSION_MS 2000

typedef struct nq_meta_run {
	const char *csv;          /* the results file it describes */
	int argc;                 /* the command line (argv may be NULL) */
	char *const *argv;
	time_t started, finished; /* finished 0: still running */
	size_t rows;
	const char *outcome;      /* "running", "ok", "wrong", "interrupted" */
	int jobs;                 /* runs at once */
	int shard_k, shard_n;     /* the slice run (--shard K/N); 0: all */
	int strict;               /* --strict or `strict: true`: an answer
				     nothing checked fails the run (and the
				     merge of its shards) */
	size_t rows_before;       /* --resume: rows the file held already */
	int resumed;              /* --resume found a file to go on with */
	char first_started[64];   /* resumed: when the first run started */
	/* the CSV's end as written (tamper.h): rows, the last one's
	 * digest (csv.h) */
	size_t digest_rows;
	char digest[24];
	char warnings[NQ_META_MAX_WARNINGS][256];
	size_t nwarnings;
	/* the highest load average nq_meta_check found above its limit
	 * (0: none), the cores it was held against, and when ("at start",
	 * "at end"): the console's note of a loaded machine (run_tell.c) */
	double loaded;
	long loaded_cores;
	const char *loaded_when;
} nq_meta_run;

/* The metadata file of a results file: FILE.csv -> FILE.meta. */
void nq_meta_path(const char *csv, char *buf, size_t len);

/* Look at the machine now and add warnings ("at start", "at end"): load
 * average above the idle cores, swap in use, other harness processes.
 * The load average is the first number of /proc/loadavg, or of the file
 * NQ_LOADAVG names in the environment (for tests: a loaded machine on
 * demand). `when` is kept (a string that lives as long as r). */
void nq_meta_check(nq_meta_run *r, const char *when);

/* Write the record to `path`. -1 with err set if it cannot be written. */
int nq_meta_write(const char *path, const nq_experiment *exp,
		  const nq_meta_run *r, nq_error *err);

/* The value of top-level `key` in a .meta file written by nq_meta_write
 * (plain or double-quoted), into buf: 0, or -1 when the file cannot be
 * read or has no such key. */
int nq_meta_read(const char *path, const char *key, char *buf, size_t len);
/* `approaches:`, the experiment's approaches in the file's order, as a
 * list: the order and colours of every table and figure (results/). */
void nq_meta_write_order(FILE *f, const nq_experiment *exp);
/* A list key's items ("key:" then "  - VALUE" lines), unquoted, into
 * *items (nq_meta_list_free them). 0 (an empty list when the key has
 * none), or -1: no file, no such key, or no memory. */
int nq_meta_read_list(const char *path, const char *key, char ***items,
		      size_t *n);
void nq_meta_list_free(char **items, size_t n);

/* The one way a .meta writes and reads a value (the run's and the
 * merge's alike): a YAML double-quoted scalar, JSON's too (\" \\,
 * \uXXXX for controls, bytes that are not UTF-8 as U+FFFD; NULL as
 * ""); "key: value" and a line end; and a value read back (quoted, or
 * plain up to the line end), into buf (v is cut at its line end). */
void nq_meta_quote(FILE *f, const char *s);
void nq_meta_kv(FILE *f, const char *key, const char *value);
void nq_meta_unquote(char *v, char *buf, size_t len);

#endif
