/*
 * assignment.c - the `assignment` ILP model of n-queens.
 *
 * One binary column x_r_c per square (1 = a queen). Rows:
 *   row_r    sum over c of x_r_c  = 1    (n rows)
 *   col_c    sum over r of x_r_c  = 1    (n rows)
 *   dg_r_c   sum along a diagonal (r - c constant) <= 1, for every
 *            diagonal of length >= 2, named by its top square
 *   ad_r_c   the same along an anti-diagonal (r + c constant)
 * A hint is honoured by fixing its column (lb = ub = 1), so it adds no row.
 * No objective (every coefficient 0), minimize: any feasible point is
 * optimal. Names are 1-based and use only letters, digits and '_', so the
 * model can be written to LP and MPS files unchanged.
 *
 * The model talks to its consumer only through the nq_ilp_sink.
 */
#include <stdio.h>
#include <stdlib.h>
#include "ilp.h"

/* n * n columns must fit an int. */
#define ASSIGNMENT_MAX_N 46340

/* Emit a row over the k columns in cols, every coefficient 1, rhs 1.
 * Returns NQ_OK, or NQ_ERR if the sink refused it. */
static int emit(const nq_ilp_sink *sink, const char *name, char sense,
		int k, const int *cols, const double *ones)
{
	return sink->add_row(sink->ctx, name, sense, 1.0, k, cols, ones) >= 1 ?
		NQ_OK : NQ_ERR;
}

static int assignment_build(const nq_instance *inst, const nq_ilp_sink *sink,
			    int *square_col)
{
	int n = inst->n;
	int *cols = NULL, *hint_col = NULL;
	double *ones = NULL;
	char name[64];
	int rc = NQ_ERR;

	if (n < 1 || n > ASSIGNMENT_MAX_N)
		return NQ_ERR;
	cols = malloc((size_t)n * sizeof *cols);
	ones = malloc((size_t)n * sizeof *ones);
	hint_col = malloc((size_t)n * sizeof *hint_col);
	if (!cols || !ones || !hint_col) {
		rc = NQ_ENOMEM;
		goto out;
	}
	for (int i = 0; i < n; i++) {
		ones[i] = 1.0;
		hint_col[i] = -1;
	}
	/* The loader guarantees hints on the board and on distinct rows. */
	for (int h = 0; h < inst->nhints; h++)
		if (inst->hints[h].row >= 0 && inst->hints[h].row < n)
			hint_col[inst->hints[h].row] = inst->hints[h].col;

	/* Columns, row by row; hinted squares fixed at 1. */
	for (int r = 0; r < n; r++) {
		for (int c = 0; c < n; c++) {
			double lb = hint_col[r] == c ? 1.0 : 0.0;
			int j;

			snprintf(name, sizeof name, "x_%d_%d", r + 1, c + 1);
			j = sink->add_col(sink->ctx, name, lb, 1.0, 0.0, 1);
			if (j < 1)
				goto out;
			square_col[r * n + c] = j;
		}
	}

	/* One queen per row and per column. */
	for (int r = 0; r < n; r++) {
		for (int c = 0; c < n; c++)
			cols[c] = square_col[r * n + c];
		snprintf(name, sizeof name, "row_%d", r + 1);
		if (emit(sink, name, 'E', n, cols, ones))
			goto out;
	}
	for (int c = 0; c < n; c++) {
		for (int r = 0; r < n; r++)
			cols[r] = square_col[r * n + c];
		snprintf(name, sizeof name, "col_%d", c + 1);
		if (emit(sink, name, 'E', n, cols, ones))
			goto out;
	}

	/* Diagonals (down-right), top square on row 0 or column 0. */
	for (int d = -(n - 2); d <= n - 2; d++) {      /* d = c - r */
		int r0 = d < 0 ? -d : 0, c0 = d < 0 ? 0 : d, k = 0;

		for (int r = r0, c = c0; r < n && c < n; r++, c++)
			cols[k++] = square_col[r * n + c];
		snprintf(name, sizeof name, "dg_%d_%d", r0 + 1, c0 + 1);
		if (emit(sink, name, 'L', k, cols, ones))
			goto out;
	}
	/* Anti-diagonals (down-left), top square on row 0 or column n-1. */
	for (int s = 1; s <= 2 * n - 3; s++) {          /* s = r + c */
		int r0 = s < n ? 0 : s - (n - 1), c0 = s - r0, k = 0;

		for (int r = r0, c = c0; r < n && c >= 0; r++, c--)
			cols[k++] = square_col[r * n + c];
		snprintf(name, sizeof name, "ad_%d_%d", r0 + 1, c0 + 1);
		if (emit(sink, name, 'L', k, cols, ones))
			goto out;
	}

	if (sink->maximize)
		sink->maximize(sink->ctx, 0);
	rc = NQ_OK;
out:
	free(cols);
	free(ones);
	free(hint_col);
	return rc;
}

const nq_ilp_model nq_ilp_assignment = {
	NQ_ABI_VERSION,
	sizeof(nq_ilp_model),
	"assignment",
	"binary x per square; rows and columns = 1, diagonals <= 1",
	assignment_build,
};
