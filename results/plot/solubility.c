/*
 * solubility.c - the solubility plot (`harness plot --kind solubility`):
 * for the NP-complete variants, the fraction of instances solvable and
 * each approach's median time against the family's parameter, where the
 * phase transition shows (Gent, Jefferson and Nightingale, JAIR 2017).
 *
 * Each row's family and parameter come from its hints, blocked and
 * excluded columns (counted entries):
 *
 *   excluded lines  excluded / (4n - 2)  (of all diagonals and antidiagonals)
 *   blocked squares blocked / n^2
 *   otherwise       hints / n            (placed queens m over n)
 *
 * and a line per family and n. Rows are grouped into instances by
 * instance_hash (else the instance id, else n and the three texts), not
 * by their hints alone. An instance is solvable when some run of it
 * ended ok with a placement (solutions >= 1), insoluble when some run
 * ended ok with none and none found one; runs with any other status
 * (timeout, memout, crash, error, wrong, disputed, skipped, unsolved:
 * a local search that stopped proves nothing) decide
 * nothing, and an instance no run decided is left out of the fraction
 * (the key counts them). The median time of an approach at a point is
 * over its runs there of every status; a run that did not end ok counts
 * at its time limit (timeout_s) when it has one, so a median at the
 * limit is a lower bound.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cells.h"
#include "plot_common.h"
#include "solubility.h"
#include "units.h"



enum { FAM_PLACED, FAM_BLOCKED, FAM_EXCLUDED, NFAM };
static const char *const fam_names[NFAM] = { "placed", "blocked", "excluded" };
/* Each family's parameter as the x axis shows it. */
static const char *const fam_axis[NFAM] = {
	"placed queens m / n", "blocked squares b / n^2",
	"excluded diagonals d / (4n-2)"
};
static const char *const fam_short[NFAM] = { "m/n", "b/n^2", "d/(4n-2)" };

struct srow {
	int fam, n, verdict;     /* verdict: 1 solved, 0 none, -1 not ok */
	double x, t;
	const char *key, *appr;
	size_t rank;             /* appr's place in the file's order */
};

static int count_items(const char *s)
{
	int k = 0, in = 0;

	for (; *s; s++) {
		if (*s != ' ' && !in)
			k++;
		in = *s != ' ';
	}
	return k;
}

static int cmp_inst(const void *a, const void *b)
{
	const struct srow *p = a, *q = b;

	if (p->fam != q->fam)
		return p->fam - q->fam;
	if (p->n != q->n)
		return p->n - q->n;
	if (p->x != q->x)
		return p->x < q->x ? -1 : 1;
	return strcmp(p->key, q->key);
}

static int cmp_appr(const void *a, const void *b)
{
	const struct srow *p = a, *q = b;
	int d;

	if (p->rank != q->rank)
		return p->rank < q->rank ? -1 : 1;
	if ((d = strcmp(p->appr, q->appr)) != 0)
		return d;
	if (p->fam != q->fam)
		return p->fam - q->fam;
	if (p->n != q->n)
		return p->n - q->n;
	if (p->x != q->x)
		return p->x < q->x ? -1 : 1;
	if (isnan(p->t) || isnan(q->t))
		return isnan(p->t) - isnan(q->t);
	return p->t < q->t ? -1 : p->t > q->t;
}

static int same_line(const struct srow *p, const struct srow *q)
{
	return p->fam == q->fam && p->n == q->n;
}

/* The rows of the table (first and count mode alike, or o->mode only)
 * as srows; *nr of them. NULL with *nr 0 when none; NULL on no memory. */
static struct srow *read_rows(const nq_table *t, const nq_plot_opts *o,
			      size_t *nr, char **keys)
{
	int cn = nq_table_col(t, "n"), cm = nq_table_col(t, "mode");
	int cs = nq_table_col(t, "status"), cv = nq_table_col(t, "solutions");
	int ch = nq_table_col(t, "hints"), cb = nq_table_col(t, "blocked");
	int ce = nq_table_col(t, "excluded"), ci = nq_table_col(t, "instance");
	int cx = nq_table_col(t, "instance_hash");
	int ca = nq_table_col(t, o->group ? o->group : "approach");
	int cy = nq_table_col(t, o->y ? o->y : "wall_s");
	int cl = nq_table_col(t, "timeout_s");
	size_t i, k = 0, nrows = nq_table_nrows(t), klen = 0;
	struct srow *r;
	char *kp;

	*nr = 0;
	if (ca < 0)
		ca = nq_table_col(t, "solver");
	for (i = 0; i < nrows; i++)
		klen += strlen(nq_table_cell(t, i, ch)) +
			strlen(nq_table_cell(t, i, cb)) +
			strlen(nq_table_cell(t, i, ce)) + 32;
	r = calloc(nrows ? nrows : 1, sizeof *r);
	*keys = kp = malloc(klen + 1);
	if (!r || !kp) {
		free(r);
		free(kp);
		*keys = NULL;
		return NULL;
	}
	for (i = 0; i < nrows; i++) {
		const char *h = nq_table_cell(t, i, ch);
		const char *b = nq_table_cell(t, i, cb);
		const char *e = nq_table_cell(t, i, ce);
		const char *st = nq_table_cell(t, i, cs);
		double n, v, y, lim;
		struct srow *s = &r[k];

		if (nq_table_number(nq_table_cell(t, i, cn), &n) < 0 || n < 1)
			continue;
		if ((o->mode && strcmp(o->mode, nq_table_cell(t, i, cm))) ||
		    !nq_only_keep(o->only, i))
			continue;
		s->n = (int)n;
		if (*e) {
			s->fam = FAM_EXCLUDED;
			s->x = count_items(e) / (4.0 * n - 2);
		} else if (*b) {
			s->fam = FAM_BLOCKED;
			s->x = count_items(b) / (n * n);
		} else {
			s->fam = FAM_PLACED;
			s->x = count_items(h) / n;
		}
		if (cx >= 0 && *nq_table_cell(t, i, cx))
			s->key = nq_table_cell(t, i, cx);
		else if (ci >= 0 && *nq_table_cell(t, i, ci))
			s->key = nq_table_cell(t, i, ci);
		else {
			s->key = kp;
			kp += sprintf(kp, "%d|%s|%s|%s", s->n, h, b, e) + 1;
		}
		s->appr = nq_table_cell(t, i, ca);
		s->verdict = -1;
		if (!strcmp(st, "ok") &&
		    nq_table_number(nq_table_cell(t, i, cv), &v) == 0)
			s->verdict = v >= 1;
		if (nq_table_number(nq_table_cell(t, i, cy), &y) < 0)
			y = NAN;
		if (s->verdict < 0 &&
		    nq_table_number(nq_table_cell(t, i, cl), &lim) == 0 &&
		    lim > 0)
			y = lim;
		s->t = y;
		k++;
	}
	*nr = k;
	return r;
}

/* The fraction solvable: a datablock per family and n ($F0, $F1, ...),
 * "x fraction" lines; how many lines, and the undecided in *undecided. */
static int fractions(FILE *f, struct srow *r, size_t nr, size_t *undecided,
		     FILE *titles)
{
	size_t i = 0, j;
	int nblk = 0;

	qsort(r, nr, sizeof *r, cmp_inst);
	*undecided = 0;
	while (i < nr) {
		fprintf(f, "$F%d << EOD\n", nblk);
		j = i;
		while (j < nr && same_line(&r[j], &r[i])) {
			size_t a = j, sol = 0, dec = 0;

			while (j < nr && same_line(&r[j], &r[a]) && r[j].x == r[a].x) {
				size_t b = j;
				int v = -1;

				while (j < nr && same_line(&r[j], &r[b]) &&
				       r[j].x == r[b].x && !strcmp(r[j].key, r[b].key)) {
					if (r[j].verdict > v)
						v = r[j].verdict;
					j++;
				}
				if (v >= 0)
					dec++;
				else
					(*undecided)++;
				sol += v == 1;
			}
			if (dec)
				fprintf(f, "%.9g %.9g\n", r[a].x, (double)sol / dec);
		}
		fputs("EOD\n", f);
		fprintf(titles, "solvable, %s n = %d\n", fam_names[r[i].fam],
			r[i].n);
		i = j;
		nblk++;
	}
	return nblk;
}

/* Each row's rank: its approach's place among the file's approaches
 * (*labels, in the order rows first show them), for its style: from
 * its label, as in every other figure (style.h). -1 on no memory. */
static int rank_rows(struct srow *r, size_t nr, const char ***labels,
		     size_t *nlabels)
{
	const char **seen = malloc((nr + 1) * sizeof *seen);
	size_t nseen = 0, i, k;

	if (!seen)
		return -1;
	for (i = 0; i < nr; i++) {
		for (k = 0; k < nseen && strcmp(seen[k], r[i].appr); k++)
			;
		if (k == nseen)
			seen[nseen++] = r[i].appr;
		r[i].rank = k;
	}
	*labels = seen;
	*nlabels = nseen;
	return 0;
}

/* Median times: a datablock per approach, family and n ($T0, ...) and
 * their titles in titles[]; how many. */
static int medians(FILE *f, struct srow *r, size_t nr, char ***titles,
		   size_t **ranks)
{
	size_t *rk = malloc(8 * sizeof *rk);
	size_t i = 0, j, cap = 8;
	int nblk = 0;
	char **tt = malloc(cap * sizeof *tt);

	qsort(r, nr, sizeof *r, cmp_appr);
	while (tt && i < nr) {
		if ((size_t)nblk == cap) {
			char **g = realloc(tt, 2 * cap * sizeof *tt);
			size_t *h;

			if (g)
				tt = g;
			if (!g || !(h = realloc(rk, 2 * cap * sizeof *rk)))
				break;
			rk = h;
			cap *= 2;
		}
		if (!rk)
			break;
		rk[nblk] = r[i].rank;
		tt[nblk] = malloc(strlen(r[i].appr) + 64);
		if (!tt[nblk])
			break;
		sprintf(tt[nblk], "%s, %s n = %d", r[i].appr, fam_names[r[i].fam],
			r[i].n);
		fprintf(f, "$T%d << EOD\n", nblk);
		j = i;
		while (j < nr && same_line(&r[j], &r[i]) &&
		       !strcmp(r[j].appr, r[i].appr)) {
			size_t a = j, k = 0, m;

			while (j < nr && same_line(&r[j], &r[a]) &&
			       !strcmp(r[j].appr, r[a].appr) && r[j].x == r[a].x) {
				k += !isnan(r[j].t);
				j++;
			}
			/* NaNs sort last within the point (cmp_appr): the
			 * timed runs are r[a] .. r[a + k - 1] */
			if (!k)
				continue;
			m = a + k / 2;
			fprintf(f, "%.9g %.9g\n", r[a].x, k % 2 ? r[m].t :
				(r[m - 1].t + r[m].t) / 2);
		}
		fputs("EOD\n", f);
		i = j;
		nblk++;
	}
	*titles = tt;
	*ranks = rk;
	return nblk;
}

/* The x axis's label and the title's name of it, for the families the
 * rows hold. */
static void axis_of(const struct srow *r, size_t nr, char *label,
		    size_t llen, char *name, size_t nlen)
{
	int seen[NFAM] = { 0 }, k, nfam = 0, one = 0;
	size_t i;

	for (i = 0; i < nr; i++)
		seen[r[i].fam] = 1;
	for (k = 0; k < NFAM; k++)
		if (seen[k]) {
			nfam++;
			one = k;
		}
	if (nfam == 1) {
		snprintf(label, llen, "%s", fam_axis[one]);
		snprintf(name, nlen, "%s", fam_short[one]);
		return;
	}
	label[0] = name[0] = '\0';
	for (k = 0; k < NFAM; k++)
		if (seen[k]) {
			nq_append(label, llen, "%s%s %s", label[0] ? ", " : "",
				  fam_names[k], fam_short[k]);
			nq_append(name, nlen, "%s%s", name[0] ? ", " : "",
				  fam_short[k]);
		}
	nq_append(label, llen, " (the family's parameter)");
}

int nq_solubility_plot(FILE *f, const nq_table *t, const nq_plot_opts *o,
		       int term, const char *target, int with_fractions,
		       nq_error *err)
{
	struct srow *r;
	size_t nr, undecided;
	char *keys, **titles = NULL, title[512], line[128], xl[160], xn[64];
	char yl[160], (*ftitle)[128];
	const char *ycol = o->y ? o->y : "wall_s";
	size_t widest = 0, k;
	nq_plot_key key;
	double tlo, thi, xlo, xhi;
	char trange[80], tticks[40];
	size_t *ranks = NULL, nlabels = 0;
	const char **labels = NULL;
	nq_style *st = NULL;
	FILE *ft = tmpfile();
	int nf, nt, i;

	if (nq_table_col(t, "status") < 0 || nq_table_col(t, "solutions") < 0)
		return nq_error_set(err, o->csv, 0, 0, "no status or solutions "
				    "column: nothing for a solubility plot");
	r = ft ? read_rows(t, o, &nr, &keys) : NULL;
	if (!r) {
		if (ft)
			fclose(ft);
		return nq_error_set(err, o->csv, 0, 0, "out of memory");
	}
	if (!nr) {
		fclose(ft);
		free(r);
		free(keys);
		return nq_error_set(err, o->csv, 0, 0, "no row with an n%s: "
				    "nothing for a solubility plot",
				    o->mode ? " in that mode" : "");
	}
	axis_of(r, nr, xl, sizeof xl, xn, sizeof xn);
	nf = fractions(f, r, nr, &undecided, ft);
	rewind(ft);
	if (rank_rows(r, nr, &labels, &nlabels) < 0 ||
	    !(st = malloc((nlabels + 1) * sizeof *st)) ||
	    nq_style_assign(labels, nlabels, o->styles, st) < 0) {
		free(labels);
		free(st);
		fclose(ft);
		free(r);
		free(keys);
		return nq_error_set(err, o->csv, 0, 0, "out of memory");
	}
	nt = medians(f, r, nr, &titles, &ranks);
	{
		int ei = nq_table_col(t, "experiment");
		const char *exp = ei >= 0 ? nq_table_cell(t, 0, ei) : "";

		if (with_fractions)
			snprintf(title, sizeof title, "%s: solvable and median "
				 "%s against %s", exp[0] ? exp : o->csv,
				 nq_column_label(ycol), xn);
		else
			snprintf(title, sizeof title, "%s: median %s against %s",
				 exp[0] ? exp : o->csv,
				 nq_column_label(ycol), xn);
	}
	if (!with_fractions)
		nf = 0;
	/* the fraction curves' titles, one a line of ft */
	ftitle = calloc((size_t)nf + 1, sizeof *ftitle);
	for (i = 0; ftitle && i < nf; i++) {
		if (!fgets(line, sizeof line, ft))
			line[0] = 0;
		line[strcspn(line, "\n")] = 0;
		snprintf(ftitle[i], sizeof ftitle[i], "%s", line);
		if (strlen(line) > widest)
			widest = strlen(line);
	}
	for (i = 0; i < nt; i++)
		if (strlen(titles[i]) > widest)
			widest = strlen(titles[i]);
	/* one key under the panel (or beside it), as the other kinds' */
	nq_plot_frame(f, o, term, target, 1, NULL, title,
		      (size_t)(nf + nt), widest, &key);
	if (with_fractions)
		snprintf(key.ylabel[0], sizeof key.ylabel[0], "solvable, "
			 "black (%zu instance%s undecided, left out)",
			 undecided, undecided == 1 ? "" : "s");
	else
		snprintf(key.ylabel[0], sizeof key.ylabel[0], "median %s",
			 nq_column_label(ycol));
	snprintf(key.ylabel[1], sizeof key.ylabel[1], "%s", with_fractions ?
		 "solvable (black)" : nq_column_label(ycol));
	nq_plot_panel(f, &key, 0);
	fputs("set xlabel ", f);
	nq_plot_str(f, xl);
	snprintf(yl, sizeof yl, "median %s", nq_column_label(ycol));
	/* the times' axis over whole decades, so its ticks fall on
	 * them (not 0.00386, 0.00387, ... over a narrow range) */
	for (k = 0, tlo = INFINITY, thi = 0; k < nr; k++)
		if (r[k].t > 0) {
			tlo = r[k].t < tlo ? r[k].t : tlo;
			thi = r[k].t > thi ? r[k].t : thi;
		}
	/* the x axis: ticks as far apart as their labels need, and some
	 * width round a single parameter's value */
	for (k = 0, xlo = INFINITY, xhi = -INFINITY; k < nr; k++) {
		xlo = r[k].x < xlo ? r[k].x : xlo;
		xhi = r[k].x > xhi ? r[k].x : xhi;
	}
	if (xhi - xlo < 1e-9) {
		xlo -= 0.05;
		xhi += 0.05;
	}
	fprintf(f, "\nset xrange [%g:%g]\nset xtics %g", xlo - (xhi - xlo) * 0.05,
		xhi + (xhi - xlo) * 0.05,
		nq_plot_tick_step(&key, (xhi - xlo) * 1.1, 5));
	if (thi > 0) {
		double d0 = floor(log10(tlo)), d1 = ceil(log10(thi));
		int every = 1;

		snprintf(trange, sizeof trange, "[%g:%g]", pow(10, d0),
			 pow(10, d1));
		/* a label every few decades where a short panel cannot
		 * hold one a decade */
		while ((d1 - d0) / every + 1 > nq_plot_ytick_room(&key) &&
		       every < 6)
			every++;
		snprintf(tticks, sizeof tticks, "%g", pow(10, every));
	} else {
		snprintf(trange, sizeof trange, "[*:*]");
		snprintf(tticks, sizeof tticks, "autofreq");
	}
	if (with_fractions) {
		/* ticks at 0.2, or 0.5 on a short panel */
		fprintf(f, "\nset yrange [0:1.05]\nset ytics %s\nset y2label ",
			nq_plot_ytick_room(&key) >= 6 ? "0.2" : "0.5");
		nq_plot_str(f, yl);
		fprintf(f, "\nset logscale y2 10\nset y2tics nomirror %s\n"
			"set format y2 '%%g'\nset y2range %s\n", tticks, trange);
	} else {
		fprintf(f, "\nset logscale y 10\nset format y '%%g'\n"
			"set mytics 10\nset yrange %s\nset ytics %s\n", trange,
			tticks);
	}
	fputs("plot ", f);
	for (i = 0; i < nf; i++)
		fprintf(f, "%s$F%d using 1:2 axes x1y1 with linespoints lw 2 "
			"pt 7 dt %d lc rgb '#000000' notitle", i ? ", " : "", i,
			i % 5 + 1);
	for (i = 0; i < nt; i++)
		fprintf(f, "%s$T%d using 1:2 axes x1y%d with linespoints lw 1.5 "
			"pt %d lc rgb '%s' notitle", nf || i ? ", " : "", i,
			with_fractions ? 2 : 1, 4 + i % 6, st[ranks[i]].colour);
	fputc('\n', f);
	if (nq_plot_key_panel(f, &key)) {
		for (i = 0; i < nf; i++) {
			fprintf(f, ", \\\n     keyentry with linespoints lw 2 pt 7 "
				"dt %d lc rgb '#000000' title ", i % 5 + 1);
			nq_plot_str(f, ftitle ? ftitle[i] : "");
		}
		for (i = 0; i < nt; i++) {
			fprintf(f, ", \\\n     keyentry with linespoints lw 1.5 "
				"pt %d lc rgb '%s' title ", 4 + i % 6,
				st[ranks[i]].colour);
			nq_plot_str(f, titles[i]);
		}
	}
	free(ftitle);
	fputs("\nunset multiplot\n", f);
	for (i = 0; i < nt; i++)
		free(titles[i]);
	free(titles);
	free(ranks);
	free(labels);
	free(st);
	fclose(ft);
	free(r);
	free(keys);
	return 0;
}
