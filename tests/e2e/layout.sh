#!/usr/bin/env bash
# layout.sh - docs/architecture.md's folder tables against the tree, so they cannot
# drift apart: every top-level folder has its row (The folders, for the
# sources; The other folders) and every row's folder exists; every C
# source of a source folder (but encoders/, whose encodings and models
# are named by kind) is named in its folder's row, and every file a row
# names exists. And layers.py's stale names: a comment or doc naming a
# .c or .h file the tree does not hold fails `make check-layers`, naming
# the file, line and name. Prints "layout: N passed, N failed" last.
. "$(dirname "$0")/common.bash"

python3 - docs/architecture.md >"$T/out" <<'PY'
import os, re, subprocess, sys
text = open(sys.argv[1]).read()
def table(title):
    part = text.split('## ' + title + '\n', 1)[1].split('\n## ', 1)[0]
    rows = {}
    for line in part.splitlines():
        m = re.match(r'\| `([^`]+)/` \| (.*) \|$', line)
        if m:
            rows[m.group(1)] = m.group(2)
    return rows
sources = table('The folders')
others = table('The other folders')
rows = dict(others)
rows.update(sources)
try:
    files = subprocess.run(['git', 'ls-files'], capture_output=True, text=True,
                           check=True).stdout.split()
except Exception:
    files = [os.path.relpath(os.path.join(d, f)) for d, _, fs in os.walk('.')
             if '/.git' not in d and '/build' not in d for f in fs]
tops = sorted({f.split('/')[0] for f in files if '/' in f and not f.startswith('.')})
for t in tops:
    ok = any(r == t or r.startswith(t + '/') for r in rows)
    print(('ok' if ok else 'BAD') + f' folder {t}/ has a row')
for r in rows:
    print(('ok' if os.path.isdir(r) else 'BAD') + f' row {r}/ is a folder')
# every C source of a source folder is named in its row (the encodings
# and models of encoders/ are named by kind there, not one by one)
for folder, desc in sources.items():
    if folder in ('encoders', 'include', 'tests'):
        continue
    for f in sorted(x for x in files if x.startswith(folder + '/') and x.endswith('.c')
                    and x.count('/') == folder.count('/') + 1):
        name = f.split('/')[-1]
        print(('ok' if f'`{name}`' in desc else 'BAD') +
              f' {f} is named in the {folder}/ row')
for folder, desc in rows.items():
    for name in re.findall(r'`([\w.-]+\.(?:c|h|sh|py|bash|yaml|md))`', desc):
        hits = [f for f in files if f.startswith(folder + '/') and f.endswith('/' + name)]
        print(('ok' if hits else 'BAD') + f' {folder}/ row names {name}, which exists')
PY
while read -r verdict what; do
	if [ "$verdict" = ok ]; then ok; else bad "$what"; fi
done <"$T/out"

# --- stale names (scripts/layers.py --names-only) ------------------------
# A small tree of its own. The fixtures spell .c and .h as $c and $h, so
# that this script's text names no file itself.
S=$T/tree c=.c h=.h
mkdir -p "$S/core/run" "$S/docs"
: >"$S/core/run/csv$c"
cat >"$S/core/run/rows$c" <<EOF
/* rows$c - reads rows; csv$h says how (and core/run/rows$c is here) */
#include <zlib$h>   /* a library's header: zlib$h is not the tree's */
static const char *s = "gone_in_a_string$c"; /* code, not prose */
/* the writer: core/csv$c, now core/run/csv$c */
EOF
cat >"$S/core/run/csv$h" <<EOF
/* csv$h - for cli/cmd_NAME$c and FILE$c (placeholders), zlib$h */
EOF
cat >"$S/docs/a.md" <<EOF
# A doc
The reader is \`rows$c\` ([here](../core/run/rows$c)); the old one,
verbs_run$c, is gone, and so is [this](../core/gone$h).
EOF
cat >"$S/run.sh" <<EOF
# run.sh - builds old/main$c
echo "main$c in a string is not a comment" # but tamper$h here is
EOF
python3 scripts/layers.py --names-only --root "$S" >"$T/stale" 2>&1
rc=$?
expect "stale names: exit 1 (got $rc: $(cat "$T/stale"))" [ $rc -eq 1 ]
for want in \
	"stale name: core/run/rows$c:4: core/csv$c is no file of the tree (csv$c is core/run/csv$c)" \
	"stale name: docs/a.md:3: verbs_run$c is no file of the tree" \
	"stale name: docs/a.md:3: core/gone$h is no file of the tree" \
	"stale name: run.sh:1: old/main$c is no file of the tree" \
	"stale name: run.sh:2: tamper$h is no file of the tree" \
	"layers: 5 stale names"; do
	expect "stale names: '$want' ($(cat "$T/stale"))" grep -qF -- "$want" "$T/stale"
done
# what passes: a name of the tree (bare, with its folders, or a doc's
# relative link), a system header, a placeholder, a string in code
expect "stale names: only those five ($(cat "$T/stale"))" \
	[ "$(grep -c '^stale name' "$T/stale")" -eq 5 ]
# fixed, it passes
touch "$S/cmd_run$c"
sed -i "s|core/csv$c, now ||; s|verbs_run$c|cmd_run$c|; s|core/gone$h|core/run/csv$h|; s|old/main$c|run/rows$c|; s|tamper$h|rows$c|" \
	"$S/core/run/rows.c" "$S/docs/a.md" "$S/run.sh"
python3 scripts/layers.py --names-only --root "$S" >"$T/stale" 2>&1
rc=$?
expect "stale names fixed: exit 0 (got $rc: $(cat "$T/stale"))" [ $rc -eq 0 ]
# and the tree itself
python3 scripts/layers.py --names-only >"$T/stale" 2>&1
rc=$?
expect "no stale name in the tree (got $rc: $(cat "$T/stale"))" [ $rc -eq 0 ]

# --- the e2e scripts' own checks: `expect "D" A && B` counts A alone ------
# (B runs after expect, outside it: its failure is never counted). A
# check of two things is two expects, or one command (sh -c '...'). An
# expect is read whole, over its lines (a line ending in \ or &&: 20
# chains over two lines had gone unseen, each hiding its second check).
expect_chain() {
	python3 - "$@" <<'PY'
import re, sys
bad = []
for path in sys.argv[1:]:
    lines = open(path).read().split('\n')
    i = 0
    while i < len(lines):
        no, line = i + 1, lines[i].strip()
        while (line.endswith('\\') or line.endswith('&&')) and i + 1 < len(lines):
            i += 1
            line = line.rstrip('\\').strip() + ' ' + lines[i].strip()
        i += 1
        # the description: quotes with $( ... ) inside them taken whole
        m = re.match(r'expect "(?:[^"\\$]|\\.|\$\((?:[^()]|\([^()]*\))*\)|\$)*"(.*)$', line)
        if not m:
            continue
        rest = m.group(1)
        # what the shell sees outside quotes and $( ... )
        rest = re.sub(r"'[^']*'", "''", rest)
        rest = re.sub(r'"(?:[^"\\]|\\.)*"', '""', rest)
        rest = re.sub(r'\$\([^()]*\)', '', rest)
        if '&&' in rest or '||' in rest:
            bad.append(f'{path}:{no}: {line.strip()}')
print('\n'.join(bad))
sys.exit(1 if bad else 0)
PY
}
out=$(expect_chain tests/e2e/*.sh)
expect "no expect line chains a second check outside it ($out)" [ -z "$out" ]
# and it would see one
printf 'expect "x" [ 1 -eq 1 ] && grep -q a f\nexpect "y" sh -c "a && b"\n' >"$T/chain.sh"
out=$(expect_chain "$T/chain.sh")
expect "a chained expect is found, a quoted && is not ($out)" \
	[ "$out" = "$T/chain.sh:1: expect \"x\" [ 1 -eq 1 ] && grep -q a f" ]
printf '%s\n' 'expect "z ($(cat "$f"))" \' '	[ 1 -eq 1 ] &&' '	grep -q a f' >"$T/chain2.sh"
out=$(expect_chain "$T/chain2.sh")
expect "a chain over three lines, its description quoting inside \$( ), is found ($out)" \
	[ -n "$out" ]

echo "layout: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
