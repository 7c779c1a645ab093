/* util.c - small helpers the built-in solvers share (their clock,
 * nq_now, is base/host.c's). */
#include <unistd.h>
#include "solvers.h"
#include "trace.h"

void (*nq_oom_hook)(void);

nq_trace *nq_trace_sink;

void nq_oom(void)
{
	static const char msg[] = "out of memory\n";

	if (nq_oom_hook)
		nq_oom_hook();
	/* outside a run's child (or the hook failed): no verdict, an exit */
	if (write(STDERR_FILENO, msg, sizeof msg - 1) < 0)
		_exit(1);
	_exit(1);
}
