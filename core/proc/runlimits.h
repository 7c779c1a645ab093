/*
 * runlimits.h - what a run may use (time, memory) and where its stderr
 * goes: the runner's callers fill it, the child applies it.
 */
#ifndef NQ_RUNLIMITS_H
#define NQ_RUNLIMITS_H

#include <stdint.h>

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

#endif
