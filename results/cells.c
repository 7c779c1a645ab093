/* cells.c - see cells.h. */
#include <math.h>
#include <stdint.h>
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

/* Columns every results file has (README: the CSV). */
static const char *const needed[] = { "n", "mode", "status", NULL };

/* A cell while rows are added: its values grow. */
struct acc {
	nq_cell c;
	size_t hint;            /* index into the hints set */
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

/* FNV-1a, 64 bits. */
static uint64_t hash_str(const char *s, uint64_t h)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return h;
}

#define HASH_SEED 14695981039346656037ULL

static uint64_t hash_mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdULL;
}

/* Strings numbered in the order they first come, found by hashing: rows
 * are grouped in time linear in their number. */
struct strset {
	char **s;
	size_t n, cap;
	size_t *slot;   /* index + 1; 0: empty */
	size_t nslot;   /* a power of two, at least twice n */
};

static void strset_free(struct strset *t, int strings)
{
	size_t i;

	if (strings)
		for (i = 0; i < t->n; i++)
			free(t->s[i]);
	if (strings)
		free(t->s);
	free(t->slot);
	memset(t, 0, sizeof *t);
}

static int strset_grow(struct strset *t)
{
	size_t nslot = t->nslot ? 2 * t->nslot : 64, i, j;
	size_t *slot = calloc(nslot, sizeof *slot);

	if (!slot)
		return -1;
	for (i = 0; i < t->n; i++) {
		j = hash_str(t->s[i], HASH_SEED) & (nslot - 1);
		while (slot[j])
			j = (j + 1) & (nslot - 1);
		slot[j] = i + 1;
	}
	free(t->slot);
	t->slot = slot;
	t->nslot = nslot;
	return 0;
}

static int intern(struct strset *t, const char *s, size_t *idx)
{
	size_t j;

	if (2 * (t->n + 1) > t->nslot && strset_grow(t) < 0)
		return -1;
	j = hash_str(s, HASH_SEED) & (t->nslot - 1);
	for (; t->slot[j]; j = (j + 1) & (t->nslot - 1))
		if (!strcmp(t->s[t->slot[j] - 1], s)) {
			*idx = t->slot[j] - 1;
			return 0;
		}
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 16;
		char **p = realloc(t->s, cap * sizeof *p);

		if (!p)
			return -1;
		t->s = p;
		t->cap = cap;
	}
	if (!(t->s[t->n] = strdup(s)))
		return -1;
	t->slot[j] = t->n + 1;
	*idx = t->n++;
	return 0;
}

/* The cells by (series, mode, hints, n), hashed. */
struct cellmap {
	size_t *slot;   /* index into acc + 1; 0: empty */
	size_t nslot;
};

static uint64_t hash_key(size_t series, size_t mode, size_t hint, int n)
{
	uint64_t h = HASH_SEED;

	h = hash_mix(h, series);
	h = hash_mix(h, mode);
	h = hash_mix(h, hint);
	return hash_mix(h, (uint64_t)(unsigned)n);
}

static int cellmap_grow(struct cellmap *m, const struct acc *acc,
			size_t nacc)
{
	size_t nslot = m->nslot ? 2 * m->nslot : 256, a, j;
	size_t *slot = calloc(nslot, sizeof *slot);

	if (!slot)
		return -1;
	for (a = 0; a < nacc; a++) {
		j = hash_key(acc[a].c.series, acc[a].c.mode, acc[a].hint,
			     acc[a].c.n) & (nslot - 1);
		while (slot[j])
			j = (j + 1) & (nslot - 1);
		slot[j] = a + 1;
	}
	free(m->slot);
	m->slot = slot;
	m->nslot = nslot;
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

/* Do rows of one solver and encoding disagree on their options? Then the
 * options column is part of the series too. One pass, by hashing: the
 * first options of each (solver, encoding) are kept and compared. */
static int options_vary(const nq_table *t, const char *name, int s, int e,
			int o, int *cols, size_t *ncols, nq_error *err)
{
	struct strset pairs;
	const char **first = NULL;
	size_t r, cap = 0, idx, had;
	int rc = 0;
	char key[1024];

	memset(&pairs, 0, sizeof pairs);
	for (r = 0; r < nq_table_nrows(t); r++) {
		const char *opt = nq_table_cell(t, r, o);

		/* solver and encoding, apart by a byte no name holds */
		snprintf(key, sizeof key, "%s\x1f%s", nq_table_cell(t, r, s),
			 nq_table_cell(t, r, e));
		had = pairs.n;
		if (intern(&pairs, key, &idx) < 0)
			goto oom;
		if (pairs.n > had) {
			if (idx == cap) {
				size_t c = cap ? 2 * cap : 16;
				const char **p = realloc(first, c * sizeof *p);

				if (!p)
					goto oom;
				first = p;
				cap = c;
			}
			first[idx] = opt;
		} else if (strcmp(first[idx], opt)) {
			cols[(*ncols)++] = o;
			break;
		}
	}
	goto out;
oom:
	rc = nq_error_set(err, name, 0, 0, "out of memory");
out:
	strset_free(&pairs, 1);
	free(first);
	return rc;
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

		if (s < 0)
			return nq_error_set(err, name, 0, 0, "no column 'solver': "
					    "is this a harness results file?");
		cols[(*ncols)++] = s;
		if (e >= 0)
			cols[(*ncols)++] = e;
		if (o < 0)
			return 0;
		return options_vary(t, name, s, e, o, cols, ncols, err);
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
	int cols[8], ci[3], yi, hi, ti, ei, oi, n_numeric;
	size_t ncols, i, r, a, nacc = 0, capacc = 0;
	struct acc *acc = NULL;
	struct strset series, modes, hintset;
	struct cellmap map = { NULL, 0 };
	const double *nv, *yv, *tv;
	nq_cells *c = NULL;
	char label[512], list[1024];
	int rc = -1;

	*out = NULL;
	memset(&series, 0, sizeof series);
	memset(&modes, 0, sizeof modes);
	memset(&hintset, 0, sizeof hintset);
	for (i = 0; needed[i]; i++)
		if ((ci[i] = nq_table_col(t, needed[i])) < 0)
			return nq_error_set(err, name, 0, 0, "no column '%s': is "
					    "this a harness results file? (it "
					    "needs n, mode, solver, status)",
					    needed[i]);
	yi = nq_table_col(t, ycol);
	if (yi < 0 || !nq_table_col_numeric(t, yi)) {
		int any = 0;
		double v;

		for (r = 0; yi >= 0 && r < nq_table_nrows(t) && !any; r++)
			any = nq_table_number(nq_table_cell(t, r, yi), &v) == 0;
		list_numeric(t, list, sizeof list);
		return nq_error_set(err, name, 0, 0, "%s column '%s'; numeric "
				    "columns: %s", yi < 0 ? "no" : any ?
				    "mostly text, not numbers, in" :
				    "no numbers in", ycol,
				    list[0] ? list : "(none)");
	}
	if (group_cols(t, name, o->group, cols, &ncols, err) < 0)
		return -1;
	hi = nq_table_col(t, "hints");
	ti = nq_table_col(t, "timeout_s");
	ei = nq_table_col(t, "experiment");
	oi = nq_table_col(t, "options");
	n_numeric = nq_table_col_numeric(t, ci[0]);
	/* each numeric column parsed once; cells that are not numbers are
	 * named in a warning and skipped */
	nv = nq_table_numbers(t, ci[0]);
	yv = nq_table_numbers(t, yi);
	tv = ti >= 0 ? nq_table_numbers(t, ti) : NULL;
	if (!nv || !yv || (ti >= 0 && !tv))
		goto oom;
	if (!(c = calloc(1, sizeof *c)) || !(c->ycol = strdup(ycol)) ||
	    !(c->experiment = strdup(nq_table_cell(t, 0, ei))))
		goto oom;
	c->rows = nq_table_nrows(t);
	for (r = 0; r < nq_table_nrows(t); r++) {
		const char *mode = nq_table_cell(t, r, ci[1]);
		const char *hints = nq_table_cell(t, r, hi);
		const char *stname = nq_table_cell(t, r, ci[2]);
		double n = nv[r], y = yv[r], to = tv ? tv[r] : NAN;
		size_t si, mi, hidx, j;
		int st;

		if (o->mode && strcmp(mode, o->mode))
			continue;
		if (isnan(n) && n_numeric && nq_table_cell(t, r, ci[0])[0])
			continue; /* not a number: warned about, skipped */
		if (isnan(n) || n < 1 || n > 1e9 || n != (int)n) {
			nq_error_set(err, name, (int)nq_table_line(t, r), 0,
				     "n is '%s', not a board size",
				     nq_table_cell(t, r, ci[0]));
			goto out;
		}
		if ((st = nq_status_from_name(stname)) < 0) {
			nq_error_set(err, name, (int)nq_table_line(t, r), 0,
				     "unknown status '%s'", stname);
			goto out;
		}
		series_label(t, r, cols, ncols, oi, label, sizeof label);
		if (intern(&series, label, &si) < 0 ||
		    intern(&modes, mode, &mi) < 0 ||
		    intern(&hintset, hints, &hidx) < 0)
			goto oom;
		if (hints[0])
			c->hinted_rows++;
		if (2 * (nacc + 1) > map.nslot &&
		    cellmap_grow(&map, acc, nacc) < 0)
			goto oom;
		j = hash_key(si, mi, hidx, (int)n) & (map.nslot - 1);
		for (; map.slot[j]; j = (j + 1) & (map.nslot - 1)) {
			a = map.slot[j] - 1;
			if (acc[a].c.series == si && acc[a].c.mode == mi &&
			    acc[a].c.n == (int)n && acc[a].hint == hidx)
				break;
		}
		if (!map.slot[j]) {
			if (nacc == capacc) {
				size_t cap = capacc ? 2 * capacc : 64;
				struct acc *p = realloc(acc, cap * sizeof *p);

				if (!p)
					goto oom;
				acc = p;
				capacc = cap;
			}
			a = nacc;
			memset(&acc[a], 0, sizeof acc[a]);
			acc[a].c.series = si;
			acc[a].c.mode = mi;
			acc[a].c.n = (int)n;
			acc[a].hint = hidx;
			nacc++;
			map.slot[j] = a + 1;
			if (!(acc[a].c.hints = strdup(hints)))
				goto oom;
		}
		acc[a].c.runs++;
		acc[a].c.status[st]++;
		if (!isnan(to)) {
			if (to > acc[a].c.timeout_s)
				acc[a].c.timeout_s = to;
			if (to > c->timeout_s)
				c->timeout_s = to;
		}
		if (isnan(y))
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
	/* the labels, in the order rows first show them, now c's */
	c->series = series.s;
	c->nseries = series.n;
	c->modes = modes.s;
	c->nmodes = modes.n;
	strset_free(&series, 0);
	strset_free(&modes, 0);
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
	free(map.slot);
	strset_free(&series, 1);
	strset_free(&modes, 1);
	strset_free(&hintset, 1);
	nq_cells_free(c);
	return rc;
}

/* Cells are sorted by (mode, hints, n, series): a binary search. */
const nq_cell *nq_cells_find(const nq_cells *c, size_t series, size_t mode,
			     const char *hints, int n)
{
	nq_cell key;
	size_t lo = 0, hi = c->ncells;

	memset(&key, 0, sizeof key);
	key.series = series;
	key.mode = mode;
	key.hints = (char *)hints;
	key.n = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int d = cmp_cell(&c->cell[mid], &key);

		if (d == 0)
			return &c->cell[mid];
		if (d < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}
