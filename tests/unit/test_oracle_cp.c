/* test_oracle_cp.c - the `minizinc` approach (constraint programming
 * through the MiniZinc program, solvers/program/declarative/minizinc.c) against
 * the OEIS counts and the brute-force oracle (oracle.h) on random small
 * instances of the NP-complete variants (issue 12): completion (hints
 * only), blocked squares, excluded diagonals; first and count mode, both
 * models and every consistency of the int model in turn. A program call
 * costs about 0.3 s, so the instances are sampled (a few a family); then
 * what the solver makes of output it must not trust, from a stand-in
 * program (a shell script) instead of MiniZinc. Fixed seeds.
 *
 * Usage: test_oracle_cp [NAME-PATTERN]
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include "minizinc.h"
#include "oracle.h"

/* Instances a family and mode (a quarter of them under ASan, at least
 * one): with n = 1..9, about 30 program calls, 10-15 s. */
#define SAMPLE ((3 + ORACLE_SANITIZER_SHARE - 1) / ORACLE_SANITIZER_SHARE)

/* The configurations taken in turn: model, consistency. */
static const struct { int model, consistency; const char *name; } configs[] = {
	{ NQ_MZN_INT, NQ_MZN_DEFAULT, "int" },
	{ NQ_MZN_BOOL, NQ_MZN_DEFAULT, "bool" },
	{ NQ_MZN_INT, NQ_MZN_DOMAIN, "int domain" },
	{ NQ_MZN_INT, NQ_MZN_BOUNDS, "int bounds" },
};
#define NCONFIGS 4

static int have_minizinc(void)
{
	return access("/usr/bin/minizinc", X_OK) == 0;
}

/* Solve with configuration k through `command` (minizinc, or a
 * stand-in); res set up as the host does. */
static int run_mzn(int k, const char *command, const nq_instance *in,
		   double limit, nq_result *res)
{
	nq_optval opt[4] = {
		{ "gecode", 0, NULL },
		{ nq_mzn_models[configs[k].model], configs[k].model, NULL },
		{ nq_mzn_consistencies[configs[k].consistency],
		  configs[k].consistency, NULL },
		{ command, 0, NULL },
	};
	nq_job job = { in, opt, 1, limit, NULL };

	host_result(res, in->n);
	for (int r = 0; r < in->n; r++)
		res->placement[r] = -1;
	return nq_solver_minizinc.solve(&job, res);
}

/* n = 1..9 counted, the configurations in turn; the effort and sizes
 * MiniZinc reports land in the result. */
static void counts(void **state)
{
	nq_instance in = { .n = 1, .mode = NQ_MODE_COUNT };
	nq_result res;
	char who[64];

	(void)state;
	if (!have_minizinc())
		skip();
	for (int n = 1; n <= 9; n += ORACLE_SANITIZER_SHARE) {
		int k = (n - 1) % NCONFIGS, rc;

		in.n = n;
		rc = run_mzn(k, "minizinc", &in, 0, &res);
		snprintf(who, sizeof who, "minizinc %s", configs[k].name);
		oracle_check(who, &in, rc, &res, a000170[n - 1]);
		if (n >= 4) {
			assert_true(res.nodes > 0);
			assert_true(res.conflicts >= 0);
			assert_true(res.vars >= n);
			assert_true(res.constraints > 0);
		}
		free(res.placement);
	}
}

/* SAMPLE instances of a family in each mode, the configurations in
 * turn. */
static void family(enum oracle_family fam, uint64_t seed)
{
	static const enum nq_mode modes[] = { NQ_MODE_FIRST, NQ_MODE_COUNT };
	oracle_inst o;
	nq_result res;
	char who[64];
	int turn = (int)(seed % NCONFIGS);

	if (!have_minizinc())
		skip();
	for (int m = 0; m < 2; m++) {
		uint64_t state = seed + (uint64_t)m;

		for (int i = 0; i < SAMPLE; i++) {
			int k = turn++ % NCONFIGS, rc;
			uint64_t want;

			/* small enough to count by brute force at once */
			do
				oracle_random(&o, fam, modes[m], &state);
			while (o.in.n < 4);
			want = oracle_count(&o.in);
			rc = run_mzn(k, "minizinc", &o.in, 0, &res);
			snprintf(who, sizeof who, "minizinc %s", configs[k].name);
			oracle_check(who, &o.in, rc, &res, want);
			free(res.placement);
		}
	}
}

static void placed(void **state)
{
	(void)state;
	family(ORACLE_PLACED, 2201);
}

static void blocked(void **state)
{
	(void)state;
	family(ORACLE_BLOCKED, 2202);
}

static void excluded(void **state)
{
	(void)state;
	family(ORACLE_EXCLUDED, 2203);
}

/* An instance with all three features at once, both models, both
 * modes: the model declares (and the data gives) every parameter. */
static void everything(void **state)
{
	static const nq_square hints[] = { { 0, 1 } };
	static const nq_square blk[] = { { 2, 0 }, { 4, 4 } };
	static const int diag[] = { 6 }, anti[] = { 8 };
	nq_instance in = { .n = 8, .nhints = 1, .hints = hints,
			   .nblocked = 2, .blocked = blk, .nexcl_diag = 1,
			   .excl_diag = diag, .nexcl_anti = 1,
			   .excl_anti = anti };
	nq_result res;
	uint64_t want;

	(void)state;
	if (!have_minizinc())
		skip();
	want = oracle_count(&in);
	assert_true(want > 0);
	for (int k = 0; k < 2; k++) {
		in.mode = k ? NQ_MODE_FIRST : NQ_MODE_COUNT;
		oracle_check(configs[k].name, &in,
			     run_mzn(k, "minizinc", &in, 0, &res), &res, want);
		free(res.placement);
	}
}

/* The data file as `export --format dzn` writes it. */
static void data_file(void **state)
{
	static const nq_square hints[] = { { 2, 4 } };
	static const nq_square blk[] = { { 0, 0 }, { 0, 1 } };
	static const int diag[] = { 2, 6 }, anti[] = { 1 };
	nq_instance in = { .n = 5, .nhints = 1, .hints = hints,
			   .nblocked = 2, .blocked = blk };
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	f = open_memstream(&text, &len);
	assert_non_null(f);
	nq_mzn_write_data(f, &in, "one\ntwo");
	fclose(f);
	assert_string_equal(text, "% one\n% two\nn = 5;\n"
			    "blocks = [| 1, 1 | 1, 2 |];\n"
			    "queens = [| 3, 5 |];\n");
	free(text);
	in.nhints = in.nblocked = 0;
	in.nexcl_diag = 2;
	in.excl_diag = diag;
	in.nexcl_anti = 1;
	in.excl_anti = anti;
	f = open_memstream(&text, &len);
	assert_non_null(f);
	nq_mzn_write_data(f, &in, NULL);
	fclose(f);
	assert_string_equal(text, "n = 5;\nblocks = [| |];\n"
			    "excluded_diagonals = [3, 7];\n"
			    "excluded_antidiagonals = [2];\n");
	free(text);
}

/* A stand-in for minizinc: a script that prints `output` whatever it
 * is asked. Returns its path (static). */
static const char *stand_in(const char *output)
{
	static char path[64];
	FILE *f;

	snprintf(path, sizeof path, "/tmp/nq-fake-mzn-%ld", (long)getpid());
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "#!/bin/sh\ncat <<'EOF'\n%sEOF\n", output);
	fclose(f);
	assert_int_equal(chmod(path, 0755), 0);
	return path;
}

/* Output the solver must not take for an answer: each an error, never
 * a count or a "none". */
static void untrusted_output(void **state)
{
	static const struct {
		enum nq_mode mode;
		const char *out, *note;
	} cases[] = {
		/* solutions but no "==========": not a whole count */
		{ NQ_MODE_COUNT, "q = [2, 4, 1, 3];\n----------\n",
		  "complete count" },
		/* the count printed and the count said differ */
		{ NQ_MODE_COUNT, "q = [2, 4, 1, 3];\n----------\n==========\n"
		  "%%%mzn-stat: nSolutions=2\n", "counted 2" },
		/* a solution, then "none" */
		{ NQ_MODE_FIRST, "q = [2, 4, 1, 3];\n----------\n"
		  "=====UNSATISFIABLE=====\n", "UNSATISFIABLE" },
		/* a separator without a solution line before it */
		{ NQ_MODE_FIRST, "----------\n==========\n", "not understood" },
		/* a solution line of the wrong length, or off the board */
		{ NQ_MODE_FIRST, "q = [2, 4, 1];\n----------\n",
		  "not understood" },
		{ NQ_MODE_FIRST, "q = [2, 4, 1, 5];\n----------\n",
		  "not understood" },
		/* numbers read bounded: a column past int, a count said
		 * past 2^64 (clamped, it could match), text glued to one */
		{ NQ_MODE_FIRST, "q = [4294967298, 4, 1, 3];\n----------\n",
		  "not understood" },
		{ NQ_MODE_COUNT, "q = [2, 4, 1, 3];\n----------\n"
		  "q = [3, 1, 4, 2];\n----------\n==========\n"
		  "%%%mzn-stat: nSolutions=18446744073709551618\n",
		  "nSolutions=18446744073709551618" },
		{ NQ_MODE_COUNT, "q = [2, 4, 1, 3];\n----------\n"
		  "q = [3, 1, 4, 2];\n----------\n==========\n"
		  "%%%mzn-stat: nodes=12x\n", "nodes=12x" },
		{ NQ_MODE_COUNT, "q = [2, 4, 1, 3];\n----------\n"
		  "q = [3, 1, 4, 2];\n----------\n==========\n"
		  "%%%mzn-stat: solveTime=nan\n", "solveTime=nan" },
		/* nothing at all */
		{ NQ_MODE_FIRST, "", "no answer" },
		{ NQ_MODE_COUNT, "=====ERROR=====\n", "no answer" },
	};
	nq_instance in = { .n = 4 };
	nq_result res;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const char *cmd = stand_in(cases[i].out);
		int rc;

		in.mode = cases[i].mode;
		rc = run_mzn(0, cmd, &in, 0, &res);
		if (rc != NQ_ERR || !strstr(res.note, cases[i].note))
			fail_msg("case %zu: rc %d, note '%s' (expected an "
				 "error saying '%s')", i, rc, res.note,
				 cases[i].note);
		free(res.placement);
	}
	/* and what it must take: a count ended by "==========" */
	in.mode = NQ_MODE_COUNT;
	assert_int_equal(run_mzn(0, stand_in("q = [2, 4, 1, 3];\n----------\n"
					     "q = [3, 1, 4, 2];\n----------\n"
					     "==========\n"), &in, 0, &res),
			 NQ_OK);
	assert_int_equal(res.solutions, 2);
	free(res.placement);
	unlink(stand_in(""));
}

/* The backend check: gecode runs, an id that is not there is refused
 * naming what is there, a text that is no id is refused before any
 * program runs. */
static void backend_check(void **state)
{
	nq_optval opt[4] = { { "gecode", 0, NULL }, { "int", 0, NULL },
			     { "default", 0, NULL }, { "minizinc", 0, NULL } };
	char msg[400];

	(void)state;
	if (!have_minizinc())
		skip();
	assert_int_equal(nq_minizinc_check(opt, msg, sizeof msg), 0);
	opt[0].str = "no-such-backend";
	assert_int_equal(nq_minizinc_check(opt, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "'no-such-backend' does not run"));
	assert_non_null(strstr(msg, "org.gecode.gecode"));
	opt[0].str = "gecode; rm";
	assert_int_equal(nq_minizinc_check(opt, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "no backend id"));
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counts),
		cmocka_unit_test(placed),
		cmocka_unit_test(blocked),
		cmocka_unit_test(excluded),
		cmocka_unit_test(everything),
		cmocka_unit_test(data_file),
		cmocka_unit_test(untrusted_output),
		cmocka_unit_test(backend_check),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
