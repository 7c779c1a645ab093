/*
 * asp.c - the `asp` approach: the instance as an answer set program,
 * solved by the clingo program (Potassco; Debian `gringo`).
 *
 * The program (nq_asp_write, also `harness export --format asp`): the
 * instance as facts, 1-based as in the experiment file,
 *
 *   #const n = 8.
 *   hint(R,C).  blocked(R,C).  excluded_diag(D).  excluded_anti(A).
 *   square(R,C) :- row(R), col(C), not blocked(R,C),
 *                  not excluded_diag(C-R+n), not excluded_anti(R+C-1).
 *   :- hint(R,C), not q(R,C).
 *
 * (diagonal D = col - row + n, antidiagonal A = row + col - 1, as the
 * experiment file's `excluded`), then one of two encodings of q(R,C), a
 * queen on row R, column C:
 *
 *   count   (default) one queen per row and per column, at most one per
 *           diagonal, each line a cardinality aggregate (the Potassco
 *           guide's encoding): grounds to O(n^2) rules.
 *             { q(R,C) : square(R,C) } = 1 :- row(R).
 *             { q(R,C) : square(R,C) } = 1 :- col(C).
 *             :- D = 1..2*n-1, #count { R : q(R,R+D-n) } >= 2.
 *             :- A = 1..2*n-1, #count { R : q(R,A+1-R) } >= 2.
 *   choice  the textbook one: a choice rule per row, and an integrity
 *           constraint for each pair of queens on a column or a
 *           diagonal: grounds to O(n^3) rules (n = 100 takes clingo tens
 *           of seconds to ground; count takes a second).
 *             1 { q(R,C) : square(R,C) } 1 :- row(R).
 *             :- q(R1,C), q(R2,C), R1 < R2.
 *             :- q(R1,C1), q(R2,C2), R1 < R2, C1-R1 == C2-R2.
 *             :- q(R1,C1), q(R2,C2), R1 < R2, C1+R1 == C2+R2.
 *
 * The run: `clingo PROGRAM -n 1 --stats` (first: the model's q/2 atoms
 * after "Answer: 1" are the placement) or `clingo PROGRAM -n 0 -q
 * --stats` (count: clingo enumerates every answer set and prints none;
 * its "Models : K" line is the count), with `--time-limit=S`, S the
 * whole seconds left before the run's deadline (clingo takes whole
 * seconds; below one second none is passed) and external.c's kill at the
 * deadline as the backstop. clingo's exit status is a bit set (clasp's
 * codes): 1 interrupted, 10 a model found, 20 the search space
 * exhausted, 33 out of memory, 65 an error, 128 no run (a bad program or
 * option). So 30 is a complete count (or a first answer with nothing
 * left), 20 no answer set at all, 10 a first answer, 11 and 1 the time
 * limit (then "Models : K+" says K were found before it: the count's
 * note); 33 is `memout`, anything else an `error` with clingo's last
 * line of stderr. A count is taken only from a run whose status says the
 * search was exhausted and whose Models line has no '+'.
 *
 * Sizes: clasp's Variables and Constraints after preprocessing (vars,
 * constraints); nonzeros NA. Effort: Choices (decisions) and Conflicts
 * (conflicts), from --stats. solve_s is clingo's whole run, grounding
 * included; build_s writing the program.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "asp.h"
#include "export.h"
#include "formats.h"
#include "external_int.h"
#include "solvers.h"

const char *const nq_asp_encodings[] = { "count", "choice", NULL };

enum { ASP_ENCODING, ASP_COMMAND };

int nq_asp_write(FILE *f, const nq_instance *inst, enum nq_asp_encoding enc,
		 const char *comment)
{
	const int n = inst->n;
	int i;

	nq_export_comment(f, "%", comment);
	fprintf(f, "%% n-queens as an answer set program (encoding %s): "
		"q(R,C) is a queen on row R,\n%% column C, 1-based; "
		"diagonal D = C - R + n, antidiagonal A = R + C - 1.\n"
		"#const n = %d.\n", nq_asp_encodings[enc], n);
	for (i = 0; i < inst->nhints; i++)
		fprintf(f, "hint(%d,%d).\n", inst->hints[i].row + 1,
			inst->hints[i].col + 1);
	for (i = 0; i < inst->nblocked; i++)
		fprintf(f, "blocked(%d,%d).\n", inst->blocked[i].row + 1,
			inst->blocked[i].col + 1);
	for (i = 0; i < inst->nexcl_diag; i++)
		fprintf(f, "excluded_diag(%d).\n", inst->excl_diag[i] + 1);
	for (i = 0; i < inst->nexcl_anti; i++)
		fprintf(f, "excluded_anti(%d).\n", inst->excl_anti[i] + 1);
	fputs("#defined hint/2. #defined blocked/2.\n"
	      "#defined excluded_diag/1. #defined excluded_anti/1.\n"
	      "row(1..n). col(1..n).\n"
	      "square(R,C) :- row(R), col(C), not blocked(R,C),\n"
	      "               not excluded_diag(C-R+n), "
	      "not excluded_anti(R+C-1).\n", f);
	if (enc == NQ_ASP_CHOICE)
		fputs("1 { q(R,C) : square(R,C) } 1 :- row(R).\n"
		      ":- q(R1,C), q(R2,C), R1 < R2.\n"
		      ":- q(R1,C1), q(R2,C2), R1 < R2, C1-R1 == C2-R2.\n"
		      ":- q(R1,C1), q(R2,C2), R1 < R2, C1+R1 == C2+R2.\n", f);
	else
		fputs("{ q(R,C) : square(R,C) } = 1 :- row(R).\n"
		      "{ q(R,C) : square(R,C) } = 1 :- col(C).\n"
		      ":- D = 1..2*n-1, #count { R : q(R,R+D-n) } >= 2.\n"
		      ":- A = 1..2*n-1, #count { R : q(R,A+1-R) } >= 2.\n", f);
	fputs(":- hint(R,C), not q(R,C).\n#show q/2.\n", f);
	return ferror(f) ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* clingo's output. */

/* What clingo's stdout said. */
struct asp_out {
	int answers;            /* "Answer: K" lines seen */
	int placed;             /* q/2 atoms read into the placement */
	int bad_atom;           /* an atom off the board, or a row twice */
	char bad_text[48];      /* the first such atom, as read */
	char bad_stat[80];      /* a statistics line out of range, as read */
	int have_models;        /* a "Models" line was read */
	unsigned long long models;
	int models_more;        /* "Models : K+" */
	long long choices, conflicts, variables, constraints; /* -1: none */
};

/* The number after "KEY :" at the start of line (spaces around the
 * colon), or -1 when the line is not KEY's. `plus` (may be NULL) is set
 * when the number is followed by '+'. The number is read bounded: one
 * past INT64_MAX, or text glued to it, is -2 with the line kept in
 * o->bad_stat (a count that wrapped or was cut would pass as another). */
static long long stat_value(const char *line, const char *key, int *plus,
			    struct asp_out *o)
{
	size_t k = strlen(key);
	const char *p = line + k;
	char *end;
	unsigned long long v;

	if (strncmp(line, key, k) || (*p != ' ' && *p != ':'))
		return -1;
	while (*p == ' ')
		p++;
	if (*p++ != ':')
		return -1;
	while (*p == ' ')
		p++;
	if (*p < '0' || *p > '9')
		return -1;
	errno = 0;
	v = strtoull(p, &end, 10);
	if (plus && (*plus = *end == '+'))
		end++;
	if (errno == ERANGE || v > (unsigned long long)INT64_MAX ||
	    (*end && *end != ' ' && *end != '\t')) {
		if (!o->bad_stat[0])
			nq_ext_copy_cut(o->bad_stat, sizeof o->bad_stat,
					line);
		return -2;
	}
	return (long long)v;
}

/* One atom of an answer line, "q(R,C)" whole, R and C bounded integers
 * on the board: 0 with *r, *c set (1-based), or -1. */
static int read_atom(const char *tok, int n, int *r, int *c)
{
	long long v[2];
	const char *p = tok + 2;
	char *end;

	if (strncmp(tok, "q(", 2))
		return -1;
	for (int i = 0; i < 2; i++) {
		if ((*p < '0' || *p > '9') && *p != '-' && *p != '+')
			return -1;
		errno = 0;
		v[i] = strtoll(p, &end, 10);
		if (end == p || errno == ERANGE || v[i] < 1 || v[i] > n ||
		    *end != (i ? ')' : ','))
			return -1;
		p = end + 1;
	}
	if (*p)
		return -1;
	*r = (int)v[0];
	*c = (int)v[1];
	return 0;
}

/* The atoms of an answer line (#show q/2: every one q(R,C)) into the
 * placement; an atom that is no square of the board (out of range,
 * overflowed, not q/2) or a row twice is kept in o->bad_text. */
static void read_atoms(char *line, int n, struct asp_out *o,
		       int32_t *placement)
{
	char *tok, *save;

	for (int r = 0; r < n; r++)
		placement[r] = -1;
	o->placed = 0;
	for (tok = strtok_r(line, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save)) {
		int r, c;

		if (read_atom(tok, n, &r, &c) == 0 && placement[r - 1] < 0) {
			placement[r - 1] = c - 1;
			o->placed++;
			continue;
		}
		if (!o->bad_atom++)
			nq_ext_copy_cut(o->bad_text, sizeof o->bad_text, tok);
	}
}

/* Read clingo's stdout: 0, or -1 when it cannot be read. */
static int read_output(const char *path, int n, struct asp_out *o,
		       int32_t *placement)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	int next_is_answer = 0;
	long long v;

	memset(o, 0, sizeof *o);
	o->choices = o->conflicts = o->variables = o->constraints = -1;
	if (!f)
		return -1;
	while (getline(&line, &cap, f) > 0) {
		line[strcspn(line, "\r\n")] = '\0';
		if (next_is_answer) {
			next_is_answer = 0;
			if (placement)
				read_atoms(line, n, o, placement);
			continue;
		}
		if (!strncmp(line, "Answer:", 7)) {
			o->answers++;
			next_is_answer = 1;
		} else if ((v = stat_value(line, "Models", &o->models_more,
					   o)) != -1) {
			o->have_models = v >= 0;
			o->models = v >= 0 ? (unsigned long long)v : 0;
		} else if ((v = stat_value(line, "Choices", NULL, o)) != -1) {
			o->choices = v;
		} else if ((v = stat_value(line, "Conflicts", NULL, o)) != -1) {
			o->conflicts = v;
		} else if ((v = stat_value(line, "Variables", NULL, o)) != -1) {
			o->variables = v;
		} else if ((v = stat_value(line, "Constraints", NULL, o))
			   != -1) {
			o->constraints = v;
		}
	}
	free(line);
	fclose(f);
	return 0;
}

/* clasp's exit codes, a bit set. */
#define CLINGO_INTERRUPT 1
#define CLINGO_SAT 10
#define CLINGO_EXHAUST 20
#define CLINGO_MEMORY 32
#define CLINGO_ERROR 64
#define CLINGO_NO_RUN 128

/* The answer from clingo's exit status and output: NQ_OK with the
 * result, or an error with the note. */
static int asp_answer(const struct ext_dir *d, const char *prog, int status,
		      const struct asp_out *o, const nq_instance *inst,
		      nq_result *res)
{
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	int count = inst->mode == NQ_MODE_COUNT;

	res->decisions = o->choices >= 0 ? o->choices : NQ_NA;
	res->conflicts = o->conflicts >= 0 ? o->conflicts : NQ_NA;
	res->vars = o->variables >= 0 ? o->variables : NQ_NA;
	res->constraints = o->constraints >= 0 ? o->constraints : NQ_NA;
	if (code < 0 || code >= CLINGO_NO_RUN || (code & CLINGO_ERROR)) {
		nq_ext_no_answer(d, prog, status, "no answer", res);
		return NQ_ERR;
	}
	if (o->bad_stat[0]) {
		snprintf(res->note, sizeof res->note, "clingo's output: a "
			 "number out of range (0 .. 2^63 - 1) or with text "
			 "glued to it: \"%s\"", o->bad_stat);
		return NQ_ERR;
	}
	if (code & CLINGO_MEMORY) {
		nq_ext_no_answer(d, prog, status, "out of memory", res);
		return NQ_ENOMEM;
	}
	if (code & CLINGO_INTERRUPT) {
		if (count && o->have_models)
			snprintf(res->note, sizeof res->note, "time limit "
				 "reached (clingo: %llu%s models found)",
				 o->models, o->models_more ? "+" : "");
		else
			snprintf(res->note, sizeof res->note, "time limit "
				 "reached (clingo interrupted)");
		return NQ_ETIMEOUT;
	}
	if (code != CLINGO_SAT && code != CLINGO_EXHAUST &&
	    code != (CLINGO_SAT | CLINGO_EXHAUST)) {
		nq_ext_no_answer(d, prog, status, "an exit status that is no "
				 "answer", res);
		return NQ_ERR;
	}
	if (count) {
		if (!(code & CLINGO_EXHAUST) || !o->have_models ||
		    o->models_more) {
			snprintf(res->note, sizeof res->note, "clingo exited "
				 "%d without a complete count (Models %s%llu%s)",
				 code, o->have_models ? "" : "line missing, ",
				 o->models, o->models_more ? "+" : "");
			return NQ_ERR;
		}
		res->solutions = o->models;
		return NQ_OK;
	}
	if (!(code & CLINGO_SAT)) {
		res->solutions = 0;
		return NQ_OK;
	}
	if (o->answers > 1) {
		snprintf(res->note, sizeof res->note, "clingo printed %d "
			 "answers to --models=1", o->answers);
		return NQ_ERR;
	}
	if (o->answers < 1 || o->bad_atom || o->placed != inst->n) {
		snprintf(res->note, sizeof res->note, "clingo found a model "
			 "but its answer line holds %d queens of %d%s%s%s",
			 o->placed, inst->n, o->bad_atom ? " (an atom off the "
			 "board or a row twice: " : "", o->bad_text,
			 o->bad_atom ? ")" : "");
		return NQ_ERR;
	}
	res->solutions = 1;
	return NQ_OK;
}

/* clingo's arguments after the command: the program, the mode, the
 * statistics and the time limit (secs holds its text). Returns argc. */
static int asp_args(char **argv, int argc, char *program, int count,
		    double deadline, char *secs, size_t len)
{
	argv[argc++] = program;
	argv[argc++] = (char *)(count ? "--models=0" : "--models=1");
	if (count)
		argv[argc++] = (char *)"--quiet=2"; /* no models printed */
	argv[argc++] = (char *)"--stats";
	if (deadline > 0) {
		double left = deadline - nq_now();

		/* whole seconds only; below one, the kill decides */
		if (left >= 1) {
			snprintf(secs, len, "--time-limit=%lld",
				 (long long)left);
			argv[argc++] = secs;
		}
	}
	argv[argc] = NULL;
	return argc;
}

/* Write the program into a new temporary directory: NQ_OK or NQ_ERR
 * with the note set. */
static int asp_write_file(const nq_instance *inst, enum nq_asp_encoding enc,
			  struct ext_dir *d, char *program, nq_result *res)
{
	FILE *f;
	int bad;

	if (nq_ext_dir_make(d, res))
		return NQ_ERR;
	nq_ext_dir_file(d, "program.lp", program, EXT_PATH_MAX);
	if (!(f = fopen(program, "w"))) {
		snprintf(res->note, sizeof res->note, "cannot write %.150s",
			 program);
		return NQ_ERR;
	}
	bad = nq_asp_write(f, inst, enc, NULL);
	if (fclose(f) || bad) {
		snprintf(res->note, sizeof res->note, "cannot write %.150s",
			 program);
		return NQ_ERR;
	}
	return NQ_OK;
}

static int asp_solve(const nq_job *job, nq_result *res)
{
	const nq_instance *inst = job->inst;
	const int count = inst->mode == NQ_MODE_COUNT;
	char cmdbuf[512], program[EXT_PATH_MAX], out[EXT_PATH_MAX], secs[40];
	char *argv[EXT_MAX_ARGS + 8];
	double t0 = nq_now(), deadline = nq_ext_deadline(job, t0);
	struct ext_dir d = { "" };
	struct asp_out o;
	int rc, argc, status = 0;

	argc = nq_ext_argv(job->opt[ASP_COMMAND].str, cmdbuf, sizeof cmdbuf,
			   argv, res);
	if (argc == 0)
		return NQ_ERR;
	rc = asp_write_file(inst, (enum nq_asp_encoding)
			    job->opt[ASP_ENCODING].num, &d, program, res);
	if (rc != NQ_OK)
		goto out;
	res->build_s = nq_now() - t0;
	argc = asp_args(argv, argc, program, count, deadline, secs,
			sizeof secs);
	rc = nq_ext_solve(&d, argv, deadline, &status, res);
	if (rc != NQ_OK)
		goto out;
	nq_ext_dir_file(&d, "stdout", out, sizeof out);
	if (read_output(out, inst->n, &o, count ? NULL : res->placement)) {
		nq_ext_no_answer(&d, argv[0], status, "no output", res);
		rc = NQ_ERR;
		goto out;
	}
	rc = asp_answer(&d, argv[0], status, &o, inst, res);
out:
	nq_ext_dir_remove(&d);
	return rc;
}

static const nq_option asp_options[] = {
	{ "encoding", NQ_OPT_CHOICE, "count", nq_asp_encodings, 0, 0,
	  "count: a cardinality aggregate per line, O(n^2) ground rules; "
	  "choice: a choice rule per row and a constraint per attacking "
	  "pair, O(n^3)" },
	{ "command", NQ_OPT_COMMAND, "clingo", NULL, 0, 0,
	  "the clingo program and options before the file (Debian: gringo)" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};

const nq_solver nq_solver_asp = {
	NQ_ABI_VERSION,                 /* abi_version */
	sizeof(nq_solver),              /* struct_size */
	"asp",                          /* name */
	"clingo on an answer set program; counts by its enumeration",
	asp_options,                    /* options */
	"encoding",                     /* label_option */
	NULL,                           /* max_n: none */
	asp_solve,                      /* solve */
	NULL,                           /* option_used */
	NULL,                           /* count_units: whole counts only */
	NULL                            /* threads: one */
};

/* ---- the export format `asp` (formats.h) --------------------------- */

/* --encoding count (default) or choice. */
static int asp_check(nq_export_req *r, char *why, size_t len)
{
	if (!r->encoding)
		r->encoding = nq_asp_encodings[NQ_ASP_COUNT];
	if ((r->choice = nq_export_choice(nq_asp_encodings, r->encoding)) < 0) {
		snprintf(why, len, "--format asp: --encoding is count or "
			 "choice, not '%s'", r->encoding);
		return -1;
	}
	return 0;
}

static int asp_body(FILE *f, const nq_export_req *r, void *ctx)
{
	(void)ctx;
	return nq_asp_write(f, r->inst, (enum nq_asp_encoding)r->choice,
			    r->comment);
}

static int asp_export(const nq_export_req *r, char *said, size_t saidlen,
		      char *why, size_t len)
{
	if (nq_export_stream(r, asp_body, NULL, why, len) < 0)
		return -1;
	snprintf(said, saidlen, "ASP, encoding %s", r->encoding);
	return 0;
}

/* the program the asp approach hands clingo; no extension of its own
 * (clingo's .lp is CPLEX LP's here) */
const nq_export_format nq_export_asp = {
	"asp", NULL, NQ_EXPORT_HINT | NQ_EXPORT_EXCLUDE | NQ_EXPORT_ENCODING,
	"an ASP program", NULL, 0, asp_check, asp_export
};
