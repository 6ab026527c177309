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
