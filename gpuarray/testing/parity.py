"""Parity testing against NumPy: one decorator, one comparison, shared
dtype lists and a layout sweep (issue 14, item 5).

Every gpuarray test asks the same question: does gpuarray do what NumPy
does?  ``numpy_parity`` answers it the way CuPy's ``numpy_cupy_allclose``
does: the test body takes an ``xp`` argument and is run twice, with
``xp=numpy`` and ``xp=gpuarray``; the two outcomes must agree:

- both return: the results have the same structure (tuples/lists
  element by element), the same dtypes, the same shapes and the same
  values (exactly for bool/int/str and where ``exact=True``, otherwise
  within a dtype-aware tolerance, nan equal to nan); where NumPy returns
  an array, gpuarray returns a gpuarray.ndarray;
- both raise: the exception types are the same (NumPy's private
  subclasses such as ``_UFuncOutputCastingError`` count as their public
  base, TypeError);
- one raises and the other returns: the test fails.

``assert_same(got, want)`` is the comparison alone, for tests that build
the two results themselves.  ``array(xp, shape, dtype, layout)`` makes the
same values in the same memory layout on either side (C, F, strided,
negative strides, transposed, broadcast, 0-size and 0-d views), so a
decorated body can sweep layouts with one line.

Layering: this module sits in the top chapter (testing); it reaches the
gpuarray namespace only inside functions, when a test runs (the layering
test's allow-list names this edge).
"""
import functools
import inspect

import numpy as np

__all__ = [
    "numpy_parity", "assert_same", "assert_same_outcome", "outcome",
    "raised",
    "public_exception", "default_rtol", "array", "make_array", "make_pair",
    "ALL_DTYPES", "BOOL_DTYPES", "INT_DTYPES", "SIGNED_DTYPES",
    "UNSIGNED_DTYPES", "FLOAT_DTYPES", "COMPLEX_DTYPES", "INEXACT_DTYPES",
    "NUMERIC_DTYPES", "SAMPLE_DTYPES", "LINALG_DTYPES", "LAYOUTS",
    "EDGE_LAYOUTS", "ALL_LAYOUTS", "dtype_id",
]

# ------------------------------------------------------------------ dtypes
# The 14 dtypes gpuarray supports, as NumPy dtype objects.
ALL_DTYPES = [np.dtype(t) for t in (
    np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
    np.uint32, np.uint64, np.float16, np.float32, np.float64, np.complex64,
    np.complex128)]
BOOL_DTYPES = [d for d in ALL_DTYPES if d.kind == "b"]
SIGNED_DTYPES = [d for d in ALL_DTYPES if d.kind == "i"]
UNSIGNED_DTYPES = [d for d in ALL_DTYPES if d.kind == "u"]
INT_DTYPES = [d for d in ALL_DTYPES if d.kind in "iu"]
FLOAT_DTYPES = [d for d in ALL_DTYPES if d.kind == "f"]
COMPLEX_DTYPES = [d for d in ALL_DTYPES if d.kind == "c"]
INEXACT_DTYPES = FLOAT_DTYPES + COMPLEX_DTYPES
NUMERIC_DTYPES = INT_DTYPES + INEXACT_DTYPES
# Kernel budget (each dtype is a compile on the host): every kind and
# every width, int16 and uint64 left out (their kernels are int32's and
# int64's with another width or sign).
SAMPLE_DTYPES = [np.dtype(t) for t in (
    np.bool_, np.int8, np.uint8, np.uint16, np.int32, np.uint32, np.int64,
    np.float16, np.float32, np.float64, np.complex64, np.complex128)]
# What numpy.linalg computes in (float16 has no LAPACK type).
LINALG_DTYPES = [np.dtype(t) for t in (
    np.float32, np.float64, np.complex64, np.complex128)]


def dtype_id(d):
    """A pytest id for a dtype parameter ("float32")."""
    return np.dtype(d).name


# Relative tolerance of an inexact result, by its dtype's character: about
# a thousand units in the last place of float16/32, 1e-12 for double.
_RTOL = {"e": 1e-3, "f": 1e-5, "F": 1e-5, "d": 1e-12, "D": 1e-12,
         "g": 1e-12, "G": 1e-12}


def default_rtol(dtype):
    return _RTOL.get(np.dtype(dtype).char, 1e-12)


def _tol(tol, dtype, default):
    """tol may be None (default(dtype)), a number, or a dict keyed by
    dtype characters, dtypes or scalar types, with "default" for the
    rest (no "default": default(dtype))."""
    if tol is None:
        return default(dtype)
    if isinstance(tol, dict):
        dtype = np.dtype(dtype)
        for key in (dtype.char, dtype, dtype.type, "default"):
            if key in tol:
                return tol[key]
        return default(dtype)
    return tol


# -------------------------------------------------------------- comparison
def _gp():
    import gpuarray  # the namespace under test (lazy: see the docstring)
    return gpuarray


def assert_same(got, want, *, rtol=None, atol=None, exact=False,
                device=None, strides=False, _path="result"):
    """got (gpuarray's result) has want's (NumPy's) structure, dtype,
    shape and values.

    rtol/atol: None (rtol by dtype, atol = rtol), a number, or a dict by
    dtype character ({"e": 1e-2, "f": 1e-5, "default": 1e-10}).
    exact: compare inexact values exactly too (nan equal to nan).  device: got must be a
    gpuarray.ndarray (None: where want is a NumPy array; True: also where
    want is a NumPy/Python scalar; False: never).  strides: compare the
    strides as well."""
    __tracebackhide__ = True  # noqa: F841
    gp = _gp()
    if isinstance(want, (tuple, list)):
        assert isinstance(got, type(want)), \
            "%s: %s returned where NumPy returns %s" % (
                _path, type(got).__name__, type(want).__name__)
        assert len(got) == len(want), \
            "%s: %d items, NumPy has %d" % (_path, len(got), len(want))
        for i, (g, w) in enumerate(zip(got, want)):
            assert_same(g, w, rtol=rtol, atol=atol, exact=exact,
                        device=device, strides=strides,
                        _path="%s[%d]" % (_path, i))
        return
    if device is None:
        device = isinstance(want, np.ndarray)
    if device:
        assert isinstance(got, gp.ndarray), \
            "%s: %s returned where NumPy returns %s" % (
                _path, type(got).__name__, type(want).__name__)
    if strides:
        assert got.strides == want.strides, \
            "%s: strides %s, NumPy's %s" % (_path, got.strides,
                                             want.strides)
    h = got.get() if isinstance(got, gp.ndarray) else np.asarray(got)
    w = np.asarray(want)
    assert h.dtype == w.dtype, \
        "%s: dtype %s, NumPy's %s" % (_path, h.dtype, w.dtype)
    assert h.shape == w.shape, \
        "%s: shape %s, NumPy's %s" % (_path, h.shape, w.shape)
    if exact or w.dtype.kind not in "fc":
        np.testing.assert_array_equal(h, w, err_msg=_path)
        return
    r = _tol(rtol, w.dtype, default_rtol)
    a = _tol(atol, w.dtype, lambda d: r)
    np.testing.assert_allclose(h, w, rtol=r, atol=a, equal_nan=True,
                               err_msg=_path)


def public_exception(cls):
    """The exception class a test compares: the first class in cls's MRO
    that is a builtin or one of numpy.exceptions (NumPy's internal
    classes such as _UFuncOutputCastingError and UFuncTypeError count as
    TypeError; gpuarray's own errors as their standard base)."""
    for c in cls.__mro__:
        if not c.__name__.startswith("_") and \
                c.__module__ in ("builtins", "numpy.exceptions"):
            return c
    return cls


class _Raised:
    """outcome()'s record of an exception."""
    __slots__ = ("exc",)

    def __init__(self, exc):
        self.exc = exc

    def __repr__(self):
        return "raised %s(%r)" % (type(self.exc).__name__, str(self.exc))


def outcome(fn, *args, **kwargs):
    """fn(*args, **kwargs)'s result, or a record of the exception it
    raised (raised(record) gives the exception)."""
    try:
        return fn(*args, **kwargs)
    except Exception as e:  # noqa: BLE001 - the exception is the outcome
        return _Raised(e)


def raised(o):
    """The exception an outcome() record holds, or None for a result."""
    return o.exc if isinstance(o, _Raised) else None


def assert_same_outcome(got, want, **kw):
    """Two outcome() records agree: the same public exception type, or
    results that assert_same accepts (kw goes to it)."""
    __tracebackhide__ = True  # noqa: F841
    gr, wr = isinstance(got, _Raised), isinstance(want, _Raised)
    if wr or gr:
        assert wr and gr, "gpuarray %s, NumPy %s" % (
            got if gr else "returned %s" % type(got).__name__,
            want if wr else "returned %s" % type(want).__name__)
        ge = public_exception(type(got.exc))
        we = public_exception(type(want.exc))
        assert ge is we, "gpuarray %r, NumPy %r" % (got, want)
        return
    assert_same(got, want, **kw)


def numpy_parity(rtol=None, atol=None, *, exact=False, device=None,
                 strides=False, name="xp"):
    """Decorator: run the test body with name=numpy and name=gpuarray
    and assert that the two outcomes agree (assert_same_outcome; the
    keywords go to assert_same).  The body returns what is compared (a
    result, or a tuple/list of them); the body's other parameters
    (pytest parameters and fixtures) are passed through unchanged.

        @numpy_parity(rtol={"e": 1e-2})
        @pytest.mark.parametrize("dtype", FLOAT_DTYPES, ids=dtype_id)
        def test_sum(xp, dtype):
            return xp.asarray([1, 2, 3], dtype).sum()
    """
    def decorate(fn):
        sig = inspect.signature(fn)
        if name not in sig.parameters:
            raise TypeError("%s() takes no %r argument" % (fn.__name__, name))

        @functools.wraps(fn)
        def test(*args, **kwargs):
            __tracebackhide__ = True  # noqa: F841
            want = outcome(fn, *args, **{name: np}, **kwargs)
            got = outcome(fn, *args, **{name: _gp()}, **kwargs)
            assert_same_outcome(got, want, rtol=rtol, atol=atol, exact=exact,
                                device=device, strides=strides)

        # pytest must not look for an `xp` fixture
        test.__signature__ = sig.replace(parameters=[
            p for p in sig.parameters.values() if p.name != name])
        del test.__wrapped__
        return test
    return decorate


# ----------------------------------------------------------------- layouts
# Memory layouts of one shape that array()/make_pair() make; EDGE_LAYOUTS
# change the shape (0-size: the last axis cut to 0; 0-d: one element).
LAYOUTS = ["C", "F", "strided", "negative", "transposed", "broadcast"]
EDGE_LAYOUTS = ["empty", "0d"]
ALL_LAYOUTS = LAYOUTS + EDGE_LAYOUTS


def _values(rng, n, dtype, specials=True):
    """n values of dtype covering the type's range, with special values
    (signed zeros, inf, nan, extremes, subnormals) mixed in."""
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, n).astype(bool)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        v = rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
        if specials and n >= 4:
            v[:4] = [info.min, info.max, 0, 1]
            rng.shuffle(v)
        return v
    if dtype.kind == "f":
        v = (rng.standard_normal(n) * 100).astype(dtype)
        if specials and n >= 8:
            info = np.finfo(dtype)
            v[:8] = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, info.max,
                              info.smallest_subnormal, -info.tiny],
                             dtype=dtype)
            rng.shuffle(v)
        return v
    part = np.float32 if dtype == np.complex64 else np.float64
    re = _values(rng, n, part, specials)
    im = _values(rng, n, part, specials)
    rng.shuffle(im)
    v = np.empty(n, dtype)
    v.real = re
    v.imag = im
    return v


def make_array(shape, dtype=np.float64, layout="C", seed=0, specials=True):
    """A NumPy array of `shape` and `dtype` with random values in `layout`:

    C          C-contiguous
    F          Fortran-contiguous
    strided    a non-contiguous slice (every other element of each axis)
    negative   every axis reversed (negative strides)
    transposed the transpose of a C array of the reversed shape
    broadcast  zero strides on the first axis (read-only)
    empty      a view of a C array with the last axis cut to length 0
    0d         a 0-d view of one element of a C array
    """
    return make_pair(shape, dtype, layout, seed, specials, _numpy_only=True)


def make_pair(shape, dtype=np.float64, layout="C", seed=0, specials=True,
              _numpy_only=False):
    """(numpy array, gpuarray array) with the same values and the same
    layout (strides): the gpuarray one is made by the same slicing of an
    uploaded base, so it is a view exactly when the NumPy one is."""
    rng = np.random.default_rng(seed)
    shape = tuple(shape)
    n = int(np.prod(shape))
    up = (lambda a, **k: None) if _numpy_only else _gp().asarray
    if layout in ("C", "F"):
        x = _values(rng, n, dtype, specials).reshape(shape)
        x = x.copy(layout)
        return x if _numpy_only else (x, up(x, order=layout))
    if layout == "strided":
        big = tuple(2 * s for s in shape)
        base = _values(rng, int(np.prod(big)), dtype, specials).reshape(big)
        idx = tuple(slice(None, None, 2) for _ in shape) + (Ellipsis,)
    elif layout == "negative":
        base = _values(rng, n, dtype, specials).reshape(shape)
        idx = tuple(slice(None, None, -1) for _ in shape) + (Ellipsis,)
    elif layout == "transposed":
        base = _values(rng, n, dtype, specials).reshape(shape[::-1])
        if _numpy_only:
            return base.T
        return base.T, up(base).T
    elif layout == "broadcast":
        row = _values(rng, int(np.prod(shape[1:])), dtype,
                      specials).reshape(shape[1:])
        if _numpy_only:
            return np.broadcast_to(row, shape)
        return (np.broadcast_to(row, shape),
                _gp().broadcast_to(up(row), shape))
    elif layout == "empty":
        if not shape:
            raise ValueError("an empty layout needs at least one axis")
        base = _values(rng, n, dtype, specials).reshape(shape)
        idx = (Ellipsis, slice(0, 0))
    elif layout == "0d":
        base = _values(rng, n, dtype, specials).reshape(shape)
        idx = tuple(s // 2 for s in shape) + (Ellipsis,)
    else:
        raise ValueError("unknown layout %r" % (layout,))
    if _numpy_only:
        return base[idx]
    return base[idx], up(base)[idx]


def array(xp, shape, dtype=np.float64, layout="C", seed=0, specials=True):
    """make_pair's NumPy array (xp is numpy) or gpuarray array (xp is
    gpuarray): the same values in the same layout on either side, for a
    numpy_parity body."""
    x, g = make_pair(shape, dtype, layout, seed, specials)
    return x if xp is np else g
