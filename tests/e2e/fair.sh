#!/usr/bin/env bash
# fair.sh - the comparison a referee cannot fault. The clock: solvers
# that forge their time (tests/liars/forgers.c) get the harness's own
# wall time, or an `error` row when their CPU time cannot fit in it. The
# order: the final CSV, the summary, the report's tables and the plots'
# legends and colours follow the experiment file, whatever -j, shards,
# merge or resume did. Prints "fair: N passed, N failed" last.
. "$(dirname "$0")/common.bash"

# forgers.so through common.bash's cc (a copy from its cache when the
# compiler, source, flags and headers are the same)
cflags=(-std=c11 -O2 -shared -fPIC -pthread)
for d in include core/proc core/model base results solvers encoders; do cflags+=(-I"$ROOT/$d"); done
cc "${cflags[@]}" -o "$T/forgers.so" tests/liars/forgers.c 2>"$T/cc.err" ||
	bad "building forgers.so: $(<"$T/cc.err")"

# rows FILE.csv APPROACH COLUMN,... (three arguments a file, as often
# as need be): those columns of the approach's first row in each file,
# separated by \x1f (read -r with IFS=$'\x1f' keeps empty ones), a line
# a file (empty when it has none): one python3 for the eleven runs of
# the clock's checks, not one per run. A COLUMN "wall_ok" is 1 when the
# row's wall_s is the work's (at least 0.25 s and 0.8 of cpu_s), else 0.
rows() {
	python3 - "$@" <<'PY'
import csv, sys
a = sys.argv[1:]
for f, app, cols in zip(a[0::3], a[1::3], a[2::3]):
    line = ''
    try:
        for r in csv.DictReader(open(f, newline='')):
            if r['approach'] == app:
                def cell(c):
                    if c != 'wall_ok':
                        return r[c]
                    try:
                        w, c = float(r['wall_s']), float(r['cpu_s'])
                    except ValueError:
                        return '0'
                    return '1' if w >= 0.25 and w >= 0.8 * c else '0'
                line = '\x1f'.join(cell(c) for c in cols.split(',')); break
    except OSError:
        pass
    print(line)
PY
}

has() { [[ $1 == *"$2"* ]]; } # has TEXT PART: grep -qF, in bash

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

# (the clock's eleven runs first, each into a CSV of its own, all read
# by one python3 after them, then the checks)
orders=("forger-message|backtrack" "backtrack|forger-message")
for i in 0 1; do
	order=${orders[i]}
	forge_yaml msg$i ${order/|/ }
	"$H" run "$T/msg$i.yaml" -o "$T/msg$i.csv" -q >/dev/null 2>"$T/err"
	msg_rc[i]=$?
done

forge_yaml early forger-early
"$H" run "$T/early.yaml" -o "$T/early.csv" -q >/dev/null 2>"$T/err"

# work in a fork handler, in the run's child before the harness's code:
# itself, in a thread, in a process it waits for then or after the
# release; each under -j 1 and -j 2 (a worker's child), with and
# without a cgroup, in pairs that cover every (-j, cgroup) twice and
# each way under both -j and both cgroup settings (8 runs, not 16: each
# burns 0.1 to 0.6 s, see forgers.c)
# (each run's CSV kept, all read by one python3 after the eight)
forge_yaml atfork forger-atfork
atforks=() csvs=()
for how in 1 thread spawn reaped; do
	case $how in
	1|spawn) pairs="1:0 2:1" ;;
	*) pairs="1:1 2:0" ;;
	esac
	for pair in $pairs; do
		j=${pair%:*} cg=${pair#*:}
		atforks+=("$how, -j $j, NQ_NO_CGROUP=$cg")
		csvs+=("$T/atfork-$how-$j.csv")
		NQ_NO_CGROUP=$cg NQ_FORGER_ATFORK=$how "$H" run "$T/atfork.yaml" \
			-o "$T/atfork-$how-$j.csv" -j $j -q >/dev/null 2>"$T/err"
	done
done
items=("$T/msg0.csv" forger-message wall_s,cpu_s,solutions,wall_ok
	"$T/msg1.csv" forger-message wall_s,cpu_s,solutions,wall_ok
	"$T/early.csv" forger-early status)
for f in "${csvs[@]}"; do items+=("$f" forger-atfork status,note,solutions); done
mapfile -t lines < <(rows "${items[@]}")
for i in 0 1; do
	order=${orders[i]} rc=${msg_rc[i]}
	expect "forged message ($order): exit 0, got $rc" [ $rc -eq 0 ]
	IFS=$'\x1f' read -r w c sols wall_ok <<<"${lines[i]:-}"
	expect "forged message ($order): wall_s $w is the work's (cpu_s $c)" [ "$wall_ok" = 1 ]
	expect "forged message ($order): still counted right" [ "$sols" = 724 ]
done
st=${lines[2]:-}
expect "an answer sent before the work is not ok (got $st)" [ "$st" != ok ]
for i in "${!atforks[@]}"; do
	w=${atforks[i]}
	IFS=$'\x1f' read -r st note sols <<<"${lines[i + 3]:-}"
	expect "work in a fork handler ($w): status error (got $st)" [ "$st" = error ]
	expect "work in a fork handler ($w): the note says the work was outside the clock ($note)" \
		has "$note" "outside the harness's clock"
	expect "work in a fork handler ($w): no answer taken" [ -z "$sols" ]
done

# ---- the file's order -----------------------------------------------
# The first instance is only for the last approach: the order rows first
# show is not the file's, so the order must come from the file (.meta).
# Counts up to n = 8: picosat's three counts of n = 9 took as much CPU as
# the rest of the plan, and the plan is run six times over.
cat >"$T/ord.yaml" <<'EOF'
experiment: ord
repeat: 2
timeout: 20s
instances:
  - {n: 5, mode: count, only: [backtrack/bitmask]}
  - {n: 4..8, mode: count}
  - {n: [6, 8], mode: first}
approaches:
  - picosat: {encoding: [pairwise, sequential, commander]}
  - backtrack: {variant: [textbook, bitmask]}
EOF
want_order="picosat/pairwise picosat/sequential picosat/commander backtrack/textbook backtrack/bitmask"

# The rows without the columns a machine or a moment decides (times,
# memory, host, cpus), the summary's lines without the times, the
# tables and the plots' legends are read by one python3 after the runs
# (ord_checks, below): it writes why.NAME for each check NAME, empty when
# it passed; verdict NAME DESC is the check, the reason in its message.
verdict() {
	local w="not checked"
	[ -f "$T/why.$1" ] && w=$(<"$T/why.$1")
	expect "$2${w:+ ($w)}" [ -z "$w" ]
}

"$H" run "$T/ord.yaml" -o "$T/j1.csv" -j 1 >"$T/j1.sum" 2>/dev/null ||
	bad "the -j 1 run failed"
t0=${EPOCHREALTIME/./}
"$H" run "$T/ord.yaml" -o "$T/j2.csv" -j 2 >"$T/j2.sum" 2>/dev/null ||
	bad "the -j 2 run failed"
j2_ms=$(((${EPOCHREALTIME/./} - t0) / 1000)) # the kills below land inside it

# shards, each run with -j 2, merged in either order
t0=${EPOCHREALTIME/./}
"$H" run "$T/ord.yaml" -o "$T/s1.csv" --shard 1/2 -j 2 -q >/dev/null 2>&1
"$H" run "$T/ord.yaml" -o "$T/s2.csv" --shard 2/2 -j 2 -q >/dev/null 2>&1
# the two halves of the plan under -j 2 took as long as the whole, near
# enough: the lesser of the two times is the -j 2 run's own (a moment of
# load in one of them does not push the kills below past the end)
s_ms=$(((${EPOCHREALTIME/./} - t0) / 1000))
[ "$s_ms" -lt "$j2_ms" ] && j2_ms=$s_ms
"$H" merge "$T/s2.csv" "$T/s1.csv" -o "$T/m.csv" >/dev/null 2>"$T/merr" ||
	bad "merge failed: $(<"$T/merr")"

# killed mid-run under -j 2, then resumed: the -j 1 file. The kills at a
# quarter, a half and three quarters of the -j 2 run's own time (fixed
# times of 0.3-0.5 s all came after a 0.37 s run on an idle machine,
# and resumed whole files), and at least one must find the file partial
total=$(($(wc -l <"$T/j1.csv") - 1))
partial=0
for k in 1 2 3; do
	# killed, and reaped before the resume (timeout -s KILL kills itself
	# too and may not wait: the lock would still be held)
	"$H" run "$T/ord.yaml" -o "$T/k$k.csv" -j 2 -q >/dev/null 2>&1 &
	hp=$!
	ms=$((j2_ms * k / 4))
	printf -v ms '%d.%03d' $((ms / 1000)) $((ms % 1000))
	sleep "$ms"
	kill -9 "$hp" 2>/dev/null
	wait "$hp" 2>/dev/null
	[ "$(($(wc -l <"$T/k$k.csv" 2>/dev/null || echo 1) - 1))" -lt "$total" ] &&
		partial=$((partial + 1))
	"$H" run "$T/ord.yaml" -o "$T/k$k.csv" -j 2 --resume -q >/dev/null 2>"$T/kerr" ||
		bad "resume $k failed: $(<"$T/kerr")"
done

# report: the tables' columns in the file's order
"$H" report "$T/j2.csv" -o "$T/j2.md" 2>/dev/null || bad "report failed"

# plots: legends in the file's order, one colour per approach in every
# figure, and the same in the -j 1 and -j 2 runs' figures
for j in j1 j2; do
	"$H" plot "$T/$j.csv" --kind all >/dev/null 2>&1 || bad "plot $j failed"
	for f in "$T/$j.svg" "$T/$j-cactus.svg" "$T/$j-size.svg"; do
		[ -s "$f" ] || bad "plot $j: no $f"
	done
done

python3 - "$T" "$want_order" <<'PY'
import csv, re, sys
T, order = sys.argv[1], sys.argv[2].split()
def why(name, f, *a):
    try:
        w = f(*a)
    except Exception as e:
        w = f'{type(e).__name__}: {e}'
    open(f'{T}/why.{name}', 'w').write(w)
DROP = {'wall_s', 'cpu_s', 'peak_rss_kib', 'host', 'cpus', 'build_s',
        'solve_s', 'measured_by', 'digest'}
def strip(name):  # the rows without the columns a machine or a moment decides
    rows = list(csv.reader(open(f'{T}/{name}.csv', newline='')))
    keep = [i for i, c in enumerate(rows[0]) if c not in DROP]
    return [[r[i] for i in keep] for r in rows]
def same_rows(name):
    a, b = strip('j1'), strip(name)
    if a == b:
        return ''
    for i, (x, y) in enumerate(zip(a, b), 1):
        if x != y:
            return f'line {i} differs: {",".join(y)}'
    return f'{len(a)} lines and {len(b)}'
def summary(name):  # the summary's lines without the times
    return [re.sub(r' +', ' ', re.sub(r'[0-9.]+ (us|ms|s) ', ' T ', l, count=1))
            for l in open(f'{T}/{name}.sum')]
def same_summary():
    a, b = summary('j1'), summary('j2')
    return '' if a == b else f'{len(a)} lines and {len(b)}, first unlike: ' + \
        next((y for x, y in zip(a, b) if x != y), '').strip()
def row_order():
    rows = list(csv.DictReader(open(f'{T}/j2.csv', newline='')))
    inst = [('5', 'count', True)] + [(str(n), 'count', False) for n in range(4, 9)] + \
           [('6', 'first', False), ('8', 'first', False)]
    want = [(n, mode, rep, a) for n, mode, only in inst for rep in ('1', '2')
            for a in (['backtrack/bitmask'] if only else order)]
    got = [(r['n'], r['mode'], r['repeat'], r['approach']) for r in rows]
    if got == want:
        return ''
    i = next((i for i, (x, y) in enumerate(zip(got, want)) if x != y), min(len(got), len(want)))
    return f'row {i + 2}: {got[i] if i < len(got) else None}, expected {want[i] if i < len(want) else None}'
def summary_n4():
    got = ' '.join(l.split()[0] for l in open(f'{T}/j2.sum')
                   if re.match(r'[a-z/]+ +count +4 ', l))
    return '' if got == ' '.join(order) else got
def report_columns():
    l = next(l for l in open(f'{T}/j2.md') if l.startswith('| n | '))
    cols = [x.strip() for x in l.rstrip('\n').split('|')[2:]]
    got = ' '.join(x for x in cols if x and x != 'answer')
    return '' if got == ' '.join(order) else got
def legend(f):  # "label colour" lines, in legend order
    s = open(f).read()
    out = []
    for chunk in re.split(r'<g id="gnuplot_plot_', s)[1:]:
        t = re.search(r'<text>([^<]*)</text>', chunk)
        c = re.search(r"stroke='(rgb\([^)]*\))'", chunk)
        if t and c:
            out.append((t.group(1).replace(' ', ''), c.group(1).replace(' ', '')))
    return out
def colours(j):
    return sorted({x for s in ('', '-cactus', '-size') for x in legend(f'{T}/{j}{s}.svg')})
def one_colour():
    c = colours('j2')
    names = [a for a, _ in c]
    twice = sorted({a for a in names if names.count(a) > 1})
    return '' if c and not twice else f'{twice or "no legend"}'
def alike():
    return '' if colours('j1') == colours('j2') else 'the colours differ'
def firsts(f, want):  # the approaches (of order) in the order the legend names them
    seen = []
    for w in re.findall(r'[\w/]+', '\n'.join(f'{a} {c}' for a, c in legend(f))):
        if w in order and w not in seen:
            seen.append(w)
    return '' if seen == want.split() else ' '.join(seen)
why('j2', same_rows, 'j2')
why('sum', same_summary)
why('order', row_order)
why('n4', summary_n4)
why('m', same_rows, 'm')
for k in '123':
    why('k' + k, same_rows, 'k' + k)
why('report', report_columns)
why('colours', one_colour)
why('alike', alike)
why('legend', firsts, f'{T}/j2.svg', ' '.join(order))
why('size', firsts, f'{T}/j2-size.svg', 'picosat/pairwise picosat/sequential picosat/commander')
PY
verdict j2 "-j 2 writes the -j 1 file (times, host, cpus aside)"
verdict sum "-j 2 prints the -j 1 summary (times aside)"
verdict order "the rows follow the file: instance, repeat, approach"
verdict n4 "the summary: n = 4 lists the approaches in the file's order"
verdict m "shards + merge write the -j 1 file"
for k in 1 2 3; do
	verdict k$k "killed ($k) and resumed under -j 2: the -j 1 file"
done
expect "a kill landed mid-run ($partial of 3 left the file partial; the run took $j2_ms ms)" \
	[ "$partial" -ge 1 ]
verdict report "report: the glance table's columns in the file's order"
verdict colours "plots: one colour per approach in every figure"
verdict alike "plots: the -j 1 and -j 2 figures colour alike"
verdict legend "plots: the time plot's legend in the file's order"
verdict size "plots: the size plot's legend in the file's order"

echo "fair: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
