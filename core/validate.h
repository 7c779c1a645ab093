/*
 * validate.h - the one validator, which trusts no solver.
 *
 * A placement is checked square by square; a count against OEIS A000170
 * (no hints) and against every other approach's answer to the same
 * instance, and a count up to symmetry against OEIS A002562; a claim of "none" against known results and the others.
 * A ledger remembers, per instance (n and hints), what has been proved.
 */
#ifndef NQ_VALIDATE_H
#define NQ_VALIDATE_H

#include <stddef.h>
#include <stdint.h>
#include "nq_plugin.h"

/* 0 when `placement` (placement[row] = col) is a valid answer to `inst`;
 * otherwise -1 and `why` says which square is at fault. O(n) time and
 * memory. */
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

/* Known totals, OEIS A000170 (n = 1..27): 0 with *count set, or -1. */
int nq_known_count(int n, uint64_t *count);
/* Known counts up to symmetry, OEIS A002562 (n = 1..27). */
int nq_known_unique(int n, uint64_t *count);

typedef struct nq_ledger nq_ledger;
nq_ledger *nq_ledger_new(void);
void nq_ledger_free(nq_ledger *l);

/* Check one answer (res, from approach `who`). Returns 0 when right,
 * -1 when wrong with `why` filled, and 1 when right and a proof that an
 * earlier answer (already accepted) was wrong, with `why` naming it. A
 * right answer is recorded for the checks of later answers to the same
 * instance. */
int nq_validate(nq_ledger *l, const nq_instance *inst, const char *who,
		const nq_result *res, char *why, size_t len);

#endif
