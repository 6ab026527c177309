"""gpuarray.testing: NumPy's assertions (numpy.testing) for gpuarray arrays.

Each array assertion accepts gpuarray arrays, NumPy arrays, scalars and
nested lists/tuples/dicts of them on either side.  gpuarray arrays are
copied to the host (``.get()``) and the call is handed to the
numpy.testing function of the same name, so the signature, the failure
messages and the exceptions are NumPy's own.  Like cupy.testing:
numpy.testing's public names are the __all__; the parity decorator in
the spirit of CuPy's numpy_cupy_allclose is gpuarray.testing.parity
(numpy_parity, assert_same, shared dtype lists and layouts).

The assertions that never look at array values (assert_, assert_raises,
assert_raises_regex, assert_warns, assert_no_warnings,
assert_string_equal, suppress_warnings) are numpy.testing's objects, as
are its host utilities (tempdir, temppath, measure, run_threaded,
assert_no_gc_cycles, break_cycles, SkipTest, TestCase, ...: they run
the caller's code or manage files, threads and the garbage collector,
so gpuarray arrays pass through them as any object does) and its
constants (IS_64BIT, HAS_REFCOUNT, ...: NumPy's values, describing the
interpreter and the NumPy build; IS_EDITABLE, IS_INSTALLED and
NUMPY_ROOT are about NumPy, not gpuarray).  print_assert_equal and
build_err_msg take arrays, so they get host copies as the assertions do.
"""
import numpy.testing as _npt

from .._core import ndarray as _ndarray
# gpuarray's own parity kit (gpuarray.testing.parity): the numpy_parity
# decorator, assert_same and the shared dtype lists and layouts.  Not in
# __all__, which lists numpy.testing's names only.
from .parity import (  # noqa: F401
    ALL_DTYPES, ALL_LAYOUTS, BOOL_DTYPES, COMPLEX_DTYPES, EDGE_LAYOUTS,
    FLOAT_DTYPES, INEXACT_DTYPES, INT_DTYPES, LAYOUTS, LINALG_DTYPES,
    NUMERIC_DTYPES, SAMPLE_DTYPES, SIGNED_DTYPES, UNSIGNED_DTYPES,
    assert_same, assert_same_outcome, dtype_id, make_array, make_pair,
    numpy_parity)

__all__ = [
    "assert_allclose", "assert_almost_equal", "assert_approx_equal",
    "assert_array_almost_equal", "assert_array_almost_equal_nulp",
    "assert_array_max_ulp", "assert_array_equal", "assert_array_less",
    "assert_array_compare", "assert_equal",
    "assert_", "assert_raises", "assert_raises_regex", "assert_warns",
    "assert_no_warnings", "assert_string_equal", "suppress_warnings",
    "print_assert_equal", "build_err_msg",
    # numpy.testing's host utilities and constants, as they are
    "assert_no_gc_cycles", "break_cycles", "check_support_sve",
    "clear_and_catch_warnings", "decorate_methods", "jiffies", "measure",
    "memusage", "run_threaded", "rundocs", "runstring", "tempdir",
    "temppath", "IgnoreException", "KnownFailureException", "SkipTest",
    "TestCase", "verbose", "IS_64BIT", "IS_EDITABLE", "IS_INSTALLED",
    "IS_MUSL", "IS_PYPY", "IS_PYSTON", "IS_WASM", "HAS_LAPACK64",
    "HAS_REFCOUNT", "BLAS_SUPPORTS_FPE", "NOGIL_BUILD", "NUMPY_ROOT",
]


def _host(x):
    """x with every gpuarray array in it (at any depth of plain lists,
    tuples and dicts) copied to a NumPy array."""
    if isinstance(x, _ndarray):
        return x.get()
    t = type(x)
    if t is list or t is tuple:
        return t(_host(v) for v in x)
    if t is dict:
        return {k: _host(v) for k, v in x.items()}
    return x


def _on_host(name):
    np_func = getattr(_npt, name)

    def func(*args, **kwargs):
        __tracebackhide__ = True  # noqa: F841  (pytest: hide this frame)
        return np_func(*[_host(a) for a in args],
                       **{k: _host(v) for k, v in kwargs.items()})

    func.__name__ = func.__qualname__ = name
    func.__module__ = __name__
    func.__doc__ = np_func.__doc__
    func.__wrapped__ = np_func  # inspect.signature shows NumPy's
    return func


assert_allclose = _on_host("assert_allclose")
assert_almost_equal = _on_host("assert_almost_equal")
assert_approx_equal = _on_host("assert_approx_equal")
assert_array_almost_equal = _on_host("assert_array_almost_equal")
assert_array_almost_equal_nulp = _on_host("assert_array_almost_equal_nulp")
assert_array_max_ulp = _on_host("assert_array_max_ulp")
assert_array_equal = _on_host("assert_array_equal")
assert_array_less = _on_host("assert_array_less")
assert_array_compare = _on_host("assert_array_compare")
assert_equal = _on_host("assert_equal")

assert_ = _npt.assert_
assert_raises = _npt.assert_raises
assert_raises_regex = _npt.assert_raises_regex
assert_warns = _npt.assert_warns
assert_no_warnings = _npt.assert_no_warnings
assert_string_equal = _npt.assert_string_equal
suppress_warnings = _npt.suppress_warnings

# (each only where the installed NumPy still has it: a name NumPy drops
# leaves __all__ with it)
for _name in ("print_assert_equal", "build_err_msg"):
    if hasattr(_npt, _name):
        globals()[_name] = _on_host(_name)
for _name in __all__[__all__.index("assert_no_gc_cycles"):]:
    if hasattr(_npt, _name):
        globals()[_name] = getattr(_npt, _name)
__all__ = [n for n in __all__ if n in globals()]
del _name

from .._engine import docs as _docs_table  # noqa: E402
_docs_table.fill_loaded(__import__("sys").modules[__name__])
