/* stats.c - see stats.h. */
#include <math.h>
#include <stdint.h>
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
	size_t i;

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
 * counting (linear, no sort, and six times faster than selecting among
 * the values for cells of thousands of runs: a local search's seeds);
 * larger samples select among the values. Both give the same median of
 * the same draws. */
#define COUNT_MAX ((size_t)1 << 24)

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
	qsort(s->v, n, sizeof *s->v, nq_cmp_double);
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

/* ---- the exact bootstrap of small samples ------------------------------
 *
 * For a sample of up to NQ_BOOT_EXACT_MAX values the distribution of a
 * resample's median is computed in full (the bootstrap with infinitely
 * many resamples): with the values sorted, S_j the number of draws at
 * positions 0..j is binomial (n, (j+1)/n); for odd n the median is at
 * position j with P(S_j >= m) - P(S_(j-1) >= m), m = (n+1)/2; for even n
 * it is the mean of the k-th and (k+1)-th draws (k = n/2), at positions
 * a <= b: a < b when s < k draws fall below a, k - s at a, and the other
 * n - k at b or above, one at least at b; a = b when s < k fall below a,
 * t >= k + 1 - s at a and the rest above. */

struct dist {
	double x[NQ_BOOT_EXACT_MAX * (NQ_BOOT_EXACT_MAX + 1) / 2];
	double p[NQ_BOOT_EXACT_MAX * (NQ_BOOT_EXACT_MAX + 1) / 2];
	double cum[NQ_BOOT_EXACT_MAX * (NQ_BOOT_EXACT_MAX + 1) / 2];
	size_t m;
};

struct xp {
	double x, p;
};

static int cmp_xp(const void *a, const void *b)
{
	return nq_cmp_double(&((const struct xp *)a)->x, &((const struct xp *)b)->x);
}

/* The support of nxp (value, probability) pairs sorted and merged into d
 * (d has room for them), with the cumulative probabilities. */
static void dist_of(struct xp *xp, size_t nxp, struct dist *d)
{
	size_t i;
	double c = 0;

	qsort(xp, nxp, sizeof *xp, cmp_xp);
	d->m = 0;
	for (i = 0; i < nxp; i++) {
		if (xp[i].p <= 0)
			continue;
		if (d->m && d->x[d->m - 1] == xp[i].x) {
			d->p[d->m - 1] += xp[i].p;
		} else {
			d->x[d->m] = xp[i].x;
			d->p[d->m++] = xp[i].p;
		}
	}
	for (i = 0; i < d->m; i++)
		d->cum[i] = (c += d->p[i]);
}

/* The median's distribution of resamples of sorted v (n <= EXACT_MAX). */
static void median_dist(const double *v, size_t n, struct dist *d)
{
	struct xp xp[NQ_BOOT_EXACT_MAX * (NQ_BOOT_EXACT_MAX + 1) / 2];
	double pw[NQ_BOOT_EXACT_MAX + 1][NQ_BOOT_EXACT_MAX + 1];
	double fact[NQ_BOOT_EXACT_MAX + 1];
	size_t i, e, a, b, s, t, nxp = 0, k = n / 2;

	/* pw[x][e] = (x / n)^e */
	for (i = 0; i <= n; i++) {
		pw[i][0] = 1;
		for (e = 1; e <= n; e++)
			pw[i][e] = pw[i][e - 1] * (double)i / (double)n;
	}
	fact[0] = 1;
	for (i = 1; i <= n; i++)
		fact[i] = fact[i - 1] * (double)i;
	if (n % 2) {
		size_t m = (n + 1) / 2;
		double prev = 0;

		for (a = 0; a < n; a++) {
			double ge = 0; /* P(S_a >= m), S_a ~ Bin(n, (a+1)/n) */

			for (s = m; s <= n; s++)
				ge += fact[n] / (fact[s] * fact[n - s]) *
				      pw[a + 1][s] * pw[n - a - 1][n - s];
			xp[nxp++] = (struct xp){ v[a], ge - prev };
			prev = ge;
		}
		dist_of(xp, nxp, d);
		return;
	}
	for (a = 0; a < n; a++) {
		double same = 0;

		for (s = 0; s < k; s++)
			for (t = k + 1 - s; t <= n - s; t++)
				same += fact[n] / (fact[s] * fact[t] *
						   fact[n - s - t]) * pw[a][s] *
					pw[1][t] * pw[n - a - 1][n - s - t];
		xp[nxp++] = (struct xp){ v[a], same };
		for (b = a + 1; b < n; b++) {
			double below = 0, q = pw[n - b][n - k] -
					      pw[n - b - 1][n - k];

			for (s = 0; s < k; s++)
				below += fact[n] / (fact[s] * fact[k - s] *
						    fact[n - k]) * pw[a][s] *
					 pw[1][k - s];
			xp[nxp++] = (struct xp){ (v[a] + v[b]) / 2, below * q };
		}
	}
	dist_of(xp, nxp, d);
}

/* The smallest value whose cumulative probability reaches p. */
static double dist_quantile(const struct dist *d, double p)
{
	size_t i;

	for (i = 0; i < d->m; i++)
		if (d->cum[i] >= p * d->cum[d->m - 1] - 1e-12)
			return d->x[i];
	return d->x[d->m - 1];
}

static void dist_interval(const struct dist *d, nq_interval *out)
{
	double tail = (1 - NQ_BOOT_LEVEL) / 2;

	out->ok = d->m > 0;
	if (!out->ok)
		return;
	out->lo = dist_quantile(d, tail);
	out->hi = dist_quantile(d, 1 - tail);
}

/* The interval of nxp (value, probability) pairs (sorted here), as
 * dist_quantile reads a distribution; ok 0 when there are none. */
static void xp_interval(struct xp *xp, size_t nxp, nq_interval *out)
{
	double tail = (1 - NQ_BOOT_LEVEL) / 2, total = 0, c = 0;
	size_t i;
	int lo = 0;

	out->ok = 0;
	qsort(xp, nxp, sizeof *xp, cmp_xp);
	for (i = 0; i < nxp; i++)
		total += xp[i].p;
	if (!(total > 0))
		return;
	out->ok = 1;
	out->hi = xp[nxp - 1].x;
	for (i = 0; i < nxp; i++) {
		c += xp[i].p;
		if (!lo && c >= tail * total - 1e-12) {
			out->lo = xp[i].x;
			lo = 1;
		}
		if (c >= (1 - tail) * total - 1e-12) {
			out->hi = xp[i].x;
			break;
		}
	}
}

/* One draw from d (inverse of its cumulative probabilities). */
static double dist_draw(const struct dist *d, uint64_t *r)
{
	double u = (double)(next_rand(r) >> 11) * 0x1.0p-53 * d->cum[d->m - 1];
	size_t lo = 0, hi = d->m - 1;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (d->cum[mid] <= u)
			lo = mid + 1;
		else
			hi = mid;
	}
	return d->x[lo];
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
	if (n <= NQ_BOOT_EXACT_MAX) {
		struct dist d;
		double w[NQ_BOOT_EXACT_MAX];

		memcpy(w, v, n * sizeof *w);
		qsort(w, n, sizeof *w, nq_cmp_double);
		median_dist(w, n, &d);
		dist_interval(&d, out);
		return 0;
	}
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

/* A sample's medians: its exact distribution (small samples) or its
 * resamples. */
struct medians {
	int exact;
	struct dist d;
	struct sample s;
};

static int medians_init(struct medians *m, const double *v, size_t n)
{
	memset(m, 0, sizeof *m);
	if (n <= NQ_BOOT_EXACT_MAX) {
		double w[NQ_BOOT_EXACT_MAX];

		memcpy(w, v, n * sizeof *w);
		qsort(w, n, sizeof *w, nq_cmp_double);
		median_dist(w, n, &m->d);
		m->exact = 1;
		return 0;
	}
	return sample_init(&m->s, v, n);
}

static double medians_draw(struct medians *m, uint64_t *r)
{
	return m->exact ? dist_draw(&m->d, r) : resample_median(&m->s, r);
}

/* Both sides exact and small enough: the ratio's distribution in full. */
#define RATIO_EXACT_PAIRS 4096

int nq_stats_ratio_ci(const double *num, size_t nnum, const double *den,
		      size_t nden, nq_interval *out)
{
	struct medians *a, *d;
	double *b = NULL;
	uint64_t r = NQ_BOOT_SEED;
	size_t i, j, nb = 0;
	int rc = -1;

	memset(out, 0, sizeof *out);
	out->lo = out->hi = NAN;
	if (nnum < 2 || nden < 2)
		return 0;
	a = calloc(1, sizeof *a);
	d = calloc(1, sizeof *d);
	if (!a || !d || medians_init(a, num, nnum) < 0 ||
	    medians_init(d, den, nden) < 0)
		goto out;
	if (a->exact && d->exact && a->d.m * d->d.m <= RATIO_EXACT_PAIRS) {
		struct xp *xp = malloc(a->d.m * d->d.m * sizeof *xp);
		size_t n = 0;

		if (!xp)
			goto out;
		for (i = 0; i < a->d.m; i++)
			for (j = 0; j < d->d.m; j++)
				if (d->d.x[j] > 0 || d->d.x[j] < 0)
					xp[n++] = (struct xp){ a->d.x[i] / d->d.x[j],
							       a->d.p[i] * d->d.p[j] };
		xp_interval(xp, n, out);
		free(xp);
		rc = 0;
		goto out;
	}
	if (!(b = malloc(NQ_BOOT_RESAMPLES * sizeof *b)))
		goto out;
	for (i = 0; i < NQ_BOOT_RESAMPLES; i++) {
		double x = medians_draw(a, &r);
		double y = medians_draw(d, &r);

		if (y > 0 || y < 0)
			b[nb++] = x / y;
	}
	if (nb)
		percentile(b, nb, out);
	rc = 0;
out:
	if (a && !a->exact)
		sample_free(&a->s);
	if (d && !d->exact)
		sample_free(&d->s);
	free(a);
	free(d);
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
	return nq_cmp_double(&((const struct ranked *)a)->v,
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
	if (out->p < nq_stats_mwu_min_p(nx, ny))
		out->p = nq_stats_mwu_min_p(nx, ny);
	return 0;
}

/* C(m+n, m) as a double: exact while it is below 2^53 (m + n <= 55 or
 * so), else rounded, and inf past the double's range (p then 0). */
static double choose(size_t m, size_t n)
{
	double c = 1;
	size_t i;

	for (i = 1; i <= m; i++)
		c = c * (double)(n + i) / (double)i;
	return c;
}

double nq_stats_mwu_min_p(size_t m, size_t n)
{
	double p;

	if (!m || !n)
		return 1;
	p = 2 / choose(m < n ? m : n, m < n ? n : m);
	return p > 1 ? 1 : p;
}

size_t nq_stats_mwu_runs_for(double alpha)
{
	size_t k;

	/* 4 / C(2k, k) falls by about 4 each step: k stays small */
	for (k = 2; k < 64 && 4 / choose(k, k) >= alpha; k++)
		;
	return k;
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

void nq_stats_wilson(size_t k, size_t n, nq_interval *out)
{
	double z = NQ_WILSON_Z, p, d, mid, half;

	memset(out, 0, sizeof *out);
	if (n == 0 || k > n)
		return;
	p = (double)k / (double)n;
	d = 1 + z * z / (double)n;
	mid = (p + z * z / (2.0 * (double)n)) / d;
	half = z * sqrt(p * (1 - p) / (double)n +
			z * z / (4.0 * (double)n * (double)n)) / d;
	out->ok = 1;
	/* at k = 0 or n one end is exactly 0 or 1; rounding must not put
	 * it a hair past */
	out->lo = k == 0 ? 0 : mid - half < 0 ? 0 : mid - half;
	out->hi = k == n ? 1 : mid + half > 1 ? 1 : mid + half;
}
