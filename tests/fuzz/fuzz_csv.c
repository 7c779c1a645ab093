/*
 * fuzz_csv.c - fuzz target: the results store's one CSV scanner
 * (core/store/csvscan.c), through the table reader (nq_table_parse), the
 * digest chain it checks as it reads (chain.c) and the table's
 * accessors: every cell is read and every column tested as numeric, as
 * `report` and `plot` do; then the same bytes as resume and merge read
 * them (nq_rows_read, rows.c: each row's key, instance and answer into
 * a ledger, its digest checked), from a file in the temp directory;
 * and the scanner's fast path for plain rows against its state machine
 * (nq_rd_fast on and off): the same rows, cells and verdicts.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>
#include "chain.h"
#include "csvscan.h"
#include "error.h"
#include "rows.h"
#include "table.h"
#include "verdicts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The bytes as resume reads them: from a file (one, rewritten for each
 * input, removed at exit). */
static char rows_path[64];

static void rows_unlink(void)
{
	unlink(rows_path);
}

static void rows_read(const uint8_t *data, size_t size)
{
	nq_error err = { { 0 }, 0, 0, { 0 } };
	nq_keyset keys = { 0 };
	nq_rowfile f;
	nq_ledger *l;
	FILE *fp;
	int fd;

	if (!rows_path[0]) {
		const char *tmp = getenv("TMPDIR");

		snprintf(rows_path, sizeof rows_path, "%s/fuzz_rows.XXXXXX",
			 tmp && strlen(tmp) < 40 ? tmp : "/tmp");
		if ((fd = mkstemp(rows_path)) < 0) {
			rows_path[0] = '\0';
			return;
		}
		close(fd);
		atexit(rows_unlink);
	}
	if (!(fp = fopen(rows_path, "wb")))
		return;
	if (fwrite(data, 1, size, fp) != size) {
		fclose(fp);
		return;
	}
	fclose(fp);
	if (!(l = nq_ledger_new()))
		return;
	if (nq_rows_read(rows_path, l, &keys, &f, &err) == 0) {
		nq_ledger_close_parts(l);
		if (f.nrows && f.rows[f.nrows - 1].line < f.rows[0].line)
			__builtin_trap(); /* rows come in the file's order */
		nq_rows_free(&f);
	}
	nq_keyset_free(&keys);
	nq_ledger_free(l);
}

/* Every row of the bytes in memory, with the fast path or without:
 * each row's code, line, offset, cells and the reader's place after it
 * folded into a hash (FNV-1a). */
static uint64_t scan_all(const uint8_t *data, size_t size, int fast)
{
	struct rd r;
	uint64_t h = 1469598103934665603ULL;
	int rc, guard = 0;
	size_t k;

	nq_rd_fast = fast;
#define MIX(x) (h = (h ^ (uint64_t)(x)) * 1099511628211ULL)
	nq_rd_open_mem(&r, (const char *)data, size);
	do {
		rc = nq_rd_row(&r);
		MIX(rc);
		MIX(r.row_line);
		MIX(r.row_off);
		MIX(r.line);
		MIX(r.off);
		MIX(r.quoted);
		if (rc == ROW_OK || rc == ROW_CUT) {
			/* the cells' starts and the text's bytes (a cut
			 * row's last cell has no NUL) */
			for (MIX(r.ncell), k = 0; k < r.ncell; k++)
				MIX(r.cell[k]);
			for (MIX(r.tlen), k = 0; k < r.tlen; k++)
				MIX((unsigned char)r.text[k]);
		}
		if (rc == ROW_BAD)
			MIX(r.bad);
	} while (rc == ROW_OK && ++guard < 100000);
#undef MIX
	nq_rd_close(&r);
	nq_rd_fast = 1;
	return h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	nq_table *t = NULL;
	nq_error err = { { 0 }, 0, 0, { 0 } };
	char msg[1024];
	const nq_chain_check *ch;
	size_t r, c, sum = 0;
	double v;
	static FILE *devnull;

	/* the reader's warnings are its output, not findings: away with them
	 * (a crash still reports on stderr) */
	if (!devnull && (devnull = fopen("/dev/null", "w")))
		nq_table_warn_to(devnull);
	if (scan_all(data, size, 1) != scan_all(data, size, 0))
		__builtin_trap(); /* the fast path cut a row differently */
	rows_read(data, size);
	if (nq_table_parse((const char *)data, size, "fuzz.csv", &t, &err)) {
		nq_error_format(&err, msg, sizeof msg);
		return 0;
	}
	ch = nq_table_chain(t);
	if (ch->nchanged > nq_table_nrows(t) || ch->nrows > nq_table_nrows(t))
		__builtin_trap(); /* only rows taken are checked */
	for (r = 0; r < ch->nchanged && r < NQ_TAMPER_SHOWN; r++)
		if (ch->shown[r] >= nq_table_nrows(t) ||
		    !nq_table_line(t, ch->shown[r]))
			__builtin_trap(); /* a changed row is a row */
	for (c = 0; c < nq_table_ncols(t); c++) {
		const char *name = nq_table_colname(t, c);

		sum += strlen(name);
		if (nq_table_col(t, name) < 0)
			__builtin_trap(); /* a column is found by its name */
		sum += (size_t)nq_table_col_numeric(t, (int)c);
		for (r = 0; r < nq_table_nrows(t); r++) {
			const char *cell = nq_table_cell(t, r, (int)c);

			sum += strlen(cell);
			if (nq_table_number(cell, &v) == 0)
				sum++;
		}
	}
	(void)sum;
	nq_table_free(t);
	return 0;
}
