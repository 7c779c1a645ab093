#!/usr/bin/env bash
# layout.sh - docs/architecture.md's folder tables against the tree, so they cannot
# drift apart: every top-level folder has its row (The folders, for the
# sources; The other folders) and every row's folder exists; every C
# source of a source folder (but encoders/, whose encodings and models
# are named by kind) is named in its folder's row, and every file a row
# names exists. Prints
# "layout: N passed, N failed" last.
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

echo "layout: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
