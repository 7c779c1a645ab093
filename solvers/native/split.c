/*
 * split.c - the `split` variant of `backtrack`: count by splitting the
 * board into a west and an east half and joining the halves, instead of
 * searching whole placements.
 *
 * Cut the board down the middle: west columns 0..m-1, east columns
 * n-m..n-1 (for odd n the middle column is a queen of its own, below).
 * Every column holds one queen, so a placement has m queens in each half,
 * and the rows they sit in split the rows into two sets: R (the rows whose
 * queen is east) and its complement. For a fixed R, the east half is a
 * small problem of its own, m queens on m columns in the rows of R, and so
 * is the west half on the other rows. An east half and a west half make a
 * placement exactly when no diagonal holds a queen of each: rows and
 * columns cannot clash any more. So
 *
 *     count = sum over R of #{(E, W) : diagonals(E) & diagonals(W) = 0}
 *
 * and each half is described by one word: the diagonals it occupies that
 * the other half can reach too (2m - 1 of each direction, so n <= 32).
 *
 * Why this beats searching: a search reaches every placement by walking
 * down from the top, and pays for every dead end on the way; here the
 * halves are made once per R (boards m columns wide, far smaller), and
 * the pairs are counted without building them.
 *
 * Quadrants (even n <= 20): each half is cut again into a north and a
 * south square of m x m. One table of every placement on an m x m square
 * is built first; a half for R is then the north square's list on R's
 * north rows paired with the south square's list on its south rows, in
 * the other columns, so no half is searched at all (see from_quads_k):
 * each north word meets its south list four words at a time (pair_avx2,
 * where the processor has AVX2; pair_plain elsewhere). The south lists
 * of a set of south rows are converted once for the run of tasks that
 * share it, and the table's lists are sorted by their queens on the
 * square's two long diagonals, so that the longest diagonals' rule
 * below takes whole runs of them. Odd n, and even n past 20 (the table
 * would pass 500 MB), search each half.
 *
 * The join (solvers/native/split_join.c): the shorter list is turned on its
 * side, 64 words to a block, so that a word of the other list meets 64
 * of them with a few ANDs (four blocks at once with AVX2). A small table
 * (under 3000 words, with the longest diagonals' rule) is met whole by
 * every word; a larger one is cut into buckets by a few diagonals
 * through the middle, so that the blocks holding only buckets with a
 * common diagonal are never met. nq_split_fits (solvers.h) picks the
 * portable forms for tests.
 *
 * Symmetry, odd n: mirroring the board left to right swaps the halves (R
 * becomes its complement), and turning it upside down reverses R. A set
 * R stands for its orbit under both, and only the smallest R of each
 * orbit is joined, weighted by the orbit's size: close to a quarter of
 * the work.
 *
 * Symmetry, even n (Kluev's rule, from the two longest diagonals): each
 * holds at most one queen, east or west of the middle. Transposing the
 * board (row for column) moves the queen on r + c = n - 1 to the other
 * side and leaves the one on r = c where it is; the turn about r + c =
 * n - 1 does the same the other way round. So, summed over all R, the
 * placements with a queen east on one of them are as many as those with
 * it west: only the
 * east halves off both are kept (about a quarter of them), and a west
 * half counts 2 for each of the two it holds. The upside-down turn swaps
 * the two diagonals and keeps that rule, so R stands for {R, reversed
 * R}; the left-right mirror swaps east and west, so it is used only on
 * the placements off both diagonals (see add_tasks_even), and where it
 * gives them weight 0 (mirror 0) the west halves off both are not made.
 * About an eighth of the pairs of the plain count are met.
 *
 * Odd n: the middle column's queen is placed first, in each row r0 of the
 * top half (the upside-down turn gives the bottom half, weight 2) and in
 * the middle row; its diagonals close squares in both halves, and the
 * rows left are split as above.
 *
 * Nodes: the search's nodes where halves are searched, else the
 * (north, south) pairs tried while making halves.
 *
 * The idea is Kluev's quadrant counter (EvgenyKluev/N-Queens-Count-Sol):
 * quadrants, the transposed matcher and the longest diagonals' rule are
 * his; this is a C form written afresh, with buckets by middle diagonals
 * in the join (his sieve cuts bits only from n = 20 on).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "solvers.h"
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

typedef uint64_t word;

struct quads;
struct half;

/* A half-board from the quadrant table (see from_quads_k). */
typedef void quads_fn(struct half *h, const struct quads *q, word rows,
		      int west, int diag, int mirror0);

/* One R to join: the rows of the east half, the middle column's row
 * (odd n, else -1), and how many sets R it stands for. */
struct task {
	word rows;
	int r0;
	int weight;
	int mirror;           /* even n: see add_tasks_even */
};

struct job {
	int n, m;
	int diag;             /* even n: the longest diagonals' symmetry */
	word window;          /* 2m - 1 low bits */
	struct task *task;
	int ntasks;
	struct nq_part part;  /* tasks part.k, part.k + part.of, ... */
	const struct quads *q; /* even n <= 2 * QMAX_M, else NULL */
	quads_fn *from_quads;
	atomic_int next;
	uint64_t total;
	int64_t nodes;
	int failed;           /* out of memory */
	pthread_mutex_t lock;
};

/* One half being built: its rows, its columns, the squares closed. */
struct half {
	int n, m, shift;      /* shift: the low edge of the diagonal window */
	int nrows;
	int row[32];
	word cols;
	word closed[32];      /* by the middle queen, per row */
	word window;
	word *out;            /* the words of the halves found */
	size_t count, cap;
	/* from_quads: the south lists of rows srows converted (see
	 * south_lists), the half's parts and the raw words side by side;
	 * list C from sstart[C], its words on the longest diagonal (west)
	 * up to son[C], all up to send[C], with sonreal[C] and sreal[C]
	 * real words */
	word *south;
	size_t scap;
	long srows;           /* -1: none yet */
	int swest;
	uint32_t *sstart, *son, *send, *sreal, *sonreal;
	int64_t nodes;
	int failed;
};

/* Room for one more word in the half's list; 0 when memory ran out. */
static int room(struct half *h)
{
	size_t cap;
	word *p;

	if (h->count < h->cap)
		return 1;
	cap = h->cap ? 2 * h->cap : 1024;
	p = realloc(h->out, cap * sizeof *p);
	if (!p) {
		h->failed = 1;
		return 0;
	}
	h->out = p;
	h->cap = cap;
	return 1;
}

/* Room for `need` more words; 0 when memory ran out. */
static int room_for(struct half *h, size_t need)
{
	size_t cap = h->cap ? h->cap : 1024;
	word *p;

	while (cap - h->count < need)
		cap *= 2;
	if (cap == h->cap)
		return 1;
	p = realloc(h->out, cap * sizeof *p);
	if (!p) {
		h->failed = 1;
		return 0;
	}
	h->out = p;
	h->cap = cap;
	return 1;
}

/*
 * Quadrants (even n up to QMAX_M * 2): the rows split again into a north
 * half and a south half, so each half-board is two m x m squares, one
 * above the other. Diagonals do not care where a square sits, so one
 * table of every placement of queens on an m x m square (any number of
 * queens, at most one per row and column, none sharing a diagonal)
 * serves all four quadrants: building it costs one search of the small
 * square, and after that a half-board for any R is made by pairing the
 * north placement on R's north rows with the south placement on R's
 * south rows in the other columns, with no search at all. Pairing
 * beats searching the half because a half's search walks through every
 * dead end of its m rows once per R, where the table paid for them once.
 *
 * An entry is one word: bit i + c of the low half (the square's falling
 * diagonals) and bit c - i + m - 1 of the high half (its rising ones),
 * for a queen on local row i, column c. The entries are sorted by (rows,
 * columns) so that off[] gives each list. m <= 10 keeps the table small
 * (7.5 million entries, 64 MB at m = 10); larger even n search halves.
 */
enum { QMAX_M = 10 };

static word next_same_bits(word x);

struct quads {
	int m;
	uint32_t *off;        /* 2^(2m) + 1 list starts, key rows << m | cols */
	uint16_t *cut;        /* per key, where its classes 1, 2, 3 start */
	word *e;              /* the entries */
};

/* An entry's class: its queens on the square's diagonals i + c = m - 1
 * (a) and c - i = 0 (d), in the order (a, d) = 01, 00, 10, 11, so that
 * the entries off i + c = m - 1 are the classes 0 and 1, and those of
 * each d in a row. */
static unsigned quad_class(word e, int m)
{
	unsigned a = (unsigned)(e >> (m - 1) & 1), d = (unsigned)(e >> (32 + m - 1) & 1);

	return a ? 2 + d : 1 - d;
}

/* Every placement on the square, rows top down; fill: store, else count. */
static void quad_walk(struct quads *q, int i, word rows, word cols, word d,
		      word k, int fill)
{
	const int m = q->m;
	word c, free_cols;

	if (i == m) {
		size_t key = (size_t)(rows << m | cols);

		if (fill)
			q->e[q->off[key]++] = d | k << 32;
		else
			q->off[key + 1]++;
		return;
	}
	quad_walk(q, i + 1, rows, cols, d, k, fill);
	free_cols = ((word)1 << m) - 1;
	free_cols &= ~(cols | d >> i | k >> (m - 1 - i));
	for (c = free_cols; c; c &= c - 1) {
		word bit = c & (~c + 1);

		quad_walk(q, i + 1, rows | (word)1 << i, cols | bit,
			  d | bit << i, k | bit << (m - 1 - i), fill);
	}
}

/* The table of m; NQ_OK, NQ_ENOMEM. */
static int quads_make(struct quads *q, int m)
{
	size_t keys = (size_t)1 << (2 * m), i, j;
	word part[4][4096];

	q->m = m;
	q->e = NULL;
	q->off = calloc(keys + 1, sizeof *q->off);
	q->cut = malloc(3 * keys * sizeof *q->cut);
	if (!q->off || !q->cut)
		goto fail;
	quad_walk(q, 0, 0, 0, 0, 0, 0);
	for (i = 0; i < keys; i++)
		q->off[i + 1] += q->off[i];
	q->e = malloc((q->off[keys] ? q->off[keys] : 1) * sizeof *q->e);
	if (!q->e)
		goto fail;
	/* fill moves each start to the next list's start; shift back */
	quad_walk(q, 0, 0, 0, 0, 0, 1);
	for (i = keys; i > 0; i--)
		q->off[i] = q->off[i - 1];
	q->off[0] = 0;
	/* each list in the order of its entries' classes (at most 724
	 * entries a list up to m = 10, the 10 x 10 square's placements) */
	for (i = 0; i < keys; i++) {
		word *l = q->e + q->off[i];
		size_t n = q->off[i + 1] - q->off[i], cnt[4] = { 0 }, k, at;

		if (n > 4096)
			goto fail;      /* never: see above */
		for (j = 0; j < n; j++) {
			unsigned c = quad_class(l[j], m);

			part[c][cnt[c]++] = l[j];
		}
		for (k = 0, at = 0; k < 4; k++) {
			if (k)
				q->cut[3 * i + k - 1] = (uint16_t)at;
			memcpy(l + at, part[k], cnt[k] * sizeof *l);
			at += cnt[k];
		}
	}
	return NQ_OK;
fail:
	free(q->off);
	free(q->cut);
	free(q->e);
	q->off = NULL;
	q->cut = NULL;
	q->e = NULL;
	return NQ_ENOMEM;
}

/*
 * One north word against a south list: each south word sr[j] that meets
 * none of forbid's diagonals gives the half's word part | sw[j], written
 * at out; the count written. n is a multiple of four, so the AVX2 form
 * takes the words four at a time and packs the kept ones together with
 * a permutation from a table of the sixteen patterns.
 */
static size_t pair_plain(word *out, const word *sw, const word *sr, size_t n,
			 word part, word forbid)
{
	word *o = out;
	size_t j;

	for (j = 0; j < n; j++) {
		*o = part | sw[j];
		o += !(forbid & sr[j]);
	}
	return (size_t)(o - out);
}

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("avx2,popcnt"))) static size_t
pair_avx2(word *out, const word *sw, const word *sr, size_t n, word part,
	  word forbid)
{
	/* pattern p: the 32-bit lanes of the words kept, lowest first */
	static const int32_t pack[16][8] = {
		{ 0, 0, 0, 0, 0, 0, 0, 0 }, { 0, 1, 0, 0, 0, 0, 0, 0 },
		{ 2, 3, 0, 0, 0, 0, 0, 0 }, { 0, 1, 2, 3, 0, 0, 0, 0 },
		{ 4, 5, 0, 0, 0, 0, 0, 0 }, { 0, 1, 4, 5, 0, 0, 0, 0 },
		{ 2, 3, 4, 5, 0, 0, 0, 0 }, { 0, 1, 2, 3, 4, 5, 0, 0 },
		{ 6, 7, 0, 0, 0, 0, 0, 0 }, { 0, 1, 6, 7, 0, 0, 0, 0 },
		{ 2, 3, 6, 7, 0, 0, 0, 0 }, { 0, 1, 2, 3, 6, 7, 0, 0 },
		{ 4, 5, 6, 7, 0, 0, 0, 0 }, { 0, 1, 4, 5, 6, 7, 0, 0 },
		{ 2, 3, 4, 5, 6, 7, 0, 0 }, { 0, 1, 2, 3, 4, 5, 6, 7 },
	};
	const __m256i vf = _mm256_set1_epi64x((long long)forbid);
	const __m256i vp = _mm256_set1_epi64x((long long)part);
	const __m256i zero = _mm256_setzero_si256();
	word *o = out;
	size_t j;

	for (j = 0; j < n; j += 4) {
		__m256i r = _mm256_loadu_si256((const __m256i *)(sr + j));
		__m256i w = _mm256_or_si256(
			_mm256_loadu_si256((const __m256i *)(sw + j)), vp);
		int mk = _mm256_movemask_pd(_mm256_castsi256_pd(
			_mm256_cmpeq_epi64(_mm256_and_si256(r, vf), zero)));

		_mm256_storeu_si256(
			(__m256i *)o,
			_mm256_permutevar8x32_epi32(
				w, _mm256_loadu_si256(
					   (const __m256i *)pack[mk])));
		o += __builtin_popcount((unsigned)mk);
	}
	return (size_t)(o - out);
}
#endif

/*
 * A half-board from the table: for each set C of columns for the north
 * rows, the north list on (north rows, C) against the south list on
 * (south rows, the other columns), keeping the pairs whose queens share
 * no diagonal. A north queen's falling diagonal i + c meets a south
 * one's when it is m more (the south square starts m rows lower), its
 * rising one when it is m less: one AND against a word made once per
 * north entry. The word kept is the pair's diagonals in the window the
 * other half can reach (see grow for the frame): for the east half the
 * north square's diagonals are the window's low falling and high rising
 * bits, for the west half the other way round.
 *
 * The longest diagonals' rule (even n, top comment) is applied here:
 * east halves with a queen on either longest diagonal are not made (the
 * north square holds the east part of r + c = n - 1, its i + c = m - 1,
 * the south square that of r = c, its c - i = 0: the north words on
 * theirs are skipped as a run of their list, the south words on theirs
 * left out of the converted list). With mirror 0 the west halves off
 * both weigh nothing, so they are not made either: the west part of
 * r = c is the north square's c - i = 0, that of r + c = n - 1 the
 * south square's i + c = m - 1; the converted south list holds the
 * words on it first, and a north word off its diagonal meets only
 * those.
 */

/* The south lists of rows rs for this half (west or east), converted
 * once for all the tasks that share rs (consecutive tasks mostly do:
 * the task list runs through the sets R with the south rows changing
 * slowest): each list's half parts (sw) and raw words (sr), padded to a
 * multiple of four with words that meet every north word (bit 63);
 * west: the words on the south's i + c = m - 1 first, padded apart;
 * east: those on its c - i = 0 left out. 0 when memory ran out. */
static int south_lists(struct half *h, const struct quads *q, word rs,
		       int west, int diag)
{
	const int m = q->m, ks = 2 * m - 1;
	const word window = h->window, lo32 = 0xffffffffu, pad = (word)1 << 63;
	const size_t keys = (size_t)1 << m;
	const uint32_t *off = q->off + (rs << m);
	size_t need = (size_t)(off[keys] - off[0]) + 8 * keys, cs, j, k4;
	word *sw, *sr;
	int pass;

	if (!h->sstart) {
		h->sstart = malloc(5 * keys * sizeof *h->sstart);
		if (!h->sstart) {
			h->failed = 1;
			return 0;
		}
		h->son = h->sstart + keys;
		h->send = h->son + keys;
		h->sreal = h->send + keys;
		h->sonreal = h->sreal + keys;
	}
	if (need > h->scap) {
		word *p = realloc(h->south, 2 * need * sizeof *p);

		if (!p) {
			h->failed = 1;
			return 0;
		}
		h->south = p;
		h->scap = need;
	}
	sw = h->south;
	sr = h->south + h->scap;
	for (cs = 0, k4 = 0; cs < keys; cs++) {
		const word *sl = q->e + off[cs];
		size_t ns = off[cs + 1] - off[cs];
		uint32_t real = 0;

		h->sstart[cs] = (uint32_t)k4;
		h->son[cs] = (uint32_t)k4;
		h->sonreal[cs] = 0;
		for (pass = diag && west ? 1 : 0; pass >= 0; pass--) {
			for (j = 0; j < ns; j++) {
				word sd = sl[j] & lo32, sk = sl[j] >> 32;

				if (diag && west &&
				    (int)(sd >> (m - 1) & 1) != pass)
					continue;
				if (diag && !west && (sk >> (m - 1) & 1))
					continue;
				sr[k4] = sl[j];
				sw[k4++] = west ? (sd & window) |
							  (sk >> m & window) << ks
						: (sd << m & window) |
							  (sk & window) << ks;
				real++;
			}
			for (; k4 % 4; k4++) {
				sr[k4] = pad;
				sw[k4] = 0;
			}
			if (pass) {
				h->son[cs] = (uint32_t)k4;
				h->sonreal[cs] = real;
			}
		}
		h->send[cs] = (uint32_t)k4;
		h->sreal[cs] = real;
	}
	h->srows = (long)rs;
	h->swest = west;
	return 1;
}

/*
 * The half from the quadrant table: each north word (forbid: the
 * diagonals a south word must not hold, part: its share of the half's
 * word) against the converted south list of the other columns. With
 * mirror 0 a west north word off its c - i = 0 meets only the south
 * words on their i + c = m - 1 (the list's first part).
 */
static inline __attribute__((always_inline)) void
from_quads_k(struct half *h, const struct quads *q, word rows, const int west,
	     int diag, int mirror0, const int avx, const int m)
{
	const int ks = 2 * m - 1;
	const word mask = ((word)1 << m) - 1, window = h->window;
	const word lo32 = 0xffffffffu, pad = (word)1 << 63;
	const int split_on = diag && west && mirror0;
	word rn = rows & mask, rs = rows >> m & mask, c;
	int k = __builtin_popcountll(rn);
	int64_t pairs = 0;

	if ((h->srows != (long)rs || h->swest != west) &&
	    !south_lists(h, q, rs, west, diag))
		return;
	for (c = ((word)1 << k) - 1; c <= mask; c = k ? next_same_bits(c)
						       : mask + 1) {
		const word *nl = q->e + q->off[rn << m | c];
		const word *ne = q->e + q->off[(rn << m | c) + 1];
		const size_t cs = (size_t)(mask ^ c);
		const word *sw = h->south + h->sstart[cs];
		const word *sr = h->south + h->scap + h->sstart[cs];
		const size_t k4 = h->send[cs] - h->sstart[cs];
		const size_t kon = h->son[cs] - h->sstart[cs];
		const size_t nn = (size_t)(ne - nl);
		const uint16_t *cut = q->cut + 3 * (rn << m | c);
		word *o;

		if (!nn || !k4)
			continue;
		if (h->cap - h->count < nn * k4 && !room_for(h, nn * k4))
			return;
		o = h->out + h->count;
		/* the north list's classes (quad_class): east halves take
		 * the first two only (off i + c = m - 1); with split_on the
		 * classes 1 and 2 (off c - i = 0) meet the south words on
		 * their i + c = m - 1 only. One loop over the runs taken,
		 * each word's length chosen without a branch (a loop per
		 * run cost a mispredicted exit each). */
		{
			const word *gl = nl;
			const word *ge = diag && !west ? nl + cut[1] : ne;
			const word *on0 = split_on ? nl + cut[0] : ne;
			const word *on1 = split_on ? nl + cut[2] : ne;
			const size_t ron = h->sonreal[cs], rall = h->sreal[cs];

			for (; gl < ge; gl++) {
				word ld = *gl & lo32, lk = *gl >> 32;
				word forbid = ld >> m | (lk << m) << 32 | pad;
				word part;
				const int on = gl >= on0 && gl < on1;
				const size_t len = on ? kon : k4;

				pairs += (int64_t)(on ? ron : rall);
				if (west)
					part = (ld >> m & window) |
					       (lk & window) << ks;
				else
					part = (ld & window) |
					       (lk << m & window) << ks;
#if defined(__x86_64__) && defined(__GNUC__)
				if (avx)
					o += pair_avx2(o, sw, sr, len, part,
						       forbid);
				else
#endif
					o += pair_plain(o, sw, sr, len, part,
							forbid);
			}
		}
		h->count = (size_t)(o - h->out);
	}
	h->nodes += pairs;
}

/* from_quads_k with the side and the square's width (m = 8, 9, 10:
 * n = 16, 18, 20) as constants. */
#define QUADS_BY(avx)                                                       \
	do {                                                                \
		if (west)                                                   \
			switch (q->m) {                                     \
			case 8:                                             \
				from_quads_k(h, q, rows, 1, diag, mirror0,  \
					     avx, 8);                       \
				return;                                     \
			case 9:                                             \
				from_quads_k(h, q, rows, 1, diag, mirror0,  \
					     avx, 9);                       \
				return;                                     \
			case 10:                                            \
				from_quads_k(h, q, rows, 1, diag, mirror0,  \
					     avx, 10);                      \
				return;                                     \
			default:                                            \
				from_quads_k(h, q, rows, 1, diag, mirror0,  \
					     avx, q->m);                    \
				return;                                     \
			}                                                   \
		switch (q->m) {                                             \
		case 8:                                                     \
			from_quads_k(h, q, rows, 0, diag, mirror0, avx, 8); \
			return;                                             \
		case 9:                                                     \
			from_quads_k(h, q, rows, 0, diag, mirror0, avx, 9); \
			return;                                             \
		case 10:                                                    \
			from_quads_k(h, q, rows, 0, diag, mirror0, avx,     \
				     10);                                   \
			return;                                             \
		default:                                                    \
			from_quads_k(h, q, rows, 0, diag, mirror0, avx,     \
				     q->m);                                 \
			return;                                             \
		}                                                           \
	} while (0)

static void from_quads_plain(struct half *h, const struct quads *q,
			     word rows, int west, int diag, int mirror0)
{
	QUADS_BY(0);
}

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("avx2,popcnt"))) static void
from_quads_avx2(struct half *h, const struct quads *q, word rows, int west,
		int diag, int mirror0)
{
	QUADS_BY(1);
}
#endif

/* The pairing for this processor (nq_split_fits, solvers.h: 0 the
 * portable form). */
static quads_fn *pick_quads(void)
{
	quads_fn *f = from_quads_plain;

#if defined(__x86_64__) && defined(__GNUC__)
	if (nq_split_fits != 0 && __builtin_cpu_supports("avx2"))
		f = from_quads_avx2;
#endif
	return f;
}

/*
 * Queens on the half's rows in turn, each in a free column of the half.
 * d has bit r + c for a queen (r, c), k has bit c - r + n - 1; so row r's
 * free columns are the bits of cols not in (d >> r) | (k >> (n - 1 - r)),
 * and a queen's two diagonal bits are its column bit shifted by r and by
 * n - 1 - r. An explicit stack, like the symmetry kernel: this runs once
 * per node of every half.
 */
static void grow(struct half *h)
{
	word avail[32], used[32], d[32], k[32];
	const int n = h->n, last = h->nrows - 1, shift = h->shift;
	const int kshift = h->m ? 2 * h->m - 1 : 0;
	const word cols = h->cols, window = h->window;
	int i = 0, r;
	int64_t nodes = 0;

	if (h->nrows == 0) {
		if (room(h))
			h->out[h->count++] = 0;
		return;
	}
	r = h->row[0];
	avail[0] = cols & ~h->closed[r];
	used[0] = d[0] = k[0] = 0;
	for (;;) {
		word bit, nd, nk, nu;

		if (!avail[i]) {
			if (i == 0)
				break;
			i--;
			continue;
		}
		bit = avail[i] & (~avail[i] + 1);
		avail[i] ^= bit;
		nodes++;
		r = h->row[i];
		nd = d[i] | bit << r;
		nk = k[i] | bit << (n - 1 - r);
		nu = used[i] | bit;
		if (i == last) {
			if (!room(h))
				break;
			h->out[h->count++] = ((nd >> shift) & window) |
					     ((nk >> shift) & window) << kshift;
			continue;
		}
		r = h->row[i + 1];
		i++;
		avail[i] = cols & ~(nu | h->closed[r] | nd >> r |
				    nk >> (n - 1 - r));
		used[i] = nu;
		d[i] = nd;
		k[i] = nk;
	}
	h->nodes += nodes;
}

/* Both halves of one task, then their pairs. */
static void run_task(struct job *j, const struct task *t, struct half *east,
		     struct half *west)
{
	int n = j->n, m = j->m, r, i, lo, hi, rows[32];
	word closed[32] = { 0 };
	struct half *hs[2] = { east, west };
	int s;

	if (t->r0 >= 0)
		for (r = 0; r < n; r++) {
			int dd = r > t->r0 ? r - t->r0 : t->r0 - r;

			closed[r] = (word)1 << (m + dd) | (word)1 << m >> dd;
		}
	for (s = 0; s < 2; s++) {
		struct half *h = hs[s];

		if (j->q) {
			h->window = j->window;
			h->count = 0;
			j->from_quads(h, j->q,
				      s ? ~t->rows & (((word)1 << n) - 1)
					: t->rows,
				      s, j->diag, j->diag && t->mirror == 0);
			continue;
		}

		h->n = n;
		h->m = m;
		h->shift = n - m;
		h->window = j->window;
		h->nrows = 0;
		for (r = 0; r < n; r++) {
			if (r == t->r0 || (int)!(t->rows >> r & 1) != s)
				continue;
			rows[h->nrows++] = r;
		}
		/* rows from the middle outwards: neighbouring rows clash
		 * most, and placing them early ends dead branches sooner
		 * (measured: 8% fewer nodes than top to bottom at n = 16) */
		for (i = 0, lo = h->nrows / 2, hi = lo + 1; i < h->nrows;) {
			if (lo >= 0)
				h->row[i++] = rows[lo--];
			if (i < h->nrows && hi < h->nrows)
				h->row[i++] = rows[hi++];
		}
		h->cols = s == 0 ? (((word)1 << m) - 1) << (n - m)
				 : ((word)1 << m) - 1;
		memcpy(h->closed, closed, sizeof closed);
		h->count = 0;
		grow(h);
	}
	if (east->failed || west->failed)
		return;
	{
		uint64_t c = nq_split_join(east->out, east->count, west->out,
					   west->count, m,
					   j->diag ? t->mirror : -1,
					   &east->failed);

		pthread_mutex_lock(&j->lock);
		j->total += c * (uint64_t)t->weight;
		pthread_mutex_unlock(&j->lock);
	}
}

static void *worker(void *arg)
{
	struct job *j = arg;
	struct half east, west;
	long t;

	memset(&east, 0, sizeof east);
	memset(&west, 0, sizeof west);
	east.srows = west.srows = -1;
	while ((t = j->part.k + (long)atomic_fetch_add(&j->next, 1) *
		    j->part.of) < j->ntasks &&
	       !east.failed && !west.failed)
		run_task(j, &j->task[t], &east, &west);
	pthread_mutex_lock(&j->lock);
	j->nodes += east.nodes + west.nodes;
	j->failed |= east.failed | west.failed;
	pthread_mutex_unlock(&j->lock);
	free(east.out);
	free(west.out);
	free(east.south);
	free(west.south);
	free(east.sstart);
	free(west.sstart);
	return NULL;
}

/* The n low bits of x in reverse order. */
static word reverse(word x, int n)
{
	word y = 0;
	int i;

	for (i = 0; i < n; i++)
		if (x >> i & 1)
			y |= (word)1 << (n - 1 - i);
	return y;
}

/* The next larger word with as many bits (Gosper's hack). */
static word next_same_bits(word x)
{
	word c = x & (~x + 1), r = x + c;

	return (((r ^ x) >> 2) / c) | r;
}

/* The sets R of `free` rows with m members, one per orbit of the two
 * mirrors; `flip` when the upside-down turn maps this r0 to itself. */
static int add_tasks(struct job *j, int n, int m, int r0, int flip,
		     int weight)
{
	word all = ((word)1 << n) - 1;
	word free_rows = r0 >= 0 ? all & ~((word)1 << r0) : all;
	word x, lim = (word)1 << (n - (r0 >= 0));

	if (m == 0) {
		j->task[j->ntasks++] = (struct task){ 0, r0, weight, 0 };
		return 0;
	}
	/* x walks the m-subsets of n' = |free| bits; spread onto free rows */
	for (x = ((word)1 << m) - 1; x < lim; x = next_same_bits(x)) {
		word rows = 0, o[4];
		int i, b = 0, k, distinct, smallest = 1;

		for (i = 0; i < n; i++)
			if (free_rows >> i & 1) {
				if (x >> b & 1)
					rows |= (word)1 << i;
				b++;
			}
		o[0] = rows;
		o[1] = free_rows & ~rows;
		o[2] = flip ? reverse(rows, n) : o[0];
		o[3] = flip ? free_rows & ~o[2] : o[1];
		for (i = 1; i < 4; i++)
			if (o[i] < rows)
				smallest = 0;
		if (!smallest)
			continue;
		distinct = 0;
		for (i = 0; i < 4; i++) {
			for (k = 0; k < i && o[k] != o[i]; k++)
				;
			distinct += k == i;
		}
		j->task[j->ntasks++] =
			(struct task){ rows, r0, weight * distinct, 0 };
	}
	return 0;
}

/*
 * Even n: the sets R of m rows, one per pair {R, reversed R} (the
 * upside-down turn), weight 2 for a pair and 1 for a palindrome. The
 * left-right mirror is not used for the whole task here but only where
 * it keeps the longest diagonals' rule (see join): on the placements with
 * no queen on either longest diagonal, R and its complement count alike,
 * so of the two pairs {R, rev R} and {comp R, rev comp R} one counts
 * those twice (mirror 2) and the other not at all (mirror 0): the one
 * whose R holds the lowest row where R and reversed R agree (both pairs
 * agree on the same rows, with opposite bits). When no row agrees, comp
 * R is reversed R: one pair, mirror 1.
 */
static void add_tasks_even(struct job *j, int n, int m)
{
	word all = ((word)1 << n) - 1, x;

	for (x = ((word)1 << m) - 1; x <= all; x = next_same_bits(x)) {
		word rv = reverse(x, n), eq = ~(x ^ rv) & all;
		int mirror = eq ? (x & eq & (~eq + 1) ? 2 : 0) : 1;

		if (rv < x)
			continue;
		j->task[j->ntasks++] =
			(struct task){ x, -1, rv == x ? 1 : 2, mirror };
		if (m == 0)
			break;
	}
}

static uint64_t binomial(int n, int k)
{
	uint64_t c = 1;
	int i;

	for (i = 1; i <= k; i++)
		c = c * (uint64_t)(n - k + i) / (uint64_t)i;
	return c;
}

/* The task list of n in its fixed order (j->task, j->ntasks); NQ_OK,
 * NQ_ENOMEM. */
static int make_tasks(struct job *j, int n)
{
	int m = n / 2, r0;
	size_t cap;

	j->n = n;
	j->m = m;
	/* n = 1: no half has a queen, nor a bit */
	j->window = m ? ((word)1 << (2 * m - 1)) - 1 : 0;
	/* odd n: a list per row of the middle queen, each <= C(n, m) */
	cap = (size_t)(n / 2 + 1) * (size_t)binomial(n, m) + 1;
	j->task = malloc(cap * sizeof *j->task);
	if (!j->task)
		return NQ_ENOMEM;
	if (n % 2 == 0) {
		j->diag = 1;
		add_tasks_even(j, n, m);
	} else {
		/* the middle column's queen: top half rows (weight 2 for the
		 * upside-down turn), then the middle row */
		for (r0 = 0; r0 < n / 2; r0++)
			add_tasks(j, n, m, r0, 0, 2);
		add_tasks(j, n, m, n / 2, 1, 1);
	}
	return NQ_OK;
}

/*
 * One task per orbit of row sets (and row of the middle queen), counted
 * without listing them (plan time asks this): Burnside's count of what
 * make_tasks lists. Even n: the m-sets up to reversal, (C(n, m) + the
 * palindromes) / 2, a palindrome being m / 2 of the m mirrored pairs of
 * rows. Odd n: for each of the m rows of the middle queen above the
 * middle, the m-sets of the 2m rows left up to complement, C(2m, m) / 2;
 * for the middle row, up to complement and reversal too: (C(2m, m) + the
 * palindromes + the 2^m sets whose reversal is their complement) / 4.
 */
long nq_units_split(int n)
{
	int m = n / 2;
	uint64_t c = binomial(2 * m, m);
	uint64_t pal = m % 2 == 0 ? binomial(m, m / 2) : 0;

	if (n < 1 || n > 32)
		return 1;
	if (n % 2 == 0)
		return (long)((c + pal) / 2);
	if (m == 0)
		return 1;
	return (long)((uint64_t)m * (c / 2) + (c + pal + ((uint64_t)1 << m)) / 4);
}

int nq_split_quads_max_m = QMAX_M;

int nq_count_split(int n, int threads, struct nq_part part, uint64_t *total,
		   int64_t *nodes)
{
	struct job j;
	struct quads quads = { 0, NULL, NULL, NULL };
	pthread_t tid[256];
	int i, started = 0;

	if (n < 1 || n > 32 || part.of < 1 || part.k < 0 || part.k >= part.of)
		return NQ_ERR;
	memset(&j, 0, sizeof j);
	j.part = part;
	if (make_tasks(&j, n) != NQ_OK)
		return NQ_ENOMEM;
	if (n % 2 == 0 && n / 2 >= 1 && n / 2 <= QMAX_M &&
	    n / 2 <= nq_split_quads_max_m) {
		if (quads_make(&quads, n / 2) != NQ_OK) {
			free(j.task);
			return NQ_ENOMEM;
		}
		j.q = &quads;
		j.from_quads = pick_quads();
	}
	atomic_init(&j.next, 0);
	pthread_mutex_init(&j.lock, NULL);
	if (threads < 1)
		threads = 1;
	for (i = 1; i < threads && i < 256; i++)
		if (pthread_create(&tid[started], NULL, worker, &j) == 0)
			started++;
	worker(&j);
	for (i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	pthread_mutex_destroy(&j.lock);
	free(j.task);
	free(quads.off);
	free(quads.cut);
	free(quads.e);
	if (j.failed)
		return NQ_ENOMEM;
	*total = j.total;
	*nodes = j.nodes;
	return NQ_OK;
}
