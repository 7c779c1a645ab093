#!/usr/bin/env bash
# ledger.sh - the ledger on a merge of 1,000,000 answers (bench/ledger.c):
# seconds to add them deferred and settle, and peak RSS.
#
# Usage: bench/ledger.sh [INSTANCES [APPROACHES]]   default: 5000 20
set -euo pipefail
cd "$(dirname "$0")/.."
# the library archive, not a list of objects: the linker takes what the
# ledger needs, however its files come to be split
make -s build/rel/libnq.a
mkdir -p build/rel/bench
${CC:-cc} -std=c11 -O2 -g -Wall -Wextra -D_POSIX_C_SOURCE=200809L \
	-Iinclude -Icore/model -Icore/ledger -Icore/proc -Ibase -o build/rel/bench/ledger bench/ledger.c \
	build/rel/libnq.a -lpicosat -lglpk -lz3 $(pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml) -lm -ldl -pthread
build/rel/bench/ledger "$@"
