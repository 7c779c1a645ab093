/*
 * nq_board.h - the lines of an n x n board (rows, columns, diagonals,
 * anti-diagonals), and the parts every ILP model of n-queens shares: one
 * 0/1 column per square, one row per line.
 *
 * Header only (static inline), so a plugin compiled against include/ alone
 * can use it, as the built-in models do. Nothing here allocates anything
 * the caller must free.
 */
#ifndef NQ_BOARD_H
#define NQ_BOARD_H

#include <stdio.h>
#include <stdlib.h>
#include "nq_plugin.h"

enum nq_line_kind {
	NQ_LINE_ROW,  /* a row, from column 0 */
	NQ_LINE_COL,  /* a column, from row 0 */
	NQ_LINE_DIAG, /* a diagonal (down-right), from its top square */
	NQ_LINE_ANTI  /* an anti-diagonal (down-left), from its top square */
};

/* A line: len squares from (row, col) in steps of (drow, dcol). */
typedef struct nq_line {
	enum nq_line_kind kind;
	int row, col;     /* its first square, 0-based */
	int drow, dcol;
	int len;
} nq_line;

/* Line i of the n x n board, for i = 0, 1, ... while it returns 1:
 *   0 .. n-1      the rows, top to bottom;
 *   n .. 2n-1     the columns, left to right;
 *   then the 2n - 3 diagonals of two squares or more, from (n-2, 0) up the
 *   left column to (0, 0), then along the top row to (0, n-2);
 *   then the 2n - 3 anti-diagonals of two squares or more, from (0, 1)
 *   along the top row to (0, n-1), then down the right column to
 *   (n-2, n-1).
 * A one-square diagonal (a corner) constrains nothing and is left out;
 * the rows and columns are there even for n = 1. Returns 0 past the last
 * line (4n - 6 lines for n >= 2, 2 for n = 1), line then untouched. */
static inline int nq_board_line(int n, int i, nq_line *line)
{
	int ndiag = n >= 2 ? 2 * n - 3 : 0;

	if (i < 0 || n < 1)
		return 0;
	if (i < n) {
		*line = (nq_line){ NQ_LINE_ROW, i, 0, 0, 1, n };
	} else if ((i -= n) < n) {
		*line = (nq_line){ NQ_LINE_COL, 0, i, 1, 0, n };
	} else if ((i -= n) < ndiag) {
		int d = i - (n - 2);                    /* d = col - row */

		*line = (nq_line){ NQ_LINE_DIAG, d < 0 ? -d : 0, d < 0 ? 0 : d,
				   1, 1, n - (d < 0 ? -d : d) };
	} else if ((i -= ndiag) < ndiag) {
		int s = i + 1, r = s < n ? 0 : s - (n - 1); /* s = row + col */

		*line = (nq_line){ NQ_LINE_ANTI, r, s - r, 1, -1,
				   s < n ? s + 1 : 2 * n - 1 - s };
	} else {
		return 0;
	}
	return 1;
}

/* The index (row * n + col) of square k (0-based) of a line. */
static inline int nq_line_square(const nq_line *line, int n, int k)
{
	return (line->row + k * line->drow) * n + line->col + k * line->dcol;
}

/* ILP: one 0/1 integer column per square, row by row, named x_R_C (R, C
 * 1-based), objective coefficient obj; a hinted square's column is fixed
 * at 1 (lb = ub = 1), so hints add no row. Sets square_col[row * n + col]
 * (n * n entries) to each square's column. Returns NQ_OK, or NQ_ERR when
 * the sink refused a column. */
static inline int nq_board_add_squares(const nq_instance *inst,
				       const nq_ilp_sink *sink, double obj,
				       int *square_col)
{
	int n = inst->n;
	char name[64];

	/* square_col marks the hinted squares (1) until each gets its
	 * column. */
	for (int k = 0; k < n * n; k++)
		square_col[k] = 0;
	for (int h = 0; h < inst->nhints; h++) {
		const nq_square *q = &inst->hints[h];

		if (q->row >= 0 && q->row < n && q->col >= 0 && q->col < n)
			square_col[q->row * n + q->col] = 1;
	}
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			double lb = square_col[r * n + c] ? 1.0 : 0.0;
			int j;

			snprintf(name, sizeof name, "x_%d_%d", r + 1, c + 1);
			j = sink->add_col(sink->ctx, name, lb, 1.0, obj, 1);
			if (j < 1)
				return NQ_ERR;
			square_col[r * n + c] = j;
		}
	return NQ_OK;
}

/* ILP: one row per line of nq_board_line, in its order: the sum of the
 * line's square columns (coefficient 1), then sense, then 1. sense gives
 * one character per kind of line, in the order of enum nq_line_kind
 * (rows, columns, diagonals, anti-diagonals): 'E' (= 1), 'L' (<= 1), 'G'
 * (>= 1), or '-' for no rows of that kind. "EELL" is one queen on every
 * row and column and at most one on every diagonal. Rows are named row_R,
 * col_C, dg_R_C and ad_R_C (R, C: the line's first square, 1-based).
 * Returns NQ_OK, NQ_ENOMEM, or NQ_ERR when the sink refused a row. */
static inline int nq_board_add_lines(int n, const nq_ilp_sink *sink,
				     const int *square_col, const char *sense)
{
	int *cols = malloc((size_t)n * sizeof *cols);
	double *ones = malloc((size_t)n * sizeof *ones);
	char name[64];
	nq_line line;
	int rc = NQ_OK;

	if (!cols || !ones)
		rc = NQ_ENOMEM;
	for (int k = 0; k < n && rc == NQ_OK; k++)
		ones[k] = 1.0;
	for (int i = 0; rc == NQ_OK && nq_board_line(n, i, &line); i++) {
		char s = sense[line.kind];

		if (s == '-')
			continue;
		for (int k = 0; k < line.len; k++)
			cols[k] = square_col[nq_line_square(&line, n, k)];
		if (line.kind == NQ_LINE_ROW)
			snprintf(name, sizeof name, "row_%d", line.row + 1);
		else if (line.kind == NQ_LINE_COL)
			snprintf(name, sizeof name, "col_%d", line.col + 1);
		else
			snprintf(name, sizeof name, "%s_%d_%d",
				 line.kind == NQ_LINE_DIAG ? "dg" : "ad",
				 line.row + 1, line.col + 1);
		if (sink->add_row(sink->ctx, name, s, 1.0, line.len, cols,
				  ones) < 1)
			rc = NQ_ERR;
	}
	free(cols);
	free(ones);
	return rc;
}

/* 1 when the instance forbids some squares (ABI 3: blocked squares or
 * excluded lines), so a caller can skip nq_board_forbidden's n * n map
 * on the plain problem. */
static inline int nq_board_restricted(const nq_instance *inst)
{
	return inst->nblocked > 0 || inst->nexcl_diag > 0 ||
	       inst->nexcl_anti > 0;
}

/* Mark map[row * n + col] (n * n bytes, row-major, cleared here) with 1
 * for every square no queen may stand on: a blocked square, or a square
 * on an excluded diagonal (col - row + n - 1) or antidiagonal (row +
 * col). Entries off the board are skipped (the loader refuses them; a
 * caller handed one anyway does not write outside map). Returns the
 * number of squares marked (an int: callers hold the map in memory, so
 * far fewer than 2^31 squares are ever forbidden in practice). */
static inline int nq_board_forbidden(const nq_instance *inst,
				     unsigned char *map)
{
	int n = inst->n, marked = 0;
	size_t k;

	for (k = 0; k < (size_t)n * (size_t)n; k++)
		map[k] = 0;
	for (int i = 0; i < inst->nblocked; i++) {
		const nq_square *q = &inst->blocked[i];

		if (q->row < 0 || q->row >= n || q->col < 0 || q->col >= n)
			continue;
		k = (size_t)q->row * (size_t)n + (size_t)q->col;
		if (!map[k]) {
			map[k] = 1;
			marked++;
		}
	}
	for (int i = 0; i < inst->nexcl_diag; i++) {
		int d = inst->excl_diag[i] - (n - 1); /* col - row */

		for (int r = 0; r < n; r++) {
			int c = r + d;

			k = (size_t)r * (size_t)n + (size_t)c;
			if (c >= 0 && c < n && !map[k]) {
				map[k] = 1;
				marked++;
			}
		}
	}
	for (int i = 0; i < inst->nexcl_anti; i++) {
		int a = inst->excl_anti[i];

		for (int r = 0; r < n; r++) {
			int c = a - r;

			k = (size_t)r * (size_t)n + (size_t)c;
			if (c >= 0 && c < n && !map[k]) {
				map[k] = 1;
				marked++;
			}
		}
	}
	return marked;
}

#endif /* NQ_BOARD_H */
