#!/usr/bin/env bash
# ledger.sh - the ledger on a merge of 1,000,000 answers (bench/ledger.c):
# seconds to add them deferred and settle, and peak RSS.
#
# Usage: bench/ledger.sh [INSTANCES [APPROACHES]]   default: 5000 20
set -euo pipefail
cd "$(dirname "$0")/.."
make -s build/rel/core/model/validate.o build/rel/core/ledger/ledger.o \
	build/rel/core/ledger/ledger_settle.o build/rel/base/order.o
mkdir -p build/rel/bench
${CC:-cc} -std=c11 -O2 -g -Wall -Wextra -D_POSIX_C_SOURCE=200809L \
	-Iinclude -Icore/model -Icore/ledger -Icore/proc -Ibase -o build/rel/bench/ledger bench/ledger.c \
	build/rel/core/model/validate.o build/rel/core/ledger/ledger.o \
	build/rel/core/ledger/ledger_settle.o build/rel/base/order.o
build/rel/bench/ledger "$@"
