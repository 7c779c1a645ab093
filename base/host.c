/*
 * host.c - see host.h.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "host.h"

/* --- the clock, write_all ---------------------------------------------- */

double nq_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int nq_write_all(int fd, const void *buf, size_t len)
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

static long ms_since(double t0)
{
	return (long)((nq_now() - t0) * 1000.0);
}

/* --- a program started, waited for ------------------------------------- */

/* In the child: descriptor fd (or the file, or /dev/null) as `to`. */
static void child_stream(int fd, const char *file, int to)
{
	int f;

	if (file)
		f = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	else if (fd >= 0)
		f = fd;
	else
		f = open("/dev/null", to == STDIN_FILENO ? O_RDONLY : O_WRONLY);
	if (f < 0) {
		close(to);
		return;
	}
	if (f != to)
		dup2(f, to);
}

pid_t nq_spawn_start(const nq_spawn *s)
{
	pid_t parent = getpid(), pid;
	int fds[3] = { s->in, s->out, s->err }, i;

	fflush(NULL);
	pid = fork();
	if (pid != 0) {
		if (pid > 0 && s->own_group)
			setpgid(pid, pid);
		return pid;
	}
	if (s->own_group)
		setpgid(0, 0);
	if (s->contain)
		nq_contain_child(parent);
	child_stream(s->in, NULL, STDIN_FILENO);
	child_stream(s->out, s->out_file, STDOUT_FILENO);
	child_stream(s->err, s->err_file, STDERR_FILENO);
	for (i = 0; i < 3; i++)
		if (fds[i] > STDERR_FILENO)
			close(fds[i]);
	if (s->close_fd > STDERR_FILENO)
		close(s->close_fd);
	signal(SIGPIPE, SIG_DFL);
	if (s->path_search)
		execvp(s->argv[0], s->argv);
	else
		execv(s->argv[0], s->argv);
	if (s->say_exec_error)
		fprintf(stderr, "cannot run %s: %s\n", s->argv[0],
			strerror(errno));
	_exit(127);
}

static enum nq_proc_end proc_kill(pid_t pid, int group, int *status)
{
	if (group)
		kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
	while (waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			return NQ_PROC_FAILED;
	return NQ_PROC_TIMEOUT;
}

enum nq_proc_end nq_proc_wait(pid_t pid, double deadline, int group,
			      int *status)
{
#ifdef SYS_pidfd_open
	int pfd = (int)syscall(SYS_pidfd_open, pid, 0);

	if (pfd >= 0) {
		for (;;) {
			struct pollfd p = { pfd, POLLIN, 0 };
			double left = deadline > 0 ? deadline - nq_now() : 1e9;
			int rc;

			if (left <= 0)
				break;
			rc = poll(&p, 1, left > 1e6 ? -1
					 : (int)(left * 1000.0) + 1);
			if (rc < 0 && errno == EINTR)
				continue;
			if (rc != 0 && waitpid(pid, status, WNOHANG) == pid) {
				close(pfd);
				return NQ_PROC_EXITED;
			}
			if (rc < 0)
				break;
		}
		close(pfd);
		return proc_kill(pid, group, status);
	}
#endif
	for (;;) {
		pid_t w = waitpid(pid, status, WNOHANG);

		if (w == pid)
			return NQ_PROC_EXITED;
		if (w < 0 && errno != EINTR)
			return NQ_PROC_FAILED;
		if (deadline > 0 && nq_now() >= deadline)
			return proc_kill(pid, group, status);
		usleep(500);
	}
}

/* nq_meta_capture, inside nq_contain_begin/end: the group is killed
 * here, the rest by end. */
static int capture(char *const argv[], char *buf, size_t len,
		   int timeout_ms)
{
	nq_spawn sp = { 0 };
	double t0;
	int fd[2], status = 0, eof = 0, timed_out = 0;
	size_t used = 0;
	pid_t pid, w;

	buf[0] = '\0';
	if (len < 2 || pipe(fd) < 0)
		return -1;
	sp.argv = argv;
	sp.in = -1;
	sp.out = sp.err = fd[1];
	sp.close_fd = fd[0];
	sp.own_group = sp.contain = 1;
	pid = nq_spawn_start(&sp);
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	close(fd[1]);
	t0 = nq_now();
	while (used + 1 < len) {
		struct pollfd p = { fd[0], POLLIN, 0 };
		long left = timeout_ms - ms_since(t0);
		ssize_t n;
		int r;

		if (nq_contain_signal())
			break;
		if (left <= 0) {
			timed_out = 1;
			break;
		}
		/* a signal that comes just before poll: seen within 0.1 s */
		r = poll(&p, 1, left > 100 ? 100 : (int)left);
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0 && left > 100)
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
		if (!eof || ms_since(t0) >= timeout_ms ||
		    nq_contain_signal()) {
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

/* --- containment (host.h) ---------------------------------------------- */

static const int stop_sigs[3] = { SIGINT, SIGTERM, SIGHUP };
static volatile sig_atomic_t stop_sig;
static void (*at_exit)(void);

void nq_contain_at_exit(void (*fn)(void))
{
	at_exit = fn;
}

static void on_stop(int sig)
{
	stop_sig = sig;
}

int nq_contain_signal(void)
{
	return stop_sig;
}

/* The parent of process pid from /proc/PID/stat; -1 when unreadable. */
static pid_t parent_of(const char *pid)
{
	char path[64], st[512], *paren;
	ssize_t r;
	long ppid = -1;
	int fd;

	snprintf(path, sizeof path, "/proc/%s/stat", pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	r = read(fd, st, sizeof st - 1);
	close(fd);
	if (r <= 0)
		return -1;
	st[r] = '\0';
	/* "pid (comm) S ppid ...": comm may hold anything, ')' too */
	if (!(paren = strrchr(st, ')')) ||
	    sscanf(paren + 1, " %*c %ld", &ppid) != 1)
		return -1;
	return (pid_t)ppid;
}

size_t nq_children(pid_t *out, size_t cap)
{
	pid_t self = getpid();
	struct dirent *e;
	size_t n = 0;
	DIR *d;

	/* no /proc/self/task/ * /children on every kernel: the whole table */
	if (!(d = opendir("/proc")))
		return 0;
	while ((e = readdir(d))) {
		if (e->d_name[0] < '1' || e->d_name[0] > '9' ||
		    parent_of(e->d_name) != self)
			continue;
		if (n < cap)
			out[n] = (pid_t)atol(e->d_name);
		n++;
	}
	closedir(d);
	return n;
}

static int listed(const pid_t *set, size_t n, pid_t pid)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (set[i] == pid)
			return 1;
	return 0;
}

void nq_kill_new_children(const pid_t *before, size_t nbefore, pid_t pgid,
			  int limit_ms)
{
	struct timespec tick = { 0, 5 * 1000 * 1000 };
	double t0 = nq_now();
	pid_t kids[256];
	size_t n, i;
	int found;

	/* A killed process's children come to the harness (a subreaper)
	 * as it ends: again until a pass finds nothing of it left. */
	for (;;) {
		if (pgid > 0)
			kill(-pgid, SIGKILL);
		found = pgid > 0 && kill(-pgid, 0) == 0;
		n = nq_children(kids, sizeof kids / sizeof kids[0]);
		if (n > sizeof kids / sizeof kids[0])
			n = sizeof kids / sizeof kids[0];
		for (i = 0; i < n; i++) {
			if (listed(before, nbefore, kids[i]))
				continue;
			found = 1;
			if (getpgid(kids[i]) == kids[i])
				kill(-kids[i], SIGKILL); /* its own group */
			kill(kids[i], SIGKILL);
			waitpid(kids[i], NULL, WNOHANG);
		}
		if (!found || ms_since(t0) >= limit_ms)
			break;
		nanosleep(&tick, NULL);
	}
}

int nq_contain_begin(nq_contain *c)
{
	struct sigaction sa;
	pid_t kids[256];
	size_t n, i;

	memset(c, 0, sizeof *c);
	if (stop_sig)
		return -1;
	if (prctl(PR_GET_CHILD_SUBREAPER, &c->old_subreaper) < 0)
		c->old_subreaper = 0;
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	n = nq_children(kids, sizeof kids / sizeof kids[0]);
	if (n > sizeof kids / sizeof kids[0])
		n = sizeof kids / sizeof kids[0];
	if (n && (c->before = malloc(n * sizeof *c->before))) {
		memcpy(c->before, kids, n * sizeof *kids);
		c->nbefore = n;
	}
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < 3; i++) {
		/* one ignored stays so (nohup) */
		if (sigaction(stop_sigs[i], NULL, &c->old[i]) < 0 ||
		    c->old[i].sa_handler == SIG_IGN)
			continue;
		sigaction(stop_sigs[i], &sa, NULL);
		c->caught[i] = 1;
	}
	return 0;
}

void nq_contain_child(pid_t parent)
{
	int i;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	for (i = 0; i < 3; i++)
		signal(stop_sigs[i], SIG_DFL);
}

void nq_contain_end(nq_contain *c, pid_t pgid)
{
	int i, sig;

	nq_kill_new_children(c->before, c->nbefore, pgid, 1000);
	free(c->before);
	c->before = NULL;
	if (!c->old_subreaper)
		prctl(PR_SET_CHILD_SUBREAPER, 0);
	for (i = 0; i < 3; i++)
		if (c->caught[i])
			sigaction(stop_sigs[i], &c->old[i], NULL);
	if (!(sig = stop_sig))
		return;
	for (i = 0; i < 3; i++) {
		if (stop_sigs[i] != sig || !c->caught[i])
			continue;
		if (c->old[i].sa_handler == SIG_DFL) {
			/* what the signal would have done, after the
			 * plugins' strays are ended; _exit as main ends (no
			 * plugin's atexit handler runs) */
			if (at_exit)
				at_exit();
			fflush(NULL);
			_exit(128 + sig);
		}
		raise(sig); /* the handler that was there: run's stops */
	}
}

int nq_meta_capture(char *const argv[], char *buf, size_t len,
		    int timeout_ms)
{
	nq_contain c;
	int rc;

	buf[0] = '\0';
	if (nq_contain_begin(&c) < 0)
		return -3;
	rc = capture(argv, buf, len, timeout_ms);
	nq_contain_end(&c, 0);
	return nq_contain_signal() ? -3 : rc;
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

int nq_tmpdir_make(const char *kind, char *dir, size_t len)
{
	const char *tmp = getenv("TMPDIR");
	int n;

	n = snprintf(dir, len, "%s/nq-%s-%ld-XXXXXX",
		     tmp && *tmp ? tmp : "/tmp", kind, (long)getpid());
	if (n < 0 || (size_t)n >= len) {
		if (len)
			dir[0] = '\0';
		errno = ENAMETOOLONG;
		return -1;
	}
	return mkdtemp(dir) ? 0 : -1;
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
