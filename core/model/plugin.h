/*
 * plugin.h - loading plugins: shared objects exporting nq_plugin_entry
 * (include/nq_plugin.h), from `plugins:` in an experiment file or
 * `--plugin FILE.so` on the command line.
 *
 * A loaded plugin stays loaded until exit; its solvers, encoders and
 * models are in the registry with the file as their origin.
 */
#ifndef NQ_PLUGIN_LOADER_H
#define NQ_PLUGIN_LOADER_H

#include <stddef.h>
#include "nq_plugin.h"
#include "error.h"

/* Load `path` (a file name; one without '/' is taken as ./path, never
 * searched for) and register everything it lists. On any failure returns
 * -1 with err naming the file, and nothing of the plugin stays
 * registered or loaded. Loading a file already loaded returns 0. */
int nq_plugin_load(const char *path, nq_error *err);

/* Loaded plugins, in load order: the nq_plugin and the file it came
 * from. NULL past the end. */
const nq_plugin *nq_plugin_at(size_t i, const char **file);

/* Kill and reap what plugin constructors started in the harness (every
 * child it gained since the first load); the harness calls it as it
 * ends, after its runs. Nothing when no plugin was loaded, or in a
 * process other than the one that loaded them. */
void nq_plugin_end_strays(void);

#endif
