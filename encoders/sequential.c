/*
 * sequential.c - Sinz's sequential counter for at-most-one (C. Sinz,
 * "Towards an optimal CNF encoding of Boolean cardinality constraints",
 * CP 2005), the k = 1 case: auxiliaries s_1..s_{k-1}, where s_i means
 * "some of x_1..x_i is true":
 *
 *   (-x_1 | s_1)
 *   (-x_i | s_i), (-s_{i-1} | s_i), (-x_i | -s_{i-1})   for 1 < i < k
 *   (-x_k | -s_{k-1})
 *
 * That is k-1 auxiliary variables and 3k-4 binary clauses.
 */
#include "cnf.h"

static int sequential_amo(const nq_cnf_sink *sink, const int *lits, int k)
{
	int i, s_prev = 0;

	for (i = 0; i < k - 1; i++) {
		int s = sink->new_var(sink->ctx);

		if (s <= 0)
			return NQ_ERR;
		/* x_i -> s_i */
		sink->add(sink->ctx, -lits[i]);
		sink->add(sink->ctx, s);
		sink->add(sink->ctx, 0);
		if (i > 0) {
			/* s_{i-1} -> s_i */
			sink->add(sink->ctx, -s_prev);
			sink->add(sink->ctx, s);
			sink->add(sink->ctx, 0);
			/* not both x_i and s_{i-1} */
			sink->add(sink->ctx, -lits[i]);
			sink->add(sink->ctx, -s_prev);
			sink->add(sink->ctx, 0);
		}
		s_prev = s;
	}
	if (k >= 2) {
		/* not both x_k and s_{k-1} */
		sink->add(sink->ctx, -lits[k - 1]);
		sink->add(sink->ctx, -s_prev);
		sink->add(sink->ctx, 0);
	}
	return NQ_OK;
}

const nq_cnf_encoder nq_cnf_sequential = {
	NQ_ABI_VERSION,                 /* abi_version */
	sizeof(nq_cnf_encoder),         /* struct_size */
	"sequential",                   /* name */
	"Sinz sequential counter: k-1 auxiliaries, 3k-4 binary clauses",
	sequential_amo,                 /* amo */
	NULL                            /* encode: the host builds the rest */
};
