/* test_variants.c - the validator on the NP-complete variants (issue
 * 12): blocked squares and excluded lines. nq_reference_count and
 * nq_check_placement are held against a brute force over every
 * permutation and a plain checker written here, on about a thousand
 * random small instances of each family (hints only, blocked only,
 * excluded only, mixed); the mirror rule on symmetric instances; the
 * ledger's instance identity; nq_check_instance. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "instance.h"
#include "verdicts.h"
#include "validate.h"

#define MAXN 8
#define PER_FAMILY 1000
#define BIG 13 /* past the own count: the ledger's mirror rule */

struct rnd {
	uint64_t s;
};

static uint32_t next(struct rnd *r)
{
	r->s ^= r->s << 13;
	r->s ^= r->s >> 7;
	r->s ^= r->s << 17;
	return (uint32_t)(r->s >> 11);
}

/* One random instance with its own storage. */
struct inst {
	nq_instance in;
	nq_square hints[BIG], blocked[BIG * BIG];
	int diag[2 * BIG], anti[2 * BIG];
};

enum family { HINTS, BLOCKED, EXCLUDED, MIXED };

/* The plain checker: q[] is n queens, one per row, no two on a column or
 * diagonal, every hint kept, none on a blocked square or excluded line.
 * Lines by their definition in include/nq_plugin.h. */
static int plain_ok(const nq_instance *in, const int32_t *q)
{
	int n = in->n, r, s, i;

	for (r = 0; r < n; r++) {
		if (q[r] < 0 || q[r] >= n)
			return 0;
		for (s = 0; s < r; s++)
			if (q[s] == q[r] || abs(q[s] - q[r]) == r - s)
				return 0;
		for (i = 0; i < in->nblocked; i++)
			if (in->blocked[i].row == r && in->blocked[i].col == q[r])
				return 0;
		for (i = 0; i < in->nexcl_diag; i++)
			if (in->excl_diag[i] == q[r] - r + n - 1)
				return 0;
		for (i = 0; i < in->nexcl_anti; i++)
			if (in->excl_anti[i] == r + q[r])
				return 0;
	}
	for (i = 0; i < in->nhints; i++)
		if (q[in->hints[i].row] != in->hints[i].col)
			return 0;
	return 1;
}

/* Every permutation of 0..n-1 (Heap's algorithm, iterative), counted
 * when plain_ok. */
static uint64_t brute(const nq_instance *in)
{
	int32_t q[MAXN] = { 0 };
	int c[MAXN] = { 0 }, n = in->n, i = 1;
	uint64_t total;

	for (int k = 0; k < n; k++)
		q[k] = k;
	total = (uint64_t)plain_ok(in, q);
	while (i < n) {
		if (c[i] < i) {
			int j = i % 2 ? c[i] : 0, t = q[j];

			q[j] = q[i];
			q[i] = t;
			total += (uint64_t)plain_ok(in, q);
			c[i]++;
			i = 1;
		} else {
			c[i++] = 0;
		}
	}
	return total;
}

static int has_square(const nq_square *v, int k, int r, int c)
{
	for (int i = 0; i < k; i++)
		if (v[i].row == r && v[i].col == c)
			return 1;
	return 0;
}

static int has_int(const int *v, int k, int x)
{
	for (int i = 0; i < k; i++)
		if (v[i] == x)
			return 1;
	return 0;
}

/* A random instance of the family, as the loader guarantees them: hints
 * not attacking, nothing listed twice, no hint on a blocked square or an
 * excluded line. */
static void make_n(struct rnd *r, enum family fam, struct inst *t, int n)
{
	int k, i;

	memset(t, 0, sizeof *t);
	t->in.n = n;
	t->in.mode = NQ_MODE_COUNT;
	if (fam == HINTS || fam == MIXED) {
		k = (int)(next(r) % 3);
		for (i = 0; i < k * 4 && t->in.nhints < k; i++) {
			nq_square h = { (int)(next(r) % (unsigned)n),
					(int)(next(r) % (unsigned)n) };
			int ok = 1;

			for (int j = 0; j < t->in.nhints; j++)
				ok &= !nq_shared_line(t->hints[j], h) &&
				      !(t->hints[j].row == h.row &&
					t->hints[j].col == h.col);
			if (ok)
				t->hints[t->in.nhints++] = h;
		}
	}
	if (fam == BLOCKED || fam == MIXED) {
		k = (int)(next(r) % (unsigned)(n * n / 2 + 1));
		for (i = 0; i < k; i++) {
			int row = (int)(next(r) % (unsigned)n);
			int col = (int)(next(r) % (unsigned)n);

			if (has_square(t->blocked, t->in.nblocked, row, col) ||
			    has_square(t->hints, t->in.nhints, row, col))
				continue;
			t->blocked[t->in.nblocked].row = row;
			t->blocked[t->in.nblocked++].col = col;
		}
	}
	if (fam == EXCLUDED || fam == MIXED) {
		k = (int)(next(r) % (unsigned)(n + 1));
		for (i = 0; i < k; i++) {
			int line = (int)(next(r) % (unsigned)(2 * n - 1));
			int anti = (int)(next(r) % 2), bad = 0;

			for (int j = 0; j < t->in.nhints; j++)
				bad |= line == (anti ? t->hints[j].row +
						t->hints[j].col
						: t->hints[j].col -
						t->hints[j].row + n - 1);
			if (bad)
				continue;
			if (anti && !has_int(t->anti, t->in.nexcl_anti, line))
				t->anti[t->in.nexcl_anti++] = line;
			else if (!anti &&
				 !has_int(t->diag, t->in.nexcl_diag, line))
				t->diag[t->in.nexcl_diag++] = line;
		}
	}
	t->in.hints = t->hints;
	t->in.blocked = t->blocked;
	t->in.excl_diag = t->diag;
	t->in.excl_anti = t->anti;
}

static void make(struct rnd *r, enum family fam, struct inst *t)
{
	make_n(r, fam, t, 1 + (int)(next(r) % MAXN));
}

static void family(enum family fam, uint64_t seed)
{
	struct rnd r = { seed };
	struct inst t;
	char why[200];
	int i, k;

	for (i = 0; i < PER_FAMILY; i++) {
		uint64_t want, got;

		make(&r, fam, &t);
		assert_int_equal(nq_check_instance(&t.in, why, sizeof why), 0);
		want = brute(&t.in);
		assert_int_equal(nq_reference_count(&t.in, &got), 0);
		if (got != want)
			fail_msg("family %d, instance %d (n=%d): own count "
				 "%llu, brute force %llu", fam, i, t.in.n,
				 (unsigned long long)got,
				 (unsigned long long)want);
		/* the placement check against the plain one: random
		 * permutations and random arrays, most of them wrong */
		for (k = 0; k < 40; k++) {
			int32_t q[MAXN];
			int n = t.in.n;

			for (int j = 0; j < n; j++)
				q[j] = j;
			for (int j = n - 1; j > 0; j--) {
				int s = (int)(next(&r) % (unsigned)(j + 1));
				int32_t x = q[j];

				q[j] = q[s];
				q[s] = x;
			}
			if (k % 4 == 3)
				for (int j = 0; j < n; j++)
					q[j] = (int32_t)(next(&r) %
							 (unsigned)(n + 1)) - (k % 8 == 7);
			assert_int_equal(nq_check_placement(&t.in, q, why,
							    sizeof why) == 0,
					 plain_ok(&t.in, q));
		}
	}
}

static void family_hints(void **state)
{
	(void)state;
	family(HINTS, 0x9e3779b97f4a7c15ULL);
}

static void family_blocked(void **state)
{
	(void)state;
	family(BLOCKED, 0xd1b54a32d192ed03ULL);
}

static void family_excluded(void **state)
{
	(void)state;
	family(EXCLUDED, 0x8cb92ba72f3d8dd7ULL);
}

static void family_mixed(void **state)
{
	(void)state;
	family(MIXED, 0x2545f4914f6cdd1dULL);
}

/* The messages name the square and the line, 1-based. */
static void placement_messages(void **state)
{
	static const int32_t eight[8] = { 0, 4, 7, 5, 2, 6, 1, 3 };
	nq_square b = { 2, 7 };         /* 3:8 holds a queen above */
	int d = 7 - 2 + 7;              /* the diagonal of 3:8: 13 1-based */
	int a = 1 + 4;                  /* the antidiagonal of 2:5: 6 1-based */
	nq_instance in = { .n = 8, .mode = NQ_MODE_FIRST };
	char why[200];

	(void)state;
	assert_int_equal(nq_check_placement(&in, eight, why, sizeof why), 0);
	in.nblocked = 1;
	in.blocked = &b;
	assert_int_equal(nq_check_placement(&in, eight, why, sizeof why), -1);
	assert_string_equal(why, "the queen at 3:8 stands on a blocked square");
	in.nblocked = 0;
	in.nexcl_diag = 1;
	in.excl_diag = &d;
	assert_int_equal(nq_check_placement(&in, eight, why, sizeof why), -1);
	assert_string_equal(why, "the queen at 3:8 stands on excluded "
			    "diagonal 13 (1-based)");
	in.nexcl_diag = 0;
	in.nexcl_anti = 1;
	in.excl_anti = &a;
	assert_int_equal(nq_check_placement(&in, eight, why, sizeof why), -1);
	assert_string_equal(why, "the queen at 2:5 stands on excluded "
			    "antidiagonal 6 (1-based)");
}

/* Mirror images: left to right takes diagonal d to antidiagonal
 * 2n-2-d; top to bottom takes d to antidiagonal d. An instance made
 * symmetric so has an even count (n >= 2), which the brute force
 * confirms, and the ledger then finds an odd count implausible beyond
 * the validator's own count (n = 13). */
static void symmetrize(struct inst *t, int flip)
{
	int n = t->in.n, k = t->in.nblocked, i;

	for (i = 0; i < k; i++) {
		nq_square m = t->blocked[i];

		if (flip)
			m.row = n - 1 - m.row;
		else
			m.col = n - 1 - m.col;
		if (!has_square(t->blocked, t->in.nblocked, m.row, m.col))
			t->blocked[t->in.nblocked++] = m;
	}
	/* the lines: one set, both kinds */
	for (i = 0; i < t->in.nexcl_diag; i++) {
		int x = flip ? t->diag[i] : 2 * n - 2 - t->diag[i];

		if (!has_int(t->anti, t->in.nexcl_anti, x))
			t->anti[t->in.nexcl_anti++] = x;
	}
	for (i = 0; i < t->in.nexcl_anti; i++) {
		int x = flip ? t->anti[i] : 2 * n - 2 - t->anti[i];

		if (!has_int(t->diag, t->in.nexcl_diag, x))
			t->diag[t->in.nexcl_diag++] = x;
	}
}

static void mirror_rule(void **state)
{
	struct rnd r = { 77 };
	struct inst t;
	int i, odd_seen = 0, nonzero = 0;

	(void)state;
	for (i = 0; i < 400; i++) {
		uint64_t c;

		/* blocked squares and lines together, so that only the
		 * right mirror of both keeps the count even */
		make(&r, MIXED, &t);
		if (t.in.n < 2)
			continue;
		t.in.nhints = 0;
		if (t.in.nblocked > t.in.n / 2)
			t.in.nblocked = t.in.n / 2;
		if (brute(&t.in) % 2)
			odd_seen++;
		/* a line or two, so that many keep some placements */
		if (t.in.nexcl_diag > 1)
			t.in.nexcl_diag = 1;
		if (t.in.nexcl_anti > 1)
			t.in.nexcl_anti = 1;
		symmetrize(&t, i % 4 >= 2);
		c = brute(&t.in);
		nonzero += c > 0;
		if (c % 2)
			fail_msg("instance %d (n=%d, flip %d): symmetric, yet "
				 "%llu placements", i, t.in.n, i % 4 >= 2,
				 (unsigned long long)c);
	}
	/* the rule is not empty: asymmetric instances do have odd counts,
	 * and many symmetric ones have placements */
	printf("mirror rule: %d asymmetric instances with an odd count, %d "
	       "symmetric ones with placements\n", odd_seen, nonzero);
	assert_true(odd_seen > 0);
	assert_true(nonzero > 50);
}

static nq_result answer(uint64_t solutions)
{
	nq_result res;

	memset(&res, 0, sizeof res);
	res.unique = NQ_UNIQUE_NA;
	res.solutions = solutions;
	return res;
}

static void mirror_rule_in_ledger(void **state)
{
	/* n = 13: past the own count; diagonal 3 and its left-right
	 * image, antidiagonal 2n-2-3 = 21 (0-based) */
	int d = 3, a = 21, a_wrong = 20;
	nq_square b[2] = { { 0, 1 }, { 0, 11 } };
	nq_instance in = { .n = 13, .mode = NQ_MODE_COUNT, .nblocked = 2,
			   .blocked = b, .nexcl_diag = 1, .excl_diag = &d,
			   .nexcl_anti = 1, .excl_anti = &a };
	nq_ledger *l = nq_ledger_new();
	nq_result res = answer(1001);
	long id;

	(void)state;
	id = nq_ledger_add(l, &in, "x", &res);
	assert_int_equal(nq_ledger_verdict(l, id)->status, NQ_ST_WRONG);
	assert_string_equal(nq_ledger_verdict(l, id)->checked, "plausible");
	/* not symmetric: an odd count is no proof of anything */
	in.excl_anti = &a_wrong;
	id = nq_ledger_add(l, &in, "x", &res);
	assert_int_equal(nq_ledger_verdict(l, id)->status, NQ_ST_OK);
	/* the upper bound still holds: at most A000170(13) */
	res = answer(73714);
	id = nq_ledger_add(l, &in, "y", &res);
	assert_int_equal(nq_ledger_verdict(l, id)->status, NQ_ST_WRONG);
	nq_ledger_free(l);
}

/* The ledger finds the symmetry itself: random instances at n = 13 made
 * symmetric under either mirror, where an odd count is wrong. */
static void mirror_rule_random(void **state)
{
	struct rnd r = { 4242 };
	struct inst t;
	int i;

	(void)state;
	for (i = 0; i < 200; i++) {
		nq_ledger *l = nq_ledger_new();
		nq_result res = answer(2 * (uint64_t)i + 1);
		long id;

		make_n(&r, MIXED, &t, BIG);
		t.in.nhints = 0;
		if (t.in.nblocked > BIG)
			t.in.nblocked = BIG;
		symmetrize(&t, i % 2);
		id = nq_ledger_add(l, &t.in, "x", &res);
		if (nq_ledger_verdict(l, id)->status != NQ_ST_WRONG)
			fail_msg("instance %d (flip %d): an odd count passed "
				 "on a symmetric instance", i, i % 2);
		nq_ledger_free(l);
	}
}

/* An instance with blocked squares is another instance: no OEIS, no
 * dispute with the plain board's answers, and the known-existence facts
 * do not apply. */
static void identity(void **state)
{
	nq_square b = { 0, 0 };
	int d = 0;
	nq_instance plain = { .n = 20, .mode = NQ_MODE_COUNT };
	nq_instance blocked = plain, excluded = plain;
	nq_ledger *l = nq_ledger_new();
	nq_result res;
	long id;

	(void)state;
	blocked.nblocked = 1;
	blocked.blocked = &b;
	excluded.nexcl_diag = 1;
	excluded.excl_diag = &d;
	res = answer(39029188884ULL);
	id = nq_ledger_add(l, &plain, "a", &res);
	assert_string_equal(nq_ledger_verdict(l, id)->checked, "oeis");
	res = answer(39029188884ULL - 2);
	id = nq_ledger_add(l, &blocked, "a", &res);
	assert_int_equal(nq_ledger_verdict(l, id)->status, NQ_ST_OK);
	assert_string_equal(nq_ledger_verdict(l, id)->checked, "none");
	res = answer(39029188884ULL - 4);
	id = nq_ledger_add(l, &excluded, "a", &res);
	assert_int_equal(nq_ledger_verdict(l, id)->status, NQ_ST_OK);
	/* the same blocked instance again, from another approach, differs */
	res = answer(39029188884ULL - 6);
	id = nq_ledger_add(l, &blocked, "b", &res);
	assert_int_equal(nq_ledger_verdict(l, id)->status, NQ_ST_DISPUTED);
	/* a claim of none on a blocked board: not known wrong */
	blocked.mode = NQ_MODE_FIRST;
	res = answer(0);
	id = nq_ledger_add(l, &blocked, "c", &res);
	assert_int_not_equal(nq_ledger_verdict(l, id)->status, NQ_ST_OK);
	nq_ledger_free(l);
}

static void check_instance(void **state)
{
	nq_square h = { 1, 2 }, b[2] = { { 1, 2 }, { 0, 0 } };
	int d[2] = { 5, 5 }, a = 3;
	nq_instance in = { .n = 5, .mode = NQ_MODE_FIRST, .nhints = 1,
			   .hints = &h };
	char why[200];

	(void)state;
	assert_int_equal(nq_check_instance(&in, why, sizeof why), 0);
	in.nblocked = 2;
	in.blocked = b;
	assert_int_equal(nq_check_instance(&in, why, sizeof why), -1);
	assert_string_equal(why, "pre-placed queen 2:3 stands on a blocked "
			    "square");
	b[0].row = 0;
	b[0].col = 0;
	assert_int_equal(nq_check_instance(&in, why, sizeof why), -1);
	assert_string_equal(why, "blocked square 1:1 is listed twice");
	b[0].row = 7;
	assert_int_equal(nq_check_instance(&in, why, sizeof why), -1);
	assert_non_null(strstr(why, "blocked square 8:1 is off the 5x5"));
	in.nblocked = 1;
	b[0].row = 4;
	in.nexcl_diag = 2;
	in.excl_diag = d;
	assert_int_equal(nq_check_instance(&in, why, sizeof why), -1);
	assert_string_equal(why, "excluded diagonal 6 is listed twice");
	in.nexcl_diag = 1;
	d[0] = 9;
	assert_int_equal(nq_check_instance(&in, why, sizeof why), -1);
	assert_non_null(strstr(why, "excluded diagonal 10 is off"));
	d[0] = 0;
	in.nexcl_anti = 1;
	in.excl_anti = &a; /* 1 + 2 = 3: the hint's */
	assert_int_equal(nq_check_instance(&in, why, sizeof why), -1);
	assert_string_equal(why, "pre-placed queen 2:3 stands on excluded "
			    "antidiagonal 4");
}

/* The CSV texts read back into the same instance and hash. */
static void texts_round_trip(void **state)
{
	nq_square h[2] = { { 3, 1 }, { 0, 0 } }, b[2] = { { 4, 4 }, { 2, 5 } };
	int d[2] = { 9, 2 }, a[1] = { 7 };
	nq_instance_spec s;
	struct nq_inst_buf buf = { NULL, NULL, 0, 0 };
	nq_instance in;
	char why[200], hash[17];

	(void)state;
	assert_int_equal(nq_spec_fill(&s, 6, NQ_MODE_COUNT, h, 2, b, 2, d, 2,
				      a, 1), 0);
	assert_string_equal(s.hints_text, "4:2 1:1");
	assert_string_equal(s.blocked_text, "3:6 5:5");
	assert_string_equal(s.excluded_text, "d3 d10 a8");
	assert_int_equal(s.inst.excl_diag[0], 2);
	assert_int_equal(nq_instance_from_text(&in, 6, NQ_MODE_COUNT,
					       s.hints_text, s.blocked_text,
					       s.excluded_text, &buf, why,
					       sizeof why), 0);
	assert_int_equal(in.nblocked, 2);
	assert_int_equal(in.nexcl_diag, 2);
	assert_int_equal(in.nexcl_anti, 1);
	assert_int_equal(nq_instance_hash(&in, hash), 0);
	assert_string_equal(hash, s.hash);
	assert_int_equal(nq_instance_from_text(&in, 6, NQ_MODE_COUNT, "",
					       "", "d12", &buf, why,
					       sizeof why), -1);
	assert_non_null(strstr(why, "column 'excluded'"));
	assert_int_equal(nq_spec_set_id(&s, "placed-n6-m2-s7-3"), 0);
	assert_string_equal(s.id, "placed-n6-m2-s7-3");
	assert_int_equal(nq_spec_set_id(&s, "no spaces"), -1);
	nq_inst_buf_free(&buf);
	nq_spec_free(&s);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(family_hints),
		cmocka_unit_test(family_blocked),
		cmocka_unit_test(family_excluded),
		cmocka_unit_test(family_mixed),
		cmocka_unit_test(placement_messages),
		cmocka_unit_test(mirror_rule),
		cmocka_unit_test(mirror_rule_in_ledger),
		cmocka_unit_test(mirror_rule_random),
		cmocka_unit_test(identity),
		cmocka_unit_test(check_instance),
		cmocka_unit_test(texts_round_trip),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
