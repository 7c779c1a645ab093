/*
 * host.h - the process and clock toolkit every layer shares: the one
 * clock (nq_now), the one write_all, a program started with its streams
 * set (nq_spawn_start) and waited for against a deadline (nq_proc_wait),
 * containment of what runs outside a run, and programs of the host:
 * found on PATH, run with their output captured.
 */
#ifndef NQ_HOST_H
#define NQ_HOST_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

/* Seconds since an arbitrary start, monotonic (CLOCK_MONOTONIC): the
 * one clock of phase times, deadlines and waits. */
double nq_now(void);

/* write(2) all of buf, through EINTR and short writes. 0 or -1. */
int nq_write_all(int fd, const void *buf, size_t len);

/*
 * A program started (fork, then exec in the child). The child's stdin,
 * stdout and stderr are the descriptors in, out and err (-1: /dev/null),
 * or for stdout and stderr the files out_file and err_file when set
 * (created or truncated, mode 0644); every one of these above 2, and
 * close_fd (-1: none; the parent's end of a pipe), is closed in the
 * child after the dup. SIGPIPE is the default in the child.
 */
typedef struct nq_spawn {
	char *const *argv;      /* NULL-terminated */
	int path_search;        /* argv[0] a name found on PATH (execvp) */
	int in, out, err;
	const char *out_file, *err_file;
	int close_fd;
	int own_group;          /* a process group of its own (the parent
				   sets it too: no race with a kill) */
	int contain;            /* nq_contain_child: dies with its parent */
	int say_exec_error;     /* "cannot run PROG: why" on its stderr */
} nq_spawn;

/* Start s: the child's pid, or -1 (errno set) when fork failed. A
 * program that cannot be executed exits 127. Buffered output is flushed
 * first, so nothing is written twice. */
pid_t nq_spawn_start(const nq_spawn *s);

enum nq_proc_end { NQ_PROC_EXITED, NQ_PROC_TIMEOUT, NQ_PROC_FAILED };
/* Wait for child pid until deadline (nq_now's clock; 0: none), then
 * SIGKILL it (and its process group when group) and reap it: EXITED
 * with *status as wait(2) gives it, TIMEOUT, or FAILED (waitpid
 * failed). */
enum nq_proc_end nq_proc_wait(pid_t pid, double deadline, int group,
			      int *status);

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

/* A temporary directory of this process, $TMPDIR/nq-KIND-PID-XXXXXX
 * (/tmp without TMPDIR; KIND lower-case letters: "run", "probe", "plot",
 * "external"), mode 0700, into dir. 0, or -1 with errno. One naming for
 * all: whatever a process that ended left of its own (a harness killed
 * or stopped by a signal mid-probe) the next harness's run removes
 * (core/proc/runtree.c's sweep, by the PID in the name). */
int nq_tmpdir_make(const char *kind, char *dir, size_t len);

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
