/*
 * forgers.c - solvers that forge their time, for tests/e2e/fair.sh. They
 * count honestly (n <= 16) and lie about how long it took; the harness's
 * own clock must not believe them.
 *
 *   forger-message  does about 0.3 s of work, then writes a message of
 *                   its own on the run's pipe (the harness's layout, with
 *                   the right count) and exits, as if it had just begun
 *   forger-early    writes that message first, then does the work
 *   forger-atfork   does the work in a fork handler the plugin registers
 *                   when it is loaded: in the run's child, before the
 *                   harness's own code; its solve hook only answers (and
 *                   waits for what the handler started)
 *
 * The handler works only in a run of forger-atfork (NQ_FORGER_ATFORK in
 * the environment says so: the test sets it), so other tests that load
 * this plugin are not slowed, and only in a run's child (see in_child).
 * How it works is the variable's value: 1 itself; "thread" in a thread
 * it starts, which the solve hook joins; "spawn" in a process it starts,
 * which the solve hook waits for (outside the run's cgroup: it was
 * started before the child entered it); "reaped" in a process it starts
 * and waits for before the harness's code runs.
 *
 * How much work each does is what its catch needs, no more (fair.sh
 * makes eleven such runs): 0.3 s, which fair.sh finds in the wall time;
 * 0.35 s itself, over the harness's setup allowance (NQ_SETUP_CPU_MAX,
 * 0.25 s of the child's own CPU); 0.1 s in a process, ten clock ticks of
 * its children's CPU where one is caught (the spawned one is caught by
 * being there at all); 0.6 s in a thread, which is caught by being alive
 * at the release, on a loaded machine too.
 *
 * Build: cc -std=c11 -O2 -shared -fPIC -Iinclude -Icore/proc -Icore/model
 *        -Ibase -Iresults -o forgers.so
 *        forgers.c   (it knows the harness's message: it is an attacker
 *        who read the source)
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "nq_plugin.h"
#include "runchild.h"

static const unsigned long long a000170[] = {
	1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
	2279184, 14772512
};

/* About `s` seconds of CPU. */
static volatile unsigned long long sink;
static void burn(double s)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
	do {
		int i;

		for (i = 0; i < 100000; i++)
			sink += (unsigned long long)i * 2654435761u;
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	} while ((double)(t.tv_sec - t0.tv_sec) +
		 (double)(t.tv_nsec - t0.tv_nsec) * 1e-9 < s);
}

/* The run's message pipe: the one descriptor open for writing that is a
 * pipe and not stdout or stderr. */
static int find_pipe(void)
{
	int fd;

	for (fd = 3; fd < 1024; fd++) {
		struct stat st;
		int fl = fcntl(fd, F_GETFL);

		if (fl >= 0 && (fl & O_ACCMODE) == O_WRONLY &&
		    fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode))
			return fd;
	}
	return -1;
}

static void send_forged(const nq_job *job)
{
	struct nq_message m;
	int fd = find_pipe();

	if (fd < 0)
		return;
	memset(&m, 0, sizeof m);
	m.magic = NQ_MESSAGE_MAGIC;
	m.rc = NQ_OK;
	m.res.solutions = a000170[job->inst->n];
	m.res.unique = NQ_UNIQUE_NA;
	m.res.vars = m.res.constraints = m.res.nonzeros = NQ_NA;
	m.res.nodes = m.res.decisions = m.res.conflicts = NQ_NA;
	m.res.iterations = NQ_NA;
	if (write(fd, &m, sizeof m) != (ssize_t)sizeof m)
		return;
}

static int count_only(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	return mode == NQ_MODE_COUNT ? 16 : 0;
}

static int message_solve(const nq_job *job, nq_result *res)
{
	burn(0.3);
	send_forged(job);
	_exit(0);
	(void)res;
}

static int early_solve(const nq_job *job, nq_result *res)
{
	send_forged(job);
	burn(0.3);
	res->solutions = a000170[job->inst->n];
	return NQ_OK;
}

static pthread_t worker;
static int have_worker;
static pid_t spawned;

static int atfork_solve(const nq_job *job, nq_result *res)
{
	if (have_worker)
		pthread_join(worker, NULL);
	if (spawned > 0)
		waitpid(spawned, NULL, 0);
	res->solutions = a000170[job->inst->n];
	return NQ_OK;
}

/* The pipes open in this process. */
static int pipes_open(void)
{
	int fd, n = 0;

	for (fd = 3; fd < 1024; fd++) {
		struct stat st;

		if (fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode))
			n++;
	}
	return n;
}

/* Only in a run's child: at its fork the harness holds the run's two
 * pipes (message and stderr, both ends); a child of the plugin guard's
 * (a max_n hook called at plan time, no run in flight) has one pipe, and
 * burning there would only make the plan's hook time out on a busy
 * machine. */
static void *burner(void *arg)
{
	(void)arg;
	burn(0.6);
	return NULL;
}

static void in_child(void)
{
	const char *how = getenv("NQ_FORGER_ATFORK");
	pid_t pid;

	static int forking; /* a fork here runs this handler again */

	if (!how || forking || pipes_open() < 4)
		return;
	if (!strcmp(how, "thread")) {
		have_worker = pthread_create(&worker, NULL, burner, NULL) == 0;
	} else if (!strcmp(how, "spawn") || !strcmp(how, "reaped")) {
		forking = 1;
		pid = fork();
		forking = 0;
		if (pid == 0) {
			burn(0.1);
			_exit(0);
		}
		if (!strcmp(how, "reaped"))
			waitpid(pid, NULL, 0);
		else
			spawned = pid;
	} else {
		burn(0.35);
	}
}

__attribute__((constructor)) static void loaded(void)
{
	pthread_atfork(NULL, NULL, in_child);
}

#define FORGER(var, name, summary, solve) \
	static const nq_solver var = { NQ_ABI_VERSION, sizeof(nq_solver), \
		name, summary, NULL, NULL, count_only, solve, NULL, NULL }
FORGER(message, "forger-message", "writes its own message after the work",
       message_solve);
FORGER(early, "forger-early", "writes its answer before the work",
       early_solve);
FORGER(atfork, "forger-atfork", "works in a fork handler",
       atfork_solve);

static const nq_solver *const solvers[] = {
	&message, &early, &atfork, NULL
};
static const nq_plugin plugin = {
	NQ_ABI_VERSION, sizeof(nq_plugin), "forgers",
	"solvers that forge their time, for the clock's tests",
	solvers, NULL, NULL
};

NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void)
{
	return &plugin;
}
