/*
 * config_read.c - the experiment file as YAML: read whole (nq_config_load),
 * checked against the file limits (NQ_CONFIG_MAX_BYTES, NQ_CONFIG_MAX_DEPTH,
 * UTF-8, one document) before the document is built, libyaml's errors
 * turned into FILE:LINE:COL, and the node helpers every key handler uses.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>
#include "loader.h"

int cfg_fail(struct loader *L, const yaml_node_t *node, const char *fmt, ...)
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

/* A plain empty, ~ or null scalar. */
int cfg_is_null(const yaml_node_t *node)
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
const char *cfg_describe(const yaml_node_t *node, char *buf, size_t len)
{
	if (cfg_is_null(node))
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

/* A scalar with a value, or an error "what: expected ..., got ...". */
int cfg_want_scalar(struct loader *L, const yaml_node_t *node,
		    const char *what, const char *expected, const char **text)
{
	char got[80];

	*text = NULL;
	if (node->type != YAML_SCALAR_NODE || cfg_is_null(node))
		return cfg_fail(L, node, "%s: expected %s, got %s", what,
				expected, cfg_describe(node, got, sizeof got));
	*text = text_of(node);
	return 0;
}

int cfg_want_int(struct loader *L, const yaml_node_t *node, const char *what,
		 long long min, long long max, long long *out)
{
	const char *t;
	int rc;

	if (cfg_want_scalar(L, node, what, "an integer", &t))
		return -1;
	rc = nq_parse_int(t, min, max, out);
	if (rc == -1)
		return cfg_fail(L, node, "%s: expected an integer, got '%s'",
				what, t);
	if (rc == -2)
		return cfg_fail(L, node, "%s must be at least %lld, got %s",
				what, min, t);
	if (rc == -3)
		return cfg_fail(L, node, "%s must be at most %lld, got %s",
				what, max, t);
	return 0;
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

/* A syntax error a tab made: the tab at the problem's mark, or one in
 * the indentation of its line (libyaml: "found character that cannot
 * start any token", "found a tab character where an indentation space
 * is expected"). 1 with err set at the tab, else 0. */
static int tab_error(const yaml_parser_t *p, const char *text, size_t len,
		     const char *path, nq_error *err)
{
	size_t at = p->problem_mark.index, start, i;
	int line, col;

	if (at > len)
		return 0;
	for (start = at; start > 0 && text[start - 1] != '\n'; start--)
		;
	if (at < len && text[at] == '\t')
		i = at;
	else
		for (i = start; i < len && text[i] == ' '; i++)
			;
	if (i >= len || text[i] != '\t')
		return 0;
	position_of(text, len, i, &line, &col);
	nq_error_set(err, path, line, col, "invalid YAML: a tab character "
		     "(tabs are not allowed for indentation: indent with "
		     "spaces)");
	return 1;
}

/* A glob with brackets or braces written bare in a flow mapping
 * ({file: diag-18-4-[1-5].param}) is YAML's flow syntax, not a name:
 * where the problem's line has such a `file:` value, the message says
 * to quote it. */
static void glob_hint(const yaml_parser_t *p, const char *text, size_t len,
		      nq_error *err)
{
	size_t off = 0, end, n;
	size_t line = p->problem_mark.line, l = 0;
	const char *v;

	if (!err)
		return;
	n = strlen(err->msg);
	while (l < line && off < len) {
		const char *nl = memchr(text + off, '\n', len - off);

		if (!nl)
			return;
		off = (size_t)(nl - text) + 1;
		l++;
	}
	for (end = off; end < len && text[end] != '\n'; end++)
		;
	for (v = text + off; v + 5 <= text + end; v++)
		if (!memcmp(v, "file:", 5) && (v == text + off ||
					       strchr("{ ,\t", v[-1])))
			break;
	if (v + 5 > text + end)
		return;
	for (v += 5; v < text + end && *v == ' '; v++)
		;
	if (v == text + end || *v == '\'' || *v == '"')
		return;
	/* the value as far as a plain scalar in a flow mapping goes */
	for (end = (size_t)(v - text); end < len && text[end] != '\n' &&
	     text[end] != ',' && text[end] != '}'; end++)
		;
	if (!memchr(v, '[', (size_t)(text + end - v)) &&
	    !memchr(v, '{', (size_t)(text + end - v)))
		return;
	snprintf(err->msg + n, sizeof err->msg - n, "; a glob with [ ] or "
		 "{ } is YAML's own syntax unless quoted: file: "
		 "'diag-18-4-[1-5].param'");
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
	if (p->error == YAML_SCANNER_ERROR && tab_error(p, text, len, path, err))
		return;
	syntax_error(p, path, err);
	glob_hint(p, text, len, err);
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

/* The one document of the text, within the limits. */
int cfg_read_document(const char *text, size_t len, const char *path,
		      yaml_document_t *doc, const yaml_node_t **root,
		      nq_error *err)
{
	yaml_parser_t parser;
	yaml_document_t extra;
	const yaml_node_t *extra_root;
	int doc_ready = 0, rc = -1;

	if (len > NQ_CONFIG_MAX_BYTES) {
		int line, col;

		position_of(text, len, NQ_CONFIG_MAX_BYTES, &line, &col);
		return nq_error_set(err, path, line, col, "the file is larger "
				    "than %u MiB, the limit for an experiment "
				    "file", NQ_CONFIG_MAX_BYTES >> 20);
	}
	if (depth_scan(text, len, path, err))
		return -1;
	if (!yaml_parser_initialize(&parser))
		return nq_error_set(err, path, 0, 0, "out of memory");
	yaml_parser_set_input_string(&parser, (const unsigned char *)text,
				     len);
	if (!yaml_parser_load(&parser, doc)) {
		parser_error(&parser, text, len, path, err);
		goto out;
	}
	doc_ready = 1;
	if (!(*root = yaml_document_get_root_node(doc))) {
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
	rc = 0;
out:
	if (rc && doc_ready)
		yaml_document_delete(doc);
	yaml_parser_delete(&parser);
	return rc;
}

