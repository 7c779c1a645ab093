/*
 * test_generate.c - cmocka tests of core/config/config_generate.c: `generate:`
 * entries give the same instances from the same seed, other instances
 * from another, what each family promises (queens that do not attack,
 * rows and columns left free, lines without repeats), and its mistakes
 * at FILE:LINE:COL.
 *
 *   test_generate [NAME-PATTERN]   run the tests whose names match
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
#include "validate.h"

/* Write `text` to a fresh directory, load it, remove it. */
static int load_text(const char *text, nq_experiment **out, nq_error *err,
		     char *path, size_t len)
{
	char dir[] = "/tmp/nq_test_generate_XXXXXX";
	FILE *f;
	int rc;

	assert_non_null(mkdtemp(dir));
	snprintf(path, len, "%s/t.yaml", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_true(fputs(text, f) >= 0);
	assert_int_equal(fclose(f), 0);
	memset(err, 0, sizeof *err);
	rc = nq_config_load(path, out, err);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(rmdir(dir), 0);
	return rc;
}

static nq_experiment *load_ok(const char *text)
{
	nq_experiment *exp = NULL;
	char path[256], buf[900];
	nq_error err;

	if (load_text(text, &exp, &err, path, sizeof path)) {
		nq_error_format(&err, buf, sizeof buf);
		fail_msg("expected the file to load, got: %s\n--- file:\n%s",
			 buf, text);
	}
	return exp;
}

static void check_error(const char *text, int line, int col,
			const char *want)
{
	nq_experiment *exp = NULL;
	char path[256], buf[900];
	nq_error err;
	int rc;

	rc = load_text(text, &exp, &err, path, sizeof path);
	nq_error_format(&err, buf, sizeof buf);
	if (rc != -1 || err.line != line || err.col != col ||
	    !strstr(err.msg, want) || strcmp(err.file, path) != 0)
		fail_msg("want %d:%d '%s'\n got rc %d, %s\n--- file:\n%s",
			 line, col, want, rc, buf, text);
	assert_null(exp);
}

#define APPR "approaches:\n  - backtrack\n"
#define GEN(body) "instances:\n  - generate: {" body "}\n" APPR

/* ------------------------------------------------------------------ */
/* The same seed, the same instances; another, others. */

static void test_same_seed_same_instances(void **state)
{
	static const char text[] =
		GEN("family: placed, n: 12, queens: 0..6, count: 4, seed: 7");
	nq_experiment *a = load_ok(text), *b = load_ok(text);
	size_t i;

	(void)state;
	assert_int_equal(a->ninstances, 7 * 4);
	assert_int_equal(b->ninstances, a->ninstances);
	for (i = 0; i < a->ninstances; i++) {
		assert_string_equal(a->instances[i].hash,
				    b->instances[i].hash);
		assert_string_equal(a->instances[i].id, b->instances[i].id);
		assert_string_equal(a->instances[i].hints_text,
				    b->instances[i].hints_text);
	}
	nq_experiment_free(a);
	nq_experiment_free(b);
}

static void test_other_seed_other_instances(void **state)
{
	nq_experiment *a = load_ok(GEN("family: placed, n: 12, queens: 5, "
				       "count: 10, seed: 7"));
	nq_experiment *b = load_ok(GEN("family: placed, n: 12, queens: 5, "
				       "count: 10, seed: 8"));
	size_t i, same = 0;

	(void)state;
	for (i = 0; i < a->ninstances; i++)
		same += !strcmp(a->instances[i].hash, b->instances[i].hash);
	assert_true(same < 2);
	/* and instances of one entry differ among themselves */
	for (i = 1, same = 0; i < a->ninstances; i++)
		same += !strcmp(a->instances[0].hash, a->instances[i].hash);
	assert_true(same < 2);
	nq_experiment_free(a);
	nq_experiment_free(b);
}

/* Raising count leaves the earlier instances as they were, and so does
 * another parameter value before them. */
static void test_count_keeps_earlier(void **state)
{
	nq_experiment *a = load_ok(GEN("family: blocked, n: 9, blocked: 30, "
				       "count: 3, seed: 5"));
	nq_experiment *b = load_ok(GEN("family: blocked, n: 9, blocked: "
				       "[10, 30], count: 6, seed: 5"));
	size_t i;

	(void)state;
	assert_int_equal(b->ninstances, 12);
	for (i = 0; i < 3; i++)
		assert_string_equal(a->instances[i].hash,
				    b->instances[6 + i].hash);
	nq_experiment_free(a);
	nq_experiment_free(b);
}

/* The stream is ours and pinned: these hashes hold on every machine. */
static void test_pinned(void **state)
{
	nq_experiment *a = load_ok(GEN("family: placed, n: 8, queens: 3, "
				       "count: 1, seed: 7"));

	(void)state;
	assert_string_equal(a->instances[0].id, "placed-n8-q3-s7-0");
	assert_string_equal(a->instances[0].hints_text, "4:3 3:1 2:6");
	assert_string_equal(a->instances[0].hash, "b1485907ceec00c5");
	assert_true(a->instances[0].id_set);
	nq_experiment_free(a);
}

/* ------------------------------------------------------------------ */
/* What each family promises. */

static void test_placed(void **state)
{
	nq_experiment *e = load_ok(GEN("family: placed, n: 10, queens: "
				       "[0, 3, 7, 10], count: 20, seed: 3, "
				       "mode: [first, count]"));
	static const int qs[] = { 0, 3, 7, 10 };
	size_t i;
	int a, b;

	(void)state;
	assert_int_equal(e->ninstances, 4 * 20 * 2);
	for (i = 0; i < e->ninstances; i++) {
		const nq_instance_spec *s = &e->instances[i];
		const nq_instance *in = &s->inst;
		int q = qs[i / 40], idx = (int)(i % 40) / 2;
		char id[64], why[200];

		assert_int_equal(in->n, 10);
		assert_int_equal(in->mode, i % 2 ? NQ_MODE_COUNT
						 : NQ_MODE_FIRST);
		assert_int_equal(in->nhints, q);
		assert_int_equal(in->nblocked + in->nexcl_diag +
				 in->nexcl_anti, 0);
		for (a = 0; a < q; a++)
			for (b = a + 1; b < q; b++)
				assert_null(nq_shared_line(in->hints[a],
							   in->hints[b]));
		assert_int_equal(nq_check_instance(in, why, sizeof why), 0);
		snprintf(id, sizeof id, "placed-n10-q%d-s3-%d", q, idx);
		assert_string_equal(s->id, id);
		if (i % 2)
			assert_string_equal(s->hash, e->instances[i - 1].hash);
	}
	nq_experiment_free(e);
}

static void test_blocked(void **state)
{
	nq_experiment *e = load_ok(GEN("family: blocked, n: 8, blocked: "
				       "[0, 20, 40, 48], free: 2, count: 25, "
				       "seed: 11"));
	static const int ks[] = { 0, 20, 40, 48 };
	size_t i;
	int j;

	(void)state;
	assert_int_equal(e->ninstances, 4 * 25);
	for (i = 0; i < e->ninstances; i++) {
		const nq_instance *in = &e->instances[i].inst;
		int rows[8] = { 0 }, cols[8] = { 0 }, k = ks[i / 25];
		char id[64];

		assert_int_equal(in->nblocked, k);
		assert_int_equal(in->nhints, 0);
		for (j = 0; j < k; j++) {
			rows[in->blocked[j].row]++;
			cols[in->blocked[j].col]++;
			/* sorted, so a repeat would sit beside its twin */
			if (j)
				assert_true(in->blocked[j - 1].row <
						    in->blocked[j].row ||
					    in->blocked[j - 1].col <
						    in->blocked[j].col);
		}
		for (j = 0; j < 8; j++) {
			assert_true(8 - rows[j] >= 2);
			assert_true(8 - cols[j] >= 2);
		}
		snprintf(id, sizeof id, "blocked-n8-b%d-f2-s11-%d", k,
			 (int)(i % 25));
		assert_string_equal(e->instances[i].id, id);
	}
	nq_experiment_free(e);
}

static void test_excluded(void **state)
{
	nq_experiment *e = load_ok(GEN("family: excluded, n: 7, diagonals: "
				       "0..26 by 13, count: 30, seed: 2"));
	static const int ds[] = { 0, 13, 26 };
	size_t i;
	int j;

	(void)state;
	assert_int_equal(e->ninstances, 3 * 30);
	for (i = 0; i < e->ninstances; i++) {
		const nq_instance *in = &e->instances[i].inst;
		char why[200];

		assert_int_equal(in->nexcl_diag + in->nexcl_anti, ds[i / 30]);
		for (j = 1; j < in->nexcl_diag; j++)
			assert_true(in->excl_diag[j - 1] < in->excl_diag[j]);
		for (j = 1; j < in->nexcl_anti; j++)
			assert_true(in->excl_anti[j - 1] < in->excl_anti[j]);
		assert_int_equal(nq_check_instance(in, why, sizeof why), 0);
	}
	/* every line excluded: 13 each way on n = 7 */
	assert_int_equal(e->instances[60].inst.nexcl_diag, 13);
	assert_string_equal(e->instances[30].id, "excluded-n7-d13-s2-0");
	nq_experiment_free(e);
}

/* mode and only beside generate:, as in any entry. */
static void test_beside(void **state)
{
	nq_experiment *e = load_ok(
		"instances:\n"
		"  - generate: {family: excluded, n: 6, diagonals: 3}\n"
		"    mode: count\n"
		"    only: backtrack\n" APPR);

	(void)state;
	assert_int_equal(e->ninstances, 1);
	assert_int_equal(e->instances[0].inst.mode, NQ_MODE_COUNT);
	assert_string_equal(e->instances[0].only, "\nbacktrack\n");
	assert_string_equal(e->instances[0].id, "excluded-n6-d3-s1-0");
	nq_experiment_free(e);
}

/* ------------------------------------------------------------------ */
/* Mistakes. */

static void test_errors(void **state)
{
	(void)state;
	check_error(GEN("family: knights, n: 8"), 2, 24,
		    "unknown family 'knights' (expected one of: placed, "
		    "blocked, excluded)");
	check_error(GEN("family: blokced, n: 8"), 2, 24,
		    "unknown family 'blokced' (did you mean 'blocked'?)");
	check_error(GEN("family: placed, n: 8"), 2, 15,
		    "family placed needs 'queens'");
	check_error(GEN("family: placed, queens: 3"), 2, 15,
		    "without 'n'");
	check_error(GEN("n: 8, queens: 3"), 2, 15, "without 'family'");
	check_error(GEN("family: placed, n: 8, queens: 9"), 2, 46,
		    "cannot place 9 non-attacking queens on n=8");
	check_error(GEN("family: placed, n: 8, queens: 0..99999999999999999"
			"99"), 2, 46, "cannot place");
	check_error(GEN("family: placed, n: 3, queens: 3"), 2, 46,
		    "cannot place 3 non-attacking queens on n=3");
	check_error(GEN("family: placed, n: 8, queens: -1"), 2, 46,
		    "at least 0");
	check_error(GEN("family: placed, n: 8, queens: 5..2"), 2, 46,
		    "runs backwards");
	check_error(GEN("family: placed, n: 8, blocked: 3"), 2, 38,
		    "'blocked' is not a key of family placed");
	check_error(GEN("family: blocked, n: 8, blocked: 57, free: 1"), 2, 48,
		    "57 blocked squares on n=8 leave fewer than 1 free");
	check_error(GEN("family: blocked, n: 8, blocked: 5, free: 9"), 2, 57,
		    "free must be at most 8");
	check_error(GEN("family: excluded, n: 8, diagonals: 31"), 2, 51,
		    "cannot exclude 31 lines on n=8");
	check_error(GEN("family: placed, n: 8, queens: 1, count: 0"), 2, 56,
		    "count must be at least 1");
	check_error(GEN("family: placed, n: 8, queens: 0..8, count: 100000"),
		    2, 15, "too many instances");
	check_error(GEN("family: placed, n: 8, queens: 1, seed: x"), 2, 55,
		    "seed: expected an unsigned 64-bit integer, got 'x'");
	check_error(GEN("family: placed, n: 8, queens: 1, seed: -3"), 2, 55,
		    "seed: expected an unsigned 64-bit integer");
	check_error(GEN("family: placed, n: 8, queens: 1, sed: 3"), 2, 49,
		    "unknown key 'sed' (did you mean 'seed'?)");
	check_error(GEN("family: placed, n: 8, n: 9, queens: 1"), 2, 38,
		    "duplicate key 'n'");
	check_error("instances:\n  - generate: [placed]\n" APPR, 2, 15,
		    "expected a mapping");
	check_error("instances:\n"
		    "  - generate: {family: placed, n: 8, queens: 1}\n"
		    "    n: 8\n" APPR, 3, 5, "'n' does not stand beside");
	check_error("instances:\n"
		    "  - generate: {family: placed, n: 8, queens: 1, "
		    "mode: count}\n"
		    "    mode: first\n" APPR, 2, 49, "mode is given both");
	check_error(GEN("family: excluded, n: 1000, diagonals: 1, count: "
			"1001"), 2, 15, "too many to draw");
	/* the cap counts every entry of the file */
	check_error("instances:\n"
		    "  - {n: 1..60000}\n"
		    "  - generate: {family: excluded, n: 8, diagonals: 2, "
		    "count: 50000}\n" APPR, 3, 15, "too many instances");
}

/* The generator's bounds are the experiment's, every generate: entry
 * together, and the squares the instances would hold are known before
 * anything is drawn: a file past them fails at once, at the entry that
 * crosses them. */
static void test_experiment_bounds(void **state)
{
	clock_t t0 = clock();

	(void)state;
	/* 130 instances of half a million blocked squares, twice (a mode
	 * each): 108 s and 1.5 GB of `plan` when the bound was the entry's
	 * draws alone */
	check_error("instances:\n"
		    "  - generate: {family: blocked, n: 1000, blocked: 500000, "
		    "count: 130, seed: 1}\n"
		    "    mode: [first, count]\n" APPR, 2, 15,
		    "its instances would hold 130000000 blocked squares "
		    "(blocked x count x modes); an experiment's generated "
		    "instances may hold at most 4000000 squares and lines in "
		    "all: lower blocked or count");
	/* under the bound alone, over it with the entry before */
	check_error("instances:\n"
		    "  - generate: {family: placed, n: 8, queens: 1}\n"
		    "  - generate: {family: blocked, n: 1000, blocked: 500000, "
		    "count: 8}\n" APPR, 3, 15,
		    "its instances would hold 4000000 blocked squares "
		    "(blocked x count x modes), 4000001 with the entries "
		    "before; an experiment's generated instances may hold at "
		    "most 4000000 squares and lines in all: lower blocked or "
		    "count, here or before");
	/* instances x n^2 the same: 5 * 10^8 each */
	check_error("instances:\n"
		    "  - generate: {family: excluded, n: 1000, diagonals: 1, "
		    "count: 500}\n"
		    "  - generate: {family: excluded, n: 1000, diagonals: 1, "
		    "count: 501, seed: 2}\n" APPR, 3, 15,
		    "501 instances on n=1000 are too many to draw: with the "
		    "entries before, instances x n^2 comes to 1001000000, at "
		    "most 10^9 in the experiment");
	assert_true((double)(clock() - t0) / CLOCKS_PER_SEC < 5.0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_seed_same_instances),
		cmocka_unit_test(test_other_seed_other_instances),
		cmocka_unit_test(test_count_keeps_earlier),
		cmocka_unit_test(test_pinned),
		cmocka_unit_test(test_placed),
		cmocka_unit_test(test_blocked),
		cmocka_unit_test(test_excluded),
		cmocka_unit_test(test_beside),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_experiment_bounds),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
