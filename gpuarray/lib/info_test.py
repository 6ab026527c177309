"""``info`` and ``test``: NumPy's help printer and test runner, for gpuarray.

info(obj) prints what numpy.info prints -- a function's signature and
docstring, a class's with its methods, an array's layout (with its
device) -- and info("name") looks the name up in gpuarray's public
namespaces (gpuarray, gpuarray.linalg, gpuarray.random, ...).

test() runs gpuarray's test suite with pytest.  The suite is the tests/
folder of the source tree, beside the gpuarray package: it is there in
an editable install (pip install -e .) or a clean clone, not in a wheel,
where test() says so and returns False.  It runs in a child process:
the suite sets process-wide test modes (strict __array__, kernel
variants) that must not outlive it in the caller's session.
"""
import importlib as _importlib
import importlib.util as _importlib_util
import inspect as _inspect
import os as _os
import pydoc as _pydoc
import subprocess as _subprocess
import sys as _sys
import types as _types

import numpy as _np

from .. import _core

__all__ = ["info", "test"]

# gpuarray/lib/info_test.py -> the source tree's root
_ROOT = _os.path.dirname(_os.path.dirname(_os.path.dirname(
    _os.path.abspath(__file__))))
_TESTS = _os.path.join(_ROOT, "tests")

_namespaces = {}   # toplevel -> [(module name, module)], found once


def _signature_line(name, obj, maxwidth):
    """name(args), broken after commas to fit maxwidth (the continuation
    lines under the opening parenthesis), as numpy.info prints it."""
    try:
        args = str(_inspect.signature(obj))
    except (TypeError, ValueError):
        args = "()"
    if len(name + args) <= maxwidth:
        return name + args
    pad = " " * (len(name) + 2)   # (the first line is printed after " ")
    parts = args.split(", ")
    lines, cur = [], name + parts[0]
    for part in parts[1:]:
        if len(cur) + 2 + len(part) > maxwidth:
            lines.append(cur + ",")
            cur = pad + part
        else:
            cur += ", " + part
    lines.append(cur)
    return "\n".join(lines)


def _array_info(a, output):
    p = print
    p("class: ", type(a).__name__, file=output)
    p("shape: ", a.shape, file=output)
    p("strides: ", a.strides, file=output)
    p("itemsize: ", a.itemsize, file=output)
    p("aligned: ", a.flags.aligned, file=output)
    p("contiguous: ", a.flags.c_contiguous, file=output)
    p("fortran: ", a.flags.f_contiguous, file=output)
    p("data pointer: %s" % hex(a.data.ptr), file=output)
    p("device: ", a.device, file=output)
    order = a.dtype.byteorder
    if order in "|=":
        name, swap = _sys.byteorder, False
    else:
        name = "big" if order == ">" else "little"
        swap = name != _sys.byteorder
    p("byteorder: ", name, file=output)
    p("byteswap: ", swap, file=output)
    p("type: %s" % a.dtype, file=output)


# gpuarray's public namespaces, beside the package itself (the chapter
# packages -- gpuarray.math, gpuarray.creation, ... -- are internal)
_GPUARRAY_NAMESPACES = ("linalg", "fft", "random", "testing", "emath", "lib",
                        "lib.stride_tricks", "lib.array_utils", "cuda",
                        "cuda.runtime")


def _public_modules(toplevel):
    """(name, module) of toplevel and of its public modules, found once
    per toplevel: for gpuarray its documented namespaces (gpuarray.linalg,
    gpuarray.random, ...), for another package those reachable through
    public attributes, as numpy.info walks numpy."""
    if toplevel in _namespaces:
        return _namespaces[toplevel]
    root = _importlib.import_module(toplevel)
    if root.__name__ == "gpuarray":
        found = [("gpuarray", root)]
        for sub in _GPUARRAY_NAMESPACES:
            m = root
            for part in sub.split("."):
                m = getattr(m, part)
            found.append(("gpuarray." + sub, m))
        _namespaces[toplevel] = found
        return found
    found, queue, seen = [], [root], set()
    while queue:
        m = queue.pop(0)
        if m.__name__ in seen:
            continue
        seen.add(m.__name__)
        found.append((m.__name__, m))
        for n in sorted(dir(m)):
            if n.startswith("_"):
                continue
            try:
                v = getattr(m, n)
            except Exception:   # a lazy name failing to load: skip it
                continue
            if isinstance(v, _types.ModuleType) and (
                    v.__name__.startswith(root.__name__ + ".")) and \
                    "._" not in v.__name__:
                queue.append(v)
    _namespaces[toplevel] = found
    return found


def _find(name, maxwidth, output, toplevel):
    ids, count = [], 0
    for modname, m in _public_modules(toplevel):
        if name not in dir(m):
            continue
        try:
            obj = getattr(m, name)
        except Exception:
            continue
        count += 1
        if id(obj) in ids:
            print("\n     *** Repeat reference found in %s *** " % modname,
                  file=output)
            continue
        ids.append(id(obj))
        print("     *** Found in %s ***" % modname, file=output)
        info(obj, maxwidth, output, toplevel)
        print("-" * maxwidth, file=output)
    if count == 0:
        print("Help for %s not found." % name, file=output)
    else:
        print("\n     *** Total of %d references found. ***" % count,
              file=output)


def info(object=None, maxwidth=76, output=None, toplevel="gpuarray"):
    """Prints help on a gpuarray array, function, class or module, or on
    the names `object` (a string) has in gpuarray's namespaces.

    numpy.info's output: a function's signature line then its docstring;
    a class's, then its public methods with their first lines; for an
    array its class, shape, strides, itemsize, flags, data pointer,
    byteorder and type.  A string is looked up in `toplevel` (a module
    name) and the public modules under it; `output` is a file opened for
    writing (default sys.stdout).

    Differs from NumPy: searches gpuarray's namespaces by default
    (toplevel='gpuarray'); an array's entry has its device, and its data
    pointer is the device address."""
    if output is None:
        output = _sys.stdout
    if object is None:
        object = info
    if isinstance(object, _core.ndarray):
        _array_info(object, output)
    elif isinstance(object, str):
        _find(object, maxwidth, output, toplevel)
    elif _inspect.isfunction(object) or _inspect.ismethod(object):
        print(" " + _signature_line(object.__name__, object, maxwidth) + "\n",
              file=output)
        print(_inspect.getdoc(object), file=output)
    elif _inspect.isclass(object):
        print(" " + _signature_line(object.__name__, object, maxwidth) + "\n",
              file=output)
        doc = _inspect.getdoc(object)
        if doc is None and hasattr(object, "__init__"):
            doc = _inspect.getdoc(object.__init__)
        print(doc, file=output)
        methods = [m for m in _pydoc.allmethods(object) if m[0] != "_"]
        if methods:
            print("\n\nMethods:\n", file=output)
            for meth in methods:
                doc = _inspect.getdoc(getattr(object, meth, None))
                first = " ".join((doc or "None").split("\n\n")[0].split())
                print("  %s  --  %s" % (meth, first), file=output)
    elif hasattr(object, "__doc__"):
        print(_inspect.getdoc(object), file=output)


def _test_path(t):
    """A test given to test(tests=...): a path (absolute, or from the
    source tree's root or its tests/ folder) or a node id, or a gpuarray
    module name (gpuarray.linalg -> tests/linalg)."""
    path, sep, node = t.partition("::")
    if path.startswith("gpuarray.") and not path.endswith(".py"):
        cand = _os.path.join(_TESTS, *path.split(".")[1:])
        if _os.path.exists(cand):
            return cand + sep + node
    bases = [""] if _os.path.isabs(path) else ["", _ROOT, _TESTS]
    for base in bases:
        cand = _os.path.join(base, path)
        if _os.path.exists(cand):
            return _os.path.abspath(cand) + sep + node
    return t


def test(label="fast", verbose=1, extra_argv=None, doctests=False,
         coverage=False, durations=-1, tests=None):
    """Runs gpuarray's test suite with pytest; True if it passed.

    numpy.test's arguments: label 'fast' deselects tests marked slow,
    'full' runs all, another string is a pytest -m expression; verbose
    1-3; extra_argv more pytest arguments; doctests adds
    --doctest-modules; coverage reports coverage of the gpuarray package
    (needs pytest-cov); durations >= 0 reports the slowest tests; tests
    the test files, folders or node ids to run (paths from the source
    tree's root or its tests/ folder, or module names such as
    'gpuarray.linalg'), by default the whole suite.

    Differs from NumPy: the suite is the source tree's tests/ folder
    (an editable install or a clean clone has it; a wheel does not, and
    then test() says so and returns False), run by pytest in a child
    process."""
    # the source tree: its pyproject.toml beside the package, the suite's
    # conftest.py in tests/ (a wheel's site-packages has neither; another
    # package's stray top-level tests/ folder lacks the first)
    if not (_os.path.isfile(_os.path.join(_TESTS, "conftest.py")) and
            _os.path.isfile(_os.path.join(_ROOT, "pyproject.toml"))):
        print("gpuarray.test: gpuarray's tests are not installed: they are "
              "the tests/ folder of the source tree (%s), which a wheel "
              "does not ship; run gpuarray.test() from an editable install "
              "(pip install -e .) or a clean clone." % _TESTS,
              file=_sys.stderr)
        return False
    if _importlib_util.find_spec("pytest") is None:
        raise ImportError("gpuarray.test needs pytest (pip install pytest)")
    args = ["-l", "-q"]
    if doctests:
        args.append("--doctest-modules")
    if extra_argv:
        args += list(extra_argv)
    if verbose > 1:
        args.append("-" + "v" * (verbose - 1))
    if coverage:
        args.append("--cov=" + _os.path.join(_ROOT, "gpuarray"))
    if label == "fast":
        args += ["-m", "not slow"]
    elif label != "full":
        args += ["-m", label]
    if durations >= 0:
        args.append("--durations=%d" % durations)
    if tests is None:
        tests = [_TESTS]
    elif isinstance(tests, str):
        tests = [tests]
    args += [_test_path(t) for t in tests]
    print("gpuarray tests in %s (NumPy %s, %s %d)" % (
        _TESTS, _np.__version__, *_core._get_device()))
    _sys.stdout.flush()
    env = dict(_os.environ)
    env["PYTHONPATH"] = _os.pathsep.join(
        [_ROOT] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    code = _subprocess.call([_sys.executable, "-m", "pytest"] + args,
                            cwd=_ROOT, env=env)
    return code == 0
