/*
 * report_common.h - what the formats of `harness report` share (each a
 * file and a row of report.c's table: report_markdown.c, report_latex.c,
 * report_html.c, report_json.c): the report's context, how a format
 * writes its numbers (its style), the numbers of a cell formatted as the
 * documents show them (report_common.c). The interface is report.h.
 */
#ifndef NQ_REPORT_COMMON_H
#define NQ_REPORT_COMMON_H

#include <stdio.h>
#include "cells.h"
#include "table.h"
#include "report_opts.h"

/* How a document writes its numbers and the marks beside them: a
 * format's row names its style (the plain one, or LaTeX's). */
struct nq_report_style {
	const char *dash;      /* where there is no figure: "–", "--" */
	const char *times;     /* after a speed-up: "×" */
	const char *at_least;  /* before a speed-up that is a lower bound */
	int sig;               /* 0: a time 3 decimals in its unit; N:
				  every number with N significant digits as
				  a plain decimal (times to the microsecond);
				  both in ms or s by the table's medians
				  (nq_report_unit_of) */
};

/* Markdown's, HTML's and JSON's: "–", "×", "> ", ms or s. */
extern const struct nq_report_style nq_report_style_plain;

struct nq_report_ctx {
	FILE *f;
	const nq_report_opts *o;
	const nq_cells *c;
	size_t base;
	const struct nq_report_style *style; /* the format's */
	int time;        /* the column is a time */
};

/* A format of `harness report`: a file of its own (the writer) and a row
 * of the table in report.c (nq_report_formats). write() writes the
 * document for x (its cells built, its baseline found) from table t:
 * 0, or -1 with err set. */
typedef struct nq_report_format {
	const char *name;               /* --format NAME */
	const char *const *aliases;     /* other names, NULL-ended; or NULL */
	const char *ext;                /* the default output's extension */
	const struct nq_report_style *style;
	int (*write)(const struct nq_report_ctx *x, const nq_table *t,
		     nq_error *err);
} nq_report_format;

/* One row of the detail table, formatted: the median, min, max, IQR and
 * MAD ("–", LaTeX "--", where no run ended ok), the speed-up and the
 * statuses. */
struct nq_report_row {
	char med[64], mn[64], mx[64], iqr[64], mad[64], sp[64], st[160];
	char ci[96];     /* the median's 95 % interval, "[lo, hi]" ("–"
			    without one: fewer than 2 ok runs) */
	char spci[96];   /* the speed-up's 95 % interval, "[lo, hi]" */
};

/* A cell's speed-up against the baseline's cell of its instance. */
enum nq_speedup_kind {
	NQ_SPEEDUP_NONE = 0,   /* none to give */
	NQ_SPEEDUP_BASELINE,   /* the baseline itself */
	NQ_SPEEDUP_RATIO,      /* v = baseline's median / this median */
	NQ_SPEEDUP_AT_LEAST    /* the baseline timed out: v = its timeout /
				  this median, a lower bound */
};
struct nq_speedup {
	enum nq_speedup_kind kind;
	double v;
	nq_interval ci;  /* RATIO: the bootstrap interval (ok 0: none) */
};

/* The mark of a cell whose runs came from more than one machine (a
 * merge of shards): "†" in Markdown and HTML, a double dagger in LaTeX
 * (its dagger marks noise). */
#define NQ_REPORT_MIXED(e) ((e)->hosts > 1 ? "†" : "")
#define NQ_REPORT_TEX_MIXED(e) ((e)->hosts > 1 ? "$^\\ddagger$" : "")
#define NQ_REPORT_TEX_MIXED_NOTE \
	" $^\\ddagger$ runs from more than one machine."

/* report_common.c */
/* How nq_report_num writes from now on: the column is a time, the
 * format's style (nq_report_write sets it). */
void nq_report_units(int time, const struct nq_report_style *style);
/* v in a table of scale `scale` (results/report/report.c says how). */
void nq_report_num(char *buf, size_t len, double v, double scale);
/* "2 ok, 1 timeout" */
void nq_report_statuses(const nq_cell *c, char *buf, size_t len);
/* A column's name without its unit: "wall time (s)" -> "wall time". */
const char *nq_report_name_of(const char *col);
/* Scale and unit of mode m's table: a time column in ms when a median
 * of the mode is below 0.1 s, else in s (every style: so LaTeX writes
 * 0.690 ms, not 0.000690 s); other columns as they are (unit ""). */
double nq_report_unit_of(const struct nq_report_ctx *x, size_t m,
			 const char **unit);
/* Scale and unit of the per-approach totals (PAR-2 and CPU time, both in
 * it: never seconds beside ms): ms when every figure is below 1 s, else
 * s. tot[0..n-1] as nq_report_totals gives them (report_data.h). */
struct nq_report_total;
double nq_report_totals_unit(const struct nq_report_total *tot, size_t n,
			     const char **unit);
/* A mode's section title: "count: every placement". */
const char *nq_report_mode_title(const char *mode);
/* Cell e's speed-up (its mode's baseline cell looked up); -1 when out of
 * memory. */
int nq_report_speedup_of(const struct nq_report_ctx *x, const nq_cell *e,
			 struct nq_speedup *sp);
/* A speed-up as the tables write it: "12", "2.50", "0.045". */
void nq_report_ratio(char *buf, size_t len, double r);
/* An interval "[lo, hi]" of numbers in a table of scale `scale`
 * (nq_report_num; ratio 1: speed-ups, nq_report_ratio); the style's dash
 * when !ci->ok. For report_latex.c and every other writer. */
void nq_report_interval(char *buf, size_t len, const nq_interval *ci,
			double scale, int ratio);
/* A LaTeX detail cell (a median, a speed-up) with its interval after it,
 * "0.123 [0.120, 0.131]", when it has one: the width estimate
 * (report_fit.c) and the table (report_latex.c) write the same text. */
void nq_report_tex_with_ci(char *cell, size_t len, const char *ci);
/* An interval's ends ("[lo, hi]" as nq_report_interval writes it) apart,
 * for the LaTeX table's columns; "--" both without one. */
void nq_report_ci_ends(const char *ci, char *lo, char *hi, size_t len);
/* The rule of the noisy mark and of the intervals, one sentence, for a
 * report's legend (Markdown and HTML; LaTeX says it shorter, in its own
 * markup). */
const char *nq_report_noisy_rule(void);
/* The sentence every format says of a file changed after the harness
 * wrote it (nq_report_opts.changes, n > 0), into buf. */
void nq_report_changed_text(size_t n, char *buf, size_t len);
/* The detail table's row for cell e of mode m. */
void nq_report_row_of(const struct nq_report_ctx *x, size_t m,
		      const nq_cell *e, double scale, struct nq_report_row *r);
/* What names cell e's instance in a table's "instance" column: its
 * hints (pre-placed queens, "in 4 parts") without the bracketed id the
 * cell's key holds, then its id ("1:2 blocked-n8-b8-f1-s1-0"); "" for a
 * plain board. Brackets stay for what they mean in the statuses. */
void nq_report_inst(const nq_cell *e, char *buf, size_t len);
/* What instance i (the index of its first cell, in the cells' order:
 * mode, n, hints) was found to be: its ok runs' answer (the count,
 * "found" or "none"), "varies" where its cells' differ, "" where no ok
 * run answered. The glance tables' answer column. */
const char *nq_report_inst_answer(const nq_cells *c, size_t i);
/* 1 when some instance of mode m has an answer: the glance table then
 * has the column. */
int nq_report_mode_answers(const nq_cells *c, size_t m);
/* Has mode m any cell with hints (1), or with an instance id (2: the
 * tables' column is "instance")? */
int nq_report_mode_hints(const nq_cells *c, size_t m);

/* One row of the table of randomised methods (a cell with steps,
 * cells.h), formatted: counts, the success rate in per cent with its
 * Wilson interval (ends apart and as "[lo, hi]"), the steps' mean and
 * median when solved and when unsolved, the mean restarts; the style's
 * dash where there is no figure. Numbers are plain decimals of 3
 * significant digits (whole numbers whole), so LaTeX takes them too. */
struct nq_report_ls_row {
	char runs[24], solved[24], rate[24], lo[24], hi[24], ci[56];
	char ok_mean[40], ok_med[40], un_mean[40], un_med[40];
	char restarts[40];
};
void nq_report_ls_row_of(const struct nq_report_ctx *x, const nq_cell *e,
			 struct nq_report_ls_row *r);
/* Has mode m any randomised cell? */
int nq_report_mode_randomised(const nq_cells *c, size_t m);
/* What the table of randomised methods shows, a paragraph for Markdown
 * and HTML (LaTeX says it in its caption). */
const char *nq_report_ls_rule(void);

#endif
