/*
 * solfile_int.h - what the two halves of the solution-file reader share
 * (solfile.c: solvers' answers; sqmap.c: the square map of an exported
 * file): a line reader and the error helper. Not for use elsewhere.
 */
#ifndef NQ_SOLFILE_INT_H
#define NQ_SOLFILE_INT_H

#include <stdio.h>
#include "error.h" /* nq_why_set */

/* One line at a time, without its line end; NULL at the end. */
struct reader {
	FILE *f;
	char *line;
	size_t cap;
	long no;
};

char *nq_sol_next_line(struct reader *rd);
/* 0, or -1 with why "PATH: cannot read: ..." */
int nq_sol_reader_open(struct reader *rd, const char *path, char *why,
		       size_t len);
void nq_sol_reader_close(struct reader *rd);
char *nq_sol_skip_blanks(char *p);

#endif
