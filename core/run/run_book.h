/*
 * run_book.h - the run loop's bookkeeping (run_book.c), which every part
 * of the loop reads: the progress counters, where an approach timed out
 * (after_timeout: skip), which runs a resumed file has already, how a
 * run is named and limited, and whether the harness was interrupted.
 * Not a public header. The book points into the loop's state (run.c
 * sets it up); it owns only its marks and done bits.
 */
#ifndef NQ_RUN_BOOK_H
#define NQ_RUN_BOOK_H

#include <signal.h>
#include <stddef.h>
#include "instance.h"
#include "plan.h"
#include "runner.h"

/* The progress counters: runs ended of those planned here, and how the
 * lines are shown (run_tell.c, the job pool's live line). */
struct run_progress {
	int quiet;              /* no progress lines (-q) */
	int tty;                /* stderr is a terminal: one live line */
	size_t done, total;
};

/* Where an approach timed out, for after_timeout: skip. Larger n are
 * skipped for the same hints, blocked squares and excluded lines (as
 * texts: an entry's n range shares them); instances that differ in any
 * (generated ones, say) are not. */
struct timeout_mark {
	size_t approach;
	enum nq_mode mode;
	const char *hints, *blocked, *excluded;
	int n;
};

struct run_book {
	const nq_experiment *exp;
	const nq_plan *plan;
	const char *log_path;   /* the solvers' stderr log; "" for none */
	struct timeout_mark *marks;
	size_t nmarks;
	/* --resume: which measured runs of the plan have a row, bit
	 * cell * repeat + rep - 1 (NULL: none) */
	unsigned char *done_bits;
};

/* set by SIGINT, SIGTERM, SIGHUP (run.c's handler) */
extern volatile sig_atomic_t nq_run_interrupted;
/* A run as the stderr log's header and the messages name it. */
void nq_run_label(const struct run_book *b, size_t ai, size_t si, int rep,
		  char *label, size_t len);
/* The limits of a run, and its header (label) in the stderr log. */
void nq_run_limits(const struct run_book *b, size_t ci, int rep,
		   nq_limits *lim, char *label, size_t len);
/* after_timeout: skip: approach ai timed out at spec's size; the n it
 * timed out at for spec (0: not skipped). */
void nq_run_mark_timeout(struct run_book *b, size_t ai,
			 const nq_instance_spec *spec);
int nq_run_skipped_at(const struct run_book *b, size_t ai,
		      const nq_instance_spec *spec);
/* 1 when measured run `rep` of cell ci has a row already (--resume). */
int nq_run_is_done(const struct run_book *b, size_t ci, int rep);
/* "count" or "first"; what names an instance beside n in a progress
 * line (" hints ", " part " or "") and its text. */
const char *nq_run_mode_name(enum nq_mode m);
const char *nq_run_tag_word(const nq_instance_spec *spec);
const char *nq_run_tag_text(const nq_instance_spec *spec);

#endif
