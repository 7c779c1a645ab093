#!/usr/bin/env bash
# cp.sh - constraint programming (MiniZinc with Gecode) on hard blocked
# n-queens (CSPLib prob080 at the XCSP 2022 competition's density: three
# quarters of the squares blocked, at least 2 free per row and column;
# bench/gen_blocked.py), against the harness's best approaches, through
# the harness itself: every approach on every instance, REPEAT times, one
# run at a time; the table gives each approach's median wall seconds per
# instance ("> T" for a median past the timeout) and its answers.
#
# Usage: bench/cp.sh
#        INSTANCES="28:1 28:2 48:1" REPEAT=3 TIMEOUT=20 bench/cp.sh
# The harness is ./harness (make it first); minizinc on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
INSTANCES=${INSTANCES:-"28:1 28:2 48:1 48:2 48:3 56:1 56:2 56:3"}
REPEAT=${REPEAT:-3}
TIMEOUT=${TIMEOUT:-20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
	echo "experiment: cp-blocked"
	echo "repeat: $REPEAT"
	echo "timeout: ${TIMEOUT}s"
	echo "instances:"
	for i in $INSTANCES; do
		python3 bench/gen_blocked.py yaml "${i%:*}" "${i#*:}"
	done
	echo "approaches:"
	echo "  - backtrack: {variant: mrv}"
	echo "  - picosat: {encoding: commander}"
	echo "  - minizinc: {model: int, consistency: [default, domain, bounds]}"
	echo "  - minizinc: {model: bool}"
} >"$tmp/cp.yaml"
./harness run "$tmp/cp.yaml" -q -o "$tmp/cp.csv" >&2 || true
echo "load: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
echo
python3 - "$tmp/cp.csv" "$TIMEOUT" $INSTANCES <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
limit = float(sys.argv[2])
insts = []
for r in rows:
    if r['instance'] not in insts:
        insts.append(r['instance'])
# the instances in the order given: n = N, seed S
label = {i: 'n = %s s%s' % tuple(x.split(':')) for i, x in zip(insts, sys.argv[3:])}
names = []
for r in rows:
    if r['approach'] not in names:
        names.append(r['approach'])
print('| approach | ' + ' | '.join(label[i] for i in insts) + ' |')
print('|---|' + '---|' * len(insts))
for a in names:
    cells = []
    for i in insts:
        rs = [r for r in rows if r['approach'] == a and r['instance'] == i]
        ts = [float(r['wall_s']) if r['status'] == 'ok' else float('inf') for r in rs]
        m = statistics.median(ts)
        ans = ','.join(sorted({{'1': 'SAT', '0': 'UNSAT'}.get(r['solutions'], r['status'])
                               if r['status'] == 'ok' else r['status'] for r in rs}))
        cells.append(('%.2f' % m if m != float('inf') else '> %g' % limit) + ' (%s)' % ans)
    print('| `%s` | %s |' % (a, ' | '.join(cells)))
PY
