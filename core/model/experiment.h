/*
 * experiment.h - an experiment: instances x approaches, read from YAML.
 *
 * nq_config_load() reads and checks the whole file before anything runs;
 * the experiment it returns owns every string and array inside it and is
 * freed with nq_experiment_free().
 */
#ifndef NQ_EXPERIMENT_H
#define NQ_EXPERIMENT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "nq_plugin.h"
#include "error.h"
#include "approach.h"
#include "units.h" /* nq_parse_int, nq_parse_duration, ... */

/* The most pre-placed queens one command-line instance takes (solve,
 * export, check); the square map an export is read back with holds as
 * many (formats/solfile.h). */
#define NQ_MAX_HINTS 256

/* One concrete instance (after ranges and lists are expanded). */
typedef struct nq_instance_spec {
	/* inst.hints, .blocked, .excl_diag, .excl_anti point into the
	 * arrays below (core/model/instance.h: nq_spec_fill makes them, and
	 * nq_spec_free frees them) */
	nq_instance inst;
	nq_square *hints;      /* in the order given */
	nq_square *blocked;    /* sorted by row, then column */
	int *excl;             /* diagonals, then antidiagonals, each sorted */
	char hints_text[256];  /* CSV `hints`: "1:2 3:5" (1-based row:col) */
	char *blocked_text;    /* CSV `blocked`: "1:1 4:6"; "" none */
	char *excluded_text;   /* CSV `excluded`: "d3 d7 a2"; "" none */
	char *source;          /* the instance file it was read from, as
				  the experiment file names it; NULL none */
	char id[128];          /* CSV `instance`: "n8", or a generator's */
	int id_set;            /* id given by nq_spec_set_id, not default */
	char hash[17];         /* CSV `instance_hash`: 16 hex digits */
	char part_text[24];    /* CSV `part`: "3/16" (1-based), "" whole */
	/* `only:` the approaches that run this instance, one name a line,
	 * "\na\nb c=1\n" (names matched by nq_approach_matches; an
	 * approach name may hold spaces); empty: every approach */
	char only[256];
	int line, col;
} nq_instance_spec;

typedef enum nq_after_timeout {
	NQ_AFTER_TIMEOUT_CONTINUE = 0,
	NQ_AFTER_TIMEOUT_SKIP = 1
} nq_after_timeout;

/* The caps of a run (runlimits.h) when the file sets none: disk:
 * NQ_DISK_DEFAULT is 1 GiB, or half the free space of the run
 * directory's file system when that is less. */
#define NQ_DISK_DEFAULT UINT64_MAX
#define NQ_DISK_DEFAULT_KIB (1024ull * 1024) /* 1 GiB */
#define NQ_PROCESSES_DEFAULT 512

typedef struct nq_experiment {
	char *name;        /* `experiment:` (default: the file's base name) */
	char *path;        /* the file it was read from */
	char *output;      /* `output:` or reports/<name>.csv */
	int repeat;        /* >= 1 */
	int warmup;        /* >= 0 */
	double timeout_s;  /* > 0 */
	uint64_t memory_kib; /* 0: no limit */
	uint64_t disk_kib;   /* `disk:`; 0: no cap; NQ_DISK_DEFAULT: the
				default */
	int processes;       /* `processes:`; 0: no cap */
	uint64_t seed;
	nq_after_timeout after_timeout;
	int jobs;          /* runs at once (`jobs:`, -j), >= 1 */
	int strict;        /* `strict: true`: an answer nothing checked
			      fails the run, as --strict */

	nq_instance_spec *instances;
	size_t ninstances;
	nq_approach *approaches;
	size_t napproaches;
} nq_experiment;

/* Read and check `path`. On error returns -1 with err naming the file,
 * line and column; nothing is allocated then. */
int nq_config_load(const char *path, nq_experiment **out, nq_error *err);
/* The same for text held in memory (len bytes, no NUL needed); `path` is
 * used in messages and to find plugins relative to it. */
int nq_config_parse(const char *text, size_t len, const char *path,
		    nq_experiment **out, nq_error *err);

/* Input limits of an experiment file: its size in bytes, and how deep its
 * lists and mappings may nest. */
#define NQ_CONFIG_MAX_BYTES (4u << 20)
#define NQ_CONFIG_MAX_DEPTH 64
/* The largest board size (n), in the experiment file and on the command
 * line alike. */
#define NQ_MAX_N 100000000
/* `parts:` of one count (each part is an instance of its own) */
#define NQ_MAX_PARTS 100000
/* The most runs at once (`jobs:`, -j); the cores the harness may use
 * bound it further when it runs. */
#define NQ_MAX_JOBS 1024
void nq_experiment_free(nq_experiment *exp);

/* Print every key of an experiment file, its type, range, default and
 * rules, and the file's limits, from the loader's key tables (config.c):
 * the schema in one place, for `harness help experiment`. */
void nq_config_print_schema(FILE *f);

/* 1 when the instance's `only:` list lets approach `a` run it. */
int nq_instance_runs(const nq_instance_spec *spec, const nq_approach *a);

#endif
