/*
 * config_load.c - nq_config_load (experiment.h): the experiment file
 * read whole, within its size limit, then parsed (config.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "experiment.h"

/* Read the file whole (at most NQ_CONFIG_MAX_BYTES + 1 bytes), then parse
 * it. */
int nq_config_load(const char *path, nq_experiment **out, nq_error *err)
{
	FILE *f;
	char *text = NULL;
	size_t len = 0, cap = 0, got;
	struct stat st;
	int rc;

	if (!(f = fopen(path, "rb")))
		return nq_error_set(err, path, 0, 0, "cannot open: %s",
				    strerror(errno));
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		return nq_error_set(err, path, 0, 0, "cannot read: it is a "
				    "directory");
	}
	for (;;) {
		if (len == cap) {
			size_t ncap = cap ? cap * 2 : 65536;
			char *p;

			if (ncap > (size_t)NQ_CONFIG_MAX_BYTES + 1)
				ncap = (size_t)NQ_CONFIG_MAX_BYTES + 1;
			if (ncap == cap)
				break; /* one byte past the limit is read */
			if (!(p = realloc(text, ncap))) {
				fclose(f);
				free(text);
				return nq_error_set(err, path, 0, 0,
						    "out of memory");
			}
			text = p;
			cap = ncap;
		}
		got = fread(text + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		rc = nq_error_set(err, path, 0, 0, "read failed: %s",
				  strerror(errno));
		fclose(f);
		free(text);
		return rc;
	}
	fclose(f);
	rc = nq_config_parse(text ? text : "", len, path, out, err);
	free(text);
	return rc;
}
