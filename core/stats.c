/* stats.c - see stats.h. */
#include <stdlib.h>
#include <string.h>
#include "stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

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

void nq_stats_of(double *v, size_t n, nq_stats *out)
{
	memset(out, 0, sizeof *out);
	if (n == 0)
		return;
	qsort(v, n, sizeof *v, cmp_double);
	out->count = n;
	out->min = v[0];
	out->max = v[n - 1];
	out->median = quantile(v, n, 0.5);
	out->q1 = quantile(v, n, 0.25);
	out->q3 = quantile(v, n, 0.75);
}
