/*
 * order.c - see order.h.
 */
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
