"""``gpuarray.poly1d``: numpy.poly1d with its coefficients on the device.

The coefficients are a device array (``p.coeffs``, the very array the
object holds, as NumPy's), and the algebra is NumPy's poly1d rules over
the device arithmetic of poly_arith.py: ``p + q``, ``p * 2``, ``p ** 3``,
``p / q`` (quotient and remainder), deriv, integ, composition ``p(q)``.
Only printing (repr, str) and ``get()`` read the coefficients back.

Note [poly1d as an operand]: NumPy reads a poly1d where it wants an array
(``np.add(p, q)`` adds the coefficient arrays and returns an array), and
an array on the left of an operator wins (``a + p`` is an array too).
gpuarray's ufuncs find a poly1d operand's ``__array_ufunc__`` and run on
its coefficients; gpuarray's operators give foreign operands back to
Python, so the reflected methods below take an ndarray on the left the
way NumPy's ndarray would.  Everything else on the left (Python and
NumPy scalars, lists) meets poly1d's own reflected algebra, as in NumPy.

``get()`` and ``set()`` are CuPy's: a numpy.poly1d of the same
polynomial, and the coefficients and variable of one.
"""
import numpy as _np

from .. import _core
from .._core import ndarray
from .._engine.arrays import asarray, asnumpy, zeros
from ..logic import truth as _logic_truth
from ..manipulation import shapes as _mn
from . import poly_arith as _arith

__all__ = ["poly1d"]


def _is_scalar(x):
    """numpy.isscalar: Python and NumPy scalars (not 0-d arrays)."""
    return _np.isscalar(x)


def _reflected(ufunc, doc):
    """A reflected operator of poly1d: an ndarray on the left is NumPy's
    ufunc of it and the coefficients (Note [poly1d as an operand]),
    anything else the given poly1d algebra."""
    def op(self, other):
        if isinstance(other, ndarray):
            return _core.ufuncs[ufunc](other, self._coeffs)
        return doc(self, other)
    op.__name__ = doc.__name__
    op.__doc__ = doc.__doc__
    return op


class poly1d:
    """A one-dimensional polynomial, as numpy.poly1d (c_or_r: the
    coefficients, highest power first, or the roots with r=True; a
    numpy.poly1d is read with its variable, as a gpuarray one).

    Differs from NumPy: coeffs and roots are device arrays, and calling
    it on a device array evaluates on the device."""

    __hash__ = None

    def __init__(self, c_or_r, r=False, variable=None):
        if isinstance(c_or_r, (poly1d, _np.poly1d)):
            # NumPy ignores r for a poly1d: the same polynomial
            own = c_or_r.variable
            coeffs = c_or_r.coeffs
            self._coeffs = coeffs if isinstance(coeffs, ndarray) \
                else asarray(coeffs)
            self._variable = own if variable is None else variable
            return
        if r:
            c_or_r = _arith.from_roots(c_or_r)
        c = _arith.as_1d(c_or_r)
        if c.ndim > 1:
            raise ValueError("Polynomial must be 1d only.")
        self._coeffs = _arith.trimmed(c)
        self._variable = "x" if variable is None else variable

    # ---- the coefficients and what follows from them -------------------
    @property
    def coeffs(self):
        """The coefficients, highest power first (the object's own device
        array: changing it in place changes the polynomial)."""
        return self._coeffs

    @coeffs.setter
    def coeffs(self, value):
        # allows p.coeffs *= 2, as NumPy's
        if value is not self._coeffs:
            raise AttributeError("Cannot set attribute")

    c = coef = coefficients = coeffs

    @property
    def variable(self):
        """The name of the variable, for printing."""
        return self._variable

    @property
    def order(self):
        """The degree (leading zeros are not kept)."""
        return len(self._coeffs) - 1

    o = order

    @property
    def roots(self):
        """The roots, where the polynomial is 0 (numpy.roots)."""
        return _arith.roots(self._coeffs)

    r = roots

    def __call__(self, val):
        if isinstance(val, poly1d):  # composition, as numpy.polyval
            return _arith.horner(self._coeffs, val, 0)
        x = val if isinstance(val, ndarray) else asarray(val)
        return _arith.horner(self._coeffs, x, zeros(x.shape, x.dtype))

    def deriv(self, m=1):
        """The m-th derivative (numpy.polyder)."""
        return poly1d(_arith.der(self._coeffs, m))

    def integ(self, m=1, k=0):
        """The m-th antiderivative with constants k (numpy.polyint)."""
        return poly1d(_arith.integ(self._coeffs, m, k))

    # ---- host copies ----------------------------------------------------
    def __array__(self, dtype=None, copy=None):
        if copy is False:
            raise ValueError("a poly1d's coefficients are on the device: "
                             "a NumPy array of them is always a copy")
        return _np.asarray(asnumpy(self._coeffs), dtype=dtype)

    def get(self, stream=None):
        """The same polynomial as a numpy.poly1d (CuPy's poly1d.get)."""
        host = asnumpy(self._coeffs) if stream is None \
            else self._coeffs.get(stream=stream)
        return _np.poly1d(host, variable=self._variable)

    def set(self, value, stream=None):
        """Take the coefficients and variable of the numpy.poly1d value
        (CuPy's poly1d.set); the device array is written in place when it
        has the same shape and dtype."""
        if not isinstance(value, _np.poly1d):
            raise TypeError("poly1d.set takes a numpy.poly1d, not %s"
                            % type(value).__name__)
        host = value.coeffs
        if host.shape == self._coeffs.shape and \
                host.dtype == self._coeffs.dtype:
            if stream is None:
                self._coeffs.set(host)
            else:
                self._coeffs.set(host, stream=stream)
        else:
            self._coeffs = asarray(host)
        self._variable = value.variable

    def __repr__(self):
        return repr(self.get())

    def __str__(self):
        return str(self.get())

    # ---- container protocol ---------------------------------------------
    def __len__(self):
        return self.order

    def __getitem__(self, val):
        """The coefficient of x**val (0 outside 0..order), a 0-d device
        array."""
        if val > self.order or val < 0:
            return zeros((), self._coeffs.dtype)
        return self._coeffs[self.order - val]

    def __setitem__(self, key, val):
        if key < 0:
            raise ValueError("Does not support negative powers.")
        if key > self.order:
            pad = zeros(key - self.order, self._coeffs.dtype)
            self._coeffs = _mn.concatenate((pad, self._coeffs))
        self._coeffs[self.order - key] = val

    def __iter__(self):
        return iter(self._coeffs)

    # ---- comparisons ----------------------------------------------------
    def __eq__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        if self._coeffs.shape != other._coeffs.shape:
            return False
        return _logic_truth.all(self._coeffs == other._coeffs)

    def __ne__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        return not self.__eq__(other)

    # ---- NumPy's ufuncs and ours on the coefficients ----------------------
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        ours = _core.ufuncs.get(ufunc.__name__)
        if ours is None:
            return NotImplemented
        inputs = tuple(x._coeffs if isinstance(x, poly1d) else x
                       for x in inputs)
        if method == "__call__":
            return ours(*inputs, **kwargs)
        return getattr(ours, method)(*inputs, **kwargs)

    # ---- the algebra (NumPy's poly1d rules) -------------------------------
    def __neg__(self):
        return poly1d(-self._coeffs)

    def __pos__(self):
        return self

    def __add__(self, other):
        return poly1d(_arith.add(self._coeffs, poly1d(other)._coeffs))

    def _radd(self, other):
        return poly1d(_arith.add(self._coeffs, poly1d(other)._coeffs))

    def __sub__(self, other):
        return poly1d(_arith.sub(self._coeffs, poly1d(other)._coeffs))

    def _rsub(self, other):
        return poly1d(_arith.sub(poly1d(other)._coeffs, self._coeffs))

    def __mul__(self, other):
        if _is_scalar(other):
            return poly1d(self._coeffs * other)
        return poly1d(_arith.mul(self._coeffs, poly1d(other)._coeffs))

    def _rmul(self, other):
        if _is_scalar(other):
            return poly1d(other * self._coeffs)
        return poly1d(_arith.mul(self._coeffs, poly1d(other)._coeffs))

    def __truediv__(self, other):
        if _is_scalar(other):
            return poly1d(self._coeffs / other)
        q, r = _arith.div(self._coeffs, poly1d(other)._coeffs)
        return poly1d(q), poly1d(r)

    def _rtruediv(self, other):
        if _is_scalar(other):
            return poly1d(other / self._coeffs)
        q, r = _arith.div(poly1d(other)._coeffs, self._coeffs)
        return poly1d(q), poly1d(r)

    def _rpow(self, other):
        # NumPy's poly1d has no reflected power: only an array on the left
        return NotImplemented

    __radd__ = _reflected("add", _radd)
    __rsub__ = _reflected("subtract", _rsub)
    __rmul__ = _reflected("multiply", _rmul)
    __rtruediv__ = _reflected("divide", _rtruediv)
    __rpow__ = _reflected("power", _rpow)

    def __pow__(self, val):
        if not _is_scalar(val) or int(val) != val or val < 0:
            raise ValueError("Power to non-negative integers only.")
        res = asarray([1])
        for _ in range(val):  # a float val is range's TypeError, as NumPy
            res = _arith.mul(self._coeffs, res)
        return poly1d(res)
