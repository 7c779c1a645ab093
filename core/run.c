/*
 * run.c - see run.h.
 *
 * Order: instance by instance; for each, the warm-up rounds, then
 * `repeat` rounds, each round running every approach once. Interleaving
 * approaches within an instance spreads the machine's noise over all of
 * them instead of handing it to whichever ran during a burst.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "csv.h"
#include "meta.h"
#include "run.h"
#include "runner.h"
#include "summary.h"
#include "validate.h"

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
	nq_runner_abort();
}

/* mkdir -p of the directory part of `path`. */
static int make_parent_dirs(const char *path)
{
	char buf[4096];
	char *p;

	if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
		return -1;
	for (p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0777) < 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return 0;
}

/* Open the CSV for writing. An existing file is kept as FILE.bak. */
static FILE *open_output(const char *path, nq_error *err)
{
	char bak[4096];
	FILE *f;

	if (make_parent_dirs(path) < 0) {
		nq_error_set(err, path, 0, 0, "cannot create its directory: %s",
			     strerror(errno));
		return NULL;
	}
	if (access(path, F_OK) == 0) {
		snprintf(bak, sizeof bak, "%s.bak", path);
		if (rename(path, bak) < 0) {
			nq_error_set(err, path, 0, 0, "cannot keep the old "
				     "results as %s: %s", bak, strerror(errno));
			return NULL;
		}
		fprintf(stderr, "harness: the previous %s is kept as %s\n",
			path, bak);
	}
	f = fopen(path, "w");
	if (!f)
		nq_error_set(err, path, 0, 0, "cannot write: %s",
			     strerror(errno));
	return f;
}

/* Where an approach timed out, for after_timeout: skip. */
struct timeout_mark {
	size_t approach;
	enum nq_mode mode;
	const char *hints;
	int n;
};

struct state {
	const nq_experiment *exp;
	const nq_run_opts *o;
	FILE *csv;
	nq_ledger *ledger;
	nq_summary *summary;
	struct timeout_mark *marks;
	size_t nmarks;
	unsigned *told;   /* per approach: modes it does not answer, told */
	int tty;
	size_t done, total;
	int wrong;
	size_t rows;
	nq_meta_run meta;      /* the record beside the CSV */
	char meta_path[4096];
};

static int skipped_at(const struct state *s, size_t ai,
		      const nq_instance_spec *spec)
{
	size_t i;

	for (i = 0; i < s->nmarks; i++) {
		const struct timeout_mark *m = &s->marks[i];

		if (m->approach == ai && m->mode == spec->inst.mode &&
		    !strcmp(m->hints, spec->hints_text) && spec->inst.n >= m->n)
			return m->n;
	}
	return 0;
}

static void mark_timeout(struct state *s, size_t ai,
			 const nq_instance_spec *spec)
{
	struct timeout_mark *p;

	if (s->exp->after_timeout != NQ_AFTER_TIMEOUT_SKIP ||
	    skipped_at(s, ai, spec))
		return;
	p = realloc(s->marks, (s->nmarks + 1) * sizeof *p);
	if (!p)
		return; /* only costs the skipping */
	s->marks = p;
	p[s->nmarks].approach = ai;
	p[s->nmarks].mode = spec->inst.mode;
	p[s->nmarks].hints = spec->hints_text;
	p[s->nmarks].n = spec->inst.n;
	s->nmarks++;
}

static const char *mode_name(enum nq_mode m)
{
	return m == NQ_MODE_COUNT ? "count" : "first";
}

static void print_board(const nq_instance *in, const int32_t *q)
{
	int r, c, i;

	for (r = 0; r < in->n; r++) {
		for (c = 0; c < in->n; c++) {
			int hint = 0;

			for (i = 0; i < in->nhints; i++)
				if (in->hints[i].row == r && in->hints[i].col == c)
					hint = 1;
			fputs(q[r] == c ? (hint ? " Q" : " q") : " .", stdout);
		}
		fputc('\n', stdout);
	}
}

static void progress_start(struct state *s, const nq_approach *a,
			   const nq_instance_spec *spec, int rep)
{
	if (s->o->quiet || !s->tty)
		return;
	fprintf(stderr, "\r\033[K[%zu/%zu] %s  n=%d %s%s%s  %s %d",
		s->done + 1, s->total, a->name, spec->inst.n,
		mode_name(spec->inst.mode), spec->hints_text[0] ? " hints " : "",
		spec->hints_text, rep > 0 ? "repeat" : "warm-up",
		rep > 0 ? rep : -rep + 1);
	fflush(stderr);
}

static void progress_end(struct state *s, const nq_approach *a,
			 const nq_instance_spec *spec, int rep,
			 const nq_run *run)
{
	int loud = run->status == NQ_ST_WRONG || run->status == NQ_ST_CRASH;

	s->done++;
	if (s->o->quiet && !loud)
		return;
	if (s->tty && !loud)
		return; /* the live line says it */
	if (s->tty)
		fputs("\r\033[K", stderr);
	fprintf(stderr, "[%zu/%zu] %s n=%d %s%s%s %s%d: %s %.3fs%s%s\n",
		s->done, s->total, a->name, spec->inst.n,
		mode_name(spec->inst.mode), spec->hints_text[0] ? " hints " : "",
		spec->hints_text, rep > 0 ? "#" : "warm-up #",
		rep > 0 ? rep : -rep + 1, nq_status_name(run->status),
		run->wall_s, run->note[0] ? ": " : "", run->note);
}

/* Check, record, write one finished run. rep <= 0: a warm-up. */
static void finish(struct state *s, size_t ai, const nq_instance_spec *spec,
		   int rep, nq_run *run)
{
	const nq_approach *a = &s->exp->approaches[ai];
	char why[256], answer[32];

	if (run->answered) {
		int v = nq_validate(s->ledger, &spec->inst, a->name, &run->res,
				    why, sizeof why);

		if (v < 0) {
			run->status = NQ_ST_WRONG;
			snprintf(run->note, sizeof run->note, "%s", why);
		} else if (v > 0) {
			/* right, and proof that an earlier row was wrong */
			snprintf(run->note, sizeof run->note, "%s", why);
			fprintf(stderr, "harness: %s n=%d: %s\n", a->name,
				spec->inst.n, why);
			s->wrong = 1;
		} else if (run->res.note[0]) {
			snprintf(run->note, sizeof run->note, "%s",
				 run->res.note);
		}
	}
	if (run->status == NQ_ST_WRONG)
		s->wrong = 1;
	/* a warm-up's timeout does not decide for the measured runs */
	if (run->status == NQ_ST_TIMEOUT && rep > 0)
		mark_timeout(s, ai, spec);
	progress_end(s, a, spec, rep, run);
	if (rep <= 0)
		return;
	if (s->o->show_board && run->res.placement && spec->inst.n <= 32)
		print_board(&spec->inst, run->res.placement);
	if (run->answered && spec->inst.mode == NQ_MODE_COUNT)
		snprintf(answer, sizeof answer, "%llu",
			 (unsigned long long)run->res.solutions);
	else if (run->answered)
		snprintf(answer, sizeof answer, "%s",
			 run->res.solutions ? "found" : "none");
	nq_summary_add(s->summary, a->name, mode_name(spec->inst.mode),
		       spec->inst.n, spec->hints_text, run->status,
		       run->wall_s, run->wall_s > 0,
		       run->answered ? answer : NULL);
	if (s->csv) {
		nq_csv_row(s->csv, s->exp, spec, a, rep, run);
		fflush(s->csv);
		s->rows++;
	}
}

/* A row for a run that is not made (over max n, or skipped). */
static void not_run(struct state *s, size_t ai, const nq_instance_spec *spec,
		    int rep, nq_status st, const char *note)
{
	nq_run run;

	memset(&run, 0, sizeof run);
	run.status = st;
	run.res.unique = NQ_UNIQUE_NA;
	run.res.vars = run.res.constraints = run.res.nonzeros = NQ_NA;
	run.res.nodes = run.res.decisions = NQ_NA;
	run.res.conflicts = run.res.iterations = NQ_NA;
	snprintf(run.note, sizeof run.note, "%s", note);
	finish(s, ai, spec, rep, &run);
}

static int one(struct state *s, size_t ai, const nq_instance_spec *spec,
	       int rep, nq_error *err)
{
	const nq_approach *a = &s->exp->approaches[ai];
	nq_limits lim;
	nq_run run;
	char note[200];
	int max = a->solver->max_n ? a->solver->max_n(a->opt, spec->inst.mode) : 0;
	int at;

	if (!nq_instance_runs(spec, a)) {
		s->done++; /* `only:` leaves this approach out */
		return 0;
	}
	if (max == NQ_NOT_APPLICABLE) {
		/* not a run that failed: a pairing that does not exist (say,
		 * local search asked to count); no row, one notice */
		unsigned bit = 1u << spec->inst.mode;

		if (!(s->told[ai] & bit)) {
			s->told[ai] |= bit;
			fprintf(stderr, "%sharness: %s does not answer %s mode; "
				"its %s instances are left out\n",
				s->tty && !s->o->quiet ? "\r\033[K" : "",
				a->name, mode_name(spec->inst.mode),
				mode_name(spec->inst.mode));
		}
		s->done++;
		return 0;
	}
	if (max > 0 && spec->inst.n > max) {
		if (rep > 0) {
			snprintf(note, sizeof note, "not run: %.120s takes n up "
				 "to %d", a->name, max);
			not_run(s, ai, spec, rep, NQ_ST_ERROR, note);
		} else {
			s->done++;
		}
		return 0;
	}
	if ((at = skipped_at(s, ai, spec)) != 0) {
		if (rep > 0) {
			snprintf(note, sizeof note, "not run: timed out at n=%d "
				 "(after_timeout: skip)", at);
			not_run(s, ai, spec, rep, NQ_ST_TIMEOUT, note);
		} else {
			s->done++;
		}
		return 0;
	}
	lim.timeout_s = s->exp->timeout_s;
	lim.memory_kib = s->exp->memory_kib;
	lim.seed = s->exp->seed;
	progress_start(s, a, spec, rep);
	if (nq_run_one(a, &spec->inst, &lim, &run, err) < 0)
		return -1;
	if (!interrupted)
		finish(s, ai, spec, rep, &run);
	nq_run_clear(&run);
	return 0;
}

/* The metadata file beside the CSV: kept as .bak like the CSV, then
 * written with the start time and the machine's state. */
static int meta_start(struct state *s, nq_error *err)
{
	char bak[4200];

	nq_meta_path(s->o->output, s->meta_path, sizeof s->meta_path);
	if (access(s->meta_path, F_OK) == 0) {
		snprintf(bak, sizeof bak, "%s.bak", s->meta_path);
		rename(s->meta_path, bak);
	}
	s->meta.csv = s->o->output;
	s->meta.argc = s->o->argc;
	s->meta.argv = s->o->argv;
	s->meta.started = time(NULL);
	s->meta.outcome = "running";
	nq_meta_check(&s->meta, "at start");
	return nq_meta_write(s->meta_path, s->exp, &s->meta, err);
}

static int meta_end(struct state *s, int rc, nq_error *err)
{
	s->meta.finished = time(NULL);
	s->meta.rows = s->rows;
	s->meta.outcome = rc == NQ_EXIT_INTERRUPTED ? "interrupted"
			  : rc == NQ_EXIT_WRONG ? "wrong" : "ok";
	nq_meta_check(&s->meta, "at end");
	if (nq_meta_write(s->meta_path, s->exp, &s->meta, err) < 0)
		return -1;
	fprintf(stderr, "harness: the machine is recorded in %s\n",
		s->meta_path);
	return 0;
}

int nq_experiment_run(const nq_experiment *exp, const nq_run_opts *o,
		      nq_error *err)
{
	struct sigaction sa, old_int, old_term;
	struct state s;
	size_t i, ai;
	int rep, rc = -1;

	memset(&s, 0, sizeof s);
	s.exp = exp;
	s.o = o;
	s.tty = isatty(STDERR_FILENO);
	s.total = exp->ninstances * exp->napproaches *
		  (size_t)(exp->repeat + exp->warmup);
	s.ledger = nq_ledger_new();
	s.summary = nq_summary_new();
	s.told = calloc(exp->napproaches + 1, sizeof *s.told);
	if (!s.ledger || !s.summary || !s.told) {
		nq_error_set(err, NULL, 0, 0, "out of memory");
		goto out;
	}
	if (o->output) {
		s.csv = open_output(o->output, err);
		if (!s.csv)
			goto out;
		nq_csv_header(s.csv);
		fflush(s.csv);
		if (meta_start(&s, err) < 0)
			goto out;
	}

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	interrupted = 0;

	for (i = 0; i < exp->ninstances && !interrupted; i++) {
		const nq_instance_spec *spec = &exp->instances[i];

		for (rep = 1 - exp->warmup; rep <= exp->repeat && !interrupted;
		     rep++)
			for (ai = 0; ai < exp->napproaches && !interrupted; ai++)
				if (one(&s, ai, spec, rep, err) < 0)
					goto restore;
	}
	if (s.tty && !o->quiet)
		fputs("\r\033[K", stderr);
	rc = interrupted ? NQ_EXIT_INTERRUPTED
	     : s.wrong ? NQ_EXIT_WRONG : NQ_EXIT_OK;
	nq_summary_print(s.summary, stdout);
	fflush(stdout);
	if (interrupted)
		fprintf(stderr, "harness: interrupted; the %zu finished runs "
			"are in %s\n", s.rows, o->output ? o->output : "(no file)");
	else if (o->output)
		fprintf(stderr, "harness: %zu row%s written to %s\n", s.rows,
			s.rows == 1 ? "" : "s",
			o->output);
	if (s.wrong)
		fprintf(stderr, "harness: some answers were WRONG (status "
			"'wrong' in the table)\n");
	if (o->output && meta_end(&s, rc, err) < 0)
		rc = -1;
restore:
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
out:
	if (s.csv && fclose(s.csv) != 0 && rc >= 0) {
		nq_error_set(err, o->output, 0, 0, "write failed: %s",
			     strerror(errno));
		rc = -1;
	}
	nq_ledger_free(s.ledger);
	nq_summary_free(s.summary);
	free(s.marks);
	free(s.told);
	return rc;
}
