/*
 * split_join.c - the join of the `split` counter (solvers/split.c): how
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

typedef uint64_t word;

/*
 * The pairs with no common bit. The shorter list's words are turned on
 * their side, 64 at a time: slice b of a block has bit j set when word j
 * does NOT have bit b. A word of the other list then meets 64 of them at
 * once: AND the slices of its set bits, and the bits left are the words
 * it fits. A few instructions per 64 pairs instead of per pair (Kluev's
 * matcher works this way too).
 *
 * Fewer ANDs still: the bits are taken CH at a time, and for each chunk
 * of CH bits the block keeps the AND of the slices of every subset of
 * them (2^CH words, entry 0 being the block's real words). A meeting word
 * then costs one AND per chunk it touches, not one per bit. Tables are
 * stored entry by entry with TILE blocks side by side, so the inner loop
 * is a short run of ANDs the compiler can vectorise.
 *
 * Fewer pairs: both lists are cut into buckets by a few cut bits, cb
 * diagonals of each direction through the middle of the board (long
 * ones, so each is held by about half the words of either side): the
 * table is sorted by bucket, and a word of the other list meets only the
 * table's buckets with none of its cut bits; every cut bit leaves about
 * three quarters of the pairs. Cut bits are cleared from the meeting
 * word, since the buckets settled them, and it finds its table rows once
 * for all the buckets it meets. More cuts mean smaller buckets, each
 * padded to a whole tile, so cb grows with the table's list: 1 from 100
 * words, 2 from 1000, 3 from 3000 (tried at n = 16 and 18; before the
 * longest diagonals' rule, 3 cuts at n = 18 met a quarter of the pairs,
 * 40% with the padding). CH = 6 and TILE = 2 were measured against
 * CH = 4, 5, 7 and TILE = 1, 3, 4, 8 at n = 16 and 18 (CH = 6: 8% faster
 * than 5 at n = 18, 4% at 16).
 */
enum { TILE = 2, CH = 6, NE = 1 << CH, MAXCUT = 6 };

/* Which table blocks each bucket of the other list meets, and with what
 * weight. */
struct meet {
	int clo, ks, cb;      /* the cut bits, see bucket_of */
	word cutmask;
	int rs[(1 << MAXCUT) + 1];   /* bucket v: ranges rs[v]..rs[v+1]-1 */
	size_t rng[3 * 729];  /* [from, to) blocks and weight; 3^MAXCUT */
};

static inline unsigned bucket_of(word x, int lo, int ks, int c);

static inline __attribute__((always_inline)) uint64_t
count_fits(const word *tab, size_t stride, const struct meet *mt,
	   const word *w, size_t nw, int nchunks)
{
	uint64_t total = 0;
	size_t i, bl, at[64 / CH + 1];
	int nat, c, t, r;

	for (i = 0; i < nw; i++) {
		unsigned v = bucket_of(w[i], mt->clo, mt->ks, mt->cb);
		word x = w[i] & ~mt->cutmask;

		if (mt->rs[v] == mt->rs[v + 1])
			continue;
		/* the table rows this word reads; chunk 0 always, so that a
		 * word without bits still meets the real words (entry 0) */
		for (nat = 0, c = 0; c < nchunks; c++) {
			unsigned idx = (unsigned)(x >> (c * CH)) & (NE - 1);

			if (idx || c == 0)
				at[nat++] = ((size_t)c * NE + idx) * stride;
		}
		for (r = mt->rs[v]; r < mt->rs[v + 1]; r++) {
			uint64_t fit = 0;

			for (bl = mt->rng[3 * r]; bl < mt->rng[3 * r + 1];
			     bl += TILE) {
				word acc[TILE];

				memcpy(acc, tab + at[0] + bl, sizeof acc);
				for (c = 1; c < nat; c++) {
					const word *s = tab + at[c] + bl;

					for (t = 0; t < TILE; t++)
						acc[t] &= s[t];
				}
				for (t = 0; t < TILE; t++)
					fit += (uint64_t)__builtin_popcountll(
						acc[t]);
			}
			total += fit * mt->rng[3 * r + 2];
		}
	}
	return total;
}

typedef uint64_t fits_fn(const word *, size_t, const struct meet *,
			 const word *, size_t, int);

#if defined(__x86_64__) || defined(__i386__)
/* The same with the popcnt instruction, and with AVX2 for the ANDs, on
 * processors that have them: the build is for any x86-64, where a
 * popcount is a library call. */
__attribute__((target("popcnt"))) static uint64_t
count_fits_popcnt(const word *tab, size_t stride, const struct meet *mt,
		  const word *w, size_t nw, int nchunks)
{
	return count_fits(tab, stride, mt, w, nw, nchunks);
}

__attribute__((target("avx2,popcnt"))) static uint64_t
count_fits_avx2(const word *tab, size_t stride, const struct meet *mt,
		const word *w, size_t nw, int nchunks)
{
	return count_fits(tab, stride, mt, w, nw, nchunks);
}
#endif

static uint64_t count_fits_plain(const word *tab, size_t stride,
				 const struct meet *mt, const word *w,
				 size_t nw, int nchunks)
{
	return count_fits(tab, stride, mt, w, nw, nchunks);
}

static fits_fn *pick_fits(void)
{
#if defined(__x86_64__) || defined(__i386__)
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt"))
		return count_fits_avx2;
	if (__builtin_cpu_supports("popcnt"))
		return count_fits_popcnt;
#endif
	return count_fits_plain;
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

/* Sort n words into 2^(2c) buckets (start[] gets one more start). */
static void bucket_sort(const word *in, size_t n, word *out, size_t *start,
			int lo, int ks, int c)
{
	size_t pos[1 << MAXCUT], i;
	unsigned g, nb = 1u << 2 * c;

	memset(start, 0, (nb + 1) * sizeof *start);
	for (i = 0; i < n; i++)
		start[bucket_of(in[i], lo, ks, c) + 1]++;
	for (g = 0; g < nb; g++)
		start[g + 1] += start[g];
	memcpy(pos, start, nb * sizeof *pos);
	for (i = 0; i < n; i++)
		out[pos[bucket_of(in[i], lo, ks, c)]++] = in[i];
}

uint64_t nq_split_join(const uint64_t *east, size_t ne, const uint64_t *west,
		       size_t nw, int m, int mirror, int *failed)
{
	const int ks = 2 * m - 1, nbits = m ? 4 * m - 2 : 0;
	int nchunks = nbits ? (nbits + CH - 1) / CH : 1, c, cb = 0, clo = 0, b;
	int idx, ncut, swap;
	size_t es[(1 << MAXCUT) + 1], bs[(1 << MAXCUT) + 1];
	size_t nblk, i, bl;
	struct meet mt;
	unsigned g, nb, v, longest;
	word *tab, *ew, sl[64], cutmask = 0;
	const word *tw, *iw;
	size_t tn, in;
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
	/* c bits of each direction around the longest diagonals */
	if (m >= 4) {
		size_t small = tn;

		cb = small >= 3000 ? 3 : small >= 1000 ? 2 : small >= 100;
	}
	/* with the longest diagonals' symmetry, always at least those */
	if (mirror >= 0 && m >= 1 && cb < 1)
		cb = 1;
	/* the longest diagonals' bits in a bucket number; no cut at all
	 * for the smallest boards (n = 1 has no bits) */
	if (cb) {
		clo = m - 1 - cb / 2;
		cutmask = ((((word)1 << cb) - 1) << clo) *
			  (1 + ((word)1 << ks));
	}
	longest = mirror >= 0 && cb ? 1u << cb / 2 | 1u << (cb + cb / 2) : 0;
	ncut = 2 * cb;
	nb = 1u << ncut;
	ew = malloc(tn * sizeof *ew);
	if (!ew) {
		*failed = 1;
		return 0;
	}
	bucket_sort(tw, tn, ew, es, clo, ks, cb);
	/* each table bucket's blocks, whole tiles; none for east halves on
	 * a longest diagonal (split.c's from_quads leaves them out already,
	 * its search does not) */
	for (bs[0] = 0, g = 0; g < nb; g++)
		bs[g + 1] = bs[g] + (!swap && g & longest ? 0 :
				     (es[g + 1] - es[g] + 64 * TILE - 1) /
				     (64 * TILE) * TILE);
	nblk = bs[nb];
	tab = malloc((nblk ? nblk : 1) * (size_t)nchunks * NE * sizeof *tab);
	if (!tab) {
		free(ew);
		*failed = 1;
		return 0;
	}
	for (g = 0; g < nb; g++)
		for (bl = bs[g]; bl < bs[g + 1]; bl++) {
			size_t lo = es[g] + (bl - bs[g]) * 64;
			size_t hi = lo + 64 < es[g + 1] ? lo + 64 : es[g + 1];
			word real = 0;

			/* the block's slices; a tile's tail block may have
			 * no real words */
			memset(sl, 0, sizeof sl);
			for (i = lo; i < hi; i++) {
				word x, jbit = (word)1 << (i - lo);

				real |= jbit;
				for (x = ew[i]; x; x &= x - 1)
					sl[__builtin_ctzll(x)] |= jbit;
			}
			/* slices of the bits a word does NOT have */
			for (b = 0; b < nbits; b++)
				sl[b] = real & ~sl[b];
			for (b = nbits; b < 64; b++)
				sl[b] = real;
			for (c = 0; c < nchunks; c++) {
				word *tc = tab + (size_t)c * NE * nblk + bl;

				tc[0] = real;
				for (idx = 1; idx < NE; idx++)
					tc[(size_t)idx * nblk] =
						tc[(size_t)(idx & (idx - 1)) *
						   nblk] &
						sl[c * CH +
						   __builtin_ctz((unsigned)idx)];
			}
		}
	/* bucket v of the shorter list meets the table's buckets inside
	 * its complement, each pair of buckets with the west one's weight
	 * (2 per longest diagonal it holds, else the mirror's); east
	 * buckets on a longest diagonal meet nothing */
	mt.clo = clo;
	mt.ks = ks;
	mt.cb = cb;
	mt.cutmask = cutmask;
	mt.rs[0] = 0;
	for (v = 0; v < nb; v++) {
		unsigned comp = ~v & (nb - 1), eb, wb;
		int r = mt.rs[v];
		uint64_t wt;

		for (g = comp;; g = (g - 1) & comp) {
			eb = swap ? v : g;
			wb = swap ? g : v;
			wt = mirror < 0 ? 1 : eb & longest ? 0 :
			     wb & longest ? (uint64_t)1 << __builtin_popcount(
						    wb & longest) :
			     (uint64_t)mirror;
			if (bs[g] < bs[g + 1] && wt) {
				mt.rng[3 * r] = bs[g];
				mt.rng[3 * r + 1] = bs[g + 1];
				mt.rng[3 * r++ + 2] = wt;
			}
			if (!g)
				break;
		}
		mt.rs[v + 1] = r;
	}
	/* the shorter list's words in their own order, each finding its
	 * bucket's ranges */
	total = fits(tab, nblk, &mt, iw, in, nchunks);
	free(tab);
	free(ew);
	return total;
}

