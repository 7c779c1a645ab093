#!/usr/bin/env bash
# text.sh - bytes that are not text stay out of what the harness writes
# (names.h, docs/results.md: Outside text). Solvers that put terminal
# escapes (clear screen, a window title, a bell), bytes that are not
# UTF-8, line ends and a bidi override in their note and on stderr (the
# plugin of tests/liars/hostile.c -DHOSTILE_TEXT, and a `dimacs` command
# that prints them): the CSV decodes as strict UTF-8, Python's csv reads
# it, no cell holds a control character, the escapes are there as text,
# valid UTF-8 (café) is kept; the console, piped and on a terminal
# (script(1)), carries no escape but the harness's own line clearing;
# --resume finds the file's digests intact. `report` on a CSV whose
# name holds backticks, blank lines, a heading and a tag writes Markdown
# with no heading or tag outside a code span, and LaTeX and HTML with
# the name escaped. Prints "text: N passed, N failed" last.
. "$(dirname "$0")/common.bash"

cc -std=c11 -O2 -shared -fPIC -I"$ROOT/include" -DHOSTILE_TEXT \
	-o "$T/text.so" tests/liars/hostile.c 2>"$T/cc.err" ||
	bad "building text.so: $(cat "$T/cc.err")"
cat >"$T/ugly" <<'S'
#!/bin/sh
printf 'c \033[2J\033]0;pwned\007 caf\303\251 \377\376\n'
printf 'garbage \033[31mred\033[0m \377\n'
printf '\033]0;title\007 err caf\303\251 \377\r\n' >&2
exit 0
S
chmod +x "$T/ugly"
cat >"$T/t.yaml" <<Y
experiment: text
repeat: 2
instances:
  - n: 5..6
    mode: count
  - n: 5
    mode: first
approaches:
  - noter
  - failer
  - dimacs: {command: $T/ugly}
plugins: [$T/text.so]
Y

# clean CSV: strict UTF-8, csv reads it, no control character (C0, DEL,
# C1) in any cell; prints the notes
clean_csv() {
	python3 - "$1" <<'PY'
import csv, sys
with open(sys.argv[1], encoding='utf-8', errors='strict', newline='') as f:
    rows = list(csv.DictReader(f))
assert rows, 'no rows'
for r in rows:
    for k, v in r.items():
        bad = [c for c in v if ord(c) < 0x20 or 0x7f <= ord(c) < 0xa0]
        assert not bad, (k, v)
for r in rows:
    print(r['solver'], r['status'], r['note'])
PY
}
# no_escape FILE: no ESC but the harness's own "ESC [K", no BEL, no CSI
# (U+009B), and UTF-8
no_escape() {
	python3 - "$1" <<'PY'
import sys
b = open(sys.argv[1], 'rb').read().replace(b'\x1b[K', b'')
b.decode('utf-8')
assert b'\x1b' not in b and b'\x07' not in b and b'\xc2\x9b' not in b
PY
}

"$H" run "$T/t.yaml" -o "$T/t.csv" >"$T/out" 2>"$T/err"
rc=$?
expect "a run of hostile notes: exit 0 (got $rc: $(tail -c 300 "$T/err" | cat -v))" [ $rc -eq 0 ]
clean_csv "$T/t.csv" >"$T/notes" 2>"$T/py.err"
expect "the CSV is strict UTF-8, csv reads it, no control character in a cell ($(tail -1 "$T/py.err"))" \
	[ -s "$T/notes" ]
expect "noter's note is there as text: the escapes escaped, café kept" \
	grep -qF 'noter ok \x1b[2J\x1b]0;pwned\x07 café \xff\xfe\r\nnext\t\u202ecut \xe6\x97' "$T/notes"
expect "failer's note and its stderr line, escaped" \
	grep -qF 'failer error \x1b[2J\x1b]0;pwned\x07 café \xff\xfe\r\nnext\t\u202ecut \xe6\x97; stderr: next\u202ecut \xe6\x97' "$T/notes"
expect "the dimacs program's stderr in its note, escaped" \
	grep -qF '\x1b]0;title\x07 err café \xff' "$T/notes"
expect "the console (piped) carries no escape, and is UTF-8" no_escape "$T/err"
expect "... and shows the notes escaped" grep -qF 'noter n=5 count #1: ok' "$T/err"
expect "... (the note on the line)" grep -qF ': \x1b[2J\x1b]0;pwned\x07 café' "$T/err"
expect "the summary carries no escape" no_escape "$T/out"
"$H" run "$T/t.yaml" -o "$T/t.csv" --resume >"$T/out" 2>"$T/err"
rc=$?
expect "--resume: exit 0 (got $rc)" [ $rc -eq 0 ]
expect "--resume: the digests hold (no row edited), nothing run again" \
	grep -q "0 rows written" "$T/err"
not_edited() { ! grep -qi "edited\|changed" "$T/err"; }
expect "--resume: no word of an edit" not_edited

# a terminal: the live line names the approach; a name with an escape
if script -qec true /dev/null >/dev/null 2>&1; then
	# script(1) runs its command with $SHELL, which may be dash (no
	# $'...'): the command is a bash file of its own
	cat >"$T/tty.sh" <<-EOF
	#!/bin/bash
	exec '$H' solve -n 6 --count --plugin '$T/text.so' noter \$'tx\\e]0;t\\a\\xff' -o '$T/tty.csv'
	EOF
	chmod +x "$T/tty.sh"
	(cd "$T" && script -qec "$T/tty.sh" "$T/typescript") >/dev/null 2>&1
	expect "on a terminal: the run ends ok ($(tail -c 200 "$T/typescript" | cat -v))" \
		grep -qa "2 rows written" "$T/typescript"
	expect "on a terminal: no escape but the line clearing" no_escape "$T/typescript"
	expect "on a terminal: the plugin's name shown escaped" \
		grep -qaF 'tx\x1b]0;t\x07\xff' "$T/typescript"
	clean_csv "$T/tty.csv" >/dev/null 2>&1
	expect "the solver named with an escape: its CSV clean too" [ $? -eq 0 ]
else
	echo "text: no script(1) here: the terminal checks skipped"
fi

# report on a CSV with backticks, blank lines, a heading and a tag in
# its name
n=$'r`` x\n\n# Injected\n\n<img src=x onerror=alert(1)>`.csv'
cp "$T/t.csv" "$T/$n"
for f in md tex html; do
	(cd "$T" && "$H" report "$n" --format "$(case $f in md) echo markdown;;
		tex) echo latex;; *) echo html;; esac)" -o "r.$f") >/dev/null 2>"$T/rerr"
	rc=$?
	expect "report --format $f: exit 0 (got $rc: $(tail -c 300 "$T/rerr"))" [ $rc -eq 0 ]
	expect "report --format $f: its message on one line" [ "$(wc -l <"$T/rerr")" -eq 1 ]
done
md_safe() {
	python3 - "$T/r.md" <<'PY'
import re, sys
text = open(sys.argv[1], encoding='utf-8').read()
heads = [l for l in text.split('\n') if l.startswith('#')]
assert heads[0] == '# text' and all(h.startswith('## ') for h in heads[1:]), heads
def outside_code(line):
    # a code span: a run of k backticks to the next run of exactly k
    out, i = [], 0
    while i < len(line):
        m = re.match(r'`+', line[i:])
        if not m:
            out.append(line[i]); i += 1; continue
        k = len(m.group(0))
        end = re.search(r'(?<!`)`{%d}(?!`)' % k, line[i + k:])
        if not end:
            out.append(m.group(0)); i += k; continue
        i += k + end.end()
    return ''.join(out)
for line in text.split('\n'):
    rest = re.sub(r'\\.', '', outside_code(line))
    assert '<' not in rest and '`' not in rest, line
assert '# Injected' not in [l.strip() for l in text.split('\n')]
assert 'Results: ```r`` x\\n\\n# Injected\\n\\n<img src=x onerror=alert(1)>`.csv```' in text
PY
}
expect "Markdown: no heading or tag outside a code span, the name in one" md_safe
expect "LaTeX: the name in its comment on one line, escaped" \
	grep -qF '% text: tables made by `harness report --format latex r`` x\n\n# Injected\n\n<img src=x onerror=alert(1)>`.csv`' "$T/r.tex"
expect "LaTeX: the notes' escapes are not in it raw" no_escape "$T/r.tex"
expect "HTML: the name escaped in its code element" \
	grep -qF '<code>r`` x\n\n# Injected\n\n&lt;img src=x onerror=alert(1)&gt;`.csv</code>' "$T/r.html"
expect "HTML: no tag from the name" [ "$(grep -c '<img src=x' "$T/r.html")" -eq 0 ]
expect "HTML: no escape in it" no_escape "$T/r.html"

echo "text: $pass passed, $failed failed"
[ $failed -eq 0 ]
