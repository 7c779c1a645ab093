/*
 * ledger.c - the ledger of answers and the verdict on each; see
 * validate.h for the rules.
 *
 * The ledger keys instances by n, hint set, blocked squares and excluded
 * lines (not by mode: a count of zero and a first-mode "none" are the
 * same fact), in a hash table, so
 * that a resume or a merge of a million rows finds each instance in O(1).
 * For each it keeps what is known before any answer (the tables, the
 * validator's own count, the mirror rule) and every answer given, with
 * what the answer's own checks found. settle() (ledger_settle.c)
 * re-derives every verdict on an instance from all of its answers, so no
 * verdict depends on the order answers came in; it runs after each add,
 * or once per instance touched when settling is deferred.
 *
 * A claim is kept small, as a million of them must fit beside the rest
 * of a merge: the approach's name is interned once per ledger, and the
 * texts are pointers, to static text or to a malloc'd string only where
 * there is something to say.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "order.h"
#include "instance.h"
#include "ledger_int.h"

nq_ledger *nq_ledger_new(void)
{
	return calloc(1, sizeof(nq_ledger));
}

void nq_ledger_free(nq_ledger *l)
{
	size_t i;

	if (!l)
		return;
	for (i = 0; i < l->tabcap; i++) {
		struct entry *e = l->tab[i];

		if (!e)
			continue;
		free(e->hints);
		free(e->lines);
		free(e->ids);
		free(e);
	}
	for (i = 0; l->owns && i < l->nclaims; i++) {
		nq_claim_note_free(&l->claims[i]);
		free(l->claims[i].own_why);
	}
	for (i = 0; i < l->nnames; i++)
		free(l->names[i]);
	for (i = 0; i < l->nagrees; i++)
		free(l->agrees[i]);
	free(l->agrees);
	free(l->entries);
	for (i = 0; i < l->ngroups; i++) {
		free(l->groups[i].value);
		free(l->groups[i].gone);
	}
	free(l->groups);
	free(l->grouptab);
	free(l->tab);
	free(l->names);
	free(l->nametab);
	free(l->claims);
	free(l->touched);
	free(l->items);
	free(l->stamp);
	free(l);
}

/* ---- instances ---- */

/* 1 when the sorted square set h[] maps onto itself under `flip` (0:
 * left to right, 1: top to bottom). */
static int squares_symmetric(int n, const nq_square *h, int k, int flip)
{
	int i;

	for (i = 0; i < k; i++) {
		nq_square m = h[i];

		if (flip)
			m.row = n - 1 - m.row;
		else
			m.col = n - 1 - m.col;
		if (!bsearch(&m, h, (size_t)k, sizeof *h, nq_cmp_square))
			return 0;
	}
	return 1;
}

/* 1 when the excluded lines map onto themselves under `flip`. A square
 * (r, c) has diagonal d = c - r + n - 1 and antidiagonal a = r + c.
 * Left to right, c -> n-1-c: its diagonal becomes 2n-2 - a and its
 * antidiagonal 2n-2 - d, so diagonal d is excluded after the mirror
 * exactly when antidiagonal 2n-2 - d was before. Top to bottom,
 * r -> n-1-r: the diagonal becomes a and the antidiagonal d. */
static int lines_symmetric(const struct entry *e, int flip)
{
	const int *d, *a;
	int i, x;

	if (e->ndiag != e->nanti)
		return 0;
	if (!e->lines)
		return 1; /* none of either */
	d = e->lines;
	a = e->lines + e->ndiag;
	for (i = 0; i < e->ndiag; i++) {
		x = flip ? d[i] : 2 * e->n - 2 - d[i];
		if (!bsearch(&x, a, (size_t)e->nanti, sizeof *a, nq_cmp_int))
			return 0;
	}
	return 1;
}

static int entry_symmetric(const struct entry *e, int flip)
{
	return squares_symmetric(e->n, e->hints, e->nhints, flip) &&
	       squares_symmetric(e->n, e->hints + e->nhints, e->nblocked,
				 flip) &&
	       lines_symmetric(e, flip);
}

/* The entry's instance, pointing into it. */
static nq_instance entry_instance(const struct entry *e)
{
	nq_instance in = {
		.n = e->n, .mode = NQ_MODE_COUNT,
		.nhints = e->nhints, .hints = e->hints,
		.nblocked = e->nblocked, .blocked = e->hints + e->nhints,
		.nexcl_diag = e->ndiag, .nexcl_anti = e->nanti,
		.excl_diag = e->lines, .excl_anti = e->lines ? e->lines +
							       e->ndiag : NULL,
	};

	return in;
}

/* What is known of an instance before any answer. */
static void entry_facts(struct entry *e)
{
	nq_instance in = entry_instance(e);

	e->exists = -1;
	if (e->nhints == 0 && !nq_instance_has_variants(&in)) {
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
	 * pair up whenever the instance (hints, blocked squares, excluded
	 * lines) is its own mirror image. */
	e->even = e->n >= 2 && (entry_symmetric(e, 0) || entry_symmetric(e, 1));
}

/* FNV-1a over n, the sorted hints and blocked squares and the excluded
 * lines, then a final mix so that the low
 * bits (the table's index) depend on every input bit. */
static uint64_t mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	return x ^ (x >> 33);
}

static uint64_t instance_hash(int n, int nhints, const nq_square *h, int k,
			      const int *lines, int nd, int na)
{
	uint64_t x = 0xcbf29ce484222325ULL;
	int i;

	x = (x ^ (uint32_t)n) * 0x100000001b3ULL;
	x = (x ^ (uint32_t)nhints) * 0x100000001b3ULL;
	for (i = 0; i < k; i++) {
		x = (x ^ (uint32_t)h[i].row) * 0x100000001b3ULL;
		x = (x ^ (uint32_t)h[i].col) * 0x100000001b3ULL;
	}
	/* the counts too: a hint and a blocked square are not one thing */
	x = (x ^ (uint32_t)nd) * 0x100000001b3ULL;
	x = (x ^ (uint32_t)na) * 0x100000001b3ULL;
	for (i = 0; i < nd + na; i++)
		x = (x ^ (uint32_t)lines[i]) * 0x100000001b3ULL;
	return mix(x);
}

/* Double the instance table (kept at most half full). -1 on no memory. */
static int grow_table(nq_ledger *l)
{
	size_t cap = l->tabcap ? 2 * l->tabcap : 64, i, j;
	struct entry **tab = calloc(cap, sizeof *tab);

	if (!tab)
		return -1;
	for (i = 0; i < l->tabcap; i++) {
		struct entry *e = l->tab[i];

		if (!e)
			continue;
		for (j = e->hash & (cap - 1); tab[j]; j = (j + 1) & (cap - 1))
			;
		tab[j] = e;
	}
	free(l->tab);
	l->tab = tab;
	l->tabcap = cap;
	return 0;
}

/* Sort a few squares by insertion (most often in order already:
 * qsort's setup would cost more than the sort), many with qsort. */
static void sort_squares(nq_square *q, size_t k)
{
	size_t i, j;

	if (k > 32) {
		qsort(q, k, sizeof *q, nq_cmp_square);
		return;
	}
	for (i = 1; i < k; i++) {
		nq_square x = q[i];

		for (j = i; j > 0 && nq_cmp_square(&q[j - 1], &x) > 0; j--)
			q[j] = q[j - 1];
		q[j] = x;
	}
}

/* The entry for this instance, created when new; NULL on no memory. The
 * squares (hints, then blocked squares) are sorted on the stack when few
 * (the common case: no malloc per add). */
static struct entry *lookup(nq_ledger *l, const nq_instance *in)
{
	nq_square local[32], *sorted = local;
	size_t nh = (size_t)in->nhints, nb = (size_t)in->nblocked;
	size_t k = nh + nb, sz = k * sizeof(nq_square), i;
	size_t nl = (size_t)in->nexcl_diag + (size_t)in->nexcl_anti;
	size_t lsz = nl * sizeof(int);
	int *lines = NULL;
	struct entry *e = NULL;
	uint64_t h;

	if (k > sizeof local / sizeof local[0] && !(sorted = malloc(sz)))
		return NULL;
	if (nl && !(lines = malloc(lsz)))
		goto out;
	if (nh)
		memcpy(sorted, in->hints, nh * sizeof *sorted);
	if (nb)
		memcpy(sorted + nh, in->blocked, nb * sizeof *sorted);
	sort_squares(sorted, nh);
	sort_squares(sorted + nh, nb);
	if (in->nexcl_diag)
		memcpy(lines, in->excl_diag, (size_t)in->nexcl_diag *
		       sizeof *lines);
	if (in->nexcl_anti)
		memcpy(lines + in->nexcl_diag, in->excl_anti,
		       (size_t)in->nexcl_anti * sizeof *lines);
	if (in->nexcl_diag > 1)
		qsort(lines, (size_t)in->nexcl_diag, sizeof *lines, nq_cmp_int);
	if (in->nexcl_anti > 1)
		qsort(lines + in->nexcl_diag, (size_t)in->nexcl_anti,
		      sizeof *lines, nq_cmp_int);
	h = instance_hash(in->n, in->nhints, sorted, (int)k, lines,
			  in->nexcl_diag, in->nexcl_anti);
	if (2 * (l->nentries + 1) > l->tabcap && grow_table(l))
		goto out;
	for (i = h & (l->tabcap - 1); l->tab[i]; i = (i + 1) & (l->tabcap - 1)) {
		e = l->tab[i];
		if (e->hash == h && e->n == in->n && e->nhints == in->nhints &&
		    e->nblocked == in->nblocked &&
		    e->ndiag == in->nexcl_diag && e->nanti == in->nexcl_anti &&
		    (!sz || memcmp(e->hints, sorted, sz) == 0) &&
		    (!lsz || memcmp(e->lines, lines, lsz) == 0))
			goto out;
	}
	if (l->nentries == l->entrycap) {
		size_t cap = l->entrycap ? 2 * l->entrycap : 64;
		struct entry **p = realloc(l->entries, cap * sizeof *p);

		if (!p)
			goto out; /* e is NULL here */
		l->entries = p;
		l->entrycap = cap;
	}
	e = calloc(1, sizeof *e);
	if (!e)
		goto out;
	e->hints = malloc(sz ? sz : 1);
	if (!e->hints) {
		free(e);
		e = NULL;
		goto out;
	}
	if (sz)
		memcpy(e->hints, sorted, sz);
	e->lines = lines; /* the entry keeps them */
	lines = NULL;
	e->n = in->n;
	e->nhints = in->nhints;
	e->nblocked = in->nblocked;
	e->ndiag = in->nexcl_diag;
	e->nanti = in->nexcl_anti;
	e->hash = h;
	entry_facts(e);
	l->tab[i] = e;
	l->entries[l->nentries++] = e;
	e->id = (uint32_t)l->nentries;
out:
	if (sorted != local)
		free(sorted);
	free(lines);
	return e;
}

/* ---- approach names ---- */

static uint64_t name_hash(const char *s)
{
	uint64_t x = 0xcbf29ce484222325ULL;

	while (*s)
		x = (x ^ (unsigned char)*s++) * 0x100000001b3ULL;
	return mix(x);
}

/* The id of approach `who`, interned when new: a claim holds 4 bytes
 * for its name, not a copy. -1 on no memory. */
static long intern(nq_ledger *l, const char *who)
{
	uint64_t h = name_hash(who);
	size_t i;

	if (2 * (l->nnames + 1) > l->nametabcap) {
		size_t cap = l->nametabcap ? 2 * l->nametabcap : 64, j;
		uint32_t *t = calloc(cap, sizeof *t);

		if (!t)
			return -1;
		for (j = 0; j < l->nnames; j++) {
			for (i = name_hash(l->names[j]) & (cap - 1); t[i];
			     i = (i + 1) & (cap - 1))
				;
			t[i] = (uint32_t)j + 1;
		}
		free(l->nametab);
		l->nametab = t;
		l->nametabcap = cap;
	}
	for (i = h & (l->nametabcap - 1); l->nametab[i];
	     i = (i + 1) & (l->nametabcap - 1))
		if (!strcmp(l->names[l->nametab[i] - 1], who))
			return (long)l->nametab[i] - 1;
	if (l->nnames == l->namecap) {
		size_t cap = l->namecap ? 2 * l->namecap : 16;
		char **p = realloc(l->names, cap * sizeof *p);
		uint32_t *s = realloc(l->stamp, cap * sizeof *s);

		if (p)
			l->names = p;
		if (s)
			l->stamp = s;
		if (!p || !s)
			return -1;
		memset(s + l->namecap, 0, (cap - l->namecap) * sizeof *s);
		l->namecap = cap;
	}
	if (!(l->names[l->nnames] = strdup(who)))
		return -1;
	l->nametab[i] = (uint32_t)l->nnames + 1;
	return (long)l->nnames++;
}

/* ---- an answer's own checks ---- */

/* An upper bound on the placements of an instance, where one is cheap:
 * for pre-placed queens, blocked squares or excluded lines, those of the
 * board without them (OEIS A000170: every placement of the instance is
 * one of the plain board), and the orders of the free rows, (n - k)!,
 * while it fits (blocked squares and excluded lines only take orders
 * away). -1 when neither applies. */
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
	if ((in->nhints || nq_instance_has_variants(in)) &&
	    nq_known_count(in->n, &total) == 0 &&
	    (!have || total < *bound)) {
		*bound = total;
		have = 1;
	}
	return have ? 0 : -1;
}

/* The checks an answer passes or fails on its own, with what is known of
 * its instance: placement, counts against the tables and plausibility.
 * What proved it wrong goes to c->own (nq_claim_set_own), why to `why`. */
static void own_checks(const struct entry *e, const nq_instance *in,
		       const nq_result *res, struct claim *c, char *why,
		       size_t len)
{
	uint64_t u = res->unique, t = res->solutions, known;

#define PROVED_WRONG(chk) nq_claim_set_own(c, chk)
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
	} else if (in->nhints || nq_instance_has_variants(in)) {
		snprintf(why, len, "gave a count up to symmetry (%llu) for an "
			 "instance with %s", (unsigned long long)u, in->nhints
			 ? "pre-placed queens" : "blocked squares or excluded "
			 "lines");
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
			 in->nhints || nq_instance_has_variants(in)
			 ? " (this instance's pre-placed queens, blocked "
			   "squares and excluded lines are their own mirror "
			   "image)" : "");
		PROVED_WRONG("plausible");
		return;
	}
	if (count_bound(in, &known) == 0 && t > known) {
		snprintf(why, len, "counted %llu, more than there can be: at "
			 "most %llu (%s)", (unsigned long long)t,
			 (unsigned long long)known,
			 in->nhints || nq_instance_has_variants(in)
			 ? "the placements of the board without its pre-placed "
			   "queens, blocked squares and excluded lines, or the "
			   "orders of the free rows"
			 : "the orders of n rows, n!");
		PROVED_WRONG("plausible");
	}
#undef PROVED_WRONG
}

/* ---- adding answers ---- */

/* The instance waits for the next nq_ledger_settle(). -1 on no memory. */
static int touch(nq_ledger *l, struct entry *e)
{
	if (e->touched)
		return 0;
	if (l->ntouched == l->touchcap) {
		size_t cap = l->touchcap ? 2 * l->touchcap : 64;
		struct entry **p = realloc(l->touched, cap * sizeof *p);

		if (!p)
			return -1;
		l->touched = p;
		l->touchcap = cap;
	}
	l->touched[l->ntouched++] = e;
	e->touched = 1;
	return 0;
}

#define LIVE 2 /* `placement` of add(): res->placement is there to check */

/* Room for one more claim: 0, or -1 on no memory. */
static int claims_room(nq_ledger *l)
{
	size_t cap;
	struct claim *p;

	if (l->nclaims < l->cap)
		return 0;
	cap = l->cap ? 2 * l->cap : 64;
	if (!(p = realloc(l->claims, cap * sizeof *p)))
		return -1;
	l->claims = p;
	l->cap = cap;
	return 0;
}

static long add(nq_ledger *l, const nq_instance *in, const char *who,
		const nq_result *res, int placement, const char *recorded_why)
{
	struct entry *e = lookup(l, in);
	struct claim c;
	char why[256] = "";
	long wid, id;

	if (!e || (wid = intern(l, who)) < 0)
		return -1;
	if (claims_room(l) < 0)
		return -1;
	if (e->nids == e->cap) {
		size_t cap = e->cap ? 2 * e->cap : 8;
		long *p = realloc(e->ids, cap * sizeof *p);

		if (!p)
			return -1;
		e->ids = p;
		e->cap = cap;
	}
	memset(&c, 0, sizeof c);
	c.entry = e->id;
	c.who = (uint32_t)wid;
	c.mode = (unsigned char)in->mode;
	c.value = res->solutions;
	c.unique = in->mode == NQ_MODE_COUNT ? res->unique : NQ_UNIQUE_NA;
	c.v.note = "";
	c.v.checked = "";
	if (placement != LIVE && in->mode == NQ_MODE_FIRST &&
	    res->solutions == 1) {
		/* the placement itself is not in a results file */
		c.placement = placement != 0;
		c.exists = placement == 0;
		if (placement < 0) {
			nq_claim_set_own(&c, "placement");
			snprintf(why, sizeof why, "%s", recorded_why &&
				 *recorded_why ? recorded_why : "the placement "
				 "was found invalid when it was measured");
		}
	} else {
		nq_result r = *res;

		if (placement != LIVE)
			r.placement = NULL;
		own_checks(e, in, &r, &c, why, sizeof why);
	}
	if (nq_claim_own(&c) && !(c.own_why = strdup(why)))
		return -1;
	if (c.own_why)
		l->owns = 1;
	id = (long)l->nclaims++;
	e->ids[e->nids++] = id;
	l->claims[id] = c;
	if (l->deferred || nq_settle_entry(l, e))
		/* no memory to settle now: the next settle retries */
		touch(l, e);
	return id;
}

long nq_ledger_new_claim(nq_ledger *l)
{
	if (claims_room(l) < 0)
		return -1;
	memset(&l->claims[l->nclaims], 0, sizeof *l->claims);
	l->claims[l->nclaims].v.note = "";
	l->claims[l->nclaims].v.checked = "";
	return (long)l->nclaims++;
}

const char *nq_ledger_agrees(nq_ledger *l, size_t k)
{
	if (k >= l->nagrees) {
		size_t n = k + 1 > 2 * l->nagrees ? k + 1 : 2 * l->nagrees, i;
		char **p = realloc(l->agrees, n * sizeof *p);

		if (!p)
			return NULL;
		l->agrees = p;
		for (i = l->nagrees; i < n; i++)
			if (!(p[i] = malloc(24)) ||
			    snprintf(p[i], 24, "agrees:%zu", i) < 0) {
				free(p[i]);
				l->nagrees = i;
				return NULL;
			}
		l->nagrees = n;
	}
	return l->agrees[k];
}

long nq_ledger_intern(nq_ledger *l, const char *who)
{
	return intern(l, who);
}

long nq_ledger_add(nq_ledger *l, const nq_instance *in, const char *who,
		   const nq_result *res)
{
	return add(l, in, who, res, LIVE, NULL);
}

long nq_ledger_add_recorded(nq_ledger *l, const nq_instance *in,
			    const char *who, const nq_result *res,
			    int placement, const char *why)
{
	return add(l, in, who, res, placement > 0 ? 1 : placement < 0 ? -1 : 0,
		   why);
}

void nq_ledger_defer(nq_ledger *l, int on)
{
	l->deferred = on != 0;
	if (!on)
		nq_ledger_settle(l);
}

int nq_ledger_settle(nq_ledger *l)
{
	size_t i, left = 0;

	for (i = 0; i < l->ntouched; i++) {
		struct entry *e = l->touched[i];

		if (nq_settle_entry(l, e))
			l->touched[left++] = e; /* kept for the next try */
		else
			e->touched = 0;
	}
	l->ntouched = left;
	return left ? -1 : 0;
}

const nq_verdict *nq_ledger_verdict(const nq_ledger *l, long id)
{
	return &l->claims[id].v;
}

uint64_t nq_ledger_answer(const nq_ledger *l, long id)
{
	return l->claims[id].value;
}

const long *nq_ledger_peers(const nq_ledger *l, long id, size_t *count)
{
	const struct entry *e = nq_claim_entry(l, &l->claims[id]);

	if (!e) { /* a part: no peers until nq_ledger_close_parts */
		*count = 0;
		return NULL;
	}
	*count = e->nids;
	return e->ids;
}
