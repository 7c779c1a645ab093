/*
 * summary.h - the table printed at the end of an experiment: per
 * approach, mode, n (and hints), the answer (ending in "?" when it is
 * disputed), the median wall time and how many runs ended in each status.
 */
#ifndef NQ_SUMMARY_H
#define NQ_SUMMARY_H

#include <stdio.h>
#include "status.h"

typedef struct nq_summary nq_summary;

nq_summary *nq_summary_new(void);
void nq_summary_free(nq_summary *s);
/* Record one run; `timed`: wall_s is a real measurement; `answer`: the
 * run's answer ("92", "found", "none") or NULL. -1 on no memory. */
int nq_summary_add(nq_summary *s, const char *approach, const char *mode,
		   int n, const char *hints, nq_status st, double wall_s,
		   int timed, const char *answer);
/* The same in two steps, for a caller that adds many runs to one line:
 * the line of (approach, mode, n, hints), made when new (its number, or
 * -1 on no memory), and one run added to line `line`. */
long nq_summary_line(nq_summary *s, const char *approach, const char *mode,
		     int n, const char *hints);
int nq_summary_add_to(nq_summary *s, long line, nq_status st, double wall_s,
		      int timed, const char *answer);
void nq_summary_print(const nq_summary *s, FILE *f);

#endif
