/*
 * backtrack.c - native backtracking search, the `backtrack` approach.
 *
 * Every variant places one queen per row, top to bottom, and undoes the
 * last placement when a row has no free square. They differ in how they
 * know a square is free:
 *
 *   textbook  three flag arrays: columns, diagonals (r + c) and
 *             anti-diagonals (r - c + n - 1); O(1) per square tried.
 *   bitmask   the free squares of a row as one machine word built from
 *             three attack masks, shifted one place per row; the lowest
 *             set bit is taken with x & -x, so a node costs a few
 *             instructions and only free squares are ever visited.
 *             n <= 64.
 *
 * Hints (pre-placed queens) are honoured by every variant: a hinted row
 * only offers its hinted square, and the hints' lines are closed for the
 * other rows before the search starts.
 */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "solvers.h"

enum { V_TEXTBOOK, V_BITMASK };

static const char *const variants[] = { "textbook", "bitmask", NULL };

static const nq_option options[] = {
	{ "variant", NQ_OPT_CHOICE, "bitmask", variants, 0, 0,
	  "search variant: textbook (flag arrays) or bitmask (bit-parallel)" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};

/* State shared by the variants. */
struct search {
	int n;
	int first;          /* stop at the first placement */
	int done;           /* first placement found */
	uint64_t count;
	int64_t nodes;
	int32_t *queen;     /* queen[row] = col of the current partial board */
	int32_t *out;       /* the answer's placement (first mode) */
	int *hint_col;      /* hint_col[row] = col, or -1 */
};

static void found(struct search *s)
{
	s->count++;
	if (s->first) {
		memcpy(s->out, s->queen, (size_t)s->n * sizeof *s->out);
		s->done = 1;
	}
}

/* ---- textbook: flag arrays ---- */

struct flags {
	char *col, *diag, *anti; /* 1: the line holds a queen */
};

static void textbook_row(struct search *s, struct flags *f, int r)
{
	int n = s->n, c;

	if (r == n) {
		found(s);
		return;
	}
	if (s->hint_col[r] >= 0) {
		/* the hint's lines were closed up front: pass through */
		s->queen[r] = s->hint_col[r];
		s->nodes++;
		textbook_row(s, f, r + 1);
		return;
	}
	for (c = 0; c < n && !s->done; c++) {
		if (f->col[c] || f->diag[r + c] || f->anti[r - c + n - 1])
			continue;
		s->nodes++;
		f->col[c] = f->diag[r + c] = f->anti[r - c + n - 1] = 1;
		s->queen[r] = c;
		textbook_row(s, f, r + 1);
		f->col[c] = f->diag[r + c] = f->anti[r - c + n - 1] = 0;
	}
}

static int textbook(struct search *s, const nq_instance *in)
{
	struct flags f;
	int n = s->n, i;

	f.col = calloc((size_t)n, 1);
	f.diag = calloc((size_t)(2 * n), 1);
	f.anti = calloc((size_t)(2 * n), 1);
	if (!f.col || !f.diag || !f.anti) {
		free(f.col);
		free(f.diag);
		free(f.anti);
		return NQ_ENOMEM;
	}
	for (i = 0; i < in->nhints; i++) {
		int r = in->hints[i].row, c = in->hints[i].col;

		f.col[c] = f.diag[r + c] = f.anti[r - c + n - 1] = 1;
	}
	textbook_row(s, &f, 0);
	free(f.col);
	free(f.diag);
	free(f.anti);
	return NQ_OK;
}

/* ---- bitmask: attack masks as words ---- */

struct bits {
	uint64_t full;       /* the n low bits */
	uint64_t *closed;    /* closed[row]: squares the hints attack */
};

static void bitmask_row(struct search *s, const struct bits *b, int r,
			uint64_t cols, uint64_t ld, uint64_t rd)
{
	uint64_t avail;

	if (r == s->n) {
		found(s);
		return;
	}
	avail = ~(cols | ld | rd | b->closed[r]) & b->full;
	if (s->hint_col[r] >= 0)
		avail &= (uint64_t)1 << s->hint_col[r];
	while (avail && !s->done) {
		uint64_t bit = avail & (~avail + 1);

		avail ^= bit;
		s->nodes++;
		s->queen[r] = __builtin_ctzll(bit);
		bitmask_row(s, b, r + 1, cols | bit, (ld | bit) << 1,
			    (rd | bit) >> 1);
	}
}

/* Count-only inner loop without bookkeeping: the hot path of count mode
 * when there are no hints. */
static uint64_t bitmask_count(uint64_t full, uint64_t cols, uint64_t ld,
			      uint64_t rd, int64_t *nodes)
{
	uint64_t avail, total = 0;

	if (cols == full)
		return 1;
	avail = ~(cols | ld | rd) & full;
	while (avail) {
		uint64_t bit = avail & (~avail + 1);

		avail ^= bit;
		++*nodes;
		total += bitmask_count(full, cols | bit, ((ld | bit) << 1) & full,
				       (rd | bit) >> 1, nodes);
	}
	return total;
}

static int bitmask(struct search *s, const nq_instance *in)
{
	struct bits b;
	int n = s->n, i, r;

	b.full = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
	if (!s->first && in->nhints == 0) {
		s->count = bitmask_count(b.full, 0, 0, 0, &s->nodes);
		return NQ_OK;
	}
	b.closed = calloc((size_t)n, sizeof *b.closed);
	if (!b.closed)
		return NQ_ENOMEM;
	for (i = 0; i < in->nhints; i++) {
		int hr = in->hints[i].row, hc = in->hints[i].col;

		for (r = 0; r < n; r++) {
			int d = r > hr ? r - hr : hr - r;

			if (r == hr)
				continue;
			b.closed[r] |= (uint64_t)1 << hc;
			if (hc + d < n)
				b.closed[r] |= (uint64_t)1 << (hc + d);
			if (hc - d >= 0)
				b.closed[r] |= (uint64_t)1 << (hc - d);
		}
	}
	bitmask_row(s, &b, 0, 0, 0, 0);
	free(b.closed);
	return NQ_OK;
}

static int backtrack_max_n(const nq_optval *opt, enum nq_mode mode)
{
	(void)mode;
	return opt[0].num == V_BITMASK ? 64 : 100000;
}

static int backtrack_solve(const nq_job *job, nq_result *res)
{
	const nq_instance *in = job->inst;
	struct search s;
	double t0 = nq_now();
	int i, rc;

	memset(&s, 0, sizeof s);
	s.n = in->n;
	s.first = in->mode == NQ_MODE_FIRST;
	s.out = res->placement;
	s.queen = calloc((size_t)in->n, sizeof *s.queen);
	s.hint_col = malloc((size_t)in->n * sizeof *s.hint_col);
	if (!s.queen || !s.hint_col) {
		free(s.queen);
		free(s.hint_col);
		return NQ_ENOMEM;
	}
	for (i = 0; i < in->n; i++)
		s.hint_col[i] = -1;
	for (i = 0; i < in->nhints; i++)
		s.hint_col[in->hints[i].row] = in->hints[i].col;
	res->build_s = nq_now() - t0;

	t0 = nq_now();
	rc = job->opt[0].num == V_BITMASK ? bitmask(&s, in) : textbook(&s, in);
	res->solve_s = nq_now() - t0;

	if (rc == NQ_OK) {
		res->solutions = s.first ? (uint64_t)s.done : s.count;
		res->nodes = s.nodes;
	}
	free(s.queen);
	free(s.hint_col);
	return rc;
}

const nq_solver nq_solver_backtrack = {
	NQ_ABI_VERSION, sizeof(nq_solver),
	"backtrack",
	"native backtracking search, one queen per row",
	options, "variant", backtrack_max_n, backtrack_solve
};
