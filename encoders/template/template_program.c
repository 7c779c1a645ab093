/*
 * template_program.c - a program-solver plugin to copy: a solver whose
 * work is done by a program outside the harness (a Prolog, an OR tool,
 * a solver with a text interface), in one file. The harness lends it
 * what its own program adapters use (nq_host, include/nq_plugin.h, ABI
 * 6): the run's temp directory, the program run under the run's
 * deadline, memory limit and cgroup, the notes when the program gives
 * no answer, and the clock. Its answers are checked by the validator
 * like every built-in's.
 *
 * What it does as shipped, so that it runs as it is: it writes the
 * instance as a small text file and a backtracking search as an awk
 * program (awk is on every system), runs `awk -f search.awk
 * instance.txt`, and reads the answer from awk's stdout:
 *
 *   nq-count K              count mode: K placements
 *   nq-first C0 C1 .. Cn-1  first mode: the column of each row's queen
 *   nq-none                 first mode: no placement
 *
 * Make it yours, step by step (docs/plugins.md, A new paradigm in one
 * file; plugins/clpfd.c is the same steps done for GNU Prolog):
 *
 *   1. Copy this file:  cp encoders/template/template_program.c my_prog.c
 *   2. Rename the solver and say which program it runs (Step 2): the
 *      `command` option's default, checked on PATH when the experiment
 *      is loaded, so a missing program is an error before anything runs.
 *   3. Write what the program reads (Step 3): a model in its language,
 *      the instance as data, into files of host->tmpdir.
 *   4. Say how it is run (Step 4): the command's words, then the files.
 *   5. Read its answer (Step 5) from host->tmpdir's "stdout" (or a file
 *      it wrote), into res->solutions and res->placement.
 *   6. Build:  make plugin SRC=my_prog.c
 *   7. Run:    ./harness solve -n 8 --count --plugin ./my_prog.so my-prog
 *
 * Keep no global state that changes: each run calls solve() in a child
 * process of its own, and a crash costs only that run.
 */
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include "nq_plugin.h"

enum { OPT_COMMAND };

/* Step 2: the options; `command` names the program (and its options). */
static const nq_option template_options[] = {
	{ "command", NQ_OPT_COMMAND, "awk", NULL, 0, 0,
	  "the program and its options, run as COMMAND -f search.awk "
	  "instance.txt" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};

/* Step 3: what the program reads. Here a row-by-row backtracking
 * search in awk over the instance file's lines ("n N", "mode first" or
 * "mode count", "hint R C", "block R C", "xdiag D", "xanti A", all
 * 0-based as in nq_instance). */
static const char search[] =
	"$1 == \"n\" { n = $2 } $1 == \"mode\" { mode = $2 }\n"
	"$1 == \"hint\" { hint[$2] = $3 + 1 }\n"
	"$1 == \"block\" { bl[$2, $3] = 1 }\n"
	"$1 == \"xdiag\" { xd[$2] = 1 } $1 == \"xanti\" { xa[$2] = 1 }\n"
	"function ok(r, c) {\n"
	"  return !col[c] && !dg[c - r + n - 1] && !ad[r + c] && !bl[r, c] &&\n"
	"    !xd[c - r + n - 1] && !xa[r + c] && (!hint[r] || hint[r] == c + 1)\n"
	"}\n"
	"function place(r,   c) {\n"
	"  if (r == n) { found++; return mode == \"first\" }\n"
	"  for (c = 0; c < n; c++) if (ok(r, c)) {\n"
	"    col[c] = dg[c - r + n - 1] = ad[r + c] = 1; q[r] = c\n"
	"    if (place(r + 1)) return 1\n"
	"    col[c] = dg[c - r + n - 1] = ad[r + c] = 0\n"
	"  }\n"
	"  return 0\n"
	"}\n"
	"END {\n"
	"  place(0)\n"
	"  if (mode == \"count\") { print \"nq-count\", found + 0; exit }\n"
	"  if (!found) { print \"nq-none\"; exit }\n"
	"  printf \"nq-first\"; for (r = 0; r < n; r++) printf \" %d\", q[r]\n"
	"  print \"\"\n"
	"}\n";

static int write_file(const char *dir, const char *name, const char *text,
		      const nq_instance *in)
{
	char path[1024];
	FILE *f;
	int i, bad;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (!(f = fopen(path, "w")))
		return -1;
	if (text) {
		fputs(text, f);
	} else {
		fprintf(f, "n %d\nmode %s\n", in->n,
			in->mode == NQ_MODE_COUNT ? "count" : "first");
		for (i = 0; i < in->nhints; i++)
			fprintf(f, "hint %d %d\n", in->hints[i].row,
				in->hints[i].col);
		for (i = 0; i < in->nblocked; i++)
			fprintf(f, "block %d %d\n", in->blocked[i].row,
				in->blocked[i].col);
		for (i = 0; i < in->nexcl_diag; i++)
			fprintf(f, "xdiag %d\n", in->excl_diag[i]);
		for (i = 0; i < in->nexcl_anti; i++)
			fprintf(f, "xanti %d\n", in->excl_anti[i]);
	}
	bad = ferror(f);
	return fclose(f) || bad ? -1 : 0;
}

/* Step 5: the answer in the program's stdout. NQ_OK with res filled,
 * or NQ_ERR with the note set. */
static int read_answer(const nq_host *h, const char *prog, int status,
		       const nq_instance *in, nq_result *res)
{
	char path[1024], word[64];
	unsigned long long count;
	int r = 0, c, got = 0;
	FILE *f;

	snprintf(path, sizeof path, "%s/stdout", h->tmpdir);
	if (!(f = fopen(path, "r"))) {
		h->no_answer(prog, status, "no output", res);
		return NQ_ERR;
	}
	while (!got && fscanf(f, "%63s", word) == 1) {
		if (!strcmp(word, "nq-count") && fscanf(f, "%llu", &count) == 1) {
			res->solutions = count;
			got = 1;
		} else if (!strcmp(word, "nq-none")) {
			res->solutions = 0;
			got = 1;
		} else if (!strcmp(word, "nq-first")) {
			for (r = 0; r < in->n && fscanf(f, "%d", &c) == 1; r++)
				res->placement[r] = c;
			res->solutions = 1;
			got = r == in->n;
		}
	}
	fclose(f);
	if (!got) {
		h->no_answer(prog, status, "no answer line", res);
		return NQ_ERR;
	}
	return NQ_OK;
}

static int template_solve(const nq_job *job, nq_result *res)
{
	const nq_host *h = job->host;
	char cmd[512], prog[1024], inst[1024];
	char *argv[40];
	double t0;
	int argc, status = 0, rc;

	if (!h || h->struct_size < sizeof *h) {
		snprintf(res->note, sizeof res->note, "needs a harness of "
			 "plugin ABI 6 or later (host services)");
		return NQ_ERR;
	}
	t0 = h->now();
	/* Step 3 */
	if (write_file(h->tmpdir, "search.awk", search, job->inst) ||
	    write_file(h->tmpdir, "instance.txt", NULL, job->inst)) {
		snprintf(res->note, sizeof res->note, "cannot write into the "
			 "run's directory");
		return NQ_ERR;
	}
	/* Step 4: the command's words, then what it is given */
	argc = h->split(job->opt[OPT_COMMAND].str, cmd, sizeof cmd, argv,
			(int)(sizeof argv / sizeof argv[0]) - 3);
	if (argc == 0) {
		snprintf(res->note, sizeof res->note, "no command given");
		return NQ_ERR;
	}
	snprintf(prog, sizeof prog, "%s/search.awk", h->tmpdir);
	snprintf(inst, sizeof inst, "%s/instance.txt", h->tmpdir);
	argv[argc++] = "-f";
	argv[argc++] = prog;
	argv[argc++] = inst;
	argv[argc] = NULL;
	res->build_s = h->now() - t0;
	/* the host runs it: NQ_ETIMEOUT and NQ_ERR come with the note */
	rc = h->run(argv, &status, res);
	if (rc != NQ_OK)
		return rc;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		h->no_answer(argv[0], status, "no answer", res);
		return NQ_ERR;
	}
	return read_answer(h, argv[0], status, job->inst, res);
}

/* Step 2: the solver's name, as experiment files write it. */
static const nq_solver template_solver = {
	NQ_ABI_VERSION,                 /* abi_version */
	sizeof(nq_solver),              /* struct_size */
	"template-program",             /* name: rename it */
	"a program outside (awk, as shipped) on the instance",
	template_options,               /* options */
	NULL,                           /* label_option */
	NULL,                           /* max_n: any n, both modes */
	template_solve,                 /* solve */
	NULL,                           /* option_used */
	NULL,                           /* count_units */
	NULL                            /* threads: one */
};

static const nq_solver *const solvers[] = { &template_solver, NULL };

static const nq_plugin plugin = {
	NQ_ABI_VERSION, sizeof(nq_plugin), "template-program",
	"the program-solver template", solvers, NULL, NULL
};

NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void)
{
	return &plugin;
}
