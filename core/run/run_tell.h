/*
 * run_tell.h - what run_tell.c says that `plan` says too.
 */
#ifndef NQ_RUN_TELL_H
#define NQ_RUN_TELL_H

#include "experiment.h"

/* The pairings of approach and instance that make no run and why (a
 * mode the approach does not answer, an ABI before blocked squares, no
 * count in parts), one notice on stderr per approach and kind, as
 * `run` says them before its runs and `plan` before its summary. told:
 * one word per approach, zeroed by the caller, the notices given so
 * far. */
void nq_run_tell_left_out(const nq_experiment *exp, unsigned *told);

#endif
