/*
 * run_jobs.h - the job pool (run_jobs.c): with jobs: N > 1, up to N runs
 * in flight, each pinned to cores of its own; it hands each finished run
 * back to the loop (run.c), which checks and writes it. The runs are
 * made by worker processes (core/proc/worker.h), one a slot, so that
 * what a run costs the harness is paid by the slots at once. Not a public
 * header. The pool owns its flights; it reads the experiment and plan
 * and the progress counters (for its live line) through its pointers.
 */
#ifndef NQ_RUN_JOBS_H
#define NQ_RUN_JOBS_H

#include <stddef.h>
#include "plan.h"
#include "run_book.h"
#include "run_opts.h"
#include "runner.h"
#include "worker.h"

/* A run in flight. */
struct flight {
	int worker;            /* the worker making it (worker.h) */
	size_t cell;
	int rep;
	int cpus[1024], ncpus;
	char label[200];       /* the stderr log's header for it */
	nq_limits lim;
};

struct run_pool {
	const nq_experiment *exp;
	const nq_plan *plan;
	const struct run_progress *progress;
	int jobs;
	/* jobs > 1: the cores, which are free, the runs in flight */
	int cores[1024], ncores;
	unsigned char core_busy[1024];
	struct flight *flights;
	size_t nflights;
	nq_workers *workers;           /* one a slot, forked at its first run */
};

/* jobs: N (o->jobs, else the file's) within the cores the harness may
 * use; the cores listed. p->exp and p->plan set first. */
int nq_jobs_check(struct run_pool *p, const nq_run_opts *o, nq_error *err);
/* 1 when cell ci's run can start now: a slot and enough free cores. */
int nq_jobs_room(const struct run_pool *p, size_t ci);
/* Start run `rep` of cell ci with limits lim (copied). */
int nq_jobs_start(struct run_pool *p, size_t ci, int rep,
		  const nq_limits *lim, nq_error *err);
/* Wait for one run in flight to end: 1 with its cell, rep and run, 0
 * when none is in flight, -1 with err set. */
int nq_jobs_land(struct run_pool *p, size_t *ci, int *rep, nq_run *run,
		 nq_error *err);
/* The workers ended (a run still in flight killed and dropped), the
 * flights freed. */
void nq_jobs_free(struct run_pool *p);

#endif
