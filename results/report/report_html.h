/*
 * report_html.h - `harness report --format html` (report_html.c): one
 * self-contained page (no network: its style, its script and its plots
 * inside), the tables sortable and filterable in a browser.
 */
#ifndef NQ_REPORT_HTML_H
#define NQ_REPORT_HTML_H

#include "table.h"
#include "report_common.h"

/* The page for the report's context x from table t. 0, or -1 with err set
 * (an approach of --scatter unknown, out of memory). A plot gnuplot
 * cannot draw is said on the page, not an error. */
int nq_report_html(const struct nq_report_ctx *x, const nq_table *t,
		   nq_error *err);

#endif
