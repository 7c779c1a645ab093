/*
 * record.h - one search watched: a solver's solve() run in this process
 * with the trace sink set (solvers/trace.h), its events kept in order
 * for `harness trace`'s page (trace_page.h). The log owns what it holds
 * (nq_trace_log_free).
 */
#ifndef NQ_RECORD_H
#define NQ_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include "approach.h"
#include "error.h"
#include "trace.h"

/* The most events `harness trace` keeps unless --max-events says. */
#define NQ_TRACE_MAX_EVENTS 100000
/* The largest board a trace draws. */
#define NQ_TRACE_MAX_N 32

/* An event as kept: trace.h's, its STATE board copied into the log. */
typedef struct nq_trace_rec {
	nq_trace_kind kind;
	int row, col, other_row, other_col;
	int64_t step, h;
	size_t board;        /* STATE: where its n entries start in boards */
} nq_trace_rec;

typedef struct nq_trace_log {
	int n;
	int count;           /* count mode (else: the first placement) */
	char approach[128];  /* "backtrack/textbook" */
	uint64_t seed;
	size_t max_events;   /* the cap */
	nq_trace_rec *ev;
	size_t nev, cap;
	int32_t *boards;     /* the STATE boards, n entries each */
	size_t nboards, boards_cap;
	int capped;          /* the cap stopped the search */
	int oom;             /* an event was lost for want of memory */
	int local;           /* a local search (STATE and MOVE events) */
	/* how the search ended */
	int rc;              /* the solver's return (NQ_OK ...) */
	uint64_t solutions;
	int64_t nodes, steps;
	char end[300];       /* the end in words: answer and its check */
} nq_trace_log;

void nq_trace_log_init(nq_trace_log *log, int n, size_t max_events);
void nq_trace_log_free(nq_trace_log *log);
/* Keep one event (the sink's work, and the tests' way in): 0 to go on,
 * 1 when the cap is reached (log->capped) or memory ran out (log->oom). */
int nq_trace_log_add(nq_trace_log *log, const nq_trace_event *e);

/* Whether approach `a` reports events: its solver and variant are in
 * the table of watched searches (record.c). */
int nq_trace_watched(const nq_approach *a);
/* "backtrack:variant=board|array|..., ..." for an error message. */
void nq_trace_watched_text(char *buf, size_t len);

/* Run `a` on the empty n x n board (count: every placement, else the
 * first) with seed `seed`, its events into log (initialised here).
 * The answer is checked as the validator checks a placement. 0, or -1
 * with err set: an approach that reports nothing (naming those that
 * do), n out of range, out of memory. */
int nq_trace_record(const nq_approach *a, int n, int count, uint64_t seed,
		    size_t max_events, nq_trace_log *log, nq_error *err);

#endif
