/*
 * run_opts.h - what `harness run` asks of the run loop (run.h), and the
 * exit statuses it ends with; the loop's parts read them too
 * (run_int.h).
 */
#ifndef NQ_RUN_OPTS_H
#define NQ_RUN_OPTS_H

typedef struct nq_run_opts {
	const char *output;  /* CSV path; NULL: write none */
	int quiet;           /* no progress lines */
	int show_board;      /* print each first-mode placement (n <= 32) */
	int jobs;            /* runs at once (-j); 0: the file's `jobs:` */
	int shard_k, shard_n;/* --shard K/N: the K-th slice only; 0: all */
	int resume;          /* --resume: go on with the rows in `output` */
	int force;           /* --force: resume although the file or the
				harness differ */
	int strict;          /* --strict: an answer nothing checked fails
				the run (as the file's `strict: true`) */
	int argc;            /* the command line, for the metadata file */
	char *const *argv;   /* (NULL: recorded as unknown) */
} nq_run_opts;

/* Exit codes (README: Command line and exit status). */
#define NQ_EXIT_OK 0
#define NQ_EXIT_WRONG 1
#define NQ_EXIT_USAGE 2
#define NQ_EXIT_INTERRUPTED 130

#endif
