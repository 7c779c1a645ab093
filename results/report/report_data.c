/* report_data.c - see report_data.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report_data.h"

int nq_report_solved(const nq_cell *e)
{
	return e->y.count && 2 * e->status[NQ_ST_OK] > e->runs;
}

int nq_report_totals_uneven(const nq_cells *c, const nq_report_total *tot)
{
	size_t s;

	for (s = 1; s < c->nseries; s++)
		if (tot[s].instances != tot[0].instances)
			return 1;
	return 0;
}

int nq_report_vbs_shown(const nq_cells *c)
{
	return c->nseries > 1;
}

size_t nq_report_total_rows(const nq_cells *c)
{
	return c->nseries + (nq_report_vbs_shown(c) ? 1 : 0);
}

/* Cells are sorted by mode, hints, n, series: one instance's cells stand
 * together. Its wins, into out, and its virtual best into *vbs: the
 * smallest median of the approaches that solved it (a wrong or disputed
 * answer is no ok run, so never that), else twice its largest timeout. */
static void instance_wins(const nq_cells *c, size_t from, size_t to,
			  nq_report_total *out, nq_report_total *vbs)
{
	double best = INFINITY, to_s = 0;
	size_t i;

	for (i = from; i < to; i++) {
		const nq_cell *e = &c->cell[i];
		double t = e->timeout_s > 0 ? e->timeout_s : c->timeout_s;

		if (nq_report_solved(e) && e->y.median < best)
			best = e->y.median;
		to_s = t > to_s ? t : to_s;
	}
	for (i = from; i < to; i++)
		if (nq_report_solved(&c->cell[i]) && c->cell[i].y.median == best)
			out[c->cell[i].series].wins++;
	vbs->instances++;
	if (best < INFINITY) {
		vbs->solved++;
		vbs->par2 += best;
	} else if (to_s > 0) {
		vbs->par2 += 2 * to_s;
	} else {
		vbs->par2_ok = 0;
	}
}

int nq_report_totals(const nq_table *t, const char *csv, const char *group,
		     const nq_cells *c, nq_report_total *out, nq_error *err)
{
	nq_cells_opts co;
	nq_cells *cpu = NULL;
	size_t i, s, from = 0;
	int time = nq_column_is_time(c->ycol);

	memset(out, 0, (c->nseries + 1) * sizeof *out);
	for (s = 0; s <= c->nseries; s++)
		out[s].par2_ok = time;
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *e = &c->cell[i];
		nq_report_total *o = &out[e->series];
		double to = e->timeout_s > 0 ? e->timeout_s : c->timeout_s;

		o->instances++;
		if (nq_report_solved(e)) {
			o->solved++;
			o->par2 += e->y.median;
		} else if (to > 0) {
			o->par2 += 2 * to;
		} else {
			o->par2_ok = 0;
		}
		if (i + 1 == c->ncells || e->mode != e[1].mode ||
		    e->n != e[1].n || strcmp(e->hints, e[1].hints)) {
			instance_wins(c, from, i + 1, out, &out[c->nseries]);
			from = i + 1;
		}
	}
	if (nq_table_col(t, "cpu_s") < 0)
		return 0;
	memset(&co, 0, sizeof co);
	co.y = "cpu_s";
	co.group = group;
	co.any_status = 1;
	co.no_ci = 1; /* a sum */
	if (nq_cells_build(t, csv, &co, &cpu, err) < 0)
		return -1;
	for (i = 0; i < cpu->ncells; i++) {
		const char *label = cpu->series[cpu->cell[i].series];

		for (s = 0; s < c->nseries; s++)
			if (!strcmp(c->series[s], label)) {
				out[s].cpu_s += cpu->cell[i].y.sum;
				out[s].cpu_ok = 1;
			}
	}
	nq_cells_free(cpu);
	return 0;
}

void nq_report_family(const char *hints, char *buf, size_t len)
{
	const char *id = strrchr(hints, '[');
	size_t n;

	if (!hints[0]) {
		snprintf(buf, len, "plain");
	} else if (!strncmp(hints, "in ", 3) && strstr(hints, " parts")) {
		snprintf(buf, len, "parts");
	} else if (id && hints[strlen(hints) - 1] == ']') {
		id++;
		n = strcspn(id, "-]");
		snprintf(buf, len, "%.*s", (int)n, id);
		if (!buf[0])
			snprintf(buf, len, "instance");
	} else {
		snprintf(buf, len, "placed");
	}
}

int nq_report_meta_lines(const char *path, nq_meta_line_fn *fn, void *ctx)
{
	char line[4096], list[256] = "";
	FILE *m = fopen(path, "r");

	if (!m)
		return -1;
	while (fgets(line, sizeof line, m)) {
		char *colon, *v;

		line[strcspn(line, "\r\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		if (line[0] == ' ' || line[0] == '-') {
			fn(list, line + strspn(line, " -"), 1, ctx);
			continue;
		}
		if (!(colon = strchr(line, ':')))
			continue;
		*colon = '\0';
		v = colon + 1 + strspn(colon + 1, " ");
		snprintf(list, sizeof list, "%.*s", (int)sizeof list - 1, line);
		fn(line, v, 0, ctx);
	}
	fclose(m);
	return 0;
}
