/*
 * csv.c - the results file; see csv.h.
 *
 * Columns: columns.h, the one table (the fixed ones first, experiment ..
 * peak_rss_kib: README, the CSV; scripts rely on their names and order;
 * then the extras; digest last: csv.h). Numbers that do not
 * apply are empty cells, so pandas reads them as NaN and R as NA. Every
 * text cell goes out through nq_csv_field, which escapes outside text
 * (names.h): a file of valid UTF-8 without a control character in any
 * cell, whatever a solver wrote in its note.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include "columns.h"
#include "csv.h"
#include "instance.h"
#include "names.h"

void nq_csv_field(FILE *f, const char *s)
{
	char buf[8];
	const char *e;
	size_t n;
	int quote;

	if (!s)
		return;
	if (!strpbrk(s, ",\"") && nq_text_plain(s)) {
		fputs(s, f);
		return;
	}
	/* outside text escaped (names.h): no line end is left, so only a
	 * comma or a quote needs the quotes */
	quote = strpbrk(s, ",\"") != NULL;
	if (quote)
		fputc('"', f);
	for (; *s; s += n) {
		if ((e = nq_text_escape(s, &n, buf))) {
			fputs(e, f);
			continue;
		}
		if (*s == '"')
			fputc('"', f);
		fwrite(s, 1, n, f);
	}
	if (quote)
		fputc('"', f);
}

const char *const *nq_csv_columns(void)
{
	return nq_col_names();
}

const char *nq_csv_host(void)
{
	static char host[256];

	if (!host[0]) {
		struct utsname u;

		snprintf(host, sizeof host, "%s",
			 uname(&u) == 0 ? u.nodename : "unknown");
	}
	return host;
}

static void hex16(const uint8_t d[32], char out[NQ_CSV_DIGEST_LEN + 1])
{
	static const char x[] = "0123456789abcdef";
	int i;

	for (i = 0; i < NQ_CSV_DIGEST_LEN / 2; i++) {
		out[2 * i] = x[d[i] >> 4];
		out[2 * i + 1] = x[d[i] & 15];
	}
	out[NQ_CSV_DIGEST_LEN] = '\0';
}

void nq_csv_header_digest(const char *line, size_t len,
			  char out[NQ_CSV_DIGEST_LEN + 1])
{
	nq_sha256 s;
	uint8_t d[32];

	nq_sha256_init(&s);
	nq_sha256_update(&s, line, len);
	nq_sha256_final(&s, d);
	hex16(d, out);
}

void nq_csv_chain_start(nq_csv_chain *ch)
{
	char line[1024];
	size_t i, used = 0;

	for (i = 0; i < NQ_COL__COUNT; i++)
		used += (size_t)snprintf(line + used, sizeof line - used,
					 "%s%s", i ? "," : "", nq_col_name((int)i));
	nq_csv_header_digest(line, used, ch->prev);
}

void nq_csv_digest_begin(nq_sha256 *s, const char *prev)
{
	nq_sha256_init(s);
	nq_sha256_update(s, prev, strlen(prev));
}

void nq_csv_digest_end(nq_sha256 *s, char out[NQ_CSV_DIGEST_LEN + 1])
{
	uint8_t d[32];

	nq_sha256_final(s, d);
	hex16(d, out);
}

int nq_csv_put(FILE *f, nq_csv_chain *ch, const char *cells, size_t len,
	       int changed)
{
	char *line = malloc(len + NQ_CSV_DIGEST_LEN + 2);
	nq_sha256 s;
	size_t put;

	if (changed) {
		snprintf(ch->prev, sizeof ch->prev, "%s", NQ_CSV_CHANGED);
	} else {
		nq_csv_digest_begin(&s, ch->prev);
		nq_sha256_update(&s, cells, len);
		nq_csv_digest_end(&s, ch->prev);
	}
	if (!line) /* no memory: the same bytes, in two writes */
		return fwrite(cells, 1, len, f) == len &&
		       fprintf(f, "%s\r\n", ch->prev) > 0 ? 0 : -1;
	memcpy(line, cells, len);
	memcpy(line + len, ch->prev, strlen(ch->prev));
	len += strlen(ch->prev);
	line[len++] = '\r';
	line[len++] = '\n';
	put = fwrite(line, 1, len, f);
	free(line);
	return put == len ? 0 : -1;
}

void nq_csv_header(FILE *f)
{
	size_t i;

	for (i = 0; i < NQ_COL__COUNT; i++) {
		if (i)
			fputc(',', f);
		fputs(nq_col_name((int)i), f);
	}
	fputs("\r\n", f);
}

/* How each kind of cell is written (columns.h). */
static void put_TEXT(FILE *f, const char *s)
{
	nq_csv_field(f, s);
}

static void put_INT(FILE *f, int v)
{
	fprintf(f, "%d", v);
}

static void put_LONG(FILE *f, long v)
{
	fprintf(f, "%ld", v);
}

static void put_U64(FILE *f, uint64_t v)
{
	fprintf(f, "%" PRIu64, v);
}

static void put_I64(FILE *f, int64_t v)
{
	fprintf(f, "%" PRId64, v);
}

static void put_SEC(FILE *f, double v)
{
	fprintf(f, "%.6f", v);
}

static void put_G(FILE *f, double v)
{
	/* %g's six digits cut a timeout of days (1234567 s as 1.23457e+06):
	 * ten keep every one a duration can have, and write 20, 0.5 as %g */
	fprintf(f, "%.10g", v);
}

/* The digest is the chain's (nq_csv_put): no cell here. */
#define put_DIGEST(f, v) ((void)(v))

/* The row's cells but the digest, each followed by a comma: the column
 * table's rows in turn. */
static void row_cells(FILE *f, const nq_experiment *exp,
		      const nq_instance_spec *spec, const nq_approach *a,
		      int repeat, const nq_run *run)
{
	const nq_result *r = &run->res;
	int ans = run->answered;
	/* a run that never started (skipped, over max n) has no times */
	int ran = run->wall_s > 0;

#define CELL_(id, name, label, kind, when, value)			\
	if (NQ_COL_##id != NQ_COL_DIGEST) {				\
		if (when)						\
			put_##kind(f, value);				\
		fputc(',', f);						\
	}
	NQ_COLUMNS(CELL_)
#undef CELL_
	(void)ans;
	(void)ran;
}

int nq_csv_row(FILE *f, nq_csv_chain *ch, const nq_experiment *exp,
	       const nq_instance_spec *spec, const nq_approach *a,
	       int repeat, const nq_run *run)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	int rc = -1;

	if (!m) { /* no memory: the row without its digest, which its
		     check will name, rather than no row */
		row_cells(f, exp, spec, a, repeat, run);
		return fputs("\r\n", f) == EOF || ferror(f) ? -1 : 0;
	}
	row_cells(m, exp, spec, a, repeat, run);
	if (fclose(m) == 0)
		rc = nq_csv_put(f, ch, buf, len, 0);
	else
		errno = ENOMEM;
	free(buf);
	return rc;
}
