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

/* An instance's name in its panels' titles: n, its hints, and its mode
 * where the curves have several. */
static void instance_key(const nq_cells *c, const nq_cell *e, int modes,
			 char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "n = %d%s%.*s", e->n,
				       e->hints_len ? " " : "",
				       e->hints_len > 24 ? 24 : (int)e->hints_len,
				       e->hints);

	if (modes && used < len)
		snprintf(buf + used, len - used, " (%s)", c->modes[e->mode]);
}

/* Are curves a and b of one instance? */
static int same_instance(const nq_cell *a, const nq_cell *b)
{
	return a->n == b->n && a->mode == b->mode && !strcmp(a->hints, b->hints);
}

int nq_rtd_plot(FILE *f, const nq_table *t, const nq_plot_opts *o, int term,
		const char *target, nq_error *err)
{
	nq_cells_opts co;
	nq_cells *c = NULL;
	size_t pick[NQ_RTD_CURVES], n, all, i, s, widest = 0, entries = 0;
	size_t first[NQ_RTD_CURVES], ninst = 0, in, every;
	char title[1024], name[200], shorter[256];
	const char *names[NQ_PLOT_PANELS], *kept[NQ_PLOT_PANELS];
	int keep[NQ_PLOT_PANELS], inst[NQ_RTD_CURVES], modes = 0, np, nk, p;
	int *shown = NULL;
	nq_plot_key key;
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
	    !(shown = calloc(c->nseries + 1, sizeof *shown)) ||
	    nq_plot_styles(c, o, st) < 0) {
		free(st);
		free(shown);
		nq_cells_free(c);
		return nq_error_set(err, o->csv, 0, 0, "out of memory");
	}
	if (!(n = curves(c, pick, &all))) {
		nq_error_set(err, o->csv, 0, 0, "no run has a number of steps "
			     "(the steps column of a local search): nothing for "
			     "a run-time distribution");
		goto fail;
	}
	/* an instance's curves share its panels (steps, time), each curve
	 * in its approach's whole look */
	for (i = 0; i < n; i++) {
		const nq_cell *e = &c->cell[pick[i]];

		for (in = 0; in < ninst &&
		     !same_instance(&c->cell[pick[first[in]]], e); in++)
			;
		if (in == ninst)
			first[ninst++] = i;
		inst[i] = (int)in;
		modes |= e->mode != c->cell[pick[0]].mode;
		if (!shown[e->series]++) {
			entries++;
			if (strlen(c->series[e->series]) > widest)
				widest = strlen(c->series[e->series]);
		}
	}
	if (ninst > NQ_PLOT_PANELS / 2)
		ninst = NQ_PLOT_PANELS / 2;
	for (in = 0, np = 0; in < ninst; in++) {
		names[np++] = "steps";
		names[np++] = "time";
	}
	if (nq_plot_pick(o, names, np, keep, err) < 0)
		goto fail;
	for (i = 0, nk = 0; i < (size_t)np; i++)
		if (keep[i])
			kept[nk++] = names[i];
	snprintf(title, sizeof title, "%s: run-time distributions",
		 c->experiment[0] ? c->experiment : o->csv);
	if (all > n)
		snprintf(title + strlen(title), sizeof title - strlen(title),
			 " (the first %zu of %zu curves; --only picks)", n, all);
	nq_plot_frame(f, o, term, target, nk, kept, title, entries, widest,
		      &key);
	/* ticks at 0.2, or 0.5 where a short panel cannot hold six */
	fprintf(f, "set yrange [0:1.02]\nset ytics %s\n",
		nq_plot_ytick_room(&key) >= 6 ? "0.2" : "0.5");
	snprintf(key.ylabel[0], sizeof key.ylabel[0], "fraction of runs solved");
	snprintf(key.ylabel[1], sizeof key.ylabel[1], "solved");
	for (p = 0, nk = 0; p < np; p++) {
		int time = p % 2;
		const nq_cell *e0;
		double lo, hi, floor, end;
		int zero, logx;
		size_t sel[NQ_RTD_CURVES], ns = 0;

		in = (size_t)p / 2;
		if (!keep[p] || nq_plot_panel(f, &key, nk++) < 0)
			continue;
		e0 = &c->cell[pick[first[in]]];
		for (i = 0; i < n; i++)
			if ((size_t)inst[i] == in)
				sel[ns++] = pick[i];
		x_range(c, sel, ns, time, &lo, &hi, &zero);
		if (lo == INFINITY)
			lo = hi > 0 ? hi : 1;
		if (hi <= 0)
			hi = 1;
		logx = o->scale == 1 || (o->scale < 0 && hi / lo > 100);
		floor = logx ? lo / 2 : 0;
		end = logx ? hi * 1.5 : hi * 1.05;
		if (logx)
			fprintf(f, "set logscale x 10\nset xrange [%.9g:%.9g]\n"
				"set format x '%%g'\nset xtics autofreq\n",
				zero ? floor : lo / 1.2, end);
		else
			fprintf(f, "unset logscale x\nset xrange [0:%.9g]\n"
				"set format x '%%g'\nset xtics %g\n", end,
				nq_plot_tick_step(&key, end, 6));
		fputs("set xlabel ", f);
		nq_plot_str(f, time ? nq_column_label(c->ycol) :
			    nq_plot_fits(&key, 1, "steps (moves after the "
					 "initial state)", "steps"));
		/* the instance in the title where there are several */
		instance_key(c, e0, modes, name, sizeof name);
		snprintf(title, sizeof title, "%s%ssolved against %s",
			 ninst > 1 ? name : "", ninst > 1 ? ": " : "",
			 time ? "time" : "steps");
		snprintf(shorter, sizeof shorter, "%s%s%s", ninst > 1 ? name :
			 "", ninst > 1 ? ": " : "", time ? "time" : "steps");
		fputs("\nset title ", f);
		nq_plot_str(f, nq_plot_fits(&key, NQ_PLOT_TITLE(&key), title,
					    nq_plot_fits(&key,
							 NQ_PLOT_TITLE(&key),
							 shorter, name)));
		nq_plot_font(f, &key, 14);
		fputc('\n', f);
		for (i = 0; i < ns; i++) {
			const nq_cell *e = &c->cell[sel[i]];

			snprintf(name, sizeof name, "p%dc%zu", p, i);
			curve_data(f, name, time ? e->v : e->steps_v,
				   time ? e->y.count : e->steps_ok.count,
				   e->counted, floor, end);
		}
		fputs("plot ", f);
		for (i = 0; i < ns; i++) {
			const nq_cell *e = &c->cell[sel[i]];
			size_t m = time ? e->y.count : e->steps_ok.count;

			/* the line in the approach's colour and dash, its
			 * marker on a few of the steps */
			every = m / 6 > 1 ? m / 6 : 1;
			fprintf(f, "%s$p%dc%zu using 1:2 with steps lw 2 ",
				i ? ", \\\n     " : "", p, i);
			nq_plot_style(f, &st[e->series], 0);
			fprintf(f, " notitle, \\\n     $p%dc%zu every %zu::1 "
				"using 1:2 with points ps 0.9 ", p, i, every);
			nq_plot_style(f, &st[e->series], 1);
			fputs(" notitle", f);
		}
		fputc('\n', f);
	}
	if (nq_plot_key_panel(f, &key)) {
		for (s = 0; s < c->nseries; s++)
			if (shown[s]) {
				fputs(", \\\n     keyentry with linespoints ", f);
				nq_plot_style(f, &st[s], 1);
				fputs(" ps 0.9 lw 2 title ", f);
				nq_plot_str(f, c->series[s]);
			}
		fputc('\n', f);
	}
	fputs("unset multiplot\n", f);
	nq_cells_free(c);
	free(st);
	free(shown);
	return 0;
fail:
	nq_cells_free(c);
	free(st);
	free(shown);
	return NQ_PLOT_EINPUT;
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
