/*
 * stats.h - the summary statistics every report uses (terminal summary,
 * and later plots and reports), computed in one place.
 */
#ifndef NQ_STATS_H
#define NQ_STATS_H

#include <stddef.h>

typedef struct nq_stats {
	size_t count;
	double min, max, median, q1, q3; /* quartiles by linear interpolation */
} nq_stats;

/* Statistics of v[0..n-1] (sorted in place). count 0 and zeros when n = 0. */
void nq_stats_of(double *v, size_t n, nq_stats *out);

#endif
