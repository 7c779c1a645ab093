/*
 * json.h - JSON out (RFC 8259): strings escaped, numbers that JSON can
 * hold, and a check that a text is one JSON value (what another file
 * hands over is copied only when it is). For `report --format json` and
 * `compare --format json`; nothing here allocates.
 */
#ifndef NQ_JSON_H
#define NQ_JSON_H

#include <stdio.h>

/* s as a JSON string: quotes, backslashes and control characters
 * escaped, '<', '>' and '&' as \u003c ... (the text may sit in an HTML
 * script), a byte that is not UTF-8 as U+FFFD. */
void nq_json_str(FILE *f, const char *s);
/* v with 17 significant digits, or null when it is not finite. */
void nq_json_num(FILE *f, double v);
/* 1 when s[0..] is exactly one JSON value (whitespace around it allowed),
 * nested at most 32 deep. */
int nq_json_valid(const char *s);

#endif
