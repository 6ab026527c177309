"""Array API 2025.12: the inspection namespace, the version, and the
signatures the standard has where NumPy's differ (sort/argsort descending=,
clip(min=, max=), searchsorted with scalars, fftfreq dtype=/device=,
finfo/iinfo of arrays).  Compared with NumPy and with array-api-strict,
the standard's reference implementation."""
import numpy as np
import pytest
import array_api_strict as xps

import gpuarray as gp


def info():
    return gp.__array_namespace_info__()


def test_version_and_namespace():
    assert gp.__array_api_version__ == "2025.12"
    assert xps.__array_api_version__ == "2025.12"
    a = gp.asarray([1.0])
    assert a.__array_namespace__(api_version="2025.12") is gp
    assert a.__array_namespace__() is gp
    with pytest.raises(ValueError, match="2026.12"):
        a.__array_namespace__(api_version="2026.12")


def test_capabilities_as_the_standard_names_them():
    caps = info().capabilities()
    assert set(caps) == set(xps.__array_namespace_info__().capabilities())
    assert caps["boolean indexing"] is True
    assert caps["data-dependent shapes"] is True
    n = caps["max dimensions"]
    gp.zeros((1,) * n)
    with pytest.raises(ValueError):
        gp.zeros((1,) * (n + 1))
    # the capabilities hold: boolean masks and data-dependent shapes
    x = gp.asarray([1, -2, 3])
    np.testing.assert_array_equal(gp.asnumpy(x[x > 0]), [1, 3])
    assert gp.nonzero(x > 0)[0].shape == (2,)


def test_default_device_is_where_arrays_go():
    d = info().default_device()
    assert gp.zeros(3).device == d
    assert d in info().devices()
    assert gp.asarray([1]).device in info().devices()


def test_devices_is_a_tuple_as_the_2025_12_standard_says():
    # 2025.12 changed devices() from a list to a tuple; the reference
    # implementation (array-api-strict) answers a tuple as well
    assert isinstance(xps.__array_namespace_info__().devices(), tuple)
    devs = info().devices()
    assert isinstance(devs, tuple) and len(devs) >= 1
    assert len(set(devs)) == len(devs)


def test_default_dtypes_are_numpys():
    dd = info().default_dtypes()
    ref = np.__array_namespace_info__().default_dtypes()
    assert dd == ref
    assert gp.asarray([1.5]).dtype == dd["real floating"]
    assert gp.asarray([1]).dtype == dd["integral"]
    assert gp.asarray([1j]).dtype == dd["complex floating"]
    assert gp.arange(3).dtype == dd["indexing"]
    assert info().default_dtypes(device=info().default_device()) == dd


KINDS = [None, "bool", "signed integer", "unsigned integer", "integral",
         "real floating", "complex floating", "numeric",
         ("bool", "real floating"), ("integral", "complex floating"), ()]


@pytest.mark.parametrize("kind", KINDS)
def test_dtypes_of_each_kind_as_numpy_and_the_reference(kind):
    got = info().dtypes(kind=kind)
    ref = np.__array_namespace_info__().dtypes(kind=kind)
    assert got == ref
    strict = xps.__array_namespace_info__().dtypes(kind=kind)
    assert sorted(got) == sorted(strict)
    for name, dt in got.items():  # each one is creatable here
        assert gp.zeros(2, dtype=dt).dtype == dt


@pytest.mark.parametrize("kind", ["float", "real", ("bool", "int"), 3])
def test_dtypes_unknown_kind_is_a_value_error(kind):
    with pytest.raises(ValueError, match="kind"):
        info().dtypes(kind=kind)
    with pytest.raises(ValueError):
        np.__array_namespace_info__().dtypes(kind=kind)


def test_unknown_device_is_a_value_error():
    with pytest.raises(ValueError, match="device"):
        info().dtypes(device="cpu")
    with pytest.raises(ValueError, match="device"):
        info().default_dtypes(device=object())


@pytest.mark.parametrize("axis", [-1, 0, 1])
@pytest.mark.parametrize("stable", [True, None])
def test_sort_descending_as_the_reference(axis, stable):
    rng = np.random.default_rng(0)
    h = rng.integers(0, 4, (5, 7)).astype(np.float64)
    h[1, 2] = np.nan
    got = gp.asnumpy(gp.sort(gp.asarray(h), axis=axis, descending=True,
                             stable=stable))
    ref = np.asarray(xps.sort(xps.asarray(h), axis=axis, descending=True))
    np.testing.assert_array_equal(got, ref)
    np.testing.assert_array_equal(got, np.flip(np.sort(h, axis), axis))


@pytest.mark.parametrize("axis", [-1, 0, 1])
def test_argsort_descending_is_stable(axis):
    rng = np.random.default_rng(1)
    h = rng.integers(0, 3, (6, 9)).astype(np.int32)  # many ties
    got = gp.asnumpy(gp.argsort(gp.asarray(h), axis=axis, descending=True))
    ref = np.asarray(xps.argsort(xps.asarray(h), axis=axis,
                                 descending=True))
    np.testing.assert_array_equal(got, ref)
    # largest first, ties in their original order
    vals = np.take_along_axis(h, got, axis)
    np.testing.assert_array_equal(vals, np.flip(np.sort(h, axis), axis))


def test_sort_descending_false_and_axis_none_match_numpy():
    h = np.array([[3, 1], [2, 5]])
    np.testing.assert_array_equal(
        gp.asnumpy(gp.sort(gp.asarray(h), descending=False)), np.sort(h))
    np.testing.assert_array_equal(
        gp.asnumpy(gp.sort(gp.asarray(h), axis=None, descending=True)),
        np.sort(h, axis=None)[::-1])
    np.testing.assert_array_equal(
        gp.asnumpy(gp.argsort(gp.asarray(h), axis=None, descending=True)),
        [3, 0, 2, 1])


def test_clip_min_max_keywords():
    h = np.array([-3.0, 0.5, 2.0, 9.0])
    got = gp.asnumpy(gp.clip(gp.asarray(h), min=0.0, max=2.5))
    np.testing.assert_array_equal(got, np.clip(h, min=0.0, max=2.5))
    np.testing.assert_array_equal(
        got, np.asarray(xps.clip(xps.asarray(h), min=0.0, max=2.5)))
    np.testing.assert_array_equal(
        gp.asnumpy(gp.clip(gp.asarray(h), max=1.0)), np.clip(h, max=1.0))


@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("v", [2, 2.5, -1, 10.0])
def test_searchsorted_with_a_scalar(side, v):
    h = np.array([1.0, 2.0, 2.0, 3.0])
    got = gp.searchsorted(gp.asarray(h), v, side=side)
    ref = xps.searchsorted(xps.asarray(h), v, side=side)
    assert got.shape == ()
    assert int(got) == int(ref) == int(np.searchsorted(h, v, side=side))


@pytest.mark.parametrize("f", ["fftfreq", "rfftfreq"])
@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_fftfreq_dtype_and_device(f, dt):
    dev = info().default_device()
    got = getattr(gp.fft, f)(8, 0.5, dtype=dt, device=dev)
    ref = getattr(np.fft, f)(8, 0.5)
    assert got.dtype == dt and got.device == dev
    np.testing.assert_allclose(gp.asnumpy(got), ref.astype(dt))


@pytest.mark.parametrize("dt", [np.float16, np.float32, np.float64,
                                np.complex64])
def test_finfo_of_an_array(dt):
    a = gp.zeros(2, dtype=dt)
    assert gp.finfo(a).eps == np.finfo(dt).eps
    assert gp.finfo(a).dtype == np.finfo(dt).dtype
    # the attributes are NumPy's scalars (numpy.float32 for float32), not
    # the standard's Python floats: docs/array_api.md lists the difference
    for attr in ("eps", "max", "min", "smallest_normal"):
        assert type(getattr(gp.finfo(a), attr)) is \
            type(getattr(np.finfo(dt), attr))


@pytest.mark.parametrize("dt", [np.int8, np.uint16, np.int64])
def test_iinfo_of_an_array(dt):
    a = gp.zeros(2, dtype=dt)
    assert (gp.iinfo(a).min, gp.iinfo(a).max) == (np.iinfo(dt).min,
                                                  np.iinfo(dt).max)


def test_eig_keeps_numpys_dtypes():
    # the standard's eig is always complex; ours follows the installed
    # NumPy (docs/array_api.md lists the difference)
    h = np.array([[2.0, 1.0], [0.0, 3.0]])
    w = gp.linalg.eigvals(gp.asarray(h))
    # NumPy < 2.5 answers float64 here, 2.5 complex128 (the standard's)
    assert w.dtype == np.linalg.eigvals(h).dtype
    assert np.asarray(xps.linalg.eigvals(xps.asarray(h))).dtype == \
        np.complex128
    np.testing.assert_allclose(np.sort(gp.asnumpy(w)), [2.0, 3.0])
    r = np.array([[0.0, -1.0], [1.0, 0.0]])  # eigenvalues +-i: complex
    w2, v2 = gp.linalg.eig(gp.asarray(r))
    assert w2.dtype == np.linalg.eig(r)[0].dtype == np.complex128
    np.testing.assert_allclose(np.sort_complex(gp.asnumpy(w2)),
                               np.sort_complex(np.linalg.eigvals(r)))


CREATION = [("arange", (3,)), ("asarray", ([1.0],)), ("empty", (3,)),
            ("empty_like", "proto"), ("eye", (2,)), ("full", (3, 1.5)),
            ("full_like", "proto1"), ("linspace", (0, 1, 3)),
            ("ones", (2,)), ("ones_like", "proto"), ("zeros", (2,)),
            ("zeros_like", "proto"), ("from_dlpack", "proto")]


@pytest.mark.parametrize("name,args", CREATION)
def test_creation_functions_take_device(name, args):
    proto = gp.asarray([1.0, 2.0])
    if isinstance(args, str):
        args = {"proto": (proto,), "proto1": (proto, 1.5)}[args]
    dev = info().default_device()
    r = getattr(gp, name)(*args, device=dev)
    assert r.device == dev
    ref = getattr(np, name)(*[gp.asnumpy(a) if isinstance(a, gp.ndarray)
                              else a for a in args])
    assert r.shape == ref.shape
    if name != "empty" and name != "empty_like":
        np.testing.assert_array_equal(gp.asnumpy(r), ref)


@pytest.mark.parametrize("name", ["empty", "full"])
def test_c_creation_functions_have_numpys_signature(name):
    # the C-defined empty and full carry a __text_signature__, so the
    # standard's signature checks (and inspect) can read them as NumPy's
    import inspect
    assert inspect.signature(getattr(gp, name)) == \
        inspect.signature(getattr(np, name))
    # and every keyword the signature names is accepted
    args = (3,) if name == "empty" else (3, 1.5)
    got = getattr(gp, name)(*args, dtype=None, order="C", device=None,
                            like=None)
    want = getattr(np, name)(*args, dtype=None, order="C", device=None,
                             like=None)
    assert got.dtype == want.dtype and got.shape == want.shape
