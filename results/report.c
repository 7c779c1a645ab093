/*
 * report.c - see report.h: the shared parts (units, numbers, speed-ups),
 * the Markdown document, and nq_report_write, which hands the LaTeX tables
 * to report_latex.c (what the two share: report_int.h).
 *
 * Units: Markdown shows a time column in ms when a median of the mode is
 * below 0.1 s, else in s. LaTeX always shows seconds, every number with
 * NQ_REPORT_SIG significant digits as a plain decimal (report_latex.c).
 * Numbers are the ones results/stats computes for the terminal summary and
 * the plots; nothing is re-derived here.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cells.h"
#include "meta.h"
#include "names.h"
#include "plot.h"
#include "report.h"
#include "report_common.h"
#include "report_latex.h"

/* Markdown table cell text: on one line (control characters blanks, a
 * byte that is not UTF-8 U+FFFD), the characters Markdown reads as
 * markup or HTML (pipes, emphasis, code, links, tags) escaped. */
static void md(FILE *f, const char *s)
{
	size_t n;

	for (; *s; s += n) {
		n = nq_utf8_len(s);
		if (!n) {
			fputs("\xef\xbf\xbd", f);
			n = 1;
		} else if (n > 1) {
			fwrite(s, 1, n, f);
		} else if ((unsigned char)*s < 0x20 || *s == 0x7f) {
			fputc(' ', f);
		} else {
			if (strchr("|\\`*_[]<>~", *s))
				fputc('\\', f);
			fputc(*s, f);
		}
	}
}

/* Scale and unit for mode m's table. */
static double unit_of(const struct nq_report_ctx *x, size_t m, const char **unit)
{
	size_t i;
	double lo = 1;

	if (!x->time) {
		*unit = "";
		return 1;
	}
	if (x->latex) {
		*unit = "s";
		return 1;
	}
	for (i = 0; i < x->c->ncells; i++)
		if (x->c->cell[i].mode == m && x->c->cell[i].y.count &&
		    x->c->cell[i].y.median < lo)
			lo = x->c->cell[i].y.median;
	if (lo < 0.1) {
		*unit = "ms";
		return 1e3;
	}
	*unit = "s";
	return 1;
}

/* Has mode m any cell with hints (1), or with an instance id (2: the
 * column is "instance")? */
static int mode_has_hints(const nq_cells *c, size_t m)
{
	size_t i;
	int any = 0;

	for (i = 0; i < c->ncells; i++)
		if (c->cell[i].mode == m && c->cell[i].id[0])
			return 2;
		else if (c->cell[i].mode == m && c->cell[i].hints[0])
			any = 1;
	return any;
}

/* The hints column's cell: the instance's id where it has one, else its
 * hints. */
static void md_inst(FILE *f, const nq_cell *e)
{
	char *h;

	fputc(' ', f);
	if (e->id[0]) {
		md(f, e->id);
	} else if ((h = strndup(e->hints, e->hints_len)) != NULL) {
		md(f, h);
		free(h);
	}
	fputs(" |", f);
}

/* The wide table: a row per instance, a column per approach (Markdown). */
static void md_wide(const struct nq_report_ctx *x, size_t m, double scale,
		    const char *unit, int hints)
{
	const nq_cells *c = x->c;
	size_t i, s;

	fprintf(x->f, "Median %s%s%s at a glance (~ noisy; in brackets: "
		"runs that did not end ok):\n\n| n |%s", nq_report_name_of(c->ycol),
		unit[0] ? " in " : "", unit, hints == 2 ? " instance |" :
		hints ? " hints |" : "");
	for (s = 0; s < c->nseries; s++) {
		fputc(' ', x->f);
		md(x->f, c->series[s]);
		fputs(" |", x->f);
	}
	fprintf(x->f, "\n|---:|%s", hints ? "---|" : "");
	for (s = 0; s < c->nseries; s++)
		fputs("---:|", x->f);
	fputc('\n', x->f);
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *row = &c->cell[i];

		if (row->mode != m || (i > 0 && c->cell[i - 1].mode == m &&
				       c->cell[i - 1].n == row->n &&
				       !strcmp(c->cell[i - 1].hints, row->hints)))
			continue;
		fprintf(x->f, "| %d |", row->n);
		if (hints)
			md_inst(x->f, row);
		for (s = 0; s < c->nseries; s++) {
			const nq_cell *e = nq_cells_find(c, s, m, row->hints, row->n);
			char v[64];
			size_t notok;

			if (!e) {
				fputs(" |", x->f);
				continue;
			}
			notok = e->runs - e->status[NQ_ST_OK];
			if (e->y.count) {
				nq_report_num(v, sizeof v, e->y.median, scale);
				fprintf(x->f, " %s%s%s", v, nq_stats_noisy(&e->y) ?
					"~" : "", NQ_REPORT_MIXED(e));
				if (notok) {
					char st[160], *p = st;

					nq_report_statuses(e, st, sizeof st);
					/* drop the leading "N ok, " */
					if ((p = strchr(st, ',')))
						fprintf(x->f, " (%s)", p + 2);
				}
			} else {
				int st, top = NQ_ST_OK;

				for (st = 1; st < NQ_ST__COUNT; st++)
					if (e->status[st] > e->status[top])
						top = st;
				fprintf(x->f, " %s%s", nq_status_name((nq_status)top),
					NQ_REPORT_MIXED(e));
			}
			fputs(" |", x->f);
		}
		fputc('\n', x->f);
	}
	fputc('\n', x->f);
}

/* The detail table in Markdown: a row per instance and approach. */
static void md_detail(const struct nq_report_ctx *x, size_t m, double scale,
		      const char *unit, int hints)
{
	const nq_cells *c = x->c;
	FILE *f = x->f;
	size_t i;

	fprintf(f, "Every approach at every size (%s%s%s; spread over "
		"the ok runs, speed-up against the baseline):\n\n| n |%s approach | median | min | max | "
		"IQR | MAD | speed-up | runs | noisy |\n|---:|%s---|---:|"
		"---:|---:|---:|---:|---:|---|---|\n",
		nq_report_name_of(c->ycol), unit[0] ? " in " : "", unit,
		hints == 2 ? " instance |" : hints ? " hints |" : "",
		hints ? "---|" : "");
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *e = &c->cell[i];
		struct nq_report_row r;

		if (e->mode != m)
			continue;
		nq_report_row_of(x, m, e, scale, &r);
		fprintf(f, "| %d |", e->n);
		if (hints)
			md_inst(f, e);
		fputc(' ', f);
		md(f, c->series[e->series]);
		fprintf(f, " | %s%s | %s | %s | %s | %s | %s | %s | %s |\n",
			r.med, NQ_REPORT_MIXED(e), r.mn, r.mx, r.iqr, r.mad, r.sp, r.st,
			nq_stats_noisy(&e->y) ? "noisy" : "");
	}
	fputc('\n', f);
	if (c->mixed)
		fputs("† runs from more than one machine (the `host` column of "
		      "a merged file): their spread includes the machines' "
		      "difference.\n\n", f);
}

/* The directory part of a path ("" for none), into buf. */
static void dir_of(const char *path, char *buf, size_t len)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		snprintf(buf, len, ".");
	else
		snprintf(buf, len, "%.*s", (int)(slash - path), path);
}

/* How the report (at o->output, or beside the CSV when on stdout) names
 * `path`: its base name when both sit in one directory. */
static void link_to(const nq_report_opts *o, const char *path, char *buf,
		    size_t len)
{
	char a[4096], b[4096];
	const char *slash = strrchr(path, '/');

	dir_of(o->output ? o->output : o->csv, a, sizeof a);
	dir_of(path, b, sizeof b);
	if (!strcmp(a, b))
		snprintf(buf, len, "%s", slash ? slash + 1 : path);
	else
		snprintf(buf, len, "%s", path);
}

static void plots(const struct nq_report_ctx *x)
{
	static const char *const alt[NQ_PLOT__COUNT] = {
		"time against n", "cactus plot: instances solved against time",
		"model sizes against n",
		"fraction solvable and median time against the family's "
		"parameter"
	};
	char svg[4096], path[4096], link[4096];
	int k, any = 0;

	if (x->latex)
		return;
	nq_path_with_ext(x->o->csv, ".svg", svg, sizeof svg);
	fputs("## Plots\n\n", x->f);
	for (k = 0; k < NQ_PLOT__COUNT; k++) {
		nq_plot_path(svg, (nq_plot_kind)k, path, sizeof path);
		if (access(path, R_OK) != 0)
			continue;
		link_to(x->o, path, link, sizeof link);
		fprintf(x->f, "![%s](%s)\n\n", alt[k], link);
		any = 1;
	}
	if (!any)
		fprintf(x->f, "None drawn yet: `harness plot %s --kind all` "
			"draws them beside the CSV.\n\n", x->o->csv);
}

/* The machine: the .meta file beside the CSV, shown as a table. */
static void machine(const struct nq_report_ctx *x)
{
	char meta[4096], line[2048], list[64];
	FILE *m;

	nq_meta_path(x->o->csv, meta, sizeof meta);
	m = fopen(meta, "r");
	if (x->latex) {
		nq_report_tex_machine(x, meta, m);
		return;
	}
	fputs("## The machine\n\n", x->f);
	if (!m) {
		fprintf(x->f, "Not recorded: there is no %s beside the CSV "
			"(`harness run` writes it).\n", meta);
		return;
	}
	fprintf(x->f, "From `%s`:\n\n| | |\n|---|---|\n", meta);
	list[0] = '\0';
	while (fgets(line, sizeof line, m)) {
		char *colon, *v;

		line[strcspn(line, "\r\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		if (line[0] == ' ' || line[0] == '-') {
			/* an item of the list under `list`: a warning (in
			 * bold), or a program or plugin ({"k": "v", ...}) */
			v = line + strspn(line, " -");
			if (strcmp(list, "warnings")) {
				char *r = v, *w = v;

				for (; *r; r++)
					if (*r != '{' && *r != '}' &&
					    (*r != '"' || (r > v && r[-1] == '\\')))
						*w++ = *r;
				*w = '\0';
				fputs("| | ", x->f);
				md(x->f, v);
				fputs(" |\n", x->f);
				continue;
			}
			if (*v == '"')
				v++;
			if (*v && v[strlen(v) - 1] == '"')
				v[strlen(v) - 1] = '\0';
			fputs("| | **", x->f);
			md(x->f, v);
			fputs("** |\n", x->f);
			continue;
		}
		colon = strchr(line, ':');
		if (!colon)
			continue;
		*colon = '\0';
		v = colon + 1 + strspn(colon + 1, " ");
		if (*v == '"') {
			v++;
			if (*v && v[strlen(v) - 1] == '"')
				v[strlen(v) - 1] = '\0';
		}
		snprintf(list, sizeof list, "%.*s", (int)sizeof list - 1, line);
		fputs("| ", x->f);
		md(x->f, line);
		fputs(" | ", x->f);
		if (!strcmp(v, "[]"))
			fputs("none", x->f);
		else
			md(x->f, v);
		fputs(" |\n", x->f);
	}
	fclose(m);
	fputc('\n', x->f);
}

int nq_report_write(const nq_table *t, const nq_report_opts *o, FILE *f,
		    nq_error *err)
{
	nq_cells_opts co;
	nq_cells *c = NULL;
	struct nq_report_ctx x;
	size_t m, s, runs[NQ_ST__COUNT] = { 0 }, i;
	int st;

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
	x.latex = o->format == NQ_REPORT_LATEX;
	x.time = nq_column_is_time(c->ycol);
	nq_report_units(x.time, x.latex);
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
	for (i = 0; i < c->ncells; i++)
		for (st = 0; st < NQ_ST__COUNT; st++)
			runs[st] += c->cell[i].status[st];
	if (x.latex) {
		nq_report_tex_preamble(&x);
	} else {
		fprintf(f, "# %s\n\nResults: `%s`, %zu runs (", c->experiment[0]
			? c->experiment : "Results", o->csv, c->rows);
		for (st = 0, i = 0; st < NQ_ST__COUNT; st++)
			if (runs[st])
				fprintf(f, "%s%zu %s", i++ ? ", " : "", runs[st],
					nq_status_name((nq_status)st));
		fprintf(f, "), %zu approaches", c->nseries);
		if (c->timeout_s > 0)
			fprintf(f, ", timeout %g s", c->timeout_s);
		fprintf(f, ".\n\nEach cell is one instance and approach: the "
			"median of `%s` over the runs that ended ok, their spread "
			"(min, max, interquartile range IQR = q3 - q1, median "
			"absolute deviation MAD), and the speed-up = median of "
			"the baseline **", c->ycol);
		md(f, c->series[x.base]);
		fprintf(f, "** / median (\"> k×\" where the baseline timed out: "
			"its time is at least the timeout). A cell is **noisy** "
			"when its repetitions spread by more than %g%% of their "
			"median: (max - min) / median > %g. Runs that did not "
			"end ok are counted under runs, never dropped.\n\n",
			NQ_NOISY_SPREAD * 100, NQ_NOISY_SPREAD);
		plots(&x);
	}
	for (m = 0; m < c->nmodes; m++) {
		const char *unit;
		double scale = unit_of(&x, m, &unit);
		int hints = mode_has_hints(c, m);

		if (!x.latex) {
			fprintf(f, "## %s\n\n", nq_report_mode_title(c->modes[m]));
			md_wide(&x, m, scale, unit, hints);
		} else {
			nq_report_tex_glance(&x, m, scale, unit, hints);
		}
		if (x.latex)
			nq_report_tex_detail(&x, m, scale, unit, hints);
		else
			md_detail(&x, m, scale, unit, hints);
	}
	machine(&x);
	nq_cells_free(c);
	return 0;
}
