/*
 * run_tell.c - what the run loop says (run_int.h): the live progress
 * line and the line of a run that ended, a first-mode placement drawn
 * (--board), the notices before the runs (pairings that do not exist),
 * the summary table's lines from the final rows (a count in parts one
 * line per repeat), the closing lines on stderr, and, after a write
 * that failed, what is not in the file and how to finish it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "names.h"
#include "registry.h"
#include "run_tell.h"
#include "run_int.h"
#include "strset.h"

void nq_run_print_board(const char *approach, int rep, const nq_instance *in,
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

void nq_run_progress_start(struct state *s, const nq_approach *a,
			   const nq_instance_spec *spec, int rep)
{
	if (s->o->quiet || !s->progress.tty)
		return;
	fprintf(stderr, "\r\033[K[%zu/%zu] %s  n=%d %s%s%s  %s %d",
		s->progress.done + 1, s->progress.total, a->name, spec->inst.n,
		nq_run_mode_name(spec->inst.mode), nq_run_tag_word(spec), nq_run_tag_text(spec),
		rep > 0 ? "repeat" : "warm-up",
		rep > 0 ? rep : -rep + 1);
	fflush(stderr);
}

void nq_run_progress_end(struct state *s, const nq_approach *a,
			 const nq_instance_spec *spec, int rep,
			 const nq_run *run)
{
	int loud = run->status == NQ_ST_WRONG || run->status == NQ_ST_CRASH ||
		   run->status == NQ_ST_DISPUTED;
	char note[4 * sizeof run->note];
	/* an ok's verdict may change as the other approaches answer (its
	 * "nothing checked this answer" become agrees:3): the line says
	 * the solver's own remark, the CSV and the summary the verdict */
	const char *said = run->status == NQ_ST_OK ? run->res.note :
			   run->note;

	/* [k/N]: the row this run is (a warm-up: the row it comes before)
	 * of the N this run writes (planned_rows in run.c) */
	if (s->o->quiet && !loud)
		return;
	if (s->progress.tty && !loud)
		return; /* the live line says it */
	if (s->progress.tty)
		fputs("\r\033[K", stderr);
	/* the note may quote the solver: escaped (names.h), never a raw
	 * escape sequence to the terminal */
	fprintf(stderr, "[%zu/%zu] %s n=%d %s%s%s %s%d: %s %.3fs%s%s\n",
		s->progress.done + 1, s->progress.total, a->name, spec->inst.n,
		nq_run_mode_name(spec->inst.mode), nq_run_tag_word(spec), nq_run_tag_text(spec),
		rep > 0 ? "#" : "warm-up #",
		rep > 0 ? rep : -rep + 1, nq_status_name(run->status),
		run->wall_s, said[0] ? ": " : "",
		nq_text_show(said, note, sizeof note));
}

/* Approaches that do not answer a mode (say, local search asked to
 * count), or that were built before blocked squares and excluded lines
 * (a plugin of ABI < 3, on an instance with any): not runs that failed
 * but pairings that do not exist (plan.c leaves them out); no row, one
 * notice per approach and mode, before the runs. */
#define TOLD_ABI (1u << 2) /* beside the bits 1 << mode */
#define TOLD_PARTS (1u << 3)
#define TOLD_UNITS (1u << 4)
void nq_run_tell_left_out(const nq_experiment *exp, unsigned *told)
{
	size_t i, ai;

	for (i = 0; i < exp->ninstances; i++)
		for (ai = 0; ai < exp->napproaches; ai++) {
			const nq_approach *a = &exp->approaches[ai];
			const nq_instance_spec *spec = &exp->instances[i];
			unsigned bit = 1u << spec->inst.mode;

			if (nq_instance_has_variants(&spec->inst) &&
			    !nq_solver_takes_variants(a->solver) &&
			    nq_instance_runs(spec, a) &&
			    !(told[ai] & TOLD_ABI)) {
				told[ai] |= TOLD_ABI;
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

				if (u < 1 && !(told[ai] & TOLD_PARTS)) {
					told[ai] |= TOLD_PARTS;
					fprintf(stderr, "harness: %s does not "
						"count in parts; its instances "
						"with parts: are left out\n",
						a->name);
				} else if (u >= 1 && u < spec->inst.parts &&
					   !(told[ai] & TOLD_UNITS)) {
					told[ai] |= TOLD_UNITS;
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
			if (!a->solver->max_n || (told[ai] & bit) ||
			    !nq_instance_runs(spec, a) ||
			    nq_solver_max_n(a->solver, a->opt,
					    spec->inst.mode) !=
			    NQ_NOT_APPLICABLE)
				continue;
			told[ai] |= bit;
			fprintf(stderr, "harness: %s does not answer %s mode; "
				"its %s instances are left out\n", a->name,
				nq_run_mode_name(spec->inst.mode),
				nq_run_mode_name(spec->inst.mode));
		}
}

/* One row as the summary sees it, kept or from before: 48 bytes, where
 * a struct row is nearly a kilobyte (a million rows from before made
 * as struct rows took 1 GB of a resume). */
struct sum_row {
	size_t spec, ai;
	int rep, answered;
	nq_status status;
	uint64_t solutions;
	double wall_s;
};

/* The rows in the plan's order: the kept ones (perm), and with `old`
 * the rows from before merged in (old_perm, by their place in the
 * plan), an old row made again or superseded left out, as the rewrite
 * leaves it out. */
struct walk {
	int old;
	size_t i, j;
};

static void old_as_sum(const struct state *s, size_t i, uint64_t seq,
		       struct sum_row *r)
{
	const struct nq_oldrow *o = &s->resume.old.rows[i];
	uint64_t rest = seq / s->exp->napproaches;

	r->ai = (size_t)(seq % s->exp->napproaches);
	r->rep = (int)(rest % (uint64_t)s->exp->repeat) + 1;
	r->spec = (size_t)(rest / (uint64_t)s->exp->repeat);
	r->status = o->claim >= 0
		    ? nq_ledger_verdict(s->ledger, o->claim)->status
		    : (nq_status)o->status;
	r->answered = o->answered;
	r->solutions = o->answered ? nq_rows_solutions(&s->resume.old, i,
						       s->ledger) : 0;
	r->wall_s = o->wall_s;
}

static void kept_as_sum(const struct row *k, struct sum_row *r)
{
	r->spec = k->spec;
	r->ai = k->ai;
	r->rep = k->rep;
	r->status = k->run.status;
	r->answered = k->run.answered;
	r->solutions = k->run.res.solutions;
	r->wall_s = k->run.wall_s;
}

/* The next row of the walk into *r: 1, or 0 at the end. */
static int walk_next(const struct state *s, struct walk *w,
		     struct sum_row *r)
{
	size_t nold = w->old ? s->resume.old.nrows : 0;
	uint64_t last = (uint64_t)s->exp->ninstances *
			(uint64_t)s->exp->repeat *
			(uint64_t)s->exp->napproaches;

	while (w->i < nold || w->j < s->nkept) {
		const struct nq_oldrow *o = w->i < nold
			? &s->resume.old.rows[s->old_perm[w->i]] : NULL;
		uint64_t oseq = o ? s->resume.old.seq[s->old_perm[w->i]] : 0;
		const struct row *k = w->j < s->nkept
			? &s->rows_kept[s->perm[w->j]] : NULL;
		uint64_t kseq = k ? nq_plan_seq(s->exp, k->spec, k->ai, k->rep)
				  : UINT64_MAX;

		/* every old row is of the plan (nq_rows_fit refused the
		 * file otherwise); one that were not is left out */
		if (o && (o->superseded || (o->redo && oseq == kseq) ||
			  oseq >= last)) {
			w->i++;
			continue;
		}
		if (o && (!k || oseq <= kseq)) {
			old_as_sum(s, s->old_perm[w->i], oseq, r);
			w->i++;
		} else {
			kept_as_sum(k, r);
			w->j++;
		}
		return 1;
	}
	return 0;
}

/* A count in parts is one line of the summary per repeat: the parts'
 * sum, their wall times added (what the count cost), the worst status;
 * the line stands where its first part's row does. */
struct part_line {
	size_t first;          /* its first row, in the walk's order */
	size_t spec, ai;       /* that row's */
	int have, all;         /* parts with a row; all answered */
	uint64_t sum;
	double wall;
	nq_status st;
};

struct part_lines {
	struct part_line *v;
	size_t n;
	struct nq_strset keys; /* line i's key is keys.s[i] */
};

/* The line of a part's row (approach, repeat, n, parts: the parts of one
 * count), found by hashing, so the summary stays O(rows); made when
 * `add`. NULL when not there, or on no memory (*nomem). */
static struct part_line *part_line_of(struct part_lines *pl,
				      const struct state *s,
				      const struct sum_row *r, size_t k,
				      int add, int *nomem)
{
	const nq_instance *in = &s->exp->instances[r->spec].inst;
	char key[96];
	size_t i;

	snprintf(key, sizeof key, "%zu:%d:%d:%d", r->ai, r->rep, in->n,
		 in->parts);
	if (!add) {
		/* a look-up that adds nothing: the line is there from the
		 * first pass */
		if (nq_strset_intern(&pl->keys, key, &i) < 0 || i >= pl->n) {
			*nomem = 1;
			return NULL;
		}
		return &pl->v[i];
	}
	if (pl->n % 64 == 0) {
		struct part_line *p = realloc(pl->v, (pl->n + 64) * sizeof *p);

		if (!p) {
			*nomem = 1;
			return NULL;
		}
		pl->v = p;
	}
	if (nq_strset_intern(&pl->keys, key, &i) < 0) {
		*nomem = 1;
		return NULL;
	}
	if (i == pl->n) {
		struct part_line *l = &pl->v[pl->n++];

		memset(l, 0, sizeof *l);
		l->first = k;
		l->spec = r->spec;
		l->ai = r->ai;
		l->all = 1;
		l->st = NQ_ST_OK;
	}
	return &pl->v[i];
}

static int summarise_parts(struct state *s, const struct part_line *l)
{
	const nq_instance_spec *sp0 = &s->exp->instances[l->spec];
	char answer[40], label[48];

	snprintf(label, sizeof label, "in %d parts%s", sp0->inst.parts,
		 l->have < sp0->inst.parts ? " (not all run)" : "");
	snprintf(answer, sizeof answer, "%llu%s", (unsigned long long)l->sum,
		 l->st == NQ_ST_DISPUTED ? "?" : "");
	/* every part run, some without an answer: no sum to show */
	if (!l->all && l->have == sp0->inst.parts)
		snprintf(answer, sizeof answer, "incomplete");
	return nq_summary_add(s->summary, s->exp->approaches[l->ai].name,
			      nq_run_mode_name(sp0->inst.mode), sp0->inst.n, label,
			      l->st, l->wall, l->wall > 0,
			      l->have == sp0->inst.parts ? answer : NULL);
}

/* The summary table from the walk's rows, in two passes when there are
 * counts in parts (their lines first, then the table), else one: time
 * linear in the rows, and no copy of them. */
static int summarise(struct state *s, int old)
{
	struct part_lines pl = { 0 };
	struct walk w = { old, 0, 0 };
	struct sum_row r;
	size_t i, k, nlines;
	long *line = NULL;
	int parts = 0, nomem = 0, rc = -1;

	for (i = 0; i < s->exp->ninstances && !parts; i++)
		parts = s->exp->instances[i].inst.parts > 1;
	for (k = 0; parts && walk_next(s, &w, &r); k++) {
		struct part_line *l;

		if (s->exp->instances[r.spec].inst.parts <= 1)
			continue;
		if (!(l = part_line_of(&pl, s, &r, k, 1, &nomem)))
			goto out;
		l->have++;
		l->wall += r.wall_s;
		if (r.answered)
			l->sum += r.solutions;
		else
			l->all = 0;
		if (r.status != NQ_ST_OK && l->st == NQ_ST_OK)
			l->st = r.status;
	}
	/* each instance x approach is one line: found once (a label and
	 * a look-up per row were a tenth of a resume's time) */
	nlines = s->exp->ninstances * s->exp->napproaches;
	if (!(line = malloc((nlines + 1) * sizeof *line)))
		goto out;
	for (i = 0; i < nlines; i++)
		line[i] = -1;
	w.i = w.j = 0;
	for (k = 0; walk_next(s, &w, &r); k++) {
		const nq_instance_spec *spec = &s->exp->instances[r.spec];
		char answer[32], label[sizeof spec->hints_text + 140];
		long *at = &line[r.spec * s->exp->napproaches + r.ai];

		if (spec->inst.parts > 1) {
			const struct part_line *l =
				part_line_of(&pl, s, &r, k, 0, &nomem);

			if (!l || (l->first == k && summarise_parts(s, l) < 0))
				goto out;
			continue;
		}

		/* instances with the same hints but other blocked squares or
		 * excluded lines are other lines of the summary: their id
		 * follows the hints; so does a named instance's (a file's or a
		 * generator's) without any (an Excluded Diagonals file at
		 * M = 0: its line was blank) */
		if (*at < 0) {
			if (nq_instance_has_variants(&spec->inst) ||
			    spec->id_set)
				snprintf(label, sizeof label, "%s%s%s",
					 spec->hints_text,
					 spec->hints_text[0] ? " " : "",
					 spec->id);
			else
				snprintf(label, sizeof label, "%s",
					 spec->hints_text);
			*at = nq_summary_line(s->summary,
					      s->exp->approaches[r.ai].name,
					      nq_run_mode_name(spec->inst.mode),
					      spec->inst.n, label);
			if (*at < 0)
				goto out;
		}
		/* a disputed answer is shown with a question mark */
		if (r.answered && spec->inst.mode == NQ_MODE_COUNT)
			snprintf(answer, sizeof answer, "%llu%s",
				 (unsigned long long)r.solutions,
				 r.status == NQ_ST_DISPUTED ? "?" : "");
		if (nq_summary_add_to(s->summary, *at, r.status, r.wall_s,
				      r.wall_s > 0, !r.answered ? NULL
				      : spec->inst.mode == NQ_MODE_COUNT
				      ? answer : r.status == NQ_ST_DISPUTED
				      ? (r.solutions ? "found?" : "none?")
				      : (r.solutions ? "found" : "none")) < 0)
			goto out;
	}
	rc = 0;
out:
	free(line);
	free(pl.v);
	nq_strset_free(&pl.keys, 1);
	return rc;
}

/* The summary table, from the final verdicts. */
int nq_run_summarise(struct state *s)
{
	return summarise(s, 0);
}

int nq_run_summarise_all(struct state *s)
{
	return summarise(s, s->resume.have_old && s->resume.old.nrows);
}

/* The closing lines on stderr: rows written, and what was not right or
 * not checked. */
void nq_run_tell_outcome(const struct state *s, size_t unchecked)
{
	size_t i, st[NQ_ST__COUNT] = { 0 };
	const char *out = s->o->output ? s->o->output : "(no file)";

	for (i = 0; i < s->nkept; i++)
		st[s->rows_kept[i].run.status]++;
	if (nq_run_interrupted)
		fprintf(stderr, "harness: interrupted; %zu of the %zu rows "
			"are written to %s\n", s->rows, s->progress.total, out);
	else if (s->o->output)
		fprintf(stderr, "harness: %zu row%s written to %s\n", s->rows,
			s->rows == 1 ? "" : "s", out);
	if (s->resume.have_old && s->resume.old.nrows)
		fprintf(stderr, "harness: with the %zu row%s from before "
			"(resumed; the summary above holds every row of the "
			"file)\n",
			s->resume.old.nrows,
			s->resume.old.nrows == 1 ? "" : "s");
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

void nq_run_tell_loaded(const struct state *s)
{
	const nq_meta_run *m = &s->out.meta;

	if (m->loaded <= 0)
		return;
	fprintf(stderr, "harness: note: the machine was loaded (load average "
		"%.2f on %ld core%s, %s of the run): times may be inflated; "
		"see %s\n", m->loaded, m->loaded_cores,
		m->loaded_cores == 1 ? "" : "s",
		m->loaded_when && !strcmp(m->loaded_when, "at start")
		? "at the start" : "at the end", s->out.meta_path);
}

void nq_run_tell_stale(const struct state *s)
{
	static const char *const kinds[] = { "", "-cactus", "-size", "-rtd" };
	static const char *const exts[] = { ".svg", ".png", ".pdf", ".md",
					    ".html", ".tex", ".json" };
	const char *csv = s->o->output;
	char stem[4096], path[4200], list[600];
	size_t len, k, e, used = 0, n = 0, more = 0;
	struct stat st;

	if (!csv || !s->rows || (len = strlen(csv)) < 5 ||
	    strcmp(csv + len - 4, ".csv") || len - 4 >= sizeof stem)
		return;
	snprintf(stem, sizeof stem, "%.*s", (int)(len - 4), csv);
	list[0] = '\0';
	for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		for (e = 0; e < sizeof exts / sizeof exts[0]; e++) {
			/* reports are X.md, X.html, ...: no X-cactus.md */
			if (k && e > 2)
				continue;
			snprintf(path, sizeof path, "%s%s%s", stem, kinds[k],
				 exts[e]);
			if (stat(path, &st) < 0 || !S_ISREG(st.st_mode) ||
			    st.st_mtime >= s->began)
				continue;
			if (n < 4 && used < sizeof list)
				used += (size_t)snprintf(list + used,
					sizeof list - used, "%s%s",
					n ? ", " : "", path);
			else
				more++;
			n++;
		}
	if (!n)
		return;
	fprintf(stderr, "harness: note: %s%s%s %s made from the rows before "
		"this run: `harness report` and `harness plot` make %s again\n",
		list, more ? " and more" : "", "", n == 1 ? "was" : "were",
		n == 1 ? "it" : "them");
}

/* The command line again, with --resume (for `solve`, as it was). */
static void resume_command(const struct state *s, char *buf, size_t len)
{
	size_t used = 0;
	int i, has = 0;

	buf[0] = '\0';
	for (i = 0; s->o->argv && i < s->o->argc && used < len; i++) {
		const char *a = s->o->argv[i];
		int plain = a[0] && !a[strspn(a, "abcdefghijklmnopqrstuvwxyz"
					    "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
					    "0123456789-_./=:+,@%")];

		has |= !strcmp(a, "--resume");
		used += (size_t)snprintf(buf + used, len - used, plain ?
					 "%s%s" : "%s'%s'", i ? " " : "", a);
	}
	if (used < len && s->exp->path && !has)
		snprintf(buf + used, len - used, "%s--resume",
			 used ? " " : "");
}

int nq_run_tell_failed(struct state *s, nq_error *err)
{
	size_t napp = s->exp->napproaches, ncell = s->plan.ncells, ci, i;
	size_t bits = ncell * (size_t)s->exp->repeat, missing = 0;
	size_t *cell_of = calloc(s->exp->ninstances * napp + 1,
				 sizeof *cell_of);
	unsigned char *in_file = calloc(bits / 8 + 1, 1);
	char label[200], cmd[3000];
	const char *out = s->o->output;
	int rep;

	fprintf(stderr, "harness: %s\n", s->out.failed_why);
	if (s->out.failed_also[0])
		fprintf(stderr, "harness: %s\n", s->out.failed_also);
	if (cell_of && in_file) {
		for (ci = 0; ci < ncell; ci++)
			cell_of[s->plan.cells[ci].spec * napp +
				s->plan.cells[ci].ai] = ci;
		for (i = 0; i < s->nkept; i++) {
			const struct row *r = &s->rows_kept[i];
			size_t bit;

			if (!r->written)
				continue;
			bit = cell_of[r->spec * napp + r->ai] *
			      (size_t)s->exp->repeat + (size_t)(r->rep - 1);
			in_file[bit / 8] |= (unsigned char)(1u << (bit % 8));
		}
		for (ci = 0; ci < ncell; ci++) {
			const nq_cell *c = &s->plan.cells[ci];

			if (s->o->shard_n && c->shard != s->o->shard_k)
				continue;
			for (rep = 1; rep <= s->exp->repeat; rep++) {
				size_t bit = ci * (size_t)s->exp->repeat +
					     (size_t)(rep - 1);

				if (nq_run_is_done(&s->book, ci, rep) ||
				    (in_file[bit / 8] >> (bit % 8) & 1))
					continue;
				if (missing++ < 10) {
					nq_run_label(&s->book, c->ai, c->spec,
						     rep, label, sizeof label);
					fprintf(stderr, "harness: not in %s: "
						"%s\n", out, label);
				}
			}
		}
		if (missing > 10)
			fprintf(stderr, "harness: ... and %zu more not in %s\n",
				missing - 10, out);
	}
	free(cell_of);
	free(in_file);
	fprintf(stderr, "harness: %s holds %zu whole row%s, each as "
		"written%s; %zu run%s of the plan %s not in it\n", out,
		s->rows + (s->resume.have_old ? s->resume.old.nrows : 0),
		s->rows + (s->resume.have_old ? s->resume.old.nrows : 0) == 1
		? "" : "s",
		missing ? "" : " (in the order the runs ended, with the "
		"verdicts of that moment)", missing, missing == 1 ? "" : "s",
		missing == 1 ? "is" : "are");
	resume_command(s, cmd, sizeof cmd);
	fprintf(stderr, "harness: to finish: free space, then: %s\n", cmd);
	return nq_error_set(err, out, 0, 0, "not finished: a write failed "
			    "(above); nothing written is lost");
}
