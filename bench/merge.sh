#!/usr/bin/env bash
# merge.sh - `harness merge` at scale: SHARDS synthetic shards (default
# 16) of one experiment, ROWS rows in all (default 1,000,000), from
# bench/gen_shards.py (consistent .meta files, every answer right, the
# approaches agreeing); the merge's wall time and peak resident memory,
# median of RUNS runs (default 3). Targets: < 5 s, < 1 GB.
#
# Usage: bench/merge.sh [ROWS] [SHARDS]      KEEP=1 keeps the files
# Peak memory comes from wait4 on the harness (ru_maxrss), as
# /usr/bin/time -v reports it.
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${1:-1000000}
shards=${2:-16}
runs=${RUNS:-3}
make -s harness >/dev/null
tmp=$(mktemp -d)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT
python3 bench/gen_shards.py ./harness "$tmp" --rows "$rows" --shards "$shards" >&2
echo "bench: $(du -sh "$tmp" | cut -f1)B of shards, $runs runs; $(nproc) cores, $(uname -m)" >&2
python3 - "$runs" "$tmp" "$shards" <<'PY'
import glob, os, statistics, subprocess, sys, time
runs, tmp, shards = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
files = sorted(glob.glob(os.path.join(tmp, f"bench.shard-*-of-{shards}.csv")))
argv = [os.path.abspath("harness"), "merge", "-o", os.path.join(tmp, "merged.csv")] + files
walls, peaks = [], []
for _ in range(runs):
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    walls.append(time.monotonic() - t0)
    peaks.append(ru.ru_maxrss / 1024)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"bench: harness merge failed:\n{err.decode(errors='replace')}")
print(err.decode().strip().splitlines()[-1])
print(f"harness merge, {len(files)} shards: wall {statistics.median(walls):.2f} s "
      f"(min {min(walls):.2f}, max {max(walls):.2f}), peak RSS "
      f"{statistics.median(peaks):.0f} MB (median of {runs})")
PY
