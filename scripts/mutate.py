#!/usr/bin/env python3
"""A small mutation check (issue 22): does the suite notice a broken
implementation?

Applies one small mutation at a time to the engine's Python modules
(gpuarray/_engine/*.py) -- a comparison or arithmetic operator swapped, a
constant changed, an argument check (`if ...: raise`) dropped, a keyword
argument dropped from a call -- and, with --c, a few hand-picked
mutations of C functions (rebuilding the extension each time).  For each
mutant it runs the test files that cover that module (pytest -x) and
counts the mutant killed when they fail.  The module is restored after
every run (also on Ctrl-C).  Usage:

    GPUARRAY_CACHE_DIR=... python3 scripts/mutate.py [-n 40] [--c]
        [--seed 22] [--report docs/design/mutation.md]

The site list is enumerated from the AST, so the same seed picks the
same mutants while the modules do not change.
"""
import argparse
import ast
import copy
import os
import random
import re
import glob
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# module -> the fast test files that exercise it
TESTS = {
    "flags.py": ["tests/test_flags_computed.py"],
    "arrays.py": ["tests/test_honoured_arguments.py",
                  "tests/test_strict_array.py", "tests/test_signatures.py"],
    "reduce.py": ["tests/test_signatures.py",
                  "tests/test_honoured_arguments.py"],
    "reduction_ops.py": ["tests/test_signatures.py",
                         "tests/test_honoured_arguments.py"],
    "operands.py": ["tests/test_signatures.py", "tests/test_misc_functions.py"],
    "scan.py": ["tests/test_signatures.py", "tests/test_misc_functions.py"],
    "ufuncs.py": ["tests/test_signatures.py", "tests/test_ufunc_at.py",
                  "tests/test_elementwise_functions.py"],
    "lazy.py": ["tests/test_lazy_namespace.py", "tests/test_signatures.py"],
}

SWAP_CMP = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.LtE,
            ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
            ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.In: ast.NotIn,
            ast.NotIn: ast.In}
SWAP_BIN = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Add,
            ast.FloorDiv: ast.Mult, ast.Div: ast.Mult, ast.Mod: ast.FloorDiv,
            ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd}

# (file, function, old text, new text): C mutants, each a one-place edit
C_MUTANTS = [
    ("csrc/interop/host_views.c", "refuses_implicit",
     "return a->dev->kind != GPA_DEVICE_HOST || gpa_cfg.strict_array;",
     "return a->dev->kind != GPA_DEVICE_HOST;"),
    ("csrc/runtime/pool.c", "gpa_pool_free_blocks",
     "if (b->prev == NULL && b->next == NULL) {",
     "if (0) {"),
    ("csrc/runtime/host_backend.c", "host_event_elapsed",
     "GPA_EVENT_DISABLE_TIMING) {", "0) {"),
    ("csrc/python/stream_py.c", "gpa_py_event_create",
     "dev->be->event_create(dev, flags, &e)",
     "dev->be->event_create(dev, 0, &e)"),
]


def sites(tree):
    """(kind, node index, description) for every mutable node."""
    out = []
    for i, node in enumerate(ast.walk(tree)):
        if isinstance(node, ast.Compare) and type(node.ops[0]) in SWAP_CMP:
            out.append(("cmp", i))
        elif isinstance(node, ast.BinOp) and type(node.op) in SWAP_BIN:
            out.append(("bin", i))
        elif isinstance(node, ast.BoolOp):
            out.append(("bool", i))
        elif isinstance(node, ast.Constant) and type(node.value) in (
                int, bool) and not isinstance(node.value, str):
            out.append(("const", i))
        elif isinstance(node, ast.If) and len(node.body) == 1 and \
                isinstance(node.body[0], ast.Raise):
            out.append(("drop-check", i))
        elif isinstance(node, ast.Call) and node.keywords:
            out.append(("drop-kwarg", i))
    return out


def mutate(tree, kind, index):
    """A mutated copy of tree and a one-line description."""
    t = copy.deepcopy(tree)
    node = list(ast.walk(t))[index]
    line = getattr(node, "lineno", 0)
    if kind == "cmp":
        old = type(node.ops[0])
        node.ops[0] = SWAP_CMP[old]()
        what = "%s -> %s" % (old.__name__, SWAP_CMP[old].__name__)
    elif kind == "bin":
        old = type(node.op)
        node.op = SWAP_BIN[old]()
        what = "%s -> %s" % (old.__name__, SWAP_BIN[old].__name__)
    elif kind == "bool":
        old = type(node.op)
        node.op = ast.Or() if old is ast.And else ast.And()
        what = "%s -> %s" % (old.__name__, type(node.op).__name__)
    elif kind == "const":
        v = node.value
        node.value = (not v) if isinstance(v, bool) else v + 1
        what = "%r -> %r" % (v, node.value)
    elif kind == "drop-check":
        node.test = ast.Constant(False)
        what = "argument check dropped (if ...: raise)"
    else:
        kw = node.keywords.pop(0)
        what = "keyword %s= dropped" % kw.arg
    ast.fix_missing_locations(t)
    return t, "line %d: %s" % (line, what)


def _where(path):
    """A test file by its name wherever it lives under tests/ (the files
    sit in chapter folders: tests/<chapter>/test_*.py)."""
    if os.path.exists(os.path.join(ROOT, path)):
        return path
    hits = glob.glob(os.path.join(ROOT, "tests", "**", os.path.basename(path)),
                     recursive=True)
    if len(hits) != 1:
        raise SystemExit("mutate.py: no single test file %s" % path)
    return os.path.relpath(hits[0], ROOT)


def run_tests(files, timeout):
    files = [_where(f) for f in files]
    env = dict(os.environ)
    try:
        r = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q",
                            "-p", "no:cacheprovider", *files], cwd=ROOT,
                           env=env, capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return "killed (timeout)"
    return "survived" if r.returncode == 0 else "killed"


def python_mutants(n, seed):
    rng = random.Random(seed)
    pool = []
    for mod in sorted(TESTS):
        path = os.path.join(ROOT, "gpuarray", "_engine", mod)
        tree = ast.parse(open(path).read())
        pool += [(mod, k, i) for k, i in sites(tree)]
    rng.shuffle(pool)
    return pool[:n]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=40)
    ap.add_argument("--seed", type=int, default=22)
    ap.add_argument("--c", action="store_true")
    ap.add_argument("--timeout", type=int, default=240)
    ap.add_argument("--report")
    ap.add_argument("--survivors", help="a log of an earlier run: rerun "
                    "only its survivors (with --extra test files)")
    ap.add_argument("--extra", action="append", default=[])
    args = ap.parse_args()
    rows = []
    chosen = python_mutants(args.n, args.seed)
    if args.survivors:
        pat = re.compile(r"^_engine/(\S+)\s+\S+\s+(line \d+: .*?)\s+"
                         r"survived$")
        alive = {m.groups() for m in map(pat.match, open(args.survivors))
                 if m}
        chosen = []
        for mod, kind, idx in python_mutants(10 ** 6, args.seed):
            path = os.path.join(ROOT, "gpuarray", "_engine", mod)
            what = mutate(ast.parse(open(path).read()), kind, idx)[1]
            if (mod, what) in alive:
                chosen.append((mod, kind, idx))
    for mod, kind, idx in chosen:
        path = os.path.join(ROOT, "gpuarray", "_engine", mod)
        text = open(path).read()
        tree, what = mutate(ast.parse(text), kind, idx)
        t0 = time.time()
        try:
            open(path, "w").write(ast.unparse(tree) + "\n")
            res = run_tests(TESTS[mod] + args.extra, args.timeout)
        finally:
            open(path, "w").write(text)
        rows.append(("_engine/" + mod, kind, what, res, time.time() - t0))
        print("%-26s %-11s %-44s %s" % rows[-1][:4], flush=True)
    if args.c and not args.survivors:
        for path, fn, old, new in C_MUTANTS:
            full = os.path.join(ROOT, path)
            text = open(full).read()
            assert old in text, (path, old)
            t0 = time.time()
            try:
                open(full, "w").write(text.replace(old, new, 1))
                b = subprocess.run([sys.executable, "setup.py", "-q",
                                    "build_ext", "--inplace", "-j", "2"],
                                   cwd=ROOT, capture_output=True)
                res = "build failed" if b.returncode else run_tests(
                    ["tests/test_honoured_arguments.py",
                     "tests/test_strict_array.py",
                     "tests/test_pool_release.py"], args.timeout)
            finally:
                open(full, "w").write(text)
            rows.append((path + ":" + fn, "c", "%s -> %s" % (old, new), res,
                         time.time() - t0))
            print("%-26s %-11s %-44s %s" % rows[-1][:4], flush=True)
        subprocess.run([sys.executable, "setup.py", "-q", "build_ext",
                        "--inplace", "-j", "2"], cwd=ROOT,
                       capture_output=True)
    killed = sum(r[3].startswith("killed") for r in rows)
    print("killed %d of %d (%.0f%%)" % (killed, len(rows),
                                        100.0 * killed / max(len(rows), 1)))
    if args.report:
        with open(args.report, "w") as f:
            f.write("| where | kind | mutation | result | s |\n"
                    "|---|---|---|---|---|\n")
            for r in rows:
                f.write("| %s | %s | `%s` | %s | %.0f |\n"
                        % (r[0], r[1], r[2].replace("|", "\\|"), r[3], r[4]))
            f.write("\nkilled %d of %d (%.0f%%)\n" % (
                killed, len(rows), 100.0 * killed / max(len(rows), 1)))


if __name__ == "__main__":
    main()
