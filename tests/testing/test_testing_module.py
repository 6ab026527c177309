"""gpuarray.testing: each assertion accepts gpuarray arrays, NumPy arrays
and scalars on either side and passes or fails exactly as
numpy.testing's function does (same exception type, same message)."""
import inspect
import operator

import numpy as np
import pytest

import gpuarray as gp
import gpuarray.testing as gt


def outcome(func, *args, **kwargs):
    """None when func passes, else (exception type, message)."""
    try:
        func(*args, **kwargs)
    except Exception as e:  # noqa: BLE001 - the outcome is compared
        return type(e), str(e)
    return None


def gp_or_np(x, which):
    """x as a gpuarray array when `which` says so (NumPy arrays only)."""
    return gp.asarray(x) if which and isinstance(x, np.ndarray) else x


F = np.array([1.0, 2.0, np.nan, np.inf])
I32 = np.array([[1, 2], [3, 4]], np.int32)

# (name, actual, desired, kwargs, whether NumPy's assertion fails)
CASES = [
    ("assert_allclose", F, F, {}, False),
    ("assert_allclose", F, F + 1e-6, {}, True),
    ("assert_allclose", F, F + 1e-6, {"rtol": 1e-5}, False),
    ("assert_allclose", F, F, {"equal_nan": False}, True),
    ("assert_allclose", F, F[:3], {}, True),
    ("assert_allclose", F.astype(np.float32), F, {"strict": True}, True),
    ("assert_allclose", F, 1.0, {}, True),
    ("assert_allclose", np.array(2.0), 2.0, {}, False),
    ("assert_array_equal", I32, I32, {}, False),
    ("assert_array_equal", I32, I32.astype(np.int64), {}, False),
    ("assert_array_equal", I32, I32.astype(np.int64), {"strict": True},
     True),
    ("assert_array_equal", I32, I32 + np.eye(2, dtype=np.int32), {}, True),
    ("assert_array_equal", I32, I32.T, {"err_msg": "custom"}, True),
    ("assert_array_equal", I32, 3, {}, True),
    ("assert_array_equal", np.full(3, 7.0), 7.0, {}, False),
    ("assert_array_almost_equal", F, F + 1e-7, {}, False),
    ("assert_array_almost_equal", F, F + 1e-3, {"decimal": 4}, True),
    ("assert_array_less", np.array([1.0, 2.0]), np.array([2.0, 3.0]), {},
     False),
    ("assert_array_less", np.array([1.0, 2.0]), np.array([2.0, 2.0]), {},
     True),
    ("assert_array_less", np.array([1, 5]), 4, {}, True),
    ("assert_equal", I32, I32, {}, False),
    ("assert_equal", I32, I32 * 2, {}, True),
    ("assert_equal", np.array(3.0), 3.0, {}, False),
    ("assert_equal", np.array(3.0), np.array(3.5), {}, True),
    ("assert_almost_equal", F, F + 1e-8, {}, False),
    ("assert_almost_equal", np.array(1.0), 1.001, {"decimal": 4}, True),
    ("assert_approx_equal", np.array(1.0001), 1.0, {"significant": 3},
     False),
    ("assert_approx_equal", np.array(1.01), 1.0, {"significant": 4}, True),
    ("assert_array_almost_equal_nulp",
     np.array([1.0, 2.0]), np.array([1.0, np.nextafter(2.0, 3.0)]), {},
     False),
    ("assert_array_almost_equal_nulp",
     np.array([1.0, 2.0]), np.array([1.0, 2.001]), {"nulp": 2}, True),
    ("assert_array_max_ulp", np.array([1.0, 2.0], np.float32),
     np.array([1.0, 2.0], np.float32), {}, False),
    ("assert_array_max_ulp", np.array([1.0, 2.0], np.float32),
     np.array([1.0, 2.5], np.float32), {"maxulp": 3}, True),
]


@pytest.mark.parametrize("which", [(True, False), (False, True),
                                   (True, True)],
                         ids=["gp-np", "np-gp", "gp-gp"])
@pytest.mark.parametrize("case", CASES,
                         ids=lambda c: c[0] if isinstance(c, str) else None)
def test_assertion_matches_numpy(case, which):
    name, actual, desired, kwargs, fails = case
    expected = outcome(getattr(np.testing, name), actual, desired,
                       **kwargs)
    assert (expected is not None) == fails  # the case tests what it says
    got = outcome(getattr(gt, name), gp_or_np(actual, which[0]),
                  gp_or_np(desired, which[1]), **kwargs)
    assert got == expected


def test_desired_by_keyword_and_numpy_inputs():
    g = gp.asarray(F)
    gt.assert_allclose(actual=g, desired=F)
    gt.assert_array_equal(F, F)           # NumPy on both sides
    gt.assert_equal(2, 2)                  # plain scalars
    with pytest.raises(AssertionError):
        gt.assert_allclose(desired=g + 1, actual=F)
    with pytest.raises(AssertionError):
        gt.assert_equal(2, 3)


def test_assert_equal_nested_containers():
    a = np.arange(4.0)
    gt.assert_equal({"x": [gp.asarray(a), 1], "y": (gp.asarray(a),)},
                    {"x": [a, 1], "y": (a,)})
    expected = outcome(np.testing.assert_equal, {"x": [a, 1]},
                       {"x": [a + 1, 1]})
    got = outcome(gt.assert_equal, {"x": [gp.asarray(a), 1]},
                  {"x": [gp.asarray(a + 1), 1]})
    assert expected is not None and got == expected
    expected = outcome(np.testing.assert_equal, [a, a], [a])
    got = outcome(gt.assert_equal, [gp.asarray(a), gp.asarray(a)], [a])
    assert expected is not None and got == expected


def test_assert_array_compare():
    x, y = np.array([1, 2, 3]), np.array([1, 3, 3])
    gt.assert_array_compare(operator.le, gp.asarray(x), y)
    expected = outcome(np.testing.assert_array_compare, operator.lt, x, y,
                       header="not less")
    got = outcome(gt.assert_array_compare, operator.lt, gp.asarray(x),
                  gp.asarray(y), header="not less")
    assert expected is not None and got == expected


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.complex64,
                                   np.complex128, np.int8, np.uint64,
                                   np.bool_])
def test_dtypes_and_layouts(dtype):
    x = (np.arange(12).reshape(3, 4) % 3).astype(dtype)
    g = gp.asarray(x)
    gt.assert_array_equal(g.T, x.T, strict=True)
    gt.assert_allclose(g[::2, ::-1], x[::2, ::-1])
    y = x.copy()
    y[1, 1] = 7 if dtype is not np.bool_ else not y[1, 1]
    expected = outcome(np.testing.assert_array_equal, x, y)
    assert expected is not None
    assert outcome(gt.assert_array_equal, g, gp.asarray(y)) == expected


def test_signatures_and_docs_are_numpys():
    for name in ("assert_allclose", "assert_array_equal", "assert_equal",
                 "assert_array_max_ulp", "assert_array_compare"):
        ours, theirs = getattr(gt, name), getattr(np.testing, name)
        assert inspect.signature(ours) == inspect.signature(theirs)
        # NumPy's docstring where it has one; where it has none (its
        # private assert_array_compare) ours says what it does
        if theirs.__doc__ is not None:
            assert ours.__doc__ == theirs.__doc__
        else:
            assert ours.__doc__
        assert ours.__name__ == name and ours.__module__ == "gpuarray.testing"


def test_value_free_assertions_are_numpys():
    for name in ("assert_", "assert_raises", "assert_raises_regex",
                 "assert_warns", "assert_no_warnings",
                 "assert_string_equal", "suppress_warnings"):
        assert getattr(gt, name) is getattr(np.testing, name)
    with gt.assert_raises(ZeroDivisionError):
        1 / 0
    with pytest.raises(AssertionError):
        gt.assert_(False, "msg")


def test_namespace():
    assert gp.testing is gt
    assert sorted(gt.__all__) == sorted(set(gt.__all__))
    for name in gt.__all__:
        assert name in np.testing.__all__, name
        ours, theirs = getattr(gt, name), getattr(np.testing, name)
        # functions and classes; the constants are NumPy's values
        assert callable(ours) or ours == theirs, name
    # every public name of numpy.testing but its submodule (overrides)
    assert set(np.testing.__all__) - set(gt.__all__) <= {"overrides"}


def test_host_utilities_and_constants_are_numpys():
    for name in ("assert_no_gc_cycles", "break_cycles", "check_support_sve",
                 "clear_and_catch_warnings", "decorate_methods", "jiffies",
                 "measure", "memusage", "run_threaded", "rundocs",
                 "runstring", "tempdir", "temppath", "IgnoreException",
                 "KnownFailureException", "SkipTest", "TestCase"):
        assert getattr(gt, name) is getattr(np.testing, name), name
    for name in ("IS_64BIT", "IS_PYPY", "HAS_REFCOUNT", "NOGIL_BUILD",
                 "NUMPY_ROOT", "verbose", "BLAS_SUPPORTS_FPE"):
        assert getattr(gt, name) == getattr(np.testing, name), name


def test_host_utilities_work_on_gpuarray_arrays(tmp_path):
    # the context manager and the function form of assert_no_gc_cycles,
    # around code making gpuarray arrays (no cycles there, as in NumPy's)
    with gt.assert_no_gc_cycles():
        a = gp.arange(5.0) * 2
    gt.assert_no_gc_cycles(lambda x: x + 1, gp.arange(3))

    def cyclic():
        b = [gp.arange(2)]
        b.append(b)
    with pytest.raises(AssertionError):
        gt.assert_no_gc_cycles(cyclic)
    with pytest.raises(AssertionError):
        np.testing.assert_no_gc_cycles(cyclic)
    gt.break_cycles()
    with gt.temppath(dir=tmp_path, suffix=".npy") as p:
        gp.save(p, a)
        gt.assert_array_equal(gp.load(p), a)
    out = gt.run_threaded(lambda: gp.arange(3).sum(), max_workers=2,
                          pass_count=False)
    assert out is None
    assert gt.measure("gp.arange(4).sum()", times=2) >= 0


def test_print_assert_equal_and_build_err_msg_take_gpuarray_arrays(capsys):
    x, y = np.array([1]), np.array([2])
    gt.print_assert_equal("one", gp.asarray(x), x)
    np.testing.print_assert_equal("one", x, x)
    with pytest.raises(AssertionError) as want:
        np.testing.print_assert_equal("two", x, y)
    with pytest.raises(AssertionError) as got:
        gt.print_assert_equal("two", gp.asarray(x), gp.asarray(y))
    assert str(got.value) == str(want.value)
    # a gpuarray array of several elements is ambiguous, as NumPy's is
    with pytest.raises(ValueError):
        np.testing.print_assert_equal("three", np.arange(2), np.arange(2))
    with pytest.raises(ValueError):
        gt.print_assert_equal("three", gp.arange(2), gp.arange(2))
    a, b = np.arange(4.0), np.arange(4.0) + 1e-3
    for kw in ({}, {"err_msg": "hi", "names": ("X", "Y"), "precision": 3},
               {"verbose": False, "header": "Head"}):
        assert gt.build_err_msg([gp.asarray(a), gp.asarray(b)], **dict(
            {"err_msg": ""}, **kw)) == np.testing.build_err_msg(
                [a, b], **dict({"err_msg": ""}, **kw))
