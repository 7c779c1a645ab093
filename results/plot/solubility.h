/*
 * solubility.h - the solubility plot (plot --kind solubility).
 */
#ifndef NQ_SOLUBILITY_H
#define NQ_SOLUBILITY_H

#include <stdio.h>
#include "plot_common.h"

/* The solubility plot's script (solubility.c). 0 or NQ_PLOT_EINPUT.
 * fractions 0: each approach's median only, against the parameter (the
 * time plot of a file of generated families, which has no n axis). */
int nq_solubility_plot(FILE *f, const nq_table *t, const nq_plot_opts *o,
		       int term, const char *target, int fractions,
		       nq_error *err);

#endif
