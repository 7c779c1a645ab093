/* errlog.c - see errlog.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>
#include "errlog.h"
#include "host.h"

static void log_line_end(nq_errlog *l)
{
	size_t i;

	l->line[l->linelen] = '\0';
	for (i = 0; i < l->linelen; i++)
		if (l->line[i] != ' ' && l->line[i] != '\t') {
			memcpy(l->last, l->line, l->linelen + 1);
			break;
		}
	l->linelen = 0;
}

/* The first failure to write a log, for nq_errlog_failure; after it no
 * log is written. */
static char failure[900];

const char *nq_errlog_failure(void)
{
	return failure[0] ? failure : NULL;
}

void nq_errlog_failed(const char *why)
{
	if (!failure[0] && why && why[0])
		snprintf(failure, sizeof failure, "%s", why);
}

/* A write to the log failed (errno e): this run's part taken out again,
 * the log closed, no log from now on. */
static void log_fail(nq_errlog *l, int e)
{
	if (!failure[0])
		snprintf(failure, sizeof failure, "%s: cannot write: %s (the "
			 "stderr of %s is not kept)", l->path, strerror(e),
			 l->label ? l->label : "a run");
	if (l->out >= 0) {
		if (ftruncate(l->out, (off_t)l->base) < 0) {
			/* what is there stays: a part cut short */
		}
		close(l->out);
		l->out = -1;
	}
	l->cannot = 1;
}

/* The log file opened (appending) and the run's header written, once;
 * -1 when it cannot be. */
static int log_open(nq_errlog *l)
{
	char head[300];
	int h;

	if (l->out >= 0 || l->cannot)
		return l->out;
	if (!l->path || failure[0]) {
		l->cannot = 1;
		return -1;
	}
	if ((l->out = open(l->path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC,
			   0644)) < 0) {
		log_fail(l, errno);
		return -1;
	}
	/* several processes may append (worker.h): a spooled part is
	 * written whole under the lock, held until its close (a part
	 * written as it comes, without a spool, takes none: it would hold
	 * it for the whole run) */
	while (l->spool >= 0 && flock(l->out, LOCK_EX) < 0 && errno == EINTR)
		;
	l->base = (long long)lseek(l->out, 0, SEEK_END);
	if (l->base < 0)
		l->base = 0;
	h = snprintf(head, sizeof head, "=== %s ===\n",
		     l->label ? l->label : "run");
	if (nq_write_all(l->out, head, (size_t)h < sizeof head ? (size_t)h
			 : sizeof head - 1) < 0) {
		log_fail(l, errno);
		return -1;
	}
	return l->out;
}

/* write(2) as much of buf as goes: the bytes written; *e the errno
 * when not all did. */
static size_t write_some(int fd, const char *buf, size_t len, int *e)
{
	size_t done = 0;

	while (done < len) {
		ssize_t w = write(fd, buf + done, len - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			*e = w < 0 ? errno : ENOSPC;
			break;
		}
		done += (size_t)w;
	}
	return done;
}

static void log_feed(nq_errlog *l, const char *buf, size_t len)
{
	size_t i, keep = len;

	if (l->kept + keep > NQ_LOG_MAX)
		keep = NQ_LOG_MAX - l->kept;
	if (keep && l->spool >= 0 && !l->cannot) {
		/* a spool that filled its directory keeps what it holds;
		 * the rest is dropped, and the log says why */
		size_t w = l->spool_err ? 0 : write_some(l->spool, buf, keep,
							 &l->spool_err);

		if (w)
			l->endc = buf[w - 1];
		keep = w;
	} else if (keep && log_open(l) >= 0) {
		if (nq_write_all(l->out, buf, keep) == 0) {
			l->endc = buf[keep - 1];
		} else {
			log_fail(l, errno);
			keep = 0;
		}
	}
	l->kept += keep;
	l->dropped += len - keep;
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)buf[i];

		if (c == '\n' || c == '\r')
			log_line_end(l);
		else if (c >= 0x20 && c != 0x7f && l->linelen < sizeof l->line - 1)
			l->line[l->linelen++] = (char)c;
	}
}

int nq_errlog_spool(nq_errlog *l, const char *dir)
{
	char path[700];

	l->spool = -1;
	if (!l->path)
		return 0; /* nothing will be kept */
	snprintf(path, sizeof path, "%s/.stderr-XXXXXX", dir);
	if ((l->spool = mkstemp(path)) < 0)
		return -1;
	/* the run never sees it, and it goes with the last close */
	unlink(path);
	fcntl(l->spool, F_SETFD, FD_CLOEXEC);
	return 0;
}

/* The spool appended to the log, in one piece. */
static void spool_copy(nq_errlog *l)
{
	char chunk[65536];
	ssize_t r;

	if (lseek(l->spool, 0, SEEK_SET) < 0 || log_open(l) < 0)
		return;
	while ((r = read(l->spool, chunk, sizeof chunk)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return;
		if (nq_write_all(l->out, chunk, (size_t)r)) {
			log_fail(l, errno);
			return;
		}
	}
}

/* Read what the pipe holds now (it is non-blocking). */
void nq_errlog_read(nq_errlog *l)
{
	char chunk[65536];

	while (l->fd >= 0) {
		ssize_t r = read(l->fd, chunk, sizeof chunk);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		if (r <= 0) {
			close(l->fd);
			l->fd = -1;
			return;
		}
		log_feed(l, chunk, (size_t)r);
	}
}

void nq_errlog_close(nq_errlog *l)
{
	nq_errlog_read(l);
	if (l->fd >= 0)
		close(l->fd);
	l->fd = -1;
	if (l->linelen)
		log_line_end(l);
	if (l->spool >= 0) {
		if (l->kept || l->dropped)
			spool_copy(l);
		close(l->spool);
		l->spool = -1;
	}
	if (l->out >= 0) {
		char tail[300];
		int t = 0;

		if (l->dropped && l->spool_err)
			t = snprintf(tail, sizeof tail, "\n[stderr cut at %zu "
				     "bytes: %zu more not kept (the run's "
				     "temporary directory: %s)]\n", l->kept,
				     l->dropped, strerror(l->spool_err));
		else if (l->dropped)
			t = snprintf(tail, sizeof tail, "\n[stderr cut at %zu "
				     "bytes: %zu more not kept]\n", l->kept,
				     l->dropped);
		else if (l->endc != '\n')
			t = snprintf(tail, sizeof tail, "\n"); /* the next
							       header's line */
		if (t > 0 && nq_write_all(l->out, tail, (size_t)t) < 0) {
			log_fail(l, errno);
			return;
		}
		if (close(l->out) < 0 && !failure[0]) {
			l->out = -1; /* closed all the same: nothing to undo */
			log_fail(l, errno);
		}
		l->out = -1;
	}
}

