#!/usr/bin/env bash
# clpfd.sh - a new paradigm as a plugin: plugins/clpfd.c (CLP(FD) through
# GNU Prolog) and encoders/template/template_program.c (awk), built
# against include/ alone and run through the host's services (nq_host,
# ABI 6). Counts n = 1..10 right, blocked squares, excluded lines and
# pre-placed queens answered as backtracking answers them, every row
# checked by the validator; a program that lies is called wrong, one
# that fails is an error naming it, one that hangs is a timeout that
# leaves nothing behind, one that is missing is refused at load (exit 2).
# HARNESS names the binary (default ./harness). Prints "N passed, N
# failed" last; exits 1 if anything failed. About 3 s.
. "$(dirname "$0")/common.bash"

if ! command -v gprolog >/dev/null; then
	bad "gprolog is missing (scripts/deps.sh installs it)"
	echo "clpfd: $pass passed, $failed failed"
	exit 1
fi
# as `make plugin` builds them, against include/ only
for src in plugins/clpfd.c encoders/template/template_program.c; do
	cc -std=c11 -O2 -Wall -Wextra -Werror -shared -fPIC -Iinclude \
		-o "$T/$(basename "$src" .c).so" "$src" 2>"$T/cc.err"
	expect "$src builds against include/ alone ($(head -3 "$T/cc.err"))" \
		[ -s "$T/$(basename "$src" .c).so" ]
done

# --- counts n = 1..10 and the hard variants, as backtracking answers ---
cat >"$T/a.yaml" <<'EOF'
experiment: clpfd
repeat: 1
timeout: 30s
plugins: [clpfd.so, template_program.so]
instances:
  - {n: '1..10', mode: count}
  - {n: 8, mode: count, blocked: [[1, 1], [4, 4], [6, 2]]}
  - {n: 9, mode: count, excluded: {diagonals: [3, 9], antidiagonals: [9]}}
  - {n: 10, mode: first, hints: [[1, 2]], blocked: [[5, 5], [6, 1]], excluded: {diagonals: [4]}}
  - {n: 3, mode: first}
approaches:
  - backtrack: {variant: mrv}
  - clpfd
EOF
printf '  - template-program\n' >>"$T/a.yaml"
"$H" run "$T/a.yaml" -q -o "$T/a.csv" >"$T/a.out" 2>&1; rc=$?
expect "the run exits 0 (exit $rc: $(tail -3 "$T/a.out"))" [ $rc -eq 0 ]
python3 - "$T/a.csv" >"$T/a.check" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
oeis = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]
ref = {}
for r in rows:
    if r['approach'] == 'backtrack/mrv':
        ref[r['instance']] = r['solutions']
counts = [r['solutions'] for r in rows if r['approach'] == 'clpfd/ff'
          and r['mode'] == 'count' and not r['blocked'] and not r['excluded']]
print('counts', counts == [str(c) for c in oeis], counts)
for a in ('clpfd/ff', 'template-program'):
    mine = [r for r in rows if r['approach'] == a]
    bad = [(r['instance'], r['status'], r['solutions'], ref.get(r['instance']),
            r['note']) for r in mine
           if r['status'] != 'ok' or r['solutions'] != ref.get(r['instance'])]
    print('agree', a, len(mine), not bad, bad[:3])
print('variants', sorted({r['instance'] for r in rows
                          if r['approach'] == 'clpfd/ff' and r['status'] == 'ok'
                          and (r['blocked'] or r['excluded'])}) != [])
print('checked', all(r['checked'] for r in rows if r['approach'] != 'backtrack/mrv'
                     and r['status'] == 'ok'))
PY
expect "clpfd counts n = 1..10 as OEIS A000170 ($(grep '^counts' "$T/a.check"))" \
	grep -q '^counts True' "$T/a.check"
for a in clpfd/ff template-program; do
	expect "$a answers every instance ok, as backtracking ($(grep "^agree $a " "$T/a.check"))" \
		grep -q "^agree $a [0-9]* True" "$T/a.check"
done
expect "blocked squares and excluded lines reached clpfd" grep -q '^variants True' "$T/a.check"
expect "every answer says what checked it" grep -q '^checked True' "$T/a.check"

"$H" solve -n 9 --count --plugin "$T/clpfd.so" clpfd:labeling=leftmost \
	-o "$T/left.csv" >"$T/left.out" 2>&1
expect "row-order labelling counts n = 9 ($(csv_col "$T/left.csv" solutions))" \
	[ "$(csv_col "$T/left.csv" status) $(csv_col "$T/left.csv" solutions)" = "ok 352" ]
"$H" solve -n 40 --plugin "$T/clpfd.so" clpfd -o "$T/n40.csv" >"$T/n40.out" 2>&1
expect "first-fail places 40 queens, checked ok ($(csv_col "$T/n40.csv" status))" \
	[ "$(csv_col "$T/n40.csv" status)" = ok ]

# --- programs that lie, fail, hang or are missing ---------------------
mkdir "$T/bin"
printf '#!/bin/sh\necho nq-count 93\n' >"$T/bin/liar"
printf '#!/bin/sh\necho "no such predicate" >&2\nexit 3\n' >"$T/bin/failing"
printf '#!/bin/sh\necho $$ >%s/hang.pid\nexec sleep 30\n' "$T" >"$T/bin/hang"
chmod +x "$T/bin/liar" "$T/bin/failing" "$T/bin/hang"
"$H" solve -n 8 --count --plugin "$T/clpfd.so" "clpfd:command=$T/bin/liar" \
	-o "$T/liar.csv" >"$T/liar.out" 2>&1
expect "a program that lies (93 for n = 8) is called wrong ($(csv_col "$T/liar.csv" status))" \
	[ "$(csv_col "$T/liar.csv" status)" = wrong ]
"$H" solve -n 8 --count --plugin "$T/clpfd.so" "clpfd:command=$T/bin/failing" \
	-o "$T/fail.csv" >"$T/fail.out" 2>&1
expect "a program that fails is an error naming its exit and stderr ($(csv_col "$T/fail.csv" note))" \
	sh -c "[ '$(csv_col "$T/fail.csv" status)' = error ] &&
	       csv_note=\"\$(python3 -c \"import csv;print(next(csv.DictReader(open('$T/fail.csv')))['note'])\")\" &&
	       case \"\$csv_note\" in *'exited 3'*'no such predicate'*) true;; *) false;; esac"
start=$(date +%s)
"$H" solve -n 8 --count --timeout 1s --plugin "$T/clpfd.so" \
	"clpfd:command=$T/bin/hang" -o "$T/hang.csv" >"$T/hang.out" 2>&1
took=$(($(date +%s) - start))
expect "a program that hangs is a timeout at the run's limit ($(csv_col "$T/hang.csv" status), ${took}s)" \
	[ "$(csv_col "$T/hang.csv" status)" = timeout -a "$took" -le 10 ]
expect "and it is gone after the run" \
	sh -c "[ -s '$T/hang.pid' ] && ! kill -0 \$(cat '$T/hang.pid') 2>/dev/null"
cat >"$T/missing.yaml" <<'EOF'
plugins: [clpfd.so]
instances: [{n: 8, mode: count}]
approaches:
  - clpfd: {command: no-such-prolog-here}
EOF
"$H" run "$T/missing.yaml" -o "$T/missing.csv" >"$T/missing.out" 2>&1; rc=$?
expect "a missing program is refused at load, exit 2, nothing written (exit $rc: $(head -1 "$T/missing.out"))" \
	sh -c "[ $rc -eq 2 ] && grep -q 'missing.yaml:4:' '$T/missing.out' && [ ! -e '$T/missing.csv' ]"

echo "clpfd: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
