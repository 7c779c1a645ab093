/*
 * template_amo.c - a CNF encoder plugin to copy. One file, one shared
 * object, runs beside every built-in encoding on the same instances and
 * is checked by the same validator.
 *
 * What it encodes: "at most one of x1..xk is true", the constraint the
 * harness asks for on every row, column and diagonal of the board (it
 * adds the "at least one queen per row" and "per column" clauses, the
 * pre-placed queens and the numbering of the squares itself). This template uses Heule's
 * 3-split: for k <= 4, one binary clause per pair; otherwise
 *
 *     AMO(x1..xk) = AMO(x1, x2, x3, y) and AMO(-y, x4, .., xk)
 *
 * with a fresh auxiliary y ("one of x4..xk is true"), which gives about
 * 3k clauses and k/2 auxiliaries instead of k(k-1)/2 clauses.
 *
 * Make it yours, step by step (docs/plugins.md walks through it); the
 * steps done in this file are marked "Step N" below.
 *
 *   1. Copy this file:  cp encoders/template/template_amo.c my_amo.c
 *   2. Rename the encoder (Step 2 below): its name is what experiment
 *      files write, as in `picosat: {encoding: my-amo}`, and must not be
 *      taken (`./harness list` shows every name).
 *   3. Write your at-most-one in template_amo() (Step 3). Talk to the
 *      solver only through the sink: sink->new_var(sink->ctx) returns a
 *      fresh variable (1, 2, ...); sink->add(sink->ctx, lit) adds a
 *      literal to the current clause (a negative literal is a negated
 *      variable) and sink->add(sink->ctx, 0) ends the clause.
 *   4. List it in the plugin (Step 4): one entry symbol per shared
 *      object, any number of encoders, models and solvers.
 *   5. Build:  make plugin SRC=my_amo.c
 *      or:     cc -std=c11 -O2 -shared -fPIC -Iinclude -o my_amo.so my_amo.c
 *   6. Name it in an experiment file and run it:
 *          plugins: [my_amo.so]          # relative to the experiment file
 *          approaches:
 *            - picosat: {encoding: my-amo}
 *      ./harness my_experiment.yaml      (CSV: reports/my_experiment.csv)
 *      or try it at once:
 *          ./harness solve -n 8 --count --plugin ./my_amo.so \
 *              picosat:encoding=my-amo
 *   7. Export it for other tools:
 *          ./harness export --plugin ./my_amo.so -n 8 --encoding my-amo \
 *              -o my8.cnf
 *
 * The only header a plugin needs is include/nq_plugin.h; everything else
 * here is plain C11. Keep no global state that changes: each run calls
 * amo() in a child process of its own, and a crash costs only that run.
 */
#include "nq_plugin.h"

/* One clause (-a or -b) for every pair of lits[0..k-1]. */
static void pairwise(const nq_cnf_sink *sink, const int *lits, int k)
{
	int i, j;

	for (i = 0; i < k; i++)
		for (j = i + 1; j < k; j++) {
			sink->add(sink->ctx, -lits[i]);
			sink->add(sink->ctx, -lits[j]);
			sink->add(sink->ctx, 0);
		}
}

/* Step 3: the encoding. Emit clauses through `sink` so that at most one
 * of lits[0..k-1] can be true; k >= 2. Return NQ_OK, or NQ_ENOMEM /
 * NQ_ERR if something fails (the run becomes `memout` / `error`). */
static int template_amo(const nq_cnf_sink *sink, const int *lits, int k)
{
	int group[4], g, head = 0, y;

	for (;;) {
		/* the group: the carried -y (if any), then literals */
		g = 0;
		if (head)
			group[g++] = head;
		if (g + k <= 4) {
			while (k > 0) {
				group[g++] = *lits++;
				k--;
			}
			pairwise(sink, group, g);
			return NQ_OK;
		}
		while (g < 3) {
			group[g++] = *lits++;
			k--;
		}
		/* y: "one of the literals still to come is true" */
		y = sink->new_var(sink->ctx);
		if (y <= 0)
			return NQ_ERR;
		group[g++] = y;
		pairwise(sink, group, g);   /* AMO(group, y) */
		head = -y;                  /* then AMO(-y, the rest) */
	}
}

/* Step 2: the encoder. Its name is what experiment files write; the
 * summary is what `harness list` shows. Fields in this order, the first
 * two always NQ_ABI_VERSION and sizeof(nq_cnf_encoder). */
static const nq_cnf_encoder template_encoder = {
	NQ_ABI_VERSION,                 /* abi_version */
	sizeof(nq_cnf_encoder),         /* struct_size */
	"template",                     /* name: rename it (step 2) */
	"Heule 3-split at-most-one from the plugin template: groups of 3 "
	"plus a chaining auxiliary",   /* summary, one line */
	template_amo,                   /* amo */
	NULL                            /* encode: optional, whole instance */
};

/* Step 4: the plugin. One per shared object, returned by the one entry
 * symbol. List every encoder (and solver, and ILP model) it adds in
 * NULL-terminated arrays; lists it does not use stay NULL. */
static const nq_cnf_encoder *const template_cnf[] = {
	&template_encoder, NULL
};

static const nq_plugin template_plugin = {
	NQ_ABI_VERSION,                 /* abi_version */
	sizeof(nq_plugin),              /* struct_size */
	"template",                     /* name, for `harness list` */
	"copy-this-file CNF encoder plugin (encoders/template/)",
	NULL,                           /* solvers */
	template_cnf,                   /* cnf */
	NULL                            /* ilp */
};

NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void)
{
	return &template_plugin;
}
