/*
 * guard.c - see guard.h.
 *
 * The child writes a magic number, a length and fn's bytes to a pipe and
 * _exits; only a whole message is an answer (an exit(0) inside the hook
 * is not one). What it says it is doing goes to a page shared with the
 * parent (MAP_SHARED), which outlives a crash.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "guard.h"
#include "host.h"

#define GUARD_MAGIC 0x6e716764u /* "nqgd" */
#define STAGE_LEN 256

static char *stage; /* the shared page, in a guarded child only */

void nq_guard_stage(const char *fmt, ...)
{
	va_list ap;

	if (!stage)
		return;
	va_start(ap, fmt);
	vsnprintf(stage, STAGE_LEN, fmt, ap);
	va_end(ap);
}

static _Noreturn void child(nq_guard_fn fn, void *ctx, size_t cap, int fd,
			    pid_t parent)
{
	uint32_t head[2];
	char *buf;
	size_t n;
	int null;

	setpgid(0, 0);
	nq_contain_child(parent);
	signal(SIGPIPE, SIG_DFL);
	/* a crash is the kernel's to report (a sanitizer build's handlers
	 * would exit 1 with a report); what the plugin says here it says
	 * again when the harness loads it */
	signal(SIGSEGV, SIG_DFL);
	signal(SIGBUS, SIG_DFL);
	signal(SIGILL, SIG_DFL);
	signal(SIGFPE, SIG_DFL);
	if ((null = open("/dev/null", O_WRONLY | O_CLOEXEC)) >= 0) {
		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
		close(null);
	}
	if (!(buf = malloc(cap ? cap : 1)))
		_exit(1);
	n = fn(ctx, buf, cap);
	if (n > cap)
		n = cap;
	head[0] = GUARD_MAGIC;
	head[1] = (uint32_t)n;
	_exit(nq_write_all(fd, head, sizeof head) ||
	      nq_write_all(fd, buf, n) ? 1 : 0);
}

long nq_guard_call(nq_guard_fn fn, void *ctx, void *out, size_t cap,
		   double limit_s, char *why, size_t whylen)
{
	size_t need = 2 * sizeof(uint32_t) + cap, got = 0;
	double deadline = nq_now() + limit_s;
	int fds[2], status = 0, timed_out = 0, exited = 0, sig = 0;
	nq_contain c;
	char *shared, *msg;
	uint32_t head[2];
	siginfo_t si;
	pid_t pid, parent = getpid();
	long rc = -1;

	why[0] = '\0';
	if (!(msg = malloc(need))) {
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	shared = mmap(NULL, STAGE_LEN, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED) {
		free(msg);
		snprintf(why, whylen, "mmap: %s", strerror(errno));
		return -1;
	}
	shared[0] = '\0';
	if (nq_contain_begin(&c) < 0) {
		snprintf(why, whylen, "not loaded: the harness is stopping "
			 "(signal %d)", nq_contain_signal());
		goto out;
	}
	if (pipe(fds) < 0) {
		snprintf(why, whylen, "pipe: %s", strerror(errno));
		nq_contain_end(&c, 0);
		goto out;
	}
	fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	fcntl(fds[1], F_SETFD, FD_CLOEXEC);
	fcntl(fds[0], F_SETFL, O_NONBLOCK);
	fflush(NULL); /* nothing buffered may be written twice */
	pid = fork();
	if (pid < 0) {
		snprintf(why, whylen, "fork: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		nq_contain_end(&c, 0);
		goto out;
	}
	if (pid == 0) {
		close(fds[0]);
		stage = shared;
		child(fn, ctx, cap, fds[1], parent);
	}
	setpgid(pid, pid);
	close(fds[1]);
	/* read until the child has exited and the pipe is drained (a
	 * grandchild may hold it open), or the time is up */
	for (;;) {
		struct pollfd pf = { fds[0], POLLIN, 0 };
		ssize_t r;

		while (got < need &&
		       (r = read(fds[0], msg + got, need - got)) > 0)
			got += (size_t)r;
		if (exited)
			break;
		memset(&si, 0, sizeof si);
		if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
		    si.si_pid == pid) {
			exited = 1; /* one more read: what it wrote last */
			continue;
		}
		if ((sig = nq_contain_signal()))
			break;
		if (nq_now() >= deadline) {
			timed_out = 1;
			break;
		}
		poll(&pf, 1, 20);
	}
	/* what it started, while its number is still held */
	kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	close(fds[0]);
	/* and what left its group (and what of the group is still dying:
	 * it all comes to the harness; the group's number is not used
	 * again, it may be another's by now); a signal ends the harness
	 * here, or goes to the handler that was there */
	nq_contain_end(&c, 0);
	if (sig) {
		snprintf(why, whylen, "not loaded: the harness is stopping "
			 "(signal %d)", sig);
		goto out;
	}
	memcpy(head, msg, got < sizeof head ? got : sizeof head);
	if (!timed_out && WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
	    got >= sizeof head && head[0] == GUARD_MAGIC && head[1] <= cap &&
	    got == sizeof head + head[1]) {
		memcpy(out, msg + sizeof head, head[1]);
		rc = (long)head[1];
		goto out;
	}
	if (timed_out)
		snprintf(why, whylen, "did not return within %g s (killed)",
			 limit_s);
	else if (WIFSIGNALED(status))
		snprintf(why, whylen, "crashed (signal %d, %s)",
			 WTERMSIG(status), strsignal(WTERMSIG(status)));
	else
		snprintf(why, whylen, "ended the process (exit status %d) "
			 "instead of returning",
			 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	shared[STAGE_LEN - 1] = '\0';
	if (shared[0]) {
		size_t at = strlen(why);

		if (at < whylen)
			snprintf(why + at, whylen - at, " while %s", shared);
	}
out:
	munmap(shared, STAGE_LEN);
	free(msg);
	return rc;
}
