/*
 * validate.h - the one validator, which trusts no solver.
 *
 * A placement is checked square by square; a count against OEIS A000170
 * (no hints), the validator's own count (small boards) and every other
 * approach's answer to the same instance, and a count up to symmetry
 * against OEIS A002562; a claim of "none" against known results and the
 * others. The ledger (below) holds every answer and the verdict on each.
 */
#ifndef NQ_VALIDATE_H
#define NQ_VALIDATE_H

#include <stddef.h>
#include <stdint.h>
#include "nq_plugin.h"
#include "runner.h"

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

/* The validator's own count of the placements of a small instance
 * (n <= NQ_REFERENCE_MAX_N, any hints): a plain backtracking search over
 * rows with column and diagonal flags, short enough to trust on sight.
 * 0 with *count set, -1 when n is too large. */
#define NQ_REFERENCE_MAX_N 12
int nq_reference_count(const nq_instance *inst, uint64_t *count);

/*
 * The ledger: every answer given to every instance (n and hint set; mode
 * does not matter, a count of 0 and a claim of "none" are one fact), and
 * the verdict on each, which a later answer to the same instance may
 * change. Verdicts never depend on the order answers arrive in:
 *
 * 1. What is proved decides first. A placement is checked square by
 *    square (a valid one proves a placement exists, an invalid one is
 *    wrong); a count is held to OEIS A000170 (no hints, n <= 27) or to
 *    the validator's own count (nq_reference_count); known results (a
 *    placement exists for n = 1 and n >= 4); and plausibility rules that
 *    hold for every board (a count is even when the hints are symmetric
 *    under a mirror, unique <= total <= 8 x unique). An answer these
 *    contradict is `wrong`.
 * 2. An approach proved wrong on an instance loses its word there: its
 *    other answers to that instance decide nothing, and are `wrong` where
 *    they differ from an answer still standing.
 * 3. The answers nothing proved are held to each other. When all agree
 *    they are `ok`, `checked` says by how many other approaches (or
 *    `none`, with a note, when nothing checked them); when any two
 *    differ, every answer that differs from another is `disputed`, and no
 *    answer wins by coming first or by a majority.
 */
typedef struct nq_ledger nq_ledger;
nq_ledger *nq_ledger_new(void);
void nq_ledger_free(nq_ledger *l);

typedef struct nq_verdict {
	nq_status status;    /* NQ_ST_OK, NQ_ST_WRONG or NQ_ST_DISPUTED */
	char checked[24];    /* oeis, counter, placement, known, plausible,
				agrees:K, none */
	char note[256];      /* why it is wrong or disputed, or a remark */
} nq_verdict;

/* Record one answer (res, from approach `who`) to `inst`; res->placement
 * is read now and not kept. Returns the answer's id (0, 1, 2, ... in the
 * order added), or -1 on no memory. The verdicts of this answer and of
 * every earlier answer to the same instance are brought up to date. */
long nq_ledger_add(nq_ledger *l, const nq_instance *inst, const char *who,
		   const nq_result *res);

/* An answer read back from a results file (resume, merge): as
 * nq_ledger_add, with no placement to check; `placement` says what the
 * row's own check found when it was measured: 1 a first-mode placement
 * that was valid, -1 one that was not (`why` says why), 0 unknown. */
long nq_ledger_add_recorded(nq_ledger *l, const nq_instance *inst,
			    const char *who, const nq_result *res,
			    int placement, const char *why);

/* Bulk adds: with `on`, adds do not settle verdicts; nq_ledger_settle
 * then settles every instance once. */
void nq_ledger_defer(nq_ledger *l, int on);
void nq_ledger_settle(nq_ledger *l);

/* The current verdict on answer `id`. */
const nq_verdict *nq_ledger_verdict(const nq_ledger *l, long id);

/* The ids of the answers to the same instance as `id` (itself included),
 * in the order added; *count is set. Valid until the next add. */
const long *nq_ledger_peers(const nq_ledger *l, long id, size_t *count);

#endif
