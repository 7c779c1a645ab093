/*
 * minizinc.h - constraint programming through MiniZinc (minizinc.c): the
 * `minizinc` solver, the MiniZinc model and data files of an instance
 * (which `harness export --format mzn|dzn` writes too), and the check
 * of a backend id at load time.
 *
 * Nothing here allocates what the caller must free.
 */
#ifndef NQ_MINIZINC_H
#define NQ_MINIZINC_H

#include <stddef.h>
#include <stdio.h>
#include "nq_plugin.h"
#include "solvers.h"

extern const nq_solver nq_solver_minizinc;

/* The models (option `model`) and the consistency of the int model's
 * all_different (option `consistency`), in the order of their choice
 * lists (NULL-terminated). */
enum nq_mzn_model { NQ_MZN_INT, NQ_MZN_BOOL };
enum nq_mzn_consistency { NQ_MZN_DEFAULT, NQ_MZN_DOMAIN, NQ_MZN_BOUNDS };
extern const char *const nq_mzn_models[];
extern const char *const nq_mzn_consistencies[];

/* The model of `in` (.mzn): its parameters (n and blocks always;
 * queens, excluded_diagonals and excluded_antidiagonals only when the
 * instance has hints or excluded lines of that kind), its variables and
 * constraints, `solve satisfy` and an output item printing one line
 * "q = [C1, ..., Cn];" (the column of each row's queen, 1-based; 0 for
 * a row without exactly one queen in the bool model). `comment`, if
 * not NULL, goes first, each line behind "% ". Write errors are left
 * in f's error flag. */
void nq_mzn_write_model(FILE *f, const nq_instance *in,
			enum nq_mzn_model model,
			enum nq_mzn_consistency consistency,
			const char *comment);

/* The data of `in` (.dzn), 1-based as the experiment file:
 *
 *   n = 28;
 *   blocks = [| 1, 1 | 1, 2 | ... |];      ([| |] for none)
 *   queens = [| 3, 5 | ... |];             the hints, when there are any
 *   excluded_diagonals = [3, 7];           col - row + n, when any
 *   excluded_antidiagonals = [2];          row + col - 1, when any
 *
 * after `comment` (each line behind "% "). */
void nq_mzn_write_data(FILE *f, const nq_instance *in, const char *comment);

/* Load time: 0 when backend `opt[solver]` runs through the MiniZinc
 * program of `opt[command]` (a tiny model is solved with it, once per
 * command and backend in a process); else -1 with msg saying why and
 * which backends `minizinc --solvers` lists. */
int nq_minizinc_check(const nq_optval *opt, char *msg, size_t len);

/* For the .meta: the backend that `opt[solver]` picks, as `PROGRAM
 * --solvers-json` of opt[command] lists it (its id, name and version),
 * into b; picked as `minizinc --solver` picks (the full id, its last
 * part or tags, comma-separated, and "@VERSION"; of several, one named
 * by id, then the default, then the first listed). When the program
 * gives no list, or lists no such backend, b->id is "" and b->version
 * says why ("unknown (...)"). Once per command and backend in a
 * process. Returns 0. */
int nq_minizinc_backend(const nq_optval *opt, nq_backend *b);

#endif
