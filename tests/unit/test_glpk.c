/*
 * test_glpk.c - the GLPK backend and the `assignment` ILP model.
 *
 * Counts are checked against OEIS A000170, hardcoded in oracle.h; placements
 * against the tests' own checker in oracle.h, and hint counts against its own
 * backtracker, so no expectation comes from the code under test. Model
 * sizes are checked against closed forms (n^2 columns, 6n - 6 rows for
 * n >= 2, 4n^2 - 4 nonzeros).
 *
 * Count mode enumerates in one branch-and-cut tree (count: tree, each
 * placement cut off by a lazy no-good row); n = 1..8 are counted here.
 * count: resolve (a MIP per placement) counts n = 1..6: its cost grows
 * with the count.
 *
 * Usage: test_glpk [NAME-PATTERN]   (runs only the matching tests)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <glpk.h>
#include "nq_plugin.h"
#include "solvers.h"
#include "ilp.h"
#include "oracle.h"

/* The largest n counted here (see the header comment). */
#define COUNT_MAX_N 8

/* ------------------------------------------------------------------ */
/* Calling the solver as the host does; the oracles are in oracle.h. */

/* count mode's way, for run_with: 0 tree (the default), 1 resolve */
static int count_way;

/* Call the solver the way the host does: result cleared, NA where it
 * applies, placement allocated with n entries (caller frees). Returns the
 * solver's code. */
static int run_with(const nq_ilp_model *model, int n, enum nq_mode mode,
		    const nq_square *hints, int nhints, double limit,
		    nq_result *res)
{
	nq_instance inst = { .n = n, .mode = mode, .nhints = nhints, .hints = hints };
	/* model, then GLPK's defaults: presolve on, no cuts, no pump,
	 * Driebeck-Tomlin branching, best local bound backtracking */
	nq_optval opt[7] = { { model->name, 0, model }, { "on", 1, NULL },
			     { "none", 0, NULL }, { "off", 0, NULL },
			     { "dth", 3, NULL }, { "blb", 2, NULL },
			     { count_way ? "resolve" : "tree", count_way, NULL } };
	nq_job job = { &inst, opt, 1, limit, NULL };

	host_result(res, n);
	for (int r = 0; r < n; r++)
		res->placement[r] = -1;
	return nq_solver_glpk.solve(&job, res);
}

static int run(int n, enum nq_mode mode, const nq_square *hints, int nhints,
	       double limit, nq_result *res)
{
	return run_with(&nq_ilp_assignment, n, mode, hints, nhints, limit,
			res);
}

/* ------------------------------------------------------------------ */
/* The solver struct as the host reads it. */

static void test_struct(void **state)
{
	(void)state;
	assert_int_equal(nq_solver_glpk.abi_version, NQ_ABI_VERSION);
	assert_int_equal(nq_solver_glpk.struct_size, sizeof(nq_solver));
	assert_string_equal(nq_solver_glpk.name, "glpk");
	assert_non_null(nq_solver_glpk.summary);
	assert_string_equal(nq_solver_glpk.label_option, "model");
	assert_string_equal(nq_solver_glpk.options[0].key, "model");
	assert_int_equal(nq_solver_glpk.options[0].type, NQ_OPT_ILP);
	assert_string_equal(nq_solver_glpk.options[0].def, "assignment");
	assert_string_equal(nq_solver_glpk.options[1].key, "presolve");
	assert_string_equal(nq_solver_glpk.options[4].def, "dth");
	assert_string_equal(nq_solver_glpk.options[5].def, "blb");
	assert_string_equal(nq_solver_glpk.options[6].key, "count");
	assert_string_equal(nq_solver_glpk.options[6].def, "tree");
	assert_string_equal(nq_solver_glpk.options[6].choices[1], "resolve");
	assert_null(nq_solver_glpk.options[7].key);
	assert_non_null(nq_solver_glpk.max_n);
	assert_true(nq_solver_glpk.max_n(NULL, NQ_MODE_FIRST) >= 64);

	assert_int_equal(nq_ilp_assignment.abi_version, NQ_ABI_VERSION);
	assert_int_equal(nq_ilp_assignment.struct_size, sizeof(nq_ilp_model));
	assert_string_equal(nq_ilp_assignment.name, "assignment");
	assert_non_null(nq_ilp_assignment.summary);
}

/* ------------------------------------------------------------------ */
/* The model alone, through a recording sink (no GLPK). */

struct rec {
	int ncols, nrows, nz, max_dir;
	double lb[100], ub[100];
	int integer[100];
	int eq_rows, le_rows;
	int cover[100]; /* how many rows each column is in */
};

static int rec_col(void *ctx, const char *name, double lb, double ub,
		   double obj, int is_integer)
{
	struct rec *r = ctx;

	assert_non_null(name);
	assert_true(obj == 0.0);
	assert_true(r->ncols < 100);
	r->lb[r->ncols] = lb;
	r->ub[r->ncols] = ub;
	r->integer[r->ncols] = is_integer;
	return ++r->ncols;
}

static int rec_row(void *ctx, const char *name, char sense, double rhs,
		   int nz, const int *cols, const double *vals)
{
	struct rec *r = ctx;

	assert_non_null(name);
	assert_true(rhs == 1.0);
	assert_true(nz >= 2 || r->ncols == 1);
	for (int k = 0; k < nz; k++) {
		assert_true(cols[k] >= 1 && cols[k] <= r->ncols);
		assert_true(vals[k] == 1.0);
		r->cover[cols[k] - 1]++;
	}
	r->nz += nz;
	if (sense == 'E')
		r->eq_rows++;
	else if (sense == 'L')
		r->le_rows++;
	else
		fail_msg("unexpected sense %c", sense);
	return ++r->nrows;
}

static void rec_max(void *ctx, int yes)
{
	struct rec *r = ctx;

	if (yes)
		r->max_dir = 1;
}

static void test_model_shape(void **state)
{
	(void)state;
	for (int n = 1; n <= 9; n++) {
		struct rec r;
		nq_ilp_sink sink = { &r, rec_col, rec_row, rec_max };
		nq_square hint = { n / 2, n - 1 };
		nq_instance inst = { .n = n, .mode = NQ_MODE_FIRST, .nhints = 1, .hints = &hint };
		int square_col[81], seen[81] = { 0 };

		memset(&r, 0, sizeof r);
		assert_int_equal(nq_ilp_assignment.build(&inst, &sink,
							 square_col), NQ_OK);
		assert_int_equal(r.ncols, n * n);
		assert_int_equal(r.eq_rows, 2 * n);
		assert_int_equal(r.le_rows, n >= 2 ? 2 * (2 * n - 3) : 0);
		assert_int_equal(r.nz, n >= 2 ? 4 * n * n - 4 : 2);
		assert_int_equal(r.max_dir, 0);
		for (int row = 0; row < n; row++) {
			for (int c = 0; c < n; c++) {
				int j = square_col[row * n + c];
				int corner = (row == 0 || row == n - 1) &&
					     (c == 0 || c == n - 1);
				int hinted = row == hint.row && c == hint.col;

				assert_true(j >= 1 && j <= n * n);
				assert_int_equal(seen[j - 1]++, 0);
				assert_true(r.integer[j - 1]);
				assert_true(r.ub[j - 1] == 1.0);
				assert_true(r.lb[j - 1] == (hinted ? 1.0 : 0.0));
				/* row, column, and each diagonal of length
				 * >= 2 through the square */
				assert_int_equal(r.cover[j - 1],
						 n == 1 ? 2 : corner ? 3 : 4);
			}
		}
	}
}

/* ------------------------------------------------------------------ */
/* First mode. */

static void test_first_1_to_10(void **state)
{
	(void)state;
	for (int n = 1; n <= 10; n++) {
		nq_result res;

		assert_int_equal(run(n, NQ_MODE_FIRST, NULL, 0, 0, &res),
				 NQ_OK);
		if (n == 2 || n == 3) {
			assert_int_equal(res.solutions, 0);
		} else {
			assert_int_equal(res.solutions, 1);
			if (!placement_ok(n, res.placement, NULL, 0))
				fail_msg("n = %d: bad placement", n);
		}
		assert_int_equal(res.vars, n * n);
		assert_int_equal(res.constraints, n >= 2 ? 6 * n - 6 : 2);
		assert_int_equal(res.nonzeros, n >= 2 ? 4 * n * n - 4 : 2);
		assert_true(res.nodes >= 0);
		assert_true(res.iterations >= 0);
		assert_true(res.build_s >= 0 && res.solve_s >= 0);
		assert_true(res.unique == NQ_UNIQUE_NA);
		free(res.placement);
	}
}

static void test_first_32(void **state)
{
	nq_result res;

	(void)state;
	assert_int_equal(run(32, NQ_MODE_FIRST, NULL, 0, 0, &res), NQ_OK);
	assert_int_equal(res.solutions, 1);
	assert_true(placement_ok(32, res.placement, NULL, 0));
	free(res.placement);
}

/* ------------------------------------------------------------------ */
/* Count mode. */

static void test_count_a000170(void **state)
{
	(void)state;
	for (int n = 1; n <= COUNT_MAX_N; n++) {
		nq_result res;

		assert_int_equal(run(n, NQ_MODE_COUNT, NULL, 0, 0, &res),
				 NQ_OK);
		if (res.solutions != a000170[n - 1])
			fail_msg("n = %d: counted %llu, A000170 says %llu", n,
				 (unsigned long long)res.solutions,
				 (unsigned long long)a000170[n - 1]);
		/* the model's size, not the cuts' */
		assert_int_equal(res.constraints, n >= 2 ? 6 * n - 6 : 2);
		free(res.placement);
	}
}

/* count: resolve, a MIP per placement, counts the same (to n = 6: it is
 * the slow way) */
static void test_count_resolve(void **state)
{
	(void)state;
	count_way = 1;
	for (int n = 1; n <= 6; n++) {
		nq_result res;

		assert_int_equal(run(n, NQ_MODE_COUNT, NULL, 0, 0, &res),
				 NQ_OK);
		assert_int_equal(res.solutions, a000170[n - 1]);
		free(res.placement);
	}
	count_way = 0;
}

/* ------------------------------------------------------------------ */
/* Hints. */

static void test_hint_corner_8_count(void **state)
{
	nq_square hint = { 0, 0 };
	int32_t p[8];
	nq_result res;

	(void)state;
	assert_int_equal(brute_count(8, 0, p, &hint, 1), 4);
	assert_int_equal(run(8, NQ_MODE_COUNT, &hint, 1, 0, &res), NQ_OK);
	assert_int_equal(res.solutions, 4);
	free(res.placement);
}

static void test_hints_completable(void **state)
{
	/* Three queens of the 8-queens solution 0 4 7 5 2 6 1 3, and two
	 * on a 10 x 10 board taken from 1 3 5 7 9 0 2 4 6 8. */
	static const nq_square h8[] = { { 0, 0 }, { 2, 7 }, { 6, 1 } };
	static const nq_square h10[] = { { 9, 8 }, { 4, 9 } };
	int32_t p[10];
	nq_result res;

	(void)state;
	assert_true(brute_count(8, 0, p, h8, 3) > 0);
	assert_int_equal(run(8, NQ_MODE_FIRST, h8, 3, 0, &res), NQ_OK);
	assert_int_equal(res.solutions, 1);
	assert_true(placement_ok(8, res.placement, h8, 3));
	free(res.placement);

	assert_int_equal(run(10, NQ_MODE_FIRST, h10, 2, 0, &res), NQ_OK);
	assert_int_equal(res.solutions, 1);
	assert_true(placement_ok(10, res.placement, h10, 2));
	free(res.placement);

	assert_int_equal(run(8, NQ_MODE_COUNT, h8, 3, 0, &res), NQ_OK);
	assert_int_equal(res.solutions, brute_count(8, 0, p, h8, 3));
	free(res.placement);
}

static void test_hint_uncompletable(void **state)
{
	nq_square hint = { 0, 0 };
	int32_t p[4];
	nq_result res;

	(void)state;
	assert_int_equal(brute_count(4, 0, p, &hint, 1), 0);
	assert_int_equal(run(4, NQ_MODE_FIRST, &hint, 1, 0, &res), NQ_OK);
	assert_int_equal(res.solutions, 0);
	free(res.placement);
	assert_int_equal(run(4, NQ_MODE_COUNT, &hint, 1, 0, &res), NQ_OK);
	assert_int_equal(res.solutions, 0);
	free(res.placement);
}

static void test_n1_hint(void **state)
{
	nq_square hint = { 0, 0 };
	nq_result res;

	(void)state;
	assert_int_equal(run(1, NQ_MODE_FIRST, &hint, 1, 0, &res), NQ_OK);
	assert_int_equal(res.solutions, 1);
	assert_int_equal(res.placement[0], 0);
	free(res.placement);
}

/* ------------------------------------------------------------------ */
/* Limits and errors. */

static void test_time_limit(void **state)
{
	nq_result res;
	double t;

	(void)state;
	t = nq_now();
	assert_int_equal(run(12, NQ_MODE_COUNT, NULL, 0, 0.5, &res),
			 NQ_ETIMEOUT);
	t = nq_now() - t;
	if (t >= 1.5)
		fail_msg("stopped after %.2f s with a 0.5 s limit", t);
	assert_true(res.note[0] != '\0');
	assert_true(res.nodes >= 0);
	free(res.placement);
}

/* A model GLPK rejects (a row naming one column twice): the error must come
 * back as NQ_ERR with GLPK's message, not abort the process. */
static int bad_build(const nq_instance *inst, const nq_ilp_sink *sink,
		     int *square_col)
{
	int cols[2];
	double vals[2] = { 1.0, 1.0 };

	for (int k = 0; k < inst->n * inst->n; k++)
		square_col[k] = sink->add_col(sink->ctx, "x", 0, 1, 0, 1);
	cols[0] = cols[1] = square_col[0];
	sink->add_row(sink->ctx, "dup", 'L', 1.0, 2, cols, vals);
	return NQ_OK;
}

static const nq_ilp_model bad_model = {
	NQ_ABI_VERSION, sizeof(nq_ilp_model), "bad", "duplicate index",
	bad_build,
};

static void test_glpk_error(void **state)
{
	nq_result res;

	(void)state;
	assert_int_equal(run_with(&bad_model, 4, NQ_MODE_FIRST, NULL, 0, 0,
				  &res), NQ_ERR);
	if (!strstr(res.note, "GLPK error") || !strstr(res.note, "duplicate"))
		fail_msg("note: '%s'", res.note);
	free(res.placement);
	/* GLPK still works afterwards */
	assert_int_equal(run(6, NQ_MODE_FIRST, NULL, 0, 0, &res), NQ_OK);
	assert_true(placement_ok(6, res.placement, NULL, 0));
	free(res.placement);
}

/* GLPK running out of memory (its own 1 MiB limit, set before the call)
 * is a memout, not an error: at n = 200 while the model is built (inside
 * a sink call), at n = 50 (with GLPK 5.0) while glp_intopt runs. */
static void test_glpk_out_of_memory(void **state)
{
	static const int sizes[] = { 200, 50 };
	nq_result res;

	(void)state;
	for (int i = 0; i < 2; i++) {
		glp_mem_limit(1);
		assert_int_equal(run(sizes[i], NQ_MODE_FIRST, NULL, 0, 0, &res),
				 NQ_ENOMEM);
		if (!strstr(res.note, "memory"))
			fail_msg("n = %d: note '%s'", sizes[i], res.note);
		free(res.placement);
	}
	/* solve freed GLPK's environment, limit included */
	assert_int_equal(run(8, NQ_MODE_FIRST, NULL, 0, 0, &res), NQ_OK);
	assert_true(placement_ok(8, res.placement, NULL, 0));
	free(res.placement);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_struct),
		cmocka_unit_test(test_model_shape),
		cmocka_unit_test(test_first_1_to_10),
		cmocka_unit_test(test_first_32),
		cmocka_unit_test(test_count_a000170),
		cmocka_unit_test(test_count_resolve),
		cmocka_unit_test(test_hint_corner_8_count),
		cmocka_unit_test(test_hints_completable),
		cmocka_unit_test(test_hint_uncompletable),
		cmocka_unit_test(test_n1_hint),
		cmocka_unit_test(test_time_limit),
		cmocka_unit_test(test_glpk_error),
		cmocka_unit_test(test_glpk_out_of_memory),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("glpk", tests, NULL, NULL);
}
