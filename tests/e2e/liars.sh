#!/usr/bin/env bash
# liars.sh - the validator against lying plugins (tests/liars/liars.c):
# every lie ends `wrong` or `disputed`, no honest row is ever `wrong` or
# `disputed`, the run exits 1, and the verdicts are the same whichever
# order the approaches run in; the final verdict reaches the CSV, the
# summary and the exit code even when it changed after the row was
# written. HARNESS names the binary (default ./harness). Prints
# "liars: N passed, N failed" last; exits 1 if anything failed.
. "$(dirname "$0")/common.bash"

cc -std=c11 -O2 -shared -fPIC -I"$ROOT/include" -o "$T/liars.so" \
	tests/liars/liars.c 2>"$T/cc.err" || bad "building liars.so: $(cat "$T/cc.err")"

# verdicts FILE.csv: one line per row "approach mode n hints status"
# (sorted), after checking the rows against the rules; prints "BAD: ..."
# for a broken rule
verdicts() {
	python3 - "$1" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
liar = lambda r: 'liar' in r['approach'] or r['encoding'] == 'lie'
truth = {}
for r in rows:
    if not liar(r) and r['solutions'] != '':
        truth.setdefault((r['n'], r['hints'], r['mode']), set()).add(r['solutions'])
for r in rows:
    key = (r['n'], r['hints'], r['mode'])
    if not liar(r):
        # never wrong; disputed only beside a disputed lie
        if r['status'] == 'disputed' and any(
                liar(x) and x['status'] == 'disputed' and
                (x['n'], x['hints']) == key[:2] for x in rows):
            continue
        if r['status'] != 'ok':
            print('BAD: honest', r['approach'], key, r['status'], r['note'])
        continue
    if r['status'] == 'ok':
        # a liar may be right by accident: a valid placement, or the
        # honest answer
        if r['checked'] != 'placement' and r['solutions'] not in truth.get(key, set()):
            print('BAD: lie passed', r['approach'], key, r['solutions'], r['checked'])
    elif r['status'] not in ('wrong', 'disputed'):
        print('BAD: liar status', r['approach'], key, r['status'], r['note'])
for r in sorted(rows, key=lambda r: (r['approach'], r['mode'], int(r['n']), r['hints'], r['repeat'])):
    print(r['approach'], r['mode'], r['n'], r['hints'], r['status'])
PY
}

# both_orders NAME "LIAR|APPROACHES" "HONEST|APPROACHES" MODES [MODES14]:
# one experiment with the liar first, one with it last; MODES14 the modes
# of n = 14 (default MODES)
both_orders() {
	local name=$1 liars=$2 honest=$3 modes=$4 modes14=${5:-$4} order a IFS='|'
	for order in first last; do
		{
			echo "experiment: $name-$order"
			echo "repeat: 2"
			echo "timeout: 20s"
			echo "plugins: [$T/liars.so]"
			echo "instances:"
			echo "  - {n: [3, 8], mode: [$modes]}"
			echo "  - {n: 10, mode: [$modes], hints: [[1, 2]]}"
			echo "  - {n: 14, mode: [$modes14], hints: [[1, 2], [2, 5]]}"
			echo "approaches:"
			if [ $order = first ]; then
				for a in $liars $honest; do echo "  - $a"; done
			else
				for a in $honest $liars; do echo "  - $a"; done
			fi
		} >"$T/$name-$order.yaml"
		"$H" run "$T/$name-$order.yaml" -q -o "$T/$name-$order.csv" \
			>"$T/$name-$order.out" 2>"$T/$name-$order.err"
		echo $? >"$T/$name-$order.rc"
		verdicts "$T/$name-$order.csv" >"$T/$name-$order.v"
		expect "$name, liar $order: no lie passes, no honest row blamed
$(grep BAD "$T/$name-$order.v")" [ -z "$(grep BAD "$T/$name-$order.v")" ]
		expect "$name, liar $order: exit 1 (got $(cat "$T/$name-$order.rc"))" \
			[ "$(cat "$T/$name-$order.rc")" = 1 ]
	done
	expect "$name: the same verdicts in either order
$(diff "$T/$name-first.v" "$T/$name-last.v")" \
		cmp -s "$T/$name-first.v" "$T/$name-last.v"
}

both_orders fixed 'liar-fixed' 'backtrack|picosat: {encoding: pairwise}' first
both_orders none 'liar-none' 'backtrack' 'first, count'
both_orders count 'liar-count' 'backtrack' count
both_orders odd 'liar-odd' 'backtrack' count
both_orders hinted 'liar-hinted' 'backtrack' count
# n = 14 first only: its hints block the corner diagonals, so the lie
# counts right there, and PicoSAT enumerating its 1610 placements (four
# counts of 2-7 s in each order) added nothing liar-count's n = 14 does
# not check
both_orders lie 'picosat: {encoding: lie}' 'backtrack|picosat: {encoding: pairwise}' 'first, count' first

# what the issue saw: the lie first, the honest encoding called wrong
expect "lie at n=10 hint 1:2: lie wrong, pairwise ok (own count)" \
	grep -q '^picosat/lie count 10 1:2 wrong' "$T/lie-first.v"
expect "the honest encoding beside it is ok" \
	grep -q '^picosat/pairwise count 10 1:2 ok' "$T/lie-first.v"
expect "beyond the own count, a made-up count is disputed, and so is the honest one" \
	grep -q '^liar-count count 14 1:2 2:5 disputed' "$T/count-first.v"
expect "the honest one names the other answer" python3 - "$T/count-first.csv" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1], newline=''))
        if r['approach'] == 'backtrack/bitmask' and r['n'] == '14']
assert rows and all(r['status'] == 'disputed' and 'liar-count says' in r['note'] for r in rows), rows
PY
expect "the summary shows the final verdicts" grep -qE '^liar-none +first +8 .*wrong' "$T/none-first.out"
expect "stderr says a verdict changed after its row was written" \
	grep -q 'liar-none n=14 first #1, written as ok, is now wrong' "$T/none-first.err"
expect "stderr counts the disputed answers" grep -q 'DISPUTED' "$T/count-first.err"
expect "checked: oeis, counter and placement" python3 - "$T/fixed-last.csv" "$T/none-last.csv" <<'PY'
import csv, sys
seen = set()
for f in sys.argv[1:]:
    for r in csv.DictReader(open(f, newline='')):
        seen.add(r['checked'])
assert {'oeis', 'counter', 'placement'} <= seen, seen
PY

# nothing to check against: ok, but said
"$H" solve -n 28 --count --plugin "$T/liars.so" liar-count -o "$T/alone.csv" \
	>"$T/alone.out" 2>"$T/alone.err"; rc=$?
expect "a lone unchecked count exits 0 (got $rc)" [ $rc -eq 0 ]
expect "...and its row says checked none, with a note" python3 - "$T/alone.csv" <<'PY'
import csv, sys
r, = list(csv.DictReader(open(sys.argv[1], newline='')))
assert r['status'] == 'ok' and r['checked'] == 'none' and 'nothing checked' in r['note'], r
PY
expect "...and stderr says so" grep -q "1 answer nothing could check" "$T/alone.err"
"$H" solve -n 28 --count --plugin "$T/liars.so" liar-odd -o "$T/odd.csv" \
	>/dev/null 2>&1; rc=$?
expect "an odd count at n=28 is wrong by the mirror rule, exit 1 (got $rc)" \
	sh -c "[ $rc -eq 1 ] && grep -q ',wrong,.*,plausible,' '$T/odd.csv'"
"$H" solve -n 30 --plugin "$T/liars.so" liar-none -o "$T/none30.csv" \
	>/dev/null 2>&1; rc=$?
expect "'none' at n=30 is wrong: a placement is known to exist (got $rc)" \
	sh -c "[ $rc -eq 1 ] && grep -q ',wrong,.*,known,' '$T/none30.csv'"

# the final rewrite keeps the rows' order and every other cell
expect "the rewritten CSV keeps one header and every row" python3 - "$T/none-first.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
assert rows[0][0] == 'experiment' and sum(r[0] == 'experiment' for r in rows) == 1
assert len(set(map(len, rows))) == 1
assert len(rows) == 1 + 2 * 2 * 2 * 4, len(rows)
PY

echo "liars: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
