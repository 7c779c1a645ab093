#!/usr/bin/env bash
# handout.sh - the order runs are handed out in. One at a time (-j 1):
# the plan's order. In parallel (-j 2): the longest expected first,
# count mode before first mode, the larger board before the smaller
# (ties in the file's order), so that no long run starts last while the
# other core idles; with after_timeout: skip, the plan's order (it goes
# up the sizes). The rows end in the plan's order either way. A solver
# plugin notes when each run started (CLOCK_MONOTONIC), its mode and n.
# One at a time, that is the order of the hand-out. With -j 2 two worker
# processes fork the runs, so two runs handed out together start in
# either order: each run then takes 1 s (STAMP_SLEEP), and the runs are
# compared wave by wave, each wave's runs in any order: a wave's runs
# start before the first of them ends, the next wave's after (a fixed
# window of 0.15 s after a wave's first start split a wave on a machine
# at load 10, where a worker took longer than that to start its run).
# Prints "handout: N passed, N failed" last.
. "$(dirname "$0")/common.bash"
cd "$T" || exit 1

cat >stamp.c <<'C'
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "nq_plugin.h"

static const unsigned long long counts[] = { 1, 1, 0, 0, 2, 10, 4, 40, 92 };
/* a placement (column of each row) for first mode */
static const int32_t first5[] = { 0, 2, 4, 1, 3 };
static const int32_t first6[] = { 1, 3, 5, 0, 2, 4 };

static int up_to_6(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	(void)mode;
	return 6;
}

/* sleeps $STAMP_SLEEP seconds, appends "START END MODE N" to
 * $STAMP_FILE (when it started and ended, ns), then answers right */
static int stamp_solve(const nq_job *job, nq_result *res)
{
	const char *path = getenv("STAMP_FILE"), *nap = getenv("STAMP_SLEEP");
	int n = job->inst->n, fd;
	char line[128];
	struct timespec start, end;

	clock_gettime(CLOCK_MONOTONIC, &start);
	if (nap) {
		double s = atof(nap);
		struct timespec d = { (time_t)s, (long)((s - (double)(time_t)s) * 1e9) };

		while (nanosleep(&d, &d) != 0)
			;
	}
	clock_gettime(CLOCK_MONOTONIC, &end);
	if (path && (fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644)) >= 0) {
		int len = snprintf(line, sizeof line, "%lld %lld %s %d\n",
				   (long long)start.tv_sec * 1000000000LL + start.tv_nsec,
				   (long long)end.tv_sec * 1000000000LL + end.tv_nsec,
				   job->inst->mode == NQ_MODE_COUNT ? "count" : "first", n);
		if (write(fd, line, (size_t)len) != len)
			return NQ_ERR;
		close(fd);
	}
	if (job->inst->mode == NQ_MODE_COUNT) {
		res->solutions = counts[n];
		return NQ_OK;
	}
	if (n != 5 && n != 6)
		return NQ_ERR;
	memcpy(res->placement, n == 5 ? first5 : first6, (size_t)n * sizeof(int32_t));
	res->solutions = 1;
	return NQ_OK;
}

static const nq_solver stamp = { NQ_ABI_VERSION, sizeof(nq_solver),
	"stamp", "notes its runs, answers right", NULL, NULL, up_to_6, stamp_solve, NULL };
static const nq_solver *const solvers[] = { &stamp, NULL };
static const nq_plugin plugin = {
	NQ_ABI_VERSION, sizeof(nq_plugin), "stamp", "notes its runs, tests/e2e/handout.sh",
	solvers, NULL, NULL
};

NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void)
{
	return &plugin;
}
C
cc -std=c11 -O2 -shared -fPIC -I"$ROOT/include" -o stamp.so stamp.c 2>cc.err ||
	bad "building stamp.so: $(cat cc.err)"

plan() { # AFTER_TIMEOUT
	cat <<EOF
experiment: handout
repeat: 1
timeout: 20s
after_timeout: $1
instances:
  - {n: 5..6, mode: first}
  - {n: 4..6, mode: count}
approaches:
  - stamp
plugins: [$T/stamp.so]
EOF
}
plan continue >go.yaml
plan skip >skip.yaml

# started FILE: "MODE N" of each run, in the order they started
started() { sort -n "$1" | cut -d' ' -f3- | tr '\n' ',' | sed 's/,$//'; }
# waves FILE: the same, a wave's runs (those started before the first
# of them ended) sorted among themselves, the waves apart by "|"
waves() {
	sort -n "$1" | awk '
	function flush() { if (k) { out = out (out != "" ? "|" : "") join(); k = 0 } }
	function join(   i, j, t, s) {
		for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++)
			if (w[j] < w[i]) { t = w[i]; w[i] = w[j]; w[j] = t }
		s = w[1]; for (i = 2; i <= k; i++) s = s "," w[i]; return s }
	{ if (!k || $1 >= e) { flush(); e = $2 }
	  if ($2 < e) e = $2
	  w[++k] = $3 " " $4 }
	END { flush(); print out }'
}
# rows CSV: "MODE N" of each row, in the file's order
rows() { python3 -c '
import csv, sys
print(",".join(r["mode"] + " " + r["n"] for r in csv.DictReader(open(sys.argv[1], newline=""))))' "$1"; }

plan_order="first 5,first 6,count 4,count 5,count 6"
cores=$(nproc)
for j in 1 2; do
	[ "$j" -le "$cores" ] || { echo "handout: SKIP -j $j: $cores core"; continue; }
	for f in go skip; do
		rm -f stamps "$f$j".csv "$f$j".meta
		nap=; [ "$j" = 1 ] || nap=1
		STAMP_FILE=$T/stamps STAMP_SLEEP=$nap "$H" run "$f.yaml" -o "$f$j.csv" \
			-q -j "$j" >/dev/null 2>err
		rc=$?
		expect "-j $j, $f: exit 0 (got $rc: $(tail -1 err))" [ $rc -eq 0 ]
		expect "-j $j, $f: the rows in the plan's order ($(rows "$f$j.csv"))" \
			[ "$(rows "$f$j.csv")" = "$plan_order" ]
		if [ "$j" = 1 ]; then
			expect "-j 1, $f: handed out as $plan_order (got $(started stamps))" \
				[ "$(started stamps)" = "$plan_order" ]
			continue
		fi
		# two at a time: the two longest, the next two, the last
		want="first 5,first 6|count 4,count 5|count 6"
		[ "$f" = go ] && want="count 5,count 6|count 4,first 6|first 5"
		expect "-j $j, $f: handed out as $want (got $(waves stamps))" \
			[ "$(waves stamps)" = "$want" ]
	done
done

echo "handout: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
