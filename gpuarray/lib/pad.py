"""pad: every NumPy mode (moved from _functions.py, issue 14; NumPy keeps
it in numpy.lib too)."""

import numpy as _np

from ..manipulation import shapes as _mn
from .._engine import ufuncs as _uf
from ..indexing import advanced as _ix
from .._engine.arrays import asarray, empty, linspace
from .._engine.operands import _along, _as_dtype, _host, _on_axis
from ..math.extrema import amax, amin
from ..statistics.moments import mean
from ..statistics.order import median


__all__ = ["pad"]


def _pairs(x, ndim, name):
    """x as ndim (before, after) pairs, NumPy's pad broadcasting."""
    x = _host(x)
    if x.size == 1 or (x.size == 2 and x.shape != (2, 1)):
        x = x.reshape(-1)
    try:
        return _np.broadcast_to(x, (ndim, 2))
    except ValueError:
        raise ValueError("operands could not be broadcast together with "
                         "remapped shapes [original->remapped]: %s  and "
                         "requested shape (%d,2) (%s)"
                         % (x.shape, ndim, name)) from None


_PAD_KWARGS = {"constant": {"constant_values"}, "edge": set(),
               "reflect": {"reflect_type"}, "symmetric": {"reflect_type"},
               "wrap": set(), "empty": set(), "linear_ramp": {"end_values"},
               "maximum": {"stat_length"}, "minimum": {"stat_length"},
               "mean": {"stat_length"}, "median": {"stat_length"}}


_PAD_STATS = ("maximum", "minimum", "mean", "median")


def pad(array, pad_width, mode="constant", **kwargs):
    """array padded per axis; every NumPy mode: constant, edge, reflect,
    symmetric (reflect_type even and odd), wrap, empty, linear_ramp,
    maximum, minimum, mean, median, or a function (called per vector)."""
    a = asarray(array)
    widths = _host(pad_width)
    if widths.dtype.kind not in "iu":
        raise TypeError("`pad_width` must be of integral type.")
    # checked before broadcasting: a 0-d array has no pairs to check
    if (widths < 0).any():
        raise ValueError("index can't contain negative values")
    widths = _pairs(widths, a.ndim, "pad_width").astype(_np.int64)
    if callable(mode):
        return _pad_function(a, widths, mode, kwargs)
    if mode not in _PAD_KWARGS:
        raise ValueError("mode '%s' is not supported" % (mode,))
    unknown = set(kwargs) - _PAD_KWARGS[mode]
    if unknown:
        raise ValueError("unsupported keyword arguments for mode '%s': %s"
                         % (mode, unknown))
    if mode == "empty":
        return _pad_empty(a, widths)
    if mode == "constant":
        raw = _host(kwargs.get("constant_values", 0))
        values = _pairs(raw, a.ndim, "constant_values")
        if raw.size > 2 or raw.shape == (2, 1):
            values = values.tolist()   # Python scalars, as NumPy's pairs
        return _pad_constant(a, widths, values)
    for axis, (before, after) in enumerate(widths):
        if a.shape[axis] == 0 and (before or after):
            raise ValueError("can't extend empty axis %d using modes other "
                             "than 'constant' or 'empty'" % axis)
    if mode in _PAD_STATS or mode == "linear_ramp":
        return _pad_computed(a, widths, mode, kwargs)
    odd = kwargs.get("reflect_type", "even") == "odd"
    out = a
    # Axis by axis, each seeing the earlier axes' padding (NumPy's order).
    for axis, (before, after) in enumerate(widths):
        if before or after:
            out = _pad_axis(out, axis, int(before), int(after), mode, odd)
    return out if out is not a else a.copy()


def _pad_empty(a, widths):
    """The padded array with only the padding left uninitialised."""
    out = empty(tuple(int(s + w.sum()) for s, w in zip(a.shape, widths)),
                a.dtype)
    out[tuple(slice(int(w[0]), int(w[0]) + s)
              for s, w in zip(a.shape, widths))] = a
    return out


def _pad_function(a, widths, function, kwargs):
    """NumPy's callable mode: the array padded with zeros, then
    function(vector, widths[axis], axis, kwargs) on every 1-D view along
    each axis in turn (C order of the other axes), which writes the
    padding in place.  One Python call per vector, as in NumPy."""
    out = _pad_empty(a, widths)
    for axis, (before, after) in enumerate(widths):
        n = out.shape[axis]
        for part in (slice(0, int(before)), slice(n - int(after), n)):
            out[(slice(None),) * axis + (part,)] = 0
    for axis in range(out.ndim):
        rest = out.shape[:axis] + out.shape[axis + 1:]
        for ind in _np.ndindex(*rest):
            function(out[ind[:axis] + (slice(None),) + ind[axis:]],
                     widths[axis], axis, kwargs)
    return out


def _pad_computed(a, widths, mode, kwargs):
    """The statistic modes and linear_ramp, axis by axis as NumPy pads
    (each axis sees the padding of the axes before it)."""
    if mode == "linear_ramp":
        pairs = _pairs(kwargs.get("end_values", 0), a.ndim, "end_values")
    else:
        stat = kwargs.get("stat_length")
        pairs = [(None, None)] * a.ndim if stat is None else \
            _pairs(stat, a.ndim, "stat_length").astype(_np.int64)
        if stat is not None and (pairs < 0).any():
            raise ValueError("index can't contain negative values")
        if mode in ("maximum", "minimum") and stat is not None and \
                a.size and any(0 in pair for pair in pairs):
            # NumPy looks at every axis, padded or not
            raise ValueError("stat_length of 0 yields no value for padding")
    out = a
    for axis, ((before, after), pair) in enumerate(zip(widths, pairs)):
        if not (before or after):
            continue
        if mode == "linear_ramp":
            left, right = _linear_ramps(out, axis, int(before), int(after),
                                        pair)
        else:
            left, right = _pad_stats(out, axis, int(before), int(after),
                                     pair, mode)
        out = _mn.concatenate([left, out, right], axis=axis)
    return out if out is not a else a.copy()


def _pad_stats(x, axis, before, after, lengths, mode):
    """NumPy's _get_stats: the statistic of the first / last stat_length
    values along axis (all when None), rounded for integer arrays, spread
    over the pad widths."""
    n = x.shape[axis]
    lb, la = (n if v is None or v > n else int(v) for v in lengths)
    if (lb == 0 or la == 0) and mode in ("maximum", "minimum"):
        raise ValueError("stat_length of 0 yields no value for padding")
    func = {"maximum": amax, "minimum": amin, "mean": mean,
            "median": median}[mode]
    parts = []
    for start, stop, width in ((0, lb, before), (n - la, n, after)):
        index = [slice(None)] * x.ndim
        index[axis] = slice(start, stop)
        value = func(x[tuple(index)], axis=axis, keepdims=True)
        if x.dtype.kind in "iu":
            value = _uf.around(value)
        shape = list(x.shape)
        shape[axis] = width
        parts.append(_mn.broadcast_to(value.astype(x.dtype), tuple(shape)))
    return parts


def _linear_ramps(x, axis, before, after, end_values):
    """NumPy's _get_linear_ramps: from each end value to the edge value
    (excluded), linspace in x's dtype on the edge planes (one hyperplane
    each way) -- on the device, the edges never leave it (issue 22) --
    with NumPy's formula, so the rounding is NumPy's."""
    n = x.shape[axis]
    ramps = []
    for edge_at, end, width in ((0, end_values[0], before),
                                (n - 1, end_values[1], after)):
        index = [slice(None)] * x.ndim
        index[axis] = edge_at
        ramps.append(linspace(end, x[tuple(index)], width, endpoint=False,
                              dtype=x.dtype, axis=axis))
    index = [slice(None)] * x.ndim
    index[axis] = slice(None, None, -1)
    ramps[1] = ramps[1][tuple(index)]
    return ramps


def _pad_constant(a, widths, values):
    out = a
    for axis, ((before, after), (v0, v1)) in enumerate(zip(widths, values)):
        parts = []
        for width, value in ((before, v0), (after, v1)):
            shape = list(out.shape)
            shape[axis] = int(width)
            part = empty(tuple(shape), a.dtype)
            part[...] = _host_value(value, a.dtype)
            parts.append(part)
        if before or after:
            out = _mn.concatenate([parts[0], out, parts[1]], axis=axis)
    return out if out is not a else a.copy()


def _host_value(value, dtype):
    """value (a NumPy or Python scalar, as NumPy's pad pairs hold it)
    assigned into dtype by NumPy, so that out-of-range values wrap or
    raise OverflowError exactly as in numpy.pad."""
    v = _np.empty((), dtype)
    v[...] = value
    return v


def _pad_source(n, before, after, mode):
    """For each padded position along an axis of length n: the source
    index, whether it is a mirror image, and its period number."""
    pos = _np.arange(-before, n + after)
    if mode == "edge":
        return _np.clip(pos, 0, n - 1), None, None
    if mode == "wrap":
        return pos % n, None, None
    if mode == "reflect" and n == 1:
        return _np.zeros_like(pos), None, None
    # symmetric repeats every 2n (edges doubled), reflect every 2(n - 1).
    period = 2 * n if mode == "symmetric" else 2 * (n - 1)
    turn, r = _np.divmod(pos, period)
    mirrored = r >= n
    last = period - 1 if mode == "symmetric" else period
    return _np.where(mirrored, last - r, r), mirrored, turn


def _pad_axis(a, axis, before, after, mode, odd):
    n = a.shape[axis]
    src, mirrored, turn = _pad_source(n, before, after, mode)
    out = _ix.take(a, asarray(src), axis=axis)
    if not odd or mirrored is None:
        return out
    # Odd reflection is point symmetry about each edge: a mirrored value
    # is 2 * edge - value, and each period adds 2 * (last - first).
    first = a[_along(a.ndim, axis, slice(0, 1))]
    last = a[_along(a.ndim, axis, slice(n - 1, n))]
    flipped = 2 * last - out
    out = _uf.where(_on_axis(asarray(mirrored), a.ndim, axis), flipped, out)
    steps = _on_axis(_as_dtype(2 * turn, a.dtype), a.ndim, axis)
    return out + steps * (last - first)

