/*
 * strset.h - strings numbered in the order they first come, found by
 * hashing (open addressing), so grouping rows by a text costs time
 * linear in their number; and the hashes it uses (FNV-1a over a text,
 * a mix for numbers). The set owns copies of its strings;
 * nq_strset_free(t, 0) leaves them (and t->s) to a caller that took
 * them over.
 */
#ifndef NQ_STRSET_H
#define NQ_STRSET_H

#include <stddef.h>
#include <stdint.h>

/* Strings numbered in the order they first come, found by hashing: rows
 * are grouped in time linear in their number. */
struct nq_strset {
	char **s;
	size_t n, cap;
	size_t *slot;   /* index + 1; 0: empty */
	size_t nslot;   /* a power of two, at least twice n */
};

/* s's number in t (*idx), added when new (t->n grows by one): 0, or -1
 * on no memory. */
int nq_strset_intern(struct nq_strset *t, const char *s, size_t *idx);
/* Free the slots; with `strings`, the strings and t->s too. */
void nq_strset_free(struct nq_strset *t, int strings);

/* FNV-1a, 64 bits, of s after h (start with NQ_HASH_SEED). */
#define NQ_HASH_SEED 14695981039346656037ULL
uint64_t nq_hash_str(const char *s, uint64_t h);
/* v mixed into h. */
uint64_t nq_hash_mix(uint64_t h, uint64_t v);

#endif
