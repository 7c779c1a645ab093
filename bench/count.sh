#!/usr/bin/env bash
# count.sh - the counting frontier side by side (issue 13): the harness's
# `symmetry` and `split` variants against the public programs they are
# measured against, each run as a whole process, interleaved round by
# round, as ratios of medians of wall time.
#
#   symmetry, n = 16 on one core (taskset -c 0), threads=1
#       vs Suzuki's pthreads program (takaken's algorithm), pinned alike
#   symmetry, n = 17 on both cores, threads=2   vs Suzuki's, unpinned
#   split, n = 16 on one core, threads=1        vs Kluev's, 1 thread
#   split, n = 18 on both cores, threads=2      vs Kluev's, 2 threads
#
# Usage: bench/count.sh
#        COUNT_REFS=/path/to/refs REPEAT=3 bench/count.sh
# COUNT_REFS is a folder holding clones of the two programs; nothing of
# theirs is in this repository, and the script builds them under
# $COUNT_REFS/build (outside the repository), never here:
#   git clone --depth 1 --filter=blob:none --sparse \
#       https://github.com/suzukiiichiro/N-Queens $COUNT_REFS/N-Queens
#   git -C $COUNT_REFS/N-Queens sparse-checkout set 05C
#   (the repository is large; only 05C/GCC13.c is used)
#   git clone https://github.com/EvgenyKluev/N-Queens-Count-Sol \
#       $COUNT_REFS/N-Queens-Count-Sol
# Both fix n in the source (Suzuki's loops n = 4..18 in main(), Kluev's
# has `size` in solcounter.h), so the build edits a copy of that one line
# per n. Flags: the harness's own, -O2 -g (C11 / C99 / C++20 as each
# needs). Without COUNT_REFS only the harness's rows are timed.
#
# Every answer is checked: totals against OEIS A000170, and the
# symmetry variant's classes against A002562 (n = 1..17: a sweep of
# n = 1..15 first, then the timed runs of 16 and 17). REPEAT (default 3)
# rounds; one round takes a few minutes on a 2-core machine (n = 18).
# ONLY=symmetry (or ONLY=split) times that variant's rows alone, so a
# change to one counter is measured without waiting on the other's.
set -euo pipefail
cd "$(dirname "$0")/.."
repeat=${REPEAT:-3}
refs=${COUNT_REFS:-}
make -s harness >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

suzuki="" kluev=""
if [ -n "$refs" ]; then
	b="$refs/build"
	mkdir -p "$b"
	src="$refs/N-Queens/05C/GCC13.c"
	if [ -f "$src" ]; then
		for n in 16 17; do
			sed "s/int min=4; int targetN=18;/int min=$n; int targetN=$n;/" \
				"$src" >"$b/suzuki_$n.c"
			gcc -O2 -g -std=c99 -pthread -w -o "$b/suzuki_$n" "$b/suzuki_$n.c"
		done
		suzuki="$b/suzuki"
	else
		echo "count.sh: no $src (git clone https://github.com/suzukiiichiro/N-Queens)" >&2
	fi
	k="$refs/N-Queens-Count-Sol"
	if [ -f "$k/solcounter.h" ]; then
		for n in 16 18; do
			mkdir -p "$b/kluev_$n"
			cp "$k"/*.h "$k/main.cpp" "$b/kluev_$n/"
			sed -i "s/inline constexpr int size = [0-9]*;/inline constexpr int size = $n;/" \
				"$b/kluev_$n/solcounter.h"
			g++ -std=c++20 -O2 -g -w -o "$b/kluev_$n/nqueens" "$b/kluev_$n/main.cpp"
		done
		kluev="$b/kluev"
	else
		echo "count.sh: no $k/solcounter.h (git clone https://github.com/EvgenyKluev/N-Queens-Count-Sol)" >&2
	fi
else
	echo "count.sh: COUNT_REFS unset: the harness only (see the header for the reference programs)" >&2
fi

echo "count.sh: $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg), $repeat rounds" >&2
python3 - "$tmp" "$repeat" "$suzuki" "$kluev" <<'PY'
import csv, os, statistics, subprocess, sys, time
tmp, repeat, suzuki, kluev = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
           2279184, 14772512, 95815104, 666090624]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053,
           1846955, 11977939, 83263591]
bad = []

def harness(n, variant, threads, pin):
    out = os.path.join(tmp, f"h{n}{variant}.csv")
    cmd = (["taskset", "-c", "0"] if pin else []) + [
        "./harness", "solve", "-q", "--timeout", "30m", "-n", str(n),
        "--count", f"backtrack:variant={variant},threads={threads}", "-o", out]
    return cmd, out

def run(cmd):
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    text = p.stdout.read()
    p.stdout.close()
    # CPU time of the process and the children it waited for (the
    # harness's run child): steadier than wall on a shared machine
    return wall, ru.ru_maxrss / 1024.0, text, status, ru.ru_utime + ru.ru_stime

def check_harness(out, n, variant):
    rows = list(csv.DictReader(open(out, newline='')))
    r = rows[-1]
    if r['status'] != 'ok' or int(r['solutions']) != A000170[n - 1]:
        bad.append(f"harness {variant} n={n}: {r['status']} {r['solutions']}")
    if variant == 'symmetry' and int(r['unique']) != A002562[n - 1]:
        bad.append(f"harness symmetry n={n}: unique {r['unique']}")
    return float(r['peak_rss_kib']) / 1024.0 if r.get('peak_rss_kib') else None

only = os.environ.get('ONLY', '')
if only not in ('', 'symmetry', 'split'):
    sys.exit(f"count.sh: ONLY={only}: symmetry or split")

# the unique sweep, n = 1..15 (16 and 17 are timed below)
for n in range(1, 16 if only in ('', 'symmetry') else 1):
    cmd, out = harness(n, 'symmetry', 2, False)
    run(cmd)
    check_harness(out, n, 'symmetry')

cases = []  # (label, n, [(name, cmd, checker)])
def case(label, n, variant, threads, pin, ref):
    if only and variant != only:
        return
    progs = []
    cmd, out = harness(n, variant, threads, pin)
    progs.append((f"harness {variant} threads={threads}", cmd,
                  lambda text, n=n, out=out, v=variant: check_harness(out, n, v)))
    if ref:
        progs.append(ref)
    cases.append((label, n, progs))

def suzuki_ref(n, pin):
    if not suzuki:
        return None
    def chk(text, n=n):
        for line in text.splitlines():
            f = line.split()
            if f and f[0] == f"{n}:":
                if int(f[1]) != A000170[n - 1] or int(f[2]) != A002562[n - 1]:
                    bad.append(f"suzuki n={n}: {f[1]} {f[2]}")
                return
        bad.append(f"suzuki n={n}: no answer")
    return ("Suzuki GCC13.c -r", (["taskset", "-c", "0"] if pin else []) +
            [f"{suzuki}_{n}", "-r"], chk)

def kluev_ref(n, threads, pin):
    if not kluev:
        return None
    def chk(text, n=n):
        for line in text.splitlines():
            if line.startswith("Result:"):
                if int(line.split()[1]) != A000170[n - 1]:
                    bad.append(f"kluev n={n}: {line}")
                return
        bad.append(f"kluev n={n}: no answer")
    return (f"Kluev nqueens {threads}", (["taskset", "-c", "0"] if pin else []) +
            [f"{kluev}_{n}/nqueens", str(threads)], chk)

case("symmetry, one core", 16, "symmetry", 1, True, suzuki_ref(16, True))
case("symmetry, both cores", 17, "symmetry", 2, False, suzuki_ref(17, False))
case("split, one core", 16, "split", 1, True, kluev_ref(16, 1, True))
case("split, both cores", 18, "split", 2, False, kluev_ref(18, 2, False))

walls, cpus, rss = {}, {}, {}
for rnd in range(repeat):
    for label, n, progs in cases:
        for name, cmd, chk in progs:
            wall, maxrss, text, status, cpu = run(cmd)
            r = chk(text)
            walls.setdefault((label, name), []).append(wall)
            cpus.setdefault((label, name), []).append(cpu)
            rss[(label, name)] = max(rss.get((label, name), 0), r or maxrss)

print("| case | n | program | median wall | median CPU | peak RSS | wall ratio | CPU ratio |")
print("|---|---|---|---|---|---|---|---|")
med = statistics.median
for label, n, progs in cases:
    ref = progs[1][0] if len(progs) > 1 else None
    for name, cmd, _ in progs:
        m, c = med(walls[(label, name)]), med(cpus[(label, name)])
        wr = cr = ""
        if ref and name != ref:
            wr = f"{m / med(walls[(label, ref)]):.2f}x"
            cr = f"{c / med(cpus[(label, ref)]):.2f}x"
        print(f"| {label} | {n} | {name} | {m:.3f} s | {c:.3f} s | {rss[(label, name)]:.1f} MB | {wr} | {cr} |")
print()
print(f"wall: median of {repeat} runs of the whole process, interleaved round by round;")
print("CPU: user + system time of the process and its children (the harness's run child);")
print("ratios: the harness's median over the reference program's, same case (below 1: faster).")
print("checked: totals against A000170, symmetry's and Suzuki's classes against A002562 (n = 1..17).")
for b in bad:
    print("WRONG:", b)
sys.exit(1 if bad else 0)
PY
echo "count.sh: load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
