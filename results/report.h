/*
 * report.h - a results table as a document: per mode, instance size and
 * approach, the median and spread (min, max, IQR, MAD; results/stats) of the
 * time, the statuses, the speed-up against a baseline approach, noisy
 * cells flagged; the plots linked in and the machine (the .meta file)
 * shown. Markdown, or LaTeX tables in booktabs style: per mode a compact
 * instance x approach table of medians and the detail table, each a
 * longtable when it has more than NQ_REPORT_LONGTABLE_ROWS rows.
 */
#ifndef NQ_REPORT_H
#define NQ_REPORT_H

#include <stdio.h>
#include "csvread.h"

/* LaTeX: a table of more rows than this is a longtable. */
#define NQ_REPORT_LONGTABLE_ROWS 40
/* LaTeX: significant digits of every number; times to the microsecond
 * (the CSV's resolution) at most. */
#define NQ_REPORT_SIG 3
#define NQ_REPORT_TIME_DECIMALS 6

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

/* `v` with `sig` significant digits as a plain decimal, never in
 * e-notation: 0.00123, 1.23, 12.3, 123; a whole number keeps all its
 * digits (123456). At most max_decimals digits after the point (-1: no
 * limit; 0.0000004 with 6 is "0"). */
void nq_report_number(char *buf, size_t len, double v, int sig,
		      int max_decimals);

#endif
