"""Dask's data-directed dispatch for gpuarray chunks.

Dask looks the chunk's type up in small dispatch tables for the few
operations it does not reach through NumPy's protocols (our
__array_function__ covers the rest).  numel/nannumel return gpuarray
arrays (they are summed with other chunk reductions on the device);
percentile returns device values, as Dask's CuPy registration does:
merge_percentiles builds its counts with the chunk type's `empty` and
concatenates the values, so host values would meet device counts.
"""
import numpy as np

from dask.utils import Dispatch

from .._core import empty, ndarray
from .._engine.arrays import asarray, asnumpy
from ..indexing.advanced import take
from ..linalg.dot_matmul import tensordot
from ..linalg.einsum import einsum
from ..manipulation.shapes import concatenate
from ..statistics.order import percentile

to_gpuarray_dispatch = Dispatch("to_gpuarray_dispatch")

_done = False
_sizeof_done = False


@to_gpuarray_dispatch.register(object)
def _object_to_gpuarray(data, **kwargs):
    # NumPy arrays, CuPy (CUDA array interface) and DLPack producers
    return asarray(data, **kwargs)


def _einsum(*args, **kwargs):
    # Dask passes NumPy's order/casting/optimize=; ours honours them
    # (optimize= picks the order of the pairwise contractions)
    return einsum(*args, **kwargs)


def _percentile(a, q, method="linear"):
    """Dask's per-chunk percentile: (values, count), values on the device."""
    n = len(a)
    if not n:
        return None, n
    if isinstance(q, ndarray):  # a few numbers: one copy, not one a value
        q = q.get()
    q = list(q) if not isinstance(q, (list, tuple, np.ndarray)) else q
    if not np.issubdtype(a.dtype, np.number):
        method = "nearest"
    return percentile(a, q, method=method), n


def _numel(x, **kwargs):
    from dask.array.backends import _numel_arraylike
    return _numel_arraylike(x, **kwargs)


def _nannumel(x, **kwargs):
    from dask.array.backends import _nannumel as nannumel
    return nannumel(x, **kwargs)


def _to_numpy(data, **kwargs):
    return asnumpy(data, **kwargs)


def _sizeof(x):
    return int(x.nbytes)


def register_sizeof():
    """dask.sizeof of an array: its nbytes (no data is touched)."""
    global _sizeof_done
    if not _sizeof_done:
        from dask.sizeof import sizeof
        sizeof.register(ndarray, _sizeof)
        _sizeof_done = True


def register():
    """Registers the chunk type and dispatch with dask.array (once)."""
    global _done
    if _done:
        return
    _done = True
    from dask.array import register_chunk_type
    from dask.array.dispatch import (concatenate_lookup, einsum_lookup,
                                     empty_lookup, nannumel_lookup,
                                     numel_lookup, percentile_lookup,
                                     take_lookup, tensordot_lookup,
                                     to_numpy_dispatch)

    nd = ndarray
    register_chunk_type(nd)
    concatenate_lookup.register(nd, concatenate)
    take_lookup.register(nd, take)
    tensordot_lookup.register(nd, tensordot)
    einsum_lookup.register(nd, _einsum)
    empty_lookup.register(nd, empty)
    numel_lookup.register(nd, _numel)
    nannumel_lookup.register(nd, _nannumel)
    percentile_lookup.register(nd, _percentile)
    to_numpy_dispatch.register(nd, _to_numpy)
    register_sizeof()
