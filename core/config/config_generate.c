/*
 * config_generate.c - `generate:`, an `instances:` entry whose instances
 * are drawn at random from a seed (issue 12, part 3):
 *
 *   - generate: {family: placed, n: 20, queens: 0..20, count: 50, seed: 7}
 *
 * The families are those of Gent, Jefferson and Nightingale (JAIR 59,
 * 2017): placed queens (completion), blocked squares (CSPLib prob080)
 * and excluded diagonals. For each value of the family's parameter, in
 * order, `count` instances, each for each mode of the entry.
 *
 * The same file gives the same instances on every machine: the random
 * numbers are our own (xoshiro256** seeded through splitmix64, both by
 * Blackman and Vigna, written out below), never rand(), and the stream of
 * one instance depends only on (seed, family, n, parameter, free, index),
 * so raising `count` or adding parameter values leaves every earlier
 * instance as it was. Each instance is named "placed-n20-q5-s7-3"
 * (family, n, parameter, seed, 0-based index).
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>
#include "instance.h"
#include "loader.h"
#include "units.h"
#include "validate.h"

/* The largest board a generator draws on: its work is O(n^2) squares
 * per instance, and the hints column caps placed queens long before. */
#define GEN_MAX_N 1000
/* Fresh draws an instance may take before the generator gives up: a
 * draw that runs out of room (no free square left for the next queen,
 * no square left to block) starts again from the same stream. */
#define GEN_TRIES 100000
/*
 * Every bound below is the experiment's, all its generate: entries
 * together (struct loader keeps the sums): a bound per entry let a file
 * of six lines keep `plan` busy for 108 s and 1.5 GB by repeating an
 * entry just under it, or by one entry whose instances each hold half
 * a million blocked squares.
 */
/* The most squares the draws may be on (instances x n^2), so a file
 * cannot make the loader run for hours before anything runs. */
#define GEN_MAX_WORK 1000000000ULL
/* The most squares the placed draws may walk, retries included (a
 * queen costs about 3 per row with free squares left): near n queens
 * most draws run out of free squares, and without a bound a file could
 * keep the loader busy for minutes. configs/completion.yaml's n = 30
 * entry walks 1.6 * 10^8 (about half a second). */
#define GEN_MAX_DRAW_WORK 1000000000ULL
/* The same for blocked squares, each a random number (a division):
 * at most about 3 s. */
#define GEN_MAX_BLOCK_WORK 200000000ULL
/* The most squares the generated instances may hold: queens, blocked
 * squares and lines, a copy per mode. Each is sorted, written as text
 * and hashed when its instance is made (about 0.7 us and 20 bytes a
 * square), and again wherever the instance goes: 4 * 10^6 is about 3 s
 * and 100 MB. Known before anything is drawn, so a file past it fails
 * at once. */
#define GEN_MAX_HELD 4000000ULL

enum family { FAM_PLACED = 1, FAM_BLOCKED = 2, FAM_EXCLUDED = 3 };

static const char *const family_names[] = {
	NULL, "placed", "blocked", "excluded"
};

/* The parameter each family varies, by family. */
static const char *const param_keys[] = {
	NULL, "queens", "blocked", "diagonals"
};

enum {
	G_FAMILY, G_N, G_QUEENS, G_BLOCKED, G_FREE, G_DIAGONALS, G_COUNT,
	G_SEED, G_MODE, G_ONLY, G_NKEYS
};

/* Only the documentation columns are used: the values load in
 * cfg_key_generate below, as they depend on one another. */
const struct key_def cfg_generate_keys[] = {
	[G_FAMILY] = { "family", "choice", NULL, 1, 0, 0, 0, 0, NULL,
	  "placed, blocked or excluded",
	  "placed: queens put one at a time uniformly on squares not yet "
	  "attacked (completion); blocked: squares that may hold no queen "
	  "(CSPLib prob080); excluded: diagonals and antidiagonals that "
	  "may hold none." },
	[G_N] = { "n", "integer", NULL, 1, 0, 0, 1, GEN_MAX_N, NULL,
	  "the board size", NULL },
	[G_QUEENS] = { "queens", "counts", NULL, 0, 0, 0, 0, GEN_MAX_N, NULL,
	  "placed: how many queens, an integer, range or list like n's",
	  "At most n; required for family placed. They fit the CSV hints "
	  "column (255 characters as \"r:c r:c\")." },
	[G_BLOCKED] = { "blocked", "counts", NULL, 0, 0, 0, 0, 0, NULL,
	  "blocked: how many squares, an integer, range or list like n's",
	  "Drawn uniformly one at a time among the squares whose row and "
	  "column keep more than `free` unblocked; at most n*(n-free). "
	  "Required for family blocked." },
	[G_FREE] = { "free", "integer", NULL, 0, 0, 0, 0, GEN_MAX_N, "1",
	  "blocked: squares left unblocked in every row and column",
	  NULL },
	[G_DIAGONALS] = { "diagonals", "counts", NULL, 0, 0, 0, 0, 0, NULL,
	  "excluded: how many lines, an integer, range or list like n's",
	  "Drawn uniformly without repeats from the 4n-2 diagonals and "
	  "antidiagonals together. Required for family excluded." },
	[G_COUNT] = { "count", "integer", NULL, 0, 0, 0, 1, NQ_MAX_INSTANCES,
	  "1", "instances per parameter value",
	  "Values x count x modes is capped like every entry; the "
	  "instances of every generate: entry together hold at most "
	  "4000000 queens, blocked squares and lines (a copy per mode)." },
	[G_SEED] = { "seed", "integer", NULL, 0, 0, 0, 0, 0, "1",
	  "the generator's seed, an unsigned 64-bit integer",
	  "Instance i of a parameter value p is drawn from a stream that "
	  "depends only on (seed, family, n, p, free, i): xoshiro256** "
	  "seeded through splitmix64, the same on every machine. Its id "
	  "(CSV `instance`): FAMILY-nN-{q|b|d}P[-fF]-sSEED-I, e.g. "
	  "placed-n20-q5-s7-3, blocked-n28-b588-f1-s7-0, "
	  "excluded-n21-d19-s7-0; I counts from 0." },
	[G_MODE] = { "mode", "choice", NULL, 0, 0, 0, 0, 0, "first",
	  "first, count or both, inside generate: or beside it", NULL },
	[G_ONLY] = { "only", "names", NULL, 0, 0, 0, 0, 0, NULL,
	  "the approaches that run these instances, inside or beside it",
	  NULL },
};
const size_t cfg_ngenerate_keys = G_NKEYS;

/* ---- the random numbers ---- */

/* splitmix64's step: a bijective mix with good avalanche, used to
 * condense the instance's coordinates into one 64-bit seed and to fill
 * xoshiro's state from it. */
static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

struct rng {
	uint64_t s[4];
};

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return out;
}

/* Uniform in [0, bound), bound >= 1, without modulo bias: the values
 * below 2^64 mod bound are drawn again. */
static uint64_t rng_below(struct rng *r, uint64_t bound)
{
	uint64_t floor = (0 - bound) % bound, x;

	do
		x = rng_next(r);
	while (x < floor);
	return x % bound;
}

/* The stream of one instance: each coordinate in turn folded in
 * through splitmix64, then the state filled from the result. */
static void rng_seed(struct rng *r, uint64_t seed, int family, int n,
		     int param, int free_k, int index)
{
	uint64_t parts[5] = { (uint64_t)family, (uint64_t)n, (uint64_t)param,
			      (uint64_t)free_k, (uint64_t)index };
	uint64_t x = seed, h = splitmix64(&x);
	int i;

	for (i = 0; i < 5; i++) {
		x = h ^ parts[i];
		h = splitmix64(&x);
	}
	x = h;
	for (i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}

/* ---- the families ---- */

/* Scratch space for one instance, sized for the entry's n. */
struct gen {
	int n;
	nq_square *sq;         /* the queens or blocked squares drawn */
	int *cells;            /* a permutation of squares or lines */
	int *rowc, *colc;      /* per row / column: attacked, or blocked */
	int *rowfree;          /* placed: per row, the squares still free */
	uint64_t *mask;        /* placed: per row, `words` words, free bits */
	int words;
	int *live;             /* placed: the rows with free squares, in order */
	int *diag, *anti;      /* attacked lines */
	int *lines;            /* the lines drawn */
};

/* Clear bit c of row d's free mask (if c is on the board and the bit
 * set): one fewer free square in that row and on the board. */
static void take(struct gen *g, int d, int c, uint64_t *nfree)
{
	uint64_t *w, bit;

	if (c < 0 || c >= g->n)
		return;
	w = &g->mask[(size_t)d * (size_t)g->words + (size_t)(c >> 6)];
	bit = 1ULL << (c & 63);
	if (*w & bit) {
		*w &= ~bit;
		g->rowfree[d]--;
		(*nfree)--;
	}
}

/* One draw of q queens, each uniformly among the squares no queen
 * attacks yet: the pick-th free square in row-major order, pick uniform
 * below the number free. Each row keeps its free squares as a bit mask
 * and their count, so a queen costs O(n) (the up to three squares it
 * newly attacks in each other row, and the walk to the chosen square),
 * not O(n^2). *work grows by what the draw walked. 0, or -1 when the
 * board filled up first; *reached is how many queens it placed. */
static int draw_placed(struct gen *g, struct rng *r, int q, int *reached,
		       unsigned long long *work)
{
	int n = g->n, words = g->words, k, row, col, d, w, i, nlive = n, keep;
	uint64_t nfree = (uint64_t)n * (uint64_t)n, pick, m;
	int *live = g->live;

	for (row = 0; row < n; row++) {
		uint64_t *rm = &g->mask[(size_t)row * (size_t)words];

		g->rowfree[row] = n;
		live[row] = row;
		for (w = 0; w < words; w++)
			rm[w] = n - 64 * w >= 64 ? ~0ULL
				: (1ULL << (n - 64 * w)) - 1;
	}
	*work += (unsigned long long)n * (unsigned long long)words;
	for (k = 0; k < q; k++) {
		uint64_t *rm;

		if (!nfree) {
			*reached = k;
			return -1;
		}
		pick = rng_below(r, nfree);
		for (i = 0; pick >= (uint64_t)g->rowfree[live[i]]; i++)
			pick -= (uint64_t)g->rowfree[live[i]];
		row = live[i];
		rm = &g->mask[(size_t)row * (size_t)words];
		for (w = 0; pick >= (uint64_t)__builtin_popcountll(rm[w]); w++)
			pick -= (uint64_t)__builtin_popcountll(rm[w]);
		for (m = rm[w]; pick--; m &= m - 1)
			;
		col = 64 * w + __builtin_ctzll(m);
		g->sq[k].row = row;
		g->sq[k].col = col;
		nfree -= (uint64_t)g->rowfree[row];
		g->rowfree[row] = 0;
		for (w = 0; w < words; w++)
			rm[w] = 0;
		/* the squares it newly attacks in the rows with free squares
		 * left (kept in order; those left with none drop out); on a
		 * board of one word a row, without a branch per square */
		for (i = keep = 0; i < nlive; i++) {
			d = live[i];
			if (words == 1) {
				int c1 = col + d - row, c2 = col - d + row;
				uint64_t m0 = g->mask[d], hit = m0 &
					((1ULL << col) |
					 ((unsigned)c1 < 64 ? 1ULL << c1 : 0) |
					 ((unsigned)c2 < 64 ? 1ULL << c2 : 0));
				int lost = (int)((hit >> col) & 1) +
					(int)((unsigned)c1 < 64 ? (hit >> c1) & 1 : 0) +
					(int)((unsigned)c2 < 64 ? (hit >> c2) & 1 : 0);

				g->mask[d] = m0 & ~hit;
				g->rowfree[d] -= lost;
				nfree -= (uint64_t)lost;
			} else if (d != row) {
				take(g, d, col, &nfree);
				take(g, d, col + d - row, &nfree);
				take(g, d, col - d + row, &nfree);
			}
			live[keep] = d;
			keep += g->rowfree[d] > 0;
		}
		*work += 3 * (unsigned long long)nlive;
		nlive = keep;
	}
	*reached = q;
	return 0;
}

/* One draw of b blocked squares: the squares in a random order (an
 * incremental Fisher-Yates shuffle), each blocked when its row and its
 * column keep more than free_k unblocked, passed over otherwise (a row
 * or column at its limit stays there, so each block is uniform among
 * the squares still allowed). 0, or -1 when the squares ran out. */
static int draw_blocked(struct gen *g, struct rng *r, int b, int free_k,
			unsigned long long *work)
{
	int n = g->n, nn = n * n, i, got = 0;

	for (i = 0; i < nn; i++)
		g->cells[i] = i;
	for (i = 0; i < n; i++)
		g->rowc[i] = g->colc[i] = n;
	for (i = 0; i < nn && got < b; i++) {
		int j = i + (int)rng_below(r, (uint64_t)(nn - i));
		int cell = g->cells[j], row = cell / n, col = cell % n;

		g->cells[j] = g->cells[i];
		g->cells[i] = cell;
		if (g->rowc[row] <= free_k || g->colc[col] <= free_k)
			continue;
		g->rowc[row]--;
		g->colc[col]--;
		g->sq[got].row = row;
		g->sq[got].col = col;
		got++;
	}
	*work += (unsigned long long)nn + (unsigned long long)i;
	return got == b ? 0 : -1;
}

/* d distinct lines uniformly of the 4n-2: 0..2n-2 the diagonals, the
 * rest the antidiagonals (less 2n-1). Sets *ndiag; the diagonals come
 * first in g->lines. */
static void draw_excluded(struct gen *g, struct rng *r, int d, int *ndiag)
{
	int total = 4 * g->n - 2, i, nd = 0, na = 0;

	for (i = 0; i < total; i++)
		g->cells[i] = i;
	for (i = 0; i < d; i++) {
		int j = i + (int)rng_below(r, (uint64_t)(total - i));
		int line = g->cells[j];

		g->cells[j] = g->cells[i];
		g->cells[i] = line;
		if (line < 2 * g->n - 1)
			g->diag[nd++] = line;
		else
			g->anti[na++] = line - (2 * g->n - 1);
	}
	memcpy(g->lines, g->diag, (size_t)nd * sizeof *g->lines);
	memcpy(g->lines + nd, g->anti, (size_t)na * sizeof *g->lines);
	*ndiag = nd;
}

/* ---- loading ---- */

struct gen_args {
	int family, n, free_k, count;
	uint64_t seed;
	struct int_vec params;
};

/* Why a parameter value is too large for the board. */
static int param_too_big(struct loader *L, const yaml_node_t *node,
			 const struct gen_args *a, long long x, long long max)
{
	if (a->family == FAM_PLACED)
		return cfg_fail(L, node, "generate: cannot place %lld "
				"non-attacking queens on n=%d (at most %d)", x,
				a->n, a->n);
	if (a->family == FAM_BLOCKED)
		return cfg_fail(L, node, "generate: %lld blocked squares on "
				"n=%d leave fewer than %d free in some row or "
				"column (at most n*(n-free) = %lld)", x, a->n,
				a->free_k, max);
	return cfg_fail(L, node, "generate: cannot exclude %lld lines on "
			"n=%d (there are 4n-2 = %lld)", x, a->n, max);
}

/* The shortest CSV hints text q queens on n can have ("r:c r:c",
 * 1-based): their rows are distinct, and so are their columns, so at
 * best the q shortest numbers of 1..n twice, a colon each, spaces
 * between. */
static long long hints_len_min(int n, long long q)
{
	long long len = q ? 2 * q - 1 : 0, left = q, lo = 1, digits = 1;

	while (left > 0 && lo <= n) {
		long long hi = lo * 10 - 1 < n ? lo * 10 - 1 : n;
		long long take = hi - lo + 1 < left ? hi - lo + 1 : left;

		len += 2 * take * digits;
		left -= take;
		lo *= 10;
		digits++;
	}
	return len;
}

/* placed: whether x queens on n can fit the CSV hints column at all;
 * checked before anything is drawn. */
static int hints_fit(struct loader *L, const yaml_node_t *node,
		     const struct gen_args *a, long long x)
{
	long long cap = (long long)sizeof ((nq_instance_spec *)0)->hints_text
			- 1, most = 0;

	if (a->family != FAM_PLACED || hints_len_min(a->n, x) <= cap)
		return 0;
	while (most < a->n && hints_len_min(a->n, most + 1) <= cap)
		most++;
	return cfg_fail(L, node, "generate: queens: %lld queens on n=%d do "
			"not fit the CSV hints column (at least %lld "
			"characters as \"r:c r:c\", at most %lld; at most %lld "
			"queens fit on n=%d)", x, a->n, hints_len_min(a->n, x),
			cap, most, a->n);
}

/* One item of the family's parameter: an integer or a range, like n's,
 * each value in [0, max]. */
static int load_param_item(struct loader *L, const yaml_node_t *node,
			   const char *key, long long max, struct gen_args *a)
{
	enum range_kind kind = RANGE_BY;
	long long lo, hi, step = 1, x;
	const char *t;
	char got[80];
	int rc;

	if (node->type != YAML_SCALAR_NODE || cfg_is_null(node))
		return cfg_fail(L, node, "generate: %s: expected an integer, "
				"a range such as '0..20' or a list, got %s",
				key, cfg_describe(node, got, sizeof got));
	t = text_of(node);
	rc = nq_parse_ll(t, &x);
	if (rc == -2)
		return param_too_big(L, node, a, LLONG_MAX, max);
	if (rc == 0)
		lo = hi = x;
	else if (cfg_parse_range(t, &lo, &hi, &kind, &step))
		return cfg_fail(L, node, "generate: %s: expected an integer, "
				"a range such as '0..20' or '0..20 by 2', or a "
				"list, got '%s'", key, t);
	if (lo < 0 || hi < 0)
		return cfg_fail(L, node, "generate: %s must be at least 0, got "
				"'%s'", key, t);
	if (lo > hi)
		return cfg_fail(L, node, "generate: %s: the range '%s' runs "
				"backwards", key, t);
	if (hi > max)
		return param_too_big(L, node, a, hi, max);
	if (hints_fit(L, node, a, hi))
		return -1;
	if ((kind == RANGE_BY && step < 1) ||
	    (kind == RANGE_TIMES && (step < 2 || lo < 1)))
		return cfg_fail(L, node, "generate: %s: the step in '%s' does "
				"not move", key, t);
	for (x = lo; x <= hi; x = kind == RANGE_BY ? x + step : x * step) {
		if (a->params.n >= NQ_MAX_INSTANCES)
			return cfg_fail(L, node, "generate: %s: more than %d "
					"values", key, NQ_MAX_INSTANCES);
		if (cfg_int_vec_push(&a->params, (int)x))
			return cfg_fail(L, node, "out of memory");
	}
	return 0;
}

static int load_param(struct loader *L, const yaml_node_t *node,
		      const char *key, long long max, struct gen_args *a)
{
	size_t i;

	if (node->type != YAML_SEQUENCE_NODE)
		return load_param_item(L, node, key, max, a);
	if (!seq_len(node))
		return cfg_fail(L, node, "generate: %s: the list is empty",
				key);
	for (i = 0; i < seq_len(node); i++)
		if (load_param_item(L, seq_item(L, node, i), key, max, a))
			return -1;
	return 0;
}

/* The keys of the generate: mapping, each known and given once. */
static int walk_keys(struct loader *L, const yaml_node_t *map,
		     yaml_node_t **keys, yaml_node_t **values)
{
	const char *names[G_NKEYS];
	yaml_node_pair_t *p;
	char got[80];
	int i;

	for (i = 0; i < G_NKEYS; i++) {
		keys[i] = values[i] = NULL;
		names[i] = cfg_generate_keys[i].name;
	}
	for (p = map->data.mapping.pairs.start;
	     p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *key = node_at(L, p->key);
		const char *name, *best;

		if (key->type != YAML_SCALAR_NODE || cfg_is_null(key))
			return cfg_fail(L, key, "generate: expected a key name, "
					"got %s",
					cfg_describe(key, got, sizeof got));
		name = text_of(key);
		for (i = 0; i < G_NKEYS && strcmp(names[i], name); i++)
			;
		if (i == G_NKEYS) {
			best = nq_suggest(name, names, G_NKEYS);
			if (best)
				return cfg_fail(L, key, "generate: unknown key "
						"'%s' (did you mean '%s'?)",
						name, best);
			return cfg_fail(L, key, "generate: unknown key '%s' "
					"(known: family, n, queens, blocked, "
					"free, diagonals, count, seed, mode, "
					"only)", name);
		}
		if (keys[i])
			return cfg_fail(L, key, "generate: duplicate key '%s' "
					"(first given at line %d)", name,
					line_of(keys[i]));
		keys[i] = key;
		values[i] = node_at(L, p->value);
	}
	return 0;
}

static int load_args(struct loader *L, const yaml_node_t *v,
		     yaml_node_t **keys, yaml_node_t **values,
		     struct gen_args *a)
{
	static const int own[] = { 0, G_QUEENS, G_BLOCKED, G_DIAGONALS };
	long long x;
	const char *t;
	char why[80];
	int f, i;

	for (i = 0; i < G_NKEYS; i++)
		if (cfg_generate_keys[i].required && !values[i])
			return cfg_fail(L, v, "generate: without '%s' (%s)",
					cfg_generate_keys[i].name,
					cfg_generate_keys[i].help);
	if (cfg_want_scalar(L, values[G_FAMILY], "family", "placed, blocked "
			    "or excluded", &t))
		return -1;
	if ((f = nq_choice(t, family_names + 1, 3, why, sizeof why) + 1) < 1)
		return cfg_fail(L, values[G_FAMILY], "generate: unknown family "
				"'%s' (%s)", t, why);
	a->family = f;
	if (cfg_want_int(L, values[G_N], "n", 1, GEN_MAX_N, &x))
		return -1;
	a->n = (int)x;
	/* each family's own keys, and none of another's */
	for (i = 1; i <= 3; i++)
		if (i != f && keys[own[i]])
			return cfg_fail(L, keys[own[i]], "generate: '%s' is "
					"not a key of family %s (it takes "
					"'%s')", param_keys[i], t,
					param_keys[f]);
	if (f != FAM_BLOCKED && keys[G_FREE])
		return cfg_fail(L, keys[G_FREE], "generate: 'free' is a key of "
				"family blocked only");
	if (!values[own[f]])
		return cfg_fail(L, v, "generate: family %s needs '%s' (%s)", t,
				param_keys[f], cfg_generate_keys[own[f]].help);
	a->free_k = 1;
	if (values[G_FREE]) {
		if (cfg_want_int(L, values[G_FREE], "free", 0, a->n, &x))
			return -1;
		a->free_k = (int)x;
	}
	x = f == FAM_PLACED ? a->n : f == FAM_BLOCKED
		? (long long)a->n * (a->n - a->free_k) : 4LL * a->n - 2;
	if (load_param(L, values[own[f]], param_keys[f], x, a))
		return -1;
	a->count = 1;
	if (values[G_COUNT]) {
		if (cfg_want_int(L, values[G_COUNT], "count", 1,
				 NQ_MAX_INSTANCES, &x))
			return -1;
		a->count = (int)x;
	}
	a->seed = 1;
	if (values[G_SEED]) {
		if (cfg_want_scalar(L, values[G_SEED], "seed", "an unsigned "
				    "64-bit integer", &t))
			return -1;
		if (nq_parse_u64(t, &a->seed))
			return cfg_fail(L, values[G_SEED], "generate: seed: "
					"expected an unsigned 64-bit integer, "
					"got '%s'", t);
	}
	return 0;
}

/* The instance's id: FAMILY-nN-{q|b|d}P[-fF]-sSEED-I. */
static void make_id(const struct gen_args *a, int param, int index,
		    char *buf, size_t len)
{
	static const char letter[] = " qbd";
	char free_part[24] = "";

	if (a->family == FAM_BLOCKED)
		snprintf(free_part, sizeof free_part, "-f%d", a->free_k);
	snprintf(buf, len, "%s-n%d-%c%d%s-s%llu-%d", family_names[a->family],
		 a->n, letter[a->family], param, free_part,
		 (unsigned long long)a->seed, index);
}

static void gen_free(struct gen *g)
{
	free(g->sq);
	free(g->cells);
	free(g->rowc);
	free(g->colc);
	free(g->rowfree);
	free(g->mask);
	free(g->live);
	free(g->diag);
	free(g->anti);
	free(g->lines);
}

static int gen_alloc(struct gen *g, int n)
{
	size_t nn = (size_t)n * (size_t)n + 4 * (size_t)n;

	memset(g, 0, sizeof *g);
	g->n = n;
	g->sq = malloc(nn * sizeof *g->sq);
	g->cells = malloc(nn * sizeof *g->cells);
	g->rowc = malloc((size_t)n * sizeof *g->rowc);
	g->colc = malloc((size_t)n * sizeof *g->colc);
	g->rowfree = malloc((size_t)n * sizeof *g->rowfree);
	g->words = (n + 63) / 64;
	g->mask = malloc((size_t)n * (size_t)g->words * sizeof *g->mask);
	g->live = malloc((size_t)n * sizeof *g->live);
	g->diag = malloc(4 * (size_t)n * sizeof *g->diag);
	g->anti = malloc(4 * (size_t)n * sizeof *g->anti);
	g->lines = malloc(4 * (size_t)n * sizeof *g->lines);
	if (g->sq && g->cells && g->rowc && g->colc && g->rowfree && g->mask && g->live &&
	    g->diag && g->anti &&
	    g->lines)
		return 0;
	gen_free(g);
	return -1;
}

/* Draw instance `index` of parameter `param` and add it, once per mode
 * of the entry. */
static int add_one(struct loader *L, const yaml_node_t *node,
		   const yaml_node_t *pnode, const struct gen_args *a,
		   struct gen *g, int param, int index)
{
	const struct entry *e = L->entry;
	struct rng r;
	char id[128], why[200];
	int tries = 0, ndiag = 0, rc, reached = 0, best = 0;
	size_t m;

	rng_seed(&r, a->seed, a->family, a->n, param, a->free_k, index);
	if (a->family == FAM_EXCLUDED)
		draw_excluded(g, &r, param, &ndiag);
	else if (a->family == FAM_PLACED)
		while (draw_placed(g, &r, param, &reached,
				   &L->gen_placed_walk)) {
			best = reached > best ? reached : best;
			if (++tries == GEN_TRIES ||
			    L->gen_placed_walk > GEN_MAX_DRAW_WORK)
				return cfg_fail(L, pnode, "generate: queens: "
						"cannot place %d "
						"non-attacking queens on n=%d: "
						"%s (instance %d: %d draws ran "
						"out of free squares, the most "
						"placed was %d); placing queens "
						"at random seldom gets near n: "
						"lower queens%s", param, a->n,
						tries == GEN_TRIES ? "too many "
						"draws failed" : "the "
						"experiment's placed draws "
						"walked more than 10^9 "
						"squares", index, tries,
						best, tries == GEN_TRIES ? ""
						: " or count");
		}
	else
		while (draw_blocked(g, &r, param, a->free_k,
				    &L->gen_blocked_walk))
			if (++tries == GEN_TRIES ||
			    L->gen_blocked_walk > GEN_MAX_BLOCK_WORK)
				return cfg_fail(L, pnode, "generate: blocked: "
						"could not block %d squares on "
						"n=%d leaving %d free in every "
						"row and column: %s (instance "
						"%d: %d draws ran out of "
						"squares); lower blocked%s",
						param, a->n, a->free_k,
						tries == GEN_TRIES ? "too many "
						"draws failed" : "the "
						"experiment's blocked draws "
						"walked more than 2 * 10^8 "
						"squares", index,
						tries, tries == GEN_TRIES ? ""
						: " or count");
	make_id(a, param, index, id, sizeof id);
	for (m = 0; m < e->nmodes; m++) {
		nq_instance_spec *s = &L->exp->instances[L->exp->ninstances];
		int placed = a->family == FAM_PLACED ? param : 0;
		int blocked = a->family == FAM_BLOCKED ? param : 0;
		int excl = a->family == FAM_EXCLUDED;

		rc = nq_spec_fill(s, a->n, e->modes[m], placed ? g->sq : NULL,
				  placed, blocked ? g->sq : NULL, blocked,
				  excl ? g->lines : NULL, excl ? ndiag : 0,
				  excl ? g->lines + ndiag : NULL,
				  excl ? param - ndiag : 0);
		if (rc == -2)
			return cfg_fail(L, pnode, "generate: %d queens on n=%d "
					"do not fit the CSV hints column (%zu "
					"characters as \"r:c r:c\")", param,
					a->n, sizeof s->hints_text - 1);
		if (rc)
			return cfg_fail(L, node, "out of memory");
		memcpy(s->only, e->only, sizeof s->only);
		s->line = line_of(node);
		s->col = (int)node->start_mark.column + 1;
		L->exp->ninstances++;
		/* the generator's own check: what it drew is an instance */
		if (nq_check_instance(&s->inst, why, sizeof why))
			return cfg_fail(L, node, "generate: instance %s is "
					"not valid: %s", id, why);
		if (nq_spec_set_id(s, id))
			return cfg_fail(L, node, "generate: the id '%s' is too "
					"long", id);
	}
	return 0;
}

/* generate: loads after the entry's mode and only (the `pass` column of
 * instance_keys); config.c refuses n, hints, blocked and excluded beside
 * it. The instances are added here, not by cfg_add_instances. */
int cfg_key_generate(struct loader *L, const struct key_def *k,
		     const yaml_node_t *v)
{
	struct entry *e = L->entry;
	yaml_node_t *keys[G_NKEYS], *values[G_NKEYS];
	const yaml_node_t *pnode;
	struct gen_args a;
	struct gen g;
	unsigned long long total, area, held;
	char got[80];
	size_t p;
	int i, rc = -1;

	if (v->type != YAML_MAPPING_NODE)
		return cfg_fail(L, v, "generate: expected a mapping such as "
				"{family: placed, n: 20, queens: 0..20, count: "
				"50, seed: 7}, got %s",
				cfg_describe(v, got, sizeof got));
	if (walk_keys(L, v, keys, values))
		return -1;
	if (keys[G_MODE] && e->mode_given)
		return cfg_fail(L, keys[G_MODE], "generate: mode is given both "
				"inside generate: and beside it");
	if (keys[G_ONLY] && e->only[0])
		return cfg_fail(L, keys[G_ONLY], "generate: only is given both "
				"inside generate: and beside it");
	if ((values[G_MODE] && cfg_key_mode(L, k, values[G_MODE])) ||
	    (values[G_ONLY] && cfg_key_only(L, k, values[G_ONLY])))
		return -1;
	memset(&a, 0, sizeof a);
	if (load_args(L, v, keys, values, &a))
		goto out;
	pnode = values[a.family == FAM_PLACED ? G_QUEENS : a.family ==
		       FAM_BLOCKED ? G_BLOCKED : G_DIAGONALS];
	total = (unsigned long long)a.params.n * (unsigned long long)a.count *
		e->nmodes;
	if (L->exp->ninstances + total > NQ_MAX_INSTANCES) {
		cfg_fail(L, v, "generate: too many instances (%llu; at most "
			 "%d in the experiment); lower count or split the "
			 "experiment", total, NQ_MAX_INSTANCES);
		goto out;
	}
	area = total / e->nmodes * (unsigned long long)a.n * a.n;
	if (L->gen_area + area > GEN_MAX_WORK) {
		if (!L->gen_area)
			cfg_fail(L, v, "generate: %llu instances on n=%d are "
				 "too many to draw (instances x n^2 at most "
				 "10^9 in the experiment); lower count",
				 total / e->nmodes, a.n);
		else
			cfg_fail(L, v, "generate: %llu instances on n=%d are "
				 "too many to draw: with the entries before, "
				 "instances x n^2 comes to %llu, at most 10^9 "
				 "in the experiment; lower count here or "
				 "before", total / e->nmodes, a.n,
				 L->gen_area + area);
		goto out;
	}
	/* the squares the instances will hold, before any is drawn */
	for (p = 0, held = 0; p < a.params.n; p++)
		held += (unsigned long long)a.params.v[p];
	held *= (unsigned long long)a.count * e->nmodes;
	if (L->gen_held + held > GEN_MAX_HELD) {
		const char *what = a.family == FAM_EXCLUDED ? "lines" :
			a.family == FAM_PLACED ? "queens" : "blocked squares";
		char before[80] = "";

		if (L->gen_held)
			snprintf(before, sizeof before, ", %llu with the "
				 "entries before", L->gen_held + held);
		cfg_fail(L, v, "generate: its instances would hold %llu %s "
			 "(%s x count x modes)%s; an experiment's generated "
			 "instances may hold at most 4000000 squares and "
			 "lines in all: lower %s or count%s", held, what,
			 param_keys[a.family], before, param_keys[a.family],
			 L->gen_held ? ", here or before" : "");
		goto out;
	}
	L->gen_area += area;
	L->gen_held += held;
	if (cfg_grow_instances(L, v, L->exp->ninstances + (size_t)total))
		goto out;
	if (gen_alloc(&g, a.n)) {
		cfg_fail(L, v, "out of memory");
		goto out;
	}
	rc = 0;
	for (p = 0; !rc && p < a.params.n; p++)
		for (i = 0; !rc && i < a.count; i++)
			rc = add_one(L, v, pnode, &a, &g, a.params.v[p], i);
	gen_free(&g);
out:
	free(a.params.v);
	return rc;
}
