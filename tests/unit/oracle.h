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

#endif
