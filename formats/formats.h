/*
 * formats.h - an export format as a row: its name, the extensions of -o
 * that pick it, the flags it takes, a check of their values and a writer
 * (formats.c: what every row shares).
 *
 * A row lives beside its writer: DIMACS, LP and MPS in export.c; a
 * parameter file and PyCSP3's JSON in core/config/ (instfile.c,
 * instfile_data.c, beside their readers); a MiniZinc model and its data,
 * an ASP program and SMT-LIB 2 in solvers/declarative/ (the programs
 * their solvers run). `harness export` (cli/cmd_export.c) lists them, as
 * only the top layer sees every writer. A new format: a writer and its
 * row in one file, and its name in that list.
 */
#ifndef NQ_FORMATS_H
#define NQ_FORMATS_H

#include <stddef.h>
#include <stdio.h>
#include "nq_plugin.h"

/* The flags of `harness export` a format takes (--blocked: every one). */
enum nq_export_opt {
	NQ_EXPORT_HINT = 1 << 0,        /* --hint R:C */
	NQ_EXPORT_EXCLUDE = 1 << 1,     /* --exclude dD|aA */
	NQ_EXPORT_ENCODING = 1 << 2,    /* --encoding, read by check() */
	NQ_EXPORT_MODEL = 1 << 3,       /* --model, read by check() */
	NQ_EXPORT_COLUMNS = 1 << 4,     /* --columns alo|none */
	NQ_EXPORT_CONSISTENCY = 1 << 5, /* --consistency */
	NQ_EXPORT_CARD = 1 << 6,        /* --card */
	NQ_EXPORT_CNF = 1 << 7,         /* --encoding names a CNF encoding,
					   needed; the caller finds it (req.cnf) */
	NQ_EXPORT_ILP = 1 << 8          /* --model names an ILP model, needed;
					   the caller finds it (req.ilp) */
};
#define NQ_EXPORT_OPT_COUNT 9

/* What `harness export` was asked for: a flag's value NULL when not
 * given; check() may set a default, and its choices (the ints). */
typedef struct nq_export_req {
	const char *encoding, *model, *columns, *consistency, *card;
	const nq_cnf_encoder *cnf;   /* NQ_EXPORT_CNF: the encoding named */
	const nq_ilp_model *ilp;     /* NQ_EXPORT_ILP: the model named */
	int choice;                  /* check()'s: the encoding or model */
	int choice2;                 /* check()'s: consistency, card, columns */
	const nq_instance *inst;     /* for write() */
	const char *comment;         /* the header comment, for write() */
	const char *path;            /* -o FILE */
} nq_export_req;

typedef struct nq_export_format {
	const char *name;                 /* --format NAME */
	const char *const *extensions;    /* -o FILE.EXT picks it; NULL-ended,
					     or NULL: --format only */
	unsigned options;                 /* the flags it takes (nq_export_opt) */
	const char *what;                 /* "a CSPLib parameter file" */
	const char *kind;                 /* the header comment's word for
					     it; NULL: "encoding" or "model"
					     (the flag given), else
					     "parameters" */
	int self_contained;               /* holds the blocked squares and
					     lines itself: no comment lines */
	/* The values of its flags, defaults set: 0, or -1 with why said. */
	int (*check)(nq_export_req *r, char *why, size_t len);
	/* r->inst to r->path, whole or not at all: 0 and `said` (what was
	 * written, "5 variables, ..."), or -1 with why said. */
	int (*write)(const nq_export_req *r, char *said, size_t saidlen,
		     char *why, size_t len);
} nq_export_format;

/* The row named `name` in the NULL-ended `rows`, or NULL. */
const nq_export_format *nq_export_by_name(const nq_export_format *const *rows,
					  const char *name);
/* The row whose extension ends `path`, or NULL. */
const nq_export_format *nq_export_by_path(const nq_export_format *const *rows,
					  const char *path);
/* The flag of option bit `opt` ("--hint"); NULL for NQ_EXPORT_CNF and
 * NQ_EXPORT_ILP (--encoding and --model). */
const char *nq_export_flag(unsigned opt);
/* The first flag given (a set of nq_export_opt) that `f` does not take:
 * 0, or -1 with why "a CSPLib parameter file (--format param) takes no
 * --exclude; it takes --blocked, --hint (--format dimacs, lp, ... take
 * it)", the formats of `rows` (NULL-ended; NULL: none named). */
int nq_export_refuse(const nq_export_format *f, unsigned given,
		     const nq_export_format *const *rows, char *why, size_t len);
/* The index of `name` in the NULL-ended `list`, or -1. */
int nq_export_choice(const char *const *list, const char *name);
/* A value that is none of `list`: -1, why "EXPECTED, not 'TYPED' (did
 * you mean 'x'?)", as the command line says a bad choice. */
int nq_export_bad_choice(char *why, size_t len, const char *expected,
			 const char *typed, const char *const *list);

/* Write r->inst to r->path through body(f, r, ctx) (a temp file renamed
 * into place: never half a file): 0, or -1 with why said (body's -1:
 * "cannot write PATH"). */
int nq_export_stream(const nq_export_req *r,
		     int (*body)(FILE *f, const nq_export_req *r,
				  void *ctx), void *ctx, char *why, size_t len);
/* "n = 8, 2 blocked squares, 1 queens, 0 excluded lines" into said. */
void nq_export_said_instance(const nq_export_req *r, char *said, size_t len);

#endif
