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
#   split, n = 20 on both cores, threads=2      vs Kluev's, 2 threads
#       (only with N20=1: about two minutes a run per program, so in
#       the first N20_REPEAT rounds only, default 3)
#
# Each case is timed for the harness twice, the plain build (./harness,
# -O2 -g, portable) and `make NATIVE=1` (build/native/harness, -O3
# -march=native -g), against the reference program built the way its
# author says, at its best on this CPU:
#   Suzuki: gcc -O3 -march=native -g -std=c99 -pthread (GCC13.c's header
#       says `gcc -Wall -W -O3 -g -ftrapv -std=c99 -pthread`; -ftrapv, a
#       check that traps on signed overflow, is left out: it made the
#       program about 1.5x slower here)
#   Kluev: g++ -std=c++20 -O3 -march=native (README: `g++ -std=c++20
#       -march=haswell -mtune=haswell -O3 main.cpp`), with BMI2
#       (bmintrin.h's `#include "bmi2.h"`) and prefetch (prefetch.h's
#       `#include "prefetchx86.h"`) switched on where /proc/cpuinfo has
#       bmi2 and sse, and cfg in solcounter.h set to the board size's row
#       of the author's own table there (sieveCuts, matchMinSize,
#       bmiIntrin, prefetch)
# The table's build column and the lines under it give the exact flags.
#
# Usage: bench/count.sh              (--help: this text)
#        COUNT_REFS=/path/to/refs REPEAT=3 bench/count.sh
#        ONLY=split bench/count.sh    only the rows of one variant
#                                     (symmetry or split; default both)
#        N20=1 N20_REPEAT=3 ONLY=split bench/count.sh
#                                     the n = 20 case too (Kluev's table
#                                     row n = 20 has prefetch `*`, left
#                                     to the user: it is built with
#                                     prefetch on, as the neighbouring
#                                     sizes have it)
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
# per n (and, for Kluev's, the cfg lines and the two switches above).
# Without COUNT_REFS only the harness's rows are timed.
#
# Every answer is checked: totals against OEIS A000170, and the
# symmetry variant's classes against A002562 (n = 1..17: a sweep of
# n = 1..15 first, both builds, then the timed runs of 16 and 17). REPEAT
# (default 3) rounds; one round takes a few minutes on a 2-core machine
# (n = 18).
case ${1:-} in -h | --help) # this header, without the runs
	sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
set -euo pipefail
cd "$(dirname "$0")/.."
repeat=${REPEAT:-3}
refs=${COUNT_REFS:-}
make -s NATIVE= harness >/dev/null
make -s NATIVE=1 build/native/harness >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the CPU's flags: BMI2 and prefetch for Kluev's switches
cpuflags=" $(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | cut -d: -f2) "
has() { case "$cpuflags" in *" $1 "*) return 0;; esac; return 1; }
suzuki="" kluev="" suzuki_flags="" kluev_flags="" kluev_cfg=""
if [ -n "$refs" ]; then
	b="$refs/build"
	mkdir -p "$b"
	src="$refs/N-Queens/05C/GCC13.c"
	suzuki_flags="-O3 -march=native -g -std=c99 -pthread -w"
	if [ -f "$src" ]; then
		for n in 16 17; do
			sed "s/int min=4; int targetN=18;/int min=$n; int targetN=$n;/" \
				"$src" >"$b/suzuki_$n.c"
			grep -q "int min=$n; int targetN=$n;" "$b/suzuki_$n.c" ||
				{ echo "count.sh: $src: no 'int min=4; int targetN=18;' to set n" >&2; exit 1; }
			# shellcheck disable=SC2086
			gcc $suzuki_flags -o "$b/suzuki_$n" "$b/suzuki_$n.c"
		done
		suzuki="$b/suzuki"
	else
		echo "count.sh: no $src (git clone https://github.com/suzukiiichiro/N-Queens)" >&2
	fi
	k="$refs/N-Queens-Count-Sol"
	kluev_flags="-std=c++20 -O3 -march=native -w"
	if [ -f "$k/solcounter.h" ]; then
		bmi=0 pf=0
		has bmi2 && bmi=1
		has sse && pf=1
		kn="16 18"
		[ "${N20:-}" = 1 ] && kn="16 18 20"
		for n in $kn; do
			d="$b/kluev_$n"
			rm -rf "$d"
			mkdir -p "$d"
			cp "$k"/*.h "$k/main.cpp" "$d/"
			# the author's switches: uncomment the include that allows
			# the instructions (bmintrin.h, prefetch.h)
			[ $bmi = 1 ] && sed -i 's|^//#include "bmi2.h"|#include "bmi2.h"|' "$d/bmintrin.h"
			[ $pf = 1 ] && sed -i 's|^//#include "prefetchx86.h"|#include "prefetchx86.h"|' "$d/prefetch.h"
			# this n's row of the table in solcounter.h's cfg comments
			row=$(python3 - "$d/solcounter.h" "$n" "$bmi" "$pf" <<'PY'
import re, sys
path, n, bmi, pf = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4] == "1"
sizes, rows = None, {}
for line in open(path):
    m = re.search(r'//\s*s=\s*(.*)$', line)
    if m:
        sizes = m.group(1).split()
        continue
    m = re.match(r'\s*\.(\w+)\s*=\s*[^,]*,\s*//\s*(.*)$', line)
    if m and sizes:
        rows[m.group(1)] = dict(zip(sizes, m.group(2).split()))
    m = re.match(r'\s*//\s*Subsquare Symmetry\s+(.*)$', line)
    if m and sizes:
        rows['symmetry'] = dict(zip(sizes, m.group(1).split()))
if not sizes or n not in sizes:
    sys.exit(f"count.sh: {path}: no column for n = {n} in cfg's table")
out = []
for key in ("sieveCuts", "matchMinSize", "bmiIntrin", "prefetch"):
    v = rows.get(key, {}).get(n)
    # n = 20's prefetch is `*` (either): on, as for n = 19 and 22
    if v == "*" and key == "prefetch":
        v = "T"
    if v is None or v == "*":
        sys.exit(f"count.sh: {path}: {key} for n = {n} is {v!r} in the table")
    if v in ("T", "F"):
        v = "true" if v == "T" else "false"
        # a switch the CPU lacks stays off (the include is not there)
        if (key == "bmiIntrin" and not bmi) or (key == "prefetch" and not pf):
            v = "false"
    out.append(f"{key}={v}")
# the source's Quarter is the NoSy (QNoSymmetry) column; RowS would need more
if rows.get('symmetry', {}).get(n, "NoSy") != "NoSy":
    sys.exit(f"count.sh: {path}: n = {n} wants {rows['symmetry'][n]}, not scripted")
print(" ".join(out))
PY
)
			for kv in $row; do
				key=${kv%%=*} val=${kv#*=}
				sed -i "s/\.$key = [a-z0-9]*,/.$key = $val,/" "$d/solcounter.h"
				grep -q "\.$key = $val," "$d/solcounter.h" ||
					{ echo "count.sh: $d/solcounter.h: cannot set $key" >&2; exit 1; }
			done
			sed -i "s/inline constexpr int size = [0-9]*;/inline constexpr int size = $n;/" \
				"$d/solcounter.h"
			grep -q "inline constexpr int size = $n;" "$d/solcounter.h" ||
				{ echo "count.sh: $d/solcounter.h: cannot set size" >&2; exit 1; }
			# shellcheck disable=SC2086
			g++ $kluev_flags -o "$d/nqueens" "$d/main.cpp"
			kluev_cfg="$kluev_cfg${kluev_cfg:+; }n=$n: $row"
		done
		kluev_cfg="BMI2 $([ $bmi = 1 ] && echo on || echo off), prefetch $([ $pf = 1 ] && echo on || echo off); $kluev_cfg"
		kluev="$b/kluev"
	else
		echo "count.sh: no $k/solcounter.h (git clone https://github.com/EvgenyKluev/N-Queens-Count-Sol)" >&2
	fi
else
	echo "count.sh: COUNT_REFS unset: the harness only (see the header for the reference programs)" >&2
fi

echo "count.sh: $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg), $repeat rounds" >&2
python3 - "$tmp" "$repeat" "$suzuki" "$kluev" "${ONLY:-}" \
	"$suzuki_flags" "$kluev_flags" "$kluev_cfg" "${N20:-}" "${N20_REPEAT:-3}" <<'PY'
import csv, os, statistics, subprocess, sys, time
tmp, repeat, suzuki, kluev = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
only = sys.argv[5]
suzuki_flags, kluev_flags, kluev_cfg = sys.argv[6], sys.argv[7], sys.argv[8]
n20, n20_repeat = sys.argv[9] == "1", int(sys.argv[10])
# the harness's two builds: (name, binary, build column)
BUILDS = [("harness", "./harness", "make: -O2 -g"),
          ("harness NATIVE=1", "build/native/harness", "make NATIVE=1: -O3 -march=native -g")]
if only not in ("", "symmetry", "split"):
    sys.exit(f"count.sh: ONLY={only}: symmetry or split")
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
           2279184, 14772512, 95815104, 666090624, 4968057848, 39029188884]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053,
           1846955, 11977939, 83263591]
bad = []

def harness(n, variant, threads, pin, binary="./harness"):
    out = os.path.join(tmp, f"h{n}{variant}{binary.replace('/', '_')}.csv")
    cmd = (["taskset", "-c", "0"] if pin else []) + [
        binary, "solve", "-q", "--timeout", "30m", "-n", str(n),
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

def check_harness(out, n, variant, who="harness"):
    rows = list(csv.DictReader(open(out, newline='')))
    r = rows[-1]
    if r['status'] != 'ok' or int(r['solutions']) != A000170[n - 1]:
        bad.append(f"{who} {variant} n={n}: {r['status']} {r['solutions']}")
    if variant == 'symmetry' and int(r['unique']) != A002562[n - 1]:
        bad.append(f"{who} symmetry n={n}: unique {r['unique']}")
    return float(r['peak_rss_kib']) / 1024.0 if r.get('peak_rss_kib') else None

# the unique sweep, n = 1..15 (16 and 17 are timed below)
for n in range(1, 16) if only != "split" else ():
    for who, binary, _ in BUILDS:
        cmd, out = harness(n, 'symmetry', 2, False, binary)
        run(cmd)
        check_harness(out, n, 'symmetry', who)

cases = []  # (label, n, [(name, cmd, checker, build)]), the reference last
def case(label, n, variant, threads, pin, ref, rounds=None):
    if only and variant != only:
        return
    progs = []
    for who, binary, build in BUILDS:
        cmd, out = harness(n, variant, threads, pin, binary)
        progs.append((f"{who} {variant} threads={threads}", cmd,
                      lambda text, n=n, out=out, v=variant, w=who: check_harness(out, n, v, w),
                      build))
    if ref:
        progs.append(ref)
    cases.append((label, n, progs, bool(ref), rounds or repeat))

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
            [f"{suzuki}_{n}", "-r"], chk, f"gcc {suzuki_flags}")

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
            [f"{kluev}_{n}/nqueens", str(threads)], chk,
            f"g++ {kluev_flags}, table row n={n}")

case("symmetry, one core", 16, "symmetry", 1, True, suzuki_ref(16, True))
case("symmetry, both cores", 17, "symmetry", 2, False, suzuki_ref(17, False))
case("split, one core", 16, "split", 1, True, kluev_ref(16, 1, True))
case("split, both cores", 18, "split", 2, False, kluev_ref(18, 2, False))
if n20:
    case("split, both cores", 20, "split", 2, False, kluev_ref(20, 2, False),
         min(repeat, n20_repeat))

walls, cpus, rss = {}, {}, {}
for rnd in range(repeat):
    for label, n, progs, _, rounds in cases:
        if rnd >= rounds:
            continue
        for name, cmd, chk, _ in progs:
            wall, maxrss, text, status, cpu = run(cmd)
            r = chk(text)
            walls.setdefault((label, n, name), []).append(wall)
            cpus.setdefault((label, n, name), []).append(cpu)
            rss[(label, n, name)] = max(rss.get((label, n, name), 0), r or maxrss)

print("| case | n | program | build | median wall | median CPU | peak RSS | wall ratio | CPU ratio |")
print("|---|---|---|---|---|---|---|---|---|")
med = statistics.median
for label, n, progs, has_ref, _ in cases:
    ref = progs[-1][0] if has_ref else None
    for name, cmd, _, build in progs:
        m, c = med(walls[(label, n, name)]), med(cpus[(label, n, name)])
        wr = cr = ""
        if ref and name != ref:
            wr = f"{m / med(walls[(label, n, ref)]):.2f}x"
            cr = f"{c / med(cpus[(label, n, ref)]):.2f}x"
        print(f"| {label} | {n} | {name} | {build} | {m:.3f} s | {c:.3f} s | {rss[(label, n, name)]:.1f} MB | {wr} | {cr} |")
print()
print("builds: harness `make` (cc -O2 -g), harness `make NATIVE=1` (cc -O3 -march=native -g);")
if suzuki:
    print(f"  Suzuki: gcc {suzuki_flags} GCC13.c (n fixed in main());")
if kluev:
    print(f"  Kluev: g++ {kluev_flags} main.cpp; {kluev_cfg}.")
print(f"wall: median of {repeat} runs of the whole process, interleaved round by round"
      + (f" (n = 20: {min(repeat, n20_repeat)})" if n20 and only != "symmetry" else "") + ";")
print("CPU: user + system time of the process and its children (the harness's run child);")
print("ratios: each harness build's median over the reference program's, same case (below 1: faster).")
print("checked: totals against A000170, symmetry's and Suzuki's classes against A002562 (n = 1..17).")
for b in bad:
    print("WRONG:", b)
sys.exit(1 if bad else 0)
PY
echo "count.sh: load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
