"""Structured and void data: field views, byte views and equality.

Note [Data-only dtypes] (csrc/array/structured.h; docs/design/
structured.md): an array of a structured or void dtype holds raw bytes.
Its fields are views (the field's offset, dtype and the array's strides;
a sub-array field adds trailing dimensions), so `a['f0'] = 3` writes
through.  Gathers and scatters of such arrays (and of typed arrays not
aligned for their type, as a float64 field at offset 4) run on a byte
view: unsigned integers of the widest width dividing the item size, the
data pointer and the strides, with one trailing axis.  `==` and `!=`
compare field by field as NumPy does (NaN != NaN, -0.0 == 0.0); an
unstructured void compares its bytes.
"""
import numpy as _np

from .. import _core
from .._core import ndarray
from .._engine.arrays import asarray as _asarray


# ------------------------------------------------------------ fields

def is_field_key(a, key):
    """Whether key names fields: a string, or a non-empty list of strings
    (NumPy 2's multi-field view)."""
    if isinstance(key, str):
        return True
    return (type(key) is list and len(key) > 0 and
            all(isinstance(k, str) for k in key) and
            a.dtype.names is not None)


def _no_fields():
    return IndexError("only integers, slices (`:`), ellipsis (`...`), "
                      "numpy.newaxis (`None`) and integer or boolean arrays "
                      "are valid indices")


def field_view(a, key):
    """a['name'] or a[['n1', 'n2']]: a view, as in NumPy."""
    fields = a.dtype.fields
    if fields is None:
        raise _no_fields()
    if isinstance(key, str):
        if key not in fields:
            raise ValueError("no field of name %s" % key)
        dt, off = fields[key][:2]
        # a sub-array field ('(2,3)f4') gives trailing dimensions
        sub = dt.shape
        step = dt.base.itemsize
        sub_strides = []
        for n in reversed(sub):
            sub_strides.insert(0, step)
            step *= n
        return _core._as_strided(a, a.shape + sub,
                                 a.strides + tuple(sub_strides), off,
                                 a.flags.writeable, dt.base)
    seen = set()
    for name in key:
        if name in seen:
            raise ValueError("duplicate field of name %r" % (name,))
        seen.add(name)
        if name not in fields:
            raise KeyError(name)
    dt = _np.dtype({"names": list(key),
                    "formats": [fields[n][0] for n in key],
                    "offsets": [fields[n][1] for n in key],
                    "itemsize": a.dtype.itemsize})
    return _core._as_strided(a, a.shape, a.strides, 0, a.flags.writeable,
                             dt)


# ------------------------------------------------------------ bytes

def needs_bytes(a):
    """(w, True) when a's elements must move as bytes (void data or
    misaligned for its type), else (w, False)."""
    w, aligned = _core._byte_unit(a)
    return w, not aligned


def has_holes(dt):
    """Whether dt's fields leave bytes of its item uncovered (padding, or
    other fields' bytes in a multi-field view)."""
    if dt.names is None:
        return False
    covered = set()
    for name in dt.names:
        fdt, off = dt.fields[name][:2]
        covered.update(range(off, off + fdt.itemsize))
    return len(covered) != dt.itemsize


def byte_view(a, w):
    """a seen as uint{8w} with a trailing axis of itemsize // w."""
    return _core._as_strided(a, a.shape + (a.itemsize // w,),
                             a.strides + (w,), 0, a.flags.writeable,
                             _np.dtype("u%d" % w))


def from_bytes(b, dtype):
    """The C-contiguous byte array b (trailing byte axis) seen as dtype."""
    return _core._as_strided(b, b.shape[:-1], b.strides[:-1], 0,
                             b.flags.writeable, dtype)


def byte_key(key):
    """key with a full slice for the trailing byte axis: it takes that
    axis, or an axis key leaves out, so the meaning is unchanged (and a
    key with too many entries still fails)."""
    return (key if isinstance(key, tuple) else (key,)) + (slice(None),)


def values_as(a, value):
    """value converted to a's dtype, as a device array (NumPy converts
    host values: tuples are elements of a structured dtype)."""
    if isinstance(value, ndarray):
        if value.dtype == a.dtype:
            return value
        out = _core.empty(value.shape, a.dtype)
        out[...] = value
        return out
    return _asarray(_np.asarray(value, dtype=a.dtype))


# ------------------------------------------------------------ equality

_NON_VOID = "Cannot compare structured or void to non-void arrays."


def void_compare(a, other, eq):
    """a == other (eq) or a != other, a or other of a void dtype."""
    if not isinstance(other, ndarray):
        try:
            other = _asarray(_np.asarray(other))
        except TypeError:
            return NotImplemented
    if not isinstance(a, ndarray):
        a = _asarray(_np.asarray(a))
    if a.dtype.kind != "V" or other.dtype.kind != "V":
        raise TypeError(_NON_VOID)
    sa, so = a.dtype.names is not None, other.dtype.names is not None
    if not sa and not so:
        return _compare_bytes(a, other, eq)
    if sa != so:
        raise TypeError("Cannot compare structured with unstructured void "
                        "arrays.")
    try:
        dt = _np.result_type(a.dtype, other.dtype)
    except TypeError:
        raise TypeError(
            "Cannot compare structured arrays unless they have a common "
            "dtype.  I.e. `np.result_type(arr1, arr2)` must be defined."
        ) from None
    if a.dtype != dt:
        a = a.astype(dt)
    if other.dtype != dt:
        other = other.astype(dt)
    nd = max(a.ndim, other.ndim)
    res = None
    for name in dt.names:
        fa, fb = a[name], other[name]
        r = fa == fb if eq else fa != fb
        if r.ndim > nd:     # a sub-array field: all (any) of its values
            axes = tuple(range(nd, r.ndim))
            r = r.all(axis=axes) if eq else r.any(axis=axes)
        res = r if res is None else (res & r if eq else res | r)
    if res is None:         # no fields: every element is equal
        shape = _np.broadcast_shapes(a.shape, other.shape)
        res = _core.full(shape, eq, _np.bool_)
    return res


def _compare_bytes(a, b, eq):
    if a.itemsize != b.itemsize:
        raise TypeError("cannot compare unstructured voids of different "
                        "length. Use bytes to compare. (This may return "
                        "array of False in the future.)")
    w, _ = _core._byte_unit(a, b)
    r = byte_view(a, w) == byte_view(b, w)
    if eq:
        return r.all(axis=-1)
    return ~r.all(axis=-1)
