/*
 * independent_set.c - the `independent-set` ILP model of n-queens, the
 * formulation of GLPK's own examples/queens.mod: place as many queens as
 * possible with at most one on every line.
 *
 * One binary column x_r_c per square (1 = a queen). Rows:
 *   row_r    sum over c of x_r_c  <= 1   (n rows)
 *   col_c    sum over r of x_r_c  <= 1   (n rows)
 *   dg_r_c   sum along a diagonal (r - c constant) <= 1, for every
 *            diagonal of length >= 2, named by its top square
 *   ad_r_c   the same along an anti-diagonal (r + c constant)
 * Objective: maximize the sum of all x. A maximum independent set of the
 * queens graph is a placement exactly when the optimum is n; the glpk
 * solver reads an optimum below n (with this objective: every square's
 * coefficient 1, maximize) as the proof that there is no placement.
 * A hint fixes its column at 1 (lb = ub = 1), adding no row.
 *
 * Count mode adds one more row, all = sum of all x = n: the solver's no-good
 * cuts (the solution's queens sum <= n - 1) exclude exactly one solution
 * only when every solution has n queens; without it the count would run on
 * through the placements of n - 1 queens. So count mode enumerates exactly
 * the placements, and the model is the assignment model with = relaxed to
 * <= plus one cardinality row.
 */
#include <stdlib.h>
#include "ilp.h"
#include "nq_board.h"

/* n * n columns must fit an int. */
#define INDSET_MAX_N 46340

static int indset_build(const nq_instance *inst, const nq_ilp_sink *sink,
			int *square_col)
{
	int n = inst->n, rc;
	double *ones;

	if (n < 1 || n > INDSET_MAX_N)
		return NQ_ERR;
	/* Columns, row by row, objective 1 each; hinted squares fixed. */
	rc = nq_board_add_squares(inst, sink, 1.0, square_col);
	/* At most one queen on every line. */
	if (rc == NQ_OK)
		rc = nq_board_add_lines(n, sink, square_col, "LLLL");
	if (rc == NQ_OK && inst->mode == NQ_MODE_COUNT) {
		/* all: every square column, coefficient 1, = n */
		if (!(ones = malloc((size_t)n * n * sizeof *ones)))
			return NQ_ENOMEM;
		for (int k = 0; k < n * n; k++)
			ones[k] = 1.0;
		if (sink->add_row(sink->ctx, "all", 'E', (double)n, n * n,
				  square_col, ones) < 1)
			rc = NQ_ERR;
		free(ones);
	}
	if (rc == NQ_OK && sink->maximize)
		sink->maximize(sink->ctx, 1);
	return rc;
}

const nq_ilp_model nq_ilp_independent_set = {
	NQ_ABI_VERSION,
	sizeof(nq_ilp_model),
	"independent-set",
	"GLPK's queens.mod: maximize the queens, <= 1 on every line (count: + sum = n)",
	indset_build,
};
