/* test_validate.c - the validator: placements, counts, claims of none,
 * its own count, plausibility, and the verdicts of the ledger (order
 * never matters, disputes, a word lost). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "validate.h"

static const int32_t eight[8] = { 0, 4, 7, 5, 2, 6, 1, 3 }; /* a solution */

static nq_instance inst(int n, enum nq_mode mode, const nq_square *h, int k)
{
	nq_instance in = { n, mode, k, h };
	return in;
}

static nq_result answer(uint64_t solutions, int32_t *placement)
{
	nq_result r;

	memset(&r, 0, sizeof r);
	r.unique = NQ_UNIQUE_NA;
	r.solutions = solutions;
	r.placement = placement;
	return r;
}

static void known_counts(void **state)
{
	uint64_t c;

	(void)state;
	assert_int_equal(nq_known_count(1, &c), 0);
	assert_int_equal(c, 1);
	assert_int_equal(nq_known_count(8, &c), 0);
	assert_int_equal(c, 92);
	assert_int_equal(nq_known_count(19, &c), 0);
	assert_true(c == 4968057848ULL); /* above 2^32 */
	assert_int_equal(nq_known_count(27, &c), 0);
	assert_true(c == 234907967154122528ULL);
	assert_int_equal(nq_known_count(0, &c), -1);
	assert_int_equal(nq_known_count(28, &c), -1);
}

static void good_placement(void **state)
{
	nq_instance in = inst(8, NQ_MODE_FIRST, NULL, 0);
	char why[256];

	(void)state;
	assert_int_equal(nq_check_placement(&in, eight, why, sizeof why), 0);
}

static void bad_placements(void **state)
{
	nq_instance in = inst(8, NQ_MODE_FIRST, NULL, 0);
	int32_t q[8];
	char why[256];

	(void)state;
	memcpy(q, eight, sizeof q);
	q[7] = 0; /* column of row 1 */
	assert_int_equal(nq_check_placement(&in, q, why, sizeof why), -1);
	assert_non_null(strstr(why, "share a column"));

	memcpy(q, eight, sizeof q);
	q[1] = 1; /* (1,1) is on the diagonal of (0,0) */
	q[6] = 4;
	assert_int_equal(nq_check_placement(&in, q, why, sizeof why), -1);
	assert_non_null(strstr(why, "diagonal"));

	memcpy(q, eight, sizeof q);
	q[3] = 8;
	assert_int_equal(nq_check_placement(&in, q, why, sizeof why), -1);
	assert_non_null(strstr(why, "off the board"));

	memcpy(q, eight, sizeof q);
	q[2] = -1;
	assert_int_equal(nq_check_placement(&in, q, why, sizeof why), -1);
}

static void hint_must_be_kept(void **state)
{
	nq_square h = { 0, 0 };
	nq_instance in = inst(8, NQ_MODE_FIRST, &h, 1);
	int32_t sol[8] = { 0, 4, 7, 5, 2, 6, 1, 3 };
	char why[256];

	(void)state;
	assert_int_equal(nq_check_placement(&in, sol, why, sizeof why), 0);
	h.col = 2; /* sol puts row 1's queen in column 1, not 3 */
	assert_int_equal(nq_check_placement(&in, sol, why, sizeof why), -1);
	assert_non_null(strstr(why, "pre-placed queen 1:3 is not kept"));
}

/* Add an answer; its verdict. */
static const nq_verdict *add(nq_ledger *l, const nq_instance *in,
			     const char *who, const nq_result *r, long *id)
{
	long i = nq_ledger_add(l, in, who, r);

	assert_true(i >= 0);
	if (id)
		*id = i;
	return nq_ledger_verdict(l, i);
}

static void counts_against_oeis(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_instance in = inst(10, NQ_MODE_COUNT, NULL, 0);
	nq_result r = answer(724, NULL);
	const nq_verdict *v;

	(void)state;
	v = add(l, &in, "a", &r, NULL);
	assert_int_equal(v->status, NQ_ST_OK);
	assert_string_equal(v->checked, "oeis");
	r.solutions = 726;
	v = add(l, &in, "b", &r, NULL);
	assert_int_equal(v->status, NQ_ST_WRONG);
	assert_string_equal(v->checked, "oeis");
	assert_non_null(strstr(v->note, "counted 726, expected 724 (per OEIS A000170)"));
	nq_ledger_free(l);
}

static void unique_against_oeis(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_instance in = inst(8, NQ_MODE_COUNT, NULL, 0);
	nq_square h = { 0, 0 };
	nq_instance hinted = inst(8, NQ_MODE_COUNT, &h, 1);
	nq_result r = answer(92, NULL);
	uint64_t u;

	(void)state;
	assert_int_equal(nq_known_unique(8, &u), 0);
	assert_int_equal(u, 12);
	r.unique = 12;
	assert_int_equal(add(l, &in, "a", &r, NULL)->status, NQ_ST_OK);
	r.unique = 11;
	assert_non_null(strstr(add(l, &in, "b", &r, NULL)->note,
			       "expected 12 (per OEIS A002562)"));
	r.solutions = 4;
	r.unique = 1;
	assert_int_equal(add(l, &hinted, "c", &r, NULL)->status, NQ_ST_WRONG);
	nq_ledger_free(l);
}

static void none_claims(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_instance three = inst(3, NQ_MODE_FIRST, NULL, 0);
	nq_instance eight8 = inst(8, NQ_MODE_FIRST, NULL, 0);
	nq_instance big = inst(40, NQ_MODE_COUNT, NULL, 0);
	nq_result none = answer(0, NULL);
	const nq_verdict *v;

	(void)state;
	assert_int_equal(add(l, &three, "a", &none, NULL)->status, NQ_ST_OK);
	v = add(l, &eight8, "a", &none, NULL);
	assert_int_equal(v->status, NQ_ST_WRONG);
	assert_non_null(strstr(v->note, "claims no placement exists"));
	/* beyond every table, a placement is still known to exist */
	v = add(l, &big, "a", &none, NULL);
	assert_int_equal(v->status, NQ_ST_WRONG);
	assert_string_equal(v->checked, "known");
	nq_ledger_free(l);
}

static void first_mode_placement_checked(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_instance in = inst(8, NQ_MODE_FIRST, NULL, 0);
	int32_t q[8];
	nq_result r;
	const nq_verdict *v;

	(void)state;
	memcpy(q, eight, sizeof q);
	r = answer(1, q);
	v = add(l, &in, "a", &r, NULL);
	assert_int_equal(v->status, NQ_ST_OK);
	assert_string_equal(v->checked, "placement");
	q[0] = q[1];
	assert_int_equal(add(l, &in, "b", &r, NULL)->status, NQ_ST_WRONG);
	r = answer(2, q);
	assert_non_null(strstr(add(l, &in, "c", &r, NULL)->note,
			       "expected 1 or 0"));
	nq_ledger_free(l);
}

/* The validator's own count decides small hinted boards. */
static void own_count_decides(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_square h = { 0, 1 };
	nq_instance count = inst(10, NQ_MODE_COUNT, &h, 1);
	nq_result lie = answer(278, NULL), honest = answer(48, NULL);
	long lid, hid;

	(void)state;
	/* the lie first: it must not become the truth */
	add(l, &count, "lie", &lie, &lid);
	add(l, &count, "pairwise", &honest, &hid);
	assert_int_equal(nq_ledger_verdict(l, lid)->status, NQ_ST_WRONG);
	assert_string_equal(nq_ledger_verdict(l, lid)->checked, "counter");
	assert_int_equal(nq_ledger_verdict(l, hid)->status, NQ_ST_OK);
	assert_string_equal(nq_ledger_verdict(l, hid)->checked, "counter");
	nq_ledger_free(l);
}

/* Beyond the tables and the own count, answers that differ are all
 * disputed, whichever came first and however many agree. */
static void disagreement_is_a_dispute(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_square h[2] = { { 0, 1 }, { 1, 4 } };
	nq_instance count = inst(14, NQ_MODE_COUNT, h, 2);
	nq_result a = answer(1610, NULL), b = answer(1612, NULL);
	long ia, ib, ic;

	(void)state;
	add(l, &count, "a", &a, &ia);
	assert_int_equal(nq_ledger_verdict(l, ia)->status, NQ_ST_OK);
	assert_string_equal(nq_ledger_verdict(l, ia)->checked, "none");
	assert_non_null(strstr(nq_ledger_verdict(l, ia)->note,
			       "nothing checked"));
	add(l, &count, "b", &b, &ib);
	add(l, &count, "c", &a, &ic);
	assert_int_equal(nq_ledger_verdict(l, ia)->status, NQ_ST_DISPUTED);
	assert_int_equal(nq_ledger_verdict(l, ib)->status, NQ_ST_DISPUTED);
	assert_int_equal(nq_ledger_verdict(l, ic)->status, NQ_ST_DISPUTED);
	assert_string_equal(nq_ledger_verdict(l, ia)->checked, "agrees:1");
	assert_non_null(strstr(nq_ledger_verdict(l, ib)->note,
			       "a says 1610, c says 1610"));
	nq_ledger_free(l);
}

/* An approach proved wrong on an instance loses its word there. */
static void proved_wrong_loses_its_word(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_square h[2] = { { 0, 1 }, { 1, 4 } };
	nq_instance first = inst(14, NQ_MODE_FIRST, h, 2);
	nq_instance count = inst(14, NQ_MODE_COUNT, h, 2);
	int32_t q[14] = { 1, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
	nq_result bad = answer(1, q), lie = answer(2000, NULL);
	nq_result honest = answer(1610, NULL);
	long il, ih, ip;

	(void)state;
	add(l, &count, "lie", &lie, &il);
	add(l, &count, "honest", &honest, &ih);
	assert_int_equal(nq_ledger_verdict(l, il)->status, NQ_ST_DISPUTED);
	assert_int_equal(nq_ledger_verdict(l, ih)->status, NQ_ST_DISPUTED);
	add(l, &first, "lie", &bad, &ip);
	assert_int_equal(nq_ledger_verdict(l, ip)->status, NQ_ST_WRONG);
	assert_int_equal(nq_ledger_verdict(l, il)->status, NQ_ST_WRONG);
	assert_non_null(strstr(nq_ledger_verdict(l, il)->note, "word is lost"));
	assert_int_equal(nq_ledger_verdict(l, ih)->status, NQ_ST_OK);
	nq_ledger_free(l);
}

/* A claim of none accepted first is proved wrong by a later placement,
 * in either mode. */
static void placement_overturns_none(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_square h[2] = { { 0, 1 }, { 1, 4 } };
	nq_instance first = inst(14, NQ_MODE_FIRST, h, 2);
	nq_instance count = inst(14, NQ_MODE_COUNT, h, 2);
	int32_t q[14] = { 1, 4, 0, 7, 9, 12, 5, 13, 10, 3, 6, 11, 2, 8 };
	nq_result none = answer(0, NULL), r = answer(1, q);
	long i1, i2, i3;
	char why[256];

	(void)state;
	assert_int_equal(nq_check_placement(&first, q, why, sizeof why), 0);
	add(l, &first, "liar", &none, &i1);
	add(l, &count, "liar2", &none, &i2);
	assert_int_equal(nq_ledger_verdict(l, i1)->status, NQ_ST_OK);
	add(l, &first, "honest", &r, &i3);
	assert_int_equal(nq_ledger_verdict(l, i3)->status, NQ_ST_OK);
	assert_int_equal(nq_ledger_verdict(l, i1)->status, NQ_ST_WRONG);
	assert_int_equal(nq_ledger_verdict(l, i2)->status, NQ_ST_WRONG);
	assert_non_null(strstr(nq_ledger_verdict(l, i1)->note, "per honest"));
	nq_ledger_free(l);
}

/* The same answers in every order: the same verdict on each. */
static void order_does_not_matter(void **state)
{
	nq_square h[2] = { { 0, 1 }, { 1, 4 } };
	nq_instance first = inst(14, NQ_MODE_FIRST, h, 2);
	nq_instance count = inst(14, NQ_MODE_COUNT, h, 2);
	int32_t good[14] = { 1, 4, 0, 7, 9, 12, 5, 13, 10, 3, 6, 11, 2, 8 };
	int32_t bad[14] = { 1, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
	struct { const char *who; const nq_instance *in; nq_result r; } c[5];
	int perm[5], i, j, k, p, ref[5] = { -1, -1, -1, -1, -1 };

	(void)state;
	c[0].who = "honest"; c[0].in = &count; c[0].r = answer(1610, NULL);
	c[1].who = "lie"; c[1].in = &count; c[1].r = answer(1612, NULL);
	c[2].who = "lie"; c[2].in = &first; c[2].r = answer(1, bad);
	c[3].who = "none"; c[3].in = &first; c[3].r = answer(0, NULL);
	c[4].who = "placer"; c[4].in = &first; c[4].r = answer(1, good);
	/* the 120 orders, as base-5 numbers with distinct digits */
	for (p = 0; p < 3125; p++) {
		nq_ledger *l = nq_ledger_new();
		long id[5];
		int used = 0, x = p;

		for (i = 0; i < 5; i++, x /= 5) {
			perm[i] = x % 5;
			used |= 1 << perm[i];
		}
		if (used != 31) {
			nq_ledger_free(l);
			continue;
		}
		for (i = 0; i < 5; i++) {
			k = perm[i];
			id[k] = nq_ledger_add(l, c[k].in, c[k].who, &c[k].r);
		}
		for (j = 0; j < 5; j++) {
			int st = (int)nq_ledger_verdict(l, id[j])->status;

			if (ref[j] < 0)
				ref[j] = st;
			assert_int_equal(st, ref[j]);
		}
		nq_ledger_free(l);
	}
	assert_int_equal(ref[0], NQ_ST_OK);     /* lie lost its word */
	assert_int_equal(ref[1], NQ_ST_WRONG);
	assert_int_equal(ref[2], NQ_ST_WRONG);
	assert_int_equal(ref[3], NQ_ST_WRONG);  /* placer's placement */
	assert_int_equal(ref[4], NQ_ST_OK);
}

/* Rules every count obeys. */
static void plausibility(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_instance big = inst(30, NQ_MODE_COUNT, NULL, 0);
	nq_square mirror[2] = { { 0, 2 }, { 0, 27 } }; /* not a real hint set */
	nq_square sym[2] = { { 3, 10 }, { 26, 10 } };  /* top-bottom mirror */
	nq_instance symmetric = inst(30, NQ_MODE_COUNT, sym, 2);
	nq_square one = { 3, 10 };
	nq_instance lopsided = inst(30, NQ_MODE_COUNT, &one, 1);
	nq_result r = answer(123456789, NULL);
	const nq_verdict *v;

	(void)state;
	(void)mirror;
	v = add(l, &big, "odd", &r, NULL);
	assert_int_equal(v->status, NQ_ST_WRONG);
	assert_string_equal(v->checked, "plausible");
	assert_non_null(strstr(v->note, "odd"));
	assert_int_equal(add(l, &symmetric, "odd", &r, NULL)->status,
			 NQ_ST_WRONG);
	/* one queen off the middle: odd counts are possible */
	assert_int_equal(add(l, &lopsided, "odd", &r, NULL)->status, NQ_ST_OK);
	r = answer(1000, NULL);
	r.unique = 100;  /* 1000 > 8 x 100 */
	assert_int_equal(add(l, &big, "u", &r, NULL)->status, NQ_ST_WRONG);
	r.unique = 600;  /* 1000 < 2 x 600 */
	assert_int_equal(add(l, &big, "u2", &r, NULL)->status, NQ_ST_WRONG);
	r.unique = 200;
	v = add(l, &big, "u3", &r, NULL);
	assert_int_equal(v->status, NQ_ST_OK);
	assert_string_equal(v->checked, "none");
	nq_ledger_free(l);
}

/* A count above what the board allows: more than the board has without
 * its hints, or more than the orders of the free rows. */
static void count_bounds(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_square h[2] = { { 0, 1 }, { 1, 4 } };
	nq_instance fourteen = inst(14, NQ_MODE_COUNT, h, 2);
	nq_square many[26];
	nq_instance crowded;
	nq_result r = answer(365598, NULL); /* A000170(14) + 2 */
	const nq_verdict *v;
	int i;

	(void)state;
	v = add(l, &fourteen, "a", &r, NULL);
	assert_int_equal(v->status, NQ_ST_WRONG);
	assert_non_null(strstr(v->note, "at most 365596"));
	/* 30 rows, 26 pre-placed (not a real set): at most 4! = 24 */
	for (i = 0; i < 26; i++)
		many[i].row = i, many[i].col = i;
	crowded = inst(30, NQ_MODE_COUNT, many, 26);
	r = answer(26, NULL);
	v = add(l, &crowded, "b", &r, NULL);
	assert_int_equal(v->status, NQ_ST_WRONG);
	assert_non_null(strstr(v->note, "at most 24"));
	nq_ledger_free(l);
}

/* The validator's own count: A000170 without hints, and a brute force
 * over every permutation with hints. */
static int perm_next(int *a, int n)
{
	int i = n - 2, j, t;

	while (i >= 0 && a[i] >= a[i + 1])
		i--;
	if (i < 0)
		return 0;
	for (j = n - 1; a[j] <= a[i]; j--)
		;
	t = a[i], a[i] = a[j], a[j] = t;
	for (i++, j = n - 1; i < j; i++, j--)
		t = a[i], a[i] = a[j], a[j] = t;
	return 1;
}

static void reference_count(void **state)
{
	nq_square h[2] = { { 2, 3 }, { 5, 1 } };
	uint64_t c, known;
	int n, a[8], i;

	(void)state;
	for (n = 1; n <= NQ_REFERENCE_MAX_N; n++) {
		nq_instance in = inst(n, NQ_MODE_COUNT, NULL, 0);

		assert_int_equal(nq_reference_count(&in, &c), 0);
		assert_int_equal(nq_known_count(n, &known), 0);
		assert_true(c == known);
	}
	for (n = 7; n <= 8; n++) {
		nq_instance in = inst(n, NQ_MODE_COUNT, h, 2);
		uint64_t brute = 0;
		char why[256];

		for (i = 0; i < n; i++)
			a[i] = i;
		do
			brute += nq_check_placement(&in, a, why, sizeof why) == 0;
		while (perm_next(a, n));
		assert_int_equal(nq_reference_count(&in, &c), 0);
		assert_true(c == brute);
	}
	{
		nq_instance in = inst(NQ_REFERENCE_MAX_N + 1, NQ_MODE_COUNT,
				      NULL, 0);

		assert_int_equal(nq_reference_count(&in, &c), -1);
	}
}

/* Hint sets with the same squares in another order are one instance. */
static void hint_order_does_not_matter(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_square h1[2] = { { 0, 0 }, { 1, 2 } }, h2[2] = { { 1, 2 }, { 0, 0 } };
	nq_instance a = inst(14, NQ_MODE_COUNT, h1, 2);
	nq_instance b = inst(14, NQ_MODE_COUNT, h2, 2);
	nq_result r = answer(10, NULL);
	long ia;

	(void)state;
	add(l, &a, "a", &r, &ia);
	r.solutions = 12;
	assert_int_equal(add(l, &b, "b", &r, NULL)->status, NQ_ST_DISPUTED);
	assert_int_equal(nq_ledger_verdict(l, ia)->status, NQ_ST_DISPUTED);
	nq_ledger_free(l);
}

static void hint_sets(void **state)
{
	nq_square ok[2] = { { 0, 0 }, { 1, 2 } };
	nq_square off[1] = { { 8, 0 } };
	nq_square diag[2] = { { 0, 0 }, { 3, 3 } };
	nq_square row[2] = { { 2, 0 }, { 2, 5 } };
	char why[256];
	int a, b;

	(void)state;
	assert_int_equal(nq_check_hints(8, ok, 2, &a, &b, why, sizeof why), 0);
	assert_int_equal(nq_check_hints(8, off, 1, &a, &b, why, sizeof why), -1);
	assert_non_null(strstr(why, "9:1 is off the 8x8 board"));
	assert_int_equal(nq_check_hints(8, diag, 2, &a, &b, why, sizeof why), -1);
	assert_non_null(strstr(why, "on a diagonal"));
	assert_int_equal(b, 1);
	assert_int_equal(nq_check_hints(8, row, 2, &a, &b, why, sizeof why), -1);
	assert_non_null(strstr(why, "on a row"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(known_counts),
		cmocka_unit_test(good_placement),
		cmocka_unit_test(bad_placements),
		cmocka_unit_test(hint_must_be_kept),
		cmocka_unit_test(counts_against_oeis),
		cmocka_unit_test(unique_against_oeis),
		cmocka_unit_test(none_claims),
		cmocka_unit_test(first_mode_placement_checked),
		cmocka_unit_test(own_count_decides),
		cmocka_unit_test(disagreement_is_a_dispute),
		cmocka_unit_test(proved_wrong_loses_its_word),
		cmocka_unit_test(placement_overturns_none),
		cmocka_unit_test(order_does_not_matter),
		cmocka_unit_test(plausibility),
		cmocka_unit_test(count_bounds),
		cmocka_unit_test(reference_count),
		cmocka_unit_test(hint_order_does_not_matter),
		cmocka_unit_test(hint_sets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
