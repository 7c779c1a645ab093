/*
 * error.h - errors a person reads: "FILE:LINE:COL: message".
 *
 * Functions that can fail take an nq_error * and fill it; line and column
 * are 1-based (0 when unknown). Only main() prints and exits.
 */
#ifndef NQ_ERROR_H
#define NQ_ERROR_H

#include <stddef.h>

typedef struct nq_error {
	char file[256];
	int line, col;
	char msg[512];
} nq_error;

/* Fill err (if not NULL) and return -1. */
int nq_error_set(nq_error *err, const char *file, int line, int col,
		 const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* The plain-text form, for code that reports through a caller's buffer
 * (`why`, `len`) rather than an nq_error: fill why (if not NULL and len
 * > 0) and return -1. */
int nq_why_set(char *why, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Format "file:line:col: msg" (parts that are unknown are left out). */
void nq_error_format(const nq_error *err, char *buf, size_t len);

#endif
