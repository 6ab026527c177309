"""``cupy._core`` for the harness: the few helpers cupy.testing imports
(internal.prod) and ndarray; accelerator switches are no-ops."""
import math
import sys
import types

import gpuarray as _gp

ndarray = _gp.ndarray

__path__ = []  # a package: other submodules come from cupy._stubs

internal = types.ModuleType(__name__ + ".internal")
internal.prod = lambda shape: math.prod(shape)
sys.modules[internal.__name__] = internal

_accelerator = types.ModuleType(__name__ + "._accelerator")
_accelerator.get_routine_accelerators = lambda: []
_accelerator.get_reduction_accelerators = lambda: []
_accelerator.set_routine_accelerators = lambda acc: None
_accelerator.set_reduction_accelerators = lambda acc: None
_accelerator.ACCELERATOR_CUB = 1
_accelerator.ACCELERATOR_CUTENSOR = 2
_accelerator.ACCELERATOR_CUTENSORNET = 3
sys.modules[_accelerator.__name__] = _accelerator


def set_routine_accelerators(acc):
    pass


def set_reduction_accelerators(acc):
    pass


def get_routine_accelerators():
    return []


def get_reduction_accelerators():
    return []


# cuBLAS compute types (CuPy's precision knob for matmul/dot): gpuarray
# has one mode, each dtype's own precision (no TF32 or FP16 shortcuts),
# so a setting is recorded for get_compute_type and changes nothing.
_routines_linalg = types.ModuleType(__name__ + "._routines_linalg")
for _i, _n in enumerate(("TBD", "DEFAULT", "PEDANTIC", "FP16", "FP32",
                         "FP64", "BF16", "TF32")):
    setattr(_routines_linalg, "COMPUTE_TYPE_" + _n, _i)
sys.modules[_routines_linalg.__name__] = _routines_linalg
_compute_types = {}


def get_compute_type(dtype):
    import numpy
    return _compute_types.get(numpy.dtype(dtype).char,
                              _routines_linalg.COMPUTE_TYPE_DEFAULT)


def set_compute_type(dtype, compute_type):
    import numpy
    _compute_types[numpy.dtype(dtype).char] = compute_type


_routines_linalg.get_compute_type = get_compute_type
_routines_linalg.set_compute_type = set_compute_type


def create_reduction_func(name, *args, **kwargs):
    # CuPy's internal reduction factory: test_reduction.py makes one in a
    # class body, so making one works; calling it raises StubError
    from cupy._stubs import _Stub
    return _Stub("cupy._core.create_reduction_func(%r)" % (name,))


def __getattr__(attr):
    # any other cupy._core name (create_reduction_func, ...) is a CuPy
    # internal: a stub, so a test module using one at import still collects
    if attr.startswith("__"):
        raise AttributeError(attr)
    from cupy._stubs import _Stub
    return _Stub(__name__ + "." + attr)
