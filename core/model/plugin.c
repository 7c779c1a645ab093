/*
 * plugin.c - dlopen a plugin, check it, register what it lists; see
 * plugin.h and include/nq_plugin.h.
 *
 * Order of checks, each failure a one-line error naming the file: the
 * file exists; dlopen(RTLD_NOW | RTLD_LOCAL) succeeds (every symbol the
 * plugin needs resolves now, not mid-run, and none of its symbols leak
 * into the next plugin); the entry symbol exists and returns a struct;
 * its ABI version and size; then each solver, encoder and model through
 * nq_registry_add_* (their own version, size, name, hooks, clashes). If
 * any entry is refused the registry is rolled back to where it was and
 * the object closed: a plugin is registered whole or not at all.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include "guard.h"
#include "host.h"
#include "plugin.h"
#include "registry.h"

#define NQ_PLUGINS_MAX 64

static struct loaded {
	void *handle;
	const nq_plugin *plugin;
	char *file;       /* the origin of its entries in the registry */
} loaded[NQ_PLUGINS_MAX];
static size_t nloaded;

const nq_plugin *nq_plugin_at(size_t i, const char **file)
{
	if (i >= nloaded)
		return NULL;
	if (file)
		*file = loaded[i].file;
	return loaded[i].plugin;
}

/* dlerror() on one line. */
static const char *dl_why(void)
{
	static char buf[400];
	const char *e = dlerror();
	char *p;

	snprintf(buf, sizeof buf, "%s", e ? e : "unknown dlopen error");
	for (p = buf; *p; p++)
		if (*p == '\n')
			*p = ' ';
	return buf;
}

/* Each list is read up to NQ_PLUGIN_LIST_MAX entries: a list without
 * its NULL is an error then, not a read past its end. */
static int register_all(const nq_plugin *p, const char *origin,
			nq_error *err)
{
	static const char *const kinds[] = { "solver", "CNF encoder",
					     "ILP model" };
	const void *const *lists[3];
	size_t i, k, count = 0;

	lists[0] = (const void *const *)p->solvers;
	lists[1] = (const void *const *)p->cnf;
	lists[2] = (const void *const *)p->ilp;
	for (k = 0; k < 3; k++)
		for (i = 0; lists[k]; i++, count++) {
			const void *e;
			int rc;

			nq_guard_stage("reading its %s list (entry %zu)",
				       kinds[k], i);
			if (!(e = lists[k][i]))
				break;
			if (i == NQ_PLUGIN_LIST_MAX)
				return nq_error_set(err, origin, 0, 0,
						    "plugin '%s': its %s list "
						    "has no NULL within %d "
						    "entries (a list holds at "
						    "most %d, then NULL)",
						    p->name, kinds[k],
						    NQ_PLUGIN_LIST_MAX,
						    NQ_PLUGIN_LIST_MAX);
			nq_guard_stage("reading %s %zu of its list", kinds[k],
				       i);
			rc = k == 0 ? nq_registry_add_solver(e, origin, err)
			     : k == 1 ? nq_registry_add_cnf(e, origin, err)
			     : nq_registry_add_ilp(e, origin, err);
			if (rc)
				return -1;
		}
	if (!count)
		return nq_error_set(err, origin, 0, 0, "plugin '%s' lists no "
				    "solver, CNF encoder or ILP model",
				    p->name);
	return 0;
}

/* The load itself: in the guarded child first, then in the harness. */
static int load_checked(const char *path, nq_error *err)
{
	char file[4096];
	const nq_plugin *p;
	nq_plugin_entry_fn entry;
	nq_registry_pos pos;
	struct stat st;
	void *handle, *sym;
	size_t i;
	char *origin;

	/* dlopen searches the library path for a name without '/'. */
	snprintf(file, sizeof file, "%s%s", strchr(path, '/') ? "" : "./",
		 path);
	if (stat(file, &st) < 0)
		return nq_error_set(err, path, 0, 0, "cannot open plugin: %s",
				    strerror(errno));
	if (!S_ISREG(st.st_mode))
		return nq_error_set(err, path, 0, 0, "not a plugin: not a "
				    "regular file (expected a .so built from "
				    "a plugin source; see docs/plugins.md)");
	if (nloaded == NQ_PLUGINS_MAX)
		return nq_error_set(err, path, 0, 0, "too many plugins (at "
				    "most %d)", NQ_PLUGINS_MAX);
	dlerror();
	nq_guard_stage("loading it (dlopen: its constructors)");
	if (!(handle = dlopen(file, RTLD_NOW | RTLD_LOCAL)))
		return nq_error_set(err, path, 0, 0, "cannot load plugin: %s",
				    dl_why());
	for (i = 0; i < nloaded; i++)
		if (loaded[i].handle == handle) {
			dlclose(handle); /* drop the extra reference */
			return 0;
		}
	dlerror();
	sym = dlsym(handle, NQ_PLUGIN_ENTRY_SYMBOL);
	if (!sym) {
		dlclose(handle);
		return nq_error_set(err, path, 0, 0, "no symbol '%s' (a plugin "
				    "defines `const nq_plugin *%s(void)`; see "
				    "include/nq_plugin.h)",
				    NQ_PLUGIN_ENTRY_SYMBOL,
				    NQ_PLUGIN_ENTRY_SYMBOL);
	}
	/* POSIX: a function pointer travels through void * (dlsym). */
	memcpy(&entry, &sym, sizeof entry);
	nq_guard_stage("calling %s()", NQ_PLUGIN_ENTRY_SYMBOL);
	p = entry();
	nq_guard_stage("reading the struct %s() returned",
		       NQ_PLUGIN_ENTRY_SYMBOL);
	if (!p) {
		dlclose(handle);
		return nq_error_set(err, path, 0, 0, "%s() returned NULL",
				    NQ_PLUGIN_ENTRY_SYMBOL);
	}
	if (p->abi_version < NQ_ABI_OLDEST || p->abi_version > NQ_ABI_VERSION) {
		uint32_t v = p->abi_version;

		dlclose(handle);
		return nq_error_set(err, path, 0, 0, "plugin has ABI version "
				    "%u, this harness takes %u to %u (rebuild "
				    "it against this harness's include/"
				    "nq_plugin.h)", v, NQ_ABI_OLDEST,
				    NQ_ABI_VERSION);
	}
	if (p->struct_size < sizeof *p) {
		uint32_t size = p->struct_size;

		dlclose(handle);
		return nq_error_set(err, path, 0, 0, "plugin struct is %u "
				    "bytes, expected at least %zu (rebuild "
				    "it against include/nq_plugin.h)", size,
				    sizeof *p);
	}
	if (!p->name || !*p->name) {
		dlclose(handle);
		return nq_error_set(err, path, 0, 0, "plugin without a name");
	}
	if (!(origin = strdup(path))) {
		dlclose(handle);
		return nq_error_set(err, path, 0, 0, "out of memory");
	}
	nq_registry_mark(&pos);
	if (register_all(p, origin, err)) {
		/* undo the half registration, then unload */
		nq_registry_rollback(&pos);
		dlclose(handle);
		free(origin);
		return -1;
	}
	loaded[nloaded].handle = handle;
	loaded[nloaded].plugin = p;
	loaded[nloaded].file = origin;
	nloaded++;
	return 0;
}

/* In the guarded child: the whole load; nothing back when it went well,
 * the error when it did not. */
static size_t probe_load(void *ctx, void *out, size_t cap)
{
	nq_error err;

	memset(&err, 0, sizeof err);
	if (load_checked(ctx, &err) == 0 || cap < sizeof err)
		return 0;
	memcpy(out, &err, sizeof err);
	return sizeof err;
}

/* A constructor that starts a process in the harness leaves it there:
 * the harness is a child subreaper from the first load (what such a
 * process leaves comes to it too), and as it ends (main, or a signal
 * during a program's --version) every child it gained since is killed
 * and reaped (by then its runs are reaped: what is left is the
 * plugins'). The harness's own pid: a forked worker is not the harness. */
static pid_t strays_owner;
static pid_t strays_before[64];
static size_t nstrays_before;

void nq_plugin_end_strays(void)
{
	if (getpid() == strays_owner)
		nq_kill_new_children(strays_before, nstrays_before, 0, 1000);
}

static void watch_strays(void)
{
	if (strays_owner)
		return;
	strays_owner = getpid();
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	nstrays_before = nq_children(strays_before,
				     sizeof strays_before /
				     sizeof strays_before[0]);
	if (nstrays_before > sizeof strays_before / sizeof strays_before[0])
		nstrays_before = sizeof strays_before /
				 sizeof strays_before[0];
	nq_contain_at_exit(nq_plugin_end_strays);
}

int nq_plugin_load(const char *path, nq_error *err)
{
	char why[512];
	nq_error child_err;
	long n;

	/* first in a child: a constructor, an entry or a table that
	 * crashes, loops or exits costs an error, not the harness */
	n = nq_guard_call(probe_load, (void *)path, &child_err,
			  sizeof child_err, NQ_GUARD_LOAD_S, why, sizeof why);
	if (n < 0)
		return nq_error_set(err, path, 0, 0, "plugin %s%s", why,
				    strstr(why, "while reading")
				    ? " (a table without its end runs into "
				      "memory that is not there: a list ends "
				      "with NULL within 64 entries, an option "
				      "table with a NULL key within 8; "
				      "include/nq_plugin.h)" : "");
	if (n == (long)sizeof child_err) {
		if (err)
			*err = child_err;
		return -1;
	}
	watch_strays();
	return load_checked(path, err);
}
