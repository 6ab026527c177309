"""gpuarray.fft: numpy.fft on gpuarray arrays (NumPy 2 API and dtypes).

The transforms run in the vendor library of the array's device: cuFFT on
cuda (csrc/mathlib/fft_cufft.c), NumPy's pocketfft on zero-copy views on
host (_host.py), both from one plan layout (csrc/mathlib/fft_layout.c);
_driver.py turns NumPy's calls into those library calls.  Plans are
cached per device: gpuarray.fft.config.get_plan_cache().
"""
from . import config  # noqa: F401  (gpuarray.fft.config)
from ._basic import fft, hfft, ifft, ihfft, irfft, rfft
from ._freq_shift import fftfreq, fftshift, ifftshift, rfftfreq
from ._nd import fft2, fftn, ifft2, ifftn, irfft2, irfftn, rfft2, rfftn

__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "rfftn",
           "irfftn", "rfft2", "irfft2", "fft2", "ifft2", "fftn", "ifftn",
           "fftshift", "ifftshift", "fftfreq", "rfftfreq"]
