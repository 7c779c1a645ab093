/* test_watch.c - what a class watches (core/watch/): the recorder fed
 * events by hand (a local search's STATE and MOVE path, which the
 * local-search solvers take once merged; the cap), the page written
 * from them, a real trace of textbook backtracking (the events a class
 * is told about, in order), a solver that reports nothing refused, and
 * every placement listed, up to symmetry too. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "approach.h"
#include "boards.h"
#include "record.h"
#include "registry.h"
#include "trace_page.h"
#include "validate.h"

static char *page_of(const nq_trace_log *log)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(nq_trace_page_write(log, f), 0);
	fclose(f);
	return buf;
}

/* A hill climb on n = 4 as the local-search solvers report it: the
 * initial board, moves with h, a restart, h = 0. */
static void local_search_events(void **state)
{
	static const int32_t start[4] = { 0, 1, 2, 3 }, again[4] = { 1, 3, 0, 0 };
	nq_trace_log log;
	nq_trace_event e = { NQ_TR_STATE, -1, -1, -1, -1, 0, 6, start };
	char *page;

	(void)state;
	nq_trace_log_init(&log, 4, 0);
	snprintf(log.approach, sizeof log.approach, "hillclimb<x>");
	assert_int_equal(nq_trace_log_add(&log, &e), 0);
	e = (nq_trace_event){ NQ_TR_MOVE, 0, 2, -1, -1, 1, 4, NULL };
	assert_int_equal(nq_trace_log_add(&log, &e), 0);
	e = (nq_trace_event){ NQ_TR_STATE, -1, -1, -1, -1, 1, 1, again };
	assert_int_equal(nq_trace_log_add(&log, &e), 0);
	e = (nq_trace_event){ NQ_TR_MOVE, 3, 2, -1, -1, 2, 0, NULL };
	assert_int_equal(nq_trace_log_add(&log, &e), 0);
	e = (nq_trace_event){ NQ_TR_SOLUTION, -1, -1, -1, -1, 2, 0, NULL };
	assert_int_equal(nq_trace_log_add(&log, &e), 0);

	assert_int_equal(log.nev, 5);
	assert_true(log.local);
	/* the boards are copied: the solver's own may change after */
	assert_int_equal(log.nboards, 8);
	assert_int_equal(log.ev[2].board, 4);
	assert_memory_equal(log.boards + 4, again, sizeof again);

	page = page_of(&log);
	/* the events as data, boards beside them, h in each */
	assert_non_null(strstr(page, "\"local\":1"));
	assert_non_null(strstr(page, "[4,-1,-1,-1,-1,0,6,0],[5,0,2,-1,-1,1,4,0],"
				     "[4,-1,-1,-1,-1,1,1,4],[5,3,2,-1,-1,2,0,0]"));
	assert_non_null(strstr(page, "\"boards\":[0,1,2,3,1,3,0,0]"));
	/* the chart's and the words' code, the name never markup */
	assert_non_null(strstr(page, "id=\"chart-box\""));
	assert_non_null(strstr(page, "queen of row '+(e[1]+1)+' to column"));
	assert_null(strstr(page, "hillclimb<x>"));
	assert_non_null(strstr(page, "hillclimb&lt;x&gt;"));
	assert_non_null(strstr(page, "\"hillclimb\\u003cx\\u003e\""));
	free(page);
	nq_trace_log_free(&log);
}

/* The cap stops the search: the recorder answers "stop" from then on. */
static void cap_stops(void **state)
{
	nq_trace_log log;
	nq_trace_event e = { NQ_TR_PLACE, 0, 0, -1, -1, 1, -1, NULL };
	int i;

	(void)state;
	nq_trace_log_init(&log, 4, 3);
	for (i = 0; i < 3; i++)
		assert_int_equal(nq_trace_log_add(&log, &e), 0);
	assert_int_equal(nq_trace_log_add(&log, &e), 1);
	assert_int_equal(nq_trace_log_add(&log, &e), 1);
	assert_int_equal(log.nev, 3);
	assert_true(log.capped);
	nq_trace_log_free(&log);
}

static void approach_of(nq_approach *a, const char *variant)
{
	const char *k[] = { "variant" }, *v[] = { variant };
	nq_error err;

	memset(&err, 0, sizeof err);
	assert_int_equal(nq_approach_init(a, nq_registry_solver("backtrack"),
					  k, v, 1, &err), 0);
	nq_approaches_name(a, 1);
}

/* n = 4, textbook, first placement: the search a class is told about,
 * event by event (1-based in the words, 0-based here). */
static void textbook_n4(void **state)
{
	/* kind, row, col, other row, other col */
	static const int want[][5] = {
		{ NQ_TR_PLACE, 0, 0, -1, -1 },
		{ NQ_TR_CONFLICT, 1, 0, 0, 0 }, { NQ_TR_CONFLICT, 1, 1, 0, 0 },
		{ NQ_TR_PLACE, 1, 2, -1, -1 },
		{ NQ_TR_CONFLICT, 2, 0, 0, 0 }, { NQ_TR_CONFLICT, 2, 1, 1, 2 },
		{ NQ_TR_CONFLICT, 2, 2, 0, 0 }, { NQ_TR_CONFLICT, 2, 3, 1, 2 },
		{ NQ_TR_BACKTRACK, 1, 2, -1, -1 },
		{ NQ_TR_PLACE, 1, 3, -1, -1 },
	};
	const char *variants[] = { "textbook", "board", "array", "stack" };
	nq_approach a;
	nq_trace_log log;
	nq_error err;
	size_t i, v;

	(void)state;
	for (v = 0; v < 4; v++) {
		approach_of(&a, variants[v]);
		memset(&err, 0, sizeof err);
		assert_int_equal(nq_trace_record(&a, 4, 0, 1, 0, &log, &err), 0);
		assert_true(log.nev > 10);
		for (i = 0; i < sizeof want / sizeof *want; i++) {
			assert_int_equal(log.ev[i].kind, want[i][0]);
			assert_int_equal(log.ev[i].row, want[i][1]);
			assert_int_equal(log.ev[i].col, want[i][2]);
			assert_int_equal(log.ev[i].other_row, want[i][3]);
			assert_int_equal(log.ev[i].other_col, want[i][4]);
		}
		/* node numbers as the nodes column counts them */
		assert_int_equal(log.ev[0].step, 1);
		assert_int_equal(log.ev[3].step, 2);
		/* the page ends on the placement found, 2 4 1 3 */
		assert_int_equal(log.ev[log.nev - 1].kind, NQ_TR_SOLUTION);
		assert_false(log.capped);
		assert_non_null(strstr(log.end, "checked by the validator"));
		nq_trace_log_free(&log);
	}
	/* bitmask never looks at an attacked square */
	approach_of(&a, "bitmask");
	assert_int_equal(nq_trace_record(&a, 6, 1, 1, 0, &log, &err), 0);
	for (i = 0; i < log.nev; i++)
		assert_int_not_equal(log.ev[i].kind, NQ_TR_CONFLICT);
	assert_int_equal(log.solutions, 4);
	nq_trace_log_free(&log);
}

/* A cap that stops a real search; a solver that reports nothing. */
static void refusals(void **state)
{
	nq_approach a;
	nq_trace_log log;
	nq_error err;

	(void)state;
	approach_of(&a, "textbook");
	memset(&err, 0, sizeof err);
	assert_int_equal(nq_trace_record(&a, 8, 1, 1, 50, &log, &err), 0);
	assert_int_equal(log.nev, 50);
	assert_true(log.capped);
	assert_non_null(strstr(log.end, "stopped after 50 events"));
	nq_trace_log_free(&log);

	approach_of(&a, "dlx");
	assert_int_equal(nq_trace_record(&a, 6, 0, 1, 0, &log, &err), -1);
	assert_non_null(strstr(err.msg, "backtrack/dlx reports no events"));
	assert_non_null(strstr(err.msg, "backtrack:variant=board|array|"
				       "textbook|stack|bitmask"));
	approach_of(&a, "textbook");
	assert_int_equal(nq_trace_record(&a, 33, 0, 1, 0, &log, &err), -1);
	assert_non_null(strstr(err.msg, "n = 1 to 32, not 33"));
}

/* Every placement, and one per class, for n = 1..10 against OEIS. */
static void boards_listed(void **state)
{
	nq_instance in;
	nq_boards b, u;
	nq_error err;
	int n;

	(void)state;
	memset(&in, 0, sizeof in);
	in.mode = NQ_MODE_COUNT;
	for (n = 1; n <= 10; n++) {
		uint64_t total, unique;
		size_t i, j;
		int t;

		in.n = n;
		assert_int_equal(nq_boards_list(&in, 0, &b, &err), 0);
		assert_int_equal(nq_boards_list(&in, 1, &u, &err), 0);
		assert_int_equal(nq_known_count(n, &total), 0);
		assert_int_equal(nq_known_unique(n, &unique), 0);
		assert_int_equal(b.count, total);
		assert_int_equal(u.count, unique);
		/* no two classes share an image */
		for (i = 0; i < u.count; i++)
			for (j = 0; j < u.count; j++)
				for (t = 0; t < 8 && i != j; t++) {
					int32_t img[NQ_BOARDS_MAX_N];

					nq_boards_image(u.q + i * n, n, t, img);
					assert_memory_not_equal(img, u.q + j * n,
								n * sizeof *img);
				}
		nq_boards_free(&b);
		nq_boards_free(&u);
	}
	in.n = 13;
	assert_int_equal(nq_boards_list(&in, 0, &b, &err), -1);
	assert_non_null(strstr(err.msg, "n = 1 to 12"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(local_search_events),
		cmocka_unit_test(cap_stops),
		cmocka_unit_test(textbook_n4),
		cmocka_unit_test(refusals),
		cmocka_unit_test(boards_listed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
