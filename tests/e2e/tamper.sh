#!/usr/bin/env bash
# tamper.sh - end-to-end tests of tamper evidence (README: the digest
# column): a results file edited after the run wrote it (a count, a row
# taken out, put in or moved, the header, the digest column, a digest)
# is refused by `run --resume` and `merge` (exit 2, the row named by
# file line, nothing touched) unless --force, and warned about by
# `report` and `plot`; a file cut short at the end is resumed as before;
# a file with no digests gets one note. Prints "tamper: N passed, N
# failed" last.
. "$(dirname "$0")/common.bash"
cd "$T" || exit 1
not() { ! "$@"; }

# an instance nothing else answers (n = 13 with a hint: no table, one
# approach), and two plain ones
cat >t.yaml <<'YAML'
experiment: t
repeat: 2
timeout: 20s
instances:
  - {n: 13, mode: count, hints: [[1, 3]]}
  - {n: 6, mode: count}
  - {n: 8, mode: first}
approaches:
  - backtrack: {variant: bitmask}
YAML
"$H" run t.yaml -o r.csv -q >/dev/null 2>err || { echo "the run failed: $(<err)"; exit 1; }
"$H" run t.yaml -o r.csv -q --resume >/dev/null 2>err
rc=$?
expect "an untouched file resumes: exit 0 (got $rc: $(<err))" [ $rc -eq 0 ]
expect "an untouched file: no word about changes" not grep -q 'changed\|digest' err
cp r.csv orig.csv
cp r.meta orig.meta

# The edited copies of the run's CSV and .meta, FILE.csv and FILE.meta,
# all made by one python3 here: each entry's code runs with `l` the
# file's lines (kept ends), which are then written as FILE.csv; a
# function runs on the whole FILE.csv (and FILE.meta) instead.
python3 - <<'PY'
import csv, shutil
def nodigest(name):
    rows = list(csv.reader(open(name + '.csv', newline='')))
    csv.writer(open(name + '.csv', 'w', newline=''), lineterminator='\r\n').writerows(r[:-1] for r in rows)
def quoted(name):
    rows = list(csv.reader(open(name + '.csv', newline='')))
    w = csv.writer(open(name + '.csv', 'w', newline=''), lineterminator='\n', quoting=csv.QUOTE_ALL)
    w.writerows(rows)
def old(name):
    nodigest(name)
    m = [x for x in open(name + '.meta') if not x.startswith('digest')]
    open(name + '.meta', 'w').writelines(m)
edits = {
    # one count edited
    'c': "l[1] = l[1].replace(',ok,5508,', ',ok,5510,')",
    # both repeats' counts edited alike
    'b': "l[1:3] = [x.replace(',ok,5508,', ',ok,5510,') for x in l[1:3]]",
    # a row taken out, put in, two swapped; the header; a digest; the
    # last row again at the end; every row
    'd': "del l[3]",
    'i': "l.insert(3, l[2])",
    's': "l[2], l[3] = l[3], l[2]",
    'h': "l[0] = l[0].replace('wall_s,cpu_s', 'cpu_s,wall_s')",
    'g': "l[2] = l[2][:-18] + '0123456789abcdef\\r\\n'",
    'a': "l.append(l[-1])",
    'm': "l[1:] = [x.replace(',ok,', ',wrong,') for x in l[1:]]",
    # the digest column taken out
    'x': nodigest,
    # all cells quoted, LF line ends (not a change)
    'q': quoted,
    # the last row taken out
    'e': "del l[-1]",
    # an old file: no digest column, no digest in the .meta
    'o': old,
}
for name, code in edits.items():
    shutil.copy('orig.csv', name + '.csv')
    shutil.copy('orig.meta', name + '.meta')
    if callable(code):
        code(name)
        continue
    l = open(name + '.csv', newline='').read().splitlines(True)
    exec(code)
    open(name + '.csv', 'w', newline='').write(''.join(l))
PY
# refused DESC FILE WANT: --resume exits 2 with WANT on stderr, the CSV
# and the .meta byte for byte as they were
refused() {
	local desc=$1 f=$2 want=$3
	cp "$f.csv" before.csv; cp "$f.meta" before.meta
	"$H" run t.yaml -o "$f.csv" -q --resume >out 2>err
	local rc=$?
	if [ $rc -ne 2 ]; then bad "$desc: exit $rc, expected 2 ($(<err))"; return; fi
	if ! grep -qF -- "$want" err; then bad "$desc: expected '$want', got: $(<err)"; return; fi
	if ! cmp -s before.csv "$f.csv" || ! cmp -s before.meta "$f.meta"; then
		bad "$desc: the files changed"; return
	fi
	ok
}

# --- one count edited: the row named, exit 2, nothing touched ---------------
expect "the edit took" grep -q ',ok,5510,' c.csv
refused "an edited count" c "c.csv:2: row 1 changed after the run wrote it"
expect "the refusal says --force" grep -qF -- "--force" err
expect "only that row is named" [ "$(grep -c 'changed after the run wrote it$' err)" -eq 1 ]
"$H" report c.csv -o c.md 2>err
rc=$?
expect "report of an edited file: exit 0 (got $rc)" [ $rc -eq 0 -a -s c.md ]
expect "report warns, naming the row" grep -qF "c.csv:2: warning: row 1 changed after the run wrote it" err
# and the report itself says so, in every format, above its numbers (a
# reader of the file never sees stderr)
said="This file was changed after the harness wrote it: 1 change its rows' digests and its .meta show"
expect "the Markdown report says the file was changed" grep -qF "**Warning:** $said" c.md
"$H" report c.csv --format html -o c.html 2>/dev/null
expect "the HTML report says it" grep -qF "<p class=\"warn\"><b>Warning:</b> ${said//\'/\&#39;}" c.html
"$H" report c.csv --format latex -o c.tex 2>/dev/null
expect "the LaTeX report says it (a comment)" grep -qF "% WARNING: $said" c.tex
"$H" report c.csv --format json -o c.json 2>/dev/null
expect "the JSON report says it" grep -qF '"changed": 1,' c.json
# one read: the digests are checked as the table is read, so a file that
# can be read only once (a pipe) is reported, its edited row named
rm -f p.csv; mkfifo p.csv
(cat c.csv >p.csv &)
timeout 20 "$H" report p.csv -o p.md 2>err
rc=$?
expect "report of a pipe: read once, exit 0 (got $rc: $(head -c 300 err))" [ $rc -eq 0 -a -s p.md ]
expect "report of a pipe: the edited row named" grep -qF "p.csv:2: warning: row 1 changed after the run wrote it" err
rm -f p.csv
"$H" plot c.csv -o c.svg 2>err
rc=$?
expect "plot of an edited file: exit 0 (got $rc)" [ $rc -eq 0 ]
expect "plot warns, naming the row" grep -qF "c.csv:2: warning: row 1 changed after the run wrote it" err
"$H" run t.yaml -o c.csv -q --resume --force >/dev/null 2>err
rc=$?
expect "--resume --force goes on (got $rc: $(<err))" [ $rc -ne 2 ]
expect "--force: still named, as a warning" grep -qF "c.csv:2: warning: row 1 changed after the run wrote it" err
expect "--force: the .meta says so" grep -qF 'change made to c.csv after the run wrote it (--force)' c.meta
# the ledger saw 5508 and 5510 from one approach: disputed, so rewritten,
# and the edited row keeps its mark
cp c.csv c1.csv   # (its first row's digest read with the killed run's rows, below)
"$H" run t.yaml -o c.csv -q --resume >/dev/null 2>err
expect "--force: a later --resume names it again (exit $?)" grep -qF "c.csv:2: row 1 changed" err

# both repeats' counts edited alike: nothing else answers n = 13 with this
# hint, so only the digests can tell (before them: ok, exit 0)
refused "both repeats edited alike" b "b.csv:3: row 2 changed after the run wrote it"
expect "both repeats edited alike: row 1 named too" grep -qF "b.csv:2: row 1 changed after the run wrote it" err

# --- rows taken out, put in, moved; the header; the digests ----------------
refused "a row taken out" d "d.csv:4: row 3 changed after the run wrote it"
# (under ASan, E2E_SAN, the row taken out stands for these four: the
# chain of digests finds each as a change to the row after it, the path
# of core/store/tamper.c the edited count walks)
if ! san; then
	refused "a row put in (a copy)" i "i.csv:4: row 3 changed after the run wrote it"
	refused "two rows swapped" s "s.csv:3: row 2 changed after the run wrote it"
	refused "a digest edited" g "g.csv:3: row 2 changed after the run wrote it"
	refused "the last row again at the end" a "a.csv:8: row 7 changed after the run wrote it"
fi
refused "the header edited" h "h.csv:1: the header changed after the run wrote it"
refused "every row edited: a few named, then how many more" m "m.csv: and 1 more row changed"
refused "the digest column taken out" x "x.csv:1: the digest column was taken out"

# --- what is not a change: quotes, line ends; a cut end ---------------------
"$H" run t.yaml -o q.csv -q --resume >/dev/null 2>err
rc=$?
expect "all cells quoted, LF line ends: the same cells, exit 0 (got $rc: $(<err))" [ $rc -eq 0 ]
cp orig.csv k.csv; cp orig.meta k.meta
truncate -s -9 k.csv
"$H" run t.yaml -o k.csv -q --resume >/dev/null 2>err
rc=$?
expect "a cut last row: resumed, exit 0 (got $rc: $(<err))" [ $rc -eq 0 ]
expect "a cut last row: said as before" grep -q 'k.csv:7: warning: the last row was cut short' err
expect "a cut last row: no row called changed" not grep -q 'changed after' err
cp k.csv k1.csv   # (its rows counted with the killed run's, below)
"$H" run t.yaml -o k.csv -q --resume >/dev/null 2>err
expect "... and it resumes clean after (exit $?)" not grep -q 'changed\|warning' err
"$H" run t.yaml -o e.csv -q --resume >/dev/null 2>err
rc=$?
expect "the last row taken out: said, made again (exit $rc: $(<err)) [1/2]" \
	[ $rc -eq 0 ]
expect "the last row taken out: said, made again (exit $rc: $(<err)) [2/2]" \
	grep -qF "e.meta says the run wrote 6 rows; the file has 5: the last 1 is gone" err

# --- a run killed: its rows resume clean ------------------------------------
cat >slow.yaml <<'YAML'
experiment: slow
repeat: 30
timeout: 20s
instances:
  - {n: 11, mode: count}
approaches:
  - backtrack: {variant: textbook}
YAML
"$H" run slow.yaml -o kill.csv -q >/dev/null 2>&1 &
hp=$!
# (the lines written so far counted by mapfile, not a wc a poll: whole
# lines only, as wc -l counts them)
for _ in {1..100}; do
	lines=()
	mapfile lines 2>/dev/null <kill.csv
	n=${#lines[@]}
	[ $n -gt 0 ] && [[ ${lines[n - 1]} != *$'\n' ]] && n=$((n - 1))
	[ $n -ge 4 ] && break
	sleep 0.05
done
kill -KILL $hp; wait $hp 2>/dev/null
cp kill.csv killed.csv
"$H" run slow.yaml -o kill.csv -q --resume >/dev/null 2>err
rc=$?
# the rows of the killed run, of the file resumed, of the cut file made
# again and the mark of the edited row kept by --force (above), read by
# one python3
python3 - killed.csv kill.csv k1.csv c1.csv >py.out <<'PY'
import csv, sys
rows = [list(csv.DictReader(open(f, newline=''))) for f in sys.argv[1:]]
print(len(rows[0]), len(rows[1]), len(rows[2]), rows[3][0]['digest'] if rows[3] else '')
PY
read -r killed_at resumed_rows k_rows c_mark <py.out
expect "killed mid-run ($killed_at rows)" [ "$killed_at" -ge 3 -a "$killed_at" -lt 30 ]
expect "killed, then resumed: exit 0 (got $rc: $(<err))" [ $rc -eq 0 ]
expect "killed, then resumed: no row called changed" not grep -q 'changed after' err
expect "killed, then resumed: all 30 rows" [ "$resumed_rows" -eq 30 ]
expect "a cut last row: made again, the file whole" [ "$k_rows" -eq 6 ]
expect "--force: the edited row stays marked" [ "$c_mark" = changed ]

# --- merge: an edited shard is refused, naming file and row -----------------
for k in 1 2; do "$H" run t.yaml --shard $k/2 -o "p.shard-$k-of-2.csv" -q >/dev/null 2>&1; done
"$H" merge -o all.csv p.shard-1-of-2.csv p.shard-2-of-2.csv >/dev/null 2>err
rc=$?
expect "merge of untouched shards: exit 0 (got $rc: $(<err))" [ $rc -eq 0 ]
"$H" run t.yaml -o all.csv -q --resume >/dev/null 2>err
expect "the merged file resumes clean (exit $?: $(<err))" not grep -q 'changed\|warning' err
sed -i '2s/,ok,/,wrong,/' p.shard-2-of-2.csv   # the first ',ok,' of row 1
rm -f all.csv all.meta
"$H" merge -o all.csv p.shard-1-of-2.csv p.shard-2-of-2.csv >/dev/null 2>err
rc=$?
expect "merge of an edited shard: exit 2 (got $rc)" [ $rc -eq 2 ]
expect "merge names file and row" grep -qF "p.shard-2-of-2.csv:2: row 1 changed after the run wrote it" err
expect "merge wrote nothing" [ ! -e all.csv -a ! -e all.meta ]
"$H" merge -o all.csv --force p.shard-1-of-2.csv p.shard-2-of-2.csv >/dev/null 2>err
rc=$?
expect "merge --force goes on (got $rc: $(<err))" [ $rc -ne 2 -a -e all.csv ]
expect "merge --force: the .meta counts the change" grep -qx 'changed_since_runs: 1' all.meta
expect "merge --force: the row stays marked" grep -q ',changed.$' all.csv
"$H" merge --help 2>&1 | grep -q -- '--force'
expect "merge --help shows --force" [ $? -eq 0 ]

# --- an old file: one note ---------------------------------------------------
"$H" report o.csv -o o.md 2>err
rc=$?
expect "an old file: report exit 0 (got $rc)" [ $rc -eq 0 ]
expect "an old file: one note" [ "$(grep -c 'no digest in o.meta (written by an older version): edits cannot be detected' err)" -eq 1 ]
expect "an old file: no warning in the report (nothing was found changed)" not grep -q 'Warning' o.md

echo "tamper: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
