#!/usr/bin/env bash
# merge.sh - end-to-end tests of `harness merge`: four shards of one run
# merged back equal the run's rows (times aside); a missing shard, a run
# in two shards, another experiment file, a broken row are exit 2 with
# nothing written; --partial merges what there is; shards that disagree
# are exit 1 with the rows wrong. The shards are made by `run --shard
# K/4`, the whole run by `run`. Prints
# "merge: N passed, N failed" last.
. "$(dirname "$0")/common.bash"

# bad_input DESC SUBSTRING CMD...: exit 2, SUBSTRING on stderr, no output
# a refused merge writes no out.csv, no out.meta (bad_input, common.bash)
wrote_out() {
	if [ -e "$T/out.csv" ] || [ -e "$T/out.meta" ]; then echo "wrote a file"; fi
}
refused_merge() {
	rm -f "$T/out.csv" "$T/out.meta"
	BAD_INPUT_AFTER=wrote_out bad_input "$@"
}

# (n = 4 and 5 left out: their runs walked nothing n = 3 and 6 do not,
# and the full run and its shards made 48 more runs for them; one repeat:
# no check here depends on a second, which made 54 more runs (1.3 CPU-s
# under ASan), and shards of a run with two repeats merged into its rows
# are scale.sh's check, merged.csv against full.csv)
cat >"$T/m.yaml" <<'EOF'
experiment: m
repeat: 1
timeout: 20s
instances:
  - n: [1, 2, 3, 6]
    mode: [first, count]
  - n: 6
    mode: count
    hints: [[1, 2]]
approaches:
  - backtrack: {variant: [textbook, bitmask]}
  - picosat: {encoding: pairwise}
EOF
cd "$T" || exit 1

"$H" run m.yaml -o full.csv -q >/dev/null 2>err || { echo "the run failed: $(<err)"; exit 1; }

for k in 1 2 3 4; do
	"$H" run m.yaml --shard $k/4 -o s.shard-$k-of-4.csv -q >/dev/null 2>err ||
		bad "run --shard $k/4: $(<err)"
done
S="s.shard-1-of-4.csv s.shard-2-of-4.csv s.shard-3-of-4.csv s.shard-4-of-4.csv"

# --- four shards: the run's rows, one run's order ---------------------------
"$H" merge -o out.csv $S >/dev/null 2>err
rc=$?
expect "merge exits 0 (got $rc: $(<err))" [ $rc -eq 0 ]
same() { python3 "$ROOT/scripts/same_rows.py" "$@" >same.out; }
expect "the merged rows are the run's, in its order ($(tail -1 same.out 2>/dev/null))" same full.csv out.csv
expect "the summary line" grep -qE '^harness merge: [0-9]+ rows from 4 files into out.csv' err
expect "the .meta is YAML" meta_is_yaml out.meta
expect "the .meta lists four machines" [ "$(grep -c '^  - {"host": ' out.meta)" -eq 4 ]
expect "the .meta names the shards and where from" \
	grep -qE '^shards: 4$' out.meta
expect "merged_from lists the files" grep -qF '  - "s.shard-3-of-4.csv"' out.meta
sha=$(sha256sum <m.yaml)
expect "config_sha256 kept" grep -qF "config_sha256: \"${sha%% *}\"" out.meta
"$H" merge -o out.csv $S >/dev/null 2>err
expect "a second merge keeps the first as .bak" [ -s out.csv.bak ]
expect "and says so" grep -qF 'kept as out.csv.bak' err

# --- what stops a merge ------------------------------------------------------
refused_merge "a missing shard" "missing: m " "$H" merge -o out.csv s.shard-1-of-4.csv s.shard-2-of-4.csv s.shard-4-of-4.csv
expect "the command that makes them" grep -qF 'harness run m.yaml --shard 3/4 --resume' "$T/be"

cp s.shard-2-of-4.csv d.shard-2-of-4.csv
cp s.shard-2-of-4.meta d.shard-2-of-4.meta
refused_merge "a run in two shards" "a run in two shards" "$H" merge -o out.csv $S d.shard-2-of-4.csv
expect "both files named" grep -qE 'd.shard-2-of-4.csv:2: .*s.shard-2-of-4.csv:2' "$T/be"

sed -i 's/^config_sha256: .*/config_sha256: "0123"/' d.shard-2-of-4.meta
refused_merge "another experiment file" "config_sha256 0123, but s.shard-1-of-4.meta has" \
	"$H" merge -o out.csv s.shard-1-of-4.csv d.shard-2-of-4.csv s.shard-3-of-4.csv s.shard-4-of-4.csv
cp s.shard-2-of-4.meta d.shard-2-of-4.meta
sed -i 's/^harness_version: .*/harness_version: "0.0.1"/' d.shard-2-of-4.meta
refused_merge "another harness version" "harness_version 0.0.1" \
	"$H" merge -o out.csv s.shard-1-of-4.csv d.shard-2-of-4.csv s.shard-3-of-4.csv s.shard-4-of-4.csv
cp s.shard-2-of-4.meta d.shard-2-of-4.meta

cp m.yaml m.yaml.orig
echo "# changed" >>m.yaml
refused_merge "the experiment file changed since" "its SHA-256 is" "$H" merge -o out.csv $S
cp m.yaml.orig m.yaml
refused_merge "a .meta missing" "cannot read" "$H" merge -o out.csv $S full.csv.nope

# a broken row in the middle: FILE:LINE (and, for the disagreeing shards
# below, one shard's 6-queens count off by two: one python3 writes both)
k=$(python3 - s.shard-2-of-4.csv d.shard-2-of-4.csv <<'PY'
import csv, shutil, sys
lines = open(sys.argv[1], newline='').read().split('\r\n')
lines.insert(3, 'm,6,count')
open(sys.argv[2], 'w', newline='').write('\r\n'.join(lines))
for k in range(1, 5):
    p = f's.shard-{k}-of-4.csv'
    rows = list(csv.reader(open(p, newline='')))
    ix = {c: i for i, c in enumerate(rows[0])}
    hit = [r for r in rows[1:] if r[ix['n']] == '6' and r[ix['mode']] == 'count'
           and not r[ix['hints']]]
    if hit:
        hit[0][ix['solutions']] = '6'
        csv.writer(open(f'w.shard-{k}-of-4.csv', 'w', newline=''),
                   lineterminator='\r\n').writerows(rows)
        shutil.copy(f's.shard-{k}-of-4.meta', f'w.shard-{k}-of-4.meta')
        print(k)
        break
PY
)
refused_merge "a broken row" "d.shard-2-of-4.csv:4: 3 cells" \
	"$H" merge -o out.csv s.shard-1-of-4.csv d.shard-2-of-4.csv s.shard-3-of-4.csv s.shard-4-of-4.csv

# --- --partial ---------------------------------------------------------------
rm -f out.csv out.meta
"$H" merge -o out.csv --partial s.shard-1-of-4.csv s.shard-2-of-4.csv s.shard-4-of-4.csv >/dev/null 2>err
rc=$?
expect "--partial exits 0 (got $rc: $(<err))" [ $rc -eq 0 ]
expect "--partial names what is missing" grep -qF 'harness run m.yaml --shard 3/4 --resume' err
expect "--partial writes the rows there are" \
	[ "$(($(wc -l <out.csv) - 1))" -eq "$(cat s.shard-[124]-of-4.csv | grep -vc '^experiment,')" ]
expect "--partial: the .meta says so" grep -qE '^outcome: "partial"$' out.meta

# a half-written last line: a warning, its run missing
cp s.shard-3-of-4.csv c.shard-3-of-4.csv
cp s.shard-3-of-4.meta c.shard-3-of-4.meta
truncate -s -9 c.shard-3-of-4.csv
refused_merge "a cut last line: its run is missing" "missing: m " \
	"$H" merge -o out.csv s.shard-1-of-4.csv s.shard-2-of-4.csv c.shard-3-of-4.csv s.shard-4-of-4.csv
expect "a cut last line is a warning with its line" grep -qE 'c.shard-3-of-4.csv:[0-9]+: warning: the last row is half written' "$T/be"

# --- shards that disagree: exit 1, the rows wrong ----------------------------
# one shard's 6-queens count off by two (w.shard-K, written above with the
# broken row): OEIS says which answer is wrong
args=()
for j in 1 2 3 4; do
	if [ "$j" = "$k" ]; then args+=("w.shard-$j-of-4.csv"); else args+=("s.shard-$j-of-4.csv"); fi
done
# the edit is also a change after the run wrote the shard: refused, the row
# named, unless --force (then the ledger has its say)
refused_merge "an edited shard: refused" "w.shard-$k-of-4.csv:" "$H" merge -o out.csv "${args[@]}"
expect "an edited shard: the row named" grep -qE "^w.shard-$k-of-4.csv:[0-9]+: row [0-9]+ changed after the run wrote it$" "$T/be"
rm -f out.csv
"$H" merge -o out.csv --force "${args[@]}" >/dev/null 2>err
rc=$?
expect "disagreeing shards exit 1 (got $rc: $(<err))" [ $rc -eq 1 ]
expect "the summary counts the wrong row" grep -qE ' [1-9][0-9]* wrong' err
# (the row marked wrong in out.csv: checked at the end, with v.csv, by one
# python3; nothing writes out.csv after this)

# --- an instance listed twice, its copies in different shards -----------------
# Each shard resumed must take only its own copy's row as done, or it runs
# the other shard's copy again and the merge finds a run in two shards.
cat >dup.yaml <<'EOF'
experiment: dup
instances:
  - {n: 4..6, mode: count}
  - {n: 5, mode: count}
approaches:
  - backtrack: {variant: [textbook, bitmask]}
  - picosat
EOF
for j in 1 2 3 4; do
	"$H" run dup.yaml --shard "$j/4" -q -o "dup.shard-$j-of-4.csv" >/dev/null 2>&1
	"$H" run dup.yaml --shard "$j/4" --resume -q -o "dup.shard-$j-of-4.csv" >/dev/null 2>&1
done
"$H" merge -o dup.csv dup.shard-*-of-4.csv >/dev/null 2>err
rc=$?
expect "shards resumed with an instance listed twice merge (got $rc: $(<err))" [ $rc -eq 0 ]
expect "the merged file has the plan's 12 rows" [ "$(($(wc -l <dup.csv) - 1))" -eq 12 ]

# --- instances with the same hints but other blocked squares: their rows
# keep their own keys through shards, resume and merge ---------------------
cat >"$T/v.yaml" <<'EOF'
experiment: v
instances:
  - {n: 6, mode: count, blocked: [[1, 2]]}
  - {n: 6, mode: count, blocked: [[1, 3]]}
  - {n: 6, mode: count, excluded: {antidiagonals: [3]}}
  - {n: 6, mode: count}
approaches:
  - backtrack: {variant: textbook}
EOF
for k in 1 2; do "$H" run "$T/v.yaml" --shard $k/2 -q -o "$T/v$k.csv" >/dev/null 2>&1; done
"$H" run "$T/v.yaml" --shard 1/2 --resume -o "$T/v1.csv" >"$T/vr.out" 2>&1
expect "a resumed shard with blocked instances has nothing left to run ($(tail -1 "$T/vr.out"))" \
	grep -q '0 rows written' "$T/vr.out"
"$H" merge -o "$T/v.csv" "$T/v1.csv" "$T/v2.csv" >"$T/vm.out" 2>&1
expect "shards of blocked and excluded instances merge with no run missing ($(tail -1 "$T/vm.out"))" \
	grep -q '4 rows from 2 files into .*: 0 missing' "$T/vm.out"
python3 - out.csv "$T/v.csv" >py.out <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
bad = [r for r in rows if r['n'] == '6' and r['mode'] == 'count' and not r['hints'] and r['solutions'] == '6']
print(bool(bad and all(r['status'] == 'wrong' for r in bad)))
print(len({r['instance_hash'] for r in csv.DictReader(open(sys.argv[2], newline=''))}))
PY
{ read -r wrong; read -r hashes; } <py.out
expect "the row is wrong in the merged file (of the disagreeing shards above)" [ "$wrong" = True ]
expect "each instance keeps its own hash in the merged file" [ "$hashes" = 4 ]

echo "merge: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
