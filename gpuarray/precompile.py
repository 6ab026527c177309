"""python -m gpuarray.precompile: compile the kernels a NumPy script meets
first, once, so that a fresh process starts no compiler for them.

    python -m gpuarray.precompile            # into the user kernel cache
    python -m gpuarray.precompile --package  # into gpuarray/_precompiled
    python -m gpuarray.precompile --out DIR  # into a cache directory DIR
    python -m gpuarray.precompile -j 4       # 4 compiles at a time

In a program: gpuarray.precompile.warm(["arctan2", "hypot"], ["f", "d"])
compiles those loops now, in parallel (compile_many is the general form:
any calls, their missing kernels compiled together).

On a GPU run it once after installing (the modules are built for that
device's architecture and land in the user cache).  For the host device
setup.py's build_ext runs it with --package: the modules are shipped inside
the package and found by a fresh process with an empty user cache, when the
compiler version, options and CPU level match the ones they were built with
(Note [Precompiled kernels] in csrc/jit/precompiled.c; the trust rule is
there too).  GPUARRAY_NO_PRECOMPILE=1 skips the build step.

The set: the loops NumPy picks for every dtype of every ufunc on
contiguous arrays, for + - * / also with a Python scalar operand on either
side (an integer array also with a Python float) and on strided views, the casts
between every pair of dtypes, fills, strided copies, and sum/prod/min/max/mean/var/std/any/all/
argmin/argmax/cumsum/cumprod over a whole array, for every dtype; and the
other first calls of a script or the Array API suite (whose 800 ms
per-example deadline a 1-4 s compile breaks): comparisons with a Python
scalar on either side (contiguous, and strided on the right), isnan/isfinite on strided floats, where,
x[mask] and x[mask] = v, count_nonzero, sort/argsort, searchsorted,
unique_values/unique_inverse and sum/prod with dtype=, for every dtype;
mixed-dtype pairs of bool/int32/int64/float32/float64 arrays for + - * /
maximum minimum, maximum/minimum/clip/where with a Python scalar, and the
datetime64 unit cast, arithmetic, comparisons and isnat.  One
worker process runs the set through the compile scheduler
(gpuarray/_engine/jit.py, compile_many, which is also this module's
warm-up API): the kernels missing at each round are compiled together, -j
at a time.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import warnings

import numpy as np

from . import _core
from ._engine import arrays as _arrays
from ._engine.jit import compile_many, default_jobs
from ._engine import ufuncs as _ufuncs
from ._engine.datetime_ufuncs import isnat as _isnat
from .logic import truth as _truth
from .math import cumulative as _cumulative
from .math import extrema as _extrema
from .math import sums as _sums
from .sorting import search_unique as _search_unique
from .sorting import sort as _sort
from .sorting import unique_arrayapi as _unique_arrayapi
from .statistics import moments as _moments


class _Names:
    """The names the workload calls, from their home modules (a tool above
    the chapters, tests/project/test_layering.py)."""

    def __init__(self):
        self._core = _core
        self.full = _core.full
        self.isnat = _isnat
        for mod in (_arrays, _ufuncs, _truth, _cumulative, _extrema, _sums,
                    _moments):
            for k in dir(mod):
                if not k.startswith("_"):
                    setattr(self, k, getattr(mod, k))
        for mod in (_sort, _search_unique, _unique_arrayapi):
            for k in mod.__all__:
                setattr(self, k, getattr(mod, k))


gp = _Names()

DTYPES = "?bBhHiIlLefdFD"
# the ufuncs shipped, for every dtype; SCALAR: also with a Python scalar
# operand and on strided views
COMMON = ("add", "subtract", "multiply", "true_divide", "floor_divide",
          "power", "remainder", "negative", "absolute", "sqrt", "square",
          "exp", "log", "sin", "cos", "tanh", "isnan", "isfinite", "equal",
          "not_equal", "less", "less_equal", "greater", "greater_equal",
          "maximum", "minimum", "logical_and", "logical_not")
SCALAR = ("add", "subtract", "multiply", "true_divide")
REDUCTIONS = ("sum", "prod", "min", "max", "mean", "var", "std", "any",
              "all", "argmin", "argmax", "cumsum", "cumprod",
              # the nan-skipping ones: a reduction module is 3-7x an
              # elementwise one to compile (0.5-1.3 CPU-s), dear on a miss
              "nansum", "nanprod", "nanmin", "nanmax", "nanmean", "nanvar",
              "nanstd", "nancumsum", "nancumprod")
# also with a Python scalar operand, contiguous and on a strided view
# (x > 0, x[::2] == 1: a mask's first step); NAN_TESTS also strided, on
# the float dtypes
NAN_TESTS = ("isnan", "isfinite")
SCALAR_CMP = ("equal", "not_equal", "less", "less_equal", "greater",
              "greater_equal")
# the other first calls a script (or the Array API suite) makes, each for
# every dtype: a boolean mask's setitem/getitem, where, count_nonzero, the
# sorts behind argsort/searchsorted/unique, sum/prod with dtype=
FIRST = ("where", "mask", "count_nonzero", "argsort", "searchsorted",
         "unique", "sum_dtype")
# mixed-dtype operands: an int64 array with a float64 one (np.arange(n) *
# x), float32 with float64, bool with numbers; each ordered pair of MIXED
# for the ufuncs of MIXED_UFUNCS, contiguous
MIXED = "?ilfd"
MIXED_UFUNCS = SCALAR + ("maximum", "minimum")
# a Python scalar where a script puts one, for every dtype: maximum(x, 0),
# minimum(x, 1), clip(x, 1, 5), where(m, x, 0)
SCALAR_OPS = ("maximum", "minimum", "clip", "where")
# datetime64/timedelta64: a unit cast (one kernel for every unit pair,
# Note [One unit-cast kernel]), date +/- timedelta, differences,
# comparisons with an array and a scalar, isnat
DATETIME = ("cast", "arith", "compare", "isnat")


def jobs():
    """The work items, each cheap to describe and run in any process:
    every ufunc's loops (COMMON is only warm()'s default)."""
    return ([("ufunc", n) for n in sorted(_core.ufuncs)]
            + [("cast", c) for c in DTYPES]
            + [("fill", c) for c in DTYPES]
            + [("reduce", r) for r in REDUCTIONS]
            + [("scalar_cmp", n) for n in SCALAR_CMP]
            + [("nan_test", n) for n in NAN_TESTS]
            + [("first", f) for f in FIRST]
            + [("mixed", n) for n in MIXED_UFUNCS]
            + [("scalar_op", n) for n in SCALAR_OPS]
            + [("datetime", d) for d in DATETIME])


def _sample(gp, char, n=40):
    dt = np.dtype(char)
    base = (np.arange(n) % 7 + 1).astype(dt)
    return gp.asarray(base)


def _numpy_has(fn, *args):
    try:
        fn(*args)
    except TypeError:
        return False                   # NumPy has no such loop either
    return True


def _ufunc_calls(gp, name, dtypes=DTYPES):
    """The loop NumPy picks for each dtype, contiguous; for the binary
    arithmetic ufuncs also with a Python scalar on either side (2 * x,
    1 - x), an integer array with a Python float (np.arange(n) * 0.5) and
    on strided views (x[::2] + x[::2], x[::2] + 1)."""
    uf = getattr(gp, name)
    for char in dtypes:
        def call(char=char):
            a = _sample(gp, char)
            if not _numpy_has(getattr(np, name), *[a.get()] * uf.nin):
                return
            uf(*[a] * uf.nin)
            if name in SCALAR:
                _scalar_operands(uf, a, char)
                uf(a[::2], a[::2])
                uf(a[::2], _scalar(char))
        yield call


def _scalar_operands(uf, a, char):
    """uf with a Python scalar of a's kind on each side, and for an
    integer or bool array with a Python float on each side."""
    s = _scalar(char)
    uf(a, s)
    uf(s, a)
    if np.dtype(char).kind in "biu":
        uf(a, 0.5)
        uf(0.5, a)


def _cast_calls(gp, char):
    for to in DTYPES:
        yield lambda to=to: _sample(gp, char).astype(to)


def _fill_calls(gp, char):
    yield lambda: gp.zeros(40, char)
    yield lambda: gp.ones(40, char)
    yield lambda: gp.full(40, 1, char)
    if char not in "?FD":
        yield lambda: gp.arange(40, dtype=char)
    yield lambda: _sample(gp, char)[::2].copy()
    yield lambda: _sample(gp, char).reshape(5, 8).T.copy()


def _reduce_calls(gp, name):
    fn = getattr(gp, name)
    for char in DTYPES:
        def call(char=char):
            a = _sample(gp, char)
            if not _numpy_has(getattr(np, name), a.get()):
                return
            fn(a)
            fn(a.reshape(5, 8), axis=0)
            fn(a.reshape(5, 8), axis=1)
        yield call


def _scalar(char):
    kind = np.dtype(char).kind
    return True if kind == "b" else 2 if kind in "iu" else 2.0


def _scalar_cmp_calls(gp, name):
    uf = getattr(gp, name)
    for char in DTYPES:
        def call(char=char):
            a = _sample(gp, char)
            _scalar_operands(uf, a, char)
            uf(a[::2], _scalar(char))
        yield call


def _nan_test_calls(gp, name):
    uf = getattr(gp, name)
    for char in "efdFD":
        yield lambda char=char: uf(_sample(gp, char)[::2])


def _first_one(gp, name, char):
    a = _sample(gp, char)
    if name == "where":
        gp.where(a > _scalar(char), a, a)
    elif name == "mask":
        m = a > _scalar(char)
        a[m]
        a[m] = a[0]
        a[m] = _scalar(char)
    elif name == "count_nonzero":
        gp.count_nonzero(a)
    elif name == "argsort":
        if char not in "FD":           # NumPy sorts complex; so do we
            gp.argsort(a)
        gp.sort(a)
    elif name == "searchsorted":
        gp.searchsorted(gp.sort(a), a)
    elif name == "unique":
        gp.unique_values(a)
        gp.unique_inverse(a)
    elif name == "sum_dtype":
        gp.sum(a, dtype=char)
        gp.prod(a, dtype=char)


def _first_calls(gp, name):
    for char in DTYPES:
        yield lambda char=char: _first_one(gp, name, char)


def _mixed_calls(gp, name):
    uf = getattr(gp, name)
    for a in MIXED:
        for b in MIXED:
            if a != b:
                yield lambda a=a, b=b: uf(_sample(gp, a), _sample(gp, b))


def _scalar_op_calls(gp, name):
    for char in DTYPES:
        def call(char=char):
            a, s = _sample(gp, char), _scalar(char)
            if name == "clip":
                if char not in "FD":       # NumPy clips complex; rarely met
                    gp.clip(a, s, 5 * s)
            elif name == "where":
                gp.where(a > s, a, s)
            else:
                getattr(gp, name)(a, s)
        yield call


def _dates(gp, unit):
    base = np.arange(40).astype("M8[D]").astype("M8[%s]" % unit)
    return gp.asarray(base)


def _datetime_one(gp, what, unit):
    d = _dates(gp, unit)
    t = d - d[0]
    if what == "cast":
        d.astype("M8[ms]" if unit == "s" else "M8[s]")
        t.astype("m8[ms]" if unit == "s" else "m8[s]")
    elif what == "arith":
        d + t
        d - t
        d - d
        t + t
        d + np.timedelta64(1, unit)
        d - np.datetime64(0, unit)
    elif what == "compare":
        for n in SCALAR_CMP:
            getattr(gp, n)(d, d)
            getattr(gp, n)(d, np.datetime64(5, unit))
    elif what == "isnat":
        gp.isnat(d)
        gp.isnat(t)


def _datetime_calls(gp, what):
    for unit in ("D", "s"):
        yield lambda unit=unit: _datetime_one(gp, what, unit)


CALLS = {"ufunc": _ufunc_calls, "cast": _cast_calls, "fill": _fill_calls,
         "reduce": _reduce_calls, "scalar_cmp": _scalar_cmp_calls,
         "nan_test": _nan_test_calls, "first": _first_calls,
         "mixed": _mixed_calls, "scalar_op": _scalar_op_calls,
         "datetime": _datetime_calls}


def calls():
    """[(label, callable)]: the whole set, one small call each."""
    out = []
    for kind, what in jobs():
        for k, c in enumerate(CALLS[kind](gp, what)):
            out.append(("%s %s #%d" % (kind, what, k), c))
    return out


def warm(ufuncs=COMMON, dtypes=DTYPES, jobs=None):
    """Compiles (or loads) now, together, the loops NumPy picks for each
    of `dtypes` (type chars or dtypes) of each ufunc named in `ufuncs`
    (contiguous; + - * / also with a Python scalar and strided): a program
    that knows the loops it will use pays one batch of parallel compiles
    up front instead of one compile per first call.  Returns the number
    of kernels compiled.  A loop NumPy lacks is skipped; a kernel that
    fails to compile raises its CompileError."""
    if isinstance(ufuncs, str):
        ufuncs = (ufuncs,)
    chars = "".join(np.dtype(d).char for d in dtypes)
    for name in ufuncs:
        if not hasattr(np, name) or not hasattr(gp, name):
            raise ValueError("warm: no ufunc named %r" % (name,))
    c0 = _core._jit_stats()["compiles"]
    with np.errstate(all="ignore"):
        compile_many([c for name in ufuncs
                      for c in _ufunc_calls(gp, name, chars)], jobs=jobs)
    return _core._jit_stats()["compiles"] - c0


def _worker(njobs):
    """Runs the set in this process through the compile scheduler: every
    kernel missing at a round is compiled in one batch, njobs at a time."""
    warnings.simplefilter("ignore")
    todo = calls()
    with np.errstate(all="ignore"):
        out = compile_many([c for _, c in todo], jobs=njobs,
                           return_exceptions=True)
    for (label, _), r in zip(todo, out):
        if isinstance(r, BaseException):  # a loop we can't run is not fatal
            print("precompile: %s: %s: %s" % (label, type(r).__name__, r),
                  file=sys.stderr)
    print(gp._core._jit_stats()["compiles"])


def _package_dir():
    return os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "_precompiled")


def _install(cache, dest, prune=False):
    """Copies the compiled modules (not the precompiled headers) from the
    cache to dest/<compiler>/, files 0644 in directories 0755: readable by
    all, writable by the installer only (the trust rule).  prune (a
    complete set was built): modules of an earlier build that this one did
    not make go -- their keys name other options (Note [Host kernel link]
    changed every key), nothing would ever load them."""
    for sub in ("host", "cuda"):
        src = os.path.join(cache, sub)
        if not os.path.isdir(src):
            continue
        out = os.path.join(dest, sub)
        os.makedirs(out, exist_ok=True)
        for d in (dest, out):
            os.chmod(d, 0o755)
        made = set()
        for name in os.listdir(src):
            p = os.path.join(src, name)
            if os.path.isfile(p) and not os.path.islink(p):
                q = os.path.join(out, name)
                shutil.copyfile(p, q + ".tmp")
                os.chmod(q + ".tmp", 0o644)
                os.replace(q + ".tmp", q)
                made.add(name)
        for name in os.listdir(out) if prune and made else ():
            if name not in made:
                os.unlink(os.path.join(out, name))


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m gpuarray.precompile",
                                description=__doc__.split("\n\n")[0])
    g = p.add_mutually_exclusive_group()
    g.add_argument("--package", action="store_true",
                   help="ship the modules inside the installed package")
    g.add_argument("--out", help="a kernel cache directory to fill")
    p.add_argument("-j", "--jobs", type=int, default=None,
                   help="compiles at once (default: the CPUs; "
                        "GPUARRAY_COMPILE_JOBS)")
    p.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.worker:
        _worker(args.worker)
        return 0
    env = dict(os.environ)
    tmp = None
    if args.package:
        tmp = tempfile.mkdtemp(prefix="gpuarray-precompile-")
        env["GPUARRAY_CACHE_DIR"] = tmp
    elif args.out:
        env["GPUARRAY_CACHE_DIR"] = os.path.abspath(args.out)
    # the worker imports the same gpuarray as this process, and opens the
    # cache named in its environment
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    n = default_jobs() if args.jobs is None else max(1, args.jobs)
    t = time.perf_counter()
    pr = subprocess.Popen([sys.executable, "-m", "gpuarray.precompile",
                           "--worker", str(n)], env=env,
                          stdout=subprocess.PIPE)
    out, _ = pr.communicate()
    failed = pr.returncode != 0
    try:
        compiles = int(out.decode().split()[-1])
    except (ValueError, IndexError):
        compiles, failed = 0, True
    if tmp is not None:
        _install(tmp, _package_dir(), prune=not failed)
        shutil.rmtree(tmp, ignore_errors=True)
    print("gpuarray.precompile: %d modules compiled in %.0f s, %d at a "
          "time%s" % (compiles, time.perf_counter() - t, n,
                           ", into the package" if args.package else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
