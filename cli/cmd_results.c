/*
 * verbs_results.c - the verbs that read a results file: plot (gnuplot
 * pictures) and report (Markdown, LaTeX, HTML or JSON); how every verb
 * that reads one reads it (nq_verb_read_results, compare too).
 */
#include <stdio.h>
#include <string.h>
#include "atomic.h"
#include "names.h"
#include "meta.h"
#include "table.h"
#include "only.h"
#include "plot.h"
#include "report.h"
#include "run.h"
#include "tamper.h"
#include "units.h"
#include "verbs.h"

/* Whether the file is as the harness wrote it (tamper.h), from its
 * digests as the table's read checked them: said as warnings, and the
 * verb goes on with the file as it is. */
static void check_digests(const nq_verb *v, const nq_table *t)
{
	char meta[4200];

	nq_meta_path(nq_table_name(t), meta, sizeof meta);
	if (nq_tamper_tell_table(t, meta, 1))
		fprintf(stderr, "harness %s: warning: %s changed after the "
			"run wrote it (above); the %s shows it as it is now\n",
			v->name, nq_table_name(t), v->name);
}

int nq_verb_read_results(const nq_verb *v, const char *csv, nq_table **t)
{
	nq_error err;

	if (!csv)
		return nq_cli_fail(v, "%s", "which results file (CSV)?");
	memset(&err, 0, sizeof err);
	if (nq_table_read(csv, t, &err) < 0)
		return nq_cli_error(&err);
	check_digests(v, *t);
	return 0;
}

/* The --only filter against the table read: 0, or the usage exit. */
static int bind_only(nq_only *only, const nq_table *t, const char *csv)
{
	nq_error err;

	memset(&err, 0, sizeof err);
	if (only && nq_only_bind(only, t, csv, &err) < 0)
		return nq_cli_error(&err);
	return 0;
}

/* The one results file of plot and report: 0, or the usage exit. */
static int results_operand(const nq_cli *c, const char **csv)
{
	if (*csv)
		return nq_cli_fail(c->verb, "one results file at a time ('%s' "
				   "is one too many)", c->val);
	*csv = c->val;
	return 0;
}

/* One --only KEY=VALUES into `only` (made on first use): 0, or the usage
 * exit. Plot and report share it, and only.c's parser. */
static int only_arg(const nq_verb *v, nq_only **only, const char *val)
{
	char buf[1024];
	nq_error err;

	memset(&err, 0, sizeof err);
	if (!*only && !(*only = nq_only_new()))
		return nq_cli_fail(v, "%s", "out of memory");
	if (nq_only_add(*only, val, &err) < 0) {
		nq_error_format(&err, buf, sizeof buf);
		return nq_cli_fail(v, "%s", buf);
	}
	return 0;
}

#define ONLY_HELP "only these rows (again for more): approach=A,B\n" \
	"(names as the table labels them; * and ? match any),\n" \
	"n=8-12,16, mode=count; a name no row has is an error"

/* ---- plot ----------------------------------------------------------- */

/* The values of --kind and --format, for the did-you-mean. */
static const char *const kind_names[] = {
	"time", "cactus", "size", "solubility", "scatter", "all"
};
static const char *const format_names[] = {
	"markdown", "md", "latex", "tex", "html", "json"
};

enum { PLOT_KIND, PLOT_OUTPUT, PLOT_Y, PLOT_GROUP, PLOT_MODE, PLOT_LOG,
       PLOT_LINEAR, PLOT_SCATTER, PLOT_ONLY, PLOT_SIZE, PLOT_DPI };
static const nq_flag plot_flags[] = {
	[PLOT_KIND] = { "kind", 0, "K",
		"time (default): y against n: the median of the ok runs\n"
		"as the point, min..max of the repetitions as the error\n"
		"bar; runs not ok as markers (timeout at the timeout,\n"
		"memout, crash, error, wrong answer); instances with\n"
		"pre-placed queens are left to `report` (said in the title);\n"
		"a file of generated families only (placed, blocked,\n"
		"excluded): each approach's median against the family's\n"
		"parameter (m/n, b/n^2, d/(4n-2))\n"
		"cactus: instances solved against time, per approach\n"
		"size: variables and clauses/rows against n, per encoding\n"
		"solubility: the fraction of instances solvable and each\n"
		"approach's median against the variant's parameter\n"
		"(m/n placed, b/n^2 blocked, d/(4n-2) excluded)\n"
		"(docs/hard-instances.md)\n"
		"scatter: two approaches against each other, a point\n"
		"per instance (--scatter A,B; default the first two)\n"
		"all: time, cactus, size\n"
		"Each kind has its own file: RESULTS.svg (time),\n"
		"RESULTS-cactus.svg, RESULTS-size.svg, RESULTS-solubility.svg,\n"
		"RESULTS-scatter.svg" },
	[PLOT_OUTPUT] = { "output", 'o', "OUT", "where (default: the kind's file beside RESULTS, as\n"
			  "above); with --kind all: OUT, OUT-cactus, OUT-size" },
	[PLOT_Y] = { "y", 0, "COLUMN", "any numeric column (default wall_s): cpu_s,\n"
		     "peak_rss_kib, nodes, ..." },
	[PLOT_GROUP] = { "group", 0, "COLS", "what makes a line (default solver,encoding, plus\n"
			 "options where one approach's rows differ)" },
	[PLOT_MODE] = { "mode", 0, "MODE", "one panel: first or count" },
	[PLOT_LOG] = { "log", 0, NULL, "a log y axis (default for times, or when the\n"
		       "values span more than 100x); medians of 0 are left\n"
		       "out, and the key and stderr say how many" },
	[PLOT_LINEAR] = { "linear", 0, NULL, "a linear y axis" },
	[PLOT_SCATTER] = { "scatter", 0, "A,B", "the scatter plot's approaches: A across, B up" },
	[PLOT_ONLY] = { "only", 0, "KEY=VALUES", ONLY_HELP },
	[PLOT_SIZE] = { "size", 0, "WxH", "the picture's size: px (1920x1080), or in or cm\n"
			"(6x4in; a PNG at --dpi); default 640x580 px a panel" },
	[PLOT_DPI] = { "dpi", 0, "D", "PNG: pixels per inch (default 96); fonts and lines\n"
		       "grow with it, so 192 is the same picture twice as sharp" },
	{ NULL, 0, NULL, NULL }
};

/* --scatter A,B into a and b (buf holds them): 0, or the usage exit. */
static int scatter_arg(const nq_verb *v, const char *val, char *buf,
		       size_t len, const char **a, const char **b)
{
	char *comma;

	snprintf(buf, len, "%s", val);
	comma = strchr(buf, ',');
	if (!comma || comma == buf || !comma[1] || strchr(comma + 1, ','))
		return nq_cli_fail(v, "--scatter names two approaches, A,B, "
				   "not '%s'", val);
	*comma = '\0';
	*a = buf;
	*b = comma + 1;
	return 0;
}

/* Where plot's --scatter A,B is kept apart (o->scatter_a, _b point in). */
static char scatter_buf[1024];

/* Parse plot's command line: 0, or an exit status (-1 after --help). */
static int plot_args(const nq_verb *v, int argc, char **argv,
		     nq_plot_opts *o, const char **csv, const char **out,
		     int *all, nq_only **only)
{
	char buf[1024];
	nq_error err;
	nq_cli c;
	long long dpi;
	int id, k, rc = 0;

	nq_cli_start(&c, v, argc, argv);
	while (rc == 0 && (id = nq_cli_next(&c)) != NQ_CLI_END) {
		switch (id) {
		case NQ_CLI_STOP: return c.rc ? c.rc : -1;
		case PLOT_LOG: o->scale = 1; break;
		case PLOT_LINEAR: o->scale = 0; break;
		case PLOT_OUTPUT: *out = c.val; break;
		case PLOT_Y: o->y = c.val; break;
		case PLOT_GROUP: o->group = c.val; break;
		case PLOT_MODE: o->mode = c.val; break;
		case PLOT_ONLY: rc = only_arg(v, only, c.val); break;
		case PLOT_SIZE:
			memset(&err, 0, sizeof err);
			if (nq_plot_size_parse(c.val, o, &err) < 0) {
				nq_error_format(&err, buf, sizeof buf);
				rc = nq_cli_fail(v, "%s", buf);
			}
			break;
		case PLOT_DPI:
			if (nq_parse_int(c.val, NQ_PLOT_DPI_MIN, NQ_PLOT_DPI_MAX,
					 &dpi) < 0) {
				snprintf(buf, sizeof buf, "--dpi is a whole "
					 "number of %d..%d, not '%s'",
					 NQ_PLOT_DPI_MIN, NQ_PLOT_DPI_MAX, c.val);
				rc = nq_cli_fail(v, "%s", buf);
			} else {
				o->dpi = (int)dpi;
			}
			break;
		case PLOT_SCATTER:
			rc = scatter_arg(v, c.val, scatter_buf, sizeof scatter_buf,
					 &o->scatter_a, &o->scatter_b);
			break;
		case NQ_CLI_OPERAND: rc = results_operand(&c, csv); break;
		case PLOT_KIND:
			if (!strcmp(c.val, "all"))
				*all = 1;
			else if ((k = nq_plot_kind_from_name(c.val)) >= 0)
				o->kind = (nq_plot_kind)k;
			else
				rc = nq_cli_fail_choice(v, "--kind is time, "
					"cactus, size, solubility, scatter or "
					"all", c.val, kind_names, 6);
			break;
		}
	}
	return rc;
}

/* Draw each kind asked for (every output checked before any is
 * written): the exit status. `out` is the -o given, else the default
 * (own: then a single kind goes to its own file beside it too, so no
 * kind overwrites another's picture). */
static int plot_draw(nq_table *t, nq_plot_opts *o, const char *out, int all,
		     int named)
{
	int first = all ? 0 : (int)o->kind;
	int last = all ? NQ_PLOT_SIZE : (int)o->kind; /* not solubility */
	char path[4096], buf[1024];
	nq_error err;
	int k, rc, own = all || !named;

	for (k = first; k <= last; k++) {
		nq_plot_path(out, (nq_plot_kind)k, path, sizeof path);
		memset(&err, 0, sizeof err);
		o->output = own ? path : out;
		/* the script's `set output '...'` names the picture's temp
		 * file: a newline cannot be in it (names.h) */
		if (nq_name_check(o->output, "output path", "a gnuplot "
				  "script's set output", &err) ||
		    nq_output_check(o->output, &err))
			return nq_cli_error(&err);
		if (nq_plot_size_check(o, &err)) {
			fprintf(stderr, "harness plot: %s\n", err.msg);
			return NQ_EXIT_USAGE;
		}
	}
	for (k = first; k <= last; k++) {
		nq_plot_path(out, (nq_plot_kind)k, path, sizeof path);
		o->output = own ? path : out;
		o->kind = (nq_plot_kind)k;
		memset(&err, 0, sizeof err);
		rc = nq_plot_draw(t, o, &err);
		nq_error_format(&err, buf, sizeof buf);
		if (rc == NQ_PLOT_EINPUT && all && k == NQ_PLOT_SIZE) {
			/* no sizes (only native solvers): not an error here */
			fprintf(stderr, "harness plot: no size plot: %s\n", buf);
			continue;
		}
		if (rc < 0) {
			fprintf(stderr, "harness plot: %s\n", buf);
			return rc == NQ_PLOT_EINPUT ? NQ_EXIT_USAGE : 1;
		}
		fprintf(stderr, "harness: %s plot written to %s\n",
			nq_plot_kind_name((nq_plot_kind)k), o->output);
	}
	return 0;
}

static int cmd_plot(const nq_verb *v, int argc, char **argv)
{
	nq_plot_opts o;
	nq_table *t = NULL;
	nq_only *only = NULL;
	const char *csv = NULL, *out = NULL;
	char def[4096];
	int all = 0, rc;

	memset(&o, 0, sizeof o);
	o.scale = -1;
	if ((rc = plot_args(v, argc, argv, &o, &csv, &out, &all, &only)) != 0 ||
	    (rc = nq_verb_read_results(v, csv, &t)) != 0 ||
	    (rc = bind_only(only, t, csv)) != 0)
		goto out;
	if (!out)
		nq_path_with_ext(csv, ".svg", def, sizeof def);
	o.csv = csv;
	o.only = only;
	rc = plot_draw(t, &o, out ? out : def, all, out != NULL);
out:
	nq_table_free(t);
	nq_only_free(only);
	return rc < 0 ? 0 : rc;
}

const nq_verb nq_verb_plot = {
	"plot", cmd_plot,
	"plot RESULTS.csv [-o OUT.svg|.png|.pdf] [--kind time|cactus|size|solubility|scatter|all]\n"
	"             [--y COLUMN] [--group COL[,COL...]] [--mode MODE]\n"
	"             [--log|--linear] [--scatter A,B] [--only KEY=VALUES]...\n"
	"             [--size WxH] [--dpi D]",
	"Draw a results file with gnuplot (Debian: gnuplot-nox); the picture\n"
	"type follows OUT's extension. Defaults need no flags: the time plot\n"
	"of wall_s, a panel per mode, a line per approach, to RESULTS.svg.",
	plot_flags,
	"Exit status: 0 drawn; 2 bad input (no file, missing or unknown\n"
	"column: the numeric ones are listed); 1 gnuplot missing or failed\n"
	"(nothing is written: the picture is renamed into place when whole)."
};

/* ---- report --------------------------------------------------------- */

enum { REPORT_FORMAT, REPORT_BASELINE, REPORT_OUTPUT, REPORT_Y,
       REPORT_GROUP, REPORT_SCATTER, REPORT_ONLY };
static const nq_flag report_flags[] = {
	[REPORT_FORMAT] = { "format", 0, "F", "markdown (default), latex (booktabs tables, a\n"
			    "longtable past 40 rows; times in s, 3 significant\n"
			    "digits, plain decimals; the machine as comments;\n"
			    "within an article's text width: approaches by\n"
			    "letter with a key where their names do not fit),\n"
			    "html (one self-contained page: tables to sort and\n"
			    "filter, per-approach totals, the plots inside) or\n"
			    "json (every figure, for notebooks)" },
	[REPORT_BASELINE] = { "baseline", 0, "A", "the approach speed-ups are against, as labelled in\n"
			      "the table, e.g. backtrack/bitmask (default: the first)" },
	[REPORT_OUTPUT] = { "output", 'o', "FILE", "where (default RESULTS with .md or .tex; - stdout)" },
	[REPORT_Y] = { "y", 0, "COLUMN", "the column summarised (default wall_s)" },
	[REPORT_GROUP] = { "group", 0, "COLS", "what makes an approach (as for plot)" },
	[REPORT_SCATTER] = { "scatter", 0, "A,B", "html: the scatter plot's two approaches, A across,\n"
			     "B up (default: the first two)" },
	[REPORT_ONLY] = { "only", 0, "KEY=VALUES", ONLY_HELP },
	{ NULL, 0, NULL, NULL }
};

/* Parse report's command line: 0, or an exit status (-1 after --help). */
static int report_args(const nq_verb *v, int argc, char **argv,
		       nq_report_opts *o, const char **csv, const char **out,
		       nq_only **only)
{
	nq_cli c;
	int id, rc = 0;

	nq_cli_start(&c, v, argc, argv);
	while (rc == 0 && (id = nq_cli_next(&c)) != NQ_CLI_END) {
		switch (id) {
		case NQ_CLI_STOP: return c.rc ? c.rc : -1;
		case REPORT_OUTPUT: *out = c.val; break;
		case REPORT_BASELINE: o->baseline = c.val; break;
		case REPORT_Y: o->y = c.val; break;
		case REPORT_GROUP: o->group = c.val; break;
		case REPORT_ONLY: rc = only_arg(v, only, c.val); break;
		case NQ_CLI_OPERAND: rc = results_operand(&c, csv); break;
		case REPORT_SCATTER: {
			char buf[1024];
			const char *a, *b;

			rc = scatter_arg(v, c.val, buf, sizeof buf, &a, &b);
			o->scatter = c.val;
			break;
		}
		case REPORT_FORMAT:
			if (!strcmp(c.val, "markdown") || !strcmp(c.val, "md"))
				o->format = NQ_REPORT_MARKDOWN;
			else if (!strcmp(c.val, "latex") ||
				 !strcmp(c.val, "tex"))
				o->format = NQ_REPORT_LATEX;
			else if (!strcmp(c.val, "html"))
				o->format = NQ_REPORT_HTML;
			else if (!strcmp(c.val, "json"))
				o->format = NQ_REPORT_JSON;
			else
				rc = nq_cli_fail_choice(v, "--format is "
					"markdown, latex, html or json", c.val,
					format_names, 6);
			break;
		}
	}
	return rc;
}

/* The report into `out` through a temp file renamed into place (never
 * half a report): the exit status. */
static int report_to_file(nq_table *t, const nq_report_opts *o,
			  const char *out)
{
	char buf[1024];
	nq_error err;
	nq_atomic a;

	memset(&err, 0, sizeof err);
	if (nq_output_check(out, &err))
		return nq_cli_error(&err);
	if (nq_atomic_open(&a, out, &err) < 0) {
		nq_error_format(&err, buf, sizeof buf);
		fprintf(stderr, "harness report: %s\n", buf);
		return 1;
	}
	if (nq_report_write(t, o, a.f, &err) < 0) {
		nq_atomic_abort(&a);
		return nq_cli_error(&err);
	}
	if (nq_atomic_commit(&a, &err) < 0) {
		nq_error_format(&err, buf, sizeof buf);
		fprintf(stderr, "harness report: %s\n", buf);
		return 1;
	}
	/* the name as text (names.h): a file name may hold anything */
	nq_name_show(out, buf, sizeof buf);
	fprintf(stderr, "harness: report written to %s\n", buf);
	return 0;
}

static int cmd_report(const nq_verb *v, int argc, char **argv)
{
	nq_report_opts o;
	nq_table *t = NULL;
	nq_only *only = NULL;
	nq_error err;
	const char *csv = NULL, *out = NULL;
	char def[4096];
	int rc;

	memset(&o, 0, sizeof o);
	if ((rc = report_args(v, argc, argv, &o, &csv, &out, &only)) != 0 ||
	    (rc = nq_verb_read_results(v, csv, &t)) != 0 ||
	    (rc = bind_only(only, t, csv)) != 0) {
		nq_table_free(t);
		nq_only_free(only);
		return rc < 0 ? 0 : rc;
	}
	o.only = only;
	if (!out) {
		static const char *const ext[] = {
			[NQ_REPORT_MARKDOWN] = ".md", [NQ_REPORT_LATEX] = ".tex",
			[NQ_REPORT_JSON] = ".json", [NQ_REPORT_HTML] = ".html"
		};

		nq_path_with_ext(csv, ext[o.format], def, sizeof def);
		out = def;
	}
	o.csv = csv;
	o.output = strcmp(out, "-") ? out : NULL;
	if (o.output) {
		rc = report_to_file(t, &o, out);
	} else {
		memset(&err, 0, sizeof err);
		rc = nq_report_write(t, &o, stdout, &err) < 0 ?
		     nq_cli_error(&err) : 0;
	}
	nq_table_free(t);
	nq_only_free(only);
	return rc;
}

const nq_verb nq_verb_report = {
	"report", cmd_report,
	"report RESULTS.csv [--format markdown|latex|html|json] [--baseline APPROACH]\n"
	"             [-o FILE] [--y COLUMN] [--group COL[,COL...]] [--scatter A,B]\n"
	"             [--only KEY=VALUES]...",
	"Write a report of a results file: per mode, instance and approach,\n"
	"the median of the ok runs, min, max, IQR and MAD, the statuses, the\n"
	"speed-up against a baseline approach, each median and speed-up with\n"
	"its 95% bootstrap interval (exact for up to 16 runs, else 2000\n"
	"resamples from a fixed seed); a cell is\n"
	"noisy when the interval is wider than half its median. Markdown links\n"
	"the plots found beside the CSV (`harness plot --kind all`), HTML holds\n"
	"them; both show the machine (RESULTS.meta).",
	report_flags,
	"Exit status: 0 written; 2 bad input; 1 the output cannot be written."
};
