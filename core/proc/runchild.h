/*
 * runchild.h - the child's side of a run, for the runner only: what it
 * does between the fork and its exit, and the message it sends back.
 */
#ifndef NQ_RUNCHILD_H
#define NQ_RUNCHILD_H

#include <sys/types.h>
#include "cgroup.h"
#include "experiment.h"
#include "runlimits.h"

#define NQ_MESSAGE_MAGIC 0x6e71726eu /* "nqrn" */
#define NQ_READY_MAGIC 0x6e717264u   /* "nqrd" */

/* The handshake: the first thing on the pipe, a uint32_t
 * NQ_READY_MAGIC, written by the harness's own child code when it is set
 * up and before any code of the solver's runs. The child then waits for
 * one byte on the release socket; the parent's clock starts when it sends
 * that byte, and stops when the message below has arrived whole. No
 * figure of the child's is a time in the CSV. */

/* The fixed part of what the child writes to the pipe after the
 * handshake, then the placement (n int32_t) when has_placement. */
struct nq_message {
	uint32_t magic;
	int32_t rc;
	int32_t has_placement;
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
	int gofd;              /* the release socket: the child's end */
	pid_t parent;
	const char *dir;       /* the run's temporary directory */
	const nq_cgroup *cg;
	uint64_t disk_kib;     /* the run's disk cap, resolved; 0: none */
};

/* In the child: set everything up (every descriptor but these pipes and
 * 0-2 closed: another run's pipes, the CSV, the lock are not the
 * solver's), send the handshake, wait for the release, run the solver,
 * send the message, exit. Never returns. */
_Noreturn void nq_child(const struct nq_child_args *c);

/* Close every descriptor from `from` on but keep[0..nkeep-1] (sorted,
 * each >= from): the run's child, and a worker (worker.c). */
void nq_close_from(int from, const int *keep, int nkeep);

#endif
