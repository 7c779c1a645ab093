/* test_runner.c - the runner turns whatever a solver does into a status:
 * an answer, an error, a crash, a hang, running out of memory; and a big
 * placement crosses the pipe whole. Only the pipe's message is a verdict:
 * a solver that exits 86 (once read as memout) has crashed. Several runs
 * in flight keep their own times, statuses, trees, logs and CPUs. */
#define _GNU_SOURCE /* sched_getaffinity, in a fake solver */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>
#include "runner.h"
#include "runtree.h"
#include "solvers.h"

static int answer_count(const nq_job *job, nq_result *res)
{
	res->solutions = 42;
	res->nodes = 7;
	res->solve_s = 0.25;
	(void)job;
	return NQ_OK;
}

/* "Places" queen r in column n-1-r: not valid, but checks the transfer. */
static int answer_placement(const nq_job *job, nq_result *res)
{
	int r;

	for (r = 0; r < job->inst->n; r++)
		res->placement[r] = job->inst->n - 1 - r;
	res->solutions = 1;
	return NQ_OK;
}

static int refuse(const nq_job *job, nq_result *res)
{
	(void)job;
	strcpy(res->note, "cannot do that, Dave");
	return NQ_ERR;
}

static int crash(const nq_job *job, nq_result *res)
{
	(void)job;
	(void)res;
	abort();
}

static int hang(const nq_job *job, nq_result *res)
{
	(void)job;
	(void)res;
	for (;;)
		pause();
	return NQ_OK;
}

static int oom(const nq_job *job, nq_result *res)
{
	(void)job;
	(void)res;
	nq_oom();
}

static int enomem(const nq_job *job, nq_result *res)
{
	(void)job;
	(void)res;
	return NQ_ENOMEM;
}

static int exit_early(const nq_job *job, nq_result *res)
{
	(void)job;
	(void)res;
	_exit(0);
}

/* Exit statuses that once read as verdicts: never again. */
static int exit_86(const nq_job *job, nq_result *res)
{
	(void)job;
	(void)res;
	exit(86);
}

static int exit_86_now(const nq_job *job, nq_result *res)
{
	(void)job;
	(void)res;
	_exit(86);
}

static int gives_up(const nq_job *job, nq_result *res)
{
	(void)job;
	strcpy(res->note, "stopped at the time limit");
	return NQ_ETIMEOUT;
}

/* Where a solver leaves what the test checks after the run. */
static char side[64];

static void side_write(const char *text)
{
	FILE *f = fopen(side, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void side_read(char *buf, size_t len)
{
	FILE *f = fopen(side, "r");

	buf[0] = '\0';
	if (f) {
		if (!fgets(buf, (int)len, f))
			buf[0] = '\0';
		fclose(f);
	}
}

/* Answers at once, but a grandchild holds the pipe (and every fd). */
static int holds_pipe(const nq_job *job, nq_result *res)
{
	char pid[32];
	pid_t g = fork();

	(void)job;
	if (g == 0) {
		sleep(60);
		_exit(0);
	}
	snprintf(pid, sizeof pid, "%ld", (long)g);
	side_write(pid);
	res->solutions = 42;
	return NQ_OK;
}

/* Says where its temporary directory is, leaves a file in it. */
static int uses_tmp(const nq_job *job, nq_result *res)
{
	const char *dir = getenv("NQ_RUN_DIR"), *tmp = getenv("TMPDIR");
	char path[600];
	FILE *f;

	(void)job;
	if (!dir || !tmp || strcmp(dir, tmp))
		return NQ_ERR;
	side_write(dir);
	snprintf(path, sizeof path, "%s/left.lp", dir);
	if ((f = fopen(path, "w")))
		fclose(f);
	res->solutions = 1;
	return NQ_OK;
}

static int talks(const nq_job *job, nq_result *res)
{
	(void)job;
	fputs("hello\nlast words\n  \n", stderr);
	strcpy(res->note, "no");
	return NQ_ERR;
}

static const char *log_path;

static void run(int (*solve)(const nq_job *, nq_result *), int n,
		enum nq_mode mode, double timeout, nq_run *out)
{
	static nq_solver s;
	nq_approach a;
	nq_instance in = { n, mode, 0, NULL };
	nq_limits lim = { .timeout_s = timeout, .seed = 1,
			  .log_path = log_path, .log_label = "a run" };
	nq_error err;

	memset(&s, 0, sizeof s);
	s.abi_version = NQ_ABI_VERSION;
	s.struct_size = sizeof s;
	s.name = "fake";
	s.solve = solve;
	memset(&a, 0, sizeof a);
	a.solver = &s;
	assert_int_equal(nq_run_one(&a, &in, &lim, out, &err), 0);
}

static void ok_count(void **state)
{
	nq_run r;

	(void)state;
	run(answer_count, 8, NQ_MODE_COUNT, 10, &r);
	assert_int_equal(r.status, NQ_ST_OK);
	assert_true(r.answered);
	assert_int_equal(r.res.solutions, 42);
	assert_int_equal(r.res.nodes, 7);
	assert_int_equal(r.res.decisions, NQ_NA);
	assert_true(r.res.solve_s == 0.25);
	assert_null(r.res.placement);
	assert_true(r.wall_s > 0);
	assert_true(r.peak_rss_kib > 0);
	nq_run_clear(&r);
}

static void big_placement(void **state)
{
	nq_run r;
	int n = 1000000, i;

	(void)state;
	run(answer_placement, n, NQ_MODE_FIRST, 30, &r);
	assert_int_equal(r.status, NQ_ST_OK);
	assert_non_null(r.res.placement);
	for (i = 0; i < n; i++)
		if (r.res.placement[i] != n - 1 - i)
			fail_msg("row %d: %d", i, r.res.placement[i]);
	nq_run_clear(&r);
}

static void error_status(void **state)
{
	nq_run r;

	(void)state;
	run(refuse, 8, NQ_MODE_FIRST, 10, &r);
	assert_int_equal(r.status, NQ_ST_ERROR);
	assert_false(r.answered);
	assert_string_equal(r.note, "cannot do that, Dave");
	nq_run_clear(&r);
}

static void crash_status(void **state)
{
	nq_run r;

	(void)state;
	run(crash, 8, NQ_MODE_FIRST, 10, &r);
	assert_int_equal(r.status, NQ_ST_CRASH);
	assert_non_null(strstr(r.note, "signal"));
	nq_run_clear(&r);

	run(exit_early, 8, NQ_MODE_FIRST, 10, &r);
	assert_int_equal(r.status, NQ_ST_CRASH);
	assert_non_null(strstr(r.note, "without a whole answer"));
	nq_run_clear(&r);
}

static void exit_status_is_no_verdict(void **state)
{
	int (*const solvers[])(const nq_job *, nq_result *) = {
		exit_86, exit_86_now
	};
	nq_run r;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof solvers / sizeof solvers[0]; i++) {
		run(solvers[i], 8, NQ_MODE_FIRST, 10, &r);
		assert_int_equal(r.status, NQ_ST_CRASH);
		assert_false(r.answered);
		assert_non_null(strstr(r.note, "without a whole answer"));
		nq_run_clear(&r);
	}
}

static void timeout_status(void **state)
{
	nq_run r;

	(void)state;
	run(hang, 8, NQ_MODE_FIRST, 0.3, &r);
	assert_int_equal(r.status, NQ_ST_TIMEOUT);
	assert_true(r.wall_s >= 0.3 && r.wall_s < 5);
	nq_run_clear(&r);

	run(gives_up, 8, NQ_MODE_FIRST, 10, &r);
	assert_int_equal(r.status, NQ_ST_TIMEOUT);
	assert_string_equal(r.note, "stopped at the time limit");
	nq_run_clear(&r);
}

static void memout_status(void **state)
{
	nq_run r;

	(void)state;
	run(oom, 8, NQ_MODE_FIRST, 10, &r);
	assert_int_equal(r.status, NQ_ST_MEMOUT);
	assert_false(r.answered);
	assert_non_null(strstr(r.note, "out of memory"));
	nq_run_clear(&r);
	run(enomem, 8, NQ_MODE_FIRST, 10, &r);
	assert_int_equal(r.status, NQ_ST_MEMOUT);
	nq_run_clear(&r);
}

static void grandchild_holding_pipe(void **state)
{
	char buf[64];
	long g;
	nq_run r;

	(void)state;
	run(holds_pipe, 8, NQ_MODE_COUNT, 20, &r);
	assert_int_equal(r.status, NQ_ST_OK);
	assert_int_equal(r.res.solutions, 42);
	assert_true(r.wall_s < 5);
	side_read(buf, sizeof buf);
	g = strtol(buf, NULL, 10);
	assert_true(g > 0);
	/* killed and reaped: no such process, not even a zombie */
	assert_int_equal(kill((pid_t)g, 0), -1);
	assert_non_null(r.measured_by);
	nq_run_clear(&r);
}

static void temp_dir_removed(void **state)
{
	char dir[600];
	nq_run r;

	(void)state;
	run(uses_tmp, 8, NQ_MODE_COUNT, 20, &r);
	assert_int_equal(r.status, NQ_ST_OK);
	side_read(dir, sizeof dir);
	assert_non_null(strstr(dir, "/nq-run-"));
	assert_int_equal(access(dir, F_OK), -1);
	nq_run_clear(&r);
}

static void stderr_logged(void **state)
{
	char path[] = "/tmp/nq-test-log-XXXXXX", buf[256];
	FILE *f;
	size_t got;
	int fd;
	nq_run r;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	log_path = path;
	run(talks, 8, NQ_MODE_COUNT, 20, &r);
	log_path = NULL;
	assert_int_equal(r.status, NQ_ST_ERROR);
	assert_string_equal(r.note, "no; stderr: last words");
	f = fopen(path, "r");
	assert_non_null(f);
	got = fread(buf, 1, sizeof buf - 1, f);
	buf[got] = '\0';
	fclose(f);
	unlink(path);
	assert_string_equal(buf, "=== a run ===\nhello\nlast words\n  \n");
	nq_run_clear(&r);
}

/* Several runs in flight. Times are checked within 0.25 s: loose enough
 * for a loaded 2-core machine, tight enough that a run timed "when the
 * parent got around to it" (after a slower one) fails. */
#define SLACK 0.25
#define NSIDES 3

static char sides[NSIDES][64];

static void side_put(int k, long v)
{
	FILE *f = fopen(sides[k], "w");

	if (f) {
		fprintf(f, "%ld\n", v);
		fclose(f);
	}
}

static long side_get(int k)
{
	FILE *f = fopen(sides[k], "r");
	long v = 0;

	if (f) {
		if (fscanf(f, "%ld", &v) != 1)
			v = 0;
		fclose(f);
	}
	return v;
}

static double clock_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void nap_ms(uint64_t ms)
{
	struct timespec ts = { (time_t)(ms / 1000), (long)(ms % 1000) * 1000000 };

	while (nanosleep(&ts, &ts) < 0)
		;
}

/* Sleeps `seed` milliseconds, then answers the seed. */
static int naps(const nq_job *job, nq_result *res)
{
	nap_ms(job->seed);
	res->solutions = job->seed;
	return NQ_OK;
}

static int naps_then_crashes(const nq_job *job, nq_result *res)
{
	(void)res;
	nap_ms(job->seed);
	abort();
}

/* Says its pid (side 2), then naps. */
static int naps_said(const nq_job *job, nq_result *res)
{
	side_put(2, (long)getpid());
	return naps(job, res);
}

/* Leaves a grandchild sleeping in its group (side 0) and one that left
 * it with setsid (side 1), naps, answers. */
static int leaves_grandchildren(const nq_job *job, nq_result *res)
{
	pid_t g = fork();

	if (g == 0) {
		sleep(60);
		_exit(0);
	}
	side_put(0, (long)g);
	if (fork() == 0) {
		pid_t e;

		setsid();
		if ((e = fork()) == 0) {
			sleep(60);
			_exit(0);
		}
		side_put(1, (long)e);
		_exit(0);
	}
	nap_ms(job->seed);
	res->solutions = 1;
	return NQ_OK;
}

/* Five lines of stderr over 100 ms, each naming the run (its seed). */
static int talks_slowly(const nq_job *job, nq_result *res)
{
	int i;

	for (i = 0; i < 5; i++) {
		fprintf(stderr, "run %llu line %d\n",
			(unsigned long long)job->seed, i);
		nap_ms(20);
	}
	res->solutions = 1;
	return NQ_OK;
}

/* The CPUs it may run on, as a bit mask of the first 64, in solutions. */
static int affinity(const nq_job *job, nq_result *res)
{
	cpu_set_t set;
	int i;

	(void)job;
	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof set, &set) < 0)
		return NQ_ERR;
	res->solutions = 0;
	for (i = 0; i < 64; i++)
		if (CPU_ISSET(i, &set))
			res->solutions |= 1ull << i;
	return NQ_OK;
}

static nq_pending *start(int (*solve)(const nq_job *, nq_result *),
			 uint64_t seed, double timeout, const int *cpus,
			 int ncpus, const char *label)
{
	static nq_solver s;
	nq_approach a;
	nq_instance in = { 8, NQ_MODE_COUNT, 0, NULL };
	nq_limits lim = { .timeout_s = timeout, .seed = seed,
			  .log_path = log_path, .log_label = label };
	nq_error err;
	nq_pending *p;

	memset(&s, 0, sizeof s);
	s.abi_version = NQ_ABI_VERSION;
	s.struct_size = sizeof s;
	s.name = "fake";
	s.solve = solve;
	memset(&a, 0, sizeof a);
	a.solver = &s;
	p = nq_run_start(&a, &in, &lim, cpus, ncpus, &err);
	if (!p)
		fail_msg("nq_run_start: %s", err.msg);
	return p;
}

/* Wait for every run of p[0..n-1]: out[i] its run, at[i] when
 * nq_run_wait_any handed it back (s after t0), order[k] the k-th. */
static void wait_all(nq_pending **p, size_t n, nq_run *out, double *at,
		     int *order, double t0)
{
	nq_run r;
	nq_error err;
	size_t k;

	for (k = 0; k < n; k++) {
		int i = nq_run_wait_any(p, n, -1, &r, &err);

		assert_true(i >= 0 && (size_t)i < n);
		assert_null(p[i]);
		out[i] = r;
		at[i] = clock_s() - t0;
		order[k] = i;
	}
	assert_int_equal(nq_run_wait_any(p, n, -1, &r, &err), -2);
}

static void in_range(double v, double lo, double hi, const char *what)
{
	if (!(v >= lo && v <= hi))
		fail_msg("%s: %.3f s, not in [%.3f, %.3f]", what, v, lo, hi);
}

static void cpus_text(void **state)
{
	char buf[64], small[12];
	const int a[] = { 0 }, b[] = { 3, 2 }, c[] = { 2, 0 },
		  d[] = { 5, 1, 2, 3, 7, 8 }, e[] = { 0, 2, 4, 6, 8, 10, 12 };
	int list[4096], n;

	(void)state;
	nq_cpus_format(a, 0, buf, sizeof buf);
	assert_string_equal(buf, "");
	nq_cpus_format(a, 1, buf, sizeof buf);
	assert_string_equal(buf, "0");
	nq_cpus_format(b, 2, buf, sizeof buf);
	assert_string_equal(buf, "2-3");
	nq_cpus_format(c, 2, buf, sizeof buf);
	assert_string_equal(buf, "0,2");
	nq_cpus_format(d, 6, buf, sizeof buf);
	assert_string_equal(buf, "1-3,5,7-8");
	nq_cpus_format(e, 7, small, sizeof small);
	assert_string_equal(small, "0,2,4,6...");
	n = nq_cpus_online(list, 4096);
	assert_true(n >= 1 && n <= 4096);
	while (--n > 0)
		assert_true(list[n - 1] < list[n]);
}

/* One finishes at 0.1 s while another times out at 0.3 s. */
static void two_at_once(void)
{
	nq_pending *p[2];
	nq_run r[2];
	double at[2], t0 = clock_s();
	int order[2];

	p[0] = start(hang, 1, 0.3, NULL, 0, "hang");
	p[1] = start(naps, 100, 10, NULL, 0, "naps");
	wait_all(p, 2, r, at, order, t0);
	assert_int_equal(order[0], 1);
	assert_int_equal(r[1].status, NQ_ST_OK);
	assert_int_equal(r[1].res.solutions, 100);
	in_range(r[1].wall_s, 0.1, 0.1 + SLACK, "the 0.1 s run's wall");
	in_range(at[1], 0.1, 0.1 + SLACK, "the 0.1 s run handed back");
	assert_int_equal(r[0].status, NQ_ST_TIMEOUT);
	in_range(r[0].wall_s, 0.3, 0.3 + SLACK, "the timeout's wall");
	assert_string_equal(r[0].cpus, "");
	nq_run_clear(&r[0]);
	nq_run_clear(&r[1]);
}

static void two_in_flight(void **state)
{
	(void)state;
	two_at_once();
}

static void two_in_flight_without_pidfd(void **state)
{
	(void)state;
	nq_runner_no_pidfd = 1;
	two_at_once();
	nq_runner_no_pidfd = 0;
}

static void four_in_flight(void **state)
{
	nq_pending *p[4];
	nq_run r[4];
	double at[4], t0 = clock_s();
	int order[4], i;

	(void)state;
	p[0] = start(naps, 600, 10, NULL, 0, "0.6");
	p[1] = start(hang, 1, 0.3, NULL, 0, "timeout 0.3");
	p[2] = start(naps, 2000, 0.8, NULL, 0, "timeout 0.8");
	p[3] = start(naps, 100, 10, NULL, 0, "0.1");
	wait_all(p, 4, r, at, order, t0);
	assert_int_equal(order[0], 3);
	assert_int_equal(order[1], 1);
	assert_int_equal(order[2], 0);
	assert_int_equal(order[3], 2);
	assert_int_equal(r[3].status, NQ_ST_OK);
	in_range(r[3].wall_s, 0.1, 0.1 + SLACK, "0.1 s run");
	assert_int_equal(r[1].status, NQ_ST_TIMEOUT);
	in_range(r[1].wall_s, 0.3, 0.3 + SLACK, "0.3 s timeout");
	assert_int_equal(r[0].status, NQ_ST_OK);
	assert_int_equal(r[0].res.solutions, 600);
	in_range(r[0].wall_s, 0.6, 0.6 + SLACK, "0.6 s run");
	assert_int_equal(r[2].status, NQ_ST_TIMEOUT);
	in_range(r[2].wall_s, 0.8, 0.8 + SLACK, "0.8 s timeout");
	for (i = 0; i < 4; i++)
		nq_run_clear(&r[i]);
}

static void crash_beside_another(void **state)
{
	nq_pending *p[2];
	nq_run r[2];
	double at[2], t0 = clock_s();
	int order[2];

	(void)state;
	p[0] = start(naps, 400, 10, NULL, 0, "naps");
	p[1] = start(naps_then_crashes, 100, 10, NULL, 0, "crashes");
	wait_all(p, 2, r, at, order, t0);
	assert_int_equal(order[0], 1);
	assert_int_equal(r[1].status, NQ_ST_CRASH);
	assert_non_null(strstr(r[1].note, "signal"));
	in_range(at[1], 0.1, 0.1 + SLACK, "the crash handed back");
	assert_int_equal(r[0].status, NQ_ST_OK);
	assert_int_equal(r[0].res.solutions, 400);
	in_range(r[0].wall_s, 0.4, 0.4 + SLACK, "the other run");
	nq_run_clear(&r[0]);
	nq_run_clear(&r[1]);
}

/* The end of a run kills its grandchild, not the run beside it; the
 * grandchild that left with setsid goes with its cgroup, or when no run
 * is in flight any more. */
static void tree_ends_alone(void **state)
{
	nq_pending *p[2];
	nq_run r;
	nq_error err;
	long g, e, other;

	(void)state;
	side_put(0, 0);
	side_put(1, 0);
	side_put(2, 0);
	p[1] = start(naps_said, 700, 10, NULL, 0, "beside");
	p[0] = start(leaves_grandchildren, 200, 10, NULL, 0, "leaves");
	assert_int_equal(nq_run_wait_any(p, 2, -1, &r, &err), 0);
	assert_int_equal(r.status, NQ_ST_OK);
	g = side_get(0);
	e = side_get(1);
	other = side_get(2);
	assert_true(g > 0 && e > 0 && other > 0);
	print_message("measured by %s\n", r.measured_by);
	assert_int_equal(kill((pid_t)g, 0), -1); /* killed and reaped */
	assert_int_equal(kill((pid_t)other, 0), 0);
	if (!strncmp(r.measured_by, "cgroup", 6))
		assert_int_equal(kill((pid_t)e, 0), -1);
	nq_run_clear(&r);
	assert_int_equal(nq_run_wait_any(p, 2, -1, &r, &err), 1);
	assert_int_equal(r.status, NQ_ST_OK);
	in_range(r.wall_s, 0.7, 0.7 + SLACK, "the run beside");
	assert_int_equal(kill((pid_t)e, 0), -1);
	assert_int_equal(kill((pid_t)other, 0), -1);
	nq_run_clear(&r);
}

static void logs_stay_together(void **state)
{
	char path[] = "/tmp/nq-test-log-XXXXXX", buf[1024], want[2][300];
	nq_pending *p[2];
	nq_run r[2];
	double at[2];
	int order[2], fd, i, k;
	size_t got;
	FILE *f;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	log_path = path;
	p[0] = start(talks_slowly, 1, 10, NULL, 0, "one");
	p[1] = start(talks_slowly, 2, 10, NULL, 0, "two");
	log_path = NULL;
	wait_all(p, 2, r, at, order, clock_s());
	for (i = 0; i < 2; i++) {
		int at_ = snprintf(want[i], sizeof want[i], "=== %s ===\n",
				   i ? "two" : "one");

		for (k = 0; k < 5; k++)
			at_ += snprintf(want[i] + at_, sizeof want[i] - (size_t)at_,
					"run %d line %d\n", i + 1, k);
		nq_run_clear(&r[i]);
	}
	f = fopen(path, "r");
	assert_non_null(f);
	got = fread(buf, 1, sizeof buf - 1, f);
	buf[got] = '\0';
	fclose(f);
	unlink(path);
	/* whole, in the order the runs ended */
	assert_int_equal(strncmp(buf, want[order[0]], strlen(want[order[0]])), 0);
	assert_string_equal(buf + strlen(want[order[0]]), want[order[1]]);
}

static void pinned(void **state)
{
	int list[64], n, i, zero = 0, two[2], bad = 1 << 20, order[2];
	nq_pending *p[2];
	nq_run r[2];
	double at[2];
	unsigned long long all = 0;
	char want[32];

	(void)state;
	n = nq_cpus_online(list, 64);
	assert_true(n >= 1);
	if (list[0] != 0)
		skip(); /* CPU 0 is not ours to use */
	for (i = 0; i < n && i < 64; i++)
		all |= 1ull << list[i];
	p[0] = start(affinity, 1, 10, &zero, 1, "pinned");
	p[1] = start(affinity, 1, 10, NULL, 0, "free");
	wait_all(p, 2, r, at, order, clock_s());
	assert_int_equal(r[0].status, NQ_ST_OK);
	assert_int_equal(r[0].res.solutions, 1); /* exactly {0} */
	assert_string_equal(r[0].cpus, "0");
	assert_int_equal(r[1].status, NQ_ST_OK);
	assert_true(r[1].res.solutions == all);
	assert_string_equal(r[1].cpus, "");
	nq_run_clear(&r[0]);
	nq_run_clear(&r[1]);
	if (n >= 2) {
		two[0] = list[1];
		two[1] = list[0];
		p[0] = start(affinity, 1, 10, two, 2, "two");
		p[1] = start(affinity, 1, 10, &bad, 1, "bad");
		wait_all(p, 2, r, at, order, clock_s());
		assert_int_equal(r[0].status, NQ_ST_OK);
		assert_true(r[0].res.solutions ==
			    ((1ull << list[0]) | (1ull << list[1])));
		snprintf(want, sizeof want, list[1] == list[0] + 1 ? "%d-%d"
			 : "%d,%d", list[0], list[1]);
		assert_string_equal(r[0].cpus, want);
		assert_int_equal(r[1].status, NQ_ST_ERROR);
		assert_non_null(strstr(r[1].note, "cannot pin"));
		nq_run_clear(&r[0]);
		nq_run_clear(&r[1]);
	}
}

static void cancel_ends_it(void **state)
{
	nq_pending *p;
	long pid;

	(void)state;
	side_put(2, 0);
	p = start(naps_said, 5000, 30, NULL, 0, "cancelled");
	nap_ms(150);
	pid = side_get(2);
	assert_true(pid > 0);
	nq_run_cancel(p);
	assert_int_equal(kill((pid_t)pid, 0), -1);
}

static void abort_kills_all(void **state)
{
	nq_pending *p[3];
	nq_run r[3];
	double at[3], t0 = clock_s();
	int order[3], i;

	(void)state;
	for (i = 0; i < 3; i++)
		p[i] = start(hang, 1, 30, NULL, 0, "hang");
	nap_ms(100);
	nq_runner_abort();
	wait_all(p, 3, r, at, order, t0);
	for (i = 0; i < 3; i++) {
		assert_int_equal(r[i].status, NQ_ST_CRASH);
		assert_non_null(strstr(r[i].note, "signal 9"));
		assert_true(at[i] < 5);
		nq_run_clear(&r[i]);
	}
	/* and every later start */
	p[0] = start(hang, 1, 30, NULL, 0, "hang");
	wait_all(p, 1, r, at, order, clock_s());
	assert_int_equal(r[0].status, NQ_ST_CRASH);
	assert_true(at[0] < 5);
	nq_run_clear(&r[0]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ok_count),
		cmocka_unit_test(big_placement),
		cmocka_unit_test(error_status),
		cmocka_unit_test(crash_status),
		cmocka_unit_test(exit_status_is_no_verdict),
		cmocka_unit_test(timeout_status),
		cmocka_unit_test(memout_status),
		cmocka_unit_test(grandchild_holding_pipe),
		cmocka_unit_test(temp_dir_removed),
		cmocka_unit_test(stderr_logged),
		cmocka_unit_test(cpus_text),
		cmocka_unit_test(two_in_flight),
		cmocka_unit_test(two_in_flight_without_pidfd),
		cmocka_unit_test(four_in_flight),
		cmocka_unit_test(crash_beside_another),
		cmocka_unit_test(tree_ends_alone),
		cmocka_unit_test(logs_stay_together),
		cmocka_unit_test(pinned),
		cmocka_unit_test(cancel_ends_it),
		/* last: the runner stays aborted */
		cmocka_unit_test(abort_kills_all),
	};
	int fd, i;

	snprintf(side, sizeof side, "/tmp/nq-test-side-XXXXXX");
	if ((fd = mkstemp(side)) >= 0)
		close(fd);
	for (i = 0; i < NSIDES; i++) {
		snprintf(sides[i], sizeof sides[i], "/tmp/nq-test-side-XXXXXX");
		if ((fd = mkstemp(sides[i])) >= 0)
			close(fd);
	}

	fd = cmocka_run_group_tests(tests, NULL, NULL);
	unlink(side);
	for (i = 0; i < NSIDES; i++)
		unlink(sides[i]);
	return fd;
}
