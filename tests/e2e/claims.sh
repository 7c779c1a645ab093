#!/usr/bin/env bash
# claims.sh - what the README and docs/ tell a reader to run, run: every
# bench/ script the docs cite, at the tiniest size its knobs allow (exit
# 0, its rows named, no `nan` where a figure should be), every relative
# link of README.md and docs/*.md resolving (to a file, and a #fragment
# to a heading of it), and the claims of issue 32 held to the tree:
# native.yaml's first mode without two series of one search, `only:`
# naming an approach with its options, a .mzn export that MiniZinc solves
# alone, plugins.md's step 7 on python3 alone, after_timeout: skip as
# experiments.md says. Prints "claims: N passed, N failed" last.
#
# Run whole here, at tiny sizes: native.sh, blocked.sh, clock.sh (on a
# one-instance config), cp.sh, glpsol.sh, ilpcount.sh (counts only),
# ledger.sh, merge.sh, results.sh, satcount.sh, treesize.sh, scale.sh's parts 1 and
# 3 (PARTS; part 2 is configs/smoke.yaml and 24 runs of n = 13 at -j 1
# and -j 2, seconds whatever the knobs; part 4 resumes gen_shards.py's
# file, 20,000 rows at the least, as merge.sh merges it), and the
# generators they call (gen_blocked.py, gen_results.py, gen_shards.py)
# and gen_local.py; published.sh on a CSPLib-shaped folder of tiny files
# the test writes (a stand-in shiftqueens, when g++ is here, and a
# stand-in for the published generator, for SETS=beyond).
# Not run: count.sh, whose timed runs are n = 16..18 and whose reference
# programs are clones from the network (COUNT_REFS), and which builds
# `make NATIVE=1` (a minute of compiling): its --help and `bash -n` only.
# About 10 s of CPU in all, most of it the harness runs the scripts make.
. "$(dirname "$0")/common.bash"

# --- every bench/ script the docs cite exists, and parses -------------
grep -ohE 'bench/[A-Za-z0-9_]+\.(sh|py)' README.md docs/*.md | sort -u >"$T/cited"
expect "the docs cite bench/ scripts ($(wc -l <"$T/cited"))" [ -s "$T/cited" ]
pys=()
while read -r s; do
	expect "$s (cited in the docs) exists and is executable" [ -x "$s" ]
	case $s in
	*.sh) expect "$s parses (bash -n)" bash -n "$s" ;;
	*.py) pys+=("$s") ;;
	esac
done <"$T/cited"
# the Python ones parsed by one python3 (a start each was 30 ms): a line
# each, "ok" or the error
python3 - "${pys[@]}" >"$T/pyparse" <<'PY'
import ast, sys
for path in sys.argv[1:]:
    try:
        ast.parse(open(path).read())
        print('ok')
    except Exception as e:
        print(('%s: %s' % (type(e).__name__, e)).replace('\n', ' '))
PY
for s in "${pys[@]}"; do
	IFS= read -r why
	expect "$s parses ($why)" [ "$why" = ok ]
done <"$T/pyparse"
# the scripts run below: a script the docs come to cite must join them
ran="native.sh blocked.sh clock.sh cp.sh glpsol.sh ilpcount.sh ledger.sh merge.sh
results.sh satcount.sh scale.sh count.sh published.sh treesize.sh gen_blocked.py gen_results.py
gen_shards.py gen_local.py"
ran=" ${ran//$'\n'/ } "
while read -r s; do
	case $ran in *" ${s#bench/} "*) ok ;; *) bad "$s is cited but claims.sh does not run it" ;; esac
done <"$T/cited"

# bench_ok NAME WANT... : the script's run ($T/NAME.out) ended 0, printed
# no nan (a ratio or median of nothing) and every WANT line (a regex)
# (the messages' tail and head only on a failure: a fork each)
bench_ok() {
	local name=$1 rc want
	shift
	read -r rc <"$T/$name.rc"
	if [ "$rc" = 0 ]; then ok; else bad "$name exits 0 (exit $rc: $(tail -3 "$T/$name.out"))"; fi
	if grep -qiwE 'nan|nanx|-?inf' "$T/$name.out"; then
		bad "$name prints nan: $(grep -iwE 'nan|nanx|-?inf' "$T/$name.out" | head -2)"
	else ok; fi
	for want in "$@"; do
		if grep -qE -- "$want" "$T/$name.out"; then
			ok
		else
			bad "$name prints a line /$want/ ($(head -c 300 "$T/$name.out"))"
		fi
	done
}
run_bench() { # NAME CMD... ; stdout and stderr into $T/NAME.out
	local name=$1
	shift
	"$@" >"$T/$name.out" 2>&1
	echo $? >"$T/$name.rc"
}

run_bench native env REPEAT=1 bench/native.sh 6
bench_ok native '^textbook +[0-9.]+s +1\.0x' '^dlx +[0-9.]+s +[0-9.]+x' \
	'^bitmask +[0-9.]+s +[0-9.]+x' '^symmetry +[0-9.]+s +[0-9.]+x' \
	'^bitmask \(threads=2\) +[0-9.]+s' '^symmetry \(threads=2\) +[0-9.]+s'
expect "native.sh names each variant once, no empty options '()' ($(grep -c '()' "$T/native.out"))" \
	sh -c "! grep -q '()' '$T/native.out' && [ \$(grep -cE '^(board|array|textbook|stack|mrv|dlx|bitmask|symmetry) +[0-9]' '$T/native.out') = 8 ]"

run_bench blocked env SIZES=8 SEEDS=1 REPEAT=1 TIMEOUT=5 bench/blocked.sh
bench_ok blocked '^\| `minisat on the pairwise CNF \(direct\)` \| [0-9.]+ \((SAT|UNSAT)\)' \
	'^\| `backtrack: \{variant: mrv\}` \| [0-9.]+ \((SAT|UNSAT)\) \|$'
expect "blocked.sh: every approach agrees with MiniSat" sh -c "! grep -q DISAGREE '$T/blocked.out'"

cat >"$T/one.yaml" <<'EOF'
experiment: one
repeat: 1
instances:
  - {n: 6, mode: count}
approaches:
  - backtrack: {variant: [textbook, bitmask]}
EOF
run_bench clock env ROUNDS=1 bench/clock.sh "$T/one.yaml"
bench_ok clock '^one\.yaml +1 +2 +2 +0 '

run_bench cp env REPEAT=1 TIMEOUT=5 INSTANCES=8:1 bench/cp.sh
bench_ok cp '^\| `backtrack/dlx` \| [0-9.]+ \((SAT|UNSAT)\)' '^\| `minizinc/int` \| [0-9.]+ \((SAT|UNSAT)\)' \
	'^\| `smt/bool` \| [0-9.]+ \((SAT|UNSAT)\)'

run_bench glpsol env REPEAT=1 bench/glpsol.sh 4
bench_ok glpsol '^4 +glpsol +[0-9.]+ +[0-9.]+ +1 +1 +[0-9]+$' '^4 +harness +[0-9.]+ +[0-9.]+ '

run_bench ilpcount env REPEAT=1 SMOKE=0 bench/ilpcount.sh 4
bench_ok ilpcount '^4 +assignment +tree .* 2 \(ok\)$' '^4 +assignment +resolve .* 2 \(ok\)$'

run_bench ledger bench/ledger.sh 100 2
bench_ok ledger '^ledger: 2000 answers .* 0 not ok$' '^ledger: add [0-9.]+ s, settle [0-9.]+ s'

run_bench merge env RUNS=1 bench/merge.sh 1000 2
bench_ok merge '0 missing, 0 wrong, 0 disputed' '^harness merge, 2 shards: wall [0-9.]+ s'

run_bench results env RUNS=1 bench/results.sh 1000
bench_ok results '^grid +report +[0-9.]+ +[0-9]+ ' '^grid +plot --kind all .* [0-9.]+ +[0-9]+ '

run_bench satcount env REPEAT=1 bench/satcount.sh 5
bench_ok satcount '^5 +pairwise +harness cubes .* 10 \(ok\)$' '^5 +commander +harness whole .* 10 \(ok\)$'

run_bench scale env PARTS="1 3" N=6 TRIVIAL=10 RUNS=1 bench/scale.sh 1
bench_ok scale '^1\. backtrack/bitmask threads=1 count n=6' '^3\. 10 runs of backtrack/textbook'
expect "scale.sh ran no part it was not asked for" sh -c "! grep -qE '^(2|4)\. ' '$T/scale.out'"

run_bench gen_local python3 bench/gen_local.py 50
bench_ok gen_local '^local,8,first,'

# published.sh against a CSPLib-shaped folder of tiny files in the
# published formats: two Excluded Diagonals files of n = 6 (the peak, by
# the fake results' median nodes, M = 5: one UNSAT, one SAT), two Blocked
# files of n = 6 (one SAT, one UNSAT) and an AppleDouble file the tarball
# would carry; a stand-in for shiftqueens that reads what the authors'
# programs read, built when g++ is here
fake=$T/csplib/Problems
mkdir -p "$fake/prob079/data/diag-6" "$fake/prob079/results" "$fake/prob079/models" \
	"$fake/prob080/data/asp-competition-instances" "$fake/prob080/results" "$fake/prob080/models"
printf 'n =  6\nnumdiags =  8\ndiags =  [[8, 1], [5, 0], [2, 1], [9, 0], [9, 1], [10, 1], [0, 1], [1, 1]]\n' \
	>"$fake/prob079/data/diag-6/diag-6-4-1.param"
printf 'n =  6\nnumdiags =  7\ndiags =  [[1, 0], [2, 1], [5, 1], [5, 0], [10, 0], [6, 0], [8, 1]]\n' \
	>"$fake/prob079/data/diag-6/diag-6-4-2.param"
tar czf "$fake/prob079/data/diag-6.tar.gz" -C "$fake/prob079/data" diag-6
for id in 1 2; do for m in 4 5 6; do
	sols=$(( id == 2 && m == 5 ? 1 : id == 2 && m == 4 ? 1 : id == 1 && m == 4 ? 1 : 0 ))
	echo "6 $m 4 $id diag-shiftqueens-6/diag-shiftqueens-6-$m/diag-6-4-$id.param-$m.shiftqueens.result:Solutions: $sols Nodes: $(( m == 5 ? 90 : 40 )) Timeout: 0 Time: 0.001"
done; done | gzip >"$fake/prob079/results/run-diags-shiftqueens-processed.txt.gz"
a=$fake/prob080/data/asp-competition-instances
printf 'letting n = 6\nletting blocks = [[1,5],\n[2,2],\n[3,1],\n[3,3],\n[4,3],\n[5,4],\n[5,5],\n[5,6],\n[6,1],\n[6,3],\n[6,4],\n[6,6],\n]' \
	>"$a/blockedqueens.6.11.param"
sed 's/\[1,5\],/[1,5],\n[1,2],/' "$a/blockedqueens.6.11.param" >"$a/blockedqueens.6.12.param"
printf 'junk' >"$a/._blockedqueens.6.11.param"
tar czf "$fake/prob080/data/asp-competition-instances.tar.gz" -C "$fake/prob080/data" asp-competition-instances
{ echo "6 -1 11 SATISFIABLE   1   0  1 1.0  1 1.0  1 0.1  0.0  0.01 0.00 0.01  runs/blockedqueens.6.11.param.result"
  echo "6 -1 12 UNSATISFIABLE   0   0  1 1.0  1 1.0  1 0.1  0.0  0.02 0.00 0.02  runs/blockedqueens.6.12.param.result"
} | gzip >"$fake/prob080/results/run-aspbenchmarks-lingeling-python.txt.gz"
cat >"$fake/prob079/models/shiftqueensdiags.cc" <<'CC'
// a stand-in for the authors' shiftqueens: the same input, a plain search
#include <cstdio>
#include <cstdlib>
static int n, ex[2][64], blk[64][64], c[64], d[128], a[128];
static bool go(int r) {
	if (r == n) return true;
	for (int k = 0; k < n; k++)
		if (!blk[r][k] && !c[k] && !d[r - k + n - 1] && !a[r + k] &&
		    !ex[0][r - k + n - 1] && !ex[1][r + k]) {
			c[k] = d[r - k + n - 1] = a[r + k] = 1;
			if (go(r + 1)) return true;
			c[k] = d[r - k + n - 1] = a[r + k] = 0;
		}
	return false;
}
int main(int argc, char **argv) {
	int m, x, y;
	if (scanf("%d", &n) != 1) return 1;
	if (argc > 1) {   // diags: numdiags, then [number, kind] pairs
		if (scanf("%d", &m) != 1) return 1;
		if (atoi(argv[1]) < m) m = atoi(argv[1]);
		for (int i = 0; i < m && scanf("%d %d", &x, &y) == 2; i++) ex[y][x] = 1;
	} else {          // blocked: [column, row] as shiftqueensblock reads
		while (scanf("%d %d", &x, &y) == 2) blk[y - 1][x - 1] = 1;
	}
	printf("%s\nSolutions: 0 Nodes: 0 Timeout: 0 Time: 0\n",
	       go(0) ? "Solution Found" : "No solution");
}
CC
cp "$fake/prob079/models/shiftqueensdiags.cc" "$fake/prob080/models/shiftqueensblock.cc"
# a stand-in for the published generator (queens-diag-gen.py n
# mininfile seed): its output format, lines drawn by the seed
cat >"$fake/prob079/data/queens-diag-gen.py" <<'PY'
import random, sys
if len(sys.argv) < 4:
    sys.exit("Usage: queens-diag-gen.py n mininfile seed")
n, r = int(sys.argv[1]), random.Random(int(sys.argv[3]))
diags = r.sample([[d, k] for d in range(2 * n - 1) for k in (0, 1)], n)
print("n = ", n)
print("numdiags = ", len(diags))
print("diags = ", diags)
PY
# published.sh builds the stand-in with g++ -O3 -march=native (0.25 s of
# CPU a build), both sources, in each run that runs shiftqueens: here
# the two are one file, and two runs build them. A g++ first in PATH for
# these runs keeps what it built: the same flags on the same source give
# the same program, copied (the first build is g++'s own).
if command -v g++ >/dev/null; then
	mkdir -p "$T/gxx/cache"
	{
		printf '#!/bin/bash\nreal=%q cache=%q\n' "$(command -v g++)" "$T/gxx/cache"
		cat <<'SH'
all=("$@") out="" src="" args=()
while [ $# -gt 0 ]; do
	case $1 in
	-o) out=$2; shift ;;
	*.cc) src=$1 ;;
	*) args+=("$1") ;;
	esac
	shift
done
[ -n "$out" ] && [ -f "$src" ] || exec "$real" "${all[@]}"
key=$({ printf '%s\n' "${args[@]}"; cat "$src"; } | sha256sum)
key=$cache/${key%% *}
[ -f "$key" ] && exec cp "$key" "$out"
"$real" "${all[@]}" || exit
cp "$out" "$key"
SH
	} >"$T/gxx/g++"
	chmod +x "$T/gxx/g++"
	PATH=$T/gxx:$PATH
fi
f='[0-9.]+ \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \|'  # wall total, worst; CPU total, worst
# SLICE=1: the harness and shiftqueens an instance at a time, the four
# slices merged into one runs.csv (KEEP)
run_bench published env CSPLIB="$T/csplib" N=6 TIMEOUT=5s SLICE=1 KEEP="$T/sliced" bench/published.sh
bench_ok published "^\| diags n=6 M=5 \| 2 \| backtrack/prop \| 2 \| 2 \| $f " \
	'^\| diags n=6 M=5 \| 2 \| backtrack/dlx \| 2 \| 2 \| ' \
	'^\| blocked n=6 \| 2 \| backtrack/prop \| 2 \| 2 \| ' \
	'^\| blocked n=6 \| 2 \| backtrack/dlx \| 2 \| 2 \| ' \
	'^\| blocked n=6 \| 2 \| lingeling \(published\) \| 2 \| - \| 0\.030 \| 0\.020 \| - \| - \| - \| - \|$'
if command -v g++ >/dev/null; then
	expect "published.sh: the stand-in shiftqueens built and agreeing" \
		grep -qE '^\| diags n=6 M=5 \| 2 \| shiftqueens \| 2 \| 2 \| .* \| 1\.00x \| - \|$' "$T/published.out"
	expect "published.sh SLICE=1: 4 slices merged, 8 rows; shiftqueens once an instance ($(grep -c ',backtrack/' "$T/sliced/runs.csv"), $(grep -c '^diag-\|^blocked' "$T/sliced/shiftqueens.csv"))" \
		sh -c "[ \$(grep -c ',backtrack/' '$T/sliced/runs.csv') = 8 ] && [ \$(grep -c '^diag-\\|^blocked' '$T/sliced/shiftqueens.csv') = 4 ]"
else
	expect "published.sh: no g++, shiftqueens left out saying so" grep -q 'shiftqueens left out (no g++)' "$T/published.out"
fi
# (TIMEOUT=5s above as the harness writes a timeout;) a knob that is not
# right is exit 2, before any run, apart from a MISMATCH's 1
for knob in TIMEOUT=20x SETS=diag; do
	env CSPLIB="$T/csplib" N=6 "$knob" bench/published.sh >"$T/knob.out" 2>&1
	rc=$?
	expect "published.sh $knob: exit 2, saying which knob (rc $rc: $(tail -1 "$T/knob.out"))" \
		sh -c "[ $rc = 2 ] && grep -q '^published.sh: ${knob%%=*}: ' '$T/knob.out'"
done
# past the paper: the generator's file, read by the harness at M = n - 2,
# every solver's answer held to the others' (none is published)
run_bench beyond env CSPLIB="$T/csplib" SETS=beyond BEYOND=8 SEEDS=1 TIMEOUT=5 bench/published.sh
bench_ok beyond "^\| beyond n=8 M=6 \| 1 \| backtrack/prop \| 1 \| 1 \| $f " \
	'^\| beyond n=8 M=6 \| 1 \| backtrack/dlx \| 1 \| 1 \| ' \
	'^diag-8-4-1-d6: backtrack/prop (SAT|UNSAT) [0-9.]+ s, backtrack/dlx (SAT|UNSAT) '
expect "published.sh beyond: no published row where nothing is published" \
	sh -c "! grep -q 'published)' '$T/beyond.out'"
# the hardest by the published nodes (both 90 at M = 5: the lower id)
# and one of the rest, twice each, against the published seconds
run_bench sample env CSPLIB="$T/csplib" SETS=diags N=6 SAMPLE=1 REPEAT=2 SHIFTQUEENS=published \
	TIMEOUT=5 KEEP="$T/sample" bench/published.sh backtrack:variant=dlx
bench_ok sample "^\| diags n=6 M=5 \| 2 \| backtrack/dlx \| 2 \| 2 \| $f [0-9.]+x \| [0-9]+ \|$"
expect "published.sh REPEAT=2: each instance run twice ($(grep -c dlx "$T/sample/runs.csv") rows)" \
	[ "$(grep -c 'backtrack/dlx' "$T/sample/runs.csv")" = 4 ]
expect "published.sh SHIFTQUEENS=published runs no shiftqueens" \
	sh -c "! grep -q '| shiftqueens |' '$T/sample.out' && [ ! -e '$T/sample/shiftqueens.csv' ]"
# M=n-K: the M of every n its size less K, not the published peak
run_bench mk env CSPLIB="$T/csplib" SETS=diags N=6 M=n-2 SHIFTQUEENS=0 TIMEOUT=5 \
	bench/published.sh backtrack:variant=dlx
bench_ok mk '^\| diags n=6 M=4 \| 2 \| backtrack/dlx \| 2 \| 2 \| '
# the hostile knobs: a set that is not one, an M that is neither, a
# generator that fails
expect "published.sh M=5 is refused (peak or n-K)" \
	sh -c "CSPLIB='$T/csplib' M=5 SHIFTQUEENS=0 bench/published.sh >'$T/m5.out' 2>&1; [ \$? != 0 ] && grep -q \"M: '5' is not peak or n-K\" '$T/m5.out'"
expect "published.sh SETS=bogus is refused, naming it" \
	sh -c "CSPLIB='$T/csplib' SETS=bogus SHIFTQUEENS=0 bench/published.sh >'$T/bogus.out' 2>&1; [ \$? != 0 ] && grep -q \"SETS: 'bogus' is not diags, blocked or beyond\" '$T/bogus.out'"
expect "published.sh SHIFTQUEENS=2 is refused" \
	sh -c "CSPLIB='$T/csplib' SHIFTQUEENS=2 bench/published.sh >'$T/sq2.out' 2>&1; [ \$? = 2 ] && grep -q 'SHIFTQUEENS is 0, 1 or published' '$T/sq2.out'"
expect "published.sh beyond: a generator that fails is named with its exit" \
	sh -c "CSPLIB='$T/csplib' SETS=beyond BEYOND=8 SEEDS=x SHIFTQUEENS=0 bench/published.sh >'$T/gen.out' 2>&1; [ \$? != 0 ] && grep -q 'queens-diag-gen.py 8 4 x: exit 1' '$T/gen.out'"
# a published answer flipped: the one disagreement is loud, exit 1
zcat "$fake/prob080/results/run-aspbenchmarks-lingeling-python.txt.gz" |
	sed 's/^6 -1 12 UNSATISFIABLE   0/6 -1 12 SATISFIABLE   1/' | gzip >"$T/flip.gz"
mv "$T/flip.gz" "$fake/prob080/results/run-aspbenchmarks-lingeling-python.txt.gz"
env CSPLIB="$T/csplib" SETS=blocked SHIFTQUEENS=0 TIMEOUT=5 bench/published.sh \
	backtrack:variant=dlx >"$T/flip.out" 2>&1
expect "published.sh: an answer unlike the published one fails it (exit $?)" [ $? -eq 1 ]
expect "... named on a MISMATCH line ($(grep MISMATCH "$T/flip.out"))" \
	grep -q '^MISMATCH: backtrack/dlx on blockedqueens.6.12: UNSAT, published SAT$' "$T/flip.out"

# treesize.sh on the tiny Excluded Diagonals file above: an estimate
# printed, and the refusals a user meets first
run_bench treesize bench/treesize.sh "$fake/prob079/data/diag-6/diag-6-4-1.param" 5 64
bench_ok treesize '^.*diag-6-4-1\.param M=5: about [0-9.e+]+ nodes \(standard error [0-9.e+]+, 64 paths, [0-9.]+ s\)$'
expect "treesize.sh without M on an Excluded Diagonals file asks for it, exit 2" \
	sh -c "bench/treesize.sh '$fake/prob079/data/diag-6/diag-6-4-1.param' >'$T/ts0.out' 2>&1; [ \$? = 2 ] && grep -q 'give M, the number of its first lines (0..' '$T/ts0.out'"
run_bench count bench/count.sh --help
bench_ok count '^count\.sh - the counting frontier' '^Usage: bench/count\.sh'
# published.sh's --help and refusals
run_bench pubhelp bench/published.sh --help
bench_ok pubhelp '^published\.sh - the published hard instances' '^Usage: CSPLIB=/path/to/csplib bench/published\.sh' \
	'^ +beyond +past the paper'
expect "published.sh SLICE=0 says what SLICE is, exit 2" \
	sh -c "CSPLIB='$T/csplib' N=6 SETS=diags SLICE=0 bench/published.sh >'$T/slice0.out' 2>&1; [ \$? = 2 ] && grep -q \"SLICE: '0' is not a count of instances\" '$T/slice0.out'"
expect "published.sh without CSPLIB says what it needs, exit 1" \
	sh -c "! env -u CSPLIB bench/published.sh >'$T/pub0.out' 2>&1 && grep -q 'CSPLIB=path to a checkout' '$T/pub0.out'"
expect "published.sh on a folder without prob079 says so, exit 2" \
	sh -c "CSPLIB='$T' bench/published.sh >'$T/pub1.out' 2>&1; [ \$? = 2 ] && grep -q 'has no Problems/prob079' '$T/pub1.out'"

# --- every relative link in README.md, docs/*.md, bench/*.md resolves ---
cat >"$T/links.py" <<'PY'
import os, re, sys
def anchors(path):
    # GitHub's: lower case, punctuation but - and _ dropped, spaces to -,
    # a repeated heading -1, -2, ...
    out, seen, fence = set(), {}, False
    for line in open(path, encoding='utf-8'):
        if line.startswith('```'):
            fence = not fence
        m = None if fence else re.match(r'#{1,6} +(.*?) *#* *$', line)
        if m:
            t = re.sub(r'`|\*|\[|\]\([^)]*\)', '', m.group(1)).strip().lower()
            a = re.sub(r'[^\w\- ]', '', t).replace(' ', '-')
            k = seen.get(a, 0)
            seen[a] = k + 1
            out.add(a if k == 0 else f'{a}-{k}')
    return out
links = 0
for md in sys.argv[1:]:
    fence = False
    for no, line in enumerate(open(md, encoding='utf-8'), 1):
        if line.startswith('```'):
            fence = not fence
        if fence:
            continue
        for target in re.findall(r'\]\(([^)\s]+)\)', re.sub(r'`[^`]*`', '', line)):
            if re.match(r'[a-z]+:', target):
                continue
            links += 1
            path, _, frag = target.partition('#')
            full = os.path.normpath(os.path.join(os.path.dirname(md), path)) if path else md
            if not os.path.exists(full):
                print(f'BROKEN {md}:{no}: ({target}) names {full}, which is not there')
            elif frag and full.endswith('.md') and frag not in anchors(full):
                print(f'BROKEN {md}:{no}: ({target}): {full} has no heading #{frag}')
print(f'links {links}')
PY
python3 "$T/links.py" README.md docs/*.md bench/*.md >"$T/links"
expect "the docs hold relative links ($(tail -1 "$T/links"))" grep -qE '^links [1-9][0-9]+$' "$T/links"
expect "every relative link resolves: $(grep BROKEN "$T/links" | head -5)" sh -c "! grep -q BROKEN '$T/links'"
# the checker itself catches a broken one (and a missing heading)
mkdir -p "$T/d/docs"
printf '# A page\n\n[x](../nothing.md) [y](a.md#no-such) [z](a.md#a-page)\n' >"$T/d/docs/a.md"
(cd "$T/d" && python3 "$T/links.py" docs/a.md) >"$T/links2"
expect "the link check finds a missing file and a missing heading, not a good anchor ($(<"$T/links2"))" \
	sh -c "[ \$(grep -c BROKEN '$T/links2') = 2 ] && grep -q 'no heading #no-such' '$T/links2' && ! grep -q 'a-page' '$T/links2'"

# --- native.md: the class's page cites its sources by name ---------------
expect "no doc cites \"the seeds'\" articles (a reader cannot know them)" \
	sh -c "! grep -qi \"the seeds'\" README.md docs/*.md"
expect "native.md has its Sources" grep -q '^## Sources' docs/native.md
expect "native.md cites Wirth's textbook" grep -q '^- Niklaus Wirth' docs/native.md
expect "native.md cites Knuth's dancing links" grep -qF -- '- Donald E. Knuth, "Dancing links"' docs/native.md
expect "native.md leaves pext and AVX2 to native-impl.md" \
	sh -c "! grep -qE 'vpshufb|13-bit index|BMI2' docs/native.md && grep -q 'vpshufb' docs/native-impl.md"

# --- native.yaml: no two series of one search ----------------------------
"$H" plan configs/native.yaml --list >"$T/nplan" 2>"$T/nplan.err"
expect "plan --list native.yaml ($(head -2 "$T/nplan.err"))" [ -s "$T/nplan" ]
firsts=$(awk -F'\t' 'NR > 1 && $3 == "first" { print $5 }' "$T/nplan" | sort -u)
expect "native.yaml's first mode: one bitmask series, threads=1 ($(echo $firsts))" \
	sh -c "[ \"\$(echo '$firsts' | grep -c bitmask)\" = 1 ] && echo '$firsts' | grep -qx 'backtrack/bitmask threads=1'"
expect "native.yaml's first mode has no symmetry series (bitmask's search there)" \
	sh -c "! echo '$firsts' | grep -q symmetry"
expect "native.yaml's count mode keeps the threaded counters" \
	grep -q $'\tcount\t-\tbacktrack/symmetry threads=0\t' "$T/nplan"
# only: with an approach name holding options picks that approach alone
cat >"$T/only.yaml" <<'EOF'
experiment: only
repeat: 1
instances:
  - {n: 6, mode: count, only: [backtrack/bitmask threads=1]}
approaches:
  - backtrack: {variant: bitmask, threads: [1, 2]}
EOF
"$H" plan "$T/only.yaml" --list >"$T/oplan" 2>&1
expect "only: [backtrack/bitmask threads=1] runs that approach alone ($(<"$T/oplan"))" \
	sh -c "[ \$(grep -c 'backtrack/bitmask' '$T/oplan') = 1 ] && grep -q 'bitmask threads=1' '$T/oplan'"
sed 's/\[backtrack\/bitmask threads=1\]/["backtrack\\nbitmask"]/' "$T/only.yaml" >"$T/only-nl.yaml"
bad_input "only: a name holding a line break" "only: 'backtrack" "$H" plan "$T/only-nl.yaml"
sed -i 's/threads=1\]/threads=3]/' "$T/only.yaml"
bad_input "only: naming options no approach has" "only: no approach of this file is named 'backtrack/bitmask threads=3'" \
	"$H" plan "$T/only.yaml"

# --- smoke.yaml's header says what it runs ------------------------------
head -4 configs/smoke.yaml >"$T/smokehead"
expect "smoke.yaml's comment, and README's line for it, claim no 'every approach'" \
	sh -c "! grep -qi 'every approach' '$T/smokehead' && ! grep -i 'smoke.yaml.*every approach' README.md"
solvers=$("$H" plan configs/smoke.yaml --list | awk -F'\t' 'NR > 1 { split($5, a, "/"); print a[1] }' | sort -u | tr '\n' ' ')
expect "smoke.yaml runs backtrack, glpk and picosat, as its comment says ($solvers)" [ "$solvers" = "backtrack glpk picosat " ]

# --- export -o q.mzn: MiniZinc solves it alone ---------------------------
if command -v minizinc >/dev/null; then
	"$H" export -n 6 --blocked 1:2 -o "$T/q.mzn" 2>"$T/q.err"
	expect "export -o q.mzn ($(<"$T/q.err"))" grep -q 'written (n = 6, 1 blocked squares' "$T/q.err"
	got=$(minizinc -a "$T/q.mzn" 2>/dev/null | grep -c -- '^----------$')
	printf '%s\n' 'experiment: m' 'repeat: 1' 'instances:' \
		'  - {n: 6, mode: count, blocked: [[1, 2]]}' 'approaches:' '  - backtrack' >"$T/m.yaml"
	"$H" run "$T/m.yaml" -q -o "$T/m.csv" >/dev/null 2>&1
	want=$(csv_col "$T/m.csv" solutions)
	expect "minizinc q.mzn alone counts $got, the harness $want" [ -n "$want" -a "$got" = "$want" ]
	"$H" export -n 6 --blocked 1:2 --format mzn-model -o "$T/m.mzn" 2>"$T/m.err"
	expect "--format mzn-model says the model needs its data ($(<"$T/m.err"))" \
		grep -q 'the model alone: minizinc needs its data too' "$T/m.err"
	expect "the model alone holds no data" sh -c "! grep -q '^n = ' '$T/m.mzn'"
fi

# --- plugins.md's step 7 runs on python3 alone ---------------------------
awk '/^## 7\./ { s = 1 } s && /^```python$/ { p = 1; next } p && /^```$/ { exit } p' docs/plugins.md >"$T/step7.py"
expect "plugins.md step 7 has its Python" [ -s "$T/step7.py" ]
expect "plugins.md step 7 needs no pandas" sh -c "! grep -q pandas '$T/step7.py'"
mkdir -p "$T/p7/reports"
cat >"$T/p7.yaml" <<'EOF'
experiment: my
repeat: 2
instances:
  - {n: 4..5, mode: count}
approaches:
  - picosat: {encoding: [pairwise, sequential]}
EOF
"$H" run "$T/p7.yaml" -q -o "$T/p7/reports/my.csv" >/dev/null 2>&1
(cd "$T/p7" && python3 "$T/step7.py") >"$T/step7.out" 2>&1
expect "plugins.md step 7 prints a line per encoding, mode and n ($(head -3 "$T/step7.out"))" \
	sh -c "[ \$(grep -cE '^(pairwise|sequential) +count +[45] +ok ' '$T/step7.out') = 4 ]"

# --- after_timeout: skip: the rest of that n, and larger n ----------------
cat >"$T/skip.yaml" <<'EOF'
experiment: skip
repeat: 2
timeout: 0.4s
after_timeout: skip
instances:
  - {n: [4, 16, 17], mode: count}
approaches:
  - backtrack: {variant: board}
EOF
"$H" run "$T/skip.yaml" -q -o "$T/skip.csv" >/dev/null 2>&1
csv_rows "$T/skip.csv" n repeat status | tr '\t' ' ' | tr '\n' ',' >"$T/skip.rows"
expect "after_timeout: skip: n = 16's second repeat and n = 17 skipped, as experiments.md says ($(<"$T/skip.rows"))" \
	[ "$(<"$T/skip.rows")" = "4 1 ok,4 2 ok,16 1 timeout,16 2 skipped,17 1 skipped,17 2 skipped," ]
expect "experiments.md says so" grep -q "skips the instance's remaining repeats and every larger" docs/experiments.md

echo "claims: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
