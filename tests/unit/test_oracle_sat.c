/* test_oracle_sat.c - the CNF approaches against the brute-force oracle
 * (oracle.h) on random small instances of the NP-complete variants
 * (issue 12): completion (hints only), blocked squares, excluded
 * diagonals. PicoSAT with every built-in encoding in count and first
 * mode, both `columns` choices, `symmetry: mirror` (which must step
 * aside), an encoder of the old ABI with a whole-instance `encode` hook
 * that knows nothing of the restrictions (the host's unit clauses must
 * carry them), and `dimacs` (the exported CNF in minisat and cadical) on
 * a share of them. Fixed seeds.
 *
 * Usage: test_oracle_sat [NAME-PATTERN]
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "solvers.h"
#include "external.h"
#include "cnf.h"
#include "oracle.h"

/* 144 of each family and mode (the native oracle test takes 1000):
 * count mode enumerates every placement, a solver call each. The turns
 * below (encoder, columns, mirror, cubes) repeat every 24 instances: six
 * rounds of them, and every n of 1..10 in every family and mode, as the
 * 400 before them. Under ASan 50 (400's eighth, as
 * before: fewer would leave sizes out). dimacs draws its own 400 (a
 * share of them run) */
#define INSTANCES (ORACLE_SANITIZER_SHARE > 1 ? 400 / ORACLE_SANITIZER_SHARE \
					      : 144)
#define DIMACS_DRAWS (400 / ORACLE_SANITIZER_SHARE)

/* An encoder as a plugin of ABI 2 would write it: the whole instance
 * through its own hook, blind to blocked squares and excluded lines. */
static int blind_encode(const nq_instance *inst, const nq_cnf_sink *sink,
			int *square_var)
{
	nq_instance plain = { .n = inst->n, .mode = inst->mode,
			      .nhints = inst->nhints, .hints = inst->hints };

	return nq_cnf_build(&plain, &nq_cnf_pairwise, NQ_CNF_COLUMNS_NONE,
			    sink, square_var);
}

static const nq_cnf_encoder blind = { 2, sizeof(nq_cnf_encoder), "blind",
	"whole instance, ABI 2", NULL, blind_encode };

static const nq_cnf_encoder *const encoders[] = {
	&nq_cnf_pairwise, &nq_cnf_sequential, &nq_cnf_commander,
	&nq_cnf_product, &nq_cnf_binary, &nq_cnf_bimander, &nq_cnf_ladder,
	&blind, NULL
};

/* count: 0 auto, 1 cubes, 2 whole (solvers/library/picosat.c) */
static int run_picosat_count(const nq_cnf_encoder *enc, int mirror,
			     int columns, int count, const nq_instance *in,
			     nq_result *res)
{
	static const char *const counts[] = { "auto", "cubes", "whole" };
	nq_optval opt[4] = { { enc->name, 0, enc },
			     { mirror ? "mirror" : "none", mirror, NULL },
			     { columns ? "none" : "alo", columns, NULL },
			     { counts[count], count, NULL } };
	nq_job job = { in, opt, 1, 0, NULL };

	host_result(res, in->n);
	return nq_solver_picosat.solve(&job, res);
}

static int run_picosat(const nq_cnf_encoder *enc, int mirror, int columns,
		       const nq_instance *in, nq_result *res)
{
	return run_picosat_count(enc, mirror, columns, 0, in, res);
}

/* First mode: every encoder on every instance. Count mode enumerates
 * (a run per placement, up to 724 at n = 10), so there the encoders take
 * turns: every instance is counted, each encoder counts one in eight.
 * `columns` and `symmetry` take turns from one instance to the next. */
static void picosat_family(enum oracle_family fam, uint64_t seed)
{
	static const enum nq_mode modes[] = { NQ_MODE_COUNT, NQ_MODE_FIRST };
	oracle_inst o;
	nq_result res;
	char who[96];

	for (int m = 0; m < 2; m++) {
		uint64_t state = seed + (uint64_t)m;

		for (int i = 0; i < INSTANCES; i++) {
			int mirror = i % 3 == 1, columns = i % 2;
			/* count: cubes on one instance in eight, whole on
			 * the rest (auto is whole below n = 10, which most
			 * of these are; cubes cost more there) */
			int count = i % 8 == 3 ? 1 : 2;
			uint64_t want;

			oracle_random(&o, fam, modes[m], &state);
			want = oracle_count(&o.in);
			for (int e = 0; encoders[e]; e++) {
				int rc;

				if (modes[m] == NQ_MODE_COUNT && e != i % 8)
					continue;
				rc = run_picosat_count(encoders[e], mirror,
						       columns, count, &o.in,
						       &res);

				snprintf(who, sizeof who, "picosat %s%s%s%s",
					 encoders[e]->name,
					 columns ? " columns none" : "",
					 mirror ? " mirror" : "",
					 count == 1 ? " count cubes" : "");
				oracle_check(who, &o.in, rc, &res, want);
				free(res.placement);
			}
		}
	}
}

static void picosat_placed(void **state)
{
	(void)state;
	picosat_family(ORACLE_PLACED, 1221);
}

static void picosat_blocked(void **state)
{
	(void)state;
	picosat_family(ORACLE_BLOCKED, 1222);
}

static void picosat_excluded(void **state)
{
	(void)state;
	picosat_family(ORACLE_EXCLUDED, 1223);
}

/* The mirror clauses would halve a count the restriction already made
 * lopsided: the option must say it stepped aside. */
static void mirror_steps_aside(void **state)
{
	static const nq_square blocked[] = { { 0, 1 } };
	nq_instance in = { .n = 6, .mode = NQ_MODE_COUNT, .nblocked = 1,
			   .blocked = blocked };
	nq_result res;

	(void)state;
	assert_int_equal(run_picosat(&nq_cnf_pairwise, 1, 0, &in, &res),
			 NQ_OK);
	assert_int_equal(res.solutions, oracle_count(&in));
	assert_non_null(strstr(res.note, "mirror ignored"));
	free(res.placement);
}

/* The host's unit clauses: one per forbidden square, in the sizes. */
static void unit_clauses_counted(void **state)
{
	static const int diag[] = { 4 }, anti[] = { 4 };
	static const nq_square blocked[] = { { 0, 0 }, { 2, 2 } };
	nq_instance plain = { .n = 5, .mode = NQ_MODE_FIRST };
	nq_instance in = { .n = 5, .mode = NQ_MODE_FIRST, .nblocked = 2,
			   .blocked = blocked, .nexcl_diag = 1,
			   .excl_diag = diag, .nexcl_anti = 1,
			   .excl_anti = anti };
	nq_result a, b;

	(void)state;
	assert_int_equal(run_picosat(&nq_cnf_pairwise, 0, 0, &plain, &a),
			 NQ_OK);
	assert_int_equal(run_picosat(&nq_cnf_pairwise, 0, 0, &in, &b),
			 NQ_OK);
	/* the main diagonal and antidiagonal (5 squares each, crossing at
	 * 2:2, which is also blocked) and 0:0, already on the diagonal */
	assert_int_equal(b.constraints - a.constraints, 9);
	assert_int_equal(b.vars, a.vars);
	free(a.placement);
	free(b.placement);
}

/* dimacs: the exported CNF, solved by minisat (result file) and cadical
 * (s / v lines), first mode; one instance in ten of each family (a
 * process per run). */
static void dimacs_family(enum oracle_family fam, uint64_t seed)
{
	static const char *const commands[] = { "minisat", "cadical -q" };
	uint64_t state = seed;
	oracle_inst o;
	nq_result res;
	char who[96];

	for (int i = 0; i < DIMACS_DRAWS; i++) {
		const char *cmd = commands[i / 10 % 2];
		const nq_cnf_encoder *enc = encoders[i / 10 % 7];
		nq_optval opt[4] = { { enc->name, 0, enc }, { cmd, 0, NULL },
				     { "auto", 0, NULL },
				     { "alo", 0, NULL } };
		nq_job job = { &o.in, opt, 1, 0, NULL };
		uint64_t want;
		int rc;

		oracle_random(&o, fam, NQ_MODE_FIRST, &state);
		if (i % 10)
			continue;
		want = oracle_count(&o.in);
		host_result(&res, o.in.n);
		rc = nq_solver_dimacs.solve(&job, &res);
		snprintf(who, sizeof who, "dimacs %s %s", cmd, enc->name);
		oracle_check(who, &o.in, rc, &res, want);
		free(res.placement);
	}
}

static void dimacs_all(void **state)
{
	(void)state;
	if (access("/usr/bin/minisat", X_OK) || access("/usr/bin/cadical", X_OK))
		skip();
	dimacs_family(ORACLE_PLACED, 1231);
	dimacs_family(ORACLE_BLOCKED, 1232);
	dimacs_family(ORACLE_EXCLUDED, 1233);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(picosat_placed),
		cmocka_unit_test(picosat_blocked),
		cmocka_unit_test(picosat_excluded),
		cmocka_unit_test(mirror_steps_aside),
		cmocka_unit_test(unit_clauses_counted),
		cmocka_unit_test(dimacs_all),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
