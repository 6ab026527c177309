"""Random number generation on the device: `Generator` (NumPy's
`default_rng` API) and `RandomState` (the legacy `np.random.*` API), both
drawing from Philox4x32-10 (random/_philox.py).

Note [Random streams]: a generator is a 64-bit key (from the seed) and a
counter; a call that fills n elements uses counters [c, c + n) and moves
the counter past them, so successive calls never reuse numbers and the
same seed gives the same arrays on every device (host included).  The
numbers are NOT NumPy's streams (NumPy's bit generators are sequential);
the distributions are the same.  Sizes follow NumPy: `size=None` gives
one value -- here a 0-d device array, as our reductions do (decision 1).
"""
import hashlib as _hashlib
import os as _os

import numpy as _np

from .. import _core
from .._creation import asarray as _asarray
from . import _philox
from ._api import GeneratorDistributions, LegacyDistributions

_F64 = _np.dtype(_np.float64)
_F32 = _np.dtype(_np.float32)
_I64 = _np.dtype(_np.int64)


def _key_of(seed):
    """64-bit key words from any NumPy-style seed (None: OS entropy)."""
    if seed is None:
        raw = _os.urandom(8)
    else:
        if isinstance(seed, (int, _np.integer)) and int(seed) < 0:
            raise ValueError("Seed must be non-negative")
        words = _np.asarray(seed)
        if words.dtype.kind not in "iu" or (words < 0).any():
            raise TypeError("SeedSequence expects int or sequence of ints "
                            "for entropy not %r" % (seed,))
        raw = _hashlib.sha256(repr(words.tolist()).encode()).digest()
    k = int.from_bytes(raw[:8], "little")
    return k & 0xFFFFFFFF, k >> 32


def _shape(size):
    if size is None:
        return ()
    if isinstance(size, (int, _np.integer)):
        if size < 0:
            raise ValueError("negative dimensions are not allowed")
        return (int(size),)
    shape = tuple(int(s) for s in size)
    if any(s < 0 for s in shape):
        raise ValueError("negative dimensions are not allowed")
    return shape


class _Stream:
    """Key + counter (Note [Random streams])."""

    def __init__(self, seed=None):
        self.k0, self.k1 = _key_of(seed)
        self.counter = 0

    def fill(self, body, shape, dtype, extra=(), extra_types=()):
        out = _core.empty(shape, dtype)
        if out.size:
            _core._elementwise(
                body, (self.k0, self.k1, self.counter) + tuple(extra),
                (out,), (_I64, _I64, _I64) + tuple(extra_types) + (dtype,),
                _philox.PRELUDE)
            self.counter += out.size
        return out


def _float_dtype(dtype):
    dt = _np.dtype(dtype)
    if dt not in (_F64, _F32):
        raise TypeError("Unsupported dtype %r for random" % dt.name)
    return dt


def _broadcast_size(size, *params):
    if size is not None:
        return _shape(size)
    return _np.broadcast_shapes(*[_np.shape(p) if not hasattr(p, "shape")
                                  else p.shape for p in params])


class Generator(GeneratorDistributions):
    """NumPy's Generator API on the device (Philox-based)."""

    def __init__(self, seed=None):
        self._s = _Stream(seed)

    def random(self, size=None, dtype=_np.float64, out=None):
        dt = _float_dtype(dtype)
        r = self._s.fill(_philox.UNIFORM64 if dt == _F64 else
                         _philox.UNIFORM32, _shape(size), dt)
        return _into(r, out)

    def standard_normal(self, size=None, dtype=_np.float64, out=None):
        dt = _float_dtype(dtype)
        r = self._s.fill(_philox.NORMAL64 if dt == _F64 else
                         _philox.NORMAL32, _shape(size), dt)
        return _into(r, out)

    def standard_exponential(self, size=None, dtype=_np.float64, out=None):
        dt = _float_dtype(dtype)
        r = self._s.fill(_philox.EXPONENTIAL64 if dt == _F64 else
                         _philox.EXPONENTIAL32, _shape(size), dt)
        return _into(r, out)

    def uniform(self, low=0.0, high=1.0, size=None):
        shape = _broadcast_size(size, low, high)
        u = self.random(shape)
        return _affine(u, low, _sub(high, low))

    def normal(self, loc=0.0, scale=1.0, size=None):
        _check_nonneg(scale, "scale")
        shape = _broadcast_size(size, loc, scale)
        return _affine(self.standard_normal(shape), loc, scale)

    def exponential(self, scale=1.0, size=None):
        _check_nonneg(scale, "scale")
        shape = _broadcast_size(size, scale)
        return _affine(self.standard_exponential(shape), 0.0, scale)

    def integers(self, low, high=None, size=None, dtype=_np.int64,
                 endpoint=False):
        if high is None:
            low, high = 0, low
        dt = _np.dtype(dtype)
        if dt.kind not in "iub":
            raise TypeError("Unsupported dtype %r for integers" % dt.name)
        lo, hi = int(low), int(high) + (1 if endpoint else 0)
        if lo >= hi:
            raise ValueError("low >= high" if not endpoint else
                             "low > high")
        info = _np.iinfo(dt) if dt.kind != "b" else None
        if info is not None and (lo < info.min or hi - 1 > info.max):
            raise ValueError("high is out of bounds for %s" % dt.name)
        span = (hi - lo) % (1 << 64)
        span = span - (1 << 64) if span >= 1 << 63 else span
        low64 = lo - (1 << 64) if lo >= 1 << 63 else lo
        return self._s.fill(_philox.INTEGERS, _shape(size), dt,
                            (low64, span), (_I64, _I64))

    def choice(self, a, size=None, replace=True, p=None, axis=0,
               shuffle=True):
        return _choice(self, a, size, replace, p, axis)

    def permutation(self, x, axis=0):
        return _permutation(self, x, axis)

    def shuffle(self, x, axis=0):
        x[...] = _permutation(self, x, axis)

    def permuted(self, x, axis=None, out=None):
        x = _asarray(x)
        if axis is None:
            r = _permutation(self, x.reshape(-1), 0).reshape(x.shape)
        else:
            from .._sorting import argsort
            from .._indexing import take_along_axis
            keys = self.random(x.shape)
            r = take_along_axis(x, argsort(keys, axis=axis), axis)
        return _into(r, out)


def _into(r, out):
    if out is None:
        return r
    out[...] = r
    return out


def _sub(a, b):
    return _asarray(a) - b if hasattr(a, "shape") else a - b


def _affine(u, shift, scale):
    """u * scale + shift, keeping u's dtype for Python-number params."""
    if not hasattr(scale, "shape") and scale == 1.0 and \
            not hasattr(shift, "shape") and shift == 0.0:
        return u
    s = _asarray(scale) if isinstance(scale, (list, tuple)) else scale
    b = _asarray(shift) if isinstance(shift, (list, tuple)) else shift
    return u * s + b


def _check_nonneg(x, name):
    host = x.get() if hasattr(x, "get") else _np.asarray(x)
    if (_np.asarray(host) < 0).any():
        raise ValueError("%s < 0" % name)


def _permutation(gen, x, axis):
    from .._sorting import argsort
    if isinstance(x, (int, _np.integer)):
        from .._creation import arange
        x = arange(int(x))
    x = _asarray(x)
    if x.ndim == 0:
        raise _np.exceptions.AxisError(
            "x must be an integer or at least 1-dimensional")
    from .._reductions import _axes
    ax = _axes(axis, x.ndim)[0]
    order = argsort(gen.random((x.shape[ax],)))
    return x[(slice(None),) * ax + (order,)]


def _choice(gen, a, size, replace, p, axis):
    from .._creation import arange
    pop = arange(int(a)) if isinstance(a, (int, _np.integer)) else \
        _asarray(a)
    if isinstance(a, (int, _np.integer)) and int(a) <= 0:
        raise ValueError("a must be a positive integer unless no samples "
                         "are taken")
    if pop.ndim == 0:
        raise ValueError("a must be 1-dimensional or an integer")
    n = pop.shape[axis]
    shape = _shape(size)
    count = int(_np.prod(shape, dtype=_np.int64))
    if p is not None:
        ph = _np.asarray(p.get() if hasattr(p, "get") else p, _np.float64)
        if ph.ndim != 1 or ph.shape[0] != n:
            raise ValueError("a and p must have same size")
        if (ph < 0).any() or not _np.isclose(ph.sum(), 1.0):
            raise ValueError("probabilities do not sum to 1"
                             if (ph >= 0).all() else
                             "probabilities are not non-negative")
    if not replace:
        if count > n:
            raise ValueError("Cannot take a larger sample than population "
                             "when replace is False")
        if p is None:
            idx = argsort_random(gen, n)[:count].reshape(shape)
        else:
            if _np.count_nonzero(ph > 0) < count:
                raise ValueError("Fewer non-zero entries in p than size")
            # successive sampling proportional to p (NumPy's semantics):
            # the order of the keys E_i / p_i, E_i ~ Exp(1)
            # (Efraimidis & Spirakis); p_i = 0 never comes first
            from .._sorting import argsort
            keys = gen.standard_exponential((n,)) / _asarray(ph)
            idx = argsort(keys)[:count].reshape(shape)
    elif p is not None:
        from .._sorting import searchsorted
        from .._scans import cumsum
        cdf = cumsum(_asarray(ph))
        cdf = cdf / cdf[-1]
        u = gen.random(shape)
        idx = searchsorted(cdf, u, side="right")
        from .._ufuncs import minimum
        idx = minimum(idx, n - 1)
    else:
        if n == 0 and count:
            raise ValueError("a cannot be empty unless no samples are taken")
        idx = gen.integers(0, max(n, 1), shape)
    return pop[(slice(None),) * axis + (idx,)]


def argsort_random(gen, n):
    from .._sorting import argsort
    return argsort(gen.random((n,)))


def default_rng(seed=None):
    """A Generator seeded like numpy.random.default_rng (None: fresh
    entropy); a Generator passes through."""
    if isinstance(seed, Generator):
        return seed
    return Generator(seed)


class RandomState(LegacyDistributions):
    """NumPy's legacy RandomState API on the device (Philox-based)."""

    def __init__(self, seed=None):
        self._g = Generator(seed)

    def seed(self, seed=None):
        self._g = Generator(seed)

    def rand(self, *shape):
        return self._g.random(shape if shape else None)

    def randn(self, *shape):
        return self._g.standard_normal(shape if shape else None)

    def random_sample(self, size=None):
        return self._g.random(size)

    random = ranf = sample = random_sample

    def uniform(self, low=0.0, high=1.0, size=None):
        return self._g.uniform(low, high, size)

    def normal(self, loc=0.0, scale=1.0, size=None):
        return self._g.normal(loc, scale, size)

    def standard_normal(self, size=None):
        return self._g.standard_normal(size)

    def exponential(self, scale=1.0, size=None):
        return self._g.exponential(scale, size)

    def standard_exponential(self, size=None):
        return self._g.standard_exponential(size)

    def randint(self, low, high=None, size=None, dtype=int):
        return self._g.integers(low, high, size, dtype)

    def random_integers(self, low, high=None, size=None):
        if high is None:
            low, high = 1, low
        return self._g.integers(low, high, size, endpoint=True)

    def choice(self, a, size=None, replace=True, p=None):
        return self._g.choice(a, size, replace, p)

    def permutation(self, x):
        return self._g.permutation(x)

    def shuffle(self, x):
        self._g.shuffle(x)
