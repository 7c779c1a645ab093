/* test_oracle_asp.c - the `asp` approach (clingo on the program of
 * solvers/program/declarative/asp.c) against OEIS and the brute-force oracle
 * (oracle.h): counts n = 1..9 in both encodings, then a sample of the
 * random small instances of the three families (completion, blocked
 * squares, excluded lines), first and count, each a clingo run, the
 * encodings taking turns. Then what the solver must refuse to believe:
 * fake clingo programs (shell scripts) that claim a count the search did
 * not finish, a placement short of queens, an answer with a queen off
 * the board, an exit status that is no answer, and running out of
 * memory; and a real time limit that stops a count part way. Fixed
 * seeds; about 10 s on an idle machine.
 *
 * Usage: test_oracle_asp [NAME-PATTERN]
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
#include "asp.h"
#include "oracle.h"

/* Instances of each family and mode: a clingo run each. */
#define SAMPLE (20 / ORACLE_SANITIZER_SHARE + 2)

static int have_clingo(void)
{
	return access("/usr/bin/clingo", X_OK) == 0;
}

static int run_asp(const char *command, int encoding, const nq_instance *in,
		   double time_limit, nq_result *res)
{
	nq_optval opt[2] = { { nq_asp_encodings[encoding], encoding, NULL },
			     { command, 0, NULL } };
	nq_job job = { in, opt, 1, time_limit, NULL };

	host_result(res, in->n);
	return nq_solver_asp.solve(&job, res);
}

/* OEIS A000170 for n = 1..9, both encodings, count and first. */
static void counts_oeis(void **state)
{
	nq_result res;
	char who[64];

	(void)state;
	if (!have_clingo())
		skip();
	for (int e = 0; nq_asp_encodings[e]; e++)
		for (int n = 1; n <= 9; n++) {
			nq_instance in = { .n = n, .mode = NQ_MODE_COUNT };
			int rc = run_asp("clingo", e, &in, 0, &res);

			snprintf(who, sizeof who, "asp %s", nq_asp_encodings[e]);
			oracle_check(who, &in, rc, &res, a000170[n - 1]);
			assert_true(res.decisions >= 0 && res.conflicts >= 0);
			assert_true(res.vars > 0 && res.constraints >= 0);
			free(res.placement);
			in.mode = NQ_MODE_FIRST;
			rc = run_asp("clingo", e, &in, 0, &res);
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

	if (!have_clingo())
		skip();
	for (int m = 0; m < 2; m++) {
		uint64_t state = seed + (uint64_t)m;

		for (int i = 0; i < SAMPLE; i++) {
			int e = i % 2, rc;

			oracle_random(&o, fam, modes[m], &state);
			rc = run_asp("clingo", e, &o.in, 30, &res);
			snprintf(who, sizeof who, "asp %s", nq_asp_encodings[e]);
			oracle_check(who, &o.in, rc, &res, oracle_count(&o.in));
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

/* The program as written: facts 1-based, the rules of the encoding. */
static void program_text(void **state)
{
	static const nq_square hints[] = { { 0, 1 } }, blockd[] = { { 2, 3 } };
	static const int diag[] = { 0 }, anti[] = { 6 };
	nq_instance in = { .n = 4, .mode = NQ_MODE_FIRST, .nhints = 1,
			   .hints = hints, .nblocked = 1, .blocked = blockd,
			   .nexcl_diag = 1, .excl_diag = diag,
			   .nexcl_anti = 1, .excl_anti = anti };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	assert_non_null(f);
	assert_int_equal(nq_asp_write(f, &in, NQ_ASP_CHOICE, "first\nsecond"),
			 0);
	fclose(f);
	assert_non_null(strstr(text, "% first\n% second\n"));
	assert_non_null(strstr(text, "#const n = 4.\n"));
	assert_non_null(strstr(text, "hint(1,2).\n"));
	assert_non_null(strstr(text, "blocked(3,4).\n"));
	assert_non_null(strstr(text, "excluded_diag(1).\n"));
	assert_non_null(strstr(text, "excluded_anti(7).\n"));
	assert_non_null(strstr(text, "1 { q(R,C) : square(R,C) } 1 :- row(R)."));
	assert_null(strstr(text, "#count"));
	free(text);
}

/* A fake clingo: a script printing `out` and exiting `code`. */
static void fake(const char *path, const char *out, int code)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fprintf(f, "#!/bin/sh\ncat <<'EOF'\n%sEOF\necho 'fake: said so' >&2\n"
		"exit %d\n", out, code);
	fclose(f);
	assert_int_equal(chmod(path, 0755), 0);
}

/* What a lying or failing clingo says is never taken as an answer. */
static void liars(void **state)
{
	static const struct {
		const char *out;
		int code, mode, want;
		const char *note;
	} cases[] = {
		/* a count with '+' is a count cut short, whatever the status */
		{ "SATISFIABLE\nModels       : 92+\n", 30, NQ_MODE_COUNT,
		  NQ_ERR, "without a complete count" },
		/* exhausted, but no Models line */
		{ "SATISFIABLE\n", 30, NQ_MODE_COUNT, NQ_ERR,
		  "Models line missing" },
		/* a model found, search not exhausted: no count */
		{ "SATISFIABLE\nModels       : 92\n", 10, NQ_MODE_COUNT,
		  NQ_ERR, "without a complete count" },
		/* interrupted: the time limit, and what it found so far */
		{ "SATISFIABLE\nModels       : 17+\n", 11, NQ_MODE_COUNT,
		  NQ_ETIMEOUT, "17+ models found" },
		{ "UNKNOWN\nModels       : 0+\n", 33, NQ_MODE_FIRST,
		  NQ_ENOMEM, "fake: said so" },
		{ "", 65, NQ_MODE_FIRST, NQ_ERR, "exited 65" },
		{ "", 128, NQ_MODE_FIRST, NQ_ERR, "exited 128" },
		{ "", 0, NQ_MODE_FIRST, NQ_ERR, "no answer" },
		/* a first answer short of a queen */
		{ "Answer: 1\nq(1,2) q(2,4) q(3,1)\nSATISFIABLE\n", 10,
		  NQ_MODE_FIRST, NQ_ERR, "holds 3 queens of 4" },
		/* a queen off the board, a row twice */
		{ "Answer: 1\nq(1,2) q(2,4) q(3,1) q(5,3)\nSATISFIABLE\n", 10,
		  NQ_MODE_FIRST, NQ_ERR, "off the board" },
		{ "Answer: 1\nq(1,2) q(2,4) q(3,1) q(3,3)\nSATISFIABLE\n", 10,
		  NQ_MODE_FIRST, NQ_ERR, "a row twice" },
		/* numbers read bounded: q(4294967297,2) is no q(1,2) (an
		 * int overflow wrapped it onto the board), a count past
		 * 2^63 or 2^64 none clamped, text glued to one no count */
		{ "Answer: 1\nq(4294967297,2) q(2,4) q(3,1) q(4,3)\n"
		  "SATISFIABLE\n", 10, NQ_MODE_FIRST, NQ_ERR,
		  "off the board or a row twice: q(4294967297,2)" },
		{ "Answer: 1\nq(1,2) q(2,4) q(3,1) q(4,3x)\nSATISFIABLE\n",
		  10, NQ_MODE_FIRST, NQ_ERR, "q(4,3x)" },
		{ "Answer: 1\nq(1,2) q(2,4) q(3,1) q(4,3) q(4,3)\n"
		  "SATISFIABLE\n", 10, NQ_MODE_FIRST, NQ_ERR, "a row twice" },
		{ "SATISFIABLE\nModels       : 18446744073709551708\n", 30,
		  NQ_MODE_COUNT, NQ_ERR, "out of range" },
		{ "SATISFIABLE\nModels       : 9223372036854775900\n", 30,
		  NQ_MODE_COUNT, NQ_ERR, "9223372036854775900" },
		{ "SATISFIABLE\nModels       : 2x\n", 30, NQ_MODE_COUNT,
		  NQ_ERR, "glued" },
		{ "SATISFIABLE\nModels       : 2\nChoices      : "
		  "99999999999999999999\n", 30, NQ_MODE_COUNT, NQ_ERR,
		  "Choices" },
		/* two answers to --models=1 */
		{ "Answer: 1\nq(1,2) q(2,4) q(3,1) q(4,3)\nAnswer: 2\n"
		  "q(1,3) q(2,1) q(3,4) q(4,2)\nSATISFIABLE\n", 10,
		  NQ_MODE_FIRST, NQ_ERR, "2 answers" },
		/* "SAT" without an answer line */
		{ "SATISFIABLE\n", 10, NQ_MODE_FIRST, NQ_ERR,
		  "holds 0 queens" },
	};
	char dir[] = "/tmp/test_asp_XXXXXX", path[64];
	nq_result res;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/clingo", dir);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		nq_instance in = { .n = 4, .mode = cases[i].mode };
		int rc;

		fake(path, cases[i].out, cases[i].code);
		rc = run_asp(path, 0, &in, 0, &res);
		if (rc != cases[i].want || !strstr(res.note, cases[i].note))
			fail_msg("case %zu: rc %d note '%s', expected rc %d "
				 "and '%s'", i, rc, res.note, cases[i].want,
				 cases[i].note);
		free(res.placement);
	}
	/* and a true answer through the same fake passes, placement read */
	{
		nq_instance in = { .n = 4, .mode = NQ_MODE_FIRST };

		fake(path, "Answer: 1\nq(2,4) q(1,2) q(3,1) q(4,3)\n"
		     "SATISFIABLE\nChoices      : 3\nConflicts    : 1 "
		     "(Analyzed: 1)\n", 10);
		assert_int_equal(run_asp(path, 0, &in, 0, &res), NQ_OK);
		oracle_check("asp fake", &in, NQ_OK, &res, 2);
		assert_int_equal(res.decisions, 3);
		assert_int_equal(res.conflicts, 1);
		free(res.placement);
	}
	unlink(path);
	rmdir(dir);
}

/* clingo's own time limit ends a count part way: a timeout whose note
 * says how many models came first, never a count. */
static void time_limit(void **state)
{
	nq_instance in = { .n = 15, .mode = NQ_MODE_COUNT };
	nq_result res;
	int rc;

	(void)state;
	if (!have_clingo())
		skip();
	rc = run_asp("clingo", NQ_ASP_COUNT, &in, 1.6, &res);
	if (rc == NQ_ERR && strstr(res.note, "clingo killed by signal")) {
		/* clingo itself died at its limit (seen once under load: a
		 * glibc malloc assertion, signal 6): an error, never a
		 * count, which is what matters here */
		free(res.placement);
		return;
	}
	if (rc != NQ_ETIMEOUT || !strstr(res.note, "time limit reached"))
		fail_msg("rc %d note '%s'", rc, res.note);
	free(res.placement);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counts_oeis),
		cmocka_unit_test(placed),
		cmocka_unit_test(blocked),
		cmocka_unit_test(excluded),
		cmocka_unit_test(program_text),
		cmocka_unit_test(liars),
		cmocka_unit_test(time_limit),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
