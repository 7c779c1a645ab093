/*
 * runner.h - one run in a child process of its own, with limits and
 * timing; the answer comes back through a pipe.
 */
#ifndef NQ_RUNNER_H
#define NQ_RUNNER_H

#include "experiment.h"

/* How a run ended. `disputed`: its answer differs from another's and
 * nothing decides which is right (validate.h); `skipped`: not run, an
 * earlier size timed out (after_timeout: skip). */
typedef enum nq_status {
	NQ_ST_OK = 0, NQ_ST_WRONG, NQ_ST_TIMEOUT, NQ_ST_MEMOUT,
	NQ_ST_CRASH, NQ_ST_ERROR, NQ_ST_DISPUTED, NQ_ST_SKIPPED,
	NQ_ST__COUNT
} nq_status;

const char *nq_status_name(nq_status st);

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
	char cpus[64];         /* the cores it was pinned to, "0", "2-3"; empty:
				  not pinned */
} nq_run;

typedef struct nq_limits {
	double timeout_s;      /* > 0 */
	uint64_t memory_kib;   /* 0: none */
	uint64_t seed;
	/* Where the child's stderr goes: appended to log_path, after a line
	 * "=== log_label ===", at most NQ_LOG_MAX bytes a run; NULL: into
	 * the run's temporary directory, dropped with it. */
	const char *log_path;
	const char *log_label;
} nq_limits;

#define NQ_LOG_MAX (1024 * 1024)

/* Run approach `a` on `inst` in a forked child. Always fills `run` (status
 * ok means "answered", before validation). Returns -1 only when the
 * harness itself cannot go on (fork or pipe failed), with err set. */
int nq_run_one(const nq_approach *a, const nq_instance *inst,
	       const nq_limits *lim, nq_run *run, nq_error *err);
void nq_run_clear(nq_run *run);

/* Kill the current child's process group, if any (for SIGINT, SIGTERM,
 * SIGHUP handling; async-signal-safe). Every later run is killed as soon
 * as it starts: the harness is stopping. */
void nq_runner_abort(void);

#endif
