/*
 * report_markdown.c - `harness report --format markdown` (the default):
 * the document in Markdown, its row of the formats' table (report.c).
 *
 * A time column is shown in ms when a median of the mode is below 0.1 s,
 * else in s (the plain style, report_common.c). Numbers are the ones
 * results/stats computes for the terminal summary and the plots; nothing
 * is re-derived here. Outside text (approach names, paths, the .meta's
 * values) goes through md() or md_code(), a link's path through md_url().
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cells.h"
#include "meta.h"
#include "names.h"
#include "plot.h"
#include "report_common.h"
#include "report_data.h"

/* Markdown table cell text: outside text escaped (names.h), so on one
 * line and UTF-8, its backslash shown as one; the characters Markdown
 * reads as markup or HTML (pipes, emphasis, code, links, tags,
 * entities) escaped. */
static void md(FILE *f, const char *s)
{
	char buf[8];
	const char *e;
	size_t n;

	for (; *s; s += n) {
		if ((e = nq_text_escape(s, &n, buf))) {
			fputc('\\', f);
			fputs(e, f);
		} else if (n > 1) {
			fwrite(s, 1, n, f);
		} else {
			if (strchr("|\\`*_[]<>~&", *s))
				fputc('\\', f);
			fputc(*s, f);
		}
	}
}

/* s as a Markdown code span: escaped as outside text (so never a line
 * end, which could end the paragraph), between fences one backtick
 * longer than its longest run of backticks, with a blank inside each
 * fence when s starts or ends with a backtick or a blank (CommonMark
 * takes one off each side). Inside a code span nothing else is markup. */
static void md_code(FILE *f, const char *s)
{
	size_t run = 0, longest = 0, i, len = strlen(s);
	int pad = len && (s[0] == '`' || s[0] == ' ' || s[len - 1] == '`' ||
			  s[len - 1] == ' ');

	for (i = 0; i < len; i++) {
		run = s[i] == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	for (i = 0; i <= longest; i++)
		fputc('`', f);
	if (pad)
		fputc(' ', f);
	nq_text_put(f, s);
	if (pad)
		fputc(' ', f);
	for (i = 0; i <= longest; i++)
		fputc('`', f);
}

/* A path as a link destination: every byte but letters, digits and
 * "/._-~" percent-encoded, so a blank, a parenthesis or a line end
 * cannot end or break the link. */
static void md_url(FILE *f, const char *s)
{
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9') || strchr("/._-~", ch))
			fputc(ch, f);
		else
			fprintf(f, "%%%02X", ch);
	}
}

/* The hints or instance column's cell: the pre-placed queens and the
 * instance's id, as the console and the HTML say them (nq_report_inst:
 * "1:1 2:5 n8-d0932655", where the id alone told a reader nothing). */
static void md_inst(FILE *f, const nq_cell *e)
{
	char inst[512];

	fputc(' ', f);
	nq_report_inst(e, inst, sizeof inst);
	md(f, inst);
	fputs(" |", f);
}

/* The wide table: a row per instance, a column per approach (Markdown). */
static void md_wide(const struct nq_report_ctx *x, size_t m, double scale,
		    const char *unit, int hints)
{
	const nq_cells *c = x->c;
	size_t i, s;
	int ans = nq_report_mode_answers(c, m);

	fprintf(x->f, "Median %s%s%s at a glance (~ noisy; in brackets: "
		"runs that did not end ok%s):\n\n| n |%s%s",
		nq_report_name_of(c->ycol), unit[0] ? " in " : "", unit,
		ans ? "; answer: what the ok runs answered, `varies` where "
		"they differ" : "", hints == 2 ? " instance |" :
		hints ? " hints |" : "", ans ? " answer |" : "");
	for (s = 0; s < c->nseries; s++) {
		fputc(' ', x->f);
		md(x->f, c->series[s]);
		fputs(" |", x->f);
	}
	fprintf(x->f, "\n|---:|%s%s", hints ? "---|" : "", ans ? "---|" : "");
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
		if (ans) {
			fputc(' ', x->f);
			md(x->f, nq_report_inst_answer(c, i));
			fputs(" |", x->f);
		}
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
		"the ok runs, speed-up against the baseline, 95 %% "
		"intervals):\n\n| n |%s approach | median | median CI | min | "
		"max | IQR | MAD | speed-up | speed-up CI | runs | noisy |\n"
		"|---:|%s---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n",
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
		fprintf(f, " | %s%s | %s | %s | %s | %s | %s | %s | %s | %s | "
			"%s |\n", r.med, NQ_REPORT_MIXED(e), r.ci, r.mn, r.mx,
			r.iqr, r.mad, r.sp, r.spci, r.st,
			nq_stats_noisy(&e->y) ? "noisy" : "");
	}
	fputc('\n', f);
	if (c->mixed)
		fputs("† runs from more than one machine (the `host` column of "
		      "a merged file): their spread includes the machines' "
		      "difference.\n\n", f);
}

/* The randomised methods' table in Markdown: a row per instance and
 * approach with steps, side by side as the textbook's. */
static void md_randomised(const struct nq_report_ctx *x, size_t m, int hints)
{
	const nq_cells *c = x->c;
	FILE *f = x->f;
	size_t i;

	if (!nq_report_mode_randomised(c, m))
		return;
	fprintf(f, "### Randomised methods\n\n%s\n\n| n |%s approach | runs | "
		"solved | success %% | 95 %% interval | steps solved: mean | "
		"median | steps unsolved: mean | median | restarts: mean |\n"
		"|---:|%s---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
		nq_report_ls_rule(),
		hints == 2 ? " instance |" : hints ? " hints |" : "",
		hints ? "---|" : "");
	for (i = 0; i < c->ncells; i++) {
		const nq_cell *e = &c->cell[i];
		struct nq_report_ls_row r;

		if (e->mode != m || !e->randomised)
			continue;
		nq_report_ls_row_of(x, e, &r);
		fprintf(f, "| %d |", e->n);
		if (hints)
			md_inst(f, e);
		fputc(' ', f);
		md(f, c->series[e->series]);
		fprintf(f, " | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			r.runs, r.solved, r.rate, r.ci, r.ok_mean, r.ok_med,
			r.un_mean, r.un_med, r.restarts);
	}
	fputc('\n', f);
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
 * `path`: relative to the report's own folder, so a link resolves from
 * there wherever the report was written from ("../plots/x.svg", or the
 * base name when both sit in one folder); `path` as given when a folder
 * cannot be resolved. */
static void link_to(const nq_report_opts *o, const char *path, char *buf,
		    size_t len)
{
	char d[4096], from[PATH_MAX], to[PATH_MAX];
	const char *slash = strrchr(path, '/'), *a, *b;
	size_t used = 0, k;

	dir_of(o->output ? o->output : o->csv, d, sizeof d);
	if (!realpath(d, from)) {
		snprintf(buf, len, "%s", path);
		return;
	}
	dir_of(path, d, sizeof d);
	if (!realpath(d, to)) {
		snprintf(buf, len, "%s", path);
		return;
	}
	/* the folders' common part, whole components only */
	for (k = 0; from[k] && from[k] == to[k]; k++)
		;
	if (!((from[k] == '\0' || from[k] == '/') &&
	      (to[k] == '\0' || to[k] == '/')))
		while (k > 0 && from[k - 1] != '/')
			k--;
	a = from + k;
	b = to + k;
	buf[0] = '\0';
	/* up from the report's folder, then down to the plot's */
	for (; *a; a++)
		if (*a != '/' && (a == from + k || a[-1] == '/') &&
		    used < len)
			used += (size_t)snprintf(buf + used, len - used, "../");
	while (*b == '/')
		b++;
	if (*b && used < len)
		used += (size_t)snprintf(buf + used, len - used, "%s/", b);
	if (used < len)
		snprintf(buf + used, len - used, "%s", slash ? slash + 1 : path);
}

static void plots(const struct nq_report_ctx *x)
{
	static const char *const alt[NQ_PLOT__COUNT] = {
		"time against n", "cactus plot: instances solved against time",
		"model sizes against n",
		"fraction solvable and median time against the family's "
		"parameter", "two approaches against each other per instance",
		"run-time distributions: fraction of runs solved against "
		"steps and time"
	};
	char svg[4096], path[4096], link[4096], ysvg[4400], cmd[8400];
	const char *y = x->c->ycol;
	int k, any = 0, other_y = y && strcmp(y, "wall_s");

	nq_path_with_ext(x->o->csv, ".svg", svg, sizeof svg);
	fputs("## Plots\n\n", x->f);
	/* --y COL: the plot of that column against n, FILE-COL.svg (not the
	 * time plot FILE.svg: the tables show COL) */
	if (other_y) {
		nq_path_with_ext(x->o->csv, "", path, sizeof path);
		snprintf(ysvg, sizeof ysvg, "%s-%s.svg", path, y);
		if (access(ysvg, R_OK) == 0) {
			link_to(x->o, ysvg, link, sizeof link);
			fputs("![", x->f);
			md(x->f, nq_report_name_of(y));
			fputs(" against n](", x->f);
			md_url(x->f, link);
			fputs(")\n\n", x->f);
		} else {
			snprintf(cmd, sizeof cmd, "harness plot %s --y %s -o %s",
				 x->o->csv, y, ysvg);
			fputs("The plot of ", x->f);
			md_code(x->f, y);
			fputs(" is not drawn yet: ", x->f);
			md_code(x->f, cmd);
			fputs(" draws it beside the CSV.\n\n", x->f);
		}
	}
	for (k = 0; k < NQ_PLOT__COUNT; k++) {
		if (other_y && k == NQ_PLOT_TIME)
			continue;
		nq_plot_path(svg, (nq_plot_kind)k, path, sizeof path);
		if (access(path, R_OK) != 0)
			continue;
		link_to(x->o, path, link, sizeof link);
		fprintf(x->f, "![%s](", alt[k]);
		md_url(x->f, link);
		fputs(")\n\n", x->f);
		any = 1;
	}
	if (!any && !other_y) {
		snprintf(cmd, sizeof cmd, "harness plot %s --kind all",
			 x->o->csv);
		fputs("None drawn yet: ", x->f);
		md_code(x->f, cmd);
		fputs(" draws them beside the CSV.\n\n", x->f);
	}
}

/* One line of the .meta as a Markdown table row (nq_report_meta_lines):
 * a key and its value; an item of the list under a key: a warning (in
 * bold), or a program or plugin ({"k": "v", ...} without the JSON). */
static void machine_line(const char *key, const char *value, int item,
			 void *ctx)
{
	FILE *f = ctx;
	char v[4096], *w = v;
	const char *r = value;
	int warning = item && !strcmp(key, "warnings");

	if (!item) {
		/* a value: its double quotes off */
		snprintf(v, sizeof v, "%s", value + (*value == '"'));
		if (*value == '"' && v[0] && v[strlen(v) - 1] == '"')
			v[strlen(v) - 1] = '\0';
	} else {
		for (; *r && w + 1 < v + sizeof v; r++)
			if (warning ? *r != '"' || (r > value && r[-1] == '\\') :
			    *r != '{' && *r != '}' &&
			    (*r != '"' || (r > value && r[-1] == '\\')))
				*w++ = *r;
		*w = '\0';
	}
	if (item) {
		fputs(warning ? "| | **" : "| | ", f);
		md(f, v);
		fputs(warning ? "** |\n" : " |\n", f);
		return;
	}
	fputs("| ", f);
	md(f, key);
	fputs(" | ", f);
	if (!strcmp(v, "[]"))
		fputs("none", f);
	else
		md(f, v);
	fputs(" |\n", f);
}

/* The machine: the .meta file beside the CSV, shown as a table. */
static void machine(const struct nq_report_ctx *x)
{
	char meta[4096];
	FILE *m;

	nq_meta_path(x->o->csv, meta, sizeof meta);
	fputs("## The machine\n\n", x->f);
	if (!(m = fopen(meta, "r"))) {
		fputs("Not recorded: there is no ", x->f);
		md_code(x->f, meta);
		fputs(" beside the CSV (`harness run` writes it).\n", x->f);
		return;
	}
	fclose(m);
	fputs("From ", x->f);
	md_code(x->f, meta);
	fputs(":\n\n| | |\n|---|---|\n", x->f);
	nq_report_meta_lines(meta, machine_line, x->f);
	fputc('\n', x->f);
}

/* Per approach its totals (report_data.h): the table a paper compares
 * approaches by, PAR-2 and CPU time in one unit (never s beside ms). */
static int md_totals(const struct nq_report_ctx *x, const nq_table *t,
		     nq_error *err)
{
	const nq_cells *c = x->c;
	FILE *f = x->f;
	nq_report_total *tot = calloc(c->nseries + 1, sizeof *tot);
	const char *unit;
	double scale;
	char par2[64], cpu[64];
	size_t s;
	int dec;

	if (!tot)
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	if (nq_report_totals(t, x->o->csv, x->o->group, c, tot, err) < 0) {
		free(tot);
		return -1;
	}
	scale = nq_report_totals_unit(tot, nq_report_total_rows(c), &unit);
	/* 3 significant digits, to the microsecond */
	dec = scale == 1e3 ? NQ_REPORT_TIME_DECIMALS - 3 :
	      NQ_REPORT_TIME_DECIMALS;
	fprintf(f, "## Per approach\n\n| approach | instances | solved | "
		"PAR-2 (%s) | CPU (%s) | wins |\n|---|--:|--:|--:|--:|--:|\n",
		unit, unit);
	for (s = 0; s < c->nseries; s++) {
		snprintf(par2, sizeof par2, "–");
		snprintf(cpu, sizeof cpu, "–");
		if (tot[s].par2_ok)
			nq_report_number(par2, sizeof par2, tot[s].par2 * scale,
					 NQ_REPORT_SIG, dec);
		if (tot[s].cpu_ok)
			nq_report_number(cpu, sizeof cpu, tot[s].cpu_s * scale,
					 NQ_REPORT_SIG, dec);
		fputs("| ", f);
		md(f, c->series[s]);
		fprintf(f, " | %zu | %zu | %s | %s | %zu |\n", tot[s].instances,
			tot[s].solved, par2, cpu, tot[s].wins);
	}
	if (nq_report_vbs_shown(c)) {
		/* no approach: set apart, in italics, no CPU and no wins */
		snprintf(par2, sizeof par2, "–");
		if (tot[s].par2_ok)
			nq_report_number(par2, sizeof par2, tot[s].par2 * scale,
					 NQ_REPORT_SIG, dec);
		fprintf(f, "| *%s* | %zu | %zu | %s | – | – |\n",
			NQ_REPORT_VBS_NAME, tot[s].instances, tot[s].solved,
			par2);
	}
	fputs("\nAn instance is **solved** by an approach when more than half "
	      "of its runs there ended ok. **PAR-2** adds over the approach's "
	      "instances the median of its ok runs where solved and twice the "
	      "timeout where not (timeouts, failures and wrong answers alike); "
	      "lower is better, and it is given only for a time column with a "
	      "timeout for every unsolved instance. **CPU** adds cpu_s over "
	      "every run. A **win**: the approach's median is the smallest of "
	      "those that solved the instance (ties: each).", f);
	if (nq_report_vbs_shown(c))
		fputs(" The *virtual best* is no approach: per instance the "
		      "fastest approach that solved it (a wrong or disputed "
		      "answer never counts), so it solved every instance some "
		      "approach solved, and its PAR-2 adds the smallest median "
		      "of each; it has no CPU time and never a win.", f);
	if (nq_report_totals_uneven(c, tot))
		fputs(" **" NQ_REPORT_UNEVEN "**", f);
	fputs("\n\n", f);
	free(tot);
	return 0;
}

/* The document: the title and what a cell shows, the plots, per mode
 * the table at a glance and the detail table, the machine. */
static int markdown_write(const struct nq_report_ctx *x, const nq_table *t,
			  nq_error *err)
{
	const nq_cells *c = x->c;
	const nq_report_opts *o = x->o;
	FILE *f = x->f;
	size_t m, runs[NQ_ST__COUNT] = { 0 }, i;
	int st;

	for (i = 0; i < c->ncells; i++)
		for (st = 0; st < NQ_ST__COUNT; st++)
			runs[st] += c->cell[i].status[st];
	fputs("# ", f);
	md(f, c->experiment[0] ? c->experiment : "Results");
	fputs("\n\nResults: ", f);
	md_code(f, o->csv);
	fprintf(f, ", %zu runs (", c->rows);
	for (st = 0, i = 0; st < NQ_ST__COUNT; st++)
		if (runs[st])
			fprintf(f, "%s%zu %s", i++ ? ", " : "", runs[st],
				nq_status_name((nq_status)st));
	fprintf(f, "), %zu approaches", c->nseries);
	if (c->timeout_s > 0)
		fprintf(f, ", timeout %.10g s", c->timeout_s);
	fputs(".\n\n", f);
	if (o->changes) {
		char why[400];

		nq_report_changed_text(o->changes, why, sizeof why);
		fputs("**Warning:** ", f);
		md(f, why);
		fputs("\n\n", f);
	}
	fputs("Each cell is one instance and approach: the "
	      "median of ", f);
	md_code(f, c->ycol);
	fputs(" over the runs that ended ok, their spread (min, max, "
	      "interquartile range IQR = q3 - q1, median absolute "
	      "deviation MAD), and the speed-up = median of the "
	      "baseline **", f);
	md(f, c->series[x->base]);
	fprintf(f, "** / median (\"> k×\" where the baseline timed out: "
		"its time is at least the timeout). %s Runs that did not "
		"end ok are counted under runs, never dropped.\n\n",
		nq_report_noisy_rule());
	plots(x);
	if (md_totals(x, t, err) < 0)
		return -1;
	for (m = 0; m < c->nmodes; m++) {
		const char *unit;
		double scale = nq_report_unit_of(x, m, &unit);
		int hints = nq_report_mode_hints(c, m);

		fprintf(f, "## %s\n\n", nq_report_mode_title(c->modes[m]));
		md_wide(x, m, scale, unit, hints);
		md_detail(x, m, scale, unit, hints);
		md_randomised(x, m, hints);
	}
	machine(x);
	return 0;
}

static const char *const markdown_aliases[] = { "md", NULL };

const nq_report_format nq_report_markdown = {
	"markdown", markdown_aliases, ".md", &nq_report_style_plain,
	markdown_write
};
