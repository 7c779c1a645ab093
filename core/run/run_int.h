/*
 * run_int.h - what run.c (the loop: plan, dispatch, verdicts),
 * run_files.c (the CSV and .meta: open, resume, rewrite) and run_tell.c
 * (what the loop says) share: the loop's state, made of the parts each
 * owns (the book, run_book.h; the job pool, run_jobs.h; the files; the
 * rows read back for --resume; the rows kept). Not a public header.
 */
#ifndef NQ_RUN_INT_H
#define NQ_RUN_INT_H

#include <signal.h>
#include <stdio.h>
#include <time.h>
#include "atomic.h"
#include "csv.h"
#include "instance.h"
#include "meta.h"
#include "plan.h"
#include "rows.h"
#include "run_opts.h"
#include "run_book.h"
#include "run_jobs.h"
#include "runner.h"
#include "summary.h"
#include "verdicts.h"

/* One measured run, as written to the CSV; its verdict may change after
 * the row is written (verdicts.h), and the end brings the file up to
 * date. The placement is freed once checked. */
struct row {
	size_t spec, ai;
	int rep;
	long claim;            /* its answer in the ledger, or -1 */
	int written;           /* its row is in the CSV */
	nq_run run;
};

/* The files a run writes (run_files.c): the CSV, the .meta, the
 * solvers' stderr log, the lock, and a write that failed. */
struct run_out {
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
	nq_meta_run meta;       /* the record beside the CSV */
	char meta_path[4096];
	char log_path[4096];    /* the solvers' stderr: FILE.stderr.log */
};

/* --resume (run_files.c reads them back): the rows the file held (their
 * answers are in the ledger); the runs they are, the book's done_bits. */
struct run_resume {
	nq_rowfile old;
	int have_old;
	long claims_before;     /* its answers are ledger ids below this */
	nq_keyset old_timeouts; /* the run keys of its rows that timed out */
	nq_order ord;           /* the plan's order, made once for the fit
				   and used again to order the rows at the
				   end (a million runs' worth each time) */
};

/* The loop's state (run.c); each part has its own piece. */
struct state {
	const nq_experiment *exp;
	const nq_run_opts *o;
	nq_plan plan;
	nq_ledger *ledger;
	nq_summary *summary;
	struct run_book book;          /* run_book.c */
	struct run_progress progress;  /* run_tell.c, the pool's live line */
	struct run_pool pool;          /* run_jobs.c */
	struct run_out out;            /* run_files.c */
	struct run_resume resume;      /* run_files.c */
	/* the rows: every row written this time, in order */
	struct row *rows_kept;
	size_t nkept, capkept;
	size_t *row_of_claim;   /* ledger id -> index in rows_kept */
	size_t capclaims;
	int changed;            /* a verdict changed after its row was written */
	size_t rows;            /* rows written this time */
	size_t *todo;           /* per cell: measured runs still to make */
	unsigned *told;   /* per approach: modes it does not answer, told */
	/* the end: rows_kept's indices in the plan's order; the old rows'
	 * (--resume) too; whether the file holds them so already */
	size_t *perm, *old_perm;
	int in_order;
	size_t replaced;        /* old rows of parts made again, dropped */
	time_t began;           /* when the runs began: the reports and
				   plots beside the CSV older than that are
				   of the rows before (nq_run_tell_stale) */
};

/* No more runs: interrupted, or a write failed. */
static inline int nq_run_stopping(const struct state *s)
{
	return nq_run_interrupted || s->out.failed;
}

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
/* A placement on stdout (--board): q, hints upper case, under a line
 * naming whose it is (several approaches print one board each). */
void nq_run_print_board(const char *approach, int rep, const nq_instance *in,
			const int32_t *q);
/* The summary table's lines, from the final verdicts, in the plan's
 * order (perm). -1 on no memory. */
int nq_run_summarise(struct state *s);
/* The same over every row of the file: after --resume the rows from
 * before too (a cell half made before shows all its runs), in the
 * plan's order; an old row made again or superseded left out, as the
 * rewrite leaves it out. -1 on no memory. */
int nq_run_summarise_all(struct state *s);
/* The closing lines on stderr: rows written, and what was not right or
 * not checked (`unchecked` answers). */
void nq_run_tell_outcome(const struct state *s, size_t unchecked);
/* After the .meta's last write: one line when the machine was loaded
 * (nq_meta_check found the load average above its limit, at the start
 * or the end), naming the .meta; nothing otherwise. */
void nq_run_tell_loaded(const struct state *s);
/* The reports and plots beside the CSV (report's and plot's own names
 * for it: X.md, X.svg, X-cactus.png, ...) made before this run: named
 * in a note, so a figure of the old rows is not taken for the new. */
void nq_run_tell_stale(const struct state *s);
/* Stop after a write error: say what failed, which runs of the plan are
 * not in the file, and how to make them; err set (exit 2). */
int nq_run_tell_failed(struct state *s, nq_error *err);

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
/* What each cell has still to make (--resume: the runs with a row are
 * done, their timeouts marked). */
int nq_run_count_todo(struct state *s, nq_error *err);
/* The rows from before (--resume) that are wrong or disputed now. */
size_t nq_run_old_bad(const struct state *s);

#endif
