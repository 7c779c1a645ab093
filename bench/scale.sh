#!/usr/bin/env bash
# scale.sh - what running in parallel costs and buys (docs/scale.md):
#   1. a timing beside another run: `backtrack` bitmask count n = 15 on
#      one thread, two runs one after the other (-j 1) against two at
#      once (-j 2), PAIRS interleaved pairs (default 5): medians and the
#      ratio, of wall and of CPU time
#   2. -j 2 against -j 1, wall time of the whole experiment: configs/
#      smoke.yaml (one long glpk run rules it) and a file of many similar
#      runs, RUNS interleaved runs each (default 3)
#   3. the cost of a run (fork, pipe, validate, row): 2000 runs of n = 1
#   4. --resume on a 1,000,000-row CSV (bench/gen_shards.py): time until
#      the first run starts, and the whole resume: wall, CPU, peak RSS
# Each figure is printed with the command that measures it.
#
# Usage: bench/scale.sh [PAIRS]     RUNS=3 ROWS=1000000 KEEP=1 (keep files)
#        PARTS="1 4" bench/scale.sh     those parts only (default all four)
#        N=15 TRIVIAL=2000             part 1's board, part 3's runs
# On a machine others use, `nice -n -19 bench/scale.sh` (root) keeps
# their load from the figures; the load average is printed first and
# last, and the CPU-time ratio (cpu_s) does not count waiting.
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${1:-5}
runs=${RUNS:-3}
rows=${ROWS:-1000000}
parts=" ${PARTS:-1 2 3 4} "
n=${N:-15}
trivial=${TRIVIAL:-2000}
make -s harness >/dev/null
H=$(pwd)/harness
tmp=$(mktemp -d)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT
echo "bench: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)," \
	"load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2

cat >"$tmp/p15.yaml" <<EOF
experiment: p15
repeat: 2
timeout: 60s
instances:
  - {n: $n, mode: count}
approaches:
  - backtrack: {variant: bitmask, threads: 1}
EOF
cat >"$tmp/many.yaml" <<'EOF'
experiment: many
repeat: 24
timeout: 60s
instances:
  - {n: 13, mode: count}
approaches:
  - backtrack: {variant: bitmask, threads: 1}
EOF
cat >"$tmp/trivial.yaml" <<EOF
experiment: trivial
repeat: $trivial
timeout: 10s
instances:
  - {n: 1, mode: first}
approaches:
  - backtrack: {variant: textbook}
EOF

python3 - "$H" "$tmp" "$pairs" "$runs" "$parts" "$n" "$trivial" <<'PY'
import csv, os, statistics as st, subprocess, sys, time
H, tmp, pairs, runs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
parts, n, trivial = sys.argv[5].split(), int(sys.argv[6]), int(sys.argv[7])
med = st.median

def run(cfg, j, out, pin=()):
    t0 = time.monotonic()
    subprocess.run([*pin, H, "run", cfg, "-o", out, "-q", "-j", str(j)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - t0

def r(a, b):
    # a ratio, or "-" where the denominator is 0 (a tiny n: times below
    # the CSV's microsecond, CPU below the clock's tick)
    return f"{a / b:.3f}" if b else "-"

def cols(path, c):
    return [float(r[c]) for r in csv.DictReader(open(path, newline=''))]

# 1. beside another run
p15 = os.path.join(tmp, "p15.yaml")
out = os.path.join(tmp, "p.csv")
alone, pair, calone, cpair, ratios, pinned = [], [], [], [], [], []
for _ in range(pairs if "1" in parts else 0):
    run(p15, 1, out); a, ca = cols(out, "wall_s"), cols(out, "cpu_s")
    run(p15, 2, out); b, cb = cols(out, "wall_s"), cols(out, "cpu_s")
    run(p15, 1, out, ("taskset", "-c", "1")); pinned += cols(out, "wall_s")
    alone += a; pair += b; calone += ca; cpair += cb
    if med(a):
        ratios.append(med(b) / med(a))
if "1" in parts:
  print(f"1. backtrack/bitmask threads=1 count n={n}, {pairs} interleaved pairs "
      f"(`harness run p15.yaml -j 1` then `-j 2`, repeat: 2)")
  print(f"   alone: wall {med(alone):.3f} s, cpu {med(calone):.3f} s; beside another: "
      f"wall {med(pair):.3f} s, cpu {med(cpair):.3f} s")
  rr = (f"median of the pairs' ratios {med(ratios):.3f}, range {min(ratios):.3f}-{max(ratios):.3f}"
        if ratios else "no pair's ratio: times of 0")
  print(f"   side-by-side / alone: wall {r(med(pair), med(alone))} "
      f"({rr}), cpu {r(med(cpair), med(calone))}")
  print(f"   alone pinned to core 1 (`taskset -c 1 harness run p15.yaml -j 1`): wall {med(pinned):.3f} s, "
      f"side-by-side / pinned alone: {r(med(pair), med(pinned))}")

# 2. -j 2 against -j 1, the whole experiment
for cfg in ("configs/smoke.yaml", os.path.join(tmp, "many.yaml")) if "2" in parts else ():
    w1, w2 = [], []
    for _ in range(runs):
        w1.append(run(cfg, 1, os.path.join(tmp, "w.csv")))
        w2.append(run(cfg, 2, os.path.join(tmp, "w.csv")))
    name = os.path.basename(cfg)
    longest = max(cols(os.path.join(tmp, "w.csv"), "wall_s"))
    total = sum(cols(os.path.join(tmp, "w.csv"), "wall_s"))
    print(f"2. {name}: `harness run {name} -j 1`: {med(w1):.2f} s, `-j 2`: {med(w2):.2f} s, "
          f"speed-up {med(w1) / med(w2):.2f}x (median of {runs}; longest run {longest:.2f} s "
          f"of {total:.2f} s of runs)")

# 3. the cost of a run
triv = os.path.join(tmp, "trivial.yaml")
for j in (1, 2) if "3" in parts else ():
    w = [run(triv, j, os.path.join(tmp, "t.csv")) for _ in range(runs)]
    solve = sum(cols(os.path.join(tmp, "t.csv"), "wall_s"))
    print(f"3. {trivial} runs of backtrack/textbook n=1 first, `harness run trivial.yaml -j {j}`: "
          f"{med(w):.2f} s, {1000 * med(w) / trivial:.3f} ms a run "
          f"(the runs' own wall_s: {1000 * solve / trivial:.3f} ms)")
PY

# 4. --resume on a 1,000,000-row CSV: one row taken out (the last run
# of the plan: one from the middle would break the digest chain, README:
# Edited files), the time from exec to the first fork of a run, and the
# whole resume (its rows read back, one run, the end)
case $parts in *" 4 "*) ;; *) exit 0 ;; esac
python3 bench/gen_shards.py "$H" "$tmp/r" --rows "$rows" --shards 1 >/dev/null
cd "$tmp/r"
head -n -1 bench.shard-1-of-1.csv >bench.csv
sed 's/bench.shard-1-of-1.csv/bench.csv/' bench.shard-1-of-1.meta >bench.meta
cp bench.csv keep.csv
cp bench.meta keep.meta
nrows=$(($(wc -l <bench.csv) - 1))
firsts=() walls=() cpus=() peaks=()
for _ in $(seq 1 "$runs"); do
	cp keep.csv bench.csv
	cp keep.meta bench.meta
	strace -f -ttt -e trace=execve,clone,clone3,fork,vfork -o st.txt \
		"$H" run bench.yaml -o bench.csv --resume -q >/dev/null 2>err
	firsts+=("$(python3 -c '
import sys
t = [float(l.split()[1]) for l in open("st.txt") if " execve(" in l or " clone" in l or "fork(" in l]
print(f"{t[1] - t[0]:.3f}")')")
	cp keep.csv bench.csv
	cp keep.meta bench.meta
	/usr/bin/time -f '%e %U %S %M' -o time.txt \
		"$H" run bench.yaml -o bench.csv --resume -q >/dev/null 2>err
	read -r e u sy k <time.txt
	walls+=("$e")
	cpus+=("$(python3 -c "print(f'{$u + $sy:.2f}')")")
	peaks+=("$((k / 1024))")
done
med() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "4. --resume on $nrows rows ($(du -h keep.csv | cut -f1)B), one run to make:" \
	"\`harness run bench.yaml -o bench.csv --resume -q\`: the first run starts after" \
	"$(med "${firsts[@]}") s (under strace), the whole resume $(med "${walls[@]}") s," \
	"$(med "${cpus[@]}") s of CPU, peak RSS $(med "${peaks[@]}") MiB (median of $runs)"
echo "bench: load average at the end $(cut -d' ' -f1-3 /proc/loadavg)" >&2
