"""distributed's serializers for gpuarray arrays.

Two families, as distributed has them for CuPy:
- "dask" (TCP, spilling to disk): one host frame holding the bytes of a
  C- or F-contiguous copy, in pinned memory from
  gpuarray.cuda.alloc_pinned_memory (the pool, or the allocator a cluster
  set); the receiver copies it back to its current device.  One
  device->host copy, no pickle of the data.
- "cuda" (UCX/NVLink under dask-cuda): the frame is the device memory
  itself, as a uint8 gpuarray (it exports __cuda_array_interface__); the
  receiver wraps what arrives (an RMM/Numba device buffer or our array)
  without a host round trip.
Pickle (ndarray.__reduce__, through a host copy) remains the fallback.
"""
import numpy as np

from .._core import ndarray
from .._engine.arrays import array, asarray, ascontiguousarray
from ..cuda.pinned import empty_pinned

_done = False


def _contiguous(x):
    if x.flags.c_contiguous or x.flags.f_contiguous:
        return x
    return ascontiguousarray(x)


def _header(x):
    fortran = x.flags.f_contiguous and not x.flags.c_contiguous
    # dtype.str of a structured dtype is only its size ('|V16': the fields
    # of Dask's arg-reduction chunks would be lost); NumPy's .npy
    # descriptor keeps fields, offsets and units, and survives msgpack
    return {"shape": tuple(x.shape),
            "dtype": np.lib.format.dtype_to_descr(x.dtype),
            "fortran": bool(fortran)}


def _bytes_view(x):
    """x (contiguous) as a 1-d uint8 array over the same memory."""
    flat = x.reshape(-1, order="F" if x.flags.f_contiguous and not
                     x.flags.c_contiguous else "C")
    return flat.view(np.uint8)


def _shape_back(flat, header):
    order = "F" if header["fortran"] else "C"
    dt = header["dtype"]
    dt = np.lib.format.descr_to_dtype(
        dt if isinstance(dt, str) else [tuple(f) for f in dt])
    return flat.view(dt).reshape(header["shape"], order=order)


def dask_serialize_ndarray(x):
    x = _contiguous(x)
    n = x.nbytes
    host = empty_pinned((n,), np.uint8)
    if n:
        _bytes_view(x).get(out=host)
    return _header(x), [memoryview(host)]


def dask_deserialize_ndarray(header, frames):
    (frame,) = frames
    host = np.frombuffer(frame, dtype=np.uint8)
    return _shape_back(array(host), header)


def cuda_serialize_ndarray(x):
    x = _contiguous(x)
    return _header(x), [_bytes_view(x)]


def cuda_deserialize_ndarray(header, frames):
    (frame,) = frames
    flat = asarray(frame)   # zero-copy for CUDA array interface buffers
    if flat.dtype != np.uint8:
        flat = flat.view(np.uint8)
    return _shape_back(flat.reshape(-1), header)


def register():
    """Registers the serializers with distributed.protocol (once)."""
    global _done
    if _done:
        return
    from distributed.protocol.cuda import cuda_deserialize, cuda_serialize
    from distributed.protocol.serialize import (dask_deserialize,
                                                dask_serialize)
    nd = ndarray
    dask_serialize.register(nd, dask_serialize_ndarray)
    dask_deserialize.register(nd, dask_deserialize_ndarray)
    cuda_serialize.register(nd, cuda_serialize_ndarray)
    cuda_deserialize.register(nd, cuda_deserialize_ndarray)
    _done = True
