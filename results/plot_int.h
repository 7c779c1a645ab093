/*
 * plot_int.h - what plot.c shares with the plots drawn in other files
 * (solubility.c): the script's common setup, gnuplot strings, colours.
 */
#ifndef NQ_PLOT_INT_H
#define NQ_PLOT_INT_H

#include <stdio.h>
#include "error.h"
#include "plot.h"

/* The terminal (terms[term] in plot.c), output and grid, and a
 * multiplot of npanels side by side titled `title`. */
void nq_plot_setup(FILE *f, const nq_plot_opts *o, int term,
		   const char *target, int npanels, const char *title);
/* s as a gnuplot single-quoted string. */
void nq_plot_str(FILE *f, const char *s);
/* The rgb of series s, as `lc rgb variable` reads it. */
long nq_plot_rgb(size_t s);

/* The solubility plot's script (solubility.c). 0 or NQ_PLOT_EINPUT. */
int nq_solubility_plot(FILE *f, const nq_table *t, const nq_plot_opts *o,
		       int term, const char *target, nq_error *err);

#endif
