"""The "gpuarray" Dask array backend (entry point dask.array.backends).

With ``dask.config.set({"array.backend": "gpuarray"})`` Dask's creation
functions (ones, zeros, empty, full, arange) and da.random make gpuarray
chunks: each creation runs Dask's NumPy-backend code with a gpuarray
``meta``/``like=``, so the chunks are built by our functions on the
workers.  ``Array.to_backend("gpuarray")`` moves NumPy (or CuPy) chunks
here, ``to_backend("numpy")`` moves them back (through to_numpy_dispatch).
"""
from dask import config
from dask.array.backends import ArrayBackendEntrypoint


def _gp():
    import gpuarray
    return gpuarray


def _with_meta(name, *args, meta=None, **kwargs):
    import dask.array as da
    meta = _gp().empty((0,)) if meta is None else meta
    with config.set({"array.backend": "numpy"}):
        return getattr(da, name)(*args, meta=meta, **kwargs)


class GpuarrayBackendEntrypoint(ArrayBackendEntrypoint):
    """Dask array creation with gpuarray chunks."""

    def __init__(self):
        from ._dispatch import register
        register()

    @classmethod
    def to_backend_dispatch(cls):
        from ._dispatch import to_gpuarray_dispatch
        return to_gpuarray_dispatch

    @classmethod
    def to_backend(cls, data, **kwargs):
        if isinstance(data._meta, _gp().ndarray):
            return data
        return data.map_blocks(cls.to_backend_dispatch(), **kwargs)

    @property
    def RandomState(self):
        return _gp().random.RandomState

    @property
    def default_bit_generator(self):
        return _gp().random.Philox

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
    def arange(*args, like=None, **kwargs):
        import dask.array as da
        from dask.graph_manipulation import clone
        like = _gp().empty((0,)) if like is None else like
        with config.set({"array.backend": "numpy"}):
            r = da.arange(*args, like=like, **kwargs)
        # Dask names arange chunks by (start, stop, step, chunks, dtype),
        # not by like=: a NumPy arange of the same range would share our
        # keys in one graph (or on a cluster) and hand us its chunks.  A
        # clone with a fixed seed has keys of its own, still deterministic.
        return clone(r, seed="gpuarray")
