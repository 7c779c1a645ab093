/*
 * test_instfile.c - cmocka tests of core/config/instfile.c: CSPLib Essence'
 * parameter files parsed (prob080's blocks, prob079-style queens,
 * comments and whitespace anywhere) and each error at its line and
 * column; the writer read back.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "instfile.h"

static int parse(const char *text, struct nq_param *p, nq_error *err)
{
	memset(err, 0, sizeof *err);
	return nq_param_parse(text, strlen(text), "t.param", p, err);
}

static void good_prob080(void **state)
{
	struct nq_param p;
	nq_error err;

	(void)state;
	assert_int_equal(parse("$ Blocked n-Queens\nletting n = 5\n"
			       "letting blocks = [[2,3], [1,1],\n"
			       "  [5, 5] $ a comment inside\n]\n", &p, &err),
			 0);
	assert_int_equal(p.n, 5);
	assert_int_equal(p.nblocked, 3);
	assert_int_equal(p.nqueens, 0);
	/* sorted by row, then column; 0-based */
	assert_int_equal(p.blocked[0].row, 0);
	assert_int_equal(p.blocked[0].col, 0);
	assert_int_equal(p.blocked[1].row, 1);
	assert_int_equal(p.blocked[1].col, 2);
	assert_int_equal(p.blocked[2].row, 4);
	nq_param_free(&p);
}

static void good_forms(void **state)
{
	struct nq_param p;
	nq_error err;

	(void)state;
	/* `language` line, `be`, tuples, queens in the order given, all
	 * on one line, an empty list */
	assert_int_equal(parse("language ESSENCE' 1.0\nletting queens be "
			       "[(3,1),(1,2)] letting n be 6 letting blocks "
			       "= []", &p, &err), 0);
	assert_int_equal(p.n, 6);
	assert_int_equal(p.nblocked, 0);
	assert_int_equal(p.nqueens, 2);
	assert_int_equal(p.queens[0].row, 2);
	assert_int_equal(p.queens[0].col, 0);
	assert_int_equal(p.queens[1].row, 0);
	nq_param_free(&p);
	assert_int_equal(parse("letting n = 1", &p, &err), 0);
	assert_int_equal(p.n, 1);
	nq_param_free(&p);
}

/* text, line, col, a piece of the message */
static const struct {
	const char *text;
	int line, col;
	const char *msg;
} bad[] = {
	{ "", 1, 1, "no 'letting n = N'" },
	{ "$ only a comment\n", 2, 1, "no 'letting n = N'" },
	{ "n = 8", 1, 1, "expected 'letting', got 'n'" },
	{ "letting = 8", 1, 9, "expected a name (n, blocks or queens)" },
	{ "letting m = 8", 1, 9, "unknown letting 'm'" },
	{ "letting n 8", 1, 11, "expected '=' or 'be', got '8'" },
	{ "letting n = x", 1, 13, "expected the board size n" },
	{ "letting n = 0", 1, 13, "n must be 1.." },
	{ "letting n = 8\nletting n = 9", 2, 9, "given twice" },
	{ "letting n = 8\nletting blocks = 3", 2, 18, "expected '[' opening a "
	  "list" },
	{ "letting n = 8\nletting blocks = [1,1]", 2, 19, "expected '[' "
	  "opening a pair" },
	{ "letting n = 8\nletting blocks = [[1 1]]", 2, 22, "expected ',' "
	  "between row and column, got '1'" },
	{ "letting n = 8\nletting blocks = [[1,]]", 2, 22, "expected a column "
	  "number, got ']'" },
	{ "letting n = 8\nletting blocks = [[1,2,3]]", 2, 23, "expected ']' "
	  "closing the pair" },
	{ "letting n = 8\nletting blocks = [[1,2]", 2, 24, "got the end of "
	  "the file" },
	{ "letting n = 8\nletting blocks = [[1,2]] %", 2, 26, "got '%'" },
	{ "letting n = 8\nletting blocks = [[0,2]]", 2, 19, "blocked square "
	  "[0, 2] is off the 8x8 board" },
	{ "letting blocks = [[1,9]]\nletting n = 8", 1, 19, "[1, 9] is off" },
	{ "letting n = 8\nletting blocks = [[1,2],\n[3,3], [1,2]]", 3, 8,
	  "blocked square [1, 2] is given twice" },
	{ "letting n = 8\nletting queens = [[1,2], [5,6]]", 2, 26, "queens: "
	  },
	{ "letting n = 8\nletting queens = [[1,2], [1,2]]", 2, 26, "queen "
	  "[1, 2] is given twice" },
	{ "letting n = 8\nletting blocks = [[4,4]]\nletting queens = "
	  "[[1,2], [4,4]]", 3, 26, "queen [4, 4] stands on a blocked "
	  "square" },
	{ "letting n = -3", 1, 13, "n must be 1.." },
	{ "letting n = 99999999999999999999", 1, 13, "n must be 1.." },
};

static void errors_at_line_col(void **state)
{
	struct nq_param p;
	nq_error err;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof *bad; i++) {
		int rc = parse(bad[i].text, &p, &err);

		if (rc != -1 || err.line != bad[i].line ||
		    err.col != bad[i].col || !strstr(err.msg, bad[i].msg) ||
		    strcmp(err.file, "t.param"))
			fail_msg("case %zu '%s': rc %d, %s:%d:%d: %s", i,
				 bad[i].text, rc, err.file, err.line, err.col,
				 err.msg);
	}
}

static void write_read_back(void **state)
{
	nq_square b[10], q[2] = { { 2, 4 }, { 0, 0 } };
	nq_instance in = { 0 };
	struct nq_param p;
	nq_error err;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int i;

	(void)state;
	for (i = 0; i < 10; i++) {
		b[i].row = i;
		b[i].col = (3 * i + 1) % 10;
	}
	in.n = 10;
	in.blocked = b;
	in.nblocked = 10;
	in.hints = q;
	in.nhints = 2;
	nq_param_write(f, &in, "first line\nsecond");
	fclose(f);
	assert_non_null(strstr(buf, "$ first line\n$ second\nletting n = 10"));
	assert_int_equal(nq_param_parse(buf, len, "w", &p, &err), 0);
	assert_int_equal(p.n, 10);
	assert_int_equal(p.nblocked, 10);
	assert_int_equal(p.nqueens, 2);
	for (i = 0; i < 10; i++) {
		assert_int_equal(p.blocked[i].row, b[i].row);
		assert_int_equal(p.blocked[i].col, b[i].col);
	}
	assert_int_equal(p.queens[0].row, 2);
	assert_int_equal(p.queens[1].col, 0);
	nq_param_free(&p);
	free(buf);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(good_prob080),
		cmocka_unit_test(good_forms),
		cmocka_unit_test(errors_at_line_col),
		cmocka_unit_test(write_read_back),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
