/*
 * run_files.c - the files of a run (run_int.h): the CSV opened for the
 * whole run under its lock (an existing one kept as .bak, or, with
 * --resume, gone on with), the .meta beside it, the stderr log, and the
 * rewrite at the end when a later answer changed an earlier verdict.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "csv.h"
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
	s->meta.jobs = s->jobs;
	s->meta.shard_k = s->o->shard_k;
	s->meta.shard_n = s->o->shard_n;
	nq_meta_check(&s->meta, "at start");
	return nq_meta_write(s->meta_path, s->exp, &s->meta, err);
}

int nq_run_open(struct state *s, nq_error *err)
{
	s->csv = open_output(s->o->output, &s->lock, err);
	if (!s->csv)
		return -1;
	nq_csv_header(s->csv);
	fflush(s->csv);
	return meta_start(s, err);
}

int nq_run_meta_end(struct state *s, int rc, nq_error *err)
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

void nq_run_row(const struct state *s, FILE *f, const struct row *r)
{
	nq_csv_row(f, s->exp, &s->exp->instances[r->spec],
		   &s->exp->approaches[r->ai], r->rep, &r->run);
}

/* The rows were written as runs ended, with the verdicts of that moment;
 * when a later answer changed one, the file is written again whole from
 * the kept rows, beside it, and renamed over it: an interruption at any
 * point leaves either every row as first written or every row final. */
int nq_run_rewrite(struct state *s, nq_error *err)
{
	nq_atomic out;
	size_t i;

	if (nq_atomic_open(&out, s->o->output, err) < 0)
		return -1;
	nq_csv_header(out.f);
	for (i = 0; i < s->nkept; i++)
		nq_run_row(s, out.f, &s->rows_kept[i]);
	return nq_atomic_commit(&out, err);
}
