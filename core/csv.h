/*
 * csv.h - the results file: RFC 4180, one header, one row per run,
 * flushed as each run ends.
 */
#ifndef NQ_CSV_H
#define NQ_CSV_H

#include <stdio.h>
#include "experiment.h"
#include "runner.h"

/* Write one field, quoted when it holds a comma, quote, CR or LF. */
void nq_csv_field(FILE *f, const char *s);

/* The column names, in order, NULL-terminated (readers of old files map
 * their columns onto these by name: core/rows.c). */
const char *const *nq_csv_columns(void);

/* The header line (the design's columns first). */
void nq_csv_header(FILE *f);

/* This machine's name (uname's nodename), for the `host` column: runs
 * of one experiment may come from several machines (shards, merge). */
const char *nq_csv_host(void);

/* One row. */
void nq_csv_row(FILE *f, const nq_experiment *exp,
		const nq_instance_spec *spec, const nq_approach *a,
		int repeat, const nq_run *run);

#endif
