/*
 * rows.h - a results CSV read back, for resume (the rows a run already
 * has) and merge (the shards' rows as one file).
 *
 * A file is read as a stream, one row at a time, and only a record of a
 * few dozen bytes is kept per row: its run key's hash (plan.h), its
 * answer's id in the ledger and a fingerprint of the verdict it was
 * written with. Writing the rows out again reads the file a second time;
 * so a million rows cost tens of megabytes, not the whole text and a
 * pointer per cell.
 *
 * Damage: a last line cut short (a harness killed mid-write: no line end,
 * a quote opened on that line and never closed, or fewer cells than the
 * header) is left out and flagged (`partial`); the caller says so.
 * Anything else that is not a row of the header's shape (a row in the
 * middle with another number of cells, a quote never closed across a
 * line end, a NUL byte, text after a closing quote, a cell that is not
 * what its column holds) is an error naming the file and line.
 *
 * Tamper evidence: each row's `digest` cell is checked as it is read
 * (csv.h says how it is made); a row whose check fails is kept, marked
 * `changed`, and counted (chain.c). core/store/tamper.c says so and
 * decides.
 */
#ifndef NQ_ROWS_H
#define NQ_ROWS_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "chain.h"
#include "csv.h"
#include "error.h"
#include "plan.h"
#include "verdicts.h"

/* One row, as kept: 40 bytes (a resume of a million rows keeps a
 * million). */
struct nq_oldrow {
	uint64_t key;           /* nq_key_hash of its run key */
	uint64_t off;           /* the byte where it starts */
	int32_t claim;          /* its answer's id in the ledger, or -1 */
	uint32_t line;          /* the file's line where it starts */
	uint32_t checked_hash;  /* of its `checked` cell as written */
	uint32_t note_hash;     /* of its `note` cell as written */
	/* for the terminal summary of a resumed run (summary.h): its
	 * `wall_s` (0 when empty), whether it has an answer (a `solutions`
	 * cell: nq_rows_solutions) */
	float wall_s;
	unsigned char status : 4; /* nq_status as written */
	unsigned char changed : 1; /* its digest does not hold (csv.h) */
	unsigned char redo : 1; /* a part of a count in parts that gave no
				   answer (crash, error, memout): not due,
				   so --resume makes it again, and the new
				   row takes its place */
	unsigned char superseded : 1; /* such a part whose new row is in
				   the file too (a harness stopped before
				   its rewrite): written no more
				   (nq_rows_fit) */
	unsigned char answered : 1;
};

typedef struct nq_rowfile {
	char *path;
	size_t nrows;           /* whole rows read */
	struct nq_oldrow *rows;
	/* the answers of the rows that have one but no claim in the
	 * ledger (a status without a verdict, or no ledger): few */
	struct nq_rows_answer { size_t row; uint64_t solutions; } *answers;
	size_t nanswers, answercap;
	uint64_t *seq;          /* per row, the caller's (the plan's order,
				   nq_order), when it makes them; freed with
				   the rest */
	long long end;          /* bytes of the header and the whole rows; a
				   half-written last line lies past it */
	int partial;            /* such a line was found (not in rows) */
	size_t partial_line;    /* where it starts */
	int has_host, has_cpus; /* the file has these columns */
	size_t ncols;           /* the header's cells */
	size_t cap;
	/* the digests (csv.h), checked as the rows were read: the chain's
	 * column, its changed rows, the last digest cell as written (where
	 * appended rows go on from) */
	nq_chain_check chain;
} nq_rowfile;

/* Read `path`: the header (it must name experiment, n, mode, solver,
 * repeat, status, solutions; files from before the `approach` column get
 * it as solver/encoding, like results/cells.c), each row's run key into
 * `keys` (may be NULL), each answer (status ok, wrong or disputed with a
 * solutions cell) into the ledger with nq_ledger_add_recorded (`l` may be
 * NULL). 0, or -1 with err naming the file and line. */
int nq_rows_read(const char *path, nq_ledger *l, nq_keyset *keys,
		 nq_rowfile *f, nq_error *err);
/* What nq_rows_read watches (until called again): when *stop (may be
 * NULL) is set, it stops within a few thousand rows (-1, err says so);
 * with progress, a read past 2 s says on stderr how far it got. */
void nq_rows_watch(volatile sig_atomic_t *stop, int progress);

/* 1 when any row's verdict in the ledger now differs from what the file
 * says (status, checked, or a note the verdict gives). */
int nq_rows_changed(const nq_rowfile *f, const nq_ledger *l);

/* Write the file's whole rows to `out` again (no header) in the current
 * column set (core/store/csv.c: old columns mapped by name, empty cells for
 * those the file lacks), with status, checked and note from the ledger's
 * verdicts; `host` fills an empty or missing host column when not NULL;
 * each row's digest from the chain `ch` (a row marked changed gets
 * NQ_CSV_CHANGED: the mark stays). -1 with err set when the file cannot
 * be read again or has changed. */
int nq_rows_write(FILE *out, const nq_rowfile *f, const nq_ledger *l,
		  const char *host, nq_csv_chain *ch, nq_error *err);

/* The same one row at a time, for a merge of several files: open,
 * then nq_rows_emit each row in turn (the i-th call writes rows[i]). */
typedef struct nq_rows_cursor nq_rows_cursor;
int nq_rows_open(const nq_rowfile *f, nq_rows_cursor **c, nq_error *err);
int nq_rows_emit(nq_rows_cursor *c, FILE *out, const nq_ledger *l,
		 const char *host, nq_csv_chain *ch, nq_error *err);
/* Write rows[i], in any order (a seek where it is not the next row):
 * for rows put in the plan's order (nq_order). */
int nq_rows_emit_at(nq_rows_cursor *c, size_t i, FILE *out,
		    const nq_ledger *l, const char *host, nq_csv_chain *ch,
		    nq_error *err);
void nq_rows_close(nq_rows_cursor *c);

/* f's rows held to a plan, as resume and merge hold them: each row's
 * key must be planned (`ord`), and held no more often than the plan
 * holds it (`due`, how often each key is planned, is counted down: a
 * merge goes on with it to the next file). A part made again (redo)
 * takes a place only when no other row of its key took it; else it is
 * marked superseded. With `due` NULL the order's free places are what
 * is due (a resume: nq_order_hold takes out another shard's first), and
 * each row takes one: a row's NQ_PLACE_TAKEN, in the plan's order, a
 * part made again's NQ_PLACE_REDO (nq_order_mark says which runs have a
 * row; nq_order_reset before the order is used again). NQ_ROWS_FIT
 * when every row fits; else the first that does not is rows[*at], and
 * NQ_ROWS_UNPLANNED (the plan has no such run: another experiment, a
 * repeat it does not make) or NQ_ROWS_EXTRA (planned, but every place
 * of it taken: the run is in the file twice, or, in a shard, it is
 * another shard's). */
enum { NQ_ROWS_FIT, NQ_ROWS_UNPLANNED, NQ_ROWS_EXTRA };
int nq_rows_fit(nq_rowfile *f, nq_order *ord, nq_keyset *due,
		size_t *at);
/* The first row before rows[i] with the same key, not a part made
 * again; SIZE_MAX when none. */
size_t nq_rows_earlier(const nq_rowfile *f, size_t i);

/* The `solutions` cell of rows[i] (answered): its claim's count in
 * `l` (the same number, read from the same cell), or kept beside the
 * rows; 0 when it has none. */
uint64_t nq_rows_solutions(const nq_rowfile *f, size_t i, const nq_ledger *l);

void nq_rows_free(nq_rowfile *f);

/* The hash kept for a cell (checked_hash, note_hash). */
uint32_t nq_rows_hash(const char *s);

#endif
