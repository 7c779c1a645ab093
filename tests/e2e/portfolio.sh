#!/usr/bin/env bash
# portfolio.sh - a portfolio as an approach (docs/experiments.md,
# Portfolios): two natives and a liar (tests/liars/liars.c) run at once,
# the liar's answer rejected by the checks of one answer and never the
# winner, the winner named in the note; a member that runs a program
# (dimacs) wins while a native burns CPU, which the run's cpu_s holds; a
# member hanging in a program is killed when another wins, a portfolio
# that no member finishes ends at the timeout as a whole, and nothing is
# left running (every process found by a marker in its command line, $T,
# as contain.sh does); a lie nothing can check alone (a "none" on a
# blocked board past the validator's own count) is the portfolio's
# answer and ends `wrong`, as any approach's; when every member is
# rejected the row is an error naming each; members written badly are
# refused at their line. HARNESS names the binary (default ./harness).
# Under ASan (E2E_SAN=1) the liar's section and the refusals only.
# Prints "portfolio: N passed, N failed" last.
. "$(dirname "$0")/common.bash"

left() { pgrep -f -- "$T/" | grep -v "^$$\$" || true; }
end_left() { local p; for p in $(left); do kill -9 "$p" 2>/dev/null; done; }
trap 'end_left; rm -rf "$T"' EXIT
none_left() {
	local i
	for ((i = 0; i < $1; i++)); do
		[ -z "$(left)" ] && return 0
		sleep 0.1
	done
	return 1
}

cc -std=c11 -O2 -shared -fPIC -I"$ROOT/include" -o "$T/liars.so" \
	tests/liars/liars.c 2>"$T/cc.err" || bad "building liars.so: $(cat "$T/cc.err")"
# `sleep` under a name with the marker in it; a SAT program that answers
# after 0.3 s (CaDiCaL: s and v lines), one that never does
ln -s "$(command -v sleep)" "$T/gc"
# (found on PATH: a member's text is short, the approach's name too)
# (--version for the .meta at once)
printf '#!/bin/sh\n[ "$1" = --version ] && exec echo 1\n"%s/gc" 0.3\nexec cadical -q "$@"\n' "$T" >"$T/pf-late"
printf '#!/bin/sh\n[ "$1" = --version ] && exec echo 1\n: >"%s/started"\nexec "%s/gc" 300\n' "$T" "$T" >"$T/pf-hang"
chmod +x "$T/pf-late" "$T/pf-hang"
PATH=$T:$PATH

# rows FILE: "approach n mode status solutions checked | note" per row
rows() {
	python3 - "$1" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline='')):
    print(r['approach'], r['n'], r['mode'], r['status'], r['solutions'],
          r['checked'], '|', r['note'])
PY
}

# --- two natives and a liar ---------------------------------------------------
# the natives take tens of ms (textbook, board): the liar's instant
# answer is read, checked and rejected first
cat >"$T/liar.yaml" <<Y
experiment: pf-liar
repeat: 1
timeout: 20s
instances:
  - {n: 24, mode: first}
  - {n: 11, mode: count}
approaches:
  - portfolio: {members: [liar-off2, backtrack/textbook, "backtrack:variant=board"]}
Y
"$H" --plugin "$T/liars.so" run "$T/liar.yaml" -o "$T/liar.csv" >"$T/out" 2>&1
rc=$?
expect "liar: exit 0, every row ok (got $rc: $(tail -3 "$T/out"))" [ $rc -eq 0 ]
rows "$T/liar.csv" >"$T/rows"
P='portfolio/liar-off2\+backtrack/textbook\+backtrack/board'
expect "liar: first mode ok, the placement checked, a native won, the liar rejected ($(cat "$T/rows"))" \
	grep -qE "^$P 24 first ok 1 placement \| won by backtrack/(textbook|board); liar-off2 rejected: row 1 has its queen off the board \\(column 25\\)" "$T/rows"
expect "liar: count mode ok, 2680 against OEIS, a native won, the liar's 2682 rejected" \
	grep -qE "^$P 11 count ok 2680 oeis \| won by backtrack/(textbook|board); liar-off2 rejected: count 2682, where it is 2680" "$T/rows"
expect "liar: the CSV names the portfolio's solver and its members (canonical: backtrack/board, however written)" \
	[ "$(csv_rows "$T/liar.csv" solver encoding | sort -u)" = "$(printf 'portfolio\tliar-off2+backtrack/textbook+backtrack/board')" ]

# every member rejected: no answer, the row an error saying why
cat >"$T/liars2.yaml" <<Y
experiment: pf-liars
repeat: 1
timeout: 20s
instances:
  - {n: 8, mode: first}
approaches:
  - portfolio: {members: [liar-fixed, liar-none]}
Y
"$H" --plugin "$T/liars.so" run "$T/liars2.yaml" -o "$T/liars2.csv" >"$T/out" 2>&1
rows "$T/liars2.csv" >"$T/rows"
expect "liars alone: error, each member's rejection in the note ($(cat "$T/rows"))" \
	grep -qE "^portfolio/liar-fixed\+liar-none 8 first error   \| no member answered: liar-(fixed|none) rejected: .*; liar-(fixed|none) rejected: " "$T/rows"

# an answer nothing checks (a "none" on an excluded board past the
# validator's own count): the winner's name stays, before the verdict's
# note; merged beside another approach's agreeing answer, the stale
# "nothing checked" goes and the winner's name stays
printf 'n = 24\nnumdiags = 22\ndiags = [[33, 0], [3, 1], [23, 0], [37, 0], [22, 0], [45, 0], [28, 0], [5, 1], [10, 0], [25, 0], [29, 0], [45, 1], [46, 0], [15, 0], [31, 0], [23, 1], [17, 0], [35, 0], [10, 1], [19, 1], [32, 0], [43, 0]]\n' >"$T/d24.param"
cat >"$T/alone.yaml" <<Y
experiment: pf-alone
repeat: 1
timeout: 20s
instances:
  - {file: d24.param, diagonals: 22}
approaches:
  - portfolio: {members: ["backtrack:variant=prop", "backtrack:variant=mrv"]}
  - backtrack: {variant: prop}
Y
"$H" run "$T/alone.yaml" --shard 1/2 -o "$T/alone1.csv" >"$T/out" 2>&1
rc=$?
rows "$T/alone1.csv" >"$T/rows"
expect "alone: a none nothing checked keeps the winner's name (rc $rc: $(cat "$T/rows"))" \
	grep -qxF "portfolio/backtrack/prop+backtrack/mrv 24 first ok 0 none | won by backtrack/prop; nothing checked this answer (no table, no other approach gave one)" "$T/rows"
expect "... and its progress line says the winner, not a verdict still open" \
	grep -qE '^\[1/1\] portfolio/backtrack/prop\+backtrack/mrv n=24 first d24-d22 #1: ok [0-9.]+s: won by backtrack/prop$' "$T/out"
"$H" run "$T/alone.yaml" --shard 2/2 -q -o "$T/alone2.csv" 2>/dev/null
"$H" merge -o "$T/alonem.csv" "$T/alone1.csv" "$T/alone2.csv" >/dev/null 2>&1
rows "$T/alonem.csv" >"$T/rows"
expect "alone, merged: agrees:1, the winner's name kept, the stale note gone ($(cat "$T/rows"))" \
	grep -qxF "portfolio/backtrack/prop+backtrack/mrv 24 first ok 0 agrees:1 | won by backtrack/prop" "$T/rows"

# Under ASan (E2E_SAN) the liar's section and the refusals walk the
# portfolio's C (frames, placements, the members' texts); what follows
# walks the same paths with programs and the clock, so it runs once.
if ! san; then
# --- a program member wins while a native burns; a hanging one is killed ------
cat >"$T/prog.yaml" <<Y
experiment: pf-prog
repeat: 1
timeout: 20s
instances:
  - {n: 28, mode: first}
approaches:
  - portfolio: {members: [backtrack/board, "dimacs:command=pf-late"]}
  - portfolio: {members: [backtrack/textbook, "dimacs:command=pf-hang"]}
Y
"$H" run "$T/prog.yaml" -o "$T/prog.csv" >"$T/out" 2>&1
rc=$?
expect "program: exit 0 (got $rc: $(tail -3 "$T/out"))" [ $rc -eq 0 ]
check=$(python3 - "$T/prog.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
bad = []
a, b = rows
if a['status'] != 'ok' or not a['note'].startswith('won by dimacs/commander'): bad.append(('late', a['status'], a['note']))
# the native burnt CPU for the 0.3 s the program slept: counted
elif float(a['cpu_s']) < 0.05: bad.append(('cpu_s of the losers not counted', a['cpu_s'], a['wall_s']))
if b['status'] != 'ok' or b["note"] != "won by backtrack/textbook": bad.append(('hang', b['status'], b['note']))
elif float(b['wall_s']) > 5: bad.append(('the hanging member held the run', b['wall_s']))
print(bad)
PY
)
expect "program: the sleeping program's answer won with the native's CPU counted; a hanging member did not hold the run (got $check)" [ "$check" = "[]" ]
expect "program: the hanging member's program had started" [ -e "$T/started" ]
expect "program: no member, program or sleeper left running" none_left 20

# --- no member finishes: the portfolio's timeout ------------------------------
cat >"$T/slow.yaml" <<Y
experiment: pf-slow
repeat: 1
timeout: 500ms
instances:
  - {n: 34, mode: first}
approaches:
  - portfolio: {members: [backtrack/board, "dimacs:command=pf-hang"]}
Y
"$H" run "$T/slow.yaml" -o "$T/slow.csv" >"$T/out" 2>&1
expect "timeout: the portfolio times out as a whole at 0.5 s" \
	[ "$(csv_rows "$T/slow.csv" status)" = timeout ]
expect "timeout: no member, program or sleeper left running" none_left 20

# --- a lie nothing can check alone: the portfolio answered it -----------------
# n = 26 (past the validator's own count), one square blocked: liar-none's
# instant "none" comes before board's placement (hundreds of ms) and is
# the portfolio's answer; dlx's placement disproves it
cat >"$T/trust.yaml" <<Y
experiment: pf-trust
repeat: 1
timeout: 20s
instances:
  - {n: 26, mode: first, blocked: [[1, 1]]}
approaches:
  - backtrack: {variant: dlx}
  - portfolio: {members: [liar-none, backtrack/board]}
Y
"$H" --plugin "$T/liars.so" run "$T/trust.yaml" -o "$T/trust.csv" >"$T/out" 2>&1
rc=$?
rows "$T/trust.csv" >"$T/rows"
expect "trust: the unchecked lie won and its row is wrong, exit 1 (got $rc: $(cat "$T/rows"))" \
	sh -c '[ "$1" -eq 1 ] && grep -q "^portfolio/liar-none+backtrack/board 26 first wrong 0 placement" "$2"' _ $rc "$T/rows"
expect "trust: the honest row is ok" grep -q "^backtrack/dlx 26 first ok 1 placement" "$T/rows"

fi

# --- members refused at their line --------------------------------------------
member() {
	printf 'experiment: x\ninstances:\n  - {n: 8}\napproaches:\n  - portfolio: {members: %s}\n' "$1" >"$T/bad.yaml"
}
member '[backtrack/dlx, backtrack/nosuch]'
bad_input "a member's bad label" "bad.yaml:5:42: portfolio member: unknown variant 'nosuch'" "$H" run "$T/bad.yaml" -o "$T/bad.csv"
member '[backtrack/dlx, nosolver]'
bad_input "an unknown member" "bad.yaml:5:42: portfolio member: unknown approach 'nosolver'" "$H" run "$T/bad.yaml" -o "$T/bad.csv"
member '[backtrack/dlx]'
bad_input "one member" "members needs at least two approaches (got 1)" "$H" run "$T/bad.yaml" -o "$T/bad.csv"
member '[backtrack/dlx, "portfolio:members=x"]'
bad_input "a portfolio as a member" "a portfolio cannot be a member" "$H" run "$T/bad.yaml" -o "$T/bad.csv"
member '[backtrack/dlx, "backtrack:variant=dlx"]'
bad_input "a member twice" "portfolio member 'backtrack:variant=dlx' is listed twice" "$H" run "$T/bad.yaml" -o "$T/bad.csv"
member '[construct/x, backtrack/dlx]'
bad_input "a label on a solver without one" "construct has no label option" "$H" run "$T/bad.yaml" -o "$T/bad.csv"

echo "portfolio: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
