"""gpuarray.fft: numpy.fft on gpuarray arrays (NumPy 2 API and dtypes).

The transforms are our own, built on the elementwise engine: Stockham
radix-2 passes for power-of-two lengths, Bluestein's chirp-z for the
others (Note [FFT kernels] in _kernels.py); real and n-dimensional
transforms are made of complex 1-D ones (_driver.py, _nd.py).
"""
from ._basic import fft, hfft, ifft, ihfft, irfft, rfft
from ._freq_shift import fftfreq, fftshift, ifftshift, rfftfreq
from ._nd import fft2, fftn, ifft2, ifftn, irfft2, irfftn, rfft2, rfftn

__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "rfftn",
           "irfftn", "rfft2", "irfft2", "fft2", "ifft2", "fftn", "ifftn",
           "fftshift", "ifftshift", "fftfreq", "rfftfreq"]
