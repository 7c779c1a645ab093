/*
 * runner.c - one run in a forked child; see runner.h.
 *
 * The child (runchild.c) sets its limits and CPUs, calls the solver,
 * writes a fixed-size message (a magic number, the return code and
 * nq_result) and then the placement, if any, to a pipe, and exits. The
 * parent reads the pipe with
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
 * RLIMIT_CPU a little past the timeout times its cores as a last guard);
 * the harness is a child subreaper, so a solver's orphaned grandchildren
 * (even ones that left the group with setsid) become its children. At
 * the end of every run, whatever its status, its tree is ended
 * (runtree.c: its group and cgroup, and the orphans that carry its mark,
 * not the other runs'), and the run's
 * temporary directory (made by the parent, $TMPDIR and NQ_RUN_DIR in the
 * child) is emptied, for the next run (runtree.c; nq_runner_end removes
 * what is kept). The answer is taken when the message has arrived
 * whole, not when the pipe closes: a grandchild holding the pipe open
 * changes nothing.
 *
 * The clock is the parent's alone. The child, once set up, sends a
 * handshake and waits to be released (runchild.h); the wall time runs
 * from the release to the poll that saw the whole answer (or the child's
 * end: a crash, the timeout), and so does the CPU time: the parent reads
 * the run's CPU counter itself at the release and at the answer
 * (cpuclock.h, or the cgroup's), and cpu_s is the difference; what the
 * child used before the release, and its exit, are no part of it. No
 * time the child sends is taken, and a run whose CPU time cannot fit in
 * its interval on its cores, or whose child worked before the release,
 * did work outside the clock: `error` (check_clock).
 *
 * Several runs in flight are watched by one poll() over every run's
 * message pipe, stderr pipe and pidfd, and released by it. Where
 * the kernel has no pidfd, the poll sleeps a millisecond at most and
 * each child is tried with waitid(WNOHANG).
 *
 * The child's stderr is a pipe the parent reads while it waits: up to
 * NQ_LOG_MAX bytes a run go to the log (nq_limits.log_path), whole when
 * the run ends, never to the terminal; the last non-empty line joins the
 * note of a run that is not ok.
 *
 * A run's caps (runlimits.h): the bytes it may write, as RLIMIT_FSIZE
 * in the child for each file, and as its directory's size on disk,
 * which the poll looks at every NQ_WATCH_S while the run is in flight
 * (many small files pass any per-file limit) and once more at its end;
 * the processes and threads its tree may have, as the pids controller's
 * pids.max where there is one, else counted at the same ticks (the
 * cgroup's tasks, or the processes of its group: a fast fork can get
 * ahead of a count, not of pids.max). A run over a cap (or whose fork
 * failed at pids.max: a fork bomb would go on trying) is killed, tree
 * and all, at the next tick, and is `error` with a note naming the cap
 * and its key.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#include <dirent.h>
#include "cgroup.h"
#include "cpuclock.h"
#include "errlog.h"
#include "runchild.h"
#include "runner.h"
#include "runtree.h"
#include "solvers.h"
#include "units.h"

/* The runs in flight, for nq_runner_abort: a child's pid in a free slot
 * from its fork until it is reaped (then 0). */
static volatile sig_atomic_t inflight[NQ_RUN_MAX_INFLIGHT];
static volatile sig_atomic_t aborted; /* nq_runner_abort was called */
static int live;                      /* runs forked and not yet reaped */

int nq_runner_no_pidfd;

/* How often a run in flight with a cap is looked at (its directory's
 * size, its processes where no pids controller holds them). */
#define NQ_WATCH_S 0.1

/* What a run was killed for, or found over at its end. */
enum { CAP_NONE, CAP_DISK, CAP_PROCS };

/* The counters of a run's CPU interval, read together: the cgroup's
 * (the whole tree in it, to the microsecond) and the child's own with
 * its reaped children's (a process started before the child entered
 * its cgroup is outside it, and is counted when the child reaps it). */
typedef struct nq_cpu_counters {
	double cg, proc;
	int cg_ok, proc_ok;
} nq_cpu_counters;

/* One run in flight, from nq_runner_start until nq_runner_wait_any hands back
 * its nq_run. */
struct nq_pending {
	char *buf;              /* the child's message, then its placement */
	size_t cap, need, got;
	int n;                  /* the instance's n: the placement's size */
	char dir[600];
	char *log_path, *log_label; /* copies: the caller's may change */
	nq_errlog log;
	struct rusage ru;
	nq_cgroup cg;
	long oom_kills;
	int msgfd, pidfd, slot, status, timed_out, reaped, done, nomem;
	int gofd;               /* the release socket, until sent */
	int ready;              /* 1: handshake seen; -1: not the harness's */
	unsigned char rbuf[4];  /* the handshake, as it comes */
	size_t rgot;
	int ncpus;              /* the CPUs asked for; 0: not pinned */
	/* the parent's clock: the fork, the release, the whole message,
	 * the reaping */
	double t0, t_start, t_answer, t_end, timeout_s;
	/* the CPU clock, read by the parent (cpuclock.h): the child's own
	 * at the release (what it did before it); the interval's counter
	 * (the cgroup's, else the child's own and its reaped children's)
	 * at the release and at the answer, and when that was read */
	nq_cpu_now pre;
	int pre_read;           /* pre was read */
	nq_cpu_counters cpu0, cpu1;
	double t_cpu1;
	int cpu1_read;
	int coarse;             /* a reading held reaped children's ticks */
	uint64_t memory_kib;
	uint64_t disk_kib;      /* the disk cap, resolved; 0: none */
	int disk_default;       /* disk_kib is the default's */
	int processes;          /* the process cap; 0: none */
	int count_procs;        /* no pids controller holds it: counted */
	int over;               /* CAP_*: a cap was hit */
	long procs_seen;        /* processes counted when over */
	double next_watch;      /* the next look at its caps */
	pid_t pid;
	char cpus[64];          /* the CPUs asked for */
	nq_run run;             /* filled when done */
};

/* The processes that make runs for this one (worker.h), for
 * nq_runner_abort. */
static volatile sig_atomic_t helpers[NQ_RUN_MAX_INFLIGHT];

void nq_runner_abort(void)
{
	size_t i;

	aborted = 1;
	for (i = 0; i < NQ_RUN_MAX_INFLIGHT; i++) {
		pid_t pid = (pid_t)inflight[i], h = (pid_t)helpers[i];

		if (pid > 0) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
		}
		if (h > 0)
			kill(h, SIGTERM);
	}
}

int nq_runner_aborted(void)
{
	return aborted != 0;
}

void nq_runner_helper(int slot, pid_t pid)
{
	if (slot >= 0 && slot < NQ_RUN_MAX_INFLIGHT)
		helpers[slot] = pid;
	if (pid > 0 && aborted)
		kill(pid, SIGTERM); /* the signal came before the slot was set */
}

void nq_runner_prepare(void)
{
	static pid_t prepared;
	int first = prepared == 0;

	if (prepared == getpid())
		return;
	prepared = getpid();
	/* a run's orphans come to this process, to be ended (a fork does
	 * not keep the setting: a worker sets it again) */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	if (first)
		nq_rundir_sweep();
}

void nq_runner_end(void)
{
	nq_rundir_drain();
}

/* 1 when pid is the child of a run in flight (the runner reaps it). */
static int is_inflight(pid_t pid)
{
	size_t i;

	for (i = 0; i < NQ_RUN_MAX_INFLIGHT; i++)
		if ((pid_t)inflight[i] == pid)
			return 1;
	return 0;
}

/* The CPUs a run may use: those it is pinned to, or every one online. */
static int cores_of(const nq_pending *p)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return p->ncpus > 0 ? p->ncpus : n > 0 ? (int)n : 1;
}

static double tv_s(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6;
}

/* The counters of the run's CPU interval, now (cpu_s is their
 * difference between the release and the answer): the cgroup's where
 * there is one; the child's own, exact, and its reaped children's, in
 * clock ticks (coarse), or once it is reaped its rusage. 0, or -1 when
 * neither can be read. */
static int interval_cpu(nq_pending *p, nq_cpu_counters *k)
{
	nq_cpu_now c;

	memset(k, 0, sizeof *k);
	k->cg_ok = p->cg.version && nq_cgroup_cpu(&p->cg, &k->cg) == 0;
	if (p->reaped) {
		k->proc = tv_s(p->ru.ru_utime) + tv_s(p->ru.ru_stime);
		k->proc_ok = 1;
	} else if (nq_cpu_read(p->pid, &c) == 0) {
		if (c.reaped_s > 0)
			p->coarse = 1;
		k->proc = c.self_s + c.reaped_s;
		k->proc_ok = 1;
	}
	return k->cg_ok || k->proc_ok ? 0 : -1;
}

/* The CPU time between two readings: the larger of the counters' (each
 * sees all the other does, but for what the other cannot see). -1 when
 * no counter was read both times. */
static double cpu_between(const nq_cpu_counters *a, const nq_cpu_counters *b)
{
	double d = -1;

	if (a->cg_ok && b->cg_ok)
		d = b->cg > a->cg ? b->cg - a->cg : 0;
	if (a->proc_ok && b->proc_ok && b->proc - a->proc > d)
		d = b->proc - a->proc;
	return d;
}

/* The run's disk cap: the one asked for, or the default: 1 GiB, or half
 * the free space of the run directory's file system when that is less
 * (at least 1 MiB). */
static void disk_cap(nq_pending *p, const nq_limits *lim)
{
	struct statvfs v;
	uint64_t half;

	p->disk_kib = lim->disk_kib;
	if (lim->disk_kib != NQ_DISK_DEFAULT)
		return;
	p->disk_default = 1;
	p->disk_kib = NQ_DISK_DEFAULT_KIB;
	if (statvfs(p->dir, &v) == 0) {
		/* in whole MiB, for the note */
		half = (uint64_t)v.f_bavail * v.f_frsize / 2048 / 1024 * 1024;
		if (half < p->disk_kib)
			p->disk_kib = half > 1024 ? half : 1024;
	}
}

/* What dir takes on disk (each entry at least a 4 KiB block: a million
 * empty files fill a file system too), in bytes, not following links,
 * stopping once past `cap`; *file_at_cap set when a regular file's size
 * reached `cap` (RLIMIT_FSIZE stopped its writer). */
static uint64_t disk_use(const char *dir, uint64_t cap, int depth,
			 int *file_at_cap)
{
	uint64_t sum = 0;
	struct dirent *e;
	struct stat st;
	DIR *d;
	int fd;

	if (depth > 64 || (fd = open(dir, O_RDONLY | O_DIRECTORY |
				     O_NOFOLLOW | O_CLOEXEC)) < 0)
		return 0;
	if (!(d = fdopendir(fd))) {
		close(fd);
		return 0;
	}
	while (sum <= cap && (e = readdir(d))) {
		uint64_t b;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			continue;
		b = (uint64_t)st.st_blocks * 512;
		sum += b > 4096 ? b : 4096;
		if (S_ISREG(st.st_mode) && (uint64_t)st.st_size >= cap)
			*file_at_cap = 1;
		if (S_ISDIR(st.st_mode)) {
			char sub[4096];

			snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name);
			sum += disk_use(sub, cap - (sum < cap ? sum : cap),
					depth + 1, file_at_cap);
		}
	}
	closedir(d);
	return sum;
}

/* 1 when run p's directory is over its cap, or a file of it reached it. */
static int disk_over(const nq_pending *p)
{
	uint64_t cap = p->disk_kib * 1024;
	int at_cap = 0;

	return p->disk_kib && (disk_use(p->dir, cap, 0, &at_cap) > cap ||
			       at_cap);
}

/* The processes and threads of run p's tree now, where no pids
 * controller counts them: its cgroup's tasks (v1 memory: tasks; v2:
 * cgroup.threads), else the threads of the processes in its group. */
static long count_tree(const nq_pending *p)
{
	char path[700], line[512];
	long n = 0;
	FILE *f;

	if (p->cg.version) {
		snprintf(path, sizeof path, "%s/%s", p->cg.mem,
			 p->cg.version == 2 ? "cgroup.threads" : "tasks");
		if (!(f = fopen(path, "re")))
			return 0;
		while (fgets(line, sizeof line, f))
			n++;
		fclose(f);
		return n;
	} else {
		struct dirent *e;
		DIR *d;

		/* its group empty (the child reaped, nothing left): no scan */
		if (kill(-p->pid, 0) < 0 && errno == ESRCH)
			return 0;
		if (!(d = opendir("/proc")))
			return 0;
		while ((e = readdir(d))) {
			long pgrp = 0, threads = 0;
			char *c;

			if (e->d_name[0] < '1' || e->d_name[0] > '9')
				continue;
			snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
			if (!(f = fopen(path, "re")))
				continue;
			/* after the command's ')': state ppid pgrp ... field
			 * 20 the threads */
			if (fgets(line, sizeof line, f) &&
			    (c = strrchr(line, ')')) &&
			    sscanf(c + 1, " %*c %*d %ld %*d %*d %*d %*u %*u %*u "
				   "%*u %*u %*u %*u %*d %*d %*d %*d %ld", &pgrp,
				   &threads) == 2 && pgrp == (long)p->pid)
				n += threads;
			fclose(f);
		}
		closedir(d);
		return n;
	}
}

/* The note of a run over a cap. */
static void cap_note(const nq_pending *p, nq_run *run)
{
	char size[32];

	nq_format_size_kib(p->disk_kib, size, sizeof size);
	if (p->over == CAP_DISK)
		snprintf(run->note, sizeof run->note, "wrote past the cap of %s "
			 "on disk%s (its directory, and each file it writes); "
			 "disk: in the experiment raises it", size,
			 p->disk_default ? ", the default" : "");
	else if (p->count_procs)
		snprintf(run->note, sizeof run->note, "hit the cap of %d "
			 "processes (and threads) at once: %ld counted; "
			 "processes: in the experiment raises it",
			 p->processes, p->procs_seen);
	else
		snprintf(run->note, sizeof run->note, "hit the cap of %d "
			 "processes (and threads) at once: a fork failed at it; "
			 "processes: in the experiment raises it", p->processes);
}

static void pending_free(nq_pending *p)
{
	free(p->buf);
	free(p->log_path);
	free(p->log_label);
	free(p);
}

/* Before the fork: the subreaper (once), the cgroup, the run's directory,
 * the message pipe and the stderr pipe, the log. 0, or -1 with err set
 * and everything made undone. */
static int run_setup(nq_pending *p, const nq_limits *lim, int fds[2],
		     int errp[2], int gop[2], nq_error *err)
{
	nq_run *run = &p->run;

	nq_result_init(&run->res);
	run->measured_by = "rlimit";
	nq_runner_prepare();
	if (strcmp(nq_cgroup_kind(), "rlimit") &&
	    nq_cgroup_create(&p->cg, lim->memory_kib, lim->processes) == 0)
		run->measured_by = nq_cgroup_kind();
	else
		memset(&p->cg, 0, sizeof p->cg);
	if (nq_rundir_make(p->dir, sizeof p->dir) < 0) {
		nq_cgroup_remove(&p->cg);
		return nq_error_set(err, NULL, 0, 0, "cannot make a temporary "
				    "directory (%s): %s", p->dir,
				    strerror(errno));
	}
	nq_rundir_mark(p->dir);
	disk_cap(p, lim);
	p->processes = lim->processes > 0 ? lim->processes : 0;
	p->count_procs = p->processes && !p->cg.pids[0];
	/* the release is a socket: a child that is gone costs the parent
	 * no SIGPIPE (send with MSG_NOSIGNAL) */
	if (pipe(fds) < 0 || pipe(errp) < 0 ||
	    socketpair(AF_UNIX, SOCK_STREAM, 0, gop) < 0) {
		nq_error_set(err, NULL, 0, 0, "pipe: %s", strerror(errno));
		if (fds[0] >= 0) {
			close(fds[0]);
			close(fds[1]);
		}
		if (errp[0] >= 0) {
			close(errp[0]);
			close(errp[1]);
		}
		nq_cgroup_remove(&p->cg);
		nq_tree_remove(p->dir);
		return -1;
	}
	/* close-on-exec: a program a solver runs never holds the pipe;
	 * non-blocking: the parent reads what is there and polls again */
	fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	fcntl(fds[1], F_SETFD, FD_CLOEXEC);
	fcntl(errp[0], F_SETFD, FD_CLOEXEC);
	fcntl(errp[1], F_SETFD, FD_CLOEXEC);
	fcntl(gop[0], F_SETFD, FD_CLOEXEC);
	fcntl(gop[1], F_SETFD, FD_CLOEXEC);
	fcntl(fds[0], F_SETFL, O_NONBLOCK);
	fcntl(errp[0], F_SETFL, O_NONBLOCK);
	memset(&p->log, 0, sizeof p->log);
	p->log.fd = errp[0];
	p->log.out = -1;
	p->log.path = p->log_path;
	p->log.label = p->log_label;
	/* no spool: straight into the log, as with one run at a time */
	nq_errlog_spool(&p->log, p->dir);
	p->msgfd = fds[0];
	return 0;
}

nq_pending *nq_runner_start(const nq_approach *a, const nq_instance *in,
			    const nq_limits *lim, const int *cpus, int ncpus,
			    nq_error *err)
{
	struct nq_child_args c;
	int fds[2] = { -1, -1 }, errp[2] = { -1, -1 }, gop[2] = { -1, -1 };
	int slot;
	nq_pending *p;

	for (slot = 0; slot < NQ_RUN_MAX_INFLIGHT && inflight[slot]; slot++)
		;
	if (slot == NQ_RUN_MAX_INFLIGHT) {
		nq_error_set(err, NULL, 0, 0, "more than %d runs in flight",
			     NQ_RUN_MAX_INFLIGHT);
		return NULL;
	}
	if (!(p = calloc(1, sizeof *p)) ||
	    !(p->buf = malloc(sizeof(struct nq_message) +
			      (size_t)in->n * sizeof(int32_t))) ||
	    (lim->log_path && !(p->log_path = strdup(lim->log_path))) ||
	    (lim->log_label && !(p->log_label = strdup(lim->log_label)))) {
		if (p)
			pending_free(p);
		nq_error_set(err, NULL, 0, 0, "out of memory for a placement "
			     "of n=%d", in->n);
		return NULL;
	}
	p->n = in->n;
	p->cap = sizeof(struct nq_message) + (size_t)in->n * sizeof(int32_t);
	p->need = sizeof(struct nq_message);
	p->timeout_s = lim->timeout_s;
	p->memory_kib = lim->memory_kib;
	p->pidfd = -1;
	p->gofd = -1;
	p->slot = slot;
	p->ncpus = ncpus > 0 ? ncpus : 0;
	nq_cpus_format(cpus, ncpus, p->cpus, sizeof p->cpus);
	if (run_setup(p, lim, fds, errp, gop, err) < 0) {
		pending_free(p);
		return NULL;
	}
	c.a = a;
	c.in = in;
	c.lim = lim;
	c.cpus = cpus;
	c.ncpus = ncpus;
	c.fd = fds[1];
	c.errfd = errp[1];
	c.gofd = gop[0];
	c.parent = getpid();
	c.dir = p->dir;
	c.cg = &p->cg;
	c.disk_kib = p->disk_kib;
	fflush(NULL); /* nothing buffered may be written twice */
	p->t0 = nq_now();
	p->next_watch = p->t0 + NQ_WATCH_S;
	p->pid = fork();
	if (p->pid < 0) {
		nq_error_set(err, NULL, 0, 0, "fork: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		close(errp[0]);
		close(errp[1]);
		close(gop[0]);
		close(gop[1]);
		if (p->log.spool >= 0)
			close(p->log.spool);
		nq_cgroup_remove(&p->cg);
		nq_tree_remove(p->dir);
		pending_free(p);
		return NULL;
	}
	if (p->pid == 0) {
		close(fds[0]);
		close(errp[0]);
		close(gop[1]);
		nq_child(&c);
	}
	setpgid(p->pid, p->pid);
	inflight[slot] = p->pid;
	live++;
	if (aborted) { /* the signal came before the slot was set */
		kill(-p->pid, SIGKILL);
		kill(p->pid, SIGKILL);
	}
	close(fds[1]);
	close(errp[1]);
	close(gop[0]);
	p->gofd = gop[1];
#ifdef SYS_pidfd_open
	if (!nq_runner_no_pidfd) {
		p->pidfd = (int)syscall(SYS_pidfd_open, p->pid, 0);
		if (p->pidfd >= 0)
			fcntl(p->pidfd, F_SETFD, FD_CLOEXEC);
	}
#endif
	return p;
}

/* The handshake, read before anything else on the pipe: when it is
 * whole and the harness's, the run is released and its clock starts.
 * 1 when the message may be read now, 0 when not yet, -1 when the pipe
 * is done with. */
static int read_ready(nq_pending *p)
{
	uint32_t magic;

	while (p->rgot < sizeof p->rbuf) {
		ssize_t r = read(p->msgfd, p->rbuf + p->rgot,
				 sizeof p->rbuf - p->rgot);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) &&
		    !p->reaped)
			return 0;
		if (r <= 0)
			return -1;
		p->rgot += (size_t)r;
	}
	memcpy(&magic, p->rbuf, sizeof magic);
	if (magic != NQ_READY_MAGIC) {
		p->ready = -1; /* someone else's bytes came first */
		return -1;
	}
	p->ready = 1;
	/* the CPU the child has used so far, before its clock starts: it
	 * sits blocked on the release, so nothing is missed in between */
	p->pre_read = nq_cpu_read(p->pid, &p->pre) == 0;
	interval_cpu(p, &p->cpu0);
	p->t_start = nq_now();
	if (p->gofd >= 0) {
		while (send(p->gofd, "", 1, MSG_NOSIGNAL) < 0 && errno == EINTR)
			;
		close(p->gofd);
		p->gofd = -1;
	}
	return 1;
}

/* Read what the message pipe holds: the handshake, then until the
 * message is whole (the fixed part, then the placement if it has one;
 * its time is t, when the poll saw it, or now when it came after the
 * release in this same call), or EOF; once the child is
 * reaped, what is not there now never will be. */
static void read_msg(nq_pending *p, double t)
{
	if (p->msgfd >= 0 && !p->ready) {
		int rc = read_ready(p);

		if (rc == 0)
			return;
		if (rc < 0)
			goto done;
	}
	while (p->msgfd >= 0 && p->got < p->need) {
		ssize_t r = read(p->msgfd, p->buf + p->got, p->need - p->got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) &&
		    !p->reaped)
			return;
		if (r <= 0)
			break;
		p->got += (size_t)r;
		if (p->got == sizeof(struct nq_message) && p->need < p->cap) {
			struct nq_message m;

			memcpy(&m, p->buf, sizeof m);
			if (m.magic == NQ_MESSAGE_MAGIC && m.has_placement)
				p->need = p->cap;
		}
		if (p->got == p->need && !p->t_answer) {
			p->t_answer = t > p->t_start ? t : nq_now();
			/* the CPU at the answer, and when it was read */
			p->cpu1_read = interval_cpu(p, &p->cpu1) == 0;
			p->t_cpu1 = nq_now();
		}
	}
done:
	if (p->msgfd >= 0) {
		close(p->msgfd);
		p->msgfd = -1;
	}
}

/* Reap the child if it has exited (block: it was killed, wait for it);
 * its wall time ends at t. 1 when reaped. The group is killed while the
 * zombie still holds its number: no other group can have it yet. */
static int try_reap(nq_pending *p, double t, int block)
{
	pid_t w;

	if (!block) {
		siginfo_t si;

		memset(&si, 0, sizeof si);
		if (waitid(P_PID, (id_t)p->pid, &si,
			   WEXITED | WNOHANG | WNOWAIT) < 0 ||
		    si.si_pid != p->pid)
			return 0;
	}
	/* out of nq_runner_abort's reach before its pid can be reused */
	inflight[p->slot] = 0;
	kill(-p->pid, SIGKILL);
	while ((w = wait4(p->pid, &p->status, 0, &p->ru)) < 0 &&
	       errno == EINTR)
		;
	live--;
	p->reaped = 1;
	p->t_end = block ? nq_now() : t;
	if (p->pidfd >= 0) {
		close(p->pidfd);
		p->pidfd = -1;
	}
	return 1;
}

/* The status of a run the kernel ended (the OOM killer, the timeout, a
 * signal): 1 when it was, with the note; 0 when the child exited. */
static int run_ended(const nq_pending *p, nq_run *run)
{
	int status = p->status;

	if (p->oom_kills > 0 &&
	    !(WIFEXITED(status) && p->got >= sizeof(struct nq_message) &&
	      ((struct nq_message *)(void *)p->buf)->rc == NQ_OK &&
	      !p->timed_out)) {
		/* the kernel's OOM killer, in the run's cgroup: memout,
		 * whoever it hit (the child or a program it ran) */
		run->status = NQ_ST_MEMOUT;
		snprintf(run->note, sizeof run->note, "the kernel's OOM killer "
			 "ended %ld process%s of the run (memory limit %llu "
			 "KiB, the whole process tree)", p->oom_kills,
			 p->oom_kills == 1 ? "" : "es",
			 (unsigned long long)p->memory_kib);
		return 1;
	}
	if (p->timed_out) {
		run->status = NQ_ST_TIMEOUT;
		snprintf(run->note, sizeof run->note,
			 "killed at the %gs timeout", p->timeout_s);
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
 * 0, or -1 (no memory for the placement). */
static int run_answer(const nq_pending *p, nq_run *run)
{
	struct nq_message m;
	int status = p->status;

	memcpy(&m, p->buf, p->got < sizeof m ? p->got : sizeof m);
	if (p->got < sizeof m || m.magic != NQ_MESSAGE_MAGIC ||
	    !WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
	    (m.has_placement && p->got < p->cap)) {
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
			run->res.placement = malloc((size_t)p->n * sizeof(int32_t));
			if (!run->res.placement)
				return -1;
			memcpy(run->res.placement, p->buf + sizeof m,
			       (size_t)p->n * sizeof(int32_t));
		}
		break;
	case NQ_ENOMEM:
		run->status = NQ_ST_MEMOUT;
		break;
	case NQ_ETIMEOUT:
		run->status = NQ_ST_TIMEOUT;
		break;
	case NQ_EUNSOLVED:
		run->status = NQ_ST_UNSOLVED;
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
			 : run->status == NQ_ST_UNSOLVED ? "ended without finding a placement"
			 : "the solver reported an error");
	return 0;
}

/* The most CPU time the harness's own child code takes between the
 * fork and the release, loaded machine and sanitizer build included;
 * more was work of someone else's (a fork handler's) before the clock
 * started. */
#define NQ_SETUP_CPU_MAX 0.25

/* Work outside the harness's clock: before the release, the child is
 * the harness's code alone, one thread, no children, a few milliseconds
 * of CPU; after it, no honest run has more CPU than its interval on
 * every core it may use, with the readings' own resolution as slack (a
 * microsecond the cgroup's counter or the CPU clock, a clock tick
 * reaped children's). Such a run did its work where the clock could
 * not see it (in code that ran before the release), so neither its
 * time nor its answer is taken. */
static void check_clock(const nq_pending *p, nq_run *run, double span)
{
	int cores = cores_of(p);
	double slack = 0.001 + (p->coarse ? 2 * nq_cpu_tick() : 0);

	if (run->status != NQ_ST_OK)
		return;
	if (p->ready > 0 && p->pre_read &&
	    (p->pre.threads > 1 || p->pre.reaped_s > 0 ||
	     p->pre.self_s > NQ_SETUP_CPU_MAX))
		snprintf(run->note, sizeof run->note, "work before the "
			 "release: %.3f s of CPU, %d thread%s, %.2f s in "
			 "children in the run's child before the harness "
			 "released it (its own setup is one thread, no child, "
			 "under %g s); the work was done outside the harness's "
			 "clock, so the run is not taken", p->pre.self_s,
			 p->pre.threads, p->pre.threads == 1 ? "" : "s",
			 p->pre.reaped_s, NQ_SETUP_CPU_MAX);
	else if (run->cpu_s > span * cores + slack)
		snprintf(run->note, sizeof run->note, "impossible time: %.4f s "
			 "of CPU in %.4f s of wall time on %d core%s; the work "
			 "was done outside the harness's clock, so the run is "
			 "not taken", run->cpu_s, span, cores,
			 cores == 1 ? "" : "s");
	else
		return;
	run->status = NQ_ST_ERROR;
	run->answered = 0;
}

/* The run's CPU time over its wall time's interval, from the release to
 * the answer (to the end, when no answer came): the counter's difference
 * (interval_cpu); *span is the interval it covers, to the moment the
 * last reading was taken. A run never released keeps its whole life's. */
static void run_cpu(nq_pending *p, nq_run *run, double *span)
{
	nq_cpu_counters end;
	double t, d = -1;

	if (p->cpu1_read) {
		end = p->cpu1;
		t = p->t_cpu1;
	} else {
		interval_cpu(p, &end);
		t = nq_now();
	}
	if (p->ready > 0 && (d = cpu_between(&p->cpu0, &end)) >= 0) {
		run->cpu_s = d;
		*span = t - p->t_start;
		return;
	}
	/* its whole life: the tree's where there is a cgroup (but the
	 * child's own time from the fork is in its rusage only: it entered
	 * the cgroup after its first steps), so the larger of the two */
	run->cpu_s = tv_s(p->ru.ru_utime) + tv_s(p->ru.ru_stime);
	if (end.cg_ok && end.cg > run->cpu_s)
		run->cpu_s = end.cg;
	*span = (t > p->t_end ? t : p->t_end) - p->t0;
}

/* After the reaping: the wall time, CPU time and peak memory; the tree
 * ended, the log closed, the directory and the cgroup removed; the
 * status. */
static void run_end(nq_pending *p)
{
	nq_run *run = &p->run;
	struct nq_message m;
	int whole = p->got >= sizeof m;
	double span;

	if (whole)
		memcpy(&m, p->buf, sizeof m);
	whole = whole && m.magic == NQ_MESSAGE_MAGIC;
	/* the parent's clock alone: from the release (not the fork, the
	 * cgroup, the setup) to the whole answer, or to the end */
	run->wall_s = (p->t_answer > 0 ? p->t_answer : p->t_end) -
		      (p->ready > 0 ? p->t_start : p->t0);
	if (run->wall_s < 0)
		run->wall_s = 0;
	snprintf(run->cpus, sizeof run->cpus, "%s",
		 whole && m.cpus[0] ? m.cpus : p->cpus);
	run_cpu(p, run, &span);
	run->peak_rss_kib = p->ru.ru_maxrss;
	/* a tree counted by the runner, once more before it is ended: it
	 * may have grown past its cap since the last tick */
	if (!p->over && p->count_procs &&
	    (p->procs_seen = count_tree(p)) > p->processes)
		p->over = CAP_PROCS;
	nq_tree_end_run(p->pid, &p->cg);
	/* what it wrote is all there now; a fork that failed at pids.max
	 * is on the record */
	if (!p->over && disk_over(p))
		p->over = CAP_DISK;
	if (!p->over && p->processes && nq_cgroup_pids_hit(&p->cg) > 0)
		p->over = CAP_PROCS;
	/* its orphans that left the group (setsid): by the run's mark */
	nq_tree_end_marked(p->dir, is_inflight);
	if (live == 0)
		nq_tree_end_all(); /* orphans that left their group */
	nq_errlog_close(&p->log);
	nq_rundir_release(p->dir);
	if (p->cg.version) {
		double cg_cpu;
		long peak;

		nq_cgroup_usage(&p->cg, &cg_cpu, &peak, &p->oom_kills);
		if (peak >= 0)
			run->peak_rss_kib = peak;
		nq_cgroup_remove(&p->cg);
	}
	if (p->gofd >= 0) {
		close(p->gofd);
		p->gofd = -1;
	}
	if (p->ready < 0) {
		run->status = NQ_ST_CRASH;
		snprintf(run->note, sizeof run->note, "the first bytes on the "
			 "run's pipe were not the harness's handshake (code "
			 "ran in the child before the harness's own)");
	} else if (!run_ended(p, run) && run_answer(p, run) < 0) {
		p->nomem = 1;
	}
	if (p->over) {
		/* whatever it said or how it ended: the cap ended it */
		run->status = NQ_ST_ERROR;
		run->answered = 0;
		free(run->res.placement);
		run->res.placement = NULL;
		cap_note(p, run);
	}
	check_clock(p, run, span);
	if (run->status != NQ_ST_OK && p->log.last[0]) {
		char note[sizeof run->note];

		snprintf(note, sizeof note, "%.150s; stderr: %.95s",
			 run->note, p->log.last);
		memcpy(run->note, note, sizeof note);
	}
	p->done = 1;
}

/* 1 when run p has a cap the poll looks at. */
static int watched(const nq_pending *p)
{
	return p->disk_kib || p->processes;
}

/* When run p is killed: its timeout from its release (from the fork
 * while it is not released yet). */
static double deadline(const nq_pending *p)
{
	return (p->ready > 0 ? p->t_start : p->t0) + p->timeout_s;
}

/* What one poll saw of run p, at time t: its stderr read, its message
 * read, its child reaped if it exited, or killed at its deadline; ended
 * when reaped. */
static void run_step(nq_pending *p, const struct pollfd *pf, double t)
{
	if (pf[1].revents)
		nq_errlog_read(&p->log);
	if (!p->reaped && (p->pidfd < 0 || pf[2].revents) &&
	    !try_reap(p, t, 0) && p->pidfd >= 0) {
		/* readable but not yet waitable: the sleeping loop then */
		close(p->pidfd);
		p->pidfd = -1;
	}
	if (pf[0].revents || p->reaped)
		read_msg(p, t);
	if (!p->reaped && watched(p) && t >= p->next_watch) {
		p->next_watch = t + NQ_WATCH_S;
		if (disk_over(p))
			p->over = CAP_DISK;
		else if (p->count_procs &&
			 (p->procs_seen = count_tree(p)) > p->processes)
			p->over = CAP_PROCS;
		else if (p->processes && !p->count_procs &&
			 nq_cgroup_pids_hit(&p->cg) > 0)
			p->over = CAP_PROCS; /* a fork failed: it ends here */
		if (p->over) {
			kill(-p->pid, SIGKILL);
			kill(p->pid, SIGKILL);
			if (p->cg.version)
				nq_cgroup_kill(&p->cg);
			try_reap(p, t, 1);
			read_msg(p, t);
		}
	}
	if (!p->reaped && t >= deadline(p)) {
		/* the message (or the exit after it) is late */
		p->timed_out = 1;
		kill(-p->pid, SIGKILL);
		kill(p->pid, SIGKILL);
		try_reap(p, t, 1);
		read_msg(p, t);
	}
	if (p->reaped)
		run_end(p);
}

/* Hand back p[i], ended: its run, the handle freed. */
static int run_return(nq_pending **p, size_t i, nq_run *run, nq_error *err)
{
	int nomem = p[i]->nomem;

	*run = p[i]->run;
	pending_free(p[i]);
	p[i] = NULL;
	if (nomem)
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	return (int)i;
}

/* The poll's timeout, in ms: until the nearest deadline or `until`
 * (< 0: none); a millisecond at most when a child has no pidfd. */
static int poll_ms(nq_pending **p, size_t n, double until, double t)
{
	double next = until;
	size_t i;

	for (i = 0; i < n; i++) {
		double d;

		if (!p[i] || p[i]->reaped)
			continue;
		d = deadline(p[i]);
		if (watched(p[i]) && p[i]->next_watch < d)
			d = p[i]->next_watch;
		if (next < 0 || d < next)
			next = d;
		if (p[i]->pidfd < 0)
			return 1;
	}
	if (next < 0)
		return -1;
	next -= t;
	if (next <= 0)
		return 0;
	return next > 1e6 ? 1000000000 : (int)(next * 1000.0) + 1;
}

int nq_runner_wait_any(nq_pending **p, size_t n, double max_wait_s,
		       nq_run *run, nq_error *err)
{
	double until = max_wait_s < 0 ? -1 : nq_now() + max_wait_s;
	struct pollfd *pf;
	size_t i, in_flight = 0;

	for (i = 0; i < n; i++)
		if (p[i]) {
			if (p[i]->done)
				return run_return(p, i, run, err);
			in_flight++;
		}
	if (!in_flight)
		return -2;
	if (!(pf = malloc(3 * n * sizeof *pf)))
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	for (;;) {
		double t = nq_now();
		int rc, ms = poll_ms(p, n, until, t);

		for (i = 0; i < n; i++) {
			struct pollfd *q = pf + 3 * i;

			/* poll skips the entries of fd -1 */
			q[0].fd = p[i] ? p[i]->msgfd : -1;
			q[1].fd = p[i] ? p[i]->log.fd : -1;
			q[2].fd = p[i] ? p[i]->pidfd : -1;
			q[0].events = q[1].events = q[2].events = POLLIN;
			q[0].revents = q[1].revents = q[2].revents = 0;
		}
		rc = poll(pf, 3 * n, ms);
		if (rc < 0 && errno != EINTR) {
			free(pf);
			return nq_error_set(err, NULL, 0, 0, "poll: %s",
					    strerror(errno));
		}
		/* one time for everything this poll saw: the children that
		 * exited did so before it returned */
		t = nq_now();
		for (i = 0; i < n; i++)
			if (p[i] && !p[i]->done)
				run_step(p[i], pf + 3 * i, t);
		for (i = 0; i < n; i++)
			if (p[i] && p[i]->done) {
				free(pf);
				return run_return(p, i, run, err);
			}
		if (until >= 0 && t >= until)
			break;
	}
	free(pf);
	return -2;
}

void nq_runner_cancel(nq_pending *p)
{
	nq_run run;
	nq_error err;

	if (!p)
		return;
	if (!p->reaped) {
		p->timed_out = 1;
		kill(-p->pid, SIGKILL);
		kill(p->pid, SIGKILL);
		try_reap(p, nq_now(), 1);
		read_msg(p, nq_now());
	}
	if (!p->done)
		run_end(p);
	if (run_return(&p, 0, &run, &err) >= 0)
		nq_run_clear(&run);
}

int nq_runner_one(const nq_approach *a, const nq_instance *in,
		  const nq_limits *lim, nq_run *run, nq_error *err)
{
	nq_pending *p = nq_runner_start(a, in, lim, NULL, 0, err);

	if (!p) {
		memset(run, 0, sizeof *run);
		nq_result_init(&run->res);
		return -1;
	}
	return nq_runner_wait_any(&p, 1, -1, run, err) < 0 ? -1 : 0;
}
