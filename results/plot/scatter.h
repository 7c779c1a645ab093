/*
 * scatter.h - the scatter plot (plot --kind scatter, the HTML report):
 * two approaches against each other, a point per instance.
 */
#ifndef NQ_SCATTER_H
#define NQ_SCATTER_H

#include <stdio.h>
#include "plot_common.h"

/* The scatter plot's script (scatter.c) of o->scatter_a (x) against
 * o->scatter_b (y), the first two approaches when NULL. 0 or
 * NQ_PLOT_EINPUT (err set: an approach unknown, the approaches listed;
 * fewer than two approaches; no instance both ran). */
int nq_scatter_plot(FILE *f, const nq_table *t, const nq_plot_opts *o,
		    int term, const char *target, nq_error *err);

#endif
