/*
 * cmd_run.c - the verbs that run solvers: run (an experiment file),
 * solve (one instance from the command line) and list (what can run).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "atomic.h"
#include "boards.h"
#include "plan.h"
#include "experiment.h"
#include "instance.h"
#include "meta.h"
#include "names.h"
#include "plugin.h"
#include "registry.h"
#include "run.h"
#include "verbs.h"

/* The most approaches `solve` takes. */
#define SOLVE_MAX_APPROACHES 32

/* The results file's name: x.csv for -o x (atomic.h: nq_csv_path),
 * said once; o->output then points to *owned, which the caller frees. */
static int csv_name(nq_run_opts *o, char **owned)
{
	*owned = NULL;
	if (!o->output)
		return 0;
	if (!(*owned = nq_csv_path(o->output))) {
		fprintf(stderr, "harness: out of memory\n");
		return -1;
	}
	if (!strcmp(*owned, o->output))
		;
	else if (access(o->output, F_OK) == 0) /* (a regular file) */
		fprintf(stderr, "harness: warning: writing %s, not %s (a "
			"results file's name ends in .csv; to go on with %s, "
			"rename it %s)\n", *owned, o->output, o->output,
			*owned);
	else if (!o->quiet)
		fprintf(stderr, "harness: writing %s (a results file's name "
			"ends in .csv)\n", *owned);
	o->output = *owned;
	return 0;
}

static int finish_run(const nq_experiment *exp, nq_run_opts *o)
{
	char *owned;
	nq_error err;
	int rc;

	o->argc = nq_cli_argc;
	o->argv = nq_cli_argv;
	memset(&err, 0, sizeof err);
	if (csv_name(o, &owned) < 0)
		return NQ_EXIT_USAGE;
	/* the names the .meta holds and resume reads back: refused before
	 * anything is written when YAML cannot hold them (names.h) */
	if (o->output) {
		char meta[4200], into[300];

		nq_meta_path(o->output, meta, sizeof meta);
		nq_name_show(meta, into, sizeof into);
		if (nq_name_check(o->output, "output path", into, &err) < 0 ||
		    (exp->path && nq_name_check(exp->path, "experiment file's "
						"path", into, &err) < 0)) {
			free(owned);
			return nq_cli_error(&err);
		}
	}
	rc = nq_experiment_run(exp, o, &err);
	if (rc < 0)
		rc = nq_cli_error(&err);
	free(owned);
	return rc;
}

/* ---- run ------------------------------------------------------------ */

/* run's command line, as its flag rows store it */
struct run_args {
	const char *config;  /* first: nq_cli_config_operand's */
	nq_run_opts o;
};
#define RUN_AT(field) offsetof(struct run_args, o.field)

static nq_flag_fn shard_flag;

static const nq_flag run_flags[] = {
	{ "output", 'o', "FILE.csv", NQ_FLAG_STRING, RUN_AT(output),
	  .help = "write the CSV here instead (.csv added when missing)" },
	{ "quiet", 'q', NULL, NQ_FLAG_SET, RUN_AT(quiet), 1,
	  .help = "no progress lines (the summary still prints)" },
	{ "jobs", 'j', "N", NQ_FLAG_INT, RUN_AT(jobs), 1, NQ_MAX_JOBS,
	  .what = "a number of runs at once",
	  .help = "N runs at once, each on cores of its own (default:\n"
		  "the file's jobs:, or 1; at most the cores here)" },
	{ "shard", 0, "K/N", NQ_FLAG_FN, offsetof(struct run_args, o),
	  .parse = shard_flag,
	  .help = "only the K-th of N slices of the plan (`harness plan\n"
		  "--shards N` shows them), into\n"
		  "reports/<experiment>.shard-K-of-N.csv; `harness merge`\n"
		  "joins the slices" },
	{ "resume", 0, NULL, NQ_FLAG_SET, RUN_AT(resume), 1,
	  .help = "go on with the CSV: runs that have a row are not\n"
		  "made again; their answers are checked with the new ones" },
	{ "force", 0, NULL, NQ_FLAG_SET, RUN_AT(force), 1,
	  .help = "--resume although the experiment file or the\n"
		  "harness version differ from the CSV's .meta, or rows\n"
		  "changed since the run wrote them (named on stderr;\n"
		  "they stay marked: digest `changed`)" },
	{ "strict", 0, NULL, NQ_FLAG_SET, RUN_AT(strict), 1,
	  .help = "an answer nothing checked (checked 'none') fails\n"
		  "the run, exit 1 (as `strict: true` in the file)" },
	NQ_FLAG_END
};

/* --shard K/N into the nq_run_opts' shard_k and shard_n */
static int shard_flag(const nq_cli *c, void *field)
{
	nq_run_opts *o = field;
	char why[200];

	if (nq_parse_shard(c->val, &o->shard_k, &o->shard_n, why,
			   sizeof why) < 0)
		return nq_cli_fail(c->verb, "--shard %s", why);
	return 0;
}

/* reports/x.csv -> reports/x.shard-K-of-N.csv */
static char *shard_output(const char *out, int k, int n)
{
	size_t len = strlen(out), stem = len;
	char *p;

	if (len > 4 && !strcmp(out + len - 4, ".csv"))
		stem = len - 4;
	p = malloc(len + 64);
	if (p)
		snprintf(p, len + 64, "%.*s.shard-%d-of-%d%s", (int)stem, out,
			 k, n, out + stem);
	return p;
}

static int cmd_run(const nq_verb *v, int argc, char **argv)
{
	struct run_args a;
	nq_run_opts o;
	nq_experiment *exp;
	char *sharded = NULL;
	int rc;

	memset(&a, 0, sizeof a);
	if ((rc = nq_cli_parse(v, argc, argv, &a, nq_cli_config_operand)))
		return rc < 0 ? 0 : rc;
	o = a.o;
	if (nq_cli_config_load(v, a.config, &exp))
		return NQ_EXIT_USAGE;
	if (o.force && !o.resume) {
		nq_experiment_free(exp);
		return nq_cli_fail(v, "%s", "--force goes with --resume");
	}
	if (!o.output && o.shard_n) {
		if (!(o.output = sharded = shard_output(exp->output, o.shard_k,
							o.shard_n))) {
			nq_experiment_free(exp);
			return nq_cli_fail(v, "%s", "out of memory");
		}
	} else if (!o.output) {
		o.output = exp->output;
	}
	rc = finish_run(exp, &o);
	nq_experiment_free(exp);
	free(sharded);
	return rc;
}

const nq_verb nq_verb_run = {
	"run", cmd_run, "run CONFIG.yaml [-o FILE.csv] [-q] [-j N] [--shard K/N]\n"
	"            [--resume [--force]] [--strict]",
	"Run an experiment file: every instance through every approach,\n"
	"each answer validated, one CSV row per run (default\n"
	"reports/<experiment>.csv; an existing file is kept as FILE.bak,\n"
	"older ones as FILE.bak.1 .. FILE.bak.4; a second run on the same\n"
	"file, by any name (-o x is x.csv; a hard link), exits 2 naming\n"
	"the first one's PID).",
	run_flags, NULL
};

/* ---- solve ---------------------------------------------------------- */

/* solve's command line, as its flag rows store it; solve_args copies
 * it into the experiment of one instance that solve runs */
struct solve_args {
	nq_board_args b;
	nq_run_opts o;
	int mode;                /* enum nq_mode */
	double timeout_s;
	uint64_t memory_kib, disk_kib, seed;
	int processes;
	int unique;              /* --unique: one board per symmetry class */
	const char *svg;         /* --svg FILE: the boards drawn there */
	nq_experiment *exp;      /* the approaches go there */
};
#define SOLVE_AT(field) offsetof(struct solve_args, field)

static const nq_flag solve_flags[] = {
	NQ_FLAG_BOARD_N(struct solve_args, b, "board size"),
	{ "count", 0, NULL, NQ_FLAG_SET, SOLVE_AT(mode), NQ_MODE_COUNT,
	  .help = "count the placements (default: find the first)" },
	{ "first", 0, NULL, NQ_FLAG_SET, SOLVE_AT(mode), NQ_MODE_FIRST,
	  .help = "find the first placement (the default)" },
	NQ_FLAG_BOARD_HINT(struct solve_args, b,
			   "a pre-placed queen, 1-based row and column\n"
			   "(repeatable)"),
	{ "timeout", 0, "T", NQ_FLAG_DURATION, SOLVE_AT(timeout_s),
	  .help = "per run, e.g. 10s, 500ms (default 60s)" },
	{ "memory", 0, "M", NQ_FLAG_SIZE, SOLVE_AT(memory_kib),
	  .help = "per run, e.g. 2G (default none)" },
	{ "disk", 0, "D", NQ_FLAG_SIZE, SOLVE_AT(disk_kib),
	  .help = "bytes a run may write, e.g. 10M, or none\n"
		  "(default 1G, or half the free space if less)" },
	{ "processes", 0, "P", NQ_FLAG_INT, SOLVE_AT(processes), 1, 4194304,
	  .help = "the most processes and threads a run may have\n"
		  "(default 512)" },
	{ "seed", 0, "S", NQ_FLAG_U64, SOLVE_AT(seed),
	  .help = "for randomised solvers (default 1)" },
	{ "board", 0, NULL, NQ_FLAG_SET, SOLVE_AT(o.show_board), 1,
	  .help = "print the placement found (n <= 32); with --count,\n"
		  "every placement, numbered (n <= 12)" },
	{ "unique", 0, NULL, NQ_FLAG_SET, SOLVE_AT(unique), 1,
	  .help = "with --count --board or --svg: one placement per\n"
		  "class of the eight symmetries, the smallest of its\n"
		  "images (no --hint)" },
	{ "svg", 0, "FILE.svg", NQ_FLAG_STRING, SOLVE_AT(svg),
	  .help = "with --count: every placement drawn into one SVG,\n"
		  "a grid of boards numbered 1, 2, ... (n <= 12)" },
	{ "output", 'o', "FILE.csv", NQ_FLAG_STRING, SOLVE_AT(o.output),
	  .help = "also write the CSV rows" },
	{ "quiet", 'q', NULL, NQ_FLAG_SET, SOLVE_AT(o.quiet), 1,
	  .help = "no progress lines" },
	NQ_FLAG_END
};

/* Split "SOLVER:K=V,K=V" into an approach (solve's operands, trace's). */
int nq_verb_parse_approach(const nq_verb *v, const char *text,
			   nq_approach *a)
{
	char buf[512], *colon, *p, *save = NULL;
	const char *keys[NQ_MAX_OPTIONS * 2], *values[NQ_MAX_OPTIONS * 2];
	const nq_solver *s;
	size_t nkv = 0;
	nq_error err;

	if (snprintf(buf, sizeof buf, "%s", text) >= (int)sizeof buf)
		return nq_cli_fail(v, "approach '%s' is too long", text);
	colon = strchr(buf, ':');
	if (colon)
		*colon++ = '\0';
	s = nq_registry_solver(buf);
	if (!s) {
		const char *names[NQ_REGISTRY_MAX_NAMES];
		size_t n = nq_registry_solver_names(names,
						    NQ_REGISTRY_MAX_NAMES);

		char why[300], msg[900];

		if (nq_suggest(buf, names, n)) {
			nq_choice(buf, names, n, why, sizeof why);
			snprintf(msg, sizeof msg, "unknown approach '%s' (%s)",
				 buf, why);
			return nq_cli_fail(v, "%s", msg);
		}
		return nq_cli_fail(v, "unknown approach '%s' (`harness list` "
				   "shows them)", buf);
	}
	for (p = colon ? strtok_r(colon, ",", &save) : NULL; p;
	     p = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(p, '=');

		if (!eq || nkv == NQ_MAX_OPTIONS * 2)
			return nq_cli_fail(v, "expected KEY=VALUE, got '%s'",
					   p);
		*eq = '\0';
		keys[nkv] = p;
		values[nkv++] = eq + 1;
	}
	memset(&err, 0, sizeof err);
	if (nq_approach_init(a, s, keys, values, nkv, &err) < 0) {
		fprintf(stderr, "harness %s: %s\n", v->name, err.msg);
		return NQ_EXIT_USAGE;
	}
	return 0;
}

/* Every solver that can run here, with its defaults: one whose program
 * is missing (an external solver) is skipped, saying so. */
static void default_approaches(nq_experiment *exp, int quiet)
{
	const nq_solver *s;
	nq_error err;
	size_t k;

	for (k = 0; (s = nq_registry_solver_at(k)) &&
		    exp->napproaches < SOLVE_MAX_APPROACHES; k++) {
		if (!strcmp(s->name, NQ_PORTFOLIO))
			continue; /* it has no default members */
		memset(&err, 0, sizeof err);
		if (nq_approach_init(&exp->approaches[exp->napproaches], s,
				     NULL, NULL, 0, &err) < 0) {
			if (!quiet)
				fprintf(stderr, "harness solve: skipping %s\n",
					err.msg);
			continue;
		}
		exp->napproaches++;
	}
}

/* The board into the experiment's one instance (which owns a copy of
 * the hints), with the CSV `hints` text: 0, or the usage exit. */
static int solve_instance(const nq_verb *v, const nq_board_args *b,
			  nq_instance_spec *spec)
{
	int rc = nq_spec_fill(spec, b->n, spec->inst.mode, b->hints,
			      b->nhints, NULL, 0, NULL, 0, NULL, 0);

	if (rc == -2) {
		char msg[160];

		/* as the experiment file's rule */
		snprintf(msg, sizeof msg, "--hint: too many for the CSV hints "
			 "column (at most %zu characters as \"r:c r:c\")",
			 sizeof spec->hints_text - 1);
		return nq_cli_fail(v, "%s", msg);
	}
	if (rc < 0) {
		fprintf(stderr, "harness solve: out of memory\n");
		return 1;
	}
	return 0;
}

/* An APPROACH operand into the experiment: 0, or the usage exit. */
static int approach_operand(const nq_cli *c, void *args)
{
	nq_experiment *exp = ((struct solve_args *)args)->exp;
	int rc;

	if (exp->napproaches == SOLVE_MAX_APPROACHES)
		return nq_cli_fail(c->verb, "too many approaches (at most 32): "
				   "'%s'", c->val);
	rc = nq_verb_parse_approach(c->verb, c->val,
			    &exp->approaches[exp->napproaches]);
	if (rc == 0)
		exp->napproaches++;
	return rc;
}

/* What solve --count draws after the runs: --board, --unique, --svg. */
struct solve_draw {
	int text, unique;
	const char *svg;
};

/* --board, --unique and --svg together: 0, or the usage exit. */
static int draw_check(const nq_verb *v, const struct solve_args *a)
{
	char num[16];

	if ((a->unique || a->svg) && a->mode != NQ_MODE_COUNT)
		return nq_cli_fail(v, "%s", "--unique and --svg go with --count "
				   "(every placement drawn)");
	if (a->unique && !a->o.show_board && !a->svg)
		return nq_cli_fail(v, "%s", "--unique goes with --board or "
				   "--svg FILE");
	if (a->unique && a->b.nhints)
		return nq_cli_fail(v, "%s", "--unique draws the classes of the "
				   "empty board: a pre-placed queen does not "
				   "survive a turn (leave out --hint)");
	nq_error err;

	/* a path that cannot be written is refused before the runs */
	memset(&err, 0, sizeof err);
	if (a->svg && nq_output_check(a->svg, &err) < 0)
		return nq_cli_error(&err);
	_Static_assert(NQ_BOARDS_MAX_N == 12, "the message below says 12");
	if (a->mode == NQ_MODE_COUNT && (a->o.show_board || a->svg) &&
	    a->b.n > NQ_BOARDS_MAX_N) {
		snprintf(num, sizeof num, "%d", a->b.n);
		return nq_cli_fail(v, "--count --board and --svg draw every "
				   "placement of n <= 12 (14,200 boards at "
				   "12), not n = %s", num);
	}
	return 0;
}

/* Parse solve's command line into exp and o: 0, or an exit status (-1
 * after --help). */
static int solve_args(const nq_verb *v, int argc, char **argv,
		      nq_experiment *exp, nq_run_opts *o,
		      struct solve_draw *draw)
{
	struct solve_args a = {
		.mode = NQ_MODE_FIRST, .timeout_s = 60,
		.disk_kib = NQ_DISK_DEFAULT,
		.processes = NQ_PROCESSES_DEFAULT, .seed = 1, .exp = exp
	};
	int rc;

	if ((rc = nq_cli_parse(v, argc, argv, &a, approach_operand)))
		return rc;
	*o = a.o;
	exp->instances[0].inst.mode = (enum nq_mode)a.mode;
	exp->timeout_s = a.timeout_s;
	exp->memory_kib = a.memory_kib;
	exp->disk_kib = a.disk_kib;
	exp->processes = a.processes;
	exp->seed = a.seed;
	if ((rc = nq_cli_board_check(v, &a.b)) != 0 ||
	    (rc = draw_check(v, &a)) != 0)
		return rc;
	if (a.mode == NQ_MODE_COUNT) {
		draw->text = a.o.show_board;
		draw->unique = a.unique;
		draw->svg = a.svg;
	}
	if (exp->napproaches == 0)
		default_approaches(exp, o->quiet);
	return solve_instance(v, &a.b, &exp->instances[0]);
}

/* solve --count --board / --svg: every placement (or one per class),
 * each checked by the validator, drawn after the runs (boards.h). 0, or
 * the exit status of a failure (said). */
static int draw_boards(const nq_instance *in, const struct solve_draw *d)
{
	const char *what = d->unique ? "class" : "placement";
	nq_boards b;
	nq_atomic out;
	nq_error err;
	char title[200];

	memset(&err, 0, sizeof err);
	if (nq_boards_list(in, d->unique, &b, &err) < 0) {
		fprintf(stderr, "harness solve: %s\n", err.msg);
		return NQ_EXIT_USAGE;
	}
	if (d->text) {
		printf("%zu %s%s of n = %d%s, each checked by the validator%s:\n",
		       b.count, d->unique ? "classes" : "placements",
		       d->unique ? " (up to the board's eight symmetries)" : "",
		       in->n, in->nhints ? " (Q: a pre-placed queen)" : "",
		       d->unique ? "; each drawn as the smallest of its eight "
		       "images, rows read top down" : "");
		nq_boards_text(&b, in, what, stdout);
	}
	if (d->svg) {
		snprintf(title, sizeof title, "n = %d: %zu %s%s", in->n, b.count,
			 d->unique ? "placements up to symmetry" : "placements",
			 in->nhints ? " with the pre-placed queens (red)" : "");
		if (nq_atomic_open(&out, d->svg, &err) < 0) {
			nq_boards_free(&b);
			return nq_cli_error(&err);
		}
		if (nq_boards_svg(&b, in, title, out.f) < 0) {
			nq_atomic_abort(&out);
			nq_boards_free(&b);
			fprintf(stderr, "harness solve: writing %s failed\n",
				d->svg);
			return 1;
		}
		if (nq_atomic_commit(&out, &err) < 0) {
			nq_boards_free(&b);
			return nq_cli_error(&err);
		}
		fprintf(stderr, "harness solve: %zu boards drawn in %s\n",
			b.count, d->svg);
	}
	nq_boards_free(&b);
	return 0;
}

static int cmd_solve(const nq_verb *v, int argc, char **argv)
{
	nq_experiment *exp = calloc(1, sizeof *exp);
	struct solve_draw draw = { 0, 0, NULL };
	nq_run_opts o;
	int rc;

	memset(&o, 0, sizeof o);
	/* owned as the loader's are: nq_experiment_free frees it all */
	if (!exp || !(exp->name = strdup("solve")) ||
	    !(exp->path = strdup("(command line)")) ||
	    !(exp->instances = calloc(1, sizeof *exp->instances)) ||
	    !(exp->approaches = calloc(SOLVE_MAX_APPROACHES,
				       sizeof *exp->approaches))) {
		nq_experiment_free(exp);
		fprintf(stderr, "harness solve: out of memory\n");
		return 1;
	}
	exp->ninstances = 1;
	exp->repeat = 1;
	exp->jobs = 1;
	rc = solve_args(v, argc, argv, exp, &o, &draw);
	if (rc == 0) {
		nq_approaches_name(exp->approaches, exp->napproaches);
		o.show_board = o.show_board && !draw.text; /* first mode's */
		rc = finish_run(exp, &o);
		if (rc == 0 && (draw.text || draw.svg))
			rc = draw_boards(&exp->instances[0].inst, &draw);
	} else if (rc < 0) {
		rc = 0; /* --help */
	}
	nq_experiment_free(exp);
	return rc;
}

const nq_verb nq_verb_solve = {
	"solve", cmd_solve,
	"solve -n N [--count] [--hint R:C]... [--timeout T] [--memory M]\n"
	"             [--disk D] [--processes P] [--seed S] [--board]\n"
	"             [--unique] [--svg FILE.svg] [-o FILE.csv] [APPROACH...]",
	"Solve one instance with each APPROACH (default: every solver with\n"
	"its defaults), through the same runner and validator as `run`.\n"
	"APPROACH is SOLVER or SOLVER:KEY=VALUE[,KEY=VALUE...], e.g.\n"
	"backtrack:variant=textbook or picosat:encoding=pairwise.\n"
	"With --count, --board prints every placement after the runs and\n"
	"--svg FILE.svg draws them all in one SVG (n <= 12: 92 for n = 8;\n"
	"--unique: one per symmetry class, 12), each checked by the\n"
	"validator.",
	solve_flags, NULL
};

/* ---- list ----------------------------------------------------------- */

static const nq_flag no_flags[] = { NQ_FLAG_END };

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

/* The width of list's name column: the longest name of every table. */
static int list_width(void)
{
	const nq_solver *s;
	const nq_cnf_encoder *e;
	const nq_ilp_model *m;
	const nq_plugin *p;
	const char *file;
	size_t i, w = 12;

	for (i = 0; (s = nq_registry_solver_at(i)); i++)
		w = strlen(s->name) > w ? strlen(s->name) : w;
	for (i = 0; (e = nq_registry_cnf_at(i)); i++)
		w = strlen(e->name) > w ? strlen(e->name) : w;
	for (i = 0; (m = nq_registry_ilp_at(i)); i++)
		w = strlen(m->name) > w ? strlen(m->name) : w;
	for (i = 0; (p = nq_plugin_at(i, &file)); i++)
		w = p->name && strlen(p->name) > w ? strlen(p->name) : w;
	return w > 60 ? 60 : (int)w;
}

static void list_all(void)
{
	int w = list_width();
	const nq_solver *s;
	const nq_cnf_encoder *e;
	const nq_ilp_model *m;
	const nq_plugin *p;
	const char *file;
	char from[300];
	size_t i;

	printf("Solvers (approaches):\n");
	for (i = 0; (s = nq_registry_solver_at(i)); i++) {
		const nq_option *opt;

		printf("  %-*s %s %s\n", w, s->name, s->summary,
		       origin_text(nq_registry_solver_origin(i), from,
				   sizeof from));
		for (opt = s->options; opt && opt->key; opt++)
			list_option(opt);
	}
	printf("\nCNF encodings (picosat, dimacs: {encoding: NAME}):\n");
	for (i = 0; (e = nq_registry_cnf_at(i)); i++)
		printf("  %-*s %s %s\n", w, e->name, e->summary,
		       origin_text(nq_registry_cnf_origin(i), from,
				   sizeof from));
	printf("\nILP models (glpk, cbc: {model: NAME}):\n");
	for (i = 0; (m = nq_registry_ilp_at(i)); i++)
		printf("  %-*s %s %s\n", w, m->name, m->summary,
		       origin_text(nq_registry_ilp_origin(i), from,
				   sizeof from));
	for (i = 0; (p = nq_plugin_at(i, &file)); i++)
		printf("%s  %-*s %s [%s]\n", i ? "" : "\nPlugins loaded:\n", w,
		       p->name, p->summary ? p->summary : "", file);
}

static int cmd_list(const nq_verb *v, int argc, char **argv)
{
	int rc;

	if ((rc = nq_cli_parse(v, argc, argv, NULL, NULL)))
		return rc < 0 ? 0 : rc;
	list_all();
	return 0;
}

const nq_verb nq_verb_list = {
	"list", cmd_list, "list",
	"List every solver with its options, every CNF encoding and every\n"
	"ILP model, built-in or loaded (--plugin FILE.so), with where each\n"
	"came from.",
	no_flags, NULL
};
