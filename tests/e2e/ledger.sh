#!/usr/bin/env bash
# ledger.sh - verdicts where an approach lost its word, counts in parts
# left incomplete, and strict (issue 19), each with the approaches in
# both orders: a lost word's answers are no evidence (never `ok` alone,
# never `wrong` unless proved, never the "other approach" that checks
# anyone), an incomplete count never looks settled, and `strict: true`
# or --strict fail a run that has answers nothing checked. HARNESS names
# the binary (default ./harness). Prints "ledger: N passed, N failed"
# last; exits 1 if anything failed.
. "$(dirname "$0")/common.bash"

cc -std=c11 -O2 -shared -fPIC -I"$ROOT/include" -o "$T/liars.so" \
	tests/liars/liars.c 2>"$T/cc.err" || bad "building liars.so: $(cat "$T/cc.err")"

# experiment NAME ORDER "INSTANCE|..." "APPROACH|..." [TOP-LEVEL LINE]:
# writes $T/NAME-ORDER.yaml, the approaches as given (first) or reversed
# (last), runs it; $T/NAME-ORDER.{csv,out,err,rc}
experiment() {
	local name=$1 order=$2 insts=$3 apps=$4 extra=${5:-} a IFS='|' list=()
	for a in $apps; do list+=("$a"); done
	if [ "$order" = last ]; then
		local rev=() i
		for ((i = ${#list[@]} - 1; i >= 0; i--)); do rev+=("${list[i]}"); done
		list=("${rev[@]}")
	fi
	{
		echo "experiment: $name-$order"
		case $extra in *timeout:*) ;; *) echo "timeout: 20s" ;; esac
		echo "plugins: [$T/liars.so]"
		[ -n "$extra" ] && echo "$extra"
		echo "instances:"
		for a in $insts; do echo "  - $a"; done
		echo "approaches:"
		for a in "${list[@]}"; do echo "  - $a"; done
	} >"$T/$name-$order.yaml"
	"$H" run "$T/$name-$order.yaml" -q -o "$T/$name-$order.csv" \
		>"$T/$name-$order.out" 2>"$T/$name-$order.err"
	echo $? >"$T/$name-$order.rc"
}

# rows FILE.csv: "approach mode n part status checked solutions | note"
rows() {
	python3 - "$1" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline='')):
    print(r['approach'], r['mode'], r['n'], r['part'] or '-', r['status'],
          r['checked'], r['solutions'] or '-', '|', r['note'])
PY
}

rc_is() { [ "$(cat "$T/$1.rc")" = "$2" ]; }

for order in first last; do
	# 1. two lost words at n = 28 (a queen off the board in first mode)
	# count 1028 and 2028: neither checks the other
	experiment lost28 $order '{n: 28, mode: [first, count]}' 'liar-off|liar-off2'
	rows "$T/lost28-$order.csv" >"$T/lost28-$order.v"
	expect "lost28, $order: each lie in first mode is wrong
$(cat "$T/lost28-$order.v")" [ "$(grep -c '^liar-off2\? first 28 - wrong placement' "$T/lost28-$order.v")" = 2 ]
	expect "lost28, $order: neither count is ok, each says its word is lost
$(cat "$T/lost28-$order.v")" [ "$(grep -c '^liar-off2\? count 28 - disputed none .* its word is lost' "$T/lost28-$order.v")" = 2 ]
	expect "lost28, $order: no note says no other approach gave one" \
		sh -c "! grep -q 'no other approach gave' '$T/lost28-$order.v'"
	expect "lost28, $order: exit 1 (got $(cat "$T/lost28-$order.rc"))" rc_is lost28-$order 1

	# 2. a lost word that counts right beside a count 2 too many (n = 14
	# with two hints: no table, beyond the validator's own count)
	experiment right $order '{n: 14, mode: [first, count], hints: [[1, 2], [2, 5]]}' \
		'liar-off|liar-count'
	rows "$T/right-$order.csv" >"$T/right-$order.v"
	expect "right, $order: the right count (1610) is not wrong
$(cat "$T/right-$order.v")" grep -q '^liar-off count 14 - disputed [^ ]* 1610 | its word is lost' "$T/right-$order.v"
	expect "right, $order: the count 2 too many is not ok
$(cat "$T/right-$order.v")" grep -q '^liar-count count 14 - disputed none 1612 | .*liar-off says 1610 (its word is lost here)' "$T/right-$order.v"
	expect "right, $order: exit 1" rc_is right-$order 1
	# ... and with an honest approach beside them: still no one wrong,
	# and the false count never ok
	experiment right3 $order '{n: 14, mode: [first, count], hints: [[1, 2], [2, 5]]}' \
		'liar-off|liar-count|backtrack'
	rows "$T/right3-$order.csv" >"$T/right3-$order.v"
	expect "right3, $order: no count is wrong, none ok
$(cat "$T/right3-$order.v")" [ "$(grep -c '^[^ ]* count 14 - disputed' "$T/right3-$order.v")" = 3 ]

	# 3. a count in parts: one part lies (+2), another crashes
	LIAR_CRASH=1 experiment parts $order '{n: 10, mode: count, parts: 3}' \
		'liar-parts-crash|backtrack: {variant: split, threads: 1}'
	rows "$T/parts-$order.csv" >"$T/parts-$order.v"
	expect "parts, $order: the crashed part is a crash
$(cat "$T/parts-$order.v")" grep -q '^liar-parts-crash count 10 2/3 crash' "$T/parts-$order.v"
	expect "parts, $order: the parts that are in are disputed, incomplete
$(cat "$T/parts-$order.v")" [ "$(grep -c '^liar-parts-crash count 10 [13]/3 disputed none .* | incomplete: part 2 of 3 gave no answer (crash)' "$T/parts-$order.v")" = 2 ]
	expect "parts, $order: the honest parts are ok (oeis)" \
		[ "$(grep -c '^backtrack/split .* ok oeis' "$T/parts-$order.v")" = 3 ]
	expect "parts, $order: exit 1 (got $(cat "$T/parts-$order.rc"))" rc_is parts-$order 1
	expect "parts, $order: the summary shows the count incomplete, disputed" \
		grep -qE '^liar-parts-crash +count +10 +in 3 parts +incomplete .*disputed' "$T/parts-$order.out"
done

# --resume makes the crashed part again (without LIAR_CRASH it answers):
# its new row takes the old one's place, and the sum is checked (726,
# not 724: the lie is wrong)
"$H" run "$T/parts-first.yaml" -q -o "$T/parts-first.csv" --resume \
	>"$T/resume2.out" 2>"$T/resume2.err"; rc=$?
rows "$T/parts-first.csv" >"$T/resume2.v"
expect "resume: the crashed part made again, its old row replaced, every lying part wrong, exit 1 (got $rc)
$(cat "$T/resume2.v")" sh -c "[ $rc = 1 ] && [ \$(grep -c '^liar-parts-crash count 10 [123]/3 wrong oeis .* sum to 726' '$T/resume2.v') = 3 ]"
expect "resume: one row per part, no crash left
$(cat "$T/resume2.v")" sh -c "[ \$(grep -c '^liar-parts-crash count 10 ' '$T/resume2.v') = 3 ] && ! grep -q ' crash' '$T/resume2.v'"

# 4. counts nothing could check: ok, checked none, exit 0; strict: true
# or --strict make the exit 1
for order in first last; do
	experiment alone $order '{n: 28, mode: count}' 'liar-count|backtrack' 'timeout: 1s'
	rows "$T/alone-$order.csv" >"$T/alone-$order.v"
	expect "alone, $order: unchecked count ok, none, exit 0
$(cat "$T/alone-$order.v")" sh -c "rc=\$(cat '$T/alone-$order.rc'); [ \$rc = 0 ] && grep -q '^liar-count count 28 - ok none' '$T/alone-$order.v'"
	expect "alone, $order: stderr says how many nothing checked" \
		grep -q '1 answer nothing could check' "$T/alone-$order.err"
	experiment strict $order '{n: 28, mode: count}' 'liar-count|backtrack' 'strict: true
timeout: 1s'
	expect "strict: true, $order: exit 1 (got $(cat "$T/strict-$order.rc"))" rc_is strict-$order 1
	expect "strict: true, $order: stderr says why" \
		grep -q '1 answer nothing could check.*strict: that fails the run' "$T/strict-$order.err"
done
"$H" run "$T/alone-first.yaml" -q -o "$T/alone-flag.csv" --strict \
	>/dev/null 2>"$T/flag.err"; rc=$?
expect "--strict: exit 1 (got $rc)" [ $rc = 1 ]
"$H" run "$T/strict-first.yaml" -q -o "$T/strict-ok.csv" --strict \
	>/dev/null 2>&1
sed 's/^strict: true$/strict: maybe/' "$T/strict-first.yaml" >"$T/bad.yaml"
"$H" run "$T/bad.yaml" -q -o "$T/bad.csv" >/dev/null 2>"$T/bad.err"; rc=$?
expect "strict: maybe is refused, exit 2 (got $rc)" \
	sh -c "[ $rc = 2 ] && grep -q 'strict: expected true or false' '$T/bad.err'"
expect "help experiment lists strict" sh -c "'$H' help experiment | grep -q '^ *strict'"
# strict with everything checked: exit 0
cat >"$T/checked.yaml" <<YAML
experiment: checked
strict: true
instances:
  - {n: 8, mode: count}
approaches:
  - backtrack
YAML
"$H" run "$T/checked.yaml" -q -o "$T/checked.csv" >/dev/null 2>&1; rc=$?
expect "strict, every answer checked: exit 0 (got $rc)" [ $rc = 0 ]

echo "ledger: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
