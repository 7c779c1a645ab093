/* test_plan.c - the plan (core/model/plan.c): the cells an experiment makes,
 * in run order, with their rows, runs and worst-case time; a cell over
 * an approach's largest n; shards dealt the same way every time, every
 * repeat of a cell in one of them, balanced; the run keys and the keys
 * read off a row's columns; --shard K/N; the key multiset; the file's
 * order (nq_plan_seq, nq_order) with an instance listed twice.
 *
 * Usage: test_plan [NAME-PATTERN]
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "cpus.h"
#include "experiment.h"
#include "plan.h"

static nq_experiment *parse(const char *text)
{
	nq_experiment *exp = NULL;
	nq_error err;

	memset(&err, 0, sizeof err);
	if (nq_config_parse(text, strlen(text), "plan.yaml", &exp, &err))
		fail_msg("the test's experiment does not load: %d:%d: %s",
			 err.line, err.col, err.msg);
	return exp;
}

static void plan(const nq_experiment *exp, int nshards, nq_plan *p)
{
	nq_error err;

	memset(&err, 0, sizeof err);
	if (nq_plan_make(exp, nshards, 4, p, &err))
		fail_msg("nq_plan_make: %s", err.msg);
}

#define BASE "experiment: t\nrepeat: 2\nwarmup: 1\ntimeout: 10s\n"

/* The loader refuses an n over an approach's largest n (config.c);
 * `solve` makes such an experiment from flags, and the plan gives it a
 * row without a run. Instance `spec` of exp made n = 70, as solve would. */
static void over_bitmask(nq_experiment *exp, size_t spec)
{
	assert_true(spec < exp->ninstances);
	exp->instances[spec].inst.n = 70;
}

static void cells_in_run_order(void **state)
{
	nq_experiment *exp = parse(BASE "instances:\n"
		"  - {n: [4, 5, 6], mode: count}\n"
		"approaches:\n"
		"  - backtrack: {variant: [bitmask, textbook]}\n");
	nq_plan p;
	size_t i;

	(void)state;
	plan(exp, 1, &p);
	assert_int_equal(p.ncells, 6);
	assert_int_equal(p.rows, 12);         /* cells x repeat */
	assert_int_equal(p.runs, 18);         /* cells x (warmup + repeat) */
	assert_true(p.worst_s > 179.9 && p.worst_s < 180.1);
	assert_int_equal(p.nshards, 1);
	for (i = 0; i < p.ncells; i++) {
		/* instance by instance, then approach by approach */
		assert_int_equal(p.cells[i].spec, i / 2);
		assert_int_equal(p.cells[i].ai, i % 2);
		assert_int_equal(p.cells[i].kind, NQ_CELL_RUN);
		assert_int_equal(p.cells[i].shard, 1);
		assert_true(p.cells[i].worst_s > 29.9 &&
			    p.cells[i].worst_s < 30.1);
	}
	assert_int_equal(p.shard_rows[1], 12);
	nq_plan_free(&p);
	nq_experiment_free(exp);
}

static void only_and_too_large(void **state)
{
	nq_experiment *exp = parse(BASE "instances:\n"
		"  - {n: 8, mode: first, only: [backtrack/bitmask]}\n"
		"  - {n: 60, mode: first}\n"
		"approaches:\n"
		"  - backtrack: {variant: [bitmask, textbook]}\n");
	nq_plan p;

	(void)state;
	over_bitmask(exp, 1);
	plan(exp, 1, &p);
	/* n = 8 for bitmask alone; n = 70 for both, bitmask's too large
	 * (64 bits) */
	assert_int_equal(p.ncells, 3);
	assert_int_equal(p.cells[0].spec, 0);
	assert_int_equal(p.cells[0].ai, 0);
	assert_int_equal(p.cells[0].kind, NQ_CELL_RUN);
	assert_int_equal(p.cells[1].spec, 1);
	assert_int_equal(p.cells[1].ai, 0);
	assert_int_equal(p.cells[1].kind, NQ_CELL_TOO_LARGE);
	assert_int_equal(p.cells[1].max_n, 64);
	assert_true(p.cells[1].worst_s == 0);
	assert_int_equal(p.cells[2].spec, 1);
	assert_int_equal(p.cells[2].ai, 1);
	assert_int_equal(p.cells[2].kind, NQ_CELL_RUN);
	/* its rows are written, it makes no run */
	assert_int_equal(p.rows, 6);
	assert_int_equal(p.runs, 6);
	nq_plan_free(&p);
	nq_experiment_free(exp);
}

/* A threads hook of a solver of the tests' own: 3 for n = 9 counts of
 * the whole board, 0 (every core) for n = 10, else 1. */
static int three_threads(const nq_optval *opt, int n, enum nq_mode mode,
			 int plain)
{
	(void)opt;
	if (mode != NQ_MODE_COUNT || !plain)
		return 1;
	return n == 9 ? 3 : n == 10 ? 0 : 1;
}

static void cores_of_a_run(void **state)
{
	nq_experiment *exp = parse(BASE "instances:\n"
		"  - {n: 12, mode: count}\n"
		"  - {n: 8, mode: count}\n"
		"  - {n: 12, mode: first}\n"
		"  - {n: 12, mode: count, hints: [[1, 1]]}\n"
		"approaches:\n"
		"  - backtrack: {variant: bitmask, threads: 2}\n"
		"  - backtrack: {variant: symmetry, threads: 0}\n"
		"  - backtrack: {variant: textbook}\n");
	const nq_instance *big = &exp->instances[0].inst,
			  *small = &exp->instances[1].inst,
			  *first = &exp->instances[2].inst,
			  *hinted = &exp->instances[3].inst;
	nq_solver own;
	nq_approach a;
	nq_instance in = { .n = 9, .mode = NQ_MODE_COUNT };
	nq_plan p;

	(void)state;
	assert_int_equal(nq_approach_cpus(&exp->approaches[0], big, 4), 2);
	/* threads: 0 takes every core the harness may use, for a count of
	 * the whole board from n = 12 (the solver runs one thread below) */
	assert_int_equal(nq_approach_cpus(&exp->approaches[1], big, 4), 4);
	assert_int_equal(nq_approach_cpus(&exp->approaches[1], big, 0), 1);
	assert_int_equal(nq_approach_cpus(&exp->approaches[1], small, 4), 1);
	/* first mode, and a count with pre-placed queens: one thread */
	assert_int_equal(nq_approach_cpus(&exp->approaches[0], first, 4), 1);
	assert_int_equal(nq_approach_cpus(&exp->approaches[1], hinted, 4), 1);
	assert_int_equal(nq_approach_cpus(&exp->approaches[2], big, 4), 1);
	plan(exp, 1, &p);
	assert_int_equal(p.ncells, 12);
	assert_int_equal(p.cells[0].cpus, 2);
	assert_int_equal(p.cells[1].cpus, 4); /* plan() says 4 online */
	assert_int_equal(p.cells[2].cpus, 1);
	assert_int_equal(p.cells[4].cpus, 1); /* symmetry at n = 8 */
	assert_int_equal(p.shard_cpus[1], 4);
	assert_true(nq_cores_usable() >= 1);
	/* a solver's own hook (ABI 5) */
	own = *exp->approaches[2].solver;
	own.threads = three_threads;
	a = exp->approaches[2];
	a.solver = &own;
	assert_int_equal(nq_approach_cpus(&a, &in, 4), 3);
	in.n = 10;
	assert_int_equal(nq_approach_cpus(&a, &in, 4), 4);
	in.mode = NQ_MODE_FIRST;
	assert_int_equal(nq_approach_cpus(&a, &in, 4), 1);
	/* an ABI 4 solver's hook is not read: its options say */
	own.abi_version = 4;
	in.mode = NQ_MODE_COUNT;
	assert_int_equal(nq_approach_cpus(&a, &in, 4), 1);
	nq_plan_free(&p);
	nq_experiment_free(exp);
}

static void shards_dealt_alike(void **state)
{
	nq_experiment *exp = parse(BASE "instances:\n"
		"  - {n: 4..8, mode: count}\n"
		"  - {n: 60, mode: first}\n"
		"approaches:\n"
		"  - backtrack: {variant: [bitmask, textbook]}\n");
	nq_plan a, b, one;
	size_t i, rows = 0;
	double worst = 0;
	int k, seen[4] = { 0 };

	(void)state;
	over_bitmask(exp, 5);
	plan(exp, 1, &one);
	plan(exp, 3, &a);
	plan(exp, 3, &b);
	assert_int_equal(a.nshards, 3);
	assert_int_equal(a.ncells, one.ncells);
	assert_int_equal(a.rows, one.rows);
	assert_int_equal(a.runs, one.runs);
	for (i = 0; i < a.ncells; i++) {
		/* the same slices every time, in the same cell order */
		assert_int_equal(a.cells[i].shard, b.cells[i].shard);
		assert_int_equal(a.cells[i].spec, one.cells[i].spec);
		assert_int_equal(a.cells[i].ai, one.cells[i].ai);
		assert_in_range(a.cells[i].shard, 1, 3);
		seen[a.cells[i].shard]++;
	}
	/* 11 equal cells and 1 without a run (bitmask at n = 70) over
	 * 3 slices: 4, 4 and 3 runs, the one without to the third */
	for (k = 1; k <= 3; k++) {
		assert_int_equal(seen[k], 4);
		rows += a.shard_rows[k];
		worst += a.shard_worst_s[k];
		assert_true(a.shard_worst_s[k] > 89.9 &&
			    a.shard_worst_s[k] < 120.1);
	}
	assert_int_equal(rows, a.rows);
	assert_true(worst > a.worst_s - 0.1 && worst < a.worst_s + 0.1);
	/* ties go to the lower slice: the first cell to shard 1 */
	assert_int_equal(a.cells[0].shard, 1);
	assert_int_equal(a.cells[1].shard, 2);
	assert_int_equal(a.cells[2].shard, 3);
	nq_plan_free(&a);
	nq_plan_free(&b);
	nq_plan_free(&one);

	/* more slices than cells: some are empty, none holds two */
	plan(exp, 20, &a);
	memset(seen, 0, sizeof seen);
	for (i = 0; i < a.ncells; i++)
		for (k = 0; (size_t)k < i; k++)
			assert_int_not_equal(a.cells[i].shard,
					     a.cells[k].shard);
	assert_int_equal(a.shard_rows[20], 0);
	nq_plan_free(&a);
	nq_experiment_free(exp);
}

static void keys(void **state)
{
	nq_experiment *exp = parse(BASE "instances:\n"
		"  - {n: 8, mode: count}\n"
		"  - {n: 8, mode: first, hints: [[1, 2], [2, 4]]}\n"
		"approaches:\n"
		"  - backtrack: {variant: bitmask}\n");
	char key[512], made[512];
	nq_plan p;

	(void)state;
	plan(exp, 1, &p);
	assert_int_equal(p.ncells, 2);
	nq_plan_key(exp, &p.cells[0], 2, key, sizeof key);
	assert_string_equal(key, "t\t8\tcount\t-\tbacktrack/bitmask\t2");
	/* the key read off a row's columns is the same */
	nq_key_make("t", "8", "count", "", "backtrack/bitmask", "2", made,
		    sizeof made);
	assert_string_equal(made, key);
	nq_key_make("t", "8", "count", "-", "backtrack/bitmask", "2", made,
		    sizeof made);
	assert_string_equal(made, key);
	nq_key_make("t", "8", "count", NULL, "backtrack/bitmask", "2", made,
		    sizeof made);
	assert_string_equal(made, key);
	nq_plan_key(exp, &p.cells[1], 1, key, sizeof key);
	assert_string_equal(key, "t\t8\tfirst\t1:2 2:4\tbacktrack/bitmask\t1");
	/* a key cut to its buffer stays a string */
	nq_plan_key(exp, &p.cells[1], 1, key, 5);
	assert_string_equal(key, "t\t8\t");
	nq_plan_free(&p);
	nq_experiment_free(exp);
}

/* The hashes nq_plan_hashes makes once (a key's text up to its repeat
 * hashed once, FNV-1a going on for each repeat) are the hashes of the
 * keys made whole: for repeats of one digit and of two, hints, blocked
 * squares. */
static void hashes_made_once(void **state)
{
	nq_experiment *exp = parse("experiment: t\nrepeat: 12\ntimeout: 10s\n"
		"instances:\n"
		"  - {n: 8, mode: count}\n"
		"  - {n: 8, mode: first, hints: [[1, 2], [2, 4]]}\n"
		"  - {n: 8, mode: first, blocked: [[3, 3]]}\n"
		"approaches:\n"
		"  - backtrack: {variant: [bitmask, textbook]}\n");
	char key[1024];
	size_t i;
	nq_plan p;
	int rep;

	(void)state;
	plan(exp, 1, &p);
	assert_int_equal(p.ncells, 6);
	assert_null(p.hashes);
	assert_int_equal(nq_plan_hashes(exp, &p), 0);
	assert_non_null(p.hashes);
	for (i = 0; i < p.ncells; i++)
		for (rep = 1; rep <= exp->repeat; rep++) {
			nq_plan_key(exp, &p.cells[i], rep, key, sizeof key);
			assert_true(nq_plan_hash(exp, &p, i, rep) ==
				    nq_key_hash(key));
		}
	nq_plan_free(&p);
	nq_experiment_free(exp);
}

static void key_text(void **state)
{
	nq_experiment *exp = parse(BASE "instances:\n"
		"  - {n: [6, 7], mode: count}\n"
		"approaches:\n"
		"  - backtrack: {variant: bitmask}\n");
	char key[512], text[512];
	nq_plan p;
	int shard;

	(void)state;
	plan(exp, 2, &p);
	nq_plan_key(exp, &p.cells[1], 2, key, sizeof key);
	nq_plan_key_text(exp, &p, nq_key_hash(key), text, sizeof text, &shard);
	assert_string_equal(text, "t 7 count - backtrack/bitmask 2");
	assert_int_equal(shard, p.cells[1].shard);
	assert_int_equal(shard, 2);
	nq_plan_key_text(exp, &p, nq_key_hash("t\t9\tcount\t-\tx\t1"), text,
			 sizeof text, &shard);
	assert_string_equal(text, "(a run the plan does not hold)");
	assert_int_equal(shard, 0);
	nq_plan_free(&p);
	nq_experiment_free(exp);
}

static void parse_shard(void **state)
{
	static const char *const bad[] = {
		"", "2", "2/", "/4", "0/4", "5/4", "-1/4", "+1/4", "1/-4",
		"1/+4", "1/0", "2/4x", "2 /4", "1/100001", "a/b", "1/4/2",
	};
	char why[256];
	size_t i;
	int k = -7, n = -7;

	(void)state;
	assert_int_equal(nq_parse_shard("2/4", &k, &n, why, sizeof why), 0);
	assert_int_equal(k, 2);
	assert_int_equal(n, 4);
	assert_int_equal(nq_parse_shard("1/1", &k, &n, why, sizeof why), 0);
	assert_int_equal(nq_parse_shard("100000/100000", &k, &n, why,
					sizeof why), 0);
	assert_int_equal(k, NQ_MAX_SHARDS);
	for (i = 0; i < sizeof bad / sizeof *bad; i++) {
		k = n = -7;
		why[0] = '\0';
		if (nq_parse_shard(bad[i], &k, &n, why, sizeof why) != -1)
			fail_msg("'%s' taken as a shard", bad[i]);
		if (!why[0] || k != -7 || n != -7)
			fail_msg("'%s': no reason, or k and n set", bad[i]);
	}
	nq_parse_shard("5/4", &k, &n, why, sizeof why);
	assert_non_null(strstr(why, "numbered from 1"));
	nq_parse_shard("1/100001", &k, &n, why, sizeof why);
	assert_non_null(strstr(why, "must be 1 to 100000"));
}

static void keyset(void **state)
{
	nq_keyset s;
	uint64_t h;
	char key[32];
	int i;

	(void)state;
	memset(&s, 0, sizeof s);
	/* empty: nothing held, nothing to take */
	assert_int_equal(nq_keyset_count(&s, 42), 0);
	assert_int_equal(nq_keyset_take(&s, 42), 0);
	assert_int_equal(nq_keyset_add(&s, 42), 1);
	assert_int_equal(nq_keyset_add(&s, 42), 2);
	assert_int_equal(nq_keyset_count(&s, 42), 2);
	assert_int_equal(nq_keyset_count(&s, 43), 0);
	assert_int_equal(nq_keyset_take(&s, 42), 1);
	assert_int_equal(nq_keyset_take(&s, 42), 0);
	assert_int_equal(nq_keyset_take(&s, 42), 0); /* never below 0 */
	assert_int_equal(nq_keyset_count(&s, 42), 0);
	/* a hash of 0 is held as 1 */
	assert_int_equal(nq_keyset_add(&s, 0), 1);
	assert_int_equal(nq_keyset_count(&s, 1), 1);
	/* many keys: it grows and keeps them all */
	for (i = 0; i < 5000; i++) {
		snprintf(key, sizeof key, "k%d", i);
		h = nq_key_hash(key);
		assert_int_equal(nq_keyset_add(&s, h), 1);
		assert_int_equal(nq_keyset_add(&s, h), 2);
	}
	for (i = 0; i < 5000; i++) {
		snprintf(key, sizeof key, "k%d", i);
		assert_int_equal(nq_keyset_count(&s, nq_key_hash(key)), 2);
	}
	assert_true(s.used >= 5001);
	nq_keyset_free(&s);
	assert_int_equal(nq_keyset_count(&s, 42), 0);
	/* FNV-1a, never 0 */
	assert_true(nq_key_hash("") == 0xcbf29ce484222325ull);
	assert_true(nq_key_hash("a") != nq_key_hash("b"));
}

static void file_order(void **state)
{
	/* n = 6 listed twice: its keys are due twice */
	nq_experiment *exp = parse(BASE "instances:\n"
		"  - {n: 6, mode: count}\n"
		"  - {n: 7, mode: count}\n"
		"  - {n: 6, mode: count}\n"
		"approaches:\n"
		"  - backtrack: {variant: [bitmask, textbook]}\n");
	char key[512];
	nq_keyset due;
	nq_order o;
	nq_error err;
	nq_plan p;
	uint64_t h;

	(void)state;
	/* instance by instance, the repeats, then the approaches */
	assert_int_equal(nq_plan_seq(exp, 0, 0, 1), 0);
	assert_int_equal(nq_plan_seq(exp, 0, 1, 1), 1);
	assert_int_equal(nq_plan_seq(exp, 0, 0, 2), 2);
	assert_int_equal(nq_plan_seq(exp, 1, 0, 1), 4);
	assert_int_equal(nq_plan_seq(exp, 2, 1, 2), 11);

	/* sharded, so the cells are dealt out of order: the order is the
	 * file's all the same */
	plan(exp, 2, &p);
	memset(&due, 0, sizeof due);
	assert_int_equal(nq_order_make(exp, &p, &due, &o, &err), 0);
	nq_plan_key(exp, &p.cells[0], 1, key, sizeof key); /* n = 6 */
	h = nq_key_hash(key);
	assert_int_equal(nq_keyset_count(&due, h), 2);
	assert_int_equal(nq_order_seq(&o, h), 0);
	/* handed out in turn, then the last again */
	assert_int_equal(nq_order_take(&o, h), 0);
	assert_int_equal(nq_order_take(&o, h), 8);
	assert_int_equal(nq_order_take(&o, h), 8);
	assert_int_equal(nq_order_seq(&o, h), 0);
	nq_plan_key(exp, &p.cells[3], 2, key, sizeof key); /* n = 7 */
	h = nq_key_hash(key);
	assert_int_equal(nq_keyset_count(&due, h), 1);
	assert_int_equal(nq_order_seq(&o, h), 7);
	assert_int_equal(nq_order_take(&o, h), 7);
	assert_int_equal(nq_order_take(&o, h), 7);
	h = nq_key_hash("t\t9\tcount\t-\tbacktrack/bitmask\t1");
	assert_true(nq_order_seq(&o, h) == NQ_SEQ_NONE);
	assert_true(nq_order_take(&o, h) == NQ_SEQ_NONE);
	nq_order_free(&o);
	assert_true(nq_order_seq(&o, h) == NQ_SEQ_NONE);
	nq_keyset_free(&due);
	/* without a keyset */
	assert_int_equal(nq_order_make(exp, &p, NULL, &o, &err), 0);
	nq_order_free(&o);
	nq_plan_free(&p);
	nq_experiment_free(exp);
}

/* A resume's rows take the order's places (nq_rows_fit without a
 * keyset): a key the plan holds twice takes its places in the plan's
 * order; another shard's place is never taken; a third row of it finds
 * none; a key the plan does not hold is told apart; reset frees all. */
static void places_taken(void **state)
{
	nq_experiment *exp = parse(BASE "instances:\n"
		"  - {n: 6, mode: count}\n"
		"  - {n: 7, mode: count}\n"
		"  - {n: 6, mode: count}\n"
		"approaches:\n"
		"  - backtrack: {variant: [bitmask, textbook]}\n");
	char key[512];
	size_t k, first = 0, second = 0;
	nq_keyset big;
	nq_order o;
	nq_error err;
	nq_plan p;
	uint64_t h;

	(void)state;
	plan(exp, 1, &p);
	assert_int_equal(nq_plan_hashes(exp, &p), 0);
	assert_int_equal(nq_order_make(exp, &p, NULL, &o, &err), 0);
	nq_plan_key(exp, &p.cells[0], 1, key, sizeof key); /* n = 6 */
	h = nq_key_hash(key);
	/* its runs: cell 0 (n = 6 first) and cell 4 (n = 6 again) */
	first = 0 * (size_t)exp->repeat;
	second = 4 * (size_t)exp->repeat;
	assert_true(p.hashes[first] == h && p.hashes[second] == h);
	assert_int_equal(nq_order_claim(&o, h, NQ_PLACE_TAKEN), 1);
	assert_int_equal(nq_order_mark(&o, first), NQ_PLACE_TAKEN);
	assert_int_equal(nq_order_mark(&o, second), NQ_PLACE_FREE);
	assert_int_equal(nq_order_claim(&o, h, NQ_PLACE_REDO), 1);
	assert_int_equal(nq_order_mark(&o, second), NQ_PLACE_REDO);
	assert_int_equal(nq_order_claim(&o, h, NQ_PLACE_TAKEN), 0);
	assert_int_equal(nq_order_claim(&o, nq_key_hash("t\t9\tcount\t-\t"
				"backtrack/bitmask\t1"), NQ_PLACE_TAKEN), -1);
	/* every place free again: nq_order_take hands them out as before */
	nq_order_reset(&o);
	for (k = 0; k < p.ncells * (size_t)exp->repeat; k++)
		assert_int_equal(nq_order_mark(&o, k), NQ_PLACE_FREE);
	assert_int_equal(nq_order_take(&o, h), 0);
	assert_int_equal(nq_order_take(&o, h), 8);
	/* the first place another shard's: the row takes the second */
	nq_order_reset(&o);
	nq_order_hold(&o, first);
	assert_int_equal(nq_order_claim(&o, h, NQ_PLACE_TAKEN), 1);
	assert_int_equal(nq_order_mark(&o, first), NQ_PLACE_HELD);
	assert_int_equal(nq_order_mark(&o, second), NQ_PLACE_TAKEN);
	assert_int_equal(nq_order_claim(&o, h, NQ_PLACE_TAKEN), 0);
	nq_order_free(&o);
	/* the plan's hashes kept, the order gone */
	assert_true(p.hashes[first] == h);
	nq_plan_free(&p);
	nq_experiment_free(exp);

	/* no key twice: each row's run is found where the last row's
	 * left off (the plan's order), or looked up when the file is in
	 * another; a run taken twice is refused either way */
	exp = parse(BASE "instances:\n"
		"  - {n: 6, mode: count}\n"
		"  - {n: 7, mode: count}\n"
		"approaches:\n"
		"  - backtrack: {variant: [bitmask, textbook]}\n");
	plan(exp, 1, &p);
	assert_int_equal(nq_plan_hashes(exp, &p), 0);
	assert_int_equal(nq_order_make(exp, &p, NULL, &o, &err), 0);
	{
		/* the runs in the plan's order: cell x repeat + rep - 1 */
		static const size_t in_order[] = { 0, 2, 1, 3, 4, 6, 5, 7 };

		for (k = 0; k < 8; k++) {
			h = p.hashes[in_order[k]];
			assert_true(nq_order_seq(&o, h) == k);
			assert_int_equal(nq_order_claim(&o, h, NQ_PLACE_TAKEN),
					 1);
			assert_int_equal(nq_order_mark(&o, in_order[k]),
					 NQ_PLACE_TAKEN);
		}
		nq_order_reset(&o);
		/* out of order: 5, 3, 4, then 5 again where 4 left off */
		assert_int_equal(nq_order_claim(&o, p.hashes[in_order[5]],
						NQ_PLACE_TAKEN), 1);
		assert_int_equal(nq_order_claim(&o, p.hashes[in_order[3]],
						NQ_PLACE_TAKEN), 1);
		assert_int_equal(nq_order_claim(&o, p.hashes[in_order[4]],
						NQ_PLACE_TAKEN), 1);
		assert_int_equal(nq_order_claim(&o, p.hashes[in_order[5]],
						NQ_PLACE_TAKEN), 0);
		assert_int_equal(nq_order_claim(&o, p.hashes[in_order[3]],
						NQ_PLACE_TAKEN), 0);
		/* take hands out the only place, then it again */
		nq_order_reset(&o);
		assert_true(nq_order_take(&o, p.hashes[in_order[0]]) == 0);
		assert_true(nq_order_take(&o, p.hashes[in_order[0]]) == 0);
		assert_true(nq_order_take(&o, p.hashes[in_order[2]]) == 2);
	}
	nq_order_free(&o);
	nq_plan_free(&p);
	nq_experiment_free(exp);

	/* a keyset made room for once holds as many without growing */
	memset(&big, 0, sizeof big);
	assert_int_equal(nq_keyset_reserve(&big, 5000), 1);
	k = big.cap;
	assert_true(k >= 2 * 5001);
	for (h = 1; h <= 5000; h++)
		assert_int_equal(nq_keyset_add(&big, h * 0x9e3779b97f4a7c15ull), 1);
	assert_true(big.cap == k);
	assert_int_equal(nq_keyset_count(&big, 0x9e3779b97f4a7c15ull), 1);
	nq_keyset_free(&big);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cells_in_run_order),
		cmocka_unit_test(only_and_too_large),
		cmocka_unit_test(cores_of_a_run),
		cmocka_unit_test(shards_dealt_alike),
		cmocka_unit_test(keys),
		cmocka_unit_test(hashes_made_once),
		cmocka_unit_test(key_text),
		cmocka_unit_test(parse_shard),
		cmocka_unit_test(keyset),
		cmocka_unit_test(file_order),
		cmocka_unit_test(places_taken),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("plan", tests, NULL, NULL);
}
