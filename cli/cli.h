/*
 * cli.h - the command line as data: each verb is a row (name, function,
 * usage, help) with a table of its flags (name, short name, argument,
 * type, where its value goes, range or choices, help line), as git's
 * command table and kissat's options table, and as the experiment
 * file's keys (core/config/config.c). One parser walks argv against the
 * table, checks each value by its row and stores it, so every verb
 * takes, refuses and explains its flags the same way, and `harness help
 * VERB` and `VERB --help` are printed from the same rows.
 *
 * Also here: the board flags (-n N, --hint R:C) shared by solve, export
 * and check, and the "harness VERB: message / usage:" error every verb
 * prints on bad input.
 */
#ifndef NQ_CLI_H
#define NQ_CLI_H

#include <stddef.h>
#include <stdio.h>
#include "error.h"
#include "experiment.h"

struct nq_cli;

/* What a flag's value is, and so how the parser checks and stores it at
 * the row's `at` in the verb's argument struct (nq_cli_parse's `args`),
 * as the experiment file's key table does (core/config/config.c). */
enum nq_flag_type {
	NQ_FLAG_SET = 1,  /* no value: the int at `at` becomes `min` */
	NQ_FLAG_STRING,   /* const char *: the value as typed */
	NQ_FLAG_INT,      /* int, an integer from min to max */
	NQ_FLAG_U64,      /* uint64_t, an unsigned 64-bit integer */
	NQ_FLAG_DURATION, /* double, seconds greater than 0 ("10s") */
	NQ_FLAG_SIZE,     /* uint64_t KiB greater than 0 ("2G"), none: 0 */
	NQ_FLAG_CHOICE,   /* int: the index of the value in `choices` */
	NQ_FLAG_FN,       /* `parse` checks and stores it (several parts,
			     a repeatable flag that collects) */
};

/* NQ_FLAG_FN: the value is c->val, `field` the row's `at` in args: 0, or
 * the usage exit (message printed with nq_cli_fail). */
typedef int nq_flag_fn(const struct nq_cli *c, void *field);

/* One flag, a row of its verb's table: how it is spelt and explained,
 * then what its value is and where it goes. A table ends with a row
 * whose help is NULL (NQ_FLAG_END). `harness help VERB` prints the
 * spelling, arg and help; the parser uses the rest. */
typedef struct nq_flag {
	const char *name;   /* long name without "--" ("count"), or NULL */
	char short_name;    /* 'n' for -n, or 0 */
	const char *arg;    /* the value's name ("N", "R:C"); NULL: none */
	enum nq_flag_type type;
	size_t at;          /* offsetof the field in the verb's args */
	long long min, max; /* INT: the range; SET: min is stored */
	const char *what;   /* INT: what the number is, for errors ("a
			       board size"); NULL: "an integer" */
	const char *const *choices; /* CHOICE: the names, NULL last */
	nq_flag_fn *parse;  /* FN */
	const char *help;   /* help lines, '\n' between them */
} nq_flag;

#define NQ_FLAG_END { .help = NULL }

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

/* The parser's state: nq_cli_start, then nq_cli_next until NQ_CLI_END
 * (or nq_cli_parse, which does both). */
typedef struct nq_cli {
	const nq_verb *verb;
	int argc;
	char **argv;
	int i;               /* the next argument */
	int operands_only;   /* after "--": every argument is an operand */
	void *args;          /* where flags are stored (NULL: checked only) */
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
/* The next argument. A flag with a value takes the next argument
 * whatever it is (`-o -`, `--hint -1:2`); "-" alone is an operand; "--"
 * makes every later argument an operand; -h and --help print the verb's
 * help. The value is checked by the row's type and stored in c->args
 * (without args an FN row's value is not looked at): an unknown flag, a flag without its value or a value its
 * row refuses prints the error (the flag named, what it takes, the
 * nearest spelling or choice) and returns NQ_CLI_STOP. A flag given
 * again is stored again (the last wins; FN rows may collect them). */
int nq_cli_next(nq_cli *c);

/* An operand of a verb (c->val), into its args: 0, or the usage exit
 * (message printed). */
typedef int nq_operand_fn(const nq_cli *c, void *args);

/* A verb's whole command line: every flag checked and stored in `args`
 * by its row, every operand handed to `operand` (NULL: the verb takes
 * none, and one is an error). 0; -1 after --help (printed); else the
 * exit status, the message printed. */
int nq_cli_parse(const nq_verb *v, int argc, char **argv, void *args,
		 nq_operand_fn *operand);

/* The flag's spelling closest to `typed` in the table (edit distance at
 * most 2), or NULL; "--count" or "-n" written into buf. */
const char *nq_cli_suggest(const nq_flag *flags, const char *typed,
			   char *buf, size_t len);

/* "harness VERB: MESSAGE" and the verb's usage on stderr; returns
 * NQ_EXIT_USAGE (2). fmt takes one string. */
int nq_cli_fail(const nq_verb *v, const char *fmt, const char *arg);
/* A value that is none of a flag's (or an operand's) choices: "harness
 * VERB: EXPECTED, not 'TYPED'", with " (did you mean 'X'?)" when one of
 * `choices` is near (units.h's nq_choice), and the usage; returns
 * NQ_EXIT_USAGE. */
int nq_cli_fail_choice(const nq_verb *v, const char *expected,
		       const char *typed, const char *const *choices,
		       size_t n);
/* An nq_error on stderr; returns NQ_EXIT_USAGE. */
int nq_cli_error(const nq_error *err);
/* The help of a verb: usage, about, the flags, more. */
void nq_cli_help(const nq_verb *v, FILE *f);

/* The board of solve, export and check: -n N and --hint R:C (1-based,
 * kept 0-based), at most NQ_MAX_HINTS of them. */
typedef struct nq_board_args {
	int n;               /* 0: not given */
	int nhints;
	nq_square hints[NQ_MAX_HINTS];
} nq_board_args;

/* The board's two rows, for a verb whose args struct S holds an
 * nq_board_args named `field`: -n N, then --hint R:C (its parse appends
 * to the board's hints). */
#define NQ_FLAG_BOARD_N(S, field, text) \
	{ NULL, 'n', "N", NQ_FLAG_INT, offsetof(S, field.n), 1, NQ_MAX_N, \
	  .what = "a board size", .help = text }
#define NQ_FLAG_BOARD_HINT(S, field, text) \
	{ "hint", 0, "R:C", NQ_FLAG_FN, offsetof(S, field), \
	  .parse = nq_cli_hint, .help = text }
nq_flag_fn nq_cli_hint;
/* -n given and the hints on its board, none attacking another: 0, or
 * the usage exit (message printed). */
int nq_cli_board_check(const nq_verb *v, const nq_board_args *b);

/* A verb's one experiment file (run, plan, slurm): an nq_operand_fn for
 * an args struct that starts with the file's name (const char *), 0, or
 * the usage exit when one was given already; then, once the arguments
 * are read, the file loaded into *exp (nq_experiment_free it), 0, or the
 * usage exit (none given, or it does not load; message printed). */
nq_operand_fn nq_cli_config_operand;
int nq_cli_config_load(const nq_verb *v, const char *config,
		       nq_experiment **exp);

/* The command line as typed, for the metadata file (main sets them). */
extern int nq_cli_argc;
extern char **nq_cli_argv;

#endif
