#!/usr/bin/env bash
# generate.sh - `generate:` entries end to end: a small generated
# experiment runs, its CSV names each instance as README says
# (FAMILY-nN-{q|b|d}P[-fF]-sSEED-I), FILE.instances.yaml reads back as
# `instances:` and gives the same instance_hash values, the seeded files
# under instances/ are what the generator makes, and mistakes are
# FILE:LINE:COL, exit 2, nothing written. REGEN=1 rewrites instances/.
# The seeded files read back through `file:` too.
# Prints "generate: N passed, N failed" last.
. "$(dirname "$0")/common.bash"

# --- a small generated experiment --------------------------------------
cat >"$T/g.yaml" <<'Y'
experiment: g
instances:
  - generate: {family: placed, n: 8, queens: 0..3, count: 2, seed: 7, mode: [first, count]}
  - generate: {family: blocked, n: 7, blocked: [10, 25], free: 2, count: 2}
  - generate: {family: excluded, n: 7, diagonals: 6, count: 3, seed: 4}
    mode: count
approaches:
  - backtrack
  - picosat
Y
"$H" run "$T/g.yaml" -q -o "$T/g.csv" >"$T/out" 2>"$T/err"
rc=$?
expect "the generated experiment exits 0 (got $rc; $(tail -2 "$T/err"))" [ $rc -eq 0 ]
expect "every row is ok" [ "$(csv_col "$T/g.csv" status | sort -u)" = ok ]
want=$(
	for q in 0 1 2 3; do for i in 0 1; do echo "placed-n8-q$q-s7-$i"; done; done
	for b in 10 25; do for i in 0 1; do echo "blocked-n7-b$b-f2-s1-$i"; done; done
	for i in 0 1 2; do echo "excluded-n7-d6-s4-$i"; done
)
got=$(csv_col "$T/g.csv" instance | uniq)
# a draw's rows are consecutive (its modes, then the approaches of each)
expect "the instance ids are FAMILY-nN-{q|b|d}P[-fF]-sSEED-I in order" \
	[ "$got" = "$want" ]
expect "each placed instance has as many hints as its id says" \
	[ "$(python3 - "$T/g.csv" <<'PY'
import csv, sys
bad = [r['instance'] for r in csv.DictReader(open(sys.argv[1], newline=''))
       if r['instance'].startswith('placed-') and
       len(r['hints'].split()) != int(r['instance'].split('-')[2][1:])]
print(bad)
PY
)" = "[]" ]

# --- FILE.instances.yaml reads back and gives the same hashes ----------
expect "g.instances.yaml is written beside the CSV" [ -s "$T/g.instances.yaml" ]
{ cat "$T/g.instances.yaml"; printf 'approaches:\n  - backtrack\n  - picosat\n'; } >"$T/back.yaml"
"$H" run "$T/back.yaml" -q -o "$T/back.csv" >"$T/out" 2>"$T/err"
rc=$?
expect "the instances file runs as an experiment (got $rc; $(tail -2 "$T/err"))" [ $rc -eq 0 ]
expect "it gives the same instance_hash values, in order" \
	[ "$(csv_col "$T/g.csv" instance_hash)" = "$(csv_col "$T/back.csv" instance_hash)" ]
expect "and the same answers" \
	[ "$(csv_col "$T/g.csv" solutions)" = "$(csv_col "$T/back.csv" solutions)" ]

# --- the seeded files under instances/ ---------------------------------
seeded() { # NAME GENERATE-BODY
	printf 'experiment: %s\ninstances:\n  - generate: {%s}\napproaches: [backtrack]\n' \
		"$1" "$2" >"$T/$1.yaml"
	"$H" run "$T/$1.yaml" -q -o "$T/$1.csv" >/dev/null 2>&1
	if [ "${REGEN:-0}" = 1 ]; then
		cp "$T/$1.instances.yaml" "instances/$1.yaml"
	fi
	expect "instances/$1.yaml is what the generator makes" \
		cmp -s "$T/$1.instances.yaml" "instances/$1.yaml"
}
seeded placed-n12 "family: placed, n: 12, queens: [4, 8], count: 3, seed: 12"
seeded blocked-n10 "family: blocked, n: 10, blocked: [30, 60], free: 2, count: 3, seed: 10"
seeded excluded-n9 "family: excluded, n: 9, diagonals: [4, 10], count: 3, seed: 9"
# read through `file:`, each gives the hashes its comments name
for f in placed-n12 blocked-n10 excluded-n9; do
	printf 'instances:\n  - file: %s\napproaches: [backtrack]\n' \
		"$ROOT/instances/$f.yaml" >"$T/file-$f.yaml"
	"$H" run "$T/file-$f.yaml" -q -o "$T/file-$f.csv" >/dev/null 2>&1
	expect "instances/$f.yaml through file: gives its instance_hash values" \
		[ "$(csv_col "$T/file-$f.csv" instance_hash)" = \
		  "$(grep -o 'instance_hash [0-9a-f]*' "instances/$f.yaml" | cut -d' ' -f2)" ]
done

# --- mistakes: FILE:LINE:COL, exit 2, nothing written -------------------
bad_gen() { # NAME WANT-PREFIX-AND-MESSAGE GENERATE-BODY
	printf 'instances:\n  - generate: {%s}\napproaches: [backtrack]\n' "$3" >"$T/$1.yaml"
	"$H" run "$T/$1.yaml" -q -o "$T/$1.csv" >"$T/out" 2>"$T/err"
	rc=$?
	expect "$1 exits 2 (got $rc)" [ $rc -eq 2 ]
	expect "$1 says '$2' (got: $(head -1 "$T/err"))" grep -qF "$T/$1.yaml:$2" "$T/err"
	expect "$1 writes nothing" [ ! -e "$T/$1.csv" ]
}
bad_gen family "2:24: generate: unknown family 'knights'" "family: knights, n: 8"
bad_gen toomany "2:46: generate: cannot place 9 non-attacking queens on n=8" \
	"family: placed, n: 8, queens: 9"
bad_gen nofree "2:48: generate: 57 blocked squares on n=8 leave fewer than 1 free" \
	"family: blocked, n: 8, blocked: 57"
bad_gen seed "2:55: generate: seed: expected an unsigned 64-bit integer" \
	"family: placed, n: 8, queens: 1, seed: 1.5"
bad_gen count "2:56: count must be at most 100000" \
	"family: placed, n: 8, queens: 1, count: 100001"

# --- the generator's bounds are the experiment's ------------------------
# Six lines: two entries, each of 130 instances of half a million
# blocked squares in two modes. Bounded per entry only, `plan` ran for
# minutes and grew past 1.5 GB; now the squares the instances would
# hold are summed over the file before anything is drawn.
cat >"$T/huge.yaml" <<'Y'
approaches: [picosat]
instances:
  - generate: {family: blocked, n: 1000, blocked: 500000, count: 130, seed: 1}
    mode: [first, count]
  - generate: {family: blocked, n: 1000, blocked: 500000, count: 130, seed: 2}
    mode: [first, count]
Y
t0=$(date +%s%N)
timeout 60 "$H" plan "$T/huge.yaml" >"$T/out" 2>"$T/err"
rc=$?
ms=$((($(date +%s%N) - t0) / 1000000))
expect "six lines of generate: past the bound exit 2 (got $rc)" [ $rc -eq 2 ]
expect "... at once (${ms} ms, under 2 s even on a loaded machine)" [ "$ms" -lt 2000 ]
echo "  bounds: the six lines refused in $ms ms" >&2
expect "... FILE:LINE:COL naming the limit (got: $(head -1 "$T/err"))" grep -qF \
	"$T/huge.yaml:3:15: generate: its instances would hold 130000000 blocked squares (blocked x count x modes); an experiment's generated instances may hold at most 4000000 squares and lines in all: lower blocked or count" "$T/err"
# each entry under the bound, the two together over it: the second named
cat >"$T/sum.yaml" <<'Y'
approaches: [picosat]
instances:
  - generate: {family: blocked, n: 1000, blocked: 1000, seed: 1}
  - generate: {family: blocked, n: 1000, blocked: 500000, count: 8, seed: 2}
Y
timeout 60 "$H" plan "$T/sum.yaml" >"$T/out" 2>"$T/err"
rc=$?
expect "two entries under the bound, over it together: exit 2 (got $rc)" [ $rc -eq 2 ]
expect "... the second entry, with the sum (got: $(head -1 "$T/err"))" grep -qF \
	"$T/sum.yaml:4:15: generate: its instances would hold 4000000 blocked squares (blocked x count x modes), 4001000 with the entries before;" "$T/err"

echo "generate: $pass passed, $failed failed"
[ "$failed" -eq 0 ]
