/*
 * treesize.c - how big is prop's search tree on an instance file?
 * Knuth's estimate (nq_prop_estimate, solvers/native/prop.c): random
 * paths down the propagated tree, each child drawn among those that
 * survive propagation. It says, in seconds of probing, whether a whole
 * search takes a second or a year: the nodes a count (or a first search
 * that finds no placement) tries, the walks apart. A first search on a
 * board with placements stops at the first, often far sooner.
 *
 * Built and run by bench/treesize.sh (its --help has the usage).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "instfile.h"
#include "solvers.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0, got;

	if (!f)
		return NULL;
	do {
		if (n + 4096 > cap) {
			char *b = realloc(buf, cap = 2 * cap + 8192);

			if (!b) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = b;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got > 0);
	fclose(f);
	*len = n;
	return buf;
}

int main(int argc, char **argv)
{
	const char *path;
	long m = -1, probes = 4096;
	unsigned long long seed = 1;
	struct nq_param p;
	nq_error err;
	nq_instance in;
	size_t len;
	char *text;
	double mean, se, t0;
	int rc;

	if (argc < 2 || argc > 5) {
		fprintf(stderr, "usage: treesize FILE [M|- [PROBES [SEED]]]\n");
		return 2;
	}
	path = argv[1];
	if (argc > 2 && strcmp(argv[2], "-"))
		m = strtol(argv[2], NULL, 10);
	if (argc > 3)
		probes = strtol(argv[3], NULL, 10);
	if (argc > 4)
		seed = strtoull(argv[4], NULL, 10);
	if (probes < 1) {
		fprintf(stderr, "treesize: PROBES '%s': expected a count "
			"of paths, 1 or more\n", argv[3]);
		return 2;
	}
	text = slurp(path, &len);
	if (!text) {
		perror(path);
		return 1;
	}
	memset(&err, 0, sizeof err);
	if (nq_instfile_parse(nq_instfile_format(path, text, len), text, len,
			      path, &p, &err)) {
		fprintf(stderr, "%s:%d:%d: %s\n", err.file, err.line, err.col,
			err.msg);
		return 1;
	}
	free(text);
	if (p.diags_file) {
		if (m < 0 || m > p.nlines) {
			fprintf(stderr, "treesize: %s is an Excluded Diagonals "
				"file: give M, the number of its first lines "
				"(0..%d)\n", path, p.nlines);
			return 2;
		}
		nq_param_first(&p, (int)m);
	}
	memset(&in, 0, sizeof in);
	in.n = p.n;
	in.mode = NQ_MODE_COUNT;
	in.hints = p.queens;
	in.nhints = p.nqueens;
	in.blocked = p.blocked;
	in.nblocked = p.nblocked;
	in.excl_diag = p.excl_diag;
	in.nexcl_diag = p.nexcl_diag;
	in.excl_anti = p.excl_anti;
	in.nexcl_anti = p.nexcl_anti;
	t0 = now();
	rc = nq_prop_estimate(&in, probes, seed, &mean, &se);
	if (rc != NQ_OK) {
		fprintf(stderr, "treesize: %s: %s\n", path, rc == NQ_ENOMEM ?
			"out of memory" : "n out of prop's range (1..64)");
		return 1;
	}
	printf("%s", path);
	if (p.diags_file)
		printf(" M=%ld", m);
	printf(": about %.3g nodes (standard error %.2g, %ld paths, "
	       "%.2f s)\n", mean, se, probes, now() - t0);
	nq_param_free(&p);
	return 0;
}
