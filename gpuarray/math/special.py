"""Special functions: sinc, fix and i0 (Bessel's, series and asymptotic
forms on the device).
"""

import numpy as _np

from .._engine import (ufuncs as _uf,
    arrays as _engine_arrays,
    ufuncs as _engine_ufuncs)
from .._engine.arrays import asarray


__all__ = ["sinc", "fix", "i0"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


def sinc(x):
    """sin(pi x) / (pi x), 1 at x == 0."""
    x = asarray(x)
    y = x * _np.pi
    return _uf.where(x == 0, 1, _uf.sin(y) / y)


def fix(x, out=None):
    """Round towards zero (0-d arrays where NumPy gives scalars)."""
    x = asarray(x)
    return _uf.trunc(x) if out is None else _uf.trunc(x, out=out)


# Below this |x| the power series sum (x/2)^2k / (k!)^2 is used (all terms
# positive: no cancellation); above it the asymptotic expansion of
# e^x / sqrt(2 pi x), whose smallest term there is far below 1 ulp.
_I0_SPLIT = 20.0


_I0_SERIES_TERMS = 60


_I0_ASYMPTOTIC_TERMS = 30


def i0(x):
    """Modified Bessel function of the first kind, order 0."""
    x = asarray(x)
    if x.dtype.kind == "c":
        raise TypeError("i0 not supported for complex values")
    out_dt = x.dtype if x.dtype.kind == "f" else _np.dtype(_np.float64)
    ax = _engine_ufuncs.abs(x.astype(_np.float64))
    small = _engine_ufuncs.where(ax <= _I0_SPLIT, ax, 0.0)
    q = (small * 0.5) ** 2
    term = _engine_arrays.ones_like(small)
    series = _engine_arrays.ones_like(small)
    for k in range(1, _I0_SERIES_TERMS):
        term = term * q / float(k * k)
        series = series + term
    big = _engine_ufuncs.where(ax > _I0_SPLIT, ax, _I0_SPLIT + 1.0)
    term = _engine_arrays.ones_like(big)
    asym = _engine_arrays.ones_like(big)
    for k in range(1, _I0_ASYMPTOTIC_TERMS):
        term = term * (float((2 * k - 1) ** 2) / (8.0 * k)) / big
        asym = asym + term
    # e^x whole, so the result overflows to inf where NumPy's does (x >
    # ~709.78) and inf gives NumPy's nan (inf * 0)
    asym = _engine_ufuncs.exp(big) * (asym / _engine_ufuncs.sqrt(2.0 * _np.pi * big))
    res = _engine_ufuncs.where(ax <= _I0_SPLIT, series, asym)
    return _engine_ufuncs.where(_engine_ufuncs.isnan(ax), ax, res).astype(out_dt)

