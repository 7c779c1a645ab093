/*
 * ladder.c - the ladder (regular) at-most-one encoding (I. P. Gent and
 * P. Nightingale, "A new encoding of AllDifferent into SAT", 2004; the
 * regular encoding of Ansotegui and Manya). The k literals and "none" are
 * the k + 1 values of a hidden variable v in 0..k (0: none true, i: x_i
 * true), and auxiliary y_i means v >= i, for i = 1..k:
 *
 *   (-y_{i+1} | y_i)                          ladder, i = 1..k-1
 *   x_i <-> (y_i & -y_{i+1})                  i = 1..k-1, three clauses:
 *       (-x_i | y_i), (-x_i | -y_{i+1}), (x_i | -y_i | y_{i+1})
 *   x_k <-> y_k                               two clauses
 *
 * Two true literals x_a, x_b (a < b) force -y_{a+1} and y_b, and the
 * ladder forbids that. Unlike Sinz's sequential counter (one direction of
 * the channelling only), every y_i is a function of the x's (y_i = x_i or
 * ... or x_k), so each model of the squares has exactly one model of the
 * whole CNF. That is k auxiliaries, 4k - 2 clauses (k - 1 of them
 * ternary).
 */
#include "cnf.h"

static void clause(const nq_cnf_sink *sink, int a, int b, int c)
{
	sink->add(sink->ctx, a);
	sink->add(sink->ctx, b);
	if (c)
		sink->add(sink->ctx, c);
	sink->add(sink->ctx, 0);
}

static int ladder_amo(const nq_cnf_sink *sink, const int *lits, int k)
{
	int i, y_prev = 0;

	/* y_1 .. y_k, built left to right; step i links y_i and y_{i+1}. */
	for (i = 0; i < k; i++) {
		int y = sink->new_var(sink->ctx);

		if (y <= 0)
			return NQ_ERR;
		if (i > 0) {
			int x = lits[i - 1];

			clause(sink, -y, y_prev, 0);       /* ladder */
			clause(sink, -x, y_prev, 0);       /* x_i -> y_i */
			clause(sink, -x, -y, 0);           /* x_i -> -y_{i+1} */
			clause(sink, x, -y_prev, y);       /* y_i & -y_{i+1} -> x_i */
		}
		y_prev = y;
	}
	/* x_k <-> y_k */
	clause(sink, -lits[k - 1], y_prev, 0);
	clause(sink, lits[k - 1], -y_prev, 0);
	return NQ_OK;
}

const nq_cnf_encoder nq_cnf_ladder = {
	NQ_ABI_VERSION,                 /* abi_version */
	sizeof(nq_cnf_encoder),         /* struct_size */
	"ladder",                       /* name */
	"ladder/regular at-most-one (Gent, Nightingale): k auxiliaries, full channelling",
	ladder_amo,                     /* amo */
	NULL                            /* encode: the host builds the rest */
};
