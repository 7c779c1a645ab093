/*
 * plan.h - the runs an experiment makes, each with a stable key, and the
 * slices (shards) that split them between machines.
 *
 * A cell is one instance x one approach; it makes `repeat` measured runs
 * (and `warmup` runs before them that are not written). The key of a
 * measured run names it the same way on every machine and in every row
 * of a results file:
 *
 *     experiment <TAB> n <TAB> mode <TAB> hints <TAB> approach <TAB> repeat
 *
 * (hints as the CSV writes them, "-" when there are none; for an
 * instance with blocked squares or excluded lines, the hints, '|' and
 * its `instance_hash`, so instances with the same hints stay apart while
 * every key of a plain instance stays as it was; approach as the CSV's
 * `approach` column). So a row's key is read off its columns, and
 * resume, shards and merge need nothing in the file but the rows.
 *
 * An experiment file may list one instance twice; its runs then share a
 * key, and the plan counts how often each key is due (nq_keyset).
 */
#ifndef NQ_PLAN_H
#define NQ_PLAN_H

#include <stddef.h>
#include <stdint.h>
#include "experiment.h"

enum nq_cell_kind {
	NQ_CELL_RUN,        /* measured runs, a row each */
	NQ_CELL_TOO_LARGE,  /* a row each, no run: n over the approach's max */
};

typedef struct nq_cell {
	size_t spec, ai;       /* exp->instances[spec], exp->approaches[ai] */
	enum nq_cell_kind kind;
	int max_n;             /* NQ_CELL_TOO_LARGE: the approach's largest n */
	int cpus;              /* cores one of its runs takes (threads: k) */
	double worst_s;        /* (warmup + repeat) x timeout; 0: no run */
	int shard;             /* 1..nshards */
} nq_cell;

typedef struct nq_plan {
	nq_cell *cells;        /* in run order: instance by instance, then
				  approach by approach */
	size_t ncells;
	size_t rows;           /* rows the plan writes: cells x repeat */
	size_t runs;           /* runs it makes, warm-ups included */
	double worst_s;        /* every run at its timeout, one at a time */
	int nshards;           /* 1 when not sharded */
	/* per shard 1..nshards (index 0 unused): */
	double *shard_worst_s;
	size_t *shard_rows;
	int *shard_cpus;       /* the most cores one of its runs takes */
	uint64_t *hashes;      /* the runs' key hashes, cell by cell and
				  repeat by repeat, once nq_plan_hashes
				  made them; else NULL */
} nq_plan;

/* Expand exp into cells and deal them into nshards slices (>= 1): all
 * repeats of a cell go to one shard, and the slices are balanced by
 * worst-case time (largest cells first, each to the slice with the least
 * so far; ties to the lower shard), so every machine computes the same
 * slices. `online` is the number of cores a `threads: 0` run takes. -1
 * with err set on no memory. */
int nq_plan_make(const nq_experiment *exp, int nshards, int online,
		 nq_plan *p, nq_error *err);
void nq_plan_free(nq_plan *p);

/* The cores a run of approach a on instance in takes: what the solver's
 * threads hook says (ABI 5), else its `threads` option (0: all
 * `online`), 1 without one. */
int nq_approach_cpus(const nq_approach *a, const nq_instance *in,
		     int online);

/* The key of measured run `rep` (1..repeat) of cell c. */
void nq_plan_key(const nq_experiment *exp, const nq_cell *c, int rep,
		 char *buf, size_t len);
/* nq_key_hash of that key: from p->hashes when they are made, else
 * made now. */
uint64_t nq_plan_hash(const nq_experiment *exp, const nq_plan *p, size_t i,
		      int rep);
/* Make p->hashes, for a caller that asks for every run's hash more than
 * once (a resume asks three times, of a million runs): each cell's key
 * is written once and hashed on for each repeat. 0, or -1 on no
 * memory. */
int nq_plan_hashes(const nq_experiment *exp, nq_plan *p);
/* A key from a row's columns (hints "" or "-" for none; with blocked
 * squares or excluded lines, nq_instance_key_field's "HINTS|HASH"). */
void nq_key_make(const char *experiment, const char *n, const char *mode,
		 const char *hints, const char *approach, const char *repeat,
		 char *buf, size_t len);

/* "K/N" with 1 <= K <= N <= NQ_MAX_SHARDS: 0 with *k and *n set, or -1
 * with why[] saying what is wrong. */
#define NQ_MAX_SHARDS 100000
int nq_parse_shard(const char *text, int *k, int *n, char *why, size_t len);

/* A multiset of keys (their 64-bit hashes): how often each is held. */
typedef struct nq_keyset {
	uint64_t *hash;        /* 0: empty slot (a hash of 0 is stored as 1) */
	uint32_t *count;
	size_t cap, used;
} nq_keyset;

uint64_t nq_key_hash(const char *key);
/* The planned run whose key has hash h, as text (its tabs as spaces:
 * for a message), and its shard (0 and "(a run the plan does not
 * hold)" when none). */
void nq_plan_key_text(const nq_experiment *exp, const nq_plan *p,
		      uint64_t h, char *buf, size_t len, int *shard);
/* Room for n keys without growing (a caller that knows how many are
 * coming: growing a large set rehashes it, and holds both at once): 1,
 * or 0 on no memory. */
int nq_keyset_reserve(nq_keyset *s, size_t n);
/* Add one of `key`; the new count, or 0 on no memory. */
uint32_t nq_keyset_add(nq_keyset *s, uint64_t hash);
/* How often hash is held (0: never). */
uint32_t nq_keyset_count(const nq_keyset *s, uint64_t hash);
/* Take one away (when held); the count left. */
uint32_t nq_keyset_take(nq_keyset *s, uint64_t hash);
void nq_keyset_free(nq_keyset *s);

/* The plan's order, the experiment file's: instance by instance, for
 * each the repeats, in each every approach in the file's order. It is
 * the order of every results file the harness finishes (a run's final
 * CSV, a resumed one, a merge), whatever -j, shards or resume did. */
/* The place of measured run `rep` of instance spec x approach ai. */
uint64_t nq_plan_seq(const nq_experiment *exp, size_t spec, size_t ai,
		     int rep);
/* Run key hash -> its places: a key the plan holds k times (an
 * instance listed twice) has k, handed out in turn. A place is a run of
 * the plan, numbered as nq_plan_hash numbers them (cell x repeat + rep -
 * 1); the table holds only those numbers, 4 bytes a slot, and a byte
 * per run says whether it is handed out (a million runs: 17 MB, not
 * the 64 MB of a table of hashes and places). */
typedef struct nq_order {
	uint32_t *slot;        /* a run's number + 1; 0: empty */
	const uint64_t *hash;  /* per run: its key's hash (the plan's
				  hashes, or `own`) */
	uint64_t *own;
	unsigned char *taken;  /* per run: NQ_PLACE_*, | NQ_PLACE_SHARED
				  when its key has other runs */
	const nq_experiment *exp;
	const nq_plan *plan;
	size_t cap, nruns;
	size_t next;           /* the run after the last one taken, in the
				  plan's order: a file in that order finds
				  each row's run there, without the table */
} nq_order;
#define NQ_PLACE_SHARED 0x80
enum {
	NQ_PLACE_FREE,
	NQ_PLACE_TAKEN,        /* handed out (nq_order_take), or taken by
				  a row (nq_order_claim) */
	NQ_PLACE_HELD,         /* not this file's (nq_order_hold) */
	NQ_PLACE_REDO,         /* held by a row made again (nq_rows_fit) */
};
/* Every measured run of p (of every shard) into o; into `due` too (how
 * often each key is planned) unless NULL. The plan's hashes are used
 * where nq_plan_hashes made them (p must outlive o). -1 with err on no
 * memory. */
int nq_order_make(const nq_experiment *exp, const nq_plan *p, nq_keyset *due,
		  nq_order *o, nq_error *err);
/* The first place of the run with key hash h; NQ_SEQ_NONE when the plan
 * does not hold it. */
#define NQ_SEQ_NONE UINT64_MAX
uint64_t nq_order_seq(const nq_order *o, uint64_t h);
/* The next place of key h not yet handed out (the last one again once
 * all are), for the rows of a file in the file's order. */
uint64_t nq_order_take(nq_order *o, uint64_t h);
/* The places as what is due (a resume's own file, in place of a keyset
 * of its keys): run `run` is not due here (another shard's); the next
 * place of key h still free marked `mark` (1), or none left (0), or
 * the plan does not hold h (-1); the mark of run `run`; every place
 * free again. */
void nq_order_hold(nq_order *o, size_t run);
int nq_order_claim(nq_order *o, uint64_t h, unsigned char mark);
unsigned char nq_order_mark(const nq_order *o, size_t run);
void nq_order_reset(nq_order *o);
void nq_order_free(nq_order *o);

#endif
