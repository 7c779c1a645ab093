#!/usr/bin/env bash
# figures.sh - end-to-end tests of what `plot` and `report` show of a
# file: `--only` (one parser for both, did-you-mean on a name no row
# has), each kind in its own file, a log axis with zeros, --size and
# --dpi, keys below the curves, one colour per approach in every figure,
# generated families against their parameter, and instance ids whole in
# the terminal summary. HARNESS names the binary (default ./harness).
# Prints "figures: N passed, N failed" last; exits 1 on failure.
. "$(dirname "$0")/common.bash"

not() { ! "$@"; }
# has STRING FILE: STRING (one line) in FILE, as grep -qF finds it;
# hasline PREFIX FILE: a line of FILE starts with PREFIX, as grep -q
# '^PREFIX' (PREFIX nothing a regex would read otherwise); bash alone,
# without the 30 greps' processes
has() { [[ $(<"$2") == *"$1"* ]]; }
hasline() { [[ $'\n'$(<"$2") == *$'\n'"$1"* ]]; }

# bad_input DESC SUBSTRING CMD...: exit 2 and SUBSTRING on stderr

# gnuplot that keeps each script it is given (last.gp) and draws it
real_gp=$(command -v gnuplot)
cat >"$T/keepgp" <<SH
#!/bin/sh
tee "$T/last.gp" | "$real_gp"
SH
chmod +x "$T/keepgp"
export NQ_GNUPLOT="$T/keepgp"

# --- a small experiment: three approaches, two modes ------------------------
mkdir "$T/r"
cat >"$T/f.yaml" <<'Y'
experiment: fig
instances:
  - {n: 4..7, mode: count}
  - {n: 4..7, mode: first}
approaches:
  - backtrack: {variant: [textbook, bitmask, mrv]}
Y
"$H" run "$T/f.yaml" -q -o "$T/r/f.csv" >/dev/null 2>"$T/err"
expect "the experiment runs ($(<"$T/err"))" [ -s "$T/r/f.csv" ]

# --- each kind to its own file: all four in a row, none overwritten ---------
for k in time cactus size solubility; do
	"$H" plot "$T/r/f.csv" --kind "$k" 2>"$T/err"
	rc=$?
	# the time plot's script, for the key and the colours below
	[ "$k" = time ] && cp "$T/last.gp" "$T/all.gp"
	# size: backtracking has no model, exit 2 and nothing written
	[ "$k" = size ] && continue
	expect "plot --kind $k exits 0 (got $rc: $(<"$T/err"))" [ $rc -eq 0 ]
done
expect "each kind in its own file: f.svg, f-cactus.svg, f-solubility.svg [1/3]" \
	[ -s "$T/r/f.svg" ]
expect "each kind in its own file: f.svg, f-cactus.svg, f-solubility.svg [2/3]" \
	[ -s "$T/r/f-cactus.svg" ]
expect "each kind in its own file: f.svg, f-cactus.svg, f-solubility.svg [3/3]" \
	[ -s "$T/r/f-solubility.svg" ]
md5sum "$T"/r/f*.svg >"$T/md5"
mapfile -t sums <"$T/md5"
sums=("${sums[@]%% *}")
expect "no kind overwrote another: the three files differ" \
	[ ${#sums[@]} -eq 3 -a "${sums[0]}" != "${sums[1]}" -a "${sums[0]}" != "${sums[2]}" -a "${sums[1]}" != "${sums[2]}" ]
expect "the time plot is the time plot (after the others ran)" has 'n (board size)' "$T/r/f.svg"
expect "the solubility plot is where --help says, with its x axis named" \
	has 'placed queens m / n' "$T/r/f-solubility.svg"
"$H" plot "$T/r/f.csv" --kind cactus -o "$T/r/mine.svg" 2>/dev/null
cp "$T/last.gp" "$T/cactus.gp"   # (the cactus plot's script, for the colours below)
expect "-o names the one kind's file exactly" [ -s "$T/r/mine.svg" -a ! -e "$T/r/mine-cactus.svg" ]

# --- keys below the curves, colours per approach stable ---------------------
# (all.gp: the time plot's script, from the first plot above; cactus.gp
# the cactus plot's, from -o mine.svg)
expect "the key is outside the panels, below them" hasline 'set key outside below' "$T/all.gp"
"$H" plot "$T/r/f.csv" --only approach=backtrack/mrv -o "$T/r/mrv.svg" 2>/dev/null
cp "$T/last.gp" "$T/mrv.gp"
colour() { # colour SCRIPT APPROACH: the lc rgb of its curve (the first)
	local re="lc rgb '(#[0-9A-Fa-f]*)' dt [0-9]* pt [0-9]* ps 0.9 lw 2 title '$2'"
	[[ $(<"$1") =~ $re ]] && echo "${BASH_REMATCH[1]}"
}
c_all=$(colour "$T/all.gp" backtrack/mrv)
c_mrv=$(colour "$T/mrv.gp" backtrack/mrv)
c_cac=$(colour "$T/cactus.gp" backtrack/mrv)
expect "backtrack/mrv has one colour in every figure, filtered or not ($c_all, $c_mrv, $c_cac) [1/3]" \
	[ -n "$c_all" ]
expect "backtrack/mrv has one colour in every figure, filtered or not ($c_all, $c_mrv, $c_cac) [2/3]" \
	[ "$c_all" = "$c_mrv" ]
expect "backtrack/mrv has one colour in every figure, filtered or not ($c_all, $c_mrv, $c_cac) [3/3]" \
	[ "$c_all" = "$c_cac" ]
expect "--only approach=: only that approach is drawn" \
	not has "title 'backtrack/bitmask'" "$T/mrv.gp"

# --- --only: one parser for plot and report ---------------------------------
"$H" report "$T/r/f.csv" --only approach=backtrack/textbook,backtrack/mrv --only n=5-6 \
	--only mode=count -o "$T/r/o.md" 2>"$T/err"
expect "report --only exits 0 ($(<"$T/err"))" [ -s "$T/r/o.md" ]
expect "report --only: the approaches named, not the others" \
	has '| n | answer | backtrack/textbook | backtrack/mrv |' "$T/r/o.md"
expect "report --only: n 5 and 6 only, count mode only [1/4]" \
	[ "$(grep -cE '^\| [0-9]+ \| [0-9.]' "$T/r/o.md")" -eq 2 ]
expect "report --only: n 5 and 6 only, count mode only [2/4]" \
	hasline '| 5 |' "$T/r/o.md"
expect "report --only: n 5 and 6 only, count mode only [3/4]" \
	hasline '| 6 |' "$T/r/o.md"
expect "report --only: n 5 and 6 only, count mode only [4/4]" \
	not hasline '## first' "$T/r/o.md"
expect "report --only: the runs counted are those shown (2 approaches x 2 sizes)" \
	has '4 runs (4 ok)' "$T/r/o.md"
"$H" report "$T/r/f.csv" --only 'approach=backtrack/*' --only n=4..4 -o "$T/r/g.md" 2>/dev/null
expect "report --only: a wildcard and an n..m range" \
	has '| n | answer | backtrack/textbook | backtrack/bitmask | backtrack/mrv |' "$T/r/g.md"
bad_input "report --only: a typo in an approach gets a did-you-mean" \
	"no approach 'backtrak/mrv' in the file (did you mean 'backtrack/mrv'?); approaches: backtrack/textbook, backtrack/bitmask, backtrack/mrv" \
	"$H" report "$T/r/f.csv" --only approach=backtrak/mrv
bad_input "plot --only: the same parser, the same message" \
	"no approach 'backtrak/mrv' in the file (did you mean 'backtrack/mrv'?)" \
	"$H" plot "$T/r/f.csv" --only approach=backtrak/mrv -o "$T/r/x.svg"
bad_input "--only: a mode typo" "no mode 'cuont' in the file (did you mean 'count'?)" \
	"$H" plot "$T/r/f.csv" --only mode=cuont -o "$T/r/x.svg"
bad_input "--only: a key typo" "unknown key 'aproach' (did you mean 'approach'?)" \
	"$H" report "$T/r/f.csv" --only aproach=x
bad_input "--only: a bad range" "'7-5' is not a board size or a range" \
	"$H" report "$T/r/f.csv" --only n=7-5
bad_input "--only: no value" "--only takes KEY=VALUES" "$H" report "$T/r/f.csv" --only approach
bad_input "--only: nothing left is an error, not an empty figure" "--only keeps no row" \
	"$H" plot "$T/r/f.csv" --only n=20-30 -o "$T/r/x.svg"
expect "a refused plot writes nothing" [ ! -e "$T/r/x.svg" ]

# --- a log axis with zeros: drawn on a log axis, the zeros said --------------
python3 - "$T/r/f.csv" "$T/r/z.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
w = csv.DictWriter(open(sys.argv[2], 'w', newline=''), rows[0].keys())
w.writeheader()
for r in rows:
    if r['approach'] == 'backtrack/mrv' and r['mode'] == 'first':
        r['nodes'] = '0'
    w.writerow(r)
PY
"$H" plot "$T/r/z.csv" --y nodes --log -o "$T/r/z.svg" 2>"$T/err"
rc=$?
expect "plot --y nodes --log with zeros exits 0 ($rc: $(<"$T/err"))" [ $rc -eq 0 ]
expect "... on a log axis" hasline 'set logscale y 10' "$T/last.gp"
expect "... and says what it left out, on stderr" \
	has 'harness plot: note: nodes, first: log axis: 4 medians of 0 not drawn' "$T/err"
expect "... and in the figure's key" has '>log axis: 4 medians of 0 not drawn<' "$T/r/z.svg"
expect "... the zero medians are not in the data" \
	not grep -qE '^[0-9.]+ 0 ' "$T/last.gp"

# --- --size and --dpi --------------------------------------------------------
# png_size FILE: WIDTHxHEIGHT from the IHDR chunk (bytes 16..23, big-endian)
png_size() {
	local b
	b=($(od -An -tu1 -j16 -N8 "$1"))
	[ ${#b[@]} -eq 8 ] || { echo "not a PNG"; return; }
	echo "$((b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]))x$((b[4] << 24 | b[5] << 16 | b[6] << 8 | b[7]))"
}
"$H" plot "$T/r/f.csv" -o "$T/r/s.png" --size 1920x1080 2>/dev/null
sz=$(png_size "$T/r/s.png")
expect "--size 1920x1080: a 1920x1080 PNG (got $sz)" [ "$sz" = 1920x1080 ]
"$H" plot "$T/r/f.csv" -o "$T/r/d.png" --size 3x2in --dpi 300 2>/dev/null
sz=$(png_size "$T/r/d.png")
expect "--size 3x2in --dpi 300: 900x600 px (got $sz)" [ "$sz" = 900x600 ]
expect "--dpi scales fonts and lines (fonts shrunk with a 1.5 in panel)" has 'fontscale 1.719 linewidth 3.125' "$T/last.gp"
"$H" plot "$T/r/f.csv" -o "$T/r/d2.png" --dpi 192 2>/dev/null
sz=$(png_size "$T/r/d2.png")
expect "--dpi 192 alone: the default picture twice as sharp (got $sz)" [ "$sz" = 2560x1160 ]
"$H" plot "$T/r/f.csv" -o "$T/r/p.pdf" --size 16x12cm 2>/dev/null
expect "--size in cm for a PDF" has 'size 6.299in,4.724in' "$T/last.gp"
bad_input "--dpi on an SVG is refused" "--dpi is for PNG pictures" \
	"$H" plot "$T/r/f.csv" -o "$T/r/x.svg" --dpi 200
bad_input "--size too small" "outside 100x100..20000x20000 px" \
	"$H" plot "$T/r/f.csv" -o "$T/r/x.png" --size 10x10
bad_input "--size malformed" "--size is WIDTHxHEIGHT" "$H" plot "$T/r/f.csv" --size 1920
expect "refused: nothing written" [ ! -e "$T/r/x.png" -a ! -e "$T/r/x.svg" ]

# --- a generated family: against its parameter, ids whole in the summary ----
cat >"$T/b.yaml" <<'Y'
experiment: blk
repeat: 1
instances:
  - generate: {family: blocked, n: 7, blocked: 7..21 by 7, free: 1, count: 2, seed: 3}
    mode: first
approaches:
  - backtrack: {variant: [bitmask, mrv]}
Y
"$H" run "$T/b.yaml" -o "$T/r/b.csv" >"$T/summary" 2>"$T/err"
expect "the blocked experiment runs ($(<"$T/err"))" [ -s "$T/r/b.csv" ]
expect "the summary shows each generated instance's id whole (6 distinct)" \
	[ "$(grep -oE 'blocked-n7-b[0-9]+-f1-s3-[01]' "$T/summary" | sort -u | wc -l)" -eq 6 ]
"$H" plot "$T/r/b.csv" 2>"$T/err"
rc=$?
expect "plot of a blocked experiment exits 0 (got $rc: $(<"$T/err"))" [ $rc -eq 0 ]
expect "... against b/n^2" has "set xlabel 'blocked squares b / n^2'" "$T/last.gp"
expect "... titled" has "'blk: median wall time (s) against b/n^2'" "$T/last.gp"
"$H" plot "$T/r/b.csv" --kind solubility 2>/dev/null
expect "the solubility plot: titled, to b-solubility.svg" \
	has '>blk: solvable and median wall time (s) against b/n^2<' "$T/r/b-solubility.svg"
"$H" report "$T/r/b.csv" -o "$T/r/b.md" 2>/dev/null
"$H" report "$T/r/b.csv" --format latex -o "$T/r/b.tex" 2>/dev/null
expect "the LaTeX report names each instance by its id in its own column" \
	[ "$(grep -cE '^7 & \\mbox\{blocked-n7-b[0-9]+-f1-s3-[01]\} & (found|none) & ' "$T/r/b.tex")" -eq 6 ]

# --- the timeout line only in the panels whose points reach it -----------
# (each panel's y range is its own: a line above it strayed out of the
# panel, across the figure's title)
cat >"$T/to.yaml" <<'Y'
experiment: to
repeat: 1
timeout: 1s
instances:
  - {n: [6, 16], mode: count}
  - {n: 8, mode: first, hints: [[1, 1], [2, 5]]}
approaches:
  - backtrack: {variant: textbook}
Y
"$H" run "$T/to.yaml" -q -o "$T/r/to.csv" >/dev/null 2>"$T/err"
expect "the timeout experiment: n = 16 timed out ($(<"$T/err"))" \
	grep -q ',16,count,.*,timeout,' "$T/r/to.csv"
"$H" plot "$T/r/to.csv" 2>"$T/err"
expect "the time plot: one timeout line, in the count panel alone ($(grep -c '>timeout 1 s<' "$T/r/to.svg"))" \
	[ "$(grep -c '>timeout 1 s<' "$T/r/to.svg")" -eq 1 ]
expect "the hinted instance named on its axis by its hints, not its made id" \
	has "'n8 1:1 2:5' 1" "$T/last.gp"
expect "... the hinted panel's script unsets it" \
	python3 - "$T/last.gp" <<'PY'
import sys
gp = open(sys.argv[1]).read()
before = gp[:gp.index("blocked, hinted, file instances")]
sys.exit(0 if before.rfind("unset arrow 1") > before.rfind("set arrow 1 ") else 1)
PY

echo "figures: $pass passed, $failed failed"
[ $failed -eq 0 ]
