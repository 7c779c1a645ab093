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

void nq_name_show(const char *name, char *buf, size_t len)
{
	size_t used = 0, n;
	const char *s;

	if (!len)
		return;
	buf[0] = '\0';
	for (s = name; *s && used + 5 < len; s += n) {
		unsigned char ch = (unsigned char)*s;

		n = nq_utf8_len(s);
		if (ch == '\n')
			used += (size_t)snprintf(buf + used, len - used, "\\n");
		else if (ch == '\t')
			used += (size_t)snprintf(buf + used, len - used, "\\t");
		else if (ch == '\r')
			used += (size_t)snprintf(buf + used, len - used, "\\r");
		else if (!n || is_control(ch))
			used += (size_t)snprintf(buf + used, len - used,
						 "\\x%02x", ch);
		else if (used + n < len) {
			memcpy(buf + used, s, n);
			buf[used += n] = '\0';
		}
		if (!n)
			n = 1;
	}
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
