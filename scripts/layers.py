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

  scripts/layers.py [--doc docs/architecture.md] [--allow 2] [--order F ...]
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
    a = ap.parse_args()
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
          f'{len(against)} against the order (allowed {a.allow})'
          + (f', {len(unknown)} ambiguous includes' if unknown else ''))
    return 1 if sccs or len(against) > a.allow or unknown else 0


if __name__ == '__main__':
    sys.exit(main())
