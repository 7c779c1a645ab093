/*
 * binary.c - the binary (bitwise) at-most-one encoding (A. M. Frisch et
 * al., "Solving non-Boolean satisfiability problems with stochastic local
 * search", 2001; named "bitwise" by Prestwich): m = ceil(log2 k)
 * auxiliaries b_0..b_{m-1} spell the index of the true literal, so
 *
 *   (-x_i | b_j)    when bit j of i is 1
 *   (-x_i | -b_j)   when bit j of i is 0
 *
 * for every i < k and j < m. Two true literals would need two different
 * indices at once. That is ceil(log2 k) auxiliaries and k ceil(log2 k)
 * binary clauses: the fewest variables, but weak propagation (a true x_i
 * fixes the bits; the other literals fall only through them).
 */
#include "cnf.h"

static int binary_amo(const nq_cnf_sink *sink, const int *lits, int k)
{
	int bits[31], m = 0, i, j;

	while ((1L << m) < k)
		m++;
	for (j = 0; j < m; j++) {
		bits[j] = sink->new_var(sink->ctx);
		if (bits[j] <= 0)
			return NQ_ERR;
	}
	for (i = 0; i < k; i++)
		for (j = 0; j < m; j++) {
			sink->add(sink->ctx, -lits[i]);
			sink->add(sink->ctx, i >> j & 1 ? bits[j] : -bits[j]);
			sink->add(sink->ctx, 0);
		}
	return NQ_OK;
}

const nq_cnf_encoder nq_cnf_binary = {
	NQ_ABI_VERSION,                 /* abi_version */
	sizeof(nq_cnf_encoder),         /* struct_size */
	"binary",                       /* name */
	"bitwise at-most-one: log2 k auxiliaries spell the true literal's index",
	binary_amo,                     /* amo */
	NULL                            /* encode: the host builds the rest */
};
