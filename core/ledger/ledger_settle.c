/*
 * ledger_settle.c - the verdicts on one instance's answers, re-derived
 * from all of them (validate.h has the rules, ledger.c the answers).
 *
 * Held to each other pair by pair, k answers cost k^2 comparisons, and a
 * merge may bring ten thousand answers to one instance. But answers that
 * say the same thing get the same verdict: settle sorts the open answers
 * by what they say (value, count up to symmetry), folds each approach's
 * answers of one kind into one item, and works out agreement once per
 * kind of answer, over the items of that value only. O(k log k) for k
 * answers, plus, per kind in dispute, one pass over the items to name
 * who differs.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ledger_int.h"

static const char oom_note[] = "(no memory was left for this note)";
/* the common note of an answer nothing checked: one text for them all */
static const char unchecked_note[] = "nothing checked this answer (no "
	"table, no other approach gave one)";
/* an answer whose only peers lost their word: they are no evidence */
static const char unchecked_peers_lost_note[] = "nothing checked this "
	"answer (no table; the other approaches that gave one lost their "
	"word here: each was proved wrong on this instance)";

void nq_verdict_row_note(const nq_verdict *v, const char *remark, char *out,
			 size_t len)
{
	size_t vn = strlen(v->note);

	if (!v->note[0])
		snprintf(out, len, "%s", remark);
	else if (v->status == NQ_ST_OK && remark[0] && len > vn + 3)
		/* the remark cut where both do not fit, the verdict's
		 * words whole (nq_verdict_remark_of finds them again) */
		snprintf(out, len, "%.*s; %s", (int)(len - vn - 3), remark,
			 v->note);
	else
		snprintf(out, len, "%s", v->note);
}

const char *nq_verdict_remark_of(const char *row_note, char *buf,
				 size_t len)
{
	static const char *const ends[] = { unchecked_note,
					    unchecked_peers_lost_note };
	size_t n = strlen(row_note), i;

	for (i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		size_t e = strlen(ends[i]);

		if (n == e && !strcmp(row_note, ends[i]))
			break;
		if (n > e + 2 && !strcmp(row_note + n - e, ends[i]) &&
		    !strncmp(row_note + n - e - 2, "; ", 2)) {
			snprintf(buf, len, "%.*s", (int)(n - e - 2), row_note);
			return buf;
		}
	}
	return "";
}

void nq_claim_note_free(struct claim *c)
{
	if (c->note_owned)
		free((char *)c->v.note);
	c->note_owned = 0;
	c->v.note = "";
}

/* The note is text that outlives the claim (static, or c->own_why). */
static void note_static(struct claim *c, const char *s)
{
	nq_claim_note_free(c);
	c->v.note = s;
}

/* A copy of s is the note. An unchanged note is kept: an instance
 * settled after every add would otherwise copy every note again. */
static void note_copy(nq_ledger *l, struct claim *c, const char *s)
{
	char *p;

	if (!*s) {
		note_static(c, "");
		return;
	}
	if (c->note_owned && !strcmp(c->v.note, s))
		return;
	p = strdup(s);
	nq_claim_note_free(c);
	if (!p) {
		c->v.note = oom_note; /* the status is still right */
		return;
	}
	c->v.note = p;
	c->note_owned = 1;
	l->owns = 1;
}

/* `checked` is static text or the ledger's: the pointer is kept. */
static void set_status(struct claim *c, nq_status st, const char *checked)
{
	c->v.status = st;
	c->v.checked = checked;
}

/* An ok with nothing to say. */
static void set_ok(struct claim *c, const char *checked)
{
	set_status(c, NQ_ST_OK, checked);
	note_static(c, "");
}

static void set_verdict(nq_ledger *l, struct claim *c, nq_status st,
			const char *checked, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static void set_verdict(nq_ledger *l, struct claim *c, nq_status st,
			const char *checked, const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	set_status(c, st, checked);
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	note_copy(l, c, buf);
}

static void value_text(const struct item *it, char *buf, size_t len)
{
	if (it->mode == NQ_MODE_FIRST && !it->value)
		snprintf(buf, len, "none");
	else if (it->mode == NQ_MODE_FIRST)
		snprintf(buf, len, "a placement");
	else if (it->unique != NQ_UNIQUE_NA)
		snprintf(buf, len, "%llu (%llu up to symmetry)",
			 (unsigned long long)it->value,
			 (unsigned long long)it->unique);
	else
		snprintf(buf, len, "%llu", (unsigned long long)it->value);
}

/* Step 1: what is proved (the instance's facts, valid placements). 1
 * when it decided the claim. */
static int settle_by_proof(nq_ledger *l, const struct entry *e,
			   struct claim *c, const char *placed)
{
	if (nq_claim_own(c)) {
		set_status(c, NQ_ST_WRONG, nq_claim_own(c));
		note_static(c, c->own_why);
		return 1;
	}
	if (c->placement) {
		set_ok(c, "placement");
		return 1;
	}
	if (e->has_count && c->mode == NQ_MODE_COUNT) {
		if (c->value == e->count)
			set_ok(c, e->count_src);
		else
			set_verdict(l, c, NQ_ST_WRONG, e->count_src,
				    "counted %llu, expected %llu (per %s)",
				    (unsigned long long)c->value,
				    (unsigned long long)e->count,
				    e->count_who);
		return 1;
	}
	if (c->exists) {
		/* a placement read back, not known valid: right when one is
		 * known to exist, and proves nothing itself */
		const char *chk = e->count_src ? e->count_src : "known";

		if (e->exists == 1)
			set_ok(c, chk);
		else if (placed)
			set_ok(c, "placement");
		else if (e->exists == 0)
			set_verdict(l, c, NQ_ST_WRONG, chk, "found a placement, "
				    "but there is none (per %s)", e->exists_who);
		else
			return 0;
		return 1;
	}
	if (c->value == 0 && (placed || e->exists == 1)) {
		/* what was known before any answer is named first */
		const char *by = e->exists == 1 ? e->exists_who : placed;
		const char *chk = e->exists != 1 ? "placement"
				  : e->count_src ? e->count_src : "known";

		if (c->mode == NQ_MODE_FIRST)
			set_verdict(l, c, NQ_ST_WRONG, chk, "claims no placement "
				    "exists, but one does (per %s)", by);
		else
			set_verdict(l, c, NQ_ST_WRONG, chk, "counted 0, but a "
				    "placement exists (per %s)", by);
		return 1;
	}
	if (e->exists == 0) {
		if (c->value == 0)
			set_ok(c, e->count_src ? e->count_src : "known");
		else
			set_verdict(l, c, NQ_ST_WRONG, e->count_src ? e->count_src
				    : "known", "counted %llu, but there is no "
				    "placement (per %s)",
				    (unsigned long long)c->value,
				    e->exists_who);
		return 1;
	}
	return 0;
}

/* Two open answers agree: the same count, and the same count up to
 * symmetry where both give one. A placement read back but not checked
 * says only that one exists, so it agrees with every count but 0. */
static int agrees(const struct item *a, const struct item *b)
{
	if (a->exists || b->exists)
		return a->value && b->value;
	return a->value == b->value && (a->unique == NQ_UNIQUE_NA ||
					 b->unique == NQ_UNIQUE_NA ||
					 a->unique == b->unique);
}

#define CMP(f) \
	do { \
		if (x->f != y->f) \
			return (x->f > y->f) - (x->f < y->f); \
	} while (0)
/* By kind (what the answer says), then approach, then order added. */
static int by_kind(const void *a, const void *b)
{
	const struct item *x = a, *y = b;

	CMP(exists);
	CMP(value);
	CMP(unique);
	CMP(mode);
	CMP(who);
	CMP(pos);
	return 0;
}

static int by_pos(const void *a, const void *b)
{
	const struct item *x = a, *y = b;

	CMP(pos);
	return 0;
}
#undef CMP

static int same_kind(const struct item *x, const struct item *y)
{
	return x->exists == y->exists && x->value == y->value &&
	       x->unique == y->unique;
}

/* A fresh tag: l->stamp[who] == tag marks an approach in a set, with no
 * set to clear. */
static uint32_t next_tag(nq_ledger *l)
{
	if (++l->tag == 0) {
		memset(l->stamp, 0, l->namecap * sizeof *l->stamp);
		l->tag = 1;
	}
	return l->tag;
}

/* The first of the items r[0..n) (sorted by kind) past every item with
 * the given exists flag and a value below `value`, or up to it when
 * `upto`. */
static size_t bound(const struct item *r, size_t n, unsigned char exists,
		    uint64_t value, int upto)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (r[mid].exists < exists || (r[mid].exists == exists &&
		    (r[mid].value < value || (upto && r[mid].value == value))))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* How many answers still standing agree with kind k, and from how many
 * approaches. Only the items of k's value, and those read back as "a
 * placement", can agree with it; they are all that is looked at. */
static void agreement(nq_ledger *l, const struct item *k,
		      const struct item *reps, size_t nrep, size_t xlo,
		      size_t *answers, size_t *approaches)
{
	uint32_t tag = next_tag(l);
	size_t from[2] = { 0, 0 }, to[2] = { nrep, 0 }, r, j;

	if (!k->exists) {
		from[0] = bound(reps, xlo, 0, k->value, 0);
		to[0] = bound(reps, xlo, 0, k->value, 1);
		from[1] = xlo;
		to[1] = k->value ? nrep : xlo;
	}
	*answers = *approaches = 0;
	for (r = 0; r < 2; r++)
		for (j = from[r]; j < to[r]; j++) {
			if (!agrees(k, &reps[j]))
				continue;
			*answers += reps[j].count;
			if (l->stamp[reps[j].who] != tag) {
				l->stamp[reps[j].who] = tag;
				(*approaches)++;
			}
		}
}

/* "X says V, Y says W": each approach that differs from kind k, named
 * once, at its first answer that differs, in the order added. */
static void name_others(nq_ledger *l, const struct item *k,
			const struct item *byfirst, size_t nrep, size_t atot,
			char *others, size_t len)
{
	uint32_t tag = next_tag(l);
	size_t used = 0, named = 0, j;
	char val[64];

	for (j = 0; j < nrep && named < atot && used < len - 1; j++) {
		const struct item *d = &byfirst[j];

		if (agrees(k, d) || l->stamp[d->who] == tag)
			continue;
		l->stamp[d->who] = tag;
		named++;
		value_text(d, val, sizeof val);
		used += (size_t)snprintf(others + used, len - used,
					 "%s%s says %s%s", used ? ", " : "",
					 l->names[d->who], val, d->lost ?
					 " (its word is lost here)" : "");
	}
}

/* Step 3 for one open answer: `agree` other approaches that kept their
 * word agree with it; `differ` answers from them differ from it, and
 * `differ_lost` from approaches that lost their word here; `lost_peers`
 * when answers from those agree with it. A lost word is no evidence:
 * it confirms nothing and proves nothing wrong, but where nothing else
 * checked an answer its dissent keeps the answer from being ok. An
 * answer whose own approach lost its word is ok only when another
 * approach with its word agrees, and nothing differs. */
static void settle_open(nq_ledger *l, struct claim *c,
			const struct item *it, size_t agree, size_t differ, size_t differ_lost,
			int lost_peers, const char *others)
{
	const char *chk = nq_ledger_agrees(l, agree);
	char val[64];

	if (!chk) /* no memory for its text: the status is still right */
		chk = "agrees";
	if (!agree && !differ) /* nothing with its word held to it */
		chk = "none";
	if (!differ && (agree || (!differ_lost && !it->lost))) {
		if (agree)
			set_ok(c, chk);
		else {
			set_status(c, NQ_ST_OK, "none");
			note_static(c, lost_peers ? unchecked_peers_lost_note
				    : unchecked_note);
		}
		return;
	}
	value_text(it, val, sizeof val);
	if (it->lost && !differ && !differ_lost)
		set_verdict(l, c, NQ_ST_DISPUTED, chk, "its word is lost here "
			    "(it was proved wrong on this instance): says %s, "
			    "and nothing else checked it", val);
	else if (it->lost)
		set_verdict(l, c, NQ_ST_DISPUTED, chk, "its word is lost here "
			    "(it was proved wrong on this instance): says %s, "
			    "but %s; nothing decides which is right", val,
			    others);
	else if (!differ)
		set_verdict(l, c, NQ_ST_DISPUTED, chk, "disputed: says %s, but "
			    "%s; a lost word proves nothing, but nothing else "
			    "checked this answer", val, others);
	else
		set_verdict(l, c, NQ_ST_DISPUTED, chk, "disputed: says %s, but "
			    "%s; nothing decides which is right", val, others);
}

int nq_settle_entry(nq_ledger *l, struct entry *e)
{
	size_t k = e->nids, i, j, m, nopen = 0, nrep = 0, nlrep = 0, live = 0;
	size_t xlo, lxlo, atot = 0;
	const char *placed = NULL;
	struct item *open, *reps, *lreps, *byfirst;
	uint32_t tag;

	if (k > UINT32_MAX)
		return -1;
	if (4 * k > l->itemcap) {
		struct item *p = realloc(l->items, 4 * k * sizeof *p);

		if (!p)
			return -1;
		l->items = p;
		l->itemcap = 4 * k;
	}
	open = l->items;
	reps = open + k;
	lreps = reps + k;
	byfirst = lreps + k;
	for (i = 0; i < k && !placed; i++) {
		const struct claim *c = &l->claims[e->ids[i]];

		if (c->placement && !nq_claim_own(c))
			placed = l->names[c->who];
	}
	/* 1. what is proved; 2. an approach proved wrong here (stamped)
	 * loses its word here */
	tag = next_tag(l);
	for (i = 0; i < k; i++) {
		struct claim *c = &l->claims[e->ids[i]];
		struct item *it;

		if (settle_by_proof(l, e, c, placed)) {
			if (c->v.status == NQ_ST_WRONG)
				l->stamp[c->who] = tag;
			continue;
		}
		it = &open[nopen++];
		it->value = c->value;
		it->unique = c->unique;
		it->who = c->who;
		it->pos = (uint32_t)i;
		it->count = 1;
		it->exists = c->exists;
		it->mode = c->mode;
	}
	for (i = 0; i < nopen; i++) {
		open[i].lost = l->stamp[open[i].who] == tag;
		live += !open[i].lost;
	}
	/* 3. the answers nothing proved, held to each other: each
	 * approach's answers of one kind folded into one item, those of
	 * approaches that lost their word apart (lreps) */
	qsort(open, nopen, sizeof *open, by_kind);
	for (i = 0; i < nopen; i = j) {
		for (j = i + 1; j < nopen && same_kind(&open[i], &open[j]) &&
		     open[j].mode == open[i].mode && open[j].who == open[i].who;
		     j++)
			;
		if (open[i].lost) {
			lreps[nlrep] = open[i];
			lreps[nlrep++].count = (uint32_t)(j - i);
		} else {
			reps[nrep] = open[i];
			reps[nrep++].count = (uint32_t)(j - i);
		}
	}
	xlo = bound(reps, nrep, 1, 0, 0);
	lxlo = bound(lreps, nlrep, 1, 0, 0);
	memcpy(byfirst, reps, nrep * sizeof *reps);
	memcpy(byfirst + nrep, lreps, nlrep * sizeof *lreps);
	tag = next_tag(l);
	for (i = 0; i < nrep + nlrep; i++)
		if (l->stamp[byfirst[i].who] != tag) {
			l->stamp[byfirst[i].who] = tag;
			atot++;
		}
	qsort(byfirst, nrep + nlrep, sizeof *byfirst, by_pos);
	for (i = 0; i < nopen; i = j) {
		size_t answers, approaches, lanswers, lapproaches, differ;
		size_t differ_lost;
		char others[200] = "";

		for (j = i + 1; j < nopen && same_kind(&open[i], &open[j]); j++)
			;
		agreement(l, &open[i], reps, nrep, xlo, &answers, &approaches);
		agreement(l, &open[i], lreps, nlrep, lxlo, &lanswers,
			  &lapproaches);
		differ = live - answers;
		differ_lost = nopen - live - lanswers;
		if (differ || differ_lost)
			name_others(l, &open[i], byfirst, nrep + nlrep, atot,
				    others, sizeof others);
		/* its own approach is not one of the others */
		for (m = i; m < j; m++)
			settle_open(l, &l->claims[e->ids[open[m].pos]], &open[m],
				    approaches - !open[m].lost, differ,
				    differ_lost,
				    lapproaches > (size_t)open[m].lost, others);
	}
	return 0;
}
