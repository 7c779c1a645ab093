/*
 * fuzz_csv.c - fuzz target: the results-CSV reader (nq_table_parse) and
 * its accessors: every cell is read and every column tested as numeric,
 * as `report` and `plot` do.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include "table.h"
#include "error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	nq_table *t = NULL;
	nq_error err = { { 0 }, 0, 0, { 0 } };
	char msg[1024];
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
