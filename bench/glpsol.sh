#!/usr/bin/env bash
# glpsol.sh - the `glpk` approach against the glpsol program (GLPK's own
# front end, the same library) on the very problem: the harness exports
# the model's LP (`harness export --model M -n N`), glpsol solves that
# file, the harness solves the problem it builds itself. The exported
# file reads back as the problem the harness builds (columns in the same
# order, every row's and column's elements by index, as glp_read_lp
# leaves them), so both make the same simplex iterations and branch and
# bound nodes; the script prints both counts, and a difference means the
# two did not solve the same problem.
#
# Both run with GLPK's defaults (glpsol's: the MIP presolver, no cuts,
# no feasibility pump, Driebeck-Tomlin branching, best local bound), in
# first mode, round by round (each round runs the two once, in turn).
# glpsol is timed whole (/usr/bin/time: user + system CPU, and wall),
# reading the LP file included, as the harness's time includes building
# the problem; the harness's times are its own row's (cpu_s, wall_s: the
# run's child from the release to the answer). Medians, and the harness's
# over glpsol's.
#
# Usage: bench/glpsol.sh [N...]                 (default: 64)
#        REPEAT=5 MODEL=assignment bench/glpsol.sh 48 64
#        GLPK_OPTS="cuts=all" GLPSOL_OPTS="--cuts" bench/glpsol.sh 64
#                                  (other options: the same on both sides)
#        GLPK_OPTS="presolve=off" \
#          GLPSOL_OPTS="--nointopt --noscale --nopresol --std" bench/glpsol.sh 64
#                                  (presolve: off is glp_simplex from the
#                                   standard basis, unscaled, then
#                                   glp_intopt; glpsol's --nointopt alone
#                                   also scales, presolves the LP and
#                                   starts from an advanced basis)
set -euo pipefail
cd "$(dirname "$0")/.."
H=${HARNESS:-./harness}
REPEAT=${REPEAT:-5}
MODEL=${MODEL:-assignment}
GLPK_OPTS=${GLPK_OPTS:-}
GLPSOL_OPTS=${GLPSOL_OPTS:-}
[ $# -gt 0 ] || set -- 64
command -v glpsol >/dev/null || { echo "glpsol.sh: needs the glpsol program (Debian glpk-utils)" >&2; exit 2; }
[ -x "$H" ] || make -s "$H" >/dev/null
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print a[(NR + 1) / 2]; else printf "%.3f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 > 0) printf "%.3f", a / b; else print "-" }'; }

# glpsol on the LP: "CPU WALL ITERATIONS", or the reason it failed
glpsol_run() {
	local rc=0
	# shellcheck disable=SC2086
	/usr/bin/time -f '%U %S %e' -o "$T/time" glpsol $GLPSOL_OPTS --lp "$T/x.lp" \
		>"$T/glpsol.out" 2>&1 || rc=$?
	if [ "$rc" -ne 0 ] || ! grep -q 'INTEGER OPTIMAL SOLUTION FOUND' "$T/glpsol.out"; then
		echo "glpsol-failed"; return
	fi
	# the last progress line of the MIP: "+  3576: mip = ..."
	local it
	it=$(grep -E '^\+ *[0-9]+:' "$T/glpsol.out" | tail -1 | sed -E 's/^\+ *([0-9]+):.*/\1/')
	awk -v it="$it" '{ printf "%.3f %.3f %s\n", $1 + $2, $3, it }' "$T/time"
}

# the harness: "CPU WALL ITERATIONS NODES" from its row, which must be ok
harness_run() { # N
	local spec="glpk:model=$MODEL${GLPK_OPTS:+,$GLPK_OPTS}"
	rm -f "$T/h.csv" "$T/h.meta"
	"$H" solve -n "$1" --timeout 600s -o "$T/h.csv" "$spec" >/dev/null 2>&1 || true
	python3 - "$T/h.csv" <<'PY'
import csv, sys
r = list(csv.DictReader(open(sys.argv[1], newline='')))[-1]
print(f"{float(r['cpu_s']):.3f} {float(r['wall_s']):.3f} {r['iterations']} {r['nodes']}"
      if r['status'] == 'ok' else 'harness-' + r['status'])
PY
}

echo "# load average at the start: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; REPEAT=$REPEAT; model $MODEL; glpsol $(glpsol --version | head -1 | awk '{ print $NF }')"
printf '%-4s %-8s %10s %10s %8s %8s %10s\n' n side cpu_s wall_s cpu_x wall_x iterations
for n in "$@"; do
	"$H" export --model "$MODEL" -n "$n" -o "$T/x.lp" >/dev/null 2>&1
	: >"$T/g"; : >"$T/h"
	for r in $(seq "$REPEAT"); do
		line=$(glpsol_run); case $line in *failed) echo "$line" >&2; exit 1 ;; esac
		echo "$line" >>"$T/g"
		line=$(harness_run "$n"); case $line in harness-*) echo "$line" >&2; exit 1 ;; esac
		echo "$line" >>"$T/h"
	done
	gc=$(cut -d' ' -f1 "$T/g" | median); gw=$(cut -d' ' -f2 "$T/g" | median)
	hc=$(cut -d' ' -f1 "$T/h" | median); hw=$(cut -d' ' -f2 "$T/h" | median)
	git=$(cut -d' ' -f3 "$T/g" | sort -u | tr '\n' ' ' | sed 's/ $//')
	hit=$(cut -d' ' -f3 "$T/h" | sort -u | tr '\n' ' ' | sed 's/ $//')
	printf '%-4s %-8s %10s %10s %8s %8s %10s\n' "$n" glpsol "$gc" "$gw" 1 1 "$git"
	printf '%-4s %-8s %10s %10s %8s %8s %10s\n' "$n" harness "$hc" "$hw" \
		"$(ratio "$hc" "$gc")" "$(ratio "$hw" "$gw")" "$hit"
	[ "$git" = "$hit" ] || echo "# n = $n: the iteration counts differ: not the same problem on both sides"
	echo "# n = $n, every round (glpsol cpu wall | harness cpu wall):" \
		"$(paste -d' ' <(cut -d' ' -f1,2 "$T/g") <(cut -d' ' -f1,2 "$T/h") | awk '{ printf "%s %s | %s %s; ", $1, $2, $3, $4 }')"
done
echo "# load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
