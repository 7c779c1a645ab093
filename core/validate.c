/*
 * validate.c - the one validator; see validate.h.
 *
 * The ledger keys instances by n and hint set (not by mode: a count of
 * zero and a first-mode "none" are the same fact). For each key it keeps
 * what a checked answer proved: that a placement exists (a verified
 * placement, or a count > 0), and the count, with the approach that gave
 * it, so a disagreement names both sides.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "validate.h"

/* OEIS A000170: the number of placements of n queens, n = 1..27. */
static const uint64_t a000170[] = {
	1ULL, 0ULL, 0ULL, 2ULL, 10ULL, 4ULL, 40ULL, 92ULL, 352ULL, 724ULL,
	2680ULL, 14200ULL, 73712ULL, 365596ULL, 2279184ULL, 14772512ULL,
	95815104ULL, 666090624ULL, 4968057848ULL, 39029188884ULL,
	314666222712ULL, 2691008701644ULL, 24233937684440ULL,
	227514171973736ULL, 2207893435808352ULL, 22317699616364044ULL,
	234907967154122528ULL,
};

/* OEIS A002562: placements up to rotation and reflection, n = 1..27. */
static const uint64_t a002562[] = {
	1ULL, 0ULL, 0ULL, 1ULL, 2ULL, 1ULL, 6ULL, 12ULL, 46ULL, 92ULL,
	341ULL, 1787ULL, 9233ULL, 45752ULL, 285053ULL, 1846955ULL,
	11977939ULL, 83263591ULL, 621012754ULL, 4878666808ULL,
	39333324973ULL, 336376244042ULL, 3029242658210ULL,
	28439272956934ULL, 275986683743434ULL, 2789712466510289ULL,
	29363495934315694ULL,
};

int nq_known_unique(int n, uint64_t *count)
{
	if (n < 1 || n > (int)(sizeof a002562 / sizeof a002562[0]))
		return -1;
	*count = a002562[n - 1];
	return 0;
}

int nq_known_count(int n, uint64_t *count)
{
	if (n < 1 || n > (int)(sizeof a000170 / sizeof a000170[0]))
		return -1;
	*count = a000170[n - 1];
	return 0;
}

int nq_check_placement(const nq_instance *in, const int32_t *q,
		       char *why, size_t len)
{
	int n = in->n, r, i, rc = -1;
	/* who[line] = 1 + the row of the queen on that line, 0 if none */
	int *col = calloc((size_t)n, sizeof *col);
	int *diag = calloc((size_t)(2 * n), sizeof *diag);
	int *anti = calloc((size_t)(2 * n), sizeof *anti);

	if (!col || !diag || !anti) {
		snprintf(why, len, "validator out of memory at n=%d", n);
		goto out;
	}
	for (r = 0; r < n; r++) {
		int c = q[r];

		if (c < 0 || c >= n) {
			snprintf(why, len, "row %d has its queen off the board "
				 "(column %d)", r + 1, c + 1);
			goto out;
		}
		if (col[c]) {
			snprintf(why, len, "queens at %d:%d and %d:%d share a "
				 "column", col[c], c + 1, r + 1, c + 1);
			goto out;
		}
		if (diag[r + c]) {
			int r0 = diag[r + c] - 1;

			snprintf(why, len, "queens at %d:%d and %d:%d share a "
				 "diagonal", r0 + 1, q[r0] + 1, r + 1, c + 1);
			goto out;
		}
		if (anti[r - c + n - 1]) {
			int r0 = anti[r - c + n - 1] - 1;

			snprintf(why, len, "queens at %d:%d and %d:%d share a "
				 "diagonal", r0 + 1, q[r0] + 1, r + 1, c + 1);
			goto out;
		}
		col[c] = diag[r + c] = anti[r - c + n - 1] = r + 1;
	}
	for (i = 0; i < in->nhints; i++) {
		const nq_square *h = &in->hints[i];

		if (h->row < 0 || h->row >= n || q[h->row] != h->col) {
			snprintf(why, len, "pre-placed queen %d:%d is not kept",
				 h->row + 1, h->col + 1);
			goto out;
		}
	}
	rc = 0;
out:
	free(col);
	free(diag);
	free(anti);
	return rc;
}

/* ---- the ledger ---- */

struct entry {
	int n;
	int nhints;
	nq_square *hints;      /* sorted by row */
	int exists;            /* -1 unknown, 0 none, 1 some placement */
	char exists_who[96];
	int has_count;
	uint64_t count;
	char count_who[96];
	struct entry *next;
};

struct nq_ledger {
	struct entry *head;
};

nq_ledger *nq_ledger_new(void)
{
	return calloc(1, sizeof(nq_ledger));
}

void nq_ledger_free(nq_ledger *l)
{
	struct entry *e, *next;

	if (!l)
		return;
	for (e = l->head; e; e = next) {
		next = e->next;
		free(e->hints);
		free(e);
	}
	free(l);
}

static int by_row(const void *a, const void *b)
{
	const nq_square *x = a, *y = b;

	return (x->row > y->row) - (x->row < y->row);
}

/* The entry for this instance, created when new; NULL on no memory. */
static struct entry *lookup(nq_ledger *l, const nq_instance *in)
{
	size_t sz = (size_t)in->nhints * sizeof(nq_square);
	nq_square *sorted = malloc(sz ? sz : 1);
	struct entry *e;

	if (!sorted)
		return NULL;
	if (sz)
		memcpy(sorted, in->hints, sz);
	qsort(sorted, (size_t)in->nhints, sizeof *sorted, by_row);
	for (e = l->head; e; e = e->next)
		if (e->n == in->n && e->nhints == in->nhints &&
		    memcmp(e->hints, sorted, sz) == 0) {
			free(sorted);
			return e;
		}
	e = calloc(1, sizeof *e);
	if (!e) {
		free(sorted);
		return NULL;
	}
	e->n = in->n;
	e->nhints = in->nhints;
	e->hints = sorted;
	e->exists = -1;
	if (in->nhints == 0) {
		/* no hints: the published totals are the ground truth */
		if (nq_known_count(in->n, &e->count) == 0) {
			e->has_count = 1;
			snprintf(e->count_who, sizeof e->count_who, "OEIS A000170");
		}
		/* a placement exists for n = 1 and every n >= 4 */
		e->exists = in->n == 2 || in->n == 3 ? 0 : 1;
		snprintf(e->exists_who, sizeof e->exists_who, "%s",
			 e->exists ? "known results (a placement exists for "
				     "n = 1 and n >= 4)"
				   : "known results (none for n = 2, 3)");
	}
	e->next = l->head;
	l->head = e;
	return e;
}

int nq_validate(nq_ledger *l, const nq_instance *in, const char *who,
		const nq_result *res, char *why, size_t len)
{
	struct entry *e = lookup(l, in);

	if (!e) {
		snprintf(why, len, "validator out of memory");
		return -1;
	}
	if (in->mode == NQ_MODE_FIRST) {
		if (res->solutions > 1) {
			snprintf(why, len, "first mode answered %llu "
				 "solutions, expected 1 or 0",
				 (unsigned long long)res->solutions);
			return -1;
		}
		if (res->solutions == 1) {
			if (nq_check_placement(in, res->placement, why, len))
				return -1;
			/* a verified placement is proof: an earlier claim of
			 * none (or a count of 0) was wrong */
			if (e->exists == 0 || (e->has_count && e->count == 0)) {
				snprintf(why, len, "this placement proves %s "
					 "wrong (it claimed none)",
					 e->exists == 0 ? e->exists_who
							: e->count_who);
				e->exists = 1;
				e->has_count = 0;
				snprintf(e->exists_who, sizeof e->exists_who,
					 "%s", who);
				return 1;
			}
			if (e->exists != 1) {
				e->exists = 1;
				snprintf(e->exists_who, sizeof e->exists_who,
					 "%s", who);
			}
			return 0;
		}
		/* a claim of none */
		if (e->exists == 1) {
			snprintf(why, len, "claims no placement exists, but "
				 "one does (per %s)", e->exists_who);
			return -1;
		}
		if (e->has_count && e->count > 0) {
			snprintf(why, len, "claims no placement exists, but "
				 "%s counted %llu", e->count_who,
				 (unsigned long long)e->count);
			return -1;
		}
		if (e->exists == -1) {
			e->exists = 0;
			snprintf(e->exists_who, sizeof e->exists_who, "%s", who);
		}
		return 0;
	}

	/* count mode */
	if (res->unique != NQ_UNIQUE_NA) {
		uint64_t u;

		if (in->nhints) {
			snprintf(why, len, "gave a count up to symmetry (%llu) "
				 "for an instance with pre-placed queens",
				 (unsigned long long)res->unique);
			return -1;
		}
		if (nq_known_unique(in->n, &u) == 0 && res->unique != u) {
			snprintf(why, len, "counted %llu placements up to "
				 "symmetry, expected %llu (per OEIS A002562)",
				 (unsigned long long)res->unique,
				 (unsigned long long)u);
			return -1;
		}
	}
	if (e->has_count) {
		if (res->solutions != e->count) {
			snprintf(why, len, "counted %llu, expected %llu (per %s)",
				 (unsigned long long)res->solutions,
				 (unsigned long long)e->count, e->count_who);
			return -1;
		}
		return 0;
	}
	if (e->exists == 1 && res->solutions == 0) {
		snprintf(why, len, "counted 0, but a placement exists (per %s)",
			 e->exists_who);
		return -1;
	}
	if (e->exists == 0 && res->solutions > 0) {
		snprintf(why, len, "counted %llu, but %s found none",
			 (unsigned long long)res->solutions, e->exists_who);
		return -1;
	}
	e->has_count = 1;
	e->count = res->solutions;
	snprintf(e->count_who, sizeof e->count_who, "%s", who);
	if (e->exists == -1) {
		e->exists = res->solutions > 0;
		snprintf(e->exists_who, sizeof e->exists_who, "%s", who);
	}
	return 0;
}

const char *nq_shared_line(nq_square a, nq_square b)
{
	int dr = a.row - b.row, dc = a.col - b.col;

	return dr == 0 ? "row" : dc == 0 ? "column"
	       : (dr == dc || dr == -dc) ? "diagonal" : NULL;
}

int nq_check_hints(int n, const nq_square *h, int k, int *bad_a, int *bad_b,
		   char *why, size_t len)
{
	int i, j;

	for (i = 0; i < k; i++) {
		if (h[i].row < 0 || h[i].row >= n || h[i].col < 0 ||
		    h[i].col >= n) {
			*bad_a = *bad_b = i;
			snprintf(why, len, "pre-placed queen %d:%d is off the "
				 "%dx%d board (rows and columns run 1..%d)",
				 h[i].row + 1, h[i].col + 1, n, n, n);
			return -1;
		}
		for (j = 0; j < i; j++) {
			const char *line = nq_shared_line(h[j], h[i]);

			if (line) {
				*bad_a = j;
				*bad_b = i;
				snprintf(why, len, "pre-placed queens %d:%d and "
					 "%d:%d attack each other on a %s",
					 h[j].row + 1, h[j].col + 1,
					 h[i].row + 1, h[i].col + 1, line);
				return -1;
			}
		}
	}
	return 0;
}
