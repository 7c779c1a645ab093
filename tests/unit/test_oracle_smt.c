/* test_oracle_smt.c - the `smt` approach (Z3's C API on the SMT-LIB text
 * of solvers/program/declarative/smt.c) against OEIS and the brute-force oracle
 * (oracle.h): counts n = 1..9 in the bool model (both at-most-ones) and
 * n = 1..7 in the int model (slower: Z3 reasons about its `distinct` on
 * sums as arithmetic), first mode n = 1..9 in all three; then random
 * small instances of the three families (completion, blocked squares,
 * excluded lines), first and count (count on n <= 7), the three models
 * taking turns; a count stopped by the time limit; and the exported text
 * run through the z3 program, which must agree. Fixed seeds.
 *
 * Usage: test_oracle_smt [NAME-PATTERN]
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
#include "smt.h"
#include "oracle.h"

#define SAMPLE (20 / ORACLE_SANITIZER_SHARE)
#define COUNT_MAX_N 7
/* under ASan the glue is what is checked: n <= 6 walks all of it, a
 * count of several models with their blocking clauses included (Z3's
 * own library is not instrumented; n = 7 was 40 more models through
 * the same lines, 2 s of the test's 5 under ASan) */
#define SAN_MAX_N 6
/* ... and of those n = 1 (one square), 3 (no model), 4 and 6 (2 and 4
 * models, each blocked in turn): n = 2 and 5 took a third of the test's
 * solves, each a Z3 context of its own, through the same lines */
#define SAN_N(n) ((n) != 2 && (n) != 5 && (n) <= SAN_MAX_N)

/* The three configurations: int, bool pb, bool pairwise. */
static const struct { int model, card; const char *name; } configs[] = {
	{ NQ_SMT_INT, NQ_SMT_PB, "int" },
	{ NQ_SMT_BOOL, NQ_SMT_PB, "bool pb" },
	{ NQ_SMT_BOOL, NQ_SMT_PAIRWISE, "bool pairwise" },
};

static int run_smt(int config, const nq_instance *in, double time_limit,
		   nq_result *res)
{
	nq_optval opt[2] = {
		{ nq_smt_models[configs[config].model], configs[config].model,
		  NULL },
		{ nq_smt_cards[configs[config].card], configs[config].card,
		  NULL } };
	nq_job job = { in, opt, 1, time_limit, NULL };

	host_result(res, in->n);
	return nq_solver_smt.solve(&job, res);
}

static void counts_oeis(void **state)
{
	nq_result res;
	char who[64];

	(void)state;
	for (int k = 0; k < 3; k++)
		for (int n = 1; n <= 9; n++) {
			nq_instance in = { .n = n, .mode = NQ_MODE_COUNT };
			int rc;

			snprintf(who, sizeof who, "smt %s", configs[k].name);
			if ((configs[k].model == NQ_SMT_BOOL || n <= 7) &&
			    (ORACLE_SANITIZER_SHARE == 1 || SAN_N(n))) {
				rc = run_smt(k, &in, 0, &res);
				oracle_check(who, &in, rc, &res,
					     a000170[n - 1]);
				/* (small boards may need no search) */
				assert_true(n < 6 || res.decisions >= 0);
				assert_int_equal(res.vars, configs[k].model ==
						 NQ_SMT_INT ? n : n * n);
				free(res.placement);
			}
			/* first mode too: n = 8 and 9 are Z3's own search */
			if (ORACLE_SANITIZER_SHARE > 1 && !SAN_N(n))
				continue;
			in.mode = NQ_MODE_FIRST;
			rc = run_smt(k, &in, 0, &res);
			oracle_check(who, &in, rc, &res, a000170[n - 1]);
			free(res.placement);
		}
}

static void family(enum oracle_family fam, uint64_t seed)
{
	static const enum nq_mode modes[] = { NQ_MODE_COUNT, NQ_MODE_FIRST };
	oracle_inst o;
	nq_result res;
	char who[64];

	for (int m = 0; m < 2; m++) {
		uint64_t state = seed + (uint64_t)m;

		for (int i = 0; i < SAMPLE; i++) {
			int k = i % 3, rc;

			do
				oracle_random(&o, fam, modes[m], &state);
			while (modes[m] == NQ_MODE_COUNT &&
			       o.in.n > COUNT_MAX_N);
			rc = run_smt(k, &o.in, 60, &res);
			snprintf(who, sizeof who, "smt %s", configs[k].name);
			oracle_check(who, &o.in, rc, &res, oracle_count(&o.in));
			free(res.placement);
		}
	}
}

static void placed(void **state)
{
	(void)state;
	family(ORACLE_PLACED, 2211);
}

static void blocked(void **state)
{
	(void)state;
	family(ORACLE_BLOCKED, 2212);
}

static void excluded(void **state)
{
	(void)state;
	family(ORACLE_EXCLUDED, 2213);
}

/* The time limit stops a count between models: a timeout whose note
 * says how many came first. */
static void time_limit(void **state)
{
	nq_instance in = { .n = 12, .mode = NQ_MODE_COUNT };
	nq_result res;
	int rc;

	(void)state;
	/* 0.3 s: Z3's timeout stops the count as 1 s did (14,200
	 * placements are far more than either allows) */
	rc = run_smt(1, &in, 0.3, &res);
	if (rc != NQ_ETIMEOUT || !strstr(res.note, "time limit reached after"))
		fail_msg("rc %d note '%s'", rc, res.note);
	free(res.placement);
}

/* The text `harness export --format smt2` writes, run through the z3
 * program: sat with a valid placement in its get-value, or unsat. */
static void z3_program(void **state)
{
	static const nq_square hint[] = { { 0, 0 } }, blockd[] = { { 1, 2 } };
	static const int diag[] = { 4 };
	/* 4 queens with one in a corner: none; 6 with a blocked square and
	 * an excluded diagonal: what the oracle says */
	nq_instance none = { .n = 4, .mode = NQ_MODE_FIRST, .nhints = 1,
			     .hints = hint };
	nq_instance some = { .n = 6, .mode = NQ_MODE_FIRST, .nblocked = 1,
			     .blocked = blockd, .nexcl_diag = 1,
			     .excl_diag = diag };
	const nq_instance *cases[] = { &none, &some };
	char path[] = "/tmp/test_smt_XXXXXX", cmd[128], out[4096];

	(void)state;
	if (access("/usr/bin/z3", X_OK))
		skip();
	for (int k = 0; k < 3; k++)
		for (int c = 0; c < 2; c++) {
			const nq_instance *in = cases[c];
			int fd = mkstemp(path), p[16], r, col;
			FILE *f = fdopen(fd, "w");
			size_t got;
			long long asserts = 0;
			const char *s;

			assert_non_null(f);
			assert_int_equal(nq_smt_write(f, in, configs[k].model,
						      configs[k].card, "a test",
						      1, &asserts), 0);
			fclose(f);
			assert_true(asserts > 0);
			snprintf(cmd, sizeof cmd, "z3 %s 2>&1", path);
			f = popen(cmd, "r");
			got = fread(out, 1, sizeof out - 1, f);
			out[got] = '\0';
			pclose(f);
			unlink(path);
			strcpy(path, "/tmp/test_smt_XXXXXX");
			if (!oracle_count(in)) {
				if (strncmp(out, "unsat\n", 6))
					fail_msg("%s: z3 said '%s'",
						 configs[k].name, out);
				continue;
			}
			if (strncmp(out, "sat\n", 4))
				fail_msg("%s: z3 said '%s'", configs[k].name,
					 out);
			/* (get-value ((q_1 2) ...)) or ((x_1_1 false) ...) */
			for (r = 0; r < in->n; r++)
				p[r] = -1;
			for (s = out; (s = strchr(s, '(')); s++) {
				int rr, cc, v;
				char b[8];

				if (configs[k].model == NQ_SMT_INT &&
				    sscanf(s, "(q_%d %d)", &rr, &v) == 2 &&
				    rr >= 1 && rr <= in->n)
					p[rr - 1] = v - 1;
				else if (sscanf(s, "(x_%d_%d %7[a-z])", &rr,
						&cc, b) == 3 &&
					 !strcmp(b, "true") && rr >= 1 &&
					 rr <= in->n)
					p[rr - 1] = cc - 1;
			}
			{
				int32_t q[16];

				for (col = 0; col < in->n; col++)
					q[col] = p[col];
				if (!oracle_placement_ok(in, q))
					fail_msg("%s: z3's placement is no "
						 "answer: %s", configs[k].name,
						 out);
			}
		}
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counts_oeis),
		cmocka_unit_test(placed),
		cmocka_unit_test(blocked),
		cmocka_unit_test(excluded),
		cmocka_unit_test(time_limit),
		cmocka_unit_test(z3_program),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
