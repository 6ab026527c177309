"""The 1-D transforms of numpy.fft: fft, ifft, rfft, irfft, hfft, ihfft,
with NumPy 2's signatures, defaults, result dtypes and errors; each is one
step of the driver (_driver.py)."""
from ._driver import as_input as _asarray
from .._engine.ufuncs import conjugate as _conjugate
from ._driver import Step as _Step, swap_direction as _swap_direction
from ._driver import ignored_out as _ignored_out
from ._driver import transform as _transform

__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]


def _one(a, n, axis, is_real, is_forward, norm, out, scratch=False):
    return _transform(a, [_Step(n, axis, is_real, is_forward, True)], norm,
                      out, scratch)


def fft(a, n=None, axis=-1, norm=None, out=None):
    """One-dimensional discrete Fourier transform (numpy.fft.fft)."""
    a = _asarray(a)
    if n is None:
        n = a.shape[axis]
    return _one(a, n, axis, False, True, norm, out)


def ifft(a, n=None, axis=-1, norm=None, out=None):
    """One-dimensional inverse discrete Fourier transform."""
    a = _asarray(a)
    if n is None:
        n = a.shape[axis]
    return _one(a, n, axis, False, False, norm, out)


def rfft(a, n=None, axis=-1, norm=None, out=None):
    """DFT of real input: the n // 2 + 1 non-negative frequency terms
    (complex input raises TypeError, as in NumPy 2)."""
    a = _asarray(a)
    if n is None:
        n = a.shape[axis]
    return _one(a, n, axis, True, True, norm, out)


def irfft(a, n=None, axis=-1, norm=None, out=None):
    """Inverse of rfft: real output of length n (default 2 (m - 1)) from
    the first n // 2 + 1 terms of `a` (zero-padded if fewer); the
    imaginary parts of the zero (and, n even, the Nyquist) term are
    ignored."""
    a = _asarray(a)
    if n is None:
        n = (a.shape[axis] - 1) * 2
    return _one(a, n, axis, True, False, norm, out)


def hfft(a, n=None, axis=-1, norm=None, out=None):
    """FFT of a signal with Hermitian symmetry (real spectrum).  out= as
    the installed NumPy takes it: written from NumPy 2.5 on, ignored
    before (NumPy 2.4 drops it here)."""
    a = _asarray(a)
    out = _ignored_out(out)
    if n is None:
        n = (a.shape[axis] - 1) * 2
    new_norm = _swap_direction(norm)
    return _one(_conjugate(a), n, axis, True, False, new_norm, out,
                scratch=True)


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    """Inverse of hfft: conj(rfft(a)) with the norm direction swapped."""
    a = _asarray(a)
    if n is None:
        n = a.shape[axis]
    new_norm = _swap_direction(norm)
    out = _one(a, n, axis, True, True, new_norm, out)
    return _conjugate(out, out=out)
