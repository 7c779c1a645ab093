/* test_formats.c - export formats as rows (formats.h): every row whole,
 * a format found by its name and by -o's extension only, the flags a
 * format does not take refused with the formats that do take them, a
 * file written whole or not at all; the solution formats' table
 * (solfile.c) by name. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "formats.h"
#include "solfile.h"

/* the rows `harness export` lists (cli/cmd_export.c), in its order */
extern const nq_export_format nq_export_dimacs, nq_export_lp, nq_export_mps,
	nq_export_param, nq_export_json, nq_export_mzn, nq_export_dzn,
	nq_export_asp, nq_export_smt2;
static const nq_export_format *const rows[] = {
	&nq_export_dimacs, &nq_export_lp, &nq_export_mps, &nq_export_param,
	&nq_export_json, &nq_export_mzn, &nq_export_dzn, &nq_export_asp,
	&nq_export_smt2, NULL
};

static char dir[] = "/tmp/nq-test-formats-XXXXXX";

static void rows_whole(void **state)
{
	const nq_export_format *const *r, *const *q;
	const char *const *x, *const *y;

	(void)state;
	for (r = rows; *r; r++) {
		assert_true((*r)->name && (*r)->name[0]);
		assert_true((*r)->what && (*r)->what[0]);
		assert_non_null((*r)->write);
		/* a format that needs a registry name takes no other value */
		assert_false(((*r)->options & NQ_EXPORT_CNF) &&
			     ((*r)->options & NQ_EXPORT_ENCODING));
		assert_false(((*r)->options & NQ_EXPORT_ILP) &&
			     ((*r)->options & NQ_EXPORT_MODEL));
		for (x = (*r)->extensions; x && *x; x++) {
			assert_int_equal((*x)[0], '.');
			assert_ptr_equal(nq_export_by_path(rows, *x), *r);
			/* no extension is two formats' */
			for (q = rows; *q; q++)
				for (y = (*q)->extensions; *q != *r && y && *y; y++)
					assert_string_not_equal(*x, *y);
		}
		assert_ptr_equal(nq_export_by_name(rows, (*r)->name), *r);
		for (q = rows; q < r; q++)
			assert_string_not_equal((*q)->name, (*r)->name);
	}
}

static void found_by_name_and_extension(void **state)
{
	(void)state;
	assert_ptr_equal(nq_export_by_path(rows, "out/a.cnf"), &nq_export_dimacs);
	assert_ptr_equal(nq_export_by_path(rows, "a.dimacs"), &nq_export_dimacs);
	assert_ptr_equal(nq_export_by_path(rows, "a.lp"), &nq_export_lp);
	assert_ptr_equal(nq_export_by_path(rows, "a.smt2"), &nq_export_smt2);
	/* the end of the name only, in its case, whole */
	assert_null(nq_export_by_path(rows, "a.cnf.txt"));
	assert_null(nq_export_by_path(rows, "a.CNF"));
	assert_null(nq_export_by_path(rows, "cnf"));
	assert_null(nq_export_by_path(rows, "a.smt"));
	assert_null(nq_export_by_path(rows, ""));
	assert_null(nq_export_by_name(rows, "DIMACS"));
	assert_null(nq_export_by_name(rows, "dimacs "));
	assert_null(nq_export_by_name(rows, ""));
	assert_null(nq_export_by_name(rows, ".cnf"));
}

static void refusals(void **state)
{
	char why[512];

	(void)state;
	assert_int_equal(nq_export_refuse(&nq_export_json, 0, rows, why,
					  sizeof why), 0);
	/* an encoding's name for the formats that look it up */
	assert_int_equal(nq_export_refuse(&nq_export_dimacs, NQ_EXPORT_ENCODING |
					  NQ_EXPORT_COLUMNS | NQ_EXPORT_HINT,
					  rows, why, sizeof why), 0);
	assert_int_equal(nq_export_refuse(&nq_export_mps, NQ_EXPORT_MODEL, rows,
					  why, sizeof why), 0);
	assert_int_equal(nq_export_refuse(&nq_export_json, NQ_EXPORT_HINT, rows,
					  why, sizeof why), -1);
	assert_string_equal(why, "PyCSP3's Blocked Queens data (--format json) "
			    "takes no --hint; it takes --blocked (--format "
			    "dimacs, lp, mps, param, mzn, dzn, asp, smt2 take "
			    "it)");
	/* the first flag refused, the flags it takes, one format named */
	assert_int_equal(nq_export_refuse(&nq_export_param, NQ_EXPORT_CARD |
					  NQ_EXPORT_EXCLUDE, rows, why,
					  sizeof why), -1);
	assert_string_equal(why, "a CSPLib parameter file (--format param) "
			    "takes no --exclude; it takes --blocked, --hint "
			    "(--format dimacs, lp, mps, mzn, dzn, asp, smt2 "
			    "take it)");
	assert_int_equal(nq_export_refuse(&nq_export_lp, NQ_EXPORT_COLUMNS, rows,
					  why, sizeof why), -1);
	assert_string_equal(why, "CPLEX LP (--format lp) takes no --columns; it "
			    "takes --blocked, --hint, --exclude, --model "
			    "(--format dimacs takes it)");
	assert_int_equal(nq_export_refuse(&nq_export_lp, NQ_EXPORT_COLUMNS, NULL,
					  why, sizeof why), -1);
	assert_string_equal(why, "CPLEX LP (--format lp) takes no --columns; it "
			    "takes --blocked, --hint, --exclude, --model");
	/* a short buffer: cut, ended, never past it */
	memset(why, 'x', sizeof why);
	assert_int_equal(nq_export_refuse(&nq_export_json, NQ_EXPORT_HINT, rows,
					  why, 20), -1);
	assert_int_equal(strlen(why), 19);
	assert_int_equal(why[20], 'x');
}

static void choices(void **state)
{
	static const char *const cols[] = { "alo", "none", NULL };
	char why[256];

	(void)state;
	assert_int_equal(nq_export_choice(cols, "none"), 1);
	assert_int_equal(nq_export_choice(cols, "None"), -1);
	assert_int_equal(nq_export_bad_choice(why, sizeof why, "--columns is "
					      "alo or none", "alp", cols), -1);
	assert_string_equal(why, "--columns is alo or none, not 'alp' (did you "
			    "mean 'alo'?)");
	nq_export_bad_choice(why, sizeof why, "--columns is alo or none",
			     "everything", cols);
	assert_string_equal(why, "--columns is alo or none, not 'everything'");
}

static int body_text(FILE *f, const nq_export_req *r, void *ctx)
{
	(void)r;
	fputs(ctx, f);
	return 0;
}

static int body_fails(FILE *f, const nq_export_req *r, void *ctx)
{
	(void)r;
	(void)ctx;
	fputs("half a file", f);
	return -1;
}

static void whole_or_nothing(void **state)
{
	static char all[] = "all of it\n", x[] = "x";
	char path[300], why[1024], said[256], buf[64];
	nq_instance in;
	nq_export_req r;
	FILE *f;

	(void)state;
	memset(&r, 0, sizeof r);
	snprintf(path, sizeof path, "%s/a.txt", dir);
	r.path = path;
	assert_int_equal(nq_export_stream(&r, body_text, all, why,
					  sizeof why), 0);
	assert_non_null(f = fopen(path, "r"));
	assert_non_null(fgets(buf, sizeof buf, f));
	fclose(f);
	assert_string_equal(buf, "all of it\n");
	/* a body that fails: nothing at the path, and why says so */
	snprintf(path, sizeof path, "%s/b.txt", dir);
	assert_int_equal(nq_export_stream(&r, body_fails, NULL, why,
					  sizeof why), -1);
	assert_int_equal(access(path, F_OK), -1);
	assert_non_null(strstr(why, "cannot write"));
	/* a folder that is not there */
	snprintf(path, sizeof path, "%s/none/c.txt", dir);
	why[0] = '\0';
	assert_int_equal(nq_export_stream(&r, body_text, x, why, sizeof why),
			 -1);
	assert_true(why[0] != '\0');
	/* a row's writer: a parameter file of a plain board */
	memset(&in, 0, sizeof in);
	in.n = 8;
	snprintf(path, sizeof path, "%s/p.param", dir);
	r.inst = &in;
	r.comment = "a test";
	assert_int_equal(nq_export_param.write(&r, said, sizeof said, why,
					       sizeof why), 0);
	assert_string_equal(said, "n = 8, 0 blocked squares, 0 queens, 0 "
			    "excluded lines");
	assert_int_equal(access(path, R_OK), 0);
}

static void solution_formats(void **state)
{
	enum nq_sol_format f;
	int i;

	(void)state;
	for (i = 0; i < NQ_SOL__COUNT; i++) {
		assert_int_equal(nq_sol_format_parse(nq_sol_format_name(
			(enum nq_sol_format)i), &f), 0);
		assert_int_equal(f, i);
	}
	assert_string_equal(nq_sol_format_name(NQ_SOL_CBC), "cbc");
	assert_string_equal(nq_sol_format_name(NQ_SOL__COUNT), "?");
	assert_string_equal(nq_sol_format_name((enum nq_sol_format)-1), "?");
	assert_int_equal(nq_sol_format_parse("CBC", &f), -1);
	assert_int_equal(nq_sol_format_parse("", &f), -1);
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
		cmocka_unit_test(rows_whole),
		cmocka_unit_test(found_by_name_and_extension),
		cmocka_unit_test(refusals),
		cmocka_unit_test(choices),
		cmocka_unit_test(whole_or_nothing),
		cmocka_unit_test(solution_formats),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, setup, teardown);
}
