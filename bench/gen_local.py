#!/usr/bin/env python3
"""gen_local.py - write a results CSV of N rows shaped like a local-search
experiment (issue 31), for timing `report` and `plot` on randomised
methods and for tests/e2e/randomised.sh.

Usage: gen_local.py N [--seed S] > out.csv

The columns are the harness's (core/store/columns.h) with ABI 7's
`steps` and `restarts`, without the digest. The textbook's 8-queens
methods (Russell and Norvig, ch. 4) each run many seeded repeats on
n = 8, with success rates and step counts near the book's (steepest
ascent 14 % in about 4 steps, stuck after about 3; sideways moves 94 % in
about 21, stuck after 64; random restart always, restarts counted);
min-conflicts also on n = 100 and 1000. Runs end ok or unsolved, a few
timeout (no steps), one in 200 error (steps left in: they must not
count). Deterministic for a given seed.
"""
import random
import sys

COLUMNS = ("experiment,n,mode,solver,encoding,repeat,status,solutions,"
           "wall_s,cpu_s,peak_rss_kib,approach,checked,unique,hints,"
           "options,nodes,timeout_s,seed,note,steps,restarts").split(",")

# approach, p(solved), mean steps solved, mean steps stuck, restarts?
METHODS = [
    ("hill-climbing", 0.14, 4, 3, False),
    ("hill-climbing-sideways", 0.94, 21, 64, False),
    ("random-restart", 1.0, 22, 0, True),
    ("simulated-annealing", 0.9, 300, 2000, False),
    ("minconflicts", 1.0, 40, 0, False),
]
TIMEOUT = 10


def main():
    args = sys.argv[1:]
    seed = 1
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i:i + 2]
    nrows = int(args[0]) if args else 20000
    rng = random.Random(seed)
    cells = [(m, 8) for m in METHODS] + [(METHODS[-1], 100),
                                         (METHODS[-1], 1000)]
    w = sys.stdout.write
    w(",".join(COLUMNS) + "\n")
    rep = 0
    written = 0
    while written < nrows:
        rep += 1
        for (name, p, ms, mu, rs), n in cells:
            if written >= nrows:
                break
            row = dict.fromkeys(COLUMNS, "")
            row.update(experiment="local", n=n, mode="first",
                       solver=name, repeat=rep, approach=name,
                       timeout_s=TIMEOUT, seed=rep, peak_rss_kib=512)
            restarts = 0
            if rs:  # random restart: steepest ascent until one works
                while rng.random() > 0.14:
                    restarts += 1
                steps = sum(rng.randint(2, 5) for _ in range(restarts)) \
                    + rng.randint(2, 6)
                ok = True
            else:
                ok = rng.random() < p
                mean = (ms if ok else mu) * (1 if n == 8 else n / 20)
                steps = max(0, int(rng.expovariate(1 / mean) + 0.5))
            r = rng.random()
            wall = (steps + 1) * 2e-6 * (1 + rng.random())
            if r < 0.01:
                row.update(status="timeout", wall_s="%.6f" % TIMEOUT,
                           cpu_s="%.6f" % TIMEOUT, note="timed out")
            elif r < 0.015:
                row.update(status="error", note="stopped", steps=steps,
                           wall_s="%.6f" % wall, cpu_s="%.6f" % wall)
            else:
                row.update(status="ok" if ok else "unsolved",
                           solutions=1 if ok else "",
                           checked="placement" if ok else "",
                           wall_s="%.6f" % wall,
                           cpu_s="%.6f" % (wall * 0.9), steps=steps,
                           restarts=restarts)
            w(",".join(str(row[c]) for c in COLUMNS) + "\n")
            written += 1


if __name__ == "__main__":
    main()
