"""NumPy's window functions: bartlett, blackman, hamming, hanning, kaiser.

Each follows NumPy's own formula step by step, on the device: the sample
positions come from gpuarray's arange and the window from its ufuncs
(kaiser from gpuarray.i0).  Only M and beta are looked at on the host,
converted as NumPy converts them (through a float64 array, so M=True,
M=2.5 and M=-3 behave as in NumPy).
"""
import numpy as _np

from .. import _core
from .._engine import ufuncs as _uf
from .._engine.arrays import arange, ones, zeros
from .special import i0

__all__ = ["bartlett", "blackman", "hamming", "hanning", "kaiser"]


def _host(v):
    """v, a device array read back with one explicit .get() (M and beta
    decide the window's length and formula; implicit conversion of
    device data is refused); anything else as given."""
    return v.get() if isinstance(v, _core.ndarray) else v


def _symmetric(M, window):
    """window(n, M - 1) on NumPy's grid n = 1-M, 3-M, ..., M-1, with
    NumPy's special cases: empty for M < 1, [1.] for M == 1."""
    # at least float64 (via 0.0), as NumPy: M=True, 2.5 or -3 then
    # behave as there
    values = _np.array([0.0, _host(M)])
    M = values[1]
    if M < 1:
        return zeros((0,), values.dtype)
    if M == 1:
        return ones(1, values.dtype)
    return window(arange(1 - M, M, 2), M - 1)


def bartlett(M):
    """The triangular window of M points."""
    return _symmetric(M, lambda n, d: _uf.where(_uf.less_equal(n, 0),
                                                1 + n / d, 1 - n / d))


def blackman(M):
    """The Blackman window of M points."""
    return _symmetric(M, lambda n, d: 0.42 + 0.5 * _uf.cos(_np.pi * n / d)
                      + 0.08 * _uf.cos(2.0 * _np.pi * n / d))


def hamming(M):
    """The Hamming window of M points."""
    return _symmetric(M, lambda n, d: 0.54 + 0.46 * _uf.cos(_np.pi * n / d))


def hanning(M):
    """The Hann window of M points."""
    return _symmetric(M, lambda n, d: 0.5 + 0.5 * _uf.cos(_np.pi * n / d))


def kaiser(M, beta):
    """The Kaiser window of M points with shape parameter beta."""
    values = _np.array([0.0, _host(M), _host(beta)])
    M, beta = values[1], values[2]
    if M == 1:
        return ones(1, values.dtype)
    # no M < 1 case, as NumPy: arange(0, M) is then empty
    n = arange(0, M)
    alpha = (M - 1) / 2.0
    return i0(beta * _uf.sqrt(1 - ((n - alpha) / alpha) ** 2.0)) \
        / i0(zeros((), values.dtype) + beta)
