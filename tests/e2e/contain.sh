#!/usr/bin/env bash
# contain.sh - what the harness runs outside a run is contained like a
# run: a program's --version for the .meta and the MiniZinc backend check
# (under `plan` too) leave no process behind, not what they fork, not
# what leaves their group with setsid; a SIGKILLed harness takes the
# probe along (PR_SET_PDEATHSIG; what the probe forked outlives it: only
# a run's cgroup would hold that); SIGINT during a probe ends `plan` at
# once with exit 130 (SIGTERM 143) and `run` with 130, nothing left; a
# plugin whose constructor forks (in the guarded child and in the
# harness) leaves nothing after `list`, `plan` or `run`; SIGTERM during
# a guarded load (a constructor that sleeps) ends `list` with 143.
# Every process is found by a marker in its command line ($T, unique to
# this test) and ended by PID. HARNESS names the binary (default
# ./harness). Prints "contain: N passed, N failed" last.
. "$(dirname "$0")/common.bash"

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
# wait up to $1 tenths of a second for a process matching $2
appears() {
	local i
	for ((i = 0; i < $1; i++)); do
		pgrep -f -- "$2" >/dev/null && return 0
		sleep 0.05
	done
	return 1
}
# elapsed milliseconds since $1 (from now_ms)
now_ms() { date +%s%3N; }

# sleeper: `sleep` under a name with the marker in it
ln -s "$(command -v sleep)" "$T/gc"
# the program: whatever it is asked, it forks a sleeper in its group and
# one that leaves it (setsid), their output closed; "leave" then prints
# and exits, "hang" sleeps holding its output (becoming `gc 302`)
cat >"$T/prog" <<SH2
#!/bin/sh
setsid "$T/gc" 300 </dev/null >/dev/null 2>&1 &
"$T/gc" 301 </dev/null >/dev/null 2>&1 &
if [ "\$(cat "$T/mode")" = hang ]; then
	exec "$T/gc" 302
fi
echo "prog 1.0"
exit 0
SH2
chmod +x "$T/prog"

cat >"$T/mzn.yaml" <<Y
experiment: mzn
repeat: 1
timeout: 5s
instances:
  - {n: 4, mode: count}
approaches:
  - minizinc: {command: "$T/prog"}
Y
cat >"$T/sat.yaml" <<Y
experiment: sat
repeat: 1
timeout: 5s
instances:
  - {n: 4, mode: first}
approaches:
  - dimacs: {command: "$T/prog", encoding: pairwise}
Y

# --- what a probe forks is gone when the verb ends -------------------------
echo leave >"$T/mode"
"$H" plan "$T/mzn.yaml" >"$T/out" 2>&1
expect "plan (minizinc check): no process left ($(left | tr '\n' ' '))" none_left 20
end_left
"$H" run "$T/sat.yaml" -q -o "$T/sat.csv" >"$T/out" 2>&1
expect "run (.meta --version): the .meta names the program" \
	grep -q 'prog 1.0' "$T/sat.meta"
expect "run (.meta --version): no process left ($(left | tr '\n' ' '))" none_left 20
end_left

# --- SIGINT and SIGTERM during a probe ------------------------------------
echo hang >"$T/mode"
# background jobs of a script ignore SIGINT unless under job control
set -m
mkdir "$T/tmp"
# (and env --default-signal: a signal the harness inherits ignored it
# leaves ignored, as nohup asks, and whether bash's job control gives a
# background job SIGINT ignored is not this test's business: one run of
# make test in many saw plan take its probes' 40 s)
for sig in INT TERM; do
	TMPDIR=$T/tmp env --default-signal=INT,TERM "$H" plan "$T/mzn.yaml" >"$T/out" 2>&1 &
	hpid=$!
	appears 100 "$T/gc 302" || bad "plan: the probe did not start"
	ign=$(grep SigIgn "/proc/$hpid/status" 2>/dev/null)
	t0=$(now_ms)
	kill -s "$sig" "$hpid"
	wait "$hpid"
	rc=$?
	ms=$(($(now_ms) - t0))
	want=130
	[ "$sig" = TERM ] && want=143
	expect "plan, SIG$sig during the probe: exit $want (got $rc; the harness's $ign)" [ "$rc" -eq "$want" ]
	expect "plan, SIG$sig during the probe: ends within 2 s (took $ms ms)" [ "$ms" -lt 2000 ]
	expect "plan, SIG$sig: no process left ($(left | tr '\n' ' '))" none_left 20
	end_left
done
# the probe's directory, left by the plans that the signals ended, is
# named for the next run to remove (as a SIGKILLed run's directories)
probes=$(find "$T/tmp" -maxdepth 1 -name 'nq-probe-*' | wc -l)
expect "plan, SIGINT and SIGTERM: each left its probe's directory to the next run ($probes)" \
	[ "$probes" -eq 2 ]
cat >"$T/one.yaml" <<Y
experiment: one
repeat: 1
instances:
  - {n: 4, mode: first}
approaches:
  - backtrack: {}
Y
TMPDIR=$T/tmp "$H" run "$T/one.yaml" -q -o "$T/one.csv" >"$T/out" 2>&1
expect "the next run removed the probes' directories ($(ls "$T/tmp" | tr '\n' ' '))" \
	[ -z "$(ls -A "$T/tmp")" ]
env --default-signal=INT,TERM,HUP "$H" run "$T/sat.yaml" -q -o "$T/int.csv" >"$T/out" 2>&1 &
hpid=$!
appears 100 "$T/gc 302" || bad "run: the probe did not start"
t0=$(now_ms)
kill -s INT "$hpid"
wait "$hpid"
rc=$?
ms=$(($(now_ms) - t0))
set +m
expect "run, SIGINT during the .meta probe: exit 130 (got $rc: $(tail -1 "$T/out"))" [ "$rc" -eq 130 ]
expect "run, SIGINT during the .meta probe: ends within 1.5 s (its probe has 2 s; took $ms ms)" [ "$ms" -lt 1500 ]
expect "run, SIGINT: the .meta says interrupted" \
	grep -q '^outcome: "\?interrupted' "$T/int.meta"
expect "run, SIGINT: no process left ($(left | tr '\n' ' '))" none_left 20
end_left

# --- SIGKILL of the harness during a probe: the probe goes too ------------
"$H" run "$T/sat.yaml" -q -o "$T/kill.csv" >"$T/out" 2>&1 &
hpid=$!
appears 100 "$T/gc 302" || bad "run: the probe did not start"
kill -9 "$hpid"
wait "$hpid" 2>/dev/null
gone() {
	local i
	for ((i = 0; i < 20; i++)); do
		pgrep -f -- "$T/gc 302" >/dev/null || return 0
		sleep 0.1
	done
	return 1
}
expect "SIGKILLed harness: the probe is gone within 2 s" gone
end_left

# --- a plugin whose constructor forks --------------------------------------
cat >"$T/forker.c" <<C
#define _DEFAULT_SOURCE
#include <unistd.h>
#include "nq_plugin.h"

/* a sleeper in the loader's group, and one that leaves it (setsid) and
 * whose parent exits at once */
__attribute__((constructor)) static void start(void)
{
	if (fork() == 0) {
		execl("$T/gc", "$T/gc", "303", (char *)NULL);
		_exit(0);
	}
	if (fork() == 0) {
		setsid();
		if (fork() == 0)
			execl("$T/gc", "$T/gc", "304", (char *)NULL);
		_exit(0);
	}
}

static int count_only(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	return mode == NQ_MODE_COUNT ? 8 : NQ_NOT_APPLICABLE;
}

static int two(const nq_job *job, nq_result *res)
{
	(void)job;
	res->solutions = 2;
	return NQ_OK;
}

static const nq_solver forked = { NQ_ABI_VERSION, sizeof(nq_solver),
	"forked", "forked", NULL, NULL, count_only, two, NULL };
static const nq_solver *const solvers[] = { &forked, NULL };
static const nq_plugin plugin = {
	NQ_ABI_VERSION, sizeof(nq_plugin), "forker",
	"a constructor that forks, for tests/e2e/contain.sh",
	solvers, NULL, NULL
};

NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void)
{
	return &plugin;
}
C
cc -std=c11 -O2 -shared -fPIC -I"$ROOT/include" -o "$T/forker.so" "$T/forker.c" \
	2>"$T/cc.err" || bad "building forker.so: $(cat "$T/cc.err")"
cat >"$T/plug.yaml" <<Y
experiment: plug
repeat: 1
timeout: 5s
instances:
  - {n: 4, mode: count}
approaches:
  - forked
plugins: [$T/forker.so]
Y
"$H" list --plugin "$T/forker.so" >"$T/out" 2>&1
rc=$?
expect "list --plugin: exit 0 (got $rc: $(tail -1 "$T/out"))" [ $rc -eq 0 ]
expect "list --plugin: no process left ($(left | tr '\n' ' '))" none_left 20
end_left
"$H" plan "$T/plug.yaml" >"$T/out" 2>&1
rc=$?
expect "plan with the plugin: exit 0 (got $rc: $(tail -1 "$T/out"))" [ $rc -eq 0 ]
expect "plan with the plugin: no process left ($(left | tr '\n' ' '))" none_left 20
end_left
"$H" run "$T/plug.yaml" -q -o "$T/plug.csv" >"$T/out" 2>&1
rc=$?
expect "run with the plugin: exit 0 (got $rc: $(tail -1 "$T/out"))" [ $rc -eq 0 ]
expect "run with the plugin: no process left ($(left | tr '\n' ' '))" none_left 20
end_left

# --- SIGTERM during a guarded load: a constructor that sleeps -------------
cat >"$T/slow.c" <<C
#define _DEFAULT_SOURCE
#include <unistd.h>
#include "nq_plugin.h"

__attribute__((constructor)) static void start(void)
{
	if (fork() == 0) {
		setsid();
		execl("$T/gc", "$T/gc", "305", (char *)NULL);
		_exit(0);
	}
	sleep(8);
}

NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void)
{
	return NULL;
}
C
cc -std=c11 -O2 -shared -fPIC -I"$ROOT/include" -o "$T/slow.so" "$T/slow.c" \
	2>"$T/cc.err" || bad "building slow.so: $(cat "$T/cc.err")"
set -m
"$H" list --plugin "$T/slow.so" >"$T/out" 2>&1 &
hpid=$!
appears 100 "$T/gc 305" || bad "list: the guarded load did not start"
t0=$(now_ms)
kill -s TERM "$hpid"
wait "$hpid"
rc=$?
ms=$(($(now_ms) - t0))
set +m
expect "list, SIGTERM during the guarded load: exit 143 (got $rc)" [ "$rc" -eq 143 ]
expect "list, SIGTERM during the guarded load: ends within 2 s (took $ms ms)" [ "$ms" -lt 2000 ]
expect "list, SIGTERM: no process left ($(left | tr '\n' ' '))" none_left 20
end_left

echo "contain: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
