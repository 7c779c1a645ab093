#!/usr/bin/env bash
# clock.sh - the harness's own clock held to its promise: cpu_s covers
# the interval wall_s covers, so on every honest run cpu_s <= wall_s x
# the cores it may use + a few ms, and no honest answer is thrown away as
# "impossible time" or "work before the release", quiet or loaded.
#
# Usage: bench/clock.sh [CONFIG ...]     default: configs/smoke.yaml configs/native.yaml
#        LOAD=2 ROUNDS=3 bench/clock.sh  LOAD busy loops beside the runs
#                                        (default 0), ROUNDS runs of each
#                                        config (default 1)
#        HARNESS=build/san/harness bench/clock.sh
# Prints, per config and round: rows, ok rows, the rows thrown away for
# their time, and over the ok rows of one core (cpus one CPU, or
# an approach of one thread) the largest cpu_s - wall_s, how many exceed
# wall_s + 5 ms, and how many exceed 1.5 x wall_s.
set -euo pipefail
cd "$(dirname "$0")/.."
h=${HARNESS:-./harness}
load=${LOAD:-0}
rounds=${ROUNDS:-1}
configs=("${@:-configs/smoke.yaml configs/native.yaml}")
[ $# -eq 0 ] && configs=(configs/smoke.yaml configs/native.yaml)
tmp=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$tmp"; }
trap cleanup EXIT
for i in $(seq 1 "$load"); do
	(while :; do :; done) &
	pids+=($!)
done
echo "load: $load busy loops; uptime: $(uptime | sed 's/.*load/load/')"
printf '%-22s %5s %6s %5s %7s %10s %6s %9s\n' config round rows ok thrown max_excess '>5ms' '>1.5wall'
for c in "${configs[@]}"; do
	for r in $(seq 1 "$rounds"); do
		out="$tmp/$(basename "$c" .yaml)-$r.csv"
		"$h" run "$c" -o "$out" -q >/dev/null 2>&1 || true
		python3 - "$out" "$c" "$r" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='', encoding='utf-8')))
ok = [r for r in rows if r['status'] == 'ok']
thrown = [r for r in rows if 'impossible time' in r['note'] or 'work before the release' in r['note']]
def one_core(r):
    # pinned to one CPU, or an approach of one thread (threads=0 is
    # every core for the counters' big counts, threads=N > 1 is N)
    cpus = r['cpus']
    if cpus:
        return ',' not in cpus and '-' not in cpus
    import re
    m = re.search(r'threads=(\d+)', r['approach'] + ' ' + r['options'])
    return not m or m.group(1) == '1'
single = [r for r in ok if one_core(r)]
ex = [float(r['cpu_s']) - float(r['wall_s']) for r in single]
ratio = sum(1 for r in single if float(r['cpu_s']) > 1.5 * float(r['wall_s']))
print('%-22s %5s %6d %5d %7d %10s %6d %9d' % (sys.argv[2].split('/')[-1], sys.argv[3], len(rows), len(ok),
      len(thrown), '%.4f' % max(ex) if ex else '-', sum(1 for e in ex if e > 0.005), ratio))
for r in thrown:
    print('   thrown: %s n=%s %s: %s' % (r['approach'], r['n'], r['mode'], r['note'][:150]))
PY
	done
done
