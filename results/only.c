/* only.c - see only.h. */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "only.h"
#include "units.h"

enum { KEY_APPROACH, KEY_N, KEY_MODE, NKEYS };
static const char *const key_names[NKEYS] = { "approach", "n", "mode" };
static const char *const key_plurals[NKEYS] = { "approaches", "sizes",
						 "modes" };

struct range {
	long long lo, hi;
};

struct nq_only {
	char **names[NKEYS];    /* approach and mode values (n: ranges) */
	size_t nnames[NKEYS];
	struct range *ranges;
	size_t nranges;
	int given[NKEYS];
	unsigned char *keep;    /* per row of the bound table */
	size_t nrows;
};

nq_only *nq_only_new(void)
{
	return calloc(1, sizeof(nq_only));
}

void nq_only_free(nq_only *o)
{
	size_t k, i;

	if (!o)
		return;
	for (k = 0; k < NKEYS; k++) {
		for (i = 0; i < o->nnames[k]; i++)
			free(o->names[k][i]);
		free(o->names[k]);
	}
	free(o->ranges);
	free(o->keep);
	free(o);
}

int nq_only_any(const nq_only *o)
{
	return o && (o->given[KEY_APPROACH] || o->given[KEY_N] ||
		     o->given[KEY_MODE]);
}

static int add_name(nq_only *o, int k, const char *v, size_t len)
{
	char **p = realloc(o->names[k], (o->nnames[k] + 1) * sizeof *p);

	if (!p)
		return -1;
	o->names[k] = p;
	if (!(p[o->nnames[k]] = strndup(v, len)))
		return -1;
	o->nnames[k]++;
	return 0;
}

/* "8", "8-12" or "8..12" into a range: 0, or -1. */
static int parse_range(const char *v, size_t len, struct range *r)
{
	char buf[64], *sep;
	const char *hi;

	if (len == 0 || len >= sizeof buf)
		return -1;
	memcpy(buf, v, len);
	buf[len] = '\0';
	if ((sep = strstr(buf, "..")) != NULL) {
		*sep = '\0';
		hi = sep + 2;
	} else if ((sep = strchr(buf + 1, '-')) != NULL) {
		*sep = '\0';
		hi = sep + 1;
	} else {
		hi = buf;
	}
	if (nq_parse_int(buf, 1, 1000000000, &r->lo) < 0 ||
	    nq_parse_int(hi, 1, 1000000000, &r->hi) < 0 || r->hi < r->lo)
		return -1;
	return 0;
}

int nq_only_add(nq_only *o, const char *spec, nq_error *err)
{
	const char *eq = strchr(spec, '='), *v, *end;
	char key[32];
	int k;

	if (!eq || eq == spec || (size_t)(eq - spec) >= sizeof key)
		return nq_error_set(err, NULL, 0, 0, "--only takes KEY=VALUES "
				    "(approach=A,B  n=8-12  mode=count), not "
				    "'%s'", spec);
	snprintf(key, sizeof key, "%.*s", (int)(eq - spec), spec);
	for (k = 0; k < NKEYS && strcmp(key_names[k], key); k++)
		;
	if (k == NKEYS) {
		const char *near = nq_suggest(key, key_names, NKEYS);

		return nq_error_set(err, NULL, 0, 0, "--only: unknown key "
				    "'%s'%s%s%s; keys: approach, n, mode", key,
				    near ? " (did you mean '" : "",
				    near ? near : "", near ? "'?)" : "");
	}
	o->given[k] = 1;
	for (v = eq + 1;; v = end + 1) {
		end = strchr(v, ',');
		if (!end)
			end = v + strlen(v);
		if (end == v)
			return nq_error_set(err, NULL, 0, 0, "--only %s: an empty "
					    "value in '%s'", key, spec);
		if (k == KEY_N) {
			struct range r, *p;

			if (parse_range(v, (size_t)(end - v), &r) < 0)
				return nq_error_set(err, NULL, 0, 0, "--only n: "
						    "'%.*s' is not a board size "
						    "or a range (8, 8-12, 8..12)",
						    (int)(end - v), v);
			p = realloc(o->ranges, (o->nranges + 1) * sizeof *p);
			if (!p)
				return nq_error_set(err, NULL, 0, 0,
						    "out of memory");
			o->ranges = p;
			o->ranges[o->nranges++] = r;
		} else if (add_name(o, k, v, (size_t)(end - v)) < 0) {
			return nq_error_set(err, NULL, 0, 0, "out of memory");
		}
		if (!*end)
			break;
	}
	return 0;
}

/* Row r's approach as the table labels it: the `approach` column, else
 * solver/encoding. */
static const char *approach_of(const nq_table *t, size_t r, int ac, int sc,
			       int ec, char *buf, size_t len)
{
	const char *e;

	if (ac >= 0)
		return nq_table_cell(t, r, ac);
	e = nq_table_cell(t, r, ec);
	snprintf(buf, len, "%s%s%s", nq_table_cell(t, r, sc), e[0] ? "/" : "",
		 e);
	return buf;
}

/* The distinct values of one key over the table, in order of first
 * appearance (at most `cap`). */
static size_t distinct(const nq_table *t, int key, int ac, int sc, int ec,
		       int mc, char **out, size_t cap, char *store,
		       size_t storelen)
{
	size_t r, i, n = 0, used = 0;
	char buf[512];

	for (r = 0; r < nq_table_nrows(t) && n < cap; r++) {
		const char *v = key == KEY_MODE ? nq_table_cell(t, r, mc) :
				approach_of(t, r, ac, sc, ec, buf, sizeof buf);
		size_t len = strlen(v) + 1;

		for (i = 0; i < n && strcmp(out[i], v); i++)
			;
		if (i < n || used + len > storelen)
			continue;
		out[n++] = memcpy(store + used, v, len);
		used += len;
	}
	return n;
}

static int matches(const char *pattern, const char *v)
{
	return strpbrk(pattern, "*?[") ? fnmatch(pattern, v, 0) == 0 :
	       !strcmp(pattern, v);
}

/* Does some row have value `want` (a pattern: match it) for key k? */
static int some_row(const nq_table *t, int k, const char *want, int ac,
		    int sc, int ec, int mc)
{
	size_t r;
	char buf[512];

	for (r = 0; r < nq_table_nrows(t); r++)
		if (matches(want, k == KEY_MODE ? nq_table_cell(t, r, mc) :
			    approach_of(t, r, ac, sc, ec, buf, sizeof buf)))
			return 1;
	return 0;
}

/* Every named approach and mode is one some row has (a pattern: that
 * some row matches); else the error names the nearest and the choices. */
static int check_names(const nq_only *o, const nq_table *t, const char *name,
		       int ac, int sc, int ec, int mc, nq_error *err)
{
	enum { MAX_SHOWN = 64, STORE = 1 << 14 };
	char *have[MAX_SHOWN], list[1024], *store;
	const char *want, *near;
	size_t i, j, n;
	int k;

	for (k = 0; k < NKEYS; k++) {
		if (k == KEY_N)
			continue;
		for (i = 0; i < o->nnames[k]; i++)
			if (!some_row(t, k, o->names[k][i], ac, sc, ec, mc))
				break;
		if (i == o->nnames[k])
			continue;
		want = o->names[k][i];
		if (!(store = malloc(STORE)))
			return nq_error_set(err, name, 0, 0, "out of memory");
		n = distinct(t, k, ac, sc, ec, mc, have, MAX_SHOWN, store,
			     STORE);
		near = nq_suggest(want, (const char *const *)have, n);
		list[0] = '\0';
		for (j = 0; j < n; j++)
			if (nq_append(list, sizeof list, "%s%s", j ? ", " : "",
				      have[j]) < 0)
				break;
		nq_error_set(err, name, 0, 0, "--only %s: no %s '%s' in the "
			     "file%s%s%s; %s: %s", key_names[k], key_names[k],
			     want, near ? " (did you mean '" : "",
			     near ? near : "", near ? "'?)" : "",
			     key_plurals[k], list);
		free(store);
		return -1;
	}
	return 0;
}

int nq_only_bind(nq_only *o, const nq_table *t, const char *name,
		 nq_error *err)
{
	int ac = nq_table_col(t, "approach"), sc = nq_table_col(t, "solver");
	int ec = nq_table_col(t, "encoding"), mc = nq_table_col(t, "mode");
	int nc = nq_table_col(t, "n");
	size_t r, i, kept = 0;
	char buf[512];

	if (!nq_only_any(o))
		return 0;
	if (check_names(o, t, name, ac, sc, ec, mc, err) < 0)
		return -1;
	free(o->keep);
	o->nrows = nq_table_nrows(t);
	if (!(o->keep = calloc(o->nrows ? o->nrows : 1, 1)))
		return nq_error_set(err, name, 0, 0, "out of memory");
	for (r = 0; r < o->nrows; r++) {
		int ok = 1;

		if (o->nnames[KEY_APPROACH]) {
			const char *a = approach_of(t, r, ac, sc, ec, buf,
						    sizeof buf);

			for (i = 0; i < o->nnames[KEY_APPROACH] &&
			     !matches(o->names[KEY_APPROACH][i], a); i++)
				;
			ok = i < o->nnames[KEY_APPROACH];
		}
		if (ok && o->nnames[KEY_MODE]) {
			const char *m = nq_table_cell(t, r, mc);

			for (i = 0; i < o->nnames[KEY_MODE] &&
			     strcmp(o->names[KEY_MODE][i], m); i++)
				;
			ok = i < o->nnames[KEY_MODE];
		}
		if (ok && o->nranges) {
			long long n;

			ok = 0;
			if (nq_parse_int(nq_table_cell(t, r, nc), 1, 1000000000,
					 &n) == 0)
				for (i = 0; i < o->nranges && !ok; i++)
					ok = n >= o->ranges[i].lo &&
					     n <= o->ranges[i].hi;
		}
		o->keep[r] = (unsigned char)ok;
		kept += (size_t)ok;
	}
	if (!kept)
		return nq_error_set(err, name, 0, 0, "--only keeps no row of "
				    "the file (approach, n and mode must all "
				    "match)");
	return 0;
}

int nq_only_keep(const nq_only *o, size_t r)
{
	if (!o || !o->keep)
		return 1;
	return r < o->nrows && o->keep[r];
}
