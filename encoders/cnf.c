/*
 * cnf.c - the host side of CNF encoders: numbers the squares, adds the
 * at-least-one clause of each row, asks the encoder for an at-most-one
 * constraint on every line of length >= 2 (rows, columns, diagonals,
 * anti-diagonals) and adds each hint as a unit clause. An encoder with an
 * `encode` hook does all of that itself.
 *
 * Blocked squares and excluded lines (ABI 3) are the host's in both
 * paths: a unit clause "no queen here" on each such square, through
 * square_var, after the encoder is done. So every encoder serves those
 * instances, one of an older ABI that never heard of them included.
 *
 * The built-in encoders live in files of their own (pairwise.c,
 * sequential.c, commander.c, product.c, binary.c, bimander.c, ladder.c).
 */
#include <stdlib.h>
#include <stdio.h>
#include "cnf.h"
#include "nq_board.h"

/* The at-most-one of one line: `len` squares from (r, c) in steps of
 * (dr, dc). Lines shorter than two squares need no constraint. */
static int line_amo(const nq_cnf_encoder *enc, const nq_cnf_sink *sink,
		    const int *square_var, int n, int *lits,
		    int r, int c, int dr, int dc, int len)
{
	int i;

	if (len < 2)
		return NQ_OK;
	for (i = 0; i < len; i++)
		lits[i] = square_var[(r + i * dr) * n + (c + i * dc)];
	return enc->amo(sink, lits, len);
}

const char *const nq_cnf_columns_choices[] = { "alo", "none", NULL };

/* At least one queen per row (rows = 1) or per column (rows = 0). */
static void lines_alo(const nq_cnf_sink *sink, const int *square_var, int n,
		      int rows)
{
	int i, k;

	for (i = 0; i < n; i++) {
		for (k = 0; k < n; k++)
			sink->add(sink->ctx, rows ? square_var[i * n + k]
						  : square_var[k * n + i]);
		sink->add(sink->ctx, 0);
	}
}

/* The unit clause -x of every square no queen may stand on. */
static int forbidden_units(const nq_instance *inst, const nq_cnf_sink *sink,
			   const int *square_var)
{
	int n = inst->n, k;
	unsigned char *map;

	if (!nq_board_restricted(inst))
		return NQ_OK;
	map = malloc((size_t)n * (size_t)n);
	if (!map)
		return NQ_ENOMEM;
	nq_board_forbidden(inst, map);
	for (k = 0; k < n * n; k++)
		if (map[k]) {
			sink->add(sink->ctx, -square_var[k]);
			sink->add(sink->ctx, 0);
		}
	free(map);
	return NQ_OK;
}

int nq_cnf_build(const nq_instance *inst, const nq_cnf_encoder *enc,
		 enum nq_cnf_columns columns, const nq_cnf_sink *sink,
		 int *square_var)
{
	int n = inst->n, r, c, d, rc = NQ_OK;
	int *lits;

	if (columns != NQ_CNF_COLUMNS_ALO && columns != NQ_CNF_COLUMNS_NONE)
		return NQ_ERR;
	if (enc->encode) {
		rc = enc->encode(inst, sink, square_var);
		if (rc != NQ_OK || n < 1)
			return rc;
		/* A square without a variable (0 would end the clause
		 * early) is reported by the caller's check of square_var;
		 * add nothing then. */
		for (r = 0; r < n * n; r++)
			if (square_var[r] < 1)
				return NQ_OK;
		if (columns == NQ_CNF_COLUMNS_ALO)
			lines_alo(sink, square_var, n, 0);
		return forbidden_units(inst, sink, square_var);
	}
	if (!enc->amo || n < 1)
		return NQ_ERR;

	/* One variable per square, row-major. */
	for (r = 0; r < n; r++)
		for (c = 0; c < n; c++) {
			int v = sink->new_var(sink->ctx);

			if (v <= 0)
				return NQ_ERR;
			square_var[r * n + c] = v;
		}

	/* At least one queen per row, and per column (the standard model;
	 * implied by the rest, but solvers need it). */
	lines_alo(sink, square_var, n, 1);
	if (columns == NQ_CNF_COLUMNS_ALO)
		lines_alo(sink, square_var, n, 0);

	/* At most one queen per row, column, diagonal and anti-diagonal. */
	lits = malloc((size_t)n * sizeof *lits);
	if (!lits)
		return NQ_ENOMEM;
	for (r = 0; r < n && rc == NQ_OK; r++)
		rc = line_amo(enc, sink, square_var, n, lits, r, 0, 0, 1, n);
	for (c = 0; c < n && rc == NQ_OK; c++)
		rc = line_amo(enc, sink, square_var, n, lits, 0, c, 1, 0, n);
	/* Diagonals (down-right) start on the top row or the left column;
	 * anti-diagonals (down-left) on the top row or the right column. */
	for (d = 0; d < n && rc == NQ_OK; d++)
		rc = line_amo(enc, sink, square_var, n, lits, 0, d, 1, 1, n - d);
	for (d = 1; d < n && rc == NQ_OK; d++)
		rc = line_amo(enc, sink, square_var, n, lits, d, 0, 1, 1, n - d);
	for (d = 0; d < n && rc == NQ_OK; d++)
		rc = line_amo(enc, sink, square_var, n, lits, 0, d, 1, -1, d + 1);
	for (d = 1; d < n && rc == NQ_OK; d++)
		rc = line_amo(enc, sink, square_var, n, lits, d, n - 1, 1, -1,
			      n - d);
	free(lits);
	if (rc != NQ_OK)
		return rc;

	/* Hints: each pre-placed queen as a unit clause. */
	for (d = 0; d < inst->nhints; d++) {
		const nq_square *h = &inst->hints[d];

		if (h->row < 0 || h->row >= n || h->col < 0 || h->col >= n)
			return NQ_ERR;
		sink->add(sink->ctx, square_var[h->row * n + h->col]);
		sink->add(sink->ctx, 0);
	}
	return forbidden_units(inst, sink, square_var);
}

int nq_cnf_check(const nq_cnf_encoder *enc, int n, const int *square_var,
		 const nq_cnf_seen *seen, char *why, size_t len)
{
	int i;

	if (seen->bad_lit) {
		snprintf(why, len, "encoder '%s' used literal %d with only %d "
			 "variables", enc->name, seen->bad_lit, seen->nvars);
		return NQ_ERR;
	}
	if (seen->open) {
		snprintf(why, len, "encoder '%s' left a clause without its 0",
			 enc->name);
		return NQ_ERR;
	}
	for (i = 0; i < n * n; i++)
		if (square_var[i] < 1 || square_var[i] > seen->nvars) {
			snprintf(why, len, "encoder '%s' gave square %d:%d no "
				 "variable", enc->name, i / n + 1, i % n + 1);
			return NQ_ERR;
		}
	return NQ_OK;
}
