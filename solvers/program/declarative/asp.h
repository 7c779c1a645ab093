/*
 * asp.h - answer set programming through clingo (asp.c): the `asp`
 * solver, and the ASP program of an instance that it hands to clingo and
 * `harness export --format asp` writes.
 */
#ifndef NQ_ASP_H
#define NQ_ASP_H

#include <stdio.h>
#include "nq_plugin.h"

extern const nq_solver nq_solver_asp;

/* The encodings, in the order of nq_asp_encodings (NULL-terminated):
 * count (cardinality aggregates per line, the default) and choice (a
 * choice rule per row, integrity constraints on pairs of queens). */
enum nq_asp_encoding { NQ_ASP_COUNT, NQ_ASP_CHOICE };
extern const char *const nq_asp_encodings[];

/* Write the program of `inst` (its mode aside) to f: each line of
 * `comment` (may be NULL) as a `%` comment, the instance as facts, then
 * the encoding's rules and `#show q/2.` Returns 0, or -1 when a write
 * failed (ferror). */
int nq_asp_write(FILE *f, const nq_instance *inst, enum nq_asp_encoding enc,
		 const char *comment);

#endif
