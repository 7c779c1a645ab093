/*
 * host.c - see host.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "host.h"

static long ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long)(t.tv_sec - t0->tv_sec) * 1000 +
	       (t.tv_nsec - t0->tv_nsec) / 1000000;
}

int nq_meta_capture(char *const argv[], char *buf, size_t len,
		    int timeout_ms)
{
	struct timespec t0;
	int fd[2], status = 0, eof = 0, timed_out = 0;
	size_t used = 0;
	pid_t pid, w;

	buf[0] = '\0';
	if (len < 2 || pipe(fd) < 0)
		return -1;
	pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);

		setpgid(0, 0);
		if (null >= 0) {
			dup2(null, 0);
			close(null);
		} else {
			close(0);
		}
		dup2(fd[1], 1);
		dup2(fd[1], 2);
		close(fd[0]);
		close(fd[1]);
		signal(SIGPIPE, SIG_DFL);
		execv(argv[0], argv);
		_exit(127);
	}
	setpgid(pid, pid); /* as the child does: no race with kill() below */
	close(fd[1]);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (used + 1 < len) {
		struct pollfd p = { fd[0], POLLIN, 0 };
		long left = timeout_ms - ms_since(&t0);
		ssize_t n;
		int r;

		if (left <= 0) {
			timed_out = 1;
			break;
		}
		r = poll(&p, 1, (int)left);
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0)
			timed_out = 1;
		if (r <= 0)
			break;
		n = read(fd[0], buf + used, len - 1 - used);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			eof = n == 0;
			break;
		}
		used += (size_t)n;
	}
	buf[used] = '\0';
	close(fd[0]);
	/* Output closed: let it exit within what is left of the time. Out
	 * of time, or enough read: kill its whole process group (a shell
	 * script's children too), then reap it. */
	for (;;) {
		if (!eof || ms_since(&t0) >= timeout_ms) {
			if (eof)
				timed_out = 1;
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			while ((w = waitpid(pid, &status, 0)) < 0 &&
			       errno == EINTR)
				;
			if (w < 0)
				return -1;
			break;
		}
		w = waitpid(pid, &status, WNOHANG);
		if (w == pid)
			break;
		if (w < 0 && errno != EINTR)
			return -1;
		{
			struct timespec ten = { 0, 10 * 1000 * 1000 };

			nanosleep(&ten, NULL);
		}
	}
	if (timed_out)
		return -2;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

int nq_find_program(const char *command, char *buf, size_t len)
{
	const char *path = getenv("PATH"), *p, *colon;
	char prog[256], file[PATH_MAX], real[PATH_MAX];
	size_t plen;
	struct stat st;

	command += strspn(command, " \t");
	plen = strcspn(command, " \t");
	if (!plen || plen >= sizeof prog)
		return -1;
	snprintf(prog, sizeof prog, "%.*s", (int)plen, command);
	file[0] = '\0';
	if (strchr(prog, '/')) {
		snprintf(file, sizeof file, "%s", prog);
	} else {
		for (p = path ? path : "/usr/local/bin:/usr/bin:/bin"; p;
		     p = colon ? colon + 1 : NULL) {
			colon = strchr(p, ':');
			snprintf(file, sizeof file, "%.*s/%s",
				 colon ? (int)(colon - p) : (int)strlen(p),
				 colon == p || !*p ? "." : p, prog);
			if (access(file, X_OK) == 0 && stat(file, &st) == 0 &&
			    S_ISREG(st.st_mode))
				break;
			file[0] = '\0';
		}
	}
	if (!file[0] || access(file, X_OK) != 0 || stat(file, &st) != 0 ||
	    !S_ISREG(st.st_mode) || !realpath(file, real))
		return -1;
	snprintf(buf, len, "%s", real);
	return 0;
}

int nq_pid_gone(long pid)
{
	char path[64], stat[512], *close_paren, state = '?';
	ssize_t r;
	int fd;

	if (pid <= 0)
		return 1;
	if (kill((pid_t)pid, 0) < 0 && errno == ESRCH)
		return 1;
	snprintf(path, sizeof path, "/proc/%ld/stat", pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return errno == ENOENT;
	r = read(fd, stat, sizeof stat - 1);
	close(fd);
	if (r <= 0)
		return 0;
	stat[r] = '\0';
	/* "pid (comm) S ...": comm may hold anything, ')' too */
	if ((close_paren = strrchr(stat, ')')))
		sscanf(close_paren + 1, " %c", &state);
	return state == 'Z' || state == 'X';
}
