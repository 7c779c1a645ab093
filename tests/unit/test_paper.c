/* test_paper.c - numbers for a paper: nq_report_number() writes plain
 * decimals with a given number of significant digits, never e-notation,
 * and at most a given number of decimals; and the record beside them:
 * nq_meta_capture(), which asks a program for its version, never waits
 * on stdin nor past its time. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#include <cmocka.h>
#include "meta.h"
#include "report.h"

static void number_significant_digits(void **state)
{
	static const struct {
		double v;
		int sig, max_dec;
		const char *want;
	} cases[] = {
		{ 0.00123, 3, -1, "0.00123" },
		{ 0.001234567, 3, -1, "0.00123" },
		{ 1.23e-7, 3, -1, "0.000000123" },
		{ 1.23e-7, 3, 6, "0" },        /* below the microsecond */
		{ 4.5e-5, 3, 6, "0.000045" },  /* the CSV's resolution */
		{ 0.0254, 3, 6, "0.0254" },
		{ 1.5, 3, -1, "1.50" },
		{ 9.996, 3, -1, "10.0" },      /* rounding moves the exponent */
		{ 0.0009996, 3, -1, "0.00100" },
		{ 12.34, 3, -1, "12.3" },
		{ 123.4, 3, -1, "123" },
		{ 123456.7, 3, -1, "123457" }, /* whole numbers keep their digits */
		{ 1e15, 3, -1, "1000000000000000" },
		{ 0, 3, -1, "0" },
		{ -0.0456, 2, -1, "-0.046" },
		{ 0.045, 2, -1, "0.045" },
		{ 7, 1, -1, "7" },
	};
	char buf[64];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		nq_report_number(buf, sizeof buf, cases[i].v, cases[i].sig,
				 cases[i].max_dec);
		if (strcmp(buf, cases[i].want))
			fail_msg("%g with %d digits: got '%s', want '%s'",
				 cases[i].v, cases[i].sig, buf, cases[i].want);
	}
}

static void number_never_e_notation(void **state)
{
	char buf[512];
	double v;

	(void)state;
	for (v = 1e-12; v < 1e20; v *= 7.3) {
		nq_report_number(buf, sizeof buf, v, 3, -1);
		assert_null(strpbrk(buf, "eE"));
		assert_true(fabs(strtod(buf, NULL) - v) <= v * 0.005);
	}
	nq_report_number(buf, sizeof buf, NAN, 3, -1);
	assert_string_equal(buf, "nan");
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static void capture_output_and_status(void **state)
{
	char sh[] = "/bin/sh", c[] = "-c", nowhere[] = "/nonexistent/program";
	char version[] = "--version";
	char script[] = "echo out; echo err >&2; cat; exit 3";
	char *echo[] = { sh, c, script, NULL };
	char *missing[] = { nowhere, version, NULL };
	char buf[256];
	double t0 = now();

	(void)state;
	/* stdin is /dev/null: cat ends at once, whatever our stdin is */
	assert_int_equal(nq_meta_capture(echo, buf, sizeof buf, 5000), 3);
	assert_non_null(strstr(buf, "out\n"));
	assert_non_null(strstr(buf, "err\n"));
	assert_true(now() - t0 < 4);
	assert_int_equal(nq_meta_capture(missing, buf, sizeof buf, 5000), 127);
}

static void capture_gives_up(void **state)
{
	/* a child of the program holding the pipe is killed with it */
	char sh[] = "/bin/sh", c[] = "-c", sleeps[] = "sleep 30 & sleep 30";
	char yes[] = "while :; do echo y; done";
	char *slow[] = { sh, c, sleeps, NULL };
	char *flood[] = { sh, c, yes, NULL };
	char buf[64];
	double t0 = now();
	int rc;

	(void)state;
	assert_int_equal(nq_meta_capture(slow, buf, sizeof buf, 300), -2);
	assert_true(now() - t0 < 3);
	assert_string_equal(buf, "");
	/* enough read: killed at once, not waited for (by our SIGKILL, or
	 * by SIGPIPE when the pipe closes first: either is the end) */
	t0 = now();
	rc = nq_meta_capture(flood, buf, sizeof buf, 10000);
	if (rc != 128 + 9 && rc != 128 + 13)
		fail_msg("the flood ended with %d, not SIGKILL or SIGPIPE", rc);
	assert_int_equal(strlen(buf), sizeof buf - 1);
	assert_true(now() - t0 < 5);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(number_significant_digits),
		cmocka_unit_test(number_never_e_notation),
		cmocka_unit_test(capture_output_and_status),
		cmocka_unit_test(capture_gives_up),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
