/*
 * solvers.h - the built-in solvers (each an nq_solver, see nq_plugin.h).
 */
#ifndef NQ_SOLVERS_H
#define NQ_SOLVERS_H

#include "nq_plugin.h"

extern const nq_solver nq_solver_backtrack; /* solvers/backtrack.c */
extern const nq_solver nq_solver_picosat;   /* solvers/picosat.c */
extern const nq_solver nq_solver_glpk;      /* solvers/glpk.c */

/* Seconds since an arbitrary start, monotonic; for phase times. */
double nq_now(void);

#endif
