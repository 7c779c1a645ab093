/*
 * instfile_read.h - what the instance-file readers share (instfile.c,
 * instfile_data.c): what a file says (struct nq_param), one lexer with
 * the line and column of every token in three dialects (Essence'
 * parameters, JSON, MiniZinc data), the lists of squares and lines as
 * the file gives them, and the checks that turn them into an nq_param
 * with a FILE:LINE:COL error for the first thing wrong. The lexer is for
 * the readers of core/config only; instfile.h is the readers' face.
 */
#ifndef NQ_INSTFILE_READ_H
#define NQ_INSTFILE_READ_H

#include <stddef.h>
#include "error.h"
#include "nq_plugin.h"

/* What an instance file says, 0-based; the arrays malloc'd (NULL when
 * empty), the blocked squares sorted by row then column, the queens in
 * the order given, the excluded lines ascending (d = col - row + n - 1,
 * a = row + col, as nq_instance). */
struct nq_param {
	int n;
	nq_square *blocked;
	int nblocked;
	nq_square *queens;
	int nqueens;
	int *excl_diag, *excl_anti;
	int nexcl_diag, nexcl_anti;
	/* An Excluded Diagonals file (prob079's diag-N files, instfile.c):
	 * diags_file 1, and its lines in the file's order, 0-based as
	 * above, with where each stands. excl_diag and excl_anti hold them
	 * all (room for every line) until nq_param_first cuts them; the
	 * place of `numdiags` is for the error of an M past it. */
	struct nq_param_line *lines;
	int nlines;
	int diags_file;
	int numdiags_line, numdiags_col;
};

struct nq_param_line {
	int anti;        /* 1: the antidiagonal row + col; 0: the diagonal
			  * col - row + n - 1 */
	int v;           /* its number, 0..2n-2 */
	int line, col;   /* where the file gives it */
};

void nq_param_free(struct nq_param *p);

/* Make p's excluded lines the first m of an Excluded Diagonals file's
 * (0 <= m <= p->nlines), each kind ascending. */
void nq_param_first(struct nq_param *p, int m);

enum tok {
	T_EOF, T_IDENT, T_INT, T_OPEN, T_CLOSE, T_COMMA, T_EQ, T_BAD,
	/* JSON */
	T_LBRACE, T_RBRACE, T_COLON, T_STRING,
	/* MiniZinc: `;`, `[|`, `|`, `|]`, `(`, `)`, `..` */
	T_SEMI, T_LBAR, T_BAR, T_RBAR, T_LPAREN, T_RPAREN, T_DOTDOT
};

enum dialect {
	D_PARAM, /* `$` comments; `(` `)` stand for `[` `]` */
	D_JSON,  /* strings; no comments */
	D_DZN    /* `%` and C-style comments; `[|` `|` `|]`, `..` */
};

struct lexer {
	const char *p, *end, *path;
	enum dialect dialect;
	int line, col;
	/* the token just read */
	enum tok t;
	int tline, tcol;
	char text[64];
	long long v;
	nq_error *err;
	/* what a pair's two numbers are, for the messages: NULL for [row,
	 * column]; a diag file's pairs are [number, kind] */
	const char *const *pair;
};

/* A square as the file gives it (in the file's own numbering), with
 * where. */
struct pos_sq {
	long long r, c;
	int line, col;
	int idx;         /* order given */
};

struct sq_list {
	struct pos_sq *v;
	int n, cap;
	int given, line, col;   /* the name's place, once given */
};

void nq_lex_start(struct lexer *x, const char *text, size_t len,
		  const char *path, enum dialect d, nq_error *err);
/* The next token into x. */
void nq_lex_next(struct lexer *x);
/* Skip the rest of the line, then read the next token. */
void nq_lex_skip_line(struct lexer *x);
/* Skip the token of type t, or fail: "expected WHAT, got '...'". */
int nq_lex_expect(struct lexer *x, enum tok t, const char *what);
int nq_lex_fail(struct lexer *x, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Append a square at (line, col): 0, or -1 out of memory (err set). */
int nq_lex_add(struct lexer *x, struct sq_list *l, long long r, long long c,
	       int line, int col);

/* `[]` or `[[r, c], [r, c], ...]`, a comma after the last pair
 * allowed: the lists of the parameter files and of JSON. */
int nq_instfile_pairs(struct lexer *x, struct sq_list *l);

/* What the lists say, checked and turned into p (0-based): n in 1..
 * NQ_MAX_N (n_line 0: no n was given, an error at the end, x's place);
 * every square on the board in the file's numbering (base 0 or 1) and
 * none twice; the queens not on a blocked square nor attacking each
 * other; the lines 1..2n-1 (the experiment file's numbering) and none
 * twice. lines[0] diagonals, lines[1] antidiagonals, their values in
 * the r fields (lines NULL: none). 0, or -1 with the error at the first thing wrong. */
int nq_lex_finish(struct lexer *x, long long n, int n_line, int base,
		  struct sq_list *blocks, struct sq_list *queens,
		  struct sq_list lines[2], struct nq_param *p);

#endif
