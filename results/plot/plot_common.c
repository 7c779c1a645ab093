/*
 * plot_common.c - see plot_common.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cells.h"
#include "plot_common.h"

static const char *const kind_names[NQ_PLOT__COUNT] = {
	"time", "cactus", "size", "solubility", "scatter", "rtd"
};

int nq_plot_kind_from_name(const char *name)
{
	int k;

	for (k = 0; k < NQ_PLOT__COUNT; k++)
		if (!strcmp(kind_names[k], name))
			return k;
	return -1;
}

const char *nq_plot_kind_name(nq_plot_kind k)
{
	return k < NQ_PLOT__COUNT ? kind_names[k] : "?";
}


/* Picture types by extension. */
static const struct {
	const char *ext, *term;
	int w, h;  /* one panel */
	double font; /* the font's size in term */
} terms[] = {
	{ ".svg", "svg dynamic noenhanced font 'Helvetica,14' background rgb 'white'", NQ_PLOT_PANEL_W, NQ_PLOT_PANEL_H, 14 },
	{ ".png", "pngcairo noenhanced font 'Helvetica,12' background rgb 'white'", NQ_PLOT_PANEL_W, NQ_PLOT_PANEL_H, 12 },
	/* pdfcairo draws a font 4/3 of its size (as at 96 dpi): 7.5 is a
	 * paper's 10 pt */
	{ ".pdf", "pdfcairo noenhanced font 'Helvetica,7.5'", 5, 4, 7.5 }, /* in */
};

static const char *ext_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *dot = strrchr(path, '.');

	if (!dot || (slash && dot < slash) || dot == path ||
	    (slash && dot == slash + 1))
		return NULL;
	return dot;
}

void nq_path_with_ext(const char *in, const char *ext, char *buf, size_t len)
{
	const char *dot = ext_of(in);
	int base = dot ? (int)(dot - in) : (int)strlen(in);

	snprintf(buf, len, "%.*s%s", base, in, ext);
}

void nq_plot_path(const char *out, nq_plot_kind kind, char *buf, size_t len)
{
	const char *dot = ext_of(out);
	int base = dot ? (int)(dot - out) : (int)strlen(out);

	if (kind == NQ_PLOT_TIME)
		snprintf(buf, len, "%s", out);
	else
		snprintf(buf, len, "%.*s-%s%s", base, out, nq_plot_kind_name(kind),
			 dot ? dot : "");
}

int nq_plot_term_of(const char *path)
{
	const char *e = ext_of(path);
	size_t i;

	for (i = 0; e && i < sizeof terms / sizeof terms[0]; i++)
		if (!strcasecmp(e, terms[i].ext))
			return (int)i;
	return -1;
}

/* A gnuplot single-quoted string. */
void nq_plot_str(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', f);
		if (*s != '\n' && *s != '\r')
			fputc(*s, f);
	}
	fputc('\'', f);
}

int nq_plot_size_parse(const char *text, nq_plot_opts *o, nq_error *err)
{
	const char *given = text;
	char *end;
	double w, h, per_inch = 0;

	w = strtod(text, &end);
	if (end == text || (*end != 'x' && *end != 'X'))
		goto bad;
	text = end + 1;
	h = strtod(text, &end);
	if (end == text)
		goto bad;
	if (!strcmp(end, "in"))
		per_inch = 1;
	else if (!strcmp(end, "cm"))
		per_inch = 2.54;
	else if (*end && strcmp(end, "px"))
		goto bad;
	if (!(w > 0) || !(h > 0) || w > 1e6 || h > 1e6)
		goto bad;
	o->size_inches = per_inch > 0;
	o->width = per_inch > 0 ? w / per_inch : w;
	o->height = per_inch > 0 ? h / per_inch : h;
	return 0;
bad:
	return nq_error_set(err, NULL, 0, 0, "--size is WIDTHxHEIGHT in px "
			    "(1920x1080), or with in or cm (6x4in, 16x12cm), "
			    "not '%s'", given);
}

/* The picture's size: px (PNG, SVG) or inches (PDF), into *w, *h. */
static void picture_size(const nq_plot_opts *o, int term, int npanels,
			 double *w, double *h)
{
	int pdf = !strcmp(terms[term].ext, ".pdf");
	double dpi = o->dpi > 0 && !strcmp(terms[term].ext, ".png") ?
		     o->dpi : 96;

	if (npanels < 1)
		npanels = 1;
	if (o->width <= 0) {
		*w = terms[term].w * npanels * (pdf ? 1 : dpi / 96);
		*h = terms[term].h * (pdf ? 1 : dpi / 96);
	} else if (pdf) {
		*w = o->size_inches ? o->width : o->width / 96;
		*h = o->size_inches ? o->height : o->height / 96;
	} else {
		*w = o->size_inches ? o->width * dpi : o->width;
		*h = o->size_inches ? o->height * dpi : o->height;
	}
}

/* How much smaller the fonts are than the terminal's: a picture
 * narrower than 560 px at 96 dpi (a paper's column, 3.5 in) has them
 * shrunk with it, to no less than 0.55 (12 pt becomes 6.6), so its axes
 * and key still fit. (The picture's width, not a panel's: three panels
 * on a 1280 px slide keep their fonts.) */
static double font_shrink(const nq_plot_opts *o, int term, int npanels)
{
	double w, h, pw, s;

	picture_size(o, term, npanels, &w, &h);
	if (!strcmp(terms[term].ext, ".pdf"))
		pw = w * 96;
	else if (!strcmp(terms[term].ext, ".png") && o->dpi > 0)
		pw = w / (o->dpi / 96.0);
	else
		pw = w;
	s = pw / 560;
	return s > 1 ? 1 : s < 0.55 ? 0.55 : s;
}

int nq_plot_size_check(const nq_plot_opts *o, nq_error *err)
{
	int term = nq_plot_term_of(o->output ? o->output : "");
	double w, h;

	if (o->dpi && term >= 0 && strcmp(terms[term].ext, ".png"))
		return nq_error_set(err, NULL, 0, 0, "--dpi is for PNG pictures "
				    "(%s is a vector picture: --size alone sets "
				    "it)", terms[term].ext + 1);
	if (term < 0 || o->width <= 0)
		return 0;
	picture_size(o, term, 1, &w, &h);
	if (!strcmp(terms[term].ext, ".pdf")) {
		if (w < 1 || h < 1 || w > 200 || h > 200)
			return nq_error_set(err, NULL, 0, 0, "--size: a PDF of "
					    "%.3gx%.3g in is outside 1x1..200x200 "
					    "in", w, h);
		return 0;
	}
	if (w < NQ_PLOT_PX_MIN || h < NQ_PLOT_PX_MIN || w > NQ_PLOT_PX_MAX ||
	    h > NQ_PLOT_PX_MAX)
		return nq_error_set(err, NULL, 0, 0, "--size: %.0fx%.0f px is "
				    "outside %dx%d..%dx%d px", w, h,
				    NQ_PLOT_PX_MIN, NQ_PLOT_PX_MIN,
				    NQ_PLOT_PX_MAX, NQ_PLOT_PX_MAX);
	return 0;
}

/* The key's font against the axes': smaller in a shrunk picture, where
 * a dozen approaches' names would otherwise take half of it. */
static double key_font(const nq_plot_opts *o, int term, int npanels)
{
	return font_shrink(o, term, npanels) < 1 ? 0.8 : 1;
}

/* The axes' font in the picture's units (px, or inches for a PDF): a
 * PNG's points are 4/3 px at 96 dpi. */
static double em_of(const nq_plot_opts *o, int term, int npanels)
{
	double font;

	if (!strcmp(terms[term].ext, ".pdf"))
		font = 10.0 / 72; /* its 7.5, drawn 10 pt (terms[]) */
	else if (!strcmp(terms[term].ext, ".png"))
		font = 16.0 * (o->dpi > 0 ? o->dpi / 96.0 : 1);
	else
		font = 15;
	return font * font_shrink(o, term, npanels);
}

/* The sizes the script writes (14 pt a panel's title, ...) are a PNG's
 * and an SVG's; a PDF's font is 0.75 of theirs (terms[]). */
static double rel_of(int term)
{
	return !strcmp(terms[term].ext, ".pdf") ? 0.75 : 1;
}

/* The terminal line, output, grid and the multiplot with its title. */
static void terminal(FILE *f, const nq_plot_opts *o, int term,
		     const char *target, int npanels, double w, double h,
		     const char *title)
{
	double scale, shrink = font_shrink(o, term, npanels);
	double tf = 16, width;

	if (!strcmp(terms[term].ext, ".pdf"))
		fprintf(f, "set terminal %s size %.3fin,%.3fin fontscale %.3f\n",
			terms[term].term, w, h, shrink);
	else if (!strcmp(terms[term].ext, ".png") && o->dpi > 0 &&
		 o->dpi != 96) {
		/* fonts and lines as they would be on a screen of that dpi */
		scale = o->dpi / 96.0;
		fprintf(f, "set terminal %s size %.0f,%.0f fontscale %.3f "
			"linewidth %.3f\n", terms[term].term, w, h,
			scale * shrink, scale);
	} else if (!strcmp(terms[term].ext, ".svg"))
		/* the font's size itself: gnuplot's SVG spaces lines, margins
		 * and the key at the font's size before fontscale */
		fprintf(f, "set terminal svg dynamic noenhanced font "
			"'Helvetica,%.2f' background rgb 'white' size %.0f,%.0f\n",
			terms[term].font * shrink, w, h);
	else
		fprintf(f, "set terminal %s size %.0f,%.0f fontscale %.3f\n",
			terms[term].term, w, h, shrink);
	fputs("set encoding utf8\nset output ", f);
	nq_plot_str(f, target);
	fputc('\n', f);
	/* the key below the panel, never over a curve */
	fputs("set grid xtics ytics mytics lc rgb '#dddddd' lw 1 dt 1\n"
	      "set border 3 lc rgb '#444444'\nset xtics nomirror\n"
	      "set ytics nomirror\nset key outside below center horizontal "
	      "Left reverse samplen 2 spacing 1.1 noopaque nobox\n"
	      "set tmargin 3\n", f);
	/* the panels placed by nq_plot_panel (origin and size), under
	 * the title's room */
	/* a title wider than the picture in a smaller font, to 10 pt */
	width = strlen(nq_plot_title(o, title)) * 0.55 * tf * rel_of(term) /
		terms[term].font * em_of(o, term, npanels);
	if (width > 0.96 * w)
		tf = tf * 0.96 * w / width < 10 ? 10 : tf * 0.96 * w / width;
	fputs("set multiplot title ", f);
	nq_plot_str(f, nq_plot_title(o, title));
	fprintf(f, " font ',%.1f'\n", tf * rel_of(term) *
		(!strcmp(terms[term].ext, ".svg") ? shrink : 1));
}

/* The title's room (em): a line of its larger font and a gap. */
#define TITLE_EM 2.4
/* A panel smaller than this (em) cannot hold its tick labels, axis
 * label and title apart; a panel is best about 1.1 times as wide as
 * high. */
#define PANEL_MIN_W 14.0
#define PANEL_MIN_H 14.0
#define PANEL_ASPECT 1.1
/* With no height given (a page's figure): panels this wide at least
 * side by side, this high at most. */
#define PANEL_AUTO_W 20.0
#define PANEL_AUTO_H 30.0

/* The grid of `n` panels in an area of aw x ah em: 1 and cols, lines
 * set when they fit at PANEL_MIN_W x PANEL_MIN_H, the one nearest the
 * aspect that fits best (more columns on a tie). */
static int grid(int n, double aw, double ah, int *cols, int *lines)
{
	double best = -1;
	int c;

	for (c = 1; c <= n; c++) {
		int r = (n + c - 1) / c;
		double pw = aw / c, ph = ah / r;
		double score = pw / PANEL_ASPECT < ph ? pw / PANEL_ASPECT : ph;

		if (pw < PANEL_MIN_W || ph < PANEL_MIN_H || score < best)
			continue;
		best = score;
		*cols = c;
		*lines = r;
	}
	return best >= 0;
}

/* How well n panels fill aw x ah em: the least of a panel's width (over
 * the aspect) and height, in the best grid, minimums or not. */
static double fill(int n, double aw, double ah)
{
	double best = 0;
	int c;

	for (c = 1; c <= n; c++) {
		int r = (n + c - 1) / c;
		double pw = aw / c / PANEL_ASPECT, ph = ah / r;

		if ((pw < ph ? pw : ph) > best)
			best = pw < ph ? pw : ph;
	}
	return best;
}

void nq_plot_frame(FILE *f, const nq_plot_opts *o, int term,
		   const char *target, int npanels, const char *const *names,
		   const char *title, size_t entries, size_t widest,
		   nq_plot_key *key)
{
	double w, h, em, kf, cols, rows, aw, ah, key_em, unit, side_w, line;
	/* a key's line (em of its font): gnuplot's SVG spaces them wider
	 * than the cairo terminals */
	double spacing = !strcmp(terms[term].ext, ".svg") ? 1.45 : 1.25;
	int n, c, r;

	memset(key, 0, sizeof *key);
	if (npanels < 1)
		npanels = 1;
	picture_size(o, term, npanels, &w, &h);
	em = em_of(o, term, npanels);
	kf = key_font(o, term, npanels);
	line = spacing * kf;
	key_em = 0;
	if (entries) {
		/* an entry: its sample, a gap and the text, at about 0.6
		 * em a character; fewer columns rather than a key wider than
		 * the page; a key that would take more than half the height
		 * (three dozen curves of a solubility plot) in a smaller
		 * font, to half the axes' */
		for (;;) {
			cols = floor(0.94 * w / ((double)(widest + 6) * 0.6 *
						 em * kf));
			if (cols < 1)
				cols = 1;
			if (cols > (double)entries)
				cols = (double)entries;
			rows = ceil((double)entries / cols);
			key_em = rows * spacing * kf + 0.8;
			if (key_em * em <= 0.5 * h || kf <= 0.5 || h <= 0)
				break;
			kf = kf * 0.9 < 0.5 ? 0.5 : kf * 0.9;
		}
		line = spacing * kf;
		key->rows = (int)rows;
	}
	/* an SVG's sizes are written shrunk (terminal()), a PDF's at
	 * its font's scale */
	key->rel = rel_of(term);
	key->fs = key->rel * (!strcmp(terms[term].ext, ".svg") ?
			      font_shrink(o, term, npanels) : 1);
	key->font = terms[term].font * kf * key->fs / key->rel;
	key->base = terms[term].font;
	aw = w / em;
	if (h <= 0) {
		/* the height the panels need: as many side by side as are
		 * PANEL_AUTO_W wide */
		c = (int)(aw / PANEL_AUTO_W);
		c = c < 1 ? 1 : c > npanels ? npanels : c;
		r = (npanels + c - 1) / c;
		unit = aw / c / PANEL_ASPECT;
		h = (TITLE_EM + key_em + r * (unit < PANEL_AUTO_H ? unit :
					      PANEL_AUTO_H)) * em;
	}
	ah = h / em - TITLE_EM - key_em;
	key->right = 1;
	if (entries && ah < 2 * PANEL_MIN_H) {
		/* a long key under low panels (a slide's or a paper's
		 * width, a dozen approaches): beside them, in as few
		 * columns as the height holds, where that leaves the
		 * panels more room */
		rows = floor((h / em - TITLE_EM - 1) / line);
		cols = ceil((double)entries / (rows < 1 ? 1 : rows));
		side_w = cols * (double)(widest + 6) * 0.6 * kf + 1;
		if (rows >= 1 && aw - side_w >= PANEL_MIN_W &&
		    fill(npanels, aw - side_w, h / em - TITLE_EM) >
		    fill(npanels, aw, ah)) {
			key->rows = (int)ceil((double)entries / cols);
			key->right = 1 - side_w / aw;
			key->side = 1;
			aw -= side_w;
			key_em = 0;
			ah = h / em - TITLE_EM;
		}
	}
	/* the first n panels that fit */
	for (n = npanels; n > 1 && !grid(n, aw, ah, &c, &r); n--)
		;
	if (n == 1 && !grid(1, aw, ah, &c, &r)) {
		/* too low for any panel at its least (a long key): every
		 * panel the width holds in one low row, rather than one */
		n = (int)(aw / PANEL_MIN_W);
		n = n < 1 ? 1 : n > npanels ? npanels : n;
		c = n;
		r = 1;
	}
	key->panels = npanels;
	key->shown = n;
	key->cols = c;
	key->lines = r;
	key->pw = aw / c;
	key->ph = ah / r;
	key->top = 1 - TITLE_EM * em / h;
	key->bottom = key_em * em / h;
	key->key_h = key->side ? key->top : key->bottom;
	if (key->bottom > 0.6)
		key->bottom = 0.6;
	terminal(f, o, term, target, npanels, w, h, title);
	fputs("unset key\n", f);
	if (n < npanels) {
		int i;

		fprintf(stderr, "harness plot: note: %s holds %d of the %d "
			"panels at a size that can be read; left out:",
			o->output ? o->output : "the picture", n, npanels);
		for (i = n; i < npanels; i++) {
			int j;

			/* each name once (rtd's steps, time an instance) */
			for (j = n; names && j < i && strcmp(names[j], names[i]);
			     j++)
				;
			if (!names || j == i)
				fprintf(stderr, "%s %s", i > n ? "," : "",
					names ? names[i] : "?");
		}
		fputs(" (--panel NAME draws one alone; a larger --size holds "
		      "more)\n", stderr);
	}
}

void nq_plot_setup(FILE *f, const nq_plot_opts *o, int term,
		   const char *target, const char *title, nq_plot_key *out)
{
	nq_plot_key key;

	nq_plot_frame(f, o, term, target, 1, NULL, title, 0, 0, &key);
	if (out)
		*out = key;
	/* one panel, its own key (outside below) */
	fputs("set key outside below center horizontal Left reverse "
	      "samplen 2 spacing 1.1 noopaque nobox\n", f);
	fprintf(f, "set origin 0,0\nset size 1,%.4f\n", key.top);
}

int nq_plot_panel(FILE *f, const nq_plot_key *key, int i)
{
	int col, line;
	double w, h;
	const char *yl;

	if (i >= key->shown)
		return -1;
	col = i % key->cols;
	line = i / key->cols;
	w = key->right / key->cols;
	h = (key->top - key->bottom) / key->lines;
	fprintf(f, "set origin %.4f,%.4f\nset size %.4f,%.4f\n", col * w,
		key->top - (line + 1) * h, w, h);
	/* the y label once a row, the long one where it fits the height */
	yl = key->ylabel[0][0] && strlen(key->ylabel[0]) * 0.55 + 2 <=
	     key->ph ? key->ylabel[0] : key->ylabel[1];
	if (yl[0] && !col) {
		fputs("set ylabel ", f);
		nq_plot_str(f, yl);
		fputc('\n', f);
	} else if (yl[0]) {
		fputs("unset ylabel\n", f);
	}
	return 0;
}

int nq_plot_key_panel(FILE *f, const nq_plot_key *key)
{
	if (!key->rows)
		return 0;
	/* a plot of its own over the key's room, nothing drawn but the
	 * key: gnuplot fits a key into its plot's height, and a panel's
	 * is not the key's */
	fprintf(f, "set origin %.4f,0\nset size %.4f,%.4f\n"
		"set lmargin 0\nset rmargin 0\nset tmargin 0\nset bmargin 0\n"
		"unset border\nunset tics\nunset grid\nunset title\n"
		"unset xlabel\nunset ylabel\nunset label\nunset arrow\n"
		"unset logscale\nset xrange [0:1]\nset yrange [0:1]\n"
		"set key inside center center vertical maxrows %d Left reverse "
		"samplen 2 spacing 1.05 width 0 noopaque nobox font ',%.1f'\n"
		"plot NaN notitle", key->side ? key->right : 0,
		1 - (key->side ? key->right : 0), key->key_h, key->rows,
		key->font);
	return 1;
}

void nq_plot_font(FILE *f, const nq_plot_key *key, double pt)
{
	fprintf(f, " font ',%.1f'", pt * key->fs);
}

const char *nq_plot_fits(const nq_plot_key *key, double scale,
			 const char *a, const char *b)
{
	return strlen(a) * 0.6 * scale + 2 <= key->pw ? a : b;
}

double nq_plot_ytick_room(const nq_plot_key *key)
{
	/* the panel less its title, x tick labels and x label */
	double fit = (key->ph - 5.5) / 1.3;

	return fit < 2 ? 2 : fit;
}

double nq_plot_tick_step(const nq_plot_key *key, double span, size_t chars)
{
	/* 4 too: two labels on a narrow panel's 0..0.0047 (0 and 0.004,
	 * where 5 would leave 0 alone) */
	static const double mant[] = { 1, 2, 4, 5 };
	/* the room for the tick labels: the panel less its y axis */
	double room = key->pw - 6, each = (double)chars * 0.6 + 1.2, decade;
	int i = 0;

	if (!(span > 0))
		return 1;
	decade = pow(10, floor(log10(span)) - 2);
	if (room < 2 * each)
		room = 2 * each; /* two labels at least: 0 and one more */
	while (floor(span / (mant[i] * decade)) + 1 > room / each) {
		if (++i == 4) {
			i = 0;
			decade *= 10;
		}
	}
	return mant[i] * decade;
}

int nq_plot_pick(const nq_plot_opts *o, const char *const *names, int n,
		 int *keep, nq_error *err)
{
	char list[512];
	size_t used = 0;
	int i, j, kept = 0;

	for (i = 0; i < n; i++)
		kept += keep[i] = !o->panel || !strcmp(o->panel, names[i]);
	if (kept)
		return kept;
	list[0] = '\0';
	for (i = 0; i < n && used < sizeof list; i++) {
		for (j = 0; j < i && strcmp(names[j], names[i]); j++)
			;
		if (j == i)
			used += (size_t)snprintf(list + used, sizeof list - used,
						 "%s%s", used ? ", " : "",
						 names[i]);
	}
	nq_error_set(err, o->csv, 0, 0, "--panel %s: this %s plot has no such "
		     "panel; its panels: %s", o->panel,
		     nq_plot_kind_name(o->kind), list);
	return -1;
}

int nq_plot_styles(const nq_cells *c, const nq_plot_opts *o, nq_style *out)
{
	size_t n = c->nevery + c->nseries, i;
	const char **l = malloc((n + 1) * sizeof *l);
	nq_style *st = malloc((n + 1) * sizeof *st);

	if (!l || !st) {
		free(l);
		free(st);
		return -1;
	}
	/* every approach of the file weighs, so two figures of one file
	 * tell their approaches apart alike; the shown ones last, for
	 * groupings the file's list does not hold */
	for (i = 0; i < c->nevery; i++)
		l[i] = c->every[i];
	for (i = 0; i < c->nseries; i++)
		l[c->nevery + i] = c->series[i];
	if (nq_style_assign(l, n, o->styles, st) < 0) {
		free(l);
		free(st);
		return -1;
	}
	for (i = 0; i < c->nseries; i++)
		out[i] = st[c->nevery + i];
	free(l);
	free(st);
	return 0;
}

void nq_plot_style(FILE *f, const nq_style *st, int points)
{
	fprintf(f, "lc rgb '%s' dt %d", st->colour, st->dt);
	if (points)
		fprintf(f, " pt %d", st->pt);
}

long nq_plot_style_rgb(const nq_style *st)
{
	return strtol(st->colour + 1, NULL, 16);
}

const char *nq_plot_title(const nq_plot_opts *o, const char *fallback)
{
	return o->title ? o->title : fallback;
}
