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
#include "table.h"
#include "report_opts.h"

/* LaTeX: a table of more rows than this is a longtable. */
/* Write the report for `t` to `f`. -1 with err set on bad input (missing
 * columns, unknown column or baseline: the message lists the choices). */
int nq_report_write(const nq_table *t, const nq_report_opts *o, FILE *f,
		    nq_error *err);

#endif
