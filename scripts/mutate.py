#!/usr/bin/env python3
"""The mutation check of issue 22: does the suite notice a broken
implementation?

One small mutation at a time is applied to the engine's Python modules
(every gpuarray/_engine/*.py): a comparison or arithmetic operator
swapped, `and`/`or` swapped, an int or bool constant changed, an argument
check (`if ...: raise`) dropped, a keyword argument dropped from a call.
With --c, a few hand-picked mutations of C functions follow (the extension
is rebuilt for each).  For every mutant the tests mapped to its module
(TESTS: whole fast files and selected tests of the slow ones) run with
pytest -x; the mutant is killed when they fail (or time out).  Files are
restored after every run (also on Ctrl-C), and the extension is rebuilt
clean after the C mutants.

    nice -n 10 env GPUARRAY_CACHE_DIR=... PYTHONPATH=. \
        python3 scripts/mutate.py -n 100 --c --json /tmp/mut.json
    # after writing tests for the survivors: re-run only those, and write
    # the report with both columns
    ... python3 scripts/mutate.py --resume /tmp/mut.json \
        --json /tmp/mut2.json --report docs/design/mutation.md

Which mutants: every mutable node of every module is enumerated from the
AST (the same list while the modules do not change) and --seed picks -n
of them.  Excluded before the draw, and counted in the report:
- nodes on a line marked `# mutate: skip[ kinds]: <reason>` (at its end,
  or on a comment line of its own just above a statement: then all its
  lines), or listed in SKIP (lines of modules that other sessions are
  editing): a mutation there is provably equivalent (an lru_cache size,
  the length of a dtype probe); kinds: `const`, `const=4` (that value
  only), `cmp=GtE` (that operator only), `drop-kwarg`, ... (all kinds
  when left out); the reason is required and goes into the report;
- string-building operators run at import (`"..." + RNG` in docs.py):
  the mutant cannot import at all, so it is no test of the suite.
"""
import argparse
import ast
import copy
import glob
import json
import os
import random
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINE = os.path.join(ROOT, "gpuarray", "_engine")

# Test selections, node-id prefixes (a file or file::test).  The slow files
# (reductions, ufuncs, indexing) are named by the tests that reach the
# module, so one mutant's run stays within seconds to a minute.
_SURV = "tests/project/test_mutation_survivors.py"
_SIG = "tests/project/test_signatures.py"   # by -k: (file, expression)
_SIG_RED = ("sum or prod or max or min or all or any or mean or cum or std "
            "or var or count_nonzero or ptp or average")
_RED = ["tests/math/test_reductions.py::" + t for t in (
    "test_sum_all_dtypes_axes", "test_prod", "test_min",
    "test_nan_sums_means", "test_out_keepdims_where_initial",
    "test_axis_errors", "test_empty_reductions", "test_cumsum_dtypes",
    "test_cumprod", "test_scan_out_and_accumulate", "test_ufunc_reduce",
    "test_size1_axes", "test_full_reduction_is_0d_array")]
SETS = {
    "creation": ["tests/creation/test_transfer_creation.py",
                 "tests/core/test_honoured_arguments.py",
                 "tests/core/test_ndarray_parity.py::test_array_ndmin_strides",
                 "tests/core/test_ndarray_parity.py::test_array_ndmax",
                 "tests/core/test_ndarray_parity.py::test_full_like_casts_"
                 "unsafely",
                 "tests/interop/test_strict_array.py"],
    "ufuncs": ["tests/math/test_elementwise_functions.py",
               "tests/ufuncs/test_ufuncs.py::test_integer_division_by_zero",
               "tests/ufuncs/test_ufuncs.py::test_power_negative_integer_"
               "exponent_raises",
               "tests/ufuncs/test_ufuncs.py::test_outer",
               "tests/ufuncs/test_ufuncs.py::test_scalar_promotion_is_numpy2",
               "tests/ufuncs/test_ufunc_at.py"],
    "reductions": ["tests/math/test_reductions_parity.py",
                   "tests/engine/test_reduction_op_table.py"] + _RED,
}
TESTS = {
    "arrays.py": SETS["creation"] + [_SURV, (_SIG, "array or like or copy")],
    "ufuncs.py": SETS["ufuncs"] + [_SURV, (_SIG, "clip or round or angle "
                                           "or nan_to_num")],
    "reduce.py": SETS["reductions"] + [_SURV, (_SIG, _SIG_RED)],
    "reduction_ops.py": SETS["reductions"] + [_SURV, (_SIG, _SIG_RED)],
    "scan.py": ["tests/math/test_reductions.py::test_cumsum_dtypes",
                "tests/math/test_reductions.py::test_cumprod",
                "tests/math/test_reductions.py::test_scan_out_and_accumulate",
                "tests/math/test_reductions_parity.py", _SURV],
    "operands.py": ["tests/indexing/test_indexing_advanced.py",
                    "tests/lib/test_misc_functions.py",
                    "tests/lib/test_extras.py", _SURV,
                    ("tests/lib/test_functions_more.py", "put or place or "
                     "choose or ravel or pad or insert or delete or gradient "
                     "or diff or convolve or float16 or dot or real or "
                     "iscomplex")],
    "flags.py": ["tests/core/test_flags_computed.py",
                 "tests/core/test_ndarray_parity.py::test_flags_compare_and_"
                 "hash_like_numpy",
                 "tests/core/test_ndarray_parity.py::test_flags_writebackif"
                 "copy_and_aligned_setters",
                 "tests/core/test_ndarray_parity.py::test_layout_flags_are_"
                 "read_only", _SURV],
    "lazy.py": ["tests/project/test_lazy_namespace.py",
                "tests/lib/test_misc_functions.py",
                "tests/ufuncs/test_ufunc_reduceat.py",
                "tests/ufuncs/test_ufunc_at.py", _SURV],
    "docs.py": ["tests/project/test_docstrings.py"],
    "tokenize.py": ["tests/dask/test_dask_contract.py", _SURV],
}

SWAP_CMP = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.LtE,
            ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
            ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.In: ast.NotIn,
            ast.NotIn: ast.In}
SWAP_BIN = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Add,
            ast.FloorDiv: ast.Mult, ast.Div: ast.Mult, ast.Mod: ast.FloorDiv,
            ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd}

# C mutants: (file, function, old text, new text, tests).  Each is one
# small semantic change; old must occur once in the file.
_LAYOUT = ["tests/ufuncs/test_ufunc_layouts.py",
           "tests/core/test_layout_parity.py"]
_VIEWS = ["tests/indexing/test_views_indexing.py",
          "tests/core/test_layout_parity.py", "tests/core/test_edge_parity.py"]
C_MUTANTS = [
    ("csrc/interop/host_views.c", "refuses_implicit",
     "return a->dev->kind != GPA_DEVICE_HOST || gpa_cfg.strict_array;",
     "return a->dev->kind != GPA_DEVICE_HOST;",
     ["tests/interop/test_strict_array.py"]),
    ("csrc/runtime/pool.c", "gpa_pool_free_blocks",
     "if (b->prev == NULL && b->next == NULL) {", "if (0) {",
     ["tests/cuda/test_pool_release.py", "tests/cuda/test_pool.py"]),
    ("csrc/runtime/host_backend.c", "host_event_elapsed",
     "GPA_EVENT_DISABLE_TIMING) {", "0) {",
     ["tests/core/test_honoured_arguments.py", "tests/cuda/test_streams.py"]),
    ("csrc/python/stream_py.c", "gpa_py_event_create",
     "dev->be->event_create(dev, flags, &e)",
     "dev->be->event_create(dev, 0, &e)",
     ["tests/core/test_honoured_arguments.py"]),
    # axes merged when only the first operand allows it
    ("csrc/ops/layout.c", "gpa_dims_sort_merge",
     "for (int k = 0; k < nmerge && ok; k++)",
     "for (int k = 0; k < 1 && ok; k++)", _LAYOUT),
    # reshape's no-copy test: the C-order check of merged axes dropped
    ("csrc/array/views.c", "nocopy_strides",
     ": ostr[ok] != odims[ok + 1] * ostr[ok + 1])",
     ": 0)", _VIEWS),
    # squeeze(axis=) of an axis longer than 1 no longer an error
    ("csrc/array/views.c", "array_squeeze",
     "if (mask[i] && axis != Py_None) {", "if (0) {", _VIEWS),
    # ravel/flatten order='A' of an F-ordered array read in C order
    ("csrc/array/views.c", "resolve_flat_order",
     "return f && !c ? 'F' : 'C';", "return 'C';", _VIEWS),
    # a slice of length 1 keeps the base pointer (a[3:4] reads a[0])
    ("csrc/array/indexing.c", "basic_view",
     "if (len > 0)\n                data += start", "if (len > 1)\n"
     "                data += start", _VIEWS),
    # the min of an unsigned type starts from the signed maximum
    ("csrc/ops/reduction_defs.c", "build_extremum",
     "bits == 64 ? ~0ULL : (1ULL << bits) - 1);",
     "bits == 64 ? ~0ULL : (1ULL << (bits - 1)) - 1);",
     ["tests/math/test_reductions.py::test_min",
      "tests/math/test_reductions.py::test_max_all_dtypes_axes",
      "tests/math/test_reductions_parity.py", _SURV]),
]

PRAGMA = re.compile(r"#\s*mutate:\s*skip(?:\s+([\w,=-]+))?:\s*(\S.*)$")

# The same, for lines of modules other sessions are editing (no comment
# added there): (module, the line's text stripped, kinds or None, reason).
SKIP = [
    ("arrays.py", "like=None, blocking=False):", {"const"},
     "blocking=True only adds a _synchronize() before returning: no value, "
     "dtype, layout or error differs"),
]


def _in_functions(tree):
    """ids of the nodes inside a function (not run at import)."""
    inner = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                             ast.Lambda)):
            inner.update(id(n) for n in ast.walk(node))
    return inner


def _str_names(tree):
    """Module-level names bound to a string constant."""
    return {t.id for node in tree.body if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
            for t in node.targets if isinstance(t, ast.Name)}


def _is_str(node, names):
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) \
        or isinstance(node, ast.JoinedStr) or \
        (isinstance(node, ast.Name) and node.id in names)


def sites(tree, text="", module=""):
    """(kind, node index) of every mutable node, and the excluded ones as
    (kind, node index, why)."""
    # a simple statement's lines, by its first line (a pragma above it
    # covers all of them)
    span = {node.lineno: node.end_lineno for node in ast.walk(tree)
            if isinstance(node, ast.stmt) and not isinstance(node, (
                ast.If, ast.For, ast.While, ast.With, ast.Try,
                ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))}
    skip, pending = {}, None
    for n, line in enumerate(text.splitlines(), 1):
        comment = line.lstrip().startswith("#")
        if pending and not comment:
            for k in range(n, span.get(n, n) + 1):
                skip[k] = pending
            pending = None
        m = PRAGMA.search(line)
        if m:
            kinds = set(m.group(1).split(",")) if m.group(1) else None
            # on a comment line of its own it marks the next code line
            if comment:
                pending = (kinds, m.group(2).strip())
            else:
                skip[n] = (kinds, m.group(2).strip())
        for mod, src, kinds, why in SKIP:
            if module == mod and line.strip() == src:
                skip[n] = (kinds, why)
    inner, names = _in_functions(tree), _str_names(tree)
    out, excluded = [], []
    for i, node in enumerate(ast.walk(tree)):
        kind = None
        if isinstance(node, ast.Compare) and type(node.ops[0]) in SWAP_CMP:
            kind = "cmp"
        elif isinstance(node, ast.BinOp) and type(node.op) in SWAP_BIN:
            kind = "bin"
        elif isinstance(node, ast.BoolOp):
            kind = "bool"
        elif isinstance(node, ast.Constant) and type(node.value) in (
                int, bool):
            kind = "const"
        elif isinstance(node, ast.If) and len(node.body) == 1 and \
                isinstance(node.body[0], ast.Raise):
            kind = "drop-check"
        elif isinstance(node, ast.Call) and node.keywords:
            kind = "drop-kwarg"
        if kind is None:
            continue
        line = getattr(node, "lineno", 0)
        marked = skip.get(line, (set(), ""))[0]
        if line in skip and (marked is None or kind in marked or (
                kind == "const" and "const=%r" % node.value in marked) or (
                kind == "cmp" and "cmp=" + type(node.ops[0]).__name__
                in marked)):
            excluded.append((kind, i, "equivalent: " + skip[line][1]))
        elif kind == "bin" and id(node) not in inner and (
                _is_str(node.left, names) or _is_str(node.right, names)):
            excluded.append((kind, i, "stillborn: string operator run at "
                             "import"))
        else:
            out.append((kind, i))
    return out, excluded


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
        what = "keyword %s= dropped" % (kw.arg or "**")
    ast.fix_missing_locations(t)
    return t, "line %d: %s" % (line, what)


def _where(sel):
    """A selection's file by its name wherever it lives under tests/."""
    path, sep, rest = sel.partition("::")
    if not os.path.exists(os.path.join(ROOT, path)):
        hits = glob.glob(os.path.join(ROOT, "tests", "**",
                                      os.path.basename(path)), recursive=True)
        if len(hits) != 1:
            raise SystemExit("mutate.py: no single test file %s" % path)
        path = os.path.relpath(hits[0], ROOT)
    return path + sep + rest


def run_tests(sels, timeout):
    """'killed' when the selection fails, 'survived' when it passes.  The
    node ids run in one pytest process, each (file, -k expression) in one
    more; the first failure ends the run."""
    # the survivors' tests first: they kill most (the order changes no
    # verdict, only how soon -x stops)
    plain = sorted(dict.fromkeys(s for s in sels if isinstance(s, str)),
                   key=lambda s: s != _SURV)
    plain = [_where(s) for s in plain]
    runs = [plain] + [[_where(s[0]), "-k", s[1]] for s in sels
                      if not isinstance(s, str)]
    end = time.time() + timeout
    for args in runs:
        try:
            r = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q",
                                "-p", "no:cacheprovider", *args], cwd=ROOT,
                               env=dict(os.environ), capture_output=True,
                               text=True, timeout=max(end - time.time(), 1))
        except subprocess.TimeoutExpired:
            return "killed (timeout)", ""
        if r.returncode == 5:
            raise SystemExit("mutate.py: no tests ran: %s" % args)
        if r.returncode != 0:
            fail = [ln for ln in r.stdout.splitlines()
                    if ln.startswith(("FAILED", "ERROR"))]
            return "killed", (fail[0][:160] if fail else
                              "pytest exit %d" % r.returncode)
    return "survived", ""


def _drop_pyc(path):
    # the mutant and the restored module may share an mtime second
    base = os.path.splitext(os.path.basename(path))[0]
    for pyc in glob.glob(os.path.join(os.path.dirname(path), "__pycache__",
                                      base + ".*.pyc")):
        os.unlink(pyc)


def pool():
    """Every candidate mutant (module, kind, index) and every excluded one
    (module, kind, index, why), in a fixed order."""
    cand, excl = [], []
    for path in sorted(glob.glob(os.path.join(ENGINE, "*.py"))):
        mod = os.path.basename(path)
        text = open(path).read()
        ok, no = sites(ast.parse(text), text, mod)
        if (ok or no) and mod not in TESTS:
            raise SystemExit("mutate.py: no tests mapped for " + mod)
        cand += [(mod, k, i) for k, i in ok]
        excl += [(mod, k, i, why) for k, i, why in no]
    return cand, excl


def python_mutants(n, seed):
    cand, _ = pool()
    random.Random(seed).shuffle(cand)
    return cand[:n]


_KEYS = {}


def _keys(text):
    """Every node's key, by AST index: what names a mutant apart from its
    index (which any edit of the module shifts) -- the node's source text,
    its line's text and column, and nth, how many nodes before it have
    the same (two `if copy is False:` lines)."""
    if text not in _KEYS:
        lines, seen, out = text.splitlines(), {}, []
        for node in ast.walk(ast.parse(text)):
            if not hasattr(node, "lineno"):
                out.append(None)
                continue
            k = (ast.get_source_segment(text, node) or "",
                 lines[node.lineno - 1].strip(), node.col_offset,
                 type(node).__name__)
            out.append({"code": k[0], "line_text": k[1], "col": k[2],
                        "nth": seen.get(k, 0)})
            seen[k] = seen.get(k, 0) + 1
        _KEYS[text] = out
    return _KEYS[text]


def _key(text, idx):
    return _keys(text)[idx]


# Lines edited after the first run (a survivor there showed a bug): the
# resume looks the mutant up on the new line.  (module, old line) ->
# (new line, new source of the mutated node, or None when unchanged).
REMAP = {
    ("ufuncs.py", "o = None if out is None else _np.zeros("):
        ("o = None if out is None else _np.zeros((1,) * out.ndim, "
         "out.dtype)", None),
    ("ufuncs.py", "_np.around(_np.zeros((1,) * (a.ndim > 0), a.dtype), "
     "decimals,"):
        ("_np.around(_np.zeros((1,) * a.ndim, a.dtype), decimals,",
         "_np.around(_np.zeros((1,) * a.ndim, a.dtype), decimals,\n"
         "                   # mutate: skip const: only the cast is probed "
         "here\n                   out=_np.zeros((1,) * out.ndim, "
         "out.dtype))"),
    ("ufuncs.py", "out=_np.zeros((1,) * (out.ndim > 0), out.dtype))"):
        ("out=_np.zeros((1,) * out.ndim, out.dtype))", None),
}


def _find(mod, row):
    """The index of row's mutant in the module as it is now; None when that
    code is gone (edited since the first run); the reason when its line is
    now marked equivalent."""
    text = open(os.path.join(ENGINE, mod)).read()
    ok, no = sites(ast.parse(text), text, mod)
    want = {"code": row["code"], "line_text": row["line_text"],
            "col": row["col"], "nth": row.get("nth", 0)}
    for attempt in (0, 1):
        hits = [i for k, i in ok
                if k == row["kind"] and _key(text, i) == want]
        if len(hits) == 1:
            return hits[0]
        why = [w for k, i, w in no
               if k == row["kind"] and _key(text, i) == want]
        if why:
            return why[0]
        new = REMAP.get((mod, row["line_text"]))
        if new is None:
            return None
        want = dict(want, line_text=new[0], code=new[1] or row["code"])
    return None


def run_python(chosen, timeout):
    rows = []
    for mod, kind, idx in chosen:
        path = os.path.join(ENGINE, mod)
        text = open(path).read()
        tree, what = mutate(ast.parse(text), kind, idx)
        t0 = time.time()
        try:
            open(path, "w").write(ast.unparse(tree) + "\n")
            _drop_pyc(path)
            res, why = run_tests(TESTS[mod], timeout)
        finally:
            open(path, "w").write(text)
            _drop_pyc(path)
        rows.append({"where": "_engine/" + mod, "kind": kind, "index": idx,
                     "what": what, "result": res, "by": why,
                     "s": round(time.time() - t0)} | _key(text, idx))
        print("%-26s %-10s %-40s %s %s" % (rows[-1]["where"], kind, what,
                                           res, why), flush=True)
    return rows


def _build():
    env = dict(os.environ, GPUARRAY_NO_PRECOMPILE="1")
    return subprocess.run([sys.executable, "setup.py", "-q", "build_ext",
                           "--inplace", "-j", "2"], cwd=ROOT, env=env,
                          capture_output=True).returncode


def run_c(mutants, timeout):
    rows = []
    try:
        for path, fn, old, new, tests in mutants:
            full = os.path.join(ROOT, path)
            text = open(full).read()
            if text.count(old) != 1:
                raise SystemExit("mutate.py: %r not once in %s" % (old, path))
            t0 = time.time()
            try:
                open(full, "w").write(text.replace(old, new, 1))
                res, why = ("build failed", "") if _build() else \
                    run_tests(tests + [_SURV], timeout)
            finally:
                open(full, "w").write(text)
            rows.append({"where": path + ":" + fn, "kind": "c",
                         "what": "%s -> %s" % (old, new), "result": res,
                         "by": why, "s": round(time.time() - t0)})
            print("%-26s %-10s %-40s %s %s" % (rows[-1]["where"], "c",
                                               rows[-1]["what"], res, why),
                  flush=True)
    finally:
        if _build():
            print("mutate.py: the clean rebuild failed", file=sys.stderr)
    return rows


def baseline(timeout):
    """Every module's selection passes unmutated (else every mutant would
    read as killed); returns the seconds each took."""
    took = {}
    for mod in sorted(TESTS):
        t0 = time.time()
        res, why = run_tests(TESTS[mod], timeout)
        took[mod] = round(time.time() - t0)
        print("baseline %-18s %s %ss %s" % (mod, res, took[mod], why),
              flush=True)
        if res != "survived":
            raise SystemExit("mutate.py: %s's tests fail unmutated" % mod)
    return took


def _killed(rows, key="result"):
    return sum(r[key].startswith("killed") for r in rows)


MARK = "<!-- scripts/mutate.py writes what follows -->"


def report(path, data, cmd):
    rows = data["rows"]
    excl = data["excluded"]
    for r in rows:
        r.setdefault("final", r["result"])
    first, last = _killed(rows), _killed(rows, "final")
    n = len(rows)
    by_why = {}
    for e in excl:
        by_why.setdefault(e[3], []).append(e)
    # the hand-written analysis above the marker stays as it is
    head = "# Mutation check (issue 22)\n\n"
    if os.path.exists(path) and MARK in open(path).read():
        head = open(path).read().split(MARK)[0]
    with open(path, "w") as f:
        w = f.write
        w(head + MARK + "\n\n")
        w("## Numbers\n\n")
        w("- mutants drawn: %d Python (seed %d, from %d candidates) + %d C\n"
          % (data["n_python"], data["seed"], data["candidates"],
             n - data["n_python"]))
        w("- excluded from the candidates (in the modules as they are "
          "now): %d sites\n" % len(excl))
        for why, es in sorted(by_why.items()):
            lines = sorted({"%s:%d" % (e[0], e[4]) for e in es})
            w("  - %d: %s (%s)\n" % (len(es), why, ", ".join(lines)))
        w("- first run: **%d of %d killed (%.0f%%)**\n"
          % (first, n, 100.0 * first / n))
        w("- after the new tests (survivors re-run): **%d of %d killed "
          "(%.0f%%)**" % (last, n, 100.0 * last / n))
        gone = sum(r["final"] == "gone" for r in rows)
        alive = sum(r["final"] == "survived" for r in rows)
        eq = sum(r["final"] == "equivalent" for r in rows)
        w("; %d survive (explained above), %d proved equivalent (their "
          "lines now marked), %d gone (the code they mutated was replaced "
          "or removed, above)\n" % (alive, eq, gone))
        w("- **mutation score: %d killed of the %d non-equivalent mutants "
          "(%.0f%%)**, gone ones counted as not killed\n\n"
          % (last, n - eq, 100.0 * last / (n - eq)))
        w("Reproduce:\n\n```\n%s\n```\n\n" % cmd)
        w("## Every mutant\n\n| where | kind | mutation | code | first run "
          "| final | s | first failing test |\n"
          "|---|---|---|---|---|---|---|---|\n")
        for r in rows:
            code = r.get("code", "").replace("\n", " ")
            w("| %s | %s | `%s` | %s | %s | %s | %s | %s |\n" % (
                r["where"], r["kind"],
                r["what"].replace("|", "\\|").replace("\n", " "),
                "`%s`" % (code[:60].replace("|", "\\|")) if code else "",
                r["result"], r["final"], r["s"],
                (r.get("final_by") or r["by"]).replace("|", "\\|")))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=22)
    ap.add_argument("--c", action="store_true")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--json", help="write the results here")
    ap.add_argument("--resume", help="results of an earlier run: re-run "
                    "only its survivors (the final column)")
    ap.add_argument("--report", help="write the markdown report here")
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument("--baseline-only", action="store_true")
    ap.add_argument("--list", action="store_true",
                    help="print the drawn mutants and the exclusions only")
    args = ap.parse_args()
    cand, excl = pool()
    if args.list:
        for m in python_mutants(args.n, args.seed):
            print(m[0], mutate(ast.parse(open(os.path.join(
                ENGINE, m[0])).read()), m[1], m[2])[1])
        for e in excl:
            print("excluded", e)
        return
    trees = {}

    def line_of(mod, idx):
        if mod not in trees:
            trees[mod] = list(ast.walk(ast.parse(open(os.path.join(
                ENGINE, mod)).read())))
        return getattr(trees[mod][idx], "lineno", 0)

    excl_rows = [(m, k, i, why, line_of(m, i)) for m, k, i, why in excl]
    if not args.no_baseline:
        baseline(args.timeout)
    if args.baseline_only:
        return
    if args.resume:
        data = json.load(open(args.resume))
        for r in data["rows"]:
            r.setdefault("final", r["result"])
            if r["final"] != "survived":
                continue
            if r["kind"] == "c":
                c = [m for m in C_MUTANTS if "%s -> %s" % (m[2], m[3])
                     == r["what"]]
                new = run_c(c, args.timeout)[0]
            else:
                mod = r["where"].split("/")[1]
                idx = _find(mod, r)
                if idx is None:
                    r["final"], r["final_by"] = "gone", "the code was edited"
                    continue
                if isinstance(idx, str):
                    r["final"], r["final_by"] = "equivalent", idx
                    continue
                new = run_python([(mod, r["kind"], idx)], args.timeout)[0]
            r["final"], r["final_by"] = new["result"], new["by"]
    else:
        rows = run_python(python_mutants(args.n, args.seed), args.timeout)
        if args.c:
            rows += run_c([m for m in C_MUTANTS], args.timeout)
        data = {"seed": args.seed, "n_python": min(args.n, len(cand)),
                "candidates": len(cand), "rows": rows}
    data["excluded"] = excl_rows
    rows = data["rows"]
    k = _killed(rows, "final" if args.resume else "result")
    print("killed %d of %d (%.0f%%)" % (k, len(rows), 100.0 * k / len(rows)))
    if args.json:
        json.dump(data, open(args.json, "w"), indent=1)
    if args.report:
        report(args.report, data, "nice -n 10 env GPUARRAY_CACHE_DIR=... "
               "PYTHONPATH=. python3 scripts/mutate.py -n %d --seed %d --c "
               "--json run1.json\n# tests for the survivors written, then:\n"
               "nice -n 10 env GPUARRAY_CACHE_DIR=... PYTHONPATH=. python3 "
               "scripts/mutate.py --resume run1.json --json run2.json "
               "--report docs/design/mutation.md"
               % (data["n_python"], data["seed"]))


if __name__ == "__main__":
    main()
