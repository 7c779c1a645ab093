/*
 * local.c - the local-search family's shared core (local.h): the
 * problem set up from an instance, states and their incremental h, the
 * random stream, the trace events and how a run ends.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "local.h"
#include "nq_board.h"

void ls_seed(struct ls_rng *g, uint64_t seed)
{
	uint64_t z = seed + 0x9E3779B97F4A7C15ULL;

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	z ^= z >> 31;
	g->s = z ? z : 1;
}

int ls_max_n(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	return mode == NQ_MODE_COUNT ? NQ_NOT_APPLICABLE : 0;
}

static void problem_free(struct ls_problem *p)
{
	free(p->fixed);
	free(p->allowed);
	free(p->nallowed);
	free(p->movable);
	memset(p, 0, sizeof *p);
}

/* The rows' allowed columns, the fixed rows, and whether some row or
 * column has no allowed square at all. */
static int problem_init(struct ls_problem *p, const nq_instance *in)
{
	int n = in->n, r, c, i;
	unsigned char *ban = NULL;
	char *col_ok = NULL;

	memset(p, 0, sizeof *p);
	p->n = n;
	p->fixed = malloc((size_t)n * sizeof *p->fixed);
	/* the n x n table only where some square is forbidden: the plain
	 * board's rows allow every column, O(n) to say */
	if (nq_board_restricted(in))
		p->allowed = malloc((size_t)n * (size_t)n * sizeof *p->allowed);
	p->nallowed = malloc((size_t)n * sizeof *p->nallowed);
	p->movable = malloc((size_t)n * sizeof *p->movable);
	col_ok = calloc((size_t)n, 1);
	if (nq_board_restricted(in))
		ban = malloc((size_t)n * (size_t)n);
	if (!p->fixed || !p->nallowed || !p->movable || !col_ok ||
	    (nq_board_restricted(in) && (!ban || !p->allowed))) {
		free(ban);
		free(col_ok);
		problem_free(p);
		return NQ_ENOMEM;
	}
	if (ban)
		nq_board_forbidden(in, ban);
	for (r = 0; r < n; r++)
		p->fixed[r] = -1;
	for (i = 0; i < in->nhints; i++)
		p->fixed[in->hints[i].row] = in->hints[i].col;
	for (r = 0; r < n; r++) {
		int32_t k = 0;

		if (p->fixed[r] >= 0) {
			k = 1;
			col_ok[p->fixed[r]] = 1;
		} else if (!ban) {
			k = n;
			memset(col_ok, 1, (size_t)n);
			p->movable[p->nmovable++] = r;
		} else {
			int32_t *a = p->allowed + (size_t)r * n;

			for (c = 0; c < n; c++)
				if (!ban[(size_t)r * n + c]) {
					a[k++] = c;
					col_ok[c] = 1;
				}
			if (k > 0)
				p->movable[p->nmovable++] = r;
		}
		p->nallowed[r] = k;
		if (k == 0)
			p->none = 1;
	}
	for (c = 0; c < n; c++)
		if (!col_ok[c])
			p->none = 1;
	/* a row with one allowed square never moves either */
	for (i = 0, c = 0; i < p->nmovable; i++)
		if (p->nallowed[p->movable[i]] > 1)
			p->movable[c++] = p->movable[i];
	p->nmovable = c;
	free(ban);
	free(col_ok);
	return NQ_OK;
}

int ls_begin(struct ls_run *r, const nq_job *job, nq_result *res)
{
	memset(r, 0, sizeof *r);
	r->job = job;
	r->res = res;
	res->build_s = 0;
	res->solve_s = nq_now();
	if (job->time_limit_s > 0)
		r->deadline = res->solve_s + job->time_limit_s * 0.97;
	ls_seed(&r->rng, job->seed);
	return problem_init(&r->p, job->inst);
}

int ls_end(struct ls_run *r, const struct ls_state *solved, int rc,
	   const char *why)
{
	nq_result *res = r->res;

	res->steps = r->steps;
	res->restarts = r->restarts;
	if (rc == NQ_OK && solved) {
		memcpy(res->placement, solved->q,
		       (size_t)r->p.n * sizeof *res->placement);
		res->solutions = 1;
	} else if (rc == NQ_OK) {
		res->solutions = 0;
		snprintf(res->note, sizeof res->note, "a row or column has "
			 "only blocked or excluded squares");
	} else if (r->stopped) {
		snprintf(res->note, sizeof res->note, "stopped by the trace "
			 "after %lld steps", (long long)r->steps);
		rc = NQ_EUNSOLVED;
	} else if (rc == NQ_ETIMEOUT) {
		snprintf(res->note, sizeof res->note, "stopped at the time "
			 "limit after %lld steps", (long long)r->steps);
	} else if (why) {
		snprintf(res->note, sizeof res->note, "%s", why);
	}
	res->solve_s = nq_now() - res->solve_s;
	problem_free(&r->p);
	return rc;
}

int ls_late(struct ls_run *r, int *rc)
{
	if (r->stopped) {
		*rc = NQ_EUNSOLVED;
		return 1;
	}
	if (r->deadline > 0 && (r->steps & 0xFF) == 0 &&
	    nq_now() > r->deadline) {
		*rc = NQ_ETIMEOUT;
		return 1;
	}
	return 0;
}

int ls_state_alloc(struct ls_state *s, int n)
{
	s->q = malloc((size_t)n * sizeof *s->q);
	s->cc = malloc((size_t)n * sizeof *s->cc);
	s->dc = malloc((size_t)(2 * n) * sizeof *s->dc);
	s->ac = malloc((size_t)(2 * n) * sizeof *s->ac);
	s->h = 0;
	if (s->q && s->cc && s->dc && s->ac)
		return 0;
	ls_state_free(s);
	return -1;
}

void ls_state_free(struct ls_state *s)
{
	free(s->q);
	free(s->cc);
	free(s->dc);
	free(s->ac);
	memset(s, 0, sizeof *s);
}

void ls_state_copy(struct ls_state *to, const struct ls_state *from, int n)
{
	memcpy(to->q, from->q, (size_t)n * sizeof *to->q);
	memcpy(to->cc, from->cc, (size_t)n * sizeof *to->cc);
	memcpy(to->dc, from->dc, (size_t)(2 * n) * sizeof *to->dc);
	memcpy(to->ac, from->ac, (size_t)(2 * n) * sizeof *to->ac);
	to->h = from->h;
}

void ls_recount(const struct ls_problem *p, struct ls_state *s)
{
	int n = p->n, r;
	int64_t h = 0;

	memset(s->cc, 0, (size_t)n * sizeof *s->cc);
	memset(s->dc, 0, (size_t)(2 * n) * sizeof *s->dc);
	memset(s->ac, 0, (size_t)(2 * n) * sizeof *s->ac);
	/* each queen added attacks the ones already on its lines */
	for (r = 0; r < n; r++) {
		int c = s->q[r];

		h += s->cc[c]++;
		h += s->dc[c - r + n - 1]++;
		h += s->ac[r + c]++;
	}
	s->h = h;
}

int64_t ls_h_of(int n, const int32_t *q)
{
	int64_t h = 0;
	int i, j;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			h += q[i] == q[j] || q[i] - i == q[j] - j ||
			     q[i] + i == q[j] + j;
	return h;
}

void ls_random_state(struct ls_run *r, struct ls_state *s)
{
	const struct ls_problem *p = &r->p;
	int n = p->n, row;

	for (row = 0; row < n; row++)
		s->q[row] = p->nallowed[row] == 1 ? ls_allowed(p, row, 0)
			: ls_allowed(p, row, (int32_t)ls_below(&r->rng,
					(uint32_t)p->nallowed[row]));
	ls_recount(p, s);
}

void ls_move(const struct ls_problem *p, struct ls_state *s, int row,
	     int col)
{
	int n = p->n, c0 = s->q[row];

	s->h = ls_h_after(p, s, row, col);
	s->cc[c0]--;
	s->dc[c0 - row + n - 1]--;
	s->ac[row + c0]--;
	s->cc[col]++;
	s->dc[col - row + n - 1]++;
	s->ac[row + col]++;
	s->q[row] = col;
}

int ls_random_move(struct ls_run *r, const struct ls_state *s, int *row,
		   int *col)
{
	const struct ls_problem *p = &r->p;
	int32_t rr, k, c;

	if (p->nmovable == 0)
		return 0;
	rr = p->movable[ls_below(&r->rng, (uint32_t)p->nmovable)];
	/* another of the row's allowed columns: draw among all but one
	 * and step over the queen's own */
	k = (int32_t)ls_below(&r->rng, (uint32_t)(p->nallowed[rr] - 1));
	c = ls_allowed(p, rr, k);
	if (c == s->q[rr])
		c = ls_allowed(p, rr, p->nallowed[rr] - 1);
	*row = rr;
	*col = c;
	return 1;
}

static void emit(struct ls_run *r, nq_trace_kind kind, int row, int col,
		 const struct ls_state *s, const int32_t *board)
{
	nq_trace_event e = { kind, row, col, -1, -1, r->steps, s->h, board };

	if (nq_trace_emit(&e))
		r->stopped = 1;
}

void ls_tr_state(struct ls_run *r, const struct ls_state *s)
{
	if (nq_trace_on())
		emit(r, NQ_TR_STATE, -1, -1, s, s->q);
}

void ls_tr_move(struct ls_run *r, const struct ls_state *s, int row,
		int col)
{
	if (nq_trace_on())
		emit(r, NQ_TR_MOVE, row, col, s, NULL);
}

void ls_tr_solution(struct ls_run *r, const struct ls_state *s)
{
	if (nq_trace_on())
		emit(r, NQ_TR_SOLUTION, -1, -1, s, NULL);
}

int ls_parse_real(const char *key, const char *text, double lo, double hi,
		  int lo_open, double *out, char *msg, size_t len)
{
	char *end;
	double v;

	errno = 0;
	v = text ? strtod(text, &end) : 0;
	if (!text || end == text || *end || errno || !isfinite(v) ||
	    v < lo || v > hi || (lo_open && v == lo)) {
		if (lo_open)
			snprintf(msg, len, "%s: '%s' is not a number above %g "
				 "and at most %g", key, text ? text : "", lo, hi);
		else
			snprintf(msg, len, "%s: '%s' is not a number from %g "
				 "to %g", key, text ? text : "", lo, hi);
		return -1;
	}
	*out = v;
	return 0;
}
