/*
 * plot.c - see plot.h.
 *
 * The look: a panel per mode side by side (and one per mode for the
 * instances with hints, blocked squares, excluded lines), the
 * experiment's name as the title, log time axis, one key under all the
 * panels; each approach in the colour, marker and dash its label gives
 * it (style.h).
 * Time plot: the median of the ok runs as the point, min..max of the
 * repetitions as the error bar; the line breaks where a cell has no ok
 * run, and every run that did not end ok shows as a marker of its status
 * in the approach's colour: timeouts at the timeout, the others at their
 * own time (or at the timeout when they have none). Points of different
 * approaches at one n are spread a little sideways so they do not hide
 * each other.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cells.h"
#include "plot.h"
#include "plot_common.h"
#include "rtd.h"
#include "scatter.h"
#include "solubility.h"
#include "order.h"

/* A cell the time plots leave out: an instance with pre-placed queens
 * (or blocked squares, excluded lines). A count in parts counts the whole
 * board: drawn. */
#define HINTED(x) ((x)->hints[0] && !(x)->parts)

/* How a run that did not end ok is drawn (open shapes), as data; the last
 * (no status) rings a cell whose runs came from several machines. */
static const struct {
	nq_status st;
	int pt;
	const char *key;
} fail_marks[] = {
	{ NQ_ST_TIMEOUT, 2, "timeout" },
	{ NQ_ST_MEMOUT, 4, "memout" },
	{ NQ_ST_CRASH, 3, "crash" },
	{ NQ_ST_ERROR, 6, "error" },
	{ NQ_ST_WRONG, 12, "wrong answer" },
	{ NQ_ST_DISPUTED, 10, "disputed answer" },
	{ NQ_ST_SKIPPED, 1, "skipped after a timeout" },
	{ NQ_ST_UNSOLVED, 8, "unsolved (a local search stopped)" },
	{ NQ_ST__COUNT, 6, "runs from more than one machine" },
};
#define NFAIL (sizeof fail_marks / sizeof fail_marks[0])
/* a new status gets its marker here (unsolved had none: its runs were
 * not drawn) */
_Static_assert(NFAIL == NQ_ST__COUNT, "a mark for every status but ok, "
	       "and the ring");

static const char *mode_title(const char *mode)
{
	if (!strcmp(mode, "count"))
		return "count: every placement";
	if (!strcmp(mode, "first"))
		return "first: one placement (or none)";
	return mode;
}

/* Mode m's panel title: the long ones where every mode's fits, else
 * the modes' names (panels side by side titled alike). */
static const char *panel_title(const nq_cells *c, const nq_plot_key *key,
			       size_t m)
{
	size_t i;

	for (i = 0; i < c->nmodes; i++)
		if (nq_plot_fits(key, NQ_PLOT_TITLE(key),
				 mode_title(c->modes[i]), NULL) == NULL)
			return c->modes[m];
	return mode_title(c->modes[m]);
}

/* Decide log or linear for values lo..hi (lo: smallest positive, or <= 0
 * when some value is not positive): a time is on a log scale by default,
 * and --log asks for one whatever the values (those not above 0 are then
 * left out, and said: struct nonpos). */
static int use_log(const nq_plot_opts *o, const char *col, double lo,
		   double hi)
{
	if (o->scale == 1)
		return 1;
	if (lo <= 0)
		return 0;
	if (o->scale >= 0)
		return o->scale;
	return nq_column_is_time(col) || hi / lo > 100;
}

/* On a log axis, the values that are not above 0: medians not drawn,
 * error bars cut at the axis' bottom (the smallest value above 0). */
struct nonpos {
	int logy;
	double floor;
	size_t dropped, clamped;
};

/* What a log axis leaves out of mode m's cells (hinted ones too: the
 * cactus plot draws them). */
static void nonpos_count(const nq_cells *c, size_t m, int hinted,
			 struct nonpos *z)
{
	size_t i;

	z->dropped = z->clamped = 0;
	for (i = 0; z->logy && i < c->ncells; i++) {
		const nq_cell *x = &c->cell[i];

		if (x->mode != m || (HINTED(x) && !hinted) || !x->y.count)
			continue;
		if (x->y.median <= 0)
			z->dropped++;
		else if (x->y.min <= 0)
			z->clamped++;
	}
}

/* The note of what a log axis left out of mode m's panel: an entry of
 * its key (after the plot command's other terms) and a line on stderr. */
static void nonpos_note(FILE *f, const struct nonpos *z, const char *col,
			const char *mode, const nq_plot_key *key)
{
	char text[256];

	if (!z->logy || (!z->dropped && !z->clamped))
		return;
	snprintf(text, sizeof text, "log axis: %zu median%s of 0 not drawn%s",
		 z->dropped, z->dropped == 1 ? "" : "s",
		 z->clamped ? ", bars from 0 cut at the bottom" : "");
	/* in the panel: the figure's one key is under the last panel */
	fputs("set label 3 ", f);
	nq_plot_str(f, text);
	fputs(" at graph 0.02, graph 0.03 left tc rgb '#666666'", f);
	nq_plot_font(f, key, 10);
	fputc('\n', f);
	fprintf(stderr, "harness plot: note: %s, %s: %s\n", col, mode, text);
}

/* The y axis, log or linear, over lo..hi (lo the smallest value above
 * 0): on a log axis a tick every decade, or every few where a short
 * panel cannot hold a label a decade apart. */
static void set_yaxis(FILE *f, int logy, const nq_plot_key *key, double lo,
		      double hi)
{
	double decades, fit = nq_plot_ytick_room(key);
	int every = 1;

	if (!logy) {
		fputs("unset logscale y\nset format y '%g'\nset yrange [0:*]\n"
		      "set ytics autofreq\n", f);
		return;
	}
	fputs("set logscale y 10\nset format y '%g'\nset mytics 10\n", f);
	decades = lo > 0 && hi > lo ? ceil(log10(hi)) - floor(log10(lo)) : 1;
	while (decades / every + 1 > fit && every < 6)
		every++;
	if (every > 1)
		fprintf(f, "set ytics 1e%d\n", every);
	else
		fputs("set ytics autofreq\n", f);
}

/* A horizontal dashed line at the timeout, labelled. */
static void timeout_line(FILE *f, double t, const nq_plot_key *key)
{
	if (t <= 0)
		return;
	fprintf(f, "set arrow 1 from graph 0, first %.9g to graph 1, first %.9g "
		"nohead dt 2 lw 1.5 lc rgb '#888888' back\n", t, t);
	fprintf(f, "set label 1 'timeout %.10g s' at graph 0.99, first %.9g right "
		"offset 0,0.6 tc rgb '#666666'", t, t);
	nq_plot_font(f, key, 11);
	fputc('\n', f);
}

/* ---- time against n ------------------------------------------------- */

/* The cells without hints: none (0), or 1 with whether some run timed out
 * or was skipped, and the smallest and largest y (lo stays INFINITY, hi 0
 * when no run ended ok). */
static int time_range(const nq_cells *c, int hinted_too, int *timed_out,
		      double *lo, double *hi, double *lo_pos)
{
	size_t i;
	int any = 0;

	*timed_out = 0;
	*lo = *lo_pos = INFINITY;
	*hi = 0;
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *x = &c->cell[i];

		if (HINTED(x) && !hinted_too)
			continue;
		any = 1;
		if (x->status[NQ_ST_TIMEOUT] || x->status[NQ_ST_SKIPPED])
			*timed_out = 1;
		if (x->y.count) {
			if (x->y.min < *lo)
				*lo = x->y.min;
			if (x->y.max > *hi)
				*hi = x->y.max;
			if (x->y.min > 0 && x->y.min < *lo_pos)
				*lo_pos = x->y.min;
			else if (x->y.median > 0 && x->y.median < *lo_pos)
				*lo_pos = x->y.median;
		}
	}
	return any;
}

/* The terminal, title, axes and key of the time plot. */
static void time_setup(FILE *f, const nq_cells *c, const nq_plot_opts *o,
		       int term, const char *target, int timed_out, double lo,
		       double hi, struct nonpos *z, const int *fails,
		       int npanels, const char *const *names, nq_plot_key *key)
{
	char title[512];
	size_t s, k, entries = c->nseries, widest = 0;

	/* instances with hints, blocked squares, excluded lines, a file's:
	 * their own panels (hinted_panel), so the title names no omission */
	snprintf(title, sizeof title, "%s", c->experiment[0] ?
		 c->experiment : o->csv);
	for (s = 0; s < c->nseries; s++)
		if (strlen(c->series[s]) > widest)
			widest = strlen(c->series[s]);
	for (k = 0; k < NFAIL; k++)
		if (fails[k]) {
			entries++;
			if (strlen(fail_marks[k].key) > widest)
				widest = strlen(fail_marks[k].key);
		}
	/* one key for every panel, under them */
	nq_plot_frame(f, o, term, target, npanels, names, title, entries,
		      widest, key);
	z->logy = use_log(o, c->ycol, lo == INFINITY ? 1 : lo, hi);
	set_yaxis(f, z->logy, key, lo == INFINITY ? 1 : lo,
		  timed_out && c->timeout_s > hi ? c->timeout_s : hi);
	snprintf(key->ylabel[0], sizeof key->ylabel[0], "%s, median; bars "
		 "min..max", nq_column_label(c->ycol));
	snprintf(key->ylabel[1], sizeof key->ylabel[1], "%s",
		 nq_column_label(c->ycol));
	/* the timeout line: each panel's own (panel_timeout()) */
}

/* Whether a panel's points reach the timeout: mode m's cells, with
 * hints or without, where a run timed out or was skipped (their marks
 * sit on the timeout), failed with no y of its own (the same), or ended
 * at the timeout or above. */
static int reaches_timeout(const nq_cells *c, size_t m, int hinted)
{
	size_t i, k;

	if (c->timeout_s <= 0 || !nq_column_is_time(c->ycol))
		return 0;
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *x = &c->cell[i];

		if (x->mode != m || !HINTED(x) != !hinted)
			continue;
		if (x->y.count && x->y.max >= c->timeout_s)
			return 1;
		for (k = 0; k < NFAIL; k++)
			if (fail_marks[k].st != NQ_ST__COUNT &&
			    x->status[fail_marks[k].st] &&
			    (fail_marks[k].st == NQ_ST_TIMEOUT ||
			     fail_marks[k].st == NQ_ST_SKIPPED ||
			     !x->fail_y.count))
				return 1;
	}
	return 0;
}

/* The timeout line in the panel about to be drawn where its points
 * reach it, else none: each panel's y range is its own data's, and a
 * line above it would stray out of the panel, across the title. */
static void panel_timeout(FILE *f, const nq_cells *c, size_t m, int hinted,
			  const nq_plot_key *key)
{
	if (reaches_timeout(c, m, hinted))
		timeout_line(f, c->timeout_s, key);
	else
		fputs("unset arrow 1\nunset label 1\n", f);
}

/* An axis of n from lo_n to hi_n across a panel: log (said in its
 * label) or linear, its ticks on whole numbers as far apart as their
 * labels need. */
static void n_axis(FILE *f, const nq_plot_key *key, int lo_n, int hi_n,
		   int logx)
{
	char digits[16];
	double pad, step;

	if (logx) {
		fprintf(f, "set logscale x 10\nset xrange [%.6g:%.6g]\n"
			"set xtics autofreq\nset format x '%%g'\n"
			"set xlabel '%s'\n", lo_n / 1.15, hi_n * 1.15,
			nq_plot_fits(key, 1, "n (board size, log scale)",
				     "n (log scale)"));
		return;
	}
	pad = hi_n > lo_n ? (hi_n - lo_n) * 0.05 : 1;
	if (pad < 0.4)
		pad = 0.4;
	snprintf(digits, sizeof digits, "%d", hi_n);
	step = nq_plot_tick_step(key, hi_n - lo_n + 2 * pad, strlen(digits));
	fprintf(f, "unset logscale x\nset xrange [%.6g:%.6g]\nset xlabel '%s'\n"
		"set format x '%%g'\nset xtics %g\nset mxtics 1\n",
		lo_n - pad, hi_n + pad, nq_plot_fits(key, 1, "n (board size)",
						     "n"),
		step < 1 ? 1 : step); /* n is whole */
}

/* Mode m's x tics, and how far apart its approaches are spread sideways:
 * 0.6% of the panel's n range. */
static double time_dx(FILE *f, const nq_cells *c, const nq_plot_opts *o,
		      const nq_plot_key *key, size_t m, int *logx)
{
	size_t i;
	int any = 0, lo_n = 0, hi_n = 0;

	for (i = 0; i < c->ncells; i++) {
		if (c->cell[i].mode != m || HINTED(&c->cell[i]))
			continue;
		if (!any || c->cell[i].n < lo_n)
			lo_n = c->cell[i].n;
		if (!any || c->cell[i].n > hi_n)
			hi_n = c->cell[i].n;
		any = 1;
	}
	/* n over more than two decades (8..1000): a log axis, said in its
	 * label; the spread sideways is then a factor */
	*logx = o->logx == 1 || (lo_n > 0 && hi_n > 100 * lo_n);
	n_axis(f, key, lo_n, hi_n, *logx);
	if (*logx)
		return hi_n > lo_n ? log((double)hi_n / lo_n) * 0.006 : 0.006;
	return (hi_n > lo_n ? hi_n - lo_n : 1) * 0.006;
}

/* Where a point of n sits, spread `off` sideways (a factor on a log
 * axis). */
static double xat(int n, double off, int logx)
{
	return logx ? n * exp(off) : n + off;
}

/* Mode m's data: one block per series, a blank line where no run is ok;
 * then one per kind of failure, fails[k] set where it has a point. */
static void time_data(FILE *f, const nq_cells *c, size_t m, double dx,
		      int logx, double hi, int *fails, struct nonpos *z,
		      const nq_style *st)
{
	size_t s, i, k;

	for (s = 0; s < c->nseries; s++) {
		double off = ((double)s - (double)(c->nseries - 1) / 2) * dx;

		fprintf(f, "$m%zus%zu << EOD\n", m, s);
		for (i = 0; i < c->ncells; i++) {
			const nq_cell *x = &c->cell[i];

			if (x->mode != m || x->series != s || HINTED(x))
				continue;
			if (x->y.count && z->logy && x->y.median <= 0) {
				fputc('\n', f);
			} else if (x->y.count) {
				double mn = x->y.min;

				if (z->logy && mn <= 0)
					mn = z->floor;
				fprintf(f, "%.6g %.9g %.9g %.9g\n",
					xat(x->n, off, logx),
					x->y.median, mn, x->y.max);
			} else {
				fputc('\n', f);
			}
		}
		fputs("EOD\n", f);
	}
	for (k = 0; k < NFAIL; k++) {
		fprintf(f, "$m%zuf%zu << EOD\n", m, k);
		for (i = 0; i < c->ncells; i++) {
			const nq_cell *x = &c->cell[i];
			double off = ((double)x->series -
				      (double)(c->nseries - 1) / 2) * dx;
			double y;
			int ring = fail_marks[k].st == NQ_ST__COUNT;

			if (x->mode != m || HINTED(x) || (ring ? x->hosts < 2 ||
			    !x->y.count : !x->status[fail_marks[k].st]))
				continue;
			/* timeouts and skips sit at the timeout, the others
			 * at their own time */
			if (ring)
				y = x->y.median;
			else if (fail_marks[k].st != NQ_ST_TIMEOUT &&
			    fail_marks[k].st != NQ_ST_SKIPPED && x->fail_y.count)
				y = x->fail_y.median;
			else if (x->timeout_s > 0 && nq_column_is_time(c->ycol))
				y = x->timeout_s;
			else
				y = hi > 0 ? hi : 1;
			fprintf(f, "%.6g %.9g %ld\n", xat(x->n, off, logx), y,
				nq_plot_style_rgb(&st[x->series]));
			fails[k] = 1;
		}
		fputs("EOD\n", f);
	}
}

/* Mode m's panel: its title and the plot command over its data. */
/* The figure's key's entries (nq_plot_key_panel): every series, and
 * the failures any panel shows. */
static void key_entries(FILE *f, const nq_cells *c, const int *all_fails,
			const nq_style *st)
{
	size_t s, k;

	for (s = 0; s < c->nseries; s++) {
		fputs(", \\\n     keyentry with linespoints ", f);
		nq_plot_style(f, &st[s], 1);
		fputs(" ps 0.9 lw 2 title ", f);
		nq_plot_str(f, c->series[s]);
	}
	for (k = 0; k < NFAIL; k++)
		if (all_fails[k])
			fprintf(f, ", \\\n     keyentry with points pt %d ps 1.6 "
				"lw 2 lc rgb 'black' title '%s'",
				fail_marks[k].pt, fail_marks[k].key);
}

/* Mode m's panel: its title and the plot command over its data. */
static void time_panel(FILE *f, const nq_cells *c, size_t m,
		       const int *fails, const struct nonpos *z,
		       const nq_style *st, const nq_plot_key *key)
{
	size_t s, k;
	int first = 1;

	fputs("unset label 3\nset title ", f);
	nq_plot_str(f, panel_title(c, key, m));
	nq_plot_font(f, key, 14);
	fputc('\n', f);
	nonpos_note(f, z, c->ycol, c->modes[m], key);
	fputs("plot ", f);
	/* the bars solid whatever the line's dash: a dashed bar reads as
	 * two */
	for (s = 0; s < c->nseries; s++) {
		fprintf(f, "%s$m%zus%zu using 1:2:3:4 with yerrorbars lc rgb "
			"'%s' dt 1 pt %d ps 0.9 lw 1.5 notitle, \\\n     "
			"$m%zus%zu using 1:2 with lines ",
			first ? "" : ", \\\n     ", m, s, st[s].colour,
			st[s].pt, m, s);
		nq_plot_style(f, &st[s], 0);
		fputs(" lw 2 notitle", f);
		first = 0;
	}
	for (k = 0; k < NFAIL; k++)
		if (fails[k])
			fprintf(f, ", \\\n     $m%zuf%zu using 1:2:3 with points "
				"pt %d ps 1.6 lw 2 lc rgb variable notitle", m,
				k, fail_marks[k].pt);
	fputc('\n', f);
}

/* A tick step for a count axis up to `total`: 1, 2, 5, 10, 20, ... so
 * ticks fall on whole numbers, about ten of them. */
static size_t count_step(size_t total)
{
	static const size_t mant[] = { 1, 2, 5 };
	size_t decade = 1, i = 0;

	while (total / (mant[i] * decade) > 10) {
		if (++i == 3) {
			i = 0;
			decade *= 10;
		}
	}
	return mant[i] * decade;
}

/* ---- instances with hints, blocked squares, excluded lines -------- */

/* Has mode m instances with hints (blocked squares, ...)? */
static int hinted_mode(const nq_cells *c, size_t m)
{
	size_t i;

	for (i = 0; i < c->ncells; i++)
		if (c->cell[i].mode == m && HINTED(&c->cell[i]))
			return 1;
	return 0;
}

/* Are cells a and b of one instance? */
static int same_instance(const nq_cell *a, const nq_cell *b)
{
	return a->mode == b->mode && a->n == b->n && !strcmp(a->hints, b->hints);
}

/* An instance's name on its axis: its id, less the prefix every
 * instance of the panel shares (`cut` characters), or n and its hints
 * where it has no id or the one the harness made. */
static void instance_name(const nq_cell *x, size_t cut, char *buf,
			  size_t len)
{
	if (x->id[0] && !(x->hints_len && nq_cell_id_made(x)))
		snprintf(buf, len, "%s", x->id + (strlen(x->id) > cut ? cut : 0));
	else
		snprintf(buf, len, "n%d %.*s%s", x->n,
			 x->hints_len > 16 ? 16 : (int)x->hints_len, x->hints,
			 x->hints_len > 16 ? "..." : "");
}

/* Segment k (split at '-') of name: its start and length, or -1. */
static int segment(const char *name, int k, size_t *len)
{
	const char *p = name, *q;
	int i;

	for (i = 0; i < k; i++)
		if (!(p = strchr(p, '-')))
			return -1;
		else
			p++;
	q = strchr(p, '-');
	*len = q ? (size_t)(q - p) : strlen(p);
	return (int)(p - name);
}

/* Names of as many segments each, the segments after the first that
 * all of them share left out (b128-f1-s1-0, b192-f1-s1-2: b128-0,
 * b192-2), so an axis of blocked instances names what tells them
 * apart; the first (the family's parameter) is kept. */
static void drop_common(char (*nm)[64], size_t n)
{
	char out[64];
	size_t j, la, lb, used;
	int k, segs = 0, same, keep[32];

	if (n < 2)
		return;
	while (segs < 32 && segment(nm[0], segs, &la) >= 0)
		segs++;
	for (j = 1; j < n; j++) {
		if (segment(nm[j], segs - 1, &la) < 0 ||
		    segment(nm[j], segs, &la) >= 0)
			return; /* not all alike: kept whole */
	}
	same = 0;
	for (k = 0; k < segs; k++) {
		int a = segment(nm[0], k, &la);

		keep[k] = !k;
		for (j = 1; j < n && !keep[k]; j++) {
			int b = segment(nm[j], k, &lb);

			keep[k] = la != lb || memcmp(nm[0] + a, nm[j] + b, la);
		}
		same += !keep[k];
	}
	if (!same || same == segs)
		return;
	for (j = 0; j < n; j++) {
		for (k = 0, used = 0, out[0] = '\0'; k < segs; k++) {
			int a = segment(nm[j], k, &la);

			if (keep[k] && used < sizeof out)
				used += (size_t)snprintf(out + used, sizeof out -
							 used, "%s%.*s",
							 used ? "-" : "",
							 (int)la, nm[j] + a);
		}
		snprintf(nm[j], sizeof nm[j], "%s", out);
	}
}

/* Instances ordered by name (then n), for the per-instance axis (qsort
 * has no context argument in C11: the cells sorted over are here). */
static const nq_cells *sort_cells;

static int by_name(const void *a, const void *b)
{
	const nq_cell *x = &sort_cells->cell[*(const size_t *)a];
	const nq_cell *y = &sort_cells->cell[*(const size_t *)b];
	int r = strcmp(x->id, y->id);

	if (r)
		return r;
	if (x->n != y->n)
		return x->n < y->n ? -1 : 1;
	return strcmp(x->hints, y->hints);
}

/* Mode m's instances with hints, blocked squares, excluded lines or
 * from a file, a point per instance and approach (median, bars
 * min..max; runs not ok as in the time panels), the instances side by
 * side in the order of their names: a paradigm comparison's hard
 * instances are its point, so the default figure shows them. -1 on no
 * memory. */
static int hinted_panel(FILE *f, const nq_cells *c, size_t m, double hi,
			const nq_style *st, const nq_plot_key *key)
{
	size_t *inst, ninst = 0, i, j, k, s, cut = 0, widest = 1, every = 1;
	double dx, room;
	char name[64], (*nm)[64];
	const char *t;

	if (!(inst = malloc((c->ncells + 1) * sizeof *inst)))
		return -1;
	if (!(nm = malloc((c->ncells + 1) * sizeof *nm))) {
		free(inst);
		return -1;
	}
	/* cells are sorted mode, hints, n, series: an instance's are one run */
	for (i = 0; i < c->ncells; i++)
		if (c->cell[i].mode == m && HINTED(&c->cell[i]) &&
		    (!ninst || !same_instance(&c->cell[inst[ninst - 1]],
					      &c->cell[i])))
			inst[ninst++] = i;
	sort_cells = c;
	qsort(inst, ninst, sizeof *inst, by_name);
	/* the prefix all ids share, cut after its last '-' */
	if (ninst > 1 && c->cell[inst[0]].id[0]) {
		const char *a = c->cell[inst[0]].id;

		cut = strlen(a);
		for (j = 1; j < ninst; j++) {
			const char *b = c->cell[inst[j]].id;

			for (k = 0; k < cut && a[k] == b[k]; k++)
				;
			cut = k;
		}
		while (cut > 0 && a[cut - 1] != '-')
			cut--;
		/* but names of a few characters say too little: keep more */
		for (j = 0; j < ninst; j++)
			while (cut > 0 && strlen(c->cell[inst[j]].id) < cut + 8) {
				cut--;
				while (cut > 0 && a[cut - 1] != '-')
					cut--;
			}
	}
	dx = 0.5 / (double)(c->nseries + 1);
	for (s = 0; s < c->nseries; s++) {
		double off = ((double)s - (double)(c->nseries - 1) / 2) * dx;

		fprintf(f, "$h%zus%zu << EOD\n", m, s);
		for (j = 0; j < ninst; j++) {
			const nq_cell *x = nq_cells_find(c, s, m,
						c->cell[inst[j]].hints,
						c->cell[inst[j]].n);

			if (x && x->y.count && x->y.median > 0)
				fprintf(f, "%.6g %.9g %.9g %.9g\n",
					(double)j + 1 + off, x->y.median,
					x->y.min > 0 ? x->y.min : x->y.median,
					x->y.max);
		}
		fputs("EOD\n", f);
	}
	for (k = 0; k < NFAIL; k++) {
		fprintf(f, "$h%zuf%zu << EOD\n", m, k);
		for (j = 0; j < ninst; j++)
			for (s = 0; s < c->nseries; s++) {
				const nq_cell *x = nq_cells_find(c, s, m,
						c->cell[inst[j]].hints,
						c->cell[inst[j]].n);
				double off = ((double)s -
					      (double)(c->nseries - 1) / 2) * dx;
				double y;

				if (!x || fail_marks[k].st == NQ_ST__COUNT ||
				    !x->status[fail_marks[k].st])
					continue;
				if (fail_marks[k].st != NQ_ST_TIMEOUT &&
				    fail_marks[k].st != NQ_ST_SKIPPED &&
				    x->fail_y.count)
					y = x->fail_y.median;
				else if (x->timeout_s > 0 &&
					 nq_column_is_time(c->ycol))
					y = x->timeout_s;
				else
					y = hi > 0 ? hi : 1;
				fprintf(f, "%.6g %.9g %ld\n", (double)j + 1 + off,
					y, nq_plot_style_rgb(&st[s]));
			}
		fputs("EOD\n", f);
	}
	fprintf(f, "unset logscale x\nset xrange [0.5:%.1f]\nunset label 3\n",
		(double)ninst + 0.5);
	/* a name per instance while they can be read, else numbers: level
	 * where the names fit side by side, else slanted, else upright
	 * and every so many named, so no two touch (in em of the axes'
	 * font; the names' font is 0.8 of it) */
	for (j = 0; j < ninst; j++)
		instance_name(&c->cell[inst[j]], cut, nm[j], sizeof nm[j]);
	drop_common(nm, ninst);
	for (j = 0; j < ninst; j++)
		if (strlen(nm[j]) > widest)
			widest = strlen(nm[j]);
	/* the axis: the panel less its y tick labels and margins */
	room = (key->pw - 8) / (double)(ninst ? ninst : 1);
	if (ninst <= 40) {
		if ((double)widest * 0.6 * 0.8 + 0.8 <= room)
			fputs("set xtics norotate center", f);
		else if (room >= 2 * 0.8 && (double)widest * 0.6 * 0.8 <
			 0.8 * key->pw)
			fputs("set xtics rotate by 45 right", f);
		else {
			fputs("set xtics rotate by 90 right", f);
			every = (size_t)ceil(1.4 * 0.8 / room);
		}
		nq_plot_font(f, key, 0.8 * key->base / key->rel);
		fputs(" (", f);
		for (j = 0; j < ninst; j++) {
			fputs(j ? ", " : "", f);
			nq_plot_str(f, j % every ? "" : nm[j]);
			fprintf(f, " %zu", j + 1);
		}
		fputs(")\nunset xlabel\n", f); /* the names say it */
	} else {
		fprintf(f, "set xtics 1, %zu\nset format x '%%.0f'\n"
			"set xlabel 'instance (in the order of their names)'\n",
			count_step(ninst));
	}
	fputs("set title ", f);
	snprintf(name, sizeof name, "%s: blocked, hinted, file instances",
		 c->modes[m]);
	t = nq_plot_fits(key, NQ_PLOT_TITLE(key), name, nq_plot_fits(key, NQ_PLOT_TITLE(key),
			 "blocked, hinted, file instances", "blocked, file"));
	nq_plot_str(f, t);
	nq_plot_font(f, key, 14);
	fputc('\n', f);
	fputs("plot ", f);
	for (s = 0; s < c->nseries; s++) {
		fprintf(f, "%s$h%zus%zu using 1:2:3:4 with yerrorbars lc rgb "
			"'%s' dt 1 pt %d ps 1.1 lw 1.5 notitle",
			s ? ", \\\n     " : "", m, s, st[s].colour, st[s].pt);
	}
	for (k = 0; k < NFAIL; k++)
		fprintf(f, ", \\\n     $h%zuf%zu using 1:2:3 with points pt %d "
			"ps 1.6 lw 2 lc rgb variable notitle", m, k,
			fail_marks[k].pt);
	fputs("\nset xtics norotate autofreq font ''\nset format x '%g'\n", f);
	free(nm);
	free(inst);
	return 0;
}

/* Which failure marks any panel shows (the key's entries). */
static void fails_any(const nq_cells *c, int *fails)
	/* every cell: the hinted ones have a panel too (hinted_panel) */
{
	size_t i, k;

	for (k = 0; k < NFAIL; k++)
		for (i = 0; i < c->ncells && !fails[k]; i++) {
			const nq_cell *x = &c->cell[i];

			if (fail_marks[k].st == NQ_ST__COUNT)
				fails[k] = x->hosts >= 2 && x->y.count;
			else
				fails[k] = x->status[fail_marks[k].st] > 0;
		}
}

/* Has mode m instances without hints? */
static int plain_mode(const nq_cells *c, size_t m)
{
	size_t i;

	for (i = 0; i < c->ncells; i++)
		if (c->cell[i].mode == m && !HINTED(&c->cell[i]))
			return 1;
	return 0;
}

/* The time plot's panels: a mode's instances without hints (named by
 * the mode), then a mode's blocked, hinted and file instances
 * ("blocked"): into mode[], hinted[] and names[], their count. */
static int time_panels(const nq_cells *c, size_t *mode, int *hinted,
		       const char **names)
{
	size_t m;
	int n = 0, h;

	for (h = 0; h < 2; h++)
		for (m = 0; m < c->nmodes && n < NQ_PLOT_PANELS; m++)
			if (h ? hinted_mode(c, m) : plain_mode(c, m)) {
				mode[n] = m;
				hinted[n] = h;
				names[n++] = h ? "blocked" : c->modes[m];
			}
	return n;
}

/* 0, -1 (only generated families' instances: the caller draws the
 * families against their parameters),
 * -2 (no memory), -3 (no panel --panel names: err set). */
static int time_plot(FILE *f, const nq_cells *c, const nq_plot_opts *o,
		     int term, const char *target, const nq_style *st,
		     nq_error *err)
{
	size_t mode[NQ_PLOT_PANELS];
	const char *names[NQ_PLOT_PANELS], *kept[NQ_PLOT_PANELS];
	int hinted[NQ_PLOT_PANELS], keep[NQ_PLOT_PANELS], np, nk = 0, i, p;
	int timed_out, all_fails[NFAIL] = { 0 };
	nq_plot_key key;
	double lo, hi, lo_pos;
	struct nonpos z;

	if (!time_range(c, 0, &timed_out, &lo, &hi, &lo_pos)) {
		/* no plain board: a file of generated families only is
		 * drawn against their parameters (the caller), any other
		 * (an instance file's) instance by instance */
		size_t x;

		for (x = 0; x < c->ncells; x++)
			if (!nq_cell_id_generated(&c->cell[x]))
				break;
		if (x == c->ncells)
			return -1;
		time_range(c, 1, &timed_out, &lo, &hi, &lo_pos);
	}
	np = time_panels(c, mode, hinted, names);
	if (nq_plot_pick(o, names, np, keep, err) < 0)
		return -3;
	for (i = 0; i < np; i++)
		if (keep[i])
			kept[nk++] = names[i];
	memset(&z, 0, sizeof z);
	z.floor = lo_pos == INFINITY ? 1 : lo_pos;
	fails_any(c, all_fails);
	time_setup(f, c, o, term, target, timed_out, lo, hi, &z,
			  all_fails, nk, kept, &key);
	for (i = 0, nk = 0; i < np; i++) {
		int fails[NFAIL] = { 0 }, logx;
		double dx;

		if (!keep[i] || (p = nq_plot_panel(f, &key, nk++)) < 0)
			continue;
		panel_timeout(f, c, mode[i], hinted[i], &key);
		if (hinted[i]) {
			if (hinted_panel(f, c, mode[i], hi, st, &key) < 0)
				return -2;
			continue;
		}
		dx = time_dx(f, c, o, &key, mode[i], &logx);
		time_data(f, c, mode[i], dx, logx, hi, fails, &z, st);
		nonpos_count(c, mode[i], 0, &z);
		time_panel(f, c, mode[i], fails, &z, st, &key);
	}
	if (nq_plot_key_panel(f, &key)) {
		key_entries(f, c, all_fails, st);
		fputc('\n', f);
	}
	fputs("unset multiplot\n", f);
	return 0;
}

/* ---- cactus: instances solved against time -------------------------- */

/* -1 no memory, -3 no panel --panel names (err set). */
static int cactus_plot(FILE *f, const nq_cells *c, const nq_plot_opts *o,
		       int term, const char *target, const nq_style *st,
		       nq_error *err)
{
	size_t widest = 0;
	nq_plot_key key;
	char title[512], chars[16];
	const char *names[NQ_PLOT_PANELS] = { NULL }, *kept[NQ_PLOT_PANELS];
	int keep[NQ_PLOT_PANELS], np = 0, nk = 0;
	size_t m, s, i;
	double *v;
	double lo = INFINITY, hi = 0;
	struct nonpos z;

	for (m = 0; m < c->nmodes && np < NQ_PLOT_PANELS; m++)
		names[np++] = c->modes[m];
	if (nq_plot_pick(o, names, np, keep, err) < 0)
		return -3;
	for (m = 0; m < (size_t)np; m++)
		if (keep[m])
			kept[nk++] = names[m];
	if (!(v = malloc((c->ncells + 1) * sizeof *v)))
		return -1;
	memset(&z, 0, sizeof z);
	for (i = 0; i < c->ncells; i++)
		if (c->cell[i].y.count) {
			if (c->cell[i].y.median < lo)
				lo = c->cell[i].y.median;
			if (c->cell[i].y.median > hi)
				hi = c->cell[i].y.median;
		}
	snprintf(title, sizeof title, "%s: instances solved against %s",
		 c->experiment[0] ? c->experiment : o->csv,
		 nq_column_label(c->ycol));
	for (s = 0; s < c->nseries; s++)
		if (strlen(c->series[s]) > widest)
			widest = strlen(c->series[s]);
	nq_plot_frame(f, o, term, target, nk, kept, title, c->nseries,
		      widest, &key);
	z.logy = use_log(o, c->ycol, lo == INFINITY ? 1 : lo, hi);
	set_yaxis(f, z.logy, &key, lo == INFINITY ? 1 : lo,
		  hi >= c->timeout_s && c->timeout_s > 0 ? c->timeout_s : hi);
	snprintf(key.ylabel[0], sizeof key.ylabel[0], "%s (median of an "
		 "instance's ok runs)", nq_column_label(c->ycol));
	snprintf(key.ylabel[1], sizeof key.ylabel[1], "%s",
		 nq_column_label(c->ycol));
	for (m = 0, nk = 0; m < c->nmodes; m++) {
		size_t total = 0, step;
		int first = 1, reach = 0;

		if (m >= (size_t)np || !keep[m] ||
		    nq_plot_panel(f, &key, nk++) < 0)
			continue;
		/* the timeout line where this panel's medians reach it (its
		 * y range is its own: above it the line would stray) */
		for (i = 0; i < c->ncells; i++)
			if (c->cell[i].mode == m && c->cell[i].y.count &&
			    c->cell[i].y.median >= c->timeout_s)
				reach = 1;
		if (nq_column_is_time(c->ycol) && c->timeout_s > 0 && reach)
			timeout_line(f, c->timeout_s, &key);
		else
			fputs("unset arrow 1\nunset label 1\n", f);
		/* instances of this mode: distinct (hints, n) */
		for (i = 0; i < c->ncells; i++)
			if (c->cell[i].mode == m &&
			    (i == 0 || c->cell[i - 1].mode != m ||
			     c->cell[i - 1].n != c->cell[i].n ||
			     strcmp(c->cell[i - 1].hints, c->cell[i].hints)))
				total++;
		for (s = 0; s < c->nseries; s++) {
			size_t nv = 0, j;

			for (i = 0; i < c->ncells; i++)
				if (c->cell[i].mode == m && c->cell[i].series == s &&
				    c->cell[i].y.count)
					v[nv++] = c->cell[i].y.median;
			double off = ((double)s - (double)(c->nseries - 1) / 2) *
				     0.04; /* apart a little: equal curves show */

			qsort(v, nv, sizeof *v, nq_cmp_double);
			fprintf(f, "$m%zus%zu << EOD\n", m, s);
			for (j = 0; j < nv; j++)
				if (!z.logy || v[j] > 0)
					fprintf(f, "%.6g %.9g\n", (double)j + 1 + off,
						v[j]);
			fputs("EOD\n", f);
		}
		/* a count: whole-number ticks, never 0.5, as far apart as
		 * their labels need */
		snprintf(chars, sizeof chars, "%zu", total + 1);
		step = count_step(total + 1);
		if (nq_plot_tick_step(&key, (double)total + 1,
				      strlen(chars)) > (double)step)
			step = (size_t)nq_plot_tick_step(&key, (double)total + 1,
							 strlen(chars));
		fprintf(f, "set xlabel '%s (of %zu)'\n"
			"set xrange [0:%zu]\nset xtics 0, %zu\nset mxtics 1\n"
			"set format x '%%.0f'\nunset label 3\nset title ",
			nq_plot_fits(&key, 1, "instances solved", "solved"),
			total, total + 1, step);
		nq_plot_str(f, panel_title(c, &key, m));
		nq_plot_font(f, &key, 14);
	fputc('\n', f);
		nonpos_count(c, m, 1, &z);
		z.clamped = 0; /* no bars here */
		nonpos_note(f, &z, c->ycol, c->modes[m], &key);
		fputs("plot ", f);
		for (s = 0; s < c->nseries; s++) {
			fprintf(f, "%s$m%zus%zu using 1:2 with linespoints ",
				first ? "" : ", \\\n     ", m, s);
			nq_plot_style(f, &st[s], 1);
			fputs(" ps 0.9 lw 2 notitle", f);
			first = 0;
		}
		fputc('\n', f);
	}
	if (nq_plot_key_panel(f, &key)) {
		int none[NFAIL] = { 0 };

		key_entries(f, c, none, st);
		fputc('\n', f);
	}
	fputs("unset multiplot\n", f);
	free(v);
	return 0;
}

/* ---- sizes: variables and constraints against n --------------------- */

/* How far apart the size plot spreads its series: 0.6% of the n range. */
static double size_dx(const nq_cells *c)
{
	int lo = 0, hi = 0, any = 0;
	size_t i;

	for (i = 0; i < c->ncells; i++) {
		if (HINTED(&c->cell[i]))
			continue;
		if (!any || c->cell[i].n < lo)
			lo = c->cell[i].n;
		if (!any || c->cell[i].n > hi)
			hi = c->cell[i].n;
		any = 1;
	}
	return (hi > lo ? hi - lo : 1) * 0.006;
}

/* The first series whose sizes (medians at every n they have) are those
 * of series s: s itself when none before it. */
static size_t same_sizes(const nq_cells *c, size_t s)
{
	size_t e, i;

	for (e = 0; e < s; e++) {
		int same = 1, any = 0;

		for (i = 0; i < c->ncells && same; i++) {
			const nq_cell *a = &c->cell[i], *b;

			if (a->series != s || HINTED(a))
				continue;
			b = nq_cells_find(c, e, a->mode, a->hints, a->n);
			same = b && b->y.count == a->y.count &&
			       (!a->y.count || b->y.median == a->y.median);
			any |= a->y.count > 0;
		}
		if (same && any)
			return e;
	}
	return s;
}

static int size_plot(FILE *f, const nq_cells *const sz[2],
		     const nq_plot_opts *o, int term, const char *target,
		     const nq_style *st, nq_error *err)
{
	size_t widest = 0;
	nq_plot_key key;
	static const char *const what[2] = { "variables", "constraints" };
	static const char *const titles[2] = {
		"variables (CNF) or columns (ILP)",
		"clauses (CNF) or rows (ILP)"
	};
	static const char *const names[2] = { "variables", "constraints" };
	const char *kept[2];
	const nq_cells *c0 = sz[0], *last = NULL;
	char title[512];
	size_t p, s, i;
	int keep[2], nk = 0, lo_n = 0, hi_n = 0;

	if (nq_plot_pick(o, names, 2, keep, err) < 0)
		return -3;
	for (p = 0; p < 2; p++)
		if (keep[p])
			kept[nk++] = names[p];
	snprintf(title, sizeof title, "%s: model sizes against n",
		 c0->experiment[0] ? c0->experiment : o->csv);
	for (s = 0; s < c0->nseries; s++)
		if (strlen(c0->series[s]) + 8 > widest)
			widest = strlen(c0->series[s]) + 8; /* " (= ...)" */
	nq_plot_frame(f, o, term, target, nk, kept, title, c0->nseries,
		      widest, &key);
	for (i = 0; i < c0->ncells; i++)
		if (!HINTED(&c0->cell[i])) {
			if (!lo_n || c0->cell[i].n < lo_n)
				lo_n = c0->cell[i].n;
			if (c0->cell[i].n > hi_n)
				hi_n = c0->cell[i].n;
		}
	n_axis(f, &key, lo_n, hi_n, o->logx == 1 || (lo_n > 0 &&
						      hi_n > 100 * lo_n));
	fputs("unset arrow 1\nunset label 1\nunset ylabel\n", f);
	for (p = 0, nk = 0; p < 2; p++) {
		const nq_cells *c = sz[p];
		double lo = INFINITY, hi = 0;
		int first = 1;

		if (!keep[p] || nq_plot_panel(f, &key, nk++) < 0)
			continue;

		for (i = 0; i < c->ncells; i++)
			if (!HINTED(&c->cell[i]) && c->cell[i].y.count) {
				if (c->cell[i].y.median < lo)
					lo = c->cell[i].y.median;
				if (c->cell[i].y.median > hi)
					hi = c->cell[i].y.median;
			}
		set_yaxis(f, use_log(o, what[p], lo == INFINITY ? 1 : lo, hi) ||
			  (o->scale < 0 && lo > 0), &key,
			  lo == INFINITY ? 1 : lo, hi);
		fputs("set format y '%.0f'\nset title ", f);
		nq_plot_str(f, nq_plot_fits(&key, NQ_PLOT_TITLE(&key), titles[p], what[p]));
		nq_plot_font(f, &key, 14);
	fputc('\n', f);
		/* one point per (series, n): the first mode that has a size;
		 * series spread a little sideways, so equal ones both show */
		for (s = 0; s < c->nseries; s++) {
			int last_n = -1;
			double off = ((double)s - (double)(c->nseries - 1) / 2) *
				     size_dx(c);

			fprintf(f, "$p%zus%zu << EOD\n", p, s);
			for (i = 0; i < c->ncells; i++) {
				const nq_cell *x = &c->cell[i];

				if (x->series != s || HINTED(x) || !x->y.count ||
				    x->n == last_n)
					continue;
				fprintf(f, "%.6g %.9g\n", x->n + off,
					x->y.median);
				last_n = x->n;
			}
			fputs("EOD\n", f);
		}
		fputs("plot ", f);
		for (s = 0; s < c->nseries; s++) {
			size_t j;
			int has = 0;

			for (j = 0; j < c->ncells; j++)
				if (c->cell[j].series == s && c->cell[j].y.count)
					has = 1;
			if (!has)
				continue;
			fprintf(f, "%s$p%zus%zu using 1:2 smooth unique with "
				"linespoints ", first ? "" : ", \\\n     ", p, s);
			nq_plot_style(f, &st[s], 1);
			fputs(" ps 0.9 lw 2 notitle", f);
			first = 0;
		}
		fputc('\n', f);
		last = c;
	}
	if (last && nq_plot_key_panel(f, &key)) {
		for (s = 0; s < last->nseries; s++) {
			/* a curve equal to an earlier one says so */
			char t[600];
			size_t e = same_sizes(last, s), j;
			int has = 0;

			/* an approach without sizes (a native one) has none */
			for (j = 0; j < last->ncells && !has; j++)
				has = last->cell[j].series == s &&
				      last->cell[j].y.count;
			if (!has)
				continue;

			if (e < s)
				snprintf(t, sizeof t, "%s (= %s)",
					 last->series[s], last->series[e]);
			else
				snprintf(t, sizeof t, "%s", last->series[s]);
			fputs(", \\\n     keyentry with linespoints ", f);
			nq_plot_style(f, &st[s], 1);
			fputs(" ps 0.9 lw 2 title ", f);
			nq_plot_str(f, t);
		}
		fputc('\n', f);
	}
	fputs("unset multiplot\n", f);
	return 0;
}

/* Do any rows have a size? */
static int has_values(const nq_cells *c)
{
	size_t i;

	for (i = 0; i < c->ncells; i++)
		if (c->cell[i].y.count)
			return 1;
	return 0;
}

/* has_values for the cells of whole boards (no hints, blocked squares
 * or excluded lines), the ones the size plot draws */
static int has_whole_values(const nq_cells *c)
{
	size_t i;

	for (i = 0; i < c->ncells; i++)
		if (c->cell[i].y.count && !HINTED(&c->cell[i]))
			return 1;
	return 0;
}

int nq_plot_script(const nq_table *t, const nq_plot_opts *o,
		   const char *target, FILE *f, nq_error *err)
{
	nq_cells_opts co;
	nq_cells *c = NULL, *sz[2] = { NULL, NULL };
	nq_style *st = NULL;
	int term = nq_plot_term_of(o->output), rc = NQ_PLOT_EINPUT;

	if (term < 0)
		return nq_error_set(err, o->output, 0, 0, "cannot tell the "
				    "picture type: name the output .svg, .png "
				    "or .pdf");
	if (o->kind == NQ_PLOT_SOLUBILITY)
		return nq_solubility_plot(f, t, o, term, target, 1, err);
	if (o->kind == NQ_PLOT_SCATTER)
		return nq_scatter_plot(f, t, o, term, target, err);
	if (o->kind == NQ_PLOT_RTD)
		return nq_rtd_plot(f, t, o, term, target, err);
	memset(&co, 0, sizeof co);
	co.group = o->group;
	co.mode = o->mode;
	co.only = o->only;
	co.no_ci = 1; /* a plot draws medians, min and max */
	if (o->kind == NQ_PLOT_SIZE) {
		co.any_status = 1;
		co.y = "vars";
		if (nq_cells_build(t, o->csv, &co, &sz[0], err) < 0)
			goto out;
		co.y = "constraints";
		if (nq_cells_build(t, o->csv, &co, &sz[1], err) < 0)
			goto out;
		if (!has_values(sz[0])) {
			nq_error_set(err, o->csv, 0, 0, "no row has a model size "
				     "(vars): nothing for a size plot");
			goto out;
		}
		if (!has_whole_values(sz[0])) {
			/* sizes against n are of whole boards: one of a
			 * file's or a family's instances is not n's */
			nq_error_set(err, o->csv, 0, 0, "the rows with a model "
				     "size are all of instances with hints, "
				     "blocked squares or excluded lines (files, "
				     "generated families): the size plot draws "
				     "whole boards' sizes against n; each "
				     "instance's are the CSV's vars and "
				     "constraints");
			goto out;
		}
		if (!(st = malloc((sz[0]->nseries + 1) * sizeof *st)) ||
		    nq_plot_styles(sz[0], o, st) < 0) {
			nq_error_set(err, o->csv, 0, 0, "out of memory");
			goto out;
		}
		{
			const nq_cells *const p[2] = { sz[0], sz[1] };

			if (size_plot(f, p, o, term, target, st, err) < 0)
				goto out;
		}
		rc = 0;
		goto out;
	}
	co.y = o->y;
	if (nq_cells_build(t, o->csv, &co, &c, err) < 0)
		goto out;
	if (!(st = malloc((c->nseries + 1) * sizeof *st)) ||
	    nq_plot_styles(c, o, st) < 0) {
		nq_error_set(err, o->csv, 0, 0, "out of memory");
		goto out;
	}
	if (o->kind == NQ_PLOT_TIME) {
		/* every instance of a family (placed queens, blocked squares,
		 * excluded diagonals): against the family's parameter */
		int tp = time_plot(f, c, o, term, target, st, err);

		if (tp == -3)
			goto out;
		if (tp == -2) {
			nq_error_set(err, o->csv, 0, 0, "out of memory");
			goto out;
		}
		if (tp < 0) {
			rc = nq_solubility_plot(f, t, o, term, target, 0, err);
			goto out;
		}
	} else {
		int cp = cactus_plot(f, c, o, term, target, st, err);

		if (cp == -3)
			goto out;
		if (cp < 0) {
			nq_error_set(err, o->csv, 0, 0, "out of memory");
			goto out;
		}
	}
	rc = 0;
out:
	free(st);
	nq_cells_free(c);
	nq_cells_free(sz[0]);
	nq_cells_free(sz[1]);
	return rc;
}
