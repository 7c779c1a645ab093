/*
 * worker.c - runs made by worker processes; see worker.h.
 *
 * The harness writes a request (struct wreq: the run's approach and
 * instance by index, its limits and CPUs) to a worker's pipe; the worker
 * makes the run with nq_runner_start and nq_runner_wait_any, as a harness
 * with one run in flight does, and writes back a reply (struct wrep:
 * the nq_run without its pointers, then the placement, if any). Both
 * ends are this same program, so the structs go as they are; each
 * carries a magic number and the request's sequence number, and a reply
 * that is not whole, not the harness's or not the one awaited is taken
 * as the worker's death (it is killed): its run a `crash`, never an
 * answer.
 *
 * A worker holds nothing of the harness's but its two pipes: every
 * other descriptor (the CSV, its lock, the other workers' pipes) is
 * closed when it starts, and it ends with _exit (no stdio buffer, no
 * exit handler of the harness's runs twice).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cgroup.h"
#include "cpus.h"
#include "errlog.h"
#include "host.h"
#include "runchild.h"
#include "runner.h"
#include "runtree.h"
#include "solvers.h"
#include "worker.h"

#define WREQ_MAGIC 0x6e717771u /* "nqwq" */
#define WREP_MAGIC 0x6e717770u /* "nqwp" */

struct wreq {
	uint32_t magic, seq;
	uint64_t ai, spec;
	double timeout_s;
	uint64_t memory_kib, disk_kib, seed;
	int32_t processes;
	int32_t has_log, has_label, ncpus;
	char log_path[4096];
	char log_label[200];
	int32_t cpus[1024];
};

struct wrep {
	uint32_t magic, seq;
	int32_t rc;            /* 0: `run` filled; -1: the run could not be
				  made (why) */
	int32_t measured;      /* run.measured_by: an index of kinds[] */
	int32_t has_placement; /* n int32_t follow */
	nq_run run;            /* res.placement, measured_by: not used */
	char why[1100];
	char logfail[900];     /* the worker's failure to write the log */
};

/* What run.measured_by may be (runner.c). */
static const char *const kinds[] = { "rlimit", "cgroup-v1", "cgroup-v2" };

struct worker {
	pid_t pid;             /* 0: none forked, or it is gone */
	int req, rep;          /* the harness's ends of its two pipes */
	int busy;
	double deadline;       /* when a run not back means a worker hung */
	double allowed;        /* the deadline's seconds from the start */
	uint32_t seq;
	int n;                 /* the run's n: its placement's size */
};

struct nq_workers {
	const nq_experiment *exp;
	int n;
	struct worker *w;
};

/* read(2) all of len bytes, through EINTR and short reads: 1, or 0 at
 * EOF or an error before the last byte. */
static int read_all(int fd, void *buf, size_t len)
{
	size_t got = 0;

	while (got < len) {
		ssize_t r = read(fd, (char *)buf + got, len - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return 0;
		got += (size_t)r;
	}
	return 1;
}

/* ---- the worker's side ---- */

static pid_t boss; /* the harness, in a worker */

/* The harness stops (its SIGTERM, or the terminal's SIGINT or SIGHUP to
 * the process group): the run in flight is killed and comes back so. A
 * signal another process sent (the worker's own run, say) is not the
 * harness stopping: it is ignored, else one run could make every later
 * run of its slot a crash. */
static void on_term(int sig, siginfo_t *si, void *ctx)
{
	(void)sig;
	(void)ctx;
	if (si && (si->si_code == SI_USER || si->si_code == SI_QUEUE) &&
	    si->si_pid != boss)
		return;
	nq_runner_abort();
}

/* One request: the run made, the reply written. 0, or -1 when the
 * harness is gone (the reply cannot be written). */
static int serve(const nq_experiment *exp, const struct wreq *q, int rep)
{
	struct wrep *r = calloc(1, sizeof *r);
	nq_limits lim;
	nq_pending *p;
	nq_error err;
	const char *fail;
	int cpus[1024], i, rc = 0;
	size_t k;

	if (!r)
		return -1;
	r->magic = WREP_MAGIC;
	r->seq = q->seq;
	r->measured = -1;
	memset(&err, 0, sizeof err);
	memset(&lim, 0, sizeof lim);
	lim.timeout_s = q->timeout_s;
	lim.memory_kib = q->memory_kib;
	lim.disk_kib = q->disk_kib;
	lim.processes = q->processes;
	lim.seed = q->seed;
	lim.log_path = q->has_log ? q->log_path : NULL;
	lim.log_label = q->has_label ? q->log_label : NULL;
	for (i = 0; i < q->ncpus && i < 1024; i++)
		cpus[i] = q->cpus[i];
	/* the worker on its run's cores too: the run's fork, and the
	 * worker's waiting, stay off the other runs' cores (unpinned, two
	 * workers forking at once took twice as long as one, measured) */
	if (q->ncpus > 0) {
		char had[64];

		nq_cpus_pin(cpus, q->ncpus, had, sizeof had);
	}
	if (q->ai >= exp->napproaches || q->spec >= exp->ninstances) {
		r->rc = -1;
		snprintf(r->why, sizeof r->why, "a worker was asked for a run "
			 "the experiment does not have");
	} else if (!(p = nq_runner_start(&exp->approaches[q->ai],
				      &exp->instances[q->spec].inst, &lim,
				      cpus, q->ncpus, &err)) ||
		   nq_runner_wait_any(&p, 1, -1, &r->run, &err) < 0) {
		r->rc = -1;
		nq_error_format(&err, r->why, sizeof r->why);
	}
	for (k = 0; r->run.measured_by && k < sizeof kinds / sizeof *kinds;
	     k++)
		if (!strcmp(r->run.measured_by, kinds[k]))
			r->measured = (int32_t)k;
	r->run.measured_by = NULL;
	r->has_placement = r->rc == 0 && r->run.res.placement != NULL;
	if ((fail = nq_errlog_failure()))
		snprintf(r->logfail, sizeof r->logfail, "%s", fail);
	{
		int32_t *pl = r->run.res.placement;
		int n = q->spec < exp->ninstances
			? exp->instances[q->spec].inst.n : 0;

		r->run.res.placement = NULL;
		if (nq_write_all(rep, r, sizeof *r) < 0 ||
		    (pl && nq_write_all(rep, pl, (size_t)n *
					sizeof(int32_t)) < 0))
			rc = -1;
		free(pl);
	}
	free(r);
	return rc;
}

static _Noreturn void worker_main(const nq_experiment *exp, int req, int rep,
				  pid_t parent)
{
	struct sigaction sa;
	struct wreq *q;
	int keep[2];

	/* dies with the harness; if the harness died before prctl, the
	 * parent is someone else already */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(1);
	boss = parent;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_term;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	/* a stop signal the harness keeps ignored (started so: nohup, a
	 * script's background job; run.c's catch_stop) the worker keeps
	 * ignored: a terminal's Ctrl-C or hangup reaches the whole process
	 * group, and would end the run it serves */
	{
		static const int stops[3] = { SIGTERM, SIGINT, SIGHUP };
		struct sigaction old;

		for (int i = 0; i < 3; i++)
			if (sigaction(stops[i], NULL, &old) < 0 ||
			    old.sa_handler != SIG_IGN)
				sigaction(stops[i], &sa, NULL);
	}
	signal(SIGPIPE, SIG_IGN);
	keep[0] = req < rep ? req : rep;
	keep[1] = req < rep ? rep : req;
	nq_close_from(3, keep, 2);
	if (!(q = malloc(sizeof *q)))
		_exit(1);
	while (read_all(req, q, sizeof *q) && q->magic == WREQ_MAGIC) {
		q->log_path[sizeof q->log_path - 1] = '\0';
		q->log_label[sizeof q->log_label - 1] = '\0';
		if (q->ncpus < 0 || q->ncpus > 1024)
			q->ncpus = 0;
		if (serve(exp, q, rep) < 0)
			break;
	}
	free(q);
	nq_runner_end();
	_exit(0);
}

/* ---- the harness's side ---- */

nq_workers *nq_workers_new(const nq_experiment *exp, int n, nq_error *err)
{
	nq_workers *ws = calloc(1, sizeof *ws);
	int k;

	if (n < 1 || n > NQ_RUN_MAX_INFLIGHT)
		n = n < 1 ? 1 : NQ_RUN_MAX_INFLIGHT;
	if (!ws || !(ws->w = calloc((size_t)n, sizeof *ws->w))) {
		free(ws);
		nq_error_set(err, NULL, 0, 0, "out of memory");
		return NULL;
	}
	ws->exp = exp;
	ws->n = n;
	for (k = 0; k < n; k++)
		ws->w[k].req = ws->w[k].rep = -1;
	return ws;
}

int nq_workers_idle(const nq_workers *ws)
{
	int k;

	for (k = 0; k < ws->n; k++)
		if (!ws->w[k].busy)
			return k;
	return -1;
}

/* Worker k gone: killed (if it is not), reaped, its run directories
 * removed (a worker killed mid-run, by a solver or by the harness, never
 * drained its pool: hostile.sh's worker killed by its run left two), its
 * pipes closed; its wait status. */
static int bury(nq_workers *ws, int k)
{
	struct worker *w = &ws->w[k];
	int status = 0;

	if (w->pid > 0) {
		kill(w->pid, SIGKILL);
		while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
			;
		nq_rundir_sweep_of(w->pid);
	}
	nq_runner_helper(k, 0);
	if (w->req >= 0)
		close(w->req);
	if (w->rep >= 0)
		close(w->rep);
	w->pid = 0;
	w->req = w->rep = -1;
	w->busy = 0;
	return status;
}

static int fork_worker(nq_workers *ws, int k, nq_error *err)
{
	struct worker *w = &ws->w[k];
	int req[2], rep[2];
	pid_t parent = getpid();

	nq_runner_prepare();
	if (pipe(req) < 0)
		return nq_error_set(err, NULL, 0, 0, "pipe: %s",
				    strerror(errno));
	if (pipe(rep) < 0) {
		int e = errno;

		close(req[0]);
		close(req[1]);
		return nq_error_set(err, NULL, 0, 0, "pipe: %s", strerror(e));
	}
	/* the harness's ends: no program it runs, no later worker keeps
	 * them (a worker closes what it inherits, too) */
	fcntl(req[1], F_SETFD, FD_CLOEXEC);
	fcntl(rep[0], F_SETFD, FD_CLOEXEC);
	fflush(NULL); /* nothing buffered may be written twice */
	w->pid = fork();
	if (w->pid < 0) {
		int e = errno;

		close(req[0]);
		close(req[1]);
		close(rep[0]);
		close(rep[1]);
		w->pid = 0;
		return nq_error_set(err, NULL, 0, 0, "fork: %s", strerror(e));
	}
	if (w->pid == 0)
		worker_main(ws->exp, req[0], rep[1], parent);
	close(req[0]);
	close(rep[1]);
	w->req = req[1];
	w->rep = rep[0];
	nq_runner_helper(k, w->pid);
	return 0;
}

int nq_workers_start(nq_workers *ws, int k, size_t ai, size_t spec,
		     const nq_limits *lim, const int *cpus, int ncpus,
		     nq_error *err)
{
	struct worker *w = &ws->w[k];
	struct wreq *q = calloc(1, sizeof *q);
	int i, tries;

	if (!q)
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	q->magic = WREQ_MAGIC;
	q->ai = ai;
	q->spec = spec;
	q->timeout_s = lim->timeout_s;
	q->memory_kib = lim->memory_kib;
	q->disk_kib = lim->disk_kib;
	q->processes = lim->processes;
	q->seed = lim->seed;
	q->has_log = lim->log_path != NULL;
	q->has_label = lim->log_label != NULL;
	snprintf(q->log_path, sizeof q->log_path, "%s",
		 lim->log_path ? lim->log_path : "");
	snprintf(q->log_label, sizeof q->log_label, "%s",
		 lim->log_label ? lim->log_label : "");
	if (lim->log_path && strlen(lim->log_path) >= sizeof q->log_path) {
		free(q);
		return nq_error_set(err, lim->log_path, 0, 0, "the path of the "
				    "stderr log is too long for a worker");
	}
	q->ncpus = ncpus > 0 && ncpus <= 1024 ? ncpus : 0;
	for (i = 0; i < q->ncpus; i++)
		q->cpus[i] = cpus[i];
	/* a worker that died while idle (killed from outside) is replaced
	 * once */
	for (tries = 0; tries < 2; tries++) {
		if (!w->pid && fork_worker(ws, k, err) < 0) {
			free(q);
			return -1;
		}
		q->seq = ++w->seq;
		if (nq_write_all(w->req, q, sizeof *q) == 0) {
			free(q);
			w->busy = 1;
			w->n = ws->exp->instances[spec].inst.n;
			/* the worker kills the run at its timeout; ending its
			 * tree and cgroup takes a moment more */
			w->allowed = lim->timeout_s * 1.1 + 5.0;
			w->deadline = nq_now() + w->allowed;
			return 0;
		}
		bury(ws, k);
	}
	free(q);
	return nq_error_set(err, NULL, 0, 0, "a worker process cannot be "
			    "given a run: %s", strerror(errno));
}

/* A worker that died with a run, or was killed (hung): the run a
 * crash that says so (how it died, when it died of itself). */
static void lost(nq_workers *ws, int k, nq_run *run, const char *what,
		 int died)
{
	int status = bury(ws, k);

	memset(run, 0, sizeof *run);
	nq_result_init(&run->res);
	run->status = NQ_ST_CRASH;
	run->measured_by = nq_cgroup_kind();
	if (died && WIFSIGNALED(status))
		snprintf(run->note, sizeof run->note, "the harness's worker "
			 "process making the run %s (killed by signal %d, %s): "
			 "no answer", what, WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
	else
		snprintf(run->note, sizeof run->note, "the harness's worker "
			 "process making the run %s: no answer", what);
}

/* Worker k's reply read: 1 with run filled, -1 with err set. */
static int take(nq_workers *ws, int k, nq_run *run, nq_error *err)
{
	struct worker *w = &ws->w[k];
	struct wrep *r = malloc(sizeof *r);
	int32_t *pl = NULL;

	if (!r)
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	if (!read_all(w->rep, r, sizeof *r)) {
		free(r);
		lost(ws, k, run, "ended", 1);
		return 1;
	}
	if (r->magic != WREP_MAGIC || r->seq != w->seq ||
	    (r->has_placement && r->rc == 0 &&
	     (!(pl = malloc((size_t)w->n * sizeof *pl)) ||
	      !read_all(w->rep, pl, (size_t)w->n * sizeof *pl)))) {
		int nomem = r->magic == WREP_MAGIC && r->seq == w->seq && !pl;

		free(pl);
		free(r);
		if (nomem) {
			bury(ws, k);
			return nq_error_set(err, NULL, 0, 0, "out of memory");
		}
		lost(ws, k, run, "sent what was not its reply, and was "
		     "killed", 0);
		return 1;
	}
	w->busy = 0;
	r->logfail[sizeof r->logfail - 1] = '\0';
	r->why[sizeof r->why - 1] = '\0';
	if (r->logfail[0])
		nq_errlog_failed(r->logfail);
	if (r->rc < 0) {
		nq_error_set(err, NULL, 0, 0, "%s", r->why);
		free(r);
		return -1;
	}
	*run = r->run;
	run->res.placement = pl;
	run->measured_by = r->measured >= 0 &&
			   (size_t)r->measured < sizeof kinds / sizeof *kinds
			   ? kinds[r->measured] : nq_cgroup_kind();
	free(r);
	return 1;
}

int nq_workers_wait(nq_workers *ws, nq_run *run, nq_error *err)
{
	struct pollfd *pf = malloc((size_t)ws->n * sizeof *pf);
	int *of = malloc((size_t)ws->n * sizeof *of);
	int k, nb, i, rc = -2;
	double now, next, ms;

	if (!pf || !of) {
		free(pf);
		free(of);
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	}
	for (;;) {
		for (k = nb = 0; k < ws->n; k++)
			if (ws->w[k].busy) {
				pf[nb].fd = ws->w[k].rep;
				pf[nb].events = POLLIN;
				pf[nb].revents = 0;
				of[nb++] = k;
			}
		if (!nb)
			break;
		/* until the nearest deadline */
		next = ws->w[of[0]].deadline;
		for (i = 1; i < nb; i++)
			if (ws->w[of[i]].deadline < next)
				next = ws->w[of[i]].deadline;
		ms = (next - nq_now()) * 1000.0 + 1.0;
		if (poll(pf, (nfds_t)nb, ms < 0 ? 0 : ms > 1e9 ? 1000000000
			 : (int)ms) < 0) {
			if (errno == EINTR)
				continue;
			rc = nq_error_set(err, NULL, 0, 0, "poll: %s",
					  strerror(errno));
			break;
		}
		/* a reply that came is taken, however late */
		for (i = 0; i < nb && !pf[i].revents; i++)
			;
		if (i < nb) {
			k = of[i];
			rc = take(ws, k, run, err) < 0 ? -1 : k;
			break;
		}
		now = nq_now();
		for (i = 0; i < nb && ws->w[of[i]].deadline > now; i++)
			;
		if (i < nb) {
			/* stopped, or hung: its run is lost, not waited for */
			char what[160];

			k = of[i];
			snprintf(what, sizeof what, "did not send it back "
				 "within %.1f s (its timeout and a margin), and "
				 "was killed", ws->w[k].allowed);
			lost(ws, k, run, what, 0);
			rc = k;
			break;
		}
	}
	free(pf);
	free(of);
	return rc;
}

void nq_workers_free(nq_workers *ws)
{
	int k;

	if (!ws)
		return;
	for (k = 0; k < ws->n; k++) {
		struct worker *w = &ws->w[k];
		int status;

		if (!w->pid)
			continue;
		if (w->busy)
			kill(w->pid, SIGTERM); /* its run killed, dropped */
		/* EOF on its request pipe: it ends */
		close(w->req);
		close(w->rep);
		w->req = w->rep = -1;
		while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
			;
		nq_runner_helper(k, 0);
		w->pid = 0;
	}
	/* what the runs of workers that died left under the harness */
	nq_tree_end_all();
	free(ws->w);
	free(ws);
}
