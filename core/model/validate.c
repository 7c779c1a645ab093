/*
 * validate.c - the one validator; see validate.h. The checks an answer
 * passes or fails on its own, the tables and the validator's own count;
 * the ledger of answers and verdicts is in ledger.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "order.h"
#include "solfile.h" /* the marks of a row read back without one queen */
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

/* Marks the excluded lines of `in` in diag[] and anti[] (2n - 1 each,
 * API numbering) with `mark`; lines off the board are left out. */
static void mark_excluded(const nq_instance *in, int *diag, int *anti,
			  int mark)
{
	int i, top = 2 * in->n - 1;

	for (i = 0; i < in->nexcl_diag; i++)
		if (in->excl_diag[i] >= 0 && in->excl_diag[i] < top)
			diag[in->excl_diag[i]] = mark;
	for (i = 0; i < in->nexcl_anti; i++)
		if (in->excl_anti[i] >= 0 && in->excl_anti[i] < top)
			anti[in->excl_anti[i]] = mark;
}

int nq_check_placement(const nq_instance *in, const int32_t *q,
		       char *why, size_t len)
{
	int n = in->n, r, i, rc = -1;
	/* who[line] = 1 + the row of the queen on that line, 0 if none;
	 * diagonal d = col - row + n - 1, antidiagonal a = row + col */
	int *col = calloc((size_t)n, sizeof *col);
	int *diag = calloc((size_t)(2 * n), sizeof *diag);
	int *anti = calloc((size_t)(2 * n), sizeof *anti);

	if (!col || !diag || !anti) {
		snprintf(why, len, "validator out of memory at n=%d", n);
		goto out;
	}
	for (r = 0; r < n; r++) {
		int c = q[r];

		if (c == NQ_SOL_ROW_NONE || c == NQ_SOL_ROW_MANY) {
			/* a model read back (solfile.h): no single queen */
			snprintf(why, len, "row %d has %s", r + 1,
				 c == NQ_SOL_ROW_NONE ? "no queen"
				 : "two queens or more");
			goto out;
		}
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
		if (anti[r + c]) {
			int r0 = anti[r + c] - 1;

			snprintf(why, len, "queens at %d:%d and %d:%d share a "
				 "diagonal", r0 + 1, q[r0] + 1, r + 1, c + 1);
			goto out;
		}
		if (diag[c - r + n - 1]) {
			int r0 = diag[c - r + n - 1] - 1;

			snprintf(why, len, "queens at %d:%d and %d:%d share a "
				 "diagonal", r0 + 1, q[r0] + 1, r + 1, c + 1);
			goto out;
		}
		col[c] = anti[r + c] = diag[c - r + n - 1] = r + 1;
	}
	for (i = 0; i < in->nhints; i++) {
		const nq_square *h = &in->hints[i];

		if (h->row < 0 || h->row >= n || q[h->row] != h->col) {
			snprintf(why, len, "pre-placed queen %d:%d is not kept",
				 h->row + 1, h->col + 1);
			goto out;
		}
	}
	for (i = 0; i < in->nblocked; i++) {
		const nq_square *b = &in->blocked[i];

		if (b->row >= 0 && b->row < n && q[b->row] == b->col) {
			snprintf(why, len, "the queen at %d:%d stands on a "
				 "blocked square", b->row + 1, b->col + 1);
			goto out;
		}
	}
	/* the queens' lines were marked with rows; excluded ones now read
	 * -1 where no queen stands, a row where one does */
	memset(diag, 0, (size_t)(2 * n) * sizeof *diag);
	memset(anti, 0, (size_t)(2 * n) * sizeof *anti);
	mark_excluded(in, diag, anti, 1);
	for (r = 0; r < n; r++) {
		int c = q[r], d = c - r + n - 1, a = r + c;

		if (diag[d] || anti[a]) {
			snprintf(why, len, "the queen at %d:%d stands on "
				 "excluded %s %d (1-based)", r + 1, c + 1,
				 diag[d] ? "diagonal" : "antidiagonal",
				 (diag[d] ? d : a) + 1);
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

/* Rows from `r` on: allow[r] the row's squares a queen may take (not
 * blocked, on no excluded line, its hint's column if it has one), as
 * bits (column c is bit c); col, dl and dr the columns, diagonals and
 * antidiagonals queens above already hold, as the squares of row r they
 * attack (a diagonal moves one column right a row down, an antidiagonal
 * one left). The counting every small-board test leans on: a few lines,
 * independent of every solver, and quick enough to run once for each of
 * 100,000 distinct instances of a resumed file. */
static uint64_t ref_rows(int n, int r, const unsigned *allow, unsigned col,
			 unsigned dl, unsigned dr)
{
	unsigned full = (1u << n) - 1, free_sq, bit;
	uint64_t total = 0;

	if (r == n)
		return 1;
	free_sq = allow[r] & ~(col | dl | dr) & full;
	for (; free_sq; free_sq &= free_sq - 1) {
		bit = free_sq & -free_sq;
		total += ref_rows(n, r + 1, allow, col | bit,
				  ((dl | bit) << 1) & full, (dr | bit) >> 1);
	}
	return total;
}

int nq_reference_count(const nq_instance *in, uint64_t *count)
{
	int fixed[NQ_REFERENCE_MAX_N];
	unsigned allow[NQ_REFERENCE_MAX_N];
	int diag[2 * NQ_REFERENCE_MAX_N] = { 0 };
	int anti[2 * NQ_REFERENCE_MAX_N] = { 0 };
	int i, r, c, n = in->n;

	if (n < 1 || n > NQ_REFERENCE_MAX_N)
		return -1;
	for (i = 0; i < n; i++)
		fixed[i] = -1;
	for (i = 0; i < in->nhints; i++) {
		const nq_square *h = &in->hints[i];

		if (h->row < 0 || h->row >= n || h->col < 0 ||
		    h->col >= n || (fixed[h->row] >= 0 &&
					fixed[h->row] != h->col)) {
			*count = 0; /* no placement keeps these hints */
			return 0;
		}
		fixed[h->row] = h->col;
	}
	/* each row's allowed squares: its hint's, or all; less the blocked
	 * ones and those on an excluded line (diagonal c - r + n - 1,
	 * antidiagonal r + c) */
	mark_excluded(in, diag, anti, 1);
	for (r = 0; r < n; r++) {
		allow[r] = 0;
		for (c = 0; c < n; c++)
			if ((fixed[r] < 0 || fixed[r] == c) &&
			    !diag[c - r + n - 1] && !anti[r + c])
				allow[r] |= 1u << c;
	}
	for (i = 0; i < in->nblocked; i++) {
		const nq_square *b = &in->blocked[i];

		if (b->row >= 0 && b->row < n && b->col >= 0 && b->col < n)
			allow[b->row] &= ~(1u << b->col);
	}
	/* a hint's queen stands in every placement: the squares it attacks
	 * in the other rows are out from the start (hints that attack each
	 * other leave a row with nothing) */
	for (r = 0; r < n; r++) {
		int r2;

		if (fixed[r] < 0)
			continue;
		for (r2 = 0; r2 < n; r2++) {
			int off = r2 - r;

			if (r2 == r)
				continue;
			allow[r2] &= ~(1u << fixed[r]);
			if (fixed[r] + off >= 0 && fixed[r] + off < n)
				allow[r2] &= ~(1u << (fixed[r] + off));
			if (fixed[r] - off >= 0 && fixed[r] - off < n)
				allow[r2] &= ~(1u << (fixed[r] - off));
		}
	}
	*count = ref_rows(n, 0, allow, 0, 0, 0);
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

/* The lines v[0..k-1] of one kind: on the board, none twice; sorted
 * into s[]. */
static int check_lines(int n, const int *v, int k, int *s, const char *what,
		       char *why, size_t len)
{
	int i;

	for (i = 0; i < k; i++)
		if (v[i] < 0 || v[i] > 2 * n - 2) {
			snprintf(why, len, "excluded %s %d is off the %dx%d "
				 "board (they run 1..%d)", what, v[i] + 1, n,
				 n, 2 * n - 1);
			return -1;
		}
	if (!k)
		return 0;
	memcpy(s, v, (size_t)k * sizeof *s);
	qsort(s, (size_t)k, sizeof *s, nq_cmp_int);
	for (i = 1; i < k; i++)
		if (s[i] == s[i - 1]) {
			snprintf(why, len, "excluded %s %d is listed twice",
				 what, s[i] + 1);
			return -1;
		}
	return 0;
}

int nq_check_instance(const nq_instance *in, char *why, size_t len)
{
	int n = in->n, i, a, b, rc = -1;
	size_t nl = (size_t)in->nexcl_diag + (size_t)in->nexcl_anti;
	nq_square *sb = malloc(((size_t)in->nblocked + 1) * sizeof *sb);
	int *sl = malloc((nl + 1) * sizeof *sl);
	int *sd = sl, *sa = sl ? sl + in->nexcl_diag : NULL;

	if (!sb || !sl) {
		snprintf(why, len, "out of memory");
		goto out;
	}
	if (nq_check_hints(n, in->hints, in->nhints, &a, &b, why, len))
		goto out;
	for (i = 0; i < in->nblocked; i++) {
		const nq_square *q = &in->blocked[i];

		if (q->row < 0 || q->row >= n || q->col < 0 || q->col >= n) {
			snprintf(why, len, "blocked square %d:%d is off the "
				 "%dx%d board (rows and columns run 1..%d)",
				 q->row + 1, q->col + 1, n, n, n);
			goto out;
		}
	}
	if (in->nblocked)
		memcpy(sb, in->blocked, (size_t)in->nblocked * sizeof *sb);
	qsort(sb, (size_t)in->nblocked, sizeof *sb, nq_cmp_square);
	for (i = 1; i < in->nblocked; i++)
		if (!nq_cmp_square(&sb[i], &sb[i - 1])) {
			snprintf(why, len, "blocked square %d:%d is listed "
				 "twice", sb[i].row + 1, sb[i].col + 1);
			goto out;
		}
	if (check_lines(n, in->excl_diag, in->nexcl_diag, sd, "diagonal",
			why, len) ||
	    check_lines(n, in->excl_anti, in->nexcl_anti, sa, "antidiagonal",
			why, len))
		goto out;
	for (i = 0; i < in->nhints; i++) {
		nq_square h = in->hints[i];
		int d = h.col - h.row + n - 1, an = h.row + h.col;

		if (bsearch(&h, sb, (size_t)in->nblocked, sizeof *sb, nq_cmp_square)) {
			snprintf(why, len, "pre-placed queen %d:%d stands on a "
				 "blocked square", h.row + 1, h.col + 1);
			goto out;
		}
		if (bsearch(&d, sd, (size_t)in->nexcl_diag, sizeof *sd,
			    nq_cmp_int) ||
		    bsearch(&an, sa, (size_t)in->nexcl_anti, sizeof *sa,
			    nq_cmp_int)) {
			int on_d = bsearch(&d, sd, (size_t)in->nexcl_diag,
					   sizeof *sd, nq_cmp_int) != NULL;

			snprintf(why, len, "pre-placed queen %d:%d stands on "
				 "excluded %s %d", h.row + 1, h.col + 1,
				 on_d ? "diagonal" : "antidiagonal",
				 (on_d ? d : an) + 1);
			goto out;
		}
	}
	rc = 0;
out:
	free(sb);
	free(sl);
	return rc;
}
