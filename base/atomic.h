/*
 * atomic.h - write a file whole or not at all: the text goes to a
 * temporary file beside the target (mode 0666 less the umask, as fopen
 * would make it), which is flushed to disk and renamed over the target
 * only when every byte is written. It is named PATH.tmp-PID-XXXXXX (PID
 * the writer's), so a later writer can tell one left by a writer that
 * was killed from one still being written (nq_atomic_sweep). A reader,
 * or an interruption at any point, sees the old file or the new one,
 * never half of one.
 */
#ifndef NQ_ATOMIC_H
#define NQ_ATOMIC_H

#include <stddef.h>
#include <stdio.h>
#include "error.h"

typedef struct nq_atomic {
	FILE *f;          /* write here */
	char tmp[4200];   /* the temporary file's name */
	const char *path; /* the target (borrowed) */
} nq_atomic;

/* Open a temporary file beside `path`. -1 with err set (naming path). */
int nq_atomic_open(nq_atomic *a, const char *path, nq_error *err);
/* Flush, sync and rename over the target. On failure (a write error
 * included) the target is untouched, the temporary file removed, -1. */
int nq_atomic_commit(nq_atomic *a, nq_error *err);
/* Give up: close and remove the temporary file. */
void nq_atomic_abort(nq_atomic *a);

/* The temporary files of `path` that writers no longer running left
 * (killed mid-write): PATH.tmp-PID-XXXXXX, as nq_atomic_open names them,
 * whose PID is no running process, and PATH.tmpXXXXXX, the names of
 * older versions. Removed, each said on stderr. Call with the lock of
 * the file being written held (nq_lock_take), so no other writer of it
 * is running; a temporary file whose PID runs is kept all the same.
 * The number removed. */
size_t nq_atomic_sweep(const char *path);

/* Whether `path` may be written (replaced by a regular file): 0 when it
 * does not exist or is a regular file; -1 with err set when it is a
 * directory, a device, a FIFO, a socket or a symbolic link. A symbolic
 * link is refused, never followed and never replaced: name its target.
 * nq_atomic_open checks this first. */
int nq_output_check(const char *path, nq_error *err);

/* The name a results file goes by: `path` when its file name ends in
 * .csv (and holds more than that), else `path` with .csv added (x ->
 * x.csv, x.txt -> x.txt.csv). The files named after a results file
 * (FILE.meta, FILE.stderr.log, FILE.instances.yaml: the name less .csv;
 * FILE.csv.lock) are then its own: x and x.csv were two files with one
 * x.meta. A path that exists and is not a regular file (a directory,
 * /dev/null, a symbolic link) is kept as it is, for nq_output_check to
 * refuse by its own name. Malloc'd (the caller frees it); NULL when out
 * of memory. */
char *nq_csv_path(const char *path);

/* How many backups nq_backup_rotate keeps: FILE.bak (the newest),
 * FILE.bak.1, ..., FILE.bak.(NQ_BACKUPS - 1) (the oldest). */
#define NQ_BACKUPS 5

/* Move an existing `path` aside as path.bak, shifting older backups one
 * number up (path.bak -> path.bak.1 -> ...; the oldest is dropped). A
 * backup slot that exists and is not a regular file stops it (-1, err
 * set, nothing moved). 0 when `path` did not exist; 1 when it was moved
 * (its new name in `bak`). Call with the lock held. */
int nq_backup_rotate(const char *path, char *bak, size_t len, nq_error *err);
/* The same, but `path` is copied to path.bak (written whole, atomic.h)
 * and stays: for a file about to be changed in place (resume dropping a
 * cut last row). 0, or -1 with err set (path untouched). */
int nq_backup_copy(const char *path, char *bak, size_t len, nq_error *err);

/* An exclusive lock for writing `path`, held in two places for as long
 * as the writer runs:
 * - path.lock, which holds the writer's PID: a POSIX record lock (fcntl
 *   F_SETLK), which belongs to this process alone, so a solver's child
 *   that outlives a killed harness does not keep it, and the kernel
 *   names the holder (F_GETLK). It is the lock of the name.
 * - the file itself, when it exists: an open file description lock
 *   (Linux's F_OFD_SETLK) on a descriptor of its own, so every name of
 *   the file (a hard link, a directory reached through a symbolic link)
 *   finds it held, whatever name its writer used. Unlike a POSIX lock
 *   it is not dropped when the process closes another descriptor of the
 *   file (rows read back); its descriptor is close-on-exec and every
 *   child the harness forks closes it (runchild.c, worker.c), so it
 *   ends with the harness too. The kernel keeps no PID with it: the
 *   holder is found in /proc/PID/fdinfo. */
typedef struct nq_lock {
	int fd;             /* path.lock's; -1 when not held */
	int file_fd;        /* the file's own, locked; -1: none */
	char path[4200];    /* path.lock */
} nq_lock;

/* Take the lock without waiting. -1 with err set when another process
 * holds it, through this name or another of the same file (the message
 * names its PID), or the lock file cannot be made. */
int nq_lock_take(nq_lock *l, const char *path, nq_error *err);
/* The file the lock's path names is now another one (made anew, or a
 * file renamed over it), open on `fd`: the lock of the file moves to it
 * (on a descriptor of its own: the caller closes fd when it likes). */
void nq_lock_follow(nq_lock *l, int fd);
/* Who holds the lock of `path` (another process), through its name or
 * the file itself: its PID, -1 when the kernel does not say, 0 when no
 * one does. */
long nq_lock_holder(const char *path);
/* Remove the lock file and drop the lock (nothing when not held). */
void nq_lock_release(nq_lock *l);

#endif
