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
 * `assignment-rows` is the same model without the redundant half of the
 * column rows: col_c is sum <= 1, not = 1. Exactly one queen per row
 * already puts n queens on the board, and at most one per column then
 * fills every column, so the answers are the same; the LP relaxation and
 * GLPK's search are not (README: the ILP models' redundant rows). It is
 * the ILP counterpart of the CNF's `columns: none`; a model of its own
 * because a model's build hook takes no options.
 *
 * The model talks to its consumer only through the nq_ilp_sink.
 */
#include "ilp.h"
#include "nq_board.h"

/* n * n columns must fit an int. */
#define ASSIGNMENT_MAX_N 46340

/* lines: the senses of rows, columns, diagonals, anti-diagonals, as
 * nq_board_add_lines takes them */
static int build_lines(const nq_instance *inst, const nq_ilp_sink *sink,
		       int *square_col, const char *lines)
{
	int rc;

	if (inst->n < 1 || inst->n > ASSIGNMENT_MAX_N)
		return NQ_ERR;
	/* Columns, row by row; hinted squares fixed at 1. */
	rc = nq_board_add_squares(inst, sink, 0.0, square_col);
	/* One queen per row; per column one ("EELL") or at most one
	 * ("ELLL"); at most one per diagonal and anti-diagonal. */
	if (rc == NQ_OK)
		rc = nq_board_add_lines(inst->n, sink, square_col, lines);
	if (rc == NQ_OK && sink->maximize)
		sink->maximize(sink->ctx, 0);
	return rc;
}

static int assignment_build(const nq_instance *inst, const nq_ilp_sink *sink,
			    int *square_col)
{
	return build_lines(inst, sink, square_col, "EELL");
}

static int assignment_rows_build(const nq_instance *inst,
				 const nq_ilp_sink *sink, int *square_col)
{
	return build_lines(inst, sink, square_col, "ELLL");
}

const nq_ilp_model nq_ilp_assignment = {
	NQ_ABI_VERSION,
	sizeof(nq_ilp_model),
	"assignment",
	"binary x per square; rows and columns = 1, diagonals <= 1",
	assignment_build,
};

const nq_ilp_model nq_ilp_assignment_rows = {
	NQ_ABI_VERSION,
	sizeof(nq_ilp_model),
	"assignment-rows",
	"assignment without the redundant column >= 1: rows = 1, columns and diagonals <= 1",
	assignment_rows_build,
};
