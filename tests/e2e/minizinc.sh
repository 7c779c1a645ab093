#!/usr/bin/env bash
# minizinc.sh - the `minizinc` approach through the whole harness: both
# models on blocked, hinted and excluded instances, first and count,
# answering as backtracking does, with MiniZinc's effort in the CSV; a
# backend that is not there refused when the experiment is loaded (exit
# 2, FILE:LINE:COL, nothing written); a hard instance under a 1 s limit
# ending as a timeout (not wrong), its programs gone; `export --format
# mzn|dzn` files that minizinc itself solves to the same count.
# HARNESS names the binary (default ./harness). Prints "N passed, N
# failed" last; exits 1 if anything failed. About 10 s.
. "$(dirname "$0")/common.bash"

if ! command -v minizinc >/dev/null; then
	bad "minizinc is missing (scripts/deps.sh installs it)"
	echo "minizinc: $pass passed, $failed failed"
	exit 1
fi

# --- answers, as backtracking gives them -----------------------------
cat >"$T/a.yaml" <<'EOF'
experiment: mzn-agree
repeat: 1
timeout: 30s
instances:
  - {n: 8, mode: count, blocked: [[1, 1], [4, 4]], excluded: {diagonals: [3], antidiagonals: [9]}}
  - {n: 10, mode: first, hints: [[1, 2]], blocked: [[5, 5], [6, 1]]}
  - {n: 3, mode: first}
  - {n: 7, mode: count, hints: [[2, 4]]}
approaches:
  - backtrack: {variant: mrv}
  - minizinc: {model: int, consistency: domain}
  - minizinc: {model: bool}
EOF
"$H" run "$T/a.yaml" -q -o "$T/a.csv" >"$T/a.out" 2>&1
expect "agreement run exits 0 ($(tail -3 "$T/a.out"))" [ $? -eq 0 ]
python3 - "$T/a.csv" >"$T/a.check" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
by = {}
for r in rows:
    by.setdefault(r['instance'] + r['mode'], {})[r['approach']] = r
for key, runs in by.items():
    want = runs['backtrack/mrv']['solutions']
    for name, r in runs.items():
        ok = r['status'] == 'ok' and r['solutions'] == want
        print(('ok' if ok else 'BAD') + f' {name} {key}: {r["status"]} {r["solutions"]} (backtrack {want}) {r["note"]}')
        if name.startswith('minizinc') and r['solutions'] != '0':
            eff = r['nodes'] != '' and r['conflicts'] != '' and r['vars'] != ''
            print(('ok' if eff else 'BAD') + f' {name} {key}: nodes {r["nodes"]!r} conflicts {r["conflicts"]!r} vars {r["vars"]!r}')
print(('ok' if len(rows) == 12 else 'BAD') + f' {len(rows)} rows')
PY
while read -r verdict what; do
	if [ "$verdict" = ok ]; then ok; else bad "$what"; fi
done <"$T/a.check"

# --- a backend that is not there: a load-time error -------------------
cat >"$T/b.yaml" <<'EOF'
experiment: mzn-missing
instances:
  - {n: 8, mode: first}
approaches:
  - backtrack: {variant: bitmask}
  - minizinc: {solver: no-such-backend}
EOF
"$H" run "$T/b.yaml" -o "$T/b.csv" >"$T/b.out" 2>&1
rc=$?
expect "a missing backend exits 2 (got $rc)" [ $rc -eq 2 ]
expect "the error names the file, line and backend: $(head -1 "$T/b.out")" \
	grep -q "b.yaml:6:5: minizinc: solver 'no-such-backend' does not run.*lists: .*org.gecode.gecode" "$T/b.out"
expect "nothing written for a missing backend" [ ! -e "$T/b.csv" ]
"$H" solve -n 8 minizinc:solver=no-such-backend >"$T/b2.out" 2>&1
rc=$?
expect "solve with a missing backend exits 2 (got $rc: $(head -1 "$T/b2.out"))" \
	bash -c "[ $rc -eq 2 ] && grep -q \"solver 'no-such-backend' does not run\" '$T/b2.out'"
# a text that is no id never reaches a program
"$H" solve -n 8 'minizinc:solver=gecode --help' >"$T/b3.out" 2>&1
rc=$?
expect "a backend id with a blank exits 2 (got $rc: $(head -1 "$T/b3.out"))" \
	bash -c "[ $rc -eq 2 ] && grep -q 'is no backend id' '$T/b3.out'"

# --- the timeout: a hard instance, a 1 s limit -------------------------
# n = 48, seed 2 of bench/gen_blocked.py: more than 30 s for Gecode with
# the default consistency
{
	echo "experiment: mzn-timeout"
	echo "repeat: 1"
	echo "timeout: 1s"
	echo "instances:"
	python3 bench/gen_blocked.py yaml 48 2
	echo "approaches:"
	echo "  - minizinc: {model: int}"
} >"$T/c.yaml"
mkdir -p "$T/tmp"
TMPDIR="$T/tmp" "$H" run "$T/c.yaml" -q -o "$T/c.csv" >"$T/c.out" 2>&1
rc=$?
expect "the timeout run exits 0 (got $rc: $(tail -2 "$T/c.out"))" [ $rc -eq 0 ]
status=$(csv_col "$T/c.csv" status)
note=$(csv_col "$T/c.csv" note)
wall=$(csv_col "$T/c.csv" wall_s)
expect "a hard instance under 1 s is a timeout, not '$status' ($note)" [ "$status" = timeout ]
expect "the timeout's note says whose limit ($note)" grep -q "time limit" <<<"$note"
expect "the timeout ends within 2.5 s (wall $wall)" python3 -c "import sys; sys.exit(not float('$wall' or 99) < 2.5)"
expect "no answer in a timeout's row ($(csv_col "$T/c.csv" solutions))" [ -z "$(csv_col "$T/c.csv" solutions)" ]
sleep 0.2
left=$(pgrep -f "$T/tmp" || true)
expect "no program of the run is left ($left)" [ -z "$left" ]

# --- export: minizinc solves the files to the harness's count ----------
"$H" export -n 8 --blocked 1:1 --blocked 4:4 --exclude d3 --exclude a9 --format mzn-model -o "$T/e.mzn" 2>"$T/e.err" &&
	"$H" export -n 8 --blocked 1:1 --blocked 4:4 --exclude d3 --exclude a9 -o "$T/e.dzn" 2>>"$T/e.err"
rc=$?
expect "export -o FILE.mzn and FILE.dzn ($(cat "$T/e.err"))" [ $rc -eq 0 ]
expect "the data file is 1-based, blocks as rows | r, c" grep -qx 'blocks = \[| 1, 1 | 4, 4 |\];' "$T/e.dzn"
got=$(minizinc -a "$T/e.mzn" "$T/e.dzn" 2>/dev/null | grep -c -- '^----------$')
want=$(python3 - "$T/a.csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if r['approach'] == 'backtrack/mrv' and r['n'] == '8':
        print(r['solutions'])
PY
)
expect "minizinc on the exported files counts $got, the harness $want" [ -n "$want" -a "$got" = "$want" ]
"$H" export -n 8 --format mzn --model bool --consistency domain -o "$T/f.mzn" >"$T/f.out" 2>&1
rc=$?
expect "export refuses a consistency for the bool model (exit $rc: $(head -1 "$T/f.out"))" \
	[ $rc -eq 2 -a ! -e "$T/f.mzn" ]

echo "minizinc: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
