/* errlog.c - see errlog.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "errlog.h"
#include "runner.h"

int nq_write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t w = write(fd, p, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

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

/* The log file opened (appending) and the run's header written, once;
 * -1 when it cannot be. */
static int log_open(nq_errlog *l)
{
	char head[300];
	int h;

	if (l->out >= 0 || l->cannot)
		return l->out;
	if (!l->path ||
	    (l->out = open(l->path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC,
			   0644)) < 0) {
		l->cannot = 1;
		return -1;
	}
	h = snprintf(head, sizeof head, "=== %s ===\n",
		     l->label ? l->label : "run");
	nq_write_all(l->out, head, (size_t)h < sizeof head ? (size_t)h
						      : sizeof head - 1);
	return l->out;
}

static void log_feed(nq_errlog *l, const char *buf, size_t len)
{
	size_t i, keep = len;

	if (l->kept + keep > NQ_LOG_MAX)
		keep = NQ_LOG_MAX - l->kept;
	if (keep && l->spool >= 0 && !l->cannot) {
		if (nq_write_all(l->spool, buf, keep) == 0)
			l->endc = buf[keep - 1];
	} else if (keep && log_open(l) >= 0) {
		nq_write_all(l->out, buf, keep);
		l->endc = buf[keep - 1];
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
		if (r < 0 || nq_write_all(l->out, chunk, (size_t)r))
			return;
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
		if (l->kept)
			spool_copy(l);
		close(l->spool);
		l->spool = -1;
	}
	if (l->out >= 0) {
		char tail[120];
		int t;

		if (l->dropped) {
			t = snprintf(tail, sizeof tail, "\n[stderr cut at %d "
				     "bytes: %zu more not kept]\n", NQ_LOG_MAX,
				     l->dropped);
			nq_write_all(l->out, tail, (size_t)t);
		} else if (l->endc != '\n') {
			nq_write_all(l->out, "\n", 1); /* the next header's line */
		}
		close(l->out);
		l->out = -1;
	}
}

