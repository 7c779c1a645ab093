/*
 * liars.c - solvers and an encoding that lie, for tests/e2e/liars.sh.
 * Each is a plugin like any other; the validator must catch every lie
 * (status wrong or disputed) and never blame the honest approaches run
 * beside them, in whatever order they run.
 *
 *   lie            CNF encoding: pairwise, but the at-most-one of every
 *                  2-square diagonal is left out (corner queens may
 *                  attack), so it over-counts and may place attacking
 *                  queens
 *   liar-fixed     first mode: always the same placement (queen i in
 *                  column (2i) mod n, shifted), hints ignored
 *   liar-count     count mode: the true count plus 2 (even, plausible);
 *                  beyond n = 16 a made-up even number
 *   liar-none      first mode "none", count mode 0, always
 *   liar-hinted    count mode: the count of the board without its hints
 *   liar-odd       count mode: the true count plus 1 (odd); beyond
 *                  n = 16 a made-up odd number
 *   liar-off       first mode: a queen off the board (so it loses its
 *                  word); count mode: the true count, n + 1000 beyond
 *                  n = 16
 *   liar-off2      the same, but counts the true count plus 2, n + 2000
 *                  beyond n = 16
 *   liar-parts     counts in parts, 2 too many in the first part
 *   liar-parts-crash  the same, and part 2 dies (abort) while the
 *                  environment has LIAR_CRASH
 *   liar-parts-unique  counts in parts, honest, but the first part
 *                  claims 1792 placements up to symmetry (n = 12 has
 *                  1787 in all; past n = 16 its own made-up count plus
 *                  1), the other parts none
 *   liar-parts-usum  counts in parts, honest, but the first two parts
 *                  claim 900 up to symmetry each (1800: more than
 *                  n = 12's 1787, each under its own count), the other
 *                  parts none
 *
 * Build: cc -std=c11 -O2 -shared -fPIC -Iinclude -o liars.so liars.c
 */
#include <stdlib.h>
#include <string.h>
#include "nq_plugin.h"

/* ---- an honest count, for the liars to bend (n <= 32) ---- */
/* Row by row with bit masks: the columns taken and the diagonals that
 * reach row r (ld moving left, rd moving right); a row with a hint has
 * its one square. */
static unsigned long long rows(int n, int r, const int *fixed,
			       unsigned cols, unsigned ld, unsigned rd)
{
	unsigned all = n >= 32 ? ~0u : (1u << n) - 1, free, bit;
	unsigned long long total = 0;

	if (r == n)
		return 1;
	free = all & ~(cols | ld | rd);
	if (fixed[r] >= 0)
		free &= 1u << fixed[r];
	while (free) {
		bit = free & -free;
		free ^= bit;
		total += rows(n, r + 1, fixed, cols | bit, (ld | bit) << 1,
			      (rd | bit) >> 1);
	}
	return total;
}

static unsigned long long honest_count(const nq_instance *in, int use_hints)
{
	int fixed[32], i;

	for (i = 0; i < 32; i++)
		fixed[i] = -1;
	for (i = 0; use_hints && i < in->nhints; i++)
		fixed[in->hints[i].row] = in->hints[i].col;
	return rows(in->n, 0, fixed, 0, 0, 0);
}

static int any_n(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	(void)mode;
	return 0;
}

static int count_only(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	return mode == NQ_MODE_COUNT ? 0 : NQ_NOT_APPLICABLE;
}

static int first_only(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	return mode == NQ_MODE_FIRST ? 0 : NQ_NOT_APPLICABLE;
}

static int fixed_solve(const nq_job *job, nq_result *res)
{
	int n = job->inst->n, i;

	for (i = 0; i < n; i++)
		res->placement[i] = (2 * i + 1) % n;
	res->solutions = 1;
	return NQ_OK;
}

/* beyond n = 16 a made-up number, not a bent one */
static int count_solve(const nq_job *job, nq_result *res)
{
	res->solutions = job->inst->n > 16 ? 123456788
			 : honest_count(job->inst, 1) + 2;
	return NQ_OK;
}

static int odd_solve(const nq_job *job, nq_result *res)
{
	res->solutions = job->inst->n > 16 ? 123456789
			 : honest_count(job->inst, 1) + 1;
	return NQ_OK;
}

static int none_solve(const nq_job *job, nq_result *res)
{
	(void)job;
	res->solutions = 0;
	return NQ_OK;
}

/* first mode: row 1's queen off the board; count mode: honest, or off
 * by `by` (x 1000 beyond n = 16) */
static int off_solve(const nq_job *job, nq_result *res, int by)
{
	const nq_instance *in = job->inst;
	int i;

	if (in->mode == NQ_MODE_FIRST) {
		for (i = 0; i < in->n; i++)
			res->placement[i] = i ? (2 * i + 1) % in->n : in->n;
		res->solutions = 1;
	} else {
		res->solutions = in->n > 16 ? (unsigned long long)in->n +
			1000 * (unsigned long long)(by + 2) / 2
			: honest_count(in, 1) + (unsigned long long)by;
	}
	return NQ_OK;
}

static int off0_solve(const nq_job *job, nq_result *res)
{
	return off_solve(job, res, 0);
}

static int off2_solve(const nq_job *job, nq_result *res)
{
	return off_solve(job, res, 2);
}

static int hinted_solve(const nq_job *job, nq_result *res)
{
	if (job->inst->n > 16)
		return NQ_ERR;
	res->solutions = honest_count(job->inst, 0);
	return NQ_OK;
}

#define LIAR(var, name, summary, max_n, solve) \
	static const nq_solver var = { NQ_ABI_VERSION, sizeof(nq_solver), \
		name, summary, NULL, NULL, max_n, solve, NULL, NULL }
LIAR(fixed, "liar-fixed", "always the same placement", first_only,
     fixed_solve);
LIAR(count, "liar-count", "the true count plus 2", count_only, count_solve);
LIAR(odd, "liar-odd", "the true count plus 1", count_only, odd_solve);
LIAR(none, "liar-none", "never a placement", any_n, none_solve);
LIAR(hinted, "liar-hinted", "the count without the hints", count_only,
     hinted_solve);
LIAR(off, "liar-off", "a queen off the board, then the true count", any_n,
     off0_solve);
LIAR(off2, "liar-off2", "a queen off the board, then the count plus 2",
     any_n, off2_solve);

/* Counts in parts (ABI 4): its work units are row 0's columns, so part
 * k of P is the placements with row 0's queen in a column c with
 * c % P == k; honest in every part but the first, which has 2 more. Past
 * n = 16 the parts are made up (their sum 123456790 is no count of
 * anything). */
static long liar_units(const nq_optval *opt, int n)
{
	(void)opt;
	return n;
}

/* part in->part of the honest count, or a made-up one past n = 16 */
static unsigned long long honest_part(const nq_instance *in)
{
	int parts = in->parts > 1 ? in->parts : 1, c, fixed[32], i;
	unsigned long long total = 0;

	if (in->n > 16)
		return 123456790 / (unsigned long long)parts +
		       (in->part == 0 ? 123456790 % parts : 0);
	for (i = 0; i < 32; i++)
		fixed[i] = -1;
	for (c = in->part; c < in->n; c += parts) {
		fixed[0] = c;
		total += rows(in->n, 0, fixed, 0, 0, 0);
	}
	return total;
}

static int parts_solve(const nq_job *job, nq_result *res)
{
	const nq_instance *in = job->inst;

	res->solutions = honest_part(in) +
			 (in->n <= 16 && in->part == 0 ? 2 : 0);
	return NQ_OK;
}

/* The counts right; a false count up to symmetry in one part, which a
 * sum of the parts' unique counts cannot check while the others give
 * none (res->unique stays NQ_UNIQUE_NA there). */
static int parts_unique_solve(const nq_job *job, nq_result *res)
{
	const nq_instance *in = job->inst;

	res->solutions = honest_part(in);
	if (in->part == 0)
		res->unique = in->n > 16 ? res->solutions + 1 : 1792;
	return NQ_OK;
}

static int parts_usum_solve(const nq_job *job, nq_result *res)
{
	const nq_instance *in = job->inst;

	res->solutions = honest_part(in);
	if (in->part < 2)
		res->unique = 900;
	return NQ_OK;
}

static const nq_solver liar_parts = {
	NQ_ABI_VERSION, sizeof(nq_solver), "liar-parts",
	"counts in parts, 2 too many in the first", NULL, NULL, count_only,
	parts_solve, NULL, liar_units
};

static int parts_crash_solve(const nq_job *job, nq_result *res)
{
	if (job->inst->part == 1 && getenv("LIAR_CRASH"))
		abort();
	return parts_solve(job, res);
}

static const nq_solver liar_parts_crash = {
	NQ_ABI_VERSION, sizeof(nq_solver), "liar-parts-crash",
	"as liar-parts, and part 2 dies under LIAR_CRASH", NULL, NULL,
	count_only, parts_crash_solve, NULL, liar_units
};

/* pairwise, except on 2-square lines (the corner diagonals) */
static int lie_amo(const nq_cnf_sink *sink, const int *lits, int k)
{
	int i, j;

	if (k == 2)
		return NQ_OK;
	for (i = 0; i < k; i++)
		for (j = i + 1; j < k; j++) {
			sink->add(sink->ctx, -lits[i]);
			sink->add(sink->ctx, -lits[j]);
			sink->add(sink->ctx, 0);
		}
	return NQ_OK;
}

static const nq_cnf_encoder lie = {
	NQ_ABI_VERSION, sizeof(nq_cnf_encoder), "lie",
	"pairwise without the corner diagonals' at-most-one", lie_amo, NULL
};

static const nq_solver liar_parts_unique = {
	NQ_ABI_VERSION, sizeof(nq_solver), "liar-parts-unique",
	"counts in parts, the first part's count up to symmetry too big",
	NULL, NULL, count_only, parts_unique_solve, NULL, liar_units
};

static const nq_solver liar_parts_usum = {
	NQ_ABI_VERSION, sizeof(nq_solver), "liar-parts-usum",
	"counts in parts, two parts' counts up to symmetry too big together",
	NULL, NULL, count_only, parts_usum_solve, NULL, liar_units
};

static const nq_solver *const solvers[] = {
	&fixed, &count, &odd, &none, &hinted, &off, &off2, &liar_parts,
	&liar_parts_crash, &liar_parts_unique, &liar_parts_usum, NULL
};
static const nq_cnf_encoder *const cnf[] = { &lie, NULL };
static const nq_plugin plugin = {
	NQ_ABI_VERSION, sizeof(nq_plugin), "liars",
	"lying solvers and a lying encoding, for the validator's tests",
	solvers, cnf, NULL
};

NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void)
{
	return &plugin;
}
