/*
 * merge.h - the shards of one experiment (`run --shard K/N` on several
 * machines) merged into one results file and its .meta, checked as if
 * one run had made every row (merge.c says how). `harness merge`
 * (cli/cmd_merge.c) parses the flags and calls it.
 */
#ifndef NQ_MERGE_H
#define NQ_MERGE_H

#include <stddef.h>
#include "error.h"

typedef struct nq_merge_opts {
	const char *out;           /* the merged CSV; its .meta beside it */
	const char *config;        /* the experiment file; NULL: the one
				      the shards' .meta name */
	int partial;               /* merge what is there when runs are
				      missing (named on stderr) */
	int force;                 /* merge shards changed since their runs
				      (their changed rows stay marked) */
	int strict;                /* --strict: an answer nothing checked
				      fails the merge (as the experiment's
				      `strict: true`, or a shard run with
				      --strict, which hold whatever this
				      says) */
	const char *const *shards; /* the shards' CSV files */
	size_t nshards;
} nq_merge_opts;

/* What the merged file holds: its rows, the runs missing, the answers
 * wrong, disputed, and `ok` with nothing that checked them (checked
 * `none`); whether strict holds, and by what ("--strict", "strict: true
 * in FILE", "FILE ran with --strict"), and so whether the unchecked fail
 * the merge. */
typedef struct nq_merge_counts {
	size_t rows, missing, wrong, disputed, unchecked;
	int strict;
	char strict_by[300];
} nq_merge_counts;

/* Merge o->shards into o->out (the lock taken, an old one kept as .bak,
 * each file written whole or not at all); messages on stderr as it
 * goes. 0 with *out set, or -1 with err set (bad input, runs missing
 * without partial, shards changed without force: nothing written). */
int nq_merge(const nq_merge_opts *o, nq_merge_counts *out, nq_error *err);

#endif
