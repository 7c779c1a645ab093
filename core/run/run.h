/*
 * run.h - carry out an experiment: plan the runs, run each in a child,
 * validate, write CSV rows as runs end, show progress and the summary.
 */
#ifndef NQ_RUN_H
#define NQ_RUN_H

#include <stdio.h>
#include "experiment.h"
#include "run_opts.h"

/* Run `exp`. Returns NQ_EXIT_OK, NQ_EXIT_WRONG or NQ_EXIT_INTERRUPTED;
 * -1 with err set when the output cannot be opened (nothing has run) or
 * the harness itself fails. With an output FILE.csv, FILE.meta records
 * the machine (core/store/meta.h): written before the first run, rewritten at
 * the end. */
int nq_experiment_run(const nq_experiment *exp, const nq_run_opts *o,
		      nq_error *err);

#endif
