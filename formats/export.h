/*
 * export.h - an instance as a file other tools read: DIMACS CNF through
 * any CNF encoder, CPLEX LP or free MPS through any ILP model.
 *
 * Used by `harness export` and by the external solvers (solvers/
 * external.c), which hand those files to minisat, cadical, cbc, ...
 * Every function returns 0, or -1 with `why` saying what went wrong (a
 * bad encoder or model is named; nothing is left half-written at `path`:
 * files are written to a temp name and renamed into place).
 */
#ifndef NQ_EXPORT_H
#define NQ_EXPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "nq_plugin.h"
#include "cnf.h"

/* A CNF held in memory, as the encoder emitted it, checked: every literal
 * names a variable handed out, every clause ended, every square has a
 * variable. Owns its arrays; free with nq_cnf_mem_free. */
typedef struct nq_cnf_mem {
	int n;
	int *square_var;    /* n * n: the variable of square (r, c) */
	int nvars;
	int64_t nclauses;
	int64_t nlits;      /* literals, without the 0s */
	int *lits;          /* the clauses, each ended by 0 */
	size_t len, cap;
	int oom, bad_lit, open;
	double deadline;    /* nq_now() to give up at (0: never); set it
			       before build: build and write then return
			       NQ_ETIMEOUT past it */
	int late;
} nq_cnf_mem;

/* Encode `inst` with `enc` and the column clauses `columns` (encoders/
 * cnf.h; m is cleared first, except m->deadline).
 * Returns NQ_OK, NQ_ENOMEM, NQ_ETIMEOUT, or NQ_ERR with why filled (also
 * the encoder's own failure code, as NQ_ERR). */
int nq_cnf_mem_build(nq_cnf_mem *m, const nq_instance *inst,
		     const nq_cnf_encoder *enc, enum nq_cnf_columns columns,
		     char *why, size_t len);
void nq_cnf_mem_free(nq_cnf_mem *m);


/* An ILP built through a model into a GLPK problem (opaque here). */
typedef struct nq_ilp_mem nq_ilp_mem;

/* Build `inst` with `model`. own_names: name columns x1.. and rows r1..
 * (for tools that echo names back) instead of the model's names. Returns
 * NQ_OK with *out set, or NQ_ERR / NQ_ENOMEM with why filled. */
int nq_ilp_mem_build(nq_ilp_mem **out, const nq_instance *inst,
		     const nq_ilp_model *model, int own_names, char *why,
		     size_t len);
void nq_ilp_mem_free(nq_ilp_mem *m);
/* Column of square (r, c), 1-based; the sizes. */
int nq_ilp_mem_square_col(const nq_ilp_mem *m, int r, int c);
void nq_ilp_mem_sizes(const nq_ilp_mem *m, int64_t *cols, int64_t *rows,
		      int64_t *nonzeros);

/* 1 when the problem maximizes exactly the number of queens (coefficient
 * 1 on every square column, 0 elsewhere, no constant: `independent-set`);
 * then a proved optimum below n proves there is no placement. */
int nq_ilp_mem_counts_queens(const nq_ilp_mem *m);

enum nq_ilp_format { NQ_ILP_LP, NQ_ILP_MPS };
/* Write with glp_write_lp / glp_write_mps (free MPS), after comment lines
 * (`\` in LP, `*` in MPS): each line of `comment`, "objective: maximize
 * the number of queens ..." when nq_ilp_mem_counts_queens, then one
 * "square R C NAME" line per square (1-based). An MPS file has no
 * objective sense that glpsol and cbc both read: a maximization is
 * written as minimize the negated objective, and a comment
 * says so. Written to a temp file renamed to `path`. Returns 0 or -1
 * with why filled. */
int nq_ilp_mem_write(const nq_ilp_mem *m, const char *path,
		     enum nq_ilp_format fmt, const char *comment, char *why,
		     size_t len);

/* Write the CNF to `path` as DIMACS (temp file renamed into place):
 * comment lines (`c` + each line of `comment`, if any), one
 * "c square R C VAR" line per square (1-based row and column), the
 * "p cnf VARS CLAUSES" line, then the clauses. -1 with why filled; past
 * m->deadline nothing is left and why says so. */
int nq_cnf_mem_write_file(const nq_cnf_mem *m, const char *path,
			  const char *comment, char *why, size_t len);

/* Each line of `comment` (may be NULL) behind `prefix` and a blank:
 * the header comments of every exported file. */
void nq_export_comment(FILE *f, const char *prefix, const char *comment);

#endif
