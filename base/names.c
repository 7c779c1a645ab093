/*
 * names.c - see names.h.
 */
#include <stdio.h>
#include <string.h>
#include "names.h"

size_t nq_utf8_len(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len, i;
	unsigned long cp;

	if (u[0] < 0x80)
		return 1;
	if (u[0] >= 0xc2 && u[0] <= 0xdf)
		len = 2, cp = u[0] & 0x1f;
	else if (u[0] >= 0xe0 && u[0] <= 0xef)
		len = 3, cp = u[0] & 0x0f;
	else if (u[0] >= 0xf0 && u[0] <= 0xf4)
		len = 4, cp = u[0] & 0x07;
	else
		return 0;
	for (i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (u[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

static int is_control(unsigned char ch)
{
	return ch < 0x20 || ch == 0x7f;
}

const char *nq_text_escape(const char *s, size_t *len, char buf[8])
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = nq_utf8_len(s);

	*len = n ? n : 1;
	if (!n) {
		snprintf(buf, 8, "\\x%02x", u[0]);
		return buf;
	}
	if (n == 1) {
		if (u[0] == '\n')
			return "\\n";
		if (u[0] == '\t')
			return "\\t";
		if (u[0] == '\r')
			return "\\r";
		if (!is_control(u[0]))
			return NULL;
		snprintf(buf, 8, "\\x%02x", u[0]);
		return buf;
	}
	/* C1: c2 80..c2 9f; U+2028..U+202E: e2 80 a8..ae; U+2066..U+2069:
	 * e2 81 a6..a9 */
	if (n == 2 && u[0] == 0xc2 && u[1] < 0xa0) {
		snprintf(buf, 8, "\\u%04x", u[1]);
		return buf;
	}
	if (n == 3 && u[0] == 0xe2 &&
	    ((u[1] == 0x80 && u[2] >= 0xa8 && u[2] <= 0xae) ||
	     (u[1] == 0x81 && u[2] >= 0xa6 && u[2] <= 0xa9))) {
		snprintf(buf, 8, "\\u20%02x", (unsigned)(u[1] & 0x3f) << 6 |
			 (u[2] & 0x3f));
		return buf;
	}
	return NULL;
}

int nq_text_plain(const char *s)
{
	char buf[8];
	size_t n;

	for (; *s; s += n)
		if (nq_text_escape(s, &n, buf))
			return 0;
	return 1;
}

void nq_text_put(FILE *f, const char *s)
{
	char buf[8];
	const char *e;
	size_t n;

	for (; s && *s; s += n) {
		if ((e = nq_text_escape(s, &n, buf)))
			fputs(e, f);
		else
			fwrite(s, 1, n, f);
	}
}

const char *nq_text_show(const char *s, char *buf, size_t len)
{
	size_t used = 0, n, k;
	char esc[8];
	const char *e;

	if (!len)
		return buf;
	buf[0] = '\0';
	for (; s && *s; s += n) {
		e = nq_text_escape(s, &n, esc);
		k = e ? strlen(e) : n;
		if (used + k >= len)
			break;
		memcpy(buf + used, e ? e : s, k);
		buf[used += k] = '\0';
	}
	return buf;
}

void nq_name_show(const char *name, char *buf, size_t len)
{
	nq_text_show(name, buf, len);
}

int nq_name_check(const char *name, const char *what, const char *into,
		  nq_error *err)
{
	char shown[256], why[64];
	const char *s;
	size_t n;

	for (s = name; *s; s += n) {
		unsigned char ch = (unsigned char)*s;

		n = nq_utf8_len(s);
		if (n && !is_control(ch))
			continue;
		if (ch == '\n')
			snprintf(why, sizeof why, "a newline");
		else if (n)
			snprintf(why, sizeof why, "a control character (byte "
				 "0x%02x)", ch);
		else
			snprintf(why, sizeof why, "a byte that is not UTF-8 "
				 "(0x%02x)", ch);
		nq_name_show(name, shown, sizeof shown);
		return nq_error_set(err, shown, 0, 0, "the %s contains %s: it "
				    "cannot be written faithfully into %s; "
				    "choose another name", what, why, into);
	}
	return 0;
}

void nq_name_put_safe(FILE *f, const char *s)
{
	size_t n;

	for (; s && *s; s += n) {
		n = nq_utf8_len(s);
		if (!n || is_control((unsigned char)*s)) {
			fputs("\xef\xbf\xbd", f); /* U+FFFD */
			n = 1;
		} else {
			fwrite(s, 1, n, f);
		}
	}
}
