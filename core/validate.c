/*
 * validate.c - the one validator; see validate.h.
 *
 * The ledger keys instances by n and hint set (not by mode: a count of
 * zero and a first-mode "none" are the same fact). For each it keeps
 * what is known before any answer (the tables, the validator's own
 * count, the mirror rule) and every answer given, with what the answer's
 * own checks found. Each new answer re-derives every verdict on its
 * instance from all of them (settle()), so no verdict depends on the
 * order answers came in.
 */
#include <stdarg.h>
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

/* ---- the validator's own count ---- */

/* Rows from `r` on, with the given columns and diagonals taken. Hinted
 * rows have their queen fixed. Written for reading, not for speed: it
 * only ever sees n <= NQ_REFERENCE_MAX_N. */
static uint64_t ref_rows(int n, int r, const int *fixed, char *col,
			 char *diag, char *anti)
{
	uint64_t total = 0;
	int c;

	if (r == n)
		return 1;
	for (c = 0; c < n; c++) {
		if (fixed[r] >= 0 && c != fixed[r])
			continue;
		if (col[c] || diag[r + c] || anti[r - c + n - 1])
			continue;
		col[c] = diag[r + c] = anti[r - c + n - 1] = 1;
		total += ref_rows(n, r + 1, fixed, col, diag, anti);
		col[c] = diag[r + c] = anti[r - c + n - 1] = 0;
	}
	return total;
}

int nq_reference_count(const nq_instance *in, uint64_t *count)
{
	int fixed[NQ_REFERENCE_MAX_N];
	char col[NQ_REFERENCE_MAX_N] = { 0 };
	char diag[2 * NQ_REFERENCE_MAX_N] = { 0 };
	char anti[2 * NQ_REFERENCE_MAX_N] = { 0 };
	int i;

	if (in->n < 1 || in->n > NQ_REFERENCE_MAX_N)
		return -1;
	for (i = 0; i < in->n; i++)
		fixed[i] = -1;
	for (i = 0; i < in->nhints; i++) {
		const nq_square *h = &in->hints[i];

		if (h->row < 0 || h->row >= in->n || h->col < 0 ||
		    h->col >= in->n || (fixed[h->row] >= 0 &&
					fixed[h->row] != h->col)) {
			*count = 0; /* no placement keeps these hints */
			return 0;
		}
		fixed[h->row] = h->col;
	}
	*count = ref_rows(in->n, 0, fixed, col, diag, anti);
	return 0;
}

/* ---- the ledger ---- */

/* What is known about one instance before any answer, and its answers. */
struct entry {
	int n;
	int nhints;
	nq_square *hints;      /* sorted by row, then column */
	int has_count;         /* count is proved (table or own count) */
	uint64_t count;
	const char *count_src; /* "oeis" or "counter" */
	const char *count_who; /* for messages */
	int exists;            /* -1 unknown, 0 none, 1 a placement exists */
	const char *exists_who;
	int even;              /* counts must be even (mirror symmetry) */
	long *ids;             /* its answers */
	size_t nids, cap;
	struct entry *next;
};

struct claim {
	struct entry *e;
	char who[96];
	size_t aid;            /* index in e->ids of the approach's first */
	enum nq_mode mode;
	int placement;         /* a first-mode placement, checked */
	uint64_t value;        /* the count; 0 for a claim of none */
	uint64_t unique;       /* NQ_UNIQUE_NA when not given */
	int proved_wrong;      /* by a check of its own (below) */
	char own_checked[24];
	char own_why[256];
	nq_verdict v;
};

struct nq_ledger {
	struct entry *head;
	struct claim *claims;
	size_t nclaims, cap;
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
		free(e->ids);
		free(e);
	}
	free(l->claims);
	free(l);
}

static int by_square(const void *a, const void *b)
{
	const nq_square *x = a, *y = b;

	if (x->row != y->row)
		return (x->row > y->row) - (x->row < y->row);
	return (x->col > y->col) - (x->col < y->col);
}

/* 1 when the sorted hint set h[] maps onto itself under `flip` (0: left
 * to right, 1: top to bottom). */
static int hints_symmetric(int n, const nq_square *h, int k, int flip)
{
	int i;

	for (i = 0; i < k; i++) {
		nq_square m = h[i];

		if (flip)
			m.row = n - 1 - m.row;
		else
			m.col = n - 1 - m.col;
		if (!bsearch(&m, h, (size_t)k, sizeof *h, by_square))
			return 0;
	}
	return 1;
}

/* What is known of an instance before any answer. */
static void entry_facts(struct entry *e)
{
	nq_instance in = { e->n, NQ_MODE_COUNT, e->nhints, e->hints };

	e->exists = -1;
	if (e->nhints == 0) {
		/* a placement exists for n = 1 and every n >= 4 */
		e->exists = e->n == 2 || e->n == 3 ? 0 : 1;
		e->exists_who = e->exists ? "known results (a placement "
					    "exists for n = 1 and n >= 4)"
					  : "known results (none for n = 2, 3)";
		if (nq_known_count(e->n, &e->count) == 0) {
			e->has_count = 1;
			e->count_src = "oeis";
			e->count_who = "OEIS A000170";
		}
	}
	if (!e->has_count && nq_reference_count(&in, &e->count) == 0) {
		e->has_count = 1;
		e->count_src = "counter";
		e->count_who = "the validator's own count";
	}
	if (e->has_count) {
		e->exists = e->count > 0;
		e->exists_who = e->count_who;
	}
	/* For n >= 2 no placement is its own mirror image (its queens would
	 * all stand on the middle column, or share columns), so placements
	 * pair up whenever the hints are their own mirror image. */
	e->even = e->n >= 2 && (hints_symmetric(e->n, e->hints, e->nhints, 0) ||
				hints_symmetric(e->n, e->hints, e->nhints, 1));
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
	qsort(sorted, (size_t)in->nhints, sizeof *sorted, by_square);
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
	entry_facts(e);
	e->next = l->head;
	l->head = e;
	return e;
}

static void set_verdict(struct claim *c, nq_status st, const char *checked,
			const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void set_verdict(struct claim *c, nq_status st, const char *checked,
			const char *fmt, ...)
{
	va_list ap;

	c->v.status = st;
	snprintf(c->v.checked, sizeof c->v.checked, "%s", checked);
	va_start(ap, fmt);
	vsnprintf(c->v.note, sizeof c->v.note, fmt, ap);
	va_end(ap);
}

/* An upper bound on the placements of an instance, where one is cheap:
 * for pre-placed queens, those of the board without them (OEIS A000170),
 * and the orders of the free rows, (n - k)!, while it fits. -1 when
 * neither applies. */
static int count_bound(const nq_instance *in, uint64_t *bound)
{
	uint64_t f = 1, total;
	int i, free_rows = in->n - in->nhints, have = 0;

	if (free_rows >= 0 && free_rows <= 20) {
		for (i = 2; i <= free_rows; i++)
			f *= (uint64_t)i;
		*bound = f;
		have = 1;
	}
	if (in->nhints && nq_known_count(in->n, &total) == 0 &&
	    (!have || total < *bound)) {
		*bound = total;
		have = 1;
	}
	return have ? 0 : -1;
}

/* The checks an answer passes or fails on its own, with what is known of
 * its instance: placement, counts against the tables and plausibility. */
static void own_checks(const struct entry *e, const nq_instance *in,
		       const nq_result *res, struct claim *c)
{
	char *why = c->own_why;
	size_t len = sizeof c->own_why;
	uint64_t u = res->unique, t = res->solutions, known;

#define PROVED_WRONG(chk) \
	(c->proved_wrong = 1, \
	 snprintf(c->own_checked, sizeof c->own_checked, "%s", chk))
	if (in->mode == NQ_MODE_FIRST) {
		if (t > 1) {
			snprintf(why, len, "first mode answered %llu solutions, "
				 "expected 1 or 0", (unsigned long long)t);
			PROVED_WRONG("plausible");
		} else if (t == 1) {
			c->placement = 1;
			if (!res->placement) {
				snprintf(why, len, "found a placement but "
					 "sent none");
				PROVED_WRONG("placement");
			} else if (nq_check_placement(in, res->placement, why,
						      len)) {
				PROVED_WRONG("placement");
			}
		}
		return;
	}
	if (u == NQ_UNIQUE_NA) {
		/* nothing more to check on its own */
	} else if (in->nhints) {
		snprintf(why, len, "gave a count up to symmetry (%llu) for an "
			 "instance with pre-placed queens",
			 (unsigned long long)u);
		PROVED_WRONG("plausible");
		return;
	} else if (nq_known_unique(in->n, &known) == 0 && u != known) {
		snprintf(why, len, "counted %llu placements up to symmetry, "
			 "expected %llu (per OEIS A002562)",
			 (unsigned long long)u, (unsigned long long)known);
		PROVED_WRONG("oeis");
		return;
	} else if (u > t || t / 8 > u || (t / 8 == u && t % 8) ||
		   (in->n >= 2 && t / 2 < u)) {
		/* each class of the 8 symmetries holds 1 to 8 placements,
		 * and for n >= 2 at least 2 (a placement and its mirror) */
		snprintf(why, len, "counted %llu placements and %llu up to "
			 "symmetry: each class holds %s8 placements, so %llu "
			 "classes hold %llu to %llu",
			 (unsigned long long)t, (unsigned long long)u,
			 in->n >= 2 ? "2 to " : "1 to ", (unsigned long long)u,
			 (unsigned long long)(in->n >= 2 ? 2 * u : u),
			 (unsigned long long)(8 * u));
		PROVED_WRONG("plausible");
		return;
	}
	if (e->has_count)
		return; /* the count itself decides, and says more */
	if (e->even && t % 2) {
		snprintf(why, len, "counted %llu, an odd number: for n >= 2 "
			 "placements pair up with their mirror images%s",
			 (unsigned long long)t,
			 in->nhints ? " (these pre-placed queens are their own "
				      "mirror image)" : "");
		PROVED_WRONG("plausible");
		return;
	}
	if (count_bound(in, &known) == 0 && t > known) {
		snprintf(why, len, "counted %llu, more than there can be: at "
			 "most %llu (%s)", (unsigned long long)t,
			 (unsigned long long)known, in->nhints
			 ? "the placements of the board without its pre-placed "
			   "queens, or the orders of the free rows"
			 : "the orders of n rows, n!");
		PROVED_WRONG("plausible");
	}
#undef PROVED_WRONG
}

static void value_text(const struct claim *c, char *buf, size_t len)
{
	if (c->mode == NQ_MODE_FIRST && !c->placement)
		snprintf(buf, len, "none");
	else if (c->mode == NQ_MODE_FIRST)
		snprintf(buf, len, "a placement");
	else if (c->unique != NQ_UNIQUE_NA)
		snprintf(buf, len, "%llu (%llu up to symmetry)",
			 (unsigned long long)c->value,
			 (unsigned long long)c->unique);
	else
		snprintf(buf, len, "%llu", (unsigned long long)c->value);
}

/* Step 1: what is proved (the instance's facts, valid placements). 1
 * when it decided the claim. */
static int settle_by_proof(const struct entry *e, struct claim *c,
			   const struct claim *placed)
{
	if (c->proved_wrong) {
		set_verdict(c, NQ_ST_WRONG, c->own_checked, "%s", c->own_why);
		return 1;
	}
	if (c->placement) {
		set_verdict(c, NQ_ST_OK, "placement", "%s", "");
		return 1;
	}
	if (e->has_count && c->mode == NQ_MODE_COUNT) {
		if (c->value == e->count)
			set_verdict(c, NQ_ST_OK, e->count_src, "%s", "");
		else
			set_verdict(c, NQ_ST_WRONG, e->count_src,
				    "counted %llu, expected %llu (per %s)",
				    (unsigned long long)c->value,
				    (unsigned long long)e->count,
				    e->count_who);
		return 1;
	}
	if (c->value == 0 && (placed || e->exists == 1)) {
		/* what was known before any answer is named first */
		const char *by = e->exists == 1 ? e->exists_who : placed->who;
		const char *chk = e->exists != 1 ? "placement"
				  : e->count_src ? e->count_src : "known";

		if (c->mode == NQ_MODE_FIRST)
			set_verdict(c, NQ_ST_WRONG, chk, "claims no placement "
				    "exists, but one does (per %s)", by);
		else
			set_verdict(c, NQ_ST_WRONG, chk, "counted 0, but a "
				    "placement exists (per %s)", by);
		return 1;
	}
	if (e->exists == 0) {
		if (c->value == 0)
			set_verdict(c, NQ_ST_OK, e->count_src ? e->count_src
				    : "known", "%s", "");
		else
			set_verdict(c, NQ_ST_WRONG, e->count_src ? e->count_src
				    : "known", "counted %llu, but there is no "
				    "placement (per %s)",
				    (unsigned long long)c->value,
				    e->exists_who);
		return 1;
	}
	return 0;
}

static int disagree(const struct claim *a, const struct claim *b)
{
	return a->value != b->value || (a->unique != NQ_UNIQUE_NA &&
					 b->unique != NQ_UNIQUE_NA &&
					 a->unique != b->unique);
}

/* Bring every verdict on entry e up to date. O(k^2) for k answers. */
static void settle(nq_ledger *l, struct entry *e)
{
	const struct claim *placed = NULL;
	size_t k = e->nids, i, j;
	char *open = calloc(k, 1), *lost = calloc(k, 1);
	size_t *seen = calloc(k, sizeof *seen);

	if (!open || !lost || !seen)
		goto out; /* the verdicts so far stand; the next add retries */
	for (i = 0; i < k && !placed; i++) {
		const struct claim *c = &l->claims[e->ids[i]];

		if (c->placement && !c->proved_wrong)
			placed = c;
	}
	/* 1. what is proved */
	for (i = 0; i < k; i++)
		open[i] = !settle_by_proof(e, &l->claims[e->ids[i]], placed);
	/* 2. an approach proved wrong here loses its word here */
	for (i = 0; i < k; i++)
		if (l->claims[e->ids[i]].v.status == NQ_ST_WRONG)
			for (j = 0; j < k; j++)
				if (l->claims[e->ids[j]].aid ==
				    l->claims[e->ids[i]].aid)
					lost[j] = 1;
	/* 3. the answers nothing proved, held to each other; seen[aid] ==
	 * i + 1 marks an approach already counted for answer i */
	for (i = 0; i < k; i++) {
		struct claim *c = &l->claims[e->ids[i]];
		char others[200] = "", val[64];
		size_t used = 0, agree = 0, differ = 0;

		if (!open[i])
			continue;
		for (j = 0; j < k; j++) {
			const struct claim *d = &l->claims[e->ids[j]];

			if (j == i || !open[j] || lost[j])
				continue;
			if (!disagree(c, d)) {
				if (d->aid != c->aid && seen[d->aid] != i + 1)
					agree++;
				seen[d->aid] = i + 1;
			}
		}
		for (j = 0; j < k; j++) {
			const struct claim *d = &l->claims[e->ids[j]];

			if (j == i || !open[j] || lost[j] || !disagree(c, d))
				continue;
			differ++;
			if (seen[d->aid] == i + 1 + k || used >= sizeof others - 1)
				continue; /* this approach is named already */
			seen[d->aid] = i + 1 + k;
			value_text(d, val, sizeof val);
			used += (size_t)snprintf(others + used,
						 sizeof others - used,
						 "%s%s says %s", used ? ", " : "",
						 d->who, val);
		}
		value_text(c, val, sizeof val);
		if (differ && lost[i])
			set_verdict(c, NQ_ST_WRONG, "agrees:0", "says %s, but "
				    "%s; its word is lost here: it was proved "
				    "wrong on this instance", val, others);
		else if (differ)
			set_verdict(c, NQ_ST_DISPUTED, "", "disputed: says %s, "
				    "but %s; nothing decides which is right",
				    val, others);
		else if (agree)
			set_verdict(c, NQ_ST_OK, "", "%s", "");
		else
			set_verdict(c, NQ_ST_OK, "none", "nothing checked this "
				    "answer (no table, no other approach gave "
				    "one)%s", lost[i] ? "; and this approach "
				    "was proved wrong on this instance" : "");
		if (c->v.checked[0] == '\0' || differ)
			snprintf(c->v.checked, sizeof c->v.checked,
				 "agrees:%zu", agree);
	}
out:
	free(open);
	free(lost);
	free(seen);
}

long nq_ledger_add(nq_ledger *l, const nq_instance *in, const char *who,
		   const nq_result *res)
{
	struct entry *e = lookup(l, in);
	struct claim *c;
	long id;

	if (!e)
		return -1;
	if (l->nclaims == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		struct claim *p = realloc(l->claims, cap * sizeof *p);

		if (!p)
			return -1;
		l->claims = p;
		l->cap = cap;
	}
	if (e->nids == e->cap) {
		size_t cap = e->cap ? 2 * e->cap : 8;
		long *p = realloc(e->ids, cap * sizeof *p);

		if (!p)
			return -1;
		e->ids = p;
		e->cap = cap;
	}
	id = (long)l->nclaims++;
	e->ids[e->nids++] = id;
	c = &l->claims[id];
	memset(c, 0, sizeof *c);
	c->e = e;
	snprintf(c->who, sizeof c->who, "%s", who);
	for (c->aid = 0; c->aid + 1 < e->nids; c->aid++)
		if (!strcmp(l->claims[e->ids[c->aid]].who, who))
			break;
	c->mode = in->mode;
	c->value = res->solutions;
	c->unique = in->mode == NQ_MODE_COUNT ? res->unique : NQ_UNIQUE_NA;
	own_checks(e, in, res, c);
	settle(l, e);
	return id;
}

const nq_verdict *nq_ledger_verdict(const nq_ledger *l, long id)
{
	return &l->claims[id].v;
}

const long *nq_ledger_peers(const nq_ledger *l, long id, size_t *count)
{
	const struct entry *e = l->claims[id].e;

	*count = e->nids;
	return e->ids;
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
