/* test_meta.c - the record beside a results file (core/store/meta.c): its
 * name; written whole, then read back key by key (nq_meta_read: plain
 * and quoted values, a key that is the start of another, a value cut to
 * its buffer) and list by list (nq_meta_read_list: the approaches in the
 * file's order, warnings with quotes, backslashes and control bytes,
 * empty lists); a missing file or key; a path that may not be written;
 * every linked library's version (Z3's too) and no backends for an
 * experiment without minizinc; the load average held against its limit
 * at the start and the end (NQ_LOADAVG), kept for the console's note.
 *
 * Usage: test_meta [NAME-PATTERN]
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>
#include "experiment.h"
#include "meta.h"

static char dir[] = "/tmp/nq-test-meta-XXXXXX";

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[64 + sizeof dir];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static nq_experiment *parse(const char *text)
{
	nq_experiment *exp = NULL;
	nq_error err;

	memset(&err, 0, sizeof err);
	if (nq_config_parse(text, strlen(text), "meta.yaml", &exp, &err))
		fail_msg("the test's experiment does not load: %d:%d: %s",
			 err.line, err.col, err.msg);
	return exp;
}

static void path_of(void **state)
{
	static const char *const cases[][2] = {
		{ "reports/scaling.csv", "reports/scaling.meta" },
		{ "a.b/c.csv", "a.b/c.meta" },
		{ "a.b/c", "a.b/c.meta" },
		{ "plain", "plain.meta" },
		{ "dir/.hidden", "dir/.hidden.meta" },
		{ ".csv", ".csv.meta" },
		{ "x.tar.csv", "x.tar.meta" },
	};
	char buf[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		nq_meta_path(cases[i][0], buf, sizeof buf);
		if (strcmp(buf, cases[i][1]))
			fail_msg("%s: got %s, want %s", cases[i][0], buf,
				 cases[i][1]);
	}
}

static const char *const warn_texts[] = {
	"load average 3.5 above the idle cores (at start)",
	"say \"hi\" \\ back",
	"a tab\there, a newline\nthere, a bell \a",
};

static void write_then_read(void **state)
{
	static char a0[] = "./harness", a1[] = "run", a2[] = "my exp.yaml",
		    a3[] = "-j", a4[] = "2";
	static char *const argv[] = { a0, a1, a2, a3, a4, NULL };
	nq_experiment *exp = parse(
		"experiment: meta-test\nrepeat: 3\nwarmup: 1\ntimeout: 7s\n"
		"seed: 99\ninstances:\n  - {n: 6, mode: count}\n"
		"approaches:\n"
		"  - backtrack: {variant: [textbook, bitmask]}\n"
		"  - backtrack: {variant: symmetry}\n");
	char path[256], csv[256], buf[512];
	char **items;
	size_t n, i;
	nq_meta_run r;
	nq_error err;
	struct dirent *e;
	DIR *d;

	(void)state;
	snprintf(csv, sizeof csv, "%s/m.csv", dir);
	nq_meta_path(csv, path, sizeof path);
	memset(&r, 0, sizeof r);
	r.csv = csv;
	r.argc = 5;
	r.argv = argv;
	r.started = 1700000000;
	r.rows = 9;
	r.outcome = "ok";
	r.jobs = 2;
	r.shard_k = 3;
	r.shard_n = 4;
	r.resumed = 1;
	r.rows_before = 4;
	snprintf(r.first_started, sizeof r.first_started,
		 "2023-11-14T22:13:20+0000");
	r.digest_rows = 9;
	snprintf(r.digest, sizeof r.digest, "0123456789abcdef");
	for (i = 0; i < sizeof warn_texts / sizeof *warn_texts; i++)
		snprintf(r.warnings[r.nwarnings++], sizeof r.warnings[0], "%s",
			 warn_texts[i]);
	assert_int_equal(nq_meta_write(path, exp, &r, &err), 0);

	assert_int_equal(nq_meta_read(path, "experiment", buf, sizeof buf), 0);
	assert_string_equal(buf, "meta-test");
	assert_int_equal(nq_meta_read(path, "results", buf, sizeof buf), 0);
	assert_string_equal(buf, csv);
	assert_int_equal(nq_meta_read(path, "config", buf, sizeof buf), 0);
	assert_string_equal(buf, "meta.yaml");
	assert_int_equal(nq_meta_read(path, "outcome", buf, sizeof buf), 0);
	assert_string_equal(buf, "ok");
	/* "rows" is not "rows_before", "digest" not "digest_rows" */
	assert_int_equal(nq_meta_read(path, "rows", buf, sizeof buf), 0);
	assert_string_equal(buf, "9");
	assert_int_equal(nq_meta_read(path, "rows_before", buf, sizeof buf), 0);
	assert_string_equal(buf, "4");
	assert_int_equal(nq_meta_read(path, "digest", buf, sizeof buf), 0);
	assert_string_equal(buf, "0123456789abcdef");
	assert_int_equal(nq_meta_read(path, "jobs", buf, sizeof buf), 0);
	assert_string_equal(buf, "2");
	assert_int_equal(nq_meta_read(path, "shard", buf, sizeof buf), 0);
	assert_string_equal(buf, "3/4");
	assert_int_equal(nq_meta_read(path, "resumed", buf, sizeof buf), 0);
	assert_string_equal(buf, "true");
	assert_int_equal(nq_meta_read(path, "first_started", buf, sizeof buf), 0);
	assert_string_equal(buf, "2023-11-14T22:13:20+0000");
	assert_int_equal(nq_meta_read(path, "repeat", buf, sizeof buf), 0);
	assert_string_equal(buf, "3");
	assert_int_equal(nq_meta_read(path, "seed", buf, sizeof buf), 0);
	assert_string_equal(buf, "99");
	assert_int_equal(nq_meta_read(path, "finished", buf, sizeof buf), 0);
	assert_string_equal(buf, "running");
	/* the command line, a word with a space quoted */
	assert_int_equal(nq_meta_read(path, "command", buf, sizeof buf), 0);
	assert_string_equal(buf, "./harness run 'my exp.yaml' -j 2");
	assert_int_equal(nq_meta_read(path, "measured_by", buf, sizeof buf), 0);
	assert_true(!strcmp(buf, "cgroup-v1") || !strcmp(buf, "cgroup-v2") ||
		    !strcmp(buf, "rlimit"));
	assert_int_equal(nq_meta_read(path, "harness_version", buf,
				      sizeof buf), 0);
	assert_true(buf[0] != '\0');
	/* every library linked in with its version; Z3's, which smt
	 * loads, not loaded where no approach is smt's, and as
	 * Z3_get_version gives it where one is */
	{
		static const char *const libs[] = { "picosat", "glpk",
						    "libyaml" };
		nq_experiment *smt = parse(
			"experiment: meta-smt\ninstances:\n  - {n: 5}\n"
			"approaches:\n  - backtrack: {}\n  - smt: {}\n");
		char path2[300];
		unsigned v[4];
		char tail;

		for (i = 0; i < sizeof libs / sizeof *libs; i++) {
			buf[0] = '\0';
			if (nq_meta_read(path, libs[i], buf, sizeof buf) ||
			    !buf[0] || !strpbrk(buf, "0123456789"))
				fail_msg("%s: no version (got '%s')", libs[i],
					 buf);
		}
		assert_int_equal(nq_meta_read(path, "z3", buf, sizeof buf), 0);
		assert_string_equal(buf, "not loaded (no approach of the "
				    "experiment uses it)");
		snprintf(path2, sizeof path2, "%s.smt", path);
		assert_int_equal(nq_meta_write(path2, smt, &r, &err), 0);
		assert_int_equal(nq_meta_read(path2, "z3", buf, sizeof buf), 0);
		assert_int_equal(sscanf(buf, "%u.%u.%u.%u%c", &v[0], &v[1],
					&v[2], &v[3], &tail), 4);
		nq_experiment_free(smt);
	}
	/* backtracking drives no backend: an empty list */
	items = (char **)1;
	assert_int_equal(nq_meta_read_list(path, "backends", &items, &n), 0);
	assert_int_equal(n, 0);
	nq_meta_list_free(items, n);
	/* cut to the buffer, still a string */
	assert_int_equal(nq_meta_read(path, "experiment", buf, 5), 0);
	assert_string_equal(buf, "meta");
	/* no such key; a list's items are not keys */
	assert_int_equal(nq_meta_read(path, "nonesuch", buf, sizeof buf), -1);
	assert_int_equal(nq_meta_read(path, "backtrack/bitmask", buf,
				      sizeof buf), -1);

	/* the approaches in the file's order */
	assert_int_equal(nq_meta_read_list(path, "approaches", &items, &n), 0);
	assert_int_equal(n, 3);
	assert_string_equal(items[0], "backtrack/textbook");
	assert_string_equal(items[1], "backtrack/bitmask");
	assert_string_equal(items[2], "backtrack/symmetry");
	nq_meta_list_free(items, n);
	/* the warnings as they were, whatever bytes they hold */
	assert_int_equal(nq_meta_read_list(path, "warnings", &items, &n), 0);
	assert_int_equal(n, sizeof warn_texts / sizeof *warn_texts);
	for (i = 0; i < n; i++)
		assert_string_equal(items[i], warn_texts[i]);
	nq_meta_list_free(items, n);
	/* each line of the file one line: the newline was escaped */
	assert_int_equal(nq_meta_read(path, "there, a bell", buf, sizeof buf),
			 -1);
	assert_int_equal(nq_meta_read_list(path, "nonesuch", &items, &n), -1);
	assert_null(items);
	assert_int_equal(n, 0);

	/* written whole: no temporary file left beside it */
	assert_non_null(d = opendir(dir));
	while ((e = readdir(d)))
		if (strstr(e->d_name, ".tmp"))
			fail_msg("left behind: %s", e->d_name);
	closedir(d);

	/* rewritten at the end: the new values replace the old */
	r.finished = r.started + 60;
	r.outcome = "interrupted";
	r.nwarnings = 0;
	r.shard_n = 0;
	r.resumed = 0;
	assert_int_equal(nq_meta_write(path, exp, &r, &err), 0);
	assert_int_equal(nq_meta_read(path, "outcome", buf, sizeof buf), 0);
	assert_string_equal(buf, "interrupted");
	assert_int_equal(nq_meta_read(path, "finished", buf, sizeof buf), 0);
	assert_string_not_equal(buf, "running");
	assert_int_equal(nq_meta_read(path, "shard", buf, sizeof buf), 0);
	assert_string_equal(buf, "none");
	assert_int_equal(nq_meta_read(path, "rows_before", buf, sizeof buf), -1);
	/* an empty list is a list */
	items = (char **)1;
	assert_int_equal(nq_meta_read_list(path, "warnings", &items, &n), 0);
	assert_int_equal(n, 0);
	nq_meta_list_free(items, n);
	nq_experiment_free(exp);
}

static void not_there(void **state)
{
	char path[256], buf[64];
	char **items;
	size_t n = 7;

	(void)state;
	snprintf(path, sizeof path, "%s/absent.meta", dir);
	assert_int_equal(nq_meta_read(path, "rows", buf, sizeof buf), -1);
	assert_int_equal(nq_meta_read_list(path, "approaches", &items, &n), -1);
	assert_null(items);
	assert_int_equal(n, 0);
}

static void hand_written(void **state)
{
	char path[256], buf[64];
	char **items;
	size_t n;
	FILE *f;

	(void)state;
	/* what another tool (or an older harness) may have written */
	snprintf(path, sizeof path, "%s/hand.meta", dir);
	assert_non_null(f = fopen(path, "w"));
	fputs("# a comment\nplain: value with spaces\nquoted: \"a \\u0041\"\n"
	      "approaches:\n  - plain item\n  - \"quoted \\\"item\\\"\"\n"
	      "after: 1\n  - not an item of approaches\n", f);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(nq_meta_read(path, "plain", buf, sizeof buf), 0);
	assert_string_equal(buf, "value with spaces");
	assert_int_equal(nq_meta_read(path, "quoted", buf, sizeof buf), 0);
	assert_string_equal(buf, "a A");
	assert_int_equal(nq_meta_read(path, "after", buf, sizeof buf), 0);
	assert_string_equal(buf, "1");
	assert_int_equal(nq_meta_read(path, "# a comment", buf, sizeof buf), -1);
	/* the list ends at the first line that is not an item */
	assert_int_equal(nq_meta_read_list(path, "approaches", &items, &n), 0);
	assert_int_equal(n, 2);
	assert_string_equal(items[0], "plain item");
	assert_string_equal(items[1], "quoted \"item\"");
	nq_meta_list_free(items, n);
}

static void may_not_write(void **state)
{
	nq_experiment *exp = parse(
		"experiment: m\ninstances:\n  - {n: 6, mode: count}\n"
		"approaches:\n  - backtrack\n");
	char path[256], csv[256];
	nq_meta_run r;
	nq_error err;

	(void)state;
	memset(&r, 0, sizeof r);
	snprintf(csv, sizeof csv, "%s/l.csv", dir);
	r.csv = csv;
	snprintf(path, sizeof path, "%s/l.meta", dir);
	assert_int_equal(symlink("/nonexistent/target", path), 0);
	memset(&err, 0, sizeof err);
	assert_int_equal(nq_meta_write(path, exp, &r, &err), -1);
	assert_string_equal(err.file, path);
	assert_non_null(strstr(err.msg, "symbolic link"));
	snprintf(path, sizeof path, "%s/no-such-dir/x.meta", dir);
	assert_int_equal(nq_meta_write(path, exp, &r, &err), -1);
	nq_experiment_free(exp);
}

/* nq_meta_check against a load average written to a file (NQ_LOADAVG)
 * on this machine's cores: the warning and the note's figures. */
static int loaded_at(const char *load, const char *when, int jobs,
		     nq_meta_run *r)
{
	char file[256];
	FILE *f;

	snprintf(file, sizeof file, "%s/loadavg", dir);
	assert_non_null(f = fopen(file, "w"));
	fprintf(f, "%s 0.50 0.40 2/345 6789\n", load);
	assert_int_equal(fclose(f), 0);
	memset(r, 0, sizeof *r);
	r->jobs = jobs;
	assert_int_equal(setenv("NQ_LOADAVG", file, 1), 0);
	nq_meta_check(r, when);
	unsetenv("NQ_LOADAVG");
	return r->loaded > 0;
}

static void load_limits(void **state)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	char load[32];
	nq_meta_run r;
	size_t i;
	int found = 0;

	(void)state;
	assert_true(cores > 0);
	/* at the start: above cores - 1 is loaded, at it is not */
	snprintf(load, sizeof load, "%.2f", (double)cores - 1 + 0.01);
	assert_true(loaded_at(load, "at start", 1, &r));
	assert_true(r.loaded > (double)cores - 1);
	assert_int_equal(r.loaded_cores, cores);
	assert_string_equal(r.loaded_when, "at start");
	for (i = 0; i < r.nwarnings; i++)
		found |= !strncmp(r.warnings[i], "at start: load average ",
				  23);
	assert_true(found);
	snprintf(load, sizeof load, "%.2f", (double)cores - 1);
	assert_false(loaded_at(load, "at start", 1, &r));
	/* at the end the harness's own jobs count: one job, cores;
	 * three, cores + 2 */
	snprintf(load, sizeof load, "%.2f", (double)cores);
	assert_false(loaded_at(load, "at end", 1, &r));
	snprintf(load, sizeof load, "%.2f", (double)cores + 0.01);
	assert_true(loaded_at(load, "at end", 1, &r));
	assert_string_equal(r.loaded_when, "at end");
	snprintf(load, sizeof load, "%.2f", (double)cores + 2);
	assert_false(loaded_at(load, "at end", 3, &r));
	snprintf(load, sizeof load, "%.2f", (double)cores + 2.5);
	assert_true(loaded_at(load, "at end", 3, &r));
	/* an idle machine, and a file that holds no number: no note */
	assert_false(loaded_at("0.00", "at start", 1, &r));
	assert_false(loaded_at("busy", "at start", 1, &r));
	/* the higher of two checks is the one the note gives */
	snprintf(load, sizeof load, "%.2f", (double)cores + 5);
	assert_true(loaded_at(load, "at start", 1, &r));
	{
		nq_meta_run again = r;
		char file[256];
		FILE *f;

		snprintf(file, sizeof file, "%s/loadavg", dir);
		assert_non_null(f = fopen(file, "w"));
		fprintf(f, "%.2f 1 1 1/1 1\n", (double)cores + 1);
		assert_int_equal(fclose(f), 0);
		assert_int_equal(setenv("NQ_LOADAVG", file, 1), 0);
		nq_meta_check(&again, "at end");
		unsetenv("NQ_LOADAVG");
		assert_string_equal(again.loaded_when, "at start");
		assert_true(again.loaded > (double)cores + 4);
	}
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(path_of),
		cmocka_unit_test(write_then_read),
		cmocka_unit_test(not_there),
		cmocka_unit_test(hand_written),
		cmocka_unit_test(may_not_write),
		cmocka_unit_test(load_limits),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("meta", tests, setup, teardown);
}
