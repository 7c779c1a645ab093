/*
 * report_common.c - see report_common.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "report_common.h"
#include "report_data.h"

const struct nq_report_style nq_report_style_plain = {
	"–", "×", "> ", 0
};

/* The plain style's times: 3 decimals in their unit (ms: to the
 * microsecond the CSV holds); other columns as they are, 6 significant
 * digits, never in e-notation. A style with sig: that many significant
 * digits, plain decimals. */
static int unit_time;
static const struct nq_report_style *unit_style = &nq_report_style_plain;

void nq_report_units(int time, const struct nq_report_style *style)
{
	unit_time = time;
	unit_style = style;
}

void nq_report_number(char *buf, size_t len, double v, int sig,
		      int max_decimals)
{
	char e[64];
	int exp10, decimals;

	if (sig < 1)
		sig = 1;
	if (!isfinite(v)) {
		snprintf(buf, len, "%s", isnan(v) ? "nan" : v > 0 ? "inf" :
			 "-inf");
		return;
	}
	if (v == 0) {
		snprintf(buf, len, "0");
		return;
	}
	/* the exponent after rounding to sig digits: 9.996 -> 1.00e+01 */
	snprintf(e, sizeof e, "%.*e", sig - 1, v);
	exp10 = atoi(strchr(e, 'e') + 1);
	decimals = sig - 1 - exp10;
	if (max_decimals >= 0 && decimals > max_decimals)
		decimals = max_decimals;
	if (decimals < 0)
		decimals = 0; /* whole numbers keep every digit */
	snprintf(buf, len, "%.*f", decimals, v);
	if (!strcmp(buf, "-0") || strspn(buf, "-0.") == strlen(buf))
		snprintf(buf, len, "0"); /* 0.0000001 s to the microsecond */
}

void nq_report_num(char *buf, size_t len, double v, double scale)
{
	if (unit_style->sig) {
		/* to the microsecond: 6 decimals in s, 3 in ms */
		nq_report_number(buf, len, v * scale, unit_style->sig,
				 !unit_time ? -1 : scale == 1e3 ?
				 NQ_REPORT_TIME_DECIMALS - 3 :
				 NQ_REPORT_TIME_DECIMALS);
	} else if (scale == 1e3 || (scale == 1 && unit_time)) {
		snprintf(buf, len, "%.3f", v * scale);
	} else {
		snprintf(buf, len, "%.6g", v * scale);
		if (strchr(buf, 'e'))
			nq_report_number(buf, len, v * scale, 6, -1);
	}
}

/* "2 ok, 1 timeout" */
void nq_report_statuses(const nq_cell *c, char *buf, size_t len)
{
	size_t used = 0;
	int st;

	buf[0] = '\0';
	for (st = 0; st < NQ_ST__COUNT && used < len; st++)
		if (c->status[st])
			used += (size_t)snprintf(buf + used, len - used, "%s%zu %s",
						 used ? ", " : "", c->status[st],
						 nq_status_name((nq_status)st));
}

void nq_report_ratio(char *buf, size_t len, double r)
{
	if (r >= 10)
		snprintf(buf, len, "%.0f", r);
	else if (r >= 1)
		snprintf(buf, len, "%.2f", r);
	else
		nq_report_number(buf, len, r, 2, -1);
}

int nq_report_speedup_of(const struct nq_report_ctx *x, const nq_cell *c,
			 struct nq_speedup *sp)
{
	const nq_cell *b = nq_cells_find(x->c, x->base, c->mode, c->hints,
					 c->n);

	memset(sp, 0, sizeof *sp);
	if (c->series == x->base) {
		sp->kind = c->y.count ? NQ_SPEEDUP_BASELINE : NQ_SPEEDUP_NONE;
	} else if (b && b->y.count && c->y.count && c->y.median > 0) {
		sp->kind = NQ_SPEEDUP_RATIO;
		sp->v = b->y.median / c->y.median;
		return nq_stats_ratio_ci(b->v, b->y.count, c->v, c->y.count,
					 &sp->ci);
	} else if (b && !b->y.count &&
		   (b->status[NQ_ST_TIMEOUT] || b->status[NQ_ST_SKIPPED]) &&
		   b->timeout_s > 0 && c->y.count && c->y.median > 0 && x->time) {
		/* the baseline took at least the timeout */
		sp->kind = NQ_SPEEDUP_AT_LEAST;
		sp->v = b->timeout_s / c->y.median;
	}
	return 0;
}

/* Speed-up of cell c against the baseline, as text, and its interval. */
static void speedup(const struct nq_report_ctx *x, const nq_cell *c,
		    char *buf, size_t len, char *ci, size_t cilen)
{
	const char *times = x->style->times;
	struct nq_speedup sp;
	char v[40];

	nq_report_speedup_of(x, c, &sp);
	nq_report_interval(ci, cilen, &sp.ci, 1, 1);
	switch (sp.kind) {
	case NQ_SPEEDUP_BASELINE:
		snprintf(buf, len, "(baseline)");
		return;
	case NQ_SPEEDUP_RATIO:
		nq_report_ratio(v, sizeof v, sp.v);
		snprintf(buf, len, "%s%s", v, times);
		return;
	case NQ_SPEEDUP_AT_LEAST:
		nq_report_ratio(v, sizeof v, sp.v);
		snprintf(buf, len, "%s%s%s", x->style->at_least, v,
			 times);
		return;
	case NQ_SPEEDUP_NONE:
		break;
	}
	snprintf(buf, len, "%s", x->style->dash);
}

void nq_report_interval(char *buf, size_t len, const nq_interval *ci,
			double scale, int ratio)
{
	char lo[48], hi[48];

	if (!ci->ok) {
		snprintf(buf, len, "%s", unit_style->dash);
		return;
	}
	if (ratio) {
		nq_report_ratio(lo, sizeof lo, ci->lo);
		nq_report_ratio(hi, sizeof hi, ci->hi);
	} else {
		nq_report_num(lo, sizeof lo, ci->lo, scale);
		nq_report_num(hi, sizeof hi, ci->hi, scale);
	}
	snprintf(buf, len, "[%.40s, %.40s]", lo, hi); /* a number is never 40 long */
}

void nq_report_tex_with_ci(char *cell, size_t len, const char *ci)
{
	size_t used = strlen(cell);

	if (ci[0] == '[' && used + 2 < len)
		snprintf(cell + used, len - used, " %s", ci);
}

void nq_report_ci_ends(const char *ci, char *lo, char *hi, size_t len)
{
	const char *comma = ci[0] == '[' ? strstr(ci, ", ") : NULL;
	size_t n;

	if (!comma || ci[strlen(ci) - 1] != ']') {
		snprintf(lo, len, "--");
		snprintf(hi, len, "--");
		return;
	}
	n = (size_t)(comma - ci - 1);
	snprintf(lo, len, "%.*s", (int)(n < len ? n : len - 1), ci + 1);
	n = strlen(comma + 2) - 1;
	snprintf(hi, len, "%.*s", (int)(n < len ? n : len - 1), comma + 2);
}

const char *nq_report_noisy_rule(void)
{
	static char buf[640];
	const char *pc = " %";

	snprintf(buf, sizeof buf,
		 "Intervals are %g%s percentile bootstrap intervals of the ok "
		 "runs (computed exactly for up to %d runs, else from %d "
		 "resamples with a fixed seed, %u: every report of a file "
		 "shows the same ones); a speed-up's resamples both cells "
		 "apart. A cell is **noisy** when the interval of its median "
		 "is wider than %g%s of the median (one run: no interval, "
		 "never noisy).", NQ_BOOT_LEVEL * 100, pc, NQ_BOOT_EXACT_MAX,
		 NQ_BOOT_RESAMPLES, (unsigned)NQ_BOOT_SEED, NQ_NOISY_WIDTH * 100,
		 pc);
	return buf;
}

/* A column's name without its unit: "wall time (s)" -> "wall time". */
const char *nq_report_name_of(const char *col)
{
	static char buf[128];
	const char *l = nq_column_label(col);
	size_t n = strlen(l);

	if (n > 4 && !strcmp(l + n - 4, " (s)")) {
		snprintf(buf, sizeof buf, "%.*s", (int)(n - 4), l);
		return buf;
	}
	return l;
}

const char *nq_report_mode_title(const char *mode)
{
	if (!strcmp(mode, "count"))
		return "count: every placement";
	if (!strcmp(mode, "first"))
		return "first: one placement (or a proof of none)";
	return mode;
}

void nq_report_row_of(const struct nq_report_ctx *x, size_t m,
		      const nq_cell *e, double scale, struct nq_report_row *r)
{
	nq_interval ci;

	(void)m;
	speedup(x, e, r->sp, sizeof r->sp, r->spci, sizeof r->spci);
	nq_report_statuses(e, r->st, sizeof r->st);
	ci.ok = e->y.has_ci;
	ci.lo = e->y.ci_lo;
	ci.hi = e->y.ci_hi;
	nq_report_interval(r->ci, sizeof r->ci, &ci, scale, 0);
	if (e->y.count) {
		nq_report_num(r->med, sizeof r->med, e->y.median, scale);
		nq_report_num(r->mn, sizeof r->mn, e->y.min, scale);
		nq_report_num(r->mx, sizeof r->mx, e->y.max, scale);
		nq_report_num(r->iqr, sizeof r->iqr, e->y.iqr, scale);
		nq_report_num(r->mad, sizeof r->mad, e->y.mad, scale);
	} else {
		const char *d = x->style->dash;

		snprintf(r->med, sizeof r->med, "%s", d);
		snprintf(r->mn, sizeof r->mn, "%s", d);
		snprintf(r->mx, sizeof r->mx, "%s", d);
		snprintf(r->iqr, sizeof r->iqr, "%s", d);
		snprintf(r->mad, sizeof r->mad, "%s", d);
	}
}

double nq_report_unit_of(const struct nq_report_ctx *x, size_t m,
			 const char **unit)
{
	size_t i;
	double lo = 1;

	if (!x->time) {
		*unit = "";
		return 1;
	}
	for (i = 0; i < x->c->ncells; i++)
		if (x->c->cell[i].mode == m && x->c->cell[i].y.count &&
		    x->c->cell[i].y.median < lo)
			lo = x->c->cell[i].y.median;
	if (lo < 0.1) {
		*unit = "ms";
		return 1e3;
	}
	*unit = "s";
	return 1;
}

double nq_report_totals_unit(const struct nq_report_total *tot, size_t n,
			     const char **unit)
{
	double hi = 0;
	size_t s;

	for (s = 0; s < n; s++) {
		if (tot[s].par2_ok && tot[s].par2 > hi)
			hi = tot[s].par2;
		if (tot[s].cpu_ok && tot[s].cpu_s > hi)
			hi = tot[s].cpu_s;
	}
	*unit = hi < 1 ? "ms" : "s";
	return hi < 1 ? 1e3 : 1;
}

void nq_report_changed_text(size_t n, char *buf, size_t len)
{
	snprintf(buf, len, "This file was changed after the harness wrote "
		 "it: %zu change%s its rows' digests and its .meta show "
		 "(harness report names %s on stderr). The numbers below "
		 "are the file's as it is now, not as they were measured.", n,
		 n == 1 ? "" : "s", n == 1 ? "it" : "them");
}

const char *nq_report_inst_answer(const nq_cells *c, size_t i)
{
	const nq_cell *a = &c->cell[i];
	const char *ans = "";
	size_t j;

	for (j = i; j < c->ncells; j++) {
		const nq_cell *b = &c->cell[j];

		if (b->mode != a->mode || b->n != a->n ||
		    strcmp(b->hints, a->hints))
			break;
		if (!b->answer[0])
			continue;
		if (!ans[0])
			ans = b->answer;
		else if (strcmp(ans, b->answer))
			return "varies";
	}
	return ans;
}

int nq_report_mode_answers(const nq_cells *c, size_t m)
{
	size_t i;

	for (i = 0; i < c->ncells; i++)
		if (c->cell[i].mode == m && c->cell[i].answer[0])
			return 1;
	return 0;
}

void nq_report_inst(const nq_cell *e, char *buf, size_t len)
{
	snprintf(buf, len, "%.*s%s%s", (int)e->hints_len, e->hints,
		 e->hints_len && e->id[0] ? " " : "", e->id);
}

int nq_report_mode_hints(const nq_cells *c, size_t m)
{
	size_t i;
	int any = 0;

	for (i = 0; i < c->ncells; i++)
		if (c->cell[i].mode == m && c->cell[i].id[0])
			return 2;
		else if (c->cell[i].mode == m && c->cell[i].hints[0])
			any = 1;
	return any;
}

int nq_report_mode_randomised(const nq_cells *c, size_t m)
{
	size_t i;

	for (i = 0; i < c->ncells; i++)
		if (c->cell[i].mode == m && c->cell[i].randomised)
			return 1;
	return 0;
}

/* A step count: whole where it is (a median of 3 steps is "3"), else 3
 * significant digits. */
static void count_num(char *buf, size_t len, double v)
{
	if (v == floor(v) && fabs(v) < 1e15)
		snprintf(buf, len, "%.0f", v);
	else
		nq_report_number(buf, len, v, NQ_REPORT_SIG, -1);
}

/* A count's mean and median, or the dash for none. */
static void effort_of(const struct nq_report_ctx *x, const nq_stats *s,
		      char *mean, char *med, size_t len)
{
	if (!s->count) {
		snprintf(mean, len, "%s", x->style->dash);
		snprintf(med, len, "%s", x->style->dash);
		return;
	}
	count_num(mean, len, s->sum / (double)s->count);
	count_num(med, len, s->median);
}

void nq_report_ls_row_of(const struct nq_report_ctx *x, const nq_cell *e,
			 struct nq_report_ls_row *r)
{
	const char *dash = x->style->dash;
	nq_interval ci;
	char unused[40];

	snprintf(r->runs, sizeof r->runs, "%zu", e->counted);
	snprintf(r->solved, sizeof r->solved, "%zu", e->status[NQ_ST_OK]);
	nq_stats_wilson(e->status[NQ_ST_OK], e->counted, &ci);
	if (ci.ok) {
		snprintf(r->rate, sizeof r->rate, "%.1f", 100.0 *
			 (double)e->status[NQ_ST_OK] / (double)e->counted);
		snprintf(r->lo, sizeof r->lo, "%.1f", 100 * ci.lo);
		snprintf(r->hi, sizeof r->hi, "%.1f", 100 * ci.hi);
		snprintf(r->ci, sizeof r->ci, "[%s, %s]", r->lo, r->hi);
	} else {
		snprintf(r->rate, sizeof r->rate, "%s", dash);
		snprintf(r->lo, sizeof r->lo, "%s", dash);
		snprintf(r->hi, sizeof r->hi, "%s", dash);
		snprintf(r->ci, sizeof r->ci, "%s", dash);
	}
	effort_of(x, &e->steps_ok, r->ok_mean, r->ok_med, sizeof r->ok_mean);
	effort_of(x, &e->steps_unsolved, r->un_mean, r->un_med,
		  sizeof r->un_mean);
	effort_of(x, &e->restarts, r->restarts, unused, sizeof r->restarts);
}

const char *nq_report_ls_rule(void)
{
	return "Randomised methods (local search: a run with a number in the "
	       "steps column), each run its own seed: runs counted (every "
	       "status but error and skipped), solved (ended ok), the "
	       "success rate in per cent with its 95 % Wilson score "
	       "interval, the steps (moves after the initial state) of the "
	       "solved runs and of the unsolved ones (stopped without a "
	       "solution: stuck, or at a limit), mean and median, and the "
	       "mean restarts. A timeout counts as not solved and has no "
	       "steps; a run without a number of steps counts under runs, "
	       "not in the means.";
}
