/*
 * glpk.c - the `glpk` solver: an ILP model solved by GLPK's branch and cut.
 *
 * The model (option `model`, an nq_ilp_model) is built into a glp_prob
 * through an nq_ilp_sink, then solved with glp_intopt. First mode reads one
 * placement off the columns the model marked as squares. When that point
 * is not a placement but GLPK proved it optimal, the problem maximizes,
 * and its objective is exactly the number of queens (coefficient 1 on
 * every square column, 0 elsewhere: the `independent-set` model), an
 * optimum below n proves there is no placement: the answer is "none".
 *
 * Count mode (option `count`):
 *   tree     (default) one branch-and-cut tree enumerates every placement.
 *            GLPK calls back (GLP_IROWGEN) whenever the LP relaxation of
 *            a subproblem is solved; when its solution is integral on
 *            every integer column it is a placement: counted, and cut off
 *            at once by its no-good row (the sum of its n queen columns
 *            <= n - 1) added as a lazy constraint, so GLPK re-solves the
 *            subproblem without it and never takes it as an incumbent.
 *            With no incumbent nothing is pruned by bound, and the tree
 *            ends infeasible having visited every placement once. The
 *            MIP presolver (it hands the callback a transformed problem,
 *            whose columns are not the model's) and the heuristics that
 *            make incumbents behind the callback's back (simple rounding,
 *            the feasibility pump) stay off in this mode, whatever the
 *            options say; cuts, branching and backtracking apply.
 *   resolve  after each solution a no-good cut, and glp_intopt again from
 *            scratch, until GLPK proves the problem infeasible: one MIP
 *            per placement (the method of the textbook, kept to compare).
 *
 * Options (the experiment file's keys; defaults are GLPK's own, as glpsol
 * applies them, so the CSV `options` column names what ran):
 *   presolve  on: glp_intopt's MIP presolver (glpsol's default, --intopt);
 *             off: glp_simplex on the LP relaxation first, then glp_intopt
 *             on that basis (glpsol --nointopt; glp_init_iocp's value)
 *   cuts      none | gmi | mir | cover | clique | all (glpsol --gomory,
 *             --mir, --cover, --clique, --cuts; one family, or every one)
 *   fp_heur   off | on: the feasibility pump (glpsol --fpump)
 *   br_tech   first | last | most | dth | pch: branching (glp_init_iocp:
 *             dth, Driebeck-Tomlin)
 *   bt_tech   dfs | bfs | blb | bph: backtracking (glp_init_iocp: blb,
 *             best local bound)
 * The harness allows at most 8 options per solver (core/model/experiment.h), so
 * the four cut families are one choice rather than four switches.
 *
 * Effort: `nodes` is the branch-and-bound tree size GLPK reports
 * (glp_ios_tree_size, total subproblems created, read in the search
 * callback), summed over the solves of count mode; `iterations` the simplex
 * iterations (glp_get_it_cnt, which GLPK keeps cumulative on the problem
 * across glp_intopt calls, presolved copy included). A problem the MIP
 * presolver settles alone reports 0 nodes.
 *
 * GLPK prints nothing: terminal output is off and a hook swallows what GLPK
 * prints on an internal error. That error would abort(); an error hook
 * longjmps instead, and solve returns NQ_ERR (NQ_ENOMEM when GLPK says it
 * ran out of memory) after freeing GLPK's whole environment. The jump
 * never crosses the model's build hook: a GLPK error inside a sink call
 * lands in that sink call, which returns -1 (and so do all later calls),
 * so the model still runs its own cleanup (the sink, glpk_sink.c, points
 * the hook's jb at its own frame while each call runs). (GLPK 5.0 itself
 * can leak a block it got from plain realloc when the error strikes inside
 * glp_intopt; glp_free_env cannot reach it. The run's child exits soon.)
 */
#include <glpk.h>
#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "glpk_sink.h"
#include "solvers.h"

/* Every model numbers n * n square columns; GLPK holds at most 1e8
 * columns, so n = 10000 is the largest board any model can describe. */
#define GLPK_MAX_N 10000

/* Fraction of the run's time limit the solver uses, so it stops cleanly
 * (and reports a timeout with its effort) before the host kills the run.
 * GLPK's own tm_lim is the time left until then. */
#define GLPK_TIME_SHARE 0.95

struct glpk_run {
	glp_prob *P;
	jmp_buf *jb;          /* where the error hook jumps to */
	int dead;             /* GLPK hit an error: call nothing but
				 glp_free_env */
	nq_glpk_sink sink;    /* the model's columns and rows onto P; its
				 err and msg say why a call failed */
	char term[400];       /* what GLPK printed (only on an error) */
	size_t term_len;
	int *cut;             /* count mode: the no-good row, n entries */
	double *ones;
	/* count: tree (the top comment): the callback counts and cuts */
	int tree_count;       /* enumerate in one tree */
	int n;
	const int *square_col;
	int32_t *sol;         /* the placement being cut */
	nq_ilp_sink ilp;      /* the model's sink, for the lazy rows */
	uint64_t found;       /* placements counted by the callback */
	int bad;              /* the callback met a point that is no placement */
	int cut_failed;       /* a lazy row could not be added */
	double deadline;      /* nq_now() to stop at; 0: none */
	int stopped;          /* the callback stopped GLPK at the deadline */
	int64_t tree_nodes;   /* of the current glp_intopt, from the callback */
	int64_t tree_iters;   /* cumulative, like glp_get_it_cnt */
	const nq_optval *opt; /* the job's options, in glpk_options order */
};

/* Rows of glpk_options, and the GLPK values of each choice (same order
 * as the choice lists below). */
enum { OPT_MODEL, OPT_PRESOLVE, OPT_CUTS, OPT_FP_HEUR, OPT_BR_TECH,
       OPT_BT_TECH, OPT_COUNT };
enum { COUNT_TREE, COUNT_RESOLVE };
/* GLPK's integrality tolerance (glp_iocp tol_int's default) */
#define GLPK_TOL_INT 1e-5
enum { CUTS_NONE, CUTS_GMI, CUTS_MIR, CUTS_COVER, CUTS_CLIQUE, CUTS_ALL };
static const int br_tech_value[] = { GLP_BR_FFV, GLP_BR_LFV, GLP_BR_MFV,
				     GLP_BR_DTH, GLP_BR_PCH };
static const int bt_tech_value[] = { GLP_BT_DFS, GLP_BT_BFS, GLP_BT_BLB,
				     GLP_BT_BPH };

/* ------------------------------------------------------------------ */
/* GLPK hooks. */

static int term_hook(void *info, const char *s)
{
	struct glpk_run *g = info;
	size_t len = strlen(s), room = sizeof g->term - 1 - g->term_len;

	if (len > room)
		len = room;
	memcpy(g->term + g->term_len, s, len);
	g->term_len += len;
	g->term[g->term_len] = '\0';
	return 1; /* never let GLPK write to stdout */
}

static void error_hook(void *info)
{
	struct glpk_run *g = info;

	g->dead = 1;
	longjmp(*g->jb, 1);
}

/* After GLPK's error: the code (NQ_ENOMEM if GLPK said it ran out of
 * memory) and GLPK's message on one line in msg. info: the glpk_run (also
 * the sink's describe hook). */
static int glpk_failure(void *info, char *msg, size_t size)
{
	struct glpk_run *g = info;
	char *s = g->term;

	for (char *p = s; *p; p++)
		if (*p == '\n')
			*p = ' ';
	snprintf(msg, size, "GLPK error: %.180s", *s ? s : "(no message)");
	return strstr(s, "no memory") || strstr(s, "memory allocation") ?
		NQ_ENOMEM : NQ_ERR;
}

/* count: tree. The LP solution of the current subproblem: when it is
 * integral on every integer column, count it as a placement and add its
 * no-good row. */
static void count_in_tree(struct glpk_run *g, glp_tree *T)
{
	glp_prob *P = glp_ios_get_prob(T);
	int ncols = glp_get_num_cols(P), n = g->n;

	for (int j = 1; j <= ncols; j++) {
		double x;

		if (glp_get_col_kind(P, j) == GLP_CV)
			continue;
		x = glp_get_col_prim(P, j);
		if (x - (double)(long long)(x + 0.5) > GLPK_TOL_INT ||
		    (double)(long long)(x + 0.5) - x > GLPK_TOL_INT)
			return; /* fractional: GLPK branches on */
	}
	for (int r = 0; r < n; r++) {
		g->sol[r] = -1;
		for (int c = 0; c < n; c++)
			if (glp_get_col_prim(P, g->square_col[r * n + c]) > 0.5) {
				if (g->sol[r] >= 0)
					g->sol[r] = -2;
				else if (g->sol[r] == -1)
					g->sol[r] = c;
			}
		if (g->sol[r] < 0) {
			g->bad = 1;
			glp_ios_terminate(T);
			return;
		}
	}
	g->found++;
	for (int r = 0; r < n; r++) {
		g->cut[r] = g->square_col[r * n + g->sol[r]];
		g->ones[r] = 1.0;
	}
	if (g->ilp.add_row(g->ilp.ctx, NULL, 'L', n - 1, n, g->cut,
			   g->ones) < 1) {
		g->cut_failed = 1;
		glp_ios_terminate(T);
	}
}

static void search_callback(glp_tree *T, void *info)
{
	struct glpk_run *g = info;
	int active, current, total, it;

	if (g->tree_count && glp_ios_reason(T) == GLP_IROWGEN &&
	    !g->bad && !g->cut_failed)
		count_in_tree(g, T);

	glp_ios_tree_size(T, &active, &current, &total);
	if (total > g->tree_nodes)
		g->tree_nodes = total;
	it = glp_get_it_cnt(glp_ios_get_prob(T));
	if (it > g->tree_iters)
		g->tree_iters = it;
	if (g->deadline > 0 && !g->stopped && nq_now() >= g->deadline) {
		g->stopped = 1;
		glp_ios_terminate(T);
	}
}

/* ------------------------------------------------------------------ */
/* Solving. */

enum outcome { FOUND, NONE, TIMEOUT, FAILED };

/* One glp_intopt. Adds its tree size to *nodes; sets *iters to the
 * simplex iterations so far (all solves). */
static enum outcome intopt_once(struct glpk_run *g, int64_t *nodes,
				int64_t *iters, nq_result *res)
{
	glp_iocp parm;
	int ret, st, cuts = (int)g->opt[OPT_CUTS].num;

	glp_init_iocp(&parm);
	parm.msg_lev = GLP_MSG_OFF;
	parm.presolve = g->opt[OPT_PRESOLVE].num ? GLP_ON : GLP_OFF;
	parm.gmi_cuts = cuts == CUTS_GMI || cuts == CUTS_ALL ? GLP_ON : GLP_OFF;
	parm.mir_cuts = cuts == CUTS_MIR || cuts == CUTS_ALL ? GLP_ON : GLP_OFF;
	parm.cov_cuts = cuts == CUTS_COVER || cuts == CUTS_ALL ? GLP_ON
							      : GLP_OFF;
	parm.clq_cuts = cuts == CUTS_CLIQUE || cuts == CUTS_ALL ? GLP_ON
							       : GLP_OFF;
	parm.fp_heur = g->opt[OPT_FP_HEUR].num ? GLP_ON : GLP_OFF;
	parm.br_tech = br_tech_value[g->opt[OPT_BR_TECH].num];
	parm.bt_tech = bt_tech_value[g->opt[OPT_BT_TECH].num];
	parm.cb_func = search_callback;
	parm.cb_info = g;
	if (g->tree_count) {
		/* the callback must see every placement (the top comment) */
		parm.presolve = GLP_OFF;
		parm.sr_heur = GLP_OFF;
		parm.fp_heur = GLP_OFF;
	}
	if (g->deadline > 0) {
		double ms = (g->deadline - nq_now()) * 1000.0;

		if (ms <= 0)
			return TIMEOUT;
		parm.tm_lim = ms < 1 ? 1 : ms > INT_MAX ? INT_MAX : (int)ms;
	}
	if (parm.presolve == GLP_OFF) {
		/* glp_intopt without its presolver starts from an optimal
		 * basis of the LP relaxation: solve it first (warm from the
		 * last basis in count mode). */
		glp_smcp sm;

		glp_init_smcp(&sm);
		sm.msg_lev = GLP_MSG_OFF;
		sm.tm_lim = parm.tm_lim;
		ret = glp_simplex(g->P, &sm);
		if (glp_get_it_cnt(g->P) > g->tree_iters)
			g->tree_iters = glp_get_it_cnt(g->P);
		*iters = g->tree_iters;
		if (ret == GLP_ETMLIM)
			return TIMEOUT;
		if (ret != 0) {
			snprintf(res->note, sizeof res->note,
				 "GLPK: glp_simplex failed (code %d)", ret);
			return FAILED;
		}
		st = glp_get_status(g->P);
		if (st == GLP_NOFEAS)
			return NONE;  /* the LP relaxation is infeasible */
		if (st != GLP_OPT) {
			snprintf(res->note, sizeof res->note,
				 "GLPK: LP relaxation ended with status %d", st);
			return FAILED;
		}
		if (g->deadline > 0) {
			double ms = (g->deadline - nq_now()) * 1000.0;

			if (ms <= 0)
				return TIMEOUT;
			parm.tm_lim = ms < 1 ? 1 : ms > INT_MAX ? INT_MAX
								  : (int)ms;
		}
	}
	g->tree_nodes = 0;
	ret = glp_intopt(g->P, &parm);
	*nodes += g->tree_nodes;
	if (glp_get_it_cnt(g->P) > g->tree_iters)
		g->tree_iters = glp_get_it_cnt(g->P);
	*iters = g->tree_iters;
	switch (ret) {
	case 0:
		st = glp_mip_status(g->P);
		if (st == GLP_OPT || st == GLP_FEAS)
			return FOUND;
		if (st == GLP_NOFEAS)
			return NONE;
		snprintf(res->note, sizeof res->note,
			 "GLPK: glp_intopt ended with MIP status %d", st);
		return FAILED;
	case GLP_ENOPFS: /* the MIP presolver proved it infeasible */
	case GLP_ENODFS: /* relaxation dual infeasible: when every column is
			    bounded (as in `assignment`) that means primal
			    infeasible; an n-queens model has no use for an
			    unbounded objective */
		return NONE;
	case GLP_ETMLIM:
		return TIMEOUT;
	case GLP_ESTOP:
		if (g->stopped)
			return TIMEOUT;
		/* fall through */
	default:
		snprintf(res->note, sizeof res->note,
			 "GLPK: glp_intopt failed (code %d)", ret);
		return FAILED;
	}
}

/* 1 when GLPK proved the MIP optimum and that optimum, a maximum number
 * of queens (the objective is exactly the sum of the square columns), is
 * below n: then no placement exists. */
static int optimum_proves_none(struct glpk_run *g, int n,
			       const int *square_col)
{
	int ncols = glp_get_num_cols(g->P), squares = 0;

	if (glp_mip_status(g->P) != GLP_OPT ||
	    glp_get_obj_dir(g->P) != GLP_MAX ||
	    glp_mip_obj_val(g->P) > n - 0.5)
		return 0;
	for (int k = 0; k < n * n; k++)
		if (glp_get_obj_coef(g->P, square_col[k]) != 1.0)
			return 0;
	for (int j = 1; j <= ncols; j++)
		if (glp_get_obj_coef(g->P, j) != 0.0)
			squares++;
	/* Every nonzero coefficient is a square's (columns are distinct). */
	return squares == n * n && glp_get_obj_coef(g->P, 0) == 0.0;
}

/* Read the solution off the square columns into sol (n entries). Returns
 * 0, or -1 if the point is not one queen per row. */
static int decode(struct glpk_run *g, int n, const int *square_col,
		  int32_t *sol)
{
	for (int r = 0; r < n; r++) {
		sol[r] = -1;
		for (int c = 0; c < n; c++) {
			if (glp_mip_col_val(g->P, square_col[r * n + c]) > 0.5) {
				if (sol[r] >= 0)
					return -1;
				sol[r] = c;
			}
		}
		if (sol[r] < 0)
			return -1;
	}
	return 0;
}

/* Count mode, count: tree: one glp_intopt, the callback counting. */
static int count_tree(struct glpk_run *g, int64_t *nodes, int64_t *iters,
		      nq_result *res)
{
	enum outcome o = intopt_once(g, nodes, iters, res);

	if (g->bad) {
		snprintf(res->note, sizeof res->note,
			 "GLPK: solution is not one queen per row");
		return NQ_ERR;
	}
	if (g->cut_failed) {
		snprintf(res->note, sizeof res->note, "%s", g->sink.msg);
		return g->sink.err ? g->sink.err : NQ_ERR;
	}
	switch (o) {
	case NONE:
		res->solutions = g->found;
		return NQ_OK;
	case TIMEOUT:
		snprintf(res->note, sizeof res->note,
			 "time limit reached after %llu solutions",
			 (unsigned long long)g->found);
		return NQ_ETIMEOUT;
	case FOUND:
		/* an incumbent the callback did not see: a count would miss
		 * what its bound pruned */
		snprintf(res->note, sizeof res->note,
			 "GLPK kept a solution the count did not see (after "
			 "%llu)", (unsigned long long)g->found);
		return NQ_ERR;
	default:
		return NQ_ERR;
	}
}

static int run(const nq_job *job, const nq_ilp_model *model,
	       struct glpk_run *g, int *square_col, int32_t *sol,
	       nq_result *res)
{
	const nq_instance *inst = job->inst;
	nq_ilp_sink sink;
	int n = inst->n, ncols, rc;
	int64_t nodes = 0, iters = 0;
	uint64_t found = 0;
	double t;

	t = nq_now();
	g->P = glp_create_prob();
	nq_glpk_sink_init(&g->sink, g->P);
	g->sink.target = &g->jb;
	g->sink.describe = glpk_failure;
	g->sink.info = g;
	sink = nq_glpk_sink_ilp(&g->sink);
	g->ilp = sink;
	rc = model->build(inst, &sink, square_col);
	if (g->sink.err || rc != NQ_OK) {
		rc = g->sink.err ? g->sink.err
				 : rc == NQ_ENOMEM ? NQ_ENOMEM : NQ_ERR;
		snprintf(res->note, sizeof res->note, "model '%.40s': %.140s",
			 model->name,
			 g->sink.err ? g->sink.msg : "build failed");
		return rc;
	}
	ncols = glp_get_num_cols(g->P);
	for (int k = 0; k < n * n; k++) {
		if (square_col[k] < 1 || square_col[k] > ncols) {
			snprintf(res->note, sizeof res->note,
				 "model '%s' left square %d without a column",
				 model->name, k);
			return NQ_ERR;
		}
	}
	rc = nq_glpk_sink_forbid(&g->sink, inst, square_col);
	if (rc != NQ_OK) {
		snprintf(res->note, sizeof res->note, "%s", g->sink.msg);
		return rc;
	}
	res->vars = ncols;
	res->constraints = glp_get_num_rows(g->P);
	res->nonzeros = glp_get_num_nz(g->P);
	res->build_s = nq_now() - t;

	t = nq_now();
	if (g->tree_count) {
		rc = count_tree(g, &nodes, &iters, res);
		goto done;
	}
	for (;;) {
		enum outcome o = intopt_once(g, &nodes, &iters, res);

		if (o == NONE)
			break;
		if (o == TIMEOUT) {
			if (inst->mode == NQ_MODE_COUNT)
				snprintf(res->note, sizeof res->note,
					 "time limit reached after %llu "
					 "solutions",
					 (unsigned long long)found);
			else
				snprintf(res->note, sizeof res->note,
					 "time limit reached");
			rc = NQ_ETIMEOUT;
			goto done;
		}
		if (o == FAILED) {
			rc = NQ_ERR;
			goto done;
		}
		if (decode(g, n, square_col, sol)) {
			if (inst->mode != NQ_MODE_COUNT &&
			    optimum_proves_none(g, n, square_col))
				break;
			snprintf(res->note, sizeof res->note,
				 "GLPK: solution is not one queen per row");
			rc = NQ_ERR;
			goto done;
		}
		found++;
		if (inst->mode != NQ_MODE_COUNT) {
			memcpy(res->placement, sol, (size_t)n * sizeof *sol);
			break;
		}
		/* No-good cut: not all of this solution's queens again. */
		for (int r = 0; r < n; r++) {
			g->cut[r] = square_col[r * n + sol[r]];
			g->ones[r] = 1.0;
		}
		if (sink.add_row(sink.ctx, NULL, 'L', n - 1, n, g->cut,
				 g->ones) < 1) {
			snprintf(res->note, sizeof res->note, "%s",
				 g->sink.msg);
			rc = g->sink.err;
			goto done;
		}
	}
	res->solutions = found;
	rc = NQ_OK;
done:
	res->solve_s = nq_now() - t;
	res->nodes = nodes;
	res->iterations = iters;
	return rc;
}

static int glpk_solve(const nq_job *job, nq_result *res)
{
	const nq_ilp_model *model = job->opt ? job->opt[0].ptr : NULL;
	int n = job->inst->n;
	struct glpk_run *g;
	int *square_col = NULL;
	int32_t *sol = NULL;
	jmp_buf jb;
	int rc;

	if (!model || !model->build) {
		snprintf(res->note, sizeof res->note, "no ILP model given");
		return NQ_ERR;
	}
	if (n < 1 || n > GLPK_MAX_N) {
		snprintf(res->note, sizeof res->note,
			 "n = %d is outside 1..%d", n, GLPK_MAX_N);
		return NQ_ERR;
	}
	/* Heap, not locals: these live across the longjmp of error_hook. */
	g = calloc(1, sizeof *g);
	square_col = malloc((size_t)n * (size_t)n * sizeof *square_col);
	sol = malloc((size_t)n * sizeof *sol);
	if (g) {
		g->cut = malloc((size_t)n * sizeof *g->cut);
		g->ones = malloc((size_t)n * sizeof *g->ones);
	}
	if (!g || !square_col || !sol || !g->cut || !g->ones) {
		snprintf(res->note, sizeof res->note, "out of memory");
		rc = NQ_ENOMEM;
		goto out;
	}
	g->opt = job->opt;
	g->n = n;
	g->square_col = square_col;
	g->sol = sol;
	g->tree_count = job->inst->mode == NQ_MODE_COUNT &&
			job->opt[OPT_COUNT].num == COUNT_TREE;
	if (job->time_limit_s > 0)
		g->deadline = nq_now() + GLPK_TIME_SHARE * job->time_limit_s;

	glp_term_out(GLP_OFF);
	glp_term_hook(term_hook, g);
	g->jb = &jb;
	glp_error_hook(error_hook, g);
	if (setjmp(jb)) {
		/* GLPK hit an internal error outside a sink call; its state
		 * is gone. The problem is freed with the environment. */
		rc = glpk_failure(g, res->note, sizeof res->note);
		goto out_env;
	}
	rc = run(job, model, g, square_col, sol, res);
	if (!g->dead)
		glp_delete_prob(g->P);
out_env:
	glp_free_env();
out:
	if (g) {
		free(g->cut);
		free(g->ones);
		nq_glpk_sink_free(&g->sink);
	}
	free(g);
	free(square_col);
	free(sol);
	return rc;
}

static int glpk_max_n(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	(void)mode;
	return GLPK_MAX_N;
}

static const char *const on_off[] = { "off", "on", NULL };
static const char *const cuts_choices[] = { "none", "gmi", "mir", "cover",
					    "clique", "all", NULL };
static const char *const br_choices[] = { "first", "last", "most", "dth",
					  "pch", NULL };
static const char *const bt_choices[] = { "dfs", "bfs", "blb", "bph", NULL };
static const char *const count_choices[] = { "tree", "resolve", NULL };

/* Rows in the order of the OPT_ enum. */
const char *nq_glpk_library_version(void)
{
	return glp_version();
}

static const nq_option glpk_options[] = {
	{ "model", NQ_OPT_ILP, "assignment", NULL, 0, 0, "ILP model" },
	{ "presolve", NQ_OPT_CHOICE, "on", on_off, 0, 0,
	  "MIP presolver (off: glp_simplex on the LP relaxation first)" },
	{ "cuts", NQ_OPT_CHOICE, "none", cuts_choices, 0, 0,
	  "cut family: Gomory mixed integer, MIR, cover, clique, or all" },
	{ "fp_heur", NQ_OPT_CHOICE, "off", on_off, 0, 0,
	  "feasibility pump heuristic" },
	{ "br_tech", NQ_OPT_CHOICE, "dth", br_choices, 0, 0,
	  "branching: first, last, most fractional variable, Driebeck-Tomlin, "
	  "pseudocost" },
	{ "bt_tech", NQ_OPT_CHOICE, "blb", bt_choices, 0, 0,
	  "backtracking: depth first, breadth first, best local bound, best "
	  "projection" },
	{ "count", NQ_OPT_CHOICE, "tree", count_choices, 0, 0,
	  "count mode: tree, one branch-and-cut tree, each placement cut off "
	  "by a lazy no-good row as it is found (presolver and heuristics "
	  "off); resolve, a no-good cut and a new MIP per placement" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL },
};

const nq_solver nq_solver_glpk = {
	NQ_ABI_VERSION,
	sizeof(nq_solver),
	"glpk",
	"an ILP model solved by GLPK branch and cut (count: one tree, lazy no-good rows)",
	glpk_options,
	"model",
	glpk_max_n,    /* n <= 10000: GLPK holds at most 1e8 columns */
	glpk_solve,
	NULL,          /* option_used */
	NULL,          /* count_units: whole counts only */
	NULL           /* threads: one */
};
