/*
 * approach.c - the approach and option model: a solver with every option
 * given a value (nq_approach_init, shared by the experiment loader and
 * `harness solve`), option values checked and defaulted, approaches named
 * as the summary shows them, and the names `only:` matches.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "approach.h"
#include "host.h"
#include "names.h"
#include "registry.h"
#include "units.h"

size_t nq_option_count(const nq_solver *s)
{
	size_t n = 0;

	while (s->options && s->options[n].key)
		n++;
	return n;
}

int nq_option_find(const nq_solver *s, const char *key)
{
	size_t r, nopt = nq_option_count(s);

	for (r = 0; r < nopt; r++)
		if (strcmp(s->options[r].key, key) == 0)
			return (int)r;
	return -1;
}

int nq_option_unknown(const nq_solver *s, const char *key, nq_error *err)
{
	const char *names[NQ_MAX_OPTIONS];
	char why[400];
	size_t r, nopt = nq_option_count(s);

	if (!nopt)
		return nq_error_set(err, NULL, 0, 0, "unknown option '%s' for "
				    "%s (it takes no options)", key, s->name);
	for (r = 0; r < nopt && r < NQ_MAX_OPTIONS; r++)
		names[r] = s->options[r].key;
	nq_choice(key, names, r, why, sizeof why);
	return nq_error_set(err, NULL, 0, 0, "unknown option '%s' for %s "
			    "(%s)", key, s->name, why);
}

/* TEXT and COMMAND values are kept in a list that lives until exit (an
 * approach outlives the YAML document its text came from); equal texts
 * share one copy. */
struct text_node {
	struct text_node *next;
	char text[];
};
static struct text_node *texts;

static const char *intern(const char *text)
{
	struct text_node *t;
	size_t len = strlen(text);

	for (t = texts; t; t = t->next)
		if (strcmp(t->text, text) == 0)
			return t->text;
	if (!(t = malloc(sizeof *t + len + 1)))
		return NULL;
	memcpy(t->text, text, len + 1);
	t->next = texts;
	texts = t;
	return t->text;
}

static int option_text(const nq_solver *s, const nq_option *o,
		       const char *text, nq_optval *v, nq_error *err)
{
	char prog[256];

	if (strlen(text) > 255)
		return nq_error_set(err, NULL, 0, 0, "%s for %s is too long "
				    "(at most 255 characters)", o->key,
				    s->name);
	if (o->type == NQ_OPT_COMMAND) {
		if (!text[strspn(text, " \t")])
			return nq_error_set(err, NULL, 0, 0, "%s for %s is "
					    "empty (expected a program name)",
					    o->key, s->name);
		const char *cmd = text + strspn(text, " \t");
		char found[4096];

		snprintf(prog, sizeof prog, "%.*s", (int)strcspn(cmd, " \t"),
			 cmd);
		if (nq_find_program(cmd, found, sizeof found))
			return nq_error_set(err, NULL, 0, 0,
					    "%s: %s '%s' not found%s (%s)",
					    s->name, o->key, prog,
					    strchr(prog, '/') ? " or not "
					    "executable" : " on PATH",
					    o->help);
	}
	if (!(v->str = intern(text)))
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	return 0;
}

/* A choice, encoding or model that is none of them: the did-you-mean
 * (units.h), or every name it takes. */
static int option_unknown_value(const nq_solver *s, const nq_option *o,
				const char *text, nq_error *err)
{
	const char *names[NQ_REGISTRY_MAX_NAMES];
	char why[600];
	size_t k = nq_registry_option_names(o, names, NQ_REGISTRY_MAX_NAMES);

	nq_choice(text, names, k, why, sizeof why);
	return nq_error_set(err, NULL, 0, 0, "unknown %s '%s' for %s (%s)",
			    o->key, text, s->name, why);
}

int nq_option_parse(const nq_solver *s, const nq_option *o,
			const char *text, nq_optval *v, nq_error *err)
{
	char expected[400];
	long long num;
	size_t i;

	memset(v, 0, sizeof *v);
	switch (o->type) {
	case NQ_OPT_CHOICE:
		for (i = 0; o->choices && o->choices[i]; i++)
			if (strcmp(o->choices[i], text) == 0) {
				v->num = (long long)i;
				v->str = o->choices[i];
				return 0;
			}
		break;
	case NQ_OPT_INT:
		if (nq_parse_ll(text, &num) == 0 && num >= o->min &&
		    num <= o->max) {
			v->num = num;
			return 0;
		}
		nq_registry_option_choices(o, expected, sizeof expected);
		return nq_error_set(err, NULL, 0, 0,
				    "bad %s '%s' for %s (expected %s)",
				    o->key, text, s->name, expected);
	case NQ_OPT_CNF: {
		const nq_cnf_encoder *e = nq_registry_cnf(text);

		if (e) {
			v->ptr = e;
			v->str = e->name;
			return 0;
		}
		break;
	}
	case NQ_OPT_ILP: {
		const nq_ilp_model *m = nq_registry_ilp(text);

		if (m) {
			v->ptr = m;
			v->str = m->name;
			return 0;
		}
		break;
	}
	case NQ_OPT_TEXT:
	case NQ_OPT_COMMAND:
		return option_text(s, o, text, v, err);
	}
	return option_unknown_value(s, o, text, err);
}

/* The default of option `o`: its `def`, or when a plugin left that NULL,
 * the first choice / encoder / model, or the integer in [min, max]
 * closest to 0. */
static int option_default(const nq_solver *s, const nq_option *o,
			  nq_optval *v, nq_error *err)
{
	if (o->def)
		return nq_option_parse(s, o, o->def, v, err);
	memset(v, 0, sizeof *v);
	switch (o->type) {
	case NQ_OPT_CHOICE:
		if (o->choices && o->choices[0]) {
			v->str = o->choices[0];
			return 0;
		}
		break;
	case NQ_OPT_INT:
		v->num = o->min > 0 ? o->min : o->max < 0 ? o->max : 0;
		return 0;
	case NQ_OPT_CNF:
		if ((v->ptr = nq_registry_cnf_at(0))) {
			v->str = nq_registry_cnf_at(0)->name;
			return 0;
		}
		break;
	case NQ_OPT_ILP:
		if ((v->ptr = nq_registry_ilp_at(0))) {
			v->str = nq_registry_ilp_at(0)->name;
			return 0;
		}
		break;
	case NQ_OPT_TEXT:
		v->str = "";
		return 0;
	case NQ_OPT_COMMAND:
		break;
	}
	return nq_error_set(err, NULL, 0, 0,
			    "option '%s' of %s has no default and no values",
			    o->key, s->name);
}

static int optval_equal(const nq_option *o, const nq_optval *a,
			const nq_optval *b)
{
	switch (o->type) {
	case NQ_OPT_CHOICE:
	case NQ_OPT_INT:
		return a->num == b->num;
	case NQ_OPT_CNF:
	case NQ_OPT_ILP:
		return a->ptr == b->ptr;
	case NQ_OPT_TEXT:
	case NQ_OPT_COMMAND:
		return a->str && b->str && strcmp(a->str, b->str) == 0;
	}
	return 0;
}

static void optval_text(const nq_option *o, const nq_optval *v, char *buf,
			size_t len)
{
	if (o->type == NQ_OPT_INT)
		snprintf(buf, len, "%lld", v->num);
	else
		snprintf(buf, len, "%s", v->str ? v->str : "");
}

/* Portfolio member a appended to buf ("+" before all but the first) as
 * SOLVER[/LABEL][:KEY=VALUE,...], the options that differ from their
 * defaults only: what nq_approach_parse reads back as a. */
static int member_text(const nq_approach *a, char *buf, size_t len,
		       int plus, nq_error *err)
{
	const nq_solver *s = a->solver;
	size_t r, nopt = nq_option_count(s);
	char text[128];
	int first = 1, over;

	over = nq_append(buf, len, "%s%s%s%s", plus ? "+" : "", s->name,
			 a->label[0] ? "/" : "", a->label);
	for (r = 0; r < nopt && !over; r++) {
		const nq_option *o = &s->options[r];
		nq_optval d;

		if ((s->label_option && !strcmp(o->key, s->label_option)) ||
		    option_default(s, o, &d, err) ||
		    optval_equal(o, &a->opt[r], &d))
			continue;
		optval_text(o, &a->opt[r], text, sizeof text);
		over = nq_append(buf, len, "%s%s=%s", first ? ":" : ",",
				 o->key, text);
		first = 0;
	}
	if (over)
		return nq_error_set(err, NULL, 0, 0, "portfolio: the members "
				    "are too long (at most %zu characters "
				    "joined)", len - 1);
	return 0;
}

int nq_approach_init(nq_approach *a, const nq_solver *s,
		     const char *const *keys, const char *const *values,
		     size_t nkv, nq_error *err)
{
	const char *given[NQ_MAX_OPTIONS] = { 0 };
	size_t nopt = nq_option_count(s), k, r;
	char text[128];
	int label_row = -1;

	memset(a, 0, sizeof *a);
	a->solver = s;
	if (nopt > NQ_MAX_OPTIONS)
		return nq_error_set(err, NULL, 0, 0,
				    "%s declares %zu options; the harness "
				    "handles at most %d", s->name, nopt,
				    NQ_MAX_OPTIONS);
	for (k = 0; k < nkv; k++) {
		int row = nq_option_find(s, keys[k]);

		if (row < 0)
			return nq_option_unknown(s, keys[k], err);
		r = (size_t)row;
		if (given[r])
			return nq_error_set(err, NULL, 0, 0,
					    "option '%s' for %s is given twice",
					    keys[k], s->name);
		given[r] = values[k];
	}
	for (r = 0; r < nopt; r++) {
		const nq_option *o = &s->options[r];

		if (given[r] ? nq_option_parse(s, o, given[r], &a->opt[r], err)
			     : option_default(s, o, &a->opt[r], err))
			return -1;
		if (s->label_option && strcmp(o->key, s->label_option) == 0)
			label_row = (int)r;
	}
	if (nq_registry_check_values(s, a->opt, err))
		return -1;
	if (!strcmp(s->name, NQ_PORTFOLIO) && nopt) {
		/* its members named, known and well formed when it is made,
		 * so a bad one is the experiment file's error */
		nq_approach m[NQ_PORTFOLIO_MAX];
		char canon[256] = "";
		int nm, i;

		if ((nm = nq_portfolio_members(a->opt[0].str ? a->opt[0].str :
					      "", m, NQ_PORTFOLIO_MAX,
					      err)) < 0)
			return -1;
		/* each member as solver/label:options, however it was
		 * written: the approach's name does not hang on spelling */
		for (i = 0; i < nm; i++)
			if (member_text(&m[i], canon, sizeof canon, i, err))
				return -1;
		if (!(a->opt[0].str = intern(canon)))
			return nq_error_set(err, NULL, 0, 0, "out of memory");
	}

	/* label, options, name */
	if (label_row >= 0) {
		const nq_option *o = &s->options[label_row];

		optval_text(o, &a->opt[label_row], text, sizeof text);
		if (nq_append(a->label, sizeof a->label, "%s", text))
			return nq_error_set(err, NULL, 0, 0,
					    "%s '%s' for %s is too long "
					    "(at most %zu characters)", o->key,
					    text, s->name,
					    sizeof a->label - 1);
	}
	for (r = 0; r < nopt; r++) {
		const nq_option *o = &s->options[r];

		if ((int)r == label_row || !nq_option_used(s, a->opt, r))
			continue;
		optval_text(o, &a->opt[r], text, sizeof text);
		if (nq_append(a->options, sizeof a->options, "%s%s=%s",
			   a->options[0] ? ";" : "", o->key, text))
			return nq_error_set(err, NULL, 0, 0,
					    "the options of %s are too long "
					    "for the CSV (at most %zu "
					    "characters)", s->name,
					    sizeof a->options - 1);
	}
	nq_approaches_name(a, 1);
	return 0;
}

int nq_approach_same_values(const nq_approach *a, const nq_approach *b)
{
	size_t r;

	for (r = 0; r < nq_option_count(a->solver); r++)
		if (!optval_equal(&a->solver->options[r], &a->opt[r], &b->opt[r]))
			return 0;
	return 1;
}

/* 1 when approaches a and b both use option r and give it other values. */
static int option_differs(const nq_approach *a, const nq_approach *b,
			  size_t r)
{
	const nq_solver *s = a->solver;

	return b->solver == s && nq_option_used(s, a->opt, r) &&
	       nq_option_used(s, b->opt, r) &&
	       !optval_equal(&s->options[r], &a->opt[r], &b->opt[r]);
}

void nq_approaches_name(nq_approach *a, size_t n)
{
	size_t i, j, r;
	char text[128];

	for (i = 0; i < n; i++) {
		const nq_solver *s = a[i].solver;

		snprintf(a[i].name, sizeof a[i].name, "%s%s%s", s->name,
			 a[i].label[0] ? "/" : "", a[i].label);
		for (r = 0; r < nq_option_count(s); r++) {
			const nq_option *o = &s->options[r];

			if (s->label_option && !strcmp(o->key, s->label_option))
				continue;
			for (j = 0; j < n; j++)
				if (j != i && option_differs(&a[i], &a[j], r))
					break;
			if (j == n)
				continue;
			optval_text(o, &a[i].opt[r], text, sizeof text);
			/* a name is for people: cut, not an error */
			(void)nq_append(a[i].name, sizeof a[i].name, " %s=%s",
				     o->key, text);
		}
		/* a plugin's name or an option's text may hold anything:
		 * the name goes to the terminal, the CSV and the run keys
		 * as text (names.h), the same everywhere */
		if (!nq_text_plain(a[i].name)) {
			char raw[sizeof a[i].name];

			memcpy(raw, a[i].name, sizeof raw);
			nq_text_show(raw, a[i].name, sizeof a[i].name);
		}
	}
}

int nq_approach_matches(const nq_approach *a, const char *name)
{
	size_t len = strlen(a->solver->name);

	if (!strcmp(name, a->solver->name) || !strcmp(name, a->name))
		return 1;
	return a->label[0] && !strncmp(name, a->solver->name, len) &&
	       name[len] == '/' && !strcmp(name + len + 1, a->label);
}

int nq_approach_parse(nq_approach *a, const char *text, nq_error *err)
{
	char buf[512], *colon, *slash, *p, *save = NULL;
	const char *keys[NQ_MAX_OPTIONS * 2], *values[NQ_MAX_OPTIONS * 2];
	const nq_solver *s;
	size_t nkv = 0;

	if (snprintf(buf, sizeof buf, "%s", text) >= (int)sizeof buf)
		return nq_error_set(err, NULL, 0, 0, "approach '%s' is too "
				    "long", text);
	if ((colon = strchr(buf, ':')))
		*colon++ = '\0';
	if ((slash = strchr(buf, '/')))
		*slash++ = '\0';
	if (!(s = nq_registry_solver(buf))) {
		const char *names[NQ_REGISTRY_MAX_NAMES];
		char why[300];

		nq_choice(buf, names, nq_registry_solver_names(names,
			  NQ_REGISTRY_MAX_NAMES), why, sizeof why);
		return nq_error_set(err, NULL, 0, 0, "unknown approach '%s' "
				    "(%s)", buf, why);
	}
	if (slash) {
		if (!s->label_option)
			return nq_error_set(err, NULL, 0, 0, "'%s': %s has no "
					    "label option for '/%s' (write "
					    "%s:KEY=VALUE)", text, s->name,
					    slash, s->name);
		keys[nkv] = s->label_option;
		values[nkv++] = slash;
	}
	for (p = colon ? strtok_r(colon, ",", &save) : NULL; p;
	     p = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(p, '=');

		if (!eq || nkv == NQ_MAX_OPTIONS * 2)
			return nq_error_set(err, NULL, 0, 0, "'%s': expected "
					    "KEY=VALUE after the ':', got "
					    "'%s'", text, p);
		*eq = '\0';
		keys[nkv] = p;
		values[nkv++] = eq + 1;
	}
	return nq_approach_init(a, s, keys, values, nkv, err);
}

int nq_portfolio_members(const char *text, nq_approach *out, size_t max,
			 nq_error *err)
{
	char buf[256], *p, *save = NULL;
	size_t k = 0, i;

	snprintf(buf, sizeof buf, "%s", text);
	for (p = strtok_r(buf, "+", &save); p; p = strtok_r(NULL, "+", &save)) {
		p += strspn(p, " ");
		if (!strncmp(p, NQ_PORTFOLIO, strlen(NQ_PORTFOLIO)) &&
		    strchr(":/", p[strlen(NQ_PORTFOLIO)]))
			return nq_error_set(err, NULL, 0, 0, "portfolio member "
					    "'%s': a portfolio cannot be a "
					    "member (list its members)", p);
		if (k == max || k == NQ_PORTFOLIO_MAX)
			return nq_error_set(err, NULL, 0, 0, "portfolio: more "
					    "than %d members", NQ_PORTFOLIO_MAX);
		if (nq_approach_parse(&out[k], p, err) < 0) {
			char msg[sizeof err->msg];

			snprintf(msg, sizeof msg, "%s", err->msg);
			return nq_error_set(err, NULL, 0, 0, "portfolio member "
					    "%zu: %s", k + 1, msg);
		}
		for (i = 0; i < k; i++)
			if (!strcmp(out[i].name, out[k].name) &&
			    !strcmp(out[i].options, out[k].options))
				return nq_error_set(err, NULL, 0, 0,
						    "portfolio member '%s' is "
						    "listed twice", p);
		k++;
	}
	if (k < 2)
		return nq_error_set(err, NULL, 0, 0, "portfolio: members needs "
				    "at least two approaches (got %zu), e.g. "
				    "members: [backtrack/dlx, backtrack/mrv]",
				    k);
	return (int)k;
}
