"""``show_runtime`` and ``get_include``: what NumPy's say, for gpuarray.

show_runtime prints gpuarray's version and devices, then NumPy's own
report (NumPy runs every host-side step: type resolution, printing, the
host device's math).  get_include is NumPy's include directory: gpuarray
has no C API of its own for extensions (arrays reach C code through
DLPack and the CUDA array interface, whose structures the consumer
declares), so build scripts written for NumPy -- ``include_dirs=
[xp.get_include()]`` -- keep building.
"""
import pprint as _pprint

import numpy as _np

from .. import _core
from .. import cuda as _cuda

__all__ = ["show_runtime", "get_include"]


def _gpuarray_runtime():
    kind, ordinal = _core._get_device()
    n = _cuda.get_device_count()
    info = {"gpuarray": {"current device": "%s %d" % (kind, ordinal),
                         "cuda devices": n}}
    for i in range(n):
        d = _cuda.Device(i)
        info["gpuarray"]["device %d" % i] = {
            "name": d.name, "compute capability": d.compute_capability}
    return info


def show_runtime():
    """Prints gpuarray's devices, then numpy.show_runtime()'s report."""
    _pprint.pprint([_gpuarray_runtime()])
    _np.show_runtime()


def get_include():
    """The include directory for C extensions: NumPy's.

    Differs from NumPy: gpuarray has no C API of its own, so this is
    numpy.get_include()."""
    return _np.get_include()
