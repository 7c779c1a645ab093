/*
 * host.h - programs of the host: found on PATH, run with their output
 * captured.
 */
#ifndef NQ_HOST_H
#define NQ_HOST_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * Containment of what the harness runs outside a run (a program's
 * --version, a MiniZinc backend check, a plugin loaded in a guarded
 * child). Between begin and end:
 * - the harness is a child subreaper: what the contained process starts
 *   and leaves (a setsid grandchild) comes back to it when its parent
 *   ends, and end kills and reaps it with the process group;
 * - SIGINT, SIGTERM and SIGHUP (those not ignored) are caught:
 *   nq_contain_signal says which came, for the caller's wait loop to
 *   stop at once (its poll is interrupted: no SA_RESTART). end then gives
 *   the signal to what was there before: the default (the harness ends,
 *   exit 128 + signal, after the nq_contain_at_exit function, its
 *   streams flushed; no atexit handler runs, as at main's end) or a
 *   handler (`run`'s,
 *   which stops the run; then every later begin reports the signal at
 *   once, nothing more is started).
 * The contained child sets PR_SET_PDEATHSIG (nq_contain_child): a
 * SIGKILLed harness takes it along (not what it started: that needs the
 * cgroup of a run). The caller must not have runs in flight: every
 * child the harness gains meanwhile is taken as the contained one's.
 */
typedef struct {
	pid_t *before;	/* the harness's children at begin */
	size_t nbefore;
	int old_subreaper;
	struct sigaction old[3];
	unsigned char caught[3];	/* old[i] was replaced */
} nq_contain;

/* 0, or -1 when a signal stopped an earlier contained program (the
 * caller starts nothing then). */
int nq_contain_begin(nq_contain *c);
/* The signal that came since begin (or before, see above), 0 for none. */
int nq_contain_signal(void);
/* In the child, after fork: PDEATHSIG, and _exit(127) when the parent
 * (parent, its pid before the fork) is gone already. */
void nq_contain_child(pid_t parent);
/* Kill process group pgid (0: none) and every child the harness gained
 * since begin, reap them, until none is left (at most about a second);
 * the caller has reaped its own child first. Then the signals as above
 * (this may not return). */
void nq_contain_end(nq_contain *c, pid_t pgid);

/* What to do before the harness ends on a signal in nq_contain_end (one
 * function: the plugin loader's, ending what constructors started). */
void nq_contain_at_exit(void (*fn)(void));

/* The harness's children (scanning /proc): up to cap pids into out;
 * how many there are. */
size_t nq_children(pid_t *out, size_t cap);
/* Kill and reap every child of the harness not in before[0..n-1], and
 * what they leave to it, for up to limit_ms. */
void nq_kill_new_children(const pid_t *before, size_t n, pid_t pgid,
			  int limit_ms);

/* Run argv (argv[0] a path, no PATH search) with stdin from /dev/null
 * and stdout and stderr into one pipe, in a process group of its own,
 * contained (above); up to len - 1 bytes of its output into buf,
 * NUL-terminated. After timeout_ms, or once buf is full, the group is
 * killed. Returns the exit status (128 + signal when killed by one), -2
 * on timeout, -1 when it could not be started, -3 when a signal stopped
 * the harness (run's handler has it; the default ended the harness). */
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
