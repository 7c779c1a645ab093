/*
 * run_files.c - the files of a run (run_int.h): the CSV opened for the
 * whole run under its lock (an existing one kept as .bak, or, with
 * --resume, gone on with), the .meta beside it, the instances beside it
 * (FILE.instances.yaml, when wanted), the stderr log, and the
 * rewrite at the end when a later answer changed an earlier verdict.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "csv.h"
#include "errlog.h"
#include "order.h"
#include "sha256.h"
#include "tamper.h"
#include "version.h"
#include "run_int.h"

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

/* The header in one write (the stream is unbuffered). 0 or -1. */
static int put_header(FILE *f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	int rc = -1;

	if (!m) {
		errno = ENOMEM;
		return -1;
	}
	nq_csv_header(m);
	if (fclose(m) == 0)
		rc = fwrite(buf, 1, len, f) == len ? 0 : -1;
	free(buf);
	return rc;
}

static long long csv_size(FILE *f)
{
	struct stat st;

	return fstat(fileno(f), &st) == 0 ? (long long)st.st_size : 0;
}

/* The metadata file beside the CSV: kept as .bak like the CSV (numbered
 * the same way), then written with the start time and the machine's
 * state. */
static int meta_start(struct state *s, nq_error *err)
{
	char bak[4200];

	nq_meta_path(s->o->output, s->out.meta_path, sizeof s->out.meta_path);
	/* resumed: the .meta is replaced in one rename (nq_meta_write), not
	 * moved aside first, so no moment leaves the CSV without one; when
	 * the first run started stays in it */
	if (s->resume.have_old) {
		if (nq_meta_read(s->out.meta_path, "first_started",
				 s->out.meta.first_started,
				 sizeof s->out.meta.first_started) < 0 &&
		    nq_meta_read(s->out.meta_path, "started",
				 s->out.meta.first_started,
				 sizeof s->out.meta.first_started) < 0)
			s->out.meta.first_started[0] = '\0';
	} else if (nq_backup_rotate(s->out.meta_path, bak, sizeof bak,
				    err) < 0) {
		return -1;
	}
	/* the solvers' stderr, FILE.stderr.log: a fresh one, made by the
	 * first run that writes to stderr (runner.h) */
	snprintf(s->out.log_path, sizeof s->out.log_path, "%.*s.stderr.log",
		 (int)strlen(s->out.meta_path) - 5, s->out.meta_path);
	/* (resumed: the old log goes on) */
	if (nq_output_check(s->out.log_path, err) < 0 || (!s->resume.have_old &&
	    nq_backup_rotate(s->out.log_path, bak, sizeof bak, err) < 0))
		return -1;
	s->out.meta.csv = s->o->output;
	s->out.meta.argc = s->o->argc;
	s->out.meta.argv = s->o->argv;
	s->out.meta.started = time(NULL);
	s->out.meta.outcome = "running";
	s->out.meta.jobs = s->pool.jobs;
	s->out.meta.shard_k = s->o->shard_k;
	s->out.meta.shard_n = s->o->shard_n;
	s->out.meta.strict = s->o->strict || s->exp->strict;
	/* the end as it is now: the rows found (resumed), or none yet */
	if (s->resume.have_old) {
		s->out.meta.digest_rows = s->resume.old.nrows;
		snprintf(s->out.meta.digest, sizeof s->out.meta.digest, "%s",
			 s->resume.old.chain.last);
	} else {
		nq_csv_chain ch;

		nq_csv_chain_start(&ch);
		s->out.meta.digest_rows = 0;
		snprintf(s->out.meta.digest, sizeof s->out.meta.digest, "%s",
			 ch.prev);
	}
	nq_meta_check(&s->out.meta, "at start");
	return nq_meta_write(s->out.meta_path, s->exp, &s->out.meta, err);
}

/* FILE.instances.yaml beside the CSV, when the experiment has instances
 * a reader could not rebuild from the experiment file's plain keys
 * (blocked squares, excluded lines, generated or read from a file):
 * every instance in the experiment file's own syntax, so any row can be
 * run again exactly. Written whole (atomic.h); an old one kept as .bak
 * like the CSV (unless resumed). */
static int instances_write(struct state *s, nq_error *err)
{
	char path[4200], bak[4200];
	nq_atomic out;

	if (!nq_instances_file_wanted(s->exp))
		return 0;
	nq_instances_path(s->o->output, path, sizeof path);
	/* resumed: the same experiment file, so the same instances; the
	 * file is replaced, not kept once more */
	if (nq_output_check(path, err) < 0 || (!s->resume.have_old &&
	    nq_backup_rotate(path, bak, sizeof bak, err) < 0) ||
	    nq_atomic_open(&out, path, err) < 0)
		return -1;
	nq_instances_yaml(out.f, s->exp);
	return nq_atomic_commit(&out, err);
}

/* With the lock held: the temporary files a harness killed while it
 * wrote these files left beside them (atomic.h). */
static void sweep_temps(const char *csv)
{
	char path[4200];

	nq_atomic_sweep(csv);
	snprintf(path, sizeof path, "%s.bak", csv);
	nq_atomic_sweep(path);
	nq_meta_path(csv, path, sizeof path);
	nq_atomic_sweep(path);
	nq_instances_path(csv, path, sizeof path);
	nq_atomic_sweep(path);
}

/* Open the CSV for writing, for the whole run: it must not exist or be a
 * regular file (nq_output_check); the lock FILE.lock (and the file's
 * own, atomic.h) is taken first, so a second run on the same file, by
 * this name or another, stops here, naming the first one's PID;
 * an existing file is kept as FILE.bak, older backups shifted to
 * FILE.bak.1 ... (nq_backup_rotate). */
static FILE *open_output(struct state *s, nq_error *err)
{
	const char *path = s->o->output;
	nq_lock *lock = &s->out.lock;
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
	sweep_temps(path);
	if ((rc = nq_backup_rotate(path, bak, sizeof bak, err)) < 0)
		return NULL;
	if (rc > 0)
		fprintf(stderr, "harness: the previous %s is kept as %s\n",
			path, bak);
	/* the .meta first: a harness killed between the two leaves a .meta
	 * without a CSV (--resume starts afresh), never a CSV without the
	 * .meta that says which experiment wrote it */
	if (instances_write(s, err) < 0 || meta_start(s, err) < 0)
		return NULL;
	f = fopen(path, "wx"); /* made anew: nothing may take its place */
	if (!f)
		nq_error_set(err, path, 0, 0, "cannot write: %s",
			     strerror(errno));
	else /* the old file, moved aside, is no longer the one written */
		nq_lock_follow(lock, fileno(f));
	return f;
}

/* --resume: the file must come from this experiment file and this
 * harness (its .meta says), unless --force. */
static int resume_check(struct state *s, nq_error *err)
{
	char meta[4200], was[300], now[300];
	const char *path = s->o->output;
	struct {
		const char *key, *what;
	} k[2] = { { "config_sha256", "the experiment file's SHA-256" },
		   { "harness_version", "the harness version" } };
	int i;

	nq_meta_path(path, meta, sizeof meta);
	if (access(meta, F_OK) != 0) {
		if (s->o->force) {
			fprintf(stderr, "harness: warning: %s has no %s; going "
				"on with it (--force)\n", path, meta);
			return 0;
		}
		return nq_error_set(err, path, 0, 0, "--resume: there is no "
				    "%s beside it, so nothing says which "
				    "experiment wrote it (--force goes on "
				    "anyway)", meta);
	}
	for (i = 0; i < 2; i++) {
		if (nq_meta_read(meta, k[i].key, was, sizeof was) < 0)
			snprintf(was, sizeof was, "(none)");
		if (i == 0 && (!s->exp->path ||
			       nq_sha256_file(s->exp->path, now) < 0))
			snprintf(now, sizeof now, "none (no experiment file)");
		else if (i == 1)
			snprintf(now, sizeof now, "%s", NQ_VERSION);
		if (!strcmp(was, now))
			continue;
		if (s->o->force) {
			fprintf(stderr, "harness: warning: %s differs from %s's "
				"(%s there, %s now); going on (--force)\n",
				k[i].what, meta, was, now);
			continue;
		}
		return nq_error_set(err, path, 0, 0, "--resume: %s differs: "
				    "%s says %s, %s is %s (--force goes on "
				    "anyway; or run without --resume, which "
				    "keeps this file as .bak)", k[i].what,
				    meta, was, i ? "this harness" :
				    s->exp->path ? s->exp->path : "now", now);
	}
	return 0;
}

/* --resume: the rows must be as the harness wrote them (tamper.h),
 * unless --force, which keeps them, still marked (rows.h), and says so
 * in the .meta. */
static int resume_tamper(struct state *s, nq_error *err)
{
	char meta[4200];
	size_t n;

	nq_meta_path(s->o->output, meta, sizeof meta);
	n = nq_tamper_tell(&s->resume.old, meta, s->o->force);
	if (!n)
		return 0;
	if (!s->o->force)
		return nq_error_set(err, s->o->output, 0, 0, "--resume: "
				    "changed after the run wrote it (above); "
				    "nothing done (--force goes on, the changed "
				    "rows kept and marked as changed)");
	if (s->out.meta.nwarnings < NQ_META_MAX_WARNINGS)
		snprintf(s->out.meta.warnings[s->out.meta.nwarnings++],
			 sizeof s->out.meta.warnings[0], "resumed with %zu "
			 "change%s made to %s after the run wrote it "
			 "(--force)", n, n == 1 ? "" : "s", s->o->output);
	return 0;
}

/* --resume: every row a run of the plan, each no more often than the
 * plan holds it (in a shard: runs of this shard), as merge holds them
 * (nq_rows_fit); else exit 2, nothing done, whatever --force says. The
 * runs that have a row are the places the rows took: the book's done
 * bits (mark_done). */
static int resume_fit(struct state *s, nq_error *err)
{
	const char *path = s->o->output;
	char key[1024];
	nq_order *ord = &s->resume.ord;
	size_t at = 0, ci, j, k, runs;
	int rc = -1, fit, rep;

	/* every run's key is hashed here, for the order and the runs done
	 * (nq_run_order, nq_run_count_todo): once */
	if (nq_plan_hashes(s->exp, &s->plan) < 0) {
		nq_error_set(err, NULL, 0, 0, "out of memory");
		goto out;
	}
	if (nq_order_make(s->exp, &s->plan, NULL, ord, err) < 0)
		goto out;
	for (ci = 0; s->o->shard_n && ci < s->plan.ncells; ci++)
		if (s->plan.cells[ci].shard != s->o->shard_k)
			for (rep = 1; rep <= s->exp->repeat; rep++)
				nq_order_hold(ord, ci * (size_t)s->exp->repeat +
					      (size_t)(rep - 1));
	fit = nq_rows_fit(&s->resume.old, ord, NULL, &at);
	if (fit == NQ_ROWS_FIT) {
		runs = s->plan.ncells * (size_t)s->exp->repeat;
		if (!(s->book.done_bits = calloc(runs / 8 + 1, 1))) {
			nq_error_set(err, NULL, 0, 0, "out of memory");
			goto out;
		}
		for (k = 0; k < runs; k++)
			if (nq_order_mark(ord, k) == NQ_PLACE_TAKEN)
				s->book.done_bits[k / 8] |=
					(unsigned char)(1u << (k % 8));
		rc = 0;
	} else if (fit == NQ_ROWS_UNPLANNED)
		nq_error_set(err, path, (int)s->resume.old.rows[at].line, 0,
			     "a run "
			     "%s does not plan (experiment, n, mode, hints, "
			     "approach, repeat); --resume: nothing done",
			     s->exp->path ? s->exp->path : "the experiment");
	else {
		int sh;

		nq_plan_key_text(s->exp, &s->plan, s->resume.old.rows[at].key,
				 key, sizeof key, &sh);
		if ((j = nq_rows_earlier(&s->resume.old, at)) != SIZE_MAX)
			nq_error_set(err, path,
				     (int)s->resume.old.rows[at].line, 0,
				     "run '%s' twice (first at line %u); "
				     "--resume: nothing done", key,
				     s->resume.old.rows[j].line);
		else
			nq_error_set(err, path,
				     (int)s->resume.old.rows[at].line, 0,
				     "run '%s' is shard %d/%d's, not this "
				     "one's (%d/%d); --resume: nothing done",
				     key, sh, s->o->shard_n, s->o->shard_k,
				     s->o->shard_n);
	}
out:
	/* the order stays for nq_run_order, every place free again */
	nq_order_reset(ord);
	return rc;
}

static int empty_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0;
}

/* --resume on an empty CSV whose .meta says this experiment wrote it: a
 * harness stopped between making the file and writing its header (the
 * .meta comes first). Nothing to read back: the header is written and
 * every run made. */
static int resume_empty(struct state *s, nq_error *err)
{
	const char *path = s->o->output;

	fprintf(stderr, "harness: warning: %s is empty (a harness stopped "
		"before its header); its runs are made from the start\n",
		path);
	if (!(s->out.csv = fopen(path, "a")))
		return nq_error_set(err, path, 0, 0, "cannot write: %s",
				    strerror(errno));
	setvbuf(s->out.csv, NULL, _IONBF, 0);
	if (put_header(s->out.csv) < 0) {
		int e = errno;

		fclose(s->out.csv);
		s->out.csv = NULL;
		if (truncate(path, 0) < 0) {
			/* it was empty; what the failed write left is a
			 * piece of a header, which --resume reads as damage */
		}
		return nq_error_set(err, path, 0, 0, "cannot write: %s",
				    strerror(e));
	}
	nq_csv_chain_start(&s->out.chain);
	s->out.csv_end = csv_size(s->out.csv);
	s->out.meta.resumed = 1;
	s->out.meta.rows_before = 0;
	return 0;
}

/* --resume with a file to go on with: its rows read back (their answers
 * into the ledger, their keys kept), a row cut short at the end dropped,
 * the file opened to append. */
static int open_resume(struct state *s, nq_error *err)
{
	const char *path = s->o->output;
	nq_error tamper;
	size_t i;
	int changed;

	if (nq_output_check(path, err) < 0 || nq_lock_take(&s->out.lock, path,
							   err) < 0)
		return -1;
	sweep_temps(path);
	if (resume_check(s, err) < 0)
		return -1;
	if (empty_file(path))
		return resume_empty(s, err);
	nq_ledger_defer(s->ledger, 1);
	nq_rows_watch(&nq_run_interrupted, !s->o->quiet);
	if (nq_rows_read(path, s->ledger, NULL, &s->resume.old, err) < 0) {
		nq_rows_watch(NULL, 0);
		return -1;
	}
	nq_rows_watch(NULL, 0);
	nq_ledger_defer(s->ledger, 0);
	/* the changes named first; a row that is no run of the plan (or
	 * one twice) is refused even with --force */
	memset(&tamper, 0, sizeof tamper);
	changed = resume_tamper(s, &tamper) < 0;
	if (resume_fit(s, err) < 0)
		return -1;
	if (changed) {
		*err = tamper;
		return -1;
	}
	s->resume.have_old = 1;
	for (i = 0; i < s->resume.old.nrows; i++)
		if (s->resume.old.rows[i].claim >= s->resume.claims_before)
			s->resume.claims_before =
				s->resume.old.rows[i].claim + 1;
	for (i = 0; i < s->resume.old.nrows; i++)
		if (s->resume.old.rows[i].status == NQ_ST_TIMEOUT &&
		    !nq_keyset_add(&s->resume.old_timeouts,
				   s->resume.old.rows[i].key))
			return nq_error_set(err, NULL, 0, 0, "out of memory");
	if (s->resume.old.partial) {
		char bak[4200];

		/* the file as it was is kept first, numbered like the
		 * backups of a new run */
		if (nq_backup_copy(path, bak, sizeof bak, err) < 0) {
			char why[sizeof err->msg + 300];

			nq_error_format(err, why, sizeof why);
			return nq_error_set(err, path,
					    (int)s->resume.old.partial_line, 0,
					    "the last row was cut short, and "
					    "the file cannot be kept before it "
					    "is dropped (%s); nothing done",
					    why);
		}
		fprintf(stderr, "%s:%zu: warning: the last row was cut short "
			"(a harness stopped while writing it); it is dropped "
			"and its run made again (the file as it was is kept "
			"as %s)\n", path, s->resume.old.partial_line, bak);
		if (truncate(path, (off_t)s->resume.old.end) < 0)
			return nq_error_set(err, path, 0, 0, "cannot drop the "
					    "cut row: %s", strerror(errno));
	}
	/* appended rows go on from the last row's digest as written */
	snprintf(s->out.chain.prev, sizeof s->out.chain.prev, "%s",
		 s->resume.old.chain.last);
	s->out.csv = fopen(path, "a");
	if (!s->out.csv)
		return nq_error_set(err, path, 0, 0, "cannot write: %s",
				    strerror(errno));
	setvbuf(s->out.csv, NULL, _IONBF, 0);
	s->out.csv_end = csv_size(s->out.csv);
	if (!s->o->quiet)
		fprintf(stderr, "harness: resuming %s: %zu row%s there\n",
			path, s->resume.old.nrows,
			s->resume.old.nrows == 1 ? "" : "s");
	s->out.meta.resumed = 1;
	s->out.meta.rows_before = s->resume.old.nrows;
	return 0;
}

int nq_run_open(struct state *s, nq_error *err)
{
	if (s->o->resume && access(s->o->output, F_OK) == 0) {
		if (open_resume(s, err) < 0 || instances_write(s, err) < 0)
			return -1;
		return meta_start(s, err);
	}
	s->out.csv = open_output(s, err);
	if (!s->out.csv)
		return -1;
	/* unbuffered: each row one write(2), checked where it fails */
	setvbuf(s->out.csv, NULL, _IONBF, 0);
	if (put_header(s->out.csv) < 0) {
		int e = errno;

		fclose(s->out.csv);
		s->out.csv = NULL;
		unlink(s->o->output); /* made just now: only a piece of a
					 header in it */
		return nq_error_set(err, s->o->output, 0, 0, "cannot write: "
				    "%s", strerror(e));
	}
	nq_csv_chain_start(&s->out.chain);
	s->out.csv_end = csv_size(s->out.csv);
	return 0;
}

int nq_run_meta_end(struct state *s, int rc, nq_error *err)
{
	s->out.meta.finished = time(NULL);
	s->out.meta.rows = s->rows + (s->resume.have_old ?
				      s->resume.old.nrows : 0) - s->replaced;
	s->out.meta.outcome = s->out.failed ? "failed"
			  : rc == NQ_EXIT_INTERRUPTED ? "interrupted"
			  : rc == NQ_EXIT_WRONG ? "wrong" : "ok";
	s->out.meta.digest_rows = s->out.meta.rows;
	snprintf(s->out.meta.digest, sizeof s->out.meta.digest, "%s",
		 s->out.chain.prev);
	nq_meta_check(&s->out.meta, "at end");
	if (nq_meta_write(s->out.meta_path, s->exp, &s->out.meta, err) < 0)
		return -1;
	fprintf(stderr, "harness: the machine is recorded in %s\n",
		s->out.meta_path);
	return 0;
}

int nq_run_row(struct state *s, FILE *f, const struct row *r)
{
	return nq_csv_row(f, &s->out.chain, s->exp, &s->exp->instances[r->spec],
			  &s->exp->approaches[r->ai], r->rep, &r->run);
}

/* A write failed: no run is started after it, the runs in flight end
 * now (they come back without a row). */
static int stop_writing(struct state *s)
{
	s->out.failed = 1;
	nq_runner_abort();
	return -1;
}

int nq_run_append(struct state *s)
{
	const struct row *r = &s->rows_kept[s->nkept - 1];
	const char *log = nq_errlog_failure();
	nq_csv_chain was = s->out.chain;
	char label[200];
	int fd = fileno(s->out.csv), e;
	off_t end;

	if (s->out.failed)
		return -1;
	if (log) {
		/* the stderr log could not be written: this run's part, or
		 * an earlier one's, is not in it; neither is its row, so a
		 * resumed run makes it again, its stderr kept whole */
		snprintf(s->out.failed_why, sizeof s->out.failed_why, "%s",
			 log);
		return stop_writing(s);
	}
	if (nq_run_row(s, s->out.csv, r) == 0 &&
	    (end = lseek(fd, 0, SEEK_CUR)) >= 0) {
		s->out.csv_end = (long long)end;
		return 0;
	}
	e = errno;
	/* the file back to its last whole row: a row half written would
	 * be a cut last row at best, and rows after it never follow */
	clearerr(s->out.csv);
	if (ftruncate(fd, (off_t)s->out.csv_end) < 0)
		fprintf(stderr, "harness: %s: cannot take the half-written row "
			"out again (%s): --resume drops it as a row cut short\n",
			s->o->output, strerror(errno));
	s->out.chain = was; /* the digest of the last row in the file */
	nq_run_label(&s->book, r->ai, r->spec, r->rep, label, sizeof label);
	snprintf(s->out.failed_why, sizeof s->out.failed_why,
		 "%s: cannot write: %s "
		 "(the row of %s)", s->o->output, strerror(e ? e : EIO), label);
	return stop_writing(s);
}

/* The rows were written as runs ended, with the verdicts of that moment;
 * when a later answer changed one, the file is written again whole from
 * the kept rows, beside it, and renamed over it: an interruption at any
 * point leaves either every row as first written or every row final. */
static uint64_t kept_seq(const struct state *s, size_t i)
{
	const struct row *r = &s->rows_kept[i];

	return nq_plan_seq(s->exp, r->spec, r->ai, r->rep);
}

int nq_run_order(struct state *s, nq_error *err)
{
	size_t nold = s->resume.have_old ? s->resume.old.nrows : 0, i;
	uint64_t *seq = malloc((s->nkept + 1) * sizeof *seq);
	nq_order *ord = &s->resume.ord;
	int rc = -1;

	s->perm = malloc((s->nkept + 1) * sizeof *s->perm);
	s->old_perm = malloc((nold + 1) * sizeof *s->old_perm);
	free(s->resume.old.seq);
	s->resume.old.seq = malloc((nold + 1) * sizeof *s->resume.old.seq);
	if (!seq || !s->perm || !s->old_perm || !s->resume.old.seq) {
		nq_error_set(err, NULL, 0, 0, "out of memory");
		goto out;
	}
	/* the order the fit made (its places not yet taken), or a new one */
	if (nold && !ord->cap &&
	    nq_order_make(s->exp, &s->plan, NULL, ord, err) < 0)
		goto out;
	for (i = 0; i < nold; i++)
		s->resume.old.seq[i] = nq_order_take(ord,
						     s->resume.old.rows[i].key);
	s->in_order = nq_sort_index(s->resume.old.seq, s->old_perm, nold);
	for (i = 0; i < s->nkept; i++)
		seq[i] = kept_seq(s, i);
	s->in_order &= nq_sort_index(seq, s->perm, s->nkept);
	/* a part made again replaces its old row: the file is written again */
	for (i = 0; i < nold; i++)
		if (s->resume.old.rows[i].redo)
			s->in_order = 0;
	/* the new rows come after the old ones in the file */
	if (nold && s->nkept &&
	    s->resume.old.seq[s->old_perm[nold - 1]] > seq[s->perm[0]])
		s->in_order = 0;
	rc = 0;
out:
	nq_order_free(ord);
	/* the runs' hashes were for the order and the runs done: what
	 * still asks for one (none does now) makes it again */
	free(s->plan.hashes);
	s->plan.hashes = NULL;
	free(seq);
	return rc;
}

int nq_run_rewrite(struct state *s, nq_error *err)
{
	size_t nold = s->resume.have_old ? s->resume.old.nrows : 0;
	size_t i = 0, j = 0;
	nq_rows_cursor *cur = NULL;
	nq_atomic out;
	int keep;

	if (nq_atomic_open(&out, s->o->output, err) < 0)
		return -1;
	nq_csv_header(out.f);
	nq_csv_chain_start(&s->out.chain); /* every digest made again */
	if (nold && nq_rows_open(&s->resume.old, &cur, err) < 0)
		goto fail;
	/* both in the plan's order, merged; at a tie the old row first */
	while (i < nold || j < s->nkept) {
		const struct nq_oldrow *o = i < nold
			? &s->resume.old.rows[s->old_perm[i]] : NULL;
		uint64_t oseq = o ? s->resume.old.seq[s->old_perm[i]] : 0;

		if (o && o->superseded) {
			i++; /* its new row is in the file too */
			s->replaced++;
			continue;
		}
		if (o && o->redo && j < s->nkept &&
		    oseq == kept_seq(s, s->perm[j])) {
			i++; /* the part made again: its new row stands */
			s->replaced++;
			continue;
		}
		if (o && (j == s->nkept || oseq <= kept_seq(s, s->perm[j]))) {
			if (nq_rows_emit_at(cur, s->old_perm[i++], out.f,
					    s->ledger, NULL, &s->out.chain,
					    err) < 0)
				goto fail;
		} else {
			nq_run_row(s, out.f, &s->rows_kept[s->perm[j++]]);
		}
	}
	nq_rows_close(cur);
	/* the lock goes with the name to the new file (the old one may
	 * have other names: it is no longer written) */
	keep = fcntl(fileno(out.f), F_DUPFD_CLOEXEC, 0);
	if (nq_atomic_commit(&out, err) < 0) {
		if (keep >= 0)
			close(keep);
		return -1;
	}
	if (keep >= 0) {
		nq_lock_follow(&s->out.lock, keep);
		close(keep);
	}
	return 0;
fail:
	nq_rows_close(cur);
	nq_atomic_abort(&out);
	return -1;
}

/* --resume: the timeouts among the runs that have a row (resume_fit
 * found those: done_bits), as after_timeout: skip goes on from them. A
 * key the plan holds twice (an instance listed twice) is done as often
 * as the file has it, its first places first. */
static int mark_done(struct state *s, nq_error *err)
{
	size_t ci;
	int rep;

	(void)err;
	if (!s->resume.have_old || !s->resume.old_timeouts.used)
		return 0;
	for (ci = 0; ci < s->plan.ncells; ci++)
		for (rep = 1; rep <= s->exp->repeat; rep++) {
			const nq_cell *c = &s->plan.cells[ci];
			uint64_t h;

			if (!nq_run_is_done(&s->book, ci, rep))
				continue;
			h = nq_plan_hash(s->exp, &s->plan, ci, rep);
			if (nq_keyset_count(&s->resume.old_timeouts, h)) {
				nq_keyset_take(&s->resume.old_timeouts, h);
				nq_run_mark_timeout(&s->book, c->ai,
						    &s->exp->instances[c->spec]);
			}
		}
	nq_keyset_free(&s->resume.old_timeouts);
	return 0;
}

/* What each cell has still to make. */
int nq_run_count_todo(struct state *s, nq_error *err)
{
	size_t ci;

	if (mark_done(s, err) < 0)
		return -1;
	s->todo = calloc(s->plan.ncells + 1, sizeof *s->todo);
	if (!s->todo)
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	for (ci = 0; ci < s->plan.ncells; ci++) {
		int rep;

		for (rep = 1; rep <= s->exp->repeat; rep++)
			s->todo[ci] +=
				(size_t)!nq_run_is_done(&s->book, ci, rep);
	}
	return 0;
}

/* The rows from before (--resume) that are wrong or disputed now. */
size_t nq_run_old_bad(const struct state *s)
{
	size_t i, bad = 0;

	for (i = 0; s->resume.have_old && i < s->resume.old.nrows; i++) {
		const struct nq_oldrow *r = &s->resume.old.rows[i];
		nq_status st = r->claim >= 0
			       ? nq_ledger_verdict(s->ledger, r->claim)->status
			       : (nq_status)r->status;

		bad += st == NQ_ST_WRONG || st == NQ_ST_DISPUTED;
	}
	return bad;
}

