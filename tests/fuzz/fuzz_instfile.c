/*
 * fuzz_instfile.c - fuzz target: the instance-file readers (instfile.h):
 * every input read as an Essence' parameter file (or prob079's Excluded
 * Diagonals file, which the parameter reader hands on), as PyCSP3's JSON
 * and as MiniZinc data. What a reader accepts must be what it promises: n
 * on the board's range, every square on the board, the lines 0..2n-2,
 * and an error names a line and column (or none, for running out of
 * memory).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "experiment.h"
#include "instfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const struct nq_param *p)
{
	int n = p->n;

	if (n < 1 || n > NQ_MAX_N)
		__builtin_trap();
	for (int i = 0; i < p->nblocked; i++)
		if (p->blocked[i].row < 0 || p->blocked[i].row >= n ||
		    p->blocked[i].col < 0 || p->blocked[i].col >= n)
			__builtin_trap();
	for (int i = 0; i < p->nqueens; i++)
		if (p->queens[i].row < 0 || p->queens[i].row >= n ||
		    p->queens[i].col < 0 || p->queens[i].col >= n)
			__builtin_trap();
	for (int i = 0; i < p->nexcl_diag; i++)
		if (p->excl_diag[i] < 0 || p->excl_diag[i] > 2 * n - 2)
			__builtin_trap();
	for (int i = 0; i < p->nexcl_anti; i++)
		if (p->excl_anti[i] < 0 || p->excl_anti[i] > 2 * n - 2)
			__builtin_trap();
}

/* An Excluded Diagonals file: its lines on the board, none twice (so at
 * most 4n - 2), and any first m of them still so, each kind ascending. */
static void check_diags(struct nq_param *p)
{
	int n = p->n, m = p->nlines / 2;

	if (p->nlines < 0 || p->nlines > 4 * n - 2)
		__builtin_trap();
	for (int i = 0; i < p->nlines; i++)
		if ((p->lines[i].anti != 0 && p->lines[i].anti != 1) ||
		    p->lines[i].v < 0 || p->lines[i].v > 2 * n - 2 ||
		    p->lines[i].line < 1 || p->lines[i].col < 1)
			__builtin_trap();
	nq_param_first(p, m);
	if (p->nexcl_diag + p->nexcl_anti != m)
		__builtin_trap();
	for (int i = 1; i < p->nexcl_diag; i++)
		if (p->excl_diag[i - 1] >= p->excl_diag[i])
			__builtin_trap();
	for (int i = 1; i < p->nexcl_anti; i++)
		if (p->excl_anti[i - 1] >= p->excl_anti[i])
			__builtin_trap();
	check(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum nq_instfile_format f[] = {
		NQ_INSTFILE_PARAM, NQ_INSTFILE_JSON, NQ_INSTFILE_DZN
	};
	const char *text = (const char *)data;

	(void)nq_instfile_format("fuzz", text, size);
	for (size_t k = 0; k < sizeof f / sizeof *f; k++) {
		nq_error err;
		struct nq_param p;

		memset(&err, 0, sizeof err);
		if (nq_instfile_parse(f[k], text, size, "fuzz", &p, &err)) {
			if (err.line < 0 || err.col < 0 || !err.msg[0])
				__builtin_trap();
			continue;
		}
		check(&p);
		if (p.diags_file)
			check_diags(&p);
		nq_param_free(&p);
	}
	return 0;
}
