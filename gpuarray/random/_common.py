"""Shared plumbing of the distributions (random/_continuous.py,
_discrete.py, _gamma.py, _multivariate.py): parameter conversion and
checks, NumPy's size/broadcast rules, the vectorised rejection loop and
log-gamma.

Note [Flat parameters]: a distribution is computed on flat arrays of the
output's n elements.  A parameter is either a Python float (a scalar
parameter, never materialised) or a 1-D float64 device array of length n
(an array parameter broadcast to the output shape).

Note [Rounds]: a rejection sampler (or a sequential search) runs in
rounds: round 0 proposes a value for every element; the elements still
pending (rejected, or not yet found) are compacted with a boolean mask
and proposed again, and so on until none is pending.  The only value
that comes to the host is the count of pending elements, to stop the
loop.  At the end each round's values are written into the previous
round's pending slots (deepest first), so every element gets the value
of the round that accepted it.
"""

import operator as _operator

import numpy as _np

from .. import _core
from .._engine import arrays as _engine_arrays, ufuncs as _engine_ufuncs
from ..logic import truth as _logic_truth
from ..manipulation import shapes as _manipulation_shapes
from .._engine.arrays import asarray as _asarray


F64 = _np.dtype(_np.float64)
I64 = _np.dtype(_np.int64)
MAX_ROUNDS = 100000


def _shape(size):
    """NumPy's size argument as a shape: None, an integer or a sequence
    of integers (a bool is neither, as in NumPy: TypeError)."""
    if size is None:
        return ()
    if isinstance(size, _np.ndarray) and size.ndim == 0 and \
            size.dtype.kind in "iu":
        size = size.item()
    if isinstance(size, (bool, _np.bool_)) or \
            isinstance(size, (dict, set, frozenset, float, _np.floating)):
        # (dict and set are no sequences)
        raise TypeError("expected a sequence of integers or a single "
                        "integer, got %r" % (size,))
    if isinstance(size, (int, _np.integer)):
        if size < 0:
            raise ValueError("negative dimensions are not allowed")
        return (int(size),)
    # operator.index: NumPy's TypeError for a str or a float in size
    shape = tuple(_dim(s) for s in size)
    if any(s < 0 for s in shape):
        raise ValueError("negative dimensions are not allowed")
    return shape


def _dim(s):
    if isinstance(s, (bool, _np.bool_)):
        raise TypeError("an integer is required (size holds %r)" % (s,))
    return _operator.index(s)


def real(x):
    """A host parameter converted as NumPy's distributions convert a
    real one: a scalar by float() (None and text are no real numbers:
    TypeError, text that is no number ValueError, as NumPy), a NumPy
    array cast to float64 under the 'safe' rule (TypeError for complex,
    object or text arrays), a sequence by numpy.asarray(x, float64).
    Returns a Python float or a float64 NumPy array; a device array
    passes through once its dtype casts safely (param() casts it)."""
    if is_dev(x) or isinstance(x, _np.ndarray):
        if not _np.can_cast(x.dtype, F64, "safe"):
            raise TypeError("Cannot cast array data from %r to %r according "
                            "to the rule 'safe'" % (x.dtype, F64))
        if is_dev(x):
            return x
        return float(x.item()) if x.ndim == 0 else x.astype(F64)
    if isinstance(x, (list, tuple)):
        return _np.asarray(x, F64)
    if x is None or isinstance(x, (str, bytes)):
        if x is not None:
            float(x)        # NumPy's ValueError for text that is no number
        t = type(x)
        name = t.__name__ if t.__module__ == "builtins" else \
            "%s.%s" % (t.__module__, t.__name__)
        raise TypeError("must be real number, not %s" % name)
    if _np.ndim(x):         # another array-like (__array__)
        return real(_np.asarray(x))
    return float(x)


def check_out(out, dtype, size, c_only=False):
    """NumPy's checks of a distribution's out= (its check_output): a
    contiguous (c_only: C-contiguous), writable gpuarray array of the
    result dtype, of shape `size` when size is given.  Returns the size
    to draw: out's shape where size is None."""
    if out is None:
        return size
    ok = is_dev(out) and out.flags.writeable and (
        out.flags.c_contiguous or
        (out.flags.f_contiguous and not c_only))
    if not ok:
        raise ValueError("Supplied output array must be %scontiguous, "
                         "writable, aligned, and a gpuarray.ndarray (got %s)"
                         % ("C-" if c_only else "", type(out).__name__))
    if out.dtype != _np.dtype(dtype):
        raise TypeError("Supplied output array has the wrong type. "
                        "Expected %s, got %s" % (_np.dtype(dtype), out.dtype))
    if size is not None and _shape(size) != tuple(out.shape):
        raise ValueError("size must match out.shape when used together")
    return tuple(out.shape)


def is_dev(x):
    return isinstance(x, _core.ndarray)


def host(x, dtype=None):
    """A parameter as a NumPy array (a device array copied back)."""
    return _np.asarray(x.get() if is_dev(x) else x, dtype)


def param(x, dtype=F64):
    """A parameter as a Python float/int (0-d) or a device array of
    `dtype` (Note [Flat parameters])."""
    if dtype == F64:
        x = real(x)
        if isinstance(x, float):
            return x
    if is_dev(x):
        if x.ndim == 0:
            return dtype.type(x.get()).item()
        return x if x.dtype == dtype else x.astype(dtype)
    a = _np.asarray(x)
    if dtype.kind in "iu" and a.dtype.kind == "f":
        a = a.astype(dtype)
    a = a.astype(dtype)
    if a.ndim == 0:
        return a.item()
    return _asarray(a)


def any_true(cond):
    """A host bool from a bool, NumPy bool or a device bool array."""
    if is_dev(cond):
        return bool(_logic_truth.any(cond).get())
    return bool(_np.any(cond))


def check(bad, msg):
    if any_true(bad):
        raise ValueError(msg)


def isnan(x):
    return x != x


def shape_of(size):
    return _shape(size)


def pshape(p):
    return tuple(p.shape) if is_dev(p) else ()


def out_shape(size, *params):
    """NumPy's rule: size=None broadcasts the parameters; a size must
    hold the parameters' broadcast shape."""
    shapes = [pshape(p) for p in params]
    if size is None:
        return tuple(_np.broadcast_shapes(*shapes))
    shape = shape_of(size)
    full = tuple(_np.broadcast_shapes(shape, *shapes))
    if full != shape:
        raise ValueError("Output size %s is not compatible with broadcast "
                         "dimensions of inputs %s." % (shape, full))
    return shape


def flat(p, shape):
    """p as a flat parameter of the output `shape`."""
    if not is_dev(p):
        return p
    if tuple(p.shape) != tuple(shape):
        p = _manipulation_shapes.broadcast_to(p, shape)
    return _engine_arrays.ascontiguousarray(p).reshape(-1)


def take(p, mask):
    """The pending elements of a flat parameter or state."""
    if not is_dev(p) or p.ndim == 0:
        return p
    return p[mask]


def as_vector(x, n):
    """x (float or flat array) as a writable length-n device array."""
    if is_dev(x) and x.ndim == 1 and x.shape[0] == n:
        return x.copy()
    return _engine_arrays.zeros((n,), F64) + x


def rounds(step, state, n):
    """Run `step` in rounds (Note [Rounds]).  step(state, m) returns
    (values of the m elements, pending bool mask, next state); the next
    state's array members are compacted to the pending elements."""
    levels = []
    m = n
    for _ in range(MAX_ROUNDS):
        vals, pending, state = step(state, m)
        vals = as_vector(vals, m) if not (is_dev(vals) and vals.ndim == 1
                                          and vals.shape[0] == m) else vals
        levels.append((vals, pending))
        m = int(_logic_truth.count_nonzero(pending))
        if m == 0:
            break
        state = tuple(take(s, pending) for s in state)
    else:
        raise RuntimeError("gpuarray.random: a rejection loop did not end")
    for i in range(len(levels) - 2, -1, -1):
        vals, pending = levels[i]
        vals[pending] = levels[i + 1][0]
    return levels[0][0]


def by_mask(n, mask, sample_in, sample_out, dtype=F64):
    """Elements where `mask` from sample_in(t, k) and the others from
    sample_out(t, k): t(p) gives a flat parameter's elements of that
    part, k their count (a scalar mask picks one part for all n)."""
    if not is_dev(mask):
        ident = lambda p: p  # noqa: E731
        return sample_in(ident, n) if mask else sample_out(ident, n)
    out = _core.empty((n,), dtype)
    k = int(_logic_truth.count_nonzero(mask))
    if k:
        out[mask] = sample_in(lambda p: take(p, mask), k)
    if k < n:
        inv = ~mask
        out[inv] = sample_out(lambda p: take(p, inv), n - k)
    return out


def open_uniform(gen, m):
    """Uniforms in (0, 1): [0, 1) with 0 moved to 2**-54 (a 2**-53
    event)."""
    return _engine_ufuncs.maximum(gen.random(m), 2.0 ** -54)


_LOGGAM_A = (8.333333333333333e-02, -2.777777777777778e-03,
             7.936507936507937e-04, -5.952380952380952e-04,
             8.417508417508418e-04, -1.917526917526918e-03,
             6.410256410256410e-03, -2.955065359477124e-02,
             1.796443723688307e-01, -1.39243221690590e+00)


def loggam(x):
    """log Gamma(x) for x > 0, elementwise (NumPy's random_loggam:
    Stirling's series at x + n >= 7, then the recurrence down)."""
    x = _engine_arrays.asarray(x) if not is_dev(x) else x
    shift = _engine_ufuncs.where(x < 7.0, _engine_ufuncs.floor(7.0 - x), 0.0)
    x0 = x + shift
    x2 = 1.0 / (x0 * x0)
    gl0 = _LOGGAM_A[9]
    for k in range(8, -1, -1):
        gl0 = gl0 * x2 + _LOGGAM_A[k]
    gl = gl0 / x0 + 0.9189385332046727 + (x0 - 0.5) * _engine_ufuncs.log(x0) - x0
    prod = _engine_ufuncs.where(shift > 0, x, 1.0)
    for k in range(1, 7):
        prod = prod * _engine_ufuncs.where(shift > k, x + k, 1.0)
    return gl - _engine_ufuncs.log(prod)


def _run(size, params, fn):
    """Broadcast the parameters to the output shape, sample flat, shape
    the result."""
    shape = out_shape(size, *params)
    n = int(_prod(shape))
    if n == 0:
        return _core.empty(shape, F64)
    r = fn(*[flat(p, shape) for p in params], n)
    return as_vector(r, n).reshape(shape) if not (
        is_dev(r) and r.ndim == 1) else r.reshape(shape)


def _prod(shape):
    out = 1
    for s in shape:
        out *= s
    return out
