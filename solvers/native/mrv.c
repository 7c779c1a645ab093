/*
 * mrv.c - the `mrv` variant of `backtrack`: backtracking with forward
 * checking and the minimum-remaining-values rule (Russell and Norvig,
 * "Artificial Intelligence: A Modern Approach", the chapter on constraint
 * satisfaction).
 *
 * Every row and every column not yet decided keeps a count of its free
 * squares. Placing a queen closes the free squares of its row, column and
 * two diagonals, each counted off its row and its column, so the counts
 * are brought up to date in O(n); a row or column left with no free
 * square ends the branch at once (forward checking). The next line to
 * decide is the row or column with the fewest free squares (MRV): every
 * placement has exactly one queen on it, so branching on its squares is
 * complete whichever it is. On open boards this walks straight to a
 * placement where plain row order backtracks for ages; with most squares
 * blocked (CSPLib prob080) a column is often the tightest line
 * (bench/blocked.md has the times; rows only was not timed beside it).
 * Complete: it counts too, and proves "none".
 *
 * Search times of this kind have a heavy tail: most orderings find a
 * placement at once, a few wander for ages. So in first mode, ties
 * between rows are broken at random and a row's squares are tried in a
 * random order (from the experiment's seed), and the search starts over
 * with a fresh draw after 2n nodes, then 4n, 8n, ... (restarts with a
 * growing limit stay complete). Count mode visits every node anyway and
 * runs once, in a fixed order. (Trying squares least-constraining first,
 * the textbook's other rule, was measured here and did worse than random
 * order at n = 1000 and 2000.) Each node costs O(n): measured at seed 1,
 * n = 1000 takes about 0.03 s, 2000 about 0.1 s, 5000 about 1.4 s; for
 * larger boards use minconflicts or construct.
 *
 * Blocked squares and excluded lines (ABI 3) are never free: a map of
 * them is made once, each row's and column's count starts without them,
 * and a line they leave empty ends the search at once like any other.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "solvers.h"
#include "nq_board.h"

struct mrv {
	int n;
	int first, done;
	uint64_t count;
	int64_t nodes;
	double deadline;
	int timed_out;
	int failed;               /* out of memory */
	uint64_t rng;             /* 0: no random tie-breaks */
	int64_t limit;            /* nodes this attempt may take; 0: none */
	int64_t attempt_nodes;
	int restart;              /* unwinding for a fresh attempt */
	char *row, *col, *diag, *anti; /* 1: the line holds a queen */
	int *free_r, *free_c;     /* free squares of each row, column */
	unsigned char *banned;    /* n * n, 1: never free; NULL: none */

	int32_t *queen, *out;
};

static uint32_t rnd(struct mrv *m)
{
	uint64_t x = m->rng;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	m->rng = x;
	return (uint32_t)((x * 2685821657736338717ULL) >> 40); /* 24 bits */
}

static inline int is_free(const struct mrv *m, int r, int c)
{
	return !m->row[r] && !m->col[c] && !m->diag[r + c] &&
	       !m->anti[r - c + m->n - 1] &&
	       !(m->banned && m->banned[(size_t)r * m->n + c]);
}

/* Count the free squares on the lines through (r, c) off their rows and
 * columns (d = -1), or back on (d = 1). Two of those lines meet only at
 * (r, c), so each square is seen once. */
static void recount(struct mrv *m, int r, int c, int d)
{
	int n = m->n, i, y;

#define SEEN(x, y) do {						\
		if (is_free(m, (x), (y))) {				\
			m->free_r[x] += d;				\
			m->free_c[y] += d;				\
		}							\
	} while (0)
	SEEN(r, c);
	for (i = 0; i < n; i++) {
		if (i != c)
			SEEN(r, i);
		if (i != r)
			SEEN(i, c);
		y = c + (i - r);         /* diagonal r - c */
		if (i != r && y >= 0 && y < n)
			SEEN(i, y);
		y = c - (i - r);         /* antidiagonal r + c */
		if (i != r && y >= 0 && y < n)
			SEEN(i, y);
	}
#undef SEEN
}

/* Place (r, c), or take it back (place 0); returns 0 when some undecided
 * row or column is left with no free square. */
static int update(struct mrv *m, int r, int c, int place)
{
	int n = m->n, o;

	if (place) {
		recount(m, r, c, -1);
		m->row[r] = m->col[c] = 1;
		m->diag[r + c] = m->anti[r - c + n - 1] = 1;
		m->queen[r] = c;
		for (o = 0; o < n; o++)
			if ((!m->row[o] && m->free_r[o] == 0) ||
			    (!m->col[o] && m->free_c[o] == 0))
				return 0;
		return 1;
	}
	m->row[r] = m->col[c] = 0;
	m->diag[r + c] = m->anti[r - c + n - 1] = 0;
	recount(m, r, c, 1);
	return 1;
}

static void search(struct mrv *m, int left)
{
	int n = m->n, line = -1, best, r, o, c, i, k;
	int *mine;

	if (left == 0) {
		m->count++;
		if (m->first) {
			memcpy(m->out, m->queen, (size_t)n * sizeof *m->out);
			m->done = 1;
		}
		return;
	}
	if (m->deadline > 0 && (m->nodes & 1023) == 0 && nq_now() > m->deadline) {
		m->timed_out = 1;
		return;
	}
	if (m->limit && m->attempt_nodes > m->limit) {
		m->restart = 1;
		return;
	}
	/* the row or column with the fewest free squares; ties at random
	 * (o < n: row o; o >= n: column o - n) */
	for (o = 0, k = 0, best = n + 1; o < 2 * n; o++) {
		int f;

		if (o < n ? m->row[o] : m->col[o - n])
			continue;
		f = o < n ? m->free_r[o] : m->free_c[o - n];
		if (f < best) {
			best = f;
			line = o;
			k = 1;
		} else if (m->rng && f == best &&
			   rnd(m) % (uint32_t)++k == 0) {
			line = o;
		}
	}
	/* its free squares, in random order in first mode */
	mine = malloc((size_t)(best ? best : 1) * sizeof *mine);
	if (!mine) {
		m->failed = 1;
		return;
	}
	for (i = 0, k = 0; i < n; i++)
		if (line < n ? is_free(m, line, i) : is_free(m, i, line - n))
			mine[k++] = i;
	for (i = k - 1; m->rng && i > 0; i--) {
		int j = (int)(rnd(m) % (uint32_t)(i + 1)), t = mine[i];

		mine[i] = mine[j];
		mine[j] = t;
	}
	for (i = 0; i < k && !m->done && !m->timed_out && !m->failed &&
		    !m->restart; i++) {
		r = line < n ? line : mine[i];
		c = line < n ? mine[i] : line - n;
		m->nodes++;
		m->attempt_nodes++;
		if (update(m, r, c, 1))
			search(m, left - 1);
		update(m, r, c, 0);
	}
	free(mine);
}

int nq_mrv(const nq_job *job, nq_result *res)
{
	const nq_instance *in = job->inst;
	int n = in->n, i, r, c, rc = NQ_OK, left = n;
	struct mrv m;

	memset(&m, 0, sizeof m);
	m.n = n;
	m.first = in->mode == NQ_MODE_FIRST;
	m.out = res->placement;
	if (job->time_limit_s > 0)
		m.deadline = nq_now() + job->time_limit_s * 0.97;
	m.row = calloc((size_t)n, 1);
	m.col = calloc((size_t)n, 1);
	m.diag = calloc((size_t)(2 * n), 1);
	m.anti = calloc((size_t)(2 * n), 1);
	m.free_r = malloc((size_t)n * sizeof *m.free_r);
	m.free_c = malloc((size_t)n * sizeof *m.free_c);
	m.queen = calloc((size_t)n, sizeof *m.queen);
	if (!m.row || !m.col || !m.diag || !m.anti || !m.free_r ||
	    !m.free_c || !m.queen) {
		rc = NQ_ENOMEM;
		goto out;
	}
	for (r = 0; r < n; r++)
		m.free_r[r] = m.free_c[r] = n;
	if (nq_board_restricted(in)) {
		m.banned = malloc((size_t)n * (size_t)n);
		if (!m.banned) {
			rc = NQ_ENOMEM;
			goto out;
		}
		nq_board_forbidden(in, m.banned);
		for (r = 0; r < n; r++)
			for (c = 0; c < n; c++)
				if (m.banned[(size_t)r * n + c]) {
					m.free_r[r]--;
					m.free_c[c]--;
				}
	}

	for (i = 0; i < in->nhints; i++) {
		r = in->hints[i].row;
		c = in->hints[i].col;
		if (left < 0 || !is_free(&m, r, c) || !update(&m, r, c, 1))
			left = -1; /* hints that clash, or some line has
				    * no square left: none */
		else
			left--;
	}
	if (left >= 0 && m.first) {
		m.rng = job->seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL;
		if (!m.rng)
			m.rng = 1;
		for (m.limit = 2 * (int64_t)n + 16;; m.limit *= 2) {
			m.restart = 0;
			m.attempt_nodes = 0;
			search(&m, left);
			if (!m.restart)
				break;
		}
	} else if (left >= 0) {
		search(&m, left);
	}
	if (m.failed) {
		rc = NQ_ENOMEM;
		goto out;
	}
	if (m.timed_out) {
		snprintf(res->note, sizeof res->note, "stopped at the time limit "
			 "after %lld nodes", (long long)m.nodes);
		rc = NQ_ETIMEOUT;
		goto out;
	}
	res->solutions = m.first ? (uint64_t)m.done : m.count;
	res->nodes = m.nodes;
out:
	free(m.row);
	free(m.col);
	free(m.diag);
	free(m.anti);
	free(m.free_r);
	free(m.free_c);
	free(m.queen);
	free(m.banned);
	return rc;
}
