"""Multidimensional histograms: histogramdd and histogram2d (bins per axis
from statistics/histograms.py, one bincount of the flattened bin index).
"""

import builtins as _b
import operator as _op

import numpy as _np

from . import histograms as _statistics_histograms
from .._core import ndarray
from .._engine import ufuncs as _engine_ufuncs
from ..indexing import generate as _indexing_generate
from ..manipulation import shapes as _manipulation_shapes
from ..sorting import search_unique as _sorting_search_unique
from .._engine.arrays import asarray, zeros
from .._engine.operands import _prod
from .histograms import _outer_edges


__all__ = ["histogramdd", "histogram2d"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


def histogramdd(sample, bins=10, range=None, density=None, weights=None):
    """D-dimensional histogram: each sample's bin per axis by searchsorted,
    the bins' multi-index raveled, then counted by bincount."""
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
            sample = _manipulation_shapes.stack(cols, axis=1) if cols else zeros((1, 0))
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
        j = _sorting_search_unique.searchsorted(eg, col, side="right")
        # the last edge belongs to the last bin, not the outlier bin
        j = _engine_ufuncs.where(col == eg[-1], j - 1, j)
        idx.append(j)
    nbin = tuple(nbin)
    total = _prod(nbin)
    if D == 0:
        flat = zeros((N,), _INT64)
    else:
        flat = _indexing_generate.ravel_multi_index(tuple(idx), nbin)
    if weights is not None:
        w = asarray(weights).reshape(-1)
        if w.shape[0] != N:
            raise ValueError("The weights and list don't have the same "
                             "length.")
        hist = _statistics_histograms.bincount(flat, weights=w, minlength=total)
    else:
        hist = _statistics_histograms.bincount(flat, minlength=total)
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
    # NumPy compares len(x) and len(y) first: a scalar or 0-d x or y
    # has no len() (TypeError)
    if len(x) != len(y):
        raise ValueError("x and y must have the same length.")
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

