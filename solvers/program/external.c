/*
 * external.c - solvers that hand an exported file to another program.
 *
 *   dimacs  the instance as DIMACS CNF (any encoding, formats/export.h), run
 *           through `command` (minisat, cadical, cryptominisat5, picosat,
 *           ...). The answer is read from SAT-competition output on the
 *           program's stdout (`s SATISFIABLE` / `s UNSATISFIABLE`, `v`
 *           lines), or, for minisat and glucose, from the result file
 *           they write when given a second file name (`SAT` / `UNSAT`,
 *           then the literals). Option `output` forces either. Both
 *           are read whole and strictly by solfile.c's reader, the one
 *           `harness check` uses (one s line, literals within the
 *           CNF's variables, every true square taken: two queens on a
 *           row reach the validator, which calls the run `wrong`). Option
 *           `columns` (encoders/cnf.h) as for picosat: `alo` (default)
 *           or `none`.
 *   cbc     the instance as a CPLEX LP file (any model), run through
 *           `cbc FILE.lp sec T solve solu SOL` (Debian coinor-cbc); the
 *           answer is read from CBC's solution file. As in glpk, a proved
 *           ("Optimal") maximum below n queens of a model whose objective
 *           is the number of queens (`independent-set`) is "none".
 *
 * A program that gives up (INDETERMINATE, INDET, `s UNKNOWN`) under a
 * memory limit (the run's, or minisat's own -mem-lim) ran out of memory:
 * `memout`; without one it is an `error`.
 *
 * Both answer mode first only (max_n says count is not applicable): a
 * count would need one external run per solution.
 *
 * Each run works in a temp directory of its own ($TMPDIR or /tmp,
 * nq-external-XXXXXX) holding the input, the program's stdout, stderr and
 * result file, removed at the end. The program runs as a child of the
 * run's child, with the run's memory limit (inherited) and killed with
 * SIGKILL at the run's deadline minus a margin (5%, at least 0.3 s, at
 * most half the limit; then the run is a `timeout`), or when the run's
 * child dies (PR_SET_PDEATHSIG), so it never outlives its run. Only when
 * the host kills the run's child first (building and writing a huge CNF
 * take longer than the margin) can a temp directory stay behind. `command` is split at blanks (no shell, no
 * quoting); its program must exist when the experiment is checked
 * (NQ_OPT_COMMAND), so a missing solver is an exit-2 error, not a crash.
 *
 * Sizes are the exported CNF's or LP's; build_s the time to encode and
 * write the file; solve_s the program's wall time (its CPU time and peak
 * RSS reach the CSV through the run's child, which waits for it).
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "external.h"
#include "host.h"
#include "solvers.h"
#include "export.h"
#include "external_int.h"
#include "solfile.h"
#include "units.h"


/* ------------------------------------------------------------------ */
/* The temp directory and the program. */

int nq_ext_dir_make(struct ext_dir *d, nq_result *res)
{
	const char *tmp = getenv("TMPDIR");

	if (nq_tmpdir_make("external", d->path, sizeof d->path) < 0) {
		snprintf(res->note, sizeof res->note, "cannot make a temp "
			 "directory in %s: %s", tmp && *tmp ? tmp : "/tmp",
			 strerror(errno));
		d->path[0] = '\0';
		return -1;
	}
	return 0;
}

void nq_ext_dir_file(const struct ext_dir *d, const char *name, char *buf,
		     size_t len)
{
	snprintf(buf, len, "%s/%s", d->path, name);
}

/* Remove the directory and the files in it (it has no subdirectories). */
void nq_ext_dir_remove(struct ext_dir *d)
{
	char file[1024];
	struct dirent *e;
	DIR *dir;

	if (!d->path[0] || !(dir = opendir(d->path)))
		return;
	while ((e = readdir(dir)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			snprintf(file, sizeof file, "%s/%s", d->path, e->d_name);
			unlink(file);
		}
	closedir(dir);
	rmdir(d->path);
}

/* Copy a string, cut to fit. */
void nq_ext_copy_cut(char *dst, size_t len, const char *src)
{
	size_t n = strlen(src);

	if (!len)
		return;
	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* The last non-empty line of a file (for notes), or "". */
static void last_line(const char *path, char *buf, size_t len)
{
	char line[512];
	FILE *f = fopen(path, "r");

	buf[0] = '\0';
	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0])
			nq_ext_copy_cut(buf, len, line);
	}
	fclose(f);
}

int nq_ext_split(const char *command, char *buf, size_t len, char **argv,
		 int max)
{
	int argc = 0;
	char *p;

	snprintf(buf, len, "%s", command);
	for (p = strtok(buf, " \t"); p && argc < max - 1;
	     p = strtok(NULL, " \t"))
		argv[argc++] = p;
	argv[argc] = NULL;
	return argc;
}

double nq_ext_deadline(const nq_job *job, double t0)
{
	double margin;

	if (job->time_limit_s <= 0)
		return 0;
	/* Room to kill the program (a big one takes tens of ms to die)
	 * and to remove its files before the host's kill at the limit. */
	margin = job->time_limit_s * 0.05;
	if (margin < 0.3)
		margin = 0.3;
	if (margin > job->time_limit_s / 2)
		margin = job->time_limit_s / 2;
	return t0 + job->time_limit_s - margin;
}

/* Run argv (found on PATH) with stdin from /dev/null and stdout, stderr
 * into the temp directory's files "stdout" and "stderr", until it exits
 * or the deadline (base/host.h: the toolkit every fork of a program
 * goes through). The program stays in the run's process group, so the
 * host's end of the run's tree takes what it starts. */
static enum nq_proc_end ext_run(const struct ext_dir *d, char **argv,
				double deadline, int *status, nq_result *res)
{
	char out[EXT_PATH_MAX], err[EXT_PATH_MAX];
	nq_spawn sp = { 0 };
	pid_t pid;

	nq_ext_dir_file(d, "stdout", out, sizeof out);
	nq_ext_dir_file(d, "stderr", err, sizeof err);
	sp.argv = argv;
	sp.path_search = 1;
	sp.in = sp.out = sp.err = sp.close_fd = -1;
	sp.out_file = out;
	sp.err_file = err;
	sp.contain = 1;		/* never outlive the run's child */
	sp.say_exec_error = 1;
	pid = nq_spawn_start(&sp);
	if (pid < 0) {
		snprintf(res->note, sizeof res->note, "cannot fork: %s",
			 strerror(errno));
		return NQ_PROC_FAILED;
	}
	return nq_proc_wait(pid, deadline, 0, status);
}

/* A note for a program that gave no usable answer. */
void nq_ext_no_answer(const struct ext_dir *d, const char *prog,
			  int status, const char *what, nq_result *res)
{
	char err[600], tail[300];

	nq_ext_dir_file(d, "stderr", err, sizeof err);
	last_line(err, tail, sizeof tail);
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXFSZ) {
		/* the run's RLIMIT_FSIZE (runchild.c): its disk cap */
		struct rlimit rl;
		char size[32] = "its limit";

		if (getrlimit(RLIMIT_FSIZE, &rl) == 0 &&
		    rl.rlim_cur != RLIM_INFINITY)
			nq_format_size_kib((uint64_t)rl.rlim_cur / 1024, size,
					   sizeof size);
		snprintf(res->note, sizeof res->note, "%.40s wrote a file up "
			 "to the run's cap of %s on disk and was killed (signal "
			 "%d, SIGXFSZ); disk: in the experiment raises it", prog,
			 size, SIGXFSZ);
	} else if (WIFSIGNALED(status))
		snprintf(res->note, sizeof res->note, "%.40s killed by signal "
			 "%d, %s%s%.100s", prog, WTERMSIG(status), what,
			 tail[0] ? ": " : "", tail);
	else
		snprintf(res->note, sizeof res->note, "%.40s exited %d, %s%s"
			 "%.100s", prog, WIFEXITED(status) ?
			 WEXITSTATUS(status) : -1, what, tail[0] ? ": " : "",
			 tail);
}

/* The command split into argv. Returns argc, or 0 with the note set. */
int nq_ext_argv(const char *command, char *cmdbuf, size_t len, char **argv,
		nq_result *res)
{
	int argc = nq_ext_split(command ? command : "", cmdbuf, len, argv,
				EXT_MAX_ARGS);

	if (argc == 0)
		snprintf(res->note, sizeof res->note, "no command given");
	return argc;
}

/* The start of a run of an external program: mode first only, and the
 * command split into argv. Returns argc, or 0 with the note set. */
int nq_ext_command(const nq_job *job, const char *solver,
		       const char *command, char *cmdbuf, size_t len,
		       char **argv, nq_result *res)
{
	if (job->inst->mode != NQ_MODE_FIRST) {
		snprintf(res->note, sizeof res->note, "%s answers mode "
			 "first only", solver);
		return 0;
	}
	return nq_ext_argv(command, cmdbuf, len, argv, res);
}

/* ext_run, timed into solve_s: NQ_OK when the program exited (how, in
 * `status`), NQ_ETIMEOUT or NQ_ERR with the note set. */
int nq_ext_solve(const struct ext_dir *d, char **argv, double deadline,
		     int *status, nq_result *res)
{
	double t1 = nq_now();
	enum nq_proc_end ex = ext_run(d, argv, deadline, status, res);

	res->solve_s = nq_now() - t1;
	if (ex == NQ_PROC_TIMEOUT) {
		snprintf(res->note, sizeof res->note, "time limit reached "
			 "(%.60s killed)", argv[0]);
		return NQ_ETIMEOUT;
	}
	if (ex == NQ_PROC_FAILED) {
		if (!res->note[0])
			snprintf(res->note, sizeof res->note, "lost %.60s: "
				 "waitpid failed", argv[0]);
		return NQ_ERR;
	}
	return NQ_OK;
}

int nq_ext_read_answer(const struct ext_dir *d, const nq_sqmap *map,
		       const char *path, int fmt, const char *prog,
		       const char *what, int status, nq_result *res,
		       char *how, size_t howlen)
{
	char why[600], said[300];
	size_t plen = strlen(path);
	int rc;

	if (howlen)
		how[0] = '\0';
	rc = nq_solution_read(map, path, (enum nq_sol_format)fmt, NULL,
			      res->placement, how, howlen, why, sizeof why);
	if (rc >= 0)
		return rc;
	/* "/tmp/nq-external-XXXXXX/stdout:3: ..." as "its output:3: ..." */
	if (!strncmp(why, path, plen))
		snprintf(said, sizeof said, "its %.20s%.250s", what,
			 why + plen);
	else
		snprintf(said, sizeof said, "%.270s", why);
	nq_ext_no_answer(d, prog, status, said, res);
	return -1;
}

/* calloc, or NULL with the note "out of memory". */
void *nq_ext_calloc(size_t count, size_t size, nq_result *res)
{
	void *p = calloc(count, size);

	if (!p)
		snprintf(res->note, sizeof res->note, "out of memory");
	return p;
}

/* ------------------------------------------------------------------ */
/* The host's services (nq_plugin.h, ABI 6): the functions above, on the
 * run's own directory, for a solver of any origin. */

static struct ext_dir host_dir;
static nq_host host_table;

static int host_split(const char *command, char *buf, size_t len,
		      char **argv, int max)
{
	if (!command || !buf || !argv || max < 1 || !len)
		return 0;
	return nq_ext_split(command, buf, len, argv, max);
}

static int host_run(char *const argv[], int *status, nq_result *res)
{
	int ignored;

	if (!argv || !argv[0] || !argv[0][0]) {
		snprintf(res->note, sizeof res->note, "no program to run "
			 "(an empty command)");
		return NQ_ERR;
	}
	return nq_ext_solve(&host_dir, (char **)argv, host_table.deadline,
			    status ? status : &ignored, res);
}

static void host_no_answer(const char *prog, int status, const char *what,
			   nq_result *res)
{
	nq_ext_no_answer(&host_dir, prog ? prog : "the program", status,
			 what ? what : "no answer", res);
}

const nq_host *nq_ext_host(const char *dir, const nq_job *job)
{
	nq_ext_copy_cut(host_dir.path, sizeof host_dir.path, dir);
	host_table.abi_version = NQ_ABI_VERSION;
	host_table.struct_size = sizeof host_table;
	host_table.tmpdir = host_dir.path;
	host_table.deadline = nq_ext_deadline(job, nq_now());
	host_table.now = nq_now;
	host_table.split = host_split;
	host_table.run = host_run;
	host_table.no_answer = host_no_answer;
	return &host_table;
}

/* ------------------------------------------------------------------ */
/* dimacs */

enum { DIMACS_ENCODING, DIMACS_COMMAND, DIMACS_OUTPUT, DIMACS_COLUMNS };
enum { OUT_AUTO, OUT_STDOUT, OUT_FILE };

/* Programs that write their answer to the file named second (minisat's
 * interface); others print SAT-competition output. */
static int writes_result_file(const char *prog)
{
	const char *base = strrchr(prog, '/');

	base = base ? base + 1 : prog;
	return (strstr(base, "minisat") && !strstr(base, "cryptominisat")) ||
	       strstr(base, "glucose");
}

/* 1 when a line of the file is "INDETERMINATE", "INDET" or "s UNKNOWN":
 * the program gave up without an answer (minisat prints INDETERMINATE
 * and writes no result file when its memory runs out). */
static int says_indeterminate(const char *path)
{
	char line[256];
	FILE *f = fopen(path, "r");
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		found = !strcmp(line, "INDETERMINATE") ||
			!strcmp(line, "INDET") || !strcmp(line, "s UNKNOWN");
	}
	fclose(f);
	return found;
}

/* 1 when the program ran under a memory limit: the run's (an address
 * space limit, inherited) or its own (minisat's -mem-lim). */
static int memory_limited(char **argv)
{
	struct rlimit rl;
	int i;

	if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
		return 1;
	for (i = 1; argv[i]; i++)
		if (strstr(argv[i], "-mem-lim"))
			return 1;
	return 0;
}

static int dimacs_max_n(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	return mode == NQ_MODE_COUNT ? NQ_NOT_APPLICABLE : 46340;
}

/* The temporary files of a dimacs run. */
struct dimacs_files {
	char cnf[600], result[600], out[600];
};

/* Encode the instance and write it to in.cnf in a new temporary
 * directory: NQ_OK, or an error with the note set. */
static int dimacs_write(const nq_job *job, double deadline, nq_cnf_mem *m,
			struct ext_dir *d, struct dimacs_files *f,
			nq_result *res)
{
	const nq_cnf_encoder *enc = job->opt[DIMACS_ENCODING].ptr;
	int rc;

	m->deadline = deadline;
	rc = nq_cnf_mem_build(m, job->inst, enc, (enum nq_cnf_columns)
			      job->opt[DIMACS_COLUMNS].num, res->note,
			      sizeof res->note);
	res->vars = m->nvars;
	res->constraints = m->nclauses;
	res->nonzeros = m->nlits;
	if (rc != NQ_OK)
		return rc;
	if (nq_ext_dir_make(d, res))
		return NQ_ERR;
	nq_ext_dir_file(d, "in.cnf", f->cnf, sizeof f->cnf);
	nq_ext_dir_file(d, "result", f->result, sizeof f->result);
	nq_ext_dir_file(d, "stdout", f->out, sizeof f->out);
	if (nq_cnf_mem_write_file(m, f->cnf, NULL, res->note,
				  sizeof res->note))
		return deadline > 0 && nq_now() >= deadline ? NQ_ETIMEOUT
							    : NQ_ERR;
	return NQ_OK;
}

/* The program's answer, read from its result file or its output by the
 * reader `harness check` uses, against the squares of the CNF it was
 * given: NQ_OK (a placement, each row as the model has it, or none), or
 * an error with the note set. */
static int dimacs_answer(const struct ext_dir *d,
			 const struct dimacs_files *f, int file_format,
			 char **argv, int status, const nq_cnf_mem *m, int n,
			 nq_result *res)
{
	nq_sqmap map;
	char how[64];
	int answer;

	memset(&map, 0, sizeof map);
	snprintf(map.path, sizeof map.path, "%s", f->cnf);
	map.n = n;
	map.cnf = 1;
	map.nvars = m->nvars;
	map.var = m->square_var;
	answer = nq_ext_read_answer(d, &map, file_format ? f->result : f->out,
				    file_format ? NQ_SOL_MINISAT
				    : NQ_SOL_DIMACS, argv[0], file_format
				    ? "result file" : "output", status, res,
				    how, sizeof how);
	if (answer < 0 && WIFEXITED(status) &&
	    (says_indeterminate(f->out) || (file_format &&
					    says_indeterminate(f->result))) &&
	    memory_limited(argv)) {
		snprintf(res->note, sizeof res->note, "%.60s: INDETERMINATE "
			 "under a memory limit (out of memory)", argv[0]);
		return NQ_ENOMEM;
	}
	if (answer < 0)
		return NQ_ERR;
	/* 2: queens that are no placement go to the validator as they
	 * are (validate.c names the row), never as an error or a "none" */
	res->solutions = answer != 0;
	return NQ_OK;
}

static int dimacs_solve(const nq_job *job, nq_result *res)
{
	int rc, argc, status = 0, file_format;
	char cmdbuf[512];
	char *argv[EXT_MAX_ARGS + 3];
	double t0 = nq_now(), deadline = nq_ext_deadline(job, t0);
	struct ext_dir d = { "" };
	struct dimacs_files f;
	nq_cnf_mem m = { 0 };

	argc = nq_ext_command(job, "dimacs", job->opt[DIMACS_COMMAND].str,
			   cmdbuf, sizeof cmdbuf, argv, res);
	if (argc == 0)
		return NQ_ERR;
	file_format = job->opt[DIMACS_OUTPUT].num == OUT_FILE ||
		      (job->opt[DIMACS_OUTPUT].num == OUT_AUTO &&
		       writes_result_file(argv[0]));

	rc = dimacs_write(job, deadline, &m, &d, &f, res);
	if (rc != NQ_OK)
		goto out;
	argv[argc++] = f.cnf;
	if (file_format)
		argv[argc++] = f.result;
	argv[argc] = NULL;
	res->build_s = nq_now() - t0;

	rc = nq_ext_solve(&d, argv, deadline, &status, res);
	if (rc == NQ_OK)
		rc = dimacs_answer(&d, &f, file_format, argv, status, &m,
				   job->inst->n, res);
out:
	nq_cnf_mem_free(&m);
	nq_ext_dir_remove(&d);
	return rc;
}

static const char *const dimacs_outputs[] = { "auto", "stdout", "file", NULL };

static const nq_option dimacs_options[] = {
	/* NQ_DEFAULT_CNF (solvers.h), shared with picosat */
	{ "encoding", NQ_OPT_CNF, NQ_DEFAULT_CNF, NULL, 0, 0,
	  "CNF encoding of each at-most-one" },
	{ "command", NQ_OPT_COMMAND, "minisat", NULL, 0, 0,
	  "a DIMACS SAT solver and its options, run as COMMAND FILE.cnf "
	  "(Debian: minisat, cadical, cryptominisat5, picosat)" },
	{ "output", NQ_OPT_CHOICE, "auto", dimacs_outputs, 0, 0,
	  "where the answer is: stdout (s/v lines), file (minisat's result "
	  "file, named second), auto (file for minisat and glucose)" },
	NQ_CNF_COLUMNS_OPTION,
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};

const nq_solver nq_solver_dimacs = {
	NQ_ABI_VERSION,                 /* abi_version */
	sizeof(nq_solver),              /* struct_size */
	"dimacs",                       /* name */
	"any DIMACS SAT solver program on the exported CNF, first mode",
	dimacs_options,                 /* options */
	"encoding",                     /* label_option */
	dimacs_max_n,                   /* max_n */
	dimacs_solve,                   /* solve */
	NULL,                           /* option_used */
	NULL,                           /* count_units: whole counts only */
	NULL                            /* threads: one */
};
