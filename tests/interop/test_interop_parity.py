"""Parity of the interop and dispatch paths with NumPy: ufunc methods
reached through __array_ufunc__ (np.subtract.reduce(gp_array), ...),
NumPy functions dispatched to gpuarray with NumPy's keywords, and the
argument checks of __dlpack__.  Every test compares with NumPy."""
import warnings

import numpy as np
import pytest

import gpuarray as gp
from conftest import numpy_reduce
from gpuarray.testing.parity import assert_same

RNG = np.random.default_rng(7)
F = RNG.random((3, 5)) + 0.5
I = RNG.integers(1, 6, (3, 5))
MASK = np.array([True, False, True, True, False])


def _check(expected, got, rtol=1e-7):
    assert_same(got, np.asarray(expected), rtol=rtol, atol=0, device=True)


# ---- ufunc.reduce / accumulate of ufuncs without a single-pass kernel ----

FOLD_CASES = [
    ("subtract", F), ("subtract", I), ("divide", F), ("power", I),
    ("floor_divide", I), ("remainder", I), ("arctan2", F),
    ("logaddexp", F), ("logaddexp2", F), ("hypot", F), ("gcd", I),
    ("lcm", I), ("equal", I > 2), ("not_equal", I > 2), ("greater", I > 2),
]


@pytest.mark.parametrize("name,x", FOLD_CASES,
                         ids=[c[0] + "-" + c[1].dtype.name
                              for c in FOLD_CASES])
@pytest.mark.parametrize("kw", [{}, {"axis": 1}, {"axis": 1,
                                                  "keepdims": True}],
                         ids=["axis0", "axis1", "keepdims"])
def test_ufunc_reduce_folds_match_numpy(name, x, kw):
    uf = getattr(np, name)
    expected = numpy_reduce(name, x, **kw)
    with np.errstate(all="ignore"):
        got = uf.reduce(gp.asarray(x), **kw)
    _check(expected, got, rtol=1e-12)


@pytest.mark.parametrize("name,x", FOLD_CASES,
                         ids=[c[0] + "-" + c[1].dtype.name
                              for c in FOLD_CASES])
@pytest.mark.parametrize("axis", [0, 1])
def test_ufunc_accumulate_folds_match_numpy(name, x, axis):
    uf = getattr(np, name)
    with np.errstate(all="ignore"):
        expected = uf.accumulate(x, axis=axis)
        got = uf.accumulate(gp.asarray(x), axis=axis)
    _check(expected, got, rtol=1e-12)


def test_fold_reduce_initial_where_and_many_axes():
    g = gp.asarray(F)
    _check(np.subtract.reduce(F, axis=0, initial=2.0),
           np.subtract.reduce(g, axis=0, initial=2.0))
    _check(np.subtract.reduce(F, axis=1, where=MASK, initial=1.0),
           np.subtract.reduce(g, axis=1, where=gp.asarray(MASK),
                              initial=1.0))
    # reorderable (it has an identity): several axes and None work
    _check(np.logaddexp.reduce(F, axis=None),
           np.logaddexp.reduce(g, axis=None), rtol=1e-12)
    _check(np.hypot.reduce(F, axis=(0, 1), where=MASK),
           np.hypot.reduce(g, axis=(0, 1), where=gp.asarray(MASK)),
           rtol=1e-12)
    _check(np.gcd.reduce(np.zeros((0, 3), int), axis=0),
           np.gcd.reduce(gp.zeros((0, 3), int), axis=0))
    out = gp.zeros(5)
    r = np.subtract.reduce(g, axis=0, out=(out,))
    assert r is out
    _check(np.subtract.reduce(F, axis=0), out)


@pytest.mark.parametrize("call,exc", [
    # NumPy's errors, from NumPy's own checks
    (lambda m: np.subtract.reduce(m.ones((2, 2)), axis=None), ValueError),
    (lambda m: np.lcm.reduce(m.ones((2, 2), int), axis=(0, 1)), ValueError),
    (lambda m: np.subtract.reduce(m.ones((0,))), ValueError),
    (lambda m: np.subtract.reduce(m.ones(2), where=m.asarray([True, False])),
     ValueError),
    (lambda m: np.equal.reduce(m.ones(3)), TypeError),
    (lambda m: np.subtract.accumulate(m.ones((2, 2)), axis=None),
     ValueError),
    (lambda m: np.add.accumulate(m.ones((2, 2)), axis=None), ValueError),
    (lambda m: np.sin.reduce(m.ones(3)), ValueError),
    (lambda m: np.divmod.reduce(m.ones(3)), ValueError),
    (lambda m: np.divmod.accumulate(m.ones(3)), ValueError),
    (lambda m: np.subtract.reduce(m.ones((2, 2)), axis=2),
     np.exceptions.AxisError),
    (lambda m: np.subtract.reduce(m.ones((2, 3)), axis=0,
                                  out=m.zeros((2, 3))), ValueError),
], ids=lambda c: "")
def test_fold_errors_match_numpy(call, exc):
    with pytest.raises(exc):
        call(np)
    with pytest.raises(exc):
        call(gp)


@pytest.mark.parametrize("dt", ["u1", "u2", "u4", "u8", "i1", "?"])
def test_bitwise_and_reduce_where_unsigned(dt):
    x = (np.arange(15).reshape(3, 5) % 7 + 1).astype(dt)
    _check(np.bitwise_and.reduce(x, axis=1, where=MASK),
           np.bitwise_and.reduce(gp.asarray(x), axis=1,
                                 where=gp.asarray(MASK)))


# ---- gufunc keywords of matmul / matvec / vecmat through np.* ---------

GUFUNC_AXES = [
    ("matmul", (3, 4, 2), (4, 5, 2), [(0, 1), (0, 1), (0, 1)]),
    ("matmul", (3, 4, 2), (4, 5, 2), [(0, 1), (0, 1), (1, 2)]),
    ("matmul", (4, 3), (3,), [(-2, -1), (-1,), (-1,)]),
    ("matmul", (4, 3), (3,), [(-2, -1), -1, -1]),
    ("matvec", (3, 4), (4, 2), [(0, 1), (0,), (0,)]),
    ("vecmat", (4, 2), (4, 3), [0, (0, 1), 0]),
]


@pytest.mark.parametrize("name,s1,s2,axes", GUFUNC_AXES)
def test_gufunc_axes_match_numpy(name, s1, s2, axes):
    x, y = RNG.random(s1), RNG.random(s2)
    f = getattr(np, name)
    _check(f(x, y, axes=axes), f(gp.asarray(x), gp.asarray(y), axes=axes))


@pytest.mark.parametrize("kw,exc", [
    ({"axes": [(-2, -1), (-2, -1)]}, ValueError),
    ({"axes": [(-2,), (-2, -1), (-2, -1)]}, np.exceptions.AxisError),
    ({"axes": [(-2, 5), (-2, -1), (-2, -1)]}, np.exceptions.AxisError),
    ({"axis": 0}, TypeError),
    ({"keepdims": True}, TypeError),
    ({"keepdims": False}, TypeError),
])
@pytest.mark.parametrize("name", ["matmul", "matvec"])
def test_gufunc_keyword_errors_match_numpy(name, kw, exc):
    x = np.ones((2, 3, 3))
    y = x if name == "matmul" else np.ones((2, 3))
    f = getattr(np, name)
    with pytest.raises(exc):
        f(x, y, **kw)
    with pytest.raises(exc):
        f(gp.asarray(x), gp.asarray(y), **kw)


@pytest.mark.parametrize("sig", [(None, None, "f4"), "ff->f"])
def test_matmul_signature_picks_the_loop(sig):
    x, y = RNG.random((2, 3)), RNG.random((3, 4))
    _check(np.matmul(x, y, signature=sig),
           np.matmul(gp.asarray(x), gp.asarray(y), signature=sig), rtol=1e-6)


@pytest.mark.parametrize("subok", [True, False])
def test_broadcast_arrays_takes_subok(subok):
    x, y = RNG.random(3), RNG.random((2, 1))
    expected = np.broadcast_arrays(x, y, subok=subok)
    got = np.broadcast_arrays(gp.asarray(x), gp.asarray(y), subok=subok)
    assert len(got) == len(expected)
    for e, g in zip(expected, got):
        _check(e, g)


# ---- __dlpack__ / from_dlpack argument checks, as NumPy's ------------

def _host_pair():
    n = np.arange(6.0).reshape(2, 3)
    return n, gp.from_dlpack(n)     # a host-memory gpuarray array


@pytest.mark.parametrize("kw", [
    {"copy": "x"}, {"copy": "False"}, {"max_version": 1},
    {"max_version": (1,)}, {"max_version": [1, 0]}, {"dl_device": 1},
    {"dl_device": [1, 0]}, {"dl_device": (1, 1)}, {"bogus": 1},
    {"stream": 1}, {"stream": -1},
], ids=str)
def test_dlpack_bad_arguments_raise_numpys_type(kw):
    n, g = _host_pair()
    with pytest.raises(Exception) as expected:
        n.__dlpack__(**kw)
    if "stream" in kw:
        # host memory has no streams; NumPy 2.4 says RuntimeError, 2.5
        # another type (seen on the GPU machine): an error either way
        with pytest.raises((RuntimeError, ValueError, BufferError,
                            TypeError)):
            g.__dlpack__(**kw)
        return
    with pytest.raises(expected.type):
        g.__dlpack__(**kw)


@pytest.mark.parametrize("kw", [
    {}, {"copy": True}, {"copy": False}, {"copy": 1}, {"copy": np.False_},
    {"max_version": (1, 0)}, {"max_version": (0, 8)},
    {"max_version": (2, 3)}, {"dl_device": (1, 0)},
], ids=str)
def test_dlpack_good_arguments_give_numpys_capsule(kw):
    n, g = _host_pair()
    cn, cg = n.__dlpack__(**kw), g.__dlpack__(**kw)
    # the capsule kind (legacy or versioned) follows max_version alike
    assert str(cn).split('"')[1] == str(cg).split('"')[1]
    back = np.from_dlpack(g, **{k: v for k, v in kw.items()
                                if k in ("copy",)})
    np.testing.assert_array_equal(back, n)
    assert np.shares_memory(back, n) == bool(not kw.get("copy"))


@pytest.mark.parametrize("copy", ["x", "False"])
def test_from_dlpack_string_copy_is_valueerror(copy):
    n, g = _host_pair()
    with pytest.raises(ValueError):
        np.from_dlpack(g, copy=copy)
    with pytest.raises(ValueError):
        gp.from_dlpack(n, copy=copy)


# ---- NumPy functions dispatched with NumPy's own keyword defaults ------

DEFAULT_KW_FUNCS = [
    "sum", "prod", "max", "min", "amax", "amin", "nanmax", "nanmin", "mean",
    "std", "var", "all", "any", "argmax", "argmin", "cumsum", "sort",
    "argsort", "concatenate", "stack", "where", "clip", "round", "nansum",
    "median", "percentile", "quantile", "ptp", "average", "diff", "unique",
    "broadcast_arrays", "count_nonzero", "take", "repeat",
]


def _explicit_defaults(f, npos):
    """NumPy's keyword parameters of f, each with its default value."""
    import inspect
    try:
        params = list(inspect.signature(f).parameters.values())
    except (TypeError, ValueError):
        return []
    return [(p.name, p.default) for i, p in enumerate(params)
            if p.default is not p.empty and p.name != "like"
            and p.kind != p.POSITIONAL_ONLY
            and (i >= npos or p.kind == p.KEYWORD_ONLY)]


def _args_for(name, x):
    if name in ("concatenate", "stack"):
        return ([x, x],)
    if name in ("percentile", "quantile"):
        return (x, 0.5)
    if name in ("take", "repeat"):
        return (x, 1)
    if name == "where":
        return (x > 1, x, x)
    if name == "broadcast_arrays":
        return (x, x)
    return (x,)


@pytest.mark.parametrize("name", DEFAULT_KW_FUNCS)
def test_numpy_keyword_defaults_are_accepted(name):
    f = getattr(np, name)
    args = _args_for(name, F)
    gargs = tuple([gp.asarray(a) for a in x] if isinstance(x, list) else
                  gp.asarray(x) if isinstance(x, np.ndarray) else x
                  for x in args)
    for kw, default in _explicit_defaults(f, len(args)):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = f(*args, **{kw: default})
            got = f(*gargs, **{kw: default})
        if isinstance(expected, tuple):
            for e, g in zip(expected, got):
                _check(e, g, rtol=1e-12)
        else:
            _check(expected, got, rtol=1e-12)


# ---- NumPy scalars on the left of operators ---------------------------

SCALARS = [np.float32(2), np.float64(2), np.int8(3), np.int64(3),
           np.uint8(3), np.bool_(True), np.complex64(1 + 1j),
           np.float16(2)]


@pytest.mark.parametrize("s", SCALARS, ids=lambda s: type(s).__name__)
@pytest.mark.parametrize("dt", ["f4", "i8", "u1", "?", "c8"])
def test_numpy_scalar_compares_with_our_array(s, dt):
    import operator
    a = np.array([1, 2, 3]).astype(dt)
    g = gp.asarray(a)
    for o in (operator.lt, operator.le, operator.eq, operator.ne,
              operator.gt, operator.ge, operator.add, operator.mul):
        try:
            expected = o(s, a)
        except TypeError:
            with pytest.raises(TypeError):
                o(s, g)
            continue
        _check(expected, o(s, g))


# ---- NumPy names: broadcast, lib.array_utils/scimath/mixins, errcall ----

def test_broadcast_object_matches_numpy():
    a, b = np.arange(3), np.arange(2)[:, None]
    x = np.broadcast(a, b)
    y = gp.broadcast(gp.asarray(a), gp.asarray(b))
    for attr in ("shape", "ndim", "nd", "size", "numiter", "index"):
        assert getattr(x, attr) == getattr(y, attr), attr
    assert [tuple(int(v) for v in t) for t in x] == \
        [tuple(int(v) for v in t) for t in y]
    assert x.index == y.index
    x.reset()
    y.reset()
    assert x.index == y.index == 0
    assert np.broadcast(x, a).numiter == gp.broadcast(y, gp.asarray(a)) \
        .numiter
    with pytest.raises(ValueError):
        np.broadcast(a, np.arange(4))
    with pytest.raises(ValueError):
        gp.broadcast(gp.asarray(a), gp.arange(4))


@pytest.mark.parametrize("view", [
    lambda x: x, lambda x: x[::-1, ::2], lambda x: x[1:3, 2:],
    lambda x: x.T, lambda x: x[:0]], ids=["C", "neg", "slice", "T", "empty"])
def test_byte_bounds_match_numpy(view):
    n = np.arange(24.0).reshape(4, 6)
    g = gp.from_dlpack(n)           # host memory: the same addresses
    assert gp.lib.array_utils.byte_bounds(view(g)) == \
        np.lib.array_utils.byte_bounds(view(n))


def test_lib_names_match_numpy():
    x = np.array([-1.0, 4.0])
    _check(np.lib.scimath.sqrt(x), gp.lib.scimath.sqrt(gp.asarray(x)))
    assert gp.lib.array_utils.normalize_axis_tuple(-1, 3) == \
        np.lib.array_utils.normalize_axis_tuple(-1, 3)
    assert (gp.lib.NumpyVersion(np.__version__) >= "2.0.0") is True

    class Wrapped(gp.lib.mixins.NDArrayOperatorsMixin):
        def __init__(self, v):
            self.v = v

        def __array_ufunc__(self, uf, method, *inputs, **kw):
            inputs = [i.v if isinstance(i, Wrapped) else i for i in inputs]
            return Wrapped(getattr(uf, method)(*inputs, **kw))

    _check(np.arange(3) * 2 + 1, (Wrapped(gp.arange(3)) * 2 + 1).v)


def test_errcall_and_bufsize_are_numpys():
    old = gp.seterrcall(print)
    try:
        assert np.geterrcall() is print and gp.geterrcall() is print
    finally:
        gp.seterrcall(old)
    assert gp.getbufsize() == np.getbufsize()


# ---- gpuarray.array takes NumPy's parameter names --------------------

@pytest.mark.parametrize("kw", [
    {"object": [[1, 2], [3, 4]]},
    {"object": [[1, 2], [3, 4]], "ndmax": 2},
    {"object": [[1, 2], [3, 4]], "ndmax": 2, "ndmin": 1, "dtype": "f4"},
    {"object": np.ones((2, 2)), "ndmax": 1},
], ids=["object", "ndmax", "ndmax-dtype", "array-ndmax"])
def test_array_keywords_match_numpy(kw):
    _check(np.array(**kw), gp.array(**kw))


@pytest.mark.parametrize("kw", [
    {"ndmax": 1}, {"ndmax": -1}, {"ndmax": 70}, {"ndmax": 2, "ndmin": 3},
    {"ndmin": 70},
], ids=str)
def test_array_ndmax_errors_match_numpy(kw):
    with pytest.raises(ValueError):
        np.array([[1, 2], [3, 4]], **kw)
    with pytest.raises(ValueError):
        gp.array([[1, 2], [3, 4]], **kw)


def test_subtract_fold_of_a_long_axis():
    # a0 - sum(rest): exact for integers (wrapping alike), one launch
    x = RNG.integers(-2**62, 2**62, 100_000)
    _check(np.subtract.reduce(x), np.subtract.reduce(gp.asarray(x)))
    _check(np.subtract.accumulate(x), np.subtract.accumulate(gp.asarray(x)))
    f = RNG.random(100_000)
    _check(np.subtract.reduce(f), np.subtract.reduce(gp.asarray(f)),
           rtol=1e-10)


@pytest.mark.parametrize("name", ["matmul", "vecdot", "matvec", "vecmat"])
@pytest.mark.parametrize("method,args", [
    ("reduce", (np.ones((2, 2, 2)),)), ("accumulate", (np.ones((2, 2, 2)),)),
    ("reduceat", (np.ones((2, 2)), [0])),
    ("outer", (np.ones((2, 2)), np.ones((2, 2)))),
    ("at", (np.ones((2, 2)), [0], np.ones((2, 2)))),
])
def test_gufunc_methods_raise_numpys_errors(name, method, args):
    f = getattr(getattr(np, name), method)
    with pytest.raises(Exception) as expected:
        f(*args)
    gargs = [gp.asarray(a) if isinstance(a, np.ndarray) else a for a in args]
    with pytest.raises(expected.type):
        f(*gargs)


# ---- small dispatch parities: einsum's sublist form, lexsort's keys ----

def test_einsum_sublist_form_needs_a_subscripts_list():
    with pytest.raises(ValueError):
        np.einsum(np.ones(2))
    with pytest.raises(ValueError):
        np.einsum(gp.ones(2))
    _check(np.einsum(np.ones(2), [0]), np.einsum(gp.ones(2), [0]))


@pytest.mark.parametrize("keys", [np.array([3, 1, 2]),
                                  np.array([[3, 1, 2], [1, 1, 0]])],
                         ids=["1d", "2d"])
@pytest.mark.parametrize("axis", [0, -1, 1])
def test_lexsort_array_keys_match_numpy(keys, axis):
    # an array of keys is iterated along its first axis: a 1-D array is
    # that many 0-d keys, as NumPy reads it
    try:
        expected = np.lexsort(keys, axis=axis)
    except np.exceptions.AxisError:
        with pytest.raises(np.exceptions.AxisError):
            np.lexsort(gp.asarray(keys), axis=axis)
        return
    _check(expected, np.lexsort(gp.asarray(keys), axis=axis))


# ---- a foreign operand's __array_ufunc__ gets the call's keywords ------

class _Recorder:
    """Returns what __array_ufunc__ receives (NEP 13's arguments)."""

    def __array_ufunc__(self, uf, method, *inputs, **kw):
        return uf.__name__, method, len(inputs), kw


def _shape_of(kw, out):
    """kw with the output array replaced by a marker."""
    return {k: tuple("OUT" if o is out else o for o in v)
            if k == "out" else v for k, v in kw.items()}


@pytest.mark.parametrize("given", [
    {}, {"out": "OUT"}, {"out": ("OUT",)}, {"out": None},
    {"dtype": np.float32, "casting": "unsafe"}])
def test_override_receives_the_keywords_numpy_passes(given):
    got = []
    for lib in (np, gp):
        x = lib.zeros(2)
        kw = {k: (x if v == "OUT" else
                  tuple(x for _ in v) if isinstance(v, tuple) else v)
              for k, v in given.items()}
        name, method, n, seen = lib.add(x, _Recorder(), **kw)
        got.append((name, method, n, _shape_of(seen, x)))
    assert got[1] == got[0]
