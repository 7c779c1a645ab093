#!/usr/bin/env bash
# faults.sh - end-to-end tests of nothing lost when the disk fills or a
# file is damaged (issue 20): a full disk under the CSV and under the
# solvers' stderr log (a tmpfs of its own, mounted as root; SKIP
# otherwise) stops the run with every whole row kept, the runs not in
# the file named, exit 2, and --resume then ends with exactly the plan's
# rows; a TMPDIR too small for a run's stderr says how much it kept;
# damage in the middle of a file (a quote never closed, a NUL byte) and
# rows the plan does not hold (a run twice, repeat 0 or 999) are
# FILE:LINE, exit 2, nothing changed, in resume as in merge; a cut last
# row is kept in a numbered backup before resume drops it; an empty CSV
# (a harness stopped before its header) is resumed from the start when
# its .meta is there, refused without one; temporary
# files left by a killed writer are removed by the next one, a live
# one's kept; merge stops at a shard still being written. Prints
# "faults: N passed, N failed" last.
. "$(dirname "$0")/common.bash"
cd "$T" || exit 1
MNT=()
umount_all() { local m; for m in "${MNT[@]}"; do umount "$m" 2>/dev/null; done; }
trap 'umount_all; rm -rf "$T"' EXIT
not() { ! "$@"; }

# many tiny runs: 75, the disk (20 KiB left) full after about 60 of them,
# in the last n's runs as the checks below want (a tmpfs counts pages:
# the .meta takes one, the CSV gets three, 12 KiB, 59 or 60 rows of about
# 205 bytes; 150 runs in 32 KiB, and 300 in 50 KiB before, walked
# nothing more, at twice and four times the CPU)
cat >f.yaml <<'YAML'
experiment: f
repeat: 25
timeout: 5s
instances:
  - {n: 4..6, mode: count}
approaches:
  - backtrack: {variant: bitmask}
YAML

# probe CSV [ROWS]: one python3 for what the checks read of a CSV (each
# was a python3 of its own, and a check's description ran it a second
# time): rows, its data rows (csv_col CSV n | wc -l); whole, empty when
# every row is whole and the file ends with its line end, else what is
# wrong; plan, with ROWS, empty when besides it holds ROWS rows and no
# (n, mode, approach, hints, repeat) twice, else what is wrong
probe() {
	local out
	out=$(python3 - "$@" <<'PY' 2>&1
import csv, sys
def whole():
    data = open(sys.argv[1], 'rb').read()
    assert data.endswith(b'\r\n'), 'no line end at the end'
    rows = list(csv.reader(open(sys.argv[1], newline='')))
    bad = [i + 2 for i, r in enumerate(rows[1:]) if len(r) != len(rows[0])]
    assert not bad, 'rows not whole at lines %s' % bad[:5]
def plan():
    rows = list(csv.reader(open(sys.argv[1], newline='')))
    head, rows = rows[0], rows[1:]
    ix = [head.index(c) for c in ('n', 'mode', 'approach', 'hints', 'repeat')]
    keys = [tuple(r[i] for i in ix) for r in rows]
    assert len(set(keys)) == len(keys), 'a run twice'
    assert len(rows) == int(sys.argv[2]), '%d rows, not %s' % (len(rows), sys.argv[2])
def why(f):
    try:
        f()
        return ''
    except Exception as e:
        return '%s: %s' % (type(e).__name__, e) if not isinstance(e, AssertionError) else str(e) or 'assertion'
try:
    print(sum(1 for _ in csv.DictReader(open(sys.argv[1], newline=''))))
except Exception as e:
    print('?', e)
w = why(whole)
print(w)
print(w or (why(plan) if len(sys.argv) > 2 else ''))
PY
)
	{ IFS= read -r rows; IFS= read -r whole; IFS= read -r plan; } <<<"$out"
}
# tl FILE N: the last N lines of FILE in tl (tail -N, read by bash)
tl() {
	local -a l
	mapfile -t l <"$1"
	local i=$((${#l[@]} > $2 ? ${#l[@]} - $2 : 0)) IFS=$'\n'
	tl="${l[*]:i}"
}
# has FILE STR: grep -qF -- STR FILE, read by bash ($(<F) forks nothing)
has() { [[ $(<"$1") == *"$2"* ]]; }
# starts FILE STR: a line of FILE starts with STR (grep -q "^STR", fixed)
starts() { [[ $'\n'$(<"$1") == *$'\n'"$2"* ]]; }
# nap SECONDS: sleep without a process (read's timeout on a FIFO that no
# one writes, opened read-write so that the open does not wait)
mkfifo "$T/.nap"
nap() { read -r -t "$1" _ <>"$T/.nap"; }
# line FILE STR: a line of FILE is STR (grep -qx, fixed)
line() { [[ $'\n'$(<"$1")$'\n' == *$'\n'"$2"$'\n'* ]]; }
# none PATTERN...: no file matches any of them (! ls them)
none() {
	local p
	for p; do compgen -G "$p" >/dev/null && return 1; done
	return 0
}

# a tmpfs of SIZE at DIR, or nothing when this is not root (SKIP)
tmpfs() {
	mkdir -p "$2"
	[ "$(id -u)" = 0 ] && mount -t tmpfs -o "size=$1" tmpfs "$2" 2>/dev/null \
		|| return 1
	MNT+=("$2")
}
# fill DIR up to KIB KiB left
fill() {
	local free
	free=$(df -k --output=avail "$1" | tail -1)
	head -c $(((free - $2) * 1024)) /dev/zero >"$1/filler" 2>/dev/null
	sync
}

# --- a full disk under the CSV (-j 1 and -j 2) -----------------------------------
# (under ASan -j 2 alone: the loop writes every row, and meets the full
# disk, through the same writer whatever -j is; -j 2 adds the workers.
# -j 1's 300 runs were a fifth of the script's CPU there.)
for j in 1 2; do
	san && [ $j = 1 ] && continue
	if ! tmpfs 2m "disk$j"; then
		echo "faults: SKIP the full-disk cases (not root, or no tmpfs)"
		break
	fi
	fill "disk$j" 20
	"$H" run f.yaml -o "disk$j/r.csv" -q -j $j >out 2>err
	rc=$?
	tl err 3
	expect "-j $j: a full disk: exit 2 (got $rc: $tl)" [ $rc -eq 2 ]
	expect "-j $j: the failed write is named" has err "disk$j/r.csv: cannot write: No space left on device (the row of backtrack/bitmask n="
	# the runs handed out last: the plan's last (n = 6) one at a time,
	# its smallest board (n = 4) under -j 2 (the largest go first)
	last_n=6; [ "$j" = 2 ] && last_n=4
	expect "-j $j: the runs not in the file are named" starts err "harness: not in disk$j/r.csv: backtrack/bitmask n=$last_n count #"
	expect "-j $j: how to finish them" has err "-o disk$j/r.csv -q -j $j --resume"
	probe "disk$j/r.csv"
	n=$rows
	expect "-j $j: rows written, as many as the file holds" \
		starts err "harness: $n rows written to disk$j/r.csv"
	expect "-j $j: every row in the file whole ($whole)" [ -z "$whole" ]
	expect "-j $j: some rows written, not all ($n)" [ "$n" -gt 50 -a "$n" -lt 75 ]
	expect "-j $j: the count of runs not in it adds up" \
		has err "holds $n whole rows, each as written; $((75 - n)) runs of the plan are not in it"
	rm "disk$j/filler"
	"$H" run f.yaml -o "disk$j/r.csv" -q -j $j --resume >out 2>err
	rc=$?
	tl err 3
	expect "-j $j: --resume after freeing space: exit 0 (got $rc: $tl)" [ $rc -eq 0 ]
	probe "disk$j/r.csv" 75
	expect "-j $j: then exactly the plan's rows, each once ($plan)" [ -z "$plan" ]
	expect "-j $j: the .meta says ok" line "disk$j/r.meta" 'outcome: "ok"'
done

# --- a full disk under the stderr log -----------------------------------------------
cat >chatty.c <<'C'
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "nq_plugin.h"

static const unsigned long long counts[] = { 1, 1, 0, 0, 2, 10, 4, 40, 92 };

static int count_only(const nq_optval *opt, enum nq_mode mode)
{
	(void)opt;
	return mode == NQ_MODE_COUNT ? 8 : NQ_NOT_APPLICABLE;
}

/* CHATTY bytes of stderr (64 KiB by default), then the right count */
static int chatty_solve(const nq_job *job, nq_result *res)
{
	const char *e = getenv("CHATTY");
	long left = e ? atol(e) : 65536;
	char line[64];

	memset(line, 'x', sizeof line);
	line[sizeof line - 1] = '\n';
	for (; left > 0; left -= (long)sizeof line)
		if (write(2, line, sizeof line) < 0)
			break;
	if (write(2, "chatty: done\n", 13) < 0)
		return NQ_ERR;
	res->solutions = counts[job->inst->n];
	return NQ_OK;
}

static const nq_solver chatty = { NQ_ABI_VERSION, sizeof(nq_solver),
	"chatty", "chatty", NULL, NULL, count_only, chatty_solve, NULL };
static const nq_solver *const solvers[] = { &chatty, NULL };
static const nq_plugin plugin = {
	NQ_ABI_VERSION, sizeof(nq_plugin), "chatty",
	"a solver that writes much to stderr, for tests/e2e/faults.sh",
	solvers, NULL, NULL
};

NQ_PLUGIN_EXPORT const nq_plugin *nq_plugin_entry(void)
{
	return &plugin;
}
C
cc -std=c11 -O2 -shared -fPIC -I"$ROOT/include" -o chatty.so chatty.c 2>cc.err \
	|| bad "building chatty.so: $(<cc.err)"
cat >c.yaml <<YAML
experiment: c
repeat: 5
timeout: 20s
instances:
  - {n: 4..6, mode: count}
approaches:
  - chatty
plugins: [$T/chatty.so]
YAML
if ! tmpfs 2m logdisk; then
	echo "faults: SKIP the full disk under the log (not root, or no tmpfs)"
else
	fill logdisk 600 # (room for about 9 runs' 64 KiB of stderr, of 15)
	"$H" run c.yaml -o logdisk/c.csv -q >out 2>err
	rc=$?
	tl err 3
	expect "a full disk under the log: exit 2 (got $rc: $tl)" [ $rc -eq 2 ]
	expect "the log's failure is named, with the run" \
		grep -q "logdisk/c.stderr.log: cannot write: No space left on device (the stderr of chatty n=. count #" err
	expect "the runs not in the file are named, and how to finish [1/2]" \
		grep -q "^harness: not in logdisk/c.csv: chatty n=. count #" err
	expect "the runs not in the file are named, and how to finish [2/2]" \
		has err "-o logdisk/c.csv -q --resume"
	probe logdisk/c.csv
	n=$rows
	expect "rows written: as many as the file holds ($n)" starts err "harness: $n rows written"
	expect "some rows, not all ($n)" [ "$n" -gt 2 -a "$n" -lt 15 ]
	expect "every row whole ($whole)" [ -z "$whole" ]
	# parts: the log's part heads, its lines "chatty: done" and its
	# distinct part heads, one awk over it (grep -c, grep -c, sort -u)
	parts() {
		read -r heads dones distinct < <(awk '/^=== chatty /{h++; if (!s[$0]++) d++} /^chatty: done$/{c++} END{print h+0, c+0, d+0}' "$1")
	}
	parts logdisk/c.stderr.log
	expect "every row's stderr whole in the log, no other part [1/2] ($heads)" [ "$heads" = "$n" ]
	expect "every row's stderr whole in the log, no other part [2/2] ($dones)" [ "$dones" = "$n" ]
	rm logdisk/filler
	"$H" run c.yaml -o logdisk/c.csv -q --resume >out 2>err
	rc=$?
	tl err 3
	expect "log: --resume after freeing space: exit 0 (got $rc: $tl)" [ $rc -eq 0 ]
	probe logdisk/c.csv 15
	expect "log: then exactly the plan's rows ($plan)" [ -z "$plan" ]
	parts logdisk/c.stderr.log
	expect "log: every run's stderr once, whole [1/2] ($heads)" [ "$heads" = 15 ]
	expect "log: every run's stderr once, whole [2/2] ($dones)" [ "$dones" = 15 ]
	expect "log: no part twice ($distinct)" [ "$distinct" = 15 ]
fi

# --- a TMPDIR too small for a run's stderr: the marker tells the truth -------------
if ! tmpfs 512k smalltmp; then
	echo "faults: SKIP the small TMPDIR (not root, or no tmpfs)"
else
	sed -e 's/repeat: 5/repeat: 1/' -e 's/n: 4..6/n: 6/' c.yaml >c1.yaml
	CHATTY=2000000 TMPDIR="$T/smalltmp" "$H" run c1.yaml -o c1.csv -q >out 2>err
	rc=$?
	tl err 2
	expect "a small TMPDIR: the run goes on (exit $rc: $tl)" [ $rc -eq 0 ]
	# one awk over the log: the marker's count (sed -n), whether it says
	# the TMPDIR filled (grep -q) and the lines of x (grep -c '^x*$')
	read -r kept said xs < <(awk '
		/^\[stderr cut at [0-9]* bytes: / { k = $0; sub(/^\[stderr cut at /, "", k); sub(/ bytes: .*/, "", k) }
		/more not kept \(the run\047s temporary directory: No space left on device\)\]/ { s = 1 }
		/^x*$/ { x++ }
		END { print (k == "" ? "-" : k), s + 0, x + 0 }' c1.stderr.log)
	[ "$kept" = - ] && kept=""
	expect "the marker says the TMPDIR filled" [ "$said" = 1 ]
	expect "the marker's count is what the log holds ($kept) [1/4]" \
		[ -n "$kept" ]
	expect "the marker's count is what the log holds ($kept) [2/4]" \
		[ "$kept" -lt 524288 ]
	expect "the marker's count is what the log holds ($kept, $xs lines) [3/4]" \
		[ "$xs" -ge $((kept / 64 - 1)) ]
	expect "the marker's count is what the log holds ($kept, $xs lines) [4/4]" \
		[ "$xs" -le $((kept / 64 + 1)) ]
fi

# --- damage in the middle, rows the plan does not hold ---------------------------
cat >g.yaml <<'YAML'
experiment: g
repeat: 8
timeout: 5s
instances:
  - {n: 4..6, mode: count}
approaches:
  - backtrack: {variant: bitmask}
YAML
"$H" run g.yaml -o orig.csv -q >/dev/null 2>err || bad "the run failed: $(<err)"
probe orig.csv
expect "24 rows to damage ($rows)" [ "$rows" = 24 ]
# the damaged files, all made by one python3 from orig.csv's lines as `l`
# (bytes, ends kept), each with NAME.want, the file as made, and orig.meta
# as NAME.meta: q, a quote never closed in row 7 of 24 (damage, not a cut
# last row); z, a NUL byte in a cell; d, a row twice; r0 and r999, rows
# of repeats the plan does not make; k, a cut last row (and k.cut, the
# same again for the second cut)
python3 - <<'PY'
import shutil
def damage(name, edit, ext='.csv'):
    l = open('orig.csv', 'rb').read().splitlines(True)
    edit(l)
    for f in (name + ext, name + '.want'):
        open(f, 'wb').write(b''.join(l))
    shutil.copyfile('orig.meta', name + '.meta')
def at(i, old, new):
    def edit(l): l[i] = l[i].replace(old, new, 1)
    return edit
damage('q', at(7, b',backtrack,', b',"backtrack,'))
damage('z', at(7, b',backtrack,', b',back\x00track,'))
damage('d', lambda l: l.insert(8, l[7]))
for r in (b'0', b'999'):
    damage('r' + r.decode(), at(1, b',bitmask,1,', b',bitmask,' + r + b','))
def cut(l): l[-1] = l[-1][:40]
damage('k', cut)
damage('k', cut, '.cut')
PY
# refused DESC NAME WANT [FLAGS]: resume and merge exit 2 with WANT on
# stderr, the file byte for byte as it was, no backup made
refused() {
	local desc=$1 f=$2 want=$3 rc
	shift 3
	"$H" run g.yaml -o "$f.csv" -q --resume "$@" >out 2>err
	rc=$?
	tl err 2
	expect "$desc: resume exits 2 (got $rc: $tl)" [ $rc -eq 2 ]
	expect "$desc: resume names it ('$want'; got: $tl)" has err "$want"
	expect "$desc: the file as it was" cmp -s "$f.want" "$f.csv"
	expect "$desc: no backup made" none "$f.csv.bak*"
	"$H" merge -o "m-$f.csv" "$f.csv" "$@" >out 2>err
	rc=$?
	tl err 2
	expect "$desc: merge exits 2 (got $rc: $tl)" [ $rc -eq 2 ]
	expect "$desc: merge names it ('$want'; got: $tl)" has err "$want"
	expect "$desc: merge wrote nothing" none "m-$f.csv"
}

refused "a quote never closed in row 7" q "q.csv:8: a quote opened in this row is never closed"
for verb in report plot; do
	"$H" $verb q.csv -o "q.$verb" >out 2>err
	rc=$?
	expect "$verb of a quote never closed: exit 2 (got $rc)" [ $rc -eq 2 ]
	expect "$verb names the line" starts err 'q.csv:8: a quoted field is never closed'
done
# a NUL byte in a cell
refused "a NUL byte" z "z.csv:8: a NUL byte in cell 4"
refused "a NUL byte, --force" z "z.csv:8: a NUL byte in cell 4" --force
for verb in report plot; do
	"$H" $verb z.csv -o "z.$verb" >out 2>err
	rc=$?
	expect "$verb of a NUL byte: exit 2 (got $rc)" [ $rc -eq 2 ]
	expect "$verb names the line" starts err 'z.csv:8: a NUL byte'
done
# a row twice, rows of repeats the plan does not make (--force: past the
# digests, the plan still refuses them)
refused "a row twice" d "d.csv:9: row 8 changed after the run wrote it"
refused "a row twice, --force" d "d.csv:9: run 'g 4 count - backtrack/bitmask 7' twice (first at line 8)" --force
for r in 0 999; do
	refused "repeat $r, --force" r$r "r$r.csv:2: a run g.yaml does not plan" --force
done

# --- a cut last row: a numbered backup before it is dropped ----------------------
"$H" run g.yaml -o k.csv -q --resume >out 2>err
rc=$?
tl err 2
expect "a cut last row: resumed, exit 0 (got $rc: $tl)" [ $rc -eq 0 ]
expect "a cut last row: said, with its backup" \
	has err "k.csv:25: warning: the last row was cut short (a harness stopped while writing it); it is dropped and its run made again (the file as it was is kept as k.csv.bak)"
expect "the backup is the file as it was" cmp -s k.want k.csv.bak
probe k.csv 24
expect "a cut last row: then exactly the plan's rows ($plan)" [ -z "$plan" ]
mv k.cut k.csv && cp orig.meta k.meta # (a cut last row again)
"$H" run g.yaml -o k.csv -q --resume >out 2>err
expect "a second cut: numbered backups" [ -f k.csv.bak -a -f k.csv.bak.1 ]

# --- an empty CSV: a harness stopped between making it and its header ---------------
# (the .meta is written first, so its .meta is there)
cp k.meta e.meta
: >e.csv
"$H" run g.yaml -o e.csv -q --resume >out 2>err
rc=$?
tl err 2
expect "an empty CSV with its .meta: resumed, exit 0 (got $rc: $tl)" [ $rc -eq 0 ]
expect "an empty CSV: said" \
	has err "harness: warning: e.csv is empty (a harness stopped before its header); its runs are made from the start"
probe e.csv 24
expect "an empty CSV: then exactly the plan's rows ($plan)" [ -z "$plan" ]
"$H" run g.yaml -o e.csv -q --resume >out 2>err
rc=$?
tl err 2
expect "an empty CSV made whole: resumed again, exit 0 (got $rc: $tl)" [ $rc -eq 0 ]
probe e.csv 24
expect "an empty CSV made whole: no row made again ($plan)" [ -z "$plan" ]
rm -f e.meta
: >e.csv
"$H" run g.yaml -o e.csv -q --resume >out 2>err
rc=$?
refused_empty() { [ $rc -eq 2 ] && [ ! -s e.csv ] && has err 'there is no e.meta beside it'; }
expect "an empty CSV without a .meta: exit 2, left empty (got $rc)" refused_empty

# --- temporary files left by a killed writer ---------------------------------------
cp orig.csv t.csv; cp orig.meta t.meta
(exit 0) & wait $!
dead=$!
sleep 60 & live=$!
# (NUL bytes, printf's: head -c N /dev/zero without a process each)
printf '\0%.0s' {1..5000} >"t.csv.tmp-$dead-aaaaaa"
printf '\0%.0s' {1..10} >"t.meta.tmp-$dead-bbbbbb"
printf '\0%.0s' {1..10} >t.csv.tmpCCCCCC      # the names of older versions
printf '\0%.0s' {1..10} >"t.csv.tmp-$live-dddddd"
"$H" run g.yaml -o t.csv -q --resume >out 2>err
rc=$?
expect "stale temporary files: the run goes on (exit $rc)" [ $rc -eq 0 ]
expect "a dead writer's are removed, and said [1/2]" \
	none "t.csv.tmp-$dead-aaaaaa" "t.meta.tmp-$dead-bbbbbb" t.csv.tmpCCCCCC
expect "a dead writer's are removed, and said [2/2]" \
	has err "removed t.csv.tmp-$dead-aaaaaa, left by a harness no longer running"
expect "a live writer's is kept" [ -f "t.csv.tmp-$live-dddddd" ]
"$H" merge -o mt.csv t.csv >/dev/null 2>&1
printf '\0%.0s' {1..10} >"mt.csv.tmp-$dead-eeeeee"
"$H" merge -o mt.csv t.csv >out 2>err
expect "merge removes a dead merge's temporary file" none "mt.csv.tmp-$dead-eeeeee"
kill $live 2>/dev/null
# a SIGKILL during a merge: nothing left once the next merge ran
for i in 1 2 3 4 5; do
	"$H" merge -o mk.csv orig.csv >/dev/null 2>&1 &
	p=$!
	nap 0.0$i; kill -9 $p 2>/dev/null; wait $p 2>/dev/null
done
"$H" merge -o mk.csv orig.csv >/dev/null 2>&1
mk=(mk.*)
expect "after killed merges, no temporary file left (${mk[*]})" \
	none 'mk.csv.tmp*' 'mk.meta.tmp*'

# --- merge of a shard still being written ------------------------------------------
cp orig.csv w.csv; cp orig.meta w.meta
python3 - <<'PY' &
import fcntl, os, time
fd = os.open('w.csv.lock', os.O_RDWR | os.O_CREAT)
fcntl.lockf(fd, fcntl.LOCK_EX)
open('locked', 'w').close()
time.sleep(10)
PY
holder=$!
for i in {1..50}; do [ -f locked ] && break; nap 0.1; done
"$H" merge -o mw.csv w.csv >out 2>err
rc=$?
expect "merge of a shard in progress: exit 2 (got $rc)" [ $rc -eq 2 ]
expect "merge says the shard is in progress" has err "w.csv: a harness run (PID $holder) is writing it"
expect "merge does not advise making runs" not has err 'make them'
kill $holder 2>/dev/null; wait $holder 2>/dev/null

echo "faults: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
