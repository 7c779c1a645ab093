/*
 * merge.c - see merge.h: the shards of one experiment (`run --shard
 * K/N` on several machines) into one results file, checked as if one
 * run had made every row.
 *
 * Every shard's .meta must name the same experiment file (by SHA-256)
 * and the same harness version: rows measured by different code or
 * planned from a different file are not one experiment. The plan is made
 * again from the experiment file, so every run it holds is accounted for:
 * a run no shard has is named with the command that makes it, a run two
 * shards have is an error. Every answer goes into one ledger, so shards
 * that disagree are `disputed` or `wrong` just as approaches in one run
 * are. Nothing is written unless all of that holds (or `partial` says
 * to merge what is there). An answer still unchecked then is counted,
 * and fails the merge where strict holds (strict_of), as it failed the
 * shard's run.
 *
 * Rows come out in the plan's order (nq_order: instance, repeat,
 * approach, as in the experiment file), whatever order the shards hold
 * them in (a shard run with -j, or resumed): every row's place is
 * sorted, 16 bytes a row beside the per-row record, and each row is read
 * again where it lies in its shard.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "atomic.h"
#include "cpus.h"
#include "csv.h"
#include "merge.h"
#include "meta.h"
#include "names.h"
#include "plan.h"
#include "rows.h"
#include "sha256.h"
#include "tamper.h"
#include "version.h"

/* The few .meta keys merge needs. */
static const char *const meta_keys[] = {
	"harness_version", "config", "config_sha256", "host", "cpu", "cores",
	"outcome", "shard", "experiment", "strict", NULL
};
enum { K_VERSION, K_CONFIG, K_SHA, K_HOST, K_CPU, K_CORES, K_OUTCOME,
       K_SHARD, K_EXPERIMENT, K_STRICT, K__COUNT };

struct shard {
	const char *csv;
	char meta[4200];
	char val[K__COUNT][512];
	int k, n;               /* shard K/N; 0: not known */
	nq_rowfile rf;
	nq_rows_cursor *cur;
};

/* The top-level "key: value" lines of the shard's .meta. */
static int read_meta(struct shard *sh, nq_error *err)
{
	char line[8192];
	FILE *f;
	int k;

	nq_meta_path(sh->csv, sh->meta, sizeof sh->meta);
	if (!(f = fopen(sh->meta, "r")))
		return nq_error_set(err, sh->meta, 0, 0, "cannot read: %s "
				    "(merge needs the .meta `run` writes beside "
				    "each shard)", strerror(errno));
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		for (k = 0; meta_keys[k]; k++) {
			size_t kl = strlen(meta_keys[k]);

			if (!strncmp(line, meta_keys[k], kl) &&
			    !strncmp(line + kl, ": ", 2))
				nq_meta_unquote(line + kl + 2, sh->val[k],
					sizeof sh->val[k]);
		}
	}
	fclose(f);
	if (!sh->val[K_VERSION][0] || !sh->val[K_SHA][0])
		return nq_error_set(err, sh->meta, 0, 0, "no harness_version "
				    "or config_sha256: is this the .meta of a "
				    "harness run?");
	return 0;
}

/* Which slice a shard is: its .meta's `shard: K/N`, else its name
 * (NAME.shard-K-of-N.csv, as `run --shard` names it). */
static void shard_of(struct shard *sh)
{
	const char *p = strstr(sh->csv, ".shard-");
	char why[160];

	if (sh->val[K_SHARD][0] &&
	    nq_parse_shard(sh->val[K_SHARD], &sh->k, &sh->n, why,
			   sizeof why) == 0)
		return;
	if (p && sscanf(p, ".shard-%d-of-%d", &sh->k, &sh->n) == 2 &&
	    sh->k >= 1 && sh->k <= sh->n && sh->n <= NQ_MAX_SHARDS)
		return;
	sh->k = sh->n = 0;
}

struct merge {
	const char *out, *config;
	int partial, force;
	int strict;             /* an answer nothing checked fails it */
	char strict_by[300];    /* what says so */
	size_t unchecked;       /* answers ok with checked `none` */
	size_t changed;         /* changes to the shards since their runs */
	nq_csv_chain chain;     /* the digests of the rows written */
	struct shard *sh;
	size_t nsh;
	int nshards;
	nq_experiment *exp;
	nq_plan plan;
	nq_ledger *ledger;
	nq_keyset due;
	nq_order ord;
	size_t rows, missing, bad[NQ_ST__COUNT];
};

/* Same version, same experiment file, one N: exit 2 otherwise. */
static int check_metas(struct merge *m, nq_error *err)
{
	struct shard *a = &m->sh[0];
	size_t i;

	for (i = 0; i < m->nsh; i++) {
		struct shard *b = &m->sh[i];

		if (read_meta(b, err) < 0)
			return -1;
		shard_of(b);
		if (strcmp(a->val[K_VERSION], b->val[K_VERSION]))
			return nq_error_set(err, b->meta, 0, 0, "harness_version "
					    "%s, but %s has %s: shards must "
					    "be run by one harness version",
					    b->val[K_VERSION], a->meta,
					    a->val[K_VERSION]);
		if (strcmp(a->val[K_SHA], b->val[K_SHA]))
			return nq_error_set(err, b->meta, 0, 0, "config_sha256 "
					    "%s, but %s has %s: the shards ran "
					    "different experiment files",
					    b->val[K_SHA], a->meta,
					    a->val[K_SHA]);
		if (b->n != a->n)
			return nq_error_set(err, b->csv, 0, 0, "is shard %d/%d, "
					    "but %s is %d/%d: one split, please",
					    b->k, b->n, a->csv, a->k, a->n);
		if (strcmp(b->val[K_OUTCOME], "ok") &&
		    strcmp(b->val[K_OUTCOME], "wrong"))
			fprintf(stderr, "harness merge: %s: warning: its run "
				"did not finish (outcome: %s)\n", b->meta,
				b->val[K_OUTCOME][0] ? b->val[K_OUTCOME]
						     : "unknown");
	}
	m->nshards = a->n ? a->n : 1;
	if (!m->config)
		m->config = a->val[K_CONFIG];
	if (!m->config[0])
		return nq_error_set(err, a->meta, 0, 0, "names no experiment "
				    "file: give it with --config FILE");
	return 0;
}

/* Strict holds when the merge is asked for it, the experiment says so,
 * or a shard ran so (`run --strict`, its .meta's `strict: true`): what
 * failed a shard's run fails the merge of it too. */
static void strict_of(struct merge *m)
{
	size_t i;

	if (m->strict) {
		snprintf(m->strict_by, sizeof m->strict_by, "--strict");
		return;
	}
	if (m->exp->strict) {
		m->strict = 1;
		snprintf(m->strict_by, sizeof m->strict_by, "strict: true in "
			 "%.200s", m->config);
		return;
	}
	for (i = 0; i < m->nsh; i++)
		if (!strcmp(m->sh[i].val[K_STRICT], "true")) {
			m->strict = 1;
			snprintf(m->strict_by, sizeof m->strict_by, "%.200s "
				 "ran with --strict", m->sh[i].csv);
			return;
		}
}

static int load_plan(struct merge *m, nq_error *err)
{
	char hex[65];

	if (nq_sha256_file(m->config, hex) < 0)
		return nq_error_set(err, m->config, 0, 0, "cannot read: %s "
				    "(give the experiment file with --config)",
				    strerror(errno));
	if (strcmp(hex, m->sh[0].val[K_SHA]))
		return nq_error_set(err, m->config, 0, 0, "its SHA-256 is %s, "
				    "the shards ran one with %s (%s): it "
				    "changed since, or is another file", hex,
				    m->sh[0].val[K_SHA], m->sh[0].meta);
	if (nq_config_load(m->config, &m->exp, err) < 0)
		return -1;
	strict_of(m);
	if (nq_plan_make(m->exp, m->nshards, nq_cores_usable(), &m->plan,
			 err) < 0)
		return -1;
	return nq_order_make(m->exp, &m->plan, &m->due, &m->ord, err);
}

/* Every shard's rows: answers into the ledger, each row's key held to
 * the plan (a run twice is an error, naming both files). */
static int read_rows(struct merge *m, nq_error *err)
{
	size_t i, j, a, b;
	int rc;

	nq_ledger_defer(m->ledger, 1);
	for (i = 0; i < m->nsh; i++) {
		nq_rowfile *f = &m->sh[i].rf;

		if (nq_rows_read(m->sh[i].csv, m->ledger, NULL, f, err) < 0)
			return -1;
		if (f->partial)
			fprintf(stderr, "%s:%zu: warning: the last row is half "
				"written (a run stopped mid-write); left out\n",
				f->path, f->partial_line);
		m->changed += nq_tamper_tell(f, m->sh[i].meta, m->force);
		rc = nq_rows_fit(f, &m->ord, &m->due, &j);
		if (rc == NQ_ROWS_UNPLANNED)
			return nq_error_set(err, f->path, (int)f->rows[j].line,
					    0, "a run %s does not plan "
					    "(experiment, n, mode, hints, "
					    "approach, repeat)", m->config);
		if (rc == NQ_ROWS_EXTRA) {
			const struct nq_oldrow *o = &f->rows[j];
			char key[1024];
			int k;

			/* a run already merged: where from? */
			nq_plan_key_text(m->exp, &m->plan, o->key, key, sizeof key,
					 &k);
			for (a = 0; a < i; a++)
				for (b = 0; b < m->sh[a].rf.nrows; b++)
					if (m->sh[a].rf.rows[b].key == o->key &&
					    !m->sh[a].rf.rows[b].redo)
						return nq_error_set(err,
							f->path, (int)o->line, 0,
							"run '%s' is here and "
							"in %s:%u: a run in two "
							"shards", key,
							m->sh[a].rf.path,
							m->sh[a].rf.rows[b].line);
			b = nq_rows_earlier(f, j);
			return nq_error_set(err, f->path, (int)o->line, 0,
					    "run '%s' twice (first at line "
					    "%u)", key, b < f->nrows ?
					    f->rows[b].line : 0);
		}
		if (!(f->seq = malloc((f->nrows + 1) * sizeof *f->seq)))
			return nq_error_set(err, NULL, 0, 0, "out of memory");
		for (j = 0; j < f->nrows; j++)
			f->seq[j] = nq_order_take(&m->ord, f->rows[j].key);
	}
	if (m->changed && !m->force)
		return nq_error_set(err, m->out, 0, 0, "not written: %zu "
				    "change%s to the shards since their runs "
				    "wrote them (above); --force merges them, "
				    "the changed rows marked", m->changed,
				    m->changed == 1 ? "" : "s");
	/* settles too; the sums of counts in parts need every shard */
	if (nq_ledger_close_parts(m->ledger) < 0)
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	return 0;
}

/* The runs no shard has, each with the command that makes it. */
static void tell_missing(struct merge *m)
{
	char key[1024], cmd[4400];
	size_t i, told = 0, *per;
	int rep, k;

	per = calloc((size_t)m->nshards + 1, sizeof *per);
	for (i = 0; i < m->plan.ncells; i++)
		for (rep = 1; rep <= m->exp->repeat; rep++) {
			const nq_cell *c = &m->plan.cells[i];
			uint64_t h;
			char *t;

			nq_plan_key(m->exp, c, rep, key, sizeof key);
			h = nq_key_hash(key);
			if (!nq_keyset_count(&m->due, h))
				continue;
			nq_keyset_take(&m->due, h);
			m->missing++;
			if (per)
				per[c->shard]++;
			if (m->nshards > 1)
				snprintf(cmd, sizeof cmd, "harness run %s "
					 "--shard %d/%d --resume", m->config,
					 c->shard, m->nshards);
			else
				snprintf(cmd, sizeof cmd, "harness run %s "
					 "--resume", m->config);
			if (told++ >= 20)
				continue;
			for (t = key; (t = strchr(t, '\t'));)
				*t = ' ';
			fprintf(stderr, "harness merge: missing: %s (%s)\n",
				key, cmd);
		}
	if (told > 20)
		fprintf(stderr, "harness merge: ... and %zu more missing\n",
			told - 20);
	for (k = 1; per && k <= m->nshards && m->missing; k++)
		if (per[k] && m->nshards > 1)
			fprintf(stderr, "harness merge: shard %d/%d lacks %zu "
				"run%s: harness run %s --shard %d/%d --resume\n",
				k, m->nshards, per[k], per[k] == 1 ? "" : "s",
				m->config, k, m->nshards);
	free(per);
}

/* A row's place in the merged file: its shard's and its own index. */
struct place {
	uint64_t seq;
	uint32_t shard;
	uint32_t row;
};

static int cmp_place(const void *a, const void *b)
{
	const struct place *x = a, *y = b;

	if (x->seq != y->seq)
		return x->seq < y->seq ? -1 : 1;
	if (x->shard != y->shard)
		return x->shard < y->shard ? -1 : 1;
	return (x->row > y->row) - (x->row < y->row);
}

/* The rows of every shard, in the plan's order. */
static int write_rows(struct merge *m, FILE *out, nq_error *err)
{
	struct place *pl;
	size_t i, j, n = 0;
	int rc = 0;

	nq_csv_header(out);
	nq_csv_chain_start(&m->chain);
	for (i = 0; i < m->nsh; i++) {
		if (nq_rows_open(&m->sh[i].rf, &m->sh[i].cur, err) < 0)
			return -1;
		n += m->sh[i].rf.nrows;
	}
	if (!(pl = malloc((n + 1) * sizeof *pl)))
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	for (i = 0, n = 0; i < m->nsh; i++)
		for (j = 0; j < m->sh[i].rf.nrows; j++) {
			if (m->sh[i].rf.rows[j].superseded)
				continue; /* its new row stands */
			pl[n].seq = m->sh[i].rf.seq[j];
			pl[n].shard = (uint32_t)i;
			pl[n++].row = (uint32_t)j;
		}
	qsort(pl, n, sizeof *pl, cmp_place);
	for (i = 0; i < n && rc == 0; i++) {
		struct shard *s = &m->sh[pl[i].shard];
		const struct nq_oldrow *o = &s->rf.rows[pl[i].row];

		rc = nq_rows_emit_at(s->cur, pl[i].row, out, m->ledger,
				     s->val[K_HOST][0] ? s->val[K_HOST] : NULL,
				     &m->chain, err);
		if (rc < 0)
			break;
		m->rows++;
		if (o->claim >= 0) {
			const nq_verdict *v = nq_ledger_verdict(m->ledger,
								o->claim);

			m->bad[v->status]++;
			if (v->status == NQ_ST_OK && !strcmp(v->checked, "none"))
				m->unchecked++;
		} else {
			m->bad[o->status]++;
		}
	}
	free(pl);
	return rc;
}

static int write_meta(struct merge *m, const char *outcome, nq_error *err)
{
	char path[4200], bak[4200], shard[32];
	nq_atomic a;
	size_t i;

	nq_meta_path(m->out, path, sizeof path);
	if (nq_backup_rotate(path, bak, sizeof bak, err) < 0 ||
	    nq_atomic_open(&a, path, err) < 0)
		return -1;
	fputs("# The shards behind ", a.f);
	nq_name_put_safe(a.f, m->out);
	fputs(" (harness merge).\n", a.f);
	nq_meta_kv(a.f, "harness_version", m->sh[0].val[K_VERSION]);
	nq_meta_kv(a.f, "merged_by", NQ_VERSION);
	nq_meta_kv(a.f, "experiment", m->exp->name);
	nq_meta_kv(a.f, "results", m->out);
	nq_meta_kv(a.f, "config", m->config);
	nq_meta_kv(a.f, "config_sha256", m->sh[0].val[K_SHA]);
	nq_meta_kv(a.f, "outcome", outcome);
	fprintf(a.f, "strict: %s\n", m->strict ? "true" : "false");
	fprintf(a.f, "rows: %zu\nmissing_rows: %zu\nshards: %d\n", m->rows,
		m->missing, m->nshards);
	fprintf(a.f, "digest_rows: %zu\n", m->rows);
	nq_meta_kv(a.f, "digest", m->chain.prev);
	if (m->changed)
		fprintf(a.f, "changed_since_runs: %zu\n", m->changed);
	nq_meta_write_order(a.f, m->exp);
	fputs("machines:\n", a.f);
	for (i = 0; i < m->nsh; i++) {
		const struct shard *s = &m->sh[i];

		if (s->n)
			snprintf(shard, sizeof shard, "%d/%d", s->k, s->n);
		else
			snprintf(shard, sizeof shard, "?");
		fputs("  - {\"host\": ", a.f);
		nq_meta_quote(a.f, s->val[K_HOST]);
		fputs(", \"cpu\": ", a.f);
		nq_meta_quote(a.f, s->val[K_CPU]);
		fprintf(a.f, ", \"cores\": %ld, \"rows\": %zu, \"shard\": ",
			atol(s->val[K_CORES]), s->rf.nrows);
		nq_meta_quote(a.f, shard);
		fputs("}\n", a.f);
	}
	fputs("merged_from:\n", a.f);
	for (i = 0; i < m->nsh; i++) {
		fputs("  - ", a.f);
		nq_meta_quote(a.f, m->sh[i].csv);
		fputc('\n', a.f);
	}
	return nq_atomic_commit(&a, err);
}

/* OUT.csv and OUT.meta: the lock, the old ones kept as .bak, each
 * written whole or not at all. */
static int write_out(struct merge *m, nq_error *err)
{
	char bak[4200];
	nq_atomic a;
	nq_lock lock;
	int rc;

	lock.fd = -1;
	if (nq_output_check(m->out, err) < 0 ||
	    nq_lock_take(&lock, m->out, err) < 0)
		return -1;
	/* what a merge killed mid-write left (atomic.h) */
	nq_atomic_sweep(m->out);
	nq_meta_path(m->out, bak, sizeof bak);
	nq_atomic_sweep(bak);
	rc = nq_backup_rotate(m->out, bak, sizeof bak, err);
	if (rc > 0)
		fprintf(stderr, "harness merge: the previous %s is kept as "
			"%s\n", m->out, bak);
	if (rc < 0 || nq_atomic_open(&a, m->out, err) < 0) {
		nq_lock_release(&lock);
		return -1;
	}
	if (write_rows(m, a.f, err) < 0) {
		nq_atomic_abort(&a);
		nq_lock_release(&lock);
		return -1;
	}
	rc = nq_atomic_commit(&a, err);
	if (rc == 0)
		rc = write_meta(m, m->missing ? "partial"
				: m->bad[NQ_ST_WRONG] || m->bad[NQ_ST_DISPUTED] ||
				  (m->strict && m->unchecked)
				? "wrong" : "ok", err);
	nq_lock_release(&lock);
	return rc;
}

static int merge(struct merge *m, nq_error *err)
{
	size_t i;

	for (i = 0; i < m->nsh; i++) {
		char a[PATH_MAX], b[PATH_MAX];

		if (realpath(m->sh[i].csv, a) && realpath(m->out, b) &&
		    !strcmp(a, b))
			return nq_error_set(err, m->out, 0, 0, "is one of the "
					    "shards: merge into another file");
	}
	for (i = 0; i < m->nsh; i++) {
		long pid = nq_lock_holder(m->sh[i].csv);
		char who[40] = "";

		if (pid > 0)
			snprintf(who, sizeof who, " (PID %ld)", pid);
		if (pid)
			return nq_error_set(err, m->sh[i].csv, 0, 0, "a harness "
					    "run%s is writing it (it holds its "
					    "lock): the shard is in progress; "
					    "merge once it ended", who);
	}
	if (check_metas(m, err) < 0 || load_plan(m, err) < 0 ||
	    !(m->ledger = nq_ledger_new()))
		return err->msg[0] ? -1
		       : nq_error_set(err, NULL, 0, 0, "out of memory");
	if (read_rows(m, err) < 0)
		return -1;
	tell_missing(m);
	if (m->missing && !m->partial)
		return nq_error_set(err, m->out, 0, 0, "not written: %zu run%s "
				    "missing (above); make them, or merge "
				    "what there is with --partial", m->missing,
				    m->missing == 1 ? " is" : "s are");
	return write_out(m, err);
}

int nq_merge(const nq_merge_opts *o, nq_merge_counts *out, nq_error *err)
{
	struct merge m;
	size_t i;
	int rc;

	memset(&m, 0, sizeof m);
	memset(out, 0, sizeof *out);
	if (!(m.sh = calloc(o->nshards + 1, sizeof *m.sh)))
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	m.out = o->out;
	m.config = o->config;
	m.partial = o->partial;
	m.force = o->force;
	m.strict = o->strict;
	for (m.nsh = 0; m.nsh < o->nshards; m.nsh++)
		m.sh[m.nsh].csv = o->shards[m.nsh];
	rc = merge(&m, err);
	out->rows = m.rows;
	out->missing = m.missing;
	out->wrong = m.bad[NQ_ST_WRONG];
	out->disputed = m.bad[NQ_ST_DISPUTED];
	out->unchecked = m.unchecked;
	out->strict = m.strict;
	snprintf(out->strict_by, sizeof out->strict_by, "%s", m.strict_by);
	for (i = 0; i < m.nsh; i++) {
		nq_rows_close(m.sh[i].cur);
		nq_rows_free(&m.sh[i].rf);
	}
	free(m.sh);
	nq_order_free(&m.ord);
	nq_keyset_free(&m.due);
	nq_ledger_free(m.ledger);
	if (m.exp) {
		nq_plan_free(&m.plan);
		nq_experiment_free(m.exp);
	}
	return rc;
}
