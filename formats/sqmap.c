/*
 * sqmap.c - the square map of a file `harness export` wrote (solfile.h):
 * its first line (n and the hints), its "square R C VAR|NAME" lines,
 * checked whole, and its "blocked R C" / "excluded diagonal D" /
 * "excluded antidiagonal A" lines. Every error names the file and line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "order.h"
#include "solfile.h"
#include "solfile_int.h"


struct square_line {
	int r, c, var;
	char *name;
	long no;
};

/* The largest n whose n x n squares fit an int (as in check_squares). */
#define SQMAP_MAX_N 46340

/* A decimal integer at *p (blanks before it skipped) in lo .. hi, whole
 * up to a blank, the end or `stop` (0: none): 0 with *v set and *p past
 * it, or -1 (not one, or out of range: an overflow never wraps a number
 * onto the board, as sscanf's %d would). */
static int take_int(const char **p, long long lo, long long hi, char stop,
		    long long *v)
{
	const char *q = nq_sol_skip_blanks((char *)*p);
	char *end;

	if ((*q < '0' || *q > '9') && *q != '-' && *q != '+')
		return -1;
	errno = 0;
	*v = strtoll(q, &end, 10);
	if (end == q || errno == ERANGE || *v < lo || *v > hi ||
	    (*end && *end != ' ' && *end != '\t' && (!stop || *end != stop)))
		return -1;
	*p = end;
	return 0;
}

/* "n-queens n=8 model assignment, hints (1-based row:col): 1:1 2:5"
 * (or "... : none"): 0, or -1 with why filled. */
static int read_header(nq_sqmap *m, const char *body, long no,
		       const char *path, char *why, size_t len)
{
	const char *h = body + strlen("n-queens n=");
	long long n, r, c;

	if (take_int(&h, 1, SQMAP_MAX_N, ',', &n))
		return nq_why_set(why, len, "%s:%ld: expected \"n-queens n=N\" "
			    "(N 1 .. %d), not \"%.60s\"", path, no,
			    SQMAP_MAX_N, body);
	m->header_n = (int)n;
	if (!(h = strstr(body, "hints (1-based row:col):")))
		return 0;
	m->header_hints = 1;
	h += strlen("hints (1-based row:col):");
	h = nq_sol_skip_blanks((char *)h);
	if (!strcmp(h, "none"))
		return 0;
	while (*(h = nq_sol_skip_blanks((char *)h))) {
		if (m->nhints == 256 || take_int(&h, 1, n, ':', &r) ||
		    *h++ != ':' || take_int(&h, 1, n, 0, &c))
			return nq_why_set(why, len, "%s:%ld: expected the hints "
				    "as ROW:COL within n = %lld (at most 256), "
				    "not \"%.40s\"", path, no, n, h);
		m->hints[m->nhints].row = (int)r - 1;
		m->hints[m->nhints].col = (int)c - 1;
		m->nhints++;
	}
	return 0;
}

/* A blocked square or an excluded line, 1-based as written, until the
 * board's n is known. */
struct restriction {
	char kind;    /* 'b' blocked, 'd' diagonal, 'a' antidiagonal */
	int r, c;     /* blocked: row, col; lines: the number in r */
	long no;
};

struct restrictions {
	struct restriction *at;
	size_t n, cap;
};

/* "blocked R C", "excluded diagonal D", "excluded antidiagonal A":
 * 1 when body is one (kept), 0 when it is another comment, -1 with why
 * filled when it starts like one and is not one. */
static int read_restriction(struct restrictions *rs, const char *body,
			    long no, const char *path, char *why, size_t len)
{
	struct restriction x = { 0, 0, 0, no };
	const char *p;
	long long r, c;

	/* numbers bounded to int: the board's check comes later */
	if (!strncmp(body, "blocked ", 8)) {
		x.kind = 'b';
		p = body + 8;
		if (take_int(&p, INT32_MIN, INT32_MAX, 0, &r) ||
		    take_int(&p, INT32_MIN, INT32_MAX, 0, &c) ||
		    *nq_sol_skip_blanks((char *)p))
			return nq_why_set(why, len, "%s:%ld: expected \"blocked "
				    "ROW COL\", not \"%.60s\"", path, no, body);
		x.r = (int)r;
		x.c = (int)c;
	} else if (!strncmp(body, "excluded ", 9)) {
		p = body + 9;
		x.kind = !strncmp(p, "diagonal ", 9) ? 'd'
			 : !strncmp(p, "antidiagonal ", 13) ? 'a' : 0;
		p += x.kind == 'd' ? 9 : 13;
		if (x.kind && !take_int(&p, INT32_MIN, INT32_MAX, 0, &r) &&
		    !*nq_sol_skip_blanks((char *)p))
			x.r = (int)r;
		else
			return nq_why_set(why, len, "%s:%ld: expected \"excluded "
				    "diagonal D\" or \"excluded antidiagonal "
				    "A\", not \"%.60s\"", path, no, body);
	} else {
		return 0;
	}
	if (rs->n == rs->cap) {
		size_t nc = rs->cap ? 2 * rs->cap : 64;
		struct restriction *g = realloc(rs->at, nc * sizeof *g);

		if (!g)
			return nq_why_set(why, len, "out of memory");
		rs->at = g;
		rs->cap = nc;
	}
	rs->at[rs->n++] = x;
	return 1;
}

/* The restrictions into the map, 0-based, checked against n: on the
 * board, none twice, none on a hint. 0, or -1 with why filled. */
static int fill_restrictions(nq_sqmap *m, const struct restrictions *rs,
			     const char *path, char *why, size_t len)
{
	int n = m->n, h;
	size_t k;
	char *seen;

	if (!rs->n)
		return 0;
	m->blocked = malloc(rs->n * sizeof *m->blocked);
	m->excl_diag = malloc(rs->n * sizeof *m->excl_diag);
	m->excl_anti = malloc(rs->n * sizeof *m->excl_anti);
	seen = calloc((size_t)n * n + 4 * (size_t)n, 1);
	if (!m->blocked || !m->excl_diag || !m->excl_anti || !seen) {
		free(seen);
		return nq_why_set(why, len, "out of memory");
	}
	for (k = 0; k < rs->n; k++) {
		const struct restriction *x = &rs->at[k];
		size_t at;

		if (x->kind == 'b') {
			if (x->r < 1 || x->r > n || x->c < 1 || x->c > n)
				goto off;
			at = (size_t)(x->r - 1) * n + (size_t)(x->c - 1);
		} else {
			if (x->r < 1 || x->r > 2 * n - 1)
				goto off;
			at = (size_t)n * n + (x->kind == 'a' ? 2 * (size_t)n : 0) +
			     (size_t)(x->r - 1);
		}
		if (seen[at]) {
			free(seen);
			return nq_why_set(why, len, "%s:%ld: listed twice", path,
				    x->no);
		}
		seen[at] = 1;
		for (h = 0; h < m->nhints; h++) {
			int hr = m->hints[h].row, hc = m->hints[h].col;

			if ((x->kind == 'b' && hr == x->r - 1 &&
			     hc == x->c - 1) ||
			    (x->kind == 'd' && hc - hr + n - 1 == x->r - 1) ||
			    (x->kind == 'a' && hr + hc == x->r - 1)) {
				free(seen);
				return nq_why_set(why, len, "%s:%ld: the hint "
					    "%d:%d stands there", path, x->no,
					    hr + 1, hc + 1);
			}
		}
		if (x->kind == 'b')
			m->blocked[m->nblocked++] =
				(nq_square){ x->r - 1, x->c - 1 };
		else if (x->kind == 'd')
			m->excl_diag[m->nexcl_diag++] = x->r - 1;
		else
			m->excl_anti[m->nexcl_anti++] = x->r - 1;
		continue;
off:
		free(seen);
		return nq_why_set(why, len, "%s:%ld: off the %d x %d board "
			    "(%s 1..%d)", path, x->no, n, n, x->kind == 'b' ?
			    "rows and columns" : "lines", x->kind == 'b' ? n :
			    2 * n - 1);
	}
	free(seen);
	qsort(m->excl_diag, (size_t)m->nexcl_diag, sizeof (int), nq_cmp_int);
	qsort(m->excl_anti, (size_t)m->nexcl_anti, sizeof (int), nq_cmp_int);
	return 0;
}

size_t nq_sqmap_describe(const nq_instance *inst, char *buf, size_t len)
{
	size_t used = 0;
	int i, w;

	if (len)
		buf[0] = '\0';
	for (i = 0; i < inst->nblocked; i++) {
		w = snprintf(used < len ? buf + used : NULL,
			     used < len ? len - used : 0, "blocked %d %d\n",
			     inst->blocked[i].row + 1,
			     inst->blocked[i].col + 1);
		used += (size_t)w;
	}
	for (i = 0; i < inst->nexcl_diag; i++) {
		w = snprintf(used < len ? buf + used : NULL,
			     used < len ? len - used : 0,
			     "excluded diagonal %d\n", inst->excl_diag[i] + 1);
		used += (size_t)w;
	}
	for (i = 0; i < inst->nexcl_anti; i++) {
		w = snprintf(used < len ? buf + used : NULL,
			     used < len ? len - used : 0,
			     "excluded antidiagonal %d\n",
			     inst->excl_anti[i] + 1);
		used += (size_t)w;
	}
	return used;
}

/* The square lines read so far, all of one kind: 'c' (CNF, a variable
 * each) or '\\' / '*' (LP, MPS: a column name each). */
struct square_lines {
	struct square_line *sq;
	size_t nsq, cap;
	char kind;
	int n;   /* the largest row or column seen */
};

static int add_square(struct square_lines *l, struct square_line s,
		      char *why, size_t len)
{
	if (l->nsq == l->cap) {
		size_t nc = l->cap ? 2 * l->cap : 256;
		struct square_line *g = realloc(l->sq, nc * sizeof *g);

		if (!g) {
			free(s.name);
			return nq_why_set(why, len, "out of memory");
		}
		l->sq = g;
		l->cap = nc;
	}
	l->sq[l->nsq++] = s;
	if (s.r > l->n)
		l->n = s.r;
	if (s.c > l->n)
		l->n = s.c;
	return 0;
}

/* "c square ROW COL VAR" (or '\\' / '*' and NAME), `body` after the
 * comment mark: 0, or -1 with why filled. */
static int read_square(struct square_lines *l, const char *line,
		       const char *body, long no, const char *path,
		       char *why, size_t len)
{
	char word[256];
	struct square_line s;
	const char *p = body + 7, *w;
	long long r, c, var = 0;
	size_t wl;

	if (l->kind && l->kind != line[0])
		return nq_why_set(why, len, "%s:%ld: a '%c' square line among "
			    "'%c' ones", path, no, line[0], l->kind);
	l->kind = line[0];
	memset(&s, 0, sizeof s);
	s.no = no;
	/* "square ROW COL VAR|NAME": ROW and COL within the largest
	 * board, VAR a positive int, each read whole (no wrap) */
	w = p;
	if (!take_int(&w, 1, SQMAP_MAX_N, 0, &r) &&
	    !take_int(&w, 1, SQMAP_MAX_N, 0, &c)) {
		w = nq_sol_skip_blanks((char *)w);
		wl = strcspn(w, " \t");
		p = w + wl;
	} else {
		wl = 0;
	}
	if (!wl || wl >= sizeof word || *nq_sol_skip_blanks((char *)p) ||
	    (l->kind == 'c' && take_int(&w, 1, INT32_MAX, 0, &var)))
		return nq_why_set(why, len, "%s:%ld: expected \"square ROW COL %s\" "
			    "(1-based, ROW and COL up to %d), not \"%.60s\"",
			    path, no, l->kind == 'c' ? "VAR" : "NAME",
			    SQMAP_MAX_N, body);
	memcpy(word, w, wl);
	word[wl] = '\0';
	s.r = (int)r;
	s.c = (int)c;
	s.var = (int)var;
	if (l->kind != 'c' && !(s.name = strdup(word)))
		return nq_why_set(why, len, "out of memory");
	return add_square(l, s, why, len);
}

/* The comment lines of the header (square lines, the first line, the
 * objective) up to the first other line, and for a CNF its p line:
 * 0, or -1 with why filled. `at_eof`: the file ended first. */
static int read_squares(nq_sqmap *m, struct reader *rd,
			struct square_lines *l, struct restrictions *rs,
			int *have_p, int *at_eof, const char *path, char *why,
			size_t len)
{
	char *line, *body;
	int got;

	while ((line = nq_sol_next_line(rd))) {
		if (!line[0])
			continue;
		if ((line[0] == 'c' || line[0] == '\\' || line[0] == '*') &&
		    (line[1] == ' ' || line[1] == '\t' || !line[1])) {
			body = nq_sol_skip_blanks(line + 1);
			if (!strncmp(body, "n-queens n=", 11) &&
			    read_header(m, body, rd->no, path, why, len))
				return -1;
			else if (!strncmp(body, "objective: maximize the number "
					  "of queens", 40))
				m->counts_queens = 1;
			got = read_restriction(rs, body, rd->no, path, why, len);
			if (got < 0)
				return -1;
			if (got || strncmp(body, "square ", 7))
				continue;
			if (read_square(l, line, body, rd->no, path, why, len))
				return -1;
			continue;
		}
		/* the first line that is no comment ends the header */
		if (l->kind == 'c' && !strncmp(line, "p cnf", 5)) {
			const char *p = line + 5;
			long long vars, clauses;

			if (take_int(&p, 1, INT32_MAX - 1, 0, &vars) ||
			    take_int(&p, 0, INT64_MAX, 0, &clauses) ||
			    *nq_sol_skip_blanks((char *)p))
				return nq_why_set(why, len, "%s:%ld: expected \"p cnf "
					    "VARS CLAUSES\", not \"%.60s\"",
					    path, rd->no, line);
			m->nvars = (int)vars;
			*have_p = 1;
		}
		break;
	}
	*at_eof = line == NULL;
	return 0;
}

/* The square lines make a whole board, as the header says: 0, or -1
 * with why filled. */
static int check_squares(const nq_sqmap *m, const struct square_lines *l,
			 int have_p, long no, int at_eof, const char *path,
			 char *why, size_t len)
{
	int n = l->n;

	if (!l->nsq)
		return nq_why_set(why, len, "%s: no \"square ROW COL ...\" comment "
			    "lines before line %ld: not a file written by "
			    "harness export", path, no + at_eof);
	if (l->kind == 'c' && !have_p)
		return nq_why_set(why, len, "%s:%ld: expected the \"p cnf VARS "
			    "CLAUSES\" line after the square lines", path, no);
	if (m->header_n && m->header_n != n)
		return nq_why_set(why, len, "%s: the first line says n = %d, the "
			    "square lines go up to %d", path, m->header_n, n);
	if (n > 46340 || (size_t)n * (size_t)n != l->nsq)
		return nq_why_set(why, len, "%s: %zu square lines for a %d x %d "
			    "board (%lld expected)", path, l->nsq, n, n,
			    (long long)n * n);
	return 0;
}

/* The map's squares from the square lines, each given once (the names
 * move into the map): 0, or -1 with why filled. */
static int fill_map(nq_sqmap *m, struct square_lines *l, const char *path,
		    char *why, size_t len)
{
	struct square_line *sq = l->sq;
	int n = l->n, rc = -1;
	char *seen;
	size_t i;

	m->n = n;
	m->cnf = l->kind == 'c';
	seen = calloc((size_t)n * n, 1);
	if (m->cnf)
		m->var = calloc((size_t)n * n, sizeof *m->var);
	else
		m->name = calloc((size_t)n * n, sizeof *m->name);
	if (!seen || (m->cnf ? !m->var : !m->name)) {
		nq_why_set(why, len, "out of memory for %d squares", n * n);
		goto out;
	}
	for (i = 0; i < l->nsq; i++) {
		size_t k = (size_t)(sq[i].r - 1) * n + (size_t)(sq[i].c - 1);

		if (seen[k]) {
			nq_why_set(why, len, "%s:%ld: square %d %d given twice",
			     path, sq[i].no, sq[i].r, sq[i].c);
			goto out;
		}
		seen[k] = 1;
		if (m->cnf && sq[i].var > m->nvars) {
			nq_why_set(why, len, "%s:%ld: square %d %d has variable %d; "
			     "the p line says %d variables", path, sq[i].no,
			     sq[i].r, sq[i].c, sq[i].var, m->nvars);
			goto out;
		}
		if (m->cnf) {
			m->var[k] = sq[i].var;
		} else {
			m->name[k] = sq[i].name;
			sq[i].name = NULL;
		}
	}
	rc = 0;
out:
	free(seen);
	return rc;
}

int nq_sqmap_read(nq_sqmap *m, const char *path, char *why, size_t len)
{
	struct reader rd;
	struct square_lines l = { NULL, 0, 0, 0, 0 };
	struct restrictions rs = { NULL, 0, 0 };
	size_t i;
	int rc = -1, have_p = 0, at_eof = 0;

	memset(m, 0, sizeof *m);
	snprintf(m->path, sizeof m->path, "%s", path);
	if (nq_sol_reader_open(&rd, path, why, len))
		return -1;
	if (!read_squares(m, &rd, &l, &rs, &have_p, &at_eof, path, why,
			  len) &&
	    !check_squares(m, &l, have_p, rd.no, at_eof, path, why, len) &&
	    !fill_map(m, &l, path, why, len) &&
	    !fill_restrictions(m, &rs, path, why, len))
		rc = 0;
	free(rs.at);
	for (i = 0; i < l.nsq; i++)
		free(l.sq[i].name);
	free(l.sq);
	nq_sol_reader_close(&rd);
	if (rc)
		nq_sqmap_free(m);
	return rc;
}

void nq_sqmap_free(nq_sqmap *m)
{
	size_t i;

	if (m->name)
		for (i = 0; i < (size_t)m->n * m->n; i++)
			free(m->name[i]);
	free(m->name);
	free(m->var);
	free(m->blocked);
	free(m->excl_diag);
	free(m->excl_anti);
	m->name = NULL;
	m->var = NULL;
	m->blocked = NULL;
	m->excl_diag = m->excl_anti = NULL;
	m->nblocked = m->nexcl_diag = m->nexcl_anti = 0;
}

