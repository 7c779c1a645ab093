/*
 * bimander.c - the bimander at-most-one encoding (V.-H. Nguyen and S. T.
 * Mai, "A new method to encode the at-most-one constraint into SAT",
 * SoICT 2015): the commander encoding's groups, with the commanders
 * replaced by a binary (bitwise) code of the group's index. The k
 * literals fall into m = ceil(k / BIMANDER_GROUP) groups; with
 * b = ceil(log2 m) auxiliaries B_0..B_{b-1}:
 *
 *   at most one of each group            (pairwise, within the group)
 *   (-x | B_j) or (-x | -B_j)            for x in group i, as bit j of i
 *
 * Two true literals in one group break its pairwise clauses; in two
 * groups, they need two different codes. Groups of two (the paper's
 * m = k/2 setting) give ceil(log2(k/2)) auxiliaries and about
 * k/2 + k log2(k/2) binary clauses.
 */
#include "cnf.h"

#define BIMANDER_GROUP 2

static int bimander_amo(const nq_cnf_sink *sink, const int *lits, int k)
{
	int m = (k + BIMANDER_GROUP - 1) / BIMANDER_GROUP, b = 0, bits[31];
	int i, j;

	while ((1L << b) < m)
		b++;
	for (j = 0; j < b; j++) {
		bits[j] = sink->new_var(sink->ctx);
		if (bits[j] <= 0)
			return NQ_ERR;
	}
	for (i = 0; i < k; i += BIMANDER_GROUP) {
		int g = k - i < BIMANDER_GROUP ? k - i : BIMANDER_GROUP;
		int group = i / BIMANDER_GROUP, x;

		if (g >= 2)
			nq_cnf_pairwise.amo(sink, lits + i, g);
		for (x = i; x < i + g; x++)
			for (j = 0; j < b; j++) {
				sink->add(sink->ctx, -lits[x]);
				sink->add(sink->ctx, group >> j & 1 ? bits[j]
								    : -bits[j]);
				sink->add(sink->ctx, 0);
			}
	}
	return NQ_OK;
}

const nq_cnf_encoder nq_cnf_bimander = {
	NQ_ABI_VERSION,                 /* abi_version */
	sizeof(nq_cnf_encoder),         /* struct_size */
	"bimander",                     /* name */
	"bimander at-most-one (Nguyen, Mai): pairs, binary-coded group index",
	bimander_amo,                   /* amo */
	NULL                            /* encode: the host builds the rest */
};
