/*
 * atomic.h - write a file whole or not at all: the text goes to a
 * temporary file beside the target (mode 0666 less the umask, as fopen
 * would make it), which is flushed to disk and renamed over the target
 * only when every byte is written. A reader, or an interruption at any
 * point, sees the old file or the new one, never half of one.
 */
#ifndef NQ_ATOMIC_H
#define NQ_ATOMIC_H

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

#endif
