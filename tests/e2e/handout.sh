#!/usr/bin/env bash
# handout.sh - the order runs are handed out in. One at a time (-j 1):
# the plan's order. In parallel (-j 2): the longest expected first,
# count mode before first mode, the larger board before the smaller
# (ties in the file's order), so that no long run starts last while the
# other core idles; with after_timeout: skip, the plan's order (it goes
# up the sizes). The rows end in the plan's order either way. A solver
# plugin notes each run's pid, mode and n; pids grow in the order the
# harness forks its runs. Prints "handout: N passed, N failed" last.
. "$(dirname "$0")/common.bash"
cd "$T" || exit 1

cat >stamp.c <<'C'
#include <fcntl.h>
#include <stdio.h>
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

/* appends "PID MODE N" to $STAMP_FILE, then answers right */
static int stamp_solve(const nq_job *job, nq_result *res)
{
	const char *path = getenv("STAMP_FILE");
	int n = job->inst->n, fd;
	char line[64];

	if (path && (fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644)) >= 0) {
		int len = snprintf(line, sizeof line, "%d %s %d\n", (int)getpid(),
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

# started FILE: "MODE N" of each run, in the order the harness forked them
started() { sort -n "$1" | cut -d' ' -f2- | tr '\n' ',' | sed 's/,$//'; }
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
		STAMP_FILE=$T/stamps "$H" run "$f.yaml" -o "$f$j.csv" -q -j "$j" >/dev/null 2>err
		rc=$?
		expect "-j $j, $f: exit 0 (got $rc: $(tail -1 err))" [ $rc -eq 0 ]
		expect "-j $j, $f: the rows in the plan's order ($(rows "$f$j.csv"))" \
			[ "$(rows "$f$j.csv")" = "$plan_order" ]
		want=$plan_order
		[ "$j$f" = 2go ] && want="count 6,count 5,count 4,first 6,first 5"
		expect "-j $j, $f: handed out as $want (got $(started stamps))" \
			[ "$(started stamps)" = "$want" ]
	done
done

echo "handout: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
