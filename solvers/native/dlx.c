/*
 * dlx.c - the `dlx` variant of `backtrack`: Knuth's Algorithm X with
 * dancing links (The Art of Computer Programming, Vol. 4B, 7.2.2.1,
 * "Dancing links"), n-queens as an exact cover problem.
 *
 * Items: the n rows r0..r(n-1) and the n columns c0..c(n-1) are primary
 * (each must be covered exactly once: one queen per row and column); the
 * 2n-1 diagonals (r + c) and 2n-1 anti-diagonals (r - c + n - 1) are
 * secondary (covered at most once: a diagonal may stay empty). Options:
 * one per square a queen may stand on, {row, column, diagonal,
 * anti-diagonal}. A blocked square, or a square on an excluded line, has
 * no option at all; a pre-placed queen's option is chosen before the
 * search starts (its four items covered, so every option that clashes
 * with it is gone), and a hint whose option was already removed by an
 * earlier one leaves no placement.
 *
 * Every item is a list header; every option is a row of nodes, one per
 * item, each linked up and down into its item's list. Knuth puts a
 * spacer node between options so that options of any length can be
 * walked; here every option has exactly four nodes, side by side, so the
 * option of node p starts at p rounded down to a multiple of four (from
 * the first option node) and needs no spacers. cover(i) takes
 * item i out of the list of items and hides every option of its list
 * from the other items' lists; uncover puts everything back in exactly
 * the reverse order, which is what makes "dancing" links cheap: a removed
 * node still knows its neighbours.
 *
 * Algorithm X: if no primary item is left, a placement is found; else
 * choose the primary item with the fewest options left (step X3 with
 * the MRV heuristic, "minimum remaining values"), cover it, and try each
 * of its options in turn: cover the option's other items, recurse,
 * uncover them. An item left with no option ends the branch at once,
 * since it has the fewest. Ties go to the item first in the list, and
 * the primary items are listed middle first (row and column of the
 * middle line, then outward on both sides: the "organ-pipe" order Knuth
 * suggests for n-queens), so ties favour the central lines, which
 * constrain the most.
 *
 * First mode, as mrv: a search of this kind has a heavy tail (fixed ties
 * found n = 50 in 10^4 nodes and not n = 48 in 3 s), so ties between
 * items go at random, an item's options are tried in a random order
 * (from the experiment's seed), and the search starts over with a fresh
 * draw after 2n + 16 nodes, then twice as many, and so on (a growing
 * limit keeps it complete: it still proves "none"). Count mode visits
 * every node anyway and runs once, in the fixed order.
 *
 * One node of the CSV's `nodes` is one option tried (a queen placed), as
 * in mrv, over every attempt; the pre-placed queens are not nodes. A
 * clean stop at the time limit (NQ_ETIMEOUT with the nodes so far in the
 * note), like mrv.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "solvers.h"
#include "nq_board.h"

struct node {
	int top, ulink, dlink;
};

struct dlx {
	int n;
	int nitems;
	/* items 0..nitems+1: 0 heads the primary list, nitems+1 the
	 * secondary one */
	int *llink, *rlink;
	/* nodes: 1..nitems are the item headers (top = the list's length),
	 * then the options, four nodes each, a node's three fields side by
	 * side */
	struct node *node;
	int first_opt;          /* option 0's first node (its row item) */
	int *sq;                /* sq[option] = row * n + col */
	int *chosen;            /* chosen[level] = the node of its option */
	int *tries;             /* n per level: the options it tries */
	int first, done, timed_out;
	uint64_t count;
	int64_t nodes;
	uint64_t rng;           /* first mode: random ties and order */
	int64_t limit;          /* nodes this attempt may take; 0: none */
	int64_t attempt_nodes;
	int restart;            /* unwinding for a fresh attempt */
	double deadline;
	int32_t *out;
};

/* Items of square (r, c): row, column, diagonal, anti-diagonal (1-based
 * item numbers). */
static void items_of(int n, int r, int c, int it[4])
{
	it[0] = 1 + r;
	it[1] = 1 + n + c;
	it[2] = 1 + 2 * n + r + c;
	it[3] = 1 + 2 * n + (2 * n - 1) + r - c + n - 1;
}

/* The first node of the option that node p belongs to. */
static inline int option_base(const struct dlx *x, int p)
{
	return p - ((p - x->first_opt) & 3);
}

/* Take the option of node p out of every list but p's own. */
static inline void hide(struct dlx *x, int p)
{
	int b = option_base(x, p);

	for (int q = b; q < b + 4; q++) {
		struct node *v = &x->node[q];

		if (q == p)
			continue;
		x->node[v->ulink].dlink = v->dlink;
		x->node[v->dlink].ulink = v->ulink;
		x->node[v->top].top--;
	}
}

/* hide undone: each node still knows its neighbours. */
static inline void unhide(struct dlx *x, int p)
{
	int b = option_base(x, p);

	for (int q = b + 3; q >= b; q--) {
		struct node *v = &x->node[q];

		if (q == p)
			continue;
		x->node[v->ulink].dlink = q;
		x->node[v->dlink].ulink = q;
		x->node[v->top].top++;
	}
}

static void cover(struct dlx *x, int i)
{
	int p, l, r;

	for (p = x->node[i].dlink; p != i; p = x->node[p].dlink)
		hide(x, p);
	l = x->llink[i];
	r = x->rlink[i];
	x->rlink[l] = r;
	x->llink[r] = l;
}

static void uncover(struct dlx *x, int i)
{
	int p, l = x->llink[i], r = x->rlink[i];

	x->rlink[l] = i;
	x->llink[r] = i;
	for (p = x->node[i].ulink; p != i; p = x->node[p].ulink)
		unhide(x, p);
}

/* Cover the items of the option of node p other than p's own, from the
 * one after p round to the one before it, or uncover them in exactly the
 * reverse order (Knuth's steps X5 and X6). */
static void cover_rest(struct dlx *x, int p)
{
	int b = option_base(x, p), j = p - b;

	for (int k = 1; k < 4; k++)
		cover(x, x->node[b + (j + k) % 4].top);
}

static void uncover_rest(struct dlx *x, int p)
{
	int b = option_base(x, p), j = p - b;

	for (int k = 3; k >= 1; k--)
		uncover(x, x->node[b + (j + k) % 4].top);
}

/* The option's index from any of its nodes. */
static int option_of(const struct dlx *x, int p)
{
	return (p - x->first_opt) / 4;
}

static void found(struct dlx *x, int level)
{
	x->count++;
	if (x->first) {
		/* hints and search alike sit on the chosen stack */
		for (int l = 0; l < level; l++) {
			int s = x->sq[option_of(x, x->chosen[l])];

			x->out[s / x->n] = s % x->n;
		}
		x->done = 1;
	}
}

static uint32_t rnd(struct dlx *x)
{
	uint64_t v = x->rng;

	v ^= v >> 12;
	v ^= v << 25;
	v ^= v >> 27;
	x->rng = v;
	return (uint32_t)((v * 2685821657736338717ULL) >> 40); /* 24 bits */
}

static void search(struct dlx *x, int level)
{
	int i, k = 0, best = -1, p, *mine;
	int len = x->n + 1;

	if (x->rlink[0] == 0) {
		found(x, level);
		return;
	}
	if (x->deadline > 0 && (x->nodes & 1023) == 0 &&
	    nq_now() > x->deadline) {
		x->timed_out = 1;
		return;
	}
	if (x->limit && x->attempt_nodes > x->limit) {
		x->restart = 1;
		return;
	}
	/* MRV: the primary item with the fewest options; on a tie the first
	 * in the list, or one at random in first mode */
	for (i = x->rlink[0]; i != 0; i = x->rlink[i])
		if (x->node[i].top < len) {
			len = x->node[i].top;
			best = i;
			k = 1;
			if (len == 0)
				break;
		} else if (x->rng && x->node[i].top == len &&
			   rnd(x) % (uint32_t)++k == 0) {
			best = i;
		}
	if (len == 0)
		return;
	cover(x, best);
	/* its options, in list order, or shuffled in first mode (cover
	 * leaves best's own list as it is) */
	mine = x->tries + (size_t)level * (size_t)x->n;
	for (p = x->node[best].dlink, k = 0; p != best; p = x->node[p].dlink)
		mine[k++] = p;
	for (i = k - 1; x->rng && i > 0; i--) {
		int j = (int)(rnd(x) % (uint32_t)(i + 1)), t = mine[i];

		mine[i] = mine[j];
		mine[j] = t;
	}
	for (i = 0; i < k && !x->done && !x->timed_out && !x->restart; i++) {
		p = mine[i];
		x->nodes++;
		x->attempt_nodes++;
		x->chosen[level] = p;
		cover_rest(x, p);
		search(x, level + 1);
		uncover_rest(x, p);
	}
	uncover(x, best);
}

static void dlx_free(struct dlx *x)
{
	free(x->llink);
	free(x->rlink);
	free(x->node);
	free(x->sq);
	free(x->chosen);
	free(x->tries);
}

/* Link the items (primary in organ-pipe order) and one option per
 * square no restriction forbids. 0, or -1 out of memory. */
static int build(struct dlx *x, const nq_instance *in)
{
	int n = in->n, ni, nodes, r, c, k, last, nopt = 0;
	unsigned char *banned = NULL;

	x->n = n;
	x->nitems = ni = 2 * n + 2 * (2 * n - 1);
	nodes = ni + 1 + 4 * n * n;
	x->llink = malloc((size_t)(ni + 2) * sizeof *x->llink);
	x->rlink = malloc((size_t)(ni + 2) * sizeof *x->rlink);
	x->node = malloc((size_t)nodes * sizeof *x->node);
	x->sq = malloc((size_t)n * (size_t)n * sizeof *x->sq);
	x->chosen = malloc((size_t)n * sizeof *x->chosen);
	x->tries = malloc((size_t)n * (size_t)n * sizeof *x->tries);
	if (nq_board_restricted(in))
		banned = malloc((size_t)n * (size_t)n);
	if (!x->llink || !x->rlink || !x->node ||
	    !x->sq || !x->chosen || !x->tries || (nq_board_restricted(in) && !banned)) {
		free(banned);
		return -1;
	}
	if (banned)
		nq_board_forbidden(in, banned);

	/* the primary list: r_m, c_m, then outward, lines m, m-1, m+1,
	 * m-2, m+2, ... for m = n/2 (0-based: the middle line on odd n, the
	 * second of the two middles on even n) */
	last = 0;
	for (k = 0; k < n; k++) {
		int line = k % 2 ? n / 2 - (k + 1) / 2 : n / 2 + k / 2;

		for (int j = 0; j < 2; j++) {
			int i = j ? 1 + n + line : 1 + line;

			x->llink[i] = last;
			x->rlink[last] = i;
			last = i;
		}
	}
	x->rlink[last] = 0;
	x->llink[0] = last;
	/* the secondary items in a list of their own */
	last = ni + 1;
	for (int i = 2 * n + 1; i <= ni; i++) {
		x->llink[i] = last;
		x->rlink[last] = i;
		last = i;
	}
	x->rlink[last] = ni + 1;
	x->llink[ni + 1] = last;
	for (int i = 1; i <= ni; i++) {
		x->node[i].top = 0;
		x->node[i].ulink = x->node[i].dlink = i;
	}

	/* the options, four nodes each, appended to their items' lists */
	k = ni;
	x->first_opt = ni + 1;
	for (r = 0; r < n; r++)
		for (c = 0; c < n; c++) {
			int it[4];

			if (banned && banned[(size_t)r * n + c])
				continue;
			items_of(n, r, c, it);
			x->sq[nopt++] = r * n + c;
			for (int j = 0; j < 4; j++) {
				int t = it[j], q = ++k;

				x->node[q].top = t;
				x->node[t].top++;
				x->node[q].ulink = x->node[t].ulink;
				x->node[q].dlink = t;
				x->node[x->node[t].ulink].dlink = q;
				x->node[t].ulink = q;
			}
		}
	free(banned);
	return 0;
}

int nq_dlx(const nq_job *job, nq_result *res)
{
	const nq_instance *in = job->inst;
	struct dlx x;
	double t0 = nq_now();
	int level = 0, h, rc = NQ_OK, none = 0;

	memset(&x, 0, sizeof x);
	x.first = in->mode == NQ_MODE_FIRST;
	x.out = res->placement;
	if (job->time_limit_s > 0)
		x.deadline = nq_now() + job->time_limit_s * 0.97;
	if (build(&x, in)) {
		dlx_free(&x);
		return NQ_ENOMEM;
	}
	/* the pre-placed queens: each hint's option chosen up front; one
	 * that an earlier hint (or a restriction) took away leaves none */
	for (h = 0; h < in->nhints && !none; h++) {
		int r = in->hints[h].row, c = in->hints[h].col, p;

		if (r < 0 || r >= x.n || c < 0 || c >= x.n ||
		    x.llink[x.rlink[1 + r]] != 1 + r) {
			none = 1;
			break;
		}
		/* the option of (r, c) in row r's list, if still there */
		for (p = x.node[1 + r].dlink; p != 1 + r; p = x.node[p].dlink)
			if (x.sq[option_of(&x, p)] == r * x.n + c)
				break;
		if (p == 1 + r) {
			none = 1;
			break;
		}
		cover(&x, 1 + r);
		cover_rest(&x, p);
		x.chosen[level++] = p;
	}
	res->build_s = nq_now() - t0;
	t0 = nq_now();
	if (!none && x.first) {
		/* as mrv: random ties and order from the seed, and a fresh
		 * draw after 2n + 16 nodes, then twice as many, ... (restarts
		 * with a growing limit stay complete) */
		x.rng = job->seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL;
		if (!x.rng)
			x.rng = 1;
		for (x.limit = 2 * (int64_t)x.n + 16;; x.limit *= 2) {
			x.restart = 0;
			x.attempt_nodes = 0;
			search(&x, level);
			if (!x.restart)
				break;
		}
	} else if (!none) {
		search(&x, level);
	}
	res->solve_s = nq_now() - t0;
	if (x.timed_out) {
		snprintf(res->note, sizeof res->note, "stopped at the time limit "
			 "after %lld nodes", (long long)x.nodes);
		rc = NQ_ETIMEOUT;
	} else {
		res->solutions = x.first ? (uint64_t)x.done : x.count;
		res->nodes = x.nodes;
	}
	dlx_free(&x);
	return rc;
}
