/*
 * instfile.h - instance files: CSPLib's Essence' parameter files
 * (prob080 Blocked n-Queens, prob079 n-Queens Completion) and the
 * harness's own YAML (FILE.instances.yaml), read through `instances:`
 * entries `- {file: GLOB, mode: first}` (core/instfile.c) and written by
 * `harness export --format param`.
 *
 * A parameter file, 1-based like the experiment file:
 *
 *   $ a comment, to the end of the line
 *   letting n = 28
 *   letting blocks = [[1,1], [1,2], ...]    blocked squares [row, col]
 *   letting queens = [[3,5], ...]           placed queens (the hints)
 *
 * `be` may stand for `=`, `(r, c)` for `[r, c]`; whitespace and newlines
 * anywhere between tokens; each letting at most once; n required.
 */
#ifndef NQ_INSTFILE_H
#define NQ_INSTFILE_H

#include <stddef.h>
#include <stdio.h>
#include "error.h"
#include "nq_plugin.h"

/* What a parameter file says, 0-based; the arrays malloc'd (NULL when
 * empty), the blocked squares sorted by row then column, the queens in
 * the order given. */
struct nq_param {
	int n;
	nq_square *blocked;
	int nblocked;
	nq_square *queens;
	int nqueens;
};

/* Parse `len` bytes of `text`, read from `path` (for messages). 0; -1
 * with err at FILE:LINE:COL saying what was expected or what is wrong
 * (a square off the board or given twice, queens attacking each other
 * or on a blocked square). *p needs nq_param_free only on 0. */
int nq_param_parse(const char *text, size_t len, const char *path,
		   struct nq_param *p, nq_error *err);
void nq_param_free(struct nq_param *p);

/* Write `in` as a parameter file: `letting n`, then `letting blocks`
 * when it has blocked squares, `letting queens` when it has hints, after
 * `comment` (each line behind "$ "). Excluded lines have no letting: the
 * caller refuses them. */
void nq_param_write(FILE *f, const nq_instance *in, const char *comment);

#endif
