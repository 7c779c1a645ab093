#!/usr/bin/env bash
# treesize.sh - Knuth's estimate of backtrack/prop's search tree on
# instance files (bench/treesize.c): the nodes a whole search tries (a
# count, or a first search on a board with no placement), from random
# paths down the propagated tree. Seconds of probing tell a search of a
# second from one of a year; times about 4e-7 s (a thread's CPU seconds
# a node of prop at n = 28..30 here, docs/hard-instances.md) it is the
# CPU time a whole search takes.
#
# Usage: bench/treesize.sh FILE [M|- [PROBES [SEED]]]
#   FILE     an instance file the harness reads (.param, .json, .dzn)
#   M        an Excluded Diagonals file's first M lines (prob079's
#            diag-N files; required for them, '-' for the others)
#   PROBES   random paths (default 4096); the trees are heavy-tailed,
#            so two seeds that disagree by far want more paths
#   SEED     the paths' seed (default 1)
# Example (CSPLib's generator, bench/published.sh's beyond set):
#   python3 $CSPLIB/Problems/prob079/data/queens-diag-gen.py 30 4 1 > d.param
#   bench/treesize.sh d.param 28
set -euo pipefail
case "${1:-}" in
-h|--help|"") sed -n '2,/^set /p' "$0" | sed '$d; s/^# \{0,1\}//'
	[ -n "${1:-}" ]; exit ;;
esac
here=$(pwd)
cd "$(dirname "$0")/.."
make -s build/rel/libnq.a
mkdir -p build/rel/bench
${CC:-cc} -std=c11 -O2 -g -Wall -Wextra -D_POSIX_C_SOURCE=200809L \
	-Iinclude -Icore/config -Icore/model -Isolvers -Ibase \
	-o build/rel/bench/treesize bench/treesize.c build/rel/libnq.a \
	-lpicosat -lglpk -lz3 $(pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml) -lm -ldl -pthread
bin=$PWD/build/rel/bench/treesize
cd "$here"
exec "$bin" "$@"
