#!/usr/bin/env bash
# ledger.sh - verdicts where an approach lost its word, counts in parts
# left incomplete, and strict (issue 19), a false unique in one part and
# strict and notes through merge (issue 29), each with the approaches in
# both orders: a lost word's answers are no evidence (never `ok` alone,
# never `wrong` unless proved, never the "other approach" that checks
# anyone), an incomplete count never looks settled, and `strict: true`
# or --strict fail a run that has answers nothing checked. HARNESS names
# the binary (default ./harness). Prints "ledger: N passed, N failed"
# last; exits 1 if anything failed.
. "$(dirname "$0")/common.bash"

cc -std=c11 -O2 -shared -fPIC -I"$ROOT/include" -o "$T/liars.so" \
	tests/liars/liars.c 2>"$T/cc.err" || bad "building liars.so: $(<"$T/cc.err")"

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

# tables NAME[=OUT]...: one python3 for several files. $T/NAME.csv's
# rows into $T/OUT.v (OUT is NAME unless given), a line each: "approach
# mode n part status checked solutions | note"; and into $T/OUT.notes
# what notes() (below) says of them
tables() {
	local a
	for a in "$@"; do # what stays if python3 does not finish: a failure
		echo "BAD: tables did not finish" >"$T/${a#*=}.notes"
	done
	python3 - "$T" "$@" <<'PY'
import csv, sys
def notes(rows):
    out = []
    for r in rows:
        st, chk, note = r['status'], r['checked'], r['note']
        if st not in ('ok', 'wrong', 'disputed'):
            continue
        if chk != 'none' and 'nothing checked' in note:
            out.append(f"BAD: checked {chk} beside {note!r} {r['approach']} {r['n']}")
        if st == 'ok' and chk == 'none' and not note:
            out.append(f"BAD: ok, checked none, no note {r['approach']} {r['n']}")
        if st != 'ok' and not note:
            out.append(f"BAD: {st} without a note {r['approach']} {r['n']}")
        if st == 'ok' and ('disputed' in note or 'incomplete' in note):
            out.append(f"BAD: ok beside {note!r} {r['approach']} {r['n']}")
    return out
T = sys.argv[1]
for a in sys.argv[2:]:
    name, _, out = a.partition('=')
    out = out or name
    try:
        rows = list(csv.DictReader(open(f'{T}/{name}.csv', newline='')))
    except OSError as e:
        rows, v, n = [], [f'({e})'], [f'BAD: {e}']
    else:
        v = [' '.join([r['approach'], r['mode'], r['n'], r['part'] or '-', r['status'],
                       r['checked'], r['solutions'] or '-', '|', r['note']]) for r in rows]
        n = notes(rows)
    open(f'{T}/{out}.v', 'w').write(''.join(l + '\n' for l in v))
    open(f'{T}/{out}.notes', 'w').write(''.join(l + '\n' for l in n))
PY
}

rc_is() { [ "$(<"$T/$1.rc")" = "$2" ]; }
not() { ! "$@"; }

# (the experiments of 1-3 in both orders first, their rows read by one
# python3, then the checks)
for order in first last; do
	# 1. two lost words at n = 28 (a queen off the board in first mode)
	# count 1028 and 2028: neither checks the other
	experiment lost28 $order '{n: 28, mode: [first, count]}' 'liar-off|liar-off2'
	# 2. a lost word that counts right beside a count 2 too many (n = 14
	# with two hints: no table, beyond the validator's own count)
	experiment right $order '{n: 14, mode: [first, count], hints: [[1, 2], [2, 5]]}' \
		'liar-off|liar-count'
	# ... and with an honest approach beside them: still no one wrong,
	# and the false count never ok
	experiment right3 $order '{n: 14, mode: [first, count], hints: [[1, 2], [2, 5]]}' \
		'liar-off|liar-count|backtrack'
	# 3. a count in parts: one part lies (+2), another crashes
	LIAR_CRASH=1 experiment parts $order '{n: 10, mode: count, parts: 3}' \
		'liar-parts-crash|backtrack: {variant: split, threads: 1}'
done
tables {lost28,right,right3,parts}-{first,last}
for order in first last; do
	expect "lost28, $order: each lie in first mode is wrong
$(<"$T/lost28-$order.v")" [ "$(grep -c '^liar-off2\? first 28 - wrong placement' "$T/lost28-$order.v")" = 2 ]
	expect "lost28, $order: neither count is ok, each says its word is lost
$(<"$T/lost28-$order.v")" [ "$(grep -c '^liar-off2\? count 28 - disputed none .* its word is lost' "$T/lost28-$order.v")" = 2 ]
	expect "lost28, $order: no note says no other approach gave one" \
		not grep -q 'no other approach gave' "$T/lost28-$order.v"
	expect "lost28, $order: exit 1 (got $(<"$T/lost28-$order.rc"))" rc_is lost28-$order 1

	expect "right, $order: the right count (1610) is not wrong
$(<"$T/right-$order.v")" grep -q '^liar-off count 14 - disputed [^ ]* 1610 | its word is lost' "$T/right-$order.v"
	expect "right, $order: the count 2 too many is not ok
$(<"$T/right-$order.v")" grep -q '^liar-count count 14 - disputed none 1612 | .*liar-off says 1610 (its word is lost here)' "$T/right-$order.v"
	expect "right, $order: exit 1" rc_is right-$order 1
	expect "right3, $order: no count is wrong, none ok
$(<"$T/right3-$order.v")" [ "$(grep -c '^[^ ]* count 14 - disputed' "$T/right3-$order.v")" = 3 ]

	expect "parts, $order: the crashed part is a crash
$(<"$T/parts-$order.v")" grep -q '^liar-parts-crash count 10 2/3 crash' "$T/parts-$order.v"
	expect "parts, $order: the parts that are in are disputed, incomplete
$(<"$T/parts-$order.v")" [ "$(grep -c '^liar-parts-crash count 10 [13]/3 disputed none .* | incomplete: part 2 of 3 gave no answer (crash)' "$T/parts-$order.v")" = 2 ]
	expect "parts, $order: the honest parts are ok (oeis)" \
		[ "$(grep -c '^backtrack/split .* ok oeis' "$T/parts-$order.v")" = 3 ]
	expect "parts, $order: exit 1 (got $(<"$T/parts-$order.rc"))" rc_is parts-$order 1
	expect "parts, $order: the summary shows the count incomplete, disputed" \
		grep -qE '^liar-parts-crash +count +10 +in 3 parts +incomplete .*disputed' "$T/parts-$order.out"
done

# --resume makes the crashed part again (without LIAR_CRASH it answers):
# its new row takes the old one's place, and the sum is checked (726,
# not 724: the lie is wrong)
"$H" run "$T/parts-first.yaml" -q -o "$T/parts-first.csv" --resume \
	>"$T/resume2.out" 2>"$T/resume2.err"; rc=$?
tables parts-first=resume2
expect "resume: the crashed part made again, its old row replaced, every lying part wrong, exit 1 (got $rc)
$(<"$T/resume2.v")" [ $rc = 1 -a "$(grep -c '^liar-parts-crash count 10 [123]/3 wrong oeis .* sum to 726' "$T/resume2.v")" = 3 ]
expect "resume: one row per part, no crash left
$(<"$T/resume2.v")" [ "$(grep -c '^liar-parts-crash count 10 ' "$T/resume2.v")" = 3 -a -z "$(grep ' crash' "$T/resume2.v")" ]

# 4. counts nothing could check: ok, checked none, exit 0; strict: true
# or --strict make the exit 1
for order in first last; do
	experiment alone $order '{n: 28, mode: count}' 'liar-count|backtrack' 'timeout: 0.2s'
	experiment strict $order '{n: 28, mode: count}' 'liar-count|backtrack' 'strict: true
timeout: 0.2s'
done
tables alone-{first,last}
alone_ok() { rc_is alone-$1 0 && grep -q '^liar-count count 28 - ok none' "$T/alone-$1.v"; }
for order in first last; do
	expect "alone, $order: unchecked count ok, none, exit 0
$(<"$T/alone-$order.v")" alone_ok $order
	expect "alone, $order: stderr says how many nothing checked" \
		grep -q '1 answer nothing could check' "$T/alone-$order.err"
	expect "strict: true, $order: exit 1 (got $(<"$T/strict-$order.rc"))" rc_is strict-$order 1
	expect "strict: true, $order: stderr says why" \
		grep -q '1 answer nothing could check.*strict: that fails the run' "$T/strict-$order.err"
done
"$H" run "$T/alone-first.yaml" -q -o "$T/alone-flag.csv" --strict \
	>/dev/null 2>"$T/flag.err"; rc=$?
expect "--strict: exit 1 (got $rc)" [ $rc = 1 ]
sed 's/^strict: true$/strict: maybe/' "$T/strict-first.yaml" >"$T/bad.yaml"
"$H" run "$T/bad.yaml" -q -o "$T/bad.csv" >/dev/null 2>"$T/bad.err"; rc=$?
expect "strict: maybe is refused, exit 2 (got $rc)" \
	eval "[ $rc = 2 ] && grep -q 'strict: expected true or false' '$T/bad.err'"
expect "help experiment lists strict" eval "'$H' help experiment | grep -q '^ *strict'"
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

# 5. issue 29: a false unique in one part of a count in parts, the
# other parts giving none (n = 12 has 1787 classes; liar-parts-unique's
# part 1 claims 1792, liar-parts-usum's parts 1 and 2 900 each), through
# one run, -j 2, and shards merged; strict and notes through merge

# notes: every row's note says what its verdict says ("BAD: ..." for one
# that does not), in $T/NAME.notes from tables (above)

# unique_rows TAG: the verdicts of the unique liars and the honest count
# beside them, from tables' $T/TAG.v and $T/TAG.notes
unique_rows() {
	local v=$T/$1.v
	expect "$1: liar-parts-unique's 3 parts wrong (oeis), the lie named
$(<"$v")" [ "$(grep -c '^liar-parts-unique count 12 [123]/3 wrong oeis .*1792 placements up to symmetry, more than the whole board has (1787' "$v")" = 3 ]
	expect "$1: the lying part itself says so" \
		grep -q '^liar-parts-unique count 12 1/3 wrong oeis [0-9]* | part 1 of 3 counted 1792' "$v"
	expect "$1: liar-parts-usum's 3 parts wrong: the two uniques together
$(<"$v")" [ "$(grep -c '^liar-parts-usum count 12 [123]/3 wrong oeis .*2 of the 3 parts counted 1800 placements up to symmetry together' "$v")" = 3 ]
	expect "$1: the honest parts are ok (oeis)
$(<"$v")" [ "$(grep -c '^backtrack/symmetry count 12 [123]/3 ok oeis' "$v")" = 3 ]
	expect "$1: every note matches its verdict
$(<"$T/$1.notes")" [ ! -s "$T/$1.notes" ]
}

# (the runs of both orders first, their rows read by one python3, then
# the checks)
for order in first last; do
	experiment unique $order '{n: 12, mode: count, parts: 3}' \
		'liar-parts-unique|liar-parts-usum|backtrack: {variant: symmetry, threads: 1}'
	"$H" run "$T/unique-$order.yaml" -q -j 2 -o "$T/uj-$order.csv" \
		>/dev/null 2>&1
	echo $? >"$T/uj-$order.rc"
	for k in 1 2; do
		"$H" run "$T/unique-$order.yaml" -q --shard $k/2 \
			-o "$T/us$k-$order.csv" >/dev/null 2>&1
	done
	"$H" merge -o "$T/um-$order.csv" "$T/us1-$order.csv" "$T/us2-$order.csv" \
		>/dev/null 2>"$T/um-$order.err"
	echo $? >"$T/um-$order.rc"
	# beyond the tables (n = 30): a part's unique above its own count
	experiment unique30 $order '{n: 30, mode: count, parts: 2}' \
		'liar-parts-unique|liar-parts'
done
tables {unique,uj,um,unique30}-{first,last}
for order in first last; do
	unique_rows unique-$order
	expect "unique, $order: exit 1 (got $(<"$T/unique-$order.rc"))" rc_is unique-$order 1
	expect "unique, $order: stderr counts the wrong answers" \
		grep -q '6 answers are WRONG' "$T/unique-$order.err"
	expect "unique, $order, -j 2: exit 1 (got $(<"$T/uj-$order.rc"))" rc_is uj-$order 1
	unique_rows uj-$order
	expect "unique, $order, shards merged: exit 1 (got $(<"$T/um-$order.rc"): $(<"$T/um-$order.err"))" \
		rc_is um-$order 1
	unique_rows um-$order

	expect "unique30, $order: a part's unique above its own count is wrong, and its group
$(<"$T/unique30-$order.v")" [ "$(grep -c '^liar-parts-unique count 30 [12]/2 wrong plausible .*61728396 placements up to symmetry but only 61728395' "$T/unique30-$order.v")" = 2 ]
	expect "unique30, $order: exit 1" rc_is unique30-$order 1
done
# same_verdicts: each file's lines up to their '|', as a multiset (cut
# -d'|' -f1 | sort), those of unique-first.v (in bash)
same_verdicts() {
	local f l k
	local -A want=() got
	while IFS= read -r l; do k=${l%%|*}; want[$k]=$((${want[$k]:-0} + 1)); done <"$T/unique-first.v"
	for f in unique-last uj-first uj-last um-first um-last; do
		got=()
		while IFS= read -r l; do k=${l%%|*}; got[$k]=$((${got[$k]:-0} + 1)); done <"$T/$f.v"
		[ ${#got[@]} -eq ${#want[@]} ] || return 1
		for k in "${!want[@]}"; do [ "${got[$k]:-}" = "${want[$k]}" ] || return 1; done
	done
}
expect "unique: the same verdicts in either order, run or merged" same_verdicts

# strict through merge: shards of strict: true exit 1 and 0 (the
# unchecked count is in one), and so their merge exits 1, saying why
for order in first last; do
	for k in 1 2; do
		"$H" run "$T/strict-$order.yaml" -q --shard $k/2 \
			-o "$T/ss$k-$order.csv" >/dev/null 2>&1
		echo $? >"$T/ss$k-$order.rc"
	done
	r1=$(<"$T/ss1-$order.rc") r2=$(<"$T/ss2-$order.rc")
	expect "strict shards, $order: one exits 1, one 0 ($r1 $r2)" \
		[ "$r1$r2" = 01 -o "$r1$r2" = 10 ]
	expect "strict shards, $order: the .meta says strict" \
		grep -q '^strict: true$' "$T/ss1-$order.meta"
	"$H" merge -o "$T/sm-$order.csv" "$T/ss1-$order.csv" "$T/ss2-$order.csv" \
		>/dev/null 2>"$T/sm-$order.err"; rc=$?
	expect "strict shards merged, $order: exit 1 (got $rc)" [ $rc = 1 ]
	expect "strict shards merged, $order: stderr says why
$(<"$T/sm-$order.err")" grep -q "^harness merge: 1 answer nothing could check .*strict (strict: true in .*strict-$order.yaml): that fails the merge (exit 1)" "$T/sm-$order.err"
	expect "strict shards merged, $order: the closing line counts it" \
		grep -q ', 1 unchecked$' "$T/sm-$order.err"
	expect "strict shards merged, $order: outcome wrong" \
		grep -q '^outcome: "wrong"$' "$T/sm-$order.meta"
	# not strict: said, exit 0; merge --strict: exit 1
	for k in 1 2; do
		"$H" run "$T/alone-$order.yaml" -q --shard $k/2 \
			-o "$T/as$k-$order.csv" >/dev/null 2>&1
	done
	"$H" merge -o "$T/am-$order.csv" "$T/as1-$order.csv" "$T/as2-$order.csv" \
		>/dev/null 2>"$T/am-$order.err"; rc=$?
	expect "unchecked shards merged, $order: exit 0, and said (got $rc)" \
		eval "[ $rc = 0 ] && grep -q '^harness merge: 1 answer nothing could check' '$T/am-$order.err' && ! grep -q strict '$T/am-$order.err'"
	"$H" merge --strict -o "$T/am-$order.csv" "$T/as1-$order.csv" \
		"$T/as2-$order.csv" >/dev/null 2>"$T/am-$order.err"; rc=$?
	expect "merge --strict, $order: exit 1 (got $rc)" \
		eval "[ $rc = 1 ] && grep -q 'strict (--strict): that fails the merge' '$T/am-$order.err'"
done
# a shard run with --strict (the file says nothing): its merge is strict
"$H" run "$T/alone-first.yaml" -q --shard 1/2 --strict -o "$T/fs1.csv" >/dev/null 2>&1
cp "$T/as2-first.csv" "$T/fs2.csv"
cp "$T/as2-first.meta" "$T/fs2.meta"
"$H" merge -o "$T/fm.csv" "$T/fs1.csv" "$T/fs2.csv" >/dev/null 2>"$T/fm.err"; rc=$?
expect "a shard run with --strict makes its merge strict: exit 1 (got $rc: $(<"$T/fm.err"))" \
	eval "[ $rc = 1 ] && grep -q 'fs1.csv ran with --strict' '$T/fm.err'"

# notes through merge: two honest counts nobody else checks (n = 14,
# two hints: no table, beyond the validator's own count), one in each
# shard, each "nothing checked" there; merged they check each other
for order in first last; do
	cat >"$T/agree-$order.yaml" <<YAML
experiment: agree-$order
timeout: 20s
instances:
  - {n: 14, mode: count, hints: [[1, 2], [2, 5]]}
approaches:
$(if [ $order = first ]; then echo "  - backtrack: {variant: textbook}
  - backtrack: {variant: bitmask}"; else echo "  - backtrack: {variant: bitmask}
  - backtrack: {variant: textbook}"; fi)
YAML
	for k in 1 2; do
		"$H" run "$T/agree-$order.yaml" -q --shard $k/2 \
			-o "$T/ag$k-$order.csv" >/dev/null 2>&1
	done
	"$H" merge -o "$T/ag-$order.csv" "$T/ag1-$order.csv" "$T/ag2-$order.csv" \
		>/dev/null 2>"$T/ag-$order.err"
	echo $? >"$T/ag-$order.rc"
done
tables {ag1,ag2,ag}-{first,last}
for order in first last; do
	printf '%s\n' "$(<"$T/ag1-$order.v")" "$(<"$T/ag2-$order.v")" >"$T/ags-$order.v"
	expect "agree, $order: each shard's count is unchecked there
$(<"$T/ags-$order.v")" [ "$(grep -c '^backtrack/[a-z]* count 14 - ok none 1610 | nothing checked this answer' "$T/ags-$order.v")" = 2 ]
	rc=$(<"$T/ag-$order.rc")
	expect "agree, $order: merged, each agrees:1 with no stale note (exit $rc)
$(<"$T/ag-$order.v")" eval "[ $rc = 0 ] && [ \$(grep -c '^backtrack/[a-z]* count 14 - ok agrees:1 1610 | \$' '$T/ag-$order.v') = 2 ]"
	expect "agree, $order: every merged note matches its verdict
$(<"$T/ag-$order.notes")" [ ! -s "$T/ag-$order.notes" ]
done

echo "ledger: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
