/*
 * hillclimb.c - the `hillclimb` approach: the hill-climbing variants of
 * Russell and Norvig (AIMA, 3rd ed., section 4.1.1) on the complete-state
 * formulation of local.h, the variant in the CSV `encoding` column.
 *
 *   steepest          steepest ascent (AIMA figure 4.2): the best of the
 *                     n(n-1) successors, ties broken at random; stops
 *                     when none is strictly better (h lower).
 *   sideways          the same, with up to `sideways` consecutive moves
 *                     to a successor as good as the state (AIMA: "say,
 *                     100") when none is better.
 *   restart           random-restart: steepest ascent from fresh random
 *                     states until one ends solved, at most `restarts`
 *                     restarts.
 *   restart-sideways  random restart of the sideways variant.
 *   stochastic        a random uphill move, with probability proportional
 *                     to its steepness (how much it lowers h; `uphill:
 *                     uniform`: every uphill move alike); stops when
 *                     none is uphill.
 *   first-choice      random successors until one is better, at most
 *                     `tries` draws; stops when none of them was.
 *
 * Every variant stops at `steps` moves in all (restarts included):
 * `unsolved`, with the steps counted. A move is a step; the initial
 * state and each restart's are not.
 */
#include <stdio.h>
#include <stdlib.h>
#include "local.h"

enum { V_STEEPEST, V_SIDEWAYS, V_RESTART, V_RESTART_SIDEWAYS, V_STOCHASTIC,
       V_FIRST_CHOICE };
enum { O_VARIANT, O_SIDEWAYS, O_RESTARTS, O_TRIES, O_UPHILL, O_STEPS };

static const char *const variants[] = {
	"steepest", "sideways", "restart", "restart-sideways", "stochastic",
	"first-choice", NULL
};
static const char *const uphill[] = { "steepness", "uniform", NULL };

static const nq_option options[] = {
	{ "variant", NQ_OPT_CHOICE, "steepest", variants, 0, 0,
	  "steepest ascent; with sideways moves; random restart of either; "
	  "stochastic (a random uphill move); first-choice (AIMA 4.1.1)" },
	{ "sideways", NQ_OPT_INT, "100", NULL, 0, 1000000000,
	  "sideways and restart-sideways: at most this many consecutive "
	  "moves that leave h as it is (AIMA: 100)" },
	{ "restarts", NQ_OPT_INT, "1000", NULL, 0, 1000000000,
	  "restart variants: at most this many fresh random states after "
	  "the first" },
	{ "tries", NQ_OPT_INT, "100", NULL, 1, 1000000000,
	  "first-choice: random successors drawn for a better one before "
	  "it stops" },
	{ "uphill", NQ_OPT_CHOICE, "steepness", uphill, 0, 0,
	  "stochastic: an uphill move's chance in proportion to how much it "
	  "lowers h (steepness), or the same for all (uniform)" },
	{ "steps", NQ_OPT_INT, "1000000", NULL, 0, 1000000000000LL,
	  "at most this many moves in all (0: the initial state only)" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};

/* The best successor, ties at random (reservoir of one): 0 when no row
 * can move. */
static int best_move(struct ls_run *r, const struct ls_state *s, int *brow,
		     int *bcol, int64_t *bh)
{
	const struct ls_problem *p = &r->p;
	int i, k;
	uint32_t ties = 0;
	int64_t best = INT64_MAX;

	for (i = 0; i < p->nmovable; i++) {
		int row = p->movable[i];
		for (k = 0; k < p->nallowed[row]; k++) {
			int32_t c = ls_allowed(p, row, k);
			int64_t h;

			if (c == s->q[row])
				continue;
			h = ls_h_after(p, s, row, c);
			if (h < best) {
				best = h;
				ties = 1;
				*brow = row;
				*bcol = c;
			} else if (h == best &&
				   ls_below(&r->rng, ++ties) == 0) {
				*brow = row;
				*bcol = c;
			}
		}
	}
	*bh = best;
	return ties > 0;
}

/* A random uphill successor, by steepness or uniformly: 0 when none. */
static int uphill_move(struct ls_run *r, const struct ls_state *s,
		       int uniform, int *brow, int *bcol)
{
	const struct ls_problem *p = &r->p;
	int i, k;
	uint64_t total = 0;

	for (i = 0; i < p->nmovable; i++) {
		int row = p->movable[i];
		for (k = 0; k < p->nallowed[row]; k++) {
			int32_t c = ls_allowed(p, row, k);
			int64_t gain;
			uint64_t w;

			if (c == s->q[row])
				continue;
			gain = s->h - ls_h_after(p, s, row, c);
			if (gain <= 0)
				continue;
			/* a weighted reservoir of one: the move replaces
			 * the chosen one with chance w / total */
			w = uniform ? 1 : (uint64_t)gain;
			total += w;
			if (ls_unit(&r->rng) * (double)total < (double)w) {
				*brow = row;
				*bcol = c;
			}
		}
	}
	return total > 0;
}

/* A better successor among `tries` random ones: 0 when none was. */
static int first_choice(struct ls_run *r, const struct ls_state *s,
			long long tries, int *brow, int *bcol)
{
	long long t;
	int row, col;

	for (t = 0; t < tries; t++) {
		if (!ls_random_move(r, s, &row, &col))
			return 0;
		if (ls_h_after(&r->p, s, row, col) < s->h) {
			*brow = row;
			*bcol = col;
			return 1;
		}
	}
	return 0;
}

/* One climb from s: NQ_OK at h = 0, NQ_EUNSOLVED stuck (why says how),
 * or a stop (the step limit sets *limit; the clock, the trace). */
static int climb(struct ls_run *r, struct ls_state *s, const nq_optval *opt,
		 int *limit, const char **why)
{
	int variant = (int)opt[O_VARIANT].num, rc;
	int sideways_ok = variant == V_SIDEWAYS ||
			  variant == V_RESTART_SIDEWAYS;
	long long sideways = 0, max_steps = opt[O_STEPS].num;

	for (;;) {
		int row = -1, col = -1, found;
		int64_t h = 0;

		if (s->h == 0)
			return NQ_OK;
		if (r->steps >= max_steps) {
			*limit = 1;
			return NQ_EUNSOLVED;
		}
		if (ls_late(r, &rc))
			return rc;
		switch (variant) {
		case V_STOCHASTIC:
			found = uphill_move(r, s, opt[O_UPHILL].num == 1,
					    &row, &col);
			*why = "stuck: no uphill move";
			break;
		case V_FIRST_CHOICE:
			found = first_choice(r, s, opt[O_TRIES].num, &row,
					     &col);
			*why = "stuck: no better successor among the tries";
			break;
		default:
			found = best_move(r, s, &row, &col, &h);
			if (found && h < s->h) {
				sideways = 0;
			} else if (found && h == s->h && sideways_ok &&
				   sideways < opt[O_SIDEWAYS].num) {
				sideways++;
			} else {
				*why = found && h == s->h && sideways_ok ?
				       "stuck: the sideways moves ran out" :
				       "stuck: no successor better";
				found = 0;
			}
			break;
		}
		if (!found)
			return NQ_EUNSOLVED;
		ls_move(&r->p, s, row, col);
		r->steps++;
		ls_tr_move(r, s, row, col);
	}
}

static int hillclimb_solve(const nq_job *job, nq_result *res)
{
	struct ls_run r;
	struct ls_state s = { 0 };
	const nq_optval *opt = job->opt;
	int variant = (int)opt[O_VARIANT].num, rc, limit = 0;
	int restarting = variant == V_RESTART || variant == V_RESTART_SIDEWAYS;
	const char *why = NULL;
	char note[200];

	rc = ls_begin(&r, job, res);
	if (rc == NQ_OK && ls_state_alloc(&s, job->inst->n))
		rc = NQ_ENOMEM;
	if (rc != NQ_OK || r.p.none) {
		rc = ls_end(&r, NULL, rc, NULL);
		ls_state_free(&s);
		return rc;
	}
	ls_random_state(&r, &s);
	ls_tr_state(&r, &s);
	for (;;) {
		rc = climb(&r, &s, opt, &limit, &why);
		if (rc != NQ_EUNSOLVED || limit || r.stopped || !restarting ||
		    r.restarts >= opt[O_RESTARTS].num)
			break;
		r.restarts++;
		ls_random_state(&r, &s);
		ls_tr_state(&r, &s);
	}
	if (rc == NQ_OK)
		ls_tr_solution(&r, &s);
	if (limit)
		snprintf(note, sizeof note, "the step limit: %lld steps",
			 (long long)r.steps);
	else if (restarting)
		snprintf(note, sizeof note, "the restart limit: %lld "
			 "restarts, %s", (long long)r.restarts,
			 why ? why : "stuck");
	else
		snprintf(note, sizeof note, "%s after %lld steps, h = %lld",
			 why ? why : "stuck", (long long)r.steps,
			 (long long)s.h);
	rc = ls_end(&r, rc == NQ_OK ? &s : NULL, rc, note);
	ls_state_free(&s);
	return rc;
}

static int hillclimb_option_used(const nq_optval *opt, size_t i)
{
	long long v = opt[O_VARIANT].num;

	switch (i) {
	case O_SIDEWAYS:
		return v == V_SIDEWAYS || v == V_RESTART_SIDEWAYS;
	case O_RESTARTS:
		return v == V_RESTART || v == V_RESTART_SIDEWAYS;
	case O_TRIES:
		return v == V_FIRST_CHOICE;
	case O_UPHILL:
		return v == V_STOCHASTIC;
	default:
		return 1;
	}
}

const nq_solver nq_solver_hillclimb = {
	NQ_ABI_VERSION, sizeof(nq_solver),
	"hillclimb",
	"hill climbing on a queen per row, h = attacking pairs, first mode, "
	"seeded (AIMA 4.1.1)",
	options, "variant", ls_max_n, hillclimb_solve,
	hillclimb_option_used, NULL, NULL
};
