/* test_rows.c - results files read back (core/store/rows.c): keys, answers into
 * the ledger, damage, old files, verdicts written again; the table that
 * report reads (core/store/table.c) cuts the same rows through the same
 * scanner and finds the same digests changed. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "chain.h"
#include "csv.h"
#include "rows.h"
#include "table.h"

static char dir[] = "/tmp/test_rows.XXXXXX";

static char *write_file(const char *name, const char *text)
{
	static char path[4][256];
	static int k;
	char *p = path[k++ % 4];
	FILE *f;

	snprintf(p, sizeof path[0], "%s/%s", dir, name);
	f = fopen(p, "wb");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return p;
}

/* The table report reads (table.c) holds the rows resume read, and its
 * digest chain, checked as it read them, found what rows.c found. */
static void same_in_table(const char *path, const nq_rowfile *rf)
{
	const nq_chain_check *a = &rf->chain, *b;
	nq_table *t = NULL;
	nq_error err;
	static FILE *devnull; /* the warning of a cut row: said elsewhere */
	size_t i;

	memset(&err, 0, sizeof err);
	if (!devnull)
		devnull = fopen("/dev/null", "w");
	nq_table_warn_to(devnull);
	assert_int_equal(nq_table_read(path, &t, &err), 0);
	nq_table_warn_to(NULL);
	assert_int_equal(nq_table_nrows(t), rf->nrows);
	for (i = 0; i < rf->nrows; i++)
		assert_int_equal(nq_table_line(t, i), rf->rows[i].line);
	b = nq_table_chain(t);
	assert_int_equal(b->dcol, a->dcol);
	assert_int_equal(b->nrows, a->nrows);
	assert_int_equal(b->nchanged, a->nchanged);
	for (i = 0; i < a->nchanged && i < NQ_TAMPER_SHOWN; i++)
		assert_int_equal(b->shown[i], a->shown[i]);
	assert_int_equal(b->header_changed, a->header_changed);
	assert_string_equal(b->last, a->last);
	nq_table_free(t);
}

/* The current header, as the harness writes it. */
static char *header(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	nq_csv_header(f);
	fclose(f);
	return buf;
}

/* A row of the current columns from name=value pairs ("n=8;mode=count";
 * a name given twice: the last value), its digest from the chain. */
static void row(FILE *f, nq_csv_chain *ch, const char *pairs)
{
	const char *const *names = nq_csv_columns();
	char *buf = NULL;
	size_t k, len = 0;
	FILE *m = open_memstream(&buf, &len);

	for (k = 0; names[k]; k++) {
		const char *p = pairs, *v = "";
		size_t kl = strlen(names[k]), vl = 0;

		while (p && *p) {
			if (!strncmp(p, names[k], kl) && p[kl] == '=') {
				v = p + kl + 1;
				vl = strcspn(v, ";"); /* the last one wins */
			}
			p = strchr(p, ';');
			p = p ? p + 1 : NULL;
		}
		if (strcmp(names[k], "digest"))
			fprintf(m, "%.*s,", (int)vl, v);
	}
	fclose(m);
	assert_int_equal(nq_csv_put(f, ch, buf, len, 0), 0);
	free(buf);
}

static char *text_of(const char *const *pairs, size_t n, int cut_last)
{
	char *buf = NULL, *h = header();
	size_t len = 0, i;
	FILE *f = open_memstream(&buf, &len);
	nq_csv_chain ch;

	fputs(h, f);
	free(h);
	nq_csv_chain_start(&ch);
	for (i = 0; i < n; i++)
		row(f, &ch, pairs[i]);
	fclose(f);
	if (cut_last)
		buf[len - 7] = '\0'; /* the last row, cut short */
	return buf;
}

static char *written(const nq_rowfile *rf, const nq_ledger *l,
		     const char *host)
{
	char *buf = NULL;
	size_t len = 0;
	nq_error err;
	FILE *f = open_memstream(&buf, &len);
	nq_csv_chain ch;

	nq_csv_chain_start(&ch);
	assert_int_equal(nq_rows_write(f, rf, l, host, &ch, &err), 0);
	fclose(f);
	return buf;
}

#define R(x) "experiment=t;mode=count;solver=backtrack;encoding=;" \
	"approach=backtrack;status=ok;checked=oeis;timeout_s=10;" x

static const char *const three[] = {
	R("n=8;repeat=1;solutions=92;note=\"a, b\""),
	R("n=8;repeat=2;solutions=92"),
	R("n=6;repeat=1;hints=1:2 2:4;solutions=1;checked=counter"),
};

static void round_trip(void **state)
{
	char *text = text_of(three, 3, 0), *h = header(), *out;
	char *path = write_file("a.csv", text);
	nq_ledger *l = nq_ledger_new();
	nq_keyset keys = { 0 };
	nq_rowfile rf;
	nq_error err;
	char key[256];

	(void)state;
	assert_int_equal(nq_rows_read(path, l, &keys, &rf, &err), 0);
	assert_int_equal(rf.nrows, 3);
	assert_int_equal(rf.partial, 0);
	assert_int_equal(rf.end, (long long)strlen(text));
	assert_int_equal(rf.rows[2].line, 4);
	assert_true(rf.rows[0].claim >= 0 && rf.rows[2].claim >= 0);
	nq_key_make("t", "8", "count", "", "backtrack", "2", key, sizeof key);
	assert_int_equal(nq_keyset_count(&keys, nq_key_hash(key)), 1);
	assert_int_equal(rf.rows[1].key, nq_key_hash(key));
	out = written(&rf, l, NULL);
	assert_int_equal(nq_rows_changed(&rf, l), 0);
	assert_string_equal(out, text + strlen(h));
	free(out);
	nq_rows_free(&rf);
	nq_keyset_free(&keys);
	nq_ledger_free(l);
	free(text);
	free(h);
}

/* A row's count for the summary: from its claim where it has one, kept
 * beside the rows where it has none (a status without a verdict, or no
 * ledger), and 0 for a row without one; a row's record stays 40 bytes. */
static void counts_kept(void **state)
{
	static const char *const rows[] = {
		R("n=8;repeat=1;solutions=92"),
		R("n=9;repeat=1;status=timeout;checked=;solutions=17"),
		R("n=10;repeat=1;status=crash;checked=;solutions="),
		R("n=11;repeat=1;solutions=2680"),
		R("n=12;repeat=1;status=timeout;checked=;"
		  "solutions=18446744073709551615"),
	};
	char *text = text_of(rows, 5, 0), *path = write_file("c.csv", text);
	nq_ledger *l = nq_ledger_new();
	nq_rowfile rf;
	nq_error err;

	(void)state;
	assert_int_equal(sizeof(struct nq_oldrow), 40);
	assert_int_equal(nq_rows_read(path, l, NULL, &rf, &err), 0);
	assert_int_equal(rf.nrows, 5);
	assert_true(rf.rows[0].claim >= 0 && rf.rows[0].answered);
	assert_true(rf.rows[1].claim < 0 && rf.rows[1].answered);
	assert_true(!rf.rows[2].answered);
	assert_int_equal(rf.nanswers, 2);
	assert_true(nq_rows_solutions(&rf, 0, l) == 92);
	assert_true(nq_rows_solutions(&rf, 1, l) == 17);
	assert_true(nq_rows_solutions(&rf, 2, l) == 0);
	assert_true(nq_rows_solutions(&rf, 3, l) == 2680);
	assert_true(nq_rows_solutions(&rf, 4, l) == UINT64_MAX);
	nq_rows_free(&rf);
	/* without a ledger every count is kept beside */
	assert_int_equal(nq_rows_read(path, NULL, NULL, &rf, &err), 0);
	assert_int_equal(rf.nanswers, 4);
	assert_true(nq_rows_solutions(&rf, 3, NULL) == 2680);
	assert_true(nq_rows_solutions(&rf, 2, NULL) == 0);
	nq_rows_free(&rf);
	nq_ledger_free(l);
	free(text);
}

static void partial_last_line(void **state)
{
	char *text = text_of(three, 3, 1);
	char *path = write_file("b.csv", text);
	nq_rowfile rf;
	nq_error err;

	(void)state;
	assert_int_equal(nq_rows_read(path, NULL, NULL, &rf, &err), 0);
	assert_int_equal(rf.nrows, 2);
	assert_int_equal(rf.partial, 1);
	assert_int_equal(rf.partial_line, 4);
	assert_true(rf.end < (long long)strlen(text));
	assert_int_equal(text[rf.end - 1], '\n');
	same_in_table(path, &rf);
	nq_rows_free(&rf);
	free(text);
	/* inside a quote at the end: cut too */
	text = text_of(three, 2, 0);
	text = realloc(text, strlen(text) + 32);
	strcat(text, "t,8,count,\"half");
	path = write_file("b2.csv", text);
	assert_int_equal(nq_rows_read(path, NULL, NULL, &rf, &err), 0);
	assert_int_equal(rf.nrows, 2);
	assert_int_equal(rf.partial, 1);
	same_in_table(path, &rf);
	nq_rows_free(&rf);
	free(text);
}

static void malformed_middle_row(void **state)
{
	static const char *const cases[][2] = {
		{ "t,8,count\r\n", "3 cells" },
		{ "t,\"8\"x,count\r\n", "text after a closing quote" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < 2; i++) {
		char *h = header(), *text = malloc(4096);
		nq_rowfile rf;
		nq_error err;
		char *path;

		snprintf(text, 4096, "%s", h);
		strcat(text, cases[i][0]);
		free(h);
		h = text_of(three, 1, 0);
		strcat(text, strchr(h, '\n') + 1);
		path = write_file("c.csv", text);
		assert_int_equal(nq_rows_read(path, NULL, NULL, &rf, &err), -1);
		assert_string_equal(err.file, path);
		assert_int_equal(err.line, 2);
		assert_non_null(strstr(err.msg, cases[i][1]));
		free(h);
		free(text);
	}
}

static void bad_cells(void **state)
{
	static const char *const cases[][2] = {
		{ R("n=x;repeat=1;solutions=92"), "column 'n'" },
		{ R("n=8;repeat=1;mode=both;solutions=92"), "column 'mode'" },
		{ R("n=8;repeat=1;status=fine;solutions=92"), "column 'status'" },
		{ R("n=8;repeat=1;solutions=9x"), "column 'solutions'" },
		{ R("n=8;repeat=1;hints=9:1;solutions=4"), "column 'hints'" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *rows[2] = { three[0], cases[i][0] };
		char *text = text_of(rows, 2, 0);
		char *path = write_file("d.csv", text);
		nq_ledger *l = nq_ledger_new();
		nq_rowfile rf;
		nq_error err;

		assert_int_equal(nq_rows_read(path, l, NULL, &rf, &err), -1);
		assert_int_equal(err.line, 3);
		assert_non_null(strstr(err.msg, cases[i][1]));
		nq_ledger_free(l);
		free(text);
	}
}

static void old_file(void **state)
{
	/* before approach, host and cpus; columns in another order */
	const char *text =
		"experiment,n,mode,solver,encoding,repeat,status,solutions,"
		"wall_s,note\r\n"
		"t,8,count,picosat,sequential,1,ok,92,0.5,\r\n"
		"t,8,count,backtrack,,1,ok,92,0.1,\r\n";
	const char *path = write_file("e.csv", text);
	nq_ledger *l = nq_ledger_new();
	nq_keyset keys = { 0 };
	nq_rowfile rf;
	nq_error err;
	char key[256], *out, *h = header();
	const char *const *names = nq_csv_columns();
	size_t k, commas = 0;

	(void)state;
	assert_int_equal(nq_rows_read(path, l, &keys, &rf, &err), 0);
	assert_int_equal(rf.nrows, 2);
	assert_int_equal(rf.has_host, 0);
	assert_int_equal(rf.has_cpus, 0);
	nq_key_make("t", "8", "count", "-", "picosat/sequential", "1", key,
		    sizeof key);
	assert_int_equal(nq_keyset_count(&keys, nq_key_hash(key)), 1);
	nq_key_make("t", "8", "count", "-", "backtrack", "1", key, sizeof key);
	assert_int_equal(nq_keyset_count(&keys, nq_key_hash(key)), 1);
	/* written in the current columns: verdicts filled in, host given */
	out = written(&rf, l, "box1");
	for (k = 0; out[k] && out[k] != '\n'; k++)
		commas += out[k] == ',';
	for (k = 0; names[k]; k++)
		;
	assert_int_equal(commas, k - 1);
	assert_true(!strncmp(out, "t,8,count,picosat,sequential,1,ok,92,0.5,,,"
			     ",oeis,", 47));
	if (strstr(h, ",host,"))
		assert_non_null(strstr(out, ",box1,"));
	free(out);
	free(h);
	nq_rows_free(&rf);
	nq_keyset_free(&keys);
	nq_ledger_free(l);
}

static void verdict_changed_by_later_answer(void **state)
{
	/* n = 13 has no table past the validator's own count: two
	 * approaches that agree are ok; a third that differs disputes */
	static const char *const a[] = {
		"experiment=t;mode=count;solver=x;approach=x;status=ok;"
		"checked=agrees:1;n=14;repeat=1;hints=1:1;solutions=100",
		"experiment=t;mode=count;solver=y;approach=y;status=ok;"
		"checked=agrees:1;n=14;repeat=1;hints=1:1;solutions=100",
	};
	static const char *const b[] = {
		"experiment=t;mode=count;solver=z;approach=z;status=ok;"
		"checked=none;n=14;repeat=1;hints=1:1;solutions=102",
	};
	char *ta = text_of(a, 2, 0), *tb = text_of(b, 1, 0), *out;
	char *pa = write_file("f.csv", ta), *pb = write_file("g.csv", tb);
	nq_ledger *l = nq_ledger_new();
	nq_rowfile ra, rb;
	nq_error err;

	(void)state;
	assert_int_equal(nq_rows_read(pa, l, NULL, &ra, &err), 0);
	assert_int_equal(nq_rows_changed(&ra, l), 0);
	assert_int_equal(nq_rows_read(pb, l, NULL, &rb, &err), 0);
	assert_int_equal(nq_rows_changed(&ra, l), 1);
	assert_int_equal(nq_rows_changed(&rb, l), 1);
	out = written(&ra, l, NULL);
	assert_non_null(strstr(out, ",disputed,"));
	assert_null(strstr(out, ",ok,"));
	free(out);
	nq_rows_free(&ra);
	nq_rows_free(&rb);
	nq_ledger_free(l);
	free(ta);
	free(tb);
}

/* The text with `from` replaced by `to` once, on the given file line
 * (1: the header). */
static char *edited(const char *text, int line, const char *from,
		    const char *to)
{
	char *out = malloc(strlen(text) + strlen(to) + 1), *p;
	const char *at = text;
	int l;

	for (l = 1; l < line; l++)
		at = strchr(at, '\n') + 1;
	at = strstr(at, from);
	assert_non_null(at);
	p = out;
	memcpy(p, text, (size_t)(at - text));
	p += at - text;
	strcpy(p, to);
	strcat(p, at + strlen(from));
	return out;
}

/* Which rows a read marks changed, as "1 3" (1-based). */
static void changed_rows(const char *text, char *buf, size_t len,
			 int *header_changed)
{
	char *path = write_file("t.csv", text);
	nq_rowfile rf;
	nq_error err;
	size_t i, used = 0, n = 0;

	assert_int_equal(nq_rows_read(path, NULL, NULL, &rf, &err), 0);
	assert_true(rf.chain.dcol >= 0);
	buf[0] = '\0';
	for (i = 0; i < rf.nrows; i++)
		if (rf.rows[i].changed) {
			n++;
			used += (size_t)snprintf(buf + used, len - used, "%s%zu",
						 used ? " " : "", i + 1);
		}
	assert_int_equal(rf.chain.nchanged, n);
	*header_changed = rf.chain.header_changed;
	same_in_table(path, &rf);
	nq_rows_free(&rf);
}

static void digests(void **state)
{
	char *text = text_of(three, 3, 0), *e, got[64], *p;
	int hc;

	(void)state;
	changed_rows(text, got, sizeof got, &hc);
	assert_string_equal(got, "");
	assert_int_equal(hc, 0);
	/* one count edited: that row alone */
	e = edited(text, 3, ",92,", ",93,");
	changed_rows(e, got, sizeof got, &hc);
	assert_string_equal(got, "2");
	free(e);
	/* a digest cell alone edited: that row alone */
	p = strstr(strchr(text, '\n') + 1, "\r\n") - 4;
	e = edited(text, 2, p, "0000\r\n");
	changed_rows(e, got, sizeof got, &hc);
	assert_string_equal(got, "1");
	free(e);
	/* the header edited: said of the header, no row */
	e = edited(text, 1, "wall_s,cpu_s", "cpu_s,wall_s");
	changed_rows(e, got, sizeof got, &hc);
	assert_string_equal(got, "");
	assert_int_equal(hc, 1);
	free(e);
	/* quotes where none are needed, bare line ends: the same cells */
	e = edited(text, 3, ",92,", ",\"92\",");
	changed_rows(e, got, sizeof got, &hc);
	assert_string_equal(got, "");
	free(e);
	free(text);
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[300];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(round_trip),
		cmocka_unit_test(counts_kept),
		cmocka_unit_test(partial_last_line),
		cmocka_unit_test(malformed_middle_row),
		cmocka_unit_test(bad_cells),
		cmocka_unit_test(old_file),
		cmocka_unit_test(verdict_changed_by_later_answer),
		cmocka_unit_test(digests),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, setup, teardown);
}
