/*
 * order.c - see order.h.
 */
#include <stdint.h>
#include <stdlib.h>
#include "nq_plugin.h"
#include "order.h"

int nq_cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

int nq_cmp_square(const void *a, const void *b)
{
	const nq_square *x = a, *y = b;

	if (x->row != y->row)
		return (x->row > y->row) - (x->row < y->row);
	return (x->col > y->col) - (x->col < y->col);
}

int nq_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* nq_sort_index: the keys, and the index as the tie-break (stable). */
static const uint64_t *sort_seq;

static int cmp_by_seq(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	if (sort_seq[x] != sort_seq[y])
		return sort_seq[x] < sort_seq[y] ? -1 : 1;
	return (x > y) - (x < y);
}

int nq_sort_index(const uint64_t *seq, size_t *idx, size_t n)
{
	size_t i;
	int sorted = 1;

	for (i = 0; i < n; i++) {
		idx[i] = i;
		if (i && seq[i] < seq[i - 1])
			sorted = 0;
	}
	sort_seq = seq;
	if (!sorted)
		qsort(idx, n, sizeof *idx, cmp_by_seq);
	return sorted;
}
