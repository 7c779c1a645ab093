/*
 * host.h - programs of the host: found on PATH, run with their output
 * captured.
 */
#ifndef NQ_HOST_H
#define NQ_HOST_H

#include <stddef.h>

/* Run argv (argv[0] a path, no PATH search) with stdin from /dev/null
 * and stdout and stderr into one pipe, in a process group of its own;
 * up to len - 1 bytes of its output into buf, NUL-terminated. After
 * timeout_ms, or once buf is full, the group is killed. Returns the exit
 * status (128 + signal when killed by one), -2 on timeout, -1 when it
 * could not be started. */
int nq_meta_capture(char *const argv[], char *buf, size_t len,
		    int timeout_ms);

/* The program of a command line (its first word) as the harness runs
 * it: with a '/' as it is, else found on PATH; an executable regular
 * file. Its real path (symbolic links resolved) into buf; -1 if there is
 * none. The loader checks `command` options with it, the .meta records
 * what it finds. */
int nq_find_program(const char *command, char *buf, size_t len);

#endif
