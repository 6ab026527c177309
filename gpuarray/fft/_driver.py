"""One 1-D transform along one axis, the way numpy.fft's `_raw_fft`
does it: argument checks in NumPy's order and with its messages, the
norm factor computed in NumPy's dtype, NumPy 2's result dtypes, out=.

Note [FFT layout]: the transform axis is moved last and the rows are
copied (cast, truncated or zero-padded to the transform length) into one
C-contiguous buffer, which the kernels of Note [FFT kernels] treat as a
block of rows; the result is moved back and returned C-contiguous (or
written into out).
"""
import operator as _op

import numpy as _np
from numpy.lib.array_utils import normalize_axis_index as _norm_axis

from .. import _core
from ._complex_fft import c2c, real_part
from ._kernels import launch, real_of
from .._engine.arrays import ascontiguousarray
from ..manipulation.shapes import moveaxis
from .._engine.arrays import zeros

_SWAP_DIRECTION_MAP = {"backward": "forward", None: "forward",
                       "ortho": "ortho", "forward": "backward"}


def swap_direction(norm):
    try:
        return _SWAP_DIRECTION_MAP[norm]
    except KeyError:
        raise ValueError(f'Invalid norm value {norm}; should be "backward", '
                         '"ortho" or "forward".') from None


def _real_dtype_of(dt):
    """NumPy's `result_type(a.real.dtype, 1.0)`."""
    real = _np.empty(0, dt).real.dtype
    return _np.result_type(real, 1.0)


def raw_fft(a, n, axis, is_real, is_forward, norm, out=None):
    """numpy.fft._pocketfft._raw_fft on gpuarray arrays."""
    if n < 1:
        raise ValueError(f"Invalid number of FFT data points ({n}) "
                         "specified.")
    if not is_forward:
        norm = swap_direction(norm)
    real_dtype = _real_dtype_of(a.dtype)
    if norm is None or norm == "backward":
        fct = 1
    elif norm == "ortho":
        fct = _np.reciprocal(_np.sqrt(n, dtype=real_dtype))
    elif norm == "forward":
        fct = _np.reciprocal(n, dtype=real_dtype)
    else:
        raise ValueError(f'Invalid norm value {norm}; should be "backward",'
                         '"ortho" or "forward".')
    n = _op.index(n)
    # Checked before the dtype: NumPy's ufunc raises for that afterwards.
    axis = _norm_axis(axis, a.ndim)
    ct = _np.result_type(a.dtype, 1j)
    if ct not in (_np.complex64, _np.complex128):
        raise TypeError("gpuarray.fft: unsupported dtype %s" % a.dtype)
    if is_real and is_forward:
        name = "rfft_n_even" if n % 2 == 0 else "rfft_n_odd"
        n_out = n // 2 + 1
        if a.dtype.kind == "c":
            raise TypeError(
                f"ufunc '{name}' not supported for the input types, and the "
                "inputs could not be safely coerced to any supported types "
                "according to the casting rule ''safe''")
    else:
        name = ("irfft" if is_real else "fft" if is_forward else "ifft")
        n_out = n
    if is_real and not is_forward:
        out_dtype, loop_out = real_dtype, real_of(ct)
    else:
        out_dtype = loop_out = ct
    shape = a.shape[:axis] + (n_out,) + a.shape[axis + 1:]
    if out is not None:
        _check_out(out, shape, axis, n_out, loop_out, name)
    res = _transform(a, n, axis, is_real, is_forward, ct, float(fct))
    if out is None:
        return ascontiguousarray(res, dtype=out_dtype)
    out[...] = res
    return out


def _check_out(out, shape, axis, n_out, loop_out, name):
    if not isinstance(out, _core.ndarray):
        raise TypeError("out must be a gpuarray.ndarray, got %s"
                        % type(out).__name__)
    if len(out.shape) != len(shape) or out.shape[axis] != n_out:
        raise ValueError("output array has wrong shape.")
    if tuple(out.shape) != shape:
        raise ValueError(f"non-broadcastable output operand with shape "
                         f"{tuple(out.shape)} doesn't match the broadcast "
                         f"shape {shape}")
    if not _np.can_cast(loop_out, out.dtype, "same_kind"):
        raise TypeError(f"Cannot cast ufunc '{name}' output from "
                        f"{loop_out!r} to {out.dtype!r} with casting rule "
                        "'same_kind'")
    if not out.flags.writeable:
        raise ValueError("output array is read-only")


def _transform(a, n, axis, is_real, is_forward, ct, fct):
    """The result, transform axis at `axis` (any layout, loop dtype)."""
    last = a.ndim - 1
    x = a if axis == last else moveaxis(a, axis, -1)
    batch = tuple(x.shape[:-1])
    rows = int(_np.prod(batch, dtype=_np.int64))
    if is_real and not is_forward:
        n_in, n_res = n // 2 + 1, n
    else:
        n_in, n_res = n, (n // 2 + 1 if is_real else n)
    if rows == 0:
        res = _core.empty(batch + (n_res,), real_of(ct) if is_real and
                          not is_forward else ct)
    else:
        buf = _load(x, n_in, ct)
        if not is_real:
            y = c2c(buf, n, ct, -1 if is_forward else 1, fct)
            res = y.reshape(batch + (n,))
        elif is_forward:
            y = c2c(buf, n, ct, -1, fct)
            res = y.reshape(batch + (n,))[..., :n_res]
        else:
            full = launch("hermitian", ct, (buf, n, n_in),
                          _core.empty((rows * n,), ct))
            y = c2c(full, n, ct, 1, 1.0)
            res = real_part(y, ct, fct).reshape(batch + (n,))
    return res if axis == last else moveaxis(res, -1, axis)


def _load(x, n, ct):
    """Rows of x cast to ct, truncated or zero-padded to n, as one
    C-contiguous 1-D buffer (x itself where it already is one)."""
    L = x.shape[-1]
    if L >= n:
        buf = ascontiguousarray(x[..., :n] if L > n else x, dtype=ct)
    else:
        buf = zeros(tuple(x.shape[:-1]) + (n,), ct)
        if L:
            buf[..., :L] = x
    return buf.reshape(-1)
