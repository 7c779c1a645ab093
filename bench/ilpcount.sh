#!/usr/bin/env bash
# ilpcount.sh - counting by ILP side by side: the `glpk` approach in count
# mode both ways (`count: tree`, one branch-and-cut tree with a lazy
# no-good row per placement; `count: resolve`, a new MIP after each
# placement's no-good cut), round by round, medians of the harness's own
# CPU and wall times; then configs/smoke.yaml with -j 1 and -j 2 (whole
# command, wall), the speed-up -j 2 gives.
#
# Usage: bench/ilpcount.sh [N...]        (default: 6 7 8)
#        REPEAT=3 MODELS="assignment independent-set" bench/ilpcount.sh 8
set -euo pipefail
cd "$(dirname "$0")/.."
H=${HARNESS:-./harness}
REPEAT=${REPEAT:-3}
MODELS=${MODELS:-assignment}
[ $# -gt 0 ] || set -- 6 7 8
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
printf '%-4s %-16s %-8s %10s %10s %8s  %s\n' n model count cpu_s wall_s cpu_x answer
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

echo "# configs/smoke.yaml, whole command, wall s (median of $REPEAT, interleaved)"
: >"$T/j1"; : >"$T/j2"
for r in $(seq "$REPEAT"); do
	for j in 1 2; do
		s=$EPOCHREALTIME
		"$H" run configs/smoke.yaml -q -j "$j" -o "$T/s.csv" >/dev/null 2>&1 || true
		e=$EPOCHREALTIME
		awk -v a="$s" -v b="$e" 'BEGIN { printf "%.3f\n", b - a }' >>"$T/j$j"
		rm -f "$T"/s.*
	done
done
j1=$(median <"$T/j1"); j2=$(median <"$T/j2")
echo "smoke -j 1: $j1 s   -j 2: $j2 s   speed-up: $(awk -v a="$j1" -v b="$j2" 'BEGIN { printf "%.2fx", a / b }')"
echo "# load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
