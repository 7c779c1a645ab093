/*
 * verbs_run.c - the verbs that run solvers: run (an experiment file),
 * solve (one instance from the command line) and list (what can run).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "atomic.h"
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

enum { RUN_OUTPUT, RUN_QUIET, RUN_JOBS, RUN_SHARD, RUN_RESUME, RUN_FORCE,
       RUN_STRICT };
static const nq_flag run_flags[] = {
	[RUN_OUTPUT] = { "output", 'o', "FILE.csv", "write the CSV here instead (.csv added when missing)" },
	[RUN_QUIET] = { "quiet", 'q', NULL, "no progress lines (the summary still prints)" },
	[RUN_JOBS] = { "jobs", 'j', "N", "N runs at once, each on cores of its own (default:\n"
		       "the file's jobs:, or 1; at most the cores here)" },
	[RUN_SHARD] = { "shard", 0, "K/N", "only the K-th of N slices of the plan (`harness plan\n"
			"--shards N` shows them), into\n"
			"reports/<experiment>.shard-K-of-N.csv; `harness merge`\n"
			"joins the slices" },
	[RUN_RESUME] = { "resume", 0, NULL, "go on with the CSV: runs that have a row are not\n"
			 "made again; their answers are checked with the new ones" },
	[RUN_FORCE] = { "force", 0, NULL, "--resume although the experiment file or the\n"
			"harness version differ from the CSV's .meta, or rows\n"
			"changed since the run wrote them (named on stderr;\n"
			"they stay marked: digest `changed`)" },
	[RUN_STRICT] = { "strict", 0, NULL, "an answer nothing checked (checked 'none') fails\n"
			 "the run, exit 1 (as `strict: true` in the file)" },
	{ NULL, 0, NULL, NULL }
};

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
	nq_run_opts o;
	nq_experiment *exp;
	const char *config = NULL;
	char *sharded = NULL, why[200];
	long long jobs;
	nq_cli c;
	int id, rc;

	memset(&o, 0, sizeof o);
	nq_cli_start(&c, v, argc, argv);
	while ((id = nq_cli_next(&c)) != NQ_CLI_END) {
		if (id == NQ_CLI_STOP)
			return c.rc;
		if (id == RUN_OUTPUT)
			o.output = c.val;
		else if (id == RUN_QUIET)
			o.quiet = 1;
		else if (id == RUN_JOBS) {
			if (nq_cli_int(&c, 1, NQ_MAX_JOBS, "a number of runs "
				       "at once", &jobs))
				return NQ_EXIT_USAGE;
			o.jobs = (int)jobs;
		} else if (id == RUN_SHARD) {
			if (nq_parse_shard(c.val, &o.shard_k, &o.shard_n, why,
					   sizeof why) < 0)
				return nq_cli_fail(v, "--shard %s", why);
		} else if (id == RUN_RESUME)
			o.resume = 1;
		else if (id == RUN_FORCE)
			o.force = 1;
		else if (id == RUN_STRICT)
			o.strict = 1;
		else if (nq_cli_config_operand(&c, &config))
			return NQ_EXIT_USAGE;
	}
	if (nq_cli_config_load(v, config, &exp))
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

enum {
	SOLVE_N, SOLVE_COUNT, SOLVE_FIRST, SOLVE_HINT, SOLVE_TIMEOUT,
	SOLVE_MEMORY, SOLVE_DISK, SOLVE_PROCESSES, SOLVE_SEED, SOLVE_BOARD,
	SOLVE_OUTPUT, SOLVE_QUIET
};
static const nq_flag solve_flags[] = {
	[SOLVE_N] = { NULL, 'n', "N", "board size" },
	[SOLVE_COUNT] = { "count", 0, NULL, "count the placements (default: find the first)" },
	[SOLVE_FIRST] = { "first", 0, NULL, "find the first placement (the default)" },
	[SOLVE_HINT] = { "hint", 0, "R:C", "a pre-placed queen, 1-based row and column\n"
			 "(repeatable)" },
	[SOLVE_TIMEOUT] = { "timeout", 0, "T", "per run, e.g. 10s, 500ms (default 60s)" },
	[SOLVE_MEMORY] = { "memory", 0, "M", "per run, e.g. 2G (default none)" },
	[SOLVE_DISK] = { "disk", 0, "D", "bytes a run may write, e.g. 10M, or none\n"
			 "(default 1G, or half the free space if less)" },
	[SOLVE_PROCESSES] = { "processes", 0, "P", "the most processes and threads a "
			      "run may have\n(default 512)" },
	[SOLVE_SEED] = { "seed", 0, "S", "for randomised solvers (default 1)" },
	[SOLVE_BOARD] = { "board", 0, NULL, "print the placement found (n <= 32)" },
	[SOLVE_OUTPUT] = { "output", 'o', "FILE.csv", "also write the CSV rows" },
	[SOLVE_QUIET] = { "quiet", 'q', NULL, "no progress lines" },
	{ NULL, 0, NULL, NULL }
};

/* Split "SOLVER:K=V,K=V" into an approach. */
static int parse_approach(const nq_verb *v, const char *text, nq_approach *a)
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
		fprintf(stderr, "harness solve: %s\n", err.msg);
		return NQ_EXIT_USAGE;
	}
	return 0;
}

/* One flag of solve that is not about the board or an approach. */
static int solve_flag(const nq_cli *c, int id, nq_experiment *exp,
		      nq_run_opts *o)
{
	int rc;

	switch (id) {
	case SOLVE_COUNT:
		exp->instances[0].inst.mode = NQ_MODE_COUNT;
		break;
	case SOLVE_FIRST:
		exp->instances[0].inst.mode = NQ_MODE_FIRST;
		break;
	case SOLVE_BOARD:
		o->show_board = 1;
		break;
	case SOLVE_QUIET:
		o->quiet = 1;
		break;
	case SOLVE_OUTPUT:
		o->output = c->val;
		break;
	case SOLVE_TIMEOUT:
		if (nq_parse_duration(c->val, &exp->timeout_s) < 0 ||
		    exp->timeout_s <= 0)
			return nq_cli_fail(c->verb, "--timeout takes a duration "
					   "such as 10s, not '%s'", c->val);
		break;
	case SOLVE_MEMORY:
		rc = nq_parse_memory(c->val, &exp->memory_kib);
		if (rc == -1)
			return nq_cli_fail(c->verb, "--memory takes a size such "
					   "as 2G, or none, not '%s'", c->val);
		if (rc == -2)
			return nq_cli_fail(c->verb, "--memory must be greater "
					   "than 0, not '%s' (none for no "
					   "limit)", c->val);
		break;
	case SOLVE_DISK:
		rc = nq_parse_memory(c->val, &exp->disk_kib);
		if (rc == -1)
			return nq_cli_fail(c->verb, "--disk takes a size such "
					   "as 10M, or none, not '%s'", c->val);
		if (rc == -2)
			return nq_cli_fail(c->verb, "--disk must be greater "
					   "than 0, not '%s' (none for no "
					   "cap)", c->val);
		break;
	case SOLVE_PROCESSES: {
		long long n;

		if (nq_parse_int(c->val, 1, 4194304, &n))
			return nq_cli_fail(c->verb, "--processes takes an "
					   "integer 1..4194304, not '%s'",
					   c->val);
		exp->processes = (int)n;
		break;
	}
	case SOLVE_SEED:
		if (nq_parse_u64(c->val, &exp->seed))
			return nq_cli_fail(c->verb, "--seed takes an unsigned "
					   "64-bit integer, not '%s'", c->val);
		break;
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

/* Parse solve's command line into exp and o: 0, or an exit status. */
static int solve_args(const nq_verb *v, int argc, char **argv,
		      nq_experiment *exp, nq_run_opts *o)
{
	nq_board_args b;
	nq_cli c;
	int id, rc;

	memset(&b, 0, sizeof b);
	nq_cli_start(&c, v, argc, argv);
	while ((id = nq_cli_next(&c)) != NQ_CLI_END) {
		if (id == NQ_CLI_STOP)
			return c.rc ? c.rc : -1;
		if (id == SOLVE_N || id == SOLVE_HINT)
			rc = nq_cli_board_flag(&c, &b);
		else if (id != NQ_CLI_OPERAND)
			rc = solve_flag(&c, id, exp, o);
		else if (exp->napproaches == SOLVE_MAX_APPROACHES)
			rc = nq_cli_fail(v, "too many approaches (at most 32): "
					 "'%s'", c.val);
		else if ((rc = parse_approach(v, c.val, &exp->approaches[
						      exp->napproaches])) == 0)
			exp->napproaches++;
		if (rc)
			return rc;
	}
	if ((rc = nq_cli_board_check(v, &b)) != 0)
		return rc;
	if (exp->napproaches == 0)
		default_approaches(exp, o->quiet);
	return solve_instance(v, &b, &exp->instances[0]);
}

static int cmd_solve(const nq_verb *v, int argc, char **argv)
{
	nq_experiment *exp = calloc(1, sizeof *exp);
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
	exp->timeout_s = 60;
	exp->disk_kib = NQ_DISK_DEFAULT;
	exp->processes = NQ_PROCESSES_DEFAULT;
	exp->seed = 1;
	exp->instances[0].inst.mode = NQ_MODE_FIRST;
	rc = solve_args(v, argc, argv, exp, &o);
	if (rc == 0) {
		nq_approaches_name(exp->approaches, exp->napproaches);
		rc = finish_run(exp, &o);
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
	"             [-o FILE.csv] [APPROACH...]",
	"Solve one instance with each APPROACH (default: every solver with\n"
	"its defaults), through the same runner and validator as `run`.\n"
	"APPROACH is SOLVER or SOLVER:KEY=VALUE[,KEY=VALUE...], e.g.\n"
	"backtrack:variant=textbook or picosat:encoding=pairwise.",
	solve_flags, NULL
};

/* ---- list ----------------------------------------------------------- */

static const nq_flag no_flags[] = { { NULL, 0, NULL, NULL } };

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
	nq_cli c;
	int id = 0;

	nq_cli_start(&c, v, argc, argv);
	while ((id = nq_cli_next(&c)) != NQ_CLI_END) {
		if (id == NQ_CLI_STOP)
			return c.rc;
		return nq_cli_fail(v, "unexpected argument '%s'", c.val);
	}
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
