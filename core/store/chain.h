/*
 * chain.h - the digest chain (csv.h says how it is made) checked as a
 * results file is read, row by row, by every reader of the store: the
 * rows read back for resume and merge (rows.c) and the table read for
 * report, plot and compare (table.c). tamper.c says what it found.
 */
#ifndef NQ_CHAIN_H
#define NQ_CHAIN_H

#include <stddef.h>
#include "csv.h"
#include "csvscan.h"

/* How many changed rows are named one by one before "and K more". */
#define NQ_TAMPER_SHOWN 5

typedef struct nq_chain_check {
	int dcol;               /* the digest column; -1: the file has none */
	size_t nrows;           /* rows checked */
	size_t nchanged;        /* rows whose check failed */
	size_t shown[NQ_TAMPER_SHOWN]; /* the first of them (0-based) */
	int header_changed;     /* the first row holds with the header this
				   harness writes, not with the file's */
	/* the last row's digest cell as written (the header's digest when
	 * there is none), where appended rows go on from; and what it
	 * should have been */
	char last[NQ_CSV_DIGEST_LEN + 1];
	char calc[NQ_CSV_DIGEST_LEN + 1];
} nq_chain_check;

/* Start on the header row just read by `r`; `dcol` its digest column
 * (-1: none, and no row is checked). */
void nq_chain_header(nq_chain_check *c, const struct rd *r, int dcol);
/* Check the row just read, the next whole row of the file; 1 when its
 * digest does not hold (counted), else 0. The chain moves on. */
int nq_chain_row(nq_chain_check *c, const struct rd *r);

#endif
