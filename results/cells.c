/* cells.c - see cells.h. */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cells.h"
#include "columns.h"
#include "meta.h"
#include "order.h"
#include "series.h"
#include "strset.h"

/* Readable names of the columns the harness writes: the column table's
 * labels (columns.h); a column of another name is its own label. */
const char *nq_column_label(const char *col)
{
	int id;

	for (id = 0; id < NQ_COL__COUNT; id++)
		if (!strcmp(nq_col_name(id), col))
			return nq_col_label(id);
	return col;
}

int nq_column_is_time(const char *col)
{
	size_t n = strlen(col);

	return n > 2 && !strcmp(col + n - 2, "_s");
}

/* Columns every results file has (README: the CSV). */
static const char *const needed[] = { "n", "mode", "status", NULL };

/* A cell while rows are added: its values grow. */
struct acc {
	nq_cell c;
	size_t hint;            /* index into the hints set */
	const char *host;       /* its first run's host (the table's text) */
	double *ok, *bad;
	size_t nok, nbad, capok, capbad;
	double *sok, *sun, *rst;  /* steps of ok and unsolved runs, their
				     restarts (randomised cells) */
	size_t nsok, nsun, nrst, capsok, capsun, caprst;
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

/* The cells by (series, mode, hints, n), hashed. */
struct cellmap {
	size_t *slot;   /* index into acc + 1; 0: empty */
	size_t nslot;
};

static uint64_t hash_key(size_t series, size_t mode, size_t hint, int n)
{
	uint64_t h = NQ_HASH_SEED;

	h = nq_hash_mix(h, series);
	h = nq_hash_mix(h, mode);
	h = nq_hash_mix(h, hint);
	return nq_hash_mix(h, (uint64_t)(unsigned)n);
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
	for (i = 0; i < c->ncells; i++) {
		free(c->cell[i].hints);
		free(c->cell[i].id);
		free(c->cell[i].answer);
		free(c->cell[i].v);
		free(c->cell[i].steps_v);
	}
	for (i = 0; i < c->nseries; i++)
		free(c->series[i]);
	for (i = 0; i < c->nmodes; i++)
		free(c->modes[i]);
	free(c->cell);
	free(c->series);
	for (i = 0; i < c->nevery; i++)
		free(c->every[i]);
	free(c->every);
	free(c->colour);
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

/* What nq_cells_build works on: the table's columns it reads, and the
 * cells so far. */
struct build {
	const nq_table *t;
	const char *name;
	const nq_cells_opts *o;
	nq_error *err;
	int cols[8];            /* the series columns */
	size_t ncols;
	int ci[3];              /* the needed columns: n, mode, status */
	int hi, oi, n_numeric;
	int bi, xi, ii, hhi;   /* blocked, excluded, instance, instance_hash */
	int soli;               /* solutions, or -1 */
	int host_col;           /* `host`, or -1 (files before it) */
	int pi, ri;             /* `part`, `repeat`, or -1 */
	int y_max;              /* parts add their y up, but this y is a
				   peak: the largest part's */
	struct pgroup *pg;      /* counts in parts, each one run, indexed
				   as pgkeys (series, mode, n, repeat, P) */
	size_t npg, cappg;
	struct nq_strset pgkeys;
	const double *nv, *yv, *tv;   /* n, y, timeout_s (or NULL) */
	const double *sv, *rv;  /* steps, restarts (or NULL: no column),
				   NAN where missing (nq_table_counts) */
	int steps_col, restarts_col;
	struct acc *acc;
	size_t nacc, capacc;
	struct nq_strset series, modes, hintset;
	struct nq_strset every;    /* the series of every row, unfiltered */
	/* ids of instances with blocked squares or excluded lines, each
	 * with the first instance_hash it came with, and whether another
	 * came too (two boards under one id: a file written before ids were
	 * kept apart, or a resume after the experiment's files changed):
	 * such an id is shown with the hash's first 8 digits, so the two
	 * are never one cell */
	struct nq_strset ids;
	const char **id_hash;
	unsigned char *id_two;
	size_t id_cap;
	const char *const *order; /* the file's approaches, in its order */
	size_t norder;
	char **meta_order;      /* ... read from the .meta (owned) */
	size_t nmeta_order;
	struct cellmap map;
	nq_cells *c;
};

/* The needed columns, the y column (a numeric one) and the series
 * columns, into b. */
static int build_columns(struct build *b, const char *ycol)
{
	const nq_table *t = b->t;
	char list[1024];
	size_t i, r;
	int yi;

	for (i = 0; needed[i]; i++)
		if ((b->ci[i] = nq_table_col(t, needed[i])) < 0)
			return nq_error_set(b->err, b->name, 0, 0, "no column "
					    "'%s': is this a harness results "
					    "file? (it needs n, mode, solver, "
					    "status)", needed[i]);
	yi = nq_table_col(t, ycol);
	if (yi < 0 || !nq_table_col_numeric(t, yi)) {
		int any = 0;
		double v;

		for (r = 0; yi >= 0 && r < nq_table_nrows(t) && !any; r++)
			any = nq_table_number(nq_table_cell(t, r, yi), &v) == 0;
		list_numeric(t, list, sizeof list);
		return nq_error_set(b->err, b->name, 0, 0, "%s column '%s'; "
				    "numeric columns: %s", yi < 0 ? "no" : any ?
				    "mostly text, not numbers, in" :
				    "no numbers in", ycol,
				    list[0] ? list : "(none)");
	}
	if (nq_series_cols(t, b->name, b->o->group, b->cols, &b->ncols, b->err) < 0)
		return -1;
	return yi;
}

/* The accumulator of cell (series si, mode mi, hint set hidx, n), added
 * when new, into *a. -1 when out of memory. */
static int build_acc(struct build *b, size_t si, size_t mi, size_t hidx,
		     int n, const char *hints, const char *id, size_t *a)
{
	size_t j;

	if (2 * (b->nacc + 1) > b->map.nslot &&
	    cellmap_grow(&b->map, b->acc, b->nacc) < 0)
		return -1;
	j = hash_key(si, mi, hidx, n) & (b->map.nslot - 1);
	for (; b->map.slot[j]; j = (j + 1) & (b->map.nslot - 1)) {
		*a = b->map.slot[j] - 1;
		if (b->acc[*a].c.series == si && b->acc[*a].c.mode == mi &&
		    b->acc[*a].c.n == n && b->acc[*a].hint == hidx)
			return 0;
	}
	if (b->nacc == b->capacc) {
		size_t cap = b->capacc ? 2 * b->capacc : 64;
		struct acc *p = realloc(b->acc, cap * sizeof *p);

		if (!p)
			return -1;
		b->acc = p;
		b->capacc = cap;
	}
	*a = b->nacc;
	memset(&b->acc[*a], 0, sizeof b->acc[*a]);
	b->acc[*a].c.series = si;
	b->acc[*a].c.mode = mi;
	b->acc[*a].c.n = n;
	b->acc[*a].hint = hidx;
	b->nacc++;
	b->map.slot[j] = *a + 1;
	if (!(b->acc[*a].c.hints = strdup(hints)) ||
	    !(b->acc[*a].c.id = strdup(id)) ||
	    !(b->acc[*a].c.answer = strdup("")))
		return -1;
	/* the hints shown: without the "[id]" build_row put after them */
	b->acc[*a].c.hints_len = strlen(hints);
	j = strlen(id) + 2;
	if (id[0] && b->acc[*a].c.hints_len >= j &&
	    hints[b->acc[*a].c.hints_len - j] == '[' &&
	    !strncmp(hints + b->acc[*a].c.hints_len - j + 1, id, j - 2) &&
	    hints[b->acc[*a].c.hints_len - 1] == ']')
		b->acc[*a].c.hints_len -= j + (b->acc[*a].c.hints_len > j);
	return 0;
}

/* A cell's answer from one more ok run's: the first, or "varies". */
static int note_answer(struct acc *ac, const char *answer)
{
	char *p;

	if (!answer || !answer[0] || !strcmp(ac->c.answer, answer) ||
	    !strcmp(ac->c.answer, "varies"))
		return 0;
	if (!(p = strdup(ac->c.answer[0] ? "varies" : answer)))
		return -1;
	free(ac->c.answer);
	ac->c.answer = p;
	return 0;
}

/* Which machines a cell's runs came from: a merged file's shards ran on
 * several, and times from two machines are not one sample. */
static void note_host(struct acc *ac, const char *host)
{
	if (!host[0])
		return;
	if (!ac->host) {
		ac->host = host;
		ac->c.hosts = 1;
	} else if (ac->c.hosts == 1 && strcmp(ac->host, host)) {
		ac->c.hosts = 2;
	}
}

/* Row r into its cell: -1 with err set on a bad n or status, or out of
 * memory. */
/* A count in parts (CSV `part` = K/P): its P rows are one run of the
 * whole count, in a cell of its own ("in P parts"), its y the parts' y
 * added (wall and CPU time, nodes: what the count cost) or, for a peak,
 * the largest; ok only when all P parts are in and ok. */
struct pgroup {
	size_t first;           /* the first row (its series, mode, n) */
	int parts, have, st;
	double y, to;
	unsigned long long sol; /* the parts' counts added */
	int sol_all;            /* every part has its count */
};

static int add_run(struct build *b, size_t r, const char *mode,
		   const char *hints, const char *id, int parts, double n,
		   int st, double y, double to, const char *answer);

static int part_row(struct build *b, size_t r, const char *part, int st,
		    double y, double to)
{
	const nq_table *t = b->t;
	char label[512], key[800];
	const char *slash = strchr(part, '/');
	struct pgroup *g;
	size_t gi;

	nq_series_label(t, r, b->cols, b->ncols, b->oi, label, sizeof label);
	snprintf(key, sizeof key, "%s\t%s\t%s\t%s\t%s", label,
		 nq_table_cell(t, r, b->ci[1]), nq_table_cell(t, r, b->ci[0]),
		 b->ri >= 0 ? nq_table_cell(t, r, b->ri) : "",
		 slash ? slash + 1 : part);
	if (nq_strset_intern(&b->pgkeys, key, &gi) < 0)
		return -1;
	if (gi == b->npg) { /* a new key: its group */
		if (b->npg == b->cappg) {
			size_t cap = b->cappg ? 2 * b->cappg : 16;
			struct pgroup *p = realloc(b->pg, cap * sizeof *p);

			if (!p)
				return -1;
			b->pg = p;
			b->cappg = cap;
		}
		g = &b->pg[b->npg];
		memset(g, 0, sizeof *g);
		g->first = r;
		g->parts = slash ? atoi(slash + 1) : 0;
		g->st = NQ_ST_OK;
		g->to = NAN;
		g->sol_all = 1;
		b->npg++;
	}
	g = &b->pg[gi];
	g->have++;
	{
		unsigned long long v;
		const char *sv = nq_table_cell(t, r, b->soli);
		char *end;

		v = strtoull(sv, &end, 10);
		if (!sv[0] || *end)
			g->sol_all = 0;
		else
			g->sol += v;
	}
	if (st != NQ_ST_OK && g->st == NQ_ST_OK)
		g->st = st;
	if (!isnan(y))
		g->y = b->y_max ? (y > g->y ? y : g->y) : g->y + y;
	if (!isnan(to) && (isnan(g->to) || to > g->to))
		g->to = to;
	return 0;
}

static int parts_runs(struct build *b)
{
	size_t i;

	for (i = 0; i < b->npg; i++) {
		const struct pgroup *g = &b->pg[i];
		char hints[48], answer[32];
		int st = g->st;

		if (g->have < g->parts && st == NQ_ST_OK)
			st = NQ_ST_SKIPPED; /* not all of it was run */
		snprintf(hints, sizeof hints, "in %d parts", g->parts);
		snprintf(answer, sizeof answer, "%llu", g->sol);
		if (add_run(b, g->first, nq_table_cell(b->t, g->first,
						       b->ci[1]),
			    hints, "", g->parts, b->nv[g->first], st, g->y,
			    g->to, g->sol_all ? answer : NULL) < 0)
			return -1;
	}
	return 0;
}

/* Row r's id (a variant instance's) into b->ids, marking the id when
 * another hash came with it before. -1 on no memory. */
static int note_id(struct build *b, size_t r)
{
	const char *id = nq_table_cell(b->t, r, b->ii),
		   *h = nq_table_cell(b->t, r, b->hhi);
	size_t k, was = b->ids.n;

	if (!id[0] || !h[0] || (!nq_table_cell(b->t, r, b->bi)[0] &&
				!nq_table_cell(b->t, r, b->xi)[0]))
		return 0;
	if (nq_strset_intern(&b->ids, id, &k) < 0)
		return -1;
	if (k >= b->id_cap) {
		size_t cap = b->id_cap ? 2 * b->id_cap : 64;
		const char **nh = realloc(b->id_hash, cap * sizeof *nh);
		unsigned char *nt;

		if (!nh)
			return -1;
		b->id_hash = nh;
		if (!(nt = realloc(b->id_two, cap)))
			return -1;
		b->id_two = nt;
		b->id_cap = cap;
	}
	if (b->ids.n > was) {
		b->id_hash[k] = h;
		b->id_two[k] = 0;
	} else if (strcmp(b->id_hash[k], h)) {
		b->id_two[k] = 1;
	}
	return 0;
}

/* The id row r is shown with: its own, or with "#" and its hash's first
 * 8 digits where the id is two boards' (note_id). */
static const char *shown_id(struct build *b, size_t r, char *buf, size_t len)
{
	const char *id = nq_table_cell(b->t, r, b->ii);
	size_t k, noted = b->ids.n;

	/* only the ids note_id saw (a variant instance's): one it did not
	 * is never two boards' */
	if (!id[0] || !noted || (!nq_table_cell(b->t, r, b->bi)[0] &&
				 !nq_table_cell(b->t, r, b->xi)[0]) ||
	    nq_strset_intern(&b->ids, id, &k) < 0 || k >= noted ||
	    k >= b->id_cap || !b->id_two[k])
		return id;
	snprintf(buf, len, "%s#%.8s", id, nq_table_cell(b->t, r, b->hhi));
	return buf;
}

static int build_row(struct build *b, size_t r)
{
	const nq_table *t = b->t;
	const nq_cells_opts *o = b->o;
	const char *mode = nq_table_cell(t, r, b->ci[1]);
	const char *hints = nq_table_cell(t, r, b->hi);
	const char *stname = nq_table_cell(t, r, b->ci[2]);
	double n = b->nv[r], y = b->yv[r], to = b->tv ? b->tv[r] : NAN;
	const char *id, *sol;
	char inst[512], plain[32], answer[32], idbuf[160];
	int st;

	id = shown_id(b, r, idbuf, sizeof idbuf);

	if ((o->mode && strcmp(mode, o->mode)) || !nq_only_keep(o->only, r))
		return 0;
	if (isnan(n) && b->n_numeric && nq_table_cell(t, r, b->ci[0])[0])
		return 0; /* not a number: warned about, skipped */
	/* an instance with blocked squares or excluded lines is its own
	 * cell: "[id]" after its hints (the rows' `instance` column) */
	if (nq_table_cell(t, r, b->bi)[0] || nq_table_cell(t, r, b->xi)[0]) {
		snprintf(inst, sizeof inst, "%s%s[%s]", hints,
			 hints[0] ? " " : "", id[0] ? id :
			 nq_table_cell(t, r, b->hhi));
		hints = inst;
	}
	/* the plain instance of a size is named "n8": no name of its own */
	snprintf(plain, sizeof plain, "n%s", nq_table_cell(t, r, b->ci[0]));
	if (!strcmp(id, plain))
		id = "";
	b->c->rows++;
	if (isnan(n) || n < 1 || n > 1e9 || n != (int)n)
		return nq_error_set(b->err, b->name, (int)nq_table_line(t, r), 0,
				    "n is '%s', not a board size",
				    nq_table_cell(t, r, b->ci[0]));
	if ((st = nq_status_from_name(stname)) < 0)
		return nq_error_set(b->err, b->name, (int)nq_table_line(t, r), 0,
				    "unknown status '%s'", stname);
	if (b->pi >= 0 && nq_table_cell(t, r, b->pi)[0])
		return part_row(b, r, nq_table_cell(t, r, b->pi), st, y, to) < 0
		       ? nq_error_set(b->err, b->name, 0, 0, "out of memory")
		       : 0;
	/* the answer of an ok run: its count, or whether it found one */
	sol = nq_table_cell(t, r, b->soli);
	answer[0] = '\0';
	if (st == NQ_ST_OK && sol[0])
		snprintf(answer, sizeof answer, "%s", strcmp(mode, "count") ?
			 (strcmp(sol, "0") ? "found" : "none") : sol);
	return add_run(b, r, mode, hints, id, 0, n, st, y, to, answer);
}

static int add_steps(struct build *b, struct acc *ac, size_t r, int st);

/* One run into its cell. */
static int add_run(struct build *b, size_t r, const char *mode,
		   const char *hints, const char *id, int parts, double n,
		   int st, double y, double to, const char *answer)
{
	const nq_table *t = b->t;
	const nq_cells_opts *o = b->o;
	char label[512];
	size_t si, mi, hidx, a;
	struct acc *ac;

	nq_series_label(t, r, b->cols, b->ncols, b->oi, label, sizeof label);
	if (nq_strset_intern(&b->series, label, &si) < 0 ||
	    nq_strset_intern(&b->modes, mode, &mi) < 0 ||
	    nq_strset_intern(&b->hintset, hints, &hidx) < 0)
		goto oom;
	if (hints[0] && !parts)
		b->c->hinted_rows++;
	if (build_acc(b, si, mi, hidx, (int)n, hints, id, &a) < 0)
		goto oom;
	ac = &b->acc[a];
	if (st == NQ_ST_OK && note_answer(ac, answer) < 0)
		goto oom;
	ac->c.parts = parts;
	ac->c.runs++;
	note_host(ac, nq_table_cell(t, r, b->host_col));
	ac->c.status[st]++;
	if (!isnan(to)) {
		if (to > ac->c.timeout_s)
			ac->c.timeout_s = to;
		if (to > b->c->timeout_s)
			b->c->timeout_s = to;
	}
	if (b->sv && !parts && add_steps(b, ac, r, st) < 0)
		goto oom;
	if (isnan(y))
		return 0;
	if (st == NQ_ST_OK || o->any_status) {
		if (push(&ac->ok, &ac->nok, &ac->capok, y) < 0)
			goto oom;
	} else if (push(&ac->bad, &ac->nbad, &ac->capbad, y) < 0) {
		goto oom;
	}
	return 0;
oom:
	return nq_error_set(b->err, b->name, 0, 0, "out of memory");
}

int nq_cells_counted(int st)
{
	return st != NQ_ST_ERROR && st != NQ_ST_SKIPPED;
}

/* Row r's steps and restarts into its cell: a run with a number of
 * steps, whatever its status, makes the cell randomised; only finished
 * runs (ok, unsolved) give figures, so the steps of a run that failed
 * do not skew them. -1 when out of memory. */
static int add_steps(struct build *b, struct acc *ac, size_t r, int st)
{
	double s = b->sv[r], x = b->rv ? b->rv[r] : NAN;

	if (!isnan(s))
		ac->c.randomised = 1;
	if (nq_cells_counted(st))
		ac->c.counted++;
	if (st != NQ_ST_OK && st != NQ_ST_UNSOLVED)
		return 0;
	if (!isnan(s) && (st == NQ_ST_OK ?
	    push(&ac->sok, &ac->nsok, &ac->capsok, s) :
	    push(&ac->sun, &ac->nsun, &ac->capsun, s)) < 0)
		return -1;
	if (!isnan(x) && push(&ac->rst, &ac->nrst, &ac->caprst, x) < 0)
		return -1;
	return 0;
}

/* The rank of a series: its place in the experiment file's order of
 * approaches (o->order, from the .meta), else after them, in the order
 * the whole file first shows it (every row, whatever the filters). */
static size_t series_rank(const struct build *b, const char *label)
{
	size_t i;

	for (i = 0; i < b->norder; i++)
		if (!strcmp(b->order[i], label))
			return i;
	for (i = 0; i < b->every.n; i++)
		if (!strcmp(b->every.s[i], label))
			return b->norder + i;
	return b->norder + b->every.n;
}

/* c's series in rank order, each with its rank as its colour: one
 * approach keeps its place and colour in every figure and table made
 * from one file. 0, or -1 on no memory. */
static int order_series(struct build *b)
{
	nq_cells *c = b->c;
	size_t n = c->nseries, i, *idx, *to;
	uint64_t *rank;
	char **s;

	idx = malloc((n + 1) * sizeof *idx);
	to = malloc((n + 1) * sizeof *to);
	rank = malloc((n + 1) * sizeof *rank);
	s = malloc((n + 1) * sizeof *s);
	c->colour = malloc((n + 1) * sizeof *c->colour);
	if (!idx || !to || !rank || !s || !c->colour) {
		free(idx);
		free(to);
		free(rank);
		free(s);
		return -1;
	}
	for (i = 0; i < n; i++)
		rank[i] = to[i] = series_rank(b, c->series[i]);
	nq_sort_index(rank, idx, n);
	free(rank);
	for (i = 0; i < n; i++) {
		s[i] = c->series[idx[i]];
		c->colour[i] = to[idx[i]];
	}
	for (i = 0; i < n; i++)
		to[idx[i]] = i; /* old index -> new */
	for (i = 0; i < c->ncells; i++)
		c->cell[i].series = to[c->cell[i].series];
	free(c->series);
	c->series = s;
	free(idx);
	free(to);
	return 0;
}

/* The cells, their statistics, sorted, into b->c: -1 with err set when
 * there are none, or out of memory. */
static int build_cells(struct build *b)
{
	nq_cells *c = b->c;
	size_t a;

	if (b->nacc == 0) {
		if (b->o->mode)
			return nq_error_set(b->err, b->name, 0, 0, "no rows of "
					    "mode '%s'", b->o->mode);
		return nq_error_set(b->err, b->name, 0, 0, "no rows: nothing "
				    "to show");
	}
	/* the labels, in the order rows first show them, now c's */
	c->series = b->series.s;
	c->nseries = b->series.n;
	c->modes = b->modes.s;
	c->nmodes = b->modes.n;
	nq_strset_free(&b->series, 0);
	nq_strset_free(&b->modes, 0);
	if (!(c->cell = calloc(b->nacc, sizeof *c->cell)))
		return nq_error_set(b->err, b->name, 0, 0, "out of memory");
	for (a = 0; a < b->nacc; a++) {
		struct acc *ac = &b->acc[a];

		nq_stats_of(ac->ok, ac->nok, &ac->c.y);
		nq_stats_of(ac->bad, ac->nbad, &ac->c.fail_y);
		if (!b->o->no_ci &&
		    nq_stats_interval(ac->ok, ac->nok, &ac->c.y) < 0)
			return nq_error_set(b->err, b->name, 0, 0, "out of "
					    "memory");
		ac->c.v = ac->ok; /* sorted by nq_stats_of; now c's */
		ac->ok = NULL;
		if (ac->c.randomised) {
			nq_stats_of(ac->sok, ac->nsok, &ac->c.steps_ok);
			nq_stats_of(ac->sun, ac->nsun, &ac->c.steps_unsolved);
			nq_stats_of(ac->rst, ac->nrst, &ac->c.restarts);
			ac->c.steps_v = ac->sok;
			ac->sok = NULL;
			c->randomised++;
		}
		c->cell[a] = ac->c;
		c->mixed += ac->c.hosts > 1;
		ac->c.hints = NULL; /* now owned by c */
		ac->c.id = NULL;
		ac->c.answer = NULL;
		c->ncells++;
	}
	if (order_series(b) < 0)
		return nq_error_set(b->err, b->name, 0, 0, "out of memory");
	qsort(c->cell, c->ncells, sizeof *c->cell, cmp_cell);
	return 0;
}

static void build_free(struct build *b)
{
	size_t i;

	for (i = 0; i < b->nacc; i++) {
		free(b->acc[i].ok);
		free(b->acc[i].bad);
		free(b->acc[i].sok);
		free(b->acc[i].sun);
		free(b->acc[i].rst);
		free(b->acc[i].c.hints);
		free(b->acc[i].c.id);
		free(b->acc[i].c.answer);
	}
	free(b->acc);
	free(b->pg);
	nq_strset_free(&b->pgkeys, 1);
	free(b->map.slot);
	nq_strset_free(&b->series, 1);
	nq_strset_free(&b->modes, 1);
	nq_strset_free(&b->hintset, 1);
	nq_strset_free(&b->every, 1);
	nq_strset_free(&b->ids, 1);
	free(b->id_hash);
	free(b->id_two);
	nq_meta_list_free(b->meta_order, b->nmeta_order);
	nq_cells_free(b->c);
}

int nq_cells_build(const nq_table *t, const char *name,
		   const nq_cells_opts *o, nq_cells **out, nq_error *err)
{
	const char *ycol = o->y ? o->y : "wall_s";
	struct build b;
	size_t r;
	int yi, ti, ei, rc = -1;

	*out = NULL;
	memset(&b, 0, sizeof b);
	b.t = t;
	b.name = name;
	b.o = o;
	b.err = err;
	if ((yi = build_columns(&b, ycol)) < 0)
		return -1;
	b.hi = nq_table_col(t, "hints");
	b.bi = nq_table_col(t, "blocked");
	b.xi = nq_table_col(t, "excluded");
	b.ii = nq_table_col(t, "instance");
	b.hhi = nq_table_col(t, "instance_hash");
	b.soli = nq_table_col(t, "solutions");
	ti = nq_table_col(t, "timeout_s");
	ei = nq_table_col(t, "experiment");
	b.oi = nq_table_col(t, "options");
	b.host_col = nq_table_col(t, "host");
	b.pi = nq_table_col(t, "part");
	b.ri = nq_table_col(t, "repeat");
	b.y_max = strstr(ycol, "peak") != NULL;
	b.n_numeric = nq_table_col_numeric(t, b.ci[0]);
	/* each numeric column parsed once; cells that are not numbers are
	 * named in a warning and skipped */
	b.nv = nq_table_numbers(t, b.ci[0]);
	b.yv = nq_table_numbers(t, yi);
	b.tv = ti >= 0 ? nq_table_numbers(t, ti) : NULL;
	/* a local search's effort (files from ABI 7 on) */
	b.steps_col = nq_table_col(t, "steps");
	b.restarts_col = nq_table_col(t, "restarts");
	b.sv = b.steps_col >= 0 ? nq_table_counts(t, b.steps_col) : NULL;
	b.rv = b.restarts_col >= 0 ? nq_table_counts(t, b.restarts_col) :
	       NULL;
	if (!b.nv || !b.yv || (ti >= 0 && !b.tv) ||
	    (b.steps_col >= 0 && !b.sv) || (b.restarts_col >= 0 && !b.rv) ||
	    !(b.c = calloc(1, sizeof *b.c)) || !(b.c->ycol = strdup(ycol)) ||
	    !(b.c->experiment = strdup(nq_table_cell(t, 0, ei)))) {
		nq_error_set(err, name, 0, 0, "out of memory");
		goto out;
	}
	/* the experiment file's order of approaches: given, or in the
	 * .meta beside the file (series by approach only) */
	b.order = o->order;
	b.norder = o->norder;
	if (!b.order && !o->group && name &&
	    nq_cells_file_order(name, &b.meta_order, &b.nmeta_order) == 0) {
		b.order = (const char *const *)b.meta_order;
		b.norder = b.nmeta_order;
	}
	for (r = 0; r < nq_table_nrows(t); r++) {
		char label[512];
		size_t si;

		nq_series_label(t, r, b.cols, b.ncols, b.oi, label, sizeof label);
		if (nq_strset_intern(&b.every, label, &si) < 0) {
			nq_error_set(err, name, 0, 0, "out of memory");
			goto out;
		}
	}
	if (b.ii >= 0 && b.hhi >= 0)
		for (r = 0; r < nq_table_nrows(t); r++)
			if (note_id(&b, r) < 0) {
				nq_error_set(err, name, 0, 0, "out of memory");
				goto out;
			}
	for (r = 0; r < nq_table_nrows(t); r++)
		if (build_row(&b, r) < 0)
			goto out;
	if (parts_runs(&b) < 0) {
		nq_error_set(err, name, 0, 0, "out of memory");
		goto out;
	}
	if (build_cells(&b) < 0)
		goto out;
	/* every approach of the file, for the figures' styles (style.h) */
	b.c->every = b.every.s;
	b.c->nevery = b.every.n;
	nq_strset_free(&b.every, 0);
	*out = b.c;
	b.c = NULL;
	rc = 0;
out:
	build_free(&b);
	return rc;
}

int nq_cells_file_order(const char *csv, char ***order, size_t *n)
{
	char meta[4200];

	nq_meta_path(csv, meta, sizeof meta);
	return nq_meta_read_list(meta, "approaches", order, n);
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

/* digits at *p (one or more), p moved past them: 1, or 0 */
static int digits(const char **p)
{
	const char *q = *p;

	while (isdigit((unsigned char)*q))
		q++;
	if (q == *p)
		return 0;
	*p = q;
	return 1;
}

int nq_cell_id_generated(const nq_cell *x)
{
	/* FAMILY-nN-{q|b|d}P[-fF]-sSEED-I (config_generate.c's make_id) */
	static const char *const fams[] = { "placed", "blocked", "excluded" };
	static const char letter[] = "qbd";
	char pre[40];
	size_t f;

	for (f = 0; f < sizeof fams / sizeof fams[0]; f++) {
		int k = snprintf(pre, sizeof pre, "%s-n%d-%c", fams[f], x->n,
				 letter[f]);
		const char *p = x->id + k;

		if (strncmp(x->id, pre, (size_t)k) || !digits(&p))
			continue;
		if (f == 1 && !strncmp(p, "-f", 2) && (p += 2, !digits(&p)))
			continue;
		if (strncmp(p, "-s", 2) || (p += 2, !digits(&p)) || *p++ != '-' ||
		    !digits(&p) || *p)
			continue;
		return 1;
	}
	return 0;
}

int nq_cell_id_made(const nq_cell *x)
{
	char pre[24];
	int k = snprintf(pre, sizeof pre, "n%d-", x->n);
	size_t i;

	if (strncmp(x->id, pre, (size_t)k) || strlen(x->id) != (size_t)k + 8)
		return 0;
	for (i = (size_t)k; x->id[i]; i++)
		if (!isxdigit((unsigned char)x->id[i]))
			return 0;
	return 1;
}
