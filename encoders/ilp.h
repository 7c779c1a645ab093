/*
 * ilp.h - built-in ILP models of n-queens.
 */
#ifndef NQ_ILP_H
#define NQ_ILP_H

#include "nq_plugin.h"

extern const nq_ilp_model nq_ilp_assignment;
extern const nq_ilp_model nq_ilp_assignment_rows;
extern const nq_ilp_model nq_ilp_independent_set;
extern const nq_ilp_model nq_ilp_edge;

#endif
