#!/bin/bash
# The PicoSAT overhead check "the harness's PicoSAT run takes at most 5% longer than
# the picosat command on the exported DIMACS": runs both REPS times,
# interleaved (so machine load drifts onto both alike), and prints medians
# of wall and CPU time and their ratios (harness / binary). The binary's
# time includes parsing the DIMACS file; the harness's wall includes the
# fork of its run and building the CNF in process. Same decisions = same
# search (tests/e2e/cnf.sh checks that they are). COLUMNS is the model's
# `columns` option, alo (default) or none.
# Usage: scripts/picosat_vs_binary.sh 50 sequential 7 [COLUMNS]
set -eu
cd "$(dirname "$0")/.."
n=$1 enc=$2 reps=${3:-7} cols=${4:-alo}
./harness export -n $n --encoding $enc --columns $cols -o /tmp/side.cnf 2>/dev/null
for i in $(seq $reps); do
  ./harness solve -n $n -o /tmp/side1.csv picosat:encoding=$enc,columns=$cols >/dev/null 2>&1
  python3 -c "
import csv; r=next(csv.DictReader(open('/tmp/side1.csv'))); print('H', r['wall_s'], r['cpu_s'], r['solve_s'], r['decisions'])"
  /usr/bin/time -f "B %e %U %S" picosat /tmp/side.cnf 2>&1 >/dev/null | grep '^B'
done | python3 -c "
import sys,statistics as st
H=[];B=[]
for l in sys.stdin:
  p=l.split()
  if p[0]=='H': H.append((float(p[1]),float(p[2]),float(p[3]),p[4]))
  else: B.append((float(p[1]),float(p[2])+float(p[3])))
hw=st.median(x[0] for x in H); hc=st.median(x[1] for x in H); hs=st.median(x[2] for x in H)
bw=st.median(x[0] for x in B); bc=st.median(x[1] for x in B)
print('n=$n $enc columns=$cols reps=$reps decisions=%s | harness median wall %.3f cpu %.3f solve_s %.3f | picosat binary median wall %.3f cpu %.3f | wall ratio %.3f cpu ratio %.3f' % (H[0][3],hw,hc,hs,bw,bc,hw/bw,hc/bc))
"
