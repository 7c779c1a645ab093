/*
 * external_int.h - what the external solvers (external.c: dimacs; cbc.c;
 * declarative/minizinc.c) share: a temp directory per run, the program's command line, running
 * it with the run's deadline, and the notes when it gives no answer.
 * Not for use elsewhere.
 */
#ifndef NQ_EXTERNAL_INT_H
#define NQ_EXTERNAL_INT_H

#include <stddef.h>
#include "nq_plugin.h"

#define EXT_MAX_ARGS 64
/* A temporary file's path. */
#define EXT_PATH_MAX 600

struct ext_dir {
	char path[512];
};

/* A directory of its own under $TMPDIR (the run's): 0, or -1 with
 * res->note. */
int nq_ext_dir_make(struct ext_dir *d, nq_result *res);
/* buf = DIR/name. */
void nq_ext_dir_file(const struct ext_dir *d, const char *name, char *buf,
		     size_t len);
/* The directory and everything in it, gone. */
void nq_ext_dir_remove(struct ext_dir *d);
/* src into dst (len bytes), cut with "..." when it does not fit. */
void nq_ext_copy_cut(char *dst, size_t len, const char *src);
/* When the program must end: t0 + the job's time limit less a margin to
 * kill it and remove its files before the host's kill (0: no limit). */
double nq_ext_deadline(const nq_job *job, double t0);
/* res->note for a program that ended without an answer (status as
 * wait(2) gave it, `what` the answer looked for). */
void nq_ext_no_answer(const struct ext_dir *d, const char *prog,
		      int status, const char *what, nq_result *res);
/* Split a command at blanks into argv (pointing into `buf`, which gets a
 * copy of it; no shell, no quoting), at most max - 1 words, then NULL.
 * Returns the number of words. */
int nq_ext_split(const char *command, char *buf, size_t len, char **argv,
		 int max);

/* nq_ext_split with the harness's word limit, for a program that
 * answers both modes. Returns argc, or 0 with res->note
 * set. */
int nq_ext_argv(const char *command, char *cmdbuf, size_t len, char **argv,
		nq_result *res);
/* The start of a run of an external program: mode first only, and the
 * command split into argv (cmdbuf holds the words). Returns argc, or 0
 * with res->note set. */
int nq_ext_command(const nq_job *job, const char *solver,
		   const char *command, char *cmdbuf, size_t len,
		   char **argv, nq_result *res);
/* Run argv to its end or the deadline, timed into res->solve_s: NQ_OK
 * when the program exited (how, in *status), NQ_ETIMEOUT or NQ_ERR with
 * res->note. */
int nq_ext_solve(const struct ext_dir *d, char **argv, double deadline,
		 int *status, nq_result *res);
/* The program's answer in `path`, read by the reader `harness check`
 * uses (solfile.h: the whole file, strictly), against `map`, the square
 * map of the file the program was given: nq_solution_read's code (1 a
 * placement, 0 none, 2 queens that are no placement, each row as it is
 * in res->placement; -1 no answer). On -1 res->note says why, `prog`
 * and `what` ("output", "result file", "solution file") in place of
 * the temp file's path, after the program's exit status and the last
 * line of its stderr (nq_ext_no_answer). `how` gets the program's
 * status in a few words. */
struct nq_sqmap;
int nq_ext_read_answer(const struct ext_dir *d, const struct nq_sqmap *map,
		       const char *path, int fmt, const char *prog,
		       const char *what, int status, nq_result *res,
		       char *how, size_t howlen);
/* calloc, or NULL with "out of memory" in res->note. */
void *nq_ext_calloc(size_t count, size_t size, nq_result *res);

#endif
