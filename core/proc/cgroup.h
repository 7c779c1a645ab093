/*
 * cgroup.h - a control group for each run, where one can be made: its
 * memory limit covers the run's whole process tree and counts resident
 * memory; its peak memory and CPU time are the tree's; its OOM counter
 * says a memout. cgroup v2 (with the memory controller enabled) or v1
 * (memory and cpuacct controllers); else nothing, and the runner keeps
 * rlimits and wait4 (runner.c).
 */
#ifndef NQ_CGROUP_H
#define NQ_CGROUP_H

#include <stdint.h>
#include <sys/types.h>

typedef struct nq_cgroup {
	int version;           /* 1 or 2; 0: none made */
	char mem[512];         /* v1: the memory cgroup; v2: the cgroup */
	char cpu[512];         /* v1: the cpuacct cgroup (may be mem) */
	char pids[512];        /* v1: the pids cgroup (may be mem); v2:
				  mem when its pids controller is on; ""
				  where there is no pids controller */
} nq_cgroup;

/* What runs are measured by: "cgroup-v2", "cgroup-v1" or "rlimit".
 * Probed once (a test cgroup made and removed); NQ_NO_CGROUP=1 in the
 * environment forces "rlimit". Stale cgroups of a harness that died are
 * emptied and removed on the way. */
const char *nq_cgroup_kind(void);

/* Make the cgroup of a run, new and empty (one of the same name that a
 * killed harness of the same PID left is removed first), with memory_kib
 * (0: none) as its memory limit and max_pids (0: none) as the most
 * processes and threads its tree may have at once (the pids controller,
 * where there is one: cg->pids[0] then). 0, or -1 when none can be made
 * (cg->version 0). */
int nq_cgroup_create(nq_cgroup *cg, uint64_t memory_kib, int max_pids);

/* How many times a fork or clone in cg failed at its max_pids (the pids
 * controller's "max" event); 0 where there is no pids cgroup. */
long nq_cgroup_pids_hit(const nq_cgroup *cg);

/* In the child: move the calling process into cg. 0 or -1. */
int nq_cgroup_enter(const nq_cgroup *cg);

/* The processes in cg now (v1: its memory and cpuacct cgroups), at
 * most cap of them into pids; how many were stored. */
int nq_cgroup_pids(const nq_cgroup *cg, pid_t *pids, int cap);

/* SIGKILL every process in cg until it is empty (a few seconds at
 * most). */
void nq_cgroup_kill(const nq_cgroup *cg);

/* The tree's CPU time (s) now, to the microsecond or better. 0, or -1. */
int nq_cgroup_cpu(const nq_cgroup *cg, double *cpu_s);

/* The tree's CPU time (s), peak memory (KiB; -1 unknown) and how many
 * processes the kernel's OOM killer ended in it. */
void nq_cgroup_usage(const nq_cgroup *cg, double *cpu_s, long *peak_kib,
		     long *oom_kills);

/* Remove cg (killing what is left in it first). */
void nq_cgroup_remove(nq_cgroup *cg);

#endif
