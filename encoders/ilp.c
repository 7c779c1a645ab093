/* ilp.c - STUB being written. */
#include "ilp.h"
static int stub_build(const nq_instance *i, const nq_ilp_sink *s, int *c) { (void)i; (void)s; (void)c; return NQ_ERR; }
const nq_ilp_model nq_ilp_assignment = { NQ_ABI_VERSION, sizeof(nq_ilp_model), "assignment", "stub", stub_build };
