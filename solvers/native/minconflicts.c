/*
 * minconflicts.c - the `minconflicts` approach: local search for one
 * placement, after Sosic and Gu (1990, 1991), who placed 3,000,000 queens
 * in about a minute.
 *
 * The queens form a permutation (row r's queen in column q[r], every
 * column used once), so only diagonals can conflict. Two counters per
 * diagonal make "how many queens on this line" O(1), and the number of
 * collisions is the sum over lines of (queens on it - 1).
 *
 *  1. Greedy start: rows take random free columns, re-drawing while the
 *     square is attacked, until about 3.08 n draws are spent; the rest
 *     take random columns. Almost every queen starts conflict-free.
 *  2. Repair: for each queen in conflict, swap its column with that of a
 *     random other row whenever the swap lowers the collisions (two
 *     queens move, so the permutation stays a permutation). Stuck for
 *     long, it starts again from a fresh greedy start.
 *
 * Reproducible: every random draw comes from the run's seed. Its
 * effort: `steps`, the swaps made after the initial state; `restarts`,
 * the fresh greedy starts after the first; `nodes`, the swaps tried.
 * Incomplete: it never proves that no placement exists, so it does not
 * answer count mode, and with pre-placed queens that cannot be completed
 * it gives up after a bounded number of steps (`unsolved`). Pre-placed
 * queens stay put; only the other rows swap. Rows and columns are 32-bit,
 * so n up to 10^8 fits when memory does (about 20 bytes a row).
 *
 * Blocked squares and excluded lines (ABI 3): a queen on one counts as
 * one collision more, so the repair moves it off like an attacked queen
 * and a placement is reported only with none left. When a row or a
 * column has nothing but such squares, "none" is proved on the spot;
 * otherwise an instance with no placement ends in the step limit,
 * `unsolved`, as with hints.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "solvers.h"
#include "nq_board.h"
#include "trace.h"

/*
 * Line counts. Nearly every line holds 0 or 1 queen, so a line's count is
 * one bit (occupied) plus an "extra" count kept in a small hash table for
 * the few lines that hold more. The bits of 2 x 2n lines fit the cache at
 * n = 10^7, which plain counters would not.
 */
struct extra {
	uint32_t *key;     /* line + 1; 0 marks an empty slot */
	uint16_t *count;   /* queens beyond the first */
	uint32_t size;     /* a power of two */
	uint32_t used;
};

struct mc {
	int n;
	int32_t *q;         /* q[row] = column */
	uint64_t *bits;     /* lines: diagonals r + c, then anti-diagonals */
	struct extra extra;
	int32_t *rows;      /* the rows that may move */
	int nrows;
	int32_t *pool;      /* greedy start: columns not yet taken */
	int32_t *work;      /* rows that may be in conflict */
	int nwork, capwork;
	int64_t collisions;
	uint64_t rng;
	int64_t steps;      /* swaps tried (the CSV's nodes) */
	int64_t swaps;      /* swaps made (its steps: moves after the
			       initial state) */
	int64_t restarts;   /* fresh greedy starts after the first */
	int failed;         /* out of memory in the extra table */
	int traced_stop;    /* the trace asked the search to stop */
	unsigned char *banned; /* n * n, 1: no queen may stand there; NULL:
				  nothing is */
};

static inline int banned_at(const struct mc *m, int r, int c)
{
	return m->banned && m->banned[(size_t)r * m->n + c];
}

/* xorshift64*: fast, and plenty for choosing rows. */
static uint32_t draw(struct mc *m, uint32_t below)
{
	uint64_t x = m->rng;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	m->rng = x;
	return (uint32_t)(((x * 2685821657736338717ULL) >> 32) * below >> 32);
}

static uint16_t *extra_slot(struct mc *m, uint32_t line, int insert)
{
	struct extra *e = &m->extra;
	uint32_t i = (line * 2654435761u) & (e->size - 1);

	while (e->key[i] && e->key[i] != line + 1)
		i = (i + 1) & (e->size - 1);
	if (e->key[i])
		return &e->count[i];
	if (!insert)
		return NULL;
	if (2 * (e->used + 1) > e->size) {
		/* grow (entries are never removed: few lines ever hold two) */
		struct extra old = *e;
		uint32_t j;

		e->size *= 2;
		e->used = 0;
		e->key = calloc(e->size, sizeof *e->key);
		e->count = calloc(e->size, sizeof *e->count);
		if (!e->key || !e->count) {
			free(e->key);
			free(e->count);
			*e = old;
			m->failed = 1;
			return NULL;
		}
		for (j = 0; j < old.size; j++)
			if (old.key[j]) {
				uint16_t *c = extra_slot(m, old.key[j] - 1, 1);

				*c = old.count[j];
			}
		free(old.key);
		free(old.count);
		return extra_slot(m, line, 1);
	}
	e->key[i] = line + 1;
	e->used++;
	return &e->count[i];
}

static inline int occupied(const struct mc *m, uint32_t line)
{
	return (int)(m->bits[line >> 6] >> (line & 63)) & 1;
}

/* One queen more (+1) or less (-1) on a line. */
static void line_add(struct mc *m, uint32_t line, int delta)
{
	uint64_t bit = (uint64_t)1 << (line & 63);
	uint16_t *x;

	if (delta > 0) {
		if (!(m->bits[line >> 6] & bit)) {
			m->bits[line >> 6] |= bit;
			return;
		}
		x = extra_slot(m, line, 1);
		if (x)
			++*x;
		m->collisions++;
		return;
	}
	x = extra_slot(m, line, 0);
	if (x && *x) {
		--*x;
		m->collisions--;
		return;
	}
	m->bits[line >> 6] &= ~bit;
}

static inline uint32_t diag_line(const struct mc *m, int r, int c)
{
	(void)m;
	return (uint32_t)(r + c);
}

static inline uint32_t anti_line(const struct mc *m, int r, int c)
{
	return (uint32_t)(2 * m->n + r - c + m->n - 1);
}

static void touch(struct mc *m, int r, int c, int delta)
{
	line_add(m, diag_line(m, r, c), delta);
	line_add(m, anti_line(m, r, c), delta);
	if (banned_at(m, r, c))
		m->collisions += delta;
}

static int line_crowded(struct mc *m, uint32_t line)
{
	uint16_t *x = extra_slot(m, line, 0);

	return x && *x;
}

static int attacked(struct mc *m, int r)
{
	return line_crowded(m, diag_line(m, r, m->q[r])) ||
	       line_crowded(m, anti_line(m, r, m->q[r])) ||
	       banned_at(m, r, m->q[r]);
}

static void push_work(struct mc *m, int r)
{
	if (m->nwork < m->capwork)
		m->work[m->nwork++] = r;
}

/* Step 1: a fresh greedy start over the movable rows; the rows placed
 * blind (draws spent) go on the work list.
 *
 * The draws do not depend on what they find, so they are made AHEAD of
 * use and their memory fetched early: pool positions from [k + AHEAD,
 * nrows) stay unassigned for the next AHEAD rows, and a candidate's line
 * bits are fetched a few draws before it is looked at. On large boards
 * this is what the time goes to: a cache miss per draw otherwise. */
#define AHEAD 16
static void start(struct mc *m, const int32_t *free_cols, const char *fixed)
{
	int n = m->n, k, r;
	int64_t budget = (int64_t)(3.08 * n);
	uint32_t ring[AHEAD];
	int head = 0, have = 0;

	memset(m->bits, 0, (size_t)((4 * (size_t)n + 63) / 64) * sizeof *m->bits);
	memset(m->extra.key, 0, m->extra.size * sizeof *m->extra.key);
	memset(m->extra.count, 0, m->extra.size * sizeof *m->extra.count);
	m->extra.used = 0;
	m->collisions = 0;
	m->nwork = 0;
	for (r = 0; r < n; r++)
		if (fixed[r])
			touch(m, r, m->q[r], 1);
	memcpy(m->pool, free_cols, (size_t)m->nrows * sizeof *m->pool);
	for (k = 0; k < m->nrows; k++) {
		int j, c, blind;

		r = m->rows[k];
		do {
			while (have < AHEAD && m->nrows - k > 2 * AHEAD) {
				uint32_t a = (uint32_t)(k + AHEAD) +
					draw(m, (uint32_t)(m->nrows - k - AHEAD));

				ring[(head + have) % AHEAD] = a;
				__builtin_prefetch(&m->pool[a]);
				have++;
			}
			if (have) {
				j = (int)ring[head];
				head = (head + 1) % AHEAD;
				have--;
				if (have > 4) { /* fetch a later candidate's lines */
					int c2 = m->pool[ring[(head + 3) % AHEAD]];

					__builtin_prefetch(&m->bits[diag_line(m, r, c2) >> 6]);
					__builtin_prefetch(&m->bits[anti_line(m, r, c2) >> 6]);
				}
			} else {
				j = k + (int)draw(m, (uint32_t)(m->nrows - k));
			}
			c = m->pool[j];
			budget--;
			blind = occupied(m, diag_line(m, r, c)) ||
				occupied(m, anti_line(m, r, c)) ||
				banned_at(m, r, c);
		} while (budget > 0 && blind);
		m->pool[j] = m->pool[k];
		m->pool[k] = c;
		m->q[r] = c;
		touch(m, r, c, 1);
		if (blind)
			push_work(m, r);
	}
}

/* A swap as a watched search reports it (solvers/trace.h): two queens
 * moved in one step, h (the collisions) after both. */
static void swap_traced(struct mc *m, int i, int j)
{
	nq_trace_event e = { NQ_TR_MOVE, i, m->q[i], -1, -1, m->swaps,
			     m->collisions, NULL };

	if (nq_trace_emit(&e))
		m->traced_stop = 1;
	e.row = j;
	e.col = m->q[j];
	if (nq_trace_emit(&e))
		m->traced_stop = 1;
}

static void state_traced(struct mc *m, nq_trace_kind kind)
{
	nq_trace_event e = { kind, -1, -1, -1, -1, m->swaps, m->collisions,
			     kind == NQ_TR_STATE ? m->q : NULL };

	if (nq_trace_on() && nq_trace_emit(&e))
		m->traced_stop = 1;
}

/* Swap the columns of rows i and j if that lowers the collisions. */
static int try_swap(struct mc *m, int i, int j)
{
	int ci = m->q[i], cj = m->q[j];
	int64_t before = m->collisions;

	touch(m, i, ci, -1);
	touch(m, j, cj, -1);
	touch(m, i, cj, 1);
	touch(m, j, ci, 1);
	if (m->collisions < before) {
		m->q[i] = cj;
		m->q[j] = ci;
		m->swaps++;
		if (nq_trace_on())
			swap_traced(m, i, j);
		return 1;
	}
	touch(m, i, cj, -1);
	touch(m, j, ci, -1);
	touch(m, i, ci, 1);
	touch(m, j, cj, 1);
	return 0;
}

static int mc_max_n(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	return mode == NQ_MODE_COUNT ? NQ_NOT_APPLICABLE : 0;
}

/* What the setup needs besides struct mc: the pre-placed rows and their
 * columns, and the columns left free. */
struct mc_setup {
	char *fixed;
	char *taken;
	int32_t *free_cols;
};

/* Allocate the search's arrays (placement: the host's, n entries) and
 * seed its random stream: 0, or -1 when some allocation failed (free
 * them all with mc_free either way). */
static int mc_alloc(struct mc *m, struct mc_setup *s, int n,
		    int32_t *placement, uint64_t seed)
{
	s->fixed = calloc((size_t)n, 1);
	s->taken = calloc((size_t)n, 1);
	s->free_cols = malloc((size_t)n * sizeof *s->free_cols);
	memset(m, 0, sizeof *m);
	m->n = n;
	m->q = placement;
	m->bits = calloc((4 * (size_t)n + 63) / 64, sizeof *m->bits);
	m->extra.size = 1024;
	m->extra.key = calloc(m->extra.size, sizeof *m->extra.key);
	m->extra.count = calloc(m->extra.size, sizeof *m->extra.count);
	m->rows = malloc((size_t)n * sizeof *m->rows);
	m->pool = malloc((size_t)n * sizeof *m->pool);
	m->capwork = 2 * n + 64;
	m->work = malloc((size_t)m->capwork * sizeof *m->work);
	/* splitmix64 of the seed, so nearby seeds give unrelated streams */
	m->rng = seed + 0x9E3779B97F4A7C15ULL;
	m->rng = (m->rng ^ (m->rng >> 30)) * 0xBF58476D1CE4E5B9ULL;
	m->rng = (m->rng ^ (m->rng >> 27)) * 0x94D049BB133111EBULL;
	m->rng ^= m->rng >> 31;
	if (!m->rng)
		m->rng = 1;
	if (!s->fixed || !s->taken || !s->free_cols || !m->bits ||
	    !m->extra.key || !m->extra.count || !m->rows || !m->pool ||
	    !m->work)
		return -1;
	return 0;
}

/* The pre-placed queens put, and the free columns and movable rows
 * listed. */
static void mc_place_hints(struct mc *m, struct mc_setup *s,
			   const nq_instance *in)
{
	int n = m->n, i, k;

	for (i = 0; i < in->nhints; i++) {
		s->fixed[in->hints[i].row] = 1;
		s->taken[in->hints[i].col] = 1;
		m->q[in->hints[i].row] = in->hints[i].col;
	}
	for (i = 0, k = 0; i < n; i++)
		if (!s->taken[i])
			s->free_cols[k++] = i;
	for (i = 0, k = 0; i < n; i++)
		if (!s->fixed[i])
			m->rows[k++] = i;
	m->nrows = k;
}

/* The map of banned squares, when the instance has any: 0, or -1 out of
 * memory. 1 in *none when a row or a column has nothing but banned
 * squares (a proof that no placement exists). */
static int mc_ban(struct mc *m, const nq_instance *in, int *none)
{
	int n = m->n, r, c, row_free, col_free;

	*none = 0;
	if (!nq_board_restricted(in))
		return 0;
	m->banned = malloc((size_t)n * (size_t)n);
	if (!m->banned)
		return -1;
	nq_board_forbidden(in, m->banned);
	for (r = 0; r < n && !*none; r++) {
		row_free = col_free = 0;
		for (c = 0; c < n; c++) {
			row_free += !banned_at(m, r, c);
			col_free += !banned_at(m, c, r);
		}
		*none = !row_free || !col_free;
	}
	return 0;
}

static void mc_free(struct mc *m, struct mc_setup *s)
{
	free(s->fixed);
	free(s->taken);
	free(s->free_cols);
	free(m->bits);
	free(m->extra.key);
	free(m->extra.count);
	free(m->rows);
	free(m->pool);
	free(m->work);
	free(m->banned);
}

/* Kept whole: the repair loop is the hot loop (setup, teardown cut out). */
static int mc_solve(const nq_job *job, nq_result *res)
{
	const nq_instance *in = job->inst;
	int n = in->n, i, k, rc = NQ_ERR;
	double t0 = nq_now(), deadline = 0;
	/* a fresh start after this many fruitless swap tries in a row */
	int64_t patience = 10 * (int64_t)n + 1000, idle = 0;
	/* and `unsolved` after this many swaps tried in all */
	int64_t limit = 200 * (int64_t)n + 10000000;
	struct mc_setup s;
	struct mc m;
	const char *fixed;
	int none;

	if (mc_alloc(&m, &s, n, res->placement, job->seed)) {
		rc = NQ_ENOMEM;
		goto out;
	}
	fixed = s.fixed;
	if (job->time_limit_s > 0)
		deadline = t0 + job->time_limit_s * 0.97;
	if (mc_ban(&m, in, &none)) {
		rc = NQ_ENOMEM;
		goto out;
	}
	if (none) {
		snprintf(res->note, sizeof res->note, "a row or column has "
			 "only blocked or excluded squares");
		res->solutions = 0;
		rc = NQ_OK;
		goto out;
	}
	if (in->nhints == 0 && (n == 2 || n == 3)) {
		/* local search cannot prove this; it is a known result */
		res->solutions = 0;
		rc = NQ_OK;
		goto out;
	}
	mc_place_hints(&m, &s, in);
	res->build_s = nq_now() - t0;

	t0 = nq_now();
	start(&m, s.free_cols, fixed);
	state_traced(&m, NQ_TR_STATE);
	/* Step 2: every line with two queens holds a row of the work list;
	 * a row leaves it once nothing attacks it, and a swap puts both
	 * rows back on it. */
	while (m.collisions > 0 && !m.failed) {
		int r;

		if (m.nwork == 0) {
			/* not expected; look at every row to be sure */
			for (i = 0; i < n; i++)
				if (!fixed[i] && attacked(&m, i))
					push_work(&m, i);
			if (m.nwork == 0) {
				/* only pre-placed queens are crowded: move
				 * their neighbours at random */
				for (k = 0; k < 64 && k < m.nrows; k++)
					push_work(&m, m.rows[draw(&m, (uint32_t)m.nrows)]);
			}
		}
		r = m.work[--m.nwork];
		if (!attacked(&m, r) && m.nwork > 0)
			continue;
		for (;;) {
			int j = m.rows[draw(&m, (uint32_t)m.nrows)];

			m.steps++;
			if (j != r && try_swap(&m, r, j)) {
				idle = 0;
				push_work(&m, r);
				push_work(&m, j);
				break;
			}
			if (++idle > patience || m.failed)
				break;
			if ((m.steps & 0xFFFF) == 0 && deadline &&
			    nq_now() > deadline) {
				snprintf(res->note, sizeof res->note,
					 "stopped at the time limit after %lld "
					 "steps", (long long)m.steps);
				rc = NQ_ETIMEOUT;
				goto out;
			}
		}
		if (m.steps > limit || m.traced_stop) {
			snprintf(res->note, sizeof res->note, "%s after %lld "
				 "swaps tried (local search cannot prove that "
				 "no placement exists)", m.traced_stop ?
				 "stopped by the trace" : "gave up",
				 (long long)m.steps);
			rc = NQ_EUNSOLVED;
			goto out;
		}
		if (idle > patience) {
			start(&m, s.free_cols, fixed); /* stuck: begin again */
			m.restarts++;
			state_traced(&m, NQ_TR_STATE);
			idle = 0;
		}
	}
	if (m.failed) {
		rc = NQ_ENOMEM;
		goto out;
	}
	res->solutions = 1;
	res->nodes = m.steps;
	state_traced(&m, NQ_TR_SOLUTION);
	rc = NQ_OK;
out:
	if (m.n) { /* set up (mc_alloc clears m first) */
		res->steps = m.swaps;
		res->restarts = m.restarts;
	}
	res->solve_s = nq_now() - t0;
	mc_free(&m, &s);
	return rc;
}

const nq_solver nq_solver_minconflicts = {
	NQ_ABI_VERSION, sizeof(nq_solver),
	"minconflicts",
	"min-conflicts local search on a permutation, first mode, seeded "
	"(Sosic and Gu)",
	NULL, NULL, mc_max_n, mc_solve, NULL, NULL, NULL
};
