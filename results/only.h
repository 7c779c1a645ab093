/*
 * only.h - the `--only KEY=VALUES` filters that `report` and `plot` share:
 * which rows of a results table they show.
 *
 *   approach=A,B,...   approaches by name, as the table labels them (the
 *                      `approach` column; older files: solver/encoding);
 *                      a name may hold shell wildcards (* ? [...]:
 *                      fnmatch), e.g. every backtrack variant
 *   n=8-12,16          board sizes: numbers and ranges (8-12 or 8..12)
 *   mode=count,first   modes
 *
 * Values of one key add up (`--only approach=a --only approach=b` keeps
 * both); different keys must all match. A name that no row has is an
 * error with a did-you-mean (base/units.c), so a typo never silently
 * empties a figure.
 *
 * nq_only_new() returns a filter that owns its text; nq_only_free() it.
 */
#ifndef NQ_ONLY_H
#define NQ_ONLY_H

#include <stddef.h>
#include "table.h"
#include "error.h"

typedef struct nq_only nq_only;

nq_only *nq_only_new(void);
void nq_only_free(nq_only *o);

/* Add one `KEY=VALUES` (the text after --only). -1 with err set when the
 * key is unknown (did you mean), a value is empty or a range malformed. */
int nq_only_add(nq_only *o, const char *spec, nq_error *err);

/* Check the filter against `t` (read from `name`) and decide each row:
 * -1 with err set when an approach or mode no row has is named (did you
 * mean, and the choices), or when no row is left. */
int nq_only_bind(nq_only *o, const nq_table *t, const char *name,
		 nq_error *err);

/* Is row r of the bound table kept? Every row when o is NULL or empty. */
int nq_only_keep(const nq_only *o, size_t r);

/* Does the filter say anything (was any --only given)? */
int nq_only_any(const nq_only *o);

#endif
