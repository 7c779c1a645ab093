/*
 * trace.h - a search a class can watch: the events a built-in search
 * reports, one by one, while `harness trace` records it (issue 31).
 *
 * Outside a trace the sink is NULL and every call below is one
 * predictable branch, so a traced search is the same search as the one
 * measured. Only the built-in searches a class is shown report events
 * (the textbook backtracking variants and the local-search family);
 * the fast counters never do. The recorder that turns events into a
 * page lives above (it is not the solvers' business how they are
 * drawn).
 *
 * Rows and columns are 0-based. A search reports:
 *
 *   backtracking   PLACE a queen tried on (row, col) as node `step`;
 *                  CONFLICT (row, col) attacked by the queen on
 *                  (other_row, other_col), where the variant checks
 *                  squares (-1 where it does not know which queen);
 *                  BACKTRACK row's queen taken off (row, col);
 *                  SOLUTION the board holds a placement.
 *   local search   STATE the whole board (`board`, n entries, row ->
 *                  col) and its h: the initial state, and each restart;
 *                  MOVE a queen of `row` to `col` as step `step`, `h`
 *                  after it; SOLUTION at h = 0.
 */
#ifndef NQ_TRACE_H
#define NQ_TRACE_H

#include <stdint.h>

typedef enum nq_trace_kind {
	NQ_TR_PLACE, NQ_TR_CONFLICT, NQ_TR_BACKTRACK, NQ_TR_SOLUTION,
	NQ_TR_STATE, NQ_TR_MOVE
} nq_trace_kind;

typedef struct nq_trace_event {
	nq_trace_kind kind;
	int row, col;               /* the square; -1 where none */
	int other_row, other_col;   /* CONFLICT: the attacker; else -1 */
	int64_t step;               /* backtracking: node number; local
				       search: steps after the initial
				       state */
	int64_t h;                  /* local search: attacking pairs after
				       the event; -1 for backtracking */
	const int32_t *board;       /* STATE: n entries; else NULL */
} nq_trace_event;

typedef struct nq_trace {
	/* Called for each event; returns 0 to go on, nonzero to stop the
	 * search (the recorder's cap on events was reached). */
	int (*event)(struct nq_trace *t, const nq_trace_event *e);
	void *ctx;
} nq_trace;

/* The sink of the search running in this process: set by the recorder
 * around one call of a solver's solve(), NULL otherwise (solvers/util.c). */
extern nq_trace *nq_trace_sink;

static inline int nq_trace_on(void)
{
	return nq_trace_sink != 0;
}

/* Report an event; nonzero: the recorder asks the search to stop. */
static inline int nq_trace_emit(const nq_trace_event *e)
{
	return nq_trace_sink ? nq_trace_sink->event(nq_trace_sink, e) : 0;
}

#endif
