"""Miscellaneous NumPy functions composed from operations gpuarray has.

This file's one job: the NumPy 2 names not covered elsewhere -- predicates
(isscalar, isneginf, isposinf), building arrays (vander, diagflat, block,
fromfunction, astype), the Array API unique_* family, memory-overlap tests
(shares_memory, may_share_memory), get_array_module, apply_along_axis,
piecewise, correlate, interp, einsum, i0, histogram2d/histogramdd,
packbits/unpackbits, and NumPy's floating-point error state re-exported.
Every one is written with ufuncs, reductions, views, copies, sort/search
and advanced indexing; no kernel text of its own.  Only shapes, labels,
bin edges and other metadata are worked out on the host.

errstate/seterr/geterr are NumPy's own objects: they govern NumPy's
floating-point warnings only.  gpuarray's kernels never raise
floating-point warnings, so they have no effect on gpuarray arithmetic.

einsum contracts the operands left to right, one pair at a time, each
pair as one batched gpuarray.matmul (Note [einsum by pairs]).
"""
import builtins as _b
import collections as _collections
import operator as _op

import numpy as _np

from ._core import ndarray
from ._creation import asarray, zeros, arange
from ._manipulation import _flat_or_axis, atleast_1d

__all__ = [
    "isscalar", "isneginf", "isposinf", "i0", "vander", "diagflat", "block",
    "unique_values", "unique_counts", "unique_inverse", "unique_all",
    "astype", "shares_memory", "may_share_memory", "get_array_module",
    "fromfunction", "apply_along_axis", "piecewise", "correlate", "interp",
    "einsum", "errstate", "seterr", "geterr", "bool", "histogram2d",
    "histogramdd", "packbits", "unpackbits",
]

# NumPy's own: they only steer NumPy's floating-point warnings (gpuarray
# arithmetic never warns).
errstate, seterr, geterr = _np.errstate, _np.seterr, _np.geterr
bool = _np.bool  # noqa: A001  (NumPy 2's name for bool_)

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


def _gp():
    import gpuarray
    return gpuarray


def _prod(shape):
    n = 1
    for s in shape:
        n *= s
    return n


# ------------------------------------------------------------ predicates

def isscalar(element):
    """NumPy's isscalar; a gpuarray array (even 0-d) is not a scalar."""
    return not isinstance(element, ndarray) and _np.isscalar(element)


def _inf_sign(x, out, negative):
    gp = _gp()
    x = asarray(x)
    if x.dtype.kind == "c":
        raise TypeError("This operation is not supported for %s values "
                        "because it would be ambiguous." % x.dtype)
    # an infinity is negative exactly when it is below zero
    side = (x < 0) if negative else (x > 0)
    return gp.logical_and(gp.isinf(x), side, out=out) if out is not None \
        else gp.logical_and(gp.isinf(x), side)


def isneginf(x, out=None):
    return _inf_sign(x, out, True)


def isposinf(x, out=None):
    return _inf_sign(x, out, False)


def get_array_module(*args):
    """gpuarray if any argument is a gpuarray array, else numpy (CuPy's
    rule)."""
    if _b.any(isinstance(a, ndarray) for a in args):
        return _gp()
    return _np


# -------------------------------------------------------------------- i0

# Below this |x| the power series sum (x/2)^2k / (k!)^2 is used (all terms
# positive: no cancellation); above it the asymptotic expansion of
# e^x / sqrt(2 pi x), whose smallest term there is far below 1 ulp.
_I0_SPLIT = 20.0
_I0_SERIES_TERMS = 60
_I0_ASYMPTOTIC_TERMS = 30


def i0(x):
    """Modified Bessel function of the first kind, order 0."""
    gp = _gp()
    x = asarray(x)
    if x.dtype.kind == "c":
        raise TypeError("i0 not supported for complex values")
    out_dt = x.dtype if x.dtype.kind == "f" else _np.dtype(_np.float64)
    ax = gp.abs(x.astype(_np.float64))
    small = gp.where(ax <= _I0_SPLIT, ax, 0.0)
    q = (small * 0.5) ** 2
    term = gp.ones_like(small)
    series = gp.ones_like(small)
    for k in range(1, _I0_SERIES_TERMS):
        term = term * q / float(k * k)
        series = series + term
    big = gp.where(ax > _I0_SPLIT, ax, _I0_SPLIT + 1.0)
    term = gp.ones_like(big)
    asym = gp.ones_like(big)
    for k in range(1, _I0_ASYMPTOTIC_TERMS):
        term = term * (float((2 * k - 1) ** 2) / (8.0 * k)) / big
        asym = asym + term
    # e^x whole, so the result overflows to inf where NumPy's does (x >
    # ~709.78) and inf gives NumPy's nan (inf * 0)
    asym = gp.exp(big) * (asym / gp.sqrt(2.0 * _np.pi * big))
    res = gp.where(ax <= _I0_SPLIT, series, asym)
    return gp.where(gp.isnan(ax), ax, res).astype(out_dt)


# ------------------------------------------------------------- building

def vander(x, N=None, increasing=False):
    """Columns are powers of x (decreasing unless `increasing`)."""
    gp = _gp()
    x = asarray(x)
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    n = x.shape[0]
    N = n if N is None else N
    dt = _np.promote_types(x.dtype, int)
    if N < 0:
        raise ValueError("negative dimensions are not allowed")
    if N == 0:
        return zeros((n, 0), dt)
    xs = gp.broadcast_to(x.astype(dt)[:, None], (n, N - 1))
    # power k is the running product of k copies of x (as NumPy's
    # accumulate, so integer wrap-around matches)
    powers = gp.concatenate([gp.ones((n, 1), dt),
                             gp.cumprod(xs, axis=1, dtype=dt)], axis=1)
    return powers if increasing else powers[:, ::-1].copy()


def diagflat(v, k=0):
    """A 2-D array with the flattened v on diagonal k."""
    v = asarray(v).reshape(-1)
    k = _op.index(k)  # a float k is NumPy's TypeError
    n = v.shape[0]
    size = n + _b.abs(k)
    res = zeros((size, size), v.dtype)
    i = arange(n, dtype=_np.int64)
    rows, cols = (i, i + k) if k >= 0 else (i - k, i)
    if n:
        res[rows, cols] = v
    return res


def _block_shape(arrays, index):
    """(list depth, largest leaf ndim) of a block nest; NumPy's errors."""
    if type(arrays) is tuple:
        raise TypeError("%s is a tuple. Only lists can be used to arrange "
                        "blocks, and np.block does not allow implicit "
                        "conversion from tuple to ndarray." % index)
    if type(arrays) is list:
        if not arrays:
            raise ValueError("List at %s cannot be empty" % index)
        found = [_block_shape(a, "%s[%d]" % (index, i))
                 for i, a in enumerate(arrays)]
        depths = {d for d, _ in found}
        if len(depths) > 1:
            raise ValueError("List depths are mismatched (%s)" % index)
        return found[0][0] + 1, _b.max(nd for _, nd in found)
    return 0, asarray(arrays).ndim


def _block_build(arrays, level, depth, ndim):
    gp = _gp()
    if type(arrays) is list:
        parts = [_block_build(a, level + 1, depth, ndim) for a in arrays]
        # the outermost list joins along axis -depth, the innermost along -1
        return gp.concatenate(parts, axis=-(depth - level))
    a = asarray(arrays)
    return a.reshape((1,) * (ndim - a.ndim) + a.shape)


def block(arrays):
    """Assemble an array from nested lists of blocks."""
    depth, leaf_ndim = _block_shape(arrays, "arrays")
    ndim = _b.max(depth, leaf_ndim)
    res = _block_build(arrays, 0, depth, ndim)
    # a bare array comes back as a copy, as NumPy's does
    return res.copy() if depth == 0 else res


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    """``function(*grids)``: calls function with the index grids of
    `shape` (in `dtype`), as numpy.fromfunction."""
    return function(*_gp().indices(shape, dtype=dtype), **kwargs)


def astype(x, dtype, /, *, copy=True, device=None):
    """Array API astype: x cast to dtype (x itself when copy=False and no
    cast is needed).  Like NumPy, x must be an array (or NumPy scalar)."""
    if not isinstance(x, (ndarray, _np.ndarray, _np.generic)):
        raise TypeError("Input should be a NumPy array or scalar. It is a "
                        "%s instead." % type(x))
    x = asarray(x)
    return x.astype(dtype, copy=copy)


# ---------------------------------------------------------------- unique

UniqueAllResult = _collections.namedtuple(
    "UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])
UniqueCountsResult = _collections.namedtuple(
    "UniqueCountsResult", ["values", "counts"])
UniqueInverseResult = _collections.namedtuple(
    "UniqueInverseResult", ["values", "inverse_indices"])


def _unique(x, **kw):
    x = asarray(x)
    # Array API: every NaN is its own value (equal_nan=False)
    return x, _gp().unique(x, equal_nan=False, **kw)


def unique_values(x):
    """Distinct values (sorted here; the Array API leaves order open)."""
    return _unique(x)[1]


def unique_counts(x):
    return UniqueCountsResult(*_unique(x, return_counts=True)[1])


def unique_inverse(x):
    x, (v, inv) = _unique(x, return_inverse=True)
    return UniqueInverseResult(v, inv.reshape(x.shape))


def unique_all(x):
    x, (v, ind, inv, cnt) = _unique(x, return_index=True,
                                    return_inverse=True, return_counts=True)
    return UniqueAllResult(v, ind, inv.reshape(x.shape), cnt)


# -------------------------------------------------------- memory overlap

def _byte_extent(a):
    """[lo, hi) device addresses spanned by a's elements (None if empty)."""
    if a.size == 0:
        return None
    lo = hi = a.data.ptr
    for n, s in zip(a.shape, a.strides):
        if s < 0:
            lo += s * (n - 1)
        else:
            hi += s * (n - 1)
    return lo, hi + a.itemsize


def may_share_memory(a, b, /, max_work=None):
    """True when the address ranges of a and b overlap (a bounds test:
    may say True for interleaved arrays that share no element)."""
    if not isinstance(a, ndarray) and not isinstance(b, ndarray):
        return _np.may_share_memory(a, b, max_work)
    if not (isinstance(a, ndarray) and isinstance(b, ndarray)):
        return False  # host memory and device memory never overlap
    ea, eb = _byte_extent(a), _byte_extent(b)
    return ea is not None and eb is not None and ea[0] < eb[1] and \
        eb[0] < ea[1]


# Exact overlap lists every element's address; beyond this many elements
# that is too much work (NumPy's TooHardError, as for a max_work limit).
_EXACT_LIMIT = 1 << 22


def _element_addresses(a):
    addr = _np.full((1,) * a.ndim, a.data.ptr, dtype=_np.int64)
    for ax, (n, s) in enumerate(zip(a.shape, a.strides)):
        shape = [1] * a.ndim
        shape[ax] = n
        addr = addr + (_np.arange(n, dtype=_np.int64) * s).reshape(shape)
    return addr.reshape(-1)


def shares_memory(a, b, /, max_work=None):
    """Whether a and b have a byte in common: exact (every element's
    address range, from the shape and strides only) unless max_work=0,
    which is the bounds test of may_share_memory."""
    if not isinstance(a, ndarray) and not isinstance(b, ndarray):
        return _np.shares_memory(a, b, max_work)
    if not may_share_memory(a, b):
        return False
    if max_work == 0:
        return True
    if a.size + b.size > _EXACT_LIMIT:
        raise _np.exceptions.TooHardError("Exceeded max_work")
    sa = _np.sort(_element_addresses(a))
    sb = _element_addresses(b)
    # for each element of b, the element of a starting last before b's
    # end; with one item size that one reaches furthest right
    j = _np.searchsorted(sa, sb + b.itemsize, side="left") - 1
    ok = j >= 0
    return _b.bool(_np.any(sa[j[ok]] + a.itemsize > sb[ok]))


# ----------------------------------------------------- applying functions

def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """func1d on every 1-D slice along axis (a Python loop over the other
    indices); its result's axes replace `axis`."""
    gp = _gp()
    arr = asarray(arr)
    axis = _normalize_axis(axis, arr.ndim)
    moved = gp.moveaxis(arr, axis, -1)
    outer = moved.shape[:-1]
    if _prod(outer) == 0:
        raise ValueError("Cannot apply_along_axis when any iteration "
                         "dimensions are 0")
    results = [asarray(func1d(moved[idx], *args, **kwargs))
               for idx in _np.ndindex(*outer)]
    first = results[0]
    stacked = gp.stack([r.astype(first.dtype, copy=False) for r in results])
    stacked = stacked.reshape(outer + first.shape)
    # the result's axes go where `axis` was
    nres = first.ndim
    order = list(range(axis)) + \
        list(range(len(outer), len(outer) + nres)) + \
        list(range(axis, len(outer)))
    return stacked.transpose(order).copy()


def piecewise(x, condlist, funclist, *args, **kw):
    """funclist[i] (a function of x[cond] or a constant) where condlist[i]
    holds; an extra function covers where none holds; elsewhere 0."""
    gp = _gp()
    x = asarray(x)
    n2 = len(funclist)
    if isinstance(condlist, ndarray):
        conds = [condlist[i] for i in range(condlist.shape[0])] \
            if condlist.ndim >= 2 or x.ndim == 0 else [condlist]
    elif _np.isscalar(condlist) or (
            not isinstance(condlist[0], (list, ndarray, _np.ndarray))
            and x.ndim != 0):
        conds = [condlist]
    else:
        conds = list(condlist)
    conds = [gp.broadcast_to(asarray(c).astype(_np.bool_), x.shape)
             for c in conds]
    n = len(conds)
    if n == n2 - 1:
        none = gp.ones(x.shape, _np.bool_)
        for c in conds:
            none = none & ~c
        conds.append(none)
    elif n != n2:
        raise ValueError("with {} condition(s), either {} or {} functions "
                         "are expected".format(n, n, n + 1))
    y = gp.zeros_like(x)
    for cond, func in zip(conds, funclist):
        if x.ndim == 0:
            # 0-d: boolean indexing needs an axis
            if _b.bool(cond.get()):
                y[...] = func(x, *args, **kw) if callable(func) else func
            continue
        if not callable(func):
            y[cond] = func
        else:
            vals = x[cond]
            if vals.size > 0:
                y[cond] = func(vals, *args, **kw)
    return y


# --------------------------------------------------------------- signals

def correlate(a, v, mode="valid"):
    """Cross-correlation sum_n a[n + k] * conj(v[n]), via convolve with v
    reversed (and conjugated)."""
    gp = _gp()
    a, v = asarray(a), asarray(v)
    if a.ndim > 1 or v.ndim > 1:
        raise ValueError("object too deep for desired array")
    if a.ndim == 0 or v.ndim == 0:  # NumPy's correlate wants 1-d (convolve not)
        raise ValueError("object of too small depth for desired array")
    if a.size == 0:
        raise ValueError("first array argument cannot be empty")
    if v.size == 0:
        raise ValueError("second argument cannot be empty")
    a = a.reshape(-1)
    v = v.reshape(-1)
    if v.size > a.size:
        # NumPy centres 'same' on the longer input: swap, then reverse
        r = correlate(v, a, mode)[::-1]
        return gp.conjugate(r) if r.dtype.kind == "c" else r.copy()
    w = v[::-1]
    if w.dtype.kind == "c":
        w = gp.conjugate(w)
    return gp.convolve(a, w, mode)


def interp(x, xp, fp, left=None, right=None, period=None):
    """Piecewise-linear interpolation of (xp, fp) at x; xp increasing."""
    gp = _gp()
    x, xp, fp = asarray(x), asarray(xp), asarray(fp)
    cplx = fp.dtype.kind == "c"
    rdt = _np.dtype(_np.complex128 if cplx else _np.float64)
    if xp.ndim != 1 or fp.ndim != 1:
        raise ValueError("object too deep for desired array")
    if xp.shape[0] == 0:
        raise ValueError("array of sample points is empty")
    if fp.shape[0] != xp.shape[0]:
        raise ValueError("fp and xp are not of the same length.")
    for a in (x, xp):   # NumPy reads them as float64, casting safely
        if not _np.can_cast(a.dtype, _np.float64):
            raise TypeError("Cannot cast array data from %r to "
                            "dtype('float64') according to the rule 'safe'"
                            % a.dtype)
    x = x.astype(_np.float64)
    xp = xp.astype(_np.float64)
    fp = fp.astype(rdt)
    if period is not None:
        if period == 0:
            raise ValueError("period must be a non-zero value")
        period = _b.abs(float(period))
        left = right = None
        x = gp.remainder(x, period)
        xp = gp.remainder(xp, period)
        order = gp.argsort(xp)
        xp, fp = xp[order], fp[order]
        # one wrapped sample on each side closes the period
        xp = gp.concatenate([xp[-1:] - period, xp, xp[0:1] + period])
        fp = gp.concatenate([fp[-1:], fp, fp[0:1]])
    n = xp.shape[0]
    lval = fp[0] if left is None else asarray(_np.asarray(left, rdt))
    rval = fp[-1] if right is None else asarray(_np.asarray(right, rdt))
    if n == 1:
        y = gp.broadcast_to(fp[0], x.shape).copy()
    else:
        j = gp.searchsorted(xp, x, side="right") - 1
        j = gp.clip(j, 0, n - 2)
        x0, x1 = xp[j], xp[j + 1]
        f0, f1 = fp[j], fp[j + 1]
        slope = (f1 - f0) / (x1 - x0)
        y = slope * (x - x0) + f0
        # an infinite sample makes inf - inf: measure from the right end
        # instead, and a flat step keeps its value (NumPy's answers)
        y = gp.where(gp.isnan(y), slope * (x - x1) + f1, y)
        y = gp.where(gp.isnan(y) & (f0 == f1) & ~gp.isnan(x), f0, y)
        # exactly on a sample: its value (no 0 * inf from a flat step)
        y = gp.where(x == x0, f0, y)
        y = gp.where(x == xp[-1], fp[-1], y)
    y = gp.where(x < xp[0], lval, y)
    y = gp.where(x > xp[-1], rval, y)
    return y.astype(rdt, copy=False)


# ----------------------------------------------------------------- einsum

# Note [einsum by pairs]: each operand first loses its repeated labels
# (diagonal) and the labels no other operand or the output needs (sum).
# Then the running result and the next operand are contracted as one
# batched matmul: labels in both and still needed later are batch axes,
# labels in both and not needed are the contracted (k) axis, the rest are
# the row/column axes.  Ellipsis axes become private labels first,
# broadcast to a common shape.  The last result is summed over labels the
# output lacks and transposed to the output's order.

def _einsum_parse(subscripts, nops):
    subscripts = subscripts.replace(" ", "")
    if "->" in subscripts:
        lhs, out = subscripts.split("->")
        explicit = True
    else:
        lhs, out, explicit = subscripts, None, False
    ins = lhs.split(",")
    if len(ins) != nops:
        raise ValueError("%s operands provided to einstein sum function "
                         "than specified in the subscripts string" %
                         ("fewer" if nops < len(ins) else "more"))
    for s in ins + ([out] if out is not None else []):
        body = s.replace("...", "")
        if "." in body or not _b.all(c.isalpha() for c in body):
            raise ValueError("invalid subscript in einstein sum subscripts "
                             "string: %r" % s)
    return ins, out, explicit


def _einsum_labels(ins, ops):
    """Per operand, its list of labels with '...' expanded into private
    labels (digits, right-aligned), and the broadcast ellipsis length."""
    ell = 0
    for s, op in zip(ins, ops):
        named = len(s.replace("...", ""))
        if "..." in s:
            ell = _b.max(ell, op.ndim - named)
        if named > op.ndim or ("..." not in s and named != op.ndim):
            raise ValueError("operand has more dimensions than subscripts "
                             "given in einstein sum, but no '...' ellipsis "
                             "provided to broadcast the extra dimensions."
                             if named < op.ndim else
                             "einstein sum subscripts string contains too "
                             "many subscripts for operand")
    ell_labels = [str(i) for i in range(ell)]
    labels = []
    for s, op in zip(ins, ops):
        if "..." in s:
            pre, post = s.split("...")
            k = op.ndim - len(pre) - len(post)
            labels.append(list(pre) + ell_labels[ell - k:] + list(post))
        else:
            labels.append(list(s))
    return labels, ell_labels


def _einsum_squash(op, labels, keep):
    """op without repeated labels (diagonal) or labels not in keep (sum)."""
    gp = _gp()
    labels = list(labels)
    while len(set(labels)) != len(labels):
        for i, l in enumerate(labels):
            j = labels.index(l, i + 1) if labels.count(l) > 1 else -1
            if j >= 0:
                break
        op = gp.diagonal(op, 0, i, j)
        labels = [m for t, m in enumerate(labels) if t not in (i, j)] + [l]
    drop = tuple(i for i, l in enumerate(labels) if l not in keep)
    if drop:
        op = gp.sum(op, axis=drop, dtype=op.dtype)
        labels = [l for i, l in enumerate(labels) if i not in drop]
    return op, labels


def _einsum_pair(a, la, b, lb, keep, size):
    gp = _gp()
    batch = [l for l in la if l in lb and l in keep]
    contr = [l for l in la if l in lb and l not in keep]
    fa = [l for l in la if l not in lb]
    fb = [l for l in lb if l not in la]

    def arrange(op, labels, groups):
        order = [labels.index(l) for g in groups for l in g]
        op = gp.broadcast_to(op.transpose(order),
                             tuple(size[l] for g in groups for l in g))
        return op.reshape(tuple(_prod(size[l] for l in g) for g in groups))

    a3 = arrange(a, la, (batch, fa, contr))
    b3 = arrange(b, lb, (batch, contr, fb))
    r = gp.matmul(a3, b3)
    return r.reshape(tuple(size[l] for l in batch + fa + fb)), batch + fa + fb


def _einsum_label(k):
    """NumPy's letter for sublist label k: 0-25 'A'-'Z', 26-51 'a'-'z'."""
    if k is Ellipsis:
        return "..."
    k = _op.index(k)
    if not 0 <= k < 52:
        raise ValueError("subscript is not within the valid range [0, 52)")
    return chr(ord("A") + k) if k < 26 else chr(ord("a") + k - 26)


def _einsum_from_sublists(args):
    """einsum(a, [0, 1], b, [1, 2], [0, 2]) as ('AB,BC->AC', a, b)."""
    out = None
    if len(args) % 2:
        args, out = args[:-1], args[-1]
    ops, subs = args[0::2], args[1::2]
    text = ",".join("".join(_einsum_label(k) for k in sub) for sub in subs)
    if out is not None:
        text += "->" + "".join(_einsum_label(k) for k in out)
    return (text,) + tuple(ops)


def einsum(*operands, out=None, dtype=None, order="K", casting="safe",
           optimize=False):
    """Einstein summation: explicit ('ij,jk->ik') and implicit ('ij,jk')
    output, '...' broadcasting, repeated labels (traces, diagonals), any
    number of operands.  `optimize` is accepted and ignored (operands are
    contracted left to right, a pair at a time)."""
    gp = _gp()
    if not operands:
        raise ValueError("must specify the einstein sum subscripts string "
                         "and at least one operand")
    if not isinstance(operands[0], str):
        if len(operands) < 2:   # the sublist form needs a list per operand
            raise ValueError("must provide at least an operand and a "
                             "subscripts list to einsum")
        operands = _einsum_from_sublists(operands)
    subscripts, ops = operands[0], [asarray(o) for o in operands[1:]]
    ins, out_s, explicit = _einsum_parse(subscripts, len(ops))
    labels, ell_labels = _einsum_labels(ins, ops)
    res_dt = _np.result_type(*[o.dtype for o in ops]) if dtype is None \
        else _np.dtype(dtype)
    for o in ops:
        if not _np.can_cast(o.dtype, res_dt, casting=casting):
            raise TypeError("Cannot cast array data from %r to %r according "
                            "to the rule %r" % (o.dtype, res_dt, casting))
    ops = [o.astype(res_dt, copy=False) for o in ops]
    # label sizes; size-1 axes broadcast, other mismatches are errors
    size = {}
    for op, ls in zip(ops, labels):
        for l, n in zip(ls, op.shape):
            if size.get(l, 1) == 1:
                size[l] = n
            elif n not in (1, size[l]):
                raise ValueError("operands could not be broadcast together "
                                 "with remapped shapes (label %r: %d vs %d)"
                                 % (l, size[l], n))
    if explicit:
        out_labels = list(out_s.replace("...", "".join(ell_labels))) \
            if "..." in out_s else list(out_s)
        if "..." not in out_s and ell_labels and _b.any(
                size[l] != 1 for l in ell_labels):
            raise ValueError("output has more dimensions than subscripts "
                             "given in einstein sum, but no '...' ellipsis "
                             "provided to broadcast the extra dimensions.")
        for l in out_labels:
            if l not in size:
                raise ValueError("einstein sum subscripts string included "
                                 "output subscript %r which never appeared "
                                 "in an input" % l)
            if out_labels.count(l) > 1:
                raise ValueError("einstein sum subscripts string includes "
                                 "output subscript %r multiple times" % l)
    else:
        counts = _collections.Counter(l for ls in labels for l in ls
                                      if l not in ell_labels)
        out_labels = ell_labels + sorted(l for l, c in counts.items()
                                         if c == 1)
    result, rl = None, None
    for i, (op, ls) in enumerate(zip(ops, labels)):
        later = set(out_labels).union(*[set(x) for x in labels[i + 1:]])
        op, ls = _einsum_squash(op, ls, later | set(rl or ()))
        if result is None:
            result, rl = op, ls
            continue
        result, rl = _einsum_squash(result, rl, later | set(ls))
        result, rl = _einsum_pair(result, rl, op, ls, later, size)
    result, rl = _einsum_squash(result, rl, set(out_labels))
    result = result.transpose([rl.index(l) for l in out_labels])
    result = gp.broadcast_to(result, tuple(size[l] for l in out_labels))
    result = result.astype(res_dt)   # a fresh array, never a view
    if out is not None:
        out[...] = result
        return out
    return result


# ------------------------------------------------------------ histograms

def histogramdd(sample, bins=10, range=None, density=None, weights=None):
    """D-dimensional histogram: each sample's bin per axis by searchsorted,
    the bins' multi-index raveled, then counted by bincount."""
    gp = _gp()
    if isinstance(sample, (ndarray, _np.ndarray)) and sample.ndim == 2:
        sample = asarray(sample)
    else:
        s = sample
        if isinstance(s, (list, tuple)):
            cols = [asarray(c) for c in s]
            if cols and cols[0].ndim == 0:
                cols = [asarray(s)]
            elif len({c.shape for c in cols}) > 1:
                raise ValueError("setting an array element with a sequence. "
                                 "The requested array has an inhomogeneous "
                                 "shape after 1 dimensions.")
            sample = gp.stack(cols, axis=1) if cols else zeros((1, 0))
        else:
            sample = asarray(s).reshape(-1, 1)
    N, D = sample.shape
    try:
        nb = len(bins)
    except TypeError:   # one scalar for every axis (checked below)
        bins, nb = [bins] * D, D
    if nb != D:
        raise ValueError("The dimension of bins must be equal to the "
                         "dimension of the sample x.")
    if range is None:
        range = (None,) * D
    elif len(range) != D:
        raise ValueError("range argument must have one entry per "
                         "dimension")
    edges, idx, nbin = [], [], []
    for i in _b.range(D):
        col = sample[:, i]
        if _np.ndim(bins[i]) == 0:
            if bins[i] < 1:
                raise ValueError("`bins[{}]` must be positive, when an "
                                 "integer".format(i))
            try:
                n = _op.index(bins[i])
            except TypeError:
                raise TypeError("`bins[{}]` must be an integer, when a "
                                "scalar".format(i)) from None
            from ._histograms import _outer_edges
            lo, hi = _outer_edges(col, range[i])
            e = _np.linspace(lo, hi, n + 1)
        else:
            e = bins[i].get() if isinstance(bins[i], ndarray) \
                else _np.asarray(bins[i])
            if e.ndim != 1:
                raise ValueError("`bins[{}]` must be a scalar or 1d array"
                                 .format(i))
            if (_np.diff(e) < 0).any():
                raise ValueError("`bins[{}]` must be monotonically "
                                 "increasing, when an array".format(i))
        eg = asarray(e)
        edges.append(eg)
        nbin.append(e.shape[0] + 1)   # plus an outlier bin on each side
        j = gp.searchsorted(eg, col, side="right")
        # the last edge belongs to the last bin, not the outlier bin
        j = gp.where(col == eg[-1], j - 1, j)
        idx.append(j)
    nbin = tuple(nbin)
    total = _prod(nbin)
    if D == 0:
        flat = zeros((N,), _INT64)
    else:
        flat = gp.ravel_multi_index(tuple(idx), nbin)
    if weights is not None:
        w = asarray(weights).reshape(-1)
        if w.shape[0] != N:
            raise ValueError("The weights and list don't have the same "
                             "length.")
        hist = gp.bincount(flat, weights=w, minlength=total)
    else:
        hist = gp.bincount(flat, minlength=total)
    hist = hist.astype(_np.float64).reshape(nbin)
    hist = hist[(slice(1, -1),) * D].copy()
    if density:
        s = hist.sum()
        for i in _b.range(D):
            widths = _np.diff(edges[i].get())
            shape = [1] * D
            shape[i] = widths.shape[0]
            hist = hist / asarray(widths.reshape(shape))
        hist = hist / s
    return hist, edges


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):
    """2-D histogram of the points (x, y): (H, xedges, yedges)."""
    x, y = asarray(x), asarray(y)
    if x.shape != y.shape:
        raise ValueError("x and y must have the same shape")
    try:
        n = len(bins)
    except TypeError:
        n = 1
    if n != 1 and n != 2:
        bins = [bins, bins]  # one edge array for both axes
    hist, edges = histogramdd([x, y], bins, range, density, weights)
    return hist, edges[0], edges[1]


# ----------------------------------------------------------------- bits

def _bitorder_weights(bitorder):
    if bitorder not in ("big", "little"):
        raise ValueError("'order' must be either 'little' or 'big'")
    w = _np.array([128, 64, 32, 16, 8, 4, 2, 1], _np.uint8)
    return w if bitorder == "big" else w[::-1].copy()


def packbits(a, /, axis=None, bitorder="big"):
    """Each run of 8 elements (non-zero = 1) along axis as one uint8,
    zero-padded at the end."""
    gp = _gp()
    a = asarray(a)
    w = _bitorder_weights(bitorder)
    if a.dtype.kind not in "biu":
        raise TypeError("Expected an input array of integer or boolean "
                        "data type")
    a, axis = _flat_or_axis(atleast_1d(a), axis)  # 0-d reads as 1-d, as NumPy
    m = gp.moveaxis(a != 0, axis, -1).astype(_np.uint8)
    n = m.shape[-1]
    nb = (n + 7) // 8
    if nb * 8 != n:
        pad = zeros(m.shape[:-1] + (nb * 8 - n,), _np.uint8)
        m = gp.concatenate([m, pad], axis=-1)
    m = m.reshape(m.shape[:-1] + (nb, 8))
    packed = gp.sum(m * asarray(w), axis=-1, dtype=_np.uint8)
    return gp.moveaxis(packed, -1, axis).copy()


def unpackbits(a, /, axis=None, count=None, bitorder="big"):
    """Each uint8 along axis as its 8 bits (0/1 uint8), optionally cut or
    zero-padded to `count` bits."""
    gp = _gp()
    a = asarray(a)
    if a.dtype != _np.uint8:
        raise TypeError("Expected an input array of unsigned byte data "
                        "type")
    w = _bitorder_weights(bitorder)
    a, axis = _flat_or_axis(atleast_1d(a), axis)  # 0-d reads as 1-d, as NumPy
    m = gp.moveaxis(a, axis, -1)
    bits = ((m[..., None] & asarray(w)) != 0).astype(_np.uint8)
    bits = bits.reshape(m.shape[:-1] + (m.shape[-1] * 8,))
    if count is not None:
        total = bits.shape[-1]
        count = int(count)
        if count < 0:
            if -count > total:
                raise ValueError("-count larger than number of elements")
            count = total + count
        if count <= total:
            bits = bits[..., :count]
        else:
            pad = zeros(bits.shape[:-1] + (count - total,), _np.uint8)
            bits = gp.concatenate([bits, pad], axis=-1)
    return gp.moveaxis(bits, -1, axis).copy()
