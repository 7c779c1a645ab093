/* test_csv.c - RFC 4180 quoting and the contract's columns. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "csv.h"
#include "names.h"
#include "instance.h"

static char *capture_field(const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	nq_csv_field(f, s);
	fclose(f);
	return buf;
}

static void quoting(void **state)
{
	static const char *const cases[][2] = {
		{ "plain", "plain" },
		{ "", "" },
		{ "a,b", "\"a,b\"" },
		{ "say \"hi\"", "\"say \"\"hi\"\"\"" },
		{ "1:2 3:5", "1:2 3:5" },
		/* outside text (names.h): escaped, so never a line end */
		{ "two\nlines", "two\\nlines" },
		{ "cr\rhere", "cr\\rhere" },
		{ "a,\tb", "\"a,\\tb\"" },
		{ "q\"\x1b[2J", "\"q\"\"\\x1b[2J\"" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *got = capture_field(cases[i][0]);

		assert_string_equal(got, cases[i][1]);
		free(got);
	}
}

/* The one sanitiser of outside text: valid UTF-8 kept byte for byte,
 * control characters and bytes that are not UTF-8 escaped, the result
 * escaped again unchanged. */
static void outside_text(void **state)
{
	static const char *const cases[][2] = {
		{ "plain ascii, with \\ and \"", "plain ascii, with \\ and \"" },
		{ "caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x91\x91",
		  "caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x91\x91" },
		{ "a\nb\tc\rd", "a\\nb\\tc\\rd" },
		/* clear screen, a window title, a bell, DEL */
		{ "\x1b[2J\x1b]0;pwned\x07\x7f", "\\x1b[2J\\x1b]0;pwned\\x07\\x7f" },
		/* bytes that are not UTF-8: stray, cut, overlong, surrogate,
		 * past U+10FFFF */
		{ "\xff\xfe", "\\xff\\xfe" },
		{ "cut \xc3", "cut \\xc3" },
		{ "\xe6\x97x", "\\xe6\\x97x" },
		{ "\xc0\xaf", "\\xc0\\xaf" },
		{ "\xed\xa0\x80", "\\xed\\xa0\\x80" },
		{ "\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80" },
		/* C1 (CSI U+009B, NEL U+0085), line separator, a bidi override */
		{ "\xc2\x9b" "2J\xc2\x85", "\\u009b2J\\u0085" },
		{ "a\xe2\x80\xa8" "b\xe2\x80\xae" "c\xe2\x81\xa6", "a\\u2028b\\u202ec\\u2066" },
		/* near them but text: U+00A0, U+2027, U+2030 */
		{ "\xc2\xa0\xe2\x80\xa7\xe2\x80\xb0", "\xc2\xa0\xe2\x80\xa7\xe2\x80\xb0" },
	};
	char shown[256], again[256], tiny[6];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		nq_text_put(f, cases[i][0]);
		fclose(f);
		assert_string_equal(buf, cases[i][1]);
		assert_string_equal(nq_text_show(cases[i][0], shown,
						 sizeof shown), cases[i][1]);
		assert_int_equal(nq_text_plain(cases[i][0]),
				 strcmp(cases[i][0], cases[i][1]) == 0);
		assert_true(nq_text_plain(buf));
		assert_string_equal(nq_text_show(buf, again, sizeof again),
				    buf);
		free(buf);
	}
	/* cut at a whole escape or character, never inside one */
	assert_string_equal(nq_text_show("ab\x1b", tiny, sizeof tiny), "ab");
	assert_string_equal(nq_text_show("abcd\xc3\xa9", tiny, sizeof tiny),
			    "abcd");
	assert_string_equal(nq_text_show("abc\xc3\xa9x", tiny, sizeof tiny),
			    "abc\xc3\xa9");
}

static void header_starts_with_contract(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	nq_csv_header(f);
	fclose(f);
	assert_true(strncmp(buf, "experiment,n,mode,solver,encoding,repeat,"
			    "status,solutions,wall_s,cpu_s,peak_rss_kib,", 84) == 0);
	assert_non_null(strstr(buf, ",cpus,host,note,measured_by,part,digest\r\n"));
	free(buf);
}

#define HASH "e32528ed980bb456"
static void row(void **state)
{
	char want[600];
	char name[] = "my, \"odd\" name";
	nq_solver s = { NQ_ABI_VERSION, sizeof s, "picosat", "", NULL, NULL,
			NULL, NULL, NULL, NULL, NULL };
	nq_experiment exp;
	nq_instance_spec spec;
	nq_square blocked = { 0, 1 };
	int diag = 2, anti = 0;
	nq_approach a;
	nq_run run;
	nq_csv_chain ch;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	memset(&exp, 0, sizeof exp);
	/* a blocked square and excluded lines: their columns, the id and
	 * the hash (SHA-256 of "19||1:2|d3 a1", as README says) */
	assert_int_equal(nq_spec_fill(&spec, 19, NQ_MODE_COUNT, NULL, 0,
				      &blocked, 1, &diag, 1, &anti, 1), 0);
	memset(&a, 0, sizeof a);
	memset(&run, 0, sizeof run);
	exp.name = name;
	exp.timeout_s = 20;
	exp.seed = 7;
	a.solver = &s;
	strcpy(a.label, "sequential");
	strcpy(a.name, "picosat/sequential");
	strcpy(run.checked, "oeis");
	run.status = NQ_ST_OK;
	run.answered = 1;
	run.res.solutions = 4968057848ULL; /* above 2^32 */
	run.res.unique = NQ_UNIQUE_NA;
	run.res.vars = 361;
	run.res.constraints = run.res.nonzeros = NQ_NA;
	run.res.nodes = run.res.decisions = run.res.conflicts = NQ_NA;
	run.res.iterations = NQ_NA;
	run.wall_s = 1.5;
	run.cpu_s = 1.25;
	run.peak_rss_kib = 2048;
	strcpy(run.note, "a, note");
	run.measured_by = "cgroup-v1";
	strcpy(run.cpus, "2-3");
	nq_csv_chain_start(&ch);
	nq_csv_row(f, &ch, &exp, &spec, &a, 2, &run);
	fclose(f);
	snprintf(want, sizeof want,
		 "\"my, \"\"odd\"\" name\",19,count,picosat,sequential,2,ok,"
		 "4968057848,1.500000,1.250000,2048,picosat/sequential,oeis,"
		 ",,1:2,d3 a1,n19-%.8s,%s,,0.000000,0.000000,361,,,,,,,20,7,"
		 "2-3,%s,\"a, note\",cgroup-v1,,", HASH, HASH,
		 nq_csv_host());
	/* then the digest: SHA-256 of the header's digest and the cells */
	{
		char d[NQ_CSV_DIGEST_LEN + 1], *h = NULL;
		size_t hl = 0;
		FILE *hf = open_memstream(&h, &hl);
		nq_sha256 sh;
		nq_csv_chain c0;

		nq_csv_header(hf);
		fclose(hf);
		nq_csv_header_digest(h, hl - 2, d);
		nq_csv_chain_start(&c0);
		assert_string_equal(d, c0.prev);
		nq_csv_digest_begin(&sh, d);
		nq_sha256_update(&sh, want, strlen(want));
		nq_csv_digest_end(&sh, d);
		assert_string_equal(d, ch.prev);
		strcat(want, d);
		strcat(want, "\r\n");
		free(h);
	}
	assert_string_equal(buf, want);
	assert_string_equal(spec.hash, HASH);
	nq_spec_free(&spec);
	free(buf);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(quoting),
		cmocka_unit_test(outside_text),
		cmocka_unit_test(header_starts_with_contract),
		cmocka_unit_test(row),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
