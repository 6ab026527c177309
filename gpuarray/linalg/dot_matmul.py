"""Products: dot, matmul (and `a @ b`, ndarray.dot), inner, vdot, outer,
tensordot, kron, cross.  Floating and complex products go to the
backend's GEMM (_gemm.py, Note [GEMM marshalling]); the others
(integers, bools) are contracted blockwise with the elementwise and
reduction kernels (Note [Blockwise contraction])."""
import builtins as _b
import functools as _ft
import math as _math
import warnings as _warnings

import numpy as _np

from ..manipulation import shapes as _mn
from .._engine import ufuncs as _uf
from .. import _core
from .._core import ndarray
from .._engine.arrays import asarray, zeros
from .._engine.operands import _accumulator
from ..math import sums as _math_sums
from ..ufuncs import gufunc_axes as _gufunc_axes
from . import _gemm, _intgemm
from ._order import honours_order as _honours_order

__all__ = ["dot", "matmul", "inner", "vdot", "outer", "tensordot", "kron",
           "cross"]

_normalize_axis = _np.lib.array_utils.normalize_axis_index

# Upper bound on the elements of one broadcast temporary (products of
# dot/matmul, and isin): 4 Mi elements, 64 MiB at complex128.
_TEMP_ELEMENTS = 1 << 22
# At most this many contracted elements go into one multiply+sum.
_CHUNK = 256


# Note [Blockwise contraction]: every product here reduces to
# `sum over k of A[..., k] * B[..., k]` with A and B broadcast against
# each other.  The full broadcast product would need
# (result size) x (contracted length) elements, so the contracted axis is
# cut into chunks of at most _CHUNK elements -- fewer when the result is
# large, so that a chunk's temporary stays under _TEMP_ELEMENTS -- and
# each chunk is one multiply, one sum over the last axis, and one add
# into the result.  float16 accumulates in float32 (as NumPy's float16
# dot does).  A cuBLAS path for large matrices is future work.

def _contract(a, b, dt):
    """sum(a * b, axis=-1) in dtype dt, blockwise (Note [Blockwise
    contraction])."""
    shape = _np.broadcast_shapes(a.shape[:-1], b.shape[:-1])
    k = a.shape[-1]
    acc = _accumulator(dt)
    per_step = _TEMP_ELEMENTS // _b.max(1, _math.prod(shape))
    step = _b.max(1, _b.min(_CHUNK, per_step))
    result = None
    for start in range(0, k, step):
        stop = _b.min(k, start + step)
        part = _math_sums.sum(_uf.multiply(a[..., start:stop], b[..., start:stop],
                                    dtype=acc), axis=-1, dtype=acc)
        if result is None:
            result = part
        else:
            _uf.add(result, part, out=result)
    if result is None:
        result = zeros(shape, acc)
    return result.astype(dt, copy=False)


def _into(out, result):
    if out is None:
        return result
    out[...] = result
    return out


def _direct(dt):
    """Whether dt's products go to a GEMM (BLAS or our integer kernel)
    rather than the blockwise contraction."""
    dt = _np.dtype(dt)
    return dt in _gemm.BLAS_TYPES or dt.kind in "biu"


def _into_dot(out, result, dt):
    """dot's out=: NumPy takes only an exact match (C-contiguous, the
    result's dtype and shape), as it writes into it directly."""
    if out is None:
        return result
    if not isinstance(out, ndarray):
        raise TypeError("'out' must be a gpuarray.ndarray (got %s)"
                        % type(out).__name__)
    if (out.dtype != dt
            or out.shape != result.shape or not out.flags.c_contiguous):
        raise ValueError("output array is not acceptable (must have the "
                         "right datatype, number of dimensions, and be a "
                         "C-Array)")
    out[...] = result
    return out


def _matmul2d(a, b, dt):
    """(..., M, K) x (..., K, N) -> (..., M, N), batch axes broadcast."""
    if _np.dtype(dt) in _gemm.BLAS_TYPES:
        return _gemm.matmul(a, b, dt)
    if _np.dtype(dt).kind in "biu":
        return _intgemm.matmul(a, b, dt)
    rows = a[..., :, None, :]
    columns = _mn.swapaxes(b, -1, -2)[..., None, :, :]
    return _contract(rows, columns, dt)


def _gemm_pair(a, b):
    """Two arrays of at most 2 axes (where dot / inner are one matmul):
    the one-C-call path (_core._ml_matmul), which answers NotImplemented
    for what it does not take (dtypes, devices, shapes, empty)."""
    return (type(a) is ndarray and type(b) is ndarray
            and 1 <= a.ndim <= 2 and 1 <= b.ndim <= 2)


# Note [Timedelta products]: NumPy's dot, inner, vdot (and tensordot,
# through dot) of timedelta64 take the common type of the operands and sum
# the raw int64 products (wrapping, NaT as its raw value).  NumPy 2.4 casts
# both operands to the generic timedelta64 (the raw values, any unit, ints,
# bools) and returns a generic timedelta64; NumPy 2.5 casts both to the
# common type (m8[s] with m8[ms] is m8[ms], values converted) and returns
# that type, and its out= must be exactly that type.  gpuarray follows the
# installed NumPy.  A datetime64 common type is NumPy's ValueError (a
# timedelta operand's failed safe cast: TypeError); operands with no common
# type (timedelta and float, say) NumPy multiplies as Python objects, which
# gpuarray arrays cannot hold: TypeError.  A 0-d operand is NumPy's
# multiply of the two timedelta operands: its UFuncTypeError.
_TD_COMMON_UNIT = _np.lib.NumpyVersion(_np.__version__) >= "2.5.0"
_GENERIC_TD = _np.dtype("m8")


def _timedelta_raw(a, b):
    """(a's raw int64 values, b's, the result dtype) of NumPy's timedelta
    dot, or None when neither is a datetime (Note [Timedelta products])."""
    if a.dtype.kind not in "mM" and b.dtype.kind not in "mM":
        return None
    try:
        ct = _np.promote_types(a.dtype, b.dtype)
    except TypeError:
        raise TypeError("dot of %s and %s: NumPy computes it with Python "
                        "objects, which gpuarray arrays cannot hold"
                        % (a.dtype, b.dtype)) from None
    if ct.kind != "m":
        other = a.dtype if a.dtype.kind != "M" else b.dtype
        if other.kind != "M":   # NumPy's safe cast to the datetime fails
            raise TypeError("Cannot cast array data from %r to %r according "
                            "to the rule 'safe'" % (other, ct))
        raise ValueError("dot not available for this type")
    rdt = ct if _TD_COMMON_UNIT else _GENERIC_TD
    if a.ndim == 0 or b.ndim == 0:     # NumPy's multiply of the operands
        x = a.dtype if a.dtype.kind == "m" else b.dtype
        _np.multiply(_np.zeros(1, ct if _TD_COMMON_UNIT else x),
                     _np.zeros(1, rdt))

    def raw(x):
        if _TD_COMMON_UNIT:
            x = x.astype(ct)
        return x.view(_np.int64) if x.dtype.kind == "m" else \
            x.astype(_np.int64)
    return raw(a), raw(b), rdt


def _timedelta_out(r, rdt, out):
    """r (int64 raw values) as timedelta dtype rdt, in out if given (any
    timedelta64 unit under NumPy 2.4's type-number check, exactly rdt
    under 2.5's)."""
    res = r.view(rdt)
    if out is None:
        return res
    if not isinstance(out, ndarray):
        raise TypeError("'out' must be a gpuarray.ndarray (got %s)"
                        % type(out).__name__)
    if (out.dtype.kind != "m" or out.shape != res.shape
            or not out.flags.c_contiguous
            or (_TD_COMMON_UNIT and out.dtype != rdt)):
        raise ValueError("output array is not acceptable (must have the "
                         "right datatype, number of dimensions, and be a "
                         "C-Array)")
    out.view(_np.int64)[...] = r
    return out


def dot(a, b, out=None):
    """NumPy's dot: a product for scalars, else a sum over the last axis
    of a and the second-to-last of b (the last when b is 1-D)."""
    a, b = asarray(a), asarray(b)
    raw = _timedelta_raw(a, b)
    if raw is not None:     # Note [Timedelta products]
        return _timedelta_out(dot(raw[0], raw[1]), raw[2], out)
    if out is None and _gemm_pair(a, b):    # where dot is matmul
        r = _core._ml_matmul(a, b, None)
        if r is not NotImplemented:
            return r
    a, b = asarray(a), asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return _into(out, _uf.multiply(a, b))
    dt = _np.result_type(a.dtype, b.dtype)
    bk = 0 if b.ndim == 1 else b.ndim - 2
    if a.shape[-1] != b.shape[bk]:
        raise ValueError("shapes %s and %s not aligned: %d (dim %d) != %d "
                         "(dim %d)" % (a.shape, b.shape, a.shape[-1],
                                       a.ndim - 1, b.shape[bk], bk))
    k = a.shape[-1]
    if _direct(dt):
        lhs = a.reshape((_math.prod(a.shape[:-1]), k))
        if b.ndim == 1:
            r = _matmul2d(lhs, b[:, None], dt)
            return _into_dot(out, r.reshape(a.shape[:-1]), dt)
        rhs = _mn.moveaxis(b, -2, 0).reshape((k, b.size // k if k else
                                              _math.prod(b.shape[:-2])
                                              * b.shape[-1]))
        r = _matmul2d(lhs, rhs, dt)
        return _into_dot(out, r.reshape(a.shape[:-1] + b.shape[:-2]
                                        + b.shape[-1:]), dt)
    if b.ndim == 1:
        return _into(out, _contract(a, b, dt))
    spread = a.reshape(a.shape[:-1] + (1,) * (b.ndim - 1) + (k,))
    return _into(out, _contract(spread, _mn.swapaxes(b, -1, -2), dt))


def vdot(a, b):
    """Dot product of the flattened arrays, the first one conjugated."""
    a, b = asarray(a), asarray(b)
    raw = _timedelta_raw(a, b)
    if raw is not None:     # Note [Timedelta products]
        return vdot(raw[0], raw[1]).view(raw[2])
    if _gemm_pair(a, b) and a.ndim == b.ndim == 1 and a.dtype.kind != "c":
        r = _core._ml_matmul(a, b, None)
        if r is not NotImplemented:
            return r
    a, b = asarray(a).reshape(-1), asarray(b).reshape(-1)
    if a.size != b.size:
        raise ValueError("vectors have different lengths")
    dt = _np.result_type(a.dtype, b.dtype)
    if a.dtype.kind == "c":
        a = _uf.conjugate(a)
    if _direct(dt):
        return _matmul2d(a[None, :], b[:, None], dt).reshape(())
    return _contract(a, b, dt)


def inner(a, b):
    """Sum over the last axes: shape a.shape[:-1] + b.shape[:-1]."""
    a, b = asarray(a), asarray(b)
    raw = _timedelta_raw(a, b)
    if raw is not None:     # Note [Timedelta products]
        return inner(raw[0], raw[1]).view(raw[2])
    if _gemm_pair(a, b):
        r = _core._ml_matmul(a, b.T, None)
        if r is not NotImplemented:
            return r
    a, b = asarray(a), asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return _uf.multiply(a, b)
    if a.shape[-1] != b.shape[-1]:
        raise ValueError("shapes %s and %s not aligned: %d (dim %d) != %d "
                         "(dim %d)" % (a.shape, b.shape, a.shape[-1],
                                       a.ndim - 1, b.shape[-1], b.ndim - 1))
    k = a.shape[-1]
    dt = _np.result_type(a.dtype, b.dtype)
    if _direct(dt):
        r = _matmul2d(a.reshape((_math.prod(a.shape[:-1]), k)),
                         b.reshape((_math.prod(b.shape[:-1]), k)).T, dt)
        return r.reshape(a.shape[:-1] + b.shape[:-1])
    spread = a.reshape(a.shape[:-1] + (1,) * (b.ndim - 1) + (k,))
    return _contract(spread, b, dt)


def outer(a, b, out=None):
    a, b = asarray(a).reshape(-1), asarray(b).reshape(-1)
    if out is not None:
        return _uf.multiply(a[:, None], b[None, :], out=out)
    return _uf.multiply(a[:, None], b[None, :])


def _matmul_core_error(i, has):
    raise ValueError("matmul: Input operand %d does not have enough "
                     "dimensions (has %d, gufunc core with signature "
                     "(n?,k),(k,m?)->(n?,m?) requires 1)" % (i, has))


@_honours_order    # order= (issue 22), a wrapper
def _matmul(x1, x2, /, out=None, *, casting="same_kind", order="K",
           dtype=None, subok=True, signature=None, axes=_np._NoValue,
           axis=_np._NoValue, keepdims=_np._NoValue):
    """Matrix product of stacks of matrices (batch axes broadcast; a 1-D
    operand is a row / column vector whose axis is dropped after)."""
    sig = "(n?,k),(k,m?)->(n?,m?)"
    _uf.check_subok(subok)
    _gufunc_axes.check_keywords("matmul", sig, axes, axis, keepdims)
    a, b = asarray(x1), asarray(x2)
    if signature is not None:
        # the loop NumPy's signature= picks (and NumPy's errors for a bad
        # one), from a call on 1x1 probes
        given = {} if dtype is None else {"dtype": dtype}
        dtype = _np.matmul(_np.zeros((1, 1), a.dtype),
                           _np.zeros((1, 1), b.dtype), casting=casting,
                           signature=signature, **given).dtype
    for i, x in enumerate((a, b)):
        if x.ndim == 0:
            _matmul_core_error(i, 0)
    if a.dtype.kind in "mM" or b.dtype.kind in "mM":
        # NumPy's matmul has no datetime loop: its UFuncTypeError
        _np.matmul(_np.zeros((1, 1), a.dtype), _np.zeros((1, 1), b.dtype),
                   dtype=dtype, casting=casting)
    if axes is not _np._NoValue:
        r = _gufunc_axes.apply(
            "matmul", lambda p, q: matmul(p, q, casting=casting,
                                          dtype=dtype),
            a, b, (_b.min(a.ndim, 2), _b.min(b.ndim, 2)),
            lambda ops: (ops[0].ndim > 1) + (ops[1].ndim > 1), axes, out)
        return _into(out, r)
    dt = _np.result_type(a.dtype, b.dtype) if dtype is None else \
        _np.dtype(dtype)
    for x in (a, b):
        if not _np.can_cast(x.dtype, dt, casting=casting):
            raise TypeError("Cannot cast ufunc 'matmul' input from %r to %r "
                            "with casting rule %r" % (x.dtype, dt, casting))
    a2 = a[None, :] if a.ndim == 1 else a
    b2 = b[:, None] if b.ndim == 1 else b
    if b2.shape[-2] != a2.shape[-1]:
        raise ValueError("matmul: Input operand 1 has a mismatch in its "
                         "core dimension 0, with gufunc signature "
                         "(n?,k),(k,m?)->(n?,m?) (size %d is different "
                         "from %d)" % (b2.shape[-2], a2.shape[-1]))
    batch = _np.broadcast_shapes(a2.shape[:-2], b2.shape[:-2])
    shape = batch + a.shape[-2:-1] + b.shape[-1:] if b.ndim > 1 else \
        batch + a.shape[-2:-1]
    if isinstance(out, tuple) and len(out) == 1:
        out = out[0]
    if out is not None:
        _check_matmul_out(out, shape, dt, casting, len(shape) - len(batch))
    result = _matmul2d(a2, b2, dt)
    return _into(out, result.reshape(shape))


@_ft.wraps(_matmul)
def matmul(x1, x2, /, out=None, **kwargs):
    # The common call -- two arrays of one library dtype, no keywords, no
    # out= or an exact one -- is one C call (csrc/python/matmul_py.c);
    # the rest, errors included, is _matmul.
    if not kwargs and type(x1) is ndarray and type(x2) is ndarray:
        r = _core._ml_matmul(x1, x2, out)
        if r is not NotImplemented:
            return r
    return _matmul(x1, x2, out=out, **kwargs)


matmul.__name__ = matmul.__qualname__ = "matmul"


def _broadcasts_to(shape, big, ncore):
    """Whether `shape` broadcasts to `big` (which has more axes), its last
    ncore (core) axes equal."""
    tail = big[len(big) - len(shape):]
    if ncore and tail[-ncore:] != shape[-ncore:]:
        return False
    return _b.all(s == t or s == 1 for s, t in zip(shape, tail))


def _check_matmul_out(out, shape, dt, casting, ncore=2):
    """NumPy's checks of matmul's out=: an array of exactly the result's
    shape, reachable from the loop dtype under `casting`."""
    if not isinstance(out, ndarray):
        raise TypeError("return arrays must be of ArrayType")
    core = len(shape) - out.ndim
    if out.shape != shape and core < 0 and _broadcasts_to(shape, out.shape,
                                                       ncore):
        core = 0     # NumPy's out= may add leading batch axes
    elif out.shape != shape:
        if out.ndim == len(shape) and out.shape[:-2] == shape[:-2]:
            for i in (0, 1):
                if out.shape[-2 + i] != shape[-2 + i]:
                    raise ValueError(
                        "matmul: Output operand 0 has a mismatch in its core "
                        "dimension %d, with gufunc signature (n?,k),(k,m?)->"
                        "(n?,m?) (size %d is different from %d)"
                        % (i, out.shape[-2 + i], shape[-2 + i]))
        raise ValueError("non-broadcastable output operand with shape %s "
                         "doesn't match the broadcast shape %s"
                         % (out.shape, shape) if core <= 0 else
                         "output operand has too few dimensions: %s for "
                         "the result's %s" % (out.shape, shape))
    if not _np.can_cast(dt, out.dtype, casting=casting):
        # NumPy's own UFuncTypeError, raised by NumPy on 1x1 dummies.
        _np.matmul(_np.ones((1, 1), dt), _np.ones((1, 1), dt),
                   out=_np.empty((1, 1), out.dtype), casting=casting)


def tensordot(a, b, axes=2):
    """Sum over the paired axes of a and b: shape (a's free axes) + (b's
    free axes)."""
    a, b = asarray(a), asarray(b)
    if a.dtype.kind in "mM" or b.dtype.kind in "mM":
        # NumPy's errors and result type (Note [Timedelta products])
        ra, rb, rdt = _timedelta_raw(a.reshape(-1), b.reshape(-1))
        return tensordot(ra.reshape(a.shape), rb.reshape(b.shape),
                         axes).view(rdt)
    try:
        iter(axes)
    except TypeError:
        axes_a = list(range(-axes, 0))
        axes_b = list(range(0, axes))
    else:
        axes_a, axes_b = axes
    axes_a = [axes_a] if _np.ndim(axes_a) == 0 else list(axes_a)
    axes_b = [axes_b] if _np.ndim(axes_b) == 0 else list(axes_b)
    if len(axes_a) != len(axes_b) or _b.any(
            a.shape[i] != b.shape[j] for i, j in zip(axes_a, axes_b)):
        raise ValueError("shape-mismatch for sum")
    axes_a = [i % a.ndim if a.ndim else i for i in axes_a]
    axes_b = [j % b.ndim if b.ndim else j for j in axes_b]
    free_a = [i for i in range(a.ndim) if i not in axes_a]
    free_b = [j for j in range(b.ndim) if j not in axes_b]
    k = _math.prod(a.shape[i] for i in axes_a)
    lhs = a.transpose(free_a + axes_a).reshape(
        (_math.prod(a.shape[i] for i in free_a), k))
    rhs = b.transpose(axes_b + free_b).reshape(
        (k, _math.prod(b.shape[j] for j in free_b)))
    dt = _np.result_type(a.dtype, b.dtype)
    result = _matmul2d(lhs, rhs, dt)
    return result.reshape(tuple(a.shape[i] for i in free_a)
                          + tuple(b.shape[j] for j in free_b))


def kron(a, b):
    """Kronecker product: block (i, j, ...) is a[i, j, ...] * b."""
    a, b = asarray(a), asarray(b)
    nd = _b.max(a.ndim, b.ndim)
    sa = (1,) * (nd - a.ndim) + a.shape
    sb = (1,) * (nd - b.ndim) + b.shape
    # Interleave the axes: a on the even ones, b on the odd ones.
    a_spread = a.reshape(tuple(s for d in sa for s in (d, 1)))
    b_spread = b.reshape(tuple(s for d in sb for s in (1, d)))
    product = _uf.multiply(a_spread, b_spread)
    return product.reshape(tuple(x * y for x, y in zip(sa, sb)))


def _components(x):
    """The 2 or 3 vector components (last axis) of x; None for a missing
    z."""
    parts = [x[..., i] for i in range(x.shape[-1])]
    return parts + [None] * (3 - len(parts))


# NumPy 2.5 removed 2-vectors from cross (deprecated in 2.0); follow the
# NumPy that is installed, as users compare against it.
CROSS_3_ONLY = tuple(int(p) for p in _np.__version__.split(".")[:2]) >= (2, 5)


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """Cross product of 3-vectors (2-vectors: z = 0, deprecated)."""
    if axis is not None:
        axisa = axisb = axisc = axis
    a, b = asarray(a), asarray(b)
    if a.ndim < 1 or b.ndim < 1:
        raise ValueError("At least one array has zero dimension")
    a = _mn.moveaxis(a, _normalize_axis(axisa, a.ndim, "axisa"), -1)
    b = _mn.moveaxis(b, _normalize_axis(axisb, b.ndim, "axisb"), -1)
    if CROSS_3_ONLY and (a.shape[-1] != 3 or b.shape[-1] != 3):
        raise ValueError(
            "Both input arrays must be (arrays of) 3-dimensional vectors, "
            "but they are %d and %d dimensional instead."
            % (a.shape[-1], b.shape[-1]))
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError("incompatible dimensions for cross product\n"
                         "(dimension must be 2 or 3)")
    if a.shape[-1] == 2 or b.shape[-1] == 2:
        _warnings.warn("Arrays of 2-dimensional vectors are deprecated. Use "
                       "arrays of 3-dimensional vectors instead. (deprecated "
                       "in NumPy 2.0)", DeprecationWarning, stacklevel=2)
    shape = _np.broadcast_shapes(a.shape[:-1], b.shape[:-1])
    dt = _np.promote_types(a.dtype, b.dtype)
    a0, a1, a2 = _components(a)
    b0, b1, b2 = _components(b)
    z = _uf.subtract(_uf.multiply(a0, b1), _uf.multiply(a1, b0))
    if a2 is None and b2 is None:
        return _mn.broadcast_to(z, shape).astype(dt)
    if a2 is None:
        x = _uf.multiply(a1, b2)
        y = _uf.negative(_uf.multiply(a0, b2))
    elif b2 is None:
        x = _uf.negative(_uf.multiply(a2, b1))
        y = _uf.multiply(a2, b0)
    else:
        x = _uf.subtract(_uf.multiply(a1, b2), _uf.multiply(a2, b1))
        y = _uf.subtract(_uf.multiply(a2, b0), _uf.multiply(a0, b2))
    result = _mn.stack([_mn.broadcast_to(c, shape) for c in (x, y, z)],
                       axis=-1, dtype=dt)
    axisc = _normalize_axis(axisc, result.ndim, "axisc")
    return _mn.moveaxis(result, -1, axisc)


def _matmul_operator(x1, x2):
    """`a @ b` (the C type's nb_matrix_multiply hook): NotImplemented for
    operands that are not array-like, so Python can try the other side."""
    for x in (x1, x2):
        if not isinstance(x, (ndarray, _np.ndarray, list, tuple, bool, int,
                              float, complex, _np.generic)):
            return NotImplemented
    return matmul(x1, x2)


def _m_dot(self, b, out=None):
    return dot(self, b, out)


# `@` (the "matmul" hook) and ndarray.dot forward here (gpuarray/__init__.py,
# Note [Lazy namespace] in _engine/lazy.py)
