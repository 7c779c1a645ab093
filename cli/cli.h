/*
 * cli.h - the command line as data: each verb is a row (name, function,
 * usage, help) with a table of its flags (name, short name, argument,
 * help line), as git's command table and kissat's options table. One
 * parser walks argv against the table, so every verb takes, refuses and
 * explains its flags the same way, and `harness help VERB` and
 * `VERB --help` are printed from the same rows.
 *
 * Also here: the board flags (-n N, --hint R:C) shared by solve, export
 * and check, and the "harness VERB: message / usage:" error every verb
 * prints on bad input.
 */
#ifndef NQ_CLI_H
#define NQ_CLI_H

#include <stdio.h>
#include "error.h"
#include "experiment.h"

/* One flag. A table ends with a row whose help is NULL. */
typedef struct nq_flag {
	const char *name;   /* long name without "--" ("count"), or NULL */
	char short_name;    /* 'n' for -n, or 0 */
	const char *arg;    /* the argument's name ("N", "R:C"); NULL: none */
	const char *help;   /* help lines, '\n' between them */
} nq_flag;

struct nq_verb;
typedef int nq_verb_fn(const struct nq_verb *v, int argc, char **argv);

/* One verb: argv[0] of fn is the verb's name. */
typedef struct nq_verb {
	const char *name;
	nq_verb_fn *fn;
	const char *usage;   /* after "harness " (continuation lines indented) */
	const char *about;   /* what it does: help before the flags */
	const nq_flag *flags;
	const char *more;    /* help after the flags (exit status), or NULL */
} nq_verb;

/* The parser's state: nq_cli_start, then nq_cli_next until NQ_CLI_END. */
typedef struct nq_cli {
	const nq_verb *verb;
	int argc;
	char **argv;
	int i;               /* the next argument */
	int operands_only;   /* after "--": every argument is an operand */
	const nq_flag *flag; /* the flag just returned */
	const char *arg;     /* that flag or operand as typed */
	const char *val;     /* the flag's value, or the operand */
	int rc;              /* with NQ_CLI_STOP: the exit status */
} nq_cli;

/* nq_cli_next returns the flag's index in the verb's table, or one of: */
#define NQ_CLI_END (-1)     /* no arguments left */
#define NQ_CLI_OPERAND (-2) /* an argument that is no flag (c->val) */
#define NQ_CLI_STOP (-3)    /* help printed (rc 0) or bad usage (rc 2) */

void nq_cli_start(nq_cli *c, const nq_verb *v, int argc, char **argv);
/* The next argument. A flag with an argument takes the next one whatever
 * it is (`-o -`, `--hint -1:2`); "-" alone is an operand; "--" makes
 * every later argument an operand; -h and --help print the verb's help.
 * An unknown flag, or a flag without its value, prints the error. A
 * flag given again is returned again (the verb keeps the last, or all). */
int nq_cli_next(nq_cli *c);

/* The flag's spelling closest to `typed` in the table (edit distance at
 * most 2), or NULL; "--count" or "-n" written into buf. */
const char *nq_cli_suggest(const nq_flag *flags, const char *typed,
			   char *buf, size_t len);

/* "harness VERB: MESSAGE" and the verb's usage on stderr; returns
 * NQ_EXIT_USAGE (2). fmt takes one string. */
int nq_cli_fail(const nq_verb *v, const char *fmt, const char *arg);
/* An nq_error on stderr; returns NQ_EXIT_USAGE. */
int nq_cli_error(const nq_error *err);
/* The help of a verb: usage, about, the flags, more. */
void nq_cli_help(const nq_verb *v, FILE *f);

/* An integer flag's value by the experiment file's rules (nq_parse_int):
 * 0 with *out set, or the usage exit (message printed). */
int nq_cli_int(const nq_cli *c, long long min, long long max,
	       const char *what, long long *out);

/* The board of solve, export and check: -n N and --hint R:C (1-based,
 * kept 0-based), at most NQ_MAX_HINTS of them. */
typedef struct nq_board_args {
	int n;               /* 0: not given */
	int nhints;
	nq_square hints[NQ_MAX_HINTS];
} nq_board_args;

/* The verb's -n or --hint just returned by nq_cli_next, into b: 0, or
 * the usage exit (message printed). */
int nq_cli_board_flag(const nq_cli *c, nq_board_args *b);
/* -n given and the hints on its board, none attacking another: 0, or
 * the usage exit (message printed). */
int nq_cli_board_check(const nq_verb *v, const nq_board_args *b);

/* A verb's one experiment file (run, plan, slurm): the operand just
 * returned by nq_cli_next into *config, 0, or the usage exit when one
 * was given already; then, once the arguments are read, the file loaded
 * into *exp (nq_experiment_free it), 0, or the usage exit (none given,
 * or it does not load; message printed). */
int nq_cli_config_operand(const nq_cli *c, const char **config);
int nq_cli_config_load(const nq_verb *v, const char *config,
		       nq_experiment **exp);

/* The command line as typed, for the metadata file (main sets them). */
extern int nq_cli_argc;
extern char **nq_cli_argv;

#endif
