/*
 * runner.c - one run in a forked child; see runner.h.
 *
 * The child sets its limits, calls the solver, writes a fixed-size
 * message (a magic number, the return code and nq_result) and then the
 * placement, if any, to a pipe, and exits. The parent reads the pipe with
 * a deadline, kills the child when the deadline passes, and reaps it with
 * wait4() for its CPU time and peak RSS. Nothing the child does can take
 * the parent down.
 *
 * Only the message carries a verdict: a child that ends without a whole
 * one is `crash`, whatever its exit status (a solver's exit(86) once read
 * as memout). Running out of memory where no error can be returned
 * (nq_oom, inside a library's allocator) sends a message too, with
 * NQ_ENOMEM, through the hook the child installs (nq_oom_hook).
 *
 * Nothing outlives its run. The child is the leader of a process group
 * of its own; it dies with the harness (PR_SET_PDEATHSIG, and an
 * RLIMIT_CPU a little past the timeout times the cores as a last guard);
 * the harness is a child subreaper, so a solver's orphaned grandchildren
 * (even ones that left the group with setsid) become its children. At
 * the end of every run, whatever its status, the group is killed, every
 * process left under the harness is killed and reaped, and the run's
 * temporary directory (made by the parent, $TMPDIR and NQ_RUN_DIR in the
 * child) is removed. The answer is taken when the message has arrived
 * whole, not when the pipe closes: a grandchild holding the pipe open
 * changes nothing.
 *
 * The child's stderr is a pipe the parent reads while it waits: up to
 * NQ_LOG_MAX bytes a run go to the log (nq_limits.log_path), never to
 * the terminal; the last non-empty line joins the note of a run that is
 * not ok.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "cgroup.h"
#include "errlog.h"
#include "runner.h"
#include "solvers.h"

#if defined(__SANITIZE_ADDRESS__)
#define NQ_HAVE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NQ_HAVE_ASAN 1
#endif
#endif

static volatile pid_t current_child;
static volatile sig_atomic_t aborted; /* nq_runner_abort was called */

static const char *const status_names[NQ_ST__COUNT] = {
	"ok", "wrong", "timeout", "memout", "crash", "error", "disputed",
	"skipped"
};

const char *nq_status_name(nq_status st)
{
	return st >= 0 && st < NQ_ST__COUNT ? status_names[st] : "?";
}

#define MESSAGE_MAGIC 0x6e71726eu /* "nqrn" */

struct message {
	uint32_t magic;
	int32_t rc;
	int32_t has_placement;
	double started;        /* CLOCK_MONOTONIC when the solver began */
	nq_result res;
};

void nq_run_clear(nq_run *run)
{
	free(run->res.placement);
	memset(run, 0, sizeof *run);
}

void nq_runner_abort(void)
{
	pid_t pid = current_child;

	aborted = 1;
	if (pid > 0) {
		kill(-pid, SIGKILL);
		kill(pid, SIGKILL);
	}
}

static void result_init(nq_result *res)
{
	memset(res, 0, sizeof *res);
	res->unique = NQ_UNIQUE_NA;
	res->vars = res->constraints = res->nonzeros = NQ_NA;
	res->nodes = res->decisions = res->conflicts = res->iterations = NQ_NA;
}


/* In the child: where nq_oom's message goes. */
static struct message *child_msg;
static int child_fd = -1;

/* nq_oom in the child: a memout message through the pipe, then exit. No
 * allocation here (memory just ran out). */
static void child_oom(void)
{
	static const char note[] = "ran out of memory (an allocation failed "
				   "inside the solver)";
	struct message *m = child_msg;

	if (m && child_fd >= 0) {
		m->magic = MESSAGE_MAGIC;
		m->rc = NQ_ENOMEM;
		m->has_placement = 0;
		memcpy(m->res.note, note, sizeof note);
		if (nq_write_all(child_fd, m, sizeof *m) == 0)
			_exit(0);
	}
	_exit(1);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The RLIMIT_CPU of a run: a last guard for a child the harness could
 * not kill, so it must not cut a run the timeout would not: the timeout
 * on every core (a solver may use them all), 10% and 2 s more. */
static rlim_t cpu_guard(double timeout_s)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	double s = timeout_s * (double)(cores > 0 ? cores : 1) * 1.1 + 2.0;

	return s > 1e9 ? (rlim_t)1e9 : (rlim_t)s + 1;
}

static void child(const nq_approach *a, const nq_instance *in,
		  const nq_limits *lim, int fd, int errfd, pid_t parent,
		  const char *dir, const nq_cgroup *cg)
{
	struct message m;
	struct rlimit rl;
	nq_job job;
	int devnull;

	/* a process group of its own (the parent sets it too: no race),
	 * and death with the harness: if the harness died before prctl,
	 * the parent is someone else already */
	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
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
	if (errfd >= 0) {
		dup2(errfd, STDERR_FILENO);
		close(errfd);
	}
	/* temporary files: in the run's directory, which the parent removes */
	setenv("TMPDIR", dir, 1);
	setenv("NQ_RUN_DIR", dir, 1);
	rl.rlim_cur = cpu_guard(lim->timeout_s);
	rl.rlim_max = rl.rlim_cur + 5;
	setrlimit(RLIMIT_CPU, &rl);
	if (cg->version && nq_cgroup_enter(cg) < 0) {
		static const char note[] = "cannot enter the run's cgroup";

		m.magic = MESSAGE_MAGIC;
		m.rc = NQ_ERR;
		result_init(&m.res);
		memcpy(m.res.note, note, sizeof note);
		_exit(nq_write_all(fd, &m, sizeof m) ? 1 : 0);
	}
#ifndef NQ_HAVE_ASAN
	/* AddressSanitizer reserves terabytes of address space up front, so
	 * an address-space limit would kill every run of a sanitizer build
	 * (a cgroup's limit, on resident memory, does not) */
	if (lim->memory_kib && !cg->version) {
		rl.rlim_cur = rl.rlim_max = (rlim_t)lim->memory_kib * 1024;
		setrlimit(RLIMIT_AS, &rl);
	}
#endif
	result_init(&m.res);
	m.res.placement = malloc((size_t)in->n * sizeof(int32_t));
	if (!m.res.placement)
		child_oom();
	job.inst = in;
	job.opt = a->opt;
	job.seed = lim->seed;
	job.time_limit_s = lim->timeout_s;
	m.started = now();
	m.rc = a->solver->solve(&job, &m.res);
	m.magic = MESSAGE_MAGIC;
	m.res.note[sizeof m.res.note - 1] = '\0';
	m.has_placement = m.rc == NQ_OK && in->mode == NQ_MODE_FIRST &&
			  m.res.solutions == 1;
	if (nq_write_all(fd, &m, sizeof m) ||
	    (m.has_placement &&
	     nq_write_all(fd, m.res.placement, (size_t)in->n * sizeof(int32_t))))
		_exit(1);
	_exit(0);
}

static double tv_s(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6;
}

/* Read the child's message into buf (cap bytes) until it is whole (the
 * fixed part, then the placement if it has one), EOF, or the deadline;
 * the child's stderr goes to the log meanwhile. Returns bytes read;
 * *timed_out set when the deadline passed. */
static size_t read_message(int fd, char *buf, size_t cap, double deadline,
			   int *timed_out, nq_errlog *log)
{
	size_t got = 0, need = sizeof(struct message);

	*timed_out = 0;
	while (got < need) {
		struct pollfd p[2] = { { fd, POLLIN, 0 },
				       { log->fd, POLLIN, 0 } };
		double left = deadline - now();
		int ms, rc;
		ssize_t r;

		if (left <= 0) {
			*timed_out = 1;
			return got;
		}
		ms = left > 1e6 ? 1000000000 : (int)(left * 1000.0) + 1;
		rc = poll(p, log->fd >= 0 ? 2 : 1, ms);
		if (rc < 0 && errno == EINTR)
			continue;
		if (rc < 0)
			return got;
		if (rc == 0)
			continue; /* the loop head decides */
		if (log->fd >= 0 && p[1].revents)
			nq_errlog_read(log);
		if (!p[0].revents)
			continue;
		r = read(fd, buf + got, need - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return got;
		got += (size_t)r;
		if (got == sizeof(struct message) && need < cap) {
			struct message m;

			memcpy(&m, buf, sizeof m);
			if (m.magic == MESSAGE_MAGIC && m.has_placement)
				need = cap;
		}
	}
	return got;
}

static void remove_tree(const char *path, int depth);

static const char *tmp_dir(void)
{
	const char *tmp = getenv("TMPDIR");

	return tmp && *tmp ? tmp : "/tmp";
}

/* The run's temporary directory: $TMPDIR (or /tmp)/nq-run-PID-XXXXXX,
 * PID the harness's. */
static int make_run_dir(char *dir, size_t len)
{
	snprintf(dir, len, "%s/nq-run-%ld-XXXXXX", tmp_dir(), (long)getpid());
	return mkdtemp(dir) ? 0 : -1;
}

/* The run directories of harnesses that died (SIGKILL leaves them). */
static void sweep_run_dirs(void)
{
	const char *tmp = tmp_dir();
	struct dirent *e;
	DIR *d = opendir(tmp);

	if (!d)
		return;
	while ((e = readdir(d))) {
		char path[4096], *end;
		long pid;

		if (strncmp(e->d_name, "nq-run-", 7))
			continue;
		pid = strtol(e->d_name + 7, &end, 10);
		if (pid <= 0 || *end != '-' || pid == (long)getpid() ||
		    !(kill((pid_t)pid, 0) < 0 && errno == ESRCH))
			continue;
		snprintf(path, sizeof path, "%s/%s", tmp, e->d_name);
		remove_tree(path, 0);
	}
	closedir(d);
}

/* rm -rf, without following symlinks. */
static void remove_tree(const char *path, int depth)
{
	struct stat st;
	struct dirent *e;
	DIR *d;

	if (lstat(path, &st) < 0)
		return;
	if (!S_ISDIR(st.st_mode) || depth > 64) {
		unlink(path);
		return;
	}
	chmod(path, 0700); /* a solver may have taken its write bit */
	if ((d = opendir(path))) {
		char sub[4096];

		while ((e = readdir(d)))
			if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
				snprintf(sub, sizeof sub, "%s/%s", path,
					 e->d_name);
				remove_tree(sub, depth + 1);
			}
		closedir(d);
	}
	rmdir(path);
}

/* SIGKILL every process whose parent is the harness; how many. */
static int kill_children(void)
{
	pid_t me = getpid();
	struct dirent *e;
	DIR *d = opendir("/proc");
	int n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		char path[300], stat[512], *close_paren;
		long pid, ppid;
		ssize_t r;
		int fd;

		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
		if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
			continue;
		r = read(fd, stat, sizeof stat - 1);
		close(fd);
		if (r <= 0)
			continue;
		stat[r] = '\0';
		/* "pid (comm) S ppid ...": comm may hold anything */
		if (!(close_paren = strrchr(stat, ')')) ||
		    sscanf(close_paren + 1, " %*c %ld", &ppid) != 1)
			continue;
		pid = strtol(e->d_name, NULL, 10);
		if (ppid == (long)me && pid > 0) {
			kill((pid_t)pid, SIGKILL);
			n++;
		}
	}
	closedir(d);
	return n;
}

/* The end of a run: its process group killed, and every process left
 * under the harness (the subreaper inherits a run's orphans, in the
 * group or not) killed and reaped. Between runs the harness has no
 * children of its own. */
static void end_tree(pid_t pgid)
{
	int i;

	kill(-pgid, SIGKILL);
	for (i = 0; i < 20000; i++) { /* 10 s at most */
		pid_t w;

		while ((w = waitpid(-1, NULL, WNOHANG)) > 0)
			;
		if (w < 0 && errno == ECHILD)
			return;
		if (i % 20 == 0)
			kill_children();
		usleep(500);
	}
}

/* Reap `pid` if it exits before the deadline: 0 when reaped, -1 if not.
 * A child normally exits right after closing the pipe, so this returns
 * at once; waiting on a pidfd keeps the wall time free of polling
 * delays, with a sleeping loop where the kernel has no pidfd. */
static int wait_exit(pid_t pid, double deadline, int *status,
		     struct rusage *ru)
{
#ifdef SYS_pidfd_open
	int pfd = (int)syscall(SYS_pidfd_open, pid, 0);

	if (pfd >= 0) {
		for (;;) {
			struct pollfd p = { pfd, POLLIN, 0 };
			double left = deadline - now();
			int rc;

			if (left <= 0)
				break;
			rc = poll(&p, 1, (int)(left * 1000.0) + 1);
			if (rc < 0 && errno == EINTR)
				continue;
			if (rc != 0 && wait4(pid, status, WNOHANG, ru) == pid) {
				close(pfd);
				return 0;
			}
			if (rc < 0)
				break;
		}
		close(pfd);
		return -1;
	}
#endif
	for (;;) {
		if (wait4(pid, status, WNOHANG, ru) == pid)
			return 0;
		if (now() >= deadline)
			return -1;
		usleep(200);
	}
}

/* One run, from its setup to its end. */
struct run_state {
	char *buf;              /* the child's message, then its placement */
	size_t cap, got;
	char dir[600], dirlog[700];
	nq_errlog log;
	struct rusage ru;
	nq_cgroup cg;
	long oom_kills;
	int fds[2], errp[2], status, timed_out;
	double t0;
	pid_t pid, parent;
};

/* Before the fork: the subreaper (once), the cgroup, the run's directory,
 * the message pipe and the stderr pipe, the log. 0, or -1 with err set
 * and everything made undone (the buffer freed). */
static int run_setup(struct run_state *s, const nq_instance *in,
		     const nq_limits *lim, nq_run *run, nq_error *err)
{
	static int subreaper;

	memset(run, 0, sizeof *run);
	memset(&s->ru, 0, sizeof s->ru);
	result_init(&run->res);
	run->measured_by = "rlimit";
	if (!s->buf)
		return nq_error_set(err, NULL, 0, 0, "out of memory for a "
				    "placement of n=%d", in->n);
	if (!subreaper) {
		/* a run's orphans come to the harness, to be ended */
		prctl(PR_SET_CHILD_SUBREAPER, 1);
		subreaper = 1;
		sweep_run_dirs();
	}
	if (strcmp(nq_cgroup_kind(), "rlimit") &&
	    nq_cgroup_create(&s->cg, lim->memory_kib) == 0)
		run->measured_by = nq_cgroup_kind();
	else
		memset(&s->cg, 0, sizeof s->cg);
	if (make_run_dir(s->dir, sizeof s->dir) < 0) {
		nq_cgroup_remove(&s->cg);
		free(s->buf);
		return nq_error_set(err, NULL, 0, 0, "cannot make a temporary "
				    "directory (%s): %s", s->dir,
				    strerror(errno));
	}
	if (pipe(s->fds) < 0) {
		nq_cgroup_remove(&s->cg);
		remove_tree(s->dir, 0);
		free(s->buf);
		return nq_error_set(err, NULL, 0, 0, "pipe: %s", strerror(errno));
	}
	if (pipe(s->errp) < 0) {
		close(s->fds[0]);
		close(s->fds[1]);
		nq_cgroup_remove(&s->cg);
		remove_tree(s->dir, 0);
		free(s->buf);
		return nq_error_set(err, NULL, 0, 0, "pipe: %s", strerror(errno));
	}
	/* close-on-exec: a program a solver runs never holds the pipe */
	fcntl(s->fds[0], F_SETFD, FD_CLOEXEC);
	fcntl(s->fds[1], F_SETFD, FD_CLOEXEC);
	fcntl(s->errp[0], F_SETFD, FD_CLOEXEC);
	fcntl(s->errp[1], F_SETFD, FD_CLOEXEC);
	fcntl(s->errp[0], F_SETFL, O_NONBLOCK);
	memset(&s->log, 0, sizeof s->log);
	s->log.fd = s->errp[0];
	s->log.out = -1;
	snprintf(s->dirlog, sizeof s->dirlog, "%s/stderr", s->dir);
	s->log.path = lim->log_path ? lim->log_path : s->dirlog;
	s->log.label = lim->log_label;
	return 0;
}

/* The fork: the child runs the solver; the parent makes it the leader of
 * its own process group and keeps the pipes' read ends. 0, or -1 with
 * err set and everything made undone (the buffer freed). */
static int run_fork(struct run_state *s, const nq_approach *a,
		    const nq_instance *in, const nq_limits *lim,
		    nq_error *err)
{
	fflush(NULL); /* nothing buffered may be written twice */
	s->t0 = now();
	s->pid = fork();
	if (s->pid < 0) {
		close(s->fds[0]);
		close(s->fds[1]);
		close(s->errp[0]);
		close(s->errp[1]);
		nq_cgroup_remove(&s->cg);
		remove_tree(s->dir, 0);
		free(s->buf);
		return nq_error_set(err, NULL, 0, 0, "fork: %s", strerror(errno));
	}
	if (s->pid == 0) {
		close(s->fds[0]);
		close(s->errp[0]);
		child(a, in, lim, s->fds[1], s->errp[1], s->parent, s->dir,
		      &s->cg);
	}
	setpgid(s->pid, s->pid);
	current_child = s->pid;
	if (aborted) { /* the signal came before current_child was set */
		kill(-s->pid, SIGKILL);
		kill(s->pid, SIGKILL);
	}
	close(s->fds[1]);
	close(s->errp[1]);
	return 0;
}

/* The message, read against the deadline, and the child reaped: by the
 * deadline, or killed (with its group) and then timed out. */
static void run_wait(struct run_state *s, const nq_limits *lim)
{
	double deadline = s->t0 + lim->timeout_s;

	s->got = read_message(s->fds[0], s->buf, s->cap, deadline,
			      &s->timed_out, &s->log);
	close(s->fds[0]);
	/* the message is whole (or never will be); give the child until the
	 * deadline to exit */
	if (!s->timed_out &&
	    wait_exit(s->pid, deadline, &s->status, &s->ru) == 0)
		return;
	s->timed_out = 1;
	kill(-s->pid, SIGKILL);
	kill(s->pid, SIGKILL);
	while (wait4(s->pid, &s->status, 0, &s->ru) < 0 && errno == EINTR)
		;
}

/* After the reaping: the wall time, CPU time and peak memory; the tree
 * ended, the log closed, the directory and the cgroup removed. */
static void run_measure(struct run_state *s, nq_run *run)
{
	struct message m;

	current_child = 0;
	run->wall_s = now() - s->t0;
	/* from the solver's start: not the fork, the cgroup, the setup */
	if (!s->timed_out && s->got >= sizeof m) {
		memcpy(&m, s->buf, sizeof m);
		if (m.magic == MESSAGE_MAGIC && m.started > s->t0 &&
		    m.started < s->t0 + run->wall_s)
			run->wall_s -= m.started - s->t0;
	}
	run->cpu_s = tv_s(s->ru.ru_utime) + tv_s(s->ru.ru_stime);
	run->peak_rss_kib = s->ru.ru_maxrss;
	nq_cgroup_kill(&s->cg);
	end_tree(s->pid);
	nq_errlog_close(&s->log);
	remove_tree(s->dir, 0);
	if (s->cg.version) {
		/* the whole tree's, not the child's alone */
		long peak;

		nq_cgroup_usage(&s->cg, &run->cpu_s, &peak, &s->oom_kills);
		if (peak >= 0)
			run->peak_rss_kib = peak;
		nq_cgroup_remove(&s->cg);
	}
}

/* The status of a run the kernel ended (the OOM killer, the timeout, a
 * signal): 1 when it was, with the note; 0 when the child exited. */
static int run_ended(const struct run_state *s, const nq_limits *lim,
		     nq_run *run)
{
	int status = s->status;

	if (s->oom_kills > 0 &&
	    !(WIFEXITED(status) && s->got >= sizeof(struct message) &&
	      ((struct message *)(void *)s->buf)->rc == NQ_OK &&
	      !s->timed_out)) {
		/* the kernel's OOM killer, in the run's cgroup: memout,
		 * whoever it hit (the child or a program it ran) */
		run->status = NQ_ST_MEMOUT;
		snprintf(run->note, sizeof run->note, "the kernel's OOM killer "
			 "ended %ld process%s of the run (memory limit %llu "
			 "KiB, the whole process tree)", s->oom_kills,
			 s->oom_kills == 1 ? "" : "es",
			 (unsigned long long)lim->memory_kib);
		return 1;
	}
	if (s->timed_out) {
		run->status = NQ_ST_TIMEOUT;
		snprintf(run->note, sizeof run->note,
			 "killed at the %gs timeout", lim->timeout_s);
		return 1;
	}
	if (WIFSIGNALED(status)) {
		run->status = NQ_ST_CRASH;
		snprintf(run->note, sizeof run->note, "killed by signal %d (%s)",
			 WTERMSIG(status), strsignal(WTERMSIG(status)));
		return 1;
	}
	return 0;
}

/* The status from the child's message (an exit status says nothing):
 * 0, or -1 with err set and the buffer freed (no memory for the
 * placement). */
static int run_answer(struct run_state *s, const nq_instance *in,
		      nq_run *run, nq_error *err)
{
	struct message m;
	int status = s->status;

	memcpy(&m, s->buf, s->got < sizeof m ? s->got : sizeof m);
	if (s->got < sizeof m || m.magic != MESSAGE_MAGIC ||
	    !WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
	    (m.has_placement && s->got < s->cap)) {
		run->status = NQ_ST_CRASH;
		snprintf(run->note, sizeof run->note,
			 "exited with status %d without a whole answer",
			 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		return 0;
	}
	run->res = m.res;
	run->res.placement = NULL;
	run->res.note[sizeof run->res.note - 1] = '\0';
	switch (m.rc) {
	case NQ_OK:
		run->status = NQ_ST_OK;
		run->answered = 1;
		if (m.has_placement) {
			run->res.placement = malloc((size_t)in->n * sizeof(int32_t));
			if (!run->res.placement) {
				free(s->buf);
				return nq_error_set(err, NULL, 0, 0,
						    "out of memory");
			}
			memcpy(run->res.placement, s->buf + sizeof m,
			       (size_t)in->n * sizeof(int32_t));
		}
		break;
	case NQ_ENOMEM:
		run->status = NQ_ST_MEMOUT;
		break;
	case NQ_ETIMEOUT:
		run->status = NQ_ST_TIMEOUT;
		break;
	default:
		run->status = NQ_ST_ERROR;
		break;
	}
	if (run->status != NQ_ST_OK)
		snprintf(run->note, sizeof run->note, "%s",
			 run->res.note[0] ? run->res.note
			 : run->status == NQ_ST_TIMEOUT ? "stopped itself at the time limit"
			 : run->status == NQ_ST_MEMOUT ? "ran out of memory"
			 : "the solver reported an error");
	return 0;
}

int nq_run_one(const nq_approach *a, const nq_instance *in,
	       const nq_limits *lim, nq_run *run, nq_error *err)
{
	struct run_state s;

	memset(&s, 0, sizeof s);
	s.cap = sizeof(struct message) + (size_t)in->n * sizeof(int32_t);
	s.buf = malloc(s.cap);
	s.parent = getpid();
	if (run_setup(&s, in, lim, run, err) ||
	    run_fork(&s, a, in, lim, err))
		return -1;
	run_wait(&s, lim);
	run_measure(&s, run);
	if (!run_ended(&s, lim, run) && run_answer(&s, in, run, err))
		return -1;
	if (run->status != NQ_ST_OK && s.log.last[0]) {
		char note[sizeof run->note];

		snprintf(note, sizeof note, "%.150s; stderr: %.95s",
			 run->note, s.log.last);
		memcpy(run->note, note, sizeof note);
	}
	free(s.buf);
	return 0;
}
