#!/usr/bin/env bash
# hard.sh - the published hard instances of Gent, Jefferson and
# Nightingale ("Complexity of n-Queens Completion", JAIR 59, 2017; CSPLib
# prob079 and prob080) through `backtrack: {variant: prop}`, side by side
# with the paper's own fastest solver, shiftqueens, built here from the
# published source with its authors' flags (g++ -O3 -march=native), and
# every answer held to the published one (issue 33).
#
#   SET=peaks    Excluded Diagonals at the peak of each n (the M where
#                about half are soluble: n = 18..21 at M = 16..19), the
#                published diag-N files, the first M entries each; the
#                answers against run-diags-shiftqueens-processed.txt.gz;
#                shiftqueens timed on the same instances, in the same
#                round (per n: the harness's runs, then shiftqueens').
#   SET=blocked  the 400 ASP-competition Blocked instances (n = 28, 48,
#                50, 56), through the harness alone; the answers against
#                run-aspbenchmarks-lingeling-python.txt.gz.
#   SET=beyond   past the paper: the published generator
#                (queens-diag-gen.py n 4 seed) at M = n - 2 for n =
#                22..30, prop alone under TIMEOUT (no published answer:
#                a placement is checked by the harness's validator, a
#                "none" stands on prop's proof alone).
#
# A diag file's pair [d, 1] excludes sum diagonal d (row + col, 0-based),
# [d, 0] the difference diagonal d - (n - 1); shiftqueens reads the
# latter as col - row, the format's note as row - col: the two are each
# other's transpose, with the same answer. Here it is the harness's
# `excluded: {antidiagonals: [d + 1]}` and `{diagonals: [d + 1]}`
# (1-based, col - row + n), shiftqueens' way.
#
# Usage: CSPLIB=/path/to/csplib bench/hard.sh
#        CSPLIB=... SET=peaks SIZES="20 21" SAMPLE=30 REPEAT=3 bench/hard.sh
#        CSPLIB=... SET=blocked bench/hard.sh
#        CSPLIB=... SET=beyond SIZES="22 24" SEEDS="1 2 3" TIMEOUT=600 bench/hard.sh
# SAMPLE=K (peaks): the K instances of each n with the most published
# shiftqueens nodes and K more spread over the rest (default: all 1000).
# SQ=0 (peaks): shiftqueens not run; its columns are then the published
# seconds (the paper's machine, about 3x slower than a 2020s core).
# Wall seconds are what a user waits; on a shared machine the CPU
# seconds (shiftqueens' own user time, the harness's cpu_s of prop's
# runs, both its threads) say more about the work.
# PROP sets the approach ("backtrack: {variant: prop}", one thread per
# core; "backtrack: {variant: prop, threads: 1}" for one). CSPLIB is a
# checkout of github.com/csplib/csplib with the tarballs unpacked or not
# (they are unpacked under a temporary folder); nothing of it is copied
# into the repository. The harness is ./harness (make it first).
set -euo pipefail
cd "$(dirname "$0")/.."
case ${1:-} in -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;; esac
: "${CSPLIB:?CSPLIB=/path/to/a/csplib/checkout (see bench/hard.sh --help)}"
SET=${SET:-peaks}
REPEAT=${REPEAT:-1}
TIMEOUT=${TIMEOUT:-600}
SAMPLE=${SAMPLE:-all}
SEEDS=${SEEDS:-"1"}
PROP=${PROP:-"backtrack: {variant: prop}"}
p79=$CSPLIB/Problems/prob079
p80=$CSPLIB/Problems/prob080
[ -d "$p79" ] && [ -d "$p80" ] || { echo "hard.sh: $CSPLIB has no Problems/prob079 and prob080" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

SQ=${SQ:-1}
[ "$SET" = peaks ] && SIZES=${SIZES:-"18 19 20 21"}
if [ "$SET" = peaks ] && [ "$SQ" != 0 ]; then
	g++ -O3 -march=native -o "$tmp/shiftqueens" "$p79/models/shiftqueensdiags.cc"
fi
python3 - "$SET" "$tmp" "$p79" "$p80" "$REPEAT" "$TIMEOUT" "$SAMPLE" "${SIZES:-22 24 26 28 30}" "$SEEDS" "$PROP" "$SQ" <<'PY'
import csv, gzip, os, re, statistics, subprocess, sys, tarfile, time
SET, tmp, p79, p80, repeat, timeout, sample, sizes, seeds, prop, SQ = sys.argv[1:]
repeat = int(repeat)
sizes = [int(x) for x in sizes.split()]
PEAK = {16: 14, 17: 15, 18: 16, 19: 17, 20: 18, 21: 19}

def nums(path):
    return [int(x) for x in re.findall(r"-?\d+", open(path).read())]

def unpack(tgz, sub):
    d = os.path.join(tmp, sub)
    if not os.path.isdir(d):
        with tarfile.open(tgz) as t:
            t.extractall(d)
    return d

def entry(n, pairs):
    diag = sorted({d + 1 for d, k in pairs if k == 0})
    anti = sorted({d + 1 for d, k in pairs if k == 1})
    return ("  - {n: %d, mode: first, excluded: {diagonals: [%s], "
            "antidiagonals: [%s]}}" % (n, ", ".join(map(str, diag)),
                                      ", ".join(map(str, anti))))

def harness(name, entries, extra=""):
    """Run the entries; per entry in order: (answers, median wall, median CPU)."""
    y, out = os.path.join(tmp, name + ".yaml"), os.path.join(tmp, name + ".csv")
    with open(y, "w") as f:
        f.write("experiment: hard\nrepeat: %d\ntimeout: %ss\n%sinstances:\n"
                % (repeat, timeout, extra))
        f.write("\n".join(entries) + "\napproaches:\n  - " + prop + "\n")
    subprocess.run(["./harness", "run", y, "-q", "-o", out],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rows, order = {}, []
    for r in csv.DictReader(open(out)):
        h = r["instance_hash"]
        if h not in rows:
            rows[h] = []
            order.append(h)
        rows[h].append(r)
    res = []
    for h in order:
        rs = rows[h]
        ans = {r["solutions"] if r["status"] == "ok" else r["status"] for r in rs}
        res.append((ans, statistics.median(float(r["wall_s"]) for r in rs),
                    statistics.median(float(r["cpu_s"] or 0) for r in rs)))
    return res

def fmt(x):
    return "%.3f" % x

if SET == "peaks":
    pub = {}
    for line in gzip.open(os.path.join(p79, "results/run-diags-shiftqueens-processed.txt.gz"), "rt"):
        f = line.split()
        m = re.search(r"Solutions: (\d+) Nodes: (\d+) Timeout: \d+ Time: ([0-9.]+)", line)
        if m:
            pub[(int(f[0]), int(f[1]), int(f[3]))] = (m.group(1), int(m.group(2)), float(m.group(3)))
    if SQ == "0":
        print("(shiftqueens not run: its columns are the published seconds, the paper's machine)\n")
    print("| n | M | instances | soluble (published) | shiftqueens s (all) | prop s (all) | ratio | CPU s: shiftqueens, prop (ratio) | shiftqueens max s | prop max s | prop slower (by > 2 ms) | answers equal |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    T = [0.0, 0.0, 0.0, 0.0]
    for n in sizes:
        M = PEAK[n]
        d = unpack(os.path.join(p79, "data/diag-%d.tar.gz" % n), "diag-%d" % n)
        files = {}
        for root, _, fs in os.walk(d):
            for fn in fs:
                m = re.match(r"diag-%d-4-(\d+)\.param$" % n, fn)
                if m:
                    files[int(m.group(1))] = os.path.join(root, fn)
        ids = sorted(i for i in files if (n, M, i) in pub)
        if sample != "all":
            k = int(sample)
            hard = sorted(ids, key=lambda i: -pub[(n, M, i)][1])[:k]
            rest = [i for i in ids if i not in hard]
            ids = hard + rest[::max(1, len(rest) // k)][:k]
        entries, sq_in = [], []
        for i in ids:
            v = nums(files[i])
            pairs = list(zip(v[2::2], v[3::2]))[:M]
            entries.append(entry(n, pairs))
            sq_in.append("%d %d\n%s\n" % (n, len(pairs), " ".join("%d %d" % p for p in pairs)))
        got = harness("peaks-%d" % n, entries)
        sq = []
        for s in (sq_in if SQ != "0" else []):
            ts, cs, ans = [], [], None
            for _ in range(repeat):
                t0 = time.perf_counter()
                o = subprocess.run([os.path.join(tmp, "shiftqueens"), str(M)], input=s,
                                   capture_output=True, text=True).stdout
                ts.append(time.perf_counter() - t0)
                ans = "1" if "Solution Found" in o else "0" if "No solution" in o else "?"
                m = re.search(r"Time: ([0-9.]+)", o)  # its own user CPU
                cs.append(float(m.group(1)) if m else 0.0)
            sq.append((ans, statistics.median(ts), statistics.median(cs)))
        if SQ == "0":
            sq = [(pub[(n, M, i)][0], pub[(n, M, i)][2], pub[(n, M, i)][2]) for i in ids]
        equal = sum(1 for i, g, q in zip(ids, got, sq)
                    if g[0] == {pub[(n, M, i)][0]} and q[0] == pub[(n, M, i)][0])
        slower = sum(1 for g, q in zip(got, sq) if g[1] > q[1])
        slower2 = sum(1 for g, q in zip(got, sq) if g[1] > q[1] + 0.002)
        a, b = sum(q[1] for q in sq), sum(g[1] for g in got)
        ca, cb = sum(q[2] for q in sq), sum(g[2] for g in got)
        T[0] += a
        T[1] += b
        T[2] += ca
        T[3] += cb
        print("| %d | %d | %d | %d | %s | %s | %.3fx | %s, %s (%.3fx) | %s | %s | %d (%d) | %d of %d |" % (
            n, M, len(ids), sum(pub[(n, M, i)][0] == "1" for i in ids), fmt(a), fmt(b),
            b / a if a else 0, fmt(ca), fmt(cb), cb / ca if ca else 0,
            fmt(max(q[1] for q in sq)), fmt(max(g[1] for g in got)),
            slower, slower2, equal, len(ids)))
    print("\nall: shiftqueens %s s, prop %s s, ratio %.3fx; CPU %s s, %s s, ratio %.3fx" % (
        fmt(T[0]), fmt(T[1]), T[1] / T[0] if T[0] else 0,
        fmt(T[2]), fmt(T[3]), T[3] / T[2] if T[2] else 0))
elif SET == "blocked":
    pub = {}
    for line in gzip.open(os.path.join(p80, "results/run-aspbenchmarks-lingeling-python.txt.gz"), "rt"):
        f = line.split()
        pub[(int(f[0]), f[2])] = f[4]
    d = unpack(os.path.join(p80, "data/asp-competition-instances.tar.gz"), "asp")
    files = sorted(os.path.join(r, fn) for r, _, fs in os.walk(d) for fn in fs
                   if re.match(r"blockedqueens\.\d+\.\d+\.param$", fn))
    entries = ["  - {file: %s, mode: first}" % f for f in files]
    got = harness("blocked", entries)
    by = {}
    for f, g in zip(files, got):
        _, n, i, _ = os.path.basename(f).split(".")
        by.setdefault(int(n), []).append((g, pub.get((int(n), i))))
    print("| n | instances | soluble (published) | prop s (all) | prop max s | prop max CPU s | answers equal |")
    print("|---|---|---|---|---|---|---|")
    for n in sorted(by):
        r = by[n]
        print("| %d | %d | %d | %s | %s | %s | %d of %d |" % (
            n, len(r), sum(p == "1" for _, p in r), fmt(sum(g[1] for g, _ in r)),
            fmt(max(g[1] for g, _ in r)), fmt(max(g[2] for g, _ in r)),
            sum(g[0] == {p} for g, p in r), len(r)))
elif SET == "beyond":
    gen = os.path.join(p79, "data/queens-diag-gen.py")
    print("| n | M | seed | answer | prop s | prop CPU s |")
    print("|---|---|---|---|---|---|")
    for n in sizes:
        for seed in seeds.split():
            out = subprocess.run(["python3", gen, str(n), "4", seed], capture_output=True,
                                 text=True, check=True).stdout
            v = [int(x) for x in re.findall(r"\d+", out)]
            pairs = list(zip(v[2::2], v[3::2]))[:n - 2]
            (ans, t, c), = harness("beyond-%d-%s" % (n, seed), [entry(n, pairs)])
            a = ans.pop() if len(ans) == 1 else "/".join(sorted(ans))
            print("| %d | %d | %s | %s | %s | %s |" % (n, n - 2, seed,
                  {"1": "SAT", "0": "UNSAT"}.get(a, a), fmt(t), fmt(c)))
else:
    sys.exit("hard.sh: SET is peaks, blocked or beyond, not %r" % SET)
PY
