/* test_solfile.c - `harness check --from --solution`: the square map of an
 * exported file, and each solver's answer read off its own output file,
 * with the file and line named when something is wrong. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "solfile.h"

static char dir[] = "/tmp/nq-test-solfile-XXXXXX";

static const char *put(const char *name, const char *text)
{
	static char path[8][256];
	static int next;
	char *p = path[next++ % 8];
	FILE *f;

	snprintf(p, 256, "%s/%s", dir, name);
	f = fopen(p, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return p;
}

/* A 4 x 4 board: square (r, c) is variable 4r + c + 1 (0-based). */
static const char cnf4[] =
	"c n-queens n=4 encoding pairwise, hints (1-based row:col): 1:2\n"
	"c written by harness 0.1.0 export\n"
	"c square 1 1 1\nc square 1 2 2\nc square 1 3 3\nc square 1 4 4\n"
	"c square 2 1 5\nc square 2 2 6\nc square 2 3 7\nc square 2 4 8\n"
	"c square 3 1 9\nc square 3 2 10\nc square 3 3 11\nc square 3 4 12\n"
	"c square 4 1 13\nc square 4 2 14\nc square 4 3 15\nc square 4 4 16\n"
	"p cnf 20 1\n1 2 0\n";

static void map_cnf(void **state)
{
	nq_sqmap m;
	char why[512];

	(void)state;
	assert_int_equal(nq_sqmap_read(&m, put("a.cnf", cnf4), why,
				       sizeof why), 0);
	assert_int_equal(m.n, 4);
	assert_true(m.cnf);
	assert_int_equal(m.nvars, 20);
	assert_int_equal(m.var[2 * 4 + 3], 12);
	assert_int_equal(m.header_n, 4);
	assert_true(m.header_hints);
	assert_int_equal(m.nhints, 1);
	assert_int_equal(m.hints[0].row, 0);
	assert_int_equal(m.hints[0].col, 1);
	nq_sqmap_free(&m);
}

/* Blocked squares and excluded lines: written by nq_sqmap_describe,
 * read back 0-based as nq_instance holds them; and the lines it refuses,
 * each named by file and line. */
static void map_restrictions(void **state)
{
	static const nq_square blocked[] = { { 3, 3 }, { 2, 0 } };
	static const int diag[] = { 0, 6 }, anti[] = { 2 };
	nq_instance in = { .n = 4, .nblocked = 2, .blocked = blocked,
			   .nexcl_diag = 2, .excl_diag = diag,
			   .nexcl_anti = 1, .excl_anti = anti };
	static const char *const bad[][2] = {
		{ "c blocked 5 1\n", "off the 4 x 4 board" },
		{ "c excluded diagonal 8\n", "off the 4 x 4 board" },
		{ "c blocked 4 4\n", "listed twice" },
		{ "c blocked 1 2\n", "the hint 1:2 stands there" },
		{ "c excluded antidiagonal 2\n", "the hint 1:2 stands there" },
		{ "c blocked 1\n", "expected \"blocked ROW COL\"" },
		{ "c excluded column 3\n", "expected \"excluded diagonal D\"" },
	};
	char lines[256], text[2048], why[512];
	size_t need;
	nq_sqmap m;

	(void)state;
	need = nq_sqmap_describe(&in, lines, sizeof lines);
	assert_int_equal(need, strlen(lines));
	assert_string_equal(lines, "blocked 4 4\nblocked 3 1\n"
			    "excluded diagonal 1\nexcluded diagonal 7\n"
			    "excluded antidiagonal 3\n");
	assert_int_equal(nq_sqmap_describe(&in, NULL, 0), need);
	/* the same lines as comments, lines out of order */
	snprintf(text, sizeof text, "c blocked 4 4\nc blocked 3 1\n"
		 "c excluded diagonal 7\nc excluded diagonal 1\n"
		 "c excluded antidiagonal 3\n%s", cnf4);
	assert_int_equal(nq_sqmap_read(&m, put("r.cnf", text), why,
				       sizeof why), 0);
	assert_int_equal(m.nblocked, 2);
	assert_int_equal(m.blocked[0].row, 3);
	assert_int_equal(m.blocked[1].col, 0);
	assert_int_equal(m.nexcl_diag, 2);
	assert_int_equal(m.excl_diag[0], 0);
	assert_int_equal(m.excl_diag[1], 6);
	assert_int_equal(m.nexcl_anti, 1);
	assert_int_equal(m.excl_anti[0], 2);
	nq_sqmap_free(&m);
	/* a plain file: none */
	assert_int_equal(nq_sqmap_read(&m, put("a.cnf", cnf4), why,
				       sizeof why), 0);
	assert_int_equal(m.nblocked + m.nexcl_diag + m.nexcl_anti, 0);
	assert_null(m.blocked);
	nq_sqmap_free(&m);
	assert_int_equal(nq_sqmap_describe(&(nq_instance){ .n = 4 }, why,
					   sizeof why), 0);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(text, sizeof text, "c blocked 4 4\n%s%s", bad[i][0],
			 cnf4);
		assert_int_equal(nq_sqmap_read(&m, put("x.cnf", text), why,
					       sizeof why), -1);
		if (!strstr(why, bad[i][1]) || !strstr(why, "x.cnf:2"))
			fail_msg("'%s': %s", bad[i][0], why);
	}
}

static void read_answers(void **state)
{
	nq_sqmap m;
	char why[512], how[128];
	int32_t p[4];
	enum nq_sol_format used;

	(void)state;
	assert_int_equal(nq_sqmap_read(&m, put("a.cnf", cnf4), why,
				       sizeof why), 0);
	/* 2 4 1 3: variables 2, 8, 9, 15 */
	assert_int_equal(nq_solution_read(&m, put("s.out",
		"c cadical\ns SATISFIABLE\nv -1 2 -3 -4 -5 -6 -7 8 9\n"
		"v -10 -11 -12 -13 -14 15 -16 0\n"), NQ_SOL_AUTO, &used, p,
		how, sizeof how, why, sizeof why), 1);
	assert_int_equal(used, NQ_SOL_DIMACS);
	assert_int_equal(p[0], 1);
	assert_int_equal(p[1], 3);
	assert_int_equal(p[2], 0);
	assert_int_equal(p[3], 2);
	assert_int_equal(nq_solution_read(&m, put("m.res",
		"SAT\n-1 2 -3 -4 -5 -6 -7 8 9 -10 -11 -12 -13 -14 15 -16 0\n"),
		NQ_SOL_AUTO, &used, p, how, sizeof how, why, sizeof why), 1);
	assert_int_equal(used, NQ_SOL_MINISAT);
	assert_int_equal(nq_solution_read(&m, put("u.res", "UNSAT\n"),
		NQ_SOL_AUTO, NULL, p, how, sizeof how, why, sizeof why), 0);
	/* two queens in row 1 */
	assert_int_equal(nq_solution_read(&m, put("two.out",
		"s SATISFIABLE\nv 1 2 8 9 15 0\n"), NQ_SOL_DIMACS, NULL, p,
		how, sizeof how, why, sizeof why), 2);
	assert_non_null(strstr(why, "row 1 has two queens"));
	nq_sqmap_free(&m);
}

static void errors_name_file_and_line(void **state)
{
	nq_sqmap m;
	char why[512];
	int32_t p[4];

	(void)state;
	assert_int_equal(nq_sqmap_read(&m, put("a.cnf", cnf4), why,
				       sizeof why), 0);
	assert_int_equal(nq_solution_read(&m, put("b.out",
		"s SATISFIABLE\nv 1 2\nv 3 y 0\n"), NQ_SOL_AUTO, NULL, p,
		NULL, 0, why, sizeof why), -1);
	assert_non_null(strstr(why, "b.out:3: 'y' is not a literal"));
	assert_int_equal(nq_solution_read(&m, put("c.out",
		"s SATISFIABLE\nv 21 0\n"), NQ_SOL_AUTO, NULL, p, NULL, 0,
		why, sizeof why), -1);
	assert_non_null(strstr(why, "c.out:2: literal 21 names no variable"));
	assert_int_equal(nq_solution_read(&m, put("d.out", "s UNKNOWN\n"),
		NQ_SOL_AUTO, NULL, p, NULL, 0, why, sizeof why), -1);
	assert_non_null(strstr(why, "d.out:1: the solver gave no answer"));
	assert_int_equal(nq_solution_read(&m, put("e.sol",
		"Optimal - objective value 0\n"), NQ_SOL_CBC, NULL, p, NULL,
		0, why, sizeof why), -1);
	assert_non_null(strstr(why, "belongs to an LP or MPS file"));
	nq_sqmap_free(&m);

	assert_int_equal(nq_sqmap_read(&m, put("f.cnf",
		"c square 1 1 1\nc square 1 1 2\nc square 2 1 3\n"
		"c square 2 2 4\np cnf 4 0\n"), why, sizeof why), -1);
	assert_non_null(strstr(why, "f.cnf:2: square 1 1 given twice"));
	assert_int_equal(nq_sqmap_read(&m, put("g.cnf",
		"c square 1 x 1\n"), why, sizeof why), -1);
	assert_non_null(strstr(why, "g.cnf:1: expected \"square ROW COL VAR\""));
	assert_int_equal(nq_sqmap_read(&m, put("h.cnf", "p cnf 1 0\n"), why,
				       sizeof why), -1);
	assert_non_null(strstr(why, "not a file written by harness export"));
}

/* LP: 2 x 2 board of columns a..d, maximizing the queens. */
static const char lp2[] =
	"\\ n-queens n=2 model independent-set, hints (1-based row:col): none\n"
	"\\ objective: maximize the number of queens (a proved optimum below n: "
	"no placement)\n"
	"\\ square 1 1 a\n\\ square 1 2 b\n\\ square 2 1 c\n\\ square 2 2 d\n"
	"Maximize\n obj: a + b + c + d\n";

static void ilp_answers(void **state)
{
	nq_sqmap m;
	char why[512], how[128];
	int32_t p[2];
	enum nq_sol_format used;

	(void)state;
	assert_int_equal(nq_sqmap_read(&m, put("i.lp", lp2), why, sizeof why),
			 0);
	assert_false(m.cnf);
	assert_true(m.counts_queens);
	/* a proved optimum of 1 queen of 2: none */
	assert_int_equal(nq_solution_read(&m, put("i.sol",
		"Optimal - objective value 1.00000000\n"
		"      0 a  1  1\n      1 b  0  1\n"), NQ_SOL_AUTO, &used, p,
		how, sizeof how, why, sizeof why), 0);
	assert_int_equal(used, NQ_SOL_CBC);
	assert_non_null(strstr(how, "an optimum of 1 of 2 queens"));
	/* the same point without a proof: no answer */
	assert_int_equal(nq_solution_read(&m, put("j.sol",
		"Stopped on time - objective value 1.00000000\n"
		"      0 a  1  1\n"), NQ_SOL_AUTO, NULL, p, how, sizeof how,
		why, sizeof why), -1);
	assert_non_null(strstr(why, "no answer"));
	assert_int_equal(nq_solution_read(&m, put("k.glp",
		"Problem:    \nRows:       6\nStatus:     INTEGER EMPTY\n"),
		NQ_SOL_AUTO, &used, p, how, sizeof how, why, sizeof why), 0);
	assert_int_equal(used, NQ_SOL_GLPSOL);
	assert_int_equal(nq_solution_read(&m, put("l.glp",
		"Problem:    \nStatus:     INTEGER OPTIMAL\n\n"
		"   No. Column name       Activity     Lower bound   Upper bound\n"
		"------ ------------    ------------- ------------- -------------\n"
		"     1 a            *              1             0             1\n"
		"     2 b            *            one             0             1\n"),
		NQ_SOL_AUTO, NULL, p, how, sizeof how, why, sizeof why), -1);
	assert_non_null(strstr(why, "l.glp:7: column b: expected its activity"));
	nq_sqmap_free(&m);
}

/* The whole output read strictly, as a run of dimacs or cbc reads it
 * (the same reader): one s line, literals bounded within the CNF's
 * variables, each row as the model has it. */
static void strict_dimacs(void **state)
{
	static const char *const bad[][2] = {
		/* a second s line, either way round, before or after v */
		{ "s SATISFIABLE\nv 2 8 9 15 0\ns UNSATISFIABLE\n",
		  "x.out:3: a second s line (the first: line 1)" },
		{ "s UNSATISFIABLE\ns SATISFIABLE\nv 2 8 9 15 0\n",
		  "x.out:2: a second s line" },
		/* a literal beyond the variables, one wrapped by overflow
		 * (2^32 + 1 is 1 as an int), and LLONG_MIN, whose |x| is
		 * no long */
		{ "s SATISFIABLE\nv 2 8 9 15 21 0\n",
		  "x.out:2: literal 21 names no variable (the CNF has 20)" },
		{ "s SATISFIABLE\nv 4294967297 8 9 15 0\n",
		  "literal 4294967297 names no variable" },
		{ "s SATISFIABLE\nv -9223372036854775808 2 8 9 15 0\n",
		  "literal -9223372036854775808 names no variable" },
		{ "s SATISFIABLE\nv 99999999999999999999999 0\n",
		  "names no variable" },
		{ "s SATISFIABLE\nv 2 8 9 15x 0\n", "'15x' is not a literal" },
		/* one variable both ways; an assignment beside UNSAT */
		{ "s SATISFIABLE\nv 2 8 9 15 -8 0\n",
		  "x.out:2: variable 8 is given both true and false" },
		{ "s UNSATISFIABLE\nv 2 8 9 15 0\n",
		  "x.out:1: UNSATISFIABLE, but with an assignment" },
		{ "SAT\n2 8 9 15 0\nUNSAT\n",
		  "x.out:3: literals after the closing 0" },
		{ "SAT\n2 8 9 15\nUNSAT\n",
		  "x.out:3: 'UNSAT' is not a literal" },
	};
	nq_sqmap m;
	char why[512];
	int32_t p[4];

	(void)state;
	assert_int_equal(nq_sqmap_read(&m, put("a.cnf", cnf4), why,
				       sizeof why), 0);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int rc = nq_solution_read(&m, put("x.out", bad[i][0]),
					  NQ_SOL_AUTO, NULL, p, NULL, 0, why,
					  sizeof why);

		if (rc != -1 || !strstr(why, bad[i][1]))
			fail_msg("case %zu: rc %d, '%s' (expected -1, '%s')",
				 i, rc, why, bad[i][1]);
	}
	/* 2 4 1 3 with a fifth queen at 1:1: row 1 goes on as it is, two
	 * queens, never as its first queen (which made 1 4 1 3, or with
	 * the first dropped a valid 2 4 1 3) */
	assert_int_equal(nq_solution_read(&m, put("y.out",
		"s SATISFIABLE\nv 1 2 8 9 15 0\n"), NQ_SOL_DIMACS, NULL, p,
		NULL, 0, why, sizeof why), 2);
	assert_non_null(strstr(why, "row 1 has two queens (columns 1 and 2)"));
	assert_int_equal(p[0], NQ_SOL_ROW_MANY);
	assert_int_equal(p[1], 3);
	assert_int_equal(p[2], 0);
	assert_int_equal(p[3], 2);
	/* a row with none, after a row with two: the first fault named,
	 * both marked */
	assert_int_equal(nq_solution_read(&m, put("z.out",
		"s SATISFIABLE\nv 1 2 9 15 0\n"), NQ_SOL_DIMACS, NULL, p,
		NULL, 0, why, sizeof why), 2);
	assert_non_null(strstr(why, "row 1 has two queens"));
	assert_int_equal(p[0], NQ_SOL_ROW_MANY);
	assert_int_equal(p[1], NQ_SOL_ROW_NONE);
	nq_sqmap_free(&m);
}

/* CBC's column lines read whole and bounded; the exported file's own
 * numbers too. */
static void strict_cbc_and_map(void **state)
{
	static const char *const bad[][2] = {
		{ "Optimal - objective value 2\n 4294967296 a 1 0\n",
		  "x.sol:2: expected \"INDEX NAME VALUE REDUCED-COST\"" },
		{ "Optimal - objective value 2\n 0 a 1 0\n 1 d 1 0\n"
		  " 2 a 0 0\n", "x.sol:4: column a given twice" },
		{ "Optimal - objective value 2\n 0 a nan 0\n",
		  "x.sol:2: expected" },
		{ "Optimal - objective value 2\n 0 a 1 0 junk\n",
		  "x.sol:2: expected" },
		{ "Optimal - objective value 2\n 0 a 1e999 0\n",
		  "x.sol:2: expected" },
	};
	static const char *const bad_maps[][2] = {
		{ "c square 4294967297 1 1\n", "expected \"square ROW COL VAR\"" },
		{ "c square 1 1 4294967297\n", "expected \"square ROW COL VAR\"" },
		{ "c n-queens n=4294967300 encoding pairwise\n",
		  "expected \"n-queens n=N\"" },
		{ "c n-queens n=4 encoding x, hints (1-based row:col): "
		  "4294967297:2\n", "expected the hints" },
		{ "c blocked 4294967297 1\n", "expected \"blocked ROW COL\"" },
	};
	nq_sqmap m;
	char why[512], text[2048];
	int32_t p[2], p3[3];

	(void)state;
	assert_int_equal(nq_sqmap_read(&m, put("i.lp", lp2), why, sizeof why),
			 0);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int rc = nq_solution_read(&m, put("x.sol", bad[i][0]),
					  NQ_SOL_CBC, NULL, p, NULL, 0, why,
					  sizeof why);

		if (rc != -1 || !strstr(why, bad[i][1]))
			fail_msg("cbc case %zu: rc %d, '%s' (expected -1, "
				 "'%s')", i, rc, why, bad[i][1]);
	}
	/* a proved optimum with two queens on row 1: as they are */
	assert_int_equal(nq_solution_read(&m, put("w.sol",
		"Optimal - objective value 2\n 0 a 1 0\n 1 b 1 0\n"),
		NQ_SOL_CBC, NULL, p, NULL, 0, why, sizeof why), 2);
	assert_non_null(strstr(why, "row 1 has two queens"));
	assert_int_equal(p[0], NQ_SOL_ROW_MANY);
	nq_sqmap_free(&m);
	/* a "proved optimum" below n that breaks a row proves no "none":
	 * the point is no point of the model (1:1 and 1:3 on n = 3) */
	assert_int_equal(nq_sqmap_read(&m, put("k.lp",
		"\\ n-queens n=3 model independent-set, hints (1-based "
		"row:col): none\n\\ objective: maximize the number of "
		"queens\n\\ square 1 1 a\n\\ square 1 2 b\n\\ square 1 3 c\n"
		"\\ square 2 1 d\n\\ square 2 2 e\n\\ square 2 3 f\n"
		"\\ square 3 1 g\n\\ square 3 2 h\n\\ square 3 3 i\n"
		"Maximize\n obj: a\n"), why, sizeof why), 0);
	assert_true(m.counts_queens);
	assert_int_equal(nq_solution_read(&m, put("k.sol",
		"Optimal - objective value 2\n 0 a 1 0\n 2 c 1 0\n"),
		NQ_SOL_CBC, NULL, p3, NULL, 0, why, sizeof why), 2);
	assert_non_null(strstr(why, "row 1 has two queens (columns 1 and 3)"));
	/* and an honest one, 1:1 and 2:3, is "none" */
	assert_int_equal(nq_solution_read(&m, put("k.sol",
		"Optimal - objective value 2\n 0 a 1 0\n 5 f 1 0\n"),
		NQ_SOL_CBC, NULL, p3, NULL, 0, why, sizeof why), 0);
	nq_sqmap_free(&m);
	for (size_t i = 0; i < sizeof bad_maps / sizeof bad_maps[0]; i++) {
		snprintf(text, sizeof text, "%s%s", bad_maps[i][0], cnf4);
		if (nq_sqmap_read(&m, put("x.cnf", text), why,
				  sizeof why) != -1 ||
		    !strstr(why, bad_maps[i][1]) || !strstr(why, "x.cnf:1"))
			fail_msg("map case %zu: '%s' (expected x.cnf:1 and "
				 "'%s')", i, why, bad_maps[i][1]);
	}
	assert_int_equal(nq_sqmap_read(&m, put("v.cnf", "c square 1 1 1\n"
		"p cnf 99999999999 1\n"), why, sizeof why), -1);
	assert_non_null(strstr(why, "v.cnf:2: expected \"p cnf VARS CLAUSES\""));
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[300];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(map_cnf),
		cmocka_unit_test(map_restrictions),
		cmocka_unit_test(read_answers),
		cmocka_unit_test(errors_name_file_and_line),
		cmocka_unit_test(ilp_answers),
		cmocka_unit_test(strict_dimacs),
		cmocka_unit_test(strict_cbc_and_map),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, setup, teardown);
}
