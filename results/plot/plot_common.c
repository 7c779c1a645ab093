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
	{ ".pdf", "pdfcairo noenhanced font 'Helvetica,10'", 5, 4, 10 }, /* in */
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

void nq_plot_setup(FILE *f, const nq_plot_opts *o, int term,
			 const char *target, int npanels, const char *title)
{
	double w, h, scale, shrink = font_shrink(o, term, npanels);

	picture_size(o, term, npanels, &w, &h);
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
	} else
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
	fprintf(f, "set multiplot layout 1,%d title ", npanels > 1 ? npanels : 1);
	nq_plot_str(f, nq_plot_title(o, title));
	fputs(" font ',16'\n", f);
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

/* The key's font against the axes': smaller in a shrunk picture, where
 * a dozen approaches' names would otherwise take half of it. */
static double key_font(const nq_plot_opts *o, int term, int npanels)
{
	return font_shrink(o, term, npanels) < 1 ? 0.8 : 1;
}

void nq_plot_key_space(FILE *f, const nq_plot_opts *o, int term,
		       int npanels, size_t entries, size_t widest,
		       nq_plot_key *key)
{
	int pdf = !strcmp(terms[term].ext, ".pdf");
	double w, h, font, cols, rows, frac, kf;

	picture_size(o, term, npanels, &w, &h);
	/* the font's size in the picture's units: px (a PNG's points are
	 * 4/3 px at 96 dpi), or inches for a PDF */
	if (pdf)
		font = 10.0 / 72;
	else if (!strcmp(terms[term].ext, ".png"))
		font = 16.0 * (o->dpi > 0 ? o->dpi / 96.0 : 1);
	else
		font = 15;
	font *= font_shrink(o, term, npanels);
	kf = key_font(o, term, npanels);
	if (entries < 1)
		entries = 1;
	/* an entry: its sample, a gap and the text, at about 0.6 em a
	 * character; fewer columns rather than a key wider than the page */
	cols = floor(0.94 * w / ((double)(widest + 6) * 0.6 * font * kf));
	if (cols < 1)
		cols = 1;
	if (cols > (double)entries)
		cols = (double)entries;
	rows = ceil((double)entries / cols);
	/* the key's lines, the x tics and label above it */
	frac = (rows * 1.25 * kf + 4.2) * font / h;
	if (frac > 0.6)
		frac = 0.6;
	fprintf(f, "set bmargin at screen %.4f\nunset key\n", frac);
	key->rows = (int)rows;
	key->font = terms[term].font * kf;
}

void nq_plot_key_show(FILE *f, const nq_plot_key *key)
{
	fprintf(f, "set key at screen 0.5, screen 0.005 center bottom vertical "
		"maxrows %d Left reverse samplen 2 spacing 1.05 width 0 "
		"noopaque nobox font ',%.1f'\n", key->rows, key->font);
}
