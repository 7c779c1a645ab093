/*
 * cmd_results.c - the verbs that read a results file: plot (gnuplot
 * pictures) and report (Markdown, LaTeX, HTML or JSON); how every verb
 * that reads one reads it (nq_verb_read_results, compare too).
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "atomic.h"
#include "names.h"
#include "meta.h"
#include "table.h"
#include "only.h"
#include "plot.h"
#include "report.h"
#include "rtd.h"
#include "run.h"
#include "tamper.h"
#include "units.h"
#include "verbs.h"

/* Whether the file is as the harness wrote it (tamper.h), from its
 * digests as the table's read checked them: said as warnings, and the
 * verb goes on with the file as it is. */
static size_t check_digests(const nq_verb *v, const nq_table *t)
{
	char meta[4200];
	size_t changes;

	nq_meta_path(nq_table_name(t), meta, sizeof meta);
	if ((changes = nq_tamper_tell_table(t, meta, 1)))
		fprintf(stderr, "harness %s: warning: %s changed after the "
			"run wrote it (above); the %s shows it as it is now\n",
			v->name, nq_table_name(t), v->name);
	return changes;
}

/* nq_verb_read_results, and the changes its digests found (report
 * says how many in the report itself). */
static int read_results(const nq_verb *v, const char *csv, nq_table **t,
			size_t *changes)
{
	nq_error err;
	size_t n;

	if (!csv)
		return nq_cli_fail(v, "%s", "which results file (CSV)?");
	memset(&err, 0, sizeof err);
	if (nq_table_read(csv, t, &err) < 0)
		return nq_cli_error(&err);
	n = check_digests(v, *t);
	if (changes)
		*changes = n;
	return 0;
}

int nq_verb_read_results(const nq_verb *v, const char *csv, nq_table **t)
{
	return read_results(v, csv, t, NULL);
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

/* The one results file of plot and report (the first field of their
 * args): 0, or the usage exit. */
static int results_operand(const nq_cli *c, void *args)
{
	const char **csv = args;

	if (*csv)
		return nq_cli_fail(c->verb, "one results file at a time ('%s' "
				   "is one too many)", c->val);
	*csv = c->val;
	return 0;
}

/* One --only KEY=VALUES into the nq_only * at field (made on first
 * use): 0, or the usage exit. Plot and report share it, and only.c's
 * parser. */
static int only_flag(const nq_cli *c, void *field)
{
	const nq_verb *v = c->verb;
	const char *val = c->val;
	nq_only **only = field;
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

/* The values of --kind: the plot kinds' names (plot.h), and all. */
static const char *const kind_names[] = {
	"time", "cactus", "size", "solubility", "scatter", "rtd", "all", NULL
};
#define KIND_ALL 6

/* plot's command line, as its flag rows store it */
struct plot_args {
	const char *csv;     /* first: results_operand's */
	const char *out;
	int kind;            /* in kind_names; -1: not given */
	nq_plot_opts o;
	nq_only *only;
	const char *styles;  /* --styles FILE */
};
#define PLOT_AT(field) offsetof(struct plot_args, field)

static nq_flag_fn plot_scatter_flag, plot_size_flag, only_flag;

static const nq_flag plot_flags[] = {
	{ "kind", 0, "K", NQ_FLAG_CHOICE, PLOT_AT(kind),
	  .choices = kind_names,
	  .help = "time (default): y against n: the median of the ok runs\n"
		"as the point, min..max of the repetitions as the error\n"
		"bar; runs not ok as markers (timeout at the timeout,\n"
		"memout, crash, error, wrong answer); instances with\n"
		"hints, blocked squares, excluded lines or from a file:\n"
		"a panel of their own, a point per instance and approach;\n"
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
		"rtd: run-time distributions of randomised methods\n"
		"(runs with steps: local search): the fraction of runs\n"
		"solved against steps and against time, a line per\n"
		"approach and instance; the default when every approach\n"
		"of the file is one\n"
		"all: time, cactus, size, and rtd where runs have steps\n"
		"Each kind has its own file: RESULTS.svg (time; with\n"
		"--y COL, RESULTS-COL.svg),\n"
		"RESULTS-cactus.svg, RESULTS-size.svg, RESULTS-solubility.svg,\n"
		"RESULTS-scatter.svg, RESULTS-rtd.svg" },
	{ "output", 'o', "OUT", NQ_FLAG_STRING, PLOT_AT(out),
	  .help = "where (default: the kind's file beside RESULTS, as\n"
		  "above); with --kind all: OUT, OUT-cactus, OUT-size,\n"
		  "OUT-rtd" },
	{ "y", 0, "COLUMN", NQ_FLAG_STRING, PLOT_AT(o.y),
	  .help = "any numeric column (default wall_s): cpu_s,\n"
		  "peak_rss_kib, nodes, ..." },
	{ "group", 0, "COLS", NQ_FLAG_STRING, PLOT_AT(o.group),
	  .help = "what makes a line (default solver,encoding, plus\n"
		  "options where one approach's rows differ)" },
	{ "mode", 0, "MODE", NQ_FLAG_STRING, PLOT_AT(o.mode),
	  .help = "one panel: first or count" },
	{ "log", 0, NULL, NQ_FLAG_SET, PLOT_AT(o.scale), 1,
	  .help = "a log y axis (default for times, or when the\n"
		  "values span more than 100x); medians of 0 are left\n"
		  "out, and the key and stderr say how many" },
	{ "linear", 0, NULL, NQ_FLAG_SET, PLOT_AT(o.scale), 0,
	  .help = "a linear y axis" },
	{ "scatter", 0, "A,B", NQ_FLAG_FN, PLOT_AT(o),
	  .parse = plot_scatter_flag,
	  .help = "the scatter plot's approaches: A across, B up" },
	{ "only", 0, "KEY=VALUES", NQ_FLAG_FN, PLOT_AT(only),
	  .parse = only_flag, .help = ONLY_HELP },
	{ "size", 0, "WxH", NQ_FLAG_FN, PLOT_AT(o), .parse = plot_size_flag,
	  .help = "the picture's size: px (1920x1080), or in or cm\n"
		  "(6x4in; a PNG at --dpi); default 640x580 px a panel;\n"
		  "the panels laid out to fit it (a column: 350x260)" },
	{ "panel", 0, "NAME", NQ_FLAG_STRING, PLOT_AT(o.panel),
	  .help = "draw one panel alone (a paper's column): time and\n"
		  "cactus: a mode (first, count), or time's blocked (the\n"
		  "blocked, hinted and file instances; --mode picks one\n"
		  "mode's); size: variables, constraints; rtd: steps,\n"
		  "time. A picture too small for all its panels draws\n"
		  "those that fit and names the others on stderr" },
	{ "title", 0, "TEXT", NQ_FLAG_STRING, PLOT_AT(o.title),
	  .help = "the figure's title (default: the experiment's name)" },
	{ "logx", 0, NULL, NQ_FLAG_SET, PLOT_AT(o.logx), 1,
	  .help = "a log x axis for n (default when n spans more than\n"
		  "two decades, 8..1000; the axis label says so)" },
	{ "styles", 0, "FILE", NQ_FLAG_STRING, PLOT_AT(styles),
	  .help = "pin approaches' looks for a paper: a line each,\n"
		  "APPROACH COLOUR MARKER DASH (docs/reports.md); the\n"
		  "others keep the look their label gives them" },
	{ "dpi", 0, "D", NQ_FLAG_INT, PLOT_AT(o.dpi), NQ_PLOT_DPI_MIN,
	  NQ_PLOT_DPI_MAX, .what = "pixels per inch",
	  .help = "PNG: pixels per inch (default 96); fonts and lines\n"
		  "grow with it, so 192 is the same picture twice as sharp" },
	NQ_FLAG_END
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

static int plot_scatter_flag(const nq_cli *c, void *field)
{
	nq_plot_opts *o = field;

	return scatter_arg(c->verb, c->val, scatter_buf, sizeof scatter_buf,
			   &o->scatter_a, &o->scatter_b);
}

static int plot_size_flag(const nq_cli *c, void *field)
{
	char buf[1024];
	nq_error err;

	memset(&err, 0, sizeof err);
	if (nq_plot_size_parse(c->val, field, &err) < 0) {
		nq_error_format(&err, buf, sizeof buf);
		return nq_cli_fail(c->verb, "%s", buf);
	}
	return 0;
}

/* Parse plot's command line into a: 0, or an exit status (-1 after
 * --help). */
static int plot_args(const nq_verb *v, int argc, char **argv,
		     struct plot_args *a, int *all)
{
	int rc = nq_cli_parse(v, argc, argv, a, results_operand);

	if (rc)
		return rc;
	if (a->kind == KIND_ALL)
		*all = 1;
	else if (a->kind >= 0)
		a->o.kind = (nq_plot_kind)nq_plot_kind_from_name(
			kind_names[a->kind]);
	return 0;
}

/* Draw each kind asked for (every output checked before any is
 * written): the exit status. `out` is the -o given, else the default
 * (own: then a single kind goes to its own file beside it too, so no
 * kind overwrites another's picture). */
static int plot_draw(nq_table *t, nq_plot_opts *o, const char *out, int all,
		     int named)
{
	/* all: time, cactus, size, and rtd where runs have steps (not
	 * solubility, scatter: the time plot draws a file of families,
	 * scatter asks for two approaches) */
	static const nq_plot_kind every[] = {
		NQ_PLOT_TIME, NQ_PLOT_CACTUS, NQ_PLOT_SIZE, NQ_PLOT_RTD
	};
	nq_plot_kind kinds[4];
	char path[4096], buf[1024];
	nq_error err;
	int i, k, nk = 0, rc, own = all || !named;

	if (!all)
		kinds[nk++] = o->kind;
	for (i = 0; all && i < 4; i++)
		if (every[i] != NQ_PLOT_RTD || nq_table_col(t, "steps") >= 0)
			kinds[nk++] = every[i];
	if (all && o->panel) {
		fprintf(stderr, "harness plot: --panel names one panel of one "
			"kind: give --kind too, not all\n");
		return NQ_EXIT_USAGE;
	}
	if (!all && o->panel && (o->kind == NQ_PLOT_SCATTER ||
				 o->kind == NQ_PLOT_SOLUBILITY)) {
		fprintf(stderr, "harness plot: --panel is for the time, cactus, "
			"size and rtd plots: the %s plot is one panel\n",
			nq_plot_kind_name(o->kind));
		return NQ_EXIT_USAGE;
	}
	for (i = 0; i < nk; i++) {
		k = (int)kinds[i];
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
	for (i = 0; i < nk; i++) {
		k = (int)kinds[i];
		nq_plot_path(out, (nq_plot_kind)k, path, sizeof path);
		o->output = own ? path : out;
		o->kind = (nq_plot_kind)k;
		memset(&err, 0, sizeof err);
		rc = nq_plot_draw(t, o, &err);
		nq_error_format(&err, buf, sizeof buf);
		if (rc == NQ_PLOT_EINPUT && all && k == NQ_PLOT_SIZE) {
			/* no sizes (only native solvers), or none of a whole
			 * board: not an error here */
			if (!strstr(err.msg, "the size plot draws whole"))
				fprintf(stderr, "harness: size plot skipped: no "
					"approach of %s builds a model "
					"(variables and clauses or rows)\n",
					o->csv);
			else
				fprintf(stderr, "harness: size plot skipped: "
					"%s\n", err.msg);
			continue;
		}
		if (rc == NQ_PLOT_EINPUT && all && k == NQ_PLOT_RTD)
			continue; /* a steps column, no randomised run */
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
	struct plot_args a;
	nq_style_pins pins = { NULL, 0 };
	nq_table *t = NULL;
	char def[4096];
	int all = 0, rc;

	memset(&a, 0, sizeof a);
	a.kind = -1;
	a.o.scale = -1;
	if ((rc = plot_args(v, argc, argv, &a, &all)) != 0 ||
	    (rc = nq_verb_read_results(v, a.csv, &t)) != 0 ||
	    (rc = bind_only(a.only, t, a.csv)) != 0)
		goto out;
	if (!a.out && a.o.y && strcmp(a.o.y, "wall_s")) {
		/* --y COL: RESULTS-COL.svg, the file report links for that
		 * column, never over the time plot */
		char base[2048];

		nq_path_with_ext(a.csv, "", base, sizeof base);
		if ((size_t)snprintf(def, sizeof def, "%s-%s.svg", base,
				     a.o.y) >= sizeof def)
			def[0] = '\0'; /* too long: plot_draw refuses "" */
	} else if (!a.out) {
		nq_path_with_ext(a.csv, ".svg", def, sizeof def);
	}
	a.o.csv = a.csv;
	a.o.only = a.only;
	if (a.styles) {
		nq_error err;

		memset(&err, 0, sizeof err);
		if (nq_style_pins_read(a.styles, &pins, &err) < 0) {
			rc = nq_cli_error(&err);
			goto out;
		}
		a.o.styles = &pins;
	}
	/* a file of local searches only: their run-time distribution */
	if (a.kind < 0 && nq_rtd_default(t, &a.o))
		a.o.kind = NQ_PLOT_RTD;
	rc = plot_draw(t, &a.o, a.out ? a.out : def, all, a.out != NULL);
out:
	nq_table_free(t);
	nq_only_free(a.only);
	nq_style_pins_free(&pins);
	return rc < 0 ? 0 : rc;
}

const nq_verb nq_verb_plot = {
	"plot", cmd_plot,
	"plot RESULTS.csv [-o OUT.svg|.png|.pdf] [--kind time|cactus|size|solubility|scatter|rtd|all]\n"
	"             [--y COLUMN] [--group COL[,COL...]] [--mode MODE]\n"
	"             [--log|--linear] [--scatter A,B] [--only KEY=VALUES]...\n"
	"             [--size WxH] [--dpi D] [--title TEXT] [--logx] [--styles FILE]\n"
	"             [--panel NAME]",
	"Draw a results file with gnuplot (Debian: gnuplot-nox); the picture\n"
	"type follows OUT's extension. Defaults need no flags: the time plot\n"
	"of wall_s, a panel per mode, a line per approach, to RESULTS.svg.",
	plot_flags,
	"Exit status: 0 drawn; 2 bad input (no file, missing or unknown\n"
	"column: the numeric ones are listed); 1 gnuplot missing or failed\n"
	"(nothing is written: the picture is renamed into place when whole)."
};

/* ---- report --------------------------------------------------------- */

/* report's command line, as its flag rows store it */
struct report_args {
	const char *csv;     /* first: results_operand's */
	const char *out;
	nq_report_opts o;
	nq_only *only;
	const char *styles;  /* --styles FILE */
};
#define REPORT_AT(field) offsetof(struct report_args, field)

static nq_flag_fn report_format_flag, report_scatter_flag;

static const nq_flag report_flags[] = {
	{ "format", 0, "F", NQ_FLAG_FN, REPORT_AT(o),
	  .parse = report_format_flag,
	  .help = "markdown (default), latex (booktabs tables, a\n"
		  "longtable past 40 rows; times in s, 3 significant\n"
		  "digits, plain decimals; the machine as comments;\n"
		  "within an article's text width: approaches by\n"
		  "letter with a key where their names do not fit),\n"
		  "html (one self-contained page: tables to sort and\n"
		  "filter, per-approach totals, the plots inside) or\n"
		  "json (every figure, for notebooks)" },
	{ "baseline", 0, "A", NQ_FLAG_STRING, REPORT_AT(o.baseline),
	  .help = "the approach speed-ups are against, as labelled in\n"
		  "the table, e.g. backtrack/bitmask (default: the first)" },
	{ "output", 'o', "FILE", NQ_FLAG_STRING, REPORT_AT(out),
	  .help = "where (default RESULTS with .md or .tex; - stdout)" },
	{ "y", 0, "COLUMN", NQ_FLAG_STRING, REPORT_AT(o.y),
	  .help = "the column summarised (default wall_s)" },
	{ "group", 0, "COLS", NQ_FLAG_STRING, REPORT_AT(o.group),
	  .help = "what makes an approach (as for plot)" },
	{ "scatter", 0, "A,B", NQ_FLAG_FN, REPORT_AT(o),
	  .parse = report_scatter_flag,
	  .help = "html: the scatter plot's two approaches, A across,\n"
		  "B up (default: the first two)" },
	{ "only", 0, "KEY=VALUES", NQ_FLAG_FN, REPORT_AT(only),
	  .parse = only_flag, .help = ONLY_HELP },
	{ "styles", 0, "FILE", NQ_FLAG_STRING, REPORT_AT(styles),
	  .help = "html: the plots' approaches' looks pinned, as plot\n"
		  "--styles FILE (docs/reports.md)" },
	NQ_FLAG_END
};

/* --format NAME into the nq_report_opts: 0, or the usage exit. */
static int report_format_flag(const nq_cli *c, void *field)
{
	nq_report_opts *o = field;
	const char *names[32];
	char list[256], expected[300];
	size_t n;

	if ((o->format = nq_report_format_find(c->val)))
		return 0;
	/* the formats of report.c's table named, and the nearest */
	n = nq_report_format_names(names, 32);
	nq_report_format_list(list, sizeof list);
	snprintf(expected, sizeof expected, "--format is %s", list);
	return nq_cli_fail_choice(c->verb, expected, c->val, names,
				  n < 32 ? n : 32);
}

/* --scatter A,B checked, kept whole for the report */
static int report_scatter_flag(const nq_cli *c, void *field)
{
	nq_report_opts *o = field;
	const char *a, *b;
	char buf[1024];
	int rc = scatter_arg(c->verb, c->val, buf, sizeof buf, &a, &b);

	o->scatter = c->val;
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
	struct report_args a;
	nq_report_opts o;
	nq_style_pins pins = { NULL, 0 };
	nq_table *t = NULL;
	nq_only *only;
	nq_error err;
	const char *csv, *out;
	char def[4096];
	int rc;

	memset(&a, 0, sizeof a);
	rc = nq_cli_parse(v, argc, argv, &a, results_operand);
	o = a.o;
	csv = a.csv;
	out = a.out;
	only = a.only;
	if (rc != 0 ||
	    (rc = read_results(v, csv, &t, &o.changes)) != 0 ||
	    (rc = bind_only(only, t, csv)) != 0) {
		nq_table_free(t);
		nq_only_free(only);
		return rc < 0 ? 0 : rc;
	}
	o.only = only;
	if (a.styles) {
		memset(&err, 0, sizeof err);
		if (nq_style_pins_read(a.styles, &pins, &err) < 0) {
			rc = nq_cli_error(&err);
			goto out;
		}
		o.styles = &pins;
	}
	if (!out) {
		nq_path_with_ext(csv, nq_report_format_ext(o.format), def,
				 sizeof def);
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
out:
	nq_table_free(t);
	nq_only_free(only);
	nq_style_pins_free(&pins);
	return rc;
}

const nq_verb nq_verb_report = {
	"report", cmd_report,
	"report RESULTS.csv [--format markdown|latex|html|json] [--baseline APPROACH]\n"
	"             [-o FILE] [--y COLUMN] [--group COL[,COL...]] [--scatter A,B]\n"
	"             [--only KEY=VALUES]... [--styles FILE]",
	"Write a report of a results file: per mode, instance and approach,\n"
	"the median of the ok runs, min, max, IQR and MAD, the statuses, the\n"
	"speed-up against a baseline approach, each median and speed-up with\n"
	"its 95% bootstrap interval (exact for up to 16 runs, else 2000\n"
	"resamples from a fixed seed); a cell is\n"
	"noisy when the interval is wider than half its median. Markdown links\n"
	"the plots found beside the CSV (`harness plot --kind all`), HTML holds\n"
	"them; both show the machine (RESULTS.meta). Randomised methods (runs\n"
	"with steps: local search) get a table of their own: runs, solved,\n"
	"the success rate with its 95% Wilson interval, steps when solved and\n"
	"when unsolved (mean, median), restarts (docs/reports.md).",
	report_flags,
	"Exit status: 0 written; 2 bad input; 1 the output cannot be written."
};
