/*
 * solfile.c - an external solver's answer read from its output file; see
 * solfile.h. Every error names the file and, where there is one, the line.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "solfile.h"
#include "solfile_int.h"
#include "units.h"

char *nq_sol_next_line(struct reader *rd)
{
	ssize_t got = getline(&rd->line, &rd->cap, rd->f);

	if (got < 0)
		return NULL;
	rd->no++;
	while (got > 0 && (rd->line[got - 1] == '\n' ||
			   rd->line[got - 1] == '\r'))
		rd->line[--got] = '\0';
	return rd->line;
}

int nq_sol_reader_open(struct reader *rd, const char *path, char *why,
		       size_t len)
{
	memset(rd, 0, sizeof *rd);
	if (!(rd->f = fopen(path, "r")))
		return nq_why_set(why, len, "%s: cannot read: %s", path,
			    strerror(errno));
	return 0;
}

void nq_sol_reader_close(struct reader *rd)
{
	if (rd->f)
		fclose(rd->f);
	free(rd->line);
	memset(rd, 0, sizeof *rd);
}

char *nq_sol_skip_blanks(char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* ------------------------------------------------------------------ */
/* The answer. `queen` (n * n) marks the squares the solver set. */

struct answer {
	const nq_sqmap *m;
	const char *path;
	unsigned char *queen;
	char *how;
	size_t howlen;
	char *why;
	size_t len;
};

/* The solution formats: a row per enum nq_sol_format: its name, the
 * kind of file it answers, its reader (the table: after the readers). */
struct sol_format {
	const char *name;
	int cnf;       /* the answer of a CNF (1) or of an LP / MPS file (0) */
	int (*read)(struct answer *a, struct reader *rd, int *optimal);
};

/* DIMACS values: val[var] = 1 when true, 2 when false, 0 when not
 * given. A literal is read bounded: an integer within the CNF's
 * variables (no overflow wraps one onto a square), each variable given
 * one value. */
static int take_literal(struct answer *a, const char *tok, long no,
			unsigned char *val, int *ended)
{
	long long lit;
	unsigned char want;
	int rc = nq_parse_int(tok, -(long long)a->m->nvars, a->m->nvars,
			      &lit);

	if (rc == -1)
		return nq_why_set(a->why, a->len, "%s:%ld: '%.30s' is not a "
			    "literal (an integer)", a->path, no, tok);
	if (rc)
		return nq_why_set(a->why, a->len, "%s:%ld: literal %.30s%s "
			    "names no variable (the CNF has %d)", a->path, no,
			    tok, strlen(tok) > 30 ? "..." : "", a->m->nvars);
	if (lit == 0) {
		*ended = 1;
		return 0;
	}
	want = lit > 0 ? 1 : 2;
	if (lit < 0)
		lit = -lit;
	if (val[lit] && val[lit] != want)
		return nq_why_set(a->why, a->len, "%s:%ld: variable %lld is "
			    "given both true and false", a->path, no, lit);
	val[lit] = want;
	return 0;
}

/* A MiniSat result file's first line, or a SAT-competition c or s line:
 * 1 when the line is taken so, 0 when it holds literals (*pp moved past
 * a v), -1 with why filled. */
static int dimacs_status_line(struct answer *a, long no, char **pp,
			      int minisat, int *answer, long *s_line)
{
	char *p = *pp;

	if (minisat && *answer == -2) {
		/* MiniSat's result file: SAT, UNSAT or INDET first */
		if (!strcmp(p, "SAT"))
			*answer = 1;
		else if (!strcmp(p, "UNSAT"))
			*answer = 0;
		else if (!strcmp(p, "INDET"))
			*answer = -1;
		else
			return nq_why_set(a->why, a->len, "%s:%ld: expected SAT, "
				    "UNSAT or INDET (a MiniSat result file), "
				    "not \"%.40s\"", a->path, no, p);
		*s_line = no;
		return 1;
	}
	if (minisat)
		return 0;
	if (p[0] == 'c' && (p[1] == ' ' || !p[1]))
		return 1;
	if (p[0] == 's' && p[1] == ' ') {
		p = nq_sol_skip_blanks(p + 2);
		if (*answer != -2)
			return nq_why_set(a->why, a->len, "%s:%ld: a second s line "
				    "(the first: line %ld)", a->path, no,
				    *s_line);
		if (!strcmp(p, "SATISFIABLE"))
			*answer = 1;
		else if (!strcmp(p, "UNSATISFIABLE"))
			*answer = 0;
		else if (!strcmp(p, "UNKNOWN") || !strcmp(p, "INDETERMINATE"))
			*answer = -1;
		else
			return nq_why_set(a->why, a->len, "%s:%ld: expected "
				    "s SATISFIABLE, s UNSATISFIABLE or "
				    "s UNKNOWN, not \"s %.40s\"", a->path, no,
				    p);
		*s_line = no;
		return 1;
	}
	if (p[0] != 'v' || (p[1] != ' ' && p[1] != '\t' && p[1]))
		return nq_why_set(a->why, a->len, "%s:%ld: expected a c, s or v "
			    "line (SAT-competition output), not \"%.40s\"%s",
			    a->path, no, p,
			    !strcmp(p, "SATISFIABLE") ||
			    !strcmp(p, "UNSATISFIABLE") ||
			    !strcmp(p, "INDETERMINATE") ? " (minisat prints "
			    "no assignment: check the result file of minisat "
			    "IN.cnf OUT)" : "");
	*pp = p + 1;
	return 0;
}

/* A line's literals, up to the closing 0: 0, or -1 with why filled. */
static int dimacs_literals(struct answer *a, long no, char *p,
			   unsigned char *val, int *ended, int *nvals)
{
	char *tok, *save;

	if (*ended)
		return nq_why_set(a->why, a->len, "%s:%ld: literals after the "
			    "closing 0", a->path, no);
	for (tok = strtok_r(p, " \t", &save); tok && !*ended;
	     tok = strtok_r(NULL, " \t", &save)) {
		if (take_literal(a, tok, no, val, ended))
			return -1;
		(*nvals)++;
	}
	if (tok)
		return nq_why_set(a->why, a->len, "%s:%ld: literals after the "
			    "closing 0", a->path, no);
	return 0;
}

static int read_dimacs(struct answer *a, struct reader *rd, int minisat)
{
	unsigned char *val = calloc((size_t)a->m->nvars + 1, 1);
	int answer = -2, nvals = 0, ended = 0, rc = -1, taken;
	long s_line = 0;
	char *line;
	size_t k;

	if (!val)
		return nq_why_set(a->why, a->len, "out of memory");
	while ((line = nq_sol_next_line(rd))) {
		char *p = nq_sol_skip_blanks(line);

		if (!*p)
			continue;
		taken = dimacs_status_line(a, rd->no, &p, minisat, &answer,
					   &s_line);
		if (taken < 0)
			goto out;
		if (taken)
			continue;
		if (dimacs_literals(a, rd->no, p, val, &ended, &nvals))
			goto out;
	}
	if (answer == -2) {
		nq_why_set(a->why, a->len, minisat ? "%s: empty: no SAT, UNSAT or "
		     "INDET (minisat writes nothing when it runs out of "
		     "memory)" : "%s: no s line (s SATISFIABLE or s "
		     "UNSATISFIABLE)", a->path);
		goto out;
	}
	if (answer == -1) {
		nq_why_set(a->why, a->len, "%s:%ld: the solver gave no answer (%s)",
		     a->path, s_line, minisat ? "INDET" : "s UNKNOWN");
		goto out;
	}
	if (answer == 0 && nvals) {
		nq_why_set(a->why, a->len, "%s:%ld: UNSATISFIABLE, but with an "
		     "assignment (%d literals)", a->path, s_line, nvals);
		goto out;
	}
	if (answer == 1 && !nvals) {
		nq_why_set(a->why, a->len, "%s:%ld: SATISFIABLE, but no %s", a->path,
		     s_line, minisat ? "literals after SAT" : "v lines (the "
		     "assignment; some solvers need an option to print it)");
		goto out;
	}
	snprintf(a->how, a->howlen, "%s", answer ? "SATISFIABLE"
		 : "UNSATISFIABLE");
	if (answer == 1)
		for (k = 0; k < (size_t)a->m->n * a->m->n; k++)
			a->queen[k] = val[a->m->var[k]] == 1;
	rc = answer;
out:
	free(val);
	return rc;
}

/* Column names to squares: sorted, searched. */
struct named {
	const char *name;
	size_t sq;
};

static int by_name(const void *x, const void *y)
{
	return strcmp(((const struct named *)x)->name,
		      ((const struct named *)y)->name);
}

struct columns {
	struct named *idx;
	size_t count;
	unsigned char *set;   /* a column line seen per square */
};

static int columns_make(struct columns *c, const nq_sqmap *m)
{
	size_t k, sq = (size_t)m->n * m->n;

	c->count = sq;
	c->idx = malloc(sq * sizeof *c->idx);
	c->set = calloc(sq, 1);
	if (!c->idx || !c->set)
		return -1;
	for (k = 0; k < sq; k++) {
		c->idx[k].name = m->name[k];
		c->idx[k].sq = k;
	}
	qsort(c->idx, sq, sizeof *c->idx, by_name);
	return 0;
}

/* The square of column `name`, or -1 (a column of no square). */
static long column_square(const struct columns *c, const char *name)
{
	struct named key = { name, 0 };
	const struct named *hit = bsearch(&key, c->idx, c->count,
					  sizeof *c->idx, by_name);

	return hit ? (long)hit->sq : -1;
}

/* A column's value: a finite number, the whole token. */
static int parse_value(const char *tok, double *v)
{
	char *end;

	*v = strtod(tok, &end);
	return end != tok && !*end && isfinite(*v) ? 0 : -1;
}

/* A line of glpsol's column table: "NO NAME [*|B|NL|...] ACTIVITY LB UB",
 * or a long name alone (`name` keeps it), its values on the next line.
 * The activity marks the column's square. 0, or -1 with why filled. */
static int glpsol_column(struct answer *a, long no, char *p,
			 const struct columns *cols, char *name,
			 size_t namelen)
{
	char *tok[8], *save;
	int ntok, i = 0;
	double v;
	long sq;

	for (ntok = 0, tok[0] = strtok_r(p, " \t", &save);
	     tok[ntok] && ntok < 7;
	     tok[++ntok] = strtok_r(NULL, " \t", &save))
		;
	if (!name[0]) {
		if (ntok < 2 || strspn(tok[0], "0123456789") !=
		    strlen(tok[0]))
			return nq_why_set(a->why, a->len, "%s:%ld: expected a "
				    "column line \"No. NAME ... ACTIVITY ...\"",
				    a->path, no);
		snprintf(name, namelen, "%s", tok[1]);
		if (ntok == 2)
			return 0;
		memmove(tok, tok + 2, (size_t)(ntok - 2) * sizeof *tok);
		ntok -= 2;
	}
	while (i < ntok && (!strcmp(tok[i], "*") || !strcmp(tok[i], "B") ||
			    !strcmp(tok[i], "NL") || !strcmp(tok[i], "NU") ||
			    !strcmp(tok[i], "NF") || !strcmp(tok[i], "NS")))
		i++;
	if (i == ntok || parse_value(tok[i], &v))
		return nq_why_set(a->why, a->len, "%s:%ld: column %s: expected its "
			    "activity (a number)", a->path, no, name);
	if ((sq = column_square(cols, name)) >= 0) {
		if (cols->set[sq])
			return nq_why_set(a->why, a->len, "%s:%ld: column %s "
				    "given twice", a->path, no, name);
		cols->set[sq] = 1;
		a->queen[sq] = v > 0.5;
	}
	name[0] = '\0';
	return 0;
}

/* glpsol's verdict from its status and the columns read: 1 a solution
 * (*optimal when proved), 0 none, -1 with why filled. */
static int glpsol_verdict(struct answer *a, const char *status,
			  long status_no, int in_table,
			  const struct columns *cols, int *optimal)
{
	int answer;

	if (!status_no)
		return nq_why_set(a->why, a->len, "%s: no \"Status:\" line: not "
			    "glpsol's printable solution (glpsol ... -o FILE)",
			    a->path);
	snprintf(a->how, a->howlen, "Status: %s", status);
	if (!strcmp(status, "INTEGER EMPTY"))
		return 0;
	if (!strcmp(status, "INTEGER OPTIMAL"))
		*optimal = 1, answer = 1;
	else if (!strcmp(status, "INTEGER NON-OPTIMAL"))
		answer = 1;
	else
		return nq_why_set(a->why, a->len, "%s:%ld: glpsol gave no integer "
			    "solution (Status: %s)", a->path, status_no,
			    status);
	if (!in_table)
		return nq_why_set(a->why, a->len, "%s: no column table (\"No. Column "
			    "name ...\")", a->path);
	for (size_t k = 0; k < cols->count; k++)
		if (!cols->set[k])
			return nq_why_set(a->why, a->len, "%s: no line for column %s "
				    "(square %zu %zu)", a->path, a->m->name[k],
				    k / (size_t)a->m->n + 1,
				    k % (size_t)a->m->n + 1);
	return answer;
}

/* glpsol -o: "Status:     INTEGER OPTIMAL", then the column table. */
static int read_glpsol(struct answer *a, struct reader *rd, int *optimal)
{
	struct columns cols = { 0 };
	char status[64] = "", *line, *p;
	int in_table = 0, rc = -1;
	long status_no = 0;
	char name[256] = "";

	if (columns_make(&cols, a->m)) {
		rc = nq_why_set(a->why, a->len, "out of memory");
		goto out;
	}
	while ((line = nq_sol_next_line(rd))) {
		if (!in_table) {
			if (!strncmp(line, "Status:", 7)) {
				snprintf(status, sizeof status, "%s",
					 nq_sol_skip_blanks(line + 7));
				status_no = rd->no;
			} else if (strstr(line, "Column name")) {
				in_table = 1;
				nq_sol_next_line(rd); /* the dashes */
			}
			continue;
		}
		p = nq_sol_skip_blanks(line);
		if (!*p) {
			if (name[0])
				continue; /* a long name's values follow */
			break;
		}
		if (strstr(p, "feasibility conditions") ||
		    !strncmp(p, "Karush", 6) || !strncmp(p, "End of", 6))
			break;
		if (glpsol_column(a, rd->no, p, &cols, name, sizeof name))
			goto out;
	}
	rc = glpsol_verdict(a, status, status_no, in_table, &cols, optimal);
out:
	free(cols.idx);
	free(cols.set);
	return rc;
}

/* cbc solu: "Optimal - objective value 8.00000000", then
 * "[**] INDEX NAME VALUE REDUCED-COST" per column (zeros may be left
 * out). */
static int read_cbc(struct answer *a, struct reader *rd, int *optimal)
{
	struct columns cols = { 0 };
	char *line, *p, status[160];
	int rc = -1;

	if (columns_make(&cols, a->m)) {
		rc = nq_why_set(a->why, a->len, "out of memory");
		goto out;
	}
	if (!(line = nq_sol_next_line(rd))) {
		rc = nq_why_set(a->why, a->len, "%s: empty: no status line (CBC "
			  "writes one first: Optimal, Infeasible, Stopped ...)",
			  a->path);
		goto out;
	}
	snprintf(status, sizeof status, "%s", nq_sol_skip_blanks(line));
	snprintf(a->how, a->howlen, "%.100s", status);
	if (!strncmp(status, "Optimal", 7)) {
		*optimal = 1;
	} else if (strstr(status, "nfeasible")) {
		rc = 0;  /* "Infeasible", "Integer infeasible" */
		goto out;
	} else if (strncmp(status, "Stopped", 7) &&
		   strncmp(status, "Integer solution", 16)) {
		rc = nq_why_set(a->why, a->len, "%s:1: expected CBC's status "
			  "(Optimal, Infeasible, Integer infeasible, Stopped "
			  "...), not \"%.60s\"", a->path, status);
		goto out;
	}
	while ((line = nq_sol_next_line(rd))) {
		char *tok[5], *save, shown[64];
		double v, rcost;
		long long idx;
		int ntok = 0;
		long sq;

		p = nq_sol_skip_blanks(line);
		if (!*p)
			continue;
		if (p[0] == '*' && p[1] == '*')
			p = nq_sol_skip_blanks(p + 2);
		snprintf(shown, sizeof shown, "%s", p);
		/* INDEX NAME VALUE REDUCED-COST, each token whole: an index
		 * within int, finite numbers (no overflow, no trailing
		 * text) */
		for (tok[0] = strtok_r(p, " \t", &save); tok[ntok] && ntok < 4;
		     tok[++ntok] = strtok_r(NULL, " \t", &save))
			;
		if (ntok != 4 || tok[4] ||
		    nq_parse_int(tok[0], 0, INT32_MAX, &idx) ||
		    parse_value(tok[2], &v) || parse_value(tok[3], &rcost)) {
			rc = nq_why_set(a->why, a->len, "%s:%ld: expected \"INDEX "
				  "NAME VALUE REDUCED-COST\" (an index 0 .. %d, "
				  "finite numbers), not \"%.60s\"", a->path,
				  rd->no, INT32_MAX, shown);
			goto out;
		}
		if ((sq = column_square(&cols, tok[1])) >= 0) {
			if (cols.set[sq]) {
				rc = nq_why_set(a->why, a->len, "%s:%ld: column "
					  "%.60s given twice", a->path, rd->no,
					  tok[1]);
				goto out;
			}
			cols.set[sq] = 1;
			a->queen[sq] = v > 0.5;
		}
	}
	rc = 1;
out:
	free(cols.idx);
	free(cols.set);
	return rc;
}

static int read_sat(struct answer *a, struct reader *rd, int *optimal)
{
	(void)optimal;
	return read_dimacs(a, rd, 0);
}

static int read_minisat(struct answer *a, struct reader *rd, int *optimal)
{
	(void)optimal;
	return read_dimacs(a, rd, 1);
}

/* A new solution format: its reader above, its enum value (solfile.h)
 * and its row here. */
static const struct sol_format sol_formats[NQ_SOL__COUNT] = {
	[NQ_SOL_AUTO] = { "auto", 0, NULL },  /* guess_format's */
	[NQ_SOL_DIMACS] = { "dimacs", 1, read_sat },
	[NQ_SOL_MINISAT] = { "minisat", 1, read_minisat },
	[NQ_SOL_GLPSOL] = { "glpsol", 0, read_glpsol },
	[NQ_SOL_CBC] = { "cbc", 0, read_cbc },
};

int nq_sol_format_parse(const char *name, enum nq_sol_format *fmt)
{
	int i;

	for (i = 0; i < NQ_SOL__COUNT; i++)
		if (!strcmp(name, sol_formats[i].name)) {
			*fmt = (enum nq_sol_format)i;
			return 0;
		}
	return -1;
}

const char *nq_sol_format_name(enum nq_sol_format fmt)
{
	return (unsigned)fmt < NQ_SOL__COUNT ? sol_formats[fmt].name : "?";
}

/* Which format a file is in, from its first line and the map's kind. */
static int guess_format(const nq_sqmap *m, const char *path,
			enum nq_sol_format *fmt, char *why, size_t len)
{
	struct reader rd;
	char *line, *p = NULL;

	if (nq_sol_reader_open(&rd, path, why, len))
		return -1;
	while ((line = nq_sol_next_line(&rd)) && !*(p = nq_sol_skip_blanks(line)))
		;
	if (m->cnf)
		/* an empty file: minisat's, when it ran out of memory */
		*fmt = !line || !strcmp(p, "SAT") || !strcmp(p, "UNSAT") ||
		       !strcmp(p, "INDET") ? NQ_SOL_MINISAT : NQ_SOL_DIMACS;
	else if (line && !strncmp(p, "c Problem:", 10)) {
		long no = rd.no;

		nq_sol_reader_close(&rd);
		return nq_why_set(why, len, "%s:%ld: glpsol's raw solution (-w) "
			    "numbers the columns; write the printable one, "
			    "glpsol ... -o FILE", path, no);
	} else
		*fmt = line && (!strncmp(p, "Problem:", 8))
		       ? NQ_SOL_GLPSOL : NQ_SOL_CBC;
	nq_sol_reader_close(&rd);
	return 0;
}

int nq_solution_read(const nq_sqmap *m, const char *path,
		     enum nq_sol_format fmt, enum nq_sol_format *used,
		     int32_t *placement, char *how, size_t howlen, char *why,
		     size_t len)
{
	struct answer a;
	struct reader rd;
	char dummy[8];
	int n = m->n, rc, optimal = 0, queens = 0, r, c;
	int many = -1, many_c[2] = { 0, 0 }, none = -1;

	if (fmt == NQ_SOL_AUTO && guess_format(m, path, &fmt, why, len))
		return -1;
	if (used)
		*used = fmt;
	if ((unsigned)fmt >= NQ_SOL__COUNT || fmt == NQ_SOL_AUTO)
		return nq_why_set(why, len, "%s: no solution format %d", path,
				  (int)fmt);
	if (m->cnf != sol_formats[fmt].cnf)
		return nq_why_set(why, len, "%s is %s; a %s answer belongs to %s",
			    m->path, m->cnf ? "a CNF" : "an LP / MPS file",
			    nq_sol_format_name(fmt), m->cnf ? "an LP or MPS "
			    "file" : "a CNF");
	memset(&a, 0, sizeof a);
	a.m = m;
	a.path = path;
	a.how = how ? how : dummy;
	a.howlen = how ? howlen : sizeof dummy;
	a.how[0] = '\0';
	a.why = why;
	a.len = len;
	if (!(a.queen = calloc((size_t)n * n, 1)))
		return nq_why_set(why, len, "out of memory for %d squares", n * n);
	if (nq_sol_reader_open(&rd, path, why, len)) {
		free(a.queen);
		return -1;
	}
	rc = sol_formats[fmt].read(&a, &rd, &optimal);
	nq_sol_reader_close(&rd);
	if (rc != 1)
		goto out;
	for (size_t k = 0; k < (size_t)n * n; k++)
		queens += a.queen[k];
	/* Every row as it is: its queen, or the mark of none or of two
	 * and more, never its first queen alone, so a model with two
	 * queens on a row cannot pass as a placement here or in a run. */
	for (r = 0; r < n; r++) {
		int first = -1, second = -1;

		for (c = 0; c < n && second < 0; c++)
			if (a.queen[(size_t)r * n + c]) {
				if (first < 0)
					first = c;
				else
					second = c;
			}
		placement[r] = second >= 0 ? NQ_SOL_ROW_MANY
			       : first >= 0 ? first : NQ_SOL_ROW_NONE;
		if (second >= 0 && many < 0) {
			many = r;
			many_c[0] = first;
			many_c[1] = second;
		} else if (second < 0 && first < 0 && none < 0) {
			none = r;
		}
	}
	if (many >= 0 && (m->cnf || optimal)) {
		/* a model or a proved optimum that breaks a row: named
		 * first, and no proof of "none" either */
		nq_why_set(why, len, "row %d has two queens (columns %d and "
		     "%d)", many + 1, many_c[0] + 1, many_c[1] + 1);
		rc = 2;
	} else if (queens < n && !m->cnf && optimal && m->counts_queens) {
		/* a proved maximum of the queens below n */
		snprintf(a.how + strlen(a.how), a.howlen - strlen(a.how),
			 ", an optimum of %d of %d queens", queens, n);
		rc = 0;
	} else if (none >= 0 && (m->cnf || optimal)) {
		nq_why_set(why, len, "row %d has no queen (%d queens in all)",
		     none + 1, queens);
		rc = 2;
	} else if (many >= 0 || none >= 0) {
		/* a point short of a placement, without a proof: no answer */
		rc = nq_why_set(why, len, "%s: %s, with %d of %d queens: no answer "
			  "(stopped before a placement or a proof)", path,
			  a.how, queens, n);
	}
out:
	free(a.queen);
	return rc;
}
