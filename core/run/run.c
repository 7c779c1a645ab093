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
#include <time.h>
#include <unistd.h>
#include "cpus.h"
#include "csv.h"
#include "registry.h"
#include "run.h"
#include "run_int.h"

static void on_signal(int sig)
{
	(void)sig;
	nq_run_interrupted = 1;
	nq_runner_abort();
}

/* The placement a run found (solve --board), under a line naming whose
 * it is: several approaches print one board each. */
static void print_board(const char *approach, int rep, const nq_instance *in,
			const int32_t *q)
{
	int r, c, i;

	printf("%s, n=%d, repeat %d%s:\n", approach, in->n, rep,
	       in->nhints ? " (Q: a pre-placed queen)" : "");
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
		nq_run_mode_name(spec->inst.mode), nq_run_tag_word(spec), nq_run_tag_text(spec),
		rep > 0 ? "repeat" : "warm-up",
		rep > 0 ? rep : -rep + 1);
	fflush(stderr);
}

static void progress_end(struct state *s, const nq_approach *a,
			 const nq_instance_spec *spec, int rep,
			 const nq_run *run)
{
	int loud = run->status == NQ_ST_WRONG || run->status == NQ_ST_CRASH ||
		   run->status == NQ_ST_DISPUTED;

	/* [k/N]: the row this run is (a warm-up: the row it comes before)
	 * of the N this run writes (nq_run_count_rows) */
	if (s->o->quiet && !loud)
		return;
	if (s->tty && !loud)
		return; /* the live line says it */
	if (s->tty)
		fputs("\r\033[K", stderr);
	fprintf(stderr, "[%zu/%zu] %s n=%d %s%s%s %s%d: %s %.3fs%s%s\n",
		s->done + 1, s->total, a->name, spec->inst.n,
		nq_run_mode_name(spec->inst.mode), nq_run_tag_word(spec), nq_run_tag_text(spec),
		rep > 0 ? "#" : "warm-up #",
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

		if (peers[i] == id || peers[i] < s->claims_before)
			continue; /* a row from before: brought up to date at
				     the end (rows.h) */
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
			nq_run_mode_name(s->exp->instances[r->spec].inst.mode), r->rep,
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
int nq_run_finish(struct state *s, size_t ai, size_t si, int rep, int ran,
		  nq_run *run)
{
	const nq_approach *a = &s->exp->approaches[ai];
	const nq_instance_spec *spec = &s->exp->instances[si];
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
		nq_run_mark_timeout(s, ai, spec);
	if (ran)
		progress_end(s, a, spec, rep, run);
	else if (rep == 1 && !s->o->quiet)
		/* a row with no run (over the approach's largest n, or
		 * skipped): said once per instance, not per repeat */
		fprintf(stderr, "%s[%zu/%zu] %s n=%d %s%s%s: %s (%s row)\n",
			s->tty ? "\r\033[K" : "", s->done + 1, s->total,
			a->name, spec->inst.n,
			nq_run_mode_name(spec->inst.mode),
			nq_run_tag_word(spec), nq_run_tag_text(spec),
			run->note, nq_status_name(run->status));
	if (rep <= 0)
		return 0;
	if (s->o->show_board && run->res.placement && spec->inst.n <= 32)
		print_board(a->name, rep, &spec->inst, run->res.placement);
	if (keep_row(s, si, ai, rep, claim, run) < 0)
		return -1;
	s->done++; /* one more of the rows the counter counts */
	if (claim >= 0)
		verdicts_changed(s, claim);
	/* a write that failed (this row, or the stderr log of this run or
	 * one before) stops the runs: nq_run_tell_failed says the rest */
	if (s->csv && !s->failed && nq_run_append(s) == 0) {
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
	run.status = st;
	run.res.unique = NQ_UNIQUE_NA;
	run.res.vars = run.res.constraints = run.res.nonzeros = NQ_NA;
	run.res.nodes = run.res.decisions = NQ_NA;
	run.res.conflicts = run.res.iterations = NQ_NA;
	snprintf(run.note, sizeof run.note, "%s", note);
	return nq_run_finish(s, ai, si, rep, 0, &run);
}

/* Approaches that do not answer a mode (say, local search asked to
 * count), or that were built before blocked squares and excluded lines
 * (a plugin of ABI < 3, on an instance with any): not runs that failed
 * but pairings that do not exist (plan.c leaves them out); no row, one
 * notice per approach and mode, before the runs. */
#define TOLD_ABI (1u << 2) /* beside the bits 1 << mode */
#define TOLD_PARTS (1u << 3)
#define TOLD_UNITS (1u << 4)
static void tell_not_applicable(struct state *s)
{
	size_t i, ai;

	for (i = 0; i < s->exp->ninstances; i++)
		for (ai = 0; ai < s->exp->napproaches; ai++) {
			const nq_approach *a = &s->exp->approaches[ai];
			const nq_instance_spec *spec = &s->exp->instances[i];
			unsigned bit = 1u << spec->inst.mode;

			if (nq_instance_has_variants(&spec->inst) &&
			    !nq_solver_takes_variants(a->solver) &&
			    nq_instance_runs(spec, a) &&
			    !(s->told[ai] & TOLD_ABI)) {
				s->told[ai] |= TOLD_ABI;
				fprintf(stderr, "harness: %s was built for "
					"plugin ABI %u, before blocked squares "
					"and excluded lines (ABI 3); its "
					"instances with any are left out\n",
					a->name,
					(unsigned)a->solver->abi_version);
			}
			if (spec->inst.parts > 1 && nq_instance_runs(spec, a)) {
				long u = nq_solver_count_units(a->solver,
							       a->opt,
							       spec->inst.n);

				if (u < 1 && !(s->told[ai] & TOLD_PARTS)) {
					s->told[ai] |= TOLD_PARTS;
					fprintf(stderr, "harness: %s does not "
						"count in parts; its instances "
						"with parts: are left out\n",
						a->name);
				} else if (u >= 1 && u < spec->inst.parts &&
					   !(s->told[ai] & TOLD_UNITS)) {
					s->told[ai] |= TOLD_UNITS;
					fprintf(stderr, "harness: %s splits "
						"n=%d into %ld work unit%s, "
						"fewer than its %d parts: "
						"parts %ld..%d count nothing "
						"(ask for at most %ld)\n",
						a->name, spec->inst.n, u,
						u == 1 ? "" : "s",
						spec->inst.parts, u + 1,
						spec->inst.parts, u);
				}
			}
			if (!a->solver->max_n || (s->told[ai] & bit) ||
			    !nq_instance_runs(spec, a) ||
			    nq_solver_max_n(a->solver, a->opt,
					    spec->inst.mode) !=
			    NQ_NOT_APPLICABLE)
				continue;
			s->told[ai] |= bit;
			fprintf(stderr, "harness: %s does not answer %s mode; "
				"its %s instances are left out\n", a->name,
				nq_run_mode_name(spec->inst.mode),
				nq_run_mode_name(spec->inst.mode));
		}
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
	tell_not_applicable(s);
	return nq_error_set(err, s->exp->path, 0, 0, "nothing to run: every "
			    "pairing of its %zu instance%s and %zu approach%s "
			    "is left out (no file is written)",
			    s->exp->ninstances,
			    s->exp->ninstances == 1 ? "" : "s",
			    s->exp->napproaches,
			    s->exp->napproaches == 1 ? "" : "es");
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
	return !nq_run_is_done(s, ci, rep);
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
	if ((at = nq_run_skipped_at(s, c->ai, spec)) == 0)
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

	nq_run_limits(s, ci, rep, &lim, label, sizeof label);
	progress_start(s, &s->exp->approaches[c->ai],
		       &s->exp->instances[c->spec], rep);
	if (nq_run_one(&s->exp->approaches[c->ai],
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
	int rep, rc = 0, got = nq_jobs_land(s, &ci, &rep, &run, err);

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

	while (!nq_run_stopping(s) && !nq_jobs_room(s, ci))
		if (land(s, err) < 0)
			return -1;
	if (nq_run_stopping(s))
		return 0;
	/* a run that ended meanwhile may have timed out: skip: */
	if ((rc = nq_run_without(s, ci, rep, err)) != 0)
		return rc < 0 ? -1 : 0;
	nq_run_limits(s, ci, rep, &lim, label, sizeof label);
	return nq_jobs_start(s, ci, rep, &lim, err);
}

static int dispatch(struct state *s, size_t ci, int rep, nq_error *err)
{
	int rc;

	if (s->jobs > 1 && s->plan.cells[ci].kind == NQ_CELL_RUN)
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

/* Every run of the plan this harness makes, in order: instance by
 * instance; for each, the warm-up rounds, then `repeat` rounds, each
 * round every approach once. */
static int run_plan(struct state *s, nq_error *err)
{
	size_t first, last, ci;
	int rep;

	for (first = 0; first < s->plan.ncells && !nq_run_stopping(s); first = last) {
		size_t spec = s->plan.cells[first].spec;

		for (last = first; last < s->plan.ncells &&
		     s->plan.cells[last].spec == spec; last++)
			;
		for (rep = 1 - s->exp->warmup; rep <= s->exp->repeat &&
		     !nq_run_stopping(s); rep++)
			for (ci = first; ci < last && !nq_run_stopping(s); ci++)
				if (wanted(s, ci, rep) &&
				    dispatch(s, ci, rep, err) < 0)
					return -1;
	}
	while (s->nflights) /* the last runs in flight */
		if (land(s, err) < 0)
			return -1;
	return 0;
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

/* A count in parts is one line of the summary per repeat: the parts'
 * sum, their wall times added (what the count cost), the worst status;
 * the line stands where its first part's row does. */
struct part_line {
	size_t first;          /* its first row */
	int have, all;         /* parts with a row; all answered */
	uint64_t sum;
	double wall;
	nq_status st;
};

/* The part lines of the kept rows, one pass: *line_of[i] is row i's
 * line (SIZE_MAX for a row of a whole count). -1 on no memory. */
static int part_lines(const struct state *s, struct part_line **lines,
		      size_t *nlines, size_t **line_of)
{
	size_t i, j, k, cap = 0;

	*lines = NULL;
	*nlines = 0;
	if (!(*line_of = malloc((s->nkept + 1) * sizeof **line_of)))
		return -1;
	for (j = 0; j < s->nkept; j++) {
		const struct row *r = &s->rows_kept[i = s->perm[j]];
		const nq_instance *in = &s->exp->instances[r->spec].inst;
		struct part_line *l;

		(*line_of)[i] = SIZE_MAX;
		if (in->parts <= 1)
			continue;
		for (k = 0; k < *nlines; k++) { /* a few: approaches x n */
			const struct row *f = &s->rows_kept[(*lines)[k].first];
			const nq_instance *fi = &s->exp->instances[f->spec].inst;

			if (f->ai == r->ai && f->rep == r->rep &&
			    fi->n == in->n && fi->parts == in->parts)
				break;
		}
		if (k == *nlines) {
			if (*nlines == cap) {
				struct part_line *p;

				cap = cap ? 2 * cap : 8;
				if (!(p = realloc(*lines, cap * sizeof *p)))
					return -1;
				*lines = p;
			}
			memset(&(*lines)[k], 0, sizeof **lines);
			(*lines)[k].first = i;
			(*lines)[k].all = 1;
			(*lines)[k].st = NQ_ST_OK;
			(*nlines)++;
		}
		l = &(*lines)[k];
		(*line_of)[i] = k;
		l->have++;
		l->wall += r->run.wall_s;
		if (r->run.answered)
			l->sum += r->run.res.solutions;
		else
			l->all = 0;
		if (r->run.status != NQ_ST_OK && l->st == NQ_ST_OK)
			l->st = r->run.status;
	}
	return 0;
}

static int summarise_parts(struct state *s, const struct part_line *l)
{
	const struct row *r0 = &s->rows_kept[l->first];
	const nq_instance_spec *sp0 = &s->exp->instances[r0->spec];
	char answer[40], label[48];

	snprintf(label, sizeof label, "in %d parts%s", sp0->inst.parts,
		 l->have < sp0->inst.parts ? " (not all run)" : "");
	snprintf(answer, sizeof answer, "%llu%s", (unsigned long long)l->sum,
		 l->st == NQ_ST_DISPUTED ? "?" : "");
	/* every part run, some without an answer: no sum to show */
	if (!l->all && l->have == sp0->inst.parts)
		snprintf(answer, sizeof answer, "incomplete");
	return nq_summary_add(s->summary, s->exp->approaches[r0->ai].name,
			      nq_run_mode_name(sp0->inst.mode), sp0->inst.n, label,
			      l->st, l->wall, l->wall > 0,
			      l->have == sp0->inst.parts ? answer : NULL);
}

/* The summary table, from the final verdicts. */
static int summarise(struct state *s)
{
	struct part_line *lines;
	size_t i, j, nlines, *line_of;
	int rc = -1;

	if (part_lines(s, &lines, &nlines, &line_of) < 0)
		goto out;
	/* in the plan's order, whatever order the runs ended in */
	for (j = 0; j < s->nkept; j++) {
		const struct row *r = &s->rows_kept[i = s->perm[j]];
		const nq_instance_spec *spec = &s->exp->instances[r->spec];
		char answer[32], label[sizeof spec->hints_text + 140];

		if (line_of[i] != SIZE_MAX) {
			if (lines[line_of[i]].first == i &&
			    summarise_parts(s, &lines[line_of[i]]) < 0)
				goto out;
			continue;
		}

		/* instances with the same hints but other blocked squares or
		 * excluded lines are other lines of the summary: their id
		 * follows the hints */
		if (nq_instance_has_variants(&spec->inst))
			snprintf(label, sizeof label, "%s%s%s",
				 spec->hints_text, spec->hints_text[0] ? " " : "",
				 spec->id);
		else
			snprintf(label, sizeof label, "%s", spec->hints_text);
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
				   nq_run_mode_name(spec->inst.mode), spec->inst.n,
				   label, r->run.status,
				   r->run.wall_s, r->run.wall_s > 0,
				   r->run.answered ? answer : NULL) < 0)
			goto out;
	}
	rc = 0;
out:
	free(lines);
	free(line_of);
	return rc;
}

/* An old row (--resume) as a kept row, for the summary: its place in
 * the plan (nq_run_order set its seq), its final verdict, its answer and
 * wall time as the file holds them. */
static void old_as_row(const struct state *s, const struct nq_oldrow *o,
		       struct row *r)
{
	uint64_t rest = o->seq / s->exp->napproaches;

	memset(r, 0, sizeof *r);
	r->ai = (size_t)(o->seq % s->exp->napproaches);
	r->rep = (int)(rest % (uint64_t)s->exp->repeat) + 1;
	r->spec = (size_t)(rest / (uint64_t)s->exp->repeat);
	r->claim = o->claim;
	r->written = 1;
	r->run.status = o->claim >= 0
			? nq_ledger_verdict(s->ledger, o->claim)->status
			: (nq_status)o->status;
	r->run.answered = o->answered;
	r->run.res.solutions = o->solutions;
	r->run.wall_s = o->wall_s;
}

/* The summary table of every row of the file: after --resume the rows
 * from before too (so a cell half made before shows all its runs), in
 * the plan's order as the file has them; an old row whose run was made
 * again (a part, nq_oldrow.redo) or that is in the file no more
 * (superseded) is left out, as the rewrite leaves it out. */
static int summarise_all(struct state *s)
{
	size_t nold = s->have_old ? s->old.nrows : 0, i = 0, j = 0, k = 0;
	struct row *all, *kept = s->rows_kept;
	size_t *perm, *kept_perm = s->perm, nkept = s->nkept;
	int rc;

	if (!nold)
		return summarise(s);
	all = malloc((nold + nkept) * sizeof *all);
	perm = malloc((nold + nkept + 1) * sizeof *perm);
	if (!all || !perm) {
		free(all);
		free(perm);
		return -1;
	}
	while (i < nold || j < nkept) {
		const struct nq_oldrow *o = i < nold
					    ? &s->old.rows[s->old_perm[i]] : NULL;
		const struct row *r = j < nkept ? &kept[kept_perm[j]] : NULL;
		uint64_t rseq = r ? nq_plan_seq(s->exp, r->spec, r->ai, r->rep)
				  : UINT64_MAX;

		/* every old row is of the plan (nq_rows_fit refused the
		 * file otherwise); one that were not is left out */
		if (o && (o->superseded || (o->redo && o->seq == rseq) ||
			  o->seq >= (uint64_t)s->exp->ninstances *
				    (uint64_t)s->exp->repeat *
				    (uint64_t)s->exp->napproaches)) {
			i++;
			continue;
		}
		if (o && (!r || o->seq <= rseq)) {
			old_as_row(s, o, &all[k]);
			i++;
		} else {
			all[k] = *r;
			j++;
		}
		perm[k] = k;
		k++;
	}
	s->rows_kept = all;
	s->perm = perm;
	s->nkept = k;
	rc = summarise(s);
	s->rows_kept = kept;
	s->perm = kept_perm;
	s->nkept = nkept;
	free(all);
	free(perm);
	return rc;
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
	for (i = 0; s->have_old && i < s->old.nrows; i++)
		if (s->old.rows[i].claim >= 0)
			k += (size_t)unchecked(s, s->old.rows[i].claim);
	return k;
}

/* The CSV flushed to disk and closed; a failure stops the run as a
 * failed write does (the rows may not all have reached the disk). */
static int close_csv(struct state *s)
{
	int bad = fsync(fileno(s->csv)) != 0 && errno != EINVAL;
	int e = errno;

	if (fclose(s->csv) != 0 && !bad) {
		bad = 1;
		e = errno;
	}
	s->csv = NULL;
	if (!bad)
		return 0;
	snprintf(s->failed_why, sizeof s->failed_why, "%s: cannot write: %s "
		 "(flushing it to disk at the end: rows may be missing)",
		 s->o->output, strerror(e));
	s->failed = 1;
	return -1;
}

/* The closing lines on stderr: rows written, and what was not right or
 * not checked. */
static void tell_outcome(const struct state *s, size_t unchecked)
{
	size_t i, st[NQ_ST__COUNT] = { 0 };
	const char *out = s->o->output ? s->o->output : "(no file)";

	for (i = 0; i < s->nkept; i++)
		st[s->rows_kept[i].run.status]++;
	if (nq_run_interrupted)
		fprintf(stderr, "harness: interrupted; %zu of the %zu rows "
			"are written to %s\n", s->rows, s->total, out);
	else if (s->o->output)
		fprintf(stderr, "harness: %zu row%s written to %s\n", s->rows,
			s->rows == 1 ? "" : "s", out);
	if (s->have_old && s->old.nrows)
		fprintf(stderr, "harness: with the %zu row%s from before "
			"(resumed; the summary above holds every row of the "
			"file)\n", s->old.nrows, s->old.nrows == 1 ? "" : "s");
	if (unchecked)
		fprintf(stderr, "harness: %zu answer%s nothing could check "
			"(no table, no other approach): checked 'none' in the "
			"CSV%s\n", unchecked, unchecked == 1 ? "" : "s",
			s->o->strict || s->exp->strict ? "; strict: that fails "
			"the run (exit 1)" : "");
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
	size_t bad, nunchecked;
	int rc = -1;

	memset(&s, 0, sizeof s);
	s.lock.fd = -1;
	s.exp = exp;
	s.o = o;
	s.tty = isatty(STDERR_FILENO);
	s.ledger = nq_ledger_new();
	s.summary = nq_summary_new();
	s.told = calloc(exp->napproaches + 1, sizeof *s.told);
	if (!s.ledger || !s.summary || !s.told) {
		nq_error_set(err, NULL, 0, 0, "out of memory");
		goto out;
	}
	if (nq_plan_make(exp, o->shard_n ? o->shard_n : 1, nq_cores_usable(),
			 &s.plan, err) < 0 || nq_jobs_check(&s, err) < 0 ||
	    nothing_planned(&s, err) < 0)
		goto out;
	/* from here on a signal stops the run and leaves the files sound,
	 * reading a resumed file back too (the lock is released at out) */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	sigaction(SIGHUP, &sa, &old_hup);
	nq_run_interrupted = 0;
	if (o->output && nq_run_open(&s, err) < 0)
		goto restore;
	if (nq_run_count_todo(&s, err) < 0)
		goto restore;
	s.total = planned_rows(&s);
	tell_not_applicable(&s);

	if (run_plan(&s, err) < 0)
		goto restore;
	if (s.tty && !o->quiet)
		fputs("\r\033[K", stderr);
	/* the sums of counts in parts, now that every part is in */
	if (nq_ledger_close_parts(s.ledger) < 0) {
		nq_error_set(err, NULL, 0, 0, "out of memory");
		goto restore;
	}
	bad = final_verdicts(&s) + nq_run_old_bad(&s);
	if (nq_run_order(&s, err) < 0)
		goto restore;
	if (s.have_old && nq_rows_changed(&s.old, s.ledger))
		s.changed = 1;
	if (s.csv && close_csv(&s) == 0 && !s.failed &&
	    (s.changed || !s.in_order)) {
		/* in the plan's order, with the final verdicts: rewritten
		 * when a verdict changed or the rows are in another order
		 * (-j, resume); when that cannot be written, the file stays
		 * as it is, every row in it as first written */
		nq_csv_chain was = s.chain;
		size_t replaced = s.replaced;

		if (nq_run_rewrite(&s, err) < 0) {
			char why[sizeof err->msg + 300];

			nq_error_format(err, why, sizeof why);
			snprintf(s.failed_why, sizeof s.failed_why, "%s (writing "
				 "it again in the plan's order with the final "
				 "verdicts; the file is as it was)", why);
			s.failed = 1;
			s.chain = was;
			s.replaced = replaced;
		}
	}
	nunchecked = count_unchecked(&s);
	/* strict: an answer nothing checked fails the run as a wrong one */
	if ((o->strict || exp->strict) && nunchecked)
		bad++;
	rc = nq_run_interrupted ? NQ_EXIT_INTERRUPTED
	     : bad ? NQ_EXIT_WRONG : NQ_EXIT_OK;
	if (summarise_all(&s) < 0) {
		rc = nq_error_set(err, NULL, 0, 0, "out of memory");
		goto restore;
	}
	nq_summary_print(s.summary, stdout);
	fflush(stdout);
	tell_outcome(&s, nunchecked);
	/* SIGPIPE is ignored (main.c): a terminal or pipe that went away
	 * costs the progress and summary, not the runs; said here */
	if ((ferror(stdout) || ferror(stderr)) &&
	    s.meta.nwarnings < NQ_META_MAX_WARNINGS)
		snprintf(s.meta.warnings[s.meta.nwarnings++],
			 sizeof s.meta.warnings[0], "stdout or stderr could "
			 "not be written (a reader went away?): the progress "
			 "and summary there are cut; the CSV is whole");
	if (o->output && nq_run_meta_end(&s, rc, err) < 0) {
		char why[sizeof err->msg + 300];

		nq_error_format(err, why, sizeof why);
		if (s.failed)
			snprintf(s.failed_also, sizeof s.failed_also, "%s (it "
				 "still says outcome: running)", why);
		else
			snprintf(s.failed_why, sizeof s.failed_why, "%s: its "
				 "record of the end is not written (it still "
				 "says outcome: running)", why);
		s.failed = 1;
	}
	if (s.failed)
		rc = nq_run_tell_failed(&s, err);
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
	free(s.marks);
	free(s.told);
	free(s.todo);
	free(s.done_bits);
	free(s.flights);
	free(s.pending);
	nq_rows_free(&s.old);
	nq_keyset_free(&s.old_keys);
	nq_keyset_free(&s.old_timeouts);
	return rc;
}
