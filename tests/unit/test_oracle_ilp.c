/* test_oracle_ilp.c - the ILP approaches against the brute-force oracle
 * (oracle.h) on random small instances of the NP-complete variants
 * (issue 12): completion (hints only), blocked squares, excluded
 * diagonals. GLPK with every built-in model and an ABI 2 model blind to
 * the restrictions (the host fixes the columns), first and count mode;
 * cbc on the exported LP on a share; the LP file's bounds. Fixed seeds.
 *
 * Usage: test_oracle_ilp [NAME-PATTERN]
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "solvers.h"
#include "external.h"
#include "export.h"
#include "ilp.h"
#include "oracle.h"

/* The draws cbc takes its share of */
#define INSTANCES (1000 / ORACLE_SANITIZER_SHARE)
/* GLPK's instances of each family and mode: 400, forty rounds of the
 * turns of model and count (every ten), every n of 1..10 (count: of
 * 1..COUNT_MAX_N) in each family as with 1000; under ASan 125 as before */
#define GLPK_INSTANCES (ORACLE_SANITIZER_SHARE > 1 ? INSTANCES : 400)
/* Count mode cuts off each placement found and solves again, and the
 * last solve, proving no placement is left, is slow on larger boards
 * (measured: 30 ms a run on average at n <= 10, 1 ms at n <= 7; the
 * placed family, with more placements, needs n <= 6 to stay in
 * seconds). So count mode takes its instances with n <= COUNT_MAX_N;
 * larger boards are counted in the native and SAT tests. */
#define COUNT_MAX_N 6

/* A model as a plugin of ABI 2 would write it: blind to blocked squares
 * and excluded lines. */
static int blind_build(const nq_instance *inst, const nq_ilp_sink *sink,
		       int *square_col)
{
	nq_instance plain = { .n = inst->n, .mode = inst->mode,
			      .nhints = inst->nhints, .hints = inst->hints };

	return nq_ilp_assignment.build(&plain, sink, square_col);
}

static const nq_ilp_model blind = { 2, sizeof(nq_ilp_model), "blind",
	"assignment, ABI 2", blind_build };

static const nq_ilp_model *const models[] = {
	&nq_ilp_assignment, &nq_ilp_assignment_rows, &nq_ilp_independent_set,
	&nq_ilp_edge, &blind, NULL
};
#define NMODELS 5

/* count: 0 tree (one branch-and-cut tree), 1 resolve (a MIP per
 * placement) */
static int run_glpk(const nq_ilp_model *model, const nq_instance *in,
		    int count, nq_result *res)
{
	/* model, then GLPK's defaults: presolve on, no cuts, no pump,
	 * Driebeck-Tomlin branching, best local bound backtracking */
	nq_optval opt[7] = { { model->name, 0, model }, { "on", 1, NULL },
			     { "none", 0, NULL }, { "off", 0, NULL },
			     { "dth", 3, NULL }, { "blb", 2, NULL },
			     { count ? "resolve" : "tree", count, NULL } };
	nq_job job = { in, opt, 1, 0, NULL };

	host_result(res, in->n);
	for (int r = 0; r < in->n; r++)
		res->placement[r] = -1;
	return nq_solver_glpk.solve(&job, res);
}

/* The models take turns, every instance solved by one, each model on a
 * fifth; count mode on instances with n <= COUNT_MAX_N (drawn until
 * there are GLPK_INSTANCES of them). */
static void glpk_family(enum oracle_family fam, uint64_t seed)
{
	static const enum nq_mode modes[] = { NQ_MODE_COUNT, NQ_MODE_FIRST };
	oracle_inst o;
	nq_result res;
	char who[96];

	for (int m = 0; m < 2; m++) {
		uint64_t state = seed + (uint64_t)m;

		for (int i = 0; i < GLPK_INSTANCES; i++) {
			const nq_ilp_model *model = models[i % NMODELS];
			uint64_t want;
			int rc;

			do
				oracle_random(&o, fam, modes[m], &state);
			while (modes[m] == NQ_MODE_COUNT &&
			       o.in.n > COUNT_MAX_N);
			want = oracle_count(&o.in);
			/* count: tree and resolve in turn */
			int count = (i / NMODELS) % 2;

			rc = run_glpk(model, &o.in, count, &res);
			snprintf(who, sizeof who, "glpk %s%s", model->name,
				 modes[m] == NQ_MODE_COUNT && count ?
				 " count resolve" : "");
			oracle_check(who, &o.in, rc, &res, want);
			free(res.placement);
		}
	}
}

static void glpk_placed(void **state)
{
	(void)state;
	glpk_family(ORACLE_PLACED, 1241);
}

static void glpk_blocked(void **state)
{
	(void)state;
	glpk_family(ORACLE_BLOCKED, 1242);
}

static void glpk_excluded(void **state)
{
	(void)state;
	glpk_family(ORACLE_EXCLUDED, 1243);
}

/* cbc: the exported LP, first mode, one instance in thirty of each
 * family (34; one in twenty under ASan, as before), the models in turn
 * (a process per run, 0.04 s of CPU each: the most of this program's
 * time); every n of 1..10 in each family still, as with one in twenty */
#define CBC_EVERY (ORACLE_SANITIZER_SHARE > 1 ? 20 : 30)
static void cbc_family(enum oracle_family fam, uint64_t seed)
{
	uint64_t state = seed;
	oracle_inst o;
	nq_result res;
	char who[96];

	for (int i = 0; i < INSTANCES; i++) {
		const nq_ilp_model *model = models[i / CBC_EVERY % NMODELS];
		nq_optval opt[2] = { { model->name, 0, model },
				     { "cbc", 0, NULL } };
		nq_job job = { &o.in, opt, 1, 0, NULL };
		uint64_t want;
		int rc;

		oracle_random(&o, fam, NQ_MODE_FIRST, &state);
		if (i % CBC_EVERY)
			continue;
		want = oracle_count(&o.in);
		host_result(&res, o.in.n);
		rc = nq_solver_cbc.solve(&job, &res);
		snprintf(who, sizeof who, "cbc %s", model->name);
		oracle_check(who, &o.in, rc, &res, want);
		free(res.placement);
	}
}

static void cbc_all(void **state)
{
	(void)state;
	if (access("/usr/bin/cbc", X_OK))
		skip();
	cbc_family(ORACLE_PLACED, 1251);
	cbc_family(ORACLE_BLOCKED, 1252);
	cbc_family(ORACLE_EXCLUDED, 1253);
}

/* `export --model`: the LP file fixes each forbidden square's column at
 * 0 (GLPK's LP writer: "x_R_C = 0" among the bounds), the others not. */
static void lp_bounds(void **state)
{
	static const nq_square blocked[] = { { 0, 2 } };
	static const int anti[] = { 0 };
	nq_instance in = { .n = 4, .mode = NQ_MODE_FIRST, .nblocked = 1,
			   .blocked = blocked, .nexcl_anti = 1,
			   .excl_anti = anti };
	char path[] = "/tmp/nq-oracle-lp-XXXXXX", why[300], *text;
	nq_ilp_mem *m;
	FILE *f;
	long size;
	int fd;

	(void)state;
	assert_int_equal(nq_ilp_mem_build(&m, &in, &nq_ilp_assignment, 0, why,
					  sizeof why), NQ_OK);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(nq_ilp_mem_write(m, path, NQ_ILP_LP, "test", why,
					  sizeof why), 0);
	nq_ilp_mem_free(m);
	f = fopen(path, "r");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	rewind(f);
	text = calloc((size_t)size + 1, 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	unlink(path);
	if (!strstr(text, "x_1_3 = 0") || !strstr(text, "x_1_1 = 0"))
		fail_msg("LP file without the fixed columns:\n%s", text);
	assert_null(strstr(text, "x_1_2 = 0"));
	free(text);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(glpk_placed),
		cmocka_unit_test(glpk_blocked),
		cmocka_unit_test(glpk_excluded),
		cmocka_unit_test(cbc_all),
		cmocka_unit_test(lp_bounds),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
