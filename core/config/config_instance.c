/*
 * config_instance.c - the keys of one `instances:` entry: n (an integer,
 * a range or a list), mode, hints and only, loaded into the entry, and the
 * entry's instances (for each n, for each mode, one). Blocked squares and
 * excluded lines are in config_blocked.c. The key table they
 * belong to is instance_keys in config.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>
#include "instance.h"
#include "loader.h"
#include "units.h"
#include "validate.h"

int cfg_int_vec_push(struct int_vec *iv, int x)
{
	if (iv->n == iv->cap) {
		size_t cap = iv->cap ? 2 * iv->cap : 16;
		int *v = realloc(iv->v, cap * sizeof *v);

		if (!v)
			return -1;
		iv->v = v;
		iv->cap = cap;
	}
	iv->v[iv->n++] = x;
	return 0;
}

/* An integer inside a range string: optional sign, digits, saturating
 * far beyond NQ_MAX_N. Returns the rest, or NULL. */
static const char *range_int(const char *p, long long *out)
{
	int neg = 0;
	long long v = 0;

	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	if (!(*p >= '0' && *p <= '9'))
		return NULL;
	for (; *p >= '0' && *p <= '9'; p++)
		if (v < 1000000000000LL)
			v = v * 10 + (*p - '0');
	*out = neg ? -v : v;
	return p;
}

static const char *skip_spaces(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* "A..B", "A..B by S", "A..B times F". -1 when malformed. Also read
 * by the generators' parameters (config_generate.c). */
int cfg_parse_range(const char *t, long long *a, long long *b,
		    enum range_kind *kind, long long *step)
{
	const char *p = skip_spaces(t);

	*kind = RANGE_BY;
	*step = 1;
	if (!(p = range_int(p, a)))
		return -1;
	p = skip_spaces(p);
	if (strncmp(p, "..", 2) != 0)
		return -1;
	p = skip_spaces(p + 2);
	if (!(p = range_int(p, b)))
		return -1;
	p = skip_spaces(p);
	if (!*p)
		return 0;
	if (strncmp(p, "by", 2) == 0 && (p[2] == ' ' || p[2] == '\t')) {
		p += 2;
	} else if (strncmp(p, "times", 5) == 0 &&
		   (p[5] == ' ' || p[5] == '\t')) {
		*kind = RANGE_TIMES;
		p += 5;
	} else {
		return -1;
	}
	p = skip_spaces(p);
	if (!(p = range_int(p, step)))
		return -1;
	return *skip_spaces(p) ? -1 : 0;
}

/* Room for `more` n values in this entry, given the modes per n. */
static int check_instance_cap(struct loader *L, const yaml_node_t *node,
			      size_t have, unsigned long long more,
			      size_t nmodes)
{
	unsigned long long total = (unsigned long long)have + more;

	if (L->exp->ninstances + total * nmodes > NQ_MAX_INSTANCES)
		return cfg_fail(L, node, "n: too many instances (more than %d "
				"after expanding ranges, lists and modes); "
				"split the experiment", NQ_MAX_INSTANCES);
	return 0;
}

/* One n item: an integer or a range string. */
static int load_n_item(struct loader *L, const yaml_node_t *node,
		       size_t nmodes, struct int_vec *ns)
{
	static const char expected[] =
		"an integer, a range such as '4..12', '4..12 by 2' or "
		"'16..1024 times 2', or a list of these";
	enum range_kind kind;
	long long a, b, step, x;
	unsigned long long count;
	const char *t;
	char got[80];

	if (node->type != YAML_SCALAR_NODE || cfg_is_null(node))
		return cfg_fail(L, node, "n: expected %s, got %s", expected,
				cfg_describe(node, got, sizeof got));
	t = text_of(node);
	if (nq_parse_ll(t, &x) != -1) {
		if (cfg_want_int(L, node, "n", 1, NQ_MAX_N, &x) ||
		    check_instance_cap(L, node, ns->n, 1, nmodes))
			return -1;
		return cfg_int_vec_push(ns, (int)x) ? cfg_fail(L, node,
						       "out of memory") : 0;
	}
	if (cfg_parse_range(t, &a, &b, &kind, &step))
		return cfg_fail(L, node, "n: expected %s, got '%s'", expected,
				t);
	if (a < 1 || b < 1)
		return cfg_fail(L, node, "n must be at least 1, got %lld in "
				"'%s'", a < 1 ? a : b, t);
	if (a > NQ_MAX_N || b > NQ_MAX_N)
		return cfg_fail(L, node, "n must be at most %d, got %lld in "
				"'%s'", NQ_MAX_N, a > NQ_MAX_N ? a : b, t);
	if (a > b)
		return cfg_fail(L, node, "n: the range '%s' runs backwards "
				"(did you mean '%lld..%lld'?)", t, b, a);
	if (kind == RANGE_BY && step < 1)
		return cfg_fail(L, node, "n: the step in '%s' must be at least "
				"1", t);
	if (kind == RANGE_TIMES && step < 2)
		return cfg_fail(L, node, "n: the factor in '%s' must be at "
				"least 2", t);
	if (kind == RANGE_BY) {
		count = (unsigned long long)((b - a) / step) + 1;
	} else {
		count = 1;
		for (x = a; x <= b / step; x *= step)
			count++;
	}
	if (check_instance_cap(L, node, ns->n, count, nmodes))
		return -1;
	for (x = a;; x = kind == RANGE_BY ? x + step : x * step) {
		if (cfg_int_vec_push(ns, (int)x))
			return cfg_fail(L, node, "out of memory");
		if (!--count)
			return 0;
	}
}

static int load_n(struct loader *L, const yaml_node_t *node, size_t nmodes,
		  struct int_vec *ns)
{
	size_t i;

	if (node->type != YAML_SEQUENCE_NODE)
		return load_n_item(L, node, nmodes, ns);
	if (seq_len(node) == 0)
		return cfg_fail(L, node, "n: the list is empty (expected at "
				"least one board size)");
	for (i = 0; i < seq_len(node); i++)
		if (load_n_item(L, seq_item(L, node, i), nmodes, ns))
			return -1;
	return 0;
}

static int load_mode_item(struct loader *L, const yaml_node_t *node,
			  enum nq_mode *modes, size_t *nmodes)
{
	enum nq_mode m;
	const char *t;
	size_t i;

	static const char *const names[] = { "first", "count" };
	char why[80];

	if (cfg_want_scalar(L, node, "mode", "first or count", &t))
		return -1;
	switch (nq_choice(t, names, 2, why, sizeof why)) {
	case 0:
		m = NQ_MODE_FIRST;
		break;
	case 1:
		m = NQ_MODE_COUNT;
		break;
	default:
		return cfg_fail(L, node, "mode: unknown mode '%s' (%s)", t,
				why);
	}
	for (i = 0; i < *nmodes; i++)
		if (modes[i] == m)
			return cfg_fail(L, node, "mode: '%s' is listed twice",
					t);
	modes[(*nmodes)++] = m;
	return 0;
}

static int load_modes(struct loader *L, const yaml_node_t *node,
		      enum nq_mode *modes, size_t *nmodes)
{
	size_t i;

	*nmodes = 0;
	if (node->type != YAML_SEQUENCE_NODE)
		return load_mode_item(L, node, modes, nmodes);
	if (seq_len(node) == 0)
		return cfg_fail(L, node, "mode: the list is empty (expected "
				"first, count or both)");
	for (i = 0; i < seq_len(node); i++)
		if (load_mode_item(L, seq_item(L, node, i), modes, nmodes))
			return -1;
	return 0;
}

/* Hints: a list of 1-based [row, column] pairs, on the smallest board of
 * the entry (so on every board of it), no two attacking. Stored 0-based. */
static int load_hints(struct loader *L, const yaml_node_t *node, int min_n,
		      nq_square *hints, size_t *nhints)
{
	static const char expected[] =
		"a hint as a pair [row, column] of integers";
	char got[80];
	size_t i, j;

	*nhints = 0;
	if (node->type != YAML_SEQUENCE_NODE)
		return cfg_fail(L, node, "hints: expected a list of [row, "
				"column] pairs, got %s",
				cfg_describe(node, got, sizeof got));
	for (i = 0; i < seq_len(node); i++) {
		const yaml_node_t *h = seq_item(L, node, i);
		long long rc[2];
		int k;

		if (h->type != YAML_SEQUENCE_NODE)
			return cfg_fail(L, h, "hints: expected %s, got %s",
					expected,
					cfg_describe(h, got, sizeof got));
		if (seq_len(h) != 2)
			return cfg_fail(L, h, "hints: expected %s, got a list "
					"of %zu item%s", expected, seq_len(h),
					seq_len(h) == 1 ? "" : "s");
		for (k = 0; k < 2; k++) {
			const yaml_node_t *x = seq_item(L, h, (size_t)k);

			if (x->type != YAML_SCALAR_NODE || cfg_is_null(x) ||
			    nq_parse_ll(text_of(x), &rc[k]) == -1)
				return cfg_fail(L, x, "hints: expected %s, got "
						"%s", expected, cfg_describe(x,
						got, sizeof got));
			if (nq_parse_ll(text_of(x), &rc[k]) == -2)
				rc[k] = 0; /* off every board */
		}
		if (rc[0] < 1 || rc[0] > min_n || rc[1] < 1 || rc[1] > min_n)
			return cfg_fail(L, h, "hint [%s, %s] is off the %dx%d "
					"board (rows and columns run 1..%d)",
					text_of(seq_item(L, h, 0)),
					text_of(seq_item(L, h, 1)), min_n,
					min_n, min_n);
		for (j = 0; j < *nhints; j++) {
			nq_square here = { (int)rc[0] - 1, (int)rc[1] - 1 };
			const char *line;

			if (here.row == hints[j].row &&
			    here.col == hints[j].col)
				return cfg_fail(L, h, "hint [%lld, %lld] is "
						"given twice", rc[0], rc[1]);
			line = nq_shared_line(hints[j], here);
			if (line)
				return cfg_fail(L, h, "hints [%d, %d] and "
						"[%lld, %lld] attack each "
						"other on a %s",
						hints[j].row + 1,
						hints[j].col + 1, rc[0], rc[1],
						line);
		}
		hints[*nhints].row = (int)rc[0] - 1;
		hints[*nhints].col = (int)rc[1] - 1;
		(*nhints)++;
	}
	return 0;
}

/* The keys of one `instances:` entry load into L->entry, mode first (n's
 * expansion is capped by n values x modes), then n, hints, only (the
 * `pass` column of instance_keys). */

int cfg_key_mode(struct loader *L, const struct key_def *k,
		 const yaml_node_t *v)
{
	(void)k;
	L->entry->mode_given = 1;
	return load_modes(L, v, L->entry->modes, &L->entry->nmodes);
}

int cfg_key_n(struct loader *L, const struct key_def *k,
	      const yaml_node_t *v)
{
	(void)k;
	return load_n(L, v, L->entry->nmodes, &L->entry->ns);
}

int cfg_key_hints(struct loader *L, const struct key_def *k,
		  const yaml_node_t *v)
{
	struct entry *e = L->entry;
	int min_n = e->ns.v[0];
	size_t i;

	(void)k;
	for (i = 1; i < e->ns.n; i++)
		if (e->ns.v[i] < min_n)
			min_n = e->ns.v[i];
	if (v->type == YAML_SEQUENCE_NODE && seq_len(v) &&
	    !(e->hints = malloc(seq_len(v) * sizeof *e->hints)))
		return cfg_fail(L, v, "out of memory");
	if (load_hints(L, v, min_n, e->hints, &e->nhints))
		return -1;
	for (i = 0; i < e->nhints; i++)
		if (nq_append(e->hints_text, sizeof e->hints_text, "%s%d:%d",
			      i ? " " : "", e->hints[i].row + 1,
			      e->hints[i].col + 1))
			return cfg_fail(L, v, "hints: too many for the CSV "
					"hints column (at most %zu characters "
					"as \"r:c r:c\")",
					sizeof e->hints_text - 1);
	return 0;
}

int cfg_key_only(struct loader *L, const struct key_def *k,
		 const yaml_node_t *v)
{
	struct entry *e = L->entry;
	size_t i, count = v->type == YAML_SEQUENCE_NODE ? seq_len(v) : 1;

	(void)k;
	if (v->type == YAML_SEQUENCE_NODE && count == 0)
		return cfg_fail(L, v, "only: expected at least one approach "
				"name");
	for (i = 0; i < count; i++) {
		const yaml_node_t *x = v->type == YAML_SEQUENCE_NODE
					       ? seq_item(L, v, i) : v;
		const char *t;

		if (cfg_want_scalar(L, x, "only", "an approach name such as "
				    "backtrack or picosat/pairwise", &t))
			return -1;
		/* one name a line: an approach name with its options
		 * ("backtrack/bitmask threads=1") holds spaces */
		if (!*t || strchr(t, '\n') ||
		    nq_append(e->only, sizeof e->only, "%s%s\n",
			      e->only[0] ? "" : "\n", t))
			return cfg_fail(L, x, "only: '%s' is not an approach "
					"name, or the list is too long", t);
		if (L->nonly < sizeof L->only_names / sizeof *L->only_names)
			L->only_names[L->nonly++] = x;
	}
	return 0;
}

int cfg_key_parts(struct loader *L, const struct key_def *k,
		  const yaml_node_t *v)
{
	struct entry *e = L->entry;
	long long p;

	if (cfg_want_int(L, v, k->name, k->min, k->max, &p))
		return -1;
	if (e->nmodes != 1 || e->modes[0] != NQ_MODE_COUNT)
		return cfg_fail(L, v, "parts: only a count comes in parts "
				"(this entry's mode is %s; write mode: count)",
				e->nmodes != 1 ? "first and count" : "first");
	if (e->nhints || e->nblocked || e->ndiag || e->nanti)
		return cfg_fail(L, v, "parts: only a count of the whole board "
				"comes in parts (this entry has %s)",
				e->nhints ? "hints" : e->nblocked ?
				"blocked squares" : "excluded lines");
	if (L->exp->ninstances + e->ns.n * (unsigned long long)p >
	    NQ_MAX_INSTANCES)
		return cfg_fail(L, v, "parts: %lld parts of %zu board%s make "
				"more than %d instances; split the "
				"experiment", p, e->ns.n,
				e->ns.n == 1 ? "" : "s", NQ_MAX_INSTANCES);
	e->parts = (int)p;
	return 0;
}

/* Room for `total` instances in L->exp->instances. */
int cfg_grow_instances(struct loader *L, const yaml_node_t *node,
		       size_t total)
{
	nq_instance_spec *grown;
	size_t cap = L->cap_instances ? L->cap_instances : 16;

	if (total <= L->cap_instances)
		return 0;
	while (cap < total)
		cap *= 2;
	grown = realloc(L->exp->instances, cap * sizeof *grown);
	if (!grown)
		return cfg_fail(L, node, "out of memory");
	L->exp->instances = grown;
	L->cap_instances = cap;
	return 0;
}

/* The entry's instances: for each n, for each mode, one. */
int cfg_add_instances(struct loader *L, const yaml_node_t *node,
		      const struct entry *e)
{
	size_t i, m, nparts = e->parts > 1 ? (size_t)e->parts : 1;
	size_t k;

	if (cfg_grow_instances(L, node, L->exp->ninstances +
			       e->ns.n * e->nmodes * nparts))
		return -1;
	for (i = 0; i < e->ns.n; i++)
		for (m = 0; m < e->nmodes; m++)
		for (k = 0; k < nparts; k++) {
			nq_instance_spec *s =
				&L->exp->instances[L->exp->ninstances];

			/* the entry's arrays were checked against its
			 * smallest n, so they fit every n of it */
			if (nq_spec_fill(s, e->ns.v[i], e->modes[m], e->hints,
					 (int)e->nhints, e->blocked,
					 (int)e->nblocked, e->diag,
					 (int)e->ndiag, e->anti,
					 (int)e->nanti))
				return cfg_fail(L, node, "out of memory");
			if (e->parts > 1 &&
			    nq_spec_set_part(s, (int)k, e->parts)) {
				nq_spec_free(s);
				return cfg_fail(L, node, "out of memory");
			}
			memcpy(s->only, e->only, sizeof s->only);
			s->line = line_of(node);
			s->col = (int)node->start_mark.column + 1;
			L->exp->ninstances++;
		}
	return 0;
}
