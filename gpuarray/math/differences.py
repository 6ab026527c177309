"""Differences and integrals: ediff1d, gradient, trapezoid, unwrap.
"""

import math as _math

import numpy as _np

from . import sums as _math_sums
from .._engine import ufuncs as _uf
from ..logic import truth as _logic_truth
from ..manipulation import shapes as _mn
from .._engine.arrays import asarray, empty, array
from .._engine.operands import _along, _normalize_axes, _on_axis
from .cumulative import cumsum


__all__ = ["ediff1d", "gradient", "trapezoid", "unwrap"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


def ediff1d(ary, to_end=None, to_begin=None):
    """Differences of the flattened array, with optional ends."""
    ary = asarray(ary).reshape(-1)
    dt = ary.dtype
    parts = [_uf.subtract(ary[1:], ary[:-1])]
    for name, extra, at_end in (("to_begin", to_begin, False),
                                ("to_end", to_end, True)):
        if extra is None:
            continue
        extra = asarray(extra)
        if not _np.can_cast(extra.dtype, dt, casting="same_kind"):
            raise TypeError("dtype of `%s` must be compatible with input "
                            "`ary` under the `same_kind` rule." % name)
        extra = extra.reshape(-1).astype(dt)
        parts = parts + [extra] if at_end else [extra] + parts
    return _mn.concatenate(parts, dtype=dt) if len(parts) > 1 else parts[0]


def _gradient_spacings(f, axes, varargs):
    """Per axis: a scalar step, or the 1-D differences of coordinates."""
    if not varargs:
        return [1.0] * len(axes)
    if len(varargs) == 1 and _np.ndim(varargs[0]) == 0:
        return list(varargs) * len(axes)
    if len(varargs) != len(axes):
        raise TypeError("invalid number of arguments")
    spacings = []
    for axis, d in zip(axes, varargs):
        if _np.ndim(d) == 0:
            spacings.append(d)
            continue
        d = asarray(d)
        if d.ndim != 1:
            raise ValueError("distances must be either scalars or 1d")
        if d.shape[0] != f.shape[axis]:
            raise ValueError("when 1d, distances must match the length of "
                             "the corresponding dimension")
        if d.dtype.kind in "iu":
            d = d.astype(_np.float64)
        steps = _math_sums.diff(d)
        # Evenly spaced coordinates take the scalar formulas (as NumPy).
        if steps.size and bool(_logic_truth.all(steps == steps[0])):
            steps = steps[0]
        spacings.append(steps)
    return spacings


def gradient(f, *varargs, axis=None, edge_order=1):
    """Second-order central differences inside, one-sided differences of
    order edge_order at the ends."""
    f = asarray(f)
    axes = tuple(range(f.ndim)) if axis is None else \
        _normalize_axes(axis, f.ndim)
    spacings = _gradient_spacings(f, axes, varargs)
    if edge_order > 2:
        raise ValueError("'edge_order' greater than 2 not supported")
    if f.dtype.kind in "iu":
        f = f.astype(_np.float64)
    grads = [_gradient_axis(f, ax, dx, edge_order)
             for ax, dx in zip(axes, spacings)]
    return grads[0] if len(grads) == 1 else tuple(grads)


def _gradient_axis(f, axis, dx, edge_order):
    n = f.shape[axis]
    if n < edge_order + 1:
        raise ValueError("Shape of array too small to calculate a numerical "
                         "gradient, at least (edge_order + 1) elements are "
                         "required.")

    def at(s):
        return f[_along(f.ndim, axis, s)]

    out = empty(f.shape, f.dtype)
    interior = _along(f.ndim, axis, slice(1, -1))
    if _np.ndim(dx) == 0:
        out[interior] = (at(slice(2, None)) - at(slice(None, -2))) / (2.0 * dx)
        h0 = hn = dx
    else:
        # Non-uniform three-point formula with h0 = x[i]-x[i-1] and
        # h1 = x[i+1]-x[i] (weights from a Taylor expansion).
        h0, h1 = dx[:-1], dx[1:]
        wl = -h1 / (h0 * (h0 + h1))
        wc = (h1 - h0) / (h0 * h1)
        wr = h0 / (h1 * (h0 + h1))
        out[interior] = (_on_axis(wl, f.ndim, axis) * at(slice(None, -2))
                         + _on_axis(wc, f.ndim, axis) * at(slice(1, -1))
                         + _on_axis(wr, f.ndim, axis) * at(slice(2, None)))
        h0, hn = dx[0], dx[-1]
    first, last = _along(f.ndim, axis, 0), _along(f.ndim, axis, -1)
    if edge_order == 1:
        out[first] = (at(1) - at(0)) / h0
        out[last] = (at(-1) - at(-2)) / hn
        return out
    # One-sided second-order formulas over the first / last three points.
    if _np.ndim(dx) == 0:
        out[first] = (-1.5 / dx) * at(0) + (2.0 / dx) * at(1) \
            + (-0.5 / dx) * at(2)
        out[last] = (0.5 / dx) * at(-3) + (-2.0 / dx) * at(-2) \
            + (1.5 / dx) * at(-1)
        return out
    h1, hm = dx[1], dx[-2]
    out[first] = (-(2.0 * h0 + h1) / (h0 * (h0 + h1))) * at(0) \
        + ((h0 + h1) / (h0 * h1)) * at(1) \
        + (-h0 / (h1 * (h0 + h1))) * at(2)
    out[last] = (hn / (hm * (hm + hn))) * at(-3) \
        + (-(hm + hn) / (hm * hn)) * at(-2) \
        + ((2.0 * hn + hm) / (hn * (hm + hn))) * at(-1)
    return out


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """Integral of y along axis by the trapezoidal rule."""
    y = asarray(y)
    if isinstance(axis, int) and not -2 ** 63 <= axis < 2 ** 63:
        # NumPy indexes a list of slices with axis
        raise IndexError("cannot fit 'int' into an index-sized integer "
                         "(axis %d)" % axis)
    axis = _normalize_axis(axis, y.ndim)
    if x is None:
        d = dx if isinstance(dx, (bool, int, float, complex, _np.generic)) \
            else asarray(dx)
    else:
        if _np.ndim(x) == 0:
            # NumPy takes diff(x): a scalar x (whatever it holds) is
            # diff's ValueError
            raise ValueError("diff requires input that is at least one "
                             "dimensional (trapezoid's x)")
        x = asarray(x)
        d = _math_sums.diff(x) if x.ndim == 1 else _math_sums.diff(x, axis=axis)
        if x.ndim == 1:
            d = _on_axis(d, y.ndim, axis)
    hi = y[_along(y.ndim, axis, slice(1, None))]
    lo = y[_along(y.ndim, axis, slice(None, -1))]
    return _math_sums.sum(d * (hi + lo) / 2.0, axis=axis)


def unwrap(p, discont=None, axis=-1, *, period=2 * _math.pi):
    """p with each jump larger than max(discont, period/2) along `axis`
    replaced by its period-complement (numpy.unwrap's steps and
    dtypes, integer periods included)."""
    p = asarray(p)
    dd = _math_sums.diff(p, axis=axis)
    if discont is None:
        discont = period / 2
    axis = _normalize_axis(axis, p.ndim)
    later = tuple(slice(1, None) if d == axis else slice(None)
                  for d in range(p.ndim))
    dtype = _np.result_type(dd.dtype, period)
    if _np.issubdtype(dtype, _np.integer):
        interval_high, rem = divmod(period, 2)
        boundary_ambiguous = rem == 0
    else:
        interval_high = period / 2
        boundary_ambiguous = True
    interval_low = -interval_high
    ddmod = _uf.remainder(dd - interval_low, period) + interval_low
    if boundary_ambiguous:
        # a jump of exactly +period/2 maps to -period/2 above; NumPy keeps
        # its sign.
        fix = _uf.logical_and(ddmod == interval_low, dd > 0)
        ddmod = _uf.where(fix, interval_high, ddmod).astype(ddmod.dtype,
                                                           copy=False)
    ph_correct = ddmod - dd
    small = _uf.absolute(dd) < discont
    ph_correct = _uf.where(small, 0, ph_correct).astype(ph_correct.dtype,
                                                        copy=False)
    up = array(p, copy=True, dtype=dtype)
    up[later] = p[later] + cumsum(ph_correct, axis)
    return up

