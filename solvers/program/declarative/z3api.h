/*
 * z3api.h - Z3's C API as the `smt` solver calls it (smt.c), reached
 * through a table that z3api.c fills from libz3 when the solver first
 * needs it (dlopen), not linked into the harness.
 *
 * Why: libz3 is 23 MB of C++ with its static constructors and libstdc++
 * behind it, and a process start that links it pays for them whether it
 * solves anything with Z3 or not: `harness --version` took 8.3 ms with
 * -lz3 and 4.6 ms without (perf stat -r 100, the same objects), and
 * `report`, `plot`, `check`, `plan` and most runs never call Z3. The
 * calls in smt.c keep their names: each Z3_x below is the table's x.
 * A function smt.c starts to call must be added to NQ_Z3_FUNCTIONS (the
 * build then fails on a name missing here, not at run time).
 */
#ifndef NQ_Z3API_H
#define NQ_Z3API_H

#include <stddef.h>
#include <z3.h>

#define NQ_Z3_FUNCTIONS(X) \
	X(Z3_del_config) \
	X(Z3_del_context) \
	X(Z3_get_bool_value) \
	X(Z3_get_error_msg) \
	X(Z3_get_numeral_int) \
	X(Z3_get_version) \
	X(Z3_global_param_set) \
	X(Z3_mk_bool_sort) \
	X(Z3_mk_config) \
	X(Z3_mk_const) \
	X(Z3_mk_context) \
	X(Z3_mk_eq) \
	X(Z3_mk_false) \
	X(Z3_mk_int_sort) \
	X(Z3_mk_not) \
	X(Z3_mk_or) \
	X(Z3_mk_params) \
	X(Z3_mk_solver) \
	X(Z3_mk_string_symbol) \
	X(Z3_model_dec_ref) \
	X(Z3_model_eval) \
	X(Z3_model_inc_ref) \
	X(Z3_params_dec_ref) \
	X(Z3_params_inc_ref) \
	X(Z3_params_set_uint) \
	X(Z3_set_error_handler) \
	X(Z3_set_param_value) \
	X(Z3_solver_assert) \
	X(Z3_solver_check) \
	X(Z3_solver_dec_ref) \
	X(Z3_solver_from_string) \
	X(Z3_solver_get_model) \
	X(Z3_solver_get_reason_unknown) \
	X(Z3_solver_get_statistics) \
	X(Z3_solver_inc_ref) \
	X(Z3_solver_set_params) \
	X(Z3_stats_dec_ref) \
	X(Z3_stats_get_key) \
	X(Z3_stats_get_uint_value) \
	X(Z3_stats_inc_ref) \
	X(Z3_stats_is_uint) \
	X(Z3_stats_size)

struct nq_z3_api {
#define NQ_Z3_FIELD(f) __typeof__(f) *f;
	NQ_Z3_FUNCTIONS(NQ_Z3_FIELD)
#undef NQ_Z3_FIELD
};
extern struct nq_z3_api nq_z3;

/* Loads libz3 and fills nq_z3 once (the first call; later calls say
 * what the first found): 0, or -1 with why in msg (no libz3, or one
 * without a function smt.c calls). */
int nq_z3_load(char *msg, size_t len);

#ifndef NQ_Z3API_TABLE /* z3api.c names the real functions */
#define Z3_del_config (nq_z3.Z3_del_config)
#define Z3_del_context (nq_z3.Z3_del_context)
#define Z3_get_bool_value (nq_z3.Z3_get_bool_value)
#define Z3_get_error_msg (nq_z3.Z3_get_error_msg)
#define Z3_get_numeral_int (nq_z3.Z3_get_numeral_int)
#define Z3_get_version (nq_z3.Z3_get_version)
#define Z3_global_param_set (nq_z3.Z3_global_param_set)
#define Z3_mk_bool_sort (nq_z3.Z3_mk_bool_sort)
#define Z3_mk_config (nq_z3.Z3_mk_config)
#define Z3_mk_const (nq_z3.Z3_mk_const)
#define Z3_mk_context (nq_z3.Z3_mk_context)
#define Z3_mk_eq (nq_z3.Z3_mk_eq)
#define Z3_mk_false (nq_z3.Z3_mk_false)
#define Z3_mk_int_sort (nq_z3.Z3_mk_int_sort)
#define Z3_mk_not (nq_z3.Z3_mk_not)
#define Z3_mk_or (nq_z3.Z3_mk_or)
#define Z3_mk_params (nq_z3.Z3_mk_params)
#define Z3_mk_solver (nq_z3.Z3_mk_solver)
#define Z3_mk_string_symbol (nq_z3.Z3_mk_string_symbol)
#define Z3_model_dec_ref (nq_z3.Z3_model_dec_ref)
#define Z3_model_eval (nq_z3.Z3_model_eval)
#define Z3_model_inc_ref (nq_z3.Z3_model_inc_ref)
#define Z3_params_dec_ref (nq_z3.Z3_params_dec_ref)
#define Z3_params_inc_ref (nq_z3.Z3_params_inc_ref)
#define Z3_params_set_uint (nq_z3.Z3_params_set_uint)
#define Z3_set_error_handler (nq_z3.Z3_set_error_handler)
#define Z3_set_param_value (nq_z3.Z3_set_param_value)
#define Z3_solver_assert (nq_z3.Z3_solver_assert)
#define Z3_solver_check (nq_z3.Z3_solver_check)
#define Z3_solver_dec_ref (nq_z3.Z3_solver_dec_ref)
#define Z3_solver_from_string (nq_z3.Z3_solver_from_string)
#define Z3_solver_get_model (nq_z3.Z3_solver_get_model)
#define Z3_solver_get_reason_unknown (nq_z3.Z3_solver_get_reason_unknown)
#define Z3_solver_get_statistics (nq_z3.Z3_solver_get_statistics)
#define Z3_solver_inc_ref (nq_z3.Z3_solver_inc_ref)
#define Z3_solver_set_params (nq_z3.Z3_solver_set_params)
#define Z3_stats_dec_ref (nq_z3.Z3_stats_dec_ref)
#define Z3_stats_get_key (nq_z3.Z3_stats_get_key)
#define Z3_stats_get_uint_value (nq_z3.Z3_stats_get_uint_value)
#define Z3_stats_inc_ref (nq_z3.Z3_stats_inc_ref)
#define Z3_stats_is_uint (nq_z3.Z3_stats_is_uint)
#define Z3_stats_size (nq_z3.Z3_stats_size)
#endif

#endif
