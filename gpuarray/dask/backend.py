"""The "gpuarray" Dask array backend (entry point dask.array.backends).

With ``dask.config.set({"array.backend": "gpuarray"})`` Dask's creation
functions (ones, zeros, empty, full, arange) and da.random make gpuarray
chunks: each creation runs Dask's NumPy-backend code with a gpuarray
``meta``/``like=``, so the chunks are built by our functions on the
workers.  ``Array.to_backend("gpuarray")`` moves NumPy (or CuPy) chunks
here, ``to_backend("numpy")`` moves them back (through to_numpy_dispatch).
"""
from functools import partial

import dask.array as da
from dask import config
from dask._task_spec import Task
from dask.array import chunk
from dask.array.backends import ArrayBackendEntrypoint
from dask.array.core import Array
from dask.array.utils import meta_from_array
from dask.base import tokenize

from .._core import empty, ndarray
from ..random._bitgen import Philox
from ..random._generator import RandomState
from . import _dispatch


def _with_meta(name, *args, meta=None, **kwargs):
    meta = empty((0,)) if meta is None else meta
    with config.set({"array.backend": "numpy"}):
        return getattr(da, name)(*args, meta=meta, **kwargs)


class GpuarrayBackendEntrypoint(ArrayBackendEntrypoint):
    """Dask array creation with gpuarray chunks."""

    def __init__(self):
        _dispatch.register()

    @classmethod
    def to_backend_dispatch(cls):
        return _dispatch.to_gpuarray_dispatch

    @classmethod
    def to_backend(cls, data, **kwargs):
        if isinstance(data._meta, ndarray):
            return data
        return data.map_blocks(cls.to_backend_dispatch(), **kwargs)

    @property
    def RandomState(self):
        return RandomState

    @property
    def default_bit_generator(self):
        return Philox

    @staticmethod
    def ones(*args, **kwargs):
        return _with_meta("ones", *args, **kwargs)

    @staticmethod
    def zeros(*args, **kwargs):
        return _with_meta("zeros", *args, **kwargs)

    @staticmethod
    def empty(*args, **kwargs):
        return _with_meta("empty", *args, **kwargs)

    @staticmethod
    def full(*args, **kwargs):
        return _with_meta("full", *args, **kwargs)

    @staticmethod
    def arange(start, /, stop=None, step=1, *, chunks="auto", like=None,
               dtype=None):
        # Dask's own arange names its chunks by (start, stop, step, chunks,
        # dtype), not by like=: a NumPy arange of the same range would share
        # our keys in one graph (or on a cluster) and hand us its chunks.
        # So the graph is ours, under a name of its own; Dask's arange
        # (run with NumPy) still checks the arguments and picks the chunks.
        like = empty((0,)) if like is None else like
        if stop is None:
            start, stop = 0, start
        with config.set({"array.backend": "numpy"}):
            ref = da.arange(start, stop, step, chunks=chunks, dtype=dtype)
        meta = meta_from_array(like, ndim=1, dtype=ref.dtype)
        name = "arange-gpuarray-" + tokenize(ref.name, type(meta))
        fn = partial(chunk.arange, like=meta)
        dsk, done = {}, 0
        for i, n in enumerate(ref.chunks[0]):
            dsk[(name, i)] = Task((name, i), fn, start + done * step,
                                  start + (done + n) * step, step, n,
                                  ref.dtype)
            done += n
        return Array(dsk, name, ref.chunks, meta=meta)
