"""The Array API's inspection namespace (2025.12):
``gpuarray.__array_namespace_info__()`` answers what this library and its
devices support -- capabilities, the default device and dtypes, the dtypes
of each kind, and the devices arrays can live on.

Devices are gpuarray's own device objects (``gpuarray.cuda.Device(i)`` or
the host device), the same objects ``ndarray.device`` returns, so
``x.device in info.devices()`` holds.  Every device supports every dtype the
standard names (float64 included: CUDA devices run float64 natively), so
``dtypes(device=...)`` only checks that the device is one of ours.
"""
import numpy as _np

from .. import _core
from .. import cuda as _cuda

__all__ = ["__array_namespace_info__"]

# ndarray.__array_namespace__ and the standard name the same version
_MAX_DIMS = 64  # GPA_MAXDIMS in csrc/array: the ValueError beyond it is ours

_KINDS = {
    "bool": ("bool",),
    "signed integer": ("int8", "int16", "int32", "int64"),
    "unsigned integer": ("uint8", "uint16", "uint32", "uint64"),
    "real floating": ("float32", "float64"),
    "complex floating": ("complex64", "complex128"),
}
_KINDS["integral"] = _KINDS["signed integer"] + _KINDS["unsigned integer"]
_KINDS["numeric"] = (_KINDS["integral"] + _KINDS["real floating"] +
                     _KINDS["complex floating"])


class ArrayNamespaceInfo:
    """What ``__array_namespace_info__()`` returns (the standard's
    "inspection" object)."""

    __module__ = "gpuarray"

    def capabilities(self):
        """Optional features: boolean-mask indexing and functions whose
        output shape depends on the data (nonzero, unique) both work;
        arrays have at most 64 dimensions."""
        return {"boolean indexing": True, "data-dependent shapes": True,
                "max dimensions": _MAX_DIMS}

    def default_device(self):
        """The device new arrays go to: the current device of this
        thread (a CUDA device, or the host device without one)."""
        return _cuda.get_current_device()

    def devices(self):
        """Every device arrays can live on: each CUDA device, or the host
        device alone where there is none (as gpuarray runs then).  A tuple,
        as the standard says from 2025.12 (a list before)."""
        n = _cuda.get_device_count()
        if n == 0 or _core._get_device()[0] != "cuda":
            return (_cuda.get_current_device(),)
        return tuple(_cuda.Device(i) for i in range(n))

    def default_dtypes(self, *, device=None):
        """NumPy's defaults, which are gpuarray's: float64, complex128,
        int64 for integers and for indices."""
        self._check_device(device)
        return {"real floating": _np.dtype(_np.float64),
                "complex floating": _np.dtype(_np.complex128),
                "integral": _np.dtype(_np.int64),
                "indexing": _np.dtype(_np.intp)}

    def dtypes(self, *, device=None, kind=None):
        """The standard's dtypes of a kind (a kind name, or a tuple of
        them for their union; None for all), name -> numpy.dtype."""
        self._check_device(device)
        if kind is None:
            names = _KINDS["bool"] + _KINDS["numeric"]
        elif isinstance(kind, str):
            if kind not in _KINDS:
                raise ValueError("unsupported kind: %r" % (kind,))
            names = _KINDS[kind]
        elif isinstance(kind, tuple):
            names = ()
            for k in kind:
                if not isinstance(k, str) or k not in _KINDS:
                    raise ValueError("unsupported kind: %r" % (k,))
                names += tuple(n for n in _KINDS[k] if n not in names)
        else:
            raise ValueError("unsupported kind: %r" % (kind,))
        order = _KINDS["bool"] + _KINDS["numeric"]
        return {n: _np.dtype(n) for n in order if n in names}

    def _check_device(self, device):
        if device is not None and device not in self.devices():
            raise ValueError("unsupported device: %r (gpuarray's devices "
                             "are %r)" % (device, self.devices()))


def __array_namespace_info__():
    """The Array API's inspection namespace (capabilities, default_device,
    default_dtypes, dtypes, devices)."""
    return ArrayNamespaceInfo()
