/*
 * runchild.c - see runchild.h.
 *
 * The child sets its limits, pins itself to its CPUs, calls the solver,
 * writes a fixed-size message (a magic number, the return code and
 * nq_result) and then the placement, if any, to a pipe, and exits. A
 * child that cannot be set up as asked (its cgroup, its CPUs) says so in
 * an error message instead of running the solver elsewhere than asked.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cpus.h"
#include "errlog.h"
#include "external.h"
#include "host.h"
#include "runchild.h"
#include "runtree.h"
#include "solvers.h"
#include "status.h"

#if defined(__SANITIZE_ADDRESS__)
#define NQ_HAVE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NQ_HAVE_ASAN 1
#endif
#endif

/* In the child: where nq_oom's message goes. */
static struct nq_message *child_msg;
static int child_fd = -1;
static int child_ready; /* the handshake is on the pipe */

/* The handshake, once: every message follows it. 0, or -1. */
static int send_ready(int fd)
{
	uint32_t ready = NQ_READY_MAGIC;

	if (child_ready)
		return 0;
	child_ready = 1;
	return nq_write_all(fd, &ready, sizeof ready);
}

/* Close every descriptor from `from` on but `keep` (sorted, >= from). */
void nq_close_from(int from, const int *keep, int nkeep)
{
	long max = sysconf(_SC_OPEN_MAX);
	int fd, k = 0;

	if (max < 0 || max > 65536)
		max = 65536;
#ifdef SYS_close_range
	{
		unsigned lo = (unsigned)from;
		int ok = 1;

		for (k = 0; k <= nkeep && ok; k++) {
			unsigned hi = k < nkeep ? (unsigned)keep[k] : ~0u;

			if (hi > lo)
				ok = syscall(SYS_close_range, lo, hi - 1, 0) == 0;
			if (k < nkeep)
				lo = (unsigned)keep[k] + 1;
		}
		if (ok)
			return;
		k = 0;
	}
#endif
	for (fd = from; fd < max; fd++) {
		if (k < nkeep && fd == keep[k]) {
			k++;
			continue;
		}
		close(fd);
	}
}

/* nq_oom in the child: a memout message through the pipe, then exit. No
 * allocation here (memory just ran out). */
static _Noreturn void child_oom(void)
{
	static const char note[] = "ran out of memory (an allocation failed "
				   "inside the solver)";
	struct nq_message *m = child_msg;

	if (m && child_fd >= 0 && send_ready(child_fd) == 0) {
		m->magic = NQ_MESSAGE_MAGIC;
		m->rc = NQ_ENOMEM;
		m->has_placement = 0;
		memcpy(m->res.note, note, sizeof note);
		if (nq_write_all(child_fd, m, sizeof *m) == 0)
			_exit(0);
	}
	_exit(1);
}

/* In the child: an error message instead of an answer, then exit. */
static _Noreturn void child_refuse(struct nq_message *m, int fd,
				    const char *note)
{
	m->magic = NQ_MESSAGE_MAGIC;
	m->rc = NQ_ERR;
	nq_result_init(&m->res);
	snprintf(m->res.note, sizeof m->res.note, "%s", note);
	_exit(send_ready(fd) || nq_write_all(fd, m, sizeof *m) ? 1 : 0);
}

/* The RLIMIT_CPU of a run: a last guard for a child the harness could
 * not kill, so it must not cut a run the timeout would not: the timeout
 * on every core it may use (a solver may use them all), 10% and 2 s
 * more. */
static rlim_t cpu_guard(double timeout_s, int ncpus)
{
	long cores = ncpus > 0 ? ncpus : sysconf(_SC_NPROCESSORS_ONLN);
	double s = timeout_s * (double)(cores > 0 ? cores : 1) * 1.1 + 2.0;

	return s > 1e9 ? (rlim_t)1e9 : (rlim_t)s + 1;
}

void nq_child(const struct nq_child_args *c)
{
	const nq_limits *lim = c->lim;
	struct nq_message m;
	struct rlimit rl;
	nq_job job;
	int devnull, fd = c->fd, keep[2];
	ssize_t r;
	char go;

	/* a process group of its own (the parent sets it too: no race),
	 * and death with the harness: if the harness died before prctl,
	 * the parent is someone else already */
	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != c->parent)
		_exit(1);
	memset(&m, 0, sizeof m);
	child_msg = &m;
	child_fd = fd;
	nq_oom_hook = child_oom;

	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	/* keep the terminal for the harness: a chatty solver's stdout goes,
	 * its stderr goes to the log, it reads nothing */
	devnull = open("/dev/null", O_RDWR);
	if (devnull >= 0) {
		dup2(devnull, STDIN_FILENO);
		dup2(devnull, STDOUT_FILENO);
		close(devnull);
	}
	if (c->errfd >= 0) {
		dup2(c->errfd, STDERR_FILENO);
		close(c->errfd);
	}
	keep[0] = fd < c->gofd ? fd : c->gofd;
	keep[1] = fd < c->gofd ? c->gofd : fd;
	nq_close_from(3, keep, 2);
	/* temporary files: in the run's directory, which the parent removes */
	setenv("TMPDIR", c->dir, 1);
	setenv("NQ_RUN_DIR", c->dir, 1);
	/* the run's mark, kept by every fork whatever its session: its
	 * orphans are found by it (runtree.c) */
	nq_rundir_wear_mark(c->dir);
	rl.rlim_cur = cpu_guard(lim->timeout_s, c->ncpus);
	rl.rlim_max = rl.rlim_cur + 5;
	setrlimit(RLIMIT_CPU, &rl);
	/* no file it writes grows past the run's disk cap: the writer
	 * gets SIGXFSZ (the runner says why); the directory's total is
	 * the runner's to watch */
	if (c->disk_kib) {
		rl.rlim_cur = rl.rlim_max = (rlim_t)c->disk_kib * 1024;
		setrlimit(RLIMIT_FSIZE, &rl);
	}
	if (c->cg->version && nq_cgroup_enter(c->cg) < 0)
		child_refuse(&m, fd, "cannot enter the run's cgroup");
	/* pinned before anything of the solver's runs: what it starts
	 * inherits the mask */
	if (c->ncpus > 0 &&
	    nq_cpus_pin(c->cpus, c->ncpus, m.cpus, sizeof m.cpus) < 0) {
		char note[200], want[64];

		nq_cpus_format(c->cpus, c->ncpus, want, sizeof want);
		snprintf(note, sizeof note, "cannot pin the run to CPUs %s: %s",
			 want, strerror(errno));
		child_refuse(&m, fd, note);
	}
#ifndef NQ_HAVE_ASAN
	/* AddressSanitizer reserves terabytes of address space up front, so
	 * an address-space limit would kill every run of a sanitizer build
	 * (a cgroup's limit, on resident memory, does not) */
	if (lim->memory_kib && !c->cg->version) {
		rl.rlim_cur = rl.rlim_max = (rlim_t)lim->memory_kib * 1024;
		setrlimit(RLIMIT_AS, &rl);
	}
#endif
	nq_result_init(&m.res);
	m.res.placement = malloc((size_t)c->in->n * sizeof(int32_t));
	if (!m.res.placement)
		child_oom();
	job.inst = c->in;
	job.opt = c->a->opt;
	job.seed = lim->seed;
	job.time_limit_s = lim->timeout_s;
	/* the harness's code has started no process here: one that is here
	 * was started by someone else's before it (a fork handler), outside
	 * the run's cgroup and the clock */
	{
		int st;

		if (waitpid(-1, &st, WNOHANG) != -1 || errno != ECHILD)
			child_refuse(&m, fd, "a process was started in the "
				     "run's child before the harness's own code "
				     "ran (a fork handler?): its work would be "
				     "outside the harness's clock, so the run "
				     "is not made");
	}
	/* ready; the clock starts when the parent releases the run */
	if (send_ready(fd) < 0)
		_exit(1);
	while ((r = read(c->gofd, &go, 1)) < 0 && errno == EINTR)
		;
	if (r != 1)
		_exit(1); /* the parent is gone */
	close(c->gofd);
	/* the host's services (ABI 6), their deadline from now */
	job.host = nq_ext_host(c->dir, &job);
	m.rc = c->a->solver->solve(&job, &m.res);
	m.magic = NQ_MESSAGE_MAGIC;
	m.res.note[sizeof m.res.note - 1] = '\0';
	m.has_placement = m.rc == NQ_OK && c->in->mode == NQ_MODE_FIRST &&
			  m.res.solutions == 1;
	if (nq_write_all(fd, &m, sizeof m) ||
	    (m.has_placement &&
	     nq_write_all(fd, m.res.placement,
			  (size_t)c->in->n * sizeof(int32_t))))
		_exit(1);
	_exit(0);
}
