/*
 * cpuclock.c - see cpuclock.h.
 *
 * The process's own time is its CPU-time clock (clock_getcpuclockid):
 * the kernel's sum_exec_runtime of every thread, live or ended, to the
 * nanosecond, readable by any process for any other, running or a
 * zombie. What its reaped children used is only in /proc/PID/stat
 * (cutime, cstime), in clock ticks; so is the number of its threads.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cpuclock.h"

double nq_cpu_tick(void)
{
	static double tick;

	if (!tick) {
		long hz = sysconf(_SC_CLK_TCK);

		tick = 1.0 / (double)(hz > 0 ? hz : 100);
	}
	return tick;
}

/* Fields 16, 17 and 20 of /proc/PID/stat: cutime, cstime (ticks) and
 * num_threads. 0, or -1. */
static int proc_stat(pid_t pid, double *reaped_s, int *threads)
{
	char path[64], buf[1024], *p;
	unsigned long long cut, cst;
	long nthreads;
	ssize_t r;
	int fd;

	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	r = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (r <= 0)
		return -1;
	buf[r] = '\0';
	/* "pid (comm) S ...": comm may hold anything, ')' too; from the
	 * state (field 3), cutime is the 14th field on */
	if (!(p = strrchr(buf, ')')) ||
	    sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u "
		   "%*u %*u %llu %llu %*d %*d %ld", &cut, &cst,
		   &nthreads) != 3)
		return -1;
	*reaped_s = (double)(cut + cst) * nq_cpu_tick();
	*threads = nthreads > 0 && nthreads < 1 << 20 ? (int)nthreads : 0;
	return 0;
}

int nq_cpu_read(pid_t pid, nq_cpu_now *c)
{
	struct timespec ts;
	clockid_t clk;

	memset(c, 0, sizeof *c);
	if (pid <= 0 || clock_getcpuclockid(pid, &clk) != 0 ||
	    clock_gettime(clk, &ts) != 0 ||
	    proc_stat(pid, &c->reaped_s, &c->threads) < 0)
		return -1;
	c->self_s = (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
	return 0;
}
