/*
 * strset.c - see strset.h.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "strset.h"

uint64_t nq_hash_str(const char *s, uint64_t h)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return h;
}

uint64_t nq_hash_mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdULL;
}

void nq_strset_free(struct nq_strset *t, int strings)
{
	size_t i;

	if (strings)
		for (i = 0; i < t->n; i++)
			free(t->s[i]);
	if (strings)
		free(t->s);
	free(t->slot);
	memset(t, 0, sizeof *t);
}

static int strset_grow(struct nq_strset *t)
{
	size_t nslot = t->nslot ? 2 * t->nslot : 64, i, j;
	size_t *slot = calloc(nslot, sizeof *slot);

	if (!slot)
		return -1;
	for (i = 0; i < t->n; i++) {
		j = nq_hash_str(t->s[i], NQ_HASH_SEED) & (nslot - 1);
		while (slot[j])
			j = (j + 1) & (nslot - 1);
		slot[j] = i + 1;
	}
	free(t->slot);
	t->slot = slot;
	t->nslot = nslot;
	return 0;
}

int nq_strset_intern(struct nq_strset *t, const char *s, size_t *idx)
{
	size_t j;

	if (2 * (t->n + 1) > t->nslot && strset_grow(t) < 0)
		return -1;
	j = nq_hash_str(s, NQ_HASH_SEED) & (t->nslot - 1);
	for (; t->slot[j]; j = (j + 1) & (t->nslot - 1))
		if (!strcmp(t->s[t->slot[j] - 1], s)) {
			*idx = t->slot[j] - 1;
			return 0;
		}
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 16;
		char **p = realloc(t->s, cap * sizeof *p);

		if (!p)
			return -1;
		t->s = p;
		t->cap = cap;
	}
	if (!(t->s[t->n] = strdup(s)))
		return -1;
	t->slot[j] = t->n + 1;
	*idx = t->n++;
	return 0;
}
