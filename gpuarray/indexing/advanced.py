"""Advanced indexing: integer and boolean arrays in `a[...]` and
`a[...] = v`, with NumPy's rules, and the functions built on it (nonzero,
flatnonzero, argwhere, take, compress, extract, take_along_axis).

Note [Advanced indexing]: the C layer (csrc/array/indexing.c) handles
basic keys and hands any key holding an array, a list or a boolean
scalar to the hooks here.  The key is split in two:
  1. a BASIC key, where every advanced entry becomes `:` (a boolean
     array of k dims becomes k of them, a boolean scalar a new axis), so
     the view `v = a[basic]` keeps each advanced axis in place;
  2. the advanced entries: int64 device arrays (booleans through
     nonzero, Python ints as 0-d), checked against their axis length
     (IndexError as NumPy) and wrapped when negative, broadcast together.
The result has NumPy's shape: the broadcast index shape replaces the
advanced axes where they are adjacent, else it comes first.  Its element
offsets into v are built with broadcasting int64 arithmetic, then ONE
elementwise kernel gathers `out0 = p0[in1]` from v's first element (a
zero-stride view, so p0 is v's data pointer) -- or, for assignment,
scatters `p2[in1] = in0` and skips the regular store.  Duplicate indices
in an assignment leave one of the assigned values (unspecified which, as
in CuPy; NumPy keeps the last).
"""
import operator as _op

import numpy as _np

from .. import _core
from .._core import ndarray
from .._engine.arrays import asarray as _asarray
from .._engine.arrays import _holds_device
from .._engine.arrays import arange, ascontiguousarray, zeros
from .._engine.reduce import _axes, _reduce
from ..manipulation.shapes import stack, broadcast_to, concatenate
from ..math.cumulative import cumsum
from .._engine.ufuncs import clip
from .._engine.ufuncs import where
from . import structured as _structured
from .take_arguments import _check_take_out, _clip_mode
from .._engine.ufuncs import logical_or
from ..math.extrema import argmax
from ..logic.truth import void_truth as _void_truth

__all__ = ["nonzero", "flatnonzero", "argwhere", "take", "compress",
           "extract", "take_along_axis"]

_INT64 = _np.dtype(_np.int64)
_INT32 = _np.dtype(_np.int32)


# ---------------------------------------------------------------- nonzero

def _flatnonzero_bool(m):
    """Positions (int64, C order) of the True elements of bool array m
    (one stream compaction: csrc/ops/compact.c)."""
    return _core._compact(ascontiguousarray(m).reshape(-1))


def _unravel(lin, shape):
    """The index arrays of C-order positions lin in `shape`."""
    out = []
    for d in range(len(shape)):
        inner = int(_np.prod(shape[d + 1:], dtype=_np.int64))
        out.append((lin // inner) % shape[d] if d else lin // inner)
    return tuple(out)


def nonzero(a):
    """Indices of the non-zero elements, one int64 array per axis."""
    a = _asarray(a)
    if a.ndim == 0:
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use "
                         "np.atleast_1d(scalar).nonzero() instead.")
    lin = _flatnonzero_bool(_truth(a))
    return (lin,) if a.ndim == 1 else _unravel(lin, a.shape)


def _truth(a):
    """a's elements as bools (NumPy's truth: structured elements field by
    field, void_truth)."""
    if a.dtype == _np.bool_:
        return a
    if a.dtype.kind == "V":
        return _void_truth(a)
    return a.astype(_np.bool_)


def flatnonzero(a):
    return _flatnonzero_bool(_truth(_asarray(a)))


def argwhere(a):
    """(N, a.ndim) int64 array of the indices of non-zero elements."""
    a = _asarray(a)
    if a.ndim == 0:
        return argwhere(a.reshape(1))[:, :0]
    idx = nonzero(a)
    return stack(idx, axis=1)


# ------------------------------------------------------ key normalisation

def _entry_of(obj):
    """One key entry: ("basic", obj), ("int", int), ("bool", array) or
    ("array", int64 array)."""
    if obj is None or obj is Ellipsis or isinstance(obj, slice):
        return ("basic", obj)
    if isinstance(obj, (bool, _np.bool_)):
        return ("bool", _asarray(_np.bool_(obj)))
    if isinstance(obj, ndarray):
        arr = obj
    elif isinstance(obj, (list, tuple)) and _holds_device(obj):
        arr = _asarray(obj)     # built on the device (0-d array entries)
    elif isinstance(obj, (list, tuple, _np.ndarray)):
        h = _np.asarray(obj)
        # [] indexes nothing (NumPy reads an empty sequence as intp); an
        # empty float *array* is still a float array: IndexError below
        if h.size == 0 and h.dtype.kind == "f" and \
                not isinstance(obj, _np.ndarray):
            h = h.astype(_np.intp)
        arr = h
    else:
        try:
            return ("int", _op.index(obj))
        except TypeError:
            raise IndexError(
                "only integers, slices (`:`), ellipsis (`...`), "
                "numpy.newaxis (`None`) and integer or boolean arrays are "
                "valid indices") from None
    kind = _np.dtype(arr.dtype).kind
    if kind == "b":
        return ("bool", _asarray(arr))
    if kind not in "iu":
        raise IndexError("arrays used as indices must be of integer (or "
                         "boolean) type")
    if arr.ndim == 0 and not isinstance(arr, ndarray):
        return ("int", int(arr))
    return ("array", _asarray(arr).astype(_INT64, copy=False))


def _split_key(a, key):
    """(basic key, [(view axis, int64 array or int)], whether the
    advanced entries are apart in the key) of Note [Advanced indexing]."""
    items = [_entry_of(k) for k in (key if isinstance(key, tuple)
                                    else (key,))]
    consumed = 0
    for kind, obj in items:
        if kind in ("int", "array"):
            consumed += 1
        elif kind == "bool":
            consumed += obj.ndim
        elif obj is not None and obj is not Ellipsis:
            consumed += 1
    if sum(1 for k, o in items if k == "basic" and o is Ellipsis) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if consumed > a.ndim:
        raise IndexError("too many indices for array: array is "
                         "%d-dimensional, but %d were indexed"
                         % (a.ndim, consumed))
    # NumPy places the broadcast index dimensions in place only when the
    # advanced entries (integers included) are neighbours IN THE KEY: an
    # Ellipsis or None between them separates them even if it adds no
    # axis of the view
    pos = [i for i, (kind, _) in enumerate(items) if kind != "basic"]
    apart = bool(pos) and pos[-1] - pos[0] + 1 != len(pos)
    basic, adv = [], []
    axis = 0   # axis of `a`
    vdim = 0   # axis of the view
    for kind, obj in items:
        if kind == "basic":
            basic.append(obj)
            if obj is None:
                vdim += 1
            elif obj is Ellipsis:
                n = a.ndim - consumed
                axis += n
                vdim += n
            else:
                axis += 1
                vdim += 1
        elif kind == "bool" and obj.ndim == 0:
            # a new axis of length 1, indexed by [0] (True) or [] (False)
            basic.append(None)
            adv.append((vdim, _flatnonzero_bool(obj)))
            vdim += 1
        elif kind == "bool":
            for d in range(obj.ndim):
                # NumPy lets a mask axis of length 0 stand for any length
                # (it selects nothing there): only a nonzero length must
                # match the array's
                if obj.shape[d] and obj.shape[d] != a.shape[axis + d]:
                    raise IndexError(
                        "boolean index did not match indexed array along "
                        "axis %d; size of axis is %d but size of "
                        "corresponding boolean axis is %d"
                        % (axis + d, a.shape[axis + d], obj.shape[d]))
            for idx in _unravel(_flatnonzero_bool(obj), obj.shape):
                basic.append(slice(None))
                adv.append((vdim, idx))
                vdim += 1
            axis += obj.ndim
        else:
            basic.append(slice(None))
            adv.append((vdim, obj))
            axis += 1
            vdim += 1
    return tuple(basic), adv, apart


def _bounds_code(idx, n):
    """The "bounds" op (csrc/ops/reduction_defs.c) over idx: a 0-d int32
    device array, 2 if some index is outside [-n, n), else 1 if some is
    negative, else 0 -- the range check and the negatives in one pass."""
    return _reduce(idx, None, None, False, ("bounds", ""), idx.dtype,
                   _INT32, p0=n)


def _checked_all(items):
    """[_checked(idx, n, axis) for each item], the codes of all the index
    arrays fetched in ONE copy: one sync per indexing call, deliberate
    (issue 22) -- NumPy raises IndexError at the call, so the check can't
    be deferred.  The items are then checked in order, as NumPy does."""
    arrays = [k for k, (i, _, _) in enumerate(items)
              if not isinstance(i, int) and i.size]
    codes = {}
    if arrays:
        parts = [_bounds_code(items[k][0], items[k][1]).reshape(1)
                 for k in arrays]
        got = (parts[0] if len(parts) == 1 else concatenate(parts)).get()
        codes = dict(zip(arrays, (int(c) for c in got)))
    return [_checked(i, n, ax, codes.get(k))
            for k, (i, n, ax) in enumerate(items)]


def _checked(idx, n, axis, code=None):
    """idx (int or int64 array) within [-n, n), wrapped to [0, n); code:
    idx's _bounds_code when already fetched."""
    if isinstance(idx, int):
        if idx < -n or idx >= n:
            raise IndexError("index %d is out of bounds for axis %d with "
                             "size %d" % (idx, axis, n))
        return idx + n if idx < 0 else idx
    if idx.size == 0:
        return idx
    if code is None:        # one sync, deliberate (see _checked_all)
        code = int(_bounds_code(idx, n).get())
    if code == 2:
        # error path: NumPy names the first bad index in C order
        flat = idx.reshape(-1)
        bad = logical_or(flat >= n, flat < -n)
        first = int(flat[int(argmax(bad).get())].get())
        raise IndexError("index %d is out of bounds for axis %d with size "
                         "%d" % (first, axis, n))
    if code == 1:
        idx = where(idx < 0, idx + n, idx)
    return idx


def _plan(a, key):
    """(v, result shape, element offsets into v) for a[key]."""
    basic, adv, apart = _split_key(a, key)
    v = a[basic]
    item = v.itemsize
    if any(s % item for s in v.strides):
        v = v.copy()
    steps = [s // item for s in v.strides]
    dims = [d for d, _ in adv]
    idx = _checked_all([(i, v.shape[d], d) for d, i in adv])
    shapes = [() if isinstance(i, int) else i.shape for i in idx]
    try:
        bshape = _np.broadcast_shapes(*shapes)
    except ValueError:
        raise IndexError(
            "shape mismatch: indexing arrays could not be broadcast "
            "together with shapes " + " ".join(str(s) for s in shapes)
        ) from None
    rest = [d for d in range(v.ndim) if d not in dims]
    adjacent = not apart and \
        dims == list(range(dims[0], dims[0] + len(dims)))
    if adjacent:
        pre = [d for d in rest if d < dims[0]]
        post = [d for d in rest if d > dims[0]]
    else:
        pre, post = [], rest
    shape = tuple(v.shape[d] for d in pre) + tuple(bshape) + \
        tuple(v.shape[d] for d in post)
    nd, nb = len(shape), len(bshape)
    # offsets of the advanced block, placed at its axes of the result
    off = 0
    for d, i in zip(dims, idx):
        off = off + i * steps[d]
    if isinstance(off, int):
        off = _asarray(_np.int64(off))
    off = off.reshape(off.shape + (1,) * len(post))
    for pos, d in enumerate(pre + post):
        rpos = pos if pos < len(pre) else pos + nb
        col = arange(v.shape[d], dtype=_INT64) * steps[d]
        off = off + col.reshape((v.shape[d],) + (1,) * (nd - rpos - 1))
    return v, shape, off


def _base(v, shape, writeable):
    """A zero-stride view of v's first element with `shape`: in a
    kernel, its parameter is v's data pointer."""
    if v.dtype.kind != "V" and not _core._byte_unit(v)[1]:
        # the kernel would index misaligned memory (and no staging copy
        # can stand in for a pointer): callers move such data as bytes
        raise TypeError("a gather/scatter base of dtype %r is not aligned "
                        "for its type" % (v.dtype,))
    return _core._as_strided(v, shape, (0,) * len(shape), 0, writeable)


def _gather(v, shape, off):
    """out[...] = v's element at offset off[...] (elements), shape
    `shape` (off broadcasts to it)."""
    out = _core.empty(shape, v.dtype)
    if out.size:
        _core._elementwise("out0 = p0[in1];", (_base(v, shape, False), off),
                           (out,), (v.dtype, _INT64, v.dtype))
    return out


def _scatter(v, shape, off, vals, may_repeat=False):
    """v's element at offset off[...] = vals[...] (vals of v's dtype and
    of `shape`).  Where offsets may repeat, the last value in C order
    wins, as in NumPy (Note [Repeated targets])."""
    if not vals.size:
        return
    if may_repeat and vals.size > 1:
        _scatter_last_wins(v, shape, off, vals)
        return
    _core._elementwise("p2[in1] = in0; gpa_skip = true;",
                       (vals, off), (_base(v, shape, True),),
                       (v.dtype, _INT64, v.dtype))


# Note [Repeated targets]
# NumPy assigns x[idx] = vals one element after another, so where idx
# repeats a target the last value stays.  A parallel scatter would keep
# any of them.  A stable sort of the offsets puts each target's writes
# together in C order; only the last of each run writes.  Keys that cannot
# repeat (boolean masks, slices, scalar values) skip the sort.

def _scatter_last_wins(v, shape, off, vals):
    from ..sorting.sort import argsort
    flat_off = broadcast_to(off, shape).reshape(-1)
    order = argsort(flat_off, kind="stable")
    sorted_off = _gather(flat_off, order.shape, order)
    sorted_vals = _gather(vals.reshape(-1), order.shape, order)
    next_off = concatenate([sorted_off[1:], _asarray(_np.array([-1]))])
    n = (order.size,)
    _core._elementwise("if (in0 != in1) p3[in0] = in2; gpa_skip = true;",
                       (sorted_off, next_off, sorted_vals),
                       (_base(v, n, True),),
                       (_INT64, _INT64, v.dtype, v.dtype))


# Note [Fast gathers]: the two commonest advanced keys skip the general
# plan (bounds reductions, offset arithmetic): a boolean mask of a's own
# shape is a stream compaction (csrc/ops/compact.c: tile counts, one sync
# for the total, one look-back kernel that moves each kept element to its
# place), and one integer array indexing a 1-d array is one kernel
# (_core._gather1d, chunks over the workers) that wraps negative indices,
# gathers, and raises a flag for an out-of-bounds one (the flag is the one
# sync; only then are the bounds reduced, for NumPy's message).

def _compact(a, m):
    """a[m] for a bool array m of a's shape: kept elements in C order."""
    if a.itemsize not in (1, 2, 4, 8, 16):
        v, shape, off = _plan(a, m)
        return _gather(v, shape, off)
    return _core._compact(ascontiguousarray(m).reshape(-1),
                          ascontiguousarray(a).reshape(-1))


def _take_1d(a, idx):
    """a[idx] for a 1-d a and an integer array idx (NumPy's IndexError
    for an index out of bounds)."""
    n = a.shape[0]
    out = _core.empty(idx.shape, a.dtype)
    if out.size == 0:
        return out
    if a.strides[0] % a.itemsize or a.itemsize not in (1, 2, 4, 8, 16):
        a = a.copy()
        if a.itemsize not in (1, 2, 4, 8, 16):
            return _gather(a, idx.shape, _checked(idx.astype(_INT64), n, 0))
    idx = ascontiguousarray(idx.astype(_INT64, copy=False))
    if not _core._gather1d(a, idx, out):
        _checked(idx, n, 0)   # raises NumPy's IndexError
    return out


def _fast_getitem(a, key):
    """The result of Note [Fast gathers], or None for other keys."""
    if isinstance(key, tuple) and len(key) == 1:
        key = key[0]
    if not isinstance(key, ndarray) or a.ndim == 0:
        return None
    kind = key.dtype.kind
    if kind == "b" and key.shape == a.shape:
        return _compact(a, key)
    if kind in "iu" and a.ndim == 1 and key.ndim >= 1:
        return _take_1d(a, key)
    return None


def _getitem(a, key):
    if _structured.is_field_key(a, key):
        return _structured.field_view(a, key)
    w, as_bytes = _structured.needs_bytes(a)
    if as_bytes:    # Note [Data-only dtypes] (structured.py)
        r = _getitem(_structured.byte_view(a, w), _structured.byte_key(key))
        return _structured.from_bytes(r, a.dtype)
    r = _fast_getitem(a, key)
    if r is not None:
        return r
    v, shape, off = _plan(a, key)
    return _gather(v, shape, off)


def _setitem(a, key, value):
    if not a.flags.writeable:
        raise ValueError("assignment destination is read-only")
    if _structured.is_field_key(a, key):
        _structured.field_view(a, key)[...] = value
        return
    _check_mask_value(a, key, value)
    w, as_bytes = _structured.needs_bytes(a)
    if as_bytes:    # Note [Data-only dtypes] (structured.py)
        if _structured.has_holes(a.dtype):
            # bytes between fields are other data (a multi-field view):
            # start from what is there (Note [Field bytes], copy_bytes.c)
            vals = _getitem(a, key)
            vals[...] = value
        else:
            vals = _structured.values_as(a, value)
        w = _core._byte_unit(a, vals)[0]
        _setitem(_structured.byte_view(a, w), _structured.byte_key(key),
                 _structured.byte_view(vals, w))
        return
    v, shape, off = _plan(a, key)
    vals = _core.empty(shape, v.dtype)
    try:
        vals[...] = value
    except ValueError:
        vshape = getattr(value, "shape", _np.shape(value))
        raise ValueError(
            "shape mismatch: value array of shape %s could not be broadcast "
            "to indexing result of shape %s" % (tuple(vshape), shape)
        ) from None
    _scatter(v, shape, off, vals, _may_repeat(key) and _size(value) != 1)


def _check_mask_value(a, key, value):
    """NumPy's TypeError for a[mask] = value with a mask of a's ndim and a
    value of more than one dimension (its boolean assignment path takes
    only 0-d and 1-d values)."""
    k = key[0] if type(key) is tuple and len(key) == 1 else key
    if not (isinstance(k, (ndarray, _np.ndarray)) and k.dtype == _np.bool_
            and k.ndim == a.ndim):
        return
    nd = value.ndim if isinstance(value, ndarray) else _np.ndim(value)
    if nd > 1:
        raise TypeError("NumPy boolean array indexing assignment requires a "
                        "0 or 1-dimensional input, input has %d dimensions"
                        % nd)


def _size(value):
    return value.size if isinstance(value, ndarray) else _np.size(value)


def _may_repeat(key):
    """Whether key holds an integer index array of more than one element
    (only those can name a target twice)."""
    for k in key if isinstance(key, tuple) else (key,):
        if isinstance(k, (ndarray, _np.ndarray)):
            if k.dtype.kind in "iu" and k.size > 1:
                return True
        elif isinstance(k, (list, tuple)):
            arr = _np.asarray(k)
            if arr.dtype.kind != "b" and arr.size > 1:
                return True
    return False


def _element_value(dtype, value):
    """What NumPy stores for `a[i, j] = value` when the integers name one
    element and value is a sequence or an array (ndim > 0): value is
    converted as one scalar of `dtype`, so NumPy raises (its own error
    type, which depends on the dtype) or, for bool, takes its truth."""
    if isinstance(value, ndarray):
        value = value.get()
    probe = _np.zeros(1, dtype)
    probe[0] = value
    return probe[0]




# ------------------------------------------------ functions built on it

def take(a, indices, axis=None, out=None, mode="raise"):
    """Elements of a at `indices` along `axis` (flattened when None)."""
    a = _asarray(a)
    mode = _clip_mode(mode)
    if isinstance(axis, (tuple, list)):     # one axis, as NumPy's take
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(axis).__name__)
    if a.ndim == 0:  # NumPy takes from a 0-d array as from a 1-d one
        a = a.reshape(1)
    if axis is None:
        a, ax = a.reshape(-1), 0
    else:
        ax = _axis(axis, a.ndim)
    idx = _take_indices(indices)
    _check_take_out(out, a.shape[:ax] + idx.shape + a.shape[ax + 1:],
                    a.dtype)
    if mode != "raise":
        n = a.shape[ax]
        if n == 0 and idx.size:
            raise IndexError("cannot do a non-empty take from an empty axes.")
        idx = idx % n if mode == "wrap" else clip(idx, 0, n - 1)
    r = a[(slice(None),) * ax + (idx,)]
    if out is not None:
        out[...] = r
        return out
    return r


def _take_indices(indices):
    """indices as an int64 array, converted as NumPy's take converts them:
    arrays must cast under 'same_kind' (booleans are 0 and 1, never a
    mask); lists and scalars are converted unchecked (1.0 is 1)."""
    if isinstance(indices, (ndarray, _np.ndarray)):
        if indices.dtype.kind not in "biu":
            raise TypeError("Cannot cast array data from %r to "
                            "dtype('int64') according to the rule "
                            "'same_kind'" % (indices.dtype,))
        return _asarray(indices).astype(_INT64, copy=False)
    return _asarray(_np.asarray(indices).astype(_INT64))


def _axis(axis, ndim):
    return _axes(axis, ndim, strict=False)[0]


def compress(condition, a, axis=None, out=None):
    a = _asarray(a)
    if isinstance(axis, (tuple, list)):     # one axis, as NumPy's take
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(axis).__name__)
    c = _asarray(condition).astype(_np.bool_)
    if c.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    # a longer condition is fine while its extra entries are False: take
    # raises NumPy's IndexError for a True one
    idx = _flatnonzero_bool(c)
    return take(a, idx, axis=axis, out=out)


def extract(condition, arr):
    arr = _asarray(arr)
    c = _asarray(condition)
    return take(arr.reshape(-1), flatnonzero(c.reshape(-1)))


def take_along_axis(arr, indices, axis=-1):  # NumPy 2.3's default
    arr = _asarray(arr)
    indices = _asarray(indices)
    if axis is None:
        if indices.ndim != 1:
            raise ValueError("when axis=None, `indices` must have a single "
                             "dimension.")
        arr, axis = arr.reshape(-1), 0
    else:
        # one axis, as NumPy's normalize_axis_index reads it (a tuple is
        # its TypeError)
        axis = _np.lib.array_utils.normalize_axis_index(axis, arr.ndim)
    return arr[_along_axis_key(arr, indices, axis)]


def _along_axis_key(arr, indices, axis):
    """NumPy's fancy index for take/put_along_axis: `indices` on `axis`,
    broadcasting aranges on every other axis; NumPy's checks in its
    order (an integer dtype first: IndexError, then the number of
    dimensions: ValueError)."""
    if indices.dtype.kind not in "iu":
        raise IndexError("`indices` must be an integer array")
    if indices.ndim != arr.ndim:
        raise ValueError("`indices` and `arr` must have the same number of "
                         "dimensions")
    key = []
    for d, n in enumerate(arr.shape):
        if d == axis:
            key.append(indices)
        else:
            shape = [1] * arr.ndim
            shape[d] = n
            key.append(arange(n, dtype=_INT64).reshape(shape))
    return tuple(key)
