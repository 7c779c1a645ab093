/*
 * scatter.c - see scatter.h. A point per instance both approaches ran
 * (mode, hints and n alike): A's median of the ok runs across, B's up; an
 * instance one of them did not solve (no ok run) sits at the timeout on
 * that axis, as an open marker. Log axes for times (or values spanning
 * more than 100x), one range for both, and the diagonal: points under it
 * are instances where B took less than A. A point shape per mode.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cells.h"
#include "scatter.h"

/* The series labelled `name`, or the usage error listing them. */
static int find_series(const nq_cells *c, const char *name, const char *csv,
		       size_t *s, nq_error *err)
{
	char list[1024];
	size_t i, used = 0;

	for (i = 0; i < c->nseries; i++)
		if (!strcmp(c->series[i], name)) {
			*s = i;
			return 0;
		}
	list[0] = '\0';
	for (i = 0; i < c->nseries && used < sizeof list; i++)
		used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
					 i ? ", " : "", c->series[i]);
	return nq_error_set(err, csv, 0, 0, "no approach '%s' for the "
			    "scatter plot; approaches: %s", name, list);
}

/* A cell's value on its axis: its median, or the timeout (where = 1). */
static double at(const nq_cell *e, double top, int *open)
{
	*open = !e->y.count;
	return e->y.count ? e->y.median : top;
}

static int draw(FILE *f, const nq_cells *c, const nq_plot_opts *o, int term,
		const char *target, size_t a, size_t b, nq_error *err)
{
	nq_style *st = malloc((c->nseries + 1) * sizeof *st);
	char colour[8];
	static const int pts[] = { 7, 5, 9, 13 };
	double lo = INFINITY, hi = 0, top;
	char title[1024], lab[600];
	size_t i, m, count = 0;
	int logs, narrow = 0;
	nq_plot_key key;

	if (!st || nq_plot_styles(c, o, st) < 0) {
		free(st);
		return nq_error_set(err, o->csv, 0, 0, "out of memory");
	}
	snprintf(colour, sizeof colour, "%s", st[b].colour);
	free(st);

	for (i = 0; i < c->ncells; i++)
		if ((c->cell[i].series == a || c->cell[i].series == b) &&
		    c->cell[i].y.count) {
			if (c->cell[i].y.median > 0 && c->cell[i].y.median < lo)
				lo = c->cell[i].y.median;
			if (c->cell[i].y.median > hi)
				hi = c->cell[i].y.median;
		}
	top = nq_column_is_time(c->ycol) && c->timeout_s > 0 ? c->timeout_s
	      : hi > 0 ? 2 * hi : 1;
	/* the axes reach the timeout only when a point sits there */
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *x = &c->cell[i], *y;

		if (x->series == a && top > hi &&
		    (y = nq_cells_find(c, b, x->mode, x->hints, x->n)) &&
		    (!x->y.count || !y->y.count))
			hi = top;
	}
	if (lo == INFINITY)
		lo = hi / 10;
	logs = o->scale == 1 || (o->scale < 0 && (nq_column_is_time(c->ycol) ||
						   hi / lo > 100));
	snprintf(title, sizeof title, "%s: %s against %s per instance",
		 c->experiment[0] ? c->experiment : o->csv, c->series[b],
		 c->series[a]);
	nq_plot_setup(f, o, term, target, title, &key);
	if (logs) {
		/* the square's side (em): the panel less its tick labels,
		 * axis labels and the key under it; a tick every few
		 * decades where one a decade would not fit */
		double side = key.pw - 9 < key.ph - 12 ? key.pw - 9 :
			      key.ph - 12, decades = log10(hi * 2.25 / lo);
		int every = 1;

		while (decades / every + 1 > side / 4.5 && every < 6)
			every++;
		fprintf(f, "set logscale xy 10\nset xrange [%.9g:%.9g]\n"
			"set yrange [%.9g:%.9g]\n", lo / 1.5, hi * 1.5, lo / 1.5,
			hi * 1.5);
		if (every > 1) {
			int d, d0 = (int)ceil(log10(lo / 1.5));

			fputs("set xtics (", f);
			for (d = d0; d <= (int)floor(log10(hi * 1.5)); d += every)
				fprintf(f, "%s%g", d > d0 ? ", " : "", pow(10, d));
			fputs(")\nset ytics (", f);
			for (d = d0; d <= (int)floor(log10(hi * 1.5)); d += every)
				fprintf(f, "%s%g", d > d0 ? ", " : "", pow(10, d));
			fputs(")\n", f);
		}
		narrow = key.pw < 50;
	}
	else
		fprintf(f, "set xrange [0:%.9g]\nset yrange [0:%.9g]\n",
			hi * 1.05, hi * 1.05);
	fputs("set format x '%g'\nset format y '%g'\nset size ratio -1\n"
	      "set key outside below center horizontal noopaque nobox\n"
	      "unset bmargin\nset xlabel ", f);
	snprintf(lab, sizeof lab, "%s: %s", c->series[a],
		 nq_column_label(c->ycol));
	nq_plot_str(f, lab);
	fputs("\nset ylabel ", f);
	snprintf(lab, sizeof lab, "%s: %s", c->series[b],
		 nq_column_label(c->ycol));
	nq_plot_str(f, lab);
	fputc('\n', f);
	for (m = 0; m < c->nmodes; m++) {
		fprintf(f, "$m%zu << EOD\n", m);
		for (i = 0; i < c->ncells; i++) {
			const nq_cell *x = &c->cell[i], *y;
			int ox, oy;
			double vx, vy;

			if (x->mode != m || x->series != a ||
			    !(y = nq_cells_find(c, b, m, x->hints, x->n)))
				continue;
			vx = at(x, top, &ox);
			vy = at(y, top, &oy);
			fprintf(f, "%.9g %.9g %d\n", vx, vy, ox || oy);
			count++;
		}
		fputs("EOD\n", f);
	}
	if (!count)
		return nq_error_set(err, o->csv, 0, 0, "no instance was run by "
				    "both %s and %s: nothing for a scatter plot",
				    c->series[a], c->series[b]);
	fprintf(f, "set arrow 2 from %.9g,%.9g to %.9g,%.9g nohead dt 2 lw 1.5 "
		"lc rgb '#888888' back\nplot ", logs ? lo / 1.5 : 0.0,
		logs ? lo / 1.5 : 0.0, hi * 1.5, hi * 1.5);
	for (m = 0; m < c->nmodes; m++) {
		fprintf(f, "%s$m%zu using 1:($3 == 0 ? $2 : 1/0) with points "
			"pt %d ps 1.2 lc rgb '%s' title ", m ? ", \\\n     " : "",
			m, pts[m % 4], colour);
		nq_plot_str(f, c->modes[m]);
		fprintf(f, ", \\\n     $m%zu using 1:($3 != 0 ? $2 : 1/0) with "
			"points pt %d ps 1.4 lw 2 lc rgb '#444444' title ", m,
			pts[m % 4] - 1);
		/* a narrow picture's key in a row: short entries (the
		 * report's caption and docs/reports.md say the rest) */
		snprintf(lab, sizeof lab, narrow ? "%s: unsolved by one" :
			 "%s: not solved by one (at the timeout)", c->modes[m]);
		nq_plot_str(f, lab);
	}
	fputs(", \\\n     1/0 with lines dt 2 lc rgb '#888888' title ", f);
	if (narrow)
		snprintf(lab, sizeof lab, "equal");
	else
		snprintf(lab, sizeof lab, "equal (under the line: %s takes "
			 "less)", c->series[b]);
	nq_plot_str(f, lab);
	fputs("\nunset multiplot\n", f);
	return 0;
}

int nq_scatter_plot(FILE *f, const nq_table *t, const nq_plot_opts *o,
		    int term, const char *target, nq_error *err)
{
	nq_cells_opts co;
	nq_cells *c = NULL;
	size_t a = 0, b = 1;
	int rc = NQ_PLOT_EINPUT;

	memset(&co, 0, sizeof co);
	co.y = o->y;
	co.group = o->group;
	co.mode = o->mode;
	co.no_ci = 1;
	if (nq_cells_build(t, o->csv, &co, &c, err) < 0)
		return NQ_PLOT_EINPUT;
	if (c->nseries < 2) {
		nq_error_set(err, o->csv, 0, 0, "one approach only (%s): a "
			     "scatter plot needs two", c->series[0]);
		goto out;
	}
	if ((o->scatter_a && find_series(c, o->scatter_a, o->csv, &a, err)) ||
	    (o->scatter_b && find_series(c, o->scatter_b, o->csv, &b, err)))
		goto out;
	if (a == b) {
		nq_error_set(err, o->csv, 0, 0, "the scatter plot needs two "
			     "approaches, not %s twice", c->series[a]);
		goto out;
	}
	if (draw(f, c, o, term, target, a, b, err) == 0)
		rc = 0;
out:
	nq_cells_free(c);
	return rc;
}
