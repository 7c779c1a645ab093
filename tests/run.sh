#!/usr/bin/env bash
# run.sh RESULT NAME COMMAND... - one test of `make test` (the Makefile
# runs each test as a target of its own, two at a time): COMMAND's
# stdout and stderr go to RESULT's .log beside it, never to the
# terminal, and RESULT gets one line "pass|fail WALL CPU NAME LOG": the
# seconds it took and the CPU seconds (user + system) of the processes
# it waited for, which another load on the machine changes less. Exits
# 0 either way, so make goes on with the others; tests/summary.sh reads
# the results, shows the logs of the failed ones and counts. With V=1 it
# says "-- NAME: S s" as each test ends.
result=$1 name=$2
shift 2
log=${result%.result}.log
mkdir -p "$(dirname "$result")"
rm -f "$result"
start=$EPOCHREALTIME
# (the stop signals at their defaults: `nohup make test`, or a make
# test a script started in the background, hands its tests SIGHUP or
# SIGINT ignored, which the harness keeps ignored, as nohup asks)
env --default-signal=INT,TERM,HUP "$@" >"$log" 2>&1 </dev/null
rc=$?
end=$EPOCHREALTIME
# the second line of `times`: the children's user and system time
times >"$result.cpu"
{ read -r _; read -r cu cs; } <"$result.cpu"
rm -f "$result.cpu"
read -r secs cpu < <(awk -v a="$start" -v b="$end" -v u="$cu" -v s="$cs" '
	function sec(x,  m) { m = x; sub(/m.*/, "", m); sub(/^[0-9]+m/, "", x); sub(/s$/, "", x); return m * 60 + x }
	BEGIN { printf "%.1f %.1f\n", b - a, sec(u) + sec(s) }')
if [ $rc -eq 0 ]; then verdict=pass; else verdict=fail; echo "(exit status $rc)" >>"$log"; fi
echo "$verdict $secs $cpu $name $log" >"$result"
[ "${V:-0}" != 1 ] || echo "-- $name: $secs s ($verdict)"
exit 0
