#!/bin/sh
# deps.sh - install the Debian packages the harness needs, if any is missing.
# Checks files first, so it is quiet and instant when all is there.
# Usage: scripts/deps.sh [--check|--fuzz|--paper]   (--check: only report,
#        exit 1 if missing; --fuzz: also AFL++ and clang, which only `make
#        fuzz` and `make fuzz-libfuzzer` need; --paper: also pdflatex and
#        the LaTeX packages `report --format latex` tables use, which
#        tests/e2e/paper.sh compiles them with: `make deps-paper`)
set -eu

missing=""
need() { # need FILE PACKAGE
	[ -e "$1" ] || missing="$missing $2"
}
need /usr/include/picosat/picosat.h picosat
need /usr/include/glpk.h libglpk-dev
need /usr/include/yaml.h libyaml-dev
need /usr/include/cmocka.h libcmocka-dev
need /usr/include/z3.h libz3-dev       # the `smt` approach (Z3's C API; libz3 loaded when smt runs)
need /usr/bin/gnuplot gnuplot-nox   # `harness plot` draws with it
need /usr/bin/minisat minisat       # tests: the `dimacs` approach's default
need /usr/bin/cbc coinor-cbc        # tests: the `cbc` approach
need /usr/bin/clingo gringo          # the `asp` approach runs clingo (tests: test_oracle_asp)
need /usr/bin/z3 z3                  # tests: exported SMT-LIB files (test_oracle_smt)
need /usr/bin/cadical cadical       # tests: exported CNFs (tests/e2e/interop.sh)
need /usr/bin/glpsol glpk-utils     # tests: exported LP and MPS files (interop.sh)
need /usr/bin/minizinc minizinc     # tests: the `minizinc` approach (with Gecode)
need /usr/bin/gprolog gprolog       # the example plugin plugins/clpfd.c (CLP(FD)) runs it (tests/e2e/clpfd.sh)
need /usr/sbin/slurmctld slurm-wlm  # tests: a one-node Slurm cluster (slurm.sh)
need /usr/sbin/munged munge         # tests: Slurm's authentication (slurm.sh)
need /usr/bin/parallel parallel     # tests: GNU parallel over shards (scale.sh)
need /usr/bin/chromium chromium     # tests: the HTML report in a browser (html.sh)
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
need /usr/bin/python3 python3     # tests read CSVs with it (Debian's own: tests/e2e/common.bash)
command -v pgrep >/dev/null 2>&1 || missing="$missing procps"     # tests find a run's child
command -v cc >/dev/null 2>&1 || missing="$missing gcc"
if [ "${1:-}" = "--paper" ]; then
	# pdflatex, longtable and array (texlive-latex-base), booktabs
	# (texlive-latex-recommended), graphicx (texlive-latex-base)
	command -v pdflatex >/dev/null 2>&1 || missing="$missing texlive-latex-base"
	kpsewhich booktabs.sty >/dev/null 2>&1 || missing="$missing texlive-latex-recommended"
fi
if [ "${1:-}" = "--fuzz" ]; then
	command -v afl-fuzz >/dev/null 2>&1 || missing="$missing afl++"
	command -v clang >/dev/null 2>&1 || missing="$missing clang"
fi

[ -z "$missing" ] && exit 0
if [ "${1:-}" = "--check" ]; then
	echo "missing Debian packages:$missing" >&2
	exit 1
fi

echo "deps: installing Debian packages:$missing" >&2
if [ "$(id -u)" -eq 0 ]; then
	sudo=""
elif command -v sudo >/dev/null 2>&1; then
	sudo="sudo"
else
	echo "deps: not root and no sudo; install as root: apt-get install$missing" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
echo "deps: done" >&2
