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
	double iqr;  /* q3 - q1 */
	double mad;  /* median absolute deviation from the median (unscaled) */
} nq_stats;

/* Statistics of v[0..n-1] (sorted in place). count 0 and zeros when n = 0. */
void nq_stats_of(double *v, size_t n, nq_stats *out);

/* A measurement is noisy when its repetitions spread by more than this
 * fraction of their median: (max - min) / median > NQ_NOISY_SPREAD. */
#define NQ_NOISY_SPREAD 0.10

/* (max - min) / median; 0 for fewer than 2 values or a zero median. */
double nq_stats_rel_spread(const nq_stats *s);
/* 1 when s has 2 or more values and its relative spread is above
 * NQ_NOISY_SPREAD: the one definition of "noisy" every report uses. */
int nq_stats_noisy(const nq_stats *s);

#endif
