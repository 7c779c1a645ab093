/* clock.c - nq_now(), the monotonic clock solvers time their phases by. */
#include <time.h>
#include "solvers.h"

double nq_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
