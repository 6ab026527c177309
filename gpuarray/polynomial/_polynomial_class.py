"""``gpuarray.polynomial.Polynomial``: numpy.polynomial.Polynomial with its
coefficients on the device.

The coefficients (``coef``) are a device array and every operation is
polynomial.py's on the device; the domain and window are NumPy arrays of
two numbers, as NumPy's (parameters of the linear map x -> off + scl*x,
not data).  Printing (repr, str, format, LaTeX) is NumPy's own, of a host
copy.  The rules are NumPy's ABCPolyBase: arithmetic with numbers, arrays
and Polynomials of the same domain, window and symbol; ``/`` only by a
number; ``**`` up to maxpower.
"""
import numbers

import numpy as _np
from numpy.polynomial import polyutils as _np_pu

from .._core import ndarray
from .._engine.arrays import asnumpy, linspace
from ..logic import truth as _logic_truth
from . import _power_series as P
from . import polyutils as pu

__all__ = ["Polynomial"]


def _interval(value, what):
    """A domain or window as NumPy holds it: a host array of 2 numbers."""
    if isinstance(value, ndarray):
        value = asnumpy(value)
    [value] = _np_pu.as_series([value], trim=False)
    if len(value) != 2:
        raise ValueError("%s has wrong number of elements." % what)
    return value


class Polynomial:
    """A power series, as numpy.polynomial.Polynomial (coef: lowest power
    first), with its coefficients on the device."""

    __hash__ = None
    __array_ufunc__ = None  # NumPy's and our ufuncs refuse it, as NumPy's

    maxpower = 100
    domain = _np.array(P.polydomain)
    window = _np.array(P.polydomain)
    basis_name = None

    def __init__(self, coef, domain=None, window=None, symbol="x"):
        [self.coef] = pu.as_series([coef], trim=False)
        if domain is not None:
            self.domain = _interval(domain, "Domain")
        if window is not None:
            self.window = _interval(window, "Window")
        try:
            if not symbol.isidentifier():
                raise ValueError(
                    "Symbol string must be a valid Python identifier")
        except AttributeError:
            raise TypeError("Symbol must be a non-empty string") from None
        self._symbol = symbol

    @property
    def symbol(self):
        return self._symbol

    # ---- host copies and printing ---------------------------------------
    def get(self):
        """The same series as a numpy.polynomial.Polynomial."""
        return _np.polynomial.Polynomial(asnumpy(self.coef), self.domain,
                                         self.window, symbol=self.symbol)

    def __repr__(self):
        return repr(self.get())

    def __str__(self):
        return str(self.get())

    def __format__(self, fmt_str):
        return format(self.get(), fmt_str)

    def _repr_latex_(self):
        return self.get()._repr_latex_()

    # ---- comparisons ----------------------------------------------------
    def has_samecoef(self, other):
        return len(self.coef) == len(other.coef) and \
            bool(_logic_truth.all(self.coef == other.coef))

    def has_samedomain(self, other):
        return bool(_np.all(self.domain == other.domain))

    def has_samewindow(self, other):
        return bool(_np.all(self.window == other.window))

    def has_sametype(self, other):
        return isinstance(other, self.__class__)

    def __eq__(self, other):
        return (isinstance(other, self.__class__) and
                self.has_samedomain(other) and
                self.has_samewindow(other) and
                self.coef.shape == other.coef.shape and
                self.has_samecoef(other) and
                self.symbol == other.symbol)

    def __ne__(self, other):
        return not self.__eq__(other)

    # ---- evaluation and container protocol --------------------------------
    def __call__(self, arg):
        arg = pu.mapdomain(arg, self.domain, self.window)
        return P.polyval(arg, self.coef)

    def __iter__(self):
        return iter(self.coef)

    def __len__(self):
        return len(self.coef)

    def _new(self, coef):
        return self.__class__(coef, self.domain, self.window, self.symbol)

    def _coefficients(self, other):
        """other's coefficients if it is a series like self (NumPy's
        TypeError or ValueError if it is one that is not), else other."""
        if isinstance(other, Polynomial):
            if not isinstance(other, self.__class__):
                raise TypeError("Polynomial types differ")
            if not self.has_samedomain(other):
                raise TypeError("Domains differ")
            if not self.has_samewindow(other):
                raise TypeError("Windows differ")
            if self.symbol != other.symbol:
                raise ValueError("Polynomial symbols differ")
            return other.coef
        return other

    # ---- arithmetic ---------------------------------------------------------
    def __neg__(self):
        return self._new(-self.coef)

    def __pos__(self):
        return self

    def _binary(self, fn, a, b):
        try:
            coef = fn(a, b)
        except Exception:
            return NotImplemented
        return self._new(coef)

    def __add__(self, other):
        return self._binary(P.polyadd, self.coef, self._coefficients(other))

    def __sub__(self, other):
        return self._binary(P.polysub, self.coef, self._coefficients(other))

    def __mul__(self, other):
        return self._binary(P.polymul, self.coef, self._coefficients(other))

    def __radd__(self, other):
        return self._binary(P.polyadd, other, self.coef)

    def __rsub__(self, other):
        return self._binary(P.polysub, other, self.coef)

    def __rmul__(self, other):
        return self._binary(P.polymul, other, self.coef)

    def __truediv__(self, other):
        # no true division by a series (it would be an infinite one)
        if not isinstance(other, numbers.Number) or isinstance(other, bool):
            raise TypeError("unsupported types for true division: '%s', "
                            "'%s'" % (type(self), type(other)))
        return self.__floordiv__(other)

    def __rtruediv__(self, other):
        return NotImplemented

    def _divmod(self, a, b):
        try:
            quo, rem = P.polydiv(a, b)
        except ZeroDivisionError:
            raise
        except Exception:
            return NotImplemented
        return self._new(quo), self._new(rem)

    def __divmod__(self, other):
        return self._divmod(self.coef, self._coefficients(other))

    def __rdivmod__(self, other):
        return self._divmod(other, self.coef)

    def __floordiv__(self, other):
        res = self.__divmod__(other)
        return res if res is NotImplemented else res[0]

    def __mod__(self, other):
        res = self.__divmod__(other)
        return res if res is NotImplemented else res[1]

    def __rfloordiv__(self, other):
        res = self.__rdivmod__(other)
        return res if res is NotImplemented else res[0]

    def __rmod__(self, other):
        res = self.__rdivmod__(other)
        return res if res is NotImplemented else res[1]

    def __pow__(self, other):
        return self._new(P.polypow(self.coef, other, maxpower=self.maxpower))

    # ---- methods --------------------------------------------------------------
    def copy(self):
        return self._new(self.coef.copy())

    def degree(self):
        return len(self) - 1

    def cutdeg(self, deg):
        return self.truncate(deg + 1)

    def trim(self, tol=0):
        return self._new(pu.trimcoef(self.coef, tol))

    def truncate(self, size):
        isize = int(size)
        if isize != size or isize < 1:
            raise ValueError("size must be a positive integer")
        return self._new(self.coef if isize >= len(self.coef)
                         else self.coef[:isize])

    def mapparms(self):
        return pu.mapparms(self.domain, self.window)

    def integ(self, m=1, k=[], lbnd=None):
        off, scl = self.mapparms()
        lbnd = 0 if lbnd is None else off + scl * lbnd
        return self._new(P.polyint(self.coef, m, k, lbnd, 1. / scl))

    def deriv(self, m=1):
        off, scl = self.mapparms()
        return self._new(P.polyder(self.coef, m, scl))

    def roots(self):
        return pu.mapdomain(P.polyroots(self.coef), self.window, self.domain)

    def linspace(self, n=100, domain=None):
        if domain is None:
            domain = self.domain
        x = linspace(domain[0], domain[1], n)
        return x, self(x)

    def convert(self, domain=None, kind=None, window=None):
        if kind is None:
            kind = self.__class__
        if domain is None:
            domain = kind.domain
        if window is None:
            window = kind.window
        return self(kind.identity(domain, window=window, symbol=self.symbol))

    # ---- constructors ---------------------------------------------------------
    @classmethod
    def fit(cls, x, y, deg, domain=None, rcond=None, full=False, w=None,
            window=None, symbol="x"):
        """The least-squares fit of degree deg to (x, y), in the domain
        (default: the interval x spans) mapped onto the window."""
        if domain is None:
            domain = asnumpy(pu.getdomain(x))
            if domain[0] == domain[1]:
                domain[0] -= 1
                domain[1] += 1
        elif type(domain) is list and len(domain) == 0:
            domain = cls.domain
        if window is None:
            window = cls.window
        xnew = pu.mapdomain(x, domain, window)
        res = P.polyfit(xnew, y, deg, w=w, rcond=rcond, full=full)
        coef = res[0] if full else res
        ret = cls(coef, domain=domain, window=window, symbol=symbol)
        return [ret, res[1]] if full else ret

    @classmethod
    def fromroots(cls, roots, domain=[], window=None, symbol="x"):
        """The monic series with the given roots."""
        [roots] = pu.as_series([roots], trim=False)
        if domain is None:
            domain = asnumpy(pu.getdomain(roots))
        elif type(domain) is list and len(domain) == 0:
            domain = cls.domain
        if window is None:
            window = cls.window
        off, scl = pu.mapparms(_interval(domain, "Domain"),
                               _interval(window, "Window"))
        coef = P.polyfromroots(off + scl * roots) / scl ** len(roots)
        return cls(coef, domain=domain, window=window, symbol=symbol)

    @classmethod
    def identity(cls, domain=None, window=None, symbol="x"):
        """The series x (through the map from window to domain)."""
        if domain is None:
            domain = cls.domain
        if window is None:
            window = cls.window
        off, scl = pu.mapparms(_interval(window, "Window"),
                               _interval(domain, "Domain"))
        return cls(P.polyline(off, scl), domain, window, symbol)

    @classmethod
    def basis(cls, deg, domain=None, window=None, symbol="x"):
        """The series x**deg."""
        if domain is None:
            domain = cls.domain
        if window is None:
            window = cls.window
        ideg = int(deg)
        if ideg != deg or ideg < 0:
            raise ValueError("deg must be non-negative integer")
        return cls([0] * ideg + [1], domain, window, symbol)

    @classmethod
    def cast(cls, series, domain=None, window=None):
        """series converted to this class."""
        if domain is None:
            domain = cls.domain
        if window is None:
            window = cls.window
        return series.convert(domain, cls, window)
