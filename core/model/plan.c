/*
 * plan.c - see plan.h.
 */
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include "cpus.h"
#include "instance.h"
#include "plan.h"
#include "registry.h"
#include "status.h"

int nq_approach_cpus(const nq_approach *a, const nq_instance *in,
		     int online)
{
	const char *p = a->options;
	int t = nq_solver_threads(a->solver, a->opt, in->n, in->mode,
				  in->nhints == 0 &&
				  !nq_instance_has_variants(in));

	if (t >= 0)
		return t == 0 ? (online > 0 ? online : 1) : t;

	/* a->options holds the options with an effect, "k=v;k=v" */
	while (p && *p) {
		if (!strncmp(p, "threads=", 8)) {
			long k = strtol(p + 8, NULL, 10);

			return k <= 0 ? (online > 0 ? online : 1) : (int)k;
		}
		p = strchr(p, ';');
		if (p)
			p++;
	}
	return 1;
}

/* The cells of exp in run order; NULL on no memory (*n = 0 for none). */
static nq_cell *expand(const nq_experiment *exp, int online, size_t *n)
{
	nq_cell *cells = NULL;
	size_t i, ai, cap = 0;

	*n = 0;
	for (i = 0; i < exp->ninstances; i++)
		for (ai = 0; ai < exp->napproaches; ai++) {
			const nq_approach *a = &exp->approaches[ai];
			const nq_instance_spec *spec = &exp->instances[i];
			nq_cell *c;
			int max;

			max = nq_solver_max_n(a->solver, a->opt,
					      spec->inst.mode);
			/* a solver built before ABI 3 would not know to
			 * avoid blocked squares and excluded lines: left
			 * out, as a mode it does not answer (run.c says so
			 * once) */
			if (!nq_instance_runs(spec, a) ||
			    max == NQ_NOT_APPLICABLE ||
			    (nq_instance_has_variants(&spec->inst) &&
			     !nq_solver_takes_variants(a->solver)))
				continue;
			/* a part only for a solver that counts in parts */
			if (spec->inst.parts > 1 &&
			    nq_solver_count_units(a->solver, a->opt,
						  spec->inst.n) < 1)
				continue;
			if (*n == cap) {
				nq_cell *p;

				cap = cap ? 2 * cap : 64;
				if (!(p = realloc(cells, cap * sizeof *p))) {
					free(cells);
					return NULL;
				}
				cells = p;
			}
			c = &cells[(*n)++];
			memset(c, 0, sizeof *c);
			c->spec = i;
			c->ai = ai;
			c->shard = 1;
			c->cpus = nq_approach_cpus(a, &spec->inst, online);
			if (max > 0 && spec->inst.n > max) {
				c->kind = NQ_CELL_TOO_LARGE;
				c->max_n = max;
			} else {
				c->kind = NQ_CELL_RUN;
				c->worst_s = (double)(exp->warmup + exp->repeat) *
					     exp->timeout_s;
			}
		}
	if (!cells)
		cells = malloc(1); /* an empty plan is not an error */
	return cells;
}

/* Order for dealing: the most expensive first; equal ones in plan order,
 * so every machine deals alike. */
static const nq_cell *sort_base;
static int by_cost(const void *a, const void *b)
{
	const nq_cell *x = &sort_base[*(const size_t *)a];
	const nq_cell *y = &sort_base[*(const size_t *)b];
	size_t i = *(const size_t *)a, j = *(const size_t *)b;

	if (x->worst_s != y->worst_s)
		return x->worst_s < y->worst_s ? 1 : -1;
	return (i > j) - (i < j);
}

int nq_plan_make(const nq_experiment *exp, int nshards, int online,
		 nq_plan *p, nq_error *err)
{
	size_t i, *order;
	int k;

	memset(p, 0, sizeof *p);
	p->nshards = nshards < 1 ? 1 : nshards;
	p->cells = expand(exp, online, &p->ncells);
	/* a plugin's max_n or count_units that crashed, looped or answered
	 * out of range: nothing is planned on its answers */
	if (nq_solver_hooks_error(err) < 0) {
		nq_plan_free(p);
		return -1;
	}
	p->shard_worst_s = calloc((size_t)p->nshards + 1, sizeof(double));
	p->shard_rows = calloc((size_t)p->nshards + 1, sizeof(size_t));
	p->shard_cpus = calloc((size_t)p->nshards + 1, sizeof(int));
	order = malloc((p->ncells + 1) * sizeof *order);
	if (!p->cells || !p->shard_worst_s || !p->shard_rows ||
	    !p->shard_cpus || !order) {
		free(order);
		nq_plan_free(p);
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	}
	for (i = 0; i < p->ncells; i++)
		order[i] = i;
	sort_base = p->cells;
	qsort(order, p->ncells, sizeof *order, by_cost);
	for (i = 0; i < p->ncells; i++) {
		nq_cell *c = &p->cells[order[i]];
		int best = 1;

		/* the least loaded slice; for cells without a run, the one
		 * with the fewest rows, so those rows spread too */
		for (k = 2; k <= p->nshards; k++)
			if (c->worst_s > 0
			    ? p->shard_worst_s[k] < p->shard_worst_s[best]
			    : p->shard_rows[k] < p->shard_rows[best])
				best = k;
		c->shard = best;
		p->shard_worst_s[best] += c->worst_s;
		p->shard_rows[best] += (size_t)exp->repeat;
		if (c->kind == NQ_CELL_RUN && c->cpus > p->shard_cpus[best])
			p->shard_cpus[best] = c->cpus;
		p->rows += (size_t)exp->repeat;
		p->worst_s += c->worst_s;
		if (c->kind == NQ_CELL_RUN)
			p->runs += (size_t)(exp->warmup + exp->repeat);
	}
	free(order);
	return 0;
}

void nq_plan_free(nq_plan *p)
{
	free(p->cells);
	free(p->shard_worst_s);
	free(p->shard_rows);
	free(p->shard_cpus);
	free(p->hashes);
	memset(p, 0, sizeof *p);
}

void nq_key_make(const char *experiment, const char *n, const char *mode,
		 const char *hints, const char *approach, const char *repeat,
		 char *buf, size_t len)
{
	snprintf(buf, len, "%s\t%s\t%s\t%s\t%s\t%s", experiment, n, mode,
		 hints && hints[0] ? hints : "-", approach, repeat);
}

void nq_plan_key(const nq_experiment *exp, const nq_cell *c, int rep,
		 char *buf, size_t len)
{
	const nq_instance_spec *spec = &exp->instances[c->spec];
	char n[16], r[16], what[sizeof spec->hints_text + 24];

	snprintf(n, sizeof n, "%d", spec->inst.n);
	snprintf(r, sizeof r, "%d", rep);
	nq_instance_key_field(spec->hints_text,
			      nq_instance_keyed_by_hash(&spec->inst),
			      spec->hash, what, sizeof what);
	nq_key_make(exp->name, n,
		    spec->inst.mode == NQ_MODE_COUNT ? "count" : "first",
		    what, exp->approaches[c->ai].name, r, buf, len);
}

int nq_parse_shard(const char *text, int *k, int *n, char *why, size_t len)
{
	long long kk, nn;
	char *end;

	kk = strtoll(text, &end, 10);
	if (end == text || *end != '/' || text[0] == '-' || text[0] == '+' ||
	    end[1] == '-' || end[1] == '+') {
		snprintf(why, len, "takes K/N, the K-th of N slices (1 <= K "
			 "<= N), e.g. 2/4, not '%s'", text);
		return -1;
	}
	nn = strtoll(end + 1, &end, 10);
	if (*end || end == text) {
		snprintf(why, len, "takes K/N, the K-th of N slices (1 <= K "
			 "<= N), e.g. 2/4, not '%s'", text);
		return -1;
	}
	if (nn < 1 || nn > NQ_MAX_SHARDS) {
		snprintf(why, len, "N in '%s' must be 1 to %d", text,
			 NQ_MAX_SHARDS);
		return -1;
	}
	if (kk < 1 || kk > nn) {
		snprintf(why, len, "K in '%s' must be 1 to %lld (the slices "
			 "are numbered from 1)", text, nn);
		return -1;
	}
	*k = (int)kk;
	*n = (int)nn;
	return 0;
}

/* FNV-1a, 64 bits: keys are short texts, 10^6 of them collide with
 * odds near 10^-8. */
/* plan.h */
void nq_plan_key_text(const nq_experiment *exp, const nq_plan *p,
		      uint64_t h, char *buf, size_t len, int *shard)
{
	size_t i;
	int rep;

	snprintf(buf, len, "(a run the plan does not hold)");
	*shard = 0;
	for (i = 0; i < p->ncells; i++)
		for (rep = 1; rep <= exp->repeat; rep++) {
			nq_plan_key(exp, &p->cells[i], rep, buf, len);
			if (nq_key_hash(buf) == h) {
				char *t;

				for (t = buf; (t = strchr(t, '\t'));)
					*t = ' ';
				*shard = p->cells[i].shard;
				return;
			}
		}
	snprintf(buf, len, "(a run the plan does not hold)");
}

static uint64_t fnv_on(uint64_t h, const char *s)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ull;
	}
	return h;
}

uint64_t nq_key_hash(const char *key)
{
	uint64_t h = fnv_on(0xcbf29ce484222325ull, key);

	return h ? h : 1;
}

uint64_t nq_plan_hash(const nq_experiment *exp, const nq_plan *p, size_t i,
		      int rep)
{
	char key[1024];

	if (p->hashes)
		return p->hashes[i * (size_t)exp->repeat + (size_t)(rep - 1)];
	nq_plan_key(exp, &p->cells[i], rep, key, sizeof key);
	return nq_key_hash(key);
}

int nq_plan_hashes(const nq_experiment *exp, nq_plan *p)
{
	size_t i, at = 0, len;
	char key[1024], r[16];
	int rep;

	if (p->hashes)
		return 0;
	p->hashes = malloc((p->ncells * (size_t)exp->repeat + 1) *
			   sizeof *p->hashes);
	if (!p->hashes)
		return -1;
	for (i = 0; i < p->ncells; i++) {
		uint64_t h0;

		/* the key but its repeat, hashed once, FNV-1a going on
		 * from there for each repeat; a key cut at the buffer's
		 * end (no "\t1" at its end) is made whole each time */
		nq_plan_key(exp, &p->cells[i], 1, key, sizeof key);
		len = strlen(key);
		if (len < 2 || strcmp(key + len - 2, "\t1")) {
			for (rep = 1; rep <= exp->repeat; rep++) {
				nq_plan_key(exp, &p->cells[i], rep, key,
					    sizeof key);
				p->hashes[at++] = nq_key_hash(key);
			}
			continue;
		}
		key[len - 1] = '\0';
		h0 = fnv_on(0xcbf29ce484222325ull, key);
		for (rep = 1; rep <= exp->repeat; rep++) {
			uint64_t h;

			/* "%d" of rep, written by hand: a snprintf per run
			 * was most of this loop */
			int v = rep, d = (int)sizeof r - 1;

			r[d] = '\0';
			do
				r[--d] = (char)('0' + v % 10);
			while ((v /= 10) && d > 0);
			h = fnv_on(h0, r + d);
			p->hashes[at++] = h ? h : 1;
		}
	}
	return 0;
}

static size_t slot_of(const nq_keyset *s, uint64_t h)
{
	size_t i = (size_t)(h ^ (h >> 29)) & (s->cap - 1);

	while (s->hash[i] && s->hash[i] != h)
		i = (i + 1) & (s->cap - 1);
	return i;
}

/* To `cap` slots (a power of two, above s->cap), or twice as many as
 * now when 0. */
static int grow(nq_keyset *s, size_t cap)
{
	nq_keyset big;
	size_t i;

	big.cap = cap ? cap : s->cap ? 2 * s->cap : 1024;
	big.used = s->used;
	big.hash = calloc(big.cap, sizeof *big.hash);
	big.count = calloc(big.cap, sizeof *big.count);
	if (!big.hash || !big.count) {
		free(big.hash);
		free(big.count);
		return -1;
	}
	for (i = 0; i < s->cap; i++)
		if (s->hash[i]) {
			size_t j = slot_of(&big, s->hash[i]);

			big.hash[j] = s->hash[i];
			big.count[j] = s->count[i];
		}
	free(s->hash);
	free(s->count);
	*s = big;
	return 0;
}

int nq_keyset_reserve(nq_keyset *s, size_t n)
{
	size_t cap = s->cap ? s->cap : 1024;

	while ((n + 1) * 2 > cap)
		cap *= 2;
	return cap == s->cap || grow(s, cap) == 0;
}

uint32_t nq_keyset_add(nq_keyset *s, uint64_t h)
{
	size_t i;

	h = h ? h : 1;
	if ((s->used + 1) * 2 > s->cap && grow(s, 0) < 0)
		return 0;
	i = slot_of(s, h);
	if (!s->hash[i]) {
		s->hash[i] = h;
		s->used++;
	}
	return ++s->count[i];
}

uint32_t nq_keyset_count(const nq_keyset *s, uint64_t h)
{
	size_t i;

	if (!s->cap)
		return 0;
	i = slot_of(s, h ? h : 1);
	return s->hash[i] ? s->count[i] : 0;
}

uint32_t nq_keyset_take(nq_keyset *s, uint64_t h)
{
	size_t i;

	if (!s->cap)
		return 0;
	i = slot_of(s, h ? h : 1);
	if (!s->hash[i] || !s->count[i])
		return 0;
	return --s->count[i];
}

void nq_keyset_free(nq_keyset *s)
{
	free(s->hash);
	free(s->count);
	memset(s, 0, sizeof *s);
}

uint64_t nq_plan_seq(const nq_experiment *exp, size_t spec, size_t ai,
		     int rep)
{
	return ((uint64_t)spec * (uint64_t)exp->repeat + (uint64_t)(rep - 1)) *
	       (uint64_t)exp->napproaches + (uint64_t)ai;
}

/* The run numbered k's place in the plan's order. */
static uint64_t run_seq(const nq_order *o, size_t k)
{
	size_t rep = (size_t)o->exp->repeat;
	const nq_cell *c = &o->plan->cells[k / rep];

	return nq_plan_seq(o->exp, c->spec, c->ai, (int)(k % rep) + 1);
}

/* The first slot of hash h's probe sequence: its runs follow in the
 * order they were put in (the plan's), then an empty slot. */
static size_t order_home(const nq_order *o, uint64_t h)
{
	return (size_t)(h ^ (h >> 31)) & (o->cap - 1);
}

int nq_order_make(const nq_experiment *exp, const nq_plan *p, nq_keyset *due,
		  nq_order *o, nq_error *err)
{
	size_t k, i, n = p->ncells * (size_t)exp->repeat;
	int rep;

	memset(o, 0, sizeof *o);
	o->exp = exp;
	o->plan = p;
	if (n > p->rows)
		n = p->rows;
	if (n >= UINT32_MAX)
		goto nomem; /* 4 bytes a slot; 32 GB of hashes before that */
	for (o->cap = 1024; o->cap < 2 * (n + 1); o->cap *= 2)
		;
	o->slot = calloc(o->cap, sizeof *o->slot);
	o->taken = calloc(n + 1, 1);
	if (!o->slot || !o->taken)
		goto nomem;
	if (p->hashes) {
		o->hash = p->hashes;
	} else {
		if (!(o->own = malloc((n + 1) * sizeof *o->own)))
			goto nomem;
		for (i = 0, k = 0; i < p->ncells; i++)
			for (rep = 1; rep <= exp->repeat && k < n; rep++)
				o->own[k++] = nq_plan_hash(exp, p, i, rep);
		o->hash = o->own;
	}
	if (due && !nq_keyset_reserve(due, n))
		goto nomem;
	/* each run after the slots of its key's earlier runs: a key's
	 * places come in the plan's order */
	for (k = 0; k < n; k++) {
		uint64_t h = o->hash[k] ? o->hash[k] : 1;

		if (due && !nq_keyset_add(due, h))
			goto nomem;
		for (i = order_home(o, h); o->slot[i]; i = (i + 1) & (o->cap - 1))
			if ((o->hash[o->slot[i] - 1] ? o->hash[o->slot[i] - 1]
			     : 1) == h) /* a key the plan holds twice */
				o->taken[o->slot[i] - 1] = o->taken[k] =
					NQ_PLACE_SHARED;
		o->slot[i] = (uint32_t)k + 1;
	}
	o->nruns = n;
	return 0;
nomem:
	nq_order_free(o);
	return nq_error_set(err, NULL, 0, 0, "out of memory");
}

/* The run after run k in the plan's order (instance, repeat,
 * approach), or SIZE_MAX after the last. */
static size_t run_after(const nq_order *o, size_t k)
{
	size_t rep = (size_t)o->exp->repeat, c = k / rep, r = k % rep, first;
	const nq_cell *cells = o->plan->cells;

	if (c + 1 < o->plan->ncells && cells[c + 1].spec == cells[c].spec)
		return (c + 1) * rep + r;
	if (r + 1 < rep) {
		for (first = c; first > 0 && cells[first - 1].spec ==
		     cells[c].spec; first--)
			;
		return first * rep + r + 1;
	}
	return c + 1 < o->plan->ncells ? (c + 1) * rep : SIZE_MAX;
}

/* The run the next row is likely to be (o->next), when its key is h and
 * no other run has that key (so it is the key's only place); else
 * SIZE_MAX. */
static size_t order_guess(const nq_order *o, uint64_t h)
{
	size_t k = o->next;

	if (k >= o->nruns || (o->taken[k] & NQ_PLACE_SHARED) ||
	    (o->hash[k] ? o->hash[k] : 1) != h)
		return SIZE_MAX;
	return k;
}

/* The runs of key h in turn: *i the slot to look at next (start it at
 * order_home); the run's number, or SIZE_MAX after the last. */
static size_t order_next(const nq_order *o, uint64_t h, size_t *i)
{
	uint32_t s;

	while ((s = o->slot[*i])) {
		*i = (*i + 1) & (o->cap - 1);
		if ((o->hash[s - 1] ? o->hash[s - 1] : 1) == h)
			return s - 1;
	}
	return SIZE_MAX;
}

uint64_t nq_order_seq(const nq_order *o, uint64_t h)
{
	size_t i, k;

	if (!o->cap)
		return NQ_SEQ_NONE;
	h = h ? h : 1;
	if ((k = order_guess(o, h)) != SIZE_MAX)
		return run_seq(o, k);
	i = order_home(o, h);
	k = order_next(o, h, &i);
	return k == SIZE_MAX ? NQ_SEQ_NONE : run_seq(o, k);
}

uint64_t nq_order_take(nq_order *o, uint64_t h)
{
	size_t i, k, last = SIZE_MAX;

	if (!o->cap)
		return NQ_SEQ_NONE;
	h = h ? h : 1;
	if ((k = order_guess(o, h)) != SIZE_MAX) {
		/* its only place: taken now, or the last one again */
		if (!o->taken[k])
			o->taken[k] = NQ_PLACE_TAKEN;
		o->next = run_after(o, k);
		return run_seq(o, k);
	}
	i = order_home(o, h);
	while ((k = order_next(o, h, &i)) != SIZE_MAX) {
		if (!(o->taken[k] & ~NQ_PLACE_SHARED)) {
			o->taken[k] |= NQ_PLACE_TAKEN;
			o->next = run_after(o, k);
			return run_seq(o, k);
		}
		last = k;
	}
	if (last != SIZE_MAX)
		o->next = run_after(o, last);
	return last == SIZE_MAX ? NQ_SEQ_NONE : run_seq(o, last);
}

void nq_order_hold(nq_order *o, size_t run)
{
	if (run < o->nruns)
		o->taken[run] = (unsigned char)((o->taken[run] & NQ_PLACE_SHARED) |
						NQ_PLACE_HELD);
}

int nq_order_claim(nq_order *o, uint64_t h, unsigned char mark)
{
	size_t i, k;
	int planned = 0;

	if (!o->cap)
		return -1;
	h = h ? h : 1;
	if ((k = order_guess(o, h)) != SIZE_MAX) {
		/* its only place */
		if (o->taken[k])
			return 0;
		o->taken[k] = mark;
		o->next = run_after(o, k);
		return 1;
	}
	i = order_home(o, h);
	while ((k = order_next(o, h, &i)) != SIZE_MAX) {
		planned = 1;
		if (!(o->taken[k] & ~NQ_PLACE_SHARED)) {
			o->taken[k] |= mark;
			o->next = run_after(o, k);
			return 1;
		}
	}
	return planned ? 0 : -1;
}

unsigned char nq_order_mark(const nq_order *o, size_t run)
{
	return run < o->nruns ? o->taken[run] & ~NQ_PLACE_SHARED
			      : NQ_PLACE_FREE;
}

void nq_order_reset(nq_order *o)
{
	size_t k;

	for (k = 0; k < o->nruns; k++)
		o->taken[k] &= NQ_PLACE_SHARED;
	o->next = 0;
}

void nq_order_free(nq_order *o)
{
	free(o->slot);
	free(o->own);
	free(o->taken);
	memset(o, 0, sizeof *o);
}
