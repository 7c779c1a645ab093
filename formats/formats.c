/*
 * formats.c - see formats.h: what every export format's row shares.
 */
#include <stdio.h>
#include <string.h>
#include "atomic.h"
#include "error.h"
#include "formats.h"
#include "units.h"

const nq_export_format *nq_export_by_name(const nq_export_format *const *rows,
					  const char *name)
{
	for (; *rows; rows++)
		if (!strcmp((*rows)->name, name))
			return *rows;
	return NULL;
}

const nq_export_format *nq_export_by_path(const nq_export_format *const *rows,
					  const char *path)
{
	size_t lp = strlen(path), lx;
	const char *const *x;

	for (; *rows; rows++)
		for (x = (*rows)->extensions; x && *x; x++) {
			lx = strlen(*x);
			if (lp >= lx && !strcmp(path + lp - lx, *x))
				return *rows;
		}
	return NULL;
}

const char *nq_export_flag(unsigned opt)
{
	switch (opt) {
	case NQ_EXPORT_HINT: return "--hint";
	case NQ_EXPORT_EXCLUDE: return "--exclude";
	case NQ_EXPORT_ENCODING: return "--encoding";
	case NQ_EXPORT_MODEL: return "--model";
	case NQ_EXPORT_COLUMNS: return "--columns";
	case NQ_EXPORT_CONSISTENCY: return "--consistency";
	case NQ_EXPORT_CARD: return "--card";
	}
	return NULL;
}

/* The flags a row takes: --encoding and --model also where they name an
 * encoding or a model of the registry. */
static unsigned taken(const nq_export_format *f)
{
	return f->options | (f->options & NQ_EXPORT_CNF ? NQ_EXPORT_ENCODING : 0) |
	       (f->options & NQ_EXPORT_ILP ? NQ_EXPORT_MODEL : 0);
}

int nq_export_refuse(const nq_export_format *f, unsigned given,
		     const nq_export_format *const *rows, char *why, size_t len)
{
	unsigned ok = taken(f), bad = given & ~ok, bit, flag;
	size_t used, k = 0;

	if (!bad)
		return 0;
	for (bit = 1; !(bad & bit); bit <<= 1)
		;
	used = (size_t)snprintf(why, len, "%s (--format %s) takes no %s; it "
				"takes --blocked", f->what, f->name,
				nq_export_flag(bit));
	for (bit = 1; bit < 1u << NQ_EXPORT_OPT_COUNT && used < len; bit <<= 1)
		if ((ok & bit) && nq_export_flag(bit))
			used += (size_t)snprintf(why + used, len - used, ", %s",
						 nq_export_flag(bit));
	/* and which formats take the flag refused */
	for (flag = bad & -bad; rows && *rows && used < len; rows++)
		if (taken(*rows) & flag)
			used += (size_t)snprintf(why + used, len - used, "%s%s",
						 k++ ? ", " : " (--format ",
						 (*rows)->name);
	if (k && used < len)
		snprintf(why + used, len - used, " take%s it)", k > 1 ? "" : "s");
	return -1;
}

int nq_export_choice(const char *const *list, const char *name)
{
	for (int i = 0; list[i]; i++)
		if (!strcmp(list[i], name))
			return i;
	return -1;
}

int nq_export_stream(const nq_export_req *r,
		     int (*body)(FILE *f, const nq_export_req *r,
				  void *ctx), void *ctx, char *why, size_t len)
{
	nq_atomic at;
	nq_error err;

	memset(&err, 0, sizeof err);
	if (nq_atomic_open(&at, r->path, &err) == 0) {
		if (body(at.f, r, ctx)) {
			nq_atomic_abort(&at);
			snprintf(why, len, "cannot write %s", r->path);
			return -1;
		}
		if (nq_atomic_commit(&at, &err) == 0)
			return 0;
	}
	nq_error_format(&err, why, len);
	return -1;
}

void nq_export_said_instance(const nq_export_req *r, char *said, size_t len)
{
	const nq_instance *in = r->inst;

	snprintf(said, len, "n = %d, %d blocked squares, %d queens, %d "
		 "excluded lines", in->n, in->nblocked, in->nhints,
		 in->nexcl_diag + in->nexcl_anti);
}

int nq_export_bad_choice(char *why, size_t len, const char *expected,
			 const char *typed, const char *const *list)
{
	char near[400];
	size_t n = 0;

	while (list[n])
		n++;
	if (nq_choice(typed, list, n, near, sizeof near) >= 0 ||
	    !nq_suggest(typed, list, n))
		near[0] = '\0';
	snprintf(why, len, "%s, not '%s'%s%s%s", expected, typed,
		 near[0] ? " (" : "", near, near[0] ? ")" : "");
	return -1;
}
