/*
 * report.h - a results table as a document: per mode, instance size and
 * approach, the median and spread (min, max, IQR, MAD; core/stats) of the
 * time, the statuses, the speed-up against a baseline approach, noisy
 * cells flagged; the plots linked in and the machine (the .meta file)
 * shown. Markdown, or LaTeX tables in booktabs style.
 */
#ifndef NQ_REPORT_H
#define NQ_REPORT_H

#include <stdio.h>
#include "csvread.h"

typedef enum nq_report_format {
	NQ_REPORT_MARKDOWN = 0,
	NQ_REPORT_LATEX
} nq_report_format;

typedef struct nq_report_opts {
	const char *csv;        /* the table's file: messages, and where the
				 * plots and the .meta file are looked for */
	const char *output;     /* where the report goes (links are made
				 * relative to it); NULL: stdout */
	nq_report_format format;
	const char *baseline;   /* approach label; NULL: the first approach */
	const char *y;          /* column; NULL: wall_s */
	const char *group;      /* series columns; NULL: the approach */
} nq_report_opts;

/* Write the report for `t` to `f`. -1 with err set on bad input (missing
 * columns, unknown column or baseline: the message lists the choices). */
int nq_report_write(const nq_table *t, const nq_report_opts *o, FILE *f,
		    nq_error *err);

#endif
