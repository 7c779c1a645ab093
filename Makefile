# Makefile - the n-queens comparison harness.
#
#   make            build ./harness (only builds: says which Debian packages
#                   are missing, and `make deps` installs them)
#   make run        install missing packages, build, run the main experiment
#                   (configs/scaling.yaml), plot it and write its report
#   make test       install missing packages, build and run every test,
#                   also under ASan and UBSan
#   make deps       install the Debian packages the build and tests need
#   make SANITIZE=address,undefined   a sanitizer build (objects apart)
#   make NATIVE=1   build/native/harness, -O3 -march=native for this CPU
#                   only (objects apart; bench/count.sh times it); the
#                   plain build stays -O2 without -march, portable
#   make install PREFIX=/usr/local DESTDIR=
#   make plugin SRC=path/to/my_amo.c   build path/to/my_amo.so (docs/plugins.md)
#   make plugins    build the template plugin, encoders/template/*.so
#   make fuzz FUZZ_SECONDS=600 [FUZZ_OUT=DIR]   AFL++ on each tests/fuzz
#                   driver for that long, in parallel (installs afl++)
#   make fuzz-libfuzzer FUZZ_SECONDS=60   the same with clang's libFuzzer
#   make test-fuzz  replay tests/fuzz/corpus through the drivers
#
# CI adds WERROR=1 (-Werror).

CC      ?= cc
PREFIX  ?= /usr/local
ifeq ($(NATIVE),1)
CFLAGS  ?= -O3 -march=native -g
else
CFLAGS  ?= -O2 -g
endif
CFLAGS  += -std=c11 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
# git's developer warnings too (DEVELOPER=1 there): every build, CI with -Werror
CFLAGS  += -Wmissing-prototypes -Wstrict-prototypes -Wvla -Wwrite-strings -Wshadow
# every source folder, top layer first (docs/architecture.md); includes
# name the header alone
SRC_DIRS = cli results core/run core/ledger core/proc core/config core/model \
	solvers encoders base
CFLAGS  += -Iinclude $(SRC_DIRS:%=-I%) -pthread
ifeq ($(WERROR),1)
CFLAGS  += -Werror
endif
LDLIBS  = -lpicosat -lglpk $(shell pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml) -lm -ldl -pthread

ifneq ($(SANITIZE),)
BUILD  ?= build/san$(if $(filter 1,$(NATIVE)),-native)
CFLAGS  += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDFLAGS += -fsanitize=$(SANITIZE)
BIN     = $(BUILD)/harness
else ifeq ($(NATIVE),1)
BUILD  ?= build/native
BIN     = $(BUILD)/harness
else
BUILD  ?= build/rel
BIN     = harness
endif

LIB_SRC  = $(filter-out cli/main.c,$(wildcard $(SRC_DIRS:%=%/*.c)))
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
MAIN_OBJ = $(BUILD)/cli/main.o
TEST_SRC = $(wildcard tests/unit/test_*.c)
TEST_BIN = $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all deps depcheck run test check check-layers test-unit test-e2e test-san test-fuzz fuzz \
	fuzz-build fuzz-libfuzzer clean install plugin plugins FORCE
.DEFAULT_GOAL := all

all: depcheck $(BIN)

deps:
	@scripts/deps.sh

# quiet and instant when everything is there; never installs
depcheck:
	@scripts/deps.sh --check || { echo "make: run 'make deps' first (or 'make run' / 'make test', which install them)" >&2; exit 1; }

$(BIN): $(LIB_OBJ) $(MAIN_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

# The metadata file records the build: the git commit ("-dirty" when
# tracked files differ from it; "unknown" outside git) and the flags,
# passed to meta.c as -D defines. A stamp rewritten only when they change
# rebuilds meta.o then, and only then.
NQ_COMMIT := $(shell c=$$(git rev-parse --short HEAD 2>/dev/null) && \
	{ git diff --quiet HEAD -- 2>/dev/null || c="$$c-dirty"; echo "$$c"; } || echo unknown)
BUILD_CFLAGS := $(CC) $(CFLAGS)
$(BUILD)/buildinfo.stamp: FORCE
	@mkdir -p $(dir $@)
	@echo '$(NQ_COMMIT) $(BUILD_CFLAGS)' >$@.new
	@cmp -s $@.new $@ && rm -f $@.new || mv $@.new $@
$(BUILD)/core/run/meta.o: $(BUILD)/buildinfo.stamp
$(BUILD)/core/run/meta.o: CFLAGS += -DNQ_GIT_COMMIT='"$(NQ_COMMIT)"' \
	-DNQ_BUILD_CFLAGS='"$(BUILD_CFLAGS)"'
FORCE:

$(BUILD)/tests/%: tests/unit/%.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP $(LDFLAGS) -o $@ $< $(LIB_OBJ) -lcmocka $(LDLIBS)

# the experiment, then its plots (reports/scaling.svg, -cactus, -size)
# and its report (reports/scaling.md) beside the CSV and .meta
run: deps
	@$(MAKE) --no-print-directory $(BIN)
	./$(BIN) configs/scaling.yaml
	./$(BIN) plot reports/scaling.csv --kind all
	./$(BIN) report reports/scaling.csv

# The whole suite: plain build, then again under ASan + UBSan.
test: deps check-layers
	@$(MAKE) --no-print-directory test-unit test-e2e
	@$(MAKE) --no-print-directory SANITIZE=address,undefined test-unit test-e2e test-fuzz
check: test

# the folders' order of docs/architecture.md, and no circle of files
check-layers:
	@python3 scripts/layers.py

# each test's wall time is printed after it ("-- NAME: S s"), so the
# slow ones show in every CI log
test-unit: $(TEST_BIN)
	@set -e; for t in $(TEST_BIN); do echo "== $$t"; s=$$(date +%s); \
		$$t; echo "-- $$t: $$(( $$(date +%s) - s )) s"; done

# every tests/e2e/*.sh, each printing "N passed, N failed" last
test-e2e: $(BIN)
	@set -e; for t in tests/e2e/*.sh; do echo "== $$t"; s=$$(date +%s); \
		HARNESS=./$(BIN) $$t; echo "-- $$t: $$(( $$(date +%s) - s )) s"; done

# Fuzzing (tests/fuzz/README.md). Each driver is one fuzz_NAME.c with
# LLVMFuzzerTestOneInput, linked with tests/fuzz/main.c (replay of files
# and directories; AFL++ persistent mode under afl-clang-fast) or with
# libFuzzer's own main. test-fuzz replays the committed corpus (and the
# crashes found and fixed, tests/fuzz/corpus/*/crash-*) in seconds; `make
# test` runs it under ASan + UBSan. AFL++ builds go to build/afl, libFuzzer
# builds to build/libfuzzer; findings to FUZZ_OUT/NAME.
FUZZ_DRIVERS = config csv
FUZZ_BIN     = $(FUZZ_DRIVERS:%=$(BUILD)/fuzz/fuzz_%)
FUZZ_SECONDS ?= 60
FUZZ_OUT     ?= build/fuzzout

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/main.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ tests/fuzz/fuzz_$*.c tests/fuzz/main.c \
		$(LIB_OBJ) $(LDLIBS)

fuzz-build: $(FUZZ_BIN)

test-fuzz: $(FUZZ_BIN)
	@set -e; for d in $(FUZZ_DRIVERS); do \
		$(BUILD)/fuzz/fuzz_$$d tests/fuzz/corpus/$$d; done

fuzz: deps
	@command -v afl-fuzz >/dev/null 2>&1 || scripts/deps.sh --fuzz
	@$(MAKE) --no-print-directory CC=afl-clang-fast BUILD=build/afl \
		SANITIZE=address,undefined fuzz-build
	@set -e; pids=""; for d in $(FUZZ_DRIVERS); do \
		mkdir -p $(FUZZ_OUT); \
		AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 \
		AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
		afl-fuzz -V $(FUZZ_SECONDS) -i tests/fuzz/corpus/$$d \
			-o $(FUZZ_OUT)/$$d -x tests/fuzz/$$d.dict \
			-- build/afl/fuzz/fuzz_$$d >$(FUZZ_OUT)/$$d.log 2>&1 & \
		pids="$$pids $$!"; done; \
		for p in $$pids; do wait $$p || rc=1; done; \
		for d in $(FUZZ_DRIVERS); do \
		printf '%s: ' $$d; awk -F' *: ' '$$1=="execs_done"||$$1=="corpus_count"|| \
			$$1=="saved_crashes"||$$1=="saved_hangs"||$$1=="run_time" \
			{printf "%s %s  ", $$1, $$2}' $(FUZZ_OUT)/$$d/default/fuzzer_stats; \
		echo; done; \
		! ls $(FUZZ_OUT)/*/default/crashes/id* >/dev/null 2>&1 || \
		{ echo "crashes in $(FUZZ_OUT)/*/default/crashes" >&2; exit 1; }

fuzz-libfuzzer: deps
	@$(MAKE) --no-print-directory CC=clang BUILD=build/libfuzzer \
		SANITIZE=address,undefined,fuzzer-no-link $(LIB_OBJ:build/rel/%=build/libfuzzer/%)
	@set -e; for d in $(FUZZ_DRIVERS); do \
		mkdir -p $(FUZZ_OUT)/libfuzzer-$$d; \
		clang $(CFLAGS) -fsanitize=fuzzer,address,undefined \
			-o build/libfuzzer/fuzz_$$d tests/fuzz/fuzz_$$d.c \
			$(LIB_OBJ:build/rel/%=build/libfuzzer/%) $(LDLIBS); \
		build/libfuzzer/fuzz_$$d -max_total_time=$(FUZZ_SECONDS) \
			-dict=tests/fuzz/$$d.dict -artifact_prefix=$(FUZZ_OUT)/libfuzzer-$$d/ \
			$(FUZZ_OUT)/libfuzzer-$$d tests/fuzz/corpus/$$d; done

# A plugin: one C file against include/ only, one shared object beside it.
# The same as: cc -std=c11 -O2 -shared -fPIC -Iinclude -o FILE.so FILE.c
PLUGIN_CFLAGS = -std=c11 -O2 -g -Wall -Wextra -shared -fPIC -Iinclude
plugin:
	@test -n "$(SRC)" || { echo "usage: make plugin SRC=path/to/file.c" >&2; exit 2; }
	$(CC) $(PLUGIN_CFLAGS) $(if $(filter 1,$(WERROR)),-Werror) -o $(SRC:.c=.so) $(SRC)

plugins: $(patsubst %.c,%.so,$(wildcard encoders/template/*.c))
encoders/template/%.so: encoders/template/%.c include/nq_plugin.h
	$(CC) $(PLUGIN_CFLAGS) $(if $(filter 1,$(WERROR)),-Werror) -o $@ $<

clean:
	rm -rf build harness encoders/template/*.so

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/nq-harness
	install -m 644 include/nq_plugin.h include/nq_board.h \
		$(DESTDIR)$(PREFIX)/include/

-include $(LIB_OBJ:.o=.d) $(MAIN_OBJ:.o=.d) $(TEST_BIN:=.d)
