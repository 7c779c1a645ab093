#!/usr/bin/env bash
# paper.sh - end-to-end tests of what goes into a paper: the .meta record
# (harness version, external programs, plugins) and `harness report
# --format latex` (escaping, labels, numbers, the compact table,
# longtable; compiled with pdflatex when it is installed). HARNESS names
# the binary (default ./harness). Prints "paper: N passed, N failed" last;
# exits 1 on failure.
set -u
cd "$(dirname "$0")/../.."
R=$(pwd)
H=$(realpath "${HARNESS:-./harness}")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
failed=0
skipped=0

ok() { pass=$((pass + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
expect() {
	local desc=$1; shift
	if "$@"; then ok; else bad "$desc"; fi
}

# --- .meta: the harness version, as `harness version` prints it -------------
cat >"$T/v.yaml" <<'Y'
experiment: v
instances:
  - {n: 4, mode: first}
approaches:
  - backtrack: {}
Y
"$H" run "$T/v.yaml" -q -o "$T/v.csv" >/dev/null 2>"$T/err"
expect "run exits 0 ($(cat "$T/err"))" [ -s "$T/v.meta" ]
ver=$("$H" version | sed -n 's/^harness \([^ ]*\) .*/\1/p')
expect "harness version prints a version (got '$ver')" [ -n "$ver" ]
expect "metadata: harness_version is what 'harness version' prints" \
	grep -qx "harness_version: \"$ver\"" "$T/v.meta"
expect "metadata: no programs, no plugins" \
	grep -qx 'programs: \[\]' "$T/v.meta" && grep -qx 'plugins: \[\]' "$T/v.meta"

# --- .meta: each external program: path, SHA-256, --version, in time --------
# Three stand-ins for a SAT or MIP program: one that answers --version
# only after reading stdin to its end, one that never answers, one that
# prints no version. As solvers they fail (error rows, not our concern).
cat >"$T/readin" <<'S'
#!/bin/sh
if [ "$1" = --version ]; then cat >/dev/null; echo "banner line"; echo "readin 4.2.1 (test)"; exit 0; fi
exit 3
S
cat >"$T/hang" <<'S'
#!/bin/sh
if [ "$1" = --version ]; then sleep 60; echo "hang 1.0"; fi
exit 3
S
cat >"$T/mute" <<'S'
#!/bin/sh
echo "unknown option" >&2
exit 1
S
chmod +x "$T/readin" "$T/hang" "$T/mute"
cat >"$T/p.yaml" <<Y
experiment: p
instances:
  - {n: 4, mode: first}
approaches:
  - dimacs: {command: "$T/readin -q", encoding: pairwise}
  - dimacs: {command: "$T/readin", encoding: ladder}
  - dimacs: {command: $T/hang}
  - cbc: {command: $T/mute}
Y
# stdin a pipe that stays open (nobody will ever write or close it): a
# program reading the harness's stdin would wait for ever
mkfifo "$T/fifo"
exec 3<>"$T/fifo"
start=$(date +%s)
"$H" run "$T/p.yaml" -q -o "$T/p.csv" <&3 >/dev/null 2>"$T/err"
took=$(( $(date +%s) - start ))
exec 3>&-
M="$T/p.meta"
expect "a program that never answers --version costs seconds, not a hang (took ${took}s)" [ "$took" -lt 15 ]
expect "metadata written ($(cat "$T/err"))" [ -s "$M" ]
expect "metadata: each program once (3, got $(grep -c '^  - {"command"' "$M"))" \
	[ "$(grep -c '^  - {"command"' "$M")" -eq 3 ]
check=$(python3 - "$M" "$T" <<'PY'
import json, sys, hashlib
meta, t = sys.argv[1], sys.argv[2]
items, key = {}, None
for line in open(meta):
    if not line.startswith(' ') and ':' in line:
        key = line.split(':', 1)[0]
    elif line.startswith('  - ') and key in ('programs', 'plugins'):
        items.setdefault(key, []).append(json.loads(line[4:]))
bad = []
progs = {p['command']: p for p in items.get('programs', [])}
for name in ('readin', 'hang', 'mute'):
    p = progs.get(t + '/' + name)
    if not p: bad.append(('missing', name)); continue
    if p['path'] != t + '/' + name: bad.append(('path', p['path']))
    if p['sha256'] != hashlib.sha256(open(t + '/' + name, 'rb').read()).hexdigest():
        bad.append(('sha256', name))
if progs.get(t + '/readin', {}).get('version') != 'readin 4.2.1 (test)':
    bad.append(('version', progs.get(t + '/readin')))
if not progs.get(t + '/hang', {}).get('version', '').startswith('unknown (no answer to --version within'):
    bad.append(('hang', progs.get(t + '/hang')))
if not progs.get(t + '/mute', {}).get('version', '').startswith('unknown (--version printed no version, exit 1'):
    bad.append(('mute', progs.get(t + '/mute')))
print(bad)
PY
)
expect "metadata: programs' path, SHA-256 and version (got: $check)" [ "$check" = "[]" ]
expect "metadata: still 'key: value' lines and JSON list items" python3 - "$M" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    if line.startswith('#') or not line.strip(): continue
    if line.startswith('  - '): json.loads(line[4:]); continue
    k, v = line.rstrip('\n').split(': ', 1) if ': ' in line else (line.rstrip(':\n'), '')
    assert k.replace('_', '').isalnum(), k
    if v and v != '[]': json.loads(v)
PY
"$H" report "$T/p.csv" -o "$T/p.md" 2>/dev/null
expect "the report lists the programs" grep -qF "| | command: $T/readin, path: $T/readin, version: readin 4.2.1 (test)" "$T/p.md"

if command -v minisat >/dev/null; then
	cat >"$T/ms.yaml" <<'Y'
experiment: ms
instances:
  - {n: 5, mode: first}
approaches:
  - dimacs: {}
Y
	"$H" run "$T/ms.yaml" -q -o "$T/ms.csv" >/dev/null 2>&1
	expect "metadata: the default dimacs command, minisat, is recorded" \
		grep -qF "{\"command\": \"minisat\", \"path\": \"$(realpath "$(command -v minisat)")\"" "$T/ms.meta"
else
	skipped=$((skipped + 1))
fi

# --- .meta: each plugin loaded: path and SHA-256 ----------------------------
if cc -std=c11 -O2 -shared -fPIC -Iinclude -o "$T/tpl.so" encoders/template/template_amo.c 2>"$T/err"; then
	"$H" solve -n 6 --plugin "$T/tpl.so" picosat:encoding=template -q -o "$T/pl.csv" >/dev/null 2>"$T/err"
	sum=$(sha256sum "$T/tpl.so" | cut -d' ' -f1)
	expect "metadata: the plugin's path and SHA-256 ($(cat "$T/err"))" \
		grep -qxF "  - {\"name\": \"template\", \"path\": \"$T/tpl.so\", \"sha256\": \"$sum\"}" "$T/pl.meta"
else
	bad "cannot build the template plugin: $(cat "$T/err")"
fi

echo "paper: $pass passed, $failed failed"
[ $failed -eq 0 ]
