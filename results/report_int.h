/*
 * report_int.h - what the two halves of `harness report` share, and
 * nothing outside them uses: report.c (the shared parts, Markdown, and
 * nq_report_write) and report_latex.c (the LaTeX tables). The report's
 * context, the numbers of a cell formatted as both documents show them,
 * and the LaTeX half's entry points. The interface is report.h.
 */
#ifndef NQ_REPORT_INT_H
#define NQ_REPORT_INT_H

#include <stdio.h>
#include "cells.h"
#include "report.h"

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
};

/* The mark of a cell whose runs came from more than one machine (a
 * merge of shards): "†" in Markdown, a double dagger in LaTeX (its dagger
 * marks noise). */
#define NQ_REPORT_MIXED(e) ((e)->hosts > 1 ? "†" : "")
#define NQ_REPORT_TEX_MIXED(e) ((e)->hosts > 1 ? "$^\\ddagger$" : "")
#define NQ_REPORT_TEX_MIXED_NOTE \
	" $^\\ddagger$ runs from more than one machine."

/* report.c */
/* v in a table of scale `scale` (results/report.c says how). */
void nq_report_num(char *buf, size_t len, double v, double scale);
/* "2 ok, 1 timeout" */
void nq_report_statuses(const nq_cell *c, char *buf, size_t len);
/* A column's name without its unit: "wall time (s)" -> "wall time". */
const char *nq_report_name_of(const char *col);
/* A mode's section title: "count: every placement". */
const char *nq_report_mode_title(const char *mode);
/* The detail table's row for cell e of mode m. */
void nq_report_row_of(const struct nq_report_ctx *x, size_t m,
		      const nq_cell *e, double scale, struct nq_report_row *r);

/* report_latex.c */
/* The comment lines that open the LaTeX document. */
void nq_report_tex_preamble(const struct nq_report_ctx *x);
/* Mode m's glance table: a row per instance, a column per approach. */
void nq_report_tex_glance(const struct nq_report_ctx *x, size_t m,
			  double scale, const char *unit, int hints);
/* Mode m's detail table: a row per instance and approach. */
void nq_report_tex_detail(const struct nq_report_ctx *x, size_t m,
			  double scale, const char *unit, int hints);
/* The machine as comments: the lines of the .meta file `meta`, opened as
 * `m` (NULL: none recorded); closes m. */
void nq_report_tex_machine(const struct nq_report_ctx *x, const char *meta,
			   FILE *m);

#endif
