/*
 * instfile_data.c - the instance files of the other modelling tools
 * (instfile.h): PyCSP3's JSON data of Blocked Queens, read and written,
 * and MiniZinc data (.dzn), read; which format a file is in; and the one
 * entry that reads any of them. The lexer and the checks are
 * instfile_read.c's, so every reader points at the line and
 * column where a file breaks in the same words.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "experiment.h"
#include "formats.h"
#include "instfile.h"
#include "instfile_read.h"

/* ---- PyCSP3's JSON: {"n": 28, "blocks": [[0, 0], ...]}, 0-based ---- */

int nq_json_parse(const char *text, size_t len, const char *path,
		  struct nq_param *p, nq_error *err)
{
	struct lexer x;
	struct sq_list blocks, queens;
	int n_line = 0, rc = -1, comma = 0;
	long long n = 0;

	memset(p, 0, sizeof *p);
	memset(&blocks, 0, sizeof blocks);
	memset(&queens, 0, sizeof queens);
	nq_lex_start(&x, text, len, path, D_JSON, err);
	if (nq_lex_expect(&x, T_LBRACE, "'{' opening {\"n\": N, \"blocks\": "
			  "[[row, column], ...]}"))
		goto out;
	/* `{}` holds no n: said at the end; after a comma, a key */
	while (x.t != T_RBRACE || comma) {
		int line = x.tline, col = x.tcol, is_n;

		if (x.t != T_STRING) {
			nq_lex_expect(&x, T_STRING, "a key in double quotes "
				      "(\"n\" or \"blocks\")");
			goto out;
		}
		is_n = !strcmp(x.text, "n");
		if (!is_n && strcmp(x.text, "blocks")) {
			nq_lex_fail(&x, line, col, "unknown key \"%s\" (known: "
				    "\"n\", \"blocks\"; PyCSP3's Blocked "
				    "Queens data)", x.text);
			goto out;
		}
		if (is_n ? n_line != 0 : blocks.given) {
			nq_lex_fail(&x, line, col, "key \"%s\" is given twice",
				    x.text);
			goto out;
		}
		nq_lex_next(&x);
		if (nq_lex_expect(&x, T_COLON, "':' after the key"))
			goto out;
		if (is_n) {
			if (x.t != T_INT) {
				nq_lex_expect(&x, T_INT, "the board size n "
					      "(an integer)");
				goto out;
			}
			n = x.v;
			n_line = line;
			if (n < 1 || n > NQ_MAX_N) {
				nq_lex_fail(&x, x.tline, x.tcol, "n must be "
					    "1..%d, got %lld", NQ_MAX_N, n);
				goto out;
			}
			nq_lex_next(&x);
		} else {
			blocks.given = 1;
			blocks.line = line;
			blocks.col = col;
			if (nq_instfile_pairs(&x, &blocks))
				goto out;
		}
		if (x.t == T_RBRACE)
			break;
		if (nq_lex_expect(&x, T_COMMA, "',' or '}' after a value"))
			goto out;
		comma = 1;
	}
	nq_lex_next(&x);
	if (x.t != T_EOF) {
		nq_lex_expect(&x, T_EOF, "the end of the file after '}'");
		goto out;
	}
	rc = nq_lex_finish(&x, n, n_line, 0, &blocks, &queens, NULL, p);
out:
	free(blocks.v);
	return rc;
}

void nq_json_write(FILE *f, const nq_instance *in)
{
	fprintf(f, "{\"n\": %d, \"blocks\": [", in->n);
	for (int i = 0; i < in->nblocked; i++)
		fprintf(f, "%s[%d, %d]", i ? ", " : "", in->blocked[i].row,
			in->blocked[i].col);
	fputs("]}\n", f);
}

/* ---- MiniZinc data: n = 28; blocks = [| 1, 1 | 1, 2 |]; 1-based ---- */

/* An integer into *v, or fail expecting `what`. */
static int want_int(struct lexer *x, const char *what, long long *v)
{
	*v = 0;
	if (x->t != T_INT)
		return nq_lex_expect(x, T_INT, what);
	*v = x->v;
	nq_lex_next(x);
	return 0;
}

/* array2d(LO..HI, 1..2, [r, c, r, c, ...]) */
static int dzn_array2d(struct lexer *x, struct sq_list *l)
{
	long long lo, hi, c1, c2, r, c;
	int line, col, k = 0;

	nq_lex_next(x);
	if (nq_lex_expect(x, T_LPAREN, "'(' after array2d") ||
	    want_int(x, "the first row index (array2d(1..K, 1..2, [...]))",
		     &lo) ||
	    nq_lex_expect(x, T_DOTDOT, "'..' in the row range") ||
	    want_int(x, "the last row index", &hi) ||
	    nq_lex_expect(x, T_COMMA, "',' after the row range"))
		return -1;
	line = x->tline;
	col = x->tcol;
	if (want_int(x, "the column range 1..2", &c1) ||
	    nq_lex_expect(x, T_DOTDOT, "'..' in the column range") ||
	    want_int(x, "the column range 1..2", &c2))
		return -1;
	if (c2 - c1 != 1)
		return nq_lex_fail(x, line, col, "array2d: each row holds two "
				   "numbers (row, column), so the column "
				   "range has two indices (1..2), not "
				   "%lld..%lld", c1, c2);
	if (nq_lex_expect(x, T_COMMA, "',' after the column range") ||
	    nq_lex_expect(x, T_OPEN, "'[' opening the list of numbers"))
		return -1;
	while (x->t != T_CLOSE) {
		line = x->tline;
		col = x->tcol;
		if (want_int(x, "a row number", &r) ||
		    nq_lex_expect(x, T_COMMA, "',' between row and column") ||
		    want_int(x, "a column number", &c) ||
		    nq_lex_add(x, l, r, c, line, col))
			return -1;
		k++;
		if (x->t == T_CLOSE)
			break;
		if (nq_lex_expect(x, T_COMMA, "',' or ']' after a number"))
			return -1;
	}
	line = x->tline;
	col = x->tcol;
	nq_lex_next(x);
	if (hi - lo + 1 != k && !(k == 0 && hi < lo))
		return nq_lex_fail(x, line, col, "array2d: the rows %lld..%lld "
				   "are %lld, the list holds %d pairs", lo, hi,
				   hi - lo + 1 > 0 ? hi - lo + 1 : 0, k);
	return nq_lex_expect(x, T_RPAREN, "')' closing array2d(...)");
}

/* `[| r, c | r, c |]`, `[| |]`, `[]` or array2d(...). */
static int dzn_pairs(struct lexer *x, struct sq_list *l)
{
	if (x->t == T_IDENT && !strcmp(x->text, "array2d"))
		return dzn_array2d(x, l);
	if (x->t == T_OPEN) {
		nq_lex_next(x);
		return nq_lex_expect(x, T_CLOSE, "']' (an empty array []; "
				     "pairs are written [| row, column | ... "
				     "|])");
	}
	if (nq_lex_expect(x, T_LBAR, "'[|' opening [| row, column | ... |]"))
		return -1;
	if (x->t == T_RBAR) {
		nq_lex_next(x);
		return 0;
	}
	for (;;) {
		int line = x->tline, col = x->tcol;
		long long r, c;

		if (want_int(x, "a row number", &r) ||
		    nq_lex_expect(x, T_COMMA, "',' between row and column") ||
		    want_int(x, "a column number", &c) ||
		    nq_lex_add(x, l, r, c, line, col))
			return -1;
		if (x->t == T_COMMA) {  /* MiniZinc reads `1, 2, |` too */
			nq_lex_next(x);
			if (x->t == T_INT)
				return nq_lex_fail(x, x->tline, x->tcol, "a "
						   "row holds two numbers, "
						   "row and column: got a "
						   "third, %lld", x->v);
		}
		if (x->t == T_RBAR)
			break;
		if (nq_lex_expect(x, T_BAR, "'|' or '|]' after a row"))
			return -1;
		if (x->t == T_RBAR)   /* a `|` before `|]`, as MiniZinc */
			break;
	}
	nq_lex_next(x);
	return 0;
}

/* `[D, D, ...]` or `[]`: values in r. */
static int dzn_lines(struct lexer *x, struct sq_list *l)
{
	if (nq_lex_expect(x, T_OPEN, "'[' opening a list of line numbers"))
		return -1;
	while (x->t != T_CLOSE) {
		int line = x->tline, col = x->tcol;
		long long v;

		if (want_int(x, "a line number", &v) ||
		    nq_lex_add(x, l, v, 0, line, col))
			return -1;
		if (x->t == T_CLOSE)
			break;
		if (nq_lex_expect(x, T_COMMA, "',' or ']' after a number"))
			return -1;
	}
	nq_lex_next(x);
	return 0;
}

int nq_dzn_parse(const char *text, size_t len, const char *path,
		 struct nq_param *p, nq_error *err)
{
	static const char *const names[] = { "blocks", "queens",
					     "excluded_diagonals",
					     "excluded_antidiagonals", "n" };
	struct lexer x;
	struct sq_list lists[4];   /* blocks, queens, the two lines */
	int n_line = 0, rc = -1, k;
	long long n = 0;

	memset(p, 0, sizeof *p);
	memset(lists, 0, sizeof lists);
	nq_lex_start(&x, text, len, path, D_DZN, err);
	while (x.t != T_EOF) {
		int line = x.tline, col = x.tcol, which;

		if (x.t != T_IDENT) {
			nq_lex_expect(&x, T_IDENT, "a name (n, blocks, "
				      "queens, excluded_diagonals or "
				      "excluded_antidiagonals)");
			goto out;
		}
		for (which = 0; which < 5; which++)
			if (!strcmp(x.text, names[which]))
				break;
		if (which == 5) {
			nq_lex_fail(&x, line, col, "unknown name '%s' (known: "
				    "n, blocks, queens, excluded_diagonals, "
				    "excluded_antidiagonals)", x.text);
			goto out;
		}
		if (which == 4 ? n_line != 0 : lists[which].given) {
			nq_lex_fail(&x, line, col, "'%s' is given twice",
				    x.text);
			goto out;
		}
		nq_lex_next(&x);
		if (nq_lex_expect(&x, T_EQ, "'='"))
			goto out;
		if (which == 4) {
			if (x.t != T_INT) {
				nq_lex_expect(&x, T_INT, "the board size n "
					      "(an integer)");
				goto out;
			}
			n = x.v;
			n_line = line;
			if (n < 1 || n > NQ_MAX_N) {
				nq_lex_fail(&x, x.tline, x.tcol, "n must be "
					    "1..%d, got %lld", NQ_MAX_N, n);
				goto out;
			}
			nq_lex_next(&x);
		} else {
			lists[which].given = 1;
			lists[which].line = line;
			lists[which].col = col;
			if (which < 2 ? dzn_pairs(&x, &lists[which]) :
			    dzn_lines(&x, &lists[which]))
				goto out;
		}
		/* `;` ends an assignment; the last may go without */
		if (x.t == T_SEMI)
			nq_lex_next(&x);
		else if (x.t != T_EOF &&
			 nq_lex_expect(&x, T_SEMI, "';' after the value"))
			goto out;
	}
	rc = nq_lex_finish(&x, n, n_line, 1, &lists[0], &lists[1],
			   &lists[2], p);
out:
	for (k = 0; k < 4; k++)
		free(lists[k].v);
	return rc;
}

/* ---- which format, and the one entry ---- */

static int ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && !strcmp(s + ls - lx, suffix);
}

static int is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

enum nq_instfile_format nq_instfile_format(const char *path,
					   const char *text, size_t len)
{
	const char *p = text, *end = text + len, *w;

	if (ends_with(path, ".yaml") || ends_with(path, ".yml"))
		return NQ_INSTFILE_YAML;
	if (ends_with(path, ".json"))
		return NQ_INSTFILE_JSON;
	if (ends_with(path, ".dzn"))
		return NQ_INSTFILE_DZN;
	if (ends_with(path, ".param"))
		return NQ_INSTFILE_PARAM;
	while (p < end && *p && strchr(" \t\r\n\f\v", *p))
		p++;
	if (p == end)
		return NQ_INSTFILE_PARAM;
	if (*p == '{')
		return NQ_INSTFILE_JSON;
	if (*p == '%' || *p == '/')
		return NQ_INSTFILE_DZN;
	w = p;
	while (p < end && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			   (*p >= '0' && *p <= '9') || *p == '_'))
		p++;
	if (p == w || (p - w == 7 && !strncmp(w, "letting", 7)) ||
	    (p - w == 8 && !strncmp(w, "language", 8)))
		return NQ_INSTFILE_PARAM;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p == end || *p != '=')
		return NQ_INSTFILE_PARAM;
	/* `n = 10` then `numdiags`, no `;`: prob079's Excluded Diagonals */
	if (w + 1 < end && w[0] == 'n' && !is_name_char(w[1])) {
		for (p++; p < end && strchr(" \t\r\n", *p); p++)
			;
		while (p < end && *p >= '0' && *p <= '9')
			p++;
		while (p < end && strchr(" \t\r\n", *p))
			p++;
		if (end - p >= 8 && !strncmp(p, "numdiags", 8))
			return NQ_INSTFILE_PARAM;
	}
	return NQ_INSTFILE_DZN;
}

int nq_instfile_parse(enum nq_instfile_format f, const char *text,
		      size_t len, const char *path, struct nq_param *p,
		      nq_error *err)
{
	switch (f) {
	case NQ_INSTFILE_JSON:
		return nq_json_parse(text, len, path, p, err);
	case NQ_INSTFILE_DZN:
		return nq_dzn_parse(text, len, path, p, err);
	case NQ_INSTFILE_PARAM:
		return nq_param_parse(text, len, path, p, err);
	default:
		memset(p, 0, sizeof *p);
		return nq_error_set(err, path, 0, 0, "%s", "a YAML instance "
				    "file is read by the experiment file's "
				    "loader");
	}
}

/* ---- the export format `json` (formats.h) -------------------------- */

static int json_body(FILE *f, const nq_export_req *r, void *ctx)
{
	(void)ctx;
	nq_json_write(f, r->inst);
	return 0;
}

static int json_export(const nq_export_req *r, char *said, size_t saidlen,
		       char *why, size_t len)
{
	if (nq_export_stream(r, json_body, NULL, why, len) < 0)
		return -1;
	nq_export_said_instance(r, said, saidlen);
	return 0;
}

static const char *const json_ext[] = { ".json", NULL };

/* PyCSP3's Blocked Queens data: n and blocks, nothing else */
const nq_export_format nq_export_json = {
	"json", json_ext, 0, "PyCSP3's Blocked Queens data", NULL, 0, NULL,
	json_export
};
