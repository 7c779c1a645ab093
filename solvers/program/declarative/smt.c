/*
 * smt.c - the `smt` approach: the instance as SMT-LIB 2, solved by Z3
 * through its C API (libz3), in the run's child.
 *
 * Why the library and not the z3 program: a count enumerates models,
 * each blocked by a new assertion and the next asked of the same solver,
 * which keeps what it learnt; the program would need either one process
 * per model (a new parse and a cold start each: 14200 at n = 12) or a
 * conversation over pipes. In the run's child, Z3 also lives under the
 * run's limits (address space, CPU, cgroup) like PicoSAT and GLPK. The
 * price is a build dependency, libz3-dev, as libpicosat and libglpk are
 * (its header; the library itself is loaded when this solver first runs:
 * z3api.h). The problem reaches Z3 as the same SMT-LIB text that `harness
 * export --format smt2` writes (nq_smt_write, Z3_solver_from_string), so
 * the file a user runs through `z3 FILE.smt2` is the problem this solver
 * solved.
 *
 * Models (option `model`):
 *   int   q_R an Int, the column of row R's queen (1-based):
 *         (<= 1 q_R n); (distinct q_1 .. q_n), (distinct (+ q_R R) ..),
 *         (distinct (- q_R R) ..): columns, antidiagonals, diagonals.
 *         A forbidden square (blocked, or on an excluded line) is
 *         (not (= q_R C)), a hint (= q_R C). Logic QF_LIA.
 *   bool  (default) x_R_C a Bool, a queen on R, C: (or ..) on every row and column,
 *         at most one on every row, column and diagonal of two squares or
 *         more, a forbidden square (not x_R_C), a hint x_R_C. The
 *         at-most-one (option `card`): pb, Z3's cardinality constraint
 *         ((_ at-most 1) ..), a Z3 extension that Z3 handles natively;
 *         pairwise, (or (not a) (not b)) for each pair, plain SMT-LIB
 *         that any solver reads. No set-logic (the extension is in none).
 *         The default: Z3 takes the int model's `distinct` on sums as
 *         arithmetic, and is far slower on it (docs/notes/i22-aspsmt.md:
 *         first mode at n = 30 does not finish in 20 s, where bool with
 *         pb takes a fifth of a second at n = 40).
 *
 * First mode: one check. Count mode: check, count, assert the model's
 * negation (int: some q_R differs; bool: one of the model's n queens is
 * gone), check again, until unsat. There is no cap on the count but the
 * run's limits.
 *
 * Limits: before each check the solver's `timeout` is set to what is
 * left before the run's limit less a margin (2%, at least 50 ms), so Z3
 * stops cleanly (reason "timeout" or "canceled", or any reason once the
 * time is up, as "(incomplete (theory arithmetic))" when the timeout
 * lands in a theory solver: NQ_ETIMEOUT, the count's note says how many
 * models came first); the host's kill at the limit
 * is the backstop, and the only stop while Z3 parses the text (a large
 * pairwise model). Under an address-space limit Z3's own memory_max_size
 * is set to three quarters of it, so Z3 gives up ("max. memory
 * exceeded", or a Z3_MEMOUT_FAIL error) before malloc fails: NQ_ENOMEM.
 * Z3 errors reach an error handler of ours, never Z3's default (which
 * exits): NQ_ERR with Z3's message.
 *
 * Sizes: declared constants (vars: n or n^2) and assertions
 * (constraints) of the text, before any blocking; nonzeros NA. Effort:
 * Z3's statistics "decisions" and "conflicts" (its SMT core's; summed
 * over the checks of a count as Z3 keeps them). build_s writing and
 * parsing the text, solve_s the checks.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "z3api.h" /* <z3.h>, its calls through the loaded library */
#include "smt.h"
#include "export.h"
#include "formats.h"
#include "nq_board.h"
#include "solfile.h" /* NQ_SOL_ROW_NONE, NQ_SOL_ROW_MANY */
#include "solvers.h"

const char *const nq_smt_models[] = { "int", "bool", NULL };
const char *const nq_smt_cards[] = { "pb", "pairwise", NULL };

enum { SMT_MODEL, SMT_CARD };

/* n*n must fit an int (square numbering). */
#define SMT_MAX_N 46340

/* ------------------------------------------------------------------ */
/* The text. */

/* The int model's assertions after the declarations. */
static long long write_int(FILE *f, const nq_instance *inst,
			   const unsigned char *forbidden)
{
	const int n = inst->n;
	long long asserts = 0;
	int r, c, k;

	for (r = 1; r <= n; r++, asserts++)
		fprintf(f, "(assert (<= 1 q_%d %d))\n", r, n);
	if (n >= 2) {
		static const char *const forms[] = { "q_%d", "(+ q_%d %d)",
						     "(- q_%d %d)" };

		for (k = 0; k < 3; k++, asserts++) {
			fputs("(assert (distinct", f);
			for (r = 1; r <= n; r++) {
				fputc(' ', f);
				fprintf(f, forms[k], r, r);
			}
			fputs("))\n", f);
		}
	}
	for (r = 0; forbidden && r < n; r++)
		for (c = 0; c < n; c++)
			if (forbidden[r * n + c]) {
				fprintf(f, "(assert (not (= q_%d %d)))\n",
					r + 1, c + 1);
				asserts++;
			}
	for (k = 0; k < inst->nhints; k++, asserts++)
		fprintf(f, "(assert (= q_%d %d))\n", inst->hints[k].row + 1,
			inst->hints[k].col + 1);
	return asserts;
}

/* The variables of a line's squares, each after a blank. */
static void line_vars(FILE *f, const nq_line *line, int n)
{
	for (int k = 0; k < line->len; k++) {
		int sq = nq_line_square(line, n, k);

		fprintf(f, " x_%d_%d", sq / n + 1, sq % n + 1);
	}
}

/* The bool model's assertions after the declarations. */
static long long write_bool(FILE *f, const nq_instance *inst,
			    enum nq_smt_card card,
			    const unsigned char *forbidden)
{
	const int n = inst->n;
	long long asserts = 0;
	nq_line line;
	int i, j, k, sq, sq2;

	for (i = 0; nq_board_line(n, i, &line); i++) {
		if (line.kind == NQ_LINE_ROW || line.kind == NQ_LINE_COL) {
			fputs("(assert (or", f);
			line_vars(f, &line, n);
			fputs("))\n", f);
			asserts++;
		}
		if (line.len < 2)
			continue;
		if (card == NQ_SMT_PB) {
			fputs("(assert ((_ at-most 1)", f);
			line_vars(f, &line, n);
			fputs("))\n", f);
			asserts++;
			continue;
		}
		for (k = 0; k < line.len; k++)
			for (j = k + 1; j < line.len; j++, asserts++) {
				sq = nq_line_square(&line, n, k);
				sq2 = nq_line_square(&line, n, j);
				fprintf(f, "(assert (or (not x_%d_%d) (not "
					"x_%d_%d)))\n", sq / n + 1, sq % n + 1,
					sq2 / n + 1, sq2 % n + 1);
			}
	}
	for (sq = 0; forbidden && sq < n * n; sq++)
		if (forbidden[sq]) {
			fprintf(f, "(assert (not x_%d_%d))\n", sq / n + 1,
				sq % n + 1);
			asserts++;
		}
	for (k = 0; k < inst->nhints; k++, asserts++)
		fprintf(f, "(assert x_%d_%d)\n", inst->hints[k].row + 1,
			inst->hints[k].col + 1);
	return asserts;
}

int nq_smt_write(FILE *f, const nq_instance *inst, enum nq_smt_model model,
		 enum nq_smt_card card, const char *comment, int commands,
		 long long *asserts)
{
	const int n = inst->n;
	unsigned char *forbidden = NULL;
	long long count;
	int r, c;

	if (nq_board_restricted(inst)) {
		if (!(forbidden = malloc((size_t)n * (size_t)n)))
			return -1;
		nq_board_forbidden(inst, forbidden);
	}
	nq_export_comment(f, ";", comment);
	if (model == NQ_SMT_INT) {
		fprintf(f, "; n-queens, model int: q_R is the column of row "
			"R's queen (1-based)\n(set-logic QF_LIA)\n");
		for (r = 1; r <= n; r++)
			fprintf(f, "(declare-const q_%d Int)\n", r);
		count = write_int(f, inst, forbidden);
	} else {
		fprintf(f, "; n-queens, model bool (at-most-one %s): x_R_C is "
			"a queen on row R, column C (1-based)%s\n",
			nq_smt_cards[card], card == NQ_SMT_PB ?
			"; (_ at-most 1) is Z3's cardinality constraint" : "");
		for (r = 1; r <= n; r++)
			for (c = 1; c <= n; c++)
				fprintf(f, "(declare-const x_%d_%d Bool)\n",
					r, c);
		count = write_bool(f, inst, card, forbidden);
	}
	if (commands) {
		fputs("(check-sat)\n(get-value (", f);
		for (r = 1; r <= n; r++)
			if (model == NQ_SMT_INT)
				fprintf(f, "%sq_%d", r > 1 ? " " : "", r);
			else
				for (c = 1; c <= n; c++)
					fprintf(f, "%sx_%d_%d", r + c > 2 ?
						" " : "", r, c);
		fputs("))\n", f);
	}
	free(forbidden);
	if (asserts)
		*asserts = count;
	return ferror(f) ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Z3. */

/* The last error Z3 reported (the run's child solves one instance at a
 * time; the handler has no user pointer). */
static Z3_error_code smt_error;

static void smt_on_error(Z3_context ctx, Z3_error_code e)
{
	(void)ctx;
	smt_error = e;
}

/* NQ_OK, or the error Z3 reported, with its message in the note. */
static int smt_failed(Z3_context ctx, const char *what, nq_result *res)
{
	if (smt_error == Z3_OK)
		return NQ_OK;
	snprintf(res->note, sizeof res->note, "z3 %s: %.150s", what,
		 Z3_get_error_msg(ctx, smt_error));
	return smt_error == Z3_MEMOUT_FAIL ? NQ_ENOMEM : NQ_ERR;
}

/* Z3's own memory bound under an address-space limit (see the top). */
static void smt_memory_bound(void)
{
	struct rlimit rl;
	char mb[32] = "0";

	if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
		unsigned long long m = (unsigned long long)rl.rlim_cur /
				       (1024 * 1024) / 4 * 3;

		snprintf(mb, sizeof mb, "%llu", m ? m : 1);
	}
	Z3_global_param_set("memory_max_size", mb);
}

struct smt {
	Z3_context ctx;
	Z3_solver s;
	Z3_ast *var;        /* q_R (int) or x_R_C (bool), row-major */
	int nvars;
	int model;          /* enum nq_smt_model */
	double deadline;    /* nq_now() to stop at; 0: none */
};

/* Parse the text into the solver and make the variables: NQ_OK or an
 * error with the note. */
static int smt_load(struct smt *z, const char *text, int n, nq_result *res)
{
	Z3_sort sort;
	char name[48];
	int i, rc;

	Z3_solver_from_string(z->ctx, z->s, text);
	if ((rc = smt_failed(z->ctx, "parse", res)) != NQ_OK)
		return rc;
	z->nvars = z->model == NQ_SMT_INT ? n : n * n;
	if (!(z->var = calloc((size_t)z->nvars, sizeof *z->var))) {
		snprintf(res->note, sizeof res->note, "out of memory");
		return NQ_ENOMEM;
	}
	sort = z->model == NQ_SMT_INT ? Z3_mk_int_sort(z->ctx)
				      : Z3_mk_bool_sort(z->ctx);
	for (i = 0; i < z->nvars; i++) {
		if (z->model == NQ_SMT_INT)
			snprintf(name, sizeof name, "q_%d", i + 1);
		else
			snprintf(name, sizeof name, "x_%d_%d", i / n + 1,
				 i % n + 1);
		/* the parser's constant: same name, same sort */
		z->var[i] = Z3_mk_const(z->ctx, Z3_mk_string_symbol(z->ctx,
					name), sort);
	}
	return smt_failed(z->ctx, "variables", res);
}

/* The solver's timeout: what is left before the deadline. 0, or -1 when
 * nothing is left. */
static int smt_set_timeout(struct smt *z)
{
	Z3_params p;
	double left;

	if (z->deadline <= 0)
		return 0;
	left = z->deadline - nq_now();
	if (left <= 0)
		return -1;
	p = Z3_mk_params(z->ctx);
	Z3_params_inc_ref(z->ctx, p);
	Z3_params_set_uint(z->ctx, p, Z3_mk_string_symbol(z->ctx, "timeout"),
			   left * 1000 > UINT_MAX - 1 ? UINT_MAX - 1
			   : (unsigned)(left * 1000) + 1);
	Z3_solver_set_params(z->ctx, z->s, p);
	Z3_params_dec_ref(z->ctx, p);
	return 0;
}

/* The model into the placement (NQ_SOL_ROW_NONE for a row without a
 * queen, NQ_SOL_ROW_MANY for one with two or more; the validator
 * judges), and its blocking assertion when `block`. */
static void smt_take_model(struct smt *z, Z3_model m, int n, int block,
			   int32_t *placement, Z3_ast *lits)
{
	int nl = 0, r, c, v;
	Z3_ast val;

	for (r = 0; r < n; r++)
		placement[r] = NQ_SOL_ROW_NONE;
	for (int i = 0; i < z->nvars; i++) {
		if (!Z3_model_eval(z->ctx, m, z->var[i], true, &val))
			continue;
		if (z->model == NQ_SMT_INT) {
			if (!Z3_get_numeral_int(z->ctx, val, &v))
				continue;
			if (v >= 1 && v <= n)
				placement[i] = v - 1;
			if (block)
				lits[nl++] = Z3_mk_not(z->ctx,
						       Z3_mk_eq(z->ctx,
								z->var[i], val));
		} else if (Z3_get_bool_value(z->ctx, val) == Z3_L_TRUE) {
			r = i / n;
			c = i % n;
			/* a second queen on a row is marked, never
			 * dropped: the validator must see it */
			placement[r] = placement[r] == NQ_SOL_ROW_NONE ? c
				       : NQ_SOL_ROW_MANY;
			if (block && nl < n)
				lits[nl++] = Z3_mk_not(z->ctx, z->var[i]);
		}
	}
	if (block)
		Z3_solver_assert(z->ctx, z->s, nl ? Z3_mk_or(z->ctx,
				 (unsigned)nl, lits) : Z3_mk_false(z->ctx));
}

/* Z3's decisions and conflicts into the result. */
static void smt_stats(struct smt *z, nq_result *res)
{
	Z3_stats st = Z3_solver_get_statistics(z->ctx, z->s);

	Z3_stats_inc_ref(z->ctx, st);
	for (unsigned i = 0; i < Z3_stats_size(z->ctx, st); i++) {
		const char *key = Z3_stats_get_key(z->ctx, st, i);

		if (!Z3_stats_is_uint(z->ctx, st, i))
			continue;
		if (!strcmp(key, "decisions"))
			res->decisions = Z3_stats_get_uint_value(z->ctx, st, i);
		else if (!strcmp(key, "conflicts"))
			res->conflicts = Z3_stats_get_uint_value(z->ctx, st, i);
	}
	Z3_stats_dec_ref(z->ctx, st);
}

/* Check until the mode's answer: NQ_OK with res->solutions, or a stop
 * with the note. */
static int smt_enumerate(struct smt *z, const nq_instance *inst,
			 nq_result *res)
{
	const int n = inst->n, count = inst->mode == NQ_MODE_COUNT;
	Z3_ast *lits = calloc((size_t)n, sizeof *lits);
	uint64_t found = 0;
	int rc = NQ_OK;

	if (!lits) {
		snprintf(res->note, sizeof res->note, "out of memory");
		return NQ_ENOMEM;
	}
	for (;;) {
		Z3_lbool r;
		Z3_model m;

		if (smt_set_timeout(z)) {
			r = Z3_L_UNDEF;
			snprintf(res->note, sizeof res->note, "timeout");
		} else {
			r = Z3_solver_check(z->ctx, z->s);
			if ((rc = smt_failed(z->ctx, "check", res)) != NQ_OK)
				break;
		}
		if (r == Z3_L_FALSE) {
			res->solutions = found;
			break;
		}
		if (r == Z3_L_UNDEF) {
			const char *why = res->note[0] ? res->note :
				Z3_solver_get_reason_unknown(z->ctx, z->s);
			char copy[120];

			snprintf(copy, sizeof copy, "%.119s", why ? why : "");
			/* Z3 stopped by its timeout inside a theory solver
			 * may say "(incomplete (theory arithmetic))": at the
			 * deadline, whatever it says, the time is what
			 * stopped it */
			rc = strstr(copy, "memory") ? NQ_ENOMEM :
			     strstr(copy, "timeout") || strstr(copy, "cancel") ||
			     (z->deadline > 0 && nq_now() >= z->deadline - 0.01)
			     ? NQ_ETIMEOUT : NQ_ERR;
			if (rc == NQ_ETIMEOUT && count)
				snprintf(res->note, sizeof res->note, "time "
					 "limit reached after %llu solutions",
					 (unsigned long long)found);
			else if (rc == NQ_ETIMEOUT)
				snprintf(res->note, sizeof res->note, "time "
					 "limit reached while solving");
			else
				snprintf(res->note, sizeof res->note, "z3 gave "
					 "up: %.100s", copy);
			break;
		}
		m = Z3_solver_get_model(z->ctx, z->s);
		Z3_model_inc_ref(z->ctx, m);
		found++;
		smt_take_model(z, m, n, count, res->placement, lits);
		Z3_model_dec_ref(z->ctx, m);
		if ((rc = smt_failed(z->ctx, "model", res)) != NQ_OK)
			break;
		if (!count) {
			res->solutions = 1;
			break;
		}
	}
	free(lits);
	return rc;
}

/* The instance's text in memory: NQ_OK, or NQ_ENOMEM. */
static int smt_text(const nq_instance *inst, int model, int card,
		    char **text, nq_result *res)
{
	size_t len = 0;
	long long asserts = 0;
	FILE *f = open_memstream(text, &len);
	int bad;

	if (!f) {
		snprintf(res->note, sizeof res->note, "out of memory");
		return NQ_ENOMEM;
	}
	bad = nq_smt_write(f, inst, model, card, NULL, 0, &asserts);
	if (fclose(f) || bad) {
		free(*text);
		*text = NULL;
		snprintf(res->note, sizeof res->note, "out of memory for the "
			 "SMT-LIB text");
		return NQ_ENOMEM;
	}
	res->vars = model == NQ_SMT_INT ? inst->n : (int64_t)inst->n * inst->n;
	res->constraints = asserts;
	return NQ_OK;
}

static int smt_solve(const nq_job *job, nq_result *res)
{
	const nq_instance *inst = job->inst;
	struct smt z = { 0 };
	Z3_config cfg;
	char *text = NULL;
	double t0 = nq_now(), t1;
	int rc;

	if (inst->n < 1 || inst->n > SMT_MAX_N) {
		snprintf(res->note, sizeof res->note, "smt takes 1 <= n <= %d, "
			 "not %d", SMT_MAX_N, inst->n);
		return NQ_ERR;
	}
	z.model = (int)job->opt[SMT_MODEL].num;
	if (job->time_limit_s > 0) {
		double margin = job->time_limit_s * 0.02;

		z.deadline = t0 + job->time_limit_s -
			     (margin < 0.05 ? 0.05 : margin);
	}
	rc = smt_text(inst, z.model, (int)job->opt[SMT_CARD].num, &text, res);
	if (rc != NQ_OK)
		return rc;
	if (nq_z3_load(res->note, sizeof res->note) < 0) {
		free(text);
		return NQ_ERR;
	}
	smt_memory_bound();
	smt_error = Z3_OK;
	cfg = Z3_mk_config();
	Z3_set_param_value(cfg, "model", "true");
	z.ctx = Z3_mk_context(cfg);
	Z3_del_config(cfg);
	Z3_set_error_handler(z.ctx, smt_on_error);
	z.s = Z3_mk_solver(z.ctx);
	Z3_solver_inc_ref(z.ctx, z.s);
	rc = smt_load(&z, text, inst->n, res);
	free(text);
	res->build_s = nq_now() - t0;
	if (rc == NQ_OK) {
		t1 = nq_now();
		rc = smt_enumerate(&z, inst, res);
		res->solve_s = nq_now() - t1;
		smt_stats(&z, res);
	}
	Z3_solver_dec_ref(z.ctx, z.s);
	Z3_del_context(z.ctx);
	free(z.var);
	return rc;
}

static int smt_max_n(const nq_optval *opt, enum nq_mode mode)
{
	(void)mode;
	return opt[SMT_MODEL].num == NQ_SMT_BOOL ? SMT_MAX_N : 0;
}

/* `card` shapes the bool model only. */
static int smt_option_used(const nq_optval *opt, size_t index)
{
	return index != SMT_CARD || opt[SMT_MODEL].num == NQ_SMT_BOOL;
}

/* The library's own numbers, not the headers' the build saw: the .so
 * the harness runs with is what its answers came from. */
const char *nq_smt_library_version(void)
{
	static char v[64];
	unsigned major, minor, build, rev;

	if (!v[0] && nq_z3_load(NULL, 0) < 0) {
		snprintf(v, sizeof v, "not loaded");
	} else if (!v[0]) {
		Z3_get_version(&major, &minor, &build, &rev);
		snprintf(v, sizeof v, "%u.%u.%u.%u", major, minor, build, rev);
	}
	return v;
}

int nq_smt_check(const nq_optval *opt, char *msg, size_t len)
{
	(void)opt;
	return nq_z3_load(msg, len) < 0 ? -1 : 0;
}

static const nq_option smt_options[] = {
	{ "model", NQ_OPT_CHOICE, "bool", nq_smt_models, 0, 0,
	  "int: q_R the column of row R, distinct on q, q+R, q-R; bool: a "
	  "Boolean per square" },
	{ "card", NQ_OPT_CHOICE, "pb", nq_smt_cards, 0, 0,
	  "the bool model's at-most-one: pb (Z3's (_ at-most 1)) or "
	  "pairwise (a clause per pair)" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};

const nq_solver nq_solver_smt = {
	NQ_ABI_VERSION,                 /* abi_version */
	sizeof(nq_solver),              /* struct_size */
	"smt",                          /* name */
	"Z3 library on an SMT-LIB 2 model; counts by blocking models",
	smt_options,                    /* options */
	"model",                        /* label_option */
	smt_max_n,                      /* max_n */
	smt_solve,                      /* solve */
	smt_option_used,                /* option_used */
	NULL,                           /* count_units: whole counts only */
	NULL                            /* threads: one */
};

/* ---- the export format `smt2` (formats.h) -------------------------- */

/* --model bool (default) or int; --card pb (default) or pairwise, for
 * the bool model. */
static int smt_check(nq_export_req *r, char *why, size_t len)
{
	if (!r->model)
		r->model = nq_smt_models[NQ_SMT_BOOL];
	if ((r->choice = nq_export_choice(nq_smt_models, r->model)) < 0) {
		snprintf(why, len, "--format smt2: --model is int or bool, not "
			 "'%s'", r->model);
		return -1;
	}
	if (r->card && r->choice != NQ_SMT_BOOL) {
		snprintf(why, len, "--card shapes --model bool only");
		return -1;
	}
	if ((r->choice2 = nq_export_choice(nq_smt_cards, r->card ? r->card :
					   "pb")) < 0) {
		snprintf(why, len, "--card is pb or pairwise, not '%s'",
			 r->card);
		return -1;
	}
	return 0;
}

static int smt_body(FILE *f, const nq_export_req *r, void *ctx)
{
	return nq_smt_write(f, r->inst, (enum nq_smt_model)r->choice,
			    (enum nq_smt_card)r->choice2, r->comment, 1, ctx);
}

static int smt_export(const nq_export_req *r, char *said, size_t saidlen,
		      char *why, size_t len)
{
	long long asserts = 0;

	if (nq_export_stream(r, smt_body, &asserts, why, len) < 0)
		return -1;
	snprintf(said, saidlen, "SMT-LIB 2, model %s, %lld assertions",
		 r->model, asserts);
	return 0;
}

static const char *const smt_ext[] = { ".smt2", NULL };

/* the file the smt approach hands Z3, with its commands */
const nq_export_format nq_export_smt2 = {
	"smt2", smt_ext, NQ_EXPORT_HINT | NQ_EXPORT_EXCLUDE | NQ_EXPORT_MODEL |
	NQ_EXPORT_CARD, "SMT-LIB 2", NULL, 0, smt_check, smt_export
};
