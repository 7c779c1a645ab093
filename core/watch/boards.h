/*
 * boards.h - every placement of a small board drawn, for `harness solve
 * --count --board` (text) and `--svg FILE` (one SVG, a grid of small
 * boards labelled 1, 2, ...): n = 8 has 92, or 12 up to symmetry.
 *
 * The placements are listed by a plain row-by-row search in the order it
 * meets them (queen[0], then queen[1], ... ascending: lexicographic),
 * each checked by the validator's nq_check_placement before it is kept.
 * Up to symmetry (`unique`), a class of the board's eight symmetries
 * (four turns, each mirrored) is drawn as its canonical member: the
 * lexicographically smallest of its eight images, which is the first
 * of them the search meets. The list owns its memory (nq_boards_free).
 */
#ifndef NQ_BOARDS_H
#define NQ_BOARDS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "error.h"
#include "experiment.h"

/* The largest board whose placements are drawn (14,200 of them; n = 13
 * has 73,712). */
#define NQ_BOARDS_MAX_N 12

typedef struct nq_boards {
	int n;
	size_t count;
	int32_t *q;     /* count placements, n entries each: q[row] = col */
} nq_boards;

/* The placements of `inst` (its hints, blocked squares and excluded
 * lines kept), or with `unique` one per symmetry class (an instance
 * with none of them only). 0, or -1 with err set: n over
 * NQ_BOARDS_MAX_N, unique on a restricted board, a placement the
 * validator refuses, out of memory. */
int nq_boards_list(const nq_instance *inst, int unique, nq_boards *b,
		   nq_error *err);
void nq_boards_free(nq_boards *b);

/* The image of q under symmetry t (0..7; 0 itself), as out[row] = col. */
void nq_boards_image(const int32_t *q, int n, int t, int32_t *out);

/* Each board as text: "board K of N:", then a line per row (q a queen,
 * Q a pre-placed one, . empty). */
void nq_boards_text(const nq_boards *b, const nq_instance *inst,
		    const char *what, FILE *f);
/* One SVG: the boards in a grid, each a <g class="board"> labelled K.
 * 0, or -1 when a write failed. */
int nq_boards_svg(const nq_boards *b, const nq_instance *inst,
		  const char *title, FILE *f);

#endif
