/*
 * external.h - solvers that run another program on an exported file
 * (solvers/program/external.c): `dimacs` (any DIMACS SAT solver on the
 * CNF of an encoding) and `cbc` (COIN-OR CBC on the LP file of a model);
 * and the host's services a solver gets in job->host (nq_plugin.h, ABI
 * 6), the same temp directory, deadline and program run they use.
 */
#ifndef NQ_EXTERNAL_H
#define NQ_EXTERNAL_H

#include "nq_plugin.h"

extern const nq_solver nq_solver_dimacs;
extern const nq_solver nq_solver_cbc;

/* In a run's child, just before solve: the host's services for the run
 * whose directory is dir (removed by the host after it), its deadline
 * taken from job's time limit and now. One table per process. */
const nq_host *nq_ext_host(const char *dir, const nq_job *job);

#endif
