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

from cupy import _stubs

__path__ = []  # a package: other submodules come from cupy._stubs


def _module(name, **attrs):
    # other names of these CuPy modules are stubs (cupy._stubs)
    mod = _stubs._StubModule(__name__ + "." + name)
    mod.__dict__.update(attrs)
    sys.modules[mod.__name__] = mod
    globals()[name] = mod
    return mod


class _Runtime(types.ModuleType):
    is_hip = False

    @staticmethod
    def getDevice():
        # on gpuarray's host device (no CUDA driver) the host stands in
        # for device 0, so tests that only note the current device run
        try:
            return _gp_runtime.getDevice()
        except _gp_runtime.CUDARuntimeError:
            if _gp_cuda.is_available():
                raise
            return 0

    def __getattr__(self, name):
        return getattr(_gp_runtime, name)


runtime = _Runtime(__name__ + ".runtime")
sys.modules[runtime.__name__] = runtime


class CUDADriverError(RuntimeError):
    pass


class CompileException(Exception):
    pass


_module("driver", CUDADriverError=CUDADriverError, _is_cuda_python=lambda: False)
def get_nvcc_path():
    """CuPy's: $NVCC or the nvcc on PATH, None without one (test_raw.py
    asks for nvcc's version at import)."""
    import os
    import shutil
    return os.environ.get("NVCC") or shutil.which("nvcc")


def _run_cc(cmd, cwd, backend, log_stream=None):
    import subprocess
    return subprocess.check_output(cmd, cwd=cwd, stderr=subprocess.STDOUT,
                                   universal_newlines=True)


def get_local_runtime_version():
    """The toolkit's CUDA version (CuPy's: the runtime it was built with),
    read from nvcc; 0 without one."""
    import re
    import subprocess
    nvcc = get_nvcc_path()
    if not nvcc:
        return 0
    try:
        out = subprocess.check_output(nvcc.split() + ["--version"],
                                      universal_newlines=True)
    except (OSError, subprocess.CalledProcessError):
        return 0
    m = re.search(r"release (\d+)\.(\d+)", out)
    return int(m.group(1)) * 1000 + int(m.group(2)) * 10 if m else 0


class DiskKernelCacheBackend:
    """Stand-in for CuPy's kernel cache backend, which test_raw.py builds
    for a temporary directory and patches into cupy.cuda.compiler.
    gpuarray's kernel cache is its own (GPUARRAY_CACHE_DIR), so this one
    only keeps what is saved to it; tests of CuPy's cache files fail."""

    def __init__(self, path):
        self.path = path
        self._entries = {}

    def save(self, name, cubin, source=None):
        self._entries[name] = cubin

    def load(self, name):
        return self._entries.get(name)


_module("_compiler_cache", DiskKernelCacheBackend=DiskKernelCacheBackend)
_module("compiler", CompileException=_gp.CompileError,
        JitifyException=CompileException, _run_cc=_run_cc)
_module("cub", available=False)
_module("cufft", Plan1d=None, PlanNd=None)
_module("device", get_compute_capability=lambda: "0",
        Device=Device)
sys.modules[__name__ + ".memory"] = memory


def __getattr__(name):
    if name.startswith("__") or hasattr(_gp_cuda, name):
        return getattr(_gp_cuda, name)
    return _stubs._Stub(__name__ + "." + name)


@contextlib.contextmanager
def using_allocator(allocator=None):
    yield


def set_allocator(allocator=None):
    pass


def set_pinned_memory_allocator(allocator=None):
    pass
