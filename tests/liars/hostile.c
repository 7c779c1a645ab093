/*
 * hostile.c - plugins that attack the host rather than lie to the
 * validator, for tests/e2e/hostile.sh. One file, one plugin per build:
 * -DHOSTILE_X picks which (each .so is refused or misbehaves on its own,
 * and a refused plugin takes nothing of itself into the registry).
 *
 *   HOSTILE_SPAWN    spawner: the right count, after leaving three
 *                    processes in sessions of their own (setsid, then a
 *                    fork whose parent exits) that sleep five minutes;
 *                    sleeper: the same, then sleeps past the timeout
 *   HOSTILE_EXIT     wrong: a count one too many, and a destructor and an
 *                    atexit handler that end the process with status 0
 *   HOSTILE_OPTS     an option table whose last entry ends a page, the
 *                    next page unmapped: no terminator, a guard page
 *   HOSTILE_MANYOPTS an option table of 40 entries and no terminator
 *   HOSTILE_LIST     a solver list that ends a page without its NULL
 *   HOSTILE_TYPE99   an option of type 99
 *   HOSTILE_LOOP     a max_n hook that never returns
 *   HOSTILE_CRASH    a max_n hook that dereferences NULL
 *   HOSTILE_UNITS    a count_units hook that never returns
 *   HOSTILE_BADMAX   a max_n hook that returns -7
 *   HOSTILE_THREADS  a threads hook (ABI 5) that returns 9999
 *   HOSTILE_TEXT     bytes that are not text (tests/e2e/text.sh): noter,
 *                    the right count with a note of terminal escapes
 *                    (clear screen, a window title, a bell), bytes that
 *                    are not UTF-8, a newline and a bidi override, the
 *                    same on stderr; failer: that line on stderr, then
 *                    NQ_ERR with that note; and a solver named with an
 *                    escape and a byte that is not UTF-8 ("tx\e]0;t\a\xff")
 *   HOSTILE_PARENT   parent: the right count, but at n = 4 it stops its
 *                    parent process (SIGSTOP; with jobs: N > 1 the
 *                    harness's worker that made the run), at n = 5 it
 *                    SIGKILLs it and sleeps; termer: the right count,
 *                    after sending its parent SIGTERM
 *
 * Build: cc -std=c11 -O2 -shared -fPIC -Iinclude -DHOSTILE_SPAWN \
 *            -o spawn.so tests/liars/hostile.c
 */
#define _DEFAULT_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "nq_plugin.h"

static const unsigned long long counts[] = {
	1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200
};

__attribute__((unused)) static int count_only(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	return mode == NQ_MODE_COUNT ? 12 : NQ_NOT_APPLICABLE;
}

__attribute__((unused)) static int right_count(const nq_job *job, nq_result *res)
{
	res->solutions = counts[job->inst->n];
	return NQ_OK;
}

#define SOLVER(var, name, opts, max_n, solve) \
	static const nq_solver var = { NQ_ABI_VERSION, sizeof(nq_solver), \
		name, "tests/liars/hostile.c", opts, NULL, max_n, solve, \
		NULL, NULL }

#define PLUGIN(list) \
	static const nq_plugin plugin = { NQ_ABI_VERSION, sizeof(nq_plugin), \
		"hostile", "tests/liars/hostile.c", list, NULL, NULL }; \
	NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void) \
	{ \
		return &plugin; \
	}

#if defined(HOSTILE_SPAWN)
/* three processes in sessions of their own, each the orphan of a parent
 * that exited at once: the harness (a subreaper) inherits them */
static void spawn(void)
{
	int i;

	for (i = 0; i < 3; i++) {
		pid_t pid = fork();

		if (pid == 0) {
			setsid();
			if (fork() == 0) {
				sleep(300);
				_exit(0);
			}
			_exit(0);
		}
	}
}

static int spawner_solve(const nq_job *job, nq_result *res)
{
	spawn();
	return right_count(job, res);
}

static int sleeper_solve(const nq_job *job, nq_result *res)
{
	spawn();
	sleep(300);
	return right_count(job, res);
}

SOLVER(spawner, "spawner", NULL, count_only, spawner_solve);
SOLVER(sleeper, "sleeper", NULL, count_only, sleeper_solve);
static const nq_solver *const solvers[] = { &spawner, &sleeper, NULL };
PLUGIN(solvers)

#elif defined(HOSTILE_EXIT)
static int wrong_solve(const nq_job *job, nq_result *res)
{
	res->solutions = counts[job->inst->n] + 1;
	return NQ_OK;
}

static void end_happily(void)
{
	_exit(0);
}

__attribute__((constructor)) static void at_load(void)
{
	atexit(end_happily);
}

__attribute__((destructor)) static void at_unload(void)
{
	exit(0);
}

SOLVER(wrong, "wrong", NULL, count_only, wrong_solve);
static const nq_solver *const solvers[] = { &wrong, NULL };
PLUGIN(solvers)

#elif defined(HOSTILE_OPTS) || defined(HOSTILE_LIST)
/* two pages, the second one PROT_NONE: a table laid out to end exactly
 * at the first page's end, with nothing after it that can be read */
static void *page_end(size_t size)
{
	long page = sysconf(_SC_PAGESIZE);
	char *p = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED || mprotect(p + page, (size_t)page, PROT_NONE))
		return NULL;
	return p + page - size;
}

static nq_solver solver = { NQ_ABI_VERSION, sizeof(nq_solver), "unended",
			    "tests/liars/hostile.c", NULL, NULL, count_only,
			    right_count, NULL, NULL };
#if defined(HOSTILE_LIST)
static nq_solver other = { NQ_ABI_VERSION, sizeof(nq_solver), "unended2",
			   "tests/liars/hostile.c", NULL, NULL, count_only,
			   right_count, NULL, NULL };
#endif
static nq_plugin plugin = { NQ_ABI_VERSION, sizeof(nq_plugin), "hostile",
			    "tests/liars/hostile.c", NULL, NULL, NULL };

NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void)
{
#if defined(HOSTILE_OPTS)
	static const nq_solver *list[] = { &solver, NULL };
	nq_option *o = page_end(2 * sizeof *o);

	if (!o)
		return NULL;
	memset(o, 0, 2 * sizeof *o);
	o[0].key = "depth";
	o[0].type = NQ_OPT_INT;
	o[0].def = "1";
	o[0].max = 9;
	o[0].help = "how deep";
	o[1] = o[0];
	o[1].key = "width";
	solver.options = o;
	plugin.solvers = list;
#else
	const nq_solver **list = page_end(2 * sizeof *list);

	if (!list)
		return NULL;
	list[0] = &solver;
	list[1] = &other;
	plugin.solvers = (const nq_solver *const *)list;
#endif
	return &plugin;
}

#elif defined(HOSTILE_MANYOPTS)
#define OPT(k) { k, NQ_OPT_INT, "0", NULL, 0, 9, "an option" }
static const nq_option many[] = {
	OPT("a0"), OPT("a1"), OPT("a2"), OPT("a3"), OPT("a4"), OPT("a5"),
	OPT("a6"), OPT("a7"), OPT("a8"), OPT("a9"), OPT("b0"), OPT("b1"),
	OPT("b2"), OPT("b3"), OPT("b4"), OPT("b5"), OPT("b6"), OPT("b7"),
	OPT("b8"), OPT("b9"), OPT("c0"), OPT("c1"), OPT("c2"), OPT("c3"),
	OPT("c4"), OPT("c5"), OPT("c6"), OPT("c7"), OPT("c8"), OPT("c9"),
	OPT("d0"), OPT("d1"), OPT("d2"), OPT("d3"), OPT("d4"), OPT("d5"),
	OPT("d6"), OPT("d7"), OPT("d8"), OPT("d9")
};
SOLVER(manyopts, "manyopts", many, count_only, right_count);
static const nq_solver *const solvers[] = { &manyopts, NULL };
PLUGIN(solvers)

#elif defined(HOSTILE_TYPE99)
static const nq_option odd[] = {
	{ "kind", (enum nq_opt_type)99, "a", NULL, 0, 0, "of no known type" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};
SOLVER(type99, "type99", odd, count_only, right_count);
static const nq_solver *const solvers[] = { &type99, NULL };
PLUGIN(solvers)

#elif defined(HOSTILE_LOOP) || defined(HOSTILE_CRASH) || \
	defined(HOSTILE_BADMAX)
static int bad_max_n(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	(void)mode;
#if defined(HOSTILE_LOOP)
	for (;;)
		pause();
#elif defined(HOSTILE_CRASH)
	{
		int *volatile nowhere = NULL;

		return *nowhere;
	}
#endif
	return -7;
}

SOLVER(badmax, "badmax", NULL, bad_max_n, right_count);
static const nq_solver *const solvers[] = { &badmax, NULL };
PLUGIN(solvers)

#elif defined(HOSTILE_UNITS)
static long loop_units(const nq_optval *opt, int n)
{
	(void)opt;
	(void)n;
	for (;;)
		pause();
	return 0;
}

static const nq_solver units = { NQ_ABI_VERSION, sizeof(nq_solver),
				 "units", "tests/liars/hostile.c", NULL, NULL,
				 count_only, right_count, NULL, loop_units };
static const nq_solver *const solvers[] = { &units, NULL };
PLUGIN(solvers)

#elif defined(HOSTILE_THREADS)
static int many_threads(const nq_optval *opt, int n, enum nq_mode mode,
			int plain)
{
	(void)opt;
	(void)n;
	(void)mode;
	(void)plain;
	return 9999;
}

static const nq_solver badthreads = { NQ_ABI_VERSION, sizeof(nq_solver),
	"badthreads", "tests/liars/hostile.c", NULL, NULL, count_only,
	right_count, NULL, NULL, many_threads };
static const nq_solver *const solvers[] = { &badthreads, NULL };
PLUGIN(solvers)

#elif defined(HOSTILE_TEXT)
#include <stdio.h>
#define UGLY "\x1b[2J\x1b]0;pwned\x07 caf\xc3\xa9 \xff\xfe\r\nnext\t" \
	"\xe2\x80\xae" "cut \xe6\x97"

static int noter_solve(const nq_job *job, nq_result *res)
{
	fputs(UGLY "\n", stderr);
	snprintf(res->note, sizeof res->note, "%s", UGLY);
	return right_count(job, res);
}

static int failer_solve(const nq_job *job, nq_result *res)
{
	(void)job;
	fputs("a line before\n" UGLY "\n", stderr);
	snprintf(res->note, sizeof res->note, "%s", UGLY);
	return NQ_ERR;
}

SOLVER(noter, "noter", NULL, count_only, noter_solve);
SOLVER(failer, "failer", NULL, count_only, failer_solve);
SOLVER(named, "tx\x1b]0;t\x07\xff", NULL, count_only, right_count);
static const nq_solver *const solvers[] = { &noter, &failer, &named, NULL };
PLUGIN(solvers)

#elif defined(HOSTILE_PARENT)
static int parent_solve(const nq_job *job, nq_result *res)
{
	if (job->inst->n == 4)
		kill(getppid(), SIGSTOP);
	if (job->inst->n == 5) {
		kill(getppid(), SIGKILL);
		sleep(30);
	}
	return right_count(job, res);
}

static int termer_solve(const nq_job *job, nq_result *res)
{
	kill(getppid(), SIGTERM);
	usleep(50000);
	return right_count(job, res);
}

SOLVER(parent, "parent", NULL, count_only, parent_solve);
SOLVER(termer, "termer", NULL, count_only, termer_solve);
static const nq_solver *const solvers[] = { &parent, &termer, NULL };
PLUGIN(solvers)

#else
#error "define one of HOSTILE_SPAWN, HOSTILE_EXIT, ... (see the top)"
#endif
