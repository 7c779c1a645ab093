/*
 * worker.h - runs made by worker processes, for jobs: N > 1 (the job
 * pool, core/run/run_jobs.c). A worker is a fork of the harness, made
 * once, after the experiment is read: it makes one run at a time for
 * the harness with the runner (runner.h), exactly as a harness with
 * one run in flight makes it (the run's fork, limits, cgroup, clock,
 * reaping, its tree ended, its stderr into the log), and hands back the
 * run's nq_run through a pipe. So what a run costs beyond its own time
 * (the fork of a large process, the cgroup's directories, the run's
 * directory, the reaping) is paid by N processes at once, not by one
 * in turn; the harness itself keeps the plan, the ledger and the rows.
 *
 * The rules:
 * - nq_workers_new forks nothing; a worker is forked when it is first
 *   given a run (nq_workers_start), so after the caller's signal
 *   handlers and files are set up (stdio is flushed before each fork).
 *   The caller is made a child subreaper (orphans of a worker's run
 *   whose worker died come to it, and nq_workers_free ends them).
 * - A worker dies with the harness (PR_SET_PDEATHSIG), and its run with
 *   it (the runner's own rules). nq_runner_abort in the harness (a
 *   signal, a failed write) sends every worker SIGTERM: each kills its
 *   run, which comes back through nq_workers_wait as usual.
 * - A worker that dies mid-run (killed from outside, or by the run it
 *   made) hands back its run as a `crash` saying so; so does one that
 *   has not sent its run back 5 s after the run's timeout (and 10% of
 *   it) have passed (stopped, hung): it is killed. A new worker takes
 *   its place at the next start. The harness goes on.
 * - A worker ends its run early only when the harness stops: SIGTERM
 *   from the harness, or a signal the kernel sent (the terminal's
 *   SIGINT or SIGHUP). The same signal from any other process (its own
 *   run) is ignored.
 * - The experiment must not change after the first start: a worker
 *   finds the run's approach and instance by their indices in its copy.
 */
#ifndef NQ_WORKER_H
#define NQ_WORKER_H

#include <stddef.h>
#include "error.h"
#include "experiment.h"
#include "runlimits.h"
#include "status.h"

typedef struct nq_workers nq_workers;

/* Up to n workers (none forked yet) for runs of exp; NULL with err
 * set (no memory). */
nq_workers *nq_workers_new(const nq_experiment *exp, int n, nq_error *err);
/* A worker with no run, or -1 when every one has one. */
int nq_workers_idle(const nq_workers *w);
/* Worker k (idle) makes the run of approach ai on instance spec with
 * limits lim, pinned to cpus[0..ncpus-1]. 0, or -1 with err set (the
 * worker cannot be forked or told; it stays idle). */
int nq_workers_start(nq_workers *w, int k, size_t ai, size_t spec,
		     const nq_limits *lim, const int *cpus, int ncpus,
		     nq_error *err);
/* Wait for a run to end: the worker's index with `run` filled as
 * nq_runner_one fills it (the worker idle again); -2 when no worker has a
 * run; -1 with err set when the harness cannot go on (a worker could
 * not make the run: fork, pipe or directory failed in it; that worker
 * idle again). Goes on through EINTR. */
int nq_workers_wait(nq_workers *w, nq_run *run, nq_error *err);
/* The workers told to end (a run in flight is killed and dropped),
 * reaped, and what their runs left under the harness ended; w freed. */
void nq_workers_free(nq_workers *w);

#endif
