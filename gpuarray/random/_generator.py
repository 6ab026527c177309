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
The key and counter (random/_bitgen.py's _Stream) belong to the
BitGenerator when the Generator is made on one (Generators sharing a
BitGenerator continue one stream, and its `state` is the key and the
counter); an int seed's Generator has its own, which its lazily made
`bit_generator` shares.
"""
import hashlib as _hashlib
import operator as _op
import os as _os
import warnings as _warnings

import numpy as _np

from .. import _core
from .._engine.arrays import asarray as _asarray
from . import _common, _philox
from ._common import _shape
from ._bitgen import BitGenerator, Philox, _Stream
from ._api import GeneratorDistributions, LegacyDistributions
from .._engine.arrays import arange
from .._engine.ufuncs import where
from .._engine import ufuncs as _engine_uf
from ..sorting.sort import argsort
from ..math.cumulative import cumsum
from .._engine.ufuncs import minimum
from ..sorting.search_unique import searchsorted
from ..indexing.advanced import take_along_axis

_F64 = _np.dtype(_np.float64)
_F32 = _np.dtype(_np.float32)
_I64 = _np.dtype(_np.int64)


def _key_of(seed):
    """64-bit key words from an int or int-array seed (None: OS entropy).
    A SeedSequence or BitGenerator seed brings its own stream
    (random/_bitgen.py)."""
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
        if isinstance(seed, _np.random.SeedSequence):
            seed = Philox(seed)
        if isinstance(seed, BitGenerator):
            # the BitGenerator's stream: two Generators on one
            # BitGenerator continue one stream, as NumPy's do
            self._bitgen, self._s = seed, seed._stream
        else:
            self._bitgen, self._s = None, _Stream(*_key_of(seed))
        self._seed = seed

    @property
    def bit_generator(self):
        """The BitGenerator (for an int/None seed: a Philox on that seed
        whose stream, and so whose state, is this Generator's)."""
        if self._bitgen is None:
            bg = Philox(self._seed)
            bg._stream = self._s
            self._bitgen = bg
        return self._bitgen

    def spawn(self, n_children):
        """n_children independent Generators (NumPy's Generator.spawn)."""
        return [Generator(b) for b in self.bit_generator.spawn(n_children)]

    def random(self, size=None, dtype=_np.float64, out=None):
        dt = _float_dtype(dtype)
        size = _common.check_out(out, dt, size)
        r = self._s.fill(_philox.UNIFORM64 if dt == _F64 else
                         _philox.UNIFORM32, _shape(size), dt)
        return _into(r, out)

    def standard_normal(self, size=None, dtype=_np.float64, out=None):
        dt = _float_dtype(dtype)
        size = _common.check_out(out, dt, size)
        r = self._s.fill(_philox.NORMAL64 if dt == _F64 else
                         _philox.NORMAL32, _shape(size), dt)
        return _into(r, out)

    def standard_exponential(self, size=None, dtype=_np.float64, out=None):
        dt = _float_dtype(dtype)
        size = _common.check_out(out, dt, size)
        r = self._s.fill(_philox.EXPONENTIAL64 if dt == _F64 else
                         _philox.EXPONENTIAL32, _shape(size), dt)
        return _into(r, out)

    def uniform(self, low=0.0, high=1.0, size=None):
        return self._uniform(low, high, size, legacy=False)

    def _uniform(self, low, high, size, legacy):
        low, high = _common.real(low), _common.real(high)
        _check_range(low, high, legacy)
        shape = _broadcast_size(size, low, high)
        u = self.random(shape)
        return _affine(u, low, _sub(high, low))

    def normal(self, loc=0.0, scale=1.0, size=None):
        loc, scale = _common.real(loc), _common.real(scale)
        _check_nonneg(scale, "scale")
        shape = _broadcast_size(size, loc, scale)
        return _affine(self.standard_normal(shape), loc, scale)

    def exponential(self, scale=1.0, size=None):
        scale = _common.real(scale)
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
        if _np.ndim(low) or _np.ndim(high):
            return _array_integers(self, low, high, size, dt, endpoint)
        lo, hi = int(low), int(high) + (1 if endpoint else 0)
        if lo >= hi:
            raise ValueError("low >= high" if not endpoint else
                             "low > high")
        lo_bound, hi_bound = _int_bounds(dt)
        if lo < lo_bound or hi - 1 > hi_bound:
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
        if out is not None:
            _check_permuted_out(x, out)
        if axis is None:
            if x.ndim == 0:
                raise TypeError("len() of unsized object: permuted needs "
                                "an array of at least one dimension")
            r = _permutation(self, x.reshape(-1), 0).reshape(x.shape)
        else:
            axis = _axis_index(axis, x.ndim)
            keys = self.random(x.shape)
            r = take_along_axis(x, argsort(keys, axis=axis), axis)
        return _into(r, out)


def _int_bounds(dt):
    """The smallest and largest value of integer (or bool) dtype dt."""
    if dt.kind == "b":
        return 0, 1
    info = _np.iinfo(dt)
    return int(info.min), int(info.max)


def _array_integers(gen, low, high, size, dt, endpoint):
    """integers() with array bounds (broadcast as NumPy does): bounds
    checked (device bounds on the device, host ones on the host with
    Python ints), then 64 random bits per element taken modulo that
    element's span, as the scalar kernel does."""
    if _common.is_dev(low) or _common.is_dev(high):
        span, low64, shape = _device_int_bounds(low, high, size, dt,
                                                endpoint)
        return _integers_from_span(gen, span, low64, shape, dt)
    lo = _common.host(low).astype(_np.int64).astype(object)
    hi = _common.host(high)
    hi = (hi if hi.dtype == _np.uint64 else hi.astype(_np.int64)).astype(
        object)
    # (0-d object arithmetic gives Python ints, hence asarray)
    hi = _np.asarray(hi + 1 if endpoint else hi, object)
    lo_bound, hi_bound = _int_bounds(dt)
    if _np.any(lo < lo_bound):
        raise ValueError("low is out of bounds for %s" % dt.name)
    if _np.any(hi - 1 > hi_bound):
        raise ValueError("high is out of bounds for %s" % dt.name)
    if _np.any(lo >= hi):
        raise ValueError("low > high" if endpoint else "low >= high")
    shape = _out_shape(_np.broadcast_shapes(lo.shape, hi.shape), size)
    wrap = 1 << 64
    span = _asarray(_np.asarray((hi - lo) % wrap, object).astype(_np.uint64))
    low64 = _asarray(_np.asarray(lo % wrap, object).astype(_np.uint64))
    return _integers_from_span(gen, span, low64, shape, dt)


def _out_shape(shape, size):
    if size is not None:
        if _np.broadcast_shapes(shape, _shape(size)) != _shape(size):
            raise ValueError("shape mismatch: objects cannot be broadcast "
                             "to a single shape")
        shape = _shape(size)
    return shape


def _device_int_bounds(low, high, size, dt, endpoint):
    """(span, low) mod 2**64 as uint64 device arrays, and the output shape,
    for bounds of which one at least is a device array.  The three bound
    errors are one device reduction each, folded into one small code:
    one sync, deliberate -- NumPy raises ValueError for bad bounds at the
    call.  The comparisons stay exact: int64 against int64, a uint64 high
    against a low that is known non-negative (as uint64)."""
    dev = [b if _common.is_dev(b) else _asarray(_host_bound(b))
           for b in (low, high)]
    lo = dev[0].astype(_np.int64)
    hi = dev[1] if dev[1].dtype == _np.uint64 else dev[1].astype(_np.int64)
    shape = _out_shape(_np.broadcast_shapes(lo.shape, hi.shape), size)
    lo_bound, hi_bound = _int_bounds(dt)
    top = hi_bound if endpoint else hi_bound + 1   # hi may be at most this
    limit = 2 ** 64 - 1 if hi.dtype == _np.uint64 else 2 ** 63 - 1
    bad_hi = (hi > top) if top < limit else _core.full((), False, _np.dtype(_np.bool_))
    if hi.dtype == _np.uint64:
        lo_u = lo.astype(_np.uint64)
        order = (lo >= 0) & ((lo_u > hi) if endpoint else (lo_u >= hi))
    else:
        order = (lo > hi) if endpoint else (lo >= hi)
    code = ((lo < lo_bound).any().astype(_np.int8) +
            bad_hi.any().astype(_np.int8) * 2 +
            order.any().astype(_np.int8) * 4).get()
    if code & 1:
        raise ValueError("low is out of bounds for %s" % dt.name)
    if code & 2:
        raise ValueError("high is out of bounds for %s" % dt.name)
    if code & 4:
        raise ValueError("low > high" if endpoint else "low >= high")
    low64 = lo.astype(_np.uint64)
    span = hi.astype(_np.uint64) - low64
    if endpoint:
        span = span + _np.uint64(1)
    return span, low64, shape


def _host_bound(b):
    """A host bound as a NumPy array; one gpuarray holds no data of
    (str, bytes, object) is cast to int64 first, as NumPy casts bounds:
    '7' is 7, 'bogus' NumPy's ValueError."""
    h = _common.host(b)
    return h.astype(_np.int64) if h.dtype.kind in "OUSV" else h


def _integers_from_span(gen, span, low64, shape, dt):
    bits = gen._s.fill(_philox.INTEGERS, shape, _np.dtype(_np.uint64),
                       (0, 0), (_I64, _I64))
    # span 0 is the full 2**64 range, where the bits are the value
    safe = where(span == 0, _np.uint64(1), span)
    with _np.errstate(divide="ignore"):   # safe has no zero: no sync for
        offset = where(span == 0, bits, bits % safe)   # NumPy's check
    return (low64 + offset).astype(dt)


def _check_range(low, high, legacy):
    """NumPy's uniform checks: a non-finite high - low overflows, and
    Generator (not RandomState) refuses high < low."""
    scalar = not (_np.ndim(low) or _np.ndim(high))
    if _common.is_dev(low) or _common.is_dev(high):
        # on the device: both checks in one small code, one sync
        # (deliberate: NumPy raises at the call)
        d = _sub(_f64(high), _f64(low))
        code = (_engine_uf.isfinite(d).all().astype(_np.int8) * -1 + 1 +
                (d < 0).any().astype(_np.int8) * 2).get()
        if code & 1:
            raise OverflowError("high - low range exceeds valid bounds"
                                if scalar and not legacy else
                                "Range exceeds valid bounds")
        if not legacy and code & 2:
            raise ValueError("high - low < 0")
        return
    with _np.errstate(all="ignore"):
        diff = _np.subtract(_common.host(high), _common.host(low),
                            dtype=_np.float64)
    if not _np.isfinite(diff).all():
        raise OverflowError("high - low range exceeds valid bounds"
                            if scalar and not legacy else
                            "Range exceeds valid bounds")
    if not legacy and (diff < 0).any():
        raise ValueError("high - low < 0")


def _into(r, out):
    if out is None:
        return r
    out[...] = r
    return out


def _dev(x):
    """An array-like parameter (NumPy array, list) as a device array, so
    operators take it (decision 21); numbers stay as they are."""
    if isinstance(x, (_np.ndarray, list, tuple)):
        return _asarray(x)
    return x


def _sub(a, b):
    return _dev(a) - _dev(b)


def _affine(u, shift, scale):
    """u * scale + shift, keeping u's dtype for Python-number params."""
    if not hasattr(scale, "shape") and scale == 1.0 and \
            not hasattr(shift, "shape") and shift == 0.0:
        return u
    return u * _dev(scale) + _dev(shift)


def _f64(x):
    """A bound as float64: a device array cast on the device."""
    if _common.is_dev(x):
        return x.astype(_np.float64, copy=False)
    return _np.asarray(x, _np.float64)


def _check_nonneg(x, name):
    if _common.is_dev(x):
        # one device reduction, one sync (deliberate: NumPy raises here)
        if bool((x < 0).any().get()):
            raise ValueError("%s < 0" % name)
        return
    host = _np.asarray(x)
    if (_np.asarray(host) < 0).any():
        raise ValueError("%s < 0" % name)


def _axis_index(axis, ndim):
    """One axis, as NumPy's shuffling functions take it
    (normalize_axis_index): an integer (a tuple is TypeError, one past
    a C long OverflowError) inside [-ndim, ndim) (AxisError)."""
    ax = _op.index(axis)
    if not -2 ** 63 <= ax < 2 ** 63:
        raise OverflowError("Python int too large to convert to C long "
                            "(axis %d)" % ax)
    if not -ndim <= ax < ndim:
        raise _np.exceptions.AxisError(ax, ndim)
    return ax % ndim


def _check_permuted_out(x, out):
    """NumPy's checks of permuted's out=: a writable gpuarray array of
    x's shape that x's dtype casts to under the 'safe' rule."""
    if not _common.is_dev(out):
        raise TypeError("out must be a gpuarray array, not %s"
                        % type(out).__name__)
    if not out.flags.writeable:
        raise ValueError("out is read-only")
    if tuple(out.shape) != tuple(x.shape):
        raise ValueError("out must have the same shape as x")
    if not _np.can_cast(x.dtype, out.dtype, "safe"):
        raise TypeError("Cannot cast array data from %r to %r according "
                        "to the rule 'safe'" % (x.dtype, out.dtype))


def _permutation(gen, x, axis):
    if isinstance(x, (int, _np.integer)):
        x = arange(int(x))
    x = _asarray(x)
    if x.ndim == 0:
        raise _np.exceptions.AxisError(
            "x must be an integer or at least 1-dimensional")
    ax = _axis_index(axis, x.ndim)
    order = argsort(gen.random((x.shape[ax],)))
    return x[(slice(None),) * ax + (order,)]


def _choice(gen, a, size, replace, p, axis):
    if size is not None and not isinstance(size, (dict, set, frozenset)):
        # NumPy counts the samples first, by numpy.prod of size: its
        # ValueError for text in size ('a')
        with _np.errstate(all="ignore"):
            _np.prod(size, dtype=_np.intp)
    shape = _shape(size)
    count = int(_np.prod(shape, dtype=_np.int64))
    if _np.ndim(a) == 0:  # an integer, 0-d arrays included (as NumPy)
        try:
            a = _op.index(_common.host(a).item())
        except TypeError:
            raise ValueError("a must be a sequence or an integer, not %s"
                             % type(a)) from None
        if a <= 0 and count:
            raise ValueError("a must be a positive integer unless no "
                             "samples are taken")
        pop = arange(max(a, 0))
    else:
        pop = _asarray(a)
    axis = _op.index(axis)
    if not -pop.ndim <= axis < pop.ndim:
        raise _np.exceptions.AxisError(axis, pop.ndim)
    axis %= pop.ndim    # (a negative axis counts from the end)
    n = pop.shape[axis]
    if p is not None:
        len(p)      # NumPy's TypeError for a scalar p (no len())
        ph = _np.asarray(p.get() if hasattr(p, "get") else p, _np.float64)
        if ph.ndim != 1:
            raise ValueError("p must be 1-dimensional")
        if ph.shape[0] != n:
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
            keys = gen.standard_exponential((n,)) / _asarray(ph)
            idx = argsort(keys)[:count].reshape(shape)
    elif p is not None:
        cdf = cumsum(_asarray(ph))
        cdf = cdf / cdf[-1]
        u = gen.random(shape)
        idx = searchsorted(cdf, u, side="right")
        idx = minimum(idx, n - 1)
    else:
        if n == 0 and count:
            raise ValueError("a cannot be empty unless no samples are taken")
        idx = gen.integers(0, max(n, 1), shape)
    return pop[(slice(None),) * axis + (idx,)]


def argsort_random(gen, n):
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

    @property
    def _bit_generator(self):
        return self._g.bit_generator

    def get_state(self, legacy=True):
        """The generator's state: with legacy=True the tuple ('Philox',
        key (2 uint32 words), counter, 0, 0.0), else the dict
        {'bit_generator', 'state': {'key', 'counter'}, 'has_gauss': 0,
        'gauss': 0.0}.  set_state(it) makes the draws that followed
        repeat.

        Differs from NumPy: the state of gpuarray's Philox4x32-10 stream
        (a key and a counter), not a Mersenne Twister's 624 words; there
        is never a cached Gaussian."""
        st = self._bit_generator.state
        name = st["bit_generator"]
        if legacy and name == "Philox":
            return (name, st["state"]["key"], st["state"]["counter"], 0, 0.0)
        if legacy:
            _warnings.warn("get_state and legacy can only be used with the "
                           "Philox BitGenerator. To silence this warning, "
                           "set `legacy` to False.", RuntimeWarning,
                           stacklevel=2)
        return dict(st, has_gauss=0, gauss=0.0)

    def set_state(self, state):
        """Sets the generator's state from get_state()'s tuple or dict.

        Differs from NumPy: the state of gpuarray's Philox4x32-10 stream
        (a key and a counter); NumPy's MT19937 states are refused."""
        bg = self._bit_generator
        name = type(bg).__name__
        if isinstance(state, dict):
            if "bit_generator" not in state or "state" not in state:
                raise ValueError("state dictionary is not valid.")
            bg.state = {"bit_generator": state["bit_generator"],
                        "state": state["state"]}
            return
        if not isinstance(state, (tuple, list)):
            raise TypeError("state must be a dict or a tuple.")
        if len(state) == 0 or not isinstance(state[0], str) or \
                state[0] != "Philox" or name != "Philox":
            raise ValueError("set_state can only be used with legacy "
                             "Philox state instances.")
        if len(state) < 3:
            raise ValueError("a legacy state is ('Philox', key, counter"
                             "[, has_gauss, cached_gaussian])")
        bg.state = {"bit_generator": name,
                    "state": {"key": state[1], "counter": state[2]}}

    def rand(self, *shape):
        return self._g.random(shape if shape else None)

    def randn(self, *shape):
        return self._g.standard_normal(shape if shape else None)

    def random_sample(self, size=None):
        return self._g.random(size)

    random = ranf = sample = random_sample

    def uniform(self, low=0.0, high=1.0, size=None):
        return self._g._uniform(low, high, size, legacy=True)

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

    def tomaxint(self, size=None):
        return self._g.integers(0, _np.iinfo(_np.int_).max, size,
                                dtype=_np.int_, endpoint=True)

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
