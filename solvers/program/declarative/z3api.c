/*
 * z3api.c - libz3 loaded when the `smt` solver first needs it (z3api.h
 * says why): dlopen, then each function smt.c calls looked up by name.
 *
 * Which file: the soname the build linked against, libz3.so.4 in Debian
 * 11 to 13, then the unversioned libz3.so that libz3-dev installs (a
 * later soname, where the build machine is the run machine). A run's
 * child loads it, so Z3 lives under the run's limits as it did linked;
 * a process that loaded it once keeps it (the harness's own .meta asks
 * Z3 its version before the runs, so the forked children find it
 * loaded). RTLD_LOCAL: Z3's symbols (and libstdc++'s, which it brings)
 * stay out of the lookups of the harness's own calls.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#define NQ_Z3API_TABLE
#include "z3api.h"

struct nq_z3_api nq_z3;

static const char *const sonames[] = { "libz3.so.4", "libz3.so", NULL };

int nq_z3_load(char *msg, size_t len)
{
	static int state;          /* 0 not tried, 1 loaded, -1 failed */
	static char why[300];
	void *lib = NULL, *p;
	size_t i;

	if (state == 0) {
		for (i = 0; sonames[i] && !lib; i++)
			lib = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL);
		if (!lib) {
			const char *e = dlerror();

			snprintf(why, sizeof why, "libz3 could not be loaded "
				 "(%s; Debian's package is libz3-4): %s",
				 sonames[0], e ? e : "not found");
			state = -1;
		} else {
			state = 1;
#define NQ_Z3_LOOKUP(f)							\
			if (state == 1) {				\
				p = dlsym(lib, #f);			\
				if (p) {				\
					memcpy(&nq_z3.f, &p, sizeof p);	\
				} else {				\
					snprintf(why, sizeof why, "libz3 "\
						 "has no %s (too old a Z3?)", #f); \
					state = -1;			\
				}					\
			}
			NQ_Z3_FUNCTIONS(NQ_Z3_LOOKUP)
#undef NQ_Z3_LOOKUP
		}
	}
	if (state < 0 && msg && len)
		snprintf(msg, len, "%s", why);
	return state > 0 ? 0 : -1;
}
