"""gpuarray.lib: the parts of numpy.lib that apply to gpuarray arrays."""
from numpy.lib import NumpyVersion, mixins

from . import array_utils, stride_tricks
from .. import emath as scimath

# NumpyVersion and mixins (NDArrayOperatorsMixin, which calls ufuncs, so
# ours through dispatch) look at no array data: NumPy's own serve.
__all__ = ["stride_tricks", "scimath", "array_utils", "NumpyVersion",
           "mixins"]
