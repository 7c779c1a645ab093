/* test_stats.c - base/stats.c beyond the summary statistics (those are in
 * test_reports.c): the seeded bootstrap intervals of a median and of a
 * ratio of medians (known cases, determinism, samples of 1 and 2), the
 * noisy rule they decide, and the Mann-Whitney U test against values
 * counted by hand (every split of the pooled sample enumerated) and the
 * example of scipy.stats.mannwhitneyu's documentation; the Wilson score
 * interval against Newcombe's published values. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "stats.h"

#define near(a, b, tol) (fabs((a) - (b)) <= (tol))

static void median_ci_degenerate(void **state)
{
	double one[] = { 7 }, two[] = { 3, 1 }, same[] = { 2, 2, 2, 2 };
	nq_interval ci;

	(void)state;
	assert_int_equal(nq_stats_median_ci(NULL, 0, &ci), 0);
	assert_false(ci.ok);
	assert_int_equal(nq_stats_median_ci(one, 1, &ci), 0);
	assert_false(ci.ok); /* one run: no interval to give */
	/* two runs: resampled medians are 1, 2 or 3 (1/4, 1/2, 1/4): the
	 * 2.5th and 97.5th percentiles are the two values */
	assert_int_equal(nq_stats_median_ci(two, 2, &ci), 0);
	assert_true(ci.ok);
	assert_true(ci.lo == 1 && ci.hi == 3);
	assert_int_equal(nq_stats_median_ci(same, 4, &ci), 0);
	assert_true(ci.ok && ci.lo == 2 && ci.hi == 2);
}

static void median_ci_known(void **state)
{
	double three[] = { 1.0, 1.2, 1.1 }, v[101], w[101];
	nq_interval a, b;
	size_t i;

	(void)state;
	/* three runs: the median of a resample is the smallest value with
	 * probability 7/27 > 2.5 %: the interval is min..max */
	assert_int_equal(nq_stats_median_ci(three, 3, &a), 0);
	assert_true(a.ok && a.lo == 1.0 && a.hi == 1.2);
	/* 1..101: the median is 51; the order statistics around it are
	 * binomial, 95 % within about 51 +- 1.96 * sqrt(101) / 2 */
	for (i = 0; i < 101; i++)
		v[i] = (double)(i + 1);
	assert_int_equal(nq_stats_median_ci(v, 101, &a), 0);
	assert_true(a.ok);
	assert_true(a.lo >= 40 && a.lo < 51 && a.hi > 51 && a.hi <= 62);
	/* seeded: the same values give the same interval, in any order */
	for (i = 0; i < 101; i++)
		w[i] = v[(i * 37) % 101];
	assert_int_equal(nq_stats_median_ci(v, 101, &b), 0);
	assert_true(a.lo == b.lo && a.hi == b.hi);
	assert_int_equal(nq_stats_median_ci(w, 101, &b), 0);
	assert_true(b.lo >= 40 && b.hi <= 62);
}

static void median_ci_exact(void **state)
{
	/* against every one of the n^n resamples enumerated (a Python
	 * script): the smallest medians whose share reaches 2.5 % and 97.5 % */
	static const struct {
		double v[8];
		size_t n;
		double lo, hi;
	} cases[] = {
		{ { 1, 2, 4, 8, 16, 32 }, 6, 1.5, 24 },
		{ { 3, 1, 4, 1, 5 }, 5, 1, 5 },
		{ { 1, 2, 2, 7 }, 4, 1, 7 },
		{ { 0.5, 0.25, 2, 9, 9, 1, 3 }, 7, 0.5, 9 },
		{ { 1, 2, 3, 4, 5, 6, 7 }, 7, 2, 6 },
		{ { 64, 32, 16, 8, 4, 2, 1 }, 7, 2, 32 },
	};
	size_t i;
	nq_interval ci;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_int_equal(nq_stats_median_ci(cases[i].v, cases[i].n,
						    &ci), 0);
		assert_true(ci.ok);
		assert_true(ci.lo == cases[i].lo);
		assert_true(ci.hi == cases[i].hi);
	}
}

static void ratio_ci(void **state)
{
	double a[] = { 2, 2, 2 }, b[] = { 1, 1, 1 }, one[] = { 1 };
	double x[] = { 10, 11, 12, 13, 14 }, y[] = { 1, 1.1, 1.2, 1.3, 1.4 };
	double z[] = { 0, 0 };
	nq_interval ci, again;

	(void)state;
	assert_int_equal(nq_stats_ratio_ci(a, 3, b, 3, &ci), 0);
	assert_true(ci.ok && ci.lo == 2 && ci.hi == 2);
	assert_int_equal(nq_stats_ratio_ci(a, 3, one, 1, &ci), 0);
	assert_false(ci.ok); /* a sample of one: no interval */
	/* every resampled ratio lies in 10/1.4 .. 14/1, and covers 12/1.2 */
	assert_int_equal(nq_stats_ratio_ci(x, 5, y, 5, &ci), 0);
	assert_true(ci.ok && ci.lo >= 10 / 1.4 && ci.hi <= 14.0);
	assert_true(ci.lo < 10 && ci.hi > 10);
	assert_int_equal(nq_stats_ratio_ci(x, 5, y, 5, &again), 0);
	assert_true(ci.lo == again.lo && ci.hi == again.hi);
	/* a denominator always 0: no ratio, no interval */
	assert_int_equal(nq_stats_ratio_ci(x, 5, z, 2, &ci), 0);
	assert_false(ci.ok);
}

static void noisy_from_interval(void **state)
{
	double quiet[] = { 1.00, 1.05, 1.40 };  /* 0.40 / 1.05 < 0.5 */
	double noisy[] = { 1.00, 1.05, 1.60 };  /* 0.60 / 1.05 > 0.5 */
	double one[] = { 5 };
	nq_stats s;

	(void)state;
	nq_stats_of(quiet, 3, &s);
	assert_false(nq_stats_noisy(&s)); /* no interval computed yet */
	assert_int_equal(nq_stats_interval(quiet, 3, &s), 0);
	assert_true(s.has_ci && s.ci_lo == 1.00 && s.ci_hi == 1.40);
	assert_false(nq_stats_noisy(&s));
	nq_stats_of(noisy, 3, &s);
	assert_int_equal(nq_stats_interval(noisy, 3, &s), 0);
	assert_true(nq_stats_noisy(&s));
	assert_true(near(nq_stats_rel_width(&s), 0.6 / 1.05, 1e-12));
	nq_stats_of(one, 1, &s);
	assert_int_equal(nq_stats_interval(one, 1, &s), 0);
	assert_false(s.has_ci);
	assert_false(nq_stats_noisy(&s));
	assert_true(s.sum == 5);
}

static void mwu_exact(void **state)
{
	/* scipy's documentation example: males against females */
	double m[] = { 19, 22, 16, 29, 24 }, f[] = { 20, 11, 17, 12 };
	double lo[] = { 1, 2, 3, 4, 5 }, hi[] = { 6, 7, 8, 9, 10 };
	double a[] = { 3, 5, 8, 13, 14, 17, 20, 22 };
	double b[] = { 1, 2, 4, 6, 7, 9, 10 };
	nq_mwu r;

	(void)state;
	assert_int_equal(nq_stats_mwu(m, 5, f, 4, &r), 0);
	assert_true(r.exact);
	assert_true(r.u == 17);
	assert_true(near(r.p, 0.1111111111111111, 1e-12)); /* 14 / 126 */
	/* no overlap: U = 0, p = 2 / C(10, 5) */
	assert_int_equal(nq_stats_mwu(lo, 5, hi, 5, &r), 0);
	assert_true(r.exact && r.u == 0);
	assert_true(near(r.p, 2.0 / 252, 1e-15));
	assert_int_equal(nq_stats_mwu(hi, 5, lo, 5, &r), 0);
	assert_true(r.u == 25 && near(r.p, 2.0 / 252, 1e-15));
	/* 8 against 7: U = 45; of the C(15, 7) = 6435 splits, 174 have
	 * U >= 45 (counted by enumeration): p = 348 / 6435 */
	assert_int_equal(nq_stats_mwu(a, 8, b, 7, &r), 0);
	assert_true(r.exact && r.u == 45);
	assert_true(near(r.p, 348.0 / 6435, 1e-14));
	/* textbook table: n = m = 3, U = 0: p = 2 / 20 */
	assert_int_equal(nq_stats_mwu(lo, 3, hi, 3, &r), 0);
	assert_true(near(r.p, 0.1, 1e-15));
}

static void mwu_normal(void **state)
{
	double f[] = { 20, 11, 17, 12 }, m2[] = { 19, 22, 16, 29, 24, 20 };
	/* ties: pooled 1 2 2 3 3 3 3 4 4 4 5 5 6, tie term 6 + 60 + 24 + 6 */
	double x[] = { 1, 2, 2, 3, 3, 3, 4 }, y[] = { 3, 4, 4, 5, 5, 6 };
	double same[] = { 1, 1, 1 };
	nq_mwu r;

	(void)state;
	/* each p below by hand from the formula scipy documents: sd =
	 * sqrt(nx ny / 12 ((n + 1) - sum(t^3 - t) / (n (n - 1)))), z =
	 * (max(U, nx ny - U) - nx ny / 2 - 0.5) / sd, p = erfc(z / sqrt 2) */
	assert_int_equal(nq_stats_mwu(m2, 6, f, 4, &r), 0);
	assert_false(r.exact); /* 20 is in both: a tie */
	assert_true(r.u == 20.5);
	assert_true(near(r.p, 0.08711843744714778, 1e-12));
	assert_int_equal(nq_stats_mwu(x, 7, y, 6, &r), 0);
	assert_false(r.exact);
	assert_true(r.u == 3.5);
	assert_true(near(r.p, 0.012999854364387314, 1e-12));
	/* every value tied: nothing tells the samples apart */
	assert_int_equal(nq_stats_mwu(same, 3, same, 3, &r), 0);
	assert_true(r.p == 1);
	assert_int_equal(nq_stats_mwu(same, 0, same, 3, &r), 0);
	assert_true(r.p == 1);
}

static void mwu_normal_large(void **state)
{
	double m[] = { 19, 22, 16, 29, 24 }, f[] = { 20, 11, 17, 12 };
	double mm[45], ff[36];
	nq_mwu r, s;
	size_t i;

	(void)state;
	/* nine copies of scipy's example, each copy 100 apart: 81 values,
	 * past NQ_MWU_EXACT_MAX, no ties; U = 873 */
	for (i = 0; i < 45; i++)
		mm[i] = m[i % 5] + 100.0 * (double)(i / 5);
	for (i = 0; i < 36; i++)
		ff[i] = f[i % 4] + 100.0 * (double)(i / 4);
	assert_int_equal(nq_stats_mwu(mm, 45, ff, 36, &r), 0);
	assert_false(r.exact);
	assert_true(r.u == 873);
	assert_true(near(r.p, 0.5524940345556406, 1e-12));
	assert_int_equal(nq_stats_mwu(ff, 36, mm, 45, &s), 0);
	assert_true(near(r.p, s.p, 1e-15) && r.u + s.u == 45.0 * 36.0);
}

static void mwu_min_p(void **state)
{
	double lo[] = { 1, 1, 1 }, hi[] = { 2, 2, 2 };
	double a[] = { 1, 2, 3, 4, 5 }, b[] = { 6, 7, 8, 9, 10 };
	nq_mwu r;

	(void)state;
	/* 2 / C(m+n, m), either way round */
	assert_true(near(nq_stats_mwu_min_p(3, 3), 0.1, 1e-15));
	assert_true(near(nq_stats_mwu_min_p(5, 5), 2.0 / 252, 1e-15));
	assert_true(near(nq_stats_mwu_min_p(6, 6), 2.0 / 924, 1e-15));
	assert_true(near(nq_stats_mwu_min_p(3, 5), 2.0 / 56, 1e-15));
	assert_true(nq_stats_mwu_min_p(5, 3) == nq_stats_mwu_min_p(3, 5));
	assert_true(near(nq_stats_mwu_min_p(20, 20), 2.0 / 137846528820.0,
			 1e-24));
	/* one run on a side: 1 against 1 can never be rarer than 1 */
	assert_true(nq_stats_mwu_min_p(1, 1) == 1);
	assert_true(near(nq_stats_mwu_min_p(1, 5), 2.0 / 6, 1e-15));
	assert_true(nq_stats_mwu_min_p(0, 3) == 1);
	assert_true(nq_stats_mwu_min_p(4000, 4000) == 0); /* past a double */
	/* the exact test reaches the floor when no run overlaps */
	assert_int_equal(nq_stats_mwu(a, 5, b, 5, &r), 0);
	assert_true(r.exact && r.p == nq_stats_mwu_min_p(5, 5));
	/* tied runs take the normal approximation, held at the floor: 0.047
	 * without it, a change "significant" at 3 runs a side */
	assert_int_equal(nq_stats_mwu(lo, 3, hi, 3, &r), 0);
	assert_false(r.exact);
	assert_true(near(r.p, 0.1, 1e-15));
	/* the repeat that can show a change with one run out of order */
	assert_int_equal(nq_stats_mwu_runs_for(0.05), 5);
	assert_int_equal(nq_stats_mwu_runs_for(0.01), 6);
	assert_int_equal(nq_stats_mwu_runs_for(0.1), 4);
}

/* Newcombe (1998), "Two-sided confidence intervals for the single
 * proportion", Stat. Med. 17, table II, method 3 (the score interval
 * without continuity correction), to the 4 decimals it prints. */
static void wilson_known(void **state)
{
	static const struct { size_t k, n; double lo, hi; } t[] = {
		{ 81, 263, 0.2553, 0.3662 },
		{ 15, 148, 0.0624, 0.1605 },
		{ 0, 20, 0.0000, 0.1611 },
		{ 1, 29, 0.0061, 0.1718 },
	};
	nq_interval ci;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		nq_stats_wilson(t[i].k, t[i].n, &ci);
		assert_true(ci.ok);
		assert_true(near(ci.lo, t[i].lo, 0.00005));
		assert_true(near(ci.hi, t[i].hi, 0.00005));
	}
	/* every run solved: the upper end is 1 exactly, the lower the
	 * mirror of 0 of n */
	nq_stats_wilson(20, 20, &ci);
	assert_true(ci.ok && ci.hi == 1 && near(ci.lo, 1 - 0.1611, 0.00005));
	nq_stats_wilson(0, 20, &ci);
	assert_true(ci.lo == 0);
	/* half: symmetric about 0.5 */
	nq_stats_wilson(5, 10, &ci);
	assert_true(near(ci.lo + ci.hi, 1, 1e-12));
	/* no runs, or more successes than runs: no interval */
	nq_stats_wilson(0, 0, &ci);
	assert_false(ci.ok);
	nq_stats_wilson(3, 2, &ci);
	assert_false(ci.ok);
	/* one run: wide, inside [0, 1] */
	nq_stats_wilson(1, 1, &ci);
	assert_true(ci.ok && ci.lo > 0.2 && ci.lo < 0.21 && ci.hi == 1);
}

/* The medians the randomised table shows (nq_stats_of): the middle one
 * of an odd count, the mean of the two middle ones of an even count. */
static void median_even_odd(void **state)
{
	double odd[] = { 9, 1, 4 }, even[] = { 10, 1, 4, 3 }, one[] = { 5 };
	nq_stats s;

	(void)state;
	nq_stats_of(odd, 3, &s);
	assert_true(s.median == 4 && s.sum == 14 && s.count == 3);
	nq_stats_of(even, 4, &s);
	assert_true(s.median == 3.5);
	nq_stats_of(one, 1, &s);
	assert_true(s.median == 5);
	nq_stats_of(NULL, 0, &s);
	assert_true(s.count == 0 && s.median == 0 && s.sum == 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(median_ci_degenerate),
		cmocka_unit_test(median_ci_known),
		cmocka_unit_test(median_ci_exact),
		cmocka_unit_test(ratio_ci),
		cmocka_unit_test(noisy_from_interval),
		cmocka_unit_test(mwu_exact),
		cmocka_unit_test(mwu_normal),
		cmocka_unit_test(mwu_normal_large),
		cmocka_unit_test(mwu_min_p),
		cmocka_unit_test(wilson_known),
		cmocka_unit_test(median_even_odd),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
