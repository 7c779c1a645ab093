/* summary.c - see summary.h. */
#include <stdlib.h>
#include <string.h>
#include "stats.h"
#include "strset.h"
#include "summary.h"

/* A line: about 120 bytes (a resume of 20,000 lines kept 500 each);
 * its texts are the summary's, each kept once. */
struct cell {
	const char *approach;  /* its first 127 bytes */
	const char *mode;      /* ... 7 */
	int n;
	const char *hints;     /* ... 255: hints, then a variant's id */
	int status[NQ_ST__COUNT];
	char answer[32];  /* the first ok answer; "varies" if they differ */
	double *walls;  /* answered runs only */
	size_t nwalls, cap;
};

struct nq_summary {
	struct cell *cells;
	size_t ncells, cap;
	struct nq_strset keys;  /* cell i's key is keys.s[i] */
	struct nq_strset texts; /* the cells' names, modes and hints */
	int any_hints;
};

nq_summary *nq_summary_new(void)
{
	return calloc(1, sizeof(nq_summary));
}

void nq_summary_free(nq_summary *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->ncells; i++)
		free(s->cells[i].walls);
	free(s->cells);
	nq_strset_free(&s->keys, 1);
	nq_strset_free(&s->texts, 1);
	free(s);
}

/* The summary's copy of the first len - 1 bytes of t (as snprintf into
 * char[len] cut it), or NULL on no memory. */
static const char *text(nq_summary *s, const char *t, size_t len)
{
	char buf[256];
	size_t i;

	snprintf(buf, len < sizeof buf ? len : sizeof buf, "%s", t);
	if (nq_strset_intern(&s->texts, buf, &i) < 0)
		return NULL;
	return s->texts.s[i];
}

/* The cell of (approach, mode, n, hints), made when new. The cells are
 * numbered by their key in a hash set, so a run of R rows costs O(R)
 * whatever the number of cells (a walk of the cells made it O(R x
 * cells): 7 s of a resume of 100,000 rows in 100,000 cells). The key is
 * the whole texts, so two labels alike in their first 255 bytes stay
 * two cells. */
static struct cell *find(nq_summary *s, const char *approach,
			 const char *mode, int n, const char *hints)
{
	char buf[1024], *key = buf;
	size_t len = strlen(approach) + strlen(mode) + strlen(hints) + 32, i;
	struct cell *c;
	int rc;

	/* room for a new cell first: a key in the set always has its cell */
	if (s->ncells == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 16;
		struct cell *p = realloc(s->cells, cap * sizeof *p);

		if (!p)
			return NULL;
		s->cells = p;
		s->cap = cap;
	}
	if (len > sizeof buf && !(key = malloc(len)))
		return NULL;
	/* the unit separator stands in no name, mode or label */
	snprintf(key, len, "%s\x1f%s\x1f%d\x1f%s", approach, mode, n, hints);
	rc = nq_strset_intern(&s->keys, key, &i);
	if (key != buf)
		free(key);
	if (rc < 0)
		return NULL;
	if (i < s->ncells)
		return &s->cells[i];
	c = &s->cells[s->ncells];
	memset(c, 0, sizeof *c);
	if (!(c->approach = text(s, approach, 128)) ||
	    !(c->mode = text(s, mode, 8)) || !(c->hints = text(s, hints, 256)))
		return NULL; /* no memory: the caller gives up on the summary */
	s->ncells++;
	c->n = n;
	if (hints[0])
		s->any_hints = 1;
	return c;
}

long nq_summary_line(nq_summary *s, const char *approach, const char *mode,
		     int n, const char *hints)
{
	struct cell *c = find(s, approach, mode, n, hints);

	return c ? (long)(c - s->cells) : -1;
}

int nq_summary_add(nq_summary *s, const char *approach, const char *mode,
		   int n, const char *hints, nq_status st, double wall_s,
		   int timed, const char *answer)
{
	return nq_summary_add_to(s, nq_summary_line(s, approach, mode, n,
						    hints),
				 st, wall_s, timed, answer);
}

int nq_summary_add_to(nq_summary *s, long line, nq_status st, double wall_s,
		      int timed, const char *answer)
{
	struct cell *c;

	if (line < 0 || (size_t)line >= s->ncells)
		return -1;
	c = &s->cells[line];
	c->status[st]++;
	if (answer && (st == NQ_ST_OK || st == NQ_ST_DISPUTED)) {
		if (!c->answer[0])
			snprintf(c->answer, sizeof c->answer, "%s", answer);
		else if (strcmp(c->answer, answer) && strcmp(answer, "found"))
			snprintf(c->answer, sizeof c->answer, "varies");
	}
	if (timed && (st == NQ_ST_OK || st == NQ_ST_WRONG ||
		      st == NQ_ST_DISPUTED)) {
		if (c->nwalls == c->cap) {
			size_t cap = c->cap ? 2 * c->cap : 4;
			double *p = realloc(c->walls, cap * sizeof *p);

			if (!p)
				return -1;
			c->walls = p;
			c->cap = cap;
		}
		c->walls[c->nwalls++] = wall_s;
	}
	return 0;
}

/* The hints column's widest text: a line's hints and id are cut in the
 * middle past it ("1:2 3:4 ... blocked-n28-b5-f1-s7-3"), so the end,
 * where an id is, always shows: ten instances never look alike. */
#define HINTS_MAX 40

/* The hints of c as the column shows them, into buf. */
static void hints_shown(const struct cell *c, char *buf, size_t len)
{
	size_t n = strlen(c->hints), tail;

	if (n <= HINTS_MAX) {
		snprintf(buf, len, "%s", c->hints);
		return;
	}
	/* the last 27 bytes after "...", the first ones before: whole
	 * UTF-8 sequences only */
	tail = n - 27;
	while (tail < n && ((unsigned char)c->hints[tail] & 0xc0) == 0x80)
		tail++;
	n = HINTS_MAX - 3 - (strlen(c->hints) - tail);
	while (n > 0 && ((unsigned char)c->hints[n] & 0xc0) == 0x80)
		n--;
	snprintf(buf, len, "%.*s...%s", (int)n, c->hints, c->hints + tail);
}

void nq_summary_print(const nq_summary *s, FILE *f)
{
	size_t i, w = 8, hw = 5;
	char shown[HINTS_MAX + 8];
	int st;

	for (i = 0; i < s->ncells; i++) {
		if (strlen(s->cells[i].approach) > w)
			w = strlen(s->cells[i].approach);
		hints_shown(&s->cells[i], shown, sizeof shown);
		if (strlen(shown) > hw)
			hw = strlen(shown);
	}
	/* the column names the instance: its hints, a generated one's id
	 * after them, "in 4 parts"; headed "instance", never "hints" (an
	 * id is not a hint) */
	if (!s->any_hints)
		hw = 0;
	else if (hw < 8)
		hw = 8;
	fprintf(f, "%-*s  %-5s  %5s  %-*s  %12s  %12s  %s\n", (int)w,
		"approach", "mode", "n", (int)hw, s->any_hints ? "instance" : "",
		"answer", "median wall", "runs");
	for (i = 0; i < s->ncells; i++) {
		const struct cell *c = &s->cells[i];
		char med[32], runs[160];
		size_t used = 0;
		nq_stats stats;
		double *tmp;

		if (c->nwalls) {
			tmp = malloc(c->nwalls * sizeof *tmp);
			if (!tmp)
				return;
			memcpy(tmp, c->walls, c->nwalls * sizeof *tmp);
			nq_stats_of(tmp, c->nwalls, &stats);
			free(tmp);
			if (stats.median < 1e-3)
				snprintf(med, sizeof med, "%.1f us", stats.median * 1e6);
			else if (stats.median < 1)
				snprintf(med, sizeof med, "%.2f ms", stats.median * 1e3);
			else
				snprintf(med, sizeof med, "%.3f s", stats.median);
		} else {
			snprintf(med, sizeof med, "-");
		}
		runs[0] = '\0';
		for (st = 0; st < NQ_ST__COUNT; st++)
			if (c->status[st] && used < sizeof runs)
				used += (size_t)snprintf(runs + used,
					sizeof runs - used, "%s%d %s",
					used ? ", " : "", c->status[st],
					nq_status_name((nq_status)st));
		hints_shown(c, shown, sizeof shown);
		fprintf(f, "%-*s  %-5s  %5d  %-*s  %12s  %12s  %s\n", (int)w,
			c->approach, c->mode, c->n, (int)hw, shown,
			c->answer[0] ? c->answer : "-", med, runs);
	}
}
