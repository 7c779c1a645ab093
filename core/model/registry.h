/*
 * registry.h - every solver, CNF encoder and ILP model the harness knows.
 *
 * Built-ins sit in static tables of the public structs (include/
 * nq_plugin.h); loaded plugins go through the same nq_registry_add_*
 * path. Lookups return borrowed pointers that live until exit.
 */
#ifndef NQ_REGISTRY_H
#define NQ_REGISTRY_H

#include "nq_plugin.h"
#include "error.h"
#include "solvers.h"

const nq_solver *nq_registry_solver(const char *name);
const nq_cnf_encoder *nq_registry_cnf(const char *name);
const nq_ilp_model *nq_registry_ilp(const char *name);

/* Iteration: NULL past the end. */
const nq_solver *nq_registry_solver_at(size_t i);

/* The option values of an approach of s checked against the host where
 * a built-in's values name something outside (minizinc's `solver`: the
 * backend must run): 0, or -1 with err->msg saying why. */
int nq_registry_check_values(const nq_solver *s, const nq_optval *opt,
			     nq_error *err);

/* The libraries of the built-in solvers (PicoSAT, GLPK, Z3), for the
 * .meta: entry i's name in *name ("z3") and in *loaded_by the solver
 * that loads it (NULL: linked in, always there); -1 past the end. */
int nq_registry_library(size_t i, const char **name,
			const nq_solver **loaded_by);
/* Entry i's version as the library gives it (loading it if it is
 * loaded, not linked: libz3 takes about 5 ms of CPU to load, and each
 * run's fork then copies its mappings). */
const char *nq_registry_library_version(size_t i);
/* The backend an approach of s drives through its program (minizinc's
 * `solver`, its version from the program's own list), into b: 1, or 0
 * when s drives none (solvers.h: nq_backend). */
int nq_registry_backend(const nq_solver *s, const nq_optval *opt,
			nq_backend *b);

/* Whether option i of solver s has an effect with these values: its
 * option_used hook where the solver's ABI version has one, else 1. */
int nq_option_used(const nq_solver *s, const nq_optval *opt, size_t i);
/* The solver's count_units for these options and n (ABI 4), 0 when it
 * does not count in parts; its max_n for this mode (0: no limit, or
 * NQ_NOT_APPLICABLE). A plugin's hook is called in a child with a time
 * limit (guard.h), once per solver, option values and mode (or n); one
 * that crashes, loops, exits or answers out of range (max_n below -1,
 * count_units below 0) gives a harmless answer (not applicable, no
 * parts) and leaves the error for nq_solver_hooks_error. */
long nq_solver_count_units(const nq_solver *s, const nq_optval *opt, int n);
/* The solver's threads hook (ABI 5) for these options and an instance of
 * size n in this mode (plain: no pre-placed queens, blocked squares or
 * excluded lines): 0 (one per core) or k >= 1; -1 when it has none. A
 * plugin's is guarded as above; one that fails, or answers out of
 * 0..4096, gives 1 and leaves the error. */
int nq_solver_threads(const nq_solver *s, const nq_optval *opt, int n,
		      enum nq_mode mode, int plain);
int nq_solver_max_n(const nq_solver *s, const nq_optval *opt,
		    enum nq_mode mode);
/* -1 with err filled (the first failure, naming the plugin file, the
 * solver, the hook and why) when a hook failed, else 0. */
int nq_solver_hooks_error(nq_error *err);
const nq_cnf_encoder *nq_registry_cnf_at(size_t i);
const nq_ilp_model *nq_registry_ilp_at(size_t i);

/* Register a solver / encoder / model (checks the ABI version, the struct
 * size and the name). `origin` names where it came from, for errors. */
int nq_registry_add_solver(const nq_solver *s, const char *origin, nq_error *err);
int nq_registry_add_cnf(const nq_cnf_encoder *e, const char *origin, nq_error *err);
int nq_registry_add_ilp(const nq_ilp_model *m, const char *origin, nq_error *err);

/* Where entry i came from: "built-in" or the plugin file it was loaded
 * from (borrowed; lives until exit). NULL past the end. */
const char *nq_registry_solver_origin(size_t i);
const char *nq_registry_cnf_origin(size_t i);
const char *nq_registry_ilp_origin(size_t i);

/* A position in the tables, to undo a half registration: mark before
 * registering a plugin's entries, roll back to the mark if one fails. */
typedef struct nq_registry_pos {
	size_t nsolvers, ncnf, nilp;
} nq_registry_pos;
void nq_registry_mark(nq_registry_pos *pos);
void nq_registry_rollback(const nq_registry_pos *pos);

/* The names a choice can take, for nq_choice (units.h): the values of
 * option o (NQ_OPT_CHOICE, CNF, ILP; none for the others), or every
 * solver; at most max of them into names (borrowed). How many. */
#define NQ_REGISTRY_MAX_NAMES 256
size_t nq_registry_option_names(const nq_option *o, const char **names,
				size_t max);
size_t nq_registry_solver_names(const char **names, size_t max);

/* Names of the choices an option accepts, comma separated, for messages
 * ("textbook, bitmask"). */
void nq_registry_option_choices(const nq_option *o, char *buf, size_t len);

#endif
