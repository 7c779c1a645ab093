/*
 * minizinc.c - the `minizinc` approach: constraint programming through
 * the MiniZinc program (Debian: minizinc, with Gecode), first and count.
 *
 * Each run writes the instance as a model (model.mzn) and its data
 * (data.dzn) into a temp directory of its own under the run's $TMPDIR,
 * and runs
 *
 *   minizinc --solver ID -s [-a] [--time-limit MS] model.mzn data.dzn
 *
 * through solvers/program/external.c (the run's memory limit inherited, killed
 * at the run's deadline less a margin, or when the run's child dies; the
 * harness's own kill at the timeout is the backstop). MiniZinc's own
 * limit is what is left of that deadline, less 5 %, so it stops cleanly
 * first and says so (=====UNKNOWN=====, or no ==========): `timeout`.
 *
 * Its standard output is read line by line: "q = [...];" (the output
 * item of every model here), "----------" after each solution,
 * "==========" when the search is complete, "=====UNSATISFIABLE====="
 * when there is none, "=====UNKNOWN=====" when it stopped without
 * knowing, "=====ERROR=====", and the statistics "%%%mzn-stat: KEY=VALUE"
 * (-s): nodes and failures of the backend (the CSV's nodes and
 * conflicts), the FlatZinc sizes (flat*Vars, flat*Constraints: vars,
 * constraints), flatTime and solveTime (build_s, solve_s; where the
 * backend gives none, the time to write the files and the program's
 * wall time). Count mode (-a) counts the solutions printed, and needs
 * the "==========" that ends a complete search; where the backend also
 * says how many (nSolutions), the two must agree.
 *
 * The models (option `model`):
 *   int   q[r] in 1..n is the column of row r's queen; all_different on
 *         q, on q[r] + r and on q[r] - r, with the annotation of option
 *         `consistency` (none, ::domain, ::bounds).
 *   bool  x[r, c] a Boolean per square; exactly one per row and per
 *         column, at most one per diagonal and antidiagonal.
 * Blocked squares, excluded lines and hints are constraints on the same
 * variables (q[r] != c, q[r] = c; x[r, c] false or true).
 *
 * The int model calls all_different_int (include "all_different_int.mzn")
 * rather than the standard all_different: Debian's MiniZinc 2.6.4 ships
 * Gecode 6.2.0's solver library, written for an older standard library,
 * and through all_different Gecode gets n(n-1)/2 `!=` constraints (its
 * own propagator, and with it the annotation, never reached); through
 * all_different_int it gets its own distinct propagator, annotation and
 * all. Backends whose library does not define it get the standard
 * decomposition of fzn_all_different_int.
 *
 * The backend (option `solver`) is checked when the experiment is
 * loaded (nq_minizinc_check, called by core/model/registry.c): a tiny
 * model solved with it, so an id that is not there (or is listed but
 * does not run, as CPLEX without its library) is an exit-2 error naming
 * the backends `minizinc --solvers` lists, before anything runs.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "minizinc.h"
#include "external_int.h"
#include "formats.h"
#include "host.h"
#include "solvers.h"
#include "units.h"

enum { MZN_SOLVER, MZN_MODEL, MZN_CONSISTENCY, MZN_COMMAND };

const char *const nq_mzn_models[] = { "int", "bool", NULL };
const char *const nq_mzn_consistencies[] = { "default", "domain", "bounds",
					     NULL };

/* ------------------------------------------------------------------ */
/* The files. */

static void write_comment(FILE *f, const char *comment)
{
	const char *p = comment, *nl;

	while (p && *p) {
		nl = strchr(p, '\n');
		fprintf(f, "%% %.*s\n", nl ? (int)(nl - p) : (int)strlen(p), p);
		p = nl ? nl + 1 : NULL;
	}
}

/* The parameters, as the data file gives them. */
static void write_params(FILE *f, const nq_instance *in)
{
	fputs("int: n;\n"
	      "% blocked squares [row, column], 1-based: no queen there\n"
	      "array[int, 1..2] of int: blocks;\n", f);
	if (in->nhints)
		fputs("% pre-placed queens [row, column]\n"
		      "array[int, 1..2] of int: queens;\n", f);
	if (in->nexcl_diag)
		fputs("% diagonals col - row + n (1..2n-1) that hold no queen\n"
		      "array[int] of int: excluded_diagonals;\n", f);
	if (in->nexcl_anti)
		fputs("% antidiagonals row + col - 1 (1..2n-1) that hold no "
		      "queen\narray[int] of int: excluded_antidiagonals;\n", f);
}

static void write_int_model(FILE *f, const nq_instance *in,
			    enum nq_mzn_consistency c)
{
	const char *ann = c == NQ_MZN_DOMAIN ? " :: domain"
			  : c == NQ_MZN_BOUNDS ? " :: bounds" : "";

	fprintf(f, "\n%% q[r]: the column of row r's queen\n"
		"include \"all_different_int.mzn\";\n"
		"array[1..n] of var 1..n: q;\n"
		"constraint all_different_int(q)%s;\n"
		"constraint all_different_int([q[r] + r | r in 1..n])%s;\n"
		"constraint all_different_int([q[r] - r | r in 1..n])%s;\n"
		"constraint forall(b in index_set_1of2(blocks))"
		"(q[blocks[b, 1]] != blocks[b, 2]);\n", ann, ann, ann);
	if (in->nhints)
		fputs("constraint forall(h in index_set_1of2(queens))"
		      "(q[queens[h, 1]] = queens[h, 2]);\n", f);
	if (in->nexcl_diag)
		fputs("constraint forall(r in 1..n, d in excluded_diagonals)"
		      "(q[r] != d + r - n);\n", f);
	if (in->nexcl_anti)
		fputs("constraint forall(r in 1..n, a in "
		      "excluded_antidiagonals)(q[r] != a + 1 - r);\n", f);
	fputs("solve satisfy;\n"
	      "output [\"q = \\(q);\\n\"];\n", f);
}

static void write_bool_model(FILE *f, const nq_instance *in)
{
	fputs("\n% x[r, c]: a queen on row r, column c\n"
	      "array[1..n, 1..n] of var bool: x;\n"
	      "constraint forall(r in 1..n)(sum(c in 1..n)(x[r, c]) = 1);\n"
	      "constraint forall(c in 1..n)(sum(r in 1..n)(x[r, c]) = 1);\n"
	      "constraint forall(d in 1 - n..n - 1)"
	      "(sum(r in 1..n where r + d in 1..n)(x[r, r + d]) <= 1);\n"
	      "constraint forall(s in 2..2 * n)"
	      "(sum(r in 1..n where s - r in 1..n)(x[r, s - r]) <= 1);\n"
	      "constraint forall(b in index_set_1of2(blocks))"
	      "(not x[blocks[b, 1], blocks[b, 2]]);\n", f);
	if (in->nhints)
		fputs("constraint forall(h in index_set_1of2(queens))"
		      "(x[queens[h, 1], queens[h, 2]]);\n", f);
	if (in->nexcl_diag)
		fputs("constraint forall(r in 1..n, d in excluded_diagonals "
		      "where d + r - n in 1..n)(not x[r, d + r - n]);\n", f);
	if (in->nexcl_anti)
		fputs("constraint forall(r in 1..n, a in excluded_antidiagonals "
		      "where a + 1 - r in 1..n)(not x[r, a + 1 - r]);\n", f);
	fputs("solve satisfy;\n"
	      "% each row's column, 0 for a row without exactly one queen\n"
	      "output [\"q = \\([if sum(c in 1..n)(bool2int(fix(x[r, c]))) "
	      "= 1 then sum(c in 1..n where fix(x[r, c]))(c) else 0 endif "
	      "| r in 1..n]);\\n\"];\n", f);
}

void nq_mzn_write_model(FILE *f, const nq_instance *in,
			enum nq_mzn_model model,
			enum nq_mzn_consistency consistency,
			const char *comment)
{
	write_comment(f, comment);
	fprintf(f, "%% n-queens, the %s model (data: n = N; blocks = [| R, "
		"C | ... |];)\n", nq_mzn_models[model]);
	write_params(f, in);
	if (model == NQ_MZN_BOOL)
		write_bool_model(f, in);
	else
		write_int_model(f, in, consistency);
}

static void write_pairs(FILE *f, const char *name, const nq_square *sq,
			int count)
{
	fprintf(f, "%s = [|", name);
	for (int i = 0; i < count; i++)
		fprintf(f, "%s %d, %d", i ? " |" : "", sq[i].row + 1,
			sq[i].col + 1);
	fputs(" |];\n", f);
}

static void write_lines(FILE *f, const char *name, const int *line,
			int count)
{
	fprintf(f, "%s = [", name);
	for (int i = 0; i < count; i++)
		fprintf(f, "%s%d", i ? ", " : "", line[i] + 1);
	fputs("];\n", f);
}

void nq_mzn_write_data(FILE *f, const nq_instance *in, const char *comment)
{
	write_comment(f, comment);
	fprintf(f, "n = %d;\n", in->n);
	write_pairs(f, "blocks", in->blocked, in->nblocked);
	if (in->nhints)
		write_pairs(f, "queens", in->hints, in->nhints);
	if (in->nexcl_diag)
		write_lines(f, "excluded_diagonals", in->excl_diag,
			    in->nexcl_diag);
	if (in->nexcl_anti)
		write_lines(f, "excluded_antidiagonals", in->excl_anti,
			    in->nexcl_anti);
}

/* ------------------------------------------------------------------ */
/* The answer. */

struct mzn_out {
	uint64_t solutions;       /* "----------" lines */
	int complete, unsat, unknown, error;
	int bad;                  /* a line that should not be there */
	char bad_line[80];
	int64_t nodes, failures, vars, constraints;
	double flat_s, solve_s;   /* < 0: not given */
	long long stat_solutions; /* nSolutions, or -1 */
};

/* "q = [C1, ..., Cn];" into q (0-based, -1 for a 0): 0, or -1 when the
 * line is not n integers in 0..n. */
static int parse_q(const char *line, int n, int32_t *q)
{
	const char *p = line + 5; /* past "q = [" */
	int k = 0;

	for (;;) {
		char *end;
		long v;

		while (*p == ' ')
			p++;
		if (*p == ']')
			break;
		errno = 0;
		v = strtol(p, &end, 10);
		if (end == p || errno || v < 0 || v > n || k == n)
			return -1;
		q[k++] = (int32_t)v - 1;
		p = end;
		while (*p == ' ')
			p++;
		if (*p == ',')
			p++;
		else if (*p != ']')
			return -1;
	}
	return k == n && !strcmp(p, "];") ? 0 : -1;
}

/* One "%%%mzn-stat: KEY=VALUE" line's value, for the keys read: an
 * integer 0 .. 2^63 - 1 or a finite time >= 0, the whole value (no
 * overflow clamped, no text after it). 0, or -1: the line is not
 * understood (an error naming it). Other keys are left alone. */
static int parse_stat(const char *kv, struct mzn_out *o)
{
	const char *eq = strchr(kv, '=');
	size_t klen;
	char key[64], *end;
	long long v = 0;
	double t;
	int is_time, is_vars, is_cons;

	if (!eq || (klen = (size_t)(eq - kv)) >= sizeof key)
		return 0;
	memcpy(key, kv, klen);
	key[klen] = '\0';
	is_time = !strcmp(key, "flatTime") || !strcmp(key, "solveTime");
	is_vars = !strncmp(key, "flat", 4) && klen > 8 &&
		  !strcmp(key + klen - 4, "Vars");
	is_cons = !strncmp(key, "flat", 4) && klen > 15 &&
		  !strcmp(key + klen - 11, "Constraints");
	if (is_time) {
		errno = 0;
		t = strtod(eq + 1, &end);
		if (end == eq + 1 || *end || errno == ERANGE ||
		    !isfinite(t) || t < 0)
			return -1;
		if (!strcmp(key, "flatTime"))
			o->flat_s = t;
		else
			o->solve_s = t;
		return 0;
	}
	if (!is_vars && !is_cons && strcmp(key, "nodes") &&
	    strcmp(key, "failures") && strcmp(key, "nSolutions"))
		return 0;
	if (nq_parse_int(eq + 1, 0, INT64_MAX, &v))
		return -1;
	if (!strcmp(key, "nodes"))
		o->nodes = v;
	else if (!strcmp(key, "failures"))
		o->failures = v;
	else if (!strcmp(key, "nSolutions"))
		o->stat_solutions = v;
	else {
		int64_t *sum = is_vars ? &o->vars : &o->constraints;
		int64_t had = *sum < 0 ? 0 : *sum;

		if (v > INT64_MAX - had)
			return -1;
		*sum = had + v;
	}
	return 0;
}

/* Read MiniZinc's standard output; the first solution's placement into
 * `placement` (n entries). -1 when the file cannot be read. */
static int read_output(const char *path, int n, int32_t *placement,
		       struct mzn_out *o)
{
	FILE *f = fopen(path, "r");
	int32_t *q = calloc((size_t)n, sizeof *q);
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int have_q = 0;

	memset(o, 0, sizeof *o);
	o->nodes = o->failures = o->vars = o->constraints = NQ_NA;
	o->flat_s = o->solve_s = -1;
	o->stat_solutions = -1;
	if (!f || !q) {
		if (f)
			fclose(f);
		free(q);
		return -1;
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		while (len > 0 && (line[len - 1] == '\n' ||
				   line[len - 1] == '\r'))
			line[--len] = '\0';
		if (!strncmp(line, "q = [", 5)) {
			if (parse_q(line, n, q) == 0) {
				have_q = 1;
				continue;
			}
		} else if (!strcmp(line, "----------")) {
			if (have_q) {
				if (o->solutions++ == 0)
					memcpy(placement, q, (size_t)n *
					       sizeof *q);
				have_q = 0;
				continue;
			}
		} else if (!strcmp(line, "==========")) {
			o->complete = 1;
			continue;
		} else if (!strcmp(line, "=====UNSATISFIABLE=====")) {
			o->unsat = 1;
			continue;
		} else if (!strcmp(line, "=====UNKNOWN=====")) {
			o->unknown = 1;
			continue;
		} else if (!strcmp(line, "=====ERROR=====")) {
			o->error = 1;
			continue;
		} else if (!strncmp(line, "%%%mzn-stat: ", 13)) {
			if (parse_stat(line + 13, o) == 0)
				continue;
		} else if (line[0] == '%' || !line[0]) {
			continue;
		}
		if (!o->bad++)
			nq_ext_copy_cut(o->bad_line, sizeof o->bad_line, line);
	}
	free(line);
	free(q);
	fclose(f);
	return 0;
}

/* The line of MiniZinc's stderr that says what went wrong: the first
 * with "rror" or "xception" in it, else the last that is not a warning
 * or empty. */
static void error_line(const struct ext_dir *d, char *buf, size_t len)
{
	char path[EXT_PATH_MAX], line[512];
	FILE *f;
	int found = 0;

	buf[0] = '\0';
	nq_ext_dir_file(d, "stderr", path, sizeof path);
	if (!(f = fopen(path, "r")))
		return;
	while (!found && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (strstr(line, "rror") || strstr(line, "xception")) {
			nq_ext_copy_cut(buf, len, line);
			found = 1;
		} else if (line[0] && strncmp(line, "Warning", 7) &&
			   line[0] != ' ') {
			nq_ext_copy_cut(buf, len, line);
		}
	}
	fclose(f);
}

/* 1 when the run has a memory limit (the child's address space). */
static int memory_limited(void)
{
	struct rlimit rl;

	return getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY;
}

/* The answer from the output, into res: NQ_OK, or an error code with
 * the note set. */
static int mzn_answer(const struct ext_dir *d, const nq_job *job,
		      int status, int at_limit, nq_result *res)
{
	const nq_instance *in = job->inst;
	char out[EXT_PATH_MAX], why[200];
	struct mzn_out o;

	nq_ext_dir_file(d, "stdout", out, sizeof out);
	if (read_output(out, in->n, res->placement, &o)) {
		snprintf(res->note, sizeof res->note, "cannot read minizinc's "
			 "output");
		return NQ_ERR;
	}
	res->nodes = o.nodes;
	res->conflicts = o.failures;
	res->vars = o.vars;
	res->constraints = o.constraints;
	if (o.flat_s >= 0)
		res->build_s = o.flat_s;
	if (o.solve_s >= 0)
		res->solve_s = o.solve_s;
	if (o.bad) {
		snprintf(res->note, sizeof res->note, "minizinc: %d line(s) "
			 "not understood, the first: '%.80s'", o.bad,
			 o.bad_line);
		return NQ_ERR;
	}
	if (o.error || (!o.solutions && !o.unsat && !o.unknown)) {
		error_line(d, why, sizeof why);
		if (memory_limited() && (strstr(why, "bad_alloc") ||
					 strstr(why, "memory"))) {
			snprintf(res->note, sizeof res->note, "minizinc ran "
				 "out of memory: %.150s", why);
			return NQ_ENOMEM;
		}
		if (why[0])
			snprintf(res->note, sizeof res->note, "minizinc: "
				 "%.180s", why);
		else
			nq_ext_no_answer(d, "minizinc", status, "no answer",
					 res);
		return NQ_ERR;
	}
	if (o.unsat && o.solutions) {
		snprintf(res->note, sizeof res->note, "minizinc printed %llu "
			 "solutions and =====UNSATISFIABLE=====",
			 (unsigned long long)o.solutions);
		return NQ_ERR;
	}
	if (in->mode == NQ_MODE_FIRST) {
		if (o.solutions) {
			res->solutions = 1;
			return NQ_OK;
		}
		if (o.unsat) {
			res->solutions = 0;
			return NQ_OK;
		}
	} else {
		if (o.unsat || (o.complete && o.solutions)) {
			if (o.stat_solutions >= 0 &&
			    (uint64_t)o.stat_solutions != o.solutions) {
				snprintf(res->note, sizeof res->note,
					 "minizinc printed %llu solutions but "
					 "counted %lld",
					 (unsigned long long)o.solutions,
					 o.stat_solutions);
				return NQ_ERR;
			}
			res->solutions = o.solutions;
			return NQ_OK;
		}
	}
	/* stopped without an answer: at its time limit, or not */
	if (at_limit) {
		snprintf(res->note, sizeof res->note, "time limit reached "
			 "(minizinc's --time-limit%s, %llu solutions found)",
			 o.unknown ? ": =====UNKNOWN=====" : "",
			 (unsigned long long)o.solutions);
		return NQ_ETIMEOUT;
	}
	snprintf(res->note, sizeof res->note, "minizinc stopped without a "
		 "%s (%llu solutions, %s)", in->mode == NQ_MODE_FIRST ?
		 "solution or a proof of none" : "complete count",
		 (unsigned long long)o.solutions, o.unknown ?
		 "=====UNKNOWN=====" : "no ==========");
	return NQ_ERR;
}

/* Write model.mzn and data.dzn into d: NQ_OK, or NQ_ERR with the note. */
static int write_files(const struct ext_dir *d, const nq_job *job,
		       char *mzn, char *dzn, nq_result *res)
{
	const char *path[2] = { mzn, dzn };

	nq_ext_dir_file(d, "model.mzn", mzn, EXT_PATH_MAX);
	nq_ext_dir_file(d, "data.dzn", dzn, EXT_PATH_MAX);
	for (int k = 0; k < 2; k++) {
		FILE *f = fopen(path[k], "w");
		int failed;

		if (!f) {
			snprintf(res->note, sizeof res->note, "cannot write "
				 "%.100s: %s", path[k], strerror(errno));
			return NQ_ERR;
		}
		if (k == 0)
			nq_mzn_write_model(f, job->inst, (enum nq_mzn_model)
					   job->opt[MZN_MODEL].num,
					   (enum nq_mzn_consistency)
					   job->opt[MZN_CONSISTENCY].num, NULL);
		else
			nq_mzn_write_data(f, job->inst, NULL);
		failed = ferror(f);
		if (fclose(f) || failed) {
			snprintf(res->note, sizeof res->note, "cannot write "
				 "%.100s", path[k]);
			return NQ_ERR;
		}
	}
	return NQ_OK;
}

static int mzn_solve(const nq_job *job, nq_result *res)
{
	char cmdbuf[512], mzn[EXT_PATH_MAX], dzn[EXT_PATH_MAX], ms[32];
	char *argv[EXT_MAX_ARGS + 12];
	double t0 = nq_now(), deadline = nq_ext_deadline(job, t0);
	struct ext_dir d = { "" };
	double limit_s = 0;
	int argc, rc, status = 0;

	argc = nq_ext_split(job->opt[MZN_COMMAND].str, cmdbuf, sizeof cmdbuf,
			    argv, EXT_MAX_ARGS);
	if (argc == 0) {
		snprintf(res->note, sizeof res->note, "no command given");
		return NQ_ERR;
	}
	if (nq_ext_dir_make(&d, res))
		return NQ_ERR;
	rc = write_files(&d, job, mzn, dzn, res);
	if (rc != NQ_OK)
		goto out;
	/* (the casts: execvp takes char *, and writes none of them) */
	argv[argc++] = (char *)"--solver";
	argv[argc++] = (char *)job->opt[MZN_SOLVER].str;
	argv[argc++] = (char *)"-s";
	if (job->inst->mode == NQ_MODE_COUNT)
		argv[argc++] = (char *)"-a";
	if (deadline > 0) {
		/* MiniZinc's own limit: stop cleanly a little before ours */
		double left = (deadline - nq_now()) * 0.95;

		limit_s = left > 0.001 ? left : 0.001;
		snprintf(ms, sizeof ms, "%lld", (long long)(limit_s * 1000.0));
		argv[argc++] = (char *)"--time-limit";
		argv[argc++] = ms;
	}
	argv[argc++] = mzn;
	argv[argc++] = dzn;
	argv[argc] = NULL;
	res->build_s = nq_now() - t0;

	rc = nq_ext_solve(&d, argv, deadline, &status, res);
	/* an answer short of the end is a timeout only when the program
	 * ran to (nearly) its own limit; res->solve_s is its wall time */
	if (rc == NQ_OK)
		rc = mzn_answer(&d, job, status, limit_s > 0 &&
				res->solve_s >= 0.9 * limit_s, res);
out:
	nq_ext_dir_remove(&d);
	return rc;
}

/* ------------------------------------------------------------------ */
/* The backend, at load time. */

/* The backends `PROGRAM --solvers` lists, "id (tags), ..." into buf. */
static void list_backends(char **argv, char *buf, size_t len)
{
	char out[8192], *line, *save = NULL;
	int on = 0;

	buf[0] = '\0';
	if (nq_meta_capture(argv, out, sizeof out, 10000) != 0)
		return;
	for (line = strtok_r(out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *open = strrchr(line, '('), *comma;

		if (strstr(line, "Available solver configurations"))
			on = 1;
		else if (strstr(line, "Search path"))
			on = 0;
		else if (on && open && strchr(open, ')')) {
			*strchr(open, ')') = '\0';
			comma = strchr(open + 1, ',');
			if (comma)
				*comma = '\0';
			if (strlen(buf) + strlen(open + 1) + 3 < len)
				nq_ext_copy_cut(buf + strlen(buf),
						len - strlen(buf), buf[0]
						? ", " : "");
			if (strlen(buf) + strlen(open + 1) + 1 < len)
				nq_ext_copy_cut(buf + strlen(buf),
						len - strlen(buf), open + 1);
		}
	}
}

/* Solve `var 1..1: x;` with the backend; 0 when it answers. */
static int probe_backend(char **argv, int argc, const char *backend,
			 char *why, size_t len)
{
	char dir[512], model[600], out[4096];
	FILE *f;
	int rc = 0;

	why[0] = '\0';
	/* named so that what a signal mid-probe leaves (the harness ends
	 * in nq_meta_capture) the next run removes */
	if (nq_tmpdir_make("probe", dir, sizeof dir) < 0) {
		snprintf(why, len, "cannot make a temp directory: %s",
			 strerror(errno));
		return -1;
	}
	snprintf(model, sizeof model, "%s/probe.mzn", dir);
	if ((f = fopen(model, "w"))) {
		rc = fputs("var 1..1: x;\nsolve satisfy;\n", f) < 0;
		rc |= fclose(f) != 0;
	}
	if (!f || rc) {
		snprintf(why, len, "cannot write %.150s", model);
		unlink(model);
		rmdir(dir);
		return -1;
	}
	argv[argc++] = (char *)"--solver";
	argv[argc++] = (char *)backend;
	argv[argc++] = model;
	argv[argc] = NULL;
	rc = nq_meta_capture(argv, out, sizeof out, 30000);
	unlink(model);
	rmdir(dir);
	if (rc == 0 && strstr(out, "----------"))
		return 0;
	if (rc == -2) {
		snprintf(why, len, "no answer within 30 s");
	} else {
		/* the line that says why */
		char *line, *save = NULL;

		for (line = strtok_r(out, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save))
			if (strstr(line, "rror") || strstr(line, "xception")) {
				nq_ext_copy_cut(why, len, line);
				break;
			}
		if (!why[0])
			snprintf(why, len, "exit status %d", rc);
	}
	return -1;
}

#define CHECKS_MAX 16

int nq_minizinc_check(const nq_optval *opt, char *msg, size_t len)
{
	static struct {
		char key[600];
		int rc;
		char msg[400];
	} seen[CHECKS_MAX];
	static int nseen;
	const char *backend = opt[MZN_SOLVER].str ? opt[MZN_SOLVER].str : "";
	const char *command = opt[MZN_COMMAND].str ? opt[MZN_COMMAND].str : "";
	char key[600], prog[4096], cmdbuf[512], why[200], list[600];
	char *argv[EXT_MAX_ARGS + 4];
	int argc, rc;

	if (!backend[0] || strspn(backend, "abcdefghijklmnopqrstuvwxyz"
				  "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-@+") !=
			   strlen(backend)) {
		snprintf(msg, len, "minizinc: solver '%s' is no backend id "
			 "(letters, digits and ._-@+, as `minizinc --solvers` "
			 "lists them: gecode, org.gecode.gecode, ...)", backend);
		return -1;
	}
	snprintf(key, sizeof key, "%s\n%s", command, backend);
	for (int i = 0; i < nseen; i++)
		if (!strcmp(seen[i].key, key)) {
			nq_ext_copy_cut(msg, len, seen[i].msg);
			return seen[i].rc;
		}
	argc = nq_ext_split(command, cmdbuf, sizeof cmdbuf, argv,
			    EXT_MAX_ARGS);
	if (argc == 0 || nq_find_program(command, prog, sizeof prog)) {
		snprintf(msg, len, "minizinc: command '%s' names no program",
			 command);
		return -1;
	}
	argv[0] = prog;
	rc = probe_backend(argv, argc, backend, why, sizeof why);
	msg[0] = '\0';
	if (rc) {
		argv[argc] = (char *)"--solvers";
		argv[argc + 1] = NULL;
		list_backends(argv, list, sizeof list);
		snprintf(msg, len, "minizinc: solver '%s' does not run with "
			 "%s (%s); `%s --solvers` lists: %s", backend,
			 cmdbuf, why, cmdbuf, list[0] ? list : "nothing");
	}
	if (nseen < CHECKS_MAX) {
		nq_ext_copy_cut(seen[nseen].key, sizeof seen[nseen].key, key);
		nq_ext_copy_cut(seen[nseen].msg, sizeof seen[nseen].msg, msg);
		seen[nseen++].rc = rc;
	}
	return rc;
}


/* ------------------------------------------------------------------ */
/* The backend's version, for the .meta: what `PROGRAM --solvers-json`
 * lists, read with a JSON reader just big enough for that list (an array
 * of objects; the keys id, name, version, tags and extraInfo.isDefault
 * read, anything else skipped), the backend picked from it as `minizinc
 * --solver` picks one. */

struct mzn_listed {
	char id[128], name[128], version[128];
	char tags[512];         /* ",cp,int,...," */
	int is_default;         /* extraInfo.isDefault: true */
};

struct jc {
	const char *p;
	int bad;
};

static void j_ws(struct jc *c)
{
	c->p += strspn(c->p, " \t\r\n");
}

static int j_take(struct jc *c, char ch)
{
	j_ws(c);
	if (*c->p != ch)
		return 0;
	c->p++;
	return 1;
}

/* A string into buf (NULL: skipped), cut to len; an escape past ASCII,
 * or a control, becomes '?'. */
static void j_string(struct jc *c, char *buf, size_t len)
{
	size_t k = 0;

	if (!j_take(c, '"')) {
		c->bad = 1;
		return;
	}
	for (; *c->p && *c->p != '"'; c->p++) {
		char ch = *c->p;

		if (ch == '\\') {
			ch = *++c->p;
			if (!ch)
				break;
			if (ch == 'u') {
				unsigned v = 0;
				int i;

				for (i = 1; i <= 4; i++) {
					char h = c->p[i];

					if (!strchr("0123456789abcdefABCDEF", h) ||
					    !h)
						break;
					v = v * 16 + (unsigned)(h <= '9' ? h - '0'
						: (h | 0x20) - 'a' + 10);
				}
				if (i <= 4)
					break;
				c->p += 4;
				ch = v >= 0x20 && v < 0x7f ? (char)v : '?';
			} else if (ch == 'n' || ch == 't' || ch == 'r' ||
				   ch == 'b' || ch == 'f') {
				ch = ' ';
			}
		}
		if (buf && k + 1 < len)
			buf[k++] = (unsigned char)ch < 0x20 ? ' ' : ch;
	}
	if (*c->p != '"')
		c->bad = 1;
	else
		c->p++;
	while (k && buf[k - 1] == ' ')
		k--;
	if (buf && len)
		buf[k] = '\0';
}

static void j_skip(struct jc *c, int depth);

/* The members of an object, or the items of an array (key NULL), each
 * handed to fn (which reads or skips it); the cursor past the close. */
static void j_each(struct jc *c, int object, int depth,
		   void (*fn)(struct jc *c, const char *key, int depth,
			      void *ctx), void *ctx)
{
	char key[64];

	if (depth > 32 || !j_take(c, object ? '{' : '[')) {
		c->bad = 1;
		return;
	}
	if (j_take(c, object ? '}' : ']'))
		return;
	do {
		if (object) {
			j_string(c, key, sizeof key);
			if (c->bad || !j_take(c, ':')) {
				c->bad = 1;
				return;
			}
		}
		fn(c, object ? key : NULL, depth + 1, ctx);
		if (c->bad)
			return;
	} while (j_take(c, ','));
	if (!j_take(c, object ? '}' : ']'))
		c->bad = 1;
}

static void j_skip_one(struct jc *c, const char *key, int depth, void *ctx)
{
	(void)key;
	(void)ctx;
	j_skip(c, depth);
}

static void j_skip(struct jc *c, int depth)
{
	size_t n;

	j_ws(c);
	if (*c->p == '"')
		j_string(c, NULL, 0);
	else if (*c->p == '{' || *c->p == '[')
		j_each(c, *c->p == '{', depth, j_skip_one, NULL);
	else if ((n = strspn(c->p, "abcdefghijklmnopqrstuvwxyz"
			     "0123456789.+-E")))
		c->p += n;   /* true, false, null, a number */
	else
		c->bad = 1;
}

static void j_tag(struct jc *c, const char *key, int depth, void *ctx)
{
	struct mzn_listed *l = ctx;
	char tag[128];
	size_t used = strlen(l->tags);

	(void)key;
	(void)depth;
	j_string(c, tag, sizeof tag);
	if (!c->bad && used + strlen(tag) + 2 < sizeof l->tags)
		snprintf(l->tags + used, sizeof l->tags - used, "%s,", tag);
}

static void j_extra(struct jc *c, const char *key, int depth, void *ctx)
{
	struct mzn_listed *l = ctx;

	j_ws(c);
	if (!strcmp(key, "isDefault") && !strncmp(c->p, "true", 4))
		l->is_default = 1;
	j_skip(c, depth);
}

static void j_member(struct jc *c, const char *key, int depth, void *ctx)
{
	struct mzn_listed *l = ctx;

	if (!strcmp(key, "id"))
		j_string(c, l->id, sizeof l->id);
	else if (!strcmp(key, "name"))
		j_string(c, l->name, sizeof l->name);
	else if (!strcmp(key, "version"))
		j_string(c, l->version, sizeof l->version);
	else if (!strcmp(key, "tags") && (j_ws(c), *c->p == '['))
		j_each(c, 0, depth, j_tag, l);
	else if (!strcmp(key, "extraInfo") && (j_ws(c), *c->p == '{'))
		j_each(c, 1, depth, j_extra, l);
	else
		j_skip(c, depth);
}

#define LISTED_MAX 128

struct listing {
	struct mzn_listed *items;
	size_t n;
};

static void j_backend(struct jc *c, const char *key, int depth, void *ctx)
{
	struct listing *ls = ctx;
	struct mzn_listed l;

	(void)key;
	memset(&l, 0, sizeof l);
	l.tags[0] = ',';
	j_ws(c);
	if (*c->p != '{') {
		j_skip(c, depth);
		return;
	}
	j_each(c, 1, depth, j_member, &l);
	if (!c->bad && l.id[0] && ls->n < LISTED_MAX)
		ls->items[ls->n++] = l;
}

/* Does `word` (one of the --solver value's comma-separated words) name
 * l: its id, the id's last part, or one of its tags (case aside)? */
static int names_backend(const struct mzn_listed *l, const char *word,
			 size_t len, int *by_id)
{
	const char *last = strrchr(l->id, '.');
	const char *t;

	last = last ? last + 1 : l->id;
	if ((strlen(l->id) == len && !strncasecmp(l->id, word, len)) ||
	    (strlen(last) == len && !strncasecmp(last, word, len))) {
		*by_id = 1;
		return 1;
	}
	for (t = l->tags; (t = strchr(t, ',')) && t[1]; t++)
		if (!strncasecmp(t + 1, word, len) && t[1 + len] == ',')
			return 1;
	return 0;
}

/* The backend that `given` picks from the list: every comma-separated
 * word of it names the backend, "@VERSION" its version; of several, one
 * named by its id, then the default one, then the first listed. */
static const struct mzn_listed *pick(const struct listing *ls,
				     const char *given)
{
	const struct mzn_listed *best = NULL;
	size_t want = strcspn(given, "@"), i;
	int best_rank = -1;

	for (i = 0; i < ls->n; i++) {
		const struct mzn_listed *l = &ls->items[i];
		const char *w = given;
		int by_id = 0, all = 1, rank;

		while (w < given + want) {
			size_t len = strcspn(w, ",@");

			if (len && !names_backend(l, w, len, &by_id))
				all = 0;
			w += len + (w[len] == ',');
		}
		if (!all || (given[want] == '@' &&
			     strcmp(l->version, given + want + 1)))
			continue;
		rank = by_id * 2 + l->is_default;
		if (rank > best_rank) {
			best = l;
			best_rank = rank;
		}
	}
	return best;
}

#define BACKENDS_MAX 16
#define SOLVERS_JSON_MAX (256 * 1024)

int nq_minizinc_backend(const nq_optval *opt, nq_backend *b)
{
	static nq_backend seen[BACKENDS_MAX];
	static int nseen;
	const char *backend = opt[MZN_SOLVER].str ? opt[MZN_SOLVER].str : "";
	const char *command = opt[MZN_COMMAND].str ? opt[MZN_COMMAND].str : "";
	char prog[4096], cmdbuf[512], *argv[EXT_MAX_ARGS + 2], *out = NULL;
	struct listing ls = { NULL, 0 };
	const struct mzn_listed *l;
	struct jc c;
	int argc, rc, i;

	memset(b, 0, sizeof *b);
	command += strspn(command, " \t");
	snprintf(b->command, sizeof b->command, "%.*s",
		 (int)strcspn(command, " \t"), command);
	nq_ext_copy_cut(b->given, sizeof b->given, backend);
	for (i = 0; i < nseen; i++)
		if (!strcmp(seen[i].command, b->command) &&
		    !strcmp(seen[i].given, b->given)) {
			*b = seen[i];
			return 0;
		}
	argc = nq_ext_split(command, cmdbuf, sizeof cmdbuf, argv,
			    EXT_MAX_ARGS);
	if (argc == 0 || nq_find_program(command, prog, sizeof prog)) {
		snprintf(b->version, sizeof b->version, "unknown (the "
			 "command names no program)");
		goto out;
	}
	argv[0] = prog;
	argv[argc++] = (char *)"--solvers-json";
	argv[argc] = NULL;
	out = malloc(SOLVERS_JSON_MAX);
	ls.items = calloc(LISTED_MAX, sizeof *ls.items);
	if (!out || !ls.items) {
		snprintf(b->version, sizeof b->version, "unknown (out of "
			 "memory)");
		goto out;
	}
	rc = nq_meta_capture(argv, out, SOLVERS_JSON_MAX, 10000);
	c.p = out;
	c.bad = 0;
	if (rc == 0) {
		j_each(&c, 0, 0, j_backend, &ls);
		j_ws(&c);
		c.bad |= *c.p != '\0';
	}
	if (rc == -2)
		snprintf(b->version, sizeof b->version, "unknown (`%.100s "
			 "--solvers-json` gave no answer within 10 s)",
			 b->command);
	else if (rc != 0)
		snprintf(b->version, sizeof b->version, "unknown (`%.100s "
			 "--solvers-json` failed: exit %d)", b->command, rc);
	else if (c.bad)
		snprintf(b->version, sizeof b->version, "unknown (`%.100s "
			 "--solvers-json` printed no list of solvers)",
			 b->command);
	else if (!(l = pick(&ls, backend)))
		snprintf(b->version, sizeof b->version, "unknown (`%.100s "
			 "--solvers-json` lists no solver '%.100s')", b->command,
			 b->given);
	else {
		nq_ext_copy_cut(b->id, sizeof b->id, l->id);
		nq_ext_copy_cut(b->name, sizeof b->name, l->name);
		nq_ext_copy_cut(b->version, sizeof b->version,
				l->version[0] ? l->version : "unknown (none "
				"listed)");
	}
out:
	free(out);
	free(ls.items);
	if (nseen < BACKENDS_MAX)
		seen[nseen++] = *b;
	return 0;
}

/* ------------------------------------------------------------------ */

static int mzn_max_n(const nq_optval *opt, enum nq_mode mode)
{
	(void)mode;
	/* the bool model has n^2 variables and 6n - 2 sums over them */
	return opt[MZN_MODEL].num == NQ_MZN_BOOL ? 1000 : 10000;
}

static int mzn_option_used(const nq_optval *opt, size_t index)
{
	return index != MZN_CONSISTENCY || opt[MZN_MODEL].num == NQ_MZN_INT;
}

static const nq_option mzn_options[] = {
	{ "solver", NQ_OPT_TEXT, "gecode", NULL, 0, 0,
	  "the MiniZinc backend: an id `minizinc --solvers` lists (gecode, "
	  "org.gecode.gecode, chuffed, ...), checked when loaded" },
	{ "model", NQ_OPT_CHOICE, "int", nq_mzn_models, 0, 0,
	  "int: q[r] the column of row r's queen, all_different on q, q+r, "
	  "q-r; bool: a Boolean per square, one per row and column, at most "
	  "one per diagonal" },
	{ "consistency", NQ_OPT_CHOICE, "default", nq_mzn_consistencies, 0, 0,
	  "the int model's all_different: default (the backend's), domain "
	  "(::domain), bounds (::bounds)" },
	{ "command", NQ_OPT_COMMAND, "minizinc", NULL, 0, 0,
	  "the MiniZinc program and options before its own (Debian: "
	  "minizinc)" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};

const nq_solver nq_solver_minizinc = {
	NQ_ABI_VERSION,                 /* abi_version */
	sizeof(nq_solver),              /* struct_size */
	"minizinc",                     /* name */
	"constraint programming: the MiniZinc program with a backend "
	"(Gecode), first and count",
	mzn_options,                    /* options */
	"model",                        /* label_option */
	mzn_max_n,                      /* max_n */
	mzn_solve,                      /* solve */
	mzn_option_used,                /* option_used */
	NULL,                           /* count_units: whole counts only */
	NULL                            /* threads: one */
};

/* ---- the export formats `mzn` and `dzn` (formats.h) ---------------- */

/* --model int (default) or bool, --consistency for the int model. */
static int mzn_check(nq_export_req *r, char *why, size_t len)
{
	if (!r->model)
		r->model = nq_mzn_models[NQ_MZN_INT];
	if ((r->choice = nq_export_choice(nq_mzn_models, r->model)) < 0) {
		snprintf(why, len, "--model for a MiniZinc model is int or "
			 "bool, not '%s'", r->model);
		return -1;
	}
	r->choice2 = NQ_MZN_DEFAULT;
	if (r->consistency &&
	    (r->choice2 = nq_export_choice(nq_mzn_consistencies,
					   r->consistency)) < 0) {
		snprintf(why, len, "--consistency is default, domain or "
			 "bounds, not '%s'", r->consistency);
		return -1;
	}
	if (r->consistency && r->choice != NQ_MZN_INT) {
		snprintf(why, len, "--consistency is the int model's (the bool "
			 "model has no all_different)");
		return -1;
	}
	return 0;
}

/* The model, and (ctx not NULL) the instance's data after it: a .dzn's
 * lines are assignment items a model may hold, so `minizinc q.mzn`
 * solves the file alone. */
static int mzn_body(FILE *f, const nq_export_req *r, void *ctx)
{
	nq_mzn_write_model(f, r->inst, (enum nq_mzn_model)r->choice,
			   (enum nq_mzn_consistency)r->choice2, r->comment);
	if (ctx)
		nq_mzn_write_data(f, r->inst, "the instance's data (the model "
				  "needs no .dzn; --format mzn-model\n"
				  "writes the model alone)");
	return 0;
}

static int dzn_body(FILE *f, const nq_export_req *r, void *ctx)
{
	(void)ctx;
	nq_mzn_write_data(f, r->inst, r->comment);
	return 0;
}

static int mzn_export(const nq_export_req *r, char *said, size_t saidlen,
		      char *why, size_t len)
{
	static const int inline_data = 1;

	if (nq_export_stream(r, mzn_body, (void *)&inline_data, why, len) < 0)
		return -1;
	nq_export_said_instance(r, said, saidlen);
	return 0;
}

static int mzn_model_export(const nq_export_req *r, char *said,
			    size_t saidlen, char *why, size_t len)
{
	char inst[200];

	if (nq_export_stream(r, mzn_body, NULL, why, len) < 0)
		return -1;
	nq_export_said_instance(r, inst, sizeof inst);
	snprintf(said, saidlen, "the model alone: minizinc needs its data "
		 "too, export --format dzn (%s)", inst);
	return 0;
}

static int dzn_export(const nq_export_req *r, char *said, size_t saidlen,
		      char *why, size_t len)
{
	if (nq_export_stream(r, dzn_body, NULL, why, len) < 0)
		return -1;
	nq_export_said_instance(r, said, saidlen);
	return 0;
}

static const char *const mzn_ext[] = { ".mzn", NULL };
static const char *const dzn_ext[] = { ".dzn", NULL };

/* the model as the minizinc approach writes it, the instance's data
 * inside: `minizinc FILE.mzn` solves it */
const nq_export_format nq_export_mzn = {
	"mzn", mzn_ext, NQ_EXPORT_HINT | NQ_EXPORT_EXCLUDE | NQ_EXPORT_MODEL |
	NQ_EXPORT_CONSISTENCY, "a MiniZinc model", "minizinc model", 1,
	mzn_check, mzn_export
};

/* the model alone, as the approach writes it beside its .dzn: `minizinc
 * FILE.mzn FILE.dzn` (--format only: .mzn is the whole file) */
const nq_export_format nq_export_mzn_model = {
	"mzn-model", NULL, NQ_EXPORT_HINT | NQ_EXPORT_EXCLUDE |
	NQ_EXPORT_MODEL | NQ_EXPORT_CONSISTENCY,
	"a MiniZinc model without its data", "minizinc model", 1,
	mzn_check, mzn_model_export
};

const nq_export_format nq_export_dzn = {
	"dzn", dzn_ext, NQ_EXPORT_HINT | NQ_EXPORT_EXCLUDE,
	"a MiniZinc data file", "minizinc data", 1, NULL, dzn_export
};
