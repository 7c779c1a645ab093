/*
 * style.h - an approach's look in every figure: colour, marker and dash
 * from its label, not from its place in a file, so one approach looks
 * the same in every plot kind and in every experiment's figures.
 *
 * The label's hash (FNV-1a) picks one of NQ_STYLES styles; two labels of
 * one figure that pick the same style are told apart in label order: the
 * first keeps it, the next takes the next free one. The labels weighed
 * are every approach of the file (not only those a filter keeps), so the
 * figures of one file agree whatever --only drops. A pin file fixes the
 * look of named approaches for a paper (nq_style_pins_read). Pure: no
 * gnuplot here (tests/unit/test_style.c).
 */
#ifndef NQ_STYLE_H
#define NQ_STYLE_H

#include <stddef.h>
#include "error.h"

/* The palette: 8 colours (Okabe-Ito) x 2 sets (solid lines with one
 * marker, dashed with another), hashed into; past 16 approaches a figure
 * goes on with dotted and dash-dot sets (NQ_STYLES_ALL), then repeats. */
#define NQ_STYLE_COLOURS 8
#define NQ_STYLES 16
#define NQ_STYLES_ALL 32

typedef struct nq_style {
	char colour[8];  /* "#rrggbb" */
	int pt;          /* gnuplot point type (a filled shape) */
	int dt;          /* gnuplot dash type: 1 solid, 2 dashed, ... */
	int index;       /* the palette's style, or -1 when pinned */
} nq_style;

typedef struct nq_style_pin {
	char *label;
	nq_style style;
} nq_style_pin;

typedef struct nq_style_pins {
	nq_style_pin *pin;
	size_t n;
} nq_style_pins;

/* Palette style i (any i >= 0; past NQ_STYLES_ALL it repeats). */
void nq_style_of(size_t i, nq_style *out);
/* The palette's colour i (cycled), "#rrggbb". */
const char *nq_style_colour(size_t i);
/* The palette style a label prefers (0..NQ_STYLES-1). */
size_t nq_style_hash(const char *label);

/* The styles of labels[0..n): pinned ones as pinned, the others each its
 * preferred style, or the next one free, in label order. Labels may
 * repeat (each gets the one style). 0, or -1 on no memory. */
int nq_style_assign(const char *const *labels, size_t n,
		    const nq_style_pins *pins, nq_style *out);

/* Read a pin file: a line per approach, `APPROACH COLOUR MARKER DASH`
 * (the approach may hold spaces: the last three words are the look;
 * COLOUR #rrggbb or a palette name, MARKER a shape name or gnuplot point
 * type 1..15, DASH solid, dashed, dotted, dashdot or 1..5); '#' at a
 * line's start comments it. 0, or -1 with err naming file and line. */
int nq_style_pins_read(const char *path, nq_style_pins *pins, nq_error *err);
/* The same from text (named `name` in messages). */
int nq_style_pins_parse(const char *text, const char *name,
			nq_style_pins *pins, nq_error *err);
void nq_style_pins_free(nq_style_pins *pins);

#endif
