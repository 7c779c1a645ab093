/* test_cli.c - the command line's flag-table parser (cli/cli.c): flags
 * and operands in order, an unknown option with its suggestion, a flag
 * without its value, repeated flags, "--", --help from the table, and
 * the board flags' limits (NQ_MAX_N, NQ_MAX_HINTS). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "cli.h"
#include "units.h"

enum { T_N, T_COUNT, T_HINT, T_OUTPUT, T_QUIET };
static const nq_flag t_flags[] = {
	[T_N] = { NULL, 'n', "N", "board size" },
	[T_COUNT] = { "count", 0, NULL, "count them" },
	[T_HINT] = { "hint", 0, "R:C", "a queen\nsecond line" },
	[T_OUTPUT] = { "output", 'o', "FILE", "where" },
	[T_QUIET] = { "quiet", 'q', NULL, "hush" },
	{ NULL, 0, NULL, NULL }
};
static const nq_verb t_verb = {
	"tverb", NULL, "tverb -n N [--count]", "A verb for the tests.",
	t_flags, "Exit status: 0."
};

/* argv's words as main gets them: writable */
static char w_verb[] = "tverb", w_n[] = "-n", w_hint[] = "--hint";

/* What fd 1 or 2 received while `captured` ran (at most 8 KiB). */
static char out[8192];

static void capture(int fd, FILE *stream, void (*fn)(void *), void *arg)
{
	FILE *tmp = tmpfile();
	int saved = dup(fd);
	size_t got;

	assert_non_null(tmp);
	fflush(stream);
	dup2(fileno(tmp), fd);
	fn(arg);
	fflush(stream);
	dup2(saved, fd);
	close(saved);
	rewind(tmp);
	got = fread(out, 1, sizeof out - 1, tmp);
	out[got] = '\0';
	fclose(tmp);
}

struct run {
	char **argv;
	int argc;
	int ids[16];
	const char *vals[16];
	int nids;
	int rc;
	nq_board_args b;
	int board;          /* pass -n/--hint to the board parser */
};

static void walk(void *arg)
{
	struct run *r = arg;
	nq_cli c;
	int id;

	nq_cli_start(&c, &t_verb, r->argc, r->argv);
	r->rc = -1;
	while ((id = nq_cli_next(&c)) != NQ_CLI_END && r->nids < 16) {
		r->ids[r->nids] = id;
		r->vals[r->nids++] = c.val;
		if (id == NQ_CLI_STOP) {
			r->rc = c.rc;
			return;
		}
		if (r->board && (id == T_N || id == T_HINT) &&
		    (r->rc = nq_cli_board_flag(&c, &r->b)) != 0)
			return;
	}
	r->rc = 0;
}

/* Walk argv (NULL-terminated, "tverb" first), stderr captured. */
static void parse(struct run *r, int board, ...)
{
	static char *argv[600];
	va_list ap;
	char *a;

	memset(r, 0, sizeof *r);
	r->board = board;
	va_start(ap, board);
	argv[r->argc++] = w_verb;
	while ((a = va_arg(ap, char *)))
		argv[r->argc++] = a;
	va_end(ap);
	r->argv = argv;
	capture(2, stderr, walk, r);
}

static void flags_and_operands(void **state)
{
	struct run r;

	(void)state;
	parse(&r, 0, "-n", "8", "x.yaml", "--count", "-o", "-", "-", "-q",
	      NULL);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.nids, 6);
	assert_int_equal(r.ids[0], T_N);
	assert_string_equal(r.vals[0], "8");
	assert_int_equal(r.ids[1], NQ_CLI_OPERAND);
	assert_string_equal(r.vals[1], "x.yaml");
	assert_int_equal(r.ids[2], T_COUNT);
	assert_null(r.vals[2]);
	/* a value is the next argument, whatever it looks like */
	assert_int_equal(r.ids[3], T_OUTPUT);
	assert_string_equal(r.vals[3], "-");
	/* "-" alone is an operand (stdin, stdout) */
	assert_int_equal(r.ids[4], NQ_CLI_OPERAND);
	assert_string_equal(r.vals[4], "-");
	assert_int_equal(r.ids[5], T_QUIET);
	assert_string_equal(out, "");
	parse(&r, 0, "--output", "--count", NULL);
	assert_int_equal(r.nids, 1);
	assert_int_equal(r.ids[0], T_OUTPUT);
	assert_string_equal(r.vals[0], "--count");
}

static void unknown_option(void **state)
{
	struct run r;

	(void)state;
	parse(&r, 0, "-n", "8", "--cout", "--count", NULL);
	assert_int_equal(r.rc, 2);
	assert_int_equal(r.ids[r.nids - 1], NQ_CLI_STOP);
	assert_non_null(strstr(out, "harness: unknown option '--cout' for "
			       "tverb (did you mean '--count'?)\n"));
	assert_non_null(strstr(out, "usage: harness tverb -n N [--count]\n"));
	parse(&r, 0, "-count", NULL);
	assert_non_null(strstr(out, "(did you mean '--count'?)"));
	parse(&r, 0, "--hnit", "1:1", NULL);
	assert_non_null(strstr(out, "(did you mean '--hint'?)"));
	parse(&r, 0, "--output=x", NULL);
	assert_non_null(strstr(out, "unknown option '--output=x'"));
	/* nothing near: where to look */
	parse(&r, 0, "--frobnicate", NULL);
	assert_int_equal(r.rc, 2);
	assert_non_null(strstr(out, "unknown option '--frobnicate' for tverb "
			       "(`harness help tverb` lists them)"));
	/* a one-letter typo is near every short flag: not guessed */
	parse(&r, 0, "-x", NULL);
	assert_non_null(strstr(out, "unknown option '-x' for tverb (`harness"));
}

static void suggest(void **state)
{
	char buf[64];

	(void)state;
	assert_string_equal(nq_cli_suggest(t_flags, "--quite", buf,
					   sizeof buf), "--quiet");
	assert_string_equal(nq_cli_suggest(t_flags, "--n", buf, sizeof buf),
			    "-n");
	assert_string_equal(nq_cli_suggest(t_flags, "--ouptut", buf,
					   sizeof buf), "--output");
	assert_null(nq_cli_suggest(t_flags, "--zzzzzz", buf, sizeof buf));
	assert_null(nq_cli_suggest(t_flags, "-z", buf, sizeof buf));
}

static void missing_value(void **state)
{
	struct run r;

	(void)state;
	parse(&r, 0, "--count", "--hint", NULL);
	assert_int_equal(r.rc, 2);
	assert_int_equal(r.nids, 2);
	assert_non_null(strstr(out, "harness tverb: --hint needs a value "
			       "(R:C)\nusage: harness tverb"));
	parse(&r, 0, "-o", NULL);
	assert_int_equal(r.rc, 2);
	assert_non_null(strstr(out, "-o needs a value (FILE)"));
	/* an unknown flag at the end is unknown, not short of a value */
	parse(&r, 0, "--cout", NULL);
	assert_non_null(strstr(out, "unknown option '--cout'"));
	assert_null(strstr(out, "needs a value"));
}

static void repeated_flags(void **state)
{
	struct run r;

	(void)state;
	/* each returned again; -n: the last one; --hint: every one */
	parse(&r, 1, "-n", "8", "--hint", "1:1", "-n", "10", "--hint", "2:3",
	      "--count", "--count", NULL);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.nids, 6);
	assert_int_equal(r.ids[4], T_COUNT);
	assert_int_equal(r.ids[5], T_COUNT);
	assert_int_equal(r.b.n, 10);
	assert_int_equal(r.b.nhints, 2);
	assert_int_equal(r.b.hints[0].row, 0);
	assert_int_equal(r.b.hints[0].col, 0);
	assert_int_equal(r.b.hints[1].row, 1);
	assert_int_equal(r.b.hints[1].col, 2);
}

static void dash_dash(void **state)
{
	struct run r;

	(void)state;
	parse(&r, 0, "--count", "--", "--count", "-n", "--", NULL);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.nids, 4);
	assert_int_equal(r.ids[0], T_COUNT);
	assert_int_equal(r.ids[1], NQ_CLI_OPERAND);
	assert_string_equal(r.vals[1], "--count");
	assert_int_equal(r.ids[2], NQ_CLI_OPERAND);
	assert_string_equal(r.vals[2], "-n");
	assert_int_equal(r.ids[3], NQ_CLI_OPERAND);
	assert_string_equal(r.vals[3], "--");
}

static void help_walk(void *arg)
{
	parse(arg, 0, "-n", "8", "--help", "--cout", NULL);
}

static void help_from_the_table(void **state)
{
	struct run r;

	(void)state;
	capture(1, stdout, help_walk, &r);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.ids[r.nids - 1], NQ_CLI_STOP);
	assert_non_null(strstr(out, "usage: harness tverb -n N [--count]\n\n"
			       "A verb for the tests.\n"));
	assert_non_null(strstr(out, "\n  -n N               board size\n"));
	assert_non_null(strstr(out, "\n  -o, --output FILE  where\n"));
	/* a help line's continuation under the first */
	assert_non_null(strstr(out, "\n  --hint R:C         a queen\n"
			       "                     second line\n"));
	assert_non_null(strstr(out, "\nExit status: 0.\n"));
}

static void board_limits(void **state)
{
	static char *argv[2 * NQ_MAX_HINTS + 8];
	static char text[NQ_MAX_HINTS + 1][24];
	char big[32];
	nq_board_args b;
	nq_cli c;
	int i, k = 0, id, rc = 0;

	(void)state;
	argv[k++] = w_verb;
	argv[k++] = w_n;
	argv[k++] = big;
	snprintf(big, sizeof big, "%d", NQ_MAX_N);
	for (i = 0; i <= NQ_MAX_HINTS; i++) {
		/* rows, columns and diagonals all distinct */
		snprintf(text[i], sizeof text[i], "%d:%d", i + 1,
			 (2 * i) % NQ_MAX_N + 1);
		argv[k++] = w_hint;
		argv[k++] = text[i];
	}
	memset(&b, 0, sizeof b);
	nq_cli_start(&c, &t_verb, k - 2, argv); /* NQ_MAX_HINTS hints */
	while (rc == 0 && (id = nq_cli_next(&c)) != NQ_CLI_END)
		rc = nq_cli_board_flag(&c, &b);
	assert_int_equal(rc, 0);
	assert_int_equal(b.n, NQ_MAX_N);
	assert_int_equal(b.nhints, NQ_MAX_HINTS);
	assert_int_equal(nq_cli_board_check(&t_verb, &b), 0);
}

static void board_values(void **state)
{
	struct run r;
	char over[32], row[48];

	(void)state;
	snprintf(over, sizeof over, "%d", NQ_MAX_N + 1);
	parse(&r, 1, "-n", over, NULL);
	assert_int_equal(r.rc, 2);
	assert_non_null(strstr(out, "-n takes a board size from 1 to "
			       "100000000, not '100000001'"));
	parse(&r, 1, "-n", "0", NULL);
	assert_int_equal(r.rc, 2);
	parse(&r, 1, "-n", "8x", NULL);
	assert_non_null(strstr(out, "-n takes a board size, an integer, not "
			       "'8x'"));
	snprintf(row, sizeof row, "%s:1", over);
	parse(&r, 1, "--hint", row, NULL);
	assert_int_equal(r.rc, 2);
	assert_non_null(strstr(out, "row 100000001 is off every board (1 to "
			       "100000000)"));
	parse(&r, 1, "--hint", "-1:2", NULL);
	assert_non_null(strstr(out, "row -1 is off every board"));
	parse(&r, 1, "--hint", "1:2:3", NULL);
	assert_non_null(strstr(out, "--hint takes ROW:COL (1-based), not "
			       "'1:2:3'"));
}

static void too_many_walk(void *arg)
{
	static char *argv[2 * NQ_MAX_HINTS + 8];
	static char text[NQ_MAX_HINTS + 1][24];
	nq_board_args *b = arg;
	nq_cli c;
	int i, k = 0, rc = 0;

	argv[k++] = w_verb;
	for (i = 0; i <= NQ_MAX_HINTS; i++) {
		snprintf(text[i], sizeof text[i], "%d:%d", i + 1, i + 1);
		argv[k++] = w_hint;
		argv[k++] = text[i];
	}
	nq_cli_start(&c, &t_verb, k, argv);
	while (rc == 0 && nq_cli_next(&c) != NQ_CLI_END)
		rc = nq_cli_board_flag(&c, b);
	b->n = rc; /* the exit status, for the test */
}

static void too_many_hints(void **state)
{
	static nq_board_args b;
	char want[120];

	(void)state;
	memset(&b, 0, sizeof b);
	capture(2, stderr, too_many_walk, &b);
	assert_int_equal(b.n, 2);
	assert_int_equal(b.nhints, NQ_MAX_HINTS);
	snprintf(want, sizeof want, "too many hints: at most %d --hint "
		 "('%d:%d' is one too many)", NQ_MAX_HINTS, NQ_MAX_HINTS + 1,
		 NQ_MAX_HINTS + 1);
	assert_non_null(strstr(out, want));
}

static void check_walk(void *arg)
{
	nq_board_args *b = arg;

	b->n = nq_cli_board_check(&t_verb, b) ? -1 : b->n;
}

static void board_check(void **state)
{
	static nq_board_args b;

	(void)state;
	memset(&b, 0, sizeof b);
	capture(2, stderr, check_walk, &b);
	assert_int_equal(b.n, -1);
	assert_non_null(strstr(out, "harness tverb: -n N is required"));
	b.n = 8;
	b.nhints = 2;
	b.hints[1].row = b.hints[1].col = 1;
	capture(2, stderr, check_walk, &b);
	assert_int_equal(b.n, -1);
	assert_non_null(strstr(out, "attack each other"));
	b.n = 8;
	b.hints[1].col = 2;
	capture(2, stderr, check_walk, &b);
	assert_int_equal(b.n, 8);
	assert_string_equal(out, "");
}

/* A value none of the choices: what it expected, what was typed, the
 * did-you-mean only when one is near (units.h's nq_choice, the one every
 * choice table shares). */
struct choice_call {
	const char *typed;
	int rc;
};

static void fail_choice(void *arg)
{
	static const char *const kinds[] = { "time", "cactus", "size" };
	struct choice_call *c = arg;

	c->rc = nq_cli_fail_choice(&t_verb, "--kind is time, cactus or size",
				   c->typed, kinds, 3);
}

static void choice_values(void **state)
{
	static const char *const modes[] = { "first", "count" };
	struct choice_call c;
	char why[200];

	(void)state;
	c.typed = "cactsu";
	capture(2, stderr, fail_choice, &c);
	assert_int_equal(c.rc, 2);
	assert_string_equal(out, "harness tverb: --kind is time, cactus or "
			    "size, not 'cactsu' (did you mean 'cactus'?)\n"
			    "usage: harness tverb -n N [--count]\n");
	c.typed = "pie";
	capture(2, stderr, fail_choice, &c);
	assert_int_equal(c.rc, 2);
	assert_string_equal(out, "harness tverb: --kind is time, cactus or "
			    "size, not 'pie'\nusage: harness tverb -n N "
			    "[--count]\n");
	/* the shared lookup itself */
	assert_int_equal(nq_choice("count", modes, 2, why, sizeof why), 1);
	assert_int_equal(nq_choice("cuont", modes, 2, why, sizeof why), -1);
	assert_string_equal(why, "did you mean 'count'?");
	assert_int_equal(nq_choice("every", modes, 2, why, sizeof why), -1);
	assert_string_equal(why, "expected one of: first, count");
	/* three edits is not near; case matters (the files are exact) */
	assert_int_equal(nq_choice("ctuon", modes, 2, why, sizeof why), -1);
	assert_string_equal(why, "expected one of: first, count");
	assert_int_equal(nq_choice("COUNT", modes, 2, why, sizeof why), -1);
	assert_string_equal(why, "expected one of: first, count");
	assert_int_equal(nq_choice("", modes, 2, why, sizeof why), -1);
	assert_string_equal(why, "expected one of: first, count");
	/* a buffer too small is cut, never overrun */
	assert_int_equal(nq_choice("every", modes, 2, why, 8), -1);
	assert_int_equal(strlen(why), 7);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(flags_and_operands),
		cmocka_unit_test(unknown_option),
		cmocka_unit_test(suggest),
		cmocka_unit_test(missing_value),
		cmocka_unit_test(repeated_flags),
		cmocka_unit_test(dash_dash),
		cmocka_unit_test(help_from_the_table),
		cmocka_unit_test(board_limits),
		cmocka_unit_test(board_values),
		cmocka_unit_test(too_many_hints),
		cmocka_unit_test(board_check),
		cmocka_unit_test(choice_values),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
