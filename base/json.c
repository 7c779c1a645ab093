/* json.c - see json.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "json.h"
#include "names.h"

void nq_json_str(FILE *f, const char *s)
{
	size_t n;

	fputc('"', f);
	for (; *s; s += n) {
		unsigned char c = (unsigned char)*s;

		n = nq_utf8_len(s);
		if (!n) {
			fputs("\\ufffd", f);
			n = 1;
		} else if (n > 1) {
			fwrite(s, 1, n, f);
		} else if (c == '"' || c == '\\') {
			fputc('\\', f);
			fputc(c, f);
		} else if (c == '\n') {
			fputs("\\n", f);
		} else if (c == '\t') {
			fputs("\\t", f);
		} else if (c < 0x20 || c == 0x7f || c == '<' || c == '>' ||
			   c == '&') {
			fprintf(f, "\\u%04x", c);
		} else {
			fputc(c, f);
		}
	}
	fputc('"', f);
}

void nq_json_num(FILE *f, double v)
{
	if (!isfinite(v))
		fputs("null", f);
	else if (v == (double)(long long)v && fabs(v) < 1e15)
		fprintf(f, "%lld", (long long)v);
	else {
		/* the shortest of 15, 16, 17 digits that reads back as v */
		char buf[40];
		int d;

		for (d = 15; d < 17; d++) {
			snprintf(buf, sizeof buf, "%.*g", d, v);
			if (strtod(buf, NULL) == v)
				break;
		}
		snprintf(buf, sizeof buf, "%.*g", d, v);
		fputs(buf, f);
	}
}

static const char *ws(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return s;
}

static const char *value(const char *s, int depth);

static const char *string(const char *s)
{
	if (*s++ != '"')
		return NULL;
	while (*s != '"') {
		size_t n;

		if (!*s || (unsigned char)*s < 0x20)
			return NULL;
		if (*s == '\\') {
			s++;
			if (*s == 'u') {
				int i;

				for (i = 1; i <= 4; i++)
					if (!strchr("0123456789abcdefABCDEF",
						    s[i]) || !s[i])
						return NULL;
				s += 5;
			} else if (*s && strchr("\"\\/bfnrt", *s)) {
				s++;
			} else {
				return NULL;
			}
			continue;
		}
		if (!(n = nq_utf8_len(s)))
			return NULL;
		s += n;
	}
	return s + 1;
}

static const char *digits(const char *s)
{
	const char *p = s;

	while (*p >= '0' && *p <= '9')
		p++;
	return p > s ? p : NULL;
}

static const char *number(const char *s)
{
	if (*s == '-')
		s++;
	if (*s == '0')
		s++;
	else if (!(s = digits(s)))
		return NULL;
	if (*s == '.' && !(s = digits(s + 1)))
		return NULL;
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!(s = digits(s)))
			return NULL;
	}
	return s;
}

/* The members of an object or the items of an array, after the bracket. */
static const char *members(const char *s, int depth, int object)
{
	char close = object ? '}' : ']';

	s = ws(s);
	if (*s == close)
		return s + 1;
	for (;;) {
		if (object) {
			if (!(s = string(ws(s))))
				return NULL;
			s = ws(s);
			if (*s++ != ':')
				return NULL;
		}
		if (!(s = value(s, depth + 1)))
			return NULL;
		s = ws(s);
		if (*s == close)
			return s + 1;
		if (*s++ != ',')
			return NULL;
	}
}

static const char *value(const char *s, int depth)
{
	if (depth > 32)
		return NULL;
	s = ws(s);
	switch (*s) {
	case '{': return members(s + 1, depth, 1);
	case '[': return members(s + 1, depth, 0);
	case '"': return string(s);
	case 't': return strncmp(s, "true", 4) ? NULL : s + 4;
	case 'f': return strncmp(s, "false", 5) ? NULL : s + 5;
	case 'n': return strncmp(s, "null", 4) ? NULL : s + 4;
	default: return *s == '-' || (*s >= '0' && *s <= '9') ? number(s) : NULL;
	}
}

int nq_json_valid(const char *s)
{
	const char *end = value(s, 0);

	return end && !*ws(end);
}
