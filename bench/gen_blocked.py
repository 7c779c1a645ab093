#!/usr/bin/env python3
"""gen_blocked.py - seeded blocked n-queens instances (CSPLib prob080),
for bench/blocked.sh and configs/blocked.yaml until the harness's own
`generate: {family: blocked}` is used.

Like prob080's generator: squares are visited in a random order and
blocked one at a time, skipping any whose row or column would be left
with fewer than K free squares, until B are blocked (default: three
quarters of the board, the XCSP 2022 competition's density).

  gen_blocked.py yaml N SEED [B] [K]   one experiment-file instance entry
                                       (mode first), to stdout
  gen_blocked.py cnf N SEED [B] [K]    the pairwise CNF (one variable per
                                       square; a clause per row and column
                                       that it holds a queen, one per pair
                                       on a row, column or diagonal; a
                                       unit clause per blocked square)

The same N SEED B K give the same squares in both.
"""
import random
import sys


def blocked(n, seed, b=None, k=2):
	if b is None:
		b = 3 * n * n // 4
	rng = random.Random(seed * 1000003 + n)
	cells = [(r, c) for r in range(n) for c in range(n)]
	rng.shuffle(cells)
	free_r = [n] * n
	free_c = [n] * n
	out = []
	for r, c in cells:
		if len(out) == b:
			break
		if free_r[r] <= k or free_c[c] <= k:
			continue
		free_r[r] -= 1
		free_c[c] -= 1
		out.append((r, c))
	return sorted(out)


def yaml(n, sq):
	s = ", ".join("[%d, %d]" % (r + 1, c + 1) for r, c in sq)
	return "  - n: %d\n    mode: first\n    blocked: [%s]\n" % (n, s)


def cnf(n, sq):
	v = lambda r, c: r * n + c + 1
	cl = []
	lines = [[(r, c) for c in range(n)] for r in range(n)]
	cols = [[(r, c) for r in range(n)] for c in range(n)]
	cl += [[v(*x) for x in ln] for ln in lines + cols]
	diags = {}
	for r in range(n):
		for c in range(n):
			diags.setdefault(("d", r - c), []).append((r, c))
			diags.setdefault(("a", r + c), []).append((r, c))
	for ln in lines + cols + list(diags.values()):
		for i in range(len(ln)):
			for j in range(i + 1, len(ln)):
				cl.append([-v(*ln[i]), -v(*ln[j])])
	cl += [[-v(r, c)] for r, c in sq]
	out = ["p cnf %d %d" % (n * n, len(cl))]
	out += [" ".join(map(str, x)) + " 0" for x in cl]
	return "\n".join(out) + "\n"


def main(argv):
	if len(argv) < 4 or argv[1] not in ("yaml", "cnf"):
		sys.exit(__doc__)
	n, seed = int(argv[2]), int(argv[3])
	b = int(argv[4]) if len(argv) > 4 else None
	k = int(argv[5]) if len(argv) > 5 else 2
	sq = blocked(n, seed, b, k)
	sys.stdout.write(yaml(n, sq) if argv[1] == "yaml" else cnf(n, sq))


if __name__ == "__main__":
	main(sys.argv)
