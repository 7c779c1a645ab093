/* sha256.c - see sha256.h. */
#include <stdio.h>
#include <string.h>
#include "sha256.h"

static const uint32_t k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
	0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
	0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
	0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
	0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void compress(uint32_t h[8], const uint8_t *p)
{
	uint32_t w[64], a, b, c, d, e, f, g, hh, t1, t2;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | (uint32_t)p[4 * i + 3];
	for (i = 16; i < 64; i++) {
		uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
		uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);

		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}
	a = h[0]; b = h[1]; c = h[2]; d = h[3];
	e = h[4]; f = h[5]; g = h[6]; hh = h[7];
	for (i = 0; i < 64; i++) {
		t1 = hh + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) +
		     ((e & f) ^ (~e & g)) + k[i] + w[i];
		t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) +
		     ((a & b) ^ (a & c) ^ (b & c));
		hh = g; g = f; f = e; e = d + t1;
		d = c; c = b; b = a; a = t1 + t2;
	}
	h[0] += a; h[1] += b; h[2] += c; h[3] += d;
	h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <immintrin.h>

/*
 * The same compression with the x86 SHA extensions (Goldmont, Zen and
 * Ice Lake on): a --resume checks the digest of every row it reads, and
 * on a million rows the portable rounds above were a quarter of it. The
 * state is kept as ABEF and CDGH, as sha256rnds2 wants it; each step of
 * the loop makes four words of the schedule (sha256msg1, msg2) and four
 * rounds. After Intel's "New Instructions Supporting the Secure Hash
 * Algorithm on Intel Architecture Processors" (2013) and Jeffrey
 * Walton's public-domain SHA-Intrinsics.
 */
__attribute__((target("sha,sse4.1")))
static void compress_ni(uint32_t h[8], const uint8_t *p)
{
	const __m128i mask = _mm_set_epi64x(0x0c0d0e0f08090a0bULL,
					    0x0405060700010203ULL);
	__m128i st0, st1, tmp, msg, m[4], abef, cdgh;
	int j;

	tmp = _mm_loadu_si128((const __m128i *)&h[0]);
	st1 = _mm_loadu_si128((const __m128i *)&h[4]);
	tmp = _mm_shuffle_epi32(tmp, 0xB1);          /* CDAB */
	st1 = _mm_shuffle_epi32(st1, 0x1B);          /* EFGH */
	st0 = _mm_alignr_epi8(tmp, st1, 8);          /* ABEF */
	st1 = _mm_blend_epi16(st1, tmp, 0xF0);       /* CDGH */
	abef = st0;
	cdgh = st1;
	for (j = 0; j < 16; j++) {
		if (j < 4)
			m[j] = _mm_shuffle_epi8(_mm_loadu_si128(
				(const __m128i *)(p + 16 * j)), mask);
		else /* W[4j..4j+3] from the sixteen words before */
			m[j & 3] = _mm_sha256msg2_epu32(_mm_add_epi32(
				_mm_sha256msg1_epu32(m[j & 3], m[(j + 1) & 3]),
				_mm_alignr_epi8(m[(j + 3) & 3], m[(j + 2) & 3],
						4)), m[(j + 3) & 3]);
		msg = _mm_add_epi32(m[j & 3],
				    _mm_loadu_si128((const __m128i *)&k[4 * j]));
		st1 = _mm_sha256rnds2_epu32(st1, st0, msg);
		msg = _mm_shuffle_epi32(msg, 0x0E);
		st0 = _mm_sha256rnds2_epu32(st0, st1, msg);
	}
	st0 = _mm_add_epi32(st0, abef);
	st1 = _mm_add_epi32(st1, cdgh);
	tmp = _mm_shuffle_epi32(st0, 0x1B);          /* FEBA */
	st1 = _mm_shuffle_epi32(st1, 0xB1);          /* DCHG */
	st0 = _mm_blend_epi16(tmp, st1, 0xF0);       /* DCBA */
	st1 = _mm_alignr_epi8(st1, tmp, 8);          /* ABEF */
	_mm_storeu_si128((__m128i *)&h[0], st0);
	_mm_storeu_si128((__m128i *)&h[4], st1);
}

/* 1: the CPU has the SHA extensions (CPUID leaf 7, EBX bit 29) and
 * SSE4.1 (leaf 1, ECX bit 19); 0: it has not; -1: not asked yet. */
static int have_ni = -1;

static int sha_ni(void)
{
	unsigned a, b, c, d;

	if (have_ni < 0)
		have_ni = __get_cpuid_count(7, 0, &a, &b, &c, &d) &&
			  (b >> 29 & 1) && __get_cpuid(1, &a, &b, &c, &d) &&
			  (c >> 19 & 1);
	return have_ni;
}

static void compress_best(uint32_t h[8], const uint8_t *p)
{
	if (sha_ni())
		compress_ni(h, p);
	else
		compress(h, p);
}

int nq_sha256_accelerated(int use)
{
	if (!use)
		have_ni = 0;
	else
		have_ni = -1;
	return sha_ni();
}
#else
#define compress_best compress

int nq_sha256_accelerated(int use)
{
	(void)use;
	return 0;
}
#endif

void nq_sha256_init(nq_sha256 *s)
{
	static const uint32_t h0[8] = {
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
	};

	memcpy(s->h, h0, sizeof h0);
	s->bytes = 0;
	s->used = 0;
}

void nq_sha256_update(nq_sha256 *s, const void *data, size_t len)
{
	const uint8_t *p = data;

	s->bytes += len;
	while (len) {
		size_t take = 64 - s->used < len ? 64 - s->used : len;

		memcpy(s->block + s->used, p, take);
		s->used += take;
		p += take;
		len -= take;
		if (s->used == 64) {
			compress_best(s->h, s->block);
			s->used = 0;
		}
	}
}

void nq_sha256_final(nq_sha256 *s, uint8_t digest[32])
{
	uint64_t bits = s->bytes * 8;
	int i;

	s->block[s->used++] = 0x80;
	if (s->used > 56) {
		memset(s->block + s->used, 0, 64 - s->used);
		compress_best(s->h, s->block);
		s->used = 0;
	}
	memset(s->block + s->used, 0, 56 - s->used);
	for (i = 0; i < 8; i++)
		s->block[56 + i] = (uint8_t)(bits >> (56 - 8 * i));
	compress_best(s->h, s->block);
	for (i = 0; i < 32; i++)
		digest[i] = (uint8_t)(s->h[i / 4] >> (24 - 8 * (i % 4)));
}

static void to_hex(const uint8_t d[32], char hex[65])
{
	int i;

	for (i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", d[i]);
}

void nq_sha256_hex(const void *data, size_t len, char hex[65])
{
	nq_sha256 s;
	uint8_t d[32];

	nq_sha256_init(&s);
	nq_sha256_update(&s, data, len);
	nq_sha256_final(&s, d);
	to_hex(d, hex);
}

int nq_sha256_file(const char *path, char hex[65])
{
	FILE *f = fopen(path, "rb");
	nq_sha256 s;
	uint8_t buf[65536], d[32];
	size_t n;
	int bad;

	if (!f)
		return -1;
	nq_sha256_init(&s);
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		nq_sha256_update(&s, buf, n);
	bad = ferror(f);
	fclose(f);
	if (bad)
		return -1;
	nq_sha256_final(&s, d);
	to_hex(d, hex);
	return 0;
}
