/*
 * runtree.h - what a run leaves behind and what it runs on, for the
 * runner only: its temporary directory, the processes of its tree (ended
 * without touching the other runs in flight), and the CPUs it is pinned
 * to.
 */
#ifndef NQ_RUNTREE_H
#define NQ_RUNTREE_H

#include <stddef.h>
#include <sys/types.h>
#include "cgroup.h"

/* The run's temporary directory: $TMPDIR (or /tmp)/nq-run-PID-XXXXXX,
 * PID the harness's, new or an emptied one a run before left
 * (nq_rundir_release). 0, or -1 with errno set. */
int nq_rundir_make(char *dir, size_t len);
/* The file in a run's directory that the child maps, its mark: a fork
 * keeps the mapping, whatever its session or group (runtree.c). */
#define NQ_RUN_MARK ".nq-run-mark"
/* The parent: the mark file in a new run directory. The child: map it
 * (before anything of the solver's runs). */
void nq_rundir_mark(const char *dir);
void nq_rundir_wear_mark(const char *dir);
/* The run directories of harnesses that died (SIGKILL leaves them), and
 * every process still carrying the mark of one: killed, removed; and
 * every other temporary directory of a process that died (a probe's,
 * a plot's: nq_tmpdir_make), removed. */
void nq_rundir_sweep(void);
/* The same for one process that made run directories and is gone (a
 * worker killed mid-run, reaped: its pool was never drained). */
void nq_rundir_sweep_of(pid_t pid);
/* The end of a run's directory, its tree ended: emptied and kept for
 * the next run's nq_rundir_make (removed at the harness's exit), or
 * removed. */
void nq_rundir_release(const char *dir);
/* The directories nq_rundir_release kept, removed (in the process that
 * made them; elsewhere nothing). */
void nq_rundir_drain(void);
/* rm -rf, without following symlinks. */
void nq_tree_remove(const char *path);

/* The end of one run's tree, its child already reaped or a zombie: its
 * process group killed, its cgroup (if any) emptied, and the orphans the
 * harness inherited from it (in its group, or in its cgroup) reaped. The
 * other runs in flight are not touched. */
void nq_tree_end_run(pid_t pgid, const nq_cgroup *cg);
/* The end of the processes of the run whose directory is dir that the
 * harness (a subreaper) inherited: every child of the harness that
 * carries the run's mark (its mark file mapped, or NQ_RUN_DIR=dir) is
 * killed and reaped, and so are their children as they come, until none
 * is left; children that ended already (zombies) are reaped. A child
 * for which is_run says 1 (a run's own child) is not touched. */
void nq_tree_end_marked(const char *dir, int (*is_run)(pid_t));
/* The end of every process left under the harness (orphans that left
 * their run's group, with setsid, where no cgroup holds them): only when
 * no run is in flight, for it kills every child of the harness. */
void nq_tree_end_all(void);

#endif
