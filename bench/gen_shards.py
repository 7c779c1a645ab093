#!/usr/bin/env python3
"""gen_shards.py - write N synthetic shards of one experiment, with
consistent .meta files, for bench/merge.sh.

Usage: gen_shards.py HARNESS DIR [--rows R] [--shards N] [--instances I]

Writes DIR/bench.yaml (10 approaches; I instances, default 2,000:
first mode n = 5.., count mode n = 4..103, first mode n = 4 last;
repeat chosen so the plan holds about R rows, default 1,000,000), asks `HARNESS plan --list --shards N` for every run key and
its shard, and writes DIR/bench.shard-K-of-N.csv (the harness's columns,
read from core/store/columns.h; rows in one run's order: instance, repeat,
approach) and .meta (harness_version, config and its SHA-256, host,
cpu, cores, outcome, shard). Every answer is right and the approaches
agree (counts from OEIS A000170 where known, one shared number past
it), so the merge's ledger has a verdict to settle for every row.
"""
import hashlib
import os
import re
import subprocess
import sys

A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
           2279184, 14772512, 95815104, 666090624, 4968057848, 39029188884,
           314666222712, 2691008701644, 24233937684440, 227514171973736,
           2207893435808352, 22317699616364044, 234907967154122528]

APPROACHES = """approaches:
  - backtrack: {variant: [textbook, array, mrv]}
  - picosat: {encoding: [pairwise, sequential, commander, product, binary, ladder]}
  - glpk: {model: assignment}
"""
NAPPROACHES = 10


def columns():
    # the column table: X(ID, "name", ...) rows of NQ_COLUMNS
    src = open(os.path.join(os.path.dirname(__file__), "..", "core", "store", "columns.h")).read()
    body = src.split("#define NQ_COLUMNS(X)", 1)[1].split("\n\n", 1)[0]
    return re.findall(r'\bX\([A-Z_]+, "([a-z_0-9]+)"', body)


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    harness, out = args[0], args[1]
    rows = int(args[args.index("--rows") + 1]) if "--rows" in args else 1000000
    nsh = int(args[args.index("--shards") + 1]) if "--shards" in args else 16
    ninst = int(args[args.index("--instances") + 1]) if "--instances" in args else 2000
    count_n = 100
    first_n = ninst - count_n
    if first_n < 2:
        sys.exit("gen_shards.py: --instances takes 102 or more")
    repeat = max(1, round(rows / ((first_n + count_n) * NAPPROACHES)))
    os.makedirs(out, exist_ok=True)
    config = os.path.join(out, "bench.yaml")
    with open(config, "w") as f:
        f.write(f"# bench/gen_shards.py: ~{rows} rows in {nsh} shards\n"
                f"experiment: bench\nrepeat: {repeat}\ntimeout: 10s\n"
                f"instances:\n  - n: 5..{3 + first_n}\n    mode: first\n"
                f"  - n: 4..{3 + count_n}\n    mode: count\n"
                # last in the plan, so the run bench/scale.sh takes out
                # (the last row: README, Edited files) is over in a
                # moment and no other row's verdict rests on it
                f"  - n: 4\n    mode: first\n" + APPROACHES)
    plan = subprocess.run([harness, "plan", config, "--list", "--shards", str(nsh)],
                          capture_output=True, text=True, check=True).stdout
    version = re.match(r"harness (\S+)", subprocess.run(
        [harness, "version"], capture_output=True, text=True).stdout).group(1)
    sha = hashlib.sha256(open(config, "rb").read()).hexdigest()
    cols = columns()
    inst, appr, keyed = {}, {}, []
    for line in plan.splitlines()[1:]:  # below the header line
        cells = line.split("\t")
        if len(cells) == 6:             # --shards 1 lists no shard
            cells.insert(0, "1/1")
        shard, exp, n, mode, hints, approach, rep = cells
        i = inst.setdefault((n, mode, hints), len(inst))
        a = appr.setdefault(approach, len(appr))
        keyed.append(((i, int(rep), a), int(shard.split("/")[0]), n, mode,
                      approach, rep))
    keyed.sort()
    files = {k: open(os.path.join(out, f"bench.shard-{k}-of-{nsh}.csv"), "w",
                     newline="") for k in range(1, nsh + 1)}
    counts = dict.fromkeys(files, 0)
    # the digest column (README: Edited files): each row chained to the
    # one before, the first to the header
    prev = {}
    for k, f in files.items():
        f.write(",".join(cols) + "\r\n")
        prev[k] = hashlib.sha256(",".join(cols).encode()).hexdigest()[:16]
    for _, k, n, mode, approach, rep in keyed:
        solver, _, enc = approach.partition("/")
        nn = int(n)
        if mode == "first":
            sol, checked = "1", "placement"
        else:
            sol = str(A000170[nn - 1]) if nn <= 27 else "123456"
            checked = "oeis" if nn <= 27 else f"agrees:{NAPPROACHES - 1}"
        v = {"experiment": "bench", "n": n, "mode": mode, "solver": solver,
             "encoding": enc, "repeat": rep, "status": "ok", "solutions": sol,
             "wall_s": "0.012345", "cpu_s": "0.012000", "peak_rss_kib": "3456",
             "approach": approach, "checked": checked, "build_s": "0.001000",
             "solve_s": "0.011000", "nodes": "12345", "timeout_s": "10",
             "seed": "1", "note": "", "measured_by": "cgroup-v2",
             "cpus": "1"}
        cells = "".join(v.get(c, "") + "," for c in cols if c != "digest")
        if "digest" in cols:
            prev[k] = hashlib.sha256((prev[k] + cells).encode()).hexdigest()[:16]
            cells += prev[k]
        files[k].write(cells.rstrip(",") + "\r\n" if "digest" not in cols
                       else cells + "\r\n")
        counts[k] += 1
    for k, f in files.items():
        f.close()
        with open(os.path.join(out, f"bench.shard-{k}-of-{nsh}.meta"), "w") as m:
            m.write(f'# The machine and software behind bench.shard-{k}-of-{nsh}.csv\n'
                    f'harness_version: "{version}"\nexperiment: "bench"\n'
                    f'results: "bench.shard-{k}-of-{nsh}.csv"\n'
                    f'config: "{config}"\nconfig_sha256: "{sha}"\n'
                    f'outcome: "ok"\nrows: {counts[k]}\nrepeat: {repeat}\n'
                    f'cpu: "Synthetic CPU {k % 3}"\ncores: {8 * (1 + k % 2)}\n'
                    f'host: "node{k:02d}"\nshard: "{k}/{nsh}"\n')
    print(f"{len(keyed)} rows in {nsh} shards, {out}/bench.shard-*-of-{nsh}.csv")


if __name__ == "__main__":
    main()
