/* report_fit.c - see report_fit.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cells.h"
#include "report_fit.h"

/* ---- fitting the text width -------------------------------------- */

/* A table is laid out for a text width of NQ_TEX_TEXTWIDTH_PT (article's
 * at 10 pt; a wider one only leaves room). Widths are estimated from the
 * text in digits (nq_tex_chars: other characters count as wider or
 * narrower), a digit as wide as Computer Modern's at the size (its
 * smaller sizes are wider for their size: cmr7's digit is 4.07 pt, not
 * 3.5), with NQ_TEX_SLACK to spare, so an estimate that fits fits. The
 * first layout that fits, in order: the approaches' names at \small,
 * \footnotesize, \scriptsize, then letters (A, B, ...; a key below the
 * table names them) at the same sizes: a name is what a reader looks
 * for, a letter only where names do not fit. Hints wrap at their spaces
 * before letters are used; a generated instance's id never wraps (a
 * reader copies it whole). A glance table that does not fit even so is
 * split into tables of consecutive approaches; a detail table loses its
 * speed-up interval (with names, before it tries letters), and a float
 * that still does not fit is shrunk to the width with \resizebox
 * (graphicx; the preamble comment says when it is needed). */
/* A text column (instance, runs) wraps past this many characters. */
#define TEX_WRAP_CHARS 14

const struct nq_tex_size nq_tex_sizes[NQ_TEX_NSIZES] = {
	{ "\\small", 4.63, 4 }, { "\\footnotesize", 4.25, 3 },
	{ "\\scriptsize", 4.07, 2 },
};

static const struct {
	int size, letters;
} tex_tries[] = { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 0, 1 }, { 1, 1 },
		  { 2, 1 } };
#define NTRIES (sizeof tex_tries / sizeof tex_tries[0])

/* The width of text as shown, in characters of half an em (a digit's
 * width in Computer Modern): narrow letters and points less, wide and
 * capital letters more; a UTF-8 sequence one. */
double nq_tex_chars(const char *s, size_t len)
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
		sum += w[i] * NQ_TEX_SLACK * nq_tex_sizes[k].digit +
		       2 * nq_tex_sizes[k].sep;
	return sum;
}

/* The first try of tex_tries that fits: full[] with the names, abbr[]
 * with letters (only if letters_ok); with the instance column (column
 * inst, if > 0) on one line, else, for hints (never an id), wrapped at
 * TEX_WRAP_CHARS. l->resize when none fits. */
static void tex_fit(double *full, double *abbr, size_t ncols, size_t inst,
		    int letters_ok, struct nq_tex_layout *l)
{
	size_t t;
	int wrap;

	l->resize = 0;
	for (wrap = 0; wrap < 3; wrap++) {
		double w = wrap == 1 ? TEX_WRAP_CHARS : l->inst_min;

		if (wrap && (!inst || l->inst != 1 || full[inst] <= w))
			continue;
		if (wrap)
			full[inst] = abbr[inst] = l->inst_w = w;
		for (t = 0; t < NTRIES; t++) {
			l->size = tex_tries[t].size;
			l->letters = tex_tries[t].letters;
			if (l->letters && !letters_ok)
				continue;
			if (tex_width(l->letters ? abbr : full, ncols,
				      l->size) <= NQ_TEX_TEXTWIDTH_PT)
				return;
		}
	}
	l->resize = 1;
}

double nq_tex_head_chars(const char *name)
{
	const char *slash = strchr(name, '/');
	double a, b;

	if (!slash)
		return nq_tex_chars(name, strlen(name));
	a = nq_tex_chars(name, (size_t)(slash - name) + 1);
	b = nq_tex_chars(slash + 1, strlen(slash + 1));
	return a > b ? a : b;
}

/* The letter of approach s: A..Z, then AA, AB, ... */
void nq_tex_letter(size_t s, char *buf, size_t len)
{
	if (s < 26)
		snprintf(buf, len, "%c", (int)('A' + s));
	else
		snprintf(buf, len, "%c%c", (int)('A' + (s / 26 - 1) % 26),
			 (int)('A' + s % 26));
}

/* Is cell i the first of its instance (mode, hints, n) in the sorted
 * cells? */
int nq_tex_first_of_instance(const nq_cells *c, size_t i)
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
		if (c->cell[i].mode == m && (!glance || nq_tex_first_of_instance(c, i)))
			rows++;
	return rows;
}

/* What names an instance in a row: its id where it has one, else its
 * hints (without the id build_row appended). */
void nq_tex_inst_text(const nq_cell *e, const char **s, size_t *len)
{
	/* the id, but the hints where the id is the one made of them */
	if (e->id[0] && !(e->hints_len && nq_cell_id_made(e))) {
		*s = e->id;
		*len = strlen(e->id);
	} else {
		*s = e->hints;
		*len = e->hints_len;
	}
}

/* Status letters of the glance table's superscripts (runs not ok). */
const char nq_tex_status_letter[NQ_ST__COUNT] = {
	[NQ_ST_OK] = 0, [NQ_ST_WRONG] = 'W', [NQ_ST_TIMEOUT] = 'T',
	[NQ_ST_MEMOUT] = 'M', [NQ_ST_CRASH] = 'C', [NQ_ST_ERROR] = 'E',
	[NQ_ST_DISPUTED] = 'D', [NQ_ST_SKIPPED] = 'S', [NQ_ST_UNSOLVED] = 'U',
};

/* A glance cell: the median with its marks, "0.0123$^\dagger$" and, where
 * runs did not end ok, their counts by letter as a superscript
 * ("\textsuperscript{1T}"); the most common status where no run ended
 * ok; "" where there was no run. Its estimated width in characters in
 * *w. */
void nq_tex_glance_cell(char *buf, size_t len, const nq_cell *e,
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
					e->status[st], nq_tex_status_letter[st]);
		snprintf(buf, len, "%s%s%s%s%s%s", v, nq_stats_noisy(&e->y) ?
			 "$^\\dagger$" : "", NQ_REPORT_TEX_MIXED(e),
			 marks[0] ? "\\textsuperscript{" : "", marks,
			 marks[0] ? "}" : "");
		*w = nq_tex_chars(v, strlen(v)) + nq_stats_noisy(&e->y) +
		     (e->hosts > 1) + 0.7 * nq_tex_chars(marks, strlen(marks));
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
		if (nq_tex_chars(s, (size_t)(p - s)) + 1 > w)
			w = nq_tex_chars(s, (size_t)(p - s)) + 1; /* the comma */
	}
	return w;
}

static double max_d(double a, double b)
{
	return a > b ? a : b;
}

/* The instance and answer columns of mode m: which, and how wide. */
static void tex_columns(const nq_cells *c, size_t m, struct nq_tex_layout *l,
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
		nq_tex_inst_text(e, &s, &len);
		*inst_w = max_d(*inst_w, nq_tex_chars(s, len));
		{
			size_t a = 0, b;

			/* ids break after a hyphen, hints at a space */
			for (b = 0; b <= len; b++)
				if (b == len || s[b] == '-' || s[b] == ' ') {
					l->inst_min = max_d(l->inst_min,
						nq_tex_chars(s + a, b - a) + 1);
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
			  double scale, struct nq_tex_layout *l, double **full,
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
		nq_tex_letter(s, letter, sizeof letter);
		f[k + s] = nq_tex_head_chars(c->series[s]);
		a[k + s] = (double)strlen(letter);
	}
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *e = &c->cell[i];

		if (e->mode != m)
			continue;
		nq_tex_glance_cell(buf, sizeof buf, e, scale, &w);
		f[k + e->series] = max_d(f[k + e->series], w);
		a[k + e->series] = max_d(a[k + e->series], w);
	}
}

/* The layout of mode m's glance table of approaches s0..s1-1 (widths
 * from glance_widths). */
static void glance_fit(const struct nq_report_ctx *x, size_t m,
		       const struct nq_tex_layout *base, const double *full,
		       const double *abbr, size_t nfixed, size_t s0, size_t s1,
		       struct nq_tex_layout *l)
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
		tex_fit(f, a, nfixed + s1 - s0, l->inst ? 1 : 0, 1, l);
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
size_t nq_tex_glance_layouts(const struct nq_report_ctx *x, size_t m,
			     double scale, struct nq_tex_layout *l)
{
	const nq_cells *c = x->c;
	struct nq_tex_layout base, t;
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
void nq_tex_detail_layout(const struct nq_report_ctx *x, size_t m,
			  double scale, struct nq_tex_layout *l)
{
	const nq_cells *c = x->c;
	double full[10], abbr[10], nfull[10], nabbr[10], inst_w, ans_w, n_w;
	double w_inst;
	size_t i, k = 0, j;
	int try;
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
		nq_tex_letter(i, letter, sizeof letter);
		full[k] = max_d(full[k], nq_tex_chars(c->series[i],
						    strlen(c->series[i])));
	}
	k++;
	for (j = 0; j < 7; j++)
		full[k + j] = abbr[k + j] = 4; /* "low", "high" */
	full[k + 5] = abbr[k + 5] = 8;         /* "speed-up" */
	l->runs_w = 4;                         /* "runs", "3 ok," */
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *e = &c->cell[i];
		struct nq_report_row r;
		const char *v[6];

		if (e->mode != m)
			continue;
		char lo[64], hi[64], slo[64], shi[64];

		nq_report_row_of(x, m, e, scale, &r);
		nq_report_ci_ends(r.ci, lo, hi, sizeof lo);
		nq_report_ci_ends(r.spci, slo, shi, sizeof slo);
		v[0] = r.med;
		v[1] = lo;
		v[2] = hi;
		v[3] = slo;
		v[4] = shi;
		v[5] = r.sp;
		for (j = 0; j < 6; j++) {
			double w = nq_tex_chars(v[j], strlen(v[j]));

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
	/* names with the speed-up's interval, names without it, then the
	 * same with letters; shrunk (resize) when none fits */
	w_inst = full[1];
	memcpy(nfull, full, sizeof full);
	memcpy(nabbr, abbr, sizeof abbr);
	memmove(nfull + k + 3, nfull + k + 5, 2 * sizeof *nfull);
	memmove(nabbr + k + 3, nabbr + k + 5, 2 * sizeof *nabbr);
	for (try = 0; try < 4; try++) {
		if (l->inst)
			full[1] = abbr[1] = nfull[1] = nabbr[1] = l->inst_w =
				w_inst;
		l->spread = !(try & 1);
		tex_fit(l->spread ? full : nfull, l->spread ? abbr : nabbr,
			k + (l->spread ? 7 : 5), l->inst ? 1 : 0, try >= 2, l);
		if (!l->resize)
			break;
	}
	l->longt = tex_rows(c, m, 0) > NQ_REPORT_LONGTABLE_ROWS;
}

