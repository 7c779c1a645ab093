/* cnf.c - STUB being written. */
#include "cnf.h"
static int stub_amo(const nq_cnf_sink *s, const int *l, int k) { (void)s; (void)l; (void)k; return NQ_ERR; }
const nq_cnf_encoder nq_cnf_pairwise = { NQ_ABI_VERSION, sizeof(nq_cnf_encoder), "pairwise", "stub", stub_amo, NULL };
const nq_cnf_encoder nq_cnf_sequential = { NQ_ABI_VERSION, sizeof(nq_cnf_encoder), "sequential", "stub", stub_amo, NULL };
int nq_cnf_build(const nq_instance *i, const nq_cnf_encoder *e, const nq_cnf_sink *s, int *v) { (void)i; (void)e; (void)s; (void)v; return NQ_ERR; }
