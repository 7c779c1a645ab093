/*
 * runtree.c - see runtree.h.
 *
 * Several runs may be in flight at once, so the end of one must not
 * touch the others: a run's tree is its process group and, where there
 * is one, its cgroup; only those are killed, and only the harness's
 * children among them are reaped (waitpid on the group, or on each pid
 * the cgroup held), never waitpid(-1), which could take another run's
 * child from under it. A process that left its run's group (setsid)
 * where no cgroup holds it is told apart by the run's mark: the child
 * maps the file NQ_RUN_MARK of the run's directory (a fork keeps the
 * mapping, /proc/PID/maps names it) and sets NQ_RUN_DIR (a program it
 * runs keeps the environment, /proc/PID/environ holds it). At the end
 * of its run every marked process the harness inherited is killed
 * (nq_tree_end_marked), and the next harness kills what a killed one
 * left, by the marks of its directories (nq_rundir_sweep). What carries
 * no mark (a program run with an empty environment by a fork that
 * unmapped it) is ended by nq_tree_end_all, which the runner calls only
 * when no run is in flight.
 */
#define _GNU_SOURCE /* cpu_set_t and sched_setaffinity */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "host.h"
#include "status.h"
#include "runtree.h"

static const char *tmp_dir(void)
{
	const char *tmp = getenv("TMPDIR");

	return tmp && *tmp ? tmp : "/tmp";
}

static void remove_at(const char *path, int depth);

/* The emptied directories of runs that ended, for the next runs: removing
 * a directory is the dearest step of a run's setup and end on some file
 * systems (ext4 mounted with discard: 2-6 ms an rmdir, against 0.05 ms to
 * unlink a file), and the harness does it between runs, where no run can
 * overlap it. A directory is handed on only once its run's tree is ended
 * (nq_tree_end_run, nq_tree_end_marked): nothing of the run before still
 * carries its mark when the next run takes it. Removed when the harness
 * is done (nq_runner_end; at exit() too, for programs that end so), by
 * the process that made them only: a child that calls exit() must not
 * take them from under the runs in flight. */
#define POOL_MAX 64
static char pool[POOL_MAX][4096];
static int npool;
static pid_t pool_owner;

void nq_rundir_drain(void)
{
	if (getpid() != pool_owner)
		return;
	while (npool > 0)
		remove_at(pool[--npool], 0);
}

/* 1 when dir is still the run directory it was: a directory of ours, not
 * a symlink or another file a solver put in its place, and empty. */
static int pool_usable(const char *dir)
{
	struct stat st;
	struct dirent *e;
	DIR *d;
	int empty = 1;

	if (lstat(dir, &st) < 0 || !S_ISDIR(st.st_mode) ||
	    st.st_uid != geteuid() || chmod(dir, 0700) < 0 ||
	    !(d = opendir(dir)))
		return 0;
	while (empty && (e = readdir(d)))
		empty = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
	closedir(d);
	return empty;
}

int nq_rundir_make(char *dir, size_t len)
{
	static int registered;

	while (npool > 0) {
		const char *d = pool[--npool];

		if (strlen(d) < len && pool_usable(d)) {
			memcpy(dir, d, strlen(d) + 1);
			return 0;
		}
		remove_at(d, 0);
	}
	if (nq_tmpdir_make("run", dir, len) < 0)
		return -1;
	if (!registered || pool_owner != getpid()) {
		pool_owner = getpid();
		npool = 0;
		if (!registered)
			atexit(nq_rundir_drain);
		registered = 1;
	}
	return 0;
}

/* Everything in dir (not following symlinks), dir itself kept. */
static void empty_dir(const char *dir)
{
	struct dirent *e;
	DIR *d;
	char sub[4096];

	chmod(dir, 0700); /* a solver may have taken its write bit */
	if (!(d = opendir(dir)))
		return;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name);
			remove_at(sub, 1);
		}
	closedir(d);
}

void nq_rundir_release(const char *dir)
{
	struct stat st;

	if (getpid() == pool_owner && npool < POOL_MAX &&
	    strlen(dir) < sizeof pool[0] && lstat(dir, &st) == 0 &&
	    S_ISDIR(st.st_mode)) {
		empty_dir(dir);
		memcpy(pool[npool++], dir, strlen(dir) + 1);
		return;
	}
	remove_at(dir, 0);
}

void nq_rundir_mark(const char *dir)
{
	char path[4096];
	int fd;

	snprintf(path, sizeof path, "%s/%s", dir, NQ_RUN_MARK);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0400);
	if (fd < 0)
		return;
	if (write(fd, "m", 1) != 1) {
		/* an empty file maps all the same */
	}
	close(fd);
}

void nq_rundir_wear_mark(const char *dir)
{
	char path[4096];
	int fd;

	snprintf(path, sizeof path, "%s/%s", dir, NQ_RUN_MARK);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return;
	/* never touched: only its name in /proc/PID/maps counts */
	(void)mmap(NULL, 1, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
}

static void remove_at(const char *path, int depth)
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
				remove_at(sub, depth + 1);
			}
		closedir(d);
	}
	rmdir(path);
}

void nq_tree_remove(const char *path)
{
	remove_at(path, 0);
}

/* 1 when the file at path holds needle[0..len-1] (read in chunks, the
 * needle found across their seams too). */
static int file_has(const char *path, const char *needle, size_t len)
{
	char buf[65536 + 4096];
	size_t keep = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC), found = 0;

	if (fd < 0 || len == 0 || len > 4096) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	for (;;) {
		ssize_t r = read(fd, buf + keep, sizeof buf - keep);
		size_t have, i;

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		have = keep + (size_t)r;
		for (i = 0; i + len <= have && !found; i++)
			found = buf[i] == needle[0] &&
				!memcmp(buf + i, needle, len);
		if (found)
			break;
		keep = have < len - 1 ? have : len - 1;
		memmove(buf, buf + have - keep, keep);
	}
	close(fd);
	return found;
}

/* 1 when process pid carries the mark of the run whose directory is
 * dir: the run's mark file mapped, or NQ_RUN_DIR=dir in its
 * environment. */
static int marked(long pid, const char *dir)
{
	char path[64], needle[700];
	int len;

	len = snprintf(needle, sizeof needle, "%s/%s", dir, NQ_RUN_MARK);
	snprintf(path, sizeof path, "/proc/%ld/maps", pid);
	if (len > 0 && (size_t)len < sizeof needle &&
	    file_has(path, needle, (size_t)len))
		return 1;
	/* the NUL after the value: not a directory whose name goes on */
	len = snprintf(needle, sizeof needle, "NQ_RUN_DIR=%s", dir);
	if (len <= 0 || (size_t)len + 1 >= sizeof needle)
		return 0;
	snprintf(path, sizeof path, "/proc/%ld/environ", pid);
	return file_has(path, needle, (size_t)len + 1);
}

/* SIGKILL process pid, through a pidfd where there is one: the process
 * looked at, never one that took its number since. */
static void kill_pid(long pid, int pidfd)
{
#ifdef SYS_pidfd_send_signal
	if (pidfd >= 0 &&
	    syscall(SYS_pidfd_send_signal, pidfd, SIGKILL, NULL, 0) == 0)
		return;
	if (pidfd >= 0)
		return; /* gone, or not ours to signal */
#endif
	(void)pidfd;
	kill((pid_t)pid, SIGKILL);
}

/* Every process on the machine carrying the mark of one of dirs[0..n-1]
 * (the runs of harnesses that died), killed. */
static void kill_marked_anywhere(char (*dirs)[4096], size_t n)
{
	struct dirent *e;
	DIR *d = opendir("/proc");
	long me = (long)getpid();

	if (!d)
		return;
	while ((e = readdir(d))) {
		long pid;
		size_t k;
		int pidfd = -1;

		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		pid = strtol(e->d_name, NULL, 10);
		if (pid <= 1 || pid == me)
			continue;
#ifdef SYS_pidfd_open
		/* opened first: the marks read below are then this
		 * process's, or the signal finds it gone */
		pidfd = (int)syscall(SYS_pidfd_open, (pid_t)pid, 0);
#endif
		for (k = 0; k < n; k++)
			if (marked(pid, dirs[k])) {
				kill_pid(pid, pidfd);
				break;
			}
		if (pidfd >= 0)
			close(pidfd);
	}
	closedir(d);
}

#define DEAD_DIRS 64

/* The temporary directories of the dead processes (of `only` alone when
 * it is not 0; runs', probes', plots', as nq_tmpdir_make names them):
 * the processes that carry their marks (runs' only have marks) killed,
 * the directories removed. */
static void sweep(long only)
{
	const char *tmp = tmp_dir();
	char (*dead)[4096] = NULL;
	struct dirent *e;
	DIR *d;
	size_t n = 0, k;
	int round;

	/* in rounds of DEAD_DIRS: their processes first (each found by
	 * its run's mark), then the directories */
	for (round = 0; round < 1000; round++) {
		if (!(d = opendir(tmp)))
			break;
		if (!dead && !(dead = malloc(DEAD_DIRS * sizeof *dead))) {
			closedir(d);
			break;
		}
		n = 0;
		while (n < DEAD_DIRS && (e = readdir(d))) {
			const char *kind = e->d_name + 3;
			size_t kl = strspn(kind, "abcdefghijklmnopqrstuvwxyz");
			char *end;
			long pid;

			/* nq-KIND-PID-XXXXXX, as nq_tmpdir_make names */
			if (strncmp(e->d_name, "nq-", 3) || !kl ||
			    kind[kl] != '-' ||
			    !isdigit((unsigned char)kind[kl + 1]))
				continue;
			pid = strtol(kind + kl + 1, &end, 10);
			if (pid <= 0 || *end != '-' || pid == (long)getpid() ||
			    (only && pid != only) || !nq_pid_gone(pid))
				continue;
			snprintf(dead[n++], sizeof *dead, "%s/%s", tmp,
				 e->d_name);
		}
		closedir(d);
		if (n)
			kill_marked_anywhere(dead, n);
		for (k = 0; k < n; k++)
			remove_at(dead[k], 0);
		if (n < DEAD_DIRS)
			break;
	}
	free(dead);
}

void nq_rundir_sweep(void)
{
	sweep(0);
}

void nq_rundir_sweep_of(pid_t pid)
{
	if (pid > 0)
		sweep((long)pid);
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

/* "pid (comm) S ppid ...": the state and the parent of process pid; 0,
 * or -1 when it is gone. */
static int proc_stat(long pid, char *state, long *ppid)
{
	char path[64], stat[512], *close_paren;
	ssize_t r;
	int fd;

	snprintf(path, sizeof path, "/proc/%ld/stat", pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	r = read(fd, stat, sizeof stat - 1);
	close(fd);
	if (r <= 0)
		return -1;
	stat[r] = '\0';
	/* comm may hold anything, ')' too */
	if (!(close_paren = strrchr(stat, ')')) ||
	    sscanf(close_paren + 1, " %c %ld", state, ppid) != 2)
		return -1;
	return 0;
}

/* The harness's children, at most cap into pids: from
 * /proc/self/task/TID/children where the kernel has it, else from every
 * process's parent. How many. */
static size_t children(long *pids, size_t cap)
{
	struct dirent *e;
	size_t n = 0;
	long me = (long)getpid();
	DIR *d = opendir("/proc/self/task");
	int listed = 0;

	while (d && (e = readdir(d))) {
		char path[300];
		FILE *f;
		long pid;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "/proc/self/task/%s/children",
			 e->d_name);
		if (!(f = fopen(path, "re")))
			continue;
		listed = 1;
		while (n < cap && fscanf(f, "%ld", &pid) == 1)
			pids[n++] = pid;
		fclose(f);
	}
	if (d)
		closedir(d);
	if (listed || !(d = opendir("/proc")))
		return n;
	while (n < cap && (e = readdir(d))) {
		long pid, ppid;
		char state;

		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		pid = strtol(e->d_name, NULL, 10);
		if (proc_stat(pid, &state, &ppid) == 0 && ppid == me)
			pids[n++] = pid;
	}
	closedir(d);
	return n;
}

#define MAX_KIDS 4096

void nq_tree_end_marked(const char *dir, int (*is_run)(pid_t))
{
	long *pids = malloc(MAX_KIDS * sizeof *pids);
	int round;

	if (!pids)
		return;
	/* killed, reaped, listed again: an orphan's own children come to
	 * the harness when it dies, before it can be reaped */
	for (round = 0; round < 200; round++) {
		size_t n = children(pids, MAX_KIDS), k;
		int killed = 0, i;

		for (k = 0; k < n; k++) {
			long ppid;
			char state;

			if (is_run((pid_t)pids[k]) ||
			    proc_stat(pids[k], &state, &ppid) < 0)
				pids[k] = 0;
			else if (state == 'Z')
				continue; /* an orphan that ended: reaped */
			else if (marked(pids[k], dir)) {
				kill((pid_t)pids[k], SIGKILL);
				killed = 1;
			} else {
				pids[k] = 0; /* another run's, or unmarked */
			}
		}
		for (i = 0; i < 2000; i++) { /* 1 s at most */
			int left = 0;

			for (k = 0; k < n; k++) {
				pid_t w;

				if (!pids[k])
					continue;
				w = waitpid((pid_t)pids[k], NULL, WNOHANG);
				if (w == 0)
					left = 1;
				else
					pids[k] = 0;
			}
			if (!left)
				break;
			usleep(500);
		}
		if (!killed)
			break;
	}
	free(pids);
}

void nq_tree_end_all(void)
{
	int i;

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

#define CG_PIDS 512

void nq_tree_end_run(pid_t pgid, const nq_cgroup *cg)
{
	pid_t pids[CG_PIDS];
	int np = 0, i, k;

	kill(-pgid, SIGKILL);
	/* who was in the cgroup: a killed process leaves its cgroup's list
	 * before its parent (perhaps the harness, now) reaps it */
	if (cg->version) {
		np = nq_cgroup_pids(cg, pids, CG_PIDS);
		nq_cgroup_kill(cg);
	}
	for (i = 0; i < 20000; i++) { /* 10 s at most */
		int left = 0;
		pid_t w;

		while ((w = waitpid(-pgid, NULL, WNOHANG)) > 0)
			;
		if (w == 0)
			left = 1; /* ours, in the group, still dying */
		for (k = 0; k < np; k++) {
			if (pids[k] <= 0)
				continue;
			/* not ours yet: its parent is dying, and the harness,
			 * the subreaper, inherits it */
			w = waitpid(pids[k], NULL, WNOHANG);
			if (w == pids[k] ||
			    (w < 0 && kill(pids[k], 0) < 0 && errno == ESRCH))
				pids[k] = 0;
			else
				left = 1;
		}
		if (!left)
			return;
		if (i % 20 == 19) {
			kill(-pgid, SIGKILL);
			for (k = 0; k < np; k++)
				if (pids[k] > 0)
					kill(pids[k], SIGKILL);
		}
		usleep(500);
	}
}
