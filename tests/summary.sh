#!/usr/bin/env bash
# summary.sh MAKE_STATUS TIMES DIR... - the end of `make test`: every
# DIR/**/*.result that tests/run.sh wrote, each failed test named with
# its log (the last 60 lines) above the closing line "N passed, N failed";
# the wall time and CPU time of each test, slowest first, into TIMES,
# with their sums last. MAKE_STATUS is
# the exit status of the make that ran them: not 0 (a build broke) with
# no failed test counts as a failure of its own. Exits 1 when anything
# failed.
status=$1 times=$2
shift 2
pass=0 failed=0
results=$(find "$@" -name '*.result' 2>/dev/null | sort)
for r in $results; do
	read -r verdict secs _ name log <"$r" || continue
	if [ "$verdict" = pass ]; then
		pass=$((pass + 1))
	else
		failed=$((failed + 1))
		echo "FAIL: $name ($secs s; the whole log: $log)"
		tail -n 60 "$log" | sed 's/^/    /'
	fi
done
if [ -n "$results" ]; then
	mkdir -p "$(dirname "$times")"
	cat $results | sort -k2,2 -rn | awk '
		BEGIN { printf "%7s  %7s  %s\n", "wall s", "CPU s", "test" }
		{ printf "%7.1f  %7.1f  %s\n", $2, $3, $4; w += $2; c += $3 }
		END { printf "%7.1f  %7.1f  (the sums, %d tests)\n", w, c, NR }' >"$times"
fi
if [ "$status" != 0 ] && [ $failed -eq 0 ]; then
	failed=$((failed + 1))
	echo "FAIL: make stopped (exit status $status): a build failed, see above"
fi
echo "$pass passed, $failed failed"
[ $failed -eq 0 ]
