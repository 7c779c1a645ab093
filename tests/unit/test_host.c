/* test_host.c - the process and clock toolkit (base/host.h: nq_now,
 * nq_write_all, nq_spawn_start, nq_proc_wait) and the host's services a
 * solver gets in job->host (nq_host, ABI 6, solvers/program/external.c): a
 * program's streams where they were asked, its exit as wait(2) gives
 * it, a program that cannot be run, one that outlives the deadline
 * killed on time (its process group too), and what a plugin sees. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>
#include "external.h"
#include "host.h"

/* the words of an argv are char *, as execvp takes them */
#define S(text) ((char *)(uintptr_t)(text))

static char dir[] = "/tmp/nq-test-host-XXXXXX";

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* The whole of a file in buf (up to len - 1 bytes). */
static void slurp(const char *name, char *buf, size_t len)
{
	char path[256];
	FILE *f;
	size_t n;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "r");
	assert_non_null(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

static void clock_and_writes(void **state)
{
	double a, b;
	char buf[8] = "";
	int fd[2];

	(void)state;
	a = nq_now();
	b = nq_now();
	assert_true(a > 0 && b >= a);
	assert_int_equal(pipe(fd), 0);
	assert_int_equal(nq_write_all(fd[1], "queens", 6), 0);
	assert_int_equal(read(fd[0], buf, sizeof buf), 6);
	assert_memory_equal(buf, "queens", 6);
	close(fd[0]);
	/* no reader: -1, not a SIGPIPE (the caller ignores it) */
	signal(SIGPIPE, SIG_IGN);
	assert_int_equal(nq_write_all(fd[1], "x", 1), -1);
	signal(SIGPIPE, SIG_DFL);
	close(fd[1]);
}

static void streams_and_status(void **state)
{
	char *argv[] = { S("sh"), S("-c"), S("echo out; echo err >&2; exit 3"),
			NULL };
	char out[256], err[256], buf[64];
	nq_spawn sp = { 0 };
	int status = 0;
	pid_t pid;

	(void)state;
	snprintf(out, sizeof out, "%s/o", dir);
	snprintf(err, sizeof err, "%s/e", dir);
	sp.argv = argv;
	sp.path_search = 1;
	sp.in = sp.out = sp.err = sp.close_fd = -1;
	sp.out_file = out;
	sp.err_file = err;
	pid = nq_spawn_start(&sp);
	assert_true(pid > 0);
	assert_int_equal(nq_proc_wait(pid, 0, 0, &status), NQ_PROC_EXITED);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 3);
	slurp("o", buf, sizeof buf);
	assert_string_equal(buf, "out\n");
	slurp("e", buf, sizeof buf);
	assert_string_equal(buf, "err\n");
}

static void cannot_run(void **state)
{
	char *argv[] = { S("nq-no-such-program-here"), NULL };
	char err[256], buf[256];
	nq_spawn sp = { 0 };
	int status = 0;
	pid_t pid;

	(void)state;
	snprintf(err, sizeof err, "%s/e2", dir);
	sp.argv = argv;
	sp.path_search = 1;
	sp.in = sp.out = sp.err = sp.close_fd = -1;
	sp.err_file = err;
	sp.say_exec_error = 1;
	pid = nq_spawn_start(&sp);
	assert_true(pid > 0);
	assert_int_equal(nq_proc_wait(pid, 0, 0, &status), NQ_PROC_EXITED);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 127);
	slurp("e2", buf, sizeof buf);
	assert_non_null(strstr(buf, "cannot run nq-no-such-program-here"));
}

/* A program that would sleep 30 s, a grandchild too: killed at the
 * deadline, the group with it. */
static void deadline_kills_group(void **state)
{
	char pidfile[256], script[512], buf[32];
	char *argv[] = { S("sh"), S("-c"), script, NULL };
	nq_spawn sp = { 0 };
	double t0;
	int status = 0;
	pid_t pid;
	long grandchild;

	(void)state;
	snprintf(pidfile, sizeof pidfile, "%s/gc", dir);
	snprintf(script, sizeof script, "sleep 30 & echo $! >%s; wait",
		 pidfile);
	sp.argv = argv;
	sp.path_search = 1;
	sp.in = sp.out = sp.err = sp.close_fd = -1;
	sp.own_group = 1;
	pid = nq_spawn_start(&sp);
	assert_true(pid > 0);
	t0 = nq_now();
	assert_int_equal(nq_proc_wait(pid, t0 + 0.3, 1, &status),
			 NQ_PROC_TIMEOUT);
	assert_true(nq_now() - t0 < 5);
	assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	slurp("gc", buf, sizeof buf);
	grandchild = atol(buf);
	assert_true(grandchild > 0);
	/* an orphan now: reaped by init, or a zombie a moment */
	for (int i = 0; i < 200 && !nq_pid_gone(grandchild); i++)
		usleep(10000);
	assert_true(nq_pid_gone(grandchild));
}

/* What a plugin sees in job->host: the directory, a deadline from the
 * job's limit, a run whose output lands in tmpdir/stdout, the notes. */
static void host_services(void **state)
{
	nq_instance in = { .n = 4, .mode = NQ_MODE_FIRST };
	nq_job job = { &in, NULL, 1, 2.0, NULL };
	nq_result res;
	const nq_host *h;
	char cmd[64], buf[64], *argv[8];
	int status = -1, argc;

	(void)state;
	memset(&res, 0, sizeof res);
	h = nq_ext_host(dir, &job);
	assert_int_equal(h->abi_version, NQ_ABI_VERSION);
	assert_int_equal(h->struct_size, sizeof *h);
	assert_string_equal(h->tmpdir, dir);
	/* 2 s less the 0.3 s margin, from now */
	assert_true(h->deadline > h->now() + 1.5 &&
		    h->deadline < h->now() + 1.71);
	argc = h->split("sh  -c", cmd, sizeof cmd, argv, 6);
	assert_int_equal(argc, 2);
	argv[argc++] = S("echo 724; echo said >&2; exit 0");
	argv[argc] = NULL;
	assert_int_equal(h->run(argv, &status, &res), NQ_OK);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_true(res.solve_s > 0);
	slurp("stdout", buf, sizeof buf);
	assert_string_equal(buf, "724\n");
	h->no_answer("sh", status, "no count", &res);
	assert_non_null(strstr(res.note, "no count: said"));

	/* past the deadline: a timeout with its note */
	job.time_limit_s = 0.6;
	h = nq_ext_host(dir, &job);
	argv[2] = S("exec sleep 30");
	memset(&res, 0, sizeof res);
	assert_int_equal(h->run(argv, &status, &res), NQ_ETIMEOUT);
	assert_non_null(strstr(res.note, "time limit reached"));
	assert_true(res.solve_s < 5);

	/* an empty command is an error, not a crash */
	argv[0] = NULL;
	memset(&res, 0, sizeof res);
	assert_int_equal(h->run(argv, &status, &res), NQ_ERR);
	assert_true(res.note[0] != '\0');
	assert_int_equal(h->split("", cmd, sizeof cmd, argv, 6), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(clock_and_writes),
		cmocka_unit_test(streams_and_status),
		cmocka_unit_test(cannot_run),
		cmocka_unit_test(deadline_kills_group),
		cmocka_unit_test(host_services),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
