/*
 * cmd_merge.c - `harness merge`: its flags, the names OUT.meta will hold
 * checked, then the merge (core/store/merge.h) and its closing line.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "atomic.h"
#include "merge.h"
#include "meta.h"
#include "names.h"
#include "run.h"
#include "verbs.h"

/* merge's command line, as its flag rows store it */
struct merge_args {
	nq_merge_opts o;
	const char **shards; /* argc long: every operand is a shard */
};
#define AT(field) offsetof(struct merge_args, o.field)

static const nq_flag merge_flags[] = {
	{ "output", 'o', "OUT.csv", NQ_FLAG_STRING, AT(out),
	  .help = "the merged results file (required); its .meta beside it" },
	{ "partial", 0, NULL, NQ_FLAG_SET, AT(partial), 1,
	  .help = "merge what is there when runs are missing (named on\n"
		  "stderr) instead of stopping" },
	{ "config", 0, "FILE", NQ_FLAG_STRING, AT(config),
	  .help = "the experiment file (default: `config` in the shards' .meta)" },
	{ "force", 0, NULL, NQ_FLAG_SET, AT(force), 1,
	  .help = "merge shards changed after their runs wrote them\n"
		  "(named on stderr) instead of stopping; their changed\n"
		  "rows stay marked (digest `changed`)" },
	{ "strict", 0, NULL, NQ_FLAG_SET, AT(strict), 1,
	  .help = "an answer nothing checked (checked 'none') fails\n"
		  "the merge, exit 1 (as `strict: true` in the file, or a\n"
		  "shard run with --strict)" },
	NQ_FLAG_END
};

static int shard_operand(const nq_cli *c, void *args)
{
	struct merge_args *a = args;

	a->shards[a->o.nshards++] = c->val;
	return 0;
}

static int cmd_merge(const nq_verb *v, int argc, char **argv)
{
	struct merge_args a;
	nq_merge_opts o;
	nq_merge_counts m;
	const char **shards;
	char *out;
	nq_error err;
	size_t i;
	int rc;

	memset(&a, 0, sizeof a);
	memset(&err, 0, sizeof err);
	if (!(shards = a.shards = calloc((size_t)argc + 1, sizeof *shards)))
		return nq_cli_fail(v, "%s", "out of memory");
	if ((rc = nq_cli_parse(v, argc, argv, &a, shard_operand))) {
		free(shards);
		return rc < 0 ? 0 : rc;
	}
	o = a.o;
	o.shards = shards;
	if (!o.out || !o.nshards) {
		free(shards);
		return nq_cli_fail(v, "%s", !o.out ? "where to? (-o OUT.csv)"
				   : "which shards? (their CSV files)");
	}
	/* as run's -o: OUT.csv for -o OUT, so that OUT.meta and the lock
	 * are one file's (atomic.h: nq_csv_path) */
	if (!(out = nq_csv_path(o.out))) {
		free(shards);
		return nq_cli_fail(v, "%s", "out of memory");
	}
	if (strcmp(out, o.out))
		fprintf(stderr, "harness merge: writing %s (a results file's "
			"name ends in .csv)\n", out);
	o.out = out;
	{
		/* the names OUT.meta holds (names.h), before anything is read */
		char meta[4200], into[300];

		nq_meta_path(o.out, meta, sizeof meta);
		nq_name_show(meta, into, sizeof into);
		rc = nq_name_check(o.out, "output path", into, &err);
		for (i = 0; rc == 0 && i < o.nshards; i++)
			rc = nq_name_check(shards[i], "shard's path", into,
					   &err);
		if (rc == 0 && o.config)
			rc = nq_name_check(o.config, "experiment file's path",
					   into, &err);
	}
	if (rc == 0)
		rc = nq_merge(&o, &m, &err);
	if (rc < 0)
		rc = nq_cli_error(&err);
	else {
		/* strict: an answer nothing checked fails the merge as a
		 * wrong one, as it failed the shard's run */
		rc = m.wrong || m.disputed || (m.strict && m.unchecked)
		     ? NQ_EXIT_WRONG : NQ_EXIT_OK;
		if (m.unchecked)
			fprintf(stderr, "harness merge: %zu answer%s nothing "
				"could check (no table, no other approach): "
				"checked 'none' in %s%s%s%s\n", m.unchecked,
				m.unchecked == 1 ? "" : "s", o.out,
				m.strict ? "; strict (" : "",
				m.strict ? m.strict_by : "",
				m.strict ? "): that fails the merge (exit 1)"
					 : "");
		fprintf(stderr, "harness merge: %zu rows from %zu file%s into "
			"%s%s%zu missing, %zu wrong, %zu disputed%s%zu "
			"unchecked\n", m.rows, o.nshards,
			o.nshards == 1 ? "" : "s", o.out, ": ", m.missing,
			m.wrong, m.disputed, ", ", m.unchecked);
	}
	free(shards);
	free(out);
	return rc;
}

const nq_verb nq_verb_merge = {
	"merge", cmd_merge,
	"merge -o OUT.csv SHARD.csv... [--partial] [--config FILE] [--force]\n"
	"      [--strict]",
	"Merge the shards of one experiment (`run --shard K/N` on several\n"
	"machines) into one results file, as if one run had made every row.\n"
	"Each shard's .meta must name the same experiment file (SHA-256) and\n"
	"harness version; the plan is made again from that file, so a run no\n"
	"shard has is named with the command that makes it, and a run two\n"
	"shards have is an error. Every answer is checked against every\n"
	"other, so shards that disagree are `disputed` or `wrong`, as in one\n"
	"run. A shard changed since its run wrote it (a row's digest, or\n"
	"its .meta's record of the end) stops the merge, naming the rows,\n"
	"unless --force. OUT.meta lists the machines (host, cpu, cores,\n"
	"rows, shard). An answer nothing checked (checked 'none') is said on\n"
	"stderr; under --strict, the experiment's `strict: true` or a shard\n"
	"run with --strict it fails the merge.\n"
	"An existing OUT is kept as OUT.bak.",
	merge_flags,
	"Exit status: 0 merged, no answer wrong or disputed; 1 merged, some\n"
	"are (or, strict, some answer nothing checked); 2 bad input, runs\n"
	"missing without --partial or shards changed without --force\n"
	"(nothing written)."
};
