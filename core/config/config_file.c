/*
 * config_file.c - the `instances:` entries that read instance files:
 * `- {file: GLOB, mode: first, only: [...]}`. The glob is relative to the
 * experiment file's directory (glob(3), sorted); each file it matches is
 * one instance per mode (a CSPLib Essence' parameter file, PyCSP3's JSON
 * or MiniZinc data: instfile.h, by extension or else by content) or a
 * list of entries as under `instances:` (the harness's own YAML,
 * FILE.instances.yaml: .yaml or .yml), read by the same loader with the
 * instance file's name in its errors. Each instance is checked whole
 * (nq_check_instance) and named after its file (nq_spec_set_id), so the
 * CSV says where a row came from.
 */
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>
#include "instance.h"
#include "instfile.h"
#include "loader.h"
#include "units.h"
#include "validate.h"

/* The value of `key` in mapping `map`, its key node in *k; NULL when
 * absent. */
static yaml_node_t *map_get(struct loader *L, const yaml_node_t *map,
			    const char *key, yaml_node_t **k)
{
	yaml_node_pair_t *p;

	for (p = map->data.mapping.pairs.start;
	     p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *kn = node_at(L, p->key);

		if (kn->type == YAML_SCALAR_NODE && !strcmp(text_of(kn), key)) {
			if (k)
				*k = kn;
			return node_at(L, p->value);
		}
	}
	return NULL;
}

/* The whole file (malloc'd, NUL-terminated), at most the experiment
 * file's limit; NULL with the error set. */
static char *read_whole(struct loader *L, const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	char *text;
	size_t got;

	if (!f) {
		nq_error_set(L->err, path, 0, 0, "cannot open: %s",
			     strerror(errno));
		return NULL;
	}
	if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode) ||
	    st.st_size > (off_t)NQ_CONFIG_MAX_BYTES) {
		fclose(f);
		nq_error_set(L->err, path, 0, 0, "cannot read: not a regular "
			     "file of at most %u MiB",
			     NQ_CONFIG_MAX_BYTES >> 20);
		return NULL;
	}
	if (!(text = malloc((size_t)st.st_size + 1))) {
		fclose(f);
		nq_error_set(L->err, path, 0, 0, "out of memory");
		return NULL;
	}
	got = fread(text, 1, (size_t)st.st_size, f);
	fclose(f);
	text[got] = '\0';
	*len = got;
	return text;
}

/* The id of a file's instances: its base name without the extension,
 * characters an id may not hold made '_' (instance.h). */
static void file_id(const char *path, char *id, size_t len)
{
	const char *base = strrchr(path, '/'), *dot;
	size_t n, i;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	if (n > len - 16)
		n = len - 16;  /* room for "-NNNNN" */
	for (i = 0; i < n; i++) {
		char c = base[i];

		id[i] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			(c >= '0' && c <= '9') || strchr("_.:+=-", c) ? c : '_';
	}
	id[n] = '\0';
	if (!n)
		snprintf(id, len, "file");
}

static int grow_instances(struct loader *L, const yaml_node_t *node,
			  size_t more)
{
	size_t total = L->exp->ninstances + more, cap;
	nq_instance_spec *grown;

	if (total > NQ_MAX_INSTANCES)
		return cfg_fail(L, node, "file: too many instances (more than "
				"%d); split the experiment", NQ_MAX_INSTANCES);
	if (total <= L->cap_instances)
		return 0;
	cap = L->cap_instances ? L->cap_instances : 16;
	while (cap < total)
		cap *= 2;
	if (!(grown = realloc(L->exp->instances, cap * sizeof *grown)))
		return cfg_fail(L, node, "out of memory");
	L->exp->instances = grown;
	L->cap_instances = cap;
	return 0;
}

/* The last check of an instance read from `path`, and its name. */
/* Whether an instance loaded before s has the id `id` and another
 * board (instance_hash). */
static int id_taken(const struct loader *L, const nq_instance_spec *s,
		    const char *id)
{
	size_t i, upto = (size_t)(s - L->exp->instances);

	for (i = 0; i < upto && i < L->exp->ninstances; i++)
		if (!strcmp(L->exp->instances[i].id, id) &&
		    strcmp(L->exp->instances[i].hash, s->hash))
			return 1;
	return 0;
}

/* The id of s, made of its file's name: where another board of the
 * experiment already has it (a file of the same name in another
 * directory, diag-18/x.param and other/x.param), the file's directories,
 * nearest first, go before it until it is the board's own
 * ("other/x-d15"); out of directories, the id as it is (finish() in
 * config.c then refuses the two). */
static void own_id(const struct loader *L, const char *path,
		   const nq_instance_spec *s, const char *id, char *out,
		   size_t len)
{
	const char *end = strrchr(path, '/');

	snprintf(out, len, "%s", id);
	while (end && id_taken(L, s, out)) {
		const char *dir = end;
		char was[sizeof s->id + 16];
		size_t n, i;

		while (dir > path && dir[-1] != '/')
			dir--;
		n = (size_t)(end - dir);
		end = dir > path ? dir - 1 : NULL;
		if (n == 2 && dir[0] == '.' && dir[1] == '.')
			return; /* the folder before is not the file's:
				   finish() says the id is two boards' */
		if (!n || (n == 1 && *dir == '.'))
			continue;
		snprintf(was, sizeof was, "%s", out);
		if (n + 1 + strlen(was) >= sizeof s->id)
			return; /* no longer an id: finish() says why */
		for (i = 0; i < n; i++) {
			char ch = dir[i];

			out[i] = (ch >= 'a' && ch <= 'z') ||
				 (ch >= 'A' && ch <= 'Z') ||
				 (ch >= '0' && ch <= '9') ||
				 strchr("_.:+=-", ch) ? ch : '_';
		}
		out[n] = '/';
		snprintf(out + n + 1, len - n - 1, "%s", was);
	}
}

static int finish_spec(struct loader *L, const char *path,
		       nq_instance_spec *s, const char *file_made_id,
		       const struct entry *e)
{
	char why[300], id[sizeof s->id + 16];

	if (nq_check_instance(&s->inst, why, sizeof why))
		return nq_error_set(L->err, path, s->line, s->col, "%s", why);
	own_id(L, path, s, file_made_id, id, sizeof id);
	if (!s->source && !(s->source = strdup(path)))
		return nq_error_set(L->err, path, 0, 0, "out of memory");
	if (nq_spec_set_id(s, id))
		return nq_error_set(L->err, path, 0, 0, "cannot name an "
				    "instance '%s' (at most %zu characters of "
				    "[A-Za-z0-9_.:/+=-])", id,
				    sizeof s->id - 1);
	if (e->only[0])
		memcpy(s->only, e->only, sizeof s->only);
	return 0;
}

/* What an entry's `diagonals:` says: the M of an Excluded Diagonals
 * file's instances, in order, the item each came from, and the node
 * (NULL: not given). */
struct cuts {
	struct int_vec ms;
	const yaml_node_t **from;  /* room for ms.cap */
	size_t from_cap;
	const yaml_node_t *node;
	int all;                   /* `diagonals: all`: 0..numdiags of each
				      file, ms empty */
};

/* A parameter, JSON or MiniZinc data file: one instance per mode of the
 * entry; an Excluded Diagonals file one per M of `diagonals:` and
 * mode, named FILE-dM. */
static int load_param(struct loader *L, const yaml_node_t *node,
		      const char *path, const char *text, size_t len,
		      enum nq_instfile_format fmt, const struct entry *e,
		      const struct cuts *cuts)
{
	struct nq_param p;
	char base[sizeof ((nq_instance_spec *)0)->id];
	char id[sizeof base + 16];
	size_t m, c, ncuts = 1;
	int rc = 0;

	if (nq_instfile_parse(fmt, text, len, path, &p, L->err))
		return -1;
	file_id(path, base, sizeof base);
	if (p.diags_file && !cuts->node) {
		int k = p.nlines;

		nq_param_free(&p);
		return cfg_fail(L, node, "file: %s is an Excluded Diagonals "
				"file (n, numdiags, diags): give the entry "
				"diagonals:, the number of its first lines "
				"that make an instance (0..%d; a range such "
				"as '0..%d' or a list)", path, k, k);
	}
	if (!p.diags_file && cuts->node) {
		nq_param_free(&p);
		return cfg_fail(L, cuts->node, "diagonals: %s is not an "
				"Excluded Diagonals file (n, numdiags, diags, "
				"as CSPLib prob079's diag-N files); "
				"diagonals: takes the first lines of such a "
				"file", path);
	}
	if (p.diags_file && cuts->all) {
		ncuts = (size_t)p.nlines + 1;
	} else if (p.diags_file) {
		ncuts = cuts->ms.n;
		for (c = 0; c < ncuts; c++)
			if (cuts->ms.v[c] > p.nlines) {
				rc = nq_error_set(L->err, path,
						  p.numdiags_line,
						  p.numdiags_col, "numdiags = "
						  "%d: the file has %d "
						  "excluded lines, fewer than "
						  "diagonals: %d asks for "
						  "(%s:%d)", p.nlines,
						  p.nlines, cuts->ms.v[c],
						  L->path,
						  line_of(cuts->node));
				nq_param_free(&p);
				return rc;
			}
	}
	if (grow_instances(L, node, e->nmodes * ncuts)) {
		nq_param_free(&p);
		return -1;
	}
	for (c = 0; c < ncuts && !rc; c++)
	for (m = 0; m < e->nmodes && !rc; m++) {
		nq_instance_spec *s = &L->exp->instances[L->exp->ninstances];

		if (p.diags_file) {
			int mm = cuts->all ? (int)c : cuts->ms.v[c];

			nq_param_first(&p, mm);
			snprintf(id, sizeof id, "%s-d%d", base, mm);
		} else {
			snprintf(id, sizeof id, "%s", base);
		}

		rc = nq_spec_fill(s, p.n, e->modes[m], p.queens, p.nqueens,
				  p.blocked, p.nblocked, p.excl_diag,
				  p.nexcl_diag, p.excl_anti, p.nexcl_anti);
		if (rc) {
			rc = nq_error_set(L->err, path, 0, 0, "%s", rc == -2 ?
					  "too many queens for the CSV hints "
					  "column (255 characters as \"r:c "
					  "r:c\")" : "out of memory");
			break;
		}
		s->line = 0;
		s->col = 0;
		if ((rc = finish_spec(L, path, s, id, e))) {
			nq_spec_free(s);
			break;
		}
		/* the CSV and plan point at the experiment file's entry */
		s->line = line_of(node);
		s->col = (int)node->start_mark.column + 1;
		L->exp->ninstances++;
	}
	nq_param_free(&p);
	return rc;
}

/* The harness's own YAML: `instances:` and its list, or the list alone,
 * each entry loaded as under `instances:` but with this file's name in
 * errors; `file:` and `only:` are the experiment file's business. */
static int load_yaml(struct loader *L, const yaml_node_t *node,
		     const char *path, const char *text, size_t len,
		     const struct entry *e)
{
	struct loader sub = *L;
	yaml_document_t doc;
	const yaml_node_t *root, *list;
	size_t first = L->exp->ninstances, i, count;
	char id[sizeof ((nq_instance_spec *)0)->id], got[80];
	int rc = -1;

	if (cfg_read_document(text, len, path, &doc, &root, L->err))
		return -1;
	sub.path = path;
	sub.doc = &doc;
	sub.entry = NULL;
	sub.in_file = 1;
	list = root;
	if (root->type == YAML_MAPPING_NODE) {
		yaml_node_t *k = NULL;

		list = map_get(&sub, root, "instances", &k);
		if (!list || map_len(root) != 1) {
			cfg_fail(&sub, root, "an instance file holds "
				 "`instances:` and its list, and nothing "
				 "else");
			goto out;
		}
	}
	if (list->type != YAML_SEQUENCE_NODE || !seq_len(list)) {
		cfg_fail(&sub, list, "expected a non-empty list of instances "
			 "such as '- {n: 8, blocked: [[1, 1]]}', got %s",
			 cfg_describe(list, got, sizeof got));
		goto out;
	}
	for (i = 0; i < seq_len(list); i++) {
		const yaml_node_t *item = seq_item(&sub, list, i);
		yaml_node_t *k = NULL;

		if (item->type == YAML_MAPPING_NODE &&
		    map_get(&sub, item, "only", &k)) {
			cfg_fail(&sub, k, "only: give it on the experiment "
				 "file's `file:` entry, not in an instance "
				 "file");
			goto out;
		}
		if (sub.load_instance(&sub, item))
			goto out;
	}
	file_id(path, id, sizeof id);
	count = L->exp->ninstances - first;
	for (i = first; i < L->exp->ninstances; i++) {
		nq_instance_spec *s = &L->exp->instances[i];
		char one[sizeof id + 16];

		snprintf(one, sizeof one, count == 1 ? "%s" : "%s-%zu", id,
			 i - first + 1);
		if (finish_spec(&sub, path, s, one, e))
			goto out;
		s->line = line_of(node);
		s->col = (int)node->start_mark.column + 1;
	}
	rc = 0;
out:
	L->cap_instances = sub.cap_instances;
	yaml_document_delete(&doc);
	return rc;
}

/* One file the glob matched. */
static int load_one(struct loader *L, const yaml_node_t *node,
		    const yaml_node_t *mode_key, const char *path,
		    const struct entry *e, const struct cuts *cuts)
{
	size_t len;
	char *text = read_whole(L, path, &len);
	enum nq_instfile_format fmt;
	int rc;

	if (!text)
		return -1;
	/* an archive as CSPLib publishes the sets (data/diag-N.tar.gz, a
	 * gzip's magic number; a zip's): its files, not it */
	if (len >= 4 && (((unsigned char)text[0] == 0x1f &&
			  (unsigned char)text[1] == 0x8b) ||
			 !memcmp(text, "PK\003\004", 4))) {
		int zip = text[0] == 'P';

		rc = cfg_fail(L, node, "file: %s is a %s archive, not an "
			      "instance file: unpack it (%s %s) and give the "
			      "files inside, as {file: 'diag-20/*.param', "
			      "diagonals: 18}", path, zip ? "zip" : "gzip",
			      zip ? "unzip" : "tar -xzf", path);
		free(text);
		return rc;
	}
	fmt = nq_instfile_format(path, text, len);
	if (fmt == NQ_INSTFILE_YAML) {
		if (mode_key)
			rc = cfg_fail(L, mode_key, "mode: the entries of %s "
				      "give their own mode", path);
		else if (cuts->node)
			rc = cfg_fail(L, cuts->node, "diagonals: %s is not "
				      "an Excluded Diagonals file (n, "
				      "numdiags, diags), but the harness's "
				      "own YAML", path);
		else
			rc = load_yaml(L, node, path, text, len, e);
	} else {
		rc = load_param(L, node, path, text, len, fmt, e, cuts);
	}
	free(text);
	return rc;
}

/* One item of `diagonals:`: an integer or a range, each M at least 0. */
static int load_cut(struct loader *L, const yaml_node_t *v,
		    struct cuts *cuts)
{
	struct int_vec *ms = &cuts->ms;
	enum range_kind kind = RANGE_BY;
	long long lo, hi, step = 1, x;
	const char *t;
	char got[80];
	size_t i;

	if (v->type != YAML_SCALAR_NODE || cfg_is_null(v))
		return cfg_fail(L, v, "diagonals: expected an integer, a range "
				"such as '0..20', a list or all, got %s",
				cfg_describe(v, got, sizeof got));
	t = text_of(v);
	if (nq_parse_ll(t, &x) == 0)
		lo = hi = x;
	else if (cfg_parse_range(t, &lo, &hi, &kind, &step))
		return cfg_fail(L, v, "diagonals: expected an integer, a range "
				"such as '0..20' or '0..20 by 2', a list, or "
				"all (0 to each file's numdiags), got '%s'", t);
	if (lo < 0 || hi < 0 || lo > hi || hi > 4LL * NQ_MAX_N - 2)
		return cfg_fail(L, v, "diagonals: '%s' is no count of lines: "
				"0 or more, a range from low to high", t);
	if ((kind == RANGE_BY && step < 1) ||
	    (kind == RANGE_TIMES && (step < 2 || lo < 1)))
		return cfg_fail(L, v, "diagonals: the step in '%s' does not "
				"move", t);
	for (x = lo; x <= hi; x = kind == RANGE_BY ? x + step : x * step) {
		if (ms->n >= NQ_MAX_INSTANCES)
			return cfg_fail(L, v, "diagonals: more than %d values",
					NQ_MAX_INSTANCES);
		i = ms->n;
		if (cfg_int_vec_push(ms, (int)x))
			return cfg_fail(L, v, "out of memory");
		if (cuts->from_cap < ms->cap) {
			const yaml_node_t **f = realloc(cuts->from, ms->cap *
							sizeof *f);

			if (!f)
				return cfg_fail(L, v, "out of memory");
			cuts->from = f;
			cuts->from_cap = ms->cap;
		}
		cuts->from[i] = v;
	}
	return 0;
}

/* M and where it was given, to find one given twice. */
struct cut_at {
	int m;
	size_t i;
};

static int by_cut(const void *a, const void *b)
{
	const struct cut_at *x = a, *y = b;

	if (x->m != y->m)
		return (x->m > y->m) - (x->m < y->m);
	return (x->i > y->i) - (x->i < y->i);
}

static int load_cuts(struct loader *L, const yaml_node_t *v,
		     struct cuts *cuts)
{
	struct cut_at *at;
	size_t i;

	cuts->node = v;
	if (v->type == YAML_SCALAR_NODE && !strcmp(text_of(v), "all")) {
		cuts->all = 1;
		return 0;
	}
	if (v->type != YAML_SEQUENCE_NODE) {
		if (load_cut(L, v, cuts))
			return -1;
	} else if (!seq_len(v)) {
		return cfg_fail(L, v, "diagonals: the list is empty");
	} else {
		for (i = 0; i < seq_len(v); i++)
			if (load_cut(L, seq_item(L, v, i), cuts))
				return -1;
	}
	/* each M once: the instances' ids would repeat (sorted, not
	 * compared pairwise: up to NQ_MAX_INSTANCES values) */
	if (!(at = malloc(cuts->ms.n * sizeof *at)))
		return cfg_fail(L, v, "out of memory");
	for (i = 0; i < cuts->ms.n; i++)
		at[i] = (struct cut_at){ cuts->ms.v[i], i };
	qsort(at, cuts->ms.n, sizeof *at, by_cut);
	for (i = 1; i < cuts->ms.n; i++)
		if (at[i].m == at[i - 1].m) {
			int m = at[i].m;

			v = cuts->from[at[i].i];
			free(at);
			return cfg_fail(L, v, "diagonals: %d is given twice",
					m);
		}
	free(at);
	return 0;
}

int cfg_file_entry(struct loader *L, const yaml_node_t *node)
{
	static const char *const known[] = { "file", "mode", "only",
					     "diagonals" };
	const yaml_node_t *keys[4] = { NULL, NULL, NULL, NULL }, *vals[4];
	struct cuts cuts;
	const char *t, *slash;
	yaml_node_pair_t *p;
	struct entry e;
	char pattern[4096];
	glob_t g;
	size_t i;
	int rc = -1, grc;

	if (!map_get(L, node, "file", NULL))
		return 1;
	if (L->in_file)
		return cfg_fail(L, node, "file: an instance file may not name "
				"other instance files");
	for (p = node->data.mapping.pairs.start;
	     p < node->data.mapping.pairs.top; p++) {
		const yaml_node_t *k = node_at(L, p->key);

		for (i = 0; i < 4; i++)
			if (k->type == YAML_SCALAR_NODE &&
			    !strcmp(text_of(k), known[i]))
				break;
		if (i == 4) {
			const char *kt = k->type == YAML_SCALAR_NODE ?
					text_of(k) : "?",
				   *near = nq_suggest(kt, known, 4);

			if (near)
				return cfg_fail(L, k, "unknown key '%s' in a "
						"file: entry (did you mean "
						"'%s'?)", kt, near);
			return cfg_fail(L, k, "unknown key '%s' in a file: "
					"entry (known: file, mode, only, "
					"diagonals; the instance comes from "
					"the file)", kt);
		}
		if (keys[i])
			return cfg_fail(L, k, "duplicate key '%s' (first given "
					"at line %d)", known[i],
					line_of(keys[i]));
		keys[i] = k;
		vals[i] = node_at(L, p->value);
	}
	if (cfg_want_scalar(L, vals[0], "file", "a file name or a glob such "
			    "as instances/blocked/*.param", &t))
		return -1;
	slash = strrchr(L->path, '/');
	if (t[0] == '/' || !slash)
		snprintf(pattern, sizeof pattern, "%s", t);
	else
		snprintf(pattern, sizeof pattern, "%.*s/%s",
			 (int)(slash - L->path), L->path, t);
	memset(&e, 0, sizeof e);
	memset(&cuts, 0, sizeof cuts);
	e.modes[0] = NQ_MODE_FIRST;
	e.nmodes = 1;
	L->entry = &e;
	if ((keys[1] && cfg_key_mode(L, NULL, vals[1])) ||
	    (keys[2] && cfg_key_only(L, NULL, vals[2])) ||
	    (keys[3] && load_cuts(L, vals[3], &cuts)))
		goto out;
	memset(&g, 0, sizeof g);
	grc = glob(pattern, 0, NULL, &g);
	if (grc == GLOB_NOMATCH) {
		cfg_fail(L, vals[0], "file: no file matches '%s' (looked for "
			 "%s)", t, pattern);
	} else if (grc) {
		cfg_fail(L, vals[0], "file: cannot read the files of '%s' "
			 "(%s)", t, grc == GLOB_NOSPACE ? "out of memory" :
			 "a directory cannot be read");
	} else {
		for (i = 0; i < g.gl_pathc; i++)
			if (load_one(L, node, keys[1], g.gl_pathv[i], &e,
				     &cuts))
				break;
		rc = i == g.gl_pathc ? 0 : -1;
	}
	globfree(&g);
out:
	free(cuts.ms.v);
	free(cuts.from);
	L->entry = NULL;
	return rc;
}
