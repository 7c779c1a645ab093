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

/* 1 when process pid has ended: no such process, or a zombie (its
 * parent gone too, a process reaped by nothing, as under a PID 1 that
 * reaps no orphans, stays a zombie: a harness, or one of its workers,
 * that was SIGKILLed is dead all the same). */
int nq_pid_gone(long pid);

/* The program of a command line (its first word) as the harness runs
 * it: with a '/' as it is, else found on PATH; an executable regular
 * file. Its real path (symbolic links resolved) into buf; -1 if there is
 * none. The loader checks `command` options with it, the .meta records
 * what it finds. */
int nq_find_program(const char *command, char *buf, size_t len);

#endif
