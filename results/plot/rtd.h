/*
 * rtd.h - the run-time distribution of randomised methods (plot --kind
 * rtd; Hoos and Stuetzle, "Stochastic Local Search", 2005, ch. 4): per
 * approach and instance, the fraction of its runs solved within x steps
 * and within x seconds, two panels side by side.
 */
#ifndef NQ_RTD_H
#define NQ_RTD_H

#include <stdio.h>
#include "plot_common.h"

/* At most this many curves (approach and instance); the title says how
 * many were left out and --only picks others. */
#define NQ_RTD_CURVES 12
/* A curve of more solved runs is drawn through this many of its steps
 * (evenly by rank; the ends kept), so a file of 10^5 runs stays a
 * picture of kilobytes. */
#define NQ_RTD_POINTS 1000

/* The script (rtd.c). 0 or NQ_PLOT_EINPUT (err set: no row has steps). */
int nq_rtd_plot(FILE *f, const nq_table *t, const nq_plot_opts *o, int term,
		const char *target, nq_error *err);

/* Is every approach of t (as o filters and groups it) a randomised
 * method, so that `plot` draws the run-time distribution by default? */
int nq_rtd_default(const nq_table *t, const nq_plot_opts *o);

#endif
