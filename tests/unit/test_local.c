/* test_local.c - the solvers that do not search a tree: minconflicts
 * (local search) and construct (a formula). Every answer goes through
 * the validator's placement check; seeds reproduce. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "solvers.h"
#include "validate.h"

static int run(const nq_solver *s, int n, const nq_square *h, int k,
	       uint64_t seed, nq_result *res)
{
	nq_instance in = { .n = n, .mode = NQ_MODE_FIRST, .nhints = k, .hints = h };
	nq_job job = { &in, NULL, seed, 0, NULL };

	memset(res, 0, sizeof *res);
	res->unique = NQ_UNIQUE_NA;
	res->placement = calloc((size_t)n, sizeof(int32_t));
	assert_non_null(res->placement);
	return s->solve(&job, res);
}

/* 0 when res is a valid placement for n (and hints h). */
static void assert_placement(int n, const nq_square *h, int k,
			     const nq_result *res, const char *who)
{
	nq_instance in = { .n = n, .mode = NQ_MODE_FIRST, .nhints = k, .hints = h };
	char why[256];

	assert_int_equal(res->solutions, 1);
	if (nq_check_placement(&in, res->placement, why, sizeof why))
		fail_msg("%s n=%d: %s", who, n, why);
}

static void construct_every_n(void **state)
{
	static const int big[] = { 1000, 4097, 100000 };
	nq_result res;
	int n;
	size_t i;

	(void)state;
	for (n = 1; n <= 300; n++) {
		assert_int_equal(run(&nq_solver_construct, n, NULL, 0, 1, &res),
				 NQ_OK);
		if (n == 2 || n == 3)
			assert_int_equal(res.solutions, 0);
		else
			assert_placement(n, NULL, 0, &res, "construct");
		free(res.placement);
	}
	for (i = 0; i < sizeof big / sizeof big[0]; i++) {
		assert_int_equal(run(&nq_solver_construct, big[i], NULL, 0, 1,
				     &res), NQ_OK);
		assert_placement(big[i], NULL, 0, &res, "construct");
		free(res.placement);
	}
}

static void construct_refuses_hints(void **state)
{
	nq_square h = { 0, 0 };
	nq_result res;

	(void)state;
	assert_int_equal(run(&nq_solver_construct, 8, &h, 1, 1, &res), NQ_ERR);
	assert_non_null(strstr(res.note, "pre-placed"));
	free(res.placement);
	/* neither local solver counts */
	assert_int_equal(nq_solver_construct.max_n(NULL, NQ_MODE_COUNT),
			 NQ_NOT_APPLICABLE);
	assert_int_equal(nq_solver_minconflicts.max_n(NULL, NQ_MODE_COUNT),
			 NQ_NOT_APPLICABLE);
}

static void minconflicts_every_n(void **state)
{
	nq_result res;
	int n;

	(void)state;
	for (n = 1; n <= 120; n++) {
		assert_int_equal(run(&nq_solver_minconflicts, n, NULL, 0,
				     (uint64_t)n, &res), NQ_OK);
		if (n == 2 || n == 3)
			assert_int_equal(res.solutions, 0);
		else
			assert_placement(n, NULL, 0, &res, "minconflicts");
		free(res.placement);
	}
	assert_int_equal(run(&nq_solver_minconflicts, 20000, NULL, 0, 7, &res),
			 NQ_OK);
	assert_placement(20000, NULL, 0, &res, "minconflicts");
	free(res.placement);
}

static void minconflicts_keeps_hints(void **state)
{
	nq_square h[3] = { { 0, 1 }, { 5, 7 }, { 40, 20 } };
	nq_result res;
	uint64_t seed;

	(void)state;
	for (seed = 1; seed <= 5; seed++) {
		assert_int_equal(run(&nq_solver_minconflicts, 64, h, 3, seed,
				     &res), NQ_OK);
		assert_placement(64, h, 3, &res, "minconflicts with hints");
		free(res.placement);
	}
}

/* The same seed, the same placement; other seeds, other placements. */
static void minconflicts_seeds_reproduce(void **state)
{
	nq_result a, b, c;
	int n = 200;

	(void)state;
	assert_int_equal(run(&nq_solver_minconflicts, n, NULL, 0, 42, &a), NQ_OK);
	assert_int_equal(run(&nq_solver_minconflicts, n, NULL, 0, 42, &b), NQ_OK);
	assert_int_equal(run(&nq_solver_minconflicts, n, NULL, 0, 43, &c), NQ_OK);
	assert_memory_equal(a.placement, b.placement, (size_t)n * sizeof(int32_t));
	assert_true(memcmp(a.placement, c.placement,
			   (size_t)n * sizeof(int32_t)) != 0);
	free(a.placement);
	free(b.placement);
	free(c.placement);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(construct_every_n),
		cmocka_unit_test(construct_refuses_hints),
		cmocka_unit_test(minconflicts_every_n),
		cmocka_unit_test(minconflicts_keeps_hints),
		cmocka_unit_test(minconflicts_seeds_reproduce),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
