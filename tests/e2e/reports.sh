#!/usr/bin/env bash
# reports.sh - end-to-end tests of `harness plot`, `harness report` and the
# metadata file beside every CSV. HARNESS names the binary (default
# ./harness). Prints "reports: N passed, N failed" last; exits 1 on failure.
. "$(dirname "$0")/common.bash"
D=$(pwd)/tests/data

# bad_input DESC SUBSTRING CMD...: exit 2 and SUBSTRING on stderr

cp "$D/mixed.csv" "$T/mixed.csv"

# --- plot: every approach's series, the axis labels, every status ------------
"$H" plot "$T/mixed.csv" 2>"$T/err"
rc=$?
expect "plot exits 0 (got $rc: $(cat "$T/err"))" [ $rc -eq 0 ]
expect "default output is the CSV's name with .svg" [ -s "$T/mixed.svg" ]
expect "the SVG is an SVG" grep -q '<svg' "$T/mixed.svg"
for a in backtrack/bitmask picosat/pairwise glpk/assignment; do
	expect "the SVG has the series $a" grep -qF ">$a<" "$T/mixed.svg"
done
expect "x axis label" grep -qF 'n (board size)' "$T/mixed.svg"
expect "y axis label names the column and the statistic" \
	grep -qF 'wall time (s), median; bars min..max' "$T/mixed.svg"
for s in timeout memout crash error 'wrong answer'; do
	expect "runs that did not finish are drawn: '$s' in the key" \
		grep -qF ">$s<" "$T/mixed.svg"
done
expect "a panel per mode" [ "$(grep -cE '>(count: every placement|first: one placement)' "$T/mixed.svg")" -eq 2 ]
expect "the title is the experiment's name" grep -qF '>fixture<' "$T/mixed.svg"
expect "no temp file left" [ -z "$(ls "$T" | grep tmp)" ]

"$H" plot "$T/mixed.csv" --kind all -o "$T/all.png" 2>/dev/null
expect "--kind all draws three PNGs" [ -s "$T/all.png" -a -s "$T/all-cactus.png" -a -s "$T/all-size.png" ]
expect "a .png is a PNG" [ "$(head -c 4 "$T/all.png" | tail -c 3)" = PNG ]
"$H" plot "$T/mixed.csv" --kind cactus -o "$T/c.pdf" 2>/dev/null
expect "a .pdf is a PDF" [ "$(head -c 4 "$T/c.pdf")" = "%PDF" ]
"$H" plot "$T/mixed.csv" --y peak_rss_kib --mode first --group solver -o "$T/rss.svg" 2>/dev/null
expect "--y: the label follows the column" grep -qF 'peak resident memory (KiB)' "$T/rss.svg"
expect "--group solver: series by solver" grep -qF '>picosat<' "$T/rss.svg"
expect "--mode first: one panel" [ "$(grep -c '>count: every placement<' "$T/rss.svg")" -eq 0 ]
"$H" plot "$T/mixed.csv" --kind size -o "$T/size.svg" 2>/dev/null
expect "size plot: an encoding per line, variables and clauses [1/2]" \
	grep -qF '>picosat/pairwise<' "$T/size.svg"
expect "size plot: an encoding per line, variables and clauses [2/2]" \
	grep -qF 'clauses (CNF) or rows (ILP)' "$T/size.svg"

# gnuplot missing or failing: exit 1, a clear message, no file at all
rm -f "$T/gp.svg"
NQ_GNUPLOT=/nonexistent/gnuplot "$H" plot "$T/mixed.csv" -o "$T/gp.svg" 2>"$T/err"
rc=$?
expect "no gnuplot: exit 1 (got $rc)" [ $rc -eq 1 ]
expect "no gnuplot: says so" grep -qF 'gnuplot is not installed' "$T/err"
NQ_GNUPLOT=/bin/false "$H" plot "$T/mixed.csv" -o "$T/gp.svg" 2>"$T/err"
rc=$?
expect "gnuplot fails: exit 1 (got $rc)" [ $rc -eq 1 ]
expect "gnuplot fails: no picture, no temp file" [ -z "$(ls "$T" | grep '^gp')" ]

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
expect "report exits 0 (got $rc: $(cat "$T/err"))" [ $rc -eq 0 ]
expect "default report output is the CSV's name with .md" [ -s "$T/mixed.md" ]
check=$(python3 - "$T/mixed.csv" "$T/mixed.md" <<'PY'
import csv, re, statistics, sys
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
PY
)
expect "report medians/min/max/noisy/runs equal the CSV's (got: $check)" [ "$check" = "30 90 []" ]
expect "report: the baseline is named" grep -qF 'baseline **backtrack/bitmask**' "$T/mixed.md"
expect "report: a speed-up" grep -qE '\| 0\.2[0-9]× \|' "$T/mixed.md"
expect "report: the timed-out cell is there" grep -qE '^\| 7 \| glpk/assignment \| – .*\| 3 timeout \|' "$T/mixed.md"
expect "report: the wrong answer is there" grep -qE '^\| 5 \| glpk/assignment .*\| 2 ok, 1 wrong \|' "$T/mixed.md"
expect "report: says the machine was not recorded" grep -qF 'Not recorded' "$T/mixed.md"
"$H" report "$T/mixed.csv" --baseline glpk/assignment -o - >"$T/b.md" 2>/dev/null
expect "--baseline: speed-ups against it, '> k×' where it timed out" \
	grep -qE '^\| 7 \| backtrack/bitmask .*\| > [0-9.]+× \|' "$T/b.md"

"$H" report "$T/mixed.csv" --format latex 2>/dev/null
expect "latex: default FILE.tex" [ -s "$T/mixed.tex" ]
expect "latex: booktabs rules" grep -q '\\toprule' "$T/mixed.tex"
expect "latex: booktabs rules (2 of 3)" grep -q '\\midrule' "$T/mixed.tex"
expect "latex: booktabs rules (3 of 3)" grep -q '\\bottomrule' "$T/mixed.tex"
expect "latex: the totals and two tables per mode (glance, detail)" [ "$(grep -c '\\begin{tabular}' "$T/mixed.tex")" -eq 5 ]
expect "latex: the column spec fits the header" python3 - "$T/mixed.tex" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
for spec, head in re.findall(r'\\begin\{tabular\}\{([^}]*)\}\n\\toprule\n(.*?) \\\\\n', t):
    # a grouped head's \multicolumn{k} spans k columns
    cols = sum(int(m.group(1)) if m else 1 for m in (re.match(r'\s*\\multicolumn\{([0-9]+)\}', c) for c in head.split('&')))
    assert len(spec.replace(' ', '')) == cols, (spec, head)
PY
expect "latex: labels escaped" grep -qF 'glpk/assignment' "$T/mixed.tex"
expect "latex: noisy cells marked" grep -qF '$^\dagger$' "$T/mixed.tex"

# --- damage a crash leaves: warned about, the rest of the file used ----------
# a half-written last row (an interrupted run): dropped, file and line named
head -c -40 "$T/mixed.csv" >"$T/half.csv"
lines=$(wc -l <"$T/half.csv")
"$H" report "$T/half.csv" -o "$T/half.md" 2>"$T/err"
rc=$?
expect "half-written last row: report exits 0 (got $rc: $(cat "$T/err"))" [ $rc -eq 0 ]
expect "half-written last row: warned with file and line" \
	grep -qE "half.csv:$((lines + 1)): warning: the last row is half written \([0-9]+ of 26 fields\): dropped" "$T/err"
expect "half-written last row: the other rows reported" grep -qF "$((lines - 1)) runs" "$T/half.md"
"$H" plot "$T/half.csv" -o "$T/half.svg" 2>"$T/err"
rc=$?
expect "half-written last row: plot exits 0 (got $rc)" [ $rc -eq 0 -a -s "$T/half.svg" ]
expect "half-written last row: plot warns too" grep -qF "warning: the last row is half written" "$T/err"
{ cat "$T/mixed.csv"; printf 'fixture,9,count,backtrack,bitmask,1,ok,1,0.1,0.1,1000,,,,,,,,,,,,,2,1,"cut'; } >"$T/halfq.csv"
"$H" report "$T/halfq.csv" -o "$T/halfq.md" 2>"$T/err"
rc=$?
expect "cut inside a quote: exit 0 (got $rc: $(cat "$T/err"))" [ $rc -eq 0 ]
expect "cut inside a quote: warned" grep -qF "halfq.csv:$(( $(wc -l <"$T/mixed.csv") + 1 )): warning: the last row is half written (it ends inside a quoted field)" "$T/err"
# one nan cell (and one of text) in wall_s: skipped with its line, the run counted
python3 - "$T/mixed.csv" "$T/nan.csv" <<'PY'
import sys
lines = open(sys.argv[1], newline='').read().splitlines(True)
for i, bad in ((2, 'nan'), (4, 'n/a')):   # file lines 3 and 5
    f = lines[i].split(',')
    f[8] = bad
    lines[i] = ','.join(f)
open(sys.argv[2], 'w', newline='').write(''.join(lines))
PY
"$H" report "$T/nan.csv" -o "$T/nan.md" 2>"$T/err"
rc=$?
expect "nan cell: report exits 0 (got $rc: $(cat "$T/err"))" [ $rc -eq 0 ]
expect "nan cell: warned with its line" grep -qF "nan.csv:3: warning: 'nan' in column 'wall_s' is not a number: skipped" "$T/err"
expect "text cell: warned with its line" grep -qF "nan.csv:5: warning: 'n/a' in column 'wall_s' is not a number: skipped" "$T/err"
expect "nan cell: every run still counted" grep -qF "$(grep -o '[0-9]* runs' "$T/mixed.md" | head -1)" "$T/nan.md"
"$H" plot "$T/nan.csv" --kind all -o "$T/nan.svg" 2>"$T/err"
rc=$?
expect "nan cell: plot --kind all exits 0 (got $rc)" [ $rc -eq 0 -a -s "$T/nan-cactus.svg" ]
expect "nan cell: warned once, not once per plot" [ "$(grep -c "nan.csv:3: warning" "$T/err")" -eq 1 ]

# --- scale: 20,000 rows (bench/results.sh times 500,000) ----------------------
# (2,000 under the sanitizers, build/san: the same C, ten times less of
# it; the time bounds are the plain build's to keep)
rows=20000
case $H in */build/san/*) rows=2000 ;; esac
python3 bench/gen_results.py $rows >"$T/big.csv"
start=$(date +%s%N)
"$H" report "$T/big.csv" -o "$T/big.md" 2>"$T/err"
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
expect "20,000 rows: report exits 0 (got $rc: $(cat "$T/err"))" [ $rc -eq 0 ]
expect "20,000 rows: every run counted" grep -qF "$rows runs" "$T/big.md"
expect "20,000 rows: report in under 5 s, not minutes (took $ms ms)" [ $ms -lt 5000 ]
python3 bench/gen_results.py $rows --no-approach >"$T/bigold.csv"
start=$(date +%s%N)
"$H" plot "$T/bigold.csv" -o "$T/bigold.svg" 2>"$T/err"
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
expect "20,000 rows without approach: plot exits 0 (got $rc: $(cat "$T/err"))" [ $rc -eq 0 ]
expect "20,000 rows without approach: options that vary name a series" grep -qF 'backtrack/bitmask [threads=2]' "$T/bigold.svg"
expect "20,000 rows: plot in under 5 s, not minutes (took $ms ms)" [ $ms -lt 5000 ]

# --- the metadata file beside every CSV ----------------------------------------
cat >"$T/m.yaml" <<'Y'
experiment: meta
repeat: 2
timeout: 5s
instances:
  - {n: 4..7, mode: count}
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
	expect "metadata has '$k'" grep -q "^$k:" "$M"
done
expect "metadata: the experiment file's SHA-256" \
	grep -qF "config_sha256: \"$(sha256sum "$T/m.yaml" | cut -d' ' -f1)\"" "$M"
expect "metadata: the end is recorded" grep -qE '^finished: "[0-9]{4}-' "$M"
expect "metadata: rows and outcome" grep -q '^rows: 24$' "$M"
expect "metadata: rows and outcome (2 of 2)" grep -q '^outcome: "ok"' "$M"
expect "metadata: the command line" grep -qF -- "-o $T/m.csv" "$M"
expect "metadata: the library versions are real" [ "$(grep -c '^\(glpk\|libyaml\): "[0-9]' "$M")" -eq 2 ]
expect "metadata is YAML" meta_is_yaml "$M"
"$H" report "$T/m.csv" -o "$T/m.md" 2>/dev/null
expect "the report shows the machine" grep -qE '^\| cpu \| .+ \|' "$T/m.md"
expect "the report shows the machine (2 of 2: git_commit, its underscore escaped as Markdown writes it)" grep -qF '| git\_commit |' "$T/m.md"
"$H" plot "$T/m.csv" --kind all 2>/dev/null
"$H" report "$T/m.csv" -o "$T/m.md" 2>/dev/null
expect "the report links the plots beside it" grep -qF '](m.svg)' "$T/m.md"
expect "the report links the plots beside it (2 of 2)" grep -qF '](m-cactus.svg)' "$T/m.md"
"$H" run "$T/m.yaml" -q -o "$T/m.csv" >/dev/null 2>&1
expect "a rerun keeps the old metadata as .meta.bak" [ -s "$T/m.meta.bak" ]
mkdir "$T/solve" && (cd "$T/solve" && "$H" solve -n 6 backtrack -q >/dev/null 2>&1)
expect "solve without -o writes no file" [ -z "$(ls "$T/solve")" ]
"$H" solve -n 6 backtrack -q -o "$T/s.csv" >/dev/null 2>&1
expect "solve -o writes its metadata" grep -q '^config_sha256: "none' "$T/s.meta"

# --- a merged file: runs of one cell from two machines are marked ----------
python3 - "$D/mixed.csv" "$T/hosts.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
w = csv.DictWriter(open(sys.argv[2], 'w', newline=''), list(rows[0]) + ['host'])
w.writeheader()
for i, r in enumerate(rows):
    r['host'] = 'box%d' % (i % 2)  # every cell with two runs: two machines
    w.writerow(r)
PY
"$H" report "$T/hosts.csv" -o "$T/hosts.md" 2>/dev/null
expect "report marks cells from two machines" grep -qF '†' "$T/hosts.md"
expect "and says what the mark means" grep -qF '† runs from more than one machine' "$T/hosts.md"
expect "no mark on a file from one machine" sh -c "! grep -qF '†' '$T/mixed.md'"
"$H" plot "$T/hosts.csv" -o "$T/hosts.svg" 2>/dev/null
expect "plot rings them, with a key entry" grep -qF '>runs from more than one machine<' "$T/hosts.svg"

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
expect "solubility: grouped by hash, 1 of 2 solvable at 2/16" grep -qx '0.125 0.5' "$T/sol.gp"
expect "solubility: the timed-out instance is left out" grep -qF '1 instance undecided, left out' "$T/sol.gp"
expect "solubility: a's median, its timeout at the limit" grep -qx '0.25 5' "$T/sol.gp"
expect "solubility: b's median at 2/16 over its two runs" grep -qx '0.125 2.515' "$T/sol.gp"
expect "solubility: a line per family and n" grep -qF "'solvable, blocked n = 4'" "$T/sol.gp"

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
check=$(python3 - "$T/ids/console" "$T/ids/ids.html" "$T/ids/ids.json" <<'PY'
import html, json, re, sys
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
        if m:
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
PY
)
expect "generated ids under 'instance', never 'hints', no brackets: console, HTML, JSON (got: $check)" [ "$check" = "[]" ]

# --- image links from the report's own folder; --y links its column's plot --
# (issue 32) Plots stand beside the CSV in data/ (empty files: the report
# only links what exists); reports go to other folders, written from
# other working directories; every link must resolve from the report's
# folder.
mkdir -p "$T/lk/data" "$T/lk/out/deep"
python3 - "$D/mixed.csv" "$T/lk/data/m.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
for r in rows: r['nodes'] = str(int(r['n']) * 10)   # a column to show
w = csv.DictWriter(open(sys.argv[2], 'w', newline=''), list(rows[0]))
w.writeheader(); w.writerows(rows)
PY
touch "$T/lk/data/m.svg" "$T/lk/data/m-cactus.svg"
(cd "$T/lk" && "$H" report data/m.csv -o out/deep/r.md 2>/dev/null)
(cd "$T/lk/out" && "$H" report ../data/m.csv -o ../r2.md 2>/dev/null)
(cd "$T/lk" && "$H" report data/m.csv --y nodes -o out/n.md 2>/dev/null)
# plot --y nodes with no -o draws the very file report links
(cd "$T/lk" && "$H" plot data/m.csv --y nodes --kind time >/dev/null 2>&1)
expect "plot --y nodes writes data/m-nodes.svg by default, beside the time plot" \
	[ -s "$T/lk/data/m-nodes.svg" ]
(cd "$T/lk" && "$H" report data/m.csv --y nodes -o out/n2.md 2>/dev/null)
links() {
	python3 - "$@" <<'PY'
import os, re, sys, urllib.parse
for report in sys.argv[1:]:
    links = [urllib.parse.unquote(l) for l in re.findall(r'!\[[^]]*\]\(([^)]*)\)', open(report).read())]
    print(os.path.basename(report), ' '.join('%s:%s' % (l, 'ok' if os.path.exists(os.path.join(os.path.dirname(report), l)) else 'BROKEN') for l in links))
PY
}
got=$(links "$T/lk/out/deep/r.md" "$T/lk/r2.md" | tr '\n' ';')
expect "report -o in another folder: every image link resolves from the report's folder (got: $got)" \
	[ "$got" = "r.md ../../data/m.svg:ok ../../data/m-cactus.svg:ok;r2.md data/m.svg:ok data/m-cactus.svg:ok;" ]
got=$(links "$T/lk/out/n2.md")
expect "report --y nodes links the nodes plot, not the time plot (got: $got)" \
	[ "$got" = "n2.md ../data/m-nodes.svg:ok ../data/m-cactus.svg:ok" ]
expect "report --y nodes without that plot: says how to draw it, links no time plot" \
	sh -c 'grep -qF "harness plot data/m.csv --y nodes -o data/m-nodes.svg" "$1" && ! grep -qF "(../data/m.svg)" "$1"' _ "$T/lk/out/n.md"

echo "reports: $pass passed, $failed failed"
[ $failed -eq 0 ]
