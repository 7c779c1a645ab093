/*
 * registry.c - the tables of solvers, CNF encoders and ILP models.
 *
 * Built-ins are listed once below (as Lua's linit.c lists its libraries)
 * and registered through the same function as plugins.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "guard.h"
#include "registry.h"
#include "solvers.h"
#include "cnf.h"
#include "ilp.h"
#include "external.h"
#include "minizinc.h"
#include "asp.h"
#include "smt.h"

#define NQ_REGISTRY_MAX 64

static const nq_solver *const builtin_solvers[] = {
	&nq_solver_backtrack, &nq_solver_minconflicts, &nq_solver_construct,
	&nq_solver_hillclimb, &nq_solver_anneal, &nq_solver_beam,
	&nq_solver_genetic,                /* solvers/native/local/ */
	&nq_solver_picosat, &nq_solver_glpk,
	&nq_solver_dimacs, &nq_solver_cbc, /* solvers/program/external.c */
	&nq_solver_minizinc,               /* solvers/program/declarative/minizinc.c */
	&nq_solver_asp, &nq_solver_smt,    /* solvers/program/declarative/ */
	NULL
};

/* Built-ins whose option values name something of the host that the
 * option table cannot check (a MiniZinc backend id), or that need a
 * library loaded (smt: libz3, in the process that forks the runs):
 * checked when an approach is made, so what is not there is a load-time
 * error. */
static const struct {
	const nq_solver *solver;
	int (*check)(const nq_optval *opt, char *msg, size_t len);
} builtin_checks[] = {
	{ &nq_solver_minizinc, nq_minizinc_check },
	{ &nq_solver_anneal, nq_anneal_check },
	{ &nq_solver_genetic, nq_genetic_check },
	{ &nq_solver_smt, nq_smt_check },
};
/* The libraries of built-ins (Z3's loaded by smt, the others linked
 * in), and built-ins that drive a backend through their program
 * (MiniZinc's solver): what the .meta records of them
 * (core/store/meta.c), asked of the solvers that know. */
static const struct {
	const char *name;
	const char *(*version)(void);
	const nq_solver *loaded_by; /* NULL: linked in */
} builtin_libraries[] = {
	{ "picosat", nq_picosat_library_version, NULL },
	{ "glpk", nq_glpk_library_version, NULL },
	{ "z3", nq_smt_library_version, &nq_solver_smt },
};
static const struct {
	const nq_solver *solver;
	int (*backend)(const nq_optval *opt, nq_backend *b);
} builtin_backends[] = {
	{ &nq_solver_minizinc, nq_minizinc_backend },
};
static const nq_cnf_encoder *const builtin_cnf[] = {
	&nq_cnf_pairwise, &nq_cnf_sequential, &nq_cnf_commander,
	&nq_cnf_product, &nq_cnf_binary, &nq_cnf_bimander, &nq_cnf_ladder, NULL
};
static const nq_ilp_model *const builtin_ilp[] = {
	&nq_ilp_assignment, &nq_ilp_independent_set, &nq_ilp_edge,
	&nq_ilp_assignment_rows, NULL
};

static struct {
	int ready;
	const nq_solver *solvers[NQ_REGISTRY_MAX];
	size_t nsolvers;
	const nq_cnf_encoder *cnf[NQ_REGISTRY_MAX];
	size_t ncnf;
	const nq_ilp_model *ilp[NQ_REGISTRY_MAX];
	size_t nilp;
	/* where each came from: "built-in" or a plugin's file (borrowed) */
	const char *solver_origin[NQ_REGISTRY_MAX];
	const char *cnf_origin[NQ_REGISTRY_MAX];
	const char *ilp_origin[NQ_REGISTRY_MAX];
} reg;

static void registry_init(void)
{
	size_t i;

	if (reg.ready)
		return;
	reg.ready = 1;
	for (i = 0; builtin_solvers[i]; i++)
		nq_registry_add_solver(builtin_solvers[i], "built-in", NULL);
	for (i = 0; builtin_cnf[i]; i++)
		nq_registry_add_cnf(builtin_cnf[i], "built-in", NULL);
	for (i = 0; builtin_ilp[i]; i++)
		nq_registry_add_ilp(builtin_ilp[i], "built-in", NULL);
}

/* The checks every kind shares: version, size, name, room, clash.
 * `taken` is the origin of the entry already under that name, or NULL. */
static int check_entry(uint32_t abi, uint32_t size, uint32_t want_size,
		       const char *name, const char *kind, const char *taken,
		       size_t count, const char *origin, nq_error *err)
{
	if (abi < NQ_ABI_OLDEST || abi > NQ_ABI_VERSION)
		return nq_error_set(err, origin, 0, 0,
				    "%s '%s' has ABI version %u, this harness "
				    "takes %u to %u (rebuild it against "
				    "include/)", kind, name ? name : "?", abi,
				    NQ_ABI_OLDEST, NQ_ABI_VERSION);
	if (size < want_size)
		return nq_error_set(err, origin, 0, 0,
				    "%s '%s' is %u bytes, expected %u "
				    "(rebuild it against include/)",
				    kind, name ? name : "?", size, want_size);
	if (!name || !*name)
		return nq_error_set(err, origin, 0, 0, "%s without a name", kind);
	if (taken)
		return nq_error_set(err, origin, 0, 0,
				    "%s '%s' is already registered (%s%s)",
				    kind, name,
				    strcmp(taken, "built-in") ? "by " : "",
				    taken);
	if (count >= NQ_REGISTRY_MAX)
		return nq_error_set(err, origin, 0, 0,
				    "too many %ss (at most %d)", kind,
				    NQ_REGISTRY_MAX);
	return 0;
}

/* The origin of the entry registered under `name`, or NULL. Names are
 * compared only when both are set (a nameless entry fails check_entry). */
static const char *solver_origin_of(const char *name)
{
	size_t i;

	for (i = 0; name && i < reg.nsolvers; i++)
		if (strcmp(reg.solvers[i]->name, name) == 0)
			return reg.solver_origin[i];
	return NULL;
}

static const char *cnf_origin_of(const char *name)
{
	size_t i;

	for (i = 0; name && i < reg.ncnf; i++)
		if (strcmp(reg.cnf[i]->name, name) == 0)
			return reg.cnf_origin[i];
	return NULL;
}

static const char *ilp_origin_of(const char *name)
{
	size_t i;

	for (i = 0; name && i < reg.nilp; i++)
		if (strcmp(reg.ilp[i]->name, name) == 0)
			return reg.ilp_origin[i];
	return NULL;
}

int nq_registry_check_values(const nq_solver *s, const nq_optval *opt,
			     nq_error *err)
{
	char msg[sizeof err->msg];
	size_t i;

	for (i = 0; i < sizeof builtin_checks / sizeof *builtin_checks; i++)
		if (builtin_checks[i].solver == s &&
		    builtin_checks[i].check(opt, msg, sizeof msg))
			return nq_error_set(err, NULL, 0, 0, "%s", msg);
	return 0;
}

int nq_registry_library(size_t i, const char **name,
			const nq_solver **loaded_by)
{
	if (i >= sizeof builtin_libraries / sizeof *builtin_libraries)
		return -1;
	*name = builtin_libraries[i].name;
	*loaded_by = builtin_libraries[i].loaded_by;
	return 0;
}

const char *nq_registry_library_version(size_t i)
{
	if (i >= sizeof builtin_libraries / sizeof *builtin_libraries)
		return NULL;
	return builtin_libraries[i].version();
}

int nq_registry_backend(const nq_solver *s, const nq_optval *opt,
			nq_backend *b)
{
	size_t i;

	for (i = 0; i < sizeof builtin_backends / sizeof *builtin_backends;
	     i++)
		if (builtin_backends[i].solver == s) {
			builtin_backends[i].backend(opt, b);
			return 1;
		}
	return 0;
}

int nq_option_used(const nq_solver *s, const nq_optval *opt, size_t i)
{
	if (s->abi_version < 2 || s->struct_size <= NQ_SOLVER_SIZE_V1 ||
	    !s->option_used)
		return 1;
	return s->option_used(opt, i) != 0;
}

/* The max_n and count_units hooks at plan time. A plugin's runs in a
 * child with a time limit (guard.c), once per approach and mode (or n):
 * the answers are kept, by the solver and the option values. A hook that
 * fails, or answers out of its range, leaves an error for
 * nq_solver_hooks_error and a harmless answer meanwhile. */
enum { HOOK_MAX_N, HOOK_UNITS, HOOK_THREADS };

struct hook_answer {
	const nq_solver *s;
	nq_optval *opt;        /* a copy of the values */
	size_t nopt;
	int hook, arg;
	long long value;
};
static struct hook_answer *answers;
static size_t nanswers, answers_cap;
static nq_error hook_err;
static int hook_failed;

struct hook_call {
	const nq_solver *s;
	const nq_optval *opt;
	int hook, arg;
};

static long long call_hook(const struct hook_call *c)
{
	if (c->hook == HOOK_MAX_N)
		return c->s->max_n(c->opt, (enum nq_mode)c->arg);
	if (c->hook == HOOK_THREADS) /* arg: n << 2 | mode << 1 | plain */
		return c->s->threads(c->opt, c->arg >> 2,
				     (enum nq_mode)(c->arg >> 1 & 1),
				     c->arg & 1);
	return c->s->count_units(c->opt, c->arg);
}

static size_t probe_hook(void *ctx, void *out, size_t cap)
{
	long long v = call_hook(ctx);

	if (cap < sizeof v)
		return 0;
	memcpy(out, &v, sizeof v);
	return sizeof v;
}

static size_t options_of(const nq_solver *s)
{
	size_t n = 0;

	while (s->options && n < NQ_PLUGIN_OPTIONS_MAX && s->options[n].key)
		n++;
	return n;
}

static int same_values(const nq_optval *a, const nq_optval *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (a[i].num != b[i].num || a[i].ptr != b[i].ptr ||
		    (a[i].str != b[i].str &&
		     (!a[i].str || !b[i].str || strcmp(a[i].str, b[i].str))))
			return 0;
	return 1;
}

static const char *origin_of(const nq_solver *s)
{
	size_t i;

	for (i = 0; i < reg.nsolvers; i++)
		if (reg.solvers[i] == s)
			return reg.solver_origin[i];
	return "built-in";
}

static void hook_fail(const char *origin, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void hook_fail(const char *origin, const char *fmt, ...)
{
	char msg[sizeof hook_err.msg];
	va_list ap;

	if (hook_failed++)
		return; /* the first one is the one said */
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	nq_error_set(&hook_err, strcmp(origin, "built-in") ? origin : NULL,
		     0, 0, "%s", msg);
}

/* The hook's answer, checked: a plugin's through the guard, kept. 0, or
 * -1 (said through hook_fail). */
static int hook_value(const nq_solver *s, const nq_optval *opt, int hook,
		      int arg, long long *value)
{
	const char *origin = origin_of(s), *name = hook == HOOK_MAX_N
						  ? "max_n" : hook == HOOK_UNITS
						  ? "count_units" : "threads";
	struct hook_call c = { s, opt, hook, arg };
	size_t i, nopt = options_of(s);
	char what[128], why[400];
	struct hook_answer *a;

	if (hook_failed)
		return -1; /* the plan is refused already: no more waiting */
	for (i = 0; i < nanswers; i++) {
		a = &answers[i];
		if (a->s == s && a->hook == hook && a->arg == arg &&
		    a->nopt == nopt && same_values(a->opt, opt, nopt)) {
			*value = a->value;
			return 0;
		}
	}
	if (hook == HOOK_MAX_N)
		snprintf(what, sizeof what, "for %s mode",
			 arg == NQ_MODE_COUNT ? "count" : "first");
	else if (hook == HOOK_UNITS)
		snprintf(what, sizeof what, "for n=%d", arg);
	else
		snprintf(what, sizeof what, "for n=%d, %s mode%s", arg >> 2,
			 arg >> 1 & 1 ? "count" : "first",
			 arg & 1 ? "" : ", with pre-placed queens or blocked "
			 "squares");
	if (!strcmp(origin, "built-in")) {
		*value = call_hook(&c);
	} else if (nq_guard_call(probe_hook, &c, value, sizeof *value,
				 NQ_GUARD_HOOK_S, why, sizeof why) !=
		   (long)sizeof *value) {
		hook_fail(origin, "solver '%s': its %s hook %s %s (a "
			  "plugin's %s runs in a child, at most %g s)",
			  s->name, name, why, what, name, NQ_GUARD_HOOK_S);
		return -1;
	}
	if (hook == HOOK_MAX_N && *value < NQ_NOT_APPLICABLE) {
		hook_fail(origin, "solver '%s': its max_n hook returned %lld "
			  "%s (expected 0: no limit, the largest n, or "
			  "NQ_NOT_APPLICABLE, -1)", s->name, *value, what);
		return -1;
	}
	if (hook == HOOK_UNITS && *value < 0) {
		hook_fail(origin, "solver '%s': its count_units hook returned "
			  "%lld %s (expected 0: no parts, or the number of "
			  "work units, at least 1)", s->name, *value, what);
		return -1;
	}
	if (hook == HOOK_THREADS && (*value < 0 || *value > 4096)) {
		hook_fail(origin, "solver '%s': its threads hook returned "
			  "%lld %s (expected 0: one per core, or 1..4096)",
			  s->name, *value, what);
		return -1;
	}
	if (nanswers == answers_cap) {
		size_t cap = answers_cap ? 2 * answers_cap : 16;

		if (!(a = realloc(answers, cap * sizeof *a)))
			return 0; /* not kept: asked again next time */
		answers = a;
		answers_cap = cap;
	}
	a = &answers[nanswers];
	if (!(a->opt = malloc((nopt ? nopt : 1) * sizeof *opt)))
		return 0;
	memcpy(a->opt, opt, nopt * sizeof *opt);
	a->s = s;
	a->nopt = nopt;
	a->hook = hook;
	a->arg = arg;
	a->value = *value;
	nanswers++;
	return 0;
}

int nq_solver_max_n(const nq_solver *s, const nq_optval *opt,
		    enum nq_mode mode)
{
	long long v;

	if (!s->max_n)
		return 0;
	if (hook_value(s, opt, HOOK_MAX_N, (int)mode, &v) < 0)
		return NQ_NOT_APPLICABLE;
	return v > 1000000000LL ? 1000000000 : (int)v;
}

int nq_solver_threads(const nq_solver *s, const nq_optval *opt, int n,
		      enum nq_mode mode, int plain)
{
	long long v;

	if (s->abi_version < 5 || s->struct_size < sizeof *s || !s->threads)
		return -1;
	if (n < 0 || n > (1 << 28))
		return 1;
	if (hook_value(s, opt, HOOK_THREADS,
		       n << 2 | (mode == NQ_MODE_COUNT) << 1 | (plain != 0),
		       &v) < 0)
		return 1;
	return (int)v;
}

long nq_solver_count_units(const nq_solver *s, const nq_optval *opt, int n)
{
	long long v;

	if (s->abi_version < 4 || s->struct_size < sizeof *s ||
	    !s->count_units)
		return 0;
	if (hook_value(s, opt, HOOK_UNITS, n, &v) < 0)
		return 0;
	return v > 0 ? (long)v : 0;
}

int nq_solver_hooks_error(nq_error *err)
{
	if (!hook_failed)
		return 0;
	if (err)
		*err = hook_err;
	return -1;
}

static const char *const type_names[] = {
	"choice", "int", "cnf", "ilp", "text", "command"
};

/* A solver's option table: at most NQ_PLUGIN_OPTIONS_MAX entries, then a
 * NULL key (read no further); every entry's key, type and values
 * sound, each fault named. */
static int check_options(const nq_solver *s, const char *origin,
			 nq_error *err)
{
	size_t r, c, ntypes = sizeof type_names / sizeof *type_names;
	int found_label = !s->label_option;

	for (r = 0; s->options; r++) {
		const nq_option *o = &s->options[r];
		unsigned type;

		nq_guard_stage("reading solver '%s''s option table (entry "
			       "%zu)", s->name, r);
		if (!o->key)
			break;
		if (r == NQ_PLUGIN_OPTIONS_MAX)
			return nq_error_set(err, origin, 0, 0, "solver '%s': "
					    "its option table has no end "
					    "within %d entries (at most %d "
					    "options, then one whose key is "
					    "NULL)", s->name,
					    NQ_PLUGIN_OPTIONS_MAX,
					    NQ_PLUGIN_OPTIONS_MAX);
		if (!*o->key)
			return nq_error_set(err, origin, 0, 0, "solver '%s': "
					    "option %zu has an empty key",
					    s->name, r);
		type = (unsigned)o->type;
		if (type >= ntypes)
			return nq_error_set(err, origin, 0, 0, "solver '%s': "
					    "option '%s' has type %u (expected "
					    "0..%zu: choice, int, cnf, ilp, "
					    "text, command)", s->name, o->key,
					    type, ntypes - 1);
		if (o->type == NQ_OPT_CHOICE) {
			for (c = 0; o->choices && o->choices[c]; c++)
				if (c == NQ_PLUGIN_LIST_MAX)
					return nq_error_set(err, origin, 0, 0,
						"solver '%s': option '%s' "
						"(choice): its choices have "
						"no NULL within %d entries",
						s->name, o->key,
						NQ_PLUGIN_LIST_MAX);
			if (!c)
				return nq_error_set(err, origin, 0, 0, "solver "
						    "'%s': option '%s' is a "
						    "choice without choices",
						    s->name, o->key);
		}
		if (o->type == NQ_OPT_INT && o->min > o->max)
			return nq_error_set(err, origin, 0, 0, "solver '%s': "
					    "option '%s' (int) has min %lld "
					    "above max %lld", s->name, o->key,
					    o->min, o->max);
		if (s->label_option && !strcmp(o->key, s->label_option))
			found_label = 1;
	}
	if (!found_label)
		return nq_error_set(err, origin, 0, 0, "solver '%s': its "
				    "label_option '%s' names none of its "
				    "options", s->name, s->label_option);
	nq_guard_stage("registering solver '%s'", s->name);
	return 0;
}

int nq_registry_add_solver(const nq_solver *s, const char *origin, nq_error *err)
{
	registry_init();
	if (check_entry(s->abi_version, s->struct_size,
			s->abi_version < 2 ? NQ_SOLVER_SIZE_V1 :
			s->abi_version < 4 ? NQ_SOLVER_SIZE_V3 :
			s->abi_version < 5 ? NQ_SOLVER_SIZE_V4 : sizeof *s,
			s->name,
			"solver", solver_origin_of(s->name),
			reg.nsolvers, origin, err))
		return -1;
	if (!s->solve)
		return nq_error_set(err, origin, 0, 0,
				    "solver '%s' has no solve hook", s->name);
	if (check_options(s, origin, err))
		return -1;
	reg.solver_origin[reg.nsolvers] = origin;
	reg.solvers[reg.nsolvers++] = s;
	return 0;
}

int nq_registry_add_cnf(const nq_cnf_encoder *e, const char *origin, nq_error *err)
{
	registry_init();
	if (check_entry(e->abi_version, e->struct_size, sizeof *e, e->name,
			"CNF encoder", cnf_origin_of(e->name),
			reg.ncnf, origin, err))
		return -1;
	if (!e->amo && !e->encode)
		return nq_error_set(err, origin, 0, 0,
				    "CNF encoder '%s' has neither amo nor "
				    "encode", e->name);
	reg.cnf_origin[reg.ncnf] = origin;
	reg.cnf[reg.ncnf++] = e;
	return 0;
}

int nq_registry_add_ilp(const nq_ilp_model *m, const char *origin, nq_error *err)
{
	registry_init();
	if (check_entry(m->abi_version, m->struct_size, sizeof *m, m->name,
			"ILP model", ilp_origin_of(m->name),
			reg.nilp, origin, err))
		return -1;
	if (!m->build)
		return nq_error_set(err, origin, 0, 0,
				    "ILP model '%s' has no build hook", m->name);
	reg.ilp_origin[reg.nilp] = origin;
	reg.ilp[reg.nilp++] = m;
	return 0;
}

const char *nq_registry_solver_origin(size_t i)
{
	registry_init();
	return i < reg.nsolvers ? reg.solver_origin[i] : NULL;
}

const char *nq_registry_cnf_origin(size_t i)
{
	registry_init();
	return i < reg.ncnf ? reg.cnf_origin[i] : NULL;
}

const char *nq_registry_ilp_origin(size_t i)
{
	registry_init();
	return i < reg.nilp ? reg.ilp_origin[i] : NULL;
}

void nq_registry_mark(nq_registry_pos *pos)
{
	registry_init();
	pos->nsolvers = reg.nsolvers;
	pos->ncnf = reg.ncnf;
	pos->nilp = reg.nilp;
}

void nq_registry_rollback(const nq_registry_pos *pos)
{
	registry_init();
	if (pos->nsolvers <= reg.nsolvers)
		reg.nsolvers = pos->nsolvers;
	if (pos->ncnf <= reg.ncnf)
		reg.ncnf = pos->ncnf;
	if (pos->nilp <= reg.nilp)
		reg.nilp = pos->nilp;
}

const nq_solver *nq_registry_solver_at(size_t i)
{
	registry_init();
	return i < reg.nsolvers ? reg.solvers[i] : NULL;
}

const nq_cnf_encoder *nq_registry_cnf_at(size_t i)
{
	registry_init();
	return i < reg.ncnf ? reg.cnf[i] : NULL;
}

const nq_ilp_model *nq_registry_ilp_at(size_t i)
{
	registry_init();
	return i < reg.nilp ? reg.ilp[i] : NULL;
}

const nq_solver *nq_registry_solver(const char *name)
{
	const nq_solver *s;
	size_t i;

	for (i = 0; (s = nq_registry_solver_at(i)); i++)
		if (strcmp(s->name, name) == 0)
			return s;
	return NULL;
}

const nq_cnf_encoder *nq_registry_cnf(const char *name)
{
	const nq_cnf_encoder *e;
	size_t i;

	for (i = 0; (e = nq_registry_cnf_at(i)); i++)
		if (strcmp(e->name, name) == 0)
			return e;
	return NULL;
}

const nq_ilp_model *nq_registry_ilp(const char *name)
{
	const nq_ilp_model *m;
	size_t i;

	for (i = 0; (m = nq_registry_ilp_at(i)); i++)
		if (strcmp(m->name, name) == 0)
			return m;
	return NULL;
}

static void append(char *buf, size_t len, const char *name)
{
	size_t used = strlen(buf);

	if (used < len)
		snprintf(buf + used, len - used, "%s%s", used ? ", " : "", name);
}

size_t nq_registry_option_names(const nq_option *o, const char **names,
				size_t max)
{
	const nq_cnf_encoder *e;
	const nq_ilp_model *m;
	size_t i, k = 0;

	if (o->type == NQ_OPT_CHOICE)
		for (i = 0; o->choices && o->choices[i] && k < max; i++)
			names[k++] = o->choices[i];
	else if (o->type == NQ_OPT_CNF)
		for (i = 0; (e = nq_registry_cnf_at(i)) && k < max; i++)
			names[k++] = e->name;
	else if (o->type == NQ_OPT_ILP)
		for (i = 0; (m = nq_registry_ilp_at(i)) && k < max; i++)
			names[k++] = m->name;
	return k;
}

size_t nq_registry_solver_names(const char **names, size_t max)
{
	const nq_solver *s;
	size_t i, k = 0;

	for (i = 0; (s = nq_registry_solver_at(i)) && k < max; i++)
		names[k++] = s->name;
	return k;
}

void nq_registry_option_choices(const nq_option *o, char *buf, size_t len)
{
	size_t i;

	buf[0] = '\0';
	switch (o->type) {
	case NQ_OPT_CHOICE:
		for (i = 0; o->choices && o->choices[i]; i++)
			append(buf, len, o->choices[i]);
		break;
	case NQ_OPT_CNF:
		for (i = 0; nq_registry_cnf_at(i); i++)
			append(buf, len, nq_registry_cnf_at(i)->name);
		break;
	case NQ_OPT_ILP:
		for (i = 0; nq_registry_ilp_at(i); i++)
			append(buf, len, nq_registry_ilp_at(i)->name);
		break;
	case NQ_OPT_INT:
		snprintf(buf, len, "an integer from %lld to %lld", o->min, o->max);
		break;
	case NQ_OPT_TEXT:
		/* a number, a backend id, a list: the option's own help
		 * says what (list prints it on the line below) */
		snprintf(buf, len, o->help && *o->help ? "text, as below" :
			 "any text");
		break;
	case NQ_OPT_COMMAND:
		snprintf(buf, len, "a command (program on PATH, then arguments)");
		break;
	}
}
