/*
 * report_fit.h - how report_latex.c's tables fit the text width: their
 * widths estimated from the text, the font size and labels chosen
 * (report_fit.c), and what a table's rows show of an instance.
 */
#ifndef NQ_REPORT_FIT_H
#define NQ_REPORT_FIT_H

#include <stddef.h>
#include "report_common.h"

#define NQ_TEX_TEXTWIDTH_PT 345.0
#define NQ_TEX_SLACK 1.04
#define NQ_TEX_NSIZES 3

struct nq_tex_size {
	const char *cmd;
	double digit, sep; /* a digit's width, \tabcolsep (pt) */
};
/* \small, \footnotesize, \scriptsize */
extern const struct nq_tex_size nq_tex_sizes[NQ_TEX_NSIZES];
/* The letter of each status not ok in the glance table's superscripts. */
extern const char nq_tex_status_letter[NQ_ST__COUNT];

struct nq_tex_layout {
	int size;       /* index into nq_tex_sizes */
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

/* The width of text in digits (Computer Modern's widths, roughly). */
double nq_tex_chars(const char *s, size_t len);
/* The width of an approach's name in a glance table's head, where it
 * stands on two lines split after its first '/' ("backtrack/" over
 * "bitmask"): the wider line's. */
double nq_tex_head_chars(const char *name);
/* The letter of approach s: A..Z, then AA, AB, ... */
void nq_tex_letter(size_t s, char *buf, size_t len);
/* Is cell i the first of its instance (mode, hints, n)? */
int nq_tex_first_of_instance(const nq_cells *c, size_t i);
/* What names an instance in a row: its id, else its hints (its hints
 * where the id is the one made of them: nq_cell_id_made). */
void nq_tex_inst_text(const nq_cell *e, const char **s, size_t *len);
/* A glance cell's LaTeX into buf, its width in digits into *w. */
void nq_tex_glance_cell(char *buf, size_t len, const nq_cell *e,
			double scale, double *w);
/* Mode m's glance tables: their layouts into l[] (c->nseries of room),
 * how many (the approaches in as few groups as fit). */
size_t nq_tex_glance_layouts(const struct nq_report_ctx *x, size_t m,
			     double scale, struct nq_tex_layout *l);
/* Mode m's detail table's layout. */
void nq_tex_detail_layout(const struct nq_report_ctx *x, size_t m,
			  double scale, struct nq_tex_layout *l);

#endif
