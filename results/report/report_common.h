/*
 * report_common.h - what the two halves of `harness report` share:
 * report.c (Markdown, and nq_report_write) and report_latex.c (the LaTeX
 * tables). The options, the report's context, the numbers of a cell
 * formatted as both documents show them (report_common.c). The
 * interface is report.h.
 */
#ifndef NQ_REPORT_COMMON_H
#define NQ_REPORT_COMMON_H

#include <stdio.h>
#include "cells.h"
#include "report_opts.h"

struct nq_report_ctx {
	FILE *f;
	const nq_report_opts *o;
	const nq_cells *c;
	size_t base;
	int latex;
	int time;        /* the column is a time */
};

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
 * merge of shards): "†" in Markdown, a double dagger in LaTeX (its dagger
 * marks noise). */
#define NQ_REPORT_MIXED(e) ((e)->hosts > 1 ? "†" : "")
#define NQ_REPORT_TEX_MIXED(e) ((e)->hosts > 1 ? "$^\\ddagger$" : "")
#define NQ_REPORT_TEX_MIXED_NOTE \
	" $^\\ddagger$ runs from more than one machine."

/* report_common.c */
/* How nq_report_num writes from now on: the column is a time, the
 * document LaTeX (nq_report_write sets it). */
void nq_report_units(int time, int latex);
/* v in a table of scale `scale` (results/report/report.c says how). */
void nq_report_num(char *buf, size_t len, double v, double scale);
/* "2 ok, 1 timeout" */
void nq_report_statuses(const nq_cell *c, char *buf, size_t len);
/* A column's name without its unit: "wall time (s)" -> "wall time". */
const char *nq_report_name_of(const char *col);
/* Scale and unit of mode m's table: Markdown and HTML show a time column
 * in ms when a median of the mode is below 0.1 s, else in s; LaTeX always
 * in s; other columns as they are (unit ""). */
double nq_report_unit_of(const struct nq_report_ctx *x, size_t m,
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
 * (nq_report_num; ratio 1: speed-ups, nq_report_ratio); "–" ("--" in
 * LaTeX) when !ci->ok. For report_latex.c and every other writer. */
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
 * report's legend (latex: LaTeX markup). */
const char *nq_report_noisy_rule(int latex);
/* The detail table's row for cell e of mode m. */
void nq_report_row_of(const struct nq_report_ctx *x, size_t m,
		      const nq_cell *e, double scale, struct nq_report_row *r);

#endif
