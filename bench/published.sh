#!/usr/bin/env bash
# published.sh - the published hard instances of Gent, Jefferson and
# Nightingale ("Complexity of n-Queens Completion", JAIR 59, 2017), as
# CSPLib publishes them, through the harness, every answer held to the
# published one, and timed side by side with the authors' fastest
# solver, shiftqueens (a bitset backtracker), built from their source.
#
#   diags     Excluded Diagonals (prob079, data/diag-N.tar.gz), at each
#             n of N the M of the peak: the M whose instances took
#             shiftqueens the most nodes (median) in the published
#             results/run-diags-shiftqueens-processed.txt.gz; COUNT files
#             of each n (the lowest ids), each its first M lines.
#             Published answers and times: that file (shiftqueens, the
#             authors' machine).
#   blocked   Blocked n-Queens (prob080, data/asp-competition-instances.
#             tar.gz: the 400 ASP competitions' instances, n = 28, 48,
#             50, 56). Published answers and times: results/
#             run-aspbenchmarks-lingeling-python.txt.gz (lingeling on
#             their commander CNF, column 14, total time).
#   beyond    past the paper: the published generator, prob079's
#             data/queens-diag-gen.py (arguments n 4 seed), at M = n - 2
#             (where about half are soluble for n = 16..21; or M=n-K)
#             for each n of BEYOND and each seed of SEEDS. No published
#             answer: a placement is checked by the harness's validator,
#             a "none" stands on the solver's proof, and the solvers'
#             answers (shiftqueens' too) are held to each other.
# Every diag file, published or generated, is read by the harness
# itself (`file:` with `diagonals: M`; docs/experiments.md has the
# numbering).
#
# Usage: CSPLIB=/path/to/csplib bench/published.sh [APPROACH...]
#        CSPLIB=... SETS=diags N="16 17 18 19" COUNT=20 TIMEOUT=60 \
#            bench/published.sh backtrack:variant=dlx
#        CSPLIB=... SETS=diags N="18 19 20 21" M=n-2 SAMPLE=10 bench/published.sh
#        CSPLIB=... SETS=diags N="18 19 20 21" M=n-2 COUNT=all SHIFTQUEENS=published \
#            bench/published.sh backtrack:variant=prop
#        CSPLIB=... SETS=blocked SHIFTQUEENS=0 bench/published.sh backtrack:variant=prop
#        CSPLIB=... SETS=beyond BEYOND="22 24" SEEDS="1 2 3" TIMEOUT=600 \
#            SHIFTQUEENS=0 bench/published.sh backtrack:variant=prop
# APPROACH is as for `harness solve`: SOLVER or SOLVER:KEY=VALUE[,...]
# (also APPROACHES="A B ..."); default the strongest native ones,
# backtrack:variant=prop (one thread per core) and backtrack:variant=dlx.
#   SETS      any of diags, blocked and beyond (default "diags blocked")
#   N         the Excluded Diagonals sizes (default "16 17 18 19 20 21")
#   M         the M of each n: peak (default: the most median nodes, as
#             above; 13, 15, 15, 16, 18, 19 for n = 16..21) or n-K
#             (M=n-2: 16..19 for n = 18..21, where about half of the
#             published instances are soluble)
#   COUNT     files per n, the lowest ids (default 20; "all": the 1000
#             published)
#   SAMPLE    K: instead of COUNT, the K files of each n whose peak took
#             shiftqueens the most published nodes and K more spread
#             evenly over the rest (2K in all)
#   BEYOND    the generator's sizes (default "22 24 26 28 30")
#   SEEDS     the generator's seeds, each n (default "1")
#   REPEAT    runs of each instance by each solver (default 1); the
#             table takes each instance's median wall and CPU seconds,
#             and every run's answer is checked
#   BLOCKED   Blocked files per board size, evenly spaced in id order
#             (default all: 400 in all)
#   TIMEOUT   seconds a run (default 60), the harness's and shiftqueens'
#             (a number of seconds, or with ms, s, m or h as the harness's
#             timeout: 90, 90s, 1.5m, 500ms)
#   SQ_TIMEOUT  seconds a shiftqueens run (default TIMEOUT; it decides
#             no Blocked instance of n >= 48 in minutes)
#   SHIFTQUEENS=0   leave shiftqueens out (its column is then empty)
#   SHIFTQUEENS=published   do not run it; the diags' ratio column is
#             then against the published shiftqueens seconds (the
#             authors' machine, about 3x slower than a 2020s core)
#   JOBS      the harness's -j (default 1: one run at a time, as
#             shiftqueens runs)
#   SLICE     instances the harness runs before shiftqueens runs them
#             (default 20): the two side by side, minute by minute
#   HARNESS   the binary (default ./harness; make it first)
#   KEEP      a folder to keep the runs in: the harness's CSV (runs.csv),
#             shiftqueens' answers and seconds (shiftqueens.csv), the
#             instances with their published answers (instances.tsv)
#
# CSPLIB is a checkout of the CSPLib repository, never part of this one:
#   git clone --depth 1 https://github.com/csplib/csplib $CSPLIB
# (about 300 MB; only Problems/prob079 and prob080 are read). Some of
# the paper's large files are not in it, only their .metadata: lingeling's
# and minion's Excluded Diagonals results (run-diags-lingeling-raw,
# run-diags-minion-strong-processed), prob080's block-15.tar.gz and the
# shiftqueens and minion results of the blocked sweeps; the authors' own
# site has them (data/AA-Excluded-Diagonals-Info.md). This script needs
# neither. shiftqueens is built from Problems/prob079/models/
# shiftqueensdiags.cc and prob080/models/shiftqueensblock.cc with its
# authors' flags, g++ -O3 -march=native, in a temporary directory
# outside this repository (none when g++ is missing: its column empty).
# It reads its instances as the authors fed them, the file's numbers on
# its standard input (the M of a diag file as its argument).
#
# Every answer (SAT or UNSAT) of every approach and of shiftqueens is
# compared with the published one: a MISMATCH line each, and exit 1 (as
# for a run the harness's validator found wrong or disputed); a knob
# or a file that is not what it should be is exit 2, before any run. The
# table (Markdown) gives per set and n: the instances, then per solver
# how many it decided, how many agreed with the published answer, the
# total and worst wall seconds of one run (a run not decided counts at
# TIMEOUT, the total then '> T'), the total and worst CPU seconds (the
# harness's cpu_s, every thread; shiftqueens' as its process's user and
# system time: on a shared machine they say more about the work than the
# wall) and the wall total against shiftqueens' here ('< R' where
# shiftqueens did not decide all, its total a lower bound; '?' where
# neither did), and on how many instances it was slower than shiftqueens
# here by more than 2 ms or did not decide one shiftqueens decided (a
# line "slower: ..." each, below the table, with both times); then the
# published solver's total and worst on the
# authors' machine (none for beyond, whose "agreed" counts the answers
# every solver that decided gave alike, and whose instances get a line
# each: every solver's answer and wall seconds).
case ${1:-} in -h | --help) # this header, without the runs
	sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${CSPLIB:-}" ] || { echo "published.sh: CSPLIB=path to a checkout of github.com/csplib/csplib (bench/published.sh --help)" >&2; exit 2; }
SETS=${SETS:-"diags blocked"}
N=${N:-"16 17 18 19 20 21"}
M=${M:-peak}
COUNT=${COUNT:-20}
SAMPLE=${SAMPLE:-}
BEYOND=${BEYOND:-"22 24 26 28 30"}
SEEDS=${SEEDS:-1}
REPEAT=${REPEAT:-1}
BLOCKED=${BLOCKED:-all}
TIMEOUT=${TIMEOUT:-60}
# seconds of a duration as the harness writes one (90, 90s, 1.5m, 1h)
seconds() {
	awk -v v="$2" -v k="$1" 'BEGIN {
		if (v !~ /^[0-9]+(\.[0-9]+)?(ms|s|m|h)?$/ || v + 0 <= 0) {
			printf "published.sh: %s: '\''%s'\'' is not a duration (seconds, as 90, 90s, 1.5m, 1h or 500ms)\n", k, v > "/dev/stderr"
			exit 2
		}
		m = v ~ /ms$/ ? 0.001 : v ~ /h$/ ? 3600 : v ~ /m$/ ? 60 : 1
		printf "%.10g\n", (v + 0) * m }'
}
TIMEOUT=$(seconds TIMEOUT "$TIMEOUT")
[ -z "${SQ_TIMEOUT:-}" ] || SQ_TIMEOUT=$(seconds SQ_TIMEOUT "$SQ_TIMEOUT")
JOBS=${JOBS:-1}
H=${HARNESS:-./harness}
# the default approaches, strongest native first
DEFAULT_APPROACHES="backtrack:variant=prop backtrack:variant=dlx"
if [ $# -gt 0 ]; then
	approaches=("$@")
else
	read -ra approaches <<<"${APPROACHES:-$DEFAULT_APPROACHES}"
fi
p79=$CSPLIB/Problems/prob079
p80=$CSPLIB/Problems/prob080
[ -d "$p79" ] && [ -d "$p80" ] ||
	{ echo "published.sh: $CSPLIB has no Problems/prob079 and prob080 (a CSPLib checkout?)" >&2; exit 2; }
[ -x "$H" ] || { echo "published.sh: no $H (make it first)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- shiftqueens, built as its authors built it -----------------------
sq_diags="" sq_block="" sq_note=""
SHIFTQUEENS=${SHIFTQUEENS:-1}
case $SHIFTQUEENS in 0 | 1 | published) ;;
*) echo "published.sh: SHIFTQUEENS is 0, 1 or published, not '$SHIFTQUEENS'" >&2; exit 2 ;; esac
if [ "$SHIFTQUEENS" != 1 ]; then
	sq_note="SHIFTQUEENS=$SHIFTQUEENS"
elif ! command -v g++ >/dev/null; then
	sq_note="no g++"
else
	for s in "$p79/models/shiftqueensdiags.cc:diags" "$p80/models/shiftqueensblock.cc:block"; do
		src=${s%:*}
		if [ ! -f "$src" ]; then
			sq_note="no $src"
			continue
		fi
		g++ -O3 -march=native -w -o "$tmp/sq_${s##*:}" "$src"
	done
	[ -x "$tmp/sq_diags" ] && sq_diags=$tmp/sq_diags
	[ -x "$tmp/sq_block" ] && sq_block=$tmp/sq_block
fi
[ -n "$sq_note" ] && echo "published.sh: shiftqueens left out ($sq_note)" >&2

# --- the instances, their published answers, the experiment file ------
python3 - "$tmp" "$p79" "$p80" "$SETS" "$N" "$COUNT" "$BLOCKED" "$TIMEOUT" \
	"$SAMPLE" "$BEYOND" "$SEEDS" "$REPEAT" "$M" "${approaches[@]}" <<'PY'
import gzip, os, re, statistics, subprocess, sys, tarfile
tmp, p79, p80, sets, ns, count, blocked, timeout = sys.argv[1:9]
sample, beyond, seeds, repeat, mpick = sys.argv[9:14]
approaches = sys.argv[14:]
sets, ns = sets.split(), ns.split()
rows = []   # set, group, id, path, M, published sat (None: none), published s
def die(msg):  # a knob or a file that is not right: exit 2
    print('published.sh: ' + msg, file=sys.stderr)
    sys.exit(2)
for s in sets:
    if s not in ('diags', 'blocked', 'beyond'):
        die(f"SETS: '{s}' is not diags, blocked or beyond")
for name, v in (('COUNT', count), ('BLOCKED', blocked)):
    if v != 'all' and not v.isdigit():
        die(f"{name}: '{v}' is not a number or all")
for v in ns + beyond.split():
    if not str(v).isdigit() or int(v) < 1:
        die(f"N, BEYOND: '{v}' is not a board size")
for name, v in (('SAMPLE', sample or '1'), ('REPEAT', repeat)):
    if not v.isdigit() or int(v) < 1:
        die(f"{name}: '{v}' is not a number of 1 or more")
ns = [int(x) for x in ns]
m = re.fullmatch(r'n-(\d+)', mpick)
if mpick != 'peak' and not m:
    die(f"M: '{mpick}' is not peak or n-K")
moff = int(m.group(1)) if m else None

if 'diags' in sets:
    res = os.path.join(p79, 'results', 'run-diags-shiftqueens-processed.txt.gz')
    if not os.path.exists(res):
        die(f'no {res}')
    # n M mininrow id FILE:Solutions: sols Nodes: nodes Timeout: t Time: s
    nodes, pub = {}, {}
    want = set(ns)
    for line in gzip.open(res, 'rt'):
        f = line.split()
        n = int(f[0])
        if n not in want:
            continue
        m = re.search(r'(diag-\d+-\d+-\d+)\.param-(\d+)\.', f[4])
        if not m or f[9] != '0':   # a timeout decided nothing
            continue
        M = int(f[1])
        nodes.setdefault((n, M), []).append(int(f[7]))
        pub[(m.group(1), M)] = (int(f[5]) > 0, float(f[11]), int(f[7]))
    for n in ns:
        ms = {M: statistics.median(v) for (k, M), v in nodes.items() if k == n}
        if not ms:
            die(f'{res} has no results for n = {n}')
        peak = max(ms, key=lambda M: (ms[M], -M)) if moff is None else n - moff
        if peak not in ms:
            die(f'{res} has no results for n = {n} at M = {peak}')
        tar = os.path.join(p79, 'data', f'diag-{n}.tar.gz')
        if not os.path.exists(tar):
            die(f'no {tar}')
        with tarfile.open(tar) as t:
            members = []
            for mem in t.getmembers():
                m = re.search(r'(?:^|/)(diag-%d-\d+-(\d+))\.param$' % n, mem.name)
                if mem.isfile() and m and not os.path.basename(mem.name).startswith('._') \
                        and (m.group(1), peak) in pub:
                    members.append((int(m.group(2)), m.group(1), mem))
            members.sort(key=lambda x: x[0])
            if sample:
                # the hardest by the published nodes, then a spread of
                # the rest in id order
                k = int(sample)
                hard = sorted(members, key=lambda x: (-pub[(x[1], peak)][2], x[0]))[:k]
                rest = [x for x in members if x not in hard]
                members = hard + rest[::max(1, len(rest) // k)][:k]
            elif count != 'all':
                members = members[:int(count)]
            d = os.path.join(tmp, f'diag-{n}')
            os.makedirs(d, exist_ok=True)
            for _, base, mem in members:
                path = os.path.join(d, base + '.param')
                with open(path, 'wb') as out:
                    out.write(t.extractfile(mem).read())
                sat, s, _ = pub[(base, peak)]
                rows.append(('diags', f'n={n} M={peak}', f'{base}-d{peak}',
                             path, peak, sat, s))

if 'blocked' in sets:
    res = os.path.join(p80, 'results', 'run-aspbenchmarks-lingeling-python.txt.gz')
    tar = os.path.join(p80, 'data', 'asp-competition-instances.tar.gz')
    for f in (res, tar):
        if not os.path.exists(f):
            die(f'no {f}')
    pub = {}
    for line in gzip.open(res, 'rt'):
        f = line.split()
        if f[5] != '0':
            continue
        pub[(int(f[0]), f[2])] = (f[4] == '1', float(f[13]))
    d = os.path.join(tmp, 'blocked')
    os.makedirs(d, exist_ok=True)
    with tarfile.open(tar) as t:
        by_n = {}
        for mem in t.getmembers():
            name = os.path.basename(mem.name)
            m = re.match(r'blockedqueens\.(\d+)\.(\d+)\.param$', name)
            if mem.isfile() and m and (int(m.group(1)), m.group(2)) in pub:
                by_n.setdefault(int(m.group(1)), []).append((int(m.group(2)), name, mem))
        for n in sorted(by_n):
            mems = sorted(by_n[n], key=lambda x: x[0])
            if blocked != 'all' and int(blocked) < len(mems):
                k = int(blocked)
                mems = [mems[i * len(mems) // k] for i in range(k)]
            for _, name, mem in mems:
                path = os.path.join(d, name)
                with open(path, 'wb') as out:
                    out.write(t.extractfile(mem).read())
                sat, s = pub[(n, name.split('.')[2])]
                rows.append(('blocked', f'n={n}', name[:-len('.param')], path,
                             '-', sat, s))
if 'beyond' in sets:
    gen = os.path.join(p79, 'data', 'queens-diag-gen.py')
    if not os.path.exists(gen):
        die(f'no {gen}')
    d = os.path.join(tmp, 'beyond')
    os.makedirs(d, exist_ok=True)
    for n in [int(x) for x in beyond.split()]:
        for seed in seeds.split():
            # the authors' arguments: n, the fewest queens a row may
            # still take (4, as in every published file), the seed
            out = subprocess.run(['python3', gen, str(n), '4', seed],
                                 capture_output=True, text=True)
            if out.returncode != 0:
                die(f'{gen} {n} 4 {seed}: exit {out.returncode}: {out.stderr.strip()}')
            base = f'diag-{n}-4-{seed}'
            path = os.path.join(d, base + '.param')
            with open(path, 'w') as f:
                f.write(out.stdout)
            k = n - (2 if moff is None else moff)
            rows.append(('beyond', f'n={n} M={k}', f'{base}-d{k}', path,
                         k, None, 0.0))
if not rows:
    die('no instances (SETS, N, COUNT, BLOCKED, BEYOND?)')

with open(os.path.join(tmp, 'instances.tsv'), 'w') as out:
    for r in rows:
        out.write('\t'.join(map(str, r)) + '\n')
with open(os.path.join(tmp, 'published.yaml'), 'w') as y:
    y.write(f'experiment: published\nrepeat: {repeat}\ntimeout: {timeout}s\n'
            'after_timeout: continue\ninstances:\n')
    for r in rows:
        rel = os.path.relpath(r[3], tmp)
        y.write(f'  - {{file: "{rel}"' +
                (f', diagonals: {r[4]}' if r[0] != 'blocked' else '') + '}\n')
    y.write('approaches:\n')
    for a in approaches:
        solver, _, opts = a.partition(':')
        kv = [o.split('=', 1) for o in opts.split(',') if o]
        if any(len(x) != 2 for x in kv):
            die(f"approach '{a}': expected SOLVER or SOLVER:KEY=VALUE[,...]")
        y.write(f'  - {solver}: {{' + ', '.join(f'{k}: {v}' for k, v in kv) + '}\n')
PY
echo "published.sh: $(wc -l <"$tmp/instances.tsv") instances x ${#approaches[@]} approaches, timeout ${TIMEOUT}s; load $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores" >&2

# --- the runs, and shiftqueens on the same instances, slice by slice;
# then the comparison. With shiftqueens, the harness runs a slice of
# about SLICE instances (--shard K/N) and shiftqueens runs the same
# right after, so that both meet the machine as it is in the same minute
# (a run of the harness's 4000 then shiftqueens' 4000 put the two 20
# minutes apart, and this machine's speed moved by a third in between);
# `harness merge` joins the slices into runs.csv.
rc=0
python3 - "$tmp" "$TIMEOUT" "$sq_diags" "$sq_block" "${SQ_TIMEOUT:-$TIMEOUT}" \
	"$REPEAT" "$SHIFTQUEENS" "$H" "$JOBS" "${SLICE:-20}" <<'PY' || rc=$?
import csv, glob, math, os, re, resource, statistics, subprocess, sys, time
tmp, timeout, sq_diags, sq_block = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4]
sq_timeout, repeat, sq_mode = float(sys.argv[5]), int(sys.argv[6]), sys.argv[7]
harness, jobs, slice_ = sys.argv[8], sys.argv[9], sys.argv[10]
if not slice_.isdigit() or int(slice_) < 1:
    print(f"published.sh: SLICE: '{slice_}' is not a count of instances (1 or more)",
          file=sys.stderr)
    sys.exit(2)
insts = []
for line in open(os.path.join(tmp, 'instances.tsv')):
    s, g, i, path, M, sat, ps = line.rstrip('\n').split('\t')
    insts.append(dict(set=s, group=g, id=i, path=path, M=M,
                      sat=None if sat == 'None' else sat == 'True', pub_s=float(ps)))
by_id = {x['id']: x for x in insts}
runs = {}   # (solver, id) -> [(decided, sat, wall s, CPU s)], one a run
solvers = []
bad = 0
def shiftqueens(x):
    prog = sq_block if x['set'] == 'blocked' else sq_diags
    if not prog:
        return None
    # the authors' input: the file's numbers, n first (sed 's/[^0-9]/ /g')
    nums = ' '.join(re.findall(r'\d+', open(x['path']).read())) + '\n'
    argv = [prog] + ([x['M']] if x['set'] != 'blocked' else [])
    def cpu():
        ru = resource.getrusage(resource.RUSAGE_CHILDREN)
        return ru.ru_utime + ru.ru_stime
    c0, t0 = cpu(), time.perf_counter()
    try:
        out = subprocess.run(argv, input=nums, capture_output=True, text=True,
                             timeout=sq_timeout).stdout
    except subprocess.TimeoutExpired:
        # run() kills it and waits for it: its CPU is counted
        return (False, False, sq_timeout, cpu() - c0)
    dt, dc = time.perf_counter() - t0, cpu() - c0
    if 'Timeout: 1' in out or not re.search(r'Solution Found|No solution', out):
        return (False, False, sq_timeout, dc)
    return (True, 'Solution Found' in out, dt, dc)

def read_runs(path):
    global bad
    for r in csv.DictReader(open(path, newline='')):
        a = r['approach']
        if a not in solvers:
            solvers.append(a)
        ok = r['status'] == 'ok'
        # the validator's own verdicts against an answer are as loud as a
        # published one; a crash or an error is said, not failed
        if r['status'] in ('wrong', 'disputed'):
            bad += 1
            print(f"MISMATCH: {a} on {r['instance']}: {r['status']} ({r['note']})")
        elif r['status'] not in ('ok', 'timeout', 'skipped'):
            print(f"published.sh: {a} on {r['instance']}: {r['status']} ({r['note']})",
                  file=sys.stderr)
        runs.setdefault((a, r['instance']), []).append(
            (ok, ok and int(r['solutions'] or 0) > 0,
             float(r['wall_s'] or 0) if ok else timeout, float(r['cpu_s'] or 0)))


def run_harness(extra, out):
    """The harness on the experiment file (extra: --shard K/N); 0, or
    exit 2 with its messages when it wrote no row."""
    with open(os.path.join(tmp, 'run.out'), 'a') as log:
        rc = subprocess.run([harness, 'run', '-q', '-j', jobs,
                             os.path.join(tmp, 'published.yaml'), '-o', out] + extra,
                            stdout=log, stderr=subprocess.STDOUT).returncode
    if rc != 0 and not (os.path.exists(out) and os.path.getsize(out) > 0):
        sys.stderr.write(open(os.path.join(tmp, 'run.out')).read())
        sys.exit(2)

runs_csv = os.path.join(tmp, 'runs.csv')
if sq_diags or sq_block:
    k = max(1, math.ceil(len(insts) / int(slice_)))
    done = set()    # a slice holds cells (instance, approach): an
                    # instance's shiftqueens runs come with its first
    with open(os.path.join(tmp, 'shiftqueens.csv'), 'w') as out:
        out.write('instance,decided,sat,wall_s,cpu_s\n')
        for i in range(1, k + 1):
            shard = os.path.join(tmp, f'shard-{i}.csv')
            run_harness(['--shard', f'{i}/{k}'], shard)
            ids = {r['instance'] for r in csv.DictReader(open(shard, newline=''))}
            for x in insts:
                if x['id'] not in ids or x['id'] in done:
                    continue
                done.add(x['id'])
                for _ in range(repeat):
                    r = shiftqueens(x)
                    if r:
                        runs.setdefault(('shiftqueens', x['id']), []).append(r)
                        out.write(f"{x['id']},{int(r[0])},{int(r[1])},{r[2]:.6f},{r[3]:.6f}\n")
    shards = [os.path.join(tmp, f'shard-{i}.csv') for i in range(1, k + 1)]
    m = subprocess.run([harness, 'merge', '-o', runs_csv] + shards,
                       capture_output=True, text=True)
    if m.returncode != 0 or not os.path.exists(runs_csv):
        print(f"published.sh: harness merge of the {k} slices: exit {m.returncode}: "
              f"{m.stderr.strip()}", file=sys.stderr)
        sys.exit(2)
    read_runs(runs_csv)
    if any(k[0] == 'shiftqueens' for k in runs):
        solvers.append('shiftqueens')
else:
    run_harness([], runs_csv)
    read_runs(runs_csv)

# every run's answer is held to the published one, and (beyond, where
# none is published) the runs of every solver to each other
for (a, i), rs in sorted(runs.items()):
    want = by_id[i]['sat'] if i in by_id else None
    for ok, sat, _, _ in rs:
        if ok and want is not None and sat != want:
            bad += 1
            print(f"MISMATCH: {a} on {i}: {'SAT' if sat else 'UNSAT'}, published "
                  f"{'SAT' if want else 'UNSAT'}")
for x in insts:
    if x['sat'] is None:
        said = {(a, sat) for (a, i), rs in runs.items() if i == x['id']
                for ok, sat, _, _ in rs if ok}
        if len({sat for _, sat in said}) > 1:
            bad += 1
            print(f"MISMATCH: on {x['id']} (no published answer): " + ', '.join(
                f"{a} {'SAT' if sat else 'UNSAT'}" for a, sat in sorted(said)))
            x['sat'] = False    # agreed counts nothing
        elif said:
            x['sat'] = said.pop()[1]
            x['unpublished'] = True

# one figure an instance: decided if every run was, the median seconds
res = {}    # (solver, id) -> (decided, sat, wall s, CPU s)
for k, rs in runs.items():
    ok = all(r[0] for r in rs)
    res[k] = (ok, ok and rs[0][1], statistics.median(r[2] for r in rs),
              statistics.median(r[3] for r in rs))
if sq_mode == 'published':
    for x in insts:
        if x['set'] == 'diags':
            res[('published', x['id'])] = (True, x['sat'], x['pub_s'], x['pub_s'])

def fmt(v):
    return f'{v:.2f}' if v >= 0.1 else f'{v:.3f}'

pubname = {'diags': 'shiftqueens (published)', 'blocked': 'lingeling (published)'}
print('| set | instances | solver | decided | agreed | total s | worst s | total CPU s | worst CPU s | x shiftqueens | slower than shiftqueens |')
print('|---|---|---|---|---|---|---|---|---|---|---|')
slower = []    # (solver, id, its s, shiftqueens' s): slower by > 2 ms
groups = []
for x in insts:
    key = (x['set'], x['group'])
    if key not in groups:
        groups.append(key)
sets = []
for s, _ in groups:
    if s not in sets:
        sets.append(s)
for s in sets:
    gs = [(s, g) for t, g in groups if t == s]
    if len(gs) > 1:
        gs.append((s, None))    # the set whole
    for s_, g in gs:
        xs = [x for x in insts if x['set'] == s and (g is None or x['group'] == g)]
        label = f'{s} {g}' if g else f'{s} (all)'
        # against shiftqueens here, or (SHIFTQUEENS=published) its
        # published seconds
        ref = 'published' if sq_mode == 'published' else 'shiftqueens'
        sq = [res[(ref, x['id'])] for x in xs if (ref, x['id']) in res]
        sq_total = sum(t for _, _, t, _ in sq) if sq else None
        sq_all = all(ok for ok, _, _, _ in sq)
        for a in solvers:
            got = [res[(a, x['id'])] + (x['sat'],) for x in xs if (a, x['id']) in res]
            if not got:
                continue
            dec = sum(1 for ok, _, _, _, _ in got if ok)
            agree = sum(1 for ok, sat, _, _, want in got if ok and sat == want)
            total = sum(g[2] for g in got)
            worst = max(g[2] for g in got)
            ctotal = sum(g[3] for g in got)
            cworst = max(g[3] for g in got)
            # a total with runs not decided is a lower bound (each at
            # TIMEOUT), and so is the ratio's side it stands on
            ratio = '-'
            if sq_total and a == 'shiftqueens':
                ratio = '1.00x'
            elif sq_total:
                r = fmt(total / sq_total) + 'x'
                ratio = (r if dec == len(xs) and sq_all else
                         '< ' + r if dec == len(xs) else
                         '> ' + r if sq_all else '?')
            lb = '' if dec == len(xs) else '> '
            # instance by instance: slower than shiftqueens (by more
            # than 2 ms, the clocks' noise), or not decided where it was
            nslow = '-'
            if sq and a != 'shiftqueens':
                nslow = 0
                for x in xs:
                    mine, theirs = res.get((a, x['id'])), res.get((ref, x['id']))
                    if not mine or not theirs or not theirs[0]:
                        continue
                    if not mine[0] or mine[2] > theirs[2] + 0.002:
                        nslow += 1
                        if g is not None:
                            slower.append((a, x['id'], mine[2] if mine[0] else None, theirs[2]))
            # beyond: agreed with the others, where no answer is published
            if s == 'beyond':
                agree = sum(1 for x in xs if x.get('unpublished') and (a, x['id']) in res
                            and res[(a, x['id'])][0])
            print(f'| {label} | {len(xs)} | {a} | {dec} | {agree} | {lb}{fmt(total)} | '
                  f'{lb}{fmt(worst)} | {fmt(ctotal)} | {fmt(cworst)} | {ratio} | {nslow} |')
        if s in pubname:
            pt = [x['pub_s'] for x in xs]
            print(f'| {label} | {len(xs)} | {pubname[s]} | {len(xs)} | - | '
                  f'{fmt(sum(pt))} | {fmt(max(pt))} | - | - | - | - |')
def fmt_ms(v):  # to the millisecond: a 'slower' line's two times differ
    return f'{v:.3f}'
for a, i, mine, theirs in slower:
    print(f"slower: {a} on {i}: " + (f"{fmt_ms(mine)} s" if mine is not None else 'undecided')
          + f" against shiftqueens' {fmt_ms(theirs)} s")
for x in insts:
    if x['set'] == 'beyond':
        print(f"{x['id']}: " + ', '.join(
            f"{a} {'-' if not res[(a, x['id'])][0] else 'SAT' if res[(a, x['id'])][1] else 'UNSAT'}"
            f" {fmt(res[(a, x['id'])][2])} s" for a in solvers if (a, x['id']) in res))
if bad:
    print(f'published.sh: {bad} answers differ from the published ones (MISMATCH above)',
          file=sys.stderr)
    sys.exit(1)
PY
if [ -n "${KEEP:-}" ]; then
	mkdir -p "$KEEP"
	cp "$tmp/runs.csv" "$tmp/instances.tsv" "$KEEP/"
	[ -f "$tmp/shiftqueens.csv" ] && cp "$tmp/shiftqueens.csv" "$KEEP/"
fi
echo "published.sh: load at the end $(cut -d' ' -f1-3 /proc/loadavg)" >&2
exit $rc
