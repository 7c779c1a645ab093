/*
 * export.c - DIMACS CNF, CPLEX LP and MPS files of an instance; see
 * export.h.
 *
 * The CNF goes through the host's nq_cnf_build (encoders/cnf.h) into a
 * sink that keeps the literals in memory and checks what a third-party
 * encoder hands over; the ILP through the model's build hook into a sink
 * onto a GLPK problem of its own (not solvers/library/glpk.c's, which also solves),
 * written with glp_write_lp / glp_write_mps. GLPK aborts the process on
 * API misuse, so the sink (formats/glpk_sink.c, which catches nothing
 * here) checks every argument first, and GLPK's terminal output is off
 * while writing.
 */
#include <errno.h>
#include <glpk.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "atomic.h"
#include "error.h"
#include "export.h"
#include "formats.h"
#include "cnf.h"
#include "glpk_sink.h"
#include "host.h"

/* Look at the clock once per this many clauses. */
#define CLOCK_EVERY 65536

/* ------------------------------------------------------------------ */
/* CNF in memory. */

#define CNF_MAX_VARS (INT_MAX / 2)

static int mem_new_var(void *ctx)
{
	nq_cnf_mem *m = ctx;

	if (m->nvars >= CNF_MAX_VARS) {
		m->oom = 1;
		return 0;
	}
	return ++m->nvars;
}

static void mem_add(void *ctx, int lit)
{
	nq_cnf_mem *m = ctx;

	if (m->oom || m->bad_lit || m->late)
		return;
	if (lit == INT_MIN || abs(lit) > m->nvars) {
		m->bad_lit = lit;
		return;
	}
	if (m->len == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 4096;
		int *grown = realloc(m->lits, cap * sizeof *grown);

		if (!grown) {
			m->oom = 1;
			return;
		}
		m->lits = grown;
		m->cap = cap;
	}
	m->lits[m->len++] = lit;
	if (lit == 0) {
		m->open = 0;
		m->nclauses++;
		if (m->deadline > 0 && m->nclauses % CLOCK_EVERY == 0 &&
		    nq_now() >= m->deadline)
			m->late = 1;
	} else {
		m->open++;
		m->nlits++;
	}
}

int nq_cnf_mem_build(nq_cnf_mem *m, const nq_instance *inst,
		     const nq_cnf_encoder *enc, enum nq_cnf_columns columns,
		     char *why, size_t len)
{
	const nq_cnf_sink sink = { m, mem_new_var, mem_add };
	int n = inst->n, rc;
	double deadline = m->deadline;

	memset(m, 0, sizeof *m);
	m->deadline = deadline;
	m->n = n;
	if (n < 1 || n > 46340) {
		nq_why_set(why, len, "n must be 1..46340 for a CNF, not %d", n);
		return NQ_ERR;
	}
	if (!(m->square_var = calloc((size_t)n * n, sizeof *m->square_var))) {
		nq_why_set(why, len, "out of memory for %d squares", n * n);
		return NQ_ENOMEM;
	}
	rc = nq_cnf_build(inst, enc, columns, &sink, m->square_var);
	if (m->late) {
		nq_why_set(why, len, "time limit reached while building the CNF");
		return NQ_ETIMEOUT;
	}
	if (m->oom) {
		nq_why_set(why, len, "out of memory building the CNF (%d "
			"variables, %lld clauses so far)", m->nvars,
			(long long)m->nclauses);
		return NQ_ENOMEM;
	}
	if (rc != NQ_OK) {
		nq_why_set(why, len, "encoder '%s' failed (%d)", enc->name, rc);
		return rc == NQ_ENOMEM ? NQ_ENOMEM : NQ_ERR;
	}
	{
		nq_cnf_seen seen = { m->nvars, m->bad_lit, m->open };

		if (nq_cnf_check(enc, n, m->square_var, &seen, why, len))
			return NQ_ERR;
	}
	return NQ_OK;
}

void nq_cnf_mem_free(nq_cnf_mem *m)
{
	free(m->square_var);
	free(m->lits);
	memset(m, 0, sizeof *m);
}

void nq_export_comment(FILE *f, const char *prefix, const char *comment)
{
	const char *p = comment, *nl;

	while (p && *p) {
		nl = strchr(p, '\n');
		fprintf(f, "%s %.*s\n", prefix,
			(int)(nl ? (size_t)(nl - p) : strlen(p)), p);
		p = nl ? nl + 1 : NULL;
	}
}

/* The clauses, formatted by hand into a buffer: fprintf per literal
 * would make writing a large CNF slower than solving it. */
static int write_clauses(const nq_cnf_mem *m, FILE *f)
{
	char buf[1 << 16], digits[16];
	size_t i, used = 0, clauses = 0;

	for (i = 0; i < m->len; i++) {
		int lit = m->lits[i], k = 0;
		unsigned u;

		if (used > sizeof buf - 32) {
			if (fwrite(buf, 1, used, f) != used)
				return -1;
			used = 0;
		}
		if (lit == 0) {
			buf[used++] = '0';
			buf[used++] = '\n';
			if (m->deadline > 0 && ++clauses % CLOCK_EVERY == 0 &&
			    nq_now() >= m->deadline)
				return -2;
			continue;
		}
		if (lit < 0)
			buf[used++] = '-';
		u = lit < 0 ? 0u - (unsigned)lit : (unsigned)lit;
		do
			digits[k++] = (char)('0' + u % 10);
		while ((u /= 10));
		while (k)
			buf[used++] = digits[--k];
		buf[used++] = ' ';
	}
	return used && fwrite(buf, 1, used, f) != used ? -1 : 0;
}

static int cnf_write(const nq_cnf_mem *m, FILE *f, const char *comment)
{
	int n = m->n, r, c, rc;

	nq_export_comment(f, "c", comment);
	for (r = 0; r < n; r++)
		for (c = 0; c < n; c++)
			fprintf(f, "c square %d %d %d\n", r + 1, c + 1,
				m->square_var[r * n + c]);
	fprintf(f, "p cnf %d %lld\n", m->nvars, (long long)m->nclauses);
	rc = write_clauses(m, f);
	return rc ? rc : ferror(f) ? -1 : 0;
}

/* A temp file beside `path` (nq_atomic), renamed into place by
 * finish_file; `path` must not be a device, FIFO, directory or symbolic
 * link. */
static FILE *start_file(const char *path, nq_atomic *a, char *why,
			size_t len)
{
	nq_error err;

	memset(&err, 0, sizeof err);
	if (nq_atomic_open(a, path, &err) < 0) {
		nq_error_format(&err, why, len);
		return NULL;
	}
	return a->f;
}

static int finish_file(nq_atomic *a, int failed, char *why, size_t len)
{
	nq_error err;

	memset(&err, 0, sizeof err);
	if (failed) {
		nq_atomic_abort(a);
		return nq_why_set(why, len, "%s: cannot write: %s", a->path,
			       strerror(EIO));
	}
	if (nq_atomic_commit(a, &err) < 0) {
		nq_error_format(&err, why, len);
		return -1;
	}
	return 0;
}

int nq_cnf_mem_write_file(const nq_cnf_mem *m, const char *path,
			  const char *comment, char *why, size_t len)
{
	nq_atomic a;
	FILE *f = start_file(path, &a, why, len);
	int failed;

	if (!f)
		return -1;
	errno = 0;
	failed = cnf_write(m, f, comment);
	if (failed == -2) {
		nq_atomic_abort(&a);
		return nq_why_set(why, len, "time limit reached while writing %s",
			       path);
	}
	return finish_file(&a, failed, why, len);
}

/* ------------------------------------------------------------------ */
/* ILP into a GLPK problem. */

struct nq_ilp_mem {
	glp_prob *P;
	int n;
	int *square_col;
	nq_glpk_sink sink;    /* the model's columns and rows onto P */
};

int nq_ilp_mem_build(nq_ilp_mem **out, const nq_instance *inst,
		     const nq_ilp_model *model, int own_names, char *why,
		     size_t len)
{
	nq_ilp_mem *m;
	nq_ilp_sink sink;
	int n = inst->n, rc, k, ncols;

	*out = NULL;
	if (n < 1 || n > 10000) {
		nq_why_set(why, len, "n must be 1..10000 for an ILP, not %d", n);
		return NQ_ERR;
	}
	if (!(m = calloc(1, sizeof *m)) ||
	    !(m->square_col = calloc((size_t)n * n, sizeof *m->square_col))) {
		free(m);
		nq_why_set(why, len, "out of memory for %d squares", n * n);
		return NQ_ENOMEM;
	}
	m->n = n;
	glp_term_out(GLP_OFF);
	m->P = glp_create_prob();
	nq_glpk_sink_init(&m->sink, m->P);
	m->sink.names = own_names ? NQ_GLPK_NAMES_OWN : NQ_GLPK_NAMES_CHECKED;
	sink = nq_glpk_sink_ilp(&m->sink);
	rc = model->build(inst, &sink, m->square_col);
	if (m->sink.err || rc != NQ_OK) {
		nq_why_set(why, len, "model '%s': %s", model->name,
			m->sink.err ? m->sink.msg : "build failed");
		rc = m->sink.err ? m->sink.err
				 : rc == NQ_ENOMEM ? NQ_ENOMEM : NQ_ERR;
		nq_ilp_mem_free(m);
		return rc;
	}
	ncols = glp_get_num_cols(m->P);
	for (k = 0; k < n * n; k++)
		if (m->square_col[k] < 1 || m->square_col[k] > ncols) {
			nq_why_set(why, len, "model '%s' left square (%d,%d) "
				"without a column", model->name, k / n + 1,
				k % n + 1);
			nq_ilp_mem_free(m);
			return NQ_ERR;
		}
	rc = nq_glpk_sink_forbid(&m->sink, inst, m->square_col);
	if (rc != NQ_OK) {
		nq_why_set(why, len, "%s", m->sink.msg);
		nq_ilp_mem_free(m);
		return rc;
	}
	*out = m;
	return NQ_OK;
}

void nq_ilp_mem_free(nq_ilp_mem *m)
{
	if (!m)
		return;
	if (m->P)
		glp_delete_prob(m->P);
	free(m->square_col);
	nq_glpk_sink_free(&m->sink);
	free(m);
}

int nq_ilp_mem_square_col(const nq_ilp_mem *m, int r, int c)
{
	return m->square_col[r * m->n + c];
}


void nq_ilp_mem_sizes(const nq_ilp_mem *m, int64_t *cols, int64_t *rows,
		      int64_t *nonzeros)
{
	*cols = glp_get_num_cols(m->P);
	*rows = glp_get_num_rows(m->P);
	*nonzeros = glp_get_num_nz(m->P);
}

int nq_ilp_mem_counts_queens(const nq_ilp_mem *m)
{
	int ncols = glp_get_num_cols(m->P), n = m->n, nonzero = 0, k, j;

	if (glp_get_obj_dir(m->P) != GLP_MAX ||
	    glp_get_obj_coef(m->P, 0) != 0.0)
		return 0;
	for (k = 0; k < n * n; k++)
		if (glp_get_obj_coef(m->P, m->square_col[k]) != 1.0)
			return 0;
	for (j = 1; j <= ncols; j++)
		if (glp_get_obj_coef(m->P, j) != 0.0)
			nonzero++;
	/* every nonzero coefficient is a square's (columns are distinct) */
	return nonzero == n * n;
}

/* GLPK 5.0's glp_write_mps writes no objective sense (an MPS file means
 * minimize), glpsol 5.0 rejects an OBJSENSE section ("invalid indicator
 * record") and CBC 2.10 reads one and ignores it ("MAX found after
 * OBJSENSE - Coin ignores"): either would solve a maximization as a
 * minimization. So a maximization is written as the equivalent
 * minimization of the negated objective, on a copy, and a comment says
 * so; every reader then solves the same problem. */
static glp_prob *mps_copy(const nq_ilp_mem *m)
{
	glp_prob *Q;
	int j, ncols = glp_get_num_cols(m->P);

	if (glp_get_obj_dir(m->P) != GLP_MAX)
		return NULL;
	Q = glp_create_prob();
	glp_copy_prob(Q, m->P, GLP_ON);
	glp_set_obj_dir(Q, GLP_MIN);
	for (j = 0; j <= ncols; j++)
		glp_set_obj_coef(Q, j, -glp_get_obj_coef(m->P, j));
	return Q;
}

int nq_ilp_mem_write(const nq_ilp_mem *m, const char *path,
		     enum nq_ilp_format fmt, const char *comment, char *why,
		     size_t len)
{
	const char *prefix = fmt == NQ_ILP_LP ? "\\" : "*";
	char body[4200], buf[65536], name[40];
	nq_atomic a;
	FILE *f, *in = NULL;
	glp_prob *Q = fmt == NQ_ILP_MPS ? mps_copy(m) : NULL;
	int n = m->n, r, c, failed = 0, bfd, wrote;
	size_t got;

	nq_error err;

	memset(&err, 0, sizeof err);
	if (nq_output_check(path, &err)) {
		if (Q)
			glp_delete_prob(Q);
		nq_error_format(&err, why, len);
		return -1;
	}
	/* GLPK writes to a file of its own; ours gets the comments, then
	 * GLPK's text. */
	if ((size_t)snprintf(body, sizeof body, "%s.glpXXXXXX", path) >=
	    sizeof body) {
		if (Q)
			glp_delete_prob(Q);
		return nq_why_set(why, len, "%s: file name too long", path);
	}
	if ((bfd = mkstemp(body)) < 0) {
		if (Q)
			glp_delete_prob(Q);
		return nq_why_set(why, len, "%s: cannot write: %s", path,
			       strerror(errno));
	}
	close(bfd);
	glp_term_out(GLP_OFF);
	wrote = fmt == NQ_ILP_LP ? glp_write_lp(m->P, NULL, body)
		: glp_write_mps(Q ? Q : m->P, GLP_MPS_FILE, NULL, body);
	if (Q)
		glp_delete_prob(Q);
	if (wrote != 0 || !(in = fopen(body, "r"))) {
		unlink(body);
		return nq_why_set(why, len, "%s: GLPK could not write the %s file",
			       path, fmt == NQ_ILP_LP ? "LP" : "MPS");
	}
	if (!(f = start_file(path, &a, why, len))) {
		fclose(in);
		unlink(body);
		return -1;
	}
	errno = 0;
	nq_export_comment(f, prefix, comment);
	if (nq_ilp_mem_counts_queens(m))
		fprintf(f, "%s objective: maximize the number of queens (a "
			"proved optimum below n: no placement)\n", prefix);
	if (fmt == NQ_ILP_MPS && glp_get_obj_dir(m->P) == GLP_MAX)
		fprintf(f, "* OBJSENSE MAX, written as minimize the negated "
			"objective (its optimum negated):\n* glpsol 5.0 "
			"rejects an OBJSENSE section, cbc 2.10 ignores one\n");
	for (r = 0; r < n; r++)
		for (c = 0; c < n; c++) {
			int j = m->square_col[r * n + c];
			const char *nm = glp_get_col_name(m->P, j);

			if (!nm) {
				snprintf(name, sizeof name, "C%d", j);
				nm = name;
			}
			fprintf(f, "%s square %d %d %s\n", prefix, r + 1,
				c + 1, nm);
		}
	while ((got = fread(buf, 1, sizeof buf, in)) > 0)
		if (fwrite(buf, 1, got, f) != got)
			failed = 1;
	if (ferror(in) || ferror(f))
		failed = 1;
	fclose(in);
	unlink(body);
	return finish_file(&a, failed, why, len);
}

/* ---- the rows: DIMACS, CPLEX LP, free MPS (formats.h) ---------------- */

/* --columns alo (default) or none. */
static int dimacs_check(nq_export_req *r, char *why, size_t len)
{
	int i = NQ_CNF_COLUMNS_ALO;

	if (r->columns &&
	    (i = nq_export_choice(nq_cnf_columns_choices, r->columns)) < 0)
		return nq_export_bad_choice(why, len, "--columns is alo or none",
					    r->columns, nq_cnf_columns_choices);
	r->choice2 = i;
	return 0;
}

static int dimacs_write(const nq_export_req *r, char *said, size_t saidlen,
			char *why, size_t len)
{
	nq_cnf_mem m = { 0 };
	int rc;

	rc = nq_cnf_mem_build(&m, r->inst, r->cnf,
			      (enum nq_cnf_columns)r->choice2, why, len);
	if (rc == NQ_OK)
		rc = nq_cnf_mem_write_file(&m, r->path, r->comment, why, len);
	if (rc == NQ_OK)
		snprintf(said, saidlen, "%d variables, %lld clauses, %lld "
			 "literals", m.nvars, (long long)m.nclauses,
			 (long long)m.nlits);
	nq_cnf_mem_free(&m);
	return rc == NQ_OK ? 0 : -1;
}

static int ilp_write(const nq_export_req *r, enum nq_ilp_format fmt,
		     char *said, size_t saidlen, char *why, size_t len)
{
	nq_ilp_mem *m = NULL;
	int64_t cols, rows, nz;
	int rc;

	rc = nq_ilp_mem_build(&m, r->inst, r->ilp, 0, why, len);
	if (rc == NQ_OK)
		rc = nq_ilp_mem_write(m, r->path, fmt, r->comment, why, len);
	if (rc == NQ_OK) {
		nq_ilp_mem_sizes(m, &cols, &rows, &nz);
		snprintf(said, saidlen, "%lld columns, %lld rows, %lld "
			 "nonzeros", (long long)cols, (long long)rows,
			 (long long)nz);
	}
	nq_ilp_mem_free(m);
	return rc == NQ_OK ? 0 : -1;
}

static int lp_write(const nq_export_req *r, char *said, size_t saidlen,
		    char *why, size_t len)
{
	return ilp_write(r, NQ_ILP_LP, said, saidlen, why, len);
}

static int mps_write(const nq_export_req *r, char *said, size_t saidlen,
		     char *why, size_t len)
{
	return ilp_write(r, NQ_ILP_MPS, said, saidlen, why, len);
}

static const char *const dimacs_ext[] = { ".cnf", ".dimacs", NULL };
static const char *const lp_ext[] = { ".lp", NULL };
static const char *const mps_ext[] = { ".mps", NULL };

const nq_export_format nq_export_dimacs = {
	"dimacs", dimacs_ext,
	NQ_EXPORT_HINT | NQ_EXPORT_EXCLUDE | NQ_EXPORT_CNF | NQ_EXPORT_COLUMNS,
	"DIMACS CNF", NULL, 0, dimacs_check, dimacs_write
};

const nq_export_format nq_export_lp = {
	"lp", lp_ext, NQ_EXPORT_HINT | NQ_EXPORT_EXCLUDE | NQ_EXPORT_ILP,
	"CPLEX LP", NULL, 0, NULL, lp_write
};

const nq_export_format nq_export_mps = {
	"mps", mps_ext, NQ_EXPORT_HINT | NQ_EXPORT_EXCLUDE | NQ_EXPORT_ILP,
	"free MPS", NULL, 0, NULL, mps_write
};
