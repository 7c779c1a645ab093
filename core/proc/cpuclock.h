/*
 * cpuclock.h - a run's CPU time as the parent reads it, at a moment of
 * its choosing: at the release and at the answer, so that cpu_s covers
 * the interval wall_s covers (runner.c). Nothing here asks the child.
 */
#ifndef NQ_CPUCLOCK_H
#define NQ_CPUCLOCK_H

#include <sys/types.h>

typedef struct nq_cpu_now {
	double self_s;   /* the process's threads, live and ended: exact */
	double reaped_s; /* the children it waited for: in clock ticks */
	int threads;     /* its threads now */
} nq_cpu_now;

/* Process pid's CPU time now (pid running or a zombie not yet reaped).
 * 0, or -1 when it cannot be read (gone, or no /proc). */
int nq_cpu_read(pid_t pid, nq_cpu_now *c);

/* How coarse reaped_s is: a clock tick, in seconds. */
double nq_cpu_tick(void);

#endif
