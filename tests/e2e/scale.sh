#!/usr/bin/env bash
# scale.sh - end-to-end tests of runs that outgrow one at a time (issue
# 11): bad -j, --shard, jobs: and --force are exit 2 with nothing
# touched; -j 2 makes the rows -j 1 makes, each single-threaded run on a
# core of its own; --resume refuses another experiment file's CSV, runs
# as usual without one, makes a cut last row again and re-derives the
# verdicts of the rows from before; SIGKILL at 20 random moments, each
# time resumed, ends with every run of the plan exactly once and the
# verdicts of a run left alone (with -j 1 and -j 2); SIGINT and SIGTERM
# under -j 2 leave whole rows and no run behind; GNU parallel over the
# shards with the harness's --resume, killed and started again, merges
# into the whole plan. Prints "scale: N passed, N failed" last.
. "$(dirname "$0")/common.bash"
cd "$T" || exit 1

cat >k.yaml <<'EOF'
experiment: k
repeat: 2
warmup: 1
timeout: 20s
instances:
  - n: 4..6
    mode: [first, count]
approaches:
  - backtrack: {variant: [textbook, bitmask]}
  - picosat: {encoding: [pairwise, sequential]}
EOF
"$H" run k.yaml -o full.csv -q >/dev/null 2>err || { echo "the run failed: $(<err)"; exit 1; }
"$H" plan k.yaml --list >plan.all 2>err || { echo "plan failed: $(<err)"; exit 1; }
mapfile -t keys <plan.all
printf '%s\n' "${keys[@]:1}" >plan.txt # the keys, below the header

# check_csv CSV PLAN [REF]: one python3 for two checks. Into plan.why
# (empty: all is well) what keeps CSV from holding every key of the plan
# once, nothing else, every row whole (as many cells as the header; the
# file ends a line); with REF, into same.why (empty: the same) what
# scripts/same_rows.py REF CSV says when they differ (its last line the
# summary). plan_ok DESC and same_ok DESC are the checks on them, the
# reason in the message.
check_csv() {
	echo "check_csv did not finish" >plan.why
	echo "check_csv did not finish" >same.why
	python3 - "$@" <<'PY'
import collections, contextlib, csv, io, sys
def plan(csvf, planf):
    data = open(csvf, newline='').read()
    if not data.endswith('\r\n'):
        return f'{csvf}: the last line is not whole'
    rows = list(csv.reader(data.splitlines()))
    head = rows[0]
    for i, r in enumerate(rows[1:], 2):
        if len(r) != len(head):
            return f'{csvf}:{i}: {len(r)} cells, not {len(head)}'
    ix = {c: i for i, c in enumerate(head)}
    got = collections.Counter('\t'.join([r[ix['experiment']], r[ix['n']], r[ix['mode']],
                                         r[ix['hints']] or '-', r[ix['approach']],
                                         r[ix['repeat']]]) for r in rows[1:])
    want = collections.Counter(l.rstrip('\n') for l in open(planf) if l.strip())
    if got != want:
        return f'missing {sorted(want - got)[:3]}, extra {sorted(got - want)[:3]}'
    return ''
try:
    why = plan(sys.argv[1], sys.argv[2])
except Exception as e:
    why = f'{type(e).__name__}: {e}'
open('plan.why', 'w').write(why)
if len(sys.argv) > 3:
    sys.path.insert(0, sys.argv[4] if len(sys.argv) > 4 else 'scripts')
    import same_rows
    out, rc = io.StringIO(), 0
    sys.argv = ['same_rows.py', sys.argv[3], sys.argv[1]]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            same_rows.main()
        except SystemExit as e:
            rc = e.code if isinstance(e.code, int) else 1
        except Exception as e:
            print(f'{type(e).__name__}: {e}')
            rc = 1
    open('same.why', 'w').write(out.getvalue() if rc else '')
PY
}
plan_ok() { local why; why=$(<plan.why); expect "$1 ($why)" [ -z "$why" ]; }
same_ok() { local why; why=$(<same.why); expect "$1 (${why##*$'\n'})" [ -z "$why" ]; }
# check_csv with the reference run
check_full() { check_csv "$1" "${2:-plan.txt}" full.csv "$ROOT/scripts"; }
not() { ! "$@"; }
# has TEXT PART: grep -qF on a file read into TEXT, in bash
has() { [[ $1 == *"$2"* ]]; }
# has_line FILE LINE: grep -qx, in bash
has_line() { local l; while IFS= read -r l; do [ "$l" = "$2" ] && return 0; done <"$1"; return 1; }
expect "the plan has 48 keys" [ $((${#keys[@]} - 1)) -eq 48 ]
check_csv full.csv plan.txt
plan_ok "a run left alone holds the plan"

# --- bad input: exit 2, a clear message, no file touched ---------------------
# bad_input DESC SUBSTRING CMD...
# (bi is made empty once and again only after a refusal that wrote in it;
# the message and what was written read in bash, no process)
mkdir bi
bad_input() {
	local desc=$1 want=$2 rc be left; local -a f; shift 2
	cd bi && "$@" >../bo 2>../be
	rc=$?
	cd "$T" || exit 1
	be=$(<be)
	shopt -s dotglob nullglob
	f=(bi/*)
	shopt -u dotglob nullglob
	left=${f[*]#bi/}
	[ -z "$left" ] || { rm -rf bi && mkdir bi; }
	if [ $rc -ne 2 ]; then bad "$desc: exit $rc, expected 2 ($be)"; return; fi
	if [[ $be != *"$want"* ]]; then bad "$desc: expected '$want', got: $be"; return; fi
	if [ -n "$left" ]; then bad "$desc: wrote $left"; return; fi
	ok
}
bad_input "--shard 0/4" "--shard K in '0/4' must be 1 to 4" "$H" run ../k.yaml --shard 0/4
bad_input "--shard 5/4" "--shard K in '5/4' must be 1 to 4" "$H" run ../k.yaml --shard 5/4
bad_input "--shard x/y" "--shard takes K/N" "$H" run ../k.yaml --shard x/y
bad_input "-j 0" "-j takes a number of runs at once from 1" "$H" run ../k.yaml -j 0
bad_input "-j 1000, more than the cores" "-j 1000: 1000 runs at once, but the harness may use" \
	"$H" run ../k.yaml -j 1000
sed 's/^repeat: 2$/jobs: 1000\nrepeat: 2/' k.yaml >j1000.yaml
bad_input "jobs: 1000 in the file names it" "j1000.yaml: jobs: 1000" "$H" run ../j1000.yaml
bad_input "--force without --resume" "--force goes with --resume" "$H" run ../k.yaml --force

# --- -j 2: the rows of -j 1, a core each ---------------------------------------
cores=$(nproc)
if [ "$cores" -ge 2 ]; then
	"$H" run k.yaml -o j2.csv -q -j 2 >/dev/null 2>err
	rc=$?
	expect "-j 2 exits 0 (got $rc: $(<err))" [ $rc -eq 0 ]
	check_full j2.csv
	same_ok "-j 2 makes the rows of -j 1"
	expect "the .meta says jobs: 2" has_line j2.meta 'jobs: 2'
	expect "the .meta has cores_usable" has_line j2.meta "cores_usable: $cores"
	# a threads: 0 run takes every core, and starts a thread on each
	cat >t0.yaml <<'EOF'
experiment: t0
repeat: 1
instances:
  - {n: 12, mode: count}
approaches:
  - backtrack: {variant: bitmask, threads: 0}
  - backtrack: {variant: textbook}
EOF
	"$H" run t0.yaml -o t0.csv -q -j 2 >/dev/null 2>err
	# pinned to one core, threads: 0 starts one thread (its affinity)
	taskset -c 0 "$H" run t0.yaml -o t1.csv -q >/dev/null 2>err
	# one python3 for the three checks on j2.csv, t0.csv and t1.csv: the
	# reason of each in cpus.why, t0.why, t1.why (empty: passed)
	for why in cpus t0 t1; do echo "the check did not finish" >$why.why; done
	python3 - j2.csv t0.csv t1.csv "$cores" <<'PY'
import csv, sys
def rows(f):
    try:
        return list(csv.DictReader(open(f, newline='')))
    except OSError as e:
        return str(e)
def cpus(rs):
    rs = [r for r in rs if r['solver'] == 'picosat' or r['encoding'] == 'textbook']
    c = {r['cpus'] for r in rs}
    return '' if c == {'0', '1'} else f'{c}'
def t0(rs, n):
    r = [r for r in rs if r['encoding'] == 'bitmask'][0]
    return ('' if r['cpus'] == f'0-{n - 1}' and f'threads={n}' in r['options'] and r['status'] == 'ok'
            else f"{r['cpus']} {r['options']} {r['status']}")
def t1(rs):
    o = rs[0]['options'] if rs else ''
    return '' if o == 'threads=1' else f'options {o!r}'
for name, f, check in (('cpus', 'j2.csv', cpus), ('t0', 't0.csv', lambda rs: t0(rs, int(sys.argv[4]))),
                       ('t1', 't1.csv', t1)):
    rs = rows(f)
    try:
        why = rs if isinstance(rs, str) else check(rs)
    except Exception as e:
        why = f'{type(e).__name__}: {e}'
    open(name + '.why', 'w').write(why)
PY
	why=$(<cpus.why)
	expect "single-threaded runs on one core each, both used ($why)" [ -z "$why" ]
	why=$(<t0.why)
	expect "threads: 0 under -j 2: cpus 0-$((cores - 1)), threads=$cores ($why)" [ -z "$why" ]
	why=$(<t1.why)
	expect "threads: 0 on one core (taskset): threads=1 ($why)" [ -z "$why" ]
	expect "and the .meta's cores_usable: 1" has_line t1.meta 'cores_usable: 1'
else
	echo "scale: SKIP -j 2 checks: $cores core"
fi

# --- --resume ------------------------------------------------------------------
# no CSV yet: a normal run
"$H" run k.yaml -o r0.csv -q --resume >/dev/null 2>err
rc=$?
expect "--resume without a CSV runs (got $rc: $(<err))" [ $rc -eq 0 ]
check_csv r0.csv plan.txt
plan_ok "and makes the whole plan"
expect "its .meta: not resumed" not grep -q '^resumed: true' r0.meta

# another experiment file's CSV: refused naming both hashes, --force goes on
cp full.csv o.csv && cp full.meta o.meta
sed 's/^timeout: 20s$/timeout: 21s/' k.yaml >k2.yaml
read -r old _ < <(sha256sum k.yaml)
read -r new _ < <(sha256sum k2.yaml)
cp o.csv o.csv.orig
"$H" run k2.yaml -o o.csv -q --resume >/dev/null 2>err
rc=$?
expect "--resume on another file's CSV: exit 2 (got $rc)" [ $rc -eq 2 ]
expect "naming both hashes ($(<err))" grep -qF "says $old, k2.yaml is $new" err
expect "and the CSV untouched" cmp -s o.csv o.csv.orig
"$H" run k2.yaml -o o.csv -q --resume --force >/dev/null 2>err
rc=$?
expect "--resume --force goes on (got $rc: $(<err))" [ $rc -eq 0 ]
expect "with a warning" grep -qF "differs from o.meta's" err

# a cut last row: a warning naming FILE:LINE, the row made again
cp full.csv c.csv && cp full.meta c.meta
truncate -s -20 c.csv
lines=$(wc -l <c.csv)
"$H" run k.yaml -o c.csv --resume >/dev/null 2>err
rc=$?
err=$(<err)
expect "a cut row: resumed, exit 0 (got $rc: $err)" [ $rc -eq 0 ]
expect "the warning names c.csv:$((lines + 1))" \
	has "$err" "c.csv:$((lines + 1)): warning: the last row was cut short"
check_csv c.csv plan.txt
plan_ok "the row is made again, once"
expect "and one row written (its warm-up made again too)" has "$err" 'harness: 1 row written to c.csv'
expect "the .meta says resumed" has_line c.meta 'resumed: true'

# an old row that lies: its verdict re-derived, exit 1 with nothing to run
python3 - full.csv w.csv <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
ix = {c: i for i, c in enumerate(rows[0])}
for r in rows[1:]:
    if r[ix['n']] == '6' and r[ix['mode']] == 'count' and r[ix['encoding']] == 'textbook':
        r[ix['solutions']] = '6'   # 6-queens has 4
        break
csv.writer(open(sys.argv[2], 'w', newline=''), lineterminator='\r\n').writerows(rows)
PY
cp full.meta w.meta
# the edit is a change after the run wrote the file: refused (tamper.sh),
# unless --force, which lets the ledger judge the row
"$H" run k.yaml -o w.csv --resume >/dev/null 2>err
rc=$?
expect "an edited row: exit 2 on resume (got $rc)" [ $rc -eq 2 ]
expect "an edited row: exit 2 on resume (got $rc) (2 of 2)" grep -q 'w.csv:[0-9]*: row [0-9]* changed after the run wrote it' err
"$H" run k.yaml -o w.csv --resume --force >/dev/null 2>err
rc=$?
expect "an old wrong answer: exit 1 on resume --force (got $rc: $(<err))" [ $rc -eq 1 ]
expect "with nothing to run" [ -z "$(grep -E '^\[[0-9]+/[0-9]+\]' err)" ]
expect "the row now says wrong" python3 - w.csv <<'PY'
import csv, sys
bad = [r for r in csv.DictReader(open(sys.argv[1], newline='')) if r['solutions'] == '6'
       and r['n'] == '6']
sys.exit(0 if len(bad) == 1 and bad[0]['status'] == 'wrong' else f'{bad}')
PY

# --- SIGKILL at 20 random moments, resumed each time --------------------------
# the uninterrupted run takes ~0.2 s (48 rows and their warm-ups), a run
# ~2.5 ms, the harness ~6 ms to start: a kill 0..30 ms after each start lands anywhere (setup, a
# run, a row, the rewrite at the end, the .meta) and a few runs go by
# between kills; again until 20 kills have landed on a live harness
# (8 under the sanitizers, where each start costs ten times as much and
# the release pass has made the 20)
want_kills=20
[ "$H" = "$ROOT/harness" ] || want_kills=8
kill_loop() { # kill_loop JOBS
	local j=$1 i rc kills=0 cut=0 nometa=0 refused="" csv=kill$1.csv hp hp_ms kerr
	rm -f "$csv" "kill$j.meta"
	for i in $(seq 1 100); do
		[ $kills -ge $want_kills ] && break
		"$H" run k.yaml -o "$csv" -q -j "$j" --resume >/dev/null 2>kerr &
		hp=$!
		printf -v hp_ms '0.%03d' $((RANDOM % 30))
		sleep "$hp_ms"
		kill -KILL $hp 2>/dev/null && kills=$((kills + 1))
		wait $hp 2>/dev/null
		rc=$?
		kerr=$(<kerr)
		has "$kerr" 'cut short' && cut=$((cut + 1))
		# A kill must never leave the CSV without its .meta (the
		# .meta is replaced in one rename, and written before the
		# CSV is made); counted, and the loop goes on with --force
		# so the rest is still checked.
		if [ $rc -eq 2 ] && has "$kerr" "there is no kill$j.meta beside it"; then
			nometa=$((nometa + 1))
			"$H" run k.yaml -o "$csv" -q -j "$j" --resume --force >/dev/null 2>kerr &
			hp=$!
			sleep 0.01
			kill -KILL $hp 2>/dev/null
			wait $hp 2>/dev/null
			rc=$?
		fi
		if [ $rc -ne 0 ] && [ $rc -ne 137 ]; then
			refused="after $kills kills: exit $rc: $(tail -1 kerr)"
			break
		fi
		# finished before the kill: start afresh, kills still to land
		[ $rc -eq 0 ] && rm -f "$csv" "kill$j.meta"
	done
	echo "scale: SIGKILL loop, -j $j: $kills kills landed, $cut cut rows found"
	expect "-j $j: every resume after a SIGKILL went on (${refused:-ok})" [ -z "$refused" ]
	for i in 1 2 3; do
		"$H" run k.yaml -o "$csv" -q -j "$j" --resume >/dev/null 2>kerr && break
		# (a CSV left without its .meta: counted above)
		grep -qF "there is no kill$j.meta beside it" kerr && nometa=$((nometa + 1)) &&
			"$H" run k.yaml -o "$csv" -q -j "$j" --resume --force >/dev/null 2>kerr && break
	done
	expect "-j $j: no kill left a CSV without its .meta ($nometa did)" [ $nometa -eq 0 ]
	expect "-j $j: the last --resume finishes ($(tail -1 kerr))" has_line "kill$j.meta" 'outcome: "ok"'
	check_full "$csv"
	plan_ok "-j $j: after $kills kills ($cut cut rows), every key of the plan once, every row whole"
	same_ok "-j $j: the verdicts of a run left alone"
}
kill_loop 1
[ "$cores" -ge 2 ] && kill_loop 2

# --- SIGINT, SIGTERM under -j 2: whole rows, no run left, --resume ends it ------
cat >napper.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "nq_plugin.h"

static const unsigned long long counts[] = { 1, 1, 0, 0, 2, 10, 4, 40, 92 };

static int count_only(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	return mode == NQ_MODE_COUNT ? 8 : NQ_NOT_APPLICABLE;
}

/* names itself in $NAPPER_DIR, sleeps 0.3 s, answers right */
static int napper_solve(const nq_job *job, nq_result *res)
{
	const char *dir = getenv("NAPPER_DIR");
	char path[600];
	FILE *f;

	if (dir) {
		snprintf(path, sizeof path, "%s/%d", dir, (int)getpid());
		if ((f = fopen(path, "w")))
			fclose(f);
	}
	usleep(300000);
	res->solutions = counts[job->inst->n];
	return NQ_OK;
}

static const nq_solver napper = { NQ_ABI_VERSION, sizeof(nq_solver),
	"napper", "sleeps, then counts", NULL, NULL, count_only, napper_solve, NULL };
static const nq_solver *const solvers[] = { &napper, NULL };
static const nq_plugin plugin = {
	NQ_ABI_VERSION, sizeof(nq_plugin), "napper", "a slow counter, tests/e2e/scale.sh",
	solvers, NULL, NULL
};

NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void)
{
	return &plugin;
}
C
cc -std=c11 -O2 -shared -fPIC -I"$ROOT/include" -o napper.so napper.c 2>cc.err ||
	bad "building napper.so: $(<cc.err)"
cat >nap.yaml <<EOF
experiment: nap
repeat: 2
timeout: 20s
instances:
  - {n: 1..8, mode: count}
approaches:
  - napper
plugins: [$T/napper.so]
EOF
"$H" plan nap.yaml --list | tail -n +2 >nap.plan
for sig in INT TERM; do
	[ "$cores" -ge 2 ] || break
	rm -rf naps nap.csv nap.meta && mkdir naps
	NAPPER_DIR=$T/naps env --default-signal=INT,TERM,HUP "$H" run nap.yaml -o nap.csv -q -j 2 >/dev/null 2>nerr &
	hp=$!
	for _ in $(seq 1 100); do
		[ -f nap.csv ] && mapfile -t nap <nap.csv && [ ${#nap[@]} -ge 4 ] && break
		sleep 0.05
	done
	sleep 0.1
	kill -$sig $hp
	wait $hp
	rc=$?
	expect "SIG$sig under -j 2: exit 130 (got $rc: $(tail -1 nerr))" [ $rc -eq 130 ]
	left=""
	for p in naps/*; do
		kill -0 "${p#naps/}" 2>/dev/null && left="$left ${p#naps/}"
	done
	expect "SIG$sig: no run left behind ($(ls naps | wc -l) started;${left:- none left})" [ -z "$left" ]
	n=$(($(wc -l <nap.csv) - 1))
	expect "SIG$sig: some rows, not all ($n)" [ "$n" -ge 3 -a "$n" -lt 16 ]
	expect "SIG$sig: every row whole" python3 - nap.csv <<'PY'
import csv, sys
data = open(sys.argv[1], newline='').read()
rows = list(csv.reader(data.splitlines()))
sys.exit(0 if data.endswith('\r\n') and all(len(r) == len(rows[0]) for r in rows)
         and all(r[6] == 'ok' for r in rows[1:]) else 'a broken row')
PY
	expect "SIG$sig: the .meta says interrupted" grep -qx 'outcome: "interrupted"' nap.meta
	NAPPER_DIR=$T/naps "$H" run nap.yaml -o nap.csv -q -j 2 --resume >/dev/null 2>nerr
	rc=$?
	expect "SIG$sig: --resume finishes it (got $rc: $(tail -1 nerr))" [ $rc -eq 0 ]
	check_csv nap.csv nap.plan
	plan_ok "SIG$sig: the plan once"
done

# --- GNU parallel over the shards, with the harness's --resume -----------------
if ! command -v parallel >/dev/null 2>&1; then
	echo "scale: SKIP GNU parallel checks: no 'parallel' (scripts/deps.sh installs it)"
else
	S="reports/k.shard-1-of-4.csv reports/k.shard-2-of-4.csv reports/k.shard-3-of-4.csv reports/k.shard-4-of-4.csv"
	recipe() {
		seq 1 4 | parallel -j 2 --joblog J "$H" run k.yaml --shard {}/4 --resume -q \
			>/dev/null 2>perr
	}
	recipe
	rc=$?
	expect "parallel over 4 shards exits 0 (got $rc: $(tail -2 perr))" [ $rc -eq 0 ]
	mapfile -t jobs <J
	expect "its joblog has 4 jobs" [ $((${#jobs[@]} - 1)) -eq 4 ]
	"$H" merge -o merged.csv $S >/dev/null 2>err
	rc=$?
	expect "merge exits 0 (got $rc: $(<err))" [ $rc -eq 0 ]
	check_full merged.csv
	plan_ok "merged: exactly the plan"
	same_ok "merged: the verdicts of one run"

	# killed mid-way (SIGTERM to parallel; SIGKILL to parallel and every
	# harness under it), then the same command line again
	for sig in TERM KILL; do
		rm -rf reports J merged.csv merged.meta
		setsid bash -c 'seq 1 4 | exec parallel -j 2 --joblog J "$0" run k.yaml --shard {}/4 --resume -q' \
			"$H" >/dev/null 2>perr &
		pp=$!
		sleep 0.$((3 + RANDOM % 4))
		if [ $sig = KILL ]; then kill -KILL -- -$pp; else kill -TERM $pp; fi 2>/dev/null
		wait $pp 2>/dev/null
		for _ in $(seq 1 100); do # no harness of this test left running
			pgrep -f "$H run k.yaml --shard" >/dev/null || break
			sleep 0.05
		done
		made=$(cat reports/*.csv 2>/dev/null | grep -vc '^experiment,')
		recipe
		rc=$?
		expect "SIG$sig to parallel after $made rows: the same command again exits 0 (got $rc: $(tail -2 perr))" \
			[ $rc -eq 0 ]
		"$H" merge -o merged.csv $S >/dev/null 2>err
		rc=$?
		expect "SIG$sig: merge exits 0 (got $rc: $(tail -2 err))" [ $rc -eq 0 ]
		check_full merged.csv
		plan_ok "SIG$sig: merged, exactly the plan"
		same_ok "SIG$sig: the verdicts of one run"
	done
fi

# --- bench/gen_shards.py, the benchmark behind docs/scale.md -----------------
# It read the CSV columns from a file that moved and the plan's keys
# without the header line --list grew, so bench/merge.sh and the resume
# figure of bench/scale.sh had stopped running unnoticed: run it small
# (102 instances, one row each), as bench/merge.sh and bench/scale.sh
# use it: its shards merge, and a file of one shard with its last row
# taken out resumes, makes that one run and leaves the rest as they
# were.
rm -rf gs && mkdir gs
python3 "$ROOT/bench/gen_shards.py" "$H" gs --rows 1000 --shards 3 --instances 102 >gs.out 2>&1
rc=$?
expect "gen_shards.py --shards 3 exits 0 (got $rc: $(tail -2 gs.out))" [ $rc -eq 0 ]
expect "... 1020 rows in 3 shards ($(tail -1 gs.out))" grep -q "^1020 rows in 3 shards" gs.out
"$H" merge -o gs/merged.csv gs/bench.shard-*-of-3.csv >/dev/null 2>gs.err
rc=$?
expect "its shards merge: exit 0 (got $rc: $(tail -2 gs.err))" [ $rc -eq 0 ]
expect "... into 1020 rows" [ "$(($(wc -l <gs/merged.csv) - 1))" -eq 1020 ]
python3 "$ROOT/bench/gen_shards.py" "$H" gs --rows 1000 --shards 1 --instances 102 >gs.out 2>&1
rc=$?
expect "gen_shards.py --shards 1 exits 0 (got $rc: $(tail -2 gs.out))" [ $rc -eq 0 ]
head -n -1 gs/bench.shard-1-of-1.csv >gs/bench.csv
sed 's/bench.shard-1-of-1.csv/bench.csv/' gs/bench.shard-1-of-1.meta >gs/bench.meta
cp gs/bench.csv gs/before.csv
(cd gs && "$H" run bench.yaml -o bench.csv --resume -q >out 2>err)
rc=$?
expect "--resume of its file, the last row out: exit 0 (got $rc: $(tail -2 gs/err))" [ $rc -eq 0 ]
expect "... one row made ($(head -1 gs/err))" grep -q "^harness: 1 row written to bench.csv" gs/err
expect "... the 1019 rows from before as they were" \
	cmp -s gs/before.csv <(head -n 1020 gs/bench.csv)
expect "... its last run, glpk first n = 4, ok" \
	[ "$(tail -1 gs/bench.csv | cut -d, -f2,3,4,7)" = "4,first,glpk,ok" ]

echo "scale: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
