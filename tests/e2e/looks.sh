#!/usr/bin/env bash
# looks.sh - end-to-end tests of how `plot` draws approaches (issue 32):
# one look per approach whatever file and order (read back from the
# SVGs), 16 approaches told apart, a --styles pin file honoured and a bad
# line refused, --logx and the automatic log x axis, --title, whole-number
# cactus ticks, the default figure drawing blocked instances, and --kind
# all saying plainly that it skipped the size plot. Hand-made CSVs only:
# nothing is run. HARNESS names the binary (default ./harness).
# Prints "looks: N passed, N failed" last; exits 1 on failure.
. "$(dirname "$0")/common.bash"

real_gp=$(command -v gnuplot)
cat >"$T/keepgp" <<SH
#!/bin/sh
tee "$T/last.gp" | "$real_gp"
SH
chmod +x "$T/keepgp"
export NQ_GNUPLOT="$T/keepgp"

not() { ! "$@"; }

HEAD=experiment,n,mode,solver,encoding,repeat,status,solutions,wall_s,approach,blocked,instance
# csv FILE EXPERIMENT APPROACH...: rows at n = 8, 9 (count) for each
csv() {
	local f=$1 e=$2 a
	shift 2
	echo "$HEAD" >"$f"
	for a in "$@"; do
		echo "$e,8,count,s,e,1,ok,92,0.01$RANDOM,$a,," >>"$f"
		echo "$e,9,count,s,e,1,ok,352,0.02$RANDOM,$a,," >>"$f"
	done
}
# looks SVG: "label rgb marker dash" per key entry, from the SVG itself
looks() {
	python3 - "$1" <<'PY'
import re, sys
svg = open(sys.argv[1]).read()
for m in re.finditer(r"<text>([^<]+)</text>\s*</g>\s*</g>\s*<g[^>]*>\s*"
                     r"<path stroke='(rgb\([^)]*\))'([^>]*)/>\s*"
                     r"<use xlink:href='#gpPt(\d+)'", svg):
    dash = re.search(r"stroke-dasharray='([^']*)'", m.group(3))
    print(m.group(1), m.group(2).replace(' ', ''), m.group(4),
          dash.group(1).strip() if dash else 'solid')
PY
}

# --- one look per approach across files and orders --------------------------
csv "$T/a.csv" one backtrack/bitmask glpk/assignment picosat/commander smt/bool
csv "$T/b.csv" two smt/bool asp/count backtrack/bitmask minizinc/int glpk/assignment
"$H" plot "$T/a.csv" -o "$T/a.svg" 2>/dev/null
"$H" plot "$T/b.csv" -o "$T/b.svg" 2>/dev/null
"$H" plot "$T/b.csv" --kind cactus -o "$T/bc.svg" 2>/dev/null
looks "$T/a.svg" >"$T/a.looks"
looks "$T/b.svg" >"$T/b.looks"
looks "$T/bc.svg" >"$T/bc.looks"
expect "the SVG's key gives each approach's look (4 in a.svg: $(wc -l <"$T/a.looks"))" \
	[ "$(wc -l <"$T/a.looks")" -eq 4 ]
for a in backtrack/bitmask glpk/assignment smt/bool; do
	la=$(grep "^$a " "$T/a.looks")
	lb=$(grep "^$a " "$T/b.looks")
	lc=$(grep "^$a " "$T/bc.looks")
	expect "$a looks the same in two files and two kinds ($la | $lb | $lc)" \
		[ -n "$la" ] && [ "$la" = "$lb" ] && [ "$la" = "$lc" ]
done

# --- 16 approaches, 16 looks ---------------------------------------------------
csv "$T/s.csv" sixteen $(seq -f 'solver%g/enc' 1 16)
"$H" plot "$T/s.csv" -o "$T/s.svg" 2>/dev/null
looks "$T/s.svg" >"$T/s.looks"
expect "16 approaches: 16 entries, 16 distinct looks ($(cut -d' ' -f2- "$T/s.looks" | sort -u | wc -l))" \
	[ "$(wc -l <"$T/s.looks")" -eq 16 ] && [ "$(cut -d' ' -f2- "$T/s.looks" | sort -u | wc -l)" -eq 16 ]

# --- a pin file ----------------------------------------------------------------
printf '# the paper\nbacktrack/bitmask #123456 square dotted\nsmt/bool orange diamond solid\n' >"$T/pins"
"$H" plot "$T/a.csv" -o "$T/p.svg" --styles "$T/pins" 2>/dev/null
looks "$T/p.svg" >"$T/p.looks"
expect "a pinned look is drawn ($(grep '^backtrack/bitmask ' "$T/p.looks"))" \
	grep -qE '^backtrack/bitmask rgb\(18,52,86\) 4 [0-9]' "$T/p.looks"
expect "a pinned palette colour by name ($(grep '^smt/bool ' "$T/p.looks"))" \
	grep -qE '^smt/bool rgb\(230,159,0\) 12 solid' "$T/p.looks"
expect "the approaches not pinned keep their looks" \
	[ "$(grep '^glpk/assignment ' "$T/p.looks")" = "$(grep '^glpk/assignment ' "$T/a.looks")" ]
printf 'backtrack/bitmask blue circle solid\nsmt/bool crimson circle solid\n' >"$T/bad"
bad_input "a bad pin line is refused with its file and line" "bad:2: colour 'crimson'" \
	"$H" plot "$T/a.csv" -o "$T/x.svg" --styles "$T/bad"
bad_input "a missing pin file is refused" "cannot read the style file" \
	"$H" plot "$T/a.csv" -o "$T/x.svg" --styles "$T/none"

# --- axes: --logx, automatic log x, --title, cactus ticks ----------------------
echo "$HEAD" >"$T/w.csv"
for n in 8 30 100 1000; do
	echo "wide,$n,first,s,e,1,ok,1,0.0$n,backtrack/bitmask,," >>"$T/w.csv"
done
"$H" plot "$T/w.csv" -o "$T/w.svg" 2>/dev/null
expect "n over 8..1000: a log x axis, said in its label" \
	grep -qF '>n (board size, log scale)<' "$T/w.svg"
expect "... in the script" grep -q '^set logscale x 10' "$T/last.gp"
"$H" plot "$T/a.csv" -o "$T/l.svg" --logx --title 'Figure 3: the paradigms' 2>/dev/null
expect "--logx asks for it on a narrow range" grep -qF '>n (board size, log scale)<' "$T/l.svg"
expect "--title is the figure's title" grep -qF '>Figure 3: the paradigms<' "$T/l.svg"
"$H" plot "$T/a.csv" --kind cactus -o "$T/c.svg" 2>/dev/null
expect "cactus: ticks every whole instance" grep -q '^set xtics 0, 1$' "$T/last.gp"
expect "cactus: no tick at a half instance" not grep -qE '>[0-9]*\.5<' "$T/c.svg"
expect "n over 8..9: linear" not grep -qF 'log scale' "$T/a.svg"

# --- the key fits: 12 approaches at 1280x720 ----------------------------------
csv "$T/t.csv" twelve backtrack/board backtrack/array backtrack/textbook \
	backtrack/stack backtrack/mrv backtrack/dlx 'backtrack/bitmask threads=1' \
	'backtrack/bitmask threads=0' 'backtrack/symmetry threads=1' \
	'backtrack/symmetry threads=0' minconflicts construct
"$H" plot "$T/t.csv" -o "$T/t.png" --size 1280x720 2>/dev/null
# the key's own plot under the panels: its height (set size 1,FRAC)
frac=$(sed -n 's/^set size 1\.0*,//p' "$T/last.gp" | tail -1)
expect "12 approaches at 1280x720: key and x axis in a third of the height ($frac)" \
	python3 -c "import sys; sys.exit(not 0 < float('$frac') <= 0.34)"

# --- the default figure draws blocked instances ----------------------------------
echo "$HEAD" >"$T/k.csv"
for a in backtrack/bitmask picosat/commander; do
	echo "blk,8,first,s,e,1,ok,1,0.01,$a,," >>"$T/k.csv"
	echo "blk,9,first,s,e,1,ok,1,0.02,$a,," >>"$T/k.csv"
	echo "blk,16,first,s,e,1,ok,1,0.03,$a,1:1 2:2,blocked-n16-b2-f1-s1-0" >>"$T/k.csv"
	echo "blk,16,first,s,e,1,ok,1,0.05,$a,3:3 4:4,blocked-n16-b2-f1-s1-1" >>"$T/k.csv"
done
"$H" plot "$T/k.csv" -o "$T/k.svg" 2>"$T/err"
expect "a file with blocked instances: a panel of them" \
	grep -qF '>first: blocked, hinted, file instances<' "$T/k.svg"
expect "... each named on its axis, less what all share" grep -qF '>b2-1<' "$T/k.svg"
expect "... every one drawn (2 approaches x 2 instances)" \
	[ "$(sed -n '/^\$h[0-9]*s[0-9]* << EOD/,/^EOD/p' "$T/last.gp" | grep -c '^[0-9]')" -eq 4 ]
expect "the title names nothing left out" not grep -qE 'not drawn|pre-placed' "$T/k.svg"

# --- --kind all without model sizes --------------------------------------------
"$H" plot "$T/a.csv" --kind all -o "$T/all.svg" 2>"$T/err"
rc=$?
expect "--kind all without sizes exits 0 (got $rc)" [ $rc -eq 0 ]
expect "... and says plainly it skipped the size plot ($(cat "$T/err"))" \
	grep -qF 'size plot skipped: no approach of' "$T/err"
expect "... with no error-like line" not grep -qiE 'no numbers in column|numeric columns' "$T/err"

echo "looks: $pass passed, $failed failed"
[ $failed -eq 0 ]
