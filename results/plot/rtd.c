/*
 * rtd.c - see rtd.h. A curve per randomised cell (nq_cell.randomised):
 * its solved runs' steps (and times) sorted, the i-th at height
 * i / runs counted, drawn as a step function that goes on flat to the
 * axis's end: its last height is the success rate (on the steps panel,
 * less the solved runs without a number of steps). Runs not solved never
 * raise it, so a method that is often stuck flattens out low. The time
 * panel uses the plot's y column when it is a time (--y cpu_s), else
 * wall_s. A log x axis where the values span more than 100x (--log,
 * --linear as for the other plots); a run solved in 0 steps (its
 * initial state was a solution) then stands at the axis's left end.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cells.h"
#include "rtd.h"

/* The cells drawn: the first NQ_RTD_CURVES randomised ones that counted
 * a run, in the cells' order (mode, instance, n, approach). */
static size_t curves(const nq_cells *c, size_t *pick, size_t *all)
{
	size_t i, n = 0;

	*all = 0;
	for (i = 0; i < c->ncells; i++)
		if (c->cell[i].randomised && c->cell[i].counted) {
			if (n < NQ_RTD_CURVES)
				pick[n++] = i;
			(*all)++;
		}
	return n;
}

/* One panel's x range over the curves: the smallest value above 0, the
 * largest; whether any is 0 or less. */
static void x_range(const nq_cells *c, const size_t *pick, size_t n,
		    int time, double *lo_pos, double *hi, int *zero)
{
	size_t i, k;

	*lo_pos = INFINITY;
	*hi = 0;
	*zero = 0;
	for (i = 0; i < n; i++) {
		const nq_cell *e = &c->cell[pick[i]];
		const double *v = time ? e->v : e->steps_v;
		size_t m = time ? e->y.count : e->steps_ok.count;

		for (k = 0; k < m; k++) {
			if (v[k] <= 0)
				*zero = 1;
			else if (v[k] < *lo_pos)
				*lo_pos = v[k];
			if (v[k] > *hi)
				*hi = v[k];
		}
	}
}

/* Curve i's points into a data block: (first value, 0), then at each
 * value the fraction solved up to it (thinned to NQ_RTD_POINTS), then
 * flat to `end`. Values at or below 0 go to `floor` on a log axis. */
static void curve_data(FILE *f, const char *name, const double *v, size_t m,
		       size_t runs, double floor, double end)
{
	size_t k;

	fprintf(f, "$%s << EOD\n", name);
	if (m) {
		fprintf(f, "%.9g 0\n", v[0] > 0 ? v[0] : floor);
		for (k = 0; k < m; k++) {
			int last = k + 1 == m;

			if (!last && (v[k + 1] == v[k] || (m > NQ_RTD_POINTS &&
			    k * NQ_RTD_POINTS / m ==
			    (k + 1) * NQ_RTD_POINTS / m)))
				continue;
			fprintf(f, "%.9g %.9g\n", v[k] > 0 ? v[k] : floor,
				(double)(k + 1) / (double)runs);
		}
		if (end > v[m - 1])
			fprintf(f, "%.9g %.9g\n", end, (double)m / (double)runs);
	}
	fputs("EOD\n", f);
}

/* A curve's key: the approach, with its instance where the curves have
 * several, and its mode where they have several. */
static void curve_key(const nq_cells *c, const nq_cell *e, int inst,
		      int modes, char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "%s", c->series[e->series]);

	if (inst && used < len)
		used += (size_t)snprintf(buf + used, len - used, ", n = %d%s%.*s",
					 e->n, e->hints_len ? " " : "",
					 (int)e->hints_len, e->hints);
	if (modes && used < len)
		snprintf(buf + used, len - used, " (%s)", c->modes[e->mode]);
}

int nq_rtd_plot(FILE *f, const nq_table *t, const nq_plot_opts *o, int term,
		const char *target, nq_error *err)
{
	nq_cells_opts co;
	nq_cells *c = NULL;
	size_t pick[NQ_RTD_CURVES], n, all, i, p;
	char title[1024], key[700];
	int inst = 0, modes = 0, dt[NQ_RTD_CURVES];
	nq_style *st;

	memset(&co, 0, sizeof co);
	co.y = o->y && nq_column_is_time(o->y) ? o->y : "wall_s";
	co.group = o->group;
	co.mode = o->mode;
	co.only = o->only;
	co.no_ci = 1;
	if (nq_cells_build(t, o->csv, &co, &c, err) < 0)
		return NQ_PLOT_EINPUT;
	if (!(st = malloc((c->nseries + 1) * sizeof *st)) ||
	    nq_plot_styles(c, o, st) < 0) {
		free(st);
		nq_cells_free(c);
		return nq_error_set(err, o->csv, 0, 0, "out of memory");
	}
	if (!(n = curves(c, pick, &all))) {
		nq_error_set(err, o->csv, 0, 0, "no run has a number of steps "
			     "(the steps column of a local search): nothing for "
			     "a run-time distribution");
		nq_cells_free(c);
		free(st);
		return NQ_PLOT_EINPUT;
	}
	/* a dash type per instance, so one approach's sizes tell apart */
	for (i = 0; i < n; i++) {
		const nq_cell *e = &c->cell[pick[i]], *z = &c->cell[pick[0]];

		dt[i] = i ? dt[i - 1] : 1;
		if (i && (e->n != c->cell[pick[i - 1]].n ||
			  e->mode != c->cell[pick[i - 1]].mode ||
			  strcmp(e->hints, c->cell[pick[i - 1]].hints)))
			dt[i]++;
		inst |= e->n != z->n || strcmp(e->hints, z->hints);
		modes |= e->mode != z->mode;
	}
	snprintf(title, sizeof title, "%s: run-time distributions",
		 c->experiment[0] ? c->experiment : o->csv);
	if (all > n)
		snprintf(title + strlen(title), sizeof title - strlen(title),
			 " (the first %zu of %zu curves; --only picks)", n, all);
	nq_plot_setup(f, o, term, target, 2, title);
	fputs("set yrange [0:1.02]\nset ytics 0.1\n"
	      "set ylabel 'fraction of runs solved'\n", f);
	for (p = 0; p < 2; p++) {
		double lo, hi, floor, end;
		int zero, logx;

		x_range(c, pick, n, (int)p, &lo, &hi, &zero);
		if (lo == INFINITY)
			lo = hi > 0 ? hi : 1;
		if (hi <= 0)
			hi = 1;
		logx = o->scale == 1 || (o->scale < 0 && hi / lo > 100);
		floor = logx ? lo / 2 : 0;
		end = logx ? hi * 1.5 : hi * 1.05;
		if (logx)
			fprintf(f, "set logscale x 10\nset xrange [%.9g:%.9g]\n"
				"set format x '%%g'\n", zero ? floor : lo / 1.2,
				end);
		else
			fprintf(f, "unset logscale x\nset xrange [0:%.9g]\n"
				"set format x '%%g'\n", end);
		fputs("set xlabel ", f);
		nq_plot_str(f, p ? nq_column_label(c->ycol) :
			    "steps (moves after the initial state)");
		fputs("\nset title ", f);
		nq_plot_str(f, p ? "solved against time" :
			    "solved against steps");
		fputs(" font ',14'\n", f);
		for (i = 0; i < n; i++) {
			const nq_cell *e = &c->cell[pick[i]];
			char name[32];

			snprintf(name, sizeof name, "p%zuc%zu", p, i);
			curve_data(f, name, p ? e->v : e->steps_v,
				   p ? e->y.count : e->steps_ok.count,
				   e->counted, floor, end);
		}
		fputs("plot ", f);
		for (i = 0; i < n; i++) {
			const nq_cell *e = &c->cell[pick[i]];

			fprintf(f, "%s$p%zuc%zu using 1:2 with steps lw 2 dt %d "
				"lc rgb '%s' title ", i ? ", \\\n     " : "", p, i,
				dt[i], st[e->series].colour);
			curve_key(c, e, inst, modes, key, sizeof key);
			nq_plot_str(f, key);
		}
		fputc('\n', f);
	}
	fputs("unset multiplot\n", f);
	nq_cells_free(c);
	free(st);
	return 0;
}

int nq_rtd_default(const nq_table *t, const nq_plot_opts *o)
{
	nq_cells_opts co;
	nq_cells *c = NULL;
	nq_error err;
	size_t s, i;
	int every = 1;

	if (nq_table_col(t, "steps") < 0)
		return 0;
	memset(&co, 0, sizeof co);
	memset(&err, 0, sizeof err);
	co.y = o->y;
	co.group = o->group;
	co.mode = o->mode;
	co.only = o->only;
	co.no_ci = 1;
	if (nq_cells_build(t, o->csv, &co, &c, &err) < 0)
		return 0; /* the plot asked for says what is wrong */
	for (s = 0; s < c->nseries && every; s++) {
		int any = 0;

		for (i = 0; i < c->ncells && !any; i++)
			any = c->cell[i].series == s && c->cell[i].randomised;
		every = any;
	}
	nq_cells_free(c);
	return every;
}
