/*
 * instance.h - what an instance is beyond n, mode and hints: blocked
 * squares and excluded lines (the numbering is in include/nq_plugin.h),
 * an id, and a content hash; the texts the CSV writes them as and reads
 * them back from.
 *
 * Whoever makes instances (the experiment-file loader, a generator, an
 * instance-file reader, the command line) fills an nq_instance_spec with
 * nq_spec_fill() from plain arrays, and may name it with nq_spec_set_id();
 * nq_spec_free() frees what fill made. Nothing here checks the content:
 * nq_check_instance() (validate.h) does.
 *
 * The CSV texts, 1-based like the experiment file:
 *
 *   hints     "1:2 3:5"     row:col, in the order given
 *   blocked   "1:1 4:6"     row:col, sorted by row, then column
 *   excluded  "d3 d7 a2"    diagonals ascending, then antidiagonals
 *
 * The hash (CSV `instance_hash`) is the first 16 hex digits of the
 * SHA-256 of the canonical text "N|HINTS|BLOCKED|EXCLUDED" (each part as
 * above, the hints sorted like the blocked squares; e.g. "8|1:1 2:5||d3"),
 * so it does not depend on the order anything was written in, and any
 * script can compute it.
 */
#ifndef NQ_INSTANCE_H
#define NQ_INSTANCE_H

#include <stddef.h>
#include <stdint.h>
#include "experiment.h"

/* 1 when the instance has blocked squares or excluded lines (the ABI 3
 * part of nq_instance): solvers of ABI < 3 are left out of it. */
int nq_instance_has_variants(const nq_instance *in);

/* 1 when solver s sees the ABI 3 fields of nq_instance. */
int nq_solver_takes_variants(const nq_solver *s);

/* Fill *s (cleared first; free it with nq_spec_free) with a copy of the
 * given 0-based arrays: the hints in the order given, the blocked squares
 * sorted by row then column, the diagonal and antidiagonal numbers sorted
 * ascending; the texts, the hash, and the default id ("n8" for plain
 * n-queens, "n8-" and the hash's first 8 digits otherwise). Any count may
 * be 0 with its array NULL. `only`, line and col are left empty for the
 * caller. 0; -1 on no memory; -2 when the hints do not fit the CSV
 * `hints` column (sizeof s->hints_text - 1 characters). */
int nq_spec_fill(nq_instance_spec *s, int n, enum nq_mode mode,
		 const nq_square *hints, int nhints,
		 const nq_square *blocked, int nblocked,
		 const int *diag, int ndiag, const int *anti, int nanti);

/* Name the instance (the CSV `instance` column): a generator's
 * "placed-n20-m5-s7-3", an instance file's name. Sets s->id_set, which
 * asks for FILE.instances.yaml beside the CSV. 0, or -1 when `id` is
 * longer than sizeof s->id - 1 or holds a character outside
 * [A-Za-z0-9_.:/+=-]. */
int nq_spec_set_id(nq_instance_spec *s, const char *id);

/* Make s part k (0-based) of `parts` (>= 2) of its count (ABI 4): the
 * CSV `part` text "K/P" (1-based), the hash (which covers the part), and
 * the default id "n18-part3of16". 0, -1 on no memory. */
int nq_spec_set_part(nq_instance_spec *s, int k, int parts);

/* The CSV `part` text "K/P" read back: 0 with in->part (0-based) and
 * in->parts set (both 0 for ""), -1 when malformed. */
int nq_part_from_text(const char *text, nq_instance *in);

/* 1 when the run key and the ledger know the instance by its hash, not
 * by its hints alone: blocked squares, excluded lines or a part. */
int nq_instance_keyed_by_hash(const nq_instance *in);

/* Free what nq_spec_fill made; *s is cleared. */
void nq_spec_free(nq_instance_spec *s);

/* The instance field of a run key (plan.h): the hints text when the
 * instance has neither blocked squares, excluded lines nor a part (so
 * keys from before them stay the same), "HINTS|HASH" otherwise
 * (`variants`: nq_instance_keyed_by_hash). */
void nq_instance_key_field(const char *hints_text, int variants,
			   const char *hash, char *buf, size_t len);

/* The hash of an instance as 16 hex digits (see above). -1 on no
 * memory. */
int nq_instance_hash(const nq_instance *in, char hex[17]);

/* The texts (malloc'd, "" for none), as the CSV writes them; NULL on no
 * memory. Blocked squares are written in the order given (nq_spec_fill
 * sorts them first). */
char *nq_blocked_text(const nq_square *b, int k);
char *nq_excluded_text(const int *diag, int ndiag, const int *anti,
		       int nanti);

/* An instance read back from the CSV texts of its row: `in` points into
 * the buffers of `b`, which grow as needed and are reused from one call
 * to the next. 0; -1 with `why` naming the column at fault; -2 on no
 * memory. Squares and lines must be on the n x n board. */
struct nq_inst_buf {
	nq_square *sq;         /* hints, then blocked squares */
	int *lines;            /* diagonals, then antidiagonals */
	size_t capsq, caplines;
};
int nq_instance_from_text(nq_instance *in, int n, enum nq_mode mode,
			  const char *hints, const char *blocked,
			  const char *excluded, struct nq_inst_buf *b,
			  char *why, size_t len);
void nq_inst_buf_free(struct nq_inst_buf *b);

/* 1 when FILE.instances.yaml is written beside the CSV: some instance
 * has blocked squares or excluded lines, or was named with
 * nq_spec_set_id (generated, read from an instance file). */
int nq_instances_file_wanted(const nq_experiment *exp);

/* FILE.instances.yaml for the CSV at `csv`. */
void nq_instances_path(const char *csv, char *buf, size_t len);

/* The seed of one measured run (CSV `seed`; issue 31), so the repeats
 * of a randomised method are independent runs and `harness solve
 * --seed S` reproduces any one row. Repeat 1 (and a warm-up, repeat
 * <= 1) takes the experiment's seed itself, as every run did before;
 * repeat r >= 2 takes
 *
 *     mix(seed ^ mix(hash ^ mix(r)))
 *
 * with hash the instance's `instance_hash` read as a 64-bit number
 * (0 when it has none) and mix splitmix64's step (Steele, Lea and
 * Flood 2014): z = x + 0x9E3779B97F4A7C15, z = (z ^ z >> 30) *
 * 0xBF58476D1CE4E5B9, z = (z ^ z >> 27) * 0x94D049BB133111EB, z ^ z >>
 * 31. docs/experiments.md has it in Python. */
uint64_t nq_run_seed(uint64_t seed, int repeat, const char *hash);

/* Write every instance of exp to `f` as an experiment file's
 * `instances:` list, one entry each, with its id and hash as comments. */
void nq_instances_yaml(FILE *f, const nq_experiment *exp);

#endif
