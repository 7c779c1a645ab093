/* test_validate.c - the validator: placements, counts, claims of none,
 * its own count, plausibility, and the verdicts of the ledger (order
 * never matters, disputes, a word lost, deferred settling, answers read
 * back from a results file, many answers to one instance). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "verdicts.h"
#include "solfile.h"
#include "validate.h"

static const int32_t eight[8] = { 0, 4, 7, 5, 2, 6, 1, 3 }; /* a solution */

static nq_instance inst(int n, enum nq_mode mode, const nq_square *h, int k)
{
	nq_instance in = { .n = n, .mode = mode, .nhints = k, .hints = h };
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
	assert_string_equal(why, "row 3 has no queen");

	/* a model read back with two queens on a row (solfile.h) */
	memcpy(q, eight, sizeof q);
	q[4] = NQ_SOL_ROW_MANY;
	assert_int_equal(nq_check_placement(&in, q, why, sizeof why), -1);
	assert_string_equal(why, "row 5 has two queens or more");

	memcpy(q, eight, sizeof q);
	q[4] = -3;
	assert_int_equal(nq_check_placement(&in, q, why, sizeof why), -1);
	assert_non_null(strstr(why, "off the board"));
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

/* The row note of an ok nothing checked: the solver's remark, then the
 * verdict's words whole, however long the remark (cut to fit, and found
 * again by nq_verdict_remark_of, as a merge reads it back); a remark
 * only where the verdict has no note; the verdict's alone where it is
 * not ok. */
static void row_note_keeps_the_verdict(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_square h[2] = { { 0, 1 }, { 1, 4 } };
	nq_instance count = inst(14, NQ_MODE_COUNT, h, 2);
	nq_result a = answer(1610, NULL);
	const nq_verdict *v;
	char note[256], back[256], remark[241];
	const char *r;
	long ia;

	(void)state;
	add(l, &count, "a", &a, &ia);
	v = nq_ledger_verdict(l, ia);
	nq_verdict_row_note(v, "won by x", note, sizeof note);
	assert_string_equal(note, "won by x; nothing checked this answer "
			    "(no table, no other approach gave one)");
	assert_string_equal(nq_verdict_remark_of(note, back, sizeof back),
			    "won by x");
	memset(remark, 'r', sizeof remark - 1);
	remark[sizeof remark - 1] = '\0';
	nq_verdict_row_note(v, remark, note, sizeof note);
	assert_int_equal(strlen(note), sizeof note - 1);
	assert_non_null(strstr(note, "; nothing checked this answer (no "
			       "table, no other approach gave one)"));
	r = nq_verdict_remark_of(note, back, sizeof back);
	assert_true(strlen(r) > 100 && strspn(r, "r") == strlen(r));
	/* a note that only looks like one: nothing taken off it */
	assert_string_equal(nq_verdict_remark_of("won by x", back,
						 sizeof back), "");
	nq_verdict_row_note(v, "", note, sizeof note);
	assert_string_equal(nq_verdict_remark_of(note, back, sizeof back), "");
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
	/* its count is no evidence: not wrong unless proved, and the one it
	 * differs from, which nothing else checked, is not ok either */
	assert_int_equal(nq_ledger_verdict(l, il)->status, NQ_ST_DISPUTED);
	assert_non_null(strstr(nq_ledger_verdict(l, il)->note, "word is lost"));
	assert_int_equal(nq_ledger_verdict(l, ih)->status, NQ_ST_DISPUTED);
	assert_string_equal(nq_ledger_verdict(l, ih)->checked, "none");
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
	/* lie lost its word: its count proves nothing either way, and
	 * nothing else checked honest's */
	assert_int_equal(ref[0], NQ_ST_DISPUTED);
	assert_int_equal(ref[1], NQ_ST_DISPUTED);
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

/* A placement read back from a results file, found valid when it was
 * measured, still proves a placement exists: a "none" added later is
 * wrong, as it would be live. */
static void recorded_valid_placement(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_square h[2] = { { 0, 1 }, { 1, 4 } };
	nq_instance first = inst(14, NQ_MODE_FIRST, h, 2);
	nq_result one = answer(1, NULL), none = answer(0, NULL);
	long ip, in;

	(void)state;
	ip = nq_ledger_add_recorded(l, &first, "placer", &one, 1, NULL);
	assert_true(ip >= 0);
	assert_int_equal(nq_ledger_verdict(l, ip)->status, NQ_ST_OK);
	assert_string_equal(nq_ledger_verdict(l, ip)->checked, "placement");
	in = nq_ledger_add_recorded(l, &first, "liar", &none, 0, NULL);
	assert_int_equal(nq_ledger_verdict(l, in)->status, NQ_ST_WRONG);
	assert_non_null(strstr(nq_ledger_verdict(l, in)->note,
			       "claims no placement exists, but one does "
			       "(per placer)"));
	nq_ledger_free(l);
}

/* Found invalid when measured: wrong with the old note, and its
 * approach loses its word on the instance, as live. */
static void recorded_invalid_placement(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_square h[2] = { { 0, 1 }, { 1, 4 } };
	nq_instance first = inst(14, NQ_MODE_FIRST, h, 2);
	nq_instance count = inst(14, NQ_MODE_COUNT, h, 2);
	nq_result one = answer(1, NULL), lie = answer(2000, NULL);
	nq_result honest = answer(1610, NULL);
	long ib, il, ih;

	(void)state;
	add(l, &count, "lie", &lie, &il);
	add(l, &count, "honest", &honest, &ih);
	ib = nq_ledger_add_recorded(l, &first, "lie", &one, -1,
				    "queens at 1:2 and 3:1 share a diagonal");
	assert_int_equal(nq_ledger_verdict(l, ib)->status, NQ_ST_WRONG);
	assert_string_equal(nq_ledger_verdict(l, ib)->checked, "placement");
	assert_string_equal(nq_ledger_verdict(l, ib)->note,
			    "queens at 1:2 and 3:1 share a diagonal");
	assert_int_equal(nq_ledger_verdict(l, il)->status, NQ_ST_DISPUTED);
	assert_non_null(strstr(nq_ledger_verdict(l, il)->note, "word is lost"));
	assert_int_equal(nq_ledger_verdict(l, ih)->status, NQ_ST_DISPUTED);
	nq_ledger_free(l);
}

/* Not known whether the placement was valid: it proves nothing, so a
 * "none" beside it is a dispute; where a placement is known to exist it
 * is right; it agrees with any count but 0. */
static void recorded_unknown_placement(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_square h[2] = { { 0, 1 }, { 1, 4 } };
	nq_instance first = inst(14, NQ_MODE_FIRST, h, 2);
	nq_instance count = inst(14, NQ_MODE_COUNT, h, 2);
	nq_instance big = inst(40, NQ_MODE_FIRST, NULL, 0);
	nq_instance three = inst(3, NQ_MODE_FIRST, NULL, 0);
	nq_result one = answer(1, NULL), none = answer(0, NULL);
	nq_result c = answer(1610, NULL);
	long iu, in, ic, ib;

	(void)state;
	iu = nq_ledger_add_recorded(l, &first, "u", &one, 0, NULL);
	assert_int_equal(nq_ledger_verdict(l, iu)->status, NQ_ST_OK);
	assert_string_equal(nq_ledger_verdict(l, iu)->checked, "none");
	in = nq_ledger_add_recorded(l, &first, "n", &none, 0, NULL);
	assert_int_equal(nq_ledger_verdict(l, in)->status, NQ_ST_DISPUTED);
	assert_int_equal(nq_ledger_verdict(l, iu)->status, NQ_ST_DISPUTED);
	assert_non_null(strstr(nq_ledger_verdict(l, in)->note,
			       "disputed: says none, but u says a placement"));
	add(l, &count, "c", &c, &ic);
	assert_string_equal(nq_ledger_verdict(l, ic)->checked, "agrees:1");
	assert_string_equal(nq_ledger_verdict(l, iu)->checked, "agrees:1");
	ib = nq_ledger_add_recorded(l, &big, "u", &one, 0, NULL);
	assert_int_equal(nq_ledger_verdict(l, ib)->status, NQ_ST_OK);
	assert_string_equal(nq_ledger_verdict(l, ib)->checked, "known");
	ib = nq_ledger_add_recorded(l, &three, "u", &one, 0, NULL);
	assert_int_equal(nq_ledger_verdict(l, ib)->status, NQ_ST_WRONG);
	nq_ledger_free(l);
}

/* Ten thousand answers to one instance from 20 approaches, all but one
 * agreeing: the verdicts and texts of a few, settled as they come and
 * deferred. (Not timed: bench/ledger.sh measures speed.) */
static void many_answers(void **state)
{
	nq_square h[2] = { { 0, 1 }, { 1, 4 } };
	nq_instance count = inst(14, NQ_MODE_COUNT, h, 2);
	int deferred;

	(void)state;
	for (deferred = 0; deferred < 2; deferred++) {
		nq_ledger *l = nq_ledger_new();
		nq_result r = answer(1610, NULL);
		char who[16];
		/* live, every add settles the instance again (quadratic):
		 * 2,000 answers; deferred, 10,000 settled once */
		long i, odd = 1403, total = deferred ? 10000 : 2000;

		nq_ledger_defer(l, deferred);
		for (i = 0; i < total; i++) {
			snprintf(who, sizeof who, "ap%ld", i % 20);
			r.solutions = i == odd ? 1612 : 1610;
			assert_int_equal(nq_ledger_add(l, &count, who, &r), i);
		}
		if (deferred)
			assert_int_equal(nq_ledger_settle(l), 0);
		nq_ledger_defer(l, 0);
		assert_int_equal(nq_ledger_verdict(l, odd)->status,
				 NQ_ST_DISPUTED);
		assert_string_equal(nq_ledger_verdict(l, odd)->checked,
				    "agrees:0");
		assert_non_null(strstr(nq_ledger_verdict(l, odd)->note,
				       "disputed: says 1612, but ap0 says "
				       "1610, ap1 says 1610, ap2 says 1610, "
				       "ap3 says 1610, ap4 says"));
		assert_int_equal(nq_ledger_verdict(l, 0)->status,
				 NQ_ST_DISPUTED);
		assert_string_equal(nq_ledger_verdict(l, 0)->checked,
				    "agrees:19");
		assert_string_equal(nq_ledger_verdict(l, 0)->note,
				    "disputed: says 1610, but ap3 says 1612; "
				    "nothing decides which is right");
		/* the one who differs is proved wrong elsewhere: the rest
		 * agree, 19 approaches each; its count is not proved wrong,
		 * but it is no longer ok */
		{
			nq_instance first = inst(14, NQ_MODE_FIRST, h, 2);
			int32_t bad[14] = { 1, 4, 0 };
			nq_result b = answer(1, bad);

			nq_ledger_add(l, &first, "ap3", &b);
		}
		assert_int_equal(nq_ledger_verdict(l, odd)->status,
				 NQ_ST_DISPUTED);
		assert_non_null(strstr(nq_ledger_verdict(l, odd)->note,
				       "its word is lost here"));
		assert_int_equal(nq_ledger_verdict(l, 0)->status, NQ_ST_OK);
		assert_string_equal(nq_ledger_verdict(l, 0)->checked,
				    "agrees:18");
		assert_string_equal(nq_ledger_verdict(l, 3)->checked,
				    "agrees:19");
		assert_int_equal(nq_ledger_verdict(l, 3)->status, NQ_ST_OK);
		nq_ledger_free(l);
	}
}

/* Random orders of the same answers, settled as they come or deferred:
 * the same status and `checked` on each; and deferred settling gives
 * exactly what settling after each add gives, notes and all. */
static void random_orders(void **state)
{
	nq_square h[2] = { { 0, 1 }, { 1, 4 } };
	nq_square h10 = { 0, 1 };
	nq_instance in[5];
	int32_t good[14] = { 1, 4, 0, 7, 9, 12, 5, 13, 10, 3, 6, 11, 2, 8 };
	int32_t bad[14] = { 1, 4, 0 };
	static const char *names[] = { "a", "b", "c", "d", "e", "f" };
	enum { K = 60 };
	struct { int in; const char *who; nq_result r; int rec; } c[K];
	nq_status ref[K];
	char refc[K][24];
	int trial, i, perm[K];
	unsigned seed = 12345;

	(void)state;
	in[0] = inst(14, NQ_MODE_COUNT, h, 2);
	in[1] = inst(14, NQ_MODE_FIRST, h, 2);
	in[2] = inst(10, NQ_MODE_COUNT, &h10, 1);
	in[3] = inst(30, NQ_MODE_COUNT, NULL, 0);
	in[4] = inst(30, NQ_MODE_FIRST, NULL, 0);
#define RND() (seed = seed * 1103515245u + 12345u, (seed >> 16) & 0x7fff)
	for (i = 0; i < K; i++) {
		static const uint64_t counts[] = { 1610, 1612, 0, 48, 278,
						   1610, 7000, 7002 };
		int x = (int)RND() % 5;

		c[i].in = (int)RND() % 5;
		c[i].who = names[RND() % 6];
		c[i].rec = 2;
		if (in[c[i].in].mode == NQ_MODE_COUNT) {
			c[i].r = answer(counts[RND() % 8], NULL);
		} else if (x == 0) {
			c[i].r = answer(0, NULL);
		} else {
			c[i].r = answer(1, c[i].in == 1 ? (x == 1 ? bad : good)
					: NULL);
			if (c[i].in == 4 || x >= 3)
				c[i].rec = x % 3 - 1; /* read back: -1, 0, 1 */
		}
	}
	for (trial = 0; trial < 40; trial++) {
		nq_ledger *now = nq_ledger_new(), *later = nq_ledger_new();
		long id[K];

		for (i = 0; i < K; i++)
			perm[i] = i;
		for (i = K - 1; trial && i > 0; i--) {
			int j = (int)RND() % (i + 1), t = perm[i];

			perm[i] = perm[j];
			perm[j] = t;
		}
		nq_ledger_defer(later, 1);
		for (i = 0; i < K; i++) {
			int k = perm[i];
			nq_ledger *both[2] = { now, later };
			int b;

			for (b = 0; b < 2; b++)
				id[k] = c[k].rec == 2
					? nq_ledger_add(both[b], &in[c[k].in],
							c[k].who, &c[k].r)
					: nq_ledger_add_recorded(both[b],
						&in[c[k].in], c[k].who, &c[k].r,
						c[k].rec, "bad");
		}
		nq_ledger_defer(later, 0);
		for (i = 0; i < K; i++) {
			const nq_verdict *v = nq_ledger_verdict(now, id[i]);
			const nq_verdict *w = nq_ledger_verdict(later, id[i]);

			assert_int_equal(v->status, w->status);
			assert_string_equal(v->checked, w->checked);
			assert_string_equal(v->note, w->note);
			if (!trial) {
				ref[i] = v->status;
				snprintf(refc[i], sizeof refc[i], "%s",
					 v->checked);
			}
			assert_int_equal(v->status, ref[i]);
			assert_string_equal(v->checked, refc[i]);
		}
		nq_ledger_free(now);
		nq_ledger_free(later);
	}
#undef RND
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

/* ---- counts in parts (nq_ledger_add_part, nq_ledger_close_parts) ---- */

static long add_part(nq_ledger *l, int n, int k, int parts, const char *who,
		     int rep, uint64_t count, uint64_t unique)
{
	nq_instance in = inst(n, NQ_MODE_COUNT, NULL, 0);
	nq_result r = answer(count, NULL);
	long id;

	in.part = k;
	in.parts = parts;
	r.unique = unique;
	id = nq_ledger_add_part(l, &in, who, rep, &r);
	assert_true(id >= 0);
	return id;
}

static void parts_sum_to_the_whole(void **state)
{
	nq_ledger *l = nq_ledger_new();
	long id[3];
	const nq_verdict *v;
	size_t np;

	(void)state;
	id[0] = add_part(l, 10, 0, 3, "a", 1, 300, NQ_UNIQUE_NA);
	v = nq_ledger_verdict(l, id[0]);
	assert_int_equal(v->status, NQ_ST_OK);
	assert_string_equal(v->checked, "none");
	assert_non_null(strstr(v->note, "part of a count in 3 parts: 2 not "
			       "answered yet"));
	assert_null(nq_ledger_peers(l, id[0], &np));
	assert_int_equal(np, 0);
	id[1] = add_part(l, 10, 2, 3, "a", 1, 224, NQ_UNIQUE_NA);
	id[2] = add_part(l, 10, 1, 3, "a", 1, 200, NQ_UNIQUE_NA);
	/* all in, not yet summed: a part alone is held to nothing */
	assert_string_equal(nq_ledger_verdict(l, id[2])->checked, "none");
	assert_int_equal(nq_ledger_close_parts(l), 0);
	for (int i = 0; i < 3; i++) {
		v = nq_ledger_verdict(l, id[i]);
		assert_int_equal(v->status, NQ_ST_OK);
		assert_string_equal(v->checked, "oeis");
		assert_string_equal(v->note, "the 3 parts sum to 724");
	}
	/* closing again changes nothing */
	assert_int_equal(nq_ledger_close_parts(l), 0);
	assert_string_equal(nq_ledger_verdict(l, id[1])->note,
			    "the 3 parts sum to 724");
	nq_ledger_free(l);
}

static void a_lying_part_blames_its_own(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_instance whole = inst(10, NQ_MODE_COUNT, NULL, 0);
	nq_result r = answer(724, NULL);
	long lie[2], honest[2], b;

	(void)state;
	lie[0] = add_part(l, 10, 0, 2, "liar", 1, 362, NQ_UNIQUE_NA);
	honest[0] = add_part(l, 10, 0, 2, "honest", 1, 400, NQ_UNIQUE_NA);
	lie[1] = add_part(l, 10, 1, 2, "liar", 1, 364, NQ_UNIQUE_NA);
	honest[1] = add_part(l, 10, 1, 2, "honest", 1, 324, NQ_UNIQUE_NA);
	b = nq_ledger_add(l, &whole, "whole", &r);
	assert_int_equal(nq_ledger_close_parts(l), 0);
	for (int i = 0; i < 2; i++) {
		const nq_verdict *v = nq_ledger_verdict(l, lie[i]);

		assert_int_equal(v->status, NQ_ST_WRONG);
		assert_non_null(strstr(v->note, "the 2 parts sum to 726: "
				       "counted 726, expected 724"));
		assert_int_equal(nq_ledger_verdict(l, honest[i])->status,
				 NQ_ST_OK);
	}
	assert_int_equal(nq_ledger_verdict(l, b)->status, NQ_ST_OK);
	nq_ledger_free(l);
}

/* n = 30: no table, no counter of our own. A lying sum disputes an honest
 * whole count, never makes it wrong; sums that agree check each other. */
static void parts_where_no_table_decides(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_instance whole = inst(30, NQ_MODE_COUNT, NULL, 0);
	nq_result r = answer(1000, NULL);
	long p[2], q[2], b;
	const nq_verdict *v;

	(void)state;
	b = nq_ledger_add(l, &whole, "whole", &r);
	p[0] = add_part(l, 30, 0, 2, "p", 1, 600, NQ_UNIQUE_NA);
	p[1] = add_part(l, 30, 1, 2, "p", 1, 400, NQ_UNIQUE_NA);
	q[0] = add_part(l, 30, 0, 2, "q", 1, 600, NQ_UNIQUE_NA);
	q[1] = add_part(l, 30, 1, 2, "q", 1, 402, NQ_UNIQUE_NA);
	assert_int_equal(nq_ledger_close_parts(l), 0);
	v = nq_ledger_verdict(l, b);
	assert_int_equal(v->status, NQ_ST_DISPUTED);
	assert_int_equal(nq_ledger_verdict(l, p[0])->status, NQ_ST_DISPUTED);
	v = nq_ledger_verdict(l, q[1]);
	assert_int_equal(v->status, NQ_ST_DISPUTED);
	assert_non_null(strstr(v->note, "the 2 parts sum to 1002"));
	nq_ledger_free(l);

	l = nq_ledger_new();
	b = nq_ledger_add(l, &whole, "whole", &r);
	p[0] = add_part(l, 30, 0, 2, "p", 1, 600, NQ_UNIQUE_NA);
	p[1] = add_part(l, 30, 1, 2, "p", 1, 400, NQ_UNIQUE_NA);
	assert_int_equal(nq_ledger_close_parts(l), 0);
	assert_int_equal(nq_ledger_verdict(l, b)->status, NQ_ST_OK);
	assert_string_equal(nq_ledger_verdict(l, b)->checked, "agrees:1");
	v = nq_ledger_verdict(l, p[1]);
	assert_int_equal(v->status, NQ_ST_OK);
	assert_string_equal(v->checked, "agrees:1");
	nq_ledger_free(l);
}

static void parts_twice_and_repeats(void **state)
{
	nq_ledger *l = nq_ledger_new();
	long a[3], r2;
	const nq_verdict *v;

	(void)state;
	/* part 1 of repeat 1 twice, two counts: nothing says which */
	a[0] = add_part(l, 8, 0, 2, "a", 1, 40, NQ_UNIQUE_NA);
	a[1] = add_part(l, 8, 1, 2, "a", 1, 52, NQ_UNIQUE_NA);
	a[2] = add_part(l, 8, 1, 2, "a", 1, 50, NQ_UNIQUE_NA);
	/* repeat 2 is a count of its own, not complete */
	r2 = add_part(l, 8, 0, 2, "a", 2, 40, NQ_UNIQUE_NA);
	assert_int_equal(nq_ledger_close_parts(l), 0);
	for (int i = 0; i < 3; i++) {
		v = nq_ledger_verdict(l, a[i]);
		assert_int_equal(v->status, NQ_ST_DISPUTED);
		assert_non_null(strstr(v->note, "answered twice with "
				       "different counts in repeat 1"));
	}
	v = nq_ledger_verdict(l, r2);
	assert_int_equal(v->status, NQ_ST_OK);
	assert_string_equal(v->checked, "none");
	assert_non_null(strstr(v->note, "1 not answered yet"));
	nq_ledger_free(l);
}

/* symmetry's parts carry unique counts: their sum is held to A002562 */
static void parts_unique_summed(void **state)
{
	nq_ledger *l = nq_ledger_new();
	long a, b;
	const nq_verdict *v;

	(void)state;
	a = add_part(l, 8, 0, 2, "good", 1, 60, 8);
	add_part(l, 8, 1, 2, "good", 1, 32, 4);
	b = add_part(l, 8, 0, 2, "bad", 1, 60, 8);
	add_part(l, 8, 1, 2, "bad", 1, 32, 5);
	assert_int_equal(nq_ledger_close_parts(l), 0);
	assert_int_equal(nq_ledger_verdict(l, a)->status, NQ_ST_OK);
	v = nq_ledger_verdict(l, b);
	assert_int_equal(v->status, NQ_ST_WRONG);
	assert_non_null(strstr(v->note, "13"));
	nq_ledger_free(l);
}

/* A part's own unique count, and its count, against the whole board
 * (issue 29): a false unique in one part is caught even when the other
 * parts give none, so the sum has none to hold to A002562. */
static void parts_checked_alone(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_instance whole = inst(12, NQ_MODE_COUNT, NULL, 0);
	nq_result r = answer(14200, NULL);
	long a[3], b, c;
	const nq_verdict *v;

	(void)state;
	/* n = 12 has 1787 classes: part 1 claims 1792, said at once */
	a[0] = add_part(l, 12, 0, 3, "liar", 1, 4663, 1792);
	v = nq_ledger_verdict(l, a[0]);
	assert_int_equal(v->status, NQ_ST_WRONG);
	assert_string_equal(v->checked, "oeis");
	assert_non_null(strstr(v->note, "part 1 of 3 counted 1792 placements "
			       "up to symmetry, more than the whole board has "
			       "(1787, per OEIS A002562)"));
	/* its group is wrong, incomplete or not, the others giving none */
	a[1] = add_part(l, 12, 1, 3, "liar", 1, 4874, NQ_UNIQUE_NA);
	assert_int_equal(nq_ledger_verdict(l, a[1])->status, NQ_ST_WRONG);
	a[2] = add_part(l, 12, 2, 3, "liar", 1, 4663, NQ_UNIQUE_NA);
	b = nq_ledger_add(l, &whole, "honest", &r);
	assert_int_equal(nq_ledger_close_parts(l), 0);
	for (int i = 0; i < 3; i++) {
		v = nq_ledger_verdict(l, a[i]);
		assert_int_equal(v->status, NQ_ST_WRONG);
		assert_string_equal(v->checked, "oeis");
		assert_non_null(strstr(v->note, "1792"));
	}
	assert_non_null(strstr(nq_ledger_verdict(l, a[2])->note,
			       "another part of this count is wrong"));
	/* the sum is the liar's answer to the board, and wrong: its word
	 * is lost there, and the honest count stands on the table */
	v = nq_ledger_verdict(l, b);
	assert_int_equal(v->status, NQ_ST_OK);
	assert_string_equal(v->checked, "oeis");
	nq_ledger_free(l);

	/* more classes than placements, where no table decides (n = 30) */
	l = nq_ledger_new();
	a[0] = add_part(l, 30, 0, 2, "p", 1, 600, 601);
	a[1] = add_part(l, 30, 1, 2, "p", 1, 400, NQ_UNIQUE_NA);
	assert_int_equal(nq_ledger_close_parts(l), 0);
	v = nq_ledger_verdict(l, a[0]);
	assert_int_equal(v->status, NQ_ST_WRONG);
	assert_string_equal(v->checked, "plausible");
	assert_non_null(strstr(v->note, "601 placements up to symmetry but "
			       "only 600"));
	assert_int_equal(nq_ledger_verdict(l, a[1])->status, NQ_ST_WRONG);
	/* a part's count above the whole board's, before the rest is in */
	c = add_part(l, 8, 1, 4, "q", 1, 93, NQ_UNIQUE_NA);
	v = nq_ledger_verdict(l, c);
	assert_int_equal(v->status, NQ_ST_WRONG);
	assert_non_null(strstr(v->note, "part 2 of 4 counted 93, more than "
			       "the whole board has (92, per OEIS A000170)"));
	nq_ledger_free(l);
}

/* Some parts give a unique count, others none: what they give together
 * is held to A002562, and a note says the rest is held to bounds only. */
static void parts_unique_some(void **state)
{
	nq_ledger *l = nq_ledger_new();
	long a[3], b[3];
	const nq_verdict *v;

	(void)state;
	/* 900 + 900 > 1787, each under its own count */
	a[0] = add_part(l, 12, 0, 3, "two", 1, 4663, 900);
	a[1] = add_part(l, 12, 1, 3, "two", 1, 4874, 900);
	assert_int_equal(nq_ledger_verdict(l, a[1])->status, NQ_ST_OK);
	a[2] = add_part(l, 12, 2, 3, "two", 1, 4663, NQ_UNIQUE_NA);
	b[2] = add_part(l, 12, 2, 3, "one", 1, 4663, NQ_UNIQUE_NA);
	b[0] = add_part(l, 12, 0, 3, "one", 1, 4663, 500);
	b[1] = add_part(l, 12, 1, 3, "one", 1, 4874, NQ_UNIQUE_NA);
	assert_int_equal(nq_ledger_close_parts(l), 0);
	for (int i = 0; i < 3; i++) {
		v = nq_ledger_verdict(l, a[i]);
		assert_int_equal(v->status, NQ_ST_WRONG);
		assert_string_equal(v->checked, "oeis");
		assert_non_null(strstr(v->note, "2 of the 3 parts counted 1800 "
				       "placements up to symmetry together"));
		v = nq_ledger_verdict(l, b[i]);
		assert_int_equal(v->status, NQ_ST_OK);
		assert_string_equal(v->checked, "oeis");
		assert_non_null(strstr(v->note, "1 of them counted up to "
				       "symmetry (500 together), the others "
				       "did not"));
	}
	nq_ledger_free(l);
}

/* ---- a lost word (issue 19): its answers are no evidence ---- */

/* Answers to one instance, added in order (rev 0) or backwards. */
struct step {
	const char *who;
	const nq_instance *in;
	nq_result r;
};

static void add_steps(nq_ledger *l, const struct step *s, int k, int rev,
		      long *id)
{
	int i, j;

	for (i = 0; i < k; i++) {
		j = rev ? k - 1 - i : i;
		id[j] = nq_ledger_add(l, s[j].in, s[j].who, &s[j].r);
		assert_true(id[j] >= 0);
	}
}

/* Two approaches that lost their word (a queen off the board) count n =
 * 28 as 1028 and 2028: neither checks the other. */
static void lost_words_check_nothing(void **state)
{
	nq_instance first = inst(28, NQ_MODE_FIRST, NULL, 0);
	nq_instance count = inst(28, NQ_MODE_COUNT, NULL, 0);
	int32_t off[28] = { 28 };
	struct step s[4] = {
		{ "a", &first, answer(1, off) },
		{ "a", &count, answer(1028, NULL) },
		{ "b", &first, answer(1, off) },
		{ "b", &count, answer(2028, NULL) },
	};
	long id[4];
	int rev;

	(void)state;
	for (rev = 0; rev < 2; rev++) {
		nq_ledger *l = nq_ledger_new();
		const nq_verdict *v;

		add_steps(l, s, 4, rev, id);
		assert_int_equal(nq_ledger_verdict(l, id[0])->status,
				 NQ_ST_WRONG);
		for (int i = 1; i < 4; i += 2) {
			v = nq_ledger_verdict(l, id[i]);
			assert_int_equal(v->status, NQ_ST_DISPUTED);
			assert_string_equal(v->checked, "none");
			assert_non_null(strstr(v->note, "its word is lost"));
			assert_null(strstr(v->note, "no other approach gave"));
		}
		assert_non_null(strstr(nq_ledger_verdict(l, id[1])->note,
				       "b says 2028"));
		nq_ledger_free(l);
	}
	/* alone, a lost word's count is no more ok */
	{
		nq_ledger *l = nq_ledger_new();

		add_steps(l, s, 2, 1, id);
		assert_int_equal(nq_ledger_verdict(l, id[1])->status,
				 NQ_ST_DISPUTED);
		nq_ledger_free(l);
	}
}

/* A lost word's right count beside a wrong one: neither is ok, the
 * right one is not wrong. And what is proved is proved, lost word or
 * not. */
static void lost_word_makes_nothing_wrong(void **state)
{
	nq_square h[2] = { { 0, 1 }, { 1, 4 } };
	nq_instance first = inst(14, NQ_MODE_FIRST, h, 2);
	nq_instance count = inst(14, NQ_MODE_COUNT, h, 2);
	int32_t off[14] = { 1, 4, 14 };
	struct step s[4] = {
		{ "lost", &first, answer(1, off) },
		{ "lost", &count, answer(1610, NULL) },
		{ "other", &count, answer(1612, NULL) },
		{ "honest", &count, answer(1610, NULL) },
	};
	nq_instance f10 = inst(10, NQ_MODE_FIRST, NULL, 0);
	nq_instance c10 = inst(10, NQ_MODE_COUNT, NULL, 0);
	int32_t off10[10] = { 10 };
	struct step p[3] = {
		{ "lost", &f10, answer(1, off10) },
		{ "lost", &c10, answer(724, NULL) },
		{ "lost2", &c10, answer(726, NULL) },
	};
	long id[4];
	int rev;

	(void)state;
	for (rev = 0; rev < 2; rev++) {
		nq_ledger *l = nq_ledger_new();
		const nq_verdict *v;

		add_steps(l, s, 3, rev, id);
		v = nq_ledger_verdict(l, id[1]);
		assert_int_equal(v->status, NQ_ST_DISPUTED);
		assert_non_null(strstr(v->note, "its word is lost"));
		assert_non_null(strstr(v->note, "other says 1612"));
		v = nq_ledger_verdict(l, id[2]);
		assert_int_equal(v->status, NQ_ST_DISPUTED);
		assert_non_null(strstr(v->note, "lost says 1610"));
		nq_ledger_free(l);

		/* with an honest third: still no one wrong, no one ok */
		l = nq_ledger_new();
		add_steps(l, s, 4, rev, id);
		for (int i = 1; i < 4; i++)
			assert_int_equal(nq_ledger_verdict(l, id[i])->status,
					 NQ_ST_DISPUTED);
		nq_ledger_free(l);

		/* what is proved decides, lost word or not */
		l = nq_ledger_new();
		add_steps(l, p, 3, rev, id);
		v = nq_ledger_verdict(l, id[1]);
		assert_int_equal(v->status, NQ_ST_OK);
		assert_string_equal(v->checked, "oeis");
		assert_int_equal(nq_ledger_verdict(l, id[2])->status,
				 NQ_ST_WRONG);
		nq_ledger_free(l);
	}
}

/* A lost word confirms nothing and is confirmed by a live answer; its
 * dissent does not undo a live agreement. */
static void lost_word_beside_agreement(void **state)
{
	nq_square h[2] = { { 0, 1 }, { 1, 4 } };
	nq_instance first = inst(14, NQ_MODE_FIRST, h, 2);
	nq_instance count = inst(14, NQ_MODE_COUNT, h, 2);
	int32_t off[14] = { 1, 4, 14 };
	struct step s[4] = {
		{ "lost", &first, answer(1, off) },
		{ "lost", &count, answer(1610, NULL) },
		{ "x", &count, answer(1610, NULL) },
		{ "y", &count, answer(1610, NULL) },
	};
	long id[4];
	int rev;

	(void)state;
	for (rev = 0; rev < 2; rev++) {
		nq_ledger *l = nq_ledger_new();
		const nq_verdict *v;

		add_steps(l, s, 3, rev, id);
		v = nq_ledger_verdict(l, id[2]); /* x: nothing checked it */
		assert_int_equal(v->status, NQ_ST_OK);
		assert_string_equal(v->checked, "none");
		assert_null(strstr(v->note, "no other approach gave"));
		assert_non_null(strstr(v->note, "lost their word"));
		v = nq_ledger_verdict(l, id[1]); /* lost: x checked it */
		assert_int_equal(v->status, NQ_ST_OK);
		assert_string_equal(v->checked, "agrees:1");
		nq_ledger_free(l);

		/* x and y agree; lost says otherwise: x, y ok, lost disputed */
		s[1].r = answer(1612, NULL);
		l = nq_ledger_new();
		add_steps(l, s, 4, rev, id);
		assert_int_equal(nq_ledger_verdict(l, id[1])->status,
				 NQ_ST_DISPUTED);
		assert_int_equal(nq_ledger_verdict(l, id[2])->status, NQ_ST_OK);
		assert_string_equal(nq_ledger_verdict(l, id[3])->checked,
				    "agrees:1");
		nq_ledger_free(l);
		s[1].r = answer(1610, NULL);
	}
}

/* A count in parts where one part lies (+2) and another gave no answer:
 * incomplete, and it says so, whatever the order. */
static void parts_incomplete(void **state)
{
	nq_instance in = inst(10, NQ_MODE_COUNT, NULL, 0);
	int rev;

	(void)state;
	in.parts = 3;
	for (rev = 0; rev < 2; rev++) {
		nq_ledger *l = nq_ledger_new();
		long a, b;
		const nq_verdict *v;

		if (rev) {
			in.part = 2;
			assert_int_equal(nq_ledger_part_unanswered(l, &in,
					 "liar", 1, NQ_ST_CRASH), 0);
		}
		a = add_part(l, 10, 0, 3, "liar", 1, 302, NQ_UNIQUE_NA);
		b = add_part(l, 10, 1, 3, "liar", 1, 200, NQ_UNIQUE_NA);
		if (!rev) {
			in.part = 2;
			assert_int_equal(nq_ledger_part_unanswered(l, &in,
					 "liar", 1, NQ_ST_CRASH), 0);
		}
		assert_int_equal(nq_ledger_close_parts(l), 0);
		v = nq_ledger_verdict(l, a);
		assert_int_equal(v->status, NQ_ST_DISPUTED);
		assert_string_equal(v->checked, "none");
		assert_non_null(strstr(v->note, "incomplete"));
		assert_non_null(strstr(v->note, "part 3 of 3 gave no answer "
				       "(crash)"));
		assert_int_equal(nq_ledger_verdict(l, b)->status,
				 NQ_ST_DISPUTED);
		/* the part made again: the sum is checked after all */
		add_part(l, 10, 2, 3, "liar", 1, 224, NQ_UNIQUE_NA);
		assert_int_equal(nq_ledger_close_parts(l), 0);
		v = nq_ledger_verdict(l, a);
		assert_int_equal(v->status, NQ_ST_WRONG);
		assert_non_null(strstr(v->note, "sum to 726"));
		nq_ledger_free(l);
	}
}

int main(int argc, char **argv)
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
		cmocka_unit_test(recorded_valid_placement),
		cmocka_unit_test(recorded_invalid_placement),
		cmocka_unit_test(recorded_unknown_placement),
		cmocka_unit_test(many_answers),
		cmocka_unit_test(random_orders),
		cmocka_unit_test(parts_sum_to_the_whole),
		cmocka_unit_test(a_lying_part_blames_its_own),
		cmocka_unit_test(parts_where_no_table_decides),
		cmocka_unit_test(parts_twice_and_repeats),
		cmocka_unit_test(parts_unique_summed),
		cmocka_unit_test(parts_checked_alone),
		cmocka_unit_test(parts_unique_some),
		cmocka_unit_test(lost_words_check_nothing),
		cmocka_unit_test(lost_word_makes_nothing_wrong),
		cmocka_unit_test(lost_word_beside_agreement),
		cmocka_unit_test(parts_incomplete),
		cmocka_unit_test(row_note_keeps_the_verdict),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
