/* test_cli.c - the command line's flag-table parser (cli/cli.c): flags
 * and operands in order, an unknown option with its suggestion, a flag
 * without its value, repeated flags, "--", --help from the table, the
 * board flags' limits (NQ_MAX_N, NQ_MAX_HINTS), each row type's checks
 * and storage, and every verb's table well made (verbs.h). */
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
#include "verbs.h"

/* where t_flags store */
struct t_args {
	nq_board_args b;
	int count;
	const char *output;
	int quiet;
};
#define AT(field) offsetof(struct t_args, field)

enum { T_N, T_COUNT, T_HINT, T_OUTPUT, T_QUIET };
static const nq_flag t_flags[] = {
	[T_N] = NQ_FLAG_BOARD_N(struct t_args, b, "board size"),
	[T_COUNT] = { "count", 0, NULL, NQ_FLAG_SET, AT(count), 1,
		      .help = "count them" },
	[T_HINT] = NQ_FLAG_BOARD_HINT(struct t_args, b, "a queen\nsecond line"),
	[T_OUTPUT] = { "output", 'o', "FILE", NQ_FLAG_STRING, AT(output),
		       .help = "where" },
	[T_QUIET] = { "quiet", 'q', NULL, NQ_FLAG_SET, AT(quiet), 1,
		      .help = "hush" },
	NQ_FLAG_END
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
	struct t_args a;
	int board;          /* store the flags (in a) */
};

static void walk(void *arg)
{
	struct run *r = arg;
	nq_cli c;
	int id;

	nq_cli_start(&c, &t_verb, r->argc, r->argv);
	if (r->board)
		c.args = &r->a;
	r->rc = -1;
	while ((id = nq_cli_next(&c)) != NQ_CLI_END && r->nids < 16) {
		r->ids[r->nids] = id;
		r->vals[r->nids++] = c.val;
		if (id == NQ_CLI_STOP) {
			r->rc = c.rc;
			return;
		}
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
	assert_int_equal(r.a.b.n, 10);
	assert_int_equal(r.a.b.nhints, 2);
	assert_int_equal(r.a.b.hints[0].row, 0);
	assert_int_equal(r.a.b.hints[0].col, 0);
	assert_int_equal(r.a.b.hints[1].row, 1);
	assert_int_equal(r.a.b.hints[1].col, 2);
	assert_int_equal(r.a.count, 1);
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
	struct t_args a;
	int i, k = 0;

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
	memset(&a, 0, sizeof a);
	/* NQ_MAX_HINTS hints */
	assert_int_equal(nq_cli_parse(&t_verb, k - 2, argv, &a, NULL), 0);
	assert_int_equal(a.b.n, NQ_MAX_N);
	assert_int_equal(a.b.nhints, NQ_MAX_HINTS);
	assert_int_equal(nq_cli_board_check(&t_verb, &a.b), 0);
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
	struct t_args *a = arg;
	int i, k = 0, rc;

	argv[k++] = w_verb;
	for (i = 0; i <= NQ_MAX_HINTS; i++) {
		snprintf(text[i], sizeof text[i], "%d:%d", i + 1, i + 1);
		argv[k++] = w_hint;
		argv[k++] = text[i];
	}
	rc = nq_cli_parse(&t_verb, k, argv, a, NULL);
	a->b.n = rc; /* the exit status, for the test */
}

static void too_many_hints(void **state)
{
	static struct t_args a;
	char want[120];

	(void)state;
	memset(&a, 0, sizeof a);
	capture(2, stderr, too_many_walk, &a);
	assert_int_equal(a.b.n, 2);
	assert_int_equal(a.b.nhints, NQ_MAX_HINTS);
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

/* A verb of every row type, for typed_values. */
struct y_args {
	const char *file;    /* the operands: the last one */
	int mode, jobs, kind;
	uint64_t seed, memory;
	double timeout;
	const char *name;
	int pairs;
};
#define Y_AT(field) offsetof(struct y_args, field)

static const char *const y_kinds[] = { "time", "cactus", "size", NULL };

/* FN: A,B only; counts the pairs given */
static int y_pair(const nq_cli *c, void *field)
{
	if (!strchr(c->val, ','))
		return nq_cli_fail(c->verb, "--pair takes A,B, not '%s'",
				   c->val);
	++*(int *)field;
	return 0;
}

static const nq_flag y_flags[] = {
	{ "count", 0, NULL, NQ_FLAG_SET, Y_AT(mode), 2, .help = "mode 2" },
	{ "first", 0, NULL, NQ_FLAG_SET, Y_AT(mode), 1, .help = "mode 1" },
	{ "jobs", 'j', "N", NQ_FLAG_INT, Y_AT(jobs), 1, 64,
	  .what = "a number of runs", .help = "jobs" },
	{ "seed", 0, "S", NQ_FLAG_U64, Y_AT(seed), .help = "seed" },
	{ "memory", 0, "M", NQ_FLAG_SIZE, Y_AT(memory), .help = "memory" },
	{ "timeout", 0, "T", NQ_FLAG_DURATION, Y_AT(timeout), .help = "t" },
	{ "kind", 0, "K", NQ_FLAG_CHOICE, Y_AT(kind), .choices = y_kinds,
	  .help = "kind" },
	{ "name", 0, "X", NQ_FLAG_STRING, Y_AT(name), .help = "name" },
	{ "pair", 0, "A,B", NQ_FLAG_FN, Y_AT(pairs), .parse = y_pair,
	  .help = "pair" },
	NQ_FLAG_END
};
static const nq_verb y_verb = {
	"yverb", NULL, "yverb [flags] FILE", "Every type.", y_flags, NULL
};

static int y_file(const nq_cli *c, void *args)
{
	((struct y_args *)args)->file = c->val;
	return 0;
}

struct y_run {
	const char *words[16];
	struct y_args a;
	int rc;
	int none;            /* the verb takes no operand */
};

static void y_walk(void *arg)
{
	struct y_run *r = arg;
	char *argv[17];
	int argc = 0;

	argv[argc++] = (char *)"yverb";
	while (argc < 17 && r->words[argc - 1])
		argv[argc] = (char *)r->words[argc - 1], argc++;
	memset(&r->a, 0, sizeof r->a);
	r->a.kind = -1;
	r->rc = nq_cli_parse(&y_verb, argc, argv, &r->a,
			     r->none ? NULL : y_file);
}

/* Parse the words (NULL-terminated) with y_verb: rc, stderr in out. */
static int y_parse(struct y_run *r, ...)
{
	va_list ap;
	int k = 0;

	va_start(ap, r);
	while (k < 15 && (r->words[k] = va_arg(ap, const char *)))
		k++;
	r->words[k] = NULL;
	va_end(ap);
	capture(2, stderr, y_walk, r);
	return r->rc;
}

static void y_help(void *arg)
{
	y_parse(arg, "--help", "--kind", "pie", NULL);
}

static void typed_values(void **state)
{
	struct y_run r;

	(void)state;
	memset(&r, 0, sizeof r);
	assert_int_equal(y_parse(&r, "--count", "-j", "8", "--seed",
				 "18446744073709551615", "x.csv", "--kind",
				 "size", NULL), 0);
	assert_int_equal(r.a.mode, 2);
	assert_int_equal(r.a.jobs, 8);
	assert_true(r.a.seed == UINT64_MAX);
	assert_int_equal(r.a.kind, 2);
	assert_string_equal(r.a.file, "x.csv");
	assert_string_equal(out, "");
	/* SET: the last one given wins */
	assert_int_equal(y_parse(&r, "--count", "--first", NULL), 0);
	assert_int_equal(r.a.mode, 1);
	assert_int_equal(y_parse(&r, "--memory", "2G", "--timeout", "500ms",
				 "--name", "--x", NULL), 0);
	assert_true(r.a.memory == 2 * 1024 * 1024);
	assert_true(r.a.timeout > 0.49 && r.a.timeout < 0.51);
	assert_string_equal(r.a.name, "--x");
	assert_int_equal(y_parse(&r, "--memory", "none", NULL), 0);
	assert_true(r.a.memory == 0);
	/* FN: called once a value, and may refuse */
	assert_int_equal(y_parse(&r, "--pair", "a,b", "--pair", "c,d", NULL),
			 0);
	assert_int_equal(r.a.pairs, 2);
	assert_int_equal(y_parse(&r, "--pair", "ab", NULL), 2);
	assert_non_null(strstr(out, "harness yverb: --pair takes A,B, not "
			       "'ab'\nusage: harness yverb [flags] FILE\n"));

	/* each type's refusal: the flag as typed, what it takes, the value */
	assert_int_equal(y_parse(&r, "-j", "0", NULL), 2);
	assert_non_null(strstr(out, "harness yverb: -j takes a number of "
			       "runs from 1 to 64, not '0'\n"));
	assert_int_equal(y_parse(&r, "--jobs", "8x", NULL), 2);
	assert_non_null(strstr(out, "--jobs takes a number of runs, an "
			       "integer, not '8x'"));
	assert_int_equal(y_parse(&r, "--seed", "-1", NULL), 2);
	assert_non_null(strstr(out, "--seed takes an unsigned 64-bit "
			       "integer, not '-1'"));
	assert_int_equal(y_parse(&r, "--memory", "0", NULL), 2);
	assert_non_null(strstr(out, "--memory must be greater than 0, not "
			       "'0' (none for no limit)"));
	assert_int_equal(y_parse(&r, "--memory", "lots", NULL), 2);
	assert_non_null(strstr(out, "--memory takes a size such as 2G"));
	assert_int_equal(y_parse(&r, "--timeout", "0", NULL), 2);
	assert_non_null(strstr(out, "--timeout takes a duration such as 10s"));
	assert_int_equal(y_parse(&r, "--timeout", "soon", NULL), 2);
	assert_int_equal(y_parse(&r, "--kind", "cactsu", NULL), 2);
	assert_string_equal(out, "harness yverb: --kind is time, cactus or "
			    "size, not 'cactsu' (did you mean 'cactus'?)\n"
			    "usage: harness yverb [flags] FILE\n");
	assert_int_equal(y_parse(&r, "--kind", "pie", NULL), 2);
	assert_non_null(strstr(out, "--kind is time, cactus or size, not "
			       "'pie'\n"));
	/* a refused value stops the parse: nothing after it is read */
	assert_int_equal(y_parse(&r, "-j", "0", "--count", NULL), 2);
	assert_int_equal(r.a.mode, 0);

	/* a verb without operands refuses one */
	r.none = 1;
	assert_int_equal(y_parse(&r, "--count", "stray", NULL), 2);
	assert_non_null(strstr(out, "harness yverb: unexpected argument "
			       "'stray'\n"));
	r.none = 0;
	/* --help: -1, the help printed, nothing after it read */
	capture(1, stdout, y_help, &r);
	assert_int_equal(r.rc, -1);
	assert_non_null(strstr(out, "usage: harness yverb [flags] FILE\n"));
	assert_non_null(strstr(out, "\n  -j, --jobs N  jobs\n"));
}

/* Every verb's flag table well made: each row typed, a CHOICE with its
 * names, an FN with its function, an INT with a range, each spelling
 * once, no value for a SET and one for every other type. */
static void verb_tables(void **state)
{
	static const nq_verb *const verbs[] = {
		&nq_verb_run, &nq_verb_solve, &nq_verb_list, &nq_verb_plot,
		&nq_verb_report, &nq_verb_export, &nq_verb_check,
		&nq_verb_plan, &nq_verb_merge, &nq_verb_slurm,
		&nq_verb_compare, &nq_verb_trace
	};
	const nq_flag *f, *g;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof verbs / sizeof *verbs; i++)
		for (f = verbs[i]->flags; f->help; f++) {
			const char *name = f->name ? f->name : "-";

			if (f->type < NQ_FLAG_SET || f->type > NQ_FLAG_FN)
				fail_msg("%s --%s: no type", verbs[i]->name,
					 name);
			if ((f->type == NQ_FLAG_SET) != !f->arg)
				fail_msg("%s --%s: a SET takes no value, every "
					 "other type one", verbs[i]->name, name);
			if (f->type == NQ_FLAG_CHOICE && (!f->choices ||
							  !f->choices[0]))
				fail_msg("%s --%s: no choices", verbs[i]->name,
					 name);
			if (f->type == NQ_FLAG_FN && !f->parse)
				fail_msg("%s --%s: no parse", verbs[i]->name,
					 name);
			if (f->type == NQ_FLAG_INT && f->min > f->max)
				fail_msg("%s --%s: min > max", verbs[i]->name,
					 name);
			for (g = verbs[i]->flags; g < f; g++)
				if ((f->name && g->name &&
				     !strcmp(f->name, g->name)) ||
				    (f->short_name &&
				     f->short_name == g->short_name))
					fail_msg("%s --%s: spelt twice",
						 verbs[i]->name, name);
		}
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
		cmocka_unit_test(typed_values),
		cmocka_unit_test(verb_tables),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
