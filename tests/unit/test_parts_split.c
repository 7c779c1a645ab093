/* test_parts_split.c - the split counter (solvers/native/split.c) on its own:
 * whole counts against OEIS A000170 for n = 1..16 on one thread and two,
 * and counts in parts (issue 13): for every P tried, the P parts of a
 * board add up to the whole, including more parts than units (the extra
 * parts are empty, not an error); the halves searched rather than
 * joined from quadrants (even n > 20's path) on small boards; the join's
 * kernels (portable, popcnt, AVX2) against a pair-by-pair count. */
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

/* parts: a part per unit (P = units, units + 5) up to n = 12, where n = 11
 * and 12 are 1400 and 950 calls; under AddressSanitizer up to n = 10 (the
 * same one-unit parts, odd and even n, 126 units), n = 11 and 12 in 1, 2,
 * 3 and 7 parts: 4.2 CPU-s of the 6 there were the one-unit parts. */
#if defined(__SANITIZE_ADDRESS__)
#define UNIT_PARTS_MAX_N 10
#else
#define UNIT_PARTS_MAX_N 12
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
		for (i = 0; i < (n <= UNIT_PARTS_MAX_N ? 6 : 4); i++) {
			uint64_t s = sum_parts(n, ps[i], 1 + i % 2);

			if (s != a000170[n - 1])
				fail_msg("n=%d P=%ld: parts add up to %llu, "
					 "not %llu", n, ps[i],
					 (unsigned long long)s,
					 (unsigned long long)a000170[n - 1]);
		}
	}
}

/* A word of 4m - 2 diagonal bits, each set with chance 1/den. */
static uint64_t random_word(uint64_t *seed, int m, int den)
{
	uint64_t x = 0;
	int b;

	for (b = 0; b < 4 * m - 2; b++) {
		*seed = *seed * 6364136223846793005u + 1442695040888963407u;
		if ((int)(*seed >> 33) % den == 0)
			x |= (uint64_t)1 << b;
	}
	return x;
}

/* The join pair by pair: 1 per disjoint pair, or the longest diagonals'
 * weights (east on one: 0; west on k of them: 2^k; else mirror). */
static uint64_t join_by_pairs(const uint64_t *e, size_t ne, const uint64_t *w,
			      size_t nw, int m, int mirror)
{
	const uint64_t longest = (uint64_t)1 << (m - 1) |
				 (uint64_t)1 << (2 * m - 1 + m - 1);
	uint64_t total = 0;
	size_t i, j;

	for (i = 0; i < ne; i++)
		for (j = 0; j < nw; j++) {
			int k = __builtin_popcountll(w[j] & longest);

			if (e[i] & w[j])
				continue;
			if (mirror < 0)
				total++;
			else if (!(e[i] & longest))
				total += k ? (uint64_t)1 << k : (uint64_t)mirror;
		}
	return total;
}

/* Every kernel of the join (portable, popcnt, the fastest: AVX2 where
 * the processor has it) against the pair-by-pair count, on lists of
 * random words of the sizes that choose 0 to 3 cut bits of each
 * direction, either list the shorter, blocks full, part full and
 * empty, with and without the longest diagonals' rule (with it, tables
 * under 3000 words take the small tables' join, split_join.c, and
 * larger ones the buckets: 3100 x 3200 on every width). 6100 x 6300,
 * for the 4 cut bits tables from 6000 words took once, is gone with
 * them: the same 3 cut bits as 3100 x 3200, and over half this
 * program's CPU in the pair-by-pair count. */
static void join_kernels(void **state)
{
	static const size_t sizes[][2] = {
		{ 0, 5 }, { 5, 0 }, { 1, 1 }, { 63, 64 }, { 65, 130 },
		{ 130, 65 }, { 99, 700 }, { 1200, 900 }, { 700, 1100 },
		{ 3100, 1700 }, { 1500, 3300 }, { 257, 5000 }, { 3100, 3200 },
	};
	int saved = nq_split_fits, k, mirror, ms[] = { 4, 8, 9, 10 }, mi;
	uint64_t seed = 24;
	size_t i, q;

	(void)state;
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
		for (mi = 0; mi < 4; mi++) {
			int m = ms[mi], failed = 0;
			size_t ne = sizes[i][0], nw = sizes[i][1];
			uint64_t *e, *w;

			/* the largest lists on the widest words only */
			if (ne * nw > 10000000 && m != 10)
				continue;
			e = malloc((ne + 1) * sizeof *e);
			w = malloc((nw + 1) * sizeof *w);

			assert_non_null(e);
			assert_non_null(w);
			for (q = 0; q < ne; q++)
				e[q] = random_word(&seed, m, 4 + (int)q % 3);
			for (q = 0; q < nw; q++)
				w[q] = random_word(&seed, m, 4 + (int)q % 3);
			for (mirror = -1; mirror <= 2; mirror++) {
				uint64_t want = join_by_pairs(e, ne, w, nw, m,
							      mirror);

				for (k = -1; k <= 1; k++) {
					uint64_t got;

					nq_split_fits = k;
					got = nq_split_join(e, ne, w, nw, m,
							    mirror, &failed);
					assert_false(failed);
					if (got != want)
						fail_msg("m=%d %zu x %zu mirror "
							 "%d kernel %d: %llu, "
							 "not %llu",
							 m, ne, nw, mirror, k,
							 (unsigned long long)got,
							 (unsigned long long)want);
				}
			}
			free(e);
			free(w);
		}
	nq_split_fits = saved;
}

/* The whole counts again on the portable kernel and the popcnt one. */
static void whole_kernels(void **state)
{
	int saved = nq_split_fits, k, n;

	(void)state;
	for (k = 0; k <= 1; k++) {
		nq_split_fits = k;
		for (n = 1; n <= COUNT_MAX_N; n++) {
			uint64_t total = 0;
			int64_t nodes = 0;

			assert_int_equal(nq_count_split(n, 2, NQ_WHOLE, &total,
							&nodes), NQ_OK);
			if (total != a000170[n - 1])
				fail_msg("n=%d kernel %d: %llu, not %llu", n, k,
					 (unsigned long long)total,
					 (unsigned long long)a000170[n - 1]);
		}
	}
	nq_split_fits = saved;
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
		cmocka_unit_test(join_kernels),
		cmocka_unit_test(whole_kernels),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
