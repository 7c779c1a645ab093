#!/usr/bin/env bash
# core.sh - end-to-end tests of the built harness: exit statuses, messages,
# and the CSV a user gets. HARNESS names the binary (default ./harness).
# Prints "N passed, N failed" last; exits 1 if anything failed.
. "$(dirname "$0")/common.bash"

# (the checks below read files with bash itself, not a process each: on
# these machines a grep or a cat costs 2-3 ms of CPU, and this script made
# about 170 of them)
# has FILE STR: grep -qF -- STR FILE ($(<FILE) forks nothing in bash)
has() { [[ $(<"$1") == *"$2"* ]]; }
# starts FILE STR: a line of FILE starts with STR (grep -q "^STR", fixed)
starts() { [[ $'\n'$(<"$1") == *$'\n'"$2"* ]]; }
# same FILE FILE: the two byte for byte (cmp -s; text without NULs)
same() {
	local a b
	IFS= read -r -d '' a <"$1"; IFS= read -r -d '' b <"$2"
	[ -e "$1" ] && [ -e "$2" ] && [ "$a" == "$b" ]
}
# rc_and RC WANT CMD...: RC is WANT and CMD holds
rc_and() { [ "$1" -eq "$2" ] && shift 2 && "$@"; }
# has_all FILE STR...: every STR in FILE
has_all() {
	local f=$1 s
	shift
	for s; do has "$f" "$s" || return 1; done
}
# starts_all FILE STR...: a line of FILE starts with each STR
starts_all() {
	local f=$1 s
	shift
	for s; do starts "$f" "$s" || return 1; done
}
# kid PID: PID's first child in kid ("" while it has none): the kernel's
# list read by bash (pgrep -P | head -1 where there is none)
kid() {
	local f
	kid=""
	for f in /proc/$1/task/*/children; do
		[ -r "$f" ] || { kid=$(pgrep -P "$1" | head -1); return; }
		read -r kid _ <"$f"
		[ -n "$kid" ] && return
	done
}
# nap SECONDS: sleep without a process (read's timeout on a FIFO that no
# one writes, opened read-write so that the open does not wait)
mkfifo "$T/.nap"
nap() { read -r -t "$1" _ <>"$T/.nap"; }
# write FILE: stdin (a here-document) into FILE (cat >FILE)
write() { local y; IFS= read -r -d '' y; printf '%s' "$y" >"$1"; }
# lines_with FILE STR: how many lines of FILE hold STR (grep -c -F), in n
lines_with() {
	local l
	n=0
	while IFS= read -r l || [ -n "$l" ]; do [[ $l == *"$2"* ]] && n=$((n + 1)); done <"$1"
}

# --- the smoke experiment: every approach, everything ok -----------------
"$H" run configs/smoke.yaml -q -o "$T/smoke.csv" >"$T/out" 2>"$T/err"
rc=$?
expect "smoke exits 0 (got $rc; $(<"$T/err"))" [ $rc -eq 0 ]
expect "smoke header has the contract's columns" \
	starts "$T/smoke.csv" 'experiment,n,mode,solver,encoding,repeat,status,solutions,wall_s,cpu_s,peak_rss_kib,'
# one python3 for the file's rows (the lines, the statuses, the answers
# at n = 8 and at the corner queen) and the header against docs/results.md
mapfile -t got < <(python3 - "$T/smoke.csv" docs/results.md <<'PY'
import csv, re, sys
data = open(sys.argv[1], 'rb').read()
print(data.count(b'\n') - 1)                      # the lines after the header
recs = list(csv.DictReader(open(sys.argv[1], newline='')))
print(' '.join(sorted(set(r['status'] for r in recs))))
rows = [r for r in recs if r['n'] == '8' and r['mode'] == 'count' and r['hints'] == '']
print(len(rows), sorted(set(r['solutions'] for r in rows)))
rows = [r for r in recs if r['hints'] == '1:1']
print(len(rows), sorted(set(r['solutions'] for r in rows)))
rows = list(csv.reader(open(sys.argv[1], newline='')))
doc = open(sys.argv[2]).read().split('\n| column |', 1)[1].split('\n\n', 1)[0]
names = [n for line in doc.splitlines()[2:]
         for n in re.findall(r'`([a-z_]+)`', line.split('|')[1])]
print(rows[0] == names and len(names) > 11, sorted(set(len(r) for r in rows)) == [len(names)])
PY
)
expect "smoke has 100 rows (got ${got[0]-})" [ "${got[0]-}" = 100 ]
expect "every smoke row is ok (got ${got[1]-})" [ "${got[1]-}" = ok ]
expect "every approach answered 92 for n=8 count (got ${got[2]-})" [ "${got[2]-}" = "5 ['92']" ]
expect "the corner-queen 4x4 instance has no completion, for every approach (got ${got[3]-})" \
	[ "${got[3]-}" = "10 ['0']" ]
expect "the summary names every approach" has "$T/out" 'picosat/sequential'
expect "pandas-free check: the header is docs/results.md's column table, every row as long (got ${got[4]-})" \
	[ "${got[4]-}" = "True True" ]

# --- bad experiment files: one line with file:line:col, exit 2, no output ---
bad_config() { # bad_config NAME EXPECTED-SUBSTRING  (YAML on stdin)
	local f="$T/$1.yaml" out="$T/$1.csv" e nl
	write "$f"
	"$H" run "$f" -o "$out" >"$T/bout" 2>"$T/berr"
	local rc=$?
	if [ $rc -ne 2 ]; then bad "$1: exit $rc, expected 2"; return; fi
	IFS= read -r -d '' e <"$T/berr"
	if [[ $e != *"$f:$2"* ]]; then
		bad "$1: expected '$f:$2', got: $e"; return
	fi
	nl=${e//[!$'\n']/} # its line ends: wc -l
	if [ ${#nl} -ne 1 ]; then bad "$1: error is not one line"; return; fi
	if [ -e "$out" ]; then bad "$1: output file was created"; return; fi
	ok
}
bad_config unknown_key "3:1: unknown key 'timout'" <<'Y'
experiment: x
repeat: 1
timout: 5s
instances: [{n: 4}]
approaches: [backtrack]
Y
bad_config zero_n "2:22: n must be at least 1, got 0" <<'Y'
instances:
  - {mode: count, n: 0}
approaches: [backtrack]
Y
bad_config zero_timeout "1:10: " <<'Y'
timeout: 0s
instances: [{n: 4}]
approaches: [backtrack]
Y
bad_config hint_off_board "2:20: hint [9, 1] is off the 8x8 board" <<'Y'
instances:
  - {n: 8, hints: [[9, 1]]}
approaches: [backtrack]
Y
bad_config hints_attack "2:28: hints [1, 1] and [2, 2] attack each other on a diagonal" <<'Y'
instances:
  - {n: 8, hints: [[1, 1], [2, 2]]}
approaches: [backtrack]
Y
bad_config unknown_approach "3:5: unknown approach 'pycosat'" <<'Y'
instances: [{n: 4}]
approaches:
  - pycosat
Y
bad_config unknown_encoding "2:35: unknown encoding 'pairwize' for picosat" <<'Y'
instances: [{n: 4}]
approaches: [{picosat: {encoding: pairwize}}]
Y
bad_config blocked_on_hint "2:47: blocked square [2, 3] holds the hint [2, 3]" <<'Y'
instances:
  - {n: 8, hints: [[2, 3]], blocked: [[1, 1], [2, 3]]}
approaches: [backtrack]
Y
bad_config excluded_off_board "2:59: excluded: antidiagonal 16 is off the 8x8 board" <<'Y'
instances:
  - {n: 8..10, excluded: {diagonals: [1], antidiagonals: [16]}}
approaches: [backtrack]
Y
bad_config yaml_syntax "2:" <<'Y'
instances: [{n: 4}
approaches: [backtrack]
Y
bad_config wrong_type "1:9: " <<'Y'
repeat: lots
instances: [{n: 4}]
approaches: [backtrack]
Y

# --- only: an instance entry for some approaches -----------------------------
write "$T/only.yaml" <<'Y'
experiment: only
instances:
  - {n: 6, mode: count}
  - {n: 9, mode: count, only: [backtrack, picosat/pairwise]}
  - {n: 10, mode: count, only: backtrack/bitmask}
approaches:
  - backtrack: {variant: [textbook, bitmask]}
  - picosat: {encoding: [pairwise, sequential]}
Y
"$H" run "$T/only.yaml" -q -o "$T/only.csv" >/dev/null 2>&1; rc=$?
expect "only: exits 0 (got $rc)" [ $rc -eq 0 ]
# (its rows are read with the other CSVs', after the labels below)
bad_config only_unknown "2:43: only: no approach of this file is named 'picosat/pairwize'" <<'Y'
instances:
  - {n: 9, mode: count, only: [backtrack, picosat/pairwize]}
approaches:
  - backtrack
  - picosat: {encoding: pairwise}
Y

# --- command line ------------------------------------------------------------
"$H" frobnicate >/dev/null 2>&1; rc=$?
expect "unknown verb exits 2 (got $rc)" [ $rc -eq 2 ]
"$H" run "$T/missing.yaml" >/dev/null 2>"$T/err"; rc=$?
expect "missing file exits 2 (got $rc)" [ $rc -eq 2 ]
expect "missing file is named" has "$T/err" "missing.yaml"
"$H" run configs/smoke.yaml -o >/dev/null 2>&1; rc=$?
expect "-o without a file exits 2" [ $rc -eq 2 ]
"$H" --help >"$T/help-top"
expect "--help lists the verbs" has "$T/help-top" 'harness solve'

# help VERB and VERB --help: the usage, then a line per flag (the table)
# (under ASan, E2E_SAN, VERB --help for run alone: cli.c hands every
# verb's --help to nq_cli_help with the verb's table, as help VERB does
# just above for each); each help VERB kept, in help-VERB, for the lines
# looked for in it below
for verb in run solve plot report export check list help version; do
	"$H" help $verb >"$T/help-$verb" 2>&1; rc=$?
	expect "help $verb exits 0 (got $rc)" [ $rc -eq 0 ]
	expect "help $verb starts with its usage" starts "$T/help-$verb" "usage: harness $verb"
	san && [ $verb != run ] && continue
	"$H" $verb --help >"$T/help2" 2>&1; rc=$?
	expect "$verb --help exits 0 and says the same (got $rc)" \
		rc_and $rc 0 same "$T/help-$verb" "$T/help2"
done
for want in "  -n N " "  --count " "  --hint R:C " "  -o, --output FILE.csv "; do
	expect "help solve lists '$want'" has "$T/help-solve" "$want"
done
expect "help check lists --placement" has "$T/help-check" "  --placement P "
expect "help plot lists --kind" has "$T/help-plot" "  --kind K "
"$H" help frobnicate >/dev/null 2>"$T/err"; rc=$?
expect "help of no verb exits 2 (got $rc)" [ $rc -eq 2 ]
# an unknown option: named, with the nearest flag, exit 2, nothing run
"$H" solve -n 8 --cout backtrack >"$T/out" 2>"$T/err"; rc=$?
expect "solve --cout exits 2 (got $rc)" [ $rc -eq 2 ]
expect "solve --cout: did you mean --count" has "$T/err" \
	"harness: unknown option '--cout' for solve (did you mean '--count'?)"
expect "solve --cout: nothing run" [ ! -s "$T/out" ]
"$H" solve -n 8 --count --cout >/dev/null 2>"$T/err"; rc=$?
expect "--cout last: unknown, not short of a value (exit $rc)" \
	rc_and $rc 2 has "$T/err" "unknown option '--cout'"
for args in "run configs/smoke.yaml --quite" "plot x.csv --kin time" \
	"report x.csv --fromat latex" "export -n 8 --encodng pairwise" \
	"check -n 4 --placment 1" "list --all" "version --short"; do
	# (under ASan, E2E_SAN, run's alone: an unknown option is cli.c's
	# one nq_cli_parse over the verb's table, walked row by row under
	# ASan by test_cli; export's near miss just below walks it again)
	san && [ "${args%% *}" != run ] && continue
	# shellcheck disable=SC2086
	"$H" $args >/dev/null 2>"$T/err"; rc=$?
	expect "'$args' exits 2 (got $rc)" [ $rc -eq 2 ]
	IFS= read -r line <"$T/err"
	expect "'$args' is an unknown option ($line)" \
		grep -q "^harness: unknown option '--[a-z]*' for ${args%% *} (" "$T/err"
done
"$H" export -n 8 --encodng pairwise >"$T/out" 2>&1
expect "a near miss is named" has "$T/out" "(did you mean '--encoding'?)"
"$H" solve -n 8 --hint >/dev/null 2>"$T/err"; rc=$?
expect "--hint without a value exits 2 (got $rc)" [ $rc -eq 2 ]
expect "--hint without a value says so" has "$T/err" "harness solve: --hint needs a value (R:C)"
"$H" list >"$T/list" 2>&1 # (once for the three names)
expect "list shows solvers, encodings and models" \
	has_all "$T/list" sequential assignment textbook

"$H" solve -n 8 --count -q >"$T/out" 2>&1; rc=$?
expect "solve -n 8 --count exits 0 (got $rc)" [ $rc -eq 0 ]
# every solver that counts, with its defaults: backtrack, picosat, glpk,
# minizinc, asp, smt
lines_with "$T/out" ' 92 '
expect "solve -n 8 --count answers 92 for every solver ($n of 6)" [ "$n" -eq 6 ]
"$H" solve -n 3 -q backtrack:variant=textbook >"$T/out" 2>&1
expect "solve -n 3 says none" has "$T/out" ' none '
"$H" solve -n 6 --board -q backtrack >"$T/out" 2>&1
board=$(<"$T/out") # (grep -o ' q' | wc -l: the board's ' q's)
qs=${board//' q'/}
expect "solve --board draws 6 queens ($(((${#board} - ${#qs}) / 2)))" [ $(((${#board} - ${#qs}) / 2)) -eq 6 ]
"$H" solve -n 8 --hint 1:1 --hint 2:2 backtrack >/dev/null 2>"$T/err"; rc=$?
expect "attacking --hint exits 2" [ $rc -eq 2 ]
expect "attacking --hint is explained" has "$T/err" "attack each other"

# --- an existing results file is kept -----------------------------------------
write "$T/tiny.yaml" <<'Y'
experiment: tiny
instances: [{n: 5, mode: count}]
approaches: [backtrack]
Y
echo "precious" >"$T/tiny.csv"
"$H" run "$T/tiny.yaml" -q -o "$T/tiny.csv" >/dev/null 2>&1
expect "the old CSV is kept as .bak" has "$T/tiny.csv.bak" precious
# (the new CSV's answer is read with the other CSVs, after the labels)

# --- limits: timeout, after_timeout: skip, max n --------------------------------
# (a 100 ms timeout, not 300: both counts at n = 16 take seconds, and each
# burnt its timeout's CPU; the shorter, the surer the timeout)
write "$T/limits.yaml" <<'Y'
experiment: limits
timeout: 100ms
after_timeout: skip
instances:
  - {n: [16, 17], mode: count}
approaches:
  - backtrack: {variant: textbook}
  - backtrack: {variant: bitmask}
Y
"$H" run "$T/limits.yaml" -q -o "$T/limits.csv" >"$T/out" 2>&1; rc=$?
expect "timeouts still exit 0 (got $rc)" [ $rc -eq 0 ]
# (its rows are read with the other CSVs, after the labels)
# n above an approach's largest n is refused at load (tests/e2e/frictions.sh)

# --- a solver's child killed mid-run: a crash row, and the experiment goes on ----
# napper (outputs.sh's, byte for byte: the one compile in build/cc-cache
# serves both): n = 4 counted at once, any other n a run that sleeps, the
# run under way killed here and interrupted below without burning CPU
# (backtrack textbook at n = 15 and 16 did, half a second a pass)
cat >"$T/napper.c" <<'C'
#include <unistd.h>
#include "nq_plugin.h"

static int count_only(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	return mode == NQ_MODE_COUNT ? 16 : NQ_NOT_APPLICABLE;
}

static int napper_solve(const nq_job *job, nq_result *res)
{
	if (job->inst->n != 4) {
		sleep(300);
		return NQ_ERR;
	}
	res->solutions = 2;
	return NQ_OK;
}

static const nq_solver napper = { NQ_ABI_VERSION, sizeof(nq_solver),
	"napper", "napper", NULL, NULL, count_only, napper_solve, NULL };
static const nq_solver *const solvers[] = { &napper, NULL };
static const nq_plugin plugin = {
	NQ_ABI_VERSION, sizeof(nq_plugin), "napper",
	"a solver that sleeps past the timeout, for tests/e2e/outputs.sh",
	solvers, NULL, NULL
};

NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void)
{
	return &plugin;
}
C
cc -std=c11 -O2 -shared -fPIC -I"$ROOT/include" -o "$T/napper.so" \
	"$T/napper.c" 2>"$T/cc.err" || bad "building napper.so: $(<"$T/cc.err")"
write "$T/kill.yaml" <<Y
experiment: kill
timeout: 60s
instances:
  - {n: 16, mode: count}
  - {n: 4, mode: count}
approaches:
  - napper
plugins: [$T/napper.so]
Y
"$H" run "$T/kill.yaml" -q -o "$T/kill.csv" >/dev/null 2>&1 &
hp=$!
# (the CSV's header first: the harness's own children before it, git's
# for the .meta, are not the run's; and the child read again after 0.2 s)
for _ in {1..200}; do
	[ -s "$T/kill.csv" ] && kid $hp && [ -n "$kid" ] && break
	nap 0.05
done
nap 0.2
kid $hp
[ -n "$kid" ] && kill -KILL "$kid"
wait $hp; rc=$?
expect "a killed child still exits 0 (got $rc)" [ $rc -eq 0 ]
# (its rows are read with the other CSVs, after the labels)

# --- Ctrl-C: stops, keeps the finished rows, exit 130 ------------------------------
write "$T/int.yaml" <<Y
experiment: int
repeat: 3
instances:
  - {n: 4, mode: count}
  - {n: 16, mode: count}
approaches:
  - napper
plugins: [$T/napper.so]
Y
env --default-signal=INT,TERM,HUP "$H" run "$T/int.yaml" -q -o "$T/int.csv" >/dev/null 2>&1 &
hp=$!
for _ in {1..200}; do
	[ -f "$T/int.csv" ] && mapfile -t lines <"$T/int.csv" && [ ${#lines[@]} -ge 4 ] && break
	nap 0.05
done
nap 0.3
kill -INT $hp
wait $hp; rc=$?
expect "interrupted run exits 130 (got $rc)" [ $rc -eq 130 ]
# (its rows are read with the other CSVs, after the labels)

# --- one approach label: CSV, summary, report, plot, --baseline ---------------
write "$T/labels.yaml" <<'Y'
experiment: labels
instances:
  - {n: 12, mode: count}
approaches:
  - backtrack: {variant: [textbook, bitmask], threads: [0, 2]}
Y
"$H" run "$T/labels.yaml" -q -o "$T/labels.csv" >"$T/labels.out" 2>&1
# the CSVs above and this one read by one python3: a line per check
mapfile -t got < <(python3 - "$T" <<'PY'
import csv, sys
def col(name, *keys):
    try:
        rows = list(csv.DictReader(open(sys.argv[1] + '/' + name, newline='')))
        return [tuple(r[k] for k in keys) for r in rows]
    except Exception as e:
        return [('error: %r' % e,)]
print(' '.join(r[0] + r[1][:1] for r in col('only.csv', 'n', 'encoding')))
print('\n'.join(r[0] for r in col('tiny.csv', 'solutions')))
print('|'.join(' '.join(r) for r in col('limits.csv', 'encoding', 'n', 'mode', 'status', 'note')))
print(''.join(r[0] + ' ' for r in col('kill.csv', 'status')))
print(''.join(r[0] + ' ' for r in col('int.csv', 'status')))
print(''.join(r[0] + '|' for r in col('labels.csv', 'approach')))
print(''.join(r[0] + '|' for r in col('labels.csv', 'options')))
PY
)
expect "only: runs each entry with the approaches it names (got ${got[0]-})" \
	[ "${got[0]-}" = "6t 6b 6p 6s 9t 9b 9p 10b" ]
expect "the new CSV has the answer (got ${got[1]-})" [ "${got[1]-}" = 10 ]
expect "timeouts and skips after a timeout (got ${got[2]-})" [ "${got[2]-}" = "textbook 16 count timeout killed at the 0.1s timeout|\
bitmask 16 count timeout killed at the 0.1s timeout|\
textbook 17 count skipped not run: timed out at n=16 (after_timeout: skip)|\
bitmask 17 count skipped not run: timed out at n=16 (after_timeout: skip)" ]
expect "the killed run is a crash row, the next one ran (got ${got[3]-})" \
	[ "${got[3]-}" = "crash ok " ]
expect "interrupted run keeps its 3 finished rows (got ${got[4]-})" \
	[ "${got[4]-}" = "ok ok ok " ]
expect "threads given to textbook makes one approach, named without threads" \
	[ "${got[5]-}" = "backtrack/textbook|backtrack/bitmask threads=0|backtrack/bitmask threads=2|" ]
expect "the options column records what ran: no threads on textbook, the chosen count for threads=0" \
	[ "${got[6]-}" = "|threads=$(nproc)|threads=2|" ]
expect "the summary uses the same labels" starts "$T/labels.out" 'backtrack/bitmask threads=2 '
"$H" report "$T/labels.csv" --baseline 'backtrack/bitmask threads=2' -o "$T/labels.md" >/dev/null 2>&1
expect "report --baseline takes the label" has "$T/labels.md" '(baseline)'
expect "the report uses the same labels" has "$T/labels.md" 'backtrack/bitmask threads=0'
if "$H" plot "$T/labels.csv" -o "$T/labels.svg" >/dev/null 2>&1; then
	expect "the plot legend uses the same labels" has "$T/labels.svg" 'backtrack/bitmask threads=2'
fi

# --- the experiment file's keys, printed from the loader's tables -------------
"$H" help experiment >"$T/schema" 2>&1; rc=$?
expect "help experiment: exit 0 and every top key (got $rc)" \
	rc_and $rc 0 starts_all "$T/schema" '  timeout ' '  approaches ' '  after_timeout '

# every ready experiment loading (`plan` of each, exit 0): names.sh, under
# a time guard

echo "e2e: $pass passed, $failed failed"
[ $failed -eq 0 ]
