"""Dask's data-directed dispatch for gpuarray chunks.

Dask looks the chunk's type up in small dispatch tables for the few
operations it does not reach through NumPy's protocols (our
__array_function__ covers the rest).  numel/nannumel return gpuarray
arrays (they are summed with other chunk reductions on the device);
percentile returns a host array, because Dask merges the per-chunk
percentiles with NumPy (merge_percentiles), as it does for CuPy.
"""
import numpy as np

from dask.utils import Dispatch

to_gpuarray_dispatch = Dispatch("to_gpuarray_dispatch")

_done = False


def _gp():
    import gpuarray
    return gpuarray


@to_gpuarray_dispatch.register(object)
def _object_to_gpuarray(data, **kwargs):
    # NumPy arrays, CuPy (CUDA array interface) and DLPack producers
    return _gp().asarray(data, **kwargs)


def _einsum(*args, **kwargs):
    # Dask passes NumPy's order/casting; ours accepts them (and
    # optimize=, ignored: operands are contracted by pairs)
    return _gp().einsum(*args, **kwargs)


def _percentile(a, q, method="linear"):
    """Dask's per-chunk percentile: (values, count), values on the host."""
    gp = _gp()
    n = len(a)
    if not n:
        return None, n
    q = list(q) if not isinstance(q, (list, tuple, np.ndarray)) else q
    if not np.issubdtype(a.dtype, np.number):
        method = "nearest"
    return gp.asnumpy(gp.percentile(a, q, method=method)), n


def _numel(x, **kwargs):
    from dask.array.backends import _numel_arraylike
    return _numel_arraylike(x, **kwargs)


def _nannumel(x, **kwargs):
    from dask.array.backends import _nannumel as nannumel
    return nannumel(x, **kwargs)


def _to_numpy(data, **kwargs):
    return _gp().asnumpy(data, **kwargs)


def _sizeof(x):
    return int(x.nbytes)


def register():
    """Registers gpuarray with dask.array (once; cheap afterwards)."""
    global _done
    if _done:
        return
    _done = True   # first: the backend's constructor calls back here
    gp = _gp()
    from dask.array import register_chunk_type
    from dask.array.backends import array_creation_dispatch
    from dask.array.dispatch import (concatenate_lookup, einsum_lookup,
                                     empty_lookup, nannumel_lookup,
                                     numel_lookup, percentile_lookup,
                                     take_lookup, tensordot_lookup,
                                     to_numpy_dispatch)
    from dask.sizeof import sizeof

    nd = gp.ndarray
    register_chunk_type(nd)
    concatenate_lookup.register(nd, gp.concatenate)
    take_lookup.register(nd, gp.take)
    tensordot_lookup.register(nd, gp.tensordot)
    einsum_lookup.register(nd, _einsum)
    empty_lookup.register(nd, gp.empty)
    numel_lookup.register(nd, _numel)
    nannumel_lookup.register(nd, _nannumel)
    percentile_lookup.register(nd, _percentile)
    to_numpy_dispatch.register(nd, _to_numpy)
    sizeof.register(nd, _sizeof)
    if "gpuarray" not in array_creation_dispatch._lookup:
        from .backend import GpuarrayBackendEntrypoint
        array_creation_dispatch.register_backend(
            "gpuarray", GpuarrayBackendEntrypoint())
    import sys
    if "distributed.protocol" in sys.modules:
        from ._serialize import register as register_serializers
        register_serializers()
