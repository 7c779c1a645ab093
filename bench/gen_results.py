#!/usr/bin/env python3
"""gen_results.py - write a results CSV of N rows shaped like a merged paper
grid, for bench/results.sh and tests/e2e/reports.sh.

Usage: gen_results.py N [--no-approach] [--seed S] > out.csv

The columns are the harness's (core/store/columns.h). Rows come round by round
(repeat, then instance, then approach), as the harness writes them; the
grid is wide enough that N rows make about ten repeats of each cell:
8 approaches, modes count and first, n = 4.., first also with 4 hint
sets. Most runs end ok; large n time out for the slow approaches, and a
few runs end memout, crash, error or skipped (no times). Deterministic
for a given seed. --no-approach leaves out the `approach` column (files
from before it), and gives one approach two `options` values, so the
fallback grouping has to tell them apart.
"""
import random
import sys

COLUMNS = ("experiment,n,mode,solver,encoding,repeat,status,solutions,wall_s,"
           "cpu_s,peak_rss_kib,approach,checked,unique,hints,options,build_s,"
           "solve_s,vars,constraints,nonzeros,nodes,decisions,conflicts,"
           "iterations,timeout_s,seed,note").split(",")

APPROACHES = [  # solver, encoding, options, speed (s per "unit"), model?
    ("backtrack", "bitmask", "threads=1", 1e-7, False),
    ("backtrack", "textbook", "", 2e-6, False),
    ("backtrack", "symmetry", "threads=2", 6e-8, False),
    ("picosat", "pairwise", "", 4e-6, True),
    ("picosat", "sequential", "", 3e-6, True),
    ("glpk", "assignment", "", 9e-6, True),
    ("cbc", "assignment", "threads=1", 7e-6, True),
    ("dimacs", "pairwise", "solver=cadical", 2.5e-6, True),
]
HINTS = ["", "1:1", "1:2 3:5", "2:4 5:1 7:3", "1:3 2:6 4:2 8:8"]
TIMEOUT = 60


def main():
    args = sys.argv[1:]
    approach_col = "--no-approach" not in args
    args = [a for a in args if a != "--no-approach"]
    seed = 1
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i:i + 2]
    nrows = int(args[0]) if args else 500000
    rng = random.Random(seed)
    # instances: enough that N rows are ~10 repeats of every cell
    per_n = 1 + len(HINTS)  # count without hints, first with each hint set
    nn = max(1, nrows // (10 * len(APPROACHES) * per_n))
    instances = []
    for n in range(4, 4 + nn):
        instances.append((n, "count", ""))
        for h in HINTS:
            instances.append((n, "first", h))
    cols = [c for c in COLUMNS if approach_col or c != "approach"]
    out = sys.stdout
    w = out.write
    w(",".join(cols) + "\r\n")
    written = 0
    repeat = 0
    while written < nrows:
        repeat += 1
        for n, mode, hints in instances:
            for ai, (solver, enc, opts, speed, model) in enumerate(APPROACHES):
                if written >= nrows:
                    break
                if not approach_col and ai == 0 and repeat % 2 == 0:
                    opts = "threads=2"  # options that vary: a third key
                work = speed * n ** (2.6 if mode == "count" else 1.3)
                wall = work * rng.uniform(0.9, 1.25) + 0.0004
                st = "ok"
                u = rng.random()
                if wall > TIMEOUT:
                    st, wall = "timeout", TIMEOUT + rng.uniform(0, 0.05)
                elif u < 0.002:
                    st = "memout"
                elif u < 0.003:
                    st = "crash"
                elif u < 0.004:
                    st = "error"
                elif u < 0.006:
                    st = "skipped"
                times = st != "skipped"
                answered = st == "ok"
                label = solver + "/" + enc + (" [" + opts + "]" if opts else "")
                v = {
                    "experiment": "bench-grid",
                    "n": str(n),
                    "mode": mode,
                    "solver": solver,
                    "encoding": enc,
                    "repeat": str(repeat),
                    "status": st,
                    "solutions": str(n * 3) if answered else "",
                    "wall_s": "%.6f" % wall if times else "",
                    "cpu_s": "%.6f" % (wall * 0.98) if times else "",
                    "peak_rss_kib": str(2000 + n * 40) if times else "",
                    "approach": label,
                    "checked": "placement" if answered and mode == "first" else "",
                    "unique": "",
                    "hints": hints,
                    "options": opts,
                    "build_s": "%.6f" % (wall * 0.1) if answered and model else "",
                    "solve_s": "%.6f" % (wall * 0.9) if answered else "",
                    "vars": str(n * n) if model else "",
                    "constraints": str(n ** 3 // 2) if model else "",
                    "nonzeros": str(n ** 3) if model else "",
                    "nodes": str(int(work * 1e8)) if solver == "backtrack" and answered else "",
                    "decisions": str(n * 17) if solver == "picosat" and answered else "",
                    "conflicts": str(n * 5) if solver == "picosat" and answered else "",
                    "iterations": str(n * 31) if solver == "glpk" and answered else "",
                    "timeout_s": str(TIMEOUT),
                    "seed": "1",
                    "note": ('"killed after %d s, tree reaped"' % TIMEOUT
                             if st == "timeout" else
                             '"exit 1: ""bad, option"""' if st == "error" else ""),
                }
                w(",".join(v[c] for c in cols) + "\r\n")
                written += 1


if __name__ == "__main__":
    main()
