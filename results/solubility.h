/*
 * solubility.h - the solubility plot (plot --kind solubility).
 */
#ifndef NQ_SOLUBILITY_H
#define NQ_SOLUBILITY_H

#include <stdio.h>
#include "plot_common.h"

/* The solubility plot's script (solubility.c). 0 or NQ_PLOT_EINPUT. */
int nq_solubility_plot(FILE *f, const nq_table *t, const nq_plot_opts *o,
		       int term, const char *target, nq_error *err);

#endif
