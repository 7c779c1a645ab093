# Makefile - the n-queens comparison harness.
#
#   make            build ./harness, a file per core (only builds: says
#                   which Debian packages are missing, and `make deps`
#                   installs them)
#   make run        install missing packages, build, run the main experiment
#                   (configs/scaling.yaml), plot it and write its report
#   make test       install missing packages, build and run every test,
#                   also under ASan and UBSan, two at a time, both builds
#                   in one make; quiet but for failures and the closing
#                   "N passed, N failed" (times: build/test-times.txt)
#   make test-unit  the unit tests alone (plain build): for quick work;
#                   test-e2e the e2e scripts, test-fuzz the fuzz corpus
#   make V=1 ...    the compiler's command lines (else "CC file"), and
#                   each test's time as it ends
#   make deps       install the Debian packages the build and tests need
#   make deps-paper also pdflatex and the LaTeX packages of `report --format
#                   latex` (booktabs, longtable, graphicx), for paper.sh
#   make SANITIZE=address,undefined   a sanitizer build (objects apart,
#                   -Og -g1 unless CFLAGS is given)
#   make NATIVE=1   build/native/harness, -O3 -march=native for this CPU
#                   only (objects apart; bench/count.sh times it); the
#                   plain build stays -O2 without -march, portable
#   make install PREFIX=/usr/local DESTDIR=
#   make plugin SRC=path/to/my_amo.c   build path/to/my_amo.so (docs/plugins.md)
#   make plugins    build the template plugins, encoders/template/*.so,
#                   and the example plugins, plugins/*.so (clpfd.so)
#   make fuzz FUZZ_SECONDS=600 [FUZZ_OUT=DIR]   AFL++ on each tests/fuzz
#                   driver for that long, in parallel (installs afl++)
#   make fuzz-libfuzzer FUZZ_SECONDS=60   the same with clang's libFuzzer
#   make test-fuzz  replay tests/fuzz/corpus through the drivers
#
# CI adds WERROR=1 (-Werror).

CC      ?= cc
PREFIX  ?= /usr/local

# CFLAGS is yours (make CFLAGS='-O0 -g'), and every build takes it. Left
# unset, each build has its own: -O2 -g (the portable release build),
# -O3 -march=native -g (NATIVE=1) and -Og -g1 under the sanitizers: as
# many bugs caught, ASan's and UBSan's reports naming the file and line,
# and the tests as fast as at -O1 (the sanitizer pass's tests 134.3
# CPU-s against 136.1) for less compiling (that pass, its build
# included, 193.6 CPU-s against 209.1: `make test-san` from no
# build/san, /usr/bin/time, one run each). The flags the code needs are
# NQ_CFLAGS, added whatever CFLAGS says.
ifeq ($(origin CFLAGS),undefined)
OPT_REL    = -O2 -g
OPT_NATIVE = -O3 -march=native -g
OPT_SAN    = -Og -g1
else
OPT_REL    = $(CFLAGS)
OPT_NATIVE = $(CFLAGS)
OPT_SAN    = $(CFLAGS)
endif
NQ_CFLAGS  = -std=c11 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
# git's developer warnings too (DEVELOPER=1 there): every build, CI with -Werror
NQ_CFLAGS += -Wmissing-prototypes -Wstrict-prototypes -Wvla -Wwrite-strings -Wshadow
# every source folder, top layer first (docs/architecture.md); includes
# name the header alone
SRC_DIRS = cli results/report results/plot results core/run core/store core/ledger core/proc core/config core/watch core/model \
	solvers/program/declarative solvers/program solvers/library solvers/native/local solvers/native solvers \
	formats encoders base
NQ_CFLAGS += -Iinclude $(SRC_DIRS:%=-I%) -pthread
ifeq ($(WERROR),1)
NQ_CFLAGS += -Werror
endif
# gold links where the toolchain has it (binutils in Debian 12): a unit
# program under the sanitizers (libasan and libubsan linked in) in 0.12
# s against 0.19 s with GNU ld, and make test links about 110 programs.
# LDFLAGS=-fuse-ld=bfd (or another) takes the last word.
FAST_LD := $(shell $(CC) -fuse-ld=gold -Wl,--version 2>/dev/null | grep -q '^GNU gold' && echo -fuse-ld=gold)
LDLIBS  = -lpicosat -lglpk $(shell pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml) -lm -ldl -pthread
# san_flags LIST: compile flags of a build under -fsanitize=LIST
san_flags = -fsanitize=$(1) -fno-omit-frame-pointer -fno-sanitize-recover=undefined
# san_link LIST: its link flags. With GCC, the sanitizers' runtimes
# linked in (clang does so by default): a start of build/san/harness
# took 3,900 page faults with libasan.so and LeakSanitizer's exit check,
# 2,400 with it linked in (perf stat -r 20 build/san/harness --version),
# and san/e2e/core.sh 11.5-13.1 CPU-s against 10.4-10.5; the checks and
# their reports are the same (a leak still fails with its stack).
CC_IS_GCC := $(shell $(CC) -v 2>&1 | grep -q '^gcc version' && echo 1)
san_link  = -fsanitize=$(1)$(if $(CC_IS_GCC),$(if $(filter address,$(subst $(comma), ,$(1))), -static-libasan)$(if $(filter undefined,$(subst $(comma), ,$(1))), -static-libubsan))
comma    := ,

# The build asked for: its objects in BUILD, its harness BIN.
ifneq ($(SANITIZE),)
BUILD  ?= build/san$(if $(filter 1,$(NATIVE)),-native)
BIN     = $(BUILD)/harness
OPT     = $(if $(filter 1,$(NATIVE)),$(OPT_NATIVE),$(OPT_SAN))
else ifeq ($(NATIVE),1)
BUILD  ?= build/native
BIN     = $(BUILD)/harness
OPT     = $(OPT_NATIVE)
else
BUILD  ?= build/rel
BIN     = harness
OPT     = $(OPT_REL)
endif

LIB_SRC  = $(filter-out cli/main.c,$(wildcard $(SRC_DIRS:%=%/*.c)))
TEST_SRC = $(wildcard tests/unit/test_*.c)
UNIT_ALL = $(TEST_SRC:tests/unit/%.c=%)

.PHONY: all deps deps-paper depcheck run test check check-layers test-unit test-e2e test-san test-fuzz fuzz \
	fuzz-build fuzz-libfuzzer clean install plugin plugins FORCE \
	test-both test-san-run unit-results e2e-results fuzz-results
.DEFAULT_GOAL := all

# `make`, `make run` and `make harness` compile a file per core unless
# the command line gives a -j of its own (make -j1 builds one at a time):
# one file at a time, a fresh clone's `make run` took 2 min 42 s, most
# of it the build. The tests' targets keep their own -j (TEST_J below).
# (the top make only: a make it starts, `make run`'s of the harness,
# shares its jobs, and a -j of its own made make 4.3 warn "-j2 forced
# in makefile: resetting jobserver mode")
ifeq ($(filter -j% --jobserver%,$(MAKEFLAGS))$(filter-out 0,$(MAKELEVEL)),)
ifeq ($(filter-out all harness run,$(or $(MAKECMDGOALS),all)),)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 2)
endif
endif

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

# The metadata file records the build: the git commit ("-dirty" when
# tracked files differ from it; "unknown" outside git) and the flags,
# passed to meta.c as -D defines. A stamp rewritten only when they change
# rebuilds meta.o then, and only then.
NQ_COMMIT := $(shell c=$$(git rev-parse --short HEAD 2>/dev/null) && \
	{ git diff --quiet HEAD -- 2>/dev/null || c="$$c-dirty"; echo "$$c"; } || echo unknown)
FORCE:

# ---- the builds ------------------------------------------------------------
# nq_build DIR BIN OPT SANITIZE: the rules of one build. Its objects go to
# DIR, and into one archive, DIR/libnq.a, that the harness (BIN), the
# unit programs (DIR/tests/test_X) and the fuzz drivers (DIR/fuzz/fuzz_X)
# link against: the linker takes the objects each needs. `make test`
# makes two builds, build/rel and build/san, in one make, so that make
# -j2 keeps both cores busy with whatever is ready, of either.
define nq_build
$(1).bin    := $(2)
$(1).cflags := $$(strip $(3) $$(NQ_CFLAGS) $(if $(4),$$(call san_flags,$(4))))
$(1).ldflags = $$(FAST_LD) $$(LDFLAGS) $(if $(4),$(call san_link,$(4)))
$(1).san    := $(4)
$(1).tcflags := $$(strip $(if $(4),$(3),$$(OPT_TEST)) $$(NQ_CFLAGS) $(if $(4),$$(call san_flags,$(4))))
$(1).obj    := $$(LIB_SRC:%.c=$(1)/%.o)

$(1)/%.o: %.c $(1)/flags.stamp
	@mkdir -p $$(@D)
	$$(call quiet,CC,$$@)$$(CC) $$($(1).cflags) $$(XCFLAGS) -MMD -MP -c -o $$@ $$<

$(1)/libnq.a: $$($(1).obj)
	$$(call quiet,AR,$$@)rm -f $$@ && $$(AR) rcs $$@ $$^

$(2): $(1)/cli/main.o $(1)/libnq.a
	$$(call quiet,LD,$$@)$$(CC) $$($(1).ldflags) -o $$@ $$^ $$(LDLIBS)

# the flags, in a stamp rewritten only when they change: every object
# is made again then (-Werror aside: it changes no object); the commit
# too for meta.o
$(1)/flags.stamp: FORCE
	@mkdir -p $$(@D)
	@echo '$$(CC) $$(filter-out -Werror,$$($(1).cflags))' >$$@.new
	@cmp -s $$@.new $$@ && rm -f $$@.new || mv $$@.new $$@
$(1)/buildinfo.stamp: FORCE
	@mkdir -p $$(@D)
	@echo '$$(NQ_COMMIT) $$(CC) $$($(1).cflags)' >$$@.new
	@cmp -s $$@.new $$@ && rm -f $$@.new || mv $$@.new $$@
$(1)/core/store/meta.o: $(1)/buildinfo.stamp
$(1)/core/store/meta.o: XCFLAGS = -DNQ_GIT_COMMIT='"$$(NQ_COMMIT)"' \
	-DNQ_BUILD_CFLAGS='"$$(CC) $$($(1).cflags)"'

$(1)/tests/%: tests/unit/%.c $(1)/libnq.a
	@mkdir -p $$(@D)
	$$(call quiet,CC,$$@)$$(CC) $$($(1).tcflags) -MMD -MP $$($(1).ldflags) -o $$@ $$< \
		$(1)/libnq.a -lcmocka $$(LDLIBS)

$(1)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/main.c $(1)/libnq.a
	@mkdir -p $$(@D)
	$$(call quiet,CC,$$@)$$(CC) $$($(1).cflags) $$($(1).ldflags) -o $$@ \
		tests/fuzz/fuzz_$$*.c tests/fuzz/main.c $(1)/libnq.a $$(LDLIBS)

# its tests: the unit programs, the e2e scripts (under the sanitizers,
# not E2E_NOSAN), and the fuzz corpus's replay under the sanitizers
$(1).tag    := $(if $(4),san/)
$(1).unit   := $(UNIT_ALL:%=$(1)/testlog/unit/%.result)
$(1).e2e    := $$(patsubst %,$(1)/testlog/e2e/%.result,$(if $(4),$$(filter-out $$(E2E_NOSAN),$$(E2E_ALL)),$$(E2E_ALL)))
$(1).fuzz   := $(FUZZ_DRIVERS:%=$(1)/testlog/fuzz/%.result)
$(1).tests  := $$($(1).e2e) $$($(1).unit) $(if $(4),$$($(1).fuzz))
$(1)/testlog/unit/%.result: $(1)/tests/% FORCE
	@tests/run.sh $$@ $$($(1).tag)unit/$$* $(1)/tests/$$*
$(1)/testlog/e2e/%.result: $(2) FORCE
	@HARNESS=./$(2) $(if $(4),E2E_SAN=$$(if $$(filter $$*,$$(E2E_BOTH)),1,0) $$(if $$(filter $$*,$$(E2E_LEAKS)),,$$(NOLEAKS))) \
		tests/run.sh $$@ $$($(1).tag)e2e/$$* tests/e2e/$$*
$(1)/testlog/fuzz/%.result: $(1)/fuzz/fuzz_% FORCE
	@tests/run.sh $$@ $$($(1).tag)fuzz/$$* $(1)/fuzz/fuzz_$$* tests/fuzz/corpus/$$*

# the programs a result is made from stay (make would remove them as
# intermediate files of the chain)
.SECONDARY: $(UNIT_ALL:%=$(1)/tests/%) $(FUZZ_DRIVERS:%=$(1)/fuzz/fuzz_%)
-include $$($(1).obj:.o=.d) $(1)/cli/main.d $(UNIT_ALL:%=$(1)/tests/%.d)
endef

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
		SANITIZE=address,undefined,fuzzer-no-link build/libfuzzer/libnq.a
	@set -e; for d in $(FUZZ_DRIVERS); do \
		mkdir -p $(FUZZ_OUT)/libfuzzer-$$d; \
		clang $(OPT_SAN) $(NQ_CFLAGS) -fsanitize=fuzzer,address,undefined \
			-o build/libfuzzer/fuzz_$$d tests/fuzz/fuzz_$$d.c \
			build/libfuzzer/libnq.a $(LDLIBS); \
		build/libfuzzer/fuzz_$$d -max_total_time=$(FUZZ_SECONDS) \
			-dict=tests/fuzz/$$d.dict -artifact_prefix=$(FUZZ_OUT)/libfuzzer-$$d/ \
			$(FUZZ_OUT)/libfuzzer-$$d tests/fuzz/corpus/$$d; done

# ---- the tests -------------------------------------------------------------
# Each unit program, e2e script and fuzz driver's replay is a target of
# its own, BUILD/testlog/KIND/NAME.result, made by tests/run.sh: its
# output goes to NAME.log beside it, shown only when it fails. `make test`
# runs the plain build's tests and the sanitizer build's (ASan + UBSan)
# in one make, TEST_JOBS (3) at a time (two cores, and a third job for
# the time the scripts spend waiting on a run, a signal or a daemon; a
# fourth made a fresh clone's .ci/run slower, 298 s against 260 s: the
# tests' CPU time grew by a sixth with the contention),
# and tests/summary.sh ends it:
# each failed test named with its log, then "N passed, N failed". The
# times of the last run, slowest first, wall and CPU: $(TEST_TIMES).
TEST_JOBS  ?= 3
TEST_TIMES ?= build/test-times.txt
TLOG        = $(BUILD)/testlog
# -j$(TEST_JOBS) unless the caller gave make a -j of its own
TEST_J      = $(if $(filter -j% --jobserver%,$(MAKEFLAGS)),,-j$(TEST_JOBS))

# A unit program's own file (tests/unit/test_NAME.c, built in both builds;
# the code it tests is the build's libnq.a, compiled as the build says)
# at -O1 -g1 in the plain build (-Og -g1, as the rest, under the
# sanitizers): the plain
# build's 40 unit programs took 18.8 CPU-s of make test to build at -O2
# -g, 14.3 at -O1 -g1, with the same warnings (-Wmaybe-uninitialized
# needs -O1) and no program slower (their time is in libnq.a's code).
OPT_TEST   = $(if $(filter undefined,$(origin CFLAGS)),-O1 -g1,$(CFLAGS))

# In `make test` a unit program runs under the sanitizers, and only the
# ones of UNIT_BOTH in the plain build as well: ASan + UBSan check all a
# plain run checks and more, on the same inputs, and both passes compile
# the test's own file at -O1 or -Og. UNIT_BOTH are those whose plain pass does
# more: the oracle tests and the native counters, which take all their
# instances only there (an eighth under ASan, see tests/unit/oracle.h),
# the native searches and the solver libraries at the plain build's -O2
# (threads, timing), and the runner's and worker's containment, which
# takes an address-space limit only without ASan (core/proc/runchild.c).
# The other 22 cost 13.5 CPU-s in the plain pass, 10.5 of it their
# builds (a make target of the 22 under /usr/bin/time). `make test-unit`
# runs every unit program in the build asked for.
UNIT_BOTH  = test_backtrack test_encodings test_glpk test_models \
	test_oracle_asp test_oracle_cp test_oracle_ilp test_oracle_native \
	test_oracle_sat test_oracle_smt test_picosat test_parts_split \
	test_parts_sym test_runner test_runner_async test_worker \
	test_variants test_localsearch

E2E_ALL    = $(notdir $(wildcard tests/e2e/*.sh))
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
# report, whose writer test_reports walks), slurm.sh (a Slurm cluster),
# minizinc.sh and declarative.sh (the programs outside; the solvers'
# model writers and output readers are walked under ASan by
# test_oracle_cp, test_oracle_asp and test_oracle_smt, lying outputs
# included), compare.sh (test_reports walks compare's cells), caps.sh
# and trees.sh (caps and process trees: kernel limits and signals, whose
# C side, the cgroup files and /proc read back, every other script's runs
# walk under ASan), clpfd.sh (plugins/clpfd.c through the host's
# services: the program adapters' path, which answers.sh walks under
# ASan), frictions.sh (mistyped flags and values: the flag table's
# parser is data now, walked row by row under ASan by test_cli),
# generate.sh (the generators, which test_generate walks under ASan),
# handout.sh (the order runs are handed out in: its C, the keys and the
# sort of run.c's hand_out_order, is walked whole by every -j 2 run, and
# faults.sh's full disk and count.sh's parts run at -j 2 under ASan; the
# order itself is the plain pass's check), randomised.sh (reports and
# plots of local searches' files, whose cells and tables test_reports
# walks under ASan), watch.sh (a browser on the trace's page; the
# recorder, the page and the boards drawn are walked under ASan by
# test_watch), local.sh (the local-search family's runs, whose
# solvers test_localsearch walks under ASan), claims.sh (the bench/
# scripts the docs cite and the docs' links: the harness runs they make
# are the plain pass's, and the paths they walk the other scripts walk
# under ASan) and looks.sh (each approach's look read back from plots of
# hand-made files; the style table test_style walks under ASan).
# The scripts of E2E_BOTH (below) get E2E_SAN=1 under the sanitizers
# (tests/e2e/common.bash): each then leaves out the repeats of a path it
# has already walked once under ASan in the same script, which its plain
# pass makes in full; the lines that read it say what they leave out and
# where the path is still walked. The others run whole under ASan and
# not in the plain pass (E2E_SAN=0), their repeats included (the same
# refusal through three kinds of output path, a full disk at -j 1 and
# -j 2, one check over every solver). By hand,
# HARNESS=build/san/harness bash tests/e2e/X.sh runs all of X under
# ASan; E2E_SAN=1 as well runs the reduced form (and
# ASAN_OPTIONS=detect_leaks=0 for a script not in E2E_LEAKS).
# LeakSanitizer checks the heap at each exit of the ASan harness
# (cli/main.c), which costs about 0.05 CPU-s a start, more than the rest
# of a short start: 20 CPU-s of make test over the scripts above. Every
# unit program and fuzz driver keeps the check, and so do the scripts of
# E2E_LEAKS, which among them walk every verb the e2e scripts run, whole,
# to its outputs and through its refusals: core.sh (run, solve, export,
# help, list, a report and a plot), reports.sh (every report format and
# plot kind), merge.sh and tamper.sh (merge, resume, damaged and edited
# files refused by run, merge, report and plot), faults.sh (the writers
# on a full disk), answers.sh (check), contain.sh (plan) and text.sh.
# The others, count.sh, figures.sh, instfiles.sh, outputs.sh and
# plugins.sh, run with ASAN_OPTIONS=detect_leaks=0: they walk those verbs
# again with other inputs and options (parts, plot and report options,
# instance files, outputs that are not regular files, plugins), and the
# C they add of their own a unit program walks with the check
# (test_parts_split the parts, test_instfile and the instfile fuzz
# driver the instance-file readers, test_plugin a plugin's loading):
# 8.6 CPU-s less. A malloc never freed in cmd_report fails core.sh,
# faults.sh, reports.sh, tamper.sh and text.sh.
E2E_LEAKS  = core.sh reports.sh merge.sh tamper.sh faults.sh answers.sh \
	contain.sh text.sh
NOLEAKS    = ASAN_OPTIONS=$${ASAN_OPTIONS:+$$ASAN_OPTIONS:}detect_leaks=0
# In `make test` a script that runs under the sanitizers runs there
# alone, whole, as the unit programs do (UNIT_BOTH), unless its plain
# pass does more: E2E_BOTH are the two that take a size or a clock only
# in the plain build (reports.sh's 20,000 rows and their time bounds;
# portfolio.sh's members racing programs against the clock), and leave
# those out under ASan (E2E_SAN=1). The plain pass of the other 13 cost
# about 42 CPU-s (build/test-times.txt of a fresh clone's make test),
# for inputs and paths their ASan pass walks the same; their repeats
# under ASan cost less than a third of that. `make test-e2e` runs every
# script in the build asked for.
E2E_BOTH    = portfolio.sh reports.sh
E2E_SANONLY = $(filter-out $(E2E_NOSAN) $(E2E_BOTH),$(E2E_ALL))
E2E_NOSAN  = layout.sh liars.sh fair.sh ledger.sh cnf.sh scale.sh hostile.sh \
	names.sh interop.sh paper.sh html.sh slurm.sh minizinc.sh \
	declarative.sh compare.sh caps.sh trees.sh clpfd.sh frictions.sh \
	generate.sh handout.sh randomised.sh watch.sh local.sh claims.sh \
	looks.sh

# the build asked for, and the two of `make test`, build/rel (its harness
# ./harness: not when the build asked for makes that) and build/san
$(eval $(call nq_build,$(BUILD),$(BIN),$(OPT),$(SANITIZE)))
ifneq ($(BUILD),build/rel)
ifneq ($(BIN),harness)
$(eval $(call nq_build,build/rel,harness,$(OPT_REL),))
endif
endif
SAN = address,undefined
ifneq ($(BUILD),build/san)
$(eval $(call nq_build,build/san,build/san/harness,$(OPT_SAN),$(SAN)))
endif

# The order make starts them in: the slowest first (as build/test-times.txt
# has them on an idle machine), of both builds mixed, so that the two
# cores end together; then the rest, which are short. A test not named
# here (a new one) goes with the rest: name it here if it takes more
# than a few seconds.
TEST_SLOW = \
	e2e/scale.sh e2e/claims.sh san/e2e/plugins.sh e2e/hostile.sh \
	san/e2e/faults.sh san/e2e/core.sh san/e2e/outputs.sh e2e/paper.sh \
	e2e/fair.sh e2e/html.sh unit/test_oracle_asp e2e/slurm.sh \
	e2e/outputs.sh unit/test_oracle_ilp san/e2e/reports.sh \
	e2e/handout.sh e2e/declarative.sh e2e/interop.sh e2e/names.sh \
	unit/test_oracle_cp e2e/clpfd.sh san/e2e/answers.sh \
	san/e2e/merge.sh e2e/caps.sh san/unit/test_parts_split \
	san/unit/test_oracle_smt e2e/compare.sh san/e2e/tamper.sh \
	e2e/ledger.sh unit/test_oracle_sat e2e/liars.sh e2e/trees.sh \
	unit/test_backtrack e2e/minizinc.sh san/e2e/contain.sh \
	san/e2e/figures.sh san/e2e/instfiles.sh e2e/plugins.sh \
	unit/test_models san/e2e/count.sh e2e/looks.sh e2e/core.sh \
	e2e/watch.sh san/unit/test_backtrack e2e/cnf.sh \
	unit/test_oracle_native e2e/answers.sh
# test_result NAME: the result file of NAME (san/KIND/X: build/san's)
test_result = $(if $(filter san/%,$(1)),build/san/testlog/$(1:san/%=%),build/rel/testlog/$(1)).result
SLOW_RESULTS = $(foreach t,$(TEST_SLOW),$(call test_result,$(t)))
TEST_ALL     = $(filter-out $(UNIT_ALL:%=build/rel/testlog/unit/%.result) \
	$(E2E_SANONLY:%=build/rel/testlog/e2e/%.result),$(build/rel.tests)) \
	$(UNIT_BOTH:%=build/rel/testlog/unit/%.result) $(build/san.tests)
TEST_ORDER   = $(filter $(TEST_ALL),$(SLOW_RESULTS)) $(filter-out $(SLOW_RESULTS),$(TEST_ALL))

unit-results: $($(BUILD).unit)
e2e-results: $($(BUILD).e2e)
fuzz-results: $($(BUILD).fuzz)

# The whole suite: the plain build's tests and the sanitizer build's
# (and its replay of the fuzz corpus), the two builds in one make. The
# two harnesses first: the e2e scripts wait for them.
test: deps check-layers
	@rm -rf build/rel/testlog build/san/testlog
	@$(MAKE) --no-print-directory $(TEST_J) test-both; \
	tests/summary.sh $$? $(TEST_TIMES) build/rel/testlog build/san/testlog
check: test
test-both: harness build/san/harness $(TEST_ORDER)
# make starts what is ready as it walks the list, and walks it whole
# (one walk lasts the whole run) before it starts again from the top: in
# make test the tests and unit programs wait for both harnesses, so that
# the walk that starts them begins with the slowest, of either build
ifneq ($(filter test-both test-san-run,$(MAKECMDGOALS)),)
$(TEST_ALL) $(foreach d,build/rel build/san,$(UNIT_ALL:%=$(d)/tests/%) $(FUZZ_DRIVERS:%=$(d)/fuzz/fuzz_%)): \
	| harness build/san/harness
endif
test-san-run: build/san/harness $(filter build/san/%,$(TEST_ORDER))

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

plugins: $(patsubst %.c,%.so,$(wildcard encoders/template/*.c plugins/*.c))
encoders/template/%.so: encoders/template/%.c include/nq_plugin.h
	$(CC) $(PLUGIN_CFLAGS) $(if $(filter 1,$(WERROR)),-Werror) -o $@ $<
plugins/%.so: plugins/%.c include/nq_plugin.h
	$(CC) $(PLUGIN_CFLAGS) $(if $(filter 1,$(WERROR)),-Werror) -o $@ $<

clean:
	rm -rf build harness encoders/template/*.so plugins/*.so

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/nq-harness
	install -m 644 include/nq_plugin.h include/nq_board.h \
		$(DESTDIR)$(PREFIX)/include/
