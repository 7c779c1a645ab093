/*
 * test_encodings.c - every built-in CNF encoding, through the picosat
 * solver as the host calls it, and the `symmetry: mirror` option.
 *
 * Counts are checked against OEIS A000170, hardcoded in oracle.h; placements
 * against the tests' own checker in oracle.h and hint counts against its own
 * backtracker; each encoding's at-most-one alone against its truth table
 * (a PicoSAT of the test's own) and its size against the closed form in
 * the encoder's header comment. No expectation comes from the code under
 * test.
 *
 * Usage: test_encodings [NAME-PATTERN]   (runs only the matching tests)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <picosat/picosat.h>
#include "nq_plugin.h"
#include "solvers.h"
#include "cnf.h"
#include "oracle.h"

static const nq_cnf_encoder *const encoders[] = {
	&nq_cnf_pairwise, &nq_cnf_sequential, &nq_cnf_commander,
	&nq_cnf_product, &nq_cnf_binary, &nq_cnf_bimander, &nq_cnf_ladder,
	NULL
};

enum { SYM_NONE = 0, SYM_MIRROR = 1 };

/* ------------------------------------------------------------------ */
/* Calling the solver as the host does; the oracles are in oracle.h. */

/* The solver as the host calls it (caller frees res->placement). */
static int run(const nq_cnf_encoder *enc, int sym, int n, enum nq_mode mode,
	       const nq_square *hints, int nhints, nq_result *res)
{
	static const char *const sym_name[] = { "none", "mirror" };
	nq_instance inst = { n, mode, nhints, hints };
	nq_optval opt[3] = { { enc->name, 0, enc },
			     { sym_name[sym], sym, NULL },
			     { "alo", NQ_CNF_COLUMNS_ALO, NULL } };
	nq_job job = { &inst, opt, 1, 0 };

	host_result(res, n);
	return nq_solver_picosat.solve(&job, res);
}

/* ------------------------------------------------------------------ */

static void test_structs(void **state)
{
	(void)state;
	for (const nq_cnf_encoder *const *e = encoders; *e; e++) {
		assert_int_equal((*e)->abi_version, NQ_ABI_VERSION);
		assert_int_equal((*e)->struct_size, sizeof(nq_cnf_encoder));
		assert_non_null((*e)->amo);
		assert_null((*e)->encode);
		assert_true(strlen((*e)->summary) > 10);
	}
	assert_string_equal(nq_solver_picosat.options[1].key, "symmetry");
	assert_string_equal(nq_solver_picosat.options[1].def, "none");
	assert_string_equal(nq_solver_picosat.options[1].choices[SYM_MIRROR],
			    "mirror");
}

static void test_count_oeis(void **state)
{
	nq_result res;

	(void)state;
	for (const nq_cnf_encoder *const *e = encoders; *e; e++)
		for (int n = 1; n <= 10; n++) {
			assert_int_equal(run(*e, SYM_NONE, n, NQ_MODE_COUNT,
					     NULL, 0, &res), NQ_OK);
			if (res.solutions != a000170[n - 1])
				fail_msg("%s n=%d: %llu solutions, want %llu",
					 (*e)->name, n,
					 (unsigned long long)res.solutions,
					 (unsigned long long)a000170[n - 1]);
			free(res.placement);
		}
}

static void test_first_valid(void **state)
{
	static const int sizes[] = { 1, 2, 3, 4, 5, 8, 13, 24 };
	static const nq_square h10[] = { { 9, 4 } };
	int32_t scratch[10];
	nq_result res;

	(void)state;
	assert_true(brute_count(10, 0, scratch, h10, 1) > 0);
	for (const nq_cnf_encoder *const *e = encoders; *e; e++) {
		for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
			int n = sizes[i];

			assert_int_equal(run(*e, SYM_NONE, n, NQ_MODE_FIRST,
					     NULL, 0, &res), NQ_OK);
			if (n == 2 || n == 3)
				assert_int_equal(res.solutions, 0);
			else if (res.solutions != 1 ||
				 !placement_ok(n, res.placement, NULL, 0))
				fail_msg("%s n=%d: no valid placement",
					 (*e)->name, n);
			free(res.placement);
		}
		assert_int_equal(run(*e, SYM_NONE, 10, NQ_MODE_FIRST, h10, 1,
				     &res), NQ_OK);
		assert_int_equal(res.solutions, 1);
		assert_true(placement_ok(10, res.placement, h10, 1));
		free(res.placement);
	}
}

/* A sink into a PicoSAT of the test's own, counting what it is given. */
struct tsink {
	PicoSAT *ps;
	int vars;
	long clauses, lits;
};

static int tsink_new_var(void *ctx)
{
	struct tsink *t = ctx;

	return t->vars = picosat_inc_max_var(t->ps);
}

static void tsink_add(void *ctx, int lit)
{
	struct tsink *t = ctx;

	if (lit)
		t->lits++;
	else
		t->clauses++;
	picosat_add(t->ps, lit);
}

/* Each at-most-one alone, k = 2..8: under every assignment of the k
 * literals (as assumptions), satisfiable exactly when at most one is
 * true. */
static void test_amo_truth_tables(void **state)
{
	(void)state;
	for (const nq_cnf_encoder *const *e = encoders; *e; e++)
		for (int k = 2; k <= 8; k++) {
			struct tsink t = { picosat_init(), 0, 0, 0 };
			nq_cnf_sink sink = { &t, tsink_new_var, tsink_add };
			int lits[8];

			for (int i = 0; i < k; i++)
				lits[i] = tsink_new_var(&t);
			assert_int_equal((*e)->amo(&sink, lits, k), NQ_OK);
			for (int mask = 0; mask < 1 << k; mask++) {
				int ones = __builtin_popcount((unsigned)mask);
				int want = ones <= 1 ? PICOSAT_SATISFIABLE
						     : PICOSAT_UNSATISFIABLE;

				for (int i = 0; i < k; i++)
					picosat_assume(t.ps, mask >> i & 1 ?
						       lits[i] : -lits[i]);
				if (picosat_sat(t.ps, -1) != want)
					fail_msg("%s k=%d mask=%x", (*e)->name,
						 k, mask);
			}
			picosat_reset(t.ps);
		}
}

/* Auxiliaries and clauses of one at-most-one of k literals. */
static void amo_size(const nq_cnf_encoder *e, int k, int *aux, long *clauses)
{
	struct tsink t = { picosat_init(), 0, 0, 0 };
	nq_cnf_sink sink = { &t, tsink_new_var, tsink_add };
	int lits[64];

	assert_true(k <= 64);
	for (int i = 0; i < k; i++)
		lits[i] = tsink_new_var(&t);
	assert_int_equal(e->amo(&sink, lits, k), NQ_OK);
	*aux = t.vars - k;
	*clauses = t.clauses;
	picosat_reset(t.ps);
}

static int ceil_log2(int k)
{
	int b = 0;

	while ((1 << b) < k)
		b++;
	return b;
}

/* Sizes against the closed forms (worked by hand for k = 5, 9, 64). */
static void test_amo_sizes(void **state)
{
	static const int ks[] = { 2, 3, 5, 9, 17, 64 };
	int aux;
	long cl;

	(void)state;
	for (size_t i = 0; i < sizeof ks / sizeof *ks; i++) {
		int k = ks[i], b = ceil_log2(k), m = (k + 1) / 2;

		amo_size(&nq_cnf_binary, k, &aux, &cl);
		assert_int_equal(aux, b);
		assert_int_equal(cl, (long)k * b);
		amo_size(&nq_cnf_ladder, k, &aux, &cl);
		assert_int_equal(aux, k);
		assert_int_equal(cl, 4L * k - 2);
		/* bimander: groups of two, one clause each (k / 2 full
		 * pairs), then ceil(log2 m) bit clauses per literal. */
		amo_size(&nq_cnf_bimander, k, &aux, &cl);
		assert_int_equal(aux, ceil_log2(m));
		assert_int_equal(cl, k / 2 + (long)k * ceil_log2(m));
	}
	/* commander, k = 9: three groups of 3 (3 pairwise + 3 implications
	 * + 1 long clause each = 21), three commanders, pairwise on them (3
	 * clauses): 3 auxiliaries, 24 clauses. k = 4: pairwise, 6. */
	amo_size(&nq_cnf_commander, 9, &aux, &cl);
	assert_int_equal(aux, 3);
	assert_int_equal(cl, 24);
	amo_size(&nq_cnf_commander, 4, &aux, &cl);
	assert_int_equal(aux, 0);
	assert_int_equal(cl, 6);
	/* product, k = 9: a 3 x 3 grid, 6 auxiliaries, 18 implications,
	 * pairwise on each triple (3 + 3): 24 clauses. k = 5: q = 2 (5/3
	 * rounded up), p = 3: 5 auxiliaries, 10 implications, 3 + 1. */
	amo_size(&nq_cnf_product, 9, &aux, &cl);
	assert_int_equal(aux, 6);
	assert_int_equal(cl, 24);
	amo_size(&nq_cnf_product, 5, &aux, &cl);
	assert_int_equal(aux, 5);
	assert_int_equal(cl, 14);
	/* Every encoding but pairwise stays below pairwise's k(k-1)/2 =
	 * 2016 clauses at k = 64 (the point of them). */
	for (const nq_cnf_encoder *const *e = encoders; *e; e++) {
		amo_size(*e, 64, &aux, &cl);
		if (*e != &nq_cnf_pairwise && cl >= 2016)
			fail_msg("%s: %ld clauses for k = 64", (*e)->name, cl);
	}
}

/* ------------------------------------------------------------------ */
/* symmetry: mirror */

/* Count mode reports the exact total (the validator's A000170), having
 * enumerated half of it for n >= 2 (the note says how many). */
static void test_mirror_count(void **state)
{
	static const nq_cnf_encoder *const some[] = {
		&nq_cnf_sequential, &nq_cnf_ladder, &nq_cnf_product
	};
	nq_result res;
	char want[80];

	(void)state;
	for (size_t e = 0; e < sizeof some / sizeof *some; e++)
		for (int n = 1; n <= 10; n++) {
			assert_int_equal(run(some[e], SYM_MIRROR, n,
					     NQ_MODE_COUNT, NULL, 0, &res),
					 NQ_OK);
			assert_int_equal(res.solutions, a000170[n - 1]);
			if (n >= 2) {
				snprintf(want, sizeof want, "%llu enumerated",
					 (unsigned long long)a000170[n - 1] / 2);
				if (!strstr(res.note, want))
					fail_msg("n=%d: note '%s'", n, res.note);
			}
			free(res.placement);
		}
}

/* First mode: a valid placement, on the left of the mirror (row 0's
 * queen in the left half; for odd n on the middle column, row 1's queen
 * in the left half); "none" for n = 2, 3 as without the option. */
static void test_mirror_first(void **state)
{
	nq_result res;

	(void)state;
	for (const nq_cnf_encoder *const *e = encoders; *e; e++)
		for (int n = 1; n <= 13; n++) {
			int mid = (n - 1) / 2;

			assert_int_equal(run(*e, SYM_MIRROR, n, NQ_MODE_FIRST,
					     NULL, 0, &res), NQ_OK);
			if (n == 2 || n == 3) {
				assert_int_equal(res.solutions, 0);
				free(res.placement);
				continue;
			}
			assert_int_equal(res.solutions, 1);
			assert_true(placement_ok(n, res.placement, NULL, 0));
			assert_true(2 * res.placement[0] <= n - 1);
			if (n % 2 && res.placement[0] == mid && n > 1)
				assert_true(res.placement[1] < mid);
			free(res.placement);
		}
}

/* The clauses the option adds: n/2 units (even n), (n-1)/2 units and
 * (n-1)/2 binary clauses (odd n); no variables. */
static void test_mirror_sizes(void **state)
{
	nq_result a, b;

	(void)state;
	for (int n = 1; n <= 9; n++) {
		long extra = n % 2 ? n - 1 : n / 2;
		long lits = n % 2 ? (n - 1) / 2 * 3 : n / 2;

		assert_int_equal(run(&nq_cnf_pairwise, SYM_NONE, n,
				     NQ_MODE_FIRST, NULL, 0, &a), NQ_OK);
		assert_int_equal(run(&nq_cnf_pairwise, SYM_MIRROR, n,
				     NQ_MODE_FIRST, NULL, 0, &b), NQ_OK);
		assert_int_equal(b.vars, a.vars);
		assert_int_equal(b.constraints - a.constraints, extra);
		assert_int_equal(b.nonzeros - a.nonzeros, lits);
		free(a.placement);
		free(b.placement);
	}
}

/* With hints the option adds nothing (hints break the symmetry), counts
 * stay exact and the note says so. A hint on the right half: row 0,
 * column 6 of 8 (mirror of the corner-free column 1). */
static void test_mirror_with_hints(void **state)
{
	static const nq_square right = { 0, 6 };
	int32_t scratch[8];
	uint64_t want = brute_count(8, 0, scratch, &right, 1);
	nq_result res;

	(void)state;
	assert_true(want > 0);
	assert_int_equal(run(&nq_cnf_ladder, SYM_MIRROR, 8, NQ_MODE_COUNT,
			     &right, 1, &res), NQ_OK);
	assert_int_equal(res.solutions, want);
	assert_non_null(strstr(res.note, "ignored"));
	free(res.placement);
	assert_int_equal(run(&nq_cnf_ladder, SYM_MIRROR, 8, NQ_MODE_FIRST,
			     &right, 1, &res), NQ_OK);
	assert_int_equal(res.solutions, 1);
	assert_true(placement_ok(8, res.placement, &right, 1));
	free(res.placement);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_structs),
		cmocka_unit_test(test_count_oeis),
		cmocka_unit_test(test_first_valid),
		cmocka_unit_test(test_amo_truth_tables),
		cmocka_unit_test(test_amo_sizes),
		cmocka_unit_test(test_mirror_count),
		cmocka_unit_test(test_mirror_first),
		cmocka_unit_test(test_mirror_sizes),
		cmocka_unit_test(test_mirror_with_hints),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("encodings", tests, NULL, NULL);
}
