/*
 * cmd_check.c - the check verb: an answer from anywhere (another
 * solver, a student) through the harness's validator, given as a
 * placement or as a solver's own output on a file export wrote.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "instance.h"
#include "run.h"
#include "solfile.h"
#include "verdicts.h"
#include "validate.h"
#include "verbs.h"

/* check's command line, as its flag rows store it */
struct check_args {
	nq_board_args b;
	const char *text, *solution, *from, *format;
};
#define AT(field) offsetof(struct check_args, field)

static const nq_flag check_flags[] = {
	NQ_FLAG_BOARD_N(struct check_args, b,
			"board size (with --from: read from the file)"),
	NQ_FLAG_BOARD_HINT(struct check_args, b,
			   "a pre-placed queen, 1-based row and column"),
	{ "placement", 0, "P", NQ_FLAG_STRING, AT(text),
	  .help = "Ci is the 1-based column of the queen in row i,\n"
		  "separated by blanks or commas; - reads stdin" },
	{ "from", 0, "FILE", NQ_FLAG_STRING, AT(from),
	  .help = "the file `harness export` wrote and the solver\n"
		  "read (.cnf, .lp, .mps): its square lines map the\n"
		  "squares, its first line gives n and the hints\n"
		  "(-n and --hint, if given, must agree)" },
	{ "solution", 0, "FILE", NQ_FLAG_STRING, AT(solution),
	  .help = "the solver's answer, read directly:\n"
		  "dimacs   SAT-competition output, s and v lines\n"
		  "         (cadical X.cnf > FILE)\n"
		  "minisat  MiniSat's result file (minisat X.cnf FILE)\n"
		  "glpsol   glpsol's printable solution (glpsol --lp\n"
		  "         X.lp -o FILE; --freemps X.mps)\n"
		  "cbc      CBC's solution (cbc X.lp solve solu FILE)" },
	/* checked against the solution-file formats (solfile.h) below,
	 * once it is known to go with --solution */
	{ "format", 0, "F", NQ_FLAG_STRING, AT(format),
	  .help = "one of those; default: told from the file" },
	NQ_FLAG_END
};

/* Whether two hint lists hold the same squares (in any order). */
static int same_hints(const nq_square *a, int na, const nq_square *b, int nb)
{
	int i, j;

	if (na != nb)
		return 0;
	for (i = 0; i < na; i++) {
		for (j = 0; j < nb; j++)
			if (a[i].row == b[j].row && a[i].col == b[j].col)
				break;
		if (j == nb)
			return 0;
	}
	return 1;
}

static void print_hints(char *buf, size_t len, const nq_square *h, int nh)
{
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < nh && used + 24 < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%d:%d",
					 i ? " " : "", h[i].row + 1,
					 h[i].col + 1);
	if (!nh)
		snprintf(buf, len, "none");
}

/* A claim of "none", judged by the validator as in a run (validate.h):
 * 0 right, 1 wrong, 3 nothing could check it. */
static int check_none(const nq_instance *inst, const char *how)
{
	nq_instance in = *inst;
	int n = in.n, nh = in.nhints;
	nq_result none;
	nq_ledger *l = nq_ledger_new();
	const nq_verdict *v;
	long id;
	int rc;

	nq_result_init(&none);
	if (!l || (id = nq_ledger_add(l, &in, "the solver", &none)) < 0) {
		nq_ledger_free(l);
		fprintf(stderr, "harness check: out of memory\n");
		return 2;
	}
	v = nq_ledger_verdict(l, id);
	if (v->status != NQ_ST_OK) {
		printf("wrong: %s (the solver: %s)\n", v->note, how);
		rc = 1;
	} else if (!strcmp(v->checked, "none")) {
		printf("unchecked: the solver says there is no placement (%s); "
		       "nothing here can confirm it (n = %d%s is beyond the "
		       "tables and the validator's own count, n <= %d)\n",
		       how, n, nh || nq_instance_has_variants(&in) ?
		       " with pre-placed queens, blocked squares or excluded "
		       "lines" : "",
		       NQ_REFERENCE_MAX_N);
		rc = 3;
	} else {
		printf("ok: there is no placement for n = %d%s (checked: %s), "
		       "as the solver says (%s)\n", n, nh ? " keeping the "
		       "pre-placed queens" : "", v->checked, how);
		rc = 0;
	}
	nq_ledger_free(l);
	return rc;
}

/* The board of --from: its n and hints, or -n and --hint if given and
 * they agree with it. 0, or the usage exit (message printed). */
static int board_from_map(const nq_sqmap *map, const char *from,
			  nq_board_args *b)
{
	char why[2400], have[400], said[400];

	if (b->n && b->n != map->n) {
		snprintf(why, sizeof why, "-n %d, but %s was exported for "
			 "n = %d", b->n, from, map->n);
		return nq_cli_fail(&nq_verb_check, "%s", why);
	}
	b->n = map->n;
	if (!b->nhints && map->header_hints) {
		/* the instance exported: its pre-placed queens */
		b->nhints = map->nhints;
		memcpy(b->hints, map->hints, (size_t)b->nhints *
		       sizeof *b->hints);
	} else if (map->header_hints &&
		   !same_hints(b->hints, b->nhints, map->hints, map->nhints)) {
		print_hints(have, sizeof have, map->hints, map->nhints);
		print_hints(said, sizeof said, b->hints, b->nhints);
		snprintf(why, sizeof why, "%s was exported with hints %s "
			 "(its first line), --hint says %s", from, have, said);
		return nq_cli_fail(&nq_verb_check, "%s", why);
	}
	return nq_cli_board_check(&nq_verb_check, b);
}

/* The verdict on a placement read from a solver's file (rc as
 * nq_solution_read returns it, 1 or 2 after the check) for the instance
 * exported: the exit status. */
static int solution_verdict(int rc, const char *why, const char *how,
			    const char *solution, enum nq_sol_format used,
			    const nq_instance *inst, const int32_t *placement,
			    int complete)
{
	const nq_board_args bb = { .n = inst->n, .nhints = inst->nhints };
	const nq_board_args *b = &bb;
	int i;

	if (rc < 0) {
		fprintf(stderr, "harness check: %s\n", why);
		return NQ_EXIT_USAGE;
	}
	if (rc == 0)
		return check_none(inst, how);
	if (rc == 2)
		printf("wrong: %s (%s, read from %s as %s)\n", why, how,
		       solution, nq_sol_format_name(used));
	else
		printf("ok: a valid placement of %d queens%s (%s, read from "
		       "%s as %s)\n", b->n, b->nhints ? ", keeping every "
		       "pre-placed queen" : "", how, solution,
		       nq_sol_format_name(used));
	if (b->n <= 64 && complete) {
		printf("placement:");
		for (i = 0; i < b->n; i++)
			printf(" %d", placement[i] + 1);
		printf("\n");
	}
	return rc == 2 ? 1 : 0;
}

/* --from and --solution: the answer in a solver's own output file. */
static int check_solution(const char *from, const char *solution,
			  enum nq_sol_format fmt, nq_board_args *b)
{
	char why[2400], how[200];
	enum nq_sol_format used = NQ_SOL_AUTO;
	int32_t *placement;
	nq_instance inst;
	nq_sqmap map;
	int rc, complete;

	if (nq_sqmap_read(&map, from, why, sizeof why) < 0) {
		fprintf(stderr, "harness check: %s\n", why);
		return NQ_EXIT_USAGE;
	}
	if ((rc = board_from_map(&map, from, b)) != 0 ||
	    !(placement = malloc((size_t)b->n * sizeof *placement))) {
		nq_sqmap_free(&map);
		if (!rc)
			fprintf(stderr, "harness check: out of memory\n");
		return rc ? rc : 1;
	}
	rc = nq_solution_read(&map, solution, fmt, &used, placement, how,
			      sizeof how, why, sizeof why);
	complete = rc == 1;
	/* the instance exported: its hints, and the blocked squares and
	 * excluded lines of its comment lines, or a placement on a blocked
	 * square would pass as one on the plain board */
	memset(&inst, 0, sizeof inst);
	inst.n = b->n;
	inst.mode = NQ_MODE_FIRST;
	inst.nhints = b->nhints;
	inst.hints = b->hints;
	inst.nblocked = map.nblocked;
	inst.blocked = map.blocked;
	inst.nexcl_diag = map.nexcl_diag;
	inst.excl_diag = map.excl_diag;
	inst.nexcl_anti = map.nexcl_anti;
	inst.excl_anti = map.excl_anti;
	if (rc == 1)
		rc = nq_check_placement(&inst, placement, why, sizeof why) < 0
		     ? 2 : 1;
	rc = solution_verdict(rc, why, how, solution, used, &inst, placement,
			      complete);
	nq_sqmap_free(&map);
	free(placement);
	return rc;
}

/* All of stdin, NUL-terminated (malloc'd), or NULL (message printed). */
static char *read_stdin(void)
{
	char *buf = NULL, *grown;
	size_t len = 0, cap = 0;
	int c;

	while ((c = getchar()) != EOF) {
		if (len + 1 >= cap) {
			if (!(grown = realloc(buf, cap = cap ? 2 * cap : 4096))) {
				free(buf);
				fprintf(stderr, "harness check: out of memory\n");
				return NULL;
			}
			buf = grown;
		}
		buf[len++] = (char)c;
	}
	if (!buf && !(buf = calloc(1, 1)))
		return NULL;
	buf[len] = '\0';
	return buf;
}

/* The columns of `text` (1-based, blanks or commas between) into
 * placement[0..n-1] (0-based): 0, or the usage exit (message printed). */
static int parse_placement(char *text, int n, int32_t *placement)
{
	char why[256], *p = text, *end, save;
	long long v;
	size_t tok;
	int k = 0;

	for (;;) {
		p += strspn(p, " ,\t\n\r");
		if (!*p)
			break;
		/* one token: up to the next separator */
		tok = strcspn(p, " ,\t\n\r");
		end = p + tok;
		save = *end;
		*end = '\0';
		if (k == n || nq_parse_int(p, 1, n, &v) != 0) {
			if (k == n)
				snprintf(why, sizeof why, "more than %d columns "
					 "('%.40s' is one too many)", n, p);
			else
				snprintf(why, sizeof why, "'%.40s%s' (item %d) "
					 "is not a column 1..%d", p,
					 tok > 40 ? "..." : "", k + 1, n);
			return nq_cli_fail(&nq_verb_check, "--placement: %s",
					   why);
		}
		*end = save;
		placement[k++] = (int32_t)(v - 1);
		p = end;
	}
	if (k != n) {
		snprintf(why, sizeof why, "%d columns for n = %d (one per row "
			 "expected)", k, n);
		return nq_cli_fail(&nq_verb_check, "--placement: %s", why);
	}
	return 0;
}

/* --placement: 0 right, 1 wrong, 2 bad input (message printed). */
static int check_placement_text(const char *text, const nq_board_args *b)
{
	nq_instance inst;
	int32_t *placement;
	char *buf, why[256];
	int rc;

	if (!(buf = strcmp(text, "-") ? strdup(text) : read_stdin()))
		return 1;
	if (!(placement = malloc((size_t)b->n * sizeof *placement))) {
		free(buf);
		fprintf(stderr, "harness check: out of memory\n");
		return 1;
	}
	rc = parse_placement(buf, b->n, placement);
	free(buf);
	if (rc) {
		free(placement);
		return rc;
	}
	memset(&inst, 0, sizeof inst);
	inst.n = b->n;
	inst.mode = NQ_MODE_FIRST;
	inst.nhints = b->nhints;
	inst.hints = b->hints;
	rc = nq_check_placement(&inst, placement, why, sizeof why);
	free(placement);
	if (rc < 0) {
		printf("wrong: %s\n", why);
		return 1;
	}
	printf("ok: a valid placement of %d queens%s\n", b->n,
	       b->nhints ? ", keeping every pre-placed queen" : "");
	return 0;
}

static int cmd_check(const nq_verb *v, int argc, char **argv)
{
	struct check_args a;
	enum nq_sol_format fmt = NQ_SOL_AUTO;
	int rc;

	memset(&a, 0, sizeof a);
	if ((rc = nq_cli_parse(v, argc, argv, &a, NULL)) != 0)
		return rc < 0 ? 0 : rc;
	if (a.text && (a.solution || a.from))
		return nq_cli_fail(v, "%s", "give --placement, or --from "
				   "EXPORTED --solution FILE, not both");
	if (!a.solution != !a.from)
		return nq_cli_fail(v, "%s", a.solution ? "--solution needs "
				   "--from EXPORTED, the file harness export "
				   "wrote (its square lines map squares to "
				   "variables or columns)" : "--from needs "
				   "--solution FILE, the solver's answer");
	if (a.format && !a.solution)
		return nq_cli_fail(v, "%s", "--format goes with --solution");
	if (a.format && nq_sol_format_parse(a.format, &fmt) < 0) {
		static const char *const names[] = {
			"dimacs", "minisat", "glpsol", "cbc"
		};

		return nq_cli_fail_choice(v, "--format is dimacs, minisat, "
					  "glpsol or cbc", a.format, names, 4);
	}
	if (a.solution)
		return check_solution(a.from, a.solution, fmt, &a.b);
	if ((rc = nq_cli_board_check(v, &a.b)) != 0)
		return rc;
	if (!a.text)
		return nq_cli_fail(v, "%s", "--placement \"C1 C2 ...\" or "
				   "--from EXPORTED --solution FILE is required");
	return check_placement_text(a.text, &a.b);
}

const nq_verb nq_verb_check = {
	"check", cmd_check,
	"check -n N [--hint R:C]... --placement \"C1 C2 ... CN\"\n"
	"             check [-n N] [--hint R:C]... --from EXPORTED --solution FILE\n"
	"                   [--format dimacs|minisat|glpsol|cbc]",
	"Check an answer from anywhere (another solver, a student) with the\n"
	"harness's validator.",
	check_flags,
	"\"none\" is read from UNSAT, glpsol's INTEGER EMPTY, CBC's\n"
	"infeasible, and a proved optimum below n queens of a model that\n"
	"maximizes the queens (independent-set); it is checked against OEIS\n"
	"A000170 (no hints, n <= 27). A placement is checked square by square.\n"
	"Exit status: 0 right (prints ok, and the placement for n <= 64); 1\n"
	"wrong (prints why); 2 bad input, or no answer in the file (the file\n"
	"and line named); 3 an answer the validator cannot check (\"none\"\n"
	"with hints, or n beyond the table)."
};
