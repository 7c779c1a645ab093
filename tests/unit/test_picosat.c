/*
 * test_picosat.c - the PicoSAT backend and the built-in CNF encoders.
 *
 * Counts are checked against OEIS A000170, hardcoded in oracle.h;
 * placements and hint counts against the tests' own checker and
 * backtracker there, so no expectation comes from the code under test.
 *
 * Usage: test_picosat [NAME-PATTERN]   (runs only the matching tests)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <picosat/picosat.h>
#include "nq_plugin.h"
#include "solvers.h"
#include "external.h"
#include "cnf.h"
#include "oracle.h"

static const nq_cnf_encoder *const encoders[] = {
	&nq_cnf_pairwise, &nq_cnf_sequential, NULL
};

/* ------------------------------------------------------------------ */
/* Calling the solver as the host does; the oracles are in oracle.h. */

/* Call the solver the way the host does: result cleared, NA where it
 * applies, placement allocated with n entries (caller frees). */
static int run_count(const nq_cnf_encoder *enc, int n, enum nq_mode mode,
		     const nq_square *hints, int nhints, double limit,
		     int count, nq_result *res)
{
	static const char *const counts[] = { "auto", "cubes", "whole" };
	nq_instance inst = { .n = n, .mode = mode, .nhints = nhints, .hints = hints };
	nq_optval opt[4] = { { enc->name, 0, enc }, { "none", 0, NULL },
			     { "alo", NQ_CNF_COLUMNS_ALO, NULL },
			     { counts[count], count, NULL } };
	nq_job job = { &inst, opt, 1, limit, NULL };

	host_result(res, n);
	return nq_solver_picosat.solve(&job, res);
}

/* count: auto */
static int run(const nq_cnf_encoder *enc, int n, enum nq_mode mode,
	       const nq_square *hints, int nhints, double limit,
	       nq_result *res)
{
	return run_count(enc, n, mode, hints, nhints, limit, 0, res);
}

/* ------------------------------------------------------------------ */

static void test_struct(void **state)
{
	(void)state;
	assert_int_equal(nq_solver_picosat.abi_version, NQ_ABI_VERSION);
	assert_int_equal(nq_solver_picosat.struct_size, sizeof(nq_solver));
	assert_string_equal(nq_solver_picosat.name, "picosat");
	assert_string_equal(nq_solver_picosat.label_option, "encoding");
	assert_string_equal(nq_solver_picosat.options[0].key, "encoding");
	assert_int_equal(nq_solver_picosat.options[0].type, NQ_OPT_CNF);
	/* one default with dimacs (solvers.h) */
	assert_string_equal(nq_solver_picosat.options[0].def, "commander");
	assert_string_equal(nq_solver_dimacs.options[0].def, "commander");
	assert_string_equal(nq_solver_picosat.options[1].key, "symmetry");
	assert_string_equal(nq_solver_picosat.options[1].def, "none");
	assert_string_equal(nq_solver_picosat.options[2].key, "columns");
	assert_string_equal(nq_solver_picosat.options[2].def, "alo");
	assert_string_equal(nq_solver_picosat.options[2].choices
			    [NQ_CNF_COLUMNS_NONE], "none");
	assert_string_equal(nq_solver_picosat.options[3].key, "count");
	assert_string_equal(nq_solver_picosat.options[3].def, "auto");
	assert_string_equal(nq_solver_picosat.options[3].choices[1], "cubes");
	assert_string_equal(nq_solver_picosat.options[3].choices[2], "whole");
	assert_null(nq_solver_picosat.options[4].key);
	assert_string_equal(nq_cnf_pairwise.name, "pairwise");
	assert_string_equal(nq_cnf_sequential.name, "sequential");
	assert_int_equal(nq_cnf_pairwise.struct_size, sizeof(nq_cnf_encoder));
	assert_int_equal(nq_cnf_sequential.abi_version, NQ_ABI_VERSION);
	assert_null(nq_cnf_pairwise.encode);
	assert_null(nq_cnf_sequential.encode);
}

static void test_count_oeis(void **state)
{
	const nq_cnf_encoder *const *e;
	nq_result res;
	int n;

	(void)state;
	for (e = encoders; *e; e++)
		for (n = 1; n <= 10; n++) {
			assert_int_equal(run(*e, n, NQ_MODE_COUNT, NULL, 0, 0,
					     &res), NQ_OK);
			if (res.solutions != a000170[n - 1])
				fail_msg("%s n=%d: %llu solutions, want %llu",
					 (*e)->name, n,
					 (unsigned long long)res.solutions,
					 (unsigned long long)a000170[n - 1]);
			assert_true(res.decisions >= 0);
			assert_int_equal(res.conflicts, NQ_NA);
			assert_int_equal(res.nodes, NQ_NA);
			assert_true(res.build_s >= 0 && res.solve_s >= 0);
			free(res.placement);
		}
}

/* Both ways of counting, whatever n: cube by cube (the first two rows'
 * queens) and the whole board in one solver; with hints too, where the
 * cubes that contradict a hint must count nothing. */
static void test_count_cubes(void **state)
{
	static const nq_square hint[] = { { 1, 3 } };
	const nq_cnf_encoder *const *e;
	nq_result res;
	int n, how;

	(void)state;
	for (e = encoders; *e; e++)
		for (how = 1; how <= 2; how++)
			for (n = 1; n <= 9; n++) {
				assert_int_equal(run_count(*e, n, NQ_MODE_COUNT,
							   NULL, 0, 0, how,
							   &res), NQ_OK);
				if (res.solutions != a000170[n - 1])
					fail_msg("%s count=%s n=%d: %llu, want "
						 "%llu", (*e)->name,
						 how == 1 ? "cubes" : "whole", n,
						 (unsigned long long)res.solutions,
						 (unsigned long long)a000170[n - 1]);
				free(res.placement);
			}
	/* n = 8 with a queen on row 2, column 4 (1-based): the cubes of
	 * row 1 on other columns hold none of its placements */
	for (how = 1; how <= 2; how++) {
		assert_int_equal(run_count(&nq_cnf_pairwise, 8, NQ_MODE_COUNT,
					   hint, 1, 0, how, &res), NQ_OK);
		assert_int_equal(res.solutions, 8);
		free(res.placement);
	}
	/* n = 11 by cubes (auto's choice from n = 10) */
	assert_int_equal(run_count(&nq_cnf_pairwise, 11, NQ_MODE_COUNT, NULL,
				   0, 0, 1, &res), NQ_OK);
	assert_int_equal(res.solutions, 2680);
	assert_true(res.decisions > 0);
	free(res.placement);
}

static void test_first_valid(void **state)
{
	static const int sizes[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 31 };
	const nq_cnf_encoder *const *e;
	nq_result res;
	size_t i;

	(void)state;
	for (e = encoders; *e; e++)
		for (i = 0; i < sizeof sizes / sizeof *sizes; i++) {
			int n = sizes[i];

			assert_int_equal(run(*e, n, NQ_MODE_FIRST, NULL, 0, 0,
					     &res), NQ_OK);
			if (n == 2 || n == 3) {
				assert_int_equal(res.solutions, 0);
			} else {
				assert_int_equal(res.solutions, 1);
				if (!placement_ok(n, res.placement, NULL, 0))
					fail_msg("%s n=%d: invalid placement",
						 (*e)->name, n);
			}
			free(res.placement);
		}
}

static void test_hint_corner_n8(void **state)
{
	const nq_square corner = { 0, 0 };
	const nq_cnf_encoder *const *e;
	nq_result res;

	(void)state;
	for (e = encoders; *e; e++) {
		assert_int_equal(run(*e, 8, NQ_MODE_COUNT, &corner, 1, 0, &res),
				 NQ_OK);
		assert_int_equal(res.solutions, 4);
		free(res.placement);
		assert_int_equal(run(*e, 8, NQ_MODE_FIRST, &corner, 1, 0, &res),
				 NQ_OK);
		assert_int_equal(res.solutions, 1);
		assert_true(placement_ok(8, res.placement, &corner, 1));
		free(res.placement);
	}
}

static void test_hint_completable(void **state)
{
	/* Two queens of the 8-queens solution 0 4 7 5 2 6 1 3, away from
	 * the first row; and one queen for n = 10. */
	static const nq_square h8[] = { { 2, 7 }, { 5, 6 } };
	static const nq_square h10[] = { { 9, 4 } };
	const nq_cnf_encoder *const *e;
	int32_t scratch[10];
	nq_result res;
	uint64_t want8 = brute_count(8, 0, scratch, h8, 2);
	uint64_t want10 = brute_count(10, 0, scratch, h10, 1);

	(void)state;
	assert_true(want8 >= 1 && want10 >= 1);
	for (e = encoders; *e; e++) {
		assert_int_equal(run(*e, 8, NQ_MODE_FIRST, h8, 2, 0, &res),
				 NQ_OK);
		assert_int_equal(res.solutions, 1);
		assert_true(placement_ok(8, res.placement, h8, 2));
		free(res.placement);
		assert_int_equal(run(*e, 8, NQ_MODE_COUNT, h8, 2, 0, &res),
				 NQ_OK);
		assert_int_equal(res.solutions, want8);
		free(res.placement);
		assert_int_equal(run(*e, 10, NQ_MODE_FIRST, h10, 1, 0, &res),
				 NQ_OK);
		assert_int_equal(res.solutions, 1);
		assert_true(placement_ok(10, res.placement, h10, 1));
		free(res.placement);
		assert_int_equal(run(*e, 10, NQ_MODE_COUNT, h10, 1, 0, &res),
				 NQ_OK);
		assert_int_equal(res.solutions, want10);
		free(res.placement);
	}
}

static void test_hint_uncompletable(void **state)
{
	/* The two 4-queens solutions are 1 3 0 2 and 2 0 3 1: no corner
	 * queen; and a queen at (0,1) leaves exactly one. */
	const nq_square corner = { 0, 0 }, edge = { 0, 1 };
	const nq_cnf_encoder *const *e;
	nq_result res;

	(void)state;
	for (e = encoders; *e; e++) {
		assert_int_equal(run(*e, 4, NQ_MODE_FIRST, &corner, 1, 0, &res),
				 NQ_OK);
		assert_int_equal(res.solutions, 0);
		free(res.placement);
		assert_int_equal(run(*e, 4, NQ_MODE_COUNT, &corner, 1, 0, &res),
				 NQ_OK);
		assert_int_equal(res.solutions, 0);
		free(res.placement);
		assert_int_equal(run(*e, 4, NQ_MODE_COUNT, &edge, 1, 0, &res),
				 NQ_OK);
		assert_int_equal(res.solutions, 1);
		free(res.placement);
		assert_int_equal(run(*e, 4, NQ_MODE_FIRST, &edge, 1, 0, &res),
				 NQ_OK);
		assert_int_equal(res.solutions, 1);
		assert_int_equal(res.placement[0], 1);
		assert_int_equal(res.placement[1], 3);
		assert_int_equal(res.placement[2], 0);
		assert_int_equal(res.placement[3], 2);
		free(res.placement);
	}
}

static void test_cnf_sizes(void **state)
{
	const nq_square corner = { 0, 0 };
	nq_result res;

	(void)state;
	/* n = 4, the standard model (columns: alo). Lines of length >= 2:
	 * 4 rows and 4 columns of 4 squares; per diagonal direction lengths
	 * 2, 3, 4, 3, 2.
	 *
	 * pairwise: 16 square variables. Clauses: 4 row and 4 column
	 * at-least-one (4 literals each) + rows 4 * C(4,2) = 24 + columns 24
	 * + per direction C(2,2)+C(3,2)+C(4,2)+C(3,2)+C(2,2) = 1+3+6+3+1 =
	 * 14, twice = 28; total 8 + 24 + 24 + 28 = 84 clauses. Literals:
	 * 8 * 4 = 32 plus 76 binary clauses * 2 = 152; total 184. */
	assert_int_equal(run(&nq_cnf_pairwise, 4, NQ_MODE_FIRST, NULL, 0, 0,
			     &res), NQ_OK);
	assert_int_equal(res.vars, 16);
	assert_int_equal(res.constraints, 84);
	assert_int_equal(res.nonzeros, 184);
	free(res.placement);

	/* sequential: k-1 auxiliaries and 3k-4 binary clauses per line.
	 * Auxiliaries: rows 4 * 3 + columns 4 * 3 + per direction
	 * 1+2+3+2+1 = 9, twice = 18; 42, so 16 + 42 = 58 variables.
	 * Clauses: rows 4 * 8 + columns 4 * 8 + per direction
	 * 2+5+8+5+2 = 22, twice = 44; plus 8 at-least-one: 32+32+44+8 = 116.
	 * Literals: 108 * 2 + 32 = 248. */
	assert_int_equal(run(&nq_cnf_sequential, 4, NQ_MODE_FIRST, NULL, 0, 0,
			     &res), NQ_OK);
	assert_int_equal(res.vars, 58);
	assert_int_equal(res.constraints, 116);
	assert_int_equal(res.nonzeros, 248);
	free(res.placement);

	/* A hint is one more unit clause; count mode's blocking clauses are
	 * not part of the encoding's size. */
	assert_int_equal(run(&nq_cnf_pairwise, 4, NQ_MODE_COUNT, &corner, 1,
			     0, &res), NQ_OK);
	assert_int_equal(res.vars, 16);
	assert_int_equal(res.constraints, 85);
	assert_int_equal(res.nonzeros, 185);
	free(res.placement);
	assert_int_equal(run(&nq_cnf_sequential, 4, NQ_MODE_COUNT, NULL, 0, 0,
			     &res), NQ_OK);
	assert_int_equal(res.constraints, 116);
	free(res.placement);

	/* n = 1: one square; its row's and its column's at-least-one are
	 * one unit clause each; no line of length 2. */
	assert_int_equal(run(&nq_cnf_sequential, 1, NQ_MODE_FIRST, NULL, 0, 0,
			     &res), NQ_OK);
	assert_int_equal(res.vars, 1);
	assert_int_equal(res.constraints, 2);
	assert_int_equal(res.nonzeros, 2);
	assert_int_equal(res.solutions, 1);
	assert_int_equal(res.placement[0], 0);
	free(res.placement);
}

/* A sink straight into a PicoSAT of the test's own. */
struct tsink {
	PicoSAT *ps;
	int vars;
};

static int tsink_new_var(void *ctx)
{
	struct tsink *t = ctx;

	return t->vars = picosat_inc_max_var(t->ps);
}

static void tsink_add(void *ctx, int lit)
{
	picosat_add(((struct tsink *)ctx)->ps, lit);
}

/* Each encoder's amo, alone: for k = 2..7 and every assignment of the k
 * literals, the clauses are satisfiable iff at most one is true. */
static void test_amo_semantics(void **state)
{
	const nq_cnf_encoder *const *e;
	int k, mask, i;

	(void)state;
	for (e = encoders; *e; e++)
		for (k = 2; k <= 7; k++) {
			struct tsink t = { picosat_init(), 0 };
			nq_cnf_sink sink = { &t, tsink_new_var, tsink_add };
			int lits[7];

			for (i = 0; i < k; i++)
				lits[i] = tsink_new_var(&t);
			assert_int_equal((*e)->amo(&sink, lits, k), NQ_OK);
			for (mask = 0; mask < 1 << k; mask++) {
				int ones = __builtin_popcount((unsigned)mask);
				int want = ones <= 1 ? PICOSAT_SATISFIABLE
						     : PICOSAT_UNSATISFIABLE;

				for (i = 0; i < k; i++)
					picosat_assume(t.ps, mask >> i & 1 ?
						       lits[i] : -lits[i]);
				if (picosat_sat(t.ps, -1) != want)
					fail_msg("%s k=%d mask=%x", (*e)->name,
						 k, mask);
			}
			picosat_reset(t.ps);
		}
}

static void test_timeout(void **state)
{
	nq_result res;
	double t0 = nq_now(), took;
	int rc;

	(void)state;
	/* 365596 solutions for n = 14: far more than 0.3 s of blocking. */
	rc = run(&nq_cnf_sequential, 14, NQ_MODE_COUNT, NULL, 0, 0.3, &res);
	took = nq_now() - t0;
	assert_int_equal(rc, NQ_ETIMEOUT);
	assert_non_null(strstr(res.note, "time limit"));
	/* stopped at the limit, not at the end of the count (seconds more):
	 * a loaded machine may hand the clock on past 0.3 s before the
	 * solver looks at it again */
	assert_true(took < 1.5);
	free(res.placement);
}

/* Third-party encoders, good and bad. */
static int whole_encode(const nq_instance *inst, const nq_cnf_sink *sink,
			int *square_var)
{
	return nq_cnf_build(inst, &nq_cnf_pairwise, NQ_CNF_COLUMNS_NONE, sink,
			    square_var);
}

static int bad_lit_amo(const nq_cnf_sink *sink, const int *lits, int k)
{
	(void)lits;
	(void)k;
	sink->add(sink->ctx, 1000000);
	sink->add(sink->ctx, 0);
	return NQ_OK;
}

static int open_clause_amo(const nq_cnf_sink *sink, const int *lits, int k)
{
	(void)k;
	sink->add(sink->ctx, -lits[0]);
	return NQ_OK;
}

static int failing_amo(const nq_cnf_sink *sink, const int *lits, int k)
{
	(void)sink;
	(void)lits;
	(void)k;
	return NQ_ERR;
}

static int no_squares_encode(const nq_instance *inst, const nq_cnf_sink *sink,
			     int *square_var)
{
	(void)inst;
	(void)square_var;
	sink->add(sink->ctx, sink->new_var(sink->ctx));
	sink->add(sink->ctx, 0);
	return NQ_OK;
}

static void test_plugin_encoders(void **state)
{
	static const nq_cnf_encoder whole = { NQ_ABI_VERSION,
		sizeof(nq_cnf_encoder), "whole", "encode hook", NULL,
		whole_encode };
	static const nq_cnf_encoder bad[] = {
		{ NQ_ABI_VERSION, sizeof(nq_cnf_encoder), "badlit", "",
		  bad_lit_amo, NULL },
		{ NQ_ABI_VERSION, sizeof(nq_cnf_encoder), "open", "",
		  open_clause_amo, NULL },
		{ NQ_ABI_VERSION, sizeof(nq_cnf_encoder), "failing", "",
		  failing_amo, NULL },
		{ NQ_ABI_VERSION, sizeof(nq_cnf_encoder), "nosquares", "",
		  NULL, no_squares_encode },
	};
	nq_result res;
	size_t i;

	(void)state;
	assert_int_equal(run(&whole, 6, NQ_MODE_COUNT, NULL, 0, 0, &res),
			 NQ_OK);
	assert_int_equal(res.solutions, 4);
	free(res.placement);
	assert_int_equal(run(&whole, 6, NQ_MODE_FIRST, NULL, 0, 0, &res),
			 NQ_OK);
	assert_true(placement_ok(6, res.placement, NULL, 0));
	free(res.placement);

	for (i = 0; i < sizeof bad / sizeof *bad; i++) {
		assert_int_equal(run(&bad[i], 5, NQ_MODE_FIRST, NULL, 0, 0,
				     &res), NQ_ERR);
		if (!strstr(res.note, bad[i].name))
			fail_msg("note '%s' does not name '%s'", res.note,
				 bad[i].name);
		free(res.placement);
	}
}

/* PicoSAT must not write to stdout or stderr. */
static void test_silent(void **state)
{
	FILE *out = tmpfile(), *err = tmpfile();
	int saved_out, saved_err;
	nq_result res;

	(void)state;
	assert_non_null(out);
	assert_non_null(err);
	fflush(stdout);
	fflush(stderr);
	saved_out = dup(1);
	saved_err = dup(2);
	dup2(fileno(out), 1);
	dup2(fileno(err), 2);
	run(&nq_cnf_sequential, 8, NQ_MODE_FIRST, NULL, 0, 0, &res);
	free(res.placement);
	run(&nq_cnf_pairwise, 6, NQ_MODE_COUNT, NULL, 0, 0, &res);
	free(res.placement);
	run(&nq_cnf_pairwise, 13, NQ_MODE_COUNT, NULL, 0, 0.1, &res);
	free(res.placement);
	fflush(stdout);
	fflush(stderr);
	dup2(saved_out, 1);
	dup2(saved_err, 2);
	close(saved_out);
	close(saved_err);
	fseek(out, 0, SEEK_END);
	fseek(err, 0, SEEK_END);
	assert_int_equal(ftell(out), 0);
	assert_int_equal(ftell(err), 0);
	fclose(out);
	fclose(err);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_struct),
		cmocka_unit_test(test_count_oeis),
		cmocka_unit_test(test_count_cubes),
		cmocka_unit_test(test_first_valid),
		cmocka_unit_test(test_hint_corner_n8),
		cmocka_unit_test(test_hint_completable),
		cmocka_unit_test(test_hint_uncompletable),
		cmocka_unit_test(test_cnf_sizes),
		cmocka_unit_test(test_amo_semantics),
		cmocka_unit_test(test_timeout),
		cmocka_unit_test(test_plugin_encoders),
		cmocka_unit_test(test_silent),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("picosat", tests, NULL, NULL);
}
