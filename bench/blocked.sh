#!/usr/bin/env bash
# blocked.sh - blocked n-queens (CSPLib prob080) at the XCSP 2022
# competition's density (three quarters of the squares blocked, at least
# K = 2 free in every row and column), side by side (issue 12, part 6):
# the harness's approaches, each run through the harness as a whole
# process with a time limit, against MiniSat run directly on the pairwise
# CNF of the same instance. Seeded instances from bench/gen_blocked.py
# (the harness's `export` takes no blocked squares yet, so the script
# writes the pairwise CNF: a variable per square, a clause per row and
# column, one per pair on a line, a unit clause per blocked square).
#
# Round by round, every approach on every instance in turn (interleaved,
# so the machine's load falls on all alike); the table gives each
# approach's median wall time per n over SEEDS x REPEAT runs, and the
# answers (SAT / UNSAT) must agree with MiniSat's.
#
# Usage: bench/blocked.sh
#        SIZES="28 48" SEEDS="1 2 3" REPEAT=3 TIMEOUT=60 bench/blocked.sh
# The harness is ./harness (make it first); minisat and cadical on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${SIZES:-"28 48"}
SEEDS=${SEEDS:-"1 2 3"}
REPEAT=${REPEAT:-3}
TIMEOUT=${TIMEOUT:-60}
APPROACHES=(
	"backtrack: {variant: mrv}"
	"dimacs: {command: cadical, encoding: pairwise}"
	"dimacs: {command: cadical, encoding: commander}"
	"dimacs: {command: minisat, encoding: commander}"
	"glpk: {model: assignment, cuts: clique}"
)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out="$tmp/times"        # n seed name answer seconds
: > "$out"

for n in $SIZES; do
	for s in $SEEDS; do
		bench/gen_blocked.py cnf "$n" "$s" > "$tmp/b$n-$s.cnf"
		bench/gen_blocked.py yaml "$n" "$s" > "$tmp/b$n-$s.inst"
	done
done

harness_once() {        # n seed approach-index
	local n=$1 s=$2 i=$3 y="$tmp/run.yaml"
	{
		echo "experiment: blocked-bench"
		echo "repeat: 1"
		echo "timeout: ${TIMEOUT}s"
		echo "instances:"
		cat "$tmp/b$n-$s.inst"
		echo "approaches:"
		echo "  - ${APPROACHES[$i]}"
	} > "$y"
	./harness run "$y" -q -o "$tmp/run.csv" > /dev/null 2>&1 || true
	python3 - "$tmp/run.csv" <<'PY'
import csv, sys
r = list(csv.DictReader(open(sys.argv[1])))[-1]
ans = {"1": "SAT", "0": "UNSAT"}.get(r["solutions"], "?")
if r["status"] != "ok":
	ans = r["status"]
print(ans, r["wall_s"] or "nan")
PY
}

minisat_once() {        # n seed
	local t0 t1 rc=0
	t0=$(date +%s.%N)
	timeout "$TIMEOUT" minisat -verb=0 "$tmp/b$1-$2.cnf" > /dev/null 2>&1 ||
		rc=$?
	t1=$(date +%s.%N)
	case $rc in
	10) echo "SAT $(echo "$t1 - $t0" | bc -l)" ;;
	20) echo "UNSAT $(echo "$t1 - $t0" | bc -l)" ;;
	*) echo "timeout nan" ;;
	esac
}

for rep in $(seq "$REPEAT"); do
	for n in $SIZES; do
		for s in $SEEDS; do
			echo "$n $s minisat-pairwise $(minisat_once "$n" "$s")" >> "$out"
			for i in "${!APPROACHES[@]}"; do
				echo "$n $s a$i $(harness_once "$n" "$s" "$i")" >> "$out"
			done
		done
	done
	echo "round $rep of $REPEAT done" >&2
done

echo "load: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
echo
python3 - "$out" "${APPROACHES[@]}" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
names = {"a%d" % i: a for i, a in enumerate(sys.argv[2:])}
names["minisat-pairwise"] = "minisat on the pairwise CNF (direct)"
sizes = sorted({int(r[0]) for r in rows})
base = {}
for r in rows:
	if r[2] == "minisat-pairwise":
		base[(r[0], r[1])] = r[3]
print("| approach | " + " | ".join("n = %d median s (answers)" % n
				   for n in sizes) + " |")
print("|---|" + "---|" * len(sizes))
for key in ["minisat-pairwise"] + ["a%d" % i for i in range(len(sys.argv) - 2)]:
	cells = []
	for n in sizes:
		rs = [r for r in rows if r[2] == key and int(r[0]) == n]
		ts = [float(r[4]) if r[4] != "nan" else float("inf") for r in rs]
		med = statistics.median(ts)
		bad = sum(1 for r in rs if r[3] in ("SAT", "UNSAT") and
			  r[3] != base[(r[0], r[1])])
		answers = ",".join(sorted({r[3] for r in rs}))
		cells.append("%s (%s%s)" % ("%.3f" % med if med != float("inf")
					    else "> limit", answers,
					    ", %d DISAGREE" % bad if bad else ""))
	print("| `%s` | %s |" % (names[key], " | ".join(cells)))
PY
