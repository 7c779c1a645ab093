/*
 * run_jobs.c - runs in parallel (jobs: N, -j N; run_int.h): each run on
 * cores of its own, started in plan order as cores free up, handed back
 * to the loop (run.c) as it ends, which checks and writes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpus.h"
#include "run_int.h"

/* jobs: N at most the cores the harness may use; with N > 1 every run
 * takes cores of its own, so no approach may want more than there are. */
int nq_jobs_check(struct state *s, nq_error *err)
{
	size_t ci;

	s->jobs = s->o->jobs > 0 ? s->o->jobs : s->exp->jobs > 0
		  ? s->exp->jobs : 1;
	s->ncores = nq_cores_usable();
	if (s->jobs > s->ncores)
		return nq_error_set(err, s->o->jobs ? "harness run" :
				    s->exp->path, 0, 0, "%s %d: %d runs at "
				    "once, but the harness may use %d core%s "
				    "here (each run takes cores of its own): "
				    "at most %d", s->o->jobs ? "-j" : "jobs:",
				    s->jobs, s->jobs, s->ncores,
				    s->ncores == 1 ? "" : "s", s->ncores);
	if (s->jobs == 1)
		return 0;
	s->ncores = nq_cpus_online(s->cores, (int)(sizeof s->cores /
						   sizeof *s->cores));
	if (s->ncores > (int)(sizeof s->cores / sizeof *s->cores))
		s->ncores = (int)(sizeof s->cores / sizeof *s->cores);
	s->flights = calloc((size_t)s->jobs, sizeof *s->flights);
	s->pending = calloc((size_t)s->jobs, sizeof *s->pending);
	if (s->ncores < 1 || !s->flights || !s->pending)
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	for (ci = 0; ci < s->plan.ncells; ci++) {
		const nq_cell *c = &s->plan.cells[ci];

		if (c->kind == NQ_CELL_RUN && c->cpus > s->ncores)
			return nq_error_set(err, s->exp->path,
					    s->exp->approaches[c->ai].line,
					    s->exp->approaches[c->ai].col,
					    "%s takes %d cores a run, but the "
					    "harness may use %d here",
					    s->exp->approaches[c->ai].name,
					    c->cpus, s->ncores);
	}
	return 0;
}

/* jobs > 1: the live line names the runs in flight. */
static void progress_flights(const struct state *s)
{
	size_t i, used;
	char line[160];

	if (s->o->quiet || !s->tty)
		return;
	used = (size_t)snprintf(line, sizeof line, "[%zu/%zu] in flight:",
				s->done, s->total);
	for (i = 0; i < s->nflights && used < sizeof line; i++) {
		const nq_cell *c = &s->plan.cells[s->flights[i].cell];

		used += (size_t)snprintf(line + used, sizeof line - used,
					 "%s %s n=%d", i ? "," : "",
					 s->exp->approaches[c->ai].name,
					 s->exp->instances[c->spec].inst.n);
	}
	fprintf(stderr, "\r\033[K%.*s", 120, line);
	fflush(stderr);
}

/* Wait for a run in flight to end and give its cores back: 1 with the
 * run's cell, rep and run (the caller checks and writes it, then
 * nq_run_clear), 0 when none was in flight, -1 with err set. */
int nq_jobs_land(struct state *s, size_t *ci, int *rep, nq_run *run,
		 nq_error *err)
{
	struct flight *f;
	int i, k;

	i = nq_run_wait_any(s->pending, s->nflights, -1, run, err);
	if (i == -1)
		return -1;
	if (i < 0)
		return 0;
	f = &s->flights[i];
	for (k = 0; k < f->ncpus; k++) {
		int j;

		for (j = 0; j < s->ncores; j++)
			if (s->cores[j] == f->cpus[k])
				s->core_busy[j] = 0;
	}
	*ci = f->cell;
	*rep = f->rep;
	/* the last one takes its place: the order in flight is no order */
	s->nflights--;
	s->flights[i] = s->flights[s->nflights];
	s->pending[i] = s->pending[s->nflights];
	progress_flights(s);
	return 1;
}

static int free_cores(const struct state *s)
{
	int j, n = 0;

	for (j = 0; j < s->ncores; j++)
		n += !s->core_busy[j];
	return n;
}

/* 1 when cell ci's run can start now: a slot and enough free cores. */
int nq_jobs_room(const struct state *s, size_t ci)
{
	const nq_cell *c = &s->plan.cells[ci];
	int need = c->cpus < s->ncores ? c->cpus : s->ncores;

	return s->nflights < (size_t)s->jobs && free_cores(s) >= need;
}

/* Start `rep` of cell ci with limits `lim` on free cores (nq_jobs_room
 * said there are enough). 0, or -1 with err set. */
int nq_jobs_start(struct state *s, size_t ci, int rep, const nq_limits *lim,
		  nq_error *err)
{
	const nq_cell *c = &s->plan.cells[ci];
	int need = c->cpus < s->ncores ? c->cpus : s->ncores, j, rc;
	struct flight *f;

	f = &s->flights[s->nflights];
	f->cell = ci;
	f->rep = rep;
	f->ncpus = 0;
	for (j = 0; j < s->ncores && f->ncpus < need; j++)
		if (!s->core_busy[j]) {
			s->core_busy[j] = 1;
			f->cpus[f->ncpus++] = s->cores[j];
		}
	f->lim = *lim;
	snprintf(f->label, sizeof f->label, "%s", lim->log_label);
	f->lim.log_label = f->label;
	f->p = nq_run_start(&s->exp->approaches[c->ai],
			    &s->exp->instances[c->spec].inst, &f->lim,
			    f->cpus, f->ncpus, err);
	if (!f->p) {
		for (j = 0; j < s->ncores; j++)
			for (rc = 0; rc < f->ncpus; rc++)
				if (s->cores[j] == f->cpus[rc])
					s->core_busy[j] = 0;
		return -1;
	}
	s->pending[s->nflights++] = f->p;
	progress_flights(s);
	return 0;
}
