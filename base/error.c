/* error.c - see error.h. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "error.h"

int nq_error_set(nq_error *err, const char *file, int line, int col,
		 const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return -1;
	snprintf(err->file, sizeof err->file, "%s", file ? file : "");
	err->line = line;
	err->col = col;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

void nq_error_format(const nq_error *err, char *buf, size_t len)
{
	if (err->file[0] && err->line > 0 && err->col > 0)
		snprintf(buf, len, "%s:%d:%d: %s", err->file, err->line,
			 err->col, err->msg);
	else if (err->file[0] && err->line > 0)
		snprintf(buf, len, "%s:%d: %s", err->file, err->line, err->msg);
	else if (err->file[0])
		snprintf(buf, len, "%s: %s", err->file, err->msg);
	else
		snprintf(buf, len, "%s", err->msg);
}

int nq_why_set(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (why && len) {
		va_start(ap, fmt);
		vsnprintf(why, len, fmt, ap);
		va_end(ap);
	}
	return -1;
}
