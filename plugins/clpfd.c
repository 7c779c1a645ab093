/*
 * clpfd.c - constraint logic programming over finite domains, CLP(FD),
 * as a plugin: a new paradigm in one file, written against
 * include/nq_plugin.h alone. Each run writes the instance as a Prolog
 * program into the run's directory and hands it to GNU Prolog (Debian
 * gprolog), whose FD solver posts the model and labels it; the answer
 * comes back on the program's stdout. Everything about running the
 * program (the temp directory, the deadline, the kill, the notes when
 * it gives no answer) is the host's (nq_host, ABI 6): the same path the
 * built-in program adapters take.
 *
 * The model, one FD variable per row, Q[r] its queen's column (1..n):
 *
 *   Q[i] #\= Q[j], Q[i] #\= Q[j] + (j - i), Q[i] #\= Q[j] - (j - i)
 *                                       every pair of rows i < j
 *   Q[r] #= c         a pre-placed queen (r, c)
 *   Q[r] #\= c        a blocked square (r, c)
 *   Q[r] #\= d + r - n + 1   an excluded diagonal d (d = col - row + n - 1)
 *   Q[r] #\= a - r + 2       an excluded antidiagonal a (a = row + col)
 *
 * (rows and columns 1-based in Prolog, 0-based in the API), labelled
 * first-fail (`labeling: ff`, the smallest domain first) or in row
 * order (`leftmost`, GNU Prolog's `standard`). First mode prints one placement or "none"; count
 * mode labels every solution, failing back after each, and counts them
 * in a global variable (nothing is kept per solution: 14 queens' 365,596
 * placements cost no memory).
 *
 * Build:  make plugin SRC=plugins/clpfd.c      (or make plugins)
 * Run:    ./harness solve -n 8 --count --plugin ./plugins/clpfd.so clpfd
 * Test:   tests/e2e/clpfd.sh (counts n = 1..10, blocked squares and
 *         excluded lines against the validator).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "nq_plugin.h"

enum { OPT_COMMAND, OPT_LABELING };

static const char *const labelings[] = { "ff", "leftmost", NULL };

static const nq_option clpfd_options[] = {
	{ "command", NQ_OPT_COMMAND, "gprolog", NULL, 0, 0,
	  "GNU Prolog and its options, run as COMMAND --consult-file "
	  "FILE.pl (Debian: gprolog)" },
	{ "labeling", NQ_OPT_CHOICE, "ff", labelings, 0, 0,
	  "the variable order: ff (first-fail, smallest domain first) or "
	  "leftmost (row order)" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};

/* The model, the same for every instance; the instance's facts follow
 * it. Lines the plugin reads start with "nq-": GNU Prolog prints its
 * banner on the same stdout. */
static const char model[] =
	":- initialization(main).\n"
	"main :- catch(go, E, (write('nq-error '), writeq(E), nl)), halt.\n"
	"go :- n(N), V is N + 1, fd_set_vector_max(V),\n"
	"\tlength(Qs, N), fd_domain(Qs, 1, N), safe(Qs, 1),\n"
	"\thints(Hs), post(Hs, Qs, hint), blocked(Bs), post(Bs, Qs, block),\n"
	"\txdiag(Ds), xlines(Qs, 1, N, Ds, diag),\n"
	"\txanti(As), xlines(Qs, 1, N, As, anti),\n"
	"\tmode(M), labels(L), answer(M, L, Qs).\n"
	"safe([], _).\n"
	"safe([Q|Qs], _) :- apart(Q, Qs, 1), safe(Qs, _).\n"
	"apart(_, [], _).\n"
	"apart(Q, [Q1|Qs], D) :- Q #\\= Q1, Q #\\= Q1 + D, Q #\\= Q1 - D,\n"
	"\tD1 is D + 1, apart(Q, Qs, D1).\n"
	"post([], _, _).\n"
	"post([R-C|T], Qs, K) :- nth(R, Qs, Q), fix(K, Q, C), post(T, Qs, K).\n"
	"fix(hint, Q, C) :- Q #= C.\n"
	"fix(block, Q, C) :- Q #\\= C.\n"
	"xlines([], _, _, _, _).\n"
	"xlines([Q|Qs], R, N, Ls, K) :- xrow(Ls, Q, R, N, K), R1 is R + 1,\n"
	"\txlines(Qs, R1, N, Ls, K).\n"
	"xrow([], _, _, _, _).\n"
	"xrow([L|Ls], Q, R, N, K) :- xcol(K, L, R, N, C), Q #\\= C,\n"
	"\txrow(Ls, Q, R, N, K).\n"
	"xcol(diag, D, R, N, C) :- C is D + R - N + 1.\n"
	"xcol(anti, A, R, _, C) :- C is A - R + 2.\n"
	"answer(first, L, Qs) :-\n"
	"\t(fd_labeling(Qs, [variable_method(L)])\n"
	"\t-> write('nq-first'), show(Qs) ; write('nq-none')), nl.\n"
	"answer(count, L, Qs) :- g_assign(nq_count, 0),\n"
	"\t(fd_labeling(Qs, [variable_method(L)]), g_inc(nq_count), fail\n"
	"\t; true),\n"
	"\tg_read(nq_count, C), write('nq-count '), write(C), nl.\n"
	"show([]).\n"
	"show([Q|Qs]) :- write(' '), write(Q), show(Qs).\n";

/* A list of squares as Prolog pairs, 1-based: [R-C, ...]. */
static void squares(FILE *f, const char *name, const nq_square *sq, int k)
{
	int i;

	fprintf(f, "%s([", name);
	for (i = 0; i < k; i++)
		fprintf(f, "%s%d-%d", i ? "," : "", sq[i].row + 1,
			sq[i].col + 1);
	fprintf(f, "]).\n");
}

static void numbers(FILE *f, const char *name, const int *v, int k)
{
	int i;

	fprintf(f, "%s([", name);
	for (i = 0; i < k; i++)
		fprintf(f, "%s%d", i ? "," : "", v[i]);
	fprintf(f, "]).\n");
}

/* The program: the model, then the instance as facts. 0, or -1 with
 * the note set. */
static int write_program(const char *path, const nq_job *job,
			 nq_result *res)
{
	const nq_instance *in = job->inst;
	FILE *f = fopen(path, "w");
	int bad;

	if (!f) {
		snprintf(res->note, sizeof res->note, "cannot write the "
			 "program into the run's directory");
		return -1;
	}
	fputs(model, f);
	fprintf(f, "n(%d).\nmode(%s).\nlabels(%s).\n", in->n,
		in->mode == NQ_MODE_COUNT ? "count" : "first",
		job->opt[OPT_LABELING].num == 1 ? "standard" : "ff");
	squares(f, "hints", in->hints, in->nhints);
	squares(f, "blocked", in->blocked, in->nblocked);
	numbers(f, "xdiag", in->excl_diag, in->nexcl_diag);
	numbers(f, "xanti", in->excl_anti, in->nexcl_anti);
	bad = ferror(f);
	if (fclose(f) || bad) {
		snprintf(res->note, sizeof res->note, "cannot write the "
			 "program into the run's directory");
		return -1;
	}
	return 0;
}

/* The answer in the program's stdout: NQ_OK with res filled, or NQ_ERR
 * with the note set. */
static int read_answer(const nq_host *h, const char *prog, int status,
		       const nq_job *job, nq_result *res)
{
	char path[1024], line[256];
	int n = job->inst->n, got = 0, r;
	FILE *f;

	snprintf(path, sizeof path, "%s/stdout", h->tmpdir);
	if (!(f = fopen(path, "r"))) {
		h->no_answer(prog, status, "no output", res);
		return NQ_ERR;
	}
	/* the placement's line is long (n numbers): read it by numbers */
	while (!got && fscanf(f, "%255s", line) == 1) {
		if (!strcmp(line, "nq-count")) {
			unsigned long long c;

			got = fscanf(f, "%llu", &c) == 1;
			res->solutions = c;
		} else if (!strcmp(line, "nq-none")) {
			res->solutions = 0;
			got = 1;
		} else if (!strcmp(line, "nq-first")) {
			for (r = 0; r < n; r++) {
				int c;

				if (fscanf(f, "%d", &c) != 1 || c < 1 || c > n)
					break;
				res->placement[r] = c - 1;
			}
			res->solutions = 1;
			got = r == n;
		} else if (!strcmp(line, "nq-error")) {
			char what[160] = "";

			if (fscanf(f, " ") == 0 && fgets(what, sizeof what, f))
				what[strcspn(what, "\n")] = '\0';
			snprintf(res->note, sizeof res->note, "%.40s raised "
				 "%.150s", prog, what);
			fclose(f);
			return NQ_ERR;
		}
	}
	fclose(f);
	if (!got) {
		h->no_answer(prog, status, "no answer line", res);
		return NQ_ERR;
	}
	return NQ_OK;
}

static int clpfd_solve(const nq_job *job, nq_result *res)
{
	const nq_host *h = job->host;
	char cmd[512], file[1024];
	char *argv[40];
	double t0;
	int argc, status = 0, rc;

	/* the host's services came with ABI 6; what is read must be there */
	if (!h || h->struct_size < sizeof *h) {
		snprintf(res->note, sizeof res->note, "clpfd needs a harness "
			 "of plugin ABI 6 or later (host services)");
		return NQ_ERR;
	}
	t0 = h->now();
	argc = h->split(job->opt[OPT_COMMAND].str, cmd, sizeof cmd, argv,
			(int)(sizeof argv / sizeof argv[0]) - 2);
	if (argc == 0) {
		snprintf(res->note, sizeof res->note, "no command given");
		return NQ_ERR;
	}
	snprintf(file, sizeof file, "%s/queens.pl", h->tmpdir);
	if (write_program(file, job, res))
		return NQ_ERR;
	argv[argc++] = "--consult-file";
	argv[argc++] = file;
	argv[argc] = NULL;
	res->vars = job->inst->n;
	res->build_s = h->now() - t0;
	rc = h->run(argv, &status, res);
	if (rc != NQ_OK)
		return rc;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		h->no_answer(argv[0], status, "no answer", res);
		return NQ_ERR;
	}
	return read_answer(h, argv[0], status, job, res);
}

static const nq_solver clpfd = {
	NQ_ABI_VERSION,                 /* abi_version */
	sizeof(nq_solver),              /* struct_size */
	"clpfd",                        /* name */
	"CLP(FD): GNU Prolog's FD solver, first-fail labelling",
	clpfd_options,                  /* options */
	"labeling",                     /* label_option */
	NULL,                           /* max_n: any n, both modes */
	clpfd_solve,                    /* solve */
	NULL,                           /* option_used: all have effect */
	NULL,                           /* count_units: whole counts only */
	NULL                            /* threads: one */
};

static const nq_solver *const solvers[] = { &clpfd, NULL };

static const nq_plugin plugin = {
	NQ_ABI_VERSION, sizeof(nq_plugin), "clpfd",
	"constraint logic programming over finite domains (GNU Prolog)",
	solvers, NULL, NULL
};

NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void)
{
	return &plugin;
}
