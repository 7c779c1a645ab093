/*
 * report_data.h - the figures the JSON and HTML reports add to the
 * tables (report_data.c): per approach its instances, how many it solved,
 * its PAR-2 score, its CPU time and its wins; an instance's family; the
 * .meta's lines one by one.
 *
 * An instance (a cell's mode, hints and n) is solved by an approach when
 * more than half of its runs there ended ok (so its median run is one);
 * its time is then the median of its ok runs. PAR-2 adds, over the
 * approach's instances, that time where solved and twice the timeout
 * where not (a timeout, a failure, a wrong answer alike), as the SAT
 * competitions score; it needs a time column and, for an unsolved
 * instance, its timeout_s. A win: the approach's median is the smallest
 * of the approaches that solved the instance (tied approaches each win).
 *
 * The virtual best (VBS, the first row a solver paper shows) is no
 * approach: per instance, the fastest approach that solved it. Its
 * instances are every instance of the file, its solved those some
 * approach solved, its PAR-2 the smallest median there and twice the
 * instance's timeout where none solved. It has no CPU time (the fastest
 * approach's runs were not all that was spent) and never a win.
 */
#ifndef NQ_REPORT_DATA_H
#define NQ_REPORT_DATA_H

#include <stddef.h>
#include "cells.h"
#include "table.h"

typedef struct nq_report_total {
	size_t instances;  /* the approach's cells */
	size_t solved;
	double par2;       /* seconds (or the column's unit) */
	int par2_ok;       /* 0: not a time, or an unsolved instance has no
			      timeout: no score */
	double cpu_s;      /* every run's cpu_s added */
	int cpu_ok;        /* 0: the file has no cpu_s */
	size_t wins;
} nq_report_total;

/* The virtual best's row, out[c->nseries] of nq_report_totals (the
 * callers allocate nseries + 1), shown when there is more than one
 * approach (of one, it is that approach). The rows to show: nseries, and
 * the virtual best's where shown. */
#define NQ_REPORT_VBS_NAME "virtual best"
int nq_report_vbs_shown(const nq_cells *c);
size_t nq_report_total_rows(const nq_cells *c);
/* 1 when the approaches' totals are over different instances (`only:`,
 * a mode one does not answer): their PAR-2 sums compare only between
 * rows of the same instances, and the reports say so. */
int nq_report_totals_uneven(const nq_cells *c, const nq_report_total *tot);
/* The sentence they say it with. */
#define NQ_REPORT_UNEVEN "The approaches ran different instances (only:, " \
	"or a mode one does not answer): compare PAR-2, a sum over an " \
	"approach's own instances, only between rows with the same count " \
	"of instances."

/* Is cell e solved (more than half its runs ok)? */
int nq_report_solved(const nq_cell *e);

/* c's totals per series into out[0..c->nseries-1] and the virtual
 * best's into out[c->nseries], the CPU time from a
 * second grouping of `t` (cpu_s over every run), grouped as `group`.
 * 0, or -1 with err set (out of memory). */
int nq_report_totals(const nq_table *t, const char *csv, const char *group,
		     const nq_cells *c, nq_report_total *out, nq_error *err);

/* The family of an instance from its cell's hints: "plain" (none),
 * "parts" (a count in parts), a generated or file instance's id up to its
 * first '-' (blocked, queens, ...), or "placed" (pre-placed queens). */
void nq_report_family(const char *hints, char *buf, size_t len);

/* Each line of the .meta file `path` that holds something: fn(key, value,
 * item, ctx): a top-level "key: value" (item 0; value "" for a list's
 * head), or an item of the list under the last key ("  - ...", item 1,
 * key that list's). 0, or -1 when the file cannot be read. */
typedef void nq_meta_line_fn(const char *key, const char *value, int item,
			     void *ctx);
int nq_report_meta_lines(const char *path, nq_meta_line_fn *fn, void *ctx);

#endif
