#!/usr/bin/env bash
# interop.sh - the exported files in other solvers' hands: every built-in
# ILP model as LP and MPS solved by glpsol and cbc, every built-in CNF
# encoding solved by minisat and cadical, for a few instances (one with a
# pre-placed queen, n = 3 with no placement), each answer read back by
# `harness check --from EXPORTED --solution FILE`; then the adapters that
# run those programs (cbc's optimum below n, minisat out of memory) and
# check's errors. HARNESS names the binary (default ./harness).
# Prints "N passed, N failed" last; exits 1 if anything failed.
. "$(dirname "$0")/common.bash"

# The built-ins, as `harness list` names them.
builtins() { # builtins HEADING -> the names under it marked [built-in]
	"$H" list | awk -v head="$1" '
		index($0, head) == 1 { on = 1; next }
		on && /^$/ { on = 0 }
		on && /\[built-in\]/ { print $1 }'
}
encodings=$(builtins "CNF encodings")
models=$(builtins "ILP models")
nenc=$(echo $encodings | wc -w)
nmod=$(echo $models | wc -w)
expect "harness list names 7 encodings and 4 models ($(echo $encodings) / $(echo $models))" \
	[ "$nenc" -eq 7 -a "$nmod" -eq 4 ]

missing=""
for p in minisat cadical glpsol cbc; do
	command -v $p >/dev/null || missing="$missing $p"
done
if [ -n "$missing" ]; then
	bad "missing:$missing (scripts/deps.sh installs minisat, cadical, glpk-utils, coinor-cbc)"
	echo "interop: $pass passed, $failed failed"
	exit 1
fi

# Instances: n = 3 (no placement: "none" is the answer) and n = 10 with a
# pre-placed queen the answer must keep (a placement read back, and the
# hint's constraint in every format). n = 8, a plain placement, was a
# third instance: the same files without the hint's constraint, through
# the same solvers and the same reading of a placement, 75 programs
# started (about 2 CPU-s); the files of n = 8 that the checks below read
# are exported for them alone.
instances=("3" "10 1:2")

# answer FILE SOLUTION DESC: harness check must accept the answer (exit
# 0); one line, PASS or FAIL, for the tally (instances run side by side)
answer() {
	local from=$1 sol=$2 desc=$3 rc
	"$H" check --from "$from" --solution "$sol" >"$sol.chk" 2>&1; rc=$?
	if [ $rc -eq 0 ]; then echo PASS; else echo "FAIL: $desc: check exit $rc: $(head -2 "$sol.chk")"; fi
}

one_instance() { # one_instance N [HINT]
	local n=$1 hint=() e m x f
	[ $# -gt 1 ] && hint=(--hint "$2")
	for e in $encodings; do
		f="$T/$e-$n.cnf"
		"$H" export -n "$n" "${hint[@]}" --encoding "$e" -o "$f" 2>"$f.err" ||
			{ echo "FAIL: export -n $n ${hint[*]} --encoding $e: $(<"$f.err")"; continue; }
		minisat "$f" "$f.minisat" >/dev/null 2>&1
		answer "$f" "$f.minisat" "minisat on $e n=$n ${hint[*]}"
		cadical -q "$f" >"$f.cadical" 2>/dev/null
		answer "$f" "$f.cadical" "cadical on $e n=$n ${hint[*]}"
	done
	for m in $models; do
		for x in lp mps; do
			f="$T/$m-$n.$x"
			"$H" export -n "$n" "${hint[@]}" --model "$m" -o "$f" 2>"$f.err" ||
				{ echo "FAIL: export -n $n ${hint[*]} --model $m -o .$x: $(<"$f.err")"; continue; }
			if [ $x = lp ]; then
				glpsol --lp "$f" -o "$f.glpsol" >/dev/null 2>&1
			else
				glpsol --freemps "$f" -o "$f.glpsol" >/dev/null 2>&1
			fi
			answer "$f" "$f.glpsol" "glpsol on $m .$x n=$n ${hint[*]}"
			cbc "$f" solve solu "$f.cbc" >/dev/null 2>&1
			answer "$f" "$f.cbc" "cbc on $m .$x n=$n ${hint[*]}"
		done
	done
}

i=0
for inst in "${instances[@]}"; do
	# shellcheck disable=SC2086
	one_instance $inst >"$T/tally.$i" 2>&1 &
	i=$((i + 1))
done
wait
lines=0
for f in "$T"/tally.*; do
	while IFS= read -r line; do
		lines=$((lines + 1))
		case "$line" in
		PASS) ok ;;
		*) bad "${line#FAIL: }" ;;
		esac
	done <"$f"
done
# 2 instances x (each encoding x 2 SAT solvers + each model x 2 formats x 2 ILP solvers)
want=$((2 * (2 * nenc + 4 * nmod)))
expect "every instance x encoding x solver and model x format x solver answered ($want, got $lines lines)" \
	[ "$lines" -eq "$want" ]

# the files of n = 8 the checks below read: pairwise-8.cnf, and
# assignment-8.lp solved by cbc; independent-set-8.mps
for f in pairwise-8.cnf assignment-8.lp independent-set-8.mps; do
	case $f in
	*.cnf) "$H" export -n 8 --encoding "${f%-8.cnf}" -o "$T/$f" ;;
	*) "$H" export -n 8 --model "${f%-8.*}" -o "$T/$f" ;;
	esac 2>"$T/$f.err" || bad "export of $f: $(<"$T/$f.err")"
done
cbc "$T/assignment-8.lp" solve solu "$T/assignment-8.lp.cbc" >/dev/null 2>&1
"$H" check --from "$T/assignment-8.lp" --solution "$T/assignment-8.lp.cbc" >"$T/chk" 2>&1; rc=$?
expect "cbc's answer to assignment-8.lp: ok (got $rc: $(head -1 "$T/chk"))" [ $rc -eq 0 ]

# What the answers were: a placement for 10, "none" for 3.
"$H" check --from "$T/ladder-10.cnf" --solution "$T/ladder-10.cnf.cadical" >"$T/chk" 2>&1
expect "n=10 with a hint: a placement keeping queen 1:2 ($(head -1 "$T/chk"))" \
	sh -c "grep -q '^ok: a valid placement of 10 queens, keeping every pre-placed queen' '$T/chk' && grep -q '^placement: 2 ' '$T/chk'"
"$H" check --from "$T/independent-set-3.mps" --solution "$T/independent-set-3.mps.cbc" >"$T/chk" 2>&1
expect "n=3 independent-set MPS in cbc: an optimum of 2 queens is 'none' ($(head -1 "$T/chk"))" \
	grep -q '^ok: there is no placement for n = 3 .*an optimum of 2 of 3 queens' "$T/chk"
expect "the MPS of a maximization says how it is written" \
	grep -q '^\* OBJSENSE MAX, written as minimize the negated objective' "$T/independent-set-8.mps"
expect "... and no other MPS says so" \
	[ "$(grep -l 'OBJSENSE' "$T"/*.mps | wc -l)" -eq 3 ]

# The MPS as it was before: maximize lost, so an empty board is optimal.
sed 's/^\(.* R0000000\) -1/\1 1/' "$T/independent-set-8.mps" >"$T/lost.mps"
cbc "$T/lost.mps" solve solu "$T/lost.cbc" >/dev/null 2>&1
"$H" check --from "$T/lost.mps" --solution "$T/lost.cbc" >"$T/chk" 2>&1; rc=$?
expect "a minimized independent-set (the old MPS) is caught: exit 1 (got $rc: $(head -1 "$T/chk"))" \
	sh -c "[ $rc -eq 1 ] && grep -q '^wrong: .*one does (per OEIS A000170)' '$T/chk'"

# --- the adapters -------------------------------------------------------------
"$H" solve -n 3 cbc:model=independent-set glpk:model=independent-set cbc \
	-o "$T/cbc3.csv" >/dev/null 2>"$T/err3"; rc3=$?
"$H" solve -n 4 --hint 1:1 cbc:model=independent-set -o "$T/cbc4.csv" >/dev/null 2>&1; rc4=$?
"$H" solve -n 8 cbc:model=independent-set -o "$T/cbc8.csv" >/dev/null 2>&1
# minisat's own memory limit; then the run's (off under ASan without a cgroup)
"$H" solve -n 100 "dimacs:encoding=pairwise,command=minisat -mem-lim=100" \
	-o "$T/mem.csv" >/dev/null 2>&1; rc=$?
"$H" solve -n 100 --memory 100M dimacs:encoding=pairwise -o "$T/mem2.csv" >/dev/null 2>&1
# the five CSVs' cells, read by one python3 (csv_col was a start a
# column, 13 in all): NAME_COLUMN=VALUE lines, a value the column's cells
# one a line, as csv_col prints them; cbc3 the status:solutions pairs,
# sorted, once each
python3 - "$T" >"$T/cells" <<'PY'
import csv, shlex, sys
def rows(name):
    try:
        return list(csv.DictReader(open('%s/%s.csv' % (sys.argv[1], name), newline='')))
    except OSError:
        return []
for name in ('cbc4', 'cbc8', 'mem', 'mem2'):
    for col in ('status', 'solutions', 'note', 'measured_by'):
        print('%s_%s=%s' % (name, col, shlex.quote('\n'.join(r[col] for r in rows(name)))))
print('cbc3_pairs=%s' % shlex.quote('\n'.join(sorted({r['status'] + ':' + r['solutions'] for r in rows('cbc3')}))))
PY
. "$T/cells"
expect "solve -n 3 cbc:model=independent-set exits 0 (got $rc3: $(tail -2 "$T/err3"))" [ $rc3 -eq 0 ]
expect "... and every approach says none, ok" [ "$cbc3_pairs" = "ok:0" ]
expect "cbc independent-set, n=4 corner hint: none, ok (exit $rc4)" \
	[ "$cbc4_status:$cbc4_solutions" = "ok:0" ]
expect "cbc independent-set, n=8: a placement, ok" \
	[ "$cbc8_status:$cbc8_solutions" = "ok:1" ]
expect "minisat INDETERMINATE under -mem-lim is memout, exit 0 (got $rc, $mem_status: $mem_note)" \
	[ $rc -eq 0 -a "$mem_status" = memout ]
case "$H:$mem2_measured_by" in
*/san/*:rlimit) ;; # ASan without a cgroup: no memory limit on runs
*)
	expect "minisat under the run's memory limit is memout ($mem2_measured_by: $mem2_note)" \
		[ "$mem2_status" = memout ]
	;;
esac

# --- check's errors: the file and the line, exit 2 -----------------------------
printf 's SATISFIABLE\nv 1 -2 x 0\n' >"$T/bad.out"
"$H" check --from "$T/pairwise-8.cnf" --solution "$T/bad.out" >/dev/null 2>"$T/err"; rc=$?
expect "a bad literal: exit 2, file:line ($(<"$T/err"))" \
	sh -c "[ $rc -eq 2 ] && grep -qF '$T/bad.out:2: '\''x'\'' is not a literal' '$T/err'"
printf 'Optimal - objective value 8\n  0 x_1_1 one 0\n' >"$T/bad.sol"
"$H" check --from "$T/assignment-8.lp" --solution "$T/bad.sol" >/dev/null 2>"$T/err"; rc=$?
expect "a bad CBC line: exit 2, file:line ($(<"$T/err"))" \
	sh -c "[ $rc -eq 2 ] && grep -qF '$T/bad.sol:2: expected \"INDEX NAME VALUE REDUCED-COST\"' '$T/err'"
printf 's UNKNOWN\n' >"$T/unk.out"
"$H" check --from "$T/pairwise-8.cnf" --solution "$T/unk.out" >/dev/null 2>"$T/err"; rc=$?
expect "no answer (s UNKNOWN): exit 2 ($(<"$T/err"))" \
	sh -c "[ $rc -eq 2 ] && grep -q 'unk.out:1: the solver gave no answer' '$T/err'"
"$H" check --from "$T/pairwise-10.cnf" --solution "$T/pairwise-10.cnf.cadical" --hint 2:2 \
	>/dev/null 2>"$T/err"; rc=$?
expect "--hint that is not the export's: exit 2 ($(head -1 "$T/err"))" \
	sh -c "[ $rc -eq 2 ] && grep -q 'was exported with hints 1:2' '$T/err'"
"$H" check --from "$T/pairwise-8.cnf" --solution "$T/assignment-8.lp.cbc" >/dev/null 2>"$T/err"; rc=$?
expect "a CBC solution against a CNF: exit 2 ($(head -1 "$T/err"))" [ $rc -eq 2 ]
"$H" check --from "$T/bad.out" --solution "$T/bad.out" >/dev/null 2>"$T/err"; rc=$?
expect "a --from that harness export did not write: exit 2 ($(head -1 "$T/err"))" \
	sh -c "[ $rc -eq 2 ] && grep -q 'not a file written by harness export' '$T/err'"
# a "none" with hints on a small board: the validator's own count confirms it
"$H" export -n 4 --hint 1:1 --encoding pairwise -o "$T/h4.cnf" 2>/dev/null
cadical -q "$T/h4.cnf" >"$T/h4.out" 2>/dev/null
"$H" check --from "$T/h4.cnf" --solution "$T/h4.out" >"$T/chk" 2>&1; rc=$?
expect "'none' with hints, n=4: exit 0, checked by the own count ($(head -1 "$T/chk"))" \
	sh -c "[ $rc -eq 0 ] && grep -q '^ok: .*checked: counter' '$T/chk'"
# a "none" nothing can confirm (hints, n beyond the own count): exit 3
"$H" export -n 14 --hint 1:2 --hint 2:5 --encoding pairwise -o "$T/h14.cnf" 2>/dev/null
printf 's UNSATISFIABLE\n' >"$T/h14.out"
"$H" check --from "$T/h14.cnf" --solution "$T/h14.out" >"$T/chk" 2>&1; rc=$?
expect "'none' with hints, n=14: exit 3, unchecked ($(head -1 "$T/chk"))" \
	sh -c "[ $rc -eq 3 ] && grep -q '^unchecked: ' '$T/chk'"
# a "none" where a placement is known to exist: wrong
"$H" export -n 30 --encoding pairwise -o "$T/n30.cnf" 2>/dev/null
printf 's UNSATISFIABLE\n' >"$T/n30.out"
"$H" check --from "$T/n30.cnf" --solution "$T/n30.out" >"$T/chk" 2>&1; rc=$?
expect "'none' at n=30: exit 1, wrong ($(head -1 "$T/chk"))" \
	sh -c "[ $rc -eq 1 ] && grep -q '^wrong: ' '$T/chk'"
# --placement still works
"$H" check -n 4 --placement "2 4 1 3" >/dev/null 2>&1; rc=$?
expect "check --placement still works (got $rc)" [ $rc -eq 0 ]

echo "interop: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
