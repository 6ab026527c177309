"""``cupy.cuda`` for the harness: gpuarray.cuda plus stubs for CUDA
internals (cub, cufft plans, compiler, driver) the tests look up."""
import contextlib
import sys
import types

import gpuarray as _gp
from gpuarray.cuda import *  # noqa: F401,F403
from gpuarray.cuda import (Device, Stream, memory, get_current_stream,  # noqa: F401
                           runtime as _gp_runtime)
import gpuarray.cuda as _gp_cuda

__path__ = []  # a package: other submodules come from cupy._stubs


def _module(name, **attrs):
    mod = types.ModuleType(__name__ + "." + name)
    mod.__dict__.update(attrs)
    sys.modules[mod.__name__] = mod
    globals()[name] = mod
    return mod


class _Runtime(types.ModuleType):
    is_hip = False

    def __getattr__(self, name):
        return getattr(_gp_runtime, name)


runtime = _Runtime(__name__ + ".runtime")
sys.modules[runtime.__name__] = runtime


class CUDADriverError(RuntimeError):
    pass


class CompileException(Exception):
    pass


_module("driver", CUDADriverError=CUDADriverError, _is_cuda_python=lambda: False)
_module("compiler", CompileException=_gp.CompileError,
        JitifyException=CompileException)
_module("cub", available=False)
_module("cufft", Plan1d=None, PlanNd=None)
_module("device", get_compute_capability=lambda: "0",
        Device=Device)
sys.modules[__name__ + ".memory"] = memory


def __getattr__(name):
    return getattr(_gp_cuda, name)


@contextlib.contextmanager
def using_allocator(allocator=None):
    yield


def set_allocator(allocator=None):
    pass


def set_pinned_memory_allocator(allocator=None):
    pass
