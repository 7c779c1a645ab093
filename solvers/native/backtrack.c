/*
 * backtrack.c - native backtracking search, the `backtrack` approach.
 *
 * Every variant places one queen per row, top to bottom, and takes the
 * last queen back when a row has no free square left. They differ in how
 * they know that a square is free, which is what a class can time:
 *
 *   board     an n x n board; before each placement, scan the square's
 *             column and both diagonals on the board: O(n) per square
 *             tried.
 *   array     queen[row] = column; a new queen is checked against every
 *             queen already placed (same column, or |dc| == |dr|): O(rows
 *             placed) per square tried, and n entries of memory.
 *   textbook  three flag arrays, columns, diagonals (r + c) and
 *             anti-diagonals (r - c + n - 1): O(1) per square tried,
 *             but every square of a row is still tried.
 *   stack     textbook without recursion: the columns tried so far sit on
 *             an explicit stack (docs/native.md).
 *   bitmask   the free squares of a row as one machine word built from
 *             three attack masks, shifted one place per row; x & -x takes
 *             the lowest, so only free squares are ever visited and a
 *             node costs a few instructions. n <= 64.
 *   symmetry  bitmask that searches one placement per class of the
 *             board's eight symmetries and weighs it by its class's size
 *             (solvers/native/symmetry.c); also counts the classes (`unique`).
 *             Count mode; first mode, hints, blocked squares and
 *             excluded lines fall back to bitmask.
 *   mrv       forward checking: each undecided row keeps its count of
 *             free squares, and the row with the fewest goes next
 *             (solvers/native/mrv.c). O(n) a node, but on large boards it finds
 *             a placement with almost no backtracking.
 *   dlx       Knuth's Algorithm X with dancing links: n-queens as an
 *             exact cover (rows and columns primary, diagonals
 *             secondary), the row or column with the fewest options
 *             next (solvers/native/dlx.c). First and count.
 *   split     no whole-board search: the west and east halves are
 *             counted apart for each way of sharing the rows between
 *             them, and compatible halves are joined (solvers/native/split.c).
 *             Count mode only, without hints; n <= 32.
 *   prop      bit sets with propagation for the restricted boards:
 *             forward checking on rows and columns, units, MRV over
 *             both, Hall's count and the sum bounds on the diagonals
 *             (solvers/native/prop.c). First and count, threads in
 *             both; n <= 64.
 *
 * `threads` (bitmask and symmetry, count mode without hints): split the
 * search over the top rows' placements; split: over the row sets; 0
 * means one per core it may use (its CPU affinity: a run pinned by -j
 * counts its own cores).
 *
 * Hints (pre-placed queens) are honoured by every variant but split (which
 * refuses them with a note rather than answer something else): a hinted
 * row offers only its hinted square, and the hints' lines are closed for
 * the other rows before the search starts.
 *
 * Blocked squares and excluded lines (ABI 3) are one map made up front,
 * banned[row * n + col], that every variant checks before it tries a
 * square (bitmask ORs each row's part into its closed mask). Symmetry
 * does not survive them, so the symmetry variant (and the threaded
 * count) falls back to bitmask and `unique` stays unknown, as with hints;
 * split refuses them, as it refuses hints.
 *
 * Watched (`harness trace`, solvers/trace.h): board, array, textbook,
 * stack and bitmask report each queen placed (the node's number), each
 * square a check refused with the queen that attacks it (bitmask never
 * looks at an attacked square, so it reports none), each queen taken
 * back and each placement found. Each of their loops is written once,
 * as an always-inline body with a constant `tr`, and instantiated twice
 * (NAME and NAME_traced below): the plain copy, which every run uses,
 * has no trace in it at all (the compiler drops `if (tr)` with tr = 0),
 * and the traced copy runs under `harness trace` alone. The fast
 * counters report nothing.
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <unistd.h>
#include "solvers.h"
#include "nq_board.h"
#include "trace.h"

enum { V_BOARD, V_ARRAY, V_TEXTBOOK, V_STACK, V_BITMASK, V_SYMMETRY, V_MRV,
       V_DLX, V_SPLIT, V_PROP };

static const char *const variants[] = {
	"board", "array", "textbook", "stack", "bitmask", "symmetry", "mrv",
	"dlx", "split", "prop", NULL
};

static const nq_option options[] = {
	{ "variant", NQ_OPT_CHOICE, "bitmask", variants, 0, 0,
	  "how a free square is found: board scan, array of queens, flag "
	  "arrays (textbook, stack), bit masks, bit masks with symmetry, "
	  "forward checking with fewest-choices-first (mrv), Knuth's dancing "
	  "links on the exact cover, fewest options first (dlx), halves "
	  "counted and joined (split), bit sets with propagation and "
	  "diagonal-sum bounds for blocked and excluded boards (prop; "
	  "n <= 64, on a plain board half bitmask's speed)" },
	{ "threads", NQ_OPT_INT, "0", NULL, 0, 256,
	  "threads for bitmask, symmetry and split counts and for prop "
	  "(0: one per core)" },
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
	unsigned char *banned; /* n * n, 1: no queen may stand there (blocked,
				  excluded line); NULL when nothing is */
	int trace;          /* a trace records this search (solvers/trace.h) */
	int stopped;        /* the trace's recorder asked it to stop */
};

static inline int is_banned(const struct search *s, int r, int c)
{
	return s->banned && s->banned[(size_t)r * s->n + c];
}

/* ---- what a watched search reports (trace.h); never called untraced ---- */

/* A loop's body, written once, instantiated as NAME (plain) and
 * NAME_traced: the body takes `tr` (a constant 0 or 1) and the copy of
 * itself to recurse into. The reports are cold: out of line, out of
 * the traced loops' way too. */
#define NQ_ALWAYS_INLINE inline __attribute__((always_inline))
#define NQ_COLD __attribute__((cold, noinline))

static NQ_COLD void tr_emit(struct search *s, nq_trace_kind kind, int r,
			    int c, int orow, int ocol)
{
	nq_trace_event e = { kind, r, c, orow, ocol, s->nodes, -1, NULL };

	if (nq_trace_emit(&e)) {
		s->stopped = 1;
		s->done = 1; /* every variant's loops stop on it */
	}
}

static NQ_COLD void tr_place(struct search *s, int r, int c)
{
	tr_emit(s, NQ_TR_PLACE, r, c, -1, -1);
}

static NQ_COLD void tr_back(struct search *s, int r, int c)
{
	if (s->done) /* the first placement found: the page ends on it */
		return;
	tr_emit(s, NQ_TR_BACKTRACK, r, c, -1, -1);
}

/* (r, c) refused: the queen that attacks it, found by looking at the rows
 * placed above and the hinted rows (-1 -1 for a blocked square or an
 * excluded line, which no queen attacks). */
static NQ_COLD void tr_conflict(struct search *s, int r, int c)
{
	int i;

	for (i = 0; i < s->n; i++) {
		int qc = i < r ? s->queen[i] : s->hint_col[i];

		if (i == r || qc < 0)
			continue;
		if (qc == c || abs(qc - c) == abs(i - r)) {
			tr_emit(s, NQ_TR_CONFLICT, r, c, i, qc);
			return;
		}
	}
	tr_emit(s, NQ_TR_CONFLICT, r, c, -1, -1);
}

static NQ_ALWAYS_INLINE void found(struct search *s, const int tr)
{
	if (tr)
		tr_emit(s, NQ_TR_SOLUTION, -1, -1, -1, -1);
	s->count++;
	if (s->first) {
		memcpy(s->out, s->queen, (size_t)s->n * sizeof *s->out);
		s->done = 1;
	}
}

/* ---- textbook: flag arrays ---- */

struct flags {
	char *col, *diag, *anti; /* 1: the line holds a queen */
	int n;
};

/* Put a queen on (r, c), or take it off (on = 0): its three lines. */
static inline void flags_mark(struct flags *f, int r, int c, char on)
{
	f->col[c] = f->diag[r + c] = f->anti[r - c + f->n - 1] = on;
}

static inline int flags_free_square(const struct flags *f, int r, int c)
{
	return !f->col[c] && !f->diag[r + c] && !f->anti[r - c + f->n - 1];
}

static void flags_free(struct flags *f)
{
	free(f->col);
	free(f->diag);
	free(f->anti);
}

/* Empty flags for an n x n board, with the hints' lines closed. */
static int flags_new(struct flags *f, const nq_instance *in)
{
	int i, n = in->n;

	f->n = n;
	f->col = calloc((size_t)n, 1);
	f->diag = calloc((size_t)(2 * n), 1);
	f->anti = calloc((size_t)(2 * n), 1);
	if (!f->col || !f->diag || !f->anti) {
		flags_free(f);
		return NQ_ENOMEM;
	}
	for (i = 0; i < in->nhints; i++)
		flags_mark(f, in->hints[i].row, in->hints[i].col, 1);
	return NQ_OK;
}

typedef void textbook_fn(struct search *s, struct flags *f, int r);

static NQ_ALWAYS_INLINE void textbook_body(struct search *s, struct flags *f,
						   int r, const int tr,
						   textbook_fn *textbook_row)
{
	int n = s->n, c;

	if (r == n) {
		found(s, tr);
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
		if (!flags_free_square(f, r, c) || is_banned(s, r, c)) {
			if (tr)
				tr_conflict(s, r, c);
			continue;
		}
		s->nodes++;
		flags_mark(f, r, c, 1);
		s->queen[r] = c;
		if (tr)
			tr_place(s, r, c);
		textbook_row(s, f, r + 1);
		flags_mark(f, r, c, 0);
		if (tr)
			tr_back(s, r, c);
	}
}

static void textbook_row(struct search *s, struct flags *f, int r)
{
	textbook_body(s, f, r, 0, textbook_row);
}

static void textbook_row_traced(struct search *s, struct flags *f, int r)
{
	textbook_body(s, f, r, 1, textbook_row_traced);
}

static int textbook(struct search *s, const nq_instance *in)
{
	struct flags f;

	if (flags_new(&f, in))
		return NQ_ENOMEM;
	(s->trace ? textbook_row_traced : textbook_row)(s, &f, 0);
	flags_free(&f);
	return NQ_OK;
}

/* ---- stack: textbook without recursion ---- */

static NQ_ALWAYS_INLINE void stack_body(struct search *s, struct flags *fl,
					const int tr)
{
	struct flags f = *fl;
	int n = s->n, r, c;

	/* queen[r] is the stack: the column row r's queen is at, or the
	 * column to try next; c is the column to try in row r */
	r = 0;
	c = 0;
	while (r >= 0 && !s->done) {
		if (r == n) {
			found(s, tr);
			r--;           /* back to the last row ... */
		} else if (s->hint_col[r] >= 0) {
			if (c == 0) { /* entering a hinted row: its queen */
				s->queen[r] = s->hint_col[r];
				s->nodes++;
				r++;
				c = 0;
				continue;
			}
			r--;           /* leaving it backwards */
		} else {
			while (c < n && (!flags_free_square(&f, r, c) ||
					 is_banned(s, r, c))) {
				if (tr)
					tr_conflict(s, r, c);
				c++;
			}
			if (c < n) {   /* push */
				s->nodes++;
				flags_mark(&f, r, c, 1);
				s->queen[r] = c;
				if (tr)
					tr_place(s, r, c);
				r++;
				c = 0;
				continue;
			}
			r--;           /* no square left: pop */
		}
		/* pop: row r gives up its queen and tries the next column */
		while (r >= 0 && s->hint_col[r] >= 0)
			r--;
		if (r < 0)
			break;
		c = s->queen[r];
		flags_mark(&f, r, c, 0);
		if (tr)
			tr_back(s, r, c);
		c++;
	}
}

static void stack_plain(struct search *s, struct flags *f)
{
	stack_body(s, f, 0);
}

static void stack_traced(struct search *s, struct flags *f)
{
	stack_body(s, f, 1);
}

static int stack(struct search *s, const nq_instance *in)
{
	struct flags f;

	if (flags_new(&f, in))
		return NQ_ENOMEM;
	(s->trace ? stack_traced : stack_plain)(s, &f);
	flags_free(&f);
	return NQ_OK;
}

/* ---- board: scan an n x n board ---- */

/* 1 when no queen on the board shares (r, c)'s column or a diagonal.
 * (Inline in both copies of board_body, as it was in the one before.) */
static NQ_ALWAYS_INLINE int board_free(const char *b, int n, int r, int c)
{
	int i, d;

	for (i = 0; i < n; i++)
		if (b[(size_t)i * n + c])
			return 0;
	for (d = 1; d < n; d++) {
		if (r - d >= 0 && c - d >= 0 && b[(size_t)(r - d) * n + c - d])
			return 0;
		if (r - d >= 0 && c + d < n && b[(size_t)(r - d) * n + c + d])
			return 0;
		if (r + d < n && c - d >= 0 && b[(size_t)(r + d) * n + c - d])
			return 0;
		if (r + d < n && c + d < n && b[(size_t)(r + d) * n + c + d])
			return 0;
	}
	return 1;
}

typedef void board_fn(struct search *s, char *b, int r);

static NQ_ALWAYS_INLINE void board_body(struct search *s, char *b, int r,
					const int tr, board_fn *board_row)
{
	int n = s->n, c;

	if (r == n) {
		found(s, tr);
		return;
	}
	if (s->hint_col[r] >= 0) {
		s->queen[r] = s->hint_col[r];
		s->nodes++;
		board_row(s, b, r + 1);
		return;
	}
	for (c = 0; c < n && !s->done; c++) {
		if (!board_free(b, n, r, c) || is_banned(s, r, c)) {
			if (tr)
				tr_conflict(s, r, c);
			continue;
		}
		s->nodes++;
		b[(size_t)r * n + c] = 1;
		s->queen[r] = c;
		if (tr)
			tr_place(s, r, c);
		board_row(s, b, r + 1);
		b[(size_t)r * n + c] = 0;
		if (tr)
			tr_back(s, r, c);
	}
}

static void board_row(struct search *s, char *b, int r)
{
	board_body(s, b, r, 0, board_row);
}

static void board_row_traced(struct search *s, char *b, int r)
{
	board_body(s, b, r, 1, board_row_traced);
}

static int board(struct search *s, const nq_instance *in)
{
	char *b = calloc((size_t)s->n * (size_t)s->n, 1);
	int i;

	if (!b)
		return NQ_ENOMEM;
	for (i = 0; i < in->nhints; i++)
		b[(size_t)in->hints[i].row * s->n + in->hints[i].col] = 1;
	(s->trace ? board_row_traced : board_row)(s, b, 0);
	free(b);
	return NQ_OK;
}

/* ---- array: check against the queens placed ---- */

/* The rows that hold a hint, for array's checks beyond the current row. */
struct placed {
	int *hint_rows;
	int nhint_rows;
};

static NQ_ALWAYS_INLINE int array_free(const struct search *s,
				       const struct placed *p, int r, int c)
{
	int i;

	for (i = 0; i < r; i++)
		if (s->queen[i] == c || abs(s->queen[i] - c) == r - i)
			return 0;
	for (i = 0; i < p->nhint_rows; i++) {
		int hr = p->hint_rows[i];

		if (hr > r && (s->queen[hr] == c || abs(s->queen[hr] - c) == hr - r))
			return 0;
	}
	return 1;
}

typedef void array_fn(struct search *s, const struct placed *p, int r);

static NQ_ALWAYS_INLINE void array_body(struct search *s,
					const struct placed *p, int r,
					const int tr, array_fn *array_row)
{
	int n = s->n, c;

	if (r == n) {
		found(s, tr);
		return;
	}
	if (s->hint_col[r] >= 0) {
		s->nodes++;
		array_row(s, p, r + 1);
		return;
	}
	for (c = 0; c < n && !s->done; c++) {
		if (!array_free(s, p, r, c) || is_banned(s, r, c)) {
			if (tr)
				tr_conflict(s, r, c);
			continue;
		}
		s->nodes++;
		s->queen[r] = c;
		if (tr)
			tr_place(s, r, c);
		array_row(s, p, r + 1);
		if (tr)
			tr_back(s, r, c);
	}
}

static void array_row(struct search *s, const struct placed *p, int r)
{
	array_body(s, p, r, 0, array_row);
}

static void array_row_traced(struct search *s, const struct placed *p, int r)
{
	array_body(s, p, r, 1, array_row_traced);
}

static int array(struct search *s, const nq_instance *in)
{
	struct placed p;
	int i;

	p.nhint_rows = in->nhints;
	p.hint_rows = malloc((size_t)(in->nhints + 1) * sizeof *p.hint_rows);
	if (!p.hint_rows)
		return NQ_ENOMEM;
	for (i = 0; i < in->nhints; i++) {
		p.hint_rows[i] = in->hints[i].row;
		s->queen[in->hints[i].row] = in->hints[i].col;
	}
	(s->trace ? array_row_traced : array_row)(s, &p, 0);
	free(p.hint_rows);
	return NQ_OK;
}

/* ---- bitmask: attack masks as words ---- */

struct bits {
	uint64_t full;       /* the n low bits */
	uint64_t *closed;    /* closed[row]: squares the hints attack */
};

typedef void bitmask_fn(struct search *s, const struct bits *b, int r,
			uint64_t cols, uint64_t ld, uint64_t rd);

static NQ_ALWAYS_INLINE void bitmask_body(struct search *s,
					  const struct bits *b, int r,
					  uint64_t cols, uint64_t ld,
					  uint64_t rd, const int tr,
					  bitmask_fn *bitmask_row)
{
	uint64_t avail;

	if (r == s->n) {
		found(s, tr);
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
		if (tr)
			tr_place(s, r, s->queen[r]);
		bitmask_row(s, b, r + 1, cols | bit, (ld | bit) << 1,
			    (rd | bit) >> 1);
		if (tr)
			tr_back(s, r, __builtin_ctzll(bit));
	}
}

static void bitmask_row(struct search *s, const struct bits *b, int r,
			uint64_t cols, uint64_t ld, uint64_t rd)
{
	bitmask_body(s, b, r, cols, ld, rd, 0, bitmask_row);
}

static void bitmask_row_traced(struct search *s, const struct bits *b, int r,
			       uint64_t cols, uint64_t ld, uint64_t rd)
{
	bitmask_body(s, b, r, cols, ld, rd, 1, bitmask_row_traced);
}

static int bitmask(struct search *s, const nq_instance *in)
{
	struct bits b;
	int n = s->n, i, r;

	b.full = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
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
	for (r = 0; s->banned && r < n; r++)
		for (i = 0; i < n; i++)
			if (is_banned(s, r, i))
				b.closed[r] |= (uint64_t)1 << i;
	(s->trace ? bitmask_row_traced : bitmask_row)(s, &b, 0, 0, 0, 0);
	free(b.closed);
	return NQ_OK;
}

static int backtrack_max_n(const nq_optval *opt, enum nq_mode mode)
{
	switch (opt[0].num) {
	case V_SPLIT:
		/* a counter: it never builds a placement */
		return mode == NQ_MODE_FIRST ? NQ_NOT_APPLICABLE : 32;
	case V_BITMASK:
	case V_SYMMETRY:
	case V_PROP:
		return 64;
	case V_BOARD:
		return 10000;  /* n * n bytes of board */
	case V_DLX:
		return 1000;   /* 4 n * n nodes of three ints each */
	default:
		return 100000; /* one stack frame per row */
	}
}

/* The cores this process may run on: its CPU affinity (a run pinned by
 * -j gets its own), else the cores online. */
static long usable_cores(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return CPU_COUNT(&set);
	return sysconf(_SC_NPROCESSORS_ONLN);
}

/* The threads a run takes (the solver's threads hook, and the rule
 * fast_count follows): counts of the whole board by the variants that
 * have threads, their `threads` value, 0 (one per core the run may use)
 * but one for small boards, which finish before a thread would start
 * (measured: n <= 11 is faster on one); everything else one. */
static int backtrack_threads(const nq_optval *opt, int n, enum nq_mode mode,
			     int plain)
{
	if (opt[0].num == V_PROP) /* first mode too, any board */
		return opt[1].num == 0 && n < 12 ? 1 : (int)opt[1].num;
	if ((opt[0].num != V_BITMASK && opt[0].num != V_SYMMETRY &&
	     opt[0].num != V_SPLIT) || mode != NQ_MODE_COUNT || !plain)
		return 1;
	if (opt[1].num == 0)
		return n < 12 ? 1 : 0;
	return (int)opt[1].num;
}

/* Counts without hints on several threads, or with symmetry. */
static int fast_count(const nq_job *job, struct search *s, nq_result *res)
{
	long threads;
	int n = s->n;
	struct nq_part part = NQ_WHOLE;

	if (job->inst->parts > 1) {
		part.k = job->inst->part;
		part.of = job->inst->parts;
	}
	threads = backtrack_threads(job->opt, n, NQ_MODE_COUNT, 1);
	if (threads == 0) {
		threads = usable_cores();
		if (threads < 1)
			threads = 1;
	}
	snprintf(res->ran, sizeof res->ran, "threads=%ld", threads);
	if (job->opt[0].num == V_SPLIT)
		return nq_count_split(n, (int)threads, part, &s->count,
				      &s->nodes);
	if (job->opt[0].num == V_SYMMETRY) {
		if (n >= 6)
			return nq_count_symmetry(n, (int)threads, part,
						 &s->count, &res->unique,
						 &s->nodes);
		/* too small for the class rules: look at every placement,
		 * all of it the one unit of part 0 */
		if (part.k > 0) {
			s->count = 0;
			res->unique = 0;
			return NQ_OK;
		}
		return nq_count_symmetry_brute(n, &s->count, &res->unique);
	}
	if (n < 2) {
		s->count = part.k == 0; /* one unit */
		return NQ_OK;
	}
	return nq_count_plain(n, (int)threads, part, &s->count, &s->nodes);
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
	if (nq_board_restricted(in) && job->opt[0].num != V_MRV &&
	    job->opt[0].num != V_DLX) {
		s.banned = malloc((size_t)in->n * (size_t)in->n);
		if (!s.banned) {
			free(s.queen);
			free(s.hint_col);
			return NQ_ENOMEM;
		}
		nq_board_forbidden(in, s.banned);
	}
	/* the variants a class is shown report to a trace; bitmask then
	 * searches in one thread, never through the fast counters */
	s.trace = nq_trace_on() && job->opt[0].num <= V_BITMASK;
	res->build_s = nq_now() - t0;

	t0 = nq_now();
	switch (job->opt[0].num) {
	case V_BOARD:
		rc = board(&s, in);
		break;
	case V_ARRAY:
		rc = array(&s, in);
		break;
	case V_TEXTBOOK:
		rc = textbook(&s, in);
		break;
	case V_STACK:
		rc = stack(&s, in);
		break;
	case V_MRV:
		free(s.queen);
		free(s.hint_col);
		res->build_s = 0;
		t0 = nq_now();
		rc = nq_mrv(job, res);
		res->solve_s = nq_now() - t0;
		return rc;
	case V_DLX:
		free(s.queen);
		free(s.hint_col);
		return nq_dlx(job, res);
	case V_PROP: {
		long threads = backtrack_threads(job->opt, in->n, in->mode,
						  0);

		if (threads == 0)
			threads = usable_cores();
		free(s.queen);
		free(s.hint_col);
		free(s.banned);
		res->build_s = 0;
		t0 = nq_now();
		rc = nq_prop(job, res, threads < 1 ? 1 : (int)threads);
		res->solve_s = nq_now() - t0;
		return rc;
	}
	case V_SPLIT:
		if (s.first || in->nhints > 0 || s.banned) {
			/* max_n keeps first mode away; hints and banned
			 * squares would need the halves to honour them, and
			 * the mirrors it counts by to survive them */
			snprintf(res->note, sizeof res->note,
				 "split counts boards without pre-placed "
				 "queens, blocked squares or excluded lines "
				 "only");
			rc = NQ_ERR;
		} else {
			rc = fast_count(job, &s, res);
		}
		break;
	default: /* bitmask, symmetry */
		if (!s.first && in->nhints == 0 && !s.banned && !s.trace) {
			rc = fast_count(job, &s, res);
		} else {
			/* threads split only counts without hints (or
			 * banned squares) */
			snprintf(res->ran, sizeof res->ran, "threads=1");
			rc = bitmask(&s, in);
		}
		break;
	}
	res->solve_s = nq_now() - t0;

	if (rc == NQ_OK && s.stopped) {
		snprintf(res->note, sizeof res->note, "stopped by the trace");
		rc = NQ_ERR;
	}
	if (rc == NQ_OK) {
		res->solutions = s.first ? (uint64_t)s.done : s.count;
		res->nodes = s.nodes;
	}
	free(s.queen);
	free(s.hint_col);
	free(s.banned);
	return rc;
}

/* threads only for the variants that have them */
static int backtrack_option_used(const nq_optval *opt, size_t i)
{
	return i != 1 || opt[0].num == V_BITMASK || opt[0].num == V_SYMMETRY ||
	       opt[0].num == V_SPLIT || opt[0].num == V_PROP;
}

/* Counts in parts: the counters' task lists (solvers/native/symmetry.c, split.c) */
static long backtrack_count_units(const nq_optval *opt, int n)
{
	switch (opt[0].num) {
	case V_BITMASK:
		return nq_units_plain(n);
	case V_SYMMETRY:
		return nq_units_symmetry(n);
	case V_SPLIT:
		return nq_units_split(n);
	default:
		return 0;
	}
}

const nq_solver nq_solver_backtrack = {
	NQ_ABI_VERSION, sizeof(nq_solver),
	"backtrack",
	"native backtracking search, one queen per row",
	options, "variant", backtrack_max_n, backtrack_solve,
	backtrack_option_used, backtrack_count_units, backtrack_threads
};
