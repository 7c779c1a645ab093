#!/usr/bin/env bash
# local.sh - the local-search family (issue 31) as a user sees it: a
# small experiment whose runs end `ok` or `unsolved`, never `error` or
# `wrong`; steps and restarts in every local-search row; each repeat its
# own seed, written in the row, that `solve --seed` replays; `harness
# list` naming every method and option; a bad temperature refused with
# its file and line; and a local search that claims a placement with
# attacks left is `wrong` (the validator). Prints "local: N passed, N
# failed" last.
. "$(dirname "$0")/common.bash"

cat >"$T/ls.yaml" <<'Y'
experiment: ls
repeat: 8
jobs: 2
seed: 5
timeout: 10s
instances:
  - {n: [3, 8], mode: first}
approaches:
  - hillclimb: {variant: [steepest, sideways, restart, stochastic, first-choice]}
  - hillclimb: {variant: sideways, steps: 0}
  - anneal
  - beam
  - genetic: {generations: 0}
  - minconflicts
Y
"$H" run "$T/ls.yaml" -o "$T/ls.csv" -q >"$T/out" 2>"$T/err"
expect "the experiment runs (exit 0): $(tail -3 "$T/err")" [ $? -eq 0 ]
expect "the summary counts unsolved runs" grep -q "unsolved" "$T/out"

python3 - "$T/ls.csv" >"$T/check" 2>&1 <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
bad = []
def need(cond, what):
    if not cond:
        bad.append(what)
need(len(rows) == 2 * 10 * 8, "rows: %d" % len(rows))
for r in rows:
    key = "%s n=%s #%s" % (r['approach'], r['n'], r['repeat'])
    need(r['status'] in ('ok', 'unsolved'), key + ": status " + r['status'])
    if r['status'] == 'unsolved':
        need(r['note'] != '', key + ": an unsolved run says why")
        need(r['solutions'] == '', key + ": no answer in an unsolved row")
    need(r['steps'].isdigit(), key + ": steps '%s'" % r['steps'])
    need(r['restarts'].isdigit(), key + ": restarts '%s'" % r['restarts'])
    if r['solver'] != 'minconflicts' and r['n'] == '3':
        need(r['status'] == 'unsolved', key + ": n = 3 has no placement")
    if 'steps=0' in r['options'] or 'generations=0' in r['options']:
        need(r['steps'] == '0', key + ": a limit of 0 made %s steps" % r['steps'])
        if r['n'] == '3':
            need(r['status'] == 'unsolved', key + ": limit 0 not unsolved")
    if r['solver'] == 'hillclimb' and r['encoding'] == 'restart':
        need(r['status'] == 'ok' or r['n'] == '3', key + ": restart gave up")
# each repeat its own seed, the same for every approach of that repeat
# and instance; repeat 1 the experiment's
seeds = {}
for r in rows:
    seeds.setdefault((r['n'], r['repeat']), set()).add(r['seed'])
need(all(len(s) == 1 for s in seeds.values()), "one seed per repeat and n")
need(len({s for v in seeds.values() for s in v}) == 2 * 8 - 1,
     "distinct seeds: %s" % sorted(seeds.items()))
need(seeds[('8', '1')] == {'5'}, "repeat 1 runs with the experiment's seed")
# steepest ascent: some starts stuck, and steps when solved
st = [r for r in rows if r['encoding'] == 'steepest' and r['n'] == '8']
need(len(st) == 8, "steepest rows")
for r in rows:
    if (r['encoding'] == 'sideways' and 'steps=1000000' in r['options']
            and r['n'] == '8' and r['repeat'] == '4'):
        print("REPLAY", r['seed'], r['steps'], r['status'])
print("\n".join(bad) if bad else "ALL OK")
PY
expect "the rows: $(grep -v REPLAY "$T/check" | head -5)" grep -qx "ALL OK" "$T/check"

# solve --seed S replays the row whose seed is S
read -r _ seed steps status < <(grep REPLAY "$T/check")
"$H" solve -q -n 8 hillclimb:variant=sideways --seed "$seed" -o "$T/one.csv" >/dev/null 2>&1
expect "solve --seed $seed replays repeat 4 ($steps steps, $status)" \
	[ "$(csv_rows "$T/one.csv" seed steps status)" = "$seed	$steps	$status" ]

# harness list: every method with its options and defaults
"$H" list >"$T/list" 2>&1
for want in "hillclimb " "anneal " "beam " "genetic " "minconflicts " \
	"steepest, sideways, restart, restart-sideways, stochastic, first-choice" \
	"sideways = an integer from 0 to 1000000000   (default 100)" \
	"schedule = exp, geometric   (default exp)" "lam = text, as below   (default 0.005)" \
	"k = an integer from 1 to 100000   (default 4)" "mutation = text, as below   (default 0.1)"; do
	expect "harness list shows '$want'" grep -qF -- "$want" "$T/list"
done

# a temperature that is no number: refused when loaded, file and line
printf 'experiment: b\ninstances:\n  - {n: 8, mode: first}\napproaches:\n  - anneal: {t0: warm}\n' >"$T/b.yaml"
bad_input "t0: warm" "b.yaml:5:" "$H" run "$T/b.yaml" -o "$T/b.csv"
expect "t0: warm says what was expected" grep -qF "t0: 'warm' is not a number above 0" "$T/be"
printf 'experiment: g\ninstances:\n  - {n: 8, mode: first}\napproaches:\n  - genetic: {mutation: 2}\n' >"$T/g.yaml"
bad_input "mutation: 2" "mutation: '2' is not a number from 0 to 1" "$H" run "$T/g.yaml" -o "$T/g.csv"

# a local search that claims its start (attacks left) as a placement:
# the validator calls it wrong, steps or not
cat >"$T/claim.c" <<'C'
#include "nq_plugin.h"
static int solve(const nq_job *job, nq_result *res)
{
	int n = job->inst->n;
	for (int r = 0; r < n; r++)
		res->placement[r] = (int)((job->seed + (unsigned)r * 7) % (unsigned)n);
	res->placement[1] = res->placement[0]; /* h > 0 for sure */
	res->solutions = 1;
	res->steps = 12;
	res->restarts = 0;
	return NQ_OK;
}
static const nq_solver claim = { NQ_ABI_VERSION, sizeof(nq_solver),
	"claim-local", "claims its start", NULL, NULL, NULL, solve, NULL,
	NULL, NULL };
static const nq_solver *const solvers[] = { &claim, NULL };
static const nq_plugin plugin = { NQ_ABI_VERSION, sizeof(nq_plugin),
	"claim", "a liar", solvers, NULL, NULL };
const nq_plugin *nq_plugin_entry(void) { return &plugin; }
C
if cc -std=c11 -O2 -shared -fPIC -I"$ROOT/include" -o "$T/claim.so" "$T/claim.c" 2>"$T/cc.err"; then
	printf 'experiment: c\nrepeat: 2\nplugins: [claim.so]\ninstances:\n  - {n: 8, mode: first}\napproaches:\n  - claim-local\n' >"$T/c.yaml"
	"$H" run "$T/c.yaml" -o "$T/c.csv" -q >/dev/null 2>&1
	expect "a placement with attacks is wrong: $(csv_rows "$T/c.csv" status steps | tr '\n' ' ')" \
		[ "$(csv_rows "$T/c.csv" status steps | sort -u)" = "wrong	12" ]
else
	bad "building claim.so: $(cat "$T/cc.err")"
fi

echo "local: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
