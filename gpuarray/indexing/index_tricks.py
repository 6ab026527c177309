"""NumPy's index tricks and small type helpers, for gpuarray arrays.

r_/c_ (AxisConcatenator) and mgrid/ogrid (nd_grid) follow NumPy's own
algorithm step by step -- the same dtype rules, the same arithmetic in
the same order -- but build their results with gpuarray's arange,
linspace, array and concatenate, so dtypes, shapes and values match NumPy
exactly.  Only the index key (slices, directives, scalars) is read on the
host.

The pure-Python names (s_, index_exp, ndindex, broadcast_shapes,
iterable, typename, isdtype) are NumPy's own objects: they never touch
array data.  The rest accept gpuarray arrays and look only at their
dtype, flags or shape -- except ndenumerate and min_scalar_type of a 0-d
array, which need the values.

Not matched: the 'r'/'c' matrix directives and the string form
(r_["1 2; 3 4"]) give a 2-D gpuarray array where NumPy gives np.matrix
(gpuarray has no matrix class).
"""
import math as _math
import sys as _sys

import numpy as _np

from .._core import ndarray
from .._engine.arrays import arange, array, asarray, empty, linspace
from ..manipulation.shapes import concatenate, stack, broadcast_to

__all__ = [
    "r_", "c_", "s_", "index_exp", "mgrid", "ogrid", "ndindex",
    "ndenumerate", "broadcast_shapes", "isfortran", "iterable",
    "common_type", "min_scalar_type", "mintypecode", "typename", "isdtype",
]

# Plain Python: no array data involved, so NumPy's objects serve as is.
s_ = _np.s_
index_exp = _np.index_exp
ndindex = _np.ndindex
broadcast_shapes = _np.broadcast_shapes
iterable = _np.iterable
typename = _np.typename
isdtype = _np.isdtype


def _is_complex_step(step):
    return isinstance(step, (_np.complexfloating, complex))


# ----------------------------------------------------------- r_ and c_

def _as_matrix(res, col):
    """NumPy's np.matrix(res) (then .T for a 1-D 'c' result), as a 2-D
    gpuarray array: gpuarray has no matrix class."""
    if res.ndim > 2:
        raise ValueError("shape too large to be a matrix.")
    if res.ndim < 2:
        res = res.reshape(1, -1)
        if col:
            res = res.T
    return res


def _directive(item, k):
    """(kind, values) of a string entry of the key: ("matrix", col) or
    ("axis", (axis, ndmin, trans1d or None)); NumPy's errors."""
    if k != 0:
        raise ValueError("special directives must be the first entry.")
    if item in ("r", "c"):
        return "matrix", item == "c"
    if "," in item:
        vec = item.split(",")
        try:
            axis, ndmin = [int(x) for x in vec[:2]]
            trans1d = int(vec[2]) if len(vec) == 3 else None
            return "axis", (axis, ndmin, trans1d)
        except Exception as e:
            raise ValueError(f"unknown special directive {item!r}") from e
    try:
        return "axis", (int(item), None, None)
    except (ValueError, TypeError) as e:
        raise ValueError("unknown special directive") from e


def _ndim(item):
    # a gpuarray array's ndim without a transfer (np.ndim would copy it)
    return item.ndim if isinstance(item, ndarray) else _np.ndim(item)


class AxisConcatenator:
    """Translates slice objects to concatenation along an axis (NumPy's
    AxisConcatenator; see r_)."""
    __slots__ = ("axis", "matrix", "ndmin", "trans1d")

    def __init__(self, axis=0, matrix=False, ndmin=1, trans1d=-1):
        self.axis = axis
        self.matrix = matrix
        self.trans1d = trans1d
        self.ndmin = ndmin

    def __getitem__(self, key):
        if isinstance(key, str):
            # NumPy's bmat string: names are looked up in the caller's frame
            frame = _sys._getframe().f_back
            return _bmat_string(key, frame.f_globals, frame.f_locals)
        if not isinstance(key, tuple):
            key = (key,)
        trans1d, ndmin = self.trans1d, self.ndmin
        matrix, axis, col = self.matrix, self.axis, False
        objs = []
        type_objs = []
        for k, item in enumerate(key):
            scalar = False
            if isinstance(item, slice):
                newobj = self._slice(item, ndmin, trans1d)
            elif isinstance(item, str):
                kind, value = _directive(item, k)
                if kind == "matrix":
                    matrix, col = True, value
                else:
                    axis = value[0]
                    ndmin = ndmin if value[1] is None else value[1]
                    trans1d = trans1d if value[2] is None else value[2]
                continue
            elif type(item) in _np.ScalarType:
                # kept as is: a Python scalar stays "weak" in result_type
                scalar = True
                newobj = item
            else:
                newobj = self._array(item, ndmin, trans1d)
            objs.append(newobj)
            type_objs.append(item if scalar else newobj.dtype)
        if type_objs:
            final = _np.result_type(*type_objs)
            objs = [array(o, copy=None, ndmin=ndmin, dtype=final)
                    for o in objs]
        res = concatenate(tuple(objs), axis=axis)
        return _as_matrix(res, col) if matrix else res

    @staticmethod
    def _slice(item, ndmin, trans1d):
        """start:stop:step as arange, or linspace for an imaginary step."""
        start = 0 if item.start is None else item.start
        step = 1 if item.step is None else item.step
        if _is_complex_step(step):
            newobj = linspace(start, item.stop, num=int(abs(step)))
        else:
            newobj = arange(start, item.stop, step)
        if ndmin > 1:
            newobj = array(newobj, copy=None, ndmin=ndmin)
            if trans1d != -1:
                newobj = newobj.swapaxes(-1, trans1d)
        return newobj

    @staticmethod
    def _array(item, ndmin, trans1d):
        """An array entry raised to ndmin dimensions, its own axes placed
        from axis trans1d on (NumPy's rule)."""
        item_ndim = _ndim(item)
        newobj = array(item, copy=None, ndmin=ndmin)
        if trans1d != -1 and item_ndim < ndmin:
            k2 = ndmin - item_ndim
            k1 = trans1d + k2 + 1 if trans1d < 0 else trans1d
            axes = list(range(ndmin))
            newobj = newobj.transpose(axes[:k1] + axes[k2:] + axes[k1:k2])
        return newobj

    def __len__(self):
        return 0


class RClass(AxisConcatenator):
    """Concatenation along the first axis: gp.r_[1:4, 0, [7, 8]]."""
    __slots__ = ()

    def __init__(self):
        super().__init__(0)


class CClass(AxisConcatenator):
    """Concatenation along the last axis, 1-D entries as columns."""
    __slots__ = ()

    def __init__(self):
        super().__init__(-1, ndmin=2, trans1d=0)


r_ = RClass()
c_ = CClass()


# -------------------------------------------------------- mgrid, ogrid

class nd_grid:
    """Mesh grids from slices (NumPy's nd_grid): dense (mgrid) or open
    (ogrid).  An imaginary step gives that many points, stop included."""
    __slots__ = ("sparse",)

    def __init__(self, sparse=False):
        self.sparse = sparse

    def __getitem__(self, key):
        try:
            # a single slice has no len(): NumPy's TypeError path below
            size, num_list = [], [0]
            for k in range(len(key)):
                start = 0 if key[k].start is None else key[k].start
                step = 1 if key[k].step is None else key[k].step
                stop = key[k].stop
                if _is_complex_step(step):
                    step = abs(step)
                    size.append(int(step))
                else:
                    size.append(_math.ceil((stop - start) / step))
                num_list += [start, stop, step]
            typ = _np.result_type(*num_list)
        except (IndexError, TypeError):
            return self._one(key)
        if not self.sparse and any(n < 0 for n in size):
            raise ValueError("negative dimensions are not allowed")
        # each axis is arange(n) * step + start in typ, as NumPy computes
        # it on its index grid (same values, same order of operations)
        nd = len(size)
        shape = tuple(size)
        nn = []
        for k, (n, kk) in enumerate(zip(size, key)):
            start = 0 if kk.start is None else kk.start
            step = 1 if kk.step is None else kk.step
            if _is_complex_step(step):
                step = int(abs(step))
                if step != 1:
                    step = (kk.stop - start) / float(step - 1)
            index = arange(max(n, 0), dtype=typ)
            if not self.sparse and (_np.ndim(start) or _np.ndim(step)):
                # array bounds broadcast against NumPy's whole index grid
                index = broadcast_to(index.reshape(
                    (1,) * k + (-1,) + (1,) * (nd - k - 1)), shape)
            nn.append(index * step + start)
        if self.sparse:
            # NumPy's new axes around each axis' values (which an array
            # bound may have made more than 1-d)
            return tuple(v[(None,) * k + (slice(None),) +
                           (None,) * (nd - k - 1)]
                         for k, v in enumerate(nn))
        if not nn:
            return empty((0,), typ)
        # NumPy stores each axis into an index grid of dtype typ
        return stack([broadcast_to(v.astype(typ, copy=False).reshape(
            (1,) * k + (-1,) + (1,) * (nd - k - 1)) if v.ndim == 1 else
            v.astype(typ, copy=False), shape)
            for k, v in enumerate(nn)])

    @staticmethod
    def _one(key):
        """A single slice: arange, or evenly spaced points for an
        imaginary step."""
        step, stop = key.step, key.stop
        start = 0 if key.start is None else key.start
        if _is_complex_step(step):
            step_float = abs(step)
            step = length = int(step_float)
            if step != 1:
                step = (key.stop - start) / float(step - 1)
            typ = _np.result_type(start, stop, step_float)
            return arange(0, length, 1, dtype=typ) * step + start
        return arange(start, stop, step)


class MGridClass(nd_grid):
    """Dense mesh grid: gp.mgrid[0:2, 0:3] has shape (2, 2, 3)."""
    __slots__ = ()

    def __init__(self):
        super().__init__(sparse=False)


class OGridClass(nd_grid):
    """Open mesh grid: a tuple of arrays, each varying along one axis."""
    __slots__ = ()

    def __init__(self):
        super().__init__(sparse=True)


mgrid = MGridClass()
ogrid = OGridClass()


# ---------------------------------------------------------- ndenumerate

class ndenumerate(_np.ndenumerate):
    """(index, value) pairs of an array, values as NumPy scalars of its
    dtype."""

    def __init__(self, arr):
        if isinstance(arr, ndarray):
            # one transfer of the whole array: a device read per element
            # would cost a copy (and a sync) each
            arr = arr.get()
        super().__init__(arr)


# ----------------------------------------------------------- type tools

def _bmat_string(text, gdict, ldict):
    """NumPy's bmat string ("a, b; c d"): rows split on ';', names on ','
    and blanks, each name looked up in the caller's locals then globals
    and made 2-d (as np.matrix would), blocks joined on the device."""
    rows = []
    for row in text.split(";"):
        blocks = []
        for name in row.replace(",", " ").split():
            if name in ldict:
                obj = ldict[name]
            elif name in gdict:
                obj = gdict[name]
            else:
                raise NameError("name %r is not defined" % name)
            b = asarray(obj)
            blocks.append(b.reshape((1,) * (2 - b.ndim) + b.shape)
                          if b.ndim < 2 else b)
        rows.append(concatenate(blocks, axis=-1))
    return concatenate(rows, axis=0)


def _host_proxy(a):
    """A zero-size NumPy array of a gpuarray array's dtype, for NumPy
    functions that only look at the dtype (no transfer)."""
    return _np.empty(0, a.dtype) if isinstance(a, ndarray) else a


def isfortran(a):
    """True if a is Fortran-contiguous and not also C-contiguous."""
    if isinstance(a, ndarray):
        return a.flags.f_contiguous and not a.flags.c_contiguous
    return _np.isfortran(a)


def common_type(*arrays):
    """The inexact scalar type common to the arrays (integers count as
    float64); TypeError for non-numeric ones."""
    return _np.common_type(*[_host_proxy(a) for a in arrays])


def min_scalar_type(a):
    """The smallest dtype holding a; an array of ndim >= 1 gives its own
    dtype, a 0-d one is judged by its value."""
    if isinstance(a, ndarray):
        if a.ndim:
            return a.dtype
        a = a.get()  # the value decides, as for a NumPy 0-d array
    return _np.min_scalar_type(a)


def mintypecode(typechars, typeset="GDFgdf", default="d"):
    """The type character of the smallest safe type in typeset for
    typechars (characters or arrays)."""
    return _np.mintypecode([_host_proxy(t) for t in typechars], typeset,
                           default)
