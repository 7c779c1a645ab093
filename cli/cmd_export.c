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
#include "export.h"
#include "formats.h"
#include "instance.h"
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

/* The formats export writes, in the order --format lists them: each a
 * row beside its writer (formats.h: DIMACS, LP and MPS in formats/;
 * param and json in core/config/; mzn, dzn, asp and smt2 in
 * solvers/declarative/), gathered here, the one layer that sees them
 * all. A new format: its row and writer in one file, its name here. */
#define NQ_EXPORT_FORMATS(X) X(dimacs) X(lp) X(mps) X(param) X(json) \
	X(mzn) X(mzn_model) X(dzn) X(asp) X(smt2)

#define NQ_EXPORT_DECLARE(name) extern const nq_export_format nq_export_##name;
NQ_EXPORT_FORMATS(NQ_EXPORT_DECLARE)
#define NQ_EXPORT_ROW(name) &nq_export_##name,
static const nq_export_format *const export_formats[] = {
	NQ_EXPORT_FORMATS(NQ_EXPORT_ROW) NULL
};

struct export_args {
	nq_board_args b;
	const char *encoding, *model, *out, *fmt, *columns, *consistency, *card;
	const nq_export_format *row; /* the format (export_check) */
	nq_export_req req;           /* what its writer is asked */
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
		  "model with its data), .dzn (MiniZinc data) or\n"
		  ".smt2 (SMT-LIB 2)" },
	{ "format", 0, "F", NQ_FLAG_STRING, AT(fmt),
	  .help = "dimacs, lp, mps, param, json, mzn, mzn-model\n"
		  "(the model without its data, for a .dzn), dzn,\n"
		  "asp (a clingo program) or smt2, whatever FILE's\n"
		  "extension" },
	{ "card", 0, "C", NQ_FLAG_STRING, AT(card),
	  .help = "smt2, model bool: the at-most-one, pb (default,\n"
		  "Z3's (_ at-most 1)) or pairwise" },
	NQ_FLAG_END
};

/* The formats' names, "dimacs, lp, ... or smt2", into buf; into names
 * (up to max) for the did-you-mean: how many. */
static size_t format_names(char *buf, size_t len, const char **names,
			   size_t max)
{
	size_t n = 0, k, used = 0;

	while (export_formats[n])
		n++;
	buf[0] = '\0';
	for (k = 0; k < n; k++) {
		if (k < max)
			names[k] = export_formats[k]->name;
		if (used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
						 k == 0 ? "" : k + 1 == n ?
						 " or " : ", ",
						 export_formats[k]->name);
	}
	return n;
}

/* The format of -o FILE when --format is not given and no format's
 * extension ends FILE: DIMACS for an encoding, LP for a model. */
static const nq_export_format *format_by_flags(const struct export_args *a)
{
	if (a->encoding && !a->model)
		return nq_export_by_name(export_formats, "dimacs");
	if (a->model && !a->encoding)
		return nq_export_by_name(export_formats, "lp");
	return NULL;
}

/* The flags given, as formats.h's option bits. */
static unsigned flags_given(const struct export_args *a)
{
	return (a->b.nhints ? NQ_EXPORT_HINT : 0) |
	       (a->nlines[0] || a->nlines[1] ? NQ_EXPORT_EXCLUDE : 0) |
	       (a->encoding ? NQ_EXPORT_ENCODING : 0) |
	       (a->model ? NQ_EXPORT_MODEL : 0) |
	       (a->columns ? NQ_EXPORT_COLUMNS : 0) |
	       (a->consistency ? NQ_EXPORT_CONSISTENCY : 0) |
	       (a->card ? NQ_EXPORT_CARD : 0);
}

/* What export was given, checked against its format's row: 0, or the
 * usage exit. */
static int export_check(const nq_verb *v, struct export_args *a)
{
	nq_export_req *r = &a->req;
	const char *names[32];
	char list[256], why[1024];
	nq_error err;
	size_t n;
	int rc;

	if ((rc = nq_cli_board_check(v, &a->b)) != 0)
		return rc;
	if (!a->out)
		return nq_cli_fail(v, "%s", "-o FILE is required");
	n = format_names(list, sizeof list, names, 32);
	if (a->fmt && !(a->row = nq_export_by_name(export_formats, a->fmt))) {
		snprintf(why, sizeof why, "--format is %s", list);
		return nq_cli_fail_choice(v, why, a->fmt, names,
					  n < 32 ? n : 32);
	}
	if (!a->row && !(a->row = nq_export_by_path(export_formats, a->out)) &&
	    !(a->row = format_by_flags(a))) {
		snprintf(why, sizeof why, "give --format F (%s), or -o FILE "
			 "with a format's extension, or one of --encoding NAME "
			 "(DIMACS) or --model NAME (LP)", list);
		return nq_cli_fail(v, "%s", why);
	}
	if (nq_export_refuse(a->row, flags_given(a), export_formats, why,
			     sizeof why))
		return nq_cli_fail(v, "%s", why);
	if ((a->row->options & NQ_EXPORT_CNF) && !a->encoding)
		return nq_cli_fail(v, "%s needs --encoding NAME (a CNF "
				   "encoding: `harness list`)", a->row->what);
	if ((a->row->options & NQ_EXPORT_ILP) && !a->model)
		return nq_cli_fail(v, "%s needs --model NAME (an ILP model: "
				   "`harness list`)", a->row->what);
	memset(r, 0, sizeof *r);
	r->encoding = a->encoding;
	r->model = a->model;
	r->columns = a->columns;
	r->consistency = a->consistency;
	r->card = a->card;
	r->path = a->out;
	if (a->row->check && a->row->check(r, why, sizeof why) < 0)
		return nq_cli_fail(v, "%s", why);
	memset(&err, 0, sizeof err);
	return nq_output_check(a->out, &err) ? nq_cli_error(&err) : 0;
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
	const nq_export_req *r = &a->req;
	int self = a->row->self_contained;
	int cols = r->encoding && (a->row->options & NQ_EXPORT_COLUMNS);
	const char *what = a->row->kind ? a->row->kind : r->encoding ?
			   "encoding" : r->model ? "model" : "parameters";
	const char *name = r->encoding ? r->encoding : r->model ? r->model :
			   self ? NULL : "csplib";
	size_t more = nq_sqmap_describe(inst, NULL, 0);
	size_t len = EXPORT_COMMENT_MAX + more + 1;
	char *buf = malloc(len);
	int i, used;

	if (!buf)
		return NULL;
	used = snprintf(buf, len, "n-queens n=%d %s%s%s%s%s, hints (1-based "
			"row:col):", b->n, what, name ? " " : "",
			name ? name : "",
			cols ? " columns=" : "",
			cols ? nq_cnf_columns_choices[r->choice2] : "");
	for (i = 0; i < b->nhints && used < EXPORT_COMMENT_MAX - 64; i++)
		used += snprintf(buf + used, len - (size_t)used, " %d:%d",
				 b->hints[i].row + 1, b->hints[i].col + 1);
	/* (a MiniZinc file holds the blocked squares and lines itself) */
	if (self)
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

/* The instance through its format's writer: the exit status. */
static int export_write(const nq_verb *v, struct export_args *a,
			const nq_instance *inst, const char *comment)
{
	nq_export_req *r = &a->req;
	char said[256], why[1024];

	if ((a->row->options & NQ_EXPORT_CNF) &&
	    !(r->cnf = nq_registry_cnf(r->encoding)))
		return unknown_name(v, "encoding", r->encoding, NQ_OPT_CNF);
	if ((a->row->options & NQ_EXPORT_ILP) &&
	    !(r->ilp = nq_registry_ilp(r->model)))
		return unknown_name(v, "model", r->model, NQ_OPT_ILP);
	r->inst = inst;
	r->comment = comment;
	if (a->row->write(r, said, sizeof said, why, sizeof why) < 0) {
		fprintf(stderr, "harness export: %s\n", why);
		return 1;
	}
	fprintf(stderr, "harness: %s written (%s)\n", a->out, said);
	return 0;
}

static int export_instance(const nq_verb *v, struct export_args *a)
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
	rc = export_write(v, a, &s.inst, comment);
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
	"                    [--format mzn-model]\n"
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
	"it, the instance's data at its end: `minizinc FILE.mzn` solves it;\n"
	"--format mzn-model leaves the data out) or its data alone (.dzn:\n"
	"`n = 8; blocks = [| 1, 1 | ... |];`, `queens`, `excluded_diagonals`,\n"
	"`excluded_antidiagonals`), 1-based, which `file:` entries read back\n"
	"too: `minizinc MODEL.mzn FILE.dzn`; or the programs the asp and smt\n"
	"approaches solve: an answer set program for clingo (--format asp),\n"
	"SMT-LIB 2 for z3 (--format smt2, FILE.smt2).\n"
	"Built-in or plugin (--plugin FILE.so) encodings and models alike.",
	export_flags,
	"Exit status: 0 written; 2 bad input; 1 the encoder or model failed,\n"
	"or the file cannot be written (nothing is left half-written)."
};
