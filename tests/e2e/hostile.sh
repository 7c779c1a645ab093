#!/usr/bin/env bash
# hostile.sh - plugins that attack the host (tests/liars/hostile.c), and
# the harness's own end: on the rlimit path (NQ_NO_CGROUP=1) with -j 2, a
# solver's setsid orphans end with their run, not when no run is in
# flight; a SIGKILLed harness's orphans are ended by the next harness
# (both paths); SIGPIPE (`run ... 2>&1 | head -c 2000`) does not stop the
# harness (exit 0, the .meta's outcome written, a warning there, no
# orphans); a destructor and an atexit handler that exit(0) do not turn a
# wrong answer's exit 1 into 0; an option table or solver list without
# its end (a guard page after it), an option table too long, an option of
# type 99 are one error, exit 2, no crash; max_n hooks that loop, crash or
# answer -7 and a count_units that loops are one error within seconds,
# exit 2, no file written. After each fault, --resume ends with exactly
# the plan's rows, each once. Every process is found by a marker in its
# command line ($T, unique to this test) and ended by PID. HARNESS names
# the binary (default ./harness). Prints "hostile: N passed, N failed"
# last.
. "$(dirname "$0")/common.bash"
mkdir "$T/tmp"
export TMPDIR="$T/tmp"

# the processes of this test still running (harness, children, orphans);
# those of the run that attacks its parent, which runs beside the rest,
# are marked by $P/ instead (not "$T/": the others' counts do not see it)
P=$T-parent
# left [MARK]: their PIDs into the array left (pgrep, this shell's own
# left out); $left_list the same, separated by blanks
left() {
	local p
	left=()
	while read -r p; do [ "$p" = $$ ] || left+=("$p"); done < <(pgrep -f -- "${1:-$T/}")
	left_list="${left[*]}${left[*]:+ }"
}
end_left() { local p; left "$@"; for p in "${left[@]}"; do kill -9 "$p" 2>/dev/null; done; }
trap 'end_left; end_left "$P/"; rm -rf "$T" "$P"' EXIT
# nap SECONDS: sleep, in bash (read -t on a pipe nothing writes to)
exec {nap_fd}<> <(:)
nap() { read -r -t "$1" -u "$nap_fd"; true; }
none_left() { # none_left TENTHS [MARK]: wait that long at most for none
	local i
	for ((i = 0; i < $1; i++)); do
		left "${2:-$T/}"
		[ ${#left[@]} -eq 0 ] && return 0
		nap 0.1
	done
	return 1
}
has() { [[ $1 == *"$2"* ]]; } # has TEXT PART: grep -qF, in bash
# ls_a DIR: what ls -A lists, into $ls_a (blank-separated), in bash
ls_a() {
	local -a f
	shopt -s dotglob nullglob
	f=("$1"/*)
	shopt -u dotglob nullglob
	ls_a=${f[*]#"$1"/}
}
# csvsum FILE: one python3 for what the checks read of a CSV, into the
# array S: rows (how many), once (1: no run key twice), and each column
# COL the test reads as S[COL] (its cells, a line each), S[COL,set] (the
# distinct ones, sorted), S[COL,count] (uniq -c of them), S[COL,ok] (how
# many say ok). The file is named in the environment, not on python3's
# command line, where left's pgrep -f would see $T while it ends.
csvsum() {
	local k v
	S=()
	while IFS= read -r -d '' k && IFS= read -r -d '' v; do S[$k]=$v; done < <(CSVSUM_FILE=$1 python3 - <<'PY'
import collections, csv, os, sys
try:
    rows = list(csv.DictReader(open(os.environ['CSVSUM_FILE'], newline='')))
except OSError as e:
    rows = []
keys = [(r['solver'], r['encoding'], r['n'], r['mode'], r['hints'], r['repeat']) for r in rows]
out = {'rows': str(len(rows)), 'once': '1' if len(set(keys)) == len(keys) else '0'}
for c in ('measured_by', 'status', 'note', 'solutions'):
    cells = [r[c] for r in rows]
    out[c] = ''.join(x + '\n' for x in cells)
    out[c + ',set'] = '\n'.join(sorted(set(cells)))
    out[c + ',count'] = ' '.join(f'{n} {x}' for x, n in sorted(collections.Counter(cells).items()))
    out[c + ',ok'] = str(cells.count('ok'))
sys.stdout.write(''.join(f'{k}\0{v}\0' for k, v in out.items()))
PY
)
}
declare -A S
# rows_once N: csvsum's file has N rows, no run key twice
rows_once() { [ "${S[rows]}" = "$1" ] && [ "${S[once]}" = 1 ]; }

# The twelve plugins, one source and a -D each, through common.bash's cc
# (a copy from its cache when nothing changed; the compiler's and the
# headers' hash made once, before the builds that run in the
# background); those not in the cache built two at a time (the
# machine's two cores).
kinds=(SPAWN EXIT OPTS MANYOPTS LIST TYPE99 LOOP CRASH UNITS BADMAX PARENT THREADS)
cflags=(-std=c11 -O2 -shared -fPIC -I"$ROOT/include")
build() {
	cc "${cflags[@]}" -DHOSTILE_$1 -o "$T/$1.so" tests/liars/hostile.c 2>"$T/cc-$1.err"
}
cc_env "$ROOT/include" tests/liars # once, for the builds in the background
for ((k = 0; k < ${#kinds[@]}; k += 2)); do
	build "${kinds[k]}" &
	build "${kinds[k + 1]}"
	wait $!
done
for kind in "${kinds[@]}"; do
	[ -s "$T/$kind.so" ] || bad "building $kind.so: $(<"$T/cc-$kind.err")"
done

config() { # config NAME PLUGIN "APPROACH..." INSTANCES [EXTRA LINE]
	{
		echo "experiment: $1"
		echo "repeat: ${REPEAT:-1}"
		echo "timeout: ${TIMEOUT:-20s}"
		echo "jobs: ${JOBS:-1}"
		[ -n "${5:-}" ] && echo "$5"
		echo "instances:"
		echo "  - $4"
		echo "approaches:"
		for a in $3; do echo "  - $a"; done
		echo "plugins: [$T/$2.so]"
	} >"$T/$1.yaml"
}


# peak COMMAND...: run it while counting this test's processes every
# 50 ms; the most seen in $T/peak
peak() {
	(
		m=0
		while :; do
			left
			c=${#left[@]}
			[ "$c" -gt "$m" ] && m=$c && echo "$m" >"$T/peak"
			nap 0.05
		done
	) &
	local mon=$!
	echo 0 >"$T/peak"
	"$@"
	local rc=$?
	kill "$mon"
	wait "$mon" 2>/dev/null
	return $rc
}

# --- a run that attacks its parent: with -j 2, the worker that made it -------
# n = 4 stops it (SIGSTOP), n = 5 kills it; the harness gives up on the
# first at the run's timeout and a margin, the second at once. The margin
# is 5 s of waiting: started now, beside the rest (its own TMPDIR, so no
# sweep or run directory of it meets theirs), checked at the end
mkdir -p "$P/tmp"
TIMEOUT=1s JOBS=2 config parent PARENT parent "{n: 4..7, mode: count}"
mv "$T/parent.yaml" "$P/"
TMPDIR=$P/tmp timeout 60 "$H" run "$P/parent.yaml" -q -o "$P/parent.csv" \
	>"$P/out" 2>"$P/err" &
parent_pid=$!

# --- rlimit path, -j 2: orphans end with their run ---------------------------
# (32 runs: 96 orphans, eight times the most the check allows alive)
REPEAT=4 JOBS=2 config spawn SPAWN spawner "{n: 1..8, mode: count}"
NQ_NO_CGROUP=1 peak "$H" run "$T/spawn.yaml" -q -o "$T/spawn.csv" >"$T/out" 2>"$T/err"
rc=$?
expect "spawn (rlimit, -j 2) exits 0 (got $rc: $(tail -2 "$T/err"))" [ $rc -eq 0 ]
csvsum "$T/spawn.csv"
expect "spawn: measured_by rlimit" \
	[ "${S[measured_by,set]}" = rlimit ]
expect "spawn: 32 rows, each once" rows_once 32
# the harness, two runs' children and their three orphans each, and room
# for a run's orphans caught between their run's end and their kill
peak=$(<"$T/peak")
expect "spawn: at most a handful alive during the run (peak $peak, 96 orphans made)" \
	[ "$peak" -le 12 ]
left
expect "spawn: none left after ($left_list)" none_left 20
end_left

# --- a SIGKILLed harness: the next one ends its orphans, both paths ----------
for path in rlimit cgroup; do
	env=()
	[ $path = rlimit ] && env=(NQ_NO_CGROUP=1)
	# the fault needs a run's orphans alive at the kill; on a busy machine
	# (make test runs four tests at once) the kill can land between runs:
	# killed as soon as they are seen, tried again up to five times. Two
	# instances: the spawners' two rows come first, both sleepers then in
	# flight, and the --resume after waits out one timeout, not two
	for attempt in 1 2 3 4 5; do
		rm -f "$T/kill-$path.csv" "$T/kill-$path.meta" "$T/kill-$path.csv.lock"
		TIMEOUT=1s JOBS=2 config kill-$path SPAWN "spawner sleeper" "{n: 4..5, mode: count}"
		env "${env[@]}" "$H" run "$T/kill-$path.yaml" -q -o "$T/kill-$path.csv" \
			>"$T/out" 2>"$T/err" &
		hpid=$!
		for ((i = 0; i < 100; i++)); do
			[ -f "$T/kill-$path.csv" ] && mapfile -t lines <"$T/kill-$path.csv" &&
				[ ${#lines[@]} -ge 3 ] && break
			nap 0.1
		done
		# and orphans made (two runs' children and some of theirs: on a
		# busy machine, as when make test runs two tests at once, rows come
		# before them)
		for ((i = 0; i < 100; i++)); do
			left
			c=0
			for p in "${left[@]}"; do [ "$p" = "$hpid" ] || c=$((c + 1)); done
			[ $c -ge 4 ] && break
			nap 0.05
		done
		# counted at once: any harness that starts (make test runs three
		# tests at once) sweeps a dead harness's cgroups, orphans and all,
		# so the next harness of the check below may be another test's
		kill -9 "$hpid"
		wait "$hpid" 2>/dev/null
		left
		n=${#left[@]}
		[ "$n" -ge 1 ] && break
	done
	expect "SIGKILL ($path): orphans outlive the harness (the fault is real: $n)" [ "$n" -ge 1 ]
	env "${env[@]}" "$H" run "$T/kill-$path.yaml" -q -o "$T/kill-$path.csv" --resume \
		>"$T/out" 2>"$T/err"
	rc=$?
	expect "SIGKILL ($path): --resume exits 0 (got $rc: $(tail -2 "$T/err"))" [ $rc -eq 0 ]
	left
	expect "SIGKILL ($path): the next harness ended them all ($left_list)" none_left 20
	csvsum "$T/kill-$path.csv"
	expect "SIGKILL ($path): --resume ends with the plan's 4 rows, each once" \
		rows_once 4
	expect "SIGKILL ($path): the .meta says ok" \
		grep -q '^outcome: "ok"' "$T/kill-$path.meta"
	ls_a "$T/tmp"
	expect "SIGKILL ($path): no run directory left ($ls_a)" \
		[ -z "$ls_a" ]
	end_left
done

# --- SIGPIPE: a reader that goes away ----------------------------------------
REPEAT=8 JOBS=2 config pipe SPAWN spawner "{n: 1..8, mode: count}"
NQ_NO_CGROUP=1 "$H" run "$T/pipe.yaml" -o "$T/pipe.csv" 2>&1 | head -c 2000 >"$T/pipe.out"
rc=${PIPESTATUS[0]}
expect "SIGPIPE: the harness goes on and exits 0 (got $rc)" [ "$rc" -eq 0 ]
expect "SIGPIPE: the reader got its 2000 bytes" [ "$(wc -c <"$T/pipe.out")" -eq 2000 ]
expect "SIGPIPE: the .meta's outcome is written (ok)" \
	grep -q '^outcome: "ok"' "$T/pipe.meta"
expect "SIGPIPE: the .meta warns that stdout or stderr was cut" \
	grep -q 'stdout or stderr could not be written' "$T/pipe.meta"
csvsum "$T/pipe.csv"
expect "SIGPIPE: 64 rows, each once" rows_once 64
left
expect "SIGPIPE: no process left ($left_list)" none_left 20
NQ_NO_CGROUP=1 "$H" run "$T/pipe.yaml" -q -o "$T/pipe.csv" --resume >"$T/out" 2>"$T/err"
csvsum "$T/pipe.csv"
expect "SIGPIPE: --resume keeps the 64 rows, each once" rows_once 64
end_left

# --- a run's SIGTERM to its worker is not the harness stopping -------------
# every run of the slot after it still runs
REPEAT=3 JOBS=2 config termer PARENT termer "{n: 4..6, mode: count}"
timeout 60 "$H" run "$T/termer.yaml" -q -o "$T/termer.csv" >"$T/out" 2>"$T/err"
rc=$?
expect "a run that sends its worker SIGTERM: exit 0 (got $rc: $(tail -1 "$T/err"))" [ $rc -eq 0 ]
csvsum "$T/termer.csv"
expect "a run that sends its worker SIGTERM: all 9 rows ok (${S[status,count]})" \
	[ "${S[status,ok]}" -eq 9 ]
end_left

# --- a plugin's destructor and atexit handler do not set the exit status -----
config wrong EXIT wrong "{n: 4..6, mode: count}"
"$H" run "$T/wrong.yaml" -q -o "$T/wrong.csv" >"$T/out" 2>"$T/err"
rc=$?
expect "exit(0) in a destructor: a wrong answer still exits 1 (got $rc)" [ $rc -eq 1 ]
csvsum "$T/wrong.csv"
expect "the rows say wrong" [ "${S[status,set]}" = wrong ]
"$H" run "$T/wrong.yaml" -q -o "$T/wrong.csv" --resume >"$T/out" 2>"$T/err"
rc=$?
expect "--resume: exit 1 still (got $rc)" [ $rc -eq 1 ]
csvsum "$T/wrong.csv"
expect "--resume: the 3 rows, each once" rows_once 3
"$H" solve -n 6 --count --plugin "$T/EXIT.so" wrong >"$T/out" 2>&1
rc=$?
expect "solve: exit 1 too (got $rc)" [ $rc -eq 1 ]

# --- tables without their end, bad option types -------------------------------
# refused KIND "WHAT THE MESSAGE SAYS"
refused() {
	"$H" list --plugin "$T/$1.so" >"$T/out" 2>"$T/err"
	local rc=$? err lines
	err=$(<"$T/err")
	mapfile lines <"$T/err"
	expect "$1: list exits 2 (got $rc: ${err##*$'\n'})" [ $rc -eq 2 ]
	expect "$1: one line ($err)" [ ${#lines[@]} -eq 1 -a "${lines[0]: -1}" = $'\n' ]
	expect "$1: it names the file and what is wrong ($err)" \
		has "$err" "$T/$1.so: $2"
	config refused-$1 "$1" backtrack "{n: 4, mode: count}"
	"$H" run "$T/refused-$1.yaml" -q -o "$T/refused-$1.csv" >"$T/out" 2>"$T/err"
	rc=$?
	expect "$1: run exits 2 (got $rc)" [ $rc -eq 2 ]
	expect "$1: no file written" [ ! -e "$T/refused-$1.csv" ]
}
refused OPTS "plugin crashed (signal 11, Segmentation fault) while reading solver 'unended''s option table (entry 2)"
refused LIST "plugin crashed (signal 11, Segmentation fault) while reading its solver list (entry 2)"
refused MANYOPTS "solver 'manyopts': its option table has no end within 8 entries"
refused TYPE99 "solver 'type99': option 'kind' has type 99 (expected 0..5: choice, int, cnf, ilp, text, command)"

# --- max_n and count_units at plan time ---------------------------------------
# hook KIND SOLVER INSTANCES: its plan and its run started in the
# background (two hooks wait out their 2 s limit, twice: all at once, the
# waits overlap); hook_check KIND SOLVER "WHAT THE MESSAGE SAYS" once all
# have ended
hook_pids=()
hook() {
	local verb
	config hook-$1 "$1" "$2" "$3"
	for verb in plan run; do
		(
			start=$EPOCHREALTIME
			if [ $verb = plan ]; then
				timeout 20 "$H" plan "$T/hook-$1.yaml" >"$T/hook-$1-$verb.out" 2>"$T/hook-$1-$verb.err"
			else
				timeout 20 "$H" run "$T/hook-$1.yaml" -q -o "$T/hook-$1.csv" >"$T/hook-$1-$verb.out" 2>"$T/hook-$1-$verb.err"
			fi
			rc=$?
			# the seconds it took, to a tenth, by bash's own arithmetic
			ds=$(((${EPOCHREALTIME/./} - ${start/./} + 50000) / 100000))
			printf '%d %d.%d\n' $rc $((ds / 10)) $((ds % 10)) >"$T/hook-$1-$verb.rc"
		) &
		hook_pids+=($!)
	done
}
hook_check() {
	local verb rc took err
	for verb in plan run; do
		read -r rc took <"$T/hook-$1-$verb.rc"
		err=$(<"$T/hook-$1-$verb.err")
		expect "$1: $verb exits 2 (got $rc: ${err##*$'\n'})" [ "$rc" -eq 2 ]
		expect "$1: $verb says so within seconds (${took}s)" \
			[ "${took/./}" -lt 60 ]
		expect "$1: $verb names the file, the solver and the hook ($err)" \
			has "$err" "$T/$1.so: solver '$2': its $3"
	done
	expect "$1: no file written" [ ! -e "$T/hook-$1.csv" ]
}
hook LOOP badmax "{n: 6, mode: count}"
hook CRASH badmax "{n: 6, mode: count}"
hook BADMAX badmax "{n: 6, mode: count}"
hook UNITS units "{n: 8, mode: count, parts: 4}"
hook THREADS badthreads "{n: 6, mode: count}"
wait "${hook_pids[@]}"
hook_check LOOP badmax "max_n hook did not return within 2 s (killed) for count mode"
hook_check CRASH badmax "max_n hook crashed (signal 11, Segmentation fault) for count mode"
hook_check BADMAX badmax "max_n hook returned -7 for count mode"
hook_check UNITS units "count_units hook did not return within 2 s (killed) for n=8"
hook_check THREADS badthreads "threads hook returned 9999 for n=6, count mode (expected 0: one per core, or 1..4096)"
left
expect "the hooks: no process left ($left_list)" none_left 20
end_left

# --- the run that attacks its parent, started at the top ----------------------
wait "$parent_pid"
rc=$?
expect "a run that stops or kills its worker: the harness goes on, exit 0 (got $rc: $(tail -1 "$P/err"))" \
	[ $rc -eq 0 ]
csvsum "$P/parent.csv"
status=${S[status]//$'\n'/ }
expect "a run that stops or kills its worker: its row is a crash ($status)" \
	[ "$status" = "crash crash ok ok " ]
mapfile -t notes <<<"${S[note]}"
expect "a stopped worker: the row says so (${notes[0]})" \
	has "${notes[0]}" "worker process making the run did not send it back within 6.1 s"
expect "a killed worker: the row says so (${notes[1]:-})" \
	has "${notes[1]:-}" "worker process making the run ended (killed by signal 9"
expect "a run that stops or kills its worker: the others counted by the workers after it" \
	[ "${S[solutions]//$'\n'/ }" = "  4 40 " ]
left "$P/"
expect "a run that stops or kills its worker: no process left ($left_list)" \
	none_left 20 "$P/"
ls_a "$P/tmp"
expect "a run that stops or kills its worker: no run directory left ($ls_a)" \
	[ -z "$ls_a" ]
end_left "$P/"

echo "hostile: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
