"""Stand-in modules for CuPy internals gpuarray has no counterpart of
(cupy._core._cub_reduction, cupy.cuda.texture, cupy_backends...), so that
a test file importing one still collects; its other tests run and the
tests that use the stub fail with StubError (a harness gap, not a
gpuarray result).  The finder sits last on sys.meta_path: a real module
of the shim or of gpuarray is always found first."""
import importlib.abc
import importlib.machinery
import sys
import types

_ROOTS = ("cupy.", "cupyx.", "cupy_backends")


class StubError(NotImplementedError):
    pass


class _Stub:
    def __init__(self, name):
        self._name = name

    def __call__(self, *args, **kwargs):
        raise StubError("%s is a CuPy internal the gpuarray shim stubs"
                        % self._name)

    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        return _Stub(self._name + "." + attr)

    def __bool__(self):
        return False

    def __mro_entries__(self, bases):
        # `class X(stubbed.Base):` in a test module: the class still
        # exists (the file collects), making one raises StubError.
        name = self._name

        class StubBase:
            def __init__(self, *args, **kwargs):
                raise StubError("%s is a CuPy internal the gpuarray shim "
                                "stubs" % name)
        return (StubBase,)


class _StubModule(types.ModuleType):
    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        return _Stub(self.__name__ + "." + attr)


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, name, path=None, target=None):
        if name == "cupy_backends" or name.startswith(_ROOTS):
            return importlib.machinery.ModuleSpec(name, self,
                                                  is_package=True)
        return None

    def create_module(self, spec):
        mod = _StubModule(spec.name)
        mod.__path__ = []
        return mod

    def exec_module(self, module):
        pass


class _Forwarding(types.ModuleType):
    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        return getattr(self._target, attr)

    def __dir__(self):
        return dir(self._target)


def forwarding(name, target, **own):
    """A package `name` whose attributes are target's (a gpuarray module)
    but for `own` (registered as its submodules), and whose other
    submodules are stubs."""
    mod = _Forwarding(name, target.__doc__)
    mod._target = target
    mod.__path__ = []
    for attr, value in own.items():
        setattr(mod, attr, value)
        sys.modules[name + "." + attr] = value
    return mod


def install():
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.append(_Finder())
