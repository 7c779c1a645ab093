/*
 * cli.c - the flag-table parser, help from the tables, the board flags
 * (cli.h).
 */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "run.h"
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
	return (int)(f - c->verb->flags);
}

int nq_cli_fail(const nq_verb *v, const char *fmt, const char *arg)
{
	fprintf(stderr, "harness %s: ", v->name);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nusage: harness %s\n", v->usage);
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

int nq_cli_int(const nq_cli *c, long long min, long long max,
	       const char *what, long long *out)
{
	char msg[300];
	int rc = nq_parse_int(c->val, min, max, out);

	if (rc == 0)
		return 0;
	if (rc == -1)
		snprintf(msg, sizeof msg, "%s takes %s, an integer, not '%.80s'",
			 c->arg, what, c->val);
	else
		snprintf(msg, sizeof msg, "%s takes %s from %lld to %lld, "
			 "not '%.80s'", c->arg, what, min, max, c->val);
	return nq_cli_fail(c->verb, "%s", msg);
}

/* --hint ROW:COL (1-based) into b: 0, or the usage exit. */
static int hint_flag(const nq_cli *c, nq_board_args *b)
{
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

int nq_cli_board_flag(const nq_cli *c, nq_board_args *b)
{
	long long v;
	int rc;

	if (c->flag && c->flag->short_name == 'n' && !c->flag->name) {
		if ((rc = nq_cli_int(c, 1, NQ_MAX_N, "a board size", &v)))
			return rc;
		b->n = (int)v;
		return 0;
	}
	return hint_flag(c, b);
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

int nq_cli_config_operand(const nq_cli *c, const char **config)
{
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
