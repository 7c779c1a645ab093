/*
 * meta.c - see meta.h.
 *
 * The build passes NQ_GIT_COMMIT and NQ_BUILD_CFLAGS (Makefile); the
 * compiler's own __VERSION__ names the compiler. Load-average rule: at
 * the start the harness is not yet running anything, so the machine is
 * busy when the 1-minute load average is above cores - 1 (less than one
 * idle core for the runs); at the end the load includes the harness's own
 * runs (about one per job), so the limit is cores - 1 + jobs: the number
 * of cores for one job at a time.
 *
 * Libraries and backends come from the registry (core/model/registry.h),
 * which asks the solvers that link or drive them: Z3's version is smt.c's
 * to give, a MiniZinc backend's minizinc.c's, so nothing here includes a
 * solver's headers.
 *
 * External programs: every NQ_OPT_COMMAND option of the experiment's
 * approaches (the `command` of dimacs, cbc, minizinc, asp) names a
 * program, found as the config loader finds it (a path, or on PATH).
 * Each is recorded once:
 * its real path, SHA-256, the first line with a digit of what
 * `PROGRAM --version` prints (stdout and stderr, stdin /dev/null, killed
 * with its process group after NQ_META_VERSION_MS), and where dpkg
 * knows the file, the Debian package (from dpkg's file lists, or
 * dpkg-query -S where those cannot tell) and its version. The answers are
 * kept for the process, so the rewrite at the end asks nobody again.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <yaml.h>
#include "cpus.h"
#include "atomic.h"
#include "cgroup.h"
#include "meta.h"
#include "names.h"
#include "plan.h"
#include "plugin.h"
#include "registry.h"
#include "sha256.h"
#include "version.h"

#ifndef NQ_GIT_COMMIT
#define NQ_GIT_COMMIT "unknown"
#endif
#ifndef NQ_BUILD_CFLAGS
#define NQ_BUILD_CFLAGS "unknown"
#endif
#ifndef __VERSION__
#define __VERSION__ "unknown"
#endif
#if defined(__clang__)
#define NQ_CC_NAME "clang "
#elif defined(__GNUC__)
#define NQ_CC_NAME "gcc "
#else
#define NQ_CC_NAME ""
#endif

void nq_meta_path(const char *csv, char *buf, size_t len)
{
	const char *slash = strrchr(csv, '/');
	const char *dot = strrchr(csv, '.');
	int base = (int)strlen(csv);

	if (dot && (!slash || dot > slash + 1) && dot != csv)
		base = (int)(dot - csv);
	snprintf(buf, len, "%.*s.meta", base, csv);
}

/* The value of "key<sep>" in a /proc text file, trimmed. */
static int proc_field(const char *file, const char *key, char *buf,
		      size_t len)
{
	char line[512];
	size_t kl = strlen(key);
	FILE *f = fopen(file, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof line, f)) {
		char *v;

		if (strncmp(line, key, kl) || (line[kl] != ':' &&
					       line[kl] != ' ' && line[kl] != '\t'))
			continue;
		v = strchr(line, ':');
		if (!v)
			continue;
		v += 1 + strspn(v + 1, " \t");
		v[strcspn(v, "\n")] = '\0';
		snprintf(buf, len, "%s", v);
		fclose(f);
		return 0;
	}
	fclose(f);
	return -1;
}

static long long meminfo_kib(const char *key)
{
	char v[64];

	if (proc_field("/proc/meminfo", key, v, sizeof v) < 0)
		return -1;
	return atoll(v);
}

static void warn(nq_meta_run *r, const char *when, const char *msg)
{
	if (r->nwarnings == NQ_META_MAX_WARNINGS)
		return;
	snprintf(r->warnings[r->nwarnings++], sizeof r->warnings[0], "%s: %s",
		 when, msg);
}

/* Processes running this same binary, other than us and our children. */
static int other_harnesses(void)
{
	char self[PATH_MAX], path[64], exe[PATH_MAX], stat[512];
	pid_t me = getpid();
	struct dirent *d;
	ssize_t n;
	DIR *dir;
	int count = 0;

	n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0 || !(dir = opendir("/proc")))
		return 0;
	self[n] = '\0';
	while ((d = readdir(dir))) {
		long pid = strtol(d->d_name, NULL, 10);
		long ppid = 0;
		FILE *f;

		if (pid <= 0 || pid == me)
			continue;
		snprintf(path, sizeof path, "/proc/%ld/exe", pid);
		n = readlink(path, exe, sizeof exe - 1);
		if (n <= 0)
			continue;
		exe[n] = '\0';
		if (strcmp(exe, self))
			continue;
		snprintf(path, sizeof path, "/proc/%ld/stat", pid);
		if ((f = fopen(path, "r"))) {
			if (fgets(stat, sizeof stat, f)) {
				char *p = strrchr(stat, ')');

				if (p)
					sscanf(p + 1, " %*c %ld", &ppid);
			}
			fclose(f);
		}
		if (ppid != me)
			count++;
	}
	closedir(dir);
	return count;
}

void nq_meta_check(nq_meta_run *r, const char *when)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	int at_end = !strcmp(when, "at end");
	int jobs = r->jobs > 0 ? r->jobs : 1;
	double load;
	long long st, sf;
	int others;
	char msg[200];
	const char *file = getenv("NQ_LOADAVG");
	FILE *f = fopen(file && *file ? file : "/proc/loadavg", "r");

	if (f) {
		if (fscanf(f, "%lf", &load) == 1 && cores > 0 &&
		    load > (double)cores - 1 + (at_end ? jobs : 0)) {
			snprintf(msg, sizeof msg, "load average %.2f with %ld "
				 "cores: less than one core was idle for the "
				 "runs, timings may include waiting", load, cores);
			warn(r, when, msg);
			if (load > r->loaded) {
				r->loaded = load;
				r->loaded_cores = cores;
				r->loaded_when = when;
			}
		}
		fclose(f);
	}
	st = meminfo_kib("SwapTotal");
	sf = meminfo_kib("SwapFree");
	if (st > 0 && sf >= 0 && st - sf > 0) {
		snprintf(msg, sizeof msg, "swap in use (%lld MiB of %lld MiB): "
			 "runs may have waited on the disk", (st - sf) / 1024,
			 st / 1024);
		warn(r, when, msg);
	}
	others = other_harnesses();
	if (others > 0) {
		snprintf(msg, sizeof msg, "%d other harness process%s running: "
			 "runs in parallel share the machine", others,
			 others > 1 ? "es" : "");
		warn(r, when, msg);
	}
}

/* A YAML double-quoted scalar. Bytes that are not UTF-8 (YAML cannot
 * hold them) become U+FFFD: the names read back (results, config) are
 * refused before such a file is written (names.h), so this only marks
 * a machine's own text (a host name, a plugin's path). */
void nq_meta_quote(FILE *f, const char *s)
{
	size_t n;

	fputc('"', f);
	for (; s && *s; s += n) {
		unsigned char ch = (unsigned char)*s;

		n = nq_utf8_len(s);
		if (!n) {
			fputs("\xef\xbf\xbd", f);
			n = 1;
		} else if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch < 0x20 || ch == 0x7f)
			fprintf(f, "\\u%04x", ch); /* YAML and JSON alike */
		else
			fwrite(s, 1, n, f);
	}
	fputc('"', f);
}

void nq_meta_kv(FILE *f, const char *key, const char *value)
{
	fprintf(f, "%s: ", key);
	nq_meta_quote(f, value);
	fputc('\n', f);
}

static void when(FILE *f, const char *key, time_t t)
{
	char buf[64];
	struct tm tm;

	if (!t || !localtime_r(&t, &tm) ||
	    !strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S%z", &tm))
		snprintf(buf, sizeof buf, "%s", t ? "unknown" : "running");
	nq_meta_kv(f, key, buf);
}

/* The command line, words with spaces or quotes in single quotes. */
static void command(FILE *f, const nq_meta_run *r)
{
	char buf[4096];
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; r->argv && i < r->argc && used < sizeof buf; i++) {
		const char *a = r->argv[i];
		int q = !a[0] || strpbrk(a, " \t'\"\\$*?;&|<>()") != NULL;

		used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s%s%s",
					 i ? " " : "", q ? "'" : "", a, q ? "'" : "");
	}
	nq_meta_kv(f, "command", buf[0] ? buf : "unknown");
}

/* ---- external programs and plugins ---------------------------------- */

/* The first line of `out` with a digit in it, blanks trimmed and control
 * characters made spaces; "" if none. */
static void version_line(const char *out, char *buf, size_t len)
{
	const char *line = out;

	buf[0] = '\0';
	while (*line) {
		size_t n = strcspn(line, "\r\n"), i, k = 0;
		const char *d = line;

		while (d < line + n && (*d < '0' || *d > '9'))
			d++;
		if (d < line + n) {
			while (n && (*line == ' ' || *line == '\t'))
				line++, n--;
			for (i = 0; i < n && k + 1 < len; i++) {
				unsigned char ch = (unsigned char)line[i];

				buf[k++] = ch < 0x20 || ch == 0x7f ? ' ' : (char)ch;
			}
			while (k && buf[k - 1] == ' ')
				k--;
			buf[k] = '\0';
			return;
		}
		line += n;
		line += strspn(line, "\r\n");
	}
}

/* Whether `path` is a line of the file `file`. */
static int has_line(const char *file, const char *path)
{
	FILE *f = fopen(file, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int found = 0;

	if (!f)
		return 0;
	while (!found && (n = getline(&line, &cap, f)) > 0) {
		if (line[n - 1] == '\n')
			line[--n] = '\0';
		found = !strcmp(line, path);
	}
	free(line);
	fclose(f);
	return found;
}

/* The package whose file list (ADMINDIR/info/PKG[:ARCH].list) names
 * `path`, as `dpkg-query -S path` would name it, into `pkg`: 1 when one
 * package does, 0 when none does, -1 when this cannot tell as dpkg
 * would (no info directory, a path dpkg takes for a pattern, a diverted
 * path, two packages that name it: dpkg-query's answer then). About
 * 0.03 s against dpkg-query -S's 0.25 s, which reads the lists too,
 * and make test's e2e scripts look up a dozen programs in each build. */
static int package_listing(const char *path, char *pkg, size_t len)
{
	const char *admin = getenv("DPKG_ADMINDIR");
	char dir[PATH_MAX], file[PATH_MAX];
	struct dirent *d;
	DIR *dh;
	int found = 0;

	if (!admin || !admin[0])
		admin = "/var/lib/dpkg";
	if (path[0] != '/' || strpbrk(path, "*[?\\") ||
	    (size_t)snprintf(file, sizeof file, "%s/diversions", admin) >=
		    sizeof file || has_line(file, path) ||
	    (size_t)snprintf(dir, sizeof dir, "%s/info", admin) >= sizeof dir ||
	    !(dh = opendir(dir)))
		return -1;
	while (found >= 0 && (d = readdir(dh))) {
		size_t n = strlen(d->d_name);

		if (n <= 5 || strcmp(d->d_name + n - 5, ".list") ||
		    (size_t)snprintf(file, sizeof file, "%s/%s", dir,
				     d->d_name) >= sizeof file ||
		    !has_line(file, path))
			continue;
		if (found++ || n - 5 >= len)
			found = -1;
		else
			snprintf(pkg, len, "%.*s", (int)(n - 5), d->d_name);
	}
	closedir(dh);
	return found;
}

/* The Debian package that installed `path`, "name version", from its
 * file list and dpkg-query -W (package_listing), or where that cannot
 * tell from dpkg-query -S; "" where there is no dpkg-query or no
 * package. */
static void package_of(const char *path, char *buf, size_t len)
{
	char dq[PATH_MAX], out[1024], fmt[] = "-f=${Version}", *e;
	char opt_search[] = "-S", opt_show[] = "-W";
	char *argv[5];
	int listed;

	buf[0] = '\0';
	if (nq_find_program("dpkg-query", dq, sizeof dq) < 0)
		return;
	argv[0] = dq;
	listed = package_listing(path, out, sizeof out);
	if (listed == 0)
		return;
	if (listed < 0) {
		argv[1] = opt_search;
		argv[2] = (char *)path;
		argv[3] = NULL;
		/* "pkg[:arch][, pkg2...]: /the/path" */
		if (nq_meta_capture(argv, out, sizeof out,
				    NQ_META_VERSION_MS) != 0 ||
		    !(e = strstr(out, ": ")))
			return;
		*e = '\0';
		out[strcspn(out, ", \n")] = '\0';
		if (!out[0])
			return;
	}
	{
		char pkg[256], ver[256];

		snprintf(pkg, sizeof pkg, "%.*s", (int)sizeof pkg - 1, out);
		argv[1] = opt_show;
		argv[2] = fmt;
		argv[3] = pkg;
		argv[4] = NULL;
		if (nq_meta_capture(argv, ver, sizeof ver,
				    NQ_META_VERSION_MS) != 0)
			return;
		ver[strcspn(ver, "\r\n")] = '\0';
		if (ver[0])
			snprintf(buf, len, "%s %s", pkg, ver);
	}
}

#define NQ_META_MAX_PROGRAMS 16

static struct program {
	char command[256];  /* the first word, as the option gave it */
	char path[PATH_MAX];
	char sha256[65];
	char version[256];
	char package[600];
} programs[NQ_META_MAX_PROGRAMS];
static size_t nprograms;

/* Look at the program of `command` once per process; NULL when it is
 * not found (the loader refused those already) or the table is full. */
static const struct program *program_of(const char *command)
{
	char path[PATH_MAX], out[4096];
	char opt_version[] = "--version", *argv[3];
	struct program *p;
	size_t i;
	int rc;

	if (nq_find_program(command, path, sizeof path) < 0)
		return NULL;
	for (i = 0; i < nprograms; i++)
		if (!strcmp(programs[i].path, path))
			return &programs[i];
	if (nprograms == NQ_META_MAX_PROGRAMS)
		return NULL;
	p = &programs[nprograms++];
	command += strspn(command, " \t");
	snprintf(p->command, sizeof p->command, "%.*s",
		 (int)strcspn(command, " \t"), command);
	snprintf(p->path, sizeof p->path, "%s", path);
	if (nq_sha256_file(path, p->sha256) < 0)
		snprintf(p->sha256, sizeof p->sha256, "unreadable");
	argv[0] = path;
	argv[1] = opt_version;
	argv[2] = NULL;
	rc = nq_meta_capture(argv, out, sizeof out, NQ_META_VERSION_MS);
	version_line(out, p->version, sizeof p->version);
	if (rc == -2 && !p->version[0])
		snprintf(p->version, sizeof p->version, "unknown (no answer "
			 "to --version within %g s)", NQ_META_VERSION_MS / 1e3);
	else if (rc == -1)
		snprintf(p->version, sizeof p->version, "unknown (could not "
			 "run it)");
	else if (rc == -3)
		snprintf(p->version, sizeof p->version, "unknown (the harness "
			 "was stopped)");
	else if (!p->version[0])
		snprintf(p->version, sizeof p->version, "unknown (--version "
			 "printed no version, exit %d)", rc);
	package_of(path, p->package, sizeof p->package);
	return p;
}

/* One item of a list, as a flow mapping: {"k": "v", ...}: YAML, and
 * JSON too. Pairs end with a NULL key; an empty value is left out. */
static void item(FILE *f, const char *const *kv)
{
	int first = 1;

	fputs("  - {", f);
	for (; kv[0]; kv += 2) {
		if (!kv[1] || !kv[1][0])
			continue;
		fputs(first ? "" : ", ", f);
		nq_meta_quote(f, kv[0]);
		fputs(": ", f);
		nq_meta_quote(f, kv[1]);
		first = 0;
	}
	fputs("}\n", f);
}

/* programs: every external program the approaches run. */
static void write_programs(FILE *f, const nq_experiment *exp)
{
	const struct program *seen[NQ_META_MAX_PROGRAMS];
	size_t a, k, i, nseen = 0;

	for (a = 0; a < exp->napproaches; a++) {
		const nq_approach *ap = &exp->approaches[a];
		const nq_option *o = ap->solver->options;

		for (k = 0; o && o[k].key && k < NQ_MAX_OPTIONS; k++) {
			const struct program *p;

			if (o[k].type != NQ_OPT_COMMAND || !ap->opt[k].str ||
			    !(p = program_of(ap->opt[k].str)))
				continue;
			for (i = 0; i < nseen && seen[i] != p; i++)
				;
			if (i == nseen && nseen < NQ_META_MAX_PROGRAMS)
				seen[nseen++] = p;
		}
	}
	if (!nseen) {
		fputs("programs: []\n", f);
		return;
	}
	fputs("programs:\n", f);
	for (i = 0; i < nseen; i++) {
		const char *kv[] = {
			"command", seen[i]->command, "path", seen[i]->path,
			"version", seen[i]->version, "package", seen[i]->package,
			"sha256", seen[i]->sha256, NULL
		};

		item(f, kv);
	}
}

/* backends: what the approaches' programs drive (minizinc's `solver`),
 * each (program, backend as named) once, with what it picks and its
 * version, as the program lists them. */
static void write_backends(FILE *f, const nq_experiment *exp)
{
	nq_backend seen[NQ_META_MAX_PROGRAMS], b;
	size_t a, i, nseen = 0;

	for (a = 0; a < exp->napproaches; a++) {
		const nq_approach *ap = &exp->approaches[a];

		if (!nq_registry_backend(ap->solver, ap->opt, &b))
			continue;
		for (i = 0; i < nseen; i++)
			if (!strcmp(seen[i].command, b.command) &&
			    !strcmp(seen[i].given, b.given))
				break;
		if (i == nseen && nseen < NQ_META_MAX_PROGRAMS) {
			const char *kv[] = {
				"solver", ap->solver->name, "command",
				b.command, "backend", b.given, "id", b.id,
				"name", b.name, "version", b.version, NULL
			};

			seen[nseen++] = b;
			if (nseen == 1)
				fputs("backends:\n", f);
			item(f, kv);
		}
	}
	if (!nseen)
		fputs("backends: []\n", f);
}

/* plugins: every plugin loaded, in load order. */
static void write_plugins(FILE *f)
{
	const nq_plugin *p;
	const char *file;
	size_t i;

	if (!nq_plugin_at(0, NULL)) {
		fputs("plugins: []\n", f);
		return;
	}
	fputs("plugins:\n", f);
	for (i = 0; (p = nq_plugin_at(i, &file)); i++) {
		char real[PATH_MAX], hex[65];
		const char *kv[] = { "name", p->name, "path", real, "sha256",
				     hex, NULL };

		if (!realpath(file, real))
			snprintf(real, sizeof real, "%s", file);
		if (nq_sha256_file(real, hex) < 0)
			snprintf(hex, sizeof hex, "unreadable");
		item(f, kv);
	}
}

static void write_body(FILE *f, const nq_experiment *exp,
		       const nq_meta_run *r)
{
	char buf[512], hex[65];
	struct utsname u;
	long long mem = meminfo_kib("MemTotal");
	const char *name;
	const nq_solver *by;
	size_t i, a;

	fputs("# The machine and software behind ", f);
	nq_name_put_safe(f, r->csv); /* a comment ends at a newline */
	fputs(" (harness run).\n", f);
	nq_meta_kv(f, "harness_version", NQ_VERSION);
	nq_meta_kv(f, "experiment", exp->name);
	nq_meta_kv(f, "results", r->csv);
	nq_meta_kv(f, "config", exp->path);
	if (exp->path && nq_sha256_file(exp->path, hex) == 0)
		nq_meta_kv(f, "config_sha256", hex);
	else
		nq_meta_kv(f, "config_sha256", "none (no experiment file)");
	command(f, r);
	when(f, "started", r->started);
	when(f, "finished", r->finished);
	nq_meta_kv(f, "outcome", r->outcome ? r->outcome : "running");
	fprintf(f, "rows: %zu\n", r->rows);
	if (r->digest[0]) {
		fprintf(f, "digest_rows: %zu\n", r->digest_rows);
		nq_meta_kv(f, "digest", r->digest);
	}
	fprintf(f, "jobs: %d\n", r->jobs > 0 ? r->jobs : 1);
	/* what `merge` holds the shards' answers to (merge.c) */
	fprintf(f, "strict: %s\n", r->strict ? "true" : "false");
	if (r->shard_n > 0)
		fprintf(f, "shard: \"%d/%d\"\n", r->shard_k, r->shard_n);
	else
		nq_meta_kv(f, "shard", "none");
	if (r->resumed) {
		fprintf(f, "resumed: true\nrows_before: %zu\n", r->rows_before);
		if (r->first_started[0])
			nq_meta_kv(f, "first_started", r->first_started);
	}
	fprintf(f, "repeat: %d\nwarmup: %d\ntimeout_s: %.10g\nmemory_limit_kib: %llu\n"
		"seed: %llu\n", exp->repeat, exp->warmup, exp->timeout_s,
		(unsigned long long)exp->memory_kib,
		(unsigned long long)exp->seed);
	/* the caps: a number, 0 none; the disk's default is taken per run
	 * from the free space, so it is named, not a number */
	if (exp->disk_kib == NQ_DISK_DEFAULT)
		nq_meta_kv(f, "disk_limit_kib", "default");
	else
		fprintf(f, "disk_limit_kib: %llu\n",
			(unsigned long long)exp->disk_kib);
	fprintf(f, "processes_limit: %d\n", exp->processes);
	/* limits and measures: per-run cgroups, or rlimits and wait4 */
	nq_meta_kv(f, "measured_by", nq_cgroup_kind());
	if (proc_field("/proc/cpuinfo", "model name", buf, sizeof buf) < 0 &&
	    proc_field("/proc/cpuinfo", "Model", buf, sizeof buf) < 0)
		snprintf(buf, sizeof buf, "unknown");
	nq_meta_kv(f, "cpu", buf);
	fprintf(f, "cores: %ld\n", sysconf(_SC_NPROCESSORS_ONLN));
	/* the cores it may run on (its CPU affinity: taskset, a cgroup's
	 * cpuset, a Slurm allocation), what -j and threads: 0 go by */
	fprintf(f, "cores_usable: %d\n", nq_cores_usable());
	if (mem > 0)
		fprintf(f, "memory_kib: %lld\n", mem);
	if (uname(&u) == 0) {
		nq_meta_kv(f, "host", u.nodename);
		snprintf(buf, sizeof buf, "%s %s %s %s", u.sysname, u.release,
			 u.version, u.machine);
		nq_meta_kv(f, "kernel", buf);
	}
	nq_meta_kv(f, "compiler", NQ_CC_NAME __VERSION__);
	nq_meta_kv(f, "cflags", NQ_BUILD_CFLAGS);
	nq_meta_kv(f, "git_commit", NQ_GIT_COMMIT);
	/* a library a solver loads (libz3), asked its version only when
	 * an approach of that solver is in the experiment */
	for (i = 0; nq_registry_library(i, &name, &by) == 0; i++) {
		for (a = 0; by && a < exp->napproaches &&
			    exp->approaches[a].solver != by; a++)
			;
		nq_meta_kv(f, name, !by || a < exp->napproaches ?
			   nq_registry_library_version(i) :
			   "not loaded (no approach of the experiment uses it)");
	}
	nq_meta_kv(f, "libyaml", yaml_get_version_string());
	write_programs(f, exp);
	write_backends(f, exp);
	write_plugins(f);
	nq_meta_write_order(f, exp);
	if (!r->nwarnings) {
		fputs("warnings: []\n", f);
		return;
	}
	fputs("warnings:\n", f);
	for (i = 0; i < r->nwarnings; i++) {
		fputs("  - ", f);
		nq_meta_quote(f, r->warnings[i]);
		fputc('\n', f);
	}
}

/* A value as nq_meta_quote() writes it, or a plain one (meta.h). */
void nq_meta_unquote(char *v, char *buf, size_t len)
{
	char *o = buf;

	v[strcspn(v, "\n")] = '\0';
	if (*v != '"') {
		/* cut at len - 1 as snprintf would, without -O3's
		 * format-truncation warning (make NATIVE=1 WERROR=1) */
		size_t k = strnlen(v, len - 1);

		memcpy(buf, v, k);
		buf[k] = '\0';
		return;
	}
	for (v++; *v && *v != '"' && (size_t)(o - buf) + 1 < len; v++) {
		if (*v == '\\' && v[1] == 'u' && strlen(v) >= 6) {
			char hex[5] = { v[2], v[3], v[4], v[5], 0 };
			long c = strtol(hex, NULL, 16);

			/* the writer escapes only controls: anything else
			 * (a NUL, past ASCII) was not written here */
			*o++ = c > 0 && c < 0x80 ? (char)c : '?';
			v += 5;
		} else if (*v == '\\' && v[1]) {
			*o++ = *++v;
		} else {
			*o++ = *v;
		}
	}
	*o = '\0';
}

int nq_meta_read(const char *path, const char *key, char *buf, size_t len)
{
	char line[8192];
	size_t klen = strlen(key);
	FILE *f = fopen(path, "r");
	int rc = -1;

	if (!f)
		return -1;
	while (rc < 0 && fgets(line, sizeof line, f)) {
		if (strncmp(line, key, klen) || line[klen] != ':' ||
		    line[klen + 1] != ' ')
			continue;
		nq_meta_unquote(line + klen + 2, buf, len);
		rc = 0;
	}
	fclose(f);
	return rc;
}

void nq_meta_write_order(FILE *f, const nq_experiment *exp)
{
	size_t a;

	if (!exp->napproaches) {
		fputs("approaches: []\n", f);
		return;
	}
	fputs("approaches:\n", f);
	for (a = 0; a < exp->napproaches; a++) {
		fputs("  - ", f);
		nq_meta_quote(f, exp->approaches[a].name);
		fputc('\n', f);
	}
}

int nq_meta_read_list(const char *path, const char *key, char ***items,
		      size_t *n)
{
	char line[8192], buf[4096];
	size_t klen = strlen(key), cap = 0;
	FILE *f = fopen(path, "r");
	int in = 0, rc = -1;

	*items = NULL;
	*n = 0;
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f)) {
		char **p;

		if (!in) {
			if (!strncmp(line, key, klen) && line[klen] == ':') {
				in = 1;
				rc = 0;
			}
			continue;
		}
		if (strncmp(line, "  - ", 4))
			break;
		nq_meta_unquote(line + 4, buf, sizeof buf);
		if (*n == cap) {
			cap = cap ? 2 * cap : 16;
			if (!(p = realloc(*items, cap * sizeof *p)))
				goto nomem;
			*items = p;
		}
		if (!((*items)[*n] = strdup(buf)))
			goto nomem;
		(*n)++;
	}
	fclose(f);
	return rc;
nomem:
	fclose(f);
	nq_meta_list_free(*items, *n);
	*items = NULL;
	*n = 0;
	return -1;
}

void nq_meta_list_free(char **items, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(items[i]);
	free(items);
}

int nq_meta_write(const char *path, const nq_experiment *exp,
		  const nq_meta_run *r, nq_error *err)
{
	nq_atomic a;

	if (nq_atomic_open(&a, path, err) < 0)
		return -1;
	write_body(a.f, exp, r);
	return nq_atomic_commit(&a, err);
}
