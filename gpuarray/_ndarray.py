"""The one home of ndarray's Python side (issue 14): every Python-level
method and property set on the C type, and every C hook registration
(`_core._set_hook`), in one file.  `import gpuarray` imports it last.

Methods whose implementation lives in a lazily loaded chapter (sort,
argsort, dot, put, choose, searchsorted, partition, ...) are forwarders
that import their chapter on first call (Note [Lazy namespace] in
_engine/lazy.py), so the eager import stays small.
"""
import builtins as _builtins
import weakref

import numpy as _np

from ._core import ndarray
from ._engine import ufuncs as _ufuncs
from . import _core
from . import cuda as _cuda
from ._engine import lazy as _lazy
from ._engine import datetimes as _datetimes
from ._engine import datetime_ufuncs as _datetime_ufuncs
from ._engine.flags import Flags
from .cuda.memory import MemoryPointer
from .indexing import advanced as _advanced
from .indexing import structured as _structured
from .interop import dispatch as _dispatch
from .ufuncs import accumulate as _accumulate_hook
from .ufuncs import reduce as _reduce_hook
from .logic import truth as _truth
from .math import extrema as _extrema
from .math import sums as _sums
from .math.extrema import argmax, argmin
from .math.sums import prod
from .statistics.moments import mean, std, var
from .math.cumulative import cumprod, cumsum
from ._engine.arrays import ascontiguousarray, asarray
from .creation.matrices import diagonal, trace
from .cuda import Device, HostDevice
from .indexing.advanced import nonzero, take, compress
from .manipulation.rearrange import repeat
from ._engine.arrays import arange


def _conj(self):
    return _ufuncs.conjugate(self) if self.dtype.kind == "c" else self


def _clip(self, min=None, max=None, out=None, **kw):
    return _ufuncs.clip(self, min, max, out=out, **kw)


def _round(self, decimals=0, out=None):
    return _ufuncs.around(self, decimals, out)


def _set_real(self, value):
    _ufuncs.real(self)[...] = value


def _set_imag(self, value):
    if self.dtype.kind != "c":
        raise TypeError("array does not have imaginary part to set")
    _ufuncs.imag(self)[...] = value


def _contains(self, value):
    """`value in a`: any element equal, as NumPy's (a == value).any()."""
    eq = self == value
    # a comparison with None or a str gives Python's answer (decision 21)
    return bool(eq.any()) if isinstance(eq, ndarray) else bool(eq)


def _get_imag(self):
    # NumPy: the imaginary part of a real array is read-only zeros
    r = _ufuncs.imag(self)
    if self.dtype.kind != "c":
        r.flags.writeable = False
    return r


def _class_getitem(cls, args):
    """ndarray[shape, dtype] for type hints, as NumPy's (at most two)."""
    import types
    if isinstance(args, tuple) and len(args) > 2:
        raise TypeError("Too many arguments for %s.%s"
                        % (cls.__module__, cls.__name__))
    return types.GenericAlias(cls, args)


def _format(self, spec):
    """NumPy's: a 0-d array formats as its scalar, others as object does
    (str for an empty spec, else TypeError)."""
    if self.ndim == 0:
        return format(self.get()[()], spec)
    return object.__format__(self, spec)


_METHODS = {
    "conj": _conj,
    "conjugate": _conj,
    "clip": _clip,
    "round": _round,
    "real": property(_ufuncs.real, _set_real),
    "imag": property(_get_imag, _set_imag),
    "__contains__": _contains,
    "__format__": _format,
    "__class_getitem__": classmethod(_class_getitem),
}


# ------------------------------------------- methods that call functions
# (imports inside: several modules load lazily, Note [Lazy namespace])

def _nonzero(self):
    return nonzero(self)


def _take(self, indices, axis=None, out=None, mode="raise"):
    return take(self, indices, axis=axis, out=out, mode=mode)


def _compress(self, condition, axis=None, out=None):
    return compress(condition, self, axis=axis, out=out)


def _repeat(self, repeats, axis=None):
    return repeat(self, repeats, axis=axis)


def _diagonal(self, offset=0, axis1=0, axis2=1):
    return diagonal(self, offset, axis1, axis2)


def _trace(self, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    return trace(self, offset, axis1, axis2, dtype, out)


def _searchsorted(self, v, side="left", sorter=None):
    from .sorting.search_unique import searchsorted
    return searchsorted(self, v, side=side, sorter=sorter)


def _partition(self, kth, axis=-1, kind="introselect", order=None):
    """In place, as NumPy's method."""
    from .sorting.sort import partition
    self[...] = partition(self, kth, axis=axis, kind=kind, order=order)


def _argpartition(self, kth, axis=-1, kind="introselect", order=None):
    from .sorting.sort import argpartition
    return argpartition(self, kth, axis=axis, kind=kind, order=order)


def _tobytes(self, order="C"):
    if order == "A":
        # NumPy: Fortran order only for a Fortran (not C) contiguous array;
        # the host copy from get() is C-ordered, so decide here
        f = self.flags
        order = "F" if f.f_contiguous and not f.c_contiguous else "C"
    return self.get().tobytes(order)


def _tofile(self, fid, sep="", format="%s"):
    self.get().tofile(fid, sep=sep, format=format)


def _swap_order(dt):
    """The byte permutation NumPy's byteswap applies to one element of the
    void dtype dt: src[j] is the byte that lands at j.  Fields are
    swapped one after the other in the dtype's order (so overlapping
    fields compose, as NumPy's in-place swaps do), each by its type
    (complex: each part; sub-array fields element by element; nested
    fields recursively); unstructured void bytes and padding stay."""
    src = list(range(dt.itemsize))

    def swap(d, off):
        if d.names is not None:
            for name in d.names:
                fdt, foff = d.fields[name][:2]
                swap(fdt, off + foff)
        elif d.subdtype is not None:
            base, shape = d.subdtype
            for i in range(int(_np.prod(shape, dtype=_np.int64))):
                swap(base, off + i * base.itemsize)
        elif d.kind != "V" and d.itemsize > 1:
            part = d.itemsize // 2 if d.kind == "c" else d.itemsize
            for p in range(off, off + d.itemsize, part):
                src[p:p + part] = src[p:p + part][::-1]
    swap(dt, 0)
    return src


def _byteswap(self, inplace=False):
    """Each element's bytes reversed (each part's, for complex; each
    field's by its type, for structured dtypes), on the device: a uint8
    view with the byte axis reversed, or gathered by the dtype's byte
    permutation (_swap_order) for void dtypes."""
    if not inplace and self.flags.f_contiguous and not self.flags.c_contiguous:
        return _byteswap(self.T).T      # NumPy's copy keeps F order ('A')
    if self.dtype.kind == "V":
        order = _swap_order(self.dtype)
        if order == list(range(self.itemsize)):
            return self if inplace else self.copy()
        raw = _structured.byte_view(ascontiguousarray(self), 1)
        res = _structured.from_bytes(
            ascontiguousarray(raw[..., asarray(_np.array(order))]),
            self.dtype)
        if inplace:
            self[...] = res
            return self
        return res
    if self.size == 0:          # nothing to swap (and -1 can't be inferred)
        return self if inplace else self.copy()
    part = self.itemsize // 2 if self.dtype.kind == "c" else self.itemsize
    src = ascontiguousarray(self)
    raw = src.view(_np.uint8).reshape(self.shape + (-1, part))
    swapped = raw[..., ::-1].copy().reshape(self.shape + (-1,))
    res = swapped.view(self.dtype).reshape(self.shape)
    if inplace:
        self[...] = res
        return self
    return res


def _field_view(self, dtype, offset):
    """getfield's view: `dtype` read at byte `offset` of each element."""
    dtype = _np.dtype(dtype)
    offset = _builtins.int(offset)
    if offset < 0:
        raise ValueError("offset is negative")
    if dtype.itemsize > self.itemsize:
        raise ValueError("new type is larger than original type")
    if offset + dtype.itemsize > self.itemsize:
        raise ValueError("new type plus offset is larger than original type")
    return _core._as_strided(self, self.shape, self.strides, offset,
                             self.flags.writeable, dtype)


def _getfield(self, dtype, offset=0):
    return _field_view(self, dtype, offset)


def _setfield(self, val, dtype, offset=0):
    _field_view(self, dtype, offset)[...] = val


def _setflags(self, write=None, align=None, uic=None):
    """Only `write` changes anything: gpuarray arrays are always aligned
    and never write-back copies."""
    if uic:
        raise ValueError("cannot set WRITEBACKIFCOPY flag to True")
    if write is not None:
        self.flags.writeable = write


def _to_device(self, device, /, *, stream=None):
    """The Array API's to_device: self on its own device, else a copy
    made on `device`."""
    if device is self.device or device == self.device:
        return self
    if not isinstance(device, (Device, HostDevice)):
        raise ValueError("Unsupported device: %r" % (device,))
    with device:
        return asarray(self)


class FlatIter:
    """a.flat: the elements of a in C order, indexable and assignable like
    NumPy's flatiter (integers, slices, integer and boolean arrays).
    Reading gathers from a C-order copy where a is not C-contiguous;
    writing scatters into a itself."""

    def __init__(self, a):
        self.base = a
        self.index = 0      # NumPy's: the flat position next() reads
        self._host = None   # next()'s host copy, made on its first call

    def __len__(self):
        return self.base.size

    def __next__(self):
        if self.index >= self.base.size:
            raise StopIteration
        if self._host is None:
            self._host = self.base.get().reshape(-1)
        self.index += 1
        return self._host[self.index - 1]

    @property
    def coords(self):
        """The N-d index of the element next() reads, as NumPy's."""
        if self.base.ndim == 0:
            return ()
        i = _builtins.min(self.index, _builtins.max(self.base.size - 1, 0))
        return tuple(int(c) for c in _np.unravel_index(i, self.base.shape))

    def __iter__(self):
        # NumPy yields scalars: one transfer, then iterate on the host
        return iter(self.base.get().flat)

    def __array__(self, dtype=None, copy=None):
        raise TypeError("gpuarray flat iterator: use .base.get()")

    def copy(self):
        return self.base.reshape(-1).copy()

    def __getitem__(self, key):
        r = self.base.reshape(-1)[key]
        # NumPy's flat indexing always gives a new C-ordered array (a slice
        # of the flat reshape is a view, of the base or of a temporary)
        if isinstance(r, ndarray) and not r.flags.owndata:
            r = r.copy()
        return r

    def __setitem__(self, key, value):
        from .indexing.flat import _cycled, _scatter_flat
        a = self.base
        _check_flat_store(key, value, a.size)
        if a.flags.c_contiguous:
            flat = a.reshape(-1)
            target = flat[key]
            vals = asarray(value).astype(a.dtype)
            if isinstance(target, ndarray) and target.ndim:
                flat[key] = _cycled(vals, target.size).reshape(target.shape)
            else:
                flat[key] = vals.reshape(-1)[0] if vals.size else vals
            return
        positions = arange(a.size, dtype=_np.int64)[key].reshape(-1)
        vals = asarray(value).astype(a.dtype)
        if positions.size:
            _scatter_flat(a, positions, _cycled(vals, positions.size))


def _check_flat_store(key, value, size):
    """NumPy's errors for a.flat[key] = value: an empty-tuple key, and a
    sequence stored into the single element an integer names."""
    if isinstance(key, tuple):
        if not key:
            raise IndexError("Assigning to a flat iterator with a 0-D index "
                             "is not supported")
        if len(key) == 1:
            key = key[0]
    single = not isinstance(key, (bool, _np.bool_)) and (
        isinstance(key, (int, _np.integer)))
    seq = isinstance(value, (list, tuple)) or (
        isinstance(value, (ndarray, _np.ndarray)) and value.ndim > 0)
    if single and not -size <= key < size:
        raise IndexError("index %d is out of bounds for size %d"
                         % (key, size))
    if single and seq:
        raise ValueError("Error setting single item of array.")


def _flat_get(self):
    return FlatIter(self)


def _flat_set(self, value):
    FlatIter(self)[...] = value


_HOST_TWINS = weakref.WeakKeyDictionary()


def _host_twin(host, cls):
    """host viewed as a NumPy subclass named as the gpuarray subclass cls,
    so that NumPy's repr says "Name([...])" with its own line wrapping."""
    twin = _HOST_TWINS.get(cls)
    if twin is None:
        twin = _HOST_TWINS[cls] = type(cls.__name__, (_np.ndarray,), {})
    return host.view(twin)


def _rebuild(host_array):
    """Unpickling: the host copy back onto the current device."""
    a = asarray(host_array)
    if a.size == 0 and a.flags.owndata:
        # NumPy's unpickled empty arrays have ordinary strides, not zeros
        f = host_array.flags
        _core._plain_strides(a, f.f_contiguous and not f.c_contiguous)
    return a


def _reduce(self):
    # pickled through a host copy, as CuPy does: a pickle outlives the
    # device and process that made it
    host = self.get()
    if self.flags.f_contiguous and not self.flags.c_contiguous:
        host = _np.asfortranarray(host)   # NumPy's pickles keep F order
    return _rebuild, (host,)


def _dumps(self):
    import pickle
    return pickle.dumps(self, protocol=2)


def _dump(self, file):
    import pickle
    if isinstance(file, (str, bytes)) or hasattr(file, "__fspath__"):
        with open(file, "wb") as f:
            pickle.dump(self, f, protocol=2)
    else:
        pickle.dump(self, file, protocol=2)


from ._engine.tokenize import dask_tokenize as _dask_tokenize

_METHODS.update({
    "__dask_tokenize__": _dask_tokenize,
    "__reduce__": _reduce, "dumps": _dumps, "dump": _dump,
    "flat": property(_flat_get, _flat_set),
    "nonzero": _nonzero, "take": _take, "compress": _compress,
    "repeat": _repeat, "diagonal": _diagonal, "trace": _trace,
    "searchsorted": _searchsorted, "partition": _partition,
    "argpartition": _argpartition, "tobytes": _tobytes, "tofile": _tofile,
    "byteswap": _byteswap, "getfield": _getfield, "setfield": _setfield,
    "setflags": _setflags, "to_device": _to_device,
})

for _name, _fn in _METHODS.items():
    setattr(ndarray, _name, _fn)


# ------------------------------------------- reductions and scans
def _m_sum(self, axis=None, dtype=None, out=None, keepdims=False,
           initial=None, where=True):
    return _sums.sum(self, axis, dtype, out, keepdims, initial, where)


def _m_prod(self, axis=None, dtype=None, out=None, keepdims=False,
            initial=None, where=True):
    return prod(self, axis, dtype, out, keepdims, initial, where)


def _m_max(self, axis=None, out=None, keepdims=False, initial=None,
           where=True):
    return _extrema.max(self, axis, out, keepdims, initial, where)


def _m_min(self, axis=None, out=None, keepdims=False, initial=None,
           where=True):
    return _extrema.min(self, axis, out, keepdims, initial, where)


def _m_mean(self, axis=None, dtype=None, out=None, keepdims=False, *,
            where=True):
    return mean(self, axis, dtype, out, keepdims, where=where)


# NumPy's methods take no correction= (the functions do)
def _m_var(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
           where=True, mean=None):
    return var(self, axis, dtype, out, ddof, keepdims, where=where)


def _m_std(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
           where=True, mean=None):
    return std(self, axis, dtype, out, ddof, keepdims, where=where)


def _m_all(self, axis=None, out=None, keepdims=False, *, where=True):
    return _truth.all(self, axis, out, keepdims, where=where)


def _m_any(self, axis=None, out=None, keepdims=False, *, where=True):
    return _truth.any(self, axis, out, keepdims, where=where)


def _m_argmax(self, axis=None, out=None, *, keepdims=False):
    return argmax(self, axis, out, keepdims=keepdims)


def _m_argmin(self, axis=None, out=None, *, keepdims=False):
    return argmin(self, axis, out, keepdims=keepdims)


for _name, _fn in {"sum": _m_sum, "prod": _m_prod, "max": _m_max,
                   "min": _m_min, "mean": _m_mean, "var": _m_var,
                   "std": _m_std, "all": _m_all, "any": _m_any,
                   "argmax": _m_argmax, "argmin": _m_argmin}.items():
    setattr(ndarray, _name, _fn)


def _m_cumsum(self, axis=None, dtype=None, out=None):
    return cumsum(self, axis, dtype, out)


def _m_cumprod(self, axis=None, dtype=None, out=None):
    return cumprod(self, axis, dtype, out)


ndarray.cumsum = _m_cumsum


ndarray.cumprod = _m_cumprod


def _m_array_finalize(self, obj):
    """NumPy's subclass hook, called on each new view or ufunc result of
    a subclass with the array it came from; nothing to do for ndarray
    (so a subclass's super().__array_finalize__(obj) works)."""
    return None


ndarray.__array_finalize__ = _m_array_finalize


# ----------------------------------------------------------------- C hooks
# Every Python function the C core calls back into, registered in one
# place.  The forwarders import their (lazy) module on first use.
_core._set_hook("flags", Flags)
_core._set_hook("device", _cuda._device_object)
_core._set_hook("memptr", MemoryPointer)
_core._set_hook("host_twin", _host_twin)
_core._set_hook("element_value", _advanced._element_value)
_core._set_hook("getitem_advanced", _advanced._getitem)
_core._set_hook("setitem_advanced", _advanced._setitem)
_core._set_hook("void_compare", _structured.void_compare)


def _object_compare(a, other, eq):
    # a == other (eq) or a != other, other an object without a comparison
    # of its own: NumPy's elementwise identity test, all False for ==
    return _core.full(a.shape, not eq, _np.bool_)


_core._set_hook("object_compare", _object_compare)
_core._set_hook("negative_exponent", _ufuncs._negative_exponent)
_core._set_hook("ufunc.outer", _ufuncs._outer)
_core._set_hook("ufunc.reduce", _reduce_hook._ufunc_reduce)
_core._set_hook("ufunc.accumulate", _accumulate_hook._ufunc_accumulate)
_core._set_hook("array_ufunc", _dispatch.array_ufunc)
_core._set_hook("array_function", _dispatch.array_function)
_core._set_hook("like", _dispatch._like)
_core._set_hook("matmul", _lazy.forward("linalg.dot_matmul",
                                        "_matmul_operator"))
_core._set_hook("ufunc.at", _lazy.forward("ufuncs.at", "_ufunc_at"))
_core._set_hook("ufunc.reduceat",
                _lazy.forward("ufuncs.reduceat", "_ufunc_reduceat"))
_core._set_hook("datetime_ufunc", _datetime_ufuncs.datetime_ufunc)
_core._set_hook("datetime_assign", _datetimes.datetime_assign)

# ------------------------------------------- methods from lazy chapters
for _name, _mod, _fn in (("sort", "sorting.sort", "_m_sort"),
                         ("argsort", "sorting.sort", "_m_argsort"),
                         ("dot", "linalg.dot_matmul", "_m_dot"),
                         ("put", "indexing.put_choose", "_m_put"),
                         ("choose", "indexing.put_choose", "_m_choose")):
    setattr(ndarray, _name, _lazy.method(_mod, _fn))
