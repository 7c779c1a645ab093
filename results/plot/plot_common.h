/*
 * plot_common.h - what every plot shares (plot.c, solubility.c): the kinds
 * and options, file names and picture types, the script's common setup,
 * gnuplot strings, the approaches' styles (style.h) as gnuplot reads
 * them, the figure's one key.
 */
#ifndef NQ_PLOT_COMMON_H
#define NQ_PLOT_COMMON_H

#include <stdio.h>
#include "error.h"
#include "table.h"
#include "only.h"
#include "style.h"

typedef enum nq_plot_kind {
	NQ_PLOT_TIME = 0,   /* y against n, a line per approach, a panel per mode */
	NQ_PLOT_CACTUS,     /* instances solved against time, per approach */
	NQ_PLOT_SIZE,       /* variables and constraints against n, per encoding */
	NQ_PLOT_SOLUBILITY, /* fraction solvable, median times, against the
			     * family's parameter (solubility.c) */
	NQ_PLOT_SCATTER,    /* approach A against B, a point per instance
			     * (scatter.c) */
	NQ_PLOT_RTD,        /* fraction of runs solved against steps and
			     * time, per randomised approach (rtd.c) */
	NQ_PLOT__COUNT
} nq_plot_kind;

/* nq_plot_draw() errors: bad input (the caller exits 2) or the drawing
 * itself failed (gnuplot missing or failing, output not writable). */
#define NQ_PLOT_EINPUT (-1)
#define NQ_PLOT_EDRAW (-2)

typedef struct nq_plot_opts {
	const char *csv;      /* the table's file, for messages */
	const char *output;   /* .svg, .png or .pdf */
	nq_plot_kind kind;
	const char *y;        /* column; NULL: wall_s (time, cactus) */
	const char *group;    /* series columns; NULL: the approach */
	const char *mode;     /* one mode only; NULL: a panel per mode */
	const nq_only *only;  /* the rows drawn (only.h); NULL: all */
	int scale;            /* -1 auto (log for times, or when values span
			       * more than 100x), 0 linear, 1 log */
	const char *gnuplot;  /* the program; NULL: $NQ_GNUPLOT or gnuplot */
	const char *scatter_a, *scatter_b; /* the scatter plot's approaches
			       * (x, y); NULL: the first two */
	double width, height; /* the whole picture (--size); 0: the default,
			       * NQ_PLOT_PANEL_W x NQ_PLOT_PANEL_H px a panel */
	int size_inches;      /* width and height are inches (else px) */
	int dpi;              /* PNG: px per inch (--dpi); 0: 96 */
	const nq_style_pins *styles; /* approaches' looks pinned (--styles);
			       * NULL: from their labels (style.h) */
	const char *title;    /* the figure's title (--title); NULL: the
			       * experiment's name and what is drawn */
	int logx;             /* 0 auto (log when n spans more than two
			       * decades), 1 log (--logx) */
} nq_plot_opts;

/* A panel's default size in px (PDF: at 96 px per inch). */
#define NQ_PLOT_PANEL_W 640
#define NQ_PLOT_PANEL_H 580
/* --dpi and --size limits. */
#define NQ_PLOT_DPI_MIN 24
#define NQ_PLOT_DPI_MAX 1200
#define NQ_PLOT_PX_MIN 100
#define NQ_PLOT_PX_MAX 20000

/* Parse --size "WxH", "WxHpx", "WxHin" or "WxHcm" (in and cm: the picture
 * size in inches, at the --dpi for PNG) into o. 0, or -1 with a message
 * in err. */
int nq_plot_size_parse(const char *text, nq_plot_opts *o, nq_error *err);
/* Is the picture, at the resolution asked, within the limits (a PNG of
 * inches is inches x dpi px)? 0, or -1 with err set. */
int nq_plot_size_check(const nq_plot_opts *o, nq_error *err);

/* "time", "cactus", "size", "solubility", "scatter", "rtd" -> kind; -1 if
 * unknown. */
int nq_plot_kind_from_name(const char *name);
const char *nq_plot_kind_name(nq_plot_kind k);

/* Where the picture of `kind` goes for base output `out`: the time plot
 * at `out` itself, the others with "-cactus" / "-size" before the
 * extension (reports/x.svg -> reports/x-cactus.svg). */
void nq_plot_path(const char *out, nq_plot_kind kind, char *buf, size_t len);

/* `in` with its extension (if any) replaced by `ext` (".svg"). */
void nq_path_with_ext(const char *in, const char *ext, char *buf, size_t len);

/* The terminal (terms[term] in plot_common.c), output and grid, and a
 * multiplot of npanels side by side titled `title`. */
void nq_plot_setup(FILE *f, const nq_plot_opts *o, int term,
		   const char *target, int npanels, const char *title);
/* s as a gnuplot single-quoted string. */
void nq_plot_str(FILE *f, const char *s);
/* The styles of c's series (out: c->nseries of them), told apart over
 * every approach of the file and pinned by o->styles. 0, or -1 on no
 * memory. */
struct nq_cells;
int nq_plot_styles(const struct nq_cells *c, const nq_plot_opts *o, nq_style *out);
/* "lc rgb '#rrggbb' dt D" and, with points, " pt P". */
void nq_plot_style(FILE *f, const nq_style *st, int points);
long nq_plot_style_rgb(const nq_style *st);
/* The title: o->title when given, else `fallback`. */
const char *nq_plot_title(const nq_plot_opts *o, const char *fallback);
/* The figure's key, as nq_plot_key_space found room for it. */
typedef struct nq_plot_key {
	int rows;
	double font;  /* its font size (pt) */
} nq_plot_key;

/* One key for the whole figure, below the panels across the picture, in
 * as many columns as fit `entries` of about `widest` characters: room
 * for it under every panel, and the key off (the panels after this
 * draw none). Its rows and font into *key, for nq_plot_key_show. */
void nq_plot_key_space(FILE *f, const nq_plot_opts *o, int term,
		       int npanels, size_t entries, size_t widest,
		       nq_plot_key *key);
/* The key on, for the panel drawn next (the last), at the picture's
 * foot: its entries are that panel's titled terms (keyentry ones). */
void nq_plot_key_show(FILE *f, const nq_plot_key *key);
/* The index of the picture type of path's extension, -1 if none. */
int nq_plot_term_of(const char *path);

#endif
