/*
 * glpk_sink.c - an nq_ilp_sink onto a GLPK problem; see glpk_sink.h.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "glpk_sink.h"
#include "nq_board.h"

/* GLPK holds at most this many columns (and rows). */
#define GLPK_MAX_COLS 100000000

void nq_glpk_sink_init(nq_glpk_sink *s, glp_prob *P)
{
	memset(s, 0, sizeof *s);
	s->P = P;
	s->names = NQ_GLPK_NAMES_MODEL;
}

void nq_glpk_sink_free(nq_glpk_sink *s)
{
	free(s->ind);
	free(s->val);
	free(s->seen);
	s->ind = NULL;
	s->val = NULL;
	s->seen = NULL;
	s->cap = s->seen_cap = 0;
}

static void sink_fail(nq_glpk_sink *s, int code, const char *msg)
{
	if (!s->err) {
		s->err = code;
		snprintf(s->msg, sizeof s->msg, "%s", msg);
	}
}

/* A name GLPK and its LP / MPS writers take: 1..255 printable
 * characters, no blanks. */
static int good_name(const char *name)
{
	size_t i;

	if (!name || !*name || strlen(name) > 255)
		return 0;
	for (i = 0; name[i]; i++)
		if (!isgraph((unsigned char)name[i]))
			return 0;
	return 1;
}

/* Name column or row k (is_col: a column) as s->names says. */
static void set_name(nq_glpk_sink *s, int is_col, int k, const char *name)
{
	char own[32];

	if (s->names == NQ_GLPK_NAMES_OWN) {
		snprintf(own, sizeof own, "%c%d", is_col ? 'x' : 'r', k);
		name = own;
	} else if (s->names == NQ_GLPK_NAMES_CHECKED ? !good_name(name)
						      : !name) {
		return;
	}
	if (is_col)
		glp_set_col_name(s->P, k, name);
	else
		glp_set_row_name(s->P, k, name);
}

/* The sink's work, called only through GUARDED below. */
static int col_add(nq_glpk_sink *s, const char *name, double lb, double ub,
		   double obj, int is_integer)
{
	int j, type;

	if (isnan(lb) || isnan(ub) || lb > ub || !isfinite(obj) ||
	    (isinf(lb) && lb > 0) || (isinf(ub) && ub < 0)) {
		sink_fail(s, NQ_ERR, "model added a column with bad bounds");
		return -1;
	}
	if (glp_get_num_cols(s->P) >= GLPK_MAX_COLS) {
		sink_fail(s, NQ_ERR, "model needs more columns than GLPK holds");
		return -1;
	}
	j = glp_add_cols(s->P, 1);
	set_name(s, 1, j, name);
	/* Kind before bounds: GLP_BV would reset the bounds to [0, 1]. */
	glp_set_col_kind(s->P, j, is_integer ? GLP_IV : GLP_CV);
	if (isinf(lb) && isinf(ub))
		type = GLP_FR;
	else if (isinf(lb))
		type = GLP_UP;
	else if (isinf(ub))
		type = GLP_LO;
	else
		type = lb == ub ? GLP_FX : GLP_DB;
	glp_set_col_bnds(s->P, j, type, isinf(lb) ? 0.0 : lb,
			 isinf(ub) ? 0.0 : ub);
	glp_set_obj_coef(s->P, j, obj);
	return j;
}

/* Room for nz entries in the row buffers and, when repeats are looked for,
 * a flag per column. 0, or -1 out of memory. */
static int reserve(nq_glpk_sink *s, int nz, int ncols)
{
	if (nz + 1 > s->cap) {
		int cap = nz + 1;
		int *ind = realloc(s->ind, (size_t)cap * sizeof *ind);
		double *val;

		if (ind)
			s->ind = ind;
		val = ind ? realloc(s->val, (size_t)cap * sizeof *val) : NULL;
		if (!val)
			return -1;
		s->val = val;
		s->cap = cap;
	}
	if (!s->target && ncols + 1 > s->seen_cap) {
		unsigned char *seen = realloc(s->seen, (size_t)ncols + 1);

		if (!seen)
			return -1;
		memset(seen + s->seen_cap, 0, (size_t)(ncols + 1 - s->seen_cap));
		s->seen = seen;
		s->seen_cap = ncols + 1;
	}
	return 0;
}

static int row_add(nq_glpk_sink *s, const char *name, char sense,
		   double rhs, int nz, const int *cols, const double *vals)
{
	int ncols = glp_get_num_cols(s->P), i, k;
	const char *bad = NULL;

	if ((sense != 'L' && sense != 'G' && sense != 'E') || !isfinite(rhs) ||
	    nz < 0 || nz > ncols || (nz > 0 && (!cols || !vals))) {
		sink_fail(s, NQ_ERR, "model added a malformed row");
		return -1;
	}
	if (reserve(s, nz, ncols)) {
		sink_fail(s, NQ_ENOMEM, "out of memory building the model");
		return -1;
	}
	for (k = 0; k < nz && !bad; k++) {
		if (cols[k] < 1 || cols[k] > ncols || !isfinite(vals[k]))
			bad = "model added a row with a bad column or value";
		else if (!s->target && s->seen[cols[k]]++)
			bad = "model added a row with a repeated column";
		s->ind[k + 1] = cols[k];
		s->val[k + 1] = vals[k];
	}
	/* Uncaught, GLPK would abort on a repeated column: looked for
	 * above; the flags go back to 0 (k entries were looked at). */
	if (!s->target)
		for (i = 0; i < k; i++)
			if (cols[i] >= 1 && cols[i] <= ncols)
				s->seen[cols[i]] = 0;
	if (bad) {
		sink_fail(s, NQ_ERR, bad);
		return -1;
	}
	i = glp_add_rows(s->P, 1);
	set_name(s, 0, i, name);
	if (sense == 'L')
		glp_set_row_bnds(s->P, i, GLP_UP, 0.0, rhs);
	else if (sense == 'G')
		glp_set_row_bnds(s->P, i, GLP_LO, rhs, 0.0);
	else
		glp_set_row_bnds(s->P, i, GLP_FX, rhs, rhs);
	glp_set_mat_row(s->P, i, nz, s->ind, s->val);
	return i;
}

/* A GLPK error landed in a sink call: GLPK's own words in s->msg. */
static void caught(nq_glpk_sink *s)
{
	if (s->describe) {
		s->err = s->describe(s->info, s->msg, sizeof s->msg);
	} else {
		s->err = NQ_ERR;
		snprintf(s->msg, sizeof s->msg, "GLPK error");
	}
}

/* The sink's entry points: when the owner catches GLPK errors, each call
 * catches them in its own frame, so the jump never crosses the model.
 * After an error (GLPK's or the sink's) every call refuses with -1. The
 * owner's jump pointer is set before setjmp and not changed after it. */
#define GUARDED(s, call)                                                  \
	do {                                                              \
		jmp_buf jb_, *outer_;                                     \
		int r_;                                                   \
		if ((s)->err)                                             \
			return -1;                                        \
		if (!(s)->target)                                         \
			return (call);                                    \
		outer_ = *(s)->target;                                    \
		*(s)->target = &jb_;                                      \
		if (setjmp(jb_)) {                                        \
			*(s)->target = outer_;                            \
			caught(s);                                        \
			return -1;                                        \
		}                                                         \
		r_ = (call);                                              \
		*(s)->target = outer_;                                    \
		return r_;                                                \
	} while (0)

static int sink_add_col(void *ctx, const char *name, double lb, double ub,
			double obj, int is_integer)
{
	nq_glpk_sink *s = ctx;

	GUARDED(s, col_add(s, name, lb, ub, obj, is_integer));
}

static int sink_add_row(void *ctx, const char *name, char sense, double rhs,
			int nz, const int *cols, const double *vals)
{
	nq_glpk_sink *s = ctx;

	GUARDED(s, row_add(s, name, sense, rhs, nz, cols, vals));
}

static void sink_maximize(void *ctx, int yes)
{
	nq_glpk_sink *s = ctx;

	/* glp_set_obj_dir cannot fail on a valid problem */
	if (!s->err)
		glp_set_obj_dir(s->P, yes ? GLP_MAX : GLP_MIN);
}

nq_ilp_sink nq_glpk_sink_ilp(nq_glpk_sink *s)
{
	nq_ilp_sink sink = { s, sink_add_col, sink_add_row, sink_maximize };

	return sink;
}

int nq_glpk_sink_forbid(nq_glpk_sink *s, const nq_instance *inst,
			const int *square_col)
{
	int n = inst->n, ncols = glp_get_num_cols(s->P), k;
	unsigned char *map;

	/* every row's and column's elements by index, as glp_read_lp
	 * leaves a problem it read (glpsol reads back the very problem
	 * the glpk solver solves: the same simplex iterations) */
	glp_sort_matrix(s->P);
	if (!nq_board_restricted(inst))
		return NQ_OK;
	map = malloc((size_t)n * (size_t)n);
	if (!map) {
		snprintf(s->msg, sizeof s->msg, "out of memory for %d squares",
			 n * n);
		return NQ_ENOMEM;
	}
	nq_board_forbidden(inst, map);
	for (k = 0; k < n * n; k++) {
		if (!map[k])
			continue;
		if (square_col[k] < 1 || square_col[k] > ncols) {
			/* the callers check square_col first; never here */
			free(map);
			snprintf(s->msg, sizeof s->msg, "square %d:%d has no "
				 "column", k / n + 1, k % n + 1);
			return NQ_ERR;
		}
		/* lb = ub = 0: GLPK's presolve drops the column, and the
		 * LP / MPS writers say "x = 0" in the bounds */
		glp_set_col_bnds(s->P, square_col[k], GLP_FX, 0.0, 0.0);
	}
	free(map);
	return NQ_OK;
}
