/* picosat.c - STUB being written; replaced by the real backend. */
#include "solvers.h"
static int stub_solve(const nq_job *job, nq_result *res) { (void)job; (void)res; return NQ_ERR; }
const nq_solver nq_solver_picosat = { NQ_ABI_VERSION, sizeof(nq_solver), "picosat", "stub", NULL, NULL, NULL, stub_solve };
