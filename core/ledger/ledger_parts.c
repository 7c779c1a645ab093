/*
 * ledger_parts.c - counts in parts: the groups of parts, their sums, and
 * the verdict on each part (validate.h: nq_ledger_add_part).
 *
 * A part's count says nothing about the board on its own: a solver's
 * work units are its own, so two solvers' "part 3 of 16" are different
 * questions. What can be checked is the whole: when every part of one
 * approach's count (in one repeat) is in, the sum is an answer to the
 * whole board like any other, and goes into the ledger as one. A lying
 * part makes that approach's sum wrong (against A000170) or disputed
 * (against the others, where no table decides), never anyone else's.
 * A part whose run gave no answer (a crash, a timeout) leaves its group
 * incomplete: the parts that are in are `disputed` then, as the sum of
 * some parts checks nothing, until the missing one is made.
 *
 * What a part says can still be wrong on its own, and is said at once:
 * more placements than the whole board has (OEIS A000170), more classes
 * up to symmetry than the whole board has (A002562), or more classes than
 * placements (each class a part counts holds placements its count holds,
 * nq_plugin.h). Such a part makes its whole group `wrong` and its sum a
 * wrong answer to the board. The unique counts are summed like the
 * counts; when some parts give none, the sum has none, but what the
 * others give together is still held to A002562.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ledger_int.h"

#define UNANSWERED UINT64_MAX

static uint64_t group_hash(uint32_t who, int n, int parts, int rep)
{
	uint64_t h = 1469598103934665603ULL;
	uint64_t v[4] = { who, (uint64_t)n, (uint64_t)parts, (uint64_t)rep };
	int i;

	for (i = 0; i < 4; i++) {
		h ^= v[i];
		h *= 1099511628211ULL;
		h ^= h >> 29;
	}
	return h;
}

static void table_put(uint32_t *tab, size_t cap, const struct part_group *g,
		      uint32_t index)
{
	size_t i = group_hash(g->who, g->n, g->parts, g->rep) & (cap - 1);

	while (tab[i])
		i = (i + 1) & (cap - 1);
	tab[i] = index + 1;
}

/* The group of (who, n, parts, rep), made when new; NULL on no memory. */
static struct part_group *group_of(nq_ledger *l, uint32_t who, int n,
				   int parts, int rep, uint32_t *index)
{
	struct part_group *g;
	size_t i, k;

	if (l->grouptabcap) {
		i = group_hash(who, n, parts, rep) & (l->grouptabcap - 1);
		for (; l->grouptab[i]; i = (i + 1) & (l->grouptabcap - 1)) {
			g = &l->groups[l->grouptab[i] - 1];
			if (g->who == who && g->n == n && g->parts == parts &&
			    g->rep == rep) {
				*index = l->grouptab[i] - 1;
				return g;
			}
		}
	}
	if (2 * (l->ngroups + 1) > l->grouptabcap) {
		size_t cap = l->grouptabcap ? 2 * l->grouptabcap : 64;
		uint32_t *tab = calloc(cap, sizeof *tab);

		if (!tab)
			return NULL;
		for (k = 0; k < l->ngroups; k++)
			table_put(tab, cap, &l->groups[k], (uint32_t)k);
		free(l->grouptab);
		l->grouptab = tab;
		l->grouptabcap = cap;
	}
	if (l->ngroups == l->groupcap) {
		size_t cap = l->groupcap ? 2 * l->groupcap : 16;
		struct part_group *p = realloc(l->groups, cap * sizeof *p);

		if (!p)
			return NULL;
		l->groups = p;
		l->groupcap = cap;
	}
	g = &l->groups[l->ngroups];
	memset(g, 0, sizeof *g);
	g->who = who;
	g->n = n;
	g->parts = parts;
	g->rep = rep;
	g->sum_claim = -1;
	g->bad = -1;
	if (!(g->value = malloc((size_t)parts * sizeof *g->value)) ||
	    !(g->gone = calloc((size_t)parts, 1))) {
		free(g->value);
		return NULL;
	}
	for (k = 0; k < (size_t)parts; k++)
		g->value[k] = UNANSWERED;
	table_put(l->grouptab, l->grouptabcap, g, (uint32_t)l->ngroups);
	*index = (uint32_t)l->ngroups++;
	return g;
}

/* "part 3 of 16 gave no answer (crash)", and how many more did not */
static void gone_text(const struct part_group *g, char *buf, size_t len)
{
	int k;

	for (k = 0; k < g->parts && !g->gone[k]; k++)
		;
	snprintf(buf, len, "part %d of %d gave no answer (%s)%s", k + 1,
		 g->parts, nq_status_name((nq_status)(g->gone[k] - 1)),
		 g->ngone > 1 ? ", and more parts gave none" : "");
}

/* A part's verdict as its group stands: *c->v with an owned note. */
static int part_verdict(nq_ledger *l, struct claim *c)
{
	const struct part_group *g = &l->groups[c->group];
	char note[320], gone[96];

	if (nq_claim_own(c)) {
		/* proved wrong alone: said now, whatever else is in */
		c->v.status = NQ_ST_WRONG;
		c->v.checked = nq_claim_own(c);
		snprintf(note, sizeof note, "%s", c->own_why);
	} else if (g->bad >= 0) {
		const struct claim *b = &l->claims[g->bad];

		c->v.status = NQ_ST_WRONG;
		c->v.checked = nq_claim_own(b);
		snprintf(note, sizeof note, "another part of this count is "
			 "wrong, so the %d parts add up to no right answer: %s",
			 g->parts, b->own_why);
	} else if (g->ngone && !g->clash) {
		gone_text(g, gone, sizeof gone);
		c->v.status = NQ_ST_DISPUTED;
		c->v.checked = "none";
		snprintf(note, sizeof note, "incomplete: %s; the %d parts that "
			 "are in sum to %llu, no count of the board, so "
			 "nothing checks them (make the missing part again)",
			 gone, g->have, (unsigned long long)g->sum);
	} else if (g->clash) {
		c->v.status = NQ_ST_DISPUTED;
		c->v.checked = "none";
		snprintf(note, sizeof note, "a part of this count was "
			 "answered twice with different counts in repeat %d; "
			 "nothing says which is right, so the %d parts add "
			 "up to nothing", g->rep, g->parts);
	} else if (g->have < g->parts || g->sum_claim < 0) {
		c->v.status = NQ_ST_OK;
		c->v.checked = "none";
		if (g->have < g->parts)
			snprintf(note, sizeof note, "part of a count in %d "
				 "parts: %d not answered yet; their sum is "
				 "checked when all are in", g->parts,
				 g->parts - g->have);
		else
			snprintf(note, sizeof note, "the %d parts sum to "
				 "%llu, checked at the end", g->parts,
				 (unsigned long long)g->sum);
	} else {
		const nq_verdict *v = &l->claims[g->sum_claim].v;
		int used;

		c->v.status = v->status;
		c->v.checked = v->checked;
		used = snprintf(note, sizeof note, "the %d parts sum to %llu%s%s",
				g->parts, (unsigned long long)g->sum,
				v->note[0] ? ": " : "", v->note);
		if (g->unique_na && g->uparts && v->status == NQ_ST_OK &&
		    used >= 0 && (size_t)used < sizeof note)
			/* what the sum's verdict does not cover */
			snprintf(note + used, sizeof note - (size_t)used,
				 "%s%d of them counted up to symmetry (%llu "
				 "together), the others did not: those counts "
				 "are held to bounds only", v->note[0] ? "; "
				 : ": ", g->uparts,
				 (unsigned long long)g->usum);
	}
	nq_claim_note_free(c);
	if (!(c->v.note = strdup(note))) {
		c->v.note = "";
		return -1;
	}
	c->note_owned = 1;
	l->owns = 1;
	return 0;
}

/* What proves a part wrong on its own, with the whole board's tables:
 * c->own and c->own_why set (0), or nothing found (0), or -1 on
 * no memory. A part's unique counts classes whose placements its count
 * holds (nq_plugin.h), so it is at most the count; no more is asked of
 * it alone (how many placements a class leaves in one part is the
 * solver's own split). */
static int part_checks(const nq_instance *in, const nq_result *res,
		       struct claim *c)
{
	uint64_t t = res->solutions, u = res->unique, total;
	char why[256];

	if (nq_known_count(in->n, &total) == 0 && t > total) {
		snprintf(why, sizeof why, "part %d of %d counted %llu, more "
			 "than the whole board has (%llu, per OEIS A000170)",
			 in->part + 1, in->parts, (unsigned long long)t,
			 (unsigned long long)total);
		nq_claim_set_own(c, "oeis");
	} else if (u != NQ_UNIQUE_NA &&
		   nq_known_unique(in->n, &total) == 0 && u > total) {
		snprintf(why, sizeof why, "part %d of %d counted %llu "
			 "placements up to symmetry, more than the whole board "
			 "has (%llu, per OEIS A002562)", in->part + 1,
			 in->parts, (unsigned long long)u,
			 (unsigned long long)total);
		nq_claim_set_own(c, "oeis");
	} else if (u != NQ_UNIQUE_NA && u > t) {
		snprintf(why, sizeof why, "part %d of %d counted %llu "
			 "placements up to symmetry but only %llu placements: "
			 "every class a part counts has its placements in "
			 "that part's count",
			 in->part + 1, in->parts, (unsigned long long)u,
			 (unsigned long long)t);
		nq_claim_set_own(c, "plausible");
	} else {
		return 0;
	}
	if (!(c->own_why = strdup(why))) {
		nq_claim_set_own(c, NULL);
		return -1;
	}
	return 0;
}

long nq_ledger_add_part(nq_ledger *l, const nq_instance *in, const char *who,
			int rep, const nq_result *res)
{
	struct part_group *g;
	struct claim *c;
	uint32_t gi;
	long wid, id;

	if ((wid = nq_ledger_intern(l, who)) < 0 ||
	    !(g = group_of(l, (uint32_t)wid, in->n, in->parts, rep, &gi)) ||
	    (id = nq_ledger_new_claim(l)) < 0)
		return -1;
	g = &l->groups[gi];
	c = &l->claims[id];
	c->part = 1;
	c->group = gi;
	c->who = (uint32_t)wid;
	c->mode = NQ_MODE_COUNT;
	c->value = res->solutions;
	c->unique = res->unique;
	l->owns = 1; /* part_checks may give it an own_why */
	if (part_checks(in, res, c) < 0)
		return -1;
	if (nq_claim_own(c) && g->bad < 0)
		g->bad = id;
	if (g->value[in->part] == UNANSWERED) {
		if (g->gone[in->part]) { /* made again: it is in after all */
			g->gone[in->part] = 0;
			g->ngone--;
		}
		g->value[in->part] = res->solutions;
		g->have++;
		g->sum += res->solutions;
		if (res->unique == NQ_UNIQUE_NA) {
			g->unique_na = 1;
		} else {
			g->usum += res->unique;
			g->uparts++;
		}
	} else if (g->value[in->part] != res->solutions) {
		g->clash = 1;
	}
	return part_verdict(l, c) < 0 ? -1 : id;
}

/* The group's sum as its approach's answer to the whole board. Its own
 * checks are a whole
 * count's; and it is wrong, as its approach's word on the board is lost,
 * when a part was proved wrong, or when the unique counts of the parts
 * that gave one add up to more than the board has (A002562: the sum
 * itself has none when some part gave none). */
static long add_sum(nq_ledger *l, const struct part_group *g,
		    const nq_instance *whole, const nq_result *sum)
{
	const char *checked = NULL;
	char why[320];
	uint64_t classes;
	struct claim *c;
	long id;

	if ((id = nq_ledger_add(l, whole, l->names[g->who], sum)) < 0)
		return -1;
	c = &l->claims[id];
	if (nq_claim_own(c))
		return id; /* wrong as a whole already */
	if (g->bad >= 0) {
		checked = nq_claim_own(&l->claims[g->bad]);
		snprintf(why, sizeof why, "%s", l->claims[g->bad].own_why);
	} else if (g->unique_na && g->uparts &&
		   nq_known_unique(g->n, &classes) == 0 && g->usum > classes) {
		checked = "oeis";
		snprintf(why, sizeof why, "%d of the %d parts counted %llu "
			 "placements up to symmetry together, more than the "
			 "whole board has (%llu, per OEIS A002562)", g->uparts,
			 g->parts, (unsigned long long)g->usum,
			 (unsigned long long)classes);
	}
	if (checked) {
		if (!(c->own_why = strdup(why)))
			return -1;
		l->owns = 1;
		nq_claim_set_own(c, checked);
		/* settled again with it (a deferred ledger settles later) */
		if (!l->deferred && nq_settle_entry(l, nq_claim_entry(l, c)) < 0)
			return -1;
	}
	return id;
}

int nq_ledger_close_parts(nq_ledger *l)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < l->ngroups; i++) {
		struct part_group *g = &l->groups[i];
		nq_instance whole;
		nq_result sum;
		long id;

		if (g->sum_claim >= 0 || g->clash || g->have < g->parts)
			continue;
		memset(&whole, 0, sizeof whole);
		whole.n = g->n;
		whole.mode = NQ_MODE_COUNT;
		memset(&sum, 0, sizeof sum);
		sum.solutions = g->sum;
		sum.unique = g->unique_na ? NQ_UNIQUE_NA : g->usum;
		if ((id = add_sum(l, g, &whole, &sum)) < 0)
			return -1;
		g->sum_claim = id;
	}
	if (nq_ledger_settle(l) < 0)
		rc = -1;
	for (i = 0; i < l->nclaims; i++)
		if (l->claims[i].part && part_verdict(l, &l->claims[i]) < 0)
			rc = -1;
	return rc;
}

int nq_ledger_part_unanswered(nq_ledger *l, const nq_instance *in,
			      const char *who, int rep, nq_status st)
{
	struct part_group *g;
	uint32_t gi;
	long wid;

	if ((wid = nq_ledger_intern(l, who)) < 0 ||
	    !(g = group_of(l, (uint32_t)wid, in->n, in->parts, rep, &gi)))
		return -1;
	if (g->value[in->part] == UNANSWERED && !g->gone[in->part]) {
		g->gone[in->part] = (unsigned char)(st + 1);
		g->ngone++;
	}
	return 0;
}
