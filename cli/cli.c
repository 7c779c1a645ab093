/*
 * cli.c - the flag-table parser (each value checked and stored by its
 * row's type), help from the tables, the board flags (cli.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "run.h"
#include "units.h"
#include "validate.h"

int nq_cli_argc;
char **nq_cli_argv;

void nq_cli_start(nq_cli *c, const nq_verb *v, int argc, char **argv)
{
	memset(c, 0, sizeof *c);
	c->verb = v;
	c->argc = argc;
	c->argv = argv;
	c->i = 1;
}

/* "-n", "--count" or "-o, --output" (with the argument's name when
 * with_arg) into buf; its length. */
static int flag_text(const nq_flag *f, int with_arg, char *buf, size_t len)
{
	int w;

	if (f->short_name && f->name)
		w = snprintf(buf, len, "-%c, --%s", f->short_name, f->name);
	else if (f->short_name)
		w = snprintf(buf, len, "-%c", f->short_name);
	else
		w = snprintf(buf, len, "--%s", f->name);
	if (with_arg && f->arg && w >= 0 && (size_t)w < len)
		w += snprintf(buf + w, len - (size_t)w, " %s", f->arg);
	return w;
}

static int flag_is(const nq_flag *f, const char *typed)
{
	if (typed[0] != '-')
		return 0;
	if (typed[1] == '-')
		return f->name && !strcmp(typed + 2, f->name);
	return f->short_name && typed[1] == f->short_name && !typed[2];
}

const char *nq_cli_suggest(const nq_flag *flags, const char *typed,
			   char *buf, size_t len)
{
	const nq_flag *f;
	char spelled[64];
	size_t d, best_d = 3;
	int k;

	if (len)
		buf[0] = '\0';
	for (f = flags; f && f->help; f++)
		for (k = 0; k < 2; k++) {
			if (k == 0 && !f->name)
				continue;
			if (k == 1 && !f->short_name)
				continue;
			if (k == 0)
				snprintf(spelled, sizeof spelled, "--%s",
					 f->name);
			else
				snprintf(spelled, sizeof spelled, "-%c",
					 f->short_name);
			d = nq_edit_distance(typed, spelled);
			/* a one-letter flag is near every short typo: only
			 * a long spelling suggests it */
			if (d < best_d && (k == 0 || strlen(typed) > 2)) {
				best_d = d;
				snprintf(buf, len, "%s", spelled);
			}
		}
	return len && buf[0] ? buf : NULL;
}

static int unknown_flag(nq_cli *c, const char *typed)
{
	char near[64];

	/* "for VERB" as the experiment file says "for SOLVER" */
	fprintf(stderr, "harness: unknown option '%s' for %s ", typed,
		c->verb->name);
	if (nq_cli_suggest(c->verb->flags, typed, near, sizeof near))
		fprintf(stderr, "(did you mean '%s'?)\n", near);
	else
		fprintf(stderr, "(`harness help %s` lists them)\n",
			c->verb->name);
	fprintf(stderr, "usage: harness %s\n", c->verb->usage);
	c->rc = NQ_EXIT_USAGE;
	return NQ_CLI_STOP;
}

/* "--kind is time, cactus or size" (the flag as typed) */
static void choices_text(const nq_cli *c, char *buf, size_t len)
{
	const char *const *ch = c->flag->choices;
	size_t used;
	int k;

	used = (size_t)snprintf(buf, len, "%s is", c->arg);
	for (k = 0; ch[k] && used < len; k++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 k == 0 ? " " : ch[k + 1] ? ", " : " or ",
					 ch[k]);
}

/* The value of the flag just read, checked by its row's type and
 * stored at its `at` in c->args (when set): 0, or the usage exit in
 * c->rc (message printed). */
static int flag_value(nq_cli *c)
{
	const nq_flag *f = c->flag;
	char msg[400];
	void *field = c->args ? (char *)c->args + f->at : NULL;
	union { long long ll; uint64_t u; double d; } v;
	int rc = 0;
	size_t k;

	msg[0] = '\0';
	switch (f->type) {
	case NQ_FLAG_SET:
		if (field)
			*(int *)field = (int)f->min;
		break;
	case NQ_FLAG_STRING:
		if (field)
			*(const char **)field = c->val;
		break;
	case NQ_FLAG_INT:
		rc = nq_parse_int(c->val, f->min, f->max, &v.ll);
		if (rc == -1 && f->what)
			snprintf(msg, sizeof msg, "%s takes %s, an integer, "
				 "not '%.80s'", c->arg, f->what, c->val);
		else if (rc == -1)
			snprintf(msg, sizeof msg, "%s takes an integer from "
				 "%lld to %lld, not '%.80s'", c->arg, f->min,
				 f->max, c->val);
		else if (rc)
			snprintf(msg, sizeof msg, "%s takes %s from %lld to "
				 "%lld, not '%.80s'", c->arg,
				 f->what ? f->what : "an integer", f->min,
				 f->max, c->val);
		else if (field)
			*(int *)field = (int)v.ll;
		break;
	case NQ_FLAG_U64:
		if ((rc = nq_parse_u64(c->val, &v.u)))
			snprintf(msg, sizeof msg, "%s takes an unsigned 64-bit "
				 "integer, not '%.80s'", c->arg, c->val);
		else if (field)
			*(uint64_t *)field = v.u;
		break;
	case NQ_FLAG_DURATION:
		rc = nq_parse_duration(c->val, &v.d) < 0 || v.d <= 0;
		if (rc)
			snprintf(msg, sizeof msg, "%s takes a duration such as "
				 "10s or 500ms, not '%.80s'", c->arg, c->val);
		else if (field)
			*(double *)field = v.d;
		break;
	case NQ_FLAG_SIZE:
		rc = nq_parse_memory(c->val, &v.u);
		if (rc == -1)
			snprintf(msg, sizeof msg, "%s takes a size such as 2G or "
				 "10M, or none, not '%.80s'", c->arg, c->val);
		else if (rc)
			snprintf(msg, sizeof msg, "%s must be greater than 0, "
				 "not '%.80s' (none for no limit)", c->arg,
				 c->val);
		else if (field)
			*(uint64_t *)field = v.u;
		break;
	case NQ_FLAG_CHOICE:
		for (k = 0; f->choices[k] && strcmp(f->choices[k], c->val); k++)
			;
		if (!f->choices[k]) {
			choices_text(c, msg, sizeof msg);
			c->rc = nq_cli_fail_choice(c->verb, msg, c->val,
						   f->choices, k);
			return c->rc;
		}
		if (field)
			*(int *)field = (int)k;
		break;
	case NQ_FLAG_FN:
		if (field && (rc = f->parse(c, field)) != 0) {
			c->rc = rc;
			return rc;
		}
		break;
	}
	if (rc) {
		c->rc = nq_cli_fail(c->verb, "%s", msg);
		return c->rc;
	}
	return 0;
}

int nq_cli_next(nq_cli *c)
{
	const nq_flag *f;
	const char *a;

	c->flag = NULL;
	c->val = NULL;
	if (c->i >= c->argc)
		return NQ_CLI_END;
	a = c->arg = c->argv[c->i++];
	if (c->operands_only || a[0] != '-' || !a[1]) {
		c->val = a;
		return NQ_CLI_OPERAND;
	}
	if (!strcmp(a, "--")) {
		c->operands_only = 1;
		return nq_cli_next(c);
	}
	if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
		nq_cli_help(c->verb, stdout);
		c->rc = 0;
		return NQ_CLI_STOP;
	}
	for (f = c->verb->flags; f && f->help; f++)
		if (flag_is(f, a))
			break;
	if (!f || !f->help)
		return unknown_flag(c, a);
	c->flag = f;
	if (f->arg) {
		if (c->i >= c->argc) {
			char need[80];

			snprintf(need, sizeof need, "%s needs a value (%s)", a,
				 f->arg);
			c->rc = nq_cli_fail(c->verb, "%s", need);
			return NQ_CLI_STOP;
		}
		c->val = c->argv[c->i++];
	}
	if (flag_value(c) != 0)
		return NQ_CLI_STOP;
	return (int)(f - c->verb->flags);
}

int nq_cli_parse(const nq_verb *v, int argc, char **argv, void *args,
		 nq_operand_fn *operand)
{
	nq_cli c;
	int id;

	nq_cli_start(&c, v, argc, argv);
	c.args = args;
	while ((id = nq_cli_next(&c)) != NQ_CLI_END) {
		if (id == NQ_CLI_STOP)
			return c.rc ? c.rc : -1;
		if (id != NQ_CLI_OPERAND)
			continue;
		if (!operand)
			return nq_cli_fail(v, "unexpected argument '%s'", c.val);
		if ((id = operand(&c, args)) != 0)
			return id;
	}
	return 0;
}

int nq_cli_fail(const nq_verb *v, const char *fmt, const char *arg)
{
	fprintf(stderr, "harness %s: ", v->name);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nusage: harness %s\n", v->usage);
	return NQ_EXIT_USAGE;
}

int nq_cli_fail_choice(const nq_verb *v, const char *expected,
		       const char *typed, const char *const *choices,
		       size_t n)
{
	char why[400];

	if (nq_choice(typed, choices, n, why, sizeof why) >= 0 ||
	    !nq_suggest(typed, choices, n))
		why[0] = '\0';
	fprintf(stderr, "harness %s: %s, not '%s'%s%s%s\nusage: harness %s\n",
		v->name, expected, typed, why[0] ? " (" : "", why,
		why[0] ? ")" : "", v->usage);
	return NQ_EXIT_USAGE;
}

int nq_cli_error(const nq_error *err)
{
	char buf[1024];

	nq_error_format(err, buf, sizeof buf);
	fprintf(stderr, "%s\n", buf);
	return NQ_EXIT_USAGE;
}

/* Text with its lines after the first indented by `indent`. */
static void print_indented(FILE *f, const char *text, int indent)
{
	const char *nl;

	while ((nl = strchr(text, '\n'))) {
		fprintf(f, "%.*s\n%*s", (int)(nl - text), text, indent, "");
		text = nl + 1;
	}
	fprintf(f, "%s\n", text);
}

void nq_cli_help(const nq_verb *v, FILE *f)
{
	const nq_flag *fl;
	char spelled[96];
	int w, width = 0;

	fprintf(f, "usage: harness %s\n\n%s\n", v->usage, v->about);
	for (fl = v->flags; fl && fl->help; fl++)
		if ((w = flag_text(fl, 1, spelled, sizeof spelled)) > width)
			width = w;
	for (fl = v->flags; fl && fl->help; fl++) {
		flag_text(fl, 1, spelled, sizeof spelled);
		fprintf(f, "  %-*s  ", width, spelled);
		print_indented(f, fl->help, width + 4);
	}
	if (v->more)
		fprintf(f, "%s\n", v->more);
}

/* --hint ROW:COL (1-based) appended to the board's hints: 0, or the
 * usage exit. */
int nq_cli_hint(const nq_cli *c, void *board)
{
	nq_board_args *b = board;
	char part[2][64], msg[300];
	const char *val = c->val, *colon = strchr(val, ':');
	long long v[2];
	int k, rc;

	if (b->nhints == NQ_MAX_HINTS) {
		snprintf(msg, sizeof msg, "too many hints: at most %d --hint "
			 "('%.80s' is one too many)", NQ_MAX_HINTS, val);
		return nq_cli_fail(c->verb, "%s", msg);
	}
	if (!colon || strchr(colon + 1, ':') ||
	    (size_t)(colon - val) >= sizeof part[0] ||
	    strlen(colon + 1) >= sizeof part[1])
		return nq_cli_fail(c->verb, "--hint takes ROW:COL (1-based), "
				   "not '%s'", val);
	snprintf(part[0], sizeof part[0], "%.*s", (int)(colon - val), val);
	snprintf(part[1], sizeof part[1], "%s", colon + 1);
	for (k = 0; k < 2; k++) {
		rc = nq_parse_int(part[k], 1, NQ_MAX_N, &v[k]);
		if (rc == -1) {
			snprintf(msg, sizeof msg, "--hint takes ROW:COL "
				 "(1-based integers), not '%.80s' ('%s' is "
				 "not an integer)", val, part[k]);
			return nq_cli_fail(c->verb, "%s", msg);
		}
		if (rc) {
			snprintf(msg, sizeof msg, "--hint '%.80s': %s %s is "
				 "off every board (1 to %d)", val,
				 k ? "column" : "row", part[k], NQ_MAX_N);
			return nq_cli_fail(c->verb, "%s", msg);
		}
	}
	b->hints[b->nhints].row = (int)v[0] - 1;
	b->hints[b->nhints].col = (int)v[1] - 1;
	b->nhints++;
	return 0;
}

int nq_cli_board_check(const nq_verb *v, const nq_board_args *b)
{
	char why[256];
	int x, y;

	if (b->n == 0)
		return nq_cli_fail(v, "%s", "-n N is required");
	if (b->nhints && nq_check_hints(b->n, b->hints, b->nhints, &x, &y,
					why, sizeof why) < 0)
		return nq_cli_fail(v, "%s", why);
	return 0;
}

int nq_cli_config_operand(const nq_cli *c, void *args)
{
	const char **config = args;

	if (*config)
		return nq_cli_fail(c->verb, "one experiment file at a time "
				   "('%s' is one too many)", c->val);
	*config = c->val;
	return 0;
}

int nq_cli_config_load(const nq_verb *v, const char *config,
		       nq_experiment **exp)
{
	nq_error err;

	if (!config)
		return nq_cli_fail(v, "%s", "which experiment file?");
	memset(&err, 0, sizeof err);
	if (nq_config_load(config, exp, &err) < 0)
		return nq_cli_error(&err);
	return 0;
}
