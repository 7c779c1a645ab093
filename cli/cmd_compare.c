/*
 * cmd_compare.c - `harness compare A.csv B.csv`: two results files cell
 * by cell (results/report/compare.h), the table on stdout.
 */
#include <stdio.h>
#include <string.h>
#include "compare.h"
#include "table.h"
#include "run.h"
#include "verbs.h"

enum { C_MATCH, C_Y, C_FORMAT };
static const nq_flag compare_flags[] = {
	[C_MATCH] = { "match", 0, "COLS", "pair cells by these columns (comma-separated, as\n"
		      "report --group) instead of the approach, e.g. solver\n"
		      "when encodings were renamed; the files may then be of\n"
		      "two experiments" },
	[C_Y] = { "y", 0, "COLUMN", "the column compared (default wall_s)" },
	[C_FORMAT] = { "format", 0, "F", "text (default) or json" },
	{ NULL, 0, NULL, NULL }
};

static int cmd_compare(const nq_verb *v, int argc, char **argv)
{
	nq_compare_opts o;
	nq_table *ta = NULL, *tb = NULL;
	const char *files[2] = { NULL, NULL };
	nq_error err;
	nq_cli c;
	int id, rc = 0;

	memset(&o, 0, sizeof o);
	nq_cli_start(&c, v, argc, argv);
	while (rc == 0 && (id = nq_cli_next(&c)) != NQ_CLI_END) {
		switch (id) {
		case NQ_CLI_STOP: return c.rc;
		case C_MATCH: o.match = c.val; break;
		case C_Y: o.y = c.val; break;
		case C_FORMAT:
			if (!strcmp(c.val, "json"))
				o.json = 1;
			else if (strcmp(c.val, "text"))
				rc = nq_cli_fail(v, "--format is text or json, "
						 "not '%s'", c.val);
			break;
		case NQ_CLI_OPERAND:
			if (files[1])
				rc = nq_cli_fail(v, "two results files, A and "
						 "B ('%s' is one too many)",
						 c.val);
			else
				files[files[0] ? 1 : 0] = c.val;
			break;
		}
	}
	if (rc)
		return rc;
	if (!files[1])
		return nq_cli_fail(v, "%s", "which two results files (A.csv "
				   "B.csv)?");
	o.a = files[0];
	o.b = files[1];
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
