/*
 * boards.c - every placement of a small board listed, checked and drawn
 * (boards.h). The search is the plainest there is (an array of the
 * queens placed, each new one checked against them), as a class would
 * write it: at n = 12 it meets 14,200 placements in well under a second.
 */
#include <stdlib.h>
#include <string.h>
#include "boards.h"
#include "nq_board.h"
#include "validate.h"

struct lister {
	const nq_instance *in;
	int unique;
	unsigned char *banned; /* n * n, or NULL */
	int32_t q[NQ_BOARDS_MAX_N];
	nq_boards *b;
	size_t cap;
	int failed;            /* -1 with err set */
	nq_error *err;
};

void nq_boards_image(const int32_t *q, int n, int t, int32_t *out)
{
	int r;

	for (r = 0; r < n; r++) {
		int rr = r, cc = q[r], i, tmp;

		if (t & 4)
			cc = n - 1 - cc;            /* mirror */
		for (i = 0; i < (t & 3); i++) {    /* then a quarter turn */
			tmp = rr;
			rr = cc;
			cc = n - 1 - tmp;
		}
		out[rr] = cc;
	}
}

/* 1 when q is the smallest of its eight images (its class's canonical
 * member). */
static int canonical(const int32_t *q, int n)
{
	int32_t img[NQ_BOARDS_MAX_N];
	int t, r;

	for (t = 1; t < 8; t++) {
		nq_boards_image(q, n, t, img);
		for (r = 0; r < n && img[r] == q[r]; r++)
			;
		if (r < n && img[r] < q[r])
			return 0;
	}
	return 1;
}

static void keep(struct lister *l)
{
	int n = l->in->n;
	char why[200];

	if (nq_check_placement(l->in, l->q, why, sizeof why)) {
		nq_error_set(l->err, NULL, 0, 0, "the listing met a placement "
			     "the validator refuses (%s)", why);
		l->failed = 1;
		return;
	}
	if (l->unique && !canonical(l->q, n))
		return;
	if (l->b->count == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 128;
		int32_t *q = realloc(l->b->q, cap * (size_t)n * sizeof *q);

		if (!q) {
			nq_error_set(l->err, NULL, 0, 0, "out of memory");
			l->failed = 1;
			return;
		}
		l->b->q = q;
		l->cap = cap;
	}
	memcpy(l->b->q + l->b->count * (size_t)n, l->q, (size_t)n * sizeof *l->q);
	l->b->count++;
}

static void list_row(struct lister *l, int r)
{
	const nq_instance *in = l->in;
	int n = in->n, c, i;

	if (r == n) {
		keep(l);
		return;
	}
	for (c = 0; c < n && !l->failed; c++) {
		for (i = 0; i < r; i++)
			if (l->q[i] == c || abs(l->q[i] - c) == r - i)
				break;
		if (i < r || (l->banned && l->banned[r * n + c]))
			continue;
		for (i = 0; i < in->nhints; i++)
			if (in->hints[i].row == r && in->hints[i].col != c)
				break;
		if (i < in->nhints)
			continue;
		l->q[r] = c;
		list_row(l, r + 1);
	}
}

int nq_boards_list(const nq_instance *inst, int unique, nq_boards *b,
		   nq_error *err)
{
	struct lister l;
	int restricted = inst->nhints || nq_board_restricted(inst);

	memset(b, 0, sizeof *b);
	b->n = inst->n;
	if (inst->n < 1 || inst->n > NQ_BOARDS_MAX_N)
		return nq_error_set(err, NULL, 0, 0, "boards are drawn for n = "
				    "1 to %d (14,200 placements), not %d",
				    NQ_BOARDS_MAX_N, inst->n);
	if (unique && restricted)
		return nq_error_set(err, NULL, 0, 0, "placements up to symmetry "
				    "are of the empty board: pre-placed "
				    "queens, blocked squares and excluded "
				    "lines do not survive a turn");
	memset(&l, 0, sizeof l);
	l.in = inst;
	l.unique = unique;
	l.b = b;
	l.err = err;
	if (nq_board_restricted(inst)) {
		if (!(l.banned = malloc((size_t)inst->n * (size_t)inst->n)))
			return nq_error_set(err, NULL, 0, 0, "out of memory");
		nq_board_forbidden(inst, l.banned);
	}
	list_row(&l, 0);
	free(l.banned);
	if (l.failed) {
		nq_boards_free(b);
		return -1;
	}
	return 0;
}

void nq_boards_free(nq_boards *b)
{
	free(b->q);
	b->q = NULL;
	b->count = 0;
}

static int is_hint(const nq_instance *in, int r, int c)
{
	int i;

	for (i = 0; i < in->nhints; i++)
		if (in->hints[i].row == r && in->hints[i].col == c)
			return 1;
	return 0;
}

void nq_boards_text(const nq_boards *b, const nq_instance *inst,
		    const char *what, FILE *f)
{
	size_t k;
	int n = b->n, r, c;

	for (k = 0; k < b->count; k++) {
		const int32_t *q = b->q + k * (size_t)n;

		fprintf(f, "%s %zu of %zu:\n", what, k + 1, b->count);
		for (r = 0; r < n; r++) {
			for (c = 0; c < n; c++)
				fputs(q[r] != c ? " ." : is_hint(inst, r, c) ?
				      " Q" : " q", f);
			fputc('\n', f);
		}
	}
}

int nq_boards_svg(const nq_boards *b, const nq_instance *inst,
		  const char *title, FILE *f)
{
	int n = b->n, sq = n <= 8 ? 10 : 8, side = n * sq;
	/* a board's pitch a multiple of two squares, so the one checker
	 * pattern lines up under every board */
	int pitch_x = ((side + 12) / (2 * sq) + 1) * 2 * sq;
	int pitch_y = ((side + 26) / (2 * sq) + 1) * 2 * sq;
	size_t per_row = b->count < 12 ? (b->count ? b->count : 1) : 12;
	size_t rows = (b->count + per_row - 1) / per_row, k;
	long width = (long)per_row * pitch_x + 20;
	long height = (long)rows * pitch_y + 40;
	const char *t;

	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%ld\" "
		"height=\"%ld\" viewBox=\"0 0 %ld %ld\" "
		"font-family=\"sans-serif\">\n<title>", width, height, width,
		height);
	for (t = title; *t; t++) /* the title is ours, but escaped all the same */
		if (*t == '<' || *t == '&' || *t == '>')
			fprintf(f, "&#%d;", *t);
		else
			fputc(*t, f);
	fprintf(f, "</title>\n<defs><pattern id=\"chk\" width=\"%d\" height=\"%d\" "
		"patternUnits=\"userSpaceOnUse\"><rect width=\"%d\" height=\"%d\" "
		"fill=\"#f0d9b5\"/><rect width=\"%d\" height=\"%d\" fill=\"#b58863\"/>"
		"<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#b58863\"/>"
		"</pattern></defs>\n<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n"
		"<text x=\"10\" y=\"22\" font-size=\"14\">", 2 * sq, 2 * sq,
		2 * sq, 2 * sq, sq, sq, sq, sq, sq, sq);
	for (t = title; *t; t++)
		if (*t == '<' || *t == '&' || *t == '>')
			fprintf(f, "&#%d;", *t);
		else
			fputc(*t, f);
	fputs("</text>\n", f);
	for (k = 0; k < b->count; k++) {
		const int32_t *q = b->q + k * (size_t)n;
		long x = 10 + (long)(k % per_row) * pitch_x;
		long y = 32 + (long)(k / per_row) * pitch_y;
		int r;

		fprintf(f, "<g class=\"board\" id=\"b%zu\" transform=\"translate(%ld,%ld)\">"
			"<rect width=\"%d\" height=\"%d\" fill=\"url(#chk)\" "
			"stroke=\"#333\"/>", k + 1, x, y, side, side);
		for (r = 0; r < n; r++)
			fprintf(f, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\"/>",
				q[r] * sq + sq / 2, r * sq + sq / 2, sq * 3 / 8,
				is_hint(inst, r, q[r]) ? "#c62828" : "#111");
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" "
			"text-anchor=\"middle\">%zu</text></g>\n", side / 2,
			side + 13, k + 1);
	}
	fputs("</svg>\n", f);
	return ferror(f) ? -1 : 0;
}
