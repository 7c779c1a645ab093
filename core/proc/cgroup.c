/*
 * cgroup.c - see cgroup.h.
 *
 * Where: the harness's own cgroup (/proc/self/cgroup) under the mount of
 * the hierarchy (/proc/self/mounts), a child cgroup "nq-PID-SEQ" a run.
 * v2 first, when its memory controller is on or can be switched on for
 * the harness's cgroup's children; else v1, when a memory and a cpuacct
 * cgroup can both be made. Peak memory is memory.max_usage_in_bytes (v1)
 * or memory.peak (v2), CPU time cpuacct.usage or cpu.stat usage_usec,
 * OOM kills the oom_kill line of memory.oom_control (v1; memory.failcnt
 * on kernels without it) or of memory.events (v2). The most processes
 * and threads a run may have is the pids controller's pids.max, where
 * there is one (v2: enabled beside memory; v1: a pids hierarchy, a
 * cgroup of the same name there); its pids.events "max" says a fork
 * failed at it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "host.h"
#include "cgroup.h"

static int probed;
static int kind;                 /* 0 none, 1 v1, 2 v2 */
static char base_mem[400], base_cpu[400], base_pids[400];
static int have_pids;            /* the pids controller can be used */
static unsigned seq;

static int has_token(const char *list, const char *tok)
{
	size_t n = strlen(tok);
	const char *p = list;

	while (*p) {
		const char *e = p + strcspn(p, ", \n");

		if ((size_t)(e - p) == n && !strncmp(p, tok, n))
			return 1;
		p = *e ? e + 1 : e;
	}
	return 0;
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int write_file(const char *dir, const char *name, const char *text)
{
	char path[700];
	size_t len = strlen(text);
	int fd, ok;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((fd = open(path, O_WRONLY | O_CLOEXEC)) < 0)
		return -1;
	ok = write(fd, text, len) == (ssize_t)len;
	return close(fd) == 0 && ok ? 0 : -1;
}

static int read_file(const char *dir, const char *name, char *buf,
		     size_t len)
{
	char path[700];
	ssize_t r;
	int fd;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	r = read(fd, buf, len - 1);
	close(fd);
	if (r < 0)
		return -1;
	buf[r] = '\0';
	return 0;
}

/* The value after "key " on a line of a flat-keyed file; -1 if none. */
static long long keyed(const char *dir, const char *name, const char *key)
{
	char buf[4096], *p;
	size_t n = strlen(key);

	if (read_file(dir, name, buf, sizeof buf) < 0)
		return -1;
	for (p = buf; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (!strncmp(p, key, n) && p[n] == ' ')
			return strtoll(p + n + 1, NULL, 10);
	return -1;
}

static long long number(const char *dir, const char *name)
{
	char buf[64];

	if (read_file(dir, name, buf, sizeof buf) < 0)
		return -1;
	return strtoll(buf, NULL, 10);
}

/* The mount point of a hierarchy: type "cgroup2", or "cgroup" with
 * `controller` among its options. */
static int mount_of(const char *type, const char *controller, char *out,
		    size_t len)
{
	char line[1024], dir[400], fstype[64], opts[512];
	FILE *f = fopen("/proc/self/mounts", "r");
	int found = 0;

	if (!f)
		return -1;
	while (!found && fgets(line, sizeof line, f))
		if (sscanf(line, "%*s %399s %63s %511s", dir, fstype, opts) == 3 &&
		    !strcmp(fstype, type) &&
		    (!controller || has_token(opts, controller))) {
			snprintf(out, len, "%s", dir);
			found = 1;
		}
	fclose(f);
	return found ? 0 : -1;
}

/* The harness's own cgroup in a hierarchy: the line of /proc/self/cgroup
 * whose controllers hold `controller` (NULL: the v2 line, "0::"). */
static int own_path(const char *controller, char *out, size_t len)
{
	char line[1024];
	FILE *f = fopen("/proc/self/cgroup", "r");
	int found = 0;

	if (!f)
		return -1;
	while (!found && fgets(line, sizeof line, f)) {
		char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;

		if (!c2)
			continue;
		*c2 = '\0';
		line[strcspn(line, ":")] = '\0';
		if (controller ? has_token(c1 + 1, controller)
			       : !strcmp(line, "0") && c1[1] == '\0') {
			c2[1 + strcspn(c2 + 1, "\n")] = '\0';
			snprintf(out, len, "%s", c2 + 1);
			found = 1;
		}
	}
	fclose(f);
	return found ? 0 : -1;
}

/* mount + own path, or the mount itself if that is not to be seen (a
 * container without a cgroup namespace). */
static int base_of(const char *type, const char *controller, char *out,
		   size_t len)
{
	char mnt[400], own[400] = "/";

	if (mount_of(type, controller, mnt, sizeof mnt) < 0)
		return -1;
	own_path(controller, own, sizeof own);
	snprintf(out, len, "%s%s", mnt, strcmp(own, "/") ? own : "");
	if (!is_dir(out))
		snprintf(out, len, "%s", mnt);
	return 0;
}

static void kill_procs(const char *dir)
{
	char buf[65536], *p, *e;
	int pass;

	for (pass = 0; pass < 50; pass++) {
		int n = 0;

		if (read_file(dir, "cgroup.procs", buf, sizeof buf) < 0)
			return;
		for (p = buf; *p; p = e) {
			long pid = strtol(p, &e, 10);

			if (e == p)
				break;
			if (pid > 0 && kill((pid_t)pid, SIGKILL) == 0)
				n++;
		}
		if (!n)
			return;
		usleep(1000);
	}
}

static int remove_dir(const char *dir)
{
	int i;

	for (i = 0; i < 200; i++) {
		if (rmdir(dir) == 0 || errno == ENOENT)
			return 0;
		if (errno != EBUSY)
			return -1;
		kill_procs(dir);
		usleep(5000);
	}
	return -1;
}

/* Remove the cgroups "nq-PID-*" of harnesses no longer running. */
static void sweep(const char *base)
{
	struct dirent *e;
	DIR *d = opendir(base);

	if (!d)
		return;
	while ((e = readdir(d))) {
		long pid;
		char path[700];

		if (strncmp(e->d_name, "nq-", 3))
			continue;
		pid = strtol(e->d_name + 3, NULL, 10);
		if (nq_pid_gone(pid)) {
			snprintf(path, sizeof path, "%s/%s", base, e->d_name);
			kill_procs(path);
			remove_dir(path);
		}
	}
	closedir(d);
}

static int try_v2(void)
{
	char buf[512], test[460], file[500];

	if (base_of("cgroup2", NULL, base_mem, sizeof base_mem) < 0 ||
	    read_file(base_mem, "cgroup.controllers", buf, sizeof buf) < 0 ||
	    !has_token(buf, "memory"))
		return -1;
	if (read_file(base_mem, "cgroup.subtree_control", buf,
		      sizeof buf) < 0)
		return -1;
	if (!has_token(buf, "memory") &&
	    write_file(base_mem, "cgroup.subtree_control", "+memory") < 0)
		return -1; /* the harness's own cgroup has processes: busy */
	/* pids beside it, where it is there to be had */
	have_pids = has_token(buf, "pids") ||
		    (read_file(base_mem, "cgroup.controllers", buf,
			       sizeof buf) == 0 && has_token(buf, "pids") &&
		     write_file(base_mem, "cgroup.subtree_control",
				"+pids") == 0);
	sweep(base_mem);
	snprintf(test, sizeof test, "%s/nq-%ld-probe", base_mem,
		 (long)getpid());
	if (mkdir(test, 0755) < 0)
		return -1;
	snprintf(file, sizeof file, "%s/memory.max", test);
	if (access(file, W_OK) < 0) {
		rmdir(test);
		return -1;
	}
	snprintf(file, sizeof file, "%s/pids.max", test);
	if (have_pids && access(file, W_OK) < 0)
		have_pids = 0;
	rmdir(test);
	return 0;
}

/* v1: a pids hierarchy where a cgroup can be made. */
static void try_v1_pids(void)
{
	char t[700];

	if (base_of("cgroup", "pids", base_pids, sizeof base_pids) < 0)
		return;
	if (strcmp(base_pids, base_mem) && strcmp(base_pids, base_cpu))
		sweep(base_pids);
	snprintf(t, sizeof t, "%s/nq-%ld-probe", base_pids, (long)getpid());
	if (strcmp(base_pids, base_mem) && strcmp(base_pids, base_cpu)) {
		if (mkdir(t, 0755) < 0)
			return;
		rmdir(t);
	}
	have_pids = 1;
}

static int try_v1(void)
{
	char m[700], c[700];

	if (base_of("cgroup", "memory", base_mem, sizeof base_mem) < 0 ||
	    base_of("cgroup", "cpuacct", base_cpu, sizeof base_cpu) < 0)
		return -1;
	sweep(base_mem);
	if (strcmp(base_mem, base_cpu))
		sweep(base_cpu);
	snprintf(m, sizeof m, "%s/nq-%ld-probe", base_mem, (long)getpid());
	snprintf(c, sizeof c, "%s/nq-%ld-probe", base_cpu, (long)getpid());
	if (mkdir(m, 0755) < 0)
		return -1;
	if (strcmp(m, c) && mkdir(c, 0755) < 0) {
		rmdir(m);
		return -1;
	}
	rmdir(m);
	if (strcmp(m, c))
		rmdir(c);
	try_v1_pids();
	return 0;
}

const char *nq_cgroup_kind(void)
{
	if (!probed) {
		const char *no = getenv("NQ_NO_CGROUP");

		probed = 1;
		if (no && *no && strcmp(no, "0"))
			kind = 0;
		else if (try_v2() == 0)
			kind = 2;
		else if (try_v1() == 0)
			kind = 1;
	}
	return kind == 2 ? "cgroup-v2" : kind == 1 ? "cgroup-v1" : "rlimit";
}

/* A run's cgroup, new and empty. This harness never names two alike,
 * so one that is there already was left by an earlier harness of the
 * same PID that was killed (SIGKILL leaves its groups): its CPU time,
 * memory limit and OOM count are not this run's, so it is emptied,
 * removed and made anew. 0, or -1. */
static int make_own(const char *dir)
{
	if (mkdir(dir, 0755) == 0)
		return 0;
	if (errno != EEXIST || remove_dir(dir) < 0)
		return -1;
	return mkdir(dir, 0755);
}

/* The run's pids cgroup (v1: made; v2: the run's cgroup) with its cap;
 * without it the run is made all the same, with no cap from here. */
static void make_pids(nq_cgroup *cg, int max_pids)
{
	char cap[32];

	if (!have_pids || max_pids <= 0)
		return;
	if (cg->version == 2)
		snprintf(cg->pids, sizeof cg->pids, "%s", cg->mem);
	else
		snprintf(cg->pids, sizeof cg->pids, "%s/nq-%ld-%u", base_pids,
			 (long)getpid(), seq);
	if (strcmp(cg->pids, cg->mem) && strcmp(cg->pids, cg->cpu) &&
	    make_own(cg->pids) < 0) {
		cg->pids[0] = '\0';
		return;
	}
	snprintf(cap, sizeof cap, "%d", max_pids);
	if (write_file(cg->pids, "pids.max", cap) < 0) {
		if (strcmp(cg->pids, cg->mem) && strcmp(cg->pids, cg->cpu))
			remove_dir(cg->pids);
		cg->pids[0] = '\0';
	}
}

int nq_cgroup_create(nq_cgroup *cg, uint64_t memory_kib, int max_pids)
{
	char limit[32];

	memset(cg, 0, sizeof *cg);
	nq_cgroup_kind();
	if (!kind)
		return -1;
	seq++;
	snprintf(cg->mem, sizeof cg->mem, "%s/nq-%ld-%u", base_mem,
		 (long)getpid(), seq);
	if (make_own(cg->mem) < 0)
		return -1;
	cg->version = kind;
	snprintf(limit, sizeof limit, "%llu",
		 (unsigned long long)memory_kib * 1024);
	if (kind == 2) {
		snprintf(cg->cpu, sizeof cg->cpu, "%s", cg->mem);
		/* no swap: the limit is on resident memory */
		write_file(cg->mem, "memory.swap.max", "0");
		if (memory_kib && write_file(cg->mem, "memory.max", limit) < 0)
			goto fail;
		make_pids(cg, max_pids);
		return 0;
	}
	snprintf(cg->cpu, sizeof cg->cpu, "%s/nq-%ld-%u", base_cpu,
		 (long)getpid(), seq);
	if (strcmp(cg->cpu, cg->mem) && make_own(cg->cpu) < 0) {
		cg->cpu[0] = '\0';
		goto fail;
	}
	if (memory_kib) {
		if (write_file(cg->mem, "memory.limit_in_bytes", limit) < 0)
			goto fail;
		/* where there is swap, memory + swap: the same limit */
		write_file(cg->mem, "memory.memsw.limit_in_bytes", limit);
	}
	make_pids(cg, max_pids);
	return 0;
fail:
	nq_cgroup_remove(cg);
	return -1;
}

int nq_cgroup_enter(const nq_cgroup *cg)
{
	if (write_file(cg->mem, "cgroup.procs", "0") < 0)
		return -1;
	if (cg->version == 1 && strcmp(cg->cpu, cg->mem) &&
	    write_file(cg->cpu, "cgroup.procs", "0") < 0)
		return -1;
	if (cg->version == 1 && cg->pids[0] && strcmp(cg->pids, cg->mem) &&
	    strcmp(cg->pids, cg->cpu) &&
	    write_file(cg->pids, "cgroup.procs", "0") < 0)
		return -1;
	return 0;
}

/* A v1 pids cgroup of its own (not the memory or cpuacct one). */
static int own_pids(const nq_cgroup *cg)
{
	return cg->version == 1 && cg->pids[0] && strcmp(cg->pids, cg->mem) &&
	       strcmp(cg->pids, cg->cpu);
}

long nq_cgroup_pids_hit(const nq_cgroup *cg)
{
	long long v;

	if (!cg->version || !cg->pids[0])
		return 0;
	v = keyed(cg->pids, "pids.events", "max");
	return v > 0 ? (long)v : 0;
}

static int list_pids(const char *dir, pid_t *pids, int n, int cap)
{
	char buf[65536], *p, *e;

	if (read_file(dir, "cgroup.procs", buf, sizeof buf) < 0)
		return n;
	for (p = buf; *p && n < cap; p = e) {
		long pid = strtol(p, &e, 10);

		if (e == p)
			break;
		if (pid > 0)
			pids[n++] = (pid_t)pid;
	}
	return n;
}

int nq_cgroup_pids(const nq_cgroup *cg, pid_t *pids, int cap)
{
	int n = 0;

	if (!cg->version)
		return 0;
	n = list_pids(cg->mem, pids, n, cap);
	if (cg->version == 1 && strcmp(cg->cpu, cg->mem))
		n = list_pids(cg->cpu, pids, n, cap);
	if (own_pids(cg))
		n = list_pids(cg->pids, pids, n, cap);
	return n;
}

void nq_cgroup_kill(const nq_cgroup *cg)
{
	if (!cg->version)
		return;
	if (cg->version == 2 && write_file(cg->mem, "cgroup.kill", "1") == 0)
		return;
	kill_procs(cg->mem);
	if (cg->version == 1 && strcmp(cg->cpu, cg->mem))
		kill_procs(cg->cpu);
	if (own_pids(cg))
		kill_procs(cg->pids);
}

int nq_cgroup_cpu(const nq_cgroup *cg, double *cpu_s)
{
	long long v = -1;

	if (cg->version == 2)
		v = keyed(cg->mem, "cpu.stat", "usage_usec");
	else if (cg->version == 1)
		v = number(cg->cpu, "cpuacct.usage");
	if (v < 0)
		return -1;
	*cpu_s = (double)v * (cg->version == 2 ? 1e-6 : 1e-9);
	return 0;
}

void nq_cgroup_usage(const nq_cgroup *cg, double *cpu_s, long *peak_kib,
		     long *oom_kills)
{
	long long v;

	*cpu_s = 0;
	*peak_kib = -1;
	*oom_kills = 0;
	if (cg->version == 2) {
		if ((v = keyed(cg->mem, "cpu.stat", "usage_usec")) >= 0)
			*cpu_s = (double)v * 1e-6;
		if ((v = number(cg->mem, "memory.peak")) >= 0)
			*peak_kib = (long)(v / 1024);
		if ((v = keyed(cg->mem, "memory.events", "oom_kill")) > 0)
			*oom_kills = (long)v;
	} else if (cg->version == 1) {
		if ((v = number(cg->cpu, "cpuacct.usage")) >= 0)
			*cpu_s = (double)v * 1e-9;
		if ((v = number(cg->mem, "memory.max_usage_in_bytes")) >= 0)
			*peak_kib = (long)(v / 1024);
		v = keyed(cg->mem, "memory.oom_control", "oom_kill");
		if (v < 0) /* a kernel before 4.13: the limit was hit */
			v = number(cg->mem, "memory.failcnt");
		if (v > 0)
			*oom_kills = (long)v;
	}
}

void nq_cgroup_remove(nq_cgroup *cg)
{
	if (!cg->version)
		return;
	if (cg->mem[0])
		remove_dir(cg->mem);
	if (cg->version == 1 && cg->cpu[0] && strcmp(cg->cpu, cg->mem))
		remove_dir(cg->cpu);
	if (own_pids(cg))
		remove_dir(cg->pids);
	cg->version = 0;
}
