/* test_runner_async.c - several runs in flight at once (nq_runner_start,
 * nq_runner_wait_any): each keeps its own status and wall time, whatever
 * the others do (finish, time out, crash); ending one ends its own tree
 * and not the others'; their stderr stays whole under each header; a run
 * pinned to CPUs has those and no others; nq_runner_cancel and
 * nq_runner_abort end what is in flight. */
#define _GNU_SOURCE /* sched_getaffinity, in a fake solver */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>
#include "runner.h"
#include "runtree.h"
#include "solvers.h"

static const char *log_path;

static int hang(const nq_job *job, nq_result *res)
{
	(void)job;
	(void)res;
	for (;;)
		pause();
	return NQ_OK;
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
	struct timespec ts = { (time_t)(ms / 1000),
			       (long)(ms % 1000) * 1000000 };

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
	nq_instance in = { .n = 8, .mode = NQ_MODE_COUNT, .nhints = 0, .hints = NULL };
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
	p = nq_runner_start(&a, &in, &lim, cpus, ncpus, &err);
	if (!p)
		fail_msg("nq_runner_start: %s", err.msg);
	return p;
}

/* Wait for every run of p[0..n-1]: out[i] its run, at[i] when
 * nq_runner_wait_any handed it back (s after t0), order[k] the k-th. */
static void wait_all(nq_pending **p, size_t n, nq_run *out, double *at,
		     int *order, double t0)
{
	nq_run r;
	nq_error err;
	size_t k;

	for (k = 0; k < n; k++) {
		int i = nq_runner_wait_any(p, n, -1, &r, &err);

		assert_true(i >= 0 && (size_t)i < n);
		assert_null(p[i]);
		out[i] = r;
		at[i] = clock_s() - t0;
		order[k] = i;
	}
	assert_int_equal(nq_runner_wait_any(p, n, -1, &r, &err), -2);
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
	/* the run beside naps 1.2 s: long enough that the other (0.2 s)
	 * ends first even when a busy machine starts it late */
	p[1] = start(naps_said, 1200, 10, NULL, 0, "beside");
	p[0] = start(leaves_grandchildren, 200, 10, NULL, 0, "leaves");
	assert_int_equal(nq_runner_wait_any(p, 2, -1, &r, &err), 0);
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
	assert_int_equal(nq_runner_wait_any(p, 2, -1, &r, &err), 1);
	assert_int_equal(r.status, NQ_ST_OK);
	in_range(r.wall_s, 1.2, 1.2 + SLACK, "the run beside");
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
	size_t got, first;
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
		int len = snprintf(want[i], sizeof want[i], "=== %s ===\n",
				   i ? "two" : "one");

		for (k = 0; k < 5; k++)
			len += snprintf(want[i] + len,
					sizeof want[i] - (size_t)len,
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
	first = strlen(want[order[0]]);
	assert_int_equal(strncmp(buf, want[order[0]], first), 0);
	assert_string_equal(buf + first, want[order[1]]);
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
	nq_run r;
	nq_error err;
	long pid;

	(void)state;
	side_put(2, 0);
	p = start(naps_said, 5000, 30, NULL, 0, "cancelled");
	/* a run is released to solve by the parent's poll: poll a while */
	assert_int_equal(nq_runner_wait_any(&p, 1, 0.15, &r, &err), -2);
	pid = side_get(2);
	assert_true(pid > 0);
	nq_runner_cancel(p);
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

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
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

	for (i = 0; i < NSIDES; i++) {
		snprintf(sides[i], sizeof sides[i], "/tmp/nq-test-side-XXXXXX");
		if ((fd = mkstemp(sides[i])) >= 0)
			close(fd);
	}
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	fd = cmocka_run_group_tests(tests, NULL, NULL);
	for (i = 0; i < NSIDES; i++)
		unlink(sides[i]);
	return fd;
}
