"""Corners where NumPy 2's rules are easy to miss, each against NumPy:
angle of small ints (a weak 0 in arctan2), round of booleans (float16),
clip with Python-int bounds beyond an integer type, tril/triu of 1-d
input, median of booleans (a mean of the middle values), and the ndarray
object's own corners (flags, format of 0-d arrays, tobytes, clip and
round with out=)."""
import warnings

import numpy as np
import pytest

import gpuarray as gp
from conftest import assert_array_equal_gp as same
from gpuarray.testing import parity


def outcome(fn):
    try:
        r = fn()
    except Exception as e:  # the exception type is the outcome
        return type(e)
    return r


def both(name, x, *args, **kwargs):
    """gpuarray.name on x uploaded gives NumPy's result (a gpuarray array
    of its dtype and shape, values within rtol 1e-6) or raises the
    exception type NumPy raises (parity.public_exception: NumPy's
    _UFuncOutputCastingError counts as TypeError)."""
    want = parity.outcome(getattr(np, name), x, *args, **kwargs)
    got = parity.outcome(getattr(gp, name), gp.asarray(x), *args, **kwargs)
    parity.assert_same_outcome(got, want, rtol=1e-6, atol=0, device=True)


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint8, np.int16,
                                   np.uint16, np.int32, np.int64,
                                   np.float16, np.float32, np.complex64])
def test_angle_dtypes(dtype):
    x = np.array([0, 1, 2, 3]).astype(dtype)
    both("angle", x)
    both("angle", x, deg=True)


@pytest.mark.parametrize("decimals", [0, 1, -1])
def test_round_of_booleans(decimals):
    both("round", np.array([True, False, True]), decimals)
    both("around", np.array([[True], [False]]), decimals)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.uint64])
@pytest.mark.parametrize("lo,hi", [(-1, 3), (1, 300), (300, 400), (-5, -1),
                                   (None, -1), (-1, None), (-1000, 1000),
                                   (-1.5, 3)])
def test_clip_with_python_int_bounds_beyond_the_type(dtype, lo, hi):
    x = np.arange(6).astype(dtype)
    both("clip", x, lo, hi)


@pytest.mark.parametrize("name", ["tril", "triu"])
@pytest.mark.parametrize("k", [-1, 0, 2])
def test_tril_triu_of_one_dimensional_input(name, k):
    both(name, np.arange(1, 5), k)
    both(name, np.arange(12.0).reshape(3, 4), k)
    both(name, np.arange(24).reshape(2, 3, 4), k)


@pytest.mark.parametrize("name", ["median", "nanmedian"])
def test_median_of_booleans(name):
    for x, axis in [(np.array([True, False, True]), None),
                    (np.array([True, False]), None),
                    (np.array([[True, False], [True, True]]), 0)]:
        both(name, x, axis=axis)


def test_clip_without_effect_still_copies():
    a = gp.arange(4, dtype=np.uint8)
    r = gp.clip(a, -1, 1000)
    r[0] = 9
    same(a, np.arange(4, dtype=np.uint8))


@pytest.mark.parametrize("other", [3, [3], np.int64(3), 3.5, True, 70000])
def test_concatenate_promotes_python_scalars_weakly(other):
    x = np.arange(3, dtype=np.int16)
    want = outcome(lambda: np.concatenate((x, other), axis=None))
    got = outcome(lambda: gp.concatenate((gp.asarray(x), other), axis=None))
    if isinstance(want, type):
        assert isinstance(got, type) and issubclass(got, want)
    else:
        same(got, want)
    same(gp.union1d(gp.asarray(x), other), np.union1d(x, other))


def test_correlate_needs_one_dimensional_inputs():
    x = np.arange(5.0)
    for args in [(x, 3.0), (3.0, x), (x, np.array(2.0))]:
        with pytest.raises(ValueError):
            np.correlate(*args)
        with pytest.raises(ValueError):
            gp.correlate(*[gp.asarray(a) if isinstance(a, np.ndarray)
                           else a for a in args])
    same(gp.convolve(gp.asarray(x), 3.0), np.convolve(x, 3.0))


@pytest.mark.parametrize("name", ["var", "std", "nanvar", "nanstd"])
@pytest.mark.parametrize("values", [[np.nan], [np.inf], [np.nan, 1.0],
                                    [np.inf, 1.0], [np.inf, -np.inf], [5.0],
                                    [1 + 1j, np.inf + 0j], [1 + 1j, 2 + 3j]])
def test_variance_of_non_finite_values_is_nan(name, values):
    x = np.array(values)
    with np.errstate(invalid="ignore"):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            both(name, x)
            both(name, x.reshape(1, -1), axis=1)


@pytest.mark.parametrize("name", ["argmax", "argmin", "nanargmax",
                                  "nanargmin"])
def test_arg_reductions_over_a_non_empty_axis_of_an_empty_array(name):
    x = np.zeros((0, 4))
    both(name, x, axis=1)
    both(name, x, axis=0)     # NumPy: ValueError (the axis is empty)
    both(name, x)             # and with no axis


def test_where_with_only_a_condition_is_nonzero():
    c = np.array([[True, False], [False, True]])
    got, want = gp.where(gp.asarray(c)), np.where(c)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        same(g, w)


@pytest.mark.parametrize("start,stop,kw", [
    (0, [1, 2], {"axis": 1}), ([0, 1], 3, {}), ([0, 1], [[2], [3]], {}),
    (np.array([1.0, 2.0]), 4, {"endpoint": False, "axis": -1}),
])
def test_linspace_with_array_endpoints(start, stop, kw):
    want = np.linspace(start, stop, 5, **kw)
    same(gp.linspace(start, stop, 5, **kw), want)
    g_start = gp.asarray(start) if isinstance(start, np.ndarray) else start
    same(gp.linspace(g_start, stop, 5, **kw), want)


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint16, np.float32,
                                   np.complex64])
@pytest.mark.parametrize("exponent", [2, 2.0, 3, 0.5, -1.0, 0, True])
def test_power_operator_dtypes(dtype, exponent):
    """array ** 2 is NumPy's square (bool ** 2 -> int8)."""
    x = np.array([1, 0, 1, 1]).astype(dtype)
    with np.errstate(all="ignore"):
        want = outcome(lambda: x ** exponent)
        got = outcome(lambda: gp.asarray(x) ** exponent)
    if isinstance(want, type):
        assert isinstance(got, type)
        return
    same(got, want)


@pytest.mark.parametrize("sig", [(None, None, None), "dd->d", ("f", "f", "f"),
                                 "ff->f", np.float64, 5])
def test_ufunc_signature_naming_one_loop_type(sig):
    x = np.arange(4, dtype=np.int16)
    want = outcome(lambda: np.add(x, x, signature=sig))
    got = outcome(lambda: gp.add(gp.asarray(x), gp.asarray(x),
                                 signature=sig))
    if isinstance(want, type):
        assert isinstance(got, type) and issubclass(got, want)
    else:
        same(got, want)


@pytest.mark.parametrize("name", ["mean", "var", "std"])
@pytest.mark.parametrize("axis", [None, 0])
@pytest.mark.parametrize("dtype", [np.int16, np.complex128])
def test_moments_with_an_integer_or_complex_dtype(name, axis, dtype):
    x = np.arange(12.0).reshape(3, 4) * 3
    both(name, x, axis=axis, dtype=dtype)
    both(name, x.astype(np.int64), axis=axis, dtype=dtype)


def test_nanmean_dtype_and_cumsum_axis_errors():
    x = np.array([1.0, np.nan, 2.0])
    both("nanmean", x, dtype=np.int16)
    both("nanmean", np.array([1, 2, 4]), dtype=np.int16)
    both("cumsum", np.ones((2, 3)), axis=(0, 1))


def test_clip_without_bounds_is_a_copy():
    x = np.arange(4)
    both("clip", x)
    both("clip", x, None, None)
    a = gp.asarray(x)
    r = gp.clip(a)
    r[0] = 9
    same(a, x)


# ---------------------------------------- manipulation, creation, indexing

def test_joins_check_casting():
    x, y = np.arange(6).reshape(2, 3), np.arange(6.0).reshape(2, 3)
    for name in ["concatenate", "stack", "vstack", "hstack"]:
        for kw in [dict(dtype=np.int32), dict(casting="no"),
                   dict(dtype=np.int32, casting="unsafe"),
                   dict(dtype=np.float32, casting="same_kind"),
                   dict(casting="bogus")]:
            want = outcome(lambda: getattr(np, name)((x, y), **kw))
            got = outcome(lambda: getattr(gp, name)(
                (gp.asarray(x), gp.asarray(y)), **kw))
            if isinstance(want, type):
                assert got is want, (name, kw, got)
            else:
                same(got, want)
    # Python scalars are cast unchecked, as NumPy does
    u = np.arange(3, dtype=np.uint8)
    same(gp.concatenate((gp.asarray(u), 300), axis=None, casting="no"),
         np.concatenate((u, 300), axis=None, casting="no"))


def test_concatenate_out_errors():
    a = gp.arange(3)
    with pytest.raises(TypeError):
        gp.concatenate((a, a), out=gp.empty(6), dtype=np.float32)
    with pytest.raises(ValueError):
        gp.concatenate((a, a), out=gp.empty(5))


def test_creation_arguments():
    same(gp.arange(stop=4), np.arange(stop=4))
    same(gp.arange(stop=4.5, step=2), np.arange(stop=4.5, step=2))
    with pytest.raises(TypeError):
        gp.eye(3, k=1.5)
    for kw in [{}, dict(axis=-1), dict(axis=1)]:
        got = gp.logspace(0, 3, 4, base=gp.asarray([2.0, 3.0]), **kw)
        np.testing.assert_allclose(
            got.get(), np.logspace(0, 3, 4, base=np.array([2.0, 3.0]), **kw))


def test_flip_and_moveaxis_repeated_axes():
    x = np.ones((2, 3, 4))
    both("flip", x, (0, 0))
    both("flip", x, (0, -3))
    both("moveaxis", x, [0, 1], [1, 1])
    both("moveaxis", x, [0, 0], [1, 2])


@pytest.mark.parametrize("shift,axis", [((1, 2), 0), ((1, 2), (1,)),
                                        (1, (0, 1)), ((1,), (0, 5))])
def test_roll_broadcasts_shift_and_axis(shift, axis):
    both("roll", np.arange(24).reshape(2, 3, 4), shift, axis)


def test_repeat_of_zero_d_and_float_counts():
    both("repeat", np.array(5.0), 2, axis=0)
    both("repeat", np.array(5.0), 2, axis=-1)
    both("repeat", np.array(5.0), 2, axis=1)
    both("repeat", np.arange(3), 2.7)
    both("repeat", np.arange(6).reshape(3, 2), [2.0, 1, 1], axis=0)
    both("repeat", np.arange(3), [[1, 2, 3]])


def test_partition_kth_and_kind_checks():
    x = np.arange(5.0)[::-1]
    for kth in [1.0, True, [], np.array([[1]])]:
        both("partition", x, kth)
        both("argpartition", x, kth)
    both("partition", x, 1, kind="bogus")
    both("argpartition", np.array(3.0), 0)
    # NumPy checks kth only when there is something to partition
    both("partition", np.zeros((0, 3)), 100, axis=0)
    both("argpartition", np.zeros((0, 3)), 100, axis=0)


def test_searchsorted_sorter_checks():
    a = gp.asarray([3, 1, 2])
    with pytest.raises(ValueError):
        gp.searchsorted(a, 2, sorter=gp.asarray([1, 2]))
    with pytest.raises(TypeError):
        gp.searchsorted(a, 2, sorter=gp.asarray([1.0, 2.0, 0.0]))
    with pytest.raises(ValueError):
        gp.searchsorted(a, 2, sorter=gp.asarray([1, 2, 3]))
    same(gp.searchsorted(a, 2, sorter=gp.asarray([1, 2, 0])),
         np.searchsorted(np.array([3, 1, 2]), 2, sorter=[1, 2, 0]))


def test_unique_takes_sorted_and_count_nonzero_of_zero_d():
    x = np.array([3, 1, 3, 2])
    same(gp.unique(gp.asarray(x), sorted=False), np.unique(x))
    both("count_nonzero", np.array(3), axis=0)
    both("count_nonzero", np.array(3), axis=-1, keepdims=True)
    both("count_nonzero", np.array(3), axis=1)


@pytest.mark.parametrize("indices", [[True, False], np.array([True]),
                                     np.array([1.0]), 1.0, [1.0, 2.0]])
@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_take_converts_indices_as_numpy(indices, mode):
    x = np.arange(12.0).reshape(3, 4)
    want = outcome(lambda: np.take(x, indices, axis=0, mode=mode))
    gi = gp.asarray(indices) if isinstance(indices, np.ndarray) else indices
    got = outcome(lambda: gp.take(gp.asarray(x), gi, axis=0, mode=mode))
    if isinstance(want, type):
        assert got is want, got
    else:
        same(got, want)


def test_take_mode_and_zero_d_input():
    both("take", np.arange(3), [0], mode="bogus")
    both("take", np.array(7.0), [0, 0], axis=0)
    both("take", np.array(7.0), 0, axis=-1)
    both("take", np.array(7.0), [0, 1], axis=0)
    both("take", np.arange(3), np.array([1.0]), axis=5)  # axis checked first
    # a condition longer than the axis is fine while the extra is False
    both("compress", [False, True, False, False], np.arange(2))
    both("compress", [False, True, False, True], np.arange(2))
    both("compress", [True], np.array(7.0), axis=0)


def test_boolean_mask_assignment_takes_zero_or_one_d_values():
    m = np.arange(12.0).reshape(3, 4)
    for value in [np.ones((2, 3)), np.ones((1, 6))]:
        with pytest.raises(TypeError):
            m.copy()[m > 5] = value
        g = gp.asarray(m)
        with pytest.raises(TypeError):
            g[gp.asarray(m > 5)] = gp.asarray(value)
    g = gp.asarray(m)
    g[gp.asarray(m > 5)] = gp.arange(6.0)
    want = m.copy()
    want[m > 5] = np.arange(6.0)
    same(g, want)


def test_rollaxis_start_and_size_axes():
    x = np.ones((2, 3, 4))
    for start in [4, -4, -5, 3, -3]:
        both("rollaxis", x, 0, start)
    assert gp.size(gp.asarray(x), (0, 2)) == np.size(x, (0, 2)) == 8
    assert gp.size(gp.asarray(x), ()) == 1
    for axis in [3, (0, 0)]:
        want = outcome(lambda: np.size(x, axis))
        got = outcome(lambda: gp.size(gp.asarray(x), axis))
        assert got is want


def test_squeeze_zero_d_axis_and_reshape_none():
    x = np.array(5.0)
    g = gp.asarray(x)
    for axis in [0, -1, None]:
        assert x.squeeze(axis) is x and g.squeeze(axis) is g
        same(gp.squeeze(g, axis), np.squeeze(x, axis))
    for axis in [(0,), 1, -2]:
        with pytest.raises(np.exceptions.AxisError):
            x.squeeze(axis)
        with pytest.raises(np.exceptions.AxisError):
            g.squeeze(axis)
    m = np.arange(6.0).reshape(2, 3).T
    gm = gp.asarray(np.arange(6.0).reshape(2, 3)).T
    same(gm.reshape(None), m.reshape(None), strides=True)
    same(gp.reshape(gm, None), np.reshape(m, None), strides=True)


def _quiet(fn):
    import warnings
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        return fn()


@pytest.mark.parametrize("values,dtype", [
    ([np.inf, 1.0, -np.inf], np.float64),       # lerp gave inf * 0 = nan
    ([np.inf, np.inf, 1.0, 2.0], np.float64),
    ([-60000, -50000, 60000, 65000], np.float16),  # hi - lo overflowed
    ([-30000, -20000, 30000, 32000], np.int16),    # in the input's type
    ([1 + 1j, np.inf + 0j, 2 - 1j], np.complex128),
])
@pytest.mark.parametrize("name", ["median", "nanmedian"])
def test_median_is_the_mean_of_the_middle_values(name, values, dtype):
    x = np.array(values, dtype)
    same(_quiet(lambda: getattr(gp, name)(gp.asarray(x))),
         _quiet(lambda: getattr(np, name)(x)))
    x2 = np.stack([x, x[::-1]])
    same(_quiet(lambda: getattr(gp, name)(gp.asarray(x2), axis=1)),
         _quiet(lambda: getattr(np, name)(x2, axis=1)))


def test_nanmedian_of_complex_skips_nans():
    x = np.array([1 + 0j, complex(np.nan, 1), 3 + 0j, 2 + 0j])
    same(gp.nanmedian(gp.asarray(x)), np.nanmedian(x))


@pytest.mark.parametrize("name", ["var", "std", "nanvar", "nanstd"])
def test_moments_with_a_float16_dtype(name):
    x = np.arange(6.0).reshape(2, 3)      # was a kernel compile error
    for a in (x, x.astype(np.int8), x.astype(np.float16)):
        got = getattr(gp, name)(gp.asarray(a), axis=1, dtype=np.float16)
        want = getattr(np, name)(a, axis=1, dtype=np.float16)
        assert got.dtype == want.dtype
        np.testing.assert_allclose(got.get(), want, rtol=2e-3)


@pytest.mark.parametrize("name", ["nanprod", "nansum", "nancumprod",
                                  "nancumsum"])
def test_nan_reductions_into_bool(name):
    # 0.5 was truncated to 0 in the engine's int accumulator
    x = np.array([[0.5, np.nan, 0.25], [0.0, 2.0, np.nan]])
    same(getattr(gp, name)(gp.asarray(x), axis=1, dtype=np.bool_),
         getattr(np, name)(x, axis=1, dtype=np.bool_))


@pytest.mark.parametrize("name", ["nanvar", "nanstd"])
def test_nanvar_without_degrees_of_freedom_is_nan(name):
    x = np.array([[1.0, np.nan, 3.0], [1.0, 2.0, 4.0]])
    for ddof in (2, 3, 5):     # NumPy: nan where count - ddof <= 0, not inf
        got = _quiet(lambda: getattr(gp, name)(gp.asarray(x), axis=1,
                                               ddof=ddof))
        want = _quiet(lambda: getattr(np, name)(x, axis=1, ddof=ddof))
        assert got.dtype == want.dtype and got.shape == want.shape
        # (the device's summation order may move the last bit)
        np.testing.assert_allclose(got.get(), want, rtol=1e-15,
                                   equal_nan=True)


@pytest.mark.parametrize("name", ["sum", "prod", "max", "nanmin", "all",
                                  "any", "count_nonzero", "ptp", "argmax",
                                  "nanargmin", "nansum", "nanmean", "nanvar",
                                  "mean", "var", "std", "median"])
@pytest.mark.parametrize("axis", [0, -1, 1, (0,)])
def test_zero_d_input_with_an_axis(name, axis):
    # ufunc reductions read axis 0 / -1 of a 0-d array as no axis
    for x in (np.array(5.0), np.array(3)):
        both(name, x, axis=axis)


def test_zero_d_ufunc_reduce_with_an_axis():
    x = np.array(2.0)
    both("sum", x, axis=0, keepdims=True)
    for uf in ("add", "maximum", "bitwise_or"):
        a = x.astype(np.int32) if uf == "bitwise_or" else x
        same(getattr(gp, uf).reduce(gp.asarray(a), axis=0),
             getattr(np, uf).reduce(a, axis=0))


@pytest.mark.parametrize("kw", [{"axis": [0, 1]}, {"axis": (0, 1)},
                                {"axis": (0, 0)}])
def test_axis_forms_of_reductions(kw):
    x = np.arange(6.0).reshape(2, 3)
    for name in ("sum", "max", "mean", "all", "argmax", "nanargmax",
                 "diff"):
        both(name, x, **kw)


@pytest.mark.parametrize("name", ["var", "std", "nanvar", "nanstd"])
def test_ddof_and_correction_together(name):
    both(name, np.arange(4.0), ddof=1, correction=1)
    with pytest.raises(TypeError):     # NumPy's methods take no correction
        getattr(gp.asarray(np.arange(4.0)), name.replace("nan", ""))(
            correction=1)


def _both_out(name, x, out, **kw):
    """name(x, out=out) raises the same exception in NumPy and gpuarray."""
    want = outcome(lambda: getattr(np, name)(x, out=out.copy(), **kw))
    got = outcome(lambda: getattr(gp, name)(gp.asarray(x),
                                            out=gp.asarray(out), **kw))
    assert isinstance(want, type), want
    public = parity.public_exception(want)
    assert isinstance(got, type) and issubclass(got, public), (want, got)


def test_out_arguments_checked_as_numpy():
    x = np.arange(12.0).reshape(3, 4)
    for name in ("argmax", "nanargmin"):
        _both_out(name, x, np.zeros(3, np.float64), axis=1)  # TypeError
        _both_out(name, x, np.zeros(4, np.int64), axis=1)    # ValueError
    _both_out("ptp", x, np.zeros((3, 3)), axis=1)
    _both_out("median", x, np.zeros((3, 3)), axis=1)
    _both_out("nanmean", x, np.zeros((3, 3)), axis=1)
    for name in ("nanmean", "nanvar", "nanstd", "std"):
        _both_out(name, x, np.zeros(3, np.int64), axis=1)    # TypeError
    o = gp.zeros(3, np.int64)
    assert gp.argmax(gp.asarray(x), axis=1, out=o) is o
    same(o, np.argmax(x, axis=1))


def test_average_of_an_empty_result_and_list_axis():
    both("average", np.zeros((0, 3)), axis=1)     # ZeroDivisionError
    both("average", np.arange(6.0).reshape(2, 3), axis=[0, 1])


@pytest.mark.parametrize("name", ["cumulative_sum", "cumulative_prod"])
def test_cumulative_of_zero_d_input(name):
    x = np.array(2.0)
    for kw in ({}, {"include_initial": True},
               {"axis": -1, "include_initial": True}, {"axis": 1}):
        both(name, x, **kw)


@pytest.mark.parametrize("uf", ["logical_and", "logical_or"])
def test_logical_reduce_dtype(uf):
    x = np.array([[1, 0, 2], [3, 4, 5]])
    for dt in (np.bool_, np.float64):
        want = outcome(lambda: getattr(np, uf).reduce(x, axis=1, dtype=dt))
        got = outcome(lambda: getattr(gp, uf).reduce(gp.asarray(x), axis=1,
                                                     dtype=dt))
        if isinstance(want, type):
            assert isinstance(got, type) and issubclass(got, TypeError)
        else:
            same(got, want)


@pytest.mark.parametrize("name", ["nanvar", "nanstd"])
def test_nanvar_with_where_skips_nans(name):
    # the where= path used var's mean, so any nan made the row nan
    x = np.array([[1.0, np.nan, 3.0, 4.0], [np.nan, 1.0, np.nan, np.nan]])
    w = np.array([True, True, False, True])
    for ddof in (0, 1):
        same(_quiet(lambda: getattr(gp, name)(gp.asarray(x), axis=1,
                                              where=gp.asarray(w),
                                              ddof=ddof)),
             _quiet(lambda: getattr(np, name)(x, axis=1, where=w,
                                              ddof=ddof)))


@pytest.mark.parametrize("fn", ["var", "std", "nanvar", "nanstd"])
@pytest.mark.parametrize("dt", [np.float64, np.float32])
def test_var_of_complex_with_a_real_dtype(fn, dt):
    # NumPy: mean of the real parts, then |x - mean|^2 -- which keeps the
    # imaginary parts' squares (var(re) + mean(im^2))
    rng = np.random.default_rng(5)
    c = (rng.standard_normal((4, 5)) + 1j * rng.standard_normal((4, 5))
         + 2).astype(np.complex64)
    for axis in [None, 1]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
            want = getattr(np, fn)(c, axis=axis, dtype=dt)
            got = getattr(gp, fn)(gp.asarray(c), axis=axis, dtype=dt)
        assert got.dtype == want.dtype
        np.testing.assert_allclose(got.get(), want, rtol=1e-5)


# ------------------------------------- miscellaneous functions (helper h4)

def test_histogram_complex_weights_keep_imaginary_parts():
    rng = np.random.default_rng(0)
    x = rng.standard_normal(50)
    w = rng.random(50) + 1j * rng.random(50)
    for bins in [5, np.array([-1.0, 0.0, 1.0])]:
        want = np.histogram(x, bins=bins, weights=w)[0]
        got = gp.histogram(gp.asarray(x), bins=bins,
                           weights=gp.asarray(w))[0]
        assert got.dtype == want.dtype
        np.testing.assert_allclose(got.get(), want, rtol=1e-12)


def test_histogram_bins_and_bool_input():
    x = np.array([0.5, 1.5, 2.5])
    both("histogram", x, bins=2.5)          # TypeError: not an integer
    both("histogram_bin_edges", x, bins=2.5)
    b = np.array([True, False, True, True])
    for bins in ["auto", "fd", "sturges", 3]:
        with pytest.warns(RuntimeWarning, match="bool"):
            want = np.histogram(b, bins=bins)
        with pytest.warns(RuntimeWarning, match="bool"):
            got = gp.histogram(gp.asarray(b), bins=bins)
        same(got[0], want[0])
        same(got[1], want[1])


def test_histogramdd_bins_checks():
    s = np.random.default_rng(1).standard_normal((20, 3))
    both("histogramdd", s, bins=(2, 3.0, 2))   # TypeError
    both("histogramdd", s, bins=2.5)
    want = np.histogramdd(s, bins=[np.array([0.0, 0.5, 1.0]), 2, 3])
    got = gp.histogramdd(gp.asarray(s),
                         bins=[np.array([0.0, 0.5, 1.0]), 2, 3])
    np.testing.assert_allclose(got[0].get(), want[0])
    want = np.histogram2d(s[:, 0], s[:, 1], bins=[3, np.array([0.0, 1.0])])
    got = gp.histogram2d(gp.asarray(s[:, 0]), gp.asarray(s[:, 1]),
                         bins=[3, np.array([0.0, 1.0])])
    np.testing.assert_allclose(got[0].get(), want[0])


def test_bincount_and_digitize_inputs():
    idx = np.array([0, 1, 1, 3])
    both("bincount", idx, weights=np.ones(4) + 1j)   # TypeError
    same(gp.bincount([]), np.bincount([]))
    both("digitize", np.array([1 + 1j]), np.array([0.0, 2.0]))
    both("digitize", np.array([1.0]), np.array([0.0, 2.0]) + 0j)


def test_unravel_and_ravel_index_limits():
    big = (2 ** 40, 2 ** 40)
    both("unravel_index", np.array([1]), big)
    with pytest.raises(ValueError):
        np.ravel_multi_index((np.array([1]), np.array([1])), big)
    with pytest.raises(ValueError):
        gp.ravel_multi_index((gp.asarray(np.array([1])),
                              gp.asarray(np.array([1]))), big)
    both("unravel_index", np.array([0]), ())    # multiple indices, 0-d
    assert gp.unravel_index(0, ()) == np.unravel_index(0, ()) == ()


def test_ix_keeps_the_dtype_of_empty_arrays():
    e = np.array([], np.float64)
    want = np.ix_(np.array([1, 2]), e)
    got = gp.ix_(gp.asarray(np.array([1, 2])), gp.asarray(e))
    same(got[1], want[1])
    same(gp.ix_([1], [])[1], np.ix_([1], [])[1])


def test_round_angle_nan_to_num_of_python_scalars():
    for name, arg in [("round", 2.5), ("angle", -1.0),
                      ("nan_to_num", float("nan")), ("nan_to_num", 3)]:
        got = getattr(gp, name)(arg)
        same(got, np.asarray(getattr(np, name)(arg)))
    both("round", np.array([1.5]), 1.5)                # TypeError
    both("round", np.array([True, False]), -1)          # NumPy's divide error


def test_isclose_tolerance_in_the_narrow_type_of_b():
    # NumPy computes atol + rtol * |b| in b's type: 1e-8 is 0 in float16
    a = np.array([1e-9, 1.0, np.nan, np.inf], np.float32)
    b = np.array([0.0, 1.0, np.nan, np.inf], np.float16)
    for eq in [False, True]:
        same(gp.isclose(gp.asarray(a), gp.asarray(b), equal_nan=eq),
             np.isclose(a, b, equal_nan=eq))
        same(gp.isclose(gp.asarray(a.astype(np.float64)),
                        gp.asarray(b.astype(np.float32)), equal_nan=eq),
             np.isclose(a.astype(np.float64), b.astype(np.float32),
                        equal_nan=eq))


def test_interp_nan_on_a_flat_step_and_complex_samples():
    xp, fp = np.array([0.0, 1.0, 2.0]), np.array([5.0, 5.0, 5.0])
    x = np.array([np.nan, 0.5, np.inf])
    same(gp.interp(gp.asarray(x), gp.asarray(xp), gp.asarray(fp)),
         np.interp(x, xp, fp))
    same(gp.interp(gp.asarray(x), gp.asarray(xp), gp.asarray(fp), period=2),
         np.interp(x, xp, fp, period=2))
    with pytest.raises(TypeError):
        gp.interp(gp.asarray(x), gp.asarray(xp + 0j), gp.asarray(fp))
    with pytest.raises(TypeError):
        gp.interp(gp.asarray(x + 0j), gp.asarray(xp), gp.asarray(fp))


def test_pad_values_and_widths():
    both("pad", np.array(5.0), -1)                      # ValueError
    x = np.array([1, 2], np.int8)
    both("pad", x, 1, constant_values=300)              # OverflowError
    both("pad", x.astype(np.uint8), 1, constant_values=(-1, 300))   # wraps
    both("pad", np.arange(4, dtype=np.int8).reshape(2, 2), 1,
         constant_values=((1, 2), (3, 300)))            # OverflowError


def _filled(mod, name, dtype, *args, **kw):
    a = mod.zeros((2, 2), dtype)
    getattr(mod, name)(a, *args, **kw)
    return a


@pytest.mark.parametrize("name, args", [
    ("put", ([0, 2], 300)), ("put", ([0, 2], [300, 1])), ("put", ([0], 1j)),
    ("place", (np.array([[True, False], [True, True]]), 300)),
    ("place", (np.array([[True, False], [True, True]]), np.array([1.5]))),
    ("putmask", (np.array([[True, False], [True, True]]), 300)),
    ("putmask", (np.array([[True, False], [True, True]]),
                 np.array([300, 1]))),
    ("fill_diagonal", (300,)), ("fill_diagonal", (1j,)),
    ("copyto", (300,)), ("copyto", (2.5,)), ("copyto", ([2.5, 1.5],)),
    ("copyto", (np.array([1, 2]),), ), ("copyto", (1,))])
def test_writes_convert_values_as_numpy(name, args):
    want = outcome(lambda: _filled(np, name, np.int8, *args))
    gargs = [gp.asarray(a) if isinstance(a, np.ndarray) else a for a in args]
    got = outcome(lambda: _filled(gp, name, np.int8, *gargs))
    if isinstance(want, type):
        assert isinstance(got, type) and issubclass(got, want), (want, got)
    else:
        same(got, want)


def test_copyto_where_and_casting_order():
    dst = np.zeros(4)
    with pytest.raises(TypeError):
        np.copyto(dst, np.array([1.0, 2.0, 3.0, 4.0]),
                  where=np.array([1, 0, 1, 0]))
    g = gp.zeros(4)
    with pytest.raises(TypeError):
        gp.copyto(g, gp.asarray(np.arange(4.0)),
                  where=gp.asarray(np.array([1, 0, 1, 0])))
    with pytest.raises(TypeError):   # float into int8 under same_kind
        gp.copyto(gp.zeros(4, np.int8), gp.asarray(np.arange(4.0)),
                  where=gp.asarray(np.array([True, False, True, False])))
    gp.copyto(g, 7.0, where=gp.asarray(np.array([True, False, True, True])))
    np.copyto(dst, 7.0, where=np.array([True, False, True, True]))
    same(g, dst)


def test_packbits_of_0d_arrays():
    for axis in [None, 0, -1]:
        same(gp.packbits(gp.asarray(np.array(1)), axis=axis),
             np.packbits(np.array(1), axis=axis))
        same(gp.unpackbits(gp.asarray(np.array(5, np.uint8)), axis=axis),
             np.unpackbits(np.array(5, np.uint8), axis=axis))
    both("packbits", np.array([1.0]), bitorder="bogus")   # ValueError first


# ---------------------------------------------- ndarray object parity

_FLAG_KEYS = ["C_CONTIGUOUS", "C", "CONTIGUOUS", "F_CONTIGUOUS", "F",
              "FORTRAN", "OWNDATA", "O", "WRITEABLE", "W", "ALIGNED", "A",
              "WRITEBACKIFCOPY", "X", "FNC", "FORC", "BEHAVED", "B",
              "CARRAY", "CA", "FARRAY", "FA"]


def _flag_layouts(m):
    return [m.zeros((3, 4)), m.zeros((3, 4)).T, m.zeros((3, 1)),
            m.zeros(5)[::2], m.broadcast_to(m.zeros(3), (2, 3)),
            m.zeros(()), m.zeros((3, 4))[:, :1]]


def test_flags_every_key_attribute_and_repr():
    # fnc/forc/behaved/carray/farray/writebackifcopy were missing, and
    # the repr lacked NumPy's WRITEBACKIFCOPY line
    for x, g in zip(_flag_layouts(np), _flag_layouts(gp)):
        for k in _FLAG_KEYS:
            assert g.flags[k] == x.flags[k], (k, x.shape, x.strides)
            attr = {"C": "c_contiguous"}.get(k, k.lower())
            if hasattr(x.flags, attr):
                assert getattr(g.flags, attr) == getattr(x.flags, attr), k
        assert repr(g.flags) == repr(x.flags)


@pytest.mark.parametrize("spec", ["", ".2f", ">12", "e", "d", "x", "+.3g"])
@pytest.mark.parametrize("value", [3.14159, -0.0, np.nan, 7, True, 1 + 2j])
def test_format_of_0d_array_is_its_scalars(value, spec):
    # '{:.2f}'.format(a) raised TypeError: object.__format__ was used
    x = np.array(value)
    g = gp.asarray(x)
    want = outcome(lambda: format(x, spec))
    got = outcome(lambda: format(g, spec))
    assert got == want
    if spec:
        with pytest.raises(TypeError):
            format(gp.zeros(3), spec)
    assert format(gp.zeros(3), "") == format(np.zeros(3), "")


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_tobytes_any_order(layout):
    # order="A" of a Fortran array gave C order (get() makes a C copy)
    x = np.arange(12.0).reshape(3, 4)
    g = gp.asarray(x)
    if layout == "F":
        x, g = x.T, g.T
    elif layout == "strided":
        x, g = x[:, ::2].T, g[:, ::2].T
    for order in "CFA":
        assert g.tobytes(order) == x.tobytes(order), order


def test_sort_method_takes_one_axis():
    # a.sort(axis=None) sorted flat and failed to store back (ValueError)
    x = np.arange(6.0)[::-1].reshape(2, 3)
    with pytest.raises(TypeError):
        x.copy().sort(axis=None)
    with pytest.raises(TypeError):
        gp.asarray(x).sort(axis=None)
    g = gp.asarray(x)
    g.sort(np.int64(0))
    y = x.copy()
    y.sort(0)
    same(g, y)


@pytest.mark.parametrize("mode", ["wrap", "clip"])
def test_put_into_0d_array_several_indices(mode):
    # several targets in a 0-d array could not be unravelled onto no axes
    x = np.array(3.5)
    g = gp.asarray(x)
    x.put([100, -1], [7.0, 8.0], mode=mode)
    g.put([100, -1], [7.0, 8.0], mode=mode)
    same(g, x)


@pytest.mark.parametrize("value", [None, "a", 0, 5.0])
def test_contains_of_non_numbers(value):
    # None in a / "a" in a raised AttributeError (a == None is a bool)
    x = np.arange(4.0)
    assert (value in gp.asarray(x)) == (value in x)


def test_imag_of_real_array_is_read_only():
    x = np.arange(3.0)
    g = gp.asarray(x)
    assert g.imag.flags.writeable == x.imag.flags.writeable
    with pytest.raises(ValueError):
        x.imag[...] = 1
    with pytest.raises(ValueError):
        g.imag[...] = 1
    c = gp.asarray(x.astype(np.complex64))
    c.imag[...] = 2
    same(c.imag, np.full(3, 2, np.float32))


def test_to_device_of_a_non_device_raises_value_error():
    with pytest.raises(ValueError):
        np.zeros(3).to_device("bogus")
    with pytest.raises(ValueError):
        gp.zeros(3).to_device("bogus")


@pytest.mark.parametrize("name", ["argmin", "argmax"])
def test_argmin_argmax_numpy_integer_axis(name):
    # `axis == ()` with a NumPy integer axis is an array: ValueError
    x = np.array([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]])
    for axis in (np.int64(1), np.int32(0), np.intp(-1)):
        same(getattr(gp.asarray(x), name)(axis), getattr(x, name)(axis))
    same(getattr(gp, "nan" + name)(gp.asarray(x), np.int64(1)),
         getattr(np, "nan" + name)(x, np.int64(1)))


@pytest.mark.parametrize("dt", [np.float32, np.int8, np.bool_,
                                np.complex64])
@pytest.mark.parametrize("kw", [
    dict(dtype=np.float64), dict(casting="unsafe"),
    dict(dtype=np.float32, casting="unsafe"), dict(out=np.bool_),
    dict(out=np.float64), dict(bogus=1)])
def test_clip_method_dtype_casting_out(dt, kw):
    # the method dropped dtype= and casting=, and out= took any cast
    x = np.arange(12).astype(dt)
    g = gp.asarray(x)
    kn, kg = dict(kw), dict(kw)
    if "out" in kw:
        kn["out"] = np.zeros(12, kw["out"])
        kg["out"] = gp.zeros(12, kw["out"])
    want = _quiet_complex(lambda: outcome(lambda: x.clip(1, 3, **kn)))
    got = _quiet_complex(lambda: outcome(lambda: g.clip(1, 3, **kg)))
    if isinstance(want, type):
        assert isinstance(got, type) and issubclass(got, TypeError), got
        assert issubclass(want, TypeError)
    else:
        same(got, want)


def _quiet_complex(fn):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
        return fn()


@pytest.mark.parametrize("dt", [np.bool_, np.int32, np.float32,
                                np.complex64])
@pytest.mark.parametrize("od", [np.bool_, np.int32, np.float16,
                                np.float64, np.complex64])
@pytest.mark.parametrize("decimals", [0, 1, -1])
def test_round_into_out_checks_the_cast(dt, od, decimals):
    # round(out=) wrote any result into any out (NumPy: same_kind)
    x = np.arange(6).astype(dt)
    o = np.zeros(6, od)
    og = gp.zeros(6, od)
    want = outcome(lambda: x.round(decimals, out=o))
    got = outcome(lambda: gp.asarray(x).round(decimals, out=og))
    if isinstance(want, type):
        assert isinstance(got, type) and issubclass(got, TypeError), got
    else:
        same(og, o)


@pytest.mark.parametrize("dt", [np.int32, np.uint8])
def test_var_of_complex_with_an_integer_dtype(dt):
    # the deviations were squared (x * x), not |x|^2 = x * conj(x)
    c = (np.arange(12) + 1j).astype(np.complex64).reshape(3, 4)
    for axis in (None, 0, 1):
        want = _quiet_complex(lambda: c.var(axis=axis, dtype=dt))
        got = _quiet_complex(lambda: gp.asarray(c).var(axis=axis, dtype=dt))
        same(got, want)


@pytest.mark.parametrize("side,exc", [("bad", ValueError), (3, TypeError)])
def test_searchsorted_bad_side(side, exc):
    # a non-str side was a ValueError (NumPy: TypeError); messages NumPy's
    x = np.arange(3.0)
    with pytest.raises(exc) as want:
        x.searchsorted(1.0, side=side)
    with pytest.raises(exc) as got:
        gp.asarray(x).searchsorted(1.0, side=side)
    assert str(got.value) == str(want.value)


def test_ndarray_subscript_for_type_hints():
    # np.ndarray[shape, dtype] is a types.GenericAlias; gp.ndarray had none
    import types
    alias = gp.ndarray[int, np.dtype[np.float64]]
    assert isinstance(alias, types.GenericAlias)
    assert alias.__origin__ is gp.ndarray
    assert gp.ndarray[int].__args__ == np.ndarray[int].__args__
    with pytest.raises(TypeError):
        np.ndarray[int, int, int]
    with pytest.raises(TypeError):
        gp.ndarray[int, int, int]


def _read_only(m, shape, dtype=np.float64):
    out = m.zeros(shape, dtype)
    out.flags.writeable = False
    return out


def test_fill_of_read_only_array_raises():
    # the C method wrote through a broadcast view (one shared element)
    for m in (np, gp):
        with pytest.raises(ValueError):
            m.broadcast_to(m.zeros(3), (2, 3)).fill(1.0)
        with pytest.raises(ValueError):
            _read_only(m, 3).fill(1.0)


@pytest.mark.parametrize("call", [
    lambda m, x: x.sum(0, out=_read_only(m, 3)),
    lambda m, x: x.max(0, out=_read_only(m, 3)),
    lambda m, x: x.var(0, out=_read_only(m, 3)),
    lambda m, x: x.any(0, out=_read_only(m, 3, np.bool_)),
    lambda m, x: m.add.reduce(x, 0, out=_read_only(m, 3)),
    lambda m, x: x.cumsum(0, out=_read_only(m, (2, 3))),
    lambda m, x: m.multiply.accumulate(x, 0, out=_read_only(m, (2, 3))),
], ids=["sum", "max", "var", "any", "add.reduce", "cumsum", "accumulate"])
def test_reduction_and_scan_into_read_only_out(call):
    # the reduction and scan kernels wrote into a read-only out=
    with pytest.raises(ValueError):
        call(np, np.ones((2, 3)))
    out_owner = gp.ones((2, 3))
    with pytest.raises(ValueError):
        call(gp, out_owner)


@pytest.mark.parametrize("call", [
    lambda m, a: a.astype("f4", order=1), lambda m, a: a.copy(order=2),
    lambda m, a: a.ravel(order=3.0), lambda m, a: m.empty(3, order=1),
    lambda m, a: a.reshape(3, order=1), lambda m, a: a.astype("f4",
                                                              order="Q"),
], ids=["astype", "copy", "ravel", "empty", "reshape", "bad-letter"])
def test_order_argument_errors(call):
    # a non-string order is a TypeError, a wrong letter a ValueError
    want = outcome(lambda: call(np, np.ones(3)))
    got = outcome(lambda: call(gp, gp.ones(3)))
    assert isinstance(want, type) and got is want
    for order in ["c", b"C", None]:
        assert gp.ones(3).astype("f4", order=order).dtype == np.float32


def test_flat_next_index_and_coords():
    for x in [np.arange(6).reshape(2, 3), np.arange(6.0).reshape(2, 3).T,
              np.array(7)]:
        f, h = x.flat, gp.asarray(x).flat
        for _ in range(x.size):
            assert (f.index, f.coords) == (h.index, h.coords)
            assert next(f) == next(h)
        with pytest.raises(StopIteration):
            next(f)
        with pytest.raises(StopIteration):
            next(h)


@pytest.mark.parametrize("shift", [1.0, np.float64(2.7), -1.5, (1.0, 2)])
def test_roll_truncates_float_shifts(shift):
    x = np.arange(12).reshape(3, 4)
    axis = (0, 1) if isinstance(shift, tuple) else None
    same(gp.roll(gp.asarray(x), shift, axis), np.roll(x, shift, axis))
