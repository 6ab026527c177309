"""gpuarray.lib: the parts of numpy.lib that apply to gpuarray arrays."""
from . import stride_tricks

__all__ = ["stride_tricks"]
