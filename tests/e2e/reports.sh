#!/usr/bin/env bash
# reports.sh - end-to-end tests of `harness plot`, `harness report` and the
# metadata file beside every CSV. HARNESS names the binary (default
# ./harness). Prints "reports: N passed, N failed" last; exits 1 on failure.
. "$(dirname "$0")/common.bash"
D=$(pwd)/tests/data

# bad_input DESC SUBSTRING CMD...: exit 2 and SUBSTRING on stderr
# (files are read by bash below, not by a grep each: on these machines a
# process costs 2-3 ms of CPU, and this script made about 90 greps)
# has FILE STR: grep -qF -- STR FILE ($(<FILE) forks nothing in bash)
has() { [[ $(<"$1") == *"$2"* ]]; }
# starts FILE STR: a line of FILE starts with STR (grep -q "^STR", fixed)
starts() { [[ $'\n'$(<"$1") == *$'\n'"$2"* ]]; }
# line FILE STR: a line of FILE is STR (grep -qx, fixed)
line() { [[ $'\n'$(<"$1")$'\n' == *$'\n'"$2"$'\n'* ]]; }
# lines_with FILE STR...: how many lines of FILE hold one of the STRs
# (grep -c -F -e STR...), in n
lines_with() {
	local f=$1 l s
	shift
	n=0
	while IFS= read -r l || [ -n "$l" ]; do
		for s; do [[ $l == *"$s"* ]] && { n=$((n + 1)); break; }; done
	done <"$f"
}
# none PATTERN...: no file matches any of them
none() {
	local p
	for p; do compgen -G "$p" >/dev/null && return 1; done
	return 0
}
not() { ! "$@"; }

cp "$D/mixed.csv" "$T/mixed.csv"

# --- plot: every approach's series, the axis labels, every status ------------
"$H" plot "$T/mixed.csv" 2>"$T/err"
rc=$?
expect "plot exits 0 (got $rc: $(<"$T/err"))" [ $rc -eq 0 ]
expect "default output is the CSV's name with .svg" [ -s "$T/mixed.svg" ]
expect "the SVG is an SVG" has "$T/mixed.svg" '<svg'
for a in backtrack/bitmask picosat/pairwise glpk/assignment; do
	expect "the SVG has the series $a" has "$T/mixed.svg" ">$a<"
done
expect "x axis label" has "$T/mixed.svg" 'n (board size)'
expect "y axis label names the column and the statistic" \
	has "$T/mixed.svg" 'wall time (s), median; bars min..max'
for s in timeout memout crash error 'wrong answer'; do
	expect "runs that did not finish are drawn: '$s' in the key" \
		has "$T/mixed.svg" ">$s<"
done
lines_with "$T/mixed.svg" '>count: every placement' '>first: one placement'
expect "a panel per mode ($n)" [ "$n" -eq 2 ]
expect "the title is the experiment's name" has "$T/mixed.svg" '>fixture<'
expect "no temp file left" none "$T/*tmp*"

"$H" plot "$T/mixed.csv" --kind all -o "$T/all.png" 2>/dev/null
expect "--kind all draws three PNGs" [ -s "$T/all.png" -a -s "$T/all-cactus.png" -a -s "$T/all-size.png" ]
expect "a .png is a PNG" [ "$(head -c 4 "$T/all.png" | tail -c 3)" = PNG ]
"$H" plot "$T/mixed.csv" --kind cactus -o "$T/c.pdf" 2>/dev/null
expect "a .pdf is a PDF" [ "$(head -c 4 "$T/c.pdf")" = "%PDF" ]
"$H" plot "$T/mixed.csv" --y peak_rss_kib --mode first --group solver -o "$T/rss.svg" 2>/dev/null
expect "--y: the label follows the column" has "$T/rss.svg" 'peak resident memory (KiB)'
expect "--group solver: series by solver" has "$T/rss.svg" '>picosat<'
lines_with "$T/rss.svg" '>count: every placement<'
expect "--mode first: one panel ($n)" [ "$n" -eq 0 ]
"$H" plot "$T/mixed.csv" --kind size -o "$T/size.svg" 2>/dev/null
expect "size plot: an encoding per line, variables and clauses [1/2]" \
	has "$T/size.svg" '>picosat/pairwise<'
expect "size plot: an encoding per line, variables and clauses [2/2]" \
	has "$T/size.svg" 'clauses (CNF) or rows (ILP)'

# gnuplot missing or failing: exit 1, a clear message, no file at all
rm -f "$T/gp.svg"
NQ_GNUPLOT=/nonexistent/gnuplot "$H" plot "$T/mixed.csv" -o "$T/gp.svg" 2>"$T/err"
rc=$?
expect "no gnuplot: exit 1 (got $rc)" [ $rc -eq 1 ]
expect "no gnuplot: says so" has "$T/err" 'gnuplot is not installed'
NQ_GNUPLOT=/bin/false "$H" plot "$T/mixed.csv" -o "$T/gp.svg" 2>"$T/err"
rc=$?
expect "gnuplot fails: exit 1 (got $rc)" [ $rc -eq 1 ]
expect "gnuplot fails: no picture, no temp file" none "$T/gp*"

# --- bad input: exit 2 and a message that says what to do --------------------
bad_input "missing file" "$T/none.csv: cannot read" "$H" plot "$T/none.csv"
bad_input "missing file (report)" "cannot read" "$H" report "$T/none.csv"
printf 'a,b\r\n1,2\r\n' >"$T/other.csv"
bad_input "CSV without the needed columns" "no column 'n'" "$H" plot "$T/other.csv"
bad_input "CSV without the needed columns (report)" "no column 'n'" "$H" report "$T/other.csv"
bad_input "unknown y column lists the numeric ones" \
	"no column 'wal_s'; numeric columns: n, repeat, solutions, wall_s, cpu_s, peak_rss_kib" \
	"$H" plot "$T/mixed.csv" --y wal_s
bad_input "a text column is not a y" "no numbers in column 'note'" "$H" report "$T/mixed.csv" --y note
bad_input "unknown baseline lists the approaches" \
	"approaches: backtrack/bitmask, picosat/pairwise, glpk/assignment" \
	"$H" report "$T/mixed.csv" --baseline nope
bad_input "unknown picture type" "name the output .svg, .png or .pdf" "$H" plot "$T/mixed.csv" -o "$T/x.jpg"
bad_input "unknown kind" "--kind is time, cactus, size, solubility, scatter, rtd or all" "$H" plot "$T/mixed.csv" --kind pie
bad_input "unknown format" "--format is markdown, latex, html or json" "$H" report "$T/mixed.csv" --format htm
bad_input "no file named" "which results file" "$H" plot
printf 'experiment,n,mode,solver,status\r\ne,4,count,x,ok\r\ne,"4,count\r\ne,5,count,x,ok\r\ne,6,count,x,ok\r\n' >"$T/broken.csv"
bad_input "malformed CSV: file and line" "broken.csv:3: a quoted field is never closed" "$H" report "$T/broken.csv"
expect "nothing written on bad input" [ ! -e "$T/other.svg" -a ! -e "$T/x.jpg" -a ! -e "$T/other.md" ]

# --- report: the numbers are the medians of the CSV --------------------------
"$H" report "$T/mixed.csv" 2>"$T/err"
rc=$?
expect "report exits 0 (got $rc: $(<"$T/err"))" [ $rc -eq 0 ]
expect "default report output is the CSV's name with .md" [ -s "$T/mixed.md" ]
# (the medians and the rest are checked with the LaTeX below, by one python3)
expect "report: the baseline is named" has "$T/mixed.md" 'baseline **backtrack/bitmask**'
expect "report: a speed-up" grep -qE '\| 0\.2[0-9]× \|' "$T/mixed.md"
expect "report: the timed-out cell is there" grep -qE '^\| 7 \| glpk/assignment \| – .*\| 3 timeout \|' "$T/mixed.md"
expect "report: the wrong answer is there" grep -qE '^\| 5 \| glpk/assignment .*\| 2 ok, 1 wrong \|' "$T/mixed.md"
expect "report: says the machine was not recorded" has "$T/mixed.md" 'Not recorded'
"$H" report "$T/mixed.csv" --baseline glpk/assignment -o - >"$T/b.md" 2>/dev/null
expect "--baseline: speed-ups against it, '> k×' where it timed out" \
	grep -qE '^\| 7 \| backtrack/bitmask .*\| > [0-9.]+× \|' "$T/b.md"

"$H" report "$T/mixed.csv" --format latex 2>/dev/null
expect "latex: default FILE.tex" [ -s "$T/mixed.tex" ]
expect "latex: booktabs rules" has "$T/mixed.tex" '\toprule'
expect "latex: booktabs rules (2 of 3)" has "$T/mixed.tex" '\midrule'
expect "latex: booktabs rules (3 of 3)" has "$T/mixed.tex" '\bottomrule'
lines_with "$T/mixed.tex" '\begin{tabular}'
expect "latex: the totals and two tables per mode (glance, detail) ($n)" [ "$n" -eq 5 ]
# one python3: the report's numbers against the CSV's (medians, min, max,
# noisy, runs), then the LaTeX's column specs against its headers
mapfile -t got < <(python3 - "$T/mixed.csv" "$T/mixed.md" "$T/mixed.tex" <<'PY'
import csv, re, statistics, sys
try:
    rows = list(csv.DictReader(open(sys.argv[1], newline='')))
    want = {}
    for r in rows:
        want.setdefault((r['mode'], int(r['n']), r['solver'] + '/' + r['encoding']), []).append(r)
    mode = None; seen = 0; bad = []; runs_total = 0
    for line in open(sys.argv[2]):
        m = re.match(r'## (count|first)', line)
        if m: mode = m.group(1); continue
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if len(cells) != 12 or not cells[0].isdigit(): continue
        n, app, med, ci, mn, mx = int(cells[0]), cells[1], cells[2], cells[3], cells[4], cells[5]
        rs = want[(mode, n, app)]
        ok = [float(r['wall_s']) for r in rs if r['status'] == 'ok']
        # runs column: "2 ok, 1 memout" must count every row of the cell
        counts = {}
        for r in rs: counts[r['status']] = counts.get(r['status'], 0) + 1
        got = dict((s, int(k)) for k, s in (p.split(' ', 1) for p in cells[10].split(', ')))
        runs_total += sum(got.values())
        if got != counts: bad.append((mode, n, app, 'runs', got, counts))
        if ok:
            for name, v, ref in (('median', med, statistics.median(ok)), ('min', mn, min(ok)), ('max', mx, max(ok))):
                if abs(float(v) - ref * 1000) > 0.0015: bad.append((mode, n, app, name, v, ref))
            # the interval: within min..max, around the median; noisy when
            # wider than half the median; none for a single run
            if len(ok) < 2:
                if ci != '–': bad.append((mode, n, app, 'an interval of one run', ci))
                noisy = False
            else:
                lo, hi = (float(v) for v in ci.strip('[]').split(', '))
                if not (min(ok) * 1000 - 0.0015 <= lo <= statistics.median(ok) * 1000 + 0.0015
                        <= hi + 0.003 <= max(ok) * 1000 + 0.0045):
                    bad.append((mode, n, app, 'interval', ci))
                noisy = (hi - lo) / (statistics.median(ok) * 1000) > 0.5
            if noisy != (cells[11] == 'noisy'): bad.append((mode, n, app, 'noisy', cells[11]))
        elif med != '–': bad.append((mode, n, app, 'no ok run but a median', med))
        seen += 1
    print(seen, runs_total, bad)
except Exception as e:
    print(repr(e))
# the LaTeX: each tabular's column spec fits its header
try:
    t = open(sys.argv[3]).read()
    for spec, head in re.findall(r'\\begin\{tabular\}\{([^}]*)\}\n\\toprule\n(.*?) \\\\\n', t):
        # a grouped head's \multicolumn{k} spans k columns
        cols = sum(int(m.group(1)) if m else 1 for m in (re.match(r'\s*\\multicolumn\{([0-9]+)\}', c) for c in head.split('&')))
        assert len(spec.replace(' ', '')) == cols, (spec, head)
    print('fits')
except Exception as e:
    print(repr(e))
PY
)
check=${got[0]-}
expect "report medians/min/max/noisy/runs equal the CSV's (got: $check)" [ "$check" = "30 90 []" ]
expect "latex: the column spec fits the header (${got[1]-})" [ "${got[1]-}" = fits ]
expect "latex: labels escaped" has "$T/mixed.tex" 'glpk/assignment'
expect "latex: noisy cells marked" has "$T/mixed.tex" '$^\dagger$'

# --- damage a crash leaves: warned about, the rest of the file used ----------
# a half-written last row (an interrupted run): dropped, file and line named
head -c -40 "$T/mixed.csv" >"$T/half.csv"
lines=$(wc -l <"$T/half.csv")
"$H" report "$T/half.csv" -o "$T/half.md" 2>"$T/err"
rc=$?
expect "half-written last row: report exits 0 (got $rc: $(<"$T/err"))" [ $rc -eq 0 ]
expect "half-written last row: warned with file and line" \
	grep -qE "half.csv:$((lines + 1)): warning: the last row is half written \([0-9]+ of 26 fields\): dropped" "$T/err"
expect "half-written last row: the other rows reported" has "$T/half.md" "$((lines - 1)) runs"
"$H" plot "$T/half.csv" -o "$T/half.svg" 2>"$T/err"
rc=$?
expect "half-written last row: plot exits 0 (got $rc)" [ $rc -eq 0 -a -s "$T/half.svg" ]
expect "half-written last row: plot warns too" has "$T/err" "warning: the last row is half written"
{ cat "$T/mixed.csv"; printf 'fixture,9,count,backtrack,bitmask,1,ok,1,0.1,0.1,1000,,,,,,,,,,,,,2,1,"cut'; } >"$T/halfq.csv"
"$H" report "$T/halfq.csv" -o "$T/halfq.md" 2>"$T/err"
rc=$?
expect "cut inside a quote: exit 0 (got $rc: $(<"$T/err"))" [ $rc -eq 0 ]
mapfile -t mixed <"$T/mixed.csv" # (its lines, wc -l's: it ends with its line end)
expect "cut inside a quote: warned" has "$T/err" "halfq.csv:$((${#mixed[@]} + 1)): warning: the last row is half written (it ends inside a quoted field)"
# one python3 makes the three files below drawn from mixed.csv: nan.csv
# here, hosts.csv (a merged file) and lk/data/m.csv (image links)
mkdir -p "$T/lk/data" "$T/lk/out/deep"
python3 - "$T/mixed.csv" "$T/nan.csv" "$D/mixed.csv" "$T/hosts.csv" "$T/lk/data/m.csv" <<'PY'
import csv, sys
lines = open(sys.argv[1], newline='').read().splitlines(True)
for i, bad in ((2, 'nan'), (4, 'n/a')):   # file lines 3 and 5
    f = lines[i].split(',')
    f[8] = bad
    lines[i] = ','.join(f)
open(sys.argv[2], 'w', newline='').write(''.join(lines))
# hosts.csv
rows = list(csv.DictReader(open(sys.argv[3], newline='')))
w = csv.DictWriter(open(sys.argv[4], 'w', newline=''), list(rows[0]) + ['host'])
w.writeheader()
for i, r in enumerate(rows):
    r['host'] = 'box%d' % (i % 2)  # every cell with two runs: two machines
    w.writerow(r)
# lk/data/m.csv
rows = list(csv.DictReader(open(sys.argv[3], newline='')))
for r in rows: r['nodes'] = str(int(r['n']) * 10)   # a column to show
w = csv.DictWriter(open(sys.argv[5], 'w', newline=''), list(rows[0]))
w.writeheader(); w.writerows(rows)
PY
# one nan cell (and one of text) in wall_s: skipped with its line, the run counted
"$H" report "$T/nan.csv" -o "$T/nan.md" 2>"$T/err"
rc=$?
expect "nan cell: report exits 0 (got $rc: $(<"$T/err"))" [ $rc -eq 0 ]
expect "nan cell: warned with its line" has "$T/err" "nan.csv:3: warning: 'nan' in column 'wall_s' is not a number: skipped"
expect "text cell: warned with its line" has "$T/err" "nan.csv:5: warning: 'n/a' in column 'wall_s' is not a number: skipped"
runs="" # the first '[0-9]* runs' of mixed.md (grep -o | head -1), by bash
while IFS= read -r l; do [[ $l =~ [0-9]*\ runs ]] && { runs=${BASH_REMATCH[0]}; break; }; done <"$T/mixed.md"
expect "nan cell: every run still counted ($runs)" has "$T/nan.md" "$runs"
# (no -o: the default names, nan.svg, nan-cactus.svg, nan-size.svg, as
# -o nan.svg gave them; m.csv's three plots were drawn for the links below
# alone, three gnuplots more)
"$H" plot "$T/nan.csv" --kind all 2>"$T/err"
rc=$?
expect "nan cell: plot --kind all exits 0 (got $rc)" [ $rc -eq 0 -a -s "$T/nan-cactus.svg" ]
lines_with "$T/err" "nan.csv:3: warning"
expect "nan cell: warned once, not once per plot ($n)" [ "$n" -eq 1 ]
"$H" report "$T/nan.csv" -o "$T/nan-linked.md" 2>/dev/null
expect "the report links the plots beside it" has "$T/nan-linked.md" '](nan.svg)'
expect "the report links the plots beside it (2 of 2)" has "$T/nan-linked.md" '](nan-cactus.svg)'

# --- scale: 20,000 rows (bench/results.sh times 500,000) ----------------------
# (2,000 under the sanitizers, build/san: the same C, ten times less of
# it; the time bounds are the plain build's to keep)
rows=20000
case $H in */build/san/*) rows=2000 ;; esac
# both files from bench/gen_results.py in one python3 (its main twice, as
# `gen_results.py $rows` and `gen_results.py $rows --no-approach` print)
python3 - bench/gen_results.py $rows "$T/big.csv" "$T/bigold.csv" <<'PY'
import importlib.util, sys
spec = importlib.util.spec_from_file_location('gen_results', sys.argv[1])
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)
rows, big, bigold = sys.argv[2:5]
for args, out in (([rows], big), ([rows, '--no-approach'], bigold)):
    sys.argv = ['gen_results.py'] + args
    with open(out, 'w', newline='') as sys.stdout:
        gen.main()
PY
# (the clock: bash's EPOCHREALTIME, date +%s%N's without a process)
start=${EPOCHREALTIME/./}
"$H" report "$T/big.csv" -o "$T/big.md" 2>"$T/err"
rc=$?
end=${EPOCHREALTIME/./}
ms=$(( (10#$end - 10#$start) / 1000 ))
expect "20,000 rows: report exits 0 (got $rc: $(<"$T/err"))" [ $rc -eq 0 ]
expect "20,000 rows: every run counted" has "$T/big.md" "$rows runs"
expect "20,000 rows: report in under 5 s, not minutes (took $ms ms)" [ $ms -lt 5000 ]
start=${EPOCHREALTIME/./}
"$H" plot "$T/bigold.csv" -o "$T/bigold.svg" 2>"$T/err"
rc=$?
end=${EPOCHREALTIME/./}
ms=$(( (10#$end - 10#$start) / 1000 ))
expect "20,000 rows without approach: plot exits 0 (got $rc: $(<"$T/err"))" [ $rc -eq 0 ]
expect "20,000 rows without approach: options that vary name a series" has "$T/bigold.svg" 'backtrack/bitmask [threads=2]'
expect "20,000 rows: plot in under 5 s, not minutes (took $ms ms)" [ $ms -lt 5000 ]

# --- the metadata file beside every CSV ----------------------------------------
cat >"$T/m.yaml" <<'Y'
experiment: meta
repeat: 1
timeout: 5s
instances:
  - {n: 4..5, mode: count}
approaches:
  - backtrack: {variant: [textbook, bitmask]}
  - picosat: {encoding: sequential}
Y
"$H" run "$T/m.yaml" -q -o "$T/m.csv" >/dev/null 2>"$T/err"
rc=$?
expect "experiment exits 0 (got $rc)" [ $rc -eq 0 ]
M="$T/m.meta"
expect "FILE.meta beside FILE.csv" [ -s "$M" ]
for k in cpu cores memory_kib kernel compiler cflags git_commit picosat glpk libyaml command started finished warnings; do
	expect "metadata has '$k'" starts "$M" "$k:"
done
expect "metadata: the experiment file's SHA-256" \
	has "$M" "config_sha256: \"$(sha256sum "$T/m.yaml" | cut -d' ' -f1)\""
expect "metadata: the end is recorded" grep -qE '^finished: "[0-9]{4}-' "$M"
expect "metadata: rows and outcome" line "$M" 'rows: 6'
expect "metadata: rows and outcome (2 of 2)" starts "$M" 'outcome: "ok"'
expect "metadata: the command line" has "$M" "-o $T/m.csv"
expect "metadata: the library versions are real" [ "$(grep -c '^\(glpk\|libyaml\): "[0-9]' "$M")" -eq 2 ]
cp "$M" "$T/m.meta.first" # (read as YAML by the python3 at the end)
"$H" report "$T/m.csv" -o "$T/m.md" 2>/dev/null
expect "the report shows the machine" grep -qE '^\| cpu \| .+ \|' "$T/m.md"
expect "the report shows the machine (2 of 2: git_commit, its underscore escaped as Markdown writes it)" has "$T/m.md" '| git\_commit |'
# (the report's links to the plots beside it: nan.csv's, above)
"$H" run "$T/m.yaml" -q -o "$T/m.csv" >/dev/null 2>&1
expect "a rerun keeps the old metadata as .meta.bak" [ -s "$T/m.meta.bak" ]
mkdir "$T/solve" && (cd "$T/solve" && "$H" solve -n 6 backtrack -q >/dev/null 2>&1)
expect "solve without -o writes no file" [ -z "$(ls "$T/solve")" ]
"$H" solve -n 6 backtrack -q -o "$T/s.csv" >/dev/null 2>&1
expect "solve -o writes its metadata" starts "$T/s.meta" 'config_sha256: "none'

# --- a merged file: runs of one cell from two machines are marked ----------
# (hosts.csv made with nan.csv, above)
"$H" report "$T/hosts.csv" -o "$T/hosts.md" 2>/dev/null
expect "report marks cells from two machines" has "$T/hosts.md" '†'
expect "and says what the mark means" has "$T/hosts.md" '† runs from more than one machine'
expect "no mark on a file from one machine" not has "$T/mixed.md" '†'
"$H" plot "$T/hosts.csv" -o "$T/hosts.svg" 2>/dev/null
expect "plot rings them, with a key entry" has "$T/hosts.svg" '>runs from more than one machine<'

# the solubility plot: rows grouped into instances by instance_hash (two
# instances share x = 2/16 but not their hash: one solvable, one not ->
# 0.5), an instance only timed out is undecided, left out
cat > "$T/sol.csv" <<'CSV'
experiment,n,mode,status,solutions,wall_s,approach,hints,blocked,excluded,instance_hash,timeout_s
s,4,first,ok,1,0.01,a,,1:1 1:3,,h1,5
s,4,first,ok,1,0.03,b,,1:1 1:3,,h1,5
s,4,first,ok,0,0.02,a,,1:2 2:2,,h2,5
s,4,first,timeout,,5,b,,1:2 2:2,,h2,5
s,4,first,timeout,,5,a,,1:1 1:2 1:3 1:4,,h3,5
CSV
cat > "$T/fakegp" <<'SH'
#!/bin/sh
tee "$(dirname "$0")/sol.gp" | sed -n "s/^set output '\(.*\)'$/\1/p" |
	while read -r f; do echo '<svg/>' > "$f"; done
SH
chmod +x "$T/fakegp"
NQ_GNUPLOT="$T/fakegp" "$H" plot "$T/sol.csv" --kind solubility -o "$T/sol.svg" 2>/dev/null
expect "solubility: drawn" [ -s "$T/sol.svg" ]
expect "solubility: grouped by hash, 1 of 2 solvable at 2/16" line "$T/sol.gp" '0.125 0.5'
expect "solubility: the timed-out instance is left out" has "$T/sol.gp" '1 instance undecided, left out'
expect "solubility: a's median, its timeout at the limit" line "$T/sol.gp" '0.25 5'
expect "solubility: b's median at 2/16 over its two runs" line "$T/sol.gp" '0.125 2.515'
expect "solubility: a line per family and n" has "$T/sol.gp" "'solvable, blocked n = 4'"

# --- generated ids under `instance`, never under `hints` (issue 32) ---------
# The console summary, the HTML and the JSON name a generated instance
# under an `instance` heading, without brackets (they mean runs that did
# not end ok); pre-placed queens stay its hints.
mkdir -p "$T/ids"
cat >"$T/ids/ids.yaml" <<'Y'
experiment: ids
repeat: 1
timeout: 5s
instances:
  - {n: 6, mode: count}
  - {n: 6, mode: first, hints: [[1, 2]]}
  - generate: {family: blocked, n: 8, blocked: [8], free: 1, count: 2, seed: 1}
    mode: first
approaches:
  - backtrack: {variant: [bitmask]}
Y
"$H" run "$T/ids/ids.yaml" -o "$T/ids/ids.csv" >"$T/ids/console" 2>&1
"$H" report "$T/ids/ids.csv" --format html -o "$T/ids/ids.html" 2>/dev/null
"$H" report "$T/ids/ids.csv" --format json -o "$T/ids/ids.json" 2>/dev/null
"$H" report "$T/ids/ids.csv" -o "$T/ids/ids.md" 2>/dev/null
expect "Markdown: a hinted instance by its hints and id, as the console and HTML" \
	grep -qE '^\| 6 \| 1:2 n6-[0-9a-f]{8} \| ' "$T/ids/ids.md"
"$H" report "$T/ids/ids.csv" --format latex -o "$T/ids/ids.tex" 2>/dev/null
# PAR-2 sums over each approach's own instances: where those differ
# (only:), the totals say to compare only rows of the same count
cat >"$T/ids/un.yaml" <<'Y'
experiment: un
repeat: 1
instances:
  - {n: [4, 5], mode: count}
  - {n: 6, mode: count, only: [backtrack/bitmask]}
approaches:
  - backtrack: {variant: [textbook, bitmask]}
Y
"$H" run "$T/ids/un.yaml" -q -o "$T/ids/un.csv" >/dev/null 2>&1
"$H" report "$T/ids/un.csv" -o "$T/ids/un.md" 2>/dev/null
expect "totals over different instances: the report says PAR-2 compares only rows of the same count" \
	grep -qF "**The approaches ran different instances (only:, or a mode one does not answer): compare PAR-2" "$T/ids/un.md"
expect "... and not where they ran the same" not grep -qF "ran different instances" "$T/ids/ids.md"
expect "LaTeX: a hinted instance by its hints (its id is the one made of them)" \
	grep -qE '^6 & 1:2 & ' "$T/ids/ids.tex"
# (the ids are checked with the image links, at the end: one python3)

# --- image links from the report's own folder; --y links its column's plot --
# (issue 32) Plots stand beside the CSV in data/ (empty files: the report
# only links what exists); reports go to other folders, written from
# other working directories; every link must resolve from the report's
# folder.
# (data/m.csv made with nan.csv, above: mixed.csv and a column nodes)
touch "$T/lk/data/m.svg" "$T/lk/data/m-cactus.svg"
(cd "$T/lk" && "$H" report data/m.csv -o out/deep/r.md 2>/dev/null)
(cd "$T/lk/out" && "$H" report ../data/m.csv -o ../r2.md 2>/dev/null)
(cd "$T/lk" && "$H" report data/m.csv --y nodes -o out/n.md 2>/dev/null)
# plot --y nodes with no -o draws the very file report links
(cd "$T/lk" && "$H" plot data/m.csv --y nodes --kind time >/dev/null 2>&1)
expect "plot --y nodes writes data/m-nodes.svg by default, beside the time plot" \
	[ -s "$T/lk/data/m-nodes.svg" ]
(cd "$T/lk" && "$H" report data/m.csv --y nodes -o out/n2.md 2>/dev/null)
# one python3: the generated ids (console, HTML, JSON; a line), then each
# report's image links and whether each resolves from its folder (a line
# a report)
mapfile -t lk < <(python3 - "$T/ids/console" "$T/ids/ids.html" "$T/ids/ids.json" \
	"$T/lk/out/deep/r.md" "$T/lk/r2.md" "$T/lk/out/n2.md" "$T/m.meta.first" <<'PY'
import html, json, re, sys, os, urllib.parse
try:
    con, page, js = (open(p).read() for p in sys.argv[1:4])
    bad = []
    idre = re.compile(r'blocked-n8-b8-f1-s1-[01]')
    # console: the heading over the ids' column
    lines = con.split('\n')
    head = [l for l in lines if l.startswith('approach ')]
    if not head: bad.append('no summary')
    else:
        h = head[0]
        for l in lines:
            m = idre.search(l)
            if m and not l.startswith('['):  # not a progress line
                col = h[:m.start() + 1].split()[-1] if h[:m.start() + 1].split() else ''
                word = re.findall(r'\S+', h[m.start():m.start() + 9])
                if 'hints' in h or not word or word[0] != 'instance': bad.append(('console', h))
                if '[' + m.group(0) in l: bad.append(('console brackets', l))
    # HTML: per table, the column of each id and its heading
    for t in re.findall(r'<table.*?</table>', page, re.S):
        heads = [html.unescape(x) for x in re.findall(r'<th[^>]*>(.*?)</th>', t)]
        for row in re.findall(r'<tr[^>]*>(.*?)</tr>', t, re.S):
            for i, cell in enumerate(re.findall(r'<td[^>]*>(.*?)</td>', row, re.S)):
                if idre.search(cell):
                    if i >= len(heads) or heads[i] != 'instance': bad.append(('html head', heads[i] if i < len(heads) else None))
                    if '[' in cell: bad.append(('html brackets', cell))
    if not idre.search(page): bad.append('html: no id')
    # JSON: the id under "instance", never in "hints"
    cells = json.loads(js)['cells']
    ids = [c.get('instance', '') for c in cells if idre.fullmatch(c.get('instance', ''))]
    if len(ids) != 2 or any(idre.search(c['hints']) or '[' in c['hints'] for c in cells): bad.append(('json', [(c.get('instance'), c['hints']) for c in cells]))
    if not any(c['hints'] == '1:2' for c in cells): bad.append('json: the hints lost')
    print(bad[:4])
except Exception as e:
    print(repr(e))
for report in sys.argv[4:7]:
    links = [urllib.parse.unquote(l) for l in re.findall(r'!\[[^]]*\]\(([^)]*)\)', open(report).read())]
    print(os.path.basename(report), ' '.join('%s:%s' % (l, 'ok' if os.path.exists(os.path.join(os.path.dirname(report), l)) else 'BROKEN') for l in links))
# m.meta, as the run wrote it: common.bash's meta_is_yaml (its lines are
# "key: value", values JSON scalars, or "  - " list items that are JSON)
try:
    for line in open(sys.argv[7]):
        if line.startswith('#') or not line.strip(): continue
        if line.startswith('  - '): json.loads(line[4:]); continue
        k, v = line.rstrip('\n').split(': ', 1) if ': ' in line else (line.rstrip(':\n'), '')
        assert k.replace('_', '').isalnum(), k
        if v and v != '[]': json.loads(v)
    print('yaml')
except Exception as e:
    print(repr(e))
PY
)
check=${lk[0]-}
expect "metadata is YAML (${lk[4]-})" [ "${lk[4]-}" = yaml ]
expect "generated ids under 'instance', never 'hints', no brackets: console, HTML, JSON (got: $check)" [ "$check" = "[]" ]
lk=("${lk[@]:1}")
got="${lk[0]-};${lk[1]-};"
expect "report -o in another folder: every image link resolves from the report's folder (got: $got)" \
	[ "$got" = "r.md ../../data/m.svg:ok ../../data/m-cactus.svg:ok;r2.md data/m.svg:ok data/m-cactus.svg:ok;" ]
got=${lk[2]-}
expect "report --y nodes links the nodes plot, not the time plot (got: $got)" \
	[ "$got" = "n2.md ../data/m-nodes.svg:ok ../data/m-cactus.svg:ok" ]
says_how() { has "$1" "harness plot data/m.csv --y nodes -o data/m-nodes.svg" && ! has "$1" "(../data/m.svg)"; }
expect "report --y nodes without that plot: says how to draw it, links no time plot" \
	says_how "$T/lk/out/n.md"

# --- a run over a CSV whose report and plot are of the rows before -----------
mkdir -p "$T/st"
printf 'experiment: st\nrepeat: 1\ninstances:\n  - {n: 5}\napproaches:\n  - backtrack\n' >"$T/st/st.yaml"
"$H" run "$T/st/st.yaml" -q -o "$T/st/st.csv" >/dev/null 2>&1
: >"$T/st/st.md"
: >"$T/st/st-cactus.svg"
: >"$T/st/st-big.svg" # another experiment's, not this CSV's
touch -d '1 minute ago' "$T/st/st.md" "$T/st/st-cactus.svg" "$T/st/st-big.svg"
"$H" run "$T/st/st.yaml" -q -o "$T/st/st.csv" >/dev/null 2>"$T/st/err"
expect "the run names the report and plot of the rows before ($(<"$T/st/err"))" \
	grep -qF "st/st.md, $T/st/st-cactus.svg were made from the rows before this run: \`harness report\` and \`harness plot\` make them again" "$T/st/err"
expect "... not another experiment's file that shares the stem" not grep -qF 'st-big' "$T/st/err"
"$H" report "$T/st/st.csv" 2>/dev/null
"$H" run "$T/st/st.yaml" -q -o "$T/st/st.csv" --resume >/dev/null 2>"$T/st/err"
expect "... and nothing when the run wrote no row (--resume, all done)" \
	not grep -q 'rows before this run' "$T/st/err"

echo "reports: $pass passed, $failed failed"
[ $failed -eq 0 ]
