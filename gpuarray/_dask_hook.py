"""Registers gpuarray with Dask when Dask is imported, never before.

``import gpuarray`` must not import Dask (it is an optional, heavy
dependency), yet an array handed to Dask must find its registrations
(chunk type, dispatch, sizeof, serializers) without the user importing
gpuarray.dask.  So gpuarray.__init__ calls install(): for each Dask module
we register with, if it is already imported the registration runs at
once, otherwise a meta-path finder watches for that one module and runs
the registration right after the module's own code has finished (the
loader's exec_module is wrapped for that module only).  The finder does
nothing for any other import and removes itself when all have fired.
"""
import importlib.abc
import sys


def _array():
    import gpuarray.dask  # noqa: F401  (registers on import)


def _sizeof():
    from dask.sizeof import sizeof
    from . import ndarray
    sizeof.register(ndarray, lambda x: int(x.nbytes))


def _distributed():
    from gpuarray.dask._serialize import register
    register()


_ACTIONS = {"dask.sizeof": _sizeof, "dask.array": _array,
            "distributed.protocol": _distributed}


class _AfterImport(importlib.abc.MetaPathFinder):
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
            try:
                action()
            except Exception as e:  # never break the user's import of Dask
                import warnings
                warnings.warn("gpuarray could not register with %s: %r"
                              % (name, e), RuntimeWarning, stacklevel=2)

        spec.loader.exec_module = exec_module
        return spec


def install():
    pending = {}
    for name, action in _ACTIONS.items():
        if name in sys.modules:
            action()
        else:
            pending[name] = action
    if pending:
        sys.meta_path.insert(0, _AfterImport(pending))
