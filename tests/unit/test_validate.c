/* test_validate.c - the validator: placements, counts, claims of none,
 * and the cross-checks between approaches. */
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

static void counts_against_oeis(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_instance in = inst(10, NQ_MODE_COUNT, NULL, 0);
	nq_result r = answer(724, NULL);
	char why[256];

	(void)state;
	assert_int_equal(nq_validate(l, &in, "a", &r, why, sizeof why), 0);
	r.solutions = 725;
	assert_int_equal(nq_validate(l, &in, "b", &r, why, sizeof why), -1);
	assert_non_null(strstr(why, "counted 725, expected 724 (per OEIS A000170)"));
	nq_ledger_free(l);
}

static void unique_against_oeis(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_instance in = inst(8, NQ_MODE_COUNT, NULL, 0);
	nq_square h = { 0, 0 };
	nq_instance hinted = inst(8, NQ_MODE_COUNT, &h, 1);
	nq_result r = answer(92, NULL);
	char why[256];
	uint64_t u;

	(void)state;
	assert_int_equal(nq_known_unique(8, &u), 0);
	assert_int_equal(u, 12);
	r.unique = 12;
	assert_int_equal(nq_validate(l, &in, "a", &r, why, sizeof why), 0);
	r.unique = 11;
	assert_int_equal(nq_validate(l, &in, "b", &r, why, sizeof why), -1);
	assert_non_null(strstr(why, "expected 12 (per OEIS A002562)"));
	r.solutions = 4;
	r.unique = 1;
	assert_int_equal(nq_validate(l, &hinted, "c", &r, why, sizeof why), -1);
	nq_ledger_free(l);
}

static void none_claims(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_instance three = inst(3, NQ_MODE_FIRST, NULL, 0);
	nq_instance eight8 = inst(8, NQ_MODE_FIRST, NULL, 0);
	nq_result none = answer(0, NULL);
	char why[256];

	(void)state;
	assert_int_equal(nq_validate(l, &three, "a", &none, why, sizeof why), 0);
	assert_int_equal(nq_validate(l, &eight8, "a", &none, why, sizeof why), -1);
	assert_non_null(strstr(why, "claims no placement exists"));
	nq_ledger_free(l);
}

static void first_mode_placement_checked(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_instance in = inst(8, NQ_MODE_FIRST, NULL, 0);
	int32_t q[8];
	nq_result r;
	char why[256];

	(void)state;
	memcpy(q, eight, sizeof q);
	r = answer(1, q);
	assert_int_equal(nq_validate(l, &in, "a", &r, why, sizeof why), 0);
	q[0] = q[1];
	assert_int_equal(nq_validate(l, &in, "b", &r, why, sizeof why), -1);
	r = answer(2, q);
	assert_int_equal(nq_validate(l, &in, "c", &r, why, sizeof why), -1);
	assert_non_null(strstr(why, "expected 1 or 0"));
	nq_ledger_free(l);
}

/* With hints there is no table: approaches are held to each other. */
static void cross_checks_with_hints(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_square h = { 0, 0 };
	nq_instance count = inst(8, NQ_MODE_COUNT, &h, 1);
	nq_instance first = inst(8, NQ_MODE_FIRST, &h, 1);
	nq_result r = answer(4, NULL);
	nq_result none = answer(0, NULL);
	char why[256];

	(void)state;
	assert_int_equal(nq_validate(l, &count, "a", &r, why, sizeof why), 0);
	r.solutions = 5;
	assert_int_equal(nq_validate(l, &count, "b", &r, why, sizeof why), -1);
	assert_non_null(strstr(why, "expected 4 (per a)"));
	/* a count of 4 means a placement exists: a claim of none is wrong */
	assert_int_equal(nq_validate(l, &first, "c", &none, why, sizeof why), -1);
	assert_non_null(strstr(why, "but one does (per a)"));
	nq_ledger_free(l);
}

/* A claim of none accepted first is proved wrong by a later placement. */
static void placement_overturns_none(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_square h = { 0, 0 };
	nq_instance first = inst(8, NQ_MODE_FIRST, &h, 1);
	int32_t q[8];
	nq_result none = answer(0, NULL), r;
	char why[256];

	(void)state;
	memcpy(q, eight, sizeof q);
	r = answer(1, q);
	assert_int_equal(nq_validate(l, &first, "liar", &none, why, sizeof why), 0);
	assert_int_equal(nq_validate(l, &first, "honest", &r, why, sizeof why), 1);
	assert_non_null(strstr(why, "proves liar wrong"));
	nq_ledger_free(l);
}

/* Hint sets with the same squares in another order are one instance. */
static void hint_order_does_not_matter(void **state)
{
	nq_ledger *l = nq_ledger_new();
	nq_square h1[2] = { { 0, 0 }, { 1, 2 } }, h2[2] = { { 1, 2 }, { 0, 0 } };
	nq_instance a = inst(8, NQ_MODE_COUNT, h1, 2);
	nq_instance b = inst(8, NQ_MODE_COUNT, h2, 2);
	nq_result r = answer(1, NULL);
	char why[256];

	(void)state;
	assert_int_equal(nq_validate(l, &a, "a", &r, why, sizeof why), 0);
	r.solutions = 3;
	assert_int_equal(nq_validate(l, &b, "b", &r, why, sizeof why), -1);
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
		cmocka_unit_test(cross_checks_with_hints),
		cmocka_unit_test(placement_overturns_none),
		cmocka_unit_test(hint_order_does_not_matter),
		cmocka_unit_test(hint_sets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
