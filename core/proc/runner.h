/*
 * runner.h - one run in a child process of its own, with limits and
 * timing; the answer comes back through a pipe. Several runs may be in
 * flight at once (nq_runner_start, nq_runner_wait_any), each pinned to CPUs of
 * its own; the parent stays single-threaded and polls them all.
 */
#ifndef NQ_RUNNER_H
#define NQ_RUNNER_H

#include <sys/types.h>
#include "experiment.h"
#include "errlog.h"
#include "runlimits.h"
#include "status.h"
#include "cpus.h"

/* Run approach `a` on `inst` in a forked child. Always fills `run` (status
 * ok means "answered", before validation). Returns -1 only when the
 * harness itself cannot go on (fork or pipe failed), with err set.
 * The same as nq_runner_start (not pinned) and nq_runner_wait_any on it
 * alone. */
int nq_runner_one(const nq_approach *a, const nq_instance *inst,
		  const nq_limits *lim, nq_run *run, nq_error *err);

/*
 * Several runs at once. The rules:
 *
 * - nq_runner_start forks the run's child and returns at once. `a`, `in`
 *   and `lim` need to live only through the call (the child has its own
 *   copy; log_path and log_label are copied). The child and everything it
 *   starts is pinned to cpus[0..ncpus-1] with sched_setaffinity before
 *   the solver starts (ncpus == 0: not pinned); CPUs the harness may not
 *   use make the run an `error`. Returns NULL with err set only when the
 *   harness cannot go on (fork, pipe, temporary directory, more than
 *   NQ_RUN_MAX_INFLIGHT in flight).
 * - nq_runner_wait_any waits until one of p[0..n-1] has ended (NULL entries
 *   are skipped), or max_wait_s has passed (< 0: no limit). It returns
 *   the index i of an ended run, with `run` filled exactly as nq_runner_one
 *   fills it, the handle freed and p[i] set to NULL; -2 when max_wait_s
 *   passed with none ended, or none of p[] is in flight; -1 with err set
 *   when the harness cannot go on (the run it was ending freed and its
 *   p[i] NULL; the others still in flight: nq_runner_cancel them). Every run
 *   in p[] is watched while it waits, whichever is returned: a run's
 *   wall time ends when its own child exits, and a run whose deadline
 *   passes is killed (timeout) while others go on. Runs that ended
 *   together are returned by the next calls, at once.
 * - A run in flight not in p[] is not watched meanwhile (its deadline and
 *   exit are seen late): pass every run in flight.
 * - nq_runner_cancel kills a run in flight and frees it, nothing reported
 *   (NULL its entry in the caller's array).
 * - Only the runner reaps the harness's children while runs are in
 *   flight: the caller must not wait(), waitpid(-1) or set SIGCHLD to
 *   SIG_IGN, nor fork children of its own meanwhile (they would be
 *   killed as orphans, below, when no run is in flight any more).
 * - A run holds four descriptors until it is handed back (its message
 *   and stderr pipes, its pidfd, its stderr spool), all close-on-exec.
 * - A signal handler may call nq_runner_abort; nq_runner_wait_any goes on
 *   through EINTR, so the killed runs come back as usual.
 *
 * Ending a run's tree touches no other run: when a run ends, its process
 * group is killed, its cgroup (if any) emptied, and the orphans the
 * harness (a child subreaper) inherited from it are killed and reaped:
 * with a cgroup, the processes in it; without, those in its process
 * group, and those that left it (setsid) but carry the run's mark (its
 * directory's mark file mapped, or NQ_RUN_DIR in their environment;
 * runtree.h). An orphan without the mark cannot be told from another
 * run's: every process left under the harness is killed and reaped when
 * no run is in flight any more (the last one in flight has ended), as
 * after every run when one runs at a time. The first run of a harness
 * ends what harnesses that died left: their run directories' marked
 * processes, their directories, their cgroups.
 *
 * The harness itself keeps one run in flight per process: jobs: N > 1
 * gives each slot a worker process of its own (worker.h), so every
 * run's leftovers, marked or not, are ended when the run ends.
 */
typedef struct nq_pending nq_pending;

#define NQ_RUN_MAX_INFLIGHT 1024

nq_pending *nq_runner_start(const nq_approach *a, const nq_instance *in,
			    const nq_limits *lim, const int *cpus, int ncpus,
			    nq_error *err);
int nq_runner_wait_any(nq_pending **p, size_t n, double max_wait_s,
		       nq_run *run, nq_error *err);
void nq_runner_cancel(nq_pending *p);

/* Kill every run in flight (its process group), for SIGINT, SIGTERM,
 * SIGHUP handling; async-signal-safe. Every later run is killed as soon
 * as it starts: the harness is stopping. The runs killed still end
 * through nq_runner_wait_any (status crash, killed by signal 9). */
void nq_runner_abort(void);

/* 1 once nq_runner_abort was called in this process. */
int nq_runner_aborted(void);

/* A process that makes runs for this one (worker.h) in helper slot
 * `slot` (below NQ_RUN_MAX_INFLIGHT): nq_runner_abort sends it SIGTERM
 * (at once when it was called before). pid 0 empties the slot. */
void nq_runner_helper(int slot, pid_t pid);

/* Once per process, before its first run (nq_runner_start does it): the
 * process made a child subreaper (a run's orphans come to it), and, in
 * the first process of a harness, what harnesses that died left ended
 * (nq_rundir_sweep). */
void nq_runner_prepare(void);

/* The harness is done with runs: the emptied run directories it kept
 * for the next runs are removed (nothing else; no run may be in
 * flight). */
void nq_runner_end(void);

/* Tests only: wait with the sleeping loop, as where there is no pidfd. */
extern int nq_runner_no_pidfd;

#endif
