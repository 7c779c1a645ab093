/*
 * columns.h - the one column table of a results CSV: every column's
 * name, its label in plots and reports, and how its cell is written, in
 * the file's order, as one X-macro. From it come the header and the row
 * writer (csv.c), the column ids readers index the header with
 * (NQ_COL_*, rows.c, rows_write.c), the labels (results/cells.c) and the
 * tests' expectations.
 *
 * A row: X(ID, "name", label, kind, when, value). `kind` says how the
 * value is written (csv.c: TEXT escaped and quoted as nq_csv_field
 * does, INT "%d", LONG "%ld", U64 and I64 as integers, SEC "%.6f", G
 * "%.10g"); the cell is empty unless `when` holds. `when` and `value` are
 * expressions of what csv.c's row writer has at hand: exp (the
 * experiment), spec (the instance), a (the approach), repeat, run (the
 * run), r (its result), ans (it gave an answer), ran (it started). The
 * label is NULL where the name says it.
 *
 * The first eleven are the contract (README: the CSV): these names, this
 * order. A new column goes after them, before `digest`, which stays last
 * (csv.h: the chain); readers find columns by name, so old files keep
 * working. docs/results.md lists every column.
 */
#ifndef NQ_COLUMNS_H
#define NQ_COLUMNS_H

#define NQ_COLUMNS(X)							\
	/* the contract */						\
	X(EXPERIMENT, "experiment", NULL, TEXT, 1, exp->name)		\
	X(N, "n", NULL, INT, 1, spec->inst.n)				\
	X(MODE, "mode", NULL, TEXT, 1,					\
	  spec->inst.mode == NQ_MODE_COUNT ? "count" : "first")		\
	X(SOLVER, "solver", NULL, TEXT, 1, a->solver->name)		\
	X(ENCODING, "encoding", NULL, TEXT, 1, a->label)		\
	X(REPEAT, "repeat", NULL, INT, 1, repeat)			\
	X(STATUS, "status", NULL, TEXT, 1, nq_status_name(run->status)) \
	X(SOLUTIONS, "solutions", NULL, U64, ans, r->solutions)		\
	X(WALL, "wall_s", "wall time (s)", SEC, ran, run->wall_s)	\
	X(CPU, "cpu_s", "CPU time (s)", SEC, ran, run->cpu_s)		\
	X(PEAK_RSS, "peak_rss_kib", "peak resident memory (KiB)", LONG,	\
	  ran, run->peak_rss_kib)					\
	/* extras */							\
	X(APPROACH, "approach", NULL, TEXT, 1, a->name)			\
	X(CHECKED, "checked", NULL, TEXT, 1, run->checked)		\
	X(UNIQUE, "unique", NULL, U64, ans && r->unique != NQ_UNIQUE_NA, \
	  r->unique)							\
	X(HINTS, "hints", NULL, TEXT, 1, spec->hints_text)		\
	X(BLOCKED, "blocked", NULL, TEXT, 1, spec->blocked_text)	\
	X(EXCLUDED, "excluded", NULL, TEXT, 1, spec->excluded_text)	\
	X(INSTANCE, "instance", NULL, TEXT, 1, spec->id)		\
	X(INSTANCE_HASH, "instance_hash", NULL, TEXT, 1, spec->hash)	\
	X(OPTIONS, "options", NULL, TEXT, 1,				\
	  run->options[0] ? run->options : a->options)			\
	X(BUILD, "build_s", "model build time (s)", SEC, ans, r->build_s) \
	X(SOLVE, "solve_s", "solve time (s)", SEC, ans, r->solve_s)	\
	X(VARS, "vars", "variables", I64, r->vars != NQ_NA, r->vars)	\
	X(CONSTRAINTS, "constraints", "clauses (CNF) or rows (ILP)", I64, \
	  r->constraints != NQ_NA, r->constraints)			\
	X(NONZEROS, "nonzeros", "literals (CNF) or nonzeros (ILP)", I64, \
	  r->nonzeros != NQ_NA, r->nonzeros)				\
	X(NODES, "nodes", "search nodes", I64, r->nodes != NQ_NA, r->nodes) \
	X(DECISIONS, "decisions", "SAT decisions", I64,			\
	  r->decisions != NQ_NA, r->decisions)				\
	X(CONFLICTS, "conflicts", "SAT conflicts", I64,			\
	  r->conflicts != NQ_NA, r->conflicts)				\
	X(ITERATIONS, "iterations", "simplex iterations", I64,		\
	  r->iterations != NQ_NA, r->iterations)			\
	X(TIMEOUT, "timeout_s", NULL, G, 1, exp->timeout_s)		\
	X(SEED, "seed", NULL, U64, 1,					\
	  nq_run_seed(exp->seed, repeat, spec->hash))			\
	X(CPUS, "cpus", NULL, TEXT, 1, run->cpus)			\
	X(HOST, "host", NULL, TEXT, 1, nq_csv_host())			\
	X(NOTE, "note", NULL, TEXT, 1, run->note)			\
	X(MEASURED_BY, "measured_by", NULL, TEXT, 1, run->measured_by)	\
	X(PART, "part", NULL, TEXT, 1, spec->part_text)			\
	X(STEPS, "steps", "local-search steps", I64,			\
	  r->steps != NQ_NA, r->steps)					\
	X(RESTARTS, "restarts", "restarts", I64,			\
	  r->restarts != NQ_NA, r->restarts)				\
	/* last: the chain's (csv.h), written by nq_csv_put */		\
	X(DIGEST, "digest", NULL, DIGEST, 0, "")

/* The column ids, in the file's order; NQ_COL__COUNT of them. */
#define NQ_COL_ID_(id, name, label, kind, when, value) NQ_COL_##id,
enum { NQ_COLUMNS(NQ_COL_ID_) NQ_COL__COUNT };

/* The names in order, NULL-terminated; the name and the label (the name
 * when it has none) of column `id` ("" for no column). */
const char *const *nq_col_names(void);
const char *nq_col_name(int id);
const char *nq_col_label(int id);

#endif
