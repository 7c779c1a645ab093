/*
 * config_approach.c - one item of `approaches:`: a solver known to the
 * registry, its options (each key known and given once, each value
 * checked where it stands, a list giving one approach per value), and the
 * cartesian product of its option lists, the solver's option table order
 * outermost. The same approach listed twice is an error. The approach and
 * option model itself is approach.c.
 */
#include <stdlib.h>
#include <string.h>
#include <yaml.h>
#include "instance.h"
#include "loader.h"
#include "registry.h"
#include "units.h"

/* One `approaches:` item while it loads: its solver, the option values it
 * gives (a value or a list of them per option) and the place in their
 * cartesian product. */
struct approach_item {
	const yaml_node_t *node;
	const nq_solver *s;
	const char *name;
	size_t nopt;
	const yaml_node_t *given[NQ_MAX_OPTIONS];
	const yaml_node_t *given_key[NQ_MAX_OPTIONS];
	size_t count[NQ_MAX_OPTIONS], idx[NQ_MAX_OPTIONS];
	/* a portfolio's members: its list is one value, joined by '+' */
	const char *joined[NQ_MAX_OPTIONS];
	char joined_text[256];
};

/* A portfolio's `members:` list: its items (each an approach's text)
 * joined by '+' into one value, each checked on its own so an error
 * points at the member. 0, or -1 with the error set. */
static int portfolio_members(struct loader *L, struct approach_item *it,
			     size_t r, const yaml_node_t *v)
{
	char buf[256] = "";
	nq_approach one;
	size_t i, at = 0;

	for (i = 0; i < seq_len(v); i++) {
		const yaml_node_t *x = seq_item(L, v, i);
		const char *xt;
		int w;

		if (cfg_want_scalar(L, x, "members", "an approach such as "
				    "backtrack/dlx", &xt))
			return -1;
		if (strchr(xt, '+'))
			return cfg_fail(L, x, "portfolio member '%s': one "
					"approach an item (no '+')", xt);
		if (!strncmp(xt, NQ_PORTFOLIO, strlen(NQ_PORTFOLIO)) &&
		    strchr(":/", xt[strlen(NQ_PORTFOLIO)]))
			return cfg_fail(L, x, "portfolio member '%s': a "
					"portfolio cannot be a member (list its "
					"members)", xt);
		if (nq_approach_parse(&one, xt, L->err) < 0)
			return cfg_fail(L, x, "portfolio member: %s",
					L->err->msg);
		w = snprintf(buf + at, sizeof buf - at, "%s%s", i ? "+" : "",
			     xt);
		if (w < 0 || (size_t)w >= sizeof buf - at)
			return cfg_fail(L, v, "portfolio: the members are too "
					"long (at most 255 characters joined)");
		at += (size_t)w;
	}
	memcpy(it->joined_text, buf, sizeof buf);
	it->joined[r] = it->joined_text;
	it->count[r] = 1;
	return 0;
}

/* 'solver' or 'solver: {options}': the solver, known, and the options
 * node (NULL when there is none). */
static int approach_solver(struct loader *L, struct approach_item *it,
			   const yaml_node_t **opts)
{
	const yaml_node_t *node = it->node, *name_node;
	char got[80], known[300] = "";

	*opts = NULL;
	if (node->type == YAML_SCALAR_NODE) {
		name_node = node;
	} else if (node->type == YAML_MAPPING_NODE) {
		if (map_len(node) != 1) {
			const yaml_node_t *k = map_len(node)
			    ? node_at(L, node->data.mapping.pairs.start[1].key)
			    : node;

			return cfg_fail(L, k, "approaches: expected one solver "
					"per list item, as 'solver' or "
					"'solver: {option: value}', got a "
					"mapping with %zu keys (options go "
					"indented under the solver; each "
					"solver needs its own '-')",
					map_len(node));
		}
		name_node = node_at(L, node->data.mapping.pairs.start[0].key);
		*opts = node_at(L, node->data.mapping.pairs.start[0].value);
	} else {
		return cfg_fail(L, node, "approaches: expected a solver name "
				"or 'solver: {option: value}', got a list");
	}
	if (cfg_want_scalar(L, name_node, "approaches", "a solver name",
			    &it->name))
		return -1;
	if (!(it->s = nq_registry_solver(it->name))) {
		const char *names[NQ_REGISTRY_MAX_NAMES];

		nq_choice(it->name, names, nq_registry_solver_names(names,
			  NQ_REGISTRY_MAX_NAMES), known, sizeof known);
		return cfg_fail(L, name_node, "unknown approach '%s' (%s)",
				it->name, known);
	}
	it->nopt = nq_option_count(it->s);
	if (it->nopt > NQ_MAX_OPTIONS)
		return cfg_fail(L, name_node, "%s declares %zu options; the "
				"harness handles at most %d", it->name,
				it->nopt, NQ_MAX_OPTIONS);
	if (*opts && !cfg_is_null(*opts) && (*opts)->type != YAML_MAPPING_NODE)
		return cfg_fail(L, *opts, "%s: expected options as a mapping "
				"such as {option: value}, got %s", it->name,
				cfg_describe(*opts, got, sizeof got));
	return 0;
}

/* One option key, known and given once, and its value or values, each
 * checked where it is. */
static int approach_option(struct loader *L, struct approach_item *it,
			   const yaml_node_t *k, const yaml_node_t *v)
{
	const char *kt, *xt;
	nq_optval tmp;
	size_t r, i;
	int row;

	if (cfg_want_scalar(L, k, it->name, "an option name", &kt))
		return -1;
	if ((row = nq_option_find(it->s, kt)) < 0) {
		nq_option_unknown(it->s, kt, L->err);
		return cfg_fail(L, k, "%s", L->err->msg);
	}
	r = (size_t)row;
	if (it->given[r])
		return cfg_fail(L, k, "duplicate key '%s' (first given at line "
				"%d)", kt, line_of(it->given_key[r]));
	it->given_key[r] = k;
	it->given[r] = v;
	if (v->type == YAML_SEQUENCE_NODE && !seq_len(v))
		return cfg_fail(L, v, "%s: the list of %s values is empty",
				it->name, kt);
	if (v->type == YAML_SEQUENCE_NODE && !strcmp(it->s->name, NQ_PORTFOLIO))
		return portfolio_members(L, it, r, v);
	it->count[r] = v->type == YAML_SEQUENCE_NODE ? seq_len(v) : 1;
	for (i = 0; i < it->count[r]; i++) {
		const yaml_node_t *x = v->type == YAML_SEQUENCE_NODE
				       ? seq_item(L, v, i) : v;

		if (cfg_want_scalar(L, x, kt, v == x ? "a value or a list of "
				    "values" : "a value", &xt))
			return -1;
		if (nq_option_parse(it->s, &it->s->options[r], xt, &tmp,
				    L->err))
			return cfg_fail(L, x, "%s", L->err->msg);
	}
	return 0;
}

/* Room in L->exp->approaches for the item's cartesian product. */
static int approach_room(struct loader *L, struct approach_item *it)
{
	unsigned long long total = 1;
	size_t r, cap;
	nq_approach *grown;

	for (r = 0; r < it->nopt; r++) {
		if (!it->given[r])
			it->count[r] = 1;
		total *= it->count[r];
		if (L->exp->napproaches + total > NQ_MAX_APPROACHES)
			return cfg_fail(L, it->node, "approaches: too many "
					"(more than %d after expanding option "
					"lists)", NQ_MAX_APPROACHES);
	}
	if (L->exp->napproaches + total <= L->cap_approaches)
		return 0;
	cap = L->cap_approaches ? L->cap_approaches : 8;
	while (cap < L->exp->napproaches + total)
		cap *= 2;
	grown = realloc(L->exp->approaches, cap * sizeof *grown);
	if (!grown)
		return cfg_fail(L, it->node, "out of memory");
	L->exp->approaches = grown;
	L->cap_approaches = cap;
	return 0;
}

/* The approach at the item's place in the product, unless it is one
 * listed already. */
static int approach_add(struct loader *L, const struct approach_item *it)
{
	nq_approach *a = &L->exp->approaches[L->exp->napproaches];
	const char *keys[NQ_MAX_OPTIONS], *vals[NQ_MAX_OPTIONS];
	size_t nkv = 0, r, i;

	for (r = 0; r < it->nopt; r++) {
		const yaml_node_t *v = it->given[r];

		if (!v)
			continue;
		keys[nkv] = it->s->options[r].key;
		vals[nkv++] = it->joined[r] ? it->joined[r] :
			      text_of(v->type == YAML_SEQUENCE_NODE
				      ? seq_item(L, v, it->idx[r]) : v);
	}
	if (nq_approach_init(a, it->s, keys, vals, nkv, L->err)) {
		/* a solver's check of its values together (anneal's t0)
		 * names the option first, "t0: 'abc' is ...": the error
		 * then points at that value, as the table's checks do */
		const yaml_node_t *at = it->node;

		for (r = 0; r < it->nopt; r++) {
			const char *k = it->s->options[r].key;
			size_t kl = strlen(k);

			if (it->given[r] && !it->joined[r] &&
			    !strncmp(L->err->msg, k, kl) &&
			    L->err->msg[kl] == ':')
				at = it->given[r]->type == YAML_SEQUENCE_NODE ?
				     seq_item(L, it->given[r], it->idx[r]) :
				     it->given[r];
		}
		return cfg_fail(L, at, "%s", L->err->msg);
	}
	a->line = line_of(it->node);
	a->col = (int)it->node->start_mark.column + 1;
	for (i = 0; i < L->exp->napproaches; i++) {
		const nq_approach *b = &L->exp->approaches[i];

		if (b->solver == a->solver && strcmp(b->label, a->label) == 0 &&
		    strcmp(b->options, a->options) == 0)
			break;
	}
	if (i == L->exp->napproaches)
		L->exp->napproaches++;
	else if (L->exp->approaches[i].line != a->line ||
		 L->exp->approaches[i].col != a->col ||
		 nq_approach_same_values(&L->exp->approaches[i], a))
		return cfg_fail(L, it->node, "approach '%s'%s%s%s is listed "
				"twice (first at line %d)", a->name,
				a->options[0] ? " (" : "", a->options,
				a->options[0] ? ")" : "",
				L->exp->approaches[i].line);
	/* else: one entry's lists made the same run twice, through an
	 * option without effect (threads on a variant that has none): once
	 * is enough */
	return 0;
}

int cfg_load_approach(struct loader *L, const yaml_node_t *node)
{
	struct approach_item it;
	const yaml_node_t *opts;
	yaml_node_pair_t *p;
	size_t r;

	memset(&it, 0, sizeof it);
	it.node = node;
	if (approach_solver(L, &it, &opts))
		return -1;
	if (opts && opts->type == YAML_MAPPING_NODE)
		for (p = opts->data.mapping.pairs.start;
		     p < opts->data.mapping.pairs.top; p++)
			if (approach_option(L, &it, node_at(L, p->key),
					    node_at(L, p->value)))
				return -1;
	if (approach_room(L, &it))
		return -1;
	/* The cartesian product, option table order outermost. */
	for (;;) {
		if (approach_add(L, &it))
			return -1;
		for (r = it.nopt; r > 0; r--) {
			if (++it.idx[r - 1] < it.count[r - 1])
				break;
			it.idx[r - 1] = 0;
		}
		if (r == 0)
			return 0;
	}
}

/* Every instance within the largest n of each approach that runs it (its
 * max_n hook, a plugin's too, for the instance's mode), so an experiment
 * never plans a run its solver cannot make: an error at the instance's
 * entry (or, from an instance file, the approach's), naming the limit. A
 * pairing that makes no run (a mode the solver does not answer, `only:`)
 * is no error. */
int cfg_check_largest_n(struct loader *L)
{
	const nq_experiment *exp = L->exp;
	size_t ai, i;

	for (ai = 0; ai < exp->napproaches; ai++) {
		const nq_approach *a = &exp->approaches[ai];
		int max[2] = { -2, -2 }; /* by mode, asked once */

		for (i = 0; i < exp->ninstances; i++) {
			const nq_instance_spec *sp = &exp->instances[i];
			int m = sp->inst.mode == NQ_MODE_COUNT;

			if (!a->solver->max_n || !nq_instance_runs(sp, a) ||
			    (nq_instance_has_variants(&sp->inst) &&
			     !nq_solver_takes_variants(a->solver)))
				continue;
			if (max[m] == -2)
				max[m] = nq_solver_max_n(a->solver, a->opt,
							 sp->inst.mode);
			if (nq_solver_hooks_error(L->err) < 0)
				return -1;
			if (max[m] <= 0 || sp->inst.n <= max[m])
				continue;
			return nq_error_set(L->err, L->path,
					    sp->line ? sp->line : a->line,
					    sp->line ? sp->col : a->col,
					    "n=%d is more than %s takes (n up "
					    "to %d in %s mode; the approach is "
					    "at line %d): give a smaller n, or "
					    "list in this entry's only: the "
					    "approaches that take it",
					    sp->inst.n, a->name, max[m],
					    m ? "count" : "first", a->line);
		}
	}
	return 0;
}
