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
	const char *panel;    /* draw this panel alone (--panel; its names:
			       * nq_plot_pick); NULL: every panel */
} nq_plot_opts;

/* A panel's default size in px (PDF: at 96 px per inch). */
#define NQ_PLOT_PANEL_W 640
#define NQ_PLOT_PANEL_H 580
/* A page's plot (report --format html): its width in px, shown at
 * that width (60em of 16 px), its height what its panels need. */
#define NQ_PLOT_PAGE_W 960
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
 * figure of one panel under the title `title` (scatter, solubility:
 * their own key); the panel's size into *out (NULL: not wanted).
 * Figures of several panels: nq_plot_frame. */
struct nq_plot_key;
void nq_plot_setup(FILE *f, const nq_plot_opts *o, int term,
		   const char *target, const char *title,
		   struct nq_plot_key *out);
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
/* At most this many panels in a figure. */
#define NQ_PLOT_PANELS 32

/* A figure of panels: their grid and the one key under them, as
 * nq_plot_frame found room for them. Sizes are in em, the axes' font
 * (its size in the picture). */
typedef struct nq_plot_key {
	int rows;        /* the key's rows */
	double font;     /* its font size (pt) */
	double base;     /* the axes' font size (pt) */
	double fs;       /* sizes in the script are this times theirs
			  * (an SVG's fonts shrunk with its width, a
			  * PDF's at its font's scale: rel) */
	double rel;      /* a PDF's font against a PNG's 14-pt titles */
	int panels;      /* panels asked for */
	int shown;       /* the first `shown` of them fit (the others are
			  * said on stderr) */
	int cols, lines; /* the grid: columns and rows of panels */
	double top, bottom; /* the panels' area, screen fractions */
	double right;    /* ... its right edge: 1, or where a key beside
			  * the panels starts */
	int side;        /* the key beside the panels, not under them */
	double key_h;    /* the key's height, a screen fraction */
	double pw, ph;   /* a panel's width and height (em) */
	char ylabel[2][160]; /* the y axis' label, long and short: on the
			  * first column's panels, the one that fits */
} nq_plot_key;

/* The panels `names[0..n)` of a figure that --panel keeps (all, without
 * it) into keep[] (1 kept); the count kept, or -1 with err naming the
 * panels there are. Names may repeat (one panel per mode of a kind). */
int nq_plot_pick(const nq_plot_opts *o, const char *const *names, int n,
		 int *keep, nq_error *err);
/* The terminal, output, grid and title of a figure of `npanels` panels
 * (named `names`, for the note of panels that do not fit): as many side
 * by side as the width holds at a readable size, in rows where the
 * height holds them, the first that fit when not all do (a note on
 * stderr names the others and --panel); one key under them, in as many
 * columns as fit `entries` of about `widest` characters (entries 0: no
 * key). With o->width given and no height, the height the panels need. */
void nq_plot_frame(FILE *f, const nq_plot_opts *o, int term,
		   const char *target, int npanels, const char *const *names,
		   const char *title, size_t entries, size_t widest,
		   nq_plot_key *key);
/* Panel i's place (and the y label on the first column): -1 it does
 * not fit (draw nothing), else 0. */
int nq_plot_panel(FILE *f, const nq_plot_key *key, int i);
/* After the panels, the figure's key in its room under them: 1 and an
 * open plot command the caller appends its entries to (", keyentry
 * ... title ...") and ends with a newline; 0 when the figure has no
 * key. */
int nq_plot_key_panel(FILE *f, const nq_plot_key *key);
/* `a` if it fits across a panel at `scale` times the axes' font, else
 * `b`. A panel's title is NQ_PLOT_TITLE times the axes' font. */
#define NQ_PLOT_TITLE(k) (14 * (k)->rel / (k)->base)
const char *nq_plot_fits(const nq_plot_key *key, double scale,
			 const char *a, const char *b);
/* " font ',PT'": pt as a PNG's script gives it (a panel's title 14),
 * as this picture draws it. */
void nq_plot_font(FILE *f, const nq_plot_key *key, double pt);
/* How many tick labels fit up a panel, a line and a gap each. */
double nq_plot_ytick_room(const nq_plot_key *key);
/* A tick step (1, 2, 4, 5, 10, 20, ...) for an axis across a panel over
 * `span` with labels of `chars` characters, so they do not touch. */
double nq_plot_tick_step(const nq_plot_key *key, double span, size_t chars);
/* The index of the picture type of path's extension, -1 if none. */
int nq_plot_term_of(const char *path);

#endif
