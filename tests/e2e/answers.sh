#!/usr/bin/env bash
# answers.sh - a program's whole output read strictly (formats/solfile.c,
# the reader `dimacs`, `cbc` and `harness check` share; asp's and
# minizinc's numbers bounded): lying programs as `command:` print two
# queens on a row, two s lines either way round, a literal past the
# CNF's variables (or one an overflow would wrap), a CBC column twice or
# an index past int, q(4294967297,2), a count past 2^64. Each run ends
# `wrong` (exit 1) or `error`, never `ok`; an honest answer through the
# same scripts is `ok`, so the checks can fail; and `harness check` on
# the same files says the same (wrong, or the same complaint). HARNESS
# names the binary (default ./harness). Prints "answers: N passed, N
# failed" last; exits 1 if anything failed.
. "$(dirname "$0")/common.bash"

# A DIMACS solver that lies: liar MODE FILE.cnf. Its squares are read
# from the CNF's "c square R C VAR" lines; the placement 2 4 1 3 of n = 4.
cat >"$T/liar" <<'S'
#!/bin/sh
[ "$1" = --version ] && { echo "liar 1.0"; exit 0; }
mode=$1 cnf=$2
var() { awk -v r="$1" -v c="$2" '$1 == "c" && $2 == "square" &&
	$3 == r && $4 == c { print $5; exit }' "$cnf"; }
nv=$(awk '$1 == "p" { print $3; exit }' "$cnf")
good="$(var 1 2) $(var 2 4) $(var 3 1) $(var 4 3)"
case $mode in
honest)    printf 's SATISFIABLE\nv %s 0\n' "$good" ;;
# a fifth queen after row 1's own: the first queen of the row is 1:2
two)       printf 's SATISFIABLE\nv %s %s 0\n' "$good" "$(var 1 4)" ;;
sat-unsat) printf 's SATISFIABLE\nv %s 0\ns UNSATISFIABLE\n' "$good" ;;
unsat-sat) printf 's UNSATISFIABLE\ns SATISFIABLE\nv %s 0\n' "$good" ;;
beyond)    printf 's SATISFIABLE\nv %s %s 0\n' "$good" $((nv + 1)) ;;
wrap)      printf 's SATISFIABLE\nv %s %s 0\n' "$good" \
		$((4294967296 + $(var 1 4))) ;;
# MiniSat's result file, named third (output: file)
file-two)  printf 'SAT\n%s %s 0\n' "$good" "$(var 1 4)" >"$3" ;;
file-twice) printf 'SAT\n%s 0\nSAT\n' "$good" >"$3" ;;
esac
exit 10
S
# CBC that lies: cbcliar MODE FILE.lp ... solu SOLUTION
cat >"$T/cbcliar" <<'S'
#!/bin/sh
[ "$1" = --version ] && { echo "cbcliar 1.0"; exit 0; }
mode=$1 lp=$2 sol=
while [ $# -gt 0 ]; do [ "$1" = solu ] && sol=$2; shift; done
name() { awk -v r="$1" -v c="$2" '$1 == "\\" && $2 == "square" &&
	$3 == r && $4 == c { print $5; exit }' "$lp"; }
{
	echo "Optimal - objective value 0.00000000"
	i=0
	for sq in "1 2" "2 4" "3 1" "4 3"; do
		echo "      $i $(name $sq) 1 0"; i=$((i + 1))
	done
	case $mode in
	two)    echo "      9 $(name 1 4) 1 0" ;;
	twice)  echo "      9 $(name 1 2) 0 0" ;;
	index)  echo "      4294967296 $(name 1 1) 0 0" ;;
	esac
} >"$sol"
exit 0
S
# clingo that lies: clingoliar MODE (the program and options after it)
cat >"$T/clingoliar" <<'S'
#!/bin/sh
[ "$1" = --version ] && { echo "clingoliar 1.0"; exit 0; }
case $1 in
honest) printf 'Answer: 1\nq(1,2) q(2,4) q(3,1) q(4,3)\nSATISFIABLE\n'
	exit 10 ;;
wrap)   printf 'Answer: 1\nq(4294967297,2) q(2,4) q(3,1) q(4,3)\nSATISFIABLE\n'
	exit 10 ;;
huge)   printf 'SATISFIABLE\nModels       : 18446744073709551618\n'
	exit 30 ;;
esac
exit 1
S
chmod +x "$T/liar" "$T/cbcliar" "$T/clingoliar"

# The runs: every approach below in one experiment of n = 4 (first);
# those that answer wrong in one of their own, so that each experiment's
# exit status is its approaches' alone (1 for wrong, 0 for error and ok);
# asp's count in a third. (One run an approach was 15 harness starts, and
# as many dpkg-query look-ups of the scripts, for the same rows.)
# batch NAME MODE LINE...: the rows of the run of NAME, one a command,
# "command<TAB>status<TAB>note", in $T/NAME.rows, its exit in $T/NAME.rc
batch() {
	local name=$1 mode=$2 a
	shift 2
	{
		printf 'experiment: %s\ninstances: [{n: 4, mode: %s}]\napproaches:\n' \
			"$name" "$mode"
		for a in "$@"; do printf '  - %s\n' "$a"; done
	} >"$T/$name.yaml"
	"$H" run "$T/$name.yaml" -q -o "$T/$name.csv" >/dev/null 2>"$T/$name.err"
	echo $? >"$T/$name.rc"
	python3 - "$T/$name.csv" >"$T/$name.rows" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline='')):
    opt = dict(kv.split('=', 1) for kv in r['options'].split(';') if '=' in kv)
    print('%s\t%s\t%s' % (opt['command'], r['status'], r['note']))
PY
}
# run NAME COMMAND: "status<TAB>note" of COMMAND's row in batch NAME
run() { awk -F'\t' -v c="$2" '$1 == c { print $2 "\t" $3 }' "$T/$1.rows"; }
# group WANT: the batch of an approach whose run is WANT
group() { if [ "$1" = wrong ]; then echo wrong; else echo rest; fi; }

"$H" export -n 4 --encoding pairwise -o "$T/x.cnf" >/dev/null 2>&1 ||
	bad "export x.cnf"
"$H" export -n 4 --model assignment -o "$T/x.lp" >/dev/null 2>&1 ||
	bad "export x.lp"

# dimacs: MODE, the run's status, a phrase of its note, check's phrase
D_CASES=$(cat <<'CASES'
honest|ok||ok: a valid placement
two|wrong|row 1 has two queens|wrong: row 1 has two queens (columns 2 and 4)
sat-unsat|error|a second s line (the first: line 1)|a second s line (the first: line 1)
unsat-sat|error|a second s line (the first: line 1)|a second s line (the first: line 1)
beyond|error|names no variable|names no variable
wrap|error|literal 4294967300 names no variable|literal 4294967300 names no variable
CASES
)
# cbc: the same
C_CASES=$(cat <<'CASES'
honest|ok||ok: a valid placement
two|wrong|row 1 has two queens|wrong: row 1 has two queens (columns 2 and 4)
twice|error|given twice|given twice
index|error|expected "INDEX NAME VALUE REDUCED-COST"|expected "INDEX NAME VALUE REDUCED-COST"
CASES
)
# asp: MODE, the instance's mode, the run's status, a phrase of its note
A_CASES=$(cat <<'CASES'
honest|first|ok|
wrap|first|error|q(4294967297,2)
huge|count|error|18446744073709551618
CASES
)
rest=() wrong=()
add() { if [ "$1" = wrong ]; then wrong+=("$2"); else rest+=("$2"); fi; }
while IFS='|' read -r mode want _; do
	add "$want" "dimacs: {command: \"$T/liar $mode\", encoding: pairwise}"
done <<<"$D_CASES"
add wrong "dimacs: {command: \"$T/liar file-two\", output: file, encoding: pairwise}"
add error "dimacs: {command: \"$T/liar file-twice\", output: file, encoding: pairwise}"
while IFS='|' read -r mode want _; do
	add "$want" "cbc: {command: \"$T/cbcliar $mode\", model: assignment}"
done <<<"$C_CASES"
huge=()
while IFS='|' read -r mode imode _; do
	if [ "$imode" = first ]; then rest+=("asp: {command: \"$T/clingoliar $mode\"}")
	else huge+=("asp: {command: \"$T/clingoliar $mode\"}"); fi
done <<<"$A_CASES"
batch rest first "${rest[@]}"
batch wrong first "${wrong[@]}"
batch huge count "${huge[@]}"

# dimacs: MODE, the run's status, a phrase of its note; then check on
# the same script's output for the exported file says the same
while IFS='|' read -r mode want phrase checkphrase; do
	g=$(group "$want")
	out=$(run $g "$T/liar $mode")
	rc=$(cat "$T/$g.rc")
	st=${out%%$'\t'*}
	expect "dimacs $mode: the run is $want, not ok (got '$out', exit $rc)" \
		[ "$st" = "$want" ]
	case $want in
	ok|error) expect "dimacs $mode: exit 0 (got $rc)" [ "$rc" = 0 ] ;;
	wrong) expect "dimacs $mode: exit 1 (got $rc)" [ "$rc" = 1 ] ;;
	esac
	expect "dimacs $mode: the note says '$phrase' (got '$out')" \
		grep -qF -- "$phrase" <<<"$out"
	"$T/liar" "$mode" "$T/x.cnf" >"$T/d-$mode.out"
	"$H" check --from "$T/x.cnf" --solution "$T/d-$mode.out" \
		>"$T/d-$mode.chk" 2>&1
	crc=$?
	case $want in
	ok) c=0 ;; wrong) c=1 ;; error) c=2 ;;
	esac
	expect "dimacs $mode: check agrees, exit $c (got $crc: $(cat "$T/d-$mode.chk"))" \
		[ "$crc" = "$c" ]
	expect "dimacs $mode: check says '$checkphrase' (got $(cat "$T/d-$mode.chk"))" \
		grep -qF -- "$checkphrase" "$T/d-$mode.chk"
done <<<"$D_CASES"

# dimacs with MiniSat's result file: the same reader
for mode in file-two file-twice; do
	g=rest; [ $mode = file-two ] && g=wrong
	out=$(run $g "$T/liar $mode")
	rc=$(cat "$T/$g.rc")
	"$T/liar" "$mode" "$T/x.cnf" "$T/f-$mode.res"
	"$H" check --from "$T/x.cnf" --solution "$T/f-$mode.res" \
		>"$T/f-$mode.chk" 2>&1
	crc=$?
	if [ $mode = file-two ]; then
		expect "dimacs $mode: wrong, exit 1 (got '$out', exit $rc) [1/2]" \
			[ "${out%%$'\t'*}" = wrong ]
		expect "dimacs $mode: wrong, exit 1 (got '$out', exit $rc) [2/2]" \
			[ "$rc" = 1 ]
		expect "dimacs $mode: check says wrong (got $crc: $(cat "$T/f-$mode.chk"))" \
			[ "$crc" = 1 ]
	else
		expect "dimacs $mode: error, exit 0 (got '$out', exit $rc) [1/2]" \
			[ "${out%%$'\t'*}" = error ]
		expect "dimacs $mode: error, exit 0 (got '$out', exit $rc) [2/2]" \
			[ "$rc" = 0 ]
		expect "dimacs $mode: the note names line 3 (got '$out')" \
			grep -qF "its result file:3: literals after the closing 0" <<<"$out"
		expect "dimacs $mode: check says the same (got $crc: $(cat "$T/f-$mode.chk"))" \
			grep -qF ":3: literals after the closing 0" "$T/f-$mode.chk"
	fi
done

# cbc: the same, through CBC's solution file
while IFS='|' read -r mode want phrase checkphrase; do
	g=$(group "$want")
	out=$(run $g "$T/cbcliar $mode")
	rc=$(cat "$T/$g.rc")
	st=${out%%$'\t'*}
	expect "cbc $mode: the run is $want, not ok (got '$out', exit $rc)" \
		[ "$st" = "$want" ]
	case $want in
	ok|error) expect "cbc $mode: exit 0 (got $rc)" [ "$rc" = 0 ] ;;
	wrong) expect "cbc $mode: exit 1 (got $rc)" [ "$rc" = 1 ] ;;
	esac
	expect "cbc $mode: the note says '$phrase' (got '$out')" \
		grep -qF -- "$phrase" <<<"$out"
	"$T/cbcliar" "$mode" "$T/x.lp" solve solu "$T/c-$mode.sol"
	"$H" check --from "$T/x.lp" --solution "$T/c-$mode.sol" \
		>"$T/c-$mode.chk" 2>&1
	crc=$?
	case $want in
	ok) c=0 ;; wrong) c=1 ;; error) c=2 ;;
	esac
	expect "cbc $mode: check agrees, exit $c (got $crc: $(cat "$T/c-$mode.chk"))" \
		[ "$crc" = "$c" ]
	expect "cbc $mode: check says '$checkphrase' (got $(cat "$T/c-$mode.chk"))" \
		grep -qF -- "$checkphrase" "$T/c-$mode.chk"
done <<<"$C_CASES"

# asp: clingo's atoms and counts read bounded (check reads no clingo
# output: the run alone)
while IFS='|' read -r mode imode want phrase; do
	g=rest; [ "$imode" = count ] && g=huge
	out=$(run $g "$T/clingoliar $mode")
	rc=$(cat "$T/$g.rc")
	st=${out%%$'\t'*}
	expect "asp $mode: the run is $want, not ok (got '$out', exit $rc)" \
		[ "$st" = "$want" ]
	expect "asp $mode: exit 0 (got $rc)" [ "$rc" = 0 ]
	expect "asp $mode: the note says '$phrase' (got '$out')" \
		grep -qF -- "$phrase" <<<"$out"
done <<<"$A_CASES"

echo "answers: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
