/*
 * report_common.c - see report_common.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "report_common.h"

/* Markdown times: 3 decimals in their unit (ms: to the microsecond the
 * CSV holds); other columns as they are, 6 significant digits, never in
 * e-notation. LaTeX: NQ_REPORT_SIG significant digits, plain decimals. */
static int unit_time, unit_latex;

void nq_report_units(int time, int latex)
{
	unit_time = time;
	unit_latex = latex;
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
	if (unit_latex) {
		nq_report_number(buf, len, v * scale, NQ_REPORT_SIG,
				 unit_time ? NQ_REPORT_TIME_DECIMALS : -1);
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

/* A speed-up: 12, 2.50, 0.045 (never in e-notation). */
static void ratio(char *buf, size_t len, double r)
{
	if (r >= 10)
		snprintf(buf, len, "%.0f", r);
	else if (r >= 1)
		snprintf(buf, len, "%.2f", r);
	else
		nq_report_number(buf, len, r, 2, -1);
}

/* Speed-up of cell c against the baseline's cell b at the same instance. */
static void speedup(const struct nq_report_ctx *x, const nq_cell *b, const nq_cell *c,
		    char *buf, size_t len)
{
	const char *times = x->latex ? "$\\times$" : "×";

	if (c->series == x->base) {
		snprintf(buf, len, "%s", c->y.count ? "(baseline)" : "–");
	} else if (b && b->y.count && c->y.count && c->y.median > 0) {
		char v[40];

		ratio(v, sizeof v, b->y.median / c->y.median);
		snprintf(buf, len, "%s%s", v, times);
	} else if (b && !b->y.count &&
		   (b->status[NQ_ST_TIMEOUT] || b->status[NQ_ST_SKIPPED]) &&
		   b->timeout_s > 0 && c->y.count && c->y.median > 0 && x->time) {
		/* the baseline took at least the timeout */
		char v[40];

		ratio(v, sizeof v, b->timeout_s / c->y.median);
		snprintf(buf, len, "%s%s%s", x->latex ? "$>$" : "> ", v, times);
	} else {
		snprintf(buf, len, "–");
	}
	if (x->latex && !strcmp(buf, "–"))
		snprintf(buf, len, "--");
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
	const nq_cell *b = nq_cells_find(x->c, x->base, m, e->hints, e->n);

	speedup(x, b, e, r->sp, sizeof r->sp);
	nq_report_statuses(e, r->st, sizeof r->st);
	if (e->y.count) {
		nq_report_num(r->med, sizeof r->med, e->y.median, scale);
		nq_report_num(r->mn, sizeof r->mn, e->y.min, scale);
		nq_report_num(r->mx, sizeof r->mx, e->y.max, scale);
		nq_report_num(r->iqr, sizeof r->iqr, e->y.iqr, scale);
		nq_report_num(r->mad, sizeof r->mad, e->y.mad, scale);
	} else {
		const char *d = x->latex ? "--" : "–";

		snprintf(r->med, sizeof r->med, "%s", d);
		snprintf(r->mn, sizeof r->mn, "%s", d);
		snprintf(r->mx, sizeof r->mx, "%s", d);
		snprintf(r->iqr, sizeof r->iqr, "%s", d);
		snprintf(r->mad, sizeof r->mad, "%s", d);
	}
}
