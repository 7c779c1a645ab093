#!/usr/bin/env bash
# cnf.sh - end-to-end tests of the CNF model: the column
# at-least-one clauses in exported DIMACS and their header comment, the
# `columns` option in the CSV, and the harness's PicoSAT against the
# `picosat` program (Debian picosat) on the exported file: the same
# clauses in the same order make the same search, decision for decision.
# HARNESS names the binary (default ./harness). Prints "N passed, N
# failed" last; exits 1 if anything failed.
. "$(dirname "$0")/common.bash"

# the row and column at-least-one clauses of exported DIMACS files, all
# in one python3 (a start each was 30 ms, four a file): prints a line
# "ROWS COLS CLAUSES" per FILE (lines whose every square appears,
# positive, in one clause of exactly n literals; the p line's count of
# clauses), e.g. "8 8 1234"
alo_lines() {
	python3 - "$@" <<'PY'
import sys
for path in sys.argv[1:]:
  sq, clauses, cur, p = {}, [], [], '?'
  for line in open(path):
    w = line.split()
    if w[:2] == ['p', 'cnf']:
        p = w[3]
    if not w or w[0] == 'p':
        continue
    if w[0] == 'c':
        if len(w) == 5 and w[1] == 'square':
            sq[int(w[4])] = (int(w[2]), int(w[3]))
        continue
    for x in map(int, w):
        if x == 0:
            clauses.append(cur); cur = []
        else:
            cur.append(x)
  n = max(r for r, c in sq.values())
  rows = cols = 0
  for cl in clauses:
    if len(cl) != n or any(x < 0 or x not in sq for x in cl):
        continue
    at = [sq[x] for x in cl]
    if len(set(r for r, c in at)) == 1 and len(set(c for r, c in at)) == n:
        rows += 1
    elif len(set(c for r, c in at)) == 1 and len(set(r for r, c in at)) == n:
        cols += 1
  print(rows, cols, p)
PY
}

# --- export: the standard model by default, --columns none, the header ----
encs="pairwise sequential commander product binary bimander ladder"
files=() done_encs=""
for enc in $encs; do
	"$H" export -n 9 --hint 2:4 --encoding "$enc" -o "$T/a-$enc.cnf" 2>/dev/null &&
	"$H" export -n 9 --hint 2:4 --encoding "$enc" --columns none -o "$T/b-$enc.cnf" 2>/dev/null ||
		{ bad "export $enc"; continue; }
	files+=("$T/a-$enc.cnf" "$T/b-$enc.cnf") done_encs="$done_encs $enc"
done
alo_lines "${files[@]}" >"$T/alo"
for enc in $done_encs; do
	read -r ar ac ap && read -r br bc bp || { bad "$enc: no lines counted"; continue; }
	expect "$enc: exported with n row and n column at-least-one clauses ($ar $ac)" \
		[ "$ar $ac" = "9 9" ]
	expect "$enc: --columns none: rows only ($br $bc)" \
		[ "$br $bc" = "9 0" ]
	expect "$enc: the p line counts n more clauses with the columns" \
		[ $((ap - bp)) -eq 9 ]
done <"$T/alo"
expect "the header says columns=alo" grep -q '^c n-queens n=9 encoding ladder columns=alo, hints (1-based row:col): 2:4$' "$T/a-ladder.cnf"
expect "the header says columns=none" grep -q '^c n-queens n=9 encoding ladder columns=none,' "$T/b-ladder.cnf"
"$H" export -n 8 --encoding ladder --columns some -o "$T/c.cnf" >/dev/null 2>"$T/err"; rc=$?
expect "--columns some exits 2, says the choices, writes nothing (got $rc: $(<"$T/err"))" \
	sh -c "[ $rc -eq 2 ] && grep -q 'columns is alo or none, not .some.' '$T/err' && [ ! -e '$T/c.cnf' ]"
"$H" export -n 8 --model assignment --columns none -o "$T/c.lp" >/dev/null 2>"$T/err"; rc=$?
expect "--columns with --model exits 2, names the format that takes it (got $rc: $(<"$T/err"))" \
	sh -c "[ $rc -eq 2 ] && grep -q 'CPLEX LP (--format lp) takes no --columns; .*(--format dimacs takes it)' '$T/err' && [ ! -e '$T/c.lp' ]"
# the formats are rows of one table (formats/formats.h): --format, -o's
# extension and the refusals all read it
"$H" export -n 8 --encoding ladder --format dimcas -o "$T/d.cnf" >/dev/null 2>"$T/err"; rc=$?
expect "--format dimcas exits 2, lists the formats, suggests dimacs, writes nothing (got $rc: $(head -1 "$T/err"))" \
	sh -c "[ $rc -eq 2 ] && grep -q -- \"--format is dimacs, lp, mps, param, json, mzn, mzn-model, dzn, asp or smt2, not 'dimcas' (did you mean 'dimacs'?)\" '$T/err' && [ ! -e '$T/d.cnf' ]"
"$H" export -n 8 --format '' -o "$T/d.cnf" >/dev/null 2>"$T/err"; rc=$?
expect "--format '' exits 2, writes nothing (got $rc: $(head -1 "$T/err"))" \
	sh -c "[ $rc -eq 2 ] && grep -q 'format is dimacs' '$T/err' && [ ! -e '$T/d.cnf' ]"
"$H" export -n 8 -o "$T/d.txt" >/dev/null 2>"$T/err"; rc=$?
expect "-o FILE.txt without --format, --encoding or --model exits 2 naming the formats (got $rc: $(head -1 "$T/err"))" \
	sh -c "[ $rc -eq 2 ] && grep -q 'give --format F (dimacs, lp, mps, param, json, mzn, mzn-model, dzn, asp or smt2)' '$T/err' && [ ! -e '$T/d.txt' ]"
"$H" export -n 6 --encoding ladder -o "$T/d.cnf.txt" >/dev/null 2>&1; rc=$?
expect "-o FILE.cnf.txt with --encoding is DIMACS (by the flag; the extension is .txt)" \
	sh -c "[ $rc -eq 0 ] && grep -q '^p cnf ' '$T/d.cnf.txt'"

# --- the ILP counterpart: assignment (columns = 1), assignment-rows (<= 1) --
"$H" export -n 6 --model assignment -o "$T/a.lp" 2>/dev/null
"$H" export -n 6 --model assignment-rows -o "$T/r.lp" 2>/dev/null
expect "assignment's LP has 6 column rows = 1" [ "$(grep -cE '^ col_[0-9]+: .* = 1$' "$T/a.lp")" -eq 6 ]
expect "assignment-rows' LP has 6 column rows <= 1, rows still = 1" \
	sh -c "[ \$(grep -cE '^ col_[0-9]+: .* <= 1$' '$T/r.lp') -eq 6 ] && [ \$(grep -cE '^ row_[0-9]+: .* = 1$' '$T/r.lp') -eq 6 ]"

# --- the harness's PicoSAT and the picosat program: the same decisions -----
if command -v picosat >/dev/null; then
	# same_search N ENCODING COLUMNS [HINT]: the program's decisions on the
	# exported file, and the harness's run into s-K.csv; the harness's
	# CSVs are read after the last, all in one python3 (a start each was
	# 30 ms), and each search compared then
	searches=()
	same_search() {
		local n=$1 enc=$2 col=$3 hint=${4:-} hflag=() d_bin k=${#searches[@]}
		[ -n "$hint" ] && hflag=(--hint "$hint")
		"$H" export -n "$n" "${hflag[@]}" --encoding "$enc" --columns "$col" \
			-o "$T/s.cnf" 2>/dev/null || { bad "export $n $enc $col"; return; }
		d_bin=$(picosat -v "$T/s.cnf" | awk '/ decisions$/ { print $2 }')
		"$H" solve -n "$n" "${hflag[@]}" -o "$T/s-$k.csv" \
			"picosat:encoding=$enc,columns=$col" >/dev/null 2>&1
		searches+=("n=$n $enc columns=$col hint=$hint|$d_bin|$T/s-$k.csv")
	}
	# every encoding with both column choices, the hinted n = 30 board
	# with one of them and the plain n = 24 board with the other, in turn
	# (alo takes n = 30 for one encoding, n = 24 for the next)
	e=0
	for enc in pairwise sequential commander product binary bimander ladder; do
		e=$((e + 1)) c=0
		for col in alo none; do
			c=$((c + 1))
			if [ $(((e + c) % 2)) -eq 0 ]; then
				same_search 30 "$enc" "$col" 3:7
			else
				same_search 24 "$enc" "$col"
			fi
		done
	done
	# status and decisions of each CSV's first row, a line each ("" if none)
	python3 - "${searches[@]##*|}" >"$T/s.got" <<'PY'
import csv, sys
for path in sys.argv[1:]:
    try:
        r = next(csv.DictReader(open(path)))
        print(r['status'], r['decisions'])
    except Exception as e:
        print('(%s)' % e)
PY
	for s in "${searches[@]}"; do
		IFS= read -r d_h
		IFS='|' read -r what d_bin _ <<<"$s"
		if [ "$d_h" = "ok $d_bin" ] && [ -n "$d_bin" ]; then
			ok
		else
			bad "$what: picosat program $d_bin decisions, harness $d_h"
		fi
	done <"$T/s.got"
else
	bad "the picosat program is missing (scripts/deps.sh installs Debian picosat)"
fi

# --- the option in experiment files and the CSV ----------------------------
cat >"$T/cols.yaml" <<'Y'
instances:
  - {n: 6, mode: [first, count]}
  - {n: 12, hints: [[1, 1]]}
approaches:
  - picosat: {encoding: [sequential, ladder], columns: [alo, none]}
  - dimacs: {encoding: ladder, command: minisat, columns: [alo, none]}
Y
"$H" run "$T/cols.yaml" -q -o "$T/cols.csv" >/dev/null 2>"$T/err"; rc=$?
expect "columns alo and none side by side: exit 0 (got $rc: $(tail -2 "$T/err"))" [ $rc -eq 0 ]
expect "every run ok, the options column names the model, none is n clauses smaller" [ "$(python3 - "$T/cols.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
ok = all(r['status'] == 'ok' for r in rows)
opts = sorted(set((r['solver'], r['options']) for r in rows))
size = {}
for r in rows:
    size[(r['solver'], r['encoding'], r['n'], r['mode'], 'columns=none' in r['options'])] = int(r['constraints'])
diffs = sorted(set(size[k[:4] + (False,)] - size[k[:4] + (True,)] - int(k[2]) for k in size if k[4]))
print(len(rows), ok, opts, diffs)
PY
)" = "16 True [('dimacs', 'command=minisat;output=auto;columns=alo'), ('dimacs', 'command=minisat;output=auto;columns=none'), ('picosat', 'symmetry=none;columns=alo;count=auto'), ('picosat', 'symmetry=none;columns=none;count=auto')] [0]" ]
printf 'instances: [{n: 4}]\napproaches:\n  - picosat: {columns: rows}\n' >"$T/bad.yaml"
"$H" run "$T/bad.yaml" -o "$T/bad.csv" >/dev/null 2>"$T/err"; rc=$?
expect "columns: rows is an exit-2 error naming the choices (got $rc: $(<"$T/err"))" \
	sh -c "[ $rc -eq 2 ] && grep -q 'alo' '$T/err' && grep -q 'none' '$T/err' && [ ! -e '$T/bad.csv' ]"

echo "cnf: $pass passed, $failed failed"
[ $failed -eq 0 ]
