/*
 * instfile.c - CSPLib's Essence' parameter files (instfile.h): read
 * token by token with the line and column of each, so a broken file is
 * pointed at where it breaks, and written back for `export --format
 * param`. The `file:` entries of an experiment file that read them are
 * in config_file.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "experiment.h"
#include "instfile.h"
#include "validate.h"

enum tok { T_EOF, T_IDENT, T_INT, T_OPEN, T_CLOSE, T_COMMA, T_EQ, T_BAD };

struct lexer {
	const char *p, *end, *path;
	int line, col;
	/* the token just read */
	enum tok t;
	int tline, tcol;
	char text[64];
	long long v;
	nq_error *err;
};

static int lex_fail(struct lexer *x, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int lex_fail(struct lexer *x, int line, int col, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return nq_error_set(x->err, x->path, line, col, "%s", msg);
}

static void advance(struct lexer *x)
{
	if (*x->p == '\n') {
		x->line++;
		x->col = 1;
	} else {
		x->col++;
	}
	x->p++;
}

/* The next token into x (blanks, newlines and `$` comments skipped). */
static void next(struct lexer *x)
{
	size_t n = 0;

	for (;;) {
		while (x->p < x->end && strchr(" \t\r\n\f\v", *x->p) &&
		       *x->p)
			advance(x);
		if (x->p < x->end && *x->p == '$') {
			while (x->p < x->end && *x->p != '\n')
				advance(x);
			continue;
		}
		break;
	}
	x->tline = x->line;
	x->tcol = x->col;
	x->text[0] = '\0';
	if (x->p >= x->end) {
		x->t = T_EOF;
		return;
	}
	if ((*x->p >= 'a' && *x->p <= 'z') || (*x->p >= 'A' && *x->p <= 'Z') ||
	    *x->p == '_') {
		while (x->p < x->end &&
		       ((*x->p >= 'a' && *x->p <= 'z') ||
			(*x->p >= 'A' && *x->p <= 'Z') ||
			(*x->p >= '0' && *x->p <= '9') || *x->p == '_' ||
			*x->p == '\'')) {
			if (n < sizeof x->text - 1)
				x->text[n++] = *x->p;
			advance(x);
		}
		x->text[n] = '\0';
		x->t = T_IDENT;
		return;
	}
	if ((*x->p >= '0' && *x->p <= '9') || *x->p == '-') {
		int neg = *x->p == '-';

		x->v = 0;
		if (neg)
			advance(x);
		if (x->p >= x->end || !(*x->p >= '0' && *x->p <= '9')) {
			snprintf(x->text, sizeof x->text, "-");
			x->t = T_BAD;
			return;
		}
		/* saturate far beyond any board: off it, not wrapped */
		while (x->p < x->end && *x->p >= '0' && *x->p <= '9') {
			if (x->v < 1000000000000LL)
				x->v = x->v * 10 + (*x->p - '0');
			advance(x);
		}
		if (neg)
			x->v = -x->v;
		x->t = T_INT;
		return;
	}
	x->text[0] = *x->p;
	x->text[1] = '\0';
	x->t = *x->p == '[' || *x->p == '(' ? T_OPEN :
	       *x->p == ']' || *x->p == ')' ? T_CLOSE :
	       *x->p == ',' ? T_COMMA : *x->p == '=' ? T_EQ : T_BAD;
	if (x->t == T_BAD && (unsigned char)*x->p < 32)
		snprintf(x->text, sizeof x->text, "\\x%02x",
			 (unsigned char)*x->p);
	advance(x);
}

/* "got ..." for a message: the token as written, or the end. */
static const char *got(const struct lexer *x)
{
	return x->t == T_EOF ? "the end of the file" : x->text;
}

static int expect(struct lexer *x, enum tok t, const char *what)
{
	if (x->t == t) {
		next(x);
		return 0;
	}
	if (x->t == T_INT)
		snprintf(x->text, sizeof x->text, "%lld", x->v);
	return lex_fail(x, x->tline, x->tcol, "expected %s, got %s%s%s", what,
			x->t == T_EOF ? "" : "'", got(x),
			x->t == T_EOF ? "" : "'");
}

/* A square as the file gives it, with where. */
struct pos_sq {
	long long r, c;
	int line, col;
	int idx;         /* order given */
};

struct sq_list {
	struct pos_sq *v;
	int n, cap;
	int given, line, col;   /* the letting's name */
};

/* `[r, c]` (or `(r, c)`). */
static int parse_pair(struct lexer *x, struct sq_list *l)
{
	struct pos_sq s;

	s.line = x->tline;
	s.col = x->tcol;
	if (expect(x, T_OPEN, "'[' opening a pair [row, column]"))
		return -1;
	if (x->t != T_INT)
		return expect(x, T_INT, "a row number");
	s.r = x->v;
	next(x);
	if (expect(x, T_COMMA, "',' between row and column"))
		return -1;
	if (x->t != T_INT)
		return expect(x, T_INT, "a column number");
	s.c = x->v;
	next(x);
	if (expect(x, T_CLOSE, "']' closing the pair [row, column]"))
		return -1;
	if (l->n == l->cap) {
		int cap = l->cap ? 2 * l->cap : 64;
		struct pos_sq *v = realloc(l->v, (size_t)cap * sizeof *v);

		if (!v)
			return lex_fail(x, 0, 0, "%s", "out of memory");
		l->v = v;
		l->cap = cap;
	}
	s.idx = l->n;
	l->v[l->n++] = s;
	return 0;
}

/* `[]` or `[pair, pair, ...]`. */
static int parse_list(struct lexer *x, struct sq_list *l)
{
	if (expect(x, T_OPEN, "'[' opening a list of [row, column] pairs"))
		return -1;
	if (x->t == T_CLOSE) {
		next(x);
		return 0;
	}
	for (;;) {
		if (parse_pair(x, l))
			return -1;
		if (x->t == T_CLOSE) {
			next(x);
			return 0;
		}
		if (expect(x, T_COMMA, "',' or ']' after a pair"))
			return -1;
	}
}

static int by_rc(const void *a, const void *b)
{
	const struct pos_sq *x = a, *y = b;

	if (x->r != y->r)
		return (x->r > y->r) - (x->r < y->r);
	if (x->c != y->c)
		return (x->c > y->c) - (x->c < y->c);
	return (x->idx > y->idx) - (x->idx < y->idx);
}

/* Every square on the board and none twice (the second pointed at). The
 * list is left sorted by square. */
static int check_squares(struct lexer *x, struct sq_list *l, int n,
			 const char *what)
{
	int i;

	for (i = 0; i < l->n; i++) {
		struct pos_sq *s = &l->v[i];

		if (s->r < 1 || s->r > n || s->c < 1 || s->c > n) {
			return lex_fail(x, s->line, s->col, "%s [%lld, %lld] "
					"is off the %dx%d board (rows and "
					"columns run 1..%d)", what, s->r, s->c,
					n, n, n);
		}
	}
	if (l->n)
		qsort(l->v, (size_t)l->n, sizeof *l->v, by_rc);
	for (i = 1; i < l->n; i++) {
		struct pos_sq *s = &l->v[i], *p = &l->v[i - 1];
		const struct pos_sq *later = s->idx > p->idx ? s : p;

		if (s->r == p->r && s->c == p->c) {
			return lex_fail(x, later->line, later->col, "%s [%lld, "
					"%lld] is given twice", what, s->r,
					s->c);
		}
	}
	return 0;
}

static int by_idx(const void *a, const void *b)
{
	const struct pos_sq *x = a, *y = b;

	return (x->idx > y->idx) - (x->idx < y->idx);
}

/* The queens: none attacking another, none on a blocked square (both
 * lists sorted by square). */
static int check_queens(struct lexer *x, struct sq_list *q,
			const struct sq_list *b, nq_square *out, int n)
{
	char why[256];
	int i, a, z;

	for (i = 0; i < q->n; i++) {
		struct pos_sq key = q->v[i];

		key.idx = -1;
		for (a = 0; a < b->n; a++)
			if (b->v[a].r == key.r && b->v[a].c == key.c)
				break;
		/* b is sorted: a binary search would do, but the
		 * queens are few (at most one per row) */
		if (a < b->n) {
			return lex_fail(x, q->v[i].line, q->v[i].col, "queen "
					"[%lld, %lld] stands on a blocked "
					"square", key.r, key.c);
		}
	}
	if (q->n)
		qsort(q->v, (size_t)q->n, sizeof *q->v, by_idx);
	for (i = 0; i < q->n; i++) {
		out[i].row = (int)q->v[i].r - 1;
		out[i].col = (int)q->v[i].c - 1;
	}
	if (q->n && nq_check_hints(n, out, q->n, &a, &z, why, sizeof why)) {
		return lex_fail(x, q->v[z].line, q->v[z].col, "queens: %s",
				why);
	}
	return 0;
}

int nq_param_parse(const char *text, size_t len, const char *path,
		   struct nq_param *p, nq_error *err)
{
	struct lexer x = { text, text + len, path, 1, 1, T_EOF, 0, 0, "",
			   0, err };
	struct sq_list lists[2];        /* blocks, queens */
	int n_line = 0, i, rc = -1;
	long long n = 0;

	memset(p, 0, sizeof *p);
	memset(lists, 0, sizeof lists);
	next(&x);
	/* an Essence' file may open with `language ESSENCE' 1.0` */
	if (x.t == T_IDENT && !strcmp(x.text, "language")) {
		while (x.p < x.end && *x.p != '\n')
			advance(&x);
		next(&x);
	}
	while (x.t != T_EOF) {
		int line, col, which;

		if (x.t != T_IDENT || strcmp(x.text, "letting")) {
			/* an identifier other than `letting` is no T_IDENT
			 * mismatch: fail here, not through expect() */
			x.t = x.t == T_IDENT ? T_BAD : x.t;
			expect(&x, T_IDENT, "'letting'");
			goto out;
		}
		next(&x);
		line = x.tline;
		col = x.tcol;
		if (x.t != T_IDENT) {
			expect(&x, T_IDENT, "a name (n, blocks or queens) "
			       "after 'letting'");
			goto out;
		}
		which = !strcmp(x.text, "n") ? 2 :
			!strcmp(x.text, "blocks") ? 0 :
			!strcmp(x.text, "queens") ? 1 : -1;
		if (which < 0) {
			lex_fail(&x, line, col, "unknown letting '%s' (known: "
				 "n, blocks, queens)", x.text);
			goto out;
		}
		if (which == 2 ? n_line != 0 : lists[which].given) {
			lex_fail(&x, line, col, "'letting %s' is given twice",
				 x.text);
			goto out;
		}
		next(&x);
		if (x.t == T_IDENT && !strcmp(x.text, "be"))
			next(&x);
		else if (expect(&x, T_EQ, "'=' or 'be'"))
			goto out;
		if (which == 2) {
			if (x.t != T_INT) {
				expect(&x, T_INT, "the board size n (an "
				       "integer)");
				goto out;
			}
			n = x.v;
			n_line = line;
			if (n < 1 || n > NQ_MAX_N) {
				lex_fail(&x, x.tline, x.tcol, "n must be "
					 "1..%d, got %lld", NQ_MAX_N, n);
				goto out;
			}
			next(&x);
			continue;
		}
		lists[which].given = 1;
		lists[which].line = line;
		lists[which].col = col;
		if (parse_list(&x, &lists[which]))
			goto out;
	}
	if (!n_line) {
		lex_fail(&x, x.tline, x.tcol, "%s", "no 'letting n = N' (the "
			 "board size) in the file");
		goto out;
	}
	if (check_squares(&x, &lists[0], (int)n, "blocked square") ||
	    check_squares(&x, &lists[1], (int)n, "queen"))
		goto out;
	p->n = (int)n;
	if ((lists[0].n && !(p->blocked = malloc((size_t)lists[0].n *
						  sizeof *p->blocked))) ||
	    (lists[1].n && !(p->queens = malloc((size_t)lists[1].n *
						 sizeof *p->queens)))) {
		lex_fail(&x, 0, 0, "%s", "out of memory");
		goto out;
	}
	if (check_queens(&x, &lists[1], &lists[0], p->queens, p->n))
		goto out;
	p->nqueens = lists[1].n;
	for (i = 0; i < lists[0].n; i++) {
		p->blocked[i].row = (int)lists[0].v[i].r - 1;
		p->blocked[i].col = (int)lists[0].v[i].c - 1;
	}
	p->nblocked = lists[0].n;
	rc = 0;
out:
	free(lists[0].v);
	free(lists[1].v);
	if (rc)
		nq_param_free(p);
	return rc;
}

void nq_param_free(struct nq_param *p)
{
	free(p->blocked);
	free(p->queens);
	memset(p, 0, sizeof *p);
}

static void write_squares(FILE *f, const char *name, const nq_square *s,
			  int k)
{
	int i;

	fprintf(f, "letting %s = [", name);
	for (i = 0; i < k; i++)
		fprintf(f, "%s[%d,%d]", !i ? "" : i % 8 ? ", " : ",\n    ",
			s[i].row + 1, s[i].col + 1);
	fputs("]\n", f);
}

void nq_param_write(FILE *f, const nq_instance *in, const char *comment)
{
	const char *p = comment, *nl;

	while (p && *p) {
		nl = strchr(p, '\n');
		fprintf(f, "$ %.*s\n", nl ? (int)(nl - p) : (int)strlen(p), p);
		p = nl ? nl + 1 : NULL;
	}
	fprintf(f, "letting n = %d\n", in->n);
	if (in->nblocked)
		write_squares(f, "blocks", in->blocked, in->nblocked);
	if (in->nhints)
		write_squares(f, "queens", in->hints, in->nhints);
}
