/*
 * validate.c - the one validator; see validate.h. The checks an answer
 * passes or fails on its own, the tables and the validator's own count;
 * the ledger of answers and verdicts is in ledger.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "validate.h"

/* OEIS A000170: the number of placements of n queens, n = 1..27. */
static const uint64_t a000170[] = {
	1ULL, 0ULL, 0ULL, 2ULL, 10ULL, 4ULL, 40ULL, 92ULL, 352ULL, 724ULL,
	2680ULL, 14200ULL, 73712ULL, 365596ULL, 2279184ULL, 14772512ULL,
	95815104ULL, 666090624ULL, 4968057848ULL, 39029188884ULL,
	314666222712ULL, 2691008701644ULL, 24233937684440ULL,
	227514171973736ULL, 2207893435808352ULL, 22317699616364044ULL,
	234907967154122528ULL,
};

/* OEIS A002562: placements up to rotation and reflection, n = 1..27. */
static const uint64_t a002562[] = {
	1ULL, 0ULL, 0ULL, 1ULL, 2ULL, 1ULL, 6ULL, 12ULL, 46ULL, 92ULL,
	341ULL, 1787ULL, 9233ULL, 45752ULL, 285053ULL, 1846955ULL,
	11977939ULL, 83263591ULL, 621012754ULL, 4878666808ULL,
	39333324973ULL, 336376244042ULL, 3029242658210ULL,
	28439272956934ULL, 275986683743434ULL, 2789712466510289ULL,
	29363495934315694ULL,
};

int nq_known_unique(int n, uint64_t *count)
{
	if (n < 1 || n > (int)(sizeof a002562 / sizeof a002562[0]))
		return -1;
	*count = a002562[n - 1];
	return 0;
}

int nq_known_count(int n, uint64_t *count)
{
	if (n < 1 || n > (int)(sizeof a000170 / sizeof a000170[0]))
		return -1;
	*count = a000170[n - 1];
	return 0;
}

int nq_check_placement(const nq_instance *in, const int32_t *q,
		       char *why, size_t len)
{
	int n = in->n, r, i, rc = -1;
	/* who[line] = 1 + the row of the queen on that line, 0 if none */
	int *col = calloc((size_t)n, sizeof *col);
	int *diag = calloc((size_t)(2 * n), sizeof *diag);
	int *anti = calloc((size_t)(2 * n), sizeof *anti);

	if (!col || !diag || !anti) {
		snprintf(why, len, "validator out of memory at n=%d", n);
		goto out;
	}
	for (r = 0; r < n; r++) {
		int c = q[r];

		if (c < 0 || c >= n) {
			snprintf(why, len, "row %d has its queen off the board "
				 "(column %d)", r + 1, c + 1);
			goto out;
		}
		if (col[c]) {
			snprintf(why, len, "queens at %d:%d and %d:%d share a "
				 "column", col[c], c + 1, r + 1, c + 1);
			goto out;
		}
		if (diag[r + c]) {
			int r0 = diag[r + c] - 1;

			snprintf(why, len, "queens at %d:%d and %d:%d share a "
				 "diagonal", r0 + 1, q[r0] + 1, r + 1, c + 1);
			goto out;
		}
		if (anti[r - c + n - 1]) {
			int r0 = anti[r - c + n - 1] - 1;

			snprintf(why, len, "queens at %d:%d and %d:%d share a "
				 "diagonal", r0 + 1, q[r0] + 1, r + 1, c + 1);
			goto out;
		}
		col[c] = diag[r + c] = anti[r - c + n - 1] = r + 1;
	}
	for (i = 0; i < in->nhints; i++) {
		const nq_square *h = &in->hints[i];

		if (h->row < 0 || h->row >= n || q[h->row] != h->col) {
			snprintf(why, len, "pre-placed queen %d:%d is not kept",
				 h->row + 1, h->col + 1);
			goto out;
		}
	}
	rc = 0;
out:
	free(col);
	free(diag);
	free(anti);
	return rc;
}

/* ---- the validator's own count ---- */

/* Rows from `r` on, with the given columns and diagonals taken. Hinted
 * rows have their queen fixed. Written for reading, not for speed: it
 * only ever sees n <= NQ_REFERENCE_MAX_N. */
static uint64_t ref_rows(int n, int r, const int *fixed, char *col,
			 char *diag, char *anti)
{
	uint64_t total = 0;
	int c;

	if (r == n)
		return 1;
	for (c = 0; c < n; c++) {
		if (fixed[r] >= 0 && c != fixed[r])
			continue;
		if (col[c] || diag[r + c] || anti[r - c + n - 1])
			continue;
		col[c] = diag[r + c] = anti[r - c + n - 1] = 1;
		total += ref_rows(n, r + 1, fixed, col, diag, anti);
		col[c] = diag[r + c] = anti[r - c + n - 1] = 0;
	}
	return total;
}

int nq_reference_count(const nq_instance *in, uint64_t *count)
{
	int fixed[NQ_REFERENCE_MAX_N];
	char col[NQ_REFERENCE_MAX_N] = { 0 };
	char diag[2 * NQ_REFERENCE_MAX_N] = { 0 };
	char anti[2 * NQ_REFERENCE_MAX_N] = { 0 };
	int i;

	if (in->n < 1 || in->n > NQ_REFERENCE_MAX_N)
		return -1;
	for (i = 0; i < in->n; i++)
		fixed[i] = -1;
	for (i = 0; i < in->nhints; i++) {
		const nq_square *h = &in->hints[i];

		if (h->row < 0 || h->row >= in->n || h->col < 0 ||
		    h->col >= in->n || (fixed[h->row] >= 0 &&
					fixed[h->row] != h->col)) {
			*count = 0; /* no placement keeps these hints */
			return 0;
		}
		fixed[h->row] = h->col;
	}
	*count = ref_rows(in->n, 0, fixed, col, diag, anti);
	return 0;
}

const char *nq_shared_line(nq_square a, nq_square b)
{
	int dr = a.row - b.row, dc = a.col - b.col;

	return dr == 0 ? "row" : dc == 0 ? "column"
	       : (dr == dc || dr == -dc) ? "diagonal" : NULL;
}

int nq_check_hints(int n, const nq_square *h, int k, int *bad_a, int *bad_b,
		   char *why, size_t len)
{
	int i, j;

	for (i = 0; i < k; i++) {
		if (h[i].row < 0 || h[i].row >= n || h[i].col < 0 ||
		    h[i].col >= n) {
			*bad_a = *bad_b = i;
			snprintf(why, len, "pre-placed queen %d:%d is off the "
				 "%dx%d board (rows and columns run 1..%d)",
				 h[i].row + 1, h[i].col + 1, n, n, n);
			return -1;
		}
		for (j = 0; j < i; j++) {
			const char *line = nq_shared_line(h[j], h[i]);

			if (line) {
				*bad_a = j;
				*bad_b = i;
				snprintf(why, len, "pre-placed queens %d:%d and "
					 "%d:%d attack each other on a %s",
					 h[j].row + 1, h[j].col + 1,
					 h[i].row + 1, h[i].col + 1, line);
				return -1;
			}
		}
	}
	return 0;
}
