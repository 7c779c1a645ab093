#!/usr/bin/env bash
# run.sh RESULT NAME COMMAND... - one test of `make test` (the Makefile
# runs each test as a target of its own, two at a time): COMMAND's
# stdout and stderr go to RESULT's .log beside it, never to the
# terminal, and RESULT gets one line "pass|fail SECONDS NAME LOG".
# Exits 0 either way, so make goes on with the others; tests/summary.sh
# reads the results, shows the logs of the failed ones and counts. With
# V=1 it says "-- NAME: S s" as each test ends.
result=$1 name=$2
shift 2
log=${result%.result}.log
mkdir -p "$(dirname "$result")"
rm -f "$result"
start=$EPOCHREALTIME
"$@" >"$log" 2>&1 </dev/null
rc=$?
secs=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
if [ $rc -eq 0 ]; then verdict=pass; else verdict=fail; echo "(exit status $rc)" >>"$log"; fi
echo "$verdict $secs $name $log" >"$result"
[ "${V:-0}" != 1 ] || echo "-- $name: $secs s ($verdict)"
exit 0
