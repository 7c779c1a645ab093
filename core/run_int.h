/*
 * run_int.h - what run.c (the loop: plan, dispatch, verdicts) and
 * run_files.c (the CSV and .meta: open, resume, rewrite) share. Not a
 * public header.
 */
#ifndef NQ_RUN_INT_H
#define NQ_RUN_INT_H

#include <stdio.h>
#include "atomic.h"
#include "meta.h"
#include "plan.h"
#include "run.h"
#include "runner.h"
#include "summary.h"
#include "validate.h"

/* Where an approach timed out, for after_timeout: skip. */
struct timeout_mark {
	size_t approach;
	enum nq_mode mode;
	const char *hints;
	int n;
};

/* One measured run, as written to the CSV; its verdict may change after
 * the row is written (validate.h), and the end brings the file up to
 * date. The placement is freed once checked. */
struct row {
	size_t spec, ai;
	int rep;
	long claim;            /* its answer in the ledger, or -1 */
	nq_run run;
};

/* A run in flight (jobs > 1). */
struct flight {
	struct nq_pending *p;
	size_t cell;
	int rep;
	int cpus[64], ncpus;
	char label[200];       /* the stderr log's header for it */
	nq_limits lim;
};

struct state {
	const nq_experiment *exp;
	const nq_run_opts *o;
	nq_plan plan;
	FILE *csv;
	nq_lock lock;           /* on the CSV, from open_output to the end */
	nq_ledger *ledger;
	struct row *rows_kept;  /* every row written this time, in order */
	size_t nkept, capkept;
	size_t *row_of_claim;   /* ledger id -> index in rows_kept */
	size_t capclaims;
	nq_summary *summary;
	struct timeout_mark *marks;
	size_t nmarks;
	unsigned *told;   /* per approach: modes it does not answer, told */
	int tty;
	size_t done, total;
	int changed;            /* a verdict changed after its row was written */
	size_t rows;            /* rows written this time */
	/* --resume: the rows the file held (their answers are in the
	 * ledger), and which measured runs of the plan they are: bit
	 * cell * repeat + rep - 1 */
	int have_old;
	unsigned char *done_bits;
	size_t *todo;           /* per cell: measured runs still to make */
	/* jobs > 1: the cores, which are free, the runs in flight */
	int jobs;
	int cores[1024], ncores;
	unsigned char core_busy[1024];
	struct flight *flights;
	struct nq_pending **pending;   /* flights[i].p, for nq_run_wait_any */
	size_t nflights;
	nq_meta_run meta;       /* the record beside the CSV */
	char meta_path[4096];
	char log_path[4096];    /* the solvers' stderr: FILE.stderr.log */
};

/* run_files.c */
int nq_run_open(struct state *s, nq_error *err);
int nq_run_rewrite(struct state *s, nq_error *err);
int nq_run_meta_end(struct state *s, int rc, nq_error *err);
void nq_run_row(const struct state *s, FILE *f, const struct row *r);

#endif
