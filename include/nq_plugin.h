/*
 * nq_plugin.h - the public API of the n-queens comparison harness.
 *
 * This is the only header a plugin compiles against. It declares what an
 * instance is, what a solver hands back, and the three kinds of extension:
 *
 *   nq_solver       a whole approach (native search, a SAT or ILP backend)
 *   nq_cnf_encoder  a CNF encoding, fed to any CNF consumer through a sink
 *   nq_ilp_model    an ILP model, fed to any ILP consumer through a sink
 *
 * and what the host hands a solver in each run (ABI 6): nq_host, its
 * services for running a program (the temp directory, the deadline, a
 * program run and read, the clock), so a paradigm that is a program
 * outside (a Prolog, an OR tool) is a plugin of one file.
 *
 * Each is a const struct whose first two fields are the ABI version and the
 * struct's size, then a name and a one-line summary, then the hooks. Hooks
 * marked optional may be NULL. New hooks are only ever appended, with an
 * NQ_ABI_VERSION bump; the host reads a hook only when the plugin's version
 * is new enough. Built-ins use exactly these structs.
 *
 * Ownership: the host owns every pointer it passes in; a plugin owns its
 * const structs (static storage) and nothing it hands back outlives a call.
 */
#ifndef NQ_PLUGIN_H
#define NQ_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#define NQ_ABI_VERSION 7u
/* The oldest version this header's host still loads. */
#define NQ_ABI_OLDEST 1u

/* What an instance asks. */
enum nq_mode {
	NQ_MODE_FIRST = 0, /* one placement, or a proof that there is none */
	NQ_MODE_COUNT = 1  /* the number of placements */
};

/* A square; rows and columns are 0-based inside the API (the experiment
 * file is 1-based, the loader converts). */
typedef struct nq_square {
	int row, col;
} nq_square;

/* One n-queens instance. Hints are pre-placed queens every answer keeps;
 * the loader guarantees they are on the board, on distinct rows, and do
 * not attack each other.
 *
 * ABI 3 appends the NP-complete variants (Gent, Jefferson, Nightingale,
 * JAIR 2017): blocked squares may hold no queen (they do not stop
 * attacks), and excluded lines may hold no queen. The numbering, once:
 *
 *   diagonal      d = col - row + n - 1   (0 .. 2n-2; 0 is the square
 *                                          bottom-left, n-1 the main one)
 *   antidiagonal  a = row + col           (0 .. 2n-2; 0 is top-left)
 *
 * (0-based here; the experiment file numbers both from 1, the loader
 * converts.) The loader guarantees every entry is on the board, none is
 * listed twice, and no hint stands on a blocked square or excluded line.
 * A solver of ABI 1 or 2 never sees an instance with any of them: the
 * host leaves it out of those, with a notice. */
typedef struct nq_instance {
	int n;
	enum nq_mode mode;
	int nhints;
	const nq_square *hints;
	/* ABI 3 */
	int nblocked;
	const nq_square *blocked;
	int nexcl_diag, nexcl_anti;
	const int *excl_diag;      /* d values, ascending */
	const int *excl_anti;      /* a values, ascending */
	/* ABI 4: a count in parts. parts >= 2 asks for part `part` (0 ..
	 * parts-1) of the count only: the solver lists its work units in a
	 * fixed order that depends on n alone (never on threads or the
	 * machine) and counts the units i with i % parts == part, each with
	 * the symmetry weight it stands for, so the parts add up to the
	 * whole (`unique` too, where it is counted: a class a part counts
	 * has its placements in that part's count, so a part's unique is
	 * at most its count). parts 0 or 1: the whole.
	 * Only count mode on instances without hints, blocked squares or
	 * excluded lines; only solvers with a count_units hook see them. */
	int part, parts;
} nq_instance;

/* Returned in nq_result fields that do not apply (sizes, effort). */
#define NQ_NA (-1)
/* Returned in nq_result.unique when the solver does not count up to
 * symmetry. */
#define NQ_UNIQUE_NA UINT64_MAX

/* What a solver hands back. The host clears it (NA everywhere) and
 * allocates `placement` with n entries before calling solve. */
typedef struct nq_result {
	/* The answer. Count mode: `solutions` is the count. First mode:
	 * `solutions` is 1 and `placement[row] = col` for every row, or
	 * `solutions` is 0 for a proof that there is no placement. */
	uint64_t solutions;
	uint64_t unique;       /* count up to symmetry, or NQ_UNIQUE_NA */
	int32_t *placement;    /* host-owned, n entries */

	/* Phase times in seconds, measured by the solver (0 when unknown). */
	double build_s, solve_s;

	/* Sizes: CNF variables / clauses / literals, or ILP columns / rows /
	 * nonzeros. NQ_NA where they do not apply. */
	int64_t vars, constraints, nonzeros;

	/* Effort: search nodes (backtracking, branch and bound), SAT
	 * decisions and conflicts, simplex iterations. NQ_NA where they do
	 * not apply. */
	int64_t nodes, decisions, conflicts, iterations;

	/* Why solve failed, or a remark worth a CSV cell. */
	char note[200];

	/* ABI 2: options as they really ran where the solver chose a value
	 * itself, "key=value;..." ("threads=2" for threads: 0, one per
	 * core); they replace the declared values in the CSV `options`
	 * column. Empty: as declared. */
	char ran[64];

	/* ABI 7: local search's effort. `steps`: moves made after the
	 * initial state (a queen to another square, a swap, one
	 * generation of a genetic algorithm); `restarts`: fresh initial
	 * states after the first. NQ_NA where they do not apply (the
	 * host sets both before solve, so older solvers leave them so).
	 * `nodes` keeps meaning search nodes. */
	int64_t steps, restarts;
} nq_result;

/* max_n's answer for a mode a solver does not answer (count mode for a
 * local search, say). */
#define NQ_NOT_APPLICABLE (-1)

/* Return codes of hooks. */
#define NQ_OK 0
#define NQ_ERR (-1)        /* failed; note says why (CSV status `error`) */
#define NQ_ENOMEM (-2)     /* ran out of memory (CSV status `memout`) */
#define NQ_ETIMEOUT (-3)   /* stopped at job->time_limit_s (CSV `timeout`) */
/* ABI 7: an incomplete method (a local search) ended without a
 * placement and without a proof that none exists: stuck, or at its
 * step or restart limit. CSV status `unsolved`: counted as not solved,
 * never `wrong` or `error`. Hosts of ABI 1-6 would call it `error`. */
#define NQ_EUNSOLVED (-4)

/* ------------------------------------------------------------------ */
/* Options. A solver declares its options as a table; the experiment
 * file's keys are checked against it and each value reaches solve() as an
 * nq_optval at the same index. */

enum nq_opt_type {
	NQ_OPT_CHOICE, /* one of `choices` */
	NQ_OPT_INT,    /* an integer in [min, max]; 0 may mean "auto" */
	NQ_OPT_CNF,    /* the name of a registered CNF encoder */
	NQ_OPT_ILP,    /* the name of a registered ILP model */
	NQ_OPT_TEXT,   /* free text (at most 255 bytes), e.g. a file name */
	NQ_OPT_COMMAND /* a command line: words split at blanks, no shell;
			  the first word must name an executable (a path,
			  or found on PATH) when the experiment is checked,
			  so a missing program is an error before anything
			  runs (exit 2), not a crash mid-experiment */
};

/* A solver declares at most NQ_PLUGIN_OPTIONS_MAX options, then an
 * entry whose key is NULL; the host reads no further (one more entry
 * with a key is an error naming the solver). Each type must be one of
 * the enum above. */
#define NQ_PLUGIN_OPTIONS_MAX 8

typedef struct nq_option {
	const char *key;             /* NULL ends the table */
	enum nq_opt_type type;
	const char *def;             /* default, as written in YAML */
	const char *const *choices;  /* NQ_OPT_CHOICE: NULL-terminated */
	long long min, max;          /* NQ_OPT_INT */
	const char *help;            /* one line */
} nq_option;

typedef struct nq_optval {
	const char *str;  /* the value's name: for CHOICE choices[num], for
			     CNF / ILP the encoder's or model's name, for
			     TEXT / COMMAND the text (host-owned, lives
			     until exit); NULL for INT (read num) */
	long long num;    /* NQ_OPT_INT: the value; NQ_OPT_CHOICE: its index */
	const void *ptr;  /* NQ_OPT_CNF: const nq_cnf_encoder *;
			     NQ_OPT_ILP: const nq_ilp_model * */
} nq_optval;

struct nq_host;

/* One run as the solver sees it. */
typedef struct nq_job {
	const nq_instance *inst;
	const nq_optval *opt;   /* one per row of solver->options, in order */
	uint64_t seed;          /* the experiment's seed, for randomised solvers */
	double time_limit_s;    /* the run's timeout (0: none); the host kills
				   the run then, a solver may stop cleanly first */
	/* ABI 6: the host's services for this run (below). The host
	 * allocates nq_job, so older plugins never see it. NULL where a
	 * solver is called outside a run (a unit test). */
	const struct nq_host *host;
} nq_job;

/* ------------------------------------------------------------------ */
/* ABI 6: the host's services, for a solver that runs a program outside
 * (a Prolog, an OR tool, a solver with a text interface). They are the
 * ones the built-in program adapters (dimacs, cbc, minizinc, asp) use:
 * one path for both, with the run's deadline, memory limit, cgroup and
 * process tree holding the program. Read a field only when struct_size
 * covers it (later versions append). */
typedef struct nq_host {
	uint32_t abi_version;   /* the host's NQ_ABI_VERSION */
	uint32_t struct_size;   /* sizeof(nq_host) as the host has it */
	/* The run's own directory, removed with all it holds after the
	 * run: the solver's input files go here, and run()'s output. */
	const char *tmpdir;
	/* When a program must have ended, on now()'s clock (0: no time
	 * limit): the run's limit from the start of solve, less a margin
	 * (5%, 0.3 s at least) to kill it and read what it left before
	 * the host's own kill. */
	double deadline;
	/* Seconds since an arbitrary start, monotonic: the harness's
	 * clock, for build_s and solve_s. */
	double (*now)(void);
	/* Split a command (an NQ_OPT_COMMAND option's value) at blanks:
	 * buf gets a copy of it, argv[i] point into buf, at most max - 1
	 * words, then NULL. No shell, no quoting. Returns the words. */
	int (*split)(const char *command, char *buf, size_t len, char **argv,
		     int max);
	/* Run argv (NULL-terminated; argv[0] a path, or a name found on
	 * PATH) with stdin from /dev/null and its stdout and stderr into
	 * the files "stdout" and "stderr" of tmpdir, until it exits or the
	 * deadline, when it is killed (what it started ends with the run).
	 * It runs under the run's memory limit and cgroup, and dies with
	 * the run. res->solve_s gets its wall time. NQ_OK when it exited
	 * (*status as wait(2) gives it: WIFEXITED, WEXITSTATUS), or
	 * NQ_ETIMEOUT (killed at the deadline) or NQ_ERR (it could not be
	 * started) with res->note set: return that code from solve. */
	int (*run)(char *const argv[], int *status, nq_result *res);
	/* res->note for a program that ended without an answer: its exit
	 * status or signal, then `what` (what was missing, a few words),
	 * then the last line of its stderr. */
	void (*no_answer)(const char *prog, int status, const char *what,
			  nq_result *res);
} nq_host;

/* ------------------------------------------------------------------ */
/* A whole approach. */
typedef struct nq_solver {
	uint32_t abi_version;        /* NQ_ABI_VERSION */
	uint32_t struct_size;        /* sizeof(nq_solver) */
	const char *name;            /* as written in experiment files */
	const char *summary;         /* one line for `harness list` */
	const nq_option *options;    /* may be NULL: no options */
	/* The option whose value fills the CSV `encoding` column (variant,
	 * encoding, model), or NULL. */
	const char *label_option;
	/* Optional: the largest n this configuration accepts in this mode
	 * (0: no limit), or NQ_NOT_APPLICABLE when it does not answer this
	 * mode at all. Instances it does not take become `error` rows that
	 * say why, not runs. */
	int (*max_n)(const nq_optval *opt, enum nq_mode mode);
	/* Solve one instance; runs in a child process of its own. */
	int (*solve)(const nq_job *job, nq_result *res);
	/* ABI 2, optional: 0 when option `index` has no effect with these
	 * values (threads on a variant that has none), 1 when it has. An
	 * option without effect is left out of the CSV `options` column and
	 * of the approach's name. NULL: every option has an effect. */
	int (*option_used)(const nq_optval *opt, size_t index);
	/* ABI 4, optional: how many work units this configuration splits a
	 * count of the whole n x n board into (>= 1), or 0 when it does not
	 * count in parts. Solvers without it are left out of instances with
	 * `parts:` (with a notice), like a mode they do not answer. */
	long (*count_units)(const nq_optval *opt, int n);
	/* ABI 5, optional: how many threads solve() runs for an instance of
	 * size n in this mode (`plain`: 1 when it has no pre-placed queens,
	 * blocked squares or excluded lines), 0 for one per core it may use,
	 * or k >= 1. With jobs: N > 1 the harness gives each run that many
	 * cores of its own, so it must say what solve() does (res->ran says
	 * it after). NULL: the value of an option `threads` with an effect
	 * (0: every core), else 1. */
	int (*threads)(const nq_optval *opt, int n, enum nq_mode mode,
		       int plain);
} nq_solver;

/* The size of an ABI 1 nq_solver (before option_used), of ABI 2 and 3
 * (before count_units), and of ABI 4 (before threads). */
#define NQ_SOLVER_SIZE_V1 offsetof(nq_solver, option_used)
#define NQ_SOLVER_SIZE_V3 offsetof(nq_solver, count_units)
#define NQ_SOLVER_SIZE_V4 offsetof(nq_solver, threads)

/* ------------------------------------------------------------------ */
/* CNF: an encoder emits variables and clauses into a sink the host
 * provides (PicoSAT, a DIMACS file, an external solver). */
typedef struct nq_cnf_sink {
	void *ctx;
	int (*new_var)(void *ctx);          /* a fresh variable, from 1 */
	void (*add)(void *ctx, int lit);    /* DIMACS style: 0 ends a clause */
} nq_cnf_sink;

typedef struct nq_cnf_encoder {
	uint32_t abi_version;        /* NQ_ABI_VERSION */
	uint32_t struct_size;        /* sizeof(nq_cnf_encoder) */
	const char *name;
	const char *summary;
	/* At most one of lits[0..k-1] is true (k >= 2). The host calls it for
	 * every row, column and diagonal; it adds the at-least-one clause of
	 * each row and of each column (the standard model: exactly one queen
	 * per row and per column; the solvers' option `columns: none` leaves
	 * the column ones out), the hints as unit clauses, and numbers the
	 * squares. */
	int (*amo)(const nq_cnf_sink *sink, const int *lits, int k);
	/* Optional: encode the whole instance instead (then `amo` is not
	 * used). Must set square_var[row * n + col] to each square's
	 * variable; a true variable means a queen. The host appends the
	 * column at-least-one clauses after it (unless `columns: none`);
	 * everything else, the rows' at-least-one included, is the hook's. */
	int (*encode)(const nq_instance *inst, const nq_cnf_sink *sink,
		      int *square_var);
} nq_cnf_encoder;

/* ------------------------------------------------------------------ */
/* ILP: a model emits columns and rows into a sink (GLPK, an LP file). */
typedef struct nq_ilp_sink {
	void *ctx;
	/* A column; returns its index, from 1. */
	int (*add_col)(void *ctx, const char *name, double lb, double ub,
		       double obj, int is_integer);
	/* A row: sum(vals[i] * x[cols[i]]) sense rhs, with sense one of
	 * 'L' (<=), 'G' (>=), 'E' (=). Returns its index, from 1. */
	int (*add_row)(void *ctx, const char *name, char sense, double rhs,
		       int nz, const int *cols, const double *vals);
	void (*maximize)(void *ctx, int yes); /* default: minimize */
} nq_ilp_sink;

typedef struct nq_ilp_model {
	uint32_t abi_version;        /* NQ_ABI_VERSION */
	uint32_t struct_size;        /* sizeof(nq_ilp_model) */
	const char *name;
	const char *summary;
	/* Build the model; set square_col[row * n + col] to the 0/1 column of
	 * each square (value 1 means a queen). Hints must be honoured. */
	int (*build)(const nq_instance *inst, const nq_ilp_sink *sink,
		     int *square_col);
} nq_ilp_model;

/* ------------------------------------------------------------------ */
/* A plugin: one shared object, one entry symbol.
 *
 * A plugin exports exactly one function,
 *
 *     NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void);
 *
 * returning a const struct (static storage) that lists what it adds:
 * NULL-terminated arrays of solvers, CNF encoders and ILP models (any of
 * the three may be NULL; together they list at least one thing). The
 * harness loads it with dlopen(RTLD_NOW | RTLD_LOCAL) when an experiment
 * file names it (`plugins: [my_amo.so]`, relative to the experiment file)
 * or on the command line (`--plugin ./my_amo.so`), then checks the ABI
 * version and struct size of the nq_plugin and of every entry listed, and
 * registers each entry under its name through the same path as the
 * built-ins. A missing file or symbol, a wrong version or size, or a name
 * already taken (by a built-in or another plugin) rejects the whole
 * plugin: nothing of it stays registered, and the harness exits 2 naming
 * the file. Loading the same file twice is harmless (loaded once).
 *
 * Each list is read up to NQ_PLUGIN_LIST_MAX entries: a list with more,
 * or without its NULL, is refused. The whole load (dlopen, the entry,
 * every table) is done first in a child process with a time limit, so a
 * plugin whose constructor or entry crashes, loops or exits, or whose
 * table runs into unmapped memory, is one error naming the file and what
 * was being read, never a crashed or hung harness. So are the max_n and
 * count_units hooks, the only ones the host calls outside a run (at plan
 * time): each call is made in a child, at most 2 s, once per approach
 * and mode (or n), and a hook that crashes, loops, exits or answers a
 * value outside its range is an error naming the plugin, the solver and
 * the value, exit 2 before any file is written.
 *
 * A plugin's hooks run in the child process of each run, like the
 * built-ins': a plugin that crashes costs that run (CSV status `crash`).
 *
 * Build: cc -std=c11 -O2 -shared -fPIC -Iinclude -o my_amo.so my_amo.c
 * (or `make plugin SRC=my_amo.c`). encoders/template/template_amo.c is a
 * copy-this-file starting point for an encoding,
 * encoders/template/template_program.c for a solver that runs a
 * program (nq_host); docs/plugins.md walks through both.
 *
 * ABI history (NQ_ABI_VERSION):
 *   1  the first loadable version: nq_solver, nq_cnf_encoder,
 *      nq_ilp_model, nq_plugin; option types CHOICE, INT, CNF, ILP,
 *      TEXT, COMMAND.
 *   2  nq_solver.option_used (appended); nq_result.ran (appended; the
 *      host allocates nq_result, so an ABI 1 solver simply leaves it
 *      empty). ABI 1 plugins still load: the host reads option_used only
 *      from solvers of version 2 whose struct_size covers it.
 *   3  nq_instance: blocked squares and excluded diagonals (appended).
 *      The host allocates nq_instance, so older plugins still load;
 *      solvers of ABI 1 and 2 are left out of instances that have any
 *      (they would not know to avoid them), with a notice. CNF encoders
 *      and ILP models of any version serve every instance: the host adds
 *      the unit clauses (a blocked square's variable false) and fixes
 *      the columns itself through square_var / square_col.
 *   4  counts in parts: nq_instance.part and .parts (appended),
 *      nq_solver.count_units (appended, optional). Solvers of ABI 1-3
 *      (or without the hook) are left out of instances with parts.
 *   5  nq_solver.threads (appended, optional): the cores a run takes
 *      under jobs: N > 1, per instance. Solvers of ABI 1-4 (or without
 *      the hook) take their `threads` option's value, as before.
 *   6  nq_host, the host's services for a run (temp directory,
 *      deadline, clock, a program run and its notes), in nq_job.host
 *      (appended; the host allocates nq_job). No struct a plugin
 *      declares changed: plugins of ABI 1-5 load and run as before.
 *   7  nq_result.steps and .restarts (appended; the host sets them to
 *      NQ_NA, so older solvers leave them so) and the return code
 *      NQ_EUNSOLVED (an incomplete method that gave up: CSV status
 *      `unsolved`). Plugins of ABI 1-6 load and run as before.
 * Later versions only append: new hooks at the end of a struct (the host
 * reads them only from entries whose abi_version is new enough) and new
 * option types at the end of the enum. */

#define NQ_PLUGIN_ENTRY_SYMBOL "nq_plugin_entry"

/* The longest list of solvers, CNF encoders or ILP models the host
 * reads from one plugin (then the NULL). */
#define NQ_PLUGIN_LIST_MAX 64

#if defined(__GNUC__)
#define NQ_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define NQ_PLUGIN_EXPORT
#endif

typedef struct nq_plugin {
	uint32_t abi_version;        /* NQ_ABI_VERSION */
	uint32_t struct_size;        /* sizeof(nq_plugin) */
	const char *name;            /* for `harness list`, e.g. "my-amo" */
	const char *summary;         /* one line */
	const nq_solver *const *solvers;     /* NULL-terminated, or NULL */
	const nq_cnf_encoder *const *cnf;    /* NULL-terminated, or NULL */
	const nq_ilp_model *const *ilp;      /* NULL-terminated, or NULL */
} nq_plugin;

/* The type of the entry symbol, for the host's dlsym. */
typedef const nq_plugin *(*nq_plugin_entry_fn)(void);

/* What a plugin defines (declared here so a typo in its name or type is
 * a compile error, not a load error). */
NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void);

#endif /* NQ_PLUGIN_H */
