/* test_runner.c - the runner turns whatever a solver does into a status:
 * an answer, an error, a crash, a hang, running out of memory; and a big
 * placement crosses the pipe whole. Only the pipe's message is a verdict:
 * a solver that exits 86 (once read as memout) has crashed. Several runs
 * in flight at once: test_runner_async.c. A run past its disk or process
 * cap is an error naming the cap. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>
#include "cgroup.h"
#include "host.h"
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

/* 4 MiB into one file of the run's directory, 64 KiB at a time. */
static int write_big(const nq_job *job, nq_result *res)
{
	static char chunk[65536];
	char path[700];
	FILE *f;
	int i;

	snprintf(path, sizeof path, "%s/big", getenv("NQ_RUN_DIR"));
	if (!(f = fopen(path, "w")))
		return NQ_ERR;
	for (i = 0; i < 64; i++)
		if (fwrite(chunk, 1, sizeof chunk, f) != sizeof chunk)
			break;
	fclose(f);
	return answer_count(job, res);
}

/* 200 files of 16 KiB: none near a cap of 1 MiB, 3 MiB in all. */
static int write_many(const nq_job *job, nq_result *res)
{
	static char chunk[16384];
	char path[700];
	FILE *f;
	int i;

	for (i = 0; i < 200; i++) {
		snprintf(path, sizeof path, "%s/f%d", getenv("NQ_RUN_DIR"), i);
		if ((f = fopen(path, "w"))) {
			fwrite(chunk, 1, sizeof chunk, f);
			fclose(f);
		}
	}
	return answer_count(job, res);
}

/* 50 sleepers, then the answer. */
static int fork_many(const nq_job *job, nq_result *res)
{
	int i;

	for (i = 0; i < 50; i++)
		if (fork() == 0) {
			sleep(60);
			_exit(0);
		}
	return answer_count(job, res);
}

/* The caps of the next run (0: none), for the caps' tests. */
static uint64_t cap_disk_kib;
static int cap_processes;

static void run(int (*solve)(const nq_job *, nq_result *), int n,
		enum nq_mode mode, double timeout, nq_run *out)
{
	static nq_solver s;
	nq_approach a;
	nq_instance in = { .n = n, .mode = mode, .nhints = 0, .hints = NULL };
	nq_limits lim = { .timeout_s = timeout, .seed = 1,
			  .disk_kib = cap_disk_kib, .processes = cap_processes,
			  .log_path = log_path, .log_label = "a run" };
	nq_error err;

	memset(&s, 0, sizeof s);
	s.abi_version = NQ_ABI_VERSION;
	s.struct_size = sizeof s;
	s.name = "fake";
	s.solve = solve;
	memset(&a, 0, sizeof a);
	a.solver = &s;
	assert_int_equal(nq_runner_one(&a, &in, &lim, out, &err), 0);
}

/* Past a cap: error, with a note naming it and its key; under it, as
 * without one. */
static void caps(void **state)
{
	nq_run r;

	(void)state;
	cap_disk_kib = 1024;
	cap_processes = 10;
	run(write_big, 8, NQ_MODE_COUNT, 10, &r);
	assert_int_equal(r.status, NQ_ST_ERROR);
	assert_false(r.answered);
	assert_non_null(strstr(r.note, "cap of 1 MiB on disk"));
	assert_non_null(strstr(r.note, "disk: in the experiment"));
	nq_run_clear(&r);
	run(write_many, 8, NQ_MODE_COUNT, 10, &r);
	assert_int_equal(r.status, NQ_ST_ERROR);
	assert_non_null(strstr(r.note, "cap of 1 MiB on disk"));
	nq_run_clear(&r);
	run(fork_many, 8, NQ_MODE_COUNT, 10, &r);
	assert_int_equal(r.status, NQ_ST_ERROR);
	assert_non_null(strstr(r.note, "hit the cap of 10 processes"));
	assert_non_null(strstr(r.note, "processes: in the experiment"));
	nq_run_clear(&r);
	run(answer_count, 8, NQ_MODE_COUNT, 10, &r);
	assert_int_equal(r.status, NQ_ST_OK);
	assert_int_equal(r.res.solutions, 42);
	nq_run_clear(&r);
	cap_disk_kib = 0;
	cap_processes = 0;
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

/* 32 MiB touched, then an answer. */
static int touch_32m(const nq_job *job, nq_result *res)
{
	size_t len = (size_t)32 << 20, i;
	volatile char *p = malloc(len); /* volatile: no store elided */

	(void)job;
	if (!p)
		return NQ_ENOMEM;
	for (i = 0; i < len; i += 4096)
		p[i] = 1;
	res->solutions = (uint64_t)p[len / 2];
	return NQ_OK;
}

/* The next cgroup name of this harness: "...-SEQ" with SEQ + 1. */
static void next_name(char *path, size_t len)
{
	char *dash = strrchr(path, '-');
	unsigned long seq;

	assert_non_null(dash);
	seq = strtoul(dash + 1, NULL, 10);
	snprintf(dash + 1, len - (size_t)(dash + 1 - path), "%lu", seq + 1);
}

static void write_to(const char *dir, const char *file, const char *text)
{
	char path[700];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, file);
	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* A cgroup of the name the next run's will have, left by a harness of
 * the same PID that was SIGKILLed: an 8 MiB memory limit and 0.6 s of
 * CPU in it. The run's group is its own, new: no memout for 32 MiB
 * with no limit asked, none of that CPU. */
static void stale_cgroup(void **state)
{
	nq_cgroup probe, stale;
	struct timespec t0, t;
	nq_run r;
	pid_t pid;
	int st;

	(void)state;
	if (!strcmp(nq_cgroup_kind(), "rlimit"))
		skip();
	assert_int_equal(nq_cgroup_create(&probe, 0, 0), 0);
	stale = probe;
	next_name(stale.mem, sizeof stale.mem);
	next_name(stale.cpu, sizeof stale.cpu);
	nq_cgroup_remove(&probe);
	assert_int_equal(mkdir(stale.mem, 0755), 0);
	if (strcmp(stale.cpu, stale.mem))
		assert_int_equal(mkdir(stale.cpu, 0755), 0);
	write_to(stale.mem, stale.version == 2 ? "memory.max"
		 : "memory.limit_in_bytes", "8388608");
	if ((pid = fork()) == 0) {
		volatile unsigned long sink = 0;

		if (nq_cgroup_enter(&stale) < 0)
			_exit(1);
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
		do {
			for (int i = 0; i < 100000; i++)
				sink += (unsigned long)i;
			clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
		} while ((double)(t.tv_sec - t0.tv_sec) +
			 (double)(t.tv_nsec - t0.tv_nsec) * 1e-9 < 0.6);
		_exit(0);
	}
	assert_true(pid > 0);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	run(touch_32m, 8, NQ_MODE_COUNT, 30, &r);
	assert_int_equal(r.status, NQ_ST_OK);
	assert_true(r.cpu_s < 0.5);
	/* the whole 32 MiB charged to it: no limit held it to 8 MiB (where
	 * there is swap, the old limit would not kill, only hold it down) */
	assert_true(r.peak_rss_kib >= 30 * 1024);
	nq_run_clear(&r);
	/* the run's group is gone with it, the stale one too */
	assert_int_not_equal(access(stale.mem, F_OK), 0);
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

/* What a run left in its directory is gone when it ends; the emptied
 * directory is the next run's (not a new one), with nothing of the run
 * before in it, even when a solver took its write bit; nq_runner_end
 * removes it. */
static void temp_dir_removed(void **state)
{
	char dir[600], dir2[600], path[700];
	nq_run r;

	(void)state;
	run(uses_tmp, 8, NQ_MODE_COUNT, 20, &r);
	assert_int_equal(r.status, NQ_ST_OK);
	side_read(dir, sizeof dir);
	assert_non_null(strstr(dir, "/nq-run-"));
	snprintf(path, sizeof path, "%s/left.lp", dir);
	assert_int_equal(access(path, F_OK), -1);
	nq_run_clear(&r);
	assert_int_equal(chmod(dir, 0500), 0);
	run(uses_tmp, 8, NQ_MODE_COUNT, 20, &r);
	assert_int_equal(r.status, NQ_ST_OK);
	side_read(dir2, sizeof dir2);
	assert_string_equal(dir2, dir);
	nq_run_clear(&r);
	nq_runner_end();
	assert_int_equal(access(dir, F_OK), -1);
}

/* A run directory a solver replaced (here by a symlink to a directory of
 * its own) is not handed on: the next run gets a new one, and what the
 * link points at is not touched. */
static void temp_dir_replaced(void **state)
{
	char dir[600], dir2[600], away[] = "/tmp/nq-test-away-XXXXXX";
	char keep[700];
	nq_run r;
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(away));
	snprintf(keep, sizeof keep, "%s/keep", away);
	assert_non_null(f = fopen(keep, "w"));
	fclose(f);
	run(uses_tmp, 8, NQ_MODE_COUNT, 20, &r);
	side_read(dir, sizeof dir);
	nq_run_clear(&r);
	assert_int_equal(rmdir(dir), 0);
	assert_int_equal(symlink(away, dir), 0);
	run(uses_tmp, 8, NQ_MODE_COUNT, 20, &r);
	assert_int_equal(r.status, NQ_ST_OK);
	side_read(dir2, sizeof dir2);
	assert_string_not_equal(dir2, dir);
	nq_run_clear(&r);
	nq_runner_end();
	assert_int_equal(access(keep, F_OK), 0);
	unlink(keep);
	rmdir(away);
	unlink(dir);
}

/* A temporary directory of a process that ended (nq_tmpdir_make's: a
 * probe's, a plot's, a run's) is removed by the sweep, its files too;
 * one of a live process, the harness's own and names that only look
 * like one are not touched. */
static void tmpdirs_swept(void **state)
{
	char top[] = "/tmp/nq-test-sweep-XXXXXX", *old, keep[64];
	char dead[700], mine[700], alive[700], file[800];
	static const char *const decoys[] = {
		"nq-notes", "nq-probe-12x", "nq-Probe-1-x", "nq--1-x",
		"nq-probe-", "other-probe-1-x",
	};
	pid_t child, sleeper;
	size_t i;
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(top));
	old = getenv("TMPDIR");
	snprintf(keep, sizeof keep, "%s", old ? old : "");
	setenv("TMPDIR", top, 1);
	/* a process that ended: its pid is in the name, it is no more */
	if ((child = fork()) == 0) {
		char d[700];

		_exit(nq_tmpdir_make("probe", d, sizeof d) ? 1 : 0);
	}
	assert_true(child > 0);
	assert_int_equal(waitpid(child, NULL, 0), child);
	snprintf(dead, sizeof dead, "%s/nq-probe-%ld-", top, (long)child);
	/* find the name it made */
	{
		char cmd[800];
		FILE *p;

		snprintf(cmd, sizeof cmd, "ls -d %s*", dead);
		assert_non_null(p = popen(cmd, "r"));
		assert_non_null(fgets(dead, sizeof dead, p));
		dead[strcspn(dead, "\n")] = '\0';
		pclose(p);
	}
	snprintf(file, sizeof file, "%s/probe.mzn", dead);
	assert_non_null(f = fopen(file, "w"));
	fclose(f);
	assert_int_equal(nq_tmpdir_make("plot", mine, sizeof mine), 0);
	if ((sleeper = fork()) == 0) {
		pause();
		_exit(0);
	}
	assert_true(sleeper > 0);
	snprintf(alive, sizeof alive, "%s/nq-probe-%ld-abcdef", top,
		 (long)sleeper);
	assert_int_equal(mkdir(alive, 0700), 0);
	for (i = 0; i < sizeof decoys / sizeof *decoys; i++) {
		snprintf(file, sizeof file, "%s/%s", top, decoys[i]);
		assert_int_equal(mkdir(file, 0700), 0);
	}

	nq_rundir_sweep();
	assert_int_equal(access(dead, F_OK), -1);
	assert_int_equal(access(mine, F_OK), 0);
	assert_int_equal(access(alive, F_OK), 0);
	for (i = 0; i < sizeof decoys / sizeof *decoys; i++) {
		snprintf(file, sizeof file, "%s/%s", top, decoys[i]);
		if (access(file, F_OK))
			fail_msg("the sweep removed %s", decoys[i]);
		rmdir(file);
	}
	kill(sleeper, SIGKILL);
	waitpid(sleeper, NULL, 0);
	rmdir(alive);
	rmdir(mine);
	assert_int_equal(rmdir(top), 0);
	if (keep[0])
		setenv("TMPDIR", keep, 1);
	else
		unsetenv("TMPDIR");
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

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ok_count),
		cmocka_unit_test(caps),
		cmocka_unit_test(big_placement),
		cmocka_unit_test(error_status),
		cmocka_unit_test(crash_status),
		cmocka_unit_test(exit_status_is_no_verdict),
		cmocka_unit_test(timeout_status),
		cmocka_unit_test(memout_status),
		cmocka_unit_test(grandchild_holding_pipe),
		cmocka_unit_test(temp_dir_removed),
		cmocka_unit_test(temp_dir_replaced),
		cmocka_unit_test(tmpdirs_swept),
		cmocka_unit_test(stderr_logged),
		cmocka_unit_test(stale_cgroup),
	};
	int fd;

	snprintf(side, sizeof side, "/tmp/nq-test-side-XXXXXX");
	if ((fd = mkstemp(side)) >= 0)
		close(fd);

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	fd = cmocka_run_group_tests(tests, NULL, NULL);
	unlink(side);
	return fd;
}
