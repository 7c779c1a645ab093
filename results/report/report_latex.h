/*
 * report_latex.h - the LaTeX half of `harness report` (report_latex.c).
 */
#ifndef NQ_REPORT_LATEX_H
#define NQ_REPORT_LATEX_H

#include "report_common.h"

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
