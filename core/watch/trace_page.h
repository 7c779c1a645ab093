/*
 * trace_page.h - `harness trace`'s page: one self-contained HTML file
 * (its style, script and events inside, nothing from the network) that
 * steps through a recorded search (record.h): the board at each event
 * with first, back, forward, last, play and a slider (and the arrow
 * keys), the event in words, the search tree for n = 4 .. 8 (its nodes
 * the placements, the current one ringed, dead ends red) and, for a
 * local search, h along the steps.
 */
#ifndef NQ_TRACE_PAGE_H
#define NQ_TRACE_PAGE_H

#include <stdio.h>
#include "record.h"

/* The page of `log` into f: 0, or -1 when a write failed. */
int nq_trace_page_write(const nq_trace_log *log, FILE *f);

#endif
