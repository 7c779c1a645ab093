/*
 * cpus.h - the CPUs this process may use: counted, listed, pinned to,
 * written as text.
 */
#ifndef NQ_CPUS_H
#define NQ_CPUS_H

#include <stddef.h>

/* The CPUs this process may run on (sched_getaffinity), in order: at most
 * cap of them into list; how many there are (more than cap: list holds
 * the first cap), or -1 when unknown. */
int nq_cpus_online(int *list, int cap);

/* In the child: pin the calling process (and what it starts) to
 * cpus[0..n-1], then write the CPUs it has into had ("0", "2-3", "0,2").
 * 0, or -1 with errno set. */
int nq_cpus_pin(const int *cpus, int n, char *had, size_t len);

/* cpus[0..n-1] as text: sorted, runs of consecutive CPUs as ranges;
 * "..." ends a list that does not fit. "" for n == 0. */
void nq_cpus_format(const int *cpus, int n, char *out, size_t len);

/* The cores the harness may run on (its CPU affinity). */
int nq_cores_usable(void);

#endif
