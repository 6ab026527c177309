"""Complex transforms of contiguous row blocks: the passes of Note [FFT
kernels] (gpuarray/fft/_kernels.py) strung together.

Every function here takes and returns a C-contiguous 1-D complex buffer
holding `rows` rows of length n (the caller moves the transform axis
last); the input buffer is never written.
"""
from .. import _core
from ._kernels import launch, real_of


def c2c(buf, n, ct, sign, fct=1.0):
    """Unnormalised DFT (sign -1 forward, +1 inverse) of each row of buf,
    times fct."""
    if n & (n - 1) == 0:
        return _pow2(buf, n, ct, sign, fct)
    return _bluestein(buf, n, ct, sign, fct)


def _scaled(x, ct, fct, inplace):
    if fct == 1.0:
        return x
    out = x if inplace else _core.empty(x.shape, ct)
    return launch("scale", ct, (x, fct), out)


def _pow2(buf, n, ct, sign, fct):
    """Stockham radix-2 passes, ping-ponging two fresh buffers."""
    if n == 1:
        return _scaled(buf, ct, fct, False)
    bufs = [_core.empty(buf.shape, ct), _core.empty(buf.shape, ct)]
    src, m, s, k = buf, n // 2, 1, 0
    while m >= 1:
        dst = bufs[k]
        launch("stockham", ct, (src, n, m, s, sign), dst)
        src, m, s, k = dst, m // 2, s * 2, 1 - k
    return _scaled(src, ct, fct, True)


def _bluestein(buf, n, ct, sign, fct):
    """Chirp-z: a circular convolution of length M = 2^k >= 2n - 1."""
    rows = buf.size // n
    M = 1 << (2 * n - 2).bit_length()
    a = launch("chirp_pad", ct, (buf, n, M, sign),
               _core.empty((rows * M,), ct))
    A = _pow2(a, M, ct, -1, 1.0)
    h = launch("chirp_filter", ct, (n, M, sign, 1.0 / M),
               _core.empty((M,), ct))
    H = _pow2(h, M, ct, -1, 1.0)
    P = launch("row_product", ct, (A, H, M), _core.empty(A.shape, ct))
    C = _pow2(P, M, ct, 1, 1.0)
    return launch("chirp_crop", ct, (C, n, M, sign, fct),
                  _core.empty((rows * n,), ct))


def real_part(y, ct, fct=1.0):
    """The real parts of complex buffer y, times fct."""
    return launch("real_part", ct, (y, fct), _core.empty(y.shape,
                                                          real_of(ct)))
