/*
 * cmd_slurm.c - `harness slurm`: an experiment as a Slurm array job,
 * one task per shard of the plan (plan.h), and a merge job after it.
 *
 * The scripts hold absolute paths (working directory, this binary, the
 * experiment file), so they run the same whoever submits them and from
 * wherever. Each task runs `run --shard K/N --resume`: submitting the
 * array again finishes only what failed, and the merge job (afterany:
 * it runs however the tasks ended) says which runs are still missing.
 *
 * The resources asked for come from the plan, never from a guess:
 * cores = jobs x the most cores one run of any shard takes; time = the
 * largest shard's worst case (every run at its timeout) with a margin;
 * memory = the file's per-run limit with a margin, so the harness's own
 * limit ends a run (an `oom` row) before Slurm ends the whole task.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "host.h"
#include "cpus.h"
#include "atomic.h"
#include "meta.h"
#include "names.h"
#include "plan.h"
#include "run.h"
#include "verbs.h"

/* slurm's command line, as its flag rows store it */
struct slurm_args {
	const char *config;  /* first: nq_cli_config_operand's */
	const char *output, *partition, *account;
	int shards, submit;
};
#define AT(field) offsetof(struct slurm_args, field)

static const nq_flag slurm_flags[] = {
	{ "shards", 0, "N", NQ_FLAG_INT, AT(shards), 1, NQ_MAX_SHARDS,
	  .what = "a number of slices",
	  .help = "array tasks: one per slice of the plan (required)" },
	{ "partition", 0, "P", NQ_FLAG_STRING, AT(partition),
	  .help = "#SBATCH --partition=P in both scripts" },
	{ "account", 0, "A", NQ_FLAG_STRING, AT(account),
	  .help = "#SBATCH --account=A in both scripts" },
	{ "submit", 0, NULL, NQ_FLAG_SET, AT(submit), 1,
	  .help = "submit both with sbatch (the merge job after the\n"
		  "array, afterany); without it only write them" },
	{ "output", 'o', "FILE", NQ_FLAG_STRING, AT(output),
	  .help = "the array script (default: beside the CSV,\n"
		  "reports/<experiment>.sbatch); the merge script is\n"
		  "FILE less .sbatch, plus .merge.sbatch" },
	NQ_FLAG_END
};

/* Margins: Slurm kills a task at --time and at --mem; ours must fire
 * first, and a task also starts up, reads its CSV and writes the .meta. */
#define SL_TIME_FACTOR 1.2
#define SL_TIME_EXTRA_MIN 5
#define SL_MEM_FACTOR 1.5
#define SL_MERGE_MIN 15

struct slurm_job {
	const nq_experiment *exp;
	int nshards, cpus, jobs;
	long minutes;
	double worst_s;          /* the largest shard's worst case */
	unsigned long long mem_mib; /* 0: no --mem */
	const char *partition, *account;
	char cwd[PATH_MAX], self[PATH_MAX], config[PATH_MAX];
	char stem[PATH_MAX];     /* the CSV less .csv: reports/<experiment> */
	char logdir[PATH_MAX];   /* absolute: <cwd>/<dir of stem>/slurm */
	char array_path[PATH_MAX], merge_path[PATH_MAX];
};

/* A word safe in an #SBATCH line and in a Slurm file name pattern: sbatch
 * splits those lines at blanks and reads '%' and '\' itself. */
static int sbatch_safe(const char *s)
{
	for (; *s; s++)
		if (*s <= ' ' || *s == 0x7f || strchr("%\\'\"", *s))
			return 0;
	return 1;
}

/* s as one single-quoted shell word */
static void put_quoted(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++)
		if (*s == '\'')
			fputs("'\\''", f);
		else
			fputc(*s, f);
	fputc('\'', f);
}

static void put_common(FILE *f, const struct slurm_job *j)
{
	if (j->partition)
		fprintf(f, "#SBATCH --partition=%s\n", j->partition);
	if (j->account)
		fprintf(f, "#SBATCH --account=%s\n", j->account);
}

static void write_array(FILE *f, const struct slurm_job *j)
{
	const nq_experiment *exp = j->exp;
	char t[64];

	nq_format_duration(j->worst_s, t, sizeof t);
	fprintf(f, "#!/bin/bash\n"
		"# Experiment '%s' as a Slurm array job, one task per shard\n"
		"# of its plan, written by `harness slurm`; the shards:\n"
		"#   harness plan %s --shards %d\n"
		"# Submit with `sbatch %s`. Submitting it again\n"
		"# finishes whatever failed: each task resumes its shard.\n"
		"#\n"
		"# --cpus-per-task: jobs (%d) x the most cores one run takes.\n"
		"# --time: the largest shard's worst case, every run at its\n"
		"#   timeout one at a time (%s), x %.1f, + %d min, in whole\n"
		"#   minutes (Slurm's unit).\n",
		exp->name, j->config, j->nshards, j->array_path, j->jobs, t,
		SL_TIME_FACTOR, SL_TIME_EXTRA_MIN);
	if (j->mem_mib)
		fprintf(f, "# --mem: the file's memory: per run x %.1f x jobs "
			"(%d), so the\n#   harness's own limit ends a run first.\n",
			SL_MEM_FACTOR, j->jobs);
	else
		fprintf(f, "# no --mem: the file sets no memory:, so the "
			"partition's default\n#   applies (with memory: set, "
			"--mem is memory: x %.1f x jobs).\n", SL_MEM_FACTOR);
	fprintf(f, "#SBATCH --job-name=nq-%s\n", exp->name);
	fprintf(f, "#SBATCH --array=1-%d\n", j->nshards);
	fprintf(f, "#SBATCH --ntasks=1\n");
	fprintf(f, "#SBATCH --cpus-per-task=%d\n", j->cpus);
	fprintf(f, "#SBATCH --time=%ld\n", j->minutes);
	if (j->mem_mib)
		fprintf(f, "#SBATCH --mem=%lluM\n", j->mem_mib);
	fprintf(f, "#SBATCH --output=%s/%s-%%A_%%a.out\n", j->logdir,
		exp->name);
	put_common(f, j);
	fputs("cd ", f);
	put_quoted(f, j->cwd);
	fputs(" && exec ", f);
	put_quoted(f, j->self);
	fputs(" run ", f);
	put_quoted(f, j->config);
	fprintf(f, " --shard \"$SLURM_ARRAY_TASK_ID/%d\" --resume\n",
		j->nshards);
}

static void write_merge(FILE *f, const struct slurm_job *j)
{
	const nq_experiment *exp = j->exp;

	fprintf(f, "#!/bin/bash\n"
		"# Experiment '%s': after the array job of\n"
		"#   %s\n"
		"# (however its tasks ended: afterany), merge the shards' CSVs\n"
		"# into one and write its report. Merge exits 2 naming the runs\n"
		"# no shard holds: submit the array again (it resumes), then this.\n",
		exp->name, j->array_path);
	fprintf(f, "#SBATCH --job-name=nq-%s-merge\n", exp->name);
	fprintf(f, "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n");
	fprintf(f, "#SBATCH --time=%d\n", SL_MERGE_MIN);
	fprintf(f, "#SBATCH --output=%s/%s-merge-%%j.out\n", j->logdir,
		exp->name);
	put_common(f, j);
	fputs("cd ", f);
	put_quoted(f, j->cwd);
	fputs(" || exit 2\n", f);
	put_quoted(f, j->self);
	fputs(" merge -o ", f);
	put_quoted(f, exp->output);
	fputc(' ', f);
	put_quoted(f, j->stem);
	fprintf(f, ".shard-*-of-%d.csv || exit $?\nexec ", j->nshards);
	put_quoted(f, j->self);
	fputs(" report ", f);
	put_quoted(f, exp->output);
	fputc('\n', f);
}

/* Write one script whole (an existing one kept as FILE.bak). */
static int write_script(const char *path, const struct slurm_job *j,
			void (*body)(FILE *, const struct slurm_job *),
			nq_error *err)
{
	char bak[PATH_MAX + 16];
	nq_atomic a;
	nq_lock l;
	int rc = -1;

	if (nq_lock_take(&l, path, err) < 0)
		return -1;
	if (nq_atomic_open(&a, path, err) == 0) {
		if (nq_backup_rotate(path, bak, sizeof bak, err) < 0) {
			nq_atomic_abort(&a);
		} else {
			body(a.f, j);
			rc = nq_atomic_commit(&a, err);
		}
	}
	nq_lock_release(&l);
	return rc;
}

/* mkdir -p of an absolute path */
static int make_dirs(const char *dir, nq_error *err)
{
	char p[PATH_MAX], *s, c;

	snprintf(p, sizeof p, "%s", dir);
	for (s = p + 1; ; s++) {
		if (*s != '/' && *s)
			continue;
		c = *s;
		*s = '\0';
		if (mkdir(p, 0777) < 0 && errno != EEXIST)
			return nq_error_set(err, p, 0, 0, "cannot make the "
					    "directory: %s", strerror(errno));
		if (!(*s = c))
			return 0;
	}
}

/* Submit one script: its job id into id[], or -1 with why in out[]. */
static int submit(const char *sbatch, const char *dependency,
		  const char *script, char *id, size_t len, char *out,
		  size_t outlen)
{
	char *argv[5];
	int i = 0, rc;

	argv[i++] = (char *)sbatch;
	argv[i++] = (char *)"--parsable";
	if (dependency)
		argv[i++] = (char *)dependency;
	argv[i++] = (char *)script;
	argv[i] = NULL;
	rc = nq_meta_capture(argv, out, outlen, 60000);
	for (i = (int)strlen(out); i > 0 && (out[i - 1] == '\n' ||
					     out[i - 1] == ' '); i--)
		out[i - 1] = '\0';
	/* --parsable: "JOBID" or "JOBID;CLUSTER" */
	if (rc != 0 || out[0] < '0' || out[0] > '9')
		return -1;
	snprintf(id, len, "%.*s", (int)strspn(out, "0123456789"), out);
	return 0;
}

static int plan_job(struct slurm_job *j, nq_error *err)
{
	nq_plan p;
	double worst = 0;
	int k, cores = 1;

	/* `threads: 0` counts the cores here; a node with more or fewer
	 * gives such a run its own count, and the task asks for ours */
	if (nq_plan_make(j->exp, j->nshards, nq_cores_usable(), &p, err) < 0)
		return -1;
	for (k = 1; k <= p.nshards; k++) {
		if (p.shard_worst_s[k] > worst)
			worst = p.shard_worst_s[k];
		if (p.shard_cpus[k] > cores)
			cores = p.shard_cpus[k];
	}
	nq_plan_free(&p);
	j->worst_s = worst;
	j->cpus = j->jobs * cores;
	j->minutes = (long)((worst * SL_TIME_FACTOR + 59.0) / 60.0) +
		     SL_TIME_EXTRA_MIN;
	if (j->exp->memory_kib)
		j->mem_mib = (unsigned long long)((double)j->exp->memory_kib *
				SL_MEM_FACTOR * j->jobs / 1024.0 + 0.999);
	return 0;
}

static int fit(int written, size_t size)
{
	return written >= 0 && (size_t)written < size;
}

/* The paths the scripts hold; -1 with err set when one is unusable. */
static int resolve_paths(struct slurm_job *j, const char *config,
			 const char *output, nq_error *err)
{
	const char *csv = j->exp->output, *slash;
	size_t n = strlen(csv);
	ssize_t len;
	int fits;

	if (!getcwd(j->cwd, sizeof j->cwd))
		return nq_error_set(err, ".", 0, 0, "cannot read the working "
				    "directory: %s", strerror(errno));
	len = readlink("/proc/self/exe", j->self, sizeof j->self - 1);
	if (len <= 0)
		return nq_error_set(err, "/proc/self/exe", 0, 0, "cannot find "
				    "this harness binary: %s", strerror(errno));
	j->self[len] = '\0';
	if (!realpath(config, j->config))
		return nq_error_set(err, config, 0, 0, "%s", strerror(errno));
	if (n > 4 && !strcmp(csv + n - 4, ".csv"))
		n -= 4;
	/* each snprintf's length is checked: a cut path is a wrong path */
	fits = fit(snprintf(j->stem, sizeof j->stem, "%.*s", (int)n, csv),
		   sizeof j->stem);
	slash = strrchr(j->stem, '/');
	if (j->stem[0] == '/')
		fits &= fit(snprintf(j->logdir, sizeof j->logdir, "%.*s/slurm",
				     (int)(slash - j->stem), j->stem),
			    sizeof j->logdir);
	else if (slash)
		fits &= fit(snprintf(j->logdir, sizeof j->logdir,
				     "%s/%.*s/slurm", j->cwd,
				     (int)(slash - j->stem), j->stem),
			    sizeof j->logdir);
	else
		fits &= fit(snprintf(j->logdir, sizeof j->logdir, "%s/slurm",
				     j->cwd), sizeof j->logdir);
	if (output) {
		n = strlen(output);
		if (n > 7 && !strcmp(output + n - 7, ".sbatch"))
			n -= 7;
		fits &= fit(snprintf(j->array_path, sizeof j->array_path,
				     "%s", output), sizeof j->array_path);
		fits &= fit(snprintf(j->merge_path, sizeof j->merge_path,
				     "%.*s.merge.sbatch", (int)n, output),
			    sizeof j->merge_path);
	} else {
		fits &= fit(snprintf(j->array_path, sizeof j->array_path,
				     "%s.sbatch", j->stem),
			    sizeof j->array_path);
		fits &= fit(snprintf(j->merge_path, sizeof j->merge_path,
				     "%s.merge.sbatch", j->stem),
			    sizeof j->merge_path);
	}
	if (!fits)
		return nq_error_set(err, csv, 0, 0, "a path of the scripts "
				    "is longer than %d bytes", PATH_MAX - 1);
	/* the scripts' comments name the experiment file and the scripts,
	 * and a newline would end a comment (names.h); the commands quote
	 * every path as one shell word */
	{
		const char *what[] = { "experiment file's path", j->config,
				       "CSV's path", csv, "script's path",
				       j->array_path, "script's path",
				       j->merge_path, "working directory",
				       j->cwd, "harness binary's path",
				       j->self };
		size_t i;

		for (i = 0; i < sizeof what / sizeof what[0]; i += 2)
			if (nq_name_check(what[i + 1], what[i], "an sbatch "
					  "script", err) < 0)
				return -1;
	}
	/* the #SBATCH lines and log patterns cannot quote */
	if (!sbatch_safe(j->logdir))
		return nq_error_set(err, j->logdir, 0, 0, "a blank, quote, "
				    "'%%' or '\\' in the log directory: "
				    "#SBATCH --output cannot hold it");
	if ((j->partition && !sbatch_safe(j->partition)) ||
	    (j->account && !sbatch_safe(j->account)))
		return nq_error_set(err, "", 0, 0, "--partition and --account "
				    "take a plain name (no blank, quote, '%%' "
				    "or '\\')");
	if (nq_output_check(j->array_path, err) < 0 ||
	    nq_output_check(j->merge_path, err) < 0)
		return -1;
	return 0;
}

static int slurm_go(struct slurm_job *j, int do_submit)
{
	char sbatch[PATH_MAX], id[64], id2[64], dep[96], out[2048];
	nq_error err;

	memset(&err, 0, sizeof err);
	if (do_submit && nq_find_program("sbatch", sbatch, sizeof sbatch) < 0) {
		fprintf(stderr, "harness slurm: --submit: no sbatch on PATH "
			"(without --submit the scripts are written and the "
			"commands to submit them printed)\n");
		return NQ_EXIT_USAGE;
	}
	if (make_dirs(j->logdir, &err) < 0 ||
	    write_script(j->array_path, j, write_array, &err) < 0 ||
	    write_script(j->merge_path, j, write_merge, &err) < 0)
		return nq_cli_error(&err);
	printf("wrote %s: %d task%s, %d core%s, %ld min and %s each\n",
	       j->array_path, j->nshards, j->nshards == 1 ? "" : "s", j->cpus,
	       j->cpus == 1 ? "" : "s", j->minutes,
	       j->mem_mib ? "the --mem below" : "no --mem");
	printf("wrote %s: merge into %s and report (logs: %s)\n",
	       j->merge_path, j->exp->output, j->logdir);
	if (!do_submit) {
		printf("submit with:\n"
		       "  id=$(sbatch --parsable %s)\n"
		       "  sbatch --dependency=afterany:${id%%%%;*} %s\n",
		       j->array_path, j->merge_path);
		return 0;
	}
	fflush(stdout); /* what was written, before what sbatch says */
	if (submit(sbatch, NULL, j->array_path, id, sizeof id, out,
		   sizeof out) < 0) {
		fprintf(stderr, "harness slurm: sbatch %s failed: %s\n",
			j->array_path, out[0] ? out : "(no output)");
		return NQ_EXIT_USAGE;
	}
	snprintf(dep, sizeof dep, "--dependency=afterany:%s", id);
	if (submit(sbatch, dep, j->merge_path, id2, sizeof id2, out,
		   sizeof out) < 0) {
		fprintf(stderr, "harness slurm: array job %s submitted, but "
			"sbatch %s %s failed: %s\n", id, dep, j->merge_path,
			out[0] ? out : "(no output)");
		return NQ_EXIT_USAGE;
	}
	printf("submitted array job %s and merge job %s\n", id, id2);
	return 0;
}

static int cmd_slurm(const nq_verb *v, int argc, char **argv)
{
	struct slurm_args a;
	struct slurm_job *j;
	int rc;
	nq_error err;
	nq_experiment *exp;

	memset(&a, 0, sizeof a);
	if ((rc = nq_cli_parse(v, argc, argv, &a, nq_cli_config_operand)))
		return rc < 0 ? 0 : rc;
	if (!a.config)
		return nq_cli_fail(v, "%s", "which experiment file?");
	if (!a.shards)
		return nq_cli_fail(v, "%s", "how many array tasks? (--shards N)");
	if (!(j = calloc(1, sizeof *j))) {
		fprintf(stderr, "harness slurm: out of memory\n");
		return NQ_EXIT_USAGE;
	}
	j->partition = a.partition;
	j->account = a.account;
	memset(&err, 0, sizeof err);
	if (nq_config_load(a.config, &exp, &err) < 0) {
		rc = nq_cli_error(&err);
		goto out;
	}
	j->exp = exp;
	j->nshards = a.shards;
	j->jobs = exp->jobs > 0 ? exp->jobs : 1;
	if (plan_job(j, &err) < 0 || resolve_paths(j, a.config, a.output, &err) < 0)
		rc = nq_cli_error(&err);
	else
		rc = slurm_go(j, a.submit);
	nq_experiment_free(exp);
out:
	free(j);
	return rc;
}

const nq_verb nq_verb_slurm = {
	"slurm", cmd_slurm,
	"slurm CONFIG.yaml --shards N [--partition P] [--account A]\n"
	"        [--submit] [-o FILE.sbatch]",
	"Run an experiment on a Slurm cluster: write an array job script\n"
	"(reports/<experiment>.sbatch), one task per shard, each running\n"
	"`harness run CONFIG --shard K/N --resume` in this directory with\n"
	"this binary, and a merge job script (.merge.sbatch) that merges\n"
	"the shards' CSVs into reports/<experiment>.csv and writes its\n"
	"report. Cores, time and memory are asked for from the plan: jobs x\n"
	"the most cores a run takes; the largest shard's worst case x 1.2\n"
	"+ 5 min; memory: x 1.5 x jobs. With --submit both are submitted\n"
	"(the merge after the array, afterany); without, the commands to\n"
	"submit them are printed. Submitting the same array again finishes\n"
	"whatever failed: each task resumes its shard, skipping the runs\n"
	"its CSV holds.",
	slurm_flags,
	"Exit status: 0 written (and submitted); 2 bad input (--shards 0,\n"
	"no such file, no sbatch with --submit) or sbatch refused a script."
};
