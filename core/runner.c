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
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "runner.h"
#include "../solvers/solvers.h"

#if defined(__SANITIZE_ADDRESS__)
#define NQ_HAVE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NQ_HAVE_ASAN 1
#endif
#endif

static volatile pid_t current_child;

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

	if (pid > 0)
		kill(pid, SIGKILL);
}

static void result_init(nq_result *res)
{
	memset(res, 0, sizeof *res);
	res->unique = NQ_UNIQUE_NA;
	res->vars = res->constraints = res->nonzeros = NQ_NA;
	res->nodes = res->decisions = res->conflicts = res->iterations = NQ_NA;
}

static int write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t w = write(fd, p, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		len -= (size_t)w;
	}
	return 0;
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
		if (write_all(child_fd, m, sizeof *m) == 0)
			_exit(0);
	}
	_exit(1);
}

static void child(const nq_approach *a, const nq_instance *in,
		  const nq_limits *lim, int fd)
{
	struct message m;
	nq_job job;
	int devnull;

	memset(&m, 0, sizeof m);
	child_msg = &m;
	child_fd = fd;
	nq_oom_hook = child_oom;

	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	/* keep the terminal for the harness: a chatty solver's stdout goes */
	devnull = open("/dev/null", O_WRONLY);
	if (devnull >= 0) {
		dup2(devnull, STDOUT_FILENO);
		close(devnull);
	}
#ifndef NQ_HAVE_ASAN
	/* AddressSanitizer reserves terabytes of address space up front, so
	 * an address-space limit would kill every run of a sanitizer build */
	if (lim->memory_kib) {
		struct rlimit rl;

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
	m.rc = a->solver->solve(&job, &m.res);
	m.magic = MESSAGE_MAGIC;
	m.res.note[sizeof m.res.note - 1] = '\0';
	m.has_placement = m.rc == NQ_OK && in->mode == NQ_MODE_FIRST &&
			  m.res.solutions == 1;
	if (write_all(fd, &m, sizeof m) ||
	    (m.has_placement &&
	     write_all(fd, m.res.placement, (size_t)in->n * sizeof(int32_t))))
		_exit(1);
	_exit(0);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double tv_s(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6;
}

/* Read the child's message into buf (cap bytes) until EOF or the
 * deadline. Returns bytes read; *timed_out set when the deadline passed. */
static size_t read_message(int fd, char *buf, size_t cap, double deadline,
			   int *timed_out)
{
	size_t got = 0;
	char sink[4096];

	*timed_out = 0;
	for (;;) {
		struct pollfd p = { fd, POLLIN, 0 };
		double left = deadline - now();
		int ms, rc;
		ssize_t r;

		if (left <= 0) {
			*timed_out = 1;
			return got;
		}
		ms = left > 1e6 ? 1000000000 : (int)(left * 1000.0) + 1;
		rc = poll(&p, 1, ms);
		if (rc < 0 && errno == EINTR)
			continue;
		if (rc < 0)
			return got;
		if (rc == 0)
			continue; /* the loop head decides */
		if (got < cap)
			r = read(fd, buf + got, cap - got);
		else
			r = read(fd, sink, sizeof sink); /* more than expected */
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return got;
		if (got < cap)
			got += (size_t)r;
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

int nq_run_one(const nq_approach *a, const nq_instance *in,
	       const nq_limits *lim, nq_run *run, nq_error *err)
{
	size_t cap = sizeof(struct message) + (size_t)in->n * sizeof(int32_t);
	char *buf = malloc(cap);
	struct message m;
	struct rusage ru;
	int fds[2], status = 0, timed_out;
	size_t got;
	double t0, deadline;
	pid_t pid;

	memset(run, 0, sizeof *run);
	result_init(&run->res);
	if (!buf)
		return nq_error_set(err, NULL, 0, 0, "out of memory for a "
				    "placement of n=%d", in->n);
	if (pipe(fds) < 0) {
		free(buf);
		return nq_error_set(err, NULL, 0, 0, "pipe: %s", strerror(errno));
	}
	/* close-on-exec: a program a solver runs never holds the pipe */
	fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	fcntl(fds[1], F_SETFD, FD_CLOEXEC);
	fflush(NULL); /* nothing buffered may be written twice */
	t0 = now();
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		free(buf);
		return nq_error_set(err, NULL, 0, 0, "fork: %s", strerror(errno));
	}
	if (pid == 0) {
		close(fds[0]);
		child(a, in, lim, fds[1]);
	}
	current_child = pid;
	close(fds[1]);
	deadline = t0 + lim->timeout_s;
	got = read_message(fds[0], buf, cap, deadline, &timed_out);
	close(fds[0]);
	/* the pipe is closed; give the child until the deadline to exit */
	if (!timed_out && wait_exit(pid, deadline, &status, &ru) == 0)
		goto reaped;
	timed_out = 1;
	kill(pid, SIGKILL);
	while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR)
		;
reaped:
	current_child = 0;
	run->wall_s = now() - t0;
	run->cpu_s = tv_s(ru.ru_utime) + tv_s(ru.ru_stime);
	run->peak_rss_kib = ru.ru_maxrss;

	if (timed_out) {
		run->status = NQ_ST_TIMEOUT;
		snprintf(run->note, sizeof run->note,
			 "killed at the %gs timeout", lim->timeout_s);
		goto out;
	}
	if (WIFSIGNALED(status)) {
		run->status = NQ_ST_CRASH;
		snprintf(run->note, sizeof run->note, "killed by signal %d (%s)",
			 WTERMSIG(status), strsignal(WTERMSIG(status)));
		goto out;
	}
	/* The verdict is the message's alone: an exit status says nothing */
	memcpy(&m, buf, got < sizeof m ? got : sizeof m);
	if (got < sizeof m || m.magic != MESSAGE_MAGIC || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0 || (m.has_placement && got < cap)) {
		run->status = NQ_ST_CRASH;
		snprintf(run->note, sizeof run->note,
			 "exited with status %d without a whole answer",
			 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		goto out;
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
				free(buf);
				return nq_error_set(err, NULL, 0, 0,
						    "out of memory");
			}
			memcpy(run->res.placement, buf + sizeof m,
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
out:
	free(buf);
	return 0;
}
