/* cells.c - see cells.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cells.h"

/* Readable names of the columns the harness writes (a table, as data). */
static const struct {
	const char *col, *label;
} labels[] = {
	{ "wall_s", "wall time (s)" },
	{ "cpu_s", "CPU time (s)" },
	{ "peak_rss_kib", "peak resident memory (KiB)" },
	{ "build_s", "model build time (s)" },
	{ "solve_s", "solve time (s)" },
	{ "vars", "variables" },
	{ "constraints", "clauses (CNF) or rows (ILP)" },
	{ "nonzeros", "literals (CNF) or nonzeros (ILP)" },
	{ "nodes", "search nodes" },
	{ "decisions", "SAT decisions" },
	{ "conflicts", "SAT conflicts" },
	{ "iterations", "simplex iterations" },
	{ NULL, NULL }
};

const char *nq_column_label(const char *col)
{
	size_t i;

	for (i = 0; labels[i].col; i++)
		if (!strcmp(labels[i].col, col))
			return labels[i].label;
	return col;
}

int nq_status_from_name(const char *name)
{
	int st;

	for (st = 0; st < NQ_ST__COUNT; st++)
		if (!strcmp(nq_status_name((nq_status)st), name))
			return st;
	return -1;
}

/* Columns every results file has (the design's contract). */
static const char *const needed[] = { "n", "mode", "status", NULL };

/* A cell while rows are added: its values grow. */
struct acc {
	nq_cell c;
	double *ok, *bad;
	size_t nok, nbad, capok, capbad;
};

static int push(double **v, size_t *n, size_t *cap, double x)
{
	if (*n == *cap) {
		size_t c = *cap ? 2 * *cap : 4;
		double *p = realloc(*v, c * sizeof *p);

		if (!p)
			return -1;
		*v = p;
		*cap = c;
	}
	(*v)[(*n)++] = x;
	return 0;
}

static int intern(char ***list, size_t *n, const char *s, size_t *idx)
{
	size_t i;
	char **p;

	for (i = 0; i < *n; i++)
		if (!strcmp((*list)[i], s)) {
			*idx = i;
			return 0;
		}
	p = realloc(*list, (*n + 1) * sizeof *p);
	if (!p)
		return -1;
	*list = p;
	if (!(p[*n] = strdup(s)))
		return -1;
	*idx = (*n)++;
	return 0;
}

void nq_cells_free(nq_cells *c)
{
	size_t i;

	if (!c)
		return;
	for (i = 0; i < c->ncells; i++)
		free(c->cell[i].hints);
	for (i = 0; i < c->nseries; i++)
		free(c->series[i]);
	for (i = 0; i < c->nmodes; i++)
		free(c->modes[i]);
	free(c->cell);
	free(c->series);
	free(c->modes);
	free(c->experiment);
	free(c->ycol);
	free(c);
}

static void list_numeric(const nq_table *t, char *buf, size_t len)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < nq_table_ncols(t) && used < len; i++)
		if (nq_table_col_numeric(t, (int)i))
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
						 used ? ", " : "",
						 nq_table_colname(t, i));
}

/* Parse the group spec into column indices. */
static int group_cols(const nq_table *t, const char *name, const char *group,
		      int *cols, size_t *ncols, nq_error *err)
{
	char buf[256], *p, *save = NULL;

	*ncols = 0;
	if (!group && nq_table_col(t, "approach") >= 0) {
		/* the harness named each approach when it ran */
		cols[(*ncols)++] = nq_table_col(t, "approach");
		return 0;
	}
	if (!group) {
		/* files from before the `approach` column: solver/encoding,
		 * and options where one approach's rows disagree on them */
		int s = nq_table_col(t, "solver"), e = nq_table_col(t, "encoding");
		int o = nq_table_col(t, "options");
		size_t i, j;

		if (s < 0)
			return nq_error_set(err, name, 0, 0, "no column 'solver': "
					    "is this a harness results file?");
		cols[(*ncols)++] = s;
		if (e >= 0)
			cols[(*ncols)++] = e;
		if (o < 0)
			return 0;
		for (i = 0; i < nq_table_nrows(t); i++)
			for (j = 0; j < i; j++)
				if (!strcmp(nq_table_cell(t, i, s), nq_table_cell(t, j, s)) &&
				    !strcmp(nq_table_cell(t, i, e), nq_table_cell(t, j, e)) &&
				    strcmp(nq_table_cell(t, i, o), nq_table_cell(t, j, o))) {
					cols[(*ncols)++] = o;
					return 0;
				}
		return 0;
	}
	if (snprintf(buf, sizeof buf, "%s", group) >= (int)sizeof buf)
		return nq_error_set(err, NULL, 0, 0, "--group is too long");
	for (p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
		int c = nq_table_col(t, p);

		if (c < 0)
			return nq_error_set(err, name, 0, 0, "no column '%s' to "
					    "group by", p);
		if (*ncols == 8)
			return nq_error_set(err, NULL, 0, 0, "--group: at most 8 "
					    "columns");
		cols[(*ncols)++] = c;
	}
	if (*ncols == 0)
		return nq_error_set(err, NULL, 0, 0, "--group names no column");
	return 0;
}

static void series_label(const nq_table *t, size_t r, const int *cols,
			 size_t ncols, int options_col, char *buf, size_t len)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < ncols && used < len; i++) {
		const char *v = nq_table_cell(t, r, cols[i]);

		if (!v[0])
			continue;
		if (cols[i] == options_col)
			used += (size_t)snprintf(buf + used, len - used, " [%s]", v);
		else
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
						 used ? "/" : "", v);
	}
	if (!buf[0])
		snprintf(buf, len, "(none)");
}

static int cmp_cell(const void *a, const void *b)
{
	const nq_cell *x = a, *y = b;
	int h;

	if (x->mode != y->mode)
		return x->mode < y->mode ? -1 : 1;
	if ((h = strcmp(x->hints, y->hints)) != 0)
		return h;
	if (x->n != y->n)
		return x->n < y->n ? -1 : 1;
	return (x->series > y->series) - (x->series < y->series);
}

int nq_cells_build(const nq_table *t, const char *name,
		   const nq_cells_opts *o, nq_cells **out, nq_error *err)
{
	const char *ycol = o->y ? o->y : "wall_s";
	int cols[8], ci[3], yi, hi, ti, ei, oi;
	size_t ncols, i, r, a, nacc = 0, capacc = 0;
	struct acc *acc = NULL;
	nq_cells *c = NULL;
	char label[512], list[1024];
	int rc = -1;

	*out = NULL;
	for (i = 0; needed[i]; i++)
		if ((ci[i] = nq_table_col(t, needed[i])) < 0)
			return nq_error_set(err, name, 0, 0, "no column '%s': is "
					    "this a harness results file? (it "
					    "needs n, mode, solver, status)",
					    needed[i]);
	yi = nq_table_col(t, ycol);
	if (yi < 0 || !nq_table_col_numeric(t, yi)) {
		list_numeric(t, list, sizeof list);
		return nq_error_set(err, name, 0, 0, "%s column '%s'; numeric "
				    "columns: %s", yi < 0 ? "no" : "no numbers in",
				    ycol, list[0] ? list : "(none)");
	}
	if (group_cols(t, name, o->group, cols, &ncols, err) < 0)
		return -1;
	hi = nq_table_col(t, "hints");
	ti = nq_table_col(t, "timeout_s");
	ei = nq_table_col(t, "experiment");
	oi = nq_table_col(t, "options");
	if (!(c = calloc(1, sizeof *c)) || !(c->ycol = strdup(ycol)) ||
	    !(c->experiment = strdup(nq_table_cell(t, 0, ei))))
		goto oom;
	c->rows = nq_table_nrows(t);
	for (r = 0; r < nq_table_nrows(t); r++) {
		const char *mode = nq_table_cell(t, r, ci[1]);
		const char *hints = nq_table_cell(t, r, hi);
		const char *stname = nq_table_cell(t, r, ci[2]);
		double n, y, to;
		size_t si, mi;
		int st;

		if (o->mode && strcmp(mode, o->mode))
			continue;
		if (nq_table_number(nq_table_cell(t, r, ci[0]), &n) < 0 ||
		    n < 1 || n > 1e9 || n != (int)n) {
			nq_error_set(err, name, 0, 0, "row %zu: n is '%s', not a "
				     "board size", r + 1,
				     nq_table_cell(t, r, ci[0]));
			goto out;
		}
		if ((st = nq_status_from_name(stname)) < 0) {
			nq_error_set(err, name, 0, 0, "row %zu: unknown status "
				     "'%s'", r + 1, stname);
			goto out;
		}
		series_label(t, r, cols, ncols, oi, label, sizeof label);
		if (intern(&c->series, &c->nseries, label, &si) < 0 ||
		    intern(&c->modes, &c->nmodes, mode, &mi) < 0)
			goto oom;
		if (hints[0])
			c->hinted_rows++;
		for (a = 0; a < nacc; a++)
			if (acc[a].c.series == si && acc[a].c.mode == mi &&
			    acc[a].c.n == (int)n && !strcmp(acc[a].c.hints, hints))
				break;
		if (a == nacc) {
			if (nacc == capacc) {
				size_t cap = capacc ? 2 * capacc : 64;
				struct acc *p = realloc(acc, cap * sizeof *p);

				if (!p)
					goto oom;
				acc = p;
				capacc = cap;
			}
			memset(&acc[a], 0, sizeof acc[a]);
			acc[a].c.series = si;
			acc[a].c.mode = mi;
			acc[a].c.n = (int)n;
			nacc++;
			if (!(acc[a].c.hints = strdup(hints)))
				goto oom;
		}
		acc[a].c.runs++;
		acc[a].c.status[st]++;
		if (nq_table_number(nq_table_cell(t, r, ti), &to) == 0) {
			if (to > acc[a].c.timeout_s)
				acc[a].c.timeout_s = to;
			if (to > c->timeout_s)
				c->timeout_s = to;
		}
		if (nq_table_number(nq_table_cell(t, r, yi), &y) < 0)
			continue;
		if (st == NQ_ST_OK || o->any_status) {
			if (push(&acc[a].ok, &acc[a].nok, &acc[a].capok, y) < 0)
				goto oom;
		} else if (push(&acc[a].bad, &acc[a].nbad, &acc[a].capbad, y) < 0) {
			goto oom;
		}
	}
	if (nacc == 0) {
		if (o->mode)
			nq_error_set(err, name, 0, 0, "no rows of mode '%s'",
				     o->mode);
		else
			nq_error_set(err, name, 0, 0, "no rows: nothing to show");
		goto out;
	}
	if (!(c->cell = calloc(nacc, sizeof *c->cell)))
		goto oom;
	for (a = 0; a < nacc; a++) {
		nq_stats_of(acc[a].ok, acc[a].nok, &acc[a].c.y);
		nq_stats_of(acc[a].bad, acc[a].nbad, &acc[a].c.fail_y);
		c->cell[a] = acc[a].c;
		acc[a].c.hints = NULL; /* now owned by c */
		c->ncells++;
	}
	qsort(c->cell, c->ncells, sizeof *c->cell, cmp_cell);
	*out = c;
	c = NULL;
	rc = 0;
	goto out;
oom:
	nq_error_set(err, name, 0, 0, "out of memory");
out:
	for (i = 0; i < nacc; i++) {
		free(acc[i].ok);
		free(acc[i].bad);
		free(acc[i].c.hints);
	}
	free(acc);
	nq_cells_free(c);
	return rc;
}

const nq_cell *nq_cells_find(const nq_cells *c, size_t series, size_t mode,
			     const char *hints, int n)
{
	size_t i;

	for (i = 0; i < c->ncells; i++)
		if (c->cell[i].series == series && c->cell[i].mode == mode &&
		    c->cell[i].n == n && !strcmp(c->cell[i].hints, hints))
			return &c->cell[i];
	return NULL;
}
