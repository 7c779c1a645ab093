/*
 * cnf.h - the host side of CNF encoders: builds a whole instance through
 * an encoder into any sink.
 */
#ifndef NQ_CNF_H
#define NQ_CNF_H

#include "nq_plugin.h"

/* Built-in encoders. */
extern const nq_cnf_encoder nq_cnf_pairwise;
extern const nq_cnf_encoder nq_cnf_sequential;
extern const nq_cnf_encoder nq_cnf_commander;
extern const nq_cnf_encoder nq_cnf_product;
extern const nq_cnf_encoder nq_cnf_binary;
extern const nq_cnf_encoder nq_cnf_bimander;
extern const nq_cnf_encoder nq_cnf_ladder;

/* The model's redundant clauses, chosen by the `columns` option of the
 * picosat and dimacs solvers and by `harness export --columns`:
 *   NQ_CNF_COLUMNS_ALO   (`alo`, the default) the at-least-one clause of
 *                        every column as well as of every row: exactly
 *                        one queen per row and per column, the standard
 *                        n-queens CNF;
 *   NQ_CNF_COLUMNS_NONE  (`none`) rows only. The column clauses are
 *                        implied (n queens, at most one per column), so
 *                        the answers are the same; the search is not
 *                        (README, Approaches: the encodings table). */
enum nq_cnf_columns { NQ_CNF_COLUMNS_ALO = 0, NQ_CNF_COLUMNS_NONE = 1 };
extern const char *const nq_cnf_columns_choices[]; /* "alo", "none", NULL */
/* The option row, as picosat and dimacs declare it. */
#define NQ_CNF_COLUMNS_OPTION                                              \
	{ "columns", NQ_OPT_CHOICE, "alo", nq_cnf_columns_choices, 0, 0,   \
	  "alo: an at-least-one clause per column too (exactly one queen "  \
	  "per row and column); none: rows only (columns implied)" }

/* Emit the instance: square variables, at-least-one per row, then (with
 * NQ_CNF_COLUMNS_ALO) per column, at-most-one on every row, column and
 * diagonal (through enc->amo), hints as unit clauses. An encoder with an
 * `encode` hook emits the whole instance itself; the column clauses (with
 * NQ_CNF_COLUMNS_ALO) are then added after it, from its square_var. In
 * both paths the host adds last a unit clause -x for every blocked square
 * and every square on an excluded line.
 * This is the only place the at-least-one clauses are made: the picosat
 * solver, `harness export` and the dimacs solver all build through it.
 * square_var has n*n entries. Returns NQ_OK, NQ_ERR for a bad `columns`,
 * NQ_ENOMEM (the map of forbidden squares),
 * or what the encoder returned. */
int nq_cnf_build(const nq_instance *inst, const nq_cnf_encoder *enc,
		 enum nq_cnf_columns columns, const nq_cnf_sink *sink,
		 int *square_var);

/* What a sink saw while nq_cnf_build ran, for nq_cnf_check. */
typedef struct nq_cnf_seen {
	int nvars;      /* variables made */
	int bad_lit;    /* a literal beyond nvars (or 0 when none) */
	int open;       /* the last clause had no 0 */
} nq_cnf_seen;

/* The one check of what an encoder handed back, whatever the sink: no
 * literal beyond the variables made, every clause closed, a variable for
 * every square (squares 1-based in the message, as everywhere a person
 * reads them). NQ_OK, or NQ_ERR with `why` filled. */
int nq_cnf_check(const nq_cnf_encoder *enc, int n, const int *square_var,
		 const nq_cnf_seen *seen, char *why, size_t len);

#endif
