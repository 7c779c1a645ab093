/*
 * status.h - what one run gives: how it ended (nq_status) and what it
 * measured and answered (nq_run). The runner fills it, the ledger checks
 * it, the CSV writes it and results/ reads it back.
 */
#ifndef NQ_STATUS_H
#define NQ_STATUS_H

#include "nq_plugin.h"

/* How a run ended. `disputed`: its answer differs from another's and
 * nothing decides which is right (validate.h); `skipped`: not run, an
 * earlier size timed out (after_timeout: skip); `unsolved`: an
 * incomplete method (a local search) ended without a placement and
 * without a proof that none exists (NQ_EUNSOLVED), a finished run that
 * did not solve the instance. */
typedef enum nq_status {
	NQ_ST_OK = 0, NQ_ST_WRONG, NQ_ST_TIMEOUT, NQ_ST_MEMOUT,
	NQ_ST_CRASH, NQ_ST_ERROR, NQ_ST_DISPUTED, NQ_ST_SKIPPED,
	NQ_ST_UNSOLVED,
	NQ_ST__COUNT
} nq_status;

const char *nq_status_name(nq_status st);
/* A status by its name (the CSV's spelling), or -1. */
int nq_status_from_name(const char *name);

typedef struct nq_run {
	nq_status status;
	int answered;          /* the child delivered an answer */
	nq_result res;         /* res.placement: malloc'd, n entries, or NULL */
	double wall_s, cpu_s;
	long peak_rss_kib;
	char note[256];        /* why, for anything but ok */
	char checked[24];      /* what checked the answer (nq_verdict) */
	char options[160];     /* CSV `options` as run: the approach's, with
				  the solver's own choices (res.ran) */
	const char *measured_by; /* "cgroup-v1", "cgroup-v2", "rlimit" */
	char cpus[64];         /* the CPUs the run had ("0", "2-3", "0,2");
				  "" when not pinned */
} nq_run;

/* A result with nothing known: no answer, NQ_NA and NQ_UNIQUE_NA where
 * a count or size is not known (the child before its solver, a row
 * without a run, a row read back). */
void nq_result_init(nq_result *res);

/* Free run->res.placement and zero the run. */
void nq_run_clear(nq_run *run);

#endif
