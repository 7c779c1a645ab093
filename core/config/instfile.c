/*
 * instfile.c - CSPLib's Essence' parameter files (instfile.h), read with
 * the shared lexer and checks (instfile_read.c) and written back for
 * `export --format param`. The JSON and MiniZinc readers are in
 * instfile_data.c; the `file:` entries of an experiment file that read
 * them all are in config_file.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "experiment.h"
#include "formats.h"
#include "instfile.h"
#include "instfile_read.h"

int nq_param_parse(const char *text, size_t len, const char *path,
		   struct nq_param *p, nq_error *err)
{
	struct lexer x;
	struct sq_list lists[2];        /* blocks, queens */
	int n_line = 0, rc = -1;
	long long n = 0;

	memset(p, 0, sizeof *p);
	memset(lists, 0, sizeof lists);
	nq_lex_start(&x, text, len, path, D_PARAM, err);
	/* an Essence' file may open with `language ESSENCE' 1.0` */
	if (x.t == T_IDENT && !strcmp(x.text, "language"))
		nq_lex_skip_line(&x);
	/* prob079's Excluded Diagonals files say `n = 10` with no letting */
	if (x.t == T_IDENT && (!strcmp(x.text, "n") ||
			       !strcmp(x.text, "numdiags") ||
			       !strcmp(x.text, "diags")))
		return nq_diags_parse(text, len, path, p, err);
	while (x.t != T_EOF) {
		int line, col, which;

		if (x.t != T_IDENT || strcmp(x.text, "letting")) {
			/* an identifier other than `letting` is no T_IDENT
			 * mismatch: fail here, not through expect() */
			x.t = x.t == T_IDENT ? T_BAD : x.t;
			nq_lex_expect(&x, T_IDENT, "'letting'");
			goto out;
		}
		nq_lex_next(&x);
		line = x.tline;
		col = x.tcol;
		if (x.t != T_IDENT) {
			nq_lex_expect(&x, T_IDENT, "a name (n, blocks or "
				      "queens) after 'letting'");
			goto out;
		}
		which = !strcmp(x.text, "n") ? 2 :
			!strcmp(x.text, "blocks") ? 0 :
			!strcmp(x.text, "queens") ? 1 : -1;
		if (which < 0) {
			nq_lex_fail(&x, line, col, "unknown letting '%s' "
				    "(known: n, blocks, queens)", x.text);
			goto out;
		}
		if (which == 2 ? n_line != 0 : lists[which].given) {
			nq_lex_fail(&x, line, col, "'letting %s' is given "
				    "twice", x.text);
			goto out;
		}
		nq_lex_next(&x);
		if (x.t == T_IDENT && !strcmp(x.text, "be"))
			nq_lex_next(&x);
		else if (nq_lex_expect(&x, T_EQ, "'=' or 'be'"))
			goto out;
		if (which == 2) {
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
			continue;
		}
		lists[which].given = 1;
		lists[which].line = line;
		lists[which].col = col;
		if (nq_instfile_pairs(&x, &lists[which]))
			goto out;
	}
	rc = nq_lex_finish(&x, n, n_line, 1, &lists[0], &lists[1], NULL, p);
out:
	free(lists[0].v);
	free(lists[1].v);
	return rc;
}

/* ---- prob079's Excluded Diagonals files ---------------------------- */

/*
 * What Gent, Jefferson and Nightingale's generator (queens-diag-gen.py)
 * prints, 0-based, rows and columns 0..n-1:
 *
 *   n =  10
 *   numdiags =  14
 *   diags =  [[4, 1], [2, 1], [14, 0], ...]
 *
 * A pair is [number, kind]: kind 1 the sum diagonal row + col = number
 * (the harness's antidiagonal `number`, 0-based); kind 0 the difference
 * diagonal row - col + n - 1 = number (the harness's diagonal col - row
 * + n - 1, so 2n - 2 - number). The three names once each, in any order;
 * `$` comments as in a parameter file. The list is checked whole: every
 * kind 0 or 1, every number 0..2n-2, no line twice, and numdiags its
 * length.
 */
int nq_diags_parse(const char *text, size_t len, const char *path,
		   struct nq_param *p, nq_error *err)
{
	static const char *const names[3] = { "n", "numdiags", "diags" };
	struct lexer x;
	struct sq_list l;
	int line[3] = { 0, 0, 0 }, col[3] = { 0, 0, 0 };
	int *seen = NULL, rc = -1, i, k;
	long long n = 0, num = 0;

	memset(p, 0, sizeof *p);
	memset(&l, 0, sizeof l);
	nq_lex_start(&x, text, len, path, D_PARAM, err);
	while (x.t != T_EOF) {
		for (k = 0; k < 3; k++)
			if (x.t == T_IDENT && !strcmp(x.text, names[k]))
				break;
		if (k == 3) {
			if (x.t == T_IDENT) {
				nq_lex_fail(&x, x.tline, x.tcol, "unknown name "
					    "'%s' (an Excluded Diagonals file "
					    "holds n, numdiags, diags)",
					    x.text);
			} else {
				nq_lex_expect(&x, T_IDENT, "a name (n, "
					      "numdiags or diags)");
			}
			goto out;
		}
		if (line[k]) {
			nq_lex_fail(&x, x.tline, x.tcol, "'%s' is given twice "
				    "(first at line %d)", names[k], line[k]);
			goto out;
		}
		nq_lex_next(&x);
		if (nq_lex_expect(&x, T_EQ, "'='"))
			goto out;
		line[k] = x.tline;
		col[k] = x.tcol;
		if (k == 2) {
			static const char *const nk[2] = { "number", "kind" };

			x.pair = nk; /* the messages name [number, kind] */
			if (nq_instfile_pairs(&x, &l))
				goto out;
			continue;
		}
		if (x.t != T_INT) {
			nq_lex_expect(&x, T_INT, k ? "the number of diagonals "
				      "(an integer)" : "the board size n (an "
				      "integer)");
			goto out;
		}
		if (k == 0 && (x.v < 1 || x.v > NQ_MAX_N)) {
			nq_lex_fail(&x, x.tline, x.tcol, "n must be 1..%d, got "
				    "%lld", NQ_MAX_N, x.v);
			goto out;
		}
		*(k ? &num : &n) = x.v;
		nq_lex_next(&x);
	}
	for (k = 0; k < 3; k++)
		if (!line[k]) {
			nq_lex_fail(&x, x.tline, x.tcol, "no '%s = ...' in the "
				    "file (an Excluded Diagonals file holds n, "
				    "numdiags and diags; a parameter file "
				    "says 'letting n = N')", names[k]);
			goto out;
		}
	if (!(seen = calloc((size_t)(4 * n - 2), sizeof *seen)))
		goto oom;
	for (i = 0; i < l.n; i++) {
		const struct pos_sq *s = &l.v[i];

		if (s->c != 0 && s->c != 1) {
			nq_lex_fail(&x, s->line, s->col, "diags: the kind of "
				    "[%lld, %lld] is 0 (a difference diagonal) "
				    "or 1 (a sum diagonal), got %lld", s->r,
				    s->c, s->c);
			goto out;
		}
		if (s->r < 0 || s->r > 2 * n - 2) {
			nq_lex_fail(&x, s->line, s->col, "diags: [%lld, %lld] "
				    "is off the %lldx%lld board (a diagonal's "
				    "number runs 0..%lld)", s->r, s->c, n, n,
				    2 * n - 2);
			goto out;
		}
		k = (int)(s->c * (2 * n - 1) + s->r);
		if (seen[k]) {
			const struct pos_sq *f = &l.v[seen[k] - 1];

			nq_lex_fail(&x, s->line, s->col, "diags: [%lld, %lld] "
				    "is given twice (first at %d:%d)", s->r,
				    s->c, f->line, f->col);
			goto out;
		}
		seen[k] = i + 1;
	}
	if (num != l.n) {
		nq_lex_fail(&x, line[1], col[1], "numdiags = %lld, but diags "
			    "holds %d pair%s", num, l.n, l.n == 1 ? "" : "s");
		goto out;
	}
	p->n = (int)n;
	p->diags_file = 1;
	p->numdiags_line = line[1];
	p->numdiags_col = col[1];
	if (l.n && (!(p->lines = malloc((size_t)l.n * sizeof *p->lines)) ||
		    !(p->excl_diag = malloc((size_t)l.n * sizeof (int))) ||
		    !(p->excl_anti = malloc((size_t)l.n * sizeof (int))))) {
		nq_param_free(p);
		goto oom;
	}
	for (i = 0; i < l.n; i++) {
		const struct pos_sq *s = &l.v[i];

		p->lines[i] = (struct nq_param_line){
			(int)s->c, s->c ? (int)s->r : (int)(2 * n - 2 - s->r),
			s->line, s->col };
	}
	p->nlines = l.n;
	nq_param_first(p, l.n);
	rc = 0;
	goto out;
oom:
	nq_lex_fail(&x, 0, 0, "%s", "out of memory");
out:
	free(seen);
	free(l.v);
	return rc;
}

static int by_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

void nq_param_first(struct nq_param *p, int m)
{
	int i;

	p->nexcl_diag = p->nexcl_anti = 0;
	for (i = 0; i < m && i < p->nlines; i++) {
		if (p->lines[i].anti)
			p->excl_anti[p->nexcl_anti++] = p->lines[i].v;
		else
			p->excl_diag[p->nexcl_diag++] = p->lines[i].v;
	}
	if (p->nexcl_diag)
		qsort(p->excl_diag, (size_t)p->nexcl_diag, sizeof (int),
		      by_int);
	if (p->nexcl_anti)
		qsort(p->excl_anti, (size_t)p->nexcl_anti, sizeof (int),
		      by_int);
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

/* ---- the export format `param` (formats.h) ------------------------- */

static int param_body(FILE *f, const nq_export_req *r, void *ctx)
{
	(void)ctx;
	nq_param_write(f, r->inst, r->comment);
	return 0;
}

static int param_export(const nq_export_req *r, char *said, size_t saidlen,
			char *why, size_t len)
{
	if (nq_export_stream(r, param_body, NULL, why, len) < 0)
		return -1;
	nq_export_said_instance(r, said, saidlen);
	return 0;
}

static const char *const param_ext[] = { ".param", NULL };

/* hints as prob079's queens; no excluded lines (Essence' has none) */
const nq_export_format nq_export_param = {
	"param", param_ext, NQ_EXPORT_HINT, "a CSPLib parameter file",
	NULL, 0, NULL, param_export
};
