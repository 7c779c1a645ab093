/*
 * version.h - the harness's version, in one place: `harness version`,
 * the header of exported files and the .meta record beside every CSV
 * all print this string.
 */
#ifndef NQ_VERSION_H
#define NQ_VERSION_H

#define NQ_VERSION "0.1.0"

#endif
