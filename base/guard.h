/*
 * guard.h - plugin code the host calls outside a run (loading a plugin
 * and reading its tables, the max_n and count_units hooks at plan time),
 * called in a forked child with a time limit, so a plugin that crashes,
 * loops or exits there costs a clear error, not the harness.
 */
#ifndef NQ_GUARD_H
#define NQ_GUARD_H

#include <stddef.h>

/* The time limits, in seconds: loading a plugin (dlopen, its entry, its
 * tables), and one call of a max_n or count_units hook. */
#define NQ_GUARD_LOAD_S 10.0
#define NQ_GUARD_HOOK_S 2.0

/* What the child does: fills out[0..cap-1], returns how many bytes. */
typedef size_t (*nq_guard_fn)(void *ctx, void *out, size_t cap);

/* Run fn(ctx, out, cap) in a forked child, contained (host.h: a process
 * group of its own, killed with whatever it started when it is done,
 * what left the group too; it dies with the harness; SIGINT, SIGTERM or
 * SIGHUP meanwhile ends it, then the harness or, under a handler, the
 * call: -1, "not loaded: the harness is stopping"), at most limit_s
 * seconds. Returns the number of bytes fn
 * returned (its out[] copied into out), or -1 with why filled: it
 * crashed ("crashed (signal 11, Segmentation fault)"), did not return in
 * time, or ended the process itself. When the child said what it was
 * doing (nq_guard_stage) the last such words follow why's first part
 * (" while reading ..."). The caller must not have runs in flight. */
long nq_guard_call(nq_guard_fn fn, void *ctx, void *out, size_t cap,
		   double limit_s, char *why, size_t whylen);

/* In a guarded child: what it is about to do, for the parent's message
 * if it never comes back ("reading solver 'x''s option table"). Does
 * nothing outside one. */
void nq_guard_stage(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

#endif
