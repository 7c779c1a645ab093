/*
 * status.c - see status.h.
 */
#include <stdlib.h>
#include <string.h>
#include "status.h"

static const char *const status_names[NQ_ST__COUNT] = {
	"ok", "wrong", "timeout", "memout", "crash", "error", "disputed",
	"skipped", "unsolved"
};

const char *nq_status_name(nq_status st)
{
	return st >= 0 && st < NQ_ST__COUNT ? status_names[st] : "?";
}

int nq_status_from_name(const char *name)
{
	int st;

	for (st = 0; st < NQ_ST__COUNT; st++)
		if (!strcmp(nq_status_name((nq_status)st), name))
			return st;
	return -1;
}

void nq_result_init(nq_result *res)
{
	memset(res, 0, sizeof *res);
	res->unique = NQ_UNIQUE_NA;
	res->vars = res->constraints = res->nonzeros = NQ_NA;
	res->nodes = res->decisions = res->conflicts = res->iterations = NQ_NA;
	res->steps = res->restarts = NQ_NA;
}

void nq_run_clear(nq_run *run)
{
	free(run->res.placement);
	memset(run, 0, sizeof *run);
}
