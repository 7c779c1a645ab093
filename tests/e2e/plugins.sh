#!/usr/bin/env bash
# plugins.sh - end-to-end tests of plugins, export, check and the external
# solvers: the template built and run in an experiment beside built-ins
# and an external solver; every way a plugin can fail to load (one line
# naming the file, exit 2, no output touched); a plugin crashing mid-run
# (a crash row, the experiment goes on); exported DIMACS solved by the
# picosat binary and the placement accepted by `harness check`.
# HARNESS names the binary (default ./harness). Prints
# "plugins: N passed, N failed" last; exits 1 if anything failed.
. "$(dirname "$0")/common.bash"

# build C source on stdin into $T/NAME.so with the documented command
# (common.bash's cc: a copy from its cache when nothing changed)
cc_flags=(-std=c11 -O2 -shared -fPIC -I"$ROOT/include")
build() { # build NAME
	local src
	IFS= read -r -d '' src
	printf '%s' "$src" >"$T/$1.c"
	cc "${cc_flags[@]}" -o "$T/$1.so" "$T/$1.c" 2>"$T/$1.cc.err" ||
		bad "building $1: $(<"$T/$1.cc.err")"
}

# --- the template: copied, built with `make plugin`, run ---------------------
cp encoders/template/template_amo.c "$T/my_amo.c"
make -s --no-print-directory plugin SRC="$T/my_amo.c" >"$T/make.out" 2>&1
expect "make plugin SRC=... builds my_amo.so ($(<"$T/make.out"))" [ -f "$T/my_amo.so" ]

"$H" list --plugin "$T/my_amo.so" >"$T/list" 2>&1
expect "list shows the plugin's encoding, its summary and its file" \
	grep -q "^  template .*Heule 3-split.*\[plugin $T/my_amo.so\]" "$T/list"
expect "list marks built-ins" grep -q '^  pairwise .*\[built-in\]' "$T/list"
expect "list has a Plugins loaded section" grep -q '^Plugins loaded:' "$T/list"
expect "list shows the external solvers" grep -q '^  dimacs .*\[built-in\]' "$T/list"

# the experiment of the tutorial: plugin beside the file, relative path
# (under ASan, E2E_SAN, n = 1, 2, 3, 5 and 8 of the 1..8: the template's
# groups of every size it splits or not, with the blocks 3-split twice,
# walked as the whole range walks them, in 42 runs of the 63)
mkdir "$T/exp"
cp "$T/my_amo.so" "$T/exp/"
sizes=1..8 k=8
san && sizes='[1, 2, 3, 5, 8]' k=5
cat >"$T/exp/mine.yaml" <<Y
experiment: mine
repeat: 1
timeout: 20s
instances:
  - {n: $sizes, mode: [first, count]}
  - {n: 8, mode: [first, count], hints: [[1, 1], [2, 5]]}
approaches:
  - backtrack
  - picosat: {encoding: [template, sequential]}
  - dimacs: {encoding: template, command: picosat}
plugins: [my_amo.so]       # after approaches on purpose: loaded first anyway
Y
(cd "$T" && "$H" run exp/mine.yaml -q -o "$T/mine.csv" >"$T/out" 2>"$T/err")
rc=$?
expect "template experiment exits 0 (got $rc: $(tail -2 "$T/err"))" [ $rc -eq 0 ]
# the template experiment's CSV read once for the four checks below
python3 - "$T/mine.csv" >"$T/mine.py" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
print(sum(r['encoding'] == 'template' for r in rows))
bad = [r for r in rows if r['status'] != 'ok']
print(len(rows), len(bad), sum(r['solver'] == 'dimacs' and r['mode'] == 'count' for r in rows))
pt8 = [r for r in rows if r['n'] == '8' and r['solver'] == 'picosat' and r['encoding'] == 'template' and r['hints'] == '']
print([r['solutions'] for r in pt8 if r['mode'] == 'count'])
r = [r for r in pt8 if r['mode'] == 'first'][0]
print(int(r['vars']) > 64 and int(r['constraints']) > 0 and int(r['nonzeros']) > 0)
PY
{ read -r m_templ; read -r m_runs; read -r m_92; read -r m_sizes; } <"$T/mine.py"
expect "template rows carry encoding 'template'" [ "$m_templ" = $((3 * k + 3)) ]
expect "every run ok; dimacs not asked to count (a mode it does not answer)" [ "$m_runs" = "$((7 * k + 7)) 0 0" ]
expect "the notice says dimacs does not count" grep -q 'dimacs/template.* does not answer count mode' "$T/err"
expect "template counts 92 at n=8" [ "$m_92" = "['92']" ]
expect "template CNF sizes are in the CSV" [ "$m_sizes" = True ]

# --- load failures: one line naming the file, exit 2, no output --------------
build noentry <<'C'
#include "nq_plugin.h"
int not_the_entry(void) { return 1; }
C
build badabi <<'C'
#include "nq_plugin.h"
static int amo(const nq_cnf_sink *s, const int *l, int k) { (void)s; (void)l; (void)k; return NQ_OK; }
static const nq_cnf_encoder e = { NQ_ABI_VERSION, sizeof e, "abi99", "x", amo, NULL };
static const nq_cnf_encoder *const cnf[] = { &e, NULL };
static const nq_plugin p = { 99, sizeof p, "badabi", "x", NULL, cnf, NULL };
const nq_plugin *nq_plugin_entry(void) { return &p; }
C
build badsize <<'C'
#include "nq_plugin.h"
static int amo(const nq_cnf_sink *s, const int *l, int k) { (void)s; (void)l; (void)k; return NQ_OK; }
static const nq_cnf_encoder e = { NQ_ABI_VERSION, 8, "small", "x", amo, NULL };
static const nq_cnf_encoder *const cnf[] = { &e, NULL };
static const nq_plugin p = { NQ_ABI_VERSION, sizeof p, "badsize", "x", NULL, cnf, NULL };
const nq_plugin *nq_plugin_entry(void) { return &p; }
C
build clash <<'C'
#include "nq_plugin.h"
static int amo(const nq_cnf_sink *s, const int *l, int k) { (void)s; (void)l; (void)k; return NQ_OK; }
static const nq_cnf_encoder fresh = { NQ_ABI_VERSION, sizeof fresh, "fresh", "x", amo, NULL };
static const nq_cnf_encoder e = { NQ_ABI_VERSION, sizeof e, "pairwise", "x", amo, NULL };
static const nq_cnf_encoder *const cnf[] = { &fresh, &e, NULL };
static const nq_plugin p = { NQ_ABI_VERSION, sizeof p, "clash", "x", NULL, cnf, NULL };
const nq_plugin *nq_plugin_entry(void) { return &p; }
C
cp "$T/my_amo.so" "$T/other_amo.so"   # a second file naming 'template'
printf 'not an ELF file\n' >"$T/junk.so"

load_fail() { # load_fail NAME PLUGIN EXPECTED-SUBSTRING
	local f="$T/$1.yaml" out="$T/$1.csv"
	printf 'instances: [{n: 4}]\napproaches: [backtrack]\nplugins:\n  - %s\n' "$2" >"$f"
	"$H" run "$f" -o "$out" >"$T/bout" 2>"$T/berr"
	local rc=$?
	if [ $rc -ne 2 ]; then bad "$1 (config): exit $rc, expected 2"; return; fi
	if ! grep -qF "$f:4:5: plugin $T/$2: $3" "$T/berr"; then
		bad "$1 (config): expected '$f:4:5: plugin $T/$2: $3', got: $(<"$T/berr")"; return
	fi
	if [ "$(wc -l <"$T/berr")" -ne 1 ]; then bad "$1 (config): not one line"; return; fi
	if [ -e "$out" ] || [ -e "${out%.csv}.meta" ]; then bad "$1 (config): output touched"; return; fi
	ok
	# the same on the command line (under ASan, E2E_SAN, for the first and
	# the last refusal: the others walk nq_plugin_load's refusals as the
	# config's entry did, and cli/main.c's message as these two do)
	if san && [ "$1" != missing ] && [ "$1" != clash ]; then return; fi
	"$H" solve -n 4 -q -o "$out" --plugin "$T/$2" backtrack >"$T/bout" 2>"$T/berr"
	rc=$?
	if [ $rc -ne 2 ]; then bad "$1 (--plugin): exit $rc, expected 2"; return; fi
	if ! grep -qF "harness: $T/$2: $3" "$T/berr" || [ "$(wc -l <"$T/berr")" -ne 1 ]; then
		bad "$1 (--plugin): expected one line 'harness: $T/$2: $3', got: $(<"$T/berr")"; return
	fi
	if [ -e "$out" ]; then bad "$1 (--plugin): output touched"; return; fi
	ok
}
load_fail missing no_such.so "cannot open plugin: No such file or directory"
load_fail notelf junk.so "cannot load plugin:"
load_fail noentry noentry.so "no symbol 'nq_plugin_entry'"
load_fail badabi badabi.so "plugin has ABI version 99, this harness takes 1 to 7"
load_fail badsize badsize.so "CNF encoder 'small' is 8 bytes, expected"
load_fail clash clash.so "CNF encoder 'pairwise' is already registered (built-in)"

# two plugins with one name: the second is refused, naming the first
"$H" list --plugin "$T/my_amo.so" --plugin "$T/other_amo.so" >/dev/null 2>"$T/berr"; rc=$?
expect "a clash between plugins exits 2 (got $rc)" [ $rc -eq 2 ]
expect "a clash between plugins names both files ($(<"$T/berr"))" \
	grep -qF "harness: $T/other_amo.so: CNF encoder 'template' is already registered (by $T/my_amo.so)" "$T/berr"
# the same file twice is loaded once
"$H" list --plugin "$T/my_amo.so" --plugin "$T/my_amo.so" >"$T/list" 2>&1; rc=$?
expect "the same plugin twice is fine (got $rc)" [ $rc -eq 0 ]
# the clashing plugin's other encoder ('fresh') was not left registered:
# an approach naming it is an unknown encoding, not a run
printf 'instances: [{n: 4}]\napproaches:\n  - picosat: {encoding: fresh}\n' >"$T/fresh.yaml"
"$H" run "$T/fresh.yaml" --plugin "$T/clash.so" -o "$T/fresh.csv" >/dev/null 2>&1; rc=$?
expect "nothing runs after a refused plugin (got $rc)" [ $rc -eq 2 -a ! -e "$T/fresh.csv" ]

# --- a plugin built against ABI 1 (before nq_solver.option_used) still loads --
build oldabi <<'C'
#include <stdint.h>
#include "nq_plugin.h"
/* nq_solver as ABI 1 declared it: no option_used at the end */
typedef struct {
	uint32_t abi_version, struct_size;
	const char *name, *summary;
	const nq_option *options;
	const char *label_option;
	int (*max_n)(const nq_optval *opt, enum nq_mode mode);
	int (*solve)(const nq_job *job, nq_result *res);
} solver_v1;
static const int32_t eight[8] = { 0, 4, 7, 5, 2, 6, 1, 3 };
static int solve(const nq_job *job, nq_result *res)
{
	int i;
	if (job->inst->n != 8 || job->inst->nhints)
		return NQ_ERR;
	if (job->inst->mode == NQ_MODE_COUNT) {
		res->solutions = 92;
		return NQ_OK;
	}
	for (i = 0; i < 8; i++)
		res->placement[i] = eight[i];
	res->solutions = 1;
	return NQ_OK;
}
static const solver_v1 s = { 1, sizeof s, "old-abi", "built against ABI 1",
			     0, 0, 0, solve };
static const nq_solver *const solvers[] = { (const nq_solver *)(const void *)&s, 0 };
static const nq_plugin p = { 1, sizeof p, "oldabi", "ABI 1", solvers, 0, 0 };
NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void) { return &p; }
C
# (run beside the ABI 5 plugin below: one solve per mode for both)

# --- a plugin built against ABI 5 (before nq_host, ABI 6) still loads ----
# and runs: its nq_job as ABI 5 declared it (no host at the end), its
# threads hook (ABI 5's last) read
build abi5 <<'C'
#include <stdint.h>
#include "nq_plugin.h"
typedef struct {
	const nq_instance *inst;
	const nq_optval *opt;
	uint64_t seed;
	double time_limit_s;
} job_v5;
static const int32_t eight[8] = { 0, 4, 7, 5, 2, 6, 1, 3 };
static int solve(const nq_job *job_, nq_result *res)
{
	const job_v5 *job = (const job_v5 *)(const void *)job_;
	int i;
	if (job->inst->n != 8 || job->inst->nhints || job->inst->nblocked)
		return NQ_ERR;
	if (job->inst->mode == NQ_MODE_COUNT) {
		res->solutions = 92;
		return NQ_OK;
	}
	for (i = 0; i < 8; i++)
		res->placement[i] = eight[i];
	res->solutions = 1;
	return NQ_OK;
}
static int threads(const nq_optval *o, int n, enum nq_mode m, int plain)
{
	(void)o; (void)n; (void)m; (void)plain;
	return 1;
}
static const nq_solver s = { 5, sizeof s, "abi5", "built against ABI 5",
			     0, 0, 0, solve, 0, 0, threads };
static const nq_solver *const solvers[] = { &s, 0 };
static const nq_plugin p = { 5, sizeof p, "abi5", "ABI 5", solvers, 0, 0 };
NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void) { return &p; }
C
# the ABI 1 and the ABI 5 plugin loaded together: one solve counts with
# both, one places with both, one python3 reads both files
olds=(--plugin "$T/oldabi.so" --plugin "$T/abi5.so" old-abi abi5)
"$H" solve -n 8 --count "${olds[@]}" -o "$T/old.csv" >"$T/old.out" 2>&1; rc=$?
"$H" solve -n 8 "${olds[@]}" -o "$T/oldf.csv" >"$T/oldf.out" 2>&1; rcf=$?
python3 - "$T/old.csv" "$T/oldf.csv" >"$T/old.py" <<'PY'
import csv, sys
for f in sys.argv[1:]:
    rows = list(csv.DictReader(open(f, newline='')))
    for s in ('old-abi', 'abi5'):
        print([r['status'] for r in rows if r['solver'] == s])
PY
{ read -r old_c; read -r abi5_c; read -r old_f; read -r abi5_f; } <"$T/old.py"
expect "an ABI 1 plugin loads and its count is checked ok (exit $rc: $(tail -1 "$T/old.out"))" \
	[ $rc -eq 0 -a "$old_c" = "['ok']" ]
expect "an ABI 1 plugin's placement is checked ok (exit $rcf)" [ $rcf -eq 0 -a "$old_f" = "['ok']" ]
expect "an ABI 5 plugin loads under ABI 7 and its count is checked ok (exit $rc: $(tail -1 "$T/old.out"))" \
	[ $rc -eq 0 -a "$abi5_c" = "['ok']" ]
expect "an ABI 5 plugin's placement is checked ok (exit $rcf: $(tail -1 "$T/oldf.out"))" \
	[ $rcf -eq 0 -a "$abi5_f" = "['ok']" ]

# --- a solver built against ABI 2 (before blocked squares and excluded ---
# lines): left out of the instances that have any, with one notice; it
# still runs the plain ones
build abi2 <<'C'
#include <stdint.h>
#include "nq_plugin.h"
static int solve(const nq_job *job, nq_result *res)
{
	if (job->inst->n != 8 || job->inst->nhints)
		return NQ_ERR;
	res->solutions = 92; /* right only without blocked squares */
	return NQ_OK;
}
static const nq_solver s = { 2, sizeof s, "old2", "built against ABI 2",
			     0, 0, 0, solve, 0 };
static const nq_solver *const solvers[] = { &s, 0 };
static const nq_plugin p = { 2, sizeof p, "abi2", "ABI 2", solvers, 0, 0 };
NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void) { return &p; }
C
cat >"$T/abi2.yaml" <<EOF
plugins: [abi2.so]
instances:
  - {n: 8, mode: count}
  - {n: 8..9, mode: count, blocked: [[1, 1]], only: [old2]}
  - {n: 8, mode: count, excluded: {diagonals: [2]}, only: [old2]}
approaches:
  - old2
EOF
"$H" run "$T/abi2.yaml" -o "$T/abi2.csv" >"$T/abi2.out" 2>&1; rc=$?

# an ABI 2 solver knows nothing of counts in parts (ABI 4): left out of
# them, with a notice, even though its struct is as large as today's
cat >"$T/abi2parts.yaml" <<EOF
plugins: [abi2.so]
instances:
  - {n: 8, mode: count, parts: 2}
  - {n: 8, mode: count}
approaches:
  - old2
EOF
"$H" run "$T/abi2parts.yaml" -o "$T/abi2parts.csv" >"$T/abi2parts.out" 2>&1; rcp=$?
# (both files read by one python3; the checks of the second follow the first's)
python3 - "$T/abi2.csv" "$T/abi2parts.csv" >"$T/abi2.py" <<'PY'
import csv, sys
print([(r['status'], r['blocked'], r['instance']) for r in csv.DictReader(open(sys.argv[1], newline=''))])
print([r['part'] for r in csv.DictReader(open(sys.argv[2], newline=''))])
PY
{ read -r abi2_rows; read -r abi2_parts; } <"$T/abi2.py"
expect "an ABI 2 solver runs the plain instance only (exit $rc: $(tail -1 "$T/abi2.out"))" \
	[ $rc -eq 0 -a "$abi2_rows" = "[('ok', '', 'n8')]" ]
nl=$(grep -c 'old2 was built for plugin ABI 2, before blocked squares and excluded lines (ABI 3); its instances with any are left out' "$T/abi2.out")
expect "one notice says why it is left out ($nl)" [ "$nl" -eq 1 ]
expect "the instances are written beside the CSV" \
	grep -q '^  - {n: 9, mode: count, blocked: \[\[1, 1\]\]}$' "$T/abi2.instances.yaml"
printf 'approaches:\n  - backtrack\n' | cat "$T/abi2.instances.yaml" - >"$T/again.yaml"
"$H" plan "$T/again.yaml" >"$T/again.out" 2>&1; rc=$?
expect "FILE.instances.yaml reads back as instances: (exit $rc: $(head -2 "$T/again.out"))" \
	sh -c "[ $rc -eq 0 ] && grep -q '4 instances' '$T/again.out'"
expect "an ABI 2 solver is left out of a count in parts (exit $rcp: $(tail -1 "$T/abi2parts.out"))" \
	[ $rcp -eq 0 -a "$abi2_parts" = "['']" ]
expect "one notice says so" \
	grep -q 'old2 does not count in parts; its instances with parts: are left out' "$T/abi2parts.out"

# --- a plugin that crashes: that run is a crash row, the rest goes on --------
build crashy <<'C'
#include <signal.h>
#include "nq_plugin.h"
static int amo(const nq_cnf_sink *s, const int *l, int k)
{
	(void)s; (void)l; (void)k;
	raise(SIGSEGV);  /* as a NULL dereference would, without UB */
	return NQ_OK;
}
static int solve(const nq_job *job, nq_result *res)
{
	(void)job; (void)res;
	raise(SIGSEGV);
	return NQ_OK;
}
static const nq_cnf_encoder e = { NQ_ABI_VERSION, sizeof e, "crashy", "crashes in amo", amo, NULL };
static const nq_solver s = { NQ_ABI_VERSION, sizeof s, "crasher", "crashes in solve", NULL, NULL, NULL, solve };
static const nq_cnf_encoder *const cnf[] = { &e, NULL };
static const nq_solver *const solvers[] = { &s, NULL };
static const nq_plugin p = { NQ_ABI_VERSION, sizeof p, "crashy", "crashes", solvers, cnf, NULL };
const nq_plugin *nq_plugin_entry(void) { return &p; }
C
cat >"$T/crash.yaml" <<'Y'
instances: [{n: 6, mode: count}, {n: 8}]
plugins: crashy.so
approaches:
  - crasher
  - picosat: {encoding: crashy}
  - backtrack
Y
# (ASan's report of each deliberate crash unsymbolized: nobody reads its
# stack, and symbolizing four of them was 0.8 s of CPU; the plain build
# reads no ASAN_OPTIONS)
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}symbolize=0 \
	"$H" run "$T/crash.yaml" -q -o "$T/crash.csv" >/dev/null 2>&1; rc=$?
expect "an experiment with a crashing plugin exits 0 (got $rc)" [ $rc -eq 0 ]
python3 - "$T/crash.csv" >"$T/crash.py" <<'PY'
import csv, re, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
print(' '.join(r['status'] for r in rows))
print(sum(bool(re.search('signal 11|exited|without', r['note'])) for r in rows))
PY
{ read -r crash_st; read -r crash_why; } <"$T/crash.py"
expect "crashing runs are crash rows, the built-in after them ran ok" \
	[ "$crash_st" = "crash crash ok crash crash ok" ]
expect "the crash rows say why (a signal; under ASan its exit)" [ "$crash_why" = 4 ]

# --- external solvers -----------------------------------------------------------
printf 'instances: [{n: 4}]\napproaches:\n  - dimacs: {command: no-such-solver -q}\n' >"$T/nocmd.yaml"
"$H" run "$T/nocmd.yaml" -o "$T/nocmd.csv" >/dev/null 2>"$T/berr"; rc=$?
expect "a missing solver program exits 2 before anything runs (got $rc)" [ $rc -eq 2 -a ! -e "$T/nocmd.csv" ]
expect "... naming the file, the approach and the program ($(<"$T/berr"))" \
	grep -qF "$T/nocmd.yaml:3:23: dimacs: command 'no-such-solver' not found on PATH" "$T/berr"
if command -v minisat >/dev/null && command -v cbc >/dev/null; then
	# (under ASan, E2E_SAN, n = 1, 3 and 8 of the five sizes: n = 2 walks
	# what n = 3 walks, UNSAT for every solver, and n = 12 what n = 8 does;
	# 16 runs of the 56, each a fork of the ASan harness and a solver)
	ext_n='1, 2, 3, 8, 12' ext_rows=56 ext_none="('2', '0'), ('3', '0'), ('4', '0')"
	san && ext_n='1, 3, 8' ext_rows=40 ext_none="('3', '0'), ('4', '0')"
	cat >"$T/ext.yaml" <<Y
instances:
  - {n: [$ext_n]}
  - {n: 10, hints: [[1, 2]]}
  - {n: 4, hints: [[1, 1]]}
approaches:
  - dimacs: {encoding: [pairwise, sequential], command: minisat}
  - dimacs: {command: [picosat, minisat -verb=0], output: [auto, stdout]}
  - cbc
  - glpk
Y
	"$H" run "$T/ext.yaml" -q -o "$T/ext.csv" >/dev/null 2>"$T/err"; rc=$?
	expect "external solvers: exit 0 (got $rc: $(tail -2 "$T/err"))" [ $rc -eq 0 ]
	expect "external solvers: every run validated ok, none for n=2,3 and the corner hint" [ "$(python3 - "$T/ext.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
ok = all(r['status'] == 'ok' for r in rows if not (r['options'] == 'command=minisat -verb=0;output=stdout;columns=alo'))
# minisat prints no s/v lines: forcing stdout is an error row, not a crash
forced = set(r['status'] for r in rows if r['options'] == 'command=minisat -verb=0;output=stdout;columns=alo')
none = sorted(set((r['n'], r['solutions']) for r in rows if r['solver'] in ('dimacs', 'cbc') and r['solutions'] == '0'))
print(len(rows), ok, sorted(forced), none)
PY
)" = "$ext_rows True ['error'] [$ext_none]" ]
else
	bad "minisat or cbc missing (scripts/deps.sh installs them)"
fi

# --- export: DIMACS solved by the picosat binary, checked by the validator ----
roundtrip() { # roundtrip N ENCODING [HINT...]
	local n=$1 enc=$2; shift 2
	local hints=() h
	for h in "$@"; do hints+=(--hint "$h"); done
	"$H" export --plugin "$T/my_amo.so" -n "$n" "${hints[@]}" --encoding "$enc" \
		-o "$T/x.cnf" 2>"$T/xerr" || { bad "export $n $enc: $(<"$T/xerr")"; return; }
	picosat "$T/x.cnf" >"$T/x.out"
	# the placement: per row, the column whose square variable is true
	local placement
	placement=$(awk '
		/^c square / { var[$5] = $3 " " $4; n = $3 > n ? $3 : n }
		/^v / { for (i = 2; i <= NF; i++) if ($i > 0 && ($i in var)) { split(var[$i], rc, " "); col[rc[1]] = rc[2] } }
		END { for (r = 1; r <= n; r++) printf "%s%s", (r > 1 ? " " : ""), col[r] }
	' "$T/x.cnf" "$T/x.out")
	if "$H" check -n "$n" "${hints[@]}" --placement "$placement" >"$T/xchk" 2>&1; then
		ok
	else
		bad "export $n $enc $*: picosat's placement '$placement' rejected: $(<"$T/xchk")"
	fi
}
roundtrip 8 sequential
roundtrip 8 pairwise 1:1 2:5
roundtrip 12 template 3:3
roundtrip 20 sequential 1:10
expect "exported DIMACS maps every square (c square lines)" \
	[ "$(grep -c '^c square ' "$T/x.cnf")" -eq 400 ]
expect "exported DIMACS has its p line after the comments" \
	[ "$(grep -v '^c' "$T/x.cnf" | head -1 | cut -d' ' -f1-2)" = "p cnf" ]
"$H" export -n 3 --encoding sequential -o "$T/u.cnf" 2>/dev/null
picosat "$T/u.cnf" >"$T/u.out"
expect "n=3 exported is UNSAT for the picosat binary" grep -q '^s UNSATISFIABLE' "$T/u.out"
"$H" export -n 8 --model assignment --hint 1:1 -o "$T/a.lp" 2>/dev/null
expect "LP export: comments, square map, GLPK's LP" \
	sh -c "grep -q '^\\\\ square 8 8 x_8_8' '$T/a.lp' && grep -q '^Subject To' '$T/a.lp'"
"$H" export -n 8 --model assignment -o "$T/a.mps" 2>/dev/null
expect "MPS export: ROWS and COLUMNS sections" \
	sh -c "grep -q '^ROWS' '$T/a.mps' && grep -q '^COLUMNS' '$T/a.mps' && grep -q '^\\* square 1 1 x_1_1' '$T/a.mps'"
if command -v cbc >/dev/null; then
	(cd "$T" && cbc a.lp solve solu a.sol >/dev/null 2>&1)
	placement=$(awk '$3 == 1 && $2 ~ /^x_/ { split($2, p, "_"); col[p[2]] = p[3] }
		END { for (r = 1; r <= 8; r++) printf "%s%s", (r > 1 ? " " : ""), col[r] }' "$T/a.sol")
	"$H" check -n 8 --hint 1:1 --placement "$placement" >/dev/null 2>&1; rc=$?
	expect "the exported LP solved by cbc keeps the hint and is valid ($placement)" [ $rc -eq 0 ]
fi
"$H" export -n 8 --encoding nosuch -o "$T/n.cnf" >/dev/null 2>"$T/berr"; rc=$?
expect "export of an unknown encoding exits 2 and lists them" \
	sh -c "[ $rc -eq 2 ] && grep -q 'known encodings: pairwise' '$T/berr' && [ ! -e '$T/n.cnf' ]"
"$H" export -n 8 --model assignment -o "$T/n.cnf" >/dev/null 2>&1; rc=$?
expect "export of a model as .cnf exits 2 (got $rc)" [ $rc -eq 2 ]

# --- check: the validator on a placement from elsewhere ---------------------
"$H" check -n 4 --placement "2 4 1 3" >"$T/c" 2>&1; rc=$?
expect "check accepts 2 4 1 3 (got $rc: $(<"$T/c"))" [ $rc -eq 0 ]
"$H" check -n 4 --placement "1,2,3,4" >"$T/c" 2>&1; rc=$?
expect "check rejects a diagonal, exit 1 (got $rc)" sh -c "[ $rc -eq 1 ] && grep -q '^wrong: ' '$T/c'"
echo "3 1 4 2" | "$H" check -n 4 --hint 1:2 --placement - >"$T/c" 2>&1; rc=$?
expect "check rejects a lost hint, from stdin (got $rc: $(<"$T/c"))" [ $rc -eq 1 ]
"$H" check -n 4 --placement "1 2" >/dev/null 2>&1; rc=$?
expect "check of too few columns exits 2 (got $rc)" [ $rc -eq 2 ]

echo "plugins: $pass passed, $failed failed"
[ $failed -eq 0 ]
