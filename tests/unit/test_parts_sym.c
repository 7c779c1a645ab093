/* test_parts_sym.c - the symmetry and plain counters, whole and in parts
 * (issue 13): totals against OEIS A000170 and classes against A002562 up
 * to n = 16, and the parts of every split P adding up to the whole, node
 * counts included, so a change to the kernels or to their task lists
 * that loses or repeats a task shows here. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "solvers.h"

/* OEIS A000170 and A002562, n = 1..16. */
static const uint64_t a000170[] = { 1, 0, 0, 2, 10, 4, 40, 92, 352, 724,
				    2680, 14200, 73712, 365596, 2279184,
				    14772512 };
static const uint64_t a002562[] = { 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341,
				    1787, 9233, 45752, 285053, 1846955 };

/* Under AddressSanitizer (the second pass of `make test`) the counts stop
 * at n = 14: n = 15 and 16 walk the same code for a minute more, and the
 * plain pass counts them. */
#if defined(__SANITIZE_ADDRESS__)
#define COUNT_MAX_N 14
#else
#define COUNT_MAX_N 16
#endif

#define SYM_MIN 6   /* below it nq_count_symmetry refuses */
#define PLAIN_MIN 2
#define PARTS_MAX_N 12 /* the sums over parts: fast under ASan + UBSan */
#define WHOLE_MAX_N COUNT_MAX_N

/* Whole boards, against OEIS. n = 15 and 16 on two threads only: they
 * are the slow ones under the sanitizers. */
static void whole_symmetry(void **state)
{
	uint64_t total, unique;
	int64_t nodes;
	int n, t;

	(void)state;
	for (n = SYM_MIN; n <= WHOLE_MAX_N; n++)
		for (t = n <= 14 ? 1 : 2; t <= 2; t++) {
			assert_int_equal(nq_count_symmetry(n, t, NQ_WHOLE,
							   &total, &unique,
							   &nodes), NQ_OK);
			if (total != a000170[n - 1] ||
			    unique != a002562[n - 1])
				fail_msg("symmetry n=%d threads=%d: %llu %llu, "
					 "expected %llu %llu", n, t,
					 (unsigned long long)total,
					 (unsigned long long)unique,
					 (unsigned long long)a000170[n - 1],
					 (unsigned long long)a002562[n - 1]);
			assert_true(nodes > 0);
		}
}

static void whole_plain(void **state)
{
	uint64_t total;
	int64_t nodes;
	int n, t;

	(void)state;
	/* the plain counter to n = 15 (n = 16 is the symmetry and split
	 * counters' here and in test_parts_split: the plain one's kernel is
	 * the same at every n) */
	for (n = PLAIN_MIN; n <= WHOLE_MAX_N && n <= 15; n++)
		for (t = n <= 14 ? 1 : 2; t <= 2; t++) {
			assert_int_equal(nq_count_plain(n, t, NQ_WHOLE, &total,
							&nodes), NQ_OK);
			if (total != a000170[n - 1])
				fail_msg("plain n=%d threads=%d: %llu, expected "
					 "%llu", n, t, (unsigned long long)total,
					 (unsigned long long)a000170[n - 1]);
		}
}

/* The splits tried: a few small ones, one part per unit, and more parts
 * than units (the extra parts are empty). */
static int splits(long units, int *p)
{
	p[0] = 1;
	p[1] = 2;
	p[2] = 3;
	p[3] = 7;
	p[4] = (int)units;
	p[5] = (int)units + 5;
	return 6;
}

/* Part k of P on 1 or 3 threads (by k, so both run): the threads must
 * not change what a part counts. */
static void parts_symmetry(void **state)
{
	int n, i, k, np, p[6];

	(void)state;
	for (n = SYM_MIN; n <= PARTS_MAX_N; n++) {
		uint64_t total, unique, st = 0, su = 0;
		int64_t nodes, sn = 0;
		long units = nq_units_symmetry(n);

		assert_true(units >= 1);
		assert_int_equal(nq_count_symmetry(n, 2, NQ_WHOLE, &total,
						   &unique, &nodes), NQ_OK);
		np = splits(units, p);
		for (i = 0; i < np; i++) {
			st = su = 0;
			sn = 0;
			for (k = 0; k < p[i]; k++) {
				struct nq_part part = { k, p[i] };
				uint64_t t, u;
				int64_t nd;

				assert_int_equal(nq_count_symmetry(n,
						 k % 2 ? 3 : 1, part, &t, &u,
						 &nd), NQ_OK);
				if (k >= units)
					assert_true(t == 0 && u == 0 && nd == 0);
				st += t;
				su += u;
				sn += nd;
			}
			if (st != total || su != unique || sn != nodes)
				fail_msg("symmetry n=%d in %d parts: %llu %llu "
					 "%lld, whole %llu %llu %lld", n, p[i],
					 (unsigned long long)st,
					 (unsigned long long)su, (long long)sn,
					 (unsigned long long)total,
					 (unsigned long long)unique,
					 (long long)nodes);
		}
	}
}

static void parts_plain(void **state)
{
	int n, i, k, np, p[6];

	(void)state;
	for (n = PLAIN_MIN; n <= PARTS_MAX_N; n++) {
		uint64_t total, st;
		int64_t nodes, sn;
		long units = nq_units_plain(n);

		assert_true(units >= 1);
		assert_int_equal(nq_count_plain(n, 2, NQ_WHOLE, &total, &nodes),
				 NQ_OK);
		np = splits(units, p);
		for (i = 0; i < np; i++) {
			st = 0;
			sn = 0;
			for (k = 0; k < p[i]; k++) {
				struct nq_part part = { k, p[i] };
				uint64_t t;
				int64_t nd;

				assert_int_equal(nq_count_plain(n, k % 2 ? 3 : 1,
								part, &t, &nd),
						 NQ_OK);
				if (k >= units)
					assert_true(t == 0 && nd == 0);
				st += t;
				sn += nd;
			}
			if (st != total || sn != nodes)
				fail_msg("plain n=%d in %d parts: %llu %lld, "
					 "whole %llu %lld", n, p[i],
					 (unsigned long long)st, (long long)sn,
					 (unsigned long long)total,
					 (long long)nodes);
		}
	}
}

/* The last three rows by table and by search (nq_symmetry_lut): the
 * same totals, classes and nodes, whole and for every part, on 1 and 2
 * threads. Where the processor lacks BMI2 both are the search. */
static void table_and_search(void **state)
{
	int saved = nq_symmetry_lut, n;
	long units = nq_units_symmetry(11), k;

	(void)state;
	for (n = SYM_MIN; n <= WHOLE_MAX_N && n <= 14; n++) {
		uint64_t t[2], u[2];
		int64_t nd[2];
		int lut;

		for (lut = 0; lut <= 1; lut++) {
			nq_symmetry_lut = lut;
			assert_int_equal(nq_count_symmetry(n, 1 + lut, NQ_WHOLE,
							   &t[lut], &u[lut],
							   &nd[lut]), NQ_OK);
		}
		nq_symmetry_lut = saved;
		if (t[0] != a000170[n - 1] || u[0] != a002562[n - 1] ||
		    t[1] != t[0] || u[1] != u[0] || nd[1] != nd[0])
			fail_msg("symmetry n=%d: search %llu %llu %lld, table "
				 "%llu %llu %lld", n, (unsigned long long)t[0],
				 (unsigned long long)u[0], (long long)nd[0],
				 (unsigned long long)t[1],
				 (unsigned long long)u[1], (long long)nd[1]);
	}
	/* every task alone (a part each) at n = 11, each way */
	for (k = 0; k < units; k++) {
		struct nq_part part = { k, units };
		uint64_t t[2], u[2];
		int64_t nd[2];
		int lut;

		for (lut = 0; lut <= 1; lut++) {
			nq_symmetry_lut = lut;
			assert_int_equal(nq_count_symmetry(11, 1, part, &t[lut],
							   &u[lut], &nd[lut]),
					 NQ_OK);
		}
		nq_symmetry_lut = saved;
		if (t[1] != t[0] || u[1] != u[0] || nd[1] != nd[0])
			fail_msg("symmetry n=11 part %ld: search %llu %llu "
				 "%lld, table %llu %llu %lld", k,
				 (unsigned long long)t[0],
				 (unsigned long long)u[0], (long long)nd[0],
				 (unsigned long long)t[1],
				 (unsigned long long)u[1], (long long)nd[1]);
	}
}

/* Out of range: the board, or a part that is not one of P. */
static void refusals(void **state)
{
	uint64_t t, u;
	int64_t nd;
	struct nq_part bad[] = { { 0, 0 }, { -1, 2 }, { 2, 2 }, { 3, 1 } };
	size_t i;

	(void)state;
	assert_int_equal(nq_count_symmetry(SYM_MIN - 1, 1, NQ_WHOLE, &t, &u,
					   &nd), NQ_ERR);
	assert_int_equal(nq_count_symmetry(65, 1, NQ_WHOLE, &t, &u, &nd),
			 NQ_ERR);
	assert_int_equal(nq_count_plain(PLAIN_MIN - 1, 1, NQ_WHOLE, &t, &nd),
			 NQ_ERR);
	assert_int_equal(nq_count_plain(65, 1, NQ_WHOLE, &t, &nd), NQ_ERR);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(nq_count_symmetry(8, 1, bad[i], &t, &u, &nd),
				 NQ_ERR);
		assert_int_equal(nq_count_plain(8, 1, bad[i], &t, &nd), NQ_ERR);
	}
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(whole_symmetry),
		cmocka_unit_test(whole_plain),
		cmocka_unit_test(parts_symmetry),
		cmocka_unit_test(parts_plain),
		cmocka_unit_test(table_and_search),
		cmocka_unit_test(refusals),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
