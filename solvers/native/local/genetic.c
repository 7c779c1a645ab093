/*
 * genetic.c - the `genetic` approach: the genetic algorithm as Russell
 * and Norvig define it (AIMA 3rd ed., section 4.1.4, figures 4.6 and
 * 4.8) on the complete-state formulation of local.h.
 *
 * An individual is a state (a column per row); its fitness is the number
 * of non-attacking pairs, n(n-1)/2 - h (28 for a solution of 8-queens).
 * Each generation makes as many children as the population holds: two
 * parents drawn with probability proportional to fitness (uniformly
 * when every fitness is 0), a crossover point c uniform in 1..n, the
 * child the first c rows of one and the rest of the other; with
 * probability `mutation` one random movable row of the child gets a
 * random allowed column (possibly its own, as AIMA's MUTATE). The
 * search stops when an individual is a solution, or after `generations`
 * generations (`unsolved`). A step is a generation; there are no
 * restarts. Defaults: aima-python's genetic_search (population 20,
 * pmut 0.1, 1000 generations).
 *
 * Hints stay put (both parents have them, a mutation never picks a
 * fixed row); forbidden squares are never taken (each row's column
 * comes from a parent or from the row's allowed squares).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "local.h"

enum { O_POPULATION, O_MUTATION, O_GENERATIONS };

static const nq_option options[] = {
	{ "population", NQ_OPT_INT, "20", NULL, 1, 1000000,
	  "individuals per generation (aima-python: 20; AIMA's figure "
	  "4.6 shows 4)" },
	{ "mutation", NQ_OPT_TEXT, "0.1", NULL, 0, 0,
	  "the chance that a child mutates, a number from 0 to 1 "
	  "(aima-python: 0.1)" },
	{ "generations", NQ_OPT_INT, "1000", NULL, 0, 1000000000000LL,
	  "at most this many generations (0: the first population only)" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};

int nq_genetic_check(const nq_optval *opt, char *msg, size_t len)
{
	double v;

	return ls_parse_real("mutation", opt[O_MUTATION].str, 0, 1, 0, &v,
			     msg, len);
}

/* A parent by fitness: cum[i] the fitness of 0..i summed. */
static int select_parent(struct ls_rng *g, const double *cum, int size)
{
	double x;
	int lo = 0, hi = size - 1;

	if (cum[size - 1] <= 0)
		return (int)ls_below(g, (uint32_t)size);
	x = ls_unit(g) * cum[size - 1];
	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (cum[mid] > x)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

static int genetic_solve(const nq_job *job, nq_result *res)
{
	int size = (int)job->opt[O_POPULATION].num, n = job->inst->n, i, rc;
	long long max_gen = job->opt[O_GENERATIONS].num;
	double pmut = 0, pairs = (double)n * (n - 1) / 2;
	struct ls_state *pop = calloc((size_t)size, sizeof *pop);
	struct ls_state *kids = calloc((size_t)size, sizeof *kids);
	double *cum = malloc((size_t)size * sizeof *cum);
	const struct ls_state *goal = NULL;
	struct ls_run r;
	char note[200];

	rc = ls_begin(&r, job, res);
	if (!pop || !kids || !cum)
		rc = NQ_ENOMEM;
	for (i = 0; rc == NQ_OK && i < size; i++)
		if (ls_state_alloc(&pop[i], n) || ls_state_alloc(&kids[i], n))
			rc = NQ_ENOMEM;
	if (rc == NQ_OK && nq_genetic_check(job->opt, note, sizeof note))
		rc = NQ_ERR; /* the load-time check makes this unreachable */
	if (rc != NQ_OK || r.p.none)
		goto out;
	pmut = strtod(job->opt[O_MUTATION].str, NULL);
	for (i = 0; i < size; i++) {
		ls_random_state(&r, &pop[i]);
		if (pop[i].h == 0 && !goal)
			goal = &pop[i];
	}
	ls_tr_state(&r, &pop[0]);
	rc = NQ_EUNSOLVED;
	while (!goal) {
		const struct ls_problem *p = &r.p;
		int best = 0;

		if (r.steps >= max_gen || ls_late(&r, &rc))
			break;
		for (i = 0; i < size; i++)
			cum[i] = (i ? cum[i - 1] : 0) + pairs - (double)pop[i].h;
		for (i = 0; i < size; i++) {
			const struct ls_state *x =
				&pop[select_parent(&r.rng, cum, size)];
			const struct ls_state *y =
				&pop[select_parent(&r.rng, cum, size)];
			int c = 1 + (int)ls_below(&r.rng, (uint32_t)n);

			memcpy(kids[i].q, x->q, (size_t)c * sizeof *x->q);
			memcpy(kids[i].q + c, y->q,
			       (size_t)(n - c) * sizeof *y->q);
			if (p->nmovable > 0 && ls_unit(&r.rng) < pmut) {
				int row = p->movable[ls_below(&r.rng,
						(uint32_t)p->nmovable)];

				kids[i].q[row] = ls_allowed(p, row,
					(int32_t)ls_below(&r.rng,
						(uint32_t)p->nallowed[row]));
			}
			ls_recount(p, &kids[i]);
			if (kids[i].h < kids[best].h)
				best = i;
		}
		for (i = 0; i < size; i++) {
			struct ls_state t = pop[i];

			pop[i] = kids[i];
			kids[i] = t;
		}
		r.steps++;
		/* the trace shows each generation's best */
		ls_tr_state(&r, &pop[best]);
		if (pop[best].h == 0)
			goal = &pop[best];
	}
	if (goal) {
		rc = NQ_OK;
		ls_tr_solution(&r, goal);
	}
out:
	if (rc != NQ_ERR)
		snprintf(note, sizeof note, "the generation limit: %lld "
			 "generations", (long long)r.steps);
	rc = ls_end(&r, goal, rc, note);
	for (i = 0; pop && kids && i < size; i++) {
		ls_state_free(&pop[i]);
		ls_state_free(&kids[i]);
	}
	free(pop);
	free(kids);
	free(cum);
	return rc;
}

const nq_solver nq_solver_genetic = {
	NQ_ABI_VERSION, sizeof(nq_solver),
	"genetic",
	"genetic algorithm on a queen per row: fitness-proportional "
	"selection, one-point crossover, mutation; first mode, seeded "
	"(AIMA 4.1.4)",
	options, NULL, ls_max_n, genetic_solve, NULL, NULL, NULL
};
