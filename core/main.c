/*
 * main.c - the command line: a table of verbs (as git's), each with its
 * usage and help; `--help` is made from the table.
 *
 *   harness CONFIG.yaml               same as `harness run CONFIG.yaml`
 *   harness run CONFIG.yaml [-o FILE.csv] [-q]
 *   harness solve -n N [options] [APPROACH...]
 *   harness plot RESULTS.csv [-o OUT.svg|.png|.pdf] [--kind K] [--y COL]
 *   harness report RESULTS.csv [--format markdown|latex] [--baseline A]
 *   harness export -n N [--hint R:C]... --encoding E [--columns C]|--model M -o FILE
 *   harness check -n N [--hint R:C]... --placement "C1 C2 ..."
 *   harness check --from EXPORTED --solution FILE [--format F]
 *   harness list
 *   harness help [VERB]
 *   harness version
 *
 * `--plugin FILE.so` (any number, anywhere after `harness`) loads a
 * plugin before the verb runs; see include/nq_plugin.h.
 *
 * Exit status: 0 all runs finished and no answer was wrong; 1 an answer
 * was wrong; 2 bad input (nothing run, no file touched); 130 interrupted.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "atomic.h"
#include "csvread.h"
#include "experiment.h"
#include "export.h"
#include "plugin.h"
#include "plot.h"
#include "registry.h"
#include "report.h"
#include "run.h"
#include "solfile.h"
#include "validate.h"
#include "version.h"

struct verb {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *usage;
	const char *help;
};

static int cmd_run(int argc, char **argv);
static int cmd_solve(int argc, char **argv);
static int cmd_list(int argc, char **argv);
static int cmd_help(int argc, char **argv);
static int cmd_version(int argc, char **argv);
static int cmd_plot(int argc, char **argv);
static int cmd_report(int argc, char **argv);
static int cmd_export(int argc, char **argv);
static int cmd_check(int argc, char **argv);

/* The whole command line, for the metadata file beside each CSV. */
static int main_argc;
static char **main_argv;

static const struct verb verbs[] = {
	{ "run", cmd_run, "run CONFIG.yaml [-o FILE.csv] [-q]",
	  "Run an experiment file: every instance through every approach,\n"
	  "each answer validated, one CSV row per run (default\n"
	  "reports/<experiment>.csv; an existing file is kept as FILE.bak,\n"
	  "older ones as FILE.bak.1 .. FILE.bak.4; a second run on the same\n"
	  "file exits 2 naming the first one's PID).\n"
	  "  -o FILE.csv   write the CSV here instead\n"
	  "  -q, --quiet   no progress lines (the summary still prints)" },
	{ "solve", cmd_solve,
	  "solve -n N [--count] [--hint R:C]... [--timeout T] [--memory M]\n"
	  "             [--seed S] [--board] [-o FILE.csv] [APPROACH...]",
	  "Solve one instance with each APPROACH (default: every solver with\n"
	  "its defaults), through the same runner and validator as `run`.\n"
	  "APPROACH is SOLVER or SOLVER:KEY=VALUE[,KEY=VALUE...], e.g.\n"
	  "backtrack:variant=textbook or picosat:encoding=pairwise.\n"
	  "  -n N           board size\n"
	  "  --count        count the placements (default: find the first)\n"
	  "  --hint R:C     a pre-placed queen, 1-based row and column\n"
	  "  --timeout T    per run, e.g. 10s, 500ms (default 60s)\n"
	  "  --memory M     per run, e.g. 2G (default none)\n"
	  "  --seed S       for randomised solvers (default 1)\n"
	  "  --board        print the placement found (n <= 32)\n"
	  "  -o FILE.csv    also write the CSV rows" },
	{ "plot", cmd_plot,
	  "plot RESULTS.csv [-o OUT.svg|.png|.pdf] [--kind time|cactus|size|all]\n"
	  "             [--y COLUMN] [--group COL[,COL...]] [--mode MODE]\n"
	  "             [--log|--linear]",
	  "Draw a results file with gnuplot (Debian: gnuplot-nox); the picture\n"
	  "type follows OUT's extension. Defaults need no flags: the time plot\n"
	  "of wall_s, a panel per mode, a line per approach, to RESULTS.svg.\n"
	  "  --kind time    y against n: the median of the ok runs as the point,\n"
	  "                 min..max of the repetitions as the error bar; runs\n"
	  "                 not ok as markers (timeout at the timeout, memout,\n"
	  "                 crash, error, wrong answer); instances with\n"
	  "                 pre-placed queens are left to `report` (said in the\n"
	  "                 title)\n"
	  "  --kind cactus  instances solved against time, per approach\n"
	  "  --kind size    variables and clauses/rows against n, per encoding\n"
	  "  --kind all     all three: OUT, OUT-cactus, OUT-size (same type)\n"
	  "  -o OUT         where (default RESULTS with .svg)\n"
	  "  --y COLUMN     any numeric column (default wall_s): cpu_s,\n"
	  "                 peak_rss_kib, nodes, ...\n"
	  "  --group COLS   what makes a line (default solver,encoding, plus\n"
	  "                 options where one approach's rows differ)\n"
	  "  --mode MODE    one panel: first or count\n"
	  "  --log, --linear  the y axis (default log for times, or when the\n"
	  "                 values span more than 100x)\n"
	  "Exit status: 0 drawn; 2 bad input (no file, missing or unknown\n"
	  "column: the numeric ones are listed); 1 gnuplot missing or failed\n"
	  "(nothing is written: the picture is renamed into place when whole)." },
	{ "report", cmd_report,
	  "report RESULTS.csv [--format markdown|latex] [--baseline APPROACH]\n"
	  "             [-o FILE] [--y COLUMN] [--group COL[,COL...]]",
	  "Write a report of a results file: per mode, instance and approach,\n"
	  "the median of the ok runs, min, max, IQR and MAD, the statuses, the\n"
	  "speed-up against a baseline approach; a cell is noisy when (max -\n"
	  "min) / median > 10%. Markdown links the plots found beside the CSV\n"
	  "(`harness plot --kind all`) and shows the machine (RESULTS.meta).\n"
	  "  --format F     markdown (default) or latex (booktabs tables, a\n"
	  "                 longtable past 40 rows; times in s, 3 significant\n"
	  "                 digits, plain decimals; the machine as comments)\n"
	  "  --baseline A   the approach speed-ups are against, as labelled in\n"
	  "                 the table, e.g. backtrack/bitmask (default: the first)\n"
	  "  -o FILE        where (default RESULTS with .md or .tex; - stdout)\n"
	  "  --y COLUMN     the column summarised (default wall_s)\n"
	  "  --group COLS   what makes an approach (as for plot)\n"
	  "Exit status: 0 written; 2 bad input; 1 the output cannot be written." },
	{ "export", cmd_export,
	  "export -n N [--hint R:C]... --encoding NAME [--columns alo|none] -o FILE.cnf\n"
	  "             export -n N [--hint R:C]... --model NAME -o FILE.lp|FILE.mps",
	  "Write one instance as a file other tools read: DIMACS CNF through\n"
	  "any CNF encoding (comment lines \"c square R C VAR\" map each square,\n"
	  "1-based, to its variable), or CPLEX LP / free MPS through any ILP\n"
	  "model (written by GLPK; comment lines \"square R C COLUMN\").\n"
	  "Built-in or plugin (--plugin FILE.so) encodings and models alike.\n"
	  "  -n N            board size\n"
	  "  --hint R:C      a pre-placed queen (a unit clause / fixed column)\n"
	  "  --encoding E    a CNF encoding (`harness list`)\n"
	  "  --columns C     alo (default): an at-least-one clause per column\n"
	  "                  as per row, the standard model; none: rows only\n"
	  "                  (as picosat's and dimacs' option `columns`; the\n"
	  "                  header comment says which)\n"
	  "  --model M       an ILP model\n"
	  "  -o FILE         .cnf (DIMACS), .lp (CPLEX LP) or .mps (free MPS)\n"
	  "  --format F      dimacs, lp or mps, whatever FILE's extension\n"
	  "Exit status: 0 written; 2 bad input; 1 the encoder or model failed,\n"
	  "or the file cannot be written (nothing is left half-written)." },
	{ "check", cmd_check,
	  "check -n N [--hint R:C]... --placement \"C1 C2 ... CN\"\n"
	  "             check [-n N] [--hint R:C]... --from EXPORTED --solution FILE\n"
	  "                   [--format dimacs|minisat|glpsol|cbc]",
	  "Check an answer from anywhere (another solver, a student) with the\n"
	  "harness's validator.\n"
	  "  --placement P    Ci is the 1-based column of the queen in row i,\n"
	  "                   separated by blanks or commas; - reads stdin\n"
	  "  --from FILE      the file `harness export` wrote and the solver\n"
	  "                   read (.cnf, .lp, .mps): its square lines map the\n"
	  "                   squares, its first line gives n and the hints\n"
	  "                   (-n and --hint, if given, must agree)\n"
	  "  --solution FILE  the solver's answer, read directly:\n"
	  "                   dimacs   SAT-competition output, s and v lines\n"
	  "                            (cadical X.cnf > FILE)\n"
	  "                   minisat  MiniSat's result file (minisat X.cnf FILE)\n"
	  "                   glpsol   glpsol's printable solution (glpsol --lp\n"
	  "                            X.lp -o FILE; --freemps X.mps)\n"
	  "                   cbc      CBC's solution (cbc X.lp solve solu FILE)\n"
	  "  --format F       one of those; default: told from the file\n"
	  "\"none\" is read from UNSAT, glpsol's INTEGER EMPTY, CBC's\n"
	  "infeasible, and a proved optimum below n queens of a model that\n"
	  "maximizes the queens (independent-set); it is checked against OEIS\n"
	  "A000170 (no hints, n <= 27). A placement is checked square by square.\n"
	  "Exit status: 0 right (prints ok, and the placement for n <= 64); 1\n"
	  "wrong (prints why); 2 bad input, or no answer in the file (the file\n"
	  "and line named); 3 an answer the validator cannot check (\"none\"\n"
	  "with hints, or n beyond the table)." },
	{ "list", cmd_list, "list",
	  "List every solver with its options, every CNF encoding and every\n"
	  "ILP model, built-in or loaded (--plugin FILE.so), with where each\n"
	  "came from." },
	{ "help", cmd_help, "help [VERB]", "Show help for the harness or a verb." },
	{ "version", cmd_version, "version", "Print the version." },
	{ NULL, NULL, NULL, NULL }
};

static const struct verb *find_verb(const char *name)
{
	const struct verb *v;

	for (v = verbs; v->name; v++)
		if (strcmp(v->name, name) == 0)
			return v;
	return NULL;
}

static void usage_all(FILE *f)
{
	const struct verb *v;

	fprintf(f, "usage: harness CONFIG.yaml          (same as: harness run "
		   "CONFIG.yaml)\n");
	for (v = verbs; v->name; v++)
		fprintf(f, "       harness %s\n", v->usage);
	fprintf(f, "       (any verb) --plugin FILE.so   load a plugin first "
		   "(repeatable)\n");
	fprintf(f, "\nCompare ways of solving n-queens on the same instances; "
		   "every answer is\nchecked by one validator. `harness help "
		   "VERB` for more. Exit status: 0 ok,\n1 a wrong answer, 2 bad "
		   "input, 130 interrupted.\n");
}

static int bad_usage(const char *verb, const char *fmt, const char *arg)
{
	const struct verb *v = find_verb(verb);

	fprintf(stderr, "harness %s: ", verb);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nusage: harness %s\n", v ? v->usage : verb);
	return NQ_EXIT_USAGE;
}

/* The largest board, as in the experiment file. */
#define MAX_N 100000000

/* An integer flag's value, by the experiment file's rules
 * (nq_parse_int): 0 with *out set, or the usage exit (message printed). */
static int int_flag(const char *verb, const char *flag, const char *val,
		    long long min, long long max, const char *what,
		    long long *out)
{
	char msg[300];
	int rc = nq_parse_int(val, min, max, out);

	if (rc == 0)
		return 0;
	if (rc == -1)
		snprintf(msg, sizeof msg, "%s takes %s, an integer, not '%.80s'",
			 flag, what, val);
	else
		snprintf(msg, sizeof msg, "%s takes %s from %lld to %lld, "
			 "not '%.80s'", flag, what, min, max, val);
	return bad_usage(verb, "%s", msg);
}

/* --hint ROW:COL (1-based) into hints[*nh]; at most maxh of them. 0, or
 * the usage exit (message printed). */
static int hint_flag(const char *verb, const char *val, nq_square *hints,
		     int *nh, int maxh)
{
	char part[2][64], msg[300];
	const char *colon = strchr(val, ':');
	long long v[2];
	int k, rc;

	if (*nh == maxh) {
		snprintf(msg, sizeof msg, "too many hints: at most %d --hint "
			 "('%.80s' is one too many)", maxh, val);
		return bad_usage(verb, "%s", msg);
	}
	if (!colon || strchr(colon + 1, ':') ||
	    (size_t)(colon - val) >= sizeof part[0] ||
	    strlen(colon + 1) >= sizeof part[1])
		return bad_usage(verb, "--hint takes ROW:COL (1-based), not "
				 "'%s'", val);
	snprintf(part[0], sizeof part[0], "%.*s", (int)(colon - val), val);
	snprintf(part[1], sizeof part[1], "%s", colon + 1);
	for (k = 0; k < 2; k++) {
		rc = nq_parse_int(part[k], 1, MAX_N, &v[k]);
		if (rc == -1) {
			snprintf(msg, sizeof msg, "--hint takes ROW:COL "
				 "(1-based integers), not '%.80s' ('%s' is "
				 "not an integer)", val, part[k]);
			return bad_usage(verb, "%s", msg);
		}
		if (rc) {
			snprintf(msg, sizeof msg, "--hint '%.80s': %s %s is "
				 "off every board (1 to %d)", val,
				 k ? "column" : "row", part[k], MAX_N);
			return bad_usage(verb, "%s", msg);
		}
	}
	hints[*nh].row = (int)v[0] - 1;
	hints[*nh].col = (int)v[1] - 1;
	(*nh)++;
	return 0;
}

static int report_error(const nq_error *err)
{
	char buf[1024];

	nq_error_format(err, buf, sizeof buf);
	fprintf(stderr, "%s\n", buf);
	return NQ_EXIT_USAGE;
}

static int finish_run(const nq_experiment *exp, const nq_run_opts *o)
{
	nq_error err;
	int rc;

	memset(&err, 0, sizeof err);
	rc = nq_experiment_run(exp, o, &err);
	if (rc < 0)
		return report_error(&err);
	return rc;
}

static int cmd_run(int argc, char **argv)
{
	nq_run_opts o;
	nq_experiment *exp;
	nq_error err;
	const char *config = NULL;
	int i, rc;

	memset(&o, 0, sizeof o);
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-o") || !strcmp(argv[i], "--output")) {
			if (++i == argc)
				return bad_usage("run", "%s needs a file name",
						 argv[i - 1]);
			o.output = argv[i];
		} else if (!strcmp(argv[i], "-q") || !strcmp(argv[i], "--quiet")) {
			o.quiet = 1;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			char *args[] = { "help", "run", NULL };

			return cmd_help(2, args);
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return bad_usage("run", "unknown option '%s'", argv[i]);
		} else if (config) {
			return bad_usage("run", "one experiment file at a time "
					 "('%s' is one too many)", argv[i]);
		} else {
			config = argv[i];
		}
	}
	if (!config)
		return bad_usage("run", "%s", "which experiment file?");
	memset(&err, 0, sizeof err);
	if (nq_config_load(config, &exp, &err) < 0)
		return report_error(&err);
	if (!o.output)
		o.output = exp->output;
	o.argc = main_argc;
	o.argv = main_argv;
	rc = finish_run(exp, &o);
	nq_experiment_free(exp);
	return rc;
}

/* Split "SOLVER:K=V,K=V" into an approach. */
static int parse_approach(const char *text, nq_approach *a)
{
	char buf[512], *colon, *p, *save = NULL;
	const char *keys[NQ_MAX_OPTIONS * 2], *values[NQ_MAX_OPTIONS * 2];
	const nq_solver *s;
	size_t nkv = 0;
	nq_error err;

	if (snprintf(buf, sizeof buf, "%s", text) >= (int)sizeof buf)
		return bad_usage("solve", "approach '%s' is too long", text);
	colon = strchr(buf, ':');
	if (colon)
		*colon++ = '\0';
	s = nq_registry_solver(buf);
	if (!s)
		return bad_usage("solve", "unknown approach '%s' (`harness "
				 "list` shows them)", buf);
	for (p = colon ? strtok_r(colon, ",", &save) : NULL; p;
	     p = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(p, '=');

		if (!eq || nkv == NQ_MAX_OPTIONS * 2)
			return bad_usage("solve", "expected KEY=VALUE, got "
					 "'%s'", p);
		*eq = '\0';
		keys[nkv] = p;
		values[nkv++] = eq + 1;
	}
	memset(&err, 0, sizeof err);
	if (nq_approach_init(a, s, keys, values, nkv, &err) < 0) {
		fprintf(stderr, "harness solve: %s\n", err.msg);
		return NQ_EXIT_USAGE;
	}
	return 0;
}

static int cmd_solve(int argc, char **argv)
{
	nq_experiment exp;
	nq_instance_spec spec;
	nq_approach approaches[32];
	nq_square hints[64];
	nq_run_opts o;
	int i, n = 0, nh = 0, rc;
	size_t na = 0, used = 0;

	memset(&exp, 0, sizeof exp);
	memset(&spec, 0, sizeof spec);
	memset(&o, 0, sizeof o);
	exp.name = "solve";
	exp.path = "(command line)";
	exp.repeat = 1;
	exp.timeout_s = 60;
	exp.seed = 1;
	spec.inst.mode = NQ_MODE_FIRST;
	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			char *args[] = { "help", "solve", NULL };

			return cmd_help(2, args);
		} else if (!strcmp(arg, "--count")) {
			spec.inst.mode = NQ_MODE_COUNT;
		} else if (!strcmp(arg, "--first")) {
			spec.inst.mode = NQ_MODE_FIRST;
		} else if (!strcmp(arg, "--board")) {
			o.show_board = 1;
		} else if (!strcmp(arg, "-q") || !strcmp(arg, "--quiet")) {
			o.quiet = 1;
		} else if (arg[0] == '-' && arg[1] && !val) {
			return bad_usage("solve", "%s needs a value", arg);
		} else if (!strcmp(arg, "-n")) {
			long long v;

			if ((rc = int_flag("solve", arg, val, 1, MAX_N,
					   "a board size", &v)) != 0)
				return rc;
			n = (int)v;
			i++;
		} else if (!strcmp(arg, "--hint")) {
			if ((rc = hint_flag("solve", val, hints, &nh,
					    (int)(sizeof hints /
						  sizeof hints[0]))) != 0)
				return rc;
			i++;
		} else if (!strcmp(arg, "--timeout")) {
			if (nq_parse_duration(val, &exp.timeout_s) < 0 ||
			    exp.timeout_s <= 0)
				return bad_usage("solve", "--timeout takes a "
						 "duration such as 10s, not '%s'", val);
			i++;
		} else if (!strcmp(arg, "--memory")) {
			rc = nq_parse_memory(val, &exp.memory_kib);
			if (rc == -1)
				return bad_usage("solve", "--memory takes a size "
						 "such as 2G, or none, not '%s'",
						 val);
			if (rc == -2)
				return bad_usage("solve", "--memory must be "
						 "greater than 0, not '%s' (none "
						 "for no limit)", val);
			i++;
		} else if (!strcmp(arg, "--seed")) {
			if (nq_parse_u64(val, &exp.seed))
				return bad_usage("solve", "--seed takes an unsigned "
						 "64-bit integer, not '%s'", val);
			i++;
		} else if (!strcmp(arg, "-o") || !strcmp(arg, "--output")) {
			o.output = val;
			i++;
		} else if (arg[0] == '-' && arg[1]) {
			return bad_usage("solve", "unknown option '%s'", arg);
		} else {
			if (na == sizeof approaches / sizeof approaches[0])
				return bad_usage("solve", "too many approaches "
						 "(at most 32): '%s'", arg);
			if ((rc = parse_approach(arg, &approaches[na])) != 0)
				return rc;
			na++;
		}
	}
	if (n == 0)
		return bad_usage("solve", "%s", "-n N is required");
	if (nh) {
		char why[256];
		int a, b;

		if (nq_check_hints(n, hints, nh, &a, &b, why, sizeof why) < 0)
			return bad_usage("solve", "%s", why);
	}
	if (na == 0) {
		const nq_solver *s;
		nq_error err;
		size_t k;

		/* every solver that can run here: one whose program is
		 * missing (an external solver) is skipped, saying so */
		for (k = 0; (s = nq_registry_solver_at(k)) &&
			    na < sizeof approaches / sizeof approaches[0]; k++) {
			memset(&err, 0, sizeof err);
			if (nq_approach_init(&approaches[na], s, NULL, NULL, 0,
					     &err) < 0) {
				if (!o.quiet)
					fprintf(stderr, "harness solve: "
						"skipping %s\n", err.msg);
				continue;
			}
			na++;
		}
	}
	spec.inst.n = n;
	spec.inst.nhints = nh;
	spec.inst.hints = hints;
	spec.hints = hints;
	for (i = 0; i < nh; i++)
		used += (size_t)snprintf(spec.hints_text + used,
					 sizeof spec.hints_text - used, "%s%d:%d",
					 i ? " " : "", hints[i].row + 1,
					 hints[i].col + 1);
	exp.instances = &spec;
	exp.ninstances = 1;
	nq_approaches_name(approaches, na);
	exp.approaches = approaches;
	exp.napproaches = na;
	o.argc = main_argc;
	o.argv = main_argv;
	return finish_run(&exp, &o);
}

static void list_option(const nq_option *opt)
{
	char choices[512];

	nq_registry_option_choices(opt, choices, sizeof choices);
	printf("      %s = %s   (default %s)\n        %s\n", opt->key, choices,
	       opt->def, opt->help);
}

/* "[built-in]" or "[plugin FILE]" */
static const char *origin_text(const char *origin, char *buf, size_t len)
{
	if (!origin || !strcmp(origin, "built-in"))
		return "[built-in]";
	snprintf(buf, len, "[plugin %s]", origin);
	return buf;
}

static int cmd_list(int argc, char **argv)
{
	const nq_solver *s;
	const nq_cnf_encoder *e;
	const nq_ilp_model *m;
	const nq_plugin *p;
	const char *file;
	char from[300];
	size_t i;

	(void)argv;
	if (argc > 1)
		return bad_usage("list", "unexpected argument '%s'", argv[1]);
	printf("Solvers (approaches):\n");
	for (i = 0; (s = nq_registry_solver_at(i)); i++) {
		const nq_option *opt;

		printf("  %-12s %s %s\n", s->name, s->summary,
		       origin_text(nq_registry_solver_origin(i), from,
				   sizeof from));
		for (opt = s->options; opt && opt->key; opt++)
			list_option(opt);
	}
	printf("\nCNF encodings (picosat, dimacs: {encoding: NAME}):\n");
	for (i = 0; (e = nq_registry_cnf_at(i)); i++)
		printf("  %-12s %s %s\n", e->name, e->summary,
		       origin_text(nq_registry_cnf_origin(i), from,
				   sizeof from));
	printf("\nILP models (glpk, cbc: {model: NAME}):\n");
	for (i = 0; (m = nq_registry_ilp_at(i)); i++)
		printf("  %-12s %s %s\n", m->name, m->summary,
		       origin_text(nq_registry_ilp_origin(i), from,
				   sizeof from));
	for (i = 0; (p = nq_plugin_at(i, &file)); i++)
		printf("%s  %-12s %s [%s]\n", i ? "" : "\nPlugins loaded:\n",
		       p->name, p->summary ? p->summary : "", file);
	return 0;
}

static int cmd_help(int argc, char **argv)
{
	const struct verb *v;

	if (argc < 2) {
		usage_all(stdout);
		return 0;
	}
	v = find_verb(argv[1]);
	if (!v) {
		fprintf(stderr, "harness: no verb '%s'\n", argv[1]);
		usage_all(stderr);
		return NQ_EXIT_USAGE;
	}
	printf("usage: harness %s\n\n%s\n", v->usage, v->help);
	return 0;
}

static int cmd_version(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	printf("harness %s (plugin ABI %u)\n", NQ_VERSION, NQ_ABI_VERSION);
	return 0;
}

/* Read the results file of plot and report; 2 (message printed) if not. */
static int read_results(const char *verb, const char *csv, nq_table **t)
{
	nq_error err;

	if (!csv)
		return bad_usage(verb, "%s", "which results file (CSV)?");
	memset(&err, 0, sizeof err);
	if (nq_table_read(csv, t, &err) < 0)
		return report_error(&err);
	return 0;
}

static int cmd_plot(int argc, char **argv)
{
	nq_plot_opts o;
	nq_table *t = NULL;
	nq_error err;
	const char *csv = NULL, *out = NULL;
	char def[4096], path[4096];
	int i, k, all = 0, rc = 0;

	memset(&o, 0, sizeof o);
	o.scale = -1;
	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			char *args[] = { "help", "plot", NULL };

			return cmd_help(2, args);
		} else if (!strcmp(arg, "--log")) {
			o.scale = 1;
		} else if (!strcmp(arg, "--linear")) {
			o.scale = 0;
		} else if (arg[0] == '-' && arg[1] && !val) {
			return bad_usage("plot", "%s needs a value", arg);
		} else if (!strcmp(arg, "-o") || !strcmp(arg, "--output")) {
			out = argv[++i];
		} else if (!strcmp(arg, "--kind")) {
			i++;
			if (!strcmp(val, "all"))
				all = 1;
			else if ((k = nq_plot_kind_from_name(val)) >= 0)
				o.kind = (nq_plot_kind)k;
			else
				return bad_usage("plot", "--kind is time, cactus, "
						 "size or all, not '%s'", val);
		} else if (!strcmp(arg, "--y")) {
			o.y = argv[++i];
		} else if (!strcmp(arg, "--group")) {
			o.group = argv[++i];
		} else if (!strcmp(arg, "--mode")) {
			o.mode = argv[++i];
		} else if (arg[0] == '-' && arg[1]) {
			return bad_usage("plot", "unknown option '%s'", arg);
		} else if (csv) {
			return bad_usage("plot", "one results file at a time "
					 "('%s' is one too many)", arg);
		} else {
			csv = arg;
		}
	}
	if ((rc = read_results("plot", csv, &t)) != 0)
		return rc;
	if (!out) {
		nq_path_with_ext(csv, ".svg", def, sizeof def);
		out = def;
	}
	o.csv = csv;
	/* every output checked before any is written */
	for (k = all ? 0 : (int)o.kind; k <= (all ? NQ_PLOT__COUNT - 1 :
					     (int)o.kind); k++) {
		nq_plot_path(out, (nq_plot_kind)k, path, sizeof path);
		memset(&err, 0, sizeof err);
		if (nq_output_check(all ? path : out, &err)) {
			nq_table_free(t);
			return report_error(&err);
		}
	}
	for (k = all ? 0 : (int)o.kind; k <= (all ? NQ_PLOT__COUNT - 1 :
					     (int)o.kind); k++) {
		nq_plot_path(out, (nq_plot_kind)k, path, sizeof path);
		o.output = all ? path : out;
		o.kind = (nq_plot_kind)k;
		memset(&err, 0, sizeof err);
		rc = nq_plot_draw(t, &o, &err);
		if (rc == NQ_PLOT_EINPUT && all && k == NQ_PLOT_SIZE) {
			/* no sizes (only native solvers): not an error here */
			nq_error_format(&err, def, sizeof def);
			fprintf(stderr, "harness plot: no size plot: %s\n", def);
			rc = 0;
			continue;
		}
		if (rc < 0) {
			char buf[1024];

			nq_error_format(&err, buf, sizeof buf);
			fprintf(stderr, "harness plot: %s\n", buf);
			nq_table_free(t);
			return rc == NQ_PLOT_EINPUT ? NQ_EXIT_USAGE : 1;
		}
		fprintf(stderr, "harness: %s plot written to %s\n",
			nq_plot_kind_name((nq_plot_kind)k), o.output);
	}
	nq_table_free(t);
	return 0;
}

static int cmd_report(int argc, char **argv)
{
	nq_report_opts o;
	nq_table *t = NULL;
	nq_error err;
	const char *csv = NULL, *out = NULL;
	char def[4096], tmp[1024];
	FILE *f = stdout;
	nq_atomic a;
	int i, rc;

	memset(&o, 0, sizeof o);
	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			char *args[] = { "help", "report", NULL };

			return cmd_help(2, args);
		} else if (arg[0] == '-' && arg[1] && !val) {
			return bad_usage("report", "%s needs a value", arg);
		} else if (!strcmp(arg, "-o") || !strcmp(arg, "--output")) {
			out = argv[++i];
		} else if (!strcmp(arg, "--format")) {
			i++;
			if (!strcmp(val, "markdown") || !strcmp(val, "md"))
				o.format = NQ_REPORT_MARKDOWN;
			else if (!strcmp(val, "latex") || !strcmp(val, "tex"))
				o.format = NQ_REPORT_LATEX;
			else
				return bad_usage("report", "--format is markdown "
						 "or latex, not '%s'", val);
		} else if (!strcmp(arg, "--baseline")) {
			o.baseline = argv[++i];
		} else if (!strcmp(arg, "--y")) {
			o.y = argv[++i];
		} else if (!strcmp(arg, "--group")) {
			o.group = argv[++i];
		} else if (arg[0] == '-' && arg[1]) {
			return bad_usage("report", "unknown option '%s'", arg);
		} else if (csv) {
			return bad_usage("report", "one results file at a time "
					 "('%s' is one too many)", arg);
		} else {
			csv = arg;
		}
	}
	if ((rc = read_results("report", csv, &t)) != 0)
		return rc;
	if (!out) {
		nq_path_with_ext(csv, o.format == NQ_REPORT_LATEX ? ".tex" :
				 ".md", def, sizeof def);
		out = def;
	}
	o.csv = csv;
	o.output = strcmp(out, "-") ? out : NULL;
	memset(&err, 0, sizeof err);
	if (o.output && nq_output_check(o.output, &err)) {
		nq_table_free(t);
		return report_error(&err);
	}
	if (o.output) {
		/* a temp file renamed into place: never half a report */
		if (nq_atomic_open(&a, out, &err) < 0) {
			nq_table_free(t);
			nq_error_format(&err, tmp, sizeof tmp);
			fprintf(stderr, "harness report: %s\n", tmp);
			return 1;
		}
		f = a.f;
	}
	rc = nq_report_write(t, &o, f, &err);
	nq_table_free(t);
	if (!o.output)
		return rc < 0 ? report_error(&err) : 0;
	if (rc < 0) {
		nq_atomic_abort(&a);
		return report_error(&err);
	}
	if (nq_atomic_commit(&a, &err) < 0) {
		nq_error_format(&err, tmp, sizeof tmp);
		fprintf(stderr, "harness report: %s\n", tmp);
		return 1;
	}
	fprintf(stderr, "harness: report written to %s\n", out);
	return 0;
}

/* -n N and --hint R:C, shared by export and check: 1 when argv[*i] was
 * one of them (consumed), 0 when not, 2 (message printed) when bad. */
static int board_flag(const char *verb, int argc, char **argv, int *i,
		      int *n, nq_square *hints, int *nh, int maxh)
{
	const char *arg = argv[*i], *val = *i + 1 < argc ? argv[*i + 1] : NULL;
	long long v;
	int rc;

	if (strcmp(arg, "-n") && strcmp(arg, "--hint"))
		return 0;
	if (!val)
		return bad_usage(verb, "%s needs a value", arg);
	(*i)++;
	if (!strcmp(arg, "-n")) {
		if ((rc = int_flag(verb, arg, val, 1, MAX_N, "a board size",
				   &v)) != 0)
			return rc;
		*n = (int)v;
		return 1;
	}
	if ((rc = hint_flag(verb, val, hints, nh, maxh)) != 0)
		return rc;
	return 1;
}

static int check_board(const char *verb, int n, const nq_square *hints,
		       int nh)
{
	char why[256];
	int a, b;

	if (n == 0)
		return bad_usage(verb, "%s", "-n N is required");
	if (nh && nq_check_hints(n, hints, nh, &a, &b, why, sizeof why) < 0)
		return bad_usage(verb, "%s", why);
	return 0;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && !strcmp(s + ls - lx, suffix);
}

static int cmd_export(int argc, char **argv)
{
	const char *encoding = NULL, *model = NULL, *out = NULL, *fmt = NULL;
	const char *columns = NULL;
	nq_square hints[256] = { { 0, 0 } };
	nq_instance inst;
	char comment[1024], why[300];
	int i, n = 0, nh = 0, rc, used, col = -1;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			char *args[] = { "help", "export", NULL };

			return cmd_help(2, args);
		}
		rc = board_flag("export", argc, argv, &i, &n, hints, &nh, 256);
		if (rc == 1)
			continue;
		if (rc)
			return rc;
		if (arg[0] == '-' && arg[1] && !val)
			return bad_usage("export", "%s needs a value", arg);
		if (!strcmp(arg, "--encoding"))
			encoding = argv[++i];
		else if (!strcmp(arg, "--model"))
			model = argv[++i];
		else if (!strcmp(arg, "-o") || !strcmp(arg, "--output"))
			out = argv[++i];
		else if (!strcmp(arg, "--format"))
			fmt = argv[++i];
		else if (!strcmp(arg, "--columns"))
			columns = argv[++i];
		else
			return bad_usage("export", "unexpected argument '%s'",
					 arg);
	}
	if ((rc = check_board("export", n, hints, nh)) != 0)
		return rc;
	if (!encoding == !model)
		return bad_usage("export", "%s", "give one of --encoding NAME "
				 "(DIMACS) or --model NAME (LP, MPS)");
	if (!out)
		return bad_usage("export", "%s", "-o FILE is required");
	if (!fmt)
		fmt = ends_with(out, ".lp") ? "lp" : ends_with(out, ".mps") ?
		      "mps" : ends_with(out, ".cnf") || ends_with(out, ".dimacs")
		      ? "dimacs" : encoding ? "dimacs" : "lp";
	if (strcmp(fmt, "dimacs") && strcmp(fmt, "lp") && strcmp(fmt, "mps"))
		return bad_usage("export", "--format is dimacs, lp or mps, not "
				 "'%s'", fmt);
	if (encoding && strcmp(fmt, "dimacs"))
		return bad_usage("export", "an encoding is written as DIMACS "
				 "(-o FILE.cnf), not '%s'", fmt);
	if (model && !strcmp(fmt, "dimacs"))
		return bad_usage("export", "%s", "a model is written as LP or "
				 "MPS (-o FILE.lp or FILE.mps)");
	{
		nq_error err;

		memset(&err, 0, sizeof err);
		if (nq_output_check(out, &err))
			return report_error(&err);
	}
	if (columns && model)
		return bad_usage("export", "%s", "--columns is an option of "
				 "--encoding (CNF), not of --model");
	for (i = 0; columns && nq_cnf_columns_choices[i]; i++)
		if (!strcmp(columns, nq_cnf_columns_choices[i]))
			col = i;
	if (columns && col < 0)
		return bad_usage("export", "--columns is alo or none, not '%s'",
				 columns);
	if (col < 0)
		col = NQ_CNF_COLUMNS_ALO;

	memset(&inst, 0, sizeof inst);
	inst.n = n;
	inst.mode = NQ_MODE_FIRST;
	inst.nhints = nh;
	inst.hints = hints;
	used = snprintf(comment, sizeof comment, "n-queens n=%d %s %s%s%s, "
			"hints (1-based row:col):", n, encoding ? "encoding" :
			"model", encoding ? encoding : model,
			encoding ? " columns=" : "",
			encoding ? nq_cnf_columns_choices[col] : "");
	for (i = 0; i < nh && used < (int)sizeof comment - 24; i++)
		used += snprintf(comment + used, sizeof comment - used, " %d:%d",
				 hints[i].row + 1, hints[i].col + 1);
	snprintf(comment + used, sizeof comment - used, "%s\nwritten by "
		 "harness %s export", nh ? "" : " none", NQ_VERSION);

	if (encoding) {
		const nq_cnf_encoder *e = nq_registry_cnf(encoding);
		char known[512];
		nq_cnf_mem m = { 0 };
		nq_option o = { "encoding", NQ_OPT_CNF, NULL, NULL, 0, 0, NULL };

		if (!e) {
			nq_registry_option_choices(&o, known, sizeof known);
			bad_usage("export", "unknown encoding '%s'", encoding);
			fprintf(stderr, "known encodings: %s\n", known);
			return NQ_EXIT_USAGE;
		}
		rc = nq_cnf_mem_build(&m, &inst, e, (enum nq_cnf_columns)col,
				      why, sizeof why);
		if (rc == NQ_OK)
			rc = nq_cnf_mem_write_file(&m, out, comment, why,
						   sizeof why);
		if (rc == NQ_OK)
			fprintf(stderr, "harness: %s written (%d variables, "
				"%lld clauses, %lld literals)\n", out, m.nvars,
				(long long)m.nclauses, (long long)m.nlits);
		else
			fprintf(stderr, "harness export: %s\n", why);
		nq_cnf_mem_free(&m);
		return rc == NQ_OK ? 0 : 1;
	} else {
		const nq_ilp_model *md = nq_registry_ilp(model);
		char known[512];
		nq_ilp_mem *m = NULL;
		int64_t cols, rows, nz;
		nq_option o = { "model", NQ_OPT_ILP, NULL, NULL, 0, 0, NULL };

		if (!md) {
			nq_registry_option_choices(&o, known, sizeof known);
			bad_usage("export", "unknown model '%s'", model);
			fprintf(stderr, "known models: %s\n", known);
			return NQ_EXIT_USAGE;
		}
		rc = nq_ilp_mem_build(&m, &inst, md, 0, why, sizeof why);
		if (rc == NQ_OK)
			rc = nq_ilp_mem_write(m, out, strcmp(fmt, "mps") ?
					      NQ_ILP_LP : NQ_ILP_MPS, comment,
					      why, sizeof why);
		if (rc == NQ_OK) {
			nq_ilp_mem_sizes(m, &cols, &rows, &nz);
			fprintf(stderr, "harness: %s written (%lld columns, "
				"%lld rows, %lld nonzeros)\n", out,
				(long long)cols, (long long)rows,
				(long long)nz);
		} else {
			fprintf(stderr, "harness export: %s\n", why);
		}
		nq_ilp_mem_free(m);
		return rc == NQ_OK ? 0 : 1;
	}
}

/* Whether two hint lists hold the same squares (in any order). */
static int same_hints(const nq_square *a, int na, const nq_square *b, int nb)
{
	int i, j;

	if (na != nb)
		return 0;
	for (i = 0; i < na; i++) {
		for (j = 0; j < nb; j++)
			if (a[i].row == b[j].row && a[i].col == b[j].col)
				break;
		if (j == nb)
			return 0;
	}
	return 1;
}

static void print_hints(char *buf, size_t len, const nq_square *h, int nh)
{
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < nh && used + 24 < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%d:%d",
					 i ? " " : "", h[i].row + 1,
					 h[i].col + 1);
	if (!nh)
		snprintf(buf, len, "none");
}

/* A solver's "none" against what the validator knows: 0 right, 1 wrong,
 * 3 cannot be checked. */
/* A claim of "none", judged by the validator as in a run (validate.h):
 * 0 right, 1 wrong, 3 nothing could check it. */
static int check_none(int n, const nq_square *hints, int nh, const char *how)
{
	nq_instance in = { n, NQ_MODE_FIRST, nh, hints };
	nq_result none;
	nq_ledger *l = nq_ledger_new();
	const nq_verdict *v;
	long id;
	int rc;

	memset(&none, 0, sizeof none);
	none.unique = NQ_UNIQUE_NA;
	if (!l || (id = nq_ledger_add(l, &in, "the solver", &none)) < 0) {
		nq_ledger_free(l);
		fprintf(stderr, "harness check: out of memory\n");
		return 2;
	}
	v = nq_ledger_verdict(l, id);
	if (v->status != NQ_ST_OK) {
		printf("wrong: %s (the solver: %s)\n", v->note, how);
		rc = 1;
	} else if (!strcmp(v->checked, "none")) {
		printf("unchecked: the solver says there is no placement (%s); "
		       "nothing here can confirm it (n = %d%s is beyond the "
		       "tables and the validator's own count, n <= %d)\n",
		       how, n, nh ? " with pre-placed queens" : "",
		       NQ_REFERENCE_MAX_N);
		rc = 3;
	} else {
		printf("ok: there is no placement for n = %d%s (checked: %s), "
		       "as the solver says (%s)\n", n, nh ? " keeping the "
		       "pre-placed queens" : "", v->checked, how);
		rc = 0;
	}
	nq_ledger_free(l);
	return rc;
}

/* --from and --solution: the answer in a solver's own output file. */
static int check_solution(const char *from, const char *solution,
			  enum nq_sol_format fmt, int n, nq_square *hints,
			  int nh)
{
	char why[2400], how[200], have[400], said[400];
	enum nq_sol_format used = NQ_SOL_AUTO;
	int32_t *placement;
	nq_instance inst;
	nq_sqmap map;
	int rc, i, complete;

	if (nq_sqmap_read(&map, from, why, sizeof why) < 0) {
		fprintf(stderr, "harness check: %s\n", why);
		return NQ_EXIT_USAGE;
	}
	if (n && n != map.n) {
		snprintf(why, sizeof why, "-n %d, but %s was exported for "
			 "n = %d", n, from, map.n);
		nq_sqmap_free(&map);
		return bad_usage("check", "%s", why);
	}
	n = map.n;
	if (!nh && map.header_hints) {
		/* the instance exported: its pre-placed queens */
		nh = map.nhints;
		memcpy(hints, map.hints, (size_t)nh * sizeof *hints);
	} else if (map.header_hints &&
		   !same_hints(hints, nh, map.hints, map.nhints)) {
		print_hints(have, sizeof have, map.hints, map.nhints);
		print_hints(said, sizeof said, hints, nh);
		snprintf(why, sizeof why, "%s was exported with hints %s "
			 "(its first line), --hint says %s", from, have, said);
		nq_sqmap_free(&map);
		return bad_usage("check", "%s", why);
	}
	if ((rc = check_board("check", n, hints, nh)) != 0 ||
	    !(placement = malloc((size_t)n * sizeof *placement))) {
		nq_sqmap_free(&map);
		if (!rc)
			fprintf(stderr, "harness check: out of memory\n");
		return rc ? rc : 1;
	}
	rc = nq_solution_read(&map, solution, fmt, &used, placement, how,
			      sizeof how, why, sizeof why);
	nq_sqmap_free(&map);
	complete = rc == 1;
	if (rc == 1) {
		memset(&inst, 0, sizeof inst);
		inst.n = n;
		inst.mode = NQ_MODE_FIRST;
		inst.nhints = nh;
		inst.hints = hints;
		rc = nq_check_placement(&inst, placement, why, sizeof why) < 0
		     ? 2 : 1;
	}
	if (rc < 0) {
		fprintf(stderr, "harness check: %s\n", why);
		rc = NQ_EXIT_USAGE;
	} else if (rc == 0) {
		rc = check_none(n, hints, nh, how);
	} else {
		if (rc == 2)
			printf("wrong: %s (%s, read from %s as %s)\n", why,
			       how, solution, nq_sol_format_name(used));
		else
			printf("ok: a valid placement of %d queens%s (%s, "
			       "read from %s as %s)\n", n, nh ? ", keeping "
			       "every pre-placed queen" : "", how, solution,
			       nq_sol_format_name(used));
		if (n <= 64 && complete) {
			printf("placement:");
			for (i = 0; i < n; i++)
				printf(" %d", placement[i] + 1);
			printf("\n");
		}
		rc = rc == 2 ? 1 : 0;
	}
	free(placement);
	return rc;
}

static int cmd_check(int argc, char **argv)
{
	const char *text = NULL, *solution = NULL, *from = NULL;
	const char *format = NULL;
	enum nq_sol_format fmt = NQ_SOL_AUTO;
	nq_square hints[256] = { { 0, 0 } };
	nq_instance inst;
	int32_t *placement;
	char *buf = NULL, *p, *end, why[256];
	size_t len = 0, cap = 0;
	int i, n = 0, nh = 0, rc, k = 0;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];

		if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			char *args[] = { "help", "check", NULL };

			return cmd_help(2, args);
		}
		rc = board_flag("check", argc, argv, &i, &n, hints, &nh, 256);
		if (rc == 1)
			continue;
		if (rc)
			return rc;
		if ((!strcmp(arg, "--placement") || !strcmp(arg, "--solution")
		     || !strcmp(arg, "--from") || !strcmp(arg, "--format")) &&
		    i + 1 == argc)
			return bad_usage("check", "%s needs a value", arg);
		if (!strcmp(arg, "--placement"))
			text = argv[++i];
		else if (!strcmp(arg, "--solution"))
			solution = argv[++i];
		else if (!strcmp(arg, "--from"))
			from = argv[++i];
		else if (!strcmp(arg, "--format"))
			format = argv[++i];
		else
			return bad_usage("check", "unexpected argument '%s'",
					 arg);
	}
	if (text && (solution || from))
		return bad_usage("check", "%s", "give --placement, or "
				 "--from EXPORTED --solution FILE, not both");
	if (!solution != !from)
		return bad_usage("check", "%s", solution ? "--solution needs "
				 "--from EXPORTED, the file harness export wrote "
				 "(its square lines map squares to variables "
				 "or columns)" : "--from needs --solution FILE, "
				 "the solver's answer");
	if (format && !solution)
		return bad_usage("check", "%s", "--format goes with --solution");
	if (format && nq_sol_format_parse(format, &fmt) < 0)
		return bad_usage("check", "--format is dimacs, minisat, glpsol "
				 "or cbc, not '%s'", format);
	if (solution)
		return check_solution(from, solution, fmt, n, hints, nh);
	if ((rc = check_board("check", n, hints, nh)) != 0)
		return rc;
	if (!text)
		return bad_usage("check", "%s", "--placement \"C1 C2 ...\" or "
				 "--from EXPORTED --solution FILE is required");
	if (!strcmp(text, "-")) {
		int c;

		while ((c = getchar()) != EOF) {
			if (len + 1 >= cap) {
				char *grown = realloc(buf, cap = cap ? 2 * cap : 4096);

				if (!grown) {
					free(buf);
					fprintf(stderr, "harness check: out of "
						"memory\n");
					return 1;
				}
				buf = grown;
			}
			buf[len++] = (char)c;
		}
		if (!buf && !(buf = calloc(1, 1)))
			return 1;
		buf[len] = '\0';
	} else if (!(buf = strdup(text))) {
		return 1;
	}
	if (!(placement = malloc((size_t)n * sizeof *placement))) {
		free(buf);
		fprintf(stderr, "harness check: out of memory\n");
		return 1;
	}
	for (p = buf;;) {
		long long v;
		size_t tok;
		char save;

		while (*p == ' ' || *p == ',' || *p == '\t' || *p == '\n' ||
		       *p == '\r')
			p++;
		if (!*p)
			break;
		/* one token: up to the next separator */
		tok = strcspn(p, " ,\t\n\r");
		end = p + tok;
		save = *end;
		*end = '\0';
		if (k == n || nq_parse_int(p, 1, n, &v) != 0) {
			if (k == n)
				snprintf(why, sizeof why, "more than %d columns "
					 "('%.40s' is one too many)", n, p);
			else
				snprintf(why, sizeof why, "'%.40s%s' (item %d) "
					 "is not a column 1..%d", p,
					 tok > 40 ? "..." : "", k + 1, n);
			free(buf);
			free(placement);
			return bad_usage("check", "--placement: %s", why);
		}
		*end = save;
		placement[k++] = (int32_t)(v - 1);
		p = end;
	}
	free(buf);
	if (k != n) {
		free(placement);
		snprintf(why, sizeof why, "%d columns for n = %d (one per row "
			 "expected)", k, n);
		return bad_usage("check", "--placement: %s", why);
	}
	memset(&inst, 0, sizeof inst);
	inst.n = n;
	inst.mode = NQ_MODE_FIRST;
	inst.nhints = nh;
	inst.hints = hints;
	rc = nq_check_placement(&inst, placement, why, sizeof why);
	free(placement);
	if (rc < 0) {
		printf("wrong: %s\n", why);
		return 1;
	}
	printf("ok: a valid placement of %d queens%s\n", n,
	       nh ? ", keeping every pre-placed queen" : "");
	return 0;
}

/* Load the plugin of every `--plugin FILE` / `--plugin=FILE` and leave
 * the other arguments in *argv_out (a copy: main_argv keeps the whole
 * command line for the metadata file); 0, or 2 with the error printed. */
static char **plain_argv;

static int load_plugin_flags(int *argc, char **argv, char ***argv_out)
{
	int i, j = 1;

	if (!(plain_argv = malloc(((size_t)*argc + 1) * sizeof *plain_argv))) {
		fprintf(stderr, "harness: out of memory\n");
		return NQ_EXIT_USAGE;
	}
	plain_argv[0] = argv[0];
	*argv_out = plain_argv;

	for (i = 1; i < *argc; i++) {
		const char *file = NULL;
		nq_error err;

		if (!strcmp(argv[i], "--plugin")) {
			if (i + 1 == *argc) {
				fprintf(stderr, "harness: --plugin needs a "
					"file name (FILE.so)\n");
				return NQ_EXIT_USAGE;
			}
			file = argv[++i];
		} else if (!strncmp(argv[i], "--plugin=", 9)) {
			file = argv[i] + 9;
		} else {
			plain_argv[j++] = argv[i];
			continue;
		}
		memset(&err, 0, sizeof err);
		if (nq_plugin_load(file, &err) < 0) {
			char buf[1024];

			nq_error_format(&err, buf, sizeof buf);
			fprintf(stderr, "harness: %s\n", buf);
			return NQ_EXIT_USAGE;
		}
	}
	plain_argv[j] = NULL;
	*argc = j;
	return 0;
}

int main(int argc, char **argv)
{
	const struct verb *v;
	int rc;

	main_argc = argc;
	main_argv = argv;
	if ((rc = load_plugin_flags(&argc, argv, &argv)) != 0)
		return rc;

	if (argc < 2) {
		usage_all(stderr);
		return NQ_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))
		return cmd_help(1, argv);
	if (!strcmp(argv[1], "--version"))
		return cmd_version(1, argv);
	v = find_verb(argv[1]);
	if (v)
		return v->fn(argc - 1, argv + 1);
	if (argv[1][0] != '-' && access(argv[1], F_OK) == 0)
		return cmd_run(argc, argv); /* harness CONFIG.yaml ... */
	fprintf(stderr, "harness: '%s' is neither a verb nor an experiment "
		"file\n", argv[1]);
	usage_all(stderr);
	return NQ_EXIT_USAGE;
}
