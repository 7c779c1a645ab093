/*
 * errlog.h - a run's stderr, read from a pipe while the parent waits:
 * kept in the log file (nq_limits.log_path) up to NQ_LOG_MAX bytes under
 * a "=== label ===" line, its last non-empty line remembered for the
 * CSV note. Used by the runner only.
 *
 * Several runs may write at once, so what a run writes is kept in a
 * spool file of its own (unlinked, in the run's temporary directory)
 * and appended to the log whole when the run ends: one run's lines stay
 * together under its header, whatever the others write meanwhile.
 */
#ifndef NQ_ERRLOG_H
#define NQ_ERRLOG_H

#include <stddef.h>

/* The most of a run's stderr kept in the log, in bytes. */
#define NQ_LOG_MAX (1024 * 1024)

/* One run's log; the runner fills fd, path (NULL: no log, only the
 * last line kept), label, out = -1 and spool (nq_errlog_spool, or -1:
 * straight into the log as it comes). */
typedef struct nq_errlog {
	int fd;                /* the pipe's read end; -1 once at EOF */
	const char *path, *label;
	int out;               /* the log file; -1 until the first byte */
	int spool;             /* what is kept until the close; -1: none */
	int cannot;            /* the log cannot be opened: drop */
	int spool_err;         /* errno of a spool write that failed (the
				  run's temporary directory full): what
				  came after is dropped, and said so */
	long long base;        /* the log's size before this run's part */
	size_t kept, dropped;
	char endc;             /* the last byte written */
	char line[200];        /* the line being read, printable bytes */
	size_t linelen;
	char last[200];        /* the last non-empty line */
} nq_errlog;

/* Make the spool: an unlinked file in dir. 0, or -1 (spool stays -1). */
int nq_errlog_spool(nq_errlog *l, const char *dir);
/* Read what the pipe holds now (it is non-blocking). */
void nq_errlog_read(nq_errlog *l);
/* Read the rest, close the pipe; append the spool to the log (saying
 * what was cut) and close both. */
void nq_errlog_close(nq_errlog *l);

/* The first write to a log file that failed, in this process: "FILE:
 * cannot write: WHY (the stderr of LABEL is not kept)"; NULL while none
 * has. The part being written is taken out again (the log ends with
 * the last whole part), and from then on no log is written at all: the
 * runs that end after it are not in the results either (core/run/run.c
 * stops), so a resumed run writes their parts whole. */
const char *nq_errlog_failure(void);
/* A failure another process met (a worker's, worker.h) taken as this
 * one's: nq_errlog_failure says it from now on (the first one kept). */
void nq_errlog_failed(const char *why);

#endif
