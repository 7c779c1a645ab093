/*
 * cmd_merge.c - `harness merge`: its flags, the names OUT.meta will hold
 * checked, then the merge (core/store/merge.h) and its closing line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "atomic.h"
#include "merge.h"
#include "meta.h"
#include "names.h"
#include "run.h"
#include "verbs.h"

enum { M_OUT, M_PARTIAL, M_CONFIG, M_FORCE, M_STRICT };
static const nq_flag merge_flags[] = {
	[M_OUT] = { "output", 'o', "OUT.csv", "the merged results file (required); its .meta beside it" },
	[M_PARTIAL] = { "partial", 0, NULL, "merge what is there when runs are missing (named on\n"
			"stderr) instead of stopping" },
	[M_CONFIG] = { "config", 0, "FILE", "the experiment file (default: `config` in the shards' .meta)" },
	[M_FORCE] = { "force", 0, NULL, "merge shards changed after their runs wrote them\n"
		      "(named on stderr) instead of stopping; their changed\n"
		      "rows stay marked (digest `changed`)" },
	[M_STRICT] = { "strict", 0, NULL, "an answer nothing checked (checked 'none') fails\n"
		       "the merge, exit 1 (as `strict: true` in the file, or a\n"
		       "shard run with --strict)" },
	{ NULL, 0, NULL, NULL }
};

static int cmd_merge(const nq_verb *v, int argc, char **argv)
{
	nq_merge_opts o;
	nq_merge_counts m;
	const char **shards;
	char *out;
	nq_error err;
	nq_cli c;
	size_t i;
	int id, rc;

	memset(&o, 0, sizeof o);
	memset(&err, 0, sizeof err);
	if (!(shards = calloc((size_t)argc + 1, sizeof *shards)))
		return nq_cli_fail(v, "%s", "out of memory");
	nq_cli_start(&c, v, argc, argv);
	while ((id = nq_cli_next(&c)) != NQ_CLI_END) {
		if (id == NQ_CLI_STOP) {
			free(shards);
			return c.rc;
		}
		if (id == M_OUT)
			o.out = c.val;
		else if (id == M_PARTIAL)
			o.partial = 1;
		else if (id == M_CONFIG)
			o.config = c.val;
		else if (id == M_FORCE)
			o.force = 1;
		else if (id == M_STRICT)
			o.strict = 1;
		else
			shards[o.nshards++] = c.val;
	}
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
