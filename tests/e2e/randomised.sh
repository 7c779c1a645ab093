#!/usr/bin/env bash
# randomised.sh - end-to-end tests of what `report` and `plot` show of
# randomised methods (issue 31: a local search's runs, many seeds each,
# status ok or unsolved, steps and restarts): the table of success rates
# with their Wilson intervals and steps solved and unsolved in every
# format, the run-time distribution plot (--kind rtd, and the default
# for a file of local searches only), unsolved runs in the time plot,
# hostile steps cells. From CSVs written here (bench/gen_local.py and
# by hand), no run made. HARNESS names the binary (default ./harness).
# Prints "randomised: N passed, N failed" last; exits 1 on failure.
. "$(dirname "$0")/common.bash"

not() { ! "$@"; }

# --- by hand: figures known --------------------------------------------------
# hc: 3 of 8 counted runs solved (an error and a skip not counted, the
# error's 999 steps in no mean), steps 4 and 2 solved, 3 and 5 unsolved,
# one 'x' and one -2 that are not counts; st never solved; bt complete
mkdir "$T/h"
cat >"$T/h/l.csv" <<'CSV'
experiment,n,mode,approach,status,solutions,wall_s,cpu_s,timeout_s,steps,restarts
l,8,first,hc,ok,1,0.001,0.001,5,4,0
l,8,first,hc,ok,1,0.003,0.003,5,2,0
l,8,first,hc,ok,1,0.002,0.002,5,,0
l,8,first,hc,unsolved,,0.001,0.001,5,3,0
l,8,first,hc,unsolved,,0.001,0.001,5,5,1
l,8,first,hc,unsolved,,0.001,0.001,5,-2,0
l,8,first,hc,unsolved,,0.001,0.001,5,x,0
l,8,first,hc,timeout,,5,5,5,,
l,8,first,hc,error,,0.001,0.001,5,999,9
l,8,first,hc,skipped,,,,5,,
l,8,first,bt,ok,1,0.002,0.002,5,,
l,8,first,st,unsolved,,0.001,0.001,5,7,0
CSV
for fmt in markdown latex json html; do
	"$H" report "$T/h/l.csv" --format $fmt 2>"$T/err-$fmt"
	rc=$?
	expect "report --format $fmt exits 0 on hostile steps cells (got $rc: $(cat "$T/err-$fmt"))" [ $rc -eq 0 ]
done
expect "the negative steps cell is warned about, by line" \
	grep -qF "l.csv:7: warning: '-2' in column 'steps' is negative, not a count: skipped" "$T/err-markdown"
expect "the text steps cell is warned about, by line" \
	grep -qF "l.csv:8: warning: 'x' in column 'steps' is not a number: skipped" "$T/err-markdown"
expect "Markdown: hc 3 of 8, 37.5 % [13.7, 69.4], steps 3/3 solved, 4/4 unsolved, restarts 1 in 7" \
	grep -qxF '| 8 | hc | 8 | 3 | 37.5 | [13.7, 69.4] | 3 | 3 | 4 | 4 | 0.143 |' "$T/h/l.md"
expect "Markdown: st never solved: 0 % [0.0, 79.3], no steps solved" \
	grep -qxF '| 8 | st | 1 | 0 | 0.0 | [0.0, 79.3] | – | – | 7 | 7 | 0 |' "$T/h/l.md"
expect "Markdown: a complete method (no steps) has no row in the table" \
	not grep -qF '| 8 | bt | 1 | ' "$T/h/l.md"
expect "Markdown: unsolved runs are statuses of their own, not errors" \
	grep -qF '3 ok, 1 timeout, 1 error, 1 skipped, 4 unsolved' "$T/h/l.md"
expect "LaTeX: the table, labelled, with the same figures" \
	grep -qF '8 & hc & 8 & 3 & 37.5 & 13.7 & 69.4 & 3 & 3 & 4 & 4 & 0.143 \\' "$T/h/l.tex"
expect "LaTeX: its label" grep -qF '\label{tab:l-first-randomised}' "$T/h/l.tex"
expect "LaTeX: no NUL byte (unsolved has its letter, U)" \
	python3 -c "import sys; d=open(sys.argv[1],'rb').read(); sys.exit(b'\0' in d or b'U unsolved' not in d)" "$T/h/l.tex"
expect "JSON: hc's figures, the Wilson interval's ends" python3 - "$T/h/l.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
r = {c['approach']: c.get('randomised') for c in d['cells']}
hc = r['hc']
assert r['bt'] is None, r['bt']
assert (hc['runs'], hc['solved']) == (8, 3), hc
assert abs(hc['success_ci'][0] - 0.1368) < 1e-4 and abs(hc['success_ci'][1] - 0.6943) < 1e-4, hc
assert hc['steps_solved'] == {'count': 2, 'mean': 3, 'median': 3}, hc
assert hc['steps_unsolved'] == {'count': 2, 'mean': 4, 'median': 4}, hc
assert r['st']['steps_solved'] == {'count': 0, 'mean': None, 'median': None}
assert d['success_interval'] == {'method': 'wilson', 'level': 0.95}
PY
expect "HTML: the sortable table with hc's rate" \
	grep -qF '<table id="randomised" class="sortable">' "$T/h/l.html"
expect "HTML: the run-time distribution among its plots" \
	grep -qF 'alt="run-time distributions' "$T/h/l.html"

# --- a generated file: thousands of seeds, the plot ---------------------------
mkdir "$T/g"
python3 bench/gen_local.py 3000 >"$T/g/local.csv"
"$H" plot "$T/g/local.csv" 2>"$T/err"
rc=$?
expect "plot of a file of local searches exits 0 (got $rc: $(cat "$T/err"))" [ $rc -eq 0 ]
expect "its default is the run-time distribution, in its own file" \
	grep -qF "rtd plot written to $T/g/local-rtd.svg" "$T/err"
expect "no time plot drawn by default" [ ! -e "$T/g/local.svg" ]
for a in hill-climbing hill-climbing-sideways random-restart simulated-annealing minconflicts; do
	expect "the RTD names $a" grep -qF ">$a<" "$T/g/local-rtd.svg"
done
# an instance's curves share its panels, each curve in its approach's
# whole look (colour, dash, marker): no dash told instances apart
expect "the RTD's instances: a panel each (n = 1000)" \
	grep -qF '>n = 1000: solved against steps<' "$T/g/local-rtd.svg"
"$H" plot "$T/g/local.csv" --kind rtd -o "$T/g/r2.svg" --panel steps 2>"$T/err"
expect "--panel steps: the panels against steps alone" \
	not grep -qF 'against time' "$T/g/r2.svg"
expect "the RTD has its panel against steps" grep -qF 'solved against steps' "$T/g/local-rtd.svg"
expect "the RTD has its panel against time" grep -qF 'solved against time' "$T/g/local-rtd.svg"
"$H" plot "$T/g/local.csv" --kind rtd -o "$T/g/r.png" --y cpu_s 2>"$T/err"
expect "--kind rtd -o r.png draws a PNG ($(cat "$T/err"))" \
	python3 -c "import sys; sys.exit(open(sys.argv[1],'rb').read(8) != b'\x89PNG\r\n\x1a\n')" "$T/g/r.png"
"$H" plot "$T/g/local.csv" --kind time 2>"$T/err"
expect "the time plot keys unsolved runs as their own marker" \
	grep -qF 'unsolved (a local search stopped)' "$T/g/local.svg"
"$H" report "$T/g/local.csv" -o "$T/g/local.md" 2>/dev/null
expect "the Markdown report links the RTD beside the CSV" \
	grep -qF '![run-time distributions: fraction of runs solved against steps and time](local-rtd.svg)' "$T/g/local.md"
expect "the Markdown report has seven randomised rows (five methods, minconflicts at three sizes)" \
	[ "$(sed -n '/^### Randomised methods/,/^## /p' "$T/g/local.md" | grep -c '^| [0-9]')" -eq 7 ]

# --- files without local search ---------------------------------------------
# a mixed file keeps the time plot as its default; a file without steps
# has nothing for --kind rtd
head -1 "$T/h/l.csv" >"$T/h/m.csv"
grep ',bt,\|,hc,ok' "$T/h/l.csv" >>"$T/h/m.csv"
sed -i 's/,bt,ok,1,0.002,/,bt,ok,1,0.004,/' "$T/h/m.csv"
"$H" plot "$T/h/m.csv" 2>"$T/err"
expect "a mixed file's default plot is the time plot ($(cat "$T/err"))" \
	grep -qF "time plot written to $T/h/m.svg" "$T/err"
cut -d, -f1-9 "$T/h/m.csv" >"$T/h/c.csv"
bad_input "--kind rtd on a file without steps" "no run has a number of steps" \
	"$H" plot "$T/h/c.csv" --kind rtd
expect "plot --help names the kind" sh -c "'$H' plot --help 2>&1 | grep -qF 'rtd: run-time distributions'"

echo "randomised: $pass passed, $failed failed"
[ $failed -eq 0 ]
