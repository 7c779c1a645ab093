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
#include "nq_plugin.h"
#include "error.h"

#define NQ_MAX_OPTIONS 8

/* The largest board, in the experiment file and on the command line. */
#define NQ_MAX_N 100000000
/* The most pre-placed queens one command-line instance takes (solve,
 * export, check); the square map an export is read back with holds as
 * many (solvers/solfile.h). */
#define NQ_MAX_HINTS 256

/* One approach: a solver with every option given a value. */
typedef struct nq_approach {
	const nq_solver *solver;
	nq_optval opt[NQ_MAX_OPTIONS]; /* aligned with solver->options */
	char label[64];   /* CSV `encoding`: value of solver->label_option */
	char options[160];/* CSV `options`: the other options with an effect,
			     "k=v;k=v" */
	char name[128];   /* "picosat/sequential": nq_approaches_name() */
	int line, col;    /* where the file declared it */
} nq_approach;

/* One concrete instance (after ranges and lists are expanded). */
typedef struct nq_instance_spec {
	nq_instance inst;      /* inst.hints points into `hints` */
	nq_square *hints;
	char hints_text[256];  /* CSV `hints`: "1:2 3:5" (1-based row:col) */
	/* `only:` the approaches that run this instance, as " a b " (names
	 * matched by nq_approach_matches); empty: every approach */
	char only[256];
	int line, col;
} nq_instance_spec;

typedef enum nq_after_timeout {
	NQ_AFTER_TIMEOUT_CONTINUE = 0,
	NQ_AFTER_TIMEOUT_SKIP = 1
} nq_after_timeout;

typedef struct nq_experiment {
	char *name;        /* `experiment:` (default: the file's base name) */
	char *path;        /* the file it was read from */
	char *output;      /* `output:` or reports/<name>.csv */
	int repeat;        /* >= 1 */
	int warmup;        /* >= 0 */
	double timeout_s;  /* > 0 */
	uint64_t memory_kib; /* 0: no limit */
	uint64_t seed;
	nq_after_timeout after_timeout;

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
void nq_experiment_free(nq_experiment *exp);

/* Fill an approach from a solver and (key, value) text pairs; keys not
 * given take the default. Used by the loader and by `harness solve`.
 * Returns -1 with err->msg set (line and column left to the caller). */
int nq_approach_init(nq_approach *a, const nq_solver *s,
		     const char *const *keys, const char *const *values,
		     size_t nkv, nq_error *err);

/* Name approaches a[0..n-1] (nq_approach.name) as the summary, CSV
 * `approach` column, report and plots show them: solver/label, then
 * " key=value" for each option that differs between approaches of the
 * same solver in the list and has an effect (nq_solver.option_used). */
void nq_approaches_name(nq_approach *a, size_t n);

/* 1 when `name` names approach `a`: its solver ("picosat"), its name
 * as the summary shows it ("picosat/pairwise"), or solver/label. */
int nq_approach_matches(const nq_approach *a, const char *name);

/* 1 when the instance's `only:` list lets approach `a` run it. */
int nq_instance_runs(const nq_instance_spec *spec, const nq_approach *a);

/* Parse a duration ("20s", "500ms", "2m", "1.5") into seconds; a size
 * ("512M", "2G", "1024K", "2GiB") into KiB. Return -1 if malformed. */
int nq_parse_duration(const char *text, double *seconds);
int nq_parse_size_kib(const char *text, uint64_t *kib);

/* The integer rules of the experiment file, shared with the command line
 * so both take and refuse the same text.
 *
 * nq_parse_int: a whole decimal integer with an optional sign (no spaces,
 * no other characters) in [min, max]. 0; -1 when it is not an integer;
 * -2 when below min; -3 when above max (overflow included). */
int nq_parse_int(const char *text, long long min, long long max,
		 long long *out);
/* Digits only, at most 2^64 - 1. 0, or -1. */
int nq_parse_u64(const char *text, uint64_t *out);
/* A memory limit: "none" (0, no limit) or a size as nq_parse_size_kib
 * takes it that is greater than 0. 0; -1 when malformed; -2 when 0 or
 * negative. */
int nq_parse_memory(const char *text, uint64_t *kib);

/* Optimal string alignment distance between a and b (edits, with
 * transpositions), for "did you mean"; strings over 32 characters are
 * simply far (99). */
size_t nq_edit_distance(const char *a, const char *b);

#endif
