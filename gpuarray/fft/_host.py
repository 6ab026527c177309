"""The host backend of gpuarray.fft: NumPy's pocketfft on zero-copy NumPy
views of our host memory, built from the cuFFT layout that
csrc/mathlib/fft_layout.c computed (Note [FFT layout]), so the host runs
exactly the description a GPU plan is made from.  Results go straight
into our output array (out= of numpy.fft), and pocketfft applies norm=.
"""
import numpy as _np

from .. import _core
from numpy.lib.stride_tricks import as_strided as _as_strided

from numpy.fft import fftn as _fftn, ifftn as _ifftn
from numpy.fft import irfftn as _irfftn, rfftn as _rfftn
from numpy.fft import fft as _fft, ifft as _ifft, irfft as _irfft
from numpy.fft import rfft as _rfft

_C2C, _R2C, _C2R = 0, 1, 2


def _view(arr, L, side):
    """The (loops..., batch, n0, .., n_{r-1}) view of one side of L."""
    # the host device's own memory, deliberately (this IS its FFT
    # backend): a zero-copy view that the strict test mode doesn't refuse
    base = _core._host_memory_view(arr)
    item = base.itemsize
    embed = L["inembed" if side == "in" else "onembed"]
    stride = L["istride" if side == "in" else "ostride"]
    dist = L["idist" if side == "in" else "odist"]
    ext = list(L["n"])
    if (L["kind"] == _C2R and side == "in") or (L["kind"] == _R2C and
                                                side == "out"):
        ext[-1] = ext[-1] // 2 + 1
    strides, s = [], stride
    for k in range(len(ext) - 1, -1, -1):
        strides.append(s * item)
        s *= embed[k]
    strides.reverse()
    lp = 1 if side == "in" else 2
    shape = [lp_[0] for lp_ in L["loops"]] + [L["batch"]] + ext
    strides = [lp_[lp] * item for lp_ in L["loops"]] + [dist * item] + strides
    return _as_strided(base, tuple(shape), tuple(strides))


def run(L, x, y, forward, norm):
    """Transform x into y as layout L says (the unnormalised direction
    `forward`, scaled as numpy.fft's norm= says)."""
    xv, yv = _view(x, L, "in"), _view(y, L, "out")
    first = len(L["loops"]) + 1
    axes = tuple(range(first, first + len(L["n"])))
    kind = L["kind"]
    if len(axes) == 1:      # the 1-D functions: no n-D argument handling
        ax = axes[0]
        if kind == _C2C:
            (_fft if forward else _ifft)(xv, axis=ax, norm=norm, out=yv)
        elif kind == _R2C:
            _rfft(xv, axis=ax, norm=norm, out=yv)
        else:
            _irfft(xv, n=L["n"][0], axis=ax, norm=norm, out=yv)
    elif kind == _C2C:
        (_fftn if forward else _ifftn)(xv, axes=axes, norm=norm, out=yv)
    elif kind == _R2C:
        _rfftn(xv, axes=axes, norm=norm, out=yv)
    else:
        _irfftn(xv, s=L["n"], axes=axes, norm=norm, out=yv)
