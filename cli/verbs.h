/*
 * verbs.h - the verbs of the command line, one nq_verb row each (cli.h):
 * run, solve and list in cmd_run.c; plot and report in cmd_results.c;
 * export in cmd_export.c; check in cmd_check.c; plan in cmd_plan.c;
 * merge in cmd_merge.c; slurm in cmd_slurm.c; compare in cmd_compare.c;
 * trace in cmd_trace.c.
 * main.c lists them in its table and adds help and version.
 */
#ifndef NQ_VERBS_H
#define NQ_VERBS_H

#include "cli.h"

extern const nq_verb nq_verb_run;
extern const nq_verb nq_verb_solve;
extern const nq_verb nq_verb_list;
extern const nq_verb nq_verb_plot;
extern const nq_verb nq_verb_report;
extern const nq_verb nq_verb_export;
extern const nq_verb nq_verb_check;
extern const nq_verb nq_verb_plan;
extern const nq_verb nq_verb_merge;
extern const nq_verb nq_verb_slurm;
extern const nq_verb nq_verb_compare;
extern const nq_verb nq_verb_trace;

/* "SOLVER" or "SOLVER:KEY=VALUE[,KEY=VALUE...]" into an approach, as
 * solve's operands are named (cmd_run.c): 0, or the usage exit (message
 * printed). */
struct nq_approach;
int nq_verb_parse_approach(const nq_verb *v, const char *text,
			   struct nq_approach *a);

/* Read a results file for a verb (cmd_results.c): its digests checked
 * (a changed file is a warning, and the verb goes on with it). 0, or 2
 * with the message printed. */
struct nq_table;
int nq_verb_read_results(const nq_verb *v, const char *csv,
			 struct nq_table **t);

#endif
