#!/usr/bin/env bash
# compare.sh - end-to-end tests of `harness compare A.csv B.csv`: two runs
# of one experiment (nothing significant there by design is not asserted:
# timings are noisy; the pairing, counts and exit status are); B made ten
# times slower (every pair "slower", p exact); answers that differ (exit
# 1); two experiments (exit 2, or --match); JSON that python reads; two
# merged files of shards from two machines. Prints "compare: N passed, N
# failed" last.
. "$(dirname "$0")/common.bash"
cd "$T" || exit 1

cat >c.yaml <<'EOF2'
experiment: cmp
repeat: 5
timeout: 20s
instances:
  - {n: 4..6, mode: count}
approaches:
  - backtrack: {variant: [textbook, bitmask]}
EOF2
"$H" run c.yaml -o a.csv -q >/dev/null 2>err || { echo "run a failed: $(cat err)"; exit 1; }
"$H" run c.yaml -o b.csv -q >/dev/null 2>err || { echo "run b failed: $(cat err)"; exit 1; }

# --- two runs of one experiment ----------------------------------------------
"$H" compare a.csv b.csv >out 2>err
rc=$?
expect "two runs: exit 0 (got $rc: $(cat err))" [ $rc -eq 0 ]
expect "two runs: A and B named" grep -qF 'A: a.csv (host ' out
expect "two runs: a row per cell" [ "$(grep -cE '^count +[4-6] +backtrack/(textbook|bitmask) +5 +5 ' out)" -eq 6 ]
expect "two runs: the summary counts every pair" grep -qE '^6 cells paired: .*; 0 only in A, 0 only in B$' out
expect "two runs: each p says how it was computed" [ "$(grep -cE ' \((exact|normal)\) ' out)" -eq 6 ]

# --- B ten times slower: every pair slower, the exact p of 5 against 5 --------
# times made up (the machine's own are too noisy at 0.1 ms to assert on):
# A's runs 10 ms and a little more each, B's the same ten times over
python3 - a.csv fa.csv fb.csv <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
ix = rows[0].index('wall_s')
for out, k in ((sys.argv[2], 1), (sys.argv[3], 10)):
    for i, r in enumerate(rows[1:]):
        r[ix] = '%.6f' % ((0.01 + i * 1e-5) * k)
    csv.writer(open(out, 'w', newline=''), lineterminator='\r\n').writerows(rows)
PY
cp a.meta fa.meta
cp b.meta fb.meta
"$H" compare fa.csv fb.csv >out 2>err
rc=$?
expect "ten times slower: exit 0 (got $rc)" [ $rc -eq 0 ]
expect "ten times slower: every pair slower" grep -qE '^6 cells paired: 0 faster and 6 slower in B' out
expect "ten times slower: p = 2/252 exact for 5 runs against 5 apart" \
	[ "$(grep -cF '0.00794 (exact)  slower' out)" -eq 6 ]
expect "ten times slower: the ratio is 10" [ "$(grep -cE '  10\.0  \[' out)" -eq 6 ]
expect "the changed file is a warning, not the end" grep -qF 'fb.csv' err
"$H" compare fb.csv fa.csv >out 2>/dev/null
expect "the other way round: faster" grep -qE '^6 cells paired: 6 faster and 0 slower in B' out
"$H" compare fa.csv fa.csv >out 2>/dev/null
expect "a file against itself: nothing told apart" grep -qE '^6 cells paired: 0 faster and 0 slower in B .* 6 not told apart' out

# --- JSON --------------------------------------------------------------------
"$H" compare fa.csv fb.csv --format json >c.json 2>/dev/null
expect "json: valid (python3 -m json.tool)" python3 -m json.tool c.json >/dev/null
expect "json: every pair, significant, exact p" python3 - c.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
p = d['pairs']
assert len(p) == 6 and all(x['significant'] and x['change'] == 'slower' for x in p), p
assert all(x['p_method'] == 'exact' and abs(x['p'] - 2 / 252) < 1e-12 for x in p)
assert all(x['ratio_ci'][0] > 1 for x in p) and d['bootstrap']['seed'] == 20261201
PY

# --- report --format json of a run's file: the .meta as an object -------------
"$H" report a.csv --format json -o a.json 2>/dev/null
expect "report json: the machine record, lists as arrays" python3 - a.json <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))['machine']
assert m['experiment'] == 'cmp' and m['host'] and isinstance(m['cores'], int), m
assert m['approaches'] == ['backtrack/textbook', 'backtrack/bitmask'], m['approaches']
PY

# --- answers that differ: exit 1 ---------------------------------------------
python3 - b.csv wrong.csv <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
h = rows[0]
for r in rows[1:]:
    if r[h.index('n')] == '6' and r[h.index('approach')] == 'backtrack/bitmask':
        r[h.index('solutions')] = '5'
csv.writer(open(sys.argv[2], 'w', newline=''), lineterminator='\r\n').writerows(rows)
PY
cp b.meta wrong.meta
"$H" compare a.csv wrong.csv >out 2>err
rc=$?
expect "answers differ: exit 1 (got $rc)" [ $rc -eq 1 ]
expect "answers differ: the pair marked" grep -qE '^count +6 +backtrack/bitmask .*ANSWERS DIFFER$' out
expect "answers differ: said on stderr" grep -qF 'the files disagree on an answer' err

# --- bad input ---------------------------------------------------------------
sed 's/^experiment: cmp/experiment: other/' c.yaml >o.yaml
"$H" run o.yaml -o o.csv -q >/dev/null 2>&1
"$H" compare a.csv o.csv >out 2>err
rc=$?
expect "two experiments: exit 2 (got $rc)" [ $rc -eq 2 ]
expect "two experiments: said, with --match" grep -qF "experiment 'other', but a.csv is experiment 'cmp'" err
"$H" compare a.csv o.csv --match approach >out 2>err
rc=$?
expect "--match approach: two experiments compared (got $rc: $(cat err))" [ $rc -eq 0 ] && grep -qE '^6 cells paired' out
"$H" compare a.csv o.csv --match solver >out 2>err
expect "--match solver: the variants pool into one series" grep -qE '^3 cells paired' out
"$H" compare a.csv none.csv >out 2>err
expect "a missing file: exit 2" [ $? -eq 2 ] && grep -qF 'none.csv' err
"$H" compare a.csv >out 2>err
expect "one file: exit 2" [ $? -eq 2 ] && grep -qF 'which two results files' err
"$H" compare a.csv b.csv --match nope >out 2>err
expect "--match of no column: exit 2" [ $? -eq 2 ] && grep -qF "no column 'nope'" err
cat >q.yaml <<'EOF2'
experiment: cmp
instances:
  - {n: 8, mode: first}
approaches:
  - backtrack: {variant: textbook}
EOF2
"$H" run q.yaml -o q.csv -q >/dev/null 2>&1
"$H" compare a.csv q.csv >out 2>err
expect "no cell in common: exit 2" [ $? -eq 2 ] && grep -qF 'no cell in common' err

# --- two machines' merged files ----------------------------------------------
for k in 1 2; do "$H" run c.yaml --shard $k/2 -o m1.shard-$k-of-2.csv -q >/dev/null 2>&1; done
for k in 1 2; do "$H" run c.yaml --shard $k/2 -o m2.shard-$k-of-2.csv -q >/dev/null 2>&1; done
"$H" merge -o m1.csv m1.shard-1-of-2.csv m1.shard-2-of-2.csv >/dev/null 2>&1
"$H" merge -o m2.csv m2.shard-1-of-2.csv m2.shard-2-of-2.csv >/dev/null 2>&1
# the second merge's rows as if measured on another machine
python3 - m2.csv <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
ix = rows[0].index('host')
for r in rows[1:]:
    r[ix] = 'machine-b'
csv.writer(open(sys.argv[1], 'w', newline=''), lineterminator='\r\n').writerows(rows)
PY
"$H" compare m1.csv m2.csv >out 2>err
rc=$?
expect "merged files: exit 0 (got $rc: $(cat err))" [ $rc -eq 0 ]
expect "merged files: every cell of the plan paired" grep -qE '^6 cells paired: .*; 0 only in A, 0 only in B$' out

echo "compare: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
