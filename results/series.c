/*
 * series.c - see series.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "series.h"
#include "strset.h"

/* Do rows of one solver and encoding disagree on their options? Then the
 * options column is part of the series too. One pass, by hashing: the
 * first options of each (solver, encoding) are kept and compared. */
static int options_vary(const nq_table *t, const char *name, int s, int e,
			int o, int *cols, size_t *ncols, nq_error *err)
{
	struct nq_strset pairs;
	const char **first = NULL;
	size_t r, cap = 0, idx, had;
	int rc = 0;
	char key[1024];

	memset(&pairs, 0, sizeof pairs);
	for (r = 0; r < nq_table_nrows(t); r++) {
		const char *opt = nq_table_cell(t, r, o);

		/* solver and encoding, apart by a byte no name holds */
		snprintf(key, sizeof key, "%s\x1f%s", nq_table_cell(t, r, s),
			 nq_table_cell(t, r, e));
		had = pairs.n;
		if (nq_strset_intern(&pairs, key, &idx) < 0)
			goto oom;
		if (pairs.n > had) {
			if (idx == cap) {
				size_t c = cap ? 2 * cap : 16;
				const char **p = realloc(first, c * sizeof *p);

				if (!p)
					goto oom;
				first = p;
				cap = c;
			}
			first[idx] = opt;
		} else if (strcmp(first[idx], opt)) {
			cols[(*ncols)++] = o;
			break;
		}
	}
	goto out;
oom:
	rc = nq_error_set(err, name, 0, 0, "out of memory");
out:
	nq_strset_free(&pairs, 1);
	free(first);
	return rc;
}

int nq_series_cols(const nq_table *t, const char *name, const char *group,
		      int *cols, size_t *ncols, nq_error *err)
{
	char buf[256], *p, *save = NULL;

	*ncols = 0;
	if (!group && nq_table_col(t, "approach") >= 0) {
		/* the harness named each approach when it ran */
		cols[(*ncols)++] = nq_table_col(t, "approach");
		return 0;
	}
	if (!group) {
		/* files from before the `approach` column: solver/encoding,
		 * and options where one approach's rows disagree on them */
		int s = nq_table_col(t, "solver"), e = nq_table_col(t, "encoding");
		int o = nq_table_col(t, "options");

		if (s < 0)
			return nq_error_set(err, name, 0, 0, "no column 'solver': "
					    "is this a harness results file?");
		cols[(*ncols)++] = s;
		if (e >= 0)
			cols[(*ncols)++] = e;
		if (o < 0)
			return 0;
		return options_vary(t, name, s, e, o, cols, ncols, err);
	}
	if (snprintf(buf, sizeof buf, "%s", group) >= (int)sizeof buf)
		return nq_error_set(err, NULL, 0, 0, "--group is too long");
	for (p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
		int c = nq_table_col(t, p);

		if (c < 0)
			return nq_error_set(err, name, 0, 0, "no column '%s' to "
					    "group by", p);
		if (*ncols == 8)
			return nq_error_set(err, NULL, 0, 0, "--group: at most 8 "
					    "columns");
		cols[(*ncols)++] = c;
	}
	if (*ncols == 0)
		return nq_error_set(err, NULL, 0, 0, "--group names no column");
	return 0;
}

void nq_series_label(const nq_table *t, size_t r, const int *cols,
			 size_t ncols, int options_col, char *buf, size_t len)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < ncols && used < len; i++) {
		const char *v = nq_table_cell(t, r, cols[i]);

		if (!v[0])
			continue;
		if (cols[i] == options_col)
			used += (size_t)snprintf(buf + used, len - used, " [%s]", v);
		else
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
						 used ? "/" : "", v);
	}
	if (!buf[0])
		snprintf(buf, len, "(none)");
}
