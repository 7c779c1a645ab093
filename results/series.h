/*
 * series.h - the series of a results table (cells.h): which columns
 * name one (--group, the `approach` column, or in files from before it
 * solver/encoding with the options where they vary), its label in a
 * row. Their order and colours are the cells' (cells.c).
 */
#ifndef NQ_SERIES_H
#define NQ_SERIES_H

#include <stddef.h>
#include "table.h"


/* The group spec (`group`, comma-separated columns; NULL: the default)
 * into column indices cols[] (room for 8), *ncols of them. 0, or -1
 * with err set (a column not there, too many, none). */
int nq_series_cols(const nq_table *t, const char *name, const char *group,
		   int *cols, size_t *ncols, nq_error *err);
/* Row r's series label: the columns' cells joined by '/', the options
 * column (options_col) as " [..]"; "(none)" when all are empty. */
void nq_series_label(const nq_table *t, size_t r, const int *cols,
		     size_t ncols, int options_col, char *buf, size_t len);

#endif
