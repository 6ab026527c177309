"""``gpuarray.matrix``, ``asmatrix``, ``bmat``: numpy.matrix on the device.

NumPy discourages matrix; it is here so code that still uses it runs.  A
matrix is a gpuarray ndarray subclass that is always 2-D: ``*`` is the
matrix product, ``**`` the matrix power, ``.I`` the inverse, ``.H`` the
conjugate transpose, ``.A``/``.A1`` the plain array and its ravel;
indexing and reductions along an axis keep two dimensions, as NumPy's.
Views of a matrix stay matrices (the subclass survives views here as in
NumPy); ufunc results are matrices as any subclass's (Note [Subclass
results], csrc/ops/ufunc_subclass.c) and the operators below re-wrap
theirs.
"""
import sys as _sys
import warnings as _warnings

import numpy as _np

from .._core import ndarray
from .._engine.arrays import asarray, array as _array
from ..manipulation.shapes import concatenate
from ..linalg.dot_matmul import matmul
from ..linalg import inv, matrix_power

__all__ = ["matrix", "asmatrix", "bmat"]


def _as2d(a):
    if a.ndim == 0:
        return a.reshape(1, 1)
    if a.ndim == 1:
        return a.reshape(1, a.shape[0])
    if a.ndim > 2:
        shape = tuple(n for n in a.shape if n > 1)
        if len(shape) > 2:
            raise ValueError("matrix must be 2-dimensional")
        return a.reshape(shape if len(shape) == 2 else
                         (1,) + (shape or (1,)))
    return a


def _base(x):
    return x.view(ndarray) if isinstance(x, matrix) else x


def _wrapped(r):
    if isinstance(r, ndarray) and r.ndim == 2:
        return r.view(matrix)
    return r


def _binary(op):
    def f(self, other):
        return _wrapped(op(_base(self), _base(other)))
    return f


def _reduction(name):
    def f(self, axis=None, *args, **kwargs):
        r = getattr(_base(self), name)(axis, *args, **kwargs)
        if axis is None:
            return r
        return _wrapped(_as2d(r).reshape(
            (1, -1) if axis in (0, -2) else (-1, 1)))
    f.__name__ = name
    return f


class matrix(ndarray):
    """A 2-D array whose * is the matrix product (numpy.matrix).

    Differs from NumPy: a subclass of gpuarray.ndarray, not of
    numpy.ndarray."""

    __array_priority__ = 10.0

    def __new__(cls, data, dtype=None, copy=True):
        if isinstance(data, str):
            data = _np.asmatrix(data)
        if isinstance(data, _np.matrix):
            data = _np.asarray(data)
        _warnings.warn("the matrix subclass is not the recommended way to "
                       "represent matrices or deal with linear algebra; "
                       "use regular ndarray.", PendingDeprecationWarning,
                       stacklevel=2)
        # matrix's copy=False is "copy only if needed" (NumPy 1's meaning)
        a = _array(_base(data) if isinstance(data, ndarray) else data,
                   dtype=dtype, copy=True if copy else None)
        return _as2d(a).view(cls)

    def __getitem__(self, index):
        out = _base(self)[index]
        if not isinstance(out, ndarray):
            return out
        if out.ndim == 0:
            return out
        if out.ndim == 1:
            n = len(index) if isinstance(index, tuple) else 0
            second_scalar = n > 1 and _np.isscalar(index[1])
            out = out.reshape((out.shape[0], 1) if second_scalar
                              else (1, out.shape[0]))
        return _wrapped(out)

    def __mul__(self, other):
        if isinstance(other, (ndarray, list, tuple, _np.ndarray)):
            return _wrapped(matmul(_base(self), _base(asmatrix(other))))
        return _wrapped(_base(self) * other)

    def __rmul__(self, other):
        if isinstance(other, (ndarray, list, tuple, _np.ndarray)):
            return _wrapped(matmul(_base(asmatrix(other)), _base(self)))
        return _wrapped(other * _base(self))

    def __imul__(self, other):
        self[...] = self * other
        return self

    def __pow__(self, n):
        return _wrapped(matrix_power(_base(self), n))

    def __ipow__(self, n):
        self[...] = self ** n
        return self

    def __rpow__(self, other):
        return NotImplemented

    __add__ = _binary(lambda a, b: a + b)
    __radd__ = _binary(lambda a, b: b + a)
    __sub__ = _binary(lambda a, b: a - b)
    __rsub__ = _binary(lambda a, b: b - a)
    __truediv__ = _binary(lambda a, b: a / b)
    __rtruediv__ = _binary(lambda a, b: b / a)
    __eq__ = _binary(lambda a, b: a == b)
    __ne__ = _binary(lambda a, b: a != b)
    __lt__ = _binary(lambda a, b: a < b)
    __le__ = _binary(lambda a, b: a <= b)
    __gt__ = _binary(lambda a, b: a > b)
    __ge__ = _binary(lambda a, b: a >= b)
    __hash__ = None

    def __neg__(self):
        return _wrapped(-_base(self))

    sum = _reduction("sum")
    prod = _reduction("prod")
    mean = _reduction("mean")
    max = _reduction("max")
    min = _reduction("min")
    any = _reduction("any")
    all = _reduction("all")
    std = _reduction("std")
    var = _reduction("var")

    def tolist(self):
        return _base(self).tolist()

    def ravel(self, order="C"):
        return _wrapped(_base(self).ravel(order).reshape(1, -1))

    def flatten(self, order="C"):
        return _wrapped(_base(self).flatten(order).reshape(1, -1))

    def getA(self):
        return _base(self)

    def getA1(self):
        return _base(self).ravel()

    def getT(self):
        return _wrapped(_base(self).T)

    def getH(self):
        return _wrapped(_base(self).T.conj())

    def getI(self):
        return _wrapped(inv(_base(self)))

    A = property(getA)
    A1 = property(getA1)
    T = property(getT)
    H = property(getH)
    I = property(getI)  # noqa: E741  (NumPy's name)

    def __repr__(self):
        return repr(_np.asmatrix(_base(self).get()))

    def __str__(self):
        return str(_np.asmatrix(_base(self).get()))


def asmatrix(data, dtype=None):
    """data as a matrix, without a copy where it already is one."""
    if isinstance(data, matrix) and (dtype is None or data.dtype == dtype):
        return data
    return matrix(data, dtype=dtype, copy=False)


def _from_string(s, ldict, gdict):
    rows = []
    for row in s.split(";"):
        names = row.replace(",", " ").split()
        vals = []
        for n in names:
            if n in ldict:
                vals.append(ldict[n])
            elif n in gdict:
                vals.append(gdict[n])
            else:
                raise NameError("name %r is not defined" % n)
        rows.append(concatenate([_base(asmatrix(v)) for v in vals], axis=1))
    return concatenate(rows, axis=0)


def bmat(obj, ldict=None, gdict=None):
    """A matrix built from blocks: a string of names ("A, B; C, D", looked
    up in ldict/gdict or the caller's frame), a nested list, or an array."""
    if isinstance(obj, str):
        if gdict is None:
            frame = _sys._getframe(1)
            ldict, gdict = frame.f_locals, frame.f_globals
        return matrix(_from_string(obj, ldict or {}, gdict), copy=False)
    if isinstance(obj, (tuple, list)):
        if obj and isinstance(obj[0], (tuple, list)):
            rows = [concatenate([_base(asmatrix(b)) for b in row], axis=1)
                    for row in obj]
            return matrix(concatenate(rows, axis=0), copy=False)
        return matrix(concatenate([_base(asmatrix(b)) for b in obj], axis=1),
                      copy=False)
    if isinstance(obj, ndarray):
        return asmatrix(obj)
    return matrix(asarray(obj), copy=False)
