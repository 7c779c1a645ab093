/*
 * external.h - solvers that run another program on an exported file
 * (solvers/program/external.c): `dimacs` (any DIMACS SAT solver on the CNF of an
 * encoding) and `cbc` (COIN-OR CBC on the LP file of a model).
 */
#ifndef NQ_EXTERNAL_H
#define NQ_EXTERNAL_H

#include "nq_plugin.h"

extern const nq_solver nq_solver_dimacs;
extern const nq_solver nq_solver_cbc;

#endif
