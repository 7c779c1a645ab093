# common.bash - what every tests/e2e/*.sh starts with (sourced, not run:
# the Makefile runs *.sh). From the repository's top: H the harness
# binary (HARNESS, default ./harness), T a scratch directory removed on
# exit, ROOT the top; ok/bad/expect count checks for the closing line
# "NAME: N passed, N failed"; bad_input checks a refusal (exit 2 and its
# message); csv_col and csv_rows read columns by name. E2E_SAN=1 (the
# Makefile sets it under the ASan + UBSan build for the scripts of
# E2E_BOTH, which run in the plain build as well): a script leaves out
# the repeats of a path it walks once under ASan already; san is then
# true. (A script left with such lines but run under ASan alone gets
# E2E_SAN=0 and walks them all.)
set -u
E2E_SAN=${E2E_SAN:-0}
san() { [ "$E2E_SAN" = 1 ]; }
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
H=$(realpath "${HARNESS:-./harness}")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# python3 (the scripts read CSVs with it) is Debian's own where there is
# one: a version manager's shim in PATH (pyenv's) costs 0.1-0.25 s of CPU
# a call against 0.01 s, and make test makes hundreds of calls
if [ -x /usr/bin/python3 ] && [ "$(command -v python3)" != /usr/bin/python3 ]; then
	mkdir "$T/.bin" && ln -s /usr/bin/python3 "$T/.bin/python3" &&
		PATH=$T/.bin:$PATH
fi
# cc ARGS...: the C compiler for the test plugins the scripts build,
# through a cache in build/cc-cache: the same command on the same
# sources and headers (a source's directory and every -I directory), by
# the same compiler, gives the same shared object, so the second build
# of liars.c or of a plugin written in a script (the plain pass and the
# sanitizer pass, four scripts of each) is a copy. A compile costs 0.2-0.5
# s of CPU on these machines and make test asked for about 150. The
# compiler and a set of directories' headers are hashed once a script
# (cc_env), a call's key then costs two processes. Failed compiles are
# never cached; warnings are kept and shown again. NQ_CC_CACHE=0
# compiles every time.
declare -A cc_envs=()
cc_env() { # cc_env DIR...: the compiler's and the DIRs' headers' hash
	local dir h
	local -a hs=()
	if [ -z "${cc_envs["$*"]:-}" ]; then
		for dir in "$@"; do
			for h in "$dir"/*.h; do [ -f "$h" ] && hs+=("$h"); done
		done
		h=$({
			type -P cc
			command cc -dumpfullversion -dumpmachine
			printf '%s\n' "${hs[@]##*/}"
			[ ${#hs[@]} -eq 0 ] || cat "${hs[@]}"
		} 2>/dev/null | sha256sum)
		cc_envs["$*"]=${h%% *}
	fi
	cc_key=${cc_envs["$*"]}
}
cc() {
	local out="" a next="" key cc_key
	local -a args=() srcs=() dirs=()
	for a in "$@"; do
		if [ "$next" = o ]; then out=$a next=""; continue; fi
		if [ "$next" = I ]; then dirs+=("$a") args+=("-I$a") next=""; continue; fi
		case $a in
		-o) next=o ;;
		-I) next=I ;;
		-I*) dirs+=("${a#-I}") args+=("$a") ;;
		-o*) out=${a#-o} ;;
		*.c) srcs+=("$a") dirs+=("${a%/*}") args+=("src:${a##*/}")
			[[ $a == */* ]] || dirs[-1]=. ;;
		*) args+=("$a") ;;
		esac
	done
	if [ "${NQ_CC_CACHE:-1}" = 0 ] || [ -z "$out" ] || [ ${#srcs[@]} -eq 0 ]; then
		command cc "$@"
		return
	fi
	cc_env "${dirs[@]}"
	key=$({ printf '%s\n' "$cc_key" "${args[@]}"; cat "${srcs[@]}"; } | sha256sum)
	key=$ROOT/build/cc-cache/${key%% *}
	if [ -f "$key.so" ] && [ -f "$key.err" ]; then
		cp "$key.so" "$out" || return
		[ ! -s "$key.err" ] || printf '%s\n' "$(<"$key.err")" >&2
		return 0
	fi
	command cc "$@" 2>"$T/.cc.err"
	a=$?
	[ ! -s "$T/.cc.err" ] || printf '%s\n' "$(<"$T/.cc.err")" >&2
	if [ $a -eq 0 ] && mkdir -p "$ROOT/build/cc-cache"; then
		cp "$out" "$key.so.$$" && mv -f "$key.so.$$" "$key.so" &&
			cp "$T/.cc.err" "$key.err.$$" && mv -f "$key.err.$$" "$key.err"
	fi
	return $a
}
pass=0
failed=0

ok() { pass=$((pass + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
expect() {
	local desc=$1; shift
	if "$@"; then ok; else bad "$desc"; fi
}
# bad_input DESC WANT CMD...: one check that CMD exits 2 and says WANT (a
# fixed string) on stderr; its stdout and stderr stay in $T/bo and $T/be.
# A script whose refusals must also leave something as it was sets
# BAD_INPUT_AFTER to a command that prints what is wrong (nothing: all
# is well); BAD_INPUT_DIR runs CMD in that directory.
bad_input() {
	local desc=$1 want=$2 rc why
	shift 2
	if [ -n "${BAD_INPUT_DIR:-}" ]; then
		(cd "$BAD_INPUT_DIR" && "$@") >"$T/bo" 2>"$T/be"
	else
		"$@" >"$T/bo" 2>"$T/be"
	fi
	rc=$?
	if [ $rc -ne 2 ]; then bad "$desc: exit $rc, expected 2 ($(cat "$T/be"))"; return; fi
	if ! grep -qF -- "$want" "$T/be"; then bad "$desc: expected '$want', got: $(cat "$T/be")"; return; fi
	if [ -n "${BAD_INPUT_AFTER:-}" ]; then
		why=$($BAD_INPUT_AFTER)
		if [ -n "$why" ]; then bad "$desc: $why"; return; fi
	fi
	ok
}
# csv_rows FILE NAME...: those columns of each data row, tab-separated;
# csv_col FILE NAME: one column's values, one per data row. RFC 4180
# read by awk (quoted fields, "" inside them, line breaks inside them,
# CRLF), which starts in a tenth of python3's time: make test calls
# these a few hundred times. A column the header lacks is an error.
csv_rows() {
	local want
	printf -v want '%s\034' "${@:2}"
	awk -v want="$want" '
	function split_csv(rec, out,    n, i, c, q, f) {
		n = 0; f = ""; q = 0
		for (i = 1; i <= length(rec); i++) {
			c = substr(rec, i, 1)
			if (q) {
				if (c == "\"") {
					if (substr(rec, i + 1, 1) == "\"") { f = f c; i++ }
					else q = 0
				} else f = f c
			} else if (c == "\"") q = 1
			else if (c == ",") { out[++n] = f; f = "" }
			else f = f c
		}
		out[++n] = f
		return n
	}
	{
		rec = (open ? rec "\n" : "") $0
		open = (gsub(/"/, "\"", rec) % 2 == 1)
		if (open) next
		sub(/\r$/, "", rec)
		if (rec == "") next
		nf = split_csv(rec, fld)
		if (!header) {
			header = 1
			nw = split(want, w, "\034") - 1
			for (i = 1; i <= nf; i++) idx[fld[i]] = i
			for (j = 1; j <= nw; j++)
				if (!(w[j] in idx)) { print "csv_rows: no column " w[j] > "/dev/stderr"; exit 2 }
			next
		}
		line = ""
		for (j = 1; j <= nw; j++) line = line (j > 1 ? "\t" : "") fld[idx[w[j]]]
		print line
	}' "$1"
}
csv_col() { # csv_col FILE NAME -> values, one per data row
	csv_rows "$1" "$2"
}
# meta_is_yaml FILE: a .meta's lines are "key: value" (values JSON
# scalars) or "  - " list items that are JSON: YAML and JSON alike
meta_is_yaml() {
	python3 - "$1" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    if line.startswith('#') or not line.strip(): continue
    if line.startswith('  - '): json.loads(line[4:]); continue
    k, v = line.rstrip('\n').split(': ', 1) if ': ' in line else (line.rstrip(':\n'), '')
    assert k.replace('_', '').isalnum(), k
    if v and v != '[]': json.loads(v)
PY
}
# chromium_pages WxH URL DOM SHOT [URL DOM SHOT ...]: one start of
# headless Chromium for every page (each start is about 2 s of CPU, a
# tab a fraction of it): each URL opened in a fresh tab of that size,
# after its load event the DOM into DOM and a screenshot into SHOT, as
# --dump-dom and --screenshot would; the browser's stderr in each
# DOM.err. CHROMIUM names the browser (default chromium). Driven over --remote-debugging-pipe
# (the DevTools protocol) by python3.
chromium_pages() {
	cat >"$T/pages.py" <<'PY'
import base64, json, os, shutil, signal, subprocess, sys
w, h = (int(x) for x in sys.argv[1].split(','))
jobs = [sys.argv[i:i + 3] for i in range(2, len(sys.argv), 3)]
r1, w1 = os.pipe()   # chromium reads commands on fd 3
r2, w2 = os.pipe()   # and writes its answers on fd 4
err = open(jobs[0][1] + '.err', 'w')
p = subprocess.Popen([os.environ.get('CHROMIUM', 'chromium'), '--headless', '--no-sandbox',
                      '--disable-gpu', f'--window-size={w},{h}', '--remote-debugging-pipe',
                      'about:blank'], stdin=subprocess.DEVNULL, stdout=err, stderr=err,
                     pass_fds=(3, 4), preexec_fn=lambda: (os.dup2(r1, 3), os.dup2(w2, 4)))
def end(*_):
    p.kill(); sys.exit('chromium_pages: timed out')
signal.signal(signal.SIGALRM, end)
signal.alarm(120)
os.close(r1); os.close(w2)
out, inp, buf, n = os.fdopen(w1, 'wb'), os.fdopen(r2, 'rb'), b'', 0
def send(method, session=None, **params):
    global n
    n += 1
    m = {'id': n, 'method': method, 'params': params}
    if session: m['sessionId'] = session
    out.write(json.dumps(m).encode() + b'\0'); out.flush()
    return n
def wait(pred):
    global buf
    while True:
        while b'\0' not in buf:
            c = inp.read1(65536)
            if not c: end()
            buf += c
        raw, buf = buf.split(b'\0', 1)
        m = json.loads(raw)
        if pred(m): return m
def call(method, session=None, **params):
    i = send(method, session, **params)
    m = wait(lambda m: m.get('id') == i)
    if 'error' in m: p.kill(); sys.exit(f'chromium_pages: {method}: {m["error"]}')
    return m['result']
for url, dom, shot in jobs:
    t = call('Target.createTarget', url='about:blank', newWindow=True, width=w, height=h)['targetId']
    s = call('Target.attachToTarget', targetId=t, flatten=True)['sessionId']
    call('Emulation.setDeviceMetricsOverride', s, width=w, height=h, deviceScaleFactor=1, mobile=False)
    call('Page.enable', s)
    send('Page.navigate', s, url=url)
    wait(lambda m: m.get('method') == 'Page.loadEventFired' and m.get('sessionId') == s)
    v = call('Runtime.evaluate', s, expression='document.documentElement.outerHTML', returnByValue=True)
    open(dom, 'w').write(v['result']['value'] + '\n')
    open(shot, 'wb').write(base64.b64decode(call('Page.captureScreenshot', s, format='png')['data']))
    call('Target.closeTarget', targetId=t)
call('Browser.close')
p.wait()
err.close()
for _, dom, _ in jobs[1:]:
    shutil.copy(jobs[0][1] + '.err', dom + '.err')
PY
	python3 "$T/pages.py" "$@"
}
# png_not_blank FILE: a PNG whose pixels are more than a few colours
png_not_blank() {
	python3 - "$1" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n'
i, idat = 8, b''
while i < len(data):
    n, kind = struct.unpack('>I4s', data[i:i + 8])
    if kind == b'IDAT': idat += data[i + 8:i + 8 + n]
    i += 12 + n
px = zlib.decompress(idat)
assert len(set(px)) > 50, len(set(px))   # text, tables and plots, not one colour
PY
}
