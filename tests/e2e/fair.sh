#!/usr/bin/env bash
# fair.sh - the comparison a referee cannot fault. The clock: solvers
# that forge their time (tests/liars/forgers.c) get the harness's own
# wall time, or an `error` row when their CPU time cannot fit in it. The
# order: the final CSV, the summary, the report's tables and the plots'
# legends and colours follow the experiment file, whatever -j, shards,
# merge or resume did. Prints "fair: N passed, N failed" last.
. "$(dirname "$0")/common.bash"

cc -std=c11 -O2 -shared -fPIC -pthread -I"$ROOT/include" -I"$ROOT/core/proc" -I"$ROOT/core/model" \
	-I"$ROOT/base" \
	-I"$ROOT/results" -I"$ROOT/solvers" -I"$ROOT/encoders" \
	-o "$T/forgers.so" tests/liars/forgers.c 2>"$T/cc.err" ||
	bad "building forgers.so: $(cat "$T/cc.err")"

# row FILE.csv APPROACH COLUMN...: those columns of the approach's first
# row, separated by \x1f (read -r with IFS=$'\x1f' keeps empty ones): one
# python3 per run, not one per column
row() {
	python3 - "$@" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline='')):
    if r['approach'] == sys.argv[2]:
        print('\x1f'.join(r[c] for c in sys.argv[3:])); break
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
	IFS=$'\x1f' read -r w c sols < <(row "$T/msg.csv" forger-message wall_s cpu_s solutions)
	expect "forged message ($order): wall_s $w is the work's (cpu_s $c)" \
		python3 -c "import sys; w, c = map(float, sys.argv[1:]); sys.exit(not (w >= 0.25 and w >= 0.8 * c))" "$w" "$c"
	expect "forged message ($order): still counted right" [ "$sols" = 724 ]
done

forge_yaml early forger-early
"$H" run "$T/early.yaml" -o "$T/early.csv" -q >/dev/null 2>"$T/err"
st=$(row "$T/early.csv" forger-early status)
expect "an answer sent before the work is not ok (got $st)" [ "$st" != ok ]

# work in a fork handler, in the run's child before the harness's code:
# itself, in a thread, in a process it waits for then or after the
# release; each under -j 1 and -j 2 (a worker's child), with and
# without a cgroup, in pairs that cover every (-j, cgroup) twice and
# each way under both -j and both cgroup settings (8 runs, not 16: each
# burns 0.1 to 0.6 s, see forgers.c)
forge_yaml atfork forger-atfork
for how in 1 thread spawn reaped; do
	case $how in
	1|spawn) pairs="1:0 2:1" ;;
	*) pairs="1:1 2:0" ;;
	esac
	for pair in $pairs; do
		j=${pair%:*} cg=${pair#*:}
		w="$how, -j $j, NQ_NO_CGROUP=$cg"
		NQ_NO_CGROUP=$cg NQ_FORGER_ATFORK=$how "$H" run "$T/atfork.yaml" \
			-o "$T/atfork.csv" -j $j -q >/dev/null 2>"$T/err"
		IFS=$'\x1f' read -r st note sols < <(row "$T/atfork.csv" forger-atfork status note solutions)
		expect "work in a fork handler ($w): status error (got $st)" [ "$st" = error ]
		expect "work in a fork handler ($w): the note says the work was outside the clock ($note)" \
			grep -Eq "outside the harness's clock" <<<"$note"
		expect "work in a fork handler ($w): no answer taken" [ -z "$sols" ]
	done
done

# ---- the file's order -----------------------------------------------
# The first instance is only for the last approach: the order rows first
# show is not the file's, so the order must come from the file (.meta).
cat >"$T/ord.yaml" <<'EOF'
experiment: ord
repeat: 2
timeout: 20s
instances:
  - {n: 5, mode: count, only: [backtrack/bitmask]}
  - {n: 4..9, mode: count}
  - {n: [6, 8], mode: first}
approaches:
  - picosat: {encoding: [pairwise, sequential, commander]}
  - backtrack: {variant: [textbook, bitmask]}
EOF
want_order="picosat/pairwise picosat/sequential picosat/commander backtrack/textbook backtrack/bitmask"

# strip FILE.csv: the rows without the columns a machine or a moment
# decides (times, memory, host, cpus)
strip() {
	python3 - "$1" <<'PY'
import csv, sys
drop = {'wall_s', 'cpu_s', 'peak_rss_kib', 'host', 'cpus', 'build_s',
        'solve_s', 'measured_by', 'digest'}
rows = list(csv.reader(open(sys.argv[1], newline='')))
keep = [i for i, c in enumerate(rows[0]) if c not in drop]
for r in rows:
    print(','.join(r[i] for i in keep))
PY
}
# summary FILE: the summary's lines without the times
summary() { sed -E 's/[0-9.]+ (us|ms|s) / T /; s/ +/ /g' "$1"; }
# firsts FILE: the approaches (of want_order) in the order FILE names them
firsts() {
	python3 - "$1" "$want_order" <<'PY'
import re, sys
order = sys.argv[2].split()
seen = []
for w in re.findall(r'[\w/]+', open(sys.argv[1]).read()):
    if w in order and w not in seen:
        seen.append(w)
print(' '.join(seen))
PY
}

"$H" run "$T/ord.yaml" -o "$T/j1.csv" -j 1 >"$T/j1.sum" 2>/dev/null ||
	bad "the -j 1 run failed"
t0=$(date +%s%N)
"$H" run "$T/ord.yaml" -o "$T/j2.csv" -j 2 >"$T/j2.sum" 2>/dev/null ||
	bad "the -j 2 run failed"
j2_ms=$((($(date +%s%N) - t0) / 1000000)) # the kills below land inside it
strip "$T/j1.csv" >"$T/j1.rows"
strip "$T/j2.csv" >"$T/j2.rows"
expect "-j 2 writes the -j 1 file (times, host, cpus aside)" \
	cmp -s "$T/j1.rows" "$T/j2.rows"
expect "-j 2 prints the -j 1 summary (times aside)" \
	cmp -s <(summary "$T/j1.sum") <(summary "$T/j2.sum")
expect "the rows follow the file: instance, repeat, approach" python3 - "$T/j2.csv" "$want_order" <<'PY'
import csv, sys
order = sys.argv[2].split()
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
inst = [('5', 'count', True)] + [(str(n), 'count', False) for n in range(4, 10)] + \
       [('6', 'first', False), ('8', 'first', False)]
want = [(n, mode, rep, a) for n, mode, only in inst for rep in ('1', '2')
        for a in (['backtrack/bitmask'] if only else order)]
got = [(r['n'], r['mode'], r['repeat'], r['approach']) for r in rows]
sys.exit(got != want)
PY
expect "the summary: n = 4 lists the approaches in the file's order" \
	[ "$(grep -E '^[a-z/]+ +count +4 ' "$T/j2.sum" | awk '{print $1}' | tr '\n' ' ')" = "$want_order " ]

# shards, each run with -j 2, merged in either order
"$H" run "$T/ord.yaml" -o "$T/s1.csv" --shard 1/2 -j 2 -q >/dev/null 2>&1
"$H" run "$T/ord.yaml" -o "$T/s2.csv" --shard 2/2 -j 2 -q >/dev/null 2>&1
"$H" merge "$T/s2.csv" "$T/s1.csv" -o "$T/m.csv" >/dev/null 2>"$T/merr" ||
	bad "merge failed: $(cat "$T/merr")"
strip "$T/m.csv" >"$T/m.rows"
expect "shards + merge write the -j 1 file" cmp -s "$T/j1.rows" "$T/m.rows"

# killed mid-run under -j 2, then resumed: the -j 1 file. The kills at a
# quarter, a half and three quarters of the -j 2 run's own time (fixed
# times of 0.3-0.5 s all came after a 0.37 s run on an idle machine,
# and resumed whole files), and at least one must find the file partial
total=$(($(wc -l <"$T/j1.csv") - 1))
partial=0
for k in 1 2 3; do
	rm -f "$T/k.csv" "$T/k.meta" "$T/k.csv.lock"
	# killed, and reaped before the resume (timeout -s KILL kills itself
	# too and may not wait: the lock would still be held)
	"$H" run "$T/ord.yaml" -o "$T/k.csv" -j 2 -q >/dev/null 2>&1 &
	hp=$!
	sleep "$(awk -v ms="$j2_ms" -v k="$k" 'BEGIN { printf "%.3f", ms * k / 4000 }')"
	kill -9 "$hp" 2>/dev/null
	wait "$hp" 2>/dev/null
	[ "$(($(wc -l <"$T/k.csv" 2>/dev/null || echo 1) - 1))" -lt "$total" ] &&
		partial=$((partial + 1))
	"$H" run "$T/ord.yaml" -o "$T/k.csv" -j 2 --resume -q >/dev/null 2>"$T/kerr" ||
		bad "resume $k failed: $(cat "$T/kerr")"
	strip "$T/k.csv" >"$T/k.rows"
	expect "killed ($k) and resumed under -j 2: the -j 1 file" cmp -s "$T/j1.rows" "$T/k.rows"
done
expect "a kill landed mid-run ($partial of 3 left the file partial; the run took $j2_ms ms)" \
	[ "$partial" -ge 1 ]

# report: the tables' columns in the file's order
"$H" report "$T/j2.csv" -o "$T/j2.md" 2>/dev/null || bad "report failed"
expect "report: the glance table's columns in the file's order" \
	[ "$(grep -m1 '^| n | ' "$T/j2.md" | tr -d ' ' | tr '|' ' ' | cut -d' ' -f3- | xargs)" = "$want_order" ]

# plots: legends in the file's order, one colour per approach in every
# figure, and the same in the -j 1 and -j 2 runs' figures
legend() { # legend FILE.svg -> "label colour" lines, in legend order
	python3 - "$1" <<'PY'
import re, sys
s = open(sys.argv[1]).read()
for chunk in re.split(r'<g id="gnuplot_plot_', s)[1:]:
    t = re.search(r'<text>([^<]*)</text>', chunk)
    c = re.search(r"stroke='(rgb\([^)]*\))'", chunk)
    if t and c:
        print(t.group(1).replace(' ', ''), c.group(1).replace(' ', ''))
PY
}
for j in j1 j2; do
	"$H" plot "$T/$j.csv" --kind all >/dev/null 2>&1 || bad "plot $j failed"
	for f in "$T/$j.svg" "$T/$j-cactus.svg" "$T/$j-size.svg"; do
		[ -s "$f" ] || bad "plot $j: no $f"
		legend "$f"
	done | sort -u >"$T/$j.colours"
done
expect "plots: one colour per approach in every figure" \
	[ -s "$T/j2.colours" -a -z "$(cut -d' ' -f1 "$T/j2.colours" | sort | uniq -d)" ]
expect "plots: the -j 1 and -j 2 figures colour alike" cmp -s "$T/j1.colours" "$T/j2.colours"
legend "$T/j2.svg" >"$T/j2.legend"
expect "plots: the time plot's legend in the file's order" \
	[ "$(firsts "$T/j2.legend")" = "$want_order" ]
legend "$T/j2-size.svg" >"$T/j2s.legend"
expect "plots: the size plot's legend in the file's order" \
	[ "$(firsts "$T/j2s.legend")" = "picosat/pairwise picosat/sequential picosat/commander" ]

echo "fair: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
