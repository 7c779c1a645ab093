/*
 * report_latex.c - `harness report --format latex`: the tables in booktabs
 * style (report.h), for report.c, which writes the Markdown and calls these
 * for LaTeX (the shared parts: report_int.h).
 *
 * LaTeX always shows seconds, every number with NQ_REPORT_SIG significant
 * digits as a plain decimal (0.00123, never 1.23e-03: siunitx and a reader
 * both parse it), and a table of more than NQ_REPORT_LONGTABLE_ROWS rows as
 * a longtable.
 *
 * LaTeX text (approach names, hints, captions) goes through tex(); a
 * \label{} key through label_key(), which keeps letters and digits only:
 * a key is never escaped, since \label{a\_b} is not the key a_b.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cells.h"
#include "names.h"
#include "report_common.h"
#include "report_latex.h"

/* LaTeX-escape. Control characters are blanks, and a byte that is not
 * UTF-8 (inputenc would stop on it) is a '?'. */
static void tex(FILE *f, const char *s)
{
	size_t n;

	for (; *s; s += n) {
		n = nq_utf8_len(s);
		if (!n) {
			fputc('?', f);
			n = 1;
			continue;
		}
		if (n > 1) {
			fwrite(s, 1, n, f);
			continue;
		}
		switch (*s) {
		case '_': case '&': case '%': case '$': case '#': case '{':
		case '}':
			fputc('\\', f);
			fputc(*s, f);
			break;
		case '<': fputs("\\textless{}", f); break;
		case '>': fputs("\\textgreater{}", f); break;
		case '|': fputs("\\textbar{}", f); break;
		case '\n': case '\r': case '\t': fputc(' ', f); break;
		case '~': fputs("\\textasciitilde{}", f); break;
		case '^': fputs("\\textasciicircum{}", f); break;
		case '\\': fputs("\\textbackslash{}", f); break;
		default:
			fputc((unsigned char)*s < 0x20 || *s == 0x7f ? ' ' : *s,
			      f);
		}
	}
}

/* A \label key from free text: ASCII letters and digits kept, every run
 * of anything else one '-' (so "my_exp#1" is "my-exp-1"); "x" if empty. */
static void label_key(FILE *f, const char *s)
{
	int dash = 0, any = 0;

	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9')) {
			if (dash && any)
				fputc('-', f);
			fputc(ch, f);
			dash = 0;
			any = 1;
		} else {
			dash = 1;
		}
	}
	if (!any)
		fputc('x', f);
}

/* Text in a TeX comment: one line. */
static void comment(FILE *f, const char *s)
{
	nq_name_put_safe(f, s); /* on its line, and UTF-8 */
}

/* One LaTeX table: a float holding a tabular, or a longtable (that breaks
 * across pages and repeats its head) when it has more than
 * NQ_REPORT_LONGTABLE_ROWS rows. `caption` and `head` are LaTeX already;
 * the label is tab:<experiment>-<mode><suffix>, as a key. */
struct tex_table {
	int longt;
	const char *spec;   /* column spec, e.g. "rl rrr" */
	int ncols;
	char *caption;
	char *head;         /* "$n$ & approach & ..." without the \\ */
	const char *suffix; /* of the label: "", "-glance" */
};

static void tex_begin(const struct nq_report_ctx *x, size_t m, const struct tex_table *t)
{
	FILE *f = x->f;

	/* \small and narrower column gaps: a paper's column is narrow */
	if (t->longt)
		fprintf(f, "\\begingroup\n\\small\\setlength{\\tabcolsep}{4pt}\n"
			"\\begin{longtable}{%s}\n", t->spec);
	else
		fputs("\\begin{table}[htbp]\n\\centering\n\\small"
		      "\\setlength{\\tabcolsep}{4pt}\n", f);
	fprintf(f, "\\caption{%s}\n\\label{tab:", t->caption);
	label_key(f, x->c->experiment[0] ? x->c->experiment : "results");
	fputc('-', f);
	label_key(f, x->c->modes[m]);
	fprintf(f, "%s}", t->suffix);
	if (t->longt)
		fprintf(f, "\\\\\n\\toprule\n%s \\\\\n\\midrule\n\\endfirsthead\n"
			"\\caption[]{(continued)}\\\\\n\\toprule\n%s \\\\\n"
			"\\midrule\n\\endhead\n\\midrule\n\\multicolumn{%d}{r}"
			"{\\emph{continued on the next page}} \\\\\n\\endfoot\n"
			"\\bottomrule\n\\endlastfoot\n", t->head, t->head,
			t->ncols);
	else
		fprintf(f, "\n\\begin{tabular}{%s}\n\\toprule\n%s \\\\\n"
			"\\midrule\n", t->spec, t->head);
}

static void tex_end(const struct nq_report_ctx *x, const struct tex_table *t)
{
	fputs(t->longt ? "\\end{longtable}\n\\endgroup\n\n" :
	      "\\bottomrule\n\\end{tabular}\n\\end{table}\n\n", x->f);
}

/* Is cell i the first of its instance (mode, hints, n) in the sorted
 * cells? */
static int first_of_instance(const nq_cells *c, size_t i)
{
	const nq_cell *a = &c->cell[i], *b = i ? &c->cell[i - 1] : NULL;

	return !b || b->mode != a->mode || b->n != a->n ||
	       strcmp(b->hints, a->hints);
}

/* Rows of the glance table (instances) and of the detail table (cells)
 * of mode m. */
static size_t tex_rows(const nq_cells *c, size_t m, int glance)
{
	size_t i, rows = 0;

	for (i = 0; i < c->ncells; i++)
		if (c->cell[i].mode == m && (!glance || first_of_instance(c, i)))
			rows++;
	return rows;
}

/* A median with its marks: "0.0123$^\dagger$ (1 timeout)", the most
 * common status where no run ended ok, "" where there was no run. */
static void tex_median(FILE *f, const nq_cell *e, double scale)
{
	char v[64];

	if (!e)
		return;
	if (e->y.count) {
		nq_report_num(v, sizeof v, e->y.median, scale);
		fprintf(f, "%s%s%s", v, nq_stats_noisy(&e->y) ? "$^\\dagger$"
			: "", NQ_REPORT_TEX_MIXED(e));
		if (e->runs > e->status[NQ_ST_OK]) {
			char st[256], *p;

			nq_report_statuses(e, st, sizeof st);
			/* drop the leading "N ok, " */
			if ((p = strchr(st, ','))) {
				fputs(" (", f);
				tex(f, p + 2);
				fputc(')', f);
			}
		}
	} else {
		int st, top = NQ_ST_OK;

		for (st = 1; st < NQ_ST__COUNT; st++)
			if (e->status[st] > e->status[top])
				top = st;
		tex(f, nq_status_name((nq_status)top));
		fputs(NQ_REPORT_TEX_MIXED(e), f);
	}
}

/* The glance table in LaTeX: a row per instance, a column per approach,
 * the median in each cell. */
void nq_report_tex_glance(const struct nq_report_ctx *x, size_t m,
			  double scale, const char *unit, int hints)
{
	const nq_cells *c = x->c;
	struct tex_table t;
	size_t i, s, sl = 0, hl = 0;
	FILE *cap, *head;
	char *spec;

	memset(&t, 0, sizeof t);
	t.longt = tex_rows(c, m, 1) > NQ_REPORT_LONGTABLE_ROWS;
	t.ncols = 1 + !!hints + (int)c->nseries;
	t.suffix = "-glance";
	if (!(spec = malloc(c->nseries + 3)))
		return;
	strcpy(spec, hints ? "rl" : "r");
	for (s = 0; s < c->nseries; s++)
		strcat(spec, "r");
	t.spec = spec;
	cap = open_memstream(&t.caption, &sl);
	head = open_memstream(&t.head, &hl);
	if (!cap || !head) {
		if (cap)
			fclose(cap);
		if (head)
			fclose(head);
		free(t.caption);
		free(t.head);
		free(spec);
		return;
	}
	tex(cap, nq_report_mode_title(c->modes[m]));
	fprintf(cap, ". Median %s", nq_report_name_of(c->ycol));
	if (unit[0])
		fprintf(cap, " in %s", unit);
	fprintf(cap, " of the runs that ended ok, per instance and approach; "
		"in parentheses the runs that did not end ok, or the most "
		"common status where none did. $^\\dagger$ noisy: "
		"(max$-$min)/median $>$ %g\\%%.%s", NQ_NOISY_SPREAD * 100,
		c->mixed ? NQ_REPORT_TEX_MIXED_NOTE : "");
	fputs(hints ? "$n$ & hints" : "$n$", head);
	for (s = 0; s < c->nseries; s++) {
		fputs(" & ", head);
		tex(head, c->series[s]);
	}
	fclose(cap);
	fclose(head);
	tex_begin(x, m, &t);
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *row = &c->cell[i];

		if (row->mode != m || !first_of_instance(c, i))
			continue;
		fprintf(x->f, "%d", row->n);
		if (hints) {
			fputs(" & ", x->f);
			tex(x->f, row->hints);
		}
		for (s = 0; s < c->nseries; s++) {
			fputs(" & ", x->f);
			tex_median(x->f, nq_cells_find(c, s, m, row->hints,
						       row->n), scale);
		}
		fputs(" \\\\\n", x->f);
	}
	tex_end(x, &t);
	free(t.caption);
	free(t.head);
	free(spec);
}

/* The detail table's head: the caption and the column names. -1 when out
 * of memory (nothing written). */
static int tex_detail_head(const struct nq_report_ctx *x, size_t m,
			   const char *unit, int hints, struct tex_table *t)
{
	const nq_cells *c = x->c;
	size_t sl = 0, hl = 0;
	FILE *cap = open_memstream(&t->caption, &sl);
	FILE *head = open_memstream(&t->head, &hl);

	if (!cap || !head) {
		if (cap)
			fclose(cap);
		if (head)
			fclose(head);
		free(t->caption);
		free(t->head);
		return -1;
	}
	t->longt = tex_rows(c, m, 0) > NQ_REPORT_LONGTABLE_ROWS;
	t->spec = hints ? "rll rrrrr r l" : "rl rrrrr r l";
	t->ncols = hints ? 10 : 9;
	t->suffix = "";
	tex(cap, nq_report_mode_title(c->modes[m]));
	fprintf(cap, ". Median %s", nq_report_name_of(c->ycol));
	if (unit[0])
		fprintf(cap, " in %s", unit);
	fprintf(cap, " of the runs that ended ok, their min--max, "
		"interquartile range (IQR) and median absolute deviation "
		"(MAD); speed-up $=$ median of ");
	tex(cap, c->series[x->base]);
	fprintf(cap, " / median. $^\\dagger$ noisy: (max$-$min)/median "
		"$>$ %g\\%%.%s", NQ_NOISY_SPREAD * 100,
		c->mixed ? NQ_REPORT_TEX_MIXED_NOTE : "");
	fprintf(head, "$n$ & %sapproach & median & min & max & IQR & "
		"MAD & speed-up & runs", hints ? "hints & " : "");
	fclose(cap);
	fclose(head);
	return 0;
}

void nq_report_tex_detail(const struct nq_report_ctx *x, size_t m,
			  double scale, const char *unit, int hints)
{
	const nq_cells *c = x->c;
	FILE *f = x->f;
	struct tex_table t;
	size_t i;
	int prev_n = -1;
	const char *prev_h = NULL;

	memset(&t, 0, sizeof t);
	if (tex_detail_head(x, m, unit, hints, &t) < 0)
		return;
	tex_begin(x, m, &t);
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *e = &c->cell[i];
		struct nq_report_row r;
		int first_of_group;

		if (e->mode != m)
			continue;
		first_of_group = e->n != prev_n || !prev_h ||
				 strcmp(prev_h, e->hints);
		prev_n = e->n;
		prev_h = e->hints;
		nq_report_row_of(x, m, e, scale, &r);
		if (first_of_group && i > 0 && c->cell[i - 1].mode == m)
			fputs("\\addlinespace\n", f);
		if (first_of_group)
			fprintf(f, "%d & ", e->n);
		else
			fputs(" & ", f);
		if (hints) {
			if (first_of_group)
				tex(f, e->hints);
			fputs(" & ", f);
		}
		tex(f, c->series[e->series]);
		fprintf(f, " & %s%s%s & %s & %s & %s & %s & %s & ", r.med,
			nq_stats_noisy(&e->y) ? "$^\\dagger$" : "",
			NQ_REPORT_TEX_MIXED(e), r.mn, r.mx,
			r.iqr, r.mad, r.sp);
		tex(f, r.st);
		fputs(" \\\\\n", f);
	}
	tex_end(x, &t);
	free(t.caption);
	free(t.head);
}

void nq_report_tex_preamble(const struct nq_report_ctx *x)
{
	const nq_cells *c = x->c;
	FILE *f = x->f;
	size_t m;
	int longt = 0;

	for (m = 0; m < c->nmodes; m++)
		longt |= tex_rows(c, m, 0) > NQ_REPORT_LONGTABLE_ROWS;
	fputs("% ", f);
	comment(f, c->experiment[0] ? c->experiment : "results");
	fputs(": tables made by `harness report --format latex ", f);
	comment(f, x->o->csv);
	fprintf(f, "`\n%% needs \\usepackage{booktabs}%s\n%% numbers are "
		"plain decimals with %d significant digits%s\n",
		longt ? " and \\usepackage{longtable} (a table of more "
		"rows than a page holds is a longtable)" : "", NQ_REPORT_SIG,
		x->time ? ", times in seconds" : "");
}

void nq_report_tex_machine(const struct nq_report_ctx *x, const char *meta,
			   FILE *m)
{
	char line[2048];

	fputs("% The machine and software (from the .meta file):\n", x->f);
	if (!m) {
		fputs("%   none recorded (no ", x->f);
		comment(x->f, meta);
		fputs(")\n\n", x->f);
		return;
	}
	/* each line one comment line (one past the buffer is cut) */
	while (fgets(line, sizeof line, m)) {
		size_t len = strlen(line);
		int whole = len && line[len - 1] == '\n';

		if (whole)
			line[len - 1] = '\0';
		if (line[0] != '#') {
			fputs("%   ", x->f);
			comment(x->f, line);
			fputc('\n', x->f);
		}
		while (!whole && fgets(line, sizeof line, m)) {
			len = strlen(line);
			whole = len && line[len - 1] == '\n';
			if (whole)
				line[len - 1] = '\0';
		}
	}
	fputc('\n', x->f);
	fclose(m);
}
