/* test_localsearch.c - the local-search family (solvers/native/local/,
 * issue 31): each method finds 8-queens placements the validator
 * accepts, h kept incrementally is h recomputed, limits end `unsolved`
 * with the steps counted (never an error), seeds reproduce, forbidden
 * squares and hints are respected; and minconflicts' accounting. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "solvers.h"
#include "local.h"
#include "validate.h"

/* The solver's options at their defaults, then "key=value" pairs. */
static void options(const nq_solver *s, nq_optval *opt, const char *sets)
{
	char buf[256], *save = NULL, *kv;
	int k;

	for (k = 0; s->options && s->options[k].key; k++) {
		const nq_option *o = &s->options[k];

		memset(&opt[k], 0, sizeof opt[k]);
		opt[k].str = o->def;
		if (o->type == NQ_OPT_INT)
			opt[k].str = NULL, opt[k].num = atoll(o->def);
		if (o->type == NQ_OPT_CHOICE)
			for (opt[k].num = 0; strcmp(o->choices[opt[k].num],
						    o->def); opt[k].num++)
				;
	}
	snprintf(buf, sizeof buf, "%s", sets ? sets : "");
	for (kv = strtok_r(buf, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(kv, '=');
		static char keep[8][64];

		assert_non_null(eq);
		*eq = '\0';
		for (k = 0; s->options[k].key && strcmp(s->options[k].key, kv); k++)
			;
		assert_non_null(s->options[k].key);
		if (s->options[k].type == NQ_OPT_INT) {
			opt[k].num = atoll(eq + 1);
		} else if (s->options[k].type == NQ_OPT_CHOICE) {
			for (opt[k].num = 0; s->options[k].choices[opt[k].num] &&
			     strcmp(s->options[k].choices[opt[k].num], eq + 1);
			     opt[k].num++)
				;
			assert_non_null(s->options[k].choices[opt[k].num]);
			opt[k].str = s->options[k].choices[opt[k].num];
		} else {
			snprintf(keep[k], sizeof keep[k], "%s", eq + 1);
			opt[k].str = keep[k];
		}
	}
}

/* One run; res->placement is the caller's to free. */
static int run(const nq_solver *s, const nq_instance *in, const char *sets,
	       uint64_t seed, nq_result *res)
{
	nq_optval opt[NQ_PLUGIN_OPTIONS_MAX];
	nq_job job = { in, opt, seed, 0, NULL };

	options(s, opt, sets);
	memset(res, 0, sizeof *res);
	res->unique = NQ_UNIQUE_NA;
	res->steps = res->restarts = NQ_NA;
	res->nodes = NQ_NA;
	res->placement = calloc((size_t)in->n, sizeof(int32_t));
	assert_non_null(res->placement);
	return s->solve(&job, res);
}

static const struct method {
	const nq_solver *s;
	const char *sets;
	int hopeless;   /* may solve no 8-queens start at all */
} methods[] = {
	{ &nq_solver_hillclimb, "variant=steepest", 0 },
	{ &nq_solver_hillclimb, "variant=sideways", 0 },
	{ &nq_solver_hillclimb, "variant=restart", 0 },
	{ &nq_solver_hillclimb, "variant=restart-sideways", 0 },
	{ &nq_solver_hillclimb, "variant=stochastic", 0 },
	{ &nq_solver_hillclimb, "variant=stochastic,uphill=uniform", 0 },
	{ &nq_solver_hillclimb, "variant=first-choice", 0 },
	/* aima-python's schedule stays near T = 20 for its 100 steps: a
	 * random walk (docs/local-search.md) */
	{ &nq_solver_anneal, NULL, 1 },
	{ &nq_solver_anneal, "limit=5000", 0 },
	{ &nq_solver_anneal, "schedule=geometric,t0=2,alpha=0.999,limit=20000", 0 },
	{ &nq_solver_beam, NULL, 0 },
	{ &nq_solver_genetic, "population=100,generations=200", 0 },
};
#define NMETHODS (sizeof methods / sizeof methods[0])

/* Every method finds 8-queens placements from some of 300 seeds; each
 * answer passes the validator, every other run is `unsolved` with its
 * steps and restarts counted. */
static void each_method_solves_8(void **state)
{
	nq_instance in = { .n = 8, .mode = NQ_MODE_FIRST };
	size_t m;

	(void)state;
	for (m = 0; m < NMETHODS; m++) {
		int solved = 0;
		uint64_t seed;

		for (seed = 1; seed <= 300 && solved < 3; seed++) {
			nq_result res;
			char why[256];
			int rc = run(methods[m].s, &in, methods[m].sets, seed,
				     &res);

			assert_true(res.steps >= 0);
			assert_true(res.restarts >= 0);
			if (rc == NQ_OK) {
				assert_int_equal(res.solutions, 1);
				if (nq_check_placement(&in, res.placement, why,
						       sizeof why))
					fail_msg("%s %s seed %llu: %s",
						 methods[m].s->name,
						 methods[m].sets ? methods[m].sets : "",
						 (unsigned long long)seed, why);
				assert_int_equal(ls_h_of(8, res.placement), 0);
				solved++;
			} else {
				if (rc != NQ_EUNSOLVED)
					fail_msg("%s %s: rc %d (%s)",
						 methods[m].s->name,
						 methods[m].sets ? methods[m].sets : "",
						 rc, res.note);
				assert_true(res.note[0] != '\0');
			}
			free(res.placement);
		}
		if (solved == 0 && !methods[m].hopeless)
			fail_msg("%s %s solved no 8-queens start of 300",
				 methods[m].s->name,
				 methods[m].sets ? methods[m].sets : "");
	}
}

/* h kept move by move is h counted afresh. */
static void h_incremental(void **state)
{
	static const int sizes[] = { 4, 8, 13, 50 };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		nq_instance in = { .n = sizes[i], .mode = NQ_MODE_FIRST };
		nq_job job = { &in, NULL, 5 + i, 0, NULL };
		nq_result res;
		struct ls_run r;
		struct ls_state s, t;
		int k;

		memset(&res, 0, sizeof res);
		assert_int_equal(ls_begin(&r, &job, &res), NQ_OK);
		assert_int_equal(ls_state_alloc(&s, in.n), 0);
		assert_int_equal(ls_state_alloc(&t, in.n), 0);
		ls_random_state(&r, &s);
		assert_int_equal(s.h, ls_h_of(in.n, s.q));
		for (k = 0; k < 2000; k++) {
			int row, col;
			int64_t predicted;

			assert_true(ls_random_move(&r, &s, &row, &col));
			assert_int_not_equal(col, s.q[row]);
			predicted = ls_h_after(&r.p, &s, row, col);
			ls_move(&r.p, &s, row, col);
			assert_int_equal(s.h, predicted);
			assert_int_equal(s.h, ls_h_of(in.n, s.q));
		}
		ls_state_copy(&t, &s, in.n);
		ls_recount(&r.p, &t);
		assert_int_equal(t.h, s.h);
		assert_memory_equal(t.cc, s.cc, (size_t)in.n * sizeof *s.cc);
		ls_state_free(&s);
		ls_state_free(&t);
		ls_end(&r, NULL, NQ_EUNSOLVED, "test");
	}
}

/* Limits: `unsolved` with the steps counted, never an error; a limit of
 * 0 is the initial state alone. */
static void limits_are_unsolved(void **state)
{
	static const struct {
		const nq_solver *s;
		const char *sets;
		int64_t steps;   /* at most */
	} zero[] = {
		{ &nq_solver_hillclimb, "variant=sideways,steps=0", 0 },
		{ &nq_solver_hillclimb, "variant=restart,steps=0", 0 },
		{ &nq_solver_hillclimb, "variant=sideways,steps=5", 5 },
		{ &nq_solver_anneal, "limit=0", 0 },
		{ &nq_solver_anneal, "limit=3", 3 },
		{ &nq_solver_beam, "steps=0", 0 },
		{ &nq_solver_genetic, "generations=0", 0 },
		{ &nq_solver_genetic, "generations=2", 2 },
	};
	nq_instance in = { .n = 30, .mode = NQ_MODE_FIRST };
	nq_instance three = { .n = 3, .mode = NQ_MODE_FIRST };
	nq_result res;
	size_t i;
	int n;

	(void)state;
	for (i = 0; i < sizeof zero / sizeof zero[0]; i++) {
		assert_int_equal(run(zero[i].s, &in, zero[i].sets, 3, &res),
				 NQ_EUNSOLVED);
		assert_true(res.steps >= 0 && res.steps <= zero[i].steps);
		assert_int_equal(res.restarts, 0);
		assert_non_null(strstr(res.note, "limit"));
		free(res.placement);
	}
	/* the restart limit, counted */
	assert_int_equal(run(&nq_solver_hillclimb, &three,
			     "variant=restart,restarts=7", 1, &res),
			 NQ_EUNSOLVED);
	assert_int_equal(res.restarts, 7);
	free(res.placement);
	/* n = 2 and 3: every method ends unsolved, none in error */
	for (n = 2; n <= 3; n++) {
		nq_instance small = { .n = n, .mode = NQ_MODE_FIRST };

		for (i = 0; i < NMETHODS; i++) {
			assert_int_equal(run(methods[i].s, &small,
					     methods[i].sets, 1, &res),
					 NQ_EUNSOLVED);
			assert_true(res.steps >= 0);
			free(res.placement);
		}
	}
	/* a large plain board needs no n x n table (4 * 10^10 bytes at
	 * n = 10^5): a few cheap first-choice steps, then the limit */
	{
		nq_instance big = { .n = 100000, .mode = NQ_MODE_FIRST };

		assert_int_equal(run(&nq_solver_hillclimb, &big,
				     "variant=first-choice,steps=50", 1, &res),
				 NQ_EUNSOLVED);
		assert_int_equal(res.steps, 50);
		free(res.placement);
	}
	/* count mode is not theirs */
	assert_int_equal(nq_solver_hillclimb.max_n(NULL, NQ_MODE_COUNT),
			 NQ_NOT_APPLICABLE);
	assert_int_equal(nq_solver_genetic.max_n(NULL, NQ_MODE_FIRST), 0);
}

/* The same seed, the same run; another seed, another. */
static void seeds_reproduce(void **state)
{
	nq_instance in = { .n = 12, .mode = NQ_MODE_FIRST };
	size_t m;

	(void)state;
	for (m = 0; m < NMETHODS; m++) {
		nq_result a, b;
		int ra = run(methods[m].s, &in, methods[m].sets, 99, &a);
		int rb = run(methods[m].s, &in, methods[m].sets, 99, &b);

		assert_int_equal(ra, rb);
		assert_int_equal(a.steps, b.steps);
		assert_int_equal(a.restarts, b.restarts);
		if (ra == NQ_OK)
			assert_memory_equal(a.placement, b.placement,
					    12 * sizeof(int32_t));
		free(a.placement);
		free(b.placement);
	}
}

/* Blocked squares and excluded lines are never a queen's square; hints
 * stay; a row with nothing allowed is a proof of none. */
static void forbidden_and_hints(void **state)
{
	/* a placement every restriction below leaves free */
	static const int32_t sol[8] = { 0, 4, 7, 5, 2, 6, 1, 3 };
	nq_square blocked[8], hint = { 2, 7 };
	int diag[1], anti[1], r;
	nq_instance in = { .n = 8, .mode = NQ_MODE_FIRST, .nhints = 1,
			   .hints = &hint, .nblocked = 8, .blocked = blocked,
			   .nexcl_diag = 1, .excl_diag = diag,
			   .nexcl_anti = 1, .excl_anti = anti };
	nq_result res;
	size_t m;
	int c, solved = 0;

	(void)state;
	for (r = 0; r < 8; r++) {
		blocked[r].row = r;
		blocked[r].col = (sol[r] + 1 + r % 3) % 8;
	}
	/* a diagonal and an antidiagonal sol does not use */
	for (diag[0] = 0, r = 0; r < 8; r++)
		if (sol[r] - r + 7 == diag[0])
			diag[0]++, r = -1;
	for (anti[0] = 0, r = 0; r < 8; r++)
		if (sol[r] + r == anti[0])
			anti[0]++, r = -1;
	for (m = 0; m < NMETHODS; m++) {
		uint64_t seed;

		for (seed = 1; seed <= 12; seed++) {
			char why[256];
			int rc = run(methods[m].s, &in, methods[m].sets, seed,
				     &res);

			if (rc == NQ_OK && res.solutions == 1) {
				if (nq_check_placement(&in, res.placement, why,
						       sizeof why))
					fail_msg("%s: %s", methods[m].s->name,
						 why);
				assert_int_equal(res.placement[2], 7);
				solved++;
			} else {
				assert_int_equal(rc, NQ_EUNSOLVED);
			}
			free(res.placement);
		}
	}
	assert_true(solved > 0);
	/* row 0 wholly blocked: none, proved, not an error */
	for (c = 0; c < 8; c++) {
		blocked[c].row = 0;
		blocked[c].col = c;
	}
	in.nhints = 0;
	in.nexcl_diag = in.nexcl_anti = 0;
	for (m = 0; m < NMETHODS; m++) {
		assert_int_equal(run(methods[m].s, &in, methods[m].sets, 1,
				     &res), NQ_OK);
		assert_int_equal(res.solutions, 0);
		free(res.placement);
	}
}

/* The text options are checked when the experiment is loaded. */
static void text_options_checked(void **state)
{
	nq_optval opt[NQ_PLUGIN_OPTIONS_MAX];
	char msg[200];

	(void)state;
	options(&nq_solver_anneal, opt, NULL);
	assert_int_equal(nq_anneal_check(opt, msg, sizeof msg), 0);
	options(&nq_solver_anneal, opt, "t0=warm");
	assert_int_equal(nq_anneal_check(opt, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "t0: 'warm'"));
	options(&nq_solver_anneal, opt, "alpha=1");
	assert_int_equal(nq_anneal_check(opt, msg, sizeof msg), -1);
	options(&nq_solver_anneal, opt, "lam=0");
	assert_int_equal(nq_anneal_check(opt, msg, sizeof msg), -1);
	options(&nq_solver_genetic, opt, "mutation=1.5");
	assert_int_equal(nq_genetic_check(opt, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "mutation"));
	options(&nq_solver_genetic, opt, "mutation=0");
	assert_int_equal(nq_genetic_check(opt, msg, sizeof msg), 0);
}

/* minconflicts: steps (swaps made) and restarts counted; hints it
 * cannot complete end `unsolved`, not in error. */
static void minconflicts_accounting(void **state)
{
	nq_square corner = { 0, 0 };
	nq_instance in = { .n = 200, .mode = NQ_MODE_FIRST };
	nq_instance stuck = { .n = 4, .mode = NQ_MODE_FIRST, .nhints = 1,
			      .hints = &corner };
	nq_result res;

	(void)state;
	assert_int_equal(run(&nq_solver_minconflicts, &in, NULL, 3, &res),
			 NQ_OK);
	assert_true(res.steps > 0 && res.steps <= res.nodes);
	assert_true(res.restarts >= 0);
	free(res.placement);
	assert_int_equal(run(&nq_solver_minconflicts, &stuck, NULL, 3, &res),
			 NQ_EUNSOLVED);
	assert_non_null(strstr(res.note, "gave up"));
	assert_true(res.restarts > 0);
	assert_true(res.steps >= 0);
	free(res.placement);
}

/* A watched search (solvers/trace.h): the initial state with its board,
 * each move with h after it and its step, the solution; a sink that
 * asks to stop ends the run `unsolved`. */
struct seen {
	int states, moves, solutions, stop_after;
	int64_t last_step, last_h;
	int bad;
};

static int sink_event(nq_trace *t, const nq_trace_event *e)
{
	struct seen *w = t->ctx;

	switch (e->kind) {
	case NQ_TR_STATE:
		w->states++;
		w->bad |= e->board == NULL || e->h != ls_h_of(8, e->board);
		break;
	case NQ_TR_MOVE:
		w->moves++;
		w->bad |= e->step <= w->last_step && e->step != 1;
		w->bad |= e->row < 0 || e->row >= 8 || e->col < 0 ||
			  e->col >= 8;
		break;
	case NQ_TR_SOLUTION:
		w->solutions++;
		w->bad |= e->h != 0;
		break;
	default:
		w->bad = 1;
	}
	w->last_step = e->step;
	w->last_h = e->h;
	return w->stop_after && w->moves >= w->stop_after;
}

static void traced(void **state)
{
	nq_instance in = { .n = 8, .mode = NQ_MODE_FIRST };
	struct seen w;
	nq_trace t = { sink_event, &w };
	nq_result res;
	size_t m;
	int rc;

	(void)state;
	for (m = 0; m < NMETHODS; m++) {
		memset(&w, 0, sizeof w);
		nq_trace_sink = &t;
		rc = run(methods[m].s, &in, methods[m].sets, 11, &res);
		nq_trace_sink = NULL;
		assert_false(w.bad);
		assert_true(w.states >= 1);
		assert_int_equal(w.solutions, rc == NQ_OK);
		if (rc == NQ_OK)
			assert_int_equal(w.last_h, 0);
		free(res.placement);
	}
	/* the sink asks the climb to stop after its first move */
	memset(&w, 0, sizeof w);
	w.stop_after = 1;
	nq_trace_sink = &t;
	rc = run(&nq_solver_hillclimb, &in, "variant=restart", 3, &res);
	nq_trace_sink = NULL;
	assert_int_equal(rc, NQ_EUNSOLVED);
	assert_int_equal(res.steps, 1);
	assert_non_null(strstr(res.note, "stopped by the trace"));
	free(res.placement);
	/* minconflicts reports its start, swaps and solution too */
	memset(&w, 0, sizeof w);
	nq_trace_sink = &t;
	rc = run(&nq_solver_minconflicts, &in, NULL, 3, &res);
	nq_trace_sink = NULL;
	assert_int_equal(rc, NQ_OK);
	assert_true(w.states >= 1);
	assert_int_equal(w.solutions, 1);
	assert_int_equal(w.moves, 2 * res.steps);
	free(res.placement);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(each_method_solves_8),
		cmocka_unit_test(h_incremental),
		cmocka_unit_test(limits_are_unsolved),
		cmocka_unit_test(seeds_reproduce),
		cmocka_unit_test(forbidden_and_hints),
		cmocka_unit_test(text_options_checked),
		cmocka_unit_test(minconflicts_accounting),
		cmocka_unit_test(traced),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
