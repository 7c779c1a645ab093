/* test_reports.c - the pieces under plot, report and the metadata file:
 * the RFC 4180 reader, the statistics (median, quartiles, IQR, MAD, the
 * noisy rule), SHA-256 against FIPS 180-4 vectors, and the grouping into
 * cells (no row dropped, bad columns named). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "cells.h"
#include "csvread.h"
#include "sha256.h"
#include "stats.h"

static nq_table *parse(const char *text)
{
	nq_table *t = NULL;
	nq_error err;

	memset(&err, 0, sizeof err);
	if (nq_table_parse(text, strlen(text), "t.csv", &t, &err) < 0)
		fail_msg("parse failed: %s", err.msg);
	return t;
}

static void csv_quoted_fields(void **state)
{
	nq_table *t = parse("a,b,c\r\n1,\"x, \"\"y\"\"\",\"two\r\nlines\"\r\n"
			    ",,\r\n\r\n3,z,\n");

	(void)state;
	assert_int_equal(nq_table_ncols(t), 3);
	assert_int_equal(nq_table_nrows(t), 3);
	assert_string_equal(nq_table_cell(t, 0, 1), "x, \"y\"");
	assert_string_equal(nq_table_cell(t, 0, 2), "two\r\nlines");
	assert_string_equal(nq_table_cell(t, 1, 0), "");
	assert_string_equal(nq_table_cell(t, 2, 1), "z");
	assert_string_equal(nq_table_cell(t, 2, 2), "");
	assert_int_equal(nq_table_col(t, "c"), 2);
	assert_int_equal(nq_table_col(t, "d"), -1);
	assert_string_equal(nq_table_cell(t, 0, -1), "");
	assert_true(nq_table_col_numeric(t, 0));
	assert_false(nq_table_col_numeric(t, 1));
	nq_table_free(t);
}

static void csv_errors(void **state)
{
	static const struct {
		const char *text, *msg;
		int line;
	} cases[] = {
		{ "", "empty file", 0 },
		{ "a,b\n1,2\n1,2,3\n", "3 fields where the header has 2", 3 },
		{ "a,b\n1,\"open\n2,3\n", "never closed", 2 },
		{ "a,b\n\"x\"y,2\n", "after a closing quote", 2 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		nq_table *t = NULL;
		nq_error err;

		memset(&err, 0, sizeof err);
		assert_int_equal(nq_table_parse(cases[i].text,
						 strlen(cases[i].text), "t.csv",
						 &t, &err), -1);
		assert_null(t);
		assert_non_null(strstr(err.msg, cases[i].msg));
		assert_int_equal(err.line, cases[i].line);
	}
}

static void csv_missing_file(void **state)
{
	nq_table *t = NULL;
	nq_error err;

	(void)state;
	memset(&err, 0, sizeof err);
	assert_int_equal(nq_table_read("/nonexistent/x.csv", &t, &err), -1);
	assert_string_equal(err.file, "/nonexistent/x.csv");
	assert_non_null(strstr(err.msg, "cannot read"));
}

static void stats_values(void **state)
{
	double v[] = { 5, 1, 4, 2, 3 };
	double w[] = { 1, 2, 3, 100 };
	double one[] = { 7 };
	nq_stats s;

	(void)state;
	nq_stats_of(v, 5, &s);
	assert_int_equal(s.count, 5);
	assert_true(s.median == 3 && s.min == 1 && s.max == 5);
	assert_true(s.q1 == 2 && s.q3 == 4 && s.iqr == 2);
	assert_true(s.mad == 1); /* |v - 3| = 2 2 1 1 0 */
	nq_stats_of(w, 4, &s);
	assert_true(s.median == 2.5);
	assert_true(s.q1 == 1.75 && s.q3 == 27.25); /* numpy's linear */
	assert_true(s.mad == 1); /* 1.5 .5 .5 97.5 -> median 1 */
	assert_true(nq_stats_noisy(&s));
	nq_stats_of(one, 1, &s);
	assert_true(s.median == 7 && s.iqr == 0 && s.mad == 0);
	assert_false(nq_stats_noisy(&s)); /* one value: no spread to judge */
	nq_stats_of(NULL, 0, &s);
	assert_int_equal(s.count, 0);
}

static void stats_noisy_rule(void **state)
{
	double quiet[] = { 1.00, 1.05, 1.10 }; /* spread 0.10 / 1.05 < 10% */
	double noisy[] = { 1.00, 1.05, 1.12 }; /* 0.12 / 1.05 > 10% */
	nq_stats s;

	(void)state;
	nq_stats_of(quiet, 3, &s);
	assert_false(nq_stats_noisy(&s));
	nq_stats_of(noisy, 3, &s);
	assert_true(nq_stats_noisy(&s));
	assert_true(nq_stats_rel_spread(&s) > 0.114 &&
		    nq_stats_rel_spread(&s) < 0.115);
}

static void sha256_vectors(void **state)
{
	static const struct {
		const char *in, *hex;
	} cases[] = {
		{ "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
		{ "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
		{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
	};
	char hex[65];
	size_t i;
	nq_sha256 s;
	uint8_t d[32];
	char chunk[1000];

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		nq_sha256_hex(cases[i].in, strlen(cases[i].in), hex);
		assert_string_equal(hex, cases[i].hex);
	}
	/* a million 'a', fed in pieces that straddle blocks */
	memset(chunk, 'a', sizeof chunk);
	nq_sha256_init(&s);
	for (i = 0; i < 1000; i++)
		nq_sha256_update(&s, chunk, sizeof chunk);
	nq_sha256_final(&s, d);
	snprintf(hex, sizeof hex, "%02x%02x%02x%02x", d[0], d[1], d[2], d[3]);
	assert_string_equal(hex, "cdc76e5c");
}

static const char results[] =
	"experiment,n,mode,solver,encoding,repeat,status,wall_s,timeout_s,note\r\n"
	"e,4,count,backtrack,bitmask,1,ok,0.003,5,\r\n"
	"e,4,count,backtrack,bitmask,2,ok,0.001,5,\r\n"
	"e,4,count,backtrack,bitmask,3,ok,0.002,5,\r\n"
	"e,4,count,glpk,assignment,1,timeout,5.01,5,\r\n"
	"e,4,count,glpk,assignment,2,ok,4.0,5,\r\n"
	"e,5,count,glpk,assignment,1,timeout,,5,\"not run, skipped\"\r\n"
	"e,5,first,glpk,assignment,1,error,,5,\r\n";

static void cells_keep_every_row(void **state)
{
	nq_table *t = parse(results);
	nq_cells_opts o;
	nq_cells *c = NULL;
	nq_error err;
	const nq_cell *x;
	size_t i, runs = 0;

	(void)state;
	memset(&o, 0, sizeof o);
	memset(&err, 0, sizeof err);
	assert_int_equal(nq_cells_build(t, "r.csv", &o, &c, &err), 0);
	assert_int_equal(c->nseries, 2);
	assert_string_equal(c->series[0], "backtrack/bitmask");
	assert_string_equal(c->series[1], "glpk/assignment");
	assert_int_equal(c->nmodes, 2);
	for (i = 0; i < c->ncells; i++)
		runs += c->cell[i].runs;
	assert_int_equal(runs, 7);
	x = nq_cells_find(c, 0, 0, "", 4);
	assert_non_null(x);
	assert_true(x->y.median == 0.002 && x->y.count == 3);
	x = nq_cells_find(c, 1, 0, "", 4);
	assert_int_equal(x->status[NQ_ST_TIMEOUT], 1);
	assert_true(x->y.count == 1 && x->y.median == 4.0);
	assert_true(x->fail_y.median == 5.01 && x->timeout_s == 5);
	x = nq_cells_find(c, 1, 0, "", 5);
	assert_true(x->status[NQ_ST_TIMEOUT] == 1 && x->y.count == 0);
	x = nq_cells_find(c, 1, 1, "", 5);
	assert_int_equal(x->status[NQ_ST_ERROR], 1);
	nq_cells_free(c);
	nq_table_free(t);
}

static void cells_bad_columns(void **state)
{
	nq_table *t = parse(results);
	nq_table *u = parse("n,mode,solver\n4,count,backtrack\n");
	nq_cells_opts o;
	nq_cells *c = NULL;
	nq_error err;

	(void)state;
	memset(&o, 0, sizeof o);
	memset(&err, 0, sizeof err);
	o.y = "wal_s";
	assert_int_equal(nq_cells_build(t, "r.csv", &o, &c, &err), -1);
	assert_string_equal(err.msg, "no column 'wal_s'; numeric columns: n, "
			    "repeat, wall_s, timeout_s");
	o.y = "solver";
	assert_int_equal(nq_cells_build(t, "r.csv", &o, &c, &err), -1);
	assert_non_null(strstr(err.msg, "no numbers in column 'solver'"));
	o.y = NULL;
	o.group = "solver,colour";
	assert_int_equal(nq_cells_build(t, "r.csv", &o, &c, &err), -1);
	assert_string_equal(err.msg, "no column 'colour' to group by");
	o.group = NULL;
	assert_int_equal(nq_cells_build(u, "u.csv", &o, &c, &err), -1);
	assert_non_null(strstr(err.msg, "no column 'status'"));
	assert_null(c);
	nq_table_free(t);
	nq_table_free(u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(csv_quoted_fields),
		cmocka_unit_test(csv_errors),
		cmocka_unit_test(csv_missing_file),
		cmocka_unit_test(stats_values),
		cmocka_unit_test(stats_noisy_rule),
		cmocka_unit_test(sha256_vectors),
		cmocka_unit_test(cells_keep_every_row),
		cmocka_unit_test(cells_bad_columns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
