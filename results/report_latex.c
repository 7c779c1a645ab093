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

/* ---- fitting the text width -------------------------------------- */

/* A table is laid out for a text width of TEX_TEXTWIDTH_PT (article's
 * at 10 pt; a wider one only leaves room). Widths are estimated from the
 * text in digits (text_chars: other characters count as wider or
 * narrower), a digit as wide as Computer Modern's at the size (its
 * smaller sizes are wider for their size: cmr7's digit is 4.07 pt, not
 * 3.5), with TEX_SLACK to spare, so an estimate that fits fits. The
 * first layout that fits, in order: the approaches' names at \small, at
 * \footnotesize, then letters (A, B, ...; a key below the table names
 * them) at \small, \footnotesize, \scriptsize. A glance table that does
 * not fit even so is split into tables of consecutive approaches; a
 * detail table loses its IQR and MAD columns, and a float that still
 * does not fit is shrunk to the width with \resizebox (graphicx; the
 * preamble comment says when it is needed). */
#define TEX_TEXTWIDTH_PT 345.0
#define TEX_SLACK 1.04
/* A text column (instance, runs) wraps past this many characters. */
#define TEX_WRAP_CHARS 14

static const struct tex_size {
	const char *cmd;
	double digit, sep; /* a digit's width, \tabcolsep (pt) */
} tex_sizes[] = {
	{ "\\small", 4.63, 4 }, { "\\footnotesize", 4.25, 3 },
	{ "\\scriptsize", 4.07, 2 },
};
#define NSIZES (sizeof tex_sizes / sizeof tex_sizes[0])

static const struct {
	int size, letters;
} tex_tries[] = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 }, { 2, 1 } };
#define NTRIES (sizeof tex_tries / sizeof tex_tries[0])

struct tex_layout {
	int size;       /* index into tex_sizes */
	int letters;    /* approaches by letter, a key below */
	int resize;     /* too wide even so: \resizebox (floats) */
	int longt;      /* a longtable (breaks across pages) */
	int inst;       /* the instance column: 0 none, 1 hints, 2 ids */
	int answer;     /* the answer column (glance) */
	double inst_w;  /* its width in characters (wraps past it) */
	size_t s0, s1;  /* the glance table's approaches: s0 .. s1 - 1 */
	int spread;     /* the detail's IQR and MAD columns */
	double inst_min; /* the instance column's widest unbreakable piece */
	double runs_w;  /* the detail's runs column, characters */
};

/* The width of text as shown, in characters of half an em (a digit's
 * width in Computer Modern): narrow letters and points less, wide and
 * capital letters more; a UTF-8 sequence one. */
static double text_chars(const char *s, size_t len)
{
	double n = 0;
	size_t i;

	for (i = 0; i < len && s[i]; i++) {
		unsigned char ch = (unsigned char)s[i];

		if ((ch & 0xc0) == 0x80)
			continue;
		if (strchr(".,:;!'il|", ch))
			n += 0.6;
		else if (strchr(" fjrt()[]-", ch))
			n += 0.8;
		else if (strchr("mwMW", ch))
			n += 1.7;
		else if (ch >= 'A' && ch <= 'Z')
			n += 1.5;
		else
			n += 1;
	}
	return n;
}

/* The estimated width in pt of columns of w[] characters at size k. */
static double tex_width(const double *w, size_t ncols, int k)
{
	double sum = 0;
	size_t i;

	for (i = 0; i < ncols; i++)
		sum += w[i] * TEX_SLACK * tex_sizes[k].digit +
		       2 * tex_sizes[k].sep;
	return sum;
}

/* The first try of tex_tries that fits: full[] with the names, abbr[]
 * with letters; with the instance column (column inst, if > 0) on one
 * line, else wrapped at TEX_WRAP_CHARS. */
static void tex_fit(double *full, double *abbr, size_t ncols, size_t inst,
		    struct tex_layout *l)
{
	size_t t;
	int wrap;

	for (wrap = 0; wrap < 3; wrap++) {
		double w = wrap == 1 ? TEX_WRAP_CHARS : l->inst_min;

		if (wrap && (!inst || full[inst] <= w))
			continue;
		if (wrap)
			full[inst] = abbr[inst] = l->inst_w = w;
		for (t = 0; t < NTRIES; t++) {
			l->size = tex_tries[t].size;
			l->letters = tex_tries[t].letters;
			if (tex_width(l->letters ? abbr : full, ncols,
				      l->size) <= TEX_TEXTWIDTH_PT)
				return;
		}
	}
	l->resize = 1;
}

/* The letter of approach s: A..Z, then AA, AB, ... */
static void letter_of(size_t s, char *buf, size_t len)
{
	if (s < 26)
		snprintf(buf, len, "%c", (int)('A' + s));
	else
		snprintf(buf, len, "%c%c", (int)('A' + (s / 26 - 1) % 26),
			 (int)('A' + s % 26));
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

/* What names an instance in a row: its id where it has one, else its
 * hints (without the id build_row appended). */
static void inst_text(const nq_cell *e, const char **s, size_t *len)
{
	if (e->id[0]) {
		*s = e->id;
		*len = strlen(e->id);
	} else {
		*s = e->hints;
		*len = e->hints_len;
	}
}

/* The answer of the instance whose first cell is i: its cells' answer,
 * "varies" when they differ, "" when none answered. */
static const char *inst_answer(const nq_cells *c, size_t i)
{
	const char *a = "";
	size_t j;

	for (j = i; j < c->ncells && (j == i || !first_of_instance(c, j)); j++) {
		const char *b = c->cell[j].answer;

		if (!b[0])
			continue;
		if (!a[0])
			a = b;
		else if (strcmp(a, b))
			return "varies";
	}
	return a;
}

/* Status letters of the glance table's superscripts (runs not ok). */
static const char status_letter[NQ_ST__COUNT] = {
	[NQ_ST_OK] = 0, [NQ_ST_WRONG] = 'W', [NQ_ST_TIMEOUT] = 'T',
	[NQ_ST_MEMOUT] = 'M', [NQ_ST_CRASH] = 'C', [NQ_ST_ERROR] = 'E',
	[NQ_ST_DISPUTED] = 'D', [NQ_ST_SKIPPED] = 'S',
};

/* A glance cell: the median with its marks, "0.0123$^\dagger$" and, where
 * runs did not end ok, their counts by letter as a superscript
 * ("\textsuperscript{1T}"); the most common status where no run ended
 * ok; "" where there was no run. Its estimated width in characters in
 * *w. */
static void glance_cell(char *buf, size_t len, const nq_cell *e,
			double scale, double *w)
{
	char v[64], marks[64];
	size_t used = 0;
	int st;

	buf[0] = '\0';
	*w = 0;
	if (!e)
		return;
	if (e->y.count) {
		nq_report_num(v, sizeof v, e->y.median, scale);
		marks[0] = '\0';
		for (st = 1; st < NQ_ST__COUNT; st++)
			if (e->status[st] && used < sizeof marks)
				used += (size_t)snprintf(marks + used,
					sizeof marks - used, "%zu%c",
					e->status[st], status_letter[st]);
		snprintf(buf, len, "%s%s%s%s%s%s", v, nq_stats_noisy(&e->y) ?
			 "$^\\dagger$" : "", NQ_REPORT_TEX_MIXED(e),
			 marks[0] ? "\\textsuperscript{" : "", marks,
			 marks[0] ? "}" : "");
		*w = text_chars(v, strlen(v)) + nq_stats_noisy(&e->y) +
		     (e->hosts > 1) + 0.7 * text_chars(marks, strlen(marks));
	} else {
		int top = NQ_ST_OK;

		for (st = 1; st < NQ_ST__COUNT; st++)
			if (e->status[st] > e->status[top])
				top = st;
		snprintf(buf, len, "%s%s", nq_status_name((nq_status)top),
			 NQ_REPORT_TEX_MIXED(e));
		*w = (double)strlen(nq_status_name((nq_status)top)) +
		     (e->hosts > 1);
	}
}

/* The widest piece of a runs text ("2 ok, 1 timeout": "1 timeout"), in
 * characters. */
static double widest_piece(const char *s)
{
	double w = 0;
	const char *p;

	for (; *s; s = *p ? p + 2 : p) {
		p = strstr(s, ", ");
		if (!p)
			p = s + strlen(s);
		if (text_chars(s, (size_t)(p - s)) + 1 > w)
			w = text_chars(s, (size_t)(p - s)) + 1; /* the comma */
	}
	return w;
}

static double max_d(double a, double b)
{
	return a > b ? a : b;
}

/* The instance and answer columns of mode m: which, and how wide. */
static void tex_columns(const nq_cells *c, size_t m, struct tex_layout *l,
			double *inst_w, double *ans_w, double *n_w)
{
	size_t i, len;
	const char *s;
	char nb[16];

	*inst_w = *ans_w = 0;
	*n_w = 1;
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *e = &c->cell[i];

		if (e->mode != m)
			continue;
		if (e->id[0])
			l->inst = 2;
		else if (e->hints_len && !l->inst)
			l->inst = 1;
		inst_text(e, &s, &len);
		*inst_w = max_d(*inst_w, text_chars(s, len));
		{
			size_t a = 0, b;

			/* ids break after a hyphen, hints at a space */
			for (b = 0; b <= len; b++)
				if (b == len || s[b] == '-' || s[b] == ' ') {
					l->inst_min = max_d(l->inst_min,
						text_chars(s + a, b - a) + 1);
					a = b + 1;
				}
		}
		if (e->answer[0]) {
			l->answer = 1;
			*ans_w = max_d(*ans_w, (double)strlen(e->answer));
		}
		*n_w = max_d(*n_w, (double)snprintf(nb, sizeof nb, "%d", e->n));
	}
	if (l->inst)
		*inst_w = max_d(*inst_w, l->inst == 2 ? 8 : 5);
	l->inst_w = *inst_w;
	*ans_w = max_d(*ans_w, 6); /* the head "answer" */
	*n_w = max_d(*n_w, 1.5);
}

/* The widths (characters) of mode m's glance columns: the instance's
 * (n, instance, answer: *nfixed of them), then one per approach, with
 * the approaches' names (full) and letters (abbr). Both malloc'd (NULL
 * when out of memory). */
static void glance_widths(const struct nq_report_ctx *x, size_t m,
			  double scale, struct tex_layout *l, double **full,
			  double **abbr, size_t *nfixed)
{
	const nq_cells *c = x->c;
	double inst_w, ans_w, n_w, w, *f, *a;
	size_t i, s, k = 0;
	char buf[256], letter[8];

	memset(l, 0, sizeof *l);
	tex_columns(c, m, l, &inst_w, &ans_w, &n_w);
	*full = f = malloc((c->nseries + 3) * sizeof *f);
	*abbr = a = malloc((c->nseries + 3) * sizeof *a);
	if (!f || !a) {
		free(f);
		free(a);
		*full = *abbr = NULL;
		return;
	}
	f[k] = a[k] = n_w;
	k++;
	if (l->inst) {
		f[k] = a[k] = inst_w;
		k++;
	}
	if (l->answer) {
		f[k] = a[k] = ans_w;
		k++;
	}
	*nfixed = k;
	for (s = 0; s < c->nseries; s++) {
		letter_of(s, letter, sizeof letter);
		f[k + s] = text_chars(c->series[s], strlen(c->series[s]));
		a[k + s] = (double)strlen(letter);
	}
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *e = &c->cell[i];

		if (e->mode != m)
			continue;
		glance_cell(buf, sizeof buf, e, scale, &w);
		f[k + e->series] = max_d(f[k + e->series], w);
		a[k + e->series] = max_d(a[k + e->series], w);
	}
}

/* The layout of mode m's glance table of approaches s0..s1-1 (widths
 * from glance_widths). */
static void glance_fit(const struct nq_report_ctx *x, size_t m,
		       const struct tex_layout *base, const double *full,
		       const double *abbr, size_t nfixed, size_t s0, size_t s1,
		       struct tex_layout *l)
{
	const nq_cells *c = x->c;
	double *f = malloc((nfixed + s1 - s0 + 1) * sizeof *f);
	double *a = malloc((nfixed + s1 - s0 + 1) * sizeof *a);

	*l = *base;
	l->s0 = s0;
	l->s1 = s1;
	if (f && a) {
		memcpy(f, full, nfixed * sizeof *f);
		memcpy(a, abbr, nfixed * sizeof *a);
		memcpy(f + nfixed, full + nfixed + s0, (s1 - s0) * sizeof *f);
		memcpy(a + nfixed, abbr + nfixed + s0, (s1 - s0) * sizeof *a);
		tex_fit(f, a, nfixed + s1 - s0, l->inst ? 1 : 0, l);
	} else {
		l->size = 2;
		l->letters = 1;
	}
	free(f);
	free(a);
	/* in its place, before the detail: a longtable when the detail is
	 * one (a float would drift past it, pages on) */
	l->longt = tex_rows(c, m, 1) > NQ_REPORT_LONGTABLE_ROWS ||
		   tex_rows(c, m, 0) > NQ_REPORT_LONGTABLE_ROWS;
}

/* Mode m's glance tables: the approaches in as few consecutive groups
 * as fit the width (one, unless even letters at \scriptsize are too
 * wide), each group's layout into l[] (at most c->nseries); how many. */
static size_t glance_layouts(const struct nq_report_ctx *x, size_t m,
			     double scale, struct tex_layout *l)
{
	const nq_cells *c = x->c;
	struct tex_layout base, t;
	double *full, *abbr;
	size_t nfixed = 0, s0 = 0, s1, n = 0;

	glance_widths(x, m, scale, &base, &full, &abbr, &nfixed);
	if (!full) {
		base.s0 = 0;
		base.s1 = c->nseries;
		base.size = 2;
		base.letters = 1;
		l[0] = base;
		return 1;
	}
	while (s0 < c->nseries) {
		/* the longest run of approaches from s0 that fits */
		glance_fit(x, m, &base, full, abbr, nfixed, s0, s0 + 1, &l[n]);
		for (s1 = s0 + 2; s1 <= c->nseries; s1++) {
			glance_fit(x, m, &base, full, abbr, nfixed, s0, s1, &t);
			if (t.resize)
				break;
			l[n] = t;
		}
		s0 = l[n].s1;
		n++;
	}
	/* as even as the groups can be: 3 and 3, not 5 and 1 */
	if (n > 1) {
		size_t per = (c->nseries + n - 1) / n, g;
		int fits = 1;

		for (g = 0; g < n && fits; g++) {
			s1 = (g + 1) * per < c->nseries ? (g + 1) * per :
			     c->nseries;
			glance_fit(x, m, &base, full, abbr, nfixed, g * per, s1,
				   &t);
			fits = !t.resize || s1 - g * per == 1;
		}
		for (g = 0; g < n && fits; g++) {
			s1 = (g + 1) * per < c->nseries ? (g + 1) * per :
			     c->nseries;
			glance_fit(x, m, &base, full, abbr, nfixed, g * per, s1,
				   &l[g]);
		}
	}
	free(full);
	free(abbr);
	return n;
}

/* The layout of mode m's detail table. */
static void detail_layout(const struct nq_report_ctx *x, size_t m,
			  double scale, struct tex_layout *l)
{
	const nq_cells *c = x->c;
	double full[10], abbr[10], inst_w, ans_w, n_w, w_inst;
	size_t i, k = 0, j;
	char letter[8];

	memset(l, 0, sizeof *l);
	tex_columns(c, m, l, &inst_w, &ans_w, &n_w);
	l->answer = 0;
	l->s1 = c->nseries;
	full[k] = abbr[k] = n_w;
	k++;
	if (l->inst) {
		full[k] = abbr[k] = inst_w;
		k++;
	}
	full[k] = 8;  /* "approach" */
	abbr[k] = 8;
	for (i = 0; i < c->nseries; i++) {
		letter_of(i, letter, sizeof letter);
		full[k] = max_d(full[k], text_chars(c->series[i],
						    strlen(c->series[i])));
	}
	k++;
	for (j = 0; j < 7; j++)
		full[k + j] = abbr[k + j] = 3; /* "IQR", "MAD" */
	full[k + 5] = abbr[k + 5] = 8;         /* "speed-up" */
	l->runs_w = 4;                         /* "runs", "3 ok," */
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *e = &c->cell[i];
		struct nq_report_row r;
		const char *v[6];

		if (e->mode != m)
			continue;
		nq_report_row_of(x, m, e, scale, &r);
		v[0] = r.med;
		v[1] = r.mn;
		v[2] = r.mx;
		v[3] = r.iqr;
		v[4] = r.mad;
		v[5] = r.sp;
		for (j = 0; j < 6; j++) {
			double w = text_chars(v[j], strlen(v[j]));

			if (j == 0)
				w += nq_stats_noisy(&e->y) + (e->hosts > 1);
			if (j == 5 && strstr(v[j], "$\\times$"))
				w -= 7; /* "$\times$" is one character */
			if (j == 5 && strstr(v[j], "$>$"))
				w -= 2;
			full[k + j] = max_d(full[k + j], w);
			abbr[k + j] = full[k + j];
		}
		l->runs_w = max_d(l->runs_w, widest_piece(r.st));
	}
	full[k + 6] = abbr[k + 6] = l->runs_w;
	l->spread = 1;
	w_inst = full[1];
	tex_fit(full, abbr, k + 7, l->inst ? 1 : 0, l);
	if (l->resize) {
		if (l->inst)
			full[1] = abbr[1] = l->inst_w = w_inst;
		/* still too wide: without IQR and MAD (the caption says so;
		 * Markdown has them) */
		memmove(full + k + 3, full + k + 5, 2 * sizeof *full);
		memmove(abbr + k + 3, abbr + k + 5, 2 * sizeof *abbr);
		l->resize = 0;
		l->spread = 0;
		tex_fit(full, abbr, k + 5, l->inst ? 1 : 0, l);
	}
	l->longt = tex_rows(c, m, 0) > NQ_REPORT_LONGTABLE_ROWS;
}

/* ---- writing a table --------------------------------------------------- */

/* One LaTeX table: a float holding a tabular, or a longtable (that breaks
 * across pages and repeats its head). `caption` and `head` are LaTeX
 * already; the label is tab:<experiment>-<mode><suffix>, as a key. */
struct tex_table {
	const struct tex_layout *l;
	char *spec;         /* column spec, e.g. "rl rrr" */
	int ncols;
	char *caption;
	char *head;         /* "$n$ & approach & ..." without the \\ */
	const char *suffix; /* of the label: "", "-glance" */
};

static void tex_begin(const struct nq_report_ctx *x, size_t m,
		      const struct tex_table *t)
{
	const struct tex_size *z = &tex_sizes[t->l->size];
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
		letter_of(s, letter, sizeof letter);
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
			 const struct tex_layout *l)
{
	char letter[8];

	if (l->letters) {
		letter_of(s, letter, sizeof letter);
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
	fprintf(f, "\\parbox[t]{%.1fpt}{\\raggedright ", w * TEX_SLACK *
		tex_sizes[size].digit);
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

	if (text_chars(st, strlen(st)) <= w) {
		tex(f, st);
		return;
	}
	fprintf(f, "\\parbox[t]{%.1fpt}{\\raggedright ", w * TEX_SLACK *
		tex_sizes[size].digit);
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

/* The instance column of a row (cell e). */
static void tex_inst(FILE *f, const nq_cell *e, const struct tex_layout *l)
{
	const char *s;
	size_t len;

	inst_text(e, &s, &len);
	if (!len)
		return;
	if (text_chars(s, len) <= l->inst_w) {
		char *copy = strndup(s, len);

		if (copy)
			tex(f, copy);
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
			"runs that did not end ok: ", status_letter[st],
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
		       const char *unit, const struct tex_layout *l,
		       size_t group, size_t ngroups)
{
	const nq_cells *c = x->c;
	struct tex_table t;
	size_t i, s, sl = 0, hl = 0, ns = l->s1 - l->s0;
	char suffix[32], first[8], last[8];
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
	letter_of(l->s0, first, sizeof first);
	letter_of(l->s1 - 1, last, sizeof last);
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
	fprintf(cap, " $^\\dagger$ noisy: (max$-$min)/median $>$ %g\\%%.%s",
		NQ_NOISY_SPREAD * 100, c->mixed ? NQ_REPORT_TEX_MIXED_NOTE : "");
	fprintf(head, "$n$%s%s", l->inst == 2 ? " & instance" : l->inst ?
		" & hints" : "", l->answer ? " & answer" : "");
	for (s = l->s0; s < l->s1; s++) {
		fputs(" & ", head);
		tex_approach(head, c, s, l);
	}
	fclose(cap);
	fclose(head);
	tex_begin(x, m, &t);
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *row = &c->cell[i];
		char cell[256];
		double w;

		if (row->mode != m || !first_of_instance(c, i))
			continue;
		fprintf(x->f, "%d", row->n);
		if (l->inst) {
			fputs(" & ", x->f);
			tex_inst(x->f, row, l);
		}
		if (l->answer) {
			fputs(" & ", x->f);
			tex(x->f, inst_answer(c, i));
		}
		for (s = l->s0; s < l->s1; s++) {
			glance_cell(cell, sizeof cell, nq_cells_find(c, s, m,
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
void nq_report_tex_glance(const struct nq_report_ctx *x, size_t m,
			  double scale, const char *unit, int hints)
{
	struct tex_layout *l = malloc((x->c->nseries + 1) * sizeof *l);
	size_t g, n;

	(void)hints;
	if (!l)
		return;
	n = glance_layouts(x, m, scale, l);
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
	const struct tex_layout *l = t->l;
	size_t sl = 0, hl = 0;
	FILE *cap, *head;

	if (open_two(&t->caption, &sl, &cap, &t->head, &hl, &head) < 0)
		return -1;
	t->spec = strdup(l->inst ? (l->spread ? "rll rrrrr r l" : "rll rrr r l")
			 : (l->spread ? "rl rrrrr r l" : "rl rrr r l"));
	t->ncols = (l->inst ? 10 : 9) - (l->spread ? 0 : 2);
	t->suffix = "";
	tex(cap, nq_report_mode_title(c->modes[m]));
	fprintf(cap, ". Median %s", nq_report_name_of(c->ycol));
	if (unit[0])
		fprintf(cap, " in %s", unit);
	if (l->spread)
		fprintf(cap, " of the runs that ended ok, their min--max, "
			"interquartile range (IQR) and median absolute "
			"deviation (MAD); speed-up $=$ median of ");
	else
		fprintf(cap, " of the runs that ended ok and their min--max "
			"(IQR and MAD left out here: too wide; the Markdown "
			"report has them); speed-up $=$ median of ");
	tex(cap, c->series[x->base]);
	fprintf(cap, " / median. $^\\dagger$ noisy: (max$-$min)/median "
		"$>$ %g\\%%.%s", NQ_NOISY_SPREAD * 100,
		c->mixed ? NQ_REPORT_TEX_MIXED_NOTE : "");
	fprintf(head, "$n$ & %sapproach & median & min & max & %s"
		"speed-up & runs", l->inst == 2 ? "instance & " :
		l->inst ? "hints & " : "", l->spread ? "IQR & MAD & " : "");
	fclose(cap);
	fclose(head);
	return t->spec ? 0 : -1;
}

void nq_report_tex_detail(const struct nq_report_ctx *x, size_t m,
			  double scale, const char *unit, int hints)
{
	const nq_cells *c = x->c;
	FILE *f = x->f;
	struct tex_layout l;
	struct tex_table t;
	size_t i;
	int prev_n = -1;
	const char *prev_h = NULL;

	(void)hints;
	detail_layout(x, m, scale, &l);
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
		if (l.inst) {
			if (first_of_group)
				tex_inst(f, e, &l);
			fputs(" & ", f);
		}
		tex_approach(f, c, e->series, &l);
		fprintf(f, " & %s%s%s & %s & %s & ", r.med,
			nq_stats_noisy(&e->y) ? "$^\\dagger$" : "",
			NQ_REPORT_TEX_MIXED(e), r.mn, r.mx);
		if (l.spread)
			fprintf(f, "%s & %s & ", r.iqr, r.mad);
		fprintf(f, "%s & ", r.sp);
		tex_runs(f, r.st, l.runs_w, l.size);
		fputs(" \\\\\n", f);
	}
	tex_end(x, &t);
	free(t.caption);
	free(t.head);
	free(t.spec);
}

void nq_report_tex_preamble(const struct nq_report_ctx *x)
{
	const nq_cells *c = x->c;
	FILE *f = x->f;
	struct tex_layout *g = malloc((c->nseries + 1) * sizeof *g), d;
	size_t m, i, n;
	int longt = 0, resize = 0;

	for (m = 0; g && m < c->nmodes; m++) {
		n = glance_layouts(x, m, 1, g);
		for (i = 0; i < n; i++) {
			longt |= g[i].longt;
			resize |= g[i].resize && !g[i].longt;
		}
		detail_layout(x, m, 1, &d);
		longt |= d.longt;
		resize |= d.resize && !d.longt;
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
		"the text is shrunk to it)" : "", TEX_TEXTWIDTH_PT,
		NQ_REPORT_SIG, x->time ? ", times in seconds" : "");
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
