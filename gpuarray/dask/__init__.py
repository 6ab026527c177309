"""gpuarray as a Dask array chunk type and backend (DESIGN.md decision 10).

Importing this package (or setting ``dask.config.set({"array.backend":
"gpuarray"})``, which loads the backend entry point, or importing Dask
after gpuarray: gpuarray/_dask_hook.py) registers, once:

- ``gpuarray.ndarray`` as a Dask chunk type (``register_chunk_type``), so
  Dask arrays wrap it and do not defer to it in arithmetic;
- Dask's dispatch tables for it (_dispatch.py): concatenate, take,
  tensordot, einsum, empty, numel/nannumel, percentile, to_numpy, and our
  own ``to_gpuarray_dispatch`` for ``Array.to_backend("gpuarray")``;
- ``dask.sizeof`` (the array's nbytes, read without touching the data);
- the backend "gpuarray" itself (backend.py), also without installed
  entry-point metadata;
- when ``distributed`` is loaded: the serializers (_serialize.py).

``import gpuarray`` alone never imports Dask.
"""
from ._dispatch import register, to_gpuarray_dispatch  # noqa: F401
from .backend import GpuarrayBackendEntrypoint  # noqa: F401

register()
