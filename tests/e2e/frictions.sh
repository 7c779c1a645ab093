#!/bin/bash
# frictions.sh - what a new user types wrong, and what the harness says:
# a missing experiment file, verb and value typos (one did-you-mean for
# every choice), a YAML tab, plan --list's header, list's columns, solve
# --board's labels, an experiment that runs nothing (exit 2, the old CSV
# byte for byte), an n over a solver's largest n (refused at load), the
# progress counter against the rows written, and the summary after
# --resume. Each check names the exact message and exit status.
. "$(dirname "$0")/common.bash"

# says DESC WANT_RC WANT_STDERR CMD...: exit status and stderr exactly
# (says_first: stderr's first line)
says() {
	local desc=$1 rc=$2 want=$3 got err; shift 3
	"$@" >"$T/out" 2>"$T/err"
	got=$?
	err=$(cat "$T/err")
	[ "${FIRST:-0}" = 1 ] && err=$(head -1 "$T/err")
	expect "$desc: exit $rc (got $got)" [ "$got" -eq "$rc" ]
	expect "$desc: says '$want' (got '$err')" [ "$err" = "$want" ]
}
says_first() { FIRST=1 says "$@"; }
# all TEST...: every test (a shell text each, eval'd) holds
all() {
	local t
	for t; do eval "$t" || return 1; done
}
HINT='`harness --help` lists the verbs; `harness CONFIG.yaml` runs an experiment file'
cd "$T"

# --- the first word: no such file, verb typos --------------------------------
says "a missing experiment file" 2 "harness: x.yaml: no such file (and no verb of that name)
$HINT" "$H" x.yaml
says "a missing file in a folder" 2 "harness: configs/nope.yaml: no such file (and no verb of that name)
$HINT" "$H" configs/nope.yaml
says "slove" 2 "harness: no verb 'slove' (did you mean 'solve'?)
$HINT" "$H" slove -n 8
says "pot" 2 "harness: no verb 'pot' (did you mean 'plot'?)
$HINT" "$H" pot x.csv
says "help slove" 2 "harness: no verb 'slove' (did you mean 'solve'?)
$HINT" "$H" help slove
# a word near no verb and no file: said as a file
says "a word that is nothing" 2 "harness: frobnicate: no such file (and no verb of that name)
$HINT" "$H" frobnicate
# a file named like a verb typo runs: the file comes first
cat >slove <<'Y'
experiment: slove
instances:
  - {n: 4, mode: count}
approaches:
  - backtrack
Y
"$H" slove -q -o slove.csv >/dev/null 2>&1; rc=$?
expect "a file named 'slove' runs (got $rc)" \
	all '[ $rc -eq 0 ]' '[ "$(csv_col slove.csv solutions)" = 2 ]'

# --- value typos in the experiment file: one did-you-mean -----------------
# bad_value NAME LINE:COL MESSAGE INSTANCES APPROACHES
bad_value() {
	printf 'experiment: t\ninstances:\n  - %s\napproaches:\n  - %s\n' "$4" "$5" >"$1.yaml"
	says "$1" 2 "$1.yaml:$2: $3" "$H" run "$1.yaml" -o "$1.csv"
	expect "$1: no file written" all "[ ! -e $1.csv ]" "[ ! -e $1.meta ]"
}
bad_value mode 3:18 "mode: unknown mode 'cuont' (did you mean 'count'?)" \
	"{n: 8, mode: cuont}" "backtrack: {variant: bitmask}"
bad_value mode_far 3:18 "mode: unknown mode 'all' (expected one of: first, count)" \
	"{n: 8, mode: all}" "backtrack"
bad_value variant 5:26 "unknown variant 'bitmsak' for backtrack (did you mean 'bitmask'?)" \
	"{n: 8, mode: count}" "backtrack: {variant: bitmsak}"
bad_value encoding 5:25 "unknown encoding 'comander' for picosat (did you mean 'commander'?)" \
	"{n: 8, mode: count}" "picosat: {encoding: comander}"
bad_value model 5:19 "unknown model 'asignment' for glpk (did you mean 'assignment'?)" \
	"{n: 8, mode: count}" "glpk: {model: asignment}"
bad_value solver 5:5 "unknown approach 'backtrak' (did you mean 'backtrack'?)" \
	"{n: 8, mode: count}" "backtrak"
bad_value option 5:17 "unknown option 'varient' for backtrack (did you mean 'variant'?)" \
	"{n: 8, mode: count}" "backtrack: {varient: bitmask}"
# a flag's value and solve's approach: the same mechanism
says_first "plot --kind cactsu" 2 "harness plot: --kind is time, cactus, size, solubility, scatter, rtd or all, not 'cactsu' (did you mean 'cactus'?)" \
	"$H" plot x.csv --kind cactsu
says_first "solve backtrak" 2 "harness solve: unknown approach 'backtrak' (did you mean 'backtrack'?)" \
	"$H" solve -n 8 backtrak
says "solve variant=bitmsak" 2 "harness solve: unknown variant 'bitmsak' for backtrack (did you mean 'bitmask'?)" \
	"$H" solve -n 8 backtrack:variant=bitmsak
says_first "export --encoding comander" 2 "harness export: unknown encoding 'comander' (did you mean 'commander'?)" \
	"$H" export -n 4 --encoding comander -o x.cnf
expect "export: no file written" [ ! -e x.cnf ]
# every flag's value is checked by its row in the verb's table (cli.h)
# before the verb reads anything: the flag, what it takes, what was typed
says_first "compare --format jsn" 2 "harness compare: --format is text or json, not 'jsn' (did you mean 'json'?)" \
	"$H" compare a.csv b.csv --format jsn
says_first "plan -j 0" 2 "harness plan: -j takes a number of runs at once from 1 to 1024, not '0'" \
	"$H" plan no-such.yaml -j 0
says_first "run --jobs 2x" 2 "harness run: --jobs takes a number of runs at once, an integer, not '2x'" \
	"$H" run no-such.yaml --jobs 2x
says_first "solve --processes lots" 2 "harness solve: --processes takes an integer from 1 to 4194304, not 'lots'" \
	"$H" solve -n 8 --processes lots backtrack
says_first "slurm --shards 0, the file after it" 2 "harness slurm: --shards takes a number of slices from 1 to 100000, not '0'" \
	"$H" slurm --shards 0 no-such.yaml

# --- a tab in the YAML: named, where it is --------------------------------
printf 'experiment: t\ninstances:\n\t- {n: 8, mode: count}\napproaches:\n  - backtrack\n' >tab.yaml
says "a tab indenting" 2 "tab.yaml:3:1: invalid YAML: a tab character (tabs are not allowed for indentation: indent with spaces)" \
	"$H" run tab.yaml -o tab.csv
printf 'experiment: t\ninstances:\n  - n: 8\n  \tmode: count\napproaches:\n  - backtrack\n' >tab2.yaml
says "a tab after spaces" 2 "tab2.yaml:4:3: invalid YAML: a tab character (tabs are not allowed for indentation: indent with spaces)" \
	"$H" run tab2.yaml -o tab.csv
# a tab between tokens is allowed YAML, and runs
printf 'experiment:\tt\ninstances:\n  - {n: 4,\tmode: count}\napproaches:\n  - backtrack\n' >tab3.yaml
"$H" run tab3.yaml -q -o tab3.csv >/dev/null 2>&1; rc=$?
expect "a tab as a separator is no error (got $rc)" [ $rc -eq 0 ]

# --- plan --list, list, solve --board -------------------------------------
cat >p.yaml <<'Y'
experiment: p
repeat: 2
instances:
  - {n: 5, mode: count}
approaches:
  - backtrack: {variant: [textbook, bitmask]}
Y
"$H" plan p.yaml --list >plan.txt
expect "plan --list: a header, then the keys ($(head -2 plan.txt | tr '\t' ' '))" \
	all '[ "$(head -1 plan.txt)" = "$(printf "experiment\tn\tmode\thints\tapproach\trepeat")" ]' \
	'[ "$(sed -n 2p plan.txt)" = "$(printf "p\t5\tcount\t-\tbacktrack/textbook\t1")" ]' \
	'[ "$(wc -l <plan.txt)" -eq 5 ]'
"$H" plan p.yaml --list --shards 2 >plan2.txt
expect "plan --list --shards: the shard column named" \
	[ "$(head -1 plan2.txt)" = "$(printf 'shard\texperiment\tn\tmode\thints\tapproach\trepeat')" ]
"$H" list >list.txt
expect "list: every name column the same width (the summaries start in one column)" python3 - list.txt <<'PY'
import re, sys
starts = set()
for line in open(sys.argv[1]):
    m = re.match(r'^  (\S+)( +)\S', line)
    if m and '[built-in]' in line:
        starts.add(len(m.group(1)) + len(m.group(2)))
sys.exit(len(starts) != 1)
PY
"$H" solve -n 5 --board -q backtrack minconflicts >board.txt 2>&1
expect "solve --board: each board under its approach's name" \
	all '[ "$(grep -c ", n=5, repeat 1:$" board.txt)" -eq 2 ]' \
	'[ "$(sed -n 1p board.txt)" = "backtrack/bitmask, n=5, repeat 1:" ]' \
	'[ "$(sed -n 7p board.txt)" = "minconflicts, n=5, repeat 1:" ]'

# --- nothing to run: exit 2, the old CSV byte for byte ----------------------
printf 'old,rows\r\n1,2\r\n' >keep.csv
cp keep.csv keep.orig
cat >none.yaml <<'Y'
experiment: none
instances:
  - {n: 8, mode: count}
approaches:
  - minconflicts
  - construct
Y
says "an experiment that runs nothing" 2 "harness: minconflicts does not answer count mode; its count instances are left out
harness: construct does not answer count mode; its count instances are left out
none.yaml: nothing to run: every pairing of its 1 instance and 2 approaches is left out (no file is written)" \
	"$H" run none.yaml -o keep.csv
expect "nothing to run: the old CSV byte for byte" cmp -s keep.csv keep.orig
# plan, run's dry run, says the same and refuses the same
says "plan: an experiment that runs nothing" 2 "harness: minconflicts does not answer count mode; its count instances are left out
harness: construct does not answer count mode; its count instances are left out
none.yaml: nothing to run: every pairing of its 1 instance and 2 approaches is left out" \
	"$H" plan none.yaml
cat >some.yaml <<'Y'
experiment: some
instances:
  - {n: 8, mode: [count, first]}
approaches:
  - minconflicts
Y
"$H" plan some.yaml >some.out 2>some.err
expect "plan: a pairing left out is said, the rest planned (exit $?)" \
	all '[ "$(<some.err)" = "harness: minconflicts does not answer count mode; its count instances are left out" ]' \
	'grep -q "1 cell (1 with runs)" some.out'
expect "nothing to run: no backup, no .meta, no lock" \
	[ "$(ls keep* | tr '\n' ' ')" = "keep.csv keep.orig " ]
# only: leaves every pairing out too
cat >only.yaml <<'Y'
experiment: only
instances:
  - {n: 8, mode: count, only: [minconflicts]}
approaches:
  - backtrack
  - minconflicts
Y
says_first "only: filters out the rest" 2 "harness: minconflicts does not answer count mode; its count instances are left out" \
	"$H" run only.yaml -o keep.csv
expect "only: the old CSV byte for byte" cmp -s keep.csv keep.orig
# and one pairing left is a run
sed -i 's/only: \[minconflicts\]/only: [backtrack, minconflicts]/' only.yaml
"$H" run only.yaml -q -o one.csv >/dev/null 2>&1; rc=$?
expect "one pairing left runs (got $rc)" \
	all '[ $rc -eq 0 ]' '[ "$(csv_col one.csv solutions)" = 92 ]'

# --- a solver's largest n, at load ------------------------------------------
cat >big.yaml <<'Y'
experiment: big
instances:
  - {n: 8, mode: count}
  - {n: 30..33, mode: count}
approaches:
  - backtrack: {variant: bitmask}
  - backtrack: {variant: split}
Y
says "split at n=33" 2 "big.yaml:4:5: n=33 is more than backtrack/split takes (n up to 32 in count mode; the approach is at line 7): give a smaller n, or list in this entry's only: the approaches that take it" \
	"$H" run big.yaml -o big.csv
expect "largest n: no file written" [ ! -e big.csv ]
says "plan refuses it too" 2 "big.yaml:4:5: n=33 is more than backtrack/split takes (n up to 32 in count mode; the approach is at line 7): give a smaller n, or list in this entry's only: the approaches that take it" \
	"$H" plan big.yaml
printf 'experiment: b\ninstances:\n  - {n: 65, mode: first}\napproaches:\n  - minconflicts\n  - backtrack\n' >b65.yaml
says "bitmask at n=65" 2 "b65.yaml:3:5: n=65 is more than backtrack/bitmask takes (n up to 64 in first mode; the approach is at line 6): give a smaller n, or list in this entry's only: the approaches that take it" \
	"$H" plan b65.yaml
# only: keeps the large n from the approach that cannot: it loads
sed -i 's/{n: 65, mode: first}/{n: 65, mode: first, only: [minconflicts]}/' b65.yaml
"$H" plan b65.yaml >/dev/null 2>"$T/err"; rc=$?
expect "only: keeps n=65 from bitmask: it loads (got $rc: $(cat "$T/err"))" [ $rc -eq 0 ]
# split does not answer first mode: no limit to break there
printf 'experiment: s\ninstances:\n  - {n: 80, mode: [first, count]}\napproaches:\n  - backtrack: {variant: split}\n  - picosat\n' >s80.yaml
says "split at 80, count mode only" 2 "s80.yaml:3:5: n=80 is more than backtrack/split takes (n up to 32 in count mode; the approach is at line 5): give a smaller n, or list in this entry's only: the approaches that take it" \
	"$H" plan s80.yaml

# --- the counter: [k/N] against the rows written ----------------------------
cat >c.yaml <<'Y'
experiment: c
warmup: 1
repeat: 2
timeout: 300ms
after_timeout: skip
instances:
  - {n: [5, 16, 17], mode: count}
approaches:
  - backtrack: {variant: textbook}
  - backtrack: {variant: bitmask}
Y
"$H" run c.yaml -o c.csv >c.out 2>c.err
rows=$(($(wc -l <c.csv) - 1))
expect "counter: N is the rows written ($rows; $(grep -o '\[[0-9]*/[0-9]*\]' c.err | sort -u | tr '\n' ' '))" \
	all '[ "$rows" -eq 12 ]' '[ -z "$(grep -o "\[[0-9]*/[0-9]*\]" c.err | grep -v "/12\]$")" ]'
expect "counter: the skipped rows of n=17 stand at [9/12] and [10/12]" \
	all 'grep -q "^\[9/12\] backtrack/textbook n=17 count: not run" c.err' \
	'grep -q "^\[10/12\] backtrack/bitmask n=17 count: not run" c.err'
expect "counter: warm-ups count no row (the two warm-ups of n=5 stand at [1/12])" \
	[ "$(grep -c '^\[1/12\] .* warm-up' c.err)" -eq 2 ]
expect "counter: 12 rows written" grep -q '^harness: 12 rows written to c.csv$' c.err

# --- --resume: the summary of every row of the file -------------------------
cat >r.yaml <<'Y'
experiment: r
repeat: 3
instances:
  - {n: [5, 6], mode: count}
approaches:
  - backtrack: {variant: textbook}
Y
"$H" run r.yaml -q -o r.csv >/dev/null 2>&1
head -3 r.csv >r.cut && mv r.cut r.csv # n=5 half made: 2 of its 3 runs
"$H" run r.yaml -q -o r.csv --resume >r.out 2>r.err; rc=$?
expect "resume: exit 0 (got $rc: $(cat r.err))" [ $rc -eq 0 ]
expect "resume: the half-made cell shows all its runs ($(grep ' 5 ' r.out))" \
	grep -q '^backtrack/textbook  count      5 .* 10 .* 3 ok$' r.out
expect "resume: the new cell too" grep -q '^backtrack/textbook  count      6 .* 4 .* 3 ok$' r.out
expect "resume: said so" grep -q '^harness: with the 2 rows from before (resumed; the summary above holds every row of the file)$' r.err

echo "frictions: $pass passed, $failed failed"
[ $failed -eq 0 ]
