"""gpuarray.polynomial.polyutils against numpy.polynomial.polyutils:
as_series (1-d, 2-d, lists; trim; common types; errors), trimseq (a view,
errors), trimcoef (tolerances, errors) and the domain maps."""
import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import numpy_parity

DTYPES = [np.int8, np.uint16, np.int64, np.float16, np.float32, np.float64,
          np.complex64, np.complex128]


def _pu(xp):
    return xp.polynomial.polyutils


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("trim", [True, False])
@numpy_parity()
def test_as_series(xp, dtype, trim):
    v = np.array([[3, 5, 0, 0], [0, 0, 0, 0], [1, 0, 2, 0]], dtype)
    pu = _pu(xp)
    return (pu.as_series(xp.asarray(v), trim=trim),
            pu.as_series(xp.asarray(v[0]), trim=trim),
            pu.as_series([xp.asarray(v[2]), xp.asarray(v[0, :1])],
                         trim=trim))


@pytest.mark.parametrize("arg", [np.zeros((2, 2, 2)), np.zeros(3, bool),
                                 [np.zeros(0)], np.array(1.0)])
def test_as_series_errors(arg):
    for xp in (np, gp):
        a = xp.asarray(arg) if isinstance(arg, np.ndarray) else \
            [xp.asarray(x) for x in arg]
        exc = ValueError if not (isinstance(arg, np.ndarray) and
                                 arg.ndim == 0) else TypeError
        with pytest.raises(exc):
            _pu(xp).as_series(a)


@pytest.mark.parametrize("v", [[1, 5, 2, 0, 0, 0], [0, 0, 0], [], [0, 4],
                               [1j, 0]])
@numpy_parity()
def test_trimseq(xp, v):
    return _pu(xp).trimseq(xp.asarray(np.array(v)))


def test_trimseq_of_zeros_is_a_view_and_bad_shapes_raise():
    a = gp.zeros(10)
    assert gp.shares_memory(a[:1], gp.polynomial.polyutils.trimseq(a))
    for xp in (np, gp):
        with pytest.raises(TypeError):
            _pu(xp).trimseq(xp.asarray(np.array(2.0)))
        with pytest.raises(ValueError):
            _pu(xp).trimseq(xp.zeros((3, 4)))


@pytest.mark.parametrize("dtype", [np.int32, np.float32, np.complex128])
@pytest.mark.parametrize("tol", [0, 1e-3, np.float32(1e-4)])
@numpy_parity()
def test_trimcoef(xp, dtype, tol):
    pu = _pu(xp)
    a = xp.asarray(np.array([1, 2, 0, 3, 0, 3e-4, 1e-3], dtype))
    return (pu.trimcoef(a, tol), pu.trimcoef(xp.zeros(4, dtype), tol),
            pu.trimcoef(xp.asarray(np.array(5, dtype)), tol))


@pytest.mark.parametrize("arg,tol", [(np.ones(3), -1e-3), (np.zeros(0), 0),
                                     (np.ones((2, 3)), 0),
                                     (np.ones(3, bool), 0)])
def test_trimcoef_errors(arg, tol):
    for xp in (np, gp):
        with pytest.raises(ValueError):
            _pu(xp).trimcoef(xp.asarray(arg), tol)


@numpy_parity()
def test_domains(xp):
    pu = _pu(xp)
    x = xp.asarray(np.array([3.0, -1.0, 2.5]))
    z = xp.asarray(np.array([1 + 2j, -1 - 1j, 0.5j]))
    off, scl = pu.mapparms(xp.asarray([0.0, 4.0]), xp.asarray([-1.0, 1.0]))
    return (pu.getdomain(x), pu.getdomain(z), off, scl,
            pu.mapdomain(x, xp.asarray([0.0, 4.0]), xp.asarray([-1.0, 1.0])),
            pu.mapdomain([1, 2], np.array([0.0, 4.0]), np.array([-1, 1])))
