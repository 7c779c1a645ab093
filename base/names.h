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
 *
 * Outside text (a solver's note, a line of a program's stderr, a name a
 * plugin or a file brings) cannot be refused: it is escaped instead,
 * the same way wherever it goes (a CSV cell, the terminal, a report),
 * by nq_text_escape. Valid UTF-8 stays as it is (accents, CJK); a
 * newline, tab and carriage return are shown as \n \t \r, any other
 * C0 control character, DEL and each byte that is not UTF-8 as \xNN,
 * the C1 controls (U+0080..U+009F), the line and paragraph separators
 * (U+2028, U+2029) and the bidirectional overrides and isolates
 * (U+202A..U+202E, U+2066..U+2069) as \uNNNN. A backslash stays as it
 * is: the text is for reading, and escaping escaped text changes
 * nothing (a file written again keeps its bytes and its digests).
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

/* The character of outside text at s (not NUL), as it is written: NULL
 * when its bytes are written as they are, else its escape (buf, or a
 * constant; at most 6 characters, all ASCII letters, digits and '\').
 * *len: the bytes it takes (1 for a byte that is not UTF-8). */
const char *nq_text_escape(const char *s, size_t *len, char buf[8]);

/* 1 when s needs no escape (nq_text_escape gives NULL throughout). */
int nq_text_plain(const char *s);

/* Write s escaped (nq_text_escape). NULL writes nothing. */
void nq_text_put(FILE *f, const char *s);

/* s escaped into buf (len bytes, NUL included), cut at a whole character
 * or escape when it does not fit: buf, for printf and messages. */
const char *nq_text_show(const char *s, char *buf, size_t len);

/* nq_text_show, for names in messages. */
void nq_name_show(const char *name, char *buf, size_t len);

/* Write s, each control character and each byte that is not UTF-8
 * replaced by U+FFFD (written as UTF-8): text that stays on its line and
 * is valid UTF-8, for comments and informational values. */
void nq_name_put_safe(FILE *f, const char *s);

#endif
