/*
 * cells.h - a results table grouped for plots and reports: one cell per
 * series (an approach, by default the `approach` column), mode, hints and n,
 * with the statistics (results/stats) of one numeric column over the cell's
 * runs and how many runs ended in each status. Every row lands in a cell:
 * runs that did not finish are counted, never dropped. A cell that is not
 * a number in the n, y or timeout_s column is skipped with a warning
 * naming its line (core/store/table.c); a row whose n is such a cell, too.
 *
 * Rows are grouped by hashing (series, mode, hints, n) and each cell's
 * values sorted for its statistics, and kept (nq_cell.v) for the
 * intervals of speed-ups and comparisons: O(rows log rows) in all, plus
 * NQ_BOOT_RESAMPLES medians of resamples per cell, with the
 * fallback's "options vary" test one pass over the rows.
 *
 * nq_cells_build() returns an nq_cells that owns all its strings; free it
 * with nq_cells_free(). It keeps no pointer into the table.
 */
#ifndef NQ_CELLS_H
#define NQ_CELLS_H

#include <stddef.h>
#include "table.h"
#include "only.h"
#include "status.h"
#include "stats.h"

typedef struct nq_cell {
	size_t series;          /* index into nq_cells.series */
	size_t mode;            /* index into nq_cells.modes */
	char *hints;            /* "" for none; an instance with blocked
				   squares or excluded lines: its hints, then
				   its id in brackets ("1:2 [blocked-...]") */
	size_t hints_len;       /* of hints without that " [id]" */
	char *id;               /* the instance's own name (CSV `instance`)
				   where it has one: a generated or variant
				   instance's, or a parameter file's; "" for
				   the plain "n8" */
	char *answer;           /* what its ok runs answered: the count,
				   "found" or "none"; "varies" when they
				   differ; "" when no ok run answered */
	int parts;              /* a count in parts (hints "in P parts"):
				   P; it counts the whole board, so plots
				   draw it with the whole counts */
	int n;
	size_t runs;
	size_t status[NQ_ST__COUNT];
	nq_stats y;             /* of the y column over the counted runs,
				   with the interval of its median */
	double *v;              /* those runs' values, sorted (y.count) */
	nq_stats fail_y;        /* of the y column over runs not ok */
	double timeout_s;       /* the largest timeout_s of its runs; 0: none */
	int hosts;              /* machines its runs came from (the `host`
				   column; a merge of shards): 0 not known,
				   1, or 2 for more than one */
	/* A randomised method's cell (a local search: some run has a
	 * number in the `steps` column; 0 and zeros otherwise). Only
	 * finished runs give its steps and restarts: ok (solved) and
	 * unsolved (stopped without a solution); a negative or non-numeric
	 * cell is missing (warned about, the run still counted). */
	int randomised;
	size_t counted;         /* runs in the success rate: every status
				   but error and skipped (the method was not
				   measured: it refused, or was not run) */
	nq_stats steps_ok;      /* steps of the ok runs that have them */
	nq_stats steps_unsolved; /* ... of the unsolved runs */
	nq_stats restarts;      /* restarts of the ok and unsolved runs */
	double *steps_v;        /* the ok runs' steps, sorted
				   (steps_ok.count), for the run-time
				   distribution */
} nq_cell;

typedef struct nq_cells {
	nq_cell *cell;          /* sorted: mode, hints, n, series */
	size_t ncells;
	char **series;          /* labels, in the experiment file's order
				   (nq_cells_opts.order), then in the order
				   the file's rows first show them */
	size_t nseries;
	size_t *colour;         /* per series: its rank among every series
				   of the file (not only those shown); the
				   figures no longer read it: an approach's
				   look comes from its label (style.h) */
	char **every;           /* every series label of the file, whatever
				   the filters keep: the figures' styles
				   are told apart over them (style.h) */
	size_t nevery;
	char **modes;           /* "first", "count", ... in order of appearance */
	size_t nmodes;
	char *experiment;       /* the first row's experiment ("" if none) */
	char *ycol;             /* the column summarised */
	size_t rows;            /* rows read (those the filters keep) */
	size_t hinted_rows;     /* rows of instances with pre-placed queens */
	double timeout_s;       /* the largest timeout_s of any row */
	size_t mixed;           /* cells whose runs came from more than one
				   machine (hosts > 1) */
	size_t randomised;      /* randomised cells (nq_cell.randomised) */
} nq_cells;

typedef struct nq_cells_opts {
	const char *y;      /* the column to summarise; NULL: wall_s */
	const char *group;  /* series: comma-separated columns; NULL: the
			     * `approach` column (older files: solver,
			     * encoding, and options where they vary) */
	const char *mode;   /* keep only this mode; NULL: all */
	const nq_only *only; /* keep only the rows it keeps (only.h, bound
			     * to this table); NULL: all */
	int any_status;     /* summarise y over every run that has a value
			     * (sizes); default: over ok runs only */
	int no_ci;          /* leave out the intervals of the medians
			     * (y.has_ci 0): plots and sums do not show
			     * them, and each costs NQ_BOOT_RESAMPLES
			     * medians of a cell's runs */
	const char *const *order; /* the approaches in the experiment
			     * file's order (nq_cells_order_read), or NULL */
	size_t norder;
} nq_cells_opts;

/* Group `t` (read from `name`). -1 with err set when a needed column is
 * missing, the y column is unknown or not numeric (the message lists the
 * numeric columns), a row's n is not a board size or its status unknown
 * (FILE:LINE), or no row matches. */
int nq_cells_build(const nq_table *t, const char *name,
		   const nq_cells_opts *o, nq_cells **out, nq_error *err);
void nq_cells_free(nq_cells *c);

/* The experiment file's approaches in its order, from the .meta beside
 * `csv` (its `approaches:`; nq_meta_list_free them): 0, or -1 when there
 * is none. Tables and figures take their order and colours from it. */
int nq_cells_file_order(const char *csv, char ***order, size_t *n);

/* Is run status st counted in a randomised cell's success rate
 * (nq_cell.counted)? */
int nq_cells_counted(int st);

/* The cell of (series, mode, hints, n), or NULL (a binary search). */
/* 1 when x's id is the one the harness makes of n and the instance's
 * hash (n8-d0932655: core/model/instance.c), which tells a reader
 * nothing its hints do not: the reports and plots name such an instance
 * by its hints. */
int nq_cell_id_made(const nq_cell *x);
/* 1 when x's id is a generator's (`generate:`, FAMILY-nN-...:
 * core/config/config_generate.c): one of a seeded family, which the
 * time plot draws against the family's parameter where the file has
 * nothing else; a file's instances it draws one by one. */
int nq_cell_id_generated(const nq_cell *x);
const nq_cell *nq_cells_find(const nq_cells *c, size_t series, size_t mode,
			     const char *hints, int n);

/* "wall_s" -> "wall time (s)"; other columns as they are. */
const char *nq_column_label(const char *col);

/* Is `col` a time (its name ends in "_s": wall_s, cpu_s, ...)? */
int nq_column_is_time(const char *col);

#endif
