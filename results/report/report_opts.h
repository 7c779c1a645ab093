/*
 * report_opts.h - what `harness report` is asked for (report.h) and
 * how its numbers are written, for both halves (report_common.h).
 */
#ifndef NQ_REPORT_OPTS_H
#define NQ_REPORT_OPTS_H

#include <stddef.h>
#include "only.h"

#define NQ_REPORT_LONGTABLE_ROWS 40
/* LaTeX: significant digits of every number; times to the microsecond
 * (the CSV's resolution) at most. */
#define NQ_REPORT_SIG 3
#define NQ_REPORT_TIME_DECIMALS 6

/* A format: a row of report.c's table (report_common.h). */
struct nq_report_format;

typedef struct nq_report_opts {
	const char *csv;        /* the table's file: messages, and where the
				 * plots and the .meta file are looked for */
	const char *output;     /* where the report goes (links are made
				 * relative to it); NULL: stdout */
	const struct nq_report_format *format; /* nq_report_format_find;
						* NULL: the first (Markdown) */
	const char *baseline;   /* approach label; NULL: the first approach */
	const char *y;          /* column; NULL: wall_s */
	const char *group;      /* series columns; NULL: the approach */
	const nq_only *only;    /* the rows shown (only.h); NULL: all */
	const char *scatter;    /* HTML: "A,B", the two approaches of the
				 * scatter plot; NULL: the first two */
	const struct nq_style_pins *styles; /* HTML: the plots' approaches'
				 * looks pinned (style.h); NULL: by label */
	size_t changes;         /* what the file's digests and its .meta
				 * found changed since the harness wrote it
				 * (tamper.h): said in the report, above
				 * its numbers; 0: none */
} nq_report_opts;

/* `v` with `sig` significant digits as a plain decimal, never in
 * e-notation: 0.00123, 1.23, 12.3, 123; a whole number keeps all its
 * digits (123456). At most max_decimals digits after the point (-1: no
 * limit; 0.0000004 with 6 is "0"). */
void nq_report_number(char *buf, size_t len, double v, int sig,
		      int max_decimals);

#endif
