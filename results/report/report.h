/*
 * report.h - a results table as a document: per mode, instance size and
 * approach, the median and spread (min, max, IQR, MAD; results/stats) of the
 * time, the statuses, the speed-up against a baseline approach, noisy
 * cells flagged; the plots linked in and the machine (the .meta file)
 * shown. In one of the formats of the table nq_report_formats (report.c):
 * Markdown (report_markdown.c), LaTeX tables in booktabs style
 * (report_latex.c), one HTML page (report_html.c), JSON (report_json.c).
 */
#ifndef NQ_REPORT_H
#define NQ_REPORT_H

#include <stddef.h>
#include <stdio.h>
#include "table.h"
#include "report_opts.h"

/* The formats, the default first, NULL-ended: each a name, its other
 * names, the default output's extension and a writer. */
extern const struct nq_report_format *const nq_report_formats[];

/* The format named (its name or another name of it), or NULL. */
const struct nq_report_format *nq_report_format_find(const char *name);
/* Every name and other name of the formats, up to max, into names: how
 * many there are (for a did-you-mean). */
size_t nq_report_format_names(const char **names, size_t max);
/* "markdown, latex, html or json" into buf. */
void nq_report_format_list(char *buf, size_t len);
/* The default output's extension of a format (NULL: the first's). */
const char *nq_report_format_ext(const struct nq_report_format *f);

/* Write the report for `t` to `f`. -1 with err set on bad input (missing
 * columns, unknown column or baseline: the message lists the choices). */
int nq_report_write(const nq_table *t, const nq_report_opts *o, FILE *f,
		    nq_error *err);

#endif
