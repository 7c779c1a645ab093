/*
 * instance.c - an instance's blocked squares, excluded lines, id and
 * hash, and their CSV texts; see instance.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "order.h"
#include "instance.h"
#include "names.h"
#include "sha256.h"

int nq_instance_has_variants(const nq_instance *in)
{
	return in->nblocked > 0 || in->nexcl_diag > 0 || in->nexcl_anti > 0;
}

int nq_instance_keyed_by_hash(const nq_instance *in)
{
	return nq_instance_has_variants(in) || in->parts > 1;
}

int nq_solver_takes_variants(const nq_solver *s)
{
	return s->abi_version >= 3;
}

/* A growing text; `bad` once a malloc failed (then every append is a
 * no-op and the caller reports no memory). */
struct text {
	char *s;
	size_t len, cap;
	int bad;
};

static void text_add(struct text *t, const char *fmt, int x, int y)
{
	char piece[40];
	int w = snprintf(piece, sizeof piece, fmt, x, y);

	if (t->bad || w < 0)
		return;
	if (t->len + (size_t)w + 1 > t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 64;
		char *p;

		while (cap < t->len + (size_t)w + 1)
			cap *= 2;
		if (!(p = realloc(t->s, cap))) {
			t->bad = 1;
			return;
		}
		t->s = p;
		t->cap = cap;
	}
	memcpy(t->s + t->len, piece, (size_t)w + 1);
	t->len += (size_t)w;
}

static char *text_done(struct text *t)
{
	if (!t->bad && !t->s)
		t->s = calloc(1, 1);
	if (t->bad) {
		free(t->s);
		return NULL;
	}
	return t->s;
}

static void squares_add(struct text *t, const nq_square *q, int k)
{
	int i;

	for (i = 0; i < k; i++)
		text_add(t, i ? " %d:%d" : "%d:%d", q[i].row + 1, q[i].col + 1);
}

static void lines_add(struct text *t, const int *diag, int nd,
		      const int *anti, int na)
{
	int i;

	for (i = 0; i < nd; i++)
		text_add(t, i ? " d%d" : "d%d", diag[i] + 1, 0);
	for (i = 0; i < na; i++)
		text_add(t, i || nd ? " a%d" : "a%d", anti[i] + 1, 0);
}

char *nq_blocked_text(const nq_square *b, int k)
{
	struct text t = { NULL, 0, 0, 0 };

	squares_add(&t, b, k);
	return text_done(&t);
}

char *nq_excluded_text(const int *diag, int ndiag, const int *anti,
		       int nanti)
{
	struct text t = { NULL, 0, 0, 0 };

	lines_add(&t, diag, ndiag, anti, nanti);
	return text_done(&t);
}

/* Sorted copies of an array (n items of `size`); NULL for none or on no
 * memory (*bad set then). */
static void *sorted_copy(const void *a, size_t n, size_t size,
			 int (*cmp)(const void *, const void *), int *bad)
{
	void *p;

	if (!n)
		return NULL;
	if (!(p = malloc(n * size))) {
		*bad = 1;
		return NULL;
	}
	memcpy(p, a, n * size);
	qsort(p, n, size, cmp);
	return p;
}

int nq_instance_hash(const nq_instance *in, char hex[17])
{
	struct text t = { NULL, 0, 0, 0 };
	nq_square *h, *b;
	int *d, *a, bad = 0;
	char full[65];

	h = sorted_copy(in->hints, (size_t)in->nhints, sizeof *h, nq_cmp_square,
			&bad);
	b = sorted_copy(in->blocked, (size_t)in->nblocked, sizeof *b,
			nq_cmp_square, &bad);
	d = sorted_copy(in->excl_diag, (size_t)in->nexcl_diag, sizeof *d,
			nq_cmp_int, &bad);
	a = sorted_copy(in->excl_anti, (size_t)in->nexcl_anti, sizeof *a,
			nq_cmp_int, &bad);
	text_add(&t, "%d|", in->n, 0);
	squares_add(&t, h, in->nhints);
	text_add(&t, "|", 0, 0);
	squares_add(&t, b, in->nblocked);
	text_add(&t, "|", 0, 0);
	lines_add(&t, d, in->nexcl_diag, a, in->nexcl_anti);
	/* a part is another question than the whole board (or another
	 * part); the whole board's text is as it was before parts */
	if (in->parts > 1) {
		text_add(&t, "|part %d/%d", in->part + 1, in->parts);
	}
	free(h);
	free(b);
	free(d);
	free(a);
	if (bad || t.bad) {
		free(t.s);
		return -1;
	}
	nq_sha256_hex(t.s, t.len, full);
	memcpy(hex, full, 16);
	hex[16] = '\0';
	free(t.s);
	return 0;
}

int nq_spec_set_part(nq_instance_spec *s, int k, int parts)
{
	s->inst.part = k;
	s->inst.parts = parts;
	snprintf(s->part_text, sizeof s->part_text, "%d/%d", k + 1, parts);
	if (nq_instance_hash(&s->inst, s->hash))
		return -1;
	if (!s->id_set)
		snprintf(s->id, sizeof s->id, "n%d-part%dof%d", s->inst.n,
			 k + 1, parts);
	return 0;
}

int nq_part_from_text(const char *text, nq_instance *in)
{
	long k, p;
	char *end;

	in->part = in->parts = 0;
	if (!text || !*text)
		return 0;
	if (*text < '0' || *text > '9')
		return -1;
	k = strtol(text, &end, 10);
	if (*end != '/' || end[1] < '0' || end[1] > '9')
		return -1;
	p = strtol(end + 1, &end, 10);
	if (*end || p < 2 || p > NQ_MAX_PARTS || k < 1 || k > p)
		return -1;
	in->part = (int)k - 1;
	in->parts = (int)p;
	return 0;
}

void nq_spec_free(nq_instance_spec *s)
{
	free(s->hints);
	free(s->blocked);
	free(s->excl);
	free(s->blocked_text);
	free(s->excluded_text);
	free(s->source);
	memset(s, 0, sizeof *s);
}

int nq_spec_fill(nq_instance_spec *s, int n, enum nq_mode mode,
		 const nq_square *hints, int nhints,
		 const nq_square *blocked, int nblocked,
		 const int *diag, int ndiag, const int *anti, int nanti)
{
	size_t used = 0;
	int i, bad = 0;

	memset(s, 0, sizeof *s);
	s->inst.n = n;
	s->inst.mode = mode;
	if (nhints && !(s->hints = malloc((size_t)nhints * sizeof *s->hints)))
		return -1;
	if (nhints)
		memcpy(s->hints, hints, (size_t)nhints * sizeof *s->hints);
	s->blocked = sorted_copy(blocked, (size_t)nblocked, sizeof *blocked,
				 nq_cmp_square, &bad);
	if (ndiag + nanti && !(s->excl = malloc((size_t)(ndiag + nanti) *
						 sizeof *s->excl)))
		bad = 1;
	if (bad)
		goto nomem;
	if (ndiag)
		memcpy(s->excl, diag, (size_t)ndiag * sizeof *s->excl);
	if (nanti)
		memcpy(s->excl + ndiag, anti, (size_t)nanti * sizeof *s->excl);
	if (ndiag)
		qsort(s->excl, (size_t)ndiag, sizeof *s->excl, nq_cmp_int);
	if (nanti)
		qsort(s->excl + ndiag, (size_t)nanti, sizeof *s->excl, nq_cmp_int);
	s->inst.nhints = nhints;
	s->inst.hints = s->hints;
	s->inst.nblocked = nblocked;
	s->inst.blocked = s->blocked;
	s->inst.nexcl_diag = ndiag;
	s->inst.nexcl_anti = nanti;
	s->inst.excl_diag = ndiag ? s->excl : NULL;
	s->inst.excl_anti = nanti ? s->excl + ndiag : NULL;
	for (i = 0; i < nhints; i++) {
		int w = snprintf(s->hints_text + used,
				 sizeof s->hints_text - used, "%s%d:%d",
				 i ? " " : "", hints[i].row + 1,
				 hints[i].col + 1);

		if (w < 0 || (size_t)w >= sizeof s->hints_text - used) {
			nq_spec_free(s);
			return -2;
		}
		used += (size_t)w;
	}
	s->blocked_text = nq_blocked_text(s->blocked, nblocked);
	s->excluded_text = nq_excluded_text(s->inst.excl_diag, ndiag,
					    s->inst.excl_anti, nanti);
	if (!s->blocked_text || !s->excluded_text ||
	    nq_instance_hash(&s->inst, s->hash))
		goto nomem;
	if (nq_instance_has_variants(&s->inst) || nhints)
		snprintf(s->id, sizeof s->id, "n%d-%.8s", n, s->hash);
	else
		snprintf(s->id, sizeof s->id, "n%d", n);
	return 0;
nomem:
	nq_spec_free(s);
	return -1;
}

int nq_spec_set_id(nq_instance_spec *s, const char *id)
{
	const char *p;

	if (!*id || strlen(id) >= sizeof s->id)
		return -1;
	for (p = id; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || strchr("_.:/+=-", *p)))
			return -1;
	snprintf(s->id, sizeof s->id, "%s", id);
	s->id_set = 1;
	return 0;
}

void nq_instance_key_field(const char *hints_text, int variants,
			   const char *hash, char *buf, size_t len)
{
	if (variants)
		snprintf(buf, len, "%s|%s", hints_text, hash);
	else
		snprintf(buf, len, "%s", hints_text);
}

/* ---- read back ---- */

static int grow(void **p, size_t *cap, size_t need, size_t size)
{
	void *q;

	if (need <= *cap)
		return 0;
	if (!(q = realloc(*p, need * size)))
		return -1;
	*p = q;
	*cap = need;
	return 0;
}

/* Words in s (blank separated): an upper bound on its items. */
static size_t words(const char *s)
{
	size_t k = 0;
	int in = 0;

	for (; *s; s++) {
		k += !in && *s != ' ';
		in = *s != ' ';
	}
	return k;
}

/* "r:c r:c" into q[]: the count, or -1. */
static int parse_squares(const char *s, int n, nq_square *q)
{
	int k = 0;

	while (*s) {
		char *end;
		long row, col;

		if (*s == ' ') {
			s++;
			continue;
		}
		row = strtol(s, &end, 10);
		if (end == s || *end != ':')
			return -1;
		s = end + 1;
		col = strtol(s, &end, 10);
		if (end == s || (*end && *end != ' ') || row < 1 || row > n ||
		    col < 1 || col > n)
			return -1;
		q[k].row = (int)row - 1;
		q[k].col = (int)col - 1;
		k++;
		s = end;
	}
	return k;
}

int nq_instance_from_text(nq_instance *in, int n, enum nq_mode mode,
			  const char *hints, const char *blocked,
			  const char *excluded, struct nq_inst_buf *b,
			  char *why, size_t len)
{
	size_t nh = words(hints), nb = words(blocked), nl = words(excluded);
	int nd = 0, na = 0, k, pass;
	const char *s;

	memset(in, 0, sizeof *in);
	in->n = n;
	in->mode = mode;
	if (grow((void **)&b->sq, &b->capsq, nh + nb + 1, sizeof *b->sq) ||
	    grow((void **)&b->lines, &b->caplines, nl + 1, sizeof *b->lines))
		return -2;
	if ((k = parse_squares(hints, n, b->sq)) < 0) {
		snprintf(why, len, "column 'hints': '%s' is not \"row:col "
			 "...\" on an %dx%d board", hints, n, n);
		return -1;
	}
	in->nhints = k;
	in->hints = b->sq;
	if ((k = parse_squares(blocked, n, b->sq + in->nhints)) < 0) {
		snprintf(why, len, "column 'blocked': '%s' is not \"row:col "
			 "...\" on an %dx%d board", blocked, n, n);
		return -1;
	}
	in->nblocked = k;
	in->blocked = b->sq + in->nhints;
	/* diagonals first, then antidiagonals, as written */
	for (pass = 0; pass < 2; pass++) {
		char want = pass ? 'a' : 'd';

		for (s = excluded; *s;) {
			char *end;
			long x;

			if (*s == ' ') {
				s++;
				continue;
			}
			if ((*s != 'd' && *s != 'a') || s[1] < '0' ||
			    s[1] > '9')
				goto bad_lines;
			x = strtol(s + 1, &end, 10);
			if ((*end && *end != ' ') || x < 1 || x > 2L * n - 1)
				goto bad_lines;
			if (*s == want)
				b->lines[nd + na++] = (int)x - 1;
			s = end;
		}
		if (!pass) {
			nd = na;
			na = 0;
		}
	}
	in->nexcl_diag = nd;
	in->nexcl_anti = na;
	in->excl_diag = nd ? b->lines : NULL;
	in->excl_anti = na ? b->lines + nd : NULL;
	return 0;
bad_lines:
	snprintf(why, len, "column 'excluded': '%s' is not \"d3 a5 ...\" "
		 "(diagonals and antidiagonals 1..%d)", excluded, 2 * n - 1);
	return -1;
}

void nq_inst_buf_free(struct nq_inst_buf *b)
{
	free(b->sq);
	free(b->lines);
	memset(b, 0, sizeof *b);
}

/* ---- the instances beside the CSV ---- */

int nq_instances_file_wanted(const nq_experiment *exp)
{
	size_t i;

	for (i = 0; i < exp->ninstances; i++)
		if (exp->instances[i].id_set ||
		    nq_instance_has_variants(&exp->instances[i].inst))
			return 1;
	return 0;
}

void nq_instances_path(const char *csv, char *buf, size_t len)
{
	const char *slash = strrchr(csv, '/');
	const char *dot = strrchr(csv, '.');
	int base = (int)strlen(csv);

	/* as nq_meta_path: the CSV's name without its extension */
	if (dot && (!slash || dot > slash + 1) && dot != csv)
		base = (int)(dot - csv);
	snprintf(buf, len, "%.*s.instances.yaml", base, csv);
}

static void yaml_squares(FILE *f, const char *key, const nq_square *q,
			 int k)
{
	int i;

	if (!k)
		return;
	fprintf(f, ", %s: [", key);
	for (i = 0; i < k; i++)
		fprintf(f, "%s[%d, %d]", i ? ", " : "", q[i].row + 1,
			q[i].col + 1);
	fputc(']', f);
}

static void yaml_lines(FILE *f, const char *key, const int *v, int k,
		       int first)
{
	int i;

	if (!k)
		return;
	fprintf(f, "%s%s: [", first ? "" : ", ", key);
	for (i = 0; i < k; i++)
		fprintf(f, "%s%d", i ? ", " : "", v[i] + 1);
	fputc(']', f);
}

void nq_instances_yaml(FILE *f, const nq_experiment *exp)
{
	size_t i;

	fprintf(f, "# The instances of experiment %s, one entry each, in "
		"the order they ran:\n# paste them under `instances:` of an "
		"experiment file to run them again.\n# 1-based rows, columns, "
		"diagonals and antidiagonals (include/nq_plugin.h).\n",
		exp->name);
	fputs("instances:\n", f);
	for (i = 0; i < exp->ninstances; i++) {
		const nq_instance_spec *s = &exp->instances[i];
		const nq_instance *in = &s->inst;

		/* a count in parts is one entry, `parts: P`, written at its
		 * first part */
		if (in->parts > 1 && in->part > 0)
			continue;
		if (in->parts > 1)
			fprintf(f, "  # instances n%d-part1of%d .. "
				"n%d-part%dof%d\n", in->n, in->parts, in->n,
				in->parts, in->parts);
		else if (s->source) {
			/* a file's name may hold any byte but '/' and NUL:
			 * escaped, a newline never ends the comment */
			char shown[4 * 256];

			fprintf(f, "  # instance %s (from %s), instance_hash "
				"%s\n", s->id, nq_text_show(s->source, shown,
							    sizeof shown),
				s->hash);
		}
		else
			fprintf(f, "  # instance %s, instance_hash %s\n",
				s->id, s->hash);
		fprintf(f, "  - {n: %d, mode: %s", in->n,
			in->mode == NQ_MODE_COUNT ? "count" : "first");
		if (in->parts > 1)
			fprintf(f, ", parts: %d", in->parts);
		yaml_squares(f, "hints", in->hints, in->nhints);
		yaml_squares(f, "blocked", in->blocked, in->nblocked);
		if (in->nexcl_diag || in->nexcl_anti) {
			fputs(", excluded: {", f);
			yaml_lines(f, "diagonals", in->excl_diag,
				   in->nexcl_diag, 1);
			yaml_lines(f, "antidiagonals", in->excl_anti,
				   in->nexcl_anti, !in->nexcl_diag);
			fputc('}', f);
		}
		fputs("}\n", f);
	}
}

int nq_instance_runs(const nq_instance_spec *spec, const nq_approach *a)
{
	char word[256];
	const char *p = spec->only, *end;

	if (!spec->only[0])
		return 1;
	while (*p) {
		while (*p == '\n')
			p++;
		end = strchr(p, '\n');
		if (!end || end == p)
			break;
		snprintf(word, sizeof word, "%.*s", (int)(end - p), p);
		if (nq_approach_matches(a, word))
			return 1;
		p = end;
	}
	return 0;
}

static uint64_t splitmix64(uint64_t x)
{
	uint64_t z = x + 0x9E3779B97F4A7C15ULL;

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

uint64_t nq_run_seed(uint64_t seed, int repeat, const char *hash)
{
	uint64_t h = hash && *hash ? strtoull(hash, NULL, 16) : 0;

	if (repeat <= 1)
		return seed;
	return splitmix64(seed ^ splitmix64(h ^ splitmix64((uint64_t)repeat)));
}
