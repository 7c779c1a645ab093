#!/usr/bin/env bash
# results.sh - the results side at scale: `harness report` and `harness
# plot` on a generated CSV of N rows, their wall time and peak memory as
# medians of a few runs.
#
# Usage: bench/results.sh [N]          default: 500000 rows
#        RUNS=5 bench/results.sh 100000
#        FALLBACK=1 bench/results.sh   also a file without the `approach`
#                                      column (the solver/encoding/options
#                                      fallback grouping)
# The CSV comes from bench/gen_results.py (a merged paper grid: 8
# approaches, modes count and first, n = 4.., first also with 4 hint sets,
# ~10 repeats of a cell, 94% ok, the rest timeout, memout, crash, error,
# skipped). RUNS (default 3) runs of each command. Wall time and peak
# resident memory come from wait4 on the harness: for plot they include
# gnuplot (a child the harness waits for; its peak counts if it is the
# larger). Prints a table; the generated CSV goes away at the end (KEEP=1
# keeps it and says where).
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${1:-500000}
runs=${RUNS:-3}
make -s harness >/dev/null
command -v gnuplot >/dev/null || { echo "bench: gnuplot is needed for plot (make deps)" >&2; exit 1; }
tmp=$(mktemp -d)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT
files=(grid)
python3 bench/gen_results.py "$rows" >"$tmp/grid.csv"
if [ -n "${FALLBACK:-}" ]; then
	python3 bench/gen_results.py "$rows" --no-approach >"$tmp/old.csv"
	files+=(old)
fi
echo "bench: $rows rows ($(du -h "$tmp/grid.csv" | cut -f1)B CSV), $runs runs each; $(nproc) cores, $(uname -m)" >&2
[ -n "${KEEP:-}" ] && echo "bench: CSVs kept in $tmp" >&2
python3 - "$runs" "$tmp" "${files[@]}" <<'PY'
import os, statistics, subprocess, sys, time
runs, tmp, files = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
harness = os.path.abspath("harness")
print(f"{'file':6} {'command':44} {'wall s':>8} {'peak MB':>8}  (median of {runs}; min..max wall)")
for name in files:
    csv = os.path.join(tmp, name + ".csv")
    cmds = [
        ("report", [harness, "report", csv, "-o", os.path.join(tmp, name + ".md")]),
        ("report --format latex", [harness, "report", csv, "--format", "latex",
                                   "-o", os.path.join(tmp, name + ".tex")]),
        ("plot (time, gnuplot included)", [harness, "plot", csv, "-o",
                                           os.path.join(tmp, name + ".svg")]),
        ("plot --kind all (3 plots, gnuplot included)",
         [harness, "plot", csv, "--kind", "all", "-o", os.path.join(tmp, name + "-all.svg")]),
    ]
    for label, argv in cmds:
        walls, peaks = [], []
        for _ in range(runs):
            t0 = time.monotonic()
            p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            err = p.stderr.read()
            _, status, ru = os.wait4(p.pid, 0)
            walls.append(time.monotonic() - t0)
            peaks.append(ru.ru_maxrss / 1024)  # KiB -> MiB
            if os.waitstatus_to_exitcode(status) != 0:
                sys.exit(f"bench: {' '.join(argv)} failed:\n{err.decode(errors='replace')}")
        print(f"{name:6} {label:44} {statistics.median(walls):8.2f} "
              f"{statistics.median(peaks):8.0f}  ({min(walls):.2f}..{max(walls):.2f})")
print("\npeak MB: the largest resident set of the harness or a child it waited for (gnuplot).")
PY
