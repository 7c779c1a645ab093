/*
 * order.h - the comparators that qsort and bsearch share across the
 * tree: ints in increasing order, squares by row then column.
 */
#ifndef NQ_ORDER_H
#define NQ_ORDER_H

/* *(const int *)a against *(const int *)b: -1, 0 or 1. */
int nq_cmp_int(const void *a, const void *b);
/* Two nq_square (nq_plugin.h), by row, then by column. */
int nq_cmp_square(const void *a, const void *b);

#endif
