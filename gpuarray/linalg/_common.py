"""Shared checks for gpuarray.linalg: input conversion, the dtype a
routine computes in, and NumPy's shape errors."""
import numpy as _np
from .._engine import arrays as _engine_arrays
from .._engine import ufuncs as _engine_ufuncs
from ..manipulation import shapes as _manipulation_shapes


LinAlgError = _np.linalg.LinAlgError


def work_dtype(*arrays):
    """The dtype to compute in: ints and bools go to float64 (NumPy's
    rule), float32/complex64 stay single precision unless something is
    double; float16 is refused as NumPy refuses it."""
    double = complex_ = False
    for a in arrays:
        dt = a.dtype
        if dt.kind == "c":
            complex_ = True
            double = double or dt == _np.complex128
        elif dt.kind == "f":
            if dt not in (_np.float32, _np.float64):
                raise TypeError("array type %s is unsupported in linalg"
                                % dt.name)
            double = double or dt == _np.float64
        else:
            double = True
    if complex_:
        return _np.dtype(_np.complex128 if double else _np.complex64)
    return _np.dtype(_np.float64 if double else _np.float32)


def real_dtype(dt):
    return _np.dtype(dt.char.lower()) if dt.kind == "c" else dt


def at_least_2d(*arrays):
    for a in arrays:
        if a.ndim < 2:
            raise LinAlgError("%d-dimensional array given. Array must be at "
                              "least two-dimensional" % a.ndim)


def square(*arrays):
    for a in arrays:
        if a.shape[-1] != a.shape[-2]:
            raise LinAlgError("Last 2 dimensions of the array must be square")


def square_stack(a):
    """a as a gpuarray checked to be a (..., n, n) stack."""
    a = _engine_arrays.asarray(a)
    at_least_2d(a)
    square(a)
    return a


def flat_stack(a, dt):
    """(..., n, m) -> a fresh contiguous (B, n, m) copy in dtype dt, so the
    column loops can write into it and index its batch axis with one
    integer array."""
    batch = a.shape[:-2]
    b = int(_np.prod(batch, dtype=_np.int64))
    c = _engine_arrays.ascontiguousarray(a.astype(dt, copy=True))
    return c.reshape((b,) + a.shape[-2:])


def abs_squared(x):
    """|x|**2 elementwise, real (no square root, no complex multiply)."""
    if x.dtype.kind == "c":
        re, im = _engine_ufuncs.real(x), _engine_ufuncs.imag(x)
        return re * re + im * im
    return x * x


def conj_t(x):
    """The conjugate transpose of the last two axes."""
    x = _manipulation_shapes.swapaxes(x, -1, -2)
    return _engine_ufuncs.conjugate(x) if x.dtype.kind == "c" else x
