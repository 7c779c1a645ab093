/*
 * picosat.c - the SAT backend: builds the instance as CNF through a CNF
 * encoder (encoders/cnf.h) straight into the PicoSAT library, then asks
 * for one model (mode first) or enumerates every model with blocking
 * clauses (mode count).
 *
 * Sizes reported are those of the encoded instance: variables (squares
 * plus the encoder's auxiliaries), clauses and literals, before any
 * blocking clause. Effort: PicoSAT's decisions (summed over every call in
 * count mode); its API has no conflict counter, so `conflicts` stays NA.
 *
 * Limits: no max_n hook. The CNF must fit PicoSAT's int indices, and n*n
 * an int (n <= 46340); past that solve() returns an error. In practice
 * memory and the run's time limit decide how far each encoding goes
 * (pairwise grows as about 5n^3/3 clauses, sequential as 5n^2 clauses).
 *
 * Option `symmetry: mirror` adds lex-leader clauses that keep one of each
 * pair of placements mirrored left-right (column c <-> n-1-c): row 0's
 * queen in the left half, and for odd n, when row 0's queen is on the
 * middle column, row 1's queen in the left half (it cannot be on the
 * middle column or next to it). For n >= 2 no placement is its own mirror
 * image (every queen would need the middle column), so exactly half the
 * placements remain: count mode counts those and reports twice as many,
 * the exact total, which the validator checks against A000170 like any
 * other count (the note says how many were enumerated). First mode finds
 * a placement of the reduced CNF, a placement of the full one; "none" is
 * right for both, since the mirror of a placement is a placement. The
 * clauses count in the sizes: n/2 unit clauses for even n; (n-1)/2 unit
 * and (n-1)/2 binary clauses for odd n (none for n = 1); variables are
 * unchanged. Hints break the mirror symmetry, and so do blocked squares
 * and excluded lines, so with any of them the option adds nothing and
 * the note says so.
 *
 * Option `columns` (encoders/cnf.h): `alo` (default) the standard model,
 * an at-least-one clause per row and per column; `none` rows only.
 *
 * Option `count` (count mode): `cubes` splits the count by the
 * queens of the first two rows: for each pair of squares (row 0 column
 * a, row 1 column b), a fresh PicoSAT gets
 * the same CNF plus the two unit clauses and enumerates that cube's
 * placements with blocking clauses; the cubes' counts add up to the
 * whole, since every placement has exactly one queen in each of the two
 * rows. `whole` enumerates the whole board in one PicoSAT, as `picosat
 * --all` does. `auto` (default): cubes from n = 10, whole below, where
 * a cube's build costs more than it saves. A solver that enumerates accumulates one blocking clause
 * per placement, and every later call searches past all of them: in a
 * cube there are about n^2 times fewer, each cube starts clean, and a
 * cube that holds none is refuted at once. Measured side by side
 * (bench/satcount.sh): at n = 11 and 12 the cubes take a small fraction
 * of `whole`'s time and of `picosat --all -n`'s on the exported CNF.
 * Every pair is a cube, attacking ones too: the CNF refutes those
 * itself, so an encoding that forgot a line through the first two rows
 * is caught as it would be without cubes. The sizes are one copy's
 * (the cubes' unit clauses are not counted), the decisions every cube's.
 *
 * PicoSAT prints nothing (verbosity 0) and allocates through nq_oom-checked
 * wrappers. With a time limit it aims to stop cleanly (NQ_ETIMEOUT and a
 * note) at the limit minus max(2%, 50 ms): the clock is read every 64k
 * clauses while building, between models in count mode, and by PicoSAT's
 * interrupt callback while solving. PicoSAT polls that callback only once
 * per 1024 decisions of a call, which on hard instances (sequential,
 * n = 100) can be seconds apart, so the stop may come late and the host's
 * kill at the limit decides; running picosat_sat in short decision-limited
 * slices instead was tried and cost far more search than it saved.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <picosat/picosat.h>
#include "solvers.h"
#include "cnf.h"
#include "nq_board.h"

/* n*n must fit an int (square numbering). */
#define PS_MAX_N 46340
/* Keep PicoSAT's int counters clear of overflow. */
#define PS_MAX_VARS (INT_MAX / 4)
#define PS_MAX_CLAUSES ((int64_t)INT_MAX / 2)
/* Index of `symmetry: mirror` in ps_symmetry_choices. */
#define PS_SYMMETRY_MIRROR 1
/* While building, look at the clock once per this many clauses. */
#define PS_CLOCK_EVERY 65536
/* Index of `count: whole` in ps_count_choices (0: cubes). */
#define PS_COUNT_WHOLE 2
/* Index of `count: cubes`; 0 is `auto`: cubes from PS_CUBES_FROM_N. */
#define PS_COUNT_CUBES 1
/* Below this n a cube's build costs more than it saves (bench/satcount.sh:
 * at n = 8 the cubes took about 4x whole's time, at n = 9 1.3x, at
 * n = 10 0.7x). */
#define PS_CUBES_FROM_N 10

/* ------------------------------------------------------------------ */
/* Memory: PicoSAT's allocator hooks; a failure ends the run as memout. */

static void *ps_malloc(void *state, size_t size)
{
	void *p;

	(void)state;
	p = malloc(size ? size : 1);
	if (!p)
		nq_oom();
	return p;
}

static void *ps_realloc(void *state, void *ptr, size_t old, size_t size)
{
	void *p;

	(void)state;
	(void)old;
	if (!size) {
		free(ptr);
		return NULL;
	}
	p = realloc(ptr, size);
	if (!p)
		nq_oom();
	return p;
}

static void ps_free(void *state, void *ptr, size_t size)
{
	(void)state;
	(void)size;
	free(ptr);
}

/* ------------------------------------------------------------------ */
/* The sink the encoder writes into. It counts, checks what a third-party
 * encoder hands over (PicoSAT aborts the process on API misuse), and
 * stops forwarding once something is wrong or the deadline passed. */

struct ps_ctx {
	PicoSAT *ps;
	int vars;          /* variables handed out */
	int64_t clauses;   /* clauses ended */
	int64_t lits;      /* literals added, without the 0s */
	int open;          /* literals in the clause being added */
	int bad_lit;       /* first literal naming no variable, or 0 */
	int too_big;       /* the CNF outgrew PicoSAT's counters */
	int late;          /* the deadline passed during the build */
	double deadline;   /* nq_now() at which to stop; 0: none */
};

static int ps_stopped(const struct ps_ctx *c)
{
	return c->bad_lit || c->too_big || c->late;
}

static int ps_new_var(void *ctx)
{
	struct ps_ctx *c = ctx;

	if (c->vars >= PS_MAX_VARS) {
		c->too_big = 1;
		return 0;
	}
	c->vars = picosat_inc_max_var(c->ps);
	return c->vars;
}

static void ps_add(void *ctx, int lit)
{
	struct ps_ctx *c = ctx;

	if (ps_stopped(c))
		return;
	if (lit == 0) {
		c->open = 0;
		if (++c->clauses >= PS_MAX_CLAUSES)
			c->too_big = 1;
		if (c->deadline > 0 && c->clauses % PS_CLOCK_EVERY == 0 &&
		    nq_now() >= c->deadline)
			c->late = 1;
	} else if (lit == INT_MIN || abs(lit) > c->vars) {
		c->bad_lit = lit;
		return;
	} else {
		c->open++;
		c->lits++;
	}
	picosat_add(c->ps, lit);
}

static int ps_interrupted(void *ctx)
{
	const struct ps_ctx *c = ctx;

	return nq_now() >= c->deadline;
}

/* Lex-leader clauses against the left-right mirror image (see the top
 * comment), through the sink so they count in the sizes. */
static void mirror_clauses(const nq_cnf_sink *sink, const int *square_var,
			   int n)
{
	int mid = (n - 1) / 2, c;

	/* Row 0's queen not right of the middle (even n: not right of the
	 * centre line). */
	for (c = n / 2 + n % 2; c < n; c++) {
		sink->add(sink->ctx, -square_var[c]);
		sink->add(sink->ctx, 0);
	}
	if (n % 2 == 0 || n < 3)
		return;
	/* Row 0 on the middle column: row 1's queen in the left half. */
	for (c = mid + 1; c < n; c++) {
		sink->add(sink->ctx, -square_var[mid]);
		sink->add(sink->ctx, -square_var[n + c]);
		sink->add(sink->ctx, 0);
	}
}

/* ------------------------------------------------------------------ */

/* 1 when the instance is its own mirror image as far as the option
 * knows: nothing pre-placed, blocked or excluded. */
static int mirror_applies(const nq_instance *inst)
{
	return inst->nhints == 0 && !nq_board_restricted(inst);
}

/* Build the CNF into PicoSAT (with the mirror clauses when asked) and
 * check what the encoder made: NQ_OK, or an error with the note set. */
static int ps_build(struct ps_ctx *ctx, const nq_cnf_sink *sink,
		    const nq_instance *inst, const nq_cnf_encoder *enc,
		    enum nq_cnf_columns columns, int mirror, int *square_var,
		    double t0, nq_result *res)
{
	const int n = inst->n;
	int rc = nq_cnf_build(inst, enc, columns, sink, square_var);

	if (rc == NQ_OK && mirror && mirror_applies(inst) && !ps_stopped(ctx))
		mirror_clauses(sink, square_var, n);
	else if (mirror && !mirror_applies(inst))
		snprintf(res->note, sizeof res->note, "symmetry: mirror ignored "
			 "(%s break the symmetry)", inst->nhints ? "hints" :
			 "blocked squares or excluded lines");
	res->vars = ctx->vars;
	res->constraints = ctx->clauses;
	res->nonzeros = ctx->lits;
	res->build_s = nq_now() - t0;
	if (ctx->late) {
		snprintf(res->note, sizeof res->note,
			 "time limit reached while building the CNF");
		return NQ_ETIMEOUT;
	}
	if (ctx->too_big) {
		snprintf(res->note, sizeof res->note,
			 "CNF too large for PicoSAT (%d variables, %lld "
			 "clauses so far)", ctx->vars, (long long)ctx->clauses);
		return NQ_ERR;
	}
	if (rc != NQ_OK) {
		snprintf(res->note, sizeof res->note,
			 "encoder '%s' failed (%d)", enc->name, rc);
		return rc;
	}
	{
		nq_cnf_seen seen = { ctx->vars, ctx->bad_lit, ctx->open };

		return nq_cnf_check(enc, n, square_var, &seen, res->note,
				    sizeof res->note);
	}
}

/* Solve: one model, or every model, each blocked by the negation of its
 * queens (square variables only: auxiliaries need not be functions of
 * the squares, so blocking them would overcount). Returns PicoSAT's last
 * answer (PICOSAT_UNKNOWN at the time limit); `count` the models. */
static int ps_enumerate(struct ps_ctx *ctx, const nq_instance *inst,
			const int *square_var, int *block, uint64_t *count)
{
	const int n = inst->n;
	int i, nb, sat;

	for (;;) {
		sat = picosat_sat(ctx->ps, -1);
		if (sat != PICOSAT_SATISFIABLE)
			break;
		(*count)++;
		if (inst->mode == NQ_MODE_FIRST)
			break;
		for (nb = i = 0; i < n * n; i++)
			if (picosat_deref(ctx->ps, square_var[i]) > 0)
				block[nb++] = -square_var[i];
		for (i = 0; i < nb; i++)
			picosat_add(ctx->ps, block[i]);
		picosat_add(ctx->ps, 0);
		/* PicoSAT polls the interrupt only now and then; short
		 * calls may never reach it. */
		if (ctx->deadline > 0 && nq_now() >= ctx->deadline) {
			sat = PICOSAT_UNKNOWN;
			break;
		}
	}
	return sat;
}

/* placement[row] = the first true square of the row (-1 if none); the
 * validator judges the rest. */
static void ps_decode(PicoSAT *ps, const int *square_var, int n,
		      nq_result *res)
{
	int r, c;

	for (r = 0; r < n; r++) {
		res->placement[r] = -1;
		for (c = 0; c < n; c++)
			if (picosat_deref(ps, square_var[r * n + c]) > 0) {
				res->placement[r] = c;
				break;
			}
	}
}

/* What one solve needs to build a PicoSAT: the instance's CNF, whole. */
struct ps_spec {
	const nq_instance *inst;
	const nq_cnf_encoder *enc;
	enum nq_cnf_columns columns;
	int mirror;
	double deadline;
};

/* A fresh PicoSAT in `ctx` holding the spec's CNF (square_var filled):
 * NQ_OK, or an error with the note set (ctx->ps is set either way, for
 * picosat_reset). `res` gets the sizes and the build time. */
static int ps_open(struct ps_ctx *ctx, const struct ps_spec *sp,
		   int *square_var, nq_result *res)
{
	const nq_cnf_sink sink = { ctx, ps_new_var, ps_add };
	double t0 = nq_now();

	*ctx = (struct ps_ctx){ 0 };
	ctx->deadline = sp->deadline;
	ctx->ps = picosat_minit(NULL, ps_malloc, ps_realloc, ps_free);
	picosat_set_verbosity(ctx->ps, 0);
	if (ctx->deadline > 0)
		picosat_set_interrupt(ctx->ps, ctx, ps_interrupted);
	return ps_build(ctx, &sink, sp->inst, sp->enc, sp->columns, sp->mirror,
			square_var, t0, res);
}

/* Count mode by cubes (the top comment): each pair of squares of rows 0
 * and 1, a fresh PicoSAT each. Returns
 * PicoSAT's last answer (PICOSAT_UNKNOWN at the time limit) or, with
 * *rc set, the build's error; `count` and `decisions` summed. */
static int ps_count_cubes(const struct ps_spec *sp, int *square_var,
			  int *block, uint64_t *count, int64_t *decisions,
			  nq_result *res, int *rc)
{
	const int n = sp->inst->n;
	int a, b, first = 1, sat = PICOSAT_UNSATISFIABLE;

	for (a = 0; a < n; a++)
		for (b = 0; b < n; b++) {
			struct ps_ctx ctx;
			nq_result scratch = { 0 };
			uint64_t here = 0;

			/* every pair, attacking ones too: the CNF must refute
			 * those itself (skipping them would hide an encoding
			 * that forgets a line through rows 0 and 1) */
			/* the first cube's build is the one reported */
			*rc = ps_open(&ctx, sp, square_var,
				      first ? res : &scratch);
			first = 0;
			if (*rc == NQ_OK) {
				picosat_add(ctx.ps, square_var[a]);
				picosat_add(ctx.ps, 0);
				picosat_add(ctx.ps, square_var[n + b]);
				picosat_add(ctx.ps, 0);
				sat = ps_enumerate(&ctx, sp->inst, square_var,
						   block, &here);
				*count += here;
				*decisions += (int64_t)picosat_decisions(ctx.ps);
			} else if (scratch.note[0]) {
				snprintf(res->note, sizeof res->note, "%s",
					 scratch.note);
			}
			picosat_reset(ctx.ps);
			if (*rc != NQ_OK || sat == PICOSAT_UNKNOWN)
				return sat;
			if (sp->deadline > 0 && nq_now() >= sp->deadline)
				return PICOSAT_UNKNOWN;
		}
	return sat;
}

static int ps_solve(const nq_job *job, nq_result *res)
{
	const nq_instance *inst = job->inst;
	const int n = inst->n;
	struct ps_spec sp = {
		inst, job->opt[0].ptr, (enum nq_cnf_columns)job->opt[2].num,
		job->opt[1].num == PS_SYMMETRY_MIRROR, 0
	};
	const int cubes = inst->mode == NQ_MODE_COUNT && n >= 2 &&
			  (job->opt[3].num == PS_COUNT_CUBES ||
			   (job->opt[3].num != PS_COUNT_WHOLE &&
			    n >= PS_CUBES_FROM_N));
	struct ps_ctx ctx = { 0 };
	int *square_var = NULL, *block = NULL;
	int rc = NQ_OK, sat;
	uint64_t count = 0;
	int64_t decisions = 0;
	double t0 = nq_now(), t1;

	if (!sp.enc) {
		snprintf(res->note, sizeof res->note, "no CNF encoder given");
		return NQ_ERR;
	}
	if (n < 1 || n > PS_MAX_N) {
		snprintf(res->note, sizeof res->note,
			 "picosat takes 1 <= n <= %d, not %d", PS_MAX_N, n);
		return NQ_ERR;
	}
	if (job->time_limit_s > 0) {
		/* Stop a little before the host's kill. */
		double margin = job->time_limit_s * 0.02;

		if (margin < 0.05)
			margin = 0.05;
		sp.deadline = t0 + job->time_limit_s - margin;
	}
	square_var = calloc((size_t)n * n, sizeof *square_var);
	block = malloc((size_t)n * n * sizeof *block);
	if (!square_var || !block) {
		free(square_var);
		free(block);
		snprintf(res->note, sizeof res->note,
			 "out of memory for %d squares", n * n);
		return NQ_ENOMEM;
	}

	if (cubes) {
		t1 = nq_now();
		sat = ps_count_cubes(&sp, square_var, block, &count, &decisions,
				     res, &rc);
		res->solve_s = nq_now() - t1 - res->build_s;
		if (rc != NQ_OK)
			goto out;
	} else {
		rc = ps_open(&ctx, &sp, square_var, res);
		if (rc != NQ_OK)
			goto out;
		t1 = nq_now();
		sat = ps_enumerate(&ctx, inst, square_var, block, &count);
		res->solve_s = nq_now() - t1;
		decisions = (int64_t)picosat_decisions(ctx.ps);
	}
	res->decisions = decisions;

	if (sat == PICOSAT_UNKNOWN) {
		if (inst->mode == NQ_MODE_COUNT)
			snprintf(res->note, sizeof res->note,
				 "time limit reached after %llu solutions",
				 (unsigned long long)count);
		else
			snprintf(res->note, sizeof res->note,
				 "time limit reached while solving");
		rc = NQ_ETIMEOUT;
		goto out;
	}
	res->solutions = count;
	if (sp.mirror && mirror_applies(inst) && inst->mode == NQ_MODE_COUNT &&
	    n >= 2) {
		/* One of each mirror pair was enumerated; no placement is its
		 * own mirror image for n >= 2. */
		res->solutions = 2 * count;
		snprintf(res->note, sizeof res->note,
			 "symmetry: mirror: %llu enumerated, doubled",
			 (unsigned long long)count);
	}
	if (inst->mode == NQ_MODE_FIRST && count == 1)
		ps_decode(ctx.ps, square_var, n, res);
	rc = NQ_OK;
out:
	if (ctx.ps)
		picosat_reset(ctx.ps);
	free(square_var);
	free(block);
	return rc;
}

static const char *const ps_symmetry_choices[] = { "none", "mirror", NULL };
static const char *const ps_count_choices[] = { "auto", "cubes", "whole",
						  NULL };

const char *nq_picosat_library_version(void)
{
	return picosat_version();
}

static const nq_option ps_options[] = {
	/* NQ_DEFAULT_CNF (solvers.h), shared with dimacs */
	{ "encoding", NQ_OPT_CNF, NQ_DEFAULT_CNF, NULL, 0, 0,
	  "CNF encoding of each at-most-one" },
	{ "symmetry", NQ_OPT_CHOICE, "none", ps_symmetry_choices, 0, 0,
	  "mirror: lex-leader clauses keep one of each left-right mirror "
	  "pair (count: enumerated x 2, exact); ignored with hints, blocked "
	  "squares or excluded lines" },
	NQ_CNF_COLUMNS_OPTION,
	{ "count", NQ_OPT_CHOICE, "auto", ps_count_choices, 0, 0,
	  "count mode: cubes, a fresh PicoSAT per pair of queens of the first "
	  "two rows, each enumerated with blocking clauses; whole, one "
	  "PicoSAT enumerates the board (as picosat --all); auto, cubes from "
	  "n = 10" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};

const nq_solver nq_solver_picosat = {
	NQ_ABI_VERSION,                 /* abi_version */
	sizeof(nq_solver),              /* struct_size */
	"picosat",                      /* name */
	"PicoSAT library on a CNF encoding; counts cube by cube with blocking clauses",
	ps_options,                     /* options */
	"encoding",                     /* label_option */
	NULL,                           /* max_n: none, see the top comment */
	ps_solve,                       /* solve */
	NULL,                           /* option_used */
	NULL,                           /* count_units: whole counts only */
	NULL                            /* threads: one */
};
