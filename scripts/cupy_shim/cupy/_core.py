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
