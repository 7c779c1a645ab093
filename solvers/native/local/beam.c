/*
 * beam.c - the `beam` approach: local beam search (Russell and Norvig,
 * AIMA 3rd ed., section 4.1.3) on the complete-state formulation of
 * local.h.
 *
 * k random states; at each step all their successors are generated,
 * and if one is a goal (h = 0) the search halts; otherwise the k best of
 * the whole list (ties at random, the same state possibly twice, as the
 * book does not remove them) are the next k. AIMA gives no stopping
 * rule short of a goal: the search stops at `steps` steps (one step:
 * the k states replaced), `unsolved`. k = 4 by default, the four
 * states of AIMA's figure 4.6 (the book names no k for beam search).
 */
#include <stdio.h>
#include <stdlib.h>
#include "local.h"

enum { O_K, O_STEPS };

static const nq_option options[] = {
	{ "k", NQ_OPT_INT, "4", NULL, 1, 100000,
	  "states kept (AIMA's figure 4.6 shows 4)" },
	{ "steps", NQ_OPT_INT, "1000", NULL, 0, 1000000000000LL,
	  "at most this many steps (each replaces the k states; 0: the "
	  "initial states only)" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};

/* A successor kept: parent state, the move, its h, a random key for
 * ties. */
struct cand {
	int64_t h;
	uint64_t key;
	int parent, row, col;
};

static int worse(const struct cand *a, const struct cand *b)
{
	return a->h > b->h || (a->h == b->h && a->key > b->key);
}

/* Offer c to the k best so far (best[0..*nbest), kept sorted, best
 * first). */
static void offer(struct cand *best, int *nbest, int k, const struct cand *c)
{
	int i = *nbest;

	if (i == k) {
		if (!worse(&best[k - 1], c))
			return;
		i = k - 1;
	} else {
		++*nbest;
	}
	while (i > 0 && worse(&best[i - 1], c)) {
		best[i] = best[i - 1];
		i--;
	}
	best[i] = *c;
}

static int beam_solve(const nq_job *job, nq_result *res)
{
	int k = (int)job->opt[O_K].num, n = job->inst->n, i, rc, nbest;
	long long max_steps = job->opt[O_STEPS].num;
	struct ls_state *cur = calloc((size_t)k, sizeof *cur);
	struct ls_state *next = calloc((size_t)k, sizeof *next);
	struct cand *best = malloc((size_t)k * sizeof *best);
	const struct ls_state *goal = NULL;
	struct ls_run r;
	char note[200];

	rc = ls_begin(&r, job, res);
	if (!cur || !next || !best)
		rc = NQ_ENOMEM;
	for (i = 0; rc == NQ_OK && i < k; i++)
		if (ls_state_alloc(&cur[i], n) || ls_state_alloc(&next[i], n))
			rc = NQ_ENOMEM;
	if (rc != NQ_OK || r.p.none)
		goto out;
	for (i = 0; i < k; i++) {
		ls_random_state(&r, &cur[i]);
		if (cur[i].h == 0 && !goal)
			goal = &cur[i];
	}
	/* the trace follows the first state, then the best of the k */
	ls_tr_state(&r, &cur[0]);
	rc = NQ_EUNSOLVED;
	while (!goal) {
		const struct ls_problem *p = &r.p;
		int j, m;

		if (r.steps >= max_steps || ls_late(&r, &rc))
			break;
		nbest = 0;
		for (i = 0; i < k; i++)
			for (j = 0; j < p->nmovable; j++) {
				int row = p->movable[j];

				for (m = 0; m < p->nallowed[row]; m++) {
					struct cand c;

					c.col = ls_allowed(p, row, m);
					if (c.col == cur[i].q[row])
						continue;
					c.h = ls_h_after(p, &cur[i], row, c.col);
					c.key = ls_next(&r.rng);
					c.parent = i;
					c.row = row;
					offer(best, &nbest, k, &c);
				}
			}
		if (nbest == 0)
			break; /* no row can move */
		for (i = 0; i < k; i++) {
			const struct cand *c = &best[i % nbest];

			ls_state_copy(&next[i], &cur[c->parent], n);
			ls_move(p, &next[i], c->row, c->col);
		}
		for (i = 0; i < k; i++) {
			struct ls_state t = cur[i];

			cur[i] = next[i];
			next[i] = t;
		}
		r.steps++;
		/* the trace shows the best of the k (best[0], now cur[0]):
		 * a move from the state it showed, or that state */
		if (best[0].parent == 0)
			ls_tr_move(&r, &cur[0], best[0].row, best[0].col);
		else
			ls_tr_state(&r, &cur[0]);
		if (cur[0].h == 0)
			goal = &cur[0];
	}
	if (goal) {
		rc = NQ_OK;
		ls_tr_solution(&r, goal);
	}
out:
	snprintf(note, sizeof note, "the step limit: %lld steps, best h = "
		 "%lld", (long long)r.steps,
		 rc == NQ_EUNSOLVED ? (long long)cur[0].h : 0LL);
	rc = ls_end(&r, goal, rc, note);
	for (i = 0; cur && next && i < k; i++) {
		ls_state_free(&cur[i]);
		ls_state_free(&next[i]);
	}
	free(cur);
	free(next);
	free(best);
	return rc;
}

const nq_solver nq_solver_beam = {
	NQ_ABI_VERSION, sizeof(nq_solver),
	"beam",
	"local beam search of k states on a queen per row, first mode, "
	"seeded (AIMA 4.1.3)",
	options, NULL, ls_max_n, beam_solve, NULL, NULL, NULL
};
