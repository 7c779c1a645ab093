/*
 * rows.c - see rows.h: a results file read back (its header, each row's
 * key, answer and digest, the record kept per row) and its rows held to
 * a plan. The scanner is csvscan.c's; writing the rows out again,
 * rows_write.c's.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "chain.h"
#include "csv.h"
#include "host.h"
#include "instance.h"
#include "rows.h"

/* The columns a file must have to be read back. */
static const int needed[] = {
	NQ_COL_EXPERIMENT, NQ_COL_N, NQ_COL_MODE, NQ_COL_SOLVER,
	NQ_COL_REPEAT, NQ_COL_STATUS, NQ_COL_SOLUTIONS,
};

int nq_rows_header(struct rd *r, const char *path, int *col, size_t *ncols,
		  nq_error *err)
{
	size_t i;
	int k, rc = nq_rd_row(r);

	if (rc == ROW_EOF || rc == ROW_CUT)
		return nq_error_set(err, path, 1, 0, "no header line: is this "
				    "a harness results file?");
	if (rc != ROW_OK)
		return nq_rd_fail(r, path, rc, err);
	for (k = 0; k < NQ_COL__COUNT; k++) {
		col[k] = -1;
		for (i = 0; i < r->ncell; i++)
			if (!strcmp(cell(r, (int)i), nq_col_name(k)))
				col[k] = (int)i;
	}
	for (i = 0; i < sizeof needed / sizeof needed[0]; i++)
		if (col[needed[i]] < 0)
			return nq_error_set(err, path, 1, 0, "no column '%s': "
					    "is this a harness results file?",
					    nq_col_name(needed[i]));
	*ncols = r->ncell;
	return 0;
}

uint32_t nq_rows_hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 16777619u;
	}
	return h;
}

/* A count: decimal digits only, at most UINT64_MAX (as strtoull with
 * every byte used and no ERANGE, without its cost: a resume reads a
 * million of them, twice). */
static int parse_u64(const char *s, uint64_t *v)
{
	uint64_t x = 0;

	if (*s < '0' || *s > '9')
		return -1;
	for (; *s >= '0' && *s <= '9'; s++) {
		unsigned d = (unsigned)(*s - '0');

		if (x > (UINT64_MAX - d) / 10)
			return -1;
		x = 10 * x + d;
	}
	if (*s)
		return -1;
	*v = x;
	return 0;
}

/* a status in the 4 bits struct nq_oldrow keeps */
_Static_assert(NQ_ST__COUNT <= 16, "nq_oldrow.status holds 4 bits");

/* The largest board a row may name: far past any solver, small enough
 * that a hint array for it is no burden. */
#define ROWS_MAX_N 1000000

/* The row's instance, from its columns n, mode, hints, blocked and
 * excluded (files from before the last two: none), into `in`, pointing
 * into `b`. 0, or -1 with err set. */
static int row_instance(const struct rd *r, const int *col, const char *path,
			struct nq_inst_buf *b, nq_instance *in, nq_error *err)
{
	char why[300];
	int rc;

	rc = nq_instance_from_text(in, (int)strtol(cell(r, col[NQ_COL_N]), NULL, 10),
				   strcmp(cell(r, col[NQ_COL_MODE]), "count")
				   ? NQ_MODE_FIRST : NQ_MODE_COUNT,
				   cell(r, col[NQ_COL_HINTS]),
				   cell(r, col[NQ_COL_BLOCKED]),
				   cell(r, col[NQ_COL_EXCLUDED]), b, why,
				   sizeof why);
	if (rc == -2)
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	if (rc < 0)
		return nq_error_set(err, path, (int)r->row_line, 0, "%s",
				    why);
	if (nq_part_from_text(cell(r, col[NQ_COL_PART]), in) < 0 ||
	    (in->parts > 1 && in->mode != NQ_MODE_COUNT))
		return nq_error_set(err, path, (int)r->row_line, 0, "column "
				    "'part': '%s' is not K/P, part K of a "
				    "count in P parts", cell(r, col[NQ_COL_PART]));
	return 0;
}

/* A part's row without an answer leaves its count incomplete
 * (nq_ledger_part_unanswered): -1 (no claim), or -2 with err set. */
static long unanswered(nq_ledger *l, const struct rd *r, const int *col,
		       int st, const char *who, const char *path,
		       struct nq_inst_buf *b, nq_error *err)
{
	nq_instance in;

	if (!*cell(r, col[NQ_COL_PART]))
		return -1;
	if (row_instance(r, col, path, b, &in, err) < 0)
		return -2;
	if (st == NQ_ST_OK || st == NQ_ST_WRONG || st == NQ_ST_DISPUTED)
		st = NQ_ST_ERROR; /* a verdict on no answer: a broken row */
	if (in.parts > 1 &&
	    nq_ledger_part_unanswered(l, &in, who,
				      (int)strtol(cell(r, col[NQ_COL_REPEAT]),
						  NULL, 10), st) < 0)
		return nq_error_set(err, NULL, 0, 0, "out of memory"), -2;
	return -1;
}

/* The row's answer into the ledger; its id, -1 when it has none, -2 with
 * err set when a cell is not what its column holds. */
static long record(nq_ledger *l, const struct rd *r, const int *col,
		   int st, const char *path, struct nq_inst_buf *b,
		   nq_error *err)
{
	const char *who = cell(r, col[NQ_COL_APPROACH]), *chk;
	char label[256];
	nq_instance in;
	nq_result res;
	long id;
	int placement = 0;

	if ((st != NQ_ST_OK && st != NQ_ST_WRONG && st != NQ_ST_DISPUTED) ||
	    !*cell(r, col[NQ_COL_SOLUTIONS]))
		return unanswered(l, r, col, st, who, path, b, err);
	nq_result_init(&res);
	if (parse_u64(cell(r, col[NQ_COL_SOLUTIONS]), &res.solutions))
		goto bad_solutions;
	if (*cell(r, col[NQ_COL_UNIQUE]) &&
	    parse_u64(cell(r, col[NQ_COL_UNIQUE]), &res.unique))
		return nq_error_set(err, path, (int)r->row_line, 0,
				    "column 'unique': '%s' is not a count",
				    cell(r, col[NQ_COL_UNIQUE])), -2;
	if (row_instance(r, col, path, b, &in, err) < 0)
		return -2;
	if (col[NQ_COL_APPROACH] < 0) {
		/* before the `approach` column: solver/encoding */
		snprintf(label, sizeof label, "%s%s%s", cell(r, col[NQ_COL_SOLVER]),
			 *cell(r, col[NQ_COL_ENCODING]) ? "/" : "",
			 cell(r, col[NQ_COL_ENCODING]));
		who = label;
	}
	chk = cell(r, col[NQ_COL_CHECKED]);
	if (in.mode == NQ_MODE_FIRST && !strcmp(chk, "placement"))
		placement = st == NQ_ST_OK ? 1 : st == NQ_ST_WRONG ? -1 : 0;
	if (in.parts > 1)
		id = nq_ledger_add_part(l, &in, who,
					(int)strtol(cell(r, col[NQ_COL_REPEAT]),
						    NULL, 10), &res);
	else
		id = nq_ledger_add_recorded(l, &in, who, &res, placement,
					    placement < 0 ? cell(r, col[NQ_COL_NOTE])
					    : NULL);
	if (id < 0 || id > INT32_MAX)
		return nq_error_set(err, NULL, 0, 0, "out of memory"), -2;
	return id;
bad_solutions:
	return nq_error_set(err, path, (int)r->row_line, 0, "column "
			    "'solutions': '%s' is not a count",
			    cell(r, col[NQ_COL_SOLUTIONS])), -2;
}

/* nq_key_make's key, without a printf per row (a million rows spend a
 * good part of a merge there); nq_key_make itself where it would not
 * fit, so the two cannot differ. */
static void key_make(const char *e, const char *n, const char *m,
		     const char *h, const char *a, const char *rep, char *buf,
		     size_t len)
{
	const char *part[6] = { e, n, m, h[0] ? h : "-", a, rep };
	size_t used = 0, i, l;

	for (i = 0; i < 6; i++) {
		l = strlen(part[i]);
		if (used + l + 1 >= len) {
			nq_key_make(e, n, m, h, a, rep, buf, len);
			return;
		}
		memcpy(buf + used, part[i], l);
		used += l;
		buf[used++] = i < 5 ? '\t' : '\0';
	}
}

/* One whole row: its key, its answer, its record. */
static int take_row(nq_rowfile *f, struct rd *r, const int *col,
		    nq_ledger *l, nq_keyset *keys, struct nq_inst_buf *b,
		    nq_error *err)
{
	char key[1024], label[256], what[300];
	const char *hints = cell(r, col[NQ_COL_HINTS]);
	const char *who = cell(r, col[NQ_COL_APPROACH]);
	struct nq_oldrow *o;
	long n, claim = -1;
	uint64_t sol = 0;
	int redo;
	char *end;
	int st;

	n = strtol(cell(r, col[NQ_COL_N]), &end, 10);
	if (end == cell(r, col[NQ_COL_N]) || *end || n < 1 || n > ROWS_MAX_N)
		return nq_error_set(err, f->path, (int)r->row_line, 0,
				    "column 'n': '%s' is not a board size",
				    cell(r, col[NQ_COL_N]));
	if (strcmp(cell(r, col[NQ_COL_MODE]), "count") &&
	    strcmp(cell(r, col[NQ_COL_MODE]), "first"))
		return nq_error_set(err, f->path, (int)r->row_line, 0,
				    "column 'mode': '%s' is not count or "
				    "first", cell(r, col[NQ_COL_MODE]));
	if ((st = nq_status_from_name(cell(r, col[NQ_COL_STATUS]))) < 0)
		return nq_error_set(err, f->path, (int)r->row_line, 0,
				    "column 'status': '%s' is not a status",
				    cell(r, col[NQ_COL_STATUS]));
	if (col[NQ_COL_APPROACH] < 0) {
		snprintf(label, sizeof label, "%s%s%s", cell(r, col[NQ_COL_SOLVER]),
			 *cell(r, col[NQ_COL_ENCODING]) ? "/" : "",
			 cell(r, col[NQ_COL_ENCODING]));
		who = label;
	}
	if (*cell(r, col[NQ_COL_BLOCKED]) || *cell(r, col[NQ_COL_EXCLUDED]) ||
	    *cell(r, col[NQ_COL_PART])) {
		/* the key's instance field as plan.c makes it: the hash is
		 * computed from the row's columns, not read off it */
		nq_instance in;
		char hash[17];

		if (row_instance(r, col, f->path, b, &in, err) < 0)
			return -1;
		if (nq_instance_hash(&in, hash) < 0)
			return nq_error_set(err, NULL, 0, 0, "out of memory");
		nq_instance_key_field(hints, nq_instance_keyed_by_hash(&in),
				      hash, what, sizeof what);
		hints = what;
	}
	key_make(cell(r, col[NQ_COL_EXPERIMENT]), cell(r, col[NQ_COL_N]),
		 cell(r, col[NQ_COL_MODE]), hints, who,
		 cell(r, col[NQ_COL_REPEAT]), key, sizeof key);
	/* a part with no answer leaves its count without a sum: resume
	 * makes it again (not a timeout: that one would time out again) */
	redo = *cell(r, col[NQ_COL_PART]) && (st == NQ_ST_CRASH ||
					  st == NQ_ST_ERROR ||
					  st == NQ_ST_MEMOUT);
	if (keys && !redo && !nq_keyset_add(keys, nq_key_hash(key)))
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	if (l && (claim = record(l, r, col, st, f->path, b, err)) == -2)
		return -1;
	if (f->nrows == f->cap) {
		size_t cap = f->cap ? 2 * f->cap : 1024;
		struct nq_oldrow *p = realloc(f->rows, cap * sizeof *p);

		if (!p)
			return nq_error_set(err, NULL, 0, 0, "out of memory");
		f->rows = p;
		f->cap = cap;
	}
	o = &f->rows[f->nrows++];
	o->key = nq_key_hash(key);
	o->claim = (int32_t)claim;
	o->line = (uint32_t)r->row_line;
	o->off = (uint64_t)r->row_off;
	o->status = (unsigned char)st & 15;
	o->checked_hash = nq_rows_hash(cell(r, col[NQ_COL_CHECKED]));
	o->note_hash = nq_rows_hash(cell(r, col[NQ_COL_NOTE]));
	o->changed = 0;
	o->redo = redo != 0;
	o->superseded = 0;
	o->answered = parse_u64(cell(r, col[NQ_COL_SOLUTIONS]), &sol) == 0;
	if (o->answered && claim < 0) {
		/* no claim holds its count: kept beside */
		if (f->nanswers == f->answercap) {
			size_t cap = f->answercap ? 2 * f->answercap : 16;
			struct nq_rows_answer *p = realloc(f->answers,
							   cap * sizeof *p);

			if (!p)
				return nq_error_set(err, NULL, 0, 0,
						    "out of memory");
			f->answers = p;
			f->answercap = cap;
		}
		f->answers[f->nanswers].row = f->nrows - 1;
		f->answers[f->nanswers++].solutions = sol;
	}
	o->wall_s = strtof(cell(r, col[NQ_COL_WALL]), NULL);
	if (!(o->wall_s > 0 && o->wall_s < 1e30f))
		o->wall_s = 0; /* empty, or not a time: not shown */
	o->changed = nq_chain_row(&f->chain, r) != 0;
	return 0;
}

/* nq_rows_watch: the flag that stops a read, and whether to say how far
 * it got. */
static volatile sig_atomic_t *watch_stop;
static int watch_progress;

void nq_rows_watch(volatile sig_atomic_t *stop, int progress)
{
	watch_stop = stop;
	watch_progress = progress;
}

/* Every few thousand rows: stop when the flag is up (-1, err set), and
 * past 2 s say how far the read is, on stderr (a terminal: one line
 * rewritten each second; otherwise a line each 10 s). */
static int watch(const struct rd *r, const char *path, size_t rows,
		 double t0, double *told, nq_error *err)
{
	struct stat st;
	double t;
	int tty;

	if (watch_stop && *watch_stop)
		return nq_error_set(err, path, (int)r->row_line, 0,
				    "interrupted while reading it back (%zu "
				    "rows read); nothing was written", rows);
	if (!watch_progress || (t = nq_now() - t0) < 2)
		return 0;
	tty = isatty(STDERR_FILENO);
	if (*told && t - *told < (tty ? 1 : 10))
		return 0;
	*told = t;
	if (fstat(fileno(r->fp), &st) < 0 || st.st_size <= 0)
		st.st_size = 1;
	fprintf(stderr, "%sharness: reading %s back: %zu rows, %.0f%% of "
		"%.1f MiB, %.0f s%s", tty ? "\r" : "", path, rows,
		100.0 * (double)r->off / (double)st.st_size,
		(double)st.st_size / 1048576.0, t, tty ? "\033[K" : "\n");
	return 0;
}

int nq_rows_read(const char *path, nq_ledger *l, nq_keyset *keys,
		 nq_rowfile *f, nq_error *err)
{
	struct rd *r = malloc(sizeof *r);
	struct nq_inst_buf b = { NULL, NULL, 0, 0 };
	int col[NQ_COL__COUNT], rc = -1, got;
	double t0;
	double told = 0;
	size_t nread = 0;

	memset(f, 0, sizeof *f);
	if (!r || !(f->path = strdup(path))) {
		free(r);
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	}
	if (nq_rd_open(r, path, err) < 0) {
		free(r);
		return -1;
	}
	if (nq_rows_header(r, path, col, &f->ncols, err) < 0)
		goto out;
	f->has_host = col[NQ_COL_HOST] >= 0;
	f->has_cpus = col[NQ_COL_CPUS] >= 0;
	nq_chain_header(&f->chain, r, col[NQ_COL_DIGEST]);
	f->end = r->off;
	t0 = nq_now();
	while ((got = nq_rd_row(r)) == ROW_OK) {
		if (++nread % 4096 == 0 &&
		    watch(r, path, nread, t0, &told, err) < 0)
			goto out;
		if (blank(r)) {
			f->end = r->off;
			continue;
		}
		if (r->ncell != f->ncols) {
			if (r->ncell < f->ncols && nq_rd_at_eof(r)) {
				got = ROW_CUT;
				break;
			}
			nq_error_set(err, path, (int)r->row_line, 0, "%zu "
				     "cells, the header has %zu", r->ncell,
				     f->ncols);
			goto out;
		}
		if (take_row(f, r, col, l, keys, &b, err) < 0)
			goto out;
		f->end = r->off;
	}
	if (got == ROW_CUT) {
		f->partial = 1;
		f->partial_line = r->row_line;
	} else if (got != ROW_EOF) {
		nq_rd_fail(r, path, got, err);
		goto out;
	}
	if (ferror(r->fp)) {
		nq_error_set(err, path, 0, 0, "read error");
		goto out;
	}
	rc = 0;
out:
	if (told && isatty(STDERR_FILENO))
		fputs("\r\033[K", stderr);
	nq_rd_close(r);
	free(r);
	nq_inst_buf_free(&b);
	if (rc < 0)
		nq_rows_free(f);
	return rc;
}

int nq_rows_changed(const nq_rowfile *f, const nq_ledger *l)
{
	size_t i;

	for (i = 0; i < f->nrows; i++) {
		const struct nq_oldrow *o = &f->rows[i];
		const nq_verdict *v;

		if (o->claim < 0)
			continue;
		v = nq_ledger_verdict(l, o->claim);
		if (v->status != o->status ||
		    nq_rows_hash(v->checked) != o->checked_hash ||
		    (v->note[0] && nq_rows_hash(v->note) != o->note_hash))
			return 1;
	}
	return 0;
}

int nq_rows_fit(nq_rowfile *f, nq_order *ord, nq_keyset *due,
		size_t *at)
{
	size_t i;
	int got;

	for (i = 0; i < f->nrows; i++) {
		const struct nq_oldrow *o = &f->rows[i];

		if (!due) {
			/* the order's places are what is due: one look-up */
			if (o->redo) {
				if (nq_order_seq(ord, o->key) != NQ_SEQ_NONE)
					continue;
				got = -1;
			} else {
				got = nq_order_claim(ord, o->key,
						     NQ_PLACE_TAKEN);
			}
			if (got < 1) {
				*at = i;
				return got < 0 ? NQ_ROWS_UNPLANNED
					       : NQ_ROWS_EXTRA;
			}
			continue;
		}
		if (nq_order_seq(ord, o->key) == NQ_SEQ_NONE) {
			*at = i;
			return NQ_ROWS_UNPLANNED;
		}
		if (o->redo)
			continue;
		if (!nq_keyset_count(due, o->key)) {
			*at = i;
			return NQ_ROWS_EXTRA;
		}
		nq_keyset_take(due, o->key);
	}
	/* a part made again keeps its place until its new row is in */
	for (i = 0; i < f->nrows; i++) {
		struct nq_oldrow *o = &f->rows[i];

		if (!o->redo)
			continue;
		if (!due)
			o->superseded = nq_order_claim(ord, o->key,
						       NQ_PLACE_REDO) < 1;
		else if (nq_keyset_count(due, o->key))
			nq_keyset_take(due, o->key);
		else
			o->superseded = 1;
	}
	return NQ_ROWS_FIT;
}

size_t nq_rows_earlier(const nq_rowfile *f, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (f->rows[j].key == f->rows[i].key && !f->rows[j].redo)
			return j;
	return SIZE_MAX;
}

uint64_t nq_rows_solutions(const nq_rowfile *f, size_t i, const nq_ledger *l)
{
	size_t lo = 0, hi = f->nanswers;

	if (f->rows[i].claim >= 0 && l)
		return nq_ledger_answer(l, f->rows[i].claim);
	while (lo < hi) { /* kept in the rows' order */
		size_t mid = lo + (hi - lo) / 2;

		if (f->answers[mid].row < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < f->nanswers && f->answers[lo].row == i
	       ? f->answers[lo].solutions : 0;
}

void nq_rows_free(nq_rowfile *f)
{
	free(f->answers);
	free(f->seq);
	free(f->path);
	free(f->rows);
	memset(f, 0, sizeof *f);
}

