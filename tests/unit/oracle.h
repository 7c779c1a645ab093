/*
 * oracle.h - the independent "oracles" the solver tests check against.
 *
 * Everything here trusts no code under test: the OEIS A000170 counts are
 * written out by hand, the placement checker and the brute-force counter
 * are plain loops of their own, and the result setup copies what the host
 * does rather than calling it. They live in tests/unit, not in the library,
 * so that a bug in the harness or a solver cannot also move the
 * expectations it is checked against.
 *
 * Header-only: each test program includes it after <cmocka.h>. The
 * functions are `static inline` so a test that uses only some of them
 * builds cleanly under -Werror.
 */
#ifndef NQ_TESTS_ORACLE_H
#define NQ_TESTS_ORACLE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "nq_plugin.h"

/* OEIS A000170, n = 1..12: placements of n non-attacking queens. */
static const uint64_t a000170[] = { 1, 0, 0, 2, 10, 4, 40, 92, 352, 724,
				    2680, 14200 };

/* 1 when p is n non-attacking queens, one per row, keeping the hints. */
static inline int placement_ok(int n, const int32_t *p,
			       const nq_square *hints, int nhints)
{
	for (int r = 0; r < n; r++) {
		if (p[r] < 0 || p[r] >= n)
			return 0;
		for (int s = 0; s < r; s++)
			if (p[s] == p[r] || abs(p[s] - p[r]) == r - s)
				return 0;
	}
	for (int h = 0; h < nhints; h++)
		if (p[hints[h].row] != hints[h].col)
			return 0;
	return 1;
}

/* Placements of n queens keeping the hints, by plain backtracking from
 * row; with stop set, returns at the first one, left in p. */
static inline uint64_t brute(int n, int row, int32_t *p,
			     const nq_square *hints, int nhints, int stop)
{
	uint64_t total = 0;
	int forced = -1;

	if (row == n)
		return 1;
	for (int h = 0; h < nhints; h++)
		if (hints[h].row == row)
			forced = hints[h].col;
	for (int c = 0; c < n; c++) {
		int s;

		if (forced >= 0 && c != forced)
			continue;
		for (s = 0; s < row; s++)
			if (p[s] == c || abs(p[s] - c) == row - s)
				break;
		if (s < row)
			continue;
		p[row] = c;
		total += brute(n, row + 1, p, hints, nhints, stop);
		if (stop && total)
			return total;
	}
	return total;
}

/* All placements of n queens keeping the hints (p is scratch, n entries). */
static inline uint64_t brute_count(int n, int row, int32_t *p,
				   const nq_square *hints, int nhints)
{
	return brute(n, row, p, hints, nhints, 0);
}

/* The result as the host hands it to a solver: cleared, NA where it
 * applies, placement allocated with n entries (left unset; the caller
 * frees it). */
static inline void host_result(nq_result *res, int n)
{
	memset(res, 0, sizeof *res);
	res->unique = NQ_UNIQUE_NA;
	res->vars = res->constraints = res->nonzeros = NQ_NA;
	res->nodes = res->decisions = res->conflicts = NQ_NA;
	res->iterations = NQ_NA;
	res->placement = malloc((size_t)n * sizeof *res->placement);
	assert_non_null(res->placement);
}

/* ------------------------------------------------------------------ */
/* The NP-complete variants (issue 12): completion ("placed": hints
 * only), blocked squares, excluded diagonals. Random small instances
 * from a seed, and a brute force that reads the instance's own lists
 * (not nq_board_forbidden, which is under test). */

/* Under AddressSanitizer (the second pass of `make test`) the oracle
 * tests take the first eighth of their instances: a memory error shows
 * on any instance, and the release pass has checked every answer of all
 * of them. It keeps the suite within minutes on two cores. */
#if defined(__SANITIZE_ADDRESS__)
#define ORACLE_SANITIZER_SHARE 8
#else
#define ORACLE_SANITIZER_SHARE 1
#endif

enum oracle_family { ORACLE_PLACED, ORACLE_BLOCKED, ORACLE_EXCLUDED };
#define ORACLE_MAX_N 10

/* An instance with its storage; `in` points into it. */
typedef struct oracle_inst {
	nq_instance in;
	nq_square hints[ORACLE_MAX_N];
	nq_square blocked[ORACLE_MAX_N * ORACLE_MAX_N];
	int diag[2 * ORACLE_MAX_N], anti[2 * ORACLE_MAX_N];
} oracle_inst;

/* splitmix64: a test's whole stream from one seed. */
static inline uint64_t oracle_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static inline int oracle_below(uint64_t *state, int k)
{
	return (int)(oracle_rand(state) % (uint64_t)k);
}

/* 1 when a queen on (r, c) and one on (r2, c2) attack each other. */
static inline int oracle_attack(int r, int c, int r2, int c2)
{
	return r == r2 || c == c2 || abs(r - r2) == abs(c - c2);
}

/* 1 when the instance says no queen may stand on (r, c). */
static inline int oracle_forbidden(const nq_instance *in, int r, int c)
{
	for (int i = 0; i < in->nblocked; i++)
		if (in->blocked[i].row == r && in->blocked[i].col == c)
			return 1;
	for (int i = 0; i < in->nexcl_diag; i++)
		if (in->excl_diag[i] == c - r + in->n - 1)
			return 1;
	for (int i = 0; i < in->nexcl_anti; i++)
		if (in->excl_anti[i] == r + c)
			return 1;
	return 0;
}

/* 1 when a hint attacks or stands on (r, c). */
static inline int oracle_hint_near(const oracle_inst *o, int r, int c)
{
	for (int h = 0; h < o->in.nhints; h++)
		if (oracle_attack(o->hints[h].row, o->hints[h].col, r, c))
			return 1;
	return 0;
}

/* Up to m queens, one at a time, each uniformly on a square no earlier
 * one attacks (the generator of Gent, Jefferson and Nightingale). */
static inline void oracle_place(oracle_inst *o, int m, uint64_t *state)
{
	int n = o->in.n;

	while (o->in.nhints < m) {
		int free_sq = 0, pick, r, c;

		for (int k = 0; k < n * n; k++)
			free_sq += !oracle_hint_near(o, k / n, k % n);
		if (!free_sq)
			return;
		pick = oracle_below(state, free_sq);
		for (int k = 0;; k++) {
			r = k / n;
			c = k % n;
			if (!oracle_hint_near(o, r, c) && pick-- == 0)
				break;
		}
		o->hints[o->in.nhints++] = (nq_square){ r, c };
	}
}

/* 1 when a hint stands on (r, c). */
static inline int oracle_hinted(const oracle_inst *o, int r, int c)
{
	for (int h = 0; h < o->in.nhints; h++)
		if (o->hints[h].row == r && o->hints[h].col == c)
			return 1;
	return 0;
}

/* 1 when a hint stands on diagonal d (is_anti 0) or antidiagonal a. */
static inline int oracle_line_hinted(const oracle_inst *o, int line,
				     int is_anti)
{
	for (int h = 0; h < o->in.nhints; h++) {
		const nq_square *q = &o->hints[h];

		if (line == (is_anti ? q->row + q->col
				     : q->col - q->row + o->in.n - 1))
			return 1;
	}
	return 0;
}

/* A random instance of a family, n in 1..ORACLE_MAX_N, as the loader
 * would hand it over: entries on the board, none twice, no hint on a
 * blocked square or an excluded line, lines ascending. Placed: up to n
 * queens. Blocked: up to two queens, then each other square blocked
 * with a probability drawn per instance (up to 60 %). Excluded: up to
 * two queens, then each line without one excluded with a probability
 * drawn per instance (up to 40 %); one in four also blocks a few
 * squares. */
static inline void oracle_random(oracle_inst *o, enum oracle_family fam,
				 enum nq_mode mode, uint64_t *state)
{
	int n = 1 + oracle_below(state, ORACLE_MAX_N), p, r, c, line;

	memset(o, 0, sizeof *o);
	o->in.n = n;
	o->in.mode = mode;
	o->in.hints = o->hints;
	o->in.blocked = o->blocked;
	o->in.excl_diag = o->diag;
	o->in.excl_anti = o->anti;
	oracle_place(o, fam == ORACLE_PLACED ? oracle_below(state, n + 1)
					     : oracle_below(state, 3), state);
	if (fam == ORACLE_BLOCKED ||
	    (fam == ORACLE_EXCLUDED && oracle_below(state, 4) == 0)) {
		p = fam == ORACLE_BLOCKED ? oracle_below(state, 61) : 10;
		for (r = 0; r < n; r++)
			for (c = 0; c < n; c++)
				if (!oracle_hinted(o, r, c) &&
				    oracle_below(state, 100) < p)
					o->blocked[o->in.nblocked++] =
						(nq_square){ r, c };
	}
	if (fam == ORACLE_EXCLUDED) {
		p = oracle_below(state, 41);
		for (line = 0; line < 2 * n - 1; line++) {
			if (!oracle_line_hinted(o, line, 0) &&
			    oracle_below(state, 100) < p)
				o->diag[o->in.nexcl_diag++] = line;
			if (!oracle_line_hinted(o, line, 1) &&
			    oracle_below(state, 100) < p)
				o->anti[o->in.nexcl_anti++] = line;
		}
	}
}

/* 1 when p is an answer to the instance: n non-attacking queens, one per
 * row, every hint kept, none on a blocked square or excluded line. */
static inline int oracle_placement_ok(const nq_instance *in, const int32_t *p)
{
	if (!placement_ok(in->n, p, in->hints, in->nhints))
		return 0;
	for (int r = 0; r < in->n; r++)
		if (oracle_forbidden(in, r, p[r]))
			return 0;
	return 1;
}

/* Every permutation (row r's queen in column p[r]) kept when it is an
 * answer, extended row by row so that a prefix that is already no answer
 * is dropped; with stop set, returns at the first, left in p. */
static inline uint64_t oracle_brute(const nq_instance *in, int row, int32_t *p,
				    int stop)
{
	uint64_t total = 0;

	if (row == in->n)
		return 1;
	for (int c = 0; c < in->n; c++) {
		int s, hinted = 0, other = 0;

		for (int h = 0; h < in->nhints; h++)
			if (in->hints[h].row == row) {
				hinted = 1;
				other = in->hints[h].col != c;
			}
		if ((hinted && other) || oracle_forbidden(in, row, c))
			continue;
		for (s = 0; s < row; s++)
			if (oracle_attack(s, p[s], row, c))
				break;
		if (s < row)
			continue;
		p[row] = c;
		total += oracle_brute(in, row + 1, p, stop);
		if (stop && total)
			return total;
	}
	return total;
}

/* The answers to the instance (its mode aside); n <= 16 (the random
 * ones stop at ORACLE_MAX_N, a test may go a little further). */
static inline uint64_t oracle_count(const nq_instance *in)
{
	int32_t p[16];

	assert_true(in->n >= 1 && in->n <= 16);
	return oracle_brute(in, 0, p, 0);
}

/* The instance in a message: "n=5 hints 1:2 blocked 3:3 diag 4 anti 2". */
static inline const char *oracle_describe(const nq_instance *in, char *buf,
					  size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "n=%d %s hints", in->n,
				       in->mode == NQ_MODE_COUNT ? "count"
								 : "first");

	for (int i = 0; i < in->nhints && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, " %d:%d",
					 in->hints[i].row + 1,
					 in->hints[i].col + 1);
	if (used < len)
		used += (size_t)snprintf(buf + used, len - used, " blocked");
	for (int i = 0; i < in->nblocked && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, " %d:%d",
					 in->blocked[i].row + 1,
					 in->blocked[i].col + 1);
	if (used < len)
		used += (size_t)snprintf(buf + used, len - used, " diag");
	for (int i = 0; i < in->nexcl_diag && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, " %d",
					 in->excl_diag[i]);
	if (used < len)
		used += (size_t)snprintf(buf + used, len - used, " anti");
	for (int i = 0; i < in->nexcl_anti && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, " %d",
					 in->excl_anti[i]);
	return buf;
}

/* One answer against the oracle (count: the number; first: a valid
 * placement when one exists, "none" only when none does). rc is the
 * solver's return code; who names the approach in a failure. */
static inline void oracle_check(const char *who, const nq_instance *in,
				int rc, const nq_result *res, uint64_t want)
{
	char buf[1024];

	if (rc != NQ_OK)
		fail_msg("%s: rc %d (%s) on %s", who, rc, res->note,
			 oracle_describe(in, buf, sizeof buf));
	if (in->mode == NQ_MODE_COUNT) {
		if (res->solutions != want)
			fail_msg("%s: counted %llu, the oracle %llu, on %s",
				 who, (unsigned long long)res->solutions,
				 (unsigned long long)want,
				 oracle_describe(in, buf, sizeof buf));
		return;
	}
	if (want ? res->solutions != 1 ||
		   !oracle_placement_ok(in, res->placement)
		 : res->solutions != 0)
		fail_msg("%s: solutions %llu (placement %s), the oracle "
			 "counts %llu, on %s", who,
			 (unsigned long long)res->solutions,
			 res->solutions == 1 &&
			 oracle_placement_ok(in, res->placement) ? "valid"
								 : "invalid",
			 (unsigned long long)want,
			 oracle_describe(in, buf, sizeof buf));
}

#endif
