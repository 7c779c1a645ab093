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

/* Every built-in; test_alo_clauses puts an encode hook in the NULL's
 * place. */
static const nq_cnf_encoder *const encoders[] = {
	&nq_cnf_pairwise, &nq_cnf_sequential, &nq_cnf_commander,
	&nq_cnf_product, &nq_cnf_binary, &nq_cnf_bimander, &nq_cnf_ladder,
	NULL
};

enum { SYM_NONE = 0, SYM_MIRROR = 1 };

/* ------------------------------------------------------------------ */
/* Calling the solver as the host does; the oracles are in oracle.h. */

/* The solver as the host calls it, with `columns` (caller frees
 * res->placement). */
static int run_cols(const nq_cnf_encoder *enc, int sym, int columns, int n,
		    enum nq_mode mode, const nq_square *hints, int nhints,
		    nq_result *res)
{
	static const char *const sym_name[] = { "none", "mirror" };
	static const char *const col_name[] = { "alo", "none" };
	nq_instance inst = { .n = n, .mode = mode, .nhints = nhints, .hints = hints };
	nq_optval opt[4] = { { enc->name, 0, enc },
			     { sym_name[sym], sym, NULL },
			     { col_name[columns], columns, NULL },
			     { "auto", 0, NULL } };
	nq_job job = { &inst, opt, 1, 0, NULL };

	host_result(res, n);
	return nq_solver_picosat.solve(&job, res);
}

/* The same with the default model, `columns: alo`. */
static int run(const nq_cnf_encoder *enc, int sym, int n, enum nq_mode mode,
	       const nq_square *hints, int nhints, nq_result *res)
{
	return run_cols(enc, sym, NQ_CNF_COLUMNS_ALO, n, mode, hints, nhints,
			res);
}

/* Under AddressSanitizer (the second pass of `make test`) the counts
 * through PicoSAT stop at n = 8: 9 and 10 add only more of the solver's
 * search (352 and 724 solutions, a call each) over the same clauses, and
 * the plain pass counts them. */
#if defined(__SANITIZE_ADDRESS__)
#define COUNT_MAX_N 8
#else
#define COUNT_MAX_N 10
#endif

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
		for (int n = 1; n <= COUNT_MAX_N; n++) {
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
/* The model's at-least-one clauses (`columns: alo | none`). */

/* A sink that keeps every clause, for the test to read. */
struct rec {
	int vars;
	int *lits;       /* clauses, each ended by 0 */
	size_t len, cap;
};

static int rec_new_var(void *ctx)
{
	return ++((struct rec *)ctx)->vars;
}

static void rec_add(void *ctx, int lit)
{
	struct rec *r = ctx;

	if (r->len == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 1024;
		r->lits = realloc(r->lits, r->cap * sizeof *r->lits);
		assert_non_null(r->lits);
	}
	r->lits[r->len++] = lit;
}

/* Build through the host into the recording sink, then count, per row
 * and per column, the clauses that say exactly "at least one of this
 * line's squares" (every square of the line, positive, nothing else).
 * n >= 2, so a row's and a column's squares differ. */
static void count_alo(const nq_cnf_encoder *enc, int columns, int n,
		      enum nq_mode mode, const nq_square *hints, int nhints,
		      int *row_alo, int *col_alo)
{
	nq_instance inst = { .n = n, .mode = mode, .nhints = nhints, .hints = hints };
	struct rec r = { 0, NULL, 0, 0 };
	nq_cnf_sink sink = { &r, rec_new_var, rec_add };
	int *square_var = calloc((size_t)n * n, sizeof *square_var);
	int *row_of = NULL, *col_of = NULL;
	size_t start = 0, i;

	assert_non_null(square_var);
	assert_int_equal(nq_cnf_build(&inst, enc, columns, &sink, square_var),
			 NQ_OK);
	row_of = malloc(((size_t)r.vars + 1) * sizeof *row_of);
	col_of = malloc(((size_t)r.vars + 1) * sizeof *col_of);
	assert_non_null(row_of);
	assert_non_null(col_of);
	for (i = 0; i <= (size_t)r.vars; i++)
		row_of[i] = col_of[i] = -1;
	for (int k = 0; k < n * n; k++) {
		assert_true(square_var[k] >= 1 && square_var[k] <= r.vars);
		row_of[square_var[k]] = k / n;
		col_of[square_var[k]] = k % n;
	}
	for (int k = 0; k < n; k++)
		row_alo[k] = col_alo[k] = 0;
	for (i = 0; i < r.len; i++) {
		int len, same_row = 1, same_col = 1, first;
		unsigned long long cols = 0, rows = 0;

		if (r.lits[i] != 0)
			continue;
		len = (int)(i - start);
		first = r.lits[start];
		for (size_t j = start; j < i; j++) {
			int v = r.lits[j];

			if (v < 0 || row_of[v] < 0) {
				same_row = same_col = 0;
				break;
			}
			same_row &= row_of[v] == row_of[first];
			same_col &= col_of[v] == col_of[first];
			/* n <= 64 here: each square of the line once */
			cols |= 1ULL << col_of[v];
			rows |= 1ULL << row_of[v];
		}
		if (len == n && same_row && __builtin_popcountll(cols) == n)
			row_alo[row_of[first]]++;
		if (len == n && same_col && __builtin_popcountll(rows) == n)
			col_alo[col_of[first]]++;
		start = i + 1;
	}
	free(row_of);
	free(col_of);
	free(square_var);
	free(r.lits);
}

/* An encoder with the whole-instance hook (a plugin's way), rows only:
 * the host must add the column clauses after it. */
static int whole_encode(const nq_instance *inst, const nq_cnf_sink *sink,
			int *square_var)
{
	return nq_cnf_build(inst, &nq_cnf_ladder, NQ_CNF_COLUMNS_NONE, sink,
			    square_var);
}

/* Every built-in encoding (and an encode hook), first and count, with
 * and without hints, n = 2..12: exactly one at-least-one clause per row,
 * and per column with `alo`, none with `none`. */
static void test_alo_clauses(void **state)
{
	static const nq_cnf_encoder whole = { NQ_ABI_VERSION,
		sizeof(nq_cnf_encoder), "whole", "encode hook", NULL,
		whole_encode };
	static const nq_square h[] = { { 1, 1 }, { 0, 3 } };
	int row_alo[12], col_alo[12];

	(void)state;
	for (size_t e = 0; e < sizeof encoders / sizeof *encoders; e++) {
		const nq_cnf_encoder *enc = encoders[e] ? encoders[e] : &whole;

		for (int n = 2; n <= 12; n++)
			for (int columns = 0; columns <= 1; columns++)
				for (int mode = 0; mode <= 1; mode++) {
					int nh = n >= 5 ? 2 : 0;

					count_alo(enc, columns, n, mode, h, nh,
						  row_alo, col_alo);
					for (int k = 0; k < n; k++)
						if (row_alo[k] != 1 ||
						    col_alo[k] != !columns)
							fail_msg("%s n=%d "
								 "columns=%s: "
								 "line %d: %d "
								 "row, %d column "
								 "clauses",
								 enc->name, n,
								 columns ? "none"
								 : "alo", k,
								 row_alo[k],
								 col_alo[k]);
				}
	}
}

/* The same through the picosat solver: `alo` adds exactly n clauses of
 * n literals and no variable, in both modes, with hints too, and the
 * answers stay those of A000170 and of the oracle's backtracker. */
static void test_columns_option(void **state)
{
	static const nq_square h8[] = { { 0, 2 } };
	int32_t scratch[8];
	uint64_t want = brute_count(8, 0, scratch, h8, 1);
	nq_result a, b;

	(void)state;
	for (const nq_cnf_encoder *const *e = encoders; *e; e++) {
		for (int n = 1; n <= 9 && n <= COUNT_MAX_N; n++)
			for (int mode = 0; mode <= 1; mode++) {
				assert_int_equal(run_cols(*e, SYM_NONE,
					NQ_CNF_COLUMNS_ALO, n, mode, NULL, 0,
					&a), NQ_OK);
				assert_int_equal(run_cols(*e, SYM_NONE,
					NQ_CNF_COLUMNS_NONE, n, mode, NULL, 0,
					&b), NQ_OK);
				assert_int_equal(a.vars, b.vars);
				assert_int_equal(a.constraints - b.constraints,
						 n);
				assert_int_equal(a.nonzeros - b.nonzeros, n * n);
				if (mode == NQ_MODE_COUNT) {
					assert_int_equal(b.solutions,
							 a000170[n - 1]);
				} else if (n == 2 || n == 3) {
					assert_int_equal(b.solutions, 0);
				} else {
					assert_int_equal(b.solutions, 1);
					assert_true(placement_ok(n, b.placement,
								 NULL, 0));
				}
				free(a.placement);
				free(b.placement);
			}
		assert_int_equal(run_cols(*e, SYM_NONE, NQ_CNF_COLUMNS_NONE, 8,
					  NQ_MODE_COUNT, h8, 1, &b), NQ_OK);
		assert_int_equal(b.solutions, want);
		free(b.placement);
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
		for (int n = 1; n <= COUNT_MAX_N; n++) {
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

/* The one check of what an encoder hands back (cnf.h): a literal past
 * the variables, an open clause, a square without a variable (1-based). */
static void test_cnf_check(void **state)
{
	int square_var[4] = { 1, 2, 3, 4 };
	nq_cnf_seen seen = { 4, 0, 0 };
	char why[200];

	(void)state;
	assert_int_equal(nq_cnf_check(&nq_cnf_pairwise, 2, square_var, &seen,
				      why, sizeof why), NQ_OK);
	seen.bad_lit = -9;
	assert_int_equal(nq_cnf_check(&nq_cnf_pairwise, 2, square_var, &seen,
				      why, sizeof why), NQ_ERR);
	assert_string_equal(why, "encoder 'pairwise' used literal -9 with "
			    "only 4 variables");
	seen.bad_lit = 0;
	seen.open = 1;
	assert_int_equal(nq_cnf_check(&nq_cnf_pairwise, 2, square_var, &seen,
				      why, sizeof why), NQ_ERR);
	assert_non_null(strstr(why, "without its 0"));
	seen.open = 0;
	square_var[1] = 0;
	assert_int_equal(nq_cnf_check(&nq_cnf_pairwise, 2, square_var, &seen,
				      why, sizeof why), NQ_ERR);
	assert_string_equal(why, "encoder 'pairwise' gave square 1:2 no "
			    "variable");
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_structs),
		cmocka_unit_test(test_count_oeis),
		cmocka_unit_test(test_first_valid),
		cmocka_unit_test(test_amo_truth_tables),
		cmocka_unit_test(test_amo_sizes),
		cmocka_unit_test(test_alo_clauses),
		cmocka_unit_test(test_columns_option),
		cmocka_unit_test(test_mirror_count),
		cmocka_unit_test(test_mirror_first),
		cmocka_unit_test(test_mirror_sizes),
		cmocka_unit_test(test_mirror_with_hints),
		cmocka_unit_test(test_cnf_check),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("encodings", tests, NULL, NULL);
}
