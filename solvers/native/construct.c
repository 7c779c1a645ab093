/*
 * construct.c - the `construct` approach: a placement written down by
 * formula, no search at all.
 *
 * For every n >= 4 a placement exists, and one can be given explicitly
 * (Hoffman, Loessi and Moore 1969; Bernhardsson 1991). With rows and
 * columns numbered from 1, list the even columns 2, 4, ... and then the
 * odd ones 1, 3, ...; row i takes the i-th column of the list. That works
 * unless n mod 6 is 2 or 3:
 *
 *   n mod 6 == 2: the odd part becomes 3, 1, 7, 9, 11, ..., 5
 *                 (1 and 3 swapped, 5 moved to the end);
 *   n mod 6 == 3: the even part becomes 4, 6, ..., 2 (2 moved to the
 *                 end) and the odd part 5, 7, ..., 1, 3 (1 and 3 moved to
 *                 the end).
 *
 * O(n) time, no memory beyond the placement. First mode only: it counts
 * nothing, and it cannot honour pre-placed queens, blocked squares or
 * excluded lines: it declines those instances (an error that says so)
 * rather than answer another instance.
 */
#include <stdio.h>
#include "solvers.h"
#include "nq_board.h"

/* placement[row] = col, 0-based. n >= 4. */
void nq_construct(int n, int32_t *placement)
{
	int m = n % 6, i = 0, c;

	if (m == 3) {
		for (c = 4; c <= n; c += 2)
			placement[i++] = c - 1;
		placement[i++] = 2 - 1;
		for (c = 5; c <= n; c += 2)
			placement[i++] = c - 1;
		placement[i++] = 1 - 1;
		placement[i++] = 3 - 1;
		return;
	}
	for (c = 2; c <= n; c += 2)
		placement[i++] = c - 1;
	if (m == 2) {
		placement[i++] = 3 - 1;
		placement[i++] = 1 - 1;
		for (c = 7; c <= n; c += 2)
			placement[i++] = c - 1;
		placement[i++] = 5 - 1;
		return;
	}
	for (c = 1; c <= n; c += 2)
		placement[i++] = c - 1;
}

static int construct_max_n(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	return mode == NQ_MODE_COUNT ? NQ_NOT_APPLICABLE : 0;
}

static int construct_solve(const nq_job *job, nq_result *res)
{
	const nq_instance *in = job->inst;
	double t0 = nq_now();

	if (in->nhints) {
		snprintf(res->note, sizeof res->note, "construct does not take "
			 "pre-placed queens (its formula fixes every queen)");
		return NQ_ERR;
	}
	if (nq_board_restricted(in)) {
		snprintf(res->note, sizeof res->note, "construct does not take "
			 "blocked squares or excluded lines (its formula fixes "
			 "every queen)");
		return NQ_ERR;
	}
	if (in->n == 1) {
		res->placement[0] = 0;
		res->solutions = 1;
	} else if (in->n < 4) {
		/* no placement exists for n = 2, 3 (a known result) */
		res->solutions = 0;
	} else {
		nq_construct(in->n, res->placement);
		res->solutions = 1;
	}
	res->solve_s = nq_now() - t0;
	return NQ_OK;
}

const nq_solver nq_solver_construct = {
	NQ_ABI_VERSION, sizeof(nq_solver),
	"construct",
	"explicit construction by formula, first mode, O(n) (Hoffman et al. 1969)",
	NULL, NULL, construct_max_n, construct_solve, NULL, NULL, NULL
};
