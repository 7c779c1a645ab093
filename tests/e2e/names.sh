#!/usr/bin/env bash
# names.sh - issue 20's names and slow paths. Names: an output path with
# a newline, a control character or a byte that is not UTF-8 is refused
# (exit 2, nothing written, no temp file) by run, merge, plot and slurm;
# what files can hold is written quoted for them (the .meta stays YAML
# and reads back on --resume, an sbatch script is one shell word per
# path and runs the right file, LaTeX and Markdown escape approach
# labels). Slow paths, each under a `timeout` guard (no timed
# assertions; the times are printed): the placed generator's bounds,
# `plan` of every shipped config, a resume over a large file (progress
# past 2 s, SIGTERM while it reads: exit 130, the lock gone, nothing
# written). Prints "names: N passed, N failed" last.
. "$(dirname "$0")/common.bash"

D=$T/d
mkdir -p "$D"
cat >"$D/tiny.yaml" <<'Y'
experiment: tiny
repeat: 1
instances:
  - n: 4..5
    mode: count
approaches:
  - backtrack
Y
# files DIR: into $files every name under DIR (hidden ones too), a line
# each, in bash's glob order (the same for every call): what find lists
files() {
	local -a f
	shopt -s globstar dotglob nullglob
	f=("$1"/**)
	shopt -u globstar dotglob nullglob
	printf -v files '%s\n' "${f[@]#"$1"/}"
}
files "$D"
before=$files
# lastline FILE: its last line into $last (tail -1), its first 300
# characters into $head (head -c 300), read in bash
lastline() {
	local t
	t=$(<"$1")
	last=${t##*$'\n'} head=${t:0:300}
}
has() { [[ $1 == *"$2"* ]]; } # has TEXT PART: grep -qF, in bash
not() { ! "$@"; }

# --- run -o: refused names ----------------------------------------------
refused() { # DESC WANT CMD...: exit 2, WANT in stderr, no file made in $D
	local desc=$1 want=$2 rc
	shift 2
	cd "$D" && "$@" >"$T/out" 2>"$T/err"
	rc=$?
	cd "$ROOT" || exit 1
	lastline "$T/err"
	files "$D"
	expect "$desc: exit 2 (got $rc: $head)" [ $rc -eq 2 ]
	expect "$desc: says '$want' (got: $head)" has "$(<"$T/err")" "$want"
	expect "$desc: nothing written, no temp file (${files//$'\n'/ })" [ "$files" = "$before" ]
}
refused "run -o with a newline" "contains a newline: it cannot be written faithfully into" \
	"$H" run tiny.yaml -q -o $'a\nb.csv'
refused "run -o with a newline and a key after it" "contains a newline" \
	"$H" run tiny.yaml -q -o $'x.csv\nrows: 0\nconfig_sha256: "00"\n#'
refused "run -o with a \\xff byte" "a byte that is not UTF-8 (0xff)" \
	"$H" run tiny.yaml -q -o $'a\xffb.csv'
refused "run -o with a tab" "a control character (byte 0x09)" \
	"$H" run tiny.yaml -q -o $'a\tb.csv'
expect "the message shows the name escaped, on one line" \
	[ "$(wc -l <"$T/err")" -eq 1 ]
printf '%s\noutput: "o\\nx.csv"\n' "$(<"$D/tiny.yaml")" >"$T/out.yaml"
refused "the output: key with a newline" "contains a newline" \
	"$H" run "$T/out.yaml" -q
# experiment names: YAML holds quotes and newlines, the loader does not
tiny_rest=$(grep -v '^experiment:' "$D/tiny.yaml")
for name in '"a\"b"' '"a\nb"' "\"a'b\"" '"a #b"' "'a''b'"; do
	printf 'experiment: %s\n%s\n' "$name" "$tiny_rest" >"$T/e.yaml"
	refused "experiment: $name" "experiment: a name holds only letters" \
		"$H" run "$T/e.yaml" -q -o e.csv
done

# --- a name with '#', quotes and blanks: written quoted, read back -------
odd='c # d: "e" '\''f'\'' \ g.csv'
(cd "$D" && "$H" run tiny.yaml -q -o "$odd") >"$T/out" 2>"$T/err"
rc=$?
lastline "$T/err"
expect "run -o with '#', quotes, blanks: exit 0 (got $rc: $last)" [ $rc -eq 0 ]
meta="$D/${odd%.csv}.meta"
expect "its .meta is there" [ -s "$meta" ]
# one python3 for two checks: meta_is_yaml's (common.bash) into
# $T/yaml.why and the results: key as YAML reads it into $T/results
echo "the check did not finish" >"$T/yaml.why"
echo "(the check did not finish)" >"$T/results"
python3 - "$meta" "$T" <<'PY'
import json, sys, yaml
why = ''
try:
    for line in open(sys.argv[1]):
        if line.startswith('#') or not line.strip(): continue
        if line.startswith('  - '): json.loads(line[4:]); continue
        k, v = line.rstrip('\n').split(': ', 1) if ': ' in line else (line.rstrip(':\n'), '')
        assert k.replace('_', '').isalnum(), k
        if v and v != '[]': json.loads(v)
except Exception as e:
    why = f'{type(e).__name__}: {e}'
open(sys.argv[2] + '/yaml.why', 'w').write(why)
try:
    res = str(yaml.safe_load(open(sys.argv[1]))['results'])
except Exception as e:
    res = f'({type(e).__name__}: {e})'
open(sys.argv[2] + '/results', 'w').write(res + '\n')
PY
why=$(<"$T/yaml.why")
expect "its .meta is YAML (every line a key or item) ($why)" [ -z "$why" ]
expect "the .meta's results: reads back as the name" [ "$(<"$T/results")" = "$odd" ]
expect "the header comment is one line" [ "$(grep -c '^#' "$meta")" -eq 1 ]
(cd "$D" && "$H" run tiny.yaml -q --resume -o "$odd") >"$T/out" 2>"$T/err"
rc=$?
lastline "$T/err"
expect "--resume reads that .meta back: exit 0 (got $rc: $last)" [ $rc -eq 0 ]
expect "... with nothing to run again" grep -q "0 rows written" "$T/err"
rm -f "$D/$odd" "$D/${odd%.csv}".* "$D/$odd".*
rm -rf "$D/reports"
files "$D"
before=$files

# --- merge -o ------------------------------------------------------------
(cd "$D" && "$H" run tiny.yaml -q -o s1.csv --shard 1/1) >/dev/null 2>&1
files "$D"
before=$files
refused "merge -o with a newline" "contains a newline" \
	"$H" merge -o $'m\nx.csv' s1.csv
refused "merge of a shard whose path has a \\xff byte" "not UTF-8" \
	"$H" merge -o m.csv $'s\xff.csv'

# --- plot -o -------------------------------------------------------------
refused "plot -o with a newline" "cannot be written faithfully into a gnuplot script" \
	"$H" plot s1.csv -o $'p\nq.png'
refused "plot -o with a newline, --kind all" "contains a newline" \
	"$H" plot s1.csv --kind all -o $'p\nq.png'
if command -v gnuplot >/dev/null; then
	q="p'q \"r\".png"
	(cd "$D" && "$H" plot s1.csv -o "$q") >"$T/out" 2>"$T/err"
	rc=$?
	lastline "$T/err"
	expect "plot -o with quotes: exit 0 (got $rc: $last)" [ $rc -eq 0 ]
	expect "... the picture under that very name" [ -s "$D/$q" ]
	tmps=("$D"/*tmp*) # what ls | grep tmp finds (nothing hidden)
	expect "... and no temp file" [ ! -e "${tmps[0]}" ]
	rm -f "$D/$q"
fi

# --- slurm: a hostile experiment file name -------------------------------
hostile="h'\$(touch PWNED) \"x\" %y; z.yaml"
mkdir -p "$D/s"
grep -v '^experiment:' "$D/tiny.yaml" >"$D/s/$hostile" # named after the file
(cd "$D/s" && "$H" slurm "$hostile" --shards 2 -o job.sbatch) >"$T/out" 2>"$T/err"
rc=$?
lastline "$T/err"
expect "slurm with a hostile file name: exit 0 (got $rc: $last)" [ $rc -eq 0 ]
expect "bash reads the array script" bash -n "$D/s/job.sbatch"
expect "... and the merge script" bash -n "$D/s/job.merge.sbatch"
expect "the #SBATCH lines are the harness's own" \
	[ -z "$(grep '^#SBATCH' "$D/s/job.sbatch" | grep -v -E '^#SBATCH --(job-name=nq-h___touch_PWNED___x___y__z|array=1-2|ntasks=1|cpus-per-task=[0-9]+|time=[0-9]+|mem=[0-9]+M|output=[^ ]+)$')" ]
# the task as Slurm would run it: the right file, and nothing else runs
(cd "$T" && SLURM_ARRAY_TASK_ID=1 bash "$D/s/job.sbatch") >"$T/out" 2>"$T/err"
rc=$?
lastline "$T/err"
expect "the array task runs (exit $rc: $last)" [ $rc -eq 0 ]
expect "... that experiment file's shard" [ -s "$D/s/reports/h___touch_PWNED___x___y__z.shard-1-of-2.csv" ]
expect "... and nothing the name spelled" [ ! -e "$D/s/PWNED" -a ! -e "$T/PWNED" ]
cp "$D/tiny.yaml" "$D/s/"$'n\nl.yaml'
(cd "$D/s" && "$H" slurm $'n\nl.yaml' --shards 2 -o nl.sbatch) >"$T/out" 2>"$T/err"
rc=$?
expect "slurm of a file name with a newline: exit 2 (got $rc)" [ $rc -eq 2 ]
expect "... saying so" grep -q "contains a newline: it cannot be written faithfully into an sbatch script" "$T/err"
expect "... no script" [ ! -e "$D/s/nl.sbatch" ]

# --- reports: approach labels with LaTeX and Markdown syntax -------------
python3 - "$D/s1.csv" "$T/lab.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
labels = ['a_b&c%d$e#f{g}~h^i\\j<k>l|m', 'x*y_z `q` [l](u) <script>', 'nl\nbyte\xffok']
out = csv.DictWriter(open(sys.argv[2], 'w', newline='', encoding='utf-8',
                          errors='surrogateescape'),
                     fieldnames=[c for c in rows[0] if c != 'digest'])
out.writeheader()
for lab in labels:
    for r in rows:
        r = dict(r); r.pop('digest')
        r['approach'] = lab.encode('latin-1').decode('utf-8', 'surrogateescape') if '\xff' in lab else lab
        out.writerow(r)
PY
"$H" report "$T/lab.csv" --format latex -o "$T/lab.tex" >"$T/out" 2>"$T/err"
rc=$?
lastline "$T/err"
expect "report --format latex with odd labels: exit 0 (got $rc: $last)" [ $rc -eq 0 ]
expect "the LaTeX escapes them" grep -qF 'a\_b\&c\%d\$e\#f\{g\}\textasciitilde{}h\textasciicircum{}i\textbackslash{}j\textless{}k\textgreater{}l\textbar{}m' "$T/lab.tex"
expect "... and no label breaks a line (the newline shown as \\n)" \
	grep -qF 'nl\textbackslash{}nbyte\textbackslash{}xffok' "$T/lab.tex"
if command -v pdflatex >/dev/null; then
	printf '\\documentclass{article}\\usepackage[utf8]{inputenc}\\usepackage{booktabs,longtable}\\begin{document}\\input{lab.tex}\\end{document}\n' >"$T/doc.tex"
	(cd "$T" && timeout 60 pdflatex -interaction=nonstopmode -halt-on-error doc.tex) >"$T/out" 2>&1
	expect "pdflatex compiles it ($(grep -m1 '^!' "$T/out"))" [ -s "$T/doc.pdf" ]
fi
"$H" report "$T/lab.csv" -o "$T/lab.md" >"$T/out" 2>"$T/err"
rc=$?
expect "report (Markdown) with odd labels: exit 0 (got $rc)" [ $rc -eq 0 ]
expect "Markdown escapes markup and HTML in a label" \
	grep -qF 'x\*y\_z \`q\` \[l\](u) \<script\>' "$T/lab.md"
expect "... and the pipe" grep -qF 'l\|m' "$T/lab.md"
expect "... and a newline and a byte that is not UTF-8 shown escaped" \
	grep -qF 'nl\\nbyte\\xffok' "$T/lab.md"
# the .tex's check with the .md's, one python3 (the reason in utf8.*)
for f in tex md; do echo "the check did not finish" >"$T/utf8.$f"; done
python3 - "$T" <<'PY'
import sys
for f in ('tex', 'md'):
    try:
        open(f'{sys.argv[1]}/lab.{f}', encoding='utf-8').read()
        why = ''
    except Exception as e:
        why = f'{type(e).__name__}: {e}'
    open(f'{sys.argv[1]}/utf8.{f}', 'w').write(why)
PY
why=$(<"$T/utf8.tex")
expect "the .tex is UTF-8 (the \\xff shown as \\xff)${why:+ ($why)}" [ -z "$why" ]
why=$(<"$T/utf8.md")
expect "the .md is UTF-8${why:+ ($why)}" [ -z "$why" ]

# since START (a $EPOCHREALTIME): seconds, by bash's own arithmetic (a
# date and a bc per guarded command were most of the plan loop's CPU)
# (into $secs, no subshell)
since() {
	local us=$((${EPOCHREALTIME/./} - ${1/./}))
	printf -v secs '%d.%03d' $((us / 1000000)) $((us / 1000 % 1000))
}

# --- generators: a bound on their work -----------------------------------
gen() { # NAME BODY: plan the entry under a guard; sets rc, prints the time
	printf 'experiment: g\ninstances:\n  - generate: {%s}\napproaches: [backtrack]\n' "$2" >"$T/$1.yaml"
	local t0=$EPOCHREALTIME
	timeout 20 "$H" plan "$T/$1.yaml" >"$T/out" 2>"$T/err"
	rc=$?
	since "$t0"
	echo "  $1 ($2): exit $rc in $secs s" >&2
}
gen placed200 "family: placed, n: 200, queens: 200"
expect "placed n=200 queens=200: exit 2 within the guard (got $rc)" [ $rc -eq 2 ]
expect "... the hints column, before any drawing" grep -q "200 queens on n=200 do not fit the CSV hints column (at least 1383 characters" "$T/err"
gen placed50 "family: placed, n: 50, queens: 0..50"
expect "placed n=50 queens=0..50: exit 2 (got $rc)" [ $rc -eq 2 ]
expect "... naming the most that fit" grep -q "queens: 50 queens on n=50 do not fit the CSV hints column.*at most 45 queens fit on n=50" "$T/err"
gen placed45 "family: placed, n: 50, queens: 45, count: 3"
lastline "$T/err"
expect "placed n=50 queens=45 (they fit): exit 0 (got $rc: $last)" [ $rc -eq 0 ]
gen placed3 "family: placed, n: 3, queens: 3"
expect "placed n=3 queens=3 (never drawn): exit 2 (got $rc)" [ $rc -eq 2 ]
expect "... cannot place, the most placed" grep -q "cannot place 3 non-attacking queens on n=3: too many draws failed.*the most placed was 2" "$T/err"
gen blocked "family: blocked, n: 100, blocked: 9900"
expect "blocked at n*(n-free) on n=100: exit 2 within the guard (got $rc)" [ $rc -eq 2 ]
expect "... its draws' bound" grep -q "the experiment's blocked draws walked more than 2 \* 10^8 squares.*lower blocked or count" "$T/err"

# --- plan of every shipped config ----------------------------------------
for f in "$ROOT"/configs/*.yaml; do
	t0=$EPOCHREALTIME
	timeout 20 "$H" plan "$f" >/dev/null 2>"$T/err"
	rc=$?
	since "$t0"
	echo "  plan ${f##*/}: exit $rc in $secs s" >&2
	lastline "$T/err"
	expect "plan ${f##*/} exits 0 within the guard (got $rc: $last)" [ $rc -eq 0 ]
done

# --- resume over a large file --------------------------------------------
R=$T/r
mkdir -p "$R"
cat >"$R/r.yaml" <<'Y'
experiment: r
repeat: 2
instances:
  - {n: 12, mode: count, hints: [[1, 1]]}
approaches:
  - backtrack
Y
(cd "$R" && "$H" run r.yaml -q -o r.csv) >/dev/null 2>&1
# 100,000 rows (200,000 were twice the CPU and no other path: the read
# is one pass; on a quiet machine both read in under the 2 s after which
# progress lines show, 0.5 s and 1.1 s)
ROWS=100000
sed "s/^repeat: 2/repeat: $ROWS/" "$R/r.yaml" >"$R/big.yaml"
python3 - "$R" $ROWS <<'PY'
# r.csv's first row, repeated with repeat 1..ROWS and the digest chain
# (README: Edited files); the .meta to match; each also as .orig (what
# the checks below compare with)
import hashlib, re, sys
d, n = sys.argv[1], int(sys.argv[2])
text = open(f'{d}/r.csv', newline='').read()
eol = '\r\n' if '\r\n' in text else '\n'
hdr, row = text.split(eol)[:2]
cols, cells = hdr.split(','), row.split(',')[:-1]
rep = cols.index('repeat')
prev = hashlib.sha256(hdr.encode()).hexdigest()[:16]
pre = ''.join(c + ',' for c in cells[:rep])
post = ''.join(c + ',' for c in cells[rep + 1:])
sha256, out = hashlib.sha256, [hdr + eol]
for r in range(1, n + 1):
    body = f'{pre}{r},{post}'
    prev = sha256((prev + body).encode()).hexdigest()[:16]
    out.append(body + prev + eol)
out = ''.join(out)
for name in ('big.csv', 'big.csv.orig'):
    with open(f'{d}/{name}', 'w', newline='') as f:
        f.write(out)
meta = open(f'{d}/r.meta').read()
sha = hashlib.sha256(open(f'{d}/big.yaml', 'rb').read()).hexdigest()
for k, v in (('rows', str(n)), ('digest_rows', str(n)), ('repeat', str(n)),
             ('digest', f'"{prev}"'), ('config_sha256', f'"{sha}"'),
             ('config', '"big.yaml"'), ('results', '"big.csv"')):
    meta = re.sub(rf'^{k}: .*$', f'{k}: {v}', meta, flags=re.M)
for name in ('big.meta', 'big.meta.orig'):
    open(f'{d}/{name}', 'w').write(meta)
# 3000 distinct hinted instances (d.yaml, d.csv, d.meta: below)
sets = [((r1, c1), (r2, c2)) for r1 in range(1, 13) for r2 in range(r1 + 1, 13)
        for c1 in range(1, 13) for c2 in range(1, 13)
        if c1 != c2 and abs(c1 - c2) != r2 - r1][:3000]
with open(f'{d}/d.yaml', 'w') as f:
    f.write('experiment: d\nrepeat: 1\ninstances:\n')
    for (a, b), (c, e) in sets:
        f.write(f'  - {{n: 12, mode: first, hints: [[{a}, {b}], [{c}, {e}]]}}\n')
    f.write('approaches:\n  - backtrack\n')
text = open(f'{d}/r.csv', newline='').read()
eol = '\r\n' if '\r\n' in text else '\n'
hdr, row = text.split(eol)[:2]
cols, cells = hdr.split(','), row.split(',')[:-1]
ix = {c: i for i, c in enumerate(cols)}
prev = hashlib.sha256(hdr.encode()).hexdigest()[:16]
with open(f'{d}/d.csv', 'w', newline='') as f:
    f.write(hdr + eol)
    for (a, b), (c, e) in sets:
        v = list(cells)
        for k, x in (('experiment', 'd'), ('mode', 'first'), ('solutions', '1'),
                     ('checked', 'placement'), ('hints', f'{a}:{b} {c}:{e}'),
                     ('instance', ''), ('instance_hash', ''), ('repeat', '1')):
            v[ix[k]] = x
        body = ''.join(x + ',' for x in v)
        prev = hashlib.sha256((prev + body).encode()).hexdigest()[:16]
        f.write(body + prev + eol)
meta = open(f'{d}/r.meta').read()
sha = hashlib.sha256(open(f'{d}/d.yaml', 'rb').read()).hexdigest()
for k, v in (('rows', '3000'), ('digest_rows', '3000'), ('repeat', '1'),
             ('digest', f'"{prev}"'), ('config_sha256', f'"{sha}"'),
             ('config', '"d.yaml"'), ('results', '"d.csv"'), ('experiment', '"d"')):
    meta = re.sub(rf'^{k}: .*$', f'{k}: {v}', meta, flags=re.M)
open(f'{d}/d.meta', 'w').write(meta)
PY
# SIGTERM as soon as the lock is taken: the read is under way
(cd "$R" && exec "$H" run big.yaml --resume -o big.csv) >"$T/out" 2>"$T/err" &
pid=$!
for ((i = 0; i < 2000; i++)); do [ -e "$R/big.csv.lock" ] && break; sleep 0.005; done
kill -TERM $pid
wait $pid
rc=$?
lastline "$T/err"
expect "SIGTERM while resume reads: exit 130 (got $rc: $last)" [ $rc -eq 130 ]
expect "... saying it was reading" grep -q "interrupted while reading it back" "$T/err"
expect "... the lock released" [ ! -e "$R/big.csv.lock" ]
expect "... the CSV as it was" cmp -s "$R/big.csv" "$R/big.csv.orig"
expect "... the .meta as it was" cmp -s "$R/big.meta" "$R/big.meta.orig"
t0=$EPOCHREALTIME
(cd "$R" && timeout 60 "$H" run big.yaml --resume -o big.csv) >"$T/out" 2>"$T/err"
rc=$?
since "$t0"
echo "  resume over $ROWS hinted n=12 rows, nothing to run: exit $rc in $secs s" >&2
lastline "$T/err"
expect "resume over $ROWS rows with nothing to run: exit 0 within the guard (got $rc: $last)" [ $rc -eq 0 ]
expect "... nothing run" grep -q "0 rows written to big.csv" "$T/err"
(cd "$R" && timeout 60 "$H" run big.yaml --resume -q -o big.csv) >"$T/out" 2>"$T/err"
expect "-q: no progress lines" not has "$(<"$T/err")" 'reading big.csv back'

# 3000 distinct hinted instances: the validator's own count once each
# (d.yaml, d.csv and d.meta written with big.csv, above)
t0=$EPOCHREALTIME
(cd "$R" && timeout 60 "$H" run d.yaml --resume -q -o d.csv) >"$T/out" 2>"$T/err"
rc=$?
since "$t0"
echo "  resume over 3000 distinct hinted n=12 instances: exit $rc in $secs s" >&2
lastline "$T/err"
expect "resume over 3000 distinct hinted instances: exit 0 within the guard (got $rc: $last)" [ $rc -eq 0 ]

echo "names: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
