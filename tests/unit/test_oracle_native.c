/* test_oracle_native.c - the native solvers against the brute-force
 * oracle (oracle.h) on random small instances of the NP-complete
 * variants (issue 12): completion (hints only), blocked squares,
 * excluded diagonals. Every backtrack variant in count and first mode,
 * minconflicts in first mode (it may fail to find, never answer
 * wrongly), construct (declines). Fixed seeds: a failure names the
 * instance, and the same run reproduces it. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "solvers.h"
#include "oracle.h"

/* Instances of each family and mode. */
#define INSTANCES (1000 / ORACLE_SANITIZER_SHARE)

/* split (8) counts plain boards only and is skipped; prop runs on one
 * thread and on two (PROP2: the top of its tree shared out) */
static const char *const variants[] = { "board", "array", "textbook",
					"stack", "bitmask", "symmetry", "mrv",
					"dlx", "split", "prop", "prop" };
#define NVARIANTS 11
#define SPLIT 8
#define PROP2 10

static int run_backtrack(int variant, const nq_instance *in, nq_result *res)
{
	nq_optval opt[2] = { { variants[variant],
			       variant == PROP2 ? PROP2 - 1 : variant, NULL },
			     { NULL, variant == PROP2 ? 2 : 1, NULL } };
	nq_job job = { in, opt, 7, 0, NULL };

	host_result(res, in->n);
	return nq_solver_backtrack.solve(&job, res);
}

static void backtrack_family(enum oracle_family fam, uint64_t seed)
{
	static const enum nq_mode modes[] = { NQ_MODE_COUNT, NQ_MODE_FIRST };
	oracle_inst o;
	nq_result res;
	char who[64];

	for (int m = 0; m < 2; m++) {
		uint64_t state = seed + (uint64_t)m;

		for (int i = 0; i < INSTANCES; i++) {
			uint64_t want;

			oracle_random(&o, fam, modes[m], &state);
			want = oracle_count(&o.in);
			for (int v = 0; v < NVARIANTS; v++) {
				int rc;

				if (v == SPLIT)
					continue;
				rc = run_backtrack(v, &o.in, &res);
				snprintf(who, sizeof who, "backtrack %s%s",
					 variants[v], v == PROP2 ? " threads 2" :
					 "");
				oracle_check(who, &o.in, rc, &res, want);
				/* symmetry does not survive a restriction:
				 * no count up to symmetry then */
				if ((o.in.nblocked || o.in.nexcl_diag ||
				     o.in.nexcl_anti || o.in.nhints) &&
				    res.unique != NQ_UNIQUE_NA)
					fail_msg("%s reported unique %llu on a "
						 "restricted instance", who,
						 (unsigned long long)res.unique);
				free(res.placement);
			}
		}
	}
}

static void backtrack_placed(void **state)
{
	(void)state;
	backtrack_family(ORACLE_PLACED, 1201);
}

static void backtrack_blocked(void **state)
{
	(void)state;
	backtrack_family(ORACLE_BLOCKED, 1202);
}

static void backtrack_excluded(void **state)
{
	(void)state;
	backtrack_family(ORACLE_EXCLUDED, 1203);
}

/* The bitmask threaded count and symmetry on boards past the small
 * ones: the fast paths must step aside for a restriction. */
static void fast_paths_step_aside(void **state)
{
	static const nq_square blocked[] = { { 0, 0 }, { 5, 7 }, { 11, 3 } };
	static const int diag[] = { 3, 11 }, anti[] = { 20 };
	nq_instance in = { .n = 12, .mode = NQ_MODE_COUNT, .nblocked = 3,
			   .blocked = blocked, .nexcl_diag = 2,
			   .excl_diag = diag, .nexcl_anti = 1,
			   .excl_anti = anti };
	uint64_t want = oracle_count(&in);
	nq_result res;
	char who[64];

	(void)state;
	for (int v = 4; v <= 5; v++)
		for (int threads = 0; threads <= 4; threads += 4) {
			nq_optval opt[2] = { { variants[v], v, NULL },
					     { NULL, threads, NULL } };
			nq_job job = { &in, opt, 7, 0, NULL };
			int rc;

			host_result(&res, in.n);
			rc = nq_solver_backtrack.solve(&job, &res);
			snprintf(who, sizeof who, "backtrack %s threads %d",
				 variants[v], threads);
			oracle_check(who, &in, rc, &res, want);
			assert_true(res.unique == NQ_UNIQUE_NA);
			free(res.placement);
		}
	assert_true(want > 0 && want < a000170[11]);
}

/* minconflicts: a placement it reports is the oracle's kind; where
 * one exists it finds one (n <= 10 is easy for it); where none does it
 * proves it from a row or column with nothing left, or gives up (its
 * error, or the time limit). Giving up takes 10^7 steps, so the
 * instances without a placement run with a time limit of a millisecond
 * (looked at every 2^16 steps), one in five of them. */
static void minconflicts_family(enum oracle_family fam, uint64_t seed)
{
	uint64_t state = seed;
	int none_runs = 0;
	oracle_inst o;
	nq_result res;

	for (int i = 0; i < INSTANCES; i++) {
		nq_job job = { &o.in, NULL, (uint64_t)i, 0, NULL };
		uint64_t want;
		int rc;

		oracle_random(&o, fam, NQ_MODE_FIRST, &state);
		want = oracle_count(&o.in);
		if (!want && none_runs++ % 5)
			continue;
		if (!want)
			job.time_limit_s = 0.001;
		host_result(&res, o.in.n);
		rc = nq_solver_minconflicts.solve(&job, &res);
		if (want || rc == NQ_OK)
			oracle_check("minconflicts", &o.in, rc, &res, want);
		else if (rc != NQ_ERR && rc != NQ_ETIMEOUT)
			fail_msg("minconflicts: rc %d on an instance without "
				 "a placement", rc);
		free(res.placement);
	}
}

static void minconflicts_placed(void **state)
{
	(void)state;
	minconflicts_family(ORACLE_PLACED, 1211);
}

static void minconflicts_blocked(void **state)
{
	(void)state;
	minconflicts_family(ORACLE_BLOCKED, 1212);
}

static void minconflicts_excluded(void **state)
{
	(void)state;
	minconflicts_family(ORACLE_EXCLUDED, 1213);
}

/* construct cannot honour any of it: it declines, with a note. */
static void construct_declines(void **state)
{
	static const nq_square blocked[] = { { 0, 1 } };
	static const int diag[] = { 7 };
	nq_instance b = { .n = 8, .mode = NQ_MODE_FIRST, .nblocked = 1,
			  .blocked = blocked };
	nq_instance d = { .n = 8, .mode = NQ_MODE_FIRST, .nexcl_anti = 1,
			  .excl_anti = diag };
	nq_job jb = { &b, NULL, 1, 0, NULL }, jd = { &d, NULL, 1, 0, NULL };
	nq_result res;

	(void)state;
	host_result(&res, 8);
	assert_int_equal(nq_solver_construct.solve(&jb, &res), NQ_ERR);
	assert_non_null(strstr(res.note, "blocked squares"));
	free(res.placement);
	host_result(&res, 8);
	assert_int_equal(nq_solver_construct.solve(&jd, &res), NQ_ERR);
	assert_non_null(strstr(res.note, "excluded lines"));
	free(res.placement);
}

/* An argument picks tests by name (cmocka's pattern). */
int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(backtrack_placed),
		cmocka_unit_test(backtrack_blocked),
		cmocka_unit_test(backtrack_excluded),
		cmocka_unit_test(fast_paths_step_aside),
		cmocka_unit_test(minconflicts_placed),
		cmocka_unit_test(minconflicts_blocked),
		cmocka_unit_test(minconflicts_excluded),
		cmocka_unit_test(construct_declines),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
