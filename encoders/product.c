/*
 * product.c - the 2-product at-most-one encoding (J. Chen, "A new SAT
 * encoding of the at-most-one constraint", ModRef 2010). The k literals
 * are laid out on a p x q grid (q = ceil(k / ceil(sqrt k)), p = ceil(k / q)),
 * literal
 * i at row i / q and column i % q, with an auxiliary u_r per grid row and
 * v_c per grid column:
 *
 *   (-x_i | u_{i/q}), (-x_i | v_{i%q})
 *
 * and, recursively, at most one of the u's and at most one of the v's.
 * Two true literals differ in their grid row or column, so two u's or two
 * v's would be true. At PRODUCT_BASE literals or fewer the pairwise
 * encoding takes over. About 2 sqrt(k) auxiliaries and 2k + 4 sqrt(k)
 * clauses.
 */
#include <stdlib.h>
#include "cnf.h"

#define PRODUCT_BASE 4

static int product_amo(const nq_cnf_sink *sink, const int *lits, int k)
{
	int p, q, i, rc;
	int *u;

	if (k <= PRODUCT_BASE)
		return nq_cnf_pairwise.amo(sink, lits, k);
	for (p = 1; p * p < k; p++)
		;
	q = (k + p - 1) / p;
	p = (k + q - 1) / q; /* the grid rows actually used */
	u = malloc((size_t)(p + q) * sizeof *u);
	if (!u)
		return NQ_ENOMEM;
	for (i = 0; i < p + q; i++) {
		u[i] = sink->new_var(sink->ctx);
		if (u[i] <= 0) {
			free(u);
			return NQ_ERR;
		}
	}
	for (i = 0; i < k; i++) {
		sink->add(sink->ctx, -lits[i]);
		sink->add(sink->ctx, u[i / q]);
		sink->add(sink->ctx, 0);
		sink->add(sink->ctx, -lits[i]);
		sink->add(sink->ctx, u[p + i % q]);
		sink->add(sink->ctx, 0);
	}
	rc = product_amo(sink, u, p);
	if (rc == NQ_OK)
		rc = product_amo(sink, u + p, q);
	free(u);
	return rc;
}

const nq_cnf_encoder nq_cnf_product = {
	NQ_ABI_VERSION,                 /* abi_version */
	sizeof(nq_cnf_encoder),         /* struct_size */
	"product",                      /* name */
	"2-product at-most-one (Chen): a sqrt(k) x sqrt(k) grid, recursive on rows and columns",
	product_amo,                    /* amo */
	NULL                            /* encode: the host builds the rest */
};
