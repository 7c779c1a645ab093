/*
 * symmetry.c - counting with the board's symmetries, optionally on
 * several threads: the `symmetry` variant of `backtrack`, and the
 * threaded `bitmask` count.
 *
 * The eight symmetries of the square (rotations by 90, 180, 270 degrees,
 * and four reflections) map placements to placements. No placement is its
 * own mirror image (n > 1), so a class of equivalent placements has 8
 * members, or 4 when a 180-degree turn maps it to itself, or 2 when a
 * 90-degree turn does. The search visits one representative per class:
 *
 *  - Corner classes: a queen in a corner. Turn it to the top-left; of the
 *    two members with a queen there (a placement and its transpose), keep
 *    the one whose row-1 queen is further left than the column-1 queen is
 *    high. Such classes always have 8 members.
 *  - Other classes: take the queen on an edge that is nearest a corner and
 *    turn it to the top row, left half, at distance b from the corner.
 *    Then no queen on the left or right edge is nearer than b to the top
 *    (rows < b), none on the bottom row is within b of a corner, and by
 *    row n-1-b the edge columns must be used as the nearest-edge rule
 *    demands. Several rotations of a placement can meet these rules with
 *    the same top row; the one counted is the smallest (rows compared in
 *    order as numbers), and comparing it to its rotations gives the size
 *    of its class.
 *
 * This is the method of Takaken's well-known N-Queens program (and of
 * Somers' mirror trick before it), written afresh here. The total is
 * 8 * C8 + 4 * C4 + 2 * C2 and the number of classes C8 + C4 + C2 (OEIS
 * A002562).
 *
 * The search is written for speed (it is where the counting time goes;
 * the plain recursion it stands for is the `bitmask` variant in
 * backtrack.c):
 *
 *  - Each row's state is its untried squares, the columns still free and
 *    the two diagonal masks. A loop over an explicit stack walks the top
 *    of the board (going back straight to the deepest row with squares
 *    left), and rows n-5 and n-4 are loops nested in one function (no
 *    stack, the state in registers).
 *  - The last three rows are looked up, not searched, where the
 *    processor has a fast pext (BMI2 and BMI1, checked at run time,
 *    use_lut()): row n-4 packs what the queens above leave of rows
 *    n-3 .. n-1 on its four free columns into a few bits, and each of
 *    its squares then costs a pext and two table loads (the tables:
 *    lut_build()). Elsewhere they
 *    are searched: rows n-5 .. n-1 nested, row n-4 looking two rows
 *    ahead (ahead()) and the last two without a branch on the data
 *    (last_two()). Both ways count the same nodes.
 *  - The edge search's rule for row b2 is tested by row kind in the top
 *    rows, and by a constant in the last five: the search is made four
 *    times, for row b2 at row n-2, n-3, n-4 or above (b = 1, 2, 3, more).
 *  - Only the edge search keeps the board (each row's queen in its stack
 *    frame, the last rows' written as they are tried); classify() reads
 *    it at the rare complete placements, and the corner search only
 *    counts.
 *
 * Threads split the search at the top rows into many small tasks that
 * workers take from a shared counter, so uneven subtrees balance out:
 * a task is (corner or edge, b, k), the k-th square of the first free
 * row (row 2 for corners, row 1 for edges).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "solvers.h"

typedef uint64_t word;

/* The searches' row loops nest into one function each, their state in
 * registers: gcc's inliner stops short of that on its own. */
#define ALWAYS_INLINE inline __attribute__((always_inline))

/* One search task's state: read-only setup plus the board being built. */
struct sym {
	int n, last;          /* n, n - 1 */
	word mask;            /* n low bits */
	word top;             /* 1 << (n - 1) */
	int b1, b2;           /* the edge queen's distance b, and n - 1 - b */
	word side, lastmask;  /* edge columns; bottom-row squares near corners */
	word q0;              /* the edge search's row-0 queen */
	uint64_t c8, c4, c2;
	int64_t nodes;
	int lut;              /* the last three rows by table */
};

/*
 * A row's rules, set up before the search: the squares they allow
 * (`keep`) and whether it is a special row: ROW_B2 (the edge search's
 * row b2) or ROW_TAIL (row n-5: it and the rows below are the nested
 * loops). Reading the rules from the row saves comparing the row number
 * with b1, b2 and n at every node. The edge search also keeps each
 * row's queen here (`bit`), for classify().
 */
struct frame {
	word keep;
	int kind;
	word bit;
};

enum { ROW_B2 = 1, ROW_TAIL = 2 };

/*
 * A row to come back to: its untried squares, the free columns and the
 * diagonals it was entered with. Only rows with squares left are kept
 * (the pointer moves on by a != 0, no branch), so going back is one
 * step rather than a loop past the exhausted rows.
 */
struct resume {
	word a, l, f, r;
	struct frame *row;
};

/*
 * A non-corner placement is complete: count it if it is its class's
 * representative, by the size of its class.
 *
 * A turn that changes the top row is not searched from this top row, so
 * only turns that keep it compete, and each has a one-square test: the
 * 90-degree turn keeps row 0 exactly when column 0's queen is in row b2,
 * the 180-degree turn when row n-1's queen is at column n-1-b1, the
 * 270-degree turn when column n-1's queen is in row b1. Most placements
 * fail all three and cost nothing more. Otherwise the turned rows are
 * made one at a time and compared with the placement's as they come, so
 * the comparison stops at the first row that differs (usually row 1 or
 * 2) instead of building three whole boards. Turned clockwise, (r, c)
 * goes to (c, n-1-r), with column c as bit c.
 */
#define bd(r) (st[r].bit)
static void classify(struct sym *s, const struct frame *st)
{
	const int n = s->n, last = s->last;
	int pos[64]; /* pos[c]: the row of column c's queen */
	int r, have_pos = 0;

	if (bd(s->b2) == 1) {
		/* 90: row i is bit last - pos[i] */
		for (r = 0; r < n; r++)
			pos[__builtin_ctzll(bd(r))] = r;
		have_pos = 1;
		for (r = 1; r < n; r++) {
			word t = (word)1 << (last - pos[r]);

			if (t != bd(r)) {
				if (t < bd(r))
					return;
				break;
			}
		}
		if (r == n) {
			s->c2++;
			return;
		}
	}
	if (bd(last) == (word)1 << (last - s->b1)) {
		/* 180: row i is row last - i mirrored */
		for (r = 1; r < n; r++) {
			word t = (word)1 << (last - __builtin_ctzll(bd(last - r)));

			if (t != bd(r)) {
				if (t < bd(r))
					return;
				break;
			}
		}
		if (r == n) {
			s->c4++;
			return;
		}
	}
	if (bd(s->b1) == s->top) {
		/* 270: row i is bit pos[last - i] */
		if (!have_pos)
			for (r = 0; r < n; r++)
				pos[__builtin_ctzll(bd(r))] = r;
		for (r = 1; r < n; r++) {
			word t = (word)1 << pos[last - r];

			if (t != bd(r)) {
				if (t < bd(r))
					return;
				break;
			}
		}
	}
	s->c8++;
}
#undef bd

/* Keep only the k-th lowest bit of avail (0 when there are fewer). */
static word kth_bit(word avail, int k)
{
	while (k-- > 0 && avail)
		avail &= avail - 1;
	return avail & (~avail + 1);
}

/*
 * The last two rows, without a branch on the data. Row n-2 has the two
 * free columns `f` left and may take the squares `a` (a subset of f);
 * whichever it takes, row n-1 gets the other column if the diagonals
 * and `off` allow. *lo is row n-1's queen when row n-2 takes a's lower
 * square, *hi when it takes the higher one, 0 when that square is
 * missing or leaves row n-1 attacked. A loop over a's squares costs a
 * mispredicted branch or two per call, and this runs for about a
 * quarter of the nodes.
 */
static inline void last_two(word f, word a, word nl, word nr, word off,
			    word *lo, word *hi)
{
	word b1 = a & (~a + 1), b2 = a ^ b1;

	*lo = (f ^ b1) & ~((nl | b1) << 1 | (nr | b1) >> 1 | off) &
	      -(word)(b1 != 0);
	*hi = (f ^ b2) & ~((nl | b2) << 1 | (nr | b2) >> 1 | off) &
	      -(word)(b2 != 0);
}

/* Row n-2 and n-1's nodes below a row n-2 that may take `a` (at most
 * two squares): one each for the squares. */
static inline int two_nodes(word a)
{
	return (a != 0) + ((a & (a - 1)) != 0);
}

/*
 * The last three rows by table (where use_lut() says: the portable
 * search below is the other way). Row n-3 is entered with three free
 * columns c0 < c1 < c2; what its queens and the two rows below can do
 * depends only on which of the nine squares (three rows by those three
 * columns) the queens above attack, and on the gaps c1 - c0 and c2 - c1
 * (1, 2, or more: rows at most two apart meet on a diagonal only
 * there). BMI2's pext packs them into an index, three bits for each
 * row's attacked squares and two for each of c0 and c1 (whether c + 1
 * and c + 2 are free); the entry holds the placements completed (low 3
 * bits) and the nodes the search of those rows would have counted (the
 * rest, the look-ahead at row n-4 included), so the CSV's nodes are the
 * same either way. The edge search with row b2 at row n-2 (b = 1) has a
 * table of its own, with two more bits: column 0 and column n-1 free.
 *
 * Row n-4 does not make that index per square: it packs its four free
 * columns' attacked squares of rows n-3 .. n-1 once (row4_attacks(), 12
 * bits), and a square's index is those bits without its own column
 * (one pext, row4_index()) or'ed with a small table's bits for what
 * the square's queen attacks and the gaps of the three columns left,
 * looked up by the four columns' gaps (ROW4_GAP_BITS) and the square.
 */
#define LUT_ATT 9               /* attack bits: 3 rows x 3 columns */
#define LUT_GAP 4               /* c + 1 and c + 2 free, for c0 and c1 */
#define LUT_PLAIN (1 << (LUT_ATT + LUT_GAP))
#define LUT_SIDE (LUT_PLAIN << 2)
static uint8_t lut_plain[LUT_PLAIN], lut_side[LUT_SIDE];
/* Row n-4's squares, by the four free columns' gaps (ROW4_GAP_BITS) and
 * which of them the queen takes: its attacks on the other three's rows
 * n-3 .. n-1 and the three's gap bits, as bits of a table index; the
 * `_b2` ones with the edge columns among the four (2 more bits) and the
 * row-b2 rule at row n-3 (row3_b2) or n-2 (row2_b2) folded in. */
#define ROW4_GAPS 512
static uint16_t row4_plain[ROW4_GAPS * 4], row3_b2[4 * ROW4_GAPS * 4],
	row2_b2[4 * ROW4_GAPS * 4];
static pthread_once_t lut_once = PTHREAD_ONCE_INIT;

/* pext by hand, for building the tables */
static word soft_pext(word x, word m)
{
	word out = 0;
	int k = 0;

	for (; m; m &= m - 1, k++)
		if (x & m & (~m + 1))
			out |= (word)1 << k;
	return out;
}

/* One table entry by searching the three rows as the search would:
 * columns f (three bits), att[i] the squares row n-3+i may not take
 * from the queens above, side the edge columns among f when the row-b2
 * rule holds at row n-2 (else no rule: pass rule 0). */
static uint8_t lut_entry(word f, const word att[3], int rule, word side)
{
	int sol = 0, nodes = 0;
	word a0 = f & ~att[0], a;

	if (!(f & ~att[1]) || !(f & ~att[2]))
		a0 = 0; /* ahead() at row n-4 */
	for (; a0; a0 &= a0 - 1) {
		word p = a0 & (~a0 + 1), f2 = f ^ p;
		word a2 = f2 & ~(att[1] | p << 1 | p >> 1);

		if (rule) {
			word m = side & f2;

			a2 &= m == 0 ? ~(word)0 : (m & (m - 1)) ? 0 : m;
		}
		nodes += 1 + two_nodes(a2);
		for (a = a2; a; a &= a - 1) {
			word q = a & (~a + 1), last = f2 ^ q;

			sol += (last & ~(att[2] | p << 2 | p >> 2 | q << 1 |
					 q >> 1)) != 0;
		}
	}
	return (uint8_t)(sol | nodes << 3);
}

/* The entries of three columns col[] (their gaps: one kind), every
 * choice of attacked squares x and of edge columns among them (sd: bit
 * 0 col[0] is column 0, bit 1 col[2] is column n-1). */
static void lut_gaps(const word col[3])
{
	word f = col[0] | col[1] | col[2];
	word g = soft_pext(f >> 1, f) | soft_pext(f >> 2, f) << 2;
	int x, sd, i, j;

	for (x = 0; x < 1 << LUT_ATT; x++) {
		word att[3];

		for (i = 0; i < 3; i++) {
			att[i] = 0;
			for (j = 0; j < 3; j++)
				if (x >> (3 * i + j) & 1)
					att[i] |= col[j];
		}
		lut_plain[g << LUT_ATT | x] = lut_entry(f, att, 0, 0);
		for (sd = 0; sd < 4; sd++) {
			word side = (sd & 1 ? col[0] : 0) |
				    (sd & 2 ? col[2] : 0);

			lut_side[(word)sd << (LUT_ATT + LUT_GAP) |
				 g << LUT_ATT | x] = lut_entry(f, att, 1, side);
		}
	}
}

static void row4_build(void);

/* The tables, once (pthread_once): every gap of three columns (1, 2,
 * or 3 standing for 3 or more), then row n-4's. */
static void lut_build(void)
{
	int g1, g2;

	for (g1 = 1; g1 <= 3; g1++)
		for (g2 = 1; g2 <= 3; g2++) {
			word col[3] = { (word)1 << 4, (word)1 << (4 + g1),
					(word)1 << (4 + g1 + g2) };

			lut_gaps(col);
		}
	row4_build();
}

/* The gap bits of four free columns f at row n-4: for each column c,
 * whether c + 1, c + 2 and c + 3 are free (3 bits each: the top
 * column's are 0). */
#define ROW4_GAP_BITS(f, pext)                                              \
	((pext)((f) >> 1, (f)) | (pext)((f) >> 2, (f)) << 3 |               \
	 (pext)((f) >> 3, (f)) << 6)

/* The row-n-4 tables' entries for square j of the four free columns
 * col[] (g their gap bits): the queen's attacks on the other three's
 * rows n-3 .. n-1, their gap bits, and for each choice of edge columns
 * among the four (sd: bit 0 col[0] is column 0, bit 1 col[3] is column
 * n-1) the row-b2 rule at row n-3 folded into the attacks (row3_b2) or
 * the edge columns left passed on (row2_b2, for lut_side). */
static void row4_square(const word col[4], unsigned g, int j)
{
	word p = col[j], f3 = 0, rc[3];
	unsigned att = 0, gap3;
	int i, k, sd;

	for (i = k = 0; i < 4; i++)
		if (i != j) {
			rc[k++] = col[i];
			f3 |= col[i];
		}
	for (i = 0; i < 3; i++)
		for (k = 0; k < 3; k++)
			if (rc[k] == p << (i + 1) || rc[k] == p >> (i + 1))
				att |= 1u << (3 * i + k);
	gap3 = (unsigned)(soft_pext(f3 >> 1, f3) | soft_pext(f3 >> 2, f3) << 2)
	       << LUT_ATT;
	row4_plain[g << 2 | (unsigned)j] = (uint16_t)(att | gap3);
	for (sd = 0; sd < 4; sd++) {
		word m = ((sd & 1 ? col[0] : 0) | (sd & 2 ? col[3] : 0)) & f3;
		/* at_b2(): both edge columns free is a dead end */
		word keep = m == 0 ? ~(word)0 : (m & (m - 1)) ? 0 : m;
		unsigned a3 = att, at = ((unsigned)sd << 9 | g) << 2 |
					(unsigned)j;
		unsigned left = (unsigned)(((sd & 1) && j != 0) |
					   ((sd & 2) && j != 3) << 1);

		for (k = 0; k < 3; k++)
			if (!(rc[k] & keep))
				a3 |= 1u << k;
		row3_b2[at] = (uint16_t)(a3 | gap3);
		row2_b2[at] = (uint16_t)(att | gap3 |
					 left << (LUT_ATT + LUT_GAP));
	}
}

/* Every gap of four columns (1, 2, 3, or 4 standing for 4 or more: the
 * same to rows n-4 .. n-1) and every square of them. */
static void row4_build(void)
{
	int g1, g2, g3, j;

	for (g1 = 1; g1 <= 4; g1++)
		for (g2 = 1; g2 <= 4; g2++)
			for (g3 = 1; g3 <= 4; g3++) {
				word col[4] = {
					(word)1 << 4, (word)1 << (4 + g1),
					(word)1 << (4 + g1 + g2),
					(word)1 << (4 + g1 + g2 + g3)
				};
				word f = col[0] | col[1] | col[2] | col[3];

				for (j = 0; j < 4; j++)
					row4_square(col, (unsigned)
						    ROW4_GAP_BITS(f, soft_pext),
						    j);
			}
}

/* BMI2's pext, written out so the portable build has it too: it runs
 * only where use_lut() found the instruction. */
static inline word pext(word x, word m)
{
#if defined(__x86_64__) && defined(__GNUC__)
	word out;

	__asm__("pextq %2, %1, %0" : "=r"(out) : "r"(x), "rm"(m));
	return out;
#else
	return soft_pext(x, m);
#endif
}
#define PEXT(x, m) pext((x), (m))

/* Row n-4 entered with four free columns f, diagonals l and r: the
 * squares of rows n-3, n-2 and n-1 (with their rules: row n-3 kept off
 * off3, row n-1 off off1) that the queens above attack, as three 4-bit
 * fields over f's columns. */
static inline word row4_attacks(word f, word l, word r, word off3, word off1)
{
	return PEXT(l << 1 | r >> 1 | off3, f) |
	       PEXT(l << 2 | r >> 2, f) << 4 |
	       PEXT(l << 3 | r >> 3 | off1, f) << 8;
}

/* The nine attack bits of the three columns left when row n-4 takes
 * column j of the four: row4_attacks() without column j. */
static inline unsigned row4_index(word x, int j)
{
	return (unsigned)PEXT(x, 0xfff ^ ((word)0x111 << j));
}

/*
 * Look ahead: whether each of the k rows below the next has a square
 * left that the queens so far do not attack (the queens of the rows
 * between not counted), as all ones or zero; `off` is kept off the
 * row `off_at` below the next (the bottom row's rule). A row with none
 * means a dead end, found here rather than rows further down, for a few
 * operations and no branch.
 */
static inline word ahead(int k, int off_at, word f, word l, word r, word off)
{
	word ok = ~(word)0;
	int i;

	for (i = 1; i <= k; i++) {
		word free = f & ~(l << i | r >> i | (i == off_at ? off : 0));

		ok &= -(word)(free != 0);
	}
	return ok;
}

/*
 * Corner classes, the last five rows, as the edge search's below but
 * counting only: row n-5 may take `a`, entered with the free columns f
 * and the diagonals l, r; rows n-4 and n-3 keep to keep4 and keep3
 * (without column 1 when the row is above row b1). Return the
 * placements completed.
 */
static ALWAYS_INLINE uint64_t corner3(word a, word f, word l, word r,
				      int64_t *nodes)
{
	uint64_t found = 0;

	while (a) {
		word p = a & (~a + 1), f2 = f ^ p, l2 = (l | p) << 1,
		     r2 = (r | p) >> 1, a2 = f2 & ~(l2 | r2), lo, hi;

		a ^= p;
		last_two(f2, a2, l2, r2, 0, &lo, &hi);
		*nodes += 1 + two_nodes(a2);
		found += (lo != 0) + (hi != 0);
	}
	return found;
}

static ALWAYS_INLINE uint64_t corner4(word keep3, word a, word f, word l,
				      word r, int64_t *nodes, int lut)
{
	uint64_t found = 0;

	if (lut) {
		word m, x;
		const uint16_t *w;

		/* on a, not m: known a pext sooner when mispredicted */
		if (!a)
			return 0;
		m = PEXT(a, f);
		x = row4_attacks(f, l, r, ~keep3, 0);
		w = row4_plain + (ROW4_GAP_BITS(f, pext) << 2);
		do {
			int j = __builtin_ctzll(m);
			unsigned e = lut_plain[row4_index(x, j) | w[j]];

			m &= m - 1;
			*nodes += 1 + (e >> 3);
			found += e & 7;
		} while (m);
		return found;
	}
	while (a) {
		word p = a & (~a + 1), f3 = f ^ p, l3 = (l | p) << 1,
		     r3 = (r | p) >> 1,
		     a3 = f3 & keep3 & ~(l3 | r3) & ahead(2, 0, f3, l3, r3, 0);

		a ^= p;
		++*nodes;
		found += corner3(a3, f3, l3, r3, nodes);
	}
	return found;
}

static ALWAYS_INLINE uint64_t corner5(word keep4, word keep3, word a, word f,
				      word l, word r, int64_t *nodes, int lut)
{
	uint64_t found = 0;

	while (a) {
		word p = a & (~a + 1), f4 = f ^ p, l4 = (l | p) << 1,
		     r4 = (r | p) >> 1,
		     a4 = f4 & keep4 & ~(l4 | r4);

		a ^= p;
		++*nodes;
		found += corner4(keep3, a4, f4, l4, r4, nodes, lut);
	}
	return found;
}

/* Corner classes: row 0's queen in column 0, row 1's at bit b1, and row
 * 2 may take only its k-th square, the task's. The search starts at row
 * 0 (rows 0 and 1 have one square each). */
static ALWAYS_INLINE void corner_with(struct sym *s, int k, int lut)
{
	struct frame st[64], *sp = &st[0];
	struct resume rbuf[64], *rs = rbuf;
	const word mask = s->mask;
	const int last = s->last, b1 = s->b1;
	const word q1 = (word)1 << b1;
	word keep4, keep3;
	int64_t nodes = 0;
	uint64_t found = 0;
	word a = 1, l = 0, f = mask, r = 0;
	int y;

	/* column 1's queen lies lower than row 1's */
	for (y = 1; y <= last; y++) {
		st[y].keep = y < b1 ? mask & ~(word)2 : mask;
		st[y].kind = y == last - 4 ? ROW_TAIL : 0;
	}
	st[1].keep = q1;
	st[2].keep = kth_bit(st[2].keep & (mask ^ 1 ^ q1) &
			     ~((2 | q1) << 1 | q1 >> 1), k);
	keep4 = st[last - 3].keep; /* n = 6: row 2's */
	keep3 = st[last - 2].keep;
	for (;;) {
		word bit, nl, nf, nr, na;

		if (!a) {
			if (rs == rbuf)
				goto done;
			rs--;
			a = rs->a;
			l = rs->l;
			f = rs->f;
			r = rs->r;
			sp = rs->row;
		}
		bit = a & (~a + 1);
		a ^= bit;
		nodes++;
		nl = (l | bit) << 1;
		nf = f ^ bit;
		nr = (r | bit) >> 1;
		na = sp[1].keep & nf & ~(nl | nr);
		if (sp[1].kind) {
			found += corner5(keep4, keep3, na, nf, nl, nr, &nodes,
					 lut);
			continue;
		}
		if (!na)
			continue;
		rs->a = a;
		rs->l = l;
		rs->f = f;
		rs->r = r;
		rs->row = sp;
		rs += a != 0;
		sp++;
		a = na;
		l = nl;
		f = nf;
		r = nr;
	}
done:
	s->c8 += found;
	s->nodes += nodes;
}

static void corner_plain(struct sym *s, int k)
{
	corner_with(s, k, 0);
}

/* The edge search's rule for row b2 on its squares `a`, given the
 * columns `f` still free: both edge columns must be taken by then, so
 * row b2 takes the one still free, and is a dead end when both are. */
static inline word at_b2(word a, word f, word side)
{
	word m = side & f;

	/* without branches: they go either way often in the tail */
	return a & (m | -(word)(m == 0)) & -(word)(m != side);
}

/* The edge search's setup, passed by value into the row loops below so
 * it stays in registers across the calls to classify(). */
struct edge_rules {
	word side, lastmask;
	struct frame *tail;   /* &st[n-5]: the tail's rows, for classify() */
	/* row b2 is row n-2, n-3, or n-4 */
	int b2_at_n2, b2_at_n3, b2_at_n4;
	int lut;              /* the last three rows by table */
};

/*
 * The edge search's last five rows: row n-5 may take `a`, entered with
 * the free columns f and the diagonals l, r. Each row's queen goes to
 * its frame's `bit` as it is tried (a store costs less than keeping it
 * in a register), and complete placements go to classify().
 */
static ALWAYS_INLINE void edge3(struct sym *s, struct edge_rules e, word a,
				word f, word l, word r, int64_t *nodes)
{
	while (a) {
		word p = a & (~a + 1), f2 = f ^ p, l2 = (l | p) << 1,
		     r2 = (r | p) >> 1, a2 = f2 & ~(l2 | r2), lo, hi;

		a ^= p;
		if (e.b2_at_n2)
			a2 = at_b2(a2, f2, e.side);
		last_two(f2, a2, l2, r2, e.lastmask, &lo, &hi);
		*nodes += 1 + two_nodes(a2);
		/* solutions are rare next to the nodes: one branch */
		if (__builtin_expect((lo | hi) != 0, 0)) {
			word b = a2 & (~a2 + 1);
			struct frame *t = e.tail;

			t[2].bit = p;
			if (lo) {
				t[3].bit = b;
				t[4].bit = lo;
				classify(s, t - (s->last - 4));
			}
			if (hi) {
				t[3].bit = a2 ^ b;
				t[4].bit = hi;
				classify(s, t - (s->last - 4));
			}
		}
	}
}

/* Row n-3 and below one by one, for the placements the table says are
 * there (their nodes are counted already): out of line, so the table's
 * loop keeps its registers. */
static __attribute__((noinline, cold)) void
edge3_cold(struct sym *s, struct frame *tail, word side, word lastmask,
	   int b2_at_n2, int b2_at_n3, word p, word f, word l, word r)
{
	const struct edge_rules e = { side, lastmask, tail, b2_at_n2, 0, 0, 1 };
	word f3 = f ^ p, l3 = (l | p) << 1, r3 = (r | p) >> 1;
	word a3 = f3 & ~(l3 | r3) & ahead(2, 2, f3, l3, r3, lastmask);
	int64_t again = 0;

	if (b2_at_n3)
		a3 = at_b2(a3, f3, side);
	tail[1].bit = p;
	edge3(s, e, a3, f3, l3, r3, &again);
}

static ALWAYS_INLINE void edge4(struct sym *s, struct edge_rules e, word a,
				word f, word l, word r, int64_t *nodes)
{
	if (e.lut) {
		word m, x;
		const uint16_t *w;
		const uint8_t *t = e.b2_at_n2 ? lut_side : lut_plain;

		if (!a)
			return;
		m = PEXT(a, f);
		x = row4_attacks(f, l, r, 0, e.lastmask);
		w = (e.b2_at_n2 ? row2_b2 : e.b2_at_n3 ? row3_b2 : row4_plain) +
		    (ROW4_GAP_BITS(f, pext) << 2);
		if (e.b2_at_n2 || e.b2_at_n3)
			w += PEXT(f, e.side) << 11;
		do {
			int j = __builtin_ctzll(m);
			unsigned v = t[row4_index(x, j) | w[j]];

			m &= m - 1;
			*nodes += 1 + (v >> 3);
			/* the placements to classify: see them one by one */
			if (__builtin_expect((v & 7) != 0, 0))
				edge3_cold(s, e.tail, e.side, e.lastmask,
					   e.b2_at_n2, e.b2_at_n3,
					   kth_bit(f, j), f, l, r);
		} while (m);
		return;
	}
	while (a) {
		word p = a & (~a + 1), f3 = f ^ p, l3 = (l | p) << 1,
		     r3 = (r | p) >> 1, a3 = f3 & ~(l3 | r3);

		a ^= p;
		++*nodes;
		e.tail[1].bit = p;
		a3 &= ahead(2, 2, f3, l3, r3, e.lastmask);
		if (e.b2_at_n3)
			a3 = at_b2(a3, f3, e.side);
		edge3(s, e, a3, f3, l3, r3, nodes);
	}
}

static ALWAYS_INLINE void edge5(struct sym *s, struct edge_rules e, word a,
				word f, word l, word r, int64_t *nodes)
{
	while (a) {
		word p = a & (~a + 1), f4 = f ^ p, l4 = (l | p) << 1,
		     r4 = (r | p) >> 1, a4 = f4 & ~(l4 | r4);

		a ^= p;
		e.tail[0].bit = p;
		++*nodes;
		if (e.b2_at_n4)
			a4 = at_b2(a4, f4, e.side);
		edge4(s, e, a4, f4, l4, r4, nodes);
	}
}

/* Other classes: row 0's queen at distance b1 from the left corner.
 * Rows above b1 keep off the edge columns, row b2 is at_b2(), and the
 * bottom row keeps off lastmask. The search starts at row 0 with its
 * one queen, and row 1 may take only its k-th square, the task's. */
static ALWAYS_INLINE void edge_with(struct sym *s, int k, int b2_up, int lut)
{
	struct frame st[64], *sp = &st[0];
	struct resume rbuf[64], *rs = rbuf;
	const word mask = s->mask, side = s->side;
	const int last = s->last, b1 = s->b1, b2 = s->b2;
	const struct edge_rules e = {
		side, s->lastmask, &st[last - 4], b2_up == 1, b2_up == 2,
		b2_up == 3, lut
	};
	int64_t nodes = 0;
	word a = s->q0, l = 0, f = mask, r = 0;
	int y;

	for (y = 1; y <= last; y++) {
		st[y].keep = y < b1 ? mask & ~side : mask;
		st[y].kind = (y == b2 ? ROW_B2 : 0) |
			     (y == last - 4 ? ROW_TAIL : 0);
	}
	/* row 1 (not row b2: 1 <= b1 < b2) */
	st[1].keep = kth_bit(st[1].keep & ~(a << 1 | a | a >> 1), k);
	for (;;) {
		word bit, nl, nf, nr, na;

		if (!a) {
			if (rs == rbuf)
				goto done;
			rs--;
			a = rs->a;
			l = rs->l;
			f = rs->f;
			r = rs->r;
			sp = rs->row;
		}
		bit = a & (~a + 1);
		a ^= bit;
		sp->bit = bit;
		nodes++;
		nl = (l | bit) << 1;
		nf = f ^ bit;
		nr = (r | bit) >> 1;
		na = sp[1].keep & nf & ~(nl | nr);
		if (sp[1].kind) {
			if (sp[1].kind & ROW_B2)
				na = at_b2(na, nf, side);
			if (sp[1].kind & ROW_TAIL) {
				edge5(s, e, na, nf, nl, nr, &nodes);
				continue;
			}
		}
		if (!na)
			continue;
		rs->a = a;
		rs->l = l;
		rs->f = f;
		rs->r = r;
		rs->row = sp;
		rs += a != 0;
		sp++;
		a = na;
		l = nl;
		f = nf;
		r = nr;
	}
done:
	s->nodes += nodes;
}

/* edge_with() made four times, with row b2 known to be row n-2, n-3,
 * n-4 (b = 1, 2, 3), or above: the tail's rows then test for it at no
 * cost. */
#define EDGE_BY_B2(s, k, lut)				\
	switch ((s)->last - (s)->b2) {			\
	case 1:						\
		edge_with((s), (k), 1, (lut));		\
		break;					\
	case 2:						\
		edge_with((s), (k), 2, (lut));		\
		break;					\
	case 3:						\
		edge_with((s), (k), 3, (lut));		\
		break;					\
	default:					\
		edge_with((s), (k), 0, (lut));		\
		break;					\
	}

static void edge_plain(struct sym *s, int k)
{
	EDGE_BY_B2(s, k, 0)
}

/* The searches with the tables run only where use_lut() found BMI2
 * (and BMI1), so on x86-64 they are compiled for those. */
#if defined(__x86_64__) && defined(__GNUC__)
#define LUT_TARGET __attribute__((target("bmi,bmi2")))
#else
#define LUT_TARGET
#endif

LUT_TARGET static void edge_lut(struct sym *s, int k)
{
	EDGE_BY_B2(s, k, 1)
}

LUT_TARGET static void corner_lut(struct sym *s, int k)
{
	corner_with(s, k, 1);
}

static void edge(struct sym *s, int k)
{
	if (s->lut)
		edge_lut(s, k);
	else
		edge_plain(s, k);
}

static void corner(struct sym *s, int k)
{
	if (s->lut)
		corner_lut(s, k);
	else
		corner_plain(s, k);
}

/* Tasks: (corner or edge, b, k). The corner search splits at row 2
 * (rows 0 and 1 are fixed by b), the edge search at row 1. */
struct job {
	int n;
	int lut;
	int ntasks;
	struct nq_part part;  /* tasks part.k, part.k + part.of, ... */
	atomic_int next;
	uint64_t c8, c4, c2;
	int64_t nodes;
	pthread_mutex_t lock;
};

static int tasks_per_b(int n)
{
	return n; /* k = 0..n-1 covers every choice at the split row */
}

static void run_task(struct job *j, int t)
{
	struct sym s;
	int n = j->n, per = tasks_per_b(n);
	int ncorner = (n - 3) * per; /* b = 2 .. n-2 */
	int b, k;
	word bit;

	memset(&s, 0, sizeof s);
	s.n = n;
	s.last = n - 1;
	s.mask = n == 64 ? ~(word)0 : ((word)1 << n) - 1;
	s.top = (word)1 << (n - 1);
	s.lut = j->lut;
	if (t < ncorner) {
		b = 2 + t / per;
		k = t % per;
		s.b1 = b;
		/* the two fixed queens counted once, by task k = 0: the
		 * search counts them in every task */
		s.nodes = k == 0 ? 0 : -2;
		corner(&s, k);
	} else {
		t -= ncorner;
		b = 1 + t / per;
		k = t % per;
		s.b1 = b;
		s.b2 = n - 1 - b;
		s.side = s.top | 1;
		/* bottom-row squares within b of a corner */
		s.lastmask = s.side;
		for (int i = 1; i < b; i++)
			s.lastmask |= (s.lastmask >> 1 | s.lastmask << 1) & s.mask;
		bit = (word)1 << b;
		s.q0 = bit;
		/* row 0's queen counted once, by task k = 0: the search
		 * counts it in every task */
		s.nodes = k == 0 ? 0 : -1;
		edge(&s, k);
	}
	pthread_mutex_lock(&j->lock);
	j->c8 += s.c8;
	j->c4 += s.c4;
	j->c2 += s.c2;
	j->nodes += s.nodes;
	pthread_mutex_unlock(&j->lock);
}

static void *worker(void *arg)
{
	struct job *j = arg;
	long t;

	while ((t = j->part.k + (long)atomic_fetch_add(&j->next, 1) *
		    j->part.of) < j->ntasks)
		run_task(j, (int)t);
	return NULL;
}

/* Run `ntasks` tasks of `fn` on `threads` threads (the calling thread is
 * one of them). Returns 0, or -1 if no thread could be started (then it
 * has all run on the calling thread). */
static int run_pool(void *(*fn)(void *), void *arg, int threads)
{
	pthread_t tid[256];
	int i, started = 0;

	for (i = 1; i < threads && i < 256; i++)
		if (pthread_create(&tid[started], NULL, fn, arg) == 0)
			started++;
	fn(arg);
	for (i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	return 0;
}

/* The tasks: corner classes b = 2 .. n-2, then edge classes b = 1 ..
 * while b < n-1-b, each split n ways at its split row. */
long nq_units_symmetry(int n)
{
	int b_edge;

	if (n < 6 || n > 64)
		return 1; /* counted whole, by looking at every placement */
	for (b_edge = 0; 1 + b_edge < n - 2 - b_edge; b_edge++)
		;
	return (long)(n - 3 + b_edge) * tasks_per_b(n);
}

int nq_symmetry_lut = -1;

/* Whether the last three rows go by table: on a processor with a fast
 * pext (BMI2; AMD's before Zen 3 make it microcode, slower than the
 * search it replaces), or where nq_symmetry_lut says. Off x86-64 the
 * tables use pext written in C, slower than the search: only for
 * tests (nq_symmetry_lut = 1). */
static int use_lut(void)
{
	if (nq_symmetry_lut == 0)
		return 0;
#if defined(__x86_64__) && defined(__GNUC__)
	if (!__builtin_cpu_supports("bmi") || !__builtin_cpu_supports("bmi2"))
		return 0;
	if (nq_symmetry_lut != 1 && (__builtin_cpu_is("znver1") ||
				     __builtin_cpu_is("znver2")))
		return 0;
#else
	if (nq_symmetry_lut != 1)
		return 0;
#endif
	pthread_once(&lut_once, lut_build);
	return 1;
}

int nq_count_symmetry(int n, int threads, struct nq_part part,
		      uint64_t *total, uint64_t *unique, int64_t *nodes)
{
	struct job j;

	if (n < 6 || n > 64 || part.of < 1 || part.k < 0 || part.k >= part.of)
		return NQ_ERR; /* the caller counts small boards plainly */
	memset(&j, 0, sizeof j);
	j.n = n;
	j.part = part;
	j.ntasks = (int)nq_units_symmetry(n);
	j.lut = use_lut();
	atomic_init(&j.next, 0);
	pthread_mutex_init(&j.lock, NULL);
	run_pool(worker, &j, threads < 1 ? 1 : threads);
	pthread_mutex_destroy(&j.lock);
	*total = 8 * j.c8 + 4 * j.c4 + 2 * j.c2;
	*unique = j.c8 + j.c4 + j.c2;
	*nodes = j.nodes;
	return NQ_OK;
}

/* ---- the plain bit-parallel count, split over threads ---- */

struct plain {
	int n;
	word mask;
	int ntasks;           /* n * n: (row 0 column, k-th choice in row 1) */
	struct nq_part part;
	atomic_int next;
	uint64_t total;
	int64_t nodes;
	pthread_mutex_t lock;
};

static uint64_t plain_count(word mask, word cols, word ld, word rd,
			    int64_t *nodes)
{
	word avail;
	uint64_t total = 0;

	if (cols == mask)
		return 1;
	avail = mask & ~(cols | ld | rd);
	while (avail) {
		word bit = avail & (~avail + 1);

		avail ^= bit;
		++*nodes;
		total += plain_count(mask, cols | bit, (ld | bit) << 1,
				     (rd | bit) >> 1, nodes);
	}
	return total;
}

static void *plain_worker(void *arg)
{
	struct plain *p = arg;
	long t;

	while ((t = p->part.k + (long)atomic_fetch_add(&p->next, 1) *
		    p->part.of) < p->ntasks) {
		int c0 = t / p->n, k = t % p->n;
		word b0 = (word)1 << c0;
		word avail = p->mask & ~(b0 | b0 << 1 | b0 >> 1);
		word b1 = kth_bit(avail, k);
		int64_t nodes = 0;
		uint64_t total = 0;

		if (k == 0)
			nodes++; /* row 0's queen, counted once */
		if (b1) {
			nodes++;
			total = plain_count(p->mask, b0 | b1,
					    ((b0 << 1 | b1) << 1) & p->mask,
					    (b0 >> 1 | b1) >> 1, &nodes);
		}
		pthread_mutex_lock(&p->lock);
		p->total += total;
		p->nodes += nodes;
		pthread_mutex_unlock(&p->lock);
	}
	return NULL;
}

/* The tasks: row 0's column times the k-th free choice in row 1. */
long nq_units_plain(int n)
{
	return n < 2 ? 1 : (long)n * n;
}

int nq_count_plain(int n, int threads, struct nq_part part, uint64_t *total,
		   int64_t *nodes)
{
	struct plain p;

	if (n < 2 || n > 64 || part.of < 1 || part.k < 0 || part.k >= part.of)
		return NQ_ERR;
	memset(&p, 0, sizeof p);
	p.n = n;
	p.part = part;
	p.mask = n == 64 ? ~(word)0 : ((word)1 << n) - 1;
	p.ntasks = (int)nq_units_plain(n);
	atomic_init(&p.next, 0);
	pthread_mutex_init(&p.lock, NULL);
	run_pool(plain_worker, &p, threads < 1 ? 1 : threads);
	pthread_mutex_destroy(&p.lock);
	*total = p.total;
	*nodes = p.nodes;
	return NQ_OK;
}
