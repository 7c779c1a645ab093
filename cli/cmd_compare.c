/*
 * cmd_compare.c - `harness compare A.csv B.csv`: two results files cell
 * by cell (results/report/compare.h), the table on stdout.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "compare.h"
#include "table.h"
#include "run.h"
#include "verbs.h"

/* compare's command line, as its flag rows store it */
struct compare_args {
	nq_compare_opts o;
	const char *files[2];
};
#define AT(field) offsetof(struct compare_args, o.field)

static const char *const compare_formats[] = { "text", "json", NULL };

static const nq_flag compare_flags[] = {
	{ "match", 0, "COLS", NQ_FLAG_STRING, AT(match),
	  .help = "pair cells by these columns (comma-separated, as\n"
		  "report --group) instead of the approach, e.g. solver\n"
		  "when encodings were renamed; the files may then be of\n"
		  "two experiments" },
	{ "y", 0, "COLUMN", NQ_FLAG_STRING, AT(y),
	  .help = "the column compared (default wall_s)" },
	/* the index of text (0) or json (1) is o.json */
	{ "format", 0, "F", NQ_FLAG_CHOICE, AT(json),
	  .choices = compare_formats, .help = "text (default) or json" },
	NQ_FLAG_END
};

/* A and B, the two results files. */
static int file_operand(const nq_cli *c, void *args)
{
	struct compare_args *a = args;

	if (a->files[1])
		return nq_cli_fail(c->verb, "two results files, A and B ('%s' "
				   "is one too many)", c->val);
	a->files[a->files[0] ? 1 : 0] = c->val;
	return 0;
}

static int cmd_compare(const nq_verb *v, int argc, char **argv)
{
	struct compare_args a;
	nq_compare_opts o;
	nq_table *ta = NULL, *tb = NULL;
	nq_error err;
	int rc;

	memset(&a, 0, sizeof a);
	if ((rc = nq_cli_parse(v, argc, argv, &a, file_operand)))
		return rc < 0 ? 0 : rc;
	if (!a.files[1])
		return nq_cli_fail(v, "%s", "which two results files (A.csv "
				   "B.csv)?");
	o = a.o;
	o.a = a.files[0];
	o.b = a.files[1];
	if ((rc = nq_verb_read_results(v, o.a, &ta)) != 0)
		return rc;
	if ((rc = nq_verb_read_results(v, o.b, &tb)) != 0) {
		nq_table_free(ta);
		return rc;
	}
	memset(&err, 0, sizeof err);
	rc = nq_compare_write(ta, tb, &o, stdout, &err);
	if (rc < 0)
		rc = nq_cli_error(&err);
	else if (rc > 0)
		fprintf(stderr, "harness compare: the files disagree on an "
			"answer (ANSWERS DIFFER above)\n");
	nq_table_free(ta);
	nq_table_free(tb);
	return rc;
}

const nq_verb nq_verb_compare = {
	"compare", cmd_compare,
	"compare A.csv B.csv [--match COL[,COL...]] [--y COLUMN] [--format text|json]",
	"Compare two results files cell by cell: one experiment before and\n"
	"after a change, or on two machines (merged files too). Cells pair by\n"
	"approach, mode, hints and n. Per pair: the medians of the ok runs,\n"
	"B/A with its 95% bootstrap interval (exact for up to 16 runs a side,\n"
	"else 2000 resamples from a fixed seed) and the two-sided\n"
	"Mann-Whitney U p-value (exact without ties for up\n"
	"to 40 runs, else the normal approximation with tie correction: each\n"
	"row says which). A change is significant (faster, slower) when p <\n"
	"0.05 and the interval excludes 1; ~ where there were runs enough and\n"
	"no change was told apart. Few runs cannot reach p < 0.05 whatever the\n"
	"times (3 a side: p >= 0.1; 1 a side: p = 1): the table says the\n"
	"smallest p the runs allow, such cells say \"too few runs\", and\n"
	"repeat: 5 or more is what to use (configs/compare.yaml). Each row\n"
	"gives the delta in % with its interval; the last line the geometric\n"
	"mean of B/A.",
	compare_flags,
	"Exit status: 0 compared; 1 the files disagree on an answer (the\n"
	"solutions of a pair's ok runs differ); 2 bad input (a file, a column,\n"
	"two experiments without --match, no cell in common)."
};
