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
#include <sys/stat.h>
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

static int register_all(const nq_plugin *p, const char *origin,
			nq_error *err)
{
	size_t i, count = 0;

	for (i = 0; p->solvers && p->solvers[i]; i++, count++)
		if (nq_registry_add_solver(p->solvers[i], origin, err))
			return -1;
	for (i = 0; p->cnf && p->cnf[i]; i++, count++)
		if (nq_registry_add_cnf(p->cnf[i], origin, err))
			return -1;
	for (i = 0; p->ilp && p->ilp[i]; i++, count++)
		if (nq_registry_add_ilp(p->ilp[i], origin, err))
			return -1;
	if (!count)
		return nq_error_set(err, origin, 0, 0, "plugin '%s' lists no "
				    "solver, CNF encoder or ILP model",
				    p->name);
	return 0;
}

int nq_plugin_load(const char *path, nq_error *err)
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
	p = entry();
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
