"""``gpuarray.poly1d``: numpy.poly1d with its coefficients on the device.

A poly1d is a handful of coefficients, so its algebra (+, -, *, /, **,
deriv, integ, composition, printing) is NumPy's poly1d on a host copy of
them; what touches data runs on the device: calling it on an array is
gpuarray.polyval, ``coeffs``/``roots`` are device arrays.  Results of
the algebra are gpuarray poly1d objects again.
"""
import numpy as _np

from .._core import ndarray
from .._engine.arrays import asarray, asnumpy
from .polyval import polyval
from .polynomial import roots as _roots

__all__ = ["poly1d"]


def _host(p):
    if isinstance(p, poly1d):
        return p._p
    if isinstance(p, ndarray):
        return asnumpy(p)
    return p


def _wrap(p):
    return poly1d(p) if isinstance(p, _np.poly1d) else p


class poly1d:
    """A one-dimensional polynomial, as numpy.poly1d (c_or_r: the
    coefficients, highest power first, or the roots with r=True).

    Differs from NumPy: coeffs and roots are device arrays, and calling
    it on a device array evaluates on the device."""

    __hash__ = None

    def __init__(self, c_or_r, r=False, variable=None):
        self._p = _np.poly1d(_host(c_or_r), r=r, variable=variable)

    # the coefficients and roots are device arrays
    @property
    def coeffs(self):
        return asarray(self._p.coeffs)

    c = coef = coefficients = coeffs

    @property
    def roots(self):
        return _roots(self.coeffs)

    r = roots

    @property
    def order(self):
        return self._p.order

    o = order

    @property
    def variable(self):
        return self._p.variable

    def __call__(self, val):
        if isinstance(val, poly1d):
            return poly1d(self._p(val._p))
        if isinstance(val, ndarray):
            return polyval(self.coeffs, val)
        return self._p(val)

    def __array__(self, dtype=None, copy=None):
        return _np.asarray(self._p.coeffs, dtype=dtype)

    def deriv(self, m=1):
        return poly1d(self._p.deriv(m))

    def integ(self, m=1, k=0):
        return poly1d(self._p.integ(m, _host(k)))

    def __len__(self):
        return len(self._p)

    def __getitem__(self, val):
        return self._p[val]

    def __setitem__(self, key, val):
        self._p[key] = val

    def __iter__(self):
        return iter(self._p)

    def __repr__(self):
        return repr(self._p)

    def __str__(self):
        return str(self._p)

    def __eq__(self, other):
        return self._p == _host(other)

    def __ne__(self, other):
        return self._p != _host(other)

    def __neg__(self):
        return poly1d(-self._p)

    def __pos__(self):
        return self

    def __add__(self, other):
        return _wrap(self._p + _host(other))

    def __radd__(self, other):
        return _wrap(_host(other) + self._p)

    def __sub__(self, other):
        return _wrap(self._p - _host(other))

    def __rsub__(self, other):
        return _wrap(_host(other) - self._p)

    def __mul__(self, other):
        return _wrap(self._p * _host(other))

    def __rmul__(self, other):
        return _wrap(_host(other) * self._p)

    def __pow__(self, n):
        return poly1d(self._p ** n)

    def __truediv__(self, other):
        r = self._p / _host(other)
        return tuple(map(_wrap, r)) if isinstance(r, tuple) else _wrap(r)

    def __rtruediv__(self, other):
        return tuple(map(_wrap, _np.polydiv(_host(other), self._p)))

    __div__, __rdiv__ = __truediv__, __rtruediv__
