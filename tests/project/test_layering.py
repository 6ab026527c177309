"""The import rules of gpuarray's Python layer (issue 14), checked by an AST
walk over every module (docs/design/architecture.md, "Python layer"):

1. `_engine` imports only the C core (`gpuarray._core`), NumPy, the
   standard library and lower `_engine` modules.
2. A chapter imports `_engine` and the chapters *below* it in CHAPTERS,
   never one above, and never `gpuarray` itself (`import gpuarray`,
   `from gpuarray import x`, `from .. import x` where x is not a module).
3. No import cycles among gpuarray's modules (module-level imports).
4. Function-local imports only where a documented lazy load needs them:
   the import reaches a module that `import gpuarray` does not load, from
   a module that it does (Note [Lazy namespace] in _engine/lazy.py), or
   the edge is on LOCAL_ALLOWED with its reason.

The checker is plain functions over a {module: [Edge]} graph so that the
self-tests below can feed it synthetic graphs that break each rule.
"""
import ast
import collections
import os
import subprocess
import sys

import pytest

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "gpuarray")

# Lowest first.  A chapter may import those before it (and itself).
CHAPTERS = (
    "_core", "_engine", "cuda", "manipulation", "logic", "math",
    "creation", "indexing", "sorting", "ufuncs", "linalg", "statistics",
    "fft", "random", "kernels", "io", "interop", "emath", "lib",
    "polynomial", "testing",
    "dask",
    "_ndarray", "__main__", "precompile", "gpuarray",
)

# The exceptions, each with its reason: (importer chapter, imported
# chapter or "gpuarray" for the package namespace) -> why.  Everything
# else follows rules 1-4 with no exception.
LOCAL_ALLOWED = {
    ("interop", "gpuarray"): "__array_function__/__array_ufunc__ and "
                             "get_array_module resolve NumPy's names in "
                             "gpuarray's public namespace",
    ("__main__", "gpuarray"): "`python -m gpuarray` is a user of the "
                              "public API",
    ("linalg", "kernels"): "integer products launch their one kernel of "
                           "our own through RawKernel, on first use "
                           "(Note [Integer GEMM] in linalg/_intgemm.py)",
    ("statistics", "kernels"): "histograms with few bins count in shared "
                               "memory through RawKernel on cuda, on first "
                               "use (Note [Privatized bin counts] in "
                               "statistics/_bin_kernel.py)",
    ("testing", "gpuarray"): "testing.parity's numpy_parity runs test "
                             "bodies with xp=gpuarray, the public namespace",
}

Edge = collections.namedtuple("Edge", "target line local")


def _modname(path):
    rel = os.path.relpath(path, os.path.dirname(ROOT))[:-3].split(os.sep)
    if rel[-1] == "__init__":
        rel = rel[:-1]
    return ".".join(rel)


def _is_module(dotted):
    p = os.path.join(os.path.dirname(ROOT), *dotted.split("."))
    return os.path.isdir(p) or os.path.exists(p + ".py") or \
        dotted == "gpuarray._core"


def _package_of(path, mod):
    return mod if path.endswith("__init__.py") else mod.rpartition(".")[0]


def scan(root=ROOT):
    """{module: [Edge]} for every gpuarray module; targets are module
    names, or 'gpuarray' for an import of the package namespace."""
    graph = {}
    for dirpath, _, files in os.walk(root):
        for f in sorted(files):
            if not f.endswith(".py"):
                continue
            path = os.path.join(dirpath, f)
            mod = _modname(path)
            pkg = _package_of(path, mod)
            tree = ast.parse(open(path).read(), path)
            local = set()
            for fn in ast.walk(tree):
                if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef,
                                   ast.Lambda)):
                    local |= {id(n) for n in ast.walk(fn)}
            edges = []
            for n in ast.walk(tree):
                if isinstance(n, ast.Import):
                    for a in n.names:
                        if a.name.split(".")[0] == "gpuarray":
                            edges.append(Edge(a.name, n.lineno,
                                              id(n) in local))
                elif isinstance(n, ast.ImportFrom):
                    if n.level:
                        base = pkg.split(".")
                        base = base[:len(base) - (n.level - 1)]
                        src = ".".join(base + ([n.module] if n.module
                                               else []))
                    elif (n.module or "").split(".")[0] == "gpuarray":
                        src = n.module
                    else:
                        continue
                    for a in n.names:
                        sub = src + "." + a.name
                        tgt = sub if _is_module(sub) else src
                        edges.append(Edge(tgt, n.lineno, id(n) in local))
            graph[mod] = edges
    return graph


def chapter(mod):
    parts = mod.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def eager_modules():
    """What `import gpuarray` loads (measured in a fresh interpreter)."""
    code = ("import sys, gpuarray\n"
            "print('\\n'.join(m for m in sys.modules "
            "if m == 'gpuarray' or m.startswith('gpuarray.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, check=True,
                         cwd=os.path.dirname(ROOT)).stdout
    return set(out.split())


def cycles(graph):
    """The import cycles among module-level imports (each as a list)."""
    adj = {m: sorted({e.target for e in es if not e.local and
                      e.target in graph and e.target != m})
           for m, es in graph.items()}
    # a package's __init__ importing its own submodules is no cycle
    # unless the submodule imports the package back: keep both edges.
    found, state, stack = [], {}, []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for t in adj.get(m, ()):
            if state.get(t) == 1:
                found.append(stack[stack.index(t):] + [t])
            elif t not in state:
                visit(t)
        stack.pop()
        state[m] = 2

    for m in sorted(adj):
        if m not in state:
            visit(m)
    return found


def violations(graph, eager, chapters=CHAPTERS, allowed=LOCAL_ALLOWED):
    rank = {c: i for i, c in enumerate(chapters)}
    bad = []
    for mod, edges in sorted(graph.items()):
        c = chapter(mod)
        for e in edges:
            where = "%s:%d imports %s" % (mod, e.line, e.target)
            if e.target == "gpuarray" and mod != "gpuarray":
                if (c, "gpuarray") not in allowed:
                    bad.append(where + ": the package namespace (rule 2)")
                continue
            t = chapter(e.target)
            if c not in rank or t not in rank:
                bad.append(where + ": chapter not in CHAPTERS")
                continue
            if c == "_engine" and t not in ("_engine", "_core"):
                bad.append(where + ": _engine imports only _core, NumPy "
                           "and _engine (rule 1)")
                continue
            if e.local:
                lazy_load = mod in eager and e.target not in eager
                if not lazy_load and (c, t) not in allowed and t != c:
                    bad.append(where + ": function-local import that is "
                               "no lazy load (rule 4)")
                elif not lazy_load and t == c:
                    bad.append(where + ": function-local import inside "
                               "one chapter (rule 4)")
                continue
            if rank[t] > rank[c]:
                bad.append(where + ": upward import %s -> %s (rule 2)"
                           % (c, t))
    for cyc in cycles(graph):
        bad.append("import cycle: " + " -> ".join(cyc) + " (rule 3)")
    return bad


# ------------------------------------------------------------ the rules

@pytest.fixture(scope="module")
def tree():
    """(scan(), eager_modules()) of this tree: every module parsed and a
    fresh interpreter's import, done once for the tests that read them."""
    return scan(), eager_modules()


def test_gpuarray_follows_the_import_rules(tree):
    bad = violations(*tree)
    assert not bad, "\n".join(bad)


def test_allow_list_is_short_and_used(tree):
    # five: two chapters launch one raw kernel of their own each; a third
    # such user should move RawKernel's launch below the chapters instead
    assert len(LOCAL_ALLOWED) <= 5
    graph, eager = tree
    used = {(chapter(m), chapter(e.target)) for m, es in graph.items()
            for e in es if e.target == "gpuarray" or
            (e.local and not (m in eager and e.target not in eager))}
    assert set(LOCAL_ALLOWED) <= used, set(LOCAL_ALLOWED) - used


def test_no_python_file_over_600_lines_and_no_grab_bags():
    for dirpath, _, files in os.walk(ROOT):
        for f in files:
            if f.endswith(".py"):
                n = sum(1 for _ in open(os.path.join(dirpath, f)))
                assert n <= 620, (f, n)
                assert f[:-3].strip("_") not in (
                    "misc", "extras", "functions", "utils", "helpers"), f


# ------------------------------------------------------------ self-tests

def _g(**edges):
    """A synthetic graph: module=[(target, local), ...]."""
    return {m.replace("__", "."): [Edge(t, 1, loc) for t, loc in es]
            for m, es in edges.items()}


def test_checker_accepts_a_clean_graph():
    g = _g(gpuarray___engine__a=[("gpuarray._core", False)],
           gpuarray__creation__b=[("gpuarray._engine.a", False)],
           gpuarray__sorting__c=[("gpuarray.creation.b", False)])
    assert violations(g, eager=set(g)) == []


def test_checker_finds_a_cycle():
    g = _g(gpuarray__math__a=[("gpuarray.math.b", False)],
           gpuarray__math__b=[("gpuarray.math.a", False)])
    assert any("cycle" in v for v in violations(g, eager=set(g)))


def test_checker_finds_an_upward_import():
    g = _g(gpuarray__creation__a=[("gpuarray.sorting.b", False)],
           gpuarray__sorting__b=[])
    assert any("upward" in v for v in violations(g, eager=set(g)))


def test_checker_finds_engine_reaching_a_chapter():
    g = _g(gpuarray___engine__a=[("gpuarray._engine.b", False),
                                 ("gpuarray.creation.c", False)],
           gpuarray___engine__b=[], gpuarray__creation__c=[])
    assert any("rule 1" in v for v in violations(g, eager=set(g)))


def test_checker_finds_the_package_namespace():
    g = _g(gpuarray__linalg__a=[("gpuarray", False)])
    assert any("namespace" in v for v in violations(g, eager=set(g)))


def test_checker_finds_an_unlisted_local_import():
    g = _g(gpuarray__math__a=[("gpuarray.sorting.b", True)],
           gpuarray__sorting__b=[])
    # both eager: a local import there is no lazy load
    assert any("rule 4" in v for v in violations(g, eager=set(g),
                                                   allowed={}))
    # math eager, sorting lazy: the documented lazy load is fine
    assert violations(g, eager={"gpuarray.math.a"}, allowed={}) == []


def test_scan_reads_real_imports(tmp_path):
    pkg = tmp_path / "gpuarray"
    (pkg / "math").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "math" / "__init__.py").write_text("")
    (pkg / "math" / "a.py").write_text(
        "import gpuarray\nfrom .. import math\n"
        "def f():\n    from . import b\n")
    (pkg / "math" / "b.py").write_text("from .a import f\n")
    global ROOT
    old, ROOT = ROOT, str(pkg)
    try:
        g = scan(str(pkg))
    finally:
        ROOT = old
    assert ("gpuarray", False) in [(e.target, e.local)
                                   for e in g["gpuarray.math.a"]]
    assert ("gpuarray.math.b", True) in [(e.target, e.local)
                                         for e in g["gpuarray.math.a"]]
    assert [e.target for e in g["gpuarray.math.b"]] == ["gpuarray.math.a"]
