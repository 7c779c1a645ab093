/*
 * cmd_export.c - the export verb: one instance as a file other tools
 * read (DIMACS CNF, CPLEX LP or free MPS, for check to read back; a
 * CSPLib parameter file; a MiniZinc model or its data).
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "order.h"
#include "atomic.h"
#include "asp.h"
#include "smt.h"
#include "export.h"
#include "instance.h"
#include "instfile.h"
#include "minizinc.h"
#include "registry.h"
#include "run.h"
#include "solfile.h"
#include "validate.h"
#include "verbs.h"
#include "version.h"

/* export writes as many hints as the board holds, and check copies an
 * export's hints (the square map's) into the board: one limit */
_Static_assert(sizeof ((nq_sqmap *)0)->hints / sizeof (nq_square) ==
	       NQ_MAX_HINTS, "the square map holds NQ_MAX_HINTS hints");

struct export_args {
	nq_board_args b;
	const char *encoding, *model, *out, *fmt, *columns, *consistency, *card;
	int choice;          /* asp encoding, smt model */
	int card_k;          /* smt at-most-one */
	int col;             /* enum nq_cnf_columns */
	int mzn_model, mzn_consistency; /* minizinc.h's enums */
	/* --blocked and --exclude, 0-based, in the order given */
	nq_square *blocked;
	int nblocked;
	int *lines[2];       /* diagonals, antidiagonals */
	int nlines[2];
};

#define AT(field) offsetof(struct export_args, field)

static nq_flag_fn blocked_flag, exclude_flag;

/* The strings are checked together once all are read (export_check):
 * which go together depends on the format. */
static const nq_flag export_flags[] = {
	NQ_FLAG_BOARD_N(struct export_args, b, "board size"),
	NQ_FLAG_BOARD_HINT(struct export_args, b,
			   "a pre-placed queen (a unit clause / fixed column)"),
	{ "blocked", 0, "R:C", NQ_FLAG_FN, 0, .parse = blocked_flag,
	  .help = "a square no queen may stand on (1-based)" },
	{ "exclude", 0, "dD|aA", NQ_FLAG_FN, 0, .parse = exclude_flag,
	  .help = "a line no queen may stand on: diagonal D =\n"
		  "col - row + n, antidiagonal A = row + col - 1\n"
		  "(1..2n-1, as the experiment file's `excluded`)" },
	{ "encoding", 0, "E", NQ_FLAG_STRING, AT(encoding),
	  .help = "a CNF encoding (`harness list`); with --format\n"
		  "asp the program's encoding, count (default) or\n"
		  "choice (as the asp approach's option)" },
	{ "columns", 0, "C", NQ_FLAG_STRING, AT(columns),
	  .help = "alo (default): an at-least-one clause per column\n"
		  "as per row, the standard model; none: rows only\n"
		  "(as picosat's and dimacs' option `columns`; the\n"
		  "header comment says which)" },
	{ "model", 0, "M", NQ_FLAG_STRING, AT(model),
	  .help = "an ILP model; for a MiniZinc model (.mzn) int\n"
		  "(default) or bool, as minizinc's option `model`;\n"
		  "with --format smt2 bool (default) or int (as the\n"
		  "smt approach's option)" },
	{ "consistency", 0, "C", NQ_FLAG_STRING, AT(consistency),
	  .help = "the MiniZinc int model's all_different:\n"
		  "default, domain or bounds (minizinc's option)" },
	{ "output", 'o', "FILE", NQ_FLAG_STRING, AT(out),
	  .help = ".cnf (DIMACS), .lp (CPLEX LP), .mps (free MPS),\n"
		  ".param (CSPLib Essence' parameters), .json\n"
		  "(PyCSP3's Blocked Queens data), .mzn (MiniZinc\n"
		  "model), .dzn (MiniZinc data) or .smt2 (SMT-LIB 2)" },
	{ "format", 0, "F", NQ_FLAG_STRING, AT(fmt),
	  .help = "dimacs, lp, mps, param, json, mzn, dzn, asp (a\n"
		  "clingo program) or smt2, whatever FILE's extension" },
	{ "card", 0, "C", NQ_FLAG_STRING, AT(card),
	  .help = "smt2, model bool: the at-most-one, pb (default,\n"
		  "Z3's (_ at-most 1)) or pairwise" },
	NQ_FLAG_END
};

static int ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && !strcmp(s + ls - lx, suffix);
}

/* The index of `name` in a NULL-terminated list, or -1. */
static int choice_of(const char *const *list, const char *name)
{
	for (int i = 0; list[i]; i++)
		if (!strcmp(list[i], name))
			return i;
	return -1;
}

/* --format mzn or dzn (or FILE.mzn, FILE.dzn), checked: 0, or the
 * usage exit. */
static int export_check_mzn(const nq_verb *v, struct export_args *a)
{
	nq_error err;

	if (!strcmp(a->fmt, "dzn") && (a->encoding || a->model ||
				       a->columns || a->consistency || a->card))
		return nq_cli_fail(v, "%s", "a MiniZinc data file holds the "
				   "instance only: no --encoding, --model, "
				   "--columns or --consistency");
	if (!strcmp(a->fmt, "mzn")) {
		if (a->encoding || a->columns || a->card)
			return nq_cli_fail(v, "%s", "a MiniZinc model takes "
					   "--model int|bool and --consistency, "
					   "not --encoding or --columns");
		if (!a->model)
			a->model = nq_mzn_models[NQ_MZN_INT];
		if ((a->mzn_model = choice_of(nq_mzn_models, a->model)) < 0)
			return nq_cli_fail(v, "--model for a MiniZinc model is "
					   "int or bool, not '%s'", a->model);
		a->mzn_consistency = NQ_MZN_DEFAULT;
		if (a->consistency &&
		    (a->mzn_consistency = choice_of(nq_mzn_consistencies,
						    a->consistency)) < 0)
			return nq_cli_fail(v, "--consistency is default, domain "
					   "or bounds, not '%s'",
					   a->consistency);
		if (a->consistency && a->mzn_model != NQ_MZN_INT)
			return nq_cli_fail(v, "%s", "--consistency is the int "
					   "model's (the bool model has no "
					   "all_different)");
	}
	memset(&err, 0, sizeof err);
	return nq_output_check(a->out, &err) ? nq_cli_error(&err) : 0;
}

/* --format asp (--encoding count|choice) or smt2 (--model int|bool,
 * --card pb|pairwise): 0, or the usage exit. */
static int export_check_declarative(const nq_verb *v, struct export_args *a)
{
	nq_error err;
	int asp;

	if (!a->fmt)
		a->fmt = "smt2";
	asp = !strcmp(a->fmt, "asp");
	if (a->columns)
		return nq_cli_fail(v, "--columns is an option of CNF "
				   "encodings, not of --format %s", a->fmt);
	if (asp ? a->model || a->card : a->encoding != NULL)
		return nq_cli_fail(v, "%s", asp ? "--format asp takes "
				   "--encoding count|choice, not --model or "
				   "--card" : "--format smt2 takes --model "
				   "int|bool and --card pb|pairwise, not "
				   "--encoding");
	if (asp) {
		if (!a->encoding)
			a->encoding = nq_asp_encodings[NQ_ASP_COUNT];
		if ((a->choice = choice_of(nq_asp_encodings,
					      a->encoding)) < 0)
			return nq_cli_fail(v, "--format asp: --encoding is "
					   "count or choice, not '%s'",
					   a->encoding);
	} else {
		if (!a->model)
			a->model = nq_smt_models[NQ_SMT_BOOL];
		if ((a->choice = choice_of(nq_smt_models, a->model)) < 0)
			return nq_cli_fail(v, "--format smt2: --model is int "
					   "or bool, not '%s'", a->model);
		if (a->card && a->choice != NQ_SMT_BOOL)
			return nq_cli_fail(v, "%s", "--card shapes --model "
					   "bool only");
		if ((a->card_k = choice_of(nq_smt_cards, a->card ?
					      a->card : "pb")) < 0)
			return nq_cli_fail(v, "--card is pb or pairwise, not "
					   "'%s'", a->card);
	}
	memset(&err, 0, sizeof err);
	return nq_output_check(a->out, &err) ? nq_cli_error(&err) : 0;
}

/* What export was given, checked together: 0, or the usage exit. */
static int export_check(const nq_verb *v, struct export_args *a)
{
	nq_error err;
	int i, rc;

	if ((rc = nq_cli_board_check(v, &a->b)) != 0)
		return rc;
	if (!a->out)
		return nq_cli_fail(v, "%s", "-o FILE is required");
	if ((a->fmt && !strcmp(a->fmt, "json")) ||
	    (!a->fmt && ends_with(a->out, ".json"))) {
		a->fmt = "json";
		if (a->encoding || a->model || a->columns || a->consistency ||
		    a->card)
			return nq_cli_fail(v, "%s", "a JSON data file holds "
					   "the instance only: no --encoding, "
					   "--model, --columns or --consistency");
		if (a->b.nhints || a->nlines[0] || a->nlines[1])
			return nq_cli_fail(v, "%s", "PyCSP3's Blocked Queens "
					   "data holds n and blocks only: no "
					   "--hint or --exclude (write a "
					   "parameter file for hints, DIMACS, "
					   "LP or MPS for excluded lines)");
		memset(&err, 0, sizeof err);
		return nq_output_check(a->out, &err) ? nq_cli_error(&err) : 0;
	}
	if (!a->fmt && (ends_with(a->out, ".mzn") || ends_with(a->out, ".dzn")))
		a->fmt = ends_with(a->out, ".mzn") ? "mzn" : "dzn";
	if (a->fmt && (!strcmp(a->fmt, "mzn") || !strcmp(a->fmt, "dzn")))
		return export_check_mzn(v, a);
	if (a->consistency)
		return nq_cli_fail(v, "%s", "--consistency is an option of a "
				   "MiniZinc model (--format mzn)");
	if ((a->fmt && !strcmp(a->fmt, "param")) ||
	    (!a->fmt && ends_with(a->out, ".param"))) {
		a->fmt = "param";
		if (a->encoding || a->model || a->columns || a->card)
			return nq_cli_fail(v, "%s", "a parameter file holds "
					   "the instance only: no --encoding, "
					   "--model or --columns");
		if (a->nlines[0] || a->nlines[1])
			return nq_cli_fail(v, "%s", "a CSPLib parameter file "
					   "cannot hold excluded lines (write "
					   "DIMACS, LP or MPS)");
		memset(&err, 0, sizeof err);
		return nq_output_check(a->out, &err) ? nq_cli_error(&err) : 0;
	}
	if ((a->fmt && (!strcmp(a->fmt, "asp") || !strcmp(a->fmt, "smt2"))) ||
	    (!a->fmt && ends_with(a->out, ".smt2")))
		return export_check_declarative(v, a);
	if (a->card)
		return nq_cli_fail(v, "%s", "--card is an option of --format "
				   "smt2");
	if (!a->encoding == !a->model)
		return nq_cli_fail(v, "%s", "give one of --encoding NAME "
				   "(DIMACS) or --model NAME (LP, MPS), or "
				   "--format param, json, mzn or dzn");
	if (!a->fmt)
		a->fmt = ends_with(a->out, ".lp") ? "lp" :
			 ends_with(a->out, ".mps") ? "mps" :
			 ends_with(a->out, ".cnf") ||
			 ends_with(a->out, ".dimacs") ? "dimacs" :
			 a->encoding ? "dimacs" : "lp";
	if (strcmp(a->fmt, "dimacs") && strcmp(a->fmt, "lp") &&
	    strcmp(a->fmt, "mps")) {
		static const char *const names[] = {
			"dimacs", "lp", "mps", "param", "json", "mzn", "dzn",
			"asp", "smt2"
		};

		return nq_cli_fail_choice(v, "--format is dimacs, lp, mps, "
					  "param, json, mzn, dzn, asp or smt2",
					  a->fmt, names, 9);
	}
	if (a->encoding && strcmp(a->fmt, "dimacs"))
		return nq_cli_fail(v, "an encoding is written as DIMACS "
				   "(-o FILE.cnf), not '%s'", a->fmt);
	if (a->model && !strcmp(a->fmt, "dimacs"))
		return nq_cli_fail(v, "%s", "a model is written as LP or MPS "
				   "(-o FILE.lp or FILE.mps)");
	memset(&err, 0, sizeof err);
	if (nq_output_check(a->out, &err))
		return nq_cli_error(&err);
	if (a->columns && a->model)
		return nq_cli_fail(v, "%s", "--columns is an option of "
				   "--encoding (CNF), not of --model");
	a->col = -1;
	for (i = 0; a->columns && nq_cnf_columns_choices[i]; i++)
		if (!strcmp(a->columns, nq_cnf_columns_choices[i]))
			a->col = i;
	if (a->columns && a->col < 0)
		return nq_cli_fail_choice(v, "--columns is alo or none",
					  a->columns, nq_cnf_columns_choices,
					  (size_t)i);
	if (a->col < 0)
		a->col = NQ_CNF_COLUMNS_ALO;
	return 0;
}

/* --blocked R:C: 0, or the usage exit. */
static int blocked_flag(const nq_cli *c, void *field)
{
	const nq_verb *v = c->verb;
	const char *val = c->val;
	struct export_args *a = field;
	const char *colon = strchr(val, ':');
	char part[2][32];
	long long rc[2];
	nq_square *grown;
	int k;

	if (!colon || (size_t)(colon - val) >= sizeof part[0] ||
	    strlen(colon + 1) >= sizeof part[1])
		return nq_cli_fail(v, "--blocked takes ROW:COL (1-based), not "
				   "'%s'", val);
	snprintf(part[0], sizeof part[0], "%.*s", (int)(colon - val), val);
	snprintf(part[1], sizeof part[1], "%s", colon + 1);
	for (k = 0; k < 2; k++)
		if (nq_parse_int(part[k], 1, NQ_MAX_N, &rc[k]))
			return nq_cli_fail(v, "--blocked takes ROW:COL "
					   "(1-based integers), not '%s'", val);
	if (!(grown = realloc(a->blocked, ((size_t)a->nblocked + 1) *
			      sizeof *grown)))
		return nq_cli_fail(v, "%s", "out of memory");
	a->blocked = grown;
	a->blocked[a->nblocked].row = (int)rc[0] - 1;
	a->blocked[a->nblocked++].col = (int)rc[1] - 1;
	return 0;
}

/* --exclude dD or aA: 0, or the usage exit. */
static int exclude_flag(const nq_cli *c, void *field)
{
	const nq_verb *v = c->verb;
	const char *val = c->val;
	struct export_args *a = field;
	int anti = val[0] == 'a', *grown;
	long long d;

	if ((val[0] != 'd' && val[0] != 'a') ||
	    nq_parse_int(val + 1, 1, 2LL * NQ_MAX_N - 1, &d))
		return nq_cli_fail(v, "--exclude takes dD (diagonal D) or aA "
				   "(antidiagonal A), 1-based, not '%s'", val);
	if (!(grown = realloc(a->lines[anti], ((size_t)a->nlines[anti] + 1) *
			      sizeof *grown)))
		return nq_cli_fail(v, "%s", "out of memory");
	a->lines[anti] = grown;
	a->lines[anti][a->nlines[anti]++] = (int)d - 1;
	return 0;
}

/* Parse export's command line: 0, or an exit status (-1 after --help). */
static int export_args(const nq_verb *v, int argc, char **argv,
		       struct export_args *a)
{
	int rc = nq_cli_parse(v, argc, argv, a, NULL);

	return rc ? rc : export_check(v, a);
}

/* The header comment without the blocked and excluded lines: its first
 * line with every hint (up to 20 characters each, " 100000000:100000000"),
 * then who wrote it. */
#define EXPORT_COMMENT_MAX (NQ_MAX_HINTS * 20 + 512)

/* The header comment of an exported file (malloc'd, NULL on no memory):
 * the instance, who wrote it, and one line per blocked square and
 * excluded line (nq_sqmap_describe). check --from reads the hints back
 * from its first line and the rest from their lines: all of them, or it
 * would check another instance. */
static char *export_comment(const struct export_args *a,
			    const nq_instance *inst)
{
	const nq_board_args *b = &a->b;
	int mzn = !strcmp(a->fmt, "mzn") || !strcmp(a->fmt, "dzn");
	const char *what = !strcmp(a->fmt, "dzn") ? "minizinc data" :
			   mzn ? "minizinc model" : a->encoding ? "encoding" :
			   a->model ? "model" : "parameters";
	const char *name = a->encoding ? a->encoding : a->model ? a->model :
			   mzn ? NULL : "csplib";
	size_t more = nq_sqmap_describe(inst, NULL, 0);
	size_t len = EXPORT_COMMENT_MAX + more + 1;
	char *buf = malloc(len);
	int i, used;

	if (!buf)
		return NULL;
	used = snprintf(buf, len, "n-queens n=%d %s%s%s%s%s, hints (1-based "
			"row:col):", b->n, what, name ? " " : "",
			name ? name : "",
			a->encoding && !strcmp(a->fmt, "dimacs") ? " columns=" : "",
			a->encoding && !strcmp(a->fmt, "dimacs") ?
			nq_cnf_columns_choices[a->col] : "");
	for (i = 0; i < b->nhints && used < EXPORT_COMMENT_MAX - 64; i++)
		used += snprintf(buf + used, len - (size_t)used, " %d:%d",
				 b->hints[i].row + 1, b->hints[i].col + 1);
	/* (a MiniZinc file holds the blocked squares and lines itself) */
	if (mzn)
		more = 0;
	used += snprintf(buf + used, len - (size_t)used, "%s\nwritten by "
			 "harness %s export%s", b->nhints ? "" : " none",
			 NQ_VERSION, more ? "\n" : "");
	if (more)
		nq_sqmap_describe(inst, buf + used, len - (size_t)used);
	/* the lines end in '\n': the last would make an empty comment */
	if (more && buf[used + more - 1] == '\n')
		buf[used + more - 1] = '\0';
	return buf;
}

static int unknown_name(const nq_verb *v, const char *what, const char *name,
			enum nq_opt_type kind)
{
	nq_option o = { what, kind, NULL, NULL, 0, 0, NULL };
	const char *names[NQ_REGISTRY_MAX_NAMES];
	char known[512];
	size_t n = nq_registry_option_names(&o, names, NQ_REGISTRY_MAX_NAMES);

	nq_registry_option_choices(&o, known, sizeof known);
	if (nq_suggest(name, names, n)) {
		char why[300];

		nq_choice(name, names, n, why, sizeof why);
		fprintf(stderr, "harness %s: unknown %s '%s' (%s)\nusage: "
			"harness %s\n", v->name, what, name, why, v->usage);
		return NQ_EXIT_USAGE;
	}
	fprintf(stderr, "harness %s: unknown %s '%s'\nusage: harness %s\n",
		v->name, what, name, v->usage);
	fprintf(stderr, "known %ss: %s\n", what, known);
	return NQ_EXIT_USAGE;
}

static int export_cnf(const nq_verb *v, const struct export_args *a,
		      const nq_instance *inst, const char *comment)
{
	const nq_cnf_encoder *e = nq_registry_cnf(a->encoding);
	nq_cnf_mem m = { 0 };
	char why[300];
	int rc;

	if (!e)
		return unknown_name(v, "encoding", a->encoding, NQ_OPT_CNF);
	rc = nq_cnf_mem_build(&m, inst, e, (enum nq_cnf_columns)a->col, why,
			      sizeof why);
	if (rc == NQ_OK)
		rc = nq_cnf_mem_write_file(&m, a->out, comment, why,
					   sizeof why);
	if (rc == NQ_OK)
		fprintf(stderr, "harness: %s written (%d variables, %lld "
			"clauses, %lld literals)\n", a->out, m.nvars,
			(long long)m.nclauses, (long long)m.nlits);
	else
		fprintf(stderr, "harness export: %s\n", why);
	nq_cnf_mem_free(&m);
	return rc == NQ_OK ? 0 : 1;
}

static int export_ilp(const nq_verb *v, const struct export_args *a,
		      const nq_instance *inst, const char *comment)
{
	const nq_ilp_model *md = nq_registry_ilp(a->model);
	nq_ilp_mem *m = NULL;
	int64_t cols, rows, nz;
	char why[300];
	int rc;

	if (!md)
		return unknown_name(v, "model", a->model, NQ_OPT_ILP);
	rc = nq_ilp_mem_build(&m, inst, md, 0, why, sizeof why);
	if (rc == NQ_OK)
		rc = nq_ilp_mem_write(m, a->out, strcmp(a->fmt, "mps") ?
				      NQ_ILP_LP : NQ_ILP_MPS, comment, why,
				      sizeof why);
	if (rc == NQ_OK) {
		nq_ilp_mem_sizes(m, &cols, &rows, &nz);
		fprintf(stderr, "harness: %s written (%lld columns, %lld "
			"rows, %lld nonzeros)\n", a->out, (long long)cols,
			(long long)rows, (long long)nz);
	} else {
		fprintf(stderr, "harness export: %s\n", why);
	}
	nq_ilp_mem_free(m);
	return rc == NQ_OK ? 0 : 1;
}

/* An ASP program or an SMT-LIB 2 file (solvers/program/declarative/), written
 * whole or not at all. */
static int export_declarative(const struct export_args *a,
			      const nq_instance *inst, const char *comment)
{
	int asp = !strcmp(a->fmt, "asp"), bad;
	long long asserts = 0;
	nq_atomic at;
	nq_error err;
	char msg[900];

	memset(&err, 0, sizeof err);
	if (nq_atomic_open(&at, a->out, &err) == 0) {
		bad = asp ? nq_asp_write(at.f, inst, (enum nq_asp_encoding)
					 a->choice, comment)
			  : nq_smt_write(at.f, inst, (enum nq_smt_model)
					 a->choice, (enum nq_smt_card)
					 a->card_k, comment, 1, &asserts);
		if (bad) {
			nq_atomic_abort(&at);
			fprintf(stderr, "harness export: cannot write %s\n",
				a->out);
			return 1;
		}
		if (nq_atomic_commit(&at, &err) == 0) {
			if (asp)
				fprintf(stderr, "harness: %s written (ASP, "
					"encoding %s)\n", a->out, a->encoding);
			else
				fprintf(stderr, "harness: %s written (SMT-LIB "
					"2, model %s, %lld assertions)\n",
					a->out, a->model, asserts);
			return 0;
		}
	}
	nq_error_format(&err, msg, sizeof msg);
	fprintf(stderr, "harness export: %s\n", msg);
	return 1;
}

/* A parameter file, PyCSP3's JSON (instfile.h), or a MiniZinc model or
 * data file (minizinc.h), written whole or not at all. */
static int export_param(const struct export_args *a,
			const nq_instance *inst, const char *comment)
{
	nq_atomic at;
	nq_error err;
	char msg[900];

	memset(&err, 0, sizeof err);
	if (nq_atomic_open(&at, a->out, &err) == 0) {
		if (!strcmp(a->fmt, "json"))
			nq_json_write(at.f, inst);
		else if (!strcmp(a->fmt, "mzn"))
			nq_mzn_write_model(at.f, inst, (enum nq_mzn_model)
					   a->mzn_model, (enum
					   nq_mzn_consistency)
					   a->mzn_consistency, comment);
		else if (!strcmp(a->fmt, "dzn"))
			nq_mzn_write_data(at.f, inst, comment);
		else
			nq_param_write(at.f, inst, comment);
		if (nq_atomic_commit(&at, &err) == 0) {
			fprintf(stderr, "harness: %s written (n = %d, %d "
				"blocked squares, %d queens, %d excluded "
				"lines)\n", a->out, inst->n, inst->nblocked,
				inst->nhints, inst->nexcl_diag +
				inst->nexcl_anti);
			return 0;
		}
	}
	nq_error_format(&err, msg, sizeof msg);
	fprintf(stderr, "harness export: %s\n", msg);
	return 1;
}

static int export_instance(const nq_verb *v, const struct export_args *a)
{
	nq_instance_spec s;
	char why[300], *comment;
	int rc, own;

	rc = nq_spec_fill(&s, a->b.n, NQ_MODE_FIRST, a->b.hints, a->b.nhints,
			  a->blocked, a->nblocked, a->lines[0], a->nlines[0],
			  a->lines[1], a->nlines[1]);
	if (rc == -1) {
		fprintf(stderr, "harness export: out of memory\n");
		return 1;
	}
	own = rc == 0;
	if (rc == -2) {
		/* more hints than the CSV's hints column holds: an export
		 * writes no CSV, so the instance is made here as given (up to
		 * NQ_MAX_HINTS hints, every one in the file's header) */
		memset(&s, 0, sizeof s);
		s.inst.n = a->b.n;
		s.inst.mode = NQ_MODE_FIRST;
		s.inst.nhints = a->b.nhints;
		s.inst.hints = a->b.hints;
		s.inst.nblocked = a->nblocked;
		s.inst.blocked = a->blocked;
		if (a->nlines[0]) /* (qsort takes no NULL, even for none) */
			qsort(a->lines[0], (size_t)a->nlines[0], sizeof(int),
			      nq_cmp_int);
		if (a->nlines[1])
			qsort(a->lines[1], (size_t)a->nlines[1], sizeof(int),
			      nq_cmp_int);
		s.inst.nexcl_diag = a->nlines[0];
		s.inst.excl_diag = a->nlines[0] ? a->lines[0] : NULL;
		s.inst.nexcl_anti = a->nlines[1];
		s.inst.excl_anti = a->nlines[1] ? a->lines[1] : NULL;
	}
	if (nq_check_instance(&s.inst, why, sizeof why)) {
		if (own)
			nq_spec_free(&s);
		return nq_cli_fail(v, "%s", why);
	}
	if (!(comment = export_comment(a, &s.inst))) {
		if (own)
			nq_spec_free(&s);
		fprintf(stderr, "harness export: out of memory\n");
		return 1;
	}
	if (!strcmp(a->fmt, "param") || !strcmp(a->fmt, "json") ||
	    !strcmp(a->fmt, "mzn") || !strcmp(a->fmt, "dzn"))
		rc = export_param(a, &s.inst, comment);
	else if (!strcmp(a->fmt, "asp") || !strcmp(a->fmt, "smt2"))
		rc = export_declarative(a, &s.inst, comment);
	else if (a->encoding)
		rc = export_cnf(v, a, &s.inst, comment);
	else
		rc = export_ilp(v, a, &s.inst, comment);
	free(comment);
	if (own)
		nq_spec_free(&s);
	return rc;
}

static int cmd_export(const nq_verb *v, int argc, char **argv)
{
	struct export_args a;
	int rc;

	memset(&a, 0, sizeof a);
	if ((rc = export_args(v, argc, argv, &a)) == 0)
		rc = export_instance(v, &a);
	else if (rc < 0)
		rc = 0;
	free(a.blocked);
	free(a.lines[0]);
	free(a.lines[1]);
	return rc;
}

const nq_verb nq_verb_export = {
	"export", cmd_export,
	"export -n N [--hint R:C]... [--blocked R:C]... [--exclude dD|aA]...\n"
	"                    --encoding NAME [--columns alo|none] -o FILE.cnf\n"
	"             export ... --model NAME -o FILE.lp|FILE.mps\n"
	"             export ... -o FILE.param (--format param)\n"
	"             export ... -o FILE.json (--format json)\n"
	"             export ... [--model int|bool] [--consistency C] -o FILE.mzn\n"
	"             export ... -o FILE.dzn (--format dzn)\n"
	"             export ... --format asp [--encoding count|choice] -o FILE\n"
	"             export ... [--model bool|int] [--card pb|pairwise] -o FILE.smt2",
	"Write one instance as a file other tools read: DIMACS CNF through\n"
	"any CNF encoding (comment lines \"c square R C VAR\" map each square,\n"
	"1-based, to its variable), or CPLEX LP / free MPS through any ILP\n"
	"model (written by GLPK; comment lines \"square R C COLUMN\"), each\n"
	"with comment lines \"blocked R C\", \"excluded diagonal D\" and\n"
	"\"excluded antidiagonal A\" for check --from; or a CSPLib Essence'\n"
	"parameter file (`letting n`, prob080's `letting blocks`, prob079-style\n"
	"`letting queens` for hints) or PyCSP3's JSON data of Blocked Queens\n"
	"({\"n\": N, \"blocks\": [[r, c], ...]}, 0-based), which `file:` entries\n"
	"read back; or a MiniZinc model (.mzn, as the minizinc approach writes\n"
	"it) or its data (.dzn: `n = 8; blocks = [| 1, 1 | ... |];`, `queens`,\n"
	"`excluded_diagonals`, `excluded_antidiagonals`), 1-based, which\n"
	"`file:` entries read back too; or the programs the asp and smt\n"
	"approaches solve: an answer set program for clingo (--format asp),\n"
	"SMT-LIB 2 for z3 (--format smt2, FILE.smt2).\n"
	"Built-in or plugin (--plugin FILE.so) encodings and models alike.",
	export_flags,
	"Exit status: 0 written; 2 bad input; 1 the encoder or model failed,\n"
	"or the file cannot be written (nothing is left half-written)."
};
