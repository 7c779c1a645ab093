/* test_style.c - an approach's look from its label (style.h): the same
 * in any company and order, 16 labels told apart, collisions resolved in
 * label order, pins honoured and bad pin lines refused with their line. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "style.h"

static int same(const nq_style *a, const nq_style *b)
{
	return !strcmp(a->colour, b->colour) && a->pt == b->pt && a->dt == b->dt;
}

static void palette_has_16_distinct(void **state)
{
	nq_style a, b;
	size_t i, j;

	(void)state;
	for (i = 0; i < NQ_STYLES_ALL; i++)
		for (j = i + 1; j < NQ_STYLES_ALL; j++) {
			nq_style_of(i, &a);
			nq_style_of(j, &b);
			assert_false(same(&a, &b));
		}
}

static void same_label_same_look_in_any_order(void **state)
{
	const char *one[] = { "backtrack/bitmask", "glpk/assignment",
			      "picosat/commander" };
	const char *two[] = { "smt/bool", "picosat/commander", "asp/count",
			      "backtrack/bitmask" };
	nq_style s1[3], s2[4];

	(void)state;
	assert_int_equal(nq_style_assign(one, 3, NULL, s1), 0);
	assert_int_equal(nq_style_assign(two, 4, NULL, s2), 0);
	/* these labels hash apart: no collision moves either */
	assert_true(same(&s1[0], &s2[3]));
	assert_true(same(&s1[2], &s2[1]));
	assert_int_equal(s1[0].index, (int)nq_style_hash("backtrack/bitmask"));
}

static void sixteen_labels_sixteen_styles(void **state)
{
	char buf[16][16];
	const char *l[16];
	nq_style st[16];
	size_t i, j;

	(void)state;
	for (i = 0; i < 16; i++) {
		snprintf(buf[i], sizeof buf[i], "approach%zu", i);
		l[i] = buf[i];
	}
	assert_int_equal(nq_style_assign(l, 16, NULL, st), 0);
	for (i = 0; i < 16; i++)
		for (j = i + 1; j < 16; j++)
			assert_false(same(&st[i], &st[j]));
}

static void collision_next_free_in_label_order(void **state)
{
	char a[24], b[24]; /* "a" and any size_t */
	const char *ab[2], *ba[2];
	nq_style x[2], y[2];
	size_t i, j, h;

	(void)state;
	/* two labels that prefer one style */
	for (i = 0; ; i++) {
		snprintf(a, sizeof a, "a%zu", i);
		h = nq_style_hash(a);
		for (j = i + 1; j < i + 200; j++) {
			snprintf(b, sizeof b, "a%zu", j);
			if (nq_style_hash(b) == h && strcmp(a, b) < 0)
				goto found;
		}
	}
found:
	ab[0] = a, ab[1] = b;
	ba[0] = b, ba[1] = a;
	assert_int_equal(nq_style_assign(ab, 2, NULL, x), 0);
	assert_int_equal(nq_style_assign(ba, 2, NULL, y), 0);
	assert_false(same(&x[0], &x[1]));
	/* the first in label order keeps it, whatever the file's order */
	assert_int_equal(x[0].index, (int)h);
	assert_int_equal(x[1].index, (int)((h + 1) % NQ_STYLES));
	assert_true(same(&x[0], &y[1]));
	assert_true(same(&x[1], &y[0]));
}

static void pins_honoured(void **state)
{
	const char *text = "# the paper's looks\n"
			   "backtrack/bitmask  vermillion square dashed\n"
			   "\n"
			   "board [threads=1] #123abc 9 4\r\n";
	const char *l[] = { "board [threads=1]", "backtrack/bitmask", "x" };
	nq_style_pins pins;
	nq_style st[3], pref;
	nq_error err;

	(void)state;
	memset(&err, 0, sizeof err);
	assert_int_equal(nq_style_pins_parse(text, "p.txt", &pins, &err), 0);
	assert_int_equal(pins.n, 2);
	assert_int_equal(nq_style_assign(l, 3, &pins, st), 0);
	assert_string_equal(st[1].colour, "#D55E00");
	assert_int_equal(st[1].pt, 5);
	assert_int_equal(st[1].dt, 2);
	assert_string_equal(st[0].colour, "#123abc");
	assert_int_equal(st[0].pt, 9);
	assert_int_equal(st[0].dt, 4);
	assert_int_equal(st[0].index, -1);
	/* an unpinned label never takes a pinned palette style */
	nq_style_of((size_t)st[1].index, &pref);
	assert_false(same(&st[2], &pref));
	nq_style_pins_free(&pins);
}

static void bad_pins_refused(void **state)
{
	static const struct {
		const char *text, *msg;
		int line;
	} bad[] = {
		{ "a blue circle solid\nb red circle solid\n", "colour 'red'", 2 },
		{ "a blue star solid\n", "marker 'star'", 1 },
		{ "a blue circle 9\n", "dash '9'", 1 },
		{ "blue circle solid\n", "expected 'APPROACH COLOUR", 1 },
		{ "\n\na blue\n", "expected 'APPROACH COLOUR", 3 },
		{ "a blue circle solid\na green square dotted\n",
		  "pinned twice", 2 },
		{ "a #12345g circle solid\n", "colour '#12345g'", 1 },
	};
	nq_style_pins pins;
	nq_error err;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&err, 0, sizeof err);
		assert_int_equal(nq_style_pins_parse(bad[i].text, "p.txt", &pins,
						     &err), -1);
		assert_non_null(strstr(err.msg, bad[i].msg));
		assert_int_equal(err.line, bad[i].line);
		assert_string_equal(err.file, "p.txt");
		assert_int_equal(pins.n, 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(palette_has_16_distinct),
		cmocka_unit_test(same_label_same_look_in_any_order),
		cmocka_unit_test(sixteen_labels_sixteen_styles),
		cmocka_unit_test(collision_next_free_in_label_order),
		cmocka_unit_test(pins_honoured),
		cmocka_unit_test(bad_pins_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
