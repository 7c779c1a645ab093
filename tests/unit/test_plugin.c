/*
 * test_plugin.c - the plugin loader in process: a refused plugin leaves
 * nothing registered (its half registration is rolled back, so a later
 * plugin may take the names it had), origins are recorded, the same file
 * twice is loaded once. Plugins are compiled at setup with `cc` from
 * sources written here (include/ only, as a user would).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "plugin.h"
#include "registry.h"

static char dir[] = "/tmp/nq_test_plugin_XXXXXX";

#define AMO "static int amo(const nq_cnf_sink *s, const int *l, int k) " \
	    "{ (void)s; (void)l; (void)k; return NQ_OK; }\n"
#define ENC(var, name) "static const nq_cnf_encoder " var " = { " \
	"NQ_ABI_VERSION, sizeof(nq_cnf_encoder), \"" name "\", \"x\", amo, NULL };\n"
#define PLUGIN(name, list) "static const nq_cnf_encoder *const cnf[] = { " \
	list ", NULL };\nstatic const nq_plugin p = { NQ_ABI_VERSION, " \
	"sizeof p, \"" name "\", \"x\", NULL, cnf, NULL };\n" \
	"const nq_plugin *nq_plugin_entry(void) { return &p; }\n"

static const struct { const char *name, *src; } sources[] = {
	/* "fresh" first, then a clash with the built-in "pairwise" */
	{ "clash", "#include \"nq_plugin.h\"\n" AMO ENC("a", "fresh")
	  ENC("b", "pairwise") PLUGIN("clash", "&a, &b") },
	/* "fresh" again, alone: loads only if the clash left nothing */
	{ "fresh", "#include \"nq_plugin.h\"\n" AMO ENC("a", "fresh")
	  PLUGIN("fresh", "&a") },
};

static int build_all(void **state)
{
	char path[512], cmd[1500];
	size_t i;
	FILE *f;

	(void)state;
	if (!mkdtemp(dir))
		return -1;
	for (i = 0; i < sizeof sources / sizeof *sources; i++) {
		snprintf(path, sizeof path, "%s/%s.c", dir, sources[i].name);
		if (!(f = fopen(path, "w")))
			return -1;
		fputs(sources[i].src, f);
		fclose(f);
		snprintf(cmd, sizeof cmd, "cc -std=c11 -shared -fPIC -Iinclude "
			 "-o %s/%s.so %s", dir, sources[i].name, path);
		if (system(cmd) != 0)
			return -1;
	}
	return 0;
}

static int remove_all(void **state)
{
	char cmd[600];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static void so(const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s.so", dir, name);
}

static void refused_plugin_is_rolled_back(void **state)
{
	size_t before = 0, after = 0;
	char path[512];
	nq_error err;

	(void)state;
	while (nq_registry_cnf_at(before))
		before++;
	so("clash", path, sizeof path);
	memset(&err, 0, sizeof err);
	assert_int_equal(nq_plugin_load(path, &err), -1);
	assert_string_equal(err.file, path);
	assert_non_null(strstr(err.msg, "'pairwise' is already registered "
			       "(built-in)"));
	assert_null(nq_registry_cnf("fresh"));
	while (nq_registry_cnf_at(after))
		after++;
	assert_int_equal(after, before);
	assert_null(nq_plugin_at(0, NULL));

	/* the name it briefly held is free */
	so("fresh", path, sizeof path);
	assert_int_equal(nq_plugin_load(path, &err), 0);
	assert_non_null(nq_registry_cnf("fresh"));
	assert_string_equal(nq_registry_cnf_origin(before), path);
	assert_string_equal(nq_registry_cnf_origin(0), "built-in");
}

static void same_file_twice_loads_once(void **state)
{
	const char *file;
	char path[512];
	nq_error err;

	(void)state;
	so("fresh", path, sizeof path);
	memset(&err, 0, sizeof err);
	assert_int_equal(nq_plugin_load(path, &err), 0);
	assert_int_equal(nq_plugin_load(path, &err), 0);
	assert_non_null(nq_plugin_at(0, &file));
	assert_string_equal(file, path);
	assert_null(nq_plugin_at(1, NULL));
}

static void missing_file_named(void **state)
{
	nq_error err;

	(void)state;
	memset(&err, 0, sizeof err);
	assert_int_equal(nq_plugin_load("/nonexistent/x.so", &err), -1);
	assert_string_equal(err.file, "/nonexistent/x.so");
	assert_non_null(strstr(err.msg, "cannot open plugin"));
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(refused_plugin_is_rolled_back),
		cmocka_unit_test(same_file_twice_loads_once),
		cmocka_unit_test(missing_file_named),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, build_all, remove_all);
}
