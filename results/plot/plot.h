/*
 * plot.h - draw a results table with gnuplot: time against n, a cactus
 * plot, encoding sizes. Every number is computed here (results/cells,
 * results/stats) and handed to gnuplot as inline data; gnuplot only draws.
 * gnuplot reads its script on stdin; the picture is written to a temp
 * file beside the output and renamed over it only when gnuplot succeeds.
 */
#ifndef NQ_PLOT_H
#define NQ_PLOT_H

#include <stdio.h>
#include "table.h"
#include "plot_common.h"

/* Write the gnuplot script for `t` to `f`, drawing into `target`. */
int nq_plot_script(const nq_table *t, const nq_plot_opts *o,
		   const char *target, FILE *f, nq_error *err);

/* Draw `t` into o->output. 0, NQ_PLOT_EINPUT or NQ_PLOT_EDRAW (err set). */
int nq_plot_draw(const nq_table *t, const nq_plot_opts *o, nq_error *err);

/* Draw `t` as SVG (o->output is not used) and hand back the picture's
 * text in *svg (malloc'd, NUL-ended, *len bytes; free it): for pages
 * that hold their pictures inline. Drawn by nq_plot_draw into a temp
 * directory, removed after. 0, NQ_PLOT_EINPUT or NQ_PLOT_EDRAW (err set). */
int nq_plot_svg(const nq_table *t, const nq_plot_opts *o, char **svg,
		size_t *len, nq_error *err);

#endif
