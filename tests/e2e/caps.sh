#!/usr/bin/env bash
# caps.sh - a run's caps on disk and processes (disk:, processes:): a
# `dimacs` command that runs `yes` into a file outside the run's
# directory, or into its stdout (the run's directory), under `disk: 10M`,
# or writes many small files there under `disk: 2M` (20 files of a bash
# loop, not 100), is `error` with a note naming the cap and disk:, in
# seconds, nothing past the cap written; a command and
# a plugin that start 3,000 sleepers under `processes: 30` (each one
# under the cap a bash and a sleep started) are `error`
# with a note naming the cap and processes:, nothing left, with cgroups
# where the harness makes them and without (NQ_NO_CGROUP=1: counted);
# honest runs under the defaults are `ok`; a bad cap is an exit-2 error
# naming the line; `solve --disk` caps as `disk:` does, and --disk 0 and
# --processes 0 are refused. Every process is found by a marker in its
# command line ($T, unique to this test) and ended by PID. HARNESS names
# the binary (default ./harness). Prints "caps: N passed, N failed" last.
. "$(dirname "$0")/common.bash"
mkdir "$T/tmp" "$T/out"
export TMPDIR="$T/tmp"

# the processes of this test still running (harness, children, orphans)
left() { pgrep -f -- "$T/" | grep -v "^$$\$" || true; }
end_left() { local p; for p in $(left); do kill -9 "$p" 2>/dev/null; done; }
trap 'end_left; rm -rf "$T"' EXIT
none_left() { # none_left TENTHS: wait that long at most for none
	local i
	for ((i = 0; i < $1; i++)); do
		[ -z "$(left)" ] && return 0
		sleep 0.1
	done
	return 1
}
# one row's status and note: "STATUS|NOTE"
row() {
	python3 - "$1" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
print('|'.join((rows[0]['status'], rows[0]['note'])) if len(rows) == 1
      else 'rows: %d' % len(rows))
PY
}
# a dimacs command that does BODY when run, nothing for --version
script() { # script NAME BODY
	printf '#!/bin/bash\n[ "${1:-}" = --version ] && exit 0\n%s\n' "$2" \
		>"$T/$1"
	chmod +x "$T/$1"
}
# experiment NAME CAPS COMMAND: n = 6, first, through `dimacs`
experiment() {
	printf '%s\ntimeout: 30s\ninstances:\n  - {n: 6}\napproaches:\n  - dimacs: {command: %s}\n' \
		"$2" "$3" >"$T/$1.yaml"
}
# run NAME [ENV...]: the harness on $T/NAME.yaml; sets rc, secs
run() {
	local name=$1 t0
	shift
	t0=$(date +%s.%N)
	env "$@" "$H" run "$T/$name.yaml" -q -o "$T/$name.csv" \
		>/dev/null 2>"$T/$name.err"
	rc=$?
	secs=$(python3 -c "import sys; print(int(float(sys.argv[2]) - float(sys.argv[1])))" \
		"$t0" "$(date +%s.%N)")
}

# ---- disk ----------------------------------------------------------------
script yes_file.sh "exec yes > $T/out/big"
experiment yes_file "disk: 10M" "$T/yes_file.sh"
run yes_file
r=$(row "$T/yes_file.csv")
expect "yes > file past disk: 10M: exit 0 (got $rc: $(tail -2 "$T/yes_file.err"))" [ $rc -eq 0 ]
expect "yes > file past disk: 10M: error, the cap and disk: in the note (got $r)" \
	grep -q '^error|.*cap of 10 MiB.*disk: in the experiment' <<<"$r"
expect "yes > file: within a few seconds (took ${secs}s)" [ "$secs" -lt 10 ]
expect "yes > file: the file stopped at the cap" \
	[ "$(stat -c %s "$T/out/big")" -le $((10 * 1024 * 1024)) ]
rm -f "$T/out/big"

script yes_out.sh "exec yes"
experiment yes_out "disk: 10M" "$T/yes_out.sh"
run yes_out
r=$(row "$T/yes_out.csv")
expect "yes into the run's directory past disk: 10M: error with the cap (got $r)" \
	grep -q '^error|.*cap of 10 MiB.*disk: in the experiment' <<<"$r"
expect "yes into the run's directory: within a few seconds (took ${secs}s)" [ "$secs" -lt 10 ]

# files of 100 KB each: RLIMIT_FSIZE cannot see them, the watch can
script small.sh 'i=0; while :; do i=$((i + 1)); head -c 100000 /dev/zero > "$TMPDIR/f$i"; done'
experiment small "disk: 2M" "$T/small.sh"
for env in "NQ_NO_CGROUP=0" "NQ_NO_CGROUP=1"; do
	run small "$env"
	r=$(row "$T/small.csv")
	expect "$env: many small files past disk: 2M: error with the cap (got $r)" \
		grep -q '^error|wrote past the cap of 2 MiB on disk.*disk: in the experiment' <<<"$r"
	expect "$env: many small files: within a few seconds (took ${secs}s)" [ "$secs" -lt 10 ]
	expect "$env: many small files: the run's directory is gone" [ -z "$(ls -A "$T/tmp")" ]
done

# the same through a worker (jobs: 2): the caps go with the run
if [ "$(nproc)" -ge 2 ]; then
	experiment small_j "disk: 2M
jobs: 2" "$T/small.sh"
	run small_j
	r=$(row "$T/small_j.csv")
	expect "jobs: 2: many small files past disk: 2M: error with the cap (got $r)" \
		grep -q '^error|wrote past the cap of 2 MiB on disk' <<<"$r"
fi

# ---- processes -----------------------------------------------------------
script forks.sh '[ "${1:-}" = sleep ] && exec sleep 300
for ((i = 0; i < 3000; i++)); do "$0" sleep & done 2>/dev/null
echo "s UNSATISFIABLE"'
experiment forks "processes: 30" "$T/forks.sh"
cat >"$T/forker.c" <<'C'
#define _DEFAULT_SOURCE
#include <unistd.h>
#include "nq_plugin.h"

/* the right answer, after starting 3,000 sleepers (forks that fail are
 * tried again, as a careless solver would) */
static int forker_solve(const nq_job *job, nq_result *res)
{
	int i;

	for (i = 0; i < 3000; i++)
		if (fork() == 0) {
			sleep(300);
			_exit(0);
		}
	res->solutions = job->inst->n == 6 ? 4 : 0;
	return NQ_OK;
}

static int count_only(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	return mode == NQ_MODE_COUNT ? 8 : NQ_NOT_APPLICABLE;
}

static const nq_solver forker = { NQ_ABI_VERSION, sizeof(nq_solver),
	"forker", "tests/e2e/caps.sh", NULL, NULL, count_only, forker_solve,
	NULL, NULL };
static const nq_solver *const list[] = { &forker, NULL };
static const nq_plugin plugin = { NQ_ABI_VERSION, sizeof(nq_plugin),
	"forker", "tests/e2e/caps.sh", list, NULL, NULL };
NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void) { return &plugin; }
C
cc -std=c11 -O2 -shared -fPIC -I"$ROOT/include" -o "$T/forker.so" \
	"$T/forker.c" 2>"$T/cc.err" || bad "building forker.so: $(cat "$T/cc.err")"
printf 'processes: 30\ntimeout: 30s\nplugins: [forker.so]\ninstances:\n  - {n: 6, mode: count}\napproaches:\n  - forker\n' \
	>"$T/forker.yaml"
for env in "NQ_NO_CGROUP=0" "NQ_NO_CGROUP=1"; do
	for name in forks forker; do
		run $name "$env"
		r=$(row "$T/$name.csv")
		expect "$env: $name, 3000 sleepers past processes: 30: exit 0 (got $rc: $(tail -2 "$T/$name.err"))" [ $rc -eq 0 ]
		expect "$env: $name: error with the cap and processes: (got $r)" \
			grep -q '^error|hit the cap of 30 processes.*processes: in the experiment' <<<"$r"
		expect "$env: $name: within a few seconds (took ${secs}s)" [ "$secs" -lt 15 ]
		expect "$env: $name: no process left" none_left 30
		end_left
	done
done

# ---- honest runs under the defaults, and bad caps ------------------------
cat >"$T/honest.yaml" <<'Y'
instances:
  - {n: [6, 8], mode: [first, count]}
approaches:
  - backtrack
  - picosat
Y
run honest
expect "honest runs under the default caps: exit 0 (got $rc)" [ $rc -eq 0 ]
expect "honest runs under the default caps: every row ok" [ "$(csv_col "$T/honest.csv" status | sort -u)" = ok ]
script wrote.sh 'head -c 2000000 /dev/zero > "$TMPDIR/two-mb"; echo "s UNSATISFIABLE"'
experiment wrote "disk: 10M" "$T/wrote.sh"
run wrote
r=$(row "$T/wrote.csv")
expect "2 MB under disk: 10M: no cap in the note (got $r)" \
	bash -c '! grep -q "cap" <<<"$1"' _ "$r"

printf 'processes: 0\n' >"$T/bad.yaml"
cat "$T/honest.yaml" >>"$T/bad.yaml"
run bad
expect "processes: 0: exit 2 naming the line (got $rc: $(cat "$T/bad.err"))" \
	bash -c '[ $1 -eq 2 ] && grep -q "bad.yaml:1:.*processes" "$2"' _ $rc "$T/bad.err"
printf 'disk: 0\n' >"$T/bad.yaml"
cat "$T/honest.yaml" >>"$T/bad.yaml"
run bad
expect "disk: 0: exit 2 naming the line (got $rc: $(cat "$T/bad.err"))" \
	bash -c '[ $1 -eq 2 ] && grep -q "bad.yaml:1:.*disk must be greater than 0" "$2"' _ $rc "$T/bad.err"
# solve: --disk and --processes, refused at 0 as the keys are
"$H" solve -n 6 -q --disk 10M --processes 50 "dimacs:command=$T/yes_out.sh" \
	-o "$T/solve.csv" >/dev/null 2>"$T/solve.err"
r=$(row "$T/solve.csv")
expect "solve --disk 10M: error with the cap (got $r)" \
	grep -q '^error|.*cap of 10 MiB.*disk: in the experiment' <<<"$r"
"$H" solve -n 6 --disk 0 backtrack >/dev/null 2>"$T/solve.err"; rc=$?
expect "solve --disk 0: exit 2 (got $rc: $(cat "$T/solve.err"))" \
	bash -c '[ $1 -eq 2 ] && grep -q -- "--disk must be greater than 0" "$2"' _ $rc "$T/solve.err"
"$H" solve -n 6 --processes 0 backtrack >/dev/null 2>"$T/solve.err"; rc=$?
expect "solve --processes 0: exit 2 (got $rc: $(cat "$T/solve.err"))" \
	bash -c '[ $1 -eq 2 ] && grep -q -- "--processes takes an integer" "$2"' _ $rc "$T/solve.err"
expect "no process left at the end" none_left 20

echo "caps: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
