/*
 * cbc.c - the `cbc` approach: COIN-OR CBC run on the exported LP file,
 * first mode; its solution file read back into a placement, a proved
 * optimum below n queens of a queen-counting model read as "none". The
 * program's run, its temp directory and its limits are external.c's
 * (external_int.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "external.h"
#include "solvers.h"
#include "export.h"
#include "external_int.h"


enum { CBC_MODEL, CBC_COMMAND };

static int cbc_max_n(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	return mode == NQ_MODE_COUNT ? NQ_NOT_APPLICABLE : 10000;
}

/* CBC's solution file: a status line ("Optimal - objective value 0",
 * "Infeasible - ...", "Stopped on time - ..."), then one line per column
 * "INDEX NAME VALUE REDUCED-COST" (names x1.. as we gave them; CBC may
 * prefix a line with "**" for an infeasibility). Returns 1 found, 0
 * infeasible, 2 stopped on time, -1 unreadable; `status` gets the line. */
static int read_cbc_answer(const char *path, int ncols, double *x,
			   char *status, size_t len)
{
	char line[512];
	FILE *f = fopen(path, "r");
	int answer = -1;

	status[0] = '\0';
	if (!f)
		return -1;
	if (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		nq_ext_copy_cut(status, len, line);
		if (!strncmp(line, "Optimal", 7) ||
		    !strncmp(line, "Integer solution", 16))
			answer = 1;
		else if (strstr(line, "nfeasible"))
			answer = 0;
		else if (!strncmp(line, "Stopped", 7))
			answer = 2;
	}
	while (answer == 1 && fgets(line, sizeof line, f)) {
		char *p = line, name[128];
		int idx, j;
		double v;

		while (*p == ' ' || *p == '*')
			p++;
		if (sscanf(p, "%d %127s %lf", &idx, name, &v) == 3 &&
		    name[0] == 'x' && sscanf(name + 1, "%d", &j) == 1 &&
		    j >= 1 && j <= ncols)
			x[j] = v;
	}
	fclose(f);
	return answer;
}

/* Build the model and write it to model.lp in a new temporary directory
 * (`sol` the solution file's name there): NQ_OK, or an error with the
 * note set. */
static int cbc_write(const nq_job *job, nq_ilp_mem **m, int64_t *ncols,
		     struct ext_dir *d, char *lp, char *sol, nq_result *res)
{
	const nq_ilp_model *model = job->opt[CBC_MODEL].ptr;
	int64_t nrows = 0, nz = 0;
	int rc;

	rc = nq_ilp_mem_build(m, job->inst, model, 1, res->note,
			      sizeof res->note);
	if (rc != NQ_OK)
		return rc;
	nq_ilp_mem_sizes(*m, ncols, &nrows, &nz);
	res->vars = *ncols;
	res->constraints = nrows;
	res->nonzeros = nz;
	if (nq_ext_dir_make(d, res))
		return NQ_ERR;
	nq_ext_dir_file(d, "model.lp", lp, EXT_PATH_MAX);
	nq_ext_dir_file(d, "solution", sol, EXT_PATH_MAX);
	if (nq_ilp_mem_write(*m, lp, NQ_ILP_LP, NULL, res->note,
			     sizeof res->note))
		return NQ_ERR;
	return NQ_OK;
}

/* CBC's arguments after the command: the LP file, CBC's own time limit
 * (in `secs`), solve, and where to write the solution. Returns argc.
 * (The casts: execvp takes char *, and writes none of them.) */
static int cbc_args(char **argv, int argc, char *lp, char *sol,
		    double deadline, char *secs, size_t len)
{
	argv[argc++] = lp;
	if (deadline > 0) {
		/* CBC's own limit: stop cleanly a little before ours */
		double left = (deadline - nq_now()) * 0.95;

		snprintf(secs, len, "%.3f", left > 0.01 ? left : 0.01);
		argv[argc++] = (char *)"sec";
		argv[argc++] = secs;
	}
	argv[argc++] = (char *)"solve";
	argv[argc++] = (char *)"solu";
	argv[argc++] = sol;
	argv[argc] = NULL;
	return argc;
}

/* CBC's answer, read from its solution file, and its placement decoded:
 * NQ_OK, or an error with the note set. */
static int cbc_answer(const struct ext_dir *d, const char *sol,
		      const char *prog, int status, const nq_ilp_mem *m,
		      int64_t ncols, int n, nq_result *res)
{
	char line[300];
	int answer, r, c;
	double *x = nq_ext_calloc((size_t)ncols + 1, sizeof *x, res);

	if (!x)
		return NQ_ENOMEM;
	answer = read_cbc_answer(sol, (int)ncols, x, line, sizeof line);
	if (answer == 2) {
		snprintf(res->note, sizeof res->note, "time limit reached "
			 "(cbc: %.100s)", line);
		free(x);
		return NQ_ETIMEOUT;
	}
	if (answer < 0) {
		if (line[0])
			snprintf(res->note, sizeof res->note, "cbc: %.150s",
				 line);
		else
			nq_ext_no_answer(d, prog, status, "no solution file", res);
		free(x);
		return NQ_ERR;
	}
	res->solutions = (uint64_t)answer;
	if (answer == 1) {
		int queens = 0;

		for (r = 0; r < n; r++) {
			res->placement[r] = -1;
			for (c = 0; c < n; c++)
				if (x[nq_ilp_mem_square_col(m, r, c)] > 0.5) {
					if (res->placement[r] < 0)
						res->placement[r] = c;
					queens++;
				}
		}
		/* A proved maximum of the queens below n: no placement (only
		 * "Optimal" is a proof; `independent-set`, as glpk reads it) */
		if (queens < n && !strncmp(line, "Optimal", 7) &&
		    nq_ilp_mem_counts_queens(m)) {
			res->solutions = 0;
			snprintf(res->note, sizeof res->note, "the optimum, %d "
				 "of %d queens, proves there is no placement",
				 queens, n);
		}
	}
	free(x);
	return NQ_OK;
}

static int cbc_solve(const nq_job *job, nq_result *res)
{
	int rc, argc, status = 0;
	char cmdbuf[512], lp[EXT_PATH_MAX], sol[EXT_PATH_MAX], secs[32];
	char *argv[EXT_MAX_ARGS + 8];
	double t0 = nq_now(), deadline = nq_ext_deadline(job, t0);
	struct ext_dir d = { "" };
	nq_ilp_mem *m = NULL;
	int64_t ncols = 0;

	argc = nq_ext_command(job, "cbc", job->opt[CBC_COMMAND].str, cmdbuf,
			   sizeof cmdbuf, argv, res);
	if (argc == 0)
		return NQ_ERR;
	rc = cbc_write(job, &m, &ncols, &d, lp, sol, res);
	if (rc != NQ_OK)
		goto out;
	res->build_s = nq_now() - t0;
	argc = cbc_args(argv, argc, lp, sol, deadline, secs, sizeof secs);

	rc = nq_ext_solve(&d, argv, deadline, &status, res);
	if (rc == NQ_OK)
		rc = cbc_answer(&d, sol, argv[0], status, m, ncols,
				job->inst->n, res);
out:
	nq_ilp_mem_free(m);
	nq_ext_dir_remove(&d);
	return rc;
}

static const nq_option cbc_options[] = {
	{ "model", NQ_OPT_ILP, "assignment", NULL, 0, 0, "ILP model" },
	{ "command", NQ_OPT_COMMAND, "cbc", NULL, 0, 0,
	  "the CBC program and options before the file (Debian: coinor-cbc)" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};

const nq_solver nq_solver_cbc = {
	NQ_ABI_VERSION,                 /* abi_version */
	sizeof(nq_solver),              /* struct_size */
	"cbc",                          /* name */
	"COIN-OR CBC program on the exported LP file, first mode",
	cbc_options,                    /* options */
	"model",                        /* label_option */
	cbc_max_n,                      /* max_n */
	cbc_solve,                      /* solve */
	NULL,                           /* option_used */
	NULL,                           /* count_units: whole counts only */
	NULL                            /* threads: one */
};
