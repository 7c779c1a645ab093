#!/usr/bin/env python3
"""layers.py - the layering check (docs/architecture.md, The folders).

Reads every .c and .h under the source folders that the folder table of
docs/architecture.md names (top layer first; tests/ is not a layer) and
draws one arrow per dependency between files:

  - an include: `#include "x.h"` names the x.h of the same folder, else
    the one x.h of the tree (the Makefile gives -I per folder, so
    includes name the header alone);
  - a call: a .c file that names a function defined (not static) in
    another .c file.

A module is a .c file and the header of the same name beside it. It
fails (exit 1) on any circle of modules (module A needs B, which needs
A, however far round), and on more than --allow arrows from a folder to
a folder above it in the table. Prints each finding, then
"layers: N files, M includes, C cycles, K against the order".

It also fails on a stale name: a comment (of a C file, a script, the
Makefile) or a doc (*.md) that names a .c or .h file the tree does not
hold, as `cli/cmd_run.c` once called itself verbs_run.c. Each is printed
as "stale name: FILE:LINE: NAME ...", with where a file of that name is
now when there is one. A name with a folder must match the end of a
path (core/run/csv.c, or run/csv.c); a bare name, any file's. Headers of
the system and libraries (any `#include <...>` of the tree), placeholders
(NAME, FILE) and the files outside the tree listed in OUTSIDE pass.

  scripts/layers.py [--doc docs/architecture.md] [--allow 2] [--order F ...]
  scripts/layers.py --names-only [--root DIR]   the stale names alone
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
# a function definition: a line at column 0, not static, ending in ')'
# (or ') {'), with the body's '{' on it or on the next line
DEFN = re.compile(r'^(?!static\b)(?!typedef\b)(?![#\s/*}])[^;(=]*?\b([A-Za-z_]\w*)\s*\([^;]*\)\s*\{?\s*$', re.M)
CALL = re.compile(r'\b([A-Za-z_]\w*)\s*\(')
COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'')


# Files outside the tree that comments and docs name on purpose. A new
# one goes here, with who names it; a file of the tree never does.
OUTSIDE = {
    'linit.c',                  # Lua's, the model of core/model/registry.c
    'GCC13.c', 'solcounter.h', 'bmintrin.h', 'bmi2.h', 'prefetch.h',
    'prefetchx86.h', 'quadrants1.h',  # the program bench/count.sh builds
    'my_amo.c',                 # a plugin's file in docs/plugins.md's steps
    'my_prog.c',                # the program template's steps (encoders/template/)
    'x.h',                      # this file's doc
}
# a .c or .h file's name, with its folders if any, not part of a longer
# word (a URL's or a path's further up is still matched at its end)
FILE_NAME = re.compile(r'(?<![\w.-])((?:[\w.-]+/)*[\w-]+\.[ch])(?![\w/])')
SYSTEM_INCLUDE = re.compile(r'^\s*#\s*include\s*<([^>]+)>', re.M)
HASH_COMMENT = re.compile(r'(?:^|(?<=\s))#[^\n]*')
SKIP_DIRS = {'build', 'reports'}


def tree_files(root):
    """The tree's files, relative to root: git's list where root is a
    checkout (nothing built or ignored), else every file under it."""
    try:
        import subprocess
        out = subprocess.run(['git', 'ls-files'], cwd=root, check=True,
                             capture_output=True, text=True).stdout.split('\n')
        if os.path.isdir(os.path.join(root, '.git')) or os.path.isfile(os.path.join(root, '.git')):
            return [f for f in out if f and os.path.isfile(os.path.join(root, f))]
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for d, dirs, names in os.walk(root):
        dirs[:] = sorted(x for x in dirs
                         if not x.startswith('.') and x not in SKIP_DIRS)
        files += [os.path.relpath(os.path.join(d, n), root) for n in sorted(names)]
    return files


def texts_of(path, text):
    """(offset, text) of what in a file is prose about the code: a C
    file's comments, a script's or the Makefile's # comments, a doc."""
    if path.endswith(('.c', '.h')):
        return [(m.start(), m.group()) for m in COMMENT.finditer(text)]
    if path.endswith('.md'):
        return [(0, text)]
    if (path.endswith(('.sh', '.bash', '.py', '.yaml'))
            or os.path.basename(path) == 'Makefile'):
        return [(m.start(), m.group()) for m in HASH_COMMENT.finditer(text)]
    return []


def stale_names(root):
    """Each comment's or doc's name of a .c or .h file the tree does not
    hold: a list of "FILE:LINE: NAME ..." lines."""
    files = tree_files(root)
    where = {}
    for f in files:
        if f.endswith(('.c', '.h')):
            where.setdefault(os.path.basename(f), []).append(f)
    src = {}
    outside = set(OUTSIDE)
    for f in files:
        if f.endswith(('.c', '.h', '.md', '.sh', '.bash', '.py', '.yaml')) \
                or os.path.basename(f) == 'Makefile':
            with open(os.path.join(root, f), encoding='utf-8', errors='replace') as fh:
                src[f] = fh.read()
            if f.endswith(('.c', '.h')):
                outside.update(os.path.basename(h) for h in SYSTEM_INCLUDE.findall(src[f]))
    found = []
    for f in sorted(src):
        for off, text in texts_of(f, src[f]):
            for m in FILE_NAME.finditer(text):
                name = m.group(1)
                if name.startswith(('./', '../')):  # a doc's link
                    name = os.path.normpath(os.path.join(os.path.dirname(f), name))
                base = os.path.basename(name)
                stem = base[:-2]
                if base in outside or 'NAME' in stem or stem == 'FILE':
                    continue
                if '/' not in name and base in where:
                    continue
                if any(p == name or p.endswith('/' + name)
                       for p in where.get(base, [])):
                    continue
                line = src[f].count('\n', 0, off + m.start()) + 1
                now = where.get(base)
                found.append(f'{f}:{line}: {name} is no file of the tree'
                             + (f' ({base} is {", ".join(now)})' if now else ''))
    return found


def folder_order(doc):
    """The folders of the table in `doc`'s "## The folders", top first."""
    text = open(doc, encoding='utf-8').read()
    part = text.split('## The folders', 1)[1].split('\n## ', 1)[0]
    order = re.findall(r'^\| `([\w/.-]+)/` \|', part, re.M)
    return [f for f in order if f != 'tests']


def layer_of(path, order):
    """The longest folder of `order` that holds `path`, or None."""
    best = None
    for f in order:
        if path.startswith(f + '/') and (best is None or len(f) > len(best)):
            best = f
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--doc', default=os.path.join(ROOT, 'docs', 'architecture.md'))
    ap.add_argument('--allow', type=int, default=2,
                    help='arrows against the order that are tolerated')
    ap.add_argument('--order', nargs='+', help='folders, top first (else the doc)')
    ap.add_argument('-v', '--verbose', action='store_true')
    ap.add_argument('--names-only', action='store_true',
                    help='check the stale names alone')
    ap.add_argument('--root', default=ROOT, help='the tree (for --names-only)')
    a = ap.parse_args()
    stale = stale_names(a.root)
    for line in stale:
        print('stale name: ' + line)
    if a.names_only:
        print(f'layers: {len(stale)} stale names')
        return 1 if stale else 0
    order = a.order or folder_order(a.doc)
    rank = {f: i for i, f in enumerate(order)}

    files = []
    for f in order:
        for d, dirs, names in os.walk(os.path.join(ROOT, f)):
            dirs[:] = sorted(x for x in dirs if not x.startswith('.'))
            for n in sorted(names):
                if n.endswith(('.c', '.h')):
                    p = os.path.relpath(os.path.join(d, n), ROOT)
                    if layer_of(p, order) == f:
                        files.append(p)
    by_name = {}
    for p in files:
        by_name.setdefault(os.path.basename(p), []).append(p)

    def module(p):
        return p[:-2]

    src = {}
    for p in files:
        with open(os.path.join(ROOT, p), encoding='utf-8', errors='replace') as fh:
            src[p] = fh.read()

    edges = {}      # module -> {module: why}
    n_inc = 0
    unknown = []
    for p in files:
        for inc in INCLUDE.findall(src[p]):
            here = os.path.normpath(os.path.join(os.path.dirname(p), inc))
            if here in src:
                target = here
            elif len(by_name.get(os.path.basename(inc), [])) == 1:
                target = by_name[os.path.basename(inc)][0]
            elif by_name.get(os.path.basename(inc)):
                unknown.append(f'{p}: "{inc}" is more than one file: '
                               + ', '.join(by_name[os.path.basename(inc)]))
                continue
            else:
                continue            # a system or generated header
            n_inc += 1
            if module(target) != module(p):
                edges.setdefault(module(p), {}).setdefault(module(target), f'includes {inc}')

    defined = {}
    for p in files:
        if p.endswith('.c'):
            code = STRING.sub('""', COMMENT.sub(' ', src[p]))
            for name in DEFN.findall(code):
                defined.setdefault(name, set()).add(p)
    for p in files:
        if not p.endswith('.c'):
            continue
        code = STRING.sub('""', COMMENT.sub(' ', src[p]))
        for name in set(CALL.findall(code)) - {'defined'}:  # the preprocessor's
            where = defined.get(name, set())
            if p in where or len(where) != 1:
                continue
            target = next(iter(where))
            if module(target) != module(p):
                edges.setdefault(module(p), {}).setdefault(module(target), f'calls {name}')

    # circles: strongly connected components (Tarjan, iterative)
    index, low, on, stack, sccs, counter = {}, {}, set(), [], [], [0]
    nodes = sorted({module(p) for p in files})
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, {}))))]
        index[root] = low[root] = counter[0]; counter[0] += 1
        stack.append(root); on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]; counter[0] += 1
                    stack.append(w); on.add(w)
                    work.append((w, iter(sorted(edges.get(w, {})))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop(); on.discard(w); comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        sccs.append(sorted(comp))
    for comp in sccs:
        print('cycle: ' + ' <-> '.join(comp))
        for v in comp:
            for w, why in sorted(edges.get(v, {}).items()):
                if w in comp:
                    print(f'  {v} -> {w}: {why}')

    against = []
    for v, outs in sorted(edges.items()):
        for w, why in sorted(outs.items()):
            lv, lw = layer_of(v + '.c', order), layer_of(w + '.c', order)
            if lv != lw and rank[lw] < rank[lv]:
                against.append(f'{v} -> {w} ({lv}/ -> {lw}/, above it): {why}')
    for line in against:
        print('against the order: ' + line)
    for line in unknown:
        print('ambiguous: ' + line)
    if a.verbose:
        for v, outs in sorted(edges.items()):
            for w, why in sorted(outs.items()):
                print(f'{v} -> {w}: {why}')
    print(f'layers: {len(files)} files, {n_inc} includes, {len(sccs)} cycles, '
          f'{len(against)} against the order (allowed {a.allow}), '
          f'{len(stale)} stale names'
          + (f', {len(unknown)} ambiguous includes' if unknown else ''))
    return 1 if sccs or len(against) > a.allow or unknown or stale else 0


if __name__ == '__main__':
    sys.exit(main())
