/*
 * ledger.c - how long the ledger takes, and how much memory, to settle
 * the answers of a large merge: 5,000 instances x 20 approaches x 10
 * repeats (1,000,000 answers), a few of them disputed or wrong, added
 * deferred and then settled once. Prints figures; it checks nothing but
 * a few verdicts (speed is measured here, never in a test).
 *
 * Built and run by bench/ledger.sh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include "verdicts.h"
#include "validate.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	int instances = argc > 1 ? atoi(argv[1]) : 5000;
	int approaches = argc > 2 ? atoi(argv[2]) : 20, repeats = 10;
	nq_ledger *l = nq_ledger_new();
	char who[32];
	double t0, t1, t2;
	long id = 0, bad = 0;
	struct rusage ru;
	int i, a, r;

	if (!l)
		return 1;
	t0 = now();
	nq_ledger_defer(l, 1);
	for (r = 0; r < repeats; r++)
		for (i = 0; i < instances; i++) {
			/* n = 30..79 with two pre-placed queens, a
			 * different pair for each i: beyond the tables and
			 * the own count, so the answers are held to each
			 * other */
			int k = i / 50;
			nq_square h[2] = { { 0, k % 25 }, { 1, 26 + k / 25 } };
			nq_instance in = { .n = 30 + i % 50, .mode = i % 3 ? NQ_MODE_COUNT
					   : NQ_MODE_FIRST, .nhints = 2, .hints = h };
			nq_result res;

			memset(&res, 0, sizeof res);
			res.unique = NQ_UNIQUE_NA;
			for (a = 0; a < approaches; a++) {
				snprintf(who, sizeof who, "approach-%d", a);
				res.solutions = in.mode == NQ_MODE_FIRST ? 0
						: 1000 + (uint64_t)i * 2;
				if (i % 997 == 0 && a == 5 && r == 0)
					res.solutions += 2; /* a dispute */
				if (nq_ledger_add(l, &in, who, &res) < 0)
					return 1;
				id++;
			}
		}
	t1 = now();
	if (nq_ledger_settle(l))
		return 1;
	nq_ledger_defer(l, 0);
	t2 = now();
	for (i = 0; i < id; i++)
		bad += nq_ledger_verdict(l, i)->status != NQ_ST_OK;
	getrusage(RUSAGE_SELF, &ru);
	printf("ledger: %ld answers (%d instances x %d approaches x %d "
	       "repeats), %ld not ok\n", id, instances, approaches, repeats,
	       bad);
	printf("ledger: add %.3f s, settle %.3f s, total %.3f s, peak RSS "
	       "%.1f MB (%.0f bytes per answer)\n", t1 - t0, t2 - t1, t2 - t0,
	       (double)ru.ru_maxrss / 1024.0,
	       (double)ru.ru_maxrss * 1024.0 / (double)id);
	nq_ledger_free(l);
	return 0;
}
