/*
 * local.h - the local-search family's shared core (issue 31): the
 * complete-state formulation of Russell and Norvig (AIMA, 3rd ed.,
 * section 4.1), its h, its moves, its random stream, and how a run ends.
 *
 * A state has one queen in every row (AIMA: every column; the board
 * turned a quarter, so every figure is the same) at a column drawn
 * uniformly at random: n^n states, 8^8 for n = 8, not a permutation.
 * h is the number of attacking pairs (same column, diagonal or
 * antidiagonal, directly or through another queen, as AIMA counts
 * them); a move takes one queen to another square of its row, so a
 * state has n(n-1) successors. Rows rather than columns because that is
 * the harness's placement (placement[row] = col), its hints (a hint
 * fixes its row) and the trace's board (solvers/trace.h).
 *
 * Blocked squares and excluded lines: a forbidden square is never a
 * queen's square. Each row's initial column is drawn among the row's
 * allowed squares and moves go only to allowed squares, so h keeps
 * counting attacks alone; a row or a column with no allowed square is a
 * proof that no placement exists. Hints: the hint's row is fixed to its
 * column and never moves.
 */
#ifndef NQ_LOCAL_H
#define NQ_LOCAL_H

#include <stdint.h>
#include "solvers.h"
#include "trace.h"

/* xorshift64* seeded through splitmix64, as minconflicts.c: fast, and
 * nearby seeds give unrelated streams. */
struct ls_rng {
	uint64_t s;
};

void ls_seed(struct ls_rng *g, uint64_t seed);

static inline uint64_t ls_next(struct ls_rng *g)
{
	uint64_t x = g->s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	g->s = x;
	return x * 2685821657736338717ULL;
}

/* Uniform in [0, below) (below >= 1; the bias is below 2^-32 * below). */
static inline uint32_t ls_below(struct ls_rng *g, uint32_t below)
{
	return (uint32_t)(((ls_next(g) >> 32) * below) >> 32);
}

/* Uniform in [0, 1). */
static inline double ls_unit(struct ls_rng *g)
{
	return (double)(ls_next(g) >> 11) * (1.0 / 9007199254740992.0);
}

/* The instance as the family sees it (read-only during the search). */
struct ls_problem {
	int n;
	int32_t *fixed;     /* fixed[row]: a hint's column, or -1 */
	int32_t *allowed;   /* row r's allowed columns: allowed[r * n ..];
			       NULL when every square is allowed (no
			       blocked squares or excluded lines) */
	int32_t *nallowed;  /* how many; 1 for a fixed row */
	int32_t *movable;   /* rows that may move */
	int nmovable;
	int none;           /* 1: a row or column has no allowed square */
};

/* A state, with the counts that make h incremental. */
struct ls_state {
	int32_t *q;         /* q[row] = column */
	int32_t *cc;        /* queens per column (n) */
	int32_t *dc;        /* per diagonal col - row + n - 1 (2n - 1) */
	int32_t *ac;        /* per antidiagonal row + col (2n - 1) */
	int64_t h;          /* attacking pairs */
};

/* Row r's k-th allowed column (0 <= k < nallowed[r]). */
static inline int32_t ls_allowed(const struct ls_problem *p, int r,
				 int32_t k)
{
	if (p->fixed[r] >= 0)
		return p->fixed[r];
	return p->allowed ? p->allowed[(size_t)r * p->n + k] : k;
}

/* One run of a method: the problem, the stream, the accounting. */
struct ls_run {
	const nq_job *job;
	nq_result *res;
	struct ls_problem p;
	struct ls_rng rng;
	int64_t steps, restarts;
	double deadline;    /* on nq_now()'s clock, 0: none */
	int stopped;        /* the trace asked the search to stop */
};

/* Set up run r for job: NQ_OK, or NQ_ENOMEM. Starts the clock. */
int ls_begin(struct ls_run *r, const nq_job *job, nq_result *res);
/* How a run ends: rc NQ_OK with `solved` (a state with h = 0, copied
 * into the placement), or none proved (r->p.none), or NQ_EUNSOLVED with
 * `why` in the note, or NQ_ETIMEOUT; fills steps, restarts, solve_s,
 * frees the problem. Returns the code solve() returns. */
int ls_end(struct ls_run *r, const struct ls_state *solved, int rc,
	   const char *why);
/* 1 when the run must stop now (the time limit, checked every 256
 * steps; sets *rc to NQ_ETIMEOUT), or the trace asked it to. */
int ls_late(struct ls_run *r, int *rc);

int ls_state_alloc(struct ls_state *s, int n);
void ls_state_free(struct ls_state *s);
void ls_state_copy(struct ls_state *to, const struct ls_state *from, int n);

/* A fresh initial state: each row's column uniformly at random among
 * its allowed squares (a fixed row keeps its hint). */
void ls_random_state(struct ls_run *r, struct ls_state *s);
/* The counts and h recomputed from s->q. */
void ls_recount(const struct ls_problem *p, struct ls_state *s);
/* h computed from a placement alone (for the tests). */
int64_t ls_h_of(int n, const int32_t *q);

/* h after row's queen moved to col (col != s->q[row]). */
static inline int64_t ls_h_after(const struct ls_problem *p,
				 const struct ls_state *s, int row, int col)
{
	int n = p->n, c0 = s->q[row];
	int64_t off = (s->cc[c0] - 1) + (s->dc[c0 - row + n - 1] - 1) +
		      (s->ac[row + c0] - 1);
	/* the queen's own lines through (row, col) are other lines than
	 * through (row, c0): a new square of the same row shares no
	 * column, diagonal or antidiagonal with the old */
	int64_t on = s->cc[col] + s->dc[col - row + n - 1] + s->ac[row + col];

	return s->h - off + on;
}

/* Move row's queen to col, h kept. */
void ls_move(const struct ls_problem *p, struct ls_state *s, int row,
	     int col);

/* A random successor: a movable row and another allowed column of it;
 * 0 when no row can move (then *row, *col are untouched). */
int ls_random_move(struct ls_run *r, const struct ls_state *s, int *row,
		   int *col);

/* Trace events (solvers/trace.h); each sets r->stopped when the
 * recorder asks the search to stop. No-ops outside a trace. */
void ls_tr_state(struct ls_run *r, const struct ls_state *s);
void ls_tr_move(struct ls_run *r, const struct ls_state *s, int row,
		int col);
void ls_tr_solution(struct ls_run *r, const struct ls_state *s);

/* Options parsed from text (a temperature, a rate): 0, or -1 with what
 * was expected in msg. */
int ls_parse_real(const char *key, const char *text, double lo, double hi,
		  int lo_open, double *out, char *msg, size_t len);

/* Count mode is not local search's: NQ_NOT_APPLICABLE there. */
int ls_max_n(const nq_optval *opt, enum nq_mode mode);

#endif
