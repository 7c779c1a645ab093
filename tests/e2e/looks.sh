#!/usr/bin/env bash
# looks.sh - end-to-end tests of how `plot` draws approaches (issue 32):
# one look per approach whatever file and order (read back from the
# SVGs), 16 approaches told apart, a --styles pin file honoured and a bad
# line refused, --logx and the automatic log x axis, --title, whole-number
# cactus ticks, the default figure drawing blocked instances, and --kind
# all saying plainly that it skipped the size plot (and drawing rtd where
# runs have steps); layouts that hold at 350x260, 700x400 and 1280x720
# (no two texts of the SVG meet: crowded), --panel, the rtd plot's one
# look per approach, the HTML report's plots readable where shown and
# report --styles. Hand-made CSVs only:
# nothing is run. HARNESS names the binary (default ./harness).
# Prints "looks: N passed, N failed" last; exits 1 on failure.
. "$(dirname "$0")/common.bash"

real_gp=$(command -v gnuplot)
cat >"$T/keepgp" <<SH
#!/bin/sh
tee "$T/last.gp" | "$real_gp"
SH
chmod +x "$T/keepgp"
# kept: the plots whose script a check reads (through keepgp, a shell and
# a tee more a plot); the rest draw with gnuplot itself
keep() { NQ_GNUPLOT="$T/keepgp" "$@"; }

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
# looks SVG:LOOKS...: "label rgb marker dash" per key entry, from the
# SVG itself, into LOOKS; every file in one python3 (a start was 30 ms)
looks() {
	python3 - "$@" <<'PY'
import re, sys
for arg in sys.argv[1:]:
  path, out = arg.rsplit(':', 1)
  with open(out, 'w') as f:
    try:
      svg = open(path).read()
    except OSError as e:
      print(e, file=sys.stderr); continue
    for m in re.finditer(r"<text>([^<]+)</text>\s*</g>\s*</g>\s*<g[^>]*>\s*"
                         r"<path stroke='(rgb\([^)]*\))'([^>]*)/>\s*"
                         r"<use xlink:href='#gpPt(\d+)'", svg):
        dash = re.search(r"stroke-dasharray='([^']*)'", m.group(3))
        print(m.group(1), m.group(2).replace(' ', ''), m.group(4),
              dash.group(1).strip() if dash else 'solid', file=f)
PY
}

# --- one look per approach across files and orders --------------------------
csv "$T/a.csv" one backtrack/bitmask glpk/assignment picosat/commander smt/bool
csv "$T/b.csv" two smt/bool asp/count backtrack/bitmask minizinc/int glpk/assignment
"$H" plot "$T/a.csv" -o "$T/a.svg" 2>/dev/null
"$H" plot "$T/b.csv" -o "$T/b.svg" 2>/dev/null
"$H" plot "$T/b.csv" --kind cactus -o "$T/bc.svg" 2>/dev/null
# (the 16 approaches' figure and the pinned one, checked below, drawn
# here: their looks read with these)
csv "$T/s.csv" sixteen $(seq -f 'solver%g/enc' 1 16)
"$H" plot "$T/s.csv" -o "$T/s.svg" 2>/dev/null
printf '# the paper\nbacktrack/bitmask #123456 square dotted\nsmt/bool orange diamond solid\n' >"$T/pins"
"$H" plot "$T/a.csv" -o "$T/p.svg" --styles "$T/pins" 2>/dev/null
looks "$T/a.svg:$T/a.looks" "$T/b.svg:$T/b.looks" "$T/bc.svg:$T/bc.looks" \
	"$T/s.svg:$T/s.looks" "$T/p.svg:$T/p.looks"
expect "the SVG's key gives each approach's look (4 in a.svg: $(wc -l <"$T/a.looks"))" \
	[ "$(wc -l <"$T/a.looks")" -eq 4 ]
for a in backtrack/bitmask glpk/assignment smt/bool; do
	la=$(grep "^$a " "$T/a.looks")
	lb=$(grep "^$a " "$T/b.looks")
	lc=$(grep "^$a " "$T/bc.looks")
	expect "$a looks the same in two files and two kinds ($la | $lb | $lc) [1/3]" \
		[ -n "$la" ]
	expect "$a looks the same in two files and two kinds ($la | $lb | $lc) [2/3]" \
		[ "$la" = "$lb" ]
	expect "$a looks the same in two files and two kinds ($la | $lb | $lc) [3/3]" \
		[ "$la" = "$lc" ]
done

# --- 16 approaches, 16 looks ---------------------------------------------------
expect "16 approaches: 16 entries ($(wc -l <"$T/s.looks"))" \
	[ "$(wc -l <"$T/s.looks")" -eq 16 ]
expect "16 approaches: 16 distinct looks ($(cut -d' ' -f2- "$T/s.looks" | sort -u | wc -l))" \
	[ "$(cut -d' ' -f2- "$T/s.looks" | sort -u | wc -l)" -eq 16 ]

# --- a pin file ----------------------------------------------------------------
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
keep "$H" plot "$T/w.csv" -o "$T/w.svg" 2>/dev/null
expect "n over 8..1000: a log x axis, said in its label" \
	grep -qF '>n (board size, log scale)<' "$T/w.svg"
expect "... in the script" grep -q '^set logscale x 10' "$T/last.gp"
"$H" plot "$T/a.csv" -o "$T/l.svg" --logx --title 'Figure 3: the paradigms' 2>/dev/null
expect "--logx asks for it on a narrow range" grep -qF '>n (board size, log scale)<' "$T/l.svg"
expect "--title is the figure's title" grep -qF '>Figure 3: the paradigms<' "$T/l.svg"
keep "$H" plot "$T/a.csv" --kind cactus -o "$T/c.svg" 2>/dev/null
expect "cactus: ticks every whole instance" grep -q '^set xtics 0, 1$' "$T/last.gp"
expect "cactus: no tick at a half instance" not grep -qE '>[0-9]*\.5<' "$T/c.svg"
expect "n over 8..9: linear" not grep -qF 'log scale' "$T/a.svg"

# --- the key fits: 12 approaches at 1280x720 ----------------------------------
csv "$T/t.csv" twelve backtrack/board backtrack/array backtrack/textbook \
	backtrack/stack backtrack/mrv backtrack/dlx 'backtrack/bitmask threads=1' \
	'backtrack/bitmask threads=0' 'backtrack/symmetry threads=1' \
	'backtrack/symmetry threads=0' minconflicts construct
keep "$H" plot "$T/t.csv" -o "$T/t.png" --size 1280x720 2>/dev/null
# the key's own plot under the panels: its height (set size 1,FRAC)
frac=$(sed -n 's/^set size 1\.0*,//p' "$T/last.gp" | tail -1)
expect "12 approaches at 1280x720: key and x axis in a third of the height ($frac)" \
	awk -v f="$frac" 'BEGIN { exit !(f != "" && f + 0 > 0 && f + 0 <= 0.34) }'

# --- the default figure draws blocked instances ----------------------------------
echo "$HEAD" >"$T/k.csv"
for a in backtrack/bitmask picosat/commander; do
	echo "blk,8,first,s,e,1,ok,1,0.01,$a,," >>"$T/k.csv"
	echo "blk,9,first,s,e,1,ok,1,0.02,$a,," >>"$T/k.csv"
	echo "blk,16,first,s,e,1,ok,1,0.03,$a,1:1 2:2,blocked-n16-b2-f1-s1-0" >>"$T/k.csv"
	echo "blk,16,first,s,e,1,ok,1,0.05,$a,3:3 4:4,blocked-n16-b2-f1-s1-1" >>"$T/k.csv"
done
keep "$H" plot "$T/k.csv" -o "$T/k.svg" 2>"$T/err"
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
expect "... and says plainly it skipped the size plot ($(<"$T/err"))" \
	grep -qF 'size plot skipped: no approach of' "$T/err"
expect "... with no error-like line" not grep -qiE 'no numbers in column|numeric columns' "$T/err"

# a file of instance files' instances only (no plain board, no generated
# family): drawn instance by instance, not as a family against b/n^2
echo "$HEAD" >"$T/kf.csv"
for a in backtrack/bitmask picosat/commander; do
	echo "kf,16,first,s,e,1,ok,1,0.03,$a,1:1 2:2,prob080-16-1" >>"$T/kf.csv"
	echo "kf,16,first,s,e,1,ok,1,0.05,$a,3:3 4:4,prob080-16-2" >>"$T/kf.csv"
done
keep "$H" plot "$T/kf.csv" -o "$T/kf.svg" 2>"$T/err"
expect "instance files only: the per-instance panel ($(<"$T/err"))" \
	grep -qF '>first: blocked, hinted, file instances<' "$T/kf.svg"
expect "... each instance named on its axis" grep -qF '>prob080-2<' "$T/kf.svg"
expect "... not against the family's parameter" not grep -qF 'b / n^2' "$T/kf.svg"
# files named like a generator's instances, but not as it names them
sed 's/prob080-16-\([12]\)/blocked-n16-b2-x\1/' "$T/kf.csv" >"$T/kg.csv"
keep "$H" plot "$T/kg.csv" -o "$T/kg.svg" 2>"$T/err"
expect "files named blocked-n16-b2-x1: instance by instance too ($(<"$T/err"))" \
	grep -qF '>first: blocked, hinted, file instances<' "$T/kg.svg"

# sizes only of blocked instances (a CNF per file): not sizes against n;
# --kind all says why and goes on, --kind size refuses (it was gnuplot's
# "all points y value undefined" and exit 1)
echo "$HEAD,vars,constraints" >"$T/ks.csv"
for a in backtrack/bitmask picosat/commander; do
	v=,; [ $a = picosat/commander ] && v=300,900
	echo "blk,16,first,s,e,1,ok,1,0.03,$a,1:1 2:2,blocked-n16-b2-f1-s1-0,$v" >>"$T/ks.csv"
	echo "blk,16,first,s,e,1,ok,1,0.05,$a,3:3 4:4,blocked-n16-b2-f1-s1-1,$v" >>"$T/ks.csv"
done
"$H" plot "$T/ks.csv" --kind all -o "$T/ks.svg" 2>"$T/err"
rc=$?
expect "--kind all, sizes only of blocked instances: exit 0 (got $rc: $(<"$T/err"))" [ $rc -eq 0 ]
expect "... the size plot skipped, saying why" \
	grep -qF 'size plot skipped: the rows with a model size are all of instances with hints, blocked squares or excluded lines' "$T/err"
expect "... no gnuplot error" not grep -q 'gnuplot failed' "$T/err"
"$H" plot "$T/ks.csv" --kind size -o "$T/ks2.svg" 2>"$T/err"
rc=$?
expect "--kind size on them: exit 2 (got $rc: $(<"$T/err"))" [ $rc -eq 2 ]
expect "... the CSV's vars and constraints named" \
	grep -qF "each instance's are the CSV's vars and constraints" "$T/err"

# --- layouts that hold: a slide, a paper's two columns and one -----------------
# crowded SVG: the texts of a gnuplot SVG as boxes (0.5 em a character,
# the font's height), turned as drawn; prints each two that meet and each
# outside the picture
crowded() {
	python3 - "$@" <<'PY'
import math, re, sys
def crowded(svg, out, err):
    W, H = (float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    boxes = []
    for m in re.finditer(r'<g transform="translate\(([-\d.]+),([-\d.]+)\)(?: rotate\(([-\d.]+)\))?"'
                         r'[^>]*font-size="([\d.]+)"[^>]*text-anchor="(\w+)"[^>]*>\s*<text>([^<]*)</text>', svg):
        x, y, rot, fs, anchor, t = m.groups()
        x, y, fs, t = float(x), float(y), float(fs), re.sub(r'&\w+;', '_', t)
        if not t.strip():
            continue
        w = len(t) * 0.5 * fs
        x0 = {'start': 0, 'middle': -w / 2, 'end': -w}[anchor]
        a = math.radians(float(rot or 0))
        boxes.append((t, [(x + u * math.cos(a) - v * math.sin(a), y + u * math.sin(a) + v * math.cos(a))
                          for u, v in ((x0, -0.7 * fs), (x0 + w, -0.7 * fs), (x0 + w, 0.15 * fs), (x0, 0.15 * fs))]))
    def apart(p, q):  # a side of either box separates them
        for poly in (p, q):
            for i in range(4):
                (ax, ay), (bx, by) = poly[i], poly[(i + 1) % 4]
                pa = [(ay - by) * u + (bx - ax) * v for u, v in p]
                qa = [(ay - by) * u + (bx - ax) * v for u, v in q]
                if max(pa) <= min(qa) or max(qa) <= min(pa):
                    return True
        return False
    for i, (t, p) in enumerate(boxes):
        if min(u for u, v in p) < -2 or max(u for u, v in p) > W + 2 or \
           min(v for u, v in p) < -2 or max(v for u, v in p) > H + 2:
            print('outside: %r' % t, file=out)
        for s, q in boxes[i + 1:]:
            if not apart(p, q):
                print('overlap: %r and %r' % (t, s), file=out)
    print('texts: %d' % len(boxes), file=err)
if sys.argv[1] != '--files':
    crowded(open(sys.argv[1]).read(), sys.stdout, sys.stderr)
else:   # --files SVG...: into SVG.crowd and SVG.texts each
    for path in sys.argv[2:]:
        with open(path + '.crowd', 'w') as out, open(path + '.texts', 'w') as err:
            try:
                crowded(open(path).read(), out, err)
            except Exception as e:
                print('unread: %s: %r' % (type(e).__name__, e), file=out)
PY
}
# the hostile case: two titles drawn over each other are caught
cat >"$T/o.svg" <<'SVG'
<svg viewBox="0 0 300 100">
<g transform="translate(100.00,30.00)" stroke="none" fill="black" font-family="Helvetica" font-size="14.00"  text-anchor="middle">
<text>first: one placement (or none)</text></g>
<g transform="translate(180.00,32.00)" stroke="none" fill="black" font-family="Helvetica" font-size="14.00"  text-anchor="middle">
<text>first: blocked, hinted</text></g>
</svg>
SVG
expect "the overlap check catches two titles drawn over each other" \
	sh -c "$(declare -f crowded); crowded '$T/o.svg' 2>/dev/null | grep -qF overlap"
# paradigms' shape: count and first on plain boards, blocked instances,
# eight approaches; steps in a second file for the rtd plot
echo "$HEAD,steps" >"$T/m.csv"
for a in backtrack/bitmask backtrack/mrv picosat/commander glpk/assignment \
	 minizinc/int asp/count smt/bool 'backtrack/bitmask threads=1'; do
	for n in 6 8; do echo "par,$n,count,s,e,1,ok,4,0.0$RANDOM,$a,,," >>"$T/m.csv"; done
	for n in 16 32; do echo "par,$n,first,s,e,1,ok,1,0.0$RANDOM,$a,,," >>"$T/m.csv"; done
	for b in 128 192; do for i in 0 1 2; do
		echo "par,16,first,s,e,1,ok,1,0.00$RANDOM,$a,$i:$i,blocked-n16-b$b-f1-s1-$i," >>"$T/m.csv"
	done; done
done
echo "$HEAD,steps" >"$T/r.csv"
for a in hillclimb/steepest hillclimb/restart anneal/exp; do for n in 8 16; do
	for i in 1 2 3 4 5 6; do echo "ls,$n,first,s,e,$i,ok,1,0.00$i,$a,,,$((i * RANDOM % 500))" >>"$T/r.csv"; done
done; done
# the blocked instances alone: a file of families, their solubility plot
{ echo "$HEAD,steps"; grep -F ',blocked-n16-' "$T/m.csv"; } >"$T/f.csv"
# (each kind at the sizes where it went wrong before; time and cactus at all)
# every figure drawn first, then read by one python3 (a start a figure
# was 30 ms), then checked in the same order
figs=()
for size in 350x260 700x400 1280x720; do
	for k in $([ $size != 1280x720 ] && echo solubility); do
		"$H" plot "$T/f.csv" --kind $k --size $size -o "$T/f-sol-$size.svg" 2>"$T/err"
		figs+=("$k at $size|$T/f-sol-$size.svg")
	done
	for k in time cactus $([ $size = 350x260 ] && echo scatter); do
		"$H" plot "$T/m.csv" --kind $k --size $size -o "$T/m-$k-$size.svg" 2>"$T/err"
		figs+=("$k at $size|$T/m-$k-$size.svg")
	done
	[ $size = 1280x720 ] && continue
	"$H" plot "$T/r.csv" --kind rtd --size $size -o "$T/r-rtd-$size.svg" 2>"$T/err"
	figs+=("rtd at $size|$T/r-rtd-$size.svg")
done
crowded --files "${figs[@]##*|}"
for f in "${figs[@]}"; do
	svg=${f##*|} c1="" c2=""
	{ IFS= read -r c1; IFS= read -r c2; } <"$svg.crowd"
	expect "${f%%|*}: no two texts meet, none outside ($c1 $c2, $(<"$svg.texts"))" \
		[ ! -s "$svg.crowd" ]
done
"$H" plot "$T/m.csv" --size 350x260 -o "$T/m.svg" 2>"$T/err"
expect "a paper's column holds two of three panels and names the other ($(<"$T/err"))" \
	grep -qF 'holds 2 of the 3 panels at a size that can be read; left out: blocked (--panel NAME' "$T/err"
"$H" plot "$T/m.csv" --size 350x260 --panel blocked -o "$T/mb.svg" 2>/dev/null
crowded "$T/mb.svg" >"$T/crowd" 2>/dev/null
expect "--panel blocked: the blocked instances alone, in a column's width" \
	grep -qF '>first: blocked, hinted, file instances<' "$T/mb.svg"
expect "... no other panel" sh -c "[ -s '$T/mb.svg' ] && ! grep -qE '>(count|first)(: one placement.*)?<' '$T/mb.svg'"
expect "... its names apart ($(head -1 "$T/crowd"))" sh -c "[ -s '$T/mb.svg' ] && [ ! -s '$T/crowd' ]"
bad_input "--panel names a panel the figure has" "no such panel; its panels: count, first, blocked" \
	"$H" plot "$T/m.csv" --panel firts -o "$T/x.svg"
bad_input "--panel on a one-panel kind is refused" "the scatter plot is one panel" \
	"$H" plot "$T/m.csv" --kind scatter --panel first -o "$T/x.svg"
# rtd: one look per approach, the instances apart by panel
"$H" plot "$T/r.csv" --kind rtd -o "$T/r-rtd.svg" 2>/dev/null
"$H" plot "$T/r.csv" --kind cactus -o "$T/r-c.svg" 2>/dev/null
looks "$T/r-rtd.svg:$T/r.looks" "$T/r-c.svg:$T/rc.looks"
expect "rtd: each approach once in the key, in its look of the other kinds" \
	[ "$(<"$T/r.looks")" = "$(<"$T/rc.looks")" ]
expect "rtd: a panel per instance (n = 16)" grep -qF '>n = 16: solved against steps<' "$T/r-rtd.svg"
"$H" plot "$T/r.csv" --kind all -o "$T/ra.svg" 2>"$T/err"
expect "--kind all draws the rtd plot of runs with steps ($(tail -1 "$T/err"))" \
	[ -s "$T/ra-rtd.svg" ]
"$H" plot "$T/m.csv" --kind all -o "$T/ma.svg" 2>"$T/err"
expect "... and no rtd plot where no run has steps" [ ! -e "$T/ma-rtd.svg" ]

# --- the HTML report: plots at the size they are shown, looks pinned ------------
"$H" report "$T/m.csv" --format html -o "$T/m.html" --styles "$T/pins" 2>"$T/err"
expect "report --styles FILE exits 0 ($(<"$T/err"))" [ -s "$T/m.html" ]
python3 - "$T/m.html" >"$T/sizes" <<'PY'
import base64, re, sys
h = open(sys.argv[1]).read()
css = re.search(r'figure img\{[^}]*width:(\d+)em', h)
shown = int(css.group(1)) * 16  # px, at the page's 16 px font
for b in re.findall(r'base64,([^"]+)', h):
    svg = base64.b64decode(b).decode()
    w = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))
    small = min(float(x) for x in re.findall(r'font-size="([\d.]+)"', svg))
    print('%.1f' % (small * min(shown, w) / w))
PY
expect "the page's plots: no text under 11 px where shown ($(tr '\n' ' ' <"$T/sizes"))" \
	awk 'NR == 1 || $1 + 0 < m { m = $1 + 0 } END { exit !(NR >= 3 && m >= 11) }' "$T/sizes"
expect "report --styles: the page's plots draw the pinned look" \
	sh -c "grep -o 'base64,[^\"]*' '$T/m.html' | cut -c8- | head -2 | tail -1 | base64 -d | grep -qE 'rgb\\( *18, *52, *86\\)'"
bad_input "report --styles: a bad pin line is refused with its file and line" "bad:2: colour 'crimson'" \
	"$H" report "$T/m.csv" --format html -o "$T/x.html" --styles "$T/bad"

echo "looks: $pass passed, $failed failed"
[ $failed -eq 0 ]
