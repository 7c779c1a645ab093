/*
 * edge.c - the `edge` ILP model of n-queens: the weak formulation, one
 * constraint per attacking pair (an edge of the queens graph), to show what
 * cuts and clique rows buy.
 *
 * One binary column x_r_c per square (1 = a queen). Rows:
 *   row_r          sum over c of x_r_c = 1            (n rows)
 *   e_r1_c1_r2_c2  x_r1_c1 + x_r2_c2 <= 1, for every pair of squares on
 *                  one column, diagonal or anti-diagonal
 * Pairs on one row get no row of their own: row_r = 1 already forbids them
 * (in the LP relaxation too), and it is what forces n queens. That is
 * n + n^2 (n - 1) / 2 + 2 (n - 1) n (2n - 1) / 6 ... about 7n^3/6 rows
 * (n = 8: 8 + 224 + 280 = 512; see test_models.c), two nonzeros each. The
 * LP relaxation is weak (x = 1/2 on two squares of a line satisfies every
 * pair), which is the point: compare with `assignment`, whose line rows
 * are the cliques these pairs come from. Hints fix their column at 1.
 * No objective; any feasible point is optimal.
 */
#include <stdio.h>
#include "ilp.h"
#include "nq_board.h"

/* n * n columns must fit an int, and about 7n^3/6 rows too. */
#define EDGE_MAX_N 1000

static int pair(const nq_ilp_sink *sink, const int *square_col, int n,
		int r1, int c1, int r2, int c2)
{
	static const double ones[2] = { 1.0, 1.0 };
	int cols[2] = { square_col[r1 * n + c1], square_col[r2 * n + c2] };
	char name[64];

	snprintf(name, sizeof name, "e_%d_%d_%d_%d", r1 + 1, c1 + 1, r2 + 1,
		 c2 + 1);
	return sink->add_row(sink->ctx, name, 'L', 1.0, 2, cols, ones) >= 1 ?
		NQ_OK : NQ_ERR;
}

static int edge_build(const nq_instance *inst, const nq_ilp_sink *sink,
		      int *square_col)
{
	int n = inst->n, rc;

	if (n < 1 || n > EDGE_MAX_N)
		return NQ_ERR;
	rc = nq_board_add_squares(inst, sink, 0.0, square_col);
	/* Exactly one queen per row: n queens in all. */
	if (rc == NQ_OK)
		rc = nq_board_add_lines(n, sink, square_col, "E---");
	if (rc != NQ_OK)
		return rc;

	/* Every attacking pair on different rows: (r1, c1) above (r2, c2)
	 * on one column, diagonal or anti-diagonal. */
	for (int r1 = 0; r1 < n; r1++)
		for (int c1 = 0; c1 < n; c1++)
			for (int r2 = r1 + 1; r2 < n; r2++) {
				int d = r2 - r1;

				if (pair(sink, square_col, n, r1, c1, r2, c1))
					return NQ_ERR;
				if (c1 + d < n &&
				    pair(sink, square_col, n, r1, c1, r2, c1 + d))
					return NQ_ERR;
				if (c1 - d >= 0 &&
				    pair(sink, square_col, n, r1, c1, r2, c1 - d))
					return NQ_ERR;
			}

	if (sink->maximize)
		sink->maximize(sink->ctx, 0);
	return NQ_OK;
}

const nq_ilp_model nq_ilp_edge = {
	NQ_ABI_VERSION,
	sizeof(nq_ilp_model),
	"edge",
	"weak formulation: rows = 1, x + y <= 1 for every attacking pair",
	edge_build,
};
