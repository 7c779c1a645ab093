/*
 * symmetry_brute.c - the classes of small boards (n <= 14), for the
 * `symmetry` variant below the sizes its search handles (n < 6) and as
 * the tests' oracle: every placement is compared with its eight images
 * and counted as a class when it is the smallest of them.
 */
#include <stdlib.h>
#include <string.h>
#include "solvers.h"

struct brute {
	int n;
	int32_t q[64];
	uint64_t total, unique;
};

/* The image of q under symmetry t (0..7: four turns, each optionally
 * mirrored), as out[row] = col. */
static void image(const int32_t *q, int n, int t, int32_t *out)
{
	int r;

	for (r = 0; r < n; r++) {
		int c = q[r], rr = r, cc = c, i, tmp;

		if (t & 4)
			cc = n - 1 - cc;            /* mirror */
		for (i = 0; i < (t & 3); i++) {    /* then turn */
			tmp = rr;
			rr = cc;
			cc = n - 1 - tmp;
		}
		out[rr] = cc;
	}
}

static void brute_rec(struct brute *b, int r)
{
	int c, s, t;

	if (r == b->n) {
		int32_t img[64];
		int smallest = 1;

		b->total++;
		for (t = 1; t < 8 && smallest; t++) {
			image(b->q, b->n, t, img);
			for (s = 0; s < b->n && img[s] == b->q[s]; s++)
				;
			if (s < b->n && img[s] < b->q[s])
				smallest = 0;
		}
		b->unique += smallest;
		return;
	}
	for (c = 0; c < b->n; c++) {
		for (s = 0; s < r; s++)
			if (b->q[s] == c || abs(b->q[s] - c) == r - s)
				break;
		if (s < r)
			continue;
		b->q[r] = c;
		brute_rec(b, r + 1);
	}
}

int nq_count_symmetry_brute(int n, uint64_t *total, uint64_t *unique)
{
	struct brute b;

	if (n < 1 || n > 14)
		return NQ_ERR;
	memset(&b, 0, sizeof b);
	b.n = n;
	brute_rec(&b, 0);
	*total = b.total;
	*unique = b.unique;
	return NQ_OK;
}
