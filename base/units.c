/*
 * units.c - numbers, durations, sizes, the edit distance for did-you-mean
 * and a bounded append: the text rules shared by the experiment file
 * (config.c), the approach model (approach.c) and the command line.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "units.h"

int nq_parse_ll(const char *t, long long *out)
{
	char *end;

	if (!*t || !(*t == '-' || *t == '+' || (*t >= '0' && *t <= '9')))
		return -1;
	if ((*t == '-' || *t == '+') && !(t[1] >= '0' && t[1] <= '9'))
		return -1;
	errno = 0;
	*out = strtoll(t, &end, 10);
	if (*end)
		return -1;
	return errno == ERANGE ? -2 : 0;
}

int nq_parse_int(const char *text, long long min, long long max,
		 long long *out)
{
	long long v;
	int rc;

	if (!text || (rc = nq_parse_ll(text, &v)) == -1)
		return -1;
	if (rc == -2)
		return text[0] == '-' ? -2 : -3;
	if (v < min)
		return -2;
	if (v > max)
		return -3;
	*out = v;
	return 0;
}

int nq_parse_u64(const char *text, uint64_t *out)
{
	const char *c;
	unsigned long long v;
	char *end;

	if (!text)
		return -1;
	for (c = text; *c >= '0' && *c <= '9'; c++)
		;
	if (c == text || *c)
		return -1;
	errno = 0;
	v = strtoull(text, &end, 10);
	if (*end || errno == ERANGE)
		return -1;
	*out = (uint64_t)v;
	return 0;
}

/* Digits with an optional fraction ("20", "1.5", ".5", "2."), at least one
 * digit. Sets *end past it; -1 when there is no number. No signs, no
 * exponents, independent of the locale. */
static int parse_decimal(const char *t, double *out, const char **end)
{
	double v = 0, scale = 1;
	int digits = 0;

	for (; *t >= '0' && *t <= '9'; t++, digits++)
		v = v * 10 + (*t - '0');
	if (*t == '.')
		for (t++; *t >= '0' && *t <= '9'; t++, digits++) {
			scale /= 10;
			v += (*t - '0') * scale;
		}
	if (!digits)
		return -1;
	*out = v;
	*end = t;
	return 0;
}

int nq_parse_duration(const char *text, double *seconds)
{
	static const struct { const char *unit; double mult; } units[] = {
		{ "", 1 }, { "s", 1 }, { "ms", 0.001 }, { "m", 60 },
		{ "h", 3600 },
	};
	const char *p;
	double v;
	size_t i;

	if (!text || parse_decimal(text, &v, &p))
		return -1;
	for (i = 0; i < sizeof units / sizeof *units; i++)
		if (strcmp(p, units[i].unit) == 0) {
			v *= units[i].mult;
			if (!isfinite(v))
				return -1;
			*seconds = v;
			return 0;
		}
	return -1;
}

int nq_parse_size_kib(const char *text, uint64_t *kib)
{
	static const struct { const char *unit; double mult; } units[] = {
		{ "", 1024.0 },
		{ "k", 1.0 }, { "kb", 1.0 }, { "kib", 1.0 },
		{ "m", 1024.0 }, { "mb", 1024.0 }, { "mib", 1024.0 },
		{ "g", 1048576.0 }, { "gb", 1048576.0 }, { "gib", 1048576.0 },
		{ "t", 1073741824.0 }, { "tb", 1073741824.0 },
		{ "tib", 1073741824.0 },
	};
	const char *p;
	double v;
	size_t i;

	if (!text)
		return -1;
	if (strcmp(text, "none") == 0) {
		*kib = 0;
		return 0;
	}
	if (parse_decimal(text, &v, &p))
		return -1;
	for (i = 0; i < sizeof units / sizeof *units; i++)
		if (strcasecmp(p, units[i].unit) == 0) {
			v = ceil(v * units[i].mult);
			/* 2^64: beyond it the value does not fit. */
			if (!isfinite(v) || v >= 18446744073709551616.0)
				return -1;
			*kib = (uint64_t)v;
			return 0;
		}
	return -1;
}

int nq_parse_memory(const char *text, uint64_t *kib)
{
	uint64_t v;

	if (!text)
		return -1;
	if (strcmp(text, "none") == 0) {
		*kib = 0;
		return 0;
	}
	if (text[0] == '-')
		return -2;
	if (nq_parse_size_kib(text, &v))
		return -1;
	if (v == 0)
		return -2;
	*kib = v;
	return 0;
}

void nq_format_duration(double seconds, char *buf, size_t len)
{
	unsigned long long t = seconds <= 0 ? 0
			       : (unsigned long long)(seconds + 0.999);

	if (t < 60)
		snprintf(buf, len, "%llus", t);
	else if (t < 3600)
		snprintf(buf, len, "%llum %llus", t / 60, t % 60);
	else if (t < 86400)
		snprintf(buf, len, "%lluh %llum", t / 3600, t % 3600 / 60);
	else
		snprintf(buf, len, "%llud %lluh", t / 86400, t % 86400 / 3600);
}

void nq_format_size_kib(uint64_t kib, char *buf, size_t len)
{
	static const char *const unit[] = { "KiB", "MiB", "GiB", "TiB" };
	int u = 0;

	while (u < 3 && kib && kib % 1024 == 0) {
		kib /= 1024;
		u++;
	}
	snprintf(buf, len, "%llu %s", (unsigned long long)kib, unit[u]);
}

size_t nq_edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	size_t d[33][33];

	if (la > 32 || lb > 32)
		return 99;
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			size_t cost = a[i - 1] != b[j - 1];
			size_t best = d[i - 1][j] + 1;

			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < best)
				best = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[la][lb];
}

int nq_append(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;
	int w;

	if (used >= len)
		return -1;
	va_start(ap, fmt);
	w = vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
	return w < 0 || (size_t)w >= len - used ? -1 : 0;
}

const char *nq_suggest(const char *name, const char *const *candidates,
		       size_t n)
{
	const char *best = NULL;
	size_t i, d, best_d = 3;

	for (i = 0; i < n; i++) {
		d = nq_edit_distance(name, candidates[i]);
		/* and fewer edits than half the name: "pie" is 2 from
		 * "size" and "time", which is no hint */
		if (d < best_d && 2 * d < strlen(candidates[i])) {
			best_d = d;
			best = candidates[i];
		}
	}
	return best;
}

int nq_choice(const char *typed, const char *const *choices, size_t n,
	      char *why, size_t len)
{
	const char *near;
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(typed, choices[i]) == 0)
			return (int)i;
	if (!len)
		return -1;
	why[0] = '\0';
	if ((near = nq_suggest(typed, choices, n))) {
		nq_append(why, len, "did you mean '%s'?", near);
		return -1;
	}
	nq_append(why, len, "expected one of: ");
	for (i = 0; i < n; i++)
		nq_append(why, len, "%s%s", i ? ", " : "", choices[i]);
	return -1;
}
