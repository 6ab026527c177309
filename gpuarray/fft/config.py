"""gpuarray.fft.config: the per-device FFT plan cache, as CuPy's
cupy.fft.config (Note [FFT plan cache] in csrc/mathlib/fft.h).

    cache = gpuarray.fft.config.get_plan_cache()   # the current device's
    cache.set_size(32); cache.set_memsize(2**30); cache.clear()
    cache.show_info()

On cuda an entry is a cuFFT plan (its work area comes from the memory
pool at each call; memsize counts those work-area sizes); on host an
entry is the plan layout only (pocketfft caches its own tables).
"""
from .. import _core

__all__ = ["PlanCache", "get_plan_cache", "show_plan_cache_info",
           "enable_nd_planning"]

# As CuPy's: True plans n-D transforms as cuFFT calls of up to 3 axes;
# False runs them one axis at a time (read at each call).
enable_nd_planning = True


def _slot_of(device):
    if device is None:
        kind, ordinal = _core._get_device()
    elif getattr(device, "__class__", None).__name__ == "HostDevice" or \
            device == "host":
        kind, ordinal = "host", 0
    else:
        kind, ordinal = "cuda", int(getattr(device, "id", device))
    if kind == "host":
        return 0, "host"
    return ordinal + 1, "cuda:%d" % ordinal


class PlanCache:
    """The plan cache of one device: at most `size` plans (0 disables
    caching) and `memsize` bytes of work area (-1: no limit), least
    recently used evicted first."""

    def __init__(self, device=None):
        self._slot, self._name = _slot_of(device)

    def _info(self):
        return _core._fft_cache("info", self._slot)

    def get_size(self):
        return self._info()["max_size"]

    def set_size(self, size):
        _core._fft_cache("set_size", self._slot, int(size))

    def get_curr_size(self):
        return self._info()["size"]

    def get_memsize(self):
        return self._info()["max_memsize"]

    def set_memsize(self, memsize):
        _core._fft_cache("set_memsize", self._slot, int(memsize))

    def get_curr_memsize(self):
        return self._info()["memsize"]

    size = property(get_size, set_size)
    memsize = property(get_memsize, set_memsize)

    def plans(self):
        """The cached plans, newest first, as dicts (kind, precision, n,
        strides, distances, batch, worksize)."""
        return self._info()["plans"]

    def clear(self):
        _core._fft_cache("clear", self._slot)

    def __len__(self):
        return self.get_curr_size()

    def show_info(self):
        info = self._info()
        lim = info["max_memsize"]
        print("FFT plan cache (device %s):" % self._name)
        print("  plans: %d / %d" % (info["size"], info["max_size"]))
        print("  work area: %d / %s bytes" % (
            info["memsize"], "unlimited" if lim < 0 else lim))
        for p in info["plans"]:
            print("  %(kind)s prec=%(precision)d n=%(n)s batch=%(batch)d "
                  "istride=%(istride)d idist=%(idist)d ostride=%(ostride)d "
                  "odist=%(odist)d worksize=%(worksize)d" % p)

    def __repr__(self):
        info = self._info()
        return "<PlanCache %s: %d/%d plans>" % (self._name, info["size"],
                                               info["max_size"])


def get_plan_cache(device=None):
    """The plan cache of `device` (default: the current device)."""
    return PlanCache(device)


def show_plan_cache_info():
    get_plan_cache().show_info()
