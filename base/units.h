/*
 * units.h - the small parsers of numbers, durations and sizes that the
 * experiment file and the command line share (so both take and refuse the
 * same text), the edit distance behind every "did you mean", and a
 * bounded append.
 */
#ifndef NQ_UNITS_H
#define NQ_UNITS_H

#include <stddef.h>
#include <stdint.h>

/* A decimal integer with an optional sign, nothing else around it. 0, or
 * -1 when malformed, -2 when out of the range of long long. */
int nq_parse_ll(const char *text, long long *out);

/* nq_parse_int: a whole decimal integer with an optional sign (no spaces,
 * no other characters) in [min, max]. 0; -1 when it is not an integer;
 * -2 when below min; -3 when above max (overflow included). */
int nq_parse_int(const char *text, long long min, long long max,
		 long long *out);
/* Digits only, at most 2^64 - 1. 0, or -1. */
int nq_parse_u64(const char *text, uint64_t *out);

/* Parse a duration ("20s", "500ms", "2m", "1.5") into seconds; a size
 * ("512M", "2G", "1024K", "2GiB") into KiB. Return -1 if malformed. */
int nq_parse_duration(const char *text, double *seconds);
int nq_parse_size_kib(const char *text, uint64_t *kib);
/* A memory limit: "none" (0, no limit) or a size as nq_parse_size_kib
 * takes it that is greater than 0. 0; -1 when malformed; -2 when 0 or
 * negative. */
int nq_parse_memory(const char *text, uint64_t *kib);

/* Optimal string alignment distance (edits, with transpositions), for
 * did-you-mean. Strings longer than 32 bytes are simply "far" (99). */
/* A duration for people: "45s", "12m 5s", "3h 20m", "2d 4h" (whole
 * seconds, rounded up). */
void nq_format_duration(double seconds, char *buf, size_t len);
/* A size in KiB for people, exact: "10 MiB", "1 GiB", "1536 KiB". */
void nq_format_size_kib(uint64_t kib, char *buf, size_t len);
size_t nq_edit_distance(const char *a, const char *b);

/* The did-you-mean: the candidate closest to `name`, fewer than 3 edits
 * away and fewer than half its own length (the first of equals), or
 * NULL. `candidates` has n entries. */
const char *nq_suggest(const char *name, const char *const *candidates,
		       size_t n);

/* A choice typed as `typed` among `choices` (n of them): its index, or
 * -1 when it is none of them, with `why` (len bytes) saying what to do:
 * "did you mean 'count'?" when one is fewer than 3 edits away
 * (nq_suggest), else "expected one of: first, count". The one
 * did-you-mean of every choice table: option values, modes, verbs, flag
 * values. */
int nq_choice(const char *typed, const char *const *choices, size_t n,
	      char *why, size_t len);

/* Append printf-style to the NUL-terminated text in buf[len]; -1 when it
 * does not fit (the text is then cut). */
int nq_append(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
