/*
 * plot_common.c - see plot_common.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "plot_common.h"

static const char *const kind_names[NQ_PLOT__COUNT] = {
	"time", "cactus", "size", "solubility", "scatter"
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

/* Series colours, cycled. */
static const char *const colours[] = {
	"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
	"#e377c2", "#17becf"
};
#define NCOLOURS (sizeof colours / sizeof colours[0])

/* Picture types by extension. */
static const struct {
	const char *ext, *term;
	int w, h;  /* one panel */
} terms[] = {
	{ ".svg", "svg dynamic noenhanced font 'Helvetica,14' background rgb 'white'", 640, 580 },
	{ ".png", "pngcairo noenhanced font 'Helvetica,12' background rgb 'white'", 640, 580 },
	{ ".pdf", "pdfcairo noenhanced font 'Helvetica,10'", 5, 4 },
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

void nq_plot_setup(FILE *f, const nq_plot_opts *o, int term,
			 const char *target, int npanels, const char *title)
{
	int w = terms[term].w * (npanels > 1 ? npanels : 1);
	int h = terms[term].h;

	if (!strcmp(terms[term].ext, ".pdf"))
		fprintf(f, "set terminal %s size %din,%din\n", terms[term].term,
			w, h);
	else
		fprintf(f, "set terminal %s size %d,%d\n", terms[term].term, w, h);
	fputs("set encoding utf8\nset output ", f);
	nq_plot_str(f, target);
	fputc('\n', f);
	(void)o;
	fputs("set grid xtics ytics mytics lc rgb '#dddddd' lw 1 dt 1\n"
	      "set border 3 lc rgb '#444444'\nset xtics nomirror\n"
	      "set ytics nomirror\nset key top left Left reverse samplen 2 "
	      "spacing 1.1 opaque box lc rgb '#cccccc'\n"
	      "set tmargin 3\nset bmargin 4\n", f);
	fprintf(f, "set multiplot layout 1,%d title ", npanels > 1 ? npanels : 1);
	nq_plot_str(f, title);
	fputs(" font ',16'\n", f);
}

/* The rgb of series s as the integer gnuplot's `lc rgb variable` reads. */
long nq_plot_rgb(size_t s)
{
	return strtol(colours[s % NCOLOURS] + 1, NULL, 16);
}

const char *nq_plot_colour(size_t s)
{
	return colours[s % NCOLOURS];
}
