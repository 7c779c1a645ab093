/*
 * registry.c - the tables of solvers, CNF encoders and ILP models.
 *
 * Built-ins are listed once below (as Lua's linit.c lists its libraries)
 * and registered through the same function as plugins.
 */
#include <stdio.h>
#include <string.h>
#include "registry.h"
#include "solvers.h"
#include "cnf.h"
#include "ilp.h"
#include "external.h"

#define NQ_REGISTRY_MAX 64

static const nq_solver *const builtin_solvers[] = {
	&nq_solver_backtrack, &nq_solver_minconflicts, &nq_solver_construct,
	&nq_solver_picosat, &nq_solver_glpk,
	&nq_solver_dimacs, &nq_solver_cbc, /* solvers/external.c */
	NULL
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

int nq_option_used(const nq_solver *s, const nq_optval *opt, size_t i)
{
	if (s->abi_version < 2 || s->struct_size <= NQ_SOLVER_SIZE_V1 ||
	    !s->option_used)
		return 1;
	return s->option_used(opt, i) != 0;
}

long nq_solver_count_units(const nq_solver *s, const nq_optval *opt, int n)
{
	long u;

	if (s->abi_version < 4 || s->struct_size < sizeof *s ||
	    !s->count_units)
		return 0;
	u = s->count_units(opt, n);
	return u > 0 ? u : 0;
}

int nq_registry_add_solver(const nq_solver *s, const char *origin, nq_error *err)
{
	registry_init();
	if (check_entry(s->abi_version, s->struct_size,
			s->abi_version < 2 ? NQ_SOLVER_SIZE_V1 :
			s->abi_version < 4 ? NQ_SOLVER_SIZE_V3 : sizeof *s,
			s->name,
			"solver", solver_origin_of(s->name),
			reg.nsolvers, origin, err))
		return -1;
	if (!s->solve)
		return nq_error_set(err, origin, 0, 0,
				    "solver '%s' has no solve hook", s->name);
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
		snprintf(buf, len, "any text");
		break;
	case NQ_OPT_COMMAND:
		snprintf(buf, len, "a command (program on PATH, then arguments)");
		break;
	}
}
