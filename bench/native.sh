#!/usr/bin/env bash
# native.sh - the native family's speed-ups over `textbook`, measured side
# by side in one run of the harness (every variant on the same instances,
# interleaved round by round), as ratios of medians.
#
# Usage: bench/native.sh [N ...]        default: 12 13 14
#        REPEAT=3 VARIANTS="textbook bitmask symmetry" bench/native.sh 16
# REPEAT (default 5) runs of each after a warm-up; VARIANTS (default: the
# whole family; textbook is always in, as the baseline); THREADS (default 2)
# for the threaded bitmask and symmetry rows.
# Counts only (the ratios the course material quotes). Prints a table:
# per n, each variant's median wall time and its speed-up over textbook.
set -euo pipefail
cd "$(dirname "$0")/.."
ns=("${@:-12 13 14}")
[ $# -eq 0 ] && ns=(12 13 14)
repeat=${REPEAT:-5}
threads=${THREADS:-2}
variants=${VARIANTS:-board array textbook stack mrv dlx bitmask symmetry}
case " $variants " in *" textbook "*) ;; *) variants="textbook $variants" ;; esac
vlist=$(echo $variants | sed 's/ /, /g')
make -s harness >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nlist=$(IFS=,; echo "${ns[*]}")
cat >"$tmp/bench.yaml" <<Y
experiment: native-bench
repeat: $repeat
warmup: 1
timeout: 30m
instances:
  - {n: [$nlist], mode: count}
approaches:
  - backtrack: {variant: [$vlist], threads: 1}
  - backtrack: {variant: [bitmask, symmetry], threads: $threads}
Y
echo "bench: ./harness run (count, n = ${ns[*]}, $repeat runs each after a warm-up; $(nproc) cores)" >&2
./harness run "$tmp/bench.yaml" -q -o "$tmp/bench.csv" >/dev/null
python3 - "$tmp/bench.csv" <<'PY'
import csv, statistics, sys
from collections import defaultdict
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
wall = defaultdict(list)
cpu = defaultdict(list)
order = []
for r in rows:
    if r['status'] != 'ok':
        continue
    # the variant, and its threads where they are not one (a variant
    # without threads has no options at all)
    opt = r['options']
    name = r['encoding'] + ('' if opt in ('', 'threads=1') else ' (' + opt + ')')
    if name not in order:
        order.append(name)
    wall[(name, int(r['n']))].append(float(r['wall_s']))
    cpu[(name, int(r['n']))].append(float(r['cpu_s']))
ns = sorted({int(r['n']) for r in rows})
print(f"{'variant':22} " + " ".join(f"{'n=%d wall' % n:>13} {'speed-up':>9}" for n in ns))
for name in order:
    cells = []
    for n in ns:
        w = wall.get((name, n))
        base = wall.get(('textbook', n))
        if not w:
            cells.append(f"{'-':>13} {'-':>9}")
            continue
        m = statistics.median(w)
        ratio = statistics.median(base) / m if base else float('nan')
        cells.append(f"{m:12.4f}s {ratio:8.1f}x")
    print(f"{name:22} " + " ".join(cells))
print("\nwall: median of the runs; speed-up: textbook's median wall / this one's, same n, same run.")
print("cpu_s for the threaded rows is in the CSV; threads=1 rows are per core.")
PY
