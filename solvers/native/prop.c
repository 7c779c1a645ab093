/*
 * prop.c - the `prop` variant of `backtrack`: bit-set search with
 * propagation, for the restricted families (blocked squares, excluded
 * diagonals, completion) where plain row-order backtracking explodes.
 *
 * The paper's fastest solver (Gent, Jefferson and Nightingale, JAIR 59,
 * 2017: shiftqueens, CSPLib prob079/prob080 models/) is the textbook
 * bitmask walk, rows top to bottom, a few instructions a node and no look
 * ahead. At the Excluded Diagonals peak its trees run to 10^8..10^9 nodes.
 * This search spends O(n) word operations a node to keep them small:
 *
 * - each undecided row keeps the mask of its free squares (fr[]); a queen
 *   clears its column and both diagonals from every other row's mask;
 * - forward checking both ways: a row with no free square, or an
 *   undecided column that no row can reach, ends the branch; a row or a
 *   column with one free square left is placed at once (units);
 * - Hall's count on the diagonals: the k queens still to place need k
 *   distinct sum diagonals (row + col) and k distinct difference
 *   diagonals among those the free squares still reach;
 * - the sums every full placement has: over its queens, sum (row + col)
 *   is sum rows + sum cols, and so is sum (col - row + n - 1) up to
 *   k (n - 1); the k distinct sum diagonals left must add up to exactly
 *   that, so the k smallest reachable may not exceed it and the k
 *   largest not fall short (and likewise for the difference diagonals).
 *   With lines excluded these bounds cut whole subtrees, and filter: a
 *   diagonal that no such k can hold is taken off every row, and one
 *   that every such k holds, left with one free square, is a unit;
 * - the line to branch on is the row or column with the fewest free
 *   squares (MRV over both; a column's count comes from bit-sliced
 *   counters over the row masks, exact up to 3), ties to the line that
 *   ended the most branches so far (dom/wdeg weights, per thread); in a
 *   first search's top levels, the children the most promising first
 *   (Geelen's promise), and Knuth's estimate of the tree's size for
 *   bench/treesize.sh (nq_prop_estimate).
 *
 * State is copied down a level (n words), never undone. n <= 64. The
 * diagonal bounds are dropped by a thread that finds they cut nothing
 * (blocked boards). docs/native-impl.md has the measurements, and what
 * was tried and dropped.
 *
 * Two cores on one instance: the top of the tree is expanded breadth
 * first into at least 64 subtrees per thread, taken in order by the
 * threads; in first mode the first placement stops them all, in count
 * mode the counts are added (the same count on any number of threads).
 * The other threads start only once the caller has searched alone for a
 * while (SPAWN_NODES). In first mode the search first walks the paper's
 * own order (walk() below): the caller down the rows alone for a
 * moment, then down the rows again and, on thread 1, along the columns,
 * WALK_NODES nodes each; thread 1 walks on where Knuth's estimates say
 * its walk is the shorter (walk_on()), so that an instance whose walk is
 * short is decided about as fast as shiftqueens decides it, or faster.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <time.h>
#include <stdio.h>
#include "solvers.h"
#include "nq_board.h"

/* In first mode the caller's thread first walks down the rows alone
 * for FIRST_WALK_NODES nodes (about a millisecond); then the rows' walk
 * and the columns' walk (walk_sides() below) take WALK_NODES nodes each
 * (about 20 milliseconds), at once on two threads; then the caller
 * searches alone for SPAWN_NODES nodes (10 to 30 milliseconds) before
 * the other threads start: most instances at the peaks are decided by
 * then, and a thread started for them costs more than the search (on a
 * loaded machine ten times more). */
#define WALK_NODES (1LL << 21)
/* On two threads or more, thread 1's walk along the columns (the
 * paper's own order on its published files) takes WALK_NODES nodes, as
 * the caller's does, and more while its tree and the propagated
 * search's are weighed by Knuth's estimate (weigh(), walk_on() below):
 * it walks to the end of its tree (at least LONG_WALK_NODES more, about
 * 0.1 s) when that tree is small, under WALK_SMALL nodes, or under
 * WALK_MAX nodes and WALK_RATIO times the propagated search's tree;
 * else it joins the propagated search. A walk node costs about 14 ns of
 * wall here, an estimated propagated node about 380 ns of the two
 * threads' (medians over the 4000 published peak instances): WALK_RATIO
 * is about the even point (docs/native-impl.md has the measurements). */
#define LONG_WALK_NODES (1LL << 24)
#define WALK_SMALL (1LL << 22)
#define WALK_RATIO 27
/* and never a walk of this many nodes or more (about a second): the
 * propagated search decided every published peak instance in under
 * 0.7 s, and past them it wins by far where the ratio misleads (a board
 * with placements, whose propagated search finds one long before its
 * whole tree: diag-26-4-8 at M = 24, a walk of 6.1e10 nodes against a
 * propagated tree of 2.5e9, is decided in 17 s by the propagated search
 * on both threads, and thread 1 walked 3.8e9 nodes, 33 s, to a
 * placement). */
#define WALK_MAX (1LL << 27)
#define WALK_PROBES 1024         /* Knuth's paths down the walk's tree */
#define PROP_PROBES 256          /* and down the propagated tree, */
#define PROP_PROBES_S 0.004      /* for at most this many seconds (256
				  * take about 3 ms at n = 21) */
#define FIRST_WALK_NODES (1LL << 16)
#define SPAWN_NODES (1LL << 16)
/* A first search orders the children by promise (search_promise())
 * while a third or more of the queens are still to place: below, the
 * tree's bulk, the squares' order costs less (with this bound, a board
 * with no placement takes 1.04x the time of the squares' order:
 * docs/native-impl.md). */
#define PROMISE_TOP(p, s) ((s)->left * 3 >= (p)->n * 2)

/* The hot loops count bits (popcount) at every node: with the popcnt
 * instruction, where the processor has it, rather than the portable
 * build's library call (with the diagonal filter's shortcut, 0.78x the
 * time: docs/native-impl.md). GCC picks the version once, at load (an
 * ifunc). */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__)
#define NQ_POPCNT __attribute__((target_clones("popcnt", "default")))
#else
#define NQ_POPCNT
#endif

typedef uint64_t u64;
typedef unsigned __int128 u128;

struct pnode {
	u64 rows, cols;          /* undecided rows, columns */
	int left;                /* queens still to place */
	int sumr, sumc;          /* sum of the undecided rows', columns' numbers */
	int8_t q[64];            /* q[row] = col, placed rows */
	u64 fr[64];              /* free squares of each undecided row */
};

struct prop {
	int n;
	int first;
	u64 all;
	double deadline;
	atomic_int stop;         /* a placement found (first), or time up */
	atomic_int timed_out;
	pthread_mutex_t lock;
	int done;                /* first mode: out holds a placement */
	int32_t *out;
	/* the plain walk (first mode) */
	const struct pnode *root;
	u64 wm[2][64];           /* each row's free squares; each column's */
	atomic_int walk_none;    /* a walk went through its whole tree */
	atomic_int work_ready;   /* p->work is there for a walker to join */
	/* thread 1's walk weighed against the propagated search: 1 its
	 * tree's estimate in walk_est, 2 the other's too, in prop_est */
	atomic_int weighed;
	double walk_est, prop_est;
	/* the top of the tree, shared out */
	struct pnode *work;
	int nwork;
	atomic_int next, finished;
	/* the threads: th[0] is the caller's, the others start once it has
	 * searched SPAWN_NODES nodes without an answer */
	struct pthr *th;
	pthread_t *tid;
	int threads, started;
	int joined;              /* threads 1..joined-1 are joined */
};

/* Each thread's own: on a cache line of its own (thread 1's walk
 * counts a node every 8 ns, the caller's search writes its weights and
 * counts beside it: with th[0]'s last line shared with th[1]'s first,
 * a walk of 8.8 M nodes took 0.15 s beside the search, 0.12 s apart). */
struct pthr {
	_Alignas(64) struct prop *p;
	uint64_t count;
	int64_t nodes;
	unsigned w[128];         /* failures seen on row r (w[r]), column
				  * c (w[64 + c]): the tie-break */
	int64_t checks, cuts;    /* the diagonal bounds: tried, and failed */
	int64_t walk_budget;     /* nodes walk() may take */
	int walk_side;           /* 0 rows top to bottom, 1 columns */
	int walk_weighed;        /* thread 1: walk_on() has decided */
};

/* The diagonal bounds cost as much again as the rest of a node; on
 * blocked boards they never cut (every diagonal is there), with
 * excluded diagonals they cut a node in five or ten. So after 4096 tries
 * a thread keeps them only while they cut one node in a hundred. */
static inline int diag_checks_on(const struct pthr *t)
{
	return t->checks < 4096 || t->cuts * 100 > t->checks;
}

static inline int pc64(u64 x)
{
	return __builtin_popcountll(x);
}

static inline int pc128(u128 x)
{
	return pc64((u64)x) + pc64((u64)(x >> 64));
}

static inline int ctz128(u128 x)
{
	return (u64)x ? __builtin_ctzll((u64)x) :
			64 + __builtin_ctzll((u64)(x >> 64));
}

/* A node's copy: its rows' masks up to n only. */
static inline void copy(const struct prop *p, struct pnode *to,
			const struct pnode *from)
{
	memcpy(to, from, offsetof(struct pnode, fr) +
			 (size_t)p->n * sizeof from->fr[0]);
}

static void place(const struct prop *p, struct pnode *s, int r, int c)
{
	u64 bit = (u64)1 << c, rows;

	s->rows &= ~((u64)1 << r);
	s->cols &= ~bit;
	s->fr[r] = 0;
	s->q[r] = (int8_t)c;
	s->left--;
	s->sumr -= r;
	s->sumc -= c;
	for (rows = s->rows; rows; rows &= rows - 1) {
		int o = __builtin_ctzll(rows), d = o > r ? o - r : r - o;

		s->fr[o] &= ~(bit | (bit << d) | (bit >> d)) & p->all;
	}
}

/* Bounds on one direction's diagonals (bit v of a: diagonal v is still
 * reachable), k queens left whose diagonals add up to t. Returns 0 when
 * no k of them can (the k smallest exceed t or the k largest fall
 * short); else *ban gets the diagonals that no k of them adding up to t
 * can hold (the k - 1 others could not make up the rest), *must those
 * that every such k holds (the others alone could not). Sorted prefix
 * sums make it O(|a|). */
NQ_POPCNT static int diag_filter(u128 a, int k, int t, u128 *ban,
				 u128 *must)
{
	int v[128], P[129], m = 0, i;
	u128 x;

	P[0] = 0;
	for (x = a; x; x &= x - 1, m++) {
		v[m] = ctz128(x);
		P[m + 1] = P[m] + v[m];
	}
	if (m < k || t < P[k] || t > P[m] - P[m - k])
		return 0;
	*ban = *must = 0;
	/* Nothing to ban or force when the slack on each side is wider
	 * than one diagonal can swing the sum: the loop below would find
	 * t - v[i] inside [lo, hi] for every i (the largest v against the
	 * k - 1 smallest others, the smallest v against the k - 1 largest;
	 * and without v, the k + 1 smallest and largest). */
	if (m > k + 1 && v[m - 1] <= t - P[k - 1] &&
	    v[0] >= t - (P[m] - P[m - k + 1]) && v[0] >= P[k + 1] - t &&
	    v[m - 1] <= P[m] - P[m - k - 1] - t)
		return 1;
	for (i = 0; i < m; i++) {
		u128 b = (u128)1 << v[i];
		/* v[i] used: k - 1 of the others make up t - v[i] */
		int lo = i < k ? P[k] - v[i] : P[k - 1];
		int hi = i >= m - k ? P[m] - P[m - k] - v[i] :
				      P[m] - P[m - k + 1];

		if (t - v[i] < lo || t - v[i] > hi) {
			*ban |= b;
			continue;
		}
		if (m == k) {
			*must |= b;
			continue;
		}
		/* v[i] unused: k of the others make up t */
		lo = i < k + 1 ? P[k + 1] - v[i] : P[k];
		hi = i >= m - k - 1 ? P[m] - P[m - k - 1] - v[i] :
				      P[m] - P[m - k];
		if (t < lo || t > hi)
			*must |= b;
	}
	return 1;
}

/* Place the units and check everything above. Returns 0 when the node
 * has no placement; else 1, with *line the line to branch on (row r: r;
 * column c: 64 + c), or -1 when every queen is placed. */
NQ_POPCNT static int propagate(const struct prop *p, struct pnode *s,
				int *line, struct pthr *t, int r0, int c0)
{
	int n = p->n, diag = diag_checks_on(t);
	unsigned *w = t->w;

	for (;;) {
		/* the queen (r0, c0) placed (r0 < 0: none) in the same pass
		 * over the rows as the counts: place() without a second
		 * loop */
		u64 bit = (u64)1 << (c0 & 63);

		if (r0 >= 0) {
			s->rows &= ~((u64)1 << r0);
			s->cols &= ~bit;
			s->fr[r0] = 0;
			s->q[r0] = (int8_t)c0;
			s->left--;
			s->sumr -= r0;
			s->sumc -= c0;
		}
		u64 once = 0, twice = 0, thrice = 0, rows, u, two;
		unsigned bw;
		int bl;
		u128 sd = 0, dd = 0, sd2 = 0, dd2 = 0;
		int best = 65, br = -1, k = s->left;

		if (k == 0) {
			*line = -1;
			return 1;
		}
		for (rows = s->rows; rows; rows &= rows - 1) {
			int r = __builtin_ctzll(rows), c;
			u64 m = s->fr[r];

			if (r0 >= 0) {
				int d = r > r0 ? r - r0 : r0 - r;

				m &= ~(bit | (bit << d) | (bit >> d)) & p->all;
				s->fr[r] = m;
			}
			if (!m) {
				w[r]++;
				return 0;
			}
			thrice |= twice & m;
			twice |= once & m;
			once |= m;
			c = pc64(m);
			if (c < best) {
				best = c;
				br = r;
			}
			if (diag) {
				u128 xs = (u128)m << r, xd = (u128)m << (n - 1 - r);

				sd2 |= sd & xs;
				sd |= xs;
				dd2 |= dd & xd;
				dd |= xd;
			}
		}
		if (s->cols & ~once) {
			w[64 + __builtin_ctzll(s->cols & ~once)]++;
			return 0;
		}
		if (best == 1) {
			r0 = br;
			c0 = __builtin_ctzll(s->fr[br]);
			continue;
		}
		u = s->cols & ~twice;
		if (u) {
			int c = __builtin_ctzll(u);

			for (rows = s->rows; rows; rows &= rows - 1) {
				int r = __builtin_ctzll(rows);

				if (s->fr[r] >> c & 1) {
					r0 = r;
					c0 = c;
					break;
				}
			}
			continue;
		}
		/* sum (r + c) over the queens left is sumr + sumc; sum (c - r
		 * + n - 1) is sumc - sumr + k (n - 1) */
		if (diag) {
			u128 bs, ms, bd, md, one;

			t->checks++;
			if (!diag_filter(sd, k, s->sumr + s->sumc, &bs, &ms) ||
			    !diag_filter(dd, k, s->sumc - s->sumr + k * (n - 1),
					 &bd, &md)) {
				t->cuts++;
				return 0;
			}
			if (bs | bd) {
				/* no queen on these diagonals: off every row */
				for (rows = s->rows; rows; rows &= rows - 1) {
					int r = __builtin_ctzll(rows);

					s->fr[r] &= ~((u64)(bs >> r) |
						      (u64)(bd >> (n - 1 - r)));
				}
				t->cuts++;
				r0 = -1;
				continue;
			}
			/* a diagonal that must hold a queen and has one
			 * square: a unit */
			one = ms & ~sd2;
			if (one) {
				int v = ctz128(one);

				for (rows = s->rows; rows; rows &= rows - 1) {
					int r = __builtin_ctzll(rows);

					if (v - r >= 0 && v - r < n &&
					    s->fr[r] >> (v - r) & 1) {
						r0 = r;
						c0 = v - r;
						break;
					}
				}
				continue;
			}
			one = md & ~dd2;
			if (one) {
				int v = ctz128(one);

				for (rows = s->rows; rows; rows &= rows - 1) {
					int r = __builtin_ctzll(rows),
					    c = v - (n - 1 - r);

					if (c >= 0 && c < n && s->fr[r] >> c & 1) {
						r0 = r;
						c0 = c;
						break;
					}
				}
				continue;
			}
		}
		/* the fewest squares; among lines as few, the one that
		 * ended the most branches so far (Boussemart et al.'s
		 * dom/wdeg, as a tie-break): columns of two only when no
		 * row has two or fewer, or as many */
		two = s->cols & twice & ~thrice;
		if (best > 2 && two)
			bl = 64 + __builtin_ctzll(two), bw = w[bl];
		else
			bl = br, bw = w[br];
		if (best > 2 && two)
			best = 2, rows = 0;
		else
			rows = s->rows;
		for (; rows; rows &= rows - 1) {
			int r = __builtin_ctzll(rows);

			if (w[r] > bw && pc64(s->fr[r]) == best)
				bw = w[r], bl = r;
		}
		for (two = best == 2 ? two : 0; two; two &= two - 1) {
			int c = 64 + __builtin_ctzll(two);

			if (w[c] > bw)
				bw = w[c], bl = c;
		}
		*line = bl;
		return 1;
	}
}

static void found(struct prop *p, const struct pnode *s)
{
	pthread_mutex_lock(&p->lock);
	if (!p->done) {
		for (int r = 0; r < p->n; r++)
			p->out[r] = s->q[r];
		p->done = 1;
	}
	pthread_mutex_unlock(&p->lock);
	atomic_store(&p->stop, 1);
}

/* The squares of the branching line, in the order they are tried. */
static int squares(const struct pnode *s, int line, int *rr, int *cc)
{
	int k = 0;

	if (line < 64) {
		for (u64 m = s->fr[line]; m; m &= m - 1) {
			rr[k] = line;
			cc[k++] = __builtin_ctzll(m);
		}
	} else {
		int c = line - 64;

		for (u64 rows = s->rows; rows; rows &= rows - 1) {
			int r = __builtin_ctzll(rows);

			if (s->fr[r] >> c & 1) {
				rr[k] = r;
				cc[k++] = c;
			}
		}
	}
	return k;
}

static void *worker(void *arg);

/* Start the other threads (called by th[0] alone): each with th[0]'s
 * weights. A thread that cannot be made is done without: the work is
 * shared anyway. */
static void spawn(struct prop *p)
{
	int i;

	for (i = p->started; i < p->threads; i++) {
		p->th[i] = p->th[0];
		p->th[i].count = 0;
		p->th[i].nodes = 0;
		if (pthread_create(&p->tid[i], NULL, worker, &p->th[i]) != 0)
			break;
	}
	p->started = i;
}

/* Geelen's promise of a node: the product of its undecided rows'
 * counts of free squares (as a sum of logarithms), the number of ways
 * they could be filled were the rows independent. */
static double promise(const struct pnode *s)
{
	static const double ln[65] = {
		0, 0, 0.6931, 1.0986, 1.3863, 1.6094, 1.7918, 1.9459,
		2.0794, 2.1972, 2.3026, 2.3979, 2.4849, 2.5649, 2.6391,
		2.7081, 2.7726, 2.8332, 2.8904, 2.9444, 2.9957, 3.0445,
		3.0910, 3.1355, 3.1781, 3.2189, 3.2581, 3.2958, 3.3322,
		3.3673, 3.4012, 3.4340, 3.4657, 3.4965, 3.5264, 3.5553,
		3.5835, 3.6109, 3.6376, 3.6636, 3.6889, 3.7136, 3.7377,
		3.7612, 3.7842, 3.8067, 3.8286, 3.8501, 3.8712, 3.8918,
		3.9120, 3.9318, 3.9512, 3.9703, 3.9890, 4.0073, 4.0254,
		4.0431, 4.0604, 4.0775, 4.0943, 4.1109, 4.1271, 4.1431,
		4.1589
	};
	double v = 0;

	for (u64 rows = s->rows; rows; rows &= rows - 1)
		v += ln[pc64(s->fr[__builtin_ctzll(rows)])];
	return v;
}

static void search(struct pthr *t, const struct pnode *s, int line);

/* Count a node tried; at the time limit, stop all. Returns 1 stop. */
static int tick(struct pthr *t)
{
	struct prop *p = t->p;

	if (atomic_load_explicit(&p->stop, memory_order_relaxed))
		return 1;
	if ((++t->nodes & 4095) == 0) {
		if (p->deadline > 0 && nq_now() > p->deadline) {
			atomic_store(&p->timed_out, 1);
			atomic_store(&p->stop, 1);
			return 1;
		}
		if (t == p->th && p->started < p->threads &&
		    t->nodes >= SPAWN_NODES)
			spawn(p);
	}
	return 0;
}

/* A first search's top levels (PROMISE_TOP): every child of s
 * propagated, then searched the most promising first. Where there are
 * placements, the first comes far sooner than in the squares' order
 * (diag-30-4-5 at M = 28, a tree of about 10^12 nodes: 0.6 s on one
 * thread, none in 20 s in the squares' order); where there are none,
 * the same tree, and below the top levels, where most of its nodes
 * are, the plain loop. */
static void search_promise(struct pthr *t, const struct pnode *s, int line)
{
	struct prop *p = t->p;
	struct pnode few[16], *ch = few;
	int rr[64], cc[64], ls[64], ord[64], k, m = 0, i, j;
	double sc[64];

	k = squares(s, line, rr, cc);
	if (k > 16 && !(ch = malloc((size_t)k * sizeof *ch))) {
		/* no room to look ahead: the squares' order */
		ch = few;
		k = 0;
		search(t, s, -2 - line);
	}
	for (i = 0; i < k; i++) {
		if (tick(t))
			break;
		copy(p, &ch[m], s);
		if (!propagate(p, &ch[m], &ls[m], t, rr[i], cc[i]))
			continue;
		if (ls[m] < 0) {
			t->count++;
			found(p, &ch[m]);
			break;
		}
		sc[m] = promise(&ch[m]);
		for (j = m; j > 0 && sc[ord[j - 1]] < sc[m]; j--)
			ord[j] = ord[j - 1];
		ord[j] = m++;
	}
	if (i == k)
		for (j = 0; j < m; j++)
			search(t, &ch[ord[j]], ls[ord[j]]);
	if (ch != few)
		free(ch);
}

/* Search below s (propagated, branching on line; -2 - line: that line
 * in the squares' order whatever the depth). */
static void search(struct pthr *t, const struct pnode *s, int line)
{
	struct prop *p = t->p;
	int rr[64], cc[64], k, i;

	if (line < -1)
		line = -2 - line;
	else if (p->first && PROMISE_TOP(p, s)) {
		search_promise(t, s, line);
		return;
	}
	k = squares(s, line, rr, cc);
	for (i = 0; i < k; i++) {
		struct pnode ch;
		int l;

		if (tick(t))
			return;
		copy(p, &ch, s);
		if (!propagate(p, &ch, &l, t, rr[i], cc[i]))
			continue;
		if (l < 0) {
			t->count++;
			if (p->first) {
				found(p, &ch);
				return;
			}
			continue;
		}
		search(t, &ch, l);
	}
}

/* A random draw in [0, k) (xorshift64*: the estimates' paths). */
static int draw(uint64_t *x, int k)
{
	*x ^= *x >> 12;
	*x ^= *x << 25;
	*x ^= *x >> 27;
	return (int)(((*x * 0x2545f4914f6cdd1dULL) >> 33) % (u64)k);
}

/* Knuth's estimate of the tree nq_prop searches (D. E. Knuth,
 * "Estimating the efficiency of backtrack programs", Math. Comp. 29,
 * 1975): a path from the root, at each node a child drawn at random
 * among those that survive propagation; the squares tried at each node
 * of the path, times the product of the survivors' counts above it,
 * summed down the path, estimate without bias the nodes a whole search
 * tries (a count, or a first search on a board with no placement: the
 * result's nodes less the walks'). The mean of `probes` paths from the
 * propagated root (line: its branching line) in *mean, its standard
 * error in *se (the trees are heavy-tailed: the error is understated
 * until the probes are many). Thread t's weights, learned as the probes
 * fail, as a search's are. With until > 0, no path starts past that
 * time (nq_now()), and the mean is of the paths made (one at least).
 * Returns NQ_OK, or NQ_ENOMEM. */
static int tree_estimate(const struct prop *p, const struct pnode *root,
			 int line0, struct pthr *t, long probes, double until,
			 uint64_t seed, double *mean, double *se)
{
	struct pnode s, *ch;
	double sum = 0, sum2 = 0;
	uint64_t x = seed * 0x9e3779b97f4a7c15ULL + 0x2545f4914f6cdd1dULL;

	*mean = *se = 0;
	ch = malloc(64 * sizeof *ch);
	if (!ch)
		return NQ_ENOMEM;
	for (long i = 0; i < probes; i++) {
		double e = 0, w = 1;
		int line = line0;

		if (i > 0 && until > 0 && nq_now() > until) {
			probes = i;
			break;
		}

		copy(p, &s, root);
		for (;;) {
			int rr[64], cc[64], lines[64], ok = 0;
			int k = squares(&s, line, rr, cc);

			e += w * k;
			for (int j = 0; j < k; j++) {
				copy(p, &ch[ok], &s);
				if (propagate(p, &ch[ok], &lines[ok], t, rr[j],
					      cc[j]) && lines[ok] >= 0)
					ok++;
			}
			if (!ok)
				break;
			k = draw(&x, ok);
			w *= ok;
			copy(p, &s, &ch[k]);
			line = lines[k];
		}
		sum += e;
		sum2 += e * e;
	}
	free(ch);
	*mean = sum / (double)probes;
	*se = sum2 / (double)probes - *mean * *mean;
	*se = *se > 0 ? sqrt(*se / (double)probes) : 0;
	return NQ_OK;
}

/* Knuth's estimate of the nodes a whole walk (below) down the masks wm
 * tries: the mean of `probes` random paths. */
static double walk_estimate(const struct prop *p, const u64 *wm,
			    long probes, uint64_t seed)
{
	uint64_t x = seed * 0x9e3779b97f4a7c15ULL + 0x2545f4914f6cdd1dULL;
	double sum = 0;

	for (long i = 0; i < probes; i++) {
		double e = 0, w = 1;
		u64 cols = 0, ld = 0, rd = 0;

		for (int r = 0; r < p->n; r++) {
			u64 poss = wm[r] & ~(cols | ld | rd), bit;
			int k = pc64(poss);

			e += w * k;
			if (!k)
				break;
			for (int j = draw(&x, k); j > 0; j--)
				poss &= poss - 1;
			bit = poss & -poss;
			w *= k;
			cols |= bit;
			ld = ((ld | bit) << 1) & p->all;
			rd = (rd | bit) >> 1;
		}
		sum += e;
	}
	return sum / (double)probes;
}

/* The paper's own search (shiftqueens): rows top to bottom, the lowest
 * free column first, three attack masks shifted a row at a time; no look
 * ahead, a few instructions a node. Where the first placement in that
 * order comes early, or the walk's whole tree is small, it is decided
 * long before propagation pays for itself, so in first mode the threads
 * share out the walk's subtrees for WALK_NODES nodes each (about 30
 * milliseconds) before they propagate; a walk that ends has proved there
 * is none. Returns 1 found, 0 none below, -1 stopped. */

static int walk_on(struct pthr *t);

static int walk(struct pthr *t, const u64 *wm, int r, u64 cols, u64 ld,
		u64 rd, int8_t *q)
{
	struct prop *p = t->p;
	u64 poss;

	if (r == p->n)
		return 1;
	poss = wm[r] & ~(cols | ld | rd);
	while (poss) {
		u64 bit = poss & -poss;
		int f;

		poss -= bit;
		if ((++t->nodes & 4095) == 0) {
			if (p->deadline > 0 && nq_now() > p->deadline) {
				atomic_store(&p->timed_out, 1);
				atomic_store(&p->stop, 1);
			}
			if ((t->nodes > t->walk_budget && !walk_on(t)) ||
			    atomic_load_explicit(&p->stop, memory_order_relaxed))
				return -1;
		}
		q[r] = (int8_t)__builtin_ctzll(bit);
		f = walk(t, wm, r + 1, cols | bit, ((ld | bit) << 1) & p->all,
			 (rd | bit) >> 1, q);
		if (f)
			return f;
	}
	return 0;
}

/* Thread 1's walk past its budget: walk on (1) or stop and join the
 * propagated search (0). Its walk's tree and the propagated one by
 * Knuth's estimate (weigh() and weigh_prop()): the walk to its end
 * (1.25 times the estimate, at least LONG_WALK_NODES more) when its
 * tree is under WALK_SMALL nodes, or under WALK_MAX and WALK_RATIO
 * times the other; else on until the caller has shared out the
 * propagated search's subtrees (it would only wait), and while the
 * caller estimates. The caller's own walk never goes on. */
static int walk_on(struct pthr *t)
{
	struct prop *p = t->p;

	if (t == p->th || t->walk_weighed == 1)
		return 0;
	if (!t->walk_weighed && atomic_load(&p->weighed) == 2) {
		t->walk_weighed = 2;
		if (p->walk_est < WALK_MAX &&
		    p->walk_est < WALK_RATIO * p->prop_est) {
			t->walk_weighed = 1;
			t->walk_budget = t->nodes + LONG_WALK_NODES;
			if (p->walk_est * 1.25 > (double)t->walk_budget)
				t->walk_budget = p->walk_est < 0x1p61
					? (int64_t)(p->walk_est * 1.25)
					: INT64_MAX;
			return 1;
		}
	}
	return !atomic_load(&p->work_ready);
}

/* Thread 1, before its walk: the walk's tree by Knuth's estimate
 * (about 0.2 ms at n = 21), posted for the caller; a small one is
 * walked to its end. */
static void weigh(struct pthr *t, const u64 *wm)
{
	struct prop *p = t->p;

	p->walk_est = walk_estimate(p, wm, WALK_PROBES, 1);
	atomic_store(&p->weighed, 1);
	if (p->walk_est < WALK_SMALL) {
		t->walk_weighed = 1;
		t->walk_budget = t->nodes + LONG_WALK_NODES;
	}
}

/* The caller, its walks done, thread 1's not: the propagated tree's
 * estimate (about 3 ms at n = 21, at most PROP_PROBES_S; with weights
 * of its own, the search's are its own), posted for thread 1, when its
 * walk is not small. */
static void weigh_prop(struct prop *p)
{
	struct pthr e;
	struct pnode root = *p->root;
	double pn = 0, se;
	int line;

	if (atomic_load(&p->weighed) != 1 || p->walk_est < WALK_SMALL ||
	    p->walk_est >= WALK_MAX)
		return;
	memset(&e, 0, sizeof e);
	e.p = p;
	if (propagate(p, &root, &line, &e, -1, -1) && line >= 0 &&
	    tree_estimate(p, &root, line, &e, PROP_PROBES,
			  nq_now() + PROP_PROBES_S, 1, &pn, &se) != NQ_OK)
		pn = 0;
	p->prop_est = pn;
	atomic_store(&p->weighed, 2);
}

/* One walk, whole or to the budget: down the rows (side 0), or along
 * the columns (side 1: the board transposed), the lowest square first. */
static void *walker(void *arg)
{
	struct pthr *t = arg;
	struct prop *p = t->p;
	struct pnode s = *p->root;
	int8_t q[64];
	int f;

	t->walk_budget = t->nodes + WALK_NODES;
	if (t != p->th)
		weigh(t, p->wm[t->walk_side]);
	f = walk(t, p->wm[t->walk_side], 0, 0, 0, 0, q);
	if (f > 0) {
		for (int i = 0; i < p->n; i++)
			if (t->walk_side)
				s.q[q[i]] = (int8_t)i;
			else
				s.q[i] = q[i];
		found(p, &s);
	} else if (f == 0) {
		p->walk_none = 1;
		atomic_store(&p->stop, 1);
	}
	return NULL;
}

/* Wait for the threads still running and add up theirs; stop them
 * first when the search was given up (out of memory): a decided or
 * timed-out search has stopped them already, and the others end with
 * the subtrees. */
static void join_threads(struct prop *p, uint64_t *count, int64_t *nodes,
			 int stop)
{
	if (stop)
		atomic_store(&p->stop, 1);
	for (; p->joined < p->started; p->joined++) {
		pthread_join(p->tid[p->joined], NULL);
		*count += p->th[p->joined].count;
		*nodes += p->th[p->joined].nodes;
	}
}

/* Thread 1: its walk, then (not decided) the propagated search with
 * the others, once the caller has shared out the subtrees. */
static void *long_walker(void *arg)
{
	struct pthr *t = arg;
	struct prop *p = t->p;
	struct timespec nap = { 0, 200000 };

	walker(arg);
	while (!atomic_load(&p->work_ready) && !atomic_load(&p->stop))
		nanosleep(&nap, NULL);
	return worker(arg);
}

/* The walks, the two sides at once on two threads (one after the other
 * on one; on two, thread 1's may go on beside the propagated search:
 * walk_on()). The published Excluded Diagonals files put the
 * paper's rows along this board's columns (a diagonal's number read as
 * shiftqueens reads it, the board is this one transposed); and of the
 * two, the shorter walk often differs by a factor of ten or more
 * (diag-19-4-1 at M = 17: 1.8 M nodes down shiftqueens' rows, 29 M
 * along its columns).
 * Returns 1 when the search is over (decided or out of time: p->done,
 * p->walk_none and p->timed_out say which once the threads are joined),
 * 0 not. */
static int walk_sides(struct prop *p, struct pthr *th, int64_t *nodes)
{
	int i, started = 1;

	for (int r = 0; r < p->n; r++)
		p->wm[1][r] = 0;
	for (int r = 0; r < p->n; r++)
		for (u64 m = p->wm[0][r]; m; m &= m - 1)
			p->wm[1][__builtin_ctzll(m)] |= (u64)1 << r;
	th[0].walk_side = 0;
	/* a board that is its own transpose (a plain one, say) has the
	 * same walk both ways, and the first walk was the rows' */
	if (!memcmp(p->wm[0], p->wm[1], (size_t)p->n * sizeof(u64)))
		return 0;
	if (p->threads > 1) {
		th[1] = th[0];
		th[1].nodes = 0;
		th[1].walk_side = 1;
		if (pthread_create(&p->tid[1], NULL, long_walker, &th[1]) == 0)
			p->started = started = 2;
	}
	walker(&th[0]);
	if (started == 2) {
		/* thread 1 walks on, joined at the end; what it decides,
		 * or the caller's walk did, is read after that */
		th[0].walk_side = 0;
		*nodes += th[0].nodes;
		th[0].nodes = 0;
		return atomic_load(&p->stop);
	} else if (!atomic_load(&p->stop)) {
		th[0].walk_side = 1;
		walker(&th[0]);
	}
	th[0].walk_side = 0;
	for (i = 0; i < started; i++) {
		*nodes += th[i].nodes;
		th[i].nodes = 0;
	}
	return p->done || p->walk_none;
}

static void *worker(void *arg)
{
	struct pthr *t = arg;
	struct prop *p = t->p;
	int i, l;

	while (!atomic_load(&p->stop) &&
	       (i = atomic_fetch_add(&p->next, 1)) < p->nwork) {
		struct pnode s = p->work[i];

		if (propagate(p, &s, &l, t, -1, -1))
			search(t, &s, l);
		/* the last subtree done: the walk has nothing left to
		 * find either */
		if (atomic_fetch_add(&p->finished, 1) + 1 == p->nwork)
			atomic_store(&p->stop, 1);
	}
	return NULL;
}

/* Sort the open nodes v[0..m) by promise, the highest first, in
 * their order among equals (an insertion sort: m is a few hundred). */
static void sort_promise(struct pnode *v, int m)
{
	double *sc = malloc((size_t)m * sizeof *sc);
	struct pnode x;

	if (!sc)
		return; /* their own order, then */
	for (int i = 0; i < m; i++)
		sc[i] = promise(&v[i]);
	for (int i = 1; i < m; i++) {
		double key = sc[i];
		int j = i;

		if (sc[i - 1] >= key)
			continue;
		x = v[i];
		for (; j > 0 && sc[j - 1] < key; j--) {
			v[j] = v[j - 1];
			sc[j] = sc[j - 1];
		}
		v[j] = x;
		sc[j] = key;
	}
	free(sc);
}

/* Expand the root breadth first into at least want propagated open
 * nodes (fewer when the tree is smaller); placements met on the way are
 * counted (and end a first-mode search). Returns the count met, or -1
 * out of memory. */
static long expand(struct prop *p, struct pthr *t, const struct pnode *root,
		   int want)
{
	struct pnode *cur, *nxt;
	int ncur = 1, cap = 1, rr[64], cc[64], l;
	long met = 0;

	cur = malloc(sizeof *cur);
	if (!cur)
		return -1;
	cur[0] = *root;
	while (ncur > 0 && ncur < want && !atomic_load(&p->stop)) {
		int nn = 0, ncap = 0;

		for (int j = 0; j < ncur; j++) {
			propagate(p, &cur[j], &l, t, -1, -1);
			ncap += squares(&cur[j], l, rr, cc);
		}
		nxt = malloc((size_t)(ncap ? ncap : 1) * sizeof *nxt);
		if (!nxt) {
			free(cur);
			return -1;
		}
		for (int j = 0; j < ncur && !atomic_load(&p->stop); j++) {
			int k;

			propagate(p, &cur[j], &l, t, -1, -1);
			k = squares(&cur[j], l, rr, cc);
			for (int i = 0; i < k; i++) {
				struct pnode ch = cur[j];
				int l2;

				t->nodes++;
				if (!propagate(p, &ch, &l2, t, rr[i],
					       cc[i]))
					continue;
				if (l2 < 0) {
					met++;
					if (p->first) {
						found(p, &ch);
						break;
					}
					continue;
				}
				nxt[nn++] = ch;
			}
		}
		free(cur);
		cur = nxt;
		ncur = nn;
		cap = ncap;
	}
	(void)cap;
	p->work = cur;
	p->nwork = atomic_load(&p->stop) ? 0 : ncur;
	/* a first search takes the subtrees the most promising first, as
	 * search_promise() takes a node's children */
	if (p->first && p->nwork > 1)
		sort_promise(p->work, p->nwork);
	return met;
}

/* The root: the board's free squares (blocked squares and excluded
 * lines off), the hints placed, propagated. Returns -1 out of memory, 0
 * no placement (hints that clash, or propagation), 1 the root is a
 * placement, 2 open, *line the line to branch on. */
static int prop_root(struct prop *p, const nq_instance *in,
		     struct pnode *root, struct pthr *t, int *line)
{
	int n = in->n, r, c;

	memset(root, 0, sizeof *root);
	root->rows = root->cols = p->all;
	root->left = n;
	for (r = 0; r < n; r++) {
		root->fr[r] = p->all;
		root->sumr += r;
		root->sumc += r;
	}
	if (nq_board_restricted(in)) {
		unsigned char *banned = malloc((size_t)n * (size_t)n);

		if (!banned)
			return -1;
		nq_board_forbidden(in, banned);
		for (r = 0; r < n; r++)
			for (c = 0; c < n; c++)
				if (banned[(size_t)r * n + c])
					root->fr[r] &= ~((u64)1 << c);
		free(banned);
	}
	for (int i = 0; i < in->nhints; i++) {
		r = in->hints[i].row;
		c = in->hints[i].col;
		if (!(root->rows >> r & 1) || !(root->fr[r] >> c & 1))
			return 0; /* hints that clash */
		place(p, root, r, c);
	}
	if (!propagate(p, root, line, t, -1, -1))
		return 0;
	return *line < 0 ? 1 : 2;
}

int nq_prop(const nq_job *job, nq_result *res, int threads)
{
	const nq_instance *in = job->inst;
	int n = in->n, r, l, rc = NQ_OK;
	struct prop p;
	struct pnode root;
	struct pthr th[64];
	pthread_t tid[64];
	long met;
	uint64_t count = 0;
	int64_t nodes = 0;

	if (n < 1 || n > 64) {
		snprintf(res->note, sizeof res->note,
			 "prop takes n <= 64 (one machine word a row)");
		return NQ_ERR;
	}
	if (threads < 1)
		threads = 1;
	if (threads > 64)
		threads = 64;
	memset(&p, 0, sizeof p);
	p.joined = 1;
	p.n = n;
	p.first = in->mode == NQ_MODE_FIRST;
	p.all = n == 64 ? ~(u64)0 : ((u64)1 << n) - 1;
	p.out = res->placement;
	if (job->time_limit_s > 0)
		p.deadline = nq_now() + job->time_limit_s * 0.97;
	pthread_mutex_init(&p.lock, NULL);

	memset(&th[0], 0, sizeof th[0]);
	th[0].p = &p;
	met = 0;
	switch (prop_root(&p, in, &root, &th[0], &l)) {
	case -1:
		rc = NQ_ENOMEM;
		goto out;
	case 0:
		goto none;
	case 1:
		met = 1;
		if (p.first)
			found(&p, &root);
		goto none;
	}
	p.root = &root;
	p.th = th;
	p.tid = tid;
	p.threads = threads;
	p.started = 1;
	snprintf(res->ran, sizeof res->ran, "threads=%d", threads);
	if (p.first) {
		/* the paper's order, a moment, alone */
		struct pnode s = root;
		u64 *wm = p.wm[0];
		int f;

		for (r = 0; r < n; r++)
			wm[r] = s.rows >> r & 1 ? s.fr[r] : (u64)1 << s.q[r];
		th[0].walk_budget = FIRST_WALK_NODES;
		f = walk(&th[0], wm, 0, 0, 0, 0, s.q);
		nodes = th[0].nodes;
		th[0].nodes = 0;
		if (f > 0) {
			found(&p, &s);
			goto none;
		}
		if (f == 0) {
			p.walk_none = 1;
			goto none;
		}
		/* then longer, both ways */
		if (atomic_load(&p.timed_out) || walk_sides(&p, th, &nodes) ||
		    atomic_load(&p.timed_out))
			goto none;
		weigh_prop(&p);
	}
	met = expand(&p, &th[0], &root, threads > 1 ? 64 * threads : 1);
	atomic_store(&p.work_ready, 1);
	if (met < 0) {
		rc = NQ_ENOMEM;
		goto out;
	}
	nodes += th[0].nodes;
	th[0].nodes = 0;
	if (p.nwork < 2)
		p.threads = 1; /* nothing to share */
	worker(&th[0]);
	count += th[0].count;
	nodes += th[0].nodes;
none:
	join_threads(&p, &count, &nodes, 0);
	if (atomic_load(&p.timed_out) && !p.done && !p.walk_none) {
		snprintf(res->note, sizeof res->note, "stopped at the time limit "
			 "after %lld nodes", (long long)nodes);
		rc = NQ_ETIMEOUT;
		goto out;
	}
	res->solutions = p.first ? (uint64_t)p.done : count + (uint64_t)met;
	res->nodes = nodes;
out:
	join_threads(&p, &count, &nodes, 1);
	free(p.work);
	pthread_mutex_destroy(&p.lock);
	return rc;
}

/* Knuth's estimate of the tree nq_prop searches, from the propagated
 * root (see nq_prop_estimate). */
int nq_prop_estimate(const nq_instance *in, long probes, uint64_t seed,
		     double *mean, double *se)
{
	struct prop p;
	struct pnode root;
	struct pthr t;
	int n = in->n, l, rc;

	*mean = *se = 0;
	if (n < 1 || n > 64 || probes < 1)
		return NQ_ERR;
	memset(&p, 0, sizeof p);
	p.n = n;
	p.all = n == 64 ? ~(u64)0 : ((u64)1 << n) - 1;
	memset(&t, 0, sizeof t);
	t.p = &p;
	rc = prop_root(&p, in, &root, &t, &l);
	if (rc < 0)
		return NQ_ENOMEM;
	if (rc < 2)
		return NQ_OK; /* decided at the root: no node */
	return tree_estimate(&p, &root, l, &t, probes, 0, seed, mean, se);
}
