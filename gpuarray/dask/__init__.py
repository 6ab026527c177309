"""gpuarray as a Dask array chunk type and backend (DESIGN.md decision 10).

What gets registered (docs/design/dask.md):
- ``gpuarray.ndarray`` as a Dask chunk type (``register_chunk_type``), so
  Dask arrays wrap it and do not defer to it in arithmetic;
- Dask's dispatch tables for it (_dispatch.py): concatenate, take,
  tensordot, einsum, empty, numel/nannumel, percentile, to_numpy, and our
  own ``to_gpuarray_dispatch`` for ``Array.to_backend("gpuarray")``;
- ``dask.sizeof`` (the array's nbytes, read without touching the data);
- the backend "gpuarray" (backend.py; also the entry point
  ``dask.array.backends``), so it works without installed metadata;
- the ``distributed`` serializers (_serialize.py).

When: ``import gpuarray`` must not import Dask (an optional, heavy
dependency), yet an array handed to Dask must find its registrations
whatever the import order, also on a worker that unpickles an array first.
So gpuarray/__init__ calls install(): for each Dask module we register
with, the registration runs at once if the module is already imported,
otherwise a meta-path finder watches for that one module and runs the
registration right after the module's own code has finished (the loader's
exec_module is wrapped for that module only).  The finder does nothing
for other imports and removes itself when all have fired.  A failing
registration warns instead of breaking the user's import of Dask.
``gpuarray.dask.register()`` does it all explicitly (importing Dask).

This module imports nothing but the standard library.
"""
import sys


def register():
    """Registers gpuarray with dask.array: chunk type, dispatch, sizeof,
    and the backend "gpuarray" where no entry point has loaded it."""
    from dask.array.backends import array_creation_dispatch
    from ._dispatch import register as register_array
    from .backend import GpuarrayBackendEntrypoint
    register_array()
    if "gpuarray" not in array_creation_dispatch._lookup:
        array_creation_dispatch.register_backend(
            "gpuarray", GpuarrayBackendEntrypoint())


def _sizeof():
    from ._dispatch import register_sizeof
    register_sizeof()


def _distributed():
    from ._serialize import register as register_serializers
    register_serializers()


_ACTIONS = {"dask.sizeof": _sizeof, "dask.array": register,
            "distributed.protocol": _distributed}


def _run(name, action):
    try:
        action()
    except Exception as e:  # never break the user's import of Dask
        import warnings
        warnings.warn("gpuarray could not register with %s: %r" % (name, e),
                      RuntimeWarning, stacklevel=3)


class _AfterImport:
    """A meta-path finder (find_spec is the whole protocol; subclassing
    importlib.abc would cost an import)."""

    def __init__(self, pending):
        self.pending = pending

    def find_spec(self, name, path, target=None):
        action = self.pending.get(name)
        if action is None:
            return None
        spec = None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        if spec is None or spec.loader is None or \
                not hasattr(spec.loader, "exec_module"):
            return spec
        del self.pending[name]
        if not self.pending and self in sys.meta_path:
            sys.meta_path.remove(self)
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            _run(name, action)

        spec.loader.exec_module = exec_module
        return spec


def install():
    """Registers now with the Dask modules already imported, and right
    after their import with the others (gpuarray/__init__ calls this)."""
    pending = {}
    for name, action in _ACTIONS.items():
        if name in sys.modules:
            _run(name, action)
        else:
            pending[name] = action
    if pending:
        sys.meta_path.insert(0, _AfterImport(pending))
