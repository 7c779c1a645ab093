#!/usr/bin/env bash
# outputs.sh - end-to-end tests of what the harness writes and reads at
# its edges: output paths that are not regular files (FIFO, directory,
# symbolic link, a device), the lock on a CSV being written (by any of
# its names: -o x is x.csv, hard links, linked directories), numbered
# backups, the experiment file's size, nesting and encoding limits, and
# integers on the command line. Prints "N passed, N failed" last.
. "$(dirname "$0")/common.bash"

# (files are read by bash below, not by a process each: on these
# machines a grep, cat or ls costs 2-3 ms of CPU, and this script made
# about 190 of them)
# has FILE STR: grep -qF -- STR FILE ($(<FILE) forks nothing in bash)
has() { [[ $(<"$1") == *"$2"* ]]; }
# line FILE STR: a line of FILE is STR (grep -qx, fixed)
line() { [[ $'\n'$(<"$1")$'\n' == *$'\n'"$2"$'\n'* ]]; }
# none PATTERN...: no file matches any of them (! ls them)
none() {
	local p
	for p; do compgen -G "$p" >/dev/null && return 1; done
	return 0
}
# lines FILE: its lines in n (wc -l of a file written whole lines at a time)
lines() { local -a l; n=0; [ -e "$1" ] && mapfile -t l <"$1" && n=${#l[@]}; }
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
# refused OUT DESC CMD... : exit 2, one "OUT: refusing..." line, OUT as it was
# (its type and inode, stat's; the state after one call is the state
# before the next on the same OUT, so one stat a call, not two)
refused_last="" refused_was=""
refused() {
	local out=$1 desc=$2 before after rc
	shift 2
	if [ "$out" = "$refused_last" ]; then before=$refused_was
	else before=$(stat -c '%F %i' "$out" 2>&1); fi
	"$@" >"$T/rout" 2>"$T/rerr"
	rc=$?
	after=$(stat -c '%F %i' "$out" 2>&1)
	refused_last=$out refused_was=$after
	if [ $rc -ne 2 ]; then bad "$desc: exit $rc, expected 2"; return; fi
	if ! has "$T/rerr" "$out: refusing to write"; then
		bad "$desc: message: $(<"$T/rerr")"; return
	fi
	if [ "$before" != "$after" ]; then
		bad "$desc: $out changed: $before -> $after"; return
	fi
	if ! none "$out.tmp*" "$out.bak*"; then
		bad "$desc: a temp or backup file beside $out"; return
	fi
	ok
}

# --- output paths that are not regular files ---------------------------------
mkfifo "$T/fifo"
mkdir "$T/dir"
echo "kept" >"$T/target.csv"
ln -s target.csv "$T/link.csv"
"$H" solve -n 6 -q -o "$T/r.csv" backtrack >/dev/null 2>&1
for out in "$T/fifo" "$T/dir" "$T/link.csv"; do
	name=$(basename "$out")
	refused "$out" "solve -o $name" "$H" solve -n 6 -q -o "$out" backtrack
	# under ASan (E2E_SAN) the other verbs on the FIFO alone: every
	# verb refuses through the one check of lstat's file type, the same
	# lines whatever the type (10 of the script's 114 starts there)
	san && [ "$name" != fifo ] && continue
	refused "$out" "run -o $name" "$H" run configs/smoke.yaml -q -o "$out"
	refused "$out" "report -o $name" "$H" report "$T/r.csv" -o "$out"
	refused "$out" "plot -o $name" "$H" plot "$T/r.csv" -o "$out"
	refused "$out" "export -o $name" "$H" export -n 6 --encoding pairwise \
		--format dimacs -o "$out"
	refused "$out" "export (LP) -o $name" "$H" export -n 6 \
		--model assignment --format lp -o "$out"
done
expect "a symbolic link's target is untouched" [ "$(<"$T/target.csv")" = kept ]
expect "the link is still a link" [ -L "$T/link.csv" ]
# a character device: /dev/null itself only where no harm can come of it
# (the check is lstat's file type, the same for every kind)
if [ -c /dev/null ]; then
	refused /dev/null "solve -o /dev/null" "$H" solve -n 6 -q -o /dev/null backtrack
	expect "/dev/null is still a character device" [ -c /dev/null ]
fi
# the default output of report and plot: RESULTS.md / RESULTS.svg
mkfifo "$T/r.md"
refused "$T/r.md" "report's default output a FIFO" "$H" report "$T/r.csv"
mkdir "$T/r-cactus.svg"
refused "$T/r-cactus.svg" "plot --kind all, one output a directory" \
	"$H" plot "$T/r.csv" --kind all
expect "plot --kind all wrote nothing when one output is refused" \
	[ ! -e "$T/r.svg" ]
# the .meta beside the CSV is checked as well, before anything moves
mkdir "$T/m.meta"
"$H" solve -n 6 -q -o "$T/m.csv" backtrack >/dev/null 2>"$T/merr"
rc=$?
expect "a directory where the .meta goes: exit 2 (got $rc)" [ $rc -eq 2 ]
expect "... naming it" has "$T/merr" "$T/m.meta: refusing to write"
expect "... and no CSV written" [ ! -e "$T/m.csv" ]

# --- two runs on one CSV: the second exits 2 naming the first's PID ---------
# napper: n = 4 counted at once, n = 16 a run that sleeps past the
# timeout: a run under way for 2 s that costs no CPU (backtrack at n = 16
# burnt 2 s of it each time, six times a pass)
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
cat >"$T/lk.yaml" <<Y
experiment: lk
timeout: 2s
instances:
  - {n: 4, mode: count}
  - {n: 16, mode: count}
approaches:
  - napper
plugins: [$T/napper.so]
Y
"$H" run "$T/lk.yaml" -q -o "$T/lk.csv" >/dev/null 2>"$T/lk1.err" &
hp=$!
for _ in {1..200}; do
	lines "$T/lk.csv"
	[ "$n" -ge 2 ] && break
	nap 0.05
done
"$H" run "$T/lk.yaml" -q -o "$T/lk.csv" >/dev/null 2>"$T/lk2.err"
rc2=$?
"$H" solve -n 5 -q -o "$T/lk.csv" backtrack >/dev/null 2>"$T/lk3.err"
rc3=$?
wait $hp
rc1=$?
expect "the second run exits 2 (got $rc2)" [ $rc2 -eq 2 ]
expect "... naming the first one's PID $hp ($(<"$T/lk2.err"))" \
	has "$T/lk2.err" "another harness run (PID $hp) is writing it"
expect "solve -o on the same CSV exits 2 too (got $rc3)" [ $rc3 -eq 2 ]
expect "the first run exits 0 (got $rc1; $(<"$T/lk1.err"))" [ $rc1 -eq 0 ]
# (its rows are read with the other CSVs' at the end, from this copy)
cp "$T/lk.csv" "$T/lk-first.csv"
expect "the second run made no backup" [ ! -e "$T/lk.csv.bak" ]
expect "the lock file is gone after the run" [ ! -e "$T/lk.csv.lock" ]
"$H" run "$T/lk.yaml" -q -o "$T/lk.csv" >/dev/null 2>&1 &
hp=$!
for _ in {1..200}; do
	kid $hp
	[ -n "$kid" ] && [ -s "$T/lk.csv.lock" ] && break
	nap 0.05
done
child=$kid
{ kill -KILL $hp; wait $hp; } 2>/dev/null
"$H" solve -n 5 -q -o "$T/lk.csv" backtrack >/dev/null 2>"$T/lk4.err"
rc=$?
expect "a lock left by a killed run does not block the next (got $rc; $(<"$T/lk4.err"))" \
	[ $rc -eq 0 ]
[ -n "$child" ] && kill -KILL "$child" 2>/dev/null

# --- one lock per file, whatever its name -------------------------------------
not() { ! "$@"; }
# wait_rows FILE N: until FILE has N lines (the header and N-1 rows)
wait_rows() {
	for _ in {1..200}; do
		lines "$1"
		[ "$n" -ge "$2" ] && return
		nap 0.05
	done
}
# -o x is x.csv: started together, the two are one file, one lock
mkdir "$T/two"
( cd "$T/two" && exec "$H" run "$T/lk.yaml" -o x >/dev/null 2>x1.err ) &
p1=$!
( cd "$T/two" && exec "$H" run "$T/lk.yaml" -q -o x.csv >/dev/null 2>x2.err ) &
p2=$!
wait $p1; r1=$?
wait $p2; r2=$?
expect "-o x and -o x.csv at once: one exits 2, one 0 (got $r1 $r2)" \
	[ "$(printf '%s\n' $r1 $r2 | sort | tr '\n' ' ')" = "0 2 " ]
expect "... the one refused names the other's PID ($(<"$T/two/x1.err") $(<"$T/two/x2.err"))" \
	grep -qE "x.csv: another harness run \(PID ($p1|$p2)\) is writing it" \
	"$T/two/x1.err" "$T/two/x2.err"
# ls: the names in the folder, sorted, read by bash
ls_of() {
	local g
	ls_of=""
	for g in "$1"/*; do
		[ -e "$g" ] || [ -L "$g" ] && ls_of+="${g##*/} "
	done
}
ls_of "$T/two"
expect "... one file: x.csv, x.meta, no x ($ls_of)" \
	[ "$ls_of" = "x.csv x.meta x1.err x2.err " ]
expect "-o x says it writes x.csv" \
	has "$T/two/x1.err" "harness: writing x.csv (a results file's name ends in .csv)"
expect "... x.meta is the finished run's" \
	line "$T/two/x.meta" 'outcome: "ok"'
( cd "$T/two" && exec "$H" run "$T/lk.yaml" -q -o x --resume ) \
	>/dev/null 2>"$T/two.err"
rc=$?
expect "... a later --resume: exit 0 (got $rc; $(<"$T/two.err"))" [ $rc -eq 0 ]
expect "... nothing called edited" not grep -qiE "changed|warning" "$T/two.err" # (-i: one grep)
# (its rows are read with the other CSVs' at the end)

# -o old, where a file old is (an older harness's results): old.csv is
# written, old stays as it was, and the warning says how to go on with it
echo 'old results' >"$T/two/old"
"$H" solve -n 5 -q -o "$T/two/old" backtrack >/dev/null 2>"$T/old.err"
rc=$?
expect "-o old where old is a file: exit 0 (got $rc)" [ $rc -eq 0 ]
expect "... old untouched" [ "$(<"$T/two/old")" = "old results" ]
expect "... old.csv written" [ -s "$T/two/old.csv" ]
expect "... said even with -q ($(<"$T/old.err"))" \
	has "$T/old.err" "warning: writing $T/two/old.csv, not $T/two/old (a results file's name ends in .csv; to go on with $T/two/old, rename it $T/two/old.csv)"

# a file being resumed, through a hard link and through a directory that
# is a symbolic link: refused, exit 2, nothing touched, no row twice
mkdir "$T/hl" "$T/hl/d"
ln -s "$T/hl" "$T/hl/d/up"
sed 's/timeout: 2s/timeout: 60s/' "$T/lk.yaml" >"$T/hl.yaml"
env --default-signal=INT,TERM,HUP "$H" run "$T/hl.yaml" -q -o "$T/hl/a.csv" >/dev/null 2>&1 &
hp=$!
wait_rows "$T/hl/a.csv" 2
kill -INT $hp; wait $hp
ln "$T/hl/a.csv" "$T/hl/b.csv"
cp "$T/hl/a.meta" "$T/hl/b.meta"
env --default-signal=INT,TERM,HUP "$H" run "$T/hl.yaml" -q -o "$T/hl/a.csv" --resume >/dev/null 2>"$T/hl1.err" &
hp=$!
nap 0.5 # (the resume under way, at n = 16 for a minute: it holds the lock)
IFS= read -r -d '' before <"$T/hl/b.meta" # (the file whole, cksum's)
"$H" run "$T/hl.yaml" -q -o "$T/hl/b.csv" --resume >/dev/null 2>"$T/hl2.err"
rc2=$?
"$H" run "$T/hl.yaml" -q -o "$T/hl/d/up/a.csv" --resume >/dev/null 2>"$T/hl3.err"
rc3=$?
"$H" run "$T/hl.yaml" -q -o "$T/hl/b" >/dev/null 2>"$T/hl4.err"
rc4=$?
"$H" merge -o "$T/hl/m" "$T/hl/b.csv" >/dev/null 2>"$T/hl5.err"
rc5=$?
IFS= read -r -d '' after <"$T/hl/b.meta"
expect "... (the resume still under way: the checks above were made against it)" \
	kill -0 $hp
kill -INT $hp
wait $hp
rc1=$?
expect "resume through a hard link while the file is resumed: exit 2 (got $rc2)" \
	[ $rc2 -eq 2 ]
expect "... naming the writer and its name ($(<"$T/hl2.err"))" \
	grep -qF "b.csv: another harness run (PID $hp) is writing it, as $(realpath "$T/hl/a.csv") (the same file under another name)" "$T/hl2.err"
expect "... through a symbolic link's directory: exit 2 (got $rc3)" [ $rc3 -eq 2 ]
expect "... naming the writer ($(<"$T/hl3.err"))" \
	has "$T/hl3.err" "(PID $hp) is writing it"
expect "... a new run on the hard link: exit 2 (got $rc4)" [ $rc4 -eq 2 ]
expect "... merge of it: exit 2 (got $rc5)" [ $rc5 -eq 2 ]
expect "... the shard in progress ($(<"$T/hl5.err"))" \
	has "$T/hl5.err" "b.csv: a harness run (PID $hp) is writing it"
ls_of "$T/hl"
expect "... nothing touched: no backup, no lock file, no merge output ($ls_of)" \
	[ "$ls_of" = "a.csv a.meta b.csv b.meta d " ]
expect "... b.meta untouched" [ "$before" = "$after" ]
expect "the resume itself, interrupted: exit 130 (got $rc1; $(<"$T/hl1.err"))" \
	[ $rc1 -eq 130 ]
# (its rows, no row twice, are read with the other CSVs' at the end)

# a writer SIGKILLed: the lock of the file is gone with it (the runs'
# children do not keep it), so another name of the file goes on
env --default-signal=INT,TERM,HUP "$H" run "$T/lk.yaml" -q -o "$T/hl/k.csv" >/dev/null 2>&1 &
hp=$!
wait_rows "$T/hl/k.csv" 2
kill -INT $hp; wait $hp
ln "$T/hl/k.csv" "$T/hl/k2.csv"
cp "$T/hl/k.meta" "$T/hl/k2.meta"
env --default-signal=INT,TERM,HUP "$H" run "$T/lk.yaml" -q -o "$T/hl/k.csv" --resume >/dev/null 2>&1 &
hp=$!
for _ in {1..200}; do
	kid $hp
	[ -n "$kid" ] && [ -s "$T/hl/k.csv.lock" ] && break
	nap 0.05
done
child=$kid
{ kill -KILL $hp; wait $hp; } 2>/dev/null
[ -n "$child" ] && kill -KILL "$child" 2>/dev/null
"$H" run "$T/lk.yaml" -q -o "$T/hl/k2.csv" --resume >/dev/null 2>"$T/hl6.err"
rc=$?
expect "a SIGKILLed writer's lock is taken over through a hard link (got $rc; $(<"$T/hl6.err"))" \
	[ $rc -eq 0 ]
# (its rows, every run once, are read with the other CSVs' at the end)
# merge -o OUT is OUT.csv too, beside OUT.meta
"$H" merge -o "$T/hl/mk" "$T/hl/k2.csv" >/dev/null 2>"$T/hl7.err"
rc=$?
expect "merge -o mk: exit 0 (got $rc; $(<"$T/hl7.err"))" [ $rc -eq 0 ]
expect "... into mk.csv and mk.meta, no mk" \
	[ -s "$T/hl/mk.csv" -a -s "$T/hl/mk.meta" -a ! -e "$T/hl/mk" ]
expect "... said" has "$T/hl7.err" "harness merge: writing $T/hl/mk.csv"

# --- numbered backups: the last good file survives interrupted reruns -------
"$H" solve -n 6 -q -o "$T/b.csv" backtrack >/dev/null 2>&1
cp "$T/b.csv" "$T/good.csv"
cat >"$T/slow.yaml" <<Y
experiment: slow
instances:
  - {n: 4, mode: count}
  - {n: 16, mode: count}
approaches:
  - napper
plugins: [$T/napper.so]
Y
for k in 1 2; do
	env --default-signal=INT,TERM,HUP "$H" run "$T/slow.yaml" -q -o "$T/b.csv" >/dev/null 2>&1 &
	hp=$!
	slot=b.csv.bak
	[ $k -eq 2 ] && slot=b.csv.bak.1
	for _ in {1..200}; do
		[ -e "$T/$slot" ] && lines "$T/b.csv" && [ "$n" -ge 2 ] && break
		nap 0.05
	done
	kill -INT $hp
	wait $hp
done
expect "after two interrupted reruns the good file is FILE.bak.1" \
	cmp -s "$T/b.csv.bak.1" "$T/good.csv"
for k in 1 2 3 4 5 6; do
	"$H" solve -n 5 -q -o "$T/b.csv" backtrack >/dev/null 2>&1
done
baks=("$T"/b.csv.bak*) # (ls -d, by bash)
baks=("${baks[@]##*/}")
expect "five backups kept: FILE.bak, FILE.bak.1 .. FILE.bak.4 (${baks[*]})" \
	[ "${baks[*]} " = "b.csv.bak b.csv.bak.1 b.csv.bak.2 b.csv.bak.3 b.csv.bak.4 " ]
expect "the .meta is kept the same way" \
	test -e "$T/b.meta.bak.4" -a ! -e "$T/b.meta.bak.5"

# --- experiment-file limits: FILE:LINE:COL, exit 2, quickly -------------------
limit() { # limit NAME EXPECTED (the file is $T/NAME.yaml)
	local f="$T/$1.yaml" rc start end
	start=$EPOCHREALTIME
	"$H" run "$f" -q -o "$T/$1.csv" >/dev/null 2>"$T/lerr"
	rc=$?
	end=$EPOCHREALTIME
	if [ $rc -ne 2 ]; then bad "$1: exit $rc, expected 2"; return; fi
	if ! has "$T/lerr" "$f:$2"; then
		bad "$1: expected '$f:$2', got: $(<"$T/lerr")"; return
	fi
	# (EPOCHREALTIME, bash's: seconds with six decimals, date +%s%N's
	# clock without a process)
	start=${start/./} end=${end/./}
	if [ $(((10#$end - 10#$start) / 1000)) -gt 2000 ]; then
		bad "$1: took $(((10#$end - 10#$start) / 1000)) ms"; return
	fi
	ok
}
# (written by bash and yes | head, the same bytes as python3's; times S N:
# S N times in times, doubled up: ${x// /[} on 100,000 spaces takes bash
# seconds)
times() { times=$1; while [ ${#times} -lt "$2" ]; do times+=$times; done; times=${times:0:$2}; }
times '[' 100000; open=$times
times ']' 100000
printf 'instances: %s%s\n' "$open" "$times" >"$T/deep.yaml"
limit deep "1:75: nested too deeply: more than 64 levels"
printf -v xs '%98s' ''
printf -v ys '%99s' ''
{
	printf 'instances:\n  - n: 4\napproaches:\n  - backtrack\n# %s\n' "${xs// /x}"
	yes "#${ys// /y}" | head -n 45000
} >"$T/big.yaml"
limit big "41532:32: the file is larger than 4 MiB"
printf 'experiment: ok\nrepeat: 1\nname: caf\xe9 au lait\n' >"$T/latin1.yaml"
limit latin1 "3:10: invalid YAML: invalid trailing UTF-8 octet"
printf 'repeat: 1\nexperiment: ab\xffcd\n' >"$T/ff.yaml"
limit ff "2:15: invalid YAML: invalid leading UTF-8 octet (byte 0xff"

# a results CSV past its limit (a sparse file: no disk, no reading)
truncate -s 513M "$T/huge.csv"
"$H" report "$T/huge.csv" -o - >/dev/null 2>"$T/herr"
rc=$?
expect "a CSV over 512 MiB: exit 2 (got $rc)" [ $rc -eq 2 ]
expect "... saying so ($(<"$T/herr"))" \
	has "$T/herr" "$T/huge.csv: the file is larger than 512 MiB"
rm -f "$T/huge.csv"

# --- integers on the command line: the file's rules -------------------------
bad_input "--hint 4294967297:1" "--hint '4294967297:1': row 4294967297 is off every board" \
	"$H" solve -n 8 --hint 4294967297:1 backtrack
bad_input "--hint 1:-4294967295" "column -4294967295 is off every board" \
	"$H" solve -n 8 --hint 1:-4294967295 backtrack
bad_input "--hint 1:2:3" "--hint takes ROW:COL (1-based), not '1:2:3'" \
	"$H" solve -n 8 --hint 1:2:3 backtrack
bad_input "--hint ' 1:2'" "' 1' is not an integer" \
	"$H" solve -n 8 --hint ' 1:2' backtrack
bad_input "export --hint overflow" "row 4294967297 is off every board" \
	"$H" export -n 8 --hint 4294967297:1 --encoding pairwise -o "$T/x.cnf"
bad_input "-n 4294967304" "-n takes a board size from 1 to 100000000, not '4294967304'" \
	"$H" solve -n 4294967304 backtrack
bad_input "-n 8x" "-n takes a board size, an integer, not '8x'" \
	"$H" check -n 8x --placement "1"
bad_input "--memory 0" "--memory must be greater than 0, not '0'" \
	"$H" solve -n 8 --memory 0 backtrack
bad_input "--seed -1" "--seed takes an unsigned 64-bit integer, not '-1'" \
	"$H" solve -n 8 --seed -1 backtrack
bad_input "--seed 2^64" "not '18446744073709551616'" \
	"$H" solve -n 8 --seed 18446744073709551616 backtrack
args=()
for i in {1..257}; do args+=(--hint "$i:$i"); done
# (under ASan, E2E_SAN, solve alone: the three verbs' --hint is one
# function, cli.c's nq_cli_hint, filling the one nq_board_args)
verbs="solve export check"
san && verbs=solve
for verb in $verbs; do # one limit, NQ_MAX_HINTS
	bad_input "$verb: a 257th hint" "too many hints: at most 256 --hint ('257:257' is one too many)" \
		"$H" $verb -n 300 "${args[@]}"
done
args=()
for i in {1..30}; do args+=(--hint "$((1000 + i)):$((3000 + 2 * i))"); done
bad_input "solve: hints too long for the CSV column" "--hint: too many for the CSV hints column (at most 255 characters" \
	"$H" solve -n 5000 "${args[@]}" backtrack
# every hint in the export's first line (check --from reads them back)
args=()
for i in {1..140}; do args+=(--hint "$i:$(( (2 * i) % 300 + 1 ))"); done
"$H" export -n 300 "${args[@]}" --encoding sequential -o "$T/hints.cnf" 2>/dev/null
# the first line's ' R:C's (head -1 | grep -o | wc -l), counted by bash
IFS= read -r first <"$T/hints.cnf"
nh=0
while [[ $first =~ \ [0-9]+:[0-9]+ ]]; do
	nh=$((nh + 1))
	first=${first#*"${BASH_REMATCH[0]}"}
done
expect "export: all 140 hints in the header ($nh)" [ "$nh" -eq 140 ]
rm -f "$T/hints.cnf"
bad_input "check --placement names the token" "--placement: '4x' (item 2) is not a column 1..4" \
	"$H" check -n 4 --placement "2 4x 1 3"
bad_input "check --placement overflow" "'99999999999999999999' (item 4) is not a column 1..4" \
	"$H" check -n 4 --placement "2 4 1 99999999999999999999"
"$H" solve -n 8 -q --memory none --seed 18446744073709551615 --hint 2:3 backtrack >/dev/null 2>&1
rc=$?
expect "--memory none, the largest seed, a hint: accepted (got $rc)" [ $rc -eq 0 ]

# --- the CSVs' rows, read by one python3 (four were read one by one) -------
mapfile -t got < <(python3 - "$T/lk-first.csv" "$T/two/x.csv" "$T/hl/a.csv" "$T/hl/k2.csv" <<'PY'
import csv, sys
for f in sys.argv[1:]:
    try:
        print(''.join(r['status'] + ' ' for r in csv.DictReader(open(f, newline=''))))
    except Exception as e:
        print('error: %r' % e)
PY
)
expect "two runs on one CSV: the first run's rows are intact (${got[0]-})" \
	[ "${got[0]-}" = "ok timeout " ]
expect "-o x and -o x.csv, a later --resume: nothing made twice (${got[1]-})" \
	[ "${got[1]-}" = "ok timeout " ]
expect "resumes refused through a hard link, a linked folder: no row twice (${got[2]-})" \
	[ "${got[2]-}" = "ok " ]
expect "a SIGKILLed writer's lock taken over through a hard link: every run once (${got[3]-})" \
	[ "${got[3]-}" = "ok timeout " ]

echo "outputs: $pass passed, $failed failed"
[ $failed -eq 0 ]
