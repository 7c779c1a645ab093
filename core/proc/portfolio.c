/*
 * portfolio.c - see portfolio.h.
 *
 * The portfolio's solve hook runs in the run's child (runchild.c), after
 * the release: the members are its children, so the run's cgroup, its
 * process limits and its mark hold them, the runner's clock and timeout
 * take them as one run, and the runner's end of the run ends whatever
 * is left (runtree.c). Each member sends its answer as a frame on a pipe
 * of its own; the hook polls them, checks each whole answer, and once one
 * wins kills the others' groups with SIGKILL and reaps every member:
 * what a reaped child used is in the child's own counters (cutime), so
 * without a cgroup the runner's CPU reading at the answer holds the
 * members' too. A member's program that left its group (a solver
 * program in a group of its own) is ended at the run's end, with the
 * run's tree.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include "approach.h"
#include "host.h"
#include "instance.h"
#include "portfolio.h"
#include "registry.h"
#include "runchild.h"
#include "solvers.h"
#include "status.h"
#include "validate.h"

#define FRAME_MAGIC 0x6e71706du /* "nqpm" */

/* What a member sends: this, then the placement (n int32_t) when
 * has_placement. */
struct frame {
	uint32_t magic;
	int32_t rc;
	int32_t has_placement;
	nq_result res;
};

struct member {
	pid_t pid;
	int fd;
	unsigned char *buf;
	size_t got, need;
	int done;
};

/* In a member: where nq_oom's message goes. */
static struct frame *member_frame;
static int member_fd = -1;

static _Noreturn void member_oom(void)
{
	static const char note[] = "ran out of memory (an allocation failed "
				   "inside the solver)";
	struct frame *f = member_frame;

	if (f && member_fd >= 0) {
		f->magic = FRAME_MAGIC;
		f->rc = NQ_ENOMEM;
		f->has_placement = 0;
		memcpy(f->res.note, note, sizeof note);
		(void)nq_write_all(member_fd, f, sizeof *f);
	}
	_exit(1);
}

/* In the member's process: solve, send the frame, exit. Every
 * descriptor but its pipe and 0-2 closed: the run's message pipe is the
 * portfolio's alone to write. */
static _Noreturn void member_run(const nq_approach *a, const nq_job *job,
				 int fd, pid_t parent)
{
	static struct frame f;
	nq_job j = *job;
	size_t n = (size_t)job->inst->n;

	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(1);
	nq_close_from(3, &fd, 1);
	memset(&f, 0, sizeof f);
	member_frame = &f;
	member_fd = fd;
	nq_oom_hook = member_oom;
	nq_result_init(&f.res);
	if (!(f.res.placement = malloc(n * sizeof(int32_t))))
		member_oom();
	j.opt = a->opt;
	f.rc = a->solver->solve(&j, &f.res);
	f.magic = FRAME_MAGIC;
	f.res.note[sizeof f.res.note - 1] = '\0';
	f.has_placement = f.rc == NQ_OK && job->inst->mode == NQ_MODE_FIRST &&
			  f.res.solutions == 1;
	if (nq_write_all(fd, &f, sizeof f) ||
	    (f.has_placement &&
	     nq_write_all(fd, f.res.placement, n * sizeof(int32_t))))
		_exit(1);
	_exit(0);
}

/* A board with nothing on it but its n: what the known results cover. */
static int plain(const nq_instance *in)
{
	return !in->nhints && !nq_instance_has_variants(in) && in->parts < 2;
}

/* The checks one answer can be put to alone, as the validator puts them
 * (validate.h): 1 it passes (or nothing can check it alone: the ledger
 * holds it against the others later, as any run's answer), 0 no answer
 * (the member failed: why says how), -1 it failed a check (why says
 * which). */
static int judge(const nq_instance *in, const struct frame *f,
		 const int32_t *placement, char *why, size_t len)
{
	uint64_t c;

	if (f->magic != FRAME_MAGIC) {
		snprintf(why, len, "a garbled answer");
		return 0;
	}
	if (f->rc != NQ_OK) {
		snprintf(why, len, "%s%s%.120s",
			 f->rc == NQ_ETIMEOUT ? "timeout" :
			 f->rc == NQ_ENOMEM ? "memout" :
			 f->rc == NQ_EUNSOLVED ? "unsolved" : "error",
			 f->res.note[0] ? ": " : "", f->res.note);
		return 0;
	}
	if (in->mode == NQ_MODE_FIRST) {
		if (f->res.solutions > 1) {
			snprintf(why, len, "%llu placements in first mode",
				 (unsigned long long)f->res.solutions);
			return -1;
		}
		if (f->res.solutions == 1)
			return nq_check_placement(in, placement, why, len) ? -1
									   : 1;
		if ((plain(in) && (in->n == 1 || in->n >= 4)) ||
		    (in->n <= NQ_REFERENCE_MAX_N &&
		     nq_reference_count(in, &c) == 0 && c > 0)) {
			snprintf(why, len, "'none', but the board has a "
				 "placement");
			return -1;
		}
		return 1;
	}
	if (in->parts >= 2)
		return 1;
	if ((plain(in) && nq_known_count(in->n, &c) == 0) ||
	    (in->n <= NQ_REFERENCE_MAX_N && nq_reference_count(in, &c) == 0)) {
		if (c != f->res.solutions) {
			snprintf(why, len, "count %llu, where it is %llu",
				 (unsigned long long)f->res.solutions,
				 (unsigned long long)c);
			return -1;
		}
	}
	return 1;
}

/* 1 when member a answers this instance, as the plan would give it a
 * run (plan.c): its mode, its largest n, blocked squares and excluded
 * lines; else 0, and why says so. It is then never started. */
static int member_takes(const nq_approach *a, const nq_instance *in,
			char *why, size_t len)
{
	int max = nq_solver_max_n(a->solver, a->opt, in->mode);

	if (nq_instance_has_variants(in) && !nq_solver_takes_variants(a->solver))
		snprintf(why, len, "takes no blocked squares or excluded "
			 "lines");
	else if (max == NQ_NOT_APPLICABLE)
		snprintf(why, len, "does not answer %s mode",
			 in->mode == NQ_MODE_COUNT ? "count" : "first");
	else if (max > 0 && in->n > max)
		snprintf(why, len, "takes n up to %d", max);
	return !why[0];
}

/* "; " and then the text, if it fits. */
static void note_add(char *note, size_t len, const char *fmt, const char *a,
		     const char *b)
{
	size_t at = strlen(note);

	if (at + 3 < len)
		snprintf(note + at, len - at, fmt, at ? "; " : "", a, b);
}

/* Every member not yet reaped: killed, group and all (unless it ended:
 * the winner), and reaped, so its CPU time is counted in ours. */
static void members_end(struct member *mb, int k, int keep)
{
	int i, st;

	for (i = 0; i < k; i++)
		if (mb[i].pid > 0 && i != keep) {
			kill(-mb[i].pid, SIGKILL);
			kill(mb[i].pid, SIGKILL);
		}
	for (i = 0; i < k; i++) {
		if (mb[i].pid > 0)
			while (waitpid(mb[i].pid, &st, 0) < 0 && errno == EINTR)
				;
		if (mb[i].fd >= 0)
			close(mb[i].fd);
		mb[i].fd = -1;
	}
}

/* A member's pipe is readable: read on; 1 when its answer is whole or it
 * ended without one. */
static int member_read(struct member *m, size_t cap)
{
	ssize_t r = read(m->fd, m->buf + m->got, m->need - m->got);

	if (r < 0)
		return errno == EINTR || errno == EAGAIN ? 0 : 1;
	if (r == 0)
		return 1;
	m->got += (size_t)r;
	if (m->got == sizeof(struct frame) && m->need < cap) {
		const struct frame *f = (const struct frame *)m->buf;

		if (f->magic == FRAME_MAGIC && f->has_placement)
			m->need = cap;
	}
	return m->got == m->need;
}

/* The portfolio's answer: the winner's, or how every member ended. */
static int portfolio_result(const nq_instance *in, const nq_approach *m,
			    const struct member *mb, int k, int win,
			    const char *notes, nq_result *res)
{
	int32_t *placement = res->placement;
	int i, timeouts = 0, unsolved = 0;

	if (win >= 0) {
		const struct frame *f = (const struct frame *)mb[win].buf;

		*res = f->res;
		res->placement = placement;
		if (f->has_placement)
			memcpy(placement, mb[win].buf + sizeof *f,
			       (size_t)in->n * sizeof(int32_t));
		/* the winner's own choices are no option of the portfolio's */
		res->ran[0] = '\0';
		snprintf(res->note, sizeof res->note, "won by %.60s%s%.100s%s",
			 m[win].name, f->res.note[0] ? " (" : "",
			 f->res.note, f->res.note[0] ? ")" : "");
		if (notes[0])
			note_add(res->note, sizeof res->note, "%s%s%s", notes,
				 "");
		return NQ_OK;
	}
	for (i = 0; i < k; i++) {
		const struct frame *f = (const struct frame *)mb[i].buf;

		if (mb[i].got == mb[i].need && f->magic == FRAME_MAGIC) {
			timeouts += f->rc == NQ_ETIMEOUT;
			unsolved += f->rc == NQ_EUNSOLVED;
		}
	}
	snprintf(res->note, sizeof res->note, "no member answered: %.179s",
		 notes);
	return unsolved == k ? NQ_EUNSOLVED : timeouts ? NQ_ETIMEOUT : NQ_ERR;
}

static int portfolio_solve(const nq_job *job, nq_result *res)
{
	const nq_instance *in = job->inst;
	nq_approach m[NQ_PORTFOLIO_MAX];
	struct member mb[NQ_PORTFOLIO_MAX];
	size_t cap = sizeof(struct frame) + (size_t)in->n * sizeof(int32_t);
	char notes[sizeof res->note] = "", why[160];
	nq_error err;
	int k, i, win = -1, left, rc;

	memset(&err, 0, sizeof err);
	memset(mb, 0, sizeof mb);
	k = nq_portfolio_members(job->opt[0].str ? job->opt[0].str : "", m,
				 NQ_PORTFOLIO_MAX, &err);
	if (k < 0) {
		snprintf(res->note, sizeof res->note, "%.190s", err.msg);
		return NQ_ERR;
	}
	for (i = 0, left = 0; i < k; i++) {
		mb[i].fd = -1;
		if ((why[0] = '\0', !member_takes(&m[i], in, why, sizeof why))) {
			mb[i].done = 1;
			note_add(notes, sizeof notes, "%s%s: %s", m[i].name,
				 why);
		} else {
			left++;
		}
	}
	fflush(NULL);
	for (i = 0; i < k; i++) {
		int p[2];
		pid_t self = getpid();

		if (mb[i].done)
			continue;
		mb[i].need = sizeof(struct frame);
		if (!(mb[i].buf = malloc(cap)) || pipe(p) < 0)
			goto fail;
		if ((mb[i].pid = fork()) < 0) {
			close(p[0]);
			close(p[1]);
			goto fail;
		}
		if (mb[i].pid == 0)
			member_run(&m[i], job, p[1], self);
		setpgid(mb[i].pid, mb[i].pid); /* the member sets it too */
		close(p[1]);
		mb[i].fd = p[0];
	}
	while (win < 0 && left > 0) {
		struct pollfd pf[NQ_PORTFOLIO_MAX];
		int map[NQ_PORTFOLIO_MAX], np = 0, j;

		for (i = 0; i < k; i++)
			if (!mb[i].done) {
				pf[np].fd = mb[i].fd;
				pf[np].events = POLLIN;
				map[np++] = i;
			}
		if (poll(pf, (nfds_t)np, -1) < 0) {
			if (errno == EINTR)
				continue;
			goto fail;
		}
		for (j = 0; j < np && win < 0; j++) {
			struct member *b = &mb[map[j]];

			if (!pf[j].revents || !member_read(b, cap))
				continue;
			b->done = 1;
			left--;
			if (b->got < b->need) {
				note_add(notes, sizeof notes, "%s%s ended "
					 "without an answer%s", m[map[j]].name,
					 "");
				continue;
			}
			rc = judge(in, (const struct frame *)b->buf,
				   (const int32_t *)(b->buf +
						     sizeof(struct frame)),
				   why, sizeof why);
			if (rc > 0)
				win = map[j];
			else
				note_add(notes, sizeof notes, rc < 0 ?
					 "%s%s rejected: %s" : "%s%s: %s",
					 m[map[j]].name, why);
		}
	}
	members_end(mb, k, win);
	rc = portfolio_result(in, m, mb, k, win, notes, res);
	for (i = 0; i < k; i++)
		free(mb[i].buf);
	return rc;
fail:
	snprintf(res->note, sizeof res->note, "portfolio: cannot start its "
		 "members: %s", strerror(errno));
	members_end(mb, k, -1);
	for (i = 0; i < k; i++)
		free(mb[i].buf);
	return NQ_ERR;
}

/* One core a member (a member that uses several still shares them). */
static int portfolio_threads(const nq_optval *opt, int n, enum nq_mode mode,
			     int plain_board)
{
	const char *s = opt[0].str ? opt[0].str : "";
	int k = 1;

	(void)n;
	(void)mode;
	(void)plain_board;
	for (; *s; s++)
		k += *s == '+';
	return k;
}

static const nq_option portfolio_options[] = {
	{ "members", NQ_OPT_TEXT, "", NULL, 0, 0,
	  "the approaches run at once, joined by '+' (an experiment file "
	  "lists them: members: [backtrack/dlx, backtrack/mrv]); the first "
	  "answer that passes the checks of one answer wins" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};

const nq_solver nq_solver_portfolio = {
	NQ_ABI_VERSION, sizeof(nq_solver), NQ_PORTFOLIO,
	"approaches run at once on one instance: the first answer that "
	"checks out wins, the others are killed, the CPU time of all counted",
	portfolio_options, "members", NULL, portfolio_solve, NULL, NULL,
	portfolio_threads
};

void nq_portfolio_register(void)
{
	if (!nq_registry_solver(NQ_PORTFOLIO))
		nq_registry_add_solver(&nq_solver_portfolio, "built-in", NULL);
}
