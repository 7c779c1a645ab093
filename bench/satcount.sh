#!/usr/bin/env bash
# satcount.sh - counting by SAT side by side: the harness's `picosat`
# approach in count mode, both ways (`count: cubes`, a fresh PicoSAT per
# pair of queens of the first two rows; `count: whole`, one PicoSAT over
# the whole board), against the `picosat` program (Debian's, the same
# library) enumerating every model of the very CNF the harness builds
# (`harness export`, then `picosat --all -n FILE`), run round by round
# (each round runs the three once, in turn), as medians of CPU time (user
# + system of the whole process; the steadier figure on a shared machine)
# and of wall time, and their ratios to `picosat --all`.
#
# Every harness run is checked as any run is (the count against OEIS
# A000170: the row must be `ok`, its count is shown); the program prints
# no models with -n, only its end, and is timed whole (parsing the CNF
# included, as the harness's time includes building it).
#
# Usage: bench/satcount.sh [N...]           (default: 11 12)
#        REPEAT=3 ENCODINGS="pairwise commander" bench/satcount.sh 11
#        REF_TIMEOUT=900 bench/satcount.sh 12  (picosat --all at n = 12 takes
#                                               minutes: a run past this many
#                                               seconds is killed, shown > T)
#        REPEAT=1 WAYS=cubes ENCODINGS=pairwise bench/satcount.sh 12
#                                              (the harness's ways to run:
#                                               `whole` at n = 12 takes as
#                                               long as picosat --all)
set -euo pipefail
cd "$(dirname "$0")/.."
H=${HARNESS:-./harness}
REPEAT=${REPEAT:-3}
ENCODINGS=${ENCODINGS:-"pairwise commander"}
WAYS=${WAYS:-"cubes whole"}
REF_TIMEOUT=${REF_TIMEOUT:-900}
[ $# -gt 0 ] || set -- 11 12
command -v picosat >/dev/null || { echo "satcount.sh: needs the picosat program (Debian picosat)" >&2; exit 2; }
[ -x "$H" ] || make -s "$H" >/dev/null
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# one timed command: prints "CPU WALL" (seconds), or "> T" on a timeout
timed() {
	local out=$T/time rc=0
	/usr/bin/time -f '%U %S %e' -o "$out" timeout "$REF_TIMEOUT" "$@" >/dev/null 2>&1 || rc=$?
	if [ "$rc" -eq 124 ]; then echo "timeout"; return; fi
	awk '{ printf "%.3f %.3f\n", $1 + $2, $3 }' "$out"
}

# a harness count: prints "CPU WALL" from its CSV row (the harness's own
# clock), and fails unless the row is ok
harness_count() { # N ENCODING COUNT
	local csv=$T/h.csv
	rm -f "$csv" "$T/h.meta"
	"$H" solve -n "$1" --count --timeout "${REF_TIMEOUT}s" -o "$csv" \
		"picosat:encoding=$2,count=$3" >/dev/null 2>&1 || true
	python3 - "$csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
r = rows[-1]
if r['status'] != 'ok':
    print('timeout' if r['status'] == 'timeout' else 'error:' + r['status'])
else:
    print(f"{float(r['cpu_s']):.3f} {float(r['wall_s']):.3f} {r['solutions']}")
PY
}

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print a[(NR + 1) / 2]; else printf "%.3f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

echo "# load average at the start: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; REPEAT=$REPEAT"
printf '%-4s %-10s %-18s %10s %10s %8s %8s  %s\n' n encoding way cpu_s wall_s cpu_x wall_x count
for n in "$@"; do
	for enc in $ENCODINGS; do
		"$H" export -n "$n" --encoding "$enc" -o "$T/x.cnf" >/dev/null 2>&1
		: >"$T/ref" ; : >"$T/cubes"; : >"$T/whole"; counts=""
		for r in $(seq "$REPEAT"); do
			timed picosat --all -n "$T/x.cnf" >>"$T/ref"
			for way in $WAYS; do
				line=$(harness_count "$n" "$enc" "$way")
				case $line in
				timeout|error:*) echo "$line" >>"$T/$way" ;;
				*) read -r cpu wall cnt <<<"$line"
				   echo "$cpu $wall" >>"$T/$way"; counts="$counts $way=$cnt" ;;
				esac
			done
		done
		ref_cpu=$(grep -v timeout "$T/ref" | cut -d' ' -f1 | median)
		ref_wall=$(grep -v timeout "$T/ref" | cut -d' ' -f2 | median)
		grep -q timeout "$T/ref" && { ref_cpu="> $REF_TIMEOUT"; ref_wall="> $REF_TIMEOUT"; }
		printf '%-4s %-10s %-18s %10s %10s %8s %8s\n' "$n" "$enc" "picosat --all -n" "$ref_cpu" "$ref_wall" 1 1
		for way in $WAYS; do
			if grep -q 'timeout\|error' "$T/$way"; then
				printf '%-4s %-10s %-18s %10s\n' "$n" "$enc" "harness $way" "$(grep -m1 'timeout\|error' "$T/$way")"
				continue
			fi
			cpu=$(cut -d' ' -f1 "$T/$way" | median)
			wall=$(cut -d' ' -f2 "$T/$way" | median)
			cx=$(awk -v a="$cpu" -v b="$ref_cpu" 'BEGIN { if (b + 0 > 0) printf "%.3f", a / b; else print "-" }')
			wx=$(awk -v a="$wall" -v b="$ref_wall" 'BEGIN { if (b + 0 > 0) printf "%.3f", a / b; else print "-" }')
			c=$(echo "$counts" | tr ' ' '\n' | grep "^$way=" | head -1 | cut -d= -f2)
			printf '%-4s %-10s %-18s %10s %10s %8s %8s  %s\n' "$n" "$enc" "harness $way" "$cpu" "$wall" "$cx" "$wx" "$c (ok)"
		done
	done
done
echo "# load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
