/*
 * names.h - names written into the harness's own files.
 *
 * A path or name the harness writes into a file others read back or run
 * (the .meta's YAML, merge's .meta, gnuplot and sbatch scripts) must be
 * valid UTF-8 without control characters (bytes below 0x20 and 0x7f):
 * a newline would end a comment or a quoted string there, and YAML has
 * no way to hold bytes that are not UTF-8. Such names are refused before
 * anything is written (nq_name_check, exit 2); within the rule each
 * writer quotes for its own file (YAML double quotes, gnuplot '' in
 * single quotes, shell '\'' , LaTeX and Markdown escapes).
 */
#ifndef NQ_NAMES_H
#define NQ_NAMES_H

#include <stddef.h>
#include <stdio.h>
#include "error.h"

/* The length of the valid UTF-8 sequence at s (1..4), 0 when the bytes
 * there are not one (a stray, overlong or surrogate sequence, or past
 * U+10FFFF). s points at a byte that is not NUL. */
size_t nq_utf8_len(const char *s);

/* 0 when `name` may be written; else -1 with err (file: `name` shown
 * with C escapes) saying "the WHAT contains a newline (byte 0x0a) |
 * a control character (byte 0x..) | a byte that is not UTF-8 (0x..):
 * it cannot be written faithfully into INTO". */
int nq_name_check(const char *name, const char *what, const char *into,
		  nq_error *err);

/* `name` with control characters and bytes that are not UTF-8 shown as
 * C escapes (\n, \t, \xff), for messages. */
void nq_name_show(const char *name, char *buf, size_t len);

/* Write s, each control character and each byte that is not UTF-8
 * replaced by U+FFFD (written as UTF-8): text that stays on its line and
 * is valid UTF-8, for comments and informational values. */
void nq_name_put_safe(FILE *f, const char *s);

#endif
