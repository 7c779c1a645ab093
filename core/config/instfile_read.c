/*
 * instfile_read.c - what every instance-file reader shares
 * (instfile_read.h): the lexer, with the line and column of each token,
 * so a broken file is pointed at where it breaks; the lists of pairs; the
 * checks that turn what a file says into an nq_param.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "instfile_read.h"
#include "validate.h"

int nq_lex_fail(struct lexer *x, int line, int col, const char *fmt, ...)
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

void nq_lex_start(struct lexer *x, const char *text, size_t len,
		  const char *path, enum dialect d, nq_error *err)
{
	memset(x, 0, sizeof *x);
	x->p = text;
	x->end = text + len;
	x->path = path;
	x->dialect = d;
	x->line = x->col = 1;
	x->err = err;
	nq_lex_next(x);
}

static int at(const struct lexer *x, size_t k, char c)
{
	return x->p + k < x->end && x->p[k] == c;
}

/* Blanks, newlines and comments: `$` to the end of the line
 * (parameters), `%` to the end of the line and C's block comments
 * (MiniZinc). 0, or -1 at a block comment never closed (the token is
 * then T_BAD at its start). */
static int skip_blanks(struct lexer *x)
{
	for (;;) {
		while (x->p < x->end && *x->p && strchr(" \t\r\n\f\v", *x->p))
			advance(x);
		if ((x->dialect == D_PARAM && at(x, 0, '$')) ||
		    (x->dialect == D_DZN && at(x, 0, '%'))) {
			while (x->p < x->end && *x->p != '\n')
				advance(x);
			continue;
		}
		if (x->dialect == D_DZN && at(x, 0, '/') && at(x, 1, '*')) {
			x->tline = x->line;
			x->tcol = x->col;
			advance(x);
			advance(x);
			while (x->p < x->end && !(at(x, 0, '*') && at(x, 1, '/')))
				advance(x);
			if (x->p >= x->end)
				return -1;
			advance(x);
			advance(x);
			continue;
		}
		return 0;
	}
}

static int is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

void nq_lex_next(struct lexer *x)
{
	size_t n = 0;
	char c;

	if (skip_blanks(x)) {
		snprintf(x->text, sizeof x->text, "/* (never closed)");
		x->t = T_BAD;
		return;
	}
	x->tline = x->line;
	x->tcol = x->col;
	x->text[0] = '\0';
	if (x->p >= x->end) {
		x->t = T_EOF;
		return;
	}
	c = *x->p;
	if (is_alpha(c)) {
		while (x->p < x->end && (is_alpha(*x->p) || is_digit(*x->p) ||
					 *x->p == '\'')) {
			if (n < sizeof x->text - 1)
				x->text[n++] = *x->p;
			advance(x);
		}
		x->text[n] = '\0';
		x->t = T_IDENT;
		return;
	}
	if (is_digit(c) || c == '-') {
		int neg = c == '-';

		x->v = 0;
		if (neg)
			advance(x);
		if (x->p >= x->end || !is_digit(*x->p)) {
			snprintf(x->text, sizeof x->text, "-");
			x->t = T_BAD;
			return;
		}
		/* saturate far beyond any board: off it, not wrapped */
		while (x->p < x->end && is_digit(*x->p)) {
			if (x->v < 1000000000000LL)
				x->v = x->v * 10 + (*x->p - '0');
			advance(x);
		}
		if (neg)
			x->v = -x->v;
		x->t = T_INT;
		return;
	}
	if (x->dialect == D_JSON && c == '"') {
		/* a key: plain characters up to the closing quote */
		advance(x);
		while (x->p < x->end && *x->p != '"' && *x->p != '\\' &&
		       *x->p != '\n') {
			if (n < sizeof x->text - 1)
				x->text[n++] = *x->p;
			advance(x);
		}
		x->text[n] = '\0';
		if (x->p >= x->end || *x->p != '"') {
			x->t = T_BAD;
			snprintf(x->text, sizeof x->text, "%s",
				 x->p < x->end && *x->p == '\\' ?
				 "\\ (escapes are not read here)" :
				 "\" (a string never closed)");
			return;
		}
		advance(x);
		x->t = T_STRING;
		return;
	}
	x->text[0] = c;
	x->text[1] = '\0';
	if (x->dialect == D_DZN && ((c == '[' && at(x, 1, '|')) ||
				    (c == '|' && at(x, 1, ']')) ||
				    (c == '.' && at(x, 1, '.')))) {
		x->t = c == '[' ? T_LBAR : c == '|' ? T_RBAR : T_DOTDOT;
		x->text[1] = x->p[1];
		x->text[2] = '\0';
		advance(x);
		advance(x);
		return;
	}
	switch (c) {
	case '[': x->t = T_OPEN; break;
	case ']': x->t = T_CLOSE; break;
	case ',': x->t = T_COMMA; break;
	case '(': x->t = x->dialect == D_PARAM ? T_OPEN :
			 x->dialect == D_DZN ? T_LPAREN : T_BAD; break;
	case ')': x->t = x->dialect == D_PARAM ? T_CLOSE :
			 x->dialect == D_DZN ? T_RPAREN : T_BAD; break;
	case '=': x->t = x->dialect != D_JSON ? T_EQ : T_BAD; break;
	case '{': x->t = x->dialect == D_JSON ? T_LBRACE : T_BAD; break;
	case '}': x->t = x->dialect == D_JSON ? T_RBRACE : T_BAD; break;
	case ':': x->t = x->dialect == D_JSON ? T_COLON : T_BAD; break;
	case ';': x->t = x->dialect == D_DZN ? T_SEMI : T_BAD; break;
	case '|': x->t = x->dialect == D_DZN ? T_BAR : T_BAD; break;
	default: x->t = T_BAD;
	}
	if (x->t == T_BAD && (unsigned char)c < 32)
		snprintf(x->text, sizeof x->text, "\\x%02x", (unsigned char)c);
	advance(x);
}

/* "got ..." for a message: the token as written, or the end. */
static const char *got(const struct lexer *x)
{
	return x->t == T_EOF ? "the end of the file" : x->text;
}

int nq_lex_expect(struct lexer *x, enum tok t, const char *what)
{
	if (x->t == t) {
		nq_lex_next(x);
		return 0;
	}
	if (x->t == T_INT)
		snprintf(x->text, sizeof x->text, "%lld", x->v);
	else if (x->t == T_STRING) {
		char q[sizeof x->text];

		snprintf(q, sizeof q, "\"%.*s\"", (int)sizeof q - 3, x->text);
		memcpy(x->text, q, sizeof q);
	}
	return nq_lex_fail(x, x->tline, x->tcol, "expected %s, got %s%s%s",
			   what, x->t == T_EOF ? "" : "'", got(x),
			   x->t == T_EOF ? "" : "'");
}

int nq_lex_add(struct lexer *x, struct sq_list *l, long long r, long long c,
	       int line, int col)
{
	if (l->n == l->cap) {
		int cap = l->cap ? 2 * l->cap : 64;
		struct pos_sq *v = realloc(l->v, (size_t)cap * sizeof *v);

		if (!v)
			return nq_lex_fail(x, 0, 0, "%s", "out of memory");
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n] = (struct pos_sq){ r, c, line, col, l->n };
	l->n++;
	return 0;
}

/* `[r, c]` (or `(r, c)`). */
static int parse_pair(struct lexer *x, struct sq_list *l)
{
	static const char *const rc[2] = { "row", "column" };
	const char *const *nm = x->pair ? x->pair : rc;
	int line = x->tline, col = x->tcol;
	long long r, c;
	char what[64];

	snprintf(what, sizeof what, "'[' opening a pair [%s, %s]", nm[0],
		 nm[1]);
	if (nq_lex_expect(x, T_OPEN, what))
		return -1;
	if (x->t != T_INT) {
		snprintf(what, sizeof what, x->pair ? "a %s" : "a %s number",
			 nm[0]);
		return nq_lex_expect(x, T_INT, what);
	}
	r = x->v;
	nq_lex_next(x);
	snprintf(what, sizeof what, "',' between %s and %s", nm[0], nm[1]);
	if (nq_lex_expect(x, T_COMMA, what))
		return -1;
	if (x->t != T_INT) {
		snprintf(what, sizeof what, x->pair ? "a %s" : "a %s number",
			 nm[1]);
		return nq_lex_expect(x, T_INT, what);
	}
	c = x->v;
	nq_lex_next(x);
	snprintf(what, sizeof what, "']' closing the pair [%s, %s]", nm[0],
		 nm[1]);
	if (nq_lex_expect(x, T_CLOSE, what))
		return -1;
	return nq_lex_add(x, l, r, c, line, col);
}

/* `[]` or `[pair, pair, ...]`, a comma after the last pair allowed (the
 * published prob080 files end `[28,27],\n]`). Shared by the parameter
 * files and JSON. */
static int parse_list(struct lexer *x, struct sq_list *l)
{
	char what[80];

	snprintf(what, sizeof what, "'[' opening a list of [%s, %s] pairs",
		 x->pair ? x->pair[0] : "row", x->pair ? x->pair[1] : "column");
	if (nq_lex_expect(x, T_OPEN, what))
		return -1;
	if (x->t == T_CLOSE) {
		nq_lex_next(x);
		return 0;
	}
	for (;;) {
		if (parse_pair(x, l))
			return -1;
		if (x->t == T_CLOSE) {
			nq_lex_next(x);
			return 0;
		}
		if (nq_lex_expect(x, T_COMMA, "',' or ']' after a pair"))
			return -1;
		if (x->t == T_CLOSE) {
			nq_lex_next(x);
			return 0;
		}
	}
}

int nq_instfile_pairs(struct lexer *x, struct sq_list *l)
{
	return parse_list(x, l);
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

/* Every square on the board (numbered from base) and none twice (the
 * second pointed at). The list is left sorted by square. */
static int check_squares(struct lexer *x, struct sq_list *l, int n, int base,
			 const char *what)
{
	int i;

	for (i = 0; i < l->n; i++) {
		struct pos_sq *s = &l->v[i];

		if (s->r < base || s->r > n - 1 + base || s->c < base ||
		    s->c > n - 1 + base) {
			return nq_lex_fail(x, s->line, s->col, "%s [%lld, "
					   "%lld] is off the %dx%d board "
					   "(rows and columns run %d..%d)",
					   what, s->r, s->c, n, n, base,
					   n - 1 + base);
		}
	}
	if (l->n)
		qsort(l->v, (size_t)l->n, sizeof *l->v, by_rc);
	for (i = 1; i < l->n; i++) {
		struct pos_sq *s = &l->v[i], *p = &l->v[i - 1];
		const struct pos_sq *later = s->idx > p->idx ? s : p;

		if (s->r == p->r && s->c == p->c) {
			return nq_lex_fail(x, later->line, later->col, "%s "
					   "[%lld, %lld] is given twice", what,
					   s->r, s->c);
		}
	}
	return 0;
}

/* Excluded lines (values in r): 1..2n-1 and none twice; the list left
 * sorted. */
static int check_lines(struct lexer *x, struct sq_list *l, int n,
		       const char *what)
{
	int i;

	for (i = 0; i < l->n; i++)
		if (l->v[i].r < 1 || l->v[i].r > 2LL * n - 1)
			return nq_lex_fail(x, l->v[i].line, l->v[i].col, "%s "
					   "%lld is off the %dx%d board (they "
					   "run 1..%d)", what, l->v[i].r, n, n,
					   2 * n - 1);
	if (l->n)
		qsort(l->v, (size_t)l->n, sizeof *l->v, by_rc);
	for (i = 1; i < l->n; i++) {
		struct pos_sq *s = &l->v[i], *p = &l->v[i - 1];
		const struct pos_sq *later = s->idx > p->idx ? s : p;

		if (s->r == p->r)
			return nq_lex_fail(x, later->line, later->col, "%s "
					   "%lld is given twice", what, s->r);
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
			const struct sq_list *b, nq_square *out, int n,
			int base)
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
			return nq_lex_fail(x, q->v[i].line, q->v[i].col,
					   "queen [%lld, %lld] stands on a "
					   "blocked square", key.r, key.c);
		}
	}
	if (q->n)
		qsort(q->v, (size_t)q->n, sizeof *q->v, by_idx);
	for (i = 0; i < q->n; i++) {
		out[i].row = (int)q->v[i].r - base;
		out[i].col = (int)q->v[i].c - base;
	}
	if (q->n && nq_check_hints(n, out, q->n, &a, &z, why, sizeof why)) {
		return nq_lex_fail(x, q->v[z].line, q->v[z].col, "queens: %s",
				   why);
	}
	return 0;
}

int nq_lex_finish(struct lexer *x, long long n, int n_line, int base,
		  struct sq_list *blocks, struct sq_list *queens,
		  struct sq_list lines[2], struct nq_param *p)
{
	static const char *const line_what[2] = { "excluded diagonal",
						  "excluded antidiagonal" };
	int i, k;

	memset(p, 0, sizeof *p);
	if (!n_line)
		return nq_lex_fail(x, x->tline, x->tcol, "no %s (the board "
				   "size) in the file",
				   x->dialect == D_PARAM ? "'letting n = N'" :
				   x->dialect == D_JSON ? "'\"n\": N'" :
				   "'n = N;'");
	if (check_squares(x, blocks, (int)n, base, "blocked square") ||
	    check_squares(x, queens, (int)n, base, "queen"))
		return -1;
	for (k = 0; k < 2; k++)
		if (lines && check_lines(x, &lines[k], (int)n, line_what[k]))
			return -1;
	/* a queen on an excluded line, pointed at (1-based: diagonal
	 * col - row + n, antidiagonal row + col - 1) */
	for (i = 0; lines && i < queens->n; i++) {
		long long r = queens->v[i].r - base + 1;
		long long c = queens->v[i].c - base + 1;
		long long on[2] = { c - r + n, r + c - 1 };

		for (k = 0; k < 2; k++)
			for (int j = 0; j < lines[k].n; j++)
				if (lines[k].v[j].r == on[k])
					return nq_lex_fail(x, queens->v[i].line,
							   queens->v[i].col,
							   "queen [%lld, %lld] "
							   "stands on %s %lld",
							   queens->v[i].r,
							   queens->v[i].c,
							   line_what[k], on[k]);
	}
	p->n = (int)n;
	if ((blocks->n && !(p->blocked = malloc((size_t)blocks->n *
						 sizeof *p->blocked))) ||
	    (queens->n && !(p->queens = malloc((size_t)queens->n *
						sizeof *p->queens))) ||
	    (lines && lines[0].n && !(p->excl_diag = malloc(
		    (size_t)lines[0].n * sizeof *p->excl_diag))) ||
	    (lines && lines[1].n && !(p->excl_anti = malloc(
		    (size_t)lines[1].n * sizeof *p->excl_anti)))) {
		nq_param_free(p);
		return nq_lex_fail(x, 0, 0, "%s", "out of memory");
	}
	if (check_queens(x, queens, blocks, p->queens, p->n, base)) {
		nq_param_free(p);
		return -1;
	}
	p->nqueens = queens->n;
	for (i = 0; i < blocks->n; i++) {
		p->blocked[i].row = (int)blocks->v[i].r - base;
		p->blocked[i].col = (int)blocks->v[i].c - base;
	}
	p->nblocked = blocks->n;
	for (i = 0; lines && i < lines[0].n; i++)
		p->excl_diag[i] = (int)lines[0].v[i].r - 1;
	for (i = 0; lines && i < lines[1].n; i++)
		p->excl_anti[i] = (int)lines[1].v[i].r - 1;
	p->nexcl_diag = lines ? lines[0].n : 0;
	p->nexcl_anti = lines ? lines[1].n : 0;
	return 0;
}

void nq_param_free(struct nq_param *p)
{
	free(p->blocked);
	free(p->queens);
	free(p->excl_diag);
	free(p->excl_anti);
	free(p->lines);
	memset(p, 0, sizeof *p);
}

void nq_lex_skip_line(struct lexer *x)
{
	while (x->p < x->end && *x->p != '\n')
		advance(x);
	nq_lex_next(x);
}
