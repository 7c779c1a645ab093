/*
 * glpk_sink.h - an nq_ilp_sink onto a GLPK problem: what an ILP model
 * emits, checked, as columns and rows of a glp_prob. Used by the glpk
 * solver (solvers/library/glpk.c) and the LP / MPS export (formats/export.c).
 *
 * GLPK aborts the process on API misuse, so the sink checks every argument
 * first (bounds, senses, column indices, values, GLPK's size limits). A
 * call that fails records why in the sink and returns -1, and so does
 * every call after it; the model sees the refusal and runs its own
 * cleanup. The caller reads `err` and `msg` once the model returns.
 *
 * GLPK errors. An owner that catches them (glp_error_hook with a handler
 * that longjmps through a jmp_buf pointer of the owner's) sets `target` to
 * that pointer: while each sink call runs, the sink points it at a
 * jmp_buf in its own frame and restores it afterwards, so a GLPK error
 * inside a call lands in that call (which then returns -1 like any
 * refusal), never across the model's frames. `describe` then says what
 * GLPK said. With `target` NULL nothing is caught, so the sink refuses
 * first what GLPK would abort on: a column repeated in one row.
 *
 * The sink owns only its row buffers (nq_glpk_sink_free); the problem is
 * the caller's.
 */
#ifndef NQ_GLPK_SINK_H
#define NQ_GLPK_SINK_H

#include <glpk.h>
#include <setjmp.h>
#include <stddef.h>
#include "nq_plugin.h"

/* How columns and rows are named. */
enum nq_glpk_names {
	NQ_GLPK_NAMES_MODEL,   /* the model's, handed to GLPK as they are
				  (a name GLPK rejects is a GLPK error) */
	NQ_GLPK_NAMES_CHECKED, /* the model's where GLPK and its LP / MPS
				  writers take them (1..255 printable
				  characters, no blanks); others unnamed */
	NQ_GLPK_NAMES_OWN      /* x1, x2, ... and r1, r2, ... */
};

typedef struct nq_glpk_sink {
	/* Set by nq_glpk_sink_init; the caller may then set the options. */
	glp_prob *P;                 /* where columns and rows go */
	enum nq_glpk_names names;    /* default NQ_GLPK_NAMES_MODEL */
	jmp_buf **target;            /* NULL, or the owner's jump pointer
					(see the top of this file) */
	/* After a GLPK error caught in a sink call: fill msg (size bytes)
	 * with what GLPK said and return NQ_ERR or NQ_ENOMEM. NULL: "GLPK
	 * error", NQ_ERR. */
	int (*describe)(void *info, char *msg, size_t size);
	void *info;                  /* describe's first argument */

	/* The outcome: 0, or the first failure's NQ_ERR / NQ_ENOMEM and
	 * why; from then on every call refuses. */
	int err;
	char msg[200];

	/* Private: 1-based row buffers for glp_set_mat_row, and a flag per
	 * column for finding repeats (all 0 between calls). */
	int *ind;
	double *val;
	int cap;
	unsigned char *seen;
	int seen_cap;
} nq_glpk_sink;

/* Clear s to add to P (not owned), names NQ_GLPK_NAMES_MODEL, nothing
 * caught. */
void nq_glpk_sink_init(nq_glpk_sink *s, glp_prob *P);

/* The nq_ilp_sink to hand to a model (or to call directly); its ctx is
 * s, which must outlive it. */
nq_ilp_sink nq_glpk_sink_ilp(nq_glpk_sink *s);

/* After the model's build (square_col checked: a column for every
 * square): fix the column of every blocked square and of every square on
 * an excluded line at 0 (lb = ub = 0). Every ILP consumer builds through
 * here, the glpk solver and nq_ilp_mem_build (cbc, `export --model`), so
 * every model, one of an older ABI included, serves those instances.
 * NQ_OK, or NQ_ENOMEM / NQ_ERR with s->msg saying why. */
int nq_glpk_sink_forbid(nq_glpk_sink *s, const nq_instance *inst,
			const int *square_col);

/* Free the sink's buffers (not the problem). A zeroed sink is fine. */
void nq_glpk_sink_free(nq_glpk_sink *s);

#endif
