/*
 * report.c - see report.h: the formats' table, and nq_report_write, which
 * builds the cells, finds the baseline and hands them to the format's
 * writer. Every format is a file of its own and a row here.
 */
#include <stdio.h>
#include <string.h>
#include "cells.h"
#include "report.h"
#include "report_common.h"

/* The formats, in the order `--format` lists them; the first is the
 * default. A new format: its file (a writer and its row, as
 * report_json.c) and its name here. */
#define NQ_REPORT_FORMATS(X) X(markdown) X(latex) X(html) X(json)

#define NQ_REPORT_DECLARE(name) extern const nq_report_format nq_report_##name;
NQ_REPORT_FORMATS(NQ_REPORT_DECLARE)
#define NQ_REPORT_ROW(name) &nq_report_##name,
const nq_report_format *const nq_report_formats[] = {
	NQ_REPORT_FORMATS(NQ_REPORT_ROW) NULL
};

const nq_report_format *nq_report_format_find(const char *name)
{
	const nq_report_format *const *r;
	const char *const *a;

	for (r = nq_report_formats; *r; r++) {
		if (!strcmp((*r)->name, name))
			return *r;
		for (a = (*r)->aliases; a && *a; a++)
			if (!strcmp(*a, name))
				return *r;
	}
	return NULL;
}

size_t nq_report_format_names(const char **names, size_t max)
{
	const nq_report_format *const *r;
	const char *const *a;
	size_t n = 0;

	for (r = nq_report_formats; *r; r++) {
		if (n < max)
			names[n] = (*r)->name;
		n++;
		for (a = (*r)->aliases; a && *a; a++, n++)
			if (n < max)
				names[n] = *a;
	}
	return n;
}

void nq_report_format_list(char *buf, size_t len)
{
	size_t k, n = 0, used = 0;

	while (nq_report_formats[n])
		n++;
	buf[0] = '\0';
	for (k = 0; k < n && used < len; k++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 k == 0 ? "" : k + 1 == n ? " or " :
					 ", ", nq_report_formats[k]->name);
}

const char *nq_report_format_ext(const nq_report_format *f)
{
	return (f ? f : nq_report_formats[0])->ext;
}

int nq_report_write(const nq_table *t, const nq_report_opts *o, FILE *f,
		    nq_error *err)
{
	const nq_report_format *fmt = o->format ? o->format :
				      nq_report_formats[0];
	nq_cells_opts co;
	nq_cells *c = NULL;
	struct nq_report_ctx x;
	size_t s;
	int rc;

	memset(&co, 0, sizeof co);
	co.y = o->y;
	co.group = o->group;
	co.only = o->only;
	if (nq_cells_build(t, o->csv, &co, &c, err) < 0)
		return -1;
	memset(&x, 0, sizeof x);
	x.f = f;
	x.o = o;
	x.c = c;
	x.style = fmt->style;
	x.time = nq_column_is_time(c->ycol);
	nq_report_units(x.time, x.style);
	if (o->baseline) {
		for (s = 0; s < c->nseries; s++)
			if (!strcmp(c->series[s], o->baseline))
				break;
		if (s == c->nseries) {
			char list[1024];
			size_t used = 0;

			list[0] = '\0';
			for (s = 0; s < c->nseries && used < sizeof list; s++)
				used += (size_t)snprintf(list + used, sizeof list -
							 used, "%s%s", s ? ", " : "",
							 c->series[s]);
			nq_error_set(err, o->csv, 0, 0, "no approach '%s' for "
				     "--baseline; approaches: %s", o->baseline,
				     list);
			nq_cells_free(c);
			return -1;
		}
		x.base = s;
	}
	rc = fmt->write(&x, t, err);
	nq_cells_free(c);
	return rc;
}
