"""gpuarray: NumPy on NVIDIA GPUs.  ``import gpuarray as gp`` and use it as
``numpy``; arrays live on the current CUDA device, or on the ``host``
device where there is no GPU (or with ``GPUARRAY_DEVICE=host``).
"""
import sys as _sys

import numpy as _np

from . import _core
from ._core import ndarray, ufunc, CompileError, empty, full  # noqa: F401
from . import cuda  # noqa: F401
from .cuda.memory import (MemoryPool, PinnedMemoryPool,  # noqa: F401
                          get_default_memory_pool,
                          get_default_pinned_memory_pool)
from ._engine.arrays import (zeros, ones, empty_like, zeros_like, ones_like, full_like, asarray, array, ascontiguousarray, asfortranarray, asnumpy, arange, linspace, logspace, eye, identity, tri)
from .interop.dlpack import from_dlpack, fromDlpack  # noqa: F401

# Pinned staging buffers are returned to the driver before it unloads.
import atexit as _atexit  # noqa: E402
_atexit.register(_core._staging_free)

# NumPy's dtypes are ours (DESIGN.md decision 4): gp.float32 is np.float32.
dtype = _np.dtype
bool_ = _np.bool_
int8, int16, int32, int64 = _np.int8, _np.int16, _np.int32, _np.int64
uint8, uint16, uint32, uint64 = _np.uint8, _np.uint16, _np.uint32, _np.uint64
float16, float32, float64 = _np.float16, _np.float32, _np.float64
complex64, complex128 = _np.complex64, _np.complex128
byte, ubyte, short, ushort = _np.byte, _np.ubyte, _np.short, _np.ushort
intc, uintc, intp, uintp = _np.intc, _np.uintc, _np.intp, _np.uintp
int_, uint = _np.int_, _np.uint
longlong, ulonglong = _np.longlong, _np.ulonglong
half, single, double = _np.half, _np.single, _np.double
csingle, cdouble = _np.csingle, _np.cdouble
float_, complex_ = _np.float64, _np.complex128
number, integer, signedinteger = _np.number, _np.integer, _np.signedinteger
unsignedinteger, floating = _np.unsignedinteger, _np.floating
complexfloating, inexact, generic = (_np.complexfloating, _np.inexact,
                                     _np.generic)
result_type, can_cast, promote_types = (_np.result_type, _np.can_cast,
                                        _np.promote_types)
finfo, iinfo, issubdtype = _np.finfo, _np.iinfo, _np.issubdtype
newaxis = None
pi, e, inf, nan, euler_gamma = _np.pi, _np.e, _np.inf, _np.nan, \
    _np.euler_gamma

# The eager chapters (what `import gpuarray` loads; Note [Lazy namespace]
# in _engine/lazy.py has the rest).
from ._engine.ufuncs import *  # noqa: E402,F401,F403  (every ufunc, aliases)
from .manipulation.shapes import *  # noqa: E402,F401,F403
from .manipulation.rearrange import *  # noqa: E402,F401,F403
from .creation.matrices import *  # noqa: E402,F401,F403
from .math.sums import *  # noqa: E402,F401,F403
from .math.extrema import *  # noqa: E402,F401,F403
from .math.cumulative import *  # noqa: E402,F401,F403
from .logic.truth import *  # noqa: E402,F401,F403
from .statistics.moments import *  # noqa: E402,F401,F403
from .indexing.advanced import *  # noqa: E402,F401,F403
# ndarray's Python methods and every C hook, in one place.
from . import _ndarray  # noqa: E402,F401
flatiter = _ndarray.FlatIter  # the type of a.flat, as numpy.flatiter
from ._engine import lazy as _lazy  # noqa: E402


from ._engine import docs as _docs  # noqa: E402  (docs the code lacks)
_docs.fill(_sys.modules[__name__])
_docs.fill_ndarray(ndarray)


def __getattr__(name):
    module = _lazy.WHERE.get(name)
    if module is not None:
        value = getattr(_lazy.load(module), name)
    elif name in _lazy.LAZY_MODULES:
        value = _lazy.load(name)
    else:
        raise AttributeError("module 'gpuarray' has no attribute %r" % name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_lazy.WHERE) |
                  set(_lazy.LAZY_MODULES))

# Dask registrations run when Dask is imported (gpuarray/dask/__init__.py)
from .dask import install as _dask_install
_dask_install()
del _dask_install

__version__ = "0.1.0"
# the Array API version gpuarray's main namespace follows (where NumPy and
# the standard disagree it keeps NumPy's answer: docs/array_api.md)
__array_api_version__ = "2025.12"
