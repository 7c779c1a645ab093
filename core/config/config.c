/*
 * config.c - reads an experiment file (YAML) into an nq_experiment.
 *
 * The file is read whole with libyaml's document API and checked before
 * anything runs (config_read.c). Every error names the file, the 1-based
 * line and column of the offending node (the value for a bad value, the
 * key for an unknown or duplicate key) and says what was expected.
 *
 * The schema is written once: the key tables below (top_keys for the
 * file, instance_keys for an entry of `instances:`), one row per key with
 * its type, handler, range, default and help, as nginx's ngx_command_t.
 * The loader looks keys up in them (unknown keys get a did-you-mean),
 * calls each row's handler, and nq_config_print_schema() prints them for
 * `harness help experiment`; README points there. The rules that belong
 * to no single key (expansion, limits) are schema_notes below.
 *
 * Here: the tables, the top-level keys, `approaches:` (a solver, its
 * options and their cartesian product), `plugins:`, and the experiment's
 * defaults. The keys of an instance entry are in config_instance.c; the
 * approach and option model in approach.c; numbers, durations and sizes
 * in units.c.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>
#include "atomic.h"
#include "instance.h"
#include "loader.h"
#include "plugin.h"
#include "registry.h"
#include "units.h"

static cfg_key_fn key_name, key_int, key_duration, key_size, key_u64,
	key_path, key_after_timeout, key_bool, key_instances,
	key_approaches, key_plugins;

#define OFF(field) offsetof(nq_experiment, field)

/* name, type, handler, required, pass, offset, min, max, default, help,
 * more. */
static const struct key_def top_keys[] = {
	{ "experiment", "name", key_name, 0, 1, 0, 0, 0,
	  "the file's base name",
	  "the experiment's name (default: the file's base name)",
	  "Letters, digits, '_', '.' and '-', at most 100 characters. The "
	  "default is the file's base name without its extension, other "
	  "characters becoming '_'." },
	{ "repeat", "integer", key_int, 0, 1, OFF(repeat), 1, NQ_MAX_REPEAT,
	  "1", "measured runs per instance and approach", NULL },
	{ "warmup", "integer", key_int, 0, 1, OFF(warmup), 0, NQ_MAX_REPEAT,
	  "0", "runs made first and not written", NULL },
	{ "timeout", "duration", key_duration, 0, 1, OFF(timeout_s), 0, 0,
	  "60s", "time limit per run, e.g. 20s (default 60s)",
	  "Greater than 0: \"20s\", \"500ms\", \"2m\", \"1h\", or a bare "
	  "number of seconds (\"20\", \"1.5\", \"1.5s\")." },
	{ "memory", "size", key_size, 0, 1, OFF(memory_kib), 0, 0, "none",
	  "memory limit per run, e.g. 2G, or none (default none)",
	  "\"512M\", \"2G\", \"2GiB\", \"1024K\", \"1T\" (K/KB/KiB, M/MB/MiB, "
	  "G/GB/GiB, T/TB/TiB, any case, all binary: 1K = 1024 bytes; "
	  "decimals allowed, rounded up to whole KiB); a bare number is MiB; "
	  "\"none\" for no limit; 0 is an error." },
	{ "disk", "size", key_size, 0, 1, OFF(disk_kib), 0, 0,
	  "1G or half the free space",
	  "bytes a run may write, e.g. 10M, or none (default 1G, or half "
	  "the free space of the run directory's file system if less)",
	  "A size as for memory:. Each file the run writes (RLIMIT_FSIZE: "
	  "its writer gets SIGXFSZ), and its temporary directory in all, "
	  "each file counted at least 4 KiB (looked at every 0.1 s: a "
	  "burst may pass it by that much). Past it the run is killed and "
	  "is `error`, with a note saying so. \"none\" for no cap." },
	{ "processes", "integer", key_int, 0, 1, OFF(processes), 1, 4194304,
	  "512",
	  "the most processes and threads a run may have at once (default "
	  "512)",
	  "The run's whole tree, its own threads too: the pids "
	  "controller's pids.max (a fork or thread past it fails, EAGAIN), "
	  "or where there is none a count every 0.1 s (a run past it is "
	  "killed). A run that hit it is `error`, with a note saying so." },
	{ "seed", "integer", key_u64, 0, 1, OFF(seed), 0, 0, "1",
	  "seed handed to randomised solvers (default 1)",
	  "An unsigned 64-bit integer." },
	{ "output", "path", key_path, 0, 1, OFF(output), 0, 0,
	  "reports/<experiment>.csv",
	  "the CSV file (default reports/<experiment>.csv)",
	  "Relative to the working directory, not to this file. A name "
	  "that does not end in .csv gets it added, as with -o (x means "
	  "x.csv), so x.meta and the lock are one file's." },
	{ "after_timeout", "choice", key_after_timeout, 0, 1,
	  OFF(after_timeout), 0, 0, "continue",
	  "continue, or skip the rest of that n and larger n after a "
	  "timeout (default continue)",
	  "continue | skip. skip: once a measured run of an approach times "
	  "out on an instance, the approach skips that instance's "
	  "remaining repeats and every larger n of the same mode, hints, "
	  "blocked squares and excluded lines (rows `skipped`, their note "
	  "naming the n it timed out at). A deterministic search would "
	  "time out again, a timeout apiece; a randomised one might not, "
	  "so for those use continue where every repeat must count. A "
	  "warm-up's timeout skips nothing." },
	{ "strict", "boolean", key_bool, 0, 1, OFF(strict), 0, 0, "false",
	  "true: an answer nothing checked fails the run, exit 1 (default "
	  "false)",
	  "true | false. An answer no table, rule or other approach could "
	  "check is `ok` with checked `none`; under strict (or `run "
	  "--strict`) each one makes the exit status 1, for a run whose "
	  "every answer must be checked (a paper's), and so does `merge` "
	  "of its shards. See docs/validator.md." },
	{ "jobs", "integer", key_int, 0, 1, OFF(jobs), 1, NQ_MAX_JOBS, "1",
	  "runs at once, each on cores of its own (default 1)",
	  "At most the cores the harness may use (an error says so when "
	  "more); a run with `threads: k` takes k of them. 1 gives the "
	  "cleanest timings; -j N on the command line overrides it. See "
	  "docs/scale.md." },
	{ "instances", "list", key_instances, 1, 1, 0, 0, 0, NULL,
	  "a list of boards to solve, e.g. '- {n: 8, mode: count}'",
	  "A non-empty list of mappings with the instance keys below." },
	{ "approaches", "list", key_approaches, 1, 1, 0, 0, 0, NULL,
	  "a list of solvers, e.g. '- backtrack'",
	  "A non-empty list: '- backtrack' (options at defaults), "
	  "'- backtrack: {variant: [textbook, bitmask]}' (solver: {option: "
	  "value}), '- glpk: {model: assignment}'. `harness list` shows the "
	  "solvers and their options." },
	{ "plugins", "paths", key_plugins, 0, 0, 0, 0, 0, NULL,
	  "shared objects to load, relative to this file, e.g. [my_amo.so]",
	  "A path or a list of paths, each relative to this file's "
	  "directory unless absolute. Loaded first, wherever the key "
	  "stands, so their solvers, encodings and models count as known "
	  "names. See include/nq_plugin.h and docs/plugins.md." },
};
#define NTOP (sizeof top_keys / sizeof *top_keys)

/* An entry loads mode first (n's expansion is capped by n values x
 * modes), then n, hints (on the smallest n), blocked and excluded (on
 * the smallest n, after the hints they must avoid), only. */
static const struct key_def instance_keys[] = {
	{ "n", "sizes", cfg_key_n, 1, 1, 0, 1, NQ_MAX_N, NULL,
	  "the board size: an integer, a range '4..12' or a list",
	  "An integer, a range \"4..12\", \"4..12 by 2\", \"16..1024 times "
	  "2\" (the end is an upper bound, included when hit), or a list "
	  "of integers and ranges." },
	{ "mode", "choice", cfg_key_mode, 0, 0, 0, 0, 0, "first",
	  "first, count or a list of both (default first)", NULL },
	{ "hints", "pairs", cfg_key_hints, 0, 2, 0, 0, 0, NULL,
	  "pre-placed queens as 1-based [row, column] pairs",
	  "e.g. [[1, 2], [3, 5]]: on the board for every n of the entry, "
	  "no two attacking." },
	{ "blocked", "pairs", cfg_key_blocked, 0, 3, 0, 0, 0, NULL,
	  "squares that may hold no queen, as 1-based [row, column] pairs",
	  "e.g. [[1, 1], [4, 6]]: on the board for every n of the entry, "
	  "none twice, no hint on one. A blocked square does not stop "
	  "attacks (Blocked n-Queens, CSPLib prob080)." },
	{ "excluded", "lines", cfg_key_excluded, 0, 3, 0, 0, 0, NULL,
	  "lines that may hold no queen: {diagonals: [...], "
	  "antidiagonals: [...]}",
	  "1-based line numbers 1..2n-1 for every n of the entry: diagonal "
	  "col - row + n (1 is the bottom-left corner, n the main "
	  "diagonal), antidiagonal row + col - 1 (1 is the top-left "
	  "corner); include/nq_plugin.h numbers them from 0. Either key may "
	  "be left out; none twice, no hint on one." },
	{ "only", "names", cfg_key_only, 0, 4, 0, 0, 0, NULL,
	  "the approaches that run this entry, e.g. [backtrack, "
	  "picosat/pairwise]",
	  "By solver name or by approach name as the summary shows it, "
	  "options and all (backtrack/bitmask threads=1); each must name "
	  "an approach of the file." },
	{ "parts", "integer", cfg_key_parts, 0, 6, 0, 2, NQ_MAX_PARTS, NULL,
	  "count the board in this many parts, each a run of its own",
	  "With mode: count, on the whole board (no hints, blocked or "
	  "excluded). Part K of P counts the solver's work units i with "
	  "i mod P = K-1, each weighted by the symmetry class it stands "
	  "for; the parts go to shards and -j like any instance, the CSV "
	  "`part` column says K/P, and once all P are in their sum is held "
	  "to OEIS A000170 and the other answers (docs/scale.md: Counts "
	  "in parts). Only solvers that count in parts run them (backtrack "
	  "bitmask, symmetry, split)." },
	{ "generate", "mapping", cfg_key_generate, 0, 5, 0, 0, 0, NULL,
	  "seeded random instances: {family: placed, n: 20, queens: 0..20, "
	  "count: 50, seed: 7}",
	  "Instead of n, hints, blocked and excluded; mode and only may "
	  "stand beside it or inside it. Its keys are below." },
};
#define NINST (sizeof instance_keys / sizeof *instance_keys)

/* What holds for the whole file rather than one key. */
static const char schema_notes[] =
	"Expansion: instances come in file order; within an entry, for "
	"each n in order, for each mode in order, one instance (each with "
	"its own copy of the hints). An option whose value is a list gives "
	"one approach per value; several such options give their cartesian "
	"product, the solver's option table order outermost. An approach's "
	"options may be omitted, null or {}. The same approach listed twice "
	"is an error, as is a key given twice in one mapping.\n"
	"Instance files: an entry {file: GLOB, mode: ..., only: [...]} "
	"instead of n reads its instances from the files GLOB matches "
	"(relative to this file, sorted): CSPLib Essence' parameter files "
	"(letting n, blocks, queens) or the harness's own YAML (.yaml, "
	".yml: an `instances:` list). docs/experiments.md: Instance files. "
	"CSPLib prob079's Excluded Diagonals files (n, numdiags, diags) "
	"need diagonals: M (an integer, range or list, or all: 0 to the "
	"file's numdiags): an instance per M, the file's first M lines, "
	"named FILE-dM.\n"
	"Limits: at most %d instances and %d approaches after expansion; "
	"the hints of an entry fit the CSV `hints` column (255 characters "
	"as \"r:c r:c\"). The file: at most %u MiB, lists and mappings "
	"nested at most %d deep, UTF-8 text.\n";

/* ------------------------------------------------------------------ */
/* Keys in mappings. */

/* Look a mapping key up in a table. Returns its index, or -1 with the
 * error set (unknown key, with a did-you-mean). */
static int lookup_key(struct loader *L, const struct key_def *table,
		      size_t count, const yaml_node_t *key, const char *what)
{
	char got[80], known[300] = "";
	const char *name, *best, *names[32];
	size_t i;

	if (key->type != YAML_SCALAR_NODE || cfg_is_null(key))
		return cfg_fail(L, key, "expected a %s name, got %s", what,
				cfg_describe(key, got, sizeof got));
	name = text_of(key);
	for (i = 0; i < count; i++) {
		if (strcmp(table[i].name, name) == 0)
			return (int)i;
		if (i < sizeof names / sizeof *names)
			names[i] = table[i].name;
		nq_append(known, sizeof known, "%s%s", i ? ", " : "",
			  table[i].name);
	}
	if (count > sizeof names / sizeof *names)
		count = sizeof names / sizeof *names;
	if ((best = nq_suggest(name, names, count)))
		return cfg_fail(L, key, "unknown %s '%s' (did you mean '%s'?)",
				what, name, best);
	return cfg_fail(L, key, "unknown %s '%s' (known: %s)", what, name,
			known);
}

/* Walk a mapping against a table: each key known and given once. Fills
 * keys[i] / values[i] for table row i (NULL when absent). */
static int walk_mapping(struct loader *L, const yaml_node_t *map,
			const struct key_def *table, size_t count,
			const char *what, yaml_node_t **keys,
			yaml_node_t **values)
{
	yaml_node_pair_t *p;
	size_t i;
	int k;

	for (i = 0; i < count; i++)
		keys[i] = values[i] = NULL;
	for (p = map->data.mapping.pairs.start;
	     p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *key = node_at(L, p->key);

		k = lookup_key(L, table, count, key, what);
		if (k < 0)
			return -1;
		if (keys[k])
			return cfg_fail(L, key, "duplicate key '%s' (first "
					"given at line %d)", table[k].name,
					line_of(keys[k]));
		keys[k] = key;
		values[k] = node_at(L, p->value);
	}
	return 0;
}

/* Load the values walk_mapping found, pass by pass (the tables' `pass`
 * column), each pass in file order. */
static int load_values(struct loader *L, const yaml_node_t *map,
		       const struct key_def *table, size_t count,
		       yaml_node_t **keys, yaml_node_t **values)
{
	yaml_node_pair_t *p;
	int pass, last = 0;
	size_t i;

	for (i = 0; i < count; i++)
		if (table[i].pass > last)
			last = table[i].pass;
	for (pass = 0; pass <= last; pass++)
		for (p = map->data.mapping.pairs.start;
		     p < map->data.mapping.pairs.top; p++) {
			const yaml_node_t *key = node_at(L, p->key);

			for (i = 0; i < count && keys[i] != key; i++)
				;
			if (i < count && table[i].pass == pass &&
			    table[i].load(L, &table[i], values[i]))
				return -1;
		}
	return 0;
}

/* ------------------------------------------------------------------ */
/* The top-level keys. */

#define FIELD(L, k, type) ((type *)((char *)(L)->exp + (k)->offset))

static int key_name(struct loader *L, const struct key_def *k,
		    const yaml_node_t *node)
{
	const char *t, *c;

	(void)k;
	if (cfg_want_scalar(L, node, "experiment", "a name", &t))
		return -1;
	for (c = t; *c; c++)
		if (!((*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') ||
		      (*c >= '0' && *c <= '9') || *c == '_' || *c == '.' ||
		      *c == '-'))
			return cfg_fail(L, node, "experiment: a name holds "
					"only letters, digits, '_', '.' and "
					"'-', got '%s'", t);
	if (!*t)
		return cfg_fail(L, node, "experiment: expected a name, got ''");
	if (strlen(t) > NQ_MAX_NAME)
		return cfg_fail(L, node, "experiment: a name has at most %d "
				"characters", NQ_MAX_NAME);
	if (!(L->exp->name = strdup(t)))
		return cfg_fail(L, node, "out of memory");
	return 0;
}

#define NQ_MAX_DURATION_S (30.0 * 86400)

static int load_duration(struct loader *L, const yaml_node_t *node,
			 const char *what, double *out)
{
	const char *t;
	double v;

	if (cfg_want_scalar(L, node, what, "a duration such as 20s", &t))
		return -1;
	if (t[0] == '-')
		return cfg_fail(L, node, "%s must be greater than 0, got '%s'",
				what, t);
	if (nq_parse_duration(t, &v))
		return cfg_fail(L, node, "%s: expected a duration such as 20s, "
				"500ms, 2m, 1h or a number of seconds, got "
				"'%s'", what, t);
	if (v <= 0)
		return cfg_fail(L, node, "%s must be greater than 0, got '%s'",
				what, t);
	/* past any one run an experiment makes (the paper's hardest
	 * boards take hours): a slip of the unit, 3600h for 3600s */
	if (v > NQ_MAX_DURATION_S)
		return cfg_fail(L, node, "%s: at most 30 days (720h), got "
				"'%s'", what, t);
	*out = v;
	return 0;
}

static int load_size(struct loader *L, const yaml_node_t *node,
		     const char *what, uint64_t *out)
{
	const char *t;
	uint64_t v;
	int rc;

	if (cfg_want_scalar(L, node, what, "a size such as 2G, or none", &t))
		return -1;
	rc = nq_parse_memory(t, &v);
	if (rc == -1)
		return cfg_fail(L, node, "%s: expected a size such as 512M, "
				"2G, 2GiB or 1024K (a bare number is MiB), or "
				"none, got '%s'", what, t);
	if (rc == -2)
		return cfg_fail(L, node, "%s must be greater than 0, got '%s' "
				"(write none for no limit)", what, t);
	*out = v;
	return 0;
}

static int load_u64(struct loader *L, const yaml_node_t *node,
		    const char *what, uint64_t *out)
{
	const char *t;

	if (cfg_want_scalar(L, node, what, "an unsigned 64-bit integer", &t))
		return -1;
	if (nq_parse_u64(t, out))
		return cfg_fail(L, node, "%s: expected an unsigned 64-bit "
				"integer, got '%s'", what, t);
	return 0;
}

static int key_duration(struct loader *L, const struct key_def *k,
			const yaml_node_t *v)
{
	return load_duration(L, v, k->name, FIELD(L, k, double));
}

static int key_size(struct loader *L, const struct key_def *k,
		    const yaml_node_t *v)
{
	return load_size(L, v, k->name, FIELD(L, k, uint64_t));
}

static int key_u64(struct loader *L, const struct key_def *k,
		   const yaml_node_t *v)
{
	return load_u64(L, v, k->name, FIELD(L, k, uint64_t));
}

static int key_int(struct loader *L, const struct key_def *k,
		   const yaml_node_t *v)
{
	long long x;

	if (cfg_want_int(L, v, k->name, k->min, k->max, &x))
		return -1;
	*FIELD(L, k, int) = (int)x;
	return 0;
}

static int key_path(struct loader *L, const struct key_def *k,
		    const yaml_node_t *v)
{
	char **field = FIELD(L, k, char *);
	const char *t;

	if (cfg_want_scalar(L, v, k->name, "a file name", &t))
		return -1;
	if (!*t)
		return cfg_fail(L, v, "%s: expected a file name, got ''",
				k->name);
	free(*field);
	/* the results file's name ends in .csv, as with -o (atomic.h) */
	if (!(*field = nq_csv_path(t)))
		return cfg_fail(L, v, "out of memory");
	return 0;
}

static int key_after_timeout(struct loader *L, const struct key_def *k,
			     const yaml_node_t *v)
{
	nq_after_timeout *field = FIELD(L, k, nq_after_timeout);
	const char *t;

	static const char *const names[] = { "continue", "skip" };
	char why[80];

	if (cfg_want_scalar(L, v, k->name, "continue or skip", &t))
		return -1;
	switch (nq_choice(t, names, 2, why, sizeof why)) {
	case 0:
		*field = NQ_AFTER_TIMEOUT_CONTINUE;
		return 0;
	case 1:
		*field = NQ_AFTER_TIMEOUT_SKIP;
		return 0;
	}
	return cfg_fail(L, v, "%s: unknown value '%s' (%s)", k->name, t, why);
}

static int key_bool(struct loader *L, const struct key_def *k,
		    const yaml_node_t *v)
{
	const char *t;

	static const char *const names[] = { "false", "true" };
	char why[80];
	int b;

	if (cfg_want_scalar(L, v, k->name, "true or false", &t))
		return -1;
	if ((b = nq_choice(t, names, 2, why, sizeof why)) >= 0) {
		*FIELD(L, k, int) = b;
		return 0;
	}
	if (!nq_suggest(t, names, 2))
		return cfg_fail(L, v, "%s: expected true or false, got '%s'",
				k->name, t);
	return cfg_fail(L, v, "%s: expected true or false, got '%s' (%s)",
			k->name, t, why);
}

static int load_list(struct loader *L, const yaml_node_t *node,
		     const char *what, const char *example,
		     int (*item)(struct loader *, const yaml_node_t *))
{
	char got[80];
	size_t i;

	if (node->type != YAML_SEQUENCE_NODE)
		return cfg_fail(L, node, "%s: expected a list such as '%s', "
				"got %s", what, example,
				cfg_describe(node, got, sizeof got));
	if (!seq_len(node))
		return cfg_fail(L, node, "%s: the list is empty (expected at "
				"least one item such as '%s')", what, example);
	for (i = 0; i < seq_len(node); i++)
		if (item(L, seq_item(L, node, i)))
			return -1;
	return 0;
}

/* --- plugins --- */

/* One plugin path, relative to the experiment file's directory unless
 * absolute. */
static int load_plugin(struct loader *L, const yaml_node_t *node)
{
	const char *t, *slash = strrchr(L->path, '/');
	char file[4096];
	nq_error perr;

	if (cfg_want_scalar(L, node, "plugins", "a shared object's path "
			    "such as my_amo.so", &t))
		return -1;
	if (t[0] == '/' || !slash)
		snprintf(file, sizeof file, "%s", t);
	else
		snprintf(file, sizeof file, "%.*s/%s",
			 (int)(slash - L->path), L->path, t);
	memset(&perr, 0, sizeof perr);
	if (nq_plugin_load(file, &perr)) {
		char msg[900];

		nq_error_format(&perr, msg, sizeof msg);
		return cfg_fail(L, node, "plugin %s", msg);
	}
	return 0;
}

static int load_plugins(struct loader *L, const yaml_node_t *node)
{
	size_t i;

	if (node->type != YAML_SEQUENCE_NODE)
		return load_plugin(L, node);
	for (i = 0; i < seq_len(node); i++)
		if (load_plugin(L, seq_item(L, node, i)))
			return -1;
	return 0;
}

static int key_plugins(struct loader *L, const struct key_def *k,
		       const yaml_node_t *v)
{
	(void)k;
	return load_plugins(L, v);
}

static int key_approaches(struct loader *L, const struct key_def *k,
			  const yaml_node_t *v)
{
	return load_list(L, v, k->name, "- backtrack", cfg_load_approach);
}

/* --- instances: the keys of an entry are in config_instance.c --- */

int cfg_load_instance(struct loader *L, const yaml_node_t *node)
{
	struct entry e;
	yaml_node_t *keys[NINST], *values[NINST];
	char got[80];
	size_t i;
	int rc = -1, gen;

	if (node->type != YAML_MAPPING_NODE)
		return cfg_fail(L, node, "instances: expected an instance as a "
				"mapping such as {n: 8, mode: count}, got %s",
				cfg_describe(node, got, sizeof got));
	/* `file:` entries read their instances from files */
	if ((rc = cfg_file_entry(L, node)) <= 0)
		return rc;
	rc = -1;
	if (walk_mapping(L, node, instance_keys, NINST, "instance key",
			 keys, values))
		return -1;
	for (i = 0, gen = 0; i < NINST; i++)
		gen |= instance_keys[i].load == cfg_key_generate && values[i];
	for (i = 0; i < NINST; i++) {
		if (instance_keys[i].required && !values[i] && !gen)
			return cfg_fail(L, node, "instance without '%s' (%s)",
					instance_keys[i].name,
					instance_keys[i].help);
		/* a generator draws n and the rest itself */
		if (gen && keys[i] && instance_keys[i].load != cfg_key_mode &&
		    instance_keys[i].load != cfg_key_only &&
		    instance_keys[i].load != cfg_key_generate)
			return cfg_fail(L, keys[i], "'%s' does not stand beside "
					"generate: (its keys go inside it; "
					"mode and only may stand beside it)",
					instance_keys[i].name);
	}
	memset(&e, 0, sizeof e);
	e.modes[0] = NQ_MODE_FIRST;
	e.nmodes = 1;
	L->entry = &e;
	if (!load_values(L, node, instance_keys, NINST, keys, values))
		rc = gen ? 0 : cfg_add_instances(L, node, &e);
	L->entry = NULL;
	free(e.ns.v);
	free(e.hints);
	free(e.blocked);
	free(e.diag);
	free(e.anti);
	return rc;
}

static int key_instances(struct loader *L, const struct key_def *k,
			 const yaml_node_t *v)
{
	return load_list(L, v, k->name, "- {n: 8, mode: count}",
			 cfg_load_instance);
}

/* ------------------------------------------------------------------ */
/* The file. */

static int load_top(struct loader *L, const yaml_node_t *root)
{
	yaml_node_t *keys[NTOP], *values[NTOP];
	char got[80];
	size_t i;

	if (root->type != YAML_MAPPING_NODE)
		return cfg_fail(L, root, "expected a mapping of keys "
				"(experiment, instances, approaches, ...) at "
				"the top of the file, got %s",
				cfg_describe(root, got, sizeof got));
	/* Keys first (unknown and duplicate keys), then values. */
	if (walk_mapping(L, root, top_keys, NTOP, "key", keys, values) ||
	    load_values(L, root, top_keys, NTOP, keys, values))
		return -1;
	for (i = 0; i < NTOP; i++)
		if (top_keys[i].required && !values[i])
			return cfg_fail(L, root, "missing key '%s' (%s)",
					top_keys[i].name, top_keys[i].help);
	return 0;
}

/* The default name: the file's base name without its extension, other
 * characters than [A-Za-z0-9_.-] replaced by '_'. */
static char *default_name(const char *path)
{
	const char *base = strrchr(path, '/'), *dot;
	size_t len, i;
	char *name;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	if (len > NQ_MAX_NAME)
		len = NQ_MAX_NAME;
	if (!len)
		return strdup("experiment");
	if (!(name = malloc(len + 1)))
		return NULL;
	for (i = 0; i < len; i++) {
		char c = base[i];

		name[i] = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
			  (c >= '0' && c <= '9') || c == '_' || c == '.' ||
			  c == '-' ? c : '_';
	}
	name[len] = '\0';
	return name;
}

/* After the keys: every `only:` name names an approach; the name and the
 * output take their defaults. */
/* Two boards under one id would be one line of the summary, one
 * instance of a report (their rows apart only by instance_hash): the
 * ids the files' names make are kept apart (config_file.c's own_id), and
 * what is left, refused. */
static int by_id(const void *a, const void *b)
{
	const nq_instance_spec *x = *(const nq_instance_spec *const *)a,
			       *y = *(const nq_instance_spec *const *)b;
	int c = strcmp(x->id, y->id);

	return c ? c : (x > y) - (x < y);
}

static int check_ids(struct loader *L)
{
	nq_experiment *exp = L->exp;
	const nq_instance_spec **v;
	size_t i, j;
	int rc = 0;

	if (exp->ninstances < 2)
		return 0;
	if (!(v = malloc(exp->ninstances * sizeof *v)))
		return nq_error_set(L->err, L->path, 0, 0, "out of memory");
	for (i = 0; i < exp->ninstances; i++)
		v[i] = &exp->instances[i];
	qsort(v, exp->ninstances, sizeof *v, by_id);
	for (i = 0, j = 1; j < exp->ninstances && !rc; j++) {
		if (strcmp(v[i]->id, v[j]->id)) {
			i = j;
			continue;
		}
		if (strcmp(v[i]->hash, v[j]->hash))
			rc = nq_error_set(L->err, L->path, v[j]->line,
					  v[j]->col, "instance '%s' is two "
					  "boards (instance_hash %s, from the "
					  "entry at line %d, and %s): a "
					  "summary or report would count them "
					  "as one; give them apart (another "
					  "file name)", v[j]->id, v[i]->hash,
					  v[i]->line, v[j]->hash);
	}
	free(v);
	return rc;
}

static int finish(struct loader *L)
{
	nq_experiment *exp = L->exp;
	size_t i, a, len;

	nq_approaches_name(exp->approaches, exp->napproaches);
	for (i = 0; i < L->nonly; i++) {
		const char *name = text_of(L->only_names[i]);

		for (a = 0; a < exp->napproaches; a++)
			if (nq_approach_matches(&exp->approaches[a], name))
				break;
		if (a == exp->napproaches) {
			const char *names[64], *near;
			size_t k;

			for (k = 0; k < exp->napproaches && k < 64; k++)
				names[k] = exp->approaches[k].name;
			if ((near = nq_suggest(name, names, k)))
				return cfg_fail(L, L->only_names[i], "only: no "
						"approach of this file is "
						"named '%s' (did you mean "
						"'%s'?)", name, near);
			return cfg_fail(L, L->only_names[i], "only: no "
					"approach of this file is named '%s' "
					"(use a solver name such as backtrack, "
					"or an approach name such as "
					"backtrack/bitmask)", name);
		}
	}
	if (cfg_check_largest_n(L) < 0 || check_ids(L))
		return -1;
	if (!exp->name && !(exp->name = default_name(L->path)))
		return nq_error_set(L->err, L->path, 0, 0, "out of memory");
	if (!exp->output) {
		len = strlen(exp->name) + sizeof "reports/.csv";
		if (!(exp->output = malloc(len)))
			return nq_error_set(L->err, L->path, 0, 0,
					    "out of memory");
		snprintf(exp->output, len, "reports/%s.csv", exp->name);
	}
	return 0;
}

int nq_config_parse(const char *text, size_t len, const char *path,
		    nq_experiment **out, nq_error *err)
{
	struct loader L = { 0 };
	yaml_document_t doc;
	const yaml_node_t *root;
	nq_experiment *exp;
	int rc = -1;

	if (cfg_read_document(text, len, path, &doc, &root, err))
		return -1;
	if (!(exp = calloc(1, sizeof *exp)) || !(exp->path = strdup(path))) {
		nq_error_set(err, path, 0, 0, "out of memory");
		goto out;
	}
	/* the defaults top_keys shows */
	exp->repeat = 1;
	exp->jobs = 1;
	exp->warmup = 0;
	exp->timeout_s = 60;
	exp->memory_kib = 0;
	exp->disk_kib = NQ_DISK_DEFAULT;
	exp->processes = NQ_PROCESSES_DEFAULT;
	exp->seed = 1;
	exp->after_timeout = NQ_AFTER_TIMEOUT_CONTINUE;
	L.path = path;
	L.doc = &doc;
	L.err = err;
	L.exp = exp;
	L.load_instance = cfg_load_instance;
	if (load_top(&L, root) || finish(&L))
		goto out;
	*out = exp;
	exp = NULL;
	rc = 0;
out:
	nq_experiment_free(exp);
	yaml_document_delete(&doc);
	return rc;
}

/* ------------------------------------------------------------------ */
/* The schema, printed from the tables. */

/* `text` after `indent` spaces, folded at 76 columns. */
static void print_folded(FILE *f, const char *text, int indent)
{
	int col = 0;

	while (*text) {
		size_t w = strcspn(text, " \n");

		if (col && col + 1 + (int)w > 76) {
			fputc('\n', f);
			col = 0;
		}
		if (!col)
			col = fprintf(f, "%*s", indent, "");
		else
			col += fprintf(f, " ");
		col += fprintf(f, "%.*s", (int)w, text);
		text += w;
		if (*text == '\n') {
			fputc('\n', f);
			col = 0;
		}
		text += strspn(text, " \n");
	}
	if (col)
		fputc('\n', f);
}

static void print_keys(FILE *f, const struct key_def *table, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++) {
		const struct key_def *k = &table[i];

		fprintf(f, "  %-14s %s", k->name, k->type);
		if (k->min || k->max)
			fprintf(f, " %lld..%lld", k->min, k->max);
		if (k->required)
			fprintf(f, ", required");
		else if (k->def)
			fprintf(f, ", default %s", k->def);
		fputc('\n', f);
		print_folded(f, k->help, 6);
		if (k->more)
			print_folded(f, k->more, 6);
	}
}

void nq_config_print_schema(FILE *f)
{
	char notes[sizeof schema_notes + 64];

	fprintf(f, "An experiment file is a YAML mapping with these keys:\n");
	print_keys(f, top_keys, NTOP);
	fprintf(f, "\nEach item of instances: is a mapping with these keys:\n");
	print_keys(f, instance_keys, NINST);
	fprintf(f, "\nThe keys of generate: (seeded random instances):\n");
	print_keys(f, cfg_generate_keys, cfg_ngenerate_keys);
	snprintf(notes, sizeof notes, schema_notes, NQ_MAX_INSTANCES,
		 NQ_MAX_APPROACHES, NQ_CONFIG_MAX_BYTES >> 20,
		 NQ_CONFIG_MAX_DEPTH);
	fputc('\n', f);
	print_folded(f, notes, 0);
}

void nq_experiment_free(nq_experiment *exp)
{
	size_t i;

	if (!exp)
		return;
	for (i = 0; i < exp->ninstances; i++)
		nq_spec_free(&exp->instances[i]);
	free(exp->instances);
	free(exp->approaches);
	free(exp->name);
	free(exp->path);
	free(exp->output);
	free(exp);
}
