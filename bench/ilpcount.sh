#!/usr/bin/env bash
# ilpcount.sh - counting by ILP side by side: the `glpk` approach in count
# mode both ways (`count: tree`, one branch-and-cut tree with a lazy
# no-good row per placement; `count: resolve`, a new MIP after each
# placement's no-good cut), round by round, medians of the harness's own
# CPU and wall times; then configs/smoke.yaml with -j 1 and -j 2 (whole
# command, wall), the speed-up -j 2 gives, and what bounds it:
#   - the runs themselves (the -j 1 CSV's wall_s): their sum, and the
#     longest, below which no number of workers takes the runs;
#   - the fixed cost of a run (fork, cgroups, run directory, the row):
#     100 runs of backtrack at n = 1 with -j 1 and -j 2;
#   - the machine's own ceiling at that moment: four CPU-bound runs
#     (backtrack textbook, count at n = 13) with -j 1 and -j 2; on a
#     machine that other work loads, -j 2 cannot beat this ratio.
#
# Usage: bench/ilpcount.sh [N...]        (default: 6 7 8)
#        bench/ilpcount.sh smoke         (the smoke.yaml part alone)
#        SMOKE=0 bench/ilpcount.sh 8     (the counts alone)
#        BASELINE=/path/to/other/harness bench/ilpcount.sh smoke
#                                        (smoke.yaml and the fixed cost by
#                                         both harnesses, in the same rounds)
#        REPEAT=3 MODELS="assignment independent-set" bench/ilpcount.sh 8
set -euo pipefail
cd "$(dirname "$0")/.."
H=${HARNESS:-./harness}
REPEAT=${REPEAT:-3}
MODELS=${MODELS:-assignment}
[ $# -gt 0 ] || set -- 6 7 8
[ "$1" = smoke ] && set --
[ -x "$H" ] || make -s "$H" >/dev/null
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print a[(NR + 1) / 2]; else printf "%.3f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# one count: "CPU WALL COUNT" from the CSV row, or the status when not ok
count_run() { # N MODEL WAY
	rm -f "$T/g.csv" "$T/g.meta"
	"$H" solve -n "$1" --count --timeout 600s -o "$T/g.csv" \
		"glpk:model=$2,count=$3" >/dev/null 2>&1 || true
	python3 - "$T/g.csv" <<'PY'
import csv, sys
r = list(csv.DictReader(open(sys.argv[1], newline='')))[-1]
print(f"{float(r['cpu_s']):.3f} {float(r['wall_s']):.3f} {r['solutions']}"
      if r['status'] == 'ok' else r['status'])
PY
}

echo "# load average at the start: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; REPEAT=$REPEAT"
[ $# -eq 0 ] || printf '%-4s %-16s %-8s %10s %10s %8s  %s\n' n model count cpu_s wall_s cpu_x answer
for n in "$@"; do
	for model in $MODELS; do
		: >"$T/tree"; : >"$T/resolve"; ans=""
		for r in $(seq "$REPEAT"); do
			for way in tree resolve; do
				line=$(count_run "$n" "$model" "$way")
				case $line in
				*" "*) read -r cpu wall cnt <<<"$line"
				       echo "$cpu $wall" >>"$T/$way"; ans=$cnt ;;
				*) echo "$line" >>"$T/$way" ;;
				esac
			done
		done
		base=$(cut -d' ' -f1 "$T/resolve" | median)
		for way in tree resolve; do
			cpu=$(cut -d' ' -f1 "$T/$way" | median)
			wall=$(cut -d' ' -f2 "$T/$way" | median)
			x=$(awk -v a="$cpu" -v b="$base" 'BEGIN { if (b + 0 > 0) printf "%.3f", a / b; else print "-" }')
			printf '%-4s %-16s %-8s %10s %10s %8s  %s\n' "$n" "$model" "$way" "$cpu" "$wall" "$x" "$ans (ok)"
		done
	done
done

# the wall time of one whole command, in seconds
walltime() {
	local s e
	s=$EPOCHREALTIME
	"$@" >/dev/null 2>&1 || true
	e=$EPOCHREALTIME
	awk -v a="$s" -v b="$e" 'BEGIN { printf "%.3f\n", b - a }'
}

# -j 1 and -j 2 on one experiment file, interleaved round by round, by
# this harness and (BASELINE set) that one too: a line "J1 J2 SPEED-UP"
# (medians of REPEAT) for each; this harness's last -j 1 CSV is kept as
# $T/j1.csv
j1_j2() { # FILE
	local hs=("$H") i j r
	[ -z "${BASELINE:-}" ] || hs+=("$BASELINE")
	for i in "${!hs[@]}"; do : >"$T/j1.$i"; : >"$T/j2.$i"; done
	for r in $(seq "$REPEAT"); do
		for i in "${!hs[@]}"; do
			for j in 1 2; do
				rm -f "$T"/s.*
				walltime "${hs[$i]}" run "$1" -q -j "$j" -o "$T/s.csv" >>"$T/j$j.$i"
				if [ "$j$i" = 10 ]; then cp "$T/s.csv" "$T/j1.csv"; fi
			done
		done
	done
	rm -f "$T"/s.*
	for i in "${!hs[@]}"; do
		local a b
		a=$(median <"$T/j1.$i"); b=$(median <"$T/j2.$i")
		echo "$a $b $(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2fx", a / b }')"
	done
}

# one line of j1_j2 per harness, named
show() { # WHAT
	local i=0 name
	while read -r j1 j2 x; do
		name=this; [ $i = 0 ] || name="BASELINE"
		[ -n "${BASELINE:-}" ] || name=""
		echo "$1${name:+ ($name)}: -j 1: $j1 s   -j 2: $j2 s   speed-up: $x"
		i=$((i + 1))
	done
}

if [ "${SMOKE:-1}" = 1 ]; then
	cat >"$T/fixed.yaml" <<'YAML'
experiment: fixed
repeat: 100
timeout: 20s
instances:
  - {n: 1, mode: first}
approaches:
  - backtrack: {variant: bitmask}
YAML
	cat >"$T/ceiling.yaml" <<'YAML'
experiment: ceiling
repeat: 4
timeout: 120s
instances:
  - {n: 13, mode: count}
approaches:
  - backtrack: {variant: textbook}
YAML
	echo "# configs/smoke.yaml, whole command, wall s (median of $REPEAT, interleaved)"
	j1_j2 configs/smoke.yaml | show smoke
	python3 - "$T/j1.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
w = [float(r['wall_s']) for r in rows]
i = max(range(len(w)), key=w.__getitem__)
r = rows[i]
print(f"  its {len(rows)} runs (-j 1): {sum(w):.3f} s of runs; the longest "
      f"{r['approach']} n={r['n']} {r['mode']} {w[i]:.3f} s, "
      f"run {i + 1} of {len(rows)} in the file's order")
# those run times alone dealt to 2 workers, each run to the first free
def deal(order):
    free = [0.0, 0.0]
    for k in order:
        free[free.index(min(free))] += w[k]
    return max(free)
# the harness's hand-out under -j 2: instance by instance, count mode
# before first, the larger n first, ties in the file's order
inst = lambda r: (r['n'], r['mode'], r['hints'], r['blocked'], r['excluded'], r['instance'])
groups = []
for k, r in enumerate(rows):
    if not groups or inst(rows[groups[-1][0]]) != inst(r):
        groups.append([])
    groups[-1].append(k)
groups.sort(key=lambda g: (rows[g[0]]['mode'] != 'count', -int(rows[g[0]]['n'])))
plan, out = deal(range(len(rows))), deal([k for g in groups for k in g])
print(f"  those run times alone on 2 workers: {plan:.3f} s in the file's order "
      f"({sum(w) / plan:.2f}x), {out:.3f} s in the -j 2 hand-out order ({sum(w) / out:.2f}x)")
PY
	j1_j2 "$T/fixed.yaml" | show "100 runs of backtrack n = 1 (the fixed cost of a run)"
	BASELINE='' j1_j2 "$T/ceiling.yaml" | show "4 CPU-bound runs (backtrack textbook, count n = 13: the machine's ceiling)"
fi
echo "# load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
