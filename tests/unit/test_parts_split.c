/* test_parts_split.c - the split counter (solvers/split.c) on its own:
 * whole counts against OEIS A000170 for n = 1..16 on one thread and two,
 * and counts in parts (issue 13): for every P tried, the P parts of a
 * board add up to the whole, including more parts than units (the extra
 * parts are empty, not an error); the halves searched rather than
 * joined from quadrants (even n > 20's path) on small boards. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include "solvers.h"

/* OEIS A000170, n = 1..16 */
static const uint64_t a000170[] = { 1, 0, 0, 2, 10, 4, 40, 92, 352, 724,
				    2680, 14200, 73712, 365596, 2279184,
				    14772512 };

/* Under AddressSanitizer (the second pass of `make test`) the counts stop
 * at n = 14: n = 15 and 16 walk the same code for a minute more, and the
 * plain pass counts them. */
#if defined(__SANITIZE_ADDRESS__)
#define COUNT_MAX_N 14
#else
#define COUNT_MAX_N 16
#endif

static void whole(void **state)
{
	int n, t;

	(void)state;
	for (n = 1; n <= COUNT_MAX_N; n++)
		for (t = 1; t <= 2; t++) {
			uint64_t total = 0;
			int64_t nodes = 0;

			assert_int_equal(nq_count_split(n, t, NQ_WHOLE, &total,
							&nodes), NQ_OK);
			if (total != a000170[n - 1])
				fail_msg("n=%d threads=%d: %llu, not %llu", n,
					 t, (unsigned long long)total,
					 (unsigned long long)a000170[n - 1]);
		}
}

/* Even n above 20 searches its halves instead of joining quadrants, with
 * the longest-diagonal rule: the same path on small boards, table off. */
static void halves_searched(void **state)
{
	int n, saved = nq_split_quads_max_m;

	(void)state;
	nq_split_quads_max_m = 0;
	for (n = 2; n <= 14; n += 2) {
		uint64_t total = 0, sum = 0;
		int64_t nodes = 0;
		long k, p = 5;

		assert_int_equal(nq_count_split(n, 2, NQ_WHOLE, &total,
						&nodes), NQ_OK);
		if (total != a000170[n - 1])
			fail_msg("n=%d, halves searched: %llu, not %llu", n,
				 (unsigned long long)total,
				 (unsigned long long)a000170[n - 1]);
		for (k = 0; k < p; k++) {
			assert_int_equal(nq_count_split(n, 1,
					 (struct nq_part){ (int)k, (int)p },
					 &total, &nodes), NQ_OK);
			sum += total;
		}
		assert_true(sum == a000170[n - 1]);
	}
	nq_split_quads_max_m = saved;
}

/* Sum of the P parts of n, on `threads` threads. */
static uint64_t sum_parts(int n, long p, int threads)
{
	uint64_t sum = 0;
	long k;

	for (k = 0; k < p; k++) {
		uint64_t total = 0;
		int64_t nodes = 0;

		assert_int_equal(nq_count_split(n, threads,
						(struct nq_part){ (int)k,
								  (int)p },
						&total, &nodes), NQ_OK);
		sum += total;
	}
	return sum;
}

static void parts(void **state)
{
	int n, i;

	(void)state;
	for (n = 1; n <= 12; n++) {
		long units = nq_units_split(n);
		long ps[6] = { 1, 2, 3, 7, units, units + 5 };

		assert_true(units >= 1);
		/* the task list depends on n alone */
		assert_int_equal(units, nq_units_split(n));
		/* no task past the units: those parts are empty */
		for (i = 0; i < 5; i++) {
			uint64_t total = 1;
			int64_t nodes = 1;

			assert_int_equal(nq_count_split(n, 1,
					(struct nq_part){ (int)units + i,
							  (int)units + 5 },
					&total, &nodes), NQ_OK);
			assert_true(total == 0 && nodes == 0);
		}
		for (i = 0; i < 6; i++) {
			uint64_t s = sum_parts(n, ps[i], 1 + i % 2);

			if (s != a000170[n - 1])
				fail_msg("n=%d P=%ld: parts add up to %llu, "
					 "not %llu", n, ps[i],
					 (unsigned long long)s,
					 (unsigned long long)a000170[n - 1]);
		}
	}
}

/* Out of range: an error, never a count. */
static void refuses(void **state)
{
	uint64_t total = 0;
	int64_t nodes = 0;

	(void)state;
	assert_int_equal(nq_count_split(0, 1, NQ_WHOLE, &total, &nodes),
			 NQ_ERR);
	assert_int_equal(nq_count_split(33, 1, NQ_WHOLE, &total, &nodes),
			 NQ_ERR);
	assert_int_equal(nq_count_split(8, 1, (struct nq_part){ 2, 2 },
					&total, &nodes), NQ_ERR);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(whole),
		cmocka_unit_test(parts),
		cmocka_unit_test(refuses),
		cmocka_unit_test(halves_searched),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
