/*
 * run_book.c - the run loop's bookkeeping (run_book.h), below the loop
 * and its files: which runs are done, which are skipped after a timeout,
 * how a run is named and limited, and whether the harness was
 * interrupted.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run_book.h"

volatile sig_atomic_t nq_run_interrupted;

/* Texts of a spec that may be NULL (a spec not made by nq_spec_fill):
 * NULL and "" are the same, none. */
static int same_text(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

int nq_run_skipped_at(const struct run_book *b, size_t ai,
		      const nq_instance_spec *spec)
{
	size_t i;

	for (i = 0; i < b->nmarks; i++) {
		const struct timeout_mark *m = &b->marks[i];

		if (m->approach == ai && m->mode == spec->inst.mode &&
		    !strcmp(m->hints, spec->hints_text) &&
		    same_text(m->blocked, spec->blocked_text) &&
		    same_text(m->excluded, spec->excluded_text) &&
		    spec->inst.n >= m->n)
			return m->n;
	}
	return 0;
}

void nq_run_mark_timeout(struct run_book *b, size_t ai,
			 const nq_instance_spec *spec)
{
	struct timeout_mark *p;

	if (b->exp->after_timeout != NQ_AFTER_TIMEOUT_SKIP ||
	    nq_run_skipped_at(b, ai, spec))
		return;
	p = realloc(b->marks, (b->nmarks + 1) * sizeof *p);
	if (!p)
		return; /* only costs the skipping */
	b->marks = p;
	p[b->nmarks].approach = ai;
	p[b->nmarks].mode = spec->inst.mode;
	p[b->nmarks].hints = spec->hints_text;
	p[b->nmarks].blocked = spec->blocked_text;
	p[b->nmarks].excluded = spec->excluded_text;
	p[b->nmarks].n = spec->inst.n;
	b->nmarks++;
}

const char *nq_run_mode_name(enum nq_mode m)
{
	return m == NQ_MODE_COUNT ? "count" : "first";
}

/* What names an instance beside n in a progress line: its hints, or
 * which part of a count it is; "" for the whole plain board. */
/* What tells the instance apart in a line: its name where a file or a
 * generator gave it one (diag-18-4-1-d15), else its hints, else its
 * part. */
const char *nq_run_tag_word(const nq_instance_spec *spec)
{
	return spec->id_set ? " " : spec->hints_text[0] ? " hints " :
	       spec->part_text[0] ? " part " : "";
}

const char *nq_run_tag_text(const nq_instance_spec *spec)
{
	return spec->id_set ? spec->id : spec->hints_text[0] ?
	       spec->hints_text : spec->part_text;
}

/* 1 when measured run `rep` of cell ci has a row already (--resume). */
int nq_run_is_done(const struct run_book *b, size_t ci, int rep)
{
	size_t bit = ci * (size_t)b->exp->repeat + (size_t)(rep - 1);

	return b->done_bits && (b->done_bits[bit / 8] >> (bit % 8)) & 1;
}

/* A measured run or a warm-up as the stderr log's header names it. */
void nq_run_label(const struct run_book *b, size_t ai, size_t si, int rep,
		  char *label, size_t len)
{
	const nq_approach *a = &b->exp->approaches[ai];
	const nq_instance_spec *spec = &b->exp->instances[si];
	const char *tag = nq_run_tag_text(spec), *cut = "";
	size_t tl = strlen(tag);

	/* a long name's end (a file's -dM) tells the runs apart: cut at
	 * its start */
	if (tl > 60) {
		tag += tl - 57;
		cut = "...";
	}
	if (rep > 0)
		snprintf(label, len, "%.80s n=%d %s%s%s%s #%d", a->name,
			 spec->inst.n, nq_run_mode_name(spec->inst.mode),
			 nq_run_tag_word(spec), cut, tag, rep);
	else
		snprintf(label, len, "warm-up: %.80s n=%d %s%s%s%s #%d",
			 a->name, spec->inst.n, nq_run_mode_name(spec->inst.mode),
			 nq_run_tag_word(spec), cut, tag, -rep + 1);
}

/* The limits of a run, and its header in the stderr log. */
void nq_run_limits(const struct run_book *b, size_t ci, int rep,
		       nq_limits *lim, char *label, size_t len)
{
	const nq_cell *c = &b->plan->cells[ci];

	lim->timeout_s = b->exp->timeout_s;
	lim->memory_kib = b->exp->memory_kib;
	lim->disk_kib = b->exp->disk_kib;
	lim->processes = b->exp->processes;
	/* each repeat its own seed (instance.h), the CSV's `seed` */
	lim->seed = nq_run_seed(b->exp->seed, rep,
				b->exp->instances[c->spec].hash);
	lim->log_path = b->log_path && b->log_path[0] ? b->log_path : NULL;
	nq_run_label(b, c->ai, c->spec, rep, label, len);
	lim->log_label = label;
}
