/*
 * run.h - carry out an experiment: plan the runs, run each in a child,
 * validate, write CSV rows as runs end, show progress and the summary.
 */
#ifndef NQ_RUN_H
#define NQ_RUN_H

#include <stdio.h>
#include "experiment.h"

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

/* Run `exp`. Returns NQ_EXIT_OK, NQ_EXIT_WRONG or NQ_EXIT_INTERRUPTED;
 * -1 with err set when the output cannot be opened (nothing has run) or
 * the harness itself fails. With an output FILE.csv, FILE.meta records
 * the machine (core/meta.h): written before the first run, rewritten at
 * the end. */
int nq_experiment_run(const nq_experiment *exp, const nq_run_opts *o,
		      nq_error *err);

#endif
