/*
 * sha256.h - SHA-256 (FIPS 180-4), for the content hash of experiment
 * files in the metadata record.
 */
#ifndef NQ_SHA256_H
#define NQ_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct nq_sha256 {
	uint32_t h[8];
	uint64_t bytes;
	uint8_t block[64];
	size_t used;
} nq_sha256;

void nq_sha256_init(nq_sha256 *s);
void nq_sha256_update(nq_sha256 *s, const void *data, size_t len);
void nq_sha256_final(nq_sha256 *s, uint8_t digest[32]);

/* Whether the x86 SHA extensions compute the digests (when the CPU has
 * them), after `use` 0 turns them off (the portable rounds only, as a
 * test compares both) or 1 on again. */
int nq_sha256_accelerated(int use);

/* The digest of a whole buffer as 64 lowercase hex digits and a NUL. */
void nq_sha256_hex(const void *data, size_t len, char hex[65]);
/* The same of a file's content; -1 (errno set) if it cannot be read. */
int nq_sha256_file(const char *path, char hex[65]);

#endif
