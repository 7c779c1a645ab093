/*
 * csv.c - the results file; see csv.h.
 *
 * Columns: the fixed ones first (experiment .. peak_rss_kib; README, the
 * CSV: scripts rely on their names and order), then the extras
 * (measured_by, then part, then digest, last: csv.h). Numbers that do not
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
#include "csv.h"
#include "names.h"

static const char *const columns[] = {
	/* the contract: these names, this order */
	"experiment", "n", "mode", "solver", "encoding", "repeat", "status",
	"solutions", "wall_s", "cpu_s", "peak_rss_kib",
	/* extras */
	"approach", "checked", "unique", "hints", "blocked", "excluded",
	"instance", "instance_hash", "options", "build_s", "solve_s", "vars",
	"constraints", "nonzeros", "nodes", "decisions", "conflicts",
	"iterations", "timeout_s", "seed", "cpus", "host", "note", "measured_by",
	"part", "digest", NULL
};

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
	return columns;
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

	for (i = 0; columns[i]; i++)
		used += (size_t)snprintf(line + used, sizeof line - used,
					 "%s%s", i ? "," : "", columns[i]);
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

	for (i = 0; columns[i]; i++) {
		if (i)
			fputc(',', f);
		fputs(columns[i], f);
	}
	fputs("\r\n", f);
}

static void sep_text(FILE *f, const char *s)
{
	fputc(',', f);
	nq_csv_field(f, s);
}

static void sep_i64(FILE *f, int64_t v)
{
	fputc(',', f);
	if (v != NQ_NA)
		fprintf(f, "%" PRId64, v);
}

static void sep_sec(FILE *f, double v, int show)
{
	fputc(',', f);
	if (show)
		fprintf(f, "%.6f", v);
}

/* The row's cells but the digest, each followed by a comma. */
static void row_cells(FILE *f, const nq_experiment *exp,
		      const nq_instance_spec *spec, const nq_approach *a,
		      int repeat, const nq_run *run)
{
	const nq_result *r = &run->res;
	int ans = run->answered;
	/* a run that never started (skipped, over max n) has no times */
	int ran = run->wall_s > 0;

	nq_csv_field(f, exp->name);
	fprintf(f, ",%d", spec->inst.n);
	sep_text(f, spec->inst.mode == NQ_MODE_COUNT ? "count" : "first");
	sep_text(f, a->solver->name);
	sep_text(f, a->label);
	fprintf(f, ",%d", repeat);
	sep_text(f, nq_status_name(run->status));
	fputc(',', f);
	if (ans)
		fprintf(f, "%" PRIu64, r->solutions);
	sep_sec(f, run->wall_s, ran);
	sep_sec(f, run->cpu_s, ran);
	fputc(',', f);
	if (ran)
		fprintf(f, "%ld", run->peak_rss_kib);
	/* extras */
	sep_text(f, a->name);
	sep_text(f, run->checked);
	fputc(',', f);
	if (ans && r->unique != NQ_UNIQUE_NA)
		fprintf(f, "%" PRIu64, r->unique);
	sep_text(f, spec->hints_text);
	sep_text(f, spec->blocked_text);
	sep_text(f, spec->excluded_text);
	sep_text(f, spec->id);
	sep_text(f, spec->hash);
	sep_text(f, run->options[0] ? run->options : a->options);
	sep_sec(f, r->build_s, ans);
	sep_sec(f, r->solve_s, ans);
	sep_i64(f, r->vars);
	sep_i64(f, r->constraints);
	sep_i64(f, r->nonzeros);
	sep_i64(f, r->nodes);
	sep_i64(f, r->decisions);
	sep_i64(f, r->conflicts);
	sep_i64(f, r->iterations);
	fprintf(f, ",%g", exp->timeout_s);
	fprintf(f, ",%" PRIu64, exp->seed);
	sep_text(f, run->cpus);
	sep_text(f, nq_csv_host());
	sep_text(f, run->note);
	sep_text(f, run->measured_by);
	sep_text(f, spec->part_text);
	fputc(',', f);
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
