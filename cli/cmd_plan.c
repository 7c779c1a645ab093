/*
 * cmd_plan.c - `harness plan`: what an experiment file will run, how
 * long it can take, and how it splits into shards (plan.h), without
 * running anything.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpus.h"
#include "plan.h"
#include "run.h"
#include "run_tell.h"
#include "verbs.h"

/* plan's command line, as its flag rows store it */
struct plan_args {
	const char *config;  /* first: nq_cli_config_operand's */
	int list, shards, jobs;
};
#define AT(field) offsetof(struct plan_args, field)

static const nq_flag plan_flags[] = {
	{ "list", 0, NULL, NQ_FLAG_SET, AT(list), 1,
	  .help = "a header line, then one line per measured run: its\n"
		  "key (with --shards, the shard first), tab-separated" },
	{ "shards", 0, "N", NQ_FLAG_INT, AT(shards), 1, NQ_MAX_SHARDS,
	  .what = "a number of slices",
	  .help = "split into N slices as `run --shard K/N` does" },
	{ "jobs", 'j', "N", NQ_FLAG_INT, AT(jobs), 1, NQ_MAX_JOBS,
	  .what = "a number of runs at once",
	  .help = "runs at once (default: the file's jobs:, or 1)" },
	NQ_FLAG_END
};

static void print_summary(const nq_experiment *exp, const nq_plan *p,
			  int jobs)
{
	char t[64], tj[64], to[64];
	size_t cells_run = 0, i;
	int k;

	for (i = 0; i < p->ncells; i++)
		cells_run += p->cells[i].kind == NQ_CELL_RUN;
	nq_format_duration(p->worst_s, t, sizeof t);
	nq_format_duration(p->worst_s / jobs, tj, sizeof tj);
	printf("experiment %s (%s)\n", exp->name, exp->path);
	printf("  %zu instance%s x %zu approach%s: %zu cell%s (%zu with runs)\n",
	       exp->ninstances, exp->ninstances == 1 ? "" : "s",
	       exp->napproaches, exp->napproaches == 1 ? "" : "es",
	       p->ncells, p->ncells == 1 ? "" : "s", cells_run);
	printf("  rows: %zu (repeat %d); runs: %zu (warm-up %d each)\n",
	       p->rows, exp->repeat, p->runs, exp->warmup);
	/* the timeout as written under two minutes (500ms is 0.5s), in
	 * minutes, hours and days above */
	if (exp->timeout_s < 120)
		snprintf(to, sizeof to, "%gs", exp->timeout_s);
	else
		nq_format_duration(exp->timeout_s, to, sizeof to);
	printf("  worst case: %zu run%s x %s timeout = %s one at a time",
	       p->runs, p->runs == 1 ? "" : "s", to, t);
	if (jobs > 1)
		printf(", about %s with %d at once", tj, jobs);
	printf("\n");
	if (p->nshards < 2)
		return;
	printf("  shards: %d (all repeats of a cell on one shard)\n",
	       p->nshards);
	for (k = 1; k <= p->nshards; k++) {
		nq_format_duration(p->shard_worst_s[k], t, sizeof t);
		printf("    %d/%d: %zu rows, worst case %s, up to %d core%s a "
		       "run\n", k, p->nshards, p->shard_rows[k], t,
		       p->shard_cpus[k], p->shard_cpus[k] == 1 ? "" : "s");
	}
}

static void print_list(const nq_experiment *exp, const nq_plan *p)
{
	char key[1024];
	size_t i;
	int rep;

	/* a header, as the CSV's: the key's columns by their names */
	printf("%sexperiment\tn\tmode\thints\tapproach\trepeat\n",
	       p->nshards > 1 ? "shard\t" : "");
	for (i = 0; i < p->ncells; i++)
		for (rep = 1; rep <= exp->repeat; rep++) {
			nq_plan_key(exp, &p->cells[i], rep, key, sizeof key);
			if (p->nshards > 1)
				printf("%d/%d\t", p->cells[i].shard,
				       p->nshards);
			printf("%s\n", key);
		}
}

static int cmd_plan(const nq_verb *v, int argc, char **argv)
{
	struct plan_args a = { .shards = 1 };
	nq_experiment *exp;
	nq_error err;
	nq_plan p;
	unsigned *told;
	int rc;

	if ((rc = nq_cli_parse(v, argc, argv, &a, nq_cli_config_operand)))
		return rc < 0 ? 0 : rc;
	if (nq_cli_config_load(v, a.config, &exp))
		return NQ_EXIT_USAGE;
	memset(&err, 0, sizeof err);
	if (nq_plan_make(exp, a.shards, nq_cores_usable(), &p, &err) < 0) {
		nq_experiment_free(exp);
		return nq_cli_error(&err);
	}
	/* what `run` would say of the pairings left out, and its refusal
	 * of a file they all are: plan is its dry run */
	if (!(told = calloc(exp->napproaches + 1, sizeof *told))) {
		nq_plan_free(&p);
		nq_experiment_free(exp);
		nq_error_set(&err, NULL, 0, 0, "out of memory");
		return nq_cli_error(&err);
	}
	nq_run_tell_left_out(exp, told);
	free(told);
	if (p.rows == 0) {
		nq_error_set(&err, exp->path, 0, 0, "nothing to run: every "
			     "pairing of its %zu instance%s and %zu approach%s "
			     "is left out", exp->ninstances,
			     exp->ninstances == 1 ? "" : "s", exp->napproaches,
			     exp->napproaches == 1 ? "" : "es");
		nq_plan_free(&p);
		nq_experiment_free(exp);
		return nq_cli_error(&err);
	}
	if (a.list)
		print_list(exp, &p);
	else
		print_summary(exp, &p, a.jobs ? a.jobs : exp->jobs);
	nq_plan_free(&p);
	nq_experiment_free(exp);
	return 0;
}

const nq_verb nq_verb_plan = {
	"plan", cmd_plan, "plan CONFIG.yaml [--list] [--shards N] [-j N]",
	"Say what an experiment file will run, without running it: its\n"
	"cells (instance x approach), rows and runs, the worst case (every\n"
	"run at its timeout), and with --shards N the slices `run --shard\n"
	"K/N` makes. --list prints every measured run's key, the same on\n"
	"every machine: experiment, n, mode, hints, approach, repeat.",
	plan_flags, NULL
};
