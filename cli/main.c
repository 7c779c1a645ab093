/*
 * main.c - the command line: a table of verbs (as git's), each a row of
 * name, function, usage, help and flag table (cli.h); `--help` and
 * `harness help VERB` are made from the table, the flags parsed by it.
 * The verbs are in cmd_run.c (run, solve, list), cmd_results.c (plot,
 * report), cmd_export.c (export), cmd_check.c (check), cmd_plan.c,
 * cmd_merge.c, cmd_slurm.c, cmd_compare.c and cmd_trace.c.
 *
 *   harness CONFIG.yaml               same as `harness run CONFIG.yaml`
 *   harness run CONFIG.yaml [-o FILE.csv] [-q]
 *   harness slurm CONFIG.yaml --shards N [--submit] (cmd_slurm.c)
 *   harness solve -n N [options] [APPROACH...]
 *   harness plot RESULTS.csv [-o OUT.svg|.png|.pdf] [--kind K] [--y COL]
 *   harness report RESULTS.csv [--format markdown|latex|html|json] [--baseline A]
 *   harness compare A.csv B.csv [--match COLS] [--y COL] [--format text|json]
 *   harness export -n N [--hint R:C]... --encoding E [--columns C]|--model M -o FILE
 *   harness check -n N [--hint R:C]... --placement "C1 C2 ..."
 *   harness check --from EXPORTED --solution FILE [--format F]
 *   harness trace -n N [APPROACH] [-o PAGE.html]  (cmd_trace.c)
 *   harness list
 *   harness help [VERB]
 *   harness version
 *
 * `--plugin FILE.so` (any number, anywhere after `harness`) loads a
 * plugin before the verb runs; see include/nq_plugin.h.
 *
 * Exit status: 0 all runs finished and no answer was wrong; 1 an answer
 * was wrong; 2 bad input (nothing run, no file touched); 130 interrupted.
 * Nothing but the harness sets it: main ends with _exit after flushing
 * its own streams, so no plugin's destructor or atexit handler runs after
 * the verdict (one that calls exit(0) once turned "1 answer is WRONG"
 * into exit 0). SIGPIPE is ignored: a reader that went away (`harness run
 * X | head`) makes writes to stdout or stderr fail, not the harness die;
 * the runs go on and the exit status is theirs.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "plugin.h"
#include "portfolio.h"
#include "units.h"
#include "run.h"
#include "runner.h"
#include "verbs.h"
#include "version.h"

static const nq_flag no_flags[] = { NQ_FLAG_END };

static int cmd_help(const nq_verb *v, int argc, char **argv);
static int cmd_version(const nq_verb *v, int argc, char **argv);

static const nq_verb verb_help = {
	"help", cmd_help, "help [VERB|experiment]",
	"Show help for the harness or a verb; `help experiment`: every key of an\nexperiment file.",
	no_flags, NULL
};
static const nq_verb verb_version = {
	"version", cmd_version, "version", "Print the version.", no_flags,
	NULL
};

static const nq_verb *const verbs[] = {
	&nq_verb_run, &nq_verb_plan, &nq_verb_merge, &nq_verb_slurm, &nq_verb_solve, &nq_verb_plot, &nq_verb_report,
	&nq_verb_compare,
	&nq_verb_export, &nq_verb_trace, &nq_verb_check, &nq_verb_list, &verb_help,
	&verb_version, NULL
};

static const nq_verb *find_verb(const char *name)
{
	const nq_verb *const *v;

	for (v = verbs; *v; v++)
		if (strcmp((*v)->name, name) == 0)
			return *v;
	return NULL;
}

/* A first word that is no verb: the did-you-mean over the verb table
 * (units.h's nq_choice), or, for what looks like a file name, that there
 * is no such file. Not the whole usage: one line says where it is. */
static int no_verb(const char *typed, int as_file)
{
	const char *names[sizeof verbs / sizeof *verbs];
	char why[300];
	size_t n = 0;
	int e = errno;

	while (verbs[n]) {
		names[n] = verbs[n]->name;
		n++;
	}
	nq_choice(typed, names, n, why, sizeof why);
	if (as_file && (strchr(typed, '/') || strchr(typed, '.') ||
			!nq_suggest(typed, names, n))) {
		if (e == ENOENT || e == ENOTDIR)
			fprintf(stderr, "harness: %s: no such file (and no "
				"verb of that name)\n", typed);
		else
			fprintf(stderr, "harness: %s: %s\n", typed,
				strerror(e));
	} else {
		fprintf(stderr, "harness: no verb '%s' (%s)\n", typed, why);
	}
	fprintf(stderr, "`harness --help` lists the verbs; `harness "
		"CONFIG.yaml` runs an experiment file\n");
	return NQ_EXIT_USAGE;
}

static void usage_all(FILE *f)
{
	const nq_verb *const *v;

	fprintf(f, "usage: harness CONFIG.yaml          (same as: harness run "
		   "CONFIG.yaml)\n");
	for (v = verbs; *v; v++)
		fprintf(f, "       harness %s\n", (*v)->usage);
	fprintf(f, "       (any verb) --plugin FILE.so   load a plugin first "
		   "(repeatable)\n");
	fprintf(f, "\nCompare ways of solving n-queens on the same instances; "
		   "every answer is\nchecked by one validator. `harness help "
		   "VERB` for more. Exit status: 0 ok,\n1 a wrong or disputed "
		   "answer, 2 bad input, 130 interrupted.\n");
}

/* help's one operand: a verb's name, or "experiment" (not a verb: the
 * experiment file's keys, from the loader's own tables). */
static int help_operand(const nq_cli *c, void *args)
{
	const char **topic = args;

	if (*topic)
		return nq_cli_fail(c->verb, "one verb at a time ('%s' is one "
				   "too many)", c->val);
	if (strcmp(c->val, "experiment") && !find_verb(c->val))
		return no_verb(c->val, 0);
	*topic = c->val;
	return 0;
}

static int cmd_help(const nq_verb *v, int argc, char **argv)
{
	const char *topic = NULL;
	int rc;

	if ((rc = nq_cli_parse(v, argc, argv, &topic, help_operand)))
		return rc < 0 ? 0 : rc;
	if (!topic)
		usage_all(stdout);
	else if (!strcmp(topic, "experiment"))
		nq_config_print_schema(stdout);
	else
		nq_cli_help(find_verb(topic), stdout);
	return 0;
}

static int cmd_version(const nq_verb *v, int argc, char **argv)
{
	int rc;

	if ((rc = nq_cli_parse(v, argc, argv, NULL, NULL)))
		return rc < 0 ? 0 : rc;
	printf("harness %s (plugin ABI %u)\n", NQ_VERSION, NQ_ABI_VERSION);
	return 0;
}

/* Load the plugin of every `--plugin FILE` / `--plugin=FILE` and leave
 * the other arguments in *argv_out (a copy: nq_cli_argv keeps the whole
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

static int harness_main(int argc, char **argv)
{
	const nq_verb *v;
	int rc;

	nq_cli_argc = argc;
	nq_cli_argv = argv;
	/* a built-in, after the registry's own and before any plugin */
	nq_portfolio_register();
	if ((rc = load_plugin_flags(&argc, argv, &argv)) != 0)
		return rc;

	if (argc < 2) {
		usage_all(stderr);
		return NQ_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage_all(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version"))
		return cmd_version(&verb_version, 1, argv + 1);
	v = find_verb(argv[1]);
	if (v)
		return v->fn(v, argc - 1, argv + 1);
	if (argv[1][0] == '-') {
		fprintf(stderr, "harness: unknown option '%s' before a verb\n",
			argv[1]);
		usage_all(stderr);
		return NQ_EXIT_USAGE;
	}
	errno = 0;
	if (access(argv[1], F_OK) == 0)
		return nq_verb_run.fn(&nq_verb_run, argc, argv); /* CONFIG.yaml */
	return no_verb(argv[1], 1);
}

#if defined(__SANITIZE_ADDRESS__)
#define NQ_HAVE_LSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NQ_HAVE_LSAN 1
#endif
#endif
#ifdef NQ_HAVE_LSAN
#include <sanitizer/lsan_interface.h>
#endif

int main(int argc, char **argv)
{
	int rc;

	/* a write to a closed pipe is an error (EPIPE), not the end */
	signal(SIGPIPE, SIG_IGN);
	rc = harness_main(argc, argv);
	nq_runner_end(); /* the run directories kept for the next run */
	nq_plugin_end_strays(); /* what a constructor started */
	/* a reader that went away (EPIPE) is no news to whoever closed
	 * it; any other failure is said */
	errno = 0;
	if ((fflush(stdout) != 0 || ferror(stdout)) && errno != EPIPE)
		fprintf(stderr, "harness: writing to stdout failed: %s\n",
			errno ? strerror(errno) : "an error on the stream");
	fflush(NULL); /* every stream exit() would have flushed */
#ifdef NQ_HAVE_LSAN
	/* exit() would have run the leak check; _exit does not */
	__lsan_do_leak_check();
#endif
	/* not exit(): a plugin's destructors and atexit handlers would run
	 * after the verdict, and could change it */
	_exit(rc);
}
