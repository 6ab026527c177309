"""The n-dimensional transforms of numpy.fft (fftn, ifftn, fft2, ifft2,
rfftn, irfftn, rfft2, irfft2), with NumPy 2's handling of `s` and `axes`
(including its DeprecationWarnings): NumPy's sequence of 1-D steps, which
the driver runs as library calls of up to three axes (_driver.py)."""
import warnings as _warnings

import numpy as _np

from ._driver import as_input as _asarray
from ._driver import Step as _Step, transform as _transform
from ._driver import ignored_out as _ignored_out

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


def _steps(axes, s, real_first=False, real_last=False, forward=True):
    """NumPy's sequence of 1-D calls for an n-D transform (only the steps
    NumPy hands out= get it)."""
    k = len(axes)
    if real_first:      # rfftn: rfft(last), then fft over the rest, reversed
        order = [k - 1] + list(range(k - 2, -1, -1))
        return [_Step(s[i], axes[i], i == k - 1, True, True) for i in order]
    if real_last:       # irfftn: ifft over the rest in order, then irfft
        return [_Step(s[i], axes[i], i == k - 1, False, i == k - 1)
                for i in range(k)]
    return [_Step(s[i], axes[i], False, forward, True)
            for i in reversed(range(k))]


def _raw_fftnd(a, s=None, axes=None, forward=True, norm=None, out=None):
    a = _asarray(a)
    s, axes = _cook_nd_args(a, s, axes)
    return _transform(a, _steps(axes, s, forward=forward), norm, out)


def fftn(a, s=None, axes=None, norm=None, out=None):
    """N-dimensional discrete Fourier transform."""
    return _raw_fftnd(a, s, axes, True, norm, out=out)


def ifftn(a, s=None, axes=None, norm=None, out=None):
    """N-dimensional inverse discrete Fourier transform."""
    return _raw_fftnd(a, s, axes, False, norm, out=out)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """2-dimensional discrete Fourier transform."""
    return _raw_fftnd(a, s, axes, True, norm, out=out)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """2-dimensional inverse DFT (out= as the installed NumPy takes it:
    ignored before NumPy 2.5)."""
    return _raw_fftnd(a, s, axes, False, norm, out=_ignored_out(out))


def rfftn(a, s=None, axes=None, norm=None, out=None):
    """N-dimensional DFT of real input: rfft over the last axis first,
    then fft over the others."""
    a = _asarray(a)
    s, axes = _cook_nd_args(a, s, axes)
    return _transform(a, _steps(axes, s, real_first=True), norm, out)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """2-dimensional DFT of real input."""
    return rfftn(a, s, axes, norm, out=out)


def irfftn(a, s=None, axes=None, norm=None, out=None):
    """Inverse of rfftn: ifft over all but the last axis, then irfft."""
    a = _asarray(a)
    s, axes = _cook_nd_args(a, s, axes, invreal=1)
    return _transform(a, _steps(axes, s, real_last=True), norm, out)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """Inverse of rfft2 (out= as the installed NumPy takes it: ignored
    before NumPy 2.5)."""
    return irfftn(a, s, axes, norm, out=_ignored_out(out))
