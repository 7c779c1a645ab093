/*
 * runchild.h - the child's side of a run, for the runner only: what it
 * does between the fork and its exit, and the message it sends back.
 */
#ifndef NQ_RUNCHILD_H
#define NQ_RUNCHILD_H

#include <sys/types.h>
#include "cgroup.h"
#include "runner.h"

#define NQ_MESSAGE_MAGIC 0x6e71726eu /* "nqrn" */

/* The fixed part of what the child writes to the pipe, then the
 * placement (n int32_t) when has_placement. */
struct nq_message {
	uint32_t magic;
	int32_t rc;
	int32_t has_placement;
	double started;        /* CLOCK_MONOTONIC when the solver began */
	char cpus[64];         /* the CPUs the child had ("": not pinned) */
	nq_result res;
};

/* What the child gets from the parent at the fork. */
struct nq_child_args {
	const nq_approach *a;
	const nq_instance *in;
	const nq_limits *lim;
	const int *cpus;       /* pin to these; ncpus 0: not pinned */
	int ncpus;
	int fd, errfd;         /* the message pipe, stderr's; write ends */
	pid_t parent;
	const char *dir;       /* the run's temporary directory */
	const nq_cgroup *cg;
};

/* In the child: set everything up, run the solver, send the message,
 * exit. Never returns. */
_Noreturn void nq_child(const struct nq_child_args *c);

/* A result with nothing known (NQ_NA and the like). */
void nq_result_init(nq_result *res);

#endif
