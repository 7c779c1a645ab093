/* test_atomic.c - files written whole or not at all (base/atomic.c): the
 * temporary file beside the target, named with the writer's PID, renamed
 * over it only on commit; abort and a failed commit leave the target as
 * it was; what may not be written (directories, links, FIFOs); the sweep
 * of temporary files left by writers no longer running; the backups
 * rotated and copied; the lock, held against another process, by any
 * name of the file, following the file when a new one takes the name;
 * the name a results file goes by (.csv added).
 *
 * Usage: test_atomic [NAME-PATTERN]
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>
#include "atomic.h"

static char dir[] = "/tmp/nq-test-atomic-XXXXXX";

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[64 + sizeof dir];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* DIR/name into buf */
static const char *at(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", dir, name);
	return buf;
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_true(fputs(text, f) >= 0);
	assert_int_equal(fclose(f), 0);
}

/* The file's text (up to 4 KiB) into a static buffer; NULL when none. */
static const char *text_of(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "r");
	size_t got;

	if (!f)
		return NULL;
	got = fread(buf, 1, sizeof buf - 1, f);
	buf[got] = '\0';
	fclose(f);
	return buf;
}

/* How many entries of DIR start with prefix. */
static int entries(const char *prefix)
{
	struct dirent *e;
	DIR *d = opendir(dir);
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += !strncmp(e->d_name, prefix, strlen(prefix));
	closedir(d);
	return n;
}

static void commit_replaces_whole(void **state)
{
	char path[256], tmpname[300];
	nq_atomic a;
	nq_error err;
	struct stat st;
	mode_t old = umask(022);

	(void)state;
	at(path, sizeof path, "whole.csv");
	put(path, "old\n");
	assert_int_equal(nq_atomic_open(&a, path, &err), 0);
	/* PATH.tmp-PID-XXXXXX beside it; the target as it was meanwhile */
	snprintf(tmpname, sizeof tmpname, "%s.tmp-%ld-", path, (long)getpid());
	assert_memory_equal(a.tmp, tmpname, strlen(tmpname));
	assert_int_equal(strlen(a.tmp), strlen(tmpname) + 6);
	fputs("new\n", a.f);
	fflush(a.f);
	assert_string_equal(text_of(path), "old\n");
	assert_int_equal(entries("whole.csv.tmp-"), 1);
	assert_int_equal(nq_atomic_commit(&a, &err), 0);
	assert_null(a.f);
	assert_string_equal(text_of(path), "new\n");
	assert_int_equal(entries("whole.csv.tmp"), 0);
	/* mode 0666 less the umask, as fopen makes it */
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0644);
	umask(old);
}

static void abort_leaves_target(void **state)
{
	char path[256];
	nq_atomic a;
	nq_error err;

	(void)state;
	at(path, sizeof path, "kept.csv");
	put(path, "old\n");
	assert_int_equal(nq_atomic_open(&a, path, &err), 0);
	fputs("half a ro", a.f);
	nq_atomic_abort(&a);
	assert_string_equal(text_of(path), "old\n");
	assert_int_equal(entries("kept.csv.tmp"), 0);

	/* a new file that is never committed is never made */
	at(path, sizeof path, "never.csv");
	assert_int_equal(nq_atomic_open(&a, path, &err), 0);
	nq_atomic_abort(&a);
	assert_null(text_of(path));
	assert_int_equal(entries("never.csv"), 0);
}

static void failed_commit(void **state)
{
	char path[256];
	nq_atomic a;
	nq_error err;

	(void)state;
	/* the target turns into a directory before the rename */
	at(path, sizeof path, "late-dir");
	assert_int_equal(nq_atomic_open(&a, path, &err), 0);
	fputs("text\n", a.f);
	assert_int_equal(mkdir(path, 0755), 0);
	memset(&err, 0, sizeof err);
	assert_int_equal(nq_atomic_commit(&a, &err), -1);
	assert_string_equal(err.file, path);
	assert_non_null(strstr(err.msg, "cannot write"));
	assert_int_equal(entries("late-dir.tmp"), 0);
	assert_int_equal(rmdir(path), 0);
}

static void what_may_not_be_written(void **state)
{
	char path[256], target[256], fifo[256];
	nq_atomic a;
	nq_error err;

	(void)state;
	at(path, sizeof path, "none-yet");
	assert_int_equal(nq_output_check(path, &err), 0);
	put(path, "x");
	assert_int_equal(nq_output_check(path, &err), 0);
	assert_int_equal(nq_output_check("", &err), -1);
	assert_non_null(strstr(err.msg, "empty file name"));
	assert_int_equal(nq_output_check(dir, &err), -1);
	assert_non_null(strstr(err.msg, "a directory"));
	at(fifo, sizeof fifo, "fifo");
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_int_equal(nq_output_check(fifo, &err), -1);
	assert_non_null(strstr(err.msg, "a FIFO"));
	assert_int_equal(nq_atomic_open(&a, fifo, &err), -1);

	/* a link is refused, neither followed nor replaced */
	at(target, sizeof target, "target");
	put(target, "target\n");
	at(path, sizeof path, "link");
	assert_int_equal(symlink(target, path), 0);
	assert_int_equal(nq_output_check(path, &err), -1);
	assert_non_null(strstr(err.msg, "symbolic link"));
	assert_int_equal(nq_atomic_open(&a, path, &err), -1);
	assert_string_equal(err.file, path);
	assert_string_equal(text_of(target), "target\n");
	assert_int_equal(entries("link.tmp"), 0);
}

static void sweep_stale(void **state)
{
	char path[256], name[512];
	pid_t dead;
	struct stat st;

	(void)state;
	/* a PID no process has: a child that ended */
	dead = fork();
	assert_true(dead >= 0);
	if (!dead)
		_exit(0);
	assert_int_equal(waitpid(dead, NULL, 0), dead);

	at(path, sizeof path, "s.csv");
	put(path, "the target\n");
	snprintf(name, sizeof name, "%s.tmp-%ld-abc123", path, (long)dead);
	put(name, "a dead writer's\n");            /* removed */
	snprintf(name, sizeof name, "%s.tmpAbC123", path);
	put(name, "an older version's\n");         /* removed */
	snprintf(name, sizeof name, "%s.tmp-%ld-abc123", path, (long)getpid());
	put(name, "ours, still writing\n");        /* kept */
	snprintf(name, sizeof name, "%s.tmp-1-abc123", path);
	put(name, "a live process's\n");           /* kept */
	snprintf(name, sizeof name, "%s.tmp-%ld-abc1234", path, (long)dead);
	put(name, "not the pattern\n");            /* kept */
	snprintf(name, sizeof name, "%s.tmpXYZ", path);
	put(name, "not the pattern\n");            /* kept */
	snprintf(name, sizeof name, "%s.tmpQwErTy", path);
	assert_int_equal(mkdir(name, 0755), 0);    /* not a file: kept */
	snprintf(name, sizeof name, "%s/t.csv.tmp-%ld-abc123", dir, (long)dead);
	put(name, "another file's\n");             /* kept */

	assert_int_equal(nq_atomic_sweep(path), 2);
	assert_int_equal(entries("s.csv.tmp"), 5);
	assert_int_equal(entries("t.csv.tmp"), 1);
	assert_string_equal(text_of(path), "the target\n");
	snprintf(name, sizeof name, "%s.tmpAbC123", path);
	assert_int_not_equal(stat(name, &st), 0);
	assert_int_equal(nq_atomic_sweep(path), 0);
}

static void backups_rotate(void **state)
{
	char path[256], bak[300], name[300], want[32];
	nq_error err;
	int i;

	(void)state;
	at(path, sizeof path, "r.csv");
	assert_int_equal(nq_backup_rotate(path, bak, sizeof bak, &err), 0);
	for (i = 1; i <= NQ_BACKUPS + 2; i++) {
		snprintf(want, sizeof want, "version %d\n", i);
		put(path, want);
		assert_int_equal(nq_backup_rotate(path, bak, sizeof bak, &err), 1);
		snprintf(name, sizeof name, "%s.bak", path);
		assert_string_equal(bak, name);
		assert_null(text_of(path));
	}
	/* the newest in .bak, the oldest kept in .bak.(N-1), older dropped */
	assert_string_equal(text_of(bak), "version 7\n");
	for (i = 1; i < NQ_BACKUPS; i++) {
		snprintf(name, sizeof name, "%s.bak.%d", path, i);
		snprintf(want, sizeof want, "version %d\n", NQ_BACKUPS + 2 - i);
		assert_string_equal(text_of(name), want);
	}
	snprintf(name, sizeof name, "%s.bak.%d", path, NQ_BACKUPS);
	assert_null(text_of(name));
	assert_int_equal(entries("r.csv.bak"), NQ_BACKUPS);

	/* a slot that is not a file stops it, nothing moved */
	put(path, "current\n");
	snprintf(name, sizeof name, "%s.bak.2", path);
	assert_int_equal(unlink(name), 0);
	assert_int_equal(mkdir(name, 0755), 0);
	assert_int_equal(nq_backup_rotate(path, bak, sizeof bak, &err), -1);
	assert_string_equal(err.file, name);
	assert_string_equal(text_of(path), "current\n");
	snprintf(name, sizeof name, "%s.bak", path);
	assert_string_equal(text_of(name), "version 7\n");

	/* a copy: the file stays, .bak holds the same */
	at(path, sizeof path, "c.csv");
	put(path, "kept and copied\n");
	assert_int_equal(nq_backup_copy(path, bak, sizeof bak, &err), 0);
	assert_string_equal(text_of(path), "kept and copied\n");
	assert_string_equal(text_of(bak), "kept and copied\n");
	put(path, "changed\n");
	assert_int_equal(nq_backup_copy(path, bak, sizeof bak, &err), 0);
	snprintf(name, sizeof name, "%s.bak.1", path);
	assert_string_equal(text_of(name), "kept and copied\n");
	assert_string_equal(text_of(bak), "changed\n");
	at(path, sizeof path, "gone.csv");
	assert_int_equal(nq_backup_copy(path, bak, sizeof bak, &err), -1);
	assert_non_null(strstr(err.msg, "cannot read"));
}

static void lock_against_another(void **state)
{
	char path[256], lockfile[300];
	nq_lock l, again;
	nq_error err;
	struct stat st;
	int status;
	pid_t child;

	(void)state;
	at(path, sizeof path, "l.csv");
	snprintf(lockfile, sizeof lockfile, "%s.lock", path);
	assert_int_equal(nq_lock_holder(path), 0);
	assert_int_equal(nq_lock_take(&l, path, &err), 0);
	assert_string_equal(l.path, lockfile);

	/* another process: refused, told who holds it (the file says so
	 * too; read there, as closing any descriptor of the file would
	 * drop this process's lock) */
	child = fork();
	assert_true(child >= 0);
	if (!child) {
		char pid[32];

		snprintf(pid, sizeof pid, "PID %ld", (long)getppid());
		_exit(atol(text_of(lockfile)) == (long)getppid() &&
		      nq_lock_take(&again, path, &err) == -1 &&
		      strstr(err.msg, pid) && strstr(err.msg, "-o") &&
		      nq_lock_holder(path) == (long)getppid() ? 0 : 1);
	}
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);

	nq_lock_release(&l);
	assert_int_equal(l.fd, -1);
	assert_int_not_equal(stat(lockfile, &st), 0);
	assert_int_equal(nq_lock_holder(path), 0);
	nq_lock_release(&l); /* twice: nothing */

	/* free again: another process takes it */
	child = fork();
	assert_true(child >= 0);
	if (!child) {
		int ok = nq_lock_take(&again, path, &err) == 0;

		nq_lock_release(&again);
		_exit(ok ? 0 : 1);
	}
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_int_equal(WEXITSTATUS(status), 0);

	/* a lock file that is a link is refused */
	assert_int_equal(symlink("/nonexistent", lockfile), 0);
	assert_int_equal(nq_lock_take(&l, path, &err), -1);
	assert_int_equal(l.fd, -1);
	assert_int_equal(unlink(lockfile), 0);
}

/* In a child: whether nq_lock_take(path) is refused, naming the parent
 * and, when `as` is not NULL, the name the parent holds it by. */
static int refused_in_child(const char *path, const char *as)
{
	pid_t child = fork();
	int status;

	assert_true(child >= 0);
	if (!child) {
		char pid[32];
		nq_lock again;
		nq_error err;
		int refused = nq_lock_take(&again, path, &err) == -1;

		snprintf(pid, sizeof pid, "PID %ld", (long)getppid());
		nq_lock_release(&again);
		_exit(!refused ? 2 : strstr(err.msg, pid) &&
		      (!as || strstr(err.msg, as)) &&
		      nq_lock_holder(path) == (long)getppid() ? 0 : 1);
	}
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_true(WIFEXITED(status));
	return WEXITSTATUS(status);
}

static void lock_follows_the_file(void **state)
{
	char path[256], link2[256], link3[256], fresh[256], lockfile[300];
	struct stat st;
	nq_lock l;
	nq_error err;
	int fd;

	(void)state;
	at(path, sizeof path, "h.csv");
	at(link2, sizeof link2, "h2.csv");
	at(link3, sizeof link3, "h3.csv");
	at(fresh, sizeof fresh, "h.csv.new");
	put(path, "rows\n");
	assert_int_equal(link(path, link2), 0);
	assert_int_equal(nq_lock_take(&l, path, &err), 0);

	/* a hard link is the same file: refused, naming the holder and
	 * its name; the refused name leaves no lock file */
	assert_int_equal(refused_in_child(link2, "h.csv (the same file"), 0);
	snprintf(lockfile, sizeof lockfile, "%s.lock", link2);
	assert_int_not_equal(stat(lockfile, &st), 0);

	/* the file read through another descriptor, which is closed: a
	 * POSIX lock would be gone now, this one is not */
	fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(refused_in_child(link2, NULL), 0);

	/* a new file renamed over the name: the lock moves to it (the old
	 * one, still h2.csv, is free), and the caller's descriptor of the
	 * new one may close */
	put(fresh, "new rows\n");
	fd = open(fresh, O_RDWR);
	assert_true(fd >= 0);
	nq_lock_follow(&l, fd);
	close(fd);
	assert_int_equal(rename(fresh, path), 0);
	assert_int_equal(link(path, link3), 0);
	assert_int_equal(refused_in_child(link2, NULL), 2);
	assert_int_equal(refused_in_child(link3, NULL), 0);
	assert_int_equal(refused_in_child(path, NULL), 0);

	/* released: free by every name */
	nq_lock_release(&l);
	assert_int_equal(l.file_fd, -1);
	assert_int_equal(nq_lock_holder(link3), 0);
	assert_int_equal(refused_in_child(link3, NULL), 2);
}

/* -o x means x.csv: one results file, one .meta, one lock */
static void csv_names(void **state)
{
	static const struct {
		const char *in, *out;
	} t[] = {
		{ "x", "x.csv" }, { "x.csv", "x.csv" }, { "d/x", "d/x.csv" },
		{ "x.txt", "x.txt.csv" }, { "x.meta", "x.meta.csv" },
		{ "d/.csv", "d/.csv.csv" }, { ".csv", ".csv.csv" },
		{ "a.csv/x", "a.csv/x.csv" }, { "d/", "d/" },
		{ "/dev/null", "/dev/null" }, { "/tmp", "/tmp" },
	};
	char link_path[256], *p;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		p = nq_csv_path(t[i].in);
		assert_non_null(p);
		assert_string_equal(p, t[i].out);
		free(p);
	}
	/* a symbolic link is kept, for the output check to refuse */
	at(link_path, sizeof link_path, "sym");
	assert_int_equal(symlink("/nonexistent", link_path), 0);
	p = nq_csv_path(link_path);
	assert_string_equal(p, link_path);
	free(p);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(commit_replaces_whole),
		cmocka_unit_test(abort_leaves_target),
		cmocka_unit_test(failed_commit),
		cmocka_unit_test(what_may_not_be_written),
		cmocka_unit_test(sweep_stale),
		cmocka_unit_test(backups_rotate),
		cmocka_unit_test(lock_against_another),
		cmocka_unit_test(lock_follows_the_file),
		cmocka_unit_test(csv_names),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("atomic", tests, setup, teardown);
}
