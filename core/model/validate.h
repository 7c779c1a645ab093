/*
 * validate.h - the one validator, which trusts no solver: the checks of
 * one answer.
 *
 * A placement is checked square by square; a count against OEIS A000170
 * (no hints), the validator's own count (small boards) and every other
 * approach's answer to the same instance, and a count up to symmetry
 * against OEIS A002562; a claim of "none" against known results and the
 * others. The ledger (core/ledger/verdicts.h) holds every answer and the
 * verdict on each.
 */
#ifndef NQ_VALIDATE_H
#define NQ_VALIDATE_H

#include <stddef.h>
#include <stdint.h>
#include "nq_plugin.h"
#include "experiment.h"
#include "status.h"

/* 0 when `placement` (placement[row] = col) is a valid answer to `inst`:
 * n queens, none attacking another, every hint kept, none on a blocked
 * square or an excluded line; otherwise -1 and `why` says which square
 * (and line) is at fault, 1-based; a row marked NQ_SOL_ROW_NONE or
 * NQ_SOL_ROW_MANY (a model read back, formats/solfile.h) is said to
 * hold no queen, or two or more. O(n + k) time, O(n) memory. */
int nq_check_placement(const nq_instance *inst, const int32_t *placement,
		       char *why, size_t len);

/* "row", "column" or "diagonal" when queens on squares a and b would
 * attack each other (a and b distinct), NULL when they would not. */
const char *nq_shared_line(nq_square a, nq_square b);

/* 0 when the k pre-placed queens h[] fit an n x n board and no two
 * share a row, column or diagonal; otherwise -1, `why` says so and
 * *bad_a, *bad_b are the indexes at fault (equal for one off the board).
 * O(k^2). */
int nq_check_hints(int n, const nq_square *h, int k, int *bad_a, int *bad_b,
		   char *why, size_t len);

/* 0 when the whole instance is well formed: the hints as
 * nq_check_hints; blocked squares on the board, none twice; excluded
 * diagonals and antidiagonals 0..2n-2, none twice; no hint on a blocked
 * square or an excluded line. Otherwise -1 and `why` says which entry,
 * 1-based. For generators and instance files (the experiment-file loader
 * checks entry by entry, to point at the node). O(k log k). */
int nq_check_instance(const nq_instance *in, char *why, size_t len);

/* Known totals, OEIS A000170 (n = 1..27): 0 with *count set, or -1. */
int nq_known_count(int n, uint64_t *count);
/* Known counts up to symmetry, OEIS A002562 (n = 1..27). */
int nq_known_unique(int n, uint64_t *count);

/* The validator's own count of the placements of a small instance
 * (n <= NQ_REFERENCE_MAX_N, any hints, blocked squares and excluded
 * lines): a plain backtracking search over
 * rows with column and diagonal bit masks (the squares a hint's queen
 * attacks taken out first), short enough to trust on sight. Once per
 * instance: the ledger keeps it with the instance's entry.
 * 0 with *count set, -1 when n is too large. */
#define NQ_REFERENCE_MAX_N 12
int nq_reference_count(const nq_instance *inst, uint64_t *count);

#endif
