/*
 * runlimits.h - what a run may use (time, memory, disk, processes) and
 * where its stderr goes: the runner's callers fill it, the child and
 * the runner apply it.
 */
#ifndef NQ_RUNLIMITS_H
#define NQ_RUNLIMITS_H

#include <stdint.h>
#include "experiment.h" /* NQ_DISK_DEFAULT */

typedef struct nq_limits {
	double timeout_s;      /* > 0 */
	uint64_t memory_kib;   /* 0: none */
	/* The bytes a run may write, in KiB: each file it writes anywhere
	 * (RLIMIT_FSIZE) and its directory in all (the runner watches it);
	 * 0: none; NQ_DISK_DEFAULT: 1 GiB, or half the free space of the
	 * run directory's file system when that is less. */
	uint64_t disk_kib;
	/* The most processes and threads the run's tree may have at once
	 * (the pids controller, else counted by the runner); 0: none. */
	int processes;
	uint64_t seed;
	/* Where the child's stderr goes: appended to log_path, after a line
	 * "=== log_label ===", at most NQ_LOG_MAX bytes a run; NULL: into
	 * the run's temporary directory, dropped with it. */
	const char *log_path;
	const char *log_label;
} nq_limits;

#endif
