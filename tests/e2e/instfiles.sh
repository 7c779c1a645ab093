#!/usr/bin/env bash
# instfiles.sh - instance files end to end: `file:` entries reading the
# seeded CSPLib parameter files under instances/ and the harness's own
# YAML, two published prob080 files as they are (tests/data/csplib), the
# same instances as PyCSP3's JSON and as MiniZinc data (by extension and
# by content), prob079's Excluded Diagonals files at several M (counts
# against a brute force, the numbering's errors) with the same instance_hash and verdicts, their errors
# (FILE:LINE:COL, exit 2, nothing run), `export --format param` and
# `--format json` read back with the same instance_hash, and an exported
# DIMACS with blocked squares and excluded lines solved by minisat and
# picosat and checked by `check --from` against the same instance (a
# queen on a blocked square rejected). HARNESS names the binary.
# Prints "N passed, N failed" last; exits 1 if anything failed.
. "$(dirname "$0")/common.bash"

# run_exp NAME YAML: write $T/NAME.yaml, run it; rc in $rc, stderr in
# $T/NAME.err
run_exp() {
	printf '%s' "$2" >"$T/$1.yaml"
	"$H" run -q "$T/$1.yaml" -o "$T/$1.csv" >"$T/$1.out" 2>"$T/$1.err"
	rc=$?
}

# csvq SPEC...: many reads of the CSVs by one python3, a line each into
# the array c (c[0] the first SPEC's). A SPEC is OP|FILE|COLUMN[|ARG]:
# count (rows), uniq (the values, runs of one value once, each followed
# by a space, as uniq | tr '\n' ' '), all (every value so), every (every
# ARG-th value from the first, so), head (the first ARG, so), set (the
# distinct values sorted, space-separated), nset (how many distinct),
# eq (how many are ARG); agree|FILE (every count instance's solutions
# alike) and verdicts|FILE (the published files' verdicts and hashes)
IFS= read -r -d '' csvq_py <<'PY'
import csv, sys
cache = {}
def rows(f):
    if f not in cache:
        cache[f] = list(csv.DictReader(open(f, newline='')))
    return cache[f]
def vals(f, col):
    return [r[col] for r in rows(f)]
def joined(v):
    return ''.join(x + ' ' for x in v)
def count(f, col): return len(rows(f))
def uniq(f, col):
    v = vals(f, col)
    return joined(x for i, x in enumerate(v) if i == 0 or v[i - 1] != x)
def all_(f, col): return joined(vals(f, col))
def every(f, col, k): return joined(vals(f, col)[::int(k)])
def head(f, col, k): return joined(vals(f, col)[:int(k)])
def set_(f, col): return ' '.join(sorted(set(vals(f, col))))
def nset(f, col): return len(set(vals(f, col)))
def eq(f, col, x): return vals(f, col).count(x)
def agree(f):
    c = {}
    for r in rows(f):
        if r['mode'] == 'count':
            c.setdefault(r['instance'], set()).add(r['solutions'])
    return all(len(v) == 1 for v in c.values())
def verdicts(f):
    got = {}
    for r in rows(f):
        key = '798' if r['instance'].endswith('798') else '894'
        got.setdefault(key, set()).add(r['instance_hash'])
        got.setdefault((key, r['mode']), set()).add(r['solutions'])
    want = {('798', 'first'): {'0'}, ('798', 'count'): {'0'},
            ('894', 'first'): {'1'}, ('894', 'count'): {'10'}}
    return (all(got[k] == v for k, v in want.items()) and
            len(got['798']) == 1 and len(got['894']) == 1)
ops = dict(count=count, uniq=uniq, all=all_, every=every, head=head, set=set_,
           nset=nset, eq=eq, agree=agree, verdicts=verdicts)
for spec in sys.argv[1:]:
    op, *args = spec.split('|')
    try:
        out = ops[op](*args)
    except Exception as e:
        out = '%s: %r' % (type(e).__name__, e.args)
    print(str(out).replace('\n', ' '))
PY
csvq() {
	python3 -c "$csvq_py" "$@" >"$T/csvq.out" 2>&1
	mapfile -t c <"$T/csvq.out"
}

# --- the seeded files, by glob, both modes --------------------------------
# (under ASan, E2E_SAN, backtrack alone: the files are read once for
# every approach, and picosat's agreement with it is the plain pass's to
# check; the second solver was half of the script's CPU there, with the
# second approach of the published files below)
mkdir -p "$T/exp"
cp -r instances "$T/exp/"
approaches=(backtrack picosat)
san && approaches=(backtrack)
run_exp exp/seeded "instances:
  - {file: instances/blocked/*.param, mode: [first, count]}
  - {file: instances/completion/*.param, mode: count}
approaches: [$(IFS=,; echo "${approaches[*]}")]
"
expect "the seeded files run (rc $rc: $(tail -2 "$T/exp/seeded.err"))" [ $rc -eq 0 ]
S=$T/exp/seeded.csv
csvq "count|$S|instance" "uniq|$S|instance" "set|$S|status" "agree|$S"
expect "5 files x modes x ${#approaches[@]} approaches = $((8 * ${#approaches[@]})) rows" \
	[ "${c[0]-}" = $((8 * ${#approaches[@]})) ]
expect "ids are the files' base names, glob order" \
	[ "${c[1]-}" = "prob080-10-2 prob080-12-3 prob080-8-1 prob079-10-4 prob079-8-3 " ]
expect "every row ok" [ "${c[2]-}" = ok ]
expect "the blocked squares reach the CSV" \
	grep -q '1:2 1:5 1:7 1:8 2:6' "$T/exp/seeded.csv"
san || expect "backtrack and picosat agree on every count" [ "${c[3]-}" = True ]

# --- the published prob080 files, unchanged (a comma before ']', no final
# newline), then the same instances as PyCSP3's JSON and MiniZinc data ------
mkdir -p "$T/pub"
cp tests/data/csplib/*.param "$T/pub/"
python3 - "$T/pub" <<'PY'
import json, re, sys, os
d = sys.argv[1]
for name in sorted(os.listdir(d)):
    if not name.endswith('.param'):
        continue
    text = open(os.path.join(d, name)).read()
    n = int(re.search(r'letting n = (\d+)', text).group(1))
    pairs = [(int(r), int(c)) for r, c in re.findall(r'\[(\d+),(\d+)\]', text)]
    base = name[:-len('.param')]
    # PyCSP3's shape: json.dump's separators, 0-based, no final newline
    with open(os.path.join(d, base + '.json'), 'w') as f:
        json.dump({'n': n, 'blocks': [[r - 1, c - 1] for r, c in pairs]}, f)
    # MiniZinc: a comment, rows of the 2-D literal over several lines
    rows = ' | '.join('%d, %d' % p for p in pairs)
    with open(os.path.join(d, base + '.dzn'), 'w') as f:
        f.write('%% %s as MiniZinc data\nn = %d;\nblocks = [| %s |];\n'
                % (base, n, rows))
# the JSON again, under a name that says nothing of its format
os.link(os.path.join(d, 'blockedqueens.28.1449787894.json'),
        os.path.join(d, 'pycsp3-data.txt'))
PY
run_exp pub/all "instances:
  - {file: '*.param', mode: [first, count]}
  - {file: '*.json', mode: [first, count]}
  - {file: '*.dzn', mode: [first, count]}
  - {file: pycsp3-data.txt, mode: [first, count]}
approaches:
$(san || echo "  - backtrack: {variant: dlx}")
  - backtrack: {variant: mrv}
"
napp=2; san && napp=1
expect "published, JSON and .dzn files run (rc $rc: $(tail -2 "$T/pub/all.err"))" [ $rc -eq 0 ]
P=$T/pub/all.csv
csvq "count|$P|instance" "set|$P|status" "verdicts|$P" "eq|$P|instance|pycsp3-data"
expect "7 files x 2 modes x $napp approaches = $((14 * napp)) rows" \
	[ "${c[0]-}" = $((14 * napp)) ]
expect "every row ok" [ "${c[1]-}" = ok ]
expect "the verdicts, one instance_hash each, in every format" [ "${c[2]-}" = True ]
expect "the content decides for a .txt: PyCSP3's JSON, 0-based" \
	[ "${c[3]-}" = $((2 * napp)) ]
# broken data files: FILE:LINE:COL, exit 2, nothing written
bad_data() {
	printf "$2" >"$T/pub/$1"
	run_exp pub/e_${1%%.*} "instances:
  - {file: $1}
approaches: [backtrack]
"
	expect "$1: exit 2 (got $rc)" [ $rc -eq 2 ]
	expect "$1: '$3' (got: $(<"$T/pub/e_${1%%.*}.err"))" grep -qF "$3" "$T/pub/e_${1%%.*}.err"
	expect "$1: nothing written" [ ! -e "$T/pub/e_${1%%.*}.csv" ]
}
bad_data offj.json '{"n": 4, "blocks": [[0, 0],\n  [4, 1]]}' \
	"offj.json:2:3: blocked square [4, 1] is off the 4x4 board (rows and columns run 0..3)"
bad_data keyj.json '{"n": 4, "queens": []}' \
	"keyj.json:1:10: unknown key \"queens\""
bad_data rowd.dzn 'n = 4;\nblocks = [| 1, 1 | 2, 2, 2 |];\n' \
	"rowd.dzn:2:26: a row holds two numbers, row and column: got a third, 2"
bad_data semid.dzn '%% no semicolon\nn = 4\nblocks = [| |];\n' \
	"semid.dzn:3:1: expected ';' after the value, got 'blocks'"
bad_data sniffd.txt 'n = 4; blocks = [ | 1, 1 | ];' \
	"sniffd.txt:1:19: expected ']' (an empty array []"

# --- MiniZinc data with queens and excluded lines, as the minizinc solver
# writes it: the same instance as the experiment file's ----------------------
printf 'n = 8;\nblocks = [| 2, 2 |];\nqueens = [| 1, 1 |];\nexcluded_diagonals = [9];\nexcluded_antidiagonals = [8];\n' >"$T/pub/full.dzn"
run_exp pub/full "instances:
  - {file: full.dzn, mode: count}
  - {n: 8, mode: count, hints: [[1, 1]], blocked: [[2, 2]], excluded: {diagonals: [9], antidiagonals: [8]}}
approaches:
  - backtrack: {variant: dlx}
  - backtrack: {variant: textbook}
"
expect ".dzn with queens and excluded lines (rc $rc: $(tail -2 "$T/pub/full.err"))" [ $rc -eq 0 ]
F=$T/pub/full.csv
csvq "nset|$F|instance_hash" "nset|$F|solutions" "set|$F|status"
expect "... the same instance_hash as the experiment file's" [ "${c[0]-}" = 1 ]
expect "... one count, every row ok" [ "${c[1]-}" = 1 -a "${c[2]-}" = ok ]

# --- the harness's own YAML: the instances file beside a CSV -------------
cp "$T/exp/seeded.instances.yaml" "$T/exp/again.yaml"
run_exp exp/yaml "instances:
  - {file: again.yaml}
approaches: [backtrack]
"
expect "FILE.instances.yaml reads back (rc $rc: $(tail -2 "$T/exp/yaml.err"))" [ $rc -eq 0 ]
csvq "all|$T/exp/yaml.csv|instance_hash" "every|$S|instance_hash|${#approaches[@]}" \
	"head|$T/exp/yaml.csv|instance|2"
expect "same hashes, same order" [ -n "${c[0]-}" -a "${c[0]-}" = "${c[1]-}" ]
expect "its instances are named again-1, again-2, ..." [ "${c[2]-}" = "again-1 again-2 " ]

# --- errors: FILE:LINE:COL, exit 2, nothing written ------------------------
# bad NAME PARAM-TEXT EXPECTED-MESSAGE
bad_param() {
	printf "$2" >"$T/exp/$1.param"
	run_exp exp/e_$1 "instances:
  - {file: $1.param}
approaches: [backtrack]
"
	expect "$1: exit 2 (got $rc)" [ $rc -eq 2 ]
	expect "$1: '$3' (got: $(<"$T/exp/e_$1.err"))" grep -qF "$3" "$T/exp/e_$1.err"
	expect "$1: nothing written" [ ! -e "$T/exp/e_$1.csv" ]
}
bad_param comma 'letting n = 8\nletting blocks = [[1,1] [2,2]]\n' \
	"comma.param:2:25: expected ',' or ']' after a pair, got '['"
bad_param offboard '$ c\nletting n = 8\nletting blocks = [[1,1],\n  [9,2]]\n' \
	"offboard.param:4:3: blocked square [9, 2] is off the 8x8 board"
bad_param twice 'letting n = 8 letting blocks = [[1,1], [2,2], [1,1]]' \
	"twice.param:1:47: blocked square [1, 1] is given twice"
bad_param non 'letting blocks = []\n' \
	"non.param:2:1: no 'letting n = N' (the board size) in the file"
bad_param unknown 'letting n = 8\nletting k = 3\n' \
	"unknown.param:2:9: unknown letting 'k' (known: n, blocks, queens)"
bad_param onblock 'letting n = 8\nletting blocks = [[1,1]]\nletting queens = [[1,1]]\n' \
	"onblock.param:3:19: queen [1, 1] stands on a blocked square"
bad_param attack 'letting n = 8\nletting queens = [[1,1], [3,3]]\n' \
	"attack.param:2:26: queens:"
bad_param eof 'letting n = 8\nletting queens = [[1,1]' \
	"eof.param:2:24: expected ',' or ']' after a pair, got the end of the file"
run_exp exp/e_glob "instances:
  - {n: 8}
  - {file: nowhere/*.param}
approaches: [backtrack]
"
expect "a glob matching nothing: exit 2 (got $rc)" [ $rc -eq 2 ]
expect "... at the experiment file's line:col ($(<"$T/exp/e_glob.err"))" \
	grep -q "e_glob.yaml:3:12: file: no file matches 'nowhere/\*.param'" "$T/exp/e_glob.err"
expect "... nothing run" [ ! -e "$T/exp/e_glob.csv" ]
printf 'instances:\n  - {n: 8, blocked: [[1, 1], [1, 1]]}\n' >"$T/exp/bady.yaml"
run_exp exp/e_yaml "instances:
  - {file: bady.yaml}
approaches: [backtrack]
"
expect "a broken YAML instance file: its own line:col ($(<"$T/exp/e_yaml.err"))" \
	grep -q "bady.yaml:2:30: blocked square \[1, 1\] is given twice" "$T/exp/e_yaml.err"

# --- prob079's Excluded Diagonals files, as the generator prints them:
# the first M lines at each M, the counts against a brute force that reads
# the file by the generator's own definitions ------------------------------
mkdir -p "$T/diag"
printf 'n =  6\nnumdiags =  8\ndiags =  [[8, 1], [5, 0], [2, 1], [9, 0], [9, 1], [10, 1], [0, 1], [1, 1]]\n' \
	>"$T/diag/diag-6-1-1.param"
cp "$T/diag/diag-6-1-1.param" "$T/diag/noext"
run_exp diag/d "instances:
  - {file: diag-6-*.param, diagonals: 0..8, mode: [count, first]}
  - {file: noext, diagonals: [5, 3]}
approaches: [backtrack]
"
expect "a diag file at M = 0..8 runs (rc $rc: $(tail -1 "$T/diag/d.err"))" [ $rc -eq 0 ]
# (the brute force's verdicts, then the ids as uniq | tr '\n' ' ' would
# print them)
python3 - "$T/diag/d.csv" "$T/diag/diag-6-1-1.param" >"$T/diag/py.out" 2>&1 <<'PY'
import csv, itertools, re, sys
text = open(sys.argv[2]).read()
n = int(re.search(r'n = +(\d+)', text).group(1))
pairs = [tuple(map(int, p)) for p in re.findall(r'\[(\d+), (\d+)\]', text)]
def count(m):
    # queens-diag-gen.py: kind 1 excludes row + col = d, kind 0 the
    # squares with col = row - d + n - 1
    out = set(pairs[:m])
    return sum(1 for q in itertools.permutations(range(n))
               if len({r + c for r, c in enumerate(q)}) == n
               and len({r - c for r, c in enumerate(q)}) == n
               and not any((r + c, 1) in out or (r - c + n - 1, 0) in out
                           for r, c in enumerate(q)))
want = {m: count(m) for m in range(len(pairs) + 1)}
bad = []
for r in csv.DictReader(open(sys.argv[1], newline='')):
    m = int(re.search(r'-d(\d+)$', r['instance']).group(1))
    ok = (int(r['solutions']) == want[m] if r['mode'] == 'count'
          else (int(r['solutions']) > 0) == (want[m] > 0))
    if not ok or r['status'] != 'ok':
        bad.append(f"{r['instance']} {r['mode']} {r['solutions']} want {want[m]}")
print(' '.join(map(str, want.values())), '|', '; '.join(bad) or 'agree')
ids = [r['instance'] for r in csv.DictReader(open(sys.argv[1], newline=''))]
print(''.join(x + ' ' for i, x in enumerate(ids) if i == 0 or ids[i - 1] != x))
PY
{ IFS= read -r got; IFS= read -r ids; } <"$T/diag/py.out"
expect "the counts at M = 0..8 are the brute force's, both modes ($got)" \
	[ "${got#*| }" = agree -a "${got% |*}" = "4 2 2 2 2 0 0 0 0" ]
expect "ids name file and M, M in the order given" \
	[ "$ids" = \
	  "diag-6-1-1-d0 diag-6-1-1-d1 diag-6-1-1-d2 diag-6-1-1-d3 diag-6-1-1-d4 diag-6-1-1-d5 diag-6-1-1-d6 diag-6-1-1-d7 diag-6-1-1-d8 noext-d5 noext-d3 " ]
expect "the summary names the instance at M = 0 too (it has no excluded line)" \
	grep -qE '^[a-z/]+ +count +6 +diag-6-1-1-d0 ' "$T/diag/d.out"
expect "the excluded lines reach the instances file, 1-based (M = 3: sums 8 2 -> antidiagonals 9 3, difference 5 -> diagonal 2n-1-5 = 6)" \
	grep -q "excluded: {diagonals: \[6\], antidiagonals: \[3, 9\]}" "$T/diag/d.instances.yaml"
# diagonals: all, each file's own 0..numdiags: the same instances
run_exp diag/all "instances:
  - {file: diag-6-1-1.param, diagonals: all, mode: count}
approaches: [backtrack]
"
csvq "all|$T/diag/all.csv|instance" "all|$T/diag/all.csv|solutions"
expect "diagonals: all: M = 0..8, numdiags of the file (rc $rc: ${c[0]-})" \
	[ "${c[0]-}" = "diag-6-1-1-d0 diag-6-1-1-d1 diag-6-1-1-d2 diag-6-1-1-d3 diag-6-1-1-d4 diag-6-1-1-d5 diag-6-1-1-d6 diag-6-1-1-d7 diag-6-1-1-d8 " ]
expect "... their counts the brute force's (${c[1]-})" [ "${c[1]-}" = "4 2 2 2 2 0 0 0 0 " ]
run_exp diag/e1 "instances:
  - {file: diag-6-1-1.param, diagonals: [8, 9]}
approaches: [backtrack]
"
expect "exit 2 (rc $rc)" [ $rc -eq 2 ]
expect "M past numdiags: the file's numdiags line, exit 2 ($(<"$T/diag/e1.err"))" \
	grep -q "diag-6-1-1.param:2:13: numdiags = 8: the file has 8 excluded lines, fewer than diagonals: 9 asks for (.*e1.yaml:2)" "$T/diag/e1.err"
expect "... nothing run" [ ! -e "$T/diag/e1.csv" ]
run_exp diag/e2 "instances:
  - {file: diag-6-1-1.param}
approaches: [backtrack]
"
expect "exit 2 (rc $rc)" [ $rc -eq 2 ]
expect "a diag file without diagonals: refused at the entry ($(<"$T/diag/e2.err"))" \
	grep -q "e2.yaml:2:5: file: .*diag-6-1-1.param is an Excluded Diagonals file (n, numdiags, diags): give the entry diagonals:, the number of its first lines that make an instance (0..8; " "$T/diag/e2.err"
run_exp diag/e3 "instances:
  - {file: ../exp/instances/blocked/prob080-8-1.param, diagonals: 3}
approaches: [backtrack]
"
expect "exit 2 (rc $rc)" [ $rc -eq 2 ]
expect "diagonals: on a prob080 file refused at the key ($(<"$T/diag/e3.err"))" \
	grep -q "e3.yaml:2:67: diagonals: .*prob080-8-1.param is not an Excluded Diagonals file" "$T/diag/e3.err"
run_exp diag/e4 "instances:
  - {file: diag-6-1-1.param, diagonals: [2, 0..3]}
approaches: [backtrack]
"
expect "exit 2 (rc $rc)" [ $rc -eq 2 ]
expect "an M given twice refused ($(<"$T/diag/e4.err"))" \
	grep -q "e4.yaml:2:45: diagonals: 2 is given twice" "$T/diag/e4.err"
printf 'n =  6\nnumdiags =  2\ndiags =  [[8, 1],\n [8, 1]]\n' >"$T/diag/dup.param"
run_exp diag/e5 "instances:
  - {file: dup.param, diagonals: 1}
approaches: [backtrack]
"
expect "exit 2 (rc $rc)" [ $rc -eq 2 ]
expect "a line listed twice in the file: its second place ($(<"$T/diag/e5.err"))" \
	grep -q "dup.param:4:2: diags: \[8, 1\] is given twice (first at 3:11)" "$T/diag/e5.err"

# --- two files of one name in two folders, other boards: two instances,
# the second named with its folder (one summary line, one report
# instance each); a name no folder tells apart (a file named as a
# generated instance) refused, naming both entries ---------------------
mkdir -p "$T/diag/one/a" "$T/diag/one/b"
cp "$T/diag/diag-6-1-1.param" "$T/diag/one/a/x.param"
printf 'n =  6\nnumdiags =  1\ndiags =  [[5, 0]]\n' >"$T/diag/one/b/x.param"
cp "$T/diag/diag-6-1-1.param" "$T/diag/one/b/y.param"
run_exp diag/one/same "instances:
  - {file: '*/x.param', diagonals: 1, mode: count}
  - {file: b/y.param, diagonals: 1, mode: count}
approaches: [backtrack]
"
expect "two x.param in two folders run (rc $rc: $(tail -1 "$T/diag/one/same.err"))" [ $rc -eq 0 ]
csvq "all|$T/diag/one/same.csv|instance" "all|$T/diag/one/same.csv|solutions"
expect "the second is named with its folder; the third, one of a kind, is not (${c[0]-})" \
	[ "${c[0]-}" = "x-d1 b/x-d1 y-d1 " ]
expect "each its own count (${c[1]-})" [ "${c[1]-}" = "2 4 2 " ]
expect "the instances file names each one's file" \
	grep -qE '^  # instance b/x-d1 \(from [^ ]*b/x\.param\), instance_hash [0-9a-f]{16}$' "$T/diag/one/same.instances.yaml"
expect "the summary has a line for each" \
	[ "$(grep -cE '^backtrack/bitmask +count +6 +(x|b/x|y)-d1 ' "$T/diag/one/same.out")" -eq 3 ]
"$H" report "$T/diag/one/same.csv" --format json -o "$T/diag/one/same.json" 2>/dev/null
expect "the report counts three instances" \
	grep -q '"instances": 3' "$T/diag/one/same.json"
expect "... each cell with its answer (the JSON)" \
	grep -q '"instance": "b/x-d1", .*"answer": "4"' "$T/diag/one/same.json"
"$H" report "$T/diag/one/same.csv" -o "$T/diag/one/same.md" 2>/dev/null
expect "... and the glance table an answer column (Markdown)" \
	grep -qF '| 6 | b/x-d1 | 4 |' "$T/diag/one/same.md"
# a file of another board comes to take an id rows already have (the
# first run knew only b/x.param; a/x.param, added, is x-d1 now, b's new
# rows b/x-d1): --resume leaves the old rows as written, and a report
# never makes the two boards one instance (the id shown with the hash's
# first 8 digits where it names two)
mkdir -p "$T/diag/rs/b"
cp "$T/diag/one/b/x.param" "$T/diag/rs/b/x.param"
printf 'experiment: rs\nrepeat: 1\ninstances:\n  - {file: "*/x.param", diagonals: 1, mode: count}\napproaches: [backtrack]\n' >"$T/diag/rs/e.yaml"
"$H" run "$T/diag/rs/e.yaml" -q -o "$T/diag/rs/r.csv" >/dev/null 2>&1
mkdir -p "$T/diag/rs/a" && cp "$T/diag/one/a/x.param" "$T/diag/rs/a/x.param"
"$H" run "$T/diag/rs/e.yaml" -q -o "$T/diag/rs/r.csv" --resume >/dev/null 2>&1
"$H" report "$T/diag/rs/r.csv" -o "$T/diag/rs/r.md" 2>/dev/null
expect "two boards under one id in the rows: two instances in the report, apart by hash" \
	[ "$(grep -cE '^\| 6 \| x-d1#[0-9a-f]{8} \| [24] \|' "$T/diag/rs/r.md")" -eq 2 ]
# the archive as CSPLib publishes it, given whole: said so, with the
# command that unpacks it
printf 'n = 6\n' | gzip >"$T/diag/one/diag-6.tar.gz"
run_exp diag/one/tgz "instances:
  - {file: diag-6.tar.gz, diagonals: 1}
approaches: [backtrack]
"
expect "a .tar.gz given as an instance file: exit 2, unpack it ($(<"$T/diag/one/tgz.err"))" \
	sh -c "[ $rc = 2 ] && grep -qE 'tgz.yaml:2:5: file: [^ ]*/diag-6.tar.gz is a gzip archive, not an instance file: unpack it \(tar -xzf [^ ]*/diag-6.tar.gz\) and give the files inside' '$T/diag/one/tgz.err'"
printf -- '- {n: 8, hints: [[1, 1]]}\n' >"$T/diag/one/placed-n8-q2-s1-0.yaml"
run_exp diag/one/clash "instances:
  - {file: placed-n8-q2-s1-0.yaml}
  - generate: {family: placed, n: 8, queens: 2, count: 1, seed: 1}
approaches: [backtrack]
"
expect "one id, two boards: exit 2 (rc $rc)" [ $rc -eq 2 ]
expect "... naming both entries and what to do ($(<"$T/diag/one/clash.err"))" \
	grep -qE "clash.yaml:3:[0-9]+: instance 'placed-n8-q2-s1-0' is two boards \(instance_hash [0-9a-f]{16}, from the entry at line 2, and [0-9a-f]{16}\): a summary or report would count them as one; give them apart \(another file name\)" "$T/diag/one/clash.err"
expect "... nothing run" [ ! -e "$T/diag/one/clash.csv" ]

# --- export --format param, read back: the same instance_hash --------------
"$H" export -n 10 --hint 3:5 --blocked 1:1 --blocked 10:10 --blocked 4:7 \
	-o "$T/exp/rt.param" 2>"$T/err"
expect "export -o FILE.param ($(<"$T/err"))" grep -q 'letting blocks = \[\[1,1\], \[4,7\], \[10,10\]\]' "$T/exp/rt.param"
expect "... with the queens" grep -q 'letting queens = \[\[3,5\]\]' "$T/exp/rt.param"
run_exp exp/rt "instances:
  - {file: rt.param}
  - {n: 10, hints: [[3, 5]], blocked: [[10, 10], [1, 1], [4, 7]]}
approaches: [backtrack]
"
rc_rt=$rc   # (its hashes read below, with the .json's and the .dzn's)
"$H" export -n 10 --blocked 1:1 --blocked 10:10 --blocked 4:7 \
	-o "$T/exp/rt.json" 2>"$T/err"
expect "export -o FILE.json: PyCSP3's shape, 0-based ($(<"$T/exp/rt.json"))" \
	[ "$(<"$T/exp/rt.json")" = '{"n": 10, "blocks": [[0, 0], [3, 6], [9, 9]]}' ]
run_exp exp/rtj "instances:
  - {file: rt.json}
  - {n: 10, blocked: [[10, 10], [1, 1], [4, 7]]}
approaches: [backtrack]
"
rc_rtj=$rc
"$H" export -n 8 --blocked 1:1 --hint 2:3 --exclude d3 --exclude a5 \
	-o "$T/exp/rt.dzn" 2>"$T/err"
run_exp exp/rtd "instances:
  - {file: rt.dzn, mode: count}
  - {n: 8, mode: count, hints: [[2, 3]], blocked: [[1, 1]], excluded: {diagonals: [3], antidiagonals: [5]}}
approaches: [backtrack]
"
csvq "set|$T/exp/rt.csv|instance_hash" "nset|$T/exp/rt.csv|instance_hash" \
	"set|$T/exp/rtj.csv|instance_hash" "nset|$T/exp/rtj.csv|instance_hash" \
	"set|$T/exp/rtd.csv|instance_hash" "nset|$T/exp/rtd.csv|instance_hash"
expect "export param -> file: -> the same instance_hash (${c[0]-})" [ $rc_rt -eq 0 -a "${c[1]-}" = 1 ]
expect "export json -> file: -> the same instance_hash (${c[2]-})" [ $rc_rtj -eq 0 -a "${c[3]-}" = 1 ]
expect "export dzn -> file: -> the same instance_hash (${c[4]-}; $(tail -1 "$T/exp/rtd.err"))" [ $rc -eq 0 -a "${c[5]-}" = 1 ]
"$H" export -n 8 --hint 1:1 -o "$T/x.json" 2>"$T/err"
rc=$?
expect "json refuses hints (exit 2, got $rc): $(head -1 "$T/err")" [ $rc -eq 2 ]
expect "... saying why, and which formats hold hints" grep -q "PyCSP3's Blocked Queens data (--format json) takes no --hint; it takes --blocked (--format .*param.* take it)" "$T/err"
expect "... nothing written" [ ! -e "$T/x.json" ]
"$H" export -n 8 --exclude d3 -o "$T/x.param" 2>"$T/err"
expect "param refuses excluded lines (exit 2)" [ $? -eq 2 ]

# --- DIMACS with blocked squares and excluded lines, through solvers ------
"$H" export -n 8 --blocked 1:1 --blocked 2:3 --exclude d3 --exclude a5 \
	--encoding pairwise -o "$T/b.cnf" 2>/dev/null
expect "the export names its blocked squares and excluded lines" \
	[ "$(grep -cE '^c (blocked|excluded)' "$T/b.cnf")" -eq 4 ]
for s in minisat picosat; do
	if ! command -v $s >/dev/null; then
		bad "$s missing (scripts/deps.sh installs it)"
		continue
	fi
	if [ $s = minisat ]; then
		minisat "$T/b.cnf" "$T/b.$s" >/dev/null 2>&1
	else
		picosat "$T/b.cnf" >"$T/b.$s"
	fi
	"$H" check --from "$T/b.cnf" --solution "$T/b.$s" >"$T/out" 2>&1
	expect "$s's answer accepted by check --from ($(<"$T/out"))" [ $? -eq 0 ]
done
# a placement with a queen on blocked square 1:1: a plain 8-queens solution
# written in b.cnf's variables
# sat_answer FILE.cnf OUT...: a SAT solver's answer (s and v lines)
# placing the plain 8-queens solution 1 5 8 6 3 7 2 4 (row r holds column
# sol[r-1]) in the variables of an exported file's square lines, into
# OUT; pairs of them, one python3 for all
sat_answer() {
	python3 - "$@" <<'PY'
import sys
for cnf, out in zip(sys.argv[1::2], sys.argv[2::2]):
    var = {}
    for line in open(cnf):
        p = line.split()
        if p[:2] == ['c', 'square']:
            var[(int(p[2]), int(p[3]))] = int(p[4])
    sol = [1, 5, 8, 6, 3, 7, 2, 4]   # row r holds column sol[r-1]
    lits = [v if sol[r - 1] == c else -v for (r, c), v in sorted(var.items())]
    with open(out, 'w') as f:
        print('s SATISFIABLE', file=f)
        print('v', ' '.join(map(str, lits)), '0', file=f)
PY
}
# (and the plain board's export, for the check after this one)
"$H" export -n 8 --encoding pairwise -o "$T/p.cnf" 2>/dev/null
sat_answer "$T/b.cnf" "$T/onblock.sol" "$T/p.cnf" "$T/plain.sol"
"$H" check --from "$T/b.cnf" --solution "$T/onblock.sol" >"$T/out" 2>&1
rc=$?
expect "a queen on a blocked square is rejected (rc $rc: $(<"$T/out"))" \
	[ $rc -eq 1 ]
expect "a queen on a blocked square: the message says blocked ($(<"$T/out"))" \
	grep -q 'blocked' "$T/out"
# the same placement on the plain board's export passes: it is the
# blocked square, not the placement, that check --from objects to
# (p.cnf and plain.sol made above)
"$H" check --from "$T/p.cnf" --solution "$T/plain.sol" >"$T/out" 2>&1
expect "... and accepted on the plain board ($(<"$T/out"))" [ $? -eq 0 ]

echo "instfiles: $pass passed, $failed failed"
[ $failed -eq 0 ]
