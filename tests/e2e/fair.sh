#!/usr/bin/env bash
# fair.sh - the comparison a referee cannot fault. The clock: solvers
# that forge their time (tests/liars/forgers.c) get the harness's own
# wall time, or an `error` row when their CPU time cannot fit in it. The
# order: the final CSV, the summary, the report's tables and the plots'
# legends and colours follow the experiment file, whatever -j, shards,
# merge or resume did. Prints "fair: N passed, N failed" last.
. "$(dirname "$0")/common.bash"

cc -std=c11 -O2 -shared -fPIC -pthread -I"$ROOT/include" -I"$ROOT/core" \
	-I"$ROOT/results" -I"$ROOT/solvers" -I"$ROOT/encoders" \
	-o "$T/forgers.so" tests/liars/forgers.c 2>"$T/cc.err" ||
	bad "building forgers.so: $(cat "$T/cc.err")"

# row FILE.csv APPROACH COLUMN: the column of the approach's first row
row() {
	python3 - "$@" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline='')):
    if r['approach'] == sys.argv[2]:
        print(r[sys.argv[3]]); break
PY
}

# ---- the clock -------------------------------------------------------
forge_yaml() { # forge_yaml NAME APPROACH...
	local name=$1 a; shift
	{
		echo "experiment: $name"
		echo "repeat: 1"
		echo "timeout: 20s"
		echo "plugins: [$T/forgers.so]"
		echo "instances:"
		echo "  - {n: 10, mode: count}"
		echo "approaches:"
		for a in "$@"; do echo "  - $a"; done
	} >"$T/$name.yaml"
}

for order in "forger-message|backtrack" "backtrack|forger-message"; do
	forge_yaml msg ${order/|/ }
	"$H" run "$T/msg.yaml" -o "$T/msg.csv" -q >/dev/null 2>"$T/err"
	rc=$?
	expect "forged message ($order): exit 0, got $rc" [ $rc -eq 0 ]
	w=$(row "$T/msg.csv" forger-message wall_s)
	c=$(row "$T/msg.csv" forger-message cpu_s)
	expect "forged message ($order): wall_s $w is the work's (cpu_s $c)" \
		python3 -c "import sys; w, c = map(float, sys.argv[1:]); sys.exit(not (w >= 0.5 and w >= 0.8 * c))" "$w" "$c"
	expect "forged message ($order): still counted right" \
		[ "$(row "$T/msg.csv" forger-message solutions)" = 724 ]
done

forge_yaml early forger-early
"$H" run "$T/early.yaml" -o "$T/early.csv" -q >/dev/null 2>"$T/err"
st=$(row "$T/early.csv" forger-early status)
expect "an answer sent before the work is not ok (got $st)" [ "$st" != ok ]

forge_yaml atfork forger-atfork
NQ_FORGER_ATFORK=1 "$H" run "$T/atfork.yaml" -o "$T/atfork.csv" -q >/dev/null 2>"$T/err"
st=$(row "$T/atfork.csv" forger-atfork status)
note=$(row "$T/atfork.csv" forger-atfork note)
expect "work in a fork handler: status error (got $st)" [ "$st" = error ]
expect "work in a fork handler: the note says the time is impossible ($note)" \
	grep -q "impossible time" <<<"$note"
expect "work in a fork handler: no answer taken" \
	[ -z "$(row "$T/atfork.csv" forger-atfork solutions)" ]

echo "fair: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
