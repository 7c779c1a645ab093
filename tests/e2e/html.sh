#!/usr/bin/env bash
# html.sh - `harness report --format html` in a browser (headless
# Chromium, one start, a tab a page): the page's own script ran (sorting
# by a column from the URL's fragment changes the rows' order; the mode
# filter hides the other mode's rows); an approach and an experiment
# named as markup (<script>, <img onerror>) are text, not code; the
# screenshot is not blank. Also without a browser: one <script> only,
# the plots inside as SVG images, --scatter, gnuplot missing, and
# `--format json` read by python (valid; its totals are the CSV's). The
# writers' C is walked under ASan by test_reports (so this script is in
# E2E_NOSAN).
# Prints "html: N passed, N failed" last.
. "$(dirname "$0")/common.bash"
D=$ROOT/tests/data
CHROMIUM=${CHROMIUM:-chromium}
command -v "$CHROMIUM" >/dev/null 2>&1 || { echo "html: $CHROMIUM is not installed (make deps)" >&2; exit 1; }
cd "$T" || exit 1

# a hostile approach name and experiment name
python3 - "$D/mixed.csv" x.csv <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
h = rows[0]
for r in rows[1:]:
    if r[h.index('encoding')] == 'assignment':
        r[h.index('encoding')] = "<script>document.title='pwned'</script>"
    r[h.index('experiment')] = "<img src=x onerror=\"document.title='img'\">"
csv.writer(open(sys.argv[2], 'w', newline=''), lineterminator='\r\n').writerows(rows)
PY
"$H" report x.csv --format html 2>err
rc=$?
expect "html: exit 0 (got $rc: $(<err))" [ $rc -eq 0 ]
expect "html: default output RESULTS.html" [ -s x.html ]
expect "html: one script, the page's own" [ "$(grep -o '<script' x.html | wc -l)" -eq 1 ]
expect "html: the approach's name escaped" grep -qF "glpk/&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;" x.html
expect "html: no markup from a name" [ -z "$(grep -F '<img src=x' x.html)" ]
expect "html: nothing from the network" [ -z "$(grep -E '(src|href)="(https?:)?//' x.html)" ]
expect "html: three plots inside as SVG images" [ "$(grep -o 'src="data:image/svg+xml;base64,' x.html | wc -l)" -eq 3 ]
expect "html: the scatter plot's SVG names both approaches" python3 - x.html <<'PY'
import base64, re, sys
imgs = re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', open(sys.argv[1]).read())
svg = base64.b64decode(imgs[0]).decode()
assert '<svg' in svg and 'picosat/pairwise against backtrack/bitmask' in svg, svg[:400]
PY
expect "html: per-approach totals" grep -qF '<table id="totals"' x.html

# --- --scatter, gnuplot missing ------------------------------------------------
# (without gnuplot: the captions are written all the same, and it is quicker)
NQ_GNUPLOT=/nonexistent/gnuplot "$H" report x.csv --format html --scatter picosat/pairwise,backtrack/bitmask -o s.html 2>err
expect "--scatter A,B: the caption follows" grep -qF 'backtrack/bitmask against picosat/pairwise, a point per instance' s.html
"$H" report x.csv --format html --scatter nope,backtrack/bitmask -o n.html 2>err
rc=$?
expect "--scatter of no approach: exit 2 (got $rc)" [ $rc -eq 2 ]
expect "--scatter of no approach: exit 2 (got $rc) (2 of 2)" grep -qF "no approach 'nope' for the scatter plot; approaches: backtrack/bitmask" err
expect "--scatter of no approach: nothing written" [ ! -e n.html ]
"$H" report x.csv --format html --scatter justone -o n.html 2>err
expect "--scatter needs two" [ $? -eq 2 ]
expect "--scatter needs two (2 of 2)" grep -qF -- "--scatter names two approaches" err
NQ_GNUPLOT=/nonexistent/gnuplot "$H" report x.csv --format html -o g.html 2>err
rc=$?
expect "no gnuplot: the page is written (got $rc)" [ $rc -eq 0 -a -s g.html ]
expect "no gnuplot: the page says why the plots are missing" [ "$(grep -c 'Not drawn: cannot draw: gnuplot is not installed' g.html)" -eq 3 ]

# --- JSON: valid, and its totals are the CSV's ---------------------------------
"$H" report x.csv --format json 2>err
expect "json: exit 0, default output RESULTS.json" [ -s x.json ]
expect "json: python3 -m json.tool reads it" python3 -m json.tool x.json >/dev/null
expect "json: cells, medians, totals as the CSV has them" python3 - x.csv x.json <<'PY'
import csv, json, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
d = json.load(open(sys.argv[2]))
cells = {}
for r in rows:
    cells.setdefault((r['solver'] + '/' + r['encoding'], r['mode'], int(r['n'])), []).append(r)
assert len(d['cells']) == len(cells) == 30
par2 = {}
solved = {}
for c in d['cells']:
    rs = cells[(c['approach'], c['mode'], c['n'])]
    ok = [float(r['wall_s']) for r in rs if r['status'] == 'ok']
    assert c['runs'] == len(rs) and c['statuses'].get('ok', 0) == len(ok)
    if ok:
        assert abs(c['median'] - statistics.median(ok)) < 1e-9
        if len(ok) > 1: assert c['median_ci'][0] <= c['median'] <= c['median_ci'][1]
    else:
        assert c['median'] is None
    s = 2 * len(ok) > len(rs)
    solved[c['approach']] = solved.get(c['approach'], 0) + s
    par2[c['approach']] = par2.get(c['approach'], 0) + (statistics.median(ok) if s else 2 * float(rs[0]['timeout_s']))
for a in d['approaches']:
    assert a['solved'] == solved[a['name']], a
    assert abs(a['par2'] - par2[a['name']]) < 1e-9, (a, par2)
    assert abs(a['cpu_s'] - sum(float(r['cpu_s']) for r in rows if r['solver'] + '/' + r['encoding'] == a['name'] and r['cpu_s'])) < 1e-9
assert d['bootstrap'] == {'method': 'percentile', 'level': 0.95, 'resamples': 2000, 'seed': 20261201, 'exact_up_to': 16}
# the virtual best, apart from the approaches: per instance the smallest
# median of the approaches that solved it, else twice the timeout
best = {}
for (a, mode, n), rs in cells.items():
    ok = [float(r['wall_s']) for r in rs if r['status'] == 'ok']
    t = 2 * float(rs[0]['timeout_s'])
    v = statistics.median(ok) if 2 * len(ok) > len(rs) else None
    b = best.get((mode, n), (None, t))
    best[(mode, n)] = (v if b[0] is None or (v is not None and v < b[0]) else b[0], t)
vb = d['virtual_best']
assert 'virtual best' not in [a['name'] for a in d['approaches']]
assert vb['instances'] == len(best), vb
assert vb['solved'] == sum(1 for v, t in best.values() if v is not None), vb
assert abs(vb['par2'] - sum(t if v is None else v for v, t in best.values())) < 1e-9, vb
PY
expect "html: the virtual best in the totals' foot, never sorted or filtered with the approaches" grep -qF '</tbody><tfoot><tr class="vbs"><td class="t"><i>virtual best</i>' x.html

# --- views kept in the URL, the page no wider than the window (issue 32) --
# Two tabs of chromium (below): the page sorted (median, descending) and
# filtered (mode count) by clicks, its fragment and row order read; then
# the page opened with that fragment: the same rows in the same order.
# The machine has a long line and an unbroken 400-character word: they
# wrap, so the page is no wider than the 1200 px window.
cp x.csv v.csv
printf -v flags '%.0sfpu vme de pse tsc msr pae mce ' {1..40}
printf -v word '%.0sx' {1..400}
printf 'host: vm\ncpu_flags: %s\nnote: %s\n' "$flags" "$word" >v.meta
"$H" report v.csv --format html -o v.html 2>/dev/null
probe='<script>(function(){var d=document.documentElement;
function order(){return Array.prototype.filter.call(document.querySelectorAll("#detail tbody tr"),function(r){return !r.hidden;}).map(function(r){return r.cells[4].textContent+"@"+r.cells[1].textContent+"@"+r.cells[0].textContent;}).join("|");}
if(!location.hash){var th=document.querySelector("#detail th[data-key=median]");th.click();th.click();
var s=document.getElementById("f-mode");s.value="count";s.dispatchEvent(new Event("change"));}
d.setAttribute("data-hash",location.hash);d.setAttribute("data-order",order());
d.setAttribute("data-sw",d.scrollWidth);d.setAttribute("data-iw",window.innerWidth);})();</script>'
IFS= read -r -d '' page <v.html
printf '%s' "${page/"</body></html>"/"$probe</body></html>"}" >v-probe.html
# one start of chromium for the three pages, a tab each (each start
# was 2 s of CPU): x.html sorted and filtered by its fragment; the probe
# page clicked; the probe page opened with the fragment those clicks
# should give (the check below holds it to the fragment they gave)
want_hash='#sort=median&desc&mode=count'
chromium_pages 1200,1600 "file://$T/x.html$want_hash" dom.html "$T/shot.png" \
	"file://$T/v-probe.html" v1.html "$T/v1.png" "file://$T/v-probe.html$want_hash" v2.html "$T/v2.png"
# --- in the browser: sorted by the median, descending, count only ------------
expect "chromium: the DOM after the scripts ($(tail -1 dom.html.err))" grep -q 'data-ready="1"' dom.html
expect "chromium: sorted, filtered, inert names" python3 - x.html dom.html <<'PY'
import html.parser, sys

class Rows(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(); self.rows = []; self.in_detail = False; self.cell = None; self.title = ''; self.t = False
    def handle_starttag(self, tag, a):
        a = dict(a)
        if tag == 'table': self.in_detail = a.get('id') == 'detail'
        if tag == 'title': self.t = True
        if self.in_detail and tag == 'tr' and 'data-mode' in a:
            self.rows.append({'mode': a['data-mode'], 'hidden': 'hidden' in a, 'v': []})
        if self.in_detail and tag == 'td' and self.rows: self.rows[-1]['v'].append(a.get('data-v'))
    def handle_endtag(self, tag):
        if tag == 'title': self.t = False
    def handle_data(self, d):
        if self.t: self.title += d

def rows(path):
    p = Rows(); p.feed(open(path).read()); return p
src, dom = rows(sys.argv[1]), rows(sys.argv[2])
assert dom.title.startswith("<img src=x onerror"), dom.title    # text, never run
shown = [r for r in dom.rows if not r['hidden']]
assert shown and all(r['mode'] == 'count' for r in shown), 'the mode filter'
assert all(r['hidden'] for r in dom.rows if r['mode'] != 'count')
med = [float(r['v'][5]) for r in shown if r['v'][5] is not None]
assert med == sorted(med, reverse=True), med
assert [r['v'][5] for r in dom.rows] != [r['v'][5] for r in src.rows], 'the order changed'
assert len(dom.rows) == len(src.rows) == 30
PY
expect "chromium: the hostile name is text in the page" grep -qF "glpk/&lt;script&gt;document.title='pwned'&lt;/script&gt;" dom.html

# --- a screenshot that is not blank (of the sorted page, taken above) -------
expect "chromium: a screenshot ($(tail -1 dom.html.err))" [ -s shot.png ]
expect "chromium: the screenshot is not blank" png_not_blank shot.png

# the probe's attributes, of both pages, in one python3: hash, sw, iw, o1
# of v1, then hash and order of v2 (a line each; an empty line: none)
python3 - v1.html v2.html >attrs <<'PY'
import html, re, sys
for path, keys in ((sys.argv[1], ('hash', 'sw', 'iw', 'order')), (sys.argv[2], ('hash', 'order'))):
    page = open(path).read()
    for k in keys:
        m = re.search(r' data-%s="([^"]*)"' % k, page)
        print(html.unescape(m.group(1)) if m else '')
PY
{ IFS= read -r hash; IFS= read -r sw; IFS= read -r iw; IFS= read -r o1; IFS= read -r hash2; IFS= read -r o2; } <attrs
expect "html: a sort click and a filter are kept in the URL's fragment (got '$hash')" [ "$hash" = "#sort=median&desc&mode=count" ]
narrow() { [ -n "$sw" ] && [ -n "$iw" ] && [ "$sw" -le $((iw + 16)) ]; }
expect "html: the page no wider than the window, the machine's long lines wrapped (scrollWidth $sw, window $iw)" narrow
same_view() { [ -n "$hash" ] && [ -n "$o1" ] && [ "$o1" = "$o2" ] && [ "$hash2" = "$hash" ]; }
expect "html: the URL with that fragment opens the same view (the same rows, in the same order)" same_view
# every row of that view a count row (bash: a python3 start was 30 ms)
count_only() {
	local r rows
	IFS='|' read -ra rows <<<"$o1"
	[ ${#rows[@]} -gt 0 ] || { echo "no rows: '$o1'" >&2; return 1; }
	for r in "${rows[@]}"; do [[ $r == *@count ]] || { echo "a row not of count: $r" >&2; return 1; }; done
}
expect "html: sorted by the median, descending, count only" count_only

echo "html: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
