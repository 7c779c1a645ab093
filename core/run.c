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
#include "atomic.h"
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

/* Open the CSV for writing, for the whole run: it must not exist or be a
 * regular file (nq_output_check); the lock FILE.lock is taken first, so
 * a second run on the same file stops here, naming the first one's PID;
 * an existing file is kept as FILE.bak, older backups shifted to
 * FILE.bak.1 ... (nq_backup_rotate). */
static FILE *open_output(const char *path, nq_lock *lock, nq_error *err)
{
	char bak[4200];
	FILE *f;
	int rc;

	if (make_parent_dirs(path) < 0) {
		nq_error_set(err, path, 0, 0, "cannot create its directory: %s",
			     strerror(errno));
		return NULL;
	}
	nq_meta_path(path, bak, sizeof bak);
	if (!strcmp(bak, path)) {
		nq_error_set(err, path, 0, 0, "the results and their .meta "
			     "file would be one file: name the CSV .csv");
		return NULL;
	}
	if (nq_output_check(path, err) || nq_output_check(bak, err) ||
	    nq_lock_take(lock, path, err))
		return NULL;
	if ((rc = nq_backup_rotate(path, bak, sizeof bak, err)) < 0)
		return NULL;
	if (rc > 0)
		fprintf(stderr, "harness: the previous %s is kept as %s\n",
			path, bak);
	f = fopen(path, "wx"); /* made anew: nothing may take its place */
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

/* One measured run, as written to the CSV; its verdict may change after
 * the row is written (validate.h), and the end brings the file up to
 * date. The placement is freed once checked. */
struct row {
	size_t spec, ai;
	int rep;
	long claim;            /* its answer in the ledger, or -1 */
	nq_run run;
};

struct state {
	const nq_experiment *exp;
	const nq_run_opts *o;
	FILE *csv;
	nq_lock lock;           /* on the CSV, from open_output to the end */
	nq_ledger *ledger;
	struct row *rows_kept;  /* every row written, in order */
	size_t nkept, capkept;
	size_t *row_of_claim;   /* ledger id -> index in rows_kept */
	size_t capclaims;
	nq_summary *summary;
	struct timeout_mark *marks;
	size_t nmarks;
	unsigned *told;   /* per approach: modes it does not answer, told */
	int tty;
	size_t done, total;
	int changed;            /* a verdict changed after its row was written */
	size_t rows;
	nq_meta_run meta;      /* the record beside the CSV */
	char meta_path[4096];
	char log_path[4096];   /* the solvers' stderr: FILE.stderr.log */
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
	int loud = run->status == NQ_ST_WRONG || run->status == NQ_ST_CRASH ||
		   run->status == NQ_ST_DISPUTED;

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

/* Copy a verdict into a run. The solver's own note is kept where the
 * verdict has nothing to say. */
static void apply_verdict(nq_run *run, const nq_verdict *v)
{
	run->status = v->status;
	snprintf(run->checked, sizeof run->checked, "%s", v->checked);
	if (v->note[0])
		snprintf(run->note, sizeof run->note, "%s", v->note);
	else
		snprintf(run->note, sizeof run->note, "%s", run->res.note);
}

/* A later answer changed the verdict on an earlier row: say so now (the
 * file is brought up to date at the end). */
static void verdicts_changed(struct state *s, long id)
{
	const long *peers;
	size_t i, np;

	peers = nq_ledger_peers(s->ledger, id, &np);
	for (i = 0; i < np; i++) {
		struct row *r;
		const nq_verdict *v;
		nq_status was;

		if (peers[i] == id)
			continue;
		r = &s->rows_kept[s->row_of_claim[peers[i]]];
		v = nq_ledger_verdict(s->ledger, peers[i]);
		was = r->run.status;
		if (was == v->status && !strcmp(r->run.checked, v->checked) &&
		    (!v->note[0] || !strcmp(r->run.note, v->note)))
			continue;
		apply_verdict(&r->run, v);
		s->changed = 1;
		if (was == v->status)
			continue;
		fprintf(stderr, "%sharness: %s n=%d %s #%d, written as %s, "
			"is now %s: %s\n", s->tty && !s->o->quiet ? "\r\033[K" : "",
			s->exp->approaches[r->ai].name,
			s->exp->instances[r->spec].inst.n,
			mode_name(s->exp->instances[r->spec].inst.mode), r->rep,
			nq_status_name(was), nq_status_name(v->status),
			v->note);
	}
}

/* The options as they ran: the approach's "k=v;..." with the values the
 * solver chose itself (res.ran, "k=v;...") in their place. */
static void options_as_run(const char *declared, const char *ran, char *out,
			   size_t len)
{
	char item[160];
	const char *p, *q, *eq;
	size_t used = 0;

	out[0] = '\0';
	for (p = declared; *p; p = *q ? q + 1 : q) {
		size_t klen;

		q = p + strcspn(p, ";");
		eq = memchr(p, '=', (size_t)(q - p));
		klen = eq ? (size_t)(eq - p) : (size_t)(q - p);
		snprintf(item, sizeof item, "%.*s", (int)(q - p), p);
		/* the same key in ran replaces it */
		for (const char *r = ran; *r;) {
			const char *e = r + strcspn(r, ";");

			if ((size_t)(e - r) > klen && !strncmp(r, p, klen) &&
			    r[klen] == '=')
				snprintf(item, sizeof item, "%.*s",
					 (int)(e - r), r);
			r = *e ? e + 1 : e;
		}
		used += (size_t)snprintf(out + used, used < len ? len - used : 0,
					 "%s%s", used ? ";" : "", item);
	}
}

/* Keep a row for the end; the placement is not kept. -1 on no memory. */
static int keep_row(struct state *s, size_t spec, size_t ai, int rep,
		    long claim, nq_run *run)
{
	struct row *r;

	if (s->nkept == s->capkept) {
		size_t cap = s->capkept ? 2 * s->capkept : 64;
		struct row *p = realloc(s->rows_kept, cap * sizeof *p);

		if (!p)
			return -1;
		s->rows_kept = p;
		s->capkept = cap;
	}
	if (claim >= 0 && (size_t)claim >= s->capclaims) {
		size_t cap = s->capclaims ? 2 * s->capclaims : 64;
		size_t *p;

		while (cap <= (size_t)claim)
			cap *= 2;
		if (!(p = realloc(s->row_of_claim, cap * sizeof *p)))
			return -1;
		s->row_of_claim = p;
		s->capclaims = cap;
	}
	r = &s->rows_kept[s->nkept];
	r->spec = spec;
	r->ai = ai;
	r->rep = rep;
	r->claim = claim;
	r->run = *run;
	r->run.res.placement = NULL;
	if (claim >= 0)
		s->row_of_claim[claim] = s->nkept;
	s->nkept++;
	return 0;
}

/* Check, record, write one finished run. rep <= 0: a warm-up, which is
 * neither written nor held against the measured answers. -1 on no
 * memory. */
static int finish(struct state *s, size_t ai, size_t si, int rep, int ran,
		  nq_run *run)
{
	const nq_approach *a = &s->exp->approaches[ai];
	const nq_instance_spec *spec = &s->exp->instances[si];
	long claim = -1;

	if (run->answered && run->res.ran[0])
		options_as_run(a->options, run->res.ran, run->options,
			       sizeof run->options);
	if (run->answered && rep > 0) {
		claim = nq_ledger_add(s->ledger, &spec->inst, a->name,
				      &run->res);
		if (claim < 0)
			return -1;
		apply_verdict(run, nq_ledger_verdict(s->ledger, claim));
	} else if (run->answered && run->res.note[0]) {
		snprintf(run->note, sizeof run->note, "%s", run->res.note);
	}
	/* a warm-up's timeout does not decide for the measured runs */
	if (run->status == NQ_ST_TIMEOUT && rep > 0)
		mark_timeout(s, ai, spec);
	if (ran)
		progress_end(s, a, spec, rep, run);
	else if (rep == 1 && !s->o->quiet)
		/* a row with no run (over the approach's largest n, or
		 * skipped): said once per instance, not per repeat */
		fprintf(stderr, "%sharness: %s n=%d %s%s%s: %s (%s row)\n",
			s->tty ? "\r\033[K" : "", a->name, spec->inst.n,
			mode_name(spec->inst.mode),
			spec->hints_text[0] ? " hints " : "", spec->hints_text,
			run->note, nq_status_name(run->status));
	if (rep <= 0)
		return 0;
	if (s->o->show_board && run->res.placement && spec->inst.n <= 32)
		print_board(&spec->inst, run->res.placement);
	if (keep_row(s, si, ai, rep, claim, run) < 0)
		return -1;
	if (claim >= 0)
		verdicts_changed(s, claim);
	if (s->csv) {
		nq_csv_row(s->csv, s->exp, spec, a, rep, run);
		fflush(s->csv);
		s->rows++;
	}
	return 0;
}

/* A row for a run that is not made (over max n, or skipped). */
static int not_run(struct state *s, size_t ai, size_t si, int rep,
		   nq_status st, const char *note)
{
	nq_run run;

	memset(&run, 0, sizeof run);
	run.status = st;
	run.res.unique = NQ_UNIQUE_NA;
	run.res.vars = run.res.constraints = run.res.nonzeros = NQ_NA;
	run.res.nodes = run.res.decisions = NQ_NA;
	run.res.conflicts = run.res.iterations = NQ_NA;
	snprintf(run.note, sizeof run.note, "%s", note);
	return finish(s, ai, si, rep, 0, &run);
}

/* What becomes of approach ai on an instance: a run, a row without a
 * run (over its largest n), or nothing (left out by `only:`, or a mode
 * it does not answer). */
enum plan { PLAN_RUN, PLAN_TOO_LARGE, PLAN_NONE };

static enum plan plan_of(const nq_approach *a, const nq_instance_spec *spec,
			 int *max)
{
	*max = a->solver->max_n ? a->solver->max_n(a->opt, spec->inst.mode) : 0;
	if (!nq_instance_runs(spec, a) || *max == NQ_NOT_APPLICABLE)
		return PLAN_NONE;
	return *max > 0 && spec->inst.n > *max ? PLAN_TOO_LARGE : PLAN_RUN;
}

static int one(struct state *s, size_t ai, size_t si, int rep, nq_error *err)
{
	const nq_approach *a = &s->exp->approaches[ai];
	const nq_instance_spec *spec = &s->exp->instances[si];
	nq_limits lim;
	nq_run run;
	char note[200];
	int max, at, rc;

	switch (plan_of(a, spec, &max)) {
	case PLAN_NONE:
		if (max == NQ_NOT_APPLICABLE && nq_instance_runs(spec, a)) {
			/* not a run that failed: a pairing that does not
			 * exist (say, local search asked to count); no row,
			 * one notice */
			unsigned bit = 1u << spec->inst.mode;

			if (!(s->told[ai] & bit)) {
				s->told[ai] |= bit;
				fprintf(stderr, "%sharness: %s does not answer "
					"%s mode; its %s instances are left "
					"out\n", s->tty && !s->o->quiet ?
					"\r\033[K" : "", a->name,
					mode_name(spec->inst.mode),
					mode_name(spec->inst.mode));
			}
		}
		return 0;
	case PLAN_TOO_LARGE:
		if (rep <= 0)
			return 0;
		snprintf(note, sizeof note, "not run: %.120s takes n up to %d",
			 a->name, max);
		return not_run(s, ai, si, rep, NQ_ST_ERROR, note) < 0
		       ? nq_error_set(err, NULL, 0, 0, "out of memory") : 0;
	case PLAN_RUN:
		break;
	}
	if ((at = skipped_at(s, ai, spec)) != 0) {
		s->total--; /* planned, not made */
		if (rep <= 0)
			return 0;
		snprintf(note, sizeof note, "not run: timed out at n=%d "
			 "(after_timeout: skip)", at);
		return not_run(s, ai, si, rep, NQ_ST_SKIPPED, note) < 0
		       ? nq_error_set(err, NULL, 0, 0, "out of memory") : 0;
	}
	lim.timeout_s = s->exp->timeout_s;
	lim.memory_kib = s->exp->memory_kib;
	lim.seed = s->exp->seed;
	lim.log_path = s->log_path[0] ? s->log_path : NULL;
	if (rep > 0)
		snprintf(note, sizeof note, "row %zu: %.80s n=%d %s%s%.40s #%d",
			 s->rows + 1, a->name, spec->inst.n,
			 mode_name(spec->inst.mode),
			 spec->hints_text[0] ? " hints " : "", spec->hints_text,
			 rep);
	else
		snprintf(note, sizeof note, "warm-up: %.80s n=%d %s%s%.40s #%d",
			 a->name, spec->inst.n, mode_name(spec->inst.mode),
			 spec->hints_text[0] ? " hints " : "", spec->hints_text,
			 -rep + 1);
	lim.log_label = note;
	progress_start(s, a, spec, rep);
	if (nq_run_one(a, &spec->inst, &lim, &run, err) < 0)
		return -1;
	rc = 0;
	if (!interrupted && finish(s, ai, si, rep, 1, &run) < 0)
		rc = nq_error_set(err, NULL, 0, 0, "out of memory");
	nq_run_clear(&run);
	return rc;
}

/* The runs that will be made, for the progress counter (a skip after a
 * timeout takes one off as it happens). */
static size_t planned_runs(const nq_experiment *exp)
{
	size_t i, ai, total = 0;
	int max;

	for (i = 0; i < exp->ninstances; i++)
		for (ai = 0; ai < exp->napproaches; ai++)
			if (plan_of(&exp->approaches[ai], &exp->instances[i],
				    &max) == PLAN_RUN)
				total += (size_t)(exp->repeat + exp->warmup);
	return total;
}

/* Every verdict as it stands now into the kept rows; the rows wrong or
 * disputed are counted. */
static size_t final_verdicts(struct state *s)
{
	size_t i, bad = 0;

	for (i = 0; i < s->nkept; i++) {
		struct row *r = &s->rows_kept[i];

		if (r->claim >= 0) {
			const nq_verdict *v = nq_ledger_verdict(s->ledger,
								r->claim);
			nq_run was = r->run;

			apply_verdict(&r->run, v);
			if (was.status != r->run.status ||
			    strcmp(was.note, r->run.note) ||
			    strcmp(was.checked, r->run.checked))
				s->changed = 1;
		}
		if (r->run.status == NQ_ST_WRONG ||
		    r->run.status == NQ_ST_DISPUTED)
			bad++;
	}
	return bad;
}

/* The summary table, from the final verdicts. */
static int summarise(struct state *s)
{
	size_t i;

	for (i = 0; i < s->nkept; i++) {
		const struct row *r = &s->rows_kept[i];
		const nq_instance_spec *spec = &s->exp->instances[r->spec];
		char answer[32];

		/* a disputed answer is shown with a question mark */
		if (r->run.answered && spec->inst.mode == NQ_MODE_COUNT)
			snprintf(answer, sizeof answer, "%llu%s",
				 (unsigned long long)r->run.res.solutions,
				 r->run.status == NQ_ST_DISPUTED ? "?" : "");
		else if (r->run.answered)
			snprintf(answer, sizeof answer, "%s%s",
				 r->run.res.solutions ? "found" : "none",
				 r->run.status == NQ_ST_DISPUTED ? "?" : "");
		if (nq_summary_add(s->summary, s->exp->approaches[r->ai].name,
				   mode_name(spec->inst.mode), spec->inst.n,
				   spec->hints_text, r->run.status,
				   r->run.wall_s, r->run.wall_s > 0,
				   r->run.answered ? answer : NULL) < 0)
			return -1;
	}
	return 0;
}

/* The rows were written as runs ended, with the verdicts of that moment;
 * when a later answer changed one, the file is written again whole from
 * the kept rows, beside it, and renamed over it: an interruption at any
 * point leaves either every row as first written or every row final. */
static int rewrite_csv(struct state *s, nq_error *err)
{
	nq_atomic out;
	size_t i;

	if (nq_atomic_open(&out, s->o->output, err) < 0)
		return -1;
	nq_csv_header(out.f);
	for (i = 0; i < s->nkept; i++) {
		const struct row *r = &s->rows_kept[i];

		nq_csv_row(out.f, s->exp, &s->exp->instances[r->spec],
			   &s->exp->approaches[r->ai], r->rep, &r->run);
	}
	return nq_atomic_commit(&out, err);
}

/* The metadata file beside the CSV: kept as .bak like the CSV (numbered
 * the same way), then written with the start time and the machine's
 * state. */
static int meta_start(struct state *s, nq_error *err)
{
	char bak[4200];

	nq_meta_path(s->o->output, s->meta_path, sizeof s->meta_path);
	if (nq_backup_rotate(s->meta_path, bak, sizeof bak, err) < 0)
		return -1;
	/* the solvers' stderr, FILE.stderr.log: a fresh one, made by the
	 * first run that writes to stderr (runner.h) */
	snprintf(s->log_path, sizeof s->log_path, "%.*s.stderr.log",
		 (int)strlen(s->meta_path) - 5, s->meta_path);
	if (nq_output_check(s->log_path, err) < 0 ||
	    nq_backup_rotate(s->log_path, bak, sizeof bak, err) < 0)
		return -1;
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

/* The closing lines on stderr: rows written, and what was not right or
 * not checked. */
static void tell_outcome(const struct state *s)
{
	size_t i, st[NQ_ST__COUNT] = { 0 }, unchecked = 0;
	const char *out = s->o->output ? s->o->output : "(no file)";

	for (i = 0; i < s->nkept; i++) {
		st[s->rows_kept[i].run.status]++;
		if (s->rows_kept[i].run.status == NQ_ST_OK &&
		    !strcmp(s->rows_kept[i].run.checked, "none"))
			unchecked++;
	}
	if (interrupted)
		fprintf(stderr, "harness: interrupted; the %zu finished runs "
			"are in %s\n", s->rows, out);
	else if (s->o->output)
		fprintf(stderr, "harness: %zu row%s written to %s\n", s->rows,
			s->rows == 1 ? "" : "s", out);
	if (unchecked)
		fprintf(stderr, "harness: %zu answer%s nothing could check "
			"(no table, no other approach): checked 'none' in the "
			"CSV\n", unchecked, unchecked == 1 ? "" : "s");
	if (st[NQ_ST_WRONG])
		fprintf(stderr, "harness: %zu answer%s WRONG (status 'wrong')\n",
			st[NQ_ST_WRONG], st[NQ_ST_WRONG] == 1 ? " is" : "s are");
	if (st[NQ_ST_DISPUTED])
		fprintf(stderr, "harness: %zu answer%s DISPUTED: approaches "
			"disagree and nothing decides which is right (status "
			"'disputed'; the note names the other answers)\n",
			st[NQ_ST_DISPUTED],
			st[NQ_ST_DISPUTED] == 1 ? " is" : "s are");
}

int nq_experiment_run(const nq_experiment *exp, const nq_run_opts *o,
		      nq_error *err)
{
	struct sigaction sa, old_int, old_term, old_hup;
	struct state s;
	size_t i, ai, bad;
	int rep, rc = -1;

	memset(&s, 0, sizeof s);
	s.lock.fd = -1;
	s.exp = exp;
	s.o = o;
	s.tty = isatty(STDERR_FILENO);
	s.total = planned_runs(exp);
	s.ledger = nq_ledger_new();
	s.summary = nq_summary_new();
	s.told = calloc(exp->napproaches + 1, sizeof *s.told);
	if (!s.ledger || !s.summary || !s.told) {
		nq_error_set(err, NULL, 0, 0, "out of memory");
		goto out;
	}
	if (o->output) {
		s.csv = open_output(o->output, &s.lock, err);
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
	sigaction(SIGHUP, &sa, &old_hup);
	interrupted = 0;

	for (i = 0; i < exp->ninstances && !interrupted; i++)
		for (rep = 1 - exp->warmup; rep <= exp->repeat && !interrupted;
		     rep++)
			for (ai = 0; ai < exp->napproaches && !interrupted; ai++)
				if (one(&s, ai, i, rep, err) < 0)
					goto restore;
	if (s.tty && !o->quiet)
		fputs("\r\033[K", stderr);
	bad = final_verdicts(&s);
	if (s.csv) {
		int failed = fclose(s.csv) != 0;

		s.csv = NULL;
		if (failed) {
			nq_error_set(err, o->output, 0, 0, "write failed: %s",
				     strerror(errno));
			goto restore;
		}
		if (s.changed && rewrite_csv(&s, err) < 0)
			goto restore;
	}
	rc = interrupted ? NQ_EXIT_INTERRUPTED
	     : bad ? NQ_EXIT_WRONG : NQ_EXIT_OK;
	if (summarise(&s) < 0) {
		rc = nq_error_set(err, NULL, 0, 0, "out of memory");
		goto restore;
	}
	nq_summary_print(s.summary, stdout);
	fflush(stdout);
	tell_outcome(&s);
	if (o->output && meta_end(&s, rc, err) < 0)
		rc = -1;
restore:
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	sigaction(SIGHUP, &old_hup, NULL);
out:
	if (s.csv && fclose(s.csv) != 0 && rc >= 0) {
		nq_error_set(err, o->output, 0, 0, "write failed: %s",
			     strerror(errno));
		rc = -1;
	}
	nq_lock_release(&s.lock); /* after the rewrite and the .meta */
	nq_ledger_free(s.ledger);
	nq_summary_free(s.summary);
	free(s.rows_kept);
	free(s.row_of_claim);
	free(s.marks);
	free(s.told);
	return rc;
}
