/*
 * compare.c - see compare.h. Both files are grouped into cells once
 * (results/cells.c, with the interval of every median); B's cells are
 * found by binary search (nq_cells_find), so a comparison is O(cells log
 * cells) plus the bootstrap of each pair.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cells.h"
#include "compare.h"
#include "json.h"
#include "meta.h"
#include "report_common.h"
#include "stats.h"

/* One pair of cells, compared. */
struct pair {
	const nq_cell *a, *b;
	nq_interval ci;         /* of median(B) / median(A) */
	double ratio;           /* NAN: no ok run on one side */
	nq_mwu u;
	double minp;            /* the smallest p these ok runs allow */
	int tested;             /* both sides have ok runs */
	int can;                /* runs enough to be significant at all */
	int sig;                /* -1 B lower, 1 B higher, 0 not told apart */
	int disagree;           /* the answers differ */
};

/* The index of `name` in list, or -1. */
static long index_of(char *const *list, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(list[i], name))
			return (long)i;
	return -1;
}

/* Do the answers of two cells differ? Each answer is the solutions of
 * its ok runs, when they all agree (one that does not agree with itself
 * is already wrong or disputed in its own file). */
static int answers_differ(const nq_cells *sa, const nq_cells *sb,
			  const nq_cells *ca, const nq_cells *cb,
			  const nq_cell *a, const nq_cell *b)
{
	const nq_cell *x, *y;
	long s, m;

	if (!sa || !sb)
		return 0;
	s = index_of(sa->series, sa->nseries, ca->series[a->series]);
	m = index_of(sa->modes, sa->nmodes, ca->modes[a->mode]);
	if (s < 0 || m < 0 ||
	    !(x = nq_cells_find(sa, (size_t)s, (size_t)m, a->hints, a->n)))
		return 0;
	s = index_of(sb->series, sb->nseries, cb->series[b->series]);
	m = index_of(sb->modes, sb->nmodes, cb->modes[b->mode]);
	if (s < 0 || m < 0 ||
	    !(y = nq_cells_find(sb, (size_t)s, (size_t)m, b->hints, b->n)))
		return 0;
	if (!x->y.count || !y->y.count || x->y.min != x->y.max ||
	    y->y.min != y->y.max)
		return 0;
	return x->y.median != y->y.median;
}

static int compare_pair(struct pair *p)
{
	const nq_cell *a = p->a, *b = p->b;

	p->ratio = NAN;
	p->minp = nq_stats_mwu_min_p(a->y.count, b->y.count);
	if (!a->y.count || !b->y.count)
		return 0;
	p->tested = 1;
	/* the interval needs two runs a side, p its floor below alpha; else
	 * "not told apart" would say nothing the counts did not */
	p->can = p->minp < NQ_COMPARE_ALPHA && a->y.count >= 2 &&
		 b->y.count >= 2;
	if (a->y.median > 0)
		p->ratio = b->y.median / a->y.median;
	if (nq_stats_ratio_ci(b->v, b->y.count, a->v, a->y.count, &p->ci) < 0 ||
	    nq_stats_mwu(a->v, a->y.count, b->v, b->y.count, &p->u) < 0)
		return -1;
	if (p->u.p < NQ_COMPARE_ALPHA && p->ci.ok &&
	    (p->ci.hi < 1 || p->ci.lo > 1))
		p->sig = p->ci.hi < 1 ? -1 : 1;
	return 0;
}

/* The change column: faster, slower (lower, higher), ~ for a pair that
 * could have been told apart and was not, "too few runs" for one whose
 * counts allow no p below alpha (the text adds that floor). */
static void sig_word(const struct pair *p, int time, int text, char *buf,
		    size_t len)
{
	if (p->disagree)
		snprintf(buf, len, "ANSWERS DIFFER");
	else if (!p->tested)
		snprintf(buf, len, "%s", p->a->y.count ? "no ok run in B" :
			 p->b->y.count ? "no ok run in A" : "no ok run");
	else if (p->sig)
		snprintf(buf, len, "%s", p->sig < 0 ? (time ? "faster" : "lower")
			 : (time ? "slower" : "higher"));
	else if (!p->can && text && p->minp >= NQ_COMPARE_ALPHA)
		snprintf(buf, len, "too few runs (p >= %.3g)", p->minp);
	else if (!p->can && text)
		snprintf(buf, len, "too few runs (1 run: no interval)");
	else if (!p->can)
		snprintf(buf, len, "too few runs");
	else
		snprintf(buf, len, "~");
}

/* A ratio as a change in %: "+740%", "-12.5%", "0%". */
static void pct_text(char *buf, size_t len, double ratio)
{
	char v[32];
	double d = (ratio - 1) * 100;

	nq_report_number(v, sizeof v, d, 3, 1);
	snprintf(buf, len, "%s%s%%", d > 0 && strcmp(v, "0") ? "+" : "", v);
}

/* "+740% [+690%, +790%]": the delta with the ratio's interval turned
 * into % (the same interval, another scale). */
static void delta_text(char *buf, size_t len, const struct pair *q)
{
	char d[48], lo[48], hi[48];

	if (isnan(q->ratio)) {
		snprintf(buf, len, "-");
		return;
	}
	pct_text(d, sizeof d, q->ratio);
	if (!q->ci.ok) {
		snprintf(buf, len, "%s", d);
		return;
	}
	pct_text(lo, sizeof lo, q->ci.lo);
	pct_text(hi, sizeof hi, q->ci.hi);
	snprintf(buf, len, "%s [%s, %s]", d, lo, hi);
}

/* The geometric mean of B/A over the pairs with a ratio above 0 (a median
 * on both sides, A's above 0): into *g, their number returned. */
static size_t geomean(const struct pair *p, size_t np, double *g)
{
	double logs = 0;
	size_t i, k = 0;

	for (i = 0; i < np; i++)
		if (p[i].ratio > 0 && isfinite(p[i].ratio)) {
			logs += log(p[i].ratio);
			k++;
		}
	*g = k ? exp(logs / (double)k) : NAN;
	return k;
}

/* Do the tested pairs share their ok runs' counts? 1 with them in *m,
 * *n; 0 when they differ or none was tested. */
static int shared_counts(const struct pair *p, size_t np, size_t *m,
			 size_t *n)
{
	size_t i, k = 0;

	for (i = 0; i < np; i++) {
		if (!p[i].tested)
			continue;
		if (k++ && (p[i].a->y.count != *m || p[i].b->y.count != *n))
			return 0;
		*m = p[i].a->y.count;
		*n = p[i].b->y.count;
	}
	return k > 0;
}

/* The p column: "0.1 (exact)", "-" for an untested pair. */
static void p_text(char *buf, size_t len, const struct pair *q)
{
	if (q->tested)
		snprintf(buf, len, "%.3g (%s)", q->u.p,
			 q->u.exact ? "exact" : "normal");
	else
		snprintf(buf, len, "-");
}

/* "3 ok runs a side", "3 ok runs in A, 5 in B" */
static void runs_text(char *buf, size_t len, size_t m, size_t n)
{
	if (m == n)
		snprintf(buf, len, "%zu ok run%s a side", m, m == 1 ? "" : "s");
	else
		snprintf(buf, len, "%zu ok run%s in A, %zu in B", m,
			 m == 1 ? "" : "s", n);
}

/* A median for the text table: 4 significant digits, s for times. */
static void med_text(char *buf, size_t len, const nq_cell *e, int time)
{
	char v[48];

	if (!e->y.count) {
		snprintf(buf, len, "-");
		return;
	}
	nq_report_number(v, sizeof v, e->y.median, 4, time ? 6 : -1);
	snprintf(buf, len, "%s%s", v, time ? " s" : "");
}

static void host_of(const char *csv, char *buf, size_t len)
{
	char meta[4200];

	nq_meta_path(csv, meta, sizeof meta);
	if (nq_meta_read(meta, "host", buf, len) < 0)
		snprintf(buf, len, "?");
}

static void write_text(FILE *f, const nq_compare_opts *o, const nq_cells *ca,
		       const struct pair *p, size_t np, size_t only_a,
		       size_t only_b)
{
	int time = nq_column_is_time(ca->ycol), shared;
	size_t i, w = 8, faster = 0, slower = 0, same = 0, untested = 0, bad = 0;
	size_t few = 0, short_runs = 0, m = 0, n = 0, ng, wd = 5, wp = 15;
	size_t need = nq_stats_mwu_runs_for(NQ_COMPARE_ALPHA);
	char ha[256], hb[256], runs[64], g[48], gd[48];
	double gm;

	host_of(o->a, ha, sizeof ha);
	host_of(o->b, hb, sizeof hb);
	for (i = 0; i < np; i++) {
		char dt[160], pv[48];

		if (strlen(ca->series[p[i].a->series]) > w)
			w = strlen(ca->series[p[i].a->series]);
		delta_text(dt, sizeof dt, &p[i]);
		if (strlen(dt) > wd)
			wd = strlen(dt);
		p_text(pv, sizeof pv, &p[i]);
		if (strlen(pv) > wp)
			wp = strlen(pv);
		few += p[i].tested && !p[i].can;
	}
	shared = shared_counts(p, np, &m, &n);
	fprintf(f, "A: %s (host %s)\nB: %s (host %s)\n%s: B/A is the ratio of "
		"the medians of the ok runs, with its 95 %% bootstrap interval;\n"
		"delta: B/A - 1 in %%, with that interval; p: Mann-Whitney U, "
		"two-sided; ~: no change told apart\n", o->a, ha, o->b, hb,
		ca->ycol);
	/* what the repeats let the test see, before the rows */
	if (shared) {
		runs_text(runs, sizeof runs, m, n);
		if (few && nq_stats_mwu_min_p(m, n) < NQ_COMPARE_ALPHA)
			fprintf(f, "%s: no interval with 1 run, so no change "
				"can be significant; use repeat >= %zu\n", runs,
				need);
		else if (few)
			fprintf(f, "%s: p >= %.3g, so no change can be "
				"significant; use repeat >= %zu (alpha %g)\n",
				runs, nq_stats_mwu_min_p(m, n), need,
				NQ_COMPARE_ALPHA);
		else
			fprintf(f, "%s: p can go as low as %.3g (alpha %g)\n",
				runs, nq_stats_mwu_min_p(m, n),
				NQ_COMPARE_ALPHA);
	} else if (few) {
		fprintf(f, "the ok runs differ between cells: p >= is the "
			"smallest p each cell's runs allow; %zu cell%s cannot "
			"be significant (alpha %g): use repeat >= %zu\n", few,
			few == 1 ? "" : "s", NQ_COMPARE_ALPHA, need);
	} else {
		fprintf(f, "the ok runs differ between cells: p >= is the "
			"smallest p each cell's runs allow (alpha %g)\n",
			NQ_COMPARE_ALPHA);
	}
	fprintf(f, "\n%-5s  %4s  %-12s  %-*s  %6s  %6s  %11s  %11s  %7s  %-17s  "
		"%-*s  %-*s  %s%s\n", "mode", "n", "hints", (int)w, "approach",
		"runs A", "runs B", "median A", "median B", "B/A",
		"95% interval", (int)wd, "delta", (int)wp, "p",
		shared ? "" : "p >=       ", "change");
	for (i = 0; i < np; i++) {
		const struct pair *q = &p[i];
		char ma[64], mb[64], r[32], ci[64], dt[160], pv[48], word[64];
		char floor[32] = "";

		med_text(ma, sizeof ma, q->a, time);
		med_text(mb, sizeof mb, q->b, time);
		if (isnan(q->ratio))
			snprintf(r, sizeof r, "-");
		else
			nq_report_number(r, sizeof r, q->ratio, 3, -1);
		if (q->ci.ok) {
			char lo[24], hi[24];

			nq_report_number(lo, sizeof lo, q->ci.lo, 3, -1);
			nq_report_number(hi, sizeof hi, q->ci.hi, 3, -1);
			snprintf(ci, sizeof ci, "[%s, %s]", lo, hi);
		} else {
			snprintf(ci, sizeof ci, "-");
		}
		delta_text(dt, sizeof dt, q);
		p_text(pv, sizeof pv, q);
		if (!shared)
			snprintf(floor, sizeof floor, "%-9.3g  ", q->minp);
		sig_word(q, time, 1, word, sizeof word);
		fprintf(f, "%-5s  %4d  %-12.12s  %-*s  %6zu  %6zu  %11s  %11s  %7s  "
			"%-17s  %-*s  %-*s  %s%s\n", ca->modes[q->a->mode],
			q->a->n, q->a->hints, (int)w, ca->series[q->a->series],
			q->a->runs, q->b->runs, ma, mb, r, ci, (int)wd, dt,
			(int)wp, pv, floor, word);
		if (q->disagree)
			bad++;
		else if (!q->tested)
			untested++;
		else if (q->sig < 0)
			faster++;
		else if (q->sig > 0)
			slower++;
		else if (q->can)
			same++;
		else
			short_runs++;
	}
	fprintf(f, "\n%zu cells paired: %zu %s and %zu %s in B (p < %g and the "
		"interval excludes 1), %zu not told apart (~), %zu with too few "
		"runs to be told apart", np, faster, time ? "faster" : "lower",
		slower, time ? "slower" : "higher", NQ_COMPARE_ALPHA, same,
		short_runs);
	if (short_runs)
		fprintf(f, " (use repeat >= %zu)", need);
	fprintf(f, ", %zu without ok runs on both sides", untested);
	if (bad)
		fprintf(f, ", %zu whose ANSWERS DIFFER", bad);
	fprintf(f, "; %zu only in A, %zu only in B\n", only_a, only_b);
	ng = geomean(p, np, &gm);
	if (ng) {
		nq_report_number(g, sizeof g, gm, 3, -1);
		pct_text(gd, sizeof gd, gm);
		fprintf(f, "geomean of B/A: %s (%s) over %zu cell%s", g, gd, ng,
			ng == 1 ? "" : "s");
		if (ng < np)
			fprintf(f, " of %zu (those with a median above 0 on "
				"both sides)", np);
		fputc('\n', f);
	} else {
		fprintf(f, "geomean of B/A: none (no cell has a median above 0 "
			"on both sides)\n");
	}
}

static void json_interval(FILE *f, const nq_interval *ci)
{
	if (!ci->ok) {
		fputs("null", f);
		return;
	}
	fputc('[', f);
	nq_json_num(f, ci->lo);
	fputs(", ", f);
	nq_json_num(f, ci->hi);
	fputc(']', f);
}

static void json_med(FILE *f, const nq_cell *e)
{
	if (e->y.count)
		nq_json_num(f, e->y.median);
	else
		fputs("null", f);
}

static void write_json(FILE *f, const nq_compare_opts *o, const nq_cells *ca,
		       const struct pair *p, size_t np, size_t only_a,
		       size_t only_b)
{
	int time = nq_column_is_time(ca->ycol);
	size_t i, ng;
	double gm;

	fputs("{\n  \"format\": \"harness-compare\", \"version\": 2,\n  \"a\": ", f);
	nq_json_str(f, o->a);
	fputs(", \"b\": ", f);
	nq_json_str(f, o->b);
	fputs(", \"column\": ", f);
	nq_json_str(f, ca->ycol);
	fprintf(f, ",\n  \"alpha\": %g, \"bootstrap\": {\"method\": \"percentile\", "
		"\"level\": %g, \"resamples\": %d, \"seed\": %u, "
		"\"exact_up_to\": %d},\n  \"repeat_needed\": %zu, "
		"\"only_in_a\": %zu, \"only_in_b\": %zu,\n  \"geomean\": "
		"{\"ratio\": ", NQ_COMPARE_ALPHA, NQ_BOOT_LEVEL,
		NQ_BOOT_RESAMPLES, (unsigned)NQ_BOOT_SEED, NQ_BOOT_EXACT_MAX,
		nq_stats_mwu_runs_for(NQ_COMPARE_ALPHA), only_a, only_b);
	ng = geomean(p, np, &gm);
	nq_json_num(f, gm);
	fputs(", \"delta_pct\": ", f);
	nq_json_num(f, (gm - 1) * 100);
	fprintf(f, ", \"cells\": %zu},\n  \"pairs\": [\n", ng);
	for (i = 0; i < np; i++) {
		const struct pair *q = &p[i];
		char word[32];
		nq_interval dci = q->ci;

		sig_word(q, time, 0, word, sizeof word);
		dci.lo = (dci.lo - 1) * 100;
		dci.hi = (dci.hi - 1) * 100;
		fputs("    {\"mode\": ", f);
		nq_json_str(f, ca->modes[q->a->mode]);
		fprintf(f, ", \"n\": %d, \"hints\": ", q->a->n);
		nq_json_str(f, q->a->hints);
		fputs(", \"approach\": ", f);
		nq_json_str(f, ca->series[q->a->series]);
		fprintf(f, ", \"runs_a\": %zu, \"runs_b\": %zu, \"ok_a\": %zu, "
			"\"ok_b\": %zu,\n     \"median_a\": ", q->a->runs,
			q->b->runs, q->a->y.count, q->b->y.count);
		json_med(f, q->a);
		fputs(", \"median_b\": ", f);
		json_med(f, q->b);
		fputs(", \"ratio\": ", f);
		nq_json_num(f, q->ratio);
		fputs(", \"ratio_ci\": ", f);
		json_interval(f, &q->ci);
		fputs(", \"delta_pct\": ", f);
		nq_json_num(f, (q->ratio - 1) * 100);
		fputs(", \"delta_pct_ci\": ", f);
		json_interval(f, &dci);
		fputs(",\n     \"u\": ", f);
		if (q->tested)
			nq_json_num(f, q->u.u);
		else
			fputs("null", f);
		fputs(", \"p\": ", f);
		if (q->tested)
			nq_json_num(f, q->u.p);
		else
			fputs("null", f);
		fputs(", \"p_min\": ", f);
		nq_json_num(f, q->minp);
		fprintf(f, ", \"p_method\": %s, \"can_be_significant\": %s, "
			"\"significant\": %s, \"answers_differ\": %s, "
			"\"change\": ", q->tested ? (q->u.exact ? "\"exact\"" :
			"\"normal\"") : "null", q->can ? "true" : "false",
			q->sig ? "true" : "false", q->disagree ? "true" : "false");
		nq_json_str(f, word);
		fputs(i + 1 < np ? "},\n" : "}\n", f);
	}
	fputs("  ]\n}\n", f);
}

/* Group one file (its cells of y, and of solutions when it has them). */
static int group(const nq_table *t, const char *name, const nq_compare_opts *o,
		 nq_cells **c, nq_cells **sol, nq_error *err)
{
	nq_cells_opts co;
	nq_error ignore;

	memset(&co, 0, sizeof co);
	co.y = o->y;
	co.group = o->match;
	if (nq_cells_build(t, name, &co, c, err) < 0)
		return -1;
	*sol = NULL;
	co.y = "solutions";
	memset(&ignore, 0, sizeof ignore);
	if (nq_table_col(t, "solutions") >= 0 &&
	    nq_table_col_numeric(t, nq_table_col(t, "solutions")))
		nq_cells_build(t, name, &co, sol, &ignore);
	return 0;
}

int nq_compare_write(const nq_table *ta, const nq_table *tb,
		     const nq_compare_opts *o, FILE *f, nq_error *err)
{
	nq_cells *ca = NULL, *cb = NULL, *sa = NULL, *sb = NULL;
	struct pair *p = NULL;
	size_t np = 0, i, only_a = 0, paired_b = 0;
	long *smap = NULL, *mmap = NULL;
	int rc = -1, any_bad = 0;

	if (group(ta, o->a, o, &ca, &sa, err) < 0 ||
	    group(tb, o->b, o, &cb, &sb, err) < 0)
		goto out;
	if (!o->match && strcmp(ca->experiment, cb->experiment)) {
		nq_error_set(err, o->b, 0, 0, "experiment '%s', but %s is "
			     "experiment '%s': not one experiment (--match "
			     "COLS pairs the cells of two experiments by those "
			     "columns)", cb->experiment, o->a, ca->experiment);
		goto out;
	}
	smap = malloc((ca->nseries + 1) * sizeof *smap);
	mmap = malloc((ca->nmodes + 1) * sizeof *mmap);
	p = calloc(ca->ncells + 1, sizeof *p);
	if (!smap || !mmap || !p)
		goto oom;
	for (i = 0; i < ca->nseries; i++)
		smap[i] = index_of(cb->series, cb->nseries, ca->series[i]);
	for (i = 0; i < ca->nmodes; i++)
		mmap[i] = index_of(cb->modes, cb->nmodes, ca->modes[i]);
	for (i = 0; i < ca->ncells; i++) {
		const nq_cell *a = &ca->cell[i], *b = NULL;

		if (smap[a->series] >= 0 && mmap[a->mode] >= 0)
			b = nq_cells_find(cb, (size_t)smap[a->series],
					  (size_t)mmap[a->mode], a->hints, a->n);
		if (!b) {
			only_a++;
			continue;
		}
		p[np].a = a;
		p[np].b = b;
		if (compare_pair(&p[np]) < 0)
			goto oom;
		p[np].disagree = answers_differ(sa, sb, ca, cb, a, b);
		any_bad |= p[np].disagree;
		np++;
		paired_b++;
	}
	if (!np) {
		nq_error_set(err, o->b, 0, 0, "no cell in common with %s (the "
			     "same approach, mode, hints and n)%s", o->a,
			     o->match ? "" : "; --match COLS pairs cells by "
			     "other columns");
		goto out;
	}
	if (o->json)
		write_json(f, o, ca, p, np, only_a, cb->ncells - paired_b);
	else
		write_text(f, o, ca, p, np, only_a, cb->ncells - paired_b);
	rc = any_bad;
	goto out;
oom:
	nq_error_set(err, NULL, 0, 0, "out of memory");
out:
	free(p);
	free(smap);
	free(mmap);
	nq_cells_free(ca);
	nq_cells_free(cb);
	nq_cells_free(sa);
	nq_cells_free(sb);
	return rc;
}
