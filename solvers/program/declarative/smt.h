/*
 * smt.h - SMT through Z3's C API (smt.c): the `smt` solver, and the
 * SMT-LIB 2 text of an instance that it hands to Z3 and `harness export
 * --format smt2` writes.
 */
#ifndef NQ_SMT_H
#define NQ_SMT_H

#include <stdio.h>
#include "nq_plugin.h"

extern const nq_solver nq_solver_smt;

/* The version of the Z3 library the solver loads (Z3_get_version:
 * "4.8.12.0"; it loads it), for the .meta; "not loaded" where there is
 * none. */
const char *nq_smt_library_version(void);

/* Load time: 0 when libz3 is loaded (now, in the process that will fork
 * the runs, so no run's time includes the loading); else -1 with msg
 * saying why. */
int nq_smt_check(const nq_optval *opt, char *msg, size_t len);

/* The models, in the order of nq_smt_models (NULL-terminated): int (q_R
 * the column of row R, `distinct` on q, q+R, q-R) and bool (x_R_C a
 * queen on square R, C). */
enum nq_smt_model { NQ_SMT_INT, NQ_SMT_BOOL };
extern const char *const nq_smt_models[];
/* The bool model's at-most-one, in the order of nq_smt_cards: pb (Z3's
 * cardinality constraint `(_ at-most 1)`) and pairwise (a clause per
 * pair, plain SMT-LIB). */
enum nq_smt_card { NQ_SMT_PB, NQ_SMT_PAIRWISE };
extern const char *const nq_smt_cards[];

/* Write the SMT-LIB 2 text of `inst` (its mode aside) to f: each line of
 * `comment` (may be NULL) as a `;` comment, the declarations and
 * assertions, and, with `commands`, (check-sat) and (get-value ...) for
 * the z3 program. *asserts (may be NULL) gets the number of assertions.
 * Returns 0, or -1 when a write failed (ferror). */
int nq_smt_write(FILE *f, const nq_instance *inst, enum nq_smt_model model,
		 enum nq_smt_card card, const char *comment, int commands,
		 long long *asserts);

#endif
