/*
 * style.c - see style.h.
 *
 * The colours are Okabe and Ito's (Color Universal Design, 2002): eight
 * that people with any common colour-vision deficiency still tell apart,
 * their yellow darkened (#F0E442 is too pale on white) to #C8B400. The
 * second set is dashed with another marker, so a figure printed grey
 * still tells the 16 apart.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "style.h"

static const struct {
	const char *name, *rgb;
} colours[NQ_STYLE_COLOURS] = {
	{ "blue", "#0072B2" }, { "vermillion", "#D55E00" },
	{ "green", "#009E73" }, { "orange", "#E69F00" },
	{ "purple", "#CC79A7" }, { "skyblue", "#56B4E9" },
	{ "black", "#000000" }, { "yellow", "#C8B400" },
};

/* Filled shapes only: the open ones mark runs that did not end ok. */
static const struct {
	const char *name;
	int pt;
} markers[] = {
	{ "circle", 7 }, { "square", 5 }, { "triangle", 9 }, { "down", 11 },
	{ "diamond", 13 }, { "pentagon", 15 },
};
#define NMARKERS (sizeof markers / sizeof markers[0])

static const char *const dashes[] = { "solid", "dashed", "dotted",
				      "dashdot", "dashdotdot" };
#define NDASHES (sizeof dashes / sizeof dashes[0])

const char *nq_style_colour(size_t i)
{
	return colours[i % NQ_STYLE_COLOURS].rgb;
}

void nq_style_of(size_t i, nq_style *out)
{
	size_t c, k;

	i %= NQ_STYLES_ALL;
	c = i % NQ_STYLE_COLOURS;
	k = i / NQ_STYLE_COLOURS;
	snprintf(out->colour, sizeof out->colour, "%s", colours[c].rgb);
	out->pt = markers[(c + 3 * k) % NMARKERS].pt;
	out->dt = (int)k + 1;
	out->index = (int)i;
}

size_t nq_style_hash(const char *label)
{
	uint32_t h = 2166136261u;

	for (; *label; label++) {
		h ^= (unsigned char)*label;
		h *= 16777619u;
	}
	return h % NQ_STYLES;
}

static int cmp_label(const void *a, const void *b, void *arg)
{
	const char *const *l = arg;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = strcmp(l[x], l[y]);

	return c ? c : (x > y) - (x < y);
}

/* qsort_r is not C11: an insertion sort (a figure has tens of labels). */
static void sort_idx(size_t *idx, size_t n, const char *const *labels)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		size_t v = idx[i];

		for (j = i; j > 0 && cmp_label(&idx[j - 1], &v,
					       (void *)labels) > 0; j--)
			idx[j] = idx[j - 1];
		idx[j] = v;
	}
}

static const nq_style_pin *pinned(const nq_style_pins *pins,
				  const char *label)
{
	size_t i;

	for (i = 0; pins && i < pins->n; i++)
		if (!strcmp(pins->pin[i].label, label))
			return &pins->pin[i];
	return NULL;
}

int nq_style_assign(const char *const *labels, size_t n,
		    const nq_style_pins *pins, nq_style *out)
{
	size_t *idx = malloc((n + 1) * sizeof *idx);
	char taken[NQ_STYLES_ALL] = { 0 };
	size_t i, distinct = 0, range;

	if (!idx)
		return -1;
	for (i = 0; i < n; i++)
		idx[i] = i;
	sort_idx(idx, n, labels);
	for (i = 0; i < n; i++)
		distinct += !i || strcmp(labels[idx[i - 1]], labels[idx[i]]);
	/* 16 styles hashed into; more only when the figure needs them */
	range = distinct <= NQ_STYLES ? NQ_STYLES : NQ_STYLES_ALL;
	/* pins first: a pinned palette style is no one else's */
	for (i = 0; i < n; i++) {
		const nq_style_pin *p = pinned(pins, labels[i]);

		if (p) {
			out[i] = p->style;
			if (p->style.index >= 0)
				taken[p->style.index] = 1;
		}
	}
	for (i = 0; i < n; i++) {
		size_t at = idx[i], s, k;

		if (pinned(pins, labels[at]))
			continue;
		if (i && !strcmp(labels[idx[i - 1]], labels[at])) {
			out[at] = out[idx[i - 1]];
			continue;
		}
		s = nq_style_hash(labels[at]);
		for (k = 0; k < range && taken[(s + k) % range]; k++)
			;
		if (k == range) /* every style taken: repeat the preferred */
			k = 0;
		s = (s + k) % range;
		taken[s] = 1;
		nq_style_of(s, &out[at]);
	}
	free(idx);
	return 0;
}

/* ---- the pin file ---------------------------------------------------- */

static int parse_colour(const char *w, nq_style *st)
{
	size_t i;

	for (i = 0; i < NQ_STYLE_COLOURS; i++)
		if (!strcasecmp(w, colours[i].name)) {
			snprintf(st->colour, sizeof st->colour, "%s",
				 colours[i].rgb);
			return 0;
		}
	if (w[0] != '#' || strlen(w) != 7)
		return -1;
	for (i = 1; i < 7; i++)
		if (!isxdigit((unsigned char)w[i]))
			return -1;
	snprintf(st->colour, sizeof st->colour, "%s", w);
	return 0;
}

/* A whole number lo..hi, or -1. */
static int small_int(const char *w, int lo, int hi)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(w, &end, 10);
	if (end == w || *end || errno || v < lo || v > hi)
		return -1;
	return (int)v;
}

static int parse_marker(const char *w, nq_style *st)
{
	size_t i;

	for (i = 0; i < NMARKERS; i++)
		if (!strcasecmp(w, markers[i].name)) {
			st->pt = markers[i].pt;
			return 0;
		}
	return (st->pt = small_int(w, 1, 15)) < 0 ? -1 : 0;
}

static int parse_dash(const char *w, nq_style *st)
{
	size_t i;

	for (i = 0; i < NDASHES; i++)
		if (!strcasecmp(w, dashes[i])) {
			st->dt = (int)i + 1;
			return 0;
		}
	return (st->dt = small_int(w, 1, (int)NDASHES)) < 0 ? -1 : 0;
}

/* The palette style st is, or -1. */
static int palette_index(const nq_style *st)
{
	nq_style p;
	size_t i;

	for (i = 0; i < NQ_STYLES_ALL; i++) {
		nq_style_of(i, &p);
		if (!strcasecmp(p.colour, st->colour) && p.pt == st->pt &&
		    p.dt == st->dt)
			return (int)i;
	}
	return -1;
}

/* One line (NUL-ended, no newline) into pins: 0, 1 if blank or a
 * comment, -1 with err. */
static int pin_line(char *s, const char *name, int lineno,
		    nq_style_pins *pins, nq_error *err)
{
	char *w[3], *end;
	nq_style st;
	nq_style_pin *grown;
	int k;

	while (isspace((unsigned char)*s))
		s++;
	if (!*s || *s == '#')
		return 1;
	end = s + strlen(s);
	/* the look is the last three words; the approach is what is left */
	for (k = 2; k >= 0; k--) {
		while (end > s && isspace((unsigned char)end[-1]))
			*--end = '\0';
		while (end > s && !isspace((unsigned char)end[-1]))
			end--;
		w[k] = end;
		if (end == s)
			return nq_error_set(err, name, lineno, 0, "expected "
					    "'APPROACH COLOUR MARKER DASH' "
					    "(e.g. backtrack/bitmask blue "
					    "circle solid)");
	}
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	memset(&st, 0, sizeof st);
	if (parse_colour(w[0], &st) < 0)
		return nq_error_set(err, name, lineno, 0, "colour '%s': "
				    "expected #rrggbb or blue, vermillion, "
				    "green, orange, purple, skyblue, black, "
				    "yellow", w[0]);
	if (parse_marker(w[1], &st) < 0)
		return nq_error_set(err, name, lineno, 0, "marker '%s': "
				    "expected circle, square, triangle, down, "
				    "diamond, pentagon or a gnuplot point type "
				    "1..15", w[1]);
	if (parse_dash(w[2], &st) < 0)
		return nq_error_set(err, name, lineno, 0, "dash '%s': expected "
				    "solid, dashed, dotted, dashdot, "
				    "dashdotdot or 1..5", w[2]);
	for (k = 0; k < (int)pins->n; k++)
		if (!strcmp(pins->pin[k].label, s))
			return nq_error_set(err, name, lineno, 0, "approach "
					    "'%s' is pinned twice", s);
	st.index = palette_index(&st);
	grown = realloc(pins->pin, (pins->n + 1) * sizeof *grown);
	if (!grown)
		return nq_error_set(err, name, lineno, 0, "out of memory");
	pins->pin = grown;
	if (!(grown[pins->n].label = strdup(s)))
		return nq_error_set(err, name, lineno, 0, "out of memory");
	grown[pins->n].style = st;
	pins->n++;
	return 0;
}

int nq_style_pins_parse(const char *text, const char *name,
			nq_style_pins *pins, nq_error *err)
{
	int lineno = 0;

	memset(pins, 0, sizeof *pins);
	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		char *line = malloc(len + 1);

		lineno++;
		if (!line) {
			nq_style_pins_free(pins);
			return nq_error_set(err, name, lineno, 0,
					    "out of memory");
		}
		memcpy(line, text, len);
		line[len] = '\0';
		if (len && line[len - 1] == '\r')
			line[len - 1] = '\0';
		if (pin_line(line, name, lineno, pins, err) < 0) {
			free(line);
			nq_style_pins_free(pins);
			return -1;
		}
		free(line);
		text += len + (nl != NULL);
	}
	return 0;
}

int nq_style_pins_read(const char *path, nq_style_pins *pins, nq_error *err)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	size_t len = 0, cap = 0, got;
	int rc;

	memset(pins, 0, sizeof *pins);
	if (!f)
		return nq_error_set(err, path, 0, 0, "cannot read the style "
				    "file: %s", strerror(errno));
	do {
		if (len + 4096 + 1 > cap) {
			char *g = realloc(text, cap = 2 * cap + 4096 + 1);

			if (!g) {
				free(text);
				fclose(f);
				return nq_error_set(err, path, 0, 0,
						    "out of memory");
			}
			text = g;
		}
		got = fread(text + len, 1, 4096, f);
		len += got;
	} while (got > 0 && len < (1u << 20));
	fclose(f);
	text[len] = '\0';
	if (memchr(text, '\0', len))
		rc = nq_error_set(err, path, 0, 0, "not a text file");
	else
		rc = nq_style_pins_parse(text, path, pins, err);
	free(text);
	return rc;
}

void nq_style_pins_free(nq_style_pins *pins)
{
	size_t i;

	for (i = 0; pins && i < pins->n; i++)
		free(pins->pin[i].label);
	if (pins) {
		free(pins->pin);
		pins->pin = NULL;
		pins->n = 0;
	}
}
