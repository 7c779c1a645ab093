#!/usr/bin/env python3
"""same_rows.py BEFORE.csv AFTER.csv - do two results files hold the same
runs with the same outcomes? Rows are matched by their run key
(experiment, n, mode, hints, approach, repeat: the order rows are written
in changes with -j); every column the
two files share is compared except what a rerun may change by itself
(times, memory, how it was measured, the notes that quote times).
Prints each difference and a summary line; exits 1 when any.

Used to show that a reorganisation kept behaviour: `make run` before and
after, then `scripts/same_rows.py old/reports/scaling.csv reports/scaling.csv`.
"""
import csv
import sys

VARIES = {"wall_s", "cpu_s", "peak_rss_kib", "build_s", "solve_s",
          "measured_by", "note", "cpus", "host", "digest"}
KEY = ("experiment", "n", "mode", "hints", "approach", "repeat")


def by_key(rows):
    return sorted(rows, key=lambda r: tuple(r.get(k) or "" for k in KEY))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1], newline="") as f:
        a = by_key(csv.DictReader(f))
    with open(sys.argv[2], newline="") as f:
        b = by_key(csv.DictReader(f))
    cols = [c for c in (a[0].keys() if a else []) if c in (b[0] if b else {})
            and c not in VARIES]
    diffs = 0
    if len(a) != len(b):
        print(f"rows: {len(a)} before, {len(b)} after")
        diffs += 1
    for i, (x, y) in enumerate(zip(a, b), start=2):
        for c in cols:
            if x[c] != y[c]:
                diffs += 1
                if diffs <= 20:
                    print(f"line {i}: {c}: {x[c]!r} before, {y[c]!r} after")
    print(f"{len(a)} rows compared on {len(cols)} columns "
          f"({', '.join(cols)}): {diffs} difference{'s' if diffs != 1 else ''}")
    sys.exit(1 if diffs else 0)


if __name__ == "__main__":
    main()
