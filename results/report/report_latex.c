/*
 * report_latex.c - `harness report --format latex`: the tables in booktabs
 * style (report.h), and the format's row of report.c's table (what the
 * formats share: report_common.h).
 *
 * LaTeX shows times in ms or s (each table by its figures, as the other
 * formats), every number with NQ_REPORT_SIG significant
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
#include "meta.h"
#include "names.h"
#include "report_common.h"
#include "report_data.h"
#include "report_fit.h"

/* The rule of the noisy mark and of the intervals, for the captions:
 * report_common.c's sentence, shorter, in LaTeX's markup. */
static const char *tex_noisy_rule(void)
{
	static char buf[640];

	snprintf(buf, sizeof buf, "Intervals: %g\\%% percentile bootstrap "
		 "(exact up to %d runs, else %d resamples, seed %u). A cell is "
		 "noisy when the interval of its median is wider than %g\\%% "
		 "of the median.", NQ_BOOT_LEVEL * 100, NQ_BOOT_EXACT_MAX,
		 NQ_BOOT_RESAMPLES, (unsigned)NQ_BOOT_SEED,
		 NQ_NOISY_WIDTH * 100);
	return buf;
}

/* LaTeX-escape: outside text escaped first (names.h: on its line, and
 * UTF-8, which inputenc needs), its backslash as \textbackslash{}. */
static void tex(FILE *f, const char *s)
{
	char buf[8];
	const char *e;
	size_t n;

	for (; *s; s += n) {
		if ((e = nq_text_escape(s, &n, buf))) {
			fprintf(f, "\\textbackslash{}%s", e + 1);
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
		case '~': fputs("\\textasciitilde{}", f); break;
		case '^': fputs("\\textasciicircum{}", f); break;
		case '\\': fputs("\\textbackslash{}", f); break;
		default:
			fputc(*s, f);
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

/* Text in a TeX comment: escaped as outside text (names.h), so on its
 * line, and UTF-8. */
static void comment(FILE *f, const char *s)
{
	nq_text_put(f, s);
}

/* ---- writing a table --------------------------------------------------- */

/* One LaTeX table: a float holding a tabular, or a longtable (that breaks
 * across pages and repeats its head). `caption` and `head` are LaTeX
 * already; the label is tab:<experiment>-<mode><suffix>, as a key. */
struct tex_table {
	const struct nq_tex_layout *l;
	char *spec;         /* column spec, e.g. "rl rrr" */
	int ncols;
	char *caption;
	char *head;         /* "$n$ & approach & ..." without the \\ */
	const char *suffix; /* of the label: "", "-glance" */
};

static void tex_begin(const struct nq_report_ctx *x, size_t m,
		      const struct tex_table *t)
{
	const struct nq_tex_size *z = &nq_tex_sizes[t->l->size];
	FILE *f = x->f;

	if (t->l->longt)
		fprintf(f, "\\begingroup\n%s\\setlength{\\tabcolsep}{%gpt}\n"
			"\\begin{longtable}{%s}\n", z->cmd, z->sep, t->spec);
	else
		fprintf(f, "\\begin{table}[htbp]\n\\centering\n%s"
			"\\setlength{\\tabcolsep}{%gpt}\n", z->cmd, z->sep);
	fprintf(f, "\\caption{%s}\n\\label{tab:", t->caption);
	label_key(f, x->c->experiment[0] ? x->c->experiment : "results");
	fputc('-', f);
	label_key(f, x->c->modes[m]);
	fprintf(f, "%s}", t->suffix);
	if (t->l->longt)
		fprintf(f, "\\\\\n\\toprule\n%s \\\\\n\\midrule\n\\endfirsthead\n"
			"\\caption[]{(continued)}\\\\\n\\toprule\n%s \\\\\n"
			"\\midrule\n\\endhead\n\\midrule\n\\multicolumn{%d}{r}"
			"{\\emph{continued on the next page}} \\\\\n\\endfoot\n"
			"\\bottomrule\n\\endlastfoot\n", t->head, t->head,
			t->ncols);
	else
		fprintf(f, "\n%s\\begin{tabular}{%s}\n\\toprule\n%s \\\\\n"
			"\\midrule\n", t->l->resize ? "\\resizebox{\\linewidth}"
			"{!}{%\n" : "", t->spec, t->head);
}

/* The key of the letters, after the table. */
static void tex_key(const struct nq_report_ctx *x, const struct tex_table *t)
{
	char letter[8];
	size_t s;

	if (!t->l->letters)
		return;
	fputs("\\par\\smallskip{\\raggedright\\footnotesize Approaches: ",
	      x->f);
	for (s = t->l->s0; s < t->l->s1; s++) {
		nq_tex_letter(s, letter, sizeof letter);
		fprintf(x->f, "%s%s:~", s > t->l->s0 ? "; " : "", letter);
		tex(x->f, x->c->series[s]);
	}
	fputs(".\\par}\n", x->f);
}

static void tex_end(const struct nq_report_ctx *x, const struct tex_table *t)
{
	if (t->l->longt) {
		fputs("\\end{longtable}\n", x->f);
		tex_key(x, t);
		fputs("\\endgroup\n\n", x->f);
		return;
	}
	fprintf(x->f, "\\bottomrule\n\\end{tabular}%s\n", t->l->resize ?
		"}" : "");
	tex_key(x, t);
	fputs("\\end{table}\n\n", x->f);
}

/* An approach's name in a head or row: its letter, or its name. */
static void tex_approach(FILE *f, const nq_cells *c, size_t s,
			 const struct nq_tex_layout *l)
{
	char letter[8];

	if (l->letters) {
		nq_tex_letter(s, letter, sizeof letter);
		fputs(letter, f);
	} else {
		tex(f, c->series[s]);
	}
}

/* Text in a column that wraps (parbox of w characters): ids break after
 * their hyphens, hints at their spaces. */
static void tex_wrapped(FILE *f, const char *s, size_t len, double w,
			int size)
{
	char *copy = strndup(s, len), *p, *q;

	if (!copy)
		return;
	fprintf(f, "\\parbox[t]{%.1fpt}{\\raggedright ", w * NQ_TEX_SLACK *
		nq_tex_sizes[size].digit);
	for (p = copy; (q = strchr(p, '-')) != NULL; p = q + 1) {
		*q = '\0';
		tex(f, p);
		fputs("-\\allowbreak{}", f);
	}
	tex(f, p);
	fputc('}', f);
	free(copy);
}

/* The runs column: "2 ok, 1 timeout", wrapping between its pieces only
 * (a parbox w digits wide) when it is wider. */
static void tex_runs(FILE *f, const char *st, double w, int size)
{
	const char *p, *sp;
	char *piece;

	if (nq_tex_chars(st, strlen(st)) <= w) {
		tex(f, st);
		return;
	}
	fprintf(f, "\\parbox[t]{%.1fpt}{\\raggedright ", w * NQ_TEX_SLACK *
		nq_tex_sizes[size].digit);
	for (; *st; st = *p ? p + 2 : p) {
		p = strstr(st, ", ");
		if (!p)
			p = st + strlen(st);
		if (!(piece = strndup(st, (size_t)(p - st))))
			break;
		if ((sp = strchr(piece, ' ')) != NULL) {
			fprintf(f, "%.*s~", (int)(sp - piece), piece);
			tex(f, sp + 1);
		} else {
			tex(f, piece);
		}
		fputs(*p ? ", " : "", f);
		free(piece);
	}
	fputc('}', f);
}

/* The instance column of a row (cell e): an id whole in an \mbox (a
 * reader copies it; the column is laid out for it), hints wrapped at
 * their spaces when the layout narrowed the column. */
static void tex_inst(FILE *f, const nq_cell *e, const struct nq_tex_layout *l)
{
	const char *s;
	size_t len;
	char *copy;

	nq_tex_inst_text(e, &s, &len);
	if (!len)
		return;
	if (s == e->id || nq_tex_chars(s, len) <= l->inst_w) {
		if (!(copy = strndup(s, len)))
			return;
		fputs(s == e->id ? "\\mbox{" : "", f);
		tex(f, copy);
		fputs(s == e->id ? "}" : "", f);
		free(copy);
	} else {
		tex_wrapped(f, s, len, l->inst_w, l->size);
	}
}

/* The letters of the statuses mode m's glance table marks, for its
 * caption. */
static void status_key(FILE *cap, const nq_cells *c, size_t m)
{
	int st, seen[NQ_ST__COUNT] = { 0 }, any = 0;
	size_t i;

	for (i = 0; i < c->ncells; i++)
		if (c->cell[i].mode == m && c->cell[i].y.count)
			for (st = 1; st < NQ_ST__COUNT; st++)
				seen[st] |= c->cell[i].status[st] > 0;
	for (st = 1; st < NQ_ST__COUNT; st++) {
		if (!seen[st])
			continue;
		fprintf(cap, "%s%c %s", any ? ", " : " Superscripts count the "
			"runs that did not end ok: ", nq_tex_status_letter[st],
			nq_status_name((nq_status)st));
		any = 1;
	}
	if (any)
		fputc(';', cap);
}

static int open_two(char **a, size_t *al, FILE **fa, char **b, size_t *bl,
		    FILE **fb)
{
	*fa = open_memstream(a, al);
	*fb = open_memstream(b, bl);
	if (*fa && *fb)
		return 0;
	if (*fa)
		fclose(*fa);
	if (*fb)
		fclose(*fb);
	free(*a);
	free(*b);
	*a = *b = NULL;
	return -1;
}

/* One glance table: approaches l->s0 .. l->s1 - 1, the group-th of
 * ngroups. */
static void glance_one(const struct nq_report_ctx *x, size_t m, double scale,
		       const char *unit, const struct nq_tex_layout *l,
		       size_t group, size_t ngroups)
{
	const nq_cells *c = x->c;
	struct tex_table t;
	size_t i, s, sl = 0, hl = 0, ns = l->s1 - l->s0;
	char suffix[32], first[8], last[8], *copy;
	FILE *cap, *head;

	memset(&t, 0, sizeof t);
	t.l = l;
	t.ncols = 1 + !!l->inst + l->answer + (int)ns;
	snprintf(suffix, sizeof suffix, group ? "-glance-%zu" : "-glance",
		 group + 1);
	t.suffix = suffix;
	if (!(t.spec = malloc(ns + 8)))
		return;
	snprintf(t.spec, ns + 8, "r%s%s", l->inst ? "l" : "",
		 l->answer ? "r" : "");
	for (s = 0; s < ns; s++)
		strcat(t.spec, "r");
	if (open_two(&t.caption, &sl, &cap, &t.head, &hl, &head) < 0) {
		free(t.spec);
		return;
	}
	tex(cap, nq_report_mode_title(c->modes[m]));
	nq_tex_letter(l->s0, first, sizeof first);
	nq_tex_letter(l->s1 - 1, last, sizeof last);
	if (ngroups > 1 && ns > 1)
		fprintf(cap, ", approaches %s--%s (%zu of %zu tables)", first,
			last, group + 1, ngroups);
	else if (ngroups > 1)
		fprintf(cap, ", approach %s (%zu of %zu tables)", first,
			group + 1, ngroups);
	fprintf(cap, ". Median %s", nq_report_name_of(c->ycol));
	if (unit[0])
		fprintf(cap, " in %s", unit);
	fprintf(cap, " of the runs that ended ok, per instance and approach%s"
		"; where no run ended ok, the most common status.",
		l->answer ? ", and the instance's answer" : "");
	status_key(cap, c, m);
	fprintf(cap, " $^\\dagger$ noisy. %s%s", tex_noisy_rule(),
		c->mixed ? NQ_REPORT_TEX_MIXED_NOTE : "");
	fprintf(head, "$n$%s%s", l->inst == 2 ? " & instance" : l->inst ?
		" & hints" : "", l->answer ? " & answer" : "");
	for (s = l->s0; s < l->s1; s++) {
		const char *name = c->series[s], *slash = strchr(name, '/');

		fputs(" & ", head);
		if (l->letters || !slash) {
			tex_approach(head, c, s, l);
			continue;
		}
		/* on two lines, the name's parts: "backtrack/" over
		 * "bitmask" (nq_tex_head_chars counts it so) */
		copy = strndup(name, (size_t)(slash - name) + 1);
		fputs("\\shortstack[r]{", head);
		if (copy)
			tex(head, copy);
		/* a strut on each line: \shortstack sets lines by their
		 * own heights, so "mrv" under "backtrack/" sat lower than
		 * "bitmask" beside it */
		fputs("\\strut\\\\", head);
		tex(head, slash + 1);
		fputs("\\strut}", head);
		free(copy);
	}
	fclose(cap);
	fclose(head);
	tex_begin(x, m, &t);
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *row = &c->cell[i];
		char cell[256];
		double w;

		if (row->mode != m || !nq_tex_first_of_instance(c, i))
			continue;
		fprintf(x->f, "%d", row->n);
		if (l->inst) {
			fputs(" & ", x->f);
			tex_inst(x->f, row, l);
		}
		if (l->answer) {
			fputs(" & ", x->f);
			tex(x->f, nq_report_inst_answer(c, i));
		}
		for (s = l->s0; s < l->s1; s++) {
			nq_tex_glance_cell(cell, sizeof cell, nq_cells_find(c, s, m,
				    row->hints, row->n), scale, &w);
			fprintf(x->f, " & %s", cell);
		}
		fputs(" \\\\\n", x->f);
	}
	tex_end(x, &t);
	free(t.caption);
	free(t.head);
	free(t.spec);
}

/* The glance table in LaTeX: a row per instance (its size, name and
 * answer), a column per approach, the median in each cell; in several
 * tables of consecutive approaches when one is too wide. */
static void tex_glance(const struct nq_report_ctx *x, size_t m,
		       double scale, const char *unit, int hints)
{
	struct nq_tex_layout *l = malloc((x->c->nseries + 1) * sizeof *l);
	size_t g, n;

	(void)hints;
	if (!l)
		return;
	n = nq_tex_glance_layouts(x, m, scale, l);
	for (g = 0; g < n; g++)
		glance_one(x, m, scale, unit, &l[g], g, n);
	free(l);
}

/* The detail table's head: the caption and the column names. -1 when out
 * of memory (nothing written). */
static int tex_detail_head(const struct nq_report_ctx *x, size_t m,
			   const char *unit, struct tex_table *t)
{
	const nq_cells *c = x->c;
	const struct nq_tex_layout *l = t->l;
	size_t sl = 0, hl = 0;
	FILE *cap, *head;
	int lead;

	if (open_two(&t->caption, &sl, &cap, &t->head, &hl, &head) < 0)
		return -1;
	t->spec = strdup(l->inst ? (l->spread ? "rll rrr rrr l" : "rll rrr r l")
			 : (l->spread ? "rl rrr rrr l" : "rl rrr r l"));
	t->ncols = (l->inst ? 10 : 9) - (l->spread ? 0 : 2);
	t->suffix = "";
	tex(cap, nq_report_mode_title(c->modes[m]));
	fprintf(cap, ". Median %s", nq_report_name_of(c->ycol));
	if (unit[0])
		fprintf(cap, " in %s", unit);
	if (l->spread)
		fprintf(cap, " of the runs that ended ok and its 95\\%% "
			"interval (low, high), the speed-up (ratio) and its "
			"95\\%% interval (low, high); speed-up $=$ median of ");
	else
		fprintf(cap, " of the runs that ended ok and its 95\\%% "
			"interval (low, high; the speed-up's interval left out "
			"here: too wide; the Markdown report has it, and the "
			"min, max, IQR and MAD); speed-up $=$ median of ");
	tex(cap, c->series[x->base]);
	fprintf(cap, " / median. $^\\dagger$ noisy. %s%s",
		tex_noisy_rule(),
		c->mixed ? NQ_REPORT_TEX_MIXED_NOTE : "");
	/* grouped: the column and its unit over the median and its
	 * interval, "speed-up" over the ratio and its interval */
	lead = l->inst ? 3 : 2;
	fprintf(head, "\\multicolumn{%d}{c}{} & \\multicolumn{3}{c}{", lead);
	tex(head, nq_report_name_of(c->ycol));
	if (unit[0])
		fprintf(head, " (%s)", unit);
	if (l->spread)
		fprintf(head, "} & \\multicolumn{3}{c}{speed-up} & \\\\\n"
			"\\cmidrule(lr){%d-%d}\\cmidrule(lr){%d-%d}\n", lead + 1,
			lead + 3, lead + 4, lead + 6);
	else
		fprintf(head, "} & & \\\\\n\\cmidrule(lr){%d-%d}\n", lead + 1,
			lead + 3);
	fprintf(head, "$n$ & %sapproach & median & low & high & %s & runs",
		l->inst == 2 ? "instance & " : l->inst ? "hints & " : "",
		l->spread ? "ratio & low & high" : "speed-up");
	fclose(cap);
	fclose(head);
	return t->spec ? 0 : -1;
}

static void tex_detail(const struct nq_report_ctx *x, size_t m,
			  double scale, const char *unit, int hints)
{
	const nq_cells *c = x->c;
	FILE *f = x->f;
	struct nq_tex_layout l;
	struct tex_table t;
	size_t i;
	int prev_n = -1;
	const char *prev_h = NULL;

	(void)hints;
	nq_tex_detail_layout(x, m, scale, &l);
	memset(&t, 0, sizeof t);
	t.l = &l;
	if (tex_detail_head(x, m, unit, &t) < 0) {
		free(t.caption);
		free(t.head);
		free(t.spec);
		return;
	}
	tex_begin(x, m, &t);
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *e = &c->cell[i];
		struct nq_report_row r;
		char lo[64], hi[64], slo[64], shi[64];
		int first_of_group;

		if (e->mode != m)
			continue;
		first_of_group = e->n != prev_n || !prev_h ||
				 strcmp(prev_h, e->hints);
		prev_n = e->n;
		prev_h = e->hints;
		nq_report_row_of(x, m, e, scale, &r);
		nq_report_ci_ends(r.ci, lo, hi, sizeof lo);
		nq_report_ci_ends(r.spci, slo, shi, sizeof slo);
		if (first_of_group && i > 0 && c->cell[i - 1].mode == m)
			fputs("\\addlinespace\n", f);
		if (first_of_group)
			fprintf(f, "%d & ", e->n);
		else
			fputs(" & ", f);
		if (l.inst) {
			if (first_of_group)
				tex_inst(f, e, &l);
			fputs(" & ", f);
		}
		tex_approach(f, c, e->series, &l);
		fprintf(f, " & %s%s%s & %s & %s & ", r.med,
			nq_stats_noisy(&e->y) ? "$^\\dagger$" : "",
			NQ_REPORT_TEX_MIXED(e), lo, hi);
		fprintf(f, "%s & ", r.sp);
		if (l.spread)
			fprintf(f, "%s & %s & ", slo, shi);
		tex_runs(f, r.st, l.runs_w, l.size);
		fputs(" \\\\\n", f);
	}
	tex_end(x, &t);
	free(t.caption);
	free(t.head);
	free(t.spec);
}

/* ---- the randomised methods' table ------------------------------------ */

#define LS_COLS 10 /* after n and approach (and the instance) */

/* The widths of the randomised table's columns in characters, the head's
 * words counted, into w[]: the approach's, then LS_COLS figures. */
static size_t ls_widths(const struct nq_report_ctx *x, size_t m, double *w)
{
	static const char *const head[LS_COLS] = {
		"runs", "solved", "rate", "low", "high", "mean", "median",
		"mean", "median", "mean"
	};
	const nq_cells *c = x->c;
	size_t i, k, rows = 0;

	w[0] = nq_tex_chars("approach", 8);
	for (k = 0; k < LS_COLS; k++)
		w[k + 1] = nq_tex_chars(head[k], strlen(head[k]));
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *e = &c->cell[i];
		struct nq_report_ls_row r;
		const char *v[LS_COLS];
		double a;

		if (e->mode != m || !e->randomised)
			continue;
		rows++;
		nq_report_ls_row_of(x, e, &r);
		v[0] = r.runs; v[1] = r.solved; v[2] = r.rate; v[3] = r.lo;
		v[4] = r.hi; v[5] = r.ok_mean; v[6] = r.ok_med;
		v[7] = r.un_mean; v[8] = r.un_med; v[9] = r.restarts;
		a = nq_tex_chars(c->series[e->series],
				 strlen(c->series[e->series]));
		if (a > w[0])
			w[0] = a;
		for (k = 0; k < LS_COLS; k++) {
			a = nq_tex_chars(v[k], strlen(v[k]));
			if (a > w[k + 1])
				w[k + 1] = a;
		}
	}
	return rows;
}

/* Mode m's randomised table laid out: the smallest of \footnotesize and
 * \scriptsize it fits the text width in, else shrunk to it; a longtable
 * past NQ_REPORT_LONGTABLE_ROWS rows. 0: the mode has no such table. */
static int ls_layout(const struct nq_report_ctx *x, size_t m,
		     struct nq_tex_layout *l)
{
	double w[LS_COLS + 1], sum = 0;
	size_t rows, k;
	int hints = nq_report_mode_hints(x->c, m);

	memset(l, 0, sizeof *l);
	if (!nq_report_mode_randomised(x->c, m))
		return 0;
	rows = ls_widths(x, m, w);
	l->inst = hints;
	l->inst_w = 24;
	l->longt = rows > NQ_REPORT_LONGTABLE_ROWS;
	for (l->size = 1; l->size < NQ_TEX_NSIZES; l->size++) {
		const struct nq_tex_size *z = &nq_tex_sizes[l->size];

		sum = (3 + (hints ? l->inst_w : 0)) * z->digit + 2 * z->sep *
		      (hints ? 2 : 1);
		for (k = 0; k <= LS_COLS; k++)
			sum += w[k] * NQ_TEX_SLACK * z->digit + 2 * z->sep;
		if (sum <= NQ_TEX_TEXTWIDTH_PT)
			break;
	}
	if (l->size == NQ_TEX_NSIZES) {
		l->size = NQ_TEX_NSIZES - 1;
		l->resize = !l->longt;
	}
	return 1;
}

static void tex_randomised(const struct nq_report_ctx *x, size_t m)
{
	const nq_cells *c = x->c;
	FILE *f = x->f;
	struct nq_tex_layout l;
	struct tex_table t;
	size_t i, sl = 0, hl = 0;
	FILE *cap, *head;
	int prev_n = -1, first = 1;
	const char *prev_h = NULL;

	if (!ls_layout(x, m, &l))
		return;
	memset(&t, 0, sizeof t);
	t.l = &l;
	if (open_two(&t.caption, &sl, &cap, &t.head, &hl, &head) < 0)
		return;
	t.spec = strdup(l.inst ? "rll rr rrr rr rr r" : "rl rr rrr rr rr r");
	t.ncols = (l.inst ? 3 : 2) + LS_COLS;
	t.suffix = "-randomised";
	tex(cap, nq_report_mode_title(c->modes[m]));
	fputs(". Randomised methods (runs with steps: local search), each "
	      "run its own seed: runs counted (every status but error and "
	      "skipped), solved (ended ok), the success rate in per cent "
	      "with its 95\\% Wilson score interval (low, high), the steps "
	      "(moves after the initial state) of the solved runs and of "
	      "the unsolved ones (stopped without a solution), mean and "
	      "median, and the mean restarts. A timeout counts as not "
	      "solved and has no steps.", cap);
	fprintf(head, "%s& & & & \\multicolumn{3}{c}{success (\\%%)} & "
		"\\multicolumn{2}{c}{steps, solved} & \\multicolumn{2}{c}"
		"{steps, unsolved} & restarts \\\\\n\\cmidrule(lr){%d-%d}"
		"\\cmidrule(lr){%d-%d}\\cmidrule(lr){%d-%d}\n$n$ & %s"
		"approach & runs & solved & rate & low & high & mean & median "
		"& mean & median & mean", l.inst ? "& " : "",
		l.inst ? 6 : 5, l.inst ? 8 : 7, l.inst ? 9 : 8,
		l.inst ? 10 : 9, l.inst ? 11 : 10, l.inst ? 12 : 11,
		l.inst == 2 ? "instance & " : l.inst ? "hints & " : "");
	fclose(cap);
	fclose(head);
	if (!t.spec)
		goto out;
	tex_begin(x, m, &t);
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *e = &c->cell[i];
		struct nq_report_ls_row r;
		int first_of_group;

		if (e->mode != m || !e->randomised)
			continue;
		first_of_group = e->n != prev_n || !prev_h ||
				 strcmp(prev_h, e->hints);
		prev_n = e->n;
		prev_h = e->hints;
		nq_report_ls_row_of(x, e, &r);
		if (first_of_group && !first)
			fputs("\\addlinespace\n", f);
		first = 0;
		if (first_of_group)
			fprintf(f, "%d & ", e->n);
		else
			fputs(" & ", f);
		if (l.inst) {
			if (first_of_group)
				tex_inst(f, e, &l);
			fputs(" & ", f);
		}
		tex(f, c->series[e->series]);
		fprintf(f, " & %s & %s & %s & %s & %s & %s & %s & %s & %s & "
			"%s \\\\\n", r.runs, r.solved, r.rate, r.lo, r.hi,
			r.ok_mean, r.ok_med, r.un_mean, r.un_med, r.restarts);
	}
	tex_end(x, &t);
out:
	free(t.caption);
	free(t.head);
	free(t.spec);
}

/* ---- the per-approach totals ------------------------------------------ */

/* A total in the table's unit: 3 significant digits, to the
 * microsecond; the dash without one. */
static void total_num(char *buf, size_t len, int ok, double v, double scale)
{
	if (!ok)
		snprintf(buf, len, "--");
	else
		nq_report_number(buf, len, v * scale, NQ_REPORT_SIG,
				 scale == 1e3 ? NQ_REPORT_TIME_DECIMALS - 3 :
				 NQ_REPORT_TIME_DECIMALS);
}

/* The table a paper compares approaches by: per approach its instances,
 * how many it solved, PAR-2 and CPU time (both in one unit, grouped
 * under it) and wins (report_data.h says how each is counted); names,
 * or letters with a key when a name is too wide for the text. */
static int tex_totals(const struct nq_report_ctx *x, const nq_table *t,
		      nq_error *err)
{
	static const char *const head[] = { "instances", "solved", "PAR-2",
					     "CPU", "wins" };
	const nq_cells *c = x->c;
	FILE *f = x->f;
	struct nq_tex_layout l;
	nq_report_total *tot = calloc(c->nseries + 1, sizeof *tot);
	double scale, name_w = 8, w[5], sum;
	const char *unit;
	char buf[64];
	size_t s, k;

	if (!tot)
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	if (nq_report_totals(t, x->o->csv, x->o->group, c, tot, err) < 0) {
		free(tot);
		return -1;
	}
	scale = nq_report_totals_unit(tot, nq_report_total_rows(c), &unit);
	for (k = 0; k < 5; k++)
		w[k] = nq_tex_chars(head[k], strlen(head[k]));
	for (s = 0; s < nq_report_total_rows(c); s++) {
		const char *name = s < c->nseries ? c->series[s] :
				   NQ_REPORT_VBS_NAME;
		double a = nq_tex_chars(name, strlen(name));

		name_w = a > name_w ? a : name_w;
		total_num(buf, sizeof buf, tot[s].par2_ok, tot[s].par2, scale);
		w[2] = nq_tex_chars(buf, strlen(buf)) > w[2] ?
		       nq_tex_chars(buf, strlen(buf)) : w[2];
		total_num(buf, sizeof buf, tot[s].cpu_ok, tot[s].cpu_s, scale);
		w[3] = nq_tex_chars(buf, strlen(buf)) > w[3] ?
		       nq_tex_chars(buf, strlen(buf)) : w[3];
	}
	memset(&l, 0, sizeof l);
	l.s1 = c->nseries;
	for (l.size = 0; l.size < NQ_TEX_NSIZES; l.size++) {
		const struct nq_tex_size *z = &nq_tex_sizes[l.size];

		sum = (name_w * NQ_TEX_SLACK * z->digit + 2 * z->sep);
		for (k = 0; k < 5; k++)
			sum += w[k] * NQ_TEX_SLACK * z->digit + 2 * z->sep;
		if (sum <= NQ_TEX_TEXTWIDTH_PT)
			break;
	}
	if (l.size == NQ_TEX_NSIZES) {
		l.size = 0;
		l.letters = 1;
	}
	fprintf(f, "\\begin{table}[htbp]\n\\centering\n%s\\setlength"
		"{\\tabcolsep}{%gpt}\n\\caption{Per approach: instances, how "
		"many it solved (more than half of its runs ended ok), PAR-2 "
		"(its median time where solved, twice the timeout where not, "
		"added over its instances; lower is better), its total CPU "
		"time, and its wins (the fastest median of those that solved "
		"an instance; ties: each).%s%s Times in %s.}\n\\label{tab:",
		nq_tex_sizes[l.size].cmd, nq_tex_sizes[l.size].sep,
		nq_report_vbs_shown(c) ? " The virtual best is no approach: "
		"per instance the fastest approach that solved it (a wrong "
		"or disputed answer never counts); it has no CPU time and "
		"no wins." : "", nq_report_totals_uneven(c, tot) ?
		" The approaches ran different instances: compare PAR-2, a "
		"sum over an approach's own instances, only between rows "
		"with the same count of instances." : "", unit);
	label_key(f, c->experiment[0] ? c->experiment : "results");
	fprintf(f, "-totals}\n\\begin{tabular}{lrrrrr}\n\\toprule\n"
		"\\multicolumn{3}{c}{} & \\multicolumn{2}{c}{time (%s)} & "
		"\\\\\n\\cmidrule(lr){4-5}\napproach & instances & solved & "
		"PAR-2 & CPU & wins \\\\\n\\midrule\n", unit);
	for (s = 0; s < c->nseries; s++) {
		tex_approach(f, c, s, &l);
		fprintf(f, " & %zu & %zu & ", tot[s].instances, tot[s].solved);
		total_num(buf, sizeof buf, tot[s].par2_ok, tot[s].par2, scale);
		fprintf(f, "%s & ", buf);
		total_num(buf, sizeof buf, tot[s].cpu_ok, tot[s].cpu_s, scale);
		fprintf(f, "%s & %zu \\\\\n", buf, tot[s].wins);
	}
	if (nq_report_vbs_shown(c)) {
		/* no approach: under a rule of its own, in italics, never
		 * lettered, no CPU time and no wins */
		fprintf(f, "\\midrule\n\\emph{%s} & %zu & %zu & ",
			NQ_REPORT_VBS_NAME, tot[s].instances, tot[s].solved);
		total_num(buf, sizeof buf, tot[s].par2_ok, tot[s].par2, scale);
		fprintf(f, "%s & -- & -- \\\\\n", buf);
	}
	fputs("\\bottomrule\n\\end{tabular}\n", f);
	{
		struct tex_table tt;

		memset(&tt, 0, sizeof tt);
		tt.l = &l;
		tex_key(x, &tt);
	}
	fputs("\\end{table}\n\n", f);
	free(tot);
	return 0;
}

static void tex_preamble(const struct nq_report_ctx *x)
{
	const nq_cells *c = x->c;
	FILE *f = x->f;
	struct nq_tex_layout *g = malloc((c->nseries + 1) * sizeof *g), d;
	size_t m, i, n;
	int longt = 0, resize = 0;

	for (m = 0; g && m < c->nmodes; m++) {
		const char *unit;
		double scale = nq_report_unit_of(x, m, &unit);

		n = nq_tex_glance_layouts(x, m, scale, g);
		for (i = 0; i < n; i++) {
			longt |= g[i].longt;
			resize |= g[i].resize && !g[i].longt;
		}
		nq_tex_detail_layout(x, m, scale, &d);
		longt |= d.longt;
		resize |= d.resize && !d.longt;
		if (ls_layout(x, m, &d)) {
			longt |= d.longt;
			resize |= d.resize;
		}
	}
	free(g);
	fputs("% ", f);
	comment(f, c->experiment[0] ? c->experiment : "results");
	fputs(": tables made by `harness report --format latex ", f);
	comment(f, x->o->csv);
	fprintf(f, "`\n%% needs \\usepackage{booktabs}%s%s\n%% laid out for "
		"a text width of %g pt (article, 10 pt); numbers are plain "
		"decimals with %d significant digits%s\n",
		longt ? " and \\usepackage{longtable} (a table of more "
		"rows than a page holds is a longtable)" : "",
		resize ? " and \\usepackage{graphicx} (a table too wide for "
		"the text is shrunk to it)" : "", NQ_TEX_TEXTWIDTH_PT,
		NQ_REPORT_SIG, x->time ? ", times in ms or s (each table says which)" : "");
	if (x->o->changes) {
		char why[400];

		nq_report_changed_text(x->o->changes, why, sizeof why);
		fputs("% WARNING: ", f);
		comment(f, why);
		fputc('\n', f);
	}
}

static void tex_machine(const struct nq_report_ctx *x, const char *meta,
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

/* The document: the comment lines that open it, per mode the table at a
 * glance and the detail table, the machine as comments. */
static int latex_write(const struct nq_report_ctx *x, const nq_table *t,
		       nq_error *err)
{
	char meta[4096];
	size_t m;

	tex_preamble(x);
	if (tex_totals(x, t, err) < 0)
		return -1;
	for (m = 0; m < x->c->nmodes; m++) {
		const char *unit;
		double scale = nq_report_unit_of(x, m, &unit);
		int hints = nq_report_mode_hints(x->c, m);

		tex_glance(x, m, scale, unit, hints);
		tex_detail(x, m, scale, unit, hints);
		tex_randomised(x, m);
	}
	nq_meta_path(x->o->csv, meta, sizeof meta);
	tex_machine(x, meta, fopen(meta, "r"));
	return 0;
}

/* LaTeX's numbers: NQ_REPORT_SIG significant digits, times in s. */
static const struct nq_report_style latex_style = {
	"--", "$\\times$", "$>$", NQ_REPORT_SIG
};

static const char *const latex_aliases[] = { "tex", NULL };

const nq_report_format nq_report_latex = {
	"latex", latex_aliases, ".tex", &latex_style, latex_write
};
