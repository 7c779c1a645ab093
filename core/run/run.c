/*
 * run.c - see run.h.
 *
 * Order: instance by instance; for each, the warm-up rounds, then
 * `repeat` rounds, each round running every approach once. Interleaving
 * approaches within an instance spreads the machine's noise over all of
 * them instead of handing it to whichever ran during a burst. With runs
 * in parallel the instances are handed out the longest expected first
 * (hand_out_order); the rows still end in the plan's order.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cpus.h"
#include "csv.h"
#include "names.h"
#include "order.h"
#include "run.h"
#include "run_int.h"
#include "run_tell.h"

static void on_signal(int sig)
{
	(void)sig;
	nq_run_interrupted = 1;
	nq_runner_abort();
}

/* A stop signal handled from here on, unless the harness was started
 * with it ignored: `nohup harness run ...` outlives a hangup, and a run
 * a script started in the background (SIGINT and SIGQUIT ignored there)
 * a Ctrl-C meant for the script's foreground, as nq_contain_begin
 * (base/host.c) keeps them for the probes. */
static void catch_stop(int sig, const struct sigaction *sa,
		       struct sigaction *old)
{
	if (sigaction(sig, NULL, old) == 0 && old->sa_handler == SIG_IGN)
		return;
	sigaction(sig, sa, NULL);
}

/* Copy a verdict into a run. The solver's own note is kept where the
 * verdict has nothing to say, and before an ok's (nq_verdict_row_note). */
static void apply_verdict(nq_run *run, const nq_verdict *v)
{
	run->status = v->status;
	snprintf(run->checked, sizeof run->checked, "%s", v->checked);
	nq_verdict_row_note(v, run->res.note, run->note, sizeof run->note);
}

/* A later answer changed the verdict on an earlier row: say so now (the
 * file is brought up to date at the end). */
static void verdicts_changed(struct state *s, long id)
{
	const long *peers;
	size_t i, np;
	char note[1024];

	peers = nq_ledger_peers(s->ledger, id, &np);
	for (i = 0; i < np; i++) {
		struct row *r;
		const nq_verdict *v;
		nq_status was;

		if (peers[i] == id || peers[i] < s->resume.claims_before)
			continue; /* a row from before: brought up to date at
				     the end (rows.h) */
		r = &s->rows_kept[s->row_of_claim[peers[i]]];
		v = nq_ledger_verdict(s->ledger, peers[i]);
		was = r->run.status;
		if (was == v->status && !strcmp(r->run.checked, v->checked)) {
			char now[sizeof r->run.note];

			nq_verdict_row_note(v, r->run.res.note, now,
					    sizeof now);
			if (!strcmp(r->run.note, now))
				continue;
		}
		apply_verdict(&r->run, v);
		s->changed = 1;
		if (was == v->status)
			continue;
		fprintf(stderr, "%sharness: %s n=%d %s #%d, written as %s, "
			"is now %s: %s\n",
			s->progress.tty && !s->o->quiet ? "\r\033[K" : "",
			s->exp->approaches[r->ai].name,
			s->exp->instances[r->spec].inst.n,
			nq_run_mode_name(s->exp->instances[r->spec].inst.mode), r->rep,
			nq_status_name(was), nq_status_name(v->status),
			nq_text_show(v->note, note, sizeof note));
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
int nq_run_finish(struct state *s, size_t ai, size_t si, int rep, int ran,
		  nq_run *run)
{
	const nq_approach *a = &s->exp->approaches[ai];
	const nq_instance_spec *spec = &s->exp->instances[si];
	char note[4 * sizeof run->note];
	long claim = -1;

	if (run->answered && run->res.ran[0])
		options_as_run(a->options, run->res.ran, run->options,
			       sizeof run->options);
	if (run->answered && rep > 0) {
		claim = spec->inst.parts > 1
			? nq_ledger_add_part(s->ledger, &spec->inst, a->name,
					     rep, &run->res)
			: nq_ledger_add(s->ledger, &spec->inst, a->name,
					&run->res);
		if (claim < 0)
			return -1;
		apply_verdict(run, nq_ledger_verdict(s->ledger, claim));
	} else if (run->answered && run->res.note[0]) {
		snprintf(run->note, sizeof run->note, "%s", run->res.note);
	} else if (!run->answered && rep > 0 && spec->inst.parts > 1 &&
		   nq_ledger_part_unanswered(s->ledger, &spec->inst, a->name,
					     rep, run->status) < 0) {
		return -1; /* its count is incomplete: the ledger must know */
	}
	/* a warm-up's timeout does not decide for the measured runs */
	if (run->status == NQ_ST_TIMEOUT && rep > 0)
		nq_run_mark_timeout(&s->book, ai, spec);
	if (ran)
		nq_run_progress_end(s, a, spec, rep, run);
	else if (rep == 1 && !s->o->quiet)
		/* a row with no run (over the approach's largest n, or
		 * skipped): said once per instance, not per repeat */
		fprintf(stderr, "%s[%zu/%zu] %s n=%d %s%s%s: %s (%s row)\n",
			s->progress.tty ? "\r\033[K" : "",
			s->progress.done + 1, s->progress.total, a->name,
			spec->inst.n,
			nq_run_mode_name(spec->inst.mode),
			nq_run_tag_word(spec), nq_run_tag_text(spec),
			nq_text_show(run->note, note, sizeof note),
			nq_status_name(run->status));
	if (rep <= 0)
		return 0;
	if (s->o->show_board && run->res.placement && spec->inst.n <= 32)
		nq_run_print_board(a->name, rep, &spec->inst,
				   run->res.placement);
	if (keep_row(s, si, ai, rep, claim, run) < 0)
		return -1;
	s->progress.done++; /* one more of the rows the counter counts */
	if (claim >= 0)
		verdicts_changed(s, claim);
	/* a write that failed (this row, or the stderr log of this run or
	 * one before) stops the runs: nq_run_tell_failed says the rest */
	if (s->out.csv && !s->out.failed && nq_run_append(s) == 0) {
		s->rows_kept[s->nkept - 1].written = 1;
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
	nq_result_init(&run.res);
	run.status = st;
	snprintf(run.note, sizeof run.note, "%s", note);
	return nq_run_finish(s, ai, si, rep, 0, &run);
}

/* Whether cell ci makes run `rep` here: in this shard, not done before,
 * and a warm-up only when a measured run is still to come. */
static int wanted(const struct state *s, size_t ci, int rep)
{
	const nq_cell *c = &s->plan.cells[ci];

	if (s->o->shard_n && c->shard != s->o->shard_k)
		return 0;
	if (rep <= 0)
		return c->kind == NQ_CELL_RUN && s->todo[ci] > 0;
	return !nq_run_is_done(&s->book, ci, rep);
}

/* The rows that need no run: over the approach's largest n, or skipped
 * after a timeout. 1 when the run `rep` of cell ci is one of them (its
 * row, if any, written), 0 when it must run, -1 on no memory. */
int nq_run_without(struct state *s, size_t ci, int rep, nq_error *err)
{
	const nq_cell *c = &s->plan.cells[ci];
	const nq_approach *a = &s->exp->approaches[c->ai];
	const nq_instance_spec *spec = &s->exp->instances[c->spec];
	char note[200];
	int at;

	if (c->kind == NQ_CELL_TOO_LARGE) {
		if (rep <= 0)
			return 1;
		snprintf(note, sizeof note, "not run: %.120s takes n up to %d",
			 a->name, c->max_n);
		return not_run(s, c->ai, c->spec, rep, NQ_ST_ERROR, note) < 0
		       ? nq_error_set(err, NULL, 0, 0, "out of memory") : 1;
	}
	if ((at = nq_run_skipped_at(&s->book, c->ai, spec)) == 0)
		return 0;
	if (rep <= 0)
		return 1;
	snprintf(note, sizeof note, "not run: timed out at n=%d "
		 "(after_timeout: skip)", at);
	return not_run(s, c->ai, c->spec, rep, NQ_ST_SKIPPED, note) < 0
	       ? nq_error_set(err, NULL, 0, 0, "out of memory") : 1;
}

/* Run `rep` of cell ci here and now (jobs: 1). */
static int one(struct state *s, size_t ci, int rep, nq_error *err)
{
	const nq_cell *c = &s->plan.cells[ci];
	nq_limits lim;
	nq_run run;
	char label[200];
	int rc;

	nq_run_limits(&s->book, ci, rep, &lim, label, sizeof label);
	nq_run_progress_start(s, &s->exp->approaches[c->ai],
		       &s->exp->instances[c->spec], rep);
	if (nq_runner_one(&s->exp->approaches[c->ai],
		       &s->exp->instances[c->spec].inst, &lim, &run, err) < 0)
		return -1;
	rc = 0;
	if (!nq_run_stopping(s) &&
	    nq_run_finish(s, c->ai, c->spec, rep, 1, &run) < 0)
		rc = nq_error_set(err, NULL, 0, 0, "out of memory");
	nq_run_clear(&run);
	return rc;
}

/* Wait for a run in flight to end (the job pool hands it back), then
 * check and write it. */
static int land(struct state *s, nq_error *err)
{
	nq_run run;
	size_t ci;
	int rep, rc = 0, got = nq_jobs_land(&s->pool, &ci, &rep, &run, err);

	if (got <= 0)
		return got;
	if (!nq_run_stopping(s)) {
		const nq_cell *c = &s->plan.cells[ci];

		if (nq_run_finish(s, c->ai, c->spec, rep, 1, &run) < 0)
			rc = nq_error_set(err, NULL, 0, 0, "out of memory");
	}
	nq_run_clear(&run);
	return rc;
}

/* Start `rep` of cell ci on cores of its own, once there are enough
 * free (runs in flight end meanwhile). */
static int launch(struct state *s, size_t ci, int rep, nq_error *err)
{
	nq_limits lim;
	char label[200];
	int rc;

	while (!nq_run_stopping(s) && !nq_jobs_room(&s->pool, ci))
		if (land(s, err) < 0)
			return -1;
	if (nq_run_stopping(s))
		return 0;
	/* a run that ended meanwhile may have timed out: skip: */
	if ((rc = nq_run_without(s, ci, rep, err)) != 0)
		return rc < 0 ? -1 : 0;
	nq_run_limits(&s->book, ci, rep, &lim, label, sizeof label);
	return nq_jobs_start(&s->pool, ci, rep, &lim, err);
}

static int dispatch(struct state *s, size_t ci, int rep, nq_error *err)
{
	int rc;

	if (s->pool.jobs > 1 && s->plan.cells[ci].kind == NQ_CELL_RUN)
		return launch(s, ci, rep, err);
	if ((rc = nq_run_without(s, ci, rep, err)) != 0)
		return rc < 0 ? -1 : 0;
	return one(s, ci, rep, err);
}

/* The rows this harness writes, for the progress counter [k/N]: every
 * measured run of the plan in this shard without a row yet, whether it
 * runs or its row says why not (skipped, over the largest n); warm-ups
 * are no rows. So N is what "N rows written" says at the end. */
static size_t planned_rows(const struct state *s)
{
	size_t ci, total = 0;
	int rep;

	for (ci = 0; ci < s->plan.ncells; ci++)
		for (rep = 1; rep <= s->exp->repeat; rep++)
			total += (size_t)wanted(s, ci, rep);
	return total;
}

/* A plan that makes no row at all (every pairing of instance and
 * approach left out: a mode the approaches do not answer, `only:`, parts
 * or blocked squares a solver does not take) runs nothing: the notices
 * say why, and it is bad input, refused before any file is touched. A
 * shard without cells is not this (the other shards have them), nor a
 * resumed file that is complete. */
static int nothing_planned(struct state *s, nq_error *err)
{
	if (s->plan.rows > 0)
		return 0;
	nq_run_tell_left_out(s->exp, s->told);
	return nq_error_set(err, s->exp->path, 0, 0, "nothing to run: every "
			    "pairing of its %zu instance%s and %zu approach%s "
			    "is left out (no file is written)",
			    s->exp->ninstances,
			    s->exp->ninstances == 1 ? "" : "s",
			    s->exp->napproaches,
			    s->exp->napproaches == 1 ? "" : "es");
}

/* The plan's instances (each a run of cells with one spec) as they are
 * handed out: starts[] their first cells, *n how many, order[] (n
 * entries) the order to go through them. One at a time that is the
 * plan's order. With runs in parallel (-j N > 1) the longest expected
 * go first, so that no long run starts last while the other cores sit
 * idle: count mode before first mode, a larger board before a smaller
 * (ties in the file's order). Not with after_timeout: skip, which goes
 * up the sizes. The rows end in the plan's order either way
 * (nq_run_order). -1 on no memory. */
static int hand_out_order(const struct state *s, size_t **starts,
			  size_t **order, size_t *n)
{
	size_t ci, k = 0;
	uint64_t *key;

	*starts = malloc((s->plan.ncells + 1) * sizeof **starts);
	*order = malloc((s->plan.ncells + 1) * sizeof **order);
	key = malloc((s->plan.ncells + 1) * sizeof *key);
	if (!*starts || !*order || !key) {
		free(key);
		return -1;
	}
	for (ci = 0; ci < s->plan.ncells; ci++)
		if (!ci || s->plan.cells[ci].spec != s->plan.cells[ci - 1].spec) {
			const nq_instance *in =
				&s->exp->instances[s->plan.cells[ci].spec].inst;

			(*starts)[k] = ci;
			key[k++] = s->pool.jobs > 1 && s->exp->after_timeout !=
				   NQ_AFTER_TIMEOUT_SKIP
				   ? (uint64_t)(in->mode != NQ_MODE_COUNT) << 32 |
				     (uint32_t)(INT32_MAX - in->n) : 0;
		}
	(*starts)[k] = s->plan.ncells;
	nq_sort_index(key, *order, k);
	free(key);
	*n = k;
	return 0;
}

/* Every run of the plan this harness makes, instance by instance (in
 * hand_out_order's order); for each, the warm-up rounds, then `repeat`
 * rounds, each round every approach once. */
static int run_plan(struct state *s, nq_error *err)
{
	size_t *starts, *order, ngroups, g, ci;
	int rep, rc = 0;

	if (hand_out_order(s, &starts, &order, &ngroups) < 0) {
		free(starts);
		free(order);
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	}
	for (g = 0; g < ngroups && !nq_run_stopping(s) && rc == 0; g++) {
		size_t first = starts[order[g]], last = starts[order[g] + 1];

		for (rep = 1 - s->exp->warmup; rep <= s->exp->repeat &&
		     !nq_run_stopping(s) && rc == 0; rep++)
			for (ci = first; ci < last && !nq_run_stopping(s); ci++)
				if (wanted(s, ci, rep) &&
				    dispatch(s, ci, rep, err) < 0) {
					rc = -1;
					break;
				}
	}
	free(starts);
	free(order);
	while (rc == 0 && s->pool.nflights) /* the last runs in flight */
		if (land(s, err) < 0)
			rc = -1;
	return rc;
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

/* 1 when answer `id` is ok and nothing checked it. In a shard a part
 * (no peers) is left out: its sum is checked when the shards merge. */
static int unchecked(const struct state *s, long id)
{
	const nq_verdict *v = nq_ledger_verdict(s->ledger, id);
	size_t np;

	if (v->status != NQ_ST_OK || strcmp(v->checked, "none"))
		return 0;
	return !s->o->shard_n || nq_ledger_peers(s->ledger, id, &np) || np;
}

/* The answers nothing checked: this run's, and the rows' from before. */
static size_t count_unchecked(const struct state *s)
{
	size_t i, k = 0;

	for (i = 0; i < s->nkept; i++)
		if (s->rows_kept[i].claim >= 0)
			k += (size_t)unchecked(s, s->rows_kept[i].claim);
	for (i = 0; s->resume.have_old && i < s->resume.old.nrows; i++)
		if (s->resume.old.rows[i].claim >= 0)
			k += (size_t)unchecked(s, s->resume.old.rows[i].claim);
	return k;
}

/* The CSV flushed to disk and closed; a failure stops the run as a
 * failed write does (the rows may not all have reached the disk). */
static int close_csv(struct state *s)
{
	int bad = fsync(fileno(s->out.csv)) != 0 && errno != EINVAL;
	int e = errno;

	if (fclose(s->out.csv) != 0 && !bad) {
		bad = 1;
		e = errno;
	}
	s->out.csv = NULL;
	if (!bad)
		return 0;
	snprintf(s->out.failed_why, sizeof s->out.failed_why,
		 "%s: cannot write: %s "
		 "(flushing it to disk at the end: rows may be missing)",
		 s->o->output, strerror(e));
	s->out.failed = 1;
	return -1;
}

int nq_experiment_run(const nq_experiment *exp, const nq_run_opts *o,
		      nq_error *err)
{
	struct sigaction sa, old_int, old_term, old_hup;
	struct state s;
	size_t bad, nunchecked;
	int rc = -1;

	memset(&s, 0, sizeof s);
	s.out.lock.fd = -1;
	s.exp = exp;
	s.o = o;
	s.progress.quiet = o->quiet;
	s.progress.tty = isatty(STDERR_FILENO);
	s.book.exp = s.pool.exp = exp;
	s.book.plan = s.pool.plan = &s.plan;
	s.book.log_path = s.out.log_path;
	s.pool.progress = &s.progress;
	s.ledger = nq_ledger_new();
	s.summary = nq_summary_new();
	s.told = calloc(exp->napproaches + 1, sizeof *s.told);
	if (!s.ledger || !s.summary || !s.told) {
		nq_error_set(err, NULL, 0, 0, "out of memory");
		goto out;
	}
	if (nq_plan_make(exp, o->shard_n ? o->shard_n : 1, nq_cores_usable(),
			 &s.plan, err) < 0 ||
	    nq_jobs_check(&s.pool, o, err) < 0 ||
	    nothing_planned(&s, err) < 0)
		goto out;
	/* from here on a signal stops the run and leaves the files sound,
	 * reading a resumed file back too (the lock is released at out) */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	s.began = time(NULL);
	catch_stop(SIGINT, &sa, &old_int);
	catch_stop(SIGTERM, &sa, &old_term);
	catch_stop(SIGHUP, &sa, &old_hup);
	nq_run_interrupted = 0;
	if (o->output && nq_run_open(&s, err) < 0)
		goto restore;
	if (nq_run_count_todo(&s, err) < 0)
		goto restore;
	s.progress.total = planned_rows(&s);
	nq_run_tell_left_out(s.exp, s.told);

	if (run_plan(&s, err) < 0)
		goto restore;
	if (s.progress.tty && !o->quiet)
		fputs("\r\033[K", stderr);
	/* the sums of counts in parts, now that every part is in */
	if (nq_ledger_close_parts(s.ledger) < 0) {
		nq_error_set(err, NULL, 0, 0, "out of memory");
		goto restore;
	}
	bad = final_verdicts(&s) + nq_run_old_bad(&s);
	if (nq_run_order(&s, err) < 0)
		goto restore;
	if (s.resume.have_old && nq_rows_changed(&s.resume.old, s.ledger))
		s.changed = 1;
	if (s.out.csv && close_csv(&s) == 0 && !s.out.failed &&
	    (s.changed || !s.in_order)) {
		/* in the plan's order, with the final verdicts: rewritten
		 * when a verdict changed or the rows are in another order
		 * (-j, resume); when that cannot be written, the file stays
		 * as it is, every row in it as first written */
		nq_csv_chain was = s.out.chain;
		size_t replaced = s.replaced;

		if (nq_run_rewrite(&s, err) < 0) {
			char why[sizeof err->msg + 300];

			nq_error_format(err, why, sizeof why);
			snprintf(s.out.failed_why, sizeof s.out.failed_why,
				 "%s (writing "
				 "it again in the plan's order with the final "
				 "verdicts; the file is as it was)", why);
			s.out.failed = 1;
			s.out.chain = was;
			s.replaced = replaced;
		}
	}
	nunchecked = count_unchecked(&s);
	/* strict: an answer nothing checked fails the run as a wrong one */
	if ((o->strict || exp->strict) && nunchecked)
		bad++;
	rc = nq_run_interrupted ? NQ_EXIT_INTERRUPTED
	     : bad ? NQ_EXIT_WRONG : NQ_EXIT_OK;
	if (nq_run_summarise_all(&s) < 0) {
		rc = nq_error_set(err, NULL, 0, 0, "out of memory");
		goto restore;
	}
	nq_summary_print(s.summary, stdout);
	fflush(stdout);
	nq_run_tell_outcome(&s, nunchecked);
	/* SIGPIPE is ignored (main.c): a terminal or pipe that went away
	 * costs the progress and summary, not the runs; said here */
	if ((ferror(stdout) || ferror(stderr)) &&
	    s.out.meta.nwarnings < NQ_META_MAX_WARNINGS)
		snprintf(s.out.meta.warnings[s.out.meta.nwarnings++],
			 sizeof s.out.meta.warnings[0], "stdout or stderr could "
			 "not be written (a reader went away?): the progress "
			 "and summary there are cut; the CSV is whole");
	if (o->output && nq_run_meta_end(&s, rc, err) < 0) {
		char why[sizeof err->msg + 300];

		nq_error_format(err, why, sizeof why);
		if (s.out.failed)
			snprintf(s.out.failed_also, sizeof s.out.failed_also,
				 "%s (it "
				 "still says outcome: running)", why);
		else
			snprintf(s.out.failed_why, sizeof s.out.failed_why,
				 "%s: its "
				 "record of the end is not written (it still "
				 "says outcome: running)", why);
		s.out.failed = 1;
	} else if (o->output) {
		nq_run_tell_loaded(&s);
		nq_run_tell_stale(&s);
	}
	if (s.out.failed)
		rc = nq_run_tell_failed(&s, err);
restore:
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	sigaction(SIGHUP, &old_hup, NULL);
out:
	if (s.out.csv && fclose(s.out.csv) != 0 && rc >= 0) {
		nq_error_set(err, o->output, 0, 0, "write failed: %s",
			     strerror(errno));
		rc = -1;
	}
	nq_lock_release(&s.out.lock); /* after the rewrite and the .meta */
	if (rc < 0 && nq_run_interrupted) {
		/* stopped before any run (reading a resumed file back) */
		char msg[1024];

		nq_error_format(err, msg, sizeof msg);
		fprintf(stderr, "%s\n", msg);
		rc = NQ_EXIT_INTERRUPTED;
	}
	nq_ledger_free(s.ledger);
	nq_summary_free(s.summary);
	nq_plan_free(&s.plan);
	free(s.rows_kept);
	free(s.perm);
	free(s.old_perm);
	free(s.row_of_claim);
	free(s.book.marks);
	free(s.told);
	free(s.todo);
	free(s.book.done_bits);
	nq_jobs_free(&s.pool);
	nq_rows_free(&s.resume.old);
	nq_keyset_free(&s.resume.old_timeouts);
	nq_order_free(&s.resume.ord);
	return rc;
}
