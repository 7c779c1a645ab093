/*
 * record.c - one search watched (record.h): the sink that keeps a
 * solver's events, and the solver run under it in this process. No
 * child process, no clock: a trace is for looking at, never for timing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "record.h"
#include "registry.h"
#include "validate.h"

/* The searches that report events (solvers/trace.h), and of a solver
 * with variants the ones that do (its label option's values; NULL: all).
 * A solver that reports: one row here. */
static const char *const backtrack_watched[] = {
	"board", "array", "textbook", "stack", "bitmask", NULL
};

static const struct watched {
	const char *solver;
	const char *const *labels;
} watched[] = {
	{ "backtrack", backtrack_watched },
	/* the local-search family: every variant reports its starts and
	 * moves with h */
	{ "hillclimb", NULL },
	{ "anneal", NULL },
	{ "beam", NULL },
	{ "genetic", NULL },
	{ "minconflicts", NULL },
};

#define NWATCHED (sizeof watched / sizeof *watched)

int nq_trace_watched(const nq_approach *a)
{
	size_t i, j;

	for (i = 0; i < NWATCHED; i++) {
		if (strcmp(a->solver->name, watched[i].solver))
			continue;
		if (!watched[i].labels)
			return 1;
		for (j = 0; watched[i].labels[j]; j++)
			if (!strcmp(a->label, watched[i].labels[j]))
				return 1;
	}
	return 0;
}

void nq_trace_watched_text(char *buf, size_t len)
{
	size_t i, j, at = 0;

	buf[0] = '\0';
	for (i = 0; i < NWATCHED && at < len; i++) {
		const nq_solver *s = nq_registry_solver(watched[i].solver);

		if (!s) /* not built in this harness */
			continue;
		at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? ", " : "",
				       s->name);
		if (!watched[i].labels || !s->label_option || at >= len)
			continue;
		at += (size_t)snprintf(buf + at, len - at, ":%s=",
				       s->label_option);
		for (j = 0; watched[i].labels[j] && at < len; j++)
			at += (size_t)snprintf(buf + at, len - at, "%s%s",
					       j ? "|" : "", watched[i].labels[j]);
	}
}

void nq_trace_log_init(nq_trace_log *log, int n, size_t max_events)
{
	memset(log, 0, sizeof *log);
	log->n = n;
	log->max_events = max_events ? max_events : NQ_TRACE_MAX_EVENTS;
}

void nq_trace_log_free(nq_trace_log *log)
{
	free(log->ev);
	free(log->boards);
	log->ev = NULL;
	log->boards = NULL;
	log->nev = log->nboards = 0;
}

int nq_trace_log_add(nq_trace_log *log, const nq_trace_event *e)
{
	nq_trace_rec *r;

	if (log->nev >= log->max_events) {
		log->capped = 1;
		return 1;
	}
	if (log->nev == log->cap) {
		size_t cap = log->cap ? log->cap * 2 : 1024;
		nq_trace_rec *ev;

		if (cap > log->max_events)
			cap = log->max_events;
		if (!(ev = realloc(log->ev, cap * sizeof *ev))) {
			log->oom = 1;
			return 1;
		}
		log->ev = ev;
		log->cap = cap;
	}
	r = &log->ev[log->nev];
	r->kind = e->kind;
	r->row = e->row;
	r->col = e->col;
	r->other_row = e->other_row;
	r->other_col = e->other_col;
	r->step = e->step;
	r->h = e->h;
	r->board = 0;
	if (e->kind == NQ_TR_STATE || e->kind == NQ_TR_MOVE)
		log->local = 1;
	if (e->kind == NQ_TR_STATE) {
		size_t need = log->nboards + (size_t)log->n;

		if (!e->board)
			return 0; /* a state without its board: not kept */
		if (need > log->boards_cap) {
			size_t cap = need * 2;
			int32_t *b = realloc(log->boards, cap * sizeof *b);

			if (!b) {
				log->oom = 1;
				return 1;
			}
			log->boards = b;
			log->boards_cap = cap;
		}
		memcpy(log->boards + log->nboards, e->board,
		       (size_t)log->n * sizeof *e->board);
		r->board = log->nboards;
		log->nboards = need;
	}
	log->nev++;
	return 0;
}

static int sink_event(nq_trace *t, const nq_trace_event *e)
{
	return nq_trace_log_add(t->ctx, e);
}

int nq_trace_record(const nq_approach *a, int n, int count, uint64_t seed,
		    size_t max_events, nq_trace_log *log, nq_error *err)
{
	nq_trace sink = { sink_event, log };
	nq_instance in;
	nq_job job;
	nq_result res;
	char why[200];
	int max_n;

	nq_trace_log_init(log, n, max_events);
	log->count = count;
	log->seed = seed;
	snprintf(log->approach, sizeof log->approach, "%s", a->name[0] ?
		 a->name : a->solver->name);
	if (!nq_trace_watched(a)) {
		char list[400];

		nq_trace_watched_text(list, sizeof list);
		return nq_error_set(err, NULL, 0, 0, "%s reports no events to "
				    "watch; these do: %s", log->approach, list);
	}
	if (n < 1 || n > NQ_TRACE_MAX_N)
		return nq_error_set(err, NULL, 0, 0, "a trace draws boards of "
				    "n = 1 to %d, not %d", NQ_TRACE_MAX_N, n);
	max_n = nq_solver_max_n(a->solver, a->opt, count ? NQ_MODE_COUNT :
				NQ_MODE_FIRST);
	if (max_n == NQ_NOT_APPLICABLE || (max_n > 0 && n > max_n))
		return nq_error_set(err, NULL, 0, 0, "%s does not answer %s "
				    "mode for n = %d", log->approach,
				    count ? "count" : "first", n);

	memset(&in, 0, sizeof in);
	in.n = n;
	in.mode = count ? NQ_MODE_COUNT : NQ_MODE_FIRST;
	memset(&job, 0, sizeof job);
	job.inst = &in;
	job.opt = a->opt;
	job.seed = seed;
	nq_result_init(&res);
	if (!(res.placement = calloc((size_t)n, sizeof *res.placement)))
		return nq_error_set(err, NULL, 0, 0, "out of memory");

	nq_trace_sink = &sink;
	log->rc = a->solver->solve(&job, &res);
	nq_trace_sink = NULL;

	log->solutions = res.solutions;
	log->nodes = res.nodes;
	log->steps = res.steps;
	if (log->capped)
		snprintf(log->end, sizeof log->end, "stopped after %zu events "
			 "(the cap: --max-events)", log->nev);
	else if (log->oom)
		snprintf(log->end, sizeof log->end, "stopped after %zu events: "
			 "out of memory", log->nev);
	else if (log->rc != NQ_OK)
		snprintf(log->end, sizeof log->end, "ended without an answer%s%s",
			 res.note[0] ? ": " : "", res.note);
	else if (count)
		snprintf(log->end, sizeof log->end, "%llu placements counted",
			 (unsigned long long)res.solutions);
	else if (res.solutions == 0)
		snprintf(log->end, sizeof log->end, "no placement exists");
	else if (nq_check_placement(&in, res.placement, why, sizeof why))
		snprintf(log->end, sizeof log->end, "a placement the validator "
			 "refuses: %s", why);
	else
		snprintf(log->end, sizeof log->end, "a placement, checked by "
			 "the validator");
	free(res.placement);
	if (log->nev == 0 && !log->capped) {
		char list[400];

		nq_trace_watched_text(list, sizeof list);
		nq_trace_log_free(log);
		return nq_error_set(err, NULL, 0, 0, "%s reported no events; "
				    "these do: %s", log->approach, list);
	}
	return 0;
}
