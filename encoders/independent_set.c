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
#include <stdio.h>
#include <stdlib.h>
#include "ilp.h"

/* n * n columns must fit an int. */
#define INDSET_MAX_N 46340

static int emit(const nq_ilp_sink *sink, const char *name, char sense,
		double rhs, int k, const int *cols, const double *ones)
{
	return sink->add_row(sink->ctx, name, sense, rhs, k, cols, ones) >= 1 ?
		NQ_OK : NQ_ERR;
}

static int indset_build(const nq_instance *inst, const nq_ilp_sink *sink,
			int *square_col)
{
	int n = inst->n, nn;
	int *cols = NULL, *hint_col = NULL;
	double *ones = NULL;
	char name[64];
	int rc = NQ_ERR;

	if (n < 1 || n > INDSET_MAX_N)
		return NQ_ERR;
	nn = n * n;
	cols = malloc((size_t)nn * sizeof *cols);
	ones = malloc((size_t)nn * sizeof *ones);
	hint_col = malloc((size_t)n * sizeof *hint_col);
	if (!cols || !ones || !hint_col) {
		rc = NQ_ENOMEM;
		goto out;
	}
	for (int i = 0; i < nn; i++)
		ones[i] = 1.0;
	for (int i = 0; i < n; i++)
		hint_col[i] = -1;
	for (int h = 0; h < inst->nhints; h++)
		if (inst->hints[h].row >= 0 && inst->hints[h].row < n)
			hint_col[inst->hints[h].row] = inst->hints[h].col;

	/* Columns, row by row, objective 1 each; hinted squares fixed. */
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			double lb = hint_col[r] == c ? 1.0 : 0.0;
			int j;

			snprintf(name, sizeof name, "x_%d_%d", r + 1, c + 1);
			j = sink->add_col(sink->ctx, name, lb, 1.0, 1.0, 1);
			if (j < 1)
				goto out;
			square_col[r * n + c] = j;
		}

	for (int r = 0; r < n; r++) {
		for (int c = 0; c < n; c++)
			cols[c] = square_col[r * n + c];
		snprintf(name, sizeof name, "row_%d", r + 1);
		if (emit(sink, name, 'L', 1.0, n, cols, ones))
			goto out;
	}
	for (int c = 0; c < n; c++) {
		for (int r = 0; r < n; r++)
			cols[r] = square_col[r * n + c];
		snprintf(name, sizeof name, "col_%d", c + 1);
		if (emit(sink, name, 'L', 1.0, n, cols, ones))
			goto out;
	}
	for (int d = -(n - 2); d <= n - 2; d++) {      /* d = c - r */
		int r0 = d < 0 ? -d : 0, c0 = d < 0 ? 0 : d, k = 0;

		for (int r = r0, c = c0; r < n && c < n; r++, c++)
			cols[k++] = square_col[r * n + c];
		snprintf(name, sizeof name, "dg_%d_%d", r0 + 1, c0 + 1);
		if (emit(sink, name, 'L', 1.0, k, cols, ones))
			goto out;
	}
	for (int s = 1; s <= 2 * n - 3; s++) {          /* s = r + c */
		int r0 = s < n ? 0 : s - (n - 1), c0 = s - r0, k = 0;

		for (int r = r0, c = c0; r < n && c >= 0; r++, c--)
			cols[k++] = square_col[r * n + c];
		snprintf(name, sizeof name, "ad_%d_%d", r0 + 1, c0 + 1);
		if (emit(sink, name, 'L', 1.0, k, cols, ones))
			goto out;
	}
	if (inst->mode == NQ_MODE_COUNT) {
		for (int i = 0; i < nn; i++)
			cols[i] = square_col[i];
		if (emit(sink, "all", 'E', (double)n, nn, cols, ones))
			goto out;
	}

	if (sink->maximize)
		sink->maximize(sink->ctx, 1);
	rc = NQ_OK;
out:
	free(cols);
	free(ones);
	free(hint_col);
	return rc;
}

const nq_ilp_model nq_ilp_independent_set = {
	NQ_ABI_VERSION,
	sizeof(nq_ilp_model),
	"independent-set",
	"GLPK's queens.mod: maximize the queens, <= 1 on every line (count: + sum = n)",
	indset_build,
};
