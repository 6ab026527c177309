"""A test-harness stand-in for ``cupy`` that forwards to gpuarray.

Only for running CuPy's own test suite against gpuarray on the host
(scripts/run_cupy_tests.sh); never shipped.  ``cupy.NAME`` is
``gpuarray.NAME``; the CUDA-only corners the tests touch (``cupy.cuda``,
``cupy._core``, ``cupy._util``) are small modules of this package that
forward what gpuarray has and stub the rest.  ``cupy.testing`` is CuPy's
own, copied in from a CuPy checkout by the run script.
"""
import sys as _sys

import numpy as _np

import gpuarray as _gp

from . import _stubs as _stubs_mod
_stubs_mod.install()

# Subpackages that gpuarray has under the same name: forwarding modules
# (their CuPy-only submodules, cupy.linalg._util say, come from _stubs).
from . import _fft_config, _linalg_util  # noqa: E402
_OWN_SUBMODULES = {"fft": {"config": _fft_config.config},
                   "linalg": {"_util": _linalg_util},
                   "polynomial": {"polynomial": _gp.polynomial.polynomial,
                                  "polyutils": _gp.polynomial.polyutils}}
for _name in ("linalg", "fft", "lib", "polynomial"):
    _mod = _stubs_mod.forwarding(__name__ + "." + _name,
                                 getattr(_gp, _name),
                                 **_OWN_SUBMODULES.get(_name, {}))
    _sys.modules[_mod.__name__] = _mod
    globals()[_name] = _mod
exceptions = _np.exceptions
_sys.modules[__name__ + ".exceptions"] = exceptions

# Our own submodules, imported by name: `from . import x` would first ask
# __getattr__ below and get gpuarray's module of that name.
_OWN = ("cuda", "_core", "_util", "random", "cublas", "testing")
import importlib as _importlib  # noqa: E402
for _name in _OWN[:-1]:
    globals()[_name] = _importlib.import_module(__name__ + "." + _name)

AxisError = _np.exceptions.AxisError
ComplexWarning = _np.exceptions.ComplexWarning


def __getattr__(name):
    if name in _OWN:
        return _importlib.import_module(__name__ + "." + name)
    try:
        return getattr(_gp, name)
    except AttributeError:
        raise AttributeError("module 'cupy' (gpuarray shim) has no "
                             "attribute %r" % name) from None


def __dir__():
    return sorted(set(dir(_gp)) | set(globals()))


# CuPy's own cupy.testing (copied in by the run script), last: it imports
# cupy itself.
testing = _importlib.import_module(__name__ + ".testing")
