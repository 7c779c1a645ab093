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
#include "registry.h"
#include "run_int.h"

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

	/* [k/N]: the row this run is (a warm-up: the row it comes before)
	 * of the N this run writes (planned_rows in run.c) */
	if (s->o->quiet && !loud)
		return;
	if (s->progress.tty && !loud)
		return; /* the live line says it */
	if (s->progress.tty)
		fputs("\r\033[K", stderr);
	fprintf(stderr, "[%zu/%zu] %s n=%d %s%s%s %s%d: %s %.3fs%s%s\n",
		s->progress.done + 1, s->progress.total, a->name, spec->inst.n,
		nq_run_mode_name(spec->inst.mode), nq_run_tag_word(spec), nq_run_tag_text(spec),
		rep > 0 ? "#" : "warm-up #",
		rep > 0 ? rep : -rep + 1, nq_status_name(run->status),
		run->wall_s, run->note[0] ? ": " : "", run->note);
}

/* Approaches that do not answer a mode (say, local search asked to
 * count), or that were built before blocked squares and excluded lines
 * (a plugin of ABI < 3, on an instance with any): not runs that failed
 * but pairings that do not exist (plan.c leaves them out); no row, one
 * notice per approach and mode, before the runs. */
#define TOLD_ABI (1u << 2) /* beside the bits 1 << mode */
#define TOLD_PARTS (1u << 3)
#define TOLD_UNITS (1u << 4)
void nq_run_tell_not_applicable(struct state *s)
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
int nq_run_summarise(struct state *s)
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

int nq_run_summarise_all(struct state *s)
{
	size_t nold = s->resume.have_old ? s->resume.old.nrows : 0;
	size_t i = 0, j = 0, k = 0;
	struct row *all, *kept = s->rows_kept;
	size_t *perm, *kept_perm = s->perm, nkept = s->nkept;
	int rc;

	if (!nold)
		return nq_run_summarise(s);
	all = malloc((nold + nkept) * sizeof *all);
	perm = malloc((nold + nkept + 1) * sizeof *perm);
	if (!all || !perm) {
		free(all);
		free(perm);
		return -1;
	}
	while (i < nold || j < nkept) {
		const struct nq_oldrow *o = i < nold
			? &s->resume.old.rows[s->old_perm[i]] : NULL;
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
	rc = nq_run_summarise(s);
	s->rows_kept = kept;
	s->perm = kept_perm;
	s->nkept = nkept;
	free(all);
	free(perm);
	return rc;
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
