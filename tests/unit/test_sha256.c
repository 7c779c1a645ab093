/* test_sha256.c - base/sha256.c: the FIPS 180-4 examples, and the x86
 * SHA extensions' rounds (where the CPU has them) giving the portable
 * rounds' digest for every length from 0 to 300 bytes and a long
 * buffer fed in pieces of every size, as a row's cells are.
 *
 * Usage: test_sha256 [NAME-PATTERN]
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "sha256.h"

static void hex_of(const void *data, size_t len, char hex[65])
{
	nq_sha256_hex(data, len, hex);
}

/* The examples of FIPS 180-4 (NIST's "SHA256.pdf"), and a million
 * 'a's, with the portable rounds and with the best the CPU has. */
static void fips_examples(void **state)
{
	static const char *const want[] = {
		"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		"248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
		"cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
	};
	static const char two[] =
		"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	char hex[65], *a = malloc(1000000);
	int use;

	(void)state;
	assert_non_null(a);
	memset(a, 'a', 1000000);
	for (use = 0; use < 2; use++) {
		nq_sha256_accelerated(use);
		hex_of("", 0, hex);
		assert_string_equal(hex, want[0]);
		hex_of("abc", 3, hex);
		assert_string_equal(hex, want[1]);
		hex_of(two, strlen(two), hex);
		assert_string_equal(hex, want[2]);
		hex_of(a, 1000000, hex);
		assert_string_equal(hex, want[3]);
	}
	free(a);
}

/* Both kinds of rounds agree on every length from 0 to 300 (each way
 * the padding falls) and on 100,000 bytes fed in pieces of 1 to 97. */
static void rounds_agree(void **state)
{
	enum { LONG = 100000 };
	uint8_t *buf = malloc(LONG), d[2][32];
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	size_t i, len, at, piece;
	char hex[2][65];
	int use;

	(void)state;
	assert_non_null(buf);
	for (i = 0; i < LONG; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		buf[i] = (uint8_t)x;
	}
	if (!nq_sha256_accelerated(1))
		print_message("no SHA extensions on this CPU: the portable "
			      "rounds against themselves\n");
	for (len = 0; len <= 300; len++) {
		for (use = 0; use < 2; use++) {
			nq_sha256_accelerated(use);
			hex_of(buf, len, hex[use]);
		}
		assert_string_equal(hex[0], hex[1]);
	}
	for (use = 0; use < 2; use++) {
		nq_sha256 s;

		nq_sha256_accelerated(use);
		nq_sha256_init(&s);
		for (at = 0, piece = 1; at < LONG; at += len, piece++) {
			len = piece % 97 + 1 < LONG - at ? piece % 97 + 1
							  : LONG - at;
			nq_sha256_update(&s, buf + at, len);
		}
		nq_sha256_final(&s, d[use]);
	}
	assert_memory_equal(d[0], d[1], 32);
	nq_sha256_accelerated(1);
	free(buf);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fips_examples),
		cmocka_unit_test(rounds_agree),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
