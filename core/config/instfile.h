/*
 * instfile.h - instance files as people have them, read through
 * `instances:` entries `- {file: GLOB, mode: first}` (config_file.c):
 * CSPLib's Essence' parameter files (prob080 Blocked n-Queens, prob079
 * n-Queens Completion), PyCSP3's JSON data of Blocked Queens, MiniZinc
 * data (.dzn), and the harness's own YAML (FILE.instances.yaml, read by
 * the experiment file's loader). `harness export` writes the first two
 * (--format param, json).
 *
 * A parameter file, 1-based like the experiment file (instfile.c):
 *
 *   $ a comment, to the end of the line
 *   letting n = 28
 *   letting blocks = [[1,1], [1,2], ...]    blocked squares [row, col]
 *   letting queens = [[3,5], ...]           placed queens (the hints)
 *
 * `be` may stand for `=`, `(r, c)` for `[r, c]`; a comma after a list's
 * last pair; whitespace and newlines anywhere between tokens; each
 * letting at most once; n required.
 *
 * PyCSP3's JSON (instfile_data.c), 0-based: {"n": 28, "blocks": [[0, 0],
 * [0, 1], ...]}, the two keys in either order, nothing else.
 *
 * prob079's Excluded Diagonals files (instfile.c), 0-based, read from
 * a .param file that opens with `n` rather than `letting`:
 *
 *   n =  10
 *   numdiags =  14
 *   diags =  [[4, 1], [2, 1], [14, 0], ...]     [number, kind]
 *
 * kind 1 a sum diagonal (row + col = number), kind 0 a difference
 * diagonal (row - col + n - 1 = number); an instance is the first M
 * (nq_param_first), M from the experiment file's `diagonals:`.
 *
 * MiniZinc data (instfile_data.c), 1-based: `n = 28; blocks = [| 1, 1 |
 * 1, 2 |];`, `%` and block comments, `[| |]`, `[]` or array2d(1..K, 1..2,
 * [r, c, ...]) as MiniZinc reads them; also `queens` (the hints, the same
 * shape) and `excluded_diagonals` / `excluded_antidiagonals` ([D, ...],
 * numbered as the experiment file's `excluded`), as the minizinc solver
 * writes its data.
 */
#ifndef NQ_INSTFILE_H
#define NQ_INSTFILE_H

#include <stddef.h>
#include <stdio.h>
#include "error.h"
#include "instfile_read.h"
#include "nq_plugin.h"

/* struct nq_param (what an instance file says) and nq_param_free are
 * in instfile_read.h. */

/* The formats of instance files. */
enum nq_instfile_format {
	NQ_INSTFILE_PARAM,  /* Essence' parameters (.param) */
	NQ_INSTFILE_JSON,   /* PyCSP3's JSON (.json) */
	NQ_INSTFILE_DZN,    /* MiniZinc data (.dzn) */
	NQ_INSTFILE_YAML    /* the harness's own (.yaml, .yml) */
};

/* The format of the file at `path`: by its extension (.param, .json,
 * .dzn, .yaml, .yml), else by its first token past blanks and comments:
 * `{` JSON; `letting`, `language` or a `$` comment parameters; a `%`
 * comment, a `/` (a block comment) or a name followed by `=` MiniZinc,
 * but `n = N numdiags` (no `;`: an Excluded Diagonals file) parameters;
 * anything else parameters (whose reader then says what it expected). */
enum nq_instfile_format nq_instfile_format(const char *path,
					   const char *text, size_t len);

/* Parse `len` bytes of `text`, read from `path` (for messages), in
 * format f (not YAML). 0; -1 with err at FILE:LINE:COL saying what was
 * expected or what is wrong (a square off the board or given twice,
 * queens attacking each other or on a blocked square). *p needs
 * nq_param_free only on 0. */
int nq_instfile_parse(enum nq_instfile_format f, const char *text,
		      size_t len, const char *path, struct nq_param *p,
		      nq_error *err);
/* The readers nq_instfile_parse picks from. */
int nq_param_parse(const char *text, size_t len, const char *path,
		   struct nq_param *p, nq_error *err);
/* An Excluded Diagonals file (nq_param_parse hands it on): p holds
 * every line of it, in order in p->lines. */
int nq_diags_parse(const char *text, size_t len, const char *path,
		   struct nq_param *p, nq_error *err);
int nq_json_parse(const char *text, size_t len, const char *path,
		  struct nq_param *p, nq_error *err);
int nq_dzn_parse(const char *text, size_t len, const char *path,
		 struct nq_param *p, nq_error *err);

/* Write `in` as a parameter file: `letting n`, then `letting blocks`
 * when it has blocked squares, `letting queens` when it has hints, after
 * `comment` (each line behind "$ "). Excluded lines have no letting: the
 * caller refuses them. */
void nq_param_write(FILE *f, const nq_instance *in, const char *comment);

/* Write `in` as PyCSP3's JSON data of Blocked Queens, 0-based, on one
 * line as PyCSP3's own files: {"n": N, "blocks": [[r, c], ...]}. JSON
 * has no comments, and the data no hints nor excluded lines: the caller
 * refuses those. */
void nq_json_write(FILE *f, const nq_instance *in);

#endif
