"""The n-dimensional transforms of numpy.fft (fftn, ifftn, fft2, ifft2,
rfftn, irfftn, rfft2, irfft2): successive 1-D transforms over the axes
in NumPy's order, with NumPy 2's handling of `s` and `axes` (including
its DeprecationWarnings)."""
import warnings as _warnings

import numpy as _np

from .._engine.arrays import asarray as _asarray
from ._basic import fft, ifft, irfft, rfft

__all__ = ["fftn", "ifftn", "fft2", "ifft2", "rfftn", "irfftn", "rfft2",
           "irfft2"]


def _cook_nd_args(a, s=None, axes=None, invreal=0):
    if s is None:
        shapeless = True
        if axes is None:
            s = list(a.shape)
        else:
            s = _np.take(a.shape, axes)
    else:
        shapeless = False
    s = list(s)
    if axes is None:
        if not shapeless:
            msg = ("`axes` should not be `None` if `s` is not `None` "
                   "(Deprecated in NumPy 2.0). In a future version of NumPy, "
                   "this will raise an error and `s[i]` will correspond to "
                   "the size along the transformed axis specified by "
                   "`axes[i]`. To retain current behaviour, pass a sequence "
                   "[0, ..., k-1] to `axes` for an array of dimension k.")
            _warnings.warn(msg, DeprecationWarning, stacklevel=4)
        axes = list(range(-len(s), 0))
    if len(s) != len(axes):
        raise ValueError("Shape and axes have different lengths.")
    if invreal and shapeless:
        s[-1] = (a.shape[axes[-1]] - 1) * 2
    if None in s:
        msg = ("Passing an array containing `None` values to `s` is "
               "deprecated in NumPy 2.0 and will raise an error in "
               "a future version of NumPy. To use the default behaviour "
               "of the corresponding 1-D transform, pass the value matching "
               "the default for its `n` parameter. To use the default "
               "behaviour for every axis, the `s` argument can be omitted.")
        _warnings.warn(msg, DeprecationWarning, stacklevel=4)
    # -1 means the whole input along that axis
    s = [a.shape[_a] if _s == -1 else _s for _s, _a in zip(s, axes)]
    return s, axes


def _raw_fftnd(a, s=None, axes=None, function=fft, norm=None, out=None):
    a = _asarray(a)
    s, axes = _cook_nd_args(a, s, axes)
    for ii in reversed(range(len(axes))):
        a = function(a, n=s[ii], axis=axes[ii], norm=norm, out=out)
    return a


def fftn(a, s=None, axes=None, norm=None, out=None):
    """N-dimensional discrete Fourier transform."""
    return _raw_fftnd(a, s, axes, fft, norm, out=out)


def ifftn(a, s=None, axes=None, norm=None, out=None):
    """N-dimensional inverse discrete Fourier transform."""
    return _raw_fftnd(a, s, axes, ifft, norm, out=out)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """2-dimensional discrete Fourier transform."""
    return _raw_fftnd(a, s, axes, fft, norm, out=out)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """2-dimensional inverse DFT (out is honoured; NumPy 2.4 ignores it)."""
    return _raw_fftnd(a, s, axes, ifft, norm, out=out)


def rfftn(a, s=None, axes=None, norm=None, out=None):
    """N-dimensional DFT of real input: rfft over the last axis first,
    then fft over the others."""
    a = _asarray(a)
    s, axes = _cook_nd_args(a, s, axes)
    a = rfft(a, s[-1], axes[-1], norm, out=out)
    for ii in range(len(axes) - 2, -1, -1):
        a = fft(a, s[ii], axes[ii], norm, out=out)
    return a


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """2-dimensional DFT of real input."""
    return rfftn(a, s, axes, norm, out=out)


def irfftn(a, s=None, axes=None, norm=None, out=None):
    """Inverse of rfftn: ifft over all but the last axis, then irfft."""
    a = _asarray(a)
    s, axes = _cook_nd_args(a, s, axes, invreal=1)
    for ii in range(len(axes) - 1):
        a = ifft(a, s[ii], axes[ii], norm)
    a = irfft(a, s[-1], axes[-1], norm, out=out)
    return a


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """Inverse of rfft2 (out is honoured; NumPy 2.4 ignores it)."""
    return irfftn(a, s, axes, norm, out=out)
