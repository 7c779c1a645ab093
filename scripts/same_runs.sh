#!/usr/bin/env bash
# same_runs.sh OLD NEW - do two builds of the harness make the same runs?
# For a reorganisation (issue 30): each harness runs smoke, blocked with
# -j 2, a count in four parts, smoke in two shards merged, and smoke cut
# to its first 39 rows then --resumed; scripts/same_rows.py compares each
# pair of files (times, memory and notes aside). Then `report` in every
# format and `export` in every format are made by both from the same
# input and compared byte for byte. Run from the repository's top; OLD
# is e.g. a build of the commit before (git worktree add /tmp/old REV &&
# make -C /tmp/old). Prints a line per case; exits 1 on any difference.
set -u
[ $# -eq 2 ] || { echo "usage: scripts/same_runs.sh OLD-HARNESS NEW-HARNESS" >&2; exit 2; }
old=$(realpath "$1") new=$(realpath "$2")
D=$(mktemp -d) || exit 1
trap 'rm -rf "$D"' EXIT
mkdir -p "$D/o" "$D/n"
cat >"$D/parts.yaml" <<'Y'
experiment: parts
repeat: 1
timeout: 20s
instances:
  - {n: 11, mode: count, parts: 4}
approaches:
  - backtrack: {variant: bitmask}
Y
diffs=0
for side in o n; do
	H=$([ $side = o ] && echo "$old" || echo "$new")
	o=$D/$side
	"$H" run configs/smoke.yaml -o "$o/smoke.csv" -q >/dev/null 2>&1
	"$H" run configs/blocked.yaml -j 2 -o "$o/blocked.csv" -q >/dev/null 2>&1
	"$H" run "$D/parts.yaml" -o "$o/parts.csv" -q >/dev/null 2>&1
	"$H" run configs/smoke.yaml --shard 1/2 -o "$o/s1.csv" -q >/dev/null 2>&1
	"$H" run configs/smoke.yaml --shard 2/2 -o "$o/s2.csv" -q >/dev/null 2>&1
	"$H" merge "$o/s1.csv" "$o/s2.csv" -o "$o/merged.csv" >/dev/null 2>&1
	head -n 40 "$o/smoke.csv" >"$o/cut.csv"
	sed "s#smoke\.csv#cut.csv#" "$o/smoke.meta" >"$o/cut.meta"
	"$H" run configs/smoke.yaml -o "$o/cut.csv" --resume -q >/dev/null 2>&1
done
for f in smoke blocked parts merged cut; do
	if out=$(python3 scripts/same_rows.py "$D/o/$f.csv" "$D/n/$f.csv"); then
		echo "rows $f: $(tail -n 1 <<<"$out" | sed 's/ compared on .*:/:/')"
	else
		echo "rows $f: DIFFERENT"; echo "$out" | head -n 20; diffs=$((diffs + 1))
	fi
done
# the same input through both: reports and exports byte for byte
same() { # same WHAT OLD-FILE NEW-FILE
	if [ -s "$2" ] && cmp -s "$2" "$3"; then echo "$1: same"
	else echo "$1: DIFFERENT"; diffs=$((diffs + 1)); fi
}
for f in markdown latex html json; do
	"$old" report "$D/o/blocked.csv" --format $f -o "$D/r.o.$f" >/dev/null 2>&1
	"$new" report "$D/o/blocked.csv" --format $f -o "$D/r.n.$f" >/dev/null 2>&1
	same "report --format $f" "$D/r.o.$f" "$D/r.n.$f"
done
while read -r fmt args; do
	"$old" export -n 8 --format $fmt $args -o "$D/x.o" >/dev/null 2>&1
	"$new" export -n 8 --format $fmt $args -o "$D/x.n" >/dev/null 2>&1
	same "export --format $fmt${args:+ $args}" "$D/x.o" "$D/x.n"
	rm -f "$D/x.o" "$D/x.n"
done <<'X'
dimacs --encoding sequential --hint 1:2
dimacs --encoding pairwise --blocked 3:3
lp --model assignment --hint 1:2
mps --model assignment --exclude d5
param --hint 1:2
json --blocked 2:2
mzn --hint 1:2
dzn --blocked 2:2
asp --hint 1:2
smt2 --exclude a4
X
echo "same_runs: $diffs different"
[ $diffs -eq 0 ]
