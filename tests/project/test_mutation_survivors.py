"""Issue 22: tests written for the mutants scripts/mutate.py left alive
(docs/design/mutation.md lists them): each asserts NumPy's behaviour at a
place the targeted test files did not reach."""
import numpy as np
import pytest

import gpuarray as gp


def _eq(g, w):
    g = gp.asnumpy(g)
    assert g.dtype == np.asarray(w).dtype and g.shape == np.shape(w)
    np.testing.assert_allclose(g, w, rtol=1e-13)


@pytest.mark.parametrize("args", [(2.0, 7.0, 300), (5.0, -3.0, 5001),
                                  (2.0, 7.0, 5000), (1.0, 1.0, 4097),
                                  (1.0, 1.0, 300), (0.0, 1.0, 1),
                                  (0.0, 1.0, 0)])
def test_linspace_large_device_path(args):
    # num above the host cut-off: the device formula (delta, div)
    _eq(gp.linspace(*args), np.linspace(*args))
    _eq(gp.linspace(*args, endpoint=False), np.linspace(*args,
                                                        endpoint=False))


def test_logspace_defaults_and_array_endpoints():
    _eq(gp.logspace(0.0, 2.0), np.logspace(0.0, 2.0))
    s, e = np.array([0.0, 1.0]), np.array([1.0, 3.0])
    _eq(gp.logspace(gp.asarray(s), gp.asarray(e), 5),
        np.logspace(s, e, 5))
    _eq(gp.logspace(s, e, 4, axis=1), np.logspace(s, e, 4, axis=1))


def test_arange_stop_keyword():
    _eq(gp.arange(stop=5), np.arange(stop=5))
    _eq(gp.arange(stop=4.5, step=1.5), np.arange(stop=4.5, step=1.5))


def test_identity_dtype():
    _eq(gp.identity(3, dtype=np.int16), np.identity(3, dtype=np.int16))
    _eq(gp.identity(2), np.identity(2))


def test_full_like_casts_unsafely():
    h = np.zeros(3, np.int32)
    _eq(gp.full_like(gp.asarray(h), 2.7), np.full_like(h, 2.7))
    with np.errstate(invalid="ignore"):
        want = np.full_like(h, np.nan)
    _eq(gp.full_like(gp.asarray(h), np.nan), want)


def test_round_integers_decimals_zero():
    h = np.array([15, -25, 7], np.int64)
    for d in (0, 1, -1):
        _eq(gp.round(gp.asarray(h), d), np.round(h, d))


def test_integer_power_negative_exponent_raises():
    a, b = np.array([2, 3]), np.array([1, 0])
    _eq(gp.power(gp.asarray(a), gp.asarray(b)), np.power(a, b))
    with pytest.raises(ValueError):
        np.power(a, np.array([1, -1]))
    with pytest.raises(ValueError):
        gp.power(gp.asarray(a), gp.asarray(np.array([1, -1])))


def test_nanprod_nansum_with_nans():
    h = np.array([[2.0, np.nan, 3.0], [np.nan, 4.0, 0.5]])
    _eq(gp.nanprod(gp.asarray(h), axis=1), np.nanprod(h, axis=1))
    _eq(gp.nansum(gp.asarray(h), axis=0), np.nansum(h, axis=0))
    _eq(gp.nanprod(gp.asarray(h)), np.nanprod(h))


def test_reduction_out_wrong_shape_is_valueerror():
    h = np.ones((3, 4))
    with pytest.raises(ValueError):
        np.var(h, axis=0, out=np.empty(3))
    with pytest.raises(ValueError, match="wrong shape"):
        gp.var(gp.asarray(h), axis=0, out=gp.empty(3))


def test_flags_setitem_keys():
    g = gp.zeros(3)
    f = g.flags
    f["W"] = False
    assert not g.flags.writeable
    with pytest.raises(KeyError):
        f["C"] = True
    h = np.zeros(3)
    with pytest.raises(KeyError):
        h.flags["C"] = True


def test_take_index_dtype_checks():
    h = np.arange(5.0)
    with pytest.raises(TypeError):
        np.take(h, np.array([1.0]))
    with pytest.raises(TypeError):
        gp.take(gp.asarray(h), gp.asarray(np.array([1.0])))
    _eq(gp.take(gp.asarray(h), gp.asarray(np.array([1, 3], np.uint8))),
        np.take(h, np.array([1, 3], np.uint8)))


def test_ufunc_python_scalars_stay_weak():
    # NEP 50: a Python float does not widen float32; a 0-d array would
    h = np.arange(3.0, dtype=np.float32)
    _eq(gp.add(gp.asarray(h), 2.0), np.add(h, 2.0))
    _eq(gp.multiply(gp.asarray(h), 3), np.multiply(h, 3))
    _eq(gp.add(gp.asarray(h), np.float64(2)), np.add(h, np.float64(2)))


def test_lazy_forward_passes_keywords():
    h = np.array([3.0, 1.0, 2.0])
    _eq(gp.sort(gp.asarray(h), kind="stable"), np.sort(h, kind="stable"))
    _eq(gp.unique(gp.asarray(h), return_counts=True)[1],
        np.unique(h, return_counts=True)[1])


# ---- survivors of the 100-mutant campaign (docs/design/mutation.md) ----

def test_array_ndmax_bounds_scalar():
    # ndmax=0 is a valid cap (a 0-d result); -1 and 65 are out of range
    if np.lib.NumpyVersion(np.__version__) < "2.4.0":
        pytest.skip("NumPy before 2.4 has no ndmax to compare with")
    _eq(gp.array(3.0, ndmax=0), np.array(3.0, ndmax=0))
    _eq(gp.array(gp.asarray(np.arange(3.0)), ndmax=0),
        np.array(np.arange(3.0), ndmax=0))
    _eq(gp.array([1, 2], ndmax=64), np.array([1, 2], ndmax=64))
    for bad in (-1, 65):
        with pytest.raises(ValueError):
            np.array(1.0, ndmax=bad)
        with pytest.raises(ValueError):
            gp.array(1.0, ndmax=bad)


@pytest.mark.parametrize("fn", ["sum", "prod"])
def test_whole_array_sum_of_non_gpuarray_inputs(fn):
    # the plain whole-array fast path is for gpuarray inputs only
    for v in ([1, 2, 3], (2.5, 4.0), np.arange(1, 5, dtype=np.int16)):
        _eq(getattr(gp, fn)(v), getattr(np, fn)(v))


@pytest.mark.parametrize("fn", ["sum", "prod"])
def test_whole_array_sum_dtype(fn):
    h = np.arange(1, 6, dtype=np.int8)
    for dt in (np.float32, np.int16, np.complex64):
        _eq(getattr(gp, fn)(gp.asarray(h), dtype=dt),
            getattr(np, fn)(h, dtype=dt))


def test_scans_into_bool():
    # NumPy casts each value to bool first (nan and 0.5 are True); the
    # nan-skipping scans replace nans by the identity first
    h = np.array([np.nan, 0.0, 0.5, 0.0])
    g = gp.asarray(h)
    for fn in ("cumsum", "cumprod", "nancumsum", "nancumprod"):
        _eq(getattr(gp, fn)(g, dtype=bool), getattr(np, fn)(h, dtype=bool))


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_diff_and_gradient_along_an_axis(axis):
    h = np.arange(24.0).reshape(2, 3, 4) ** 2
    g = gp.asarray(h)
    _eq(gp.diff(g, axis=axis), np.diff(h, axis=axis))
    _eq(gp.gradient(g, axis=axis), np.gradient(h, axis=axis))
    _eq(gp.pad(g, ((0, 0), (1, 2), (0, 1)), mode="edge"),
        np.pad(h, ((0, 0), (1, 2), (0, 1)), mode="edge"))


def test_may_share_memory_of_views():
    h = np.arange(20.0).reshape(4, 5)
    g = gp.asarray(h)
    pairs = [(lambda a: a[:2], lambda a: a[1:]),
             (lambda a: a[:2], lambda a: a[2:]),
             (lambda a: a[0, :3], lambda a: a[0, 2:]),
             (lambda a: a[0, :3], lambda a: a[0, 3:]),
             (lambda a: a[::-1], lambda a: a[3]),
             (lambda a: a[::-1, 1], lambda a: a[0, 2:]),
             (lambda a: a[:, ::-2], lambda a: a[3, 4:]),
             (lambda a: a.T[1:3], lambda a: a[3, :1]),
             (lambda a: a[1:3, 1:3], lambda a: a[3:, 4:]),
             (lambda a: a[3:1:-1], lambda a: a[:2]),
             (lambda a: a[0, 4:1:-1], lambda a: a[0, :2]),
             (lambda a: a[3:1:-1, ::-1], lambda a: a[1])]
    for f, s in pairs:
        assert gp.may_share_memory(f(g), s(g)) == \
            np.may_share_memory(f(h), s(h))


def test_dask_token_forgotten_with_its_array():
    import gc
    from gpuarray._engine import tokenize
    a = gp.arange(3)
    t = tokenize.dask_tokenize(a)
    assert tokenize.dask_tokenize(a) == t
    key = id(a)
    assert key in tokenize._tokens
    del a
    gc.collect()
    assert key not in tokenize._tokens


@pytest.mark.parametrize("a_shape,o_shape", [((1,), ()), ((1, 1), (1,)),
                                             ((2, 3), (3,)), ((), (3,)),
                                             ((3,), (2, 3)), ((2, 3), (2, 3))])
def test_clip_out_of_fewer_dimensions(a_shape, o_shape):
    h, o = np.linspace(-1, 2, int(np.prod(a_shape))).reshape(a_shape), \
        np.zeros(o_shape)
    try:
        want = np.clip(h, 0, 1, out=o)
    except ValueError:
        with pytest.raises(ValueError):
            gp.clip(gp.asarray(h), 0, 1, out=gp.asarray(o))
        return
    _eq(gp.clip(gp.asarray(h), 0, 1, out=gp.asarray(np.zeros(o_shape))), want)


def test_sum_into_bool():
    # sum(dtype=bool) is a logical or of the values cast to bool (nan and
    # 0.5 are True); nansum replaces the nans by 0 first
    for h in (np.array([np.nan, 0.0]), np.array([0.5, 0.0]),
              np.array([[0.0, np.nan], [0.0, 0.0]])):
        g = gp.asarray(h)
        for fn in ("sum", "nansum", "prod", "nanprod"):
            _eq(getattr(gp, fn)(g, dtype=bool), getattr(np, fn)(h, dtype=bool))
            _eq(getattr(gp, fn)(g, axis=0, dtype=bool),
                getattr(np, fn)(h, axis=0, dtype=bool))


@pytest.mark.parametrize("shape,strides", [((2,), (12,)), ((1,), (12,)),
                                           ((1, 2), (3, 8)), ((2, 1), (8, 5)),
                                           ((3,), (8,)), ((2, 2), (16, 4)),
                                           ((0, 2), (3, 8))])
def test_aligned_counts_axes_longer_than_one(shape, strides):
    # NumPy's ALIGNED: the steps of axes of length 1 do not count
    from numpy.lib.stride_tricks import as_strided as np_strided
    from gpuarray.lib.stride_tricks import as_strided as gp_strided
    h = np.zeros(64, np.uint8)
    g = gp.asarray(h)
    assert h.ctypes.data % 8 == g.data.ptr % 8 == 0
    a = np_strided(h[8:].view(np.int64), shape, strides)
    b = gp_strided(g[8:].view(np.int64), shape, strides)
    assert b.flags.aligned == a.flags.aligned
    assert b.flags["A"] == a.flags["A"] and b.flags.behaved == a.flags.behaved


def test_clip_keywords_without_out():
    h = np.array([-2.0, 0.5, 3.0])
    g = gp.asarray(h)
    _eq(gp.clip(g), np.clip(h))                 # NumPy >= 2.1: a copy
    _eq(gp.clip(g, 0, 1, dtype=np.float32), np.clip(h, 0, 1,
                                                     dtype=np.float32))
    hi = np.array([-2, 5, 9], np.int16)
    _eq(gp.clip(gp.asarray(hi), 0, 4, casting="unsafe"),
        np.clip(hi, 0, 4, casting="unsafe"))


@pytest.mark.parametrize("a_shape,o_shape", [
    ((1,), ()), ((1, 3), (3,)), ((), (2,)), ((3,), (2, 3)), ((2, 3), (2, 3)),
    ((), (1,)), ((3,), (1, 3)), ((3,), (3, 1)), ((), ()), ((2, 3), (6,))])
def test_around_out_shape(a_shape, o_shape):
    # out= of around: the same size, a shape a broadcasts to
    h = np.linspace(-1.26, 2.51, int(np.prod(a_shape))).reshape(a_shape)
    for d in (0, 1):
        try:
            want = np.around(h, d, out=np.zeros(o_shape))
        except ValueError:
            with pytest.raises(ValueError):
                gp.around(gp.asarray(h), d, out=gp.zeros(o_shape))
            continue
        _eq(gp.around(gp.asarray(h), d, out=gp.zeros(o_shape)), want)


@pytest.mark.parametrize("uf,dt", [("maximum", np.float64),
                                   ("minimum", np.int32),
                                   ("bitwise_or", np.int32),
                                   ("bitwise_xor", np.int64),
                                   ("fmax", np.float32)])
def test_accumulate_dtype_of_other_ufuncs(uf, dt):
    # the result dtype of ufunc.accumulate(dtype=) beyond add/multiply
    h = np.array([3, -1, 7, 2, -5], np.int8)
    _eq(getattr(gp, uf).accumulate(gp.asarray(h), dtype=dt),
        getattr(np, uf).accumulate(h, dtype=dt))


@pytest.mark.parametrize("fn", ["floor_divide", "remainder", "fmod"])
def test_integer_divide_by_zero_report_honours_where(fn):
    a, b = np.array([4, 5, 6]), np.array([0, 2, 3])
    ga, gb = gp.asarray(a), gp.asarray(b)
    for mask in ([False, True, True], [True, True, False]):
        m = np.array(mask)
        with np.errstate(divide="raise"):
            try:
                want = getattr(np, fn)(a, b, out=np.zeros(3, a.dtype),
                                       where=m)
            except FloatingPointError:
                with pytest.raises(FloatingPointError):
                    getattr(gp, fn)(ga, gb, out=gp.zeros(3, a.dtype),
                                    where=gp.asarray(m))
                continue
            got = getattr(gp, fn)(ga, gb, out=gp.zeros(3, a.dtype),
                                  where=gp.asarray(m))
        h = gp.asnumpy(got)
        np.testing.assert_array_equal(h[m], want[m])
    with np.errstate(divide="raise"):
        with pytest.raises(FloatingPointError):
            getattr(np, fn)(a, b)
        with pytest.raises(FloatingPointError):
            getattr(gp, fn)(ga, gb)


def test_linspace_checks_num_first():
    # NumPy checks num before it looks at start and stop
    for start in ("a", object()):
        with pytest.raises(ValueError, match="non-negative"):
            np.linspace(start, 1, -1)
        with pytest.raises(ValueError, match="non-negative"):
            gp.linspace(start, 1, -1)


def test_integer_divide_by_zero_warning_names_the_caller():
    import warnings
    a, b = np.array([4, 5]), np.array([0, 1])
    for mod, x, y in ((np, a, b), (gp, gp.asarray(a), gp.asarray(b))):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            mod.floor_divide(x, y)
        assert [str(v.message) for v in w] == \
            ["divide by zero encountered in floor_divide"]
        assert w[0].category is RuntimeWarning
        assert w[0].filename == __file__, mod


def test_creation_with_a_numpy_like_keeps_dtype():
    # NEP 35: like= a NumPy array hands the call to NumPy, dtype and all
    like = np.empty(0)
    for fn, args in (("arange", (5,)), ("zeros", (3,)), ("ones", (2,)),
                     ("asarray", ([1, 2],))):
        got = getattr(gp, fn)(*args, dtype=np.float32, like=like)
        want = getattr(np, fn)(*args, dtype=np.float32, like=like)
        assert type(got) is np.ndarray
        np.testing.assert_array_equal(got, want)
        assert got.dtype == want.dtype


@pytest.mark.parametrize("fn,args", [
    ("put", ([0], [5])), ("place", ([True, False, True], [9]))])
def test_in_place_writers_refuse_a_list(fn, args):
    # written in place: a list (or a NumPy array, for gpuarray) is refused
    # with NumPy's TypeError, not converted to a temporary and dropped
    with pytest.raises(TypeError, match="argument 1"):
        getattr(np, fn)([1, 2, 3], *args)
    with pytest.raises(TypeError, match="argument 1"):
        getattr(gp, fn)([1, 2, 3], *args)
    with pytest.raises(TypeError, match="argument 1"):
        getattr(gp, fn)(np.array([1, 2, 3]), *args)


def test_asarray_of_a_list_of_device_arrays_copy():
    parts = [np.arange(2.0), np.ones(2)]
    gparts = [gp.asarray(p) for p in parts]
    for copy in (True, None):
        _eq(gp.asarray(gparts, copy=copy), np.asarray(parts, copy=copy))
    with pytest.raises(ValueError):
        np.asarray(parts, copy=False)
    with pytest.raises(ValueError):
        gp.asarray(gparts, copy=False)


def test_integer_divide_by_zero_call_and_log_modes():
    a, b = np.array([4, 5]), np.array([0, 1])

    class Log:
        def __init__(self):
            self.calls = []

        def __call__(self, kind, flag):
            self.calls.append((kind, flag))

        def write(self, text):
            self.calls.append(text)

    for mode in ("call", "log"):
        seen = []
        for mod, x, y in ((np, a, b), (gp, gp.asarray(a), gp.asarray(b))):
            log = Log()
            with np.errstate(divide=mode, call=log):
                mod.floor_divide(x, y)
            seen.append(log.calls)
        assert seen[0] == seen[1] and len(seen[0]) == 1, (mode, seen)


@pytest.mark.parametrize("dt", [np.int64, np.uint64, np.int32])
def test_round_large_integers_exact(dt):
    # decimals >= 0 leaves integers as they are (no trip through float)
    info = np.iinfo(dt)
    h = np.array([info.max, info.min, info.max - 1, info.max // 3, 7], dt)
    for d in (0, 2):
        got = gp.asnumpy(gp.round(gp.asarray(h), d))
        np.testing.assert_array_equal(got, np.round(h, d))
        assert got.dtype == np.round(h, d).dtype


@pytest.mark.parametrize("src,dst", [(np.float64, np.int64),
                                     (np.complex128, np.float64),
                                     (np.float64, np.float32)])
def test_around_out_casting_same_kind(src, dst):
    h = np.array([1.26, -2.5], src)
    try:
        want = np.around(h, 1, out=np.zeros(2, dst))
    except TypeError:
        with pytest.raises(TypeError):
            gp.around(gp.asarray(h), 1, out=gp.zeros(2, dst))
        return
    _eq(gp.around(gp.asarray(h), 1, out=gp.zeros(2, dst)), want)


@pytest.mark.parametrize("dt", [np.int16, np.float16, np.int32, np.float64,
                                np.complex64, np.uint8])
def test_aligned_of_offset_views(dt):
    # a view one byte into a buffer is misaligned for every type wider
    # than a byte (alignment 2 included)
    h = np.zeros(64, np.uint8)
    g = gp.asarray(h)
    n = 32 // np.dtype(dt).itemsize * np.dtype(dt).itemsize
    for off in (0, 1, 2, 4):
        a = h[off:off + n].view(dt)
        b = g[off:off + n].view(dt)
        assert b.flags.aligned == a.flags.aligned, (dt, off)


def test_asarray_blocking_is_a_bool():
    # CuPy's asarray(blocking=): True waits for the device; not a bool is
    # a TypeError
    h = np.arange(4.0)
    _eq(gp.asarray(h, blocking=True), h)
    _eq(gp.asarray(h, blocking=np.bool_(False)), h)
    for bad in (1, "yes", None):
        with pytest.raises(TypeError, match="blocking"):
            gp.asarray(h, blocking=bad)


def test_round_booleans():
    # NumPy rounds bools through float16 for decimals=0 and refuses other
    # decimals (its multiply/divide result cannot be cast back)
    h = np.array([True, False, True])
    _eq(gp.round(gp.asarray(h)), np.round(h))
    _eq(gp.round(gp.asarray(h), 0), np.round(h, 0))
    for d in (1, -1, 3):
        with pytest.raises(TypeError):
            np.round(h, d)
        with pytest.raises(TypeError):
            gp.round(gp.asarray(h), d)


@pytest.mark.parametrize("fn", ["sum", "prod", "nansum", "nanprod"])
def test_reductions_where_false(fn):
    # where=False masks out every element: the identity remains
    h = np.arange(1.0, 7.0).reshape(2, 3)
    g = gp.asarray(h)
    for kw in ({}, {"axis": 0}, {"axis": 1, "keepdims": True}):
        _eq(getattr(gp, fn)(g, where=False, **kw),
            getattr(np, fn)(h, where=False, **kw))
    _eq(gp.max(g, where=False, initial=-1.0), np.max(h, where=False,
                                                      initial=-1.0))


def test_index_dtype_errors_name_the_dtype():
    h = np.arange(5.0)
    with pytest.raises(TypeError, match="float64"):
        np.put(h.copy(), np.array([1.5]), 0.0)
    with pytest.raises(TypeError, match="float64"):
        gp.put(gp.asarray(h), gp.asarray(np.array([1.5])), 0.0)
    with pytest.raises(TypeError, match="only int indices"):
        np.unravel_index(np.array([1.0]), (3, 2))
    with pytest.raises(TypeError, match="only int indices"):
        gp.unravel_index(gp.asarray(np.array([1.0])), (3, 2))


@pytest.mark.parametrize("fn", ["cumsum", "cumprod"])
def test_scans_propagate_nan(fn):
    h = np.array([[1.0, np.nan, 2.0], [0.5, 3.0, np.nan]])
    g = gp.asarray(h)
    for axis in (None, 0, 1):
        _eq(getattr(gp, fn)(g, axis=axis), getattr(np, fn)(h, axis=axis))
        _eq(getattr(gp, "nan" + fn)(g, axis=axis),
            getattr(np, "nan" + fn)(h, axis=axis))
    _eq(getattr(g, fn)(axis=1), getattr(h, fn)(axis=1))


@pytest.mark.parametrize("dt", [np.uint8, np.uint16, np.uint32, np.uint64])
def test_min_of_unsigned_values_above_the_signed_range(dt):
    # every value above the signed maximum: the min must start from the
    # unsigned maximum
    top = int(np.iinfo(dt).max)
    h = np.array([[top, top - 1, top // 2 + 3], [top - 7, top, top // 2 + 1]],
                 dt)
    g = gp.asarray(h)
    for axis in (None, 0, 1):
        _eq(gp.min(g, axis=axis), np.min(h, axis=axis))
        _eq(gp.nanmin(g, axis=axis), np.nanmin(h, axis=axis))
    _eq(gp.minimum.reduce(g, axis=1), np.minimum.reduce(h, axis=1))
