#!/usr/bin/env bash
# paper.sh - end-to-end tests of what goes into a paper: the .meta record
# (harness version, external programs, plugins) and `harness report
# --format latex` (escaping, labels, numbers, the compact table,
# longtable; compiled with pdflatex when it is installed). HARNESS names
# the binary (default ./harness). Prints "paper: N passed, N failed" last;
# exits 1 on failure.
. "$(dirname "$0")/common.bash"
R=$(pwd)
skipped=0

not() { ! "$@"; }

# --- .meta: the harness version, as `harness version` prints it -------------
cat >"$T/v.yaml" <<'Y'
experiment: v
instances:
  - {n: 4, mode: first}
approaches:
  - backtrack: {}
Y
"$H" run "$T/v.yaml" -q -o "$T/v.csv" >/dev/null 2>"$T/err"
expect "run exits 0 ($(<"$T/err"))" [ -s "$T/v.meta" ]
ver=$("$H" version | sed -n 's/^harness \([^ ]*\) .*/\1/p')
expect "harness version prints a version (got '$ver')" [ -n "$ver" ]
expect "metadata: harness_version is what 'harness version' prints" \
	grep -qx "harness_version: \"$ver\"" "$T/v.meta"
expect "metadata: no programs, no plugins [1/2]" \
	grep -qx 'programs: \[\]' "$T/v.meta"
expect "metadata: no programs, no plugins [2/2]" \
	grep -qx 'plugins: \[\]' "$T/v.meta"

# --- .meta: each external program: path, SHA-256, --version, in time --------
# Three stand-ins for a SAT or MIP program: one that answers --version
# only after reading stdin to its end, one that never answers, one that
# prints no version. As solvers they fail (error rows, not our concern).
cat >"$T/readin" <<'S'
#!/bin/sh
if [ "$1" = --version ]; then cat >/dev/null; echo "banner line"; echo "readin 4.2.1 (test)"; exit 0; fi
exit 3
S
cat >"$T/hang" <<'S'
#!/bin/sh
if [ "$1" = --version ]; then sleep 60; echo "hang 1.0"; fi
exit 3
S
cat >"$T/mute" <<'S'
#!/bin/sh
echo "unknown option" >&2
exit 1
S
chmod +x "$T/readin" "$T/hang" "$T/mute"
cat >"$T/p.yaml" <<Y
experiment: p
instances:
  - {n: 4, mode: first}
approaches:
  - dimacs: {command: "$T/readin -q", encoding: pairwise}
  - dimacs: {command: "$T/readin", encoding: ladder}
  - dimacs: {command: $T/hang}
  - cbc: {command: $T/mute}
Y
# stdin a pipe that stays open (nobody will ever write or close it): a
# program reading the harness's stdin would wait for ever
mkfifo "$T/fifo"
exec 3<>"$T/fifo"
start=$(date +%s)
"$H" run "$T/p.yaml" -q -o "$T/p.csv" <&3 >/dev/null 2>"$T/err"
took=$(( $(date +%s) - start ))
exec 3>&-
M="$T/p.meta"
expect "a program that never answers --version costs seconds, not a hang (took ${took}s)" [ "$took" -lt 15 ]
expect "metadata written ($(<"$T/err"))" [ -s "$M" ]
expect "metadata: each program once (3, got $(grep -c '^  - {"command"' "$M"))" \
	[ "$(grep -c '^  - {"command"' "$M")" -eq 3 ]
check=$(python3 - "$M" "$T" <<'PY'
import json, sys, hashlib
meta, t = sys.argv[1], sys.argv[2]
items, key = {}, None
for line in open(meta):
    if not line.startswith(' ') and ':' in line:
        key = line.split(':', 1)[0]
    elif line.startswith('  - ') and key in ('programs', 'plugins'):
        items.setdefault(key, []).append(json.loads(line[4:]))
bad = []
progs = {p['command']: p for p in items.get('programs', [])}
for name in ('readin', 'hang', 'mute'):
    p = progs.get(t + '/' + name)
    if not p: bad.append(('missing', name)); continue
    if p['path'] != t + '/' + name: bad.append(('path', p['path']))
    if p['sha256'] != hashlib.sha256(open(t + '/' + name, 'rb').read()).hexdigest():
        bad.append(('sha256', name))
if progs.get(t + '/readin', {}).get('version') != 'readin 4.2.1 (test)':
    bad.append(('version', progs.get(t + '/readin')))
if not progs.get(t + '/hang', {}).get('version', '').startswith('unknown (no answer to --version within'):
    bad.append(('hang', progs.get(t + '/hang')))
if not progs.get(t + '/mute', {}).get('version', '').startswith('unknown (--version printed no version, exit 1'):
    bad.append(('mute', progs.get(t + '/mute')))
print(bad)
PY
)
expect "metadata: programs' path, SHA-256 and version (got: $check)" [ "$check" = "[]" ]
expect "metadata: still 'key: value' lines and JSON list items" meta_is_yaml "$M"
"$H" report "$T/p.csv" -o "$T/p.md" 2>/dev/null
expect "the report lists the programs" grep -qF "| | command: $T/readin, path: $T/readin, version: readin 4.2.1 (test)" "$T/p.md"

if command -v minisat >/dev/null; then
	cat >"$T/ms.yaml" <<'Y'
experiment: ms
instances:
  - {n: 5, mode: first}
approaches:
  - dimacs: {}
Y
	"$H" run "$T/ms.yaml" -q -o "$T/ms.csv" >/dev/null 2>&1
	expect "metadata: the default dimacs command, minisat, is recorded" \
		grep -qF "{\"command\": \"minisat\", \"path\": \"$(realpath "$(command -v minisat)")\"" "$T/ms.meta"
else
	skipped=$((skipped + 1))
fi

# --- .meta: each plugin loaded: path and SHA-256 ----------------------------
if cc -std=c11 -O2 -shared -fPIC -Iinclude -o "$T/tpl.so" encoders/template/template_amo.c 2>"$T/err"; then
	"$H" solve -n 6 --plugin "$T/tpl.so" picosat:encoding=template -q -o "$T/pl.csv" >/dev/null 2>"$T/err"
	sum=$(sha256sum "$T/tpl.so" | cut -d' ' -f1)
	expect "metadata: the plugin's path and SHA-256 ($(<"$T/err"))" \
		grep -qxF "  - {\"name\": \"template\", \"path\": \"$T/tpl.so\", \"sha256\": \"$sum\"}" "$T/pl.meta"
else
	bad "cannot build the template plugin: $(<"$T/err")"
fi

# --- .meta: every library linked in; Z3's only where smt loads it --------
# (test_meta: its version where an approach is smt's)
libraries() {
	grep -qE '^picosat: "[^"]*[0-9]' "$1" && grep -qE '^glpk: "[0-9]' "$1" &&
		grep -qxF 'z3: "not loaded (no approach of the experiment uses it)"' "$1" &&
		grep -qE '^libyaml: "[0-9]' "$1"
}
expect "metadata: PicoSAT, GLPK and libyaml each with a version, Z3 not loaded" libraries "$T/v.meta"
expect "metadata: no minizinc approach, no backends" grep -qx 'backends: \[\]' "$T/v.meta"

# --- .meta: the backend each minizinc approach drives, and its version -----
if command -v minizinc >/dev/null; then
	cat >"$T/mz.yaml" <<'Y'
experiment: mz
instances:
  - {n: 4, mode: first}
approaches:
  - minizinc: {model: int}
  - minizinc: {model: bool, solver: org.gecode.gecode}
Y
	"$H" run "$T/mz.yaml" -q -o "$T/mz.csv" >/dev/null 2>"$T/err"
	check=$(minizinc --solvers-json | python3 -c '
import json, sys
meta = sys.argv[1]
listed = {s["id"]: s for s in json.load(sys.stdin)}
got = [json.loads(l[4:]) for l in open(meta) if l.startswith("  - {\"solver\"")]
want = [("gecode", "org.gecode.gecode"), ("org.gecode.gecode", "org.gecode.gecode")]
bad = []
if [(b["backend"], b["id"]) for b in got] != want: bad.append(("picked", got))
for b in got:
    s = listed.get(b["id"], {})
    if b.get("version") != s.get("version") or b.get("name") != s.get("name") or b.get("solver") != "minizinc":
        bad.append(("version", b, s.get("version")))
print(bad)' "$T/mz.meta")
	expect "metadata: Gecode's id and version as minizinc --solvers-json lists them (got: $check; $(<"$T/err"))" \
		[ "$check" = "[]" ]
else
	skipped=$((skipped + 1))
fi
# A MiniZinc that solves anything (the load-time check passes) and lists
# its backends as JSON a little hostile: escapes, a control character and
# a quote in the names, nesting, two backends sharing a tag (the default
# one is picked), "@VERSION"; one whose list is cut short; one nested too
# deep. The runs themselves fail (error rows, not our concern).
cat >"$T/fakemzn" <<'S'
#!/bin/sh
for a; do [ "$a" = --solvers-json ] && { cat "${0%/*}/${0##*/}.json"; exit 0; }; done
echo "x = 1;"; echo "----------"
S
cat >"$T/fakemzn.json" <<'J'
[
  {"extraInfo": {"configFile": "", "deep": [[{"a": [1, -2.5e-3, null, false, "}]"]}]]},
   "id": "org.other.first", "name": "First \"one\"\\\u0007\n", "version": "1.0",
   "tags": ["cp", "int"], "stdFlags": ["-a"]},
  {"id": "org.x.second", "name": "Second", "version": "2.0", "tags": ["cp", "int"],
   "extraInfo": {"isDefault": true}},
  {"id": "org.x.third", "name": "Th\u00e9rd", "version": "", "tags": ["mip"]}
]
J
chmod +x "$T/fakemzn"
cp "$T/fakemzn" "$T/cutmzn"
head -c 150 "$T/fakemzn.json" >"$T/cutmzn.json"
cp "$T/fakemzn" "$T/deepmzn"
python3 -c 'print("[" * 40 + "]" * 40)' >"$T/deepmzn.json"
cat >"$T/fk.yaml" <<Y
experiment: fk
instances:
  - {n: 4, mode: first}
approaches:
  - minizinc: {command: $T/fakemzn, solver: cp}
  - minizinc: {command: $T/fakemzn, solver: first}
  - minizinc: {command: $T/fakemzn, solver: "int@1.0"}
  - minizinc: {command: $T/fakemzn, solver: MIP}
  - minizinc: {command: $T/fakemzn, solver: org.x.second}
  - minizinc: {command: $T/fakemzn, solver: "cp@9"}
  - minizinc: {command: $T/cutmzn}
  - minizinc: {command: $T/deepmzn}
Y
"$H" run "$T/fk.yaml" -q -o "$T/fk.csv" >/dev/null 2>"$T/err"
check=$(python3 - "$T/fk.meta" "$T" <<'PY'
import json, sys
meta, t = sys.argv[1], sys.argv[2]
got = [json.loads(l[4:]) for l in open(meta) if l.startswith('  - {"solver"')]
want = [
    ('fakemzn', 'cp', 'org.x.second', 'Second', '2.0'),
    ('fakemzn', 'first', 'org.other.first', 'First "one"\\?', '1.0'),
    ('fakemzn', 'int@1.0', 'org.other.first', 'First "one"\\?', '1.0'),
    ('fakemzn', 'MIP', 'org.x.third', 'Th?rd', 'unknown (none listed)'),
    ('fakemzn', 'org.x.second', 'org.x.second', 'Second', '2.0'),
    ('fakemzn', 'cp@9', None, None, "unknown (`%s/fakemzn --solvers-json` lists no solver 'cp@9')" % t),
    ('cutmzn', 'gecode', None, None, "unknown (`%s/cutmzn --solvers-json` printed no list of solvers)" % t),
    ('deepmzn', 'gecode', None, None, "unknown (`%s/deepmzn --solvers-json` printed no list of solvers)" % t),
]
have = [(b['command'].rsplit('/', 1)[-1], b['backend'], b.get('id'), b.get('name'), b['version']) for b in got]
print([] if have == want else [have])
PY
)
expect "metadata: the backend picked as minizinc picks it, hostile lists refused (got: $check; $(<"$T/err"))" \
	[ "$check" = "[]" ]
expect "metadata: still YAML with those names in it" meta_is_yaml "$T/fk.meta"

# --- a loaded machine: said on the console at the end, naming the .meta ----
# NQ_LOADAVG names the file read instead of /proc/loadavg
echo "99.00 98.00 97.00 3/456 7890" >"$T/busy"
echo "0.00 0.00 0.00 1/456 7890" >"$T/idle"
cores=$(getconf _NPROCESSORS_ONLN)
note="harness: note: the machine was loaded (load average 99.00 on $cores core"
NQ_LOADAVG=$T/busy "$H" run "$T/v.yaml" -o "$T/l.csv" >/dev/null 2>"$T/err"
expect "loaded: one note at the end naming the .meta ($(<"$T/err"))" \
	[ "$(tail -1 "$T/err")" = "$note""$( [ "$cores" = 1 ] || echo s), at the start of the run): times may be inflated; see $T/l.meta" ]
expect "loaded: the .meta's warnings say so too" \
	grep -qF '"at start: load average 99.00 with' "$T/l.meta"
NQ_LOADAVG=$T/busy "$H" run "$T/v.yaml" -q -o "$T/l.csv" >/dev/null 2>"$T/err"
expect "loaded: -q keeps the closing lines, the note too ($(<"$T/err"))" \
	grep -qF "$note" "$T/err"
for f in idle nonesuch; do
	NQ_LOADAVG=$T/$f "$H" run "$T/v.yaml" -o "$T/l.csv" >/dev/null 2>"$T/err"
	expect "not loaded ($f): no note ($(<"$T/err"))" not grep -q 'note: the machine was loaded' "$T/err"
	expect "not loaded ($f): no load warning" not grep -q 'load average' "$T/l.meta"
done
NQ_LOADAVG=$T/busy "$H" solve -n 5 backtrack >/dev/null 2>"$T/err"
expect "loaded, no results file (solve without -o): no .meta to name, no note" \
	not grep -q 'note: the machine was loaded' "$T/err"

# --- report --format latex ----------------------------------------------------
# A results file whose names need escaping: _ & % # $ { } ~ ^ \ < > | and /
# in approach names, an experiment name that is not a label key; n = 4..N
# for 6 approaches (more than 40 rows: longtable), times from microseconds
# to minutes, node counts in the millions.
cat >"$T/gen.py" <<'PY'
import csv, random, sys
def gen(argv):   # gen([FILE, N] or [FILE, N, "wide"]): one file, as a run of its own
  random.seed(1)
  cols = ("experiment,n,mode,solver,encoding,repeat,status,solutions,wall_s,cpu_s,"
          "peak_rss_kib,unique,hints,options,build_s,solve_s,vars,constraints,nonzeros,"
          "nodes,decisions,conflicts,iterations,timeout_s,seed,note").split(',')
  apps = [("my_solver", "a_b"), ("p&q", "x#y"), ("pct", "50%"), ("t~u", "v^w\\z"),
          ("lt", "<a>|b"), ("dollar", "$x{y}")]
  wide = len(argv) > 2
  if wide:  # 8 approaches with long names, generated blocked instances
      apps = [("picosat", "sequential-counter"), ("cadical", "commander-groups"),
              ("backtrack", "bitmask-symmetry"), ("glpk", "assignment-rows"),
              ("minisat", "ladder-products"), ("cbc", "assignment-columns"),
              ("kissat", "totalizer-binary"), ("clingo", "choice-rules")]
      cols += ["blocked", "instance"]
  w = csv.DictWriter(open(argv[0], 'w', newline=''), cols)
  w.writeheader()
  for mode in ("count", "first"):
      for n in range(4, int(argv[1])):
          for hints in (("", "1:2") if mode == "first" and not wide else ("",)):
            for b in ((0, 1, 2) if wide else (None,)):
              for i, (s, e) in enumerate(apps):
                  for r in (1, 2, 3):
                      t = 1e-6 * 10 ** (n / 2.5) * (1 + i) * random.uniform(0.9, 1.2)
                      st = "ok"
                      if t > 100: st, t = "timeout", 100
                      if i == 3 and r == 2: st = "memout"
                      row = dict(experiment="my_exp #1 & 50%", n=n, mode=mode, solver=s,
                                 encoding=e, repeat=r, status=st, solutions=1 if mode == "first" else 2 * n,
                                 wall_s="%.6f" % t, cpu_s="%.6f" % t, hints=hints,
                                 timeout_s=100, seed=1, nodes=int(10 ** (n / 1.5)))
                      if wide:
                          row.update(blocked="1:%d 2:%d" % (b + 1, b + 2), solutions=b % 2,
                                     instance="blocked-n%d-b2-f1-s7-%d" % (n, b))
                      w.writerow(row)
for spec in sys.argv[1:]:   # FILE:N[:wide] each, one python3 for all
    gen(spec.split(':'))
PY
python3 "$T/gen.py" "$T/long.csv:26" "$T/short.csv:7" "$T/wide.csv:9:wide"
"$H" report "$T/long.csv" --format latex -o "$T/long.tex" 2>"$T/err"
expect "latex report of awkward names exits 0 ($(<"$T/err"))" [ -s "$T/long.tex" ]
"$H" report "$T/short.csv" --format latex -o "$T/short.tex" 2>/dev/null
"$H" report "$T/long.csv" --format latex --y nodes -o "$T/nodes.tex" 2>/dev/null
"$H" report "$T/wide.csv" --format latex -o "$T/wide.tex" 2>"$T/err"
expect "latex report of 8 approaches exits 0 ($(<"$T/err"))" [ -s "$T/wide.tex" ]
cp "$R/tests/data/mixed.csv" "$T/mixed.csv"
"$H" report "$T/mixed.csv" --format latex -o "$T/mixed.tex" 2>/dev/null

for want in 'my\_solver/a\_b' 'p\&q/x\#y' 'pct/50\%' 't\textasciitilde{}u/v\textasciicircum{}w\textbackslash{}z' \
	'lt/\textless{}a\textgreater{}\textbar{}b' 'dollar/\$x\{y\}'; do
	expect "latex: the name '$want' escaped" grep -qF "$want" "$T/long.tex"
done
expect "latex: label keys are letters, digits and -, never escaped" \
	[ "$(grep -o '\\label{[^}]*}' "$T/long.tex" | sort | tr '\n' ' ')" = \
	  '\label{tab:my-exp-1-50-count-glance} \label{tab:my-exp-1-50-count} \label{tab:my-exp-1-50-first-glance} \label{tab:my-exp-1-50-first} \label{tab:my-exp-1-50-totals} ' ]
check=$(python3 - "$T/long.tex" "$T/short.tex" "$T/nodes.tex" "$T/mixed.tex" "$T/wide.tex" <<'PY'
import re, sys
bad = []
num = re.compile(r'^-?[0-9]+(\.[0-9]+)?$')
for path in sys.argv[1:]:
    text = open(path).read()
    body = [l for l in text.split('\n') if not l.startswith('%')]
    # no unescaped special character outside the known math bits
    for l in body:
        # ties the report writes: the key's "A:~name", the runs' "2~ok"
        t = re.sub(r'(\b[A-Z]{1,2}:|[0-9])~', '', l)
        for m in ('$n$', '$^\\dagger$', '$\\times$', '$>$', '$-$', '$=$'):
            t = t.replace(m, '')
        t = re.sub(r'\\[a-zA-Z]+', '', t)          # commands
        t = re.sub(r'\\[&%#$_{}]', '', t)          # escaped characters
        for ch in '_%#$^~<>|':
            if ch in t: bad.append((path, 'unescaped ' + ch, l[:80]))
    # every row of a table has as many cells as the column spec
    for env, spec, rows in re.findall(r'\\begin\{(tabular|longtable)\}\{([^}]*)\}\n(.*?)\\end\{\1\}', text, re.S):
        ncols = len(spec.replace(' ', ''))
        for row in rows.split('\\\\\n'):
            row = row.strip()
            if not row or row.startswith('\\') and '&' not in row: continue
            row = re.sub(r'^(\\(toprule|midrule|addlinespace|endfirsthead|endhead|endfoot|endlastfoot|bottomrule)\s*)+', '', row)
            if not row or row.startswith('\\caption') or row.startswith('\\multicolumn'): continue
            cells = re.split(r'(?<!\\)&', row)
            if len(cells) != ncols: bad.append((path, 'cells', len(cells), ncols, row[:60]))
            for c in cells[1:]:
                c = c.strip().replace('$^\\dagger$', '')
                c = re.sub(r'\\textsuperscript\{[0-9]+[TMCEWDS](?:[0-9]+[TMCEWDS])*\}$', '', c)
                c = re.sub(r'^\\parbox\[t\]\{[0-9.]+em\}\{\\raggedright (.*)\}$', r'\1', c)
                if re.match(r'^[0-9]+~[a-z]', c): continue    # runs: "2~ok, 1~timeout"
                if re.match(r'^blocked-', c): continue         # instance ids
                c = re.sub(r' \(.*\)$', '', c)
                if re.match(r'^[0-9]+ [a-z]', c): continue    # runs: "3 ok"
                if re.match(r'^[0-9]+:[0-9]+( |$)', c): continue  # hints
                c = c.replace('$>$', '').replace('$\\times$', '')  # speed-ups
                if c and c[0].isdigit():
                    if not num.match(c): bad.append((path, 'number', c))
                    digits = c.replace('.', '').lstrip('0')
                    if '.' in c and len(digits) > 3: bad.append((path, 'digits', c))
print(bad[:5])
PY
)
expect "latex: every special character escaped, every row whole, every number a plain decimal of <= 3 significant digits (got: $check)" [ "$check" = "[]" ]
# (the dagger, noisy, follows the interval rule: not asserted here)
expect "latex: times in the table's unit (ms here), to the microsecond (0.045 ms, not 0.000045 s nor 4.5e-05)" grep -qE '^4 & 8 & 0\.045(\$\^\\dagger\$)? & ' "$T/long.tex"
expect "latex: large counts in full, not in e-notation" grep -qE '^19 & 38 & [0-9]{13} & ' "$T/nodes.tex"
check=$(python3 - "$T/mixed.csv" "$T/mixed.tex" <<'PY'
import csv, re, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
def fmt(v, ms):
    if ms: v *= 1000
    e = int(('%.2e' % v).split('e')[1]); d = max(0, min(3 if ms else 6, 2 - e))
    return '%.*f' % (d, v)
text = open(sys.argv[2]).read()
bad = []; seen = 0
for mode in ('count', 'first'):
    m = re.search(r'label\{tab:fixture-%s-glance\}.*?\\toprule\n(.*?) \\\\\n\\midrule\n(.*?)\\bottomrule' % mode, text, re.S)
    head, tab = [h.strip() for h in m.group(1).split('&')], m.group(2)
    ms = bool(re.search(r'Median wall time in ms[^\n]*\n\\label\{tab:fixture-%s-glance\}' % mode, text))
    if head[:2] != ['$n$', 'answer']: bad.append(('head', head))
    apps = ['backtrack/bitmask', 'picosat/pairwise', 'glpk/assignment']
    for line in tab.strip().split('\n'):
        cells = [c.strip() for c in line.rstrip('\\ ').split('&')]
        n = int(cells[0])
        # the answer: what the ok runs said (the count; found or none)
        answers = set(r['solutions'] for r in rows if r['mode'] == mode and int(r['n']) == n and r['status'] == 'ok' and r['solutions'])
        if mode != 'count': answers = set('found' if a != '0' else 'none' for a in answers)
        want = answers.pop() if len(answers) == 1 else 'varies' if answers else ''
        if cells[1] != want: bad.append((mode, n, 'answer', cells[1], want))
        for app, cell in zip(apps, cells[2:]):
            rs = [r for r in rows if r['mode'] == mode and int(r['n']) == n and r['solver'] + '/' + r['encoding'] == app]
            ok = [float(r['wall_s']) for r in rs if r['status'] == 'ok']
            want = fmt(statistics.median(ok), ms) if ok else max(set(r['status'] for r in rs), key=[r['status'] for r in rs].count)
            if re.sub(r'\\textsuperscript\{.*\}$', '', cell.replace('$^\\dagger$', '')) != want: bad.append((mode, n, app, cell, want))
            seen += 1
print(seen, bad)
PY
)
expect "latex glance table: the medians of the CSV in the table's unit, 3 digits (got: $check)" [ "$check" = "30 []" ]
# count: a 22-row glance table before a 132-row detail; first: 44 and 264
expect "latex: more than 40 rows make a longtable, and so does the glance table before one (in place, never floating past it) [1/2]" \
	[ "$(grep -c '\\begin{longtable}' "$T/long.tex")" -eq 4 ]
expect "latex: more than 40 rows make a longtable, and so does the glance table before one (in place, never floating past it) [2/2]" \
	grep -q '^% needs \\usepackage{booktabs} and \\usepackage{longtable}' "$T/long.tex"
expect "latex: a longtable repeats its head" grep -q '\\endhead' "$T/long.tex"
expect "latex: short tables are floats, no longtable needed" \
	not grep -q 'longtable' "$T/short.tex"

# Compile them, where LaTeX is installed (`make deps-paper`; it is not a
# dependency of the build: too big), with the packages each file's "% needs"
# line names and no other, in a fresh directory each (longtable keeps its
# column widths in the .aux), twice where a longtable is (the second pass
# is the settled one):
# any Overfull \hbox is a table wider than the text. long and wide are
# 6 and 8 approaches.
if command -v pdflatex >/dev/null && kpsewhich booktabs.sty >/dev/null 2>&1 && kpsewhich longtable.sty >/dev/null 2>&1; then
	for f in long short nodes mixed wide; do
		mkdir "$T/tex-$f"
		cp "$T/$f.tex" "$T/tex-$f/"
		{
			echo '\documentclass{article}'
			sed -n 's/^% needs //p' "$T/$f.tex" | grep -o '\\usepackage{[a-z]*}'
			echo '\begin{document}'
			echo "\\input{$f.tex}"
			echo '\end{document}'
		} >"$T/tex-$f/doc.tex"
		rc=0
		passes=1
		grep -q 'begin{longtable}' "$T/$f.tex" && passes="1 2"
		# (a first of two passes only writes the .aux: -draftmode, no PDF)
		for run in $passes; do
			draft=""
			[ "$passes" = "1 2" ] && [ $run = 1 ] && draft=-draftmode
			(cd "$T/tex-$f" && pdflatex $draft -interaction=nonstopmode -halt-on-error doc.tex >/dev/null 2>&1 </dev/null) || rc=$?
		done
		log="$T/tex-$f/doc.log"
		expect "pdflatex compiles the $f tables with the packages its header names (exit $rc: $(grep -A2 '^!' "$log" | head -3))" [ $rc -eq 0 ]
		expect "the $f tables fit the text width: no Overfull \\hbox ($(grep -m1 -A1 'Overfull' "$log" | tr '\n' ' '))" \
			not grep -q 'Overfull \\hbox' "$log"
	done
	# the per-approach totals are Table 1, the glance table Table 2, on a
	# page no later than the detail
	check=$(python3 - "$T/tex-long/doc.aux" <<'PY'
import re, sys
labels = dict((k, (int(t), int(p))) for k, t, p in re.findall(r'\\newlabel\{tab:([^}]*)\}\{\{(\d+)\}\{(\d+)\}', open(sys.argv[1]).read()))
t = labels.get('my-exp-1-50-totals', (0, 0))
g, d = labels['my-exp-1-50-count-glance'], labels['my-exp-1-50-count']
print('ok' if t[0] == 1 and g[0] == 2 and g[0] < d[0] and g[1] <= d[1] else labels)
PY
)
	expect "latex: the totals first, then the glance table, before the long detail table (table, page: $check)" [ "$check" = ok ]
	expect "latex: 8 approaches with long names go by letter, with a key below" \
		grep -qF 'Approaches: A:~picosat/sequential-counter; B:~cadical/commander-groups;' "$T/wide.tex"
	expect "latex: instance ids in their own column, whole" \
		grep -qE '^4 & \\mbox\{blocked-n4-b2-f1-s7-0\} & (0|1) & ' "$T/wide.tex"
else
	echo "paper: pdflatex, booktabs or longtable not installed (make deps-paper); compiling skipped" >&2
	skipped=$((skipped + 1))
fi

# --- docs/reports.md's gnuplot snippet, as printed, on a real CSV ----------------------
if command -v gnuplot >/dev/null; then
	mkdir -p "$T/gp/reports"
	cat >"$T/gp.yaml" <<'Y'
experiment: gp
instances:
  - {n: 4..7, mode: count}
  - {n: 5, mode: count, hints: [[1, 1]]}
approaches:
  - backtrack: {variant: [textbook, bitmask]}
  - picosat: {encoding: [pairwise, sequential]}
  - glpk: {model: assignment}
Y
	"$H" run "$T/gp.yaml" -q -o "$T/gp/reports/scaling.csv" >/dev/null 2>&1
	awk '/^```gnuplot$/ { f = 1; next } /^```$/ { f = 0 } f' "$R/docs/reports.md" >"$T/gp/snippet.gp"
	expect "docs/reports.md has a gnuplot snippet" [ -s "$T/gp/snippet.gp" ]
	(cd "$T/gp" && gnuplot -e 'set terminal svg; set output "out.svg"' snippet.gp) 2>"$T/err"
	rc=$?
	expect "docs/reports.md's gnuplot snippet runs as printed (exit $rc: $(<"$T/err"))" [ $rc -eq 0 ]
	check=$(python3 - "$T/gp/out.svg" <<'PY'
import re, sys
svg = open(sys.argv[1]).read()
got = []
for chunk in svg.split('<g id="gnuplot_plot_')[1:]:
    title = re.search(r'<title>([^<]*)</title>', chunk).group(1)
    path = re.search(r"<path [^>]*d='([^']*)'", chunk)
    # the key's sample (1 segment) and a line through n = 4..7 (3 segments)
    got.append((title, path.group(1).count('L') if path else 0))
print(' '.join('%s:%d' % g for g in got))
PY
)
	expect "the snippet draws a connected line per approach (got: $check)" \
		[ "$check" = "textbook:4 bitmask:4 pairwise:4 sequential:4 assignment:4" ]
else
	skipped=$((skipped + 1))
fi

# --- the paper's tables as is (issue 32) -------------------------------------
# The per-approach totals in LaTeX and Markdown, PAR-2 and CPU in the
# table's one unit (checked against the JSON's seconds); names where they
# fit; grouped heads; generated ids whole.
"$H" report "$T/long.csv" -o "$T/long.md" 2>/dev/null
"$H" report "$T/long.csv" --format json -o "$T/long.json" 2>/dev/null
check=$(python3 - "$T/long.tex" "$T/long.md" "$T/long.json" "$T/short.tex" "$T/wide.tex" <<'PY'
import json, re, sys
tex, md, js, short, wide = (open(p).read() for p in sys.argv[1:6])
bad = []
par2 = {a['name']: a['par2'] for a in json.loads(js)['approaches']}
def fmt(v):  # 3 significant digits, a plain decimal
    e = int(('%.2e' % v).split('e')[1]); return '%.*f' % (max(0, 2 - e), v)
m = re.search(r'Times in (ms|s)\.\}\n\\label\{tab:[a-z0-9-]*-totals\}\n\\begin\{tabular\}\{lrrrrr\}\n\\toprule\n(.*?)\\bottomrule', tex, re.S)
if not m: bad.append('no totals table in the tex')
else:
    unit, body = m.group(1), m.group(2)
    if '\\multicolumn{2}{c}{time (%s)}' % unit not in body or '\\cmidrule(lr){4-5}' not in body: bad.append(('tex head', body[:120]))
    rows = [r for r in body.split('\\midrule\n')[1].split(' \\\\\n') if r.strip()]
    if len(rows) != len(par2): bad.append(('tex rows', len(rows)))
    for r in rows:
        cells = [c.strip() for c in r.split(' & ')]
        name = cells[0].replace('\\', '').replace('textasciitilde{}', '~').replace('textasciicircum{}', '^').replace('textbackslash{}', '\\').replace('textless{}', '<').replace('textgreater{}', '>').replace('textbar{}', '|')
        want = fmt(par2[name] * (1000 if unit == 'ms' else 1)) if name in par2 else None
        if cells[3] != want: bad.append(('tex par2', name, cells[3], want, unit))
m = re.search(r'\| approach \| instances \| solved \| PAR-2 \((ms|s)\) \| CPU \((ms|s)\) \| wins \|\n\|[-:|]*\|\n((?:\|.*\|\n)+)', md)
if not m or m.group(1) != m.group(2): bad.append('md totals head')
else:
    for r in m.group(3).strip().split('\n'):
        cells = [c.strip() for c in r.strip('|').split(' | ')]
        name = re.sub(r'\\(.)', r'\1', cells[0])
        if name in par2 and cells[3] != fmt(par2[name] * (1000 if m.group(1) == 'ms' else 1)): bad.append(('md par2', name, cells[3]))
# the detail table's head grouped: the column's unit over median, low,
# high; speed-up over ratio, low, high
if not re.search(r'\\multicolumn\{3\}\{c\}\{wall time \((ms|s)\)\} & \\multicolumn\{3\}\{c\}\{speed-up\} & \\\\\n\\cmidrule\(lr\)\{3-5\}\\cmidrule\(lr\)\{6-8\}\n\$n\$ & approach & median & low & high & ratio & low & high & runs', short): bad.append('short: no grouped detail head')
# six approaches' short names fit: names, never a key of letters
if 'Approaches:' in short or not re.search(r'^4 & my\\_solver/a\\_b & ', short, re.M): bad.append('short: letters where names fit')
# an id is whole: in an \mbox, never broken after its hyphens
ids = re.findall(r'(\\mbox\{)?blocked-n[0-9]+-b2-f1-s7-[0-9]', wide)
if not ids or any(not i for i in ids) or '\\allowbreak' in wide: bad.append(('wide: an id that can break', len(ids)))
print(bad[:4])
PY
)
expect "latex and markdown: the per-approach totals, PAR-2 in the table's unit, grouped heads, names where they fit, ids whole (got: $check)" [ "$check" = "[]" ]
expect "markdown and latex both carry PAR-2" sh -c 'grep -q PAR-2 "$1" && grep -q PAR-2 "$2"' _ "$T/long.md" "$T/long.tex"

# Without pdflatex (it is not a dependency), the files' form at least:
# braces balanced, environments nested, every row's cells and
# \multicolumn spans as many as the column spec, \cmidrule inside it.
check=$(python3 - "$T/long.tex" "$T/short.tex" "$T/nodes.tex" "$T/mixed.tex" "$T/wide.tex" <<'PY'
import re, sys
bad = []
for path in sys.argv[1:]:
    text = open(path).read()
    body = '\n'.join(l for l in text.split('\n') if not l.startswith('%'))
    # braces balanced, ignoring escaped \{ \}
    t = re.sub(r'\\[{}]', '', body)
    depth = 0
    for ch in t:
        depth += (ch == '{') - (ch == '}')
        if depth < 0: bad.append((path, 'brace closes nothing')); break
    if depth: bad.append((path, 'braces', depth))
    # environments nest
    stack = []
    for kind, env in re.findall(r'\\(begin|end)\{([a-z*]+)\}', body):
        if kind == 'begin': stack.append(env)
        elif not stack or stack.pop() != env: bad.append((path, 'env', env))
    if stack: bad.append((path, 'open', stack))
    # \cmidrule ranges inside the table's columns; \multicolumn spans sum up
    for env, spec, rows in re.findall(r'\\begin\{(tabular|longtable)\}\{([^}]*)\}\n(.*?)\\end\{\1\}', body, re.S):
        ncols = len(spec.replace(' ', ''))
        for a, b in re.findall(r'\\cmidrule\(lr\)\{([0-9]+)-([0-9]+)\}', rows):
            if not 1 <= int(a) <= int(b) <= ncols: bad.append((path, 'cmidrule', a, b, ncols))
        for row in rows.split('\\\\\n'):
            row = re.sub(r'^(\s*\\(toprule|midrule|addlinespace|endfirsthead|endhead|endfoot|endlastfoot|bottomrule|cmidrule\(lr\)\{[0-9-]+\})\s*)+', '', row.strip())
            if '&' not in row or row.startswith('\\caption'): continue
            cells = re.split(r'(?<!\\)&', row)
            span = sum(int(m.group(1)) if m else 1 for m in (re.match(r'\s*\\multicolumn\{([0-9]+)\}', c) for c in cells))
            if span != ncols: bad.append((path, 'span', span, ncols, row[:70]))
print(bad[:5])
PY
)
expect "latex: well formed: braces, environments, spans, \\cmidrule ranges (got: $check)" [ "$check" = "[]" ]

echo "paper: $pass passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
