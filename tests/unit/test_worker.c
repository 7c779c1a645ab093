/* test_worker.c - runs made by worker processes (worker.h): each run's
 * answer, placement and verdict fields come back whole; two workers make
 * their runs at once; a worker killed from outside mid-run hands back a
 * crash that says so and a new worker takes the slot; nq_workers_free
 * with a run in flight kills it and leaves no process behind. (A run
 * that stops its worker is tests/e2e/hostile.sh's: it takes seconds.) */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>
#include "runner.h"
#include "solvers.h"
#include "worker.h"

static void nap_ms(uint64_t ms)
{
	struct timespec ts = { (time_t)(ms / 1000),
			       (long)(ms % 1000) * 1000000 };

	while (nanosleep(&ts, &ts) < 0)
		;
}

/* Naps `seed` ms, then answers: count mode the seed; first mode the
 * placement 1 3 0 2 (n = 4). */
static int naps(const nq_job *job, nq_result *res)
{
	nap_ms(job->seed);
	if (job->inst->mode == NQ_MODE_FIRST) {
		static const int32_t four[] = { 1, 3, 0, 2 };

		memcpy(res->placement, four, sizeof four);
		res->solutions = 1;
	} else {
		res->solutions = job->seed;
	}
	res->nodes = 77;
	snprintf(res->note, sizeof res->note, "napped");
	return NQ_OK;
}

/* Its pid into the file $WORKER_PID_FILE, then sleeps a minute. */
static int says_pid_sleeps(const nq_job *job, nq_result *res)
{
	const char *path = getenv("WORKER_PID_FILE");
	FILE *f = path ? fopen(path, "w") : NULL;

	(void)job;
	(void)res;
	if (f) {
		fprintf(f, "%ld\n", (long)getppid());
		fclose(f);
	}
	sleep(60);
	return NQ_OK;
}

static nq_solver solvers[2];
static nq_approach approaches[2];
static nq_instance_spec instances[2];
static nq_experiment xp;

static int setup(void **state)
{
	int (*solve[2])(const nq_job *, nq_result *) = {
		naps, says_pid_sleeps
	};
	int i;

	(void)state;
	memset(&xp, 0, sizeof xp);
	for (i = 0; i < 2; i++) {
		memset(&solvers[i], 0, sizeof solvers[i]);
		solvers[i].abi_version = NQ_ABI_VERSION;
		solvers[i].struct_size = sizeof solvers[i];
		solvers[i].name = "fake";
		solvers[i].solve = solve[i];
		memset(&approaches[i], 0, sizeof approaches[i]);
		approaches[i].solver = &solvers[i];
	}
	memset(instances, 0, sizeof instances);
	instances[0].inst.n = 8;
	instances[0].inst.mode = NQ_MODE_COUNT;
	instances[1].inst.n = 4;
	instances[1].inst.mode = NQ_MODE_FIRST;
	xp.approaches = approaches;
	xp.napproaches = 2;
	xp.instances = instances;
	xp.ninstances = 2;
	return 0;
}

static void give(nq_workers *w, int k, size_t ai, size_t spec,
		 uint64_t seed, double timeout)
{
	nq_limits lim = { .timeout_s = timeout, .seed = seed };
	nq_error err;

	if (nq_workers_start(w, k, ai, spec, &lim, NULL, 0, &err) < 0)
		fail_msg("nq_workers_start: %s", err.msg);
}

static int wait_one(nq_workers *w, nq_run *run)
{
	nq_error err;
	int k = nq_workers_wait(w, run, &err);

	if (k == -1)
		fail_msg("nq_workers_wait: %s", err.msg);
	return k;
}

/* A count and a placement, each whole, in the order they end; the two
 * ran at once (both back in well under the sum of their naps). */
static void answers_whole(void **state)
{
	nq_error err;
	nq_workers *w = nq_workers_new(&xp, 2, &err);
	nq_run run;
	double t0 = nq_now();
	int k;

	(void)state;
	assert_non_null(w);
	assert_int_equal(nq_workers_idle(w), 0);
	give(w, 0, 0, 0, 400, 10);
	assert_int_equal(nq_workers_idle(w), 1);
	give(w, 1, 0, 1, 300, 10);
	assert_int_equal(nq_workers_idle(w), -1);
	k = wait_one(w, &run);
	assert_int_equal(k, 1); /* the shorter nap first */
	assert_int_equal(run.status, NQ_ST_OK);
	assert_int_equal(run.answered, 1);
	assert_non_null(run.res.placement);
	assert_int_equal(run.res.placement[1], 3);
	assert_int_equal(run.res.nodes, 77);
	assert_string_equal(run.res.note, "napped");
	assert_non_null(run.measured_by);
	assert_true(run.wall_s >= 0.29 && run.wall_s < 2);
	nq_run_clear(&run);
	k = wait_one(w, &run);
	assert_int_equal(k, 0);
	assert_int_equal(run.status, NQ_ST_OK);
	assert_true(run.res.solutions == 400);
	assert_null(run.res.placement);
	nq_run_clear(&run);
	assert_true(nq_now() - t0 < 0.7 + 1.0);
	assert_int_equal(wait_one(w, &run), -2);
	nq_workers_free(w);
}

/* Its worker killed mid-run: a crash that says so; the slot's next run
 * is made by a new worker. */
static void worker_killed(void **state)
{
	char path[] = "/tmp/test_worker_pid_XXXXXX";
	nq_error err;
	nq_workers *w = nq_workers_new(&xp, 1, &err);
	nq_run run;
	long pid = 0;
	int fd = mkstemp(path), i;

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	setenv("WORKER_PID_FILE", path, 1);
	give(w, 0, 1, 0, 0, 30);
	for (i = 0; i < 200 && pid <= 0; i++) {
		FILE *f = fopen(path, "r");

		if (f) {
			if (fscanf(f, "%ld", &pid) != 1)
				pid = 0;
			fclose(f);
		}
		if (pid <= 0)
			nap_ms(20);
	}
	assert_true(pid > 0);
	kill((pid_t)pid, SIGKILL);
	assert_int_equal(wait_one(w, &run), 0);
	assert_int_equal(run.status, NQ_ST_CRASH);
	assert_int_equal(run.answered, 0);
	assert_non_null(strstr(run.note, "worker process making the run "
			       "ended (killed by signal 9"));
	nq_run_clear(&run);
	give(w, 0, 0, 0, 5, 10);
	assert_int_equal(wait_one(w, &run), 0);
	assert_int_equal(run.status, NQ_ST_OK);
	assert_true(run.res.solutions == 5);
	nq_run_clear(&run);
	nq_workers_free(w);
	unlink(path);
}

/* nq_workers_free with a run in flight: the run killed, the worker
 * reaped, nothing left under this process. */
static void free_in_flight(void **state)
{
	nq_error err;
	nq_workers *w = nq_workers_new(&xp, 2, &err);
	double t0;

	(void)state;
	give(w, 0, 0, 0, 20000, 30);
	give(w, 1, 0, 0, 20000, 30);
	nap_ms(100);
	t0 = nq_now();
	nq_workers_free(w);
	assert_true(nq_now() - t0 < 3);
	assert_true(waitpid(-1, NULL, WNOHANG) < 0); /* no child left */
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(answers_whole),
		cmocka_unit_test(worker_killed),
		cmocka_unit_test(free_in_flight),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, setup, NULL);
}
