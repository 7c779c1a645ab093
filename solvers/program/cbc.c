/*
 * cbc.c - the `cbc` approach: COIN-OR CBC run on the exported LP file,
 * first mode; its solution file read back into a placement by the reader
 * `harness check` uses (solfile.c), a proved optimum below n queens of a
 * queen-counting model read as "none". The
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
#include "solfile.h"


enum { CBC_MODEL, CBC_COMMAND };

static int cbc_max_n(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	return mode == NQ_MODE_COUNT ? NQ_NOT_APPLICABLE : 10000;
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

/* The square map of the LP written (columns x1.., as cbc_write names
 * them), for the reader `harness check` uses. The names live in one
 * buffer, `*names`, freed by the caller with map->name. 0, or -1. */
static int cbc_map(nq_sqmap *map, const nq_ilp_mem *m, int n, const char *lp,
		   char **names)
{
	size_t sq = (size_t)n * n, k, at = 0, each = 12;

	memset(map, 0, sizeof *map);
	snprintf(map->path, sizeof map->path, "%s", lp);
	map->n = n;
	map->counts_queens = nq_ilp_mem_counts_queens(m);
	map->name = calloc(sq, sizeof *map->name);
	*names = malloc(sq * each);
	if (!map->name || !*names)
		return -1;
	for (k = 0; k < sq; k++) {
		map->name[k] = *names + at;
		at += (size_t)snprintf(*names + at, each, "x%d",
				       nq_ilp_mem_square_col(m, (int)(k / n),
							     (int)(k % n))) + 1;
	}
	return 0;
}

/* CBC's answer, read from its solution file by the reader `harness
 * check` uses (solfile.h: the whole file, strictly; every column set
 * counts, two queens on a row reach the validator as they are): NQ_OK,
 * or an error with the note set. CBC stopped at its own limit without
 * a placement is a timeout. */
static int cbc_answer(const struct ext_dir *d, const char *sol,
		      const char *lp, const char *prog, int status,
		      const nq_ilp_mem *m, int n, nq_result *res)
{
	char how[160], *names = NULL;
	const char *optimum;
	nq_sqmap map;
	int answer;

	if (cbc_map(&map, m, n, lp, &names)) {
		free(map.name);
		free(names);
		snprintf(res->note, sizeof res->note, "out of memory");
		return NQ_ENOMEM;
	}
	answer = nq_ext_read_answer(d, &map, sol, NQ_SOL_CBC, prog,
				    "solution file", status, res, how,
				    sizeof how);
	free(map.name);
	free(names);
	if (answer < 0 && !strncmp(how, "Stopped", 7)) {
		snprintf(res->note, sizeof res->note, "time limit reached "
			 "(cbc: %.100s)", how);
		return NQ_ETIMEOUT;
	}
	if (answer < 0)
		return NQ_ERR;
	res->solutions = answer != 0;
	/* a proved maximum of the queens below n: no placement (only
	 * "Optimal" is a proof; `independent-set`, as glpk reads it) */
	if (!answer && (optimum = strstr(how, ", an optimum of ")))
		snprintf(res->note, sizeof res->note, "the optimum, %.60s, "
			 "proves there is no placement", optimum + 16);
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
		rc = cbc_answer(&d, sol, lp, argv[0], status, m,
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
