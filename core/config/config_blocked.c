/*
 * config_blocked.c - the keys of an `instances:` entry that make the
 * NP-complete variants (issue 12): `blocked` squares and `excluded`
 * diagonals and antidiagonals, checked like the hints (on the board of
 * the entry's smallest n, so of every n; none twice; no hint on one) and
 * loaded 0-based and sorted into the entry. The numbering of lines is
 * written once, in include/nq_plugin.h; the file numbers them from 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>
#include "order.h"
#include "loader.h"
#include "units.h"

static int entry_min_n(const struct entry *e)
{
	int min_n = e->ns.v[0];
	size_t i;

	for (i = 1; i < e->ns.n; i++)
		if (e->ns.v[i] < min_n)
			min_n = e->ns.v[i];
	return min_n;
}

/* An integer scalar, or -1 with the error set. Numbers too large for a
 * long long read as 0: off every board. */
static int item_int(struct loader *L, const yaml_node_t *x, const char *key,
		    const char *expected, long long *v)
{
	char got[80];
	int rc;

	if (x->type != YAML_SCALAR_NODE || cfg_is_null(x) ||
	    (rc = nq_parse_ll(text_of(x), v)) == -1)
		return cfg_fail(L, x, "%s: expected %s, got %s", key, expected,
				cfg_describe(x, got, sizeof got));
	if (rc == -2)
		*v = 0;
	return 0;
}

int cfg_key_blocked(struct loader *L, const struct key_def *k,
		    const yaml_node_t *v)
{
	static const char expected[] =
		"a blocked square as a pair [row, column] of integers";
	struct entry *e = L->entry;
	int min_n = entry_min_n(e);
	char got[80];
	size_t i, j;

	(void)k;
	if (v->type != YAML_SEQUENCE_NODE)
		return cfg_fail(L, v, "blocked: expected a list of [row, "
				"column] pairs, got %s",
				cfg_describe(v, got, sizeof got));
	if (seq_len(v) && !(e->blocked = malloc(seq_len(v) *
						 sizeof *e->blocked)))
		return cfg_fail(L, v, "out of memory");
	for (i = 0; i < seq_len(v); i++) {
		const yaml_node_t *b = seq_item(L, v, i);
		long long rc[2];
		nq_square here;
		int c;

		if (b->type != YAML_SEQUENCE_NODE)
			return cfg_fail(L, b, "blocked: expected %s, got %s",
					expected,
					cfg_describe(b, got, sizeof got));
		if (seq_len(b) != 2)
			return cfg_fail(L, b, "blocked: expected %s, got a "
					"list of %zu item%s", expected,
					seq_len(b), seq_len(b) == 1 ? "" : "s");
		for (c = 0; c < 2; c++)
			if (item_int(L, seq_item(L, b, (size_t)c), "blocked",
				     expected, &rc[c]))
				return -1;
		if (rc[0] < 1 || rc[0] > min_n || rc[1] < 1 || rc[1] > min_n)
			return cfg_fail(L, b, "blocked square [%s, %s] is off "
					"the %dx%d board (rows and columns run "
					"1..%d)", text_of(seq_item(L, b, 0)),
					text_of(seq_item(L, b, 1)), min_n,
					min_n, min_n);
		here.row = (int)rc[0] - 1;
		here.col = (int)rc[1] - 1;
		/* O(k^2) like the hints: a file's list, not a generator's */
		for (j = 0; j < e->nblocked; j++)
			if (!nq_cmp_square(&here, &e->blocked[j]))
				return cfg_fail(L, b, "blocked square [%lld, "
						"%lld] is given twice", rc[0],
						rc[1]);
		for (j = 0; j < e->nhints; j++)
			if (!nq_cmp_square(&here, &e->hints[j]))
				return cfg_fail(L, b, "blocked square [%lld, "
						"%lld] holds the hint [%lld, "
						"%lld]: a queen may not stand "
						"there", rc[0], rc[1], rc[0],
						rc[1]);
		e->blocked[e->nblocked++] = here;
	}
	if (e->nblocked)
		qsort(e->blocked, e->nblocked, sizeof *e->blocked, nq_cmp_square);
	return 0;
}

/* One list of lines (`diagonals` or `antidiagonals`), 1-based in the
 * file, into out[] 0-based and sorted. */
static int load_lines(struct loader *L, const yaml_node_t *v,
		      const char *key, int anti, int **out, size_t *count)
{
	static const char expected[] = "a line number (an integer)";
	const struct entry *e = L->entry;
	int min_n = entry_min_n(e), top = 2 * min_n - 1;
	char got[80];
	size_t i, j;

	if (v->type != YAML_SEQUENCE_NODE)
		return cfg_fail(L, v, "excluded: %s: expected a list of line "
				"numbers 1..%d, got %s", key, top,
				cfg_describe(v, got, sizeof got));
	if (seq_len(v) && !(*out = malloc(seq_len(v) * sizeof **out)))
		return cfg_fail(L, v, "out of memory");
	for (i = 0; i < seq_len(v); i++) {
		const yaml_node_t *x = seq_item(L, v, i);
		long long d;
		int line;

		if (item_int(L, x, key, expected, &d))
			return -1;
		if (d < 1 || d > top)
			return cfg_fail(L, x, "excluded: %s %s is off the %dx%d "
					"board (%s run 1..%d)", anti ?
					"antidiagonal" : "diagonal", text_of(x),
					min_n, min_n, key, top);
		line = (int)d - 1;
		for (j = 0; j < *count; j++)
			if ((*out)[j] == line)
				return cfg_fail(L, x, "excluded: %s %lld is "
						"given twice", anti ?
						"antidiagonal" : "diagonal", d);
		/* an antidiagonal's squares are the same on every board,
		 * a diagonal's move with n (d = col - row + n - 1): a hint
		 * is checked against the line on each n of the entry */
		for (j = 0; j < e->nhints; j++) {
			nq_square h = e->hints[j];
			size_t t;

			for (t = 0; t < e->ns.n; t++) {
				int n = e->ns.v[t];
				int on = anti ? h.row + h.col
					      : h.col - h.row + n - 1;

				if (on != line)
					continue;
				if (anti)
					return cfg_fail(L, x, "excluded: "
							"antidiagonal %lld "
							"holds the hint [%d, "
							"%d]: a queen may not "
							"stand on it", d,
							h.row + 1, h.col + 1);
				return cfg_fail(L, x, "excluded: diagonal "
						"%lld holds the hint [%d, %d] "
						"on the %dx%d board: a queen "
						"may not stand on it", d,
						h.row + 1, h.col + 1, n, n);
			}
		}
		(*out)[(*count)++] = line;
	}
	if (*count)
		qsort(*out, *count, sizeof **out, nq_cmp_int);
	return 0;
}

int cfg_key_excluded(struct loader *L, const struct key_def *k,
		     const yaml_node_t *v)
{
	struct entry *e = L->entry;
	const yaml_node_t *seen[2] = { NULL, NULL };
	yaml_node_pair_t *p;
	char got[80];

	(void)k;
	if (v->type != YAML_MAPPING_NODE)
		return cfg_fail(L, v, "excluded: expected a mapping such as "
				"{diagonals: [3, 7], antidiagonals: [2]}, got "
				"%s", cfg_describe(v, got, sizeof got));
	for (p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top;
	     p++) {
		const yaml_node_t *key = node_at(L, p->key);
		const char *name;
		int anti;

		if (key->type != YAML_SCALAR_NODE || cfg_is_null(key))
			return cfg_fail(L, key, "excluded: expected diagonals "
					"or antidiagonals, got %s",
					cfg_describe(key, got, sizeof got));
		name = text_of(key);
		if (!strcmp(name, "diagonals"))
			anti = 0;
		else if (!strcmp(name, "antidiagonals"))
			anti = 1;
		else
			return cfg_fail(L, key, "excluded: unknown key '%s' "
					"(known: diagonals, antidiagonals)",
					name);
		if (seen[anti])
			return cfg_fail(L, key, "excluded: '%s' is given twice",
					name);
		seen[anti] = key;
		if (load_lines(L, node_at(L, p->value), name, anti,
			       anti ? &e->anti : &e->diag,
			       anti ? &e->nanti : &e->ndiag))
			return -1;
	}
	return 0;
}
