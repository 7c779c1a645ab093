/*
 * test_config.c - cmocka tests of core/config/config.c: experiment files,
 * approach options, durations and sizes.
 *
 * Each test writes its YAML to a fresh directory under /tmp (so the
 * file's base name is known) and removes it afterwards. Option tests use
 * "testsolver", registered here with an option table of every type, so
 * they do not depend on the built-in solvers' tables.
 *
 *   test_config [NAME-PATTERN]   run the tests whose names match
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "experiment.h"
#include "portfolio.h"
#include "registry.h"

/* ------------------------------------------------------------------ */
/* Test solvers. */

static int dummy_solve(const nq_job *job, nq_result *res)
{
	(void)job;
	(void)res;
	return NQ_ERR;
}

static const char *const test_variants[] = { "textbook", "bitmask", NULL };

static const nq_option test_options[] = {
	{ "variant", NQ_OPT_CHOICE, "bitmask", test_variants, 0, 0, "v" },
	{ "threads", NQ_OPT_INT, "0", NULL, 0, 256, "t" },
	{ "encoding", NQ_OPT_CNF, "sequential", NULL, 0, 0, "e" },
	{ "model", NQ_OPT_ILP, "assignment", NULL, 0, 0, "m" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};

static const nq_solver test_solver = {
	NQ_ABI_VERSION, sizeof(nq_solver), "testsolver", "test",
	test_options, "variant", NULL, dummy_solve, NULL, NULL, NULL
};

/* No options at all; built as an ABI 1 plugin is (no option_used), which
 * the registry still takes. */
static const nq_solver bare_solver = {
	1, NQ_SOLVER_SIZE_V1, "testbare", "test",
	NULL, NULL, NULL, dummy_solve, NULL, NULL, NULL
};

/* Options, no label; a NULL default. */
static const nq_option nolabel_options[] = {
	{ "depth", NQ_OPT_INT, "3", NULL, 1, 10, "d" },
	{ "style", NQ_OPT_CHOICE, NULL, test_variants, 0, 0, "s" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};

static const nq_solver nolabel_solver = {
	NQ_ABI_VERSION, sizeof(nq_solver), "testnolabel", "test",
	nolabel_options, NULL, NULL, dummy_solve, NULL, NULL, NULL
};

/* More options than an approach holds. */
static const nq_option many_options[] = {
	{ "o1", NQ_OPT_INT, "0", NULL, 0, 9, "" },
	{ "o2", NQ_OPT_INT, "0", NULL, 0, 9, "" },
	{ "o3", NQ_OPT_INT, "0", NULL, 0, 9, "" },
	{ "o4", NQ_OPT_INT, "0", NULL, 0, 9, "" },
	{ "o5", NQ_OPT_INT, "0", NULL, 0, 9, "" },
	{ "o6", NQ_OPT_INT, "0", NULL, 0, 9, "" },
	{ "o7", NQ_OPT_INT, "0", NULL, 0, 9, "" },
	{ "o8", NQ_OPT_INT, "0", NULL, 0, 9, "" },
	{ "o9", NQ_OPT_INT, "0", NULL, 0, 9, "" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};

static const nq_solver many_solver = {
	NQ_ABI_VERSION, sizeof(nq_solver), "testmany", "test",
	many_options, NULL, NULL, dummy_solve, NULL, NULL, NULL
};

static int group_setup(void **state)
{
	nq_error err;

	(void)state;
	if (nq_registry_add_solver(&test_solver, "test", &err) ||
	    nq_registry_add_solver(&bare_solver, "test", &err) ||
	    nq_registry_add_solver(&nolabel_solver, "test", &err)) {
		fprintf(stderr, "cannot register test solvers: %s\n", err.msg);
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Helpers. */

/* Write `text` to DIR/name in a fresh directory, load it, remove it.
 * Returns what nq_config_load returned. */
static int load_named(const char *name, const char *text,
		      nq_experiment **out, nq_error *err, char *path_out,
		      size_t path_len)
{
	char dir[] = "/tmp/nq_test_config_XXXXXX";
	char path[256];
	FILE *f;
	int rc;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
	memset(err, 0, sizeof *err);
	rc = nq_config_load(path, out, err);
	if (path_out)
		snprintf(path_out, path_len, "%s", path);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(rmdir(dir), 0);
	return rc;
}

/* Load text that must be valid. */
static nq_experiment *load_ok(const char *text)
{
	nq_experiment *exp = NULL;
	nq_error err;

	if (load_named("t.yaml", text, &exp, &err, NULL, 0)) {
		char buf[900];

		nq_error_format(&err, buf, sizeof buf);
		fail_msg("expected the file to load, got: %s\n--- file:\n%s",
			 buf, text);
	}
	assert_non_null(exp);
	return exp;
}

/* Load text that must fail at line:col with `want` in the message, and
 * leave *out alone. */
static void check_error(const char *text, int line, int col,
			const char *want)
{
	static nq_experiment sentinel;
	nq_experiment *exp = &sentinel;
	char path[256], buf[900];
	nq_error err;
	int rc;

	rc = load_named("t.yaml", text, &exp, &err, path, sizeof path);
	nq_error_format(&err, buf, sizeof buf);
	if (rc != -1 || err.line != line || err.col != col ||
	    !strstr(err.msg, want) || strcmp(err.file, path) != 0)
		fail_msg("want %d:%d '%s'\n got rc %d, %s\n--- file:\n%s",
			 line, col, want, rc, buf, text);
	assert_ptr_equal(exp, &sentinel);
}

#define BASE_I "instances:\n  - n: 8\n"
#define BASE_A "approaches:\n  - testsolver\n"
#define BASE BASE_I BASE_A

/* ------------------------------------------------------------------ */
/* Valid files. */

static const char full_yaml[] =
	"experiment: full-run.v2\n"                                 /* 1 */
	"repeat: 3\n"
	"warmup: 1\n"
	"timeout: 20s\n"
	"memory: 2G\n"                                              /* 5 */
	"seed: 18446744073709551615\n"
	"output: out/full.csv\n"
	"after_timeout: skip\n"
	"instances:\n"
	"  - n: 8\n"                                                /* 10 */
	"    mode: count\n"
	"    hints: [[1, 2], [3, 5]]\n"
	"  - {n: [4, \"6..10 by 2\"], mode: [first, count]}\n"
	"approaches:\n"
	"  - testsolver\n"                                          /* 15 */
	"  - testsolver: {variant: [textbook, bitmask], threads: [1, 2]}\n"
	"  - testsolver: {encoding: [pairwise]}\n";

static void test_full_file(void **state)
{
	nq_experiment *exp;
	const nq_instance_spec *s;
	const nq_approach *a;
	static const int want_n[] = { 8, 4, 4, 6, 6, 8, 8, 10, 10 };
	static const enum nq_mode want_mode[] = {
		NQ_MODE_COUNT, NQ_MODE_FIRST, NQ_MODE_COUNT, NQ_MODE_FIRST,
		NQ_MODE_COUNT, NQ_MODE_FIRST, NQ_MODE_COUNT, NQ_MODE_FIRST,
		NQ_MODE_COUNT
	};
	/* the options that differ between the file's approaches */
	static const char *const want_name[] = {
		"testsolver/bitmask threads=0 encoding=sequential",
		"testsolver/textbook threads=1 encoding=sequential",
		"testsolver/textbook threads=2 encoding=sequential",
		"testsolver/bitmask threads=1 encoding=sequential",
		"testsolver/bitmask threads=2 encoding=sequential",
		"testsolver/bitmask threads=0 encoding=pairwise",
	};
	static const char *const want_label[] = {
		"bitmask", "textbook", "textbook", "bitmask", "bitmask",
		"bitmask"
	};
	static const char *const want_options[] = {
		"threads=0;encoding=sequential;model=assignment",
		"threads=1;encoding=sequential;model=assignment",
		"threads=2;encoding=sequential;model=assignment",
		"threads=1;encoding=sequential;model=assignment",
		"threads=2;encoding=sequential;model=assignment",
		"threads=0;encoding=pairwise;model=assignment",
	};
	static const int want_line[] = { 15, 16, 16, 16, 16, 17 };
	size_t i;

	(void)state;
	exp = load_ok(full_yaml);
	assert_string_equal(exp->name, "full-run.v2");
	assert_string_equal(exp->output, "out/full.csv");
	assert_int_equal(exp->repeat, 3);
	assert_int_equal(exp->warmup, 1);
	assert_true(exp->timeout_s == 20.0);
	assert_true(exp->memory_kib == 2u * 1024 * 1024);
	assert_true(exp->seed == UINT64_MAX);
	assert_int_equal(exp->after_timeout, NQ_AFTER_TIMEOUT_SKIP);

	assert_int_equal(exp->ninstances, 9);
	for (i = 0; i < exp->ninstances; i++) {
		s = &exp->instances[i];
		assert_int_equal(s->inst.n, want_n[i]);
		assert_int_equal(s->inst.mode, want_mode[i]);
		assert_int_equal(s->line, i == 0 ? 10 : 13);
		assert_int_equal(s->col, i == 0 ? 5 : 5);
	}
	/* Hints: 1-based in the file, 0-based in nq_square. */
	s = &exp->instances[0];
	assert_int_equal(s->inst.nhints, 2);
	assert_ptr_equal(s->inst.hints, s->hints);
	assert_int_equal(s->hints[0].row, 0);
	assert_int_equal(s->hints[0].col, 1);
	assert_int_equal(s->hints[1].row, 2);
	assert_int_equal(s->hints[1].col, 4);
	assert_string_equal(s->hints_text, "1:2 3:5");
	for (i = 1; i < exp->ninstances; i++) {
		assert_int_equal(exp->instances[i].inst.nhints, 0);
		assert_null(exp->instances[i].inst.hints);
		assert_string_equal(exp->instances[i].hints_text, "");
	}

	assert_int_equal(exp->napproaches, 6);
	for (i = 0; i < exp->napproaches; i++) {
		a = &exp->approaches[i];
		assert_ptr_equal(a->solver, nq_registry_solver("testsolver"));
		assert_string_equal(a->name, want_name[i]);
		assert_string_equal(a->label, want_label[i]);
		assert_string_equal(a->options, want_options[i]);
		assert_int_equal(a->line, want_line[i]);
		assert_int_equal(a->col, 5);
	}
	a = &exp->approaches[1];
	assert_int_equal(a->opt[0].num, 0);
	assert_string_equal(a->opt[0].str, "textbook");
	assert_int_equal(a->opt[1].num, 1);
	assert_null(a->opt[1].str);
	assert_ptr_equal(a->opt[2].ptr, nq_registry_cnf("sequential"));
	assert_string_equal(a->opt[2].str, "sequential");
	assert_ptr_equal(a->opt[3].ptr, nq_registry_ilp("assignment"));
	assert_string_equal(a->opt[3].str, "assignment");
	assert_ptr_equal(exp->approaches[5].opt[2].ptr,
			 nq_registry_cnf("pairwise"));
	nq_experiment_free(exp);
}

/* Every instance owns its hints. */
static void test_hints_copied_per_instance(void **state)
{
	nq_experiment *exp;
	size_t i;

	(void)state;
	exp = load_ok("instances:\n"
		      "  - {n: 5..7, mode: [first, count], hints: [[2, 1]]}\n"
		      BASE_A);
	assert_int_equal(exp->ninstances, 6);
	for (i = 0; i < exp->ninstances; i++) {
		const nq_instance_spec *s = &exp->instances[i];

		assert_int_equal(s->inst.nhints, 1);
		assert_ptr_equal(s->inst.hints, s->hints);
		assert_int_equal(s->hints[0].row, 1);
		assert_int_equal(s->hints[0].col, 0);
		assert_string_equal(s->hints_text, "2:1");
		if (i)
			assert_ptr_not_equal(s->hints,
					     exp->instances[i - 1].hints);
	}
	nq_experiment_free(exp);
}

/* Blocked squares and excluded lines (issue 12): 0-based, sorted, owned
 * by each instance, with their CSV texts; the plain ones keep theirs
 * empty and the default id. */
static void test_blocked_excluded(void **state)
{
	nq_experiment *exp;
	size_t i;

	(void)state;
	exp = load_ok("instances:\n"
		      "  - {n: 6..7, mode: count, blocked: [[4, 4], [1, 2]],\n"
		      "     excluded: {antidiagonals: [9, 2], diagonals: [5]}}\n"
		      "  - {n: 8}\n"
		      BASE_A);
	assert_int_equal(exp->ninstances, 3);
	for (i = 0; i < 2; i++) {
		const nq_instance_spec *s = &exp->instances[i];

		assert_int_equal(s->inst.nblocked, 2);
		assert_ptr_equal(s->inst.blocked, s->blocked);
		assert_int_equal(s->blocked[0].row, 0);
		assert_int_equal(s->blocked[0].col, 1);
		assert_int_equal(s->blocked[1].row, 3);
		assert_int_equal(s->inst.nexcl_diag, 1);
		assert_int_equal(s->inst.excl_diag[0], 4);
		assert_int_equal(s->inst.nexcl_anti, 2);
		assert_int_equal(s->inst.excl_anti[0], 1);
		assert_int_equal(s->inst.excl_anti[1], 8);
		assert_string_equal(s->blocked_text, "1:2 4:4");
		assert_string_equal(s->excluded_text, "d5 a2 a9");
		assert_int_equal(strlen(s->hash), 16);
		assert_int_equal(strncmp(s->id, i ? "n7-" : "n6-", 3), 0);
	}
	assert_string_not_equal(exp->instances[0].hash,
				exp->instances[1].hash);
	assert_ptr_not_equal(exp->instances[0].blocked,
			     exp->instances[1].blocked);
	assert_int_equal(exp->instances[2].inst.nblocked, 0);
	assert_null(exp->instances[2].inst.excl_diag);
	assert_string_equal(exp->instances[2].blocked_text, "");
	assert_string_equal(exp->instances[2].excluded_text, "");
	assert_string_equal(exp->instances[2].id, "n8");
	nq_experiment_free(exp);
}

static void test_defaults_and_name_from_file(void **state)
{
	nq_experiment *exp = NULL;
	nq_error err;
	char path[256];

	(void)state;
	assert_int_equal(load_named("scaling.yaml", BASE, &exp, &err, path,
				    sizeof path), 0);
	assert_string_equal(exp->name, "scaling");
	assert_string_equal(exp->output, "reports/scaling.csv");
	assert_string_equal(exp->path, path);
	assert_int_equal(exp->repeat, 1);
	assert_int_equal(exp->warmup, 0);
	assert_true(exp->timeout_s == 60.0);
	assert_true(exp->memory_kib == 0);
	assert_true(exp->disk_kib == NQ_DISK_DEFAULT);
	assert_int_equal(exp->processes, NQ_PROCESSES_DEFAULT);
	assert_true(exp->seed == 1);
	assert_int_equal(exp->after_timeout, NQ_AFTER_TIMEOUT_CONTINUE);
	assert_int_equal(exp->strict, 0);
	assert_int_equal(exp->ninstances, 1);
	assert_int_equal(exp->instances[0].inst.n, 8);
	assert_int_equal(exp->instances[0].inst.mode, NQ_MODE_FIRST);
	assert_int_equal(exp->napproaches, 1);
	nq_experiment_free(exp);

	/* Characters a name cannot hold become '_'; only the last
	 * extension goes. */
	assert_int_equal(load_named("my exp.v2.yaml", BASE, &exp, &err,
				    NULL, 0), 0);
	assert_string_equal(exp->name, "my_exp.v2");
	assert_string_equal(exp->output, "reports/my_exp.v2.csv");
	nq_experiment_free(exp);

	/* An explicit name sets the default output too. */
	exp = load_ok("experiment: other\n" BASE);
	assert_string_equal(exp->name, "other");
	assert_string_equal(exp->output, "reports/other.csv");
	nq_experiment_free(exp);
}

/* The n values an `n:` text expands to. */
static void check_n(const char *n_text, const int *want, size_t nwant)
{
	char text[512];
	nq_experiment *exp;
	size_t i;

	snprintf(text, sizeof text, "instances:\n  - n: %s\n" BASE_A, n_text);
	exp = load_ok(text);
	if (exp->ninstances != nwant)
		fail_msg("n: %s gave %zu instances, want %zu", n_text,
			 exp->ninstances, nwant);
	for (i = 0; i < nwant; i++)
		if (exp->instances[i].inst.n != want[i])
			fail_msg("n: %s: instance %zu has n %d, want %d",
				 n_text, i, exp->instances[i].inst.n, want[i]);
	nq_experiment_free(exp);
}

#define CHECK_N(text, ...)                                              \
	do {                                                            \
		static const int w[] = { __VA_ARGS__ };                 \
		check_n(text, w, sizeof w / sizeof *w);                 \
	} while (0)

static void test_range_forms(void **state)
{
	(void)state;
	CHECK_N("1", 1);
	CHECK_N("100000000", 100000000);
	CHECK_N("4..12", 4, 5, 6, 7, 8, 9, 10, 11, 12);
	CHECK_N("\"4..12 by 2\"", 4, 6, 8, 10, 12);
	CHECK_N("4..11 by 3", 4, 7, 10);
	CHECK_N("16..1024 times 2", 16, 32, 64, 128, 256, 512, 1024);
	CHECK_N("3..100 times 3", 3, 9, 27, 81);
	CHECK_N("5..5", 5);
	CHECK_N("'4 .. 6'", 4, 5, 6);
	CHECK_N("[3, \"1..2\", 20, 10..30 by 10]", 3, 1, 2, 20, 10, 20, 30);
	CHECK_N("\n      - 7\n      - 9..10", 7, 9, 10);
}

static void test_value_forms(void **state)
{
	nq_experiment *exp;

	(void)state;
	exp = load_ok("timeout: 1.5\nmemory: 512\nseed: 0\n"
		      "after_timeout: continue\n" BASE);
	assert_true(exp->timeout_s == 1.5);
	assert_true(exp->memory_kib == 512u * 1024);
	assert_true(exp->seed == 0);
	assert_int_equal(exp->after_timeout, NQ_AFTER_TIMEOUT_CONTINUE);
	nq_experiment_free(exp);

	exp = load_ok("timeout: 500ms\nmemory: none\nwarmup: 0\n" BASE);
	assert_true(exp->timeout_s == 0.5);
	assert_true(exp->memory_kib == 0);
	nq_experiment_free(exp);

	exp = load_ok("timeout: 2m\nmemory: 1024K\n" BASE);
	assert_true(exp->timeout_s == 120.0);
	assert_true(exp->memory_kib == 1024);
	nq_experiment_free(exp);
	/* the longest: 30 days */
	exp = load_ok("timeout: 720h\n" BASE);
	assert_true(exp->timeout_s == 2592000.0);
	nq_experiment_free(exp);

	/* the caps: a size as memory's (none: no cap), an integer */
	exp = load_ok("disk: 10M\nprocesses: 100\n" BASE);
	assert_true(exp->disk_kib == 10240);
	assert_int_equal(exp->processes, 100);
	nq_experiment_free(exp);
	exp = load_ok("disk: none\n" BASE);
	assert_true(exp->disk_kib == 0);
	nq_experiment_free(exp);

	/* Keys in any order; block style options; null and empty options;
	 * the n: key after mode:. */
	exp = load_ok("approaches:\n"
		      "  - testsolver:\n"
		      "      variant: textbook\n"
		      "  - testsolver: {}\n"
		      "  - testnolabel:\n"
		      "instances:\n"
		      "  - mode: [count]\n"
		      "    n: 6\n"
		      "    hints: []\n");
	assert_int_equal(exp->napproaches, 3);
	assert_string_equal(exp->approaches[0].name, "testsolver/textbook");
	assert_string_equal(exp->approaches[1].name, "testsolver/bitmask");
	assert_string_equal(exp->approaches[2].name, "testnolabel");
	assert_int_equal(exp->ninstances, 1);
	assert_int_equal(exp->instances[0].inst.mode, NQ_MODE_COUNT);
	assert_int_equal(exp->instances[0].inst.nhints, 0);
	nq_experiment_free(exp);
}

/* The cartesian product runs the option table order outermost, whatever
 * order the file gives the options in. */
static void test_option_product_order(void **state)
{
	nq_experiment *exp;
	static const char *const want[] = {
		"testsolver/textbook threads=1 encoding=pairwise",
		"testsolver/textbook threads=1 encoding=sequential",
		"testsolver/textbook threads=2 encoding=pairwise",
		"testsolver/textbook threads=2 encoding=sequential",
		"testsolver/bitmask threads=1 encoding=pairwise",
		"testsolver/bitmask threads=1 encoding=sequential",
		"testsolver/bitmask threads=2 encoding=pairwise",
		"testsolver/bitmask threads=2 encoding=sequential",
	};
	size_t i;

	(void)state;
	exp = load_ok(BASE_I "approaches:\n"
		      "  - testsolver: {encoding: [pairwise, sequential], "
		      "threads: [1, 2], variant: [textbook, bitmask]}\n");
	assert_int_equal(exp->napproaches, 8);
	for (i = 0; i < 8; i++)
		assert_string_equal(exp->approaches[i].name, want[i]);
	nq_experiment_free(exp);
}

/* The built-in backtrack, once it declares its variant option. */
static void test_builtin_backtrack(void **state)
{
	const nq_solver *bt = nq_registry_solver("backtrack");
	nq_experiment *exp;

	(void)state;
	if (!bt || !bt->options || !bt->label_option) {
		skip();
		return;
	}
	exp = load_ok(BASE_I "approaches:\n"
		      "  - backtrack: {variant: [textbook, bitmask]}\n");
	assert_int_equal(exp->napproaches, 2);
	assert_string_equal(exp->approaches[0].label, "textbook");
	assert_string_equal(exp->approaches[0].name, "backtrack/textbook");
	assert_string_equal(exp->approaches[1].label, "bitmask");
	assert_string_equal(exp->approaches[1].name, "backtrack/bitmask");
	nq_experiment_free(exp);
}

/* ------------------------------------------------------------------ */
/* nq_approach_init directly. */

static void test_approach_init(void **state)
{
	const nq_solver *s = nq_registry_solver("testsolver");
	const char *keys[] = { "model", "threads", "variant" };
	const char *vals[] = { "assignment", "7", "textbook" };
	nq_approach a;
	nq_error err;

	(void)state;
	assert_non_null(s);
	assert_int_equal(nq_approach_init(&a, s, keys, vals, 3, &err), 0);
	assert_ptr_equal(a.solver, s);
	assert_string_equal(a.label, "textbook");
	assert_string_equal(a.options,
			    "threads=7;encoding=sequential;model=assignment");
	/* alone, an approach is named by its solver and label */
	assert_string_equal(a.name, "testsolver/textbook");
	assert_int_equal(a.opt[0].num, 0);
	assert_int_equal(a.opt[1].num, 7);
	assert_ptr_equal(a.opt[2].ptr, nq_registry_cnf("sequential"));

	/* Defaults only. */
	assert_int_equal(nq_approach_init(&a, s, NULL, NULL, 0, &err), 0);
	assert_string_equal(a.name, "testsolver/bitmask");
	assert_int_equal(a.opt[0].num, 1);
	assert_string_equal(a.opt[0].str, "bitmask");

	/* Errors: unknown key, bad values of each type, a key twice. */
	keys[0] = "threds";
	assert_int_equal(nq_approach_init(&a, s, keys, vals, 1, &err), -1);
	assert_string_equal(err.msg, "unknown option 'threds' for testsolver "
			    "(did you mean 'threads'?)");
	keys[0] = "colour";
	assert_int_equal(nq_approach_init(&a, s, keys, vals, 1, &err), -1);
	assert_string_equal(err.msg, "unknown option 'colour' for testsolver "
			    "(expected one of: variant, threads, encoding, "
			    "model)");
	keys[0] = "variant";
	vals[0] = "fast";
	assert_int_equal(nq_approach_init(&a, s, keys, vals, 1, &err), -1);
	assert_string_equal(err.msg, "unknown variant 'fast' for testsolver "
			    "(expected one of: textbook, bitmask)");
	vals[0] = "bitmsak";
	assert_int_equal(nq_approach_init(&a, s, keys, vals, 1, &err), -1);
	assert_string_equal(err.msg, "unknown variant 'bitmsak' for testsolver "
			    "(did you mean 'bitmask'?)");
	keys[0] = "threads";
	vals[0] = "257";
	assert_int_equal(nq_approach_init(&a, s, keys, vals, 1, &err), -1);
	assert_string_equal(err.msg, "bad threads '257' for testsolver "
			    "(expected an integer from 0 to 256)");
	vals[0] = "x";
	assert_int_equal(nq_approach_init(&a, s, keys, vals, 1, &err), -1);
	assert_non_null(strstr(err.msg, "bad threads 'x'"));
	keys[0] = "encoding";
	vals[0] = "pairwize";
	assert_int_equal(nq_approach_init(&a, s, keys, vals, 1, &err), -1);
	assert_string_equal(err.msg, "unknown encoding 'pairwize' for "
			    "testsolver (did you mean 'pairwise'?)");
	vals[0] = "zzzz";
	assert_int_equal(nq_approach_init(&a, s, keys, vals, 1, &err), -1);
	assert_non_null(strstr(err.msg, "unknown encoding 'zzzz' for "
			       "testsolver (expected one of: pairwise, "
			       "sequential"));
	keys[0] = "model";
	vals[0] = "nope";
	assert_int_equal(nq_approach_init(&a, s, keys, vals, 1, &err), -1);
	assert_non_null(strstr(err.msg, "unknown model 'nope' for testsolver "
			       "(expected one of: assignment"));
	keys[0] = keys[1] = "variant";
	vals[0] = vals[1] = "bitmask";
	assert_int_equal(nq_approach_init(&a, s, keys, vals, 2, &err), -1);
	assert_non_null(strstr(err.msg, "given twice"));
}

/* A portfolio (docs/experiments.md, Portfolios): its members as a list,
 * written any way, named canonically; nq_approach_parse's forms; the
 * refusals, at the member's line and column. */
static void test_portfolio(void **state)
{
	nq_experiment *exp;
	nq_approach a, m[NQ_PORTFOLIO_MAX];
	nq_error err;

	(void)state;
	nq_portfolio_register();
	nq_portfolio_register(); /* once is enough: the second adds nothing */
	exp = load_ok(BASE_I "approaches:\n"
		      "  - portfolio: {members: [backtrack/dlx, "
		      "\"backtrack:variant=bitmask,threads=1\", construct]}\n"
		      "  - portfolio: {members: backtrack/mrv+backtrack/dlx}\n");
	assert_int_equal(exp->napproaches, 2);
	assert_string_equal(exp->approaches[0].solver->name, "portfolio");
	assert_string_equal(exp->approaches[0].label, "backtrack/dlx+"
			    "backtrack/bitmask:threads=1+construct");
	assert_string_equal(exp->approaches[0].name, "portfolio/backtrack/dlx+"
			    "backtrack/bitmask:threads=1+construct");
	assert_string_equal(exp->approaches[1].name,
			    "portfolio/backtrack/mrv+backtrack/dlx");
	nq_experiment_free(exp);

	memset(&err, 0, sizeof err);
	assert_int_equal(nq_approach_parse(&a, "backtrack", &err), 0);
	assert_string_equal(a.name, "backtrack/bitmask");
	assert_int_equal(nq_approach_parse(&a, "backtrack/dlx:threads=2", &err),
			 0);
	assert_string_equal(a.label, "dlx");
	assert_int_equal(nq_approach_parse(&a, "construct/x", &err), -1);
	assert_non_null(strstr(err.msg, "construct has no label option"));
	assert_int_equal(nq_approach_parse(&a, "backtrack:variant", &err), -1);
	assert_non_null(strstr(err.msg, "expected KEY=VALUE"));
	assert_int_equal(nq_portfolio_members("backtrack/dlx+backtrack/mrv", m,
					      NQ_PORTFOLIO_MAX, &err), 2);
	assert_ptr_equal(m[1].solver, nq_registry_solver("backtrack"));
	assert_int_equal(nq_portfolio_members("backtrack/dlx", m,
					      NQ_PORTFOLIO_MAX, &err), -1);
	assert_non_null(strstr(err.msg, "at least two approaches (got 1)"));
	assert_int_equal(nq_portfolio_members("backtrack/board+backtrack/array+"
		"backtrack/textbook+backtrack/stack+backtrack/bitmask+"
		"backtrack/symmetry+backtrack/mrv+backtrack/dlx+backtrack/split",
		m, NQ_PORTFOLIO_MAX, &err), -1);
	assert_non_null(strstr(err.msg, "more than 8 members"));

	check_error(BASE_I "approaches:\n"
		    "  - portfolio:\n      members: [backtrack/dlx, 7x]\n",
		    5, 32, "portfolio member: unknown approach '7x'");
	check_error(BASE_I "approaches:\n"
		    "  - portfolio: {members: [backtrack/dlx, "
		    "\"portfolio:members=x\"]}\n",
		    4, 42, "a portfolio cannot be a member");
	check_error(BASE_I "approaches:\n"
		    "  - portfolio: {members: [backtrack/dlx, \"a+b\"]}\n",
		    4, 42, "one approach an item (no '+')");
	check_error(BASE_I "approaches:\n"
		    "  - portfolio: {members: [backtrack/dlx, backtrack/dlx]}\n",
		    4, 5, "portfolio member 'backtrack/dlx' is listed twice");
	check_error(BASE_I "approaches:\n  - portfolio\n", 4, 5,
		    "members needs at least two approaches (got 0)");
}

static void test_approach_init_other_solvers(void **state)
{
	const char *keys[] = { "style", "depth" };
	const char *vals[] = { "textbook", "5" };
	nq_approach a;
	nq_error err;

	(void)state;
	/* No options at all. */
	assert_int_equal(nq_approach_init(&a, nq_registry_solver("testbare"),
					  NULL, NULL, 0, &err), 0);
	assert_string_equal(a.name, "testbare");
	assert_string_equal(a.label, "");
	assert_string_equal(a.options, "");
	assert_int_equal(nq_approach_init(&a, nq_registry_solver("testbare"),
					  keys, vals, 1, &err), -1);
	assert_string_equal(err.msg, "unknown option 'style' for testbare "
			    "(it takes no options)");

	/* No label option; a NULL default falls back to the first choice.
	 * Alone, an approach's name is its solver's. */
	assert_int_equal(nq_approach_init(&a,
					  nq_registry_solver("testnolabel"),
					  keys, vals, 2, &err), 0);
	assert_string_equal(a.label, "");
	assert_string_equal(a.options, "depth=5;style=textbook");
	assert_string_equal(a.name, "testnolabel");
	vals[0] = "bitmask";
	assert_int_equal(nq_approach_init(&a,
					  nq_registry_solver("testnolabel"),
					  keys, vals, 1, &err), 0);
	assert_string_equal(a.name, "testnolabel");
	assert_string_equal(a.options, "depth=3;style=bitmask");

	/* More options than NQ_MAX_OPTIONS: refused when it is registered */
	assert_int_equal(nq_registry_add_solver(&many_solver, "test", &err),
			 -1);
	assert_non_null(strstr(err.msg, "at most 8"));
	assert_null(nq_registry_solver("testmany"));
}

/* ------------------------------------------------------------------ */
/* Durations and sizes. */

static void test_parse_duration(void **state)
{
	static const struct { const char *text; double want; } ok[] = {
		{ "20s", 20 }, { "500ms", 0.5 }, { "2m", 120 },
		{ "1h", 3600 }, { "1.5", 1.5 }, { "1.5s", 1.5 },
		{ "20", 20 }, { ".25", 0.25 }, { "0", 0 }, { "0s", 0 },
		{ "90m", 5400 },
	};
	static const char *const bad[] = {
		"", "-1", "-1s", "20x", "s", "ms", "1e3", "20 s", " 20",
		"20 ", "1.5.2", "20ss", "2M", "nan", "inf", ".", "+5",
	};
	double v;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof ok / sizeof *ok; i++) {
		v = -99;
		if (nq_parse_duration(ok[i].text, &v) != 0 ||
		    v < ok[i].want - 1e-9 || v > ok[i].want + 1e-9)
			fail_msg("duration '%s': got %g, want %g", ok[i].text,
				 v, ok[i].want);
	}
	for (i = 0; i < sizeof bad / sizeof *bad; i++)
		if (nq_parse_duration(bad[i], &v) != -1)
			fail_msg("duration '%s' should be malformed", bad[i]);
}

static void test_parse_size(void **state)
{
	static const struct { const char *text; uint64_t want; } ok[] = {
		{ "512M", 524288 }, { "2G", 2097152 }, { "2GiB", 2097152 },
		{ "2GB", 2097152 }, { "2g", 2097152 }, { "1024K", 1024 },
		{ "1024KiB", 1024 }, { "7kb", 7 }, { "1024", 1048576 },
		{ "3MiB", 3072 }, { "1T", 1073741824 },
		{ "1.5K", 2 }, { "0.5G", 524288 }, { "0", 0 }, { "none", 0 },
	};
	static const char *const bad[] = {
		"", "-1", "-1G", "2X", "G", "1e3", "2 G", " 2G", "2G ",
		"2GiBs", "99999999999999999999T", "None", "1.2.3M", "B",
	};
	uint64_t v;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof ok / sizeof *ok; i++) {
		v = 12345;
		if (nq_parse_size_kib(ok[i].text, &v) != 0 || v != ok[i].want)
			fail_msg("size '%s': got %llu, want %llu", ok[i].text,
				 (unsigned long long)v,
				 (unsigned long long)ok[i].want);
	}
	for (i = 0; i < sizeof bad / sizeof *bad; i++)
		if (nq_parse_size_kib(bad[i], &v) != -1)
			fail_msg("size '%s' should be malformed", bad[i]);
}

/* ------------------------------------------------------------------ */
/* Errors: each with its file position and message. */

struct error_case {
	const char *text;
	int line, col;
	const char *want;
};

static void test_error_case(void **state)
{
	const struct error_case *c = *state;

	check_error(c->text, c->line, c->col, c->want);
}

/* The glob hint only where a file: value itself holds [ or { bare. */
static void yaml_glob_hint_only_there(void **state)
{
	static const char *const no[] = {
		"instances:\n  - {file: f.param, diagonals: [1, 2}\n",
		"instances:\n  - {myfile: x[1].param, n: [1}\n",
		"instances:\n  - {file: 'x-[1].param', n: [1}\n",
	};
	nq_experiment *exp = NULL;
	char path[256];
	nq_error err;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof no / sizeof no[0]; i++) {
		assert_int_equal(load_named("t.yaml", no[i], &exp, &err, path,
					    sizeof path), -1);
		assert_null(strstr(err.msg, "a glob with"));
	}
	assert_int_equal(load_named("t.yaml", "instances:\n  - {file: "
				    "x-[1].param, n: 8}\n", &exp, &err,
				    path, sizeof path), -1);
	assert_non_null(strstr(err.msg, "a glob with"));
}

/* X(name, yaml, line, col, message substring) */
#define ERROR_CASES(X)                                                      \
	/* YAML itself */                                                   \
	X(yaml_syntax, "repeat: 1\n  timeout: 2\n" BASE, 2, 10,             \
	  "invalid YAML: mapping values are not allowed")                   \
	X(yaml_unclosed, "instances: [1, 2\napproaches: []\n", 2, 11,       \
	  "invalid YAML: did not find expected ',' or ']' (while parsing "  \
	  "a flow sequence at line 1, column 12)")                          \
	X(yaml_bare_glob, "instances:\n  - {file: d/x-[1-5].param}\n"      \
	  "approaches: [backtrack]\n", 2, 16,                              \
	  "(while parsing a flow mapping at line 2, column 5); a glob "     \
	  "with [ ] or { } is YAML's own syntax unless quoted: file: "      \
	  "'diag-18-4-[1-5].param'")                                        \
	X(yaml_no_glob_hint, "instances:\n  - {file: f.param, diagonals: " \
	  "[1, 2}\napproaches: [backtrack]\n", 2, 37,                      \
	  "(while parsing a flow sequence at line 2, column 32)")           \
	X(file_key_typo, "instances:\n  - {file: x.param, diagonal: 3}\n"  \
	  "approaches: [backtrack]\n", 2, 21,                              \
	  "unknown key 'diagonal' in a file: entry (did you mean "          \
	  "'diagonals'?)")                                                  \
	X(only_typo, "instances:\n  - {n: 8, only: [backtrack/dxl]}\n"     \
	  "approaches:\n  - backtrack: {variant: [dlx, mrv]}\n", 2, 19,     \
	  "only: no approach of this file is named 'backtrack/dxl' (did "   \
	  "you mean 'backtrack/dlx'?)")                                     \
	X(yaml_bad_alias, "repeat: *nope\n" BASE, 1, 9,                     \
	  "invalid YAML: found undefined alias")                            \
	X(yaml_tab_indent, "experiment: t\n\tinstances: []\n", 2, 1,          \
	  "invalid YAML: a tab character (tabs are not allowed for "        \
	  "indentation: indent with spaces)")                               \
	X(yaml_tab_after_spaces, BASE_I "approaches:\n  \t- testsolver\n",   \
	  4, 3, "invalid YAML: a tab character (tabs are not allowed")      \
	X(largest_n, "instances:\n  - {n: 30..33, mode: count}\n"           \
	  "approaches:\n  - backtrack: {variant: split}\n", 2, 5,            \
	  "n=33 is more than backtrack/split takes (n up to 32 in count "   \
	  "mode; the approach is at line 4): give a smaller n, or list in " \
	  "this entry's only: the approaches that take it")                 \
	X(largest_n_first, "instances:\n  - {n: 8, mode: count}\n"          \
	  "  - {n: 65, mode: first}\n"                                      \
	  "approaches:\n  - backtrack: {variant: bitmask}\n", 3, 5,          \
	  "n=65 is more than backtrack/bitmask takes (n up to 64 in first " \
	  "mode")                                                           \
	X(yaml_two_documents, BASE "---\nrepeat: 2\n", 6, 1,                \
	  "a second YAML document")                                         \
	X(empty_file, "", 1, 1, "the file is empty")                        \
	X(only_comments, "# nothing here\n", 1, 1, "the file is empty")     \
	X(top_is_list, "- a\n- b\n", 1, 1,                                  \
	  "expected a mapping of keys (experiment, instances, approaches, " \
	  "...) at the top of the file, got a list")                        \
	X(top_is_scalar, "hello\n", 1, 1, "at the top of the file, got "    \
	  "'hello'")                                                        \
	/* keys */                                                          \
	X(unknown_key_suggest, BASE "timout: 20s\n", 5, 1,                  \
	  "unknown key 'timout' (did you mean 'timeout'?)")                 \
	X(unknown_key_transposed, "repaet: 2\n" BASE, 1, 1,                 \
	  "unknown key 'repaet' (did you mean 'repeat'?)")                  \
	X(unknown_key_no_suggestion, "colour: red\n" BASE, 1, 1,            \
	  "unknown key 'colour' (known: experiment, repeat, warmup, "       \
	  "timeout, memory, disk, processes, seed, output, after_timeout, " \
	  "strict, jobs, instances, approaches, plugins)")                                 \
	X(unknown_instance_key, "instances:\n  - n: 8\n    mdoe: count\n"   \
	  BASE_A, 3, 5,                                                     \
	  "unknown instance key 'mdoe' (did you mean 'mode'?)")             \
	X(unknown_instance_key_flow, "instances:\n  - {n: 8, hint: []}\n"   \
	  BASE_A, 2, 12,                                                    \
	  "unknown instance key 'hint' (did you mean 'hints'?)")            \
	X(duplicate_key, "repeat: 2\n" BASE "repeat: 3\n", 6, 1,            \
	  "duplicate key 'repeat' (first given at line 1)")                 \
	X(duplicate_instance_key, "instances:\n  - {n: 8, n: 9}\n" BASE_A,  \
	  2, 12, "duplicate key 'n' (first given at line 2)")               \
	/* a solver's check of its values together points at the value */ \
	X(anneal_value, BASE_I "approaches:\n  - anneal: {t0: [1, abc]}\n", \
	  4, 22, "t0: 'abc' is not a number above 0")                      \
	X(duplicate_option_key, BASE_I "approaches:\n"                      \
	  "  - testsolver: {threads: 1, threads: 2}\n", 4, 30,              \
	  "duplicate key 'threads' (first given at line 4)")                \
	X(key_not_scalar, "[a]: 1\n" BASE, 1, 1,                            \
	  "expected a key name, got a list")                                \
	X(missing_instances, BASE_A, 1, 1,                                  \
	  "missing key 'instances'")                                        \
	X(missing_approaches, "repeat: 2\n" BASE_I, 1, 1,                   \
	  "missing key 'approaches'")                                       \
	/* top-level values */                                              \
	X(repeat_not_int, "repeat: abc\n" BASE, 1, 9,                       \
	  "repeat: expected an integer, got 'abc'")                         \
	X(repeat_decimal, "repeat: 1.5\n" BASE, 1, 9,                       \
	  "repeat: expected an integer, got '1.5'")                         \
	X(repeat_list, "repeat: [1]\n" BASE, 1, 9,                          \
	  "repeat: expected an integer, got a list")                        \
	X(repeat_null, "repeat:\n" BASE, 1, 8,                              \
	  "repeat: expected an integer, got nothing")                       \
	X(repeat_zero, "repeat: 0\n" BASE, 1, 9,                            \
	  "repeat must be at least 1, got 0")                               \
	X(repeat_huge, "repeat: 99999999999999999999\n" BASE, 1, 9,         \
	  "repeat must be at most 1000000")                                 \
	X(warmup_negative, "warmup: -1\n" BASE, 1, 9,                       \
	  "warmup must be at least 0, got -1")                              \
	X(timeout_zero, "timeout: 0s\n" BASE, 1, 10,                        \
	  "timeout must be greater than 0, got '0s'")                       \
	X(timeout_negative, "timeout: -5s\n" BASE, 1, 10,                   \
	  "timeout must be greater than 0, got '-5s'")                      \
	X(timeout_malformed, "timeout: 20 minutes\n" BASE, 1, 10,           \
	  "timeout: expected a duration such as 20s, 500ms, 2m, 1h or a "   \
	  "number of seconds, got '20 minutes'")                            \
	X(timeout_huge, "timeout: 99999h\n" BASE, 1, 10,                   \
	  "timeout: at most 30 days (720h), got '99999h'")                 \
	X(timeout_past_30d, "timeout: 2592001s\n" BASE, 1, 10,             \
	  "timeout: at most 30 days (720h), got '2592001s'")               \
	X(memory_malformed, "memory: 2X\n" BASE, 1, 9,                      \
	  "memory: expected a size such as 512M, 2G, 2GiB or 1024K")        \
	X(memory_zero, "memory: 0\n" BASE, 1, 9,                            \
	  "memory must be greater than 0, got '0' (write none for no "      \
	  "limit)")                                                         \
	X(memory_negative, "memory: -2G\n" BASE, 1, 9,                      \
	  "memory must be greater than 0")                                  \
	X(disk_malformed, "disk: lots\n" BASE, 1, 7,                        \
	  "disk: expected a size such as 512M, 2G, 2GiB or 1024K")          \
	X(disk_zero, "disk: 0\n" BASE, 1, 7,                                \
	  "disk must be greater than 0, got '0'")                           \
	X(processes_zero, "processes: 0\n" BASE, 1, 12,                     \
	  "processes")                                                      \
	X(processes_word, "processes: many\n" BASE, 1, 12,                  \
	  "processes")                                                      \
	X(seed_negative, "seed: -1\n" BASE, 1, 7,                           \
	  "seed: expected an unsigned 64-bit integer, got '-1'")            \
	X(seed_overflow, "seed: 18446744073709551616\n" BASE, 1, 7,         \
	  "seed: expected an unsigned 64-bit integer")                      \
	X(after_timeout_bad, "after_timeout: halt\n" BASE, 1, 16,           \
	  "after_timeout: unknown value 'halt' (expected one of: "          \
	  "continue, skip)")                                                \
	X(after_timeout_typo, "after_timeout: skp\n" BASE, 1, 16,           \
	  "after_timeout: unknown value 'skp' (did you mean 'skip'?)")      \
	X(strict_bad, "strict: yes\n" BASE, 1, 9,                           \
	  "strict: expected true or false, got 'yes'")                      \
	X(strict_typo, "strict: ture\n" BASE, 1, 9,                         \
	  "strict: expected true or false, got 'ture' (did you mean "       \
	  "'true'?)")                                                       \
	X(experiment_bad_name, "experiment: my exp\n" BASE, 1, 13,          \
	  "experiment: a name holds only letters, digits, '_', '.' and "    \
	  "'-', got 'my exp'")                                              \
	X(experiment_slash, "experiment: ../x\n" BASE, 1, 13,               \
	  "a name holds only letters")                                      \
	X(experiment_empty, "experiment: ''\n" BASE, 1, 13,                 \
	  "experiment: expected a name, got ''")                            \
	X(output_empty, "output: \"\"\n" BASE, 1, 9,                        \
	  "output: expected a file name, got ''")                           \
	X(output_list, "output: [a]\n" BASE, 1, 9,                          \
	  "output: expected a file name, got a list")                       \
	/* instances */                                                     \
	X(instances_empty, "instances: []\n" BASE_A, 1, 12,                 \
	  "instances: the list is empty")                                   \
	X(instances_not_list, "instances: 8\n" BASE_A, 1, 12,               \
	  "instances: expected a list such as '- {n: 8, mode: count}', "    \
	  "got '8'")                                                        \
	X(instance_not_mapping, "instances:\n  - 8\n" BASE_A, 2, 5,         \
	  "expected an instance as a mapping such as {n: 8, mode: count}")  \
	X(instance_without_n, "instances:\n  - mode: count\n" BASE_A, 2, 5, \
	  "instance without 'n'")                                           \
	X(n_zero, "instances:\n  - n: 0\n" BASE_A, 2, 8,                    \
	  "n must be at least 1, got 0")                                    \
	X(n_negative, "instances:\n  - n: -4\n" BASE_A, 2, 8,               \
	  "n must be at least 1, got -4")                                   \
	X(n_too_big, "instances:\n  - n: 100000001\n" BASE_A, 2, 8,         \
	  "n must be at most 100000000, got 100000001")                     \
	X(n_not_int, "instances:\n  - n: abc\n" BASE_A, 2, 8,               \
	  "n: expected an integer, a range such as '4..12', '4..12 by 2' "  \
	  "or '16..1024 times 2', or a list of these, got 'abc'")           \
	X(n_decimal, "instances:\n  - n: 8.5\n" BASE_A, 2, 8,               \
	  "got '8.5'")                                                      \
	X(n_mapping, "instances:\n  - n: {a: 1}\n" BASE_A, 2, 8,            \
	  "n: expected an integer, a range")                                \
	X(n_empty_list, "instances:\n  - n: []\n" BASE_A, 2, 8,             \
	  "n: the list is empty")                                           \
	X(n_bad_list_item, "instances:\n  - n: [4, 0]\n" BASE_A, 2, 12,     \
	  "n must be at least 1, got 0")                                    \
	X(n_nested_list, "instances:\n  - n: [4, [5]]\n" BASE_A, 2, 12,     \
	  "got a list")                                                     \
	X(range_reversed, "instances:\n  - n: 12..4\n" BASE_A, 2, 8,        \
	  "n: the range '12..4' runs backwards (did you mean '4..12'?)")    \
	X(range_step_zero, "instances:\n  - n: 4..12 by 0\n" BASE_A, 2, 8,  \
	  "n: the step in '4..12 by 0' must be at least 1")                 \
	X(range_step_negative, "instances:\n  - n: 4..12 by -2\n" BASE_A,   \
	  2, 8, "the step in '4..12 by -2' must be at least 1")             \
	X(range_times_one, "instances:\n  - n: 4..12 times 1\n" BASE_A,     \
	  2, 8, "n: the factor in '4..12 times 1' must be at least 2")      \
	X(range_three_dots, "instances:\n  - n: 4...12\n" BASE_A, 2, 8,     \
	  "n: expected an integer, a range such as '4..12'")                \
	X(range_open, "instances:\n  - n: '4..'\n" BASE_A, 2, 8,            \
	  "got '4..'")                                                      \
	X(range_bad_word, "instances:\n  - n: 4..12 step 2\n" BASE_A, 2, 8, \
	  "got '4..12 step 2'")                                             \
	X(range_junk, "instances:\n  - n: 4..12 by 2 x\n" BASE_A, 2, 8,     \
	  "got '4..12 by 2 x'")                                             \
	X(range_from_zero, "instances:\n  - n: 0..5\n" BASE_A, 2, 8,        \
	  "n must be at least 1, got 0 in '0..5'")                          \
	X(range_too_big, "instances:\n  - n: 1..200000000\n" BASE_A, 2, 8,  \
	  "n must be at most 100000000, got 200000000 in")                  \
	X(too_many_instances, "instances:\n  - n: 1..100001\n" BASE_A,      \
	  2, 8, "too many instances (more than 100000")                     \
	X(too_many_instances_modes, "instances:\n  - {mode: [first, "       \
	  "count], n: 1..50001}\n" BASE_A, 2, 31,                           \
	  "too many instances (more than 100000")                           \
	X(too_many_instances_entries, "instances:\n  - n: 1..60000\n"       \
	  "  - n: 1..40001\n" BASE_A, 3, 8,                                 \
	  "too many instances (more than 100000")                           \
	X(mode_bad, "instances:\n  - {n: 8, mode: every}\n" BASE_A, 2, 18,  \
	  "mode: unknown mode 'every' (expected one of: first, count)")     \
	X(mode_typo, "instances:\n  - {n: 8, mode: cuont}\n" BASE_A, 2, 18, \
	  "mode: unknown mode 'cuont' (did you mean 'count'?)")             \
	X(mode_typo_list, "instances:\n  - {n: 8, mode: [count, frist]}\n"  \
	  BASE_A, 2, 26, "mode: unknown mode 'frist' (did you mean "        \
	  "'first'?)")                                                      \
	X(mode_twice, "instances:\n  - {n: 8, mode: [first, first]}\n"      \
	  BASE_A, 2, 26, "mode: 'first' is listed twice")                   \
	X(mode_empty, "instances:\n  - {n: 8, mode: []}\n" BASE_A, 2, 18,   \
	  "mode: the list is empty")                                        \
	/* hints */                                                         \
	X(hint_triple, "instances:\n  - {n: 8, hints: [[1, 2, 3]]}\n"       \
	  BASE_A, 2, 20, "hints: expected a hint as a pair [row, column] "  \
	  "of integers, got a list of 3 items")                             \
	X(hint_single, "instances:\n  - {n: 8, hints: [[1]]}\n" BASE_A,     \
	  2, 20, "got a list of 1 item")                                    \
	X(hint_not_int, "instances:\n  - {n: 8, hints: [[1, a]]}\n"         \
	  BASE_A, 2, 24, "hints: expected a hint as a pair [row, column] "  \
	  "of integers, got 'a'")                                           \
	X(hint_flat, "instances:\n  - {n: 8, hints: [1, 2]}\n" BASE_A,      \
	  2, 20, "hints: expected a hint as a pair [row, column] of "       \
	  "integers, got '1'")                                              \
	X(hints_not_list, "instances:\n  - {n: 8, hints: 1}\n" BASE_A,      \
	  2, 19, "hints: expected a list of [row, column] pairs, got '1'")  \
	X(hint_off_board, "instances:\n  - {n: 8, hints: [[9, 1]]}\n"       \
	  BASE_A, 2, 20, "hint [9, 1] is off the 8x8 board (rows and "      \
	  "columns run 1..8)")                                              \
	X(hint_off_board_zero, "instances:\n  - {n: 8, hints: [[1, 0]]}\n"  \
	  BASE_A, 2, 20, "hint [1, 0] is off the 8x8 board")                \
	X(hint_off_smallest_board, "instances:\n"                           \
	  "  - {n: [12, 4..10], hints: [[5, 5]]}\n" BASE_A, 2, 30,          \
	  "hint [5, 5] is off the 4x4 board (rows and columns run 1..4)")   \
	X(hint_huge, "instances:\n  - {n: 8, hints: [[1, "                  \
	  "99999999999999999999]]}\n" BASE_A, 2, 20,                        \
	  "is off the 8x8 board")                                           \
	X(hints_diagonal, "instances:\n"                                    \
	  "  - {n: 8, hints: [[1, 1], [2, 2]]}\n" BASE_A, 2, 28,            \
	  "hints [1, 1] and [2, 2] attack each other on a diagonal")        \
	X(hints_antidiagonal, "instances:\n"                                \
	  "  - {n: 8, hints: [[1, 3], [2, 6], [3, 1]]}\n" BASE_A, 2, 36,    \
	  "hints [1, 3] and [3, 1] attack each other on a diagonal")        \
	X(hints_row, "instances:\n"                                         \
	  "  - {n: 8, hints: [[2, 1], [2, 5]]}\n" BASE_A, 2, 28,            \
	  "hints [2, 1] and [2, 5] attack each other on a row")             \
	X(hints_column, "instances:\n"                                      \
	  "  - {n: 8, hints: [[2, 4], [7, 4]]}\n" BASE_A, 2, 28,            \
	  "hints [2, 4] and [7, 4] attack each other on a column")          \
	/* blocked squares and excluded lines */ \
	X(blocked_off_board, "instances:\n  - {n: 8, blocked: [[9, 1]]}\n" BASE_A, 2, 22, \
	  "blocked square [9, 1] is off the 8x8 board (rows and columns run 1..8)") \
	X(blocked_off_smallest, "instances:\n  - {n: [12, 4..10], blocked: [[5, 5]]}\n" BASE_A, 2, 32, \
	  "blocked square [5, 5] is off the 4x4 board") \
	X(blocked_twice, "instances:\n  - {n: 8, blocked: [[1, 1], [1, 1]]}\n" BASE_A, 2, 30, \
	  "blocked square [1, 1] is given twice") \
	X(blocked_on_hint, "instances:\n  - {n: 8, hints: [[2, 3]], blocked: [[2, 3]]}\n" BASE_A, 2, 39, \
	  "blocked square [2, 3] holds the hint [2, 3]") \
	X(blocked_not_list, "instances:\n  - {n: 8, blocked: 1}\n" BASE_A, 2, 21, \
	  "blocked: expected a list of [row, column] pairs, got '1'") \
	X(blocked_not_int, "instances:\n  - {n: 8, blocked: [[1, x]]}\n" BASE_A, 2, 26, \
	  "blocked: expected a blocked square as a pair [row, column] of integers, got 'x'") \
	X(excluded_off_board, "instances:\n  - {n: 8, excluded: {diagonals: [16]}}\n" BASE_A, 2, 35, \
	  "excluded: diagonal 16 is off the 8x8 board (diagonals run 1..15)") \
	X(excluded_zero, "instances:\n  - {n: 8, excluded: {antidiagonals: [0]}}\n" BASE_A, 2, 39, \
	  "excluded: antidiagonal 0 is off the 8x8 board") \
	X(excluded_twice, "instances:\n  - {n: 8, excluded: {diagonals: [3, 3]}}\n" BASE_A, 2, 38, \
	  "excluded: diagonal 3 is given twice") \
	X(excluded_on_hint, "instances:\n  - {n: 8, hints: [[1, 1]], excluded: {diagonals: [8]}}\n" BASE_A, 2, 52, \
	  "excluded: diagonal 8 holds the hint [1, 1] on the 8x8 board") \
	X(excluded_on_hint_anti, "instances:\n  - {n: 8, hints: [[1, 1]], excluded: {antidiagonals: [1]}}\n" BASE_A, 2, 56, \
	  "excluded: antidiagonal 1 holds the hint [1, 1]") \
	X(excluded_on_hint_larger_n, "instances:\n  - {n: [8, 9], hints: [[1, 1]], excluded: {diagonals: [9]}}\n" BASE_A, 2, 57, \
	  "excluded: diagonal 9 holds the hint [1, 1] on the 9x9 board") \
	X(excluded_unknown_key, "instances:\n  - {n: 8, excluded: {diagonal: [3]}}\n" BASE_A, 2, 23, \
	  "excluded: unknown key 'diagonal' (known: diagonals, antidiagonals)") \
	X(excluded_not_map, "instances:\n  - {n: 8, excluded: [3]}\n" BASE_A, 2, 22, \
	  "excluded: expected a mapping such as") \
	X(hints_same_square, "instances:\n"                                 \
	  "  - {n: 8, hints: [[3, 3], [3, 3]]}\n" BASE_A, 2, 28,            \
	  "hint [3, 3] is given twice")                                     \
	/* approaches */                                                    \
	X(approaches_empty, BASE_I "approaches: []\n", 3, 13,               \
	  "approaches: the list is empty")                                  \
	X(approaches_not_list, BASE_I "approaches: testsolver\n", 3, 13,    \
	  "approaches: expected a list such as '- backtrack', got "         \
	  "'testsolver'")                                                   \
	X(approach_unknown, BASE_I "approaches:\n  - pycosat\n", 4, 5,      \
	  "unknown approach 'pycosat' (did you mean 'picosat'?)")           \
	X(approach_unknown_far, BASE_I "approaches:\n  - kissat\n", 4, 5,   \
	  "unknown approach 'kissat' (expected one of: backtrack, ")        \
	X(approach_unknown_mapping, BASE_I "approaches:\n"                  \
	  "  - testsolver\n  - pycosat: {encoding: pairwise}\n", 5, 5,      \
	  "unknown approach 'pycosat'")                                     \
	X(approach_null, BASE_I "approaches:\n  -\n", 4, 4,                 \
	  "approaches: expected a solver name, got nothing")                \
	X(approach_list, BASE_I "approaches:\n  - [testsolver]\n", 4, 5,    \
	  "approaches: expected a solver name or 'solver: {option: "        \
	  "value}', got a list")                                            \
	X(approach_two_keys, BASE_I "approaches:\n  - testsolver:\n"        \
	  "    variant: textbook\n", 5, 5,                                  \
	  "approaches: expected one solver per list item, as 'solver' or "  \
	  "'solver: {option: value}', got a mapping with 2 keys")           \
	X(approach_options_not_mapping, BASE_I "approaches:\n"              \
	  "  - testsolver: [textbook]\n", 4, 17,                            \
	  "testsolver: expected options as a mapping such as {option: "     \
	  "value}, got a list")                                             \
	X(option_unknown, BASE_I "approaches:\n"                            \
	  "  - testsolver: {varient: textbook}\n", 4, 18,                   \
	  "unknown option 'varient' for testsolver (did you mean "          \
	  "'variant'?)")                                                    \
	X(option_for_bare, BASE_I "approaches:\n"                           \
	  "  - testbare: {x: 1}\n", 4, 16,                                  \
	  "unknown option 'x' for testbare (it takes no options)")          \
	X(option_bad_choice, BASE_I "approaches:\n"                         \
	  "  - testsolver: {variant: fast}\n", 4, 27,                       \
	  "unknown variant 'fast' for testsolver (expected one of: "        \
	  "textbook, bitmask)")                                             \
	X(option_bad_encoding_in_list, BASE_I "approaches:\n"               \
	  "  - testsolver: {encoding: [pairwise, pairwize]}\n", 4, 39,      \
	  "unknown encoding 'pairwize' for testsolver (did you mean "       \
	  "'pairwise'?)")                                                   \
	X(option_bad_model, BASE_I "approaches:\n"                          \
	  "  - testsolver:\n      model: nope\n", 5, 14,                    \
	  "unknown model 'nope' for testsolver (expected one of: "          \
	  "assignment")                                                     \
	X(option_int_range, BASE_I "approaches:\n"                          \
	  "  - testsolver: {threads: 300}\n", 4, 27,                        \
	  "bad threads '300' for testsolver (expected an integer from 0 "   \
	  "to 256)")                                                        \
	X(option_value_mapping, BASE_I "approaches:\n"                      \
	  "  - testsolver: {threads: {a: 1}}\n", 4, 27,                     \
	  "threads: expected a value or a list of values, got a mapping")   \
	X(option_value_null, BASE_I "approaches:\n"                         \
	  "  - testsolver: {threads: ~}\n", 4, 27,                          \
	  "threads: expected a value or a list of values, got nothing")     \
	X(option_list_empty, BASE_I "approaches:\n"                         \
	  "  - testsolver: {threads: []}\n", 4, 27,                         \
	  "testsolver: the list of threads values is empty")                \
	X(option_list_nested, BASE_I "approaches:\n"                        \
	  "  - testsolver: {threads: [1, [2]]}\n", 4, 31,                   \
	  "threads: expected a value, got a list")                          \
	X(approach_twice, BASE_I "approaches:\n  - testsolver\n"            \
	  "  - testsolver: {variant: bitmask}\n", 5, 5,                     \
	  "approach 'testsolver/bitmask' (threads=0;encoding=sequential;"   \
	  "model=assignment) is listed twice (first at line 4)")            \
	X(approach_twice_in_list, BASE_I "approaches:\n"                    \
	  "  - testsolver: {threads: [1, 2, 1]}\n", 4, 5,                   \
	  "approach 'testsolver/bitmask' (threads=1;encoding=sequential;"   \
	  "model=assignment) is listed twice")

#define DECLARE_CASE(id, yaml, l, c, msg)                                   \
	static const struct error_case case_##id = { yaml, l, c, msg };
ERROR_CASES(DECLARE_CASE)

/* Errors that need a generated file. */

static void test_error_too_many_approaches(void **state)
{
	char text[8192] = BASE_I "approaches:\n"
			  "  - testsolver: {variant: [textbook, bitmask], "
			  "encoding: [pairwise, sequential], threads: [";
	int i;

	(void)state;
	/* 2 x 2 x 251 = 1004 approaches */
	for (i = 0; i <= 250; i++)
		snprintf(text + strlen(text), sizeof text - strlen(text),
			 "%s%d", i ? ", " : "", i);
	strcat(text, "]}\n");
	check_error(text, 4, 5, "approaches: too many (more than 1000");
}

static void test_error_hints_too_long(void **state)
{
	char text[8192] = "instances:\n  - n: 100\n    hints: [";
	int i;

	(void)state;
	/* Rows 1..50 at column 2r: part of a 100-queens solution, written
	 * "r:c" they need more than 255 characters. */
	for (i = 1; i <= 50; i++)
		snprintf(text + strlen(text), sizeof text - strlen(text),
			 "%s[%d, %d]", i > 1 ? ", " : "", i, 2 * i);
	strcat(text, "]\n" BASE_A);
	check_error(text, 3, 12, "hints: too many for the CSV hints column");

	/* 40 of them fit, and load. */
	{
		char ok[8192] = "instances:\n  - n: 100\n    hints: [";
		nq_experiment *exp;

		for (i = 1; i <= 40; i++)
			snprintf(ok + strlen(ok), sizeof ok - strlen(ok),
				 "%s[%d, %d]", i > 1 ? ", " : "", i, 2 * i);
		strcat(ok, "]\n" BASE_A);
		exp = load_ok(ok);
		assert_int_equal(exp->instances[0].inst.nhints, 40);
		assert_int_equal(exp->instances[0].hints[39].row, 39);
		assert_int_equal(exp->instances[0].hints[39].col, 79);
		assert_non_null(strstr(exp->instances[0].hints_text,
				       " 40:80"));
		nq_experiment_free(exp);
	}
}

static void test_error_long_name(void **state)
{
	char text[512] = "experiment: ";
	int i;

	(void)state;
	for (i = 0; i < 101; i++)
		strcat(text, "x");
	strcat(text, "\n" BASE);
	check_error(text, 1, 13, "experiment: a name has at most 100 "
		    "characters");
}

static void test_error_missing_file(void **state)
{
	static nq_experiment sentinel;
	nq_experiment *exp = &sentinel;
	nq_error err;

	(void)state;
	assert_int_equal(nq_config_load("/nonexistent/dir/x.yaml", &exp,
					&err), -1);
	assert_ptr_equal(exp, &sentinel);
	assert_string_equal(err.file, "/nonexistent/dir/x.yaml");
	assert_int_equal(err.line, 0);
	assert_non_null(strstr(err.msg, "cannot open"));
}

/* ------------------------------------------------------------------ */
/* Input limits: size, nesting, encoding; each at FILE:LINE:COL. */

/* "instances: " then `depth` '[' and as many ']'. */
static char *nested(int depth)
{
	char *t = malloc((size_t)depth * 2 + 32);
	int i;

	assert_non_null(t);
	strcpy(t, "instances: ");
	for (i = 0; i < depth; i++)
		strcat(t + 11 + i, "[");
	for (i = 0; i < depth; i++)
		t[11 + depth + i] = ']';
	strcpy(t + 11 + 2 * depth, "\n");
	return t;
}

static void test_limit_depth(void **state)
{
	static nq_experiment sentinel;
	nq_experiment *exp = &sentinel;
	char *t;
	nq_error err;

	(void)state;
	/* the top mapping is level 1: 63 '[' reach 64, allowed (the
	 * loader then says what it thinks of the value) */
	t = nested(NQ_CONFIG_MAX_DEPTH - 1);
	assert_int_equal(load_named("t.yaml", t, &exp, &err, NULL, 0), -1);
	assert_null(strstr(err.msg, "nested too deeply"));
	free(t);
	/* one more: at the '[' that goes past */
	t = nested(NQ_CONFIG_MAX_DEPTH);
	check_error(t, 1, 12 + NQ_CONFIG_MAX_DEPTH - 1,
		    "nested too deeply: more than 64 levels");
	free(t);
}

static void test_limit_depth_block(void **state)
{
	char text[20000] = "";
	int i, j;

	(void)state;
	/* a: then b: ... each indented one more: mappings 65 deep */
	for (i = 0; i < NQ_CONFIG_MAX_DEPTH + 1; i++) {
		for (j = 0; j < i; j++)
			strcat(text, " ");
		strcat(text, i == NQ_CONFIG_MAX_DEPTH ? "k: v\n" : "k:\n");
	}
	check_error(text, NQ_CONFIG_MAX_DEPTH + 1, NQ_CONFIG_MAX_DEPTH + 1,
		    "nested too deeply");
}

/* 100,000 nested '[' (200 KB) took libyaml over 10 s to build; the
 * depth pass stops at the limit. */
static void test_limit_depth_fast(void **state)
{
	struct timespec a, b;
	char *t;

	(void)state;
	t = nested(100000);
	clock_gettime(CLOCK_MONOTONIC, &a);
	check_error(t, 1, 12 + NQ_CONFIG_MAX_DEPTH - 1, "nested too deeply");
	clock_gettime(CLOCK_MONOTONIC, &b);
	free(t);
	assert_true((b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9 <
		    1.0);
}

/* BASE, then comment lines of 100 bytes up to `size` bytes in all. */
static char *padded(size_t size)
{
	char *t = malloc(size + 1);
	size_t used = strlen(BASE);

	assert_non_null(t);
	memcpy(t, BASE, used);
	while (used < size) {
		size_t k = size - used < 100 ? size - used : 100;

		memset(t + used, '#', k);
		t[used + k - 1] = '\n';
		used += k;
	}
	t[size] = '\0';
	return t;
}

static void test_limit_size(void **state)
{
	nq_experiment *exp = NULL;
	nq_error err;
	char *t;
	int line;

	(void)state;
	t = padded(NQ_CONFIG_MAX_BYTES);
	assert_int_equal(load_named("t.yaml", t, &exp, &err, NULL, 0), 0);
	nq_experiment_free(exp);
	free(t);
	t = padded(NQ_CONFIG_MAX_BYTES + 1);
	/* where byte 4 MiB (0-based), the first past the limit, is */
	line = 4 + (int)((NQ_CONFIG_MAX_BYTES - strlen(BASE)) / 100) + 1;
	check_error(t, line,
		    (int)((NQ_CONFIG_MAX_BYTES - strlen(BASE)) % 100) + 1,
		    "the file is larger than 4 MiB");
	free(t);
}

static void test_limit_not_utf8(void **state)
{
	(void)state;
	check_error("repeat: 1\nexperiment: ab\xff" "cd\n" BASE, 2, 15,
		    "invalid leading UTF-8 octet (byte 0xff; an experiment "
		    "file is UTF-8 text)");
	/* Latin-1 "café au": the error at the 'é', not the byte after */
	check_error("repeat: 1\nexperiment: caf\xe9 au\n" BASE, 2, 16,
		    "invalid trailing UTF-8 octet");
}

/* A NUL byte is not text either (from memory: a file would be cut). */
static void test_limit_nul(void **state)
{
	static const char text[] = "repeat: 1\nexperi\0ment: x\n";
	nq_experiment *exp = NULL;
	nq_error err;

	(void)state;
	memset(&err, 0, sizeof err);
	assert_int_equal(nq_config_parse(text, sizeof text - 1, "nul.yaml",
					 &exp, &err), -1);
	assert_int_equal(err.line, 2);
	assert_int_equal(err.col, 7);
	assert_non_null(strstr(err.msg, "control characters"));
}

/* From memory: no NUL needed, the name used in messages. */
static void test_parse_memory(void **state)
{
	static const char text[] = BASE "repeat: 3\nxyz";
	nq_experiment *exp = NULL;
	nq_error err;

	(void)state;
	memset(&err, 0, sizeof err);
	/* the trailing "xyz" is left out by the length */
	assert_int_equal(nq_config_parse(text, sizeof text - 4, "mem.yaml",
					 &exp, &err), 0);
	assert_int_equal(exp->repeat, 3);
	assert_string_equal(exp->name, "mem");
	nq_experiment_free(exp);
	assert_int_equal(nq_config_parse(text, sizeof text - 1, "mem.yaml",
					 &exp, &err), -1);
	assert_string_equal(err.file, "mem.yaml");
	assert_true(err.line >= 6); /* at "xyz" or just past it */
}

/* The integer rules the command line shares with the file. */
static void test_parse_integers(void **state)
{
	long long v = 7;
	uint64_t u = 7;

	(void)state;
	assert_int_equal(nq_parse_int("12", 1, 100, &v), 0);
	assert_int_equal(v, 12);
	assert_int_equal(nq_parse_int("+12", 1, 100, &v), 0);
	assert_int_equal(nq_parse_int("0", 1, 100, &v), -2);
	assert_int_equal(nq_parse_int("101", 1, 100, &v), -3);
	assert_int_equal(nq_parse_int("4294967297", 1, 100000000, &v), -3);
	assert_int_equal(nq_parse_int("99999999999999999999", 1, 100, &v),
			 -3);
	assert_int_equal(nq_parse_int("-99999999999999999999", 1, 100, &v),
			 -2);
	assert_int_equal(nq_parse_int(" 1", 1, 100, &v), -1);
	assert_int_equal(nq_parse_int("1 ", 1, 100, &v), -1);
	assert_int_equal(nq_parse_int("1x", 1, 100, &v), -1);
	assert_int_equal(nq_parse_int("", 1, 100, &v), -1);
	assert_int_equal(nq_parse_int("-", 1, 100, &v), -1);
	assert_int_equal(v, 12); /* untouched by failures */
	assert_int_equal(nq_parse_u64("18446744073709551615", &u), 0);
	assert_true(u == UINT64_MAX);
	assert_int_equal(nq_parse_u64("18446744073709551616", &u), -1);
	assert_int_equal(nq_parse_u64("-1", &u), -1);
	assert_int_equal(nq_parse_u64("+1", &u), -1);
	assert_int_equal(nq_parse_memory("none", &u), 0);
	assert_true(u == 0);
	assert_int_equal(nq_parse_memory("2G", &u), 0);
	assert_true(u == 2097152);
	assert_int_equal(nq_parse_memory("0", &u), -2);
	assert_int_equal(nq_parse_memory("0K", &u), -2);
	assert_int_equal(nq_parse_memory("-1", &u), -2);
	assert_int_equal(nq_parse_memory("lots", &u), -1);
}

/* The whole message as a person reads it. */
static void test_error_format(void **state)
{
	static nq_experiment sentinel;
	nq_experiment *exp = &sentinel;
	char path[256], buf[900], want[900];
	nq_error err;

	(void)state;
	assert_int_equal(load_named("x.yaml", "repeat: 2\ntimout: 20s\n" BASE,
				    &exp, &err, path, sizeof path), -1);
	nq_error_format(&err, buf, sizeof buf);
	snprintf(want, sizeof want,
		 "%s:2:1: unknown key 'timout' (did you mean 'timeout'?)",
		 path);
	assert_string_equal(buf, want);
}

/* ------------------------------------------------------------------ */

#define CASE_TEST(id, yaml, l, c, msg)                                      \
	{ "error_" #id, test_error_case, NULL, NULL, (void *)&case_##id },

/* A cap's size in a note: exact, in the largest unit that divides it. */
static void test_format_size(void **state)
{
	char buf[32];

	(void)state;
	nq_format_size_kib(10240, buf, sizeof buf);
	assert_string_equal(buf, "10 MiB");
	nq_format_size_kib(1024 * 1024, buf, sizeof buf);
	assert_string_equal(buf, "1 GiB");
	nq_format_size_kib(1536, buf, sizeof buf);
	assert_string_equal(buf, "1536 KiB");
	nq_format_size_kib(0, buf, sizeof buf);
	assert_string_equal(buf, "0 KiB");
}

/* The schema comes from the key tables: every key, with the defaults the
 * loader gives (test_defaults_and_name_from_file checks the loader). */
static void test_schema(void **state)
{
	static const char *const want[] = {
		"  experiment     name, default the file's base name\n",
		"  repeat         integer 1..1000000, default 1\n",
		"  warmup         integer 0..1000000, default 0\n",
		"  timeout        duration, default 60s\n",
		"  memory         size, default none\n",
		"  disk           size, default 1G or half the free space\n",
		"  processes      integer 1..4194304, default 512\n",
		"  seed           integer, default 1\n",
		"  output         path, default reports/<experiment>.csv\n",
		"  after_timeout  choice, default continue\n",
		"  strict         boolean, default false\n",
		"  instances      list, required\n",
		"  approaches     list, required\n",
		"  plugins        paths\n",
		"  n              sizes 1..100000000, required\n",
		"  mode           choice, default first\n",
		"  hints          pairs\n",
		"  only           names\n",
		"at most 4 MiB, lists and mappings nested at most 64 deep",
	};
	char *text = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	assert_non_null(f);
	nq_config_print_schema(f);
	fclose(f);
	for (i = 0; i < sizeof want / sizeof *want; i++)
		if (!strstr(text, want[i]))
			fail_msg("the schema lacks \"%s\":\n%s", want[i], text);
	free(text);
}

/* Option lookup and the did-you-mean helper. */
static void test_option_lookup(void **state)
{
	static const char *const names[] = { "count", "first", "timeout" };
	nq_error err;

	(void)state;
	assert_int_equal(nq_option_find(&test_solver, "variant"), 0);
	assert_int_equal(nq_option_find(&test_solver, "nope"), -1);
	assert_int_equal(nq_option_find(&bare_solver, "variant"), -1);
	assert_int_equal(nq_option_unknown(&bare_solver, "x", &err), -1);
	assert_non_null(strstr(err.msg, "it takes no options"));
	assert_string_equal(nq_suggest("cout", names, 3), "count");
	assert_string_equal(nq_suggest("timout", names, 3), "timeout");
	assert_null(nq_suggest("zzzzzz", names, 3));
	assert_int_equal(nq_edit_distance("ab", "ba"), 1);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_full_file),
		cmocka_unit_test(yaml_glob_hint_only_there),
		cmocka_unit_test(test_hints_copied_per_instance),
		cmocka_unit_test(test_blocked_excluded),
		cmocka_unit_test(test_defaults_and_name_from_file),
		cmocka_unit_test(test_range_forms),
		cmocka_unit_test(test_value_forms),
		cmocka_unit_test(test_option_product_order),
		cmocka_unit_test(test_builtin_backtrack),
		cmocka_unit_test(test_approach_init),
		cmocka_unit_test(test_portfolio),
		cmocka_unit_test(test_approach_init_other_solvers),
		cmocka_unit_test(test_parse_duration),
		cmocka_unit_test(test_parse_size),
		ERROR_CASES(CASE_TEST)
		cmocka_unit_test(test_error_too_many_approaches),
		cmocka_unit_test(test_error_hints_too_long),
		cmocka_unit_test(test_error_long_name),
		cmocka_unit_test(test_error_missing_file),
		cmocka_unit_test(test_error_format),
		cmocka_unit_test(test_limit_depth),
		cmocka_unit_test(test_limit_depth_block),
		cmocka_unit_test(test_limit_depth_fast),
		cmocka_unit_test(test_limit_size),
		cmocka_unit_test(test_limit_not_utf8),
		cmocka_unit_test(test_limit_nul),
		cmocka_unit_test(test_parse_memory),
		cmocka_unit_test(test_parse_integers),
		cmocka_unit_test(test_format_size),
		cmocka_unit_test(test_schema),
		cmocka_unit_test(test_option_lookup),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, group_setup, NULL);
}
