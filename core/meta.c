/*
 * meta.c - see meta.h.
 *
 * The build passes NQ_GIT_COMMIT and NQ_BUILD_CFLAGS (Makefile); the
 * compiler's own __VERSION__ names the compiler. Load-average rule: at
 * the start the harness is not yet running anything, so the machine is
 * busy when the 1-minute load average is above cores - 1 (less than one
 * idle core for the runs); at the end the load includes the harness's own
 * runs (about 1), so the limit is the number of cores.
 */
#include <dirent.h>
#include <errno.h>
#include <glpk.h>
#include <limits.h>
#include <picosat/picosat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <yaml.h>
#include "meta.h"
#include "sha256.h"

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
	double load;
	long long st, sf;
	int others;
	char msg[200];
	FILE *f = fopen("/proc/loadavg", "r");

	if (f) {
		if (fscanf(f, "%lf", &load) == 1 && cores > 0 &&
		    load > (double)cores - (at_end ? 0 : 1)) {
			snprintf(msg, sizeof msg, "load average %.2f with %ld "
				 "cores: less than one core was idle for the "
				 "runs, timings may include waiting", load, cores);
			warn(r, when, msg);
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

/* A YAML double-quoted scalar. */
static void yq(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(f, "\\x%02x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

static void kv(FILE *f, const char *key, const char *value)
{
	fprintf(f, "%s: ", key);
	yq(f, value);
	fputc('\n', f);
}

static void when(FILE *f, const char *key, time_t t)
{
	char buf[64];
	struct tm tm;

	if (!t || !localtime_r(&t, &tm) ||
	    !strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S%z", &tm))
		snprintf(buf, sizeof buf, "%s", t ? "unknown" : "running");
	kv(f, key, buf);
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
	kv(f, "command", buf[0] ? buf : "unknown");
}

static void write_body(FILE *f, const nq_experiment *exp,
		       const nq_meta_run *r)
{
	char buf[512], hex[65];
	struct utsname u;
	long long mem = meminfo_kib("MemTotal");
	size_t i;

	fprintf(f, "# The machine and software behind %s (harness run).\n",
		r->csv);
	kv(f, "experiment", exp->name);
	kv(f, "results", r->csv);
	kv(f, "config", exp->path);
	if (exp->path && nq_sha256_file(exp->path, hex) == 0)
		kv(f, "config_sha256", hex);
	else
		kv(f, "config_sha256", "none (no experiment file)");
	command(f, r);
	when(f, "started", r->started);
	when(f, "finished", r->finished);
	kv(f, "outcome", r->outcome ? r->outcome : "running");
	fprintf(f, "rows: %zu\n", r->rows);
	fprintf(f, "repeat: %d\nwarmup: %d\ntimeout_s: %g\nmemory_limit_kib: %llu\n"
		"seed: %llu\n", exp->repeat, exp->warmup, exp->timeout_s,
		(unsigned long long)exp->memory_kib,
		(unsigned long long)exp->seed);
	if (proc_field("/proc/cpuinfo", "model name", buf, sizeof buf) < 0 &&
	    proc_field("/proc/cpuinfo", "Model", buf, sizeof buf) < 0)
		snprintf(buf, sizeof buf, "unknown");
	kv(f, "cpu", buf);
	fprintf(f, "cores: %ld\n", sysconf(_SC_NPROCESSORS_ONLN));
	if (mem > 0)
		fprintf(f, "memory_kib: %lld\n", mem);
	if (uname(&u) == 0) {
		kv(f, "host", u.nodename);
		snprintf(buf, sizeof buf, "%s %s %s %s", u.sysname, u.release,
			 u.version, u.machine);
		kv(f, "kernel", buf);
	}
	kv(f, "compiler", NQ_CC_NAME __VERSION__);
	kv(f, "cflags", NQ_BUILD_CFLAGS);
	kv(f, "git_commit", NQ_GIT_COMMIT);
	kv(f, "picosat", picosat_version());
	kv(f, "glpk", glp_version());
	kv(f, "libyaml", yaml_get_version_string());
	if (!r->nwarnings) {
		fputs("warnings: []\n", f);
		return;
	}
	fputs("warnings:\n", f);
	for (i = 0; i < r->nwarnings; i++) {
		fputs("  - ", f);
		yq(f, r->warnings[i]);
		fputc('\n', f);
	}
}

int nq_meta_write(const char *path, const nq_experiment *exp,
		  const nq_meta_run *r, nq_error *err)
{
	char tmp[4096];
	FILE *f;
	int fd;

	if (snprintf(tmp, sizeof tmp, "%s.tmpXXXXXX", path) >= (int)sizeof tmp)
		return nq_error_set(err, path, 0, 0, "path too long");
	fd = mkstemp(tmp);
	if (fd < 0 || !(f = fdopen(fd, "w"))) {
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		return nq_error_set(err, path, 0, 0, "cannot write: %s",
				    strerror(errno));
	}
	write_body(f, exp, r);
	{
		mode_t mask = umask(0);

		umask(mask);
		fchmod(fd, 0666 & ~mask);
	}
	if (fclose(f) != 0 || rename(tmp, path) < 0) {
		nq_error_set(err, path, 0, 0, "cannot write: %s",
			     strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}
