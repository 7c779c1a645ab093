/*
 * run_int.h - what run.c (the loop: plan, dispatch, verdicts) and
 * run_files.c (the CSV and .meta: open, resume, rewrite) share. Not a
 * public header.
 */
#ifndef NQ_RUN_INT_H
#define NQ_RUN_INT_H

#include <signal.h>
#include <stdio.h>
#include "atomic.h"
#include "csv.h"
#include "instance.h"
#include "meta.h"
#include "plan.h"
#include "rows.h"
#include "run_opts.h"
#include "runner.h"
#include "summary.h"
#include "verdicts.h"

/* Where an approach timed out, for after_timeout: skip. Larger n are
 * skipped for the same hints, blocked squares and excluded lines (as
 * texts: an entry's n range shares them); instances that differ in any
 * (generated ones, say) are not. */
struct timeout_mark {
	size_t approach;
	enum nq_mode mode;
	const char *hints, *blocked, *excluded;
	int n;
};

/* One measured run, as written to the CSV; its verdict may change after
 * the row is written (validate.h), and the end brings the file up to
 * date. The placement is freed once checked. */
struct row {
	size_t spec, ai;
	int rep;
	long claim;            /* its answer in the ledger, or -1 */
	int written;           /* its row is in the CSV */
	nq_run run;
};

/* A run in flight (jobs > 1). */
struct flight {
	struct nq_pending *p;
	size_t cell;
	int rep;
	int cpus[1024], ncpus;
	char label[200];       /* the stderr log's header for it */
	nq_limits lim;
};

struct state {
	const nq_experiment *exp;
	const nq_run_opts *o;
	nq_plan plan;
	FILE *csv;              /* unbuffered: one write(2) a row */
	nq_csv_chain chain;     /* the digests of the rows written to it */
	long long csv_end;      /* its bytes up to the last whole row */
	/* a write failed (the CSV, the stderr log, the .meta): no run is
	 * started after it, the runs in flight are ended, no row is
	 * written; what failed, for the closing lines */
	int failed;
	char failed_why[1200];
	char failed_also[1200]; /* the .meta's end, when it failed too */
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
	nq_rowfile old;
	int have_old;
	long claims_before;     /* its answers are ledger ids below this */
	nq_keyset old_keys;     /* the run keys of its rows */
	nq_keyset old_timeouts; /* ... of its rows that timed out */
	unsigned char *done_bits;
	size_t *todo;           /* per cell: measured runs still to make */
	/* jobs > 1: the cores, which are free, the runs in flight */
	int jobs;
	int cores[1024], ncores;
	unsigned char core_busy[1024];
	struct flight *flights;
	struct nq_pending **pending;   /* flights[i].p, for nq_run_wait_any */
	size_t nflights;
	/* the end: rows_kept's indices in the plan's order; the old rows'
	 * (--resume) too; whether the file holds them so already */
	size_t *perm, *old_perm;
	int in_order;
	size_t replaced;        /* old rows of parts made again, dropped */
	nq_meta_run meta;       /* the record beside the CSV */
	char meta_path[4096];
	char log_path[4096];    /* the solvers' stderr: FILE.stderr.log */
};

/* run_book.c: the loop's bookkeeping, which every part of it reads */
/* set by SIGINT, SIGTERM, SIGHUP (run.c's handler) */
extern volatile sig_atomic_t nq_run_interrupted;
/* No more runs: interrupted, or a write failed. */
static inline int nq_run_stopping(const struct state *s)
{
	return nq_run_interrupted || s->failed;
}
/* A run as the stderr log's header and the messages name it. */
void nq_run_label(const struct state *s, size_t ai, size_t si, int rep,
		  char *label, size_t len);
/* The limits of a run, and its header (label) in the stderr log. */
void nq_run_limits(const struct state *s, size_t ci, int rep,
		   nq_limits *lim, char *label, size_t len);
/* after_timeout: skip: approach ai timed out at spec's size; the n it
 * timed out at for spec (0: not skipped). */
void nq_run_mark_timeout(struct state *s, size_t ai,
			 const nq_instance_spec *spec);
int nq_run_skipped_at(const struct state *s, size_t ai,
		      const nq_instance_spec *spec);
/* 1 when measured run `rep` of cell ci has a row already (--resume). */
int nq_run_is_done(const struct state *s, size_t ci, int rep);
/* "count" or "first"; what names an instance beside n in a progress
 * line (" hints ", " part " or "") and its text. */
const char *nq_run_mode_name(enum nq_mode m);
const char *nq_run_tag_word(const nq_instance_spec *spec);
const char *nq_run_tag_text(const nq_instance_spec *spec);

/* run.c */
/* Check, record and write a finished run (rep <= 0: a warm-up, not
 * written); `ran` 0 for a row without a run. -1 on no memory. */
int nq_run_finish(struct state *s, size_t ai, size_t si, int rep, int ran,
		  nq_run *run);
/* 1 when run `rep` of cell ci needs no run (its row written: over the
 * approach's largest n, or skipped after a timeout), 0 when it must
 * run, -1 on no memory. */
int nq_run_without(struct state *s, size_t ci, int rep, nq_error *err);

/* run_tell.c: what the loop says */
/* The live line of a run starting (a terminal, not quiet), and the line
 * of one that ended (loud ones always: wrong, crash, disputed); the
 * progress counter counts it. */
void nq_run_progress_start(struct state *s, const nq_approach *a,
			   const nq_instance_spec *spec, int rep);
void nq_run_progress_end(struct state *s, const nq_approach *a,
			 const nq_instance_spec *spec, int rep,
			 const nq_run *run);
/* A placement on stdout (--board): q, hints upper case. */
void nq_run_print_board(const nq_instance *in, const int32_t *q);
/* Pairings of approach and instance that do not exist (a mode it does
 * not answer, an ABI before blocked squares, no count in parts): one
 * notice per approach and kind, before the runs. */
void nq_run_tell_not_applicable(struct state *s);
/* The summary table's lines, from the final verdicts, in the plan's
 * order (perm). -1 on no memory. */
int nq_run_summarise(struct state *s);
/* The closing lines on stderr: rows written, and what was not right or
 * not checked (`unchecked` answers). */
void nq_run_tell_outcome(const struct state *s, size_t unchecked);

/* run_jobs.c: jobs > 1, the job pool; it hands finished runs back to
 * the loop, which checks and writes them */
/* jobs: N within the cores the harness may use; the cores listed. */
int nq_jobs_check(struct state *s, nq_error *err);
/* 1 when cell ci's run can start now: a slot and enough free cores. */
int nq_jobs_room(const struct state *s, size_t ci);
/* Start run `rep` of cell ci with limits lim (copied). */
int nq_jobs_start(struct state *s, size_t ci, int rep, const nq_limits *lim,
		  nq_error *err);
/* Wait for one run in flight to end: 1 with its cell, rep and run, 0
 * when none is in flight, -1 with err set. */
int nq_jobs_land(struct state *s, size_t *ci, int *rep, nq_run *run,
		 nq_error *err);

/* run_files.c */
int nq_run_open(struct state *s, nq_error *err);
/* The rows in the plan's order (perm, old_perm, in_order). */
int nq_run_order(struct state *s, nq_error *err);
/* The CSV again, whole, in the plan's order, with the final verdicts. */
int nq_run_rewrite(struct state *s, nq_error *err);
int nq_run_meta_end(struct state *s, int rc, nq_error *err);
int nq_run_row(struct state *s, FILE *f, const struct row *r);
/* Append the newest kept row to the CSV: 0, or -1 when the write
 * failed (s->failed set, the file cut back to its last whole row). */
int nq_run_append(struct state *s);
/* Stop after a write error: say what failed, which runs of the plan are
 * not in the file, and how to make them; err set (exit 2). */
int nq_run_tell_failed(struct state *s, nq_error *err);
/* What each cell has still to make (--resume: the runs with a row are
 * done, their timeouts marked). */
int nq_run_count_todo(struct state *s, nq_error *err);
/* The rows from before (--resume) that are wrong or disputed now. */
size_t nq_run_old_bad(const struct state *s);

#endif
