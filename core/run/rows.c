/*
 * rows.c - see rows.h.
 *
 * The reader is a small RFC 4180 state machine over a 64 KiB buffer: one
 * row's cells at a time in a buffer reused for every row, so memory does
 * not grow with the file. Reading and writing share it, so a file is cut
 * into rows the same way both times.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "csv.h"
#include "instance.h"
#include "rows.h"

enum { ROW_OK, ROW_EOF, ROW_CUT, ROW_BAD, ROW_NOMEM };

struct rd {
	FILE *fp;
	unsigned char buf[1 << 16];
	size_t pos, len;
	long long off;          /* bytes consumed */
	size_t line;            /* the line the next byte is on */
	size_t row_line;        /* where the row just read starts */
	long long row_off;      /* ... and its first byte */
	char *text;             /* the row's cells, each NUL-terminated */
	size_t tlen, tcap;
	size_t *cell;           /* where each cell starts in text */
	size_t ncell, capcell;
	size_t nul;             /* the row's first cell with a NUL byte, + 1 */
	const char *why;        /* ROW_BAD: what is wrong */
	char whybuf[120];
};

static int rd_getc(struct rd *r)
{
	if (r->pos == r->len) {
		r->len = fread(r->buf, 1, sizeof r->buf, r->fp);
		r->pos = 0;
		if (!r->len)
			return EOF;
	}
	r->off++;
	return r->buf[r->pos++];
}

/* Only right after a rd_getc that returned a byte. */
static void rd_unget(struct rd *r)
{
	r->pos--;
	r->off--;
}

static int put(struct rd *r, int c)
{
	if (r->tlen == r->tcap) {
		size_t cap = r->tcap ? 2 * r->tcap : 1024;
		char *p = realloc(r->text, cap);

		if (!p)
			return -1;
		r->text = p;
		r->tcap = cap;
	}
	r->text[r->tlen++] = (char)c;
	return 0;
}

/* A byte of a cell: a NUL byte is no text (a reader in C would stop
 * there), so its row is damaged, unless cut short at the end. */
static int put_byte(struct rd *r, int c)
{
	if (!c && !r->nul)
		r->nul = r->ncell;
	return put(r, c);
}

static int new_cell(struct rd *r)
{
	if (r->ncell == r->capcell) {
		size_t cap = r->capcell ? 2 * r->capcell : 64;
		size_t *p = realloc(r->cell, cap * sizeof *p);

		if (!p)
			return -1;
		r->cell = p;
		r->capcell = cap;
	}
	r->cell[r->ncell++] = r->tlen;
	return 0;
}

/* Copy the bytes up to the next delimiter that are already in the buffer
 * into the row's text. */
static int scan_plain(struct rd *r)
{
	const unsigned char *p = r->buf + r->pos, *end = r->buf + r->len;
	size_t n;

	while (p < end && *p != ',' && *p != '\r' && *p != '\n' && *p != '"')
		p++;
	n = (size_t)(p - (r->buf + r->pos));
	if (!n)
		return 0;
	if (!r->nul && memchr(r->buf + r->pos, 0, n))
		r->nul = r->ncell;
	while (r->tlen + n > r->tcap) {
		size_t cap = r->tcap ? 2 * r->tcap : 1024;
		char *t = realloc(r->text, cap);

		if (!t)
			return -1;
		r->text = t;
		r->tcap = cap;
	}
	memcpy(r->text + r->tlen, r->buf + r->pos, n);
	r->tlen += n;
	r->pos += n;
	r->off += (long long)n;
	return 0;
}

static const char *cell(const struct rd *r, int col)
{
	return col < 0 || (size_t)col >= r->ncell ? "" : r->text + r->cell[col];
}

/* One row. ROW_CUT: the file ended inside it (no line end, or a quote
 * never closed on the row's last line: what a harness stopped mid-write
 * leaves). A quote never closed across a line end is damage (ROW_BAD):
 * the rows after it would be taken for one cell. So is a NUL byte in a
 * row that ends. */
static int read_row(struct rd *r)
{
	int c;

	r->tlen = r->ncell = r->nul = 0;
	r->row_line = r->line;
	r->row_off = r->off;
	if ((c = rd_getc(r)) == EOF)
		return ROW_EOF;
	if (new_cell(r))
		return ROW_NOMEM;
	for (;;) {
		if (c == '"' && r->tlen == r->cell[r->ncell - 1]) {
			size_t nl = 0;
			int last = 0;

			for (;;) {
				if ((c = rd_getc(r)) == EOF) {
					/* cut on its own line (or just after
					 * its line end, as csvread.c has it) */
					if (nl == 0 || (nl == 1 && last == '\n'))
						return ROW_CUT;
					r->why = "a quote opened in this row is "
						 "never closed (the rows after "
						 "it would be one cell)";
					return ROW_BAD;
				}
				last = c;
				if (c == '"') {
					c = rd_getc(r);
					if (c != '"')
						break;
				} else if (c == '\n') {
					r->line++;
					nl++;
				}
				if (put_byte(r, c))
					return ROW_NOMEM;
			}
			if (c != ',' && c != '\r' && c != '\n' && c != EOF) {
				r->why = "text after a closing quote";
				return ROW_BAD;
			}
		} else {
			while (c != ',' && c != '\r' && c != '\n' && c != EOF) {
				if (put_byte(r, c))
					return ROW_NOMEM;
				/* the rest of the cell in the buffer at once */
				if (scan_plain(r) < 0)
					return ROW_NOMEM;
				c = rd_getc(r);
			}
		}
		if (put(r, '\0'))
			return ROW_NOMEM;
		if (c == ',') {
			if (new_cell(r))
				return ROW_NOMEM;
			c = rd_getc(r);
			continue;
		}
		if (c == EOF)
			return ROW_CUT;
		if (c == '\r') {
			c = rd_getc(r);
			if (c == EOF)
				return ROW_CUT;
			if (c != '\n') {
				r->why = "a carriage return outside quotes "
					 "that ends no line";
				return ROW_BAD;
			}
		}
		r->line++;
		if (r->nul) {
			snprintf(r->whybuf, sizeof r->whybuf, "a NUL byte in "
				 "cell %zu (a cell is text: no NUL bytes)",
				 r->nul);
			r->why = r->whybuf;
			return ROW_BAD;
		}
		return ROW_OK;
	}
}

static int at_eof(struct rd *r)
{
	if (rd_getc(r) == EOF)
		return 1;
	rd_unget(r);
	return 0;
}

static int rd_open(struct rd *r, const char *path, nq_error *err)
{
	memset(r, 0, sizeof *r);
	r->line = 1;
	if (!(r->fp = fopen(path, "rb")))
		return nq_error_set(err, path, 0, 0, "cannot read: %s",
				    strerror(errno));
	return 0;
}

static void rd_close(struct rd *r)
{
	if (r->fp)
		fclose(r->fp);
	free(r->text);
	free(r->cell);
}

static int rd_fail(const struct rd *r, const char *path, int rc,
		   nq_error *err)
{
	if (rc == ROW_NOMEM)
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	if (ferror(r->fp))
		return nq_error_set(err, path, 0, 0, "read error");
	return nq_error_set(err, path, (int)r->row_line, 0, "%s", r->why);
}

/* The columns a row's key and answer are read from. */
enum {
	C_EXPERIMENT, C_N, C_MODE, C_SOLVER, C_REPEAT, C_STATUS, C_SOLUTIONS,
	C_APPROACH, C_ENCODING, C_HINTS, C_UNIQUE, C_CHECKED, C_NOTE, C_HOST,
	C_CPUS, C_BLOCKED, C_EXCLUDED, C_PART, C_DIGEST, C_WALL, C__COUNT
};
#define C__NEEDED C_APPROACH /* the ones before it must be there */

static const char *const colname[C__COUNT] = {
	"experiment", "n", "mode", "solver", "repeat", "status", "solutions",
	"approach", "encoding", "hints", "unique", "checked", "note", "host",
	"cpus", "blocked", "excluded", "part", "digest", "wall_s",
};

static int header(struct rd *r, const char *path, int *col, size_t *ncols,
		  nq_error *err)
{
	size_t i;
	int k, rc = read_row(r);

	if (rc == ROW_EOF || rc == ROW_CUT)
		return nq_error_set(err, path, 1, 0, "no header line: is this "
				    "a harness results file?");
	if (rc != ROW_OK)
		return rd_fail(r, path, rc, err);
	for (k = 0; k < C__COUNT; k++) {
		col[k] = -1;
		for (i = 0; i < r->ncell; i++)
			if (!strcmp(cell(r, (int)i), colname[k]))
				col[k] = (int)i;
		if (k < C__NEEDED && col[k] < 0)
			return nq_error_set(err, path, 1, 0, "no column '%s': "
					    "is this a harness results file?",
					    colname[k]);
	}
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

static int status_of(const char *name)
{
	int st;

	for (st = 0; st < NQ_ST__COUNT; st++)
		if (!strcmp(nq_status_name((nq_status)st), name))
			return st;
	return -1;
}

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return *end || errno ? -1 : 0;
}

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

	rc = nq_instance_from_text(in, (int)strtol(cell(r, col[C_N]), NULL, 10),
				   strcmp(cell(r, col[C_MODE]), "count")
				   ? NQ_MODE_FIRST : NQ_MODE_COUNT,
				   cell(r, col[C_HINTS]),
				   cell(r, col[C_BLOCKED]),
				   cell(r, col[C_EXCLUDED]), b, why,
				   sizeof why);
	if (rc == -2)
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	if (rc < 0)
		return nq_error_set(err, path, (int)r->row_line, 0, "%s",
				    why);
	if (nq_part_from_text(cell(r, col[C_PART]), in) < 0 ||
	    (in->parts > 1 && in->mode != NQ_MODE_COUNT))
		return nq_error_set(err, path, (int)r->row_line, 0, "column "
				    "'part': '%s' is not K/P, part K of a "
				    "count in P parts", cell(r, col[C_PART]));
	return 0;
}

/* A part's row without an answer leaves its count incomplete
 * (nq_ledger_part_unanswered): -1 (no claim), or -2 with err set. */
static long unanswered(nq_ledger *l, const struct rd *r, const int *col,
		       int st, const char *who, const char *path,
		       struct nq_inst_buf *b, nq_error *err)
{
	nq_instance in;

	if (!*cell(r, col[C_PART]))
		return -1;
	if (row_instance(r, col, path, b, &in, err) < 0)
		return -2;
	if (st == NQ_ST_OK || st == NQ_ST_WRONG || st == NQ_ST_DISPUTED)
		st = NQ_ST_ERROR; /* a verdict on no answer: a broken row */
	if (in.parts > 1 &&
	    nq_ledger_part_unanswered(l, &in, who,
				      (int)strtol(cell(r, col[C_REPEAT]),
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
	const char *who = cell(r, col[C_APPROACH]), *chk;
	char label[256];
	nq_instance in;
	nq_result res;
	long id;
	int placement = 0;

	if ((st != NQ_ST_OK && st != NQ_ST_WRONG && st != NQ_ST_DISPUTED) ||
	    !*cell(r, col[C_SOLUTIONS]))
		return unanswered(l, r, col, st, who, path, b, err);
	memset(&res, 0, sizeof res);
	res.vars = res.constraints = res.nonzeros = NQ_NA;
	res.nodes = res.decisions = res.conflicts = res.iterations = NQ_NA;
	res.unique = NQ_UNIQUE_NA;
	if (parse_u64(cell(r, col[C_SOLUTIONS]), &res.solutions))
		goto bad_solutions;
	if (*cell(r, col[C_UNIQUE]) &&
	    parse_u64(cell(r, col[C_UNIQUE]), &res.unique))
		return nq_error_set(err, path, (int)r->row_line, 0,
				    "column 'unique': '%s' is not a count",
				    cell(r, col[C_UNIQUE])), -2;
	if (row_instance(r, col, path, b, &in, err) < 0)
		return -2;
	if (col[C_APPROACH] < 0) {
		/* before the `approach` column: solver/encoding */
		snprintf(label, sizeof label, "%s%s%s", cell(r, col[C_SOLVER]),
			 *cell(r, col[C_ENCODING]) ? "/" : "",
			 cell(r, col[C_ENCODING]));
		who = label;
	}
	chk = cell(r, col[C_CHECKED]);
	if (in.mode == NQ_MODE_FIRST && !strcmp(chk, "placement"))
		placement = st == NQ_ST_OK ? 1 : st == NQ_ST_WRONG ? -1 : 0;
	if (in.parts > 1)
		id = nq_ledger_add_part(l, &in, who,
					(int)strtol(cell(r, col[C_REPEAT]),
						    NULL, 10), &res);
	else
		id = nq_ledger_add_recorded(l, &in, who, &res, placement,
					    placement < 0 ? cell(r, col[C_NOTE])
					    : NULL);
	if (id < 0 || id > INT32_MAX)
		return nq_error_set(err, NULL, 0, 0, "out of memory"), -2;
	return id;
bad_solutions:
	return nq_error_set(err, path, (int)r->row_line, 0, "column "
			    "'solutions': '%s' is not a count",
			    cell(r, col[C_SOLUTIONS])), -2;
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

/* Feed the cells of the row just read but `skip`, each as the harness
 * writes it (nq_csv_field's quoting) and followed by a comma: what its
 * digest covers (csv.h). Quoting the cells again, rather than hashing
 * the bytes read, leaves a file whose only change is needless quotes
 * or bare line ends as written. */
static void feed_cells(nq_sha256 *s, const struct rd *r, long skip)
{
	size_t i;

	for (i = 0; i < r->ncell; i++) {
		const char *c = cell(r, (int)i), *q;

		if ((long)i == skip)
			continue;
		if (!strpbrk(c, ",\"\r\n")) {
			nq_sha256_update(s, c, strlen(c));
		} else {
			nq_sha256_update(s, "\"", 1);
			for (; (q = strchr(c, '"')); c = q + 1) {
				/* up to the quote, and the quote again */
				nq_sha256_update(s, c, (size_t)(q - c) + 1);
				nq_sha256_update(s, "\"", 1);
			}
			nq_sha256_update(s, c, strlen(c));
			nq_sha256_update(s, "\"", 1);
		}
		nq_sha256_update(s, ",", 1);
	}
}

static void row_digest(const struct rd *r, long dcol, const char *prev,
		       char out[NQ_CSV_DIGEST_LEN + 1])
{
	nq_sha256 s;

	nq_csv_digest_begin(&s, prev);
	feed_cells(&s, r, dcol);
	nq_csv_digest_end(&s, out);
}

/* Whether the row's digest holds: after the previous row's cell as
 * written, or, when that cell alone was edited, after what it should
 * have been (so one edited cell names one row). The first row may hold
 * after the header this harness writes instead of the file's: then the
 * header was changed. Moves the chain on. */
static void check_digest(nq_rowfile *f, const struct rd *r, long dcol,
			 struct nq_oldrow *o)
{
	char want[NQ_CSV_DIGEST_LEN + 1], alt[NQ_CSV_DIGEST_LEN + 1];
	const char *got = cell(r, (int)dcol);
	int ok;

	row_digest(r, dcol, f->last_digest, want);
	ok = !strcmp(want, got);
	if (!ok && strcmp(f->calc_digest, f->last_digest)) {
		row_digest(r, dcol, f->calc_digest, alt);
		ok = !strcmp(alt, got);
	}
	if (!ok && f->nrows == 1) {
		nq_csv_chain ch;

		nq_csv_chain_start(&ch);
		row_digest(r, dcol, ch.prev, alt);
		if (!strcmp(alt, got))
			ok = f->header_changed = 1;
	}
	if (!ok) {
		o->changed = 1;
		f->nchanged++;
	}
	snprintf(f->last_digest, sizeof f->last_digest, "%s", got);
	memcpy(f->calc_digest, want, sizeof want);
}

/* One whole row: its key, its answer, its record. */
static int take_row(nq_rowfile *f, struct rd *r, const int *col,
		    nq_ledger *l, nq_keyset *keys, struct nq_inst_buf *b,
		    nq_error *err)
{
	char key[1024], label[256], what[300];
	const char *hints = cell(r, col[C_HINTS]);
	const char *who = cell(r, col[C_APPROACH]);
	struct nq_oldrow *o;
	long n, claim = -1;
	int redo;
	char *end;
	int st;

	n = strtol(cell(r, col[C_N]), &end, 10);
	if (end == cell(r, col[C_N]) || *end || n < 1 || n > ROWS_MAX_N)
		return nq_error_set(err, f->path, (int)r->row_line, 0,
				    "column 'n': '%s' is not a board size",
				    cell(r, col[C_N]));
	if (strcmp(cell(r, col[C_MODE]), "count") &&
	    strcmp(cell(r, col[C_MODE]), "first"))
		return nq_error_set(err, f->path, (int)r->row_line, 0,
				    "column 'mode': '%s' is not count or "
				    "first", cell(r, col[C_MODE]));
	if ((st = status_of(cell(r, col[C_STATUS]))) < 0)
		return nq_error_set(err, f->path, (int)r->row_line, 0,
				    "column 'status': '%s' is not a status",
				    cell(r, col[C_STATUS]));
	if (col[C_APPROACH] < 0) {
		snprintf(label, sizeof label, "%s%s%s", cell(r, col[C_SOLVER]),
			 *cell(r, col[C_ENCODING]) ? "/" : "",
			 cell(r, col[C_ENCODING]));
		who = label;
	}
	if (*cell(r, col[C_BLOCKED]) || *cell(r, col[C_EXCLUDED]) ||
	    *cell(r, col[C_PART])) {
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
	key_make(cell(r, col[C_EXPERIMENT]), cell(r, col[C_N]),
		 cell(r, col[C_MODE]), hints, who,
		 cell(r, col[C_REPEAT]), key, sizeof key);
	/* a part with no answer leaves its count without a sum: resume
	 * makes it again (not a timeout: that one would time out again) */
	redo = *cell(r, col[C_PART]) && (st == NQ_ST_CRASH ||
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
	o->seq = 0;
	o->status = (uint8_t)st;
	o->checked_hash = nq_rows_hash(cell(r, col[C_CHECKED]));
	o->note_hash = nq_rows_hash(cell(r, col[C_NOTE]));
	o->changed = 0;
	o->redo = (uint8_t)redo;
	o->superseded = 0;
	o->answered = parse_u64(cell(r, col[C_SOLUTIONS]), &o->solutions) == 0;
	o->wall_s = strtof(cell(r, col[C_WALL]), NULL);
	if (!(o->wall_s > 0 && o->wall_s < 1e30f))
		o->wall_s = 0; /* empty, or not a time: not shown */
	if (col[C_DIGEST] >= 0)
		check_digest(f, r, col[C_DIGEST], o);
	return 0;
}

/* The digest of the header just read (csv.h), where the chain starts. */
static void header_digest(nq_rowfile *f, const struct rd *r)
{
	char *line = NULL;
	size_t i, len = 0;
	FILE *m = open_memstream(&line, &len);

	f->last_digest[0] = '\0';
	if (!m)
		return; /* no memory: the first row's check fails */
	for (i = 0; i < r->ncell; i++) {
		if (i)
			fputc(',', m);
		nq_csv_field(m, cell(r, (int)i));
	}
	if (fclose(m) == 0)
		nq_csv_header_digest(line, len, f->last_digest);
	free(line);
	memcpy(f->calc_digest, f->last_digest, sizeof f->last_digest);
}

static int blank(const struct rd *r)
{
	return r->ncell == 1 && !r->text[0];
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

static double seconds_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) +
	       (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* Every few thousand rows: stop when the flag is up (-1, err set), and
 * past 2 s say how far the read is, on stderr (a terminal: one line
 * rewritten each second; otherwise a line each 10 s). */
static int watch(const struct rd *r, const char *path, size_t rows,
		 const struct timespec *t0, double *told, nq_error *err)
{
	struct stat st;
	double t;
	int tty;

	if (watch_stop && *watch_stop)
		return nq_error_set(err, path, (int)r->row_line, 0,
				    "interrupted while reading it back (%zu "
				    "rows read); nothing was written", rows);
	if (!watch_progress || (t = seconds_since(t0)) < 2)
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
	int col[C__COUNT], rc = -1, got;
	struct timespec t0;
	double told = 0;
	size_t nread = 0;

	memset(f, 0, sizeof *f);
	if (!r || !(f->path = strdup(path))) {
		free(r);
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	}
	if (rd_open(r, path, err) < 0) {
		free(r);
		return -1;
	}
	if (header(r, path, col, &f->ncols, err) < 0)
		goto out;
	f->has_host = col[C_HOST] >= 0;
	f->has_cpus = col[C_CPUS] >= 0;
	f->has_digest = col[C_DIGEST] >= 0;
	header_digest(f, r);
	f->end = r->off;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while ((got = read_row(r)) == ROW_OK) {
		if (++nread % 4096 == 0 &&
		    watch(r, path, nread, &t0, &told, err) < 0)
			goto out;
		if (blank(r)) {
			f->end = r->off;
			continue;
		}
		if (r->ncell != f->ncols) {
			if (r->ncell < f->ncols && at_eof(r)) {
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
		rd_fail(r, path, got, err);
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
	rd_close(r);
	free(r);
	nq_inst_buf_free(&b);
	if (rc < 0)
		nq_rows_free(f);
	return rc;
}

/* The note a row is written with: the verdict's, or where the verdict
 * has none, the file's own while the status stands (the solver's remark),
 * none once it changed (it was the old verdict's). */
static const char *note_of(const nq_verdict *v, const struct nq_oldrow *o,
			   const char *file_note)
{
	if (v->note[0])
		return v->note;
	return v->status == o->status ? file_note : "";
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

struct nq_rows_cursor {
	const nq_rowfile *f;
	const char *const *names; /* the current columns */
	int *map;                 /* current column -> the file's, or -1 */
	size_t ncur, next;
	/* the current columns a verdict, the host or the digest fills, or
	 * -1 */
	long k_status, k_checked, k_note, k_host, k_digest;
	char *line;               /* the row as written, one fwrite */
	size_t len, cap;
	struct rd r;
};

void nq_rows_close(nq_rows_cursor *c)
{
	if (!c)
		return;
	free(c->map);
	free(c->line);
	rd_close(&c->r);
	free(c);
}

int nq_rows_open(const nq_rowfile *f, nq_rows_cursor **out, nq_error *err)
{
	nq_rows_cursor *c = calloc(1, sizeof *c);
	int col[C__COUNT];
	size_t i, k, ncols;

	*out = NULL;
	if (!c)
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	c->f = f;
	c->names = nq_csv_columns();
	if (rd_open(&c->r, f->path, err) < 0) {
		free(c);
		return -1;
	}
	for (c->ncur = 0; c->names[c->ncur]; c->ncur++)
		;
	if (header(&c->r, f->path, col, &ncols, err) < 0)
		goto fail;
	if (ncols != f->ncols) {
		nq_error_set(err, f->path, 1, 0, "the file changed while it "
			     "was being merged");
		goto fail;
	}
	if (!(c->map = malloc(c->ncur * sizeof *c->map))) {
		nq_error_set(err, NULL, 0, 0, "out of memory");
		goto fail;
	}
	c->k_status = c->k_checked = c->k_note = c->k_host = -1;
	c->k_digest = -1;
	for (k = 0; k < c->ncur; k++) {
		const char *name = c->names[k];

		c->map[k] = -1;
		for (i = 0; i < c->r.ncell; i++)
			if (!strcmp(cell(&c->r, (int)i), name))
				c->map[k] = (int)i;
		if (!strcmp(name, "status"))
			c->k_status = (long)k;
		else if (!strcmp(name, "checked"))
			c->k_checked = (long)k;
		else if (!strcmp(name, "note"))
			c->k_note = (long)k;
		else if (!strcmp(name, "host"))
			c->k_host = (long)k;
		else if (!strcmp(name, "digest"))
			c->k_digest = (long)k;
	}
	*out = c;
	return 0;
fail:
	nq_rows_close(c);
	return -1;
}

/* Room for n more bytes of the row being written. */
static int line_room(nq_rows_cursor *c, size_t n)
{
	while (c->len + n > c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 4096;
		char *p = realloc(c->line, cap);

		if (!p)
			return -1;
		c->line = p;
		c->cap = cap;
	}
	return 0;
}

/* One cell, quoted as nq_csv_field quotes it. */
static int line_field(nq_rows_cursor *c, const char *s)
{
	size_t n = strlen(s), plain = strcspn(s, ",\"\r\n");

	if (line_room(c, 2 * n + 3))
		return -1;
	if (plain == n) {
		memcpy(c->line + c->len, s, n);
		c->len += n;
		return 0;
	}
	c->line[c->len++] = '"';
	for (; *s; s++) {
		if (*s == '"')
			c->line[c->len++] = '"';
		c->line[c->len++] = *s;
	}
	c->line[c->len++] = '"';
	return 0;
}

/* The reader at byte `off`, on line `line`: a seek only when the row
 * is not the next one anyway. */
static int rd_seek(struct rd *r, long long off, size_t line)
{
	if (r->off == off)
		return 0;
	if (fseeko(r->fp, (off_t)off, SEEK_SET) < 0)
		return -1;
	r->pos = r->len = 0;
	r->off = off;
	r->line = line;
	return 0;
}

int nq_rows_emit(nq_rows_cursor *c, FILE *out, const nq_ledger *l,
		 const char *host, nq_csv_chain *ch, nq_error *err)
{
	if (c->next >= c->f->nrows)
		return nq_error_set(err, c->f->path, 0, 0, "no row left");
	return nq_rows_emit_at(c, c->next++, out, l, host, ch, err);
}

int nq_rows_emit_at(nq_rows_cursor *c, size_t i, FILE *out,
		    const nq_ledger *l, const char *host, nq_csv_chain *ch,
		    nq_error *err)
{
	const struct nq_oldrow *o;
	const nq_verdict *v = NULL;
	struct rd *r = &c->r;
	size_t k;
	int got;

	if (i >= c->f->nrows)
		return nq_error_set(err, c->f->path, 0, 0, "no row %zu", i);
	o = &c->f->rows[i];
	if (rd_seek(r, (long long)o->off, o->line) < 0)
		return nq_error_set(err, c->f->path, (int)o->line, 0,
				    "cannot read again: %s", strerror(errno));
	do
		got = read_row(r);
	while (got == ROW_OK && blank(r));
	if (got != ROW_OK || r->ncell != c->f->ncols || r->row_line != o->line)
		return nq_error_set(err, c->f->path, (int)r->row_line, 0,
				    "the file changed while it was being "
				    "merged");
	if (o->claim >= 0 && l)
		v = nq_ledger_verdict(l, o->claim);
	/* every cell but the digest, each with its comma, then the digest
	 * of what is written now (csv.h: the digest column is the last) */
	c->len = 0;
	for (k = 0; k < c->ncur; k++) {
		const char *s = cell(r, c->map[k]);
		long kk = (long)k;

		if (kk == c->k_digest)
			continue;
		if (v && kk == c->k_status)
			s = nq_status_name(v->status);
		else if (v && kk == c->k_checked)
			s = v->checked;
		else if (v && kk == c->k_note)
			s = note_of(v, o, s);
		else if (host && !*s && kk == c->k_host)
			s = host;
		if (line_field(c, s) || line_room(c, 1))
			goto nomem;
		c->line[c->len++] = ',';
	}
	if (nq_csv_put(out, ch, c->line, c->len, o->changed) < 0)
		return nq_error_set(err, NULL, 0, 0, "write failed: %s",
				    strerror(errno));
	return 0;
nomem:
	return nq_error_set(err, NULL, 0, 0, "out of memory");
}

int nq_rows_write(FILE *out, const nq_rowfile *f, const nq_ledger *l,
		  const char *host, nq_csv_chain *ch, nq_error *err)
{
	nq_rows_cursor *c;
	size_t i;
	int rc = 0;

	if (nq_rows_open(f, &c, err) < 0)
		return -1;
	for (i = 0; i < f->nrows && rc == 0; i++)
		rc = nq_rows_emit(c, out, l, host, ch, err);
	nq_rows_close(c);
	return rc;
}

int nq_rows_fit(nq_rowfile *f, const nq_order *ord, nq_keyset *due,
		size_t *at)
{
	size_t i;

	for (i = 0; i < f->nrows; i++) {
		const struct nq_oldrow *o = &f->rows[i];

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
		if (nq_keyset_count(due, o->key))
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

void nq_rows_free(nq_rowfile *f)
{
	free(f->path);
	free(f->rows);
	memset(f, 0, sizeof *f);
}

