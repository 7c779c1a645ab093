/*
 * split_join.c - the join of the `split` counter (solvers/native/split.c): how
 * many (east, west) pairs of half-board words have no bit in common,
 * each pair weighted by the longest diagonals' rule when asked.
 *
 * A word is a half's diagonals in the window both halves reach: 2m - 1
 * falling ones in the low bits, 2m - 1 rising ones above them (ks =
 * 2m - 1), as split.c makes them.
 */
#include <stdlib.h>
#include <string.h>
#include "solvers.h"
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

typedef uint64_t word;

/* The loops over a word's chunks run straight through (at -O2 GCC keeps
 * them as loops, re-reading the row pointers, and the plain build's join
 * took 1.7 times the NATIVE=1 build's CPU at n = 18). */
#if defined(__GNUC__)
#define CHUNKS_UNROLLED _Pragma("GCC unroll 8")
#else
#define CHUNKS_UNROLLED
#endif

/*
 * The pairs with no common bit. The shorter list's words are turned on
 * their side, 64 at a time (a 64 x 64 bit transpose, transpose64):
 * slice b of a block has bit j set when word j does NOT have bit b. A
 * word of the other list then meets 64 of them at once: AND the slices
 * of its set bits, and the bits left are the words it fits. A few
 * instructions per 64 pairs instead of per pair (Kluev's matcher works
 * this way too).
 *
 * Fewer ANDs still: the bits are taken CH at a time, and for each chunk
 * of CH bits the block keeps the AND of the slices of every subset of
 * them (2^CH words, entry 0 being the block's real words). A meeting word
 * then costs one AND per chunk, nchunks = 5, 6, 7 at n = 16..21, which
 * the kernels take as constants. Tables are stored entry by entry, the
 * blocks side by side, so the kernel ANDs runs of neighbouring blocks:
 * TILE = 2 at a time in the portable kernel, 4 in one AVX2 register in
 * the AVX2 kernel (chosen at run time, in the plain build too), which
 * counts the four words' bits with a nibble table (vpshufb, vpsadbw).
 *
 * Fewer pairs (tables of 3000 words and more, or without the longest
 * diagonals' rule; smaller ones take join_small, below): both lists are
 * cut into buckets by a few cut bits, cb diagonals of each direction
 * through the middle of the board (long ones, so each is held by about
 * half the words of either side): the table is sorted by bucket, and a
 * word of the other list meets only the blocks holding a word of a
 * bucket with none of its cut bits; every cut bit leaves about three
 * quarters of the pairs. The table's words are
 * packed tight, bucket after bucket, so a block may hold several
 * buckets, and a block met may hold words that clash with the meeting
 * word's cut bits: the cut bits stay in the words, so the ANDs leave
 * those out. (Padding each bucket to whole blocks instead cost more than
 * the cuts saved: at n = 18 the blocks met held 3.4 times the pairs of
 * the buckets met.) cb grows with the table's list: 1 from 100 words, 2
 * from 1000, 3 from 3000 (4 cuts, tried from 3000 and 6000 words, were
 * 5-15% slower on a 64th of n = 20). CH = 6 and TILE = 2 were measured
 * against CH = 4, 5, 7 and TILE = 1, 3, 4, 8 at n = 16 and 18, and CH = 5
 * again at n = 20 (no faster).
 */
enum { TILE = 2, CH = 6, NE = 1 << CH, MAXCUT = 6 };
/* blocks4_k makes a chunk's subsets from two halves of three bits */
_Static_assert(CH == 6, "blocks4_k assumes chunks of 6 bits");

/* Which table tiles each bucket of the other list meets, and with what
 * weight: bucket v's ranges are rs[v]..rs[v + 1] - 1 of rng, each a
 * [from, to) of blocks and a weight as a shift (every weight is 1, 2 or
 * 4). */
struct meet {
	int clo, ks, cb;      /* the cut bits, see bucket_of */
	size_t rs[(1 << MAXCUT) + 1];
	size_t *rng;
};

static inline unsigned bucket_of(word x, int lo, int ks, int c);

/* Word x's bucket and, unless the bucket meets nothing, the table row
 * of each chunk of x into at (entry 0, the block's real words, where
 * the chunk has no bit). */
static inline __attribute__((always_inline)) unsigned
word_rows(const word *tab, size_t stride, const struct meet *mt, word x,
	  const int nchunks, const word **at)
{
	unsigned v = bucket_of(x, mt->clo, mt->ks, mt->cb);
	int c;

	if (mt->rs[v] == mt->rs[v + 1])
		return v;
	CHUNKS_UNROLLED
	for (c = 0; c < nchunks; c++)
		at[c] = tab + ((size_t)c * NE +
			       ((unsigned)(x >> (c * CH)) & (NE - 1))) *
				      stride;
	return v;
}

/* The words of w against the table: nchunks is a constant where this is
 * inlined (below), so the ANDs of a tile are one straight run. */
static inline __attribute__((always_inline)) uint64_t
count_fits_k(const word *tab, size_t stride, const struct meet *mt,
	     const word *w, size_t nw, const int nchunks)
{
	uint64_t total = 0;
	size_t i, bl, r;
	const word *at[64 / CH + 1];
	int c, t;

	for (i = 0; i < nw; i++) {
		unsigned v = word_rows(tab, stride, mt, w[i], nchunks, at);

		for (r = mt->rs[v]; r < mt->rs[v + 1]; r++) {
			uint64_t fit = 0;

			for (bl = mt->rng[3 * r]; bl < mt->rng[3 * r + 1];
			     bl += TILE) {
				word acc[TILE];

				memcpy(acc, at[0] + bl, sizeof acc);
				CHUNKS_UNROLLED
				for (c = 1; c < nchunks; c++)
					for (t = 0; t < TILE; t++)
						acc[t] &= at[c][bl + (size_t)t];
				for (t = 0; t < TILE; t++)
					fit += (uint64_t)__builtin_popcountll(
						acc[t]);
			}
			total += fit << mt->rng[3 * r + 2];
		}
	}
	return total;
}

/* Kernel K with the chunk counts of the board sizes that matter (4m - 2
 * bits: m = 8, 9, 10 take 5, 6, 7 chunks) as constants, any other as a
 * variable. */
#define BY_CHUNKS(K)                                                  \
	switch (nchunks) {                                            \
	case 5:                                                       \
		return K(tab, stride, mt, w, nw, 5);                  \
	case 6:                                                       \
		return K(tab, stride, mt, w, nw, 6);                  \
	case 7:                                                       \
		return K(tab, stride, mt, w, nw, 7);                  \
	default:                                                      \
		return K(tab, stride, mt, w, nw, nchunks);            \
	}

static inline __attribute__((always_inline)) uint64_t
count_fits(const word *tab, size_t stride, const struct meet *mt,
	   const word *w, size_t nw, int nchunks)
{
	BY_CHUNKS(count_fits_k)
}

typedef uint64_t fits_fn(const word *, size_t, const struct meet *,
			 const word *, size_t, int);

#if defined(__x86_64__) && defined(__GNUC__)
/* The same with the popcnt instruction, on processors that have it: the
 * build is for any x86-64, where a popcount is a library call. */
__attribute__((target("popcnt"))) static uint64_t
count_fits_popcnt(const word *tab, size_t stride, const struct meet *mt,
		  const word *w, size_t nw, int nchunks)
{
	return count_fits(tab, stride, mt, w, nw, nchunks);
}

/* With AVX2, four blocks at once: the ANDs of the chunks' rows, then the
 * four counts by the nibble table (vpshufb) summed per byte (vpsadbw),
 * added up over a range and once at its end. The range's last blocks
 * that do not fill four go one at a time. */
__attribute__((target("avx2,popcnt"))) static inline
	__attribute__((always_inline)) uint64_t
	count_fits_avx2_k(const word *tab, size_t stride,
			  const struct meet *mt, const word *w, size_t nw,
			  const int nchunks)
{
	const __m256i nib = _mm256_set1_epi8(0x0f);
	const __m256i lut = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2,
					     2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1,
					     2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
	const __m256i zero = _mm256_setzero_si256();
	__m256i all = zero;
	__m128i sh;
	uint64_t total = 0, lanes[4];
	size_t i, bl, r, to;
	const word *at[64 / CH + 1];
	int c;

	for (i = 0; i < nw; i++) {
		unsigned v = word_rows(tab, stride, mt, w[i], nchunks, at);

		for (r = mt->rs[v]; r < mt->rs[v + 1]; r++) {
			__m256i sum = zero;
			uint64_t fit = 0;

			to = mt->rng[3 * r + 1];
			for (bl = mt->rng[3 * r]; bl + 4 <= to; bl += 4) {
				__m256i a = _mm256_loadu_si256(
					(const __m256i *)(at[0] + bl));
				__m256i lo, hi;

				CHUNKS_UNROLLED
				for (c = 1; c < nchunks; c++)
					a = _mm256_and_si256(
						a, _mm256_loadu_si256(
							   (const __m256i *)(at[c] +
									     bl)));
				lo = _mm256_and_si256(a, nib);
				hi = _mm256_and_si256(_mm256_srli_epi16(a, 4),
						      nib);
				a = _mm256_add_epi8(
					_mm256_shuffle_epi8(lut, lo),
					_mm256_shuffle_epi8(lut, hi));
				sum = _mm256_add_epi64(
					sum, _mm256_sad_epu8(a, zero));
			}
			for (; bl < to; bl++) {
				word acc = at[0][bl];

				CHUNKS_UNROLLED
				for (c = 1; c < nchunks; c++)
					acc &= at[c][bl];
				fit += (uint64_t)__builtin_popcountll(acc);
			}
			sh = _mm_cvtsi32_si128((int)mt->rng[3 * r + 2]);
			all = _mm256_add_epi64(all, _mm256_sll_epi64(sum, sh));
			total += fit << mt->rng[3 * r + 2];
		}
	}
	_mm256_storeu_si256((__m256i *)lanes, all);
	return total + lanes[0] + lanes[1] + lanes[2] + lanes[3];
}

__attribute__((target("avx2,popcnt"))) static uint64_t
count_fits_avx2(const word *tab, size_t stride, const struct meet *mt,
		const word *w, size_t nw, int nchunks)
{
	BY_CHUNKS(count_fits_avx2_k)
}
#endif

static uint64_t count_fits_plain(const word *tab, size_t stride,
				 const struct meet *mt, const word *w,
				 size_t nw, int nchunks)
{
	return count_fits(tab, stride, mt, w, nw, nchunks);
}

int nq_split_fits = -1;

/* Which form of the kernels runs (nq_split_fits, solvers.h): 0 the
 * portable one, 1 with the popcnt instruction, 2 with AVX2 too. */
static int kernel_form(void)
{
	int form = 0;

#if defined(__x86_64__) && defined(__GNUC__)
	if (nq_split_fits != 0 && __builtin_cpu_supports("popcnt"))
		form = nq_split_fits != 1 && __builtin_cpu_supports("avx2")
			       ? 2
			       : 1;
#endif
	return form;
}

static fits_fn *pick_fits(void)
{
	switch (kernel_form()) {
#if defined(__x86_64__) && defined(__GNUC__)
	case 2:
		return count_fits_avx2;
	case 1:
		return count_fits_popcnt;
#endif
	default:
		return count_fits_plain;
	}
}

/* The bucket of x: its c cut bits from lo and c from lo + ks, side by
 * side (a field of each direction's diagonals). */
static inline unsigned bucket_of(word x, int lo, int ks, int c)
{
	word cm = ((word)1 << c) - 1;

	if (!c)
		return 0;
	return (unsigned)((x >> lo & cm) | (x >> (lo + ks) & cm) << c);
}

/* The bucket of each of n words into bk, and how many words each bucket
 * has into count (four counts per bucket, summed at the end, so that
 * words of one bucket in a row do not wait on each other). */
static void bucket_count(const word *in, size_t n, unsigned char *bk,
			 size_t *count, int lo, int ks, int c)
{
	size_t part[4][1 << MAXCUT], i;
	unsigned g, nb = 1u << 2 * c;

	memset(part, 0, sizeof part);
	for (i = 0; i < n; i++) {
		bk[i] = (unsigned char)bucket_of(in[i], lo, ks, c);
		part[i & 3][bk[i]]++;
	}
	for (g = 0; g < nb; g++)
		count[g] = part[0][g] + part[1][g] + part[2][g] + part[3][g];
}

/* Turn a 64 x 64 matrix of bits on its side: bit c of a[r] becomes bit
 * r of a[c]. Halves, then quarters, ... swap places: six rounds of 32
 * swaps. When no word has a bit past 31 (narrow), the rows from 32 on
 * come out empty: the first round only moves the last 32 words into
 * the high halves of the first, and the other rounds leave the empty
 * rows alone. T is the type of a's elements: a word, or a vector of
 * words whose lanes are as many matrices (blocks4_k). */
#define TRANSPOSE64(a, narrow, T)                                          \
	do {                                                               \
		T mk_ = (T){ 0 } + 0x00000000ffffffffu, t_;                \
		int j_ = 32, k_, rows_ = 64;                               \
                                                                           \
		if (narrow) {                                              \
			for (k_ = 0; k_ < 32; k_++) {                      \
				(a)[k_] |= (a)[k_ + 32] << 32;             \
				(a)[k_ + 32] ^= (a)[k_ + 32];              \
			}                                                  \
			j_ = 16;                                           \
			mk_ ^= mk_ << 16;                                  \
			rows_ = 32;                                        \
		}                                                          \
		for (; j_; j_ >>= 1, mk_ ^= mk_ << j_)                     \
			for (k_ = 0; k_ < rows_; k_ = (k_ + j_ + 1) & ~j_) { \
				t_ = ((a)[k_] >> j_ ^ (a)[k_ + j_]) & mk_; \
				(a)[k_] ^= t_ << j_;                       \
				(a)[k_ + j_] ^= t_;                        \
			}                                                  \
	} while (0)

static void transpose64(word *a, int narrow)
{
	TRANSPOSE64(a, narrow, word);
}

/* Whether bucket g of the table is kept in class k (see below). */
static int in_class(unsigned g, unsigned longest, int ncls, int swap,
		    unsigned cls)
{
	if (ncls > 1)
		return (g & longest) == cls;
	return swap || !(g & longest);
}

/*
 * Small tables, with the longest diagonals' rule (even n): under SMALL
 * words (every table of n = 16, most of n = 18's) the whole table is met
 * by every word of the other list, without buckets or ranges: fewer
 * pairs are cut than with the cut bits, but a meeting word costs a few
 * instructions less and the table is made faster (on a 40th of n = 18,
 * callgrind: 11% fewer instructions with SMALL = 3000 than with the
 * buckets from 1000 words on; 4000 no better, and n = 20 alike at 3000,
 * 1% worse at 4000). The table's words are cut into blocks, the blocks
 * into groups of four (SPAD; a group is one AVX2 register), each class
 * of weight from a new block (the west table's: a shift per block), and
 * the rows of a meeting word's chunks are the same offsets in every
 * group; the meeting word's own weight (a west word meeting an east
 * table) is a shift too. The table's words of weight 0 are left out,
 * the meeting ones skipped.
 */
enum { SMALL = 3000, SPAD = 4, SMAX_BLK = SMALL / 64 + 4 + SPAD };

typedef uint64_t small_fn(const word *tab, size_t ngroups,
			  const unsigned char *bsh, const word *w, size_t nw,
			  int m, const signed char *wsh);

/* The class of word x: bit 0 the falling longest diagonal (bit m - 1),
 * bit 1 the rising one (bit ks + m - 1). */
static inline __attribute__((always_inline)) unsigned class_of(word x,
							      const int m)
{
	return (unsigned)((x >> (m - 1) & 1) | (x >> (3 * m - 3) & 2));
}

/* The table's layout: groups of four blocks, each group the chunks'
 * subset tables one after the other, entry e of chunk c the four
 * blocks' words at (c * NE + e) * 4. A word's rows are then offsets
 * within a group, the same for every group. */
#define GROUP_WORDS(nchunks) ((size_t)(nchunks) * NE * 4)

/* Word x's row of each chunk as an offset within a group, in bytes
 * (entry e of chunk c at byte (c * NE + e) * 32). */
#define SMALL_ROWS(x, nchunks, off)                                        \
	do {                                                               \
		int c_;                                                    \
		(off)[0] = (size_t)((x) << 5) & ((NE - 1) << 5);           \
		CHUNKS_UNROLLED                                            \
		for (c_ = 1; c_ < (nchunks); c_++)                         \
			(off)[c_] = (size_t)c_ * NE * 32 +                 \
				    ((size_t)((x) >> (c_ * CH - 5)) &      \
				     ((NE - 1) << 5));                     \
	} while (0)

/* The word at byte offset o of p. */
#define AT(p, o) ((const word *)((const char *)(p) + (o)))

static inline __attribute__((always_inline)) uint64_t
small_k(const word *tab, size_t ngroups, const unsigned char *bsh,
	const word *w, size_t nw, const int m, const signed char *wsh)
{
	const int nchunks = (4 * m - 2 + CH - 1) / CH;
	const size_t gw = GROUP_WORDS(nchunks);
	uint64_t total = 0;
	size_t i, g, off[64 / CH + 1];
	int c, t;

	for (i = 0; i < nw; i++) {
		const word x = w[i];
		const int s = wsh[class_of(x, m)];
		const word *tg = tab;
		uint64_t fit = 0;

		if (s < 0)
			continue;
		SMALL_ROWS(x, nchunks, off);
		for (g = 0; g < ngroups; g++, tg += gw)
			for (t = 0; t < 4; t += 2) {
				word a0 = AT(tg, off[0])[t];
				word a1 = AT(tg, off[0])[t + 1];

				CHUNKS_UNROLLED
				for (c = 1; c < nchunks; c++) {
					a0 &= AT(tg, off[c])[t];
					a1 &= AT(tg, off[c])[t + 1];
				}
				fit += (uint64_t)__builtin_popcountll(a0)
				       << bsh[g * 4 + (size_t)t];
				fit += (uint64_t)__builtin_popcountll(a1)
				       << bsh[g * 4 + (size_t)t + 1];
			}
		total += fit << s;
	}
	return total;
}

/* Kernel K with the half widths that matter (m = 8, 9, 10: n = 16, 18,
 * 20) as constants, any other as a variable. */
#define SMALL_BY_M(K)                                                 \
	switch (m) {                                                  \
	case 8:                                                       \
		return K(tab, ngroups, bsh, w, nw, 8, wsh);           \
	case 9:                                                       \
		return K(tab, ngroups, bsh, w, nw, 9, wsh);           \
	case 10:                                                      \
		return K(tab, ngroups, bsh, w, nw, 10, wsh);          \
	default:                                                      \
		return K(tab, ngroups, bsh, w, nw, m, wsh);           \
	}

static uint64_t small_plain(const word *tab, size_t ngroups,
			    const unsigned char *bsh, const word *w,
			    size_t nw, int m, const signed char *wsh)
{
	SMALL_BY_M(small_k)
}

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("popcnt"))) static uint64_t
small_popcnt(const word *tab, size_t ngroups, const unsigned char *bsh,
	     const word *w, size_t nw, int m, const signed char *wsh)
{
	SMALL_BY_M(small_k)
}

/* A group in a register; the bytes' counts summed over a word's groups
 * (at most SMAX_BLK / 4 rounds of at most 8 a byte), then per block
 * (vpsadbw), weighted by the blocks' shifts (vpsllvq) when the table
 * has them, and by the word's. */
__attribute__((target("avx2,popcnt"))) static inline
	__attribute__((always_inline)) uint64_t
	small_avx2_k(const word *tab, size_t ngroups, const unsigned char *bsh,
		     const word *w, size_t nw, const int m,
		     const signed char *wsh, const int weighted)
{
	const int nchunks = (4 * m - 2 + CH - 1) / CH;
	const size_t gw = GROUP_WORDS(nchunks);
	const __m256i nib = _mm256_set1_epi8(0x0f);
	const __m256i lut = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2,
					     2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1,
					     2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
	const __m256i zero = _mm256_setzero_si256();
	__m256i all = zero, bs[SMAX_BLK / 4];
	uint64_t lanes[4];
	size_t i, g, off[64 / CH + 1];
	int c;

	for (g = 0; weighted && g < ngroups; g++) {
		const unsigned char *b = bsh + g * 4;

		bs[g] = _mm256_setr_epi64x(b[0], b[1], b[2], b[3]);
	}
	for (i = 0; i < nw; i++) {
		const word x = w[i];
		const int s = wsh[class_of(x, m)];
		const word *tg = tab;
		__m256i bytes = zero, sum = zero;

		if (s < 0)
			continue;
		SMALL_ROWS(x, nchunks, off);
		_Pragma("GCC unroll 2")
		for (g = 0; g < ngroups; g++, tg += gw) {
			__m256i a = _mm256_loadu_si256(
				(const __m256i *)AT(tg, off[0]));

			CHUNKS_UNROLLED
			for (c = 1; c < nchunks; c++)
				a = _mm256_and_si256(
					a, _mm256_loadu_si256(
						   (const __m256i *)AT(tg, off[c])));
			a = _mm256_add_epi8(
				_mm256_shuffle_epi8(lut,
						    _mm256_and_si256(a, nib)),
				_mm256_shuffle_epi8(
					lut, _mm256_and_si256(
						     _mm256_srli_epi16(a, 4),
						     nib)));
			if (weighted)
				sum = _mm256_add_epi64(
					sum, _mm256_sllv_epi64(
						     _mm256_sad_epu8(a, zero),
						     bs[g]));
			else
				bytes = _mm256_add_epi8(bytes, a);
		}
		if (!weighted)
			sum = _mm256_sad_epu8(bytes, zero);
		all = _mm256_add_epi64(
			all, _mm256_sll_epi64(sum, _mm_cvtsi32_si128(s)));
	}
	_mm256_storeu_si256((__m256i *)lanes, all);
	return lanes[0] + lanes[1] + lanes[2] + lanes[3];
}

/* small_avx2_k with the blocks' weights or without */
#define SMALL_AVX2_W(tab, ngroups, bsh, w, nw, m, wsh)                     \
	(weighted ? small_avx2_k(tab, ngroups, bsh, w, nw, m, wsh, 1)       \
		  : small_avx2_k(tab, ngroups, bsh, w, nw, m, wsh, 0))

__attribute__((target("avx2,popcnt"))) static uint64_t
small_avx2(const word *tab, size_t ngroups, const unsigned char *bsh,
	   const word *w, size_t nw, int m, const signed char *wsh)
{
	size_t b;
	int weighted = 0;

	for (b = 0; b < ngroups * 4; b++)
		weighted |= bsh[b];
	SMALL_BY_M(SMALL_AVX2_W)
}
#endif

static small_fn *pick_small(void)
{
	switch (kernel_form()) {
#if defined(__x86_64__) && defined(__GNUC__)
	case 2:
		return small_avx2;
	case 1:
		return small_popcnt;
#endif
	default:
		return small_plain;
	}
}

/*
 * The subset tables of four neighbouring blocks at once, lane b of a
 * vector being block g * 4 + b: the words come interleaved (word k of
 * block g * 4 + b at in[(g * 64 + k) * 4 + b], the missing ones 0), so
 * that the transpose and the subsets' ANDs are the same operations on
 * all four lanes, and each entry of the four blocks is stored at once
 * (the blocks are neighbours in the table). real[b]: block g * 4 + b's
 * words, a bit each.
 */
typedef uint64_t v4 __attribute__((vector_size(32)));

static inline __attribute__((always_inline)) void
blocks4_k(word *tab, size_t g, const word *in,
	  const word *real4, int nbits, int nchunks)
{
	v4 sl[64], real, t;
	int b, c, idx, j;

	memcpy(&real, real4, sizeof real);
	memcpy(sl, in + g * 256, sizeof sl);
	/* transpose64 lane by lane */
	TRANSPOSE64(sl, nbits <= 32, v4);
	for (b = 0; b < nbits; b++)
		sl[b] = real & ~sl[b];
	for (; b < 64; b++)
		sl[b] = real;
	/* entry e = lo | hi << 3 of a chunk: the AND of the subsets of
	 * its low three slices and its high three, each made once */
	for (c = 0; c < nchunks; c++) {
		word *tc = tab + g * GROUP_WORDS(nchunks) +
			   (size_t)c * NE * 4;
		v4 lo[8], hi[8];

		lo[0] = real;
		hi[0] = real;
		for (b = 0; b < 3; b++)
			for (idx = 0; idx < 1 << b; idx++) {
				lo[(1 << b) + idx] = lo[idx] & sl[c * CH + b];
				hi[(1 << b) + idx] =
					hi[idx] & sl[c * CH + 3 + b];
			}
		for (j = 0; j < 8; j++)
			CHUNKS_UNROLLED
			for (idx = 0; idx < 8; idx++) {
				t = lo[idx] & hi[j];
				memcpy(tc + (size_t)(j * 8 + idx) * 4, &t,
				       sizeof t);
			}
	}
}

typedef void blocks4_fn(word *tab, size_t g, const word *in,
			const word *real4, int nbits, int nchunks);

static void blocks4_plain(word *tab, size_t g, const word *in,
			  const word *real4, int nbits, int nchunks)
{
	blocks4_k(tab, g, in, real4, nbits, nchunks);
}

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("avx2"))) static void
blocks4_avx2(word *tab, size_t g, const word *in, const word *real4,
	     int nbits, int nchunks)
{
	blocks4_k(tab, g, in, real4, nbits, nchunks);
}
#endif

/* The join of a small table (tw, tn words; west when `west`) met by iw:
 * as nq_split_join. */
static uint64_t join_small(const word *tw, size_t tn, int west,
			   const word *iw, size_t in, int m, int mirror,
			   int *failed)
{
	const int nbits = 4 * m - 2;
	const int nchunks = (nbits + CH - 1) / CH;
	/* the weight's shift of each class: west words 1 per longest
	 * diagonal, else the mirror's (-1: weight 0); east words 0 off
	 * both, else weight 0 */
	signed char wcls[4] = { (signed char)(mirror - 1), 1, 1, 2 };
	signed char ecls[4] = { 0, -1, -1, -1 }, none[4] = { 0, 0, 0, 0 };
	const signed char *tsh = mirror < 0 ? none : west ? wcls : ecls;
	const signed char *ish = mirror < 0 ? none : west ? ecls : wcls;
	size_t cnt[4] = { 0 }, at[4], nblk, i, bl, g;
	word *pk, *tab, *real;
	unsigned char *bsh;
	unsigned k;
	uint64_t total;
	blocks4_fn *blocks4 = blocks4_plain;

#if defined(__x86_64__) && defined(__GNUC__)
	if (kernel_form() == 2)
		blocks4 = blocks4_avx2;
#endif
	for (i = 0; i < tn; i++)
		cnt[class_of(tw[i], m)]++;
	/* each class of weight from a new block, the whole padded to SPAD */
	for (k = 0, nblk = 0; k < 4; k++)
		if (tsh[k] >= 0)
			nblk += (cnt[k] + 63) / 64;
	nblk = (nblk + SPAD - 1) / SPAD * SPAD;
	if (!nblk)
		return 0;
	/* the words interleaved by four blocks (blocks4_k), then each
	 * block's real words, then the table and the blocks' shifts */
	pk = calloc(nblk * 65, sizeof *pk);
	tab = malloc(nblk * ((size_t)nchunks * NE * sizeof *tab + 1));
	if (!pk || !tab) {
		free(pk);
		free(tab);
		*failed = 1;
		return 0;
	}
	real = pk + nblk * 64;
	bsh = (unsigned char *)(tab + (size_t)nchunks * NE * nblk);
	memset(bsh, 0, nblk);
	for (k = 0, bl = 0; k < 4; k++) {
		size_t nb = tsh[k] < 0 ? 0 : (cnt[k] + 63) / 64, q;

		at[k] = bl * 64;
		for (q = 0; q < nb; q++) {
			size_t left = cnt[k] - q * 64;

			bsh[bl + q] = (unsigned char)tsh[k];
			real[bl + q] = left >= 64 ? ~(word)0
						  : ((word)1 << left) - 1;
		}
		bl += nb;
	}
	for (i = 0; i < tn; i++) {
		size_t p;

		k = class_of(tw[i], m);
		if (tsh[k] < 0)
			continue;
		p = at[k]++;
		bl = p / 64;
		pk[((bl / 4) * 64 + p % 64) * 4 + bl % 4] = tw[i];
	}
	for (g = 0; g < nblk / 4; g++)
		blocks4(tab, g, pk, real + g * 4, nbits, nchunks);
	total = pick_small()(tab, nblk / 4, bsh, iw, in, m, ish);
	free(tab);
	free(pk);
	return total;
}

uint64_t nq_split_join(const uint64_t *east, size_t ne, const uint64_t *west,
		       size_t nw, int m, int mirror, int *failed)
{
	const int ks = 2 * m - 1, nbits = m ? 4 * m - 2 : 0;
	int nchunks = nbits ? (nbits + CH - 1) / CH : 1, c, cb = 0, clo = 0, b;
	int idx, swap, ncls, k;
	size_t es[1 << MAXCUT], pos[1 << MAXCUT], cw[5], cstart[5], nblk, i, bl;
	size_t tn, in;
	unsigned char *bk;
	size_t nk, nr;
	struct meet mt;
	unsigned g, nb, v, longest, cls[4];
	word *tab, *pk, *present, sl[64], sub[NE];
	const word *tw, *iw;
	uint64_t total = 0;
	fits_fn *fits = pick_fits();

	if (!ne || !nw)
		return 0;
	/* the shorter list makes the table, the longer one meets it (at
	 * n = 18 a tenth faster than the other way round; with the longest
	 * diagonals' rule the east list is the shorter) */
	swap = nw < ne;
	tw = swap ? west : east;
	tn = swap ? nw : ne;
	iw = swap ? east : west;
	in = swap ? ne : nw;
	if (mirror >= 0 && m >= 2 && tn < SMALL)
		return join_small(tw, tn, swap, iw, in, m, mirror, failed);
	/* c bits of each direction around the longest diagonals */
	if (m >= 4)
		cb = tn >= 3000 ? 3 : tn >= 1000 ? 2 : tn >= 100;
	/* with the longest diagonals' symmetry, always at least those */
	if (mirror >= 0 && m >= 1 && cb < 1)
		cb = 1;
	if (cb)
		clo = m - 1 - cb / 2;
	/* the longest diagonals' bits in a bucket number */
	longest = mirror >= 0 && cb ? 1u << cb / 2 | 1u << (cb + cb / 2) : 0;
	nb = 1u << 2 * cb;
	/* the table's words in their order below, and room for those left
	 * out; then a byte per word, its bucket */
	pk = malloc(2 * tn * sizeof *pk + tn);
	if (!pk) {
		*failed = 1;
		return 0;
	}
	bk = (unsigned char *)(pk + 2 * tn);
	bucket_count(tw, tn, bk, es, clo, ks, cb);
	/* the table's classes of weight: with the table on the west side,
	 * one class per set of longest diagonals its words hold (buckets
	 * with the same g & longest), else one class, without the east
	 * words on a longest diagonal (split.c's from_quads leaves them
	 * out already, its search does not). A class starts on a whole
	 * tile; inside it the words are packed tight, bucket after bucket,
	 * so a block may hold words of several buckets. */
	ncls = swap && longest ? 4 : 1;
	for (k = 0; k < 4; k++)
		cls[k] = (k & 1 ? 1u << cb / 2 : 0) |
			 (k & 2 ? 1u << (cb + cb / 2) : 0);
	cw[0] = cstart[0] = nk = 0;
	for (g = 0; g < nb; g++)
		pos[g] = tn;    /* left out */
	for (k = 0; k < ncls; k++) {
		for (g = 0; g < nb; g++)
			if (in_class(g, longest, ncls, swap, cls[k])) {
				pos[g] = nk;
				nk += es[g];
			}
		cw[k + 1] = nk;
		cstart[k + 1] = cstart[k] + (nk - cw[k] + 64 * TILE - 1) /
						    (64 * TILE) * TILE;
	}
	for (i = 0; i < tn; i++)
		pk[pos[bk[i]]++] = tw[i];
	nblk = cstart[ncls];
	tab = malloc((nblk ? nblk : 1) * ((size_t)nchunks * NE + 1) *
		     sizeof *tab);
	/* ranges: at most one per bucket and tile of a class */
	mt.rng = malloc(((size_t)nb * (nblk / TILE + (size_t)ncls) + 1) * 3 *
			sizeof *mt.rng);
	if (!tab || !mt.rng) {
		free(tab);
		free(mt.rng);
		free(pk);
		*failed = 1;
		return 0;
	}
	/* present[bl]: the buckets with a word in block bl */
	present = tab + (size_t)nchunks * NE * nblk;
	for (k = 0; k < ncls; k++)
		for (bl = cstart[k]; bl < cstart[k + 1]; bl++) {
			size_t lo = cw[k] + (bl - cstart[k]) * 64;
			size_t hi = lo + 64 < cw[k + 1] ? lo + 64 : cw[k + 1];
			word real = 0, pres = 0;

			/* the block's slices; a tile's tail block may have
			 * no real words */
			memset(sl, 0, sizeof sl);
			for (i = lo; i < hi; i++) {
				real |= (word)1 << (i - lo);
				pres |= (word)1 << bucket_of(pk[i], clo, ks,
							     cb);
				sl[i - lo] = pk[i];
			}
			transpose64(sl, nbits <= 32);
			present[bl] = pres;
			/* slices of the bits a word does NOT have */
			for (b = 0; b < nbits; b++)
				sl[b] = real & ~sl[b];
			for (b = nbits; b < 64; b++)
				sl[b] = real;
			for (c = 0; c < nchunks; c++) {
				word *tc = tab + (size_t)c * NE * nblk + bl;

				/* entry e | 1 << b is entry e and slice b */
				sub[0] = real;
				for (b = 0; b < CH; b++) {
					word sb = sl[c * CH + b];

					for (idx = 0; idx < 1 << b; idx++)
						sub[(1 << b) + idx] =
							sub[idx] & sb;
				}
				for (idx = 0; idx < NE; idx++)
					tc[(size_t)idx * nblk] = sub[idx];
			}
		}
	/* bucket v of the other list meets the tiles holding a word of a
	 * bucket inside its complement, with the west side's weight (2 per
	 * longest diagonal it holds, else the mirror's); east buckets on a
	 * longest diagonal meet nothing. A tile met may hold words of
	 * buckets that clash with v too: the cut bits are in the words,
	 * so the ANDs leave those out, as any word that clashes. */
	mt.clo = clo;
	mt.ks = ks;
	mt.cb = cb;
	nr = 0;
	for (v = 0; v < nb; v++) {
		word fits_v = 0;
		unsigned comp = ~v & (nb - 1);

		mt.rs[v] = nr;
		for (g = comp;; g = (g - 1) & comp) {
			fits_v |= (word)1 << g;
			if (!g)
				break;
		}
		for (k = 0; k < ncls; k++) {
			unsigned eb = swap ? v : cls[k], wb = swap ? cls[k] : v;
			size_t t, open = 0, wsh;
			int on = 0;

			/* the weight's shift: 1, 2 per longest diagonal of
			 * the west word, or the mirror's 0, 1, 2 */
			if (mirror < 0)
				wsh = 0;
			else if (eb & longest)
				continue;
			else if (wb & longest)
				wsh = (size_t)__builtin_popcount(wb & longest);
			else if (mirror == 0)
				continue;
			else
				wsh = (size_t)(mirror - 1);
			for (t = cstart[k]; t <= cstart[k + 1]; t += TILE) {
				int hit = 0, q;

				for (q = 0; t < cstart[k + 1] && q < TILE; q++)
					hit |= (present[t + (size_t)q] &
						fits_v) != 0;
				if (hit && !on) {
					open = t;
					on = 1;
				} else if (!hit && on) {
					mt.rng[3 * nr] = open;
					mt.rng[3 * nr + 1] = t;
					mt.rng[3 * nr++ + 2] = wsh;
					on = 0;
				}
			}
		}
	}
	mt.rs[nb] = nr;
	total = fits(tab, nblk, &mt, iw, in, nchunks);
	free(mt.rng);
	free(tab);
	free(pk);
	return total;
}
