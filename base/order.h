/*
 * order.h - the comparators that qsort and bsearch share across the
 * tree: ints and doubles in increasing order, squares by row then
 * column; and indices sorted by a key.
 */
#ifndef NQ_ORDER_H
#define NQ_ORDER_H

#include <stddef.h>
#include <stdint.h>

/* *(const int *)a against *(const int *)b: -1, 0 or 1. */
int nq_cmp_int(const void *a, const void *b);
/* Two nq_square (nq_plugin.h), by row, then by column. */
int nq_cmp_square(const void *a, const void *b);
/* *(const double *)a against *(const double *)b (no NaN): -1, 0 or 1. */
int nq_cmp_double(const void *a, const void *b);
/* idx[] = 0..n-1 sorted by key[] (stable: an equal key keeps the lower
 * index first); 1 when it was so already. Not reentrant (qsort takes no
 * context). */
int nq_sort_index(const uint64_t *key, size_t *idx, size_t n);

#endif
