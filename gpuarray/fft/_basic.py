"""The 1-D transforms of numpy.fft: fft, ifft, rfft, irfft, hfft, ihfft,
with NumPy 2's signatures, defaults and argument handling (the real
transforms are built from complex ones: Note [FFT layout] in _driver.py,
the Hermitian extension kernel in _kernels.py)."""
from .._engine.arrays import asarray as _asarray
from ._driver import raw_fft as _raw_fft, swap_direction as _swap_direction
from .._engine.ufuncs import conjugate

__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]


def fft(a, n=None, axis=-1, norm=None, out=None):
    """One-dimensional discrete Fourier transform (numpy.fft.fft)."""
    a = _asarray(a)
    if n is None:
        n = a.shape[axis]
    return _raw_fft(a, n, axis, False, True, norm, out)


def ifft(a, n=None, axis=-1, norm=None, out=None):
    """One-dimensional inverse discrete Fourier transform."""
    a = _asarray(a)
    if n is None:
        n = a.shape[axis]
    return _raw_fft(a, n, axis, False, False, norm, out=out)


def rfft(a, n=None, axis=-1, norm=None, out=None):
    """DFT of real input: the n // 2 + 1 non-negative frequency terms
    (complex input raises TypeError, as in NumPy 2)."""
    a = _asarray(a)
    if n is None:
        n = a.shape[axis]
    return _raw_fft(a, n, axis, True, True, norm, out=out)


def irfft(a, n=None, axis=-1, norm=None, out=None):
    """Inverse of rfft: real output of length n (default 2 (m - 1)) from
    the first n // 2 + 1 terms of `a` (zero-padded if fewer); the
    imaginary parts of the zero (and, n even, the Nyquist) term are
    ignored."""
    a = _asarray(a)
    if n is None:
        n = (a.shape[axis] - 1) * 2
    return _raw_fft(a, n, axis, True, False, norm, out=out)


def hfft(a, n=None, axis=-1, norm=None, out=None):
    """FFT of a signal with Hermitian symmetry (real spectrum).  Unlike
    NumPy 2.4, which ignores `out` here, the result is written into out
    when given."""
    a = _asarray(a)
    if n is None:
        n = (a.shape[axis] - 1) * 2
    new_norm = _swap_direction(norm)
    return irfft(conjugate(a), n, axis, norm=new_norm, out=out)


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    """Inverse of hfft: conj(rfft(a)) with the norm direction swapped."""
    a = _asarray(a)
    if n is None:
        n = a.shape[axis]
    new_norm = _swap_direction(norm)
    out = rfft(a, n, axis, norm=new_norm, out=out)
    return conjugate(out, out=out)
