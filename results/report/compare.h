/*
 * compare.h - `harness compare A.csv B.csv` (compare.c): two results
 * files cell by cell, for "did my encoder get faster" (one experiment
 * before and after a change) and "is this machine slower" (one experiment
 * on two machines, or two machines' merged files).
 *
 * A cell of A is paired with B's cell of the same approach (or of the
 * same values of the --match columns), mode, hints and n. For each pair:
 * the medians of the ok runs, their ratio B/A with its 95 % bootstrap
 * interval (base/stats.h: each file's runs resampled apart) and the
 * two-sided Mann-Whitney U p-value of A's runs against B's (exact without
 * ties for up to 40 runs, else the normal approximation with the tie
 * correction: the table says which). A change is significant when p <
 * NQ_COMPARE_ALPHA and the interval excludes 1. Few runs cannot get there
 * whatever the times (3 a side: p >= 0.1, base/stats.h
 * nq_stats_mwu_min_p): such a pair says "too few runs" with its floor, and
 * the table the repeat that would do; "~" is kept for a pair that could
 * have been told apart and was not. The delta is B/A - 1 in %, with the
 * ratio's interval, and the geometric mean of the ratios closes the
 * table. The answers are held
 * side by side too (the `solutions` column of the ok runs): two files
 * that disagree on one are said, and the exit status is 1.
 */
#ifndef NQ_COMPARE_H
#define NQ_COMPARE_H

#include <stdio.h>
#include "table.h"

#define NQ_COMPARE_ALPHA 0.05

typedef struct nq_compare_opts {
	const char *a, *b;      /* the files' names (messages, .meta) */
	const char *y;          /* the column; NULL: wall_s */
	const char *match;      /* columns naming a cell's series in both
				 * files (as report --group); NULL: the
				 * approach. Given: the files may be of two
				 * experiments. */
	int json;               /* JSON instead of the text table */
} nq_compare_opts;

/* Write the comparison of ta (A) and tb (B) to f: 0, 1 when a pair's
 * answers differ, or -1 with err set on bad input (a column missing, two
 * experiments without --match, no cell in common). */
int nq_compare_write(const nq_table *ta, const nq_table *tb,
		     const nq_compare_opts *o, FILE *f, nq_error *err);

#endif
