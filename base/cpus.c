/*
 * cpus.c - see cpus.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "order.h"
#include "cpus.h"

/* The affinity mask of the calling process, in a set big enough for it:
 * the set (CPU_FREE it) and its size, or NULL. */
static cpu_set_t *own_cpus(size_t *size, int *ncpu)
{
	int n;

	for (n = 1024; n <= (1 << 22); n *= 2) {
		cpu_set_t *set = CPU_ALLOC(n);

		if (!set)
			return NULL;
		*size = CPU_ALLOC_SIZE(n);
		CPU_ZERO_S(*size, set);
		if (sched_getaffinity(0, *size, set) == 0) {
			*ncpu = n;
			return set;
		}
		CPU_FREE(set);
		if (errno != EINVAL)
			return NULL;
	}
	return NULL;
}

int nq_cpus_online(int *list, int cap)
{
	size_t size;
	int ncpu, i, n = 0;
	cpu_set_t *set = own_cpus(&size, &ncpu);

	if (!set)
		return -1;
	for (i = 0; i < ncpu; i++)
		if (CPU_ISSET_S(i, size, set)) {
			if (n < cap)
				list[n] = i;
			n++;
		}
	CPU_FREE(set);
	return n;
}

int nq_cpus_pin(const int *cpus, int n, char *had, size_t len)
{
	int max = 0, i, got, *list;
	cpu_set_t *set;
	size_t size;

	for (i = 0; i < n; i++) {
		if (cpus[i] < 0 || cpus[i] >= (1 << 22)) {
			errno = EINVAL;
			return -1;
		}
		if (cpus[i] > max)
			max = cpus[i];
	}
	if (!(set = CPU_ALLOC(max + 1)))
		return -1;
	size = CPU_ALLOC_SIZE(max + 1);
	CPU_ZERO_S(size, set);
	for (i = 0; i < n; i++)
		CPU_SET_S(cpus[i], size, set);
	i = sched_setaffinity(0, size, set);
	CPU_FREE(set);
	if (i < 0)
		return -1;
	/* what the kernel gave: the asked CPUs a cpuset allows */
	if (!(list = malloc((size_t)n * sizeof *list)))
		return -1;
	got = nq_cpus_online(list, n);
	nq_cpus_format(list, got < 0 ? 0 : got > n ? n : got, had, len);
	free(list);
	return 0;
}

void nq_cpus_format(const int *cpus, int n, char *out, size_t len)
{
	size_t at = 0;
	int i, j, *s;

	if (!len)
		return;
	out[0] = '\0';
	if (n <= 0 || !(s = malloc((size_t)n * sizeof *s)))
		return;
	memcpy(s, cpus, (size_t)n * sizeof *s);
	qsort(s, (size_t)n, sizeof *s, nq_cmp_int);
	for (i = 0; i < n; i = j + 1) {
		char item[32];
		int il;

		for (j = i; j + 1 < n && s[j + 1] - s[j] <= 1; j++)
			;
		il = s[i] == s[j] ? snprintf(item, sizeof item, "%s%d",
					    at ? "," : "", s[i])
				  : snprintf(item, sizeof item, "%s%d-%d",
					    at ? "," : "", s[i], s[j]);
		/* room for the item, and for "..." after it unless last */
		if (at + (size_t)il + (j + 1 < n ? 3 : 0) >= len) {
			if (at + 3 < len)
				memcpy(out + at, "...", 4);
			break;
		}
		memcpy(out + at, item, (size_t)il + 1);
		at += (size_t)il;
	}
	free(s);
}

int nq_cores_usable(void)
{
	/* the runner's reading of the affinity mask, which pins -j runs */
	int n = nq_cpus_online(NULL, 0);
	long online;

	if (n > 0)
		return n;
	online = sysconf(_SC_NPROCESSORS_ONLN);
	return online > 0 ? (int)online : 1;
}
