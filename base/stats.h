/*
 * stats.h - the statistics every report uses (terminal summary, plots,
 * reports, compare), computed in one place: summary statistics, percentile
 * bootstrap confidence intervals (of a median, of a ratio of medians),
 * the Wilson score interval of a success rate and the Mann-Whitney U
 * test.
 *
 * The bootstrap is seeded: every interval is drawn with NQ_BOOT_RESAMPLES
 * resamples from a generator started afresh at NQ_BOOT_SEED for each
 * interval, so an interval depends only on the values it is given (not on
 * which cells came before it) and every report of one file shows the same
 * intervals on every machine. Nothing here allocates what the caller must
 * free.
 */
#ifndef NQ_STATS_H
#define NQ_STATS_H

#include <stddef.h>

typedef struct nq_stats {
	size_t count;
	double min, max, median, q1, q3; /* quartiles by linear interpolation */
	double iqr;  /* q3 - q1 */
	double mad;  /* median absolute deviation from the median (unscaled) */
	double sum;  /* of the values */
	/* the 95 % interval of the median (nq_stats_interval); has_ci 0:
	 * none (fewer than 2 values, or not computed) */
	int has_ci;
	double ci_lo, ci_hi;
} nq_stats;

/* Statistics of v[0..n-1] (sorted in place). count 0 and zeros when n = 0.
 * No interval: nq_stats_interval adds it. */
void nq_stats_of(double *v, size_t n, nq_stats *out);
/* The bootstrap interval of the median of v[0..n-1] (as nq_stats_of left
 * it) into s: 0, or -1 when out of memory (s->has_ci stays 0). */
int nq_stats_interval(const double *v, size_t n, nq_stats *s);

/* The percentile bootstrap (Efron): NQ_BOOT_RESAMPLES resamples with
 * replacement, the statistic of each, the 2.5th and 97.5th percentiles of
 * those (linear interpolation). A sample of at most NQ_BOOT_EXACT_MAX
 * values has the distribution of its resamples' median computed in full
 * instead (as with infinitely many resamples; the 2.5th and 97.5th
 * percentiles the smallest values whose cumulative probability reaches
 * them), and a ratio of two such medians too when the two distributions
 * have at most 4096 pairs of values (else NQ_BOOT_RESAMPLES draws from
 * them, seeded). */
#define NQ_BOOT_RESAMPLES 2000
#define NQ_BOOT_EXACT_MAX 16
#define NQ_BOOT_SEED 20261201u
#define NQ_BOOT_LEVEL 0.95

typedef struct nq_interval {
	int ok;          /* 0: no interval (a sample of fewer than 2) */
	double lo, hi;
} nq_interval;

/* The interval of the median of v[0..n-1] (any order). 0, or -1 when out
 * of memory. ok 0 when n < 2. */
int nq_stats_median_ci(const double *v, size_t n, nq_interval *out);
/* The interval of median(num) / median(den), each resampled apart. ok 0
 * when either has fewer than 2 values; resamples whose denominator's
 * median is 0 are left out (none left: ok 0). 0, or -1 out of memory. */
int nq_stats_ratio_ci(const double *num, size_t nnum, const double *den,
		      size_t nden, nq_interval *out);

/* The 95 % Wilson score interval of a success rate: k successes in n
 * runs (Wilson 1927; Agresti and Coull 1998 recommend it over the normal
 * "p +- 1.96 sqrt(p(1-p)/n)", which collapses to a point at 0 or n
 * successes and leaves [0, 1] for small n):
 *   (p + z^2/2n +- z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n),
 * z = NQ_WILSON_Z, p = k/n. ok 0 when n is 0 (or k > n). */
#define NQ_WILSON_Z 1.959963984540054
void nq_stats_wilson(size_t k, size_t n, nq_interval *out);

/* The Mann-Whitney U test (Wilcoxon rank-sum), two-sided: U of x (the
 * number of pairs x > y, ties counting a half) and the p-value. Exact
 * (the permutation distribution of U) when there are no ties and
 * nx + ny <= NQ_MWU_EXACT_MAX; otherwise the normal approximation with the
 * tie correction of the variance and a continuity correction of 0.5, as
 * scipy.stats.mannwhitneyu(method='asymptotic'). p is 1 when either
 * sample is empty or every value is tied. */
#define NQ_MWU_EXACT_MAX 40
typedef struct nq_mwu {
	double u;        /* U of x */
	double p;        /* two-sided */
	int exact;       /* 1 exact, 0 normal approximation */
} nq_mwu;
/* 0, or -1 out of memory. The normal approximation's p is never below
 * nq_stats_mwu_min_p of the two counts: no ordering of so few values can
 * be rarer than that under the null, and without the floor three tied
 * runs against three others come out at p = 0.047. */
int nq_stats_mwu(const double *x, size_t nx, const double *y, size_t ny,
		 nq_mwu *out);

/* The smallest two-sided p the test can give samples of m and n values:
 * 2 / C(m+n, m) (of the C(m+n, m) equally likely orders of the pooled
 * values, the one with every x below every y and the one with every x
 * above), at most 1; 1 when m or n is 0. Ties only coarsen the test. So 3
 * runs against 3 give p >= 0.1, 1 against anything p = 1 or near it,
 * whatever the times. */
double nq_stats_mwu_min_p(size_t m, size_t n);
/* The smallest k for which k values against k can give p < alpha with one
 * pair out of order (U = 1: p = 4 / C(2k, k)), so one noisy run does not
 * hide a change: 5 at alpha 0.05 (at 4, p = 0.029 needs every run of one
 * side below every run of the other; one out of order gives 0.057). */
size_t nq_stats_mwu_runs_for(double alpha);

/* A measurement is noisy when the 95 % interval of its median is wider
 * than this fraction of the median: (ci_hi - ci_lo) / median >
 * NQ_NOISY_WIDTH. A difference smaller than that between two such cells
 * cannot be told from the noise. */
#define NQ_NOISY_WIDTH 0.5

/* (ci_hi - ci_lo) / median; 0 without an interval or with a median of 0
 * or less. */
double nq_stats_rel_width(const nq_stats *s);
/* 1 when s has an interval and its relative width is above
 * NQ_NOISY_WIDTH: the one definition of "noisy" every report uses. */
int nq_stats_noisy(const nq_stats *s);

/* (max - min) / median; 0 for fewer than 2 values or a zero median. */
double nq_stats_rel_spread(const nq_stats *s);

#endif
