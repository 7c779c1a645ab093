/*
 * approach.h - the approach and option model: a solver with every option
 * given a value, checked against the solver's option table.
 */
#ifndef NQ_APPROACH_H
#define NQ_APPROACH_H

#include <stddef.h>
#include "nq_plugin.h"
#include "error.h"

#define NQ_MAX_OPTIONS NQ_PLUGIN_OPTIONS_MAX

/* One approach: a solver with every option given a value. */
typedef struct nq_approach {
	const nq_solver *solver;
	nq_optval opt[NQ_MAX_OPTIONS]; /* aligned with solver->options */
	char label[64];   /* CSV `encoding`: value of solver->label_option */
	char options[160];/* CSV `options`: the other options with an effect,
			     "k=v;k=v" */
	char name[128];   /* "picosat/sequential": nq_approaches_name() */
	int line, col;    /* where the file declared it */
} nq_approach;

/* Fill an approach from a solver and (key, value) text pairs; keys not
 * given take the default. Used by the loader and by `harness solve`.
 * Returns -1 with err->msg set (line and column left to the caller). */
int nq_approach_init(nq_approach *a, const nq_solver *s,
		     const char *const *keys, const char *const *values,
		     size_t nkv, nq_error *err);

/* Name approaches a[0..n-1] (nq_approach.name) as the summary, CSV
 * `approach` column, report and plots show them: solver/label, then
 * " key=value" for each option that differs between approaches of the
 * same solver in the list and has an effect (nq_solver.option_used). */
void nq_approaches_name(nq_approach *a, size_t n);

/* The row of option `key` in the solver's option table, or -1. */
int nq_option_find(const nq_solver *s, const char *key);
/* How many options the solver declares. */
size_t nq_option_count(const nq_solver *s);
/* Set err->msg to "unknown option 'KEY' for SOLVER (known: ...)" and
 * return -1. */
int nq_option_unknown(const nq_solver *s, const char *key, nq_error *err);
/* Check `text` as a value of option `o` of solver `s` into *v. -1 with
 * err->msg set (no line or column) when it is not one. */
int nq_option_parse(const nq_solver *s, const nq_option *o,
		    const char *text, nq_optval *v, nq_error *err);
/* 1 when approaches a and b of one solver give every option one value. */
int nq_approach_same_values(const nq_approach *a, const nq_approach *b);

/* An approach from its text: SOLVER, SOLVER/LABEL (the value of the
 * solver's label option: backtrack/dlx) or SOLVER[/LABEL]:KEY=VALUE[,
 * KEY=VALUE...] (backtrack:variant=bitmask,threads=1), as a portfolio's
 * members are written. -1 with err->msg set (no line or column). */
int nq_approach_parse(nq_approach *a, const char *text, nq_error *err);

/* A portfolio (docs/experiments.md, Portfolios): the solver named
 * NQ_PORTFOLIO, its one option `members`, the members' texts joined by
 * '+' ("backtrack/dlx+backtrack/mrv"). nq_portfolio_members reads them
 * into out[0..max-1], each by nq_approach_parse, none a portfolio, at
 * least two and at most NQ_PORTFOLIO_MAX: their number, or -1 with
 * err->msg set. The solver itself runs processes: core/proc/portfolio.c. */
#define NQ_PORTFOLIO "portfolio"
#define NQ_PORTFOLIO_MAX 8
int nq_portfolio_members(const char *text, nq_approach *out, size_t max,
			 nq_error *err);

/* 1 when `name` names approach `a`: its solver ("picosat"), its name
 * as the summary shows it ("picosat/pairwise"), or solver/label. */
int nq_approach_matches(const nq_approach *a, const char *name);

#endif
