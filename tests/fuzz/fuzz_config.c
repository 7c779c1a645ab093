/*
 * fuzz_config.c - fuzz target: the experiment-file loader
 * (nq_config_parse, what nq_config_load runs on the file's bytes).
 *
 * The name given to the loader sits in a directory that does not exist,
 * so a `plugins:` entry never loads a shared object (a relative plugin
 * path resolves beside the file; an absolute one would have to be
 * guessed). Built by `make fuzz` (AFL++), `make fuzz-libfuzzer` (clang)
 * and `make test-fuzz` (the corpus replayed under ASan + UBSan).
 */
#include <stddef.h>
#include <stdint.h>
#include "error.h"
#include "experiment.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	nq_experiment *exp = NULL;
	nq_error err = { { 0 }, 0, 0, { 0 } };
	char msg[1024];

	if (nq_config_parse((const char *)data, size,
			    "/nonexistent-fuzz-dir/fuzz.yaml", &exp, &err) == 0)
		nq_experiment_free(exp);
	else
		nq_error_format(&err, msg, sizeof msg);
	return 0;
}
