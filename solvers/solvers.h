/*
 * solvers.h - the built-in solvers (each an nq_solver, see nq_plugin.h).
 */
#ifndef NQ_SOLVERS_H
#define NQ_SOLVERS_H

#include "nq_plugin.h"

extern const nq_solver nq_solver_backtrack; /* solvers/backtrack.c */
extern const nq_solver nq_solver_picosat;   /* solvers/picosat.c */
extern const nq_solver nq_solver_glpk;      /* solvers/glpk.c */

/* A run's child exits with this code when memory runs out where no error
 * can be returned (inside a library's allocator); the runner reports
 * `memout`. */
#define NQ_EXIT_MEMOUT 86
void nq_oom(void) __attribute__((noreturn));

/* Seconds since an arbitrary start, monotonic; for phase times. */
double nq_now(void);

#endif
