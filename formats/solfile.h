/*
 * solfile.h - an external solver's answer read straight from its output
 * file, for `harness check --from EXPORTED --solution FILE`.
 *
 * The squares are found through the file `harness export` wrote (the one
 * the solver was given): its comment lines "c square R C VAR" (DIMACS),
 * "\ square R C NAME" (LP) or "* square R C NAME" (MPS) map each square,
 * 1-based, to a variable or a column, and its first comment line names n
 * and the hints. Blocked squares and excluded lines (ABI 3) are comment
 * lines of their own, one per entry, 1-based like the experiment file
 * (nq_sqmap_describe writes them for the exporter):
 *
 *   blocked R C                  a square no queen may stand on
 *   excluded diagonal D          D = col - row + n   (1 .. 2n-1)
 *   excluded antidiagonal A      A = row + col - 1   (1 .. 2n-1)
 *
 * so an answer read back is checked against the instance exported, not
 * the plain board. The answers read:
 *
 *   dimacs   SAT-competition output: `s SATISFIABLE` / `s UNSATISFIABLE`,
 *            `v` lines of literals (cadical, picosat, kissat, ...)
 *   minisat  MiniSat's result file: `SAT` then the literals, or `UNSAT`
 *   glpsol   glpsol's printable solution (glpsol -o FILE): `Status:`,
 *            then the column table (names, activities)
 *   cbc      CBC's solution file (cbc ... solve solu FILE): the status
 *            line, then "INDEX NAME VALUE REDUCED-COST" lines
 *
 * "none" is read from UNSAT, glpsol's INTEGER EMPTY, CBC's (Integer)
 * infeasible, and, where the export says its objective is the number of
 * queens, maximized (`independent-set`), from a proved optimum (glpsol
 * INTEGER OPTIMAL, CBC Optimal) below n queens. Anything else (unknown,
 * stopped, a non-optimal point short of n queens) is no answer.
 */
#ifndef NQ_SOLFILE_H
#define NQ_SOLFILE_H

#include <stddef.h>
#include <stdint.h>
#include "nq_plugin.h"

/* The formats, each a row of solfile.c's table (its name, the kind of
 * file it answers, its reader). */
enum nq_sol_format {
	NQ_SOL_AUTO, NQ_SOL_DIMACS, NQ_SOL_MINISAT, NQ_SOL_GLPSOL, NQ_SOL_CBC,
	NQ_SOL__COUNT
};

/* "dimacs", "minisat", "glpsol", "cbc" (and "auto"): 0 and *fmt set, or
 * -1. */
int nq_sol_format_parse(const char *name, enum nq_sol_format *fmt);
const char *nq_sol_format_name(enum nq_sol_format fmt);

/* What an exported file says about its instance and squares. */
typedef struct nq_sqmap {
	char path[1024];
	int n;                /* from the squares (and the header) */
	int cnf;              /* 1 DIMACS (var[]), 0 LP / MPS (name[]) */
	int nvars;            /* DIMACS: the p line's variables */
	int *var;             /* n * n, DIMACS variables */
	char **name;          /* n * n, LP / MPS column names */
	int counts_queens;    /* "objective: maximize the number of queens" */
	int header_n;         /* the header's n (0: none) */
	int header_hints;     /* 1 when the header lists hints */
	nq_square hints[256]; /* the header's hints, 0-based */
	int nhints;
	/* The exported instance's blocked squares and excluded lines,
	 * 0-based and numbered as in nq_instance, lines ascending (NULL
	 * when none): what nq_instance's fields of the same names take. */
	nq_square *blocked;
	int nblocked;
	int *excl_diag, *excl_anti;
	int nexcl_diag, nexcl_anti;
} nq_sqmap;

/* Read the map of `path`. Returns 0, or -1 with `why` naming the file,
 * the line and what was expected. */
int nq_sqmap_read(nq_sqmap *m, const char *path, char *why, size_t len);
void nq_sqmap_free(nq_sqmap *m);

/* The comment lines (no comment mark, each ending in '\n') that name
 * inst's blocked squares and excluded lines, as nq_sqmap_read reads
 * them, into buf like snprintf: returns the length they need (without
 * the '\0'), writing at most len bytes. Empty for a plain instance. */
size_t nq_sqmap_describe(const nq_instance *inst, char *buf, size_t len);

/* A row of a placement read back that holds no single queen: none, or
 * two or more. The validator (core/model/validate.c) names the row so. */
#define NQ_SOL_ROW_NONE (-1)
#define NQ_SOL_ROW_MANY (-2)

/* The answer in `path` (format `fmt`, or found out when NQ_SOL_AUTO; *used
 * says which). The whole file is read strictly, as a run of `dimacs` or
 * `cbc` reads its program's output (they share this reader): one status
 * (a second `s` line is an error), every literal a bounded integer naming
 * one of the CNF's variables and none given both values, no `v` lines
 * after `s UNSATISFIABLE`, every CBC index an integer and every column
 * given once with a finite value. Returns
 *    1  a placement: placement[r] = c (n entries)
 *    0  "none", proved by the solver (`how` says how)
 *    2  the queens the solver set are no placement (a row with none or
 *       two): `why` says which row, and placement[] holds every row as
 *       it is, NQ_SOL_ROW_NONE or NQ_SOL_ROW_MANY where it holds no
 *       single queen, so the validator finds the same fault
 *   -1  no answer, or unreadable: `why` names the file and line.
 * `how` (may be NULL) gets the solver's status in a few words. */
int nq_solution_read(const nq_sqmap *m, const char *path,
		     enum nq_sol_format fmt, enum nq_sol_format *used,
		     int32_t *placement, char *how, size_t howlen, char *why,
		     size_t len);

#endif
