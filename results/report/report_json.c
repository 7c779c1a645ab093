/*
 * report_json.c - `harness report --format json`: every figure of the
 * report as one JSON object, for notebooks, and the format's row of
 * report.c's table. The document:
 *
 *   { "format": "harness-report", "version": 1, "file", "experiment",
 *     "changed" (changes since the harness wrote the file: 0 none),
 *     "column", "time" (is the column a time), "baseline", "timeout_s",
 *     "bootstrap": { "method", "level", "resamples", "seed" },
 *     "noisy_rule": { "interval_width_over_median" },
 *     "approaches": [ { "name", "instances", "solved", "par2", "cpu_s",
 *                       "wins" } ],
 *     "cells": [ { "mode", "n", "instance", "hints", "family", "approach",
 *                  "answer" (the ok runs' count, "found" or "none",
 *                  "varies" where they differ; null where none answered),
 *                  "runs", "statuses": { "ok": 3, ... }, "median", "median_ci"
 *                  ([lo, hi] or null), "min", "max", "q1", "q3", "iqr",
 *                  "mad", "noisy", "machines", "timeout_s",
 *                  "speedup": { "kind", "value", "ci" },
 *                  "randomised" (a cell with steps only): { "runs",
 *                    "solved", "success_rate", "success_ci" (Wilson),
 *                    "steps_solved", "steps_unsolved" ({ "count",
 *                    "mean", "median" }), "restarts_mean" } } ],
 *     "success_interval": { "method": "wilson", "level" } (with
 *       randomised cells only),
 *     "machine": { KEY: value, LIST: [items] } }
 *
 * Numbers in the column's own unit (seconds for times); null where there
 * is none (no ok run, no score). A .meta value is copied when it is JSON
 * (as the harness writes it) and written as a string when it is not.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "json.h"
#include "meta.h"
#include "report_data.h"
#include "report_common.h"

static void key(FILE *f, const char *k)
{
	nq_json_str(f, k);
	fputs(": ", f);
}

static void interval(FILE *f, int ok, double lo, double hi)
{
	if (!ok) {
		fputs("null", f);
		return;
	}
	fputc('[', f);
	nq_json_num(f, lo);
	fputs(", ", f);
	nq_json_num(f, hi);
	fputc(']', f);
}

static void num_or_null(FILE *f, int have, double v)
{
	if (have)
		nq_json_num(f, v);
	else
		fputs("null", f);
}

/* A count's figures: { "count", "mean", "median" } (null: none). */
static void effort(FILE *f, const nq_stats *s)
{
	fprintf(f, "{\"count\": %zu, \"mean\": ", s->count);
	num_or_null(f, s->count > 0, s->count ? s->sum / (double)s->count : 0);
	fputs(", \"median\": ", f);
	num_or_null(f, s->count > 0, s->median);
	fputc('}', f);
}

/* A randomised cell's figures (the table of report_common.h's
 * nq_report_ls_row, as numbers). */
static void randomised(FILE *f, const nq_cell *e)
{
	nq_interval ci;

	nq_stats_wilson(e->status[NQ_ST_OK], e->counted, &ci);
	fprintf(f, ",\n     \"randomised\": {\"runs\": %zu, \"solved\": %zu, "
		"\"success_rate\": ", e->counted, e->status[NQ_ST_OK]);
	num_or_null(f, ci.ok, ci.ok ? (double)e->status[NQ_ST_OK] /
		    (double)e->counted : 0);
	fputs(", \"success_ci\": ", f);
	interval(f, ci.ok, ci.lo, ci.hi);
	fputs(",\n       \"steps_solved\": ", f);
	effort(f, &e->steps_ok);
	fputs(", \"steps_unsolved\": ", f);
	effort(f, &e->steps_unsolved);
	fputs(", \"restarts_mean\": ", f);
	num_or_null(f, e->restarts.count > 0, e->restarts.count ?
		    e->restarts.sum / (double)e->restarts.count : 0);
	fputc('}', f);
}

static const char *const kinds[] = { NULL, "baseline", "ratio", "at_least" };

static int cell(const struct nq_report_ctx *x, const nq_cell *e)
{
	FILE *f = x->f;
	const nq_cells *c = x->c;
	struct nq_speedup sp;
	char fam[128], *h;
	int st, first = 1, have = e->y.count > 0;

	if (nq_report_speedup_of(x, e, &sp) < 0)
		return -1;
	nq_report_family(e->hints, fam, sizeof fam);
	fputs("    {", f);
	key(f, "mode");
	nq_json_str(f, c->modes[e->mode]);
	fprintf(f, ", \"n\": %d, ", e->n);
	/* the instance's id under "instance", its hints (without the
	 * bracketed id the cell's key holds) under "hints" */
	key(f, "instance");
	nq_json_str(f, e->id);
	fputs(", ", f);
	key(f, "hints");
	if (!(h = strndup(e->hints, e->hints_len)))
		return -1;
	nq_json_str(f, h);
	free(h);
	fputs(", ", f);
	key(f, "family");
	nq_json_str(f, fam);
	fputs(", ", f);
	key(f, "approach");
	nq_json_str(f, c->series[e->series]);
	fputs(", ", f);
	key(f, "answer");
	if (e->answer[0])
		nq_json_str(f, e->answer);
	else
		fputs("null", f);
	fprintf(f, ", \"runs\": %zu, \"statuses\": {", e->runs);
	for (st = 0; st < NQ_ST__COUNT; st++)
		if (e->status[st]) {
			fprintf(f, "%s\"%s\": %zu", first ? "" : ", ",
				nq_status_name((nq_status)st), e->status[st]);
			first = 0;
		}
	fputs("},\n     \"median\": ", f);
	num_or_null(f, have, e->y.median);
	fputs(", \"median_ci\": ", f);
	interval(f, e->y.has_ci, e->y.ci_lo, e->y.ci_hi);
	fputs(", \"min\": ", f);
	num_or_null(f, have, e->y.min);
	fputs(", \"max\": ", f);
	num_or_null(f, have, e->y.max);
	fputs(", \"q1\": ", f);
	num_or_null(f, have, e->y.q1);
	fputs(", \"q3\": ", f);
	num_or_null(f, have, e->y.q3);
	fputs(", \"iqr\": ", f);
	num_or_null(f, have, e->y.iqr);
	fputs(", \"mad\": ", f);
	num_or_null(f, have, e->y.mad);
	fprintf(f, ",\n     \"noisy\": %s, \"machines\": %d, \"timeout_s\": ",
		nq_stats_noisy(&e->y) ? "true" : "false", e->hosts);
	num_or_null(f, e->timeout_s > 0, e->timeout_s);
	fputs(", \"speedup\": ", f);
	if (sp.kind == NQ_SPEEDUP_NONE) {
		fputs("null", f);
	} else {
		fprintf(f, "{\"kind\": \"%s\", \"value\": ", kinds[sp.kind]);
		num_or_null(f, sp.kind != NQ_SPEEDUP_BASELINE, sp.v);
		fputs(", \"ci\": ", f);
		interval(f, sp.ci.ok, sp.ci.lo, sp.ci.hi);
		fputc('}', f);
	}
	if (e->randomised)
		randomised(f, e);
	fputc('}', f);
	return 0;
}

/* The .meta as an object: a top-level key's value, a list's items. */
struct meta_out {
	FILE *f;
	int any, in_list, items;
};

static void json_or_str(FILE *f, const char *v)
{
	if (nq_json_valid(v))
		fputs(v, f);
	else
		nq_json_str(f, v);
}

static void meta_line(const char *k, const char *v, int item, void *ctx)
{
	struct meta_out *m = ctx;

	if (item) {
		if (!m->in_list)
			return; /* an item under a key with a value */
		fputs(m->items++ ? ", " : "", m->f);
		json_or_str(m->f, v);
		return;
	}
	if (m->in_list)
		fputc(']', m->f);
	fputs(m->any++ ? ",\n    " : "\n    ", m->f);
	key(m->f, k);
	m->in_list = !v[0];
	m->items = 0;
	if (m->in_list)
		fputc('[', m->f);
	else if (!strcmp(v, "[]"))
		fputs("[]", m->f);
	else
		json_or_str(m->f, v);
}

/* The document for the report's context x (its cells, baseline, options)
 * from table t. 0, or -1 with err set (out of memory). */
static int json_write(const struct nq_report_ctx *x, const nq_table *t,
		      nq_error *err)
{
	const nq_cells *c = x->c;
	FILE *f = x->f;
	nq_report_total *tot;
	struct meta_out mo;
	char meta[4200];
	size_t s, i;

	if (!(tot = calloc(c->nseries + 1, sizeof *tot)))
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	if (nq_report_totals(t, x->o->csv, x->o->group, c, tot, err) < 0) {
		free(tot);
		return -1;
	}
	fputs("{\n  \"format\": \"harness-report\", \"version\": 1,\n  ", f);
	key(f, "file");
	nq_json_str(f, x->o->csv);
	fputs(",\n  ", f);
	key(f, "experiment");
	nq_json_str(f, c->experiment);
	/* changes since the harness wrote the file (its digests, .meta) */
	fprintf(f, ", \"changed\": %zu,\n  ", x->o->changes);
	key(f, "column");
	nq_json_str(f, c->ycol);
	fprintf(f, ", \"time\": %s,\n  ", x->time ? "true" : "false");
	key(f, "baseline");
	nq_json_str(f, c->series[x->base]);
	fputs(",\n  \"timeout_s\": ", f);
	num_or_null(f, c->timeout_s > 0, c->timeout_s);
	fprintf(f, ",\n  \"bootstrap\": {\"method\": \"percentile\", \"level\": "
		"%g, \"resamples\": %d, \"seed\": %u, \"exact_up_to\": %d},\n  \"noisy_rule\": "
		"{\"interval_width_over_median\": %g},\n  \"approaches\": [",
		NQ_BOOT_LEVEL, NQ_BOOT_RESAMPLES, (unsigned)NQ_BOOT_SEED,
		NQ_BOOT_EXACT_MAX, NQ_NOISY_WIDTH);
	for (s = 0; s < c->nseries; s++) {
		fputs(s ? ",\n    {" : "\n    {", f);
		key(f, "name");
		nq_json_str(f, c->series[s]);
		fprintf(f, ", \"instances\": %zu, \"solved\": %zu, \"par2\": ",
			tot[s].instances, tot[s].solved);
		num_or_null(f, tot[s].par2_ok, tot[s].par2);
		fputs(", \"cpu_s\": ", f);
		num_or_null(f, tot[s].cpu_ok, tot[s].cpu_s);
		fprintf(f, ", \"wins\": %zu}", tot[s].wins);
	}
	/* the virtual best apart from the approaches (a script summing
	 * them never counts it), present whatever their number */
	fprintf(f, "\n  ],\n  \"virtual_best\": {\"instances\": %zu, "
		"\"solved\": %zu, \"par2\": ", tot[s].instances,
		tot[s].solved);
	num_or_null(f, tot[s].par2_ok, tot[s].par2);
	fputs("},\n  \"cells\": [\n", f);
	for (i = 0; i < c->ncells; i++) {
		if (cell(x, &c->cell[i]) < 0) {
			free(tot);
			return nq_error_set(err, NULL, 0, 0, "out of memory");
		}
		fputs(i + 1 < c->ncells ? ",\n" : "\n", f);
	}
	fputs("  ],\n", f);
	if (c->randomised)
		fprintf(f, "  \"success_interval\": {\"method\": \"wilson\", "
			"\"level\": %g},\n", NQ_BOOT_LEVEL);
	fputs("  \"machine\": ", f);
	nq_meta_path(x->o->csv, meta, sizeof meta);
	memset(&mo, 0, sizeof mo);
	mo.f = f;
	fputc('{', f);
	if (nq_report_meta_lines(meta, meta_line, &mo) == 0) {
		if (mo.in_list)
			fputc(']', f);
		fputs(mo.any ? "\n  }" : "}", f);
	} else {
		fputc('}', f);
	}
	fputs("\n}\n", f);
	free(tot);
	return 0;
}

const nq_report_format nq_report_json = {
	"json", NULL, ".json", &nq_report_style_plain, json_write
};
