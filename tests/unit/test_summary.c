/* test_summary.c - the table at the end of a run (core/run/summary.c):
 * one line per approach, mode, n and hints, in the order first seen; the
 * answer (the first one, "varies" when they differ, "found" never makes
 * it vary); the median wall time of the timed runs that answered, in
 * us, ms or s; the count of each status, in the status order.
 *
 * Usage: test_summary [NAME-PATTERN]
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>
#include "summary.h"

/* The printed table; free() it. */
static char *printed(const nq_summary *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	nq_summary_print(s, f);
	assert_int_equal(fclose(f), 0);
	return buf;
}

/* Line k (0: the header) of text, without its newline, into line. */
static void line_of(const char *text, int k, char *line, size_t len)
{
	const char *end;

	while (k-- > 0) {
		text = strchr(text, '\n');
		assert_non_null(text);
		text++;
	}
	end = strchr(text, '\n');
	assert_non_null(end);
	snprintf(line, len, "%.*s", (int)(end - text), text);
}

static int lines(const char *text)
{
	int n = 0;

	for (; *text; text++)
		n += *text == '\n';
	return n;
}

/* The whitespace-separated words of a line, from the 5th on (approach,
 * mode, n and the hints or answer come first), joined by one space. */
static void squeeze(const char *line, char *out, size_t len)
{
	size_t o = 0;
	int space = 0;

	for (; *line && o + 1 < len; line++) {
		if (*line == ' ') {
			space = 1;
			continue;
		}
		if (space && o)
			out[o++] = ' ';
		space = 0;
		out[o++] = *line;
	}
	out[o] = '\0';
}

static void empty_is_the_header(void **state)
{
	nq_summary *s = nq_summary_new();
	char *t, l[256];

	(void)state;
	assert_non_null(s);
	t = printed(s);
	assert_int_equal(lines(t), 1);
	line_of(t, 0, l, sizeof l);
	squeeze(l, l, sizeof l);
	/* no hints column title when no run had hints */
	assert_string_equal(l, "approach mode n answer median wall runs");
	free(t);
	nq_summary_free(s);
	nq_summary_free(NULL);
}

static void one_cell(void **state)
{
	nq_summary *s = nq_summary_new();
	char *t, l[256];

	(void)state;
	assert_int_equal(nq_summary_add(s, "backtrack/bitmask", "count", 8, "",
					NQ_ST_OK, 0.5, 1, "92"), 0);
	assert_int_equal(nq_summary_add(s, "backtrack/bitmask", "count", 8, "",
					NQ_ST_OK, 0.1, 1, "92"), 0);
	assert_int_equal(nq_summary_add(s, "backtrack/bitmask", "count", 8, "",
					NQ_ST_OK, 0.3, 1, "92"), 0);
	t = printed(s);
	assert_int_equal(lines(t), 2);
	line_of(t, 1, l, sizeof l);
	squeeze(l, l, sizeof l);
	/* the median of 0.5, 0.1, 0.3 */
	assert_string_equal(l, "backtrack/bitmask count 8 92 300.00 ms 3 ok");
	free(t);
	nq_summary_free(s);
}

/* A line found once and added to by its number (a resume's rows) reads
 * as the same runs added one by one; a name past 127 bytes and hints
 * past 255 are cut as a line always cut them; no line, no add. */
static void lines_by_number(void **state)
{
	nq_summary *s = nq_summary_new(), *t = nq_summary_new();
	char name[200], hints[300], *a, *b;
	long k;

	(void)state;
	memset(name, 'n', sizeof name - 1);
	name[sizeof name - 1] = '\0';
	memset(hints, 'h', sizeof hints - 1);
	hints[sizeof hints - 1] = '\0';
	k = nq_summary_line(s, name, "count", 8, hints);
	assert_true(k == 0);
	assert_true(nq_summary_line(s, name, "count", 8, hints) == k);
	assert_true(nq_summary_line(s, "b", "first", 9, "") == 1);
	assert_int_equal(nq_summary_add_to(s, k, NQ_ST_OK, 0.5, 1, "92"), 0);
	assert_int_equal(nq_summary_add_to(s, k, NQ_ST_DISPUTED, 0.1, 1,
					   "93?"), 0);
	assert_int_equal(nq_summary_add_to(s, 1, NQ_ST_TIMEOUT, 0, 0, NULL), 0);
	assert_int_equal(nq_summary_add_to(s, -1, NQ_ST_OK, 1, 1, "1"), -1);
	assert_int_equal(nq_summary_add_to(s, 2, NQ_ST_OK, 1, 1, "1"), -1);
	nq_summary_add(t, name, "count", 8, hints, NQ_ST_OK, 0.5, 1, "92");
	nq_summary_add(t, name, "count", 8, hints, NQ_ST_DISPUTED, 0.1, 1,
		       "93?");
	nq_summary_add(t, "b", "first", 9, "", NQ_ST_TIMEOUT, 0, 0, NULL);
	a = printed(s);
	b = printed(t);
	assert_string_equal(a, b);
	/* the name's first 127 bytes, not 128 */
	assert_non_null(strstr(a, name + 200 - 1 - 127));
	assert_null(strstr(a, name + 200 - 1 - 128));
	free(a);
	free(b);
	nq_summary_free(s);
	nq_summary_free(t);
}

/* Ten generated instances of one family and size differ only at the end
 * of their ids: the hints column shows each whole, and a line whose hints
 * and id are longer than the column keeps the id's end. */
static void instance_ids_whole(void **state)
{
	nq_summary *s = nq_summary_new();
	char *t, l[512], id[64], want[128];
	int i;

	(void)state;
	for (i = 0; i < 10; i++) {
		snprintf(id, sizeof id, "blocked-n28-b5-f1-s7-%d", i);
		nq_summary_add(s, "a", "first", 28, id, NQ_ST_OK, 1, 1, "found");
	}
	nq_summary_add(s, "a", "first", 28, "1:1 2:3 3:5 4:7 5:9 6:11 7:13 "
		       "placed-n28-q7-s7-12", NQ_ST_OK, 1, 1, "found");
	t = printed(s);
	assert_int_equal(lines(t), 12);
	for (i = 0; i < 10; i++) {
		line_of(t, (size_t)i + 1, l, sizeof l);
		squeeze(l, l, sizeof l);
		snprintf(want, sizeof want, "a first 28 blocked-n28-b5-f1-s7-%d "
			 "found 1.000 s 1 ok", i);
		assert_string_equal(l, want);
	}
	line_of(t, 11, l, sizeof l);
	squeeze(l, l, sizeof l);
	/* 40 characters: the first 10, "...", the last 27 (the id whole) */
	assert_string_equal(l, "a first 28 1:1 2:3 3:...11 7:13 "
			    "placed-n28-q7-s7-12 found 1.000 s 1 ok");
	free(t);
	nq_summary_free(s);
}

static void cells_in_order_seen(void **state)
{
	nq_summary *s = nq_summary_new();
	char *t, l[256];

	(void)state;
	nq_summary_add(s, "b", "first", 8, "", NQ_ST_OK, 1, 1, "found");
	nq_summary_add(s, "a", "first", 8, "", NQ_ST_OK, 1, 1, "found");
	nq_summary_add(s, "b", "count", 8, "", NQ_ST_OK, 1, 1, "92");
	nq_summary_add(s, "b", "first", 9, "", NQ_ST_OK, 1, 1, "found");
	nq_summary_add(s, "b", "first", 8, "1:2", NQ_ST_OK, 1, 1, "found");
	/* the same cell again: no new line */
	nq_summary_add(s, "a", "first", 8, "", NQ_ST_OK, 3, 1, "found");
	t = printed(s);
	assert_int_equal(lines(t), 6);
	line_of(t, 0, l, sizeof l);
	assert_non_null(strstr(l, "instance")); /* a run had hints: the column is headed instance */
	line_of(t, 1, l, sizeof l);
	squeeze(l, l, sizeof l);
	assert_string_equal(l, "b first 8 found 1.000 s 1 ok");
	line_of(t, 2, l, sizeof l);
	squeeze(l, l, sizeof l);
	assert_string_equal(l, "a first 8 found 2.000 s 2 ok");
	line_of(t, 3, l, sizeof l);
	squeeze(l, l, sizeof l);
	assert_string_equal(l, "b count 8 92 1.000 s 1 ok");
	line_of(t, 4, l, sizeof l);
	squeeze(l, l, sizeof l);
	assert_string_equal(l, "b first 9 found 1.000 s 1 ok");
	line_of(t, 5, l, sizeof l);
	squeeze(l, l, sizeof l);
	assert_string_equal(l, "b first 8 1:2 found 1.000 s 1 ok");
	free(t);
	nq_summary_free(s);
}

static void answers(void **state)
{
	nq_summary *s = nq_summary_new();
	char *t, l[256];

	(void)state;
	/* differing answers vary */
	nq_summary_add(s, "x", "count", 8, "", NQ_ST_OK, 1, 1, "92");
	nq_summary_add(s, "x", "count", 8, "", NQ_ST_OK, 1, 1, "91");
	/* "found" after another answer leaves it */
	nq_summary_add(s, "y", "first", 8, "", NQ_ST_OK, 1, 1, "none");
	nq_summary_add(s, "y", "first", 8, "", NQ_ST_OK, 1, 1, "found");
	/* a wrong run's answer is not the cell's; a disputed one is */
	nq_summary_add(s, "z", "count", 8, "", NQ_ST_WRONG, 1, 1, "7");
	nq_summary_add(s, "z", "count", 8, "", NQ_ST_DISPUTED, 1, 1, "92");
	/* no answer at all */
	nq_summary_add(s, "w", "count", 8, "", NQ_ST_TIMEOUT, 10, 0, NULL);
	t = printed(s);
	line_of(t, 1, l, sizeof l);
	squeeze(l, l, sizeof l);
	assert_string_equal(l, "x count 8 varies 1.000 s 2 ok");
	line_of(t, 2, l, sizeof l);
	squeeze(l, l, sizeof l);
	assert_string_equal(l, "y first 8 none 1.000 s 2 ok");
	line_of(t, 3, l, sizeof l);
	squeeze(l, l, sizeof l);
	assert_string_equal(l, "z count 8 92 1.000 s 1 wrong, 1 disputed");
	line_of(t, 4, l, sizeof l);
	squeeze(l, l, sizeof l);
	assert_string_equal(l, "w count 8 - - 1 timeout");
	free(t);
	nq_summary_free(s);
}

static void statuses_and_times(void **state)
{
	nq_summary *s = nq_summary_new();
	char *t, l[256];
	int st;

	(void)state;
	/* one run of each status, in reverse; only ok, wrong and disputed
	 * runs that were timed count towards the median */
	for (st = NQ_ST__COUNT - 1; st >= 0; st--)
		nq_summary_add(s, "a", "count", 6, "", (nq_status)st,
			       st == NQ_ST_OK ? 0.002 : 100, 1, "4");
	nq_summary_add(s, "a", "count", 6, "", NQ_ST_OK, 50, 0, "4");
	t = printed(s);
	line_of(t, 1, l, sizeof l);
	squeeze(l, l, sizeof l);
	/* walls 100 (disputed), 100 (wrong), 0.002 (ok): 100 s */
	assert_string_equal(l, "a count 6 4 100.000 s 2 ok, 1 wrong, "
			    "1 timeout, 1 memout, 1 crash, 1 error, "
			    "1 disputed, 1 skipped, 1 unsolved");
	free(t);
	nq_summary_free(s);

	/* the units: us below a millisecond, ms below a second */
	s = nq_summary_new();
	nq_summary_add(s, "u", "first", 4, "", NQ_ST_OK, 12.5e-6, 1, "found");
	nq_summary_add(s, "m", "first", 4, "", NQ_ST_OK, 0.0125, 1, "found");
	nq_summary_add(s, "s", "first", 4, "", NQ_ST_OK, 12.5, 1, "found");
	t = printed(s);
	line_of(t, 1, l, sizeof l);
	assert_non_null(strstr(l, " 12.5 us "));
	line_of(t, 2, l, sizeof l);
	assert_non_null(strstr(l, " 12.50 ms "));
	line_of(t, 3, l, sizeof l);
	assert_non_null(strstr(l, " 12.500 s "));
	free(t);
	nq_summary_free(s);
}

static void wide_names_widen_the_column(void **state)
{
	static const char *long_name =
		"picosat/commander-with-a-rather-long-label";
	nq_summary *s = nq_summary_new();
	char *t, l[256];
	size_t w = strlen(long_name);

	(void)state;
	nq_summary_add(s, long_name, "first", 8, "", NQ_ST_OK, 1, 1, "found");
	nq_summary_add(s, "b", "first", 8, "", NQ_ST_OK, 1, 1, "found");
	t = printed(s);
	/* every line's mode column starts at the same place */
	line_of(t, 0, l, sizeof l);
	assert_true(strlen(l) > w + 2);
	assert_memory_equal(l + w, "  mode", 6);
	line_of(t, 1, l, sizeof l);
	assert_memory_equal(l + w, "  first", 7);
	line_of(t, 2, l, sizeof l);
	assert_memory_equal(l, "b ", 2);
	assert_memory_equal(l + w, "  first", 7);
	free(t);
	nq_summary_free(s);
}

/* A row costs the same however many cells there are: 100,000 cells of
 * two rows each, the second rows in the reverse order, take well under
 * a second of CPU (a walk of the cells per row took minutes), and each
 * cell holds both its rows. Labels alike in their first 300 bytes are
 * two cells; the same long label twice is one. */
static void many_cells(void **state)
{
	enum { CELLS = 100000 };
	nq_summary *s = nq_summary_new();
	char *t, l[256], a[400], b[400];
	const char *p, *e;
	clock_t t0 = clock();
	double cpu;
	int i, k;

	(void)state;
	assert_non_null(s);
	for (k = 0; k < 2; k++)
		for (i = 0; i < CELLS; i++) {
			int n = k ? CELLS - 1 - i : i;

			assert_int_equal(nq_summary_add(s, "a", "first", n, "",
							NQ_ST_OK, 0.5, 1,
							"found"), 0);
		}
	cpu = (double)(clock() - t0) / CLOCKS_PER_SEC;
	assert_true(cpu < 5.0);
	t = printed(s);
	assert_int_equal(lines(t), CELLS + 1);
	line_of(t, 1, l, sizeof l);
	squeeze(l, l, sizeof l);
	assert_string_equal(l, "a first 0 found 500.00 ms 2 ok");
	/* line by line: strstr from each match on would be quadratic
	 * under ASan, whose strstr measures the whole rest first */
	for (p = t, i = 0; (e = strchr(p, '\n')); p = e + 1)
		i += e - p >= 5 && !memcmp(e - 5, " 2 ok", 5);
	assert_int_equal(i, CELLS);
	free(t);
	nq_summary_free(s);

	s = nq_summary_new();
	memset(a, 'x', 300);
	a[300] = '\0';
	memcpy(b, a, 301);
	strcat(a, "-0");
	strcat(b, "-1");
	nq_summary_add(s, "a", "first", 8, a, NQ_ST_OK, 1, 1, "found");
	nq_summary_add(s, "a", "first", 8, b, NQ_ST_OK, 1, 1, "found");
	nq_summary_add(s, "a", "first", 8, a, NQ_ST_OK, 1, 1, "found");
	t = printed(s);
	assert_int_equal(lines(t), 3);
	assert_non_null(strstr(t, "2 ok\n"));
	assert_non_null(strstr(t, "1 ok\n"));
	free(t);
	nq_summary_free(s);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(empty_is_the_header),
		cmocka_unit_test(one_cell),
		cmocka_unit_test(lines_by_number),
		cmocka_unit_test(cells_in_order_seen),
		cmocka_unit_test(instance_ids_whole),
		cmocka_unit_test(answers),
		cmocka_unit_test(statuses_and_times),
		cmocka_unit_test(wide_names_widen_the_column),
		cmocka_unit_test(many_cells),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("summary", tests, NULL, NULL);
}
