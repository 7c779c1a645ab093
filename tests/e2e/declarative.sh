#!/usr/bin/env bash
# declarative.sh - the asp (clingo) and smt (Z3) approaches through the
# whole harness: `harness list` shows both; a run of both on plain
# boards (count n = 1..8), the CSPLib blocked instances of instances/
# and an instance with a hint and excluded lines, every row ok and every
# count the one OEIS and backtrack mrv give; a count cut by the timeout is a
# `timeout` row; `harness export --format asp` and `--format smt2`
# written, solved by clingo and z3 with the harness's answer, and their
# mistakes refused (exit 2, nothing written). HARNESS names the binary.
# Prints "N passed, N failed" last; exits 1 if anything failed.
. "$(dirname "$0")/common.bash"

for p in clingo z3; do
	if ! command -v $p >/dev/null; then
		bad "missing: $p (scripts/deps.sh installs gringo and z3)"
		echo "declarative: $pass passed, $failed failed"
		exit 1
	fi
done

"$H" list >"$T/list" 2>&1
expect "harness list shows asp and smt" \
	grep -q '^  asp ' "$T/list"
expect "harness list shows smt" grep -q '^  smt ' "$T/list"

cat >"$T/d.yaml" <<YAML
experiment: declarative
repeat: 1
timeout: 30s
instances:
  - {n: 1..8, mode: count}
  - {file: $ROOT/instances/blocked/*.param, mode: [first, count]}
  - {n: 9, mode: [first, count], hints: [[1, 3]], excluded: {diagonals: [9], antidiagonals: [2, 17]}}
approaches:
  - backtrack: {variant: mrv}
  - asp: {encoding: [count, choice]}
  - smt: {model: bool}
YAML
"$H" run "$T/d.yaml" -q -o "$T/d.csv" >"$T/run.out" 2>&1
rc=$?
expect "the run exits 0 (got $rc: $(tail -3 "$T/run.out"))" [ $rc -eq 0 ]
python3 - "$T/d.csv" >"$T/check" 2>&1 <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
bad = [r for r in rows if r['status'] != 'ok']
for r in bad:
    print('not ok:', r['solver'], r['encoding'], r['n'], r['mode'], r['status'], r['note'])
by = {}
for r in rows:
    by.setdefault((r['n'], r['mode'], r['hints'], r.get('instance_hash', '')), {})[
        r['solver'] + '/' + r['encoding']] = r['solutions']
for k, v in by.items():
    if len(set(v.values())) != 1:
        print('disagree:', k, v)
oeis = [1, 0, 0, 2, 10, 4, 40, 92]
for r in rows:
    if r['mode'] == 'count' and not r['hints'] and not r.get('instance_hash') and int(r['n']) <= 8:
        if int(r['solutions']) != oeis[int(r['n']) - 1]:
            print('oeis:', r['solver'], r['n'], r['solutions'])
solvers = {r['solver'] for r in rows}
print('rows', len(rows), 'solvers', sorted(solvers))
PY
expect "every row ok, every answer agreed: $(cat "$T/check")" \
	grep -qx "rows $(( (8 + 3 * 2 + 2) * 4 )) solvers \['asp', 'backtrack', 'smt'\]" "$T/check"
expect "effort columns filled for asp" \
	python3 -c "
import csv,sys
r=[x for x in csv.DictReader(open('$T/d.csv')) if x['solver']=='asp' and x['n']=='8' and x['mode']=='count']
sys.exit(not r or not all(int(x['decisions'])>0 and int(x['conflicts'])>=0 for x in r))"

# a count the timeout cuts (n = 15 takes either one minutes: 0.4 s cuts
# it as surely as 1.5 s did, and each run burns its timeout)
cat >"$T/t.yaml" <<YAML
experiment: cut
repeat: 1
timeout: 400ms
instances:
  - {n: 15, mode: count}
approaches:
  - asp
  - smt
YAML
"$H" run "$T/t.yaml" -q -o "$T/t.csv" >"$T/t.out" 2>&1
expect "a count cut by the timeout is a timeout row, twice ($(csv_col "$T/t.csv" status | tr '\n' ' '))" \
	[ "$(csv_col "$T/t.csv" status | tr '\n' ' ')" = "timeout timeout " ]

# export, then the programs themselves
"$H" export -n 8 --hint 1:1 --blocked 2:3 --format asp -o "$T/q.lp" 2>"$T/e1"
expect "export --format asp writes the program ($(cat "$T/e1"))" \
	grep -q '^hint(1,1)\.$' "$T/q.lp"
clingo "$T/q.lp" -n 0 -q >"$T/c.out" 2>&1
"$H" solve -q -n 8 --count --hint 1:1 backtrack:variant=mrv -o "$T/m.csv" >/dev/null 2>&1
"$H" export -n 8 --hint 1:1 --format asp --encoding choice -o "$T/q2.lp" 2>/dev/null
want=$(csv_col "$T/m.csv" solutions)
expect "clingo counts the exported program as backtrack mrv does ($want)" \
	grep -Eq "^Models +: $(clingo "$T/q2.lp" -n 0 -q 2>/dev/null | sed -n 's/^Models *: *//p')$" \
	<(echo "Models : $want")
"$H" export -n 8 --hint 1:1 --model int -o "$T/q.smt2" 2>"$T/e2"
expect "export -o FILE.smt2 writes SMT-LIB ($(cat "$T/e2"))" \
	grep -q '^(assert (= q_1 1))$' "$T/q.smt2"
expect "z3 solves the exported file" \
	grep -qx sat <(z3 "$T/q.smt2")
"$H" export -n 4 --hint 1:1 -o "$T/n.smt2" 2>/dev/null
expect "z3 finds no 4-queens placement with a queen in a corner" \
	grep -qx unsat <(z3 "$T/n.smt2" 2>&1)

# libz3 is loaded by the harness when an experiment has an smt approach
# (solvers/program/declarative/z3api.h), never linked: linked, every
# command paid for its 23 MB at start, 8.3 against 4.3 ms
expect "the harness is not linked to libz3" \
	bash -c '! ldd "$1" | grep -q libz3' _ "$H"
LD_DEBUG=files "$H" export -n 5 -o /dev/null >/dev/null 2>"$T/ld1"
LD_DEBUG=files "$H" solve -n 5 smt >/dev/null 2>"$T/ld2"
expect "export (no Z3 call) runs without loading libz3" \
	bash -c '! grep -q "file=libz3" "$1"' _ "$T/ld1"
expect "solve with smt loads it" grep -q "file=libz3" "$T/ld2"

# mistakes: exit 2, nothing written
for args in "--format asp --model int" "--format asp --encoding pairwise" \
	"--model bool --card none" "--model int --card pb" \
	"--format smt2 --encoding commander" "--format asp --columns none"; do
	# shellcheck disable=SC2086
	"$H" export -n 6 $args -o "$T/x.smt2" >/dev/null 2>"$T/err"
	rc=$?
	expect "export $args: exit 2 ($rc: $(head -1 "$T/err")), nothing written" \
		[ $rc -eq 2 -a ! -e "$T/x.smt2" ]
done

echo "declarative: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
