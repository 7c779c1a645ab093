/*
 * fuzz_csv.c - fuzz target: the results store's one CSV scanner
 * (core/store/csvscan.c), through the table reader (nq_table_parse), the
 * digest chain it checks as it reads (chain.c) and the table's
 * accessors: every cell is read and every column tested as numeric, as
 * `report` and `plot` do. Resume and merge read through the same
 * scanner (rows.c), from a file.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include "chain.h"
#include "error.h"
#include "table.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
