"""gpuarray.vectorize computes as numpy.vectorize does: the function sees
Python scalars, the result dtypes come from one call on NumPy scalars
(Note [vectorize], Note [Python-scalar tracing])."""
import numpy as np
import pytest

import gpuarray as gp
from conftest import assert_array_equal_gp as same


def both(func, *args, **kw):
    """NumPy's and gpuarray's vectorize of func on args (NumPy arrays
    go to the device for gpuarray)."""
    want = np.vectorize(func, **kw)(*args)
    got = gp.vectorize(func, **kw)(*[gp.asarray(a) if isinstance(
        a, np.ndarray) else a for a in args])
    return got, want


def f16_formula(x1, x2, x3):
    y = x1 + x2 * x3 ** x1
    x2 = y + x3 * x1
    return x1 + x2 + x3


def test_float16_formula_rounds_once_as_python_floats():
    rng = np.random.default_rng(0)
    xs = [(rng.random(50) * 4).astype(np.float16) for _ in range(3)]
    same(*both(f16_formula, *xs))


@pytest.mark.parametrize("op", [np.less, np.greater_equal])
@pytest.mark.parametrize("dtypes", [("c16", "c8"), ("?", "c16"),
                                    ("c8", "i8")])
def test_complex_order_raises_pythons_type_error(op, dtypes):
    a, b = (np.arange(1, 4).astype(t) for t in dtypes)

    def cmp(x, y):
        return x < y if op is np.less else x >= y
    with pytest.raises(TypeError):
        np.vectorize(cmp)(a, b)
    with pytest.raises(TypeError):
        gp.vectorize(cmp)(gp.asarray(a), gp.asarray(b))
    # equality is defined for complex numbers
    same(*both(lambda x, y: x == y, a, b))


@pytest.mark.parametrize("dtype", ["i1", "u2", "f2", "f4", "c8"])
def test_python_scalar_argument_is_strong(dtype):
    x = np.arange(5).astype(dtype)
    same(*both(lambda p, q: p + q, x, 1))
    same(*both(lambda p, q: p * q, x, 2.5))


def test_ufunc_dtype_keyword():
    x = np.array([True, False, True])
    want = np.vectorize(lambda p, q: np.add(p, q, dtype=np.float16))(x, x)
    g = gp.asarray(x)
    same(gp.vectorize(lambda p, q: gp.add(p, q, dtype=np.float16))(g, g),
         want)


def test_bool_is_an_int_to_python_operators():
    x = np.array([True, False])
    same(*both(lambda p: (p + p) * 3, x))          # 6, not 3
    same(*both(lambda p: p & True, x))              # stays bool
    same(*both(lambda p: p + 1, x))


def test_python_int_out_of_bounds_overflows_as_numpy():
    x = np.array([3, 1], dtype=np.int8)
    with pytest.raises(OverflowError), np.errstate(over="ignore"):
        np.vectorize(lambda p: p * 100)(x)
    with pytest.raises(OverflowError, match="out of bounds for int8"):
        gp.vectorize(lambda p: p * 100)(gp.asarray(x))
    same(*both(lambda p: p * 40, x))
    same(*both(lambda p: p * 100, x, otypes=[np.int64]))


def test_python_float_meets_numpy_scalar_weakly():
    # each element is a Python float: x + float32(10) is float32 there,
    # while the first call (on float64 scalars) makes the result float64
    x = np.linspace(0.1, 2.0, 9)
    same(*both(lambda p: np.reciprocal(p + np.float32(10)), x))


def test_functions_cupy_refuses_compute_as_numpy():
    a = np.array([0.4, -0.2, 1.8, -1.2], dtype=np.float32)
    same(*both(lambda x: x if x > 0.0 else np.float64(0.0), a))

    def swap(x, y):
        x, y = y, x
        z = x, y
        (p, q), z = z, x
        return p * p + q
    same(*both(swap, np.arange(5), np.arange(5, 10)))

    def cast_in_branch(x):
        if x == 3:
            typecast = np.dtype("f").type  # noqa: F841
        return x
    same(*both(cast_in_branch, np.arange(1, 6)))


def test_ufunc_keywords_reach_an_override():
    class Probe:
        def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
            return kwargs
    kw = gp.add(Probe(), 1, dtype="f4", casting="unsafe", order="C")
    assert kw == {"dtype": np.dtype("f4"), "casting": "unsafe",
                  "order": "C"}
    assert gp.add(Probe(), 1) == {}


def test_uint64_past_int64():
    x = np.array([2 ** 64 - 2, 5], dtype=np.uint64)
    same(*both(lambda p: p + 1, x))
    same(*both(lambda p, q: p > q, x, np.array([3, 9], dtype=np.uint64)))


def raises_both(exc, func, *args, **kw):
    with pytest.raises(exc), np.errstate(all="ignore"):
        np.vectorize(func, **kw)(*args)
    with pytest.raises(exc):
        gp.vectorize(func, **kw)(*[gp.asarray(a) for a in args])


def zero_power(x, y):
    return (x - x) ** -y


def python_error(func, x, y):
    """What Python raises calling func on the elements, or None."""
    for p, q in zip(x.tolist(), y.tolist()):
        try:
            func(p, q)
        except (ZeroDivisionError, TypeError) as e:
            return type(e)
    return None


@pytest.mark.parametrize("func", [
    lambda x, y: x / y, lambda x, y: x // y, lambda x, y: x % y,
    zero_power])
@pytest.mark.parametrize("dtype", ["i4", "f8", "c16"])
def test_python_zero_division(func, dtype):
    x = np.array([1, 2, 3]).astype(dtype)
    y = np.array([1, 0, 2]).astype(dtype)
    err = python_error(func, x, y)
    assert err is not None
    if dtype == "i4" and func is zero_power:
        # NumPy's first call raises ValueError for np.int32(0) **
        # np.int32(-1); gpuarray does not read the first element
        err = (ValueError, ZeroDivisionError)
    raises_both(err, func, x, y)
    if python_error(func, x, y + 1) is None:
        same(*both(func, x, y + 1))


def test_python_power_edges():
    x = np.array([0.0, 0.0, 2.0])
    same(*both(lambda p, q: p ** q, x, np.array([-np.inf, np.nan, -1.0])))
    z = np.array([0j, 0j, 1j])
    same(*both(lambda p, q: p ** q, z, np.array([0j, 2 + 0j, -1j])))
    raises_both(ZeroDivisionError, lambda p, q: p ** q, z,
                np.array([1j, 0j, 1j]))
    # an int to a negative int: NumPy's first call refuses it, Python's
    # ints (otypes given, no first call) make it a float
    i = np.array([2, 1, -1, 4])
    raises_both(ValueError, lambda p: p ** -1, i)
    same(*both(lambda p: p ** -1, i, otypes="d"))
    same(*both(lambda p: p ** -2 + 0.5, i, otypes="d"))


def test_python_int_constants_outside_the_type():
    u = np.array([2, 1, 3], dtype=np.uint8)
    raises_both(OverflowError, lambda p: p + 300, u)
    raises_both(OverflowError, lambda p: p ** -1, u)
    same(*both(lambda p: p == 300, u))       # compared by value
    same(*both(lambda p: p < -1, u))
    with pytest.raises(OverflowError):
        np.asarray(u) + 300
    with pytest.raises(OverflowError, match="300 out of bounds"):
        gp.fuse(lambda p: p + 300)(gp.asarray(u))
    with pytest.raises(ValueError, match="negative integer powers"):
        gp.fuse(lambda p: p ** -1)(gp.asarray(u.astype(np.int64)))


def test_vectorize_kernel_text_compiles_with_nvrtc():
    """The text of Python-scalar kernels (flags, casts, weak bools) is
    CUDA that NVRTC compiles."""
    from conftest import nvrtc_or_skip
    from gpuarray.kernels.elementwise import _PRELUDE
    nvrtc_or_skip()
    i = gp.arange(1, 4, dtype=np.int16)
    z = gp.asarray(np.array([1j, 2, 3]))
    h = gp.asarray(np.array([0.5, 1, 2], dtype=np.float16))
    calls = [(lambda p, q: p // q + p % q, (i, i)),
             (lambda p, q: p ** q / (q + True), (z, z)),
             (lambda p, q: (p > 1) + q ** 2.0 - q ** -1, (i, h))]
    texts = []
    for func, args in calls:
        v = gp.vectorize(func)
        v(*args)
        for fused in v._fused.values():
            for steps, *_ in fused.cache.values():
                for step in steps:
                    k = step[1]
                    chars = [p.dtype.char for p in k.in_params + k.out_params]
                    src = gp._core._ew_source(k._body({}), chars, chars,
                                              k.nin, 1, 1, False, "vec")
                    assert len(gp._core._nvrtc_compile(_PRELUDE + src,
                                                       90)) > 1000
                    texts.append(src)
    assert len(texts) == 3 and all("gpa_zero_division" in t for t in texts)
