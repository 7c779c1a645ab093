/*
 * test_instfile.c - cmocka tests of core/config/instfile.c and
 * instfile_data.c: CSPLib Essence' parameter files parsed (prob080's
 * blocks, prob079-style queens, comments and whitespace anywhere, the
 * published files' comma before ']' and missing final newline, one
 * published file read as it is), PyCSP3's JSON and MiniZinc data in
 * their published shapes, each error at its line and column; which
 * format a file is in; the writers read back.
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
	/* `n` first: an Excluded Diagonals file, which says what it lacks */
	{ "n = 8", 1, 6, "no 'numdiags = ...' in the file (an Excluded "
	  "Diagonals file holds n, numdiags and diags; a parameter file says "
	  "'letting n = N')" },
	{ "m = 8", 1, 1, "expected 'letting', got 'm'" },
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

/* The published style (CSPLib prob080, the ASP competitions' files):
 * one pair a line, a comma after the last, `]` on a line of its own and
 * no newline after it. */
static void published_style(void **state)
{
	struct nq_param p;
	nq_error err;

	(void)state;
	assert_int_equal(parse("letting n = 4\nletting blocks = [[1,1],\n"
			       "[1,2],\n[4,4],\n]", &p, &err), 0);
	assert_int_equal(p.n, 4);
	assert_int_equal(p.nblocked, 3);
	assert_int_equal(p.blocked[2].row, 3);
	assert_int_equal(p.blocked[2].col, 3);
	nq_param_free(&p);
	/* the generator's spacing (print's two spaces), `$` comments */
	assert_int_equal(parse("$ blocked-gen.py 6 2 1 7\nletting n =  6\n"
			       "letting blocks =  [[1, 2], [6, 5]]\n", &p, &err),
			 0);
	assert_int_equal(p.nblocked, 2);
	nq_param_free(&p);
	/* a comma, then nothing but a comment, then ']' */
	assert_int_equal(parse("letting n = 4 letting queens = [[2,1], $ q\n]",
			       &p, &err), 0);
	assert_int_equal(p.nqueens, 1);
	nq_param_free(&p);
}

/* One of the published files, byte for byte (tests/data/csplib). */
static void published_file(void **state)
{
	const char *path = "tests/data/csplib/blockedqueens.28.1449787798.param";
	FILE *f = fopen(path, "rb");
	char buf[8192];
	size_t len;
	struct nq_param p;
	nq_error err;

	(void)state;
	assert_non_null(f);
	len = fread(buf, 1, sizeof buf, f);
	fclose(f);
	assert_true(len > 4000 && len < sizeof buf);
	/* as published: no final newline, a comma before the last ']' */
	assert_int_equal(buf[len - 1], ']');
	assert_int_equal(buf[len - 2], '\n');
	assert_int_equal(buf[len - 3], ',');
	memset(&err, 0, sizeof err);
	if (nq_instfile_parse(nq_instfile_format(path, buf, len), buf, len,
			      path, &p, &err))
		fail_msg("%s:%d:%d: %s", err.file, err.line, err.col, err.msg);
	assert_int_equal(p.n, 28);
	assert_int_equal(p.nblocked, 595);
	assert_int_equal(p.blocked[0].row, 0);       /* [1,1] */
	assert_int_equal(p.blocked[0].col, 0);
	assert_int_equal(p.blocked[594].row, 27);    /* [28,27] */
	assert_int_equal(p.blocked[594].col, 26);
	nq_param_free(&p);
}

static int parse_as(enum nq_instfile_format f, const char *text,
		    struct nq_param *p, nq_error *err)
{
	memset(err, 0, sizeof *err);
	return nq_instfile_parse(f, text, strlen(text), "t.data", p, err);
}

/* PyCSP3's Blocked Queens data, 0-based: its file's shape (one line,
 * no newline), its generator's ("n" , then a line break), keys either
 * way round. */
static void good_json(void **state)
{
	struct nq_param p;
	nq_error err;

	(void)state;
	assert_int_equal(parse_as(NQ_INSTFILE_JSON, "{\"n\": 5, \"blocks\": "
				  "[[0, 0], [4, 3], [0, 1]]}", &p, &err), 0);
	assert_int_equal(p.n, 5);
	assert_int_equal(p.nblocked, 3);
	assert_int_equal(p.blocked[0].row, 0);
	assert_int_equal(p.blocked[0].col, 0);
	assert_int_equal(p.blocked[1].col, 1);
	assert_int_equal(p.blocked[2].row, 4);
	assert_int_equal(p.blocked[2].col, 3);
	nq_param_free(&p);
	assert_int_equal(parse_as(NQ_INSTFILE_JSON, "{\"n\": 5 ,\n\"blocks\": "
				  "[[0, 1], [1, 4]] }\n", &p, &err), 0);
	assert_int_equal(p.nblocked, 2);
	nq_param_free(&p);
	assert_int_equal(parse_as(NQ_INSTFILE_JSON, "{\"blocks\":[],\"n\":1}",
				  &p, &err), 0);
	assert_int_equal(p.n, 1);
	assert_int_equal(p.nblocked, 0);
	nq_param_free(&p);
}

/* MiniZinc data, 1-based, as MiniZinc itself reads it (each form tried
 * on minizinc 2.x: `[| |]`, `[]`, a `|` before `|]`, a comma ending a
 * row, no `;` after the last item, array2d). */
static void good_dzn(void **state)
{
	struct nq_param p;
	nq_error err;

	(void)state;
	assert_int_equal(parse_as(NQ_INSTFILE_DZN, "n = 5; blocks = [| 1, 1 "
				  "| 5, 4 | 1, 2 |];", &p, &err), 0);
	assert_int_equal(p.n, 5);
	assert_int_equal(p.nblocked, 3);
	assert_int_equal(p.blocked[1].col, 1);
	assert_int_equal(p.blocked[2].row, 4);
	assert_int_equal(p.blocked[2].col, 3);
	nq_param_free(&p);
	assert_int_equal(parse_as(NQ_INSTFILE_DZN, "% the data\nn = 5; /* a\n"
				  "comment */ blocks = [| |];\n", &p, &err), 0);
	assert_int_equal(p.nblocked, 0);
	nq_param_free(&p);
	assert_int_equal(parse_as(NQ_INSTFILE_DZN, "blocks = [];\nn = 3",
				  &p, &err), 0);
	assert_int_equal(p.n, 3);
	nq_param_free(&p);
	assert_int_equal(parse_as(NQ_INSTFILE_DZN, "n = 4; blocks = [| 1, 1, |"
				  " 2, 2, | |];", &p, &err), 0);
	assert_int_equal(p.nblocked, 2);
	nq_param_free(&p);
	assert_int_equal(parse_as(NQ_INSTFILE_DZN, "n = 4; blocks = array2d("
				  "1..2, 1..2, [1, 1, 4, 3]);", &p, &err), 0);
	assert_int_equal(p.nblocked, 2);
	assert_int_equal(p.blocked[1].row, 3);
	assert_int_equal(p.blocked[1].col, 2);
	nq_param_free(&p);
	/* the minizinc solver's data: queens and excluded lines too */
	assert_int_equal(parse_as(NQ_INSTFILE_DZN, "n = 8;\nblocks = [| |];\n"
				  "queens = [| 2, 3 | 1, 1 |];\n"
				  "excluded_diagonals = [3];\n"
				  "excluded_antidiagonals = [9, 5];\n", &p, &err),
			 0);
	assert_int_equal(p.nqueens, 2);
	assert_int_equal(p.queens[0].row, 1);       /* in the order given */
	assert_int_equal(p.queens[0].col, 2);
	assert_int_equal(p.nexcl_diag, 1);
	assert_int_equal(p.excl_diag[0], 2);
	assert_int_equal(p.nexcl_anti, 2);
	assert_int_equal(p.excl_anti[0], 4);        /* ascending */
	assert_int_equal(p.excl_anti[1], 8);
	nq_param_free(&p);
}

/* format, text, line, col, a piece of the message */
static const struct {
	enum nq_instfile_format f;
	const char *text;
	int line, col;
	const char *msg;
} bad_data[] = {
	/* parameters: the comma before ']' is the only one taken */
	{ NQ_INSTFILE_PARAM, "letting n = 8\nletting blocks = [[1,1],,]", 2,
	  25, "expected '[' opening a pair [row, column], got ','" },
	{ NQ_INSTFILE_PARAM, "letting n = 8\nletting blocks = [,]", 2, 19,
	  "expected '[' opening a pair [row, column], got ','" },
	{ NQ_INSTFILE_PARAM, "letting n = 8\nletting blocks = [[1,1,]]", 2,
	  23, "expected ']' closing the pair [row, column], got ','" },
	/* JSON */
	{ NQ_INSTFILE_JSON, "[[0, 0]]", 1, 1, "expected '{' opening" },
	{ NQ_INSTFILE_JSON, "{\"blocks\": []}", 1, 15, "no '\"n\": N' (the "
	  "board size)" },
	{ NQ_INSTFILE_JSON, "{}", 1, 3, "no '\"n\": N'" },
	{ NQ_INSTFILE_JSON, "{\"n\": 5,\n \"queens\": []}", 2, 2, "unknown "
	  "key \"queens\" (known: \"n\", \"blocks\"" },
	{ NQ_INSTFILE_JSON, "{\"n\": 5, \"n\": 6}", 1, 10, "key \"n\" is "
	  "given twice" },
	{ NQ_INSTFILE_JSON, "{\"n\": 5, \"blocks\": [[0, 5]]}", 1, 21,
	  "blocked square [0, 5] is off the 5x5 board (rows and columns "
	  "run 0..4)" },
	{ NQ_INSTFILE_JSON, "{\"n\": 5, \"blocks\": [[0, 0], [0, 0]]}", 1, 29,
	  "blocked square [0, 0] is given twice" },
	{ NQ_INSTFILE_JSON, "{\"n\": 5.0}", 1, 8, "expected ',' or '}' after "
	  "a value, got '.'" },
	{ NQ_INSTFILE_JSON, "{\"n\" 5}", 1, 6, "expected ':' after the key, "
	  "got '5'" },
	{ NQ_INSTFILE_JSON, "{\"n\": 5,}", 1, 9, "expected a key in double "
	  "quotes" },
	{ NQ_INSTFILE_JSON, "{n: 5}", 1, 2, "expected a key in double quotes "
	  "(\"n\" or \"blocks\"), got 'n'" },
	{ NQ_INSTFILE_JSON, "{\"n\": \"5\"}", 1, 7, "expected the board size n "
	  "(an integer), got '\"5\"'" },
	{ NQ_INSTFILE_JSON, "{\"n\\u0041\": 5}", 1, 2, "escapes are not read" },
	{ NQ_INSTFILE_JSON, "{\"n\": 5, \"blocks\": [[0, 0]]} x", 1, 30,
	  "expected the end of the file after '}', got 'x'" },
	{ NQ_INSTFILE_JSON, "{\"n\": 0}", 1, 7, "n must be 1.." },
	{ NQ_INSTFILE_JSON, "{\"n\": 5, \"blocks\": [(0, 0)]}", 1, 21,
	  "expected '[' opening a pair" },
	/* MiniZinc */
	{ NQ_INSTFILE_DZN, "blocks = [| 1, 1 |];", 1, 21, "no 'n = N;' (the "
	  "board size)" },
	{ NQ_INSTFILE_DZN, "n = 5; blocks = [ | 1, 1 | ];", 1, 19,
	  "expected ']' (an empty array []" },
	{ NQ_INSTFILE_DZN, "n = 5; blocks = [| 1, 1, 3 |];", 1, 26, "a row "
	  "holds two numbers, row and column: got a third, 3" },
	{ NQ_INSTFILE_DZN, "n = 5; blocks = [| 1, 1 | 2 |];", 1, 29,
	  "expected ',' between row and column, got '|]'" },
	{ NQ_INSTFILE_DZN, "n = 5;; blocks = [| |];", 1, 7, "expected a name "
	  "(n, blocks, queens" },
	{ NQ_INSTFILE_DZN, "n = 5\nblocks = [| |];", 2, 1, "expected ';' after "
	  "the value, got 'blocks'" },
	{ NQ_INSTFILE_DZN, "n = 5; m = 3;", 1, 8, "unknown name 'm'" },
	{ NQ_INSTFILE_DZN, "n = 5; n = 5;", 1, 8, "'n' is given twice" },
	{ NQ_INSTFILE_DZN, "n = 5;\nexcluded_diagonals = [2, 10];", 2, 26,
	  "excluded diagonal 10 is off the 5x5 board (they run 1..9)" },
	{ NQ_INSTFILE_DZN, "n = 5;\nexcluded_antidiagonals = [2, 3, 2];", 2,
	  33, "excluded antidiagonal 2 is given twice" },
	{ NQ_INSTFILE_DZN, "n = 5; /* never closed", 1, 8, "got '/* (never "
	  "closed)'" },
	{ NQ_INSTFILE_DZN, "n = 5; blocks = array2d(1..3, 1..2, [1, 1, 2, 2]);",
	  1, 48, "array2d: the rows 1..3 are 3, the list holds 2 pairs" },
	{ NQ_INSTFILE_DZN, "n = 5; blocks = array2d(1..1, 1..3, [1, 1, 2]);",
	  1, 31, "array2d: each row holds two numbers" },
	{ NQ_INSTFILE_DZN, "n = 5; blocks = [| 0, 1 |];", 1, 20, "blocked "
	  "square [0, 1] is off the 5x5 board (rows and columns run 1..5)" },
	{ NQ_INSTFILE_DZN, "n = 5; queens = [| 1, 1 | 2, 2 |];", 1, 27,
	  "queens: " },
	{ NQ_INSTFILE_DZN, "n = 5; blocks = [| 1, 1 |]; queens = [| 1, 1 |];",
	  1, 41, "queen [1, 1] stands on a blocked square" },
	{ NQ_INSTFILE_DZN, "n = 8; queens = [| 2, 1 | 1, 3 |];\n"
	  "excluded_diagonals = [10];", 1, 27, "queen [1, 3] stands on "
	  "excluded diagonal 10" },
	{ NQ_INSTFILE_DZN, "excluded_antidiagonals = [2, 5]; n = 8;\n"
	  "queens = [| 1, 3 | 2, 1 |];", 2, 20, "queen [2, 1] stands on "
	  "excluded antidiagonal 2" },
	{ NQ_INSTFILE_DZN, "n = 5; blocks = [[1, 1]];", 1, 18, "expected ']' "
	  "(an empty array []" },
	{ NQ_INSTFILE_DZN, "letting n = 5", 1, 1, "unknown name 'letting'" },
	{ NQ_INSTFILE_DZN, "n 5", 1, 3, "expected '=', got '5'" },
	{ NQ_INSTFILE_DZN, "n = 5; queens = [| 1, 2 |] ;; ", 1, 29,
	  "expected a name" },
};

static void data_errors_at_line_col(void **state)
{
	struct nq_param p;
	nq_error err;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad_data / sizeof *bad_data; i++) {
		int rc = parse_as(bad_data[i].f, bad_data[i].text, &p, &err);

		if (rc != -1 || err.line != bad_data[i].line ||
		    err.col != bad_data[i].col ||
		    !strstr(err.msg, bad_data[i].msg) ||
		    strcmp(err.file, "t.data"))
			fail_msg("case %zu '%s': rc %d, %s:%d:%d: %s", i,
				 bad_data[i].text, rc, err.file, err.line,
				 err.col, err.msg);
	}
}

/* By extension first, then by the first token. */
static void formats(void **state)
{
	static const struct {
		const char *path, *text;
		enum nq_instfile_format f;
	} cases[] = {
		{ "a.json", "letting n = 3", NQ_INSTFILE_JSON },
		{ "a.dzn", "{", NQ_INSTFILE_DZN },
		{ "a.param", "n = 3;", NQ_INSTFILE_PARAM },
		{ "a.yml", "", NQ_INSTFILE_YAML },
		{ "dir.json/a.yaml", "", NQ_INSTFILE_YAML },
		{ "a.txt", "\n  {\"n\": 3}", NQ_INSTFILE_JSON },
		{ "a.txt", "letting n = 3", NQ_INSTFILE_PARAM },
		{ "a", "language ESSENCE' 1.0", NQ_INSTFILE_PARAM },
		{ "a", "$ c\nn = 3;", NQ_INSTFILE_PARAM },
		{ "a", "% c\nletting", NQ_INSTFILE_DZN },
		{ "a", "/* c */", NQ_INSTFILE_DZN },
		{ "a", "n = 3;", NQ_INSTFILE_DZN },
		{ "a", "n =  3\nnumdiags = 0", NQ_INSTFILE_PARAM },
		{ "a", "n = 3 numdiag = 0", NQ_INSTFILE_DZN },
		{ "a", "blocks\t= [| |];", NQ_INSTFILE_DZN },
		{ "a", "n: 3", NQ_INSTFILE_PARAM },
		{ "a", "", NQ_INSTFILE_PARAM },
		{ "a", "8", NQ_INSTFILE_PARAM },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		if (nq_instfile_format(cases[i].path, cases[i].text,
				       strlen(cases[i].text)) != cases[i].f)
			fail_msg("case %zu: %s '%s'", i, cases[i].path,
				 cases[i].text);
}

/* export --format json's writer: PyCSP3's shape, read back. */
static void json_write_read_back(void **state)
{
	nq_square b[3] = { { 0, 0 }, { 0, 6 }, { 6, 2 } };
	nq_instance in = { 0 };
	struct nq_param p;
	nq_error err;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	in.n = 7;
	in.blocked = b;
	in.nblocked = 3;
	nq_json_write(f, &in);
	fclose(f);
	assert_string_equal(buf, "{\"n\": 7, \"blocks\": [[0, 0], [0, 6], "
			    "[6, 2]]}\n");
	memset(&err, 0, sizeof err);
	assert_int_equal(nq_json_parse(buf, len, "w", &p, &err), 0);
	assert_int_equal(p.n, 7);
	assert_int_equal(p.nblocked, 3);
	assert_int_equal(p.blocked[2].row, 6);
	assert_int_equal(p.blocked[2].col, 2);
	nq_param_free(&p);
	free(buf);
	/* no blocked square at all: an empty list */
	buf = NULL;
	f = open_memstream(&buf, &len);
	in.nblocked = 0;
	nq_json_write(f, &in);
	fclose(f);
	assert_string_equal(buf, "{\"n\": 7, \"blocks\": []}\n");
	free(buf);
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

/* ---- prob079's Excluded Diagonals files ---------------------------- */

/* The example of prob079's data/AA-Excluded-Diagonals-Info.md
 * (queens-diag-gen.py 10 4 1), as the generator prints it: print's two
 * spaces after '=', one list on one line, a final newline. */
static const char diag_10_4_1[] =
	"n =  10\n"
	"numdiags =  14\n"
	"diags =  [[4, 1], [2, 1], [14, 0], [8, 1], [8, 0], [7, 0], [3, 1], "
	"[12, 1], [18, 0], [5, 0], [14, 1], [0, 0], [15, 1], [17, 1]]\n";

static void assert_ints(const int *v, int n, const int *want, int nwant)
{
	assert_int_equal(n, nwant);
	for (int i = 0; i < n; i++)
		assert_int_equal(v[i], want[i]);
}

static void diags_published(void **state)
{
	/* the first 9, 0-based: sums 4 2 8 3 12 are the antidiagonals
	 * row + col; differences 14 8 7 18 the diagonals 2n - 2 - number
	 * (18 - 14 = 4, 10, 11, 0), i.e. 1-based 5 11 12 1 */
	static const int d9[] = { 0, 4, 10, 11 }, a9[] = { 2, 3, 4, 8, 12 };
	struct nq_param p;
	nq_error err;

	(void)state;
	memset(&err, 0, sizeof err);
	if (nq_param_parse(diag_10_4_1, strlen(diag_10_4_1), "d.param", &p,
			   &err))
		fail_msg("%s:%d:%d: %s", err.file, err.line, err.col, err.msg);
	assert_int_equal(p.n, 10);
	assert_int_equal(p.diags_file, 1);
	assert_int_equal(p.nlines, 14);
	assert_int_equal(p.numdiags_line, 2);
	assert_int_equal(p.numdiags_col, 13);
	/* in the file's order, where each stands */
	assert_int_equal(p.lines[0].anti, 1);
	assert_int_equal(p.lines[0].v, 4);
	assert_int_equal(p.lines[2].anti, 0);
	assert_int_equal(p.lines[2].v, 4);
	assert_int_equal(p.lines[2].line, 3);
	assert_int_equal(p.lines[2].col, 27);
	/* all 14 until cut: 4 + 6 diagonals ... */
	assert_int_equal(p.nexcl_diag + p.nexcl_anti, 14);
	nq_param_first(&p, 9);
	assert_ints(p.excl_diag, p.nexcl_diag, d9, 4);
	assert_ints(p.excl_anti, p.nexcl_anti, a9, 5);
	nq_param_first(&p, 0);
	assert_int_equal(p.nexcl_diag + p.nexcl_anti, 0);
	nq_param_first(&p, 14);
	assert_int_equal(p.nexcl_diag, 6);
	assert_int_equal(p.nexcl_anti, 8);
	nq_param_free(&p);
	/* the same text with no extension is told by its content */
	assert_int_equal(nq_instfile_format("diag-10-4-1", diag_10_4_1,
					    strlen(diag_10_4_1)),
			 NQ_INSTFILE_PARAM);
}

/* Every square of a 5x5 board, each kind: the line the generator's
 * updatediag() excludes through the square (row, col) is the line the
 * harness excludes through it. The corners d = 0 and d = 2n - 2 of
 * each kind among them, and n = 1. */
static void diags_numbering(void **state)
{
	char text[200];
	struct nq_param p;
	nq_error err;
	int n = 5;

	(void)state;
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++)
			for (int kind = 0; kind < 2; kind++) {
				/* queens-diag-gen.py: sum d = row + col;
				 * difference col = row - d + n - 1 */
				int d = kind ? r + c : r - c + n - 1;

				snprintf(text, sizeof text, "n = %d\nnumdiags "
					 "= 1\ndiags = [[%d, %d]]\n", n, d,
					 kind);
				memset(&err, 0, sizeof err);
				assert_int_equal(nq_diags_parse(text,
					strlen(text), "d", &p, &err), 0);
				if (kind) {
					assert_int_equal(p.nexcl_anti, 1);
					assert_int_equal(p.excl_anti[0], r + c);
				} else {
					assert_int_equal(p.nexcl_diag, 1);
					assert_int_equal(p.excl_diag[0],
							 c - r + n - 1);
				}
				nq_param_free(&p);
			}
	/* the corners by name: difference 0 is the top-right square
	 * (0, n-1), the harness's last diagonal; 2n-2 the bottom-left */
	assert_int_equal(parse("n = 5 numdiags = 4 diags = [[0, 0], [8, 0], "
			       "[0, 1], [8, 1]]", &p, &err), 0);
	assert_int_equal(p.excl_diag[0], 0);
	assert_int_equal(p.excl_diag[1], 8);
	assert_int_equal(p.lines[0].v, 8);
	assert_int_equal(p.lines[1].v, 0);
	assert_int_equal(p.excl_anti[0], 0);
	assert_int_equal(p.excl_anti[1], 8);
	nq_param_free(&p);
	/* n = 1: one line of each kind, both its one square */
	assert_int_equal(parse("n = 1\nnumdiags = 2\ndiags = [[0, 0], [0, 1]]",
			       &p, &err), 0);
	assert_int_equal(p.excl_diag[0], 0);
	assert_int_equal(p.excl_anti[0], 0);
	nq_param_free(&p);
	/* none, any order of the names, a `$` comment, tuples */
	assert_int_equal(parse("$ c\ndiags = [] numdiags = 0 n = 4", &p, &err),
			 0);
	assert_int_equal(p.nlines, 0);
	assert_int_equal(p.n, 4);
	nq_param_free(&p);
	assert_int_equal(parse("n = 4 numdiags = 1 diags = [(6, 1),]", &p,
			       &err), 0);
	assert_int_equal(p.excl_anti[0], 6);
	nq_param_free(&p);
}

/* text, line, col, a piece of the message */
static const struct {
	const char *text;
	int line, col;
	const char *msg;
} bad_diags[] = {
	{ "n = 3\nnumdiags = 2\ndiags = [[1, 0],\n  [1, 0]]", 4, 3,
	  "diags: [1, 0] is given twice (first at 3:10)" },
	{ "n = 3\nnumdiags = 1\ndiags = [[5, 0]]", 3, 10, "diags: [5, 0] is "
	  "off the 3x3 board (a diagonal's number runs 0..4)" },
	{ "n = 3\nnumdiags = 1\ndiags = [[-1, 1]]", 3, 10, "diags: [-1, 1] is "
	  "off the 3x3 board" },
	{ "n = 3\nnumdiags = 1\ndiags = [[1, 2]]", 3, 10, "the kind of [1, 2] "
	  "is 0 (a difference diagonal) or 1 (a sum diagonal), got 2" },
	{ "n = 1\nnumdiags = 1\ndiags = [[1, 1]]", 3, 10, "off the 1x1 board "
	  "(a diagonal's number runs 0..0)" },
	{ "n = 3\nnumdiags =  3\ndiags = [[1, 0]]", 2, 13, "numdiags = 3, but "
	  "diags holds 1 pair" },
	{ "n = 3\ndiags = [[1, 0]]", 2, 17, "no 'numdiags = ...' in the file" },
	{ "numdiags = 0\ndiags = []\n", 3, 1, "no 'n = ...' in the file" },
	{ "n = 3\nnumdiags = 0\n", 3, 1, "no 'diags = ...'" },
	{ "n = 3\nn = 4", 2, 1, "'n' is given twice (first at line 1)" },
	{ "n = 3\nnumdiags = 0\ndiags = []\nqueens = []", 4, 1, "unknown name "
	  "'queens' (an Excluded Diagonals file holds n, numdiags, diags)" },
	{ "n = 0", 1, 5, "n must be 1.." },
	{ "n 3", 1, 3, "expected '=', got '3'" },
	/* its pairs are [number, kind], and the messages say so */
	{ "n = 3\nnumdiags = 1\ndiags = [[1 0]]", 3, 13, "expected ',' "
	  "between number and kind, got '0'" },
	{ "n = 3\nnumdiags = 1\ndiags = [[1, x]]", 3, 14, "expected a kind, "
	  "got 'x'" },
	{ "n = 3 numdiags = x", 1, 18, "expected the number of diagonals (an "
	  "integer), got 'x'" },
	{ "n = 3 numdiags = 1 diags = [[1, 0]", 1, 35, "expected ',' or ']' "
	  "after a pair, got the end of the file" },
	{ "n = 3 numdiags = 1 diags = [[1 0]]", 1, 32, "expected ','" },
	{ "n = 3 ; numdiags = 0", 1, 7, "expected a name (n, numdiags or "
	  "diags), got ';'" },
};

static void diags_errors_at_line_col(void **state)
{
	struct nq_param p;
	nq_error err;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad_diags / sizeof *bad_diags; i++) {
		int rc = parse(bad_diags[i].text, &p, &err);

		if (rc != -1 || err.line != bad_diags[i].line ||
		    err.col != bad_diags[i].col ||
		    !strstr(err.msg, bad_diags[i].msg) ||
		    strcmp(err.file, "t.param"))
			fail_msg("case %zu '%s': rc %d, %s:%d:%d: %s", i,
				 bad_diags[i].text, rc, err.file, err.line,
				 err.col, err.msg);
	}
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(good_prob080),
		cmocka_unit_test(good_forms),
		cmocka_unit_test(errors_at_line_col),
		cmocka_unit_test(write_read_back),
		cmocka_unit_test(published_style),
		cmocka_unit_test(published_file),
		cmocka_unit_test(good_json),
		cmocka_unit_test(good_dzn),
		cmocka_unit_test(data_errors_at_line_col),
		cmocka_unit_test(formats),
		cmocka_unit_test(json_write_read_back),
		cmocka_unit_test(diags_published),
		cmocka_unit_test(diags_numbering),
		cmocka_unit_test(diags_errors_at_line_col),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
