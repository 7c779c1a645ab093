/* stats.c - see stats.h. */
#include <stdlib.h>
#include <string.h>
#include "order.h"
#include "stats.h"

/* The p-quantile of sorted v, interpolating between neighbours (the
 * method R and numpy use by default). */
static double quantile(const double *v, size_t n, double p)
{
	double pos = p * (double)(n - 1);
	size_t lo = (size_t)pos;
	double frac = pos - (double)lo;

	if (lo + 1 >= n)
		return v[n - 1];
	return v[lo] + frac * (v[lo + 1] - v[lo]);
}

/* The median of |v[i] - med|, from a copy; 0 if there is no memory. */
static double mad_of(const double *v, size_t n, double med)
{
	double *d = malloc(n * sizeof *d), m;
	size_t i;

	if (!d)
		return 0;
	for (i = 0; i < n; i++)
		d[i] = v[i] > med ? v[i] - med : med - v[i];
	qsort(d, n, sizeof *d, nq_cmp_double);
	m = quantile(d, n, 0.5);
	free(d);
	return m;
}

void nq_stats_of(double *v, size_t n, nq_stats *out)
{
	memset(out, 0, sizeof *out);
	if (n == 0)
		return;
	qsort(v, n, sizeof *v, nq_cmp_double);
	out->count = n;
	out->min = v[0];
	out->max = v[n - 1];
	out->median = quantile(v, n, 0.5);
	out->q1 = quantile(v, n, 0.25);
	out->q3 = quantile(v, n, 0.75);
	out->iqr = out->q3 - out->q1;
	out->mad = mad_of(v, n, out->median);
}

double nq_stats_rel_spread(const nq_stats *s)
{
	if (s->count < 2 || s->median <= 0)
		return 0;
	return (s->max - s->min) / s->median;
}

int nq_stats_noisy(const nq_stats *s)
{
	return nq_stats_rel_spread(s) > NQ_NOISY_SPREAD;
}
