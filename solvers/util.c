/* util.c - small helpers the built-in solvers share. */
#include <time.h>
#include <unistd.h>
#include "solvers.h"

double nq_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void nq_oom(void)
{
	_exit(NQ_EXIT_MEMOUT);
}
