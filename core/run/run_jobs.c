/*
 * run_jobs.c - runs in parallel (jobs: N, -j N; run_jobs.h): each run on
 * cores of its own, started in plan order as cores free up, handed back
 * to the loop (run.c) as it ends, which checks and writes it. Worker
 * processes (core/proc/worker.h), one a slot, make the runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpus.h"
#include "run_jobs.h"

/* jobs: N at most the cores the harness may use; with N > 1 every run
 * takes cores of its own, so no approach may want more than there are. */
int nq_jobs_check(struct run_pool *p, const nq_run_opts *o, nq_error *err)
{
	size_t ci;

	p->jobs = o->jobs > 0 ? o->jobs : p->exp->jobs > 0
		  ? p->exp->jobs : 1;
	p->ncores = nq_cores_usable();
	if (p->jobs > p->ncores)
		return nq_error_set(err, o->jobs ? "harness run" :
				    p->exp->path, 0, 0, "%s %d: %d runs at "
				    "once, but the harness may use %d core%s "
				    "here (each run takes cores of its own): "
				    "at most %d", o->jobs ? "-j" : "jobs:",
				    p->jobs, p->jobs, p->ncores,
				    p->ncores == 1 ? "" : "s", p->ncores);
	if (p->jobs == 1)
		return 0;
	p->ncores = nq_cpus_online(p->cores, (int)(sizeof p->cores /
						   sizeof *p->cores));
	if (p->ncores > (int)(sizeof p->cores / sizeof *p->cores))
		p->ncores = (int)(sizeof p->cores / sizeof *p->cores);
	p->flights = calloc((size_t)p->jobs, sizeof *p->flights);
	if (p->ncores < 1 || !p->flights)
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	if (!(p->workers = nq_workers_new(p->exp, p->jobs, err)))
		return -1;
	for (ci = 0; ci < p->plan->ncells; ci++) {
		const nq_cell *c = &p->plan->cells[ci];

		if (c->kind == NQ_CELL_RUN && c->cpus > p->ncores)
			return nq_error_set(err, p->exp->path,
					    p->exp->approaches[c->ai].line,
					    p->exp->approaches[c->ai].col,
					    "%s takes %d cores a run, but the "
					    "harness may use %d here",
					    p->exp->approaches[c->ai].name,
					    c->cpus, p->ncores);
	}
	return 0;
}

/* jobs > 1: the live line names the runs in flight. */
static void progress_flights(const struct run_pool *p)
{
	size_t i, used;
	char line[160];

	if (p->progress->quiet || !p->progress->tty)
		return;
	used = (size_t)snprintf(line, sizeof line, "[%zu/%zu] in flight:",
				p->progress->done, p->progress->total);
	for (i = 0; i < p->nflights && used < sizeof line; i++) {
		const nq_cell *c = &p->plan->cells[p->flights[i].cell];

		used += (size_t)snprintf(line + used, sizeof line - used,
					 "%s %s n=%d", i ? "," : "",
					 p->exp->approaches[c->ai].name,
					 p->exp->instances[c->spec].inst.n);
	}
	fprintf(stderr, "\r\033[K%.*s", 120, line);
	fflush(stderr);
}

/* Wait for a run in flight to end and give its cores back: 1 with the
 * run's cell, rep and run (the caller checks and writes it, then
 * nq_run_clear), 0 when none was in flight, -1 with err set. */
int nq_jobs_land(struct run_pool *p, size_t *ci, int *rep, nq_run *run,
		 nq_error *err)
{
	struct flight *f;
	int i, k;

	if (!p->nflights)
		return 0;
	if ((k = nq_workers_wait(p->workers, run, err)) == -1)
		return -1; /* the harness stops: the flight stays, ended
			      with the others by nq_jobs_free */
	for (i = 0; i < (int)p->nflights && p->flights[i].worker != k; i++)
		;
	if (i == (int)p->nflights) {
		if (k >= 0)
			nq_run_clear(run);
		return 0;
	}
	f = &p->flights[i];
	for (k = 0; k < f->ncpus; k++) {
		int j;

		for (j = 0; j < p->ncores; j++)
			if (p->cores[j] == f->cpus[k])
				p->core_busy[j] = 0;
	}
	*ci = f->cell;
	*rep = f->rep;
	/* the last one takes its place: the order in flight is no order */
	p->nflights--;
	p->flights[i] = p->flights[p->nflights];
	progress_flights(p);
	return 1;
}

static int free_cores(const struct run_pool *p)
{
	int j, n = 0;

	for (j = 0; j < p->ncores; j++)
		n += !p->core_busy[j];
	return n;
}

/* 1 when cell ci's run can start now: a slot and enough free cores. */
int nq_jobs_room(const struct run_pool *p, size_t ci)
{
	const nq_cell *c = &p->plan->cells[ci];
	int need = c->cpus < p->ncores ? c->cpus : p->ncores;

	return p->nflights < (size_t)p->jobs && free_cores(p) >= need;
}

/* Start `rep` of cell ci with limits `lim` on free cores (nq_jobs_room
 * said there are enough). 0, or -1 with err set. */
int nq_jobs_start(struct run_pool *p, size_t ci, int rep, const nq_limits *lim,
		  nq_error *err)
{
	const nq_cell *c = &p->plan->cells[ci];
	int need = c->cpus < p->ncores ? c->cpus : p->ncores, j, rc;
	struct flight *f;

	f = &p->flights[p->nflights];
	f->cell = ci;
	f->rep = rep;
	f->ncpus = 0;
	for (j = 0; j < p->ncores && f->ncpus < need; j++)
		if (!p->core_busy[j]) {
			p->core_busy[j] = 1;
			f->cpus[f->ncpus++] = p->cores[j];
		}
	f->lim = *lim;
	snprintf(f->label, sizeof f->label, "%s", lim->log_label);
	f->lim.log_label = f->label;
	f->worker = nq_workers_idle(p->workers);
	if (f->worker < 0 ||
	    nq_workers_start(p->workers, f->worker, c->ai, c->spec, &f->lim,
			     f->cpus, f->ncpus, err) < 0) {
		if (f->worker < 0)
			nq_error_set(err, NULL, 0, 0, "no worker is free "
				     "(a run in flight without a slot)");
		for (j = 0; j < p->ncores; j++)
			for (rc = 0; rc < f->ncpus; rc++)
				if (p->cores[j] == f->cpus[rc])
					p->core_busy[j] = 0;
		return -1;
	}
	p->nflights++;
	progress_flights(p);
	return 0;
}

void nq_jobs_free(struct run_pool *p)
{
	nq_workers_free(p->workers);
	p->workers = NULL;
	free(p->flights);
	p->flights = NULL;
	p->nflights = 0;
}
