#!/usr/bin/env bash
# compare.sh - end-to-end tests of `harness compare A.csv B.csv`: two runs
# of one experiment (nothing significant there by design is not asserted:
# timings are noisy; the pairing, counts and exit status are); B made ten
# times slower (every pair "slower", p exact); what the repeats let it see
# (files made by hand: 3 runs a side cannot be significant and say so, 6
# can, ~ for equal samples, the delta in % and the geomean); answers that
# differ (exit 1); two experiments (exit 2, or --match); JSON that python
# reads; two merged files of shards from two machines. Prints "compare: N
# passed, N failed" last.
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
expect "ten times slower: the delta +900% with its interval" \
	[ "$(grep -cE '  \+900% \[\+[0-9.]+%, \+[0-9.]+%\]  ' out)" -eq 6 ]
expect "ten times slower: the smallest p 5 runs allow" \
	grep -qxF '5 ok runs a side: p can go as low as 0.00794 (alpha 0.05)' out
expect "ten times slower: the geomean" grep -qxF 'geomean of B/A: 10.0 (+900%) over 6 cells' out
expect "the changed file is a warning, not the end" grep -qF 'fb.csv' err
"$H" compare fb.csv fa.csv >out 2>/dev/null
expect "the other way round: faster" grep -qE '^6 cells paired: 6 faster and 0 slower in B' out
"$H" compare fa.csv fa.csv >out 2>/dev/null
expect "a file against itself: nothing told apart" grep -qE '^6 cells paired: 0 faster and 0 slower in B .* 6 not told apart \(~\), 0 with too few runs' out
expect "a file against itself: ~ on every row" [ "$(grep -cE ' \(exact|normal\) +~$' out)" -eq 6 ]

# --- what the repeats let it see: files made by hand ---------------------------
# hand.py OUT EXPERIMENT 'approach:n:v1,v2,...' ...: a results file of count
# runs, "-" a timeout
cat >hand.py <<'PY'
import csv, sys
with open(sys.argv[1], 'w', newline='') as f:
    w = csv.writer(f, lineterminator='\r\n')
    w.writerow(['experiment', 'n', 'mode', 'solver', 'approach', 'repeat',
                'status', 'solutions', 'wall_s'])
    for cell in sys.argv[3:]:
        appr, n, vals = cell.split(':')
        for i, v in enumerate(vals.split(',')):
            ok = v != '-'
            w.writerow([sys.argv[2], n, 'count', appr.split('/')[0], appr,
                        i + 1, 'ok' if ok else 'timeout',
                        {'4': 2, '5': 10, '6': 4}[n] if ok else '',
                        '%.6f' % (float(v) if ok else 5)])
PY
# runs: K values from 10 ms, each 10 us above the last, times X
runs() { python3 -c "import sys; k, x = int(sys.argv[1]), float(sys.argv[2]); print(','.join('%.6f' % ((0.01 + i * 1e-5) * x) for i in range(k)))" "$@"; }
python3 hand.py h3a.csv hand "x/one:4:$(runs 3 1)" "x/two:5:$(runs 3 1)"
python3 hand.py h3b.csv hand "x/one:4:$(runs 3 8)" "x/two:5:$(runs 3 8)"
"$H" compare h3a.csv h3b.csv >out 2>err
rc=$?
expect "3 runs a side, 8x: exit 0 (got $rc: $(cat err))" [ $rc -eq 0 ]
expect "3 runs a side, 8x: no p can be significant, and what to do" \
	grep -qxF '3 ok runs a side: p >= 0.1, so no change can be significant; use repeat >= 5 (alpha 0.05)' out
expect "3 runs a side, 8x: the delta in % with its interval, p at its floor, too few runs" \
	[ "$(grep -cE '  8\.00  \[[0-9.]+, [0-9.]+\] +\+700% \[\+6[0-9.]+%, \+7[0-9.]+%\] +0\.1 \(exact\) +too few runs \(p >= 0\.1\)$' out)" -eq 2 ]
expect "3 runs a side, 8x: not 'not told apart' but too few runs" \
	grep -qE '^2 cells paired: 0 faster and 0 slower in B .*, 0 not told apart \(~\), 2 with too few runs to be told apart \(use repeat >= 5\), 0 without' out
expect "3 runs a side, 8x: the geomean" grep -qxF 'geomean of B/A: 8.00 (+700%) over 2 cells' out
expect "3 runs a side, 8x: no ~ (nothing could be told apart)" [ "$(grep -c '  ~$' out)" -eq 0 ]
"$H" compare h3a.csv h3b.csv --format json >c.json 2>/dev/null
expect "3 runs a side, 8x: json says so" python3 - c.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d['version'] == 2 and d['repeat_needed'] == 5, d
assert d['geomean']['cells'] == 2 and abs(d['geomean']['ratio'] - 8) < 1e-9, d
for x in d['pairs']:
    assert x['p_min'] == 0.1 and not x['can_be_significant'], x
    assert not x['significant'] and x['change'] == 'too few runs', x
    assert abs(x['delta_pct'] - 700) < 1e-6 and x['delta_pct_ci'][0] > 0, x
PY
# hostile: three tied runs against three others take the normal
# approximation, which alone says p = 0.047; no order of 3 against 3 is
# rarer than 0.1, and the cell must not be called slower
python3 hand.py t3a.csv hand "x/one:4:0.01,0.01,0.01"
python3 hand.py t3b.csv hand "x/one:4:0.08,0.08,0.08"
"$H" compare t3a.csv t3b.csv >out 2>/dev/null
expect "3 tied runs a side, 8x: p held at 0.1, too few runs" \
	grep -qE '  0\.1 \(normal\) +too few runs \(p >= 0\.1\)$' out
expect "3 tied runs a side, 8x: not slower" grep -qE '^1 cells paired: 0 faster and 0 slower' out
python3 hand.py o1a.csv hand "x/one:4:0.01" "x/two:5:0.01"
python3 hand.py o1b.csv hand "x/one:4:0.05" "x/two:5:0.01"
"$H" compare o1a.csv o1b.csv >out 2>/dev/null
expect "1 run a side: p >= 1" \
	grep -qxF '1 ok run a side: p >= 1, so no change can be significant; use repeat >= 5 (alpha 0.05)' out
expect "1 run a side: the delta without an interval" grep -qE '  \+400%  +1 \(exact\) +too few runs \(p >= 1\)$' out
# 1 run against 60: p could pass 0.05 (2/61 at the floor), but an
# interval takes two runs a side
python3 hand.py o60.csv hand "x/one:4:$(runs 60 2)"
"$H" compare o1a.csv o60.csv >out 2>/dev/null
expect "1 run against 60: no interval, too few runs [1/2]" \
	grep -qxF '1 ok run in A, 60 in B: no interval with 1 run, so no change can be significant; use repeat >= 5' out
expect "1 run against 60: no interval, too few runs [2/2]" \
	grep -qE '^count +4 +x/one .*  too few runs \(1 run: no interval\)$' out

# 6 runs a side, B 2x and 8x slower: significant, the deltas, the geomean 4
python3 hand.py h6a.csv hand "x/one:4:$(runs 6 1)" "x/two:5:$(runs 6 1)"
python3 hand.py h6b.csv hand "x/one:4:$(runs 6 2)" "x/two:5:$(runs 6 8)"
"$H" compare h6a.csv h6b.csv >out 2>/dev/null
expect "6 runs a side: the smallest p they allow" \
	grep -qxF '6 ok runs a side: p can go as low as 0.00216 (alpha 0.05)' out
expect "6 runs a side, 2x: slower, +100%" \
	grep -qE '^count +4 +x/one .*  2\.00  \[[0-9.]+, [0-9.]+\] +\+100% \[\+[0-9.]+%, \+[0-9.]+%\] +0\.00216 \(exact\)  slower$' out
expect "6 runs a side, 8x: slower, +700%" \
	grep -qE '^count +5 +x/two .*  8\.00  \[[0-9.]+, [0-9.]+\] +\+700% \[\+[0-9.]+%, \+[0-9.]+%\] +0\.00216 \(exact\)  slower$' out
expect "6 runs a side: both significant" \
	grep -qE '^2 cells paired: 0 faster and 2 slower in B .*, 0 not told apart \(~\), 0 with too few runs to be told apart, 0 without' out
expect "6 runs a side: the geomean of 2 and 8 is 4" grep -qxF 'geomean of B/A: 4.00 (+300%) over 2 cells' out
"$H" compare h6b.csv h6a.csv >out 2>/dev/null
expect "6 runs a side, the other way: faster, -50% and -87.5%, geomean 1/4 [1/3]" \
	grep -qE '  -50\.0% \[' out
expect "6 runs a side, the other way: faster, -50% and -87.5%, geomean 1/4 [2/3]" \
	grep -qE '  -87\.5% \[' out
expect "6 runs a side, the other way: faster, -50% and -87.5%, geomean 1/4 [3/3]" \
	grep -qxF 'geomean of B/A: 0.250 (-75.0%) over 2 cells' out
"$H" compare h6a.csv h6b.csv --format json >c.json 2>/dev/null
expect "6 runs a side: json" python3 - c.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
g = d['geomean']
assert g['cells'] == 2 and abs(g['ratio'] - 4) < 1e-9 and abs(g['delta_pct'] - 300) < 1e-6, g
for x, r in zip(d['pairs'], (2, 8)):
    assert x['significant'] and x['can_be_significant'] and x['change'] == 'slower', x
    assert abs(x['p_min'] - 2 / 924) < 1e-15 and abs(x['p'] - 2 / 924) < 1e-15, x
    lo, hi = x['delta_pct_ci']
    assert abs(x['delta_pct'] - (r - 1) * 100) < 1e-6 and 0 < lo <= x['delta_pct'] <= hi, x
PY
# equal samples: ~ (the runs could have shown a change; none was there)
"$H" compare h6a.csv h6a.csv >out 2>/dev/null
expect "equal samples: ~ on every row, 0%" [ "$(grep -cE '^count .*  0% \[-[0-9.]+%, \+[0-9.]+%\]  1 \(normal\) +~$' out)" -eq 2 ]
expect "equal samples: not told apart" grep -qE '^2 cells paired: 0 faster and 0 slower in B .*, 2 not told apart \(~\), 0 with too few' out
expect "equal samples: geomean 1" grep -qxF 'geomean of B/A: 1.00 (0%) over 2 cells' out
# counts that differ between cells: the floor per cell; a cell with no
# ok run in B is left out of the geomean
python3 hand.py m6b.csv hand "x/one:4:$(runs 6 2)" "x/two:5:0.02,0.02,-,-,-,-" "x/three:6:-,-,-,-,-,-"
python3 hand.py m6a.csv hand "x/one:4:$(runs 6 1)" "x/two:5:$(runs 6 1)" "x/three:6:$(runs 6 1)"
"$H" compare m6a.csv m6b.csv >out 2>/dev/null
expect "counts that differ: said, with the cell that cannot be significant" \
	grep -qxF "the ok runs differ between cells: p >= is the smallest p each cell's runs allow; 1 cell cannot be significant (alpha 0.05): use repeat >= 5" out
expect "counts that differ: the floor per cell [1/2]" \
	grep -qE '^count +4 +x/one .*  0\.00216 (\(exact\)) +0\.00216 +slower$' out
expect "counts that differ: the floor per cell [2/2]" \
	grep -qE '^count +5 +x/two .*  0\.0714 +too few runs \(p >= 0\.0714\)$' out
expect "counts that differ: the geomean over the cells with both medians" \
	grep -qxF 'geomean of B/A: 2.00 (+99.8%) over 2 cells of 3 (those with a median above 0 on both sides)' out

# --- the shipped before/after example has the runs to show a change --------
cfg=$(sed -n 's/^harness run \(configs\/[a-z0-9-]*\.yaml\) -o before\.csv$/\1/p' "$ROOT/docs/reports.md")
expect "docs/reports.md: the before/after example names a config ($cfg)" [ -f "$ROOT/$cfg" ]
"$H" plan "$ROOT/$cfg" >out 2>err
rep=$(sed -n 's/.*(repeat \([0-9]*\)).*/\1/p' out)
expect "$cfg: repeat >= 5 (got ${rep:-none}: $(cat err))" [ "${rep:-0}" -ge 5 ]
expect "$cfg: the README shows it too" grep -qF "run $cfg -o before.csv" "$ROOT/README.md"

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
expect "--match approach: two experiments compared (got $rc: $(cat err))" [ $rc -eq 0 ]
expect "--match approach: two experiments compared (got $rc: $(cat err)) (2 of 2)" grep -qE '^6 cells paired' out
"$H" compare a.csv o.csv --match solver >out 2>err
expect "--match solver: the variants pool into one series" grep -qE '^3 cells paired' out
"$H" compare a.csv none.csv >out 2>err
expect "a missing file: exit 2" [ $? -eq 2 ]
expect "a missing file: exit 2 (2 of 2)" grep -qF 'none.csv' err
"$H" compare a.csv >out 2>err
expect "one file: exit 2" [ $? -eq 2 ]
expect "one file: exit 2 (2 of 2)" grep -qF 'which two results files' err
"$H" compare a.csv b.csv --match nope >out 2>err
expect "--match of no column: exit 2" [ $? -eq 2 ]
expect "--match of no column: exit 2 (2 of 2)" grep -qF "no column 'nope'" err
cat >q.yaml <<'EOF2'
experiment: cmp
instances:
  - {n: 8, mode: first}
approaches:
  - backtrack: {variant: textbook}
EOF2
"$H" run q.yaml -o q.csv -q >/dev/null 2>&1
"$H" compare a.csv q.csv >out 2>err
expect "no cell in common: exit 2" [ $? -eq 2 ]
expect "no cell in common: exit 2 (2 of 2)" grep -qF 'no cell in common' err

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
