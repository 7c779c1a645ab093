/* atomic.c - see atomic.h. */
#define _GNU_SOURCE /* F_OFD_SETLK */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "host.h"
#include "atomic.h"

static const char *kind_of(mode_t m)
{
	return S_ISDIR(m) ? "a directory" : S_ISCHR(m) ? "a character device"
	       : S_ISBLK(m) ? "a block device" : S_ISFIFO(m) ? "a FIFO"
	       : S_ISSOCK(m) ? "a socket" : S_ISLNK(m) ? "a symbolic link"
	       : "not a regular file";
}

int nq_output_check(const char *path, nq_error *err)
{
	struct stat st;

	if (!path[0])
		return nq_error_set(err, path, 0, 0, "an empty file name");
	if (lstat(path, &st) < 0) {
		if (errno == ENOENT)
			return 0;
		return nq_error_set(err, path, 0, 0, "cannot write: %s",
				    strerror(errno));
	}
	if (S_ISREG(st.st_mode))
		return 0;
	if (S_ISLNK(st.st_mode))
		return nq_error_set(err, path, 0, 0, "refusing to write: it "
				    "is a symbolic link (never followed or "
				    "replaced; give the path of its target)");
	return nq_error_set(err, path, 0, 0, "refusing to write: it exists "
			    "and is %s, not a regular file", kind_of(st.st_mode));
}

char *nq_csv_path(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	size_t len = strlen(path), blen = strlen(base);
	struct stat st;
	char *p;

	if ((blen > 4 && !strcmp(base + blen - 4, ".csv")) || !blen ||
	    (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)))
		return strdup(path);
	if ((p = malloc(len + sizeof ".csv")))
		snprintf(p, len + sizeof ".csv", "%s.csv", path);
	return p;
}

int nq_atomic_open(nq_atomic *a, const char *path, nq_error *err)
{
	mode_t mask = umask(0);
	int fd;

	umask(mask);
	a->f = NULL;
	a->path = path;
	a->tmp[0] = '\0';
	if (nq_output_check(path, err))
		return -1;
	/* the writer's PID in the name: the next writer of the target,
	 * under its lock, knows a stale one from a live one (nq_atomic_sweep) */
	if (snprintf(a->tmp, sizeof a->tmp, "%s.tmp-%ld-XXXXXX", path,
		     (long)getpid()) >= (int)sizeof a->tmp)
		return nq_error_set(err, path, 0, 0, "path too long");
	if ((fd = mkstemp(a->tmp)) < 0)
		return nq_error_set(err, path, 0, 0, "cannot write: %s",
				    strerror(errno));
	if (fchmod(fd, 0666 & ~mask) < 0 || !(a->f = fdopen(fd, "w"))) {
		nq_error_set(err, path, 0, 0, "cannot write: %s",
			     strerror(errno));
		close(fd);
		unlink(a->tmp);
		return -1;
	}
	return 0;
}

int nq_atomic_commit(nq_atomic *a, nq_error *err)
{
	int bad = fflush(a->f) != 0 || ferror(a->f) ||
		  fsync(fileno(a->f)) != 0;
	int saved = errno;

	if (fclose(a->f) != 0 && !bad) {
		bad = 1;
		saved = errno;
	}
	a->f = NULL;
	if (!bad && rename(a->tmp, a->path) == 0)
		return 0;
	if (!bad)
		saved = errno;
	unlink(a->tmp);
	return nq_error_set(err, a->path, 0, 0, "cannot write: %s",
			    strerror(saved ? saved : EIO));
}

void nq_atomic_abort(nq_atomic *a)
{
	if (a->f)
		fclose(a->f);
	a->f = NULL;
	unlink(a->tmp);
}

/* 1 when `rest` (what follows PATH.tmp in a name) is a temporary file's
 * of a writer no longer running: -PID-XXXXXX with PID not a live
 * process, or XXXXXX (the names from before the PID was in them). */
static int stale_tmp(const char *rest)
{
	char *end;
	long pid;

	if (rest[0] != '-')
		return strlen(rest) == 6 && !rest[strspn(rest,
			"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			"0123456789")];
	errno = 0;
	pid = strtol(rest + 1, &end, 10);
	if (errno || pid <= 0 || end == rest + 1 || *end != '-' ||
	    strlen(end + 1) != 6)
		return 0;
	if (pid == (long)getpid())
		return 0;
	return nq_pid_gone(pid);
}

size_t nq_atomic_sweep(const char *path)
{
	char dir[4200], full[4400];
	const char *slash = strrchr(path, '/'), *base;
	size_t blen, removed = 0;
	struct dirent *e;
	struct stat st;
	DIR *d;

	if (slash) {
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path + 1), path);
		base = slash + 1;
	} else {
		snprintf(dir, sizeof dir, "./");
		base = path;
	}
	blen = strlen(base);
	if (!blen || !(d = opendir(dir)))
		return 0;
	while ((e = readdir(d))) {
		if (strncmp(e->d_name, base, blen) ||
		    strncmp(e->d_name + blen, ".tmp", 4) ||
		    !stale_tmp(e->d_name + blen + 4))
			continue;
		if (snprintf(full, sizeof full, "%s%s", slash ? dir : "",
			     e->d_name) >= (int)sizeof full ||
		    lstat(full, &st) < 0 || !S_ISREG(st.st_mode))
			continue;
		if (unlink(full) == 0) {
			fprintf(stderr, "harness: removed %s, left by a harness "
				"no longer running (a temporary file, %lld "
				"bytes)\n", full, (long long)st.st_size);
			removed++;
		}
	}
	closedir(d);
	return removed;
}

/* slot 0: path.bak; slot i: path.bak.i */
static int slot_name(char *buf, size_t len, const char *path, int i)
{
	int w = i ? snprintf(buf, len, "%s.bak.%d", path, i)
		  : snprintf(buf, len, "%s.bak", path);

	return w < 0 || (size_t)w >= len ? -1 : 0;
}

/* The backup slots checked and shifted one up (the oldest dropped), so
 * that path.bak is free: 0, or -1 with err set. */
static int shift_slots(const char *path, nq_error *err)
{
	char from[4200], to[4200];
	struct stat st;
	int i;

	for (i = 0; i < NQ_BACKUPS; i++) {
		if (slot_name(from, sizeof from, path, i))
			return nq_error_set(err, path, 0, 0, "path too long");
		if (lstat(from, &st) == 0 && !S_ISREG(st.st_mode))
			return nq_error_set(err, from, 0, 0, "cannot keep the "
					    "old results here: it is %s, not "
					    "a regular file", kind_of(st.st_mode));
	}
	/* oldest first: .bak.(N-2) -> .bak.(N-1), ..., .bak -> .bak.1 */
	for (i = NQ_BACKUPS - 1; i > 0; i--) {
		slot_name(to, sizeof to, path, i);
		slot_name(from, sizeof from, path, i - 1);
		if (rename(from, to) < 0 && errno != ENOENT)
			return nq_error_set(err, from, 0, 0, "cannot move "
					    "it to %s: %s", to, strerror(errno));
	}
	return 0;
}

int nq_backup_rotate(const char *path, char *bak, size_t len, nq_error *err)
{
	char to[4200];
	struct stat st;

	if (lstat(path, &st) < 0)
		return errno == ENOENT ? 0 : nq_error_set(err, path, 0, 0,
			"cannot write: %s", strerror(errno));
	if (nq_output_check(path, err) || shift_slots(path, err))
		return -1;
	slot_name(to, sizeof to, path, 0);
	if (rename(path, to) < 0)
		return nq_error_set(err, path, 0, 0, "cannot keep the old "
				    "results as %s: %s", to, strerror(errno));
	snprintf(bak, len, "%s", to);
	return 1;
}

int nq_backup_copy(const char *path, char *bak, size_t len, nq_error *err)
{
	char to[4200], chunk[65536];
	nq_atomic a;
	size_t got;
	FILE *in;

	if (nq_output_check(path, err) || shift_slots(path, err))
		return -1;
	slot_name(to, sizeof to, path, 0);
	if (!(in = fopen(path, "rb")))
		return nq_error_set(err, path, 0, 0, "cannot read: %s",
				    strerror(errno));
	if (nq_atomic_open(&a, to, err) < 0) {
		fclose(in);
		return -1;
	}
	while ((got = fread(chunk, 1, sizeof chunk, in)) > 0)
		if (fwrite(chunk, 1, got, a.f) != got)
			break;
	if (ferror(in)) {
		fclose(in);
		nq_atomic_abort(&a);
		return nq_error_set(err, path, 0, 0, "cannot read: %s",
				    strerror(errno));
	}
	fclose(in);
	if (nq_atomic_commit(&a, err) < 0)
		return -1;
	snprintf(bak, len, "%s", to);
	return 0;
}

/* An open file description lock of `type` on the whole of fd's file
 * (F_OFD_SETLK; F_OFD_GETLK when `test`): 0 free (and taken, unless
 * test), 1 held by another description, -1 no such lock here (a kernel
 * before 3.15, a file system without them): the name's lock is all
 * there is then. */
static int ofd_lock(int fd, short type, int test)
{
#ifdef F_OFD_SETLK
	struct flock fl;

	memset(&fl, 0, sizeof fl);
	fl.l_type = type;
	fl.l_whence = SEEK_SET;
	if (fcntl(fd, test ? F_OFD_GETLK : F_OFD_SETLK, &fl) == 0)
		return test && fl.l_type != F_UNLCK;
	return errno == EAGAIN || errno == EACCES ? 1 : -1;
#else
	(void)fd;
	(void)type;
	(void)test;
	return -1;
#endif
}

/* Who holds an open file description lock on the file (dev, ino): the
 * kernel keeps no PID with such a lock, but lists the locks of each
 * descriptor in /proc/PID/fdinfo/FD. The PID, with its name for the
 * file in `name` (/proc/PID/fd/FD), or -1 when none is found (another
 * user's process, or no /proc). Slow on a busy machine (every
 * descriptor of every process is looked at): only when a lock is held. */
static long ofd_holder(dev_t dev, ino_t ino, char *name, size_t len)
{
	char fd[600], info[600], line[256];
	struct dirent *p, *e;
	struct stat st;
	DIR *procs, *fds;
	long pid = -1;

	name[0] = '\0';
	if (!(procs = opendir("/proc")))
		return -1;
	while (pid < 0 && (p = readdir(procs))) {
		if (p->d_name[0] < '1' || p->d_name[0] > '9')
			continue;
		snprintf(fd, sizeof fd, "/proc/%s/fd", p->d_name);
		if (!(fds = opendir(fd)))
			continue;
		while (pid < 0 && (e = readdir(fds))) {
			FILE *f;
			int held = 0;

			snprintf(fd, sizeof fd, "/proc/%s/fd/%s", p->d_name,
				 e->d_name);
			if (e->d_name[0] == '.' || stat(fd, &st) < 0 ||
			    st.st_dev != dev || st.st_ino != ino)
				continue;
			snprintf(info, sizeof info, "/proc/%s/fdinfo/%s",
				 p->d_name, e->d_name);
			if (!(f = fopen(info, "r")))
				continue;
			while (fgets(line, sizeof line, f))
				held |= !strncmp(line, "lock:", 5) &&
					strstr(line, "OFDLCK") != NULL;
			fclose(f);
			if (held) {
				ssize_t n = readlink(fd, name, len - 1);

				name[n > 0 ? n : 0] = '\0';
				pid = atol(p->d_name);
			}
		}
		closedir(fds);
	}
	closedir(procs);
	return pid;
}

/* The lock of the file `path` names, when there is one (atomic.h): on a
 * descriptor of its own (l->file_fd), for writing, or for reading when
 * this user may not write it (a new run only renames it; a writer is
 * still kept out). 0 taken, or nothing to lock; -1 with err set when
 * another process holds it. */
static int lock_file(nq_lock *l, const char *path, nq_error *err)
{
	char name[4200];
	struct stat st;
	short type = F_WRLCK;
	long pid;
	int fd, rc;

	fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY |
		  O_NONBLOCK);
	if (fd < 0 && errno == EACCES) {
		type = F_RDLCK;
		fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY |
			  O_NONBLOCK);
	}
	/* none yet (the run makes it, nq_lock_follow), or one the output
	 * check refuses by its name */
	if (fd < 0)
		return 0;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    (rc = ofd_lock(fd, type, 0)) < 0) {
		close(fd);
		return 0;
	}
	if (rc == 0) {
		l->file_fd = fd;
		return 0;
	}
	close(fd);
	pid = ofd_holder(st.st_dev, st.st_ino, name, sizeof name);
	if (pid < 0)
		return nq_error_set(err, path, 0, 0, "another harness run is "
				    "writing it, under another name of the "
				    "same file (a hard link); wait for it to "
				    "end, or write elsewhere with -o");
	return nq_error_set(err, path, 0, 0, "another harness run (PID %ld) "
			    "is writing it, as %s (the same file under "
			    "another name); wait for it to end, or write "
			    "elsewhere with -o", pid, name);
}

int nq_lock_take(nq_lock *l, const char *path, nq_error *err)
{
	struct stat held, named;
	struct flock fl;
	char pid[32];
	int fd, tries;
	ssize_t got;

	l->fd = -1;
	l->file_fd = -1;
	if (snprintf(l->path, sizeof l->path, "%s.lock", path) >=
	    (int)sizeof l->path)
		return nq_error_set(err, path, 0, 0, "path too long");
	for (tries = 0; tries < 100; tries++) {
		if (nq_output_check(l->path, err))
			return -1;
		fd = open(l->path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW,
			  0666);
		if (fd < 0)
			return nq_error_set(err, l->path, 0, 0, "cannot make "
					    "the lock file: %s",
					    strerror(errno));
		memset(&fl, 0, sizeof fl);
		fl.l_type = F_WRLCK;
		fl.l_whence = SEEK_SET;
		if (fcntl(fd, F_SETLK, &fl) < 0) {
			int e = errno;
			long holder = 0;

			if (e == EACCES || e == EAGAIN) {
				/* the kernel knows the holder; the file
				 * says it too */
				memset(&fl, 0, sizeof fl);
				fl.l_type = F_WRLCK;
				fl.l_whence = SEEK_SET;
				if (fcntl(fd, F_GETLK, &fl) == 0 &&
				    fl.l_type != F_UNLCK)
					holder = (long)fl.l_pid;
				got = pread(fd, pid, sizeof pid - 1, 0);
				pid[got > 0 ? got : 0] = '\0';
				pid[strcspn(pid, "\n")] = '\0';
				if (holder > 0)
					snprintf(pid, sizeof pid, "%ld",
						 holder);
			}
			close(fd);
			if (e != EACCES && e != EAGAIN)
				return nq_error_set(err, l->path, 0, 0,
						    "cannot lock: %s",
						    strerror(e));
			return nq_error_set(err, path, 0, 0, "another harness "
					    "run (PID %s) is writing it (it "
					    "holds %s); wait for it to end, "
					    "or write elsewhere with -o",
					    pid[0] ? pid : "unknown", l->path);
		}
		/* The holder before us may have removed the file as it
		 * ended: then ours is no longer the lock file; again. */
		if (fstat(fd, &held) == 0 && stat(l->path, &named) == 0 &&
		    held.st_dev == named.st_dev && held.st_ino == named.st_ino)
			break;
		close(fd);
		fd = -1;
	}
	if (fd < 0)
		return nq_error_set(err, l->path, 0, 0, "cannot lock: the "
				    "lock file keeps changing");
	snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
	if (ftruncate(fd, 0) < 0 ||
	    pwrite(fd, pid, strlen(pid), 0) != (ssize_t)strlen(pid)) {
		close(fd);
		return nq_error_set(err, l->path, 0, 0, "cannot write the "
				    "lock file: %s", strerror(errno));
	}
	l->fd = fd;
	/* the name is ours; the file may have others */
	if (lock_file(l, path, err) < 0) {
		nq_lock_release(l);
		return -1;
	}
	return 0;
}

void nq_lock_follow(nq_lock *l, int fd)
{
	int own;

	if (l->fd < 0)
		return;
	own = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	/* the old file's lock is kept when the new one's cannot be had */
	if (own < 0)
		return;
	if (ofd_lock(own, F_WRLCK, 0) != 0) {
		close(own);
		return;
	}
	if (l->file_fd >= 0)
		close(l->file_fd);
	l->file_fd = own;
}

long nq_lock_holder(const char *path)
{
	char lp[4200], text[32];
	struct flock fl;
	struct stat st;
	long pid = 0;
	ssize_t got;
	int fd;

	if (snprintf(lp, sizeof lp, "%s.lock", path) >= (int)sizeof lp)
		return 0;
	if ((fd = open(lp, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)) >= 0) {
		memset(&fl, 0, sizeof fl);
		fl.l_type = F_WRLCK;
		fl.l_whence = SEEK_SET;
		if (fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK) {
			/* the kernel may not say (a PID namespace): the
			 * file says it too */
			pid = fl.l_pid > 0 ? (long)fl.l_pid : -1;
			got = pid < 0 ? pread(fd, text, sizeof text - 1, 0) : 0;
			text[got > 0 ? got : 0] = '\0';
			if (pid < 0 && atol(text) > 0)
				pid = atol(text);
		}
		close(fd);
		if (pid)
			return pid;
	}
	/* the file itself, written under another name */
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY |
		       O_NONBLOCK)) < 0)
		return 0;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    ofd_lock(fd, F_WRLCK, 1) == 1)
		pid = ofd_holder(st.st_dev, st.st_ino, lp, sizeof lp);
	close(fd);
	return pid;
}

void nq_lock_release(nq_lock *l)
{
	if (l->fd < 0)
		return;
	unlink(l->path); /* still held: no one else has it now */
	close(l->fd);
	l->fd = -1;
	if (l->file_fd >= 0)
		close(l->file_fd);
	l->file_fd = -1;
}
