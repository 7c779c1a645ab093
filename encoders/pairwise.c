/*
 * pairwise.c - the binomial (pairwise) at-most-one encoding: one binary
 * clause (-a | -b) for every pair of the k literals, k(k-1)/2 clauses and
 * no auxiliary variables.
 */
#include "cnf.h"

static int pairwise_amo(const nq_cnf_sink *sink, const int *lits, int k)
{
	int i, j;

	for (i = 0; i < k; i++)
		for (j = i + 1; j < k; j++) {
			sink->add(sink->ctx, -lits[i]);
			sink->add(sink->ctx, -lits[j]);
			sink->add(sink->ctx, 0);
		}
	return NQ_OK;
}

const nq_cnf_encoder nq_cnf_pairwise = {
	NQ_ABI_VERSION,                 /* abi_version */
	sizeof(nq_cnf_encoder),         /* struct_size */
	"pairwise",                     /* name */
	"binomial at-most-one: a binary clause per pair, no auxiliaries",
	pairwise_amo,                   /* amo */
	NULL                            /* encode: the host builds the rest */
};
