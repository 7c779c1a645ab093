/*
 * config.c - reads an experiment file (YAML) into an nq_experiment.
 *
 * The file is read whole with libyaml's document API and checked before
 * anything runs. Every error names the file, the 1-based line and column
 * of the offending node (the value for a bad value, the key for an unknown
 * or duplicate key) and says what was expected.
 *
 * The experiment file
 * -------------------
 *
 *   experiment: scaling      # name: [A-Za-z0-9_.-]+, at most 100 characters.
 *                            #   Default: the file's base name without its
 *                            #   extension (other characters become '_').
 *   repeat: 3                # measured runs per instance and approach,
 *                            #   integer 1..1000000, default 1
 *   warmup: 1                # runs made first and not written, integer
 *                            #   0..1000000, default 0
 *   timeout: 20s             # per run, > 0, default 60s: "20s", "500ms",
 *                            #   "2m", "1h", or a bare number of seconds
 *                            #   ("20", "1.5", "1.5s")
 *   memory: 2G               # per-run memory limit, default none: "512M",
 *                            #   "2G", "2GiB", "1024K", "1T" (K/KB/KiB,
 *                            #   M/MB/MiB, G/GB/GiB, T/TB/TiB, any case, all
 *                            #   binary: 1K = 1024 bytes; decimals allowed,
 *                            #   rounded up to whole KiB); a bare number is
 *                            #   MiB; "none" for no limit; 0 is an error
 *   seed: 1                  # unsigned 64-bit integer, default 1
 *   output: reports/x.csv    # default reports/<experiment>.csv (relative to
 *                            #   the working directory, not to this file)
 *   after_timeout: continue  # continue | skip, default continue. skip: once
 *                            #   an approach times out on an instance, it
 *                            #   skips larger n of the same mode and hints
 *   instances:               # required, a non-empty list of mappings
 *     - n: 8                 # required: an integer 1..100000000, a range
 *                            #   "4..12", "4..12 by 2", "16..1024 times 2"
 *                            #   (the end is an upper bound, included when
 *                            #   hit), or a list of integers and ranges
 *       mode: count          # first | count | a list of both, default first
 *       hints: [[1, 2], [3, 5]]  # optional pre-placed queens, 1-based
 *                            #   [row, column] pairs; on the board for every
 *                            #   n of the entry, no two attacking
 *       only: [backtrack, picosat/pairwise]  # optional: the approaches
 *                            #   that run this entry, by solver name or by
 *                            #   approach name as the summary shows it;
 *                            #   each must name an approach of the file
 *   plugins: [my_amo.so]     # shared objects to load before the approaches
 *                            #   are checked (their solvers, encodings and
 *                            #   models then count as known names): a path
 *                            #   or a list of paths, each relative to THIS
 *                            #   FILE's directory unless absolute (so
 *                            #   "my_amo.so" sits beside the experiment
 *                            #   file). Loaded first, wherever the key
 *                            #   stands. See include/nq_plugin.h and
 *                            #   docs/plugins.md
 *   approaches:              # required, a non-empty list
 *     - backtrack                                 # a solver, options at defaults
 *     - backtrack: {variant: [textbook, bitmask]} # solver: {option: value}
 *     - picosat: {encoding: [pairwise, sequential]}
 *     - glpk: {model: assignment}
 *
 * Expansion. Instances come in file order; within an entry, for each n in
 * order, for each mode in order, one instance (each with its own copy of
 * the hints). An option whose value is a list gives one approach per value;
 * several such options give their cartesian product, the solver's option
 * table order outermost. An approach's options may be omitted, null or
 * {}. The same approach listed twice is an error, as is a key given twice
 * in one mapping.
 *
 * Limits: at most 100000 instances and 1000 approaches after expansion;
 * the hints of an entry must fit the CSV `hints` column (255 characters
 * written as "r:c r:c"). The file itself: at most 4 MiB
 * (NQ_CONFIG_MAX_BYTES), lists and mappings nested at most 64 deep
 * (NQ_CONFIG_MAX_DEPTH), UTF-8 text; each checked before the document is
 * built, each an error at FILE:LINE:COL.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>
#include "experiment.h"
#include "registry.h"
#include "validate.h"
#include "plugin.h"

#define NQ_MAX_N 100000000
#define NQ_MAX_INSTANCES 100000
#define NQ_MAX_APPROACHES 1000
#define NQ_MAX_REPEAT 1000000
#define NQ_MAX_NAME 100

/* ------------------------------------------------------------------ */
/* The keys: each declared once, here. The parser looks keys up in these
 * tables; unknown keys get a did-you-mean from them. */

enum key_kind {
	/* top level */
	KEY_NAME,          /* experiment name */
	KEY_INT,           /* int field of nq_experiment at `offset` */
	KEY_DURATION,      /* timeout */
	KEY_SIZE,          /* memory */
	KEY_U64,           /* seed */
	KEY_PATH,          /* output */
	KEY_AFTER_TIMEOUT, /* continue | skip */
	KEY_INSTANCES,
	KEY_APPROACHES,
	KEY_PLUGINS,
	/* instance entries */
	KEY_N,
	KEY_MODE,
	KEY_HINTS,
	KEY_ONLY
};

struct key_def {
	const char *name;
	enum key_kind kind;
	int required;
	size_t offset;     /* KEY_INT: where in nq_experiment */
	long long min, max; /* KEY_INT */
	const char *help;
};

static const struct key_def top_keys[] = {
	{ "experiment", KEY_NAME, 0, 0, 0, 0,
	  "the experiment's name (default: the file's base name)" },
	{ "repeat", KEY_INT, 0, offsetof(nq_experiment, repeat),
	  1, NQ_MAX_REPEAT, "measured runs per instance and approach" },
	{ "warmup", KEY_INT, 0, offsetof(nq_experiment, warmup),
	  0, NQ_MAX_REPEAT, "runs made first and not written" },
	{ "timeout", KEY_DURATION, 0, 0, 0, 0,
	  "time limit per run, e.g. 20s (default 60s)" },
	{ "memory", KEY_SIZE, 0, 0, 0, 0,
	  "memory limit per run, e.g. 2G, or none (default none)" },
	{ "seed", KEY_U64, 0, 0, 0, 0,
	  "seed handed to randomised solvers (default 1)" },
	{ "output", KEY_PATH, 0, 0, 0, 0,
	  "the CSV file (default reports/<experiment>.csv)" },
	{ "after_timeout", KEY_AFTER_TIMEOUT, 0, 0, 0, 0,
	  "continue, or skip larger n after a timeout (default continue)" },
	{ "instances", KEY_INSTANCES, 1, 0, 0, 0,
	  "a list of boards to solve, e.g. '- {n: 8, mode: count}'" },
	{ "approaches", KEY_APPROACHES, 1, 0, 0, 0,
	  "a list of solvers, e.g. '- backtrack'" },
	{ "plugins", KEY_PLUGINS, 0, 0, 0, 0,
	  "shared objects to load, relative to this file, e.g. [my_amo.so]" },
};
#define NTOP (sizeof top_keys / sizeof *top_keys)

static const struct key_def instance_keys[] = {
	{ "n", KEY_N, 1, 0, 0, 0,
	  "the board size: an integer, a range '4..12' or a list" },
	{ "mode", KEY_MODE, 0, 0, 0, 0,
	  "first, count or a list of both (default first)" },
	{ "hints", KEY_HINTS, 0, 0, 0, 0,
	  "pre-placed queens as 1-based [row, column] pairs" },
	{ "only", KEY_ONLY, 0, 0, 0, 0,
	  "the approaches that run this entry, e.g. [backtrack, picosat/pairwise]" },
};
#define NINST (sizeof instance_keys / sizeof *instance_keys)

/* ------------------------------------------------------------------ */
/* Small parsers shared by the loader and the public helpers. */

/* A decimal integer with an optional sign. 0, or -1 when malformed, -2
 * when out of range. */
static int parse_ll(const char *t, long long *out)
{
	char *end;

	if (!*t || !(*t == '-' || *t == '+' || (*t >= '0' && *t <= '9')))
		return -1;
	if ((*t == '-' || *t == '+') && !(t[1] >= '0' && t[1] <= '9'))
		return -1;
	errno = 0;
	*out = strtoll(t, &end, 10);
	if (*end)
		return -1;
	return errno == ERANGE ? -2 : 0;
}

int nq_parse_int(const char *text, long long min, long long max,
		 long long *out)
{
	long long v;
	int rc;

	if (!text || (rc = parse_ll(text, &v)) == -1)
		return -1;
	if (rc == -2)
		return text[0] == '-' ? -2 : -3;
	if (v < min)
		return -2;
	if (v > max)
		return -3;
	*out = v;
	return 0;
}

int nq_parse_u64(const char *text, uint64_t *out)
{
	const char *c;
	unsigned long long v;
	char *end;

	if (!text)
		return -1;
	for (c = text; *c >= '0' && *c <= '9'; c++)
		;
	if (c == text || *c)
		return -1;
	errno = 0;
	v = strtoull(text, &end, 10);
	if (*end || errno == ERANGE)
		return -1;
	*out = (uint64_t)v;
	return 0;
}

/* Digits with an optional fraction ("20", "1.5", ".5", "2."), at least one
 * digit. Sets *end past it; -1 when there is no number. No signs, no
 * exponents, independent of the locale. */
static int parse_decimal(const char *t, double *out, const char **end)
{
	double v = 0, scale = 1;
	int digits = 0;

	for (; *t >= '0' && *t <= '9'; t++, digits++)
		v = v * 10 + (*t - '0');
	if (*t == '.')
		for (t++; *t >= '0' && *t <= '9'; t++, digits++) {
			scale /= 10;
			v += (*t - '0') * scale;
		}
	if (!digits)
		return -1;
	*out = v;
	*end = t;
	return 0;
}

int nq_parse_duration(const char *text, double *seconds)
{
	static const struct { const char *unit; double mult; } units[] = {
		{ "", 1 }, { "s", 1 }, { "ms", 0.001 }, { "m", 60 },
		{ "h", 3600 },
	};
	const char *p;
	double v;
	size_t i;

	if (!text || parse_decimal(text, &v, &p))
		return -1;
	for (i = 0; i < sizeof units / sizeof *units; i++)
		if (strcmp(p, units[i].unit) == 0) {
			v *= units[i].mult;
			if (!isfinite(v))
				return -1;
			*seconds = v;
			return 0;
		}
	return -1;
}

int nq_parse_size_kib(const char *text, uint64_t *kib)
{
	static const struct { const char *unit; double mult; } units[] = {
		{ "", 1024.0 },
		{ "k", 1.0 }, { "kb", 1.0 }, { "kib", 1.0 },
		{ "m", 1024.0 }, { "mb", 1024.0 }, { "mib", 1024.0 },
		{ "g", 1048576.0 }, { "gb", 1048576.0 }, { "gib", 1048576.0 },
		{ "t", 1073741824.0 }, { "tb", 1073741824.0 },
		{ "tib", 1073741824.0 },
	};
	const char *p;
	double v;
	size_t i;

	if (!text)
		return -1;
	if (strcmp(text, "none") == 0) {
		*kib = 0;
		return 0;
	}
	if (parse_decimal(text, &v, &p))
		return -1;
	for (i = 0; i < sizeof units / sizeof *units; i++)
		if (strcasecmp(p, units[i].unit) == 0) {
			v = ceil(v * units[i].mult);
			/* 2^64: beyond it the value does not fit. */
			if (!isfinite(v) || v >= 18446744073709551616.0)
				return -1;
			*kib = (uint64_t)v;
			return 0;
		}
	return -1;
}

int nq_parse_memory(const char *text, uint64_t *kib)
{
	uint64_t v;

	if (!text)
		return -1;
	if (strcmp(text, "none") == 0) {
		*kib = 0;
		return 0;
	}
	if (text[0] == '-')
		return -2;
	if (nq_parse_size_kib(text, &v))
		return -1;
	if (v == 0)
		return -2;
	*kib = v;
	return 0;
}

/* Optimal string alignment distance (edits, with transpositions), for
 * did-you-mean. Long strings are simply "far". */
size_t nq_edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	size_t d[33][33];

	if (la > 32 || lb > 32)
		return 99;
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			size_t cost = a[i - 1] != b[j - 1];
			size_t best = d[i - 1][j] + 1;

			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < best)
				best = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[la][lb];
}

/* Append to a NUL-terminated buffer; -1 when it does not fit. */
static int append(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int append(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;
	int w;

	if (used >= len)
		return -1;
	va_start(ap, fmt);
	w = vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
	return w < 0 || (size_t)w >= len - used ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Approaches: a solver plus option values. */

static size_t option_count(const nq_solver *s)
{
	size_t n = 0;

	while (s->options && s->options[n].key)
		n++;
	return n;
}

/* TEXT and COMMAND values are kept in a list that lives until exit (an
 * approach outlives the YAML document its text came from); equal texts
 * share one copy. */
struct text_node {
	struct text_node *next;
	char text[];
};
static struct text_node *texts;

static const char *intern(const char *text)
{
	struct text_node *t;
	size_t len = strlen(text);

	for (t = texts; t; t = t->next)
		if (strcmp(t->text, text) == 0)
			return t->text;
	if (!(t = malloc(sizeof *t + len + 1)))
		return NULL;
	memcpy(t->text, text, len + 1);
	t->next = texts;
	texts = t;
	return t->text;
}

/* The program of a command line: its first word, found as a path (with a
 * '/') or on PATH, executable. 0 when found. */
static int find_program(const char *command, char *prog, size_t len)
{
	const char *path = getenv("PATH"), *p, *colon;
	size_t plen = strcspn(command, " \t");
	char file[4096];
	struct stat st;

	snprintf(prog, len, "%.*s", (int)plen, command);
	if (!prog[0])
		return -1;
	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0 && stat(prog, &st) == 0 &&
		       S_ISREG(st.st_mode) ? 0 : -1;
	for (p = path ? path : "/usr/local/bin:/usr/bin:/bin"; p;
	     p = colon ? colon + 1 : NULL) {
		colon = strchr(p, ':');
		snprintf(file, sizeof file, "%.*s/%s",
			 colon ? (int)(colon - p) : (int)strlen(p),
			 colon == p || !*p ? "." : p, prog);
		if (access(file, X_OK) == 0 && stat(file, &st) == 0 &&
		    S_ISREG(st.st_mode))
			return 0;
	}
	return -1;
}

static int option_text(const nq_solver *s, const nq_option *o,
		       const char *text, nq_optval *v, nq_error *err)
{
	char prog[256];

	if (strlen(text) > 255)
		return nq_error_set(err, NULL, 0, 0, "%s for %s is too long "
				    "(at most 255 characters)", o->key,
				    s->name);
	if (o->type == NQ_OPT_COMMAND) {
		if (!text[strspn(text, " \t")])
			return nq_error_set(err, NULL, 0, 0, "%s for %s is "
					    "empty (expected a program name)",
					    o->key, s->name);
		if (find_program(text + strspn(text, " \t"), prog,
				 sizeof prog))
			return nq_error_set(err, NULL, 0, 0,
					    "%s: %s '%s' not found%s (%s)",
					    s->name, o->key, prog,
					    strchr(prog, '/') ? " or not "
					    "executable" : " on PATH",
					    o->help);
	}
	if (!(v->str = intern(text)))
		return nq_error_set(err, NULL, 0, 0, "out of memory");
	return 0;
}

/* Check `text` as a value of option `o` of solver `s`. */
static int option_parse(const nq_solver *s, const nq_option *o,
			const char *text, nq_optval *v, nq_error *err)
{
	char expected[400];
	long long num;
	size_t i;

	memset(v, 0, sizeof *v);
	switch (o->type) {
	case NQ_OPT_CHOICE:
		for (i = 0; o->choices && o->choices[i]; i++)
			if (strcmp(o->choices[i], text) == 0) {
				v->num = (long long)i;
				v->str = o->choices[i];
				return 0;
			}
		break;
	case NQ_OPT_INT:
		if (parse_ll(text, &num) == 0 && num >= o->min &&
		    num <= o->max) {
			v->num = num;
			return 0;
		}
		nq_registry_option_choices(o, expected, sizeof expected);
		return nq_error_set(err, NULL, 0, 0,
				    "bad %s '%s' for %s (expected %s)",
				    o->key, text, s->name, expected);
	case NQ_OPT_CNF: {
		const nq_cnf_encoder *e = nq_registry_cnf(text);

		if (e) {
			v->ptr = e;
			v->str = e->name;
			return 0;
		}
		break;
	}
	case NQ_OPT_ILP: {
		const nq_ilp_model *m = nq_registry_ilp(text);

		if (m) {
			v->ptr = m;
			v->str = m->name;
			return 0;
		}
		break;
	}
	case NQ_OPT_TEXT:
	case NQ_OPT_COMMAND:
		return option_text(s, o, text, v, err);
	}
	nq_registry_option_choices(o, expected, sizeof expected);
	return nq_error_set(err, NULL, 0, 0,
			    "unknown %s '%s' for %s (expected one of: %s)",
			    o->key, text, s->name, expected);
}

/* The default of option `o`: its `def`, or when a plugin left that NULL,
 * the first choice / encoder / model, or the integer in [min, max]
 * closest to 0. */
static int option_default(const nq_solver *s, const nq_option *o,
			  nq_optval *v, nq_error *err)
{
	if (o->def)
		return option_parse(s, o, o->def, v, err);
	memset(v, 0, sizeof *v);
	switch (o->type) {
	case NQ_OPT_CHOICE:
		if (o->choices && o->choices[0]) {
			v->str = o->choices[0];
			return 0;
		}
		break;
	case NQ_OPT_INT:
		v->num = o->min > 0 ? o->min : o->max < 0 ? o->max : 0;
		return 0;
	case NQ_OPT_CNF:
		if ((v->ptr = nq_registry_cnf_at(0))) {
			v->str = nq_registry_cnf_at(0)->name;
			return 0;
		}
		break;
	case NQ_OPT_ILP:
		if ((v->ptr = nq_registry_ilp_at(0))) {
			v->str = nq_registry_ilp_at(0)->name;
			return 0;
		}
		break;
	case NQ_OPT_TEXT:
		v->str = "";
		return 0;
	case NQ_OPT_COMMAND:
		break;
	}
	return nq_error_set(err, NULL, 0, 0,
			    "option '%s' of %s has no default and no values",
			    o->key, s->name);
}

static int optval_equal(const nq_option *o, const nq_optval *a,
			const nq_optval *b)
{
	switch (o->type) {
	case NQ_OPT_CHOICE:
	case NQ_OPT_INT:
		return a->num == b->num;
	case NQ_OPT_CNF:
	case NQ_OPT_ILP:
		return a->ptr == b->ptr;
	case NQ_OPT_TEXT:
	case NQ_OPT_COMMAND:
		return a->str && b->str && strcmp(a->str, b->str) == 0;
	}
	return 0;
}

static void optval_text(const nq_option *o, const nq_optval *v, char *buf,
			size_t len)
{
	if (o->type == NQ_OPT_INT)
		snprintf(buf, len, "%lld", v->num);
	else
		snprintf(buf, len, "%s", v->str ? v->str : "");
}

int nq_approach_init(nq_approach *a, const nq_solver *s,
		     const char *const *keys, const char *const *values,
		     size_t nkv, nq_error *err)
{
	const char *given[NQ_MAX_OPTIONS] = { 0 };
	size_t nopt = option_count(s), k, r;
	char known[300] = "", text[128];
	int label_row = -1;

	memset(a, 0, sizeof *a);
	a->solver = s;
	if (nopt > NQ_MAX_OPTIONS)
		return nq_error_set(err, NULL, 0, 0,
				    "%s declares %zu options; the harness "
				    "handles at most %d", s->name, nopt,
				    NQ_MAX_OPTIONS);
	for (k = 0; k < nkv; k++) {
		for (r = 0; r < nopt; r++)
			if (strcmp(s->options[r].key, keys[k]) == 0)
				break;
		if (r == nopt) {
			for (r = 0; r < nopt; r++)
				append(known, sizeof known, "%s%s",
				       r ? ", " : "", s->options[r].key);
			if (!nopt)
				return nq_error_set(err, NULL, 0, 0,
						    "unknown option '%s' for "
						    "%s (it takes no options)",
						    keys[k], s->name);
			return nq_error_set(err, NULL, 0, 0,
					    "unknown option '%s' for %s "
					    "(known: %s)", keys[k], s->name,
					    known);
		}
		if (given[r])
			return nq_error_set(err, NULL, 0, 0,
					    "option '%s' for %s is given twice",
					    keys[k], s->name);
		given[r] = values[k];
	}
	for (r = 0; r < nopt; r++) {
		const nq_option *o = &s->options[r];

		if (given[r] ? option_parse(s, o, given[r], &a->opt[r], err)
			     : option_default(s, o, &a->opt[r], err))
			return -1;
		if (s->label_option && strcmp(o->key, s->label_option) == 0)
			label_row = (int)r;
	}

	/* label, options, name */
	if (label_row >= 0) {
		const nq_option *o = &s->options[label_row];

		optval_text(o, &a->opt[label_row], text, sizeof text);
		if (append(a->label, sizeof a->label, "%s", text))
			return nq_error_set(err, NULL, 0, 0,
					    "%s '%s' for %s is too long "
					    "(at most %zu characters)", o->key,
					    text, s->name,
					    sizeof a->label - 1);
	}
	for (r = 0; r < nopt; r++) {
		const nq_option *o = &s->options[r];

		if ((int)r == label_row || !nq_option_used(s, a->opt, r))
			continue;
		optval_text(o, &a->opt[r], text, sizeof text);
		if (append(a->options, sizeof a->options, "%s%s=%s",
			   a->options[0] ? ";" : "", o->key, text))
			return nq_error_set(err, NULL, 0, 0,
					    "the options of %s are too long "
					    "for the CSV (at most %zu "
					    "characters)", s->name,
					    sizeof a->options - 1);
	}
	nq_approaches_name(a, 1);
	return 0;
}

/* 1 when approaches a and b of one solver give every option one value. */
static int same_values(const nq_approach *a, const nq_approach *b)
{
	size_t r;

	for (r = 0; r < option_count(a->solver); r++)
		if (!optval_equal(&a->solver->options[r], &a->opt[r], &b->opt[r]))
			return 0;
	return 1;
}

/* 1 when approaches a and b both use option r and give it other values. */
static int option_differs(const nq_approach *a, const nq_approach *b,
			  size_t r)
{
	const nq_solver *s = a->solver;

	return b->solver == s && nq_option_used(s, a->opt, r) &&
	       nq_option_used(s, b->opt, r) &&
	       !optval_equal(&s->options[r], &a->opt[r], &b->opt[r]);
}

void nq_approaches_name(nq_approach *a, size_t n)
{
	size_t i, j, r;
	char text[128];

	for (i = 0; i < n; i++) {
		const nq_solver *s = a[i].solver;

		snprintf(a[i].name, sizeof a[i].name, "%s%s%s", s->name,
			 a[i].label[0] ? "/" : "", a[i].label);
		for (r = 0; r < option_count(s); r++) {
			const nq_option *o = &s->options[r];

			if (s->label_option && !strcmp(o->key, s->label_option))
				continue;
			for (j = 0; j < n; j++)
				if (j != i && option_differs(&a[i], &a[j], r))
					break;
			if (j == n)
				continue;
			optval_text(o, &a[i].opt[r], text, sizeof text);
			/* a name is for people: cut, not an error */
			(void)append(a[i].name, sizeof a[i].name, " %s=%s",
				     o->key, text);
		}
	}
}

/* ------------------------------------------------------------------ */
/* The loader. */

struct loader {
	const char *path;
	yaml_document_t *doc;
	nq_error *err;
	nq_experiment *exp;
	size_t cap_instances, cap_approaches;
	/* `only:` names, checked once every approach is known */
	const yaml_node_t *only_names[256];
	size_t nonly;
};

static int fail(struct loader *L, const yaml_node_t *node,
		const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(struct loader *L, const yaml_node_t *node,
		const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return nq_error_set(L->err, L->path,
			    node ? (int)node->start_mark.line + 1 : 0,
			    node ? (int)node->start_mark.column + 1 : 0,
			    "%s", msg);
}

static int line_of(const yaml_node_t *node)
{
	return (int)node->start_mark.line + 1;
}

static yaml_node_t *node_at(struct loader *L, int index)
{
	return yaml_document_get_node(L->doc, index);
}

static const char *text_of(const yaml_node_t *node)
{
	return (const char *)node->data.scalar.value;
}

/* A plain empty, ~ or null scalar. */
static int is_null(const yaml_node_t *node)
{
	const char *t;

	if (node->type != YAML_SCALAR_NODE)
		return 0;
	if (node->data.scalar.style != YAML_PLAIN_SCALAR_STYLE &&
	    node->data.scalar.style != YAML_ANY_SCALAR_STYLE)
		return 0;
	t = text_of(node);
	return !*t || !strcmp(t, "~") || !strcmp(t, "null") ||
	       !strcmp(t, "Null") || !strcmp(t, "NULL");
}

/* "'abc'", "a list", "a mapping", "nothing": what a message says it got. */
static const char *describe(const yaml_node_t *node, char *buf, size_t len)
{
	if (is_null(node))
		snprintf(buf, len, "nothing");
	else if (node->type == YAML_SCALAR_NODE)
		snprintf(buf, len, "'%.60s%s'", text_of(node),
			 node->data.scalar.length > 60 ? "..." : "");
	else if (node->type == YAML_SEQUENCE_NODE)
		snprintf(buf, len, "a list");
	else
		snprintf(buf, len, "a mapping");
	return buf;
}

static size_t seq_len(const yaml_node_t *node)
{
	return (size_t)(node->data.sequence.items.top -
			node->data.sequence.items.start);
}

static yaml_node_t *seq_item(struct loader *L, const yaml_node_t *node,
			     size_t i)
{
	return node_at(L, node->data.sequence.items.start[i]);
}

static size_t map_len(const yaml_node_t *node)
{
	return (size_t)(node->data.mapping.pairs.top -
			node->data.mapping.pairs.start);
}

/* A scalar with a value, or an error "what: expected ..., got ...". */
static int want_scalar(struct loader *L, const yaml_node_t *node,
		       const char *what, const char *expected,
		       const char **text)
{
	char got[80];

	*text = NULL;
	if (node->type != YAML_SCALAR_NODE || is_null(node))
		return fail(L, node, "%s: expected %s, got %s", what,
			    expected, describe(node, got, sizeof got));
	*text = text_of(node);
	return 0;
}

static int want_int(struct loader *L, const yaml_node_t *node,
		    const char *what, long long min, long long max,
		    long long *out)
{
	const char *t;
	int rc;

	if (want_scalar(L, node, what, "an integer", &t))
		return -1;
	rc = nq_parse_int(t, min, max, out);
	if (rc == -1)
		return fail(L, node, "%s: expected an integer, got '%s'",
			    what, t);
	if (rc == -2)
		return fail(L, node, "%s must be at least %lld, got %s",
			    what, min, t);
	if (rc == -3)
		return fail(L, node, "%s must be at most %lld, got %s", what,
			    max, t);
	return 0;
}

/* Look a mapping key up in a table. Returns its index, or -1 with the
 * error set (unknown key, with a did-you-mean). */
static int lookup_key(struct loader *L, const struct key_def *table,
		      size_t count, const yaml_node_t *key, const char *what)
{
	char got[80], known[300] = "";
	const char *name, *best = NULL;
	size_t i, d, best_d = 3;

	if (key->type != YAML_SCALAR_NODE || is_null(key))
		return fail(L, key, "expected a %s name, got %s", what,
			    describe(key, got, sizeof got));
	name = text_of(key);
	for (i = 0; i < count; i++) {
		if (strcmp(table[i].name, name) == 0)
			return (int)i;
		d = nq_edit_distance(name, table[i].name);
		if (d < best_d) {
			best_d = d;
			best = table[i].name;
		}
		append(known, sizeof known, "%s%s", i ? ", " : "",
		       table[i].name);
	}
	if (best)
		return fail(L, key, "unknown %s '%s' (did you mean '%s'?)",
			    what, name, best);
	return fail(L, key, "unknown %s '%s' (known: %s)", what, name, known);
}

/* Walk a mapping against a table: each key known and given once. Fills
 * keys[i] / values[i] for table row i (NULL when absent). */
static int walk_mapping(struct loader *L, const yaml_node_t *map,
			const struct key_def *table, size_t count,
			const char *what, yaml_node_t **keys,
			yaml_node_t **values)
{
	yaml_node_pair_t *p;
	size_t i;
	int k;

	for (i = 0; i < count; i++)
		keys[i] = values[i] = NULL;
	for (p = map->data.mapping.pairs.start;
	     p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *key = node_at(L, p->key);

		k = lookup_key(L, table, count, key, what);
		if (k < 0)
			return -1;
		if (keys[k])
			return fail(L, key, "duplicate key '%s' (first given "
				    "at line %d)", table[k].name,
				    line_of(keys[k]));
		keys[k] = key;
		values[k] = node_at(L, p->value);
	}
	return 0;
}

/* --- top-level values --- */

static int load_name(struct loader *L, const yaml_node_t *node)
{
	const char *t, *c;

	if (want_scalar(L, node, "experiment", "a name", &t))
		return -1;
	for (c = t; *c; c++)
		if (!((*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') ||
		      (*c >= '0' && *c <= '9') || *c == '_' || *c == '.' ||
		      *c == '-'))
			return fail(L, node, "experiment: a name holds only "
				    "letters, digits, '_', '.' and '-', got "
				    "'%s'", t);
	if (!*t)
		return fail(L, node, "experiment: expected a name, got ''");
	if (strlen(t) > NQ_MAX_NAME)
		return fail(L, node, "experiment: a name has at most %d "
			    "characters", NQ_MAX_NAME);
	if (!(L->exp->name = strdup(t)))
		return fail(L, node, "out of memory");
	return 0;
}

static int load_duration(struct loader *L, const yaml_node_t *node,
			 const char *what, double *out)
{
	const char *t;
	double v;

	if (want_scalar(L, node, what, "a duration such as 20s", &t))
		return -1;
	if (t[0] == '-')
		return fail(L, node, "%s must be greater than 0, got '%s'",
			    what, t);
	if (nq_parse_duration(t, &v))
		return fail(L, node, "%s: expected a duration such as 20s, "
			    "500ms, 2m, 1h or a number of seconds, got '%s'",
			    what, t);
	if (v <= 0)
		return fail(L, node, "%s must be greater than 0, got '%s'",
			    what, t);
	*out = v;
	return 0;
}

static int load_size(struct loader *L, const yaml_node_t *node,
		     const char *what, uint64_t *out)
{
	const char *t;
	uint64_t v;
	int rc;

	if (want_scalar(L, node, what, "a size such as 2G, or none", &t))
		return -1;
	rc = nq_parse_memory(t, &v);
	if (rc == -1)
		return fail(L, node, "%s: expected a size such as 512M, 2G, "
			    "2GiB or 1024K (a bare number is MiB), or none, "
			    "got '%s'", what, t);
	if (rc == -2)
		return fail(L, node, "%s must be greater than 0, got '%s' "
			    "(write none for no limit)", what, t);
	*out = v;
	return 0;
}

static int load_u64(struct loader *L, const yaml_node_t *node,
		    const char *what, uint64_t *out)
{
	const char *t;

	if (want_scalar(L, node, what, "an unsigned 64-bit integer", &t))
		return -1;
	if (nq_parse_u64(t, out))
		return fail(L, node, "%s: expected an unsigned 64-bit "
			    "integer, got '%s'", what, t);
	return 0;
}

/* --- instances --- */

struct int_vec {
	int *v;
	size_t n, cap;
};

static int int_vec_push(struct int_vec *iv, int x)
{
	if (iv->n == iv->cap) {
		size_t cap = iv->cap ? 2 * iv->cap : 16;
		int *v = realloc(iv->v, cap * sizeof *v);

		if (!v)
			return -1;
		iv->v = v;
		iv->cap = cap;
	}
	iv->v[iv->n++] = x;
	return 0;
}

/* An integer inside a range string: optional sign, digits, saturating
 * far beyond NQ_MAX_N. Returns the rest, or NULL. */
static const char *range_int(const char *p, long long *out)
{
	int neg = 0;
	long long v = 0;

	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	if (!(*p >= '0' && *p <= '9'))
		return NULL;
	for (; *p >= '0' && *p <= '9'; p++)
		if (v < 1000000000000LL)
			v = v * 10 + (*p - '0');
	*out = neg ? -v : v;
	return p;
}

static const char *skip_spaces(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

enum range_kind { RANGE_BY, RANGE_TIMES };

/* "A..B", "A..B by S", "A..B times F". -1 when malformed. */
static int parse_range(const char *t, long long *a, long long *b,
		       enum range_kind *kind, long long *step)
{
	const char *p = skip_spaces(t);

	*kind = RANGE_BY;
	*step = 1;
	if (!(p = range_int(p, a)))
		return -1;
	p = skip_spaces(p);
	if (strncmp(p, "..", 2) != 0)
		return -1;
	p = skip_spaces(p + 2);
	if (!(p = range_int(p, b)))
		return -1;
	p = skip_spaces(p);
	if (!*p)
		return 0;
	if (strncmp(p, "by", 2) == 0 && (p[2] == ' ' || p[2] == '\t')) {
		p += 2;
	} else if (strncmp(p, "times", 5) == 0 &&
		   (p[5] == ' ' || p[5] == '\t')) {
		*kind = RANGE_TIMES;
		p += 5;
	} else {
		return -1;
	}
	p = skip_spaces(p);
	if (!(p = range_int(p, step)))
		return -1;
	return *skip_spaces(p) ? -1 : 0;
}

/* Room for `more` n values in this entry, given the modes per n. */
static int check_instance_cap(struct loader *L, const yaml_node_t *node,
			      size_t have, unsigned long long more,
			      size_t nmodes)
{
	unsigned long long total = (unsigned long long)have + more;

	if (L->exp->ninstances + total * nmodes > NQ_MAX_INSTANCES)
		return fail(L, node, "n: too many instances (more than %d "
			    "after expanding ranges, lists and modes); split "
			    "the experiment", NQ_MAX_INSTANCES);
	return 0;
}

/* One n item: an integer or a range string. */
static int load_n_item(struct loader *L, const yaml_node_t *node,
		       size_t nmodes, struct int_vec *ns)
{
	static const char expected[] =
		"an integer, a range such as '4..12', '4..12 by 2' or "
		"'16..1024 times 2', or a list of these";
	enum range_kind kind;
	long long a, b, step, x;
	unsigned long long count;
	const char *t;
	char got[80];

	if (node->type != YAML_SCALAR_NODE || is_null(node))
		return fail(L, node, "n: expected %s, got %s", expected,
			    describe(node, got, sizeof got));
	t = text_of(node);
	if (parse_ll(t, &x) != -1) {
		if (want_int(L, node, "n", 1, NQ_MAX_N, &x) ||
		    check_instance_cap(L, node, ns->n, 1, nmodes))
			return -1;
		return int_vec_push(ns, (int)x) ? fail(L, node,
						       "out of memory") : 0;
	}
	if (parse_range(t, &a, &b, &kind, &step))
		return fail(L, node, "n: expected %s, got '%s'", expected, t);
	if (a < 1 || b < 1)
		return fail(L, node, "n must be at least 1, got %lld in '%s'",
			    a < 1 ? a : b, t);
	if (a > NQ_MAX_N || b > NQ_MAX_N)
		return fail(L, node, "n must be at most %d, got %lld in '%s'",
			    NQ_MAX_N, a > NQ_MAX_N ? a : b, t);
	if (a > b)
		return fail(L, node, "n: the range '%s' runs backwards (did "
			    "you mean '%lld..%lld'?)", t, b, a);
	if (kind == RANGE_BY && step < 1)
		return fail(L, node, "n: the step in '%s' must be at least 1",
			    t);
	if (kind == RANGE_TIMES && step < 2)
		return fail(L, node, "n: the factor in '%s' must be at least "
			    "2", t);
	if (kind == RANGE_BY) {
		count = (unsigned long long)((b - a) / step) + 1;
	} else {
		count = 1;
		for (x = a; x <= b / step; x *= step)
			count++;
	}
	if (check_instance_cap(L, node, ns->n, count, nmodes))
		return -1;
	for (x = a;; x = kind == RANGE_BY ? x + step : x * step) {
		if (int_vec_push(ns, (int)x))
			return fail(L, node, "out of memory");
		if (!--count)
			return 0;
	}
}

static int load_n(struct loader *L, const yaml_node_t *node, size_t nmodes,
		  struct int_vec *ns)
{
	size_t i;

	if (node->type != YAML_SEQUENCE_NODE)
		return load_n_item(L, node, nmodes, ns);
	if (seq_len(node) == 0)
		return fail(L, node, "n: the list is empty (expected at "
			    "least one board size)");
	for (i = 0; i < seq_len(node); i++)
		if (load_n_item(L, seq_item(L, node, i), nmodes, ns))
			return -1;
	return 0;
}

static int load_mode_item(struct loader *L, const yaml_node_t *node,
			  enum nq_mode *modes, size_t *nmodes)
{
	enum nq_mode m;
	const char *t;
	size_t i;

	if (want_scalar(L, node, "mode", "first or count", &t))
		return -1;
	if (strcmp(t, "first") == 0)
		m = NQ_MODE_FIRST;
	else if (strcmp(t, "count") == 0)
		m = NQ_MODE_COUNT;
	else
		return fail(L, node, "mode: expected first or count, got "
			    "'%s'", t);
	for (i = 0; i < *nmodes; i++)
		if (modes[i] == m)
			return fail(L, node, "mode: '%s' is listed twice", t);
	modes[(*nmodes)++] = m;
	return 0;
}

static int load_modes(struct loader *L, const yaml_node_t *node,
		      enum nq_mode *modes, size_t *nmodes)
{
	size_t i;

	*nmodes = 0;
	if (node->type != YAML_SEQUENCE_NODE)
		return load_mode_item(L, node, modes, nmodes);
	if (seq_len(node) == 0)
		return fail(L, node, "mode: the list is empty (expected "
			    "first, count or both)");
	for (i = 0; i < seq_len(node); i++)
		if (load_mode_item(L, seq_item(L, node, i), modes, nmodes))
			return -1;
	return 0;
}

/* Hints: a list of 1-based [row, column] pairs, on the smallest board of
 * the entry (so on every board of it), no two attacking. Stored 0-based. */
static int load_hints(struct loader *L, const yaml_node_t *node, int min_n,
		      nq_square *hints, size_t *nhints)
{
	static const char expected[] =
		"a hint as a pair [row, column] of integers";
	char got[80];
	size_t i, j;

	*nhints = 0;
	if (node->type != YAML_SEQUENCE_NODE)
		return fail(L, node, "hints: expected a list of [row, column] "
			    "pairs, got %s", describe(node, got, sizeof got));
	for (i = 0; i < seq_len(node); i++) {
		const yaml_node_t *h = seq_item(L, node, i);
		long long rc[2];
		int k;

		if (h->type != YAML_SEQUENCE_NODE)
			return fail(L, h, "hints: expected %s, got %s",
				    expected, describe(h, got, sizeof got));
		if (seq_len(h) != 2)
			return fail(L, h, "hints: expected %s, got a list of "
				    "%zu item%s", expected, seq_len(h),
				    seq_len(h) == 1 ? "" : "s");
		for (k = 0; k < 2; k++) {
			const yaml_node_t *x = seq_item(L, h, (size_t)k);

			if (x->type != YAML_SCALAR_NODE || is_null(x) ||
			    parse_ll(text_of(x), &rc[k]) == -1)
				return fail(L, x, "hints: expected %s, got %s",
					    expected,
					    describe(x, got, sizeof got));
			if (parse_ll(text_of(x), &rc[k]) == -2)
				rc[k] = 0; /* off every board */
		}
		if (rc[0] < 1 || rc[0] > min_n || rc[1] < 1 || rc[1] > min_n)
			return fail(L, h, "hint [%s, %s] is off the %dx%d "
				    "board (rows and columns run 1..%d)",
				    text_of(seq_item(L, h, 0)),
				    text_of(seq_item(L, h, 1)), min_n, min_n,
				    min_n);
		for (j = 0; j < *nhints; j++) {
			nq_square here = { (int)rc[0] - 1, (int)rc[1] - 1 };
			const char *line;

			if (here.row == hints[j].row && here.col == hints[j].col)
				return fail(L, h, "hint [%lld, %lld] is given "
					    "twice", rc[0], rc[1]);
			line = nq_shared_line(hints[j], here);
			if (line)
				return fail(L, h, "hints [%d, %d] and [%lld, "
					    "%lld] attack each other on a %s",
					    hints[j].row + 1, hints[j].col + 1,
					    rc[0], rc[1], line);
		}
		hints[*nhints].row = (int)rc[0] - 1;
		hints[*nhints].col = (int)rc[1] - 1;
		(*nhints)++;
	}
	return 0;
}

static int load_instance(struct loader *L, const yaml_node_t *entry)
{
	yaml_node_t *keys[NINST], *values[NINST];
	enum nq_mode modes[2] = { NQ_MODE_FIRST };
	size_t nmodes = 1, nhints = 0, i, m, total;
	struct int_vec ns = { 0 };
	nq_square *hints = NULL;
	char hints_text[sizeof ((nq_instance_spec *)0)->hints_text] = "";
	char only[sizeof ((nq_instance_spec *)0)->only] = "";
	char got[80];
	int min_n, rc = -1;

	if (entry->type != YAML_MAPPING_NODE)
		return fail(L, entry, "instances: expected an instance as a "
			    "mapping such as {n: 8, mode: count}, got %s",
			    describe(entry, got, sizeof got));
	if (walk_mapping(L, entry, instance_keys, NINST, "instance key",
			 keys, values))
		return -1;
	for (i = 0; i < NINST; i++)
		if (instance_keys[i].required && !values[i])
			return fail(L, entry, "instance without '%s' (%s)",
				    instance_keys[i].name,
				    instance_keys[i].help);
	/* mode first: n's expansion is capped by n values x modes */
	for (i = 0; i < NINST; i++)
		if (values[i] && instance_keys[i].kind == KEY_MODE &&
		    load_modes(L, values[i], modes, &nmodes))
			return -1;
	for (i = 0; i < NINST; i++)
		if (values[i] && instance_keys[i].kind == KEY_N &&
		    load_n(L, values[i], nmodes, &ns))
			goto out;
	min_n = ns.v[0];
	for (i = 1; i < ns.n; i++)
		if (ns.v[i] < min_n)
			min_n = ns.v[i];
	for (i = 0; i < NINST; i++) {
		if (!values[i] || instance_keys[i].kind != KEY_HINTS)
			continue;
		if (values[i]->type == YAML_SEQUENCE_NODE &&
		    seq_len(values[i]) &&
		    !(hints = malloc(seq_len(values[i]) * sizeof *hints))) {
			fail(L, values[i], "out of memory");
			goto out;
		}
		if (load_hints(L, values[i], min_n, hints, &nhints))
			goto out;
		for (m = 0; m < nhints; m++)
			if (append(hints_text, sizeof hints_text, "%s%d:%d",
				   m ? " " : "", hints[m].row + 1,
				   hints[m].col + 1)) {
				fail(L, values[i], "hints: too many for the "
				     "CSV hints column (at most %zu "
				     "characters as \"r:c r:c\")",
				     sizeof hints_text - 1);
				goto out;
			}
	}

	for (i = 0; i < NINST; i++) {
		const yaml_node_t *v = values[i];
		size_t k, count;

		if (!v || instance_keys[i].kind != KEY_ONLY)
			continue;
		count = v->type == YAML_SEQUENCE_NODE ? seq_len(v) : 1;
		if (v->type == YAML_SEQUENCE_NODE && count == 0) {
			fail(L, v, "only: expected at least one approach name");
			goto out;
		}
		for (k = 0; k < count; k++) {
			const yaml_node_t *x = v->type == YAML_SEQUENCE_NODE
						       ? seq_item(L, v, k) : v;
			const char *t;

			if (want_scalar(L, x, "only", "an approach name such "
					"as backtrack or picosat/pairwise", &t))
				goto out;
			if (strchr(t, ' ') || append(only, sizeof only, "%s%s ",
						     only[0] ? "" : " ", t)) {
				fail(L, x, "only: '%s' is not an approach name, "
				     "or the list is too long", t);
				goto out;
			}
			if (L->nonly < sizeof L->only_names / sizeof *L->only_names)
				L->only_names[L->nonly++] = x;
		}
	}

	total = L->exp->ninstances + ns.n * nmodes;
	if (total > L->cap_instances) {
		nq_instance_spec *grown;
		size_t cap = L->cap_instances ? L->cap_instances : 16;

		while (cap < total)
			cap *= 2;
		grown = realloc(L->exp->instances, cap * sizeof *grown);
		if (!grown) {
			fail(L, entry, "out of memory");
			goto out;
		}
		L->exp->instances = grown;
		L->cap_instances = cap;
	}
	for (i = 0; i < ns.n; i++)
		for (m = 0; m < nmodes; m++) {
			nq_instance_spec *s =
				&L->exp->instances[L->exp->ninstances];

			memset(s, 0, sizeof *s);
			if (nhints) {
				s->hints = malloc(nhints * sizeof *s->hints);
				if (!s->hints) {
					fail(L, entry, "out of memory");
					goto out;
				}
				memcpy(s->hints, hints,
				       nhints * sizeof *s->hints);
			}
			s->inst.n = ns.v[i];
			s->inst.mode = modes[m];
			s->inst.nhints = (int)nhints;
			s->inst.hints = s->hints;
			memcpy(s->hints_text, hints_text, sizeof hints_text);
			memcpy(s->only, only, sizeof only);
			s->line = line_of(entry);
			s->col = (int)entry->start_mark.column + 1;
			L->exp->ninstances++;
		}
	rc = 0;
out:
	free(ns.v);
	free(hints);
	return rc;
}

/* --- approaches --- */

static int load_approach(struct loader *L, const yaml_node_t *node)
{
	const yaml_node_t *name_node, *opts = NULL;
	const yaml_node_t *given[NQ_MAX_OPTIONS] = { 0 };
	const yaml_node_t *given_key[NQ_MAX_OPTIONS] = { 0 };
	size_t count[NQ_MAX_OPTIONS], idx[NQ_MAX_OPTIONS] = { 0 };
	const char *keys[NQ_MAX_OPTIONS], *vals[NQ_MAX_OPTIONS];
	char got[80], known[300] = "";
	const nq_solver *s;
	const char *name;
	unsigned long long total = 1;
	size_t nopt, r, i;
	yaml_node_pair_t *p;

	if (node->type == YAML_SCALAR_NODE) {
		name_node = node;
	} else if (node->type == YAML_MAPPING_NODE) {
		if (map_len(node) != 1) {
			const yaml_node_t *k = map_len(node)
			    ? node_at(L, node->data.mapping.pairs.start[1].key)
			    : node;

			return fail(L, k, "approaches: expected one solver "
				    "per list item, as 'solver' or 'solver: "
				    "{option: value}', got a mapping with %zu "
				    "keys (options go indented under the "
				    "solver; each solver needs its own '-')",
				    map_len(node));
		}
		name_node = node_at(L, node->data.mapping.pairs.start[0].key);
		opts = node_at(L, node->data.mapping.pairs.start[0].value);
	} else {
		return fail(L, node, "approaches: expected a solver name or "
			    "'solver: {option: value}', got a list");
	}
	if (want_scalar(L, name_node, "approaches", "a solver name", &name))
		return -1;
	if (!(s = nq_registry_solver(name))) {
		for (i = 0; nq_registry_solver_at(i); i++)
			append(known, sizeof known, "%s%s", i ? ", " : "",
			       nq_registry_solver_at(i)->name);
		return fail(L, name_node, "unknown approach '%s' (known: %s)",
			    name, known);
	}
	nopt = option_count(s);
	if (nopt > NQ_MAX_OPTIONS)
		return fail(L, name_node, "%s declares %zu options; the "
			    "harness handles at most %d", name, nopt,
			    NQ_MAX_OPTIONS);
	if (opts && !is_null(opts) && opts->type != YAML_MAPPING_NODE)
		return fail(L, opts, "%s: expected options as a mapping such "
			    "as {option: value}, got %s", name,
			    describe(opts, got, sizeof got));

	/* Each option key known and once; each value checked where it is. */
	if (opts && opts->type == YAML_MAPPING_NODE)
		for (p = opts->data.mapping.pairs.start;
		     p < opts->data.mapping.pairs.top; p++) {
			const yaml_node_t *k = node_at(L, p->key);
			const yaml_node_t *v = node_at(L, p->value);
			const char *kt;
			nq_optval tmp;

			if (want_scalar(L, k, name, "an option name", &kt))
				return -1;
			for (r = 0; r < nopt; r++)
				if (strcmp(s->options[r].key, kt) == 0)
					break;
			if (r == nopt) {
				nq_approach apr;

				nq_approach_init(&apr, s, &kt, &kt, 1, L->err);
				return fail(L, k, "%s", L->err->msg);
			}
			if (given[r])
				return fail(L, k, "duplicate key '%s' (first "
					    "given at line %d)", kt,
					    line_of(given_key[r]));
			given_key[r] = k;
			given[r] = v;
			if (v->type == YAML_SEQUENCE_NODE && !seq_len(v))
				return fail(L, v, "%s: the list of %s values "
					    "is empty", name, kt);
			count[r] = v->type == YAML_SEQUENCE_NODE
				   ? seq_len(v) : 1;
			for (i = 0; i < count[r]; i++) {
				const yaml_node_t *x =
				    v->type == YAML_SEQUENCE_NODE
				    ? seq_item(L, v, i) : v;
				const char *xt;

				if (want_scalar(L, x, kt, v == x
						? "a value or a list of values"
						: "a value", &xt))
					return -1;
				if (option_parse(s, &s->options[r], xt, &tmp,
						 L->err))
					return fail(L, x, "%s", L->err->msg);
			}
		}
	for (r = 0; r < nopt; r++) {
		if (!given[r])
			count[r] = 1;
		total *= count[r];
		if (L->exp->napproaches + total > NQ_MAX_APPROACHES)
			return fail(L, node, "approaches: too many (more than "
				    "%d after expanding option lists)",
				    NQ_MAX_APPROACHES);
	}
	if (L->exp->napproaches + total > L->cap_approaches) {
		size_t cap = L->cap_approaches ? L->cap_approaches : 8;
		nq_approach *grown;

		while (cap < L->exp->napproaches + total)
			cap *= 2;
		grown = realloc(L->exp->approaches, cap * sizeof *grown);
		if (!grown)
			return fail(L, node, "out of memory");
		L->exp->approaches = grown;
		L->cap_approaches = cap;
	}

	/* The cartesian product, option table order outermost. */
	for (;;) {
		nq_approach *a = &L->exp->approaches[L->exp->napproaches];
		size_t nkv = 0;

		for (r = 0; r < nopt; r++) {
			const yaml_node_t *v = given[r];

			if (!v)
				continue;
			keys[nkv] = s->options[r].key;
			vals[nkv++] = text_of(v->type == YAML_SEQUENCE_NODE
					      ? seq_item(L, v, idx[r]) : v);
		}
		if (nq_approach_init(a, s, keys, vals, nkv, L->err))
			return fail(L, node, "%s", L->err->msg);
		a->line = line_of(node);
		a->col = (int)node->start_mark.column + 1;
		for (i = 0; i < L->exp->napproaches; i++) {
			const nq_approach *b = &L->exp->approaches[i];

			if (b->solver == a->solver &&
			    strcmp(b->label, a->label) == 0 &&
			    strcmp(b->options, a->options) == 0)
				break;
		}
		if (i == L->exp->napproaches)
			L->exp->napproaches++;
		else if (L->exp->approaches[i].line != a->line ||
			 L->exp->approaches[i].col != a->col ||
			 same_values(&L->exp->approaches[i], a))
			return fail(L, node, "approach '%s'%s%s%s is listed "
				    "twice (first at line %d)", a->name,
				    a->options[0] ? " (" : "", a->options,
				    a->options[0] ? ")" : "",
				    L->exp->approaches[i].line);
		/* else: one entry's lists made the same run twice, through
		 * an option without effect (threads on a variant that has
		 * none): once is enough */

		for (r = nopt; r > 0; r--) {
			if (++idx[r - 1] < count[r - 1])
				break;
			idx[r - 1] = 0;
		}
		if (r == 0)
			return 0;
	}
}

static int load_list(struct loader *L, const yaml_node_t *node,
		     const char *what, const char *example,
		     int (*item)(struct loader *, const yaml_node_t *))
{
	char got[80];
	size_t i;

	if (node->type != YAML_SEQUENCE_NODE)
		return fail(L, node, "%s: expected a list such as '%s', got "
			    "%s", what, example, describe(node, got, sizeof got));
	if (!seq_len(node))
		return fail(L, node, "%s: the list is empty (expected at "
			    "least one item such as '%s')", what, example);
	for (i = 0; i < seq_len(node); i++)
		if (item(L, seq_item(L, node, i)))
			return -1;
	return 0;
}

/* --- plugins --- */

/* One plugin path, relative to the experiment file's directory unless
 * absolute. */
static int load_plugin(struct loader *L, const yaml_node_t *node)
{
	const char *t, *slash = strrchr(L->path, '/');
	char file[4096];
	nq_error perr;

	if (want_scalar(L, node, "plugins", "a shared object's path such as "
			"my_amo.so", &t))
		return -1;
	if (t[0] == '/' || !slash)
		snprintf(file, sizeof file, "%s", t);
	else
		snprintf(file, sizeof file, "%.*s/%s",
			 (int)(slash - L->path), L->path, t);
	memset(&perr, 0, sizeof perr);
	if (nq_plugin_load(file, &perr)) {
		char msg[900];

		nq_error_format(&perr, msg, sizeof msg);
		return fail(L, node, "plugin %s", msg);
	}
	return 0;
}

static int load_plugins(struct loader *L, const yaml_node_t *node)
{
	size_t i;

	if (node->type != YAML_SEQUENCE_NODE)
		return load_plugin(L, node);
	for (i = 0; i < seq_len(node); i++)
		if (load_plugin(L, seq_item(L, node, i)))
			return -1;
	return 0;
}

static int load_top_value(struct loader *L, const struct key_def *k,
			  const yaml_node_t *v)
{
	nq_experiment *e = L->exp;
	const char *t;
	long long x;

	switch (k->kind) {
	case KEY_NAME:
		return load_name(L, v);
	case KEY_INT:
		if (want_int(L, v, k->name, k->min, k->max, &x))
			return -1;
		*(int *)((char *)e + k->offset) = (int)x;
		return 0;
	case KEY_DURATION:
		return load_duration(L, v, k->name, &e->timeout_s);
	case KEY_SIZE:
		return load_size(L, v, k->name, &e->memory_kib);
	case KEY_U64:
		return load_u64(L, v, k->name, &e->seed);
	case KEY_PATH:
		if (want_scalar(L, v, k->name, "a file name", &t))
			return -1;
		if (!*t)
			return fail(L, v, "%s: expected a file name, got ''",
				    k->name);
		free(e->output);
		if (!(e->output = strdup(t)))
			return fail(L, v, "out of memory");
		return 0;
	case KEY_AFTER_TIMEOUT:
		if (want_scalar(L, v, k->name, "continue or skip", &t))
			return -1;
		if (strcmp(t, "continue") == 0)
			e->after_timeout = NQ_AFTER_TIMEOUT_CONTINUE;
		else if (strcmp(t, "skip") == 0)
			e->after_timeout = NQ_AFTER_TIMEOUT_SKIP;
		else
			return fail(L, v, "%s: expected continue or skip, got "
				    "'%s'", k->name, t);
		return 0;
	case KEY_INSTANCES:
		return load_list(L, v, k->name, "- {n: 8, mode: count}",
				 load_instance);
	case KEY_APPROACHES:
		return load_list(L, v, k->name, "- backtrack", load_approach);
	case KEY_PLUGINS:
		return load_plugins(L, v);
	case KEY_N:
	case KEY_MODE:
	case KEY_HINTS:
	case KEY_ONLY:
		break;
	}
	return fail(L, v, "internal error: key '%s' has no loader", k->name);
}

static int load_top(struct loader *L, const yaml_node_t *root)
{
	yaml_node_t *keys[NTOP], *values[NTOP];
	yaml_node_pair_t *p;
	char got[80];
	size_t i;
	int k;

	if (root->type != YAML_MAPPING_NODE)
		return fail(L, root, "expected a mapping of keys (experiment, "
			    "instances, approaches, ...) at the top of the "
			    "file, got %s", describe(root, got, sizeof got));
	/* Keys first (unknown and duplicate keys), then values in file
	 * order. */
	if (walk_mapping(L, root, top_keys, NTOP, "key", keys, values))
		return -1;
	/* Plugins first, wherever they stand: approaches name their
	 * solvers, encodings and models. */
	for (i = 0; i < NTOP; i++)
		if (top_keys[i].kind == KEY_PLUGINS && values[i] &&
		    load_top_value(L, &top_keys[i], values[i]))
			return -1;
	for (p = root->data.mapping.pairs.start;
	     p < root->data.mapping.pairs.top; p++) {
		k = lookup_key(L, top_keys, NTOP, node_at(L, p->key), "key");
		if (top_keys[k].kind == KEY_PLUGINS)
			continue;
		if (load_top_value(L, &top_keys[k], node_at(L, p->value)))
			return -1;
	}
	for (i = 0; i < NTOP; i++)
		if (top_keys[i].required && !values[i])
			return fail(L, root, "missing key '%s' (%s)",
				    top_keys[i].name, top_keys[i].help);
	return 0;
}

/* The default name: the file's base name without its extension, other
 * characters than [A-Za-z0-9_.-] replaced by '_'. */
static char *default_name(const char *path)
{
	const char *base = strrchr(path, '/'), *dot;
	size_t len, i;
	char *name;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	if (len > NQ_MAX_NAME)
		len = NQ_MAX_NAME;
	if (!len)
		return strdup("experiment");
	if (!(name = malloc(len + 1)))
		return NULL;
	for (i = 0; i < len; i++) {
		char c = base[i];

		name[i] = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
			  (c >= '0' && c <= '9') || c == '_' || c == '.' ||
			  c == '-' ? c : '_';
	}
	name[len] = '\0';
	return name;
}

static void syntax_error(const yaml_parser_t *p, const char *path,
			 nq_error *err)
{
	if (p->error == YAML_MEMORY_ERROR) {
		nq_error_set(err, path, 0, 0, "out of memory reading YAML");
	} else if (p->error == YAML_READER_ERROR) {
		nq_error_set(err, path, 0, 0, "invalid YAML: %s (at byte "
			     "%zu)", p->problem ? p->problem : "unreadable",
			     p->problem_offset);
	} else if (p->context) {
		nq_error_set(err, path, (int)p->problem_mark.line + 1,
			     (int)p->problem_mark.column + 1,
			     "invalid YAML: %s (%s at line %d, column %d)",
			     p->problem ? p->problem : "syntax error",
			     p->context, (int)p->context_mark.line + 1,
			     (int)p->context_mark.column + 1);
	} else {
		nq_error_set(err, path, (int)p->problem_mark.line + 1,
			     (int)p->problem_mark.column + 1,
			     "invalid YAML: %s",
			     p->problem ? p->problem : "syntax error");
	}
}

/* The line and column (1-based; the column counts characters, as libyaml
 * does) of byte `off` of `text`. */
static void position_of(const char *text, size_t len, size_t off, int *line,
			int *col)
{
	size_t i;
	int l = 1, c = 1;

	if (off > len)
		off = len;
	for (i = 0; i < off; i++) {
		unsigned char b = (unsigned char)text[i];

		if (b == '\n') {
			l++;
			c = 1;
		} else if ((b & 0xC0) != 0x80 && c < INT_MAX) {
			c++;
		}
	}
	*line = l;
	*col = c;
}

static void parser_error(const yaml_parser_t *p, const char *text, size_t len,
			 const char *path, nq_error *err)
{
	int line, col;

	if (p->error == YAML_READER_ERROR) {
		size_t off = p->problem_offset;

		/* a bad trailing octet: point at its character's first */
		if (p->problem && strstr(p->problem, "trailing") && off > 0 &&
		    off <= len) {
			off--;
			while (off > 0 && ((unsigned char)text[off] & 0xC0) ==
			       0x80)
				off--;
		}
		position_of(text, len, off, &line, &col);
		if (p->problem_value >= 0)
			nq_error_set(err, path, line, col, "invalid YAML: %s "
				     "(byte 0x%02x; an experiment file is "
				     "UTF-8 text)", p->problem ? p->problem :
				     "unreadable", (unsigned)p->problem_value);
		else
			nq_error_set(err, path, line, col, "invalid YAML: %s "
				     "(an experiment file is UTF-8 text)",
				     p->problem ? p->problem : "unreadable");
		return;
	}
	syntax_error(p, path, err);
}

/* Before the document is built: nesting deeper than NQ_CONFIG_MAX_DEPTH is
 * an error at the collection that goes past it. libyaml's scanner spends
 * time proportional to the open flow collections on every token (100,000
 * nested '[' take seconds), so this pass stops at the limit. A syntax
 * error is reported here too. */
static int depth_scan(const char *text, size_t len, const char *path,
		      nq_error *err)
{
	yaml_parser_t p;
	yaml_event_t ev;
	int depth = 0, rc = 0, done = 0;

	if (!yaml_parser_initialize(&p))
		return nq_error_set(err, path, 0, 0, "out of memory");
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	while (!done) {
		if (!yaml_parser_parse(&p, &ev)) {
			parser_error(&p, text, len, path, err);
			rc = -1;
			break;
		}
		switch (ev.type) {
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			if (++depth > NQ_CONFIG_MAX_DEPTH) {
				rc = nq_error_set(err, path,
					(int)ev.start_mark.line + 1,
					(int)ev.start_mark.column + 1,
					"nested too deeply: more than %d "
					"levels of lists and mappings",
					NQ_CONFIG_MAX_DEPTH);
				done = 1;
			}
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			depth--;
			break;
		case YAML_STREAM_END_EVENT:
			done = 1;
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	return rc;
}

int nq_config_parse(const char *text, size_t len, const char *path,
		    nq_experiment **out, nq_error *err)
{
	struct loader L = { 0 };
	yaml_parser_t parser;
	yaml_document_t doc, extra;
	int parser_ready = 0, doc_ready = 0, rc = -1;
	const yaml_node_t *root, *extra_root;
	nq_experiment *exp = NULL;
	size_t i;

	if (len > NQ_CONFIG_MAX_BYTES) {
		int line, col;

		position_of(text, len, NQ_CONFIG_MAX_BYTES, &line, &col);
		nq_error_set(err, path, line, col, "the file is larger than "
			     "%u MiB, the limit for an experiment file",
			     NQ_CONFIG_MAX_BYTES >> 20);
		goto out;
	}
	if (depth_scan(text, len, path, err))
		goto out;
	if (!yaml_parser_initialize(&parser)) {
		nq_error_set(err, path, 0, 0, "out of memory");
		goto out;
	}
	parser_ready = 1;
	yaml_parser_set_input_string(&parser, (const unsigned char *)text,
				     len);
	if (!yaml_parser_load(&parser, &doc)) {
		parser_error(&parser, text, len, path, err);
		goto out;
	}
	doc_ready = 1;
	if (!(root = yaml_document_get_root_node(&doc))) {
		nq_error_set(err, path, 1, 1, "the file is empty (expected "
			     "a mapping with at least 'instances' and "
			     "'approaches')");
		goto out;
	}
	if (!yaml_parser_load(&parser, &extra)) {
		parser_error(&parser, text, len, path, err);
		goto out;
	}
	extra_root = yaml_document_get_root_node(&extra);
	if (extra_root)
		nq_error_set(err, path, (int)extra_root->start_mark.line + 1,
			     (int)extra_root->start_mark.column + 1,
			     "a second YAML document (an experiment file "
			     "holds one; remove the '---')");
	yaml_document_delete(&extra);
	if (extra_root)
		goto out;

	if (!(exp = calloc(1, sizeof *exp)) || !(exp->path = strdup(path))) {
		nq_error_set(err, path, 0, 0, "out of memory");
		goto out;
	}
	exp->repeat = 1;
	exp->warmup = 0;
	exp->timeout_s = 60;
	exp->memory_kib = 0;
	exp->seed = 1;
	exp->after_timeout = NQ_AFTER_TIMEOUT_CONTINUE;
	L.path = path;
	L.doc = &doc;
	L.err = err;
	L.exp = exp;
	if (load_top(&L, root))
		goto out;
	nq_approaches_name(exp->approaches, exp->napproaches);
	for (i = 0; i < L.nonly; i++) {
		const char *name = text_of(L.only_names[i]);
		size_t a;

		for (a = 0; a < exp->napproaches; a++)
			if (nq_approach_matches(&exp->approaches[a], name))
				break;
		if (a == exp->napproaches) {
			fail(&L, L.only_names[i], "only: no approach of this "
			     "file is named '%s' (use a solver name such as "
			     "backtrack, or an approach name such as "
			     "backtrack/bitmask)", name);
			goto out;
		}
	}
	if (!exp->name && !(exp->name = default_name(path))) {
		nq_error_set(err, path, 0, 0, "out of memory");
		goto out;
	}
	if (!exp->output) {
		size_t len = strlen(exp->name) + sizeof "reports/.csv";

		if (!(exp->output = malloc(len))) {
			nq_error_set(err, path, 0, 0, "out of memory");
			goto out;
		}
		snprintf(exp->output, len, "reports/%s.csv", exp->name);
	}
	*out = exp;
	exp = NULL;
	rc = 0;
out:
	nq_experiment_free(exp);
	if (doc_ready)
		yaml_document_delete(&doc);
	if (parser_ready)
		yaml_parser_delete(&parser);
	return rc;
}

/* Read the file whole (at most NQ_CONFIG_MAX_BYTES + 1 bytes), then parse
 * it. */
int nq_config_load(const char *path, nq_experiment **out, nq_error *err)
{
	FILE *f;
	char *text = NULL;
	size_t len = 0, cap = 0, got;
	struct stat st;
	int rc;

	if (!(f = fopen(path, "rb")))
		return nq_error_set(err, path, 0, 0, "cannot open: %s",
				    strerror(errno));
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		return nq_error_set(err, path, 0, 0, "cannot read: it is a "
				    "directory");
	}
	for (;;) {
		if (len == cap) {
			size_t ncap = cap ? cap * 2 : 65536;
			char *p;

			if (ncap > (size_t)NQ_CONFIG_MAX_BYTES + 1)
				ncap = (size_t)NQ_CONFIG_MAX_BYTES + 1;
			if (ncap == cap)
				break; /* one byte past the limit is read */
			if (!(p = realloc(text, ncap))) {
				fclose(f);
				free(text);
				return nq_error_set(err, path, 0, 0,
						    "out of memory");
			}
			text = p;
			cap = ncap;
		}
		got = fread(text + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		rc = nq_error_set(err, path, 0, 0, "read failed: %s",
				  strerror(errno));
		fclose(f);
		free(text);
		return rc;
	}
	fclose(f);
	rc = nq_config_parse(text ? text : "", len, path, out, err);
	free(text);
	return rc;
}

int nq_approach_matches(const nq_approach *a, const char *name)
{
	size_t len = strlen(a->solver->name);

	if (!strcmp(name, a->solver->name) || !strcmp(name, a->name))
		return 1;
	return a->label[0] && !strncmp(name, a->solver->name, len) &&
	       name[len] == '/' && !strcmp(name + len + 1, a->label);
}

int nq_instance_runs(const nq_instance_spec *spec, const nq_approach *a)
{
	char word[256];
	const char *p = spec->only, *end;

	if (!spec->only[0])
		return 1;
	while (*p) {
		while (*p == ' ')
			p++;
		end = strchr(p, ' ');
		if (!end || end == p)
			break;
		snprintf(word, sizeof word, "%.*s", (int)(end - p), p);
		if (nq_approach_matches(a, word))
			return 1;
		p = end;
	}
	return 0;
}

void nq_experiment_free(nq_experiment *exp)
{
	size_t i;

	if (!exp)
		return;
	for (i = 0; i < exp->ninstances; i++)
		free(exp->instances[i].hints);
	free(exp->instances);
	free(exp->approaches);
	free(exp->name);
	free(exp->path);
	free(exp->output);
	free(exp);
}
