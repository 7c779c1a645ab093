/*
 * loader.h - inside the experiment-file loader, shared by its files and
 * by no one else: config.c (the key tables and the top-level keys),
 * config_instance.c (the keys of an `instances:` entry),
 * config_blocked.c (its blocked squares and excluded lines),
 * config_generate.c (`generate:`, seeded instances),
 * config_approach.c (an item of `approaches:`), config_file.c (`file:`
 * entries, instance files) and config_read.c (the YAML text, its errors
 * and the node helpers).
 */
#ifndef NQ_LOADER_H
#define NQ_LOADER_H

#include <stddef.h>
#include <yaml.h>
#include "experiment.h"

#define NQ_MAX_INSTANCES 100000
#define NQ_MAX_APPROACHES 1000
#define NQ_MAX_REPEAT 1000000
#define NQ_MAX_NAME 100

struct loader;
struct key_def;

/* A key's handler: check the value node and store it. -1 with the error
 * set at FILE:LINE:COL. */
typedef int cfg_key_fn(struct loader *L, const struct key_def *k,
		       const yaml_node_t *v);

/* One row of a key table (config.c): one key of the experiment file. */
struct key_def {
	const char *name;
	const char *type;     /* the value, as the schema shows it */
	cfg_key_fn *load;     /* checks the value and stores it */
	int required;
	int pass;             /* values load pass by pass, each pass in file
				 order (plugins before approaches) */
	size_t offset;        /* scalars: where in nq_experiment */
	long long min, max;   /* integers: the range */
	const char *def;      /* the default, as the schema shows it */
	const char *help;     /* one line; also in "missing key" errors */
	const char *more;     /* the rest of the rules, for the schema */
};

struct int_vec {
	int *v;
	size_t n, cap;
};
/* Append x (config_instance.c): 0, or -1 on no memory. */
int cfg_int_vec_push(struct int_vec *iv, int x);

/* One `instances:` entry while its keys load. */
struct entry {
	enum nq_mode modes[2];
	size_t nmodes;
	struct int_vec ns;
	nq_square *hints;
	size_t nhints;
	nq_square *blocked;    /* 0-based, sorted */
	size_t nblocked;
	int *diag, *anti;      /* 0-based, sorted */
	size_t ndiag, nanti;
	char hints_text[sizeof ((nq_instance_spec *)0)->hints_text];
	char only[sizeof ((nq_instance_spec *)0)->only];
	int mode_given;        /* `mode:` stands in the entry */
	int parts;             /* `parts:` (>= 2), 0 for whole counts */
};

struct loader {
	const char *path;
	yaml_document_t *doc;
	nq_error *err;
	nq_experiment *exp;
	size_t cap_instances, cap_approaches;
	struct entry *entry;  /* the `instances:` entry loading, if any */
	/* `only:` names, checked once every approach is known */
	const yaml_node_t *only_names[256];
	size_t nonly;
	int in_file;          /* loading an instance file's entries */
	/* what the file's generate: entries have cost so far, bounded for
	 * the whole experiment (config_generate.c): squares drawn on
	 * (instances x n^2), squares the placed and the blocked draws
	 * walked, and squares the instances hold (queens, blocked squares,
	 * lines; a copy per mode) */
	unsigned long long gen_area, gen_placed_walk, gen_blocked_walk;
	unsigned long long gen_held;
	/* one entry of `instances:` (config.c's cfg_load_instance), which
	 * an instance file's entries go through too (config_file.c) */
	int (*load_instance)(struct loader *L, const yaml_node_t *node);
};

/* config_read.c: errors at a node, and reading nodes. */
int cfg_fail(struct loader *L, const yaml_node_t *node, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int cfg_is_null(const yaml_node_t *node);
const char *cfg_describe(const yaml_node_t *node, char *buf, size_t len);
int cfg_want_scalar(struct loader *L, const yaml_node_t *node,
		    const char *what, const char *expected, const char **text);
int cfg_want_int(struct loader *L, const yaml_node_t *node, const char *what,
		 long long min, long long max, long long *out);
/* The one document of `text`, checked against the file limits (size,
 * depth, UTF-8, one document), with its root. -1 with err set; *doc needs
 * yaml_document_delete only when 0 is returned. */
int cfg_read_document(const char *text, size_t len, const char *path,
		      yaml_document_t *doc, const yaml_node_t **root,
		      nq_error *err);

/* config_approach.c: one item of `approaches:` into L->exp->approaches. */
int cfg_load_approach(struct loader *L, const yaml_node_t *node);
/* Every instance within the largest n of each approach that runs it
 * (config_approach.c): 0, or -1 with the error at the instance's entry. */
int cfg_check_largest_n(struct loader *L);

/* config_instance.c: the handlers of the instance keys, and the entry's
 * instances once its keys are loaded. */
cfg_key_fn cfg_key_n, cfg_key_mode, cfg_key_hints, cfg_key_only,
	cfg_key_blocked, cfg_key_excluded, cfg_key_parts;
int cfg_add_instances(struct loader *L, const yaml_node_t *node,
		      const struct entry *e);
int cfg_grow_instances(struct loader *L, const yaml_node_t *node,
		       size_t total);
enum range_kind { RANGE_BY, RANGE_TIMES };
int cfg_parse_range(const char *t, long long *a, long long *b,
		    enum range_kind *kind, long long *step);

/* config_generate.c: `generate:`, an entry's seeded instances (loaded
 * last, after the entry's mode and only), and its keys for the schema. */
cfg_key_fn cfg_key_generate;
extern const struct key_def cfg_generate_keys[];
extern const size_t cfg_ngenerate_keys;

/* config.c: one entry of `instances:` (also an instance file's). */
int cfg_load_instance(struct loader *L, const yaml_node_t *node);

/* config_file.c: an entry with a `file:` key (its instances from the
 * files a glob matches): 0 loaded, -1 with the error set; 1 when the
 * entry has no `file:` key. */
int cfg_file_entry(struct loader *L, const yaml_node_t *node);

static inline int line_of(const yaml_node_t *node)
{
	return (int)node->start_mark.line + 1;
}

static inline yaml_node_t *node_at(struct loader *L, int index)
{
	return yaml_document_get_node(L->doc, index);
}

static inline const char *text_of(const yaml_node_t *node)
{
	return (const char *)node->data.scalar.value;
}

static inline size_t seq_len(const yaml_node_t *node)
{
	return (size_t)(node->data.sequence.items.top -
			node->data.sequence.items.start);
}

static inline yaml_node_t *seq_item(struct loader *L, const yaml_node_t *node,
				    size_t i)
{
	return node_at(L, node->data.sequence.items.start[i]);
}

static inline size_t map_len(const yaml_node_t *node)
{
	return (size_t)(node->data.mapping.pairs.top -
			node->data.mapping.pairs.start);
}

#endif
