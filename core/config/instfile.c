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
