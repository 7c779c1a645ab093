/*
 * errlog.h - a run's stderr, read from a pipe while the parent waits:
 * kept in the log file (nq_limits.log_path) up to NQ_LOG_MAX bytes under
 * a "=== label ===" line, its last non-empty line remembered for the
 * CSV note. Used by the runner only.
 */
#ifndef NQ_ERRLOG_H
#define NQ_ERRLOG_H

#include <stddef.h>

/* One run's log; the runner fills fd, path, label and out = -1. */
typedef struct nq_errlog {
	int fd;                /* the pipe's read end; -1 once at EOF */
	const char *path, *label;
	int out;               /* the log file; -1 until the first byte */
	int cannot;            /* the log cannot be opened: drop */
	size_t kept, dropped;
	char endc;             /* the last byte written */
	char line[200];        /* the line being read, printable bytes */
	size_t linelen;
	char last[200];        /* the last non-empty line */
} nq_errlog;

/* Read what the pipe holds now (it is non-blocking). */
void nq_errlog_read(nq_errlog *l);
/* Read the rest, close the pipe and the log (saying what was cut). */
void nq_errlog_close(nq_errlog *l);

/* write(2) all of buf, through EINTR and short writes. 0 or -1. */
int nq_write_all(int fd, const void *buf, size_t len);

#endif
