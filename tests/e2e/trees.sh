#!/usr/bin/env bash
# trees.sh - nothing outlives its run: a solver whose grandchild holds the
# answer's pipe and another that sleeps detached (setsid) still ends `ok`
# at once, and none of them is left; a SIGKILLed harness takes its run
# with it (a grandchild outlives it until the next harness ends it with its
# stale cgroup; its temporary directory likewise); SIGTERM and SIGHUP stop the harness like SIGINT (exit 130,
# rows kept); the run's temporary directory is removed; a grandchild
# allocating past `memory:` is a memout with its memory in the peak
# (cgroups, where the harness can make them), and NQ_NO_CGROUP=1 keeps
# the rlimit path working; a solver's stderr flood lands in
# FILE.stderr.log, cut, never on the terminal.
# Every process is found by a marker in its command line ($T, unique to
# this test) and ended by PID. HARNESS names the binary (default
# ./harness). Prints "trees: N passed, N failed, N skipped" last.
. "$(dirname "$0")/common.bash"
skipped=0
mkdir "$T/tmp"
export TMPDIR="$T/tmp"

# the processes of this test still running (harness, children, orphans)
left() { pgrep -f -- "$T/" | grep -v "^$$\$" || true; }
end_left() { local p; for p in $(left); do kill -9 "$p" 2>/dev/null; done; }
trap 'end_left; rm -rf "$T"' EXIT
# wait up to $1 tenths of a second for `left` to be empty
none_left() {
	local i
	for ((i = 0; i < $1; i++)); do
		[ -z "$(left)" ] && return 0
		sleep 0.1
	done
	return 1
}

cat >"$T/unruly.c" <<'C'
#define _DEFAULT_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "nq_plugin.h"

static const unsigned long long counts[] = { 1, 1, 0, 0, 2, 10, 4, 40, 92 };

static int count_only(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	return mode == NQ_MODE_COUNT ? 8 : NQ_NOT_APPLICABLE;
}

/* the right count, after leaving a grandchild that holds every fd (the
 * answer's pipe too) and one that sleeps detached in a session of its
 * own; and a file and a directory in the run's temporary directory */
static int holder_solve(const nq_job *job, nq_result *res)
{
	const char *dir = getenv("NQ_RUN_DIR");
	char path[600];
	FILE *f;

	if (fork() == 0) {
		sleep(300);
		_exit(0);
	}
	if (fork() == 0) {
		setsid();
		if (fork() == 0) {
			close(1);
			close(2);
			sleep(300);
			_exit(0);
		}
		_exit(0);
	}
	if (dir) {
		snprintf(path, sizeof path, "%s/sub", dir);
		mkdir(path, 0700);
		snprintf(path, sizeof path, "%s/sub/left.cnf", dir);
		if ((f = fopen(path, "w"))) {
			fputs("p cnf 1 1\n1 0\n", f);
			fclose(f);
		}
	}
	res->solutions = counts[job->inst->n];
	return NQ_OK;
}

static int looper_solve(const nq_job *job, nq_result *res)
{
	volatile unsigned long x = 0;

	(void)job;
	(void)res;
	for (;;)
		x++;
	return NQ_OK;
}

/* a grandchild that sleeps, then a loop */
static int stayer_solve(const nq_job *job, nq_result *res)
{
	if (fork() == 0) {
		sleep(300);
		_exit(0);
	}
	return looper_solve(job, res);
}

/* a grandchild touches 512 MiB, 1 MiB at a time; exits 3 when malloc
 * fails (an address-space limit) */
static int hog_solve(const nq_job *job, nq_result *res)
{
	pid_t pid = fork();
	int st, i;

	(void)job;
	if (pid == 0) {
		for (i = 0; i < 512; i++) {
			char *p = malloc(1 << 20);

			if (!p)
				_exit(3);
			memset(p, i + 1, 1 << 20);
		}
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return NQ_ERR;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 3) {
		strcpy(res->note, "the grandchild ran out of memory");
		return NQ_ENOMEM;
	}
	snprintf(res->note, sizeof res->note, "the grandchild %s %d",
		 WIFSIGNALED(st) ? "died of signal" : "exited",
		 WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
	return NQ_ERR;
}

/* 3 MiB of colour on stderr, then its last words, then an error */
static int flood_solve(const nq_job *job, nq_result *res)
{
	char line[128];
	int i;

	(void)job;
	memset(line, 'A', sizeof line);
	memcpy(line, "\033[31m", 5);
	line[sizeof line - 1] = '\n';
	for (i = 0; i < 3 * 8192; i++)
		if (write(2, line, sizeof line) < 0)
			break;
	fprintf(stderr, "flood: the last words\n\n");
	strcpy(res->note, "gave up");
	return NQ_ERR;
}

#define SOLVER(var, name, solve) \
	static const nq_solver var = { NQ_ABI_VERSION, sizeof(nq_solver), \
		name, name, NULL, NULL, count_only, solve, NULL }
SOLVER(holder, "holder", holder_solve);
SOLVER(looper, "looper", looper_solve);
SOLVER(hog, "hog", hog_solve);
SOLVER(flood, "flood", flood_solve);
SOLVER(stayer, "stayer", stayer_solve);

static const nq_solver *const solvers[] = {
	&holder, &looper, &hog, &flood, &stayer, NULL
};
static const nq_plugin plugin = {
	NQ_ABI_VERSION, sizeof(nq_plugin), "unruly",
	"solvers that fork, loop, hog and flood, for tests/e2e/trees.sh",
	solvers, NULL, NULL
};

NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void)
{
	return &plugin;
}
C
cc -std=c11 -O2 -shared -fPIC -I"$ROOT/include" -o "$T/unruly.so" "$T/unruly.c" \
	2>"$T/cc.err" || bad "building unruly.so: $(cat "$T/cc.err")"

config() { # config NAME SOLVER N [EXTRA LINE]
	cat >"$T/$1.yaml" <<Y
experiment: $1
repeat: 1
timeout: ${TIMEOUT:-20s}
${4:-}
instances:
  - {n: $3, mode: count}
approaches:
  - $2
plugins: [$T/unruly.so]
Y
}

# --- a grandchild holds the pipe, another sleeps detached ---------------------
for path in cgroup rlimit; do
	config holder-$path holder 6
	env=()
	[ $path = rlimit ] && env=(NQ_NO_CGROUP=1)
	start=$(date +%s.%N)
	env "${env[@]}" "$H" run "$T/holder-$path.yaml" -q -o "$T/holder-$path.csv" \
		>"$T/out" 2>"$T/err"
	rc=$?
	took=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
	expect "holder ($path) exits 0 (got $rc: $(tail -2 "$T/err"))" [ $rc -eq 0 ]
	expect "holder ($path) is ok" [ "$(csv_col "$T/holder-$path.csv" status)" = ok ]
	expect "holder ($path) ends at once, not at the timeout (${took}s)" \
		awk -v t="$took" 'BEGIN { exit !(t < 5) }'
	expect "holder ($path): no process left ($(left | tr '\n' ' '))" none_left 20
	expect "holder ($path): the run's temporary directory is gone ($(ls -A "$T/tmp"))" \
		[ -z "$(ls -A "$T/tmp")" ]
	end_left
done
expect "NQ_NO_CGROUP=1: measured_by rlimit" \
	[ "$(csv_col "$T/holder-rlimit.csv" measured_by)" = rlimit ]
expect "the .meta says measured_by rlimit" \
	grep -q '^measured_by: "rlimit"' "$T/holder-rlimit.meta"
cg=$(csv_col "$T/holder-cgroup.csv" measured_by)
expect "measured_by is cgroup-v1, cgroup-v2 or rlimit (got '$cg')" \
	grep -qx 'cgroup-v1\|cgroup-v2\|rlimit' <<<"$cg"
expect "the .meta says the same measured_by" \
	grep -q "^measured_by: \"$cg\"" "$T/holder-cgroup.meta"
[ "$cg" = rlimit ] && echo "trees: no cgroup can be made here; the cgroup tests are skipped" >&2

# --- the harness SIGKILLed mid-run: its run dies with it ---------------------
config looper looper 6
"$H" run "$T/looper.yaml" -q -o "$T/looper.csv" >"$T/out" 2>"$T/err" &
hpid=$!
# up to 20 s for the run to start (it took over 5 s once, in a make test
# on a busy machine); the loop ends as soon as it is seen
for ((i = 0; i < 200; i++)); do
	[ "$(left | grep -vc "^$hpid\$")" -ge 1 ] && break
	sleep 0.1
done
expect "the looping run has started ($(tail -2 "$T/err" | tr '\n' ' '))" [ "$(left | grep -vc "^$hpid\$")" -ge 1 ]
kill -9 "$hpid"
wait "$hpid" 2>/dev/null
expect "SIGKILLed harness: no child survives ($(left | tr '\n' ' '))" none_left 30
end_left
expect "its temporary directory stays behind" [ -n "$(ls -A "$T/tmp")" ]
TIMEOUT=0.2s config after holder 6
"$H" run "$T/after.yaml" -q -o "$T/after.csv" >"$T/out" 2>"$T/err"
expect "the next harness removes it ($(ls -A "$T/tmp"))" [ -z "$(ls -A "$T/tmp")" ]
end_left

# a grandchild of a SIGKILLed harness is not tied to it: it outlives it;
# with a cgroup, the next harness started kills it (its cgroup is stale)
if [ "$cg" != rlimit ]; then
	config stayer stayer 6
	"$H" run "$T/stayer.yaml" -q -o "$T/stayer.csv" >"$T/out" 2>"$T/err" &
	hpid=$!
	for ((i = 0; i < 200; i++)); do
		[ "$(left | grep -vc "^$hpid\$")" -ge 2 ] && break
		sleep 0.1
	done
	expect "the stayer and its grandchild have started" [ "$(left | grep -vc "^$hpid\$")" -ge 2 ]
	kill -9 "$hpid"
	wait "$hpid" 2>/dev/null
	# the child dies with the harness (PDEATHSIG) when the kernel gets to
	# it: wait for that (up to 5 s) on a busy machine, then count
	for ((i = 0; i < 50; i++)); do
		[ "$(left | wc -l)" -le 1 ] && break
		sleep 0.1
	done
	n=$(left | wc -l) # once: counted twice, a busy machine can tell two stories
	# the grandchild is not the harness's to end when the harness dies
	# (it is reparented to init), but on a busy machine it may be gone
	# before it is counted: then there is nothing for the next harness
	# to end, and that is said, not failed
	expect "at most the grandchild outlives the SIGKILLed harness ($n left)" [ "$n" -le 1 ]
	[ "$n" -eq 0 ] && echo "trees: note: the grandchild was gone before it was counted" >&2
	TIMEOUT=0.2s config after holder 6
	"$H" run "$T/after.yaml" -q -o "$T/after.csv" >"$T/out" 2>"$T/err"
	expect "the next harness ends it, with its stale cgroup ($(left | tr '\n' ' '))" none_left 20
	end_left
else
	skipped=$((skipped + 3))
fi

# --- SIGTERM and SIGHUP stop the harness like SIGINT --------------------------
cat >"$T/stop.yaml" <<Y
experiment: stop
repeat: 1
timeout: 60s
instances:
  - {n: 4..6, mode: count}
approaches:
  - backtrack
  - looper
plugins: [$T/unruly.so]
Y
for sig in TERM HUP INT; do
	env --default-signal=INT,TERM,HUP "$H" run "$T/stop.yaml" -q -o "$T/stop-$sig.csv" >"$T/out" 2>"$T/err-$sig" &
	hpid=$!
	for ((i = 0; i < 100; i++)); do
		[ -f "$T/stop-$sig.csv" ] && [ "$(wc -l <"$T/stop-$sig.csv")" -ge 2 ] &&
			[ "$(left | grep -vc "^$hpid\$")" -ge 1 ] && break
		sleep 0.1
	done
	kill -s "$sig" "$hpid"
	wait "$hpid"
	rc=$?
	expect "SIG$sig: exit 130 (got $rc: $(tail -1 "$T/err-$sig"))" [ $rc -eq 130 ]
	expect "SIG$sig: the finished row is kept" \
		[ "$(csv_col "$T/stop-$sig.csv" solver | tr '\n' ' ')" = "backtrack " ]
	expect "SIG$sig: the .meta says interrupted" \
		grep -q '^outcome: "\?interrupted' "$T/stop-$sig.meta"
	expect "SIG$sig: no process left ($(left | tr '\n' ' '))" none_left 30
	end_left
done
# started with SIGHUP ignored (nohup), the run outlives a hangup, and
# SIGTERM still stops it
(trap '' HUP; exec env --default-signal=TERM "$H" run "$T/stop.yaml" -q -o "$T/stop-nohup.csv" >"$T/out" 2>"$T/err-nohup") &
hpid=$!
for ((i = 0; i < 100; i++)); do
	[ -f "$T/stop-nohup.csv" ] && [ "$(wc -l <"$T/stop-nohup.csv")" -ge 2 ] && break
	sleep 0.1
done
kill -s HUP "$hpid"
sleep 0.3
expect "nohup: SIGHUP ignored, the run goes on" kill -0 "$hpid"
kill -s TERM "$hpid"
wait "$hpid"
rc=$?
expect "nohup: SIGTERM still stops it, exit 130 (got $rc: $(tail -1 "$T/err-nohup"))" [ $rc -eq 130 ]
expect "nohup: no process left ($(left | tr '\n' ' '))" none_left 30
end_left
# ... and so do its workers under -j 2: a hangup (or a terminal's
# Ctrl-C) reaches the whole process group, workers too, and must not end
# the runs they serve (they wrote crash rows)
cat >"$T/grp.yaml" <<Y
experiment: grp
repeat: 6
timeout: 60s
instances:
  - {n: 12, mode: count}
approaches:
  - backtrack: {variant: textbook}
Y
# (the Ctrl-C typed on a terminal: the kernel's SIGINT to the terminal's
# foreground group, harness and workers, which a kill from a process
# does not stand for; the harness started with SIGINT ignored)
python3 - "$H" "$T/grp.yaml" "$T/grp.csv" >"$T/err-grp" 2>&1 <<'PY'
import os, pty, signal, sys, time
h, yaml, csv = sys.argv[1:4]
pid, fd = pty.fork()
if pid == 0:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.execv(h, [h, 'run', yaml, '-q', '-j', '2', '-o', csv])
for _ in range(200):
    if os.path.exists(csv) and sum(1 for _ in open(csv)) >= 2:
        break
    time.sleep(0.05)
os.write(fd, b'\x03')
out = b''
while True:
    try:
        b = os.read(fd, 4096)
    except OSError:
        break
    if not b:
        break
    out += b
_, st = os.waitpid(pid, 0)
print(os.waitstatus_to_exitcode(st))
PY
rc=$(tail -1 "$T/err-grp")
sts=$(csv_col "$T/grp.csv" status | sort | uniq -c | tr -s ' \n' ' ')
expect "ignored SIGINT, -j 2: a Ctrl-C on the terminal ends nothing, exit 0 (got $rc)" [ $rc -eq 0 ]
expect "ignored SIGINT, -j 2: ... every run ok, none a crash ($sts)" [ "$sts" = " 6 ok " ]

# --- memory: a grandchild past `memory:` --------------------------------------
config hog-cgroup hog 6 "memory: 64M"
config hog-rlimit hog 6 "memory: 64M"
"$H" run "$T/hog-cgroup.yaml" -q -o "$T/hog-cgroup.csv" >"$T/out" 2>"$T/err"
NQ_NO_CGROUP=1 "$H" run "$T/hog-rlimit.yaml" -q -o "$T/hog-rlimit.csv" >"$T/out" 2>"$T/err"
if [ "$cg" != rlimit ]; then
	expect "cgroup: the grandchild's overrun is a memout (got $(csv_col "$T/hog-cgroup.csv" status): $(csv_col "$T/hog-cgroup.csv" note))" \
		[ "$(csv_col "$T/hog-cgroup.csv" status)" = memout ]
	peak=$(csv_col "$T/hog-cgroup.csv" peak_rss_kib)
	expect "cgroup: the peak includes the grandchild (${peak} KiB, limit 65536) [1/2]" \
		[ "${peak:-0}" -ge 49152 ]
	expect "cgroup: the peak includes the grandchild (${peak} KiB, limit 65536) [2/2]" \
		[ "${peak:-0}" -le 70000 ]
	expect "cgroup: measured_by $cg" [ "$(csv_col "$T/hog-cgroup.csv" measured_by)" = "$cg" ]
else
	skipped=$((skipped + 3))
fi
st=$(csv_col "$T/hog-rlimit.csv" status)
expect "rlimit: the run ends, memout where the address space is limited (got $st: $(csv_col "$T/hog-rlimit.csv" note))" \
	grep -qx 'memout\|error' <<<"$st"
expect "rlimit: measured_by rlimit" [ "$(csv_col "$T/hog-rlimit.csv" measured_by)" = rlimit ]
expect "memory runs: no process left" none_left 20
end_left

# --- a stderr flood: in the log, cut; the terminal untouched ------------------
# the terminal: only the harness's line for the run, which quotes the last
# words in its note; no flood, no escape codes
quiet_terminal() {
	[ "$(grep -c 'AAAA\|flood: the last' "$1")" = 1 ] && ! grep -q $'\033' "$1"
}
config flood flood 6
"$H" run "$T/flood.yaml" -o "$T/flood.csv" >"$T/out" 2>"$T/err"
log="$T/flood.stderr.log"
expect "the flood is in FILE.stderr.log" [ -f "$log" ]
size=$(stat -c %s "$log" 2>/dev/null || echo 0)
expect "the log is cut near 1 MiB (${size} bytes)" [ "$size" -ge 1048576 -a "$size" -le 1049000 ]
expect "the log has a header naming the row" grep -q '^=== flood n=6 count #1 ===$' "$log"
expect "the log says it was cut" grep -q '^\[stderr cut at 1048576 bytes' "$log"
expect "no solver output on the terminal ($(head -c 300 "$T/err"))" \
	quiet_terminal "$T/err"
expect "the note ends with the last stderr line ($(csv_col "$T/flood.csv" note))" \
	[ "$(csv_col "$T/flood.csv" note)" = "gave up; stderr: flood: the last words" ]
# without -o: no log anywhere, the temporary directory gone
(cd "$T" && "$H" solve -n 6 --count --plugin "$T/unruly.so" flood >"$T/out" 2>"$T/err")
expect "solve without -o: nothing on the terminal from the solver" \
	quiet_terminal "$T/err"
expect "solve without -o: no log written but the flood's" \
	[ "$(cd "$T" && find . -name '*stderr*' | tr '\n' ' ')" = "./flood.stderr.log " ]
expect "solve without -o: the temporary directory is gone" [ -z "$(ls -A "$T/tmp")" ]
expect "flood: no process left" none_left 20

echo "trees: $pass passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
