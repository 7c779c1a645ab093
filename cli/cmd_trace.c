/*
 * cmd_trace.c - trace: one search recorded step by step and written as
 * a page a class can step through (core/watch/record.h records it,
 * trace_page.h writes the page).
 *
 *   harness trace -n 6 [APPROACH] [--count] [--seed S] [--max-events N]
 *                 [-o PAGE.html]
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "approach.h"
#include "atomic.h"
#include "record.h"
#include "run_opts.h"
#include "trace_page.h"
#include "verbs.h"

struct trace_args {
	int n;
	int count;
	uint64_t seed;
	int max_events;
	const char *output;
	int have;               /* an approach was named */
	nq_approach a;
};
#define TRACE_AT(field) offsetof(struct trace_args, field)

static const nq_flag trace_flags[] = {
	{ NULL, 'n', "N", NQ_FLAG_INT, TRACE_AT(n), 1, NQ_TRACE_MAX_N,
	  .what = "a board size",
	  .help = "board size (the tree is drawn for 4..8)" },
	{ "count", 0, NULL, NQ_FLAG_SET, TRACE_AT(count), 1,
	  .help = "watch the search for every placement (default: the\nfirst)" },
	{ "seed", 0, "S", NQ_FLAG_U64, TRACE_AT(seed),
	  .help = "for randomised solvers (default 1)" },
	{ "max-events", 0, "N", NQ_FLAG_INT, TRACE_AT(max_events), 1, 10000000,
	  .what = "a number of events",
	  .help = "keep at most N events and stop the search there\n"
		  "(default 100000; the page says so)" },
	{ "output", 'o', "PAGE.html", NQ_FLAG_STRING, TRACE_AT(output),
	  .help = "the page (default trace.html)" },
	NQ_FLAG_END
};

static int trace_operand(const nq_cli *c, void *args)
{
	struct trace_args *t = args;

	if (t->have)
		return nq_cli_fail(c->verb, "one approach at a time ('%s' is "
				   "one too many)", c->val);
	if (nq_verb_parse_approach(c->verb, c->val, &t->a))
		return NQ_EXIT_USAGE;
	t->have = 1;
	return 0;
}

static int cmd_trace(const nq_verb *v, int argc, char **argv)
{
	struct trace_args t = { .seed = 1, .max_events = NQ_TRACE_MAX_EVENTS,
				.output = "trace.html" };
	nq_trace_log log;
	nq_atomic out;
	nq_error err;
	int rc;

	if ((rc = nq_cli_parse(v, argc, argv, &t, trace_operand)))
		return rc < 0 ? 0 : rc;
	if (!t.n)
		return nq_cli_fail(v, "%s", "-n N is needed (a board size)");
	if (!t.have && nq_verb_parse_approach(v, "backtrack:variant=textbook",
					      &t.a))
		return NQ_EXIT_USAGE;
	nq_approaches_name(&t.a, 1);
	memset(&err, 0, sizeof err);
	if (nq_trace_record(&t.a, t.n, t.count, t.seed, (size_t)t.max_events,
			    &log, &err) < 0) {
		fprintf(stderr, "harness trace: %s\n", err.msg);
		return NQ_EXIT_USAGE;
	}
	if (nq_atomic_open(&out, t.output, &err) < 0) {
		nq_trace_log_free(&log);
		return nq_cli_error(&err);
	}
	if (nq_trace_page_write(&log, out.f) < 0) {
		nq_atomic_abort(&out);
		nq_trace_log_free(&log);
		fprintf(stderr, "harness trace: writing %s failed\n", t.output);
		return 1;
	}
	if (nq_atomic_commit(&out, &err) < 0) {
		nq_trace_log_free(&log);
		return nq_cli_error(&err);
	}
	fprintf(stderr, "harness trace: %s, n = %d: %zu events, %s; wrote %s\n",
		log.approach, t.n, log.nev, log.end, t.output);
	if (log.capped)
		fprintf(stderr, "harness trace: the search was stopped at the "
			"cap of %d events (--max-events N keeps more)\n",
			t.max_events);
	nq_trace_log_free(&log);
	return 0;
}

const nq_verb nq_verb_trace = {
	"trace", cmd_trace,
	"trace -n N [APPROACH] [--count] [--seed S] [--max-events N]\n"
	"             [-o PAGE.html]",
	"Watch one search: run APPROACH (default backtrack:variant=textbook;\n"
	"named as for solve) on the empty N x N board in this process,\n"
	"record each step it reports (a queen placed, a square refused and\n"
	"by which queen, a queen taken back, a placement; a local search's\n"
	"boards and moves with h) and write one self-contained HTML page\n"
	"that steps through them: the board, the step in words, the search\n"
	"tree (n = 4..8), h along the steps. A solver that reports nothing\n"
	"is refused, naming those that do.",
	trace_flags, NULL
};
