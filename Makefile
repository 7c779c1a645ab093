# Makefile - the n-queens comparison harness.
#
#   make            build ./harness (installing missing Debian packages first)
#   make run        build, then run the main experiment (configs/scaling.yaml)
#   make test       build and run every test, also under ASan and UBSan
#   make deps       install the Debian packages the build needs
#   make SANITIZE=address,undefined   a sanitizer build (objects apart)
#   make install PREFIX=/usr/local DESTDIR=
#   make plugin SRC=path/to/my_amo.c   build path/to/my_amo.so (docs/plugins.md)
#   make plugins    build the template plugin, encoders/template/*.so
#
# CI adds WERROR=1 (-Werror).

CC      ?= cc
PREFIX  ?= /usr/local
CFLAGS  ?= -O2 -g
CFLAGS  += -std=c11 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
CFLAGS  += -Iinclude -Icore -Isolvers -Iencoders -pthread
ifeq ($(WERROR),1)
CFLAGS  += -Werror
endif
LDLIBS  = -lpicosat -lglpk $(shell pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml) -lm -ldl -pthread

ifneq ($(SANITIZE),)
BUILD   = build/san
CFLAGS  += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDFLAGS += -fsanitize=$(SANITIZE)
BIN     = $(BUILD)/harness
else
BUILD   = build/rel
BIN     = harness
endif

LIB_SRC  = $(filter-out core/main.c,$(wildcard core/*.c solvers/*.c encoders/*.c))
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
MAIN_OBJ = $(BUILD)/core/main.o
TEST_SRC = $(wildcard tests/unit/test_*.c)
TEST_BIN = $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all deps run test check test-unit test-e2e test-san clean install plugin plugins FORCE
.DEFAULT_GOAL := all

all: deps $(BIN)

deps:
	@scripts/deps.sh

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
$(BUILD)/core/meta.o: $(BUILD)/buildinfo.stamp
$(BUILD)/core/meta.o: CFLAGS += -DNQ_GIT_COMMIT='"$(NQ_COMMIT)"' \
	-DNQ_BUILD_CFLAGS='"$(BUILD_CFLAGS)"'
FORCE:

$(BUILD)/tests/%: tests/unit/%.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP $(LDFLAGS) -o $@ $< $(LIB_OBJ) -lcmocka $(LDLIBS)

# the experiment, then its plots (reports/scaling.svg, -cactus, -size)
# and its report (reports/scaling.md) beside the CSV and .meta
run: all
	./$(BIN) configs/scaling.yaml
	./$(BIN) plot reports/scaling.csv --kind all
	./$(BIN) report reports/scaling.csv

# The whole suite: plain build, then again under ASan + UBSan.
test: deps
	@$(MAKE) --no-print-directory test-unit test-e2e
	@$(MAKE) --no-print-directory SANITIZE=address,undefined test-unit test-e2e
check: test

test-unit: $(TEST_BIN)
	@set -e; for t in $(TEST_BIN); do echo "== $$t"; $$t; done

# every tests/e2e/*.sh, each printing "N passed, N failed" last
test-e2e: $(BIN)
	@set -e; for t in tests/e2e/*.sh; do echo "== $$t"; HARNESS=./$(BIN) $$t; done

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
	install -m 755 harness $(DESTDIR)$(PREFIX)/bin/nq-harness
	install -m 644 include/nq_plugin.h include/nq_board.h \
		$(DESTDIR)$(PREFIX)/include/

-include $(LIB_OBJ:.o=.d) $(MAIN_OBJ:.o=.d) $(TEST_BIN:=.d)
