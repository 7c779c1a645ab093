#!/usr/bin/env bash
# prop.sh - backtrack/prop as a user meets it (issue 33): named in
# `harness list` with what it is for, the published instance it refutes
# at the root (CSPLib prob079's diag-19-4-686 at M = 17, the paper's
# hardest n = 19 peak instance: 2.6 * 10^9 shiftqueens nodes) answered
# none with no node searched, in both modes; blocked and excluded boards
# counted as dlx counts them on one thread and two, first mode checked by
# the validator; a board past 64 refused by name. About a second.
. "$(dirname "$0")/common.bash"

"$H" list >"$T/list" 2>&1
expect "list names prop among backtrack's variants" grep -q 'variant = .*, prop ' "$T/list"
expect "list says what prop is for and what it costs on a plain board" \
	grep -q "diagonal-sum bounds for blocked and excluded boards (prop; n <= 64, on a plain board half bitmask's speed)" "$T/list"

# diag-19-4-686's first 17 pairs, [d, 0] -> diagonals: [d + 1], [d, 1] ->
# antidiagonals: [d + 1] (docs/experiments.md numbers them from 1)
cat >"$T/p.yaml" <<'Y'
experiment: prop
timeout: 20s
instances:
  - {n: 19, mode: [first, count], only: ['backtrack/prop threads=1', 'backtrack/prop threads=2'], excluded: {diagonals: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 24], antidiagonals: [5, 19, 34, 35, 36]}}
  - generate: {family: blocked, n: 14, blocked: 60, free: 1, count: 3, seed: 5}
    mode: [first, count]
  - generate: {family: excluded, n: 13, diagonals: 10, count: 3, seed: 3}
    mode: [first, count]
approaches:
  - backtrack: {variant: prop, threads: 1}
  - backtrack: {variant: prop, threads: 2}
  - backtrack: {variant: dlx}
Y
"$H" run "$T/p.yaml" -q -o "$T/p.csv" >"$T/p.out" 2>"$T/p.err"
rc=$?
expect "the run ends 0 (rc $rc: $(tail -2 "$T/p.err"))" [ $rc -eq 0 ]
expect "every row ok ($(csv_col "$T/p.csv" status | sort | uniq -c | tr '\n' ' '))" \
	[ "$(csv_col "$T/p.csv" status | sort -u)" = ok ]
expect "diag-19-4-686: none, in both modes, on one thread and two, no node searched" \
	[ "$(csv_rows "$T/p.csv" n solutions nodes | grep -c '^19	0	0$')" = 4 ]
expect "blocked and excluded: prop's counts are dlx's, instance by instance" [ "$(python3 - "$T/p.csv" <<'PY'
import csv, sys
got = {}
for r in csv.DictReader(open(sys.argv[1], newline='')):
    if r['n'] != '19':
        got.setdefault((r['instance'], r['mode']), set()).add(r['solutions'])
print(len(got) == 12 and all(len(v) == 1 for v in got.values()) and
      any(v != {'0'} for (i, m), v in got.items() if m == 'count'))
PY
)" = True ]
expect "threads as they ran, in the options column" \
	[ "$(csv_rows "$T/p.csv" approach options | grep -c 'backtrack/prop.*threads=2')" -ge 1 ]

"$H" solve -n 65 backtrack:variant=prop >"$T/big.out" 2>&1
expect "n = 65: not run, by name ($(cat "$T/big.out"))" \
	grep -qF 'not run: backtrack/prop takes n up to 64' "$T/big.out"

echo "prop: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
