/*
 * commander.c - the commander at-most-one encoding (W. Klieber and G.
 * Kwon, "Efficient CNF encoding for selecting 1 from N objects", 2007).
 * The k literals are split into groups of COMMANDER_GROUP; each group of
 * two or more gets a commander c, and
 *
 *   at most one of the group          (pairwise, within the group)
 *   (-x | c) for each x of the group  (a true member raises its commander)
 *   (-c | x_1 | ... | x_g)            (a commander is raised by a member)
 *
 * then at most one of the commanders (a group of one is its own
 * commander), recursively, until COMMANDER_BASE or fewer are left, which
 * take the pairwise encoding. About k/2 auxiliaries and 3k clauses for
 * groups of 3. The last clause makes each commander a function of its
 * group, so the encoding has one model per model of the squares.
 */
#include <stdlib.h>
#include "cnf.h"

#define COMMANDER_GROUP 3
#define COMMANDER_BASE 4

static int commander_amo(const nq_cnf_sink *sink, const int *lits, int k)
{
	int *cmd, ncmd = 0, i, j, rc;

	if (k <= COMMANDER_BASE)
		return nq_cnf_pairwise.amo(sink, lits, k);
	cmd = malloc((size_t)(k + COMMANDER_GROUP - 1) / COMMANDER_GROUP *
		     sizeof *cmd);
	if (!cmd)
		return NQ_ENOMEM;
	for (i = 0; i < k; i += COMMANDER_GROUP) {
		int g = k - i < COMMANDER_GROUP ? k - i : COMMANDER_GROUP, c;

		if (g == 1) {
			cmd[ncmd++] = lits[i];
			continue;
		}
		c = sink->new_var(sink->ctx);
		if (c <= 0) {
			free(cmd);
			return NQ_ERR;
		}
		nq_cnf_pairwise.amo(sink, lits + i, g);
		for (j = 0; j < g; j++) {
			sink->add(sink->ctx, -lits[i + j]);
			sink->add(sink->ctx, c);
			sink->add(sink->ctx, 0);
		}
		sink->add(sink->ctx, -c);
		for (j = 0; j < g; j++)
			sink->add(sink->ctx, lits[i + j]);
		sink->add(sink->ctx, 0);
		cmd[ncmd++] = c;
	}
	rc = commander_amo(sink, cmd, ncmd);
	free(cmd);
	return rc;
}

const nq_cnf_encoder nq_cnf_commander = {
	NQ_ABI_VERSION,                 /* abi_version */
	sizeof(nq_cnf_encoder),         /* struct_size */
	"commander",                    /* name */
	"commander at-most-one (Klieber, Kwon): groups of 3, recursive on the commanders",
	commander_amo,                  /* amo */
	NULL                            /* encode: the host builds the rest */
};
