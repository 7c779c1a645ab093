/*
 * verbs.h - the verbs of the command line, one nq_verb row each (cli.h):
 * run, solve and list in verbs_run.c; plot and report in
 * verbs_results.c; export in verbs_export.c; check in verbs_check.c; plan in
 * verbs_plan.c; merge in verbs_merge.c;
 * slurm in verbs_slurm.c.
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

#endif
