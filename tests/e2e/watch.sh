#!/usr/bin/env bash
# watch.sh - what a class watches. `harness trace` of n = 6 textbook
# backtracking opened in headless Chromium (one start, a tab for it and
# one for the hill climb): the page's script clicks forward (the board
# and the words change), back (they return), last (a placement, green),
# and the screenshot is not blank; the page is self-contained; an
# 8-queens hill climb (sideways, seed 3): the initial board with h, step
# 1 one queen moved, back, the placement at h = 0, the chart of h;
# refusals (a solver that reports nothing, n too large) and the cap's
# note. `solve --count --board` and `--svg`: 92 and 12 boards for n = 8,
# 10 and 2 for n = 6, the SVG read by python's XML parser with its
# boards numbered, --unique's boards pairwise apart under the eight
# symmetries, and the refusals. The C is walked under ASan by test_watch
# (so this script is in E2E_NOSAN).
# Prints "watch: N passed, N failed" last.
. "$(dirname "$0")/common.bash"
CHROMIUM=${CHROMIUM:-chromium}
command -v "$CHROMIUM" >/dev/null 2>&1 || { echo "watch: $CHROMIUM is not installed (make deps)" >&2; exit 1; }
cd "$T" || exit 1

# --- trace: the page ---------------------------------------------------------
"$H" trace -n 6 backtrack:variant=textbook -o t6.html 2>err
rc=$?
expect "trace: exit 0 (got $rc: $(<err))" [ $rc -eq 0 ]
expect "trace: says what it wrote" grep -qF "harness trace: backtrack/textbook, n = 6: 197 events, a placement, checked by the validator; wrote t6.html" err
expect "trace: nothing from the network" [ -z "$(grep -E '(src|href)="(https?:)?//' t6.html)" ]
# --- trace: an 8-queens hill climb (local search: boards and h) -------------
# seed 3: sideways moves reach a placement in a few steps, so the page
# has a start, moves with h falling and the placement at h = 0
"$H" trace -n 8 hillclimb:variant=sideways --seed 3 -o hc.html 2>err
rc=$?
expect "trace hill climb: exit 0 (got $rc: $(<err))" [ $rc -eq 0 ]
expect "trace hill climb: a placement, checked" grep -qF "harness trace: hillclimb/sideways, n = 8:" err
# one start of chromium for both pages, a tab each (each start was 2 s
# of CPU)
chromium_pages 1200,1300 "file://$T/t6.html#clicks=fwd,fwd,back,last" dom.html "$T/shot.png" \
	"file://$T/hc.html#clicks=fwd,fwd,back,last" hcdom.html "$T/hcshot.png"
expect "chromium: the page's script ran ($(tail -1 dom.html.err))" grep -q 'data-ready="1"' dom.html
# the two pages' logs and both screenshots checked by one python3 (a
# start each was 30 ms): a line each, "ok" or what failed
python3 - dom.html hcdom.html shot.png hcshot.png >checks <<'PY'
import html, json, re, struct, sys, zlib
def trace6(path):
    log = json.loads(html.unescape(re.search(r'<pre id="log">([^<]*)</pre>', open(path).read()).group(1)))
    f1, f2, b, last = log
    assert f1['desc'] == 'node 1: queen on row 1, column 1' and f1['board'] == '1 0 0 0 0 0', f1
    # a forward click changes the words (the board stays: a square refused)
    assert f2['pos'] == 2 and f2['desc'] == 'row 2, column 1: attacked by the queen on row 1, column 1', f2
    # back returns them
    assert b['pos'] == 1 and b['desc'] == f1['desc'] and b['board'] == f1['board'], b
    # the last step: a placement of six queens, none attacking another
    assert last['pos'] == 197 and last['desc'].startswith('placement 1: 6 queens'), last
    q = [int(c) for c in last['board'].split()]
    assert sorted(q) == list(range(1, 7))
    assert all(abs(q[i] - q[j]) != j - i for i in range(6) for j in range(i + 1, 6)), q
def hillclimb(path):
    page = open(path).read()
    log = json.loads(html.unescape(re.search(r'<pre id="log">([^<]*)</pre>', page).group(1)))
    f1, f2, b, last = log
    h = lambda d: int(re.search(r'h = (\d+)', d).group(1))
    # forward: the initial board with its h; again: step 1, one queen
    # moved, h no higher (sideways moves keep it)
    assert re.match(r'the initial board, h = \d+$', f1['desc']), f1
    assert re.match(r'step 1: queen of row \d+ to column \d+, h = \d+$', f2['desc']), f2
    assert f2['pos'] == f1['pos'] + 1, (f1, f2)
    assert sum(x != y for x, y in zip(f1['board'].split(), f2['board'].split())) == 1, (f1, f2)
    assert b['pos'] == f1['pos'] and b['desc'] == f1['desc'] and b['board'] == f1['board'], b
    assert last['desc'].endswith('h = 0, a placement'), last
    q = [int(c) for c in last['board'].split()]
    assert len(q) == 8 and all(q[i] != q[j] and abs(q[i] - q[j]) != j - i
                               for i in range(8) for j in range(i + 1, 8)), q
    assert h(f1['desc']) >= h(f2['desc']) >= 0
    # the chart of h along the steps is shown (hidden for backtracking)
    assert re.search(r'<div id="chart-box"(?![^>]*hidden)', page), 'no h chart'
def not_blank(path):   # common.bash's png_not_blank
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n'
    i, idat = 8, b''
    while i < len(data):
        n, kind = struct.unpack('>I4s', data[i:i + 8])
        if kind == b'IDAT': idat += data[i + 8:i + 8 + n]
        i += 12 + n
    px = zlib.decompress(idat)
    assert len(set(px)) > 50, len(set(px))   # text, tables and plots, not one colour
for check, path in zip((trace6, hillclimb, not_blank, not_blank), sys.argv[1:]):
    try:
        check(path)
        print('ok')
    except Exception as e:
        print(('%s: %r' % (type(e).__name__, e)).replace('\n', ' ')[:400])
PY
{ IFS= read -r c_t6; IFS= read -r c_hc; IFS= read -r c_shot; IFS= read -r c_hcshot; } <checks
expect "chromium: forward, forward, back, last ($c_t6)" [ "$c_t6" = ok ]
expect "chromium: the board drawn at the last step" grep -q 'id="board"[^>]*data-pos="197"' dom.html
expect "chromium: six queens on green squares" [ "$(grep -o 'class="sq [a-z]* win">♛' dom.html | wc -l)" -eq 6 ]
expect "chromium: the search tree, 31 nodes" grep -qF '31 nodes; green: a placement' dom.html
expect "chromium: a screenshot that is not blank ($c_shot)" [ "$c_shot" = ok ]

expect "chromium hill climb: forward, forward, back, last with h ($c_hc)" [ "$c_hc" = ok ]
expect "chromium hill climb: a screenshot that is not blank ($c_hcshot)" [ "$c_hcshot" = ok ]

# --- trace: refusals and the cap ---------------------------------------------
bad_input "trace: a solver that reports nothing" \
	"backtrack/dlx reports no events to watch; these do: backtrack:variant=board|array|textbook|stack|bitmask" \
	"$H" trace -n 6 backtrack:variant=dlx -o no.html
expect "trace: nothing written for it" [ ! -e no.html ]
bad_input "trace: n too large for a page" "-n takes a board size from 1 to 32, not '40'" "$H" trace -n 40
bad_input "trace: -o a directory" "refusing to write: it exists and is a directory" "$H" trace -n 4 -o "$T"
bad_input "trace: two approaches" "one approach at a time" "$H" trace -n 6 backtrack backtrack
"$H" trace -n 8 --count --max-events 40 -o cap.html 2>err
expect "trace: the cap said on stderr" grep -qF "stopped at the cap of 40 events (--max-events N keeps more)" err
expect "trace: the cap said on the page" grep -qF "<strong>Cut short:</strong> the trace kept its first 40 events" cap.html

# --- solve --count --board / --svg / --unique --------------------------------
boards() { grep -c "^$1 [0-9]* of" "$2"; }
"$H" solve -n 8 --count --board -q backtrack >b8 2>err
expect "board: 92 placements of n = 8 ($(<err))" [ "$(boards placement b8)" -eq 92 ]
"$H" solve -n 8 --count --board --unique -q backtrack >u8 2>err
expect "board --unique: 12 classes of n = 8" [ "$(boards class u8)" -eq 12 ]
"$H" solve -n 6 --count --board -q backtrack >b6 2>err
expect "board: 4 placements of n = 6" [ "$(boards placement b6)" -eq 4 ]
"$H" solve -n 6 --count --board --unique -q backtrack >u6 2>err
expect "board --unique: 1 class of n = 6" [ "$(boards class u6)" -eq 1 ]
"$H" solve -n 10 --count --svg b10.svg -q backtrack >/dev/null 2>err
"$H" solve -n 10 --count --unique --svg u10.svg -q backtrack >/dev/null 2>>err
"$H" solve -n 8 --count --unique --svg u8.svg -q backtrack >/dev/null 2>>err
expect "svg: said on stderr" grep -qF "harness solve: 724 boards drawn in b10.svg" err
expect "svg: XML with the boards numbered; --unique's classes apart" python3 - b10.svg:724 u10.svg:92 u8.svg:12 u8 <<'PY'
import sys, xml.etree.ElementTree as ET
S = '{http://www.w3.org/2000/svg}'
def queens(g):
    n = int(g.find(S + 'rect').get('width'))
    sq = n // 10 if n % 10 == 0 and n // 10 in (8, 10) else None
    cs = [(float(c.get('cy')), float(c.get('cx'))) for c in g.findall(S + 'circle')]
    return cs
for arg in sys.argv[1:4]:
    path, want = arg.split(':')
    root = ET.parse(path).getroot()
    gs = [g for g in root.iter(S + 'g') if g.get('class') == 'board']
    assert len(gs) == int(want), (path, len(gs))
    assert [g.find(S + 'text').text for g in gs] == [str(k) for k in range(1, len(gs) + 1)]
    n = len(gs[0].findall(S + 'circle'))
    assert all(len(g.findall(S + 'circle')) == n for g in gs)
    if 'u' in path:   # pairwise apart under the eight symmetries
        side = float(gs[0].find(S + 'rect').get('width')); sq = side / n
        boards = []
        for g in gs:
            q = [0] * n
            for c in g.findall(S + 'circle'):
                q[int(float(c.get('cy')) // sq)] = int(float(c.get('cx')) // sq)
            boards.append(tuple(q))
        def images(q):
            pts = [(r, c) for r, c in enumerate(q)]
            out = set()
            for t in range(8):
                p = pts
                if t & 4: p = [(r, n - 1 - c) for r, c in p]
                for _ in range(t & 3): p = [(c, n - 1 - r) for r, c in p]
                b = [0] * n
                for r, c in p: b[r] = c
                out.add(tuple(b))
            return out
        seen = set()
        for q in boards:
            assert not (images(q) & seen), q
            seen |= images(q)
            assert q == min(images(q)), ('not the canonical member', q)
# the text and the SVG draw the same classes
text = [l for l in open(sys.argv[4]).read().split('\n') if l.startswith(' ')]
assert len(text) == 12 * 8
PY
bad_input "board: n = 13 is too many to draw" "draw every placement of n <= 12 (14,200 boards at 12), not n = 13" \
	"$H" solve -n 13 --count --board backtrack
bad_input "--unique with a hint" "a pre-placed queen does not survive a turn" \
	"$H" solve -n 8 --count --board --unique --hint 1:1 backtrack
bad_input "--svg to a directory, before any run" "refusing to write: it exists and is a directory" \
	"$H" solve -n 6 --count --svg "$T" backtrack
expect "--svg to a directory: no run made" [ ! -s "$T/bo" ]
bad_input "--svg without --count" "--unique and --svg go with --count" "$H" solve -n 8 --svg x.svg backtrack
expect "nothing drawn when refused" [ ! -e x.svg ]
"$H" solve -n 6 --count --board --hint 1:2 -q backtrack >h6 2>err
expect "board with a hint: 1 placement, its queen Q" [ "$(boards placement h6)" -eq 1 ]
expect "board with a hint: 1 placement, its queen Q (2 of 2)" grep -q '^ \. Q \. \. \. \.$' h6

echo "watch: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
