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
#
# Usage: CSPLIB=/path/to/csplib bench/published.sh [APPROACH...]
#        CSPLIB=... SETS=diags N="16 17 18 19" COUNT=20 TIMEOUT=60 \
#            bench/published.sh backtrack:variant=dlx
#        CSPLIB=... SETS=blocked BLOCKED=10 bench/published.sh
# APPROACH is as for `harness solve`: SOLVER or SOLVER:KEY=VALUE[,...]
# (also APPROACHES="A B ..."); default the strongest native ones,
# backtrack:variant=mrv and backtrack:variant=dlx.
#   SETS      diags, blocked or both (default "diags blocked")
#   N         the Excluded Diagonals sizes (default "16 17 18 19 20 21")
#   COUNT     files per n (default 20; "all": the 1000 published)
#   BLOCKED   Blocked files per board size, evenly spaced in id order
#             (default all: 400 in all)
#   TIMEOUT   seconds a run (default 60), the harness's and shiftqueens'
#   SQ_TIMEOUT  seconds a shiftqueens run (default TIMEOUT; it decides
#             no Blocked instance of n >= 48 in minutes)
#   SHIFTQUEENS=0   leave shiftqueens out (its column is then empty)
#   JOBS      the harness's -j (default 1: one run at a time, as
#             shiftqueens runs)
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
# for a run the harness's validator found wrong or disputed). The
# table (Markdown) gives per set and n: the instances, then per solver
# how many it decided, how many agreed with the published answer, the
# total and worst wall seconds of one run (a run not decided counts at
# TIMEOUT, the total then '> T') and the total against shiftqueens' here
# ('< R' where shiftqueens did not decide all, its total a lower bound;
# '?' where neither did); then the published solver's total and worst on
# the authors' machine.
case ${1:-} in -h | --help) # this header, without the runs
	sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CSPLIB:?CSPLIB=path to a checkout of github.com/csplib/csplib (bench/published.sh --help)}"
SETS=${SETS:-"diags blocked"}
N=${N:-"16 17 18 19 20 21"}
COUNT=${COUNT:-20}
BLOCKED=${BLOCKED:-all}
TIMEOUT=${TIMEOUT:-60}
JOBS=${JOBS:-1}
H=${HARNESS:-./harness}
# the default approaches, strongest native first
DEFAULT_APPROACHES="backtrack:variant=mrv backtrack:variant=dlx"
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
if [ "${SHIFTQUEENS:-1}" = 0 ]; then
	sq_note="SHIFTQUEENS=0"
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
	"${approaches[@]}" <<'PY'
import gzip, os, re, statistics, sys, tarfile
tmp, p79, p80, sets, ns, count, blocked, timeout = sys.argv[1:9]
approaches = sys.argv[9:]
sets, ns = sets.split(), [int(x) for x in ns.split()]
rows = []   # set, group, id, path, M, published sat, published s
def die(msg):
    sys.exit('published.sh: ' + msg)

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
        pub[(m.group(1), M)] = (int(f[5]) > 0, float(f[11]))
    for n in ns:
        ms = {M: statistics.median(v) for (k, M), v in nodes.items() if k == n}
        if not ms:
            die(f'{res} has no results for n = {n}')
        peak = max(ms, key=lambda M: (ms[M], -M))
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
            if count != 'all':
                members = members[:int(count)]
            d = os.path.join(tmp, f'diag-{n}')
            os.makedirs(d, exist_ok=True)
            for _, base, mem in members:
                path = os.path.join(d, base + '.param')
                with open(path, 'wb') as out:
                    out.write(t.extractfile(mem).read())
                sat, s = pub[(base, peak)]
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
if not rows:
    die('no instances (SETS, N, COUNT, BLOCKED?)')

with open(os.path.join(tmp, 'instances.tsv'), 'w') as out:
    for r in rows:
        out.write('\t'.join(map(str, r)) + '\n')
with open(os.path.join(tmp, 'published.yaml'), 'w') as y:
    y.write(f'experiment: published\nrepeat: 1\ntimeout: {timeout}s\n'
            'after_timeout: continue\ninstances:\n')
    for r in rows:
        rel = os.path.relpath(r[3], tmp)
        y.write(f'  - {{file: "{rel}"' +
                (f', diagonals: {r[4]}' if r[0] == 'diags' else '') + '}\n')
    y.write('approaches:\n')
    for a in approaches:
        solver, _, opts = a.partition(':')
        kv = [o.split('=', 1) for o in opts.split(',') if o]
        if any(len(x) != 2 for x in kv):
            die(f"approach '{a}': expected SOLVER or SOLVER:KEY=VALUE[,...]")
        y.write(f'  - {solver}: {{' + ', '.join(f'{k}: {v}' for k, v in kv) + '}\n')
PY
echo "published.sh: $(wc -l <"$tmp/instances.tsv") instances x ${#approaches[@]} approaches, timeout ${TIMEOUT}s; load $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores" >&2
"$H" run -q -j "$JOBS" "$tmp/published.yaml" -o "$tmp/runs.csv" >"$tmp/run.out" 2>&1 ||
	{ [ -s "$tmp/runs.csv" ] || { cat "$tmp/run.out" >&2; exit 2; }; }

# --- shiftqueens on the same instances, then the comparison -----------
rc=0
python3 - "$tmp" "$TIMEOUT" "$sq_diags" "$sq_block" "${SQ_TIMEOUT:-$TIMEOUT}" <<'PY' || rc=$?
import csv, os, re, subprocess, sys, time
tmp, timeout, sq_diags, sq_block = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4]
sq_timeout = float(sys.argv[5])
insts = []
for line in open(os.path.join(tmp, 'instances.tsv')):
    s, g, i, path, M, sat, ps = line.rstrip('\n').split('\t')
    insts.append(dict(set=s, group=g, id=i, path=path, M=M, sat=sat == 'True',
                      pub_s=float(ps)))
by_id = {x['id']: x for x in insts}
res = {}    # (solver, id) -> (decided, sat, seconds)
solvers = []
bad = 0
for r in csv.DictReader(open(os.path.join(tmp, 'runs.csv'), newline='')):
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
    res[(a, r['instance'])] = (ok, ok and int(r['solutions'] or 0) > 0,
                               float(r['wall_s'] or 0) if ok else timeout)

def shiftqueens(x):
    prog = sq_diags if x['set'] == 'diags' else sq_block
    if not prog:
        return None
    # the authors' input: the file's numbers, n first (sed 's/[^0-9]/ /g')
    nums = ' '.join(re.findall(r'\d+', open(x['path']).read())) + '\n'
    argv = [prog] + ([x['M']] if x['set'] == 'diags' else [])
    t0 = time.perf_counter()
    try:
        out = subprocess.run(argv, input=nums, capture_output=True, text=True,
                             timeout=sq_timeout).stdout
    except subprocess.TimeoutExpired:
        return (False, False, sq_timeout)
    dt = time.perf_counter() - t0
    if 'Timeout: 1' in out or not re.search(r'Solution Found|No solution', out):
        return (False, False, sq_timeout)
    return (True, 'Solution Found' in out, dt)

if sq_diags or sq_block:
    with open(os.path.join(tmp, 'shiftqueens.csv'), 'w') as out:
        out.write('instance,decided,sat,wall_s\n')
        for x in insts:
            r = shiftqueens(x)
            if r:
                res[('shiftqueens', x['id'])] = r
                out.write(f"{x['id']},{int(r[0])},{int(r[1])},{r[2]:.6f}\n")
    if any(k[0] == 'shiftqueens' for k in res):
        solvers.append('shiftqueens')

for (a, i), (ok, sat, _) in sorted(res.items()):
    if ok and i in by_id and sat != by_id[i]['sat']:
        bad += 1
        print(f"MISMATCH: {a} on {i}: {'SAT' if sat else 'UNSAT'}, published "
              f"{'SAT' if by_id[i]['sat'] else 'UNSAT'}")

def fmt(v):
    return f'{v:.2f}' if v >= 0.1 else f'{v:.3f}'

pubname = {'diags': 'shiftqueens (published)', 'blocked': 'lingeling (published)'}
print('| set | instances | solver | decided | agreed | total s | worst s | x shiftqueens |')
print('|---|---|---|---|---|---|---|---|')
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
        sq = [res[('shiftqueens', x['id'])] for x in xs if ('shiftqueens', x['id']) in res]
        sq_total = sum(t for _, _, t in sq) if sq else None
        sq_all = all(ok for ok, _, _ in sq)
        for a in solvers:
            got = [res[(a, x['id'])] + (x['sat'],) for x in xs if (a, x['id']) in res]
            if not got:
                continue
            dec = sum(1 for ok, _, _, _ in got if ok)
            agree = sum(1 for ok, sat, _, want in got if ok and sat == want)
            total = sum(t for _, _, t, _ in got)
            worst = max(t for _, _, t, _ in got)
            # a total with runs not decided is a lower bound (each at
            # TIMEOUT), and so is the ratio's side it stands on
            ratio = '-'
            if sq_total and a == 'shiftqueens':
                ratio = '1.00x'
            elif sq_total:
                r = f'{total / sq_total:.2f}x'
                ratio = (r if dec == len(xs) and sq_all else
                         '< ' + r if dec == len(xs) else
                         '> ' + r if sq_all else '?')
            lb = '' if dec == len(xs) else '> '
            print(f'| {label} | {len(xs)} | {a} | {dec} | {agree} | {lb}{fmt(total)} | '
                  f'{lb}{fmt(worst)} | {ratio} |')
        pt = [x['pub_s'] for x in xs]
        print(f'| {label} | {len(xs)} | {pubname[s]} | {len(xs)} | - | '
              f'{fmt(sum(pt))} | {fmt(max(pt))} | - |')
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
