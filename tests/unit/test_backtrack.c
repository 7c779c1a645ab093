/* test_backtrack.c - every backtrack variant against OEIS A000170, in
 * both modes, with and without pre-placed queens; the counters (symmetry,
 * split) up to n = 16, and A002562 where they count classes. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "solvers.h"
#include "oracle.h"

/* OEIS A002562: placements up to the board's symmetries, n = 1..12. */
static const uint64_t a002562[] = { 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341,
				    1787 };
/* Both again, n = 13..16 (OEIS A000170, A002562), for the fast counters. */
static const uint64_t a000170_16[] = { 73712, 365596, 2279184, 14772512 };
static const uint64_t a002562_16[] = { 9233, 45752, 285053, 1846955 };
/* split last: it only counts, so the loops over the searching variants
 * (first mode, hints) stop before it */
static const char *const variants[] = { "board", "array", "textbook",
					"stack", "bitmask", "symmetry", "mrv",
					"dlx", "split", "prop" };
/* Under AddressSanitizer (the second pass of `make test`) the counts stop
 * at n = 14: n = 15 and 16 walk the same code for a minute more, and the
 * plain pass counts them. */
#if defined(__SANITIZE_ADDRESS__)
#define COUNT_MAX_N 14
#else
#define COUNT_MAX_N 16
#endif

#define NVARIANTS 8
#define BITMASK 4
#define SYMMETRY 5
#define DLX 7
#define SPLIT 8
#define PROP 9

static int solve_threads(int variant, int threads, int n, enum nq_mode mode,
			 const nq_square *h, int k, nq_result *res)
{
	nq_instance in = { .n = n, .mode = mode, .nhints = k, .hints = h };
	nq_optval opt[2] = { { variants[variant], variant, NULL },
			     { NULL, threads, NULL } };
	nq_job job = { &in, opt, 1, 0, NULL };

	memset(res, 0, sizeof *res);
	res->unique = NQ_UNIQUE_NA;
	res->placement = malloc((size_t)n * sizeof(int32_t));
	return nq_solver_backtrack.solve(&job, res);
}

static int solve(int variant, int n, enum nq_mode mode, const nq_square *h,
		 int k, nq_result *res)
{
	return solve_threads(variant, 1, n, mode, h, k, res);
}

static void counts(void **state)
{
	nq_result res;
	int v, n;

	(void)state;
	for (v = 0; v < NVARIANTS; v++)
		for (n = 1; n <= 12; n++) {
			assert_int_equal(solve(v, n, NQ_MODE_COUNT, NULL, 0, &res), NQ_OK);
			if (res.solutions != a000170[n - 1])
				fail_msg("%s n=%d counted %llu, expected %llu",
					 variants[v], n,
					 (unsigned long long)res.solutions,
					 (unsigned long long)a000170[n - 1]);
			if (v == SYMMETRY) {
				if (res.unique != a002562[n - 1])
					fail_msg("symmetry n=%d: %llu classes, "
						 "expected %llu", n,
						 (unsigned long long)res.unique,
						 (unsigned long long)a002562[n - 1]);
			} else {
				assert_true(res.unique == NQ_UNIQUE_NA);
			}
			free(res.placement);
		}
}

static void first(void **state)
{
	nq_result res;
	int v, n;

	(void)state;
	for (v = 0; v < NVARIANTS; v++)
		for (n = 1; n <= 20; n++) {
			assert_int_equal(solve(v, n, NQ_MODE_FIRST, NULL, 0, &res), NQ_OK);
			if (n == 2 || n == 3) {
				assert_int_equal(res.solutions, 0);
			} else {
				assert_int_equal(res.solutions, 1);
				if (!placement_ok(n, res.placement, NULL, 0))
					fail_msg("%s n=%d: invalid placement",
						 variants[v], n);
			}
			free(res.placement);
		}
}

static void hints(void **state)
{
	/* n=8 with a queen in a corner: 4 of the 92 placements */
	nq_square corner = { 0, 0 };
	/* 4-queens has no placement with a corner queen */
	nq_square four = { 0, 0 };
	/* two hints from a known 8-queens solution, in a late row too */
	nq_square pair[2] = { { 7, 3 }, { 2, 7 } };
	nq_result res;
	int v;

	(void)state;
	for (v = 0; v < NVARIANTS; v++) {
		assert_int_equal(solve(v, 8, NQ_MODE_COUNT, &corner, 1, &res), NQ_OK);
		assert_int_equal(res.solutions, 4);
		free(res.placement);

		assert_int_equal(solve(v, 8, NQ_MODE_FIRST, &corner, 1, &res), NQ_OK);
		assert_int_equal(res.solutions, 1);
		assert_true(placement_ok(8, res.placement, &corner, 1));
		free(res.placement);

		assert_int_equal(solve(v, 8, NQ_MODE_FIRST, pair, 2, &res), NQ_OK);
		assert_int_equal(res.solutions, 1);
		assert_true(placement_ok(8, res.placement, pair, 2));
		free(res.placement);

		assert_int_equal(solve(v, 4, NQ_MODE_FIRST, &four, 1, &res), NQ_OK);
		assert_int_equal(res.solutions, 0);
		free(res.placement);
		assert_int_equal(solve(v, 4, NQ_MODE_COUNT, &four, 1, &res), NQ_OK);
		assert_int_equal(res.solutions, 0);
		free(res.placement);
	}
}

/* The hinted counts agree across variants, hint by hint, for n = 8. */
static void hinted_counts_agree(void **state)
{
	nq_result a, b;
	nq_square h;
	uint64_t total = 0;

	(void)state;
	for (h.row = 0; h.row < 8; h.row++)
		for (h.col = 0; h.col < 8; h.col++) {
			int v;

			solve(0, 8, NQ_MODE_COUNT, &h, 1, &a);
			for (v = 1; v < NVARIANTS; v++) {
				solve(v, 8, NQ_MODE_COUNT, &h, 1, &b);
				assert_int_equal(a.solutions, b.solutions);
				free(b.placement);
			}
			if (h.row == 3)
				total += a.solutions;
			free(a.placement);
		}
	/* fixing row 4's queen in each column partitions the 92 */
	assert_int_equal(total, 92);
}

/* Threads split the work; the counts must not move. */
static void thread_counts(void **state)
{
	nq_result res;
	int t, v, n;

	(void)state;
	for (v = BITMASK; v <= SYMMETRY; v++)
		for (t = 1; t <= 3; t++)
			for (n = 1; n <= 12; n++) {
				assert_int_equal(solve_threads(v, t, n, NQ_MODE_COUNT,
							       NULL, 0, &res), NQ_OK);
				if (res.solutions != a000170[n - 1])
					fail_msg("%s threads=%d n=%d: %llu", variants[v],
						 t, n, (unsigned long long)res.solutions);
				if (v == SYMMETRY && res.unique != a002562[n - 1])
					fail_msg("symmetry threads=%d n=%d: unique %llu",
						 t, n, (unsigned long long)res.unique);
				free(res.placement);
			}
}

/* The fast counters on every board up to 16, on two threads (the tasks
 * of a thread are the same code as on one; thread_counts covers 1..3). */
static void counters_to_16(void **state)
{
	static const int fast[] = { SYMMETRY, SPLIT };
	nq_result res;
	uint64_t want, classes;
	int i, n;

	(void)state;
	for (i = 0; i < 2; i++)
		for (n = 1; n <= COUNT_MAX_N; n++) {
			int v = fast[i];

			want = n <= 12 ? a000170[n - 1] : a000170_16[n - 13];
			classes = n <= 12 ? a002562[n - 1] : a002562_16[n - 13];
			assert_int_equal(solve_threads(v, 2, n, NQ_MODE_COUNT,
						       NULL, 0, &res), NQ_OK);
			if (res.solutions != want)
				fail_msg("%s n=%d counted %llu, expected %llu",
					 variants[v], n,
					 (unsigned long long)res.solutions,
					 (unsigned long long)want);
			if (v == SYMMETRY && res.unique != classes)
				fail_msg("symmetry n=%d: %llu classes, expected "
					 "%llu", n, (unsigned long long)res.unique,
					 (unsigned long long)classes);
			if (v == SPLIT)
				assert_true(res.unique == NQ_UNIQUE_NA);
			free(res.placement);
		}
}

/* prop (solvers/native/prop.c) on one thread and on three: the plain
 * counts, a placement on every board up to 64 (one machine word a row),
 * the hints, and the two published instances of CSPLib prob079 that
 * show its bounds: diag-19-4-686 at M = 17 (the paper's hardest n = 19
 * peak instance, 2.6 * 10^9 shiftqueens nodes) has no placement, proved
 * at the root by the sums of the diagonals left (no node searched), and
 * diag-21-4-468 at M = 19 (none either, about 3 * 10^6 nodes) stops
 * cleanly at a time limit of 20 ms. */
static int solve_prop(int threads, const nq_instance *in, double limit,
		      nq_result *res)
{
	nq_optval opt[2] = { { "prop", PROP, NULL }, { NULL, threads, NULL } };
	nq_job job = { in, opt, 1, limit, NULL };

	memset(res, 0, sizeof *res);
	res->unique = NQ_UNIQUE_NA;
	res->placement = malloc((size_t)in->n * sizeof(int32_t));
	return nq_solver_backtrack.solve(&job, res);
}

static void prop_searches(void **state)
{
	static const int d686[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 23 };
	static const int a686[] = { 4, 18, 33, 34, 35 };
	static const int d468[] = { 1, 4, 5, 8, 9, 12, 20, 32 };
	static const int a468[] = { 3, 5, 9, 11, 13, 21, 24, 27, 29, 37, 39 };
	nq_square corner = { 0, 0 };
	nq_result res;

	(void)state;
	for (int t = 1; t <= 3; t += 2) {
		for (int n = 1; n <= 12; n++) {
			nq_instance in = { .n = n, .mode = NQ_MODE_COUNT };

			assert_int_equal(solve_prop(t, &in, 0, &res), NQ_OK);
			if (res.solutions != a000170[n - 1])
				fail_msg("prop threads=%d n=%d counted %llu", t,
					 n, (unsigned long long)res.solutions);
			free(res.placement);
		}
		for (int n = 1; n <= 64; n++) {
			nq_instance in = { .n = n, .mode = NQ_MODE_FIRST };

			assert_int_equal(solve_prop(t, &in, 0, &res), NQ_OK);
			assert_int_equal(res.solutions, n == 2 || n == 3 ? 0 : 1);
			if (res.solutions && !placement_ok(n, res.placement,
							   NULL, 0))
				fail_msg("prop threads=%d n=%d: invalid "
					 "placement", t, n);
			free(res.placement);
		}
		nq_instance h = { .n = 8, .mode = NQ_MODE_COUNT, .nhints = 1,
				  .hints = &corner };
		assert_int_equal(solve_prop(t, &h, 0, &res), NQ_OK);
		assert_int_equal(res.solutions, 4);
		free(res.placement);

		nq_instance e = { .n = 19, .mode = NQ_MODE_FIRST,
				  .nexcl_diag = 12, .excl_diag = d686,
				  .nexcl_anti = 5, .excl_anti = a686 };
		assert_int_equal(solve_prop(t, &e, 0, &res), NQ_OK);
		assert_int_equal(res.solutions, 0);
		assert_int_equal(res.nodes, 0);
		free(res.placement);
		e.mode = NQ_MODE_COUNT;
		assert_int_equal(solve_prop(t, &e, 0, &res), NQ_OK);
		assert_int_equal(res.solutions, 0);
		free(res.placement);

		nq_instance l = { .n = 21, .mode = NQ_MODE_FIRST,
				  .nexcl_diag = 8, .excl_diag = d468,
				  .nexcl_anti = 11, .excl_anti = a468 };
		assert_int_equal(solve_prop(t, &l, 0.02, &res), NQ_ETIMEOUT);
		assert_non_null(strstr(res.note, "time limit"));
		free(res.placement);
	}
	/* diag-22-4-7 (the published generator, seed 7) at M = 20: a
	 * placement neither walk reaches in its 2^21 nodes; the propagated
	 * search, the most promising child first, finds one within 2^14
	 * nodes of them (12,431) */
	static const int d22[] = { 6, 7, 19, 36, 38, 39 };
	static const int a22[] = { 2, 3, 4, 6, 9, 13, 20, 23, 25, 31, 32, 33,
				   34, 39 };
	nq_instance e22 = { .n = 22, .mode = NQ_MODE_FIRST,
			    .nexcl_diag = 6, .excl_diag = d22,
			    .nexcl_anti = 14, .excl_anti = a22 };

	for (int t = 1; t <= 2; t++) {
		assert_int_equal(solve_prop(t, &e22, 0, &res), NQ_OK);
		assert_int_equal(res.solutions, 1);
		int bad = !placement_ok(22, res.placement, NULL, 0);

		for (int r = 0; r < 22; r++) {
			int c = res.placement[r];

			for (int i = 0; i < 6; i++)
				bad |= c - r + 21 == d22[i];
			for (int i = 0; i < 14; i++)
				bad |= r + c == a22[i];
		}
		free(res.placement);
		if (bad)
			fail_msg("prop threads=%d: invalid placement", t);
		if (t == 1 && (res.nodes <= 69632 + 2 * 2101248 ||
			       res.nodes > 69632 + 2 * 2101248 + 16384))
			fail_msg("diag-22-4-7: %lld nodes", (long long)res.nodes);
	}
}

/* Knuth's estimate of prop's tree (nq_prop_estimate): nothing where
 * the root is refuted; on a tree of 2.3 million nodes (a count on one
 * thread), within a tenth of it; the same seed the same figure. */
static void prop_estimate(void **state)
{
	static const int d686[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 23 };
	static const int a686[] = { 4, 18, 33, 34, 35 };
	static const int d468[] = { 1, 4, 5, 8, 9, 12, 20, 32 };
	static const int a468[] = { 3, 5, 9, 11, 13, 21, 24, 27, 29, 37, 39 };
	nq_instance e = { .n = 19, .mode = NQ_MODE_COUNT,
			  .nexcl_diag = 12, .excl_diag = d686,
			  .nexcl_anti = 5, .excl_anti = a686 };
	nq_instance l = { .n = 21, .mode = NQ_MODE_COUNT,
			  .nexcl_diag = 8, .excl_diag = d468,
			  .nexcl_anti = 11, .excl_anti = a468 };
	nq_result res;
	double m, se, m2, se2;

	(void)state;
	assert_int_equal(nq_prop_estimate(&e, 100, 1, &m, &se), NQ_OK);
	assert_true(m == 0 && se == 0);
	assert_int_equal(nq_prop_estimate(&l, 0, 1, &m, &se), NQ_ERR);
	assert_int_equal(solve_prop(1, &l, 0, &res), NQ_OK);
	assert_int_equal(res.solutions, 0);
	free(res.placement);
	assert_int_equal(nq_prop_estimate(&l, 4000, 7, &m, &se), NQ_OK);
	if (m < 0.9 * (double)res.nodes || m > 1.1 * (double)res.nodes)
		fail_msg("estimate %.0f (se %.0f) for a tree of %lld nodes", m,
			 se, (long long)res.nodes);
	assert_true(se > 0 && se < 0.05 * m);
	assert_int_equal(nq_prop_estimate(&l, 4000, 7, &m2, &se2), NQ_OK);
	assert_true(m2 == m && se2 == se);
}

/* prop's walks in first mode (solvers/native/prop.c): after a moment
 * down the rows, the rows' walk and the columns' walk, the latter
 * shiftqueens' own order on CSPLib prob079's files (the board as the
 * harness reads them is the one shiftqueens reads, transposed). On one
 * thread the node counts are exact: 69,632 nodes of the first walk and
 * 2,101,248 of the rows' (each to its budget, checked every 4096),
 * then the columns' walk to its end: on diag-19-4-1 at M = 17 it proves
 * there is no placement in 1,837,376 nodes, on diag-21-4-1 at M = 19 it
 * finds one at node 2,018,001 (the published shiftqueens counts,
 * 1,837,377 and 2,018,002, take its first call as a node); on two
 * threads the same answers, the placement a valid one. */
static void prop_walks(void **state)
{
	static const int d19[] = { 1, 2, 4, 5, 8, 12, 14, 22 };
	static const int a19[] = { 4, 7, 8, 12, 15, 16, 20, 28, 31 };
	static const int d21[] = { 1, 3, 5, 11, 14, 18, 22, 26, 34, 35, 39 };
	static const int a21[] = { 4, 7, 8, 16, 28, 30, 31, 36 };
	nq_instance e19 = { .n = 19, .mode = NQ_MODE_FIRST,
			    .nexcl_diag = 8, .excl_diag = d19,
			    .nexcl_anti = 9, .excl_anti = a19 };
	nq_instance e21 = { .n = 21, .mode = NQ_MODE_FIRST,
			    .nexcl_diag = 11, .excl_diag = d21,
			    .nexcl_anti = 8, .excl_anti = a21 };
	nq_result res;

	(void)state;
	for (int t = 1; t <= 2; t++) {
		assert_int_equal(solve_prop(t, &e19, 0, &res), NQ_OK);
		assert_int_equal(res.solutions, 0);
		if (t == 1)
			assert_int_equal(res.nodes, 69632 + 2101248 + 1837376);
		free(res.placement);
		assert_int_equal(solve_prop(t, &e21, 0, &res), NQ_OK);
		assert_int_equal(res.solutions, 1);
		if (t == 1)
			assert_int_equal(res.nodes, 69632 + 2101248 + 2018001);
		if (!placement_ok(21, res.placement, NULL, 0))
			fail_msg("prop threads=%d: invalid placement", t);
		for (int r = 0; r < 21; r++) {
			int c = res.placement[r];

			for (int i = 0; i < 11; i++)
				assert_int_not_equal(c - r + 20, d21[i]);
			for (int i = 0; i < 8; i++)
				assert_int_not_equal(r + c, a21[i]);
		}
		free(res.placement);
	}
}

/* dlx counts every board up to 14 here (13 under AddressSanitizer),
 * about 1 s of CPU at n = 14 (5.5 million options tried); n = 15 and 16
 * take it about 40 s more (measured: 1..16 in 41 s of CPU), too long
 * for `make test`, so they run only with NQ_SLOW_TESTS=1 in the
 * environment. */
static void dlx_counts(void **state)
{
	const char *slow = getenv("NQ_SLOW_TESTS");
#if defined(__SANITIZE_ADDRESS__)
	int max_n = slow && *slow == '1' ? 16 : 13;
#else
	int max_n = slow && *slow == '1' ? 16 : 14;
#endif
	nq_result res;

	(void)state;
	for (int n = 1; n <= max_n; n++) {
		uint64_t want = n <= 12 ? a000170[n - 1] : a000170_16[n - 13];

		assert_int_equal(solve(DLX, n, NQ_MODE_COUNT, NULL, 0, &res),
				 NQ_OK);
		if (res.solutions != want)
			fail_msg("dlx n=%d counted %llu, expected %llu", n,
				 (unsigned long long)res.solutions,
				 (unsigned long long)want);
		assert_true(res.unique == NQ_UNIQUE_NA);
		/* one node per option tried: every placement ends on one */
		assert_true(res.nodes >= (int64_t)want);
		free(res.placement);
	}
}

/* split on one thread and on three: the same counts (odd boards take
 * the middle column's own path) */
static void split_threads(void **state)
{
	nq_result res;
	int t, n;

	(void)state;
	for (t = 1; t <= 3; t += 2)
		for (n = 1; n <= 12; n++) {
			assert_int_equal(solve_threads(SPLIT, t, n, NQ_MODE_COUNT,
						       NULL, 0, &res), NQ_OK);
			if (res.solutions != a000170[n - 1])
				fail_msg("split threads=%d n=%d: %llu", t, n,
					 (unsigned long long)res.solutions);
			free(res.placement);
		}
}

/* split never answers what it cannot: first mode is not applicable, and
 * pre-placed queens are an error with a note, not a count of the board
 * without them. */
static void split_refuses(void **state)
{
	nq_optval opt[1] = { { "split", SPLIT, NULL } };
	nq_square corner = { 0, 0 };
	nq_result res;

	(void)state;
	assert_int_equal(nq_solver_backtrack.max_n(opt, NQ_MODE_FIRST),
			 NQ_NOT_APPLICABLE);
	assert_int_equal(nq_solver_backtrack.max_n(opt, NQ_MODE_COUNT), 32);
	assert_int_equal(solve(SPLIT, 8, NQ_MODE_COUNT, &corner, 1, &res),
			 NQ_ERR);
	assert_true(strstr(res.note, "pre-placed") != NULL);
	free(res.placement);
	assert_int_equal(solve(SPLIT, 8, NQ_MODE_FIRST, NULL, 0, &res),
			 NQ_ERR);
	free(res.placement);
	{
		/* a blocked square (ABI 3): refused the same way */
		nq_instance in = { 8, NQ_MODE_COUNT, 0, NULL, 1, &corner,
				   0, 0, NULL, NULL, 0, 0 };
		nq_optval o[2] = { { "split", SPLIT, NULL }, { NULL, 1, NULL } };
		nq_job job = { &in, o, 1, 0, NULL };

		memset(&res, 0, sizeof res);
		res.unique = NQ_UNIQUE_NA;
		res.placement = malloc(8 * sizeof(int32_t));
		assert_int_equal(nq_solver_backtrack.solve(&job, &res), NQ_ERR);
		assert_true(strstr(res.note, "blocked") != NULL);
		free(res.placement);
	}
}

static void bitmask_limit(void **state)
{
	nq_optval opt[1] = { { "bitmask", BITMASK, NULL } };
	nq_optval tb[1] = { { "textbook", 2, NULL } };

	(void)state;
	assert_int_equal(nq_solver_backtrack.max_n(opt, NQ_MODE_FIRST), 64);
	assert_true(nq_solver_backtrack.max_n(tb, NQ_MODE_FIRST) > 64);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counts),
		cmocka_unit_test(first),
		cmocka_unit_test(hints),
		cmocka_unit_test(hinted_counts_agree),
		cmocka_unit_test(thread_counts),
		cmocka_unit_test(counters_to_16),
		cmocka_unit_test(dlx_counts),
		cmocka_unit_test(prop_searches),
		cmocka_unit_test(prop_walks),
		cmocka_unit_test(prop_estimate),
		cmocka_unit_test(split_threads),
		cmocka_unit_test(split_refuses),
		cmocka_unit_test(bitmask_limit),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
