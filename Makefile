# Makefile - the n-queens comparison harness.
#
#   make            build ./harness (only builds: says which Debian packages
#                   are missing, and `make deps` installs them)
#   make run        install missing packages, build, run the main experiment
#                   (configs/scaling.yaml), plot it and write its report
#   make test       install missing packages, build and run every test,
#                   also under ASan and UBSan, two at a time; quiet but
#                   for failures and the closing "N passed, N failed"
#   make test-unit  the unit tests alone (plain build): for quick work;
#                   test-e2e the e2e scripts, test-fuzz the fuzz corpus
#   make V=1 ...    the compiler's command lines (else "CC file"), and
#                   each test's time as it ends
#   make deps       install the Debian packages the build and tests need
#   make deps-paper also pdflatex and the LaTeX packages of `report --format
#                   latex` (booktabs, longtable, graphicx), for paper.sh
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
SRC_DIRS = cli results/report results/plot results core/run core/ledger core/proc core/config core/model \
	solvers/declarative solvers encoders base
CFLAGS  += -Iinclude $(SRC_DIRS:%=-I%) -pthread
ifeq ($(WERROR),1)
CFLAGS  += -Werror
endif
LDLIBS  = -lpicosat -lglpk -lz3 $(shell pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml) -lm -ldl -pthread

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

.PHONY: all deps deps-paper depcheck run test check check-layers test-unit test-e2e test-san test-fuzz fuzz \
	fuzz-build fuzz-libfuzzer clean install plugin plugins FORCE \
	test-both test-plain-run test-san-run test-run unit-results e2e-results \
	fuzz-results
.DEFAULT_GOAL := all

# kbuild's and git's quiet build: "  CC      build/rel/core/plan.o" for
# a compile, "  LD      harness" for a link; V=1 shows the commands
ifeq ($(V),1)
quiet =
else
quiet = @printf '  %-7s %s\n' '$(1)' '$(2)';
endif

all: depcheck $(BIN)

deps:
	@scripts/deps.sh

deps-paper:
	@scripts/deps.sh --paper

# quiet and instant when everything is there; never installs
depcheck:
	@scripts/deps.sh --check || { echo "make: run 'make deps' first (or 'make run' / 'make test', which install them)" >&2; exit 1; }

$(BIN): $(LIB_OBJ) $(MAIN_OBJ)
	$(call quiet,LD,$@)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(call quiet,CC,$@)$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

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
	$(call quiet,CC,$@)$(CC) $(CFLAGS) -MMD -MP $(LDFLAGS) -o $@ $< $(LIB_OBJ) -lcmocka $(LDLIBS)

# the experiment, then its plots (reports/scaling.svg, -cactus, -size)
# and its report (reports/scaling.md) beside the CSV and .meta
run: deps
	@$(MAKE) --no-print-directory $(BIN)
	./$(BIN) configs/scaling.yaml
	./$(BIN) plot reports/scaling.csv --kind all
	./$(BIN) report reports/scaling.csv

# the folders' order of docs/architecture.md, and no circle of files
check-layers:
	@python3 scripts/layers.py

# Fuzzing (tests/fuzz/README.md). Each driver is one fuzz_NAME.c with
# LLVMFuzzerTestOneInput, linked with tests/fuzz/main.c (replay of files
# and directories; AFL++ persistent mode under afl-clang-fast) or with
# libFuzzer's own main. test-fuzz replays the committed corpus (and the
# crashes found and fixed, tests/fuzz/corpus/*/crash-*) in seconds; `make
# test` runs it under ASan + UBSan. AFL++ builds go to build/afl, libFuzzer
# builds to build/libfuzzer; findings to FUZZ_OUT/NAME.
FUZZ_DRIVERS = config csv instfile
FUZZ_BIN     = $(FUZZ_DRIVERS:%=$(BUILD)/fuzz/fuzz_%)
FUZZ_SECONDS ?= 60
FUZZ_OUT     ?= build/fuzzout

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/main.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(call quiet,CC,$@)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ tests/fuzz/fuzz_$*.c tests/fuzz/main.c \
		$(LIB_OBJ) $(LDLIBS)

fuzz-build: $(FUZZ_BIN)

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

# ---- the tests -------------------------------------------------------------
# Each unit program, e2e script and fuzz driver's replay is a target of
# its own, $(TLOG)/KIND/NAME.result, made by tests/run.sh: its output goes
# to NAME.log beside it, shown only when it fails. `make test` runs the
# plain build's tests and the sanitizer build's (ASan + UBSan) in one
# make, TEST_JOBS (2) at a time, and tests/summary.sh ends it: each
# failed test named with its log, then "N passed, N failed". The times
# of the last run, slowest first: $(TEST_TIMES).
TEST_JOBS  ?= 2
TEST_TIMES ?= build/test-times.txt
TLOG        = $(BUILD)/testlog
SAN         = address,undefined
# -j$(TEST_JOBS) unless the caller gave make a -j of its own
TEST_J      = $(if $(filter -j% --jobserver%,$(MAKEFLAGS)),,-j$(TEST_JOBS))

# The slowest first, so that two at a time end together; then the rest.
E2E_SLOW   = liars.sh fair.sh core.sh scale.sh faults.sh names.sh cnf.sh \
	count.sh hostile.sh tamper.sh ledger.sh trees.sh slurm.sh
E2E_ALL    = $(notdir $(wildcard tests/e2e/*.sh))
E2E_ORDER  = $(filter $(E2E_ALL),$(E2E_SLOW)) $(filter-out $(E2E_SLOW),$(E2E_ALL))
# Under the sanitizers the scripts whose C paths the unit tests do not
# walk: every input's parser (experiment, instance and CSV files, the
# command line, input limits), rows, resume and merge, damaged files and
# full disks, tamper evidence, counts in parts, plugins, the runner and
# its process trees, exports and reports. Left out there, as they repeat
# under ASan what the plain pass checks, at two to three times its cost:
# layout.sh (the README against the tree, no C), liars.sh, fair.sh,
# ledger.sh and cnf.sh (the same solver runs over and over; validators,
# ledger and encoders are in the unit tests), scale.sh (resume, shards
# and merge as merge.sh, tamper.sh and faults.sh walk them, then SIGKILL
# at random moments), hostile.sh (process-level attacks), names.sh (its
# slow paths under a time guard), interop.sh (external solvers reading
# exported files), paper.sh (LaTeX), html.sh (a browser on the HTML
# report, whose writer test_reports walks) and slurm.sh (a Slurm cluster).
E2E_NOSAN  = layout.sh liars.sh fair.sh ledger.sh cnf.sh scale.sh hostile.sh \
	names.sh interop.sh paper.sh html.sh slurm.sh
E2E_RUN    = $(if $(SANITIZE),$(filter-out $(E2E_NOSAN),$(E2E_ORDER)),$(E2E_ORDER))
TEST_TAG   = $(if $(SANITIZE),san/,)

UNIT_SLOW    = test_oracle_sat test_models test_parts_sym test_oracle_ilp \
	test_oracle_cp test_oracle_smt test_oracle_asp
UNIT_ALL     = $(TEST_SRC:tests/unit/%.c=%)
UNIT_ORDER   = $(filter $(UNIT_ALL),$(UNIT_SLOW)) $(filter-out $(UNIT_SLOW),$(UNIT_ALL))
UNIT_RESULTS = $(UNIT_ORDER:%=$(TLOG)/unit/%.result)
E2E_RESULTS  = $(E2E_RUN:%=$(TLOG)/e2e/%.result)
FUZZ_RESULTS = $(FUZZ_DRIVERS:%=$(TLOG)/fuzz/%.result)

# the programs a result is made from stay (make would remove them as
# intermediate files of the chain)
.SECONDARY: $(TEST_BIN) $(FUZZ_BIN)
$(TLOG)/unit/%.result: $(BUILD)/tests/% FORCE
	@tests/run.sh $@ $(TEST_TAG)unit/$* $(BUILD)/tests/$*
$(TLOG)/e2e/%.result: $(BIN) FORCE
	@HARNESS=./$(BIN) tests/run.sh $@ $(TEST_TAG)e2e/$* tests/e2e/$*
$(TLOG)/fuzz/%.result: $(BUILD)/fuzz/fuzz_% FORCE
	@tests/run.sh $@ $(TEST_TAG)fuzz/$* $(BUILD)/fuzz/fuzz_$* tests/fuzz/corpus/$*

unit-results: $(UNIT_RESULTS)
e2e-results: $(E2E_RESULTS)
fuzz-results: $(FUZZ_RESULTS)
# the e2e scripts first: they are the slow ones
test-run: $(E2E_RESULTS) $(UNIT_RESULTS) $(if $(SANITIZE),$(FUZZ_RESULTS))

# The whole suite: the plain build's tests and the sanitizer build's
# (and its replay of the fuzz corpus), the two builds side by side.
test: deps check-layers
	@rm -rf build/rel/testlog build/san/testlog
	@$(MAKE) --no-print-directory $(TEST_J) test-both; \
	tests/summary.sh $$? $(TEST_TIMES) build/rel/testlog build/san/testlog
check: test
test-both: test-plain-run test-san-run
test-plain-run:
	@$(MAKE) --no-print-directory BUILD=build/rel SANITIZE= test-run
test-san-run:
	@$(MAKE) --no-print-directory BUILD=build/san SANITIZE=$(SAN) test-run

# One kind alone, in the build asked for (SANITIZE=$(SAN) for the
# sanitizer build): `make test-unit` for quick work.
test-unit test-e2e test-fuzz: test-%:
	@rm -rf $(TLOG)/$*
	@$(MAKE) --no-print-directory $(TEST_J) $*-results; \
	tests/summary.sh $$? $(TEST_TIMES) $(TLOG)/$*
# the sanitizer pass of `make test` alone
test-san:
	@rm -rf build/san/testlog
	@$(MAKE) --no-print-directory $(TEST_J) test-san-run; \
	tests/summary.sh $$? $(TEST_TIMES) build/san/testlog

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
