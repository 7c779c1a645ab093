/* stats.c - see stats.h. */
#include <math.h>
#include <stdint.h>
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

/* The median of |v[i] - med|, from a copy; 0 if there is no memory. */
static double mad_of(const double *v, size_t n, double med)
{
	double *d = malloc(n * sizeof *d), m;
	size_t i;

	if (!d)
		return 0;
	for (i = 0; i < n; i++)
		d[i] = v[i] > med ? v[i] - med : med - v[i];
	qsort(d, n, sizeof *d, cmp_double);
	m = quantile(d, n, 0.5);
	free(d);
	return m;
}

void nq_stats_of(double *v, size_t n, nq_stats *out)
{
	size_t i;

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
	out->iqr = out->q3 - out->q1;
	out->mad = mad_of(v, n, out->median);
	for (i = 0; i < n; i++)
		out->sum += v[i];
}

/* ---- the bootstrap ---------------------------------------------------- */

/* splitmix64 (Steele, Lea, Flood 2014): small, fast, and the same
 * sequence on every machine. */
static uint64_t next_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* An index below n (n < 2^32), by multiplying the top 32 bits. */
static size_t draw(uint64_t *s, size_t n)
{
	return (size_t)(((next_rand(s) >> 32) * (uint64_t)n) >> 32);
}

/* The k-th smallest of a[0..n-1] (Hoare's selection), a reordered so that
 * a[0..k-1] are no larger. */
static double select_kth(double *a, size_t n, size_t k)
{
	size_t lo = 0, hi = n - 1;

	while (lo < hi) {
		double pivot = a[lo + (hi - lo) / 2];
		size_t i = lo, j = hi;

		while (i <= j) {
			while (a[i] < pivot)
				i++;
			while (a[j] > pivot)
				j--;
			if (i <= j) {
				double t = a[i];

				a[i] = a[j];
				a[j] = t;
				i++;
				if (j == 0)
					break;
				j--;
			}
		}
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			return a[k];
	}
	return a[k];
}

/* The median of a[0..n-1] (reordered), as quantile(0.5) of the sorted
 * values: the mean of the two middle ones when n is even. */
static double median_of(double *a, size_t n)
{
	size_t k = n / 2, i;
	double hi = select_kth(a, n, k), lo;

	if (n % 2)
		return hi;
	lo = a[0];
	for (i = 1; i < k; i++)
		if (a[i] > lo)
			lo = a[i];
	return (lo + hi) / 2;
}

/* A sample prepared for resampling: its values sorted, and room for a
 * resample (buf) or, for a small sample, a count per value (cnt). */
struct sample {
	double *v;
	size_t n;
	double *buf;
	size_t *cnt;
};

/* Resample counts per value up to this size: the median of a resample of
 * sorted values is the value at the median of its indices, found by
 * counting (linear, no sort); larger samples select among the values. */
#define COUNT_MAX 256

static int sample_init(struct sample *s, const double *v, size_t n)
{
	memset(s, 0, sizeof *s);
	s->n = n;
	s->v = malloc(n * sizeof *s->v);
	if (n <= COUNT_MAX)
		s->cnt = malloc(n * sizeof *s->cnt);
	else
		s->buf = malloc(n * sizeof *s->buf);
	if (!s->v || (!s->cnt && !s->buf))
		return -1;
	memcpy(s->v, v, n * sizeof *s->v);
	qsort(s->v, n, sizeof *s->v, cmp_double);
	return 0;
}

static void sample_free(struct sample *s)
{
	free(s->v);
	free(s->buf);
	free(s->cnt);
}

/* The value of the k-th smallest index drawn (counts in cnt). */
static double kth_counted(const struct sample *s, size_t k)
{
	size_t i, seen = 0;

	for (i = 0; i < s->n; i++) {
		seen += s->cnt[i];
		if (seen > k)
			return s->v[i];
	}
	return s->v[s->n - 1];
}

/* The median of one resample of s. */
static double resample_median(struct sample *s, uint64_t *r)
{
	size_t n = s->n, i;

	if (!s->cnt) {
		for (i = 0; i < n; i++)
			s->buf[i] = s->v[draw(r, n)];
		return median_of(s->buf, n);
	}
	memset(s->cnt, 0, n * sizeof *s->cnt);
	for (i = 0; i < n; i++)
		s->cnt[draw(r, n)]++;
	if (n % 2)
		return kth_counted(s, n / 2);
	return (kth_counted(s, n / 2 - 1) + kth_counted(s, n / 2)) / 2;
}

/* The percentile interval of the nb statistics in b (reordered): the two
 * quantiles by selection, as quantile() would read them sorted. */
static double quantile_select(double *b, size_t nb, double p)
{
	double pos = p * (double)(nb - 1), lo, next;
	size_t k = (size_t)pos, i;

	lo = select_kth(b, nb, k);
	if (k + 1 >= nb)
		return lo;
	next = b[k + 1];
	for (i = k + 2; i < nb; i++)
		if (b[i] < next)
			next = b[i];
	return lo + (pos - (double)k) * (next - lo);
}

static void percentile(double *b, size_t nb, nq_interval *out)
{
	double tail = (1 - NQ_BOOT_LEVEL) / 2;

	out->ok = 1;
	out->lo = quantile_select(b, nb, tail);
	out->hi = quantile_select(b, nb, 1 - tail);
}

int nq_stats_median_ci(const double *v, size_t n, nq_interval *out)
{
	struct sample s;
	double *b;
	uint64_t r = NQ_BOOT_SEED;
	size_t i;
	int rc = -1;

	memset(out, 0, sizeof *out);
	out->lo = out->hi = n ? v[0] : NAN;
	if (n < 2)
		return 0;
	b = malloc(NQ_BOOT_RESAMPLES * sizeof *b);
	if (b && sample_init(&s, v, n) == 0) {
		for (i = 0; i < NQ_BOOT_RESAMPLES; i++)
			b[i] = resample_median(&s, &r);
		percentile(b, NQ_BOOT_RESAMPLES, out);
		rc = 0;
	}
	if (b)
		sample_free(&s);
	free(b);
	return rc;
}

int nq_stats_ratio_ci(const double *num, size_t nnum, const double *den,
		      size_t nden, nq_interval *out)
{
	struct sample a, d;
	double *b;
	uint64_t r = NQ_BOOT_SEED;
	size_t i, nb = 0;
	int rc = -1;

	memset(out, 0, sizeof *out);
	out->lo = out->hi = NAN;
	if (nnum < 2 || nden < 2)
		return 0;
	memset(&a, 0, sizeof a);
	memset(&d, 0, sizeof d);
	b = malloc(NQ_BOOT_RESAMPLES * sizeof *b);
	if (b && sample_init(&a, num, nnum) == 0 &&
	    sample_init(&d, den, nden) == 0) {
		for (i = 0; i < NQ_BOOT_RESAMPLES; i++) {
			double x = resample_median(&a, &r);
			double y = resample_median(&d, &r);

			if (y > 0 || y < 0)
				b[nb++] = x / y;
		}
		if (nb)
			percentile(b, nb, out);
		rc = 0;
	}
	sample_free(&a);
	sample_free(&d);
	free(b);
	return rc;
}

int nq_stats_interval(const double *v, size_t n, nq_stats *s)
{
	nq_interval ci;

	s->has_ci = 0;
	if (nq_stats_median_ci(v, n, &ci) < 0)
		return -1;
	s->has_ci = ci.ok;
	s->ci_lo = ci.lo;
	s->ci_hi = ci.hi;
	return 0;
}

/* ---- Mann-Whitney U ---------------------------------------------------- */

struct ranked {
	double v;
	int x;   /* from the first sample */
};

static int cmp_ranked(const void *a, const void *b)
{
	return cmp_double(&((const struct ranked *)a)->v,
			  &((const struct ranked *)b)->v);
}

/* P(U <= u) and P(U >= u) under the null for samples of m and n without
 * ties: the counts of U are the coefficients of the Gaussian binomial
 * [m+n choose m]_q = prod_{i=1..m} (1 - q^(n+i)) / (1 - q^i), built one
 * factor at a time (every coefficient is a whole number below
 * C(m+n, m) <= C(40, 20) < 2^53: exact in a double). */
static int exact_tails(size_t m, size_t n, double u, double *le, double *ge)
{
	size_t deg = m * n, i, k, d = 0;
	double *c = calloc(deg + 1, sizeof *c), total = 0;

	if (!c)
		return -1;
	c[0] = 1;
	for (i = 1; i <= m; i++) {
		/* times (1 - q^(n+i)) */
		size_t up = n + i;

		for (k = d + up; k >= up; k--)
			if (k <= deg)
				c[k] -= c[k - up];
		d += n; /* the degree after the division below */
		/* divided by (1 - q^i): c[k] += c[k - i] */
		for (k = i; k <= d; k++)
			c[k] += c[k - i];
		for (k = d + 1; k <= deg; k++)
			c[k] = 0; /* the quotient ends at q^d */
	}
	*le = *ge = 0;
	for (k = 0; k <= deg; k++) {
		total += c[k];
		if ((double)k <= u)
			*le += c[k];
		if ((double)k >= u)
			*ge += c[k];
	}
	*le /= total;
	*ge /= total;
	free(c);
	return 0;
}

int nq_stats_mwu(const double *x, size_t nx, const double *y, size_t ny,
		 nq_mwu *out)
{
	size_t n = nx + ny, i, j;
	struct ranked *a;
	double rx = 0, ties = 0, u2, mu, sd, z, big;
	int tied = 0;

	memset(out, 0, sizeof *out);
	out->p = 1;
	if (nx == 0 || ny == 0)
		return 0;
	if (!(a = malloc(n * sizeof *a)))
		return -1;
	for (i = 0; i < nx; i++)
		a[i] = (struct ranked){ x[i], 1 };
	for (i = 0; i < ny; i++)
		a[nx + i] = (struct ranked){ y[i], 0 };
	qsort(a, n, sizeof *a, cmp_ranked);
	/* average ranks over runs of equal values */
	for (i = 0; i < n; i = j) {
		double rank, t;
		size_t k;

		for (j = i + 1; j < n && a[j].v == a[i].v; j++)
			;
		rank = ((double)(i + 1) + (double)j) / 2;
		t = (double)(j - i);
		if (t > 1) {
			tied = 1;
			ties += t * t * t - t;
		}
		for (k = i; k < j; k++)
			if (a[k].x)
				rx += rank;
	}
	free(a);
	out->u = rx - (double)nx * (double)(nx + 1) / 2;
	if (!tied && n <= NQ_MWU_EXACT_MAX) {
		double le, ge;

		if (exact_tails(nx, ny, out->u, &le, &ge) < 0)
			return -1;
		out->exact = 1;
		out->p = 2 * (le < ge ? le : ge);
		if (out->p > 1)
			out->p = 1;
		return 0;
	}
	u2 = (double)nx * (double)ny - out->u;
	big = out->u > u2 ? out->u : u2;
	mu = (double)nx * (double)ny / 2;
	sd = sqrt((double)nx * (double)ny / 12 *
		  ((double)(n + 1) - ties / ((double)n * (double)(n - 1))));
	if (!(sd > 0))
		return 0; /* every value the same: nothing tells them apart */
	z = (big - mu - 0.5) / sd;
	out->p = erfc(z / sqrt(2));
	if (out->p > 1)
		out->p = 1;
	return 0;
}

/* ---- noise ------------------------------------------------------------ */

double nq_stats_rel_width(const nq_stats *s)
{
	if (!s->has_ci || s->count < 2 || !(s->median > 0))
		return 0;
	return (s->ci_hi - s->ci_lo) / s->median;
}

int nq_stats_noisy(const nq_stats *s)
{
	return nq_stats_rel_width(s) > NQ_NOISY_WIDTH;
}

double nq_stats_rel_spread(const nq_stats *s)
{
	if (s->count < 2 || s->median <= 0)
		return 0;
	return (s->max - s->min) / s->median;
}
