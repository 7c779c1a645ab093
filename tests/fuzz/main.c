/*
 * main.c - the driver's main() for AFL++ and for replay; libFuzzer builds
 * leave it out (it brings its own).
 *
 *   fuzz_X FILE|DIR...   run each file (each file in each DIR) once and
 *                        print how many ran: the corpus replay of
 *                        `make test-fuzz`, and how a crash is reproduced
 *   fuzz_X               under afl-fuzz (built with afl-clang-fast):
 *                        persistent mode, inputs from shared memory;
 *                        elsewhere, one input from stdin
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifdef __AFL_FUZZ_TESTCASE_LEN
__AFL_FUZZ_INIT();
#endif

/* The whole of f, malloc'd (never NULL on success, even when empty). */
static unsigned char *slurp(FILE *f, size_t *len)
{
	unsigned char *buf = NULL, *p;
	size_t cap = 0, got;

	*len = 0;
	for (;;) {
		if (*len == cap) {
			cap = cap ? cap * 2 : 4096;
			if (!(p = realloc(buf, cap))) {
				free(buf);
				return NULL;
			}
			buf = p;
		}
		got = fread(buf + *len, 1, cap - *len, f);
		if (!got)
			break;
		*len += got;
	}
	if (ferror(f)) {
		free(buf);
		return NULL;
	}
	/* an exact-size copy, so ASan sees a read past the end */
	if (!(p = malloc(*len ? *len : 1))) {
		free(buf);
		return NULL;
	}
	memcpy(p, buf, *len);
	free(buf);
	return p;
}

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf;
	size_t len;

	if (!f) {
		perror(path);
		return -1;
	}
	buf = slurp(f, &len);
	fclose(f);
	if (!buf) {
		fprintf(stderr, "%s: cannot read\n", path);
		return -1;
	}
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
	return 0;
}

static int run_path(const char *path, unsigned *count)
{
	struct stat st;
	struct dirent **names;
	int n, i, rc = 0;

	if (stat(path, &st)) {
		perror(path);
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		if (run_file(path))
			return -1;
		++*count;
		return 0;
	}
	if ((n = scandir(path, &names, NULL, alphasort)) < 0) {
		perror(path);
		return -1;
	}
	for (i = 0; i < n; i++) {
		char sub[4096];

		if (names[i]->d_name[0] != '.') {
			snprintf(sub, sizeof sub, "%s/%s", path,
				 names[i]->d_name);
			if (run_path(sub, count))
				rc = -1;
		}
		free(names[i]);
	}
	free(names);
	return rc;
}

int main(int argc, char **argv)
{
	unsigned count = 0;
	int i, rc = 0;

	if (argc < 2) {
#ifdef __AFL_FUZZ_TESTCASE_LEN
		unsigned char *buf;

		__AFL_INIT();
		buf = __AFL_FUZZ_TESTCASE_BUF;
		while (__AFL_LOOP(10000)) {
			size_t len = (size_t)__AFL_FUZZ_TESTCASE_LEN;
			unsigned char *copy = malloc(len ? len : 1);

			if (!copy)
				abort();
			memcpy(copy, buf, len);
			LLVMFuzzerTestOneInput(copy, len);
			free(copy);
		}
		return 0;
#else
		size_t len;
		unsigned char *buf = slurp(stdin, &len);

		if (!buf)
			return 1;
		LLVMFuzzerTestOneInput(buf, len);
		free(buf);
		return 0;
#endif
	}
	for (i = 1; i < argc; i++)
		if (run_path(argv[i], &count))
			rc = 1;
	printf("%s: %u inputs ran\n", argv[0], count);
	return rc;
}
