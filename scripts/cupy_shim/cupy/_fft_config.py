"""``cupy.fft.config`` for the harness: gpuarray.fft.config, with CuPy's
deprecated ``enable_nd_planning`` property (its DeprecationWarning, which
CuPy's fft tests expect around every test) and the multi-GPU switches
off.  The flag itself is gpuarray's."""
import types
import warnings

import gpuarray.fft.config as _gp_config


class _Config(types.ModuleType):
    _use_multi_gpus = False
    _devices = None
    _device = None

    @property
    def enable_nd_planning(self):
        warnings.warn("enable_nd_planning is deprecated", DeprecationWarning,
                      stacklevel=2)
        return _gp_config.enable_nd_planning

    @enable_nd_planning.setter
    def enable_nd_planning(self, value):
        warnings.warn("enable_nd_planning is deprecated", DeprecationWarning,
                      stacklevel=2)
        _gp_config.enable_nd_planning = value

    def use_multi_gpus(self, *args, **kwargs):
        raise NotImplementedError("multi-GPU FFT: not in gpuarray")

    def set_cufft_gpus(self, *args, **kwargs):
        raise NotImplementedError("multi-GPU FFT: not in gpuarray")

    def set_cufft_callbacks(self, *args, **kwargs):
        raise NotImplementedError("cuFFT callbacks: not in gpuarray")

    def __getattr__(self, name):
        return getattr(_gp_config, name)


config = _Config(__name__)
